//! Which moves of a rolling-block maze depend on its mechanics (RULES.md section 3, mechanic
//! moves): read from the configurations the engine moves between, with no tile-specific code.

use maze_graph::{Move, StateId};

use super::{Config, RollGraph};

impl RollGraph {
    /// Whether the move `mv` out of `from` depends on the mechanics: a move while the block is
    /// split or of another block than the first, a roll through a teleport, a press that
    /// changes a register or a bridge,
    /// a split or a merge, or a roll that would not be legal with every register and bridge as
    /// at the start.
    pub(crate) fn mechanic_move(&self, from: StateId, mv: Move) -> bool {
        let c = self.config(from);
        if c.split || mv.dir >= 4 {
            return true;
        }
        let mut out = Vec::new();
        self.moves_of(&c, &mut out);
        // The move as the engine makes it (the goal state stands for every goal
        // configuration, so its own registers say nothing).
        let Some(&(_, reached)) = out.iter().find(|(d, _)| *d == mv.dir) else {
            return false;
        };
        // A roll ending on a teleport alone came through the other one.
        if reached.split
            || reached.regs != c.regs
            || (!self.tele.is_empty()
                && self.on_teleport(self.shapes[0].footprint(reached.at[0], self.cols)))
        {
            return true;
        }
        if c.regs == self.initial.regs {
            return false;
        }
        let plain = Config {
            regs: self.initial.regs,
            ..c
        };
        out.clear();
        self.moves_of(&plain, &mut out);
        !out.iter()
            .any(|(d, n)| *d == mv.dir && !n.split && n.at == reached.at)
    }
}
