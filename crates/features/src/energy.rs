//! Objectives as settings: which energy a generator minimises, as a maze file names it
//! (`Neller`, `GoalDepth`, `Weighted([...])`), evaluated on full features or on the cheap
//! [`Core`] the generator's inner loop computes.

use serde::{Deserialize, Serialize};

use crate::Features;
use crate::core::Core;
use crate::objective::{RollingBlockWeights, UNREACHABLE_ENERGY};

/// An objective (energy, lower is better) of RULES.md section 4.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub enum Objective {
    /// Neller's CG 2010 energy.
    #[default]
    Neller,
    /// The AI-education objective: minus the shortest solution length.
    GoalDepth,
    /// A designer's weighted sum of features, `Σ weight · value`, with optional priorities
    /// combined lexicographically.
    Weighted(Vec<Term>),
    /// The rolling-block dissertation's score, negated (any weight left out keeps its
    /// default: `RollingBlock()` is the default score).
    RollingBlock(RollingBlockWeights),
}

/// One term of a [`Objective::Weighted`] objective.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Term {
    /// The feature, by its RULES.md name.
    pub feature: Feature,
    /// Its weight: negative to want more of the feature, positive to want less.
    pub weight: f64,
    /// Terms of a higher priority dominate every term of a lower one (default 0).
    #[serde(default)]
    pub priority: u32,
}

/// A numeric feature of RULES.md section 3 that a weighted objective can use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Feature {
    /// |S|.
    NStates,
    /// Edges.
    NMoves,
    /// States reachable from the start.
    Reachable,
    /// States that reach the goal.
    Reaching,
    /// States that do not reach the goal.
    NonReaching,
    /// Number of black-hole components.
    BlackHoles,
    /// Number of white-hole components.
    WhiteHoles,
    /// Moves of a shortest solution (0 without one).
    ShortestLength,
    /// Number of shortest paths, counted up to [`SHORTEST_PATHS_CAP`].
    ShortestPaths,
    /// 1 when the shortest path is unique, else 0.
    UniqueShortest,
    /// Forward decisions (0 without a solution).
    ForwardDecisions,
    /// Backward decisions (0 without a solution).
    BackwardDecisions,
    /// Initial forced moves.
    InitialForcedMoves,
    /// Same-jump cluster penalty.
    ClusterPenalty,
    /// U-turns of the solution.
    UTurns,
    /// Turns of the solution.
    Turns,
    /// Branch states.
    Branches,
    /// Dead-end states.
    DeadEnds,
    /// Mean loop length.
    AverageLoopLength,
    /// Obstacles.
    Blocks,
}

/// `shortest_paths` as a weighted objective sees it is capped here, so that a maze with
/// astronomically many shortest paths cannot swamp every other term.
pub const SHORTEST_PATHS_CAP: u64 = 1_000_000;

impl Feature {
    /// The feature's RULES.md name.
    pub fn name(self) -> &'static str {
        match self {
            Feature::NStates => "n_states",
            Feature::NMoves => "n_moves",
            Feature::Reachable => "reachable",
            Feature::Reaching => "reaching",
            Feature::NonReaching => "non_reaching",
            Feature::BlackHoles => "black_holes",
            Feature::WhiteHoles => "white_holes",
            Feature::ShortestLength => "shortest_length",
            Feature::ShortestPaths => "shortest_paths",
            Feature::UniqueShortest => "unique_shortest",
            Feature::ForwardDecisions => "forward_decisions",
            Feature::BackwardDecisions => "backward_decisions",
            Feature::InitialForcedMoves => "initial_forced_moves",
            Feature::ClusterPenalty => "cluster_penalty",
            Feature::UTurns => "u_turns",
            Feature::Turns => "turns",
            Feature::Branches => "branches",
            Feature::DeadEnds => "dead_ends",
            Feature::AverageLoopLength => "average_loop_length",
            Feature::Blocks => "blocks",
        }
    }

    /// The feature's value; features that need a solution are 0 without one.
    pub fn value(self, f: &Features) -> f64 {
        match self {
            Feature::NStates => f.n_states as f64,
            Feature::NMoves => f.n_moves as f64,
            Feature::Reachable => f.reachable as f64,
            Feature::Reaching => f.reaching as f64,
            Feature::NonReaching => f.non_reaching as f64,
            Feature::BlackHoles => f.black_holes.count as f64,
            Feature::WhiteHoles => f.white_holes.count as f64,
            Feature::ShortestLength => f.shortest_length.map_or(0.0, f64::from),
            Feature::ShortestPaths => f.shortest_paths.min(SHORTEST_PATHS_CAP) as f64,
            Feature::UniqueShortest => f64::from(u8::from(f.unique_shortest)),
            Feature::ForwardDecisions => f.forward_decisions.unwrap_or(0.0),
            Feature::BackwardDecisions => f.backward_decisions.unwrap_or(0.0),
            Feature::InitialForcedMoves => f64::from(f.initial_forced_moves),
            Feature::ClusterPenalty => f.cluster_penalty as f64,
            Feature::UTurns => f64::from(f.u_turns),
            Feature::Turns => f64::from(f.turns),
            Feature::Branches => f.branches as f64,
            Feature::DeadEnds => f.dead_ends as f64,
            Feature::AverageLoopLength => f.average_loop_length,
            Feature::Blocks => f.blocks as f64,
        }
    }

    /// The value from the cheap core, for the features it has.
    pub fn core_value(self, c: &Core) -> Option<f64> {
        Some(match self {
            Feature::NStates => c.n_states as f64,
            Feature::NMoves => c.n_moves as f64,
            Feature::Reachable => c.reachable as f64,
            Feature::Reaching => c.reaching as f64,
            Feature::NonReaching => c.non_reaching() as f64,
            Feature::ShortestLength => c.shortest_length.map_or(0.0, f64::from),
            Feature::ShortestPaths => c.shortest_paths.min(SHORTEST_PATHS_CAP) as f64,
            Feature::UniqueShortest => f64::from(u8::from(c.unique_shortest())),
            Feature::InitialForcedMoves => f64::from(c.initial_forced_moves),
            Feature::ClusterPenalty => c.cluster_penalty as f64,
            Feature::Blocks => c.blocks as f64,
            _ => return None,
        })
    }

    /// An upper bound on the feature's range on a maze of `scale` = states + obstacles, for
    /// lexicographic priorities: most counts are at most one per state; a cluster penalty is
    /// below `scale²`; a loop is at most twice the deepest state plus one; a state has at most
    /// eight distinct successors.
    fn range(self, scale: f64) -> f64 {
        match self {
            Feature::UniqueShortest => 1.0,
            Feature::ShortestPaths => SHORTEST_PATHS_CAP as f64,
            Feature::ClusterPenalty => scale * scale,
            Feature::AverageLoopLength => 2.0 * scale + 1.0,
            Feature::NMoves => 8.0 * scale,
            _ => scale,
        }
    }
}

impl Objective {
    /// The objective's name as a maze file writes it.
    pub fn name(&self) -> &'static str {
        match self {
            Objective::Neller => "Neller",
            Objective::GoalDepth => "GoalDepth",
            Objective::Weighted(_) => "Weighted",
            Objective::RollingBlock(_) => "RollingBlock",
        }
    }

    /// The energy of a maze with features `f`.
    pub fn energy(&self, f: &Features) -> f64 {
        match self {
            Objective::Neller => crate::neller(f),
            Objective::GoalDepth => crate::goal_depth(f),
            Objective::Weighted(terms) => weighted(terms, (f.n_states + f.blocks) as f64, |ft| {
                Some(ft.value(f))
            })
            .unwrap_or(f64::NAN),
            Objective::RollingBlock(w) => crate::rolling_block(f, w),
        }
    }

    /// The energy from the cheap core, `None` when the objective needs features the core
    /// does not have (then use [`Objective::energy`] on full features). Equal to
    /// [`Objective::energy`] whenever it is `Some` (tested). Inlined: the generator asks
    /// this of nearly every candidate, and Neller's energy is a few operations.
    #[inline]
    pub fn core_energy(&self, c: &Core) -> Option<f64> {
        match self {
            Objective::Neller => Some(crate::objective::neller_terms(
                c.n_states,
                c.non_reaching(),
                c.cluster_penalty,
                c.initial_forced_moves,
                c.decisions.map(|(f, b)| (f64::from(f), f64::from(b))),
            )),
            Objective::GoalDepth => Some(
                c.shortest_length
                    .map_or(UNREACHABLE_ENERGY, |l| -f64::from(l)),
            ),
            Objective::Weighted(terms) => weighted_core(terms, c),
            // Branches, turns and loops are not in the core.
            Objective::RollingBlock(_) => None,
        }
    }

    /// A lower bound of [`Objective::core_energy`] over every value of the core features found
    /// last, `initial_forced_moves` and `cluster_penalty` (read as 0 here), the exact number
    /// of shortest paths when there are several (read as 2), and unless `reached`, the
    /// `reachable` states; the rest of `c` given. `None` when the objective has none.
    /// Neller's energy only grows with the first two and reads only whether the shortest
    /// path is unique; an objective that reads none of them is its own bound. The generator
    /// rejects a candidate whose bound is already worse than the current maze without
    /// finding them.
    pub fn core_floor(&self, c: &Core, reached: bool) -> Option<f64> {
        match self {
            Objective::Neller | Objective::GoalDepth => self.core_energy(c),
            Objective::Weighted(terms)
                if terms.iter().all(|t| match t.feature {
                    Feature::InitialForcedMoves
                    | Feature::ClusterPenalty
                    | Feature::ShortestPaths => false,
                    Feature::Reachable => reached,
                    _ => true,
                }) =>
            {
                self.core_energy(c)
            }
            Objective::Weighted(_) | Objective::RollingBlock(_) => None,
        }
    }

    /// A lower bound of [`Objective::core_energy`] over every maze of `n_states` states of
    /// which `non_reaching` cannot reach a goal, or `None` when the objective has none short
    /// of the other features. Neller's energy is at least `non_reaching · n²` less the most
    /// decisions a path can have (`n - 1`): one state that cannot reach the goal outweighs
    /// everything else, and the generator rejects such a candidate before searching from
    /// the start.
    pub fn reaching_floor(&self, n_states: usize, non_reaching: usize) -> Option<f64> {
        match self {
            Objective::Neller => {
                let n = crate::objective::count(n_states as u64);
                Some(crate::objective::count(non_reaching as u64) * n * n - (n - 1.0).max(0.0))
            }
            Objective::GoalDepth | Objective::Weighted(_) | Objective::RollingBlock(_) => None,
        }
    }

    /// Whether [`Objective::core_energy`] reads the states reachable from the start.
    pub fn reads_reachable(&self) -> bool {
        match self {
            Objective::Weighted(terms) => terms.iter().any(|t| t.feature == Feature::Reachable),
            Objective::Neller | Objective::GoalDepth | Objective::RollingBlock(_) => false,
        }
    }

    /// Whether [`Objective::core_energy`] can evaluate this objective.
    pub fn needs_full_features(&self) -> bool {
        match self {
            Objective::Weighted(terms) => terms
                .iter()
                .any(|t| t.feature.core_value(&Core::default()).is_none()),
            Objective::RollingBlock(_) => true,
            Objective::Neller | Objective::GoalDepth => false,
        }
    }
}

/// [`weighted`] on the core, out of line so that [`Objective::core_energy`] stays small.
#[inline(never)]
fn weighted_core(terms: &[Term], c: &Core) -> Option<f64> {
    weighted(terms, (c.n_states + c.blocks) as f64, |ft| ft.core_value(c))
}

/// `Σ weight · value`, levels of priority combined as in Neller et al.: with two levels,
/// `(r2 + 1)·f1 + f2`, r2 the range of the lower level `f2`, so any difference in `f1`
/// outweighs every difference in `f2`; more levels nest the same way.
fn weighted(terms: &[Term], scale: f64, value: impl Fn(Feature) -> Option<f64>) -> Option<f64> {
    let mut energy = 0.0;
    let mut multiplier = 1.0;
    // Lowest priority first: each level is scaled by (range of everything below it) + 1.
    // The levels are found by scanning rather than collected and sorted: the generator
    // asks this of every candidate, and a designer's objective has a few terms.
    let mut next = terms.iter().map(|t| t.priority).min();
    while let Some(p) = next {
        next = (terms.iter().map(|t| t.priority)).filter(|&q| q > p).min();
        let mut level = 0.0;
        let mut range = 0.0;
        for t in terms.iter().filter(|t| t.priority == p) {
            level += t.weight * value(t.feature)?;
            range += t.weight.abs() * t.feature.range(scale);
        }
        energy += multiplier * level;
        multiplier *= range + 1.0;
    }
    Some(energy)
}
