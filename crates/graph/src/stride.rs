//! The generator's state graph: a fixed stride of edge slots per state, so the edges of one
//! state can be rewritten in place after a mutation touched only that state.

use crate::adjacency::{NO_JUMP, merge_moves};
use crate::changes::ChangeLog;
use crate::directions::{DirSet, Directions};
use crate::graph::Graph;
use crate::rules::{Move, Rules, StateId};

/// A state graph with `stride` edge slots per state ([`Rules::max_successors`], an upper
/// bound on distinct successors). Edges are kept exactly as in
/// [`Adjacency`](crate::Adjacency): distinct targets, sorted by first direction.
///
/// [`StrideAdjacency::update`] re-reads the moves of the given states only, which is all a
/// generator step needs when a mutation changes the moves out of one state and leaves the
/// state numbering alone (jump numbers without no-U-turn). Those states go in its
/// [`ChangeLog`]; a rebuild or renumbering makes the log forget.
#[derive(Clone, Debug)]
pub struct StrideAdjacency {
    directions: &'static Directions,
    stride: usize,
    start: StateId,
    goal: Vec<bool>,
    jump: Vec<u32>,
    len: Vec<u16>,
    n_moves: usize,
    targets: Vec<StateId>,
    dirs: Vec<DirSet>,
    scratch: Vec<Move>,
    merged: Vec<(StateId, DirSet)>,
    /// The previous arrays during [`StrideAdjacency::renumber`], kept to reuse their memory.
    spare: Spare,
    log: ChangeLog,
}

#[derive(Clone, Debug, Default)]
struct Spare {
    goal: Vec<bool>,
    jump: Vec<u32>,
    len: Vec<u16>,
    targets: Vec<StateId>,
    dirs: Vec<DirSet>,
}

impl StrideAdjacency {
    /// The state graph of `rules`.
    pub fn from_rules<R: Rules + ?Sized>(rules: &R) -> StrideAdjacency {
        let mut g = StrideAdjacency {
            directions: rules.directions(),
            stride: 0,
            start: 0,
            goal: Vec::new(),
            jump: Vec::new(),
            len: Vec::new(),
            n_moves: 0,
            targets: Vec::new(),
            dirs: Vec::new(),
            scratch: Vec::new(),
            merged: Vec::new(),
            spare: Spare::default(),
            log: ChangeLog::new(),
        };
        g.rebuild(rules);
        g
    }

    /// Replaces this graph by the state graph of `rules`, reusing its buffers.
    pub fn rebuild<R: Rules + ?Sized>(&mut self, rules: &R) {
        let n = rules.n_states();
        assert!(StateId::try_from(n).is_ok(), "more than 2^32 states");
        self.directions = rules.directions();
        self.stride = rules.max_successors().max(1);
        self.start = rules.start();
        self.clear(n);
        for s in 0..n as StateId {
            self.read_state(rules, s);
        }
    }

    /// Re-reads the moves, goal flag and jump number of `states` from `rules`, which must
    /// number its states as when this graph was built.
    pub fn update<R: Rules + ?Sized>(&mut self, rules: &R, states: &[StateId]) {
        debug_assert_eq!(
            rules.n_states(),
            self.goal.len(),
            "the state numbering changed"
        );
        self.start = rules.start();
        // Replaying more than an eighth of the states costs a reader about what reading
        // them all does.
        let most = (self.goal.len() / 8).max(16);
        for &s in states {
            self.n_moves -= usize::from(self.len[s as usize]);
            self.read_state(rules, s);
            self.log.push(s, most);
        }
    }

    /// Follows a renumbering of `rules`' states in which only the states `changed` says
    /// have new moves: every other state keeps its edges, its targets renumbered through
    /// `now` (old id to new id), found through `was` (new id to old id). States that appeared
    /// and changed states are read from `rules`. Costs one pass over the edges instead of
    /// re-reading and merging every state's moves.
    pub fn renumber<R: Rules + ?Sized>(
        &mut self,
        rules: &R,
        was: impl Fn(StateId) -> Option<StateId>,
        now: impl Fn(StateId) -> Option<StateId>,
        changed: impl Fn(StateId) -> bool,
    ) {
        let n = rules.n_states();
        if rules.max_successors().max(1) != self.stride {
            self.rebuild(rules);
            return;
        }
        let mut old = std::mem::take(&mut self.spare);
        std::mem::swap(&mut old.goal, &mut self.goal);
        std::mem::swap(&mut old.jump, &mut self.jump);
        std::mem::swap(&mut old.len, &mut self.len);
        std::mem::swap(&mut old.targets, &mut self.targets);
        std::mem::swap(&mut old.dirs, &mut self.dirs);
        let (old_goal, old_jump, old_len, old_targets, old_dirs) =
            (&old.goal, &old.jump, &old.len, &old.targets, &old.dirs);
        self.start = rules.start();
        self.clear(n);
        for s in 0..n as StateId {
            let old = if changed(s) { None } else { was(s) };
            let Some(o) = old else {
                self.read_state(rules, s);
                continue;
            };
            let (i, o) = (s as usize, o as usize);
            self.goal[i] = old_goal[o];
            self.jump[i] = old_jump[o];
            let len = usize::from(old_len[o]);
            let (from, to) = (o * self.stride, i * self.stride);
            for k in 0..len {
                // A target of an unchanged state keeps a move landing on it, so it stays.
                self.targets[to + k] = now(old_targets[from + k]).unwrap_or(StateId::MAX);
                self.dirs[to + k] = old_dirs[from + k];
            }
            self.len[i] = old_len[o];
            self.n_moves += len;
        }
        self.spare = old;
    }

    /// Empties the graph to `n` states without edges, keeping the buffers' memory; the log
    /// forgets.
    fn clear(&mut self, n: usize) {
        self.log.forget();
        self.goal.clear();
        self.goal.resize(n, false);
        self.jump.clear();
        self.jump.resize(n, NO_JUMP);
        self.len.clear();
        self.len.resize(n, 0);
        self.targets.clear();
        self.targets.resize(n * self.stride, 0);
        self.dirs.clear();
        self.dirs.resize(n * self.stride, DirSet::default());
        self.n_moves = 0;
    }

    fn read_state<R: Rules + ?Sized>(&mut self, rules: &R, s: StateId) {
        let i = s as usize;
        self.goal[i] = rules.is_goal(s);
        self.jump[i] = rules.jump(s).unwrap_or(NO_JUMP);
        self.scratch.clear();
        rules.successors(&mut self.scratch, s);
        self.merged.clear();
        merge_moves(s, &mut self.scratch, &mut self.merged);
        let base = i * self.stride;
        for (k, &(t, d)) in self.merged.iter().enumerate() {
            self.targets[base + k] = t;
            self.dirs[base + k] = d;
        }
        debug_assert!(
            self.merged.len() <= self.stride,
            "more successors than max_successors"
        );
        self.len[i] = self.merged.len() as u16;
        self.n_moves += self.merged.len();
    }

    #[inline]
    fn range(&self, state: StateId) -> (usize, usize) {
        let a = state as usize * self.stride;
        (a, a + usize::from(self.len[state as usize]))
    }
}

impl Graph for StrideAdjacency {
    #[inline]
    fn directions(&self) -> &'static Directions {
        self.directions
    }

    #[inline]
    fn n_states(&self) -> usize {
        self.goal.len()
    }

    #[inline]
    fn n_moves(&self) -> usize {
        self.n_moves
    }

    #[inline]
    fn start(&self) -> StateId {
        self.start
    }

    #[inline]
    fn is_goal(&self, state: StateId) -> bool {
        self.goal[state as usize]
    }

    #[inline]
    fn jump(&self, state: StateId) -> Option<u32> {
        let j = self.jump[state as usize];
        (j != NO_JUMP).then_some(j)
    }

    #[inline]
    fn targets(&self, state: StateId) -> &[StateId] {
        let (a, b) = self.range(state);
        &self.targets[a..b]
    }

    #[inline]
    fn edge_dirs(&self, state: StateId) -> &[DirSet] {
        let (a, b) = self.range(state);
        &self.dirs[a..b]
    }

    #[inline]
    fn out_degree(&self, state: StateId) -> usize {
        usize::from(self.len[state as usize])
    }

    fn changes(&self) -> Option<&ChangeLog> {
        Some(&self.log)
    }
}
