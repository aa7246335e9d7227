//! The read-only view of a flat state graph that feature extraction walks, so one set of
//! algorithms serves the compressed [`Adjacency`](crate::Adjacency) and the generator's
//! fixed-stride [`StrideAdjacency`](crate::StrideAdjacency).

use crate::changes::ChangeLog;
use crate::directions::{DirSet, Directions};
use crate::rules::StateId;

/// A materialised state graph: dense states, each with its distinct successors sorted by the
/// first direction of the edge that reaches them.
///
/// Shared between threads (`Sync`): the passes over a large graph split its states among
/// them.
pub trait Graph: Sync {
    /// The variant's directions.
    fn directions(&self) -> &'static Directions;
    /// Number of states.
    fn n_states(&self) -> usize;
    /// Number of edges (distinct state pairs joined by a move).
    fn n_moves(&self) -> usize;
    /// The start state.
    fn start(&self) -> StateId;
    /// Whether `state` is a goal state.
    fn is_goal(&self, state: StateId) -> bool;
    /// The jump number of `state`'s cell, if it has one.
    fn jump(&self, state: StateId) -> Option<u32>;
    /// The distinct successors of `state`, sorted by each edge's first direction.
    fn targets(&self, state: StateId) -> &[StateId];
    /// The direction sets of `state`'s edges, parallel to [`Graph::targets`].
    fn edge_dirs(&self, state: StateId) -> &[DirSet];
    /// Number of distinct successors of `state`.
    fn out_degree(&self, state: StateId) -> usize {
        self.targets(state).len()
    }
    /// The log of states whose moves, goal flag or jump number were re-read, for graphs that
    /// change a few states at a time and keep one.
    fn changes(&self) -> Option<&ChangeLog> {
        None
    }
}
