//! The order of the core passes, written once: [`core_passes`] runs them and asks the
//! [`Cutoff`] between them, over any representation of a state graph that implements
//! [`CorePasses`] (rows of bits in `passes`, lists of successors and predecessors in
//! `lists`). Each representation is compiled into its own copy of the driver, with the passes
//! inlined into it, so the order costs nothing at run time.

use maze_features::Core;

use super::cutoff::Cutoff;

/// The individual passes over one representation of a state graph, in the terms
/// [`core_passes`] needs. Passes that leave results for later ones (the distances to the
/// goals, the states that reach one) keep them in the implementer.
pub(crate) trait CorePasses {
    /// A state.
    type State: Copy;
    /// A set of states seen while following forced moves.
    type Seen;

    /// The number of states.
    fn n_states(&self) -> usize;
    /// The number of moves.
    fn n_moves(&self) -> usize;
    /// The start state.
    fn start(&self) -> Self::State;

    /// The search backwards from the goals: every state's distance to the nearest goal.
    /// Returns how many states reach a goal, and the start's distance if it reaches one.
    fn search_back(&mut self) -> (usize, Option<u32>);
    /// The one state a move from `s` (which is `i + 1` moves from a goal) leads to that is
    /// `i` moves from a goal, `None` when there are two or more (several moves to the same
    /// state count as one).
    fn closer(&self, s: Self::State, i: u32) -> Option<Self::State>;
    /// Whether `s` has moves to two different states (a forward decision).
    fn branches(&self, s: Self::State) -> bool;
    /// Whether two different states move to `s` (a backward decision).
    fn merges(&self, s: Self::State) -> bool;

    /// The search from the start: how many states it reaches, and how many of those reach
    /// no goal (after [`CorePasses::search_back`]).
    fn search_forward(&mut self) -> (usize, usize);
    /// The number of shortest paths (saturating) from the start, `l` moves from a goal.
    fn count_paths(&mut self, l: u32) -> u64;

    /// Whether `s` is a goal.
    fn is_goal(&self, s: Self::State) -> bool;
    /// The state `s` moves to when every move of `s` leads to it (and `s` has one).
    fn only_successor(&self, s: Self::State) -> Option<Self::State>;
    /// A set holding only `s`.
    fn seen_from(&mut self, s: Self::State) -> Self::Seen;
    /// Adds `s` to `seen`; false when it was there already.
    fn see(&mut self, seen: &mut Self::Seen, s: Self::State) -> bool;

    /// The same-jump cluster penalty.
    fn cluster_penalty(&mut self) -> u64;
}

/// The core features, or `None` as soon as `cutoff` says the candidate is hopeless, in the
/// order that lets it stop soonest: the search back from the goals (the states that reach
/// one, and every state's distance to the nearest), the shortest path read off those
/// distances from the start (unique or not, and its decisions when unique), the search from
/// the start, then the number of shortest paths when there are several, the forced moves and
/// the clusters. The search from the start is skipped, `reachable` left at 0, when every
/// state reaches a goal (so there are no black holes) and the cutoff does not
/// [need it](Cutoff::needs_reachable). `blocks` is the variant's obstacle count.
#[inline(always)]
pub(crate) fn core_passes<P: CorePasses>(
    p: &mut P,
    blocks: usize,
    cutoff: &impl Cutoff,
) -> Option<Core> {
    let n = p.n_states();
    let (n_reaching, length) = p.search_back();
    if cutoff.hopeless_reaching(n, n - n_reaching) {
        return None;
    }

    // A shortest path moves one step closer to a goal at every step: it is unique when every
    // state on the way has exactly one such move.
    let start = p.start();
    let mut shortest_paths = 0;
    let mut decisions = None;
    if let Some(l) = length {
        let (mut s, mut df, mut db) = (start, 0, 0);
        shortest_paths = 1;
        for i in (0..l).rev() {
            let Some(t) = p.closer(s, i) else {
                // Two or more; counted below if the candidate is worth it.
                shortest_paths = 2;
                break;
            };
            df += u32::from(p.branches(s));
            s = t;
            db += u32::from(p.merges(s));
        }
        decisions = (shortest_paths == 1).then_some((df, db));
    }
    let mut core = Core {
        n_states: n,
        n_moves: p.n_moves(),
        reachable: 0,
        reaching: n_reaching,
        black_hole_states: 0,
        shortest_length: length,
        shortest_paths,
        decisions,
        initial_forced_moves: 0,
        cluster_penalty: 0,
        blocks,
    };
    if cutoff.hopeless(&core, false) {
        return None;
    }

    if n_reaching < n || cutoff.needs_reachable() {
        (core.reachable, core.black_hole_states) = p.search_forward();
        if cutoff.hopeless(&core, true) {
            return None;
        }
    }

    if let (Some(l), 2) = (length, shortest_paths) {
        core.shortest_paths = p.count_paths(l);
    }

    // Neller's m: follow single successors from the start until a state repeats.
    let mut m = 0;
    let mut s = start;
    let mut seen = p.seen_from(s);
    while !p.is_goal(s)
        && let Some(t) = p.only_successor(s)
    {
        s = t;
        m += 1;
        if !p.see(&mut seen, s) {
            break;
        }
    }
    core.initial_forced_moves = m;
    core.cluster_penalty = p.cluster_penalty();
    Some(core)
}
