//! The picture's frame: where the board goes and how big the picture is, the title, the
//! grid's walls, the torus or exit frame and the rulers, and the pixel rectangles the other
//! parts measure with.

use std::collections::BTreeSet;

use svg::node::element::{Group, Line, Rectangle, Text};

use super::style::{EXIT, INK, RULER, TORUS, WALL, num, text_width};
use crate::geometry::{self, Lattice, Point};
use maze_variants::Tiling;
use maze_view::scene::{Anchor, CellKind, Scene};

/// Space above the board for the title.
const TITLE_HEIGHT: f64 = 30.0;
/// Title font size.
const TITLE_FONT: f64 = 14.0;
/// Narrowest picture, so the legend has room beside a small board.
const MIN_WIDTH: f64 = 320.0;
/// The rules in words under the title: their font size and line height.
const RULE_FONT: f64 = 11.0;
const RULE_LINE: f64 = 15.0;
/// Space between the picture's edge and its contents.
pub(super) const PAD: f64 = 14.0;
/// How far the board's margin reaches beyond its cells: room for a torus or exit frame
/// (and exit arrows, a cell beyond the board).
pub(super) fn margin(scene: &Scene) -> f64 {
    if scene.exit {
        geometry::pitch(scene.tiling) + PAD
    } else {
        FRAME_GAP + PAD
    }
}
/// How far the torus or exit frame stands outside the cells.
pub(super) const FRAME_GAP: f64 = 7.0;

/// An axis-aligned rectangle in pixels.
#[derive(Clone, Copy, Debug)]
pub(super) struct Rect {
    pub(super) x0: f64,
    pub(super) y0: f64,
    pub(super) x1: f64,
    pub(super) y1: f64,
}

impl Rect {
    pub(super) fn grow(self, by: f64) -> Rect {
        Rect {
            x0: self.x0 - by,
            y0: self.y0 - by,
            x1: self.x1 + by,
            y1: self.y1 + by,
        }
    }

    pub(super) fn width(self) -> f64 {
        self.x1 - self.x0
    }

    pub(super) fn height(self) -> f64 {
        self.y1 - self.y0
    }

    fn element(self) -> Rectangle {
        Rectangle::new()
            .set("x", num(self.x0))
            .set("y", num(self.y0))
            .set("width", num(self.width()))
            .set("height", num(self.height()))
    }
}

/// The part of segment `a`-`b` inside `r` (Liang-Barsky), if any.
pub(super) fn clip(a: Point, b: Point, r: Rect) -> Option<(Point, Point)> {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let (mut t0, mut t1) = (0.0f64, 1.0f64);
    for (p, q) in [
        (-dx, a.x - r.x0),
        (dx, r.x1 - a.x),
        (-dy, a.y - r.y0),
        (dy, r.y1 - a.y),
    ] {
        if p == 0.0 {
            if q < 0.0 {
                return None;
            }
            continue;
        }
        let t = q / p;
        if p < 0.0 {
            t0 = t0.max(t);
        } else {
            t1 = t1.min(t);
        }
        if t0 > t1 {
            return None;
        }
    }
    Some((a.lerp(b, t0), a.lerp(b, t1)))
}

/// Where the board goes in the picture and how big the picture is.
pub(super) struct Layout {
    /// Pixel offset of the lattice origin.
    pub(super) origin: Point,
    /// The cells' bounding box, in board pixels (relative to the lattice origin).
    pub(super) board: Rect,
    pub(super) width: f64,
    /// Top of the legend, in picture pixels.
    pub(super) legend_top: f64,
    /// The rules in words, wrapped to the picture's width.
    pub(super) rules: Vec<String>,
}

/// The cells' bounding box in board pixels (relative to the lattice origin).
pub(super) fn board_rect(scene: &Scene) -> Rect {
    let tiling = scene.tiling;
    let mut board: Option<Rect> = None;
    for (i, view) in scene.cells.iter().enumerate() {
        if view.kind == CellKind::Void {
            continue;
        }
        for v in geometry::polygon(tiling, cell_of(scene, i)) {
            let p = geometry::to_px(tiling, v);
            board = Some(match board {
                None => Rect {
                    x0: p.x,
                    y0: p.y,
                    x1: p.x,
                    y1: p.y,
                },
                Some(r) => Rect {
                    x0: r.x0.min(p.x),
                    y0: r.y0.min(p.y),
                    x1: r.x1.max(p.x),
                    y1: r.y1.max(p.y),
                },
            });
        }
    }
    board.unwrap_or(Rect {
        x0: 0.0,
        y0: 0.0,
        x1: 0.0,
        y1: 0.0,
    })
}

/// Where the board goes in a picture at least `min_width` wide, with room of `side` (width,
/// height) right of the board for a move list.
pub(super) fn layout(scene: &Scene, min_width: f64, side: (f64, f64)) -> Layout {
    let board = board_rect(scene);
    let margin = margin(scene);
    let used = board.width() + 2.0 * margin + side.0;
    let title = 2.0 * PAD + text_width(&scene.title, TITLE_FONT);
    let width = used.max(MIN_WIDTH).max(title).max(min_width).ceil();
    let rules: Vec<String> = scene
        .rules
        .iter()
        .flat_map(|line| wrap(line, RULE_FONT, width - 2.0 * PAD))
        .collect();
    let top = TITLE_HEIGHT + rules.len() as f64 * RULE_LINE;
    Layout {
        origin: Point {
            x: (width - used) / 2.0 + margin - board.x0,
            y: top + margin - board.y0,
        },
        board,
        width,
        legend_top: top + (board.height() + 2.0 * margin).max(side.1),
        rules,
    }
}

/// `text` broken at spaces into lines no wider than `max` at `font` (a word wider than a
/// line stands alone).
fn wrap(text: &str, font: f64, max: f64) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        match lines.last_mut() {
            Some(line) if text_width(&format!("{line} {word}"), font) <= max => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines
}

pub(super) fn cell_of(scene: &Scene, i: usize) -> (i64, i64) {
    ((i / scene.cols) as i64, (i % scene.cols) as i64)
}

pub(super) fn anchor_px(tiling: Tiling, anchor: Anchor) -> Point {
    geometry::center(tiling, anchor.a).lerp(geometry::center(tiling, anchor.b), 0.5)
}

pub(super) fn corners_px(tiling: Tiling, corners: &[Lattice]) -> Vec<Point> {
    corners
        .iter()
        .map(|&v| geometry::to_px(tiling, v))
        .collect()
}

/// Row numbers left of the board and column numbers above it, for every row and column
/// with a cell, so that a move list can name cells as `(row,col)`.
pub(super) fn rulers(scene: &Scene, board: Rect) -> Group {
    let mut group = Group::new()
        .set("class", "rulers")
        .set("font-size", num(RULER_FONT))
        .set("fill", RULER);
    for (text, at, anchor) in ruler_texts(scene, board) {
        group = group.add(
            Text::new(text)
                .set("x", num(at.x))
                .set("y", num(at.y))
                .set("text-anchor", anchor),
        );
    }
    group
}

/// The rulers' font size.
pub(super) const RULER_FONT: f64 = 9.0;

/// The rulers' numbers: text, baseline point and anchor. Outside a torus or exit frame,
/// and above the exit frame's label.
pub(super) fn ruler_texts(scene: &Scene, board: Rect) -> Vec<(String, Point, &'static str)> {
    let tiling = scene.tiling;
    let gap = match (scene.exit, scene.torus) {
        (true, _) => FRAME_GAP + 20.0,
        (false, true) => FRAME_GAP + 5.0,
        (false, false) => 5.0,
    };
    let open = |r: usize, c: usize| scene.cells[r * scene.cols + c].kind != CellKind::Void;
    let mut texts = Vec::new();
    for c in 0..scene.cols {
        if (0..scene.rows).any(|r| open(r, c)) {
            let x = geometry::center(tiling, (0, c as i64)).x;
            let at = Point {
                x,
                y: board.y0 - gap,
            };
            texts.push((c.to_string(), at, "middle"));
        }
    }
    for r in 0..scene.rows {
        if (0..scene.cols).any(|c| open(r, c)) {
            let y = geometry::center(tiling, (r as i64, 0)).y;
            let at = Point {
                x: board.x0 - gap,
                y: y + 3.0,
            };
            texts.push((r.to_string(), at, "end"));
        }
    }
    texts
}

pub(super) fn walls(scene: &Scene) -> Group {
    let tiling = scene.tiling;
    // A wall listed from both sides, or twice, is one line.
    let segments: BTreeSet<(Lattice, Lattice)> = scene
        .walls
        .iter()
        .filter_map(|&(a, b)| geometry::shared_edge(tiling, a, b))
        .collect();
    let mut group = Group::new()
        .set("stroke", WALL)
        .set("stroke-width", 5)
        .set("stroke-linecap", "round");
    for (u, v) in segments {
        let (p, q) = (geometry::to_px(tiling, u), geometry::to_px(tiling, v));
        group = group.add(
            Line::new()
                .set("x1", num(p.x))
                .set("y1", num(p.y))
                .set("x2", num(q.x))
                .set("y2", num(q.y)),
        );
    }
    group
}

pub(super) fn frame(scene: &Scene, board: Rect) -> Option<Group> {
    let r = board.grow(FRAME_GAP);
    if scene.exit {
        let mut group = Group::new().add(
            r.element()
                .set("fill", "none")
                .set("stroke", EXIT)
                .set("stroke-width", 3)
                .set("stroke-dasharray", "10 4")
                .set("rx", 4),
        );
        for (at, anchor) in exit_labels(board) {
            group = group.add(
                Text::new("EXIT")
                    .set("x", num(at.x))
                    .set("y", num(at.y))
                    .set("text-anchor", anchor)
                    .set("font-size", 11)
                    .set("font-weight", "bold")
                    .set("letter-spacing", 2)
                    .set("fill", EXIT),
            );
        }
        return Some(group);
    }
    if scene.torus {
        return Some(
            Group::new().add(
                r.element()
                    .set("fill", "none")
                    .set("stroke", TORUS)
                    .set("stroke-width", 2)
                    .set("stroke-dasharray", "8 5")
                    .set("rx", 6),
            ),
        );
    }
    None
}

/// Where the exit frame's two labels go (baseline point and anchor): in opposite corners,
/// where straight exit arrows are least likely to pass.
pub(super) fn exit_labels(board: Rect) -> [(Point, &'static str); 2] {
    let r = board.grow(FRAME_GAP);
    [
        (
            Point {
                x: r.x0 + 2.0,
                y: r.y0 - 5.0,
            },
            "start",
        ),
        (
            Point {
                x: r.x1 - 2.0,
                y: r.y1 + 14.0,
            },
            "end",
        ),
    ]
}

/// The title, and under it the rules in words.
pub(super) fn title(scene: &Scene, layout: &Layout) -> Group {
    let mut group = Group::new().add(
        Text::new(scene.title.clone())
            .set("x", num(PAD))
            .set("y", num(TITLE_HEIGHT - 10.0))
            .set("font-size", num(TITLE_FONT))
            .set("font-weight", "bold")
            .set("fill", INK),
    );
    for (k, line) in layout.rules.iter().enumerate() {
        group = group.add(
            Text::new(line.clone())
                .set("x", num(PAD))
                .set("y", num(TITLE_HEIGHT - 10.0 + (k + 1) as f64 * RULE_LINE))
                .set("font-size", num(RULE_FONT))
                .set("fill", INK),
        );
    }
    group
}
