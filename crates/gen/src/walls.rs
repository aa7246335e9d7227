//! The wall slots a generator may change (`change: (walls: true)`, `one_way_walls: true`):
//! which edges are slots, what stands on one (nothing, a wall, a one-way wall either way),
//! and putting something else there.

use maze_variants::board::Kind;
use maze_variants::{Coord, Gate, JumpingMaze, Passage};

/// Nothing on the slot.
pub(crate) const OPEN: u8 = 0;
/// A plain wall.
pub(crate) const WALL: u8 = 1;
/// A one-way wall crossed from the slot's first cell into its second.
pub(crate) const FORWARD: u8 = 2;
/// A one-way wall crossed from the slot's second cell into its first.
pub(crate) const BACKWARD: u8 = 3;

/// Every edge between two board cells that holds no door of the file's (doors stay as the
/// file has them), each once, first cell first in reading order.
pub(crate) fn wall_slots(maze: &JumpingMaze) -> Vec<(Coord, Coord)> {
    let (rows, cols) = (maze.board.rows as i64, maze.board.cols as i64);
    let gated = |a: Coord, b: Coord| {
        maze.gates.iter().any(|g| {
            g.passage.door().is_some() && ((g.from, g.to) == (a, b) || (g.from, g.to) == (b, a))
        })
    };
    let mut slots = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            if maze.board.get((r as usize, c as usize)).kind == Kind::Void {
                continue;
            }
            for (nr, nc) in maze.rules.tiling.edge_neighbours((r, c)) {
                let (nr, nc) = if maze.rules.torus {
                    (nr.rem_euclid(rows), nc.rem_euclid(cols))
                } else {
                    (nr, nc)
                };
                if nr < 0 || nc < 0 || nr >= rows || nc >= cols {
                    continue;
                }
                let a = (r as usize, c as usize);
                let b = (nr as usize, nc as usize);
                if a < b
                    && maze.board.get(b).kind != Kind::Void
                    && !slots.contains(&(a, b))
                    && !gated(a, b)
                {
                    slots.push((a, b));
                }
            }
        }
    }
    slots
}

/// The states a slot may take: a wall or not (`walls`), one-way walls either way
/// (`one_way_walls`), or both.
pub(crate) fn states(walls: bool, one_way: bool) -> &'static [u8] {
    match (walls, one_way) {
        (true, true) => &[OPEN, WALL, FORWARD, BACKWARD],
        (false, true) => &[OPEN, FORWARD, BACKWARD],
        _ => &[OPEN, WALL],
    }
}

/// What stands on `slot`.
pub(crate) fn state(walls: &[(Coord, Coord)], gates: &[Gate], (a, b): (Coord, Coord)) -> u8 {
    if walls
        .iter()
        .any(|&(x, y)| (x, y) == (a, b) || (x, y) == (b, a))
    {
        return WALL;
    }
    match gates
        .iter()
        .find(|g| g.passage == Passage::OneWay && (g.from, g.to) == (a, b))
    {
        Some(_) => FORWARD,
        None if gates
            .iter()
            .any(|g| g.passage == Passage::OneWay && (g.from, g.to) == (b, a)) =>
        {
            BACKWARD
        }
        None => OPEN,
    }
}

/// Puts `state` on `slot`, in place of what stood there.
pub(crate) fn set(
    walls: &mut Vec<(Coord, Coord)>,
    gates: &mut Vec<Gate>,
    (a, b): (Coord, Coord),
    state: u8,
) {
    if let Some(i) = walls
        .iter()
        .position(|&(x, y)| (x, y) == (a, b) || (x, y) == (b, a))
    {
        walls.remove(i);
    }
    gates.retain(|g| {
        g.passage != Passage::OneWay || ((g.from, g.to) != (a, b) && (g.from, g.to) != (b, a))
    });
    let one_way = |from, to| Gate {
        from,
        to,
        passage: Passage::OneWay,
    };
    match state {
        WALL => walls.push((a, b)),
        FORWARD => gates.push(one_way(a, b)),
        BACKWARD => gates.push(one_way(b, a)),
        _ => {}
    }
}
