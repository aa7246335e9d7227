//! The teleport pairs of a rolling-block board: the board's two `t` are partners, and so are
//! the two cells of each pair its `teleports:` list declares; a block coming to rest on one
//! alone moves, in the same roll, to stand on the other. Here the partner table and the move
//! through a teleport.

use maze_graph::StateId;

use super::{Config, NONE, RollGraph};
use crate::rolling::{Footprint, RollingBoard, Tile};
use crate::tiling::Coord;

/// Each cell's partner (or [`NONE`]), empty when the board has no teleport pair: the two `t`
/// tiles of a board with exactly two (validation refuses any other count), and the pairs of
/// its `teleports:` list.
pub(super) fn partners(board: &RollingBoard) -> Vec<u32> {
    // Without collecting them: the generator builds a graph per candidate board, and most
    // boards have no teleport.
    let mut ts = (0..board.tiles.len()).filter(|&i| board.tiles[i] == Tile::Teleport);
    let tiles = match (ts.next(), ts.next(), ts.next()) {
        (Some(a), Some(b), None) => Some((a, b)),
        _ => None,
    };
    if tiles.is_none() && board.teleports.is_empty() {
        return Vec::new();
    }
    let index = |(r, c): Coord| r * board.cols + c;
    let listed = board.teleports.iter().map(|&(a, b)| (index(a), index(b)));
    let mut out = vec![NONE; board.tiles.len()];
    for (a, b) in tiles.into_iter().chain(listed) {
        out[a] = b as u32;
        out[b] = a as u32;
    }
    out
}

impl RollGraph {
    /// Block `k` of `n` has just rolled onto `f`: when `f` is one teleport tile alone, the
    /// block moves to stand on the partner in the same orientation. `false` when the partner
    /// is covered by another block, which makes the roll no move.
    pub(super) fn teleport(&self, n: &mut Config, k: usize, f: Footprint) -> bool {
        if self.tele.is_empty() || f.rows != 1 || f.cols != 1 {
            return true;
        }
        let p = self.tele[f.row * self.cols + f.col];
        if p == NONE {
            return true;
        }
        let to = Footprint {
            row: p as usize / self.cols,
            col: p as usize % self.cols,
            ..f
        };
        n.at[k] = self.shapes[k].at(to, self.blocks[k], self.cols);
        n.at[k] != NONE && self.legal(n, k)
    }

    /// Whether a block whose footprint is `f` stands on a teleport alone: a roll ends so only
    /// through the other one.
    pub(super) fn on_teleport(&self, f: Footprint) -> bool {
        f.rows == 1
            && f.cols == 1
            && self
                .tele
                .get(f.row * self.cols + f.col)
                .is_some_and(|&p| p != NONE)
    }

    /// [`crate::CompiledMaze::teleport_entry`] of a rolling-block maze: the first block's.
    pub(crate) fn teleport_entry(&self, state: StateId) -> Option<Coord> {
        let c = self.config(state);
        // While split the first slot holds a cube's cell, no placement.
        if self.tele.is_empty() || c.split {
            return None;
        }
        let f = self.shapes[0].footprint(c.at[0], self.cols);
        if !self.on_teleport(f) {
            return None;
        }
        let p = self.tele[f.row * self.cols + f.col] as usize;
        Some((p / self.cols, p % self.cols))
    }
}
