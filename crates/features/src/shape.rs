//! The shape of the reachable part, as the undirected simple graph H on reachable states:
//! branches, dead ends, and the mean length of the loops that H's non-tree edges close.
//!
//! On large boards these passes are bound by random memory access, so per-state data they
//! read together is packed into one array.

use maze_graph::{Graph, StateId};
use rayon::prelude::*;

use crate::PARALLEL;
use crate::range_min::RangeMin;
use crate::search::{Bfs, Reverse, UNREACHED};

pub(crate) struct Shape {
    pub branches: usize,
    pub dead_ends: usize,
    pub average_loop_length: f64,
}

/// Takes the predecessor lists and the search's tree to drop them as soon as they are read,
/// and gives back the depths. A graph of fewer than [`PARALLEL`] states is measured by
/// [`crate::tarjan`], which costs fewer instructions where every array fits in cache.
///
/// The loop lengths come from one pass over the edges in state order, with each non-tree
/// edge's lowest common ancestor found where it is met: numbered in a depth-first preorder of
/// the BFS tree, the states strictly after `u` up to `v` (for `u` before `v`) all lie under
/// lca(u, v), and one of them is its child, so depth(lca(u, v)) is the least depth among those
/// positions, less one: a range minimum, answered in constant time with no list of queries.
pub(crate) fn shape<G: Graph + ?Sized>(g: &G, preds: Reverse, bfs: Bfs) -> (Shape, Vec<u32>) {
    if g.n_states() < PARALLEL {
        let (branches, dead_ends, average_loop_length) = crate::tarjan::shape(g, &preds, &bfs);
        let shape = Shape {
            branches,
            dead_ends,
            average_loop_length,
        };
        return (shape, bfs.depth);
    }
    by_range_minimums(g, preds, bfs)
}

/// [`shape`] of a large graph.
fn by_range_minimums<G: Graph + ?Sized>(g: &G, preds: Reverse, bfs: Bfs) -> (Shape, Vec<u32>) {
    let (pre, depth_at) = preorder(&bfs);
    let Bfs {
        depth,
        parent,
        order,
        children_end,
    } = bfs;
    drop((order, children_end));
    let lowest = RangeMin::new(depth_at);
    let kids = children(&parent);
    let reached = reached(&depth);
    let node = nodes(parent, pre, &lowest);
    let pass = Pass {
        g,
        preds: &preds,
        depth: &depth,
        kids: &kids,
        reached: &reached,
        node: &node,
        lowest: &lowest,
    };
    let n = node.len();
    let Counts {
        branches,
        dead_ends,
        queries,
        end_depths,
        lca_depths,
    } = (0..n.div_ceil(PARALLEL))
        // Each state's part reads only its own and its neighbours' entries: the states
        // split into runs that any thread may take, their counts added.
        .into_par_iter()
        .map(|k| pass.run(k * PARALLEL..n.min((k + 1) * PARALLEL)))
        .reduce(Counts::default, Counts::add);
    let average_loop_length = if queries == 0 {
        0.0
    } else {
        (end_depths + queries - 2 * lca_depths) as f64 / queries as f64
    };
    let shape = Shape {
        branches,
        dead_ends,
        average_loop_length,
    };
    (shape, depth)
}

/// What the edge pass reads.
struct Pass<'a, G: ?Sized> {
    g: &'a G,
    preds: &'a Reverse,
    depth: &'a [u32],
    /// Per state, its children in the search's tree.
    kids: &'a [u32],
    /// Per state a bit, whether the search reached it: a bitset small enough to stay in
    /// cache, read for the neighbours whose entries the pass does not need.
    reached: &'a [u64],
    node: &'a [Node],
    lowest: &'a RangeMin,
}

/// What the edge pass counts, over some of the states.
#[derive(Default)]
struct Counts {
    branches: usize,
    dead_ends: usize,
    /// Non-tree edges.
    queries: u64,
    /// The loop lengths' sum, depth(u) + depth(v) + 1 - 2·depth(lca(u, v)) per non-tree
    /// edge, gathered as its parts: each end's depth, counted from that end, ...
    end_depths: u64,
    /// ... and the depths of the lowest common ancestors.
    lca_depths: u64,
}

impl Counts {
    fn add(self, other: Counts) -> Counts {
        Counts {
            branches: self.branches + other.branches,
            dead_ends: self.dead_ends + other.dead_ends,
            queries: self.queries + other.queries,
            end_depths: self.end_depths + other.end_depths,
            lca_depths: self.lca_depths + other.lca_depths,
        }
    }
}

impl<G: Graph + ?Sized> Pass<'_, G> {
    fn run(&self, states: std::ops::Range<usize>) -> Counts {
        let mut c = Counts::default();
        // In state order, not the search's: the counts and the set of non-tree edges do not
        // depend on it, and each state's own lists and entries are then read forward through
        // memory. A neighbour's entry is read at random only from the edge's lower end, which
        // alone needs it (to tell a tree edge and to find the lowest common ancestor); the
        // other end counts the neighbour from the bitset and its non-tree edges as its
        // neighbours less its tree edges.
        for u in states.start as StateId..states.end as StateId {
            let node_u = self.node[u as usize];
            let parent_u = node_u.parent;
            if parent_u == UNREACHED {
                continue;
            }
            let targets = self.g.targets(u);
            let mut neighbours = 0;
            let mut visit = |v: StateId| {
                if self.reached[v as usize / 64] >> (v % 64) & 1 == 0 {
                    return;
                }
                neighbours += 1;
                if v < u {
                    return;
                }
                let node_v = self.node[v as usize];
                if node_v.parent == u || parent_u == v {
                    return;
                }
                c.queries += 1;
                let (a, b) = if node_u.pre < node_v.pre {
                    (node_u, node_v)
                } else {
                    (node_v, node_u)
                };
                let first = a.pre as usize + 1;
                let min = self
                    .lowest
                    .min_given(first, b.pre as usize, a.after, b.to_here);
                c.lca_depths += u64::from(min - 1);
            };
            for &v in targets {
                visit(v);
            }
            for &v in self.preds.sources(u) {
                // Successors and predecessors are each distinct; skip the states in both.
                if !targets.contains(&v) {
                    visit(v);
                }
            }
            // The tree edges at u: to each child, and to its parent but at the start.
            let tree = u64::from(self.kids[u as usize]) + u64::from(parent_u != u);
            let depth_u = u64::from(self.depth[u as usize]);
            c.end_depths += depth_u * (neighbours - tree);
            if neighbours >= 3 {
                c.branches += 1;
            }
            if neighbours == 1 && !self.g.is_goal(u) {
                c.dead_ends += 1;
            }
        }
        c
    }
}

/// Per state, how many states it discovered (its children in the search's tree).
fn children(parent: &[StateId]) -> Vec<u32> {
    let mut kids = vec![0u32; parent.len()];
    for (s, &p) in parent.iter().enumerate() {
        if p != UNREACHED && p as usize != s {
            kids[p as usize] += 1;
        }
    }
    kids
}

/// Per state a bit, set where the search reached it.
fn reached(depth: &[u32]) -> Vec<u64> {
    let mut bits = vec![0u64; depth.len().div_ceil(64)];
    for (s, &d) in depth.iter().enumerate() {
        if d != UNREACHED {
            bits[s / 64] |= 1 << (s % 64);
        }
    }
    bits
}

/// What the edge pass reads of a state, together: one cache miss per neighbour.
#[derive(Clone, Copy)]
struct Node {
    /// The state that discovered it, [`UNREACHED`] if the search did not reach it.
    parent: StateId,
    /// Its position in [`preorder`].
    pre: u32,
    /// The least depth in `pre`'s block of the range minimum, up to `pre`.
    to_here: u32,
    /// The least depth in `pre + 1`'s block, from `pre + 1` on.
    after: u32,
}

/// The nodes, with the range minimum's in-block minimums at each state's position: each
/// array of those read and dropped before the next is made.
fn nodes(parent: Vec<StateId>, pre: Vec<u32>, lowest: &RangeMin) -> Vec<Node> {
    let mut node: Vec<Node> = parent
        .into_iter()
        .zip(pre)
        .map(|(parent, pre)| Node {
            parent,
            pre,
            to_here: UNREACHED,
            after: UNREACHED,
        })
        .collect();
    let prefix = lowest.prefix_minimums();
    for n in &mut node {
        n.to_here = prefix.get(n.pre as usize).copied().unwrap_or(UNREACHED);
    }
    drop(prefix);
    let suffix = lowest.suffix_minimums();
    for n in &mut node {
        n.after = suffix.get(n.pre as usize + 1).copied().unwrap_or(UNREACHED);
    }
    node
}

/// A depth-first preorder of the BFS tree: each state's position in it ([`UNREACHED`] for
/// states the search did not reach), and the depth of the state at each position.
///
/// Worked on positions of the search's order, where each state's children are a contiguous
/// run following its predecessor's, so every pass but the last reads memory forward.
fn preorder(bfs: &Bfs) -> (Vec<u32>, Vec<u32>) {
    let m = bfs.order.len();
    let children = |i: usize| {
        let first = if i == 0 { 1 } else { bfs.children_end[i - 1] };
        first as usize..bfs.children_end[i] as usize
    };
    // Subtree sizes, children before parents.
    let mut size = vec![1u32; m];
    for i in (0..m).rev() {
        size[i] += size[children(i)].iter().sum::<u32>();
    }
    // Each child's subtree starts after its parent and its older siblings' subtrees.
    let mut at = vec![0u32; m];
    let mut depth = vec![0u32; m];
    for i in 0..m {
        let mut next = at[i] + 1;
        for c in children(i) {
            at[c] = next;
            depth[c] = depth[i] + 1;
            next += size[c];
        }
    }
    drop(size);
    let mut pre = vec![UNREACHED; bfs.depth.len()];
    let mut depth_at = vec![0u32; m];
    for (i, &s) in bfs.order.iter().enumerate() {
        pre[s as usize] = at[i];
        depth_at[at[i] as usize] = depth[i];
    }
    (pre, depth_at)
}

#[cfg(test)]
mod tests {
    use maze_graph::{Adjacency, DirSet, Directions, Node, StateGraph};
    use petgraph::graph::{DiGraph, NodeIndex};
    use proptest::prelude::*;

    use super::*;
    use crate::search;

    static FOUR: Directions = Directions {
        names: &["N", "E", "S", "W"],
        opposite: &[2, 3, 0, 1],
    };

    /// Random graphs from thin chains (deep trees, long loops) to dense ones: each state's
    /// moves go to a state near it, or anywhere.
    fn graphs() -> impl Strategy<Value = Adjacency> {
        (1usize..400, 0usize..8, 1u32..40).prop_flat_map(|(n, degree, reach)| {
            let edge = (any::<bool>(), 0u32..4096, 0u8..4);
            (
                proptest::collection::vec(proptest::collection::vec(edge, 0..=degree), n),
                proptest::collection::vec(0u8..20, n),
                0..n,
            )
                .prop_map(move |(edges, goal, start)| {
                    let mut g = DiGraph::<Node, DirSet, u32>::default();
                    for &k in &goal {
                        g.add_node(Node {
                            goal: k == 0,
                            jump: None,
                        });
                    }
                    for (s, list) in edges.iter().enumerate() {
                        for &(far, k, dir) in list {
                            let to = if far { k } else { s as u32 + 1 + k % reach } % n as u32;
                            if to as usize != s {
                                let (a, b) = (NodeIndex::new(s), NodeIndex::new(to as usize));
                                g.update_edge(a, b, DirSet::single(dir));
                            }
                        }
                    }
                    Adjacency::from_graph(&StateGraph {
                        graph: g,
                        start: NodeIndex::new(start),
                        directions: &FOUR,
                    })
                })
        })
    }

    /// The pass this module replaced, kept as the twin it is tested against: the non-tree
    /// edges listed, then their lowest common ancestors by Tarjan's offline algorithm over
    /// a depth-first walk of the BFS tree.
    fn twin(g: &Adjacency, preds: &Reverse, bfs: &Bfs) -> (usize, usize, u64, u64) {
        let (mut branches, mut dead_ends) = (0, 0);
        let mut non_tree = Vec::new();
        for u in 0..g.n_states() as StateId {
            if bfs.depth[u as usize] == UNREACHED {
                continue;
            }
            let mut neighbours: Vec<StateId> = g.targets(u).to_vec();
            neighbours.extend(preds.sources(u));
            neighbours.sort_unstable();
            neighbours.dedup();
            neighbours.retain(|&v| bfs.depth[v as usize] != UNREACHED);
            for &v in &neighbours {
                if v > u && bfs.parent[v as usize] != u && bfs.parent[u as usize] != v {
                    non_tree.push((u, v));
                }
            }
            branches += usize::from(neighbours.len() >= 3);
            dead_ends += usize::from(neighbours.len() == 1 && !g.is_goal(u));
        }
        let n = g.n_states();
        let mut link: Vec<StateId> = (0..n as StateId).collect();
        let mut done = vec![false; n];
        let mut total = 0;
        // Children of each state, from the parents.
        let mut children = vec![Vec::new(); n];
        for &s in &bfs.order[1..] {
            children[bfs.parent[s as usize] as usize].push(s);
        }
        let mut stack = vec![(bfs.order[0], 0)];
        while let Some(&mut (u, ref mut next)) = stack.last_mut() {
            if let Some(&c) = children[u as usize].get(*next) {
                *next += 1;
                stack.push((c, 0));
                continue;
            }
            done[u as usize] = true;
            for &(a, b) in &non_tree {
                let other = if a == u {
                    b
                } else if b == u {
                    a
                } else {
                    continue;
                };
                if done[other as usize] {
                    let mut lca = other;
                    while link[lca as usize] != lca {
                        lca = link[lca as usize];
                    }
                    let depth = |s: StateId| u64::from(bfs.depth[s as usize]);
                    total += depth(u) + depth(other) + 1 - 2 * depth(lca);
                }
            }
            stack.pop();
            if let Some(&(p, _)) = stack.last() {
                link[u as usize] = p;
            }
        }
        (branches, dead_ends, total, non_tree.len() as u64)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        /// Equal to the twin: the counts, and the mean loop length to the last bit.
        #[test]
        fn shape_is_the_twin_s(g in graphs()) {
            let bfs = search::bfs(&g);
            let (branches, dead_ends, total, queries) = twin(&g, &Reverse::new(&g), &bfs);
            let mean = if queries == 0 { 0.0 } else { total as f64 / queries as f64 };
            // Both ways of measuring, whatever the graph's size.
            let small = crate::tarjan::shape(&g, &Reverse::new(&g), &bfs);
            let large = by_range_minimums(&g, Reverse::new(&g), bfs).0;
            let large = (large.branches, large.dead_ends, large.average_loop_length);
            for (got_branches, got_dead_ends, got_mean) in [small, large] {
                prop_assert_eq!(got_branches, branches);
                prop_assert_eq!(got_dead_ends, dead_ends);
                prop_assert_eq!(got_mean.to_bits(), mean.to_bits());
            }
        }
    }
}
