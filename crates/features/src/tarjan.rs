//! The shape of a small graph: its non-tree edges listed in one pass, then their lowest
//! common ancestors by Tarjan's offline algorithm.
//!
//! Below [`crate::PARALLEL`] states every array fits in cache, and this costs fewer
//! instructions than the range-minimum pass [`crate::shape`] runs on large graphs (no
//! preorder, no range-minimum table): the generator analyses many small graphs.

use maze_graph::{Graph, StateId};

use crate::search::{Bfs, Reverse, UNREACHED};

/// Branches, dead ends and the mean loop length, as [`crate::shape`] counts them.
pub(crate) fn shape<G: Graph + ?Sized>(g: &G, preds: &Reverse, bfs: &Bfs) -> (usize, usize, f64) {
    let (depth, parent) = (&bfs.depth, &bfs.parent);
    let mut branches = 0;
    let mut dead_ends = 0;
    let mut non_tree: Vec<(StateId, StateId)> = Vec::new();
    // Only the reached states, in search order: a generated board reaches a fraction of
    // its placements.
    for &u in &bfs.order {
        let parent_u = parent[u as usize];
        let targets = g.targets(u);
        let mut neighbours = 0;
        let mut visit = |v: StateId| {
            if depth[v as usize] == UNREACHED {
                return;
            }
            neighbours += 1;
            if v > u && parent[v as usize] != u && parent_u != v {
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
    let average_loop_length = if non_tree.is_empty() {
        0.0
    } else {
        let queries = non_tree.len();
        loop_lengths(bfs, non_tree) as f64 / queries as f64
    };
    (branches, dead_ends, average_loop_length)
}

/// Sum over the edges {u, v} of depth(u) + depth(v) + 1 - 2·depth(lca(u, v)) in the BFS
/// tree: a depth-first pass over the tree in which each finished state is linked to its
/// parent, so that for a finished state v, following links (with path compression) stops at
/// the deepest unfinished ancestor of v, which is lca(u, v) when u is being finished.
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

    // Positions of the search's order: a position's children are the run of positions
    // after its predecessor's children.
    let first_child = |i: u32| {
        if i == 0 {
            1
        } else {
            bfs.children_end[i as usize - 1]
        }
    };
    let mut link: Vec<StateId> = (0..n as StateId).collect();
    let mut done = vec![false; n];
    let mut total = 0u64;
    let mut stack: Vec<(u32, u32)> = vec![(0, first_child(0))];
    while let Some(&mut (i, ref mut next_child)) = stack.last_mut() {
        if *next_child < bfs.children_end[i as usize] {
            let c = *next_child;
            *next_child += 1;
            stack.push((c, first_child(c)));
            continue;
        }
        let u = bfs.order[i as usize];
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
            link[u as usize] = bfs.order[p as usize];
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
