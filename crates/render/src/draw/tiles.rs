//! The cells themselves: each one's fill (kind, depth shading or colour), holes, fragile
//! outlines and bridge planks, the start and goal marks, and a block's body in an answer
//! frame.

use svg::node::element::{Circle, Group, Line, Polygon, Rectangle};

use super::layout::{cell_of, corners_px};
use super::style::{
    BLOCKED, BODY, BRIDGE, BRIDGE_EDGE, BRIDGE_OFF, DEAD_END, DEAD_END_INK, EMPTY, FLOOR, FRAGILE,
    FRAGILE_EDGE, GOAL_EDGE, GOAL_FILL, GRID, HATCH, HOLE, INK, START_EDGE, START_FILL,
    UNREACHABLE, hex, ink_on, num, points, ramp,
};
use crate::geometry::{self, Point};
use crate::palette::Paint;
use maze_variants::rolling::Tile;
use maze_view::scene::{CellKind, CellView, Role, Scene};

/// The paint of a cell's colour, if it has one.
pub(super) fn paint<'a>(paints: &'a [Paint], view: &CellView) -> Option<&'a Paint> {
    let name = view.glyphs.colour.as_deref()?;
    paints.iter().find(|p| p.name == name)
}

/// How a picture draws one kind of cell: its fill and the ink of its label, whether depth
/// shading colours it, and its line in the key. A new kind of cell is one arm of [`look`]
/// (plus, for a shape over its fill, one arm in [`cells`] and in the key's swatch).
pub(super) struct Look {
    /// Its fill (as `#rrggbb` or a pattern) when neither a depth nor a colour fills it.
    pub(super) fill: &'static str,
    /// The ink of its label on that fill.
    pub(super) ink: &'static str,
    /// Whether a state may stand on it, so that depth shading colours it.
    pub(super) shaded: bool,
    /// Its line in the key, if the key names it.
    pub(super) key: Option<&'static str>,
    /// Whether the key names it under depth shading too (which fills a dead end as any cell).
    pub(super) key_under_depths: bool,
}

/// The kinds of cell in the order of the key.
pub(super) const KEY_ORDER: [CellKind; 7] = [
    CellKind::Blocked,
    CellKind::Hole,
    CellKind::Empty,
    CellKind::DeadEnd,
    CellKind::Fragile,
    CellKind::Bridge { on: true },
    CellKind::Bridge { on: false },
];

/// How a picture draws a cell of `kind`.
pub(super) fn look(kind: CellKind) -> Look {
    let look = |fill, ink, shaded, key| Look {
        fill,
        ink,
        shaded,
        key,
        key_under_depths: true,
    };
    match kind {
        CellKind::Void => look(FLOOR, INK, false, None),
        CellKind::Floor => look(FLOOR, INK, true, None),
        CellKind::Hole => look(FLOOR, INK, false, Some("hole: fly over, never land")),
        CellKind::Empty => look(EMPTY, INK, false, Some("empty: fly over, never land")),
        CellKind::Blocked => look(BLOCKED, "#ffffff", false, Some("blocked")),
        CellKind::DeadEnd => Look {
            key_under_depths: false,
            ..look(DEAD_END, DEAD_END_INK, true, Some("dead end"))
        },
        // A rolling tile's key line is its description's (`maze-variants`' `TILES`).
        CellKind::Fragile => look(FRAGILE, INK, true, Tile::Fragile.info().key),
        CellKind::Bridge { on } => look(
            if on { BRIDGE } else { BRIDGE_OFF },
            INK,
            true,
            Tile::Bridge { on }.info().key,
        ),
    }
}

/// Whether depth shading colours a cell of `kind`: every kind a state may stand on.
pub(super) fn is_shaded(kind: CellKind) -> bool {
    look(kind).shaded
}

/// The fill of a cell (as `#rrggbb` or a pattern) and the ink of its label.
pub(super) fn fill(
    scene: &Scene,
    i: usize,
    max_depth: u32,
    paints: &[Paint],
) -> (String, &'static str) {
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
    let look = look(kind);
    (look.fill.to_string(), look.ink)
}

pub(super) fn cells(scene: &Scene, max_depth: u32, paints: &[Paint]) -> Group {
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
pub(super) fn bridge(corners: &[Point], on: bool) -> Group {
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

/// A block or cube: a dark translucent rounded rectangle from pixel `a` (top left) to `b`
/// (bottom right), `inset` pixels inside them.
pub(super) fn body_shape(a: Point, b: Point, inset: f64) -> Rectangle {
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

pub(super) fn marks(scene: &Scene) -> Group {
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
        // The start's outline is double: in greyscale it differs from the goal's by its
        // shape, not only by its colour (the goal also says G).
        if mark.role == Role::Start {
            group = group.add(
                Polygon::new()
                    .set("points", points(&geometry::inset(&hull, 8.0)))
                    .set("fill", "none")
                    .set("stroke", edge)
                    .set("stroke-width", 1.5),
            );
        }
    }
    group
}
