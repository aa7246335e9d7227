//! The solver's pass straight from a variant's rules, with no flat graph: each state's
//! targets read once, the search from the start layer by layer over bitsets, then the
//! states on a shortest solution marked and their paths counted, last layer first.

use std::sync::atomic::{AtomicUsize, Ordering};

use fixedbitset::FixedBitSet;
use maze_graph::{Move, Rules, StateId};
use rayon::prelude::*;

use crate::Solved;

/// The states reached, layer by layer, each layer in state order: layer `d` is
/// `order[starts[d]..starts[d + 1]]`.
struct Layers {
    order: Vec<StateId>,
    starts: Vec<usize>,
}

impl Layers {
    fn layer(&self, d: usize) -> &[StateId] {
        &self.order[self.starts[d]..self.starts[d + 1]]
    }
}

/// States per part of [`Forward`]: a power of two, so that a state's part is a shift away.
const PART: usize = 1 << 16;

/// Layers of the search, and of the marking pass, at least this large are shared among
/// threads, in chunks of an eighth of it.
const PARALLEL: usize = 1 << 15;

/// Each state's distinct targets, in state order, and the goal states: read from the rules
/// once, in order (the reads of a state's cell and runs are then in step with memory), in
/// parts of [`PART`] states read by several threads and kept apart rather than copied
/// together.
struct Forward {
    parts: Vec<Part>,
    goal: FixedBitSet,
}

/// The targets of a run of consecutive states.
struct Part {
    offsets: Vec<u32>,
    targets: Vec<StateId>,
    goals: Vec<StateId>,
}

impl Forward {
    fn new<R: Rules + Sync + ?Sized>(rules: &R) -> Forward {
        let n = rules.n_states();
        let parts: Vec<Part> = (0..n.div_ceil(PART))
            .into_par_iter()
            .map(|p| Part::read(rules, p * PART..n.min((p + 1) * PART)))
            .collect();
        let mut goal = FixedBitSet::with_capacity(n);
        for s in parts.iter().flat_map(|p| &p.goals) {
            goal.insert(*s as usize);
        }
        Forward { parts, goal }
    }

    fn targets(&self, s: StateId) -> &[StateId] {
        let s = s as usize;
        let (p, i) = (&self.parts[s / PART], s % PART);
        &p.targets[p.offsets[i] as usize..p.offsets[i + 1] as usize]
    }
}

impl Part {
    fn read<R: Rules + ?Sized>(rules: &R, states: std::ops::Range<usize>) -> Part {
        // At most the successors a state may have, up to 8: untouched room costs no memory.
        let most = rules.max_successors().clamp(1, 8);
        let mut p = Part {
            offsets: Vec::with_capacity(states.len() + 1),
            targets: Vec::with_capacity(states.len() * most),
            goals: Vec::new(),
        };
        p.offsets.push(0);
        let mut moves = Vec::new();
        for s in states.start as StateId..states.end as StateId {
            if rules.is_goal(s) {
                p.goals.push(s);
            }
            moves.clear();
            rules.successors(&mut moves, s);
            let first = p.targets.len();
            for m in &moves {
                // A move back to the state itself, which the rules never make, is left out as
                // the flat graph leaves it; several moves to one state are one edge.
                if m.to != s && !p.targets[first..].contains(&m.to) {
                    p.targets.push(m.to);
                }
            }
            p.offsets.push(p.targets.len() as u32);
        }
        p
    }
}

/// A bitset over the states whose bits threads may set at once.
struct Reached(Vec<AtomicUsize>);

impl Reached {
    const BITS: usize = usize::BITS as usize;

    fn new(n: usize) -> Reached {
        Reached(
            (0..n.div_ceil(Self::BITS))
                .map(|_| AtomicUsize::new(0))
                .collect(),
        )
    }

    /// Sets the bit of `s`, returning whether it was set already.
    #[inline]
    fn put(&self, s: StateId) -> bool {
        let (word, bit) = (
            &self.0[s as usize / Self::BITS],
            1 << (s as usize % Self::BITS),
        );
        // Most targets were reached before: a plain read spares them the locked write.
        word.load(Ordering::Relaxed) & bit != 0 || word.fetch_or(bit, Ordering::Relaxed) & bit != 0
    }
}

/// Runs `find` over `layer`, which pushes what it finds on `out`: for a large layer, by
/// several threads each on a chunk, their findings joined in chunk order (so that what is
/// found in order stays in order).
fn each_chunk(
    layer: &[StateId],
    out: &mut Vec<StateId>,
    find: impl Fn(&[StateId], &mut Vec<StateId>) + Sync,
) {
    if layer.len() < PARALLEL {
        find(layer, out);
        return;
    }
    let found: Vec<Vec<StateId>> = layer
        .par_chunks(PARALLEL / 8)
        .map(|chunk| {
            let mut found = Vec::new();
            find(chunk, &mut found);
            found
        })
        .collect();
    for f in found {
        out.extend_from_slice(&f);
    }
}

/// What [`crate::solve`] reports, computed from the rules without the flat graph: equal to
/// it on the flat graph of the same rules.
///
/// The flat graph holds every move's directions, the jump numbers and the goal flags as
/// arrays; the search needs only each state's targets. Besides those, the search holds two
/// bitsets (reached, and a scratch one to put a large layer in order) and the states in
/// the order found; no array indexed by state is written at random. Paths are counted
/// afterwards, over the few states that lie on a shortest solution. The rules give the
/// directions of the one solution reported.
pub(crate) fn solve_rules<R: Rules + Sync + ?Sized>(rules: &R) -> Solved {
    let g = Forward::new(rules);
    let Some(layers) = search(&g, rules.start()) else {
        return Solved {
            shortest_length: None,
            shortest_paths: 0,
            solution: None,
        };
    };
    let length = layers.starts.len() - 2;
    let on = OnShortest::mark(&g, &layers, length);
    drop(layers);
    let shortest_paths = on.count(&g, length, rules.start());
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
            .find(|m| m.to != s && on.layer(length, d).binary_search(&m.to).is_ok())
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

/// The search from `start` up to the layer of the nearest goal (that layer complete), `None`
/// when no goal is reached.
fn search(g: &Forward, start: StateId) -> Option<Layers> {
    let n = g.goal.len();
    let reached = Reached::new(n);
    let mut scratch = FixedBitSet::with_capacity(n);
    let mut l = Layers {
        order: vec![start],
        starts: vec![0, 1],
    };
    reached.put(start);
    let mut goal_found = g.goal.contains(start as usize);
    let mut next = Vec::new();
    while !goal_found {
        let (from, base) = (l.starts[l.starts.len() - 2], l.order.len());
        if from == base {
            return None;
        }
        next.clear();
        each_chunk(&l.order[from..base], &mut next, |chunk, found| {
            for &u in chunk {
                found.extend(g.targets(u).iter().filter(|&&t| !reached.put(t)));
            }
        });
        in_state_order(&mut next, &mut scratch);
        goal_found = next.iter().any(|&s| g.goal.contains(s as usize));
        l.order.extend_from_slice(&next);
        l.starts.push(l.order.len());
    }
    Some(l)
}

/// Puts a layer just found in state order, so that the next layer's reads of each state's
/// targets, and the marking pass's, go forward through memory instead of jumping across it
/// (which order a layer is expanded in changes no answer). `scratch` is a clear bitset over
/// every state, and is left clear.
fn in_state_order(layer: &mut [StateId], scratch: &mut FixedBitSet) {
    if layer.len().saturating_mul(64) >= scratch.len() {
        // A large layer: its bits, read in order, cost less than sorting it.
        for &s in layer.iter() {
            scratch.insert(s as usize);
        }
        for (slot, s) in layer.iter_mut().zip(scratch.ones()) {
            *slot = s as StateId;
        }
        scratch.clear();
    } else {
        layer.sort_unstable();
    }
}

/// The states that lie on a shortest solution, layer by layer from the last (the goals
/// there) to the start's.
struct OnShortest {
    on: FixedBitSet,
    /// Segment `k` (`states[starts[k]..starts[k + 1]]`) holds those of layer `length - k`,
    /// in state order.
    states: Vec<StateId>,
    starts: Vec<usize>,
}

impl OnShortest {
    /// A state is on a shortest solution when one of its successors a layer further is. A
    /// layer's marks are set once the layer is done, so a marked successor of a state of
    /// layer `d` is always of layer `d + 1`.
    fn mark(g: &Forward, layers: &Layers, length: usize) -> OnShortest {
        let mut m = OnShortest {
            on: FixedBitSet::with_capacity(g.goal.len()),
            states: Vec::new(),
            starts: vec![0],
        };
        let goals = layers.layer(length).iter();
        m.states
            .extend(goals.filter(|&&s| g.goal.contains(s as usize)));
        for d in (0..=length).rev() {
            if d < length {
                let on = &m.on;
                each_chunk(layers.layer(d), &mut m.states, |chunk, marked| {
                    let on_one =
                        |u: &&StateId| g.targets(**u).iter().any(|&t| on.contains(t as usize));
                    marked.extend(chunk.iter().filter(on_one));
                });
            }
            let from = *m.starts.last().unwrap_or(&0);
            for &u in &m.states[from..] {
                m.on.insert(u as usize);
            }
            m.starts.push(m.states.len());
        }
        m
    }

    /// The marked states of layer `d`, in state order.
    fn layer(&self, length: usize, d: usize) -> &[StateId] {
        let k = length - d;
        &self.states[self.starts[k]..self.starts[k + 1]]
    }

    /// How many shortest solutions there are (saturating): from each marked state, the sum
    /// over its marked successors a layer further, counted from the goals back to the
    /// start. Only marked states are read.
    fn count(&self, g: &Forward, length: usize, start: StateId) -> u64 {
        let rank = Rank::of(&self.on);
        let mut paths = vec![0u64; self.states.len()];
        for &s in self.layer(length, length) {
            paths[rank.get(s)] = 1;
        }
        let mut layer = Vec::new();
        for d in (0..length).rev() {
            // A layer's counts are set once it is done: a marked successor in the same layer
            // or an earlier one still counts 0, as it must.
            layer.clear();
            layer.extend(self.layer(length, d).iter().map(|&u| {
                (g.targets(u).iter())
                    .filter(|&&t| self.on.contains(t as usize))
                    .fold(0u64, |sum, &t| sum.saturating_add(paths[rank.get(t)]))
            }));
            for (&u, &p) in self.layer(length, d).iter().zip(&layer) {
                paths[rank.get(u)] = p;
            }
        }
        paths[rank.get(start)]
    }
}

/// Per state of a bitset, how many set bits come before it: a dense index of the set.
struct Rank<'a> {
    words: &'a [usize],
    before: Vec<u32>,
}

impl Rank<'_> {
    fn of(set: &FixedBitSet) -> Rank<'_> {
        let words = set.as_slice();
        let mut before = Vec::with_capacity(words.len());
        let mut count = 0;
        for w in words {
            before.push(count);
            count += w.count_ones();
        }
        Rank { words, before }
    }

    /// The index of `s`, a member of the set.
    fn get(&self, s: StateId) -> usize {
        let bits = usize::BITS as usize;
        let (w, b) = (s as usize / bits, s as usize % bits);
        let below = self.words[w] & ((1usize << b) - 1);
        (self.before[w] + below.count_ones()) as usize
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

    /// Graphs of several parts whose layers are large enough to be shared among threads:
    /// the same answers.
    #[test]
    fn large_layers_shared_among_threads_give_the_same_answer() {
        let mut seed = 0x2545_f491_4f6c_dd1d;
        let (mut large, mut solved) = (0, 0);
        for round in 0..4 {
            let g = random(&mut seed, 3 * PART + 77, 4 + round, 40);
            let want = crate::solve(&Adjacency::from_rules(&g));
            assert_eq!(solve_rules(&g), want, "round {round}");
            solved += usize::from(want.shortest_length.is_some());
            let f = Forward::new(&g);
            let layers = search(&f, g.start).map_or(0, |l| {
                (0..l.starts.len() - 1)
                    .filter(|&d| l.layer(d).len() >= PARALLEL)
                    .count()
            });
            large += layers;
        }
        assert!(large > 0, "no layer was large enough to share");
        assert!(solved > 1, "{solved} solved");
    }

    /// A chain of 70 diamonds has 2^70 shortest paths: the count stops at `u64::MAX` as the
    /// flat graph's does, however its sums are ordered.
    #[test]
    fn the_count_saturates_as_the_flat_graphs_does() {
        let diamonds = 70;
        let n = 3 * diamonds + 1;
        let mut moves = vec![Vec::new(); n];
        for k in 0..diamonds {
            let (s, a, b, next) = (3 * k, 3 * k + 1, 3 * k + 2, 3 * k + 3);
            moves[s] = vec![
                Move {
                    dir: 0,
                    to: a as StateId,
                },
                Move {
                    dir: 1,
                    to: b as StateId,
                },
            ];
            moves[a] = vec![Move {
                dir: 2,
                to: next as StateId,
            }];
            moves[b] = vec![Move {
                dir: 3,
                to: next as StateId,
            }];
        }
        let mut goal = vec![false; n];
        goal[n - 1] = true;
        let g = Random {
            start: 0,
            goal,
            moves,
        };
        let solved = solve_rules(&g);
        assert_eq!(solved, crate::solve(&Adjacency::from_rules(&g)));
        assert_eq!(solved.shortest_paths, u64::MAX);
        assert_eq!(solved.shortest_length, Some(2 * diamonds as u32));
    }
}
