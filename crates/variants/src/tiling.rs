//! Tilings and move sets: direction tables, unit steps, and k-step walks in closed form.

use maze_graph::{Dir, Directions};
use serde::{Deserialize, Serialize};

/// A cell position `(row, col)`, 0-based from the top left.
pub type Coord = (usize, usize);

/// How the board is tiled.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Tiling {
    /// Square cells; rook or queen moves.
    #[default]
    Square,
    /// Pointy-top hexes, odd rows shifted right ("odd-r"); six directions.
    Hex,
    /// Triangles, `(r, c)` pointing up when `r + c` is even; six band directions.
    Triangle,
}

/// Which directions a jump may take on the square tiling.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MoveSet {
    /// N, E, S, W.
    #[default]
    Rook,
    /// Rook moves plus the four diagonals.
    Queen,
}

/// Square directions in RULES.md's direction order.
pub static SQUARE_DIRECTIONS: Directions = Directions {
    names: &["N", "NE", "E", "SE", "S", "SW", "W", "NW"],
    opposite: &[4, 5, 6, 7, 0, 1, 2, 3],
};

/// Square directions with the knight's eight leaps after the compass, clockwise from NNE
/// (`NNE` is two rows up and one column right). Rules whose moves include `Knight` use it.
pub static SQUARE_LEAP_DIRECTIONS: Directions = Directions {
    names: &[
        "N", "NE", "E", "SE", "S", "SW", "W", "NW", "NNE", "ENE", "ESE", "SSE", "SSW", "WSW",
        "WNW", "NNW",
    ],
    opposite: &[4, 5, 6, 7, 0, 1, 2, 3, 12, 13, 14, 15, 8, 9, 10, 11],
};

/// Knight leaps `(dr, dc)`, directions 8..16 of [`SQUARE_LEAP_DIRECTIONS`].
const KNIGHT_STEPS: [(i64, i64); 8] = [
    (-2, 1),
    (-1, 2),
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
];

/// Hex and triangle directions in RULES.md's direction order.
pub static SIX_DIRECTIONS: Directions = Directions {
    names: &["E", "NE", "NW", "W", "SW", "SE"],
    opposite: &[3, 4, 5, 0, 1, 2],
};

const ROOK: [Dir; 4] = [0, 2, 4, 6];
const QUEEN: [Dir; 8] = [0, 1, 2, 3, 4, 5, 6, 7];
const SIX: [Dir; 6] = [0, 1, 2, 3, 4, 5];

/// Square unit steps `(dr, dc)` in direction order.
const SQUARE_STEPS: [(i64, i64); 8] = [
    (-1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
];

/// Hex unit steps in "doubled" coordinates `(dr, dx)` where `x = 2c + (r mod 2)`: a hex line
/// is then a straight line, so k steps are k times one step.
const HEX_STEPS: [(i64, i64); 6] = [(0, 2), (-1, 1), (-1, -1), (0, -2), (1, -1), (1, 1)];

/// Triangle unit steps `(dr, dc)` from an up cell and from a down cell, in direction order.
const TRIANGLE_STEPS: [[(i64, i64); 2]; 6] = [
    [(0, 1), (0, 1)],   // E
    [(0, 1), (-1, 0)],  // NE
    [(0, -1), (-1, 0)], // NW
    [(0, -1), (0, -1)], // W
    [(1, 0), (0, -1)],  // SW
    [(1, 0), (0, 1)],   // SE
];

impl Tiling {
    /// The tiling's directions, in direction order.
    pub fn directions(self) -> &'static Directions {
        match self {
            Tiling::Square => &SQUARE_DIRECTIONS,
            Tiling::Hex | Tiling::Triangle => &SIX_DIRECTIONS,
        }
    }

    /// The directions a jump may take with `moves`, in direction order. Only the square
    /// tiling distinguishes rook from queen moves (validation rejects queen elsewhere).
    pub fn move_dirs(self, moves: MoveSet) -> &'static [Dir] {
        match (self, moves) {
            (Tiling::Square, MoveSet::Rook) => &ROOK,
            (Tiling::Square, MoveSet::Queen) => &QUEEN,
            _ => &SIX,
        }
    }

    /// The tiling's directions plus the knight's leaps (square only; other tilings have no
    /// leaps and keep their six directions).
    pub(crate) fn directions_with_leaps(self) -> &'static Directions {
        match self {
            Tiling::Square => &SQUARE_LEAP_DIRECTIONS,
            _ => self.directions(),
        }
    }

    /// Turns `dir` a quarter turn clockwise (`clockwise`) or anticlockwise on the square
    /// tiling (N -> E, NE -> SE), a sixth of a turn on the six-direction tilings.
    pub fn rotate(self, dir: Dir, clockwise: bool) -> Dir {
        match self {
            Tiling::Square => {
                let base = dir & !7;
                base + (dir % 8 + if clockwise { 2 } else { 6 }) % 8
            }
            // E, NE, NW, W, SW, SE runs anticlockwise.
            _ => (dir + if clockwise { 5 } else { 1 }) % 6,
        }
    }

    /// Where `k` unit steps in direction `dir` from `(r, c)` end, on the unbounded plane.
    ///
    /// Every walk is monotone in both coordinates, so on a bounded box the walk stays inside
    /// iff its end is inside; and because hex and triangle tori have even sizes, wrapping
    /// the end is the same as wrapping every step.
    #[inline]
    pub fn walk(self, (r, c): (i64, i64), dir: Dir, k: i64) -> (i64, i64) {
        let d = usize::from(dir);
        match self {
            Tiling::Square => {
                let (dr, dc) = if d < 8 {
                    SQUARE_STEPS[d]
                } else {
                    KNIGHT_STEPS[d - 8]
                };
                (r + k * dr, c + k * dc)
            }
            Tiling::Hex => {
                let (dr, dx) = HEX_STEPS[d];
                let x = 2 * c + r.rem_euclid(2) + k * dx;
                let r2 = r + k * dr;
                (r2, (x - r2.rem_euclid(2)) / 2)
            }
            Tiling::Triangle => {
                let up = (r + c).rem_euclid(2) == 0;
                let [from_up, from_down] = TRIANGLE_STEPS[d];
                let (first, second) = if up {
                    (from_up, from_down)
                } else {
                    (from_down, from_up)
                };
                // Steps alternate between the two kinds, starting with this cell's.
                let (n1, n2) = ((k + 1) / 2, k / 2);
                (
                    r + n1 * first.0 + n2 * second.0,
                    c + n1 * first.1 + n2 * second.1,
                )
            }
        }
    }

    /// The cells sharing an edge with `(r, c)`, on the unbounded plane, one per edge.
    pub fn edge_neighbours(self, (r, c): (i64, i64)) -> Vec<(i64, i64)> {
        match self {
            Tiling::Square => vec![(r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)],
            Tiling::Hex => (0..6).map(|d| self.walk((r, c), d, 1)).collect(),
            Tiling::Triangle => {
                let vertical = if (r + c).rem_euclid(2) == 0 {
                    (r + 1, c)
                } else {
                    (r - 1, c)
                };
                vec![(r, c - 1), (r, c + 1), vertical]
            }
        }
    }

    /// For a square diagonal unit step, the two corner cells of its L-routes
    /// (horizontal neighbour first); `None` for orthogonal steps and other tilings.
    pub fn diagonal_corners(self, (r, c): (i64, i64), dir: Dir) -> Option<[(i64, i64); 2]> {
        if self != Tiling::Square || dir.is_multiple_of(2) || dir >= 8 {
            return None;
        }
        let (dr, dc) = SQUARE_STEPS[usize::from(dir)];
        Some([(r, c + dc), (r + dr, c)])
    }

    /// Whether the tiling is pointing-dependent at `(r, c)`: triangle cells point up when
    /// `r + c` is even.
    pub fn points_up(r: i64, c: i64) -> bool {
        (r + c).rem_euclid(2) == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_unit_steps_match_the_odd_r_table() {
        // (dir, from even row, from odd row) as in RULES.md's hex table.
        let table = [
            ("E", (0, 1), (0, 1)),
            ("W", (0, -1), (0, -1)),
            ("NE", (-1, 0), (-1, 1)),
            ("NW", (-1, -1), (-1, 0)),
            ("SE", (1, 0), (1, 1)),
            ("SW", (1, -1), (1, 0)),
        ];
        for (name, even, odd) in table {
            let d = SIX_DIRECTIONS.parse(name).unwrap();
            assert_eq!(
                Tiling::Hex.walk((2, 3), d, 1),
                (2 + even.0, 3 + even.1),
                "{name} even"
            );
            assert_eq!(
                Tiling::Hex.walk((3, 3), d, 1),
                (3 + odd.0, 3 + odd.1),
                "{name} odd"
            );
        }
    }

    #[test]
    fn triangle_unit_steps_match_the_table() {
        let table = [
            ("E", (0, 1), (0, 1)),
            ("W", (0, -1), (0, -1)),
            ("NE", (0, 1), (-1, 0)),
            ("NW", (0, -1), (-1, 0)),
            ("SE", (1, 0), (0, 1)),
            ("SW", (1, 0), (0, -1)),
        ];
        for (name, up, down) in table {
            let d = SIX_DIRECTIONS.parse(name).unwrap();
            assert_eq!(
                Tiling::Triangle.walk((2, 2), d, 1),
                (2 + up.0, 2 + up.1),
                "{name} up"
            );
            assert_eq!(
                Tiling::Triangle.walk((2, 3), d, 1),
                (2 + down.0, 3 + down.1),
                "{name} down"
            );
        }
    }

    #[test]
    fn walks_equal_repeated_unit_steps() {
        for tiling in [Tiling::Square, Tiling::Hex, Tiling::Triangle] {
            let n = tiling.directions().len() as u8;
            for d in 0..n {
                for start in [(0, 0), (3, 4), (-2, 5), (5, -3)] {
                    let mut p = start;
                    for k in 1..9 {
                        p = tiling.walk(p, d, 1);
                        assert_eq!(tiling.walk(start, d, k), p, "{tiling:?} {d} {start:?} {k}");
                    }
                }
            }
        }
    }
}
