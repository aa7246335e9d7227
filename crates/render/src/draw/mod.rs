//! Any [`Scene`] as an SVG document, composed with the `svg` crate.
//!
//! [`draw`] stacks the parts of a picture: the title and the board's frame ([`layout`]),
//! the cells ([`tiles`]), what stands in them ([`glyphs`]), the solution's numbered arrows
//! ([`steps`]), the key ([`legend`]) and, for a long or eventful answer, its frames
//! ([`answer`]); [`style`] holds the colours, fonts and number formatting they share.
//!
//! Output is deterministic: elements in a fixed order, attributes sorted by the `svg` crate,
//! every number written by [`style::num`] (two decimals at most), no timestamps.

mod answer;
mod boxes;
mod gates;
mod glyphs;
mod layout;
mod legend;
mod steps;
mod style;
mod tiles;
mod visits;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod visit_tests;

use svg::Document;
use svg::node::element::{Circle, Definitions, Group, Line, Marker, Path, Pattern, Rectangle};

use crate::palette::{self, Paint};
use glyphs::{glyphs, labels};
use layout::{PAD, frame, layout, rulers, title, walls};
use maze_view::scene::{CellKind, Scene};
use steps::solution;
use style::{ARROW, EMPTY_DOT, FLOOR, FONT, INK, num};
use tiles::{cells, marks};

/// The scene as an SVG document.
pub fn draw(scene: &Scene) -> String {
    let paints = palette::palette(
        scene
            .cells
            .iter()
            .filter_map(|v| v.glyphs.colour.as_deref()),
    );
    // A long or eventful answer goes in frames below the legend, the board showing none of it;
    // a jumping answer as badges on the cells reached, with the move list beside the board.
    let frames = answer::plan(scene, &paints);
    let answer = frames.map(|frames| answer::Answer::new(scene, frames));
    let visits = visits::applies(scene).then(|| visits::Visits::new(scene, &paints));
    let layout = layout(
        scene,
        answer.as_ref().map_or(0.0, |a| a.width),
        visits.as_ref().map_or((0.0, 0.0), |v| v.side),
    );
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
    if !view.gates.is_empty() {
        board = board.add(gates::gates(view));
    }
    if let Some(frame) = frame(view, layout.board) {
        board = board.add(frame);
    }
    if view.rulers || visits.is_some() {
        board = board.add(rulers(view, layout.board));
    }
    // Attribute glyphs go under the solution's arrows, which are the overlay.
    if let Some(glyphs) = glyphs(view, max_depth, &paints) {
        board = board.add(glyphs);
    }
    // Numbers go over the arrows (haloed in their cell's fill), and the arrows' step numbers
    // over everything.
    let (arrows, step_numbers) = (!view.steps.is_empty() && visits.is_none())
        .then(|| solution(view, layout.board, &paints))
        .unzip();
    if let Some(arrows) = arrows {
        board = board.add(arrows);
    }
    board = board.add(labels(view, max_depth, &paints));
    if let Some(step_numbers) = step_numbers {
        board = board.add(step_numbers);
    }
    if let Some(visits) = &visits {
        board = board.add(visits.draw_badges()).add(visits.draw_list());
    }

    let (legend, legend_height) =
        legend::legend(scene, layout.width, max_depth, &paints, answer.is_some());
    let answer_top = layout.legend_top + legend_height;
    let answer = answer.map(|a| a.draw(scene, &paints, answer_top));
    let height = (answer_top + answer.as_ref().map_or(0.0, |a| a.1) + PAD).ceil();

    let mut doc = Document::new()
        .set("width", num(layout.width))
        .set("height", num(height))
        .set(
            "viewBox",
            format!("0 0 {} {}", num(layout.width), num(height)),
        )
        .set("font-family", FONT)
        .add(svg::node::element::Title::new(scene.title.clone()));
    if let Some(defs) = defs(scene, &paints, visits.is_none()) {
        doc = doc.add(defs);
    }
    doc = doc
        .add(
            Rectangle::new()
                .set("width", "100%")
                .set("height", "100%")
                .set("fill", "#ffffff"),
        )
        .add(title(scene, &layout))
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

/// The markers and patterns the picture refers to, or `None` when it uses none: the
/// solution's arrowhead (when `arrows` draw it), the hatching of unreachable cells, the dots
/// of empty cells and the hatching of colours beyond the first six.
fn defs(scene: &Scene, paints: &[Paint], arrows: bool) -> Option<Definitions> {
    let mut defs = Definitions::new();
    let arrows = arrows && !scene.steps.is_empty();
    if arrows {
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
    (scene.depths.is_some() || arrows || empty || hatch).then_some(defs)
}
