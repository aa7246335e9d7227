//! The one abstraction every variant implements: rules that produce a state graph.

use crate::directions::{Dir, Directions};

/// A state's dense index: states are numbered `0..n_states` so hot loops need no hashing.
pub type StateId = u32;

/// One legal move: the direction taken and the state it leads to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    /// The direction of the move, in the variant's [`Directions`].
    pub dir: Dir,
    /// The state the move leads to.
    pub to: StateId,
}

/// Rules that produce a state graph, evaluated lazily, one state at a time.
///
/// A variant numbers every state it has (unreachable ones too: white holes need them)
/// `0..n_states()`. The numbering is the variant's to choose, but must be deterministic:
/// it fixes the order of snapshots and reports.
pub trait Rules {
    /// The variant's directions, in direction order.
    fn directions(&self) -> &'static Directions;

    /// Number of states, |S|.
    fn n_states(&self) -> usize;

    /// The start state.
    fn start(&self) -> StateId;

    /// Whether `state` is a goal state (goal states have no moves out).
    fn is_goal(&self, state: StateId) -> bool;

    /// The jump number of `state`'s cell, for same-jump clusters; `None` where the
    /// variant has no jump numbers (rolling blocks) or the state has no cell (`Outside`).
    fn jump(&self, state: StateId) -> Option<u32> {
        let _ = state;
        None
    }

    /// An upper bound on the number of distinct successors of any state, the width of the
    /// generator's fixed-stride graph. By default the number of directions, which holds while a
    /// state has at most one move per direction; rules whose moves may stop anywhere along a
    /// ray (several landings per direction) say more.
    fn max_successors(&self) -> usize {
        self.directions().len()
    }

    /// Appends every legal move out of `state` to `acc`, in any order. Several moves may
    /// lead to the same state; none may lead back to `state` itself.
    fn successors(&self, acc: &mut Vec<Move>, state: StateId);

    /// A short human-readable name of `state`, such as `(2,3)`, `(2,3)/NE` or `Goal`.
    fn state_name(&self, state: StateId) -> String;

    /// Whether the move `mv` out of `from` depends on the rule's mechanics (RULES.md section
    /// 3, mechanic moves): it changes what the state remembers (a register, a bridge, a split
    /// or a merge), moves another block than the first, or would not be the same move were
    /// the remembered values at their start. By default no move does: rules that remember
    /// nothing have no mechanics.
    fn mechanic(&self, from: StateId, mv: Move) -> bool {
        let _ = (from, mv);
        false
    }
}
