//! Black and white holes: weakly connected components of a subset of states.

use maze_graph::{Graph, StateId};

use crate::Holes;
use crate::search::Reverse;

/// The weakly connected components of the subgraph induced by the states where `member`
/// holds (edges in either direction count).
pub(crate) fn components<G: Graph + ?Sized>(
    g: &G,
    preds: &Reverse,
    member: impl Fn(usize) -> bool,
) -> Holes {
    let n = g.n_states();
    let mut seen = vec![false; n];
    let mut sizes = Vec::new();
    let mut stack: Vec<StateId> = Vec::new();
    for s in 0..n {
        if seen[s] || !member(s) {
            continue;
        }
        seen[s] = true;
        stack.push(s as StateId);
        let mut size = 0;
        while let Some(u) = stack.pop() {
            size += 1;
            for &v in g.targets(u).iter().chain(preds.sources(u)) {
                if !seen[v as usize] && member(v as usize) {
                    seen[v as usize] = true;
                    stack.push(v);
                }
            }
        }
        sizes.push(size);
    }
    sizes.sort_unstable_by(|a, b| b.cmp(a));
    Holes {
        count: sizes.len(),
        sizes,
    }
}
