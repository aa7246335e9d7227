//! Whole pictures drawn from small scenes, and the number formatting and depth ramp they
//! rely on.

use super::draw;
use super::layout::{Rect, clip};
use super::style::{FRAGILE_EDGE, INK, PIECE_FONT, RAMP, hex, ink_on, num, ramp};
use crate::geometry::Point;
use crate::palette;
use maze_variants::{Piece, Tiling, Turn};
use maze_view::scene::{Anchor, CellKind, CellView, Mark, Move, Position, Role, Scene, Step};

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
        gates: Vec::new(),
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
        rules: Vec::new(),
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
        // A rolling-block scene tells its answer move by move too, as `maze-view` builds it.
        answer: vec![Move {
            step: Step {
                pieces: vec![(Anchor::span((0, 0), (0, 1)), Anchor::span((1, 1), (2, 1)))],
            },
            text: "S".to_string(),
            notes: Vec::new(),
            before: Position::default(),
            changes: false,
        }],
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
    use maze_view::scene::Glyphs;
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
        answer: Vec::new(),
        solution_note: None,
        depths: None,
        title: "Glyphs".into(),
        rules: Vec::new(),
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
    use maze_view::scene::Glyphs;
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
