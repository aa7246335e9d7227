//! The generator's fast path: only what objectives and hard gates need (reachability, the
//! shortest path and its uniqueness, decisions along a unique one, forced moves, same-jump
//! clusters), with no allocation once warm. Graphs of at most 64 states, the size of every
//! classic jumping maze, run on one-word bitsets; the generator's word engine, which keeps
//! its own rows, up to [`MAX_WORD_STATES`] states on multi-word bitsets (a state set is a few
//! words, a BFS layer is one OR of rows per state). A graph handed to the [`Evaluator`] is
//! read into rows up to 256 states, and beyond on the same passes over lists of successors
//! and predecessors. The order of the passes is the driver's (`driver`); this file holds
//! what they do on rows. Tested equal to the full features on random mazes.

use maze_features::{Core, Tarjan, same_jump_in};
use maze_graph::{Graph, StateId};

use super::bits::Bits;
use super::cutoff::{Cutoff, Never};
use super::driver::{CorePasses, core_passes};
use super::lists::{ListScratch, core_of_lists};

/// The most states a word evaluation takes: sixteen machine words per state set.
pub const MAX_WORD_STATES: usize = 1024;

/// A byte per state of a word evaluation, indexed below [`MAX_WORD_STATES`].
pub(crate) type StateBytes = [u8; MAX_WORD_STATES];

/// Computes [`Core`]s, keeping its buffers between calls (each width's made when first
/// needed).
#[derive(Debug, Default)]
pub struct Evaluator {
    one: Option<Box<Buffers<u64>>>,
    two: Option<Box<Buffers<[u64; 2]>>>,
    four: Option<Box<Buffers<[u64; 4]>>>,
    lists: Option<Box<ListScratch>>,
}

/// Rows a graph is read into, and the evaluation's scratch, for one width.
#[derive(Debug)]
struct Buffers<S: Bits> {
    succ: S::Rows,
    pred: S::Rows,
    jump_sets: JumpSets<S>,
    /// The jump value of each set in `jump_sets` (set `k + 1` holds value `values[k]`).
    values: Vec<u32>,
    scratch: WordScratch<S>,
}

impl<S: Bits> Default for Buffers<S> {
    fn default() -> Self {
        Buffers {
            succ: S::no_rows(),
            pred: S::no_rows(),
            jump_sets: [S::EMPTY; 256],
            values: Vec::new(),
            scratch: WordScratch::default(),
        }
    }
}

impl Evaluator {
    /// A new evaluator.
    pub fn new() -> Evaluator {
        Evaluator::default()
    }

    /// The core features of `g`; `blocks` is the variant's obstacle count.
    pub fn core<G: Graph + ?Sized>(&mut self, g: &G, blocks: usize) -> Core {
        self.core_within(g, blocks, &Never)
            .unwrap_or_else(|| unreachable!("nothing stops the evaluation"))
    }

    /// [`Evaluator::core`], or `None` as soon as `cutoff` finds the graph hopeless.
    pub fn core_within<G: Graph + ?Sized>(
        &mut self,
        g: &G,
        blocks: usize,
        cutoff: &impl Cutoff,
    ) -> Option<Core> {
        let n = g.n_states();
        fn buffers<S: Bits>(b: &mut Option<Box<Buffers<S>>>) -> &mut Buffers<S> {
            b.get_or_insert_with(Box::default)
        }
        let mut core = if n <= <u64 as Bits>::BITS {
            read_core(g, buffers(&mut self.one), cutoff)
        } else if n <= <[u64; 2]>::BITS {
            read_core(g, buffers(&mut self.two), cutoff)
        } else if n <= <[u64; 4]>::BITS {
            read_core(g, buffers(&mut self.four), cutoff)
        } else {
            // Reading a graph into rows costs states x words on every evaluation: past four
            // words the lists are faster (wildcard 12 x 12, 405 states: 0.81 of the time of
            // eight-word rows; equal at 144 and 224 states).
            let scratch = self.lists.get_or_insert_with(Box::default);
            core_of_lists(g, scratch, cutoff)
        }?;
        core.blocks = blocks;
        Some(core)
    }
}

/// The bitset path for a graph of at most `S::BITS` states: its rows and jump sets read
/// into `b`, then [`core_of_words`].
fn read_core<G: Graph + ?Sized, S: Bits>(
    g: &G,
    b: &mut Buffers<S>,
    cutoff: &impl Cutoff,
) -> Option<Core> {
    let n = g.n_states();
    let (succ, pred) = (&mut b.succ, &mut b.pred);
    for s in 0..n {
        pred[s] = S::EMPTY;
    }
    // Same-jump sets by jump value, in order of first appearance; a maze has few distinct
    // jump numbers, and a state beyond 255 of them is in no set (then Tarjan counts).
    let values = &mut b.values;
    values.clear();
    let mut too_many = false;
    let mut goals = S::EMPTY;
    for s in 0..n {
        let mut m = S::EMPTY;
        for &t in g.targets(s as StateId) {
            m = m.or(S::bit(t as usize));
            pred[t as usize] = pred[t as usize].or(S::bit(s));
        }
        succ[s] = m;
        if g.is_goal(s as StateId) {
            goals = goals.or(S::bit(s));
        }
        if let Some(v) = g.jump(s as StateId) {
            let k = match values.iter().position(|&x| x == v) {
                Some(k) => Some(k),
                None if values.len() < usize::from(u8::MAX) => {
                    values.push(v);
                    b.jump_sets[values.len()] = S::EMPTY;
                    Some(values.len() - 1)
                }
                None => {
                    too_many = true;
                    None
                }
            };
            if let Some(k) = k {
                b.jump_sets[k + 1] = b.jump_sets[k + 1].or(S::bit(s));
            }
        }
    }
    let words = Words {
        states: S::first(n),
        n,
        succ,
        pred,
        goals,
        start: g.start() as usize,
        jump_sets: &b.jump_sets,
        jump_sets_end: values.len() + 1,
        n_moves: g.n_moves(),
    };
    b.scratch.forget_clusters(values.len() + 1);
    let mut core = core_of_words(&words, 0, &mut b.scratch, cutoff)?;
    if too_many {
        core.cluster_penalty = clusters_by_tarjan(g);
    }
    Some(core)
}

/// Sets of states by jump number, indexed by a byte (see [`Words::jump_sets`]).
pub(crate) type JumpSets<S> = [S; 256];

/// A state graph of at most `S::BITS` states as rows of bits: bit `t` of `succ[s]` is a
/// move from `s` to `t`, `pred` is its transpose.
///
/// The states are the members of `states`, not necessarily `0..n`: the generator keeps
/// rows over a fixed superset of the states a rule can have, and a superset state that does
/// not exist has no row that counts (its own moves are ignored, moves into it are never
/// made by an existing state). Every set below is within `states` except `pred` rows,
/// which may name superset states that do not exist.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Words<'a, S: Bits = u64> {
    /// The states.
    pub states: S,
    /// How many: `states.count()`.
    pub n: usize,
    /// Successor sets.
    pub succ: &'a S::Rows,
    /// Predecessor sets (the transpose of `succ`).
    pub pred: &'a S::Rows,
    /// The goal states.
    pub goals: S,
    /// The start state.
    pub start: usize,
    /// The states of each jump number ([`Graph::jump`]), one set per number in any order
    /// (states without one in none; empty sets allowed; states that do not exist allowed),
    /// the first one empty.
    pub jump_sets: &'a JumpSets<S>,
    /// Every set of `jump_sets` from this index on is empty.
    pub jump_sets_end: usize,
    /// Edges: the sum of the states' successor sets' sizes.
    pub n_moves: usize,
}

/// The word path's buffers (every entry used is written before it is read, so nothing is
/// cleared between evaluations).
#[derive(Clone, Debug)]
pub(crate) struct WordScratch<S: Bits> {
    /// Shortest paths into each state.
    counts: [u64; MAX_WORD_STATES],
    /// BFS layers backwards from the goals: at most one per state, and an empty one.
    backward: S::Rows,
    same: S::Rows,
    same_pred: S::Rows,
    /// The cluster penalty within each jump set (by index in [`Words::jump_sets`]), or
    /// [`UNKNOWN_PENALTY`]: a caller that changes the rows forgets what the change touches
    /// (see [`WordScratch::forget_clusters`]).
    penalties: [u64; 256],
}

/// A jump set's cluster penalty not known (no penalty comes near: it is below the square of
/// the number of states).
pub(crate) const UNKNOWN_PENALTY: u64 = u64::MAX;

impl<S: Bits> WordScratch<S> {
    /// Forgets the cluster penalty of the jump sets of index below `end`: after the rows
    /// change beyond one state (see [`WordScratch::forget_cluster_set`]), or for other
    /// rows. The evaluation reads none at or past [`Words::jump_sets_end`], and a caller
    /// whose end grows between evaluations forgets up to the new end.
    pub(crate) fn forget_clusters(&mut self, end: usize) {
        self.penalties[..end.min(256)].fill(UNKNOWN_PENALTY);
    }

    /// Forgets the cluster penalty of jump set `k`, when one state's row or jump number
    /// changed (or those of one cell's states, which share a number), if the change can
    /// alter it; returns what was known, [`UNKNOWN_PENALTY`] if nothing. Clusters join
    /// states of one jump number, so such a change alters the penalties of the old and new
    /// sets only, and this is asked once for each side of the change: `row` is the state's
    /// row on that side (the union of the states' rows), `into` the states with a move into
    /// it (into any of them), `set` jump set `k` (with or without the states). A state with
    /// no move out to the set, or none in from it, is a cluster of its own there, and the
    /// set's other clusters do not pass through it, so the penalty stays known.
    #[inline(always)]
    pub(crate) fn forget_cluster_set(&mut self, k: usize, set: S, row: S, into: S) -> u64 {
        let joined = !row.and(set).is_empty() & !into.and(set).is_empty();
        let known = self.penalties[k & 255];
        // A select rather than a branch: whether a step joins a set is data.
        self.penalties[k & 255] = if joined { UNKNOWN_PENALTY } else { known };
        known
    }

    /// Puts back what [`WordScratch::forget_cluster_set`] returned, once the change is
    /// undone.
    #[inline(always)]
    pub(crate) fn restore_cluster_set(&mut self, k: usize, penalty: u64) {
        self.penalties[k & 255] = penalty;
    }
}

impl<S: Bits> Default for WordScratch<S> {
    fn default() -> Self {
        WordScratch {
            counts: [0; MAX_WORD_STATES],
            backward: S::no_rows(),
            same: S::no_rows(),
            same_pred: S::no_rows(),
            penalties: [UNKNOWN_PENALTY; 256],
        }
    }
}

/// The core features on rows, or `None` as soon as `cutoff` says the candidate is
/// hopeless: [`core_passes`] over the rows. `blocks` is the variant's obstacle count.
#[inline(never)]
pub(crate) fn core_of_words<S: Bits>(
    w: &Words<'_, S>,
    blocks: usize,
    scratch: &mut WordScratch<S>,
    cutoff: &impl Cutoff,
) -> Option<Core> {
    let mut rows = WordPasses {
        w,
        // Below `S::BITS`, which spares the row look-ups their checks.
        start: w.start & (S::BITS - 1),
        reaching: S::EMPTY,
        scratch,
    };
    core_passes(&mut rows, blocks, cutoff)
}

/// The core passes on rows: a state set is a few words, a search's layer one union of rows.
struct WordPasses<'a, 'w, S: Bits> {
    w: &'a Words<'w, S>,
    /// `w.start`, below `S::BITS`.
    start: usize,
    /// The states that reach a goal, once searched.
    reaching: S,
    scratch: &'a mut WordScratch<S>,
}

impl<S: Bits> CorePasses for WordPasses<'_, '_, S> {
    type State = usize;
    type Seen = S;

    #[inline(always)]
    fn n_states(&self) -> usize {
        self.w.n
    }

    #[inline(always)]
    fn n_moves(&self) -> usize {
        self.w.n_moves
    }

    #[inline(always)]
    fn start(&self) -> usize {
        self.start
    }

    /// Layer d of `scratch.backward` holds the states d moves from the nearest goal, so the
    /// start's layer is the length of a shortest solution.
    #[inline(always)]
    fn search_back(&mut self) -> (usize, Option<u32>) {
        let (pred, goals, states) = (self.w.pred, self.w.goals, self.w.states);
        let start_bit = S::bit(self.start);
        let backward = &mut self.scratch.backward;
        backward[0] = goals;
        let mut layers = 1;
        let mut reaching = goals;
        let mut length = (!goals.and(start_bit).is_empty()).then_some(0);
        // The last layer stays in registers rather than read back from the table.
        let mut frontier = goals;
        loop {
            let next = S::union_of(pred, frontier).and_not(reaching).and(states);
            if next.is_empty() {
                break;
            }
            frontier = next;
            if !next.and(start_bit).is_empty() {
                length = Some(layers);
            }
            reaching = reaching.or(next);
            backward[layers] = next;
            layers += 1;
        }
        self.reaching = reaching;
        (reaching.count(), length.map(|l| l as u32))
    }

    #[inline(always)]
    fn closer(&self, s: usize, i: u32) -> Option<usize> {
        let on = self.w.succ[s].and(self.scratch.backward[i as usize]);
        on.single().then(|| on.low())
    }

    #[inline(always)]
    fn branches(&self, s: usize) -> bool {
        self.w.succ[s].several()
    }

    #[inline(always)]
    fn merges(&self, s: usize) -> bool {
        self.w.pred[s].and(self.w.states).several()
    }

    #[inline(always)]
    fn search_forward(&mut self) -> (usize, usize) {
        let succ = self.w.succ;
        let start_bit = S::bit(self.start);
        let mut reached = start_bit;
        let mut frontier = start_bit;
        while !frontier.is_empty() {
            frontier = S::union_of(succ, frontier).and_not(reached);
            reached = reached.or(frontier);
        }
        (reached.count(), reached.and_not(self.reaching).count())
    }

    /// Paths into each state of the layers of shortest paths, layer by layer.
    #[inline(always)]
    fn count_paths(&mut self, l: u32) -> u64 {
        let (succ, pred) = (self.w.succ, self.w.pred);
        let scratch = &mut *self.scratch;
        let (counts, backward) = (&mut scratch.counts, &scratch.backward);
        counts[self.start] = 1;
        let mut layer = S::bit(self.start);
        for i in (0..l as usize).rev() {
            let next = S::union_of(succ, layer).and(backward[i]);
            for t in next.members() {
                counts[t] = pred[t]
                    .and(layer)
                    .members()
                    .fold(0u64, |c, f| c.saturating_add(counts[f]));
            }
            layer = next;
        }
        layer
            .members()
            .fold(0u64, |acc, t| acc.saturating_add(counts[t]))
    }

    #[inline(always)]
    fn is_goal(&self, s: usize) -> bool {
        self.w.goals.has(s)
    }

    #[inline(always)]
    fn only_successor(&self, s: usize) -> Option<usize> {
        let row = self.w.succ[s];
        row.single().then(|| row.low())
    }

    #[inline(always)]
    fn seen_from(&mut self, s: usize) -> S {
        S::bit(s)
    }

    #[inline(always)]
    fn see(&mut self, seen: &mut S, s: usize) -> bool {
        if seen.has(s) {
            return false;
        }
        *seen = seen.or(S::bit(s));
        true
    }

    #[inline(always)]
    fn cluster_penalty(&mut self) -> u64 {
        same_jump_words(self.w, self.scratch)
    }
}

/// The same-jump cluster penalty: the sum over jump sets, each found by
/// [`same_jump_within`] unless the scratch still knows it.
fn same_jump_words<S: Bits>(w: &Words<'_, S>, scratch: &mut WordScratch<S>) -> u64 {
    let mut penalty = 0;
    for k in 1..w.jump_sets_end.min(256) {
        if scratch.penalties[k] == UNKNOWN_PENALTY {
            scratch.penalties[k] = same_jump_within(w, w.jump_sets[k], scratch);
        }
        penalty += scratch.penalties[k];
    }
    // The slow twin of the remembered sets, in every test build: every set afresh.
    debug_assert_eq!(
        penalty,
        (1..w.jump_sets_end.min(256))
            .map(|k| same_jump_within(w, w.jump_sets[k], scratch))
            .sum::<u64>(),
        "a jump set's remembered cluster penalty is stale"
    );
    penalty
}

/// The cluster penalty within one jump set `set` (a same-jump move joins two states of one
/// set): strongly connected components of the moves within the set, each found as (states
/// it reaches) ∩ (states that reach it). Only states with a move within the set both in and
/// out can share a component with another.
fn same_jump_within<S: Bits>(w: &Words<'_, S>, set: S, scratch: &mut WordScratch<S>) -> u64 {
    let set = set.and(w.states);
    if !set.several() {
        return 0;
    }
    // States with a move in from the set.
    let has_in = S::union_of(w.succ, set).and(set);
    // Of those, the ones with a move out to another such state.
    let same = &mut scratch.same;
    let mut candidates = S::EMPTY;
    for s in has_in.members() {
        let m = w.succ[s].and(has_in);
        same[s] = m;
        if !m.is_empty() {
            candidates = candidates.or(S::bit(s));
        }
    }
    if candidates.is_empty() {
        return 0;
    }
    let same_pred = &mut scratch.same_pred;
    for s in candidates.members() {
        same_pred[s] = S::EMPTY;
    }
    for s in candidates.members() {
        same[s] = same[s].and(candidates);
        for t in same[s].members() {
            same_pred[t] = same_pred[t].or(S::bit(s));
        }
    }
    let mut penalty = 0;
    while !candidates.is_empty() {
        let v = candidates.low();
        let component =
            closure::<S>(v, same, candidates).and(closure::<S>(v, same_pred, candidates));
        let size = component.count() as u64;
        penalty += (size - 1) * (size - 1);
        candidates = candidates.and_not(component);
    }
    penalty
}

/// The cluster penalty by the full extraction's Tarjan.
fn clusters_by_tarjan<G: Graph + ?Sized>(g: &G) -> u64 {
    let mut t = Tarjan::default();
    same_jump_in(g, &mut t, None);
    t.sizes().iter().map(|&c| ((c - 1) as u64).pow(2)).sum()
}

/// The states reachable from `v` along `adj` without leaving `within` (v included).
fn closure<S: Bits>(v: usize, adj: &S::Rows, within: S) -> S {
    let mut reach = S::bit(v);
    let mut frontier = reach;
    while !frontier.is_empty() {
        frontier = S::union_of(adj, frontier).and(within).and_not(reach);
        reach = reach.or(frontier);
    }
    reach
}
