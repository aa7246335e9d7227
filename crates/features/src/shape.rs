//! The shape of the reachable part, as the undirected simple graph H on reachable states:
//! branches, dead ends, and the mean length of the loops that H's non-tree edges close.
//!
//! On large boards these passes are bound by random memory access, so per-state data they
//! read together is packed into one array.

use maze_graph::{Graph, StateId};

use crate::search::{Bfs, Reverse, UNREACHED};

pub(crate) struct Shape {
    pub branches: usize,
    pub dead_ends: usize,
    pub average_loop_length: f64,
}

/// Takes the predecessor lists to drop them, with everything else of its first pass, before
/// the loop lengths: their query lists are the largest arrays of the whole analysis.
pub(crate) fn shape<G: Graph + ?Sized>(g: &G, preds: Reverse, bfs: &Bfs) -> Shape {
    // (depth, parent) per state: one cache miss per neighbour instead of two.
    let node: Vec<(u32, StateId)> = bfs
        .depth
        .iter()
        .copied()
        .zip(bfs.parent.iter().copied())
        .collect();
    let mut branches = 0;
    let mut dead_ends = 0;
    let mut non_tree: Vec<(StateId, StateId)> = Vec::new();
    // In state order, not the search's: the counts and the set of non-tree edges do not
    // depend on it, and each state's own lists and entry are then read forward through
    // memory; only its neighbours' entries are read at random.
    for u in 0..node.len() as StateId {
        let (depth_u, parent_u) = node[u as usize];
        if depth_u == UNREACHED {
            continue;
        }
        let targets = g.targets(u);
        let mut neighbours = 0;
        let mut visit = |v: StateId| {
            let (depth_v, parent_v) = node[v as usize];
            if depth_v == UNREACHED {
                return;
            }
            neighbours += 1;
            if v > u && parent_v != u && parent_u != v {
                non_tree.push((u, v));
            }
        };
        for &v in targets {
            visit(v);
        }
        for &v in preds.sources(u) {
            // Successors and predecessors are each distinct; skip the states in both.
            if !targets.contains(&v) {
                visit(v);
            }
        }
        if neighbours >= 3 {
            branches += 1;
        }
        if neighbours == 1 && !g.is_goal(u) {
            dead_ends += 1;
        }
    }
    drop((node, preds));
    let average_loop_length = if non_tree.is_empty() {
        0.0
    } else {
        let queries = non_tree.len();
        loop_lengths(bfs, non_tree) as f64 / queries as f64
    };
    Shape {
        branches,
        dead_ends,
        average_loop_length,
    }
}

/// Sum over the edges {u, v} of depth(u) + depth(v) + 1 - 2·depth(lca(u, v)) in the BFS
/// tree, by Tarjan's offline lowest-common-ancestor algorithm: a depth-first pass over the
/// tree in which each finished state is linked to its parent, so that for a finished state
/// v, following links (with path compression) stops at the deepest unfinished ancestor of
/// v, which is lca(u, v) when u is being finished. The cost does not grow with loop length.
/// The edges are taken to be dropped once stored at both ends.
fn loop_lengths(bfs: &Bfs, edges: Vec<(StateId, StateId)>) -> u64 {
    let n = bfs.depth.len();
    let depth = &bfs.depth;
    // Each query stored at both ends, grouped by state.
    let mut offsets = vec![0u32; n + 1];
    for &(u, v) in &edges {
        offsets[u as usize + 1] += 1;
        offsets[v as usize + 1] += 1;
    }
    for i in 0..n {
        offsets[i + 1] += offsets[i];
    }
    // Filled through the offsets themselves (each ends at its group's end, the next
    // group's start), then shifted back: no second array of cursors.
    let mut others = vec![0 as StateId; 2 * edges.len()];
    for &(u, v) in &edges {
        others[offsets[u as usize] as usize] = v;
        offsets[u as usize] += 1;
        others[offsets[v as usize] as usize] = u;
        offsets[v as usize] += 1;
    }
    drop(edges);
    offsets.copy_within(0..n, 1);
    offsets[0] = 0;

    let mut link: Vec<StateId> = (0..n as StateId).collect();
    let mut done = vec![false; n];
    let mut total = 0u64;
    let root = bfs.order[0];
    let mut stack: Vec<(StateId, u32)> = vec![(root, bfs.children[root as usize].0)];
    while let Some(&mut (u, ref mut next_child)) = stack.last_mut() {
        let (_, end) = bfs.children[u as usize];
        if *next_child < end {
            let c = bfs.order[*next_child as usize];
            *next_child += 1;
            stack.push((c, bfs.children[c as usize].0));
            continue;
        }
        done[u as usize] = true;
        for &other in &others[offsets[u as usize] as usize..offsets[u as usize + 1] as usize] {
            if done[other as usize] {
                let lca = find(&mut link, other);
                total += u64::from(depth[u as usize]) + u64::from(depth[other as usize]) + 1
                    - 2 * u64::from(depth[lca as usize]);
            }
        }
        stack.pop();
        if let Some(&(p, _)) = stack.last() {
            link[u as usize] = p;
        }
    }
    total
}

/// The end of `x`'s chain of links, compressing the path behind it.
fn find(link: &mut [StateId], x: StateId) -> StateId {
    let mut root = x;
    while link[root as usize] != root {
        root = link[root as usize];
    }
    let mut y = x;
    while link[y as usize] != root {
        let next = link[y as usize];
        link[y as usize] = root;
        y = next;
    }
    root
}
