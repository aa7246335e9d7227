//! The solver's pass straight from a variant's rules, with no flat graph: each state's
//! targets read once, then the search from the start layer by layer over bitsets.

use fixedbitset::FixedBitSet;
use maze_graph::{Move, Rules, StateId};

use crate::Solved;

/// The states reached, layer by layer, and the path counts of the last.
struct Layers {
    /// Reached states by layer, each layer in state order.
    order: Vec<StateId>,
    /// Shortest paths from the start to each state of the last layer (saturating), in its
    /// order: a layer's counts are dropped once the next layer's are made.
    paths: Vec<u64>,
    /// Layer `d` is `order[starts[d]..starts[d + 1]]`.
    starts: Vec<usize>,
    /// Per state, its index in `order` (meaningful for reached states only).
    at: Vec<u32>,
}

impl Layers {
    fn layer(&self, d: usize) -> std::ops::Range<usize> {
        self.starts[d]..self.starts[d + 1]
    }

    /// The depth of a reached state.
    fn depth(&self, s: StateId) -> usize {
        let i = self.at[s as usize] as usize;
        self.starts.partition_point(|&start| start <= i) - 1
    }
}

/// Each state's distinct targets, in state order, and the goal states: read from the rules
/// once, in order (the reads of a state's cell and runs are then in step with memory).
struct Forward {
    offsets: Vec<u32>,
    targets: Vec<StateId>,
    goal: FixedBitSet,
}

impl Forward {
    fn new<R: Rules + ?Sized>(rules: &R) -> Forward {
        let n = rules.n_states();
        let mut f = Forward {
            offsets: Vec::with_capacity(n + 1),
            targets: Vec::new(),
            goal: FixedBitSet::with_capacity(n),
        };
        f.offsets.push(0);
        let mut moves = Vec::new();
        for s in 0..n as StateId {
            if rules.is_goal(s) {
                f.goal.insert(s as usize);
            }
            moves.clear();
            rules.successors(&mut moves, s);
            let first = f.targets.len();
            for m in &moves {
                // A move back to the state itself, which the rules never make, is left out as
                // the flat graph leaves it; several moves to one state are one edge.
                if m.to != s && !f.targets[first..].contains(&m.to) {
                    f.targets.push(m.to);
                }
            }
            f.offsets.push(f.targets.len() as u32);
        }
        f
    }

    fn targets(&self, s: StateId) -> &[StateId] {
        let s = s as usize;
        &self.targets[self.offsets[s] as usize..self.offsets[s + 1] as usize]
    }
}

/// What [`crate::solve`] reports, computed from the rules without the flat graph: equal to
/// it on the flat graph of the same rules.
///
/// The flat graph holds every move's directions, the jump numbers and the goal flags as
/// arrays; the search needs only each state's targets. The arrays indexed by state besides
/// those are two bitsets (reached, and found in the layer being built), which stay in cache
/// at millions of states, and each state's place in the search order; path counts are kept
/// for two layers at a time, beside that order, so that they are read in sequence. The rules
/// give the directions of the one solution reported.
pub(crate) fn solve_rules<R: Rules + ?Sized>(rules: &R) -> Solved {
    let g = Forward::new(rules);
    let n = rules.n_states();
    let Some((layers, length)) = search(&g, rules.start()) else {
        return Solved {
            shortest_length: None,
            shortest_paths: 0,
            solution: None,
        };
    };
    // Where the shortest solutions pass, last layer first: a state is on one when one of its
    // successors a layer further is. A layer's marks are set once the layer is done, so a
    // marked successor of a state of layer `d` is always of layer `d + 1`.
    let mut on = FixedBitSet::with_capacity(n);
    let mut shortest_paths = 0u64;
    for (&s, &p) in layers.order[layers.layer(length)].iter().zip(&layers.paths) {
        if g.goal.contains(s as usize) {
            shortest_paths = shortest_paths.saturating_add(p);
            on.insert(s as usize);
        }
    }
    let mut marked = Vec::new();
    for d in (0..length).rev() {
        for i in layers.layer(d) {
            let u = layers.order[i];
            if g.targets(u).iter().any(|&t| on.contains(t as usize)) {
                marked.push(u);
            }
        }
        for u in marked.drain(..) {
            on.insert(u as usize);
        }
    }
    drop(g);
    let mut moves: Vec<Move> = Vec::new();
    let mut solution = Vec::with_capacity(length);
    let mut s = rules.start();
    for d in 1..=length {
        moves.clear();
        rules.successors(&mut moves, s);
        // Direction order, ties by target: the first move one step nearer the goal is the
        // flat graph's first such edge, and its direction that edge's first.
        moves.sort_unstable_by_key(|m| (m.dir, m.to));
        let Some(m) = moves
            .iter()
            .find(|m| m.to != s && on.contains(m.to as usize) && layers.depth(m.to) == d)
        else {
            break;
        };
        solution.push(rules.directions().name(m.dir));
        s = m.to;
    }
    Solved {
        shortest_length: Some(length as u32),
        shortest_paths,
        solution: Some(solution),
    }
}

/// The search from `start` up to the layer of the nearest goal (that layer complete): the
/// layers and the goal's depth, `None` when no goal is reached.
fn search(g: &Forward, start: StateId) -> Option<(Layers, usize)> {
    let n = g.offsets.len() - 1;
    let mut reached = FixedBitSet::with_capacity(n);
    // The states found in the layer being built: a move into one of them adds paths.
    let mut fresh = FixedBitSet::with_capacity(n);
    let mut l = Layers {
        order: vec![start],
        paths: vec![1],
        starts: vec![0, 1],
        at: vec![0; n],
    };
    reached.insert(start as usize);
    let mut d = 0;
    let mut goal_found = g.goal.contains(start as usize);
    while !goal_found {
        let layer = l.layer(d);
        if layer.is_empty() {
            return None;
        }
        let base = layer.end;
        let mut next: Vec<u64> = Vec::new();
        for (i, &p) in layer.zip(&l.paths) {
            for &t in g.targets(l.order[i]) {
                let t = t as usize;
                if !reached.put(t) {
                    fresh.insert(t);
                    l.at[t] = l.order.len() as u32;
                    l.order.push(t as StateId);
                    next.push(p);
                } else if fresh.contains(t) {
                    let j = l.at[t] as usize - base;
                    next[j] = next[j].saturating_add(p);
                }
            }
        }
        let found = base..l.order.len();
        l.paths = next;
        l.sort_layer(found.clone(), &mut fresh);
        goal_found = l.order[found.clone()]
            .iter()
            .any(|&s| g.goal.contains(s as usize));
        l.starts.push(found.end);
        d += 1;
    }
    Some((l, d))
}

impl Layers {
    /// Puts the layer just found (`order[found]`, the states set in `fresh`, their counts in
    /// `paths`) in state order, with its counts, and clears `fresh`. Which order a layer is
    /// expanded in changes no count, and in state order the next layer's reads of each
    /// state's targets, and the marking pass's, go forward through memory instead of
    /// jumping across it.
    fn sort_layer(&mut self, found: std::ops::Range<usize>, fresh: &mut FixedBitSet) {
        let base = found.start;
        if found.len().saturating_mul(64) >= fresh.len() {
            // A large layer: its bits, read in order, cost less than sorting it.
            let counts = std::mem::take(&mut self.paths);
            for t in fresh.ones() {
                let k = self.paths.len();
                self.order[base + k] = t as StateId;
                self.paths.push(counts[self.at[t] as usize - base]);
                self.at[t] = (base + k) as u32;
            }
            fresh.clear();
        } else {
            let mut layer: Vec<(StateId, u64)> = self.order[found]
                .iter()
                .copied()
                .zip(self.paths.drain(..))
                .collect();
            layer.sort_unstable_by_key(|&(s, _)| s);
            for (k, (t, p)) in layer.into_iter().enumerate() {
                self.order[base + k] = t;
                self.paths.push(p);
                self.at[t as usize] = (base + k) as u32;
                fresh.set(t as usize, false);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use maze_graph::{Adjacency, Directions};

    use super::*;

    static FOUR: Directions = Directions {
        names: &["N", "E", "S", "W"],
        opposite: &[2, 3, 0, 1],
    };

    /// A random graph: each non-goal state has up to `degree` moves (repeats of one target
    /// by other directions included), in no particular order.
    struct Random {
        start: StateId,
        goal: Vec<bool>,
        moves: Vec<Vec<Move>>,
    }

    impl Rules for Random {
        fn directions(&self) -> &'static Directions {
            &FOUR
        }
        fn n_states(&self) -> usize {
            self.goal.len()
        }
        fn start(&self) -> StateId {
            self.start
        }
        fn is_goal(&self, state: StateId) -> bool {
            self.goal[state as usize]
        }
        fn successors(&self, acc: &mut Vec<Move>, state: StateId) {
            acc.extend_from_slice(&self.moves[state as usize]);
        }
        fn state_name(&self, state: StateId) -> String {
            state.to_string()
        }
    }

    /// xorshift64: the graphs are many and need no quality beyond spread.
    fn next(seed: &mut u64) -> u64 {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        *seed
    }

    fn random(seed: &mut u64, n: usize, degree: u64, reach: u64) -> Random {
        let goals = 1 + next(seed) % 3;
        let goal: Vec<bool> = (0..n).map(|_| next(seed) % (n as u64) < goals).collect();
        let moves = (0..n)
            .map(|s| {
                if goal[s] {
                    return Vec::new();
                }
                let k = next(seed) % (degree + 1);
                (0..k)
                    .filter_map(|_| {
                        // Mostly near targets (long thin layers), sometimes anywhere.
                        let to = if next(seed).is_multiple_of(4) {
                            next(seed) % n as u64
                        } else {
                            (s as u64 + 1 + next(seed) % reach) % n as u64
                        } as StateId;
                        let dir = (next(seed) % 4) as u8;
                        (to as usize != s).then_some(Move { dir, to })
                    })
                    .collect()
            })
            .collect();
        Random {
            start: (next(seed) % n as u64) as StateId,
            goal,
            moves,
        }
    }

    /// Equal to the solver on the flat graph, on small and large, thin and bushy graphs:
    /// layers found by bits and layers sorted, with and without a solution.
    #[test]
    fn solve_rules_is_solve_on_the_flat_graph() {
        let mut seed = 0x9e37_79b9_7f4a_7c15;
        let mut solved = 0;
        for round in 0..600 {
            let n = [2, 5, 30, 200, 1500][round % 5];
            let degree = [1, 2, 3, 6][round % 4];
            let reach = [2, 5, 40][round % 3];
            let g = random(&mut seed, n, degree, reach);
            let want = crate::solve(&Adjacency::from_rules(&g));
            assert_eq!(solve_rules(&g), want, "round {round}");
            solved += usize::from(want.shortest_length.is_some_and(|l| l > 3));
        }
        assert!(solved > 50, "too few graphs with long solutions: {solved}");
    }
}
