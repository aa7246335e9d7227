//! Which moves of a jumping maze depend on its mechanics (RULES.md section 3, mechanic moves):
//! read from the registers a state keeps, with no rule-specific code.

use maze_graph::{Move, Rules, StateId};

use super::{JumpGraph, OUTSIDE};

impl JumpGraph {
    /// Whether the move `mv` out of `from` depends on the rule's mechanics: it goes through a
    /// teleport, it changes a register the landing keeps, or no move of the same direction lands on the same cell
    /// from the same cell with every register at its start value.
    pub(crate) fn mechanic_move(&self, from: StateId, mv: Move) -> bool {
        let sup_to = self.sup(mv.to);
        let to_cell = self.sup_cell[sup_to as usize];
        // A move through a teleport depends on the pair.
        if to_cell != OUTSIDE && self.teleported_to(to_cell) {
            return true;
        }
        if self.identity {
            return false;
        }
        let sup_from = self.sup(from);
        let key = self.sup_key(sup_from);
        // Goal states and `Outside` merge every key, so what their key says is no change.
        let merged = to_cell == OUTSIDE || self.is_goal(mv.to);
        if !merged && self.sup_key(sup_to) != key {
            return true;
        }
        let cell = self.sup_cell[sup_from as usize];
        let start = self
            .set
            .project(&self.cells[cell as usize], &self.set.start_key());
        if start == key {
            return false;
        }
        // The same cell with the registers at their start: its superset state has its moves
        // whether or not it is a state.
        let Some(plain) = self.sup_id(cell, &start) else {
            return true;
        };
        let at = self.sup_slot[plain as usize] as usize;
        let moves = &self.sup_moves[at..at + usize::from(self.sup_len[plain as usize])];
        !moves
            .iter()
            .any(|m| m.dir == mv.dir && self.sup_cell[m.to as usize] == to_cell)
    }
}
