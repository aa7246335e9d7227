//! A jumping maze's answer at any length: every cell a move lands on carries a badge with
//! the numbers of the moves that land there (`3,7` for a cell reached twice), placed in a
//! free part of the cell clear of every text, and beside the board the moves in order, each
//! with the row and column of the cell it reaches (the board gets rulers). No arrow crosses
//! the board, so no answer mark hides a cell's number however long the answer.

use svg::node::element::{Group, Rectangle, Text};

use super::boxes::{cell_texts, exit_boxes, overlap, ruler_boxes, text_box};
use super::layout::{Rect, board_rect, margin};
use super::style::{ARROW, INK, num, text_width};
use crate::geometry::{self, Point};
use crate::palette::Paint;
use maze_view::scene::{Plane, Scene};

/// Badge font sizes, tried in turn until a badge fits inside its cell.
const BADGE_FONTS: [f64; 3] = [10.0, 8.5, 7.0];
/// Move list: line height, font size, the numbers' right edge and the cells' left edge.
const LIST_LINE: f64 = 15.0;
const LIST_FONT: f64 = 11.0;
const NUMBER_RIGHT: f64 = 22.0;
const TEXT_LEFT: f64 = 28.0;
/// Between the list's columns.
const COLUMN_GAP: f64 = 10.0;
/// The fewest lines a column of the list has, however small the board.
const MIN_LINES: usize = 8;
/// The list's heading.
const HEADING: &str = "move: row,col";
/// How far a badge may reach over its cell's edges where it fits nowhere inside.
const OVERHANG: f64 = 7.0;
/// Moves to a line in the notes under the list.
const NOTE_MOVES: usize = 8;

/// Whether `scene`'s answer is drawn as visits: a solution told only as steps (a jumping
/// maze's), not move by move as rolling blocks tell theirs.
pub(super) fn applies(scene: &Scene) -> bool {
    scene.answer.is_empty() && !scene.steps.is_empty()
}

/// One cell's badge: its lines (move numbers, comma-separated) and font size, and its box
/// in board pixels.
pub(super) struct Badge {
    pub(super) lines: Vec<String>,
    size: f64,
    pub(super) rect: Rect,
}

/// One line of the move list: its number and text, and the baseline's left end in board
/// pixels.
struct Entry {
    number: String,
    text: String,
    at: Point,
}

/// A jumping answer laid out: the badges and the move list.
pub(super) struct Visits {
    pub(super) badges: Vec<Badge>,
    entries: Vec<Entry>,
    /// The heading's baseline, left end.
    heading: Point,
    /// The room the move list takes right of the board: width and height.
    pub(super) side: (f64, f64),
}

/// Where step `k`'s move lands: the end of its last piece.
fn landing(scene: &Scene, k: usize) -> Option<Plane> {
    scene.steps[k].pieces.last().map(|&(_, to)| to.a)
}

/// Whether `cell` is a cell of the board (not off it, not void): an exit move lands
/// elsewhere.
fn on_board(scene: &Scene, (r, c): Plane) -> bool {
    (0..scene.rows as i64).contains(&r)
        && (0..scene.cols as i64).contains(&c)
        && scene.cells[r as usize * scene.cols + c as usize].kind
            != maze_view::scene::CellKind::Void
}

impl Visits {
    pub(super) fn new(scene: &Scene, paints: &[Paint]) -> Visits {
        let board = board_rect(scene);
        // The landing cells in order of first landing, each with its moves.
        let mut cells: Vec<(Plane, Vec<usize>)> = Vec::new();
        for k in 0..scene.steps.len() {
            let Some(at) = landing(scene, k) else {
                continue;
            };
            match cells.iter_mut().find(|(c, _)| *c == at) {
                Some((_, moves)) => moves.push(k + 1),
                None => cells.push((at, vec![k + 1])),
            }
        }
        let (entries, heading, side) = move_list(scene, board);
        let mut obstacles = cell_texts(scene, paints, true);
        obstacles.extend(ruler_boxes(scene, board));
        obstacles.extend(exit_boxes(scene, board));
        obstacles.extend(list_boxes(&entries, heading));
        // Badges stay within the board's margin, clear of the title above and the list.
        let bounds = board.grow(margin(scene) - 2.0);
        let mut badges: Vec<Badge> = Vec::new();
        // Cells reached too often for their moves to fit: a key in the cell, the moves
        // under the list.
        let mut notes: Vec<Entry> = Vec::new();
        let mut notes_top = heading.y + (lines_used(&entries) + 1) as f64 * LIST_LINE + 6.0;
        let mut width = side.0;
        for (cell, moves) in cells {
            let taken: Vec<Rect> = obstacles
                .iter()
                .copied()
                .chain(badges.iter().map(|b| b.rect))
                .collect();
            // Inside the cell, else over its edge (small cells: triangles).
            let ways = move_lines(&moves);
            let found = [0.0, OVERHANG]
                .iter()
                .find_map(|&slack| place_in(scene, cell, &ways, &taken, slack));
            if let Some(badge) = found {
                badges.push(badge);
                continue;
            }
            let key = key_name(notes.iter().filter(|n| !n.number.is_empty()).count());
            badges.push(place_key(scene, cell, &key, &taken, bounds));
            for (k, chunk) in moves.chunks(NOTE_MOVES).enumerate() {
                let texts: Vec<String> = chunk.iter().map(ToString::to_string).collect();
                let text = texts.join(",");
                width = width.max(TEXT_LEFT + text_width(&text, LIST_FONT) + COLUMN_GAP);
                notes.push(Entry {
                    number: if k == 0 { key.clone() } else { String::new() },
                    text,
                    at: Point {
                        x: heading.x,
                        y: notes_top,
                    },
                });
                notes_top += LIST_LINE;
            }
        }
        let height = if notes.is_empty() {
            side.1
        } else {
            side.1.max(notes_top - (board.y0 - margin(scene)))
        };
        let mut entries = entries;
        entries.extend(notes);
        Visits {
            badges,
            entries,
            heading,
            side: (width.ceil(), height.ceil()),
        }
    }

    /// The boxes of every text the answer adds: badges, the list's heading and entries.
    #[cfg(test)]
    pub(super) fn boxes(&self) -> Vec<Rect> {
        let mut boxes: Vec<Rect> = self.badges.iter().map(|b| b.rect).collect();
        boxes.extend(list_boxes(&self.entries, self.heading));
        boxes
    }

    /// Every move number the answer shows by a cell: on its badge, or in the notes under
    /// the list for a cell whose badge shows a key, in the order shown.
    #[cfg(test)]
    pub(super) fn moves_by_cells(&self, moves: usize) -> Vec<usize> {
        let numbers =
            |text: &str| -> Vec<usize> { text.split(',').filter_map(|n| n.parse().ok()).collect() };
        let mut out: Vec<usize> = self
            .badges
            .iter()
            .flat_map(|b| &b.lines)
            .flat_map(|l| numbers(l))
            .collect();
        out.extend(self.entries[moves..].iter().flat_map(|e| numbers(&e.text)));
        out
    }

    /// The badges, each over a white halo that keeps it apart from dark cells in greyscale
    /// too, in board pixels.
    pub(super) fn draw_badges(&self) -> Group {
        let mut halo = Group::new()
            .set("fill", "#ffffff")
            .set("stroke", "#ffffff")
            .set("stroke-width", 4)
            .set("stroke-opacity", 0.85);
        let mut faces = Group::new()
            .set("class", "visits")
            .set("fill", "#ffffff")
            .set("stroke", ARROW)
            .set("stroke-width", 1.3);
        let mut texts = Group::new()
            .set("text-anchor", "middle")
            .set("font-weight", "bold")
            .set("fill", ARROW);
        for b in &self.badges {
            let rect = |r: Rect| {
                Rectangle::new()
                    .set("x", num(r.x0))
                    .set("y", num(r.y0))
                    .set("width", num(r.width()))
                    .set("height", num(r.height()))
                    .set("rx", 3)
            };
            halo = halo.add(rect(b.rect));
            faces = faces.add(rect(b.rect));
            for (k, line) in b.lines.iter().enumerate() {
                let baseline = b.rect.y0 + 0.5 + (k + 1) as f64 * (b.size + 2.0) - 0.3 * b.size;
                texts = texts.add(
                    Text::new(line.clone())
                        .set("x", num((b.rect.x0 + b.rect.x1) / 2.0))
                        .set("y", num(baseline))
                        .set("font-size", num(b.size)),
                );
            }
        }
        Group::new().add(halo).add(faces).add(texts)
    }

    /// The move list, in board pixels.
    pub(super) fn draw_list(&self) -> Group {
        let mut group = Group::new()
            .set("class", "moves")
            .set("fill", INK)
            .set("font-size", num(LIST_FONT))
            .add(
                Text::new(HEADING)
                    .set("x", num(self.heading.x))
                    .set("y", num(self.heading.y))
                    .set("font-style", "italic"),
            );
        for e in &self.entries {
            if !e.number.is_empty() {
                group = group.add(
                    Text::new(e.number.clone())
                        .set("class", "move-number")
                        .set("x", num(e.at.x + NUMBER_RIGHT))
                        .set("y", num(e.at.y))
                        .set("text-anchor", "end")
                        .set("font-weight", "bold")
                        .set("fill", ARROW),
                );
            }
            group = group.add(
                Text::new(e.text.clone())
                    .set("class", "move")
                    .set("x", num(e.at.x + TEXT_LEFT))
                    .set("y", num(e.at.y)),
            );
        }
        group
    }
}

/// How many lines the longest column of `entries` has.
fn lines_used(entries: &[Entry]) -> usize {
    let mut columns: Vec<(f64, usize)> = Vec::new();
    for e in entries {
        match columns.iter_mut().find(|(x, _)| *x == e.at.x) {
            Some((_, n)) => *n += 1,
            None => columns.push((e.at.x, 1)),
        }
    }
    columns.iter().map(|&(_, n)| n).max().unwrap_or(0)
}

/// The boxes of the move list's heading (its baseline's left end at `heading`) and
/// entries.
fn list_boxes(entries: &[Entry], heading: Point) -> Vec<Rect> {
    let mut boxes = vec![text_box(
        heading.x,
        heading.y,
        text_width(HEADING, LIST_FONT),
        LIST_FONT,
    )];
    for e in entries {
        let w = text_width(&e.number, LIST_FONT);
        if w > 0.0 {
            boxes.push(text_box(e.at.x + NUMBER_RIGHT - w, e.at.y, w, LIST_FONT));
        }
        boxes.push(text_box(
            e.at.x + TEXT_LEFT,
            e.at.y,
            text_width(&e.text, LIST_FONT),
            LIST_FONT,
        ));
    }
    boxes
}

/// The move list right of `board`: its entries in columns as tall as the board (at least
/// [`MIN_LINES`]), the heading's baseline, and the room it takes.
fn move_list(scene: &Scene, board: Rect) -> (Vec<Entry>, Point, (f64, f64)) {
    let margin = margin(scene);
    let texts: Vec<String> = (0..scene.steps.len())
        .map(|k| match landing(scene, k) {
            Some(cell) if on_board(scene, cell) => format!("{},{}", cell.0, cell.1),
            _ => "exit".to_string(),
        })
        .collect();
    let top = board.y0 - margin + 6.0;
    let heading = Point {
        x: board.x1 + margin,
        y: top + LIST_LINE - 3.0,
    };
    let room = board.height() + 2.0 * margin - 2.0 * LIST_LINE;
    let lines = ((room / LIST_LINE).floor() as usize).max(MIN_LINES);
    let column = TEXT_LEFT
        + texts
            .iter()
            .map(|t| text_width(t, LIST_FONT))
            .fold(0.0, f64::max)
        + COLUMN_GAP;
    let entries = texts
        .into_iter()
        .enumerate()
        .map(|(k, text)| Entry {
            number: (k + 1).to_string(),
            text,
            at: Point {
                x: heading.x + (k / lines) as f64 * column,
                y: heading.y + ((k % lines) + 1) as f64 * LIST_LINE + 3.0,
            },
        })
        .collect();
    let columns = scene.steps.len().div_ceil(lines).max(1);
    let width = (columns as f64 * column).max(text_width(HEADING, LIST_FONT) + COLUMN_GAP);
    let height = 6.0 + (lines.min(scene.steps.len()) + 1) as f64 * LIST_LINE + 6.0;
    (entries, heading, (width.ceil(), height.ceil()))
}

/// The ways to write `moves` on a badge, the most readable first: in each font size, all on
/// one line, then fewer to a line, down to two (or one when alone).
fn move_lines(moves: &[usize]) -> Vec<(f64, Vec<String>)> {
    let widths: Vec<usize> = (2..=moves.len()).rev().chain([1]).collect();
    BADGE_FONTS
        .iter()
        .flat_map(|&size| {
            widths.iter().map(move |&per_line| {
                let lines = moves
                    .chunks(per_line)
                    .map(|chunk| {
                        let texts: Vec<String> = chunk.iter().map(ToString::to_string).collect();
                        texts.join(",")
                    })
                    .collect();
                (size, lines)
            })
        })
        .collect()
}

/// The `k`th key of a cell whose moves go under the list: `A` to `Z`, then `A1`...
fn key_name(k: usize) -> String {
    let letter = char::from(b'A' + (k % 26) as u8);
    match k / 26 {
        0 => letter.to_string(),
        n => format!("{letter}{n}"),
    }
}

/// A badge of `lines` in font `size` centred on `at`.
fn badge(size: f64, lines: &[String], at: Point) -> Badge {
    let w = lines
        .iter()
        .map(|l| text_width(l, size))
        .fold(0.0, f64::max)
        + 5.0;
    // Lines two pixels apart beyond the font size: digits' ink is taller than the size.
    let h = lines.len() as f64 * (size + 2.0) + 1.0;
    Badge {
        lines: lines.to_vec(),
        size,
        rect: Rect {
            x0: at.x - w / 2.0,
            y0: at.y - h / 2.0,
            x1: at.x + w / 2.0,
            y1: at.y + h / 2.0,
        },
    }
}

/// The centre of `cell`, its corners, and the points its badge may be pulled towards: each
/// corner and each edge's middle, the nearest to straight below first.
fn directions(scene: &Scene, cell: Plane) -> (Point, Vec<Point>, Vec<Point>) {
    let tiling = scene.tiling;
    let c = geometry::center(tiling, cell);
    let corners: Vec<Point> = geometry::polygon(tiling, cell)
        .into_iter()
        .map(|v| geometry::to_px(tiling, v))
        .collect();
    let n = corners.len();
    let mut towards: Vec<Point> = (0..n)
        .flat_map(|i| [corners[i], corners[i].lerp(corners[(i + 1) % n], 0.5)])
        .collect();
    towards.sort_by(|a, b| {
        let (ta, tb) = (turn_from_below(*a, c), turn_from_below(*b, c));
        ta.0.total_cmp(&tb.0).then(tb.1.cmp(&ta.1))
    });
    (c, corners, towards)
}

/// Whether `r` keeps clear of every box of `taken`.
fn clear_of(taken: &[Rect], r: Rect) -> bool {
    taken.iter().all(|&t| !overlap(r, t.grow(1.0)))
}

/// A badge inside `cell` (or reaching at most `slack` pixels over its edges) clear of
/// `taken`, in the first of the `ways` (font size and lines) that fits: in the first
/// direction from the centre (straight below first) where it fits, as far out as it fits.
/// `None` when no way fits.
fn place_in(
    scene: &Scene,
    cell: Plane,
    ways: &[(f64, Vec<String>)],
    taken: &[Rect],
    slack: f64,
) -> Option<Badge> {
    let (c, corners, towards) = directions(scene, cell);
    let inner = geometry::inset(&corners, 1.5 - slack);
    for (size, lines) in ways {
        for &v in &towards {
            // From 0.95 of the way to `v` in steps of 0.05: small cells leave little room.
            for k in (4..=19).rev() {
                let b = badge(*size, lines, c.lerp(v, f64::from(k) * 0.05));
                if inside(&inner, b.rect) && clear_of(taken, b.rect) {
                    return Some(b);
                }
            }
        }
    }
    None
}

/// A badge showing `key` for `cell`: inside it if it fits, else just outside it, clear of
/// `taken` and within `bounds`.
fn place_key(scene: &Scene, cell: Plane, key: &str, taken: &[Rect], bounds: Rect) -> Badge {
    let lines = vec![key.to_string()];
    let ways: Vec<(f64, Vec<String>)> = BADGE_FONTS.iter().map(|&s| (s, lines.clone())).collect();
    if let Some(b) = place_in(scene, cell, &ways, taken, OVERHANG) {
        return b;
    }
    let (c, _, towards) = directions(scene, cell);
    let size = BADGE_FONTS[BADGE_FONTS.len() - 1];
    let pitch = geometry::pitch(scene.tiling);
    for reach in [0.6, 0.8, 1.0, 1.25, 1.5, 2.0, 2.5, 3.0] {
        for &v in &towards {
            let (dx, dy) = (v.x - c.x, v.y - c.y);
            let len = geometry::length(dx, dy);
            let at = Point {
                x: c.x + dx / len * reach * pitch,
                y: c.y + dy / len * reach * pitch,
            };
            let b = badge(size, &lines, at);
            let within = b.rect.x0 >= bounds.x0
                && b.rect.x1 <= bounds.x1
                && b.rect.y0 >= bounds.y0
                && b.rect.y1 <= bounds.y1;
            if within && clear_of(taken, b.rect) {
                return b;
            }
        }
    }
    badge(size, &lines, c.lerp(towards[0], 0.6))
}

/// How far round from straight below the centre `c` the point `v` lies, as a number that
/// grows with the angle either way (exact arithmetic, the same on every machine), ties
/// broken to the right: below a cell's number is where a badge reads as its cell's.
fn turn_from_below(v: Point, c: Point) -> (f64, bool) {
    let (dx, dy) = (v.x - c.x, v.y - c.y);
    let s = dx.abs() + dy.abs();
    if s == 0.0 {
        return (0.0, true);
    }
    // A diamond angle: 0 at east, 1 at south, 2 at west, 3 at north.
    let a = if dy >= 0.0 {
        if dx >= 0.0 { dy / s } else { 1.0 + -dx / s }
    } else if dx < 0.0 {
        2.0 + -dy / s
    } else {
        3.0 + dx / s
    };
    let from_south = (a - 1.0).rem_euclid(4.0);
    (from_south.min(4.0 - from_south), from_south > 2.0)
}

/// Whether every corner of `r` lies inside the convex polygon `poly` (clockwise on
/// screen).
fn inside(poly: &[Point], r: Rect) -> bool {
    let n = poly.len();
    [(r.x0, r.y0), (r.x1, r.y0), (r.x1, r.y1), (r.x0, r.y1)]
        .iter()
        .all(|&(x, y)| {
            (0..n).all(|i| {
                let (a, b) = (poly[i], poly[(i + 1) % n]);
                // Inside is to the right of each edge on screen.
                (b.x - a.x) * (y - a.y) - (b.y - a.y) * (x - a.x) >= 0.0
            })
        })
}
