//! Shortest paths: their length and number, the decisions along them (averaged over all of
//! them), the first solution in direction order, its turns, and the initial forced moves.

use maze_graph::{Dir, Graph, StateId};

use crate::search::{Bfs, Reverse, UNREACHED};

pub(crate) struct Shortest {
    pub length: Option<u32>,
    pub count: u64,
    pub forward_decisions: Option<f64>,
    pub backward_decisions: Option<f64>,
}

/// Length, number and decisions of the shortest start-to-goal paths.
///
/// The shortest paths form a layered DAG (edges from depth i to depth i + 1 between states
/// with depth + distance-to-goal = length). With f(s) paths from the start to s and b(s)
/// from s to a goal, f(s)·b(s) of the N shortest paths pass through s, so the mean number of
/// decision states on a shortest path is the sum over decision states of f(s)·b(s) / N.
pub(crate) fn shortest<G: Graph + ?Sized>(
    g: &G,
    preds: &Reverse,
    bfs: &Bfs,
    to_goal: &[u32],
) -> Shortest {
    let start = g.start();
    let length = to_goal[start as usize];
    if length == UNREACHED {
        return Shortest {
            length: None,
            count: 0,
            forward_decisions: None,
            backward_decisions: None,
        };
    }
    let depth = &bfs.depth;
    let on_path = |s: StateId| {
        let (d, e) = (depth[s as usize], to_goal[s as usize]);
        d != UNREACHED && e != UNREACHED && d + e == length
    };
    // BFS discovery order is by depth, so this is the DAG in topological order.
    let dag: Vec<StateId> = bfs.order.iter().copied().filter(|&s| on_path(s)).collect();
    let next_in_dag =
        |u: StateId, t: StateId| on_path(t) && depth[t as usize] == depth[u as usize] + 1;

    let n = g.n_states();
    let mut f = vec![0u64; n];
    f[start as usize] = 1;
    for &u in &dag {
        for &t in g.targets(u) {
            if next_in_dag(u, t) {
                f[t as usize] = f[t as usize].saturating_add(f[u as usize]);
            }
        }
    }
    let count = dag
        .iter()
        .filter(|&&s| g.is_goal(s))
        .fold(0u64, |acc, &s| acc.saturating_add(f[s as usize]));
    let forward = |s: StateId| !g.is_goal(s) && g.out_degree(s) > 1;
    let backward = |s: StateId| s != start && preds.sources(s).len() > 1;

    let (forward_decisions, backward_decisions) = if count < u64::MAX {
        let mut b = vec![0u64; n];
        for &u in dag.iter().rev() {
            b[u as usize] = if g.is_goal(u) {
                1
            } else {
                g.targets(u)
                    .iter()
                    .filter(|&&t| next_in_dag(u, t))
                    .map(|&t| b[t as usize])
                    .sum()
            };
        }
        // f, b <= N < 2^64 and the sums stay below length * N < 2^96: exact in u128.
        let weight = |s: StateId| u128::from(f[s as usize]) * u128::from(b[s as usize]);
        let total = |dec: &dyn Fn(StateId) -> bool| -> f64 {
            let sum: u128 = dag.iter().filter(|&&s| dec(s)).map(|&s| weight(s)).sum();
            sum as f64 / count as f64
        };
        (total(&forward), total(&backward))
    } else {
        normalized_means(g, &dag, depth, &next_in_dag, &forward, &backward)
    };
    Shortest {
        length: Some(length),
        count,
        forward_decisions: Some(forward_decisions),
        backward_decisions: Some(backward_decisions),
    }
}

/// The same means when the path count overflows u64: path counts kept as floats rescaled
/// layer by layer (a layer's scale cancels in the share of paths through each of its states,
/// since every shortest path crosses each layer exactly once).
fn normalized_means<G: Graph + ?Sized>(
    g: &G,
    dag: &[StateId],
    depth: &[u32],
    next_in_dag: &dyn Fn(StateId, StateId) -> bool,
    forward: &dyn Fn(StateId) -> bool,
    backward: &dyn Fn(StateId) -> bool,
) -> (f64, f64) {
    let n = g.n_states();
    let layers: Vec<&[StateId]> = dag
        .chunk_by(|a, b| depth[*a as usize] == depth[*b as usize])
        .collect();
    let normalize = |values: &mut [f64], layer: &[StateId]| {
        let max = layer
            .iter()
            .map(|&s| values[s as usize])
            .fold(0.0, f64::max);
        if max > 0.0 {
            for &s in layer {
                values[s as usize] /= max;
            }
        }
    };
    let mut f = vec![0.0f64; n];
    f[g.start() as usize] = 1.0;
    for (i, layer) in layers.iter().enumerate() {
        for &u in *layer {
            for &t in g.targets(u) {
                if next_in_dag(u, t) {
                    f[t as usize] += f[u as usize];
                }
            }
        }
        if let Some(next) = layers.get(i + 1) {
            normalize(&mut f, next);
        }
    }
    let mut b = vec![0.0f64; n];
    for layer in layers.iter().rev() {
        for &u in *layer {
            b[u as usize] = if g.is_goal(u) {
                1.0
            } else {
                g.targets(u)
                    .iter()
                    .filter(|&&t| next_in_dag(u, t))
                    .map(|&t| b[t as usize])
                    .sum()
            };
        }
        normalize(&mut b, layer);
    }
    let (mut fwd, mut bwd) = (0.0, 0.0);
    for layer in &layers {
        let z: f64 = layer.iter().map(|&s| f[s as usize] * b[s as usize]).sum();
        if z > 0.0 {
            for &s in *layer {
                let share = f[s as usize] * b[s as usize] / z;
                if forward(s) {
                    fwd += share;
                }
                if backward(s) {
                    bwd += share;
                }
            }
        }
    }
    (fwd, bwd)
}

/// The first shortest path: from each state the first direction, in direction order, whose
/// move lands one step nearer the goal. Returns its states (start first) and directions.
pub(crate) fn solution<G: Graph + ?Sized>(
    g: &G,
    to_goal: &[u32],
) -> Option<(Vec<StateId>, Vec<Dir>)> {
    let mut s = g.start();
    if to_goal[s as usize] == UNREACHED {
        return None;
    }
    let mut states = vec![s];
    let mut dirs = Vec::new();
    while !g.is_goal(s) {
        let (dir, t) = next_step(g, to_goal, s)?;
        dirs.push(dir);
        s = t;
        states.push(s);
    }
    Some((states, dirs))
}

/// The first direction, in direction order, whose move from `state` lands one step nearer the
/// goal, and the state it lands on; `None` at a goal state or where the goal is out of reach.
pub(crate) fn next_step<G: Graph + ?Sized>(
    g: &G,
    to_goal: &[u32],
    state: StateId,
) -> Option<(Dir, StateId)> {
    let here = to_goal[state as usize];
    if here == UNREACHED || here == 0 {
        return None;
    }
    // Edges are sorted by their first direction, so the first nearer edge carries the
    // first nearer direction.
    let i = g
        .targets(state)
        .iter()
        .position(|&t| to_goal[t as usize] == here - 1)?;
    Some((g.edge_dirs(state)[i].first()?, g.targets(state)[i]))
}

/// `(turns, u_turns)` of a direction sequence.
pub(crate) fn turns<G: Graph + ?Sized>(g: &G, dirs: &[Dir]) -> (u32, u32) {
    let mut turns = 0;
    let mut u_turns = 0;
    for w in dirs.windows(2) {
        if w[1] != w[0] {
            turns += 1;
        }
        if w[1] == g.directions().opposite(w[0]) {
            u_turns += 1;
        }
    }
    (turns, u_turns)
}

/// Neller's m: moves made from the start while the current state has exactly one successor
/// and is not the goal, stopping when a state repeats (the move onto it counts).
pub(crate) fn initial_forced_moves<G: Graph + ?Sized>(g: &G) -> u32 {
    let mut s = g.start();
    let mut seen = vec![s];
    let mut m = 0;
    while !g.is_goal(s) && g.out_degree(s) == 1 {
        s = g.targets(s)[0];
        m += 1;
        if seen.contains(&s) {
            break;
        }
        seen.push(s);
        if seen.len() > 64 {
            // Long forced chains are rare; switch to a set rather than rescanning.
            return m + forced_tail(g, s, &seen);
        }
    }
    m
}

fn forced_tail<G: Graph + ?Sized>(g: &G, mut s: StateId, seen: &[StateId]) -> u32 {
    let mut visited = vec![false; g.n_states()];
    for &v in seen {
        visited[v as usize] = true;
    }
    let mut m = 0;
    while !g.is_goal(s) && g.out_degree(s) == 1 {
        s = g.targets(s)[0];
        m += 1;
        if visited[s as usize] {
            break;
        }
        visited[s as usize] = true;
    }
    m
}
