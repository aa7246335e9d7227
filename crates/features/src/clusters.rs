//! Same-jump clusters: strongly connected components of the moves between states with the
//! same jump number (an iterative Tarjan, so million-state boards cannot overflow the stack).

use maze_graph::{Graph, StateId};

const UNSET: u32 = u32::MAX;

/// Sizes of the same-jump clusters with two or more states, largest first.
pub(crate) fn same_jump<G: Graph + ?Sized>(g: &G) -> Vec<usize> {
    let mut t = Tarjan::default();
    same_jump_in(g, &mut t, None);
    t.sizes.sort_unstable_by(|a, b| b.cmp(a));
    t.sizes
}

/// The buffers of [`same_jump_in`], which a caller evaluating many graphs keeps between
/// them (the generator's fast path), and the clusters it found last.
#[derive(Debug, Default)]
pub struct Tarjan {
    index: Vec<u32>,
    low: Vec<u32>,
    on_stack: Vec<bool>,
    stack: Vec<StateId>,
    calls: Vec<(StateId, usize)>,
    /// The sizes of the clusters with two or more states, in the order found.
    sizes: Vec<usize>,
    /// The jump value of each of `sizes`.
    jumps: Vec<u32>,
}

impl Tarjan {
    /// The sizes of the clusters of two or more states [`same_jump_in`] found last, in the
    /// order found.
    pub fn sizes(&self) -> &[usize] {
        &self.sizes
    }

    /// The jump value of each of [`Tarjan::sizes`].
    pub fn jumps(&self) -> &[u32] {
        &self.jumps
    }
}

/// Finds the same-jump clusters of `g` into `t.sizes` and `t.jumps`, in the order found: all
/// of them, or only those among `roots`, which must hold every state of their jump values.
pub fn same_jump_in<G: Graph + ?Sized>(g: &G, t: &mut Tarjan, roots: Option<&[StateId]>) {
    let n = g.n_states();
    let Tarjan {
        index,
        low,
        on_stack,
        stack,
        calls,
        sizes,
        jumps,
    } = t;
    match roots {
        // A search from a root meets only states of the root's jump value: only theirs are
        // read, so only theirs are reset.
        Some(roots) if index.len() == n => {
            for &s in roots {
                index[s as usize] = UNSET;
                on_stack[s as usize] = false;
            }
        }
        _ => {
            for v in [&mut *index, &mut *low] {
                v.clear();
                v.resize(n, UNSET);
            }
            on_stack.clear();
            on_stack.resize(n, false);
        }
    }
    stack.clear();
    calls.clear();
    sizes.clear();
    jumps.clear();
    let mut counter = 0u32;
    let same = |a: StateId, b: StateId| g.jump(a).is_some() && g.jump(a) == g.jump(b);
    let count = roots.map_or(n, <[StateId]>::len);
    for i in 0..count {
        let root = roots.map_or(i as StateId, |r| r[i]);
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
                    jumps.push(g.jump(v).unwrap_or_default());
                }
            }
        }
    }
}
