//! The solver's pass: the shortest solutions found from the start alone, with no
//! predecessor lists and no search from the goal over the whole graph.

use maze_graph::{Graph, StateId};

use crate::Solved;
use crate::search::UNREACHED;

/// What a solver reports, from one breadth-first search from the start that stops with the
/// layer of the nearest goal: each state's paths are counted as it is reached (saturating),
/// then the states of that search are marked, last layer first, where a shortest solution
/// passes, and the first solution follows the marks in direction order.
///
/// Equal to [`crate::features`]' fields of the same names: a state lies on a shortest
/// solution exactly when one of its successors a layer further does, and from such a state
/// the moves one step nearer the goal are the moves to those successors.
pub(crate) fn solve<G: Graph + ?Sized>(g: &G) -> Solved {
    let start = g.start();
    let n = g.n_states();
    let mut depth = vec![UNREACHED; n];
    let mut count = vec![0u64; n];
    let mut order: Vec<StateId> = vec![start];
    depth[start as usize] = 0;
    count[start as usize] = 1;
    let mut length = g.is_goal(start).then_some(0);
    let mut head = 0;
    while let Some(&u) = order.get(head) {
        let d = depth[u as usize];
        if length.is_some_and(|l| d >= l) {
            break;
        }
        head += 1;
        let paths = count[u as usize];
        for &t in g.targets(u) {
            let t = t as usize;
            if depth[t] == UNREACHED {
                depth[t] = d + 1;
                order.push(t as StateId);
                if length.is_none() && g.is_goal(t as StateId) {
                    length = Some(d + 1);
                }
            }
            if depth[t] == d + 1 {
                count[t] = count[t].saturating_add(paths);
            }
        }
    }
    let Some(length) = length else {
        return Solved {
            shortest_length: None,
            shortest_paths: 0,
            solution: None,
        };
    };
    // Every state of depth up to `length` is in `order`, by depth: the goals of the last
    // layer end the solutions, and a state earlier lies on one when a successor a layer
    // further does. The counts are no longer needed but for the goals of the last layer.
    let mut shortest_paths = 0u64;
    let mut on = vec![false; order.len()];
    let mut index = count;
    for (i, &s) in order.iter().enumerate() {
        if depth[s as usize] == length && g.is_goal(s) {
            shortest_paths = shortest_paths.saturating_add(index[s as usize]);
            on[i] = true;
        }
        index[s as usize] = i as u64;
    }
    for i in (0..order.len()).rev() {
        let u = order[i];
        let d = depth[u as usize];
        if d < length {
            on[i] = g
                .targets(u)
                .iter()
                .any(|&t| depth[t as usize] == d + 1 && on[index[t as usize] as usize]);
        }
    }
    let on_path = |t: StateId, d: u32| depth[t as usize] == d && on[index[t as usize] as usize];
    let mut solution = Vec::with_capacity(length as usize);
    let mut s = start;
    for d in 1..=length {
        // Edges are sorted by their first direction: the first marked edge carries the
        // first direction of a move one step nearer the goal.
        let Some(i) = g.targets(s).iter().position(|&t| on_path(t, d)) else {
            break;
        };
        if let Some(dir) = g.edge_dirs(s)[i].first() {
            solution.push(g.directions().name(dir));
        }
        s = g.targets(s)[i];
    }
    Solved {
        shortest_length: Some(length),
        shortest_paths,
        solution: Some(solution),
    }
}
