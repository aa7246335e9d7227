//! The flat state graph: compressed sparse rows, reusable across evaluations.

use rayon::prelude::*;

use crate::directions::{DirSet, Directions};
use crate::rules::{Move, Rules, StateId};

/// States from which a graph is large enough to split work on it between threads: its build
/// ([`Adjacency::from_rules_parallel`]) and the passes over it. Below, handing work over
/// costs more than it saves (the generator's small graphs stay on the calling thread).
pub const PARALLEL_STATES: usize = 1 << 16;

/// States of a run that [`Adjacency::from_rules_parallel`] builds apart: small, as the runs a
/// thread frees stay with its allocator through the rest of the process.
const RUN_STATES: usize = 1 << 14;

/// Jump value stored for states without a jump number.
pub(crate) const NO_JUMP: u32 = u32::MAX;

/// Sorts `moves` (all out of `from`) by direction and appends to `out` their distinct targets
/// in order of first direction, each with every direction that reaches it. Direction order
/// decides which edge comes first.
pub(crate) fn merge_moves(from: StateId, moves: &mut [Move], out: &mut Vec<(StateId, DirSet)>) {
    // Direction order; moves that stop at several places along one direction keep their
    // targets' order, so every form of the graph breaks ties alike.
    moves.sort_unstable_by_key(|m| (m.dir, m.to));
    let first = out.len();
    for m in moves.iter() {
        debug_assert!(
            m.to != from,
            "rules produced a move from state {from} to itself"
        );
        if m.to == from {
            continue;
        }
        match out[first..].iter().position(|&(t, _)| t == m.to) {
            Some(i) => out[first + i].1.insert(m.dir),
            None => out.push((m.to, DirSet::single(m.dir))),
        }
    }
}

/// A state graph as flat arrays: each state's edges (distinct targets, with the directions
/// that reach them) are contiguous and sorted by their first direction in direction order.
///
/// Building one from [`Rules`] reuses the buffers of the previous build, so the
/// generator's inner loop allocates nothing once warm.
#[derive(Clone, Debug)]
pub struct Adjacency {
    directions: &'static Directions,
    start: StateId,
    goal: Vec<bool>,
    jump: Vec<u32>,
    offsets: Vec<u32>,
    targets: Vec<StateId>,
    dirs: Vec<DirSet>,
    scratch: Vec<Move>,
    merged: Vec<(StateId, DirSet)>,
}

impl Adjacency {
    /// An empty graph to be filled by [`Adjacency::rebuild`].
    pub fn new(directions: &'static Directions) -> Adjacency {
        Adjacency {
            directions,
            start: 0,
            goal: Vec::new(),
            jump: Vec::new(),
            offsets: vec![0],
            targets: Vec::new(),
            dirs: Vec::new(),
            scratch: Vec::new(),
            merged: Vec::new(),
        }
    }

    /// The state graph of `rules`.
    pub fn from_rules<R: Rules + ?Sized>(rules: &R) -> Adjacency {
        let mut adjacency = Adjacency::new(rules.directions());
        adjacency.rebuild(rules);
        adjacency
    }

    /// The state graph of `rules`, equal to [`Adjacency::from_rules`], its states' moves
    /// found on every thread: runs of states are built apart and joined in order. A graph of
    /// fewer than 2^16 states (the generator's among them) is built on the calling thread, where handing
    /// work over would cost more than it saves.
    pub fn from_rules_parallel<R: Rules + Sync + ?Sized>(rules: &R) -> Adjacency {
        if rules.n_states() < PARALLEL_STATES {
            return Adjacency::from_rules(rules);
        }
        Adjacency::in_runs(rules, RUN_STATES)
    }

    /// [`Adjacency::from_rules_parallel`] with runs of `run` states, whatever the size.
    fn in_runs<R: Rules + Sync + ?Sized>(rules: &R, run: usize) -> Adjacency {
        let n = rules.n_states();
        StateId::try_from(n).expect("more than 2^32 states");
        let mut out = Adjacency::new(rules.directions());
        out.start = rules.start();
        out.goal.reserve_exact(n);
        out.jump.reserve_exact(n);
        out.offsets.reserve_exact(n);
        let n_runs = n.div_ceil(run);
        // A few runs a thread at a time, each copied and gone before the next are built: the
        // memory they free is taken again by the next, so the build holds little more than
        // the graph.
        let batch = 2 * rayon::current_num_threads();
        for first in (0..n_runs).step_by(batch) {
            let parts: Vec<Adjacency> = (first..n_runs.min(first + batch))
                .into_par_iter()
                .map(|k| {
                    let mut part = Adjacency::new(rules.directions());
                    for s in k * run..n.min((k + 1) * run) {
                        part.push_rules_state(rules, s as StateId);
                    }
                    part
                })
                .collect();
            for part in parts {
                let base = out.targets.len() as u32;
                out.goal.extend_from_slice(&part.goal);
                out.jump.extend_from_slice(&part.jump);
                out.offsets
                    .extend(part.offsets[1..].iter().map(|&o| base + o));
                out.targets.extend_from_slice(&part.targets);
                out.dirs.extend_from_slice(&part.dirs);
            }
        }
        out
    }

    /// Appends `state` of `rules` with its goal flag, jump number and merged moves.
    fn push_rules_state<R: Rules + ?Sized>(&mut self, rules: &R, state: StateId) {
        self.goal.push(rules.is_goal(state));
        self.jump.push(rules.jump(state).unwrap_or(NO_JUMP));
        self.scratch.clear();
        rules.successors(&mut self.scratch, state);
        self.merged.clear();
        merge_moves(state, &mut self.scratch, &mut self.merged);
        for &(t, d) in &self.merged {
            self.targets.push(t);
            self.dirs.push(d);
        }
        self.offsets.push(self.targets.len() as u32);
    }

    /// Replaces this graph by the state graph of `rules`, reusing its buffers.
    pub fn rebuild<R: Rules + ?Sized>(&mut self, rules: &R) {
        let n = rules.n_states();
        let n32 = StateId::try_from(n).expect("more than 2^32 states");
        self.directions = rules.directions();
        self.start = rules.start();
        self.goal.clear();
        self.jump.clear();
        self.offsets.clear();
        self.targets.clear();
        self.dirs.clear();
        self.offsets.push(0);
        for s in 0..n32 {
            self.push_rules_state(rules, s);
        }
    }

    /// Appends a state with its goal flag, jump number and edges (already in direction order);
    /// states are numbered in the order they are pushed.
    pub(crate) fn push_state(
        &mut self,
        goal: bool,
        jump: Option<u32>,
        edges: impl IntoIterator<Item = (StateId, DirSet)>,
    ) {
        self.goal.push(goal);
        self.jump.push(jump.unwrap_or(NO_JUMP));
        for (t, dirs) in edges {
            self.targets.push(t);
            self.dirs.push(dirs);
        }
        self.offsets.push(self.targets.len() as u32);
    }

    /// Sets the start state.
    pub(crate) fn set_start(&mut self, start: StateId) {
        self.start = start;
    }

    /// The variant's directions.
    pub fn directions(&self) -> &'static Directions {
        self.directions
    }

    /// Number of states.
    pub fn n_states(&self) -> usize {
        self.goal.len()
    }

    /// Number of edges (distinct state pairs joined by a move).
    pub fn n_moves(&self) -> usize {
        self.targets.len()
    }

    /// The start state.
    pub fn start(&self) -> StateId {
        self.start
    }

    /// Whether `state` is a goal state.
    pub fn is_goal(&self, state: StateId) -> bool {
        self.goal[state as usize]
    }

    /// The jump number of `state`'s cell, if it has one.
    pub fn jump(&self, state: StateId) -> Option<u32> {
        let j = self.jump[state as usize];
        (j != NO_JUMP).then_some(j)
    }

    /// The target states of `state`'s edges, sorted by each edge's first direction.
    pub fn targets(&self, state: StateId) -> &[StateId] {
        let (a, b) = self.range(state);
        &self.targets[a..b]
    }

    /// The direction sets of `state`'s edges, parallel to [`Adjacency::targets`].
    pub fn edge_dirs(&self, state: StateId) -> &[DirSet] {
        let (a, b) = self.range(state);
        &self.dirs[a..b]
    }

    /// Number of distinct successor states of `state`.
    pub fn out_degree(&self, state: StateId) -> usize {
        let (a, b) = self.range(state);
        b - a
    }

    fn range(&self, state: StateId) -> (usize, usize) {
        let s = state as usize;
        (self.offsets[s] as usize, self.offsets[s + 1] as usize)
    }
}

impl crate::Graph for Adjacency {
    fn directions(&self) -> &'static Directions {
        self.directions
    }

    fn n_states(&self) -> usize {
        Adjacency::n_states(self)
    }

    fn n_moves(&self) -> usize {
        Adjacency::n_moves(self)
    }

    fn start(&self) -> StateId {
        self.start
    }

    fn is_goal(&self, state: StateId) -> bool {
        Adjacency::is_goal(self, state)
    }

    fn jump(&self, state: StateId) -> Option<u32> {
        Adjacency::jump(self, state)
    }

    fn targets(&self, state: StateId) -> &[StateId] {
        Adjacency::targets(self, state)
    }

    fn edge_dirs(&self, state: StateId) -> &[DirSet] {
        Adjacency::edge_dirs(self, state)
    }

    fn out_degree(&self, state: StateId) -> usize {
        Adjacency::out_degree(self, state)
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    static FOUR: Directions = Directions {
        names: &["N", "E", "S", "W"],
        opposite: &[2, 3, 0, 1],
    };

    /// Rules given as lists: per state its goal flag, jump number and moves (some to the
    /// same state in several directions, some in one direction to several states).
    #[derive(Debug)]
    struct Listed {
        start: StateId,
        states: Vec<(bool, Option<u32>, Vec<Move>)>,
    }

    impl Rules for Listed {
        fn directions(&self) -> &'static Directions {
            &FOUR
        }
        fn n_states(&self) -> usize {
            self.states.len()
        }
        fn start(&self) -> StateId {
            self.start
        }
        fn is_goal(&self, state: StateId) -> bool {
            self.states[state as usize].0
        }
        fn jump(&self, state: StateId) -> Option<u32> {
            self.states[state as usize].1
        }
        fn successors(&self, acc: &mut Vec<Move>, state: StateId) {
            acc.extend_from_slice(&self.states[state as usize].2);
        }
        fn state_name(&self, state: StateId) -> String {
            state.to_string()
        }
    }

    fn listed() -> impl Strategy<Value = Listed> {
        (1usize..300).prop_flat_map(|n| {
            let m = n as StateId;
            let moves = proptest::collection::vec((0u8..4, 0..m), 0..7);
            let state = (any::<bool>(), proptest::option::of(0u32..5), moves);
            (0..m, proptest::collection::vec(state, n)).prop_map(|(start, states)| {
                let states = states
                    .into_iter()
                    .enumerate()
                    .map(|(s, (goal, jump, moves))| {
                        let moves = moves
                            .into_iter()
                            .filter(|&(_, to)| to as usize != s)
                            .map(|(dir, to)| Move { dir, to })
                            .collect();
                        (goal, jump, moves)
                    })
                    .collect();
                Listed { start, states }
            })
        })
    }

    proptest! {
        /// Built in runs of any length, on any threads, the graph is the one built state by
        /// state.
        #[test]
        fn runs_join_into_the_graph(rules in listed(), run in 1usize..40) {
            let want = Adjacency::from_rules(&rules);
            let got = Adjacency::in_runs(&rules, run);
            prop_assert_eq!(got.start, want.start);
            prop_assert_eq!(&got.goal, &want.goal);
            prop_assert_eq!(&got.jump, &want.jump);
            prop_assert_eq!(&got.offsets, &want.offsets);
            prop_assert_eq!(&got.targets, &want.targets);
            prop_assert_eq!(&got.dirs, &want.dirs);
            let small = Adjacency::from_rules_parallel(&rules);
            prop_assert_eq!(&small.targets, &want.targets);
        }
    }
}
