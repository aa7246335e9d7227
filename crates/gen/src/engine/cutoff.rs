//! When the core passes stop early: a [`Cutoff`] says, on the way, that a candidate cannot
//! beat the maze it is compared with, so the rest of its evaluation is skipped.

use maze_features::Core;

/// When to stop evaluating a candidate that cannot win, asked twice on the way.
pub trait Cutoff {
    /// After the search backwards from the goals: whether a maze of `n_states` of which
    /// `non_reaching` cannot reach a goal is hopeless, whatever the rest.
    fn hopeless_reaching(&self, n_states: usize, non_reaching: usize) -> bool;

    /// After the shortest paths (`reached` false) and again after the search from the start
    /// (`reached` true): whether a maze with this core is hopeless, whatever the fields not
    /// known yet: `initial_forced_moves` and `cluster_penalty` (0 here), the exact
    /// `shortest_paths` when there are several (2 here, for "two or more"), and before the
    /// search from the start `reachable` and `black_hole_states` (0 here).
    fn hopeless(&self, partial: &Core, reached: bool) -> bool;

    /// Whether the caller reads `reachable`. When every state reaches a goal there are no
    /// black holes whatever the start reaches, and a caller that does not read `reachable`
    /// is spared the search from the start (`reachable` is then left at 0).
    fn needs_reachable(&self) -> bool {
        true
    }
}

/// Never stops.
pub(crate) struct Never;

impl Cutoff for Never {
    fn hopeless_reaching(&self, _: usize, _: usize) -> bool {
        false
    }

    fn hopeless(&self, _: &Core, _: bool) -> bool {
        false
    }
}
