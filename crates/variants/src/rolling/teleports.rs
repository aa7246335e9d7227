//! Teleport pairs of a rolling-block board declared by a list (a file's `teleports:`), with
//! the meaning of the board's two `t`: a block coming to rest on one cell of a pair alone
//! goes on to stand on the other. Here the pairs a board has, each cell's partner, and the
//! check of a declared list, each mistake located at its pair.

use super::{RollingBlockMaze, RollingBoard, Tile};
use crate::problem::{Problem, Where};
use crate::tiling::Coord;

/// The most pairs a list may declare: the text board names each in two characters, `p1` to
/// `p9`.
pub const MAX_LISTED_PAIRS: usize = 9;

impl RollingBoard {
    /// Every teleport pair: the two `t` tiles (when the board has exactly two), then the
    /// declared pairs in the list's order.
    pub fn teleport_pairs(&self) -> Vec<(Coord, Coord)> {
        let mut ts = (0..self.tiles.len())
            .filter(|&i| self.tiles[i] == Tile::Teleport)
            .map(|i| (i / self.cols, i % self.cols));
        let tiles = match (ts.next(), ts.next(), ts.next()) {
            (Some(a), Some(b), None) => Some((a, b)),
            _ => None,
        };
        tiles
            .into_iter()
            .chain(self.teleports.iter().copied())
            .collect()
    }

    /// The other cell of the teleport pair `at` belongs to, if it belongs to one.
    pub fn teleport_partner(&self, at: Coord) -> Option<Coord> {
        self.teleport_pairs()
            .into_iter()
            .find_map(|(a, b)| match at {
                x if x == a => Some(b),
                x if x == b => Some(a),
                _ => None,
            })
    }

    /// The name a picture and the text board give the declared pair `at` is in: `p1`, `p2`,
    /// ... in the list's order (the two `t` tiles are named by their character).
    pub fn listed_teleport(&self, at: Coord) -> Option<String> {
        let i = self
            .teleports
            .iter()
            .position(|&(a, b)| a == at || b == at)?;
        Some(format!("p{}", i + 1))
    }
}

/// Refuses a declared list whose pairs are not pairs of plain floor, at the first pair at
/// fault: a cell off the board, a pair on one cell, a cell in two pairs (twice in the list,
/// or a `t` of the board), a cell under the goal `G`, a cell that is not plain floor (a block
/// stands on a teleport, so no floor, fragile floor and bridges cannot be one; a switch is
/// pressed where the roll lands, never at the partner), and more than [`MAX_LISTED_PAIRS`].
pub(crate) fn check_listed(maze: &RollingBlockMaze) -> Result<(), Problem> {
    let board = &maze.board;
    let mut listed: Vec<(Coord, usize)> = Vec::new();
    for (i, &(a, b)) in board.teleports.iter().enumerate() {
        let at = Where::Teleport(i);
        if i == MAX_LISTED_PAIRS {
            return Err(Problem::new(
                at,
                format!(
                    "{} teleport pairs: a rolling-block board declares at most {MAX_LISTED_PAIRS}",
                    board.teleports.len()
                ),
            ));
        }
        crate::pairs::check_pair(i, (a, b), (board.rows, board.cols), &mut listed)?;
        for p in [a, b] {
            let tile = board.get(p);
            if tile == Tile::Teleport {
                return Err(Problem::new(
                    at,
                    format!(
                        "({}, {}) is the teleport `t` on the board already: a cell is in one pair",
                        p.0, p.1
                    ),
                ));
            }
            if maze.goal.contains(p) {
                return Err(Problem::new(
                    at,
                    format!("({}, {}) is under the goal `G`; a teleport is never on the goal", p.0, p.1),
                )
                .help("a block coming to rest standing on a teleport goes on to its partner, so it could never stand on a goal there"));
            }
            if tile != Tile::Floor {
                return Err(Problem::new(
                    at,
                    format!(
                        "({}, {}) is {} rather than plain floor: a teleport is floor, as a `t` is",
                        p.0,
                        p.1,
                        tile.name()
                    ),
                )
                .help("list cells marked `.` (or `S`); a block stands on a teleport, and a switch acts where the roll lands"));
            }
        }
    }
    Ok(())
}
