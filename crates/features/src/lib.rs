//! Feature extraction over any maze state graph, exactly as RULES.md section 3 defines the
//! features, and the objectives (energies) of section 4.
//!
//! Everything works on a flat [`Graph`] (the compressed [`Adjacency`], or the generator's
//! [`maze_graph::StrideAdjacency`]); [`analyze`] is the entry point for a petgraph
//! [`StateGraph`]. Functions here cannot fail: every state graph has every feature (some are
//! `None` when the goal cannot be reached).
//!
//! The generator computes only the [`Core`] features of its candidates, on passes of its
//! own (`maze-gen`'s engine), tested equal to these.
#![deny(missing_docs)]

mod clusters;
mod core;
mod energy;
mod forward;
pub mod grade;
mod holes;
mod layered;
mod objective;
mod paths;
mod range_min;
pub mod report;
mod search;
mod shape;
mod tarjan;

use maze_graph::{Adjacency, Dir, Graph, Move, Rules, StateGraph, StateId};
use serde::Serialize;

pub use clusters::{Tarjan, same_jump_in};
pub use core::Core;
pub use energy::{Feature, Objective, SHORTEST_PATHS_CAP, Term};
pub use grade::{Grade, grade};
pub use objective::{
    RollingBlockScore, RollingBlockWeights, Term as RollingBlockTerm, UNREACHABLE_ENERGY,
    goal_depth, neller, rolling_block, rolling_block_score,
};
pub use search::UNREACHED;

/// Weakly connected components of holes: how many, and their sizes, largest first.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Holes {
    /// Number of components.
    pub count: usize,
    /// Component sizes in states, largest first.
    pub sizes: Vec<usize>,
}

/// Every feature of RULES.md section 3, named as there.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Features {
    /// |S|, every state, reachable or not.
    pub n_states: usize,
    /// Number of edges (distinct state pairs joined by a move).
    pub n_moves: usize,
    /// States reachable from the start (the start included).
    pub reachable: usize,
    /// States from which a goal state can be reached (goal states included).
    pub reaching: usize,
    /// `n_states - reaching`.
    pub non_reaching: usize,
    /// Components of reachable states that cannot reach the goal.
    pub black_holes: Holes,
    /// Components of unreachable states that can reach the goal.
    pub white_holes: Holes,
    /// Moves on a shortest start-to-goal path, `None` when the goal cannot be reached.
    pub shortest_length: Option<u32>,
    /// Distinct shortest paths as state sequences (saturating at `u64::MAX`).
    pub shortest_paths: u64,
    /// `shortest_paths == 1`.
    pub unique_shortest: bool,
    /// The first shortest path, as direction names; `None` when the goal cannot be reached.
    pub solution: Option<Vec<&'static str>>,
    /// The states of [`Features::solution`], start first.
    #[serde(skip)]
    pub solution_states: Option<Vec<StateId>>,
    /// The directions of [`Features::solution`].
    #[serde(skip)]
    pub solution_dirs: Option<Vec<Dir>>,
    /// Non-goal states on the shortest path with more than one successor, averaged over all
    /// shortest paths.
    pub forward_decisions: Option<f64>,
    /// Non-start states on the shortest path with more than one predecessor, averaged over
    /// all shortest paths.
    pub backward_decisions: Option<f64>,
    /// Moves forced from the start (Neller's m).
    pub initial_forced_moves: u32,
    /// Sizes of same-jump clusters of two or more states, largest first.
    pub clusters: Vec<usize>,
    /// Sum over clusters J of (|J| - 1)^2.
    pub cluster_penalty: u64,
    /// Moves of the solution opposite to the previous move.
    pub u_turns: u32,
    /// Moves of the solution whose direction differs from the previous move's.
    pub turns: u32,
    /// Moves of the solution that depend on the rule's mechanics ([`Rules::mechanic`]);
    /// `None` when the goal cannot be reached, or when the features come from a graph alone
    /// ([`features`]) rather than from its rules ([`features_of_rules`]).
    pub mechanic_moves: Option<u32>,
    /// Reachable states with three or more neighbours in H.
    pub branches: usize,
    /// Reachable non-goal states with exactly one neighbour in H.
    pub dead_ends: usize,
    /// Mean length of the loops closed by the non-tree edges of H, 0 when there are none.
    pub average_loop_length: f64,
    /// Obstacles on the board (given by the variant, not the graph).
    pub blocks: usize,
    /// Minimum moves from the start to each state, indexed by state.
    #[serde(skip)]
    pub depths: Vec<u32>,
}

impl Features {
    /// The depth of `state`, `None` if it is unreachable.
    pub fn depth(&self, state: StateId) -> Option<u32> {
        let d = self.depths[state as usize];
        (d != UNREACHED).then_some(d)
    }
}

/// Distance in moves from every state to the nearest goal state, [`UNREACHED`] where no goal
/// can be reached: what a player's hint needs from whatever state they stand on.
pub fn goal_distances(adjacency: &Adjacency) -> Vec<u32> {
    search::goal_distances(adjacency, &search::Reverse::new(adjacency))
}

/// The next move of the first shortest path from `state` (the rule `solution` follows from the
/// start): the first direction, in direction order, whose move lands one step nearer the goal,
/// with the state it lands on. `to_goal` comes from [`goal_distances`]. `None` at a goal state
/// or where the goal cannot be reached.
pub fn next_step(adjacency: &Adjacency, to_goal: &[u32], state: StateId) -> Option<(Dir, StateId)> {
    paths::next_step(adjacency, to_goal, state)
}

/// What a solver reports: the shortest solution's length, how many shortest solutions there
/// are, and the first in direction order (the [`Features`] of the same names).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Solved {
    /// Moves of a shortest solution; `None` when the goal cannot be reached.
    pub shortest_length: Option<u32>,
    /// Number of shortest solutions, saturating at `u64::MAX`; 0 without a solution.
    pub shortest_paths: u64,
    /// The first shortest solution in direction order, as direction names.
    pub solution: Option<Vec<&'static str>>,
}

/// Only what a solver reports ([`Solved`]), equal to those fields of [`features`]: one
/// search from the start up to the nearest goal's layer, the paths counted as it goes,
/// without predecessor lists or the other features' passes and memory.
pub fn solve<G: Graph + ?Sized>(adjacency: &G) -> Solved {
    forward::solve(adjacency)
}

/// [`solve`] read straight from a maze's rules, with no flat graph: the same answer for
/// a fraction of the memory (bitsets and the search order), and faster on large mazes.
pub fn solve_rules<R: Rules + Sync + ?Sized>(rules: &R) -> Solved {
    layered::solve_rules(rules)
}

/// Every feature of a petgraph state graph. `blocks` is the variant's obstacle count.
pub fn analyze(graph: &StateGraph, blocks: usize) -> Features {
    features(&Adjacency::from_graph(graph), blocks)
}

/// Every feature of a maze's rules, mechanic moves included. `blocks` is the variant's
/// obstacle count.
pub fn features_of_rules<R: Rules + ?Sized>(rules: &R, blocks: usize) -> Features {
    let mut f = features(&Adjacency::from_rules(rules), blocks);
    f.mechanic_moves = mechanic_moves(rules, &f);
    f
}

/// How many moves of `f`'s solution depend on the mechanics of `rules` (the rules `f` was
/// computed from), `None` when the goal cannot be reached.
pub fn mechanic_moves<R: Rules + ?Sized>(rules: &R, f: &Features) -> Option<u32> {
    let states = f.solution_states.as_ref()?;
    let dirs = f.solution_dirs.as_ref()?;
    let count = states
        .windows(2)
        .zip(dirs)
        .filter(|&(pair, &dir)| rules.mechanic(pair[0], Move { dir, to: pair[1] }))
        .count();
    Some(count as u32)
}

/// States from which a pass splits its work between threads (and the passes that do not
/// depend on each other run side by side): the size from which the flat graph is built on
/// every thread too.
pub(crate) use maze_graph::PARALLEL_STATES as PARALLEL;

/// `a()` and `b()`, side by side on two threads when `parallel`.
fn both<A: Send, B: Send>(
    parallel: bool,
    a: impl FnOnce() -> A + Send,
    b: impl FnOnce() -> B + Send,
) -> (A, B) {
    if parallel {
        rayon::join(a, b)
    } else {
        (a(), b())
    }
}

/// Every feature of a flat state graph, but mechanic moves (which need the rules: see
/// [`features_of_rules`]). `blocks` is the variant's obstacle count.
pub fn features<G: Graph + ?Sized>(adjacency: &G, blocks: usize) -> Features {
    let g = adjacency;
    let large = g.n_states() >= PARALLEL;
    // Two chains of about equal work on large graphs: the predecessor lists cost about half
    // the search, the clusters a third of the distances to the goal. A small graph keeps
    // the order its allocations have always come in, which the allocator serves cheapest.
    let ((preds, to_goal), (forward, clusters)) = if large {
        rayon::join(
            || {
                let preds = search::Reverse::new(g);
                let to_goal = search::goal_distances(g, &preds);
                (preds, to_goal)
            },
            || (search::bfs(g), clusters::same_jump(g)),
        )
    } else {
        let (preds, forward) = (search::Reverse::new(g), search::bfs(g));
        let to_goal = search::goal_distances(g, &preds);
        ((preds, to_goal), (forward, clusters::same_jump(g)))
    };
    let n = g.n_states();
    let reachable = forward.depth.iter().filter(|&&d| d != UNREACHED).count();
    let reaching = to_goal.iter().filter(|&&d| d != UNREACHED).count();
    let ((black_holes, white_holes), shortest) = both(
        large,
        || {
            let black = holes::components(g, &preds, |s| {
                forward.depth[s] != UNREACHED && to_goal[s] == UNREACHED
            });
            let white = holes::components(g, &preds, |s| {
                forward.depth[s] == UNREACHED && to_goal[s] != UNREACHED
            });
            (black, white)
        },
        || paths::shortest(g, &preds, &forward, &to_goal),
    );
    let cluster_penalty = clusters.iter().map(|&c| ((c - 1) as u64).pow(2)).sum();
    let (solution_states, solution_dirs) = match paths::solution(g, &to_goal) {
        Some((states, dirs)) => (Some(states), Some(dirs)),
        None => (None, None),
    };
    let (turns, u_turns) = solution_dirs
        .as_deref()
        .map_or((0, 0), |dirs| paths::turns(g, dirs));
    // The last passes need neither the distances to the goal nor, past its first loop,
    // the predecessor lists: both go before the shape's loop lengths, the pass that
    // allocates the most.
    drop(to_goal);
    let (shape, depths) = shape::shape(g, preds, forward);
    Features {
        n_states: n,
        n_moves: g.n_moves(),
        reachable,
        reaching,
        non_reaching: n - reaching,
        black_holes,
        white_holes,
        shortest_length: shortest.length,
        shortest_paths: shortest.count,
        unique_shortest: shortest.count == 1,
        solution: solution_dirs
            .as_ref()
            .map(|dirs| dirs.iter().map(|&d| g.directions().name(d)).collect()),
        solution_states,
        solution_dirs,
        forward_decisions: shortest.forward_decisions,
        backward_decisions: shortest.backward_decisions,
        initial_forced_moves: paths::initial_forced_moves(g),
        clusters,
        cluster_penalty,
        u_turns,
        turns,
        mechanic_moves: None,
        branches: shape.branches,
        dead_ends: shape.dead_ends,
        average_loop_length: shape.average_loop_length,
        blocks,
        depths,
    }
}
