//! Long or eventful solutions as numbered frames, each beside its part of the move list.
//!
//! A scene's [`Scene::answer`] tells the solution move by move. When its moves only move the
//! mover, they are at most two frames' worth, and every step number finds a spot clear of
//! the others (and, on a board with rulers, of every text) on one board, the picture stays
//! as for any maze: the numbered arrows on the board. Otherwise (a move turns bridges
//! or splits a block, or the numbers would pile up) the answer goes below the legend in
//! frames. Each frame shows the board as it is before its first move (bridges as
//! they are then, every block or cube where it stands), its moves as arrows numbered as in
//! the whole solution, and beside it the list of its moves: number, mover and direction, and
//! what else each move changes. A frame ends after a move that changes the board, before a
//! move whose number would find no spot clear of the other numbers and of every text on the
//! board or whose arrow repeats one already drawn, and after [`FRAME_MOVES`] moves; so no
//! two numbers of a frame overlap and no number hides a label.

use std::ops::Range;

use svg::node::element::{Group, Rectangle, Text};

use super::boxes::cell_texts;
use super::glyphs::{glyphs, labels};
use super::layout::{PAD, Rect, board_rect, rulers};
use super::steps::{Placer, one_board_obstacles, steps_drawn};
use super::style::{INK, num, text_width};
use super::tiles::{body_shape, cells, marks};
use crate::geometry::{self, Point};
use crate::palette::Paint;
use maze_view::scene::{Body, Mark, Position, Role, Scene};

/// The most moves one frame shows.
const FRAME_MOVES: usize = 12;
/// Room around the board in a frame, for the rulers.
const FRAME_MARGIN: f64 = 22.0;
/// Height of a frame's caption.
const CAPTION: f64 = 24.0;
/// Move list: line height and font sizes.
const LIST_LINE: f64 = 15.0;
const NOTE_LINE: f64 = 14.0;
const LIST_FONT: f64 = 11.0;
const NOTE_FONT: f64 = 10.0;
/// Move list: right edge of the numbers and left edge of the texts, from the list's left.
const NUMBER_RIGHT: f64 = 24.0;
const TEXT_LEFT: f64 = 30.0;
const NOTE_LEFT: f64 = 38.0;
/// Between frames.
const GAP: f64 = 12.0;
/// Frames stand side by side while the picture stays this narrow.
const MAX_WIDTH: f64 = 1400.0;
/// Height of the line above the frames.
const HEADING: f64 = 28.0;
const HEADING_FONT: f64 = 13.0;
/// The background of a frame.
const PANEL: &str = "#f4f4f4";

/// The frames of `scene`'s answer, as ranges of moves, or `None` when the answer fits on
/// the board as for any maze (or there is none).
pub(super) fn plan(scene: &Scene, paints: &[Paint]) -> Option<Vec<Range<usize>>> {
    let moves = &scene.answer;
    if moves.is_empty() {
        return None;
    }
    if moves.len() <= 2 * FRAME_MOVES && moves.iter().all(|m| !m.changes) {
        let mut placer = Placer::new(scene.tiling, None, one_board_obstacles(scene, paints));
        if scene.steps.iter().all(|s| placer.place(s).clear) {
            return None;
        }
    }
    let mut frames = Vec::new();
    let mut i = 0;
    while i < moves.len() {
        let view = frame_scene(scene, &moves[i].before, &[]);
        let mut obstacles = cell_texts(&view, paints, true);
        obstacles.extend(body_boxes(scene, &moves[i].before.bodies));
        let mut placer = Placer::new(scene.tiling, None, obstacles).numbered_from(i + 1);
        let mut j = i;
        while j < moves.len() && j - i < FRAME_MOVES {
            let placed = placer.place(&moves[j].step);
            if j > i && (!placed.clear || placed.repeat) {
                break;
            }
            j += 1;
            if moves[j - 1].changes {
                break;
            }
        }
        frames.push(i..j);
        i = j;
    }
    Some(frames)
}

/// The board of a frame: the scene's cells with the kinds `before` gives, goals marked and
/// labelled but starts not (the bodies show where everything is), and `steps` drawn.
fn frame_scene(scene: &Scene, before: &Position, steps: &[maze_view::scene::Step]) -> Scene {
    let covered = |role: Role| -> Vec<(i64, i64)> {
        scene
            .marks
            .iter()
            .filter(|m| m.role == role)
            .flat_map(|m| m.cells.iter().copied())
            .collect()
    };
    let (starts, goals) = (covered(Role::Start), covered(Role::Goal));
    let mut cells = scene.cells.clone();
    for (i, view) in cells.iter_mut().enumerate() {
        let at = ((i / scene.cols) as i64, (i % scene.cols) as i64);
        if starts.contains(&at) && !goals.contains(&at) {
            view.label = None;
        }
    }
    for &(i, kind) in &before.kinds {
        cells[i].kind = kind;
    }
    Scene {
        tiling: scene.tiling,
        rows: scene.rows,
        cols: scene.cols,
        cells,
        walls: scene.walls.clone(),
        gates: scene.gates.clone(),
        marks: scene
            .marks
            .iter()
            .filter(|m| m.role == Role::Goal)
            .cloned()
            .collect::<Vec<Mark>>(),
        torus: scene.torus,
        exit: scene.exit,
        title: String::new(),
        rules: Vec::new(),
        steps: steps.to_vec(),
        solution_note: None,
        depths: None,
        rulers: true,
        label_key: Vec::new(),
        answer: Vec::new(),
    }
}

/// A body's corners in board pixels.
fn body_corners(scene: &Scene, body: &Body) -> (Point, Point) {
    let tiling = scene.tiling;
    let a = geometry::to_px(tiling, geometry::polygon(tiling, body.a)[0]);
    let b = geometry::to_px(tiling, geometry::polygon(tiling, body.b)[2]);
    (a, b)
}

/// Where a body's label goes: the baseline's left end, in its top left corner.
fn body_label_at(scene: &Scene, body: &Body) -> Point {
    let (a, _) = body_corners(scene, body);
    Point {
        x: a.x + 6.0,
        y: a.y + 15.0,
    }
}

/// The boxes of the bodies' labels, which step numbers keep clear of.
fn body_boxes(scene: &Scene, bodies: &[Body]) -> Vec<Rect> {
    bodies
        .iter()
        .filter_map(|body| {
            let label = body.label.as_deref()?;
            let at = body_label_at(scene, body);
            Some(
                Rect {
                    x0: at.x,
                    y0: at.y - 8.0,
                    x1: at.x + text_width(label, 10.0),
                    y1: at.y + 1.0,
                }
                .grow(2.0),
            )
        })
        .collect()
}

/// The lines of one move in the list: its text, then its notes.
fn entry_width(text: &str, notes: &[String]) -> f64 {
    notes
        .iter()
        .map(|n| NOTE_LEFT + text_width(n, NOTE_FONT))
        .fold(TEXT_LEFT + text_width(text, LIST_FONT), f64::max)
}

/// An answer laid out in frames.
pub(super) struct Answer {
    frames: Vec<Range<usize>>,
    board: Rect,
    /// Width of each frame's move list.
    list_width: f64,
    panel_width: f64,
    panel_height: f64,
    columns: usize,
    heading: String,
    /// The narrowest picture that holds the frames.
    pub(super) width: f64,
}

impl Answer {
    pub(super) fn new(scene: &Scene, frames: Vec<Range<usize>>) -> Answer {
        let board = board_rect(scene);
        let moves = &scene.answer;
        let list_width = moves
            .iter()
            .map(|m| entry_width(&m.text, &m.notes))
            .fold(0.0, f64::max)
            .ceil()
            + 8.0;
        let list_height = |range: &Range<usize>| {
            moves[range.clone()]
                .iter()
                .map(|m| LIST_LINE + NOTE_LINE * m.notes.len() as f64)
                .sum::<f64>()
        };
        let board_width = board.width() + 2.0 * FRAME_MARGIN;
        let panel_width = (board_width + list_width).ceil();
        let tallest = frames.iter().map(list_height).fold(0.0, f64::max);
        let panel_height =
            (CAPTION + (board.height() + 2.0 * FRAME_MARGIN).max(tallest + 8.0)).ceil();
        let fit = ((MAX_WIDTH - 2.0 * PAD + GAP) / (panel_width + GAP)).floor() as usize;
        let columns = fit.clamp(1, frames.len().max(1));
        let heading = format!(
            "The solution in {} frames: each shows the board before its first move",
            frames.len()
        );
        let width = (columns as f64 * (panel_width + GAP) - GAP + 2.0 * PAD)
            .max(text_width(&heading, HEADING_FONT) + 2.0 * PAD)
            .ceil();
        Answer {
            frames,
            board,
            list_width,
            panel_width,
            panel_height,
            columns,
            heading,
            width,
        }
    }

    /// The frames as a group whose top is `top` in the picture, and the height they take.
    pub(super) fn draw(&self, scene: &Scene, paints: &[Paint], top: f64) -> (Group, f64) {
        let mut group = Group::new()
            .set("class", "answer")
            .set("transform", format!("translate(0,{})", num(top)))
            .add(
                Text::new(self.heading.clone())
                    .set("x", num(PAD))
                    .set("y", num(HEADING - 10.0))
                    .set("font-size", num(HEADING_FONT))
                    .set("font-weight", "bold")
                    .set("fill", INK),
            );
        let rows = self.frames.len().div_ceil(self.columns);
        for (k, range) in self.frames.iter().enumerate() {
            let x = PAD + (k % self.columns) as f64 * (self.panel_width + GAP);
            let y = HEADING + (k / self.columns) as f64 * (self.panel_height + GAP);
            group = group.add(
                self.frame(scene, paints, k, range.clone())
                    .set("transform", format!("translate({},{})", num(x), num(y))),
            );
        }
        let height = HEADING + rows as f64 * (self.panel_height + GAP);
        (group, height)
    }

    /// Frame `k`, of the moves in `range`, with its top left corner at the origin.
    fn frame(&self, scene: &Scene, paints: &[Paint], k: usize, range: Range<usize>) -> Group {
        let moves = &scene.answer[range.clone()];
        let steps: Vec<_> = moves.iter().map(|m| m.step.clone()).collect();
        let before = &moves[0].before;
        let view = frame_scene(scene, before, &steps);
        let mut obstacles = cell_texts(&view, paints, true);
        obstacles.extend(body_boxes(scene, &before.bodies));
        let mut placer = Placer::new(scene.tiling, None, obstacles).numbered_from(range.start + 1);
        let placed: Vec<_> = steps.iter().map(|s| placer.place(s)).collect();
        let (arrows, numbers) = steps_drawn(&placed, range.start + 1);

        let mut bodies = Group::new();
        for body in &before.bodies {
            let (a, b) = body_corners(scene, body);
            bodies = bodies.add(body_shape(a, b, 5.0));
        }
        let mut body_labels = Group::new()
            .set("font-size", 10)
            .set("font-weight", "bold")
            .set("fill", "#ffffff");
        for body in &before.bodies {
            if let Some(label) = &body.label {
                let at = body_label_at(scene, body);
                body_labels = body_labels.add(
                    Text::new(label.clone())
                        .set("x", num(at.x))
                        .set("y", num(at.y)),
                );
            }
        }
        let mut board = Group::new()
            .set(
                "transform",
                format!(
                    "translate({},{})",
                    num(FRAME_MARGIN - self.board.x0),
                    num(CAPTION + FRAME_MARGIN - self.board.y0)
                ),
            )
            .add(cells(&view, 0, paints))
            .add(marks(&view))
            .add(bodies)
            .add(rulers(&view, self.board));
        if let Some(glyphs) = glyphs(&view, 0, paints) {
            board = board.add(glyphs);
        }
        board = board
            .add(arrows)
            .add(labels(&view, 0, paints))
            .add(body_labels)
            .add(numbers);

        let (first, last) = (range.start + 1, range.end);
        let caption = if first == last {
            format!("Frame {}: move {first}", k + 1)
        } else {
            format!("Frame {}: moves {first}\u{2013}{last}", k + 1)
        };
        let list_x = self.board.width() + 2.0 * FRAME_MARGIN;
        let mut list = Group::new()
            .set("class", "moves")
            .set("fill", INK)
            .set("font-size", num(LIST_FONT));
        let mut y = CAPTION + 4.0;
        for (i, m) in moves.iter().enumerate() {
            y += LIST_LINE;
            list = list
                .add(
                    Text::new((range.start + i + 1).to_string())
                        .set("class", "move-number")
                        .set("x", num(list_x + NUMBER_RIGHT))
                        .set("y", num(y))
                        .set("text-anchor", "end")
                        .set("font-weight", "bold"),
                )
                .add(
                    Text::new(m.text.clone())
                        .set("class", "move")
                        .set("x", num(list_x + TEXT_LEFT))
                        .set("y", num(y)),
                );
            for note in &m.notes {
                y += NOTE_LINE;
                list = list.add(
                    Text::new(note.clone())
                        .set("class", "move-note")
                        .set("x", num(list_x + NOTE_LEFT))
                        .set("y", num(y))
                        .set("font-size", num(NOTE_FONT))
                        .set("font-style", "italic"),
                );
            }
        }
        debug_assert!(list_x + self.list_width <= self.panel_width + 1.0);
        Group::new()
            .set("class", "frame")
            .add(
                Rectangle::new()
                    .set("width", num(self.panel_width))
                    .set("height", num(self.panel_height))
                    .set("rx", 6)
                    .set("fill", PANEL),
            )
            .add(
                Text::new(caption)
                    .set("x", 10)
                    .set("y", 17)
                    .set("font-size", 12)
                    .set("font-weight", "bold")
                    .set("fill", INK),
            )
            .add(board)
            .add(list)
    }
}
