//! The boxes (in board pixels) of the texts a board shows in its cells, which answer marks
//! keep clear of and which the tests hold apart: numbers, what stands in a cell's centre or
//! corners, split targets, colour names and depths.

use super::glyphs::corner_size;
use super::layout::{RULER_FONT, Rect, cell_of, exit_labels, ruler_texts};
use super::style::text_width;
use super::tiles::paint;
use crate::geometry::{self, Point};
use crate::palette::Paint;
use maze_view::scene::{self, Scene};

/// The box of a text of `size` pixels whose baseline runs from `x` for `width` at `y`,
/// with room for the ink above and below it.
pub(super) fn text_box(x: f64, y: f64, width: f64, size: f64) -> Rect {
    Rect {
        x0: x,
        y0: y - 0.75 * size,
        x1: x + width,
        y1: y + 0.05 * size,
    }
    .grow(2.0)
}

/// [`text_box`] for a text anchored at `at` as SVG's `text-anchor` says.
pub(super) fn anchored_box(text: &str, at: Point, anchor: &str, size: f64) -> Rect {
    let w = text_width(text, size);
    let x = match anchor {
        "end" => at.x - w,
        "middle" => at.x - w / 2.0,
        _ => at.x,
    };
    text_box(x, at.y, w, size)
}

/// The boxes of the texts in `scene`'s cells: with `all`, every text (numbers, centre and
/// corner notes, targets, colour names, depths); otherwise only the notes of switches,
/// bridges and split targets, which a plain one-board rolling answer keeps clear of, so
/// that its picture stays as it was.
pub(super) fn cell_texts(scene: &Scene, paints: &[Paint], all: bool) -> Vec<Rect> {
    let tiling = scene.tiling;
    let size = geometry::label_size(tiling);
    let mut boxes = Vec::new();
    for (i, view) in scene.cells.iter().enumerate() {
        let g = &view.glyphs;
        let cell = cell_of(scene, i);
        let c = geometry::center(tiling, cell);
        let ours = g.button.is_some() || !g.switched.is_empty();
        // What the cell holds besides its label, in the order the glyphs draw it: the first
        // in the centre when there is no label, the rest in the corner.
        let mut items: Vec<String> = Vec::new();
        if g.wildcard {
            items.push("*".to_string());
        }
        items.extend(g.piece.map(|p| p.letter().to_string()));
        items.extend(g.symbol.clone());
        let mut items = items.into_iter();
        if all {
            let centre = view.label.clone().or_else(|| items.next());
            match centre.as_deref() {
                // A wildcard's star, drawn larger and lowered (see `glyphs`): its font's
                // whole height, descent included, as a layout engine measures it.
                Some("*") if view.label.is_none() => {
                    let (font, baseline) = (1.6 * size, c.y + 0.8 * size);
                    boxes.push(Rect {
                        x0: c.x - 0.3 * font,
                        y0: baseline - 0.95 * font,
                        x1: c.x + 0.3 * font,
                        y1: baseline + 0.25 * font,
                    });
                }
                Some(text) => {
                    // Long symbols shrink to two characters' width.
                    let w = text_width(text, size).min(text_width("MM", size));
                    boxes.push(text_box(c.x - w / 2.0, c.y + 0.35 * size, w, size));
                }
                None => {}
            }
        }
        let corner: Vec<String> = g
            .badge
            .iter()
            .cloned()
            .chain(items.filter(|_| all))
            .chain(g.button.map(|(_, n)| scene::switch_name(n)))
            .chain((!g.switched.is_empty()).then(|| scene::switch_tags(&g.switched)))
            .collect();
        if !corner.is_empty() && (all || ours) {
            let text = corner.join(" ");
            let (at, anchor) = geometry::badge_slot(tiling, cell);
            boxes.push(anchored_box(
                &text,
                at,
                anchor,
                corner_size(tiling, view, &text),
            ));
        }
        if !g.target.is_empty() {
            let names: Vec<String> = g.target.iter().map(|&n| scene::switch_name(n)).collect();
            let (at, anchor) = geometry::target_slot(tiling, cell);
            boxes.push(anchored_box(&names.join(","), at, anchor, 10.0));
        }
        if !all {
            continue;
        }
        if let (Some(p), Some((at, anchor))) =
            (paint(paints, view), geometry::colour_slot(tiling, cell))
        {
            boxes.push(anchored_box(&p.short, at, anchor, 9.0));
        }
        if let Some(d) = scene.depths.as_ref().and_then(|ds| ds[i]) {
            let (at, anchor) = geometry::depth_slot(tiling, cell, size, g.ring);
            boxes.push(anchored_box(
                &d.to_string(),
                at,
                anchor.unwrap_or("middle"),
                9.0,
            ));
        }
    }
    boxes
}

/// Whether two boxes share any point.
pub(super) fn overlap(a: Rect, b: Rect) -> bool {
    a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1
}

/// The boxes of the rulers' numbers.
pub(super) fn ruler_boxes(scene: &Scene, board: Rect) -> Vec<Rect> {
    ruler_texts(scene, board)
        .iter()
        .map(|(text, at, anchor)| anchored_box(text, *at, anchor, RULER_FONT))
        .collect()
}

/// The boxes of the exit frame's labels (none without an exit frame).
pub(super) fn exit_boxes(scene: &Scene, board: Rect) -> Vec<Rect> {
    if !scene.exit {
        return Vec::new();
    }
    exit_labels(board)
        .iter()
        .map(|&(at, anchor)| {
            // Two pixels of letter spacing after each of the four letters.
            let mut b = anchored_box("EXIT", at, anchor, 11.0);
            match anchor {
                "end" => b.x0 -= 8.0,
                _ => b.x1 += 8.0,
            }
            b
        })
        .collect()
}
