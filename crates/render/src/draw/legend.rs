//! The key below the board: a swatch and a line of text for every kind of cell, mark and
//! attribute the picture shows, then the depth scale.

use std::collections::BTreeSet;

use svg::node::element::{Circle, Group, Line, Path, Rectangle, Text};

use super::gates;
use super::glyphs::{arrow_path, button_glyph, target_glyph, turn_glyph};
use super::layout::PAD;
use super::style::{
    ARROW, EXIT, GOAL_EDGE, GOAL_FILL, GRID, HATCH, HOLE, INK, PIECE_FONT, START_EDGE, START_FILL,
    TORUS, UNREACHABLE, WALL, hex, ink_on, num, ramp, text_width,
};
use super::tiles::{KEY_ORDER, body_shape, bridge, is_shaded, look};
use crate::geometry::Point;
use crate::palette::Paint;
use maze_variants::{Piece, Turn};
use maze_view::scene::{Act, Button, CellKind, CellView, Role, Scene};

/// Legend line height and font size.
const LEGEND_LINE: f64 = 22.0;
const LEGEND_FONT: f64 = 12.0;

/// One entry of the key: a swatch and its explanation.
enum Swatch {
    Mark(&'static str, &'static str),
    Fill(&'static str),
    /// A cell of a kind, as the board draws it.
    Cell(CellKind),
    /// A teleport's dashed ring.
    Teleport,
    Wall,
    /// A one-way wall or a door.
    Gate(gates::Look),
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
    /// A switch's button.
    Button(Button),
    /// A split target's dashed cube with a switch's name.
    Target,
    /// A block where it stands in an answer frame.
    Body,
    /// A move's badge on the cell it reaches.
    Badge,
}

/// The legend (key, then the depth scale) in picture coordinates below the board, and its
/// height.
pub(super) fn legend(
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
    for look in gates::looks(scene) {
        key.push((Swatch::Gate(look), gates::words(look).into()));
    }
    for kind in KEY_ORDER {
        let look = look(kind);
        if let Some(text) = look.key
            && has(kind)
            && (look.key_under_depths || scene.depths.is_none())
        {
            key.push((Swatch::Cell(kind), text.into()));
        }
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
        key.push(match () {
            _ if scene.steps.is_empty() => (Swatch::Text, note.clone()),
            // A jumping answer: badges on the cells the moves reach (see `visits`).
            _ if scene.answer.is_empty() => (Swatch::Badge, "the moves that reach a cell".into()),
            _ => (Swatch::Arrow, note.clone()),
        });
        if !scene.steps.is_empty() && scene.answer.is_empty() {
            key.push((Swatch::Text, note.clone()));
        }
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
    if any(&|v| v.glyphs.teleport.is_some()) {
        key.push((
            Swatch::Teleport,
            "teleport: stopping on it goes on to the other cell of its name".into(),
        ));
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
        Swatch::Mark(fill, edge) => {
            let g = g.add(
                square()
                    .set("fill", fill)
                    .set("fill-opacity", 0.35)
                    .set("stroke", edge)
                    .set("stroke-width", 2.5),
            );
            // The start's double outline, as on the board.
            if edge == START_EDGE {
                g.add(
                    Rectangle::new()
                        .set("x", num(x + 4.0))
                        .set("y", num(y + 4.0))
                        .set("width", 6)
                        .set("height", 6)
                        .set("fill", "none")
                        .set("stroke", edge)
                        .set("stroke-width", 1),
                )
            } else {
                g
            }
        }
        Swatch::Fill(fill) => g.add(
            square()
                .set("fill", fill)
                .set("stroke", GRID)
                .set("stroke-width", 1),
        ),
        Swatch::Cell(kind) => {
            let g = g.add(
                square()
                    .set("fill", look(kind).fill)
                    .set("stroke", GRID)
                    .set("stroke-width", 1),
            );
            match kind {
                CellKind::Hole => g.add(
                    Circle::new()
                        .set("cx", num(x + 7.0))
                        .set("cy", num(y + 7.0))
                        .set("r", 4.5)
                        .set("fill", HOLE),
                ),
                CellKind::Bridge { on } => {
                    let corners = [
                        Point { x, y },
                        Point { x: x + 14.0, y },
                        Point {
                            x: x + 14.0,
                            y: y + 14.0,
                        },
                        Point { x, y: y + 14.0 },
                    ];
                    g.add(bridge(&corners, on))
                }
                _ => g,
            }
        }
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
        Swatch::Gate(look) => g.add(gates::gate(
            look,
            Point { x: x + 7.0, y },
            Point {
                x: x + 7.0,
                y: y + 14.0,
            },
            (1.0, 0.0),
        )),
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
        Swatch::Badge => g
            .add(
                Rectangle::new()
                    .set("x", num(x))
                    .set("y", num(y + 0.5))
                    .set("width", 11)
                    .set("height", 13)
                    .set("rx", 3)
                    .set("fill", "#ffffff")
                    .set("stroke", ARROW)
                    .set("stroke-width", 1.3),
            )
            .add(
                Text::new("1")
                    .set("x", num(x + 5.5))
                    .set("y", num(y + 10.5))
                    .set("text-anchor", "middle")
                    .set("font-size", 10)
                    .set("font-weight", "bold")
                    .set("fill", ARROW),
            ),
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
        Swatch::Teleport => g.add(
            super::glyphs::teleport_glyph(
                Point {
                    x: x + 7.0,
                    y: y + 7.0,
                },
                7.0,
                INK,
            )
            .set("stroke-width", 1.5)
            .set("stroke-dasharray", 3),
        ),
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
