//! What each state of a state graph is, for exports: goal, ordinary, in a black or white
//! hole, or cut off both ways; and which moves the solution takes.

use petgraph::graph::NodeIndex;
use petgraph::visit::{Dfs, Reversed};
use serde::Serialize;

use maze_features::Features;
use maze_graph::{StateGraph, StateId};

/// The role of a state in its state graph (RULES.md section 3's holes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum StateRole {
    /// A goal state.
    Goal,
    /// Reachable from the start and reaching the goal.
    Ordinary,
    /// Reachable from the start but not reaching the goal.
    BlackHole,
    /// Unreachable from the start but reaching the goal.
    WhiteHole,
    /// Neither reachable from the start nor reaching the goal.
    Unreachable,
}

/// The role of every state, in state order. `features` must be those of `graph`.
pub fn roles(graph: &StateGraph, features: &Features) -> Vec<StateRole> {
    let g = &graph.graph;
    let reversed = Reversed(g);
    let mut reaching = vec![false; g.node_count()];
    let mut dfs = Dfs::empty(reversed);
    for goal in graph.goals() {
        // Keeps what earlier searches discovered: one walk over every goal's ancestors.
        dfs.move_to(goal);
        while let Some(v) = dfs.next(reversed) {
            reaching[v.index()] = true;
        }
    }
    g.node_indices()
        .map(|v| {
            let reachable = features.depth(v.index() as StateId).is_some();
            match (g[v].goal, reachable, reaching[v.index()]) {
                (true, _, _) => StateRole::Goal,
                (false, true, true) => StateRole::Ordinary,
                (false, true, false) => StateRole::BlackHole,
                (false, false, true) => StateRole::WhiteHole,
                (false, false, false) => StateRole::Unreachable,
            }
        })
        .collect()
}

/// The moves of the solution as (from, to) state pairs, in order; empty without one.
pub(crate) fn solution_moves(features: &Features) -> Vec<(NodeIndex, NodeIndex)> {
    features
        .solution_states
        .as_deref()
        .unwrap_or(&[])
        .windows(2)
        .map(|w| (NodeIndex::new(w[0] as usize), NodeIndex::new(w[1] as usize)))
        .collect()
}
