//! What stands in a cell: its number, the texts of its attributes (wildcard, piece, symbol,
//! badge, switch names, colour name) and the shapes of the others (arrows, turns, rings,
//! buttons, split targets).

use svg::node::element::{Circle, Group, Path, Rectangle, Text};

use super::layout::cell_of;
use super::style::{PIECE_FONT, num, text_width};
use super::tiles::{fill, paint};
use crate::geometry::{self, Point};
use crate::palette::Paint;
use maze_variants::{Piece, Tiling, Turn};
use maze_view::scene::{self, Button, CellKind, CellView, Scene};

pub(super) fn labels(scene: &Scene, max_depth: u32, paints: &[Paint]) -> Group {
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
        .chain(g.teleport.clone())
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
pub(super) fn corner_size(tiling: Tiling, view: &CellView, text: &str) -> f64 {
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
pub(super) fn glyphs(scene: &Scene, max_depth: u32, paints: &[Paint]) -> Option<Group> {
    let shapes = |v: &CellView| {
        !v.glyphs.arrows.is_empty()
            || v.glyphs.turn.is_some()
            || v.glyphs.ring
            || v.glyphs.button.is_some()
            || !v.glyphs.target.is_empty()
            || v.glyphs.teleport.is_some()
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
            group = group.add(ring("ring", c, 0.78, rho, ink));
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
        if g.teleport.is_some() {
            group = group.add(teleport_glyph(c, rho, ink));
        }
    }
    Some(group)
}

/// A teleport: a dashed ring close inside the cell's edge, apart from a circled cell's
/// solid one by its dashes in any colour or greyscale.
pub(super) fn teleport_glyph(c: Point, rho: f64, ink: &str) -> Circle {
    ring("teleport", c, 0.9, rho, ink).set("stroke-dasharray", num((0.25 * rho).max(3.0)))
}

/// A ring of class `class` around `c`, `size` times the inradius `rho` across from the
/// centre, stroked in `ink`.
fn ring(class: &str, c: Point, size: f64, rho: f64, ink: &str) -> Circle {
    Circle::new()
        .set("class", class)
        .set("cx", num(c.x))
        .set("cy", num(c.y))
        .set("r", num(size * rho))
        .set("fill", "none")
        .set("stroke", ink)
        .set("stroke-width", num((0.07 * rho).max(1.5)))
}

/// A switch's button around `c` for a cell of inradius `rho`, as the game draws them: a
/// round button, an X, or two arcs back to back `( )`. They differ in shape, so greyscale
/// keeps them apart: the round one is ink at its centre and a third of the way out, the X
/// at its centre and along its diagonals only, the arcs nowhere near the centre.
pub(super) fn button_glyph(button: Button, c: Point, rho: f64, ink: &str) -> Group {
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
pub(super) fn target_glyph(c: Point, rho: f64, ink: &str) -> Rectangle {
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
pub(super) fn arrow_path(c: Point, u: (f64, f64), start: f64, tip: f64, rho: f64) -> String {
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
pub(super) fn turn_glyph(turn: Turn, c: Point, s: f64, width: f64, ink: &str) -> [Path; 2] {
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
