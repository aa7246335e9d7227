//! Breadth-first searches: forward from the start (depths and the BFS tree) and backward from
//! the goal states (distances to the goal), plus the predecessor lists both need.

use std::collections::VecDeque;

use maze_graph::{Graph, StateId};

/// Depth or distance of a state that cannot be reached.
pub const UNREACHED: u32 = u32::MAX;

/// Predecessor lists of a flat graph (distinct source states per target).
pub(crate) struct Reverse {
    offsets: Vec<u32>,
    sources: Vec<StateId>,
}

impl Reverse {
    pub(crate) fn new<G: Graph + ?Sized>(g: &G) -> Reverse {
        let n = g.n_states();
        let mut offsets = vec![0u32; n + 1];
        for s in 0..n as StateId {
            for &t in g.targets(s) {
                offsets[t as usize + 1] += 1;
            }
        }
        for i in 0..n {
            offsets[i + 1] += offsets[i];
        }
        let mut fill = offsets.clone();
        let mut sources = vec![0; g.n_moves()];
        for s in 0..n as StateId {
            for &t in g.targets(s) {
                sources[fill[t as usize] as usize] = s;
                fill[t as usize] += 1;
            }
        }
        Reverse { offsets, sources }
    }

    /// The distinct predecessors of `state`, in increasing order.
    pub(crate) fn sources(&self, state: StateId) -> &[StateId] {
        let s = state as usize;
        &self.sources[self.offsets[s] as usize..self.offsets[s + 1] as usize]
    }
}

/// The BFS tree from the start: each state's moves taken in direction order.
pub(crate) struct Bfs {
    /// Distance from the start, [`UNREACHED`] if unreachable.
    pub depth: Vec<u32>,
    /// The state that discovered each state (the start is its own parent; unreachable
    /// states have [`UNREACHED`]).
    pub parent: Vec<StateId>,
    /// Reachable states in discovery order.
    pub order: Vec<StateId>,
    /// Per position of `order`, where the BFS-tree children of the state there end in
    /// `order`: a state's children are contiguous (its discoveries happen while it is
    /// expanded) and follow those of the state before it, so they start where the previous
    /// position's end (position 0's at 1).
    pub children_end: Vec<u32>,
}

pub(crate) fn bfs<G: Graph + ?Sized>(g: &G) -> Bfs {
    let n = g.n_states();
    let mut depth = vec![UNREACHED; n];
    let mut parent = vec![UNREACHED; n];
    // Room for every state at once: growing by pushes copied the lists several times over
    // on the generator's small graphs, and untouched capacity costs no memory.
    let mut order = Vec::with_capacity(n);
    let mut children_end = Vec::with_capacity(n);
    let start = g.start();
    depth[start as usize] = 0;
    parent[start as usize] = start;
    order.push(start);
    let mut head = 0;
    while head < order.len() {
        let u = order[head];
        head += 1;
        let next = depth[u as usize] + 1;
        for &t in g.targets(u) {
            if depth[t as usize] == UNREACHED {
                depth[t as usize] = next;
                parent[t as usize] = u;
                order.push(t);
            }
        }
        children_end.push(order.len() as u32);
    }
    Bfs {
        depth,
        parent,
        order,
        children_end,
    }
}

/// Distance from every state to its nearest goal state ([`UNREACHED`] if none is reachable).
pub(crate) fn goal_distances<G: Graph + ?Sized>(g: &G, preds: &Reverse) -> Vec<u32> {
    let n = g.n_states();
    let mut dist = vec![UNREACHED; n];
    let mut queue = VecDeque::new();
    for s in 0..n as StateId {
        if g.is_goal(s) {
            dist[s as usize] = 0;
            queue.push_back(s);
        }
    }
    while let Some(u) = queue.pop_front() {
        let next = dist[u as usize] + 1;
        for &p in preds.sources(u) {
            if dist[p as usize] == UNREACHED {
                dist[p as usize] = next;
                queue.push_back(p);
            }
        }
    }
    dist
}
