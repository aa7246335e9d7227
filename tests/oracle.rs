//! Property tests: on random boards (rook and queen, non-square, with and without solutions)
//! every feature equals a plain, obviously correct computation on the petgraph graph, using
//! petgraph's own algorithms wherever it has one.

use std::collections::{HashMap, HashSet, VecDeque};

use maze::features::Features;
use maze::graph::{Adjacency, StateGraph, StateId};
use maze::variants::{
    Board, Cell, CompiledMaze, JumpGraph, JumpRules, JumpingMaze, Maze, MoveSet, StateLimit,
};
use petgraph::Direction::{Incoming, Outgoing};
use petgraph::graph::NodeIndex;
use petgraph::unionfind::UnionFind;
use petgraph::visit::{EdgeFiltered, EdgeRef, Reversed};
use proptest::prelude::*;

use crate::common::Analyzed;

/// A random board: jump numbers 0 (dead end) to 6 (often too long), one goal, a start on an
/// ordinary cell.
fn board(moves: MoveSet) -> impl Strategy<Value = JumpingMaze> {
    (1usize..=6, 2usize..=7).prop_flat_map(move |(rows, cols)| {
        let n = rows * cols;
        (
            proptest::collection::vec(prop_oneof![1 => Just(0u8), 12 => 1u8..=6], n),
            0..n,
            0..n,
        )
            .prop_filter_map("start and goal differ", move |(jumps, goal, start)| {
                if goal == start || jumps[start] == 0 {
                    return None;
                }
                let cells = jumps
                    .iter()
                    .enumerate()
                    .map(|(i, &k)| match (i == goal, k) {
                        (true, _) => Cell::GOAL,
                        (false, 0) => Cell::DEAD_END,
                        (false, k) => Cell::numbered(k),
                    })
                    .collect();
                Some(JumpingMaze {
                    rules: JumpRules {
                        moves,
                        ..JumpRules::default()
                    },
                    board: Board { rows, cols, cells },
                    start: (start / cols, start % cols),
                    walls: Vec::new(),
                    gates: Vec::new(),
                })
            })
    })
}

fn distances(g: &StateGraph, sources: &[NodeIndex], reverse: bool) -> HashMap<NodeIndex, u32> {
    let mut dist = HashMap::new();
    let mut queue = VecDeque::new();
    for &s in sources {
        dist.insert(s, 0);
        queue.push_back(s);
    }
    while let Some(u) = queue.pop_front() {
        let d = dist[&u];
        let next: Vec<NodeIndex> = if reverse {
            g.graph.neighbors_directed(u, Incoming).collect()
        } else {
            g.graph.neighbors_directed(u, Outgoing).collect()
        };
        for v in next {
            dist.entry(v).or_insert_with(|| {
                queue.push_back(v);
                d + 1
            });
        }
    }
    dist
}

/// Component sizes (largest first) of the subgraph induced by `members`, edges undirected.
fn component_sizes(g: &StateGraph, members: &HashSet<NodeIndex>) -> Vec<usize> {
    let mut uf = UnionFind::new(g.graph.node_count());
    for e in g.graph.edge_references() {
        if members.contains(&e.source()) && members.contains(&e.target()) {
            uf.union(e.source().index(), e.target().index());
        }
    }
    let mut sizes: HashMap<usize, usize> = HashMap::new();
    for m in members {
        *sizes.entry(uf.find(m.index())).or_default() += 1;
    }
    let mut sizes: Vec<usize> = sizes.into_values().collect();
    sizes.sort_unstable_by(|a, b| b.cmp(a));
    sizes
}

/// All shortest start-to-goal paths by depth-first enumeration (small boards only).
fn all_shortest_paths(g: &StateGraph, length: u32, limit: usize) -> Option<Vec<Vec<NodeIndex>>> {
    let to_goal = distances(g, &g.goals().collect::<Vec<_>>(), true);
    let mut paths = Vec::new();
    let mut stack = vec![vec![g.start]];
    while let Some(path) = stack.pop() {
        let last = *path.last().unwrap();
        if g.graph[last].goal {
            if path.len() as u32 == length + 1 {
                paths.push(path);
                if paths.len() > limit {
                    return None;
                }
            }
            continue;
        }
        let left = length + 1 - path.len() as u32;
        for v in g.graph.neighbors(last) {
            if to_goal.get(&v).is_some_and(|&d| d < left) {
                let mut p = path.clone();
                p.push(v);
                stack.push(p);
            }
        }
    }
    Some(paths)
}

/// The same flat graph, state by state and edge by edge.
fn assert_same_graph(a: &Adjacency, b: &Adjacency, what: &str) {
    assert_eq!(a.n_states(), b.n_states(), "{what}: states");
    assert_eq!(a.n_moves(), b.n_moves(), "{what}: moves");
    assert_eq!(a.start(), b.start(), "{what}: start");
    for s in 0..a.n_states() as StateId {
        assert_eq!(a.is_goal(s), b.is_goal(s), "{what}: goal {s}");
        assert_eq!(a.jump(s), b.jump(s), "{what}: jump {s}");
        assert_eq!(a.targets(s), b.targets(s), "{what}: targets of {s}");
        assert_eq!(a.edge_dirs(s), b.edge_dirs(s), "{what}: directions of {s}");
    }
}

/// A maze compiled to be read, as every command that loads a file compiles it (moves read
/// on demand under plain rules, not kept in tables), has the graph of the maze compiled
/// with every table; and a cell changed in it gives the graph of the changed maze.
fn check_build_to_read(maze: &Maze, flat: &Adjacency) {
    let Ok(read) = maze.compile_within(StateLimit::default()) else {
        return;
    };
    assert_same_graph(flat, &Adjacency::from_rules(&read), "compiled to be read");
    let (CompiledMaze::Jumping(mut read), Maze::Jumping(m)) = (read, maze) else {
        return;
    };
    let Some(cell) = m.board.cells.iter().position(|c| c.jump_number().is_some()) else {
        return;
    };
    read.set_jump(cell, 1);
    let mut changed = m.clone();
    changed.board.cells[cell].number = Some(1);
    assert_same_graph(
        &Adjacency::from_rules(&JumpGraph::new(&changed)),
        &Adjacency::from_rules(&read),
        "compiled to be read, then changed",
    );
}

fn check(maze: JumpingMaze) {
    check_maze(Maze::Jumping(maze));
}

/// Every feature of a maze of any variant against the plain computations on petgraph.
pub(crate) fn check_maze(maze: Maze) {
    let a = Analyzed::new(maze);
    let g = &a.graph;
    let f: &Features = &a.features;
    let n = g.graph.node_count();

    // The flat form is the petgraph form.
    let flat = Adjacency::from_rules(&a.compiled);
    check_build_to_read(&a.maze, &flat);
    let back = flat.to_state_graph();
    assert_eq!(back.graph.node_count(), n);
    assert_eq!(back.graph.edge_count(), g.graph.edge_count());
    assert_eq!(f.n_states, n);
    assert_eq!(f.n_moves, g.graph.edge_count());
    // What a solver reports is the features of the same names (the paths it counts are
    // checked against the petgraph oracle below through them).
    let solved = maze::features::solve(&flat);
    assert_eq!(solved.shortest_length, f.shortest_length, "solve: length");
    assert_eq!(solved.shortest_paths, f.shortest_paths, "solve: paths");
    assert_eq!(solved.solution, f.solution, "solve: solution");
    // Read straight from the rules, with every table or moves on demand, it is the same.
    assert_eq!(
        maze::features::solve_rules(&a.compiled),
        solved,
        "solve_rules"
    );
    if let Ok(read) = a.maze.compile_within(StateLimit::default()) {
        assert_eq!(
            maze::features::solve_rules(&read),
            solved,
            "solve_rules, to read"
        );
    }

    let from_start = distances(g, &[g.start], false);
    let goals: Vec<NodeIndex> = g.goals().collect();
    let to_goal = distances(g, &goals, true);
    assert_eq!(f.reachable, from_start.len());
    assert_eq!(f.reaching, to_goal.len());
    assert_eq!(f.non_reaching, n - to_goal.len());
    for node in g.graph.node_indices() {
        assert_eq!(
            f.depth(node.index() as StateId),
            from_start.get(&node).copied(),
            "depth"
        );
    }
    // Depths also agree with petgraph's Dijkstra on unit weights.
    let dijkstra = petgraph::algo::dijkstra(&g.graph, g.start, None, |_| 1u32);
    assert_eq!(dijkstra.len(), from_start.len());

    let black: HashSet<NodeIndex> = g
        .graph
        .node_indices()
        .filter(|v| from_start.contains_key(v) && !to_goal.contains_key(v))
        .collect();
    let white: HashSet<NodeIndex> = g
        .graph
        .node_indices()
        .filter(|v| !from_start.contains_key(v) && to_goal.contains_key(v))
        .collect();
    assert_eq!(
        f.black_holes.sizes,
        component_sizes(g, &black),
        "black holes"
    );
    assert_eq!(f.black_holes.count, f.black_holes.sizes.len());
    assert_eq!(
        f.white_holes.sizes,
        component_sizes(g, &white),
        "white holes"
    );

    let length = goals
        .iter()
        .filter_map(|g| from_start.get(g))
        .min()
        .copied();
    assert_eq!(f.shortest_length, length);
    match length {
        None => {
            assert_eq!(f.shortest_paths, 0);
            assert!(f.solution.is_none() && f.forward_decisions.is_none());
        }
        Some(length) => {
            if let Some(paths) = all_shortest_paths(g, length, 20_000) {
                assert_eq!(f.shortest_paths, paths.len() as u64, "shortest_paths");
                assert_eq!(f.unique_shortest, paths.len() == 1);
                let mean = |count: &dyn Fn(&[NodeIndex]) -> usize| {
                    paths.iter().map(|p| count(p) as f64).sum::<f64>() / paths.len() as f64
                };
                let forward = mean(&|p| {
                    p.iter()
                        .filter(|&&s| !g.graph[s].goal && g.graph.neighbors(s).count() > 1)
                        .count()
                });
                let backward = mean(&|p| {
                    p.iter()
                        .filter(|&&s| {
                            s != g.start && g.graph.neighbors_directed(s, Incoming).count() > 1
                        })
                        .count()
                });
                assert!(
                    (f.forward_decisions.unwrap() - forward).abs() < 1e-9,
                    "forward decisions"
                );
                assert!(
                    (f.backward_decisions.unwrap() - backward).abs() < 1e-9,
                    "backward decisions"
                );
            }
            // The solution is a shortest path taking the first nearer direction each time.
            let states = f.solution_states.as_ref().unwrap();
            let dirs = f.solution_dirs.as_ref().unwrap();
            assert_eq!(states.len() as u32, length + 1);
            for (i, w) in states.windows(2).enumerate() {
                let (u, v) = (NodeIndex::new(w[0] as usize), NodeIndex::new(w[1] as usize));
                let want = to_goal[&u] - 1;
                let first = g
                    .graph
                    .edges(u)
                    .filter(|e| to_goal.get(&e.target()) == Some(&want))
                    .map(|e| e.weight().first().unwrap())
                    .min()
                    .unwrap();
                assert_eq!(dirs[i], first);
                assert!(
                    g.graph
                        .edges(u)
                        .any(|e| e.target() == v && e.weight().contains(first))
                );
            }
        }
    }

    // Initial forced moves, simulated.
    let mut m = 0;
    let mut s = g.start;
    let mut seen = HashSet::from([s]);
    while !g.graph[s].goal && g.graph.neighbors(s).count() == 1 {
        s = g.graph.neighbors(s).next().unwrap();
        m += 1;
        if !seen.insert(s) {
            break;
        }
    }
    assert_eq!(f.initial_forced_moves, m);

    // Clusters: petgraph's Kosaraju on the same-jump edges.
    let same = EdgeFiltered::from_fn(&g.graph, |e| {
        g.graph[e.source()].jump.is_some() && g.graph[e.source()].jump == g.graph[e.target()].jump
    });
    let mut clusters: Vec<usize> = petgraph::algo::kosaraju_scc(&same)
        .into_iter()
        .map(|c| c.len())
        .filter(|&c| c >= 2)
        .collect();
    clusters.sort_unstable_by(|a, b| b.cmp(a));
    assert_eq!(f.clusters, clusters);
    let _ = Reversed(&g.graph);

    // H: reachable states, undirected, simple.
    let mut h: HashMap<NodeIndex, HashSet<NodeIndex>> = HashMap::new();
    for e in g.graph.edge_references() {
        if from_start.contains_key(&e.source()) && from_start.contains_key(&e.target()) {
            h.entry(e.source()).or_default().insert(e.target());
            h.entry(e.target()).or_default().insert(e.source());
        }
    }
    let degree = |v: &NodeIndex| h.get(v).map_or(0, HashSet::len);
    assert_eq!(
        f.branches,
        from_start.keys().filter(|v| degree(v) >= 3).count()
    );
    assert_eq!(
        f.dead_ends,
        from_start
            .keys()
            .filter(|v| degree(v) == 1 && !g.graph[**v].goal)
            .count()
    );

    // Loops: BFS tree with moves in direction order, LCA by walking up.
    let mut parent: HashMap<NodeIndex, NodeIndex> = HashMap::from([(g.start, g.start)]);
    let mut queue = VecDeque::from([g.start]);
    while let Some(u) = queue.pop_front() {
        let mut edges: Vec<_> = g.graph.edges(u).collect();
        edges.sort_by_key(|e| (e.weight().first(), e.target().index()));
        for e in edges {
            if let std::collections::hash_map::Entry::Vacant(slot) = parent.entry(e.target()) {
                slot.insert(u);
                queue.push_back(e.target());
            }
        }
    }
    let depth = |v: NodeIndex| from_start[&v];
    let mut loops = Vec::new();
    for (&u, vs) in &h {
        for &v in vs {
            if u < v && parent[&v] != u && parent[&u] != v {
                let (mut x, mut y) = (u, v);
                while x != y {
                    if depth(x) >= depth(y) {
                        x = parent[&x];
                    } else {
                        y = parent[&y];
                    }
                }
                loops.push(depth(u) + depth(v) + 1 - 2 * depth(x));
            }
        }
    }
    let average = if loops.is_empty() {
        0.0
    } else {
        loops.iter().map(|&l| f64::from(l)).sum::<f64>() / loops.len() as f64
    };
    assert!(
        (f.average_loop_length - average).abs() < 1e-9,
        "average loop length"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn rook_features_match_the_petgraph_oracle(maze in board(MoveSet::Rook)) {
        check(maze);
    }

    #[test]
    fn queen_features_match_the_petgraph_oracle(maze in board(MoveSet::Queen)) {
        check(maze);
    }

    /// Every tiling, tori, exit goals, walls and every cell kind.
    #[test]
    fn features_of_every_tiling_match_the_petgraph_oracle(maze in crate::common::any_maze()) {
        check(maze);
    }
}

/// The oracle's own random boards must cover what it claims: solvable and unsolvable mazes.
#[test]
fn random_boards_include_mazes_with_and_without_solutions() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let (mut solvable, mut unsolvable) = (0, 0);
    for _ in 0..200 {
        let maze = board(MoveSet::Rook)
            .new_tree(&mut runner)
            .unwrap()
            .current();
        let a = Analyzed::new(Maze::Jumping(maze));
        if a.features.shortest_length.is_some() {
            solvable += 1;
        } else {
            unsolvable += 1;
        }
    }
    assert!(
        solvable > 20 && unsolvable > 20,
        "{solvable} solvable, {unsolvable} unsolvable"
    );
}

/// A valid maze of any variant: the random boards of every tiling, torus, wall, cell kind
/// and exit goal, with or without the no-U-turn rule, kept when the file format would
/// accept them (start moved to an ordinary cell).
pub(crate) fn any_valid_maze() -> impl Strategy<Value = JumpingMaze> {
    (
        crate::common::any_maze(),
        any::<bool>(),
        any::<prop::sample::Index>(),
    )
        .prop_filter_map("valid maze", |(mut maze, no_u_turn, pick)| {
            maze.rules.no_u_turn = no_u_turn;
            let ordinary: Vec<usize> = (0..maze.board.cells.len())
                .filter(|&i| maze.board.cells[i].jump_number().is_some())
                .collect();
            if ordinary.is_empty() {
                return None;
            }
            let i = ordinary[pick.index(ordinary.len())];
            maze.start = (i / maze.board.cols, i % maze.board.cols);
            maze.validate().is_ok().then_some(maze)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// Features are computed the same way on every variant: hex, triangle, tori, walls,
    /// holes, void, exit goals and no-U-turn states.
    #[test]
    fn every_variant_matches_the_petgraph_oracle(maze in any_valid_maze()) {
        check(maze);
    }
}
