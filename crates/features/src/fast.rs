//! The generator's fast path: only what objectives and hard gates need (reachability, the
//! shortest path and its uniqueness, decisions along a unique one, forced moves, same-jump
//! clusters), with no allocation once warm. Graphs of at most 64 states, the size of every
//! classic jumping maze, run on one-word bitsets; up to 256 states on multi-word bitsets
//! (a state set is a few words, a BFS layer is one OR of rows per state); larger ones on
//! the same algorithms as [`features`](crate::features). Tested equal to the full features
//! on random mazes.

use maze_graph::{Graph, StateId};

use crate::search::{self, UNREACHED};
use crate::{clusters, paths};

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

/// Computes [`Core`]s, keeping its buffers between calls.
#[derive(Debug, Default)]
pub struct Evaluator {
    rows: Box<OwnRows>,
    scratch: Box<Scratch>,
    wide: Wide,
}

/// The largest graph the one-word bitset path takes.
const WORD: usize = 64;

/// The largest graph the multi-word bitset path takes: beyond it a set of states costs more
/// words than the queue-based algorithms touch edges.
const WIDE: usize = 256;

/// Buffers of the multi-word path; rows of `w` words per state.
#[derive(Debug, Default)]
struct Wide {
    succ: Vec<u64>,
    pred: Vec<u64>,
    goals: Vec<u64>,
    reached: Vec<u64>,
    reaching: Vec<u64>,
    forward: Vec<u64>,
    backward: Vec<u64>,
    on: Vec<u64>,
    next: Vec<u64>,
    counts: Vec<u64>,
    jump: Vec<Option<u32>>,
    values: Vec<(u32, usize)>,
    masks: Vec<u64>,
    same: Vec<u64>,
    same_pred: Vec<u64>,
    candidates: Vec<u64>,
    fwd: Vec<u64>,
    bwd: Vec<u64>,
    frontier: Vec<u64>,
}

impl Evaluator {
    /// A new evaluator.
    pub fn new() -> Evaluator {
        Evaluator::default()
    }

    /// The core features of `g`; `blocks` is the variant's obstacle count.
    pub fn core<G: Graph + ?Sized>(&mut self, g: &G, blocks: usize) -> Core {
        let n = g.n_states();
        let mut core = if n <= WORD {
            self.small(g)
        } else if n <= WIDE {
            self.wide.core(g)
        } else {
            general(g)
        };
        core.blocks = blocks;
        core
    }

    /// The core features of a graph of at most 64 states given as one-word rows (see
    /// [`Words`]); `blocks` is the variant's obstacle count. The generator keeps the rows up
    /// to date itself, so nothing is read twice.
    pub fn core_of_words(&mut self, w: &Words<'_>, blocks: usize) -> Core {
        word_core(w, blocks, &mut self.scratch, &Never)
            .unwrap_or_else(|| unreachable!("nothing stops the evaluation"))
    }

    /// [`Evaluator::core_of_words`], or `None` as soon as `cutoff` says the candidate is
    /// hopeless (the generator's early rejection of a candidate that cannot beat the current
    /// maze). `reachable` is 0 when every state reaches a goal and the cutoff does not
    /// [need it](Cutoff::needs_reachable).
    pub fn core_of_words_unless(
        &mut self,
        w: &Words<'_>,
        blocks: usize,
        cutoff: &impl Cutoff,
    ) -> Option<Core> {
        word_core(w, blocks, &mut self.scratch, cutoff)
    }

    /// The bitset path: every state set is one `u64`, every BFS layer one word.
    fn small<G: Graph + ?Sized>(&mut self, g: &G) -> Core {
        let n = g.n_states();
        let (succ, pred) = (&mut self.rows.succ, &mut self.rows.pred);
        pred[..n].fill(0);
        // Same-jump sets by jump value; a maze has few distinct jump numbers.
        let mut values: [(u32, u64); 16] = [(0, 0); 16];
        let mut n_values = 0;
        let mut too_many = false;
        let mut goals = 0u64;
        for (s, row) in succ.iter_mut().enumerate().take(n) {
            let mut m = 0u64;
            for &t in g.targets(s as StateId) {
                m |= 1 << t;
                pred[t as usize] |= 1 << s;
            }
            *row = m;
            if g.is_goal(s as StateId) {
                goals |= 1 << s;
            }
            if let Some(v) = g.jump(s as StateId) {
                match values[..n_values].iter_mut().find(|(x, _)| *x == v) {
                    Some((_, set)) => *set |= 1 << s,
                    None if n_values < 16 => {
                        values[n_values] = (v, 1 << s);
                        n_values += 1;
                    }
                    None => too_many = true,
                }
            }
        }
        // Only the first 17 entries are ever set here; they are overwritten every time.
        let jump_sets = &mut self.rows.jump_sets;
        jump_sets[..=16].fill(0);
        let mut jump_set_of = [0u8; WORD];
        for (k, &(_, set)) in values[..n_values].iter().enumerate() {
            jump_sets[k + 1] = set;
            for s in bits(set) {
                jump_set_of[s] = k as u8 + 1;
            }
        }
        let words = Words {
            n,
            succ,
            pred,
            goals,
            start: g.start() as usize,
            jump_sets,
            jump_set_of: &jump_set_of,
            jump_sets_end: n_values + 1,
            n_moves: g.n_moves(),
        };
        let mut core = word_core(&words, 0, &mut self.scratch, &Never)
            .unwrap_or_else(|| unreachable!("nothing stops the evaluation"));
        if too_many {
            core.cluster_penalty = clusters_by_tarjan(g);
        }
        core
    }
}

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
struct Never;

impl Cutoff for Never {
    fn hopeless_reaching(&self, _: usize, _: usize) -> bool {
        false
    }

    fn hopeless(&self, _: &Core, _: bool) -> bool {
        false
    }
}

/// Sets of states by jump number, indexed by a byte (see [`Words::jump_sets`]).
pub type JumpSets = [u64; 256];

/// A row per state of a graph of at most 64 states, indexed by state (entries past the
/// state count unused), and a last entry, 64, that is always 0: the index of the lowest bit
/// of an empty set is 64, so the union of rows can take four members at a time without
/// testing for the end of the set after each one.
pub type Rows = [u64; WORD + 1];

/// Rows of nothing.
pub const NO_ROWS: Rows = [0; WORD + 1];

/// A state graph of at most 64 states as one-word rows: bit `t` of `succ[s]` is a move from
/// `s` to `t`, `pred` is its transpose.
#[derive(Clone, Copy, Debug)]
pub struct Words<'a> {
    /// States: `0..n`.
    pub n: usize,
    /// Successor sets.
    pub succ: &'a Rows,
    /// Predecessor sets (the transpose of `succ`).
    pub pred: &'a Rows,
    /// The goal states.
    pub goals: u64,
    /// The start state.
    pub start: usize,
    /// The states of each jump number ([`Graph::jump`]), one set per number in any order
    /// (states without one in none; empty sets allowed), the first one empty.
    pub jump_sets: &'a JumpSets,
    /// For each state, the index of its set in `jump_sets` (0 for a state without a jump
    /// number).
    pub jump_set_of: &'a [u8; WORD],
    /// Every set of `jump_sets` from this index on is empty.
    pub jump_sets_end: usize,
    /// Edges: the sum of the successor sets' sizes.
    pub n_moves: usize,
}

/// The rows [`Evaluator::small`] reads a graph into.
#[derive(Debug)]
struct OwnRows {
    succ: Rows,
    pred: Rows,
    jump_sets: JumpSets,
}

impl Default for OwnRows {
    fn default() -> Self {
        OwnRows {
            succ: NO_ROWS,
            pred: NO_ROWS,
            jump_sets: [0; 256],
        }
    }
}

/// The word path's buffers (every entry used is written before it is read, so nothing is
/// cleared between evaluations).
#[derive(Debug)]
struct Scratch {
    counts: Rows,
    /// BFS layers: at most 64 non-empty ones.
    backward: [u64; WORD + 1],
    same: Rows,
    same_pred: Rows,
}

impl Default for Scratch {
    fn default() -> Self {
        Scratch {
            counts: NO_ROWS,
            backward: [0; WORD + 1],
            same: NO_ROWS,
            same_pred: NO_ROWS,
        }
    }
}

/// The index of the lowest set bit of a non-empty set, below 64 so that indexing a [`Rows`]
/// needs no bounds check.
#[inline(always)]
fn low(set: u64) -> usize {
    (set.trailing_zeros() & 63) as usize
}

/// Whether a set has exactly one member (without counting: the default x86-64 target has
/// no population-count instruction, and these tests run several times per candidate).
#[inline(always)]
fn single(set: u64) -> bool {
    set != 0 && set & set.wrapping_sub(1) == 0
}

/// Whether a set has two members or more.
#[inline(always)]
fn several(set: u64) -> bool {
    set & set.wrapping_sub(1) != 0
}

/// The index of the lowest set bit, 64 for an empty set: where a [`Rows`] is 0.
#[inline(always)]
fn low_or_end(set: u64) -> usize {
    (set.trailing_zeros() as usize).min(WORD)
}

/// `⋃ rows[s]` over the members `s` of `set`, four at a time: BFS frontiers are small, so
/// most unions take one round and the loop's exit is predictable.
#[inline(always)]
fn union_of(rows: &Rows, mut set: u64) -> u64 {
    let mut acc = 0;
    while set != 0 {
        let a = low_or_end(set);
        set &= set.wrapping_sub(1);
        let b = low_or_end(set);
        set &= set.wrapping_sub(1);
        let c = low_or_end(set);
        set &= set.wrapping_sub(1);
        let d = low_or_end(set);
        set &= set.wrapping_sub(1);
        acc |= rows[a] | rows[b] | rows[c] | rows[d];
    }
    acc
}

/// The core features on rows, in the order that lets `cutoff` stop soonest: the search back
/// from the goals (the states that reach one, and every state's distance to the nearest),
/// the shortest paths read off those distances from the start, the search from the start,
/// then the number of shortest paths when there are several, the forced moves and the
/// clusters.
fn word_core(
    w: &Words<'_>,
    blocks: usize,
    scratch: &mut Scratch,
    cutoff: &impl Cutoff,
) -> Option<Core> {
    let (succ, pred, goals, start) = (w.succ, w.pred, w.goals, w.start);
    let start_bit = 1u64 << start;
    // Backward BFS from every goal state: layer d holds the states d moves from the nearest
    // goal, so the start's layer is the length of a shortest solution.
    let backward = &mut scratch.backward;
    backward[0] = goals;
    let mut layers = 1;
    let mut reaching = goals;
    let mut length = (goals & start_bit != 0).then_some(0);
    loop {
        let next = union_of(pred, backward[layers - 1]) & !reaching;
        if next == 0 {
            break;
        }
        if next & start_bit != 0 {
            length = Some(layers);
        }
        reaching |= next;
        backward[layers] = next;
        layers += 1;
    }
    let n_reaching = reaching.count_ones() as usize;
    if cutoff.hopeless_reaching(w.n, w.n - n_reaching) {
        return None;
    }
    let backward = &scratch.backward;

    // A shortest path moves one layer closer to a goal at every step: it is unique when
    // every state on the way has exactly one such move.
    let mut shortest_paths = 0;
    let mut decisions = None;
    if let Some(l) = length {
        let (mut s, mut df, mut db) = (start, 0, 0);
        shortest_paths = 1;
        for i in (0..l).rev() {
            let on = succ[s] & backward[i];
            if !single(on) {
                // Two or more; counted below if the candidate is worth it.
                shortest_paths = 2;
                break;
            }
            df += u32::from(several(succ[s]));
            s = low(on);
            db += u32::from(several(pred[s]));
        }
        decisions = (shortest_paths == 1).then_some((df, db));
    }
    let mut core = Core {
        n_states: w.n,
        n_moves: w.n_moves,
        reachable: 0,
        reaching: n_reaching,
        black_hole_states: 0,
        shortest_length: length.map(|l| l as u32),
        shortest_paths,
        decisions,
        initial_forced_moves: 0,
        cluster_penalty: 0,
        blocks,
    };
    if cutoff.hopeless(&core, false) {
        return None;
    }

    if n_reaching < w.n || cutoff.needs_reachable() {
        // Every state reachable from the start.
        let mut reached = start_bit;
        let mut frontier = start_bit;
        while frontier != 0 {
            frontier = union_of(succ, frontier) & !reached;
            reached |= frontier;
        }
        core.reachable = reached.count_ones() as usize;
        core.black_hole_states = (reached & !reaching).count_ones() as usize;
        if cutoff.hopeless(&core, true) {
            return None;
        }
    }

    if let (Some(l), 2) = (length, shortest_paths) {
        // Paths into each state of the layers of shortest paths, layer by layer.
        let counts = &mut scratch.counts;
        counts[start] = 1;
        let mut layer = start_bit;
        for i in (0..l).rev() {
            let next = union_of(succ, layer) & backward[i];
            let mut rest = next;
            while rest != 0 {
                let t = low(rest);
                let mut from = pred[t] & layer;
                let mut c = 0u64;
                while from != 0 {
                    c = c.saturating_add(counts[low(from)]);
                    from &= from - 1;
                }
                counts[t] = c;
                rest &= rest - 1;
            }
            layer = next;
        }
        core.shortest_paths = bits(layer).fold(0u64, |acc, t| acc.saturating_add(counts[t]));
    }

    // Neller's m: follow single successors from the start until a state repeats.
    let mut m = 0;
    let mut s = start;
    let mut seen = start_bit;
    while goals & (1 << s) == 0 && single(succ[s & 63]) {
        s = low(succ[s & 63]);
        m += 1;
        if seen & (1 << s) != 0 {
            break;
        }
        seen |= 1 << s;
    }
    core.initial_forced_moves = m;
    core.cluster_penalty = same_jump_words(w, scratch);
    Some(core)
}

/// The same-jump cluster penalty on rows: strongly connected components of the same-jump
/// moves, each found as (states it reaches) ∩ (states that reach it). Only states with a
/// same-jump move both in and out can share a component with another.
fn same_jump_words(w: &Words<'_>, scratch: &mut Scratch) -> u64 {
    // States with a same-jump move in: per jump number, the union of its states' rows
    // within the set.
    let mut has_in = 0u64;
    for &set in &w.jump_sets[1..w.jump_sets_end.min(256)] {
        if several(set) {
            has_in |= union_of(w.succ, set) & set;
        }
    }
    // Of those, the ones with a same-jump move out to another such state.
    let same = &mut scratch.same;
    let mut candidates = 0u64;
    for s in bits(has_in) {
        let s = s & 63;
        let m = w.succ[s] & w.jump_sets[usize::from(w.jump_set_of[s])] & has_in;
        same[s] = m;
        candidates |= u64::from(m != 0) << s;
    }
    if candidates == 0 {
        return 0;
    }
    let same_pred = &mut scratch.same_pred;
    for s in bits(candidates) {
        same_pred[s & 63] = 0;
    }
    for s in bits(candidates) {
        let s = s & 63;
        same[s] &= candidates;
        for t in bits(same[s]) {
            same_pred[t & 63] |= 1 << s;
        }
    }
    let mut penalty = 0;
    while candidates != 0 {
        let v = low(candidates);
        let component = closure(v, same, candidates) & closure(v, same_pred, candidates);
        let size = u64::from(component.count_ones());
        penalty += (size - 1) * (size - 1);
        candidates &= !component;
    }
    penalty
}

/// The cluster penalty by the full extraction's Tarjan.
fn clusters_by_tarjan<G: Graph + ?Sized>(g: &G) -> u64 {
    clusters::same_jump(g)
        .iter()
        .map(|&c| ((c - 1) as u64).pow(2))
        .sum()
}

/// The states reachable from `v` along `adj` without leaving `within` (v included).
fn closure(v: usize, adj: &Rows, within: u64) -> u64 {
    let mut reach = 1u64 << v;
    let mut frontier = reach;
    while frontier != 0 {
        frontier = union_of(adj, frontier) & within & !reach;
        reach |= frontier;
    }
    reach
}

/// The positions of the set bits of `mask`, lowest first.
#[inline]
fn bits(mut mask: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let i = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            i
        })
    })
}

/// Graphs larger than a word: the algorithms of the full feature extraction, minus the
/// features no objective's fast path needs.
fn general<G: Graph + ?Sized>(g: &G) -> Core {
    let preds = search::Reverse::new(g);
    let forward = search::bfs(g);
    let to_goal = search::goal_distances(g, &preds);
    let shortest = paths::shortest(g, &preds, &forward, &to_goal);
    let reached = |s: usize| forward.depth[s] != UNREACHED;
    let reaches = |s: usize| to_goal[s] != UNREACHED;
    let n = g.n_states();
    let decisions = (shortest.count == 1).then(|| {
        (
            shortest.forward_decisions.unwrap_or(0.0) as u32,
            shortest.backward_decisions.unwrap_or(0.0) as u32,
        )
    });
    Core {
        n_states: n,
        n_moves: g.n_moves(),
        reachable: (0..n).filter(|&s| reached(s)).count(),
        reaching: (0..n).filter(|&s| reaches(s)).count(),
        black_hole_states: (0..n).filter(|&s| reached(s) && !reaches(s)).count(),
        shortest_length: shortest.length,
        shortest_paths: shortest.count,
        decisions,
        initial_forced_moves: paths::initial_forced_moves(g),
        cluster_penalty: clusters_by_tarjan(g),
        blocks: 0,
    }
}

/// Bit `i` of a multi-word set.
#[inline]
fn test(set: &[u64], i: usize) -> bool {
    set[i / 64] & (1 << (i % 64)) != 0
}

#[inline]
fn set_bit(set: &mut [u64], i: usize) {
    set[i / 64] |= 1 << (i % 64);
}

#[inline]
fn count(set: &[u64]) -> u32 {
    set.iter().map(|w| w.count_ones()).sum()
}

#[inline]
fn is_empty(set: &[u64]) -> bool {
    set.iter().all(|&w| w == 0)
}

/// The members of a multi-word set, lowest first.
#[inline]
fn members(set: &[u64]) -> impl Iterator<Item = usize> + '_ {
    set.iter()
        .enumerate()
        .flat_map(|(k, &w)| bits(w).map(move |b| 64 * k + b))
}

/// `acc |= row` word by word.
#[inline]
fn or_into(acc: &mut [u64], row: &[u64]) {
    for (a, r) in acc.iter_mut().zip(row) {
        *a |= r;
    }
}

impl Wide {
    /// The multi-word twin of [`Evaluator::small`]: the same algorithms, a state set being
    /// `w` words.
    fn core<G: Graph + ?Sized>(&mut self, g: &G) -> Core {
        let n = g.n_states();
        let w = n.div_ceil(64);
        let reset = |v: &mut Vec<u64>, len: usize| {
            v.clear();
            v.resize(len, 0);
        };
        reset(&mut self.succ, n * w);
        reset(&mut self.pred, n * w);
        reset(&mut self.goals, w);
        for s in 0..n {
            for &t in g.targets(s as StateId) {
                set_bit(&mut self.succ[s * w..(s + 1) * w], t as usize);
                set_bit(&mut self.pred[t as usize * w..(t as usize + 1) * w], s);
            }
            if g.is_goal(s as StateId) {
                set_bit(&mut self.goals, s);
            }
        }
        let start = g.start() as usize;
        let row = |s: usize| s * w..(s + 1) * w;

        // Forward BFS, layer k in forward[k*w..]; the last layer is empty.
        reset(&mut self.reached, w);
        set_bit(&mut self.reached, start);
        self.forward.clear();
        self.forward.extend_from_slice(&self.reached);
        let mut depth = 0;
        loop {
            reset(&mut self.next, w);
            for s in members(&self.forward[depth * w..(depth + 1) * w]) {
                or_into(&mut self.next, &self.succ[row(s)]);
            }
            for (x, r) in self.next.iter_mut().zip(self.reached.iter_mut()) {
                *x &= !*r;
                *r |= *x;
            }
            self.forward.extend_from_slice(&self.next);
            depth += 1;
            if is_empty(&self.next) {
                break;
            }
        }
        // Backward BFS from every goal state.
        self.reaching.clone_from(&self.goals);
        self.backward.clear();
        self.backward.extend_from_slice(&self.goals);
        let mut dist = 0;
        while !is_empty(&self.backward[dist * w..(dist + 1) * w]) {
            reset(&mut self.next, w);
            for s in members(&self.backward[dist * w..(dist + 1) * w]) {
                or_into(&mut self.next, &self.pred[row(s)]);
            }
            for (x, r) in self.next.iter_mut().zip(self.reaching.iter_mut()) {
                *x &= !*r;
                *r |= *x;
            }
            self.backward.extend_from_slice(&self.next);
            dist += 1;
        }
        let layers = self.forward.len() / w;
        let length = (0..layers).find(|&i| {
            self.forward[i * w..(i + 1) * w]
                .iter()
                .zip(&self.goals)
                .any(|(a, b)| a & b != 0)
        });

        let mut shortest_paths = 0;
        let mut decisions = None;
        if let Some(l) = length {
            // on[i*w..]: the states on shortest paths at depth i.
            reset(&mut self.on, (l + 1) * w);
            for i in 0..=l {
                for j in 0..w {
                    self.on[i * w + j] = self.forward[i * w + j] & self.backward[(l - i) * w + j];
                }
            }
            let on = |i: usize| &self.on[i * w..(i + 1) * w];
            if (0..=l).all(|i| count(on(i)) == 1) {
                shortest_paths = 1;
                let (mut df, mut db) = (0, 0);
                for i in 0..=l {
                    let s = members(on(i)).next().unwrap_or(0);
                    if i < l && count(&self.succ[row(s)]) > 1 {
                        df += 1;
                    }
                    if i > 0 && count(&self.pred[row(s)]) > 1 {
                        db += 1;
                    }
                }
                decisions = Some((df, db));
            } else {
                reset(&mut self.counts, n);
                self.counts[start] = 1;
                for i in 1..=l {
                    for t in members(on(i)) {
                        let mut c = 0u64;
                        let pr = &self.pred[row(t)];
                        for (k, (&a, &b)) in pr.iter().zip(on(i - 1)).enumerate() {
                            for p in bits(a & b) {
                                c = c.saturating_add(self.counts[64 * k + p]);
                            }
                        }
                        self.counts[t] = c;
                    }
                }
                shortest_paths =
                    members(on(l)).fold(0u64, |acc, t| acc.saturating_add(self.counts[t]));
            }
        }

        // Neller's m, with the visited set in `next`.
        reset(&mut self.next, w);
        let mut m = 0;
        let mut s = start;
        set_bit(&mut self.next, s);
        loop {
            let out = &self.succ[row(s)];
            if test(&self.goals, s) || count(out) != 1 {
                break;
            }
            s = members(out).next().unwrap_or(s);
            m += 1;
            if test(&self.next, s) {
                break;
            }
            set_bit(&mut self.next, s);
        }

        let black_hole_states = self
            .reached
            .iter()
            .zip(&self.reaching)
            .map(|(a, b)| (a & !b).count_ones() as usize)
            .sum();
        let cluster_penalty = self.clusters(g, n, w);
        Core {
            n_states: n,
            n_moves: g.n_moves(),
            reachable: count(&self.reached) as usize,
            reaching: count(&self.reaching) as usize,
            black_hole_states,
            shortest_length: length.map(|l| l as u32),
            shortest_paths,
            decisions,
            initial_forced_moves: m,
            cluster_penalty,
            blocks: 0,
        }
    }

    /// Same-jump clusters on multi-word sets: (reached from v) ∩ (reaching v) within the
    /// same-jump moves.
    fn clusters<G: Graph + ?Sized>(&mut self, g: &G, n: usize, w: usize) -> u64 {
        self.jump.clear();
        self.values.clear();
        self.masks.clear();
        for s in 0..n {
            let j = g.jump(s as StateId);
            self.jump.push(j);
            if let Some(v) = j {
                let k = match self.values.iter().find(|(x, _)| *x == v) {
                    Some(&(_, k)) => k,
                    None => {
                        let k = self.values.len();
                        self.values.push((v, k));
                        self.masks.resize((k + 1) * w, 0);
                        k
                    }
                };
                set_bit(&mut self.masks[k * w..(k + 1) * w], s);
            }
        }
        self.same.clear();
        self.same.resize(n * w, 0);
        self.same_pred.clear();
        self.same_pred.resize(n * w, 0);
        for s in 0..n {
            let Some(v) = self.jump[s] else { continue };
            let k = self
                .values
                .iter()
                .find(|(x, _)| *x == v)
                .map_or(0, |&(_, k)| k);
            for j in 0..w {
                self.same[s * w + j] = self.succ[s * w + j] & self.masks[k * w + j];
            }
            for t in members(&self.same[s * w..(s + 1) * w]) {
                set_bit(&mut self.same_pred[t * w..(t + 1) * w], s);
            }
        }
        self.candidates.clear();
        self.candidates.resize(w, 0);
        for s in 0..n {
            if !is_empty(&self.same[s * w..(s + 1) * w])
                && !is_empty(&self.same_pred[s * w..(s + 1) * w])
            {
                set_bit(&mut self.candidates, s);
            }
        }
        let mut penalty = 0;
        loop {
            let Some(v) = members(&self.candidates).next() else {
                break;
            };
            closure_wide(
                v,
                &self.same,
                &self.candidates,
                w,
                &mut self.fwd,
                &mut self.frontier,
                &mut self.next,
            );
            closure_wide(
                v,
                &self.same_pred,
                &self.candidates,
                w,
                &mut self.bwd,
                &mut self.frontier,
                &mut self.next,
            );
            let mut size = 0u64;
            for j in 0..w {
                let c = self.fwd[j] & self.bwd[j];
                size += u64::from(c.count_ones());
                self.candidates[j] &= !c;
            }
            penalty += (size - 1) * (size - 1);
        }
        penalty
    }
}

/// The states reachable from `v` along `adj` rows without leaving `within`, into `reach`.
fn closure_wide(
    v: usize,
    adj: &[u64],
    within: &[u64],
    w: usize,
    reach: &mut Vec<u64>,
    frontier: &mut Vec<u64>,
    next: &mut Vec<u64>,
) {
    reach.clear();
    reach.resize(w, 0);
    set_bit(reach, v);
    frontier.clone_from(reach);
    loop {
        next.clear();
        next.resize(w, 0);
        for s in members(frontier) {
            or_into(next, &adj[s * w..(s + 1) * w]);
        }
        let mut any = false;
        for j in 0..w {
            next[j] &= within[j] & !reach[j];
            reach[j] |= next[j];
            any |= next[j] != 0;
        }
        if !any {
            return;
        }
        std::mem::swap(frontier, next);
    }
}
