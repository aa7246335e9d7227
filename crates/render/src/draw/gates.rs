//! One-way walls and doors: a wall line with an arrowhead across its middle pointing the way
//! it is crossed, doors dashed in their own colour, and their legend swatches.

use std::collections::BTreeMap;

use svg::node::element::{Group, Line, Polygon};

use super::style::{DOOR, WALL, num};
use crate::geometry::{self, Lattice, Point};
use maze_view::scene::Scene;

/// How a gate looks: whether it has an arrow, whether it is a door.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct Look {
    pub(super) one_way: bool,
    pub(super) door: bool,
}

/// Every gate of the scene, each edge once (a gate seen from both sides of a torus's seam is
/// two edges, each drawn).
pub(super) fn gates(scene: &Scene) -> Group {
    let tiling = scene.tiling;
    let mut edges: BTreeMap<(Lattice, Lattice), (Look, Point, Point)> = BTreeMap::new();
    for g in &scene.gates {
        if let Some(edge) = geometry::shared_edge(tiling, g.from, g.to) {
            let look = Look {
                one_way: g.one_way,
                door: g.door.is_some(),
            };
            let way = (
                geometry::center(tiling, g.from),
                geometry::center(tiling, g.to),
            );
            edges.entry(edge).or_insert((look, way.0, way.1));
        }
    }
    let mut group = Group::new();
    for ((u, v), (look, from, to)) in edges {
        let (p, q) = (geometry::to_px(tiling, u), geometry::to_px(tiling, v));
        group = group.add(gate(look, p, q, (to.x - from.x, to.y - from.y)));
    }
    group
}

/// A gate on the segment `p`-`q`, its arrow (if one-way) pointing along `way`.
pub(super) fn gate(look: Look, p: Point, q: Point, way: (f64, f64)) -> Group {
    let colour = if look.door { DOOR } else { WALL };
    let mut line = Line::new()
        .set("x1", num(p.x))
        .set("y1", num(p.y))
        .set("x2", num(q.x))
        .set("y2", num(q.y))
        .set("stroke", colour)
        .set("stroke-width", if look.one_way { 3 } else { 5 })
        .set("stroke-linecap", "round");
    if look.door {
        line = line.set("stroke-dasharray", "7 4");
    }
    let mut group = Group::new().add(line);
    if look.one_way {
        let len = geometry::length(way.0, way.1).max(1.0);
        let (ux, uy) = (way.0 / len, way.1 / len);
        let mid = p.lerp(q, 0.5);
        let tip = (mid.x + ux * 7.0, mid.y + uy * 7.0);
        let base = (mid.x - ux * 5.0, mid.y - uy * 5.0);
        let points = format!(
            "{},{} {},{} {},{}",
            num(tip.0),
            num(tip.1),
            num(base.0 - uy * 6.0),
            num(base.1 + ux * 6.0),
            num(base.0 + uy * 6.0),
            num(base.1 - ux * 6.0)
        );
        group = group.add(Polygon::new().set("points", points).set("fill", colour));
    }
    group
}

/// The looks the scene's gates have, each once, for the legend.
pub(super) fn looks(scene: &Scene) -> Vec<Look> {
    let mut looks: Vec<Look> = scene
        .gates
        .iter()
        .map(|g| Look {
            one_way: g.one_way,
            door: g.door.is_some(),
        })
        .collect();
    looks.sort_unstable();
    looks.dedup();
    looks
}

/// A look's words in the legend.
pub(super) fn words(look: Look) -> &'static str {
    match (look.one_way, look.door) {
        (true, false) => "one-way wall: crossed the way it points",
        (false, true) => "door: open as the rules say",
        (true, true) => "one-way door: crossed the way it points, when open",
        (false, false) => "wall",
    }
}
