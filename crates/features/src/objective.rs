//! Objectives (energies, lower is better) of RULES.md section 4 that are plain functions of
//! the features.

use crate::Features;

/// The energy `GoalDepth` gives a maze whose goal cannot be reached.
pub const UNREACHABLE_ENERGY: f64 = 1_000_000.0;

/// Neller's energy (Computers and Games 2010):
/// `n·|S|² + cluster_penalty + m² - min(df, db)` with a unique shortest path, otherwise
/// `|S|³ + n·|S|² + cluster_penalty + m²` (n = non-reaching states, m = initial forced moves).
pub fn neller(f: &Features) -> f64 {
    neller_terms(
        f.n_states,
        f.non_reaching,
        f.cluster_penalty,
        f.initial_forced_moves,
        f.unique_shortest.then(|| {
            (
                f.forward_decisions.unwrap_or(0.0),
                f.backward_decisions.unwrap_or(0.0),
            )
        }),
    )
}

/// A count as a float, through `i64`: the same value as `x as f64` for any count below 2^63,
/// in one instruction where an unsigned conversion takes several (the generator computes
/// this energy for every candidate).
#[inline(always)]
pub(crate) fn count(x: u64) -> f64 {
    debug_assert!(i64::try_from(x).is_ok());
    x as i64 as f64
}

/// Neller's energy from its terms; `decisions` is `(df, db)` when the shortest path is
/// unique, `None` otherwise. One function for the full and the fast path, so both round alike.
pub(crate) fn neller_terms(
    n_states: usize,
    non_reaching: usize,
    cluster_penalty: u64,
    initial_forced_moves: u32,
    decisions: Option<(f64, f64)>,
) -> f64 {
    let s = count(n_states as u64);
    let base = count(non_reaching as u64) * s * s
        + count(cluster_penalty)
        + f64::from(initial_forced_moves).powi(2);
    match decisions {
        Some((df, db)) => base - df.min(db),
        None => s * s * s + base,
    }
}

/// The AI-education objective: minus the shortest solution length, or 1,000,000 when the
/// goal cannot be reached.
pub fn goal_depth(f: &Features) -> f64 {
    f.shortest_length
        .map_or(UNREACHABLE_ENERGY, |length| -f64::from(length))
}

/// The weights of the `RollingBlock` score (RULES.md section 4): the score is the weighted
/// sum of six features and the energy is minus the score.
///
/// Every weight is in the unit of one move of the shortest solution, so a designer reads
/// each default as an exchange rate against solution length, the measure a rolling-block
/// puzzle is first judged by:
///
/// - `shortest_length` 1: the unit. A longer shortest solution is a harder puzzle.
/// - `reachable` 0.05: twenty more reachable states are worth one solution move. A concealed
///   maze should hide many placements, but a big open area alone is no puzzle.
/// - `branches` 0.1: ten branching states (three or more neighbours) are worth one move;
///   they are where the player must choose. Kept low because on an open board nearly every
///   state branches: with twice these weights on `reachable` and `branches`, an empty 6 x 8
///   board (9-move solution, 106 branches) scored 51 against 56 for a walled 6 x 8 board with
///   a 27-move solution; with these it scores 34 against 50.
/// - `blocks` -0.5: two no-floor cells cost one move. The penalty keeps boards economical:
///   a generator that mutates floor and no-floor cells would otherwise carve arbitrary holes.
/// - `turns` 0.5: two changes of direction on the solution are worth one move; long straight
///   runs are easy to see, zig-zags are not.
/// - `average_loop_length` 0.5: a loop two states longer is worth one move; long loops make
///   it hard to notice that one is going round in circles.
///
/// A maze file may override any of them: `RollingBlock(weights: (blocks: -1.0))`.
#[derive(Clone, Copy, Debug, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct RollingBlockWeights {
    /// Weight of `reachable`, the states reachable from the start.
    pub reachable: f64,
    /// Weight of `shortest_length`, the moves of a shortest solution.
    pub shortest_length: f64,
    /// Weight of `branches`, the reachable states with three or more neighbours.
    pub branches: f64,
    /// Weight of `blocks`, the no-floor cells (negative: obstacles cost).
    pub blocks: f64,
    /// Weight of `turns`, the changes of direction along the solution.
    pub turns: f64,
    /// Weight of `average_loop_length`.
    pub average_loop_length: f64,
}

impl Default for RollingBlockWeights {
    fn default() -> Self {
        RollingBlockWeights {
            reachable: 0.05,
            shortest_length: 1.0,
            branches: 0.1,
            blocks: -0.5,
            turns: 0.5,
            average_loop_length: 0.5,
        }
    }
}

impl RollingBlockWeights {
    /// The weights with their feature names, in the order RULES.md lists them.
    pub fn named(&self) -> [(&'static str, f64); 6] {
        [
            ("reachable", self.reachable),
            ("shortest_length", self.shortest_length),
            ("branches", self.branches),
            ("blocks", self.blocks),
            ("turns", self.turns),
            ("average_loop_length", self.average_loop_length),
        ]
    }
}

// Equality and hashing by bit pattern, so that a maze holding weights can be compared and
// hashed like every other maze (bitwise equality is reflexive, even for NaN).
impl PartialEq for RollingBlockWeights {
    fn eq(&self, other: &Self) -> bool {
        self.named()
            .iter()
            .zip(other.named())
            .all(|((_, a), (_, b))| a.to_bits() == b.to_bits())
    }
}

impl Eq for RollingBlockWeights {}

impl std::hash::Hash for RollingBlockWeights {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        for (_, w) in self.named() {
            w.to_bits().hash(state);
        }
    }
}

/// One term of the `RollingBlock` score: a feature's value, its weight and their product.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Term {
    /// The feature's RULES.md name.
    pub feature: &'static str,
    /// The feature's value.
    pub value: f64,
    /// Its weight.
    pub weight: f64,
    /// `weight · value`.
    pub product: f64,
}

/// The `RollingBlock` score of a maze, term by term.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct RollingBlockScore {
    /// The six weighted terms, in the order of [`RollingBlockWeights::named`]; empty when
    /// the goal cannot be reached.
    pub terms: Vec<Term>,
    /// The sum of the terms' products; `None` when the goal cannot be reached.
    pub score: Option<f64>,
    /// Minus the score, or [`UNREACHABLE_ENERGY`] when the goal cannot be reached.
    pub energy: f64,
}

/// The `RollingBlock` score, term by term.
///
/// A maze whose goal cannot be reached has no score and the energy [`UNREACHABLE_ENERGY`],
/// as under `GoalDepth`: without a solution, `shortest_length` and `turns` do not exist,
/// and rewarding the other terms would favour large unsolvable areas, so every solvable
/// maze ranks better than every unsolvable one (the defaults keep solvable scores far
/// below a million in size).
pub fn rolling_block_score(f: &Features, weights: &RollingBlockWeights) -> RollingBlockScore {
    let Some(length) = f.shortest_length else {
        return RollingBlockScore {
            terms: Vec::new(),
            score: None,
            energy: UNREACHABLE_ENERGY,
        };
    };
    let values = [
        f.reachable as f64,
        f64::from(length),
        f.branches as f64,
        f.blocks as f64,
        f64::from(f.turns),
        f.average_loop_length,
    ];
    let terms: Vec<Term> = weights
        .named()
        .iter()
        .zip(values)
        .map(|(&(feature, weight), value)| Term {
            feature,
            value,
            weight,
            product: weight * value,
        })
        .collect();
    let score = terms.iter().map(|t| t.product).sum::<f64>();
    RollingBlockScore {
        terms,
        score: Some(score),
        energy: -score,
    }
}

/// The `RollingBlock` energy: minus the weighted sum of `reachable`, `shortest_length`,
/// `branches`, `blocks`, `turns` and `average_loop_length`, or [`UNREACHABLE_ENERGY`] when
/// the goal cannot be reached (see [`rolling_block_score`]).
pub fn rolling_block(f: &Features, weights: &RollingBlockWeights) -> f64 {
    rolling_block_score(f, weights).energy
}
