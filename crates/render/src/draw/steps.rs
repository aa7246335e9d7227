//! A solution's steps on a board: arrows to the right of the line between centres, each
//! step's number placed at the first spot clear of the others and of the texts to keep
//! clear.

use svg::node::element::{Circle, Group, Line, Text};

use super::boxes::cell_texts;
use super::layout::{FRAME_GAP, Rect, anchor_px, clip};
use super::style::{ARROW, num};
use crate::geometry::{self, Point};
use crate::palette::Paint;
use maze_variants::Tiling;
use maze_view::scene::{Scene, Step};

/// How far solution arrows run to the right of the line between cell centres.
const ARROW_OFFSET: f64 = 6.0;
/// How far a step number stands beside its arrow.
const LABEL_OFFSET: f64 = 9.0;
/// How far apart two step numbers' centres must be not to overlap.
const LABEL_CLEARANCE: f64 = 18.0;

/// The solution's arrows, and their step numbers (drawn later, on top of everything).
pub(super) fn solution(scene: &Scene, board: Rect, paints: &[Paint]) -> (Group, Group) {
    // Pieces that wrap around a torus leave through its frame and come back in.
    let clip_to = scene.torus.then(|| board.grow(FRAME_GAP));
    let mut placer = Placer::new(scene.tiling, clip_to, one_board_obstacles(scene, paints));
    let placed: Vec<Placed> = scene.steps.iter().map(|s| placer.place(s)).collect();
    steps_drawn(&placed, 1)
}

/// The arrows and numbers of steps placed by a [`Placer`], numbered from `first`.
pub(super) fn steps_drawn(placed: &[Placed], first: usize) -> (Group, Group) {
    // A white halo under every arrow keeps it apart from dark cells, in greyscale too.
    let mut halo = Group::new()
        .set("stroke", "#ffffff")
        .set("stroke-width", 5.5)
        .set("stroke-linecap", "round")
        .set("stroke-opacity", 0.85);
    let mut arrows = Group::new()
        .set("stroke", ARROW)
        .set("stroke-width", 2.5)
        .set("stroke-linecap", "round")
        .set("stroke-opacity", 0.9);
    let mut numbers = Group::new()
        .set("text-anchor", "middle")
        .set("font-size", 10)
        .set("font-weight", "bold");
    for (i, step) in placed.iter().enumerate() {
        for &(s, e, head) in &step.lines {
            let mut line = Line::new()
                .set("x1", num(s.x))
                .set("y1", num(s.y))
                .set("x2", num(e.x))
                .set("y2", num(e.y));
            halo = halo.add(line.clone());
            if head {
                line = line.set("marker-end", "url(#arrowhead)");
            }
            arrows = arrows.add(line);
        }
        if let Some(at) = step.label {
            let n = (first + i).to_string();
            numbers = numbers
                .add(
                    Circle::new()
                        .set("cx", num(at.x))
                        .set("cy", num(at.y))
                        .set("r", number_radius(&n))
                        .set("fill", "#ffffff")
                        .set("stroke", ARROW)
                        .set("stroke-width", 1.5),
                )
                .add(
                    Text::new(n)
                        .set("x", num(at.x))
                        .set("y", num(at.y + 3.5))
                        .set("fill", ARROW),
                );
        }
    }
    (Group::new().add(halo).add(arrows), numbers)
}

/// What the step numbers of a one-board solution keep clear of: on a board with rulers
/// (whose answer names cells: a rolling block with bridges, switches or several blocks),
/// every text; on others only the notes of switches, bridges and split targets, which they
/// do not have, so that their pictures stay as they always were.
pub(super) fn one_board_obstacles(scene: &Scene, paints: &[Paint]) -> Vec<Rect> {
    cell_texts(scene, paints, scene.rulers)
}

/// The radius of the circle around step number `n`.
fn number_radius(n: &str) -> f64 {
    match n.len() {
        1 => 7.0,
        2 => 8.5,
        _ => 10.5,
    }
}

/// One step of a solution, placed: its arrow's visible pieces in board pixels (each with
/// whether it carries the arrowhead), where its number goes, and whether that spot is clear
/// of the numbers placed before and of the texts to keep clear, and whether a piece repeats
/// an arrow already drawn.
pub(super) struct Placed {
    pub(super) lines: Vec<(Point, Point, bool)>,
    pub(super) label: Option<Point>,
    pub(super) clear: bool,
    pub(super) repeat: bool,
}

/// Places a solution's steps one after the other: arrows keep to the right of the line
/// between centres (further for repeats), numbers go to the first clear spot beside their
/// arrow.
pub(super) struct Placer {
    tiling: Tiling,
    pitch: f64,
    clip_to: Option<Rect>,
    drawn: Vec<(String, String)>,
    /// Numbers placed: centre and circle radius.
    placed: Vec<(Point, f64)>,
    /// Boxes numbers keep clear of (texts on the board), empty for a plain one-board picture.
    obstacles: Vec<Rect>,
    /// The number the next step gets.
    next: usize,
}

impl Placer {
    pub(super) fn new(tiling: Tiling, clip_to: Option<Rect>, obstacles: Vec<Rect>) -> Placer {
        Placer {
            tiling,
            pitch: geometry::pitch(tiling),
            clip_to,
            drawn: Vec::new(),
            placed: Vec::new(),
            obstacles,
            next: 1,
        }
    }

    /// Numbers the next step `first` rather than 1 (an answer frame's first move).
    pub(super) fn numbered_from(mut self, first: usize) -> Placer {
        self.next = first;
        self
    }

    pub(super) fn place(&mut self, step: &Step) -> Placed {
        let (tiling, pitch, clip_to) = (self.tiling, self.pitch, self.clip_to);
        let radius = number_radius(&self.next.to_string());
        self.next += 1;
        let last = step.pieces.len().saturating_sub(1);
        let mut out = Placed {
            lines: Vec::new(),
            label: None,
            clear: true,
            repeat: false,
        };
        for (j, &(from, to)) in step.pieces.iter().enumerate() {
            let (p0, p1) = (anchor_px(tiling, from), anchor_px(tiling, to));
            let len = geometry::length(p1.x - p0.x, p1.y - p0.y);
            if len < 1e-9 {
                continue;
            }
            let (ux, uy) = ((p1.x - p0.x) / len, (p1.y - p0.y) / len);
            // Arrows keep to the right of the line between centres, so a move and its
            // reverse (and repeats) do not hide each other.
            let key = (
                format!("{},{}", num(p0.x), num(p0.y)),
                format!("{},{}", num(p1.x), num(p1.y)),
            );
            let repeats = self.drawn.iter().filter(|k| **k == key).count();
            out.repeat |= repeats > 0;
            self.drawn.push(key);
            let off = ARROW_OFFSET + 5.0 * repeats as f64;
            let shift = |p: Point, along: f64| Point {
                x: p.x + ux * along - uy * off,
                y: p.y + uy * along + ux * off,
            };
            // Arrows start and end short of cell centres, leaving the numbers readable.
            let start_inset = if j == 0 { 0.22 * pitch } else { 0.0 };
            let end_inset = if j == last { 0.22 * pitch } else { 0.0 };
            let (mut s, mut e) = (shift(p0, start_inset), shift(p1, -end_inset));
            if let Some(r) = clip_to {
                match clip(s, e, r) {
                    Some((a, b)) => (s, e) = (a, b),
                    None => continue,
                }
            }
            out.lines.push((s, e, j == last));
            if out.label.is_none() {
                let found = place_label(
                    pitch,
                    |at| self.is_clear(at, radius),
                    |along, side| {
                        // `along` from the origin's centre; `side` 1 right of the arrow, -1 left.
                        let at = shift(p0, along);
                        let at = Point {
                            x: at.x - uy * LABEL_OFFSET * side,
                            y: at.y + ux * LABEL_OFFSET * side,
                        };
                        let span = ((s.x - p0.x) * ux + (s.y - p0.y) * uy)
                            ..=((e.x - p0.x) * ux + (e.y - p0.y) * uy);
                        let inside = clip_to.is_none_or(|r| clip(at, at, r).is_some());
                        (span.contains(&along) && inside).then_some(at)
                    },
                );
                let (at, clear) = found.unwrap_or((s.lerp(e, 0.5), false));
                out.label = Some(at);
                out.clear = clear && self.is_clear(at, radius);
            }
        }
        if let Some(at) = out.label {
            self.placed.push((at, radius));
        }
        out
    }

    /// Whether a number of `radius` at `at` keeps clear of the numbers placed and of the
    /// obstacles.
    fn is_clear(&self, at: Point, radius: f64) -> bool {
        self.placed.iter().all(|&(q, r)| {
            geometry::length(q.x - at.x, q.y - at.y) >= LABEL_CLEARANCE.max(radius + r + 1.0)
        }) && self.obstacles.iter().all(|o| {
            let dx = (o.x0 - at.x).max(at.x - o.x1).max(0.0);
            let dy = (o.y0 - at.y).max(at.y - o.y1).max(0.0);
            geometry::length(dx, dy) >= radius + 1.0
        })
    }
}

/// Where a step number goes: the first candidate spot that is `clear`, with `true`, or
/// the first candidate with `false` when none is. `spot(along, side)` is the spot `along`
/// pixels from the origin's centre on `side` of the arrow, if the visible arrow reaches
/// there. First choice: beside the arrow where the move leaves its first cell, clear of
/// every cell's number and of the reverse move's label.
fn place_label(
    pitch: f64,
    clear: impl Fn(Point) -> bool,
    spot: impl Fn(f64, f64) -> Option<Point>,
) -> Option<(Point, bool)> {
    const ALONG: [f64; 6] = [0.5, 0.75, 0.3, 1.0, 1.25, 1.5];
    let mut first = None;
    for along in ALONG {
        for side in [1.0, -1.0] {
            let Some(at) = spot(along * pitch, side) else {
                continue;
            };
            first.get_or_insert((at, false));
            if clear(at) {
                return Some((at, true));
            }
        }
    }
    first
}
