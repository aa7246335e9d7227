//! Same-jump clusters: strongly connected components of the moves between states with the
//! same jump number (an iterative Tarjan, so million-state boards cannot overflow the stack).

use maze_graph::{Graph, StateId};

const UNSET: u32 = u32::MAX;

/// Sizes of the same-jump clusters with two or more states, largest first.
pub(crate) fn same_jump<G: Graph + ?Sized>(g: &G) -> Vec<usize> {
    let n = g.n_states();
    let mut index = vec![UNSET; n];
    let mut low = vec![0u32; n];
    let mut on_stack = vec![false; n];
    let mut stack: Vec<StateId> = Vec::new();
    let mut calls: Vec<(StateId, usize)> = Vec::new();
    let mut counter = 0u32;
    let mut sizes = Vec::new();
    let same = |a: StateId, b: StateId| g.jump(a).is_some() && g.jump(a) == g.jump(b);
    for root in 0..n as StateId {
        if index[root as usize] != UNSET || g.jump(root).is_none() {
            continue;
        }
        index[root as usize] = counter;
        low[root as usize] = counter;
        counter += 1;
        stack.push(root);
        on_stack[root as usize] = true;
        calls.push((root, 0));
        while let Some(&mut (v, ref mut pos)) = calls.last_mut() {
            let targets = g.targets(v);
            if *pos < targets.len() {
                let w = targets[*pos];
                *pos += 1;
                if !same(v, w) {
                    continue;
                }
                if index[w as usize] == UNSET {
                    index[w as usize] = counter;
                    low[w as usize] = counter;
                    counter += 1;
                    stack.push(w);
                    on_stack[w as usize] = true;
                    calls.push((w, 0));
                } else if on_stack[w as usize] {
                    low[v as usize] = low[v as usize].min(index[w as usize]);
                }
                continue;
            }
            calls.pop();
            if let Some(&(p, _)) = calls.last() {
                low[p as usize] = low[p as usize].min(low[v as usize]);
            }
            if low[v as usize] == index[v as usize] {
                let mut size = 0;
                while let Some(w) = stack.pop() {
                    on_stack[w as usize] = false;
                    size += 1;
                    if w == v {
                        break;
                    }
                }
                if size >= 2 {
                    sizes.push(size);
                }
            }
        }
    }
    sizes.sort_unstable_by(|a, b| b.cmp(a));
    sizes
}
