//! Any [`Scene`] as an SVG document, composed with the `svg` crate.
//!
//! Output is deterministic: elements in a fixed order, attributes sorted by the `svg` crate,
//! every number written by [`num`] (two decimals at most), no timestamps.

use std::collections::BTreeSet;

use svg::Document;
use svg::node::element::{
    Circle, Definitions, Group, Line, Marker, Path, Pattern, Polygon, Rectangle, Text, Title,
};

use crate::answer;
use crate::geometry::{self, Lattice, Point};
use crate::palette::{self, Paint};
use crate::scene::{self, Act, Anchor, Button, CellKind, CellView, Role, Scene, Step};
use maze_variants::{Piece, Tiling, Turn};

const FONT: &str = "DejaVu Sans, Verdana, Arial, sans-serif";
pub(crate) const INK: &str = "#212121";
const GRID: &str = "#9e9e9e";
const FLOOR: &str = "#fcfcf7";
const DEAD_END: &str = "#e0e0e0";
const DEAD_END_INK: &str = "#616161";
const BLOCKED: &str = "#546e7a";
const HOLE: &str = "#37474f";
const FRAGILE: &str = "#ffcc80";
const FRAGILE_EDGE: &str = "#ef6c00";
/// A bridge that is on: planks, darker than floor and fragile floor in greyscale too.
const BRIDGE: &str = "#bcaaa4";
/// The planks' seams and the outline of a bridge, solid when on and dashed when off.
const BRIDGE_EDGE: &str = "#3e2723";
/// A bridge that is off: a gap, white, only its dashed outline and seams drawn.
const BRIDGE_OFF: &str = "#ffffff";
/// A block or cube where it stands in an answer frame.
const BODY: &str = "#37474f";
/// Row and column numbers along the board.
const RULER: &str = "#616161";
const WALL: &str = "#1b1b1b";
const ARROW: &str = "#d81b60";
const START_FILL: &str = "#66bb6a";
const START_EDGE: &str = "#2e7d32";
const GOAL_FILL: &str = "#ffca28";
const GOAL_EDGE: &str = "#f9a825";
const TORUS: &str = "#1565c0";
const EXIT: &str = "#2e7d32";
const UNREACHABLE: &str = "url(#unreachable)";
const EMPTY: &str = "url(#empty)";
/// The dots of an empty cell: mid grey, so that greyscale tells empty from floor and hole.
const EMPTY_DOT: &str = "#8d8d8d";
const HATCH: &str = "url(#hatch)";
/// Chess pieces are letters (every font has them, unlike the chess symbols), in a serif
/// face so they do not read as symbols.
const PIECE_FONT: &str = "DejaVu Serif, Georgia, Times New Roman, serif";

/// Depth ramp anchors, light to dark (ColorBrewer YlGnBu, light half): numbers stay legible.
const RAMP: [(u8, u8, u8); 5] = [
    (255, 255, 204),
    (199, 233, 180),
    (127, 205, 187),
    (65, 182, 196),
    (29, 145, 192),
];

/// How far solution arrows run to the right of the line between cell centres.
const ARROW_OFFSET: f64 = 6.0;
/// How far a step number stands beside its arrow.
const LABEL_OFFSET: f64 = 9.0;
/// How far apart two step numbers' centres must be not to overlap.
const LABEL_CLEARANCE: f64 = 18.0;
/// Space above the board for the title.
const TITLE_HEIGHT: f64 = 30.0;
/// Title font size.
const TITLE_FONT: f64 = 14.0;
/// Narrowest picture, so the legend has room beside a small board.
const MIN_WIDTH: f64 = 320.0;
/// Space between the picture's edge and its contents.
pub(crate) const PAD: f64 = 14.0;
/// How far the torus or exit frame stands outside the cells.
const FRAME_GAP: f64 = 7.0;
/// Legend line height and font size.
const LEGEND_LINE: f64 = 22.0;
const LEGEND_FONT: f64 = 12.0;

/// About how wide `text` is at `size` pixels: DejaVu Sans averages 0.6 em per character
/// (bold a little more), enough to keep text inside the picture.
pub(crate) fn text_width(text: &str, size: f64) -> f64 {
    text.chars().count() as f64 * 0.65 * size
}

/// A pixel number with at most two decimals and no trailing zeros (never `-0`): fixed
/// formatting, so the same scene always gives the same bytes.
pub(crate) fn num(x: f64) -> String {
    let s = format!("{x:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".to_string()
    } else {
        s.to_string()
    }
}

fn points(corners: &[Point]) -> String {
    let pairs: Vec<String> = corners
        .iter()
        .map(|p| format!("{},{}", num(p.x), num(p.y)))
        .collect();
    pairs.join(" ")
}

/// An axis-aligned rectangle in pixels.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Rect {
    pub(crate) x0: f64,
    pub(crate) y0: f64,
    pub(crate) x1: f64,
    pub(crate) y1: f64,
}

impl Rect {
    pub(crate) fn grow(self, by: f64) -> Rect {
        Rect {
            x0: self.x0 - by,
            y0: self.y0 - by,
            x1: self.x1 + by,
            y1: self.y1 + by,
        }
    }

    pub(crate) fn width(self) -> f64 {
        self.x1 - self.x0
    }

    pub(crate) fn height(self) -> f64 {
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
fn clip(a: Point, b: Point, r: Rect) -> Option<(Point, Point)> {
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

/// The fill of depth `d` on a ramp ending at `max`, as `#rrggbb`.
fn ramp(d: u32, max: u32) -> (u8, u8, u8) {
    let t = if max == 0 {
        0.0
    } else {
        f64::from(d) / f64::from(max)
    };
    let x = t * (RAMP.len() - 1) as f64;
    let i = (x.floor() as usize).min(RAMP.len() - 2);
    let f = x - i as f64;
    let mix = |a: u8, b: u8| (f64::from(a) + (f64::from(b) - f64::from(a)) * f).round() as u8;
    let (a, b) = (RAMP[i], RAMP[i + 1]);
    (mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2))
}

fn hex((r, g, b): (u8, u8, u8)) -> String {
    format!("#{r:02x}{g:02x}{b:02x}")
}

/// Text that reads on `fill`: white on dark fills, ink on light ones.
fn ink_on((r, g, b): (u8, u8, u8)) -> &'static str {
    let luma = 0.299 * f64::from(r) + 0.587 * f64::from(g) + 0.114 * f64::from(b);
    if luma < 128.0 { "#ffffff" } else { INK }
}

/// Where the board goes in the picture and how big the picture is.
struct Layout {
    /// Pixel offset of the lattice origin.
    origin: Point,
    /// The cells' bounding box, in board pixels (relative to the lattice origin).
    board: Rect,
    width: f64,
    /// Top of the legend, in picture pixels.
    legend_top: f64,
}

/// The cells' bounding box in board pixels (relative to the lattice origin).
pub(crate) fn board_rect(scene: &Scene) -> Rect {
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

/// Where the board goes in a picture at least `min_width` wide.
fn layout(scene: &Scene, min_width: f64) -> Layout {
    let tiling = scene.tiling;
    let board = board_rect(scene);
    // Exit arrows end on the cells just off the board: leave them room.
    let margin = if scene.exit {
        geometry::pitch(tiling) + PAD
    } else {
        FRAME_GAP + PAD
    };
    let used = board.width() + 2.0 * margin;
    let title = 2.0 * PAD + text_width(&scene.title, TITLE_FONT);
    let width = used.max(MIN_WIDTH).max(title).max(min_width).ceil();
    Layout {
        origin: Point {
            x: (width - used) / 2.0 + margin - board.x0,
            y: TITLE_HEIGHT + margin - board.y0,
        },
        board,
        width,
        legend_top: TITLE_HEIGHT + board.height() + 2.0 * margin,
    }
}

fn cell_of(scene: &Scene, i: usize) -> (i64, i64) {
    ((i / scene.cols) as i64, (i % scene.cols) as i64)
}

fn anchor_px(tiling: Tiling, anchor: Anchor) -> Point {
    geometry::center(tiling, anchor.a).lerp(geometry::center(tiling, anchor.b), 0.5)
}

fn corners_px(tiling: Tiling, corners: &[Lattice]) -> Vec<Point> {
    corners
        .iter()
        .map(|&v| geometry::to_px(tiling, v))
        .collect()
}

/// The scene as an SVG document.
pub fn draw(scene: &Scene) -> String {
    let paints = palette::palette(
        scene
            .cells
            .iter()
            .filter_map(|v| v.glyphs.colour.as_deref()),
    );
    // A long or eventful answer goes in frames below the legend, the board showing none of it.
    let frames = answer::plan(scene);
    let answer = frames.map(|frames| answer::Answer::new(scene, frames));
    let layout = layout(scene, answer.as_ref().map_or(0.0, |a| a.width));
    let flat;
    let board_scene = if answer.is_some() {
        flat = Scene {
            steps: Vec::new(),
            answer: Vec::new(),
            ..scene.clone()
        };
        &flat
    } else {
        scene
    };
    let max_depth = scene
        .depths
        .as_ref()
        .and_then(|ds| ds.iter().flatten().max().copied())
        .unwrap_or(0);

    let mut board = Group::new().set(
        "transform",
        format!(
            "translate({},{})",
            num(layout.origin.x),
            num(layout.origin.y)
        ),
    );
    // The board: the scene without its steps when the frames show them.
    let view = board_scene;
    board = board.add(cells(view, max_depth, &paints));
    board = board.add(marks(view));
    board = board.add(walls(view));
    if let Some(frame) = frame(view, layout.board) {
        board = board.add(frame);
    }
    if view.rulers {
        board = board.add(rulers(view, layout.board));
    }
    // Attribute glyphs go under the solution's arrows, which are the overlay.
    if let Some(glyphs) = glyphs(view, max_depth, &paints) {
        board = board.add(glyphs);
    }
    // Numbers go over the arrows (haloed in their cell's fill), and the arrows' step numbers
    // over everything.
    let (arrows, step_numbers) = (!view.steps.is_empty())
        .then(|| solution(view, layout.board))
        .unzip();
    if let Some(arrows) = arrows {
        board = board.add(arrows);
    }
    board = board.add(labels(view, max_depth, &paints));
    if let Some(step_numbers) = step_numbers {
        board = board.add(step_numbers);
    }

    let (legend, legend_height) = legend(scene, layout.width, max_depth, &paints, answer.is_some());
    let answer_top = layout.legend_top + legend_height;
    let answer = answer.map(|a| a.draw(scene, &paints, answer_top));
    let height = (answer_top + answer.as_ref().map_or(0.0, |a| a.1) + PAD).ceil();
    let mut defs = Definitions::new();
    if !scene.steps.is_empty() {
        defs = defs.add(
            Marker::new()
                .set("id", "arrowhead")
                .set("viewBox", "0 0 10 10")
                .set("refX", 8)
                .set("refY", 5)
                .set("markerWidth", 11)
                .set("markerHeight", 11)
                .set("markerUnits", "userSpaceOnUse")
                .set("orient", "auto")
                .add(
                    Path::new()
                        .set("d", "M0,0 L10,5 L0,10 z")
                        .set("fill", ARROW),
                ),
        );
    }
    if scene.depths.is_some() {
        defs = defs.add(
            Pattern::new()
                .set("id", "unreachable")
                .set("width", 6)
                .set("height", 6)
                .set("patternUnits", "userSpaceOnUse")
                .set("patternTransform", "rotate(45)")
                .add(
                    Rectangle::new()
                        .set("width", 6)
                        .set("height", 6)
                        .set("fill", "#e6e6e6"),
                )
                .add(
                    Line::new()
                        .set("x1", 0)
                        .set("y1", 0)
                        .set("x2", 0)
                        .set("y2", 6)
                        .set("stroke", "#a8a8a8")
                        .set("stroke-width", 2.5),
                ),
        );
    }

    let mut doc = Document::new()
        .set("width", num(layout.width))
        .set("height", num(height))
        .set(
            "viewBox",
            format!("0 0 {} {}", num(layout.width), num(height)),
        )
        .set("font-family", FONT)
        .add(Title::new(scene.title.clone()));
    let empty = scene.cells.iter().any(|v| v.kind == CellKind::Empty);
    if empty {
        defs = defs.add(
            Pattern::new()
                .set("id", "empty")
                .set("width", 8)
                .set("height", 8)
                .set("patternUnits", "userSpaceOnUse")
                .add(
                    Rectangle::new()
                        .set("width", 8)
                        .set("height", 8)
                        .set("fill", FLOOR),
                )
                .add(
                    Circle::new()
                        .set("cx", 4)
                        .set("cy", 4)
                        .set("r", 1.4)
                        .set("fill", EMPTY_DOT),
                ),
        );
    }
    let hatch = paints.iter().any(|p| p.hatch);
    if hatch {
        defs = defs.add(
            Pattern::new()
                .set("id", "hatch")
                .set("width", 6)
                .set("height", 6)
                .set("patternUnits", "userSpaceOnUse")
                .set("patternTransform", "rotate(-45)")
                .add(
                    Line::new()
                        .set("x1", 0)
                        .set("y1", 0)
                        .set("x2", 0)
                        .set("y2", 6)
                        .set("stroke", INK)
                        .set("stroke-opacity", 0.45)
                        .set("stroke-width", 1.5),
                ),
        );
    }
    if scene.depths.is_some() || !scene.steps.is_empty() || empty || hatch {
        doc = doc.add(defs);
    }
    doc = doc
        .add(
            Rectangle::new()
                .set("width", "100%")
                .set("height", "100%")
                .set("fill", "#ffffff"),
        )
        .add(
            Text::new(scene.title.clone())
                .set("x", num(PAD))
                .set("y", num(TITLE_HEIGHT - 10.0))
                .set("font-size", num(TITLE_FONT))
                .set("font-weight", "bold")
                .set("fill", INK),
        )
        .add(board)
        .add(legend.set(
            "transform",
            format!("translate(0,{})", num(layout.legend_top)),
        ));
    if let Some((group, _)) = answer {
        doc = doc.add(group);
    }
    let mut out = doc.to_string();
    out.push('\n');
    out
}

/// The paint of a cell's colour, if it has one.
fn paint<'a>(paints: &'a [Paint], view: &CellView) -> Option<&'a Paint> {
    let name = view.glyphs.colour.as_deref()?;
    paints.iter().find(|p| p.name == name)
}

/// Whether depth shading colours a cell of `kind`: every kind a state may stand on.
fn is_shaded(kind: CellKind) -> bool {
    matches!(
        kind,
        CellKind::Floor | CellKind::DeadEnd | CellKind::Fragile | CellKind::Bridge { .. }
    )
}

/// The fill of a cell (as `#rrggbb` or a pattern) and the ink of its label.
fn fill(scene: &Scene, i: usize, max_depth: u32, paints: &[Paint]) -> (String, &'static str) {
    let kind = scene.cells[i].kind;
    let shaded = is_shaded(kind);
    if let (Some(depths), true) = (&scene.depths, shaded) {
        return match depths[i] {
            Some(d) => {
                let rgb = ramp(d, max_depth);
                (hex(rgb), ink_on(rgb))
            }
            None => (UNREACHABLE.to_string(), DEAD_END_INK),
        };
    }
    if let (CellKind::Floor, Some(p)) = (kind, paint(paints, &scene.cells[i])) {
        return (hex(p.rgb), ink_on(p.rgb));
    }
    match kind {
        CellKind::DeadEnd => (DEAD_END.to_string(), DEAD_END_INK),
        CellKind::Empty => (EMPTY.to_string(), INK),
        CellKind::Blocked => (BLOCKED.to_string(), "#ffffff"),
        CellKind::Fragile => (FRAGILE.to_string(), INK),
        CellKind::Bridge { on: true } => (BRIDGE.to_string(), INK),
        CellKind::Bridge { on: false } => (BRIDGE_OFF.to_string(), INK),
        CellKind::Void | CellKind::Floor | CellKind::Hole => (FLOOR.to_string(), INK),
    }
}

pub(crate) fn cells(scene: &Scene, max_depth: u32, paints: &[Paint]) -> Group {
    let tiling = scene.tiling;
    let mut group = Group::new()
        .set("stroke", GRID)
        .set("stroke-width", 1)
        .set("stroke-linejoin", "round");
    for (i, view) in scene.cells.iter().enumerate() {
        if view.kind == CellKind::Void {
            continue;
        }
        let cell = cell_of(scene, i);
        let corners = corners_px(tiling, &geometry::polygon(tiling, cell));
        let (fill, _) = fill(scene, i, max_depth, paints);
        group = group.add(
            Polygon::new()
                .set("points", points(&corners))
                .set("fill", fill),
        );
        match view.kind {
            CellKind::Hole => {
                let c = geometry::center(tiling, cell);
                group = group.add(
                    Circle::new()
                        .set("cx", num(c.x))
                        .set("cy", num(c.y))
                        .set("r", num(0.28 * geometry::pitch(tiling)))
                        .set("fill", HOLE)
                        .set("stroke", "none"),
                );
            }
            // Under depth shading the fill shows depth, so fragile floor keeps an outline.
            CellKind::Fragile if scene.depths.is_some() => {
                group = group.add(
                    Polygon::new()
                        .set("points", points(&geometry::inset(&corners, 3.0)))
                        .set("fill", "none")
                        .set("stroke", FRAGILE_EDGE)
                        .set("stroke-width", 2)
                        .set("stroke-dasharray", "4 3"),
                );
            }
            CellKind::Bridge { on } => group = group.add(bridge(&corners, on)),
            _ => {}
        }
        match paint(paints, view) {
            // Under depth shading the fill shows depth: the colour keeps a band inside the
            // cell's edge, in the colour's own lightness.
            Some(p) if scene.depths.is_some() && view.kind == CellKind::Floor => {
                // A sixth of the inradius wide, a pixel in from the grid line.
                let width = 0.16 * geometry::inradius(tiling);
                group = group.add(
                    Polygon::new()
                        .set(
                            "points",
                            points(&geometry::inset(&corners, 1.0 + width / 2.0)),
                        )
                        .set("fill", "none")
                        .set("stroke", hex(p.rgb))
                        .set("stroke-width", num(width)),
                );
            }
            Some(p) if p.hatch && view.kind == CellKind::Floor => {
                group = group.add(
                    Polygon::new()
                        .set("points", points(&corners))
                        .set("fill", HATCH)
                        .set("stroke", "none"),
                );
            }
            _ => {}
        }
    }
    group
}

/// A bridge's planks over a square cell with `corners`: an outline inside its edge and two
/// seams a third of the way across, solid when the bridge is on and dashed when it is off,
/// so that on and off differ in shape as well as fill (and under depth shading).
fn bridge(corners: &[Point], on: bool) -> Group {
    let inner = geometry::inset(corners, 3.0);
    let (top, bottom) = (inner[0].y, inner[2].y);
    let mut g = Group::new()
        .set("class", if on { "bridge on" } else { "bridge off" })
        .set("fill", "none")
        .set("stroke", BRIDGE_EDGE)
        .set("stroke-width", 2);
    if !on {
        g = g.set("stroke-dasharray", "4 3");
    }
    g = g.add(Polygon::new().set("points", points(&inner)));
    for t in [1.0 / 3.0, 2.0 / 3.0] {
        let x = corners[0].x + (corners[1].x - corners[0].x) * t;
        g = g.add(
            Line::new()
                .set("x1", num(x))
                .set("y1", num(top))
                .set("x2", num(x))
                .set("y2", num(bottom)),
        );
    }
    g
}

/// Row numbers left of the board and column numbers above it, for every row and column
/// with a cell, so that a move list can name cells as `(row,col)`.
pub(crate) fn rulers(scene: &Scene, board: Rect) -> Group {
    let tiling = scene.tiling;
    let open = |r: usize, c: usize| scene.cells[r * scene.cols + c].kind != CellKind::Void;
    let mut group = Group::new()
        .set("class", "rulers")
        .set("font-size", 9)
        .set("fill", RULER);
    for c in 0..scene.cols {
        if (0..scene.rows).any(|r| open(r, c)) {
            let x = geometry::center(tiling, (0, c as i64)).x;
            group = group.add(
                Text::new(c.to_string())
                    .set("x", num(x))
                    .set("y", num(board.y0 - 5.0))
                    .set("text-anchor", "middle"),
            );
        }
    }
    for r in 0..scene.rows {
        if (0..scene.cols).any(|c| open(r, c)) {
            let y = geometry::center(tiling, (r as i64, 0)).y;
            group = group.add(
                Text::new(r.to_string())
                    .set("x", num(board.x0 - 5.0))
                    .set("y", num(y + 3.0))
                    .set("text-anchor", "end"),
            );
        }
    }
    group
}

/// A block or cube: a dark translucent rounded rectangle from pixel `a` (top left) to `b`
/// (bottom right), `inset` pixels inside them.
pub(crate) fn body_shape(a: Point, b: Point, inset: f64) -> Rectangle {
    Rectangle::new()
        .set("class", "body")
        .set("x", num(a.x + inset))
        .set("y", num(a.y + inset))
        .set("width", num(b.x - a.x - 2.0 * inset))
        .set("height", num(b.y - a.y - 2.0 * inset))
        .set("rx", 3)
        .set("fill", BODY)
        .set("fill-opacity", 0.55)
        .set("stroke", BODY)
        .set("stroke-width", 2)
}

pub(crate) fn marks(scene: &Scene) -> Group {
    let tiling = scene.tiling;
    let mut group = Group::new()
        .set("stroke-width", 3)
        .set("stroke-linejoin", "round")
        .set("fill-opacity", 0.35);
    for mark in &scene.marks {
        let hull = corners_px(tiling, &geometry::hull(tiling, &mark.cells));
        let (fill, edge) = match mark.role {
            Role::Start => (START_FILL, START_EDGE),
            Role::Goal => (GOAL_FILL, GOAL_EDGE),
        };
        group = group.add(
            Polygon::new()
                .set("points", points(&geometry::inset(&hull, 3.5)))
                .set("fill", fill)
                .set("stroke", edge),
        );
    }
    group
}

pub(crate) fn labels(scene: &Scene, max_depth: u32, paints: &[Paint]) -> Group {
    let tiling = scene.tiling;
    let size = geometry::label_size(tiling);
    let mut group = Group::new()
        .set("text-anchor", "middle")
        .set("font-size", num(size));
    if !scene.steps.is_empty() {
        // A halo in the cell's own fill keeps numbers readable where arrows cross them.
        group = group
            .set("paint-order", "stroke")
            .set("stroke-width", 3)
            .set("stroke-linejoin", "round");
    }
    for (i, view) in scene.cells.iter().enumerate() {
        let cell = cell_of(scene, i);
        let c = geometry::center(tiling, cell);
        let (fill, ink) = fill(scene, i, max_depth, paints);
        let halo = |text: Text| {
            if scene.steps.is_empty() {
                text
            } else {
                text.set("stroke", fill.clone())
            }
        };
        if let Some(label) = &view.label {
            // Baseline a third of the font size below the centre centres digits vertically.
            group = group.add(halo(
                Text::new(label.clone())
                    .set("x", num(c.x))
                    .set("y", num(c.y + 0.35 * size))
                    .set("fill", ink),
            ));
        }
        for text in attribute_texts(tiling, cell, view, paints, ink) {
            // A bridge's planks run under its note: a halo in its fill keeps it readable.
            let text = if matches!(view.kind, CellKind::Bridge { .. }) && scene.steps.is_empty() {
                text.set("stroke", fill.clone())
                    .set("stroke-width", 3)
                    .set("paint-order", "stroke")
                    .set("stroke-linejoin", "round")
            } else {
                text
            };
            group = group.add(halo(text));
        }
        let depth = scene.depths.as_ref().and_then(|ds| ds[i]);
        if let Some(d) = depth {
            let text = Text::new(d.to_string())
                .set("font-size", 9)
                .set("fill", ink);
            let (at, anchor) = geometry::depth_slot(tiling, cell, size, view.glyphs.ring);
            let text = text.set("x", num(at.x)).set("y", num(at.y));
            let text = match anchor {
                Some(anchor) => text.set("text-anchor", anchor),
                None => text,
            };
            // An arrow or turn glyph runs under the depth: a halo in the fill keeps it
            // readable even without the solution's halos.
            let crossed = !view.glyphs.arrows.is_empty() || view.glyphs.turn.is_some();
            let text = if crossed && scene.steps.is_empty() {
                text.set("stroke", fill.clone())
                    .set("stroke-width", 3)
                    .set("paint-order", "stroke")
                    .set("stroke-linejoin", "round")
            } else {
                text
            };
            group = group.add(halo(text));
        }
    }
    group
}

/// A text attribute of a cell, in the order they take the centre when there is no label.
enum Item<'a> {
    Star,
    Piece(Piece),
    Symbol(&'a str),
}

impl Item<'_> {
    fn text(&self) -> String {
        match self {
            Item::Star => "*".to_string(),
            Item::Piece(p) => p.letter().to_string(),
            Item::Symbol(s) => s.to_string(),
        }
    }
}

/// The texts of a cell's attributes: in the centre, if the label leaves it free, a
/// wildcard's star, else a piece, else a symbol; the others and the badge in a corner; the
/// colour's name in another corner where the cell has room.
fn attribute_texts(
    tiling: Tiling,
    cell: (i64, i64),
    view: &CellView,
    paints: &[Paint],
    ink: &'static str,
) -> Vec<Text> {
    let g = &view.glyphs;
    let c = geometry::center(tiling, cell);
    let size = geometry::label_size(tiling);
    let mut items = Vec::new();
    if g.wildcard {
        items.push(Item::Star);
    }
    if let Some(p) = g.piece {
        items.push(Item::Piece(p));
    }
    if let Some(s) = &g.symbol {
        items.push(Item::Symbol(s));
    }
    let mut items = items.into_iter();
    let mut out = Vec::new();
    if view.label.is_none()
        && let Some(item) = items.next()
    {
        out.push(
            match item {
                // The asterisk sits high in its em box: larger, and lowered to the centre.
                Item::Star => Text::new("*")
                    .set("x", num(c.x))
                    .set("y", num(c.y + 0.8 * size))
                    .set("font-size", num(1.6 * size)),
                Item::Piece(p) => Text::new(p.letter().to_string())
                    .set("x", num(c.x))
                    .set("y", num(c.y + 0.35 * size))
                    .set("font-family", PIECE_FONT)
                    .set("font-weight", "bold"),
                Item::Symbol(s) => {
                    // Up to two characters at label size, longer symbols smaller to fit.
                    let len = s.chars().count().max(2) as f64;
                    let fit = size * 2.0 / len;
                    let text = Text::new(s.to_string())
                        .set("x", num(c.x))
                        .set("y", num(c.y + 0.35 * fit));
                    if len > 2.0 {
                        text.set("font-size", num(fit))
                    } else {
                        text
                    }
                }
            }
            .set("fill", ink),
        );
    }
    let corner: Vec<String> = g
        .badge
        .iter()
        .cloned()
        .chain(items.map(|item| item.text()))
        .chain(g.button.map(|(_, n)| scene::switch_name(n)))
        .chain((!g.switched.is_empty()).then(|| scene::switch_tags(&g.switched)))
        .collect();
    if !corner.is_empty() {
        let (at, anchor) = geometry::badge_slot(tiling, cell);
        let text = corner.join(" ");
        let size = corner_size(tiling, view, &text);
        let corner = Text::new(text)
            .set("x", num(at.x))
            .set("y", num(at.y))
            .set("text-anchor", anchor);
        let corner = if size == 10.0 {
            corner.set("font-size", 10)
        } else {
            corner.set("font-size", num(size))
        };
        out.push(corner.set("font-weight", "bold").set("fill", ink));
    }
    if !g.target.is_empty() {
        let (at, anchor) = geometry::target_slot(tiling, cell);
        let names: Vec<String> = g.target.iter().map(|&n| scene::switch_name(n)).collect();
        out.push(
            Text::new(names.join(","))
                .set("x", num(at.x))
                .set("y", num(at.y))
                .set("text-anchor", anchor)
                .set("font-size", 10)
                .set("font-weight", "bold")
                .set("fill", ink),
        );
    }
    if let (Some(p), Some((at, anchor))) =
        (paint(paints, view), geometry::colour_slot(tiling, cell))
    {
        out.push(
            Text::new(p.short.clone())
                .set("x", num(at.x))
                .set("y", num(at.y))
                .set("text-anchor", anchor)
                .set("font-size", 9)
                .set("fill", ink),
        );
    }
    out
}

/// The font size of a cell's corner note: 10, or smaller for a long list of switches on a
/// bridge, so that it stays inside its cell.
fn corner_size(tiling: Tiling, view: &CellView, text: &str) -> f64 {
    let room = 2.0 * geometry::inradius(tiling) - 6.0;
    let wide = text_width(text, 10.0);
    if view.glyphs.switched.is_empty() || wide <= room {
        10.0
    } else {
        (10.0 * room / wide).max(6.5)
    }
}

/// The shapes of the cells' attributes (arrows, turns, rings), or `None` when no cell has
/// any, so that pictures of plain numbered mazes stay as they were.
pub(crate) fn glyphs(scene: &Scene, max_depth: u32, paints: &[Paint]) -> Option<Group> {
    let shapes = |v: &CellView| {
        !v.glyphs.arrows.is_empty()
            || v.glyphs.turn.is_some()
            || v.glyphs.ring
            || v.glyphs.button.is_some()
            || !v.glyphs.target.is_empty()
    };
    if !scene.cells.iter().any(shapes) {
        return None;
    }
    let tiling = scene.tiling;
    let rho = geometry::inradius(tiling);
    let size = geometry::label_size(tiling);
    let mut group = Group::new();
    for (i, view) in scene.cells.iter().enumerate() {
        if !shapes(view) {
            continue;
        }
        let g = &view.glyphs;
        let cell = cell_of(scene, i);
        let c = geometry::center(tiling, cell);
        let (_, ink) = fill(scene, i, max_depth, paints);
        let centre_text =
            view.label.is_some() || g.wildcard || g.piece.is_some() || g.symbol.is_some();
        if !g.arrows.is_empty() {
            // Around a text the arrows start outside it; without one a single arrow runs
            // through the centre, and several leave a hub, as one glyph.
            let start = if centre_text {
                0.5 * size + 0.1 * rho
            } else if g.arrows.len() == 1 {
                -0.5 * rho
            } else {
                group = group.add(
                    Circle::new()
                        .set("cx", num(c.x))
                        .set("cy", num(c.y))
                        .set("r", num(0.13 * rho))
                        .set("fill", ink),
                );
                0.2 * rho
            };
            for &towards in &g.arrows {
                let t = geometry::center(tiling, towards);
                let len = geometry::length(t.x - c.x, t.y - c.y);
                if len < 1e-9 {
                    continue;
                }
                let u = ((t.x - c.x) / len, (t.y - c.y) / len);
                group = group.add(
                    Path::new()
                        .set("class", "arrow")
                        .set("d", arrow_path(c, u, start, 0.8 * rho, rho))
                        .set("fill", ink),
                );
            }
        }
        if let Some(turn) = g.turn {
            for element in turn_glyph(turn, c, 0.42 * rho, (0.1 * rho).max(1.6), ink) {
                group = group.add(element);
            }
        }
        if g.ring {
            group = group.add(
                Circle::new()
                    .set("class", "ring")
                    .set("cx", num(c.x))
                    .set("cy", num(c.y))
                    .set("r", num(0.78 * rho))
                    .set("fill", "none")
                    .set("stroke", ink)
                    .set("stroke-width", num((0.07 * rho).max(1.5))),
            );
        }
        if let Some((button, _)) = g.button {
            // In the centre; beside a label, smaller in the bottom left corner.
            let (at, s) = if view.label.is_some() {
                (
                    Point {
                        x: c.x - 0.5 * rho,
                        y: c.y + 0.5 * rho,
                    },
                    0.4 * rho,
                )
            } else {
                (c, rho)
            };
            group = group.add(button_glyph(button, at, s, ink));
        }
        if !g.target.is_empty() {
            group = group.add(target_glyph(c, rho, ink));
        }
    }
    Some(group)
}

/// A switch's button around `c` for a cell of inradius `rho`, as the game draws them: a
/// round button, an X, or two arcs back to back `( )`. They differ in shape, so greyscale
/// keeps them apart: the round one is ink at its centre and a third of the way out, the X
/// at its centre and along its diagonals only, the arcs nowhere near the centre.
fn button_glyph(button: Button, c: Point, rho: f64, ink: &str) -> Group {
    let p = |dx: f64, dy: f64| format!("{},{}", num(c.x + dx * rho), num(c.y + dy * rho));
    let g = Group::new()
        .set("fill", "none")
        .set("stroke", ink.to_string());
    match button {
        Button::Soft => g.set("class", "button soft").add(
            Circle::new()
                .set("cx", num(c.x))
                .set("cy", num(c.y))
                .set("r", num(0.4 * rho))
                .set("fill", ink.to_string())
                .set("stroke-width", 1),
        ),
        Button::Heavy => g
            .set("class", "button heavy")
            .set("stroke-width", num(0.16 * rho))
            .set("stroke-linecap", "round")
            .add(Path::new().set(
                "d",
                format!(
                    "M{} L{} M{} L{}",
                    p(-0.38, -0.38),
                    p(0.38, 0.38),
                    p(0.38, -0.38),
                    p(-0.38, 0.38)
                ),
            )),
        Button::Split => g
            .set("class", "button split")
            .set("stroke-width", num(0.13 * rho))
            .set("stroke-linecap", "round")
            .add(Path::new().set(
                "d",
                format!(
                    "M{} A{r},{r} 0 0 0 {} M{} A{r},{r} 0 0 1 {}",
                    p(-0.15, -0.4),
                    p(-0.15, 0.4),
                    p(0.15, -0.4),
                    p(0.15, 0.4),
                    r = num(0.5 * rho)
                ),
            )),
    }
}

/// Where a split switch sends a cube: the outline of a cube, dashed, inside the cell.
fn target_glyph(c: Point, rho: f64, ink: &str) -> Rectangle {
    let half = 0.5 * rho;
    Rectangle::new()
        .set("class", "target")
        .set("x", num(c.x - half))
        .set("y", num(c.y - half))
        .set("width", num(2.0 * half))
        .set("height", num(2.0 * half))
        .set("fill", "none")
        .set("stroke", ink.to_string())
        .set("stroke-width", 1.5)
        .set("stroke-dasharray", "3 2")
}

/// An arrow from `start` to `tip` pixels along the unit vector `u` from `c`, as one closed
/// outline (shaft and head), sized for a cell of inradius `rho`. Too short for a shaft, it
/// is a head alone.
fn arrow_path(c: Point, u: (f64, f64), start: f64, tip: f64, rho: f64) -> String {
    let head = 0.36 * rho;
    let half_head = 0.22 * rho;
    let half_shaft = (0.06 * rho).max(1.0);
    let neck = (tip - head).max(start);
    // `along` pixels along the arrow and `across` to its left.
    let at = |along: f64, across: f64| {
        format!(
            "{},{}",
            num(c.x + u.0 * along + u.1 * across),
            num(c.y + u.1 * along - u.0 * across)
        )
    };
    let outline = if neck > start {
        vec![
            at(start, half_shaft),
            at(neck, half_shaft),
            at(neck, half_head),
            at(tip, 0.0),
            at(neck, -half_head),
            at(neck, -half_shaft),
            at(start, -half_shaft),
        ]
    } else {
        vec![at(neck, half_head), at(tip, 0.0), at(neck, -half_head)]
    };
    format!("M{}Z", outline.join(" L"))
}

/// A turn cell's glyph around `c` at scale `s`: a U-turn for a reflector, three quarters of
/// a circle ending in a head for a clockwise or anticlockwise turn (mirror images, so they
/// differ in shape, not colour). Arcs are SVG arcs: no trigonometry, so the bytes are the
/// same everywhere.
fn turn_glyph(turn: Turn, c: Point, s: f64, width: f64, ink: &str) -> [Path; 2] {
    let p = |dx: f64, dy: f64| format!("{},{}", num(c.x + dx), num(c.y + dy));
    let w = 0.38 * s;
    let (line, head) = match turn {
        Turn::Reflect => {
            let a = 0.5 * s;
            (
                format!(
                    "M{} L{} A{},{} 0 0 1 {} L{}",
                    p(-a, 0.9 * s),
                    p(-a, -0.1 * s),
                    num(a),
                    num(a),
                    p(a, -0.1 * s),
                    p(a, 0.3 * s)
                ),
                format!(
                    "M{} L{} L{}Z",
                    p(a - w, 0.3 * s),
                    p(a, 0.95 * s),
                    p(a + w, 0.3 * s)
                ),
            )
        }
        Turn::Clockwise | Turn::Anticlockwise => {
            // Clockwise runs from the top round by the right to the left side and heads up
            // again; anticlockwise is its mirror image.
            let (side, sweep) = if turn == Turn::Clockwise {
                (-1.0, 1)
            } else {
                (1.0, 0)
            };
            (
                format!(
                    "M{} A{},{} 0 1 {sweep} {}",
                    p(0.0, -s),
                    num(s),
                    num(s),
                    p(side * s, 0.0)
                ),
                format!(
                    "M{} L{} L{}Z",
                    p(side * s - w, 0.0),
                    p(side * s, -0.65 * s),
                    p(side * s + w, 0.0)
                ),
            )
        }
    };
    let class = match turn {
        Turn::Reflect => "turn reflect",
        Turn::Clockwise => "turn clockwise",
        Turn::Anticlockwise => "turn anticlockwise",
    };
    [
        Path::new()
            .set("class", class)
            .set("d", line)
            .set("fill", "none")
            .set("stroke", ink.to_string())
            .set("stroke-width", num(width))
            .set("stroke-linecap", "round"),
        Path::new()
            .set("class", class)
            .set("d", head)
            .set("fill", ink.to_string()),
    ]
}

fn walls(scene: &Scene) -> Group {
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

fn frame(scene: &Scene, board: Rect) -> Option<Group> {
    let r = board.grow(FRAME_GAP);
    if scene.exit {
        // In opposite corners, where straight exit arrows are least likely to pass.
        let label = |x: f64, y: f64, anchor: &str| {
            Text::new("EXIT")
                .set("x", num(x))
                .set("y", num(y))
                .set("text-anchor", anchor.to_string())
                .set("font-size", 11)
                .set("font-weight", "bold")
                .set("letter-spacing", 2)
                .set("fill", EXIT)
        };
        return Some(
            Group::new()
                .add(
                    r.element()
                        .set("fill", "none")
                        .set("stroke", EXIT)
                        .set("stroke-width", 3)
                        .set("stroke-dasharray", "10 4")
                        .set("rx", 4),
                )
                .add(label(r.x0 + 2.0, r.y0 - 5.0, "start"))
                .add(label(r.x1 - 2.0, r.y1 + 14.0, "end")),
        );
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

/// The solution's arrows, and their step numbers (drawn later, on top of everything).
fn solution(scene: &Scene, board: Rect) -> (Group, Group) {
    // Pieces that wrap around a torus leave through its frame and come back in.
    let clip_to = scene.torus.then(|| board.grow(FRAME_GAP));
    let mut placer = Placer::new(scene.tiling, clip_to, one_board_obstacles(scene));
    let placed: Vec<Placed> = scene.steps.iter().map(|s| placer.place(s)).collect();
    steps_drawn(&placed, 1)
}

/// The arrows and numbers of steps placed by a [`Placer`], numbered from `first`.
pub(crate) fn steps_drawn(placed: &[Placed], first: usize) -> (Group, Group) {
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
    (arrows, numbers)
}

/// The boxes (in board pixels) of the texts on the board that step numbers keep clear of:
/// with `all`, every cell's label and notes; otherwise only the notes of switches, bridges
/// and split targets (none on boards without them, whose pictures stay as they were).
pub(crate) fn text_boxes(scene: &Scene, all: bool) -> Vec<Rect> {
    let tiling = scene.tiling;
    let size = geometry::label_size(tiling);
    let mut boxes = Vec::new();
    // A text of `width` with its baseline from `x` to `x + width` at `y`, `size` high.
    let mut add = |x: f64, y: f64, width: f64, size: f64| {
        boxes.push(
            Rect {
                x0: x,
                y0: y - 0.75 * size,
                x1: x + width,
                y1: y + 0.05 * size,
            }
            .grow(2.0),
        );
    };
    for (i, view) in scene.cells.iter().enumerate() {
        let g = &view.glyphs;
        let cell = cell_of(scene, i);
        let c = geometry::center(tiling, cell);
        let ours = g.button.is_some() || !g.switched.is_empty();
        if all && let Some(label) = &view.label {
            let w = text_width(label, size);
            add(c.x - w / 2.0, c.y + 0.35 * size, w, size);
        }
        let corner: Vec<String> = g
            .badge
            .iter()
            .cloned()
            .chain(g.button.map(|(_, n)| scene::switch_name(n)))
            .chain((!g.switched.is_empty()).then(|| scene::switch_tags(&g.switched)))
            .collect();
        if !corner.is_empty() && (all || ours) {
            let text = corner.join(" ");
            let size = corner_size(tiling, view, &text);
            let w = text_width(&text, size);
            let (at, anchor) = geometry::badge_slot(tiling, cell);
            let x = match anchor {
                "end" => at.x - w,
                "middle" => at.x - w / 2.0,
                _ => at.x,
            };
            add(x, at.y, w, size);
        }
        if !g.target.is_empty() {
            let names: Vec<String> = g.target.iter().map(|&n| scene::switch_name(n)).collect();
            let (at, _) = geometry::target_slot(tiling, cell);
            add(at.x, at.y, text_width(&names.join(","), 10.0), 10.0);
        }
    }
    boxes
}

/// What the step numbers of a one-board solution keep clear of: on a board with rulers
/// (whose answer names cells: a rolling block with bridges, switches or several blocks),
/// every text; on others only the notes of switches, bridges and split targets, which they
/// do not have, so that their pictures stay as they always were.
pub(crate) fn one_board_obstacles(scene: &Scene) -> Vec<Rect> {
    text_boxes(scene, scene.rulers)
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
pub(crate) struct Placed {
    pub lines: Vec<(Point, Point, bool)>,
    pub label: Option<Point>,
    pub clear: bool,
    pub repeat: bool,
}

/// Places a solution's steps one after the other: arrows keep to the right of the line
/// between centres (further for repeats), numbers go to the first clear spot beside their
/// arrow.
pub(crate) struct Placer {
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
    pub(crate) fn new(tiling: Tiling, clip_to: Option<Rect>, obstacles: Vec<Rect>) -> Placer {
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
    pub(crate) fn numbered_from(mut self, first: usize) -> Placer {
        self.next = first;
        self
    }

    pub(crate) fn place(&mut self, step: &Step) -> Placed {
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

/// One entry of the key: a swatch and its explanation.
enum Swatch {
    Mark(&'static str, &'static str),
    Fill(&'static str),
    Hole,
    Wall,
    Frame(&'static str, &'static str),
    Arrow,
    Text,
    /// A text that stays on one line with the entries after it that are not text (the
    /// colours after `colours:`), where the line has room for them all.
    Heading,
    /// The end of a line, unless the line is empty: after the colours, so that the next
    /// entry's swatch does not read as one more colour.
    Break,
    /// A cell's arrow glyph.
    CellArrow,
    /// A turn cell's glyph.
    Turn(Turn),
    /// A circled cell's ring.
    Ring,
    /// Letters as a cell shows them, in the piece face when `true`.
    Letter(String, bool),
    /// A colour's fill, hatched or not.
    Paint((u8, u8, u8), bool),
    /// A bridge, on or off.
    Bridge(bool),
    /// A switch's button.
    Button(Button),
    /// A split target's dashed cube with a switch's name.
    Target,
    /// A block where it stands in an answer frame.
    Body,
}

/// The legend (key, then the depth scale) in picture coordinates below the board, and its
/// height.
fn legend(
    scene: &Scene,
    width: f64,
    max_depth: u32,
    paints: &[Paint],
    frames: bool,
) -> (Group, f64) {
    let has = |kind: CellKind| scene.cells.iter().any(|v| v.kind == kind);
    let mut key: Vec<(Swatch, String)> = Vec::new();
    for role in [Role::Start, Role::Goal] {
        if scene.marks.iter().any(|m| m.role == role) {
            key.push(match role {
                Role::Start => (Swatch::Mark(START_FILL, START_EDGE), "start".into()),
                Role::Goal => (Swatch::Mark(GOAL_FILL, GOAL_EDGE), "goal".into()),
            });
        }
    }
    if scene.exit {
        key.push((
            Swatch::Frame(EXIT, "10 4"),
            "goal: jump off the board".into(),
        ));
    }
    if scene.torus {
        key.push((
            Swatch::Frame(TORUS, "8 5"),
            "torus: edges wrap around".into(),
        ));
    }
    if !scene.walls.is_empty() {
        key.push((Swatch::Wall, "wall".into()));
    }
    if has(CellKind::Blocked) {
        key.push((Swatch::Fill(BLOCKED), "blocked".into()));
    }
    if has(CellKind::Hole) {
        key.push((Swatch::Hole, "hole: fly over, never land".into()));
    }
    if has(CellKind::Empty) {
        key.push((Swatch::Fill(EMPTY), "empty: fly over, never land".into()));
    }
    if has(CellKind::DeadEnd) && scene.depths.is_none() {
        key.push((Swatch::Fill(DEAD_END), "dead end".into()));
    }
    if has(CellKind::Fragile) {
        key.push((Swatch::Fill(FRAGILE), "fragile".into()));
    }
    if has(CellKind::Bridge { on: true }) {
        key.push((Swatch::Bridge(true), "bridge, on".into()));
    }
    if has(CellKind::Bridge { on: false }) {
        key.push((
            Swatch::Bridge(false),
            "bridge, off: no floor until turned on".into(),
        ));
    }
    key.extend(attribute_key(scene, paints));
    if let Some(depths) = &scene.depths
        && depths
            .iter()
            .zip(&scene.cells)
            .any(|(d, v)| d.is_none() && is_shaded(v.kind))
    {
        key.push((Swatch::Fill(UNREACHABLE), "unreachable".into()));
    }
    if let Some(note) = &scene.solution_note {
        let swatch = if scene.steps.is_empty() {
            Swatch::Text
        } else {
            Swatch::Arrow
        };
        key.push((swatch, note.clone()));
    }
    if frames {
        key.push((
            Swatch::Body,
            "in the frames below: a block or cube before the frame's first move".into(),
        ));
    }

    let mut group = Group::new()
        .set("font-size", num(LEGEND_FONT))
        .set("fill", INK);
    let (mut x, mut y) = (PAD, 0.0);
    let right = width - PAD;
    let swatch_w = |swatch: &Swatch| {
        if matches!(swatch, Swatch::Text | Swatch::Heading | Swatch::Break) {
            0.0
        } else {
            20.0
        }
    };
    let width_of =
        |(swatch, text): &(Swatch, String)| swatch_w(swatch) + text_width(text, LEGEND_FONT) + 12.0;
    let mut broken = false;
    for (i, entry) in key.iter().enumerate() {
        let (swatch, text) = entry;
        if matches!(swatch, Swatch::Break) {
            // Taken when the next entry comes: a break at the end adds no empty line.
            broken = true;
            continue;
        }
        if std::mem::take(&mut broken) && x > PAD {
            x = PAD;
            y += LEGEND_LINE;
        }
        let (swatch_w, item_w) = (swatch_w(swatch), width_of(entry));
        let mut keep_w = item_w;
        if matches!(swatch, Swatch::Heading) {
            let group: f64 = key[i..]
                .iter()
                .skip(1)
                .take_while(|(s, _)| !matches!(s, Swatch::Text | Swatch::Heading | Swatch::Break))
                .map(width_of)
                .sum();
            if item_w + group <= right - PAD {
                keep_w += group;
            }
        }
        if x > PAD && x + keep_w > right {
            x = PAD;
            y += LEGEND_LINE;
        }
        group = group.add(swatch_element(swatch, x, y));
        group = group.add(
            Text::new(text.clone())
                .set("x", num(x + swatch_w))
                .set("y", num(y + 11.0)),
        );
        x += item_w;
    }
    let mut height = if key.is_empty() { 0.0 } else { y + LEGEND_LINE };
    if scene.depths.is_some() {
        let y = height;
        group = group.add(
            Text::new("fewest moves from the start:")
                .set("x", num(PAD))
                .set("y", num(y + 11.0)),
        );
        let values: Vec<u32> = if max_depth <= 15 {
            (0..=max_depth).collect()
        } else {
            let mut v: Vec<u32> = (0..=10).map(|i| (i * max_depth + 5) / 10).collect();
            v.dedup();
            v
        };
        let w = ((width - 2.0 * PAD) / values.len() as f64).min(24.0);
        let y = y + 16.0;
        for (k, &d) in values.iter().enumerate() {
            let rgb = ramp(d, max_depth);
            let x = PAD + k as f64 * w;
            group = group
                .add(
                    Rectangle::new()
                        .set("x", num(x))
                        .set("y", num(y))
                        .set("width", num(w))
                        .set("height", 16)
                        .set("fill", hex(rgb))
                        .set("stroke", GRID)
                        .set("stroke-width", 0.5),
                )
                .add(
                    Text::new(d.to_string())
                        .set("x", num(x + w / 2.0))
                        .set("y", num(y + 12.0))
                        .set("font-size", 9)
                        .set("text-anchor", "middle")
                        .set("fill", ink_on(rgb)),
                );
        }
        height = y + 16.0 + 4.0;
    }
    (group, height)
}

/// The key's entries for the cells' attributes, only those some cell has: what each glyph
/// stands for, and the fill of every colour name.
fn attribute_key(scene: &Scene, paints: &[Paint]) -> Vec<(Swatch, String)> {
    let any = |f: &dyn Fn(&CellView) -> bool| scene.cells.iter().any(f);
    let mut key: Vec<(Swatch, String)> = Vec::new();
    if any(&|v| !v.glyphs.arrows.is_empty()) {
        key.push((Swatch::CellArrow, "arrow: a direction to move".into()));
    }
    for (turn, text) in [
        (Turn::Reflect, "reflector: back the way you came"),
        (Turn::Clockwise, "turn clockwise"),
        (Turn::Anticlockwise, "turn anticlockwise"),
    ] {
        if any(&|v| v.glyphs.turn == Some(turn)) {
            key.push((Swatch::Turn(turn), text.into()));
        }
    }
    if any(&|v| v.glyphs.ring) {
        key.push((Swatch::Ring, "circled".into()));
    }
    if any(&|v| v.glyphs.wildcard) {
        key.push((Swatch::Letter("*".into(), false), "wildcard".into()));
    }
    if any(&|v| {
        v.label
            .as_deref()
            .is_some_and(|l| l.starts_with(['+', '\u{2212}']))
    }) {
        key.push((
            Swatch::Letter("\u{b1}".into(), false),
            "signed number".into(),
        ));
    }
    for piece in Piece::ALL {
        if any(&|v| v.glyphs.piece == Some(piece)) {
            let name = match piece {
                Piece::King => "king",
                Piece::Queen => "queen",
                Piece::Rook => "rook",
                Piece::Bishop => "bishop",
                Piece::Knight => "knight",
                Piece::Pawn => "pawn",
            };
            key.push((Swatch::Letter(piece.letter().into(), true), name.into()));
        }
    }
    let symbols: BTreeSet<&str> = scene
        .cells
        .iter()
        .filter_map(|v| v.glyphs.symbol.as_deref())
        .collect();
    if !symbols.is_empty() {
        let list: Vec<&str> = symbols.into_iter().collect();
        key.push((Swatch::Text, format!("symbols: {}", list.join(" "))));
    }
    for (button, text) in [
        (
            Button::Soft,
            "soft switch: pressed by any part of the block",
        ),
        (
            Button::Heavy,
            "heavy switch: pressed by the block standing on it",
        ),
        (
            Button::Split,
            "split switch: the block standing on it splits into two cubes",
        ),
    ] {
        if any(&|v| v.glyphs.button.is_some_and(|(b, _)| b == button)) {
            key.push((Swatch::Button(button), text.into()));
        }
    }
    if any(&|v| v.glyphs.button.is_some()) {
        key.push((
            Swatch::Letter("A".into(), false),
            "a switch's name, in its corner".into(),
        ));
    }
    for (act, text) in [
        (Act::On, "switch A turns this bridge on"),
        (Act::Off, "switch A turns this bridge off"),
        (
            Act::Toggle,
            "switch A turns this bridge on if off, off if on",
        ),
    ] {
        if any(&|v| v.glyphs.switched.iter().any(|&(_, a)| a == act)) {
            key.push((
                Swatch::Letter(format!("A{}", act.sign()), false),
                text.into(),
            ));
        }
    }
    if any(&|v| !v.glyphs.target.is_empty()) {
        key.push((Swatch::Target, "split switch A sends a cube here".into()));
    }
    for (label, text) in &scene.label_key {
        key.push((Swatch::Letter(label.clone(), false), text.clone()));
    }
    if !paints.is_empty() {
        key.push((Swatch::Heading, "colours:".into()));
        for p in paints {
            key.push((Swatch::Paint(p.rgb, p.hatch), p.name.clone()));
        }
        key.push((Swatch::Break, String::new()));
    }
    key
}

fn swatch_element(swatch: &Swatch, x: f64, y: f64) -> Group {
    let square = || {
        Rectangle::new()
            .set("x", num(x))
            .set("y", num(y))
            .set("width", 14)
            .set("height", 14)
    };
    let g = Group::new();
    match *swatch {
        Swatch::Mark(fill, edge) => g.add(
            square()
                .set("fill", fill)
                .set("fill-opacity", 0.35)
                .set("stroke", edge)
                .set("stroke-width", 2.5),
        ),
        Swatch::Fill(fill) => g.add(
            square()
                .set("fill", fill)
                .set("stroke", GRID)
                .set("stroke-width", 1),
        ),
        Swatch::Hole => g
            .add(
                square()
                    .set("fill", FLOOR)
                    .set("stroke", GRID)
                    .set("stroke-width", 1),
            )
            .add(
                Circle::new()
                    .set("cx", num(x + 7.0))
                    .set("cy", num(y + 7.0))
                    .set("r", 4.5)
                    .set("fill", HOLE),
            ),
        Swatch::Wall => g.add(
            Line::new()
                .set("x1", num(x + 7.0))
                .set("y1", num(y))
                .set("x2", num(x + 7.0))
                .set("y2", num(y + 14.0))
                .set("stroke", WALL)
                .set("stroke-width", 5)
                .set("stroke-linecap", "round"),
        ),
        Swatch::Frame(color, dash) => g.add(
            square()
                .set("fill", "none")
                .set("stroke", color)
                .set("stroke-width", 2)
                .set("stroke-dasharray", dash),
        ),
        Swatch::Arrow => g.add(
            Line::new()
                .set("x1", num(x))
                .set("y1", num(y + 7.0))
                .set("x2", num(x + 13.0))
                .set("y2", num(y + 7.0))
                .set("stroke", ARROW)
                .set("stroke-width", 2.5)
                .set("marker-end", "url(#arrowhead)"),
        ),
        Swatch::Text | Swatch::Heading | Swatch::Break => g,
        Swatch::CellArrow => g.add(
            Path::new()
                .set(
                    "d",
                    arrow_path(Point { x, y: y + 7.0 }, (1.0, 0.0), 1.0, 14.0, 16.0),
                )
                .set("fill", INK),
        ),
        Swatch::Turn(turn) => {
            let [line, head] = turn_glyph(
                turn,
                Point {
                    x: x + 7.0,
                    y: y + 7.0,
                },
                6.0,
                1.6,
                INK,
            );
            g.add(line).add(head)
        }
        Swatch::Ring => g.add(
            Circle::new()
                .set("cx", num(x + 7.0))
                .set("cy", num(y + 7.0))
                .set("r", 6)
                .set("fill", "none")
                .set("stroke", INK)
                .set("stroke-width", 1.5),
        ),
        Swatch::Letter(ref text, piece) => {
            // Two or more letters (a switch's tag, `S2`) smaller, to keep to the swatch.
            let letter = Text::new(text.clone())
                .set("x", num(x + 7.0))
                .set("y", num(y + 12.0))
                .set("font-size", if text.chars().count() > 1 { 11 } else { 14 })
                .set("text-anchor", "middle");
            g.add(if piece {
                letter
                    .set("font-family", PIECE_FONT)
                    .set("font-weight", "bold")
            } else {
                letter
            })
        }
        Swatch::Bridge(on) => {
            let corners = [
                Point { x, y },
                Point { x: x + 14.0, y },
                Point {
                    x: x + 14.0,
                    y: y + 14.0,
                },
                Point { x, y: y + 14.0 },
            ];
            g.add(
                square()
                    .set("fill", if on { BRIDGE } else { BRIDGE_OFF })
                    .set("stroke", GRID)
                    .set("stroke-width", 1),
            )
            .add(bridge(&corners, on))
        }
        Swatch::Button(button) => g.add(button_glyph(
            button,
            Point {
                x: x + 7.0,
                y: y + 7.0,
            },
            16.0,
            INK,
        )),
        Swatch::Target => g
            .add(target_glyph(
                Point {
                    x: x + 7.0,
                    y: y + 7.0,
                },
                14.0,
                INK,
            ))
            .add(
                Text::new("A")
                    .set("x", num(x + 7.0))
                    .set("y", num(y + 11.0))
                    .set("font-size", 10)
                    .set("font-weight", "bold")
                    .set("text-anchor", "middle"),
            ),
        Swatch::Body => g.add(body_shape(
            Point { x, y },
            Point {
                x: x + 14.0,
                y: y + 14.0,
            },
            1.0,
        )),
        Swatch::Paint(rgb, hatch) => {
            let g = g.add(
                square()
                    .set("fill", hex(rgb))
                    .set("stroke", GRID)
                    .set("stroke-width", 1),
            );
            if hatch {
                g.add(square().set("fill", HATCH))
            } else {
                g
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::{CellView, Mark, Step};

    /// A board in the shape of a rolling-block level: floor, no floor (void), fragile floor,
    /// a 1 x 2 block lying at the start and a one-cell goal. This is the scene a rolling-block
    /// variant builds; drawing it needs nothing else.
    fn block_scene() -> Scene {
        let rows = ["..#", "..w", "#.."];
        let cells = rows
            .iter()
            .flat_map(|r| r.chars())
            .map(|ch| {
                CellView::plain(match ch {
                    '#' => CellKind::Void,
                    'w' => CellKind::Fragile,
                    _ => CellKind::Floor,
                })
            })
            .collect();
        Scene {
            tiling: Tiling::Square,
            rows: 3,
            cols: 3,
            cells,
            walls: Vec::new(),
            marks: vec![
                Mark {
                    role: Role::Start,
                    cells: vec![(0, 0), (0, 1)],
                },
                Mark {
                    role: Role::Goal,
                    cells: vec![(2, 2)],
                },
            ],
            torus: false,
            exit: false,
            title: "Rolling block · 3 × 3".to_string(),
            steps: vec![Step {
                pieces: vec![(Anchor::span((0, 0), (0, 1)), Anchor::span((1, 1), (2, 1)))],
            }],
            solution_note: Some("solution: 1 move".to_string()),
            depths: Some(vec![
                Some(0),
                Some(0),
                None,
                Some(2),
                Some(1),
                None,
                None,
                Some(1),
                None,
            ]),
            rulers: false,
            label_key: Vec::new(),
            answer: Vec::new(),
        }
    }

    #[test]
    fn a_block_board_draws_footprints_void_fragile_and_rolls() {
        let svg = draw(&block_scene());
        // Seven floor cells drawn, the two void ones not.
        let cells = svg
            .split("<g stroke=\"#9e9e9e\"")
            .nth(1)
            .and_then(|rest| rest.split("</g>").next())
            .unwrap();
        assert_eq!(
            cells.matches("<polygon").count(),
            7 + 1,
            "7 cells + fragile outline"
        );
        assert!(!cells.contains("points=\"96,0 "), "void (0,2) is not drawn");
        // The block at the start is one shape around both of its cells.
        assert!(svg.contains("points=\"3.5,3.5 92.5,3.5 92.5,44.5 3.5,44.5\""));
        // The fragile cell is unreached (hatched) and keeps a dashed outline.
        assert!(svg.contains(FRAGILE_EDGE));
        assert!(svg.contains("url(#unreachable)"));
        // The roll runs from the footprint's centre (48,24) towards the next one's (72,96),
        // inset 0.22 cells at both ends and 6px to the right (worked by hand).
        assert!(svg.contains(
            "<line marker-end=\"url(#arrowhead)\" x1=\"45.65\" x2=\"62.97\" y1=\"35.92\" y2=\"87.88\"/>"
        ));
        assert!(svg.contains("<title>"));
        assert_eq!(svg, draw(&block_scene()), "drawing is deterministic");
    }

    #[test]
    fn numbers_are_written_with_at_most_two_decimals() {
        assert_eq!(num(10.0), "10");
        assert_eq!(num(0.5), "0.5");
        assert_eq!(num(24.248_711), "24.25");
        assert_eq!(num(-0.001), "0");
        assert_eq!(num(-3.1), "-3.1");
        assert_eq!(num(100.0), "100");
    }

    #[test]
    fn clipping_keeps_the_inside_part_of_a_segment() {
        let r = Rect {
            x0: 0.0,
            y0: 0.0,
            x1: 10.0,
            y1: 10.0,
        };
        let p = |x, y| Point { x, y };
        let (a, b) = clip(p(5.0, 5.0), p(15.0, 5.0), r).unwrap();
        assert_eq!((a, b), (p(5.0, 5.0), p(10.0, 5.0)));
        let (a, b) = clip(p(-5.0, 5.0), p(5.0, 5.0), r).unwrap();
        assert_eq!((a, b), (p(0.0, 5.0), p(5.0, 5.0)));
        assert!(clip(p(11.0, 0.0), p(20.0, 5.0), r).is_none());
        assert!(clip(p(-1.0, 12.0), p(12.0, 11.0), r).is_none());
    }

    /// A 2 x 3 board with one cell per kind of glyph.
    fn glyph_scene() -> Scene {
        use crate::scene::Glyphs;
        let with = |glyphs: Glyphs| CellView {
            glyphs,
            ..CellView::plain(CellKind::Floor)
        };
        let cells = vec![
            with(Glyphs {
                arrows: vec![(0, 2), (2, 0)],
                colour: Some("r".into()),
                ..Glyphs::default()
            }),
            with(Glyphs {
                turn: Some(Turn::Clockwise),
                colour: Some("y".into()),
                ..Glyphs::default()
            }),
            CellView::plain(CellKind::Empty),
            CellView {
                glyphs: Glyphs {
                    ring: true,
                    ..Glyphs::default()
                },
                ..CellView::labelled(CellKind::Floor, "\u{2212}2")
            },
            with(Glyphs {
                piece: Some(Piece::Knight),
                symbol: Some("X".into()),
                ..Glyphs::default()
            }),
            with(Glyphs {
                wildcard: true,
                badge: Some("G".into()),
                ..Glyphs::default()
            }),
        ];
        Scene {
            cells,
            rows: 2,
            cols: 3,
            marks: Vec::new(),
            steps: Vec::new(),
            solution_note: None,
            depths: None,
            title: "Glyphs".into(),
            ..block_scene()
        }
    }

    #[test]
    fn every_attribute_has_a_glyph_and_a_legend_entry() {
        let svg = draw(&glyph_scene());
        assert_eq!(svg.matches("class=\"arrow\"").count(), 2);
        // Two paths per turn glyph on the board, two in the legend.
        assert_eq!(svg.matches("class=\"turn clockwise\"").count(), 4);
        assert_eq!(svg.matches("class=\"ring\"").count(), 1);
        assert!(svg.contains("fill=\"url(#empty)\""));
        assert!(svg.contains("<pattern height=\"8\" id=\"empty\""));
        // The knight takes the centre in the piece face, the symbol the corner.
        assert!(svg.contains(&format!(
            "font-family=\"{PIECE_FONT}\" font-weight=\"bold\""
        )));
        assert!(svg.contains(">\nX\n</text>") && svg.contains(">\nN\n</text>"));
        assert!(svg.contains(">\n*\n</text>") && svg.contains(">\nG\n</text>"));
        let legend = &svg[svg.find("font-size=\"12\" transform").unwrap()..];
        for entry in [
            "empty: fly over, never land",
            "arrow: a direction to move",
            "turn clockwise",
            "circled",
            "wildcard",
            "signed number",
            "knight",
            "symbols: X",
            "colours:",
        ] {
            assert!(legend.contains(entry), "{entry}");
        }
        for absent in ["reflector", "anticlockwise", "king", "hole"] {
            assert!(!legend.contains(absent), "{absent}");
        }
        // Two colours: two fills, the lighter one first in the legend.
        let paints = palette::palette(["r", "y"]);
        assert_eq!(paints[0].name, "y");
        for p in &paints {
            assert!(
                svg.contains(&format!("fill=\"{}\"", hex(p.rgb))),
                "{}",
                p.name
            );
        }
        assert_eq!(svg, draw(&glyph_scene()), "deterministic");
    }

    #[test]
    fn beyond_six_colours_every_other_one_is_hatched() {
        use crate::scene::Glyphs;
        let names = ["a", "b", "c", "d", "e", "f", "g", "h"];
        let cells = names
            .iter()
            .map(|name| CellView {
                glyphs: Glyphs {
                    colour: Some(name.to_string()),
                    ..Glyphs::default()
                },
                ..CellView::plain(CellKind::Floor)
            })
            .collect();
        let scene = Scene {
            cells,
            rows: 2,
            cols: 4,
            ..glyph_scene()
        };
        let svg = draw(&scene);
        assert!(svg.contains("<pattern height=\"6\" id=\"hatch\""));
        // Four cells and four legend swatches.
        assert_eq!(svg.matches("fill=\"url(#hatch)\"").count(), 8);
    }

    #[test]
    fn scenes_without_attributes_draw_no_glyphs() {
        let svg = draw(&block_scene());
        for glyph in [
            "class=",
            "url(#empty)",
            "url(#hatch)",
            PIECE_FONT,
            "colours:",
        ] {
            assert!(!svg.contains(glyph), "{glyph}");
        }
    }

    #[test]
    fn the_depth_ramp_runs_from_its_first_to_its_last_colour() {
        assert_eq!(ramp(0, 7), RAMP[0]);
        assert_eq!(ramp(7, 7), RAMP[4]);
        assert_eq!(ramp(0, 0), RAMP[0]);
        let mid = ramp(2, 4);
        assert_eq!(mid, RAMP[2]);
        assert_eq!(hex((255, 0, 16)), "#ff0010");
        // Every ramp colour keeps dark ink legible except the darkest end.
        assert_eq!(ink_on(RAMP[0]), INK);
        assert_eq!(ink_on((0, 0, 0)), "#ffffff");
    }
}
