//! The fast path's core features for graphs past the word widths: the passes of
//! [`core_passes`], in its one order and with its early rejection, over lists of successors
//! and predecessors, and with buffers kept between evaluations, so that the cost per
//! state stays what it is on a few hundred states. On a graph that logs which states it
//! re-read (the generator's [`StrideAdjacency`](maze_graph::StrideAdjacency)), predecessor
//! lists and each jump value's states are brought up to date from those states alone.

use maze_graph::{ChangeLog, Graph, Mark, StateId};

use maze_features::{Core, Tarjan, same_jump_in};

use super::cutoff::Cutoff;
use super::driver::{CorePasses, core_passes};

const FAR: u32 = u32::MAX;

/// The buffers of [`core_of_lists`].
#[derive(Debug, Default)]
pub(crate) struct ListScratch {
    /// Each state's predecessors, in no particular order (a state moving to `t` by two edges
    /// listed twice).
    preds: Vec<Vec<StateId>>,
    /// The point of the graph's change log that `preds` and `last` agree with, when they
    /// were read from a graph keeping one: its changes since are all that need reading.
    seen: Option<Mark>,
    /// Moves to the nearest goal state, [`FAR`] when none is reachable.
    to_goal: Vec<u32>,
    queue: Vec<StateId>,
    reached: Vec<bool>,
    counts: Vec<u64>,
    /// A state is marked in the current pass when its stamp is `epoch`.
    stamp: Vec<u32>,
    epoch: u32,
    layer: Vec<StateId>,
    next: Vec<StateId>,
    tarjan: Tarjan,
    /// The moves and jump values of the last graph read.
    last: Moves,
    /// The cluster penalty by jump value (values without a cluster left out) of `last`,
    /// except for the values in `dirty`, when `penalties_kept`.
    penalties: Vec<(u32, u64)>,
    penalties_kept: bool,
    /// The jump values whose clusters may differ from those `penalties` were found on.
    dirty: Vec<u32>,
}

/// A graph's moves and jump values, copied: state `s`'s moves are the first `degrees[s]` of
/// `targets[s * stride..]`, so that one state's can be replaced in place.
#[derive(Debug, Default)]
struct Moves {
    stride: usize,
    targets: Vec<StateId>,
    degrees: Vec<u8>,
    jumps: Vec<Option<u32>>,
    /// The jump values present, and the states of each (in no particular order), when
    /// `grouped`: grouped when first asked for, since a graph that changes wholesale at every
    /// step never needs them.
    values: Vec<u32>,
    members: Vec<Vec<StateId>>,
    grouped: bool,
}

impl ListScratch {
    /// A fresh mark: no state carries it.
    fn new_epoch(&mut self) -> u32 {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.stamp.fill(0);
            self.epoch = 1;
        }
        self.epoch
    }
}

/// Whether `targets` holds two different states (a graph may list one target twice).
fn several(targets: &[StateId]) -> bool {
    targets.iter().any(|&t| t != targets[0])
}

/// [`Core`] of `g` (`blocks` 0), or `None` as soon as `cutoff` finds it hopeless:
/// [`core_passes`] over lists, the same passes in the same order as on rows.
pub(crate) fn core_of_lists<G: Graph + ?Sized>(
    g: &G,
    b: &mut ListScratch,
    cutoff: &impl Cutoff,
) -> Option<Core> {
    let synced = sync_predecessors(g, b);
    b.stamp.resize(g.n_states(), 0);
    core_passes(&mut ListPasses { g, b, synced }, 0, cutoff)
}

/// The core passes over `g`'s successor lists and the predecessor lists in `b`.
struct ListPasses<'a, G: ?Sized> {
    g: &'a G,
    b: &'a mut ListScratch,
    /// What [`sync_predecessors`] returned, for [`cluster_penalty`].
    synced: bool,
}

impl<G: Graph + ?Sized> CorePasses for ListPasses<'_, G> {
    type State = StateId;
    /// The mark of the states seen (see [`ListScratch::new_epoch`]).
    type Seen = u32;

    #[inline]
    fn n_states(&self) -> usize {
        self.g.n_states()
    }

    #[inline]
    fn n_moves(&self) -> usize {
        self.g.n_moves()
    }

    #[inline]
    fn start(&self) -> StateId {
        self.g.start()
    }

    /// A breadth-first search from every goal state at once, into `b.to_goal`.
    fn search_back(&mut self) -> (usize, Option<u32>) {
        let (g, b) = (self.g, &mut *self.b);
        let n = g.n_states();
        b.to_goal.clear();
        b.to_goal.resize(n, FAR);
        b.queue.clear();
        for s in 0..n as StateId {
            if g.is_goal(s) {
                b.to_goal[s as usize] = 0;
                b.queue.push(s);
            }
        }
        let mut head = 0;
        while head < b.queue.len() {
            let t = b.queue[head];
            head += 1;
            let d = b.to_goal[t as usize] + 1;
            for &f in &b.preds[t as usize] {
                if b.to_goal[f as usize] == FAR {
                    b.to_goal[f as usize] = d;
                    b.queue.push(f);
                }
            }
        }
        let to_start = b.to_goal[g.start() as usize];
        (b.queue.len(), (to_start != FAR).then_some(to_start))
    }

    #[inline]
    fn closer(&self, s: StateId, i: u32) -> Option<StateId> {
        let mut on = (self.g.targets(s).iter()).filter(|&&t| self.b.to_goal[t as usize] == i);
        let Some(&first) = on.next() else {
            unreachable!("a state {} moves from a goal has a move closer", i + 1)
        };
        (!on.any(|&t| t != first)).then_some(first)
    }

    #[inline]
    fn branches(&self, s: StateId) -> bool {
        several(self.g.targets(s))
    }

    #[inline]
    fn merges(&self, s: StateId) -> bool {
        several(&self.b.preds[s as usize])
    }

    /// A breadth-first search from the start; the states it reaches stay in `b.queue`.
    fn search_forward(&mut self) -> (usize, usize) {
        let (g, b) = (self.g, &mut *self.b);
        let (n, start) = (g.n_states(), g.start());
        b.reached.clear();
        b.reached.resize(n, false);
        b.reached[start as usize] = true;
        b.queue.clear();
        b.queue.push(start);
        let mut head = 0;
        while head < b.queue.len() {
            let s = b.queue[head];
            head += 1;
            for &t in g.targets(s) {
                if !b.reached[t as usize] {
                    b.reached[t as usize] = true;
                    b.queue.push(t);
                }
            }
        }
        let holes = (b.queue.iter())
            .filter(|&&s| b.to_goal[s as usize] == FAR)
            .count();
        (b.queue.len(), holes)
    }

    fn count_paths(&mut self, l: u32) -> u64 {
        count_shortest_paths(self.g, self.b, self.g.start(), l)
    }

    #[inline]
    fn is_goal(&self, s: StateId) -> bool {
        self.g.is_goal(s)
    }

    #[inline]
    fn only_successor(&self, s: StateId) -> Option<StateId> {
        let targets = self.g.targets(s);
        (!targets.is_empty() && !several(targets)).then(|| targets[0])
    }

    #[inline]
    fn seen_from(&mut self, s: StateId) -> u32 {
        let seen = self.b.new_epoch();
        self.b.stamp[s as usize] = seen;
        seen
    }

    #[inline]
    fn see(&mut self, seen: &mut u32, s: StateId) -> bool {
        let stamp = &mut self.b.stamp[s as usize];
        if *stamp == *seen {
            return false;
        }
        *stamp = *seen;
        true
    }

    fn cluster_penalty(&mut self) -> u64 {
        cluster_penalty(self.g, self.b, self.synced)
    }
}

/// More jump values changed than this since the clusters were last found: every cluster is
/// found again.
const MOST_DIRTY: usize = 4;

/// The same-jump cluster penalty of `g`. A cluster of jump value `k` depends only on the
/// states of value `k` and their moves, so the clusters are found again only for the values
/// of states whose value or moves changed since (a step changes one cell: one or two values
/// out of dozens on a large board); the rest are remembered. `synced`: `b.last` is already
/// `g`'s and `b.dirty` holds the values changed, else both come from comparing with `g`.
fn cluster_penalty<G: Graph + ?Sized>(g: &G, b: &mut ListScratch, synced: bool) -> u64 {
    if !synced {
        if !b.last.update(g, &mut b.dirty) {
            b.penalties_kept = false;
        }
        // Predecessors and moves are now `g`'s: the log can be followed from here.
        if b.last.kept() {
            b.seen = g.changes().map(ChangeLog::mark);
        }
    }
    if b.penalties_kept && b.dirty.len() <= MOST_DIRTY {
        for &v in &b.dirty {
            b.penalties.retain(|&(w, _)| w != v);
            same_jump_in(g, &mut b.tarjan, Some(b.last.members(v)));
            for &size in b.tarjan.sizes() {
                add_penalty(&mut b.penalties, v, size);
            }
        }
    } else {
        same_jump_in(g, &mut b.tarjan, None);
        b.penalties.clear();
        for (&size, &v) in b.tarjan.sizes().iter().zip(b.tarjan.jumps()) {
            add_penalty(&mut b.penalties, v, size);
        }
    }
    b.dirty.clear();
    b.penalties_kept = b.last.kept();
    b.penalties.iter().map(|&(_, p)| p).sum()
}

impl Moves {
    /// Whether this is a copy of a graph (not of one with a state of more than 255 moves).
    fn kept(&self) -> bool {
        !self.jumps.is_empty()
    }

    /// Replaces state `s`'s moves and jump value by `g`'s, which must fit the stride, and
    /// pushes on `dirty` the values whose clusters may have changed; calls `moved` with each
    /// target removed and added.
    fn follow<G: Graph + ?Sized>(
        &mut self,
        g: &G,
        s: StateId,
        dirty: &mut Vec<u32>,
        mut moved: impl FnMut(StateId, bool),
    ) {
        let (jump, targets) = (g.jump(s), g.targets(s));
        let i = s as usize;
        let row = &mut self.targets[i * self.stride..(i + 1) * self.stride];
        let old = &row[..usize::from(self.degrees[i])];
        let was = self.jumps[i];
        if jump == was && old == targets {
            return;
        }
        for v in [jump, was].into_iter().flatten() {
            if !dirty.contains(&v) {
                dirty.push(v);
            }
        }
        for &t in old {
            moved(t, false);
        }
        for &t in targets {
            moved(t, true);
        }
        row[..targets.len()].copy_from_slice(targets);
        self.degrees[i] = targets.len() as u8;
        self.set_jump(s, jump);
    }

    /// The states of jump value `v`.
    fn members(&mut self, v: u32) -> &[StateId] {
        if !self.grouped {
            self.values.clear();
            for m in &mut self.members {
                m.clear();
            }
            for s in 0..self.jumps.len() {
                if let Some(v) = self.jumps[s] {
                    self.add_member(s as StateId, v);
                }
            }
            self.grouped = true;
        }
        match self.values.iter().position(|&w| w == v) {
            Some(k) => &self.members[k],
            None => &[],
        }
    }

    /// Gives state `s` jump value `jump`, moving it between the member lists.
    fn set_jump(&mut self, s: StateId, jump: Option<u32>) {
        let was = std::mem::replace(&mut self.jumps[s as usize], jump);
        if was == jump || !self.grouped {
            return;
        }
        if let Some(v) = was
            && let Some(k) = self.values.iter().position(|&w| w == v)
            && let Some(at) = self.members[k].iter().position(|&t| t == s)
        {
            self.members[k].swap_remove(at);
        }
        if let Some(v) = jump {
            self.add_member(s, v);
        }
    }

    fn add_member(&mut self, s: StateId, v: u32) {
        let k = match self.values.iter().position(|&w| w == v) {
            Some(k) => k,
            None => {
                self.values.push(v);
                if self.members.len() < self.values.len() {
                    self.members.push(Vec::new());
                }
                self.values.len() - 1
            }
        };
        self.members[k].push(s);
    }

    /// Makes this the copy of `g`'s moves and jump values; pushes on `dirty` the values of
    /// the states whose value or moves changed and returns true, or returns false when the
    /// graph changed too much to say (another size, a state of more moves than the copy's
    /// stride, or more than [`MOST_DIRTY`] values).
    fn update<G: Graph + ?Sized>(&mut self, g: &G, dirty: &mut Vec<u32>) -> bool {
        let n = g.n_states();
        if n == self.jumps.len() {
            let stride = self.stride;
            let mut fits = true;
            for s in 0..n as StateId {
                if g.targets(s).len() > stride {
                    fits = false;
                    break;
                }
                self.follow(g, s, dirty, |_, _| {});
                if dirty.len() > MOST_DIRTY {
                    fits = false;
                    break;
                }
            }
            if fits {
                return true;
            }
        }
        let degree = |s: usize| g.targets(s as StateId).len();
        self.stride = (0..n).map(degree).max().unwrap_or(0).max(1);
        if self.stride > usize::from(u8::MAX) {
            // Not kept: every evaluation finds every cluster.
            self.jumps.clear();
            self.grouped = false;
            return false;
        }
        self.targets.clear();
        self.targets.resize(n * self.stride, 0);
        self.degrees.clear();
        self.jumps.clear();
        self.grouped = false;
        for s in 0..n {
            let targets = g.targets(s as StateId);
            self.targets[s * self.stride..][..targets.len()].copy_from_slice(targets);
            self.degrees.push(targets.len() as u8);
            self.jumps.push(g.jump(s as StateId));
        }
        false
    }
}

/// Adds a cluster of `size` states and jump value `v` to the penalties by value.
fn add_penalty(penalties: &mut Vec<(u32, u64)>, v: u32, size: usize) {
    let p = ((size - 1) as u64).pow(2);
    match penalties.iter_mut().find(|(w, _)| *w == v) {
        Some((_, total)) => *total += p,
        None => penalties.push((v, p)),
    }
}

/// Brings `b.preds` up to `g`. From `g`'s change log when it keeps one and `b` read all of
/// `g` at some point of it: then `b.last` follows too, `b.dirty` gathers the jump values
/// changed, and the result is true. Else every state's moves are read, and `b.last` is left
/// for [`cluster_penalty`] (an evaluation stopped early does not need it, and a graph that
/// renumbers its states at every step makes its log forget anyway).
fn sync_predecessors<G: Graph + ?Sized>(g: &G, b: &mut ListScratch) -> bool {
    let log = g.changes();
    let since = match (log, b.seen.take()) {
        (Some(log), Some(mark)) => log.since(mark),
        _ => None,
    };
    if let Some(states) = since
        && (states.iter()).all(|&s| g.targets(s).len() <= b.last.stride)
    {
        let preds = &mut b.preds;
        for &s in states {
            b.last.follow(g, s, &mut b.dirty, |t, added| {
                let p = &mut preds[t as usize];
                if added {
                    p.push(s);
                } else if let Some(k) = p.iter().position(|&f| f == s) {
                    p.swap_remove(k);
                }
            });
        }
        b.seen = log.map(ChangeLog::mark);
        return true;
    }
    let n = g.n_states();
    b.preds.truncate(n);
    for p in &mut b.preds {
        p.clear();
    }
    b.preds.resize_with(n, Vec::new);
    for s in 0..n as StateId {
        for &t in g.targets(s) {
            b.preds[t as usize].push(s);
        }
    }
    false
}

/// The shortest paths from `start`, `l` moves to a goal (saturating): paths into each state
/// of the layers of shortest paths, layer by layer, each move between two states counted once.
fn count_shortest_paths<G: Graph + ?Sized>(
    g: &G,
    b: &mut ListScratch,
    start: StateId,
    l: u32,
) -> u64 {
    b.counts.resize(g.n_states(), 0);
    b.counts[start as usize] = 1;
    b.layer.clear();
    b.layer.push(start);
    for i in (0..l).rev() {
        let mark = b.new_epoch();
        b.next.clear();
        for &f in &b.layer {
            let targets = g.targets(f);
            for (j, &t) in targets.iter().enumerate() {
                if b.to_goal[t as usize] != i || targets[..j].contains(&t) {
                    continue;
                }
                if b.stamp[t as usize] != mark {
                    b.stamp[t as usize] = mark;
                    b.counts[t as usize] = 0;
                    b.next.push(t);
                }
                b.counts[t as usize] = b.counts[t as usize].saturating_add(b.counts[f as usize]);
            }
        }
        std::mem::swap(&mut b.layer, &mut b.next);
    }
    (b.layer.iter()).fold(0u64, |acc, &t| acc.saturating_add(b.counts[t as usize]))
}
