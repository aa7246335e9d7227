//! The core features: what the generator's inner loop computes of a maze, the subset of
//! [`Features`](crate::Features) that objectives and hard gates read, with the same names
//! and values.

/// What the generator's inner loop knows of a maze: a subset of [`Features`](crate::Features)
/// with the same names and values.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Core {
    /// |S|.
    pub n_states: usize,
    /// Edges.
    pub n_moves: usize,
    /// States reachable from the start.
    pub reachable: usize,
    /// States that reach a goal state.
    pub reaching: usize,
    /// Reachable states that cannot reach the goal (the black holes' states, all together).
    pub black_hole_states: usize,
    /// Moves on a shortest start-to-goal path.
    pub shortest_length: Option<u32>,
    /// Distinct shortest paths (saturating).
    pub shortest_paths: u64,
    /// `(forward_decisions, backward_decisions)` when the shortest path is unique.
    pub decisions: Option<(u32, u32)>,
    /// Neller's m.
    pub initial_forced_moves: u32,
    /// Sum over same-jump clusters J of (|J| - 1)².
    pub cluster_penalty: u64,
    /// Obstacles, as given.
    pub blocks: usize,
}

impl Core {
    /// States that cannot reach the goal.
    pub fn non_reaching(&self) -> usize {
        self.n_states - self.reaching
    }

    /// Whether the shortest path is unique.
    pub fn unique_shortest(&self) -> bool {
        self.shortest_paths == 1
    }
}
