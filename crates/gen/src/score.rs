//! Scores: a maze's energy under the objective, ranked after how far it misses the hard gates,
//! computed on the fast core when the objective allows and on full features otherwise.

use std::cmp::Ordering;

use crate::engine::{Bits, Cutoff, Evaluator, Never, WordScratch, Words, core_of_words};
use crate::settings::Gates;
use maze_features::{Core, Features, Objective, features, mechanic_moves};
use maze_graph::{Graph, Rules};

/// How good a candidate is: first how far it misses the hard gates (`deficit`, 0 when it
/// passes them all), then its energy. Lower is better in both.
///
/// With no gates the deficit is always 0 and comparing scores is comparing energies, exactly
/// as RULES.md section 5 states each generator; with gates, the search is steered to them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Score {
    /// Sum of the gates' shortfalls: 1 per failed yes/no gate, the black-hole states for
    /// `no_black_holes` (1 without a solution), the missing moves for `min_length`, the moves
    /// too many for `max_length`, the grade points outside a `grade` range.
    pub deficit: u32,
    /// The objective's energy.
    pub energy: f64,
    /// Breaks ties between unsolvable candidates of equal energy: minus the states reachable
    /// from the start plus those that reach the goal, so that on a plateau of unsolvable
    /// boards (every one at the same energy) the search grows the two regions towards each
    /// other instead of wandering. 0 for solvable candidates, whose ties stay ties.
    pub tie: i64,
}

impl Score {
    /// Total order: deficit first, then energy (energies are never NaN: the file reader
    /// rejects non-finite weights).
    pub fn compare(&self, other: &Score) -> Ordering {
        self.deficit
            .cmp(&other.deficit)
            .then(self.energy.total_cmp(&other.energy))
            .then(self.tie.cmp(&other.tie))
    }

    /// Whether `self` is not worse than `other`.
    pub fn le(&self, other: &Score) -> bool {
        self.compare(other) != Ordering::Greater
    }

    /// Whether the candidate passes every gate.
    pub fn passes(&self) -> bool {
        self.deficit == 0
    }
}

/// What a `min_mechanic_moves` gate sees.
#[derive(Clone, Copy)]
enum Mechanics {
    /// The solution's mechanic moves, `None` without a solution.
    Counted(Option<u32>),
    /// Not known here (the word engine's core): the gate is checked on the search's result.
    Unchecked,
}

/// What the gates look at, from the core or from full features.
struct GateInput {
    shortest_length: Option<u32>,
    unique: bool,
    black_hole_states: usize,
    reachable: usize,
    reaching: usize,
    /// The difficulty grade's points, when a grade gate needs them (full features only).
    grade_points: Option<f64>,
    /// Mechanic moves of the solution: known on full features computed with the rules
    /// (`None` then means no solution); `Unchecked` on the core, which has no solution path.
    mechanic_moves: Mechanics,
}

impl GateInput {
    fn tie(&self) -> i64 {
        match self.shortest_length {
            Some(_) => 0,
            None => -((self.reachable + self.reaching) as i64),
        }
    }

    #[inline]
    fn deficit(&self, gates: &Gates) -> u32 {
        let mut d = 0u32;
        if gates.solvable && self.shortest_length.is_none() {
            d += 1;
        }
        if gates.unique_shortest && !self.unique {
            d += 1;
        }
        if gates.no_black_holes && self.black_hole_states > 0 {
            // Without a solution every reachable state is a black hole: counting them would
            // push the search to wall the start in. Count them only once there is a solution.
            d = d.saturating_add(match self.shortest_length {
                Some(_) => u32::try_from(self.black_hole_states).unwrap_or(u32::MAX),
                None => 1,
            });
        }
        if let Some(min) = gates.min_length {
            d = d.saturating_add(min.saturating_sub(self.shortest_length.unwrap_or(0)));
        }
        if let (Some(max), Some(l)) = (gates.max_length, self.shortest_length) {
            d = d.saturating_add(l.saturating_sub(max));
        }
        if let Some(range) = gates.grade {
            d = d.saturating_add(self.grade_deficit(range));
        }
        if let (Some(min), Mechanics::Counted(moves)) =
            (gates.min_mechanic_moves, self.mechanic_moves)
        {
            d = d.saturating_add(min.saturating_sub(moves.unwrap_or(0)));
        }
        d
    }

    /// The grade points short of the range's lowest grade, or past its highest (at least 1
    /// each way), so the search is led towards the range; out of line, as only a scorer on
    /// full features has a grade gate.
    #[cold]
    fn grade_deficit(&self, (lo, hi): (u8, u8)) -> u32 {
        let thresholds = maze_features::grade::GRADE_THRESHOLDS;
        match self.grade_points {
            None => 1,
            Some(p) => match maze_features::grade::of_points(p).level {
                g if g < lo => (thresholds[usize::from(lo) - 2] - p).ceil().max(1.0) as u32,
                g if g > hi => (p - thresholds[usize::from(hi) - 1]).floor() as u32 + 1,
                _ => 0,
            },
        }
    }
}

/// When a candidate is certainly worse than the current maze (`limit`): once it misses more of
/// the gates, or misses as many and the objective's floor is already above `limit`'s energy.
/// Before the search from the start only the energy is bounded, and only when `limit` passes
/// every gate (a candidate cannot miss fewer than none).
struct Limit<'a> {
    objective: &'a Objective,
    gates: &'a Gates,
    limit: &'a Score,
}

impl Cutoff for Limit<'_> {
    fn hopeless_reaching(&self, n_states: usize, non_reaching: usize) -> bool {
        self.limit.deficit == 0
            && self
                .objective
                .reaching_floor(n_states, non_reaching)
                .is_some_and(|floor| floor > self.limit.energy)
    }

    /// The score reads `reachable` through the objective and the tie-break, which only an
    /// unsolvable candidate has (and a candidate whose every state reaches the goal is
    /// solvable).
    fn needs_reachable(&self) -> bool {
        self.objective.reads_reachable()
    }

    fn hopeless(&self, partial: &Core, reached: bool) -> bool {
        // Without the search from the start no black hole is counted yet: the deficit can
        // only grow.
        let deficit = gate_input_core(partial).deficit(self.gates);
        deficit > self.limit.deficit
            || (deficit == self.limit.deficit
                && self
                    .objective
                    .core_floor(partial, reached)
                    .is_some_and(|floor| floor > self.limit.energy))
    }
}

/// Scores state graphs under one objective and set of gates, reusing its buffers.
#[derive(Debug)]
pub struct Scorer {
    objective: Objective,
    gates: Gates,
    full: bool,
    evaluator: Evaluator,
    evaluations: u64,
}

impl Scorer {
    /// A scorer for `objective` and `gates`.
    pub fn new(objective: Objective, gates: Gates) -> Scorer {
        Scorer {
            // The grade reads decisions averaged over every shortest path: full features.
            full: objective.needs_full_features() || gates.grade.is_some(),
            objective,
            gates,
            evaluator: Evaluator::new(),
            evaluations: 0,
        }
    }

    /// The objective.
    pub fn objective(&self) -> &Objective {
        &self.objective
    }

    /// The gates.
    pub fn gates(&self) -> &Gates {
        &self.gates
    }

    /// Candidate evaluations so far.
    pub fn evaluations(&self) -> u64 {
        self.evaluations
    }

    /// Takes back one evaluation: a candidate rejected early and then scored in full counts
    /// once.
    pub(crate) fn uncount(&mut self) {
        self.evaluations -= 1;
    }

    /// Whether this scorer takes the fast path (the objective needs only core features).
    pub fn is_fast(&self) -> bool {
        !self.full
    }

    /// The score of a state graph; `blocks` is the variant's obstacle count.
    pub fn score<G: Graph + ?Sized>(&mut self, g: &G, blocks: usize) -> Score {
        self.score_graph(g, None, blocks, None)
            .unwrap_or_else(|| unreachable!("nothing stops an evaluation without a limit"))
    }

    /// [`Scorer::score`] of the graph of `rules`, which a `min_mechanic_moves` gate reads.
    pub fn score_rules<G: Graph + ?Sized>(
        &mut self,
        g: &G,
        rules: &dyn Rules,
        blocks: usize,
    ) -> Score {
        self.score_graph(g, Some(rules), blocks, None)
            .unwrap_or_else(|| unreachable!("nothing stops an evaluation without a limit"))
    }

    /// [`Scorer::score`], or `None` as soon as the candidate is certainly worse than `limit`
    /// (the objective's floor under the fields not known yet, and the gates); a scorer that needs full features always scores.
    pub fn score_within<G: Graph + ?Sized>(
        &mut self,
        g: &G,
        blocks: usize,
        limit: &Score,
    ) -> Option<Score> {
        self.score_graph(g, None, blocks, Some(limit))
    }

    /// [`Scorer::score`] and [`Scorer::score_within`]: one evaluation, stopped early only
    /// with a `limit` and on the fast path. Without `rules`, a `min_mechanic_moves` gate is
    /// left to the search's result.
    fn score_graph<G: Graph + ?Sized>(
        &mut self,
        g: &G,
        rules: Option<&dyn Rules>,
        blocks: usize,
        limit: Option<&Score>,
    ) -> Option<Score> {
        self.evaluations += 1;
        // A mechanic gate reads the solution with the rules: full features wherever the
        // rules are at hand (the word engine has none, and checks the gate on its result).
        if self.full || (rules.is_some() && self.gates.min_mechanic_moves.is_some()) {
            return Some(self.score_full(g, rules, blocks));
        }
        let core = match limit {
            None => self.evaluator.core_within(g, blocks, &Never),
            Some(limit) => {
                let cutoff = Limit {
                    objective: &self.objective,
                    gates: &self.gates,
                    limit,
                };
                self.evaluator.core_within(g, blocks, &cutoff)
            }
        }?;
        Some(match self.score_core(&core) {
            Some(score) => score,
            None => self.score_full(g, rules, blocks),
        })
    }

    /// The score on every feature of `g`, with its mechanic moves when a gate reads them and
    /// the rules are at hand (without them the gate is left to the search's result).
    fn score_full<G: Graph + ?Sized>(
        &self,
        g: &G,
        rules: Option<&dyn Rules>,
        blocks: usize,
    ) -> Score {
        let mut f = features(g, blocks);
        let mechanics = match (rules, self.gates.min_mechanic_moves) {
            (Some(rules), Some(_)) => {
                f.mechanic_moves = mechanic_moves(rules, &f);
                Mechanics::Counted(f.mechanic_moves)
            }
            _ => Mechanics::Unchecked,
        };
        self.score_of(&f, mechanics)
    }

    /// The score of a graph kept as rows of bits by the caller, evaluated in `scratch`;
    /// only for a scorer that [`is_fast`](Scorer::is_fast).
    pub(crate) fn score_words<S: Bits>(
        &mut self,
        w: &Words<'_, S>,
        scratch: &mut WordScratch<S>,
        blocks: usize,
    ) -> Score {
        self.evaluations += 1;
        let core = core_of_words(w, blocks, scratch, &Never)
            .unwrap_or_else(|| unreachable!("nothing stops the evaluation"));
        self.fast_score(&core)
    }

    /// [`Scorer::score_words`], or `None` as soon as the candidate is certainly worse than
    /// `limit`.
    pub(crate) fn score_words_within<S: Bits>(
        &mut self,
        w: &Words<'_, S>,
        scratch: &mut WordScratch<S>,
        blocks: usize,
        limit: &Score,
    ) -> Option<Score> {
        self.evaluations += 1;
        let cutoff = Limit {
            objective: &self.objective,
            gates: &self.gates,
            limit,
        };
        let core = core_of_words(w, blocks, scratch, &cutoff)?;
        Some(self.fast_score(&core))
    }

    /// The score from a core, `None` when the objective needs more than the core.
    fn score_core(&self, core: &Core) -> Option<Score> {
        let energy = self.objective.core_energy(core)?;
        let input = gate_input_core(core);
        Some(Score {
            deficit: input.deficit(&self.gates),
            energy,
            tie: input.tie(),
        })
    }

    /// [`Scorer::score_core`] for a fast scorer, whose objective always has a core energy.
    fn fast_score(&self, core: &Core) -> Score {
        self.score_core(core)
            .unwrap_or_else(|| unreachable!("a fast scorer's objective has a core energy"))
    }

    /// The score from full features (the oracle of the fast path).
    pub fn score_features(&self, f: &Features) -> Score {
        self.score_of(f, Mechanics::Counted(f.mechanic_moves))
    }

    /// The score on full features `f`, whose mechanic moves a gate reads as `mechanics`.
    fn score_of(&self, f: &Features, mechanics: Mechanics) -> Score {
        let input = gate_input_features(f, mechanics);
        Score {
            deficit: input.deficit(&self.gates),
            energy: self.objective.energy(f),
            tie: input.tie(),
        }
    }

    /// The gates a maze with features `f` fails, each with the reason, in the order the
    /// settings list them.
    pub fn failed_gates(&self, f: &Features) -> Vec<GateFailure> {
        let g = &self.gates;
        let mut failed = Vec::new();
        if g.solvable && f.shortest_length.is_none() {
            failed.push(GateFailure::Unsolvable);
        }
        if g.unique_shortest && !f.unique_shortest {
            failed.push(GateFailure::NotUnique {
                paths: f.shortest_paths,
            });
        }
        if g.no_black_holes && f.black_holes.count > 0 {
            failed.push(GateFailure::BlackHoles {
                holes: f.black_holes.count,
                states: f.black_holes.sizes.iter().sum(),
            });
        }
        if let Some(min) = g.min_length
            && f.shortest_length.is_none_or(|l| l < min)
        {
            failed.push(GateFailure::TooShort {
                min,
                length: f.shortest_length,
            });
        }
        if let (Some(max), Some(l)) = (g.max_length, f.shortest_length)
            && l > max
        {
            failed.push(GateFailure::TooLong { max, length: l });
        }
        if let Some((lo, hi)) = g.grade {
            let grade = maze_features::grade(f);
            if grade.is_none_or(|grade| !(lo..=hi).contains(&grade.level)) {
                failed.push(GateFailure::Grade {
                    range: (lo, hi),
                    grade: grade.map(|g| (g.level, g.name, g.points)),
                });
            }
        }
        if let Some(min) = g.min_mechanic_moves
            && f.mechanic_moves.is_none_or(|m| m < min)
        {
            failed.push(GateFailure::FewMechanicMoves {
                min,
                moves: f.mechanic_moves,
            });
        }
        failed
    }
}

/// A hard gate a maze fails, with what it has instead (its text is the reason the tools
/// print: `min_length 8: the shortest solution has 6`).
#[derive(Clone, Debug, PartialEq)]
pub enum GateFailure {
    /// `solvable`: the goal cannot be reached.
    Unsolvable,
    /// `unique_shortest`: this many shortest paths.
    NotUnique {
        /// Shortest paths.
        paths: u64,
    },
    /// `no_black_holes`: black holes of this many states in all.
    BlackHoles {
        /// Black holes.
        holes: usize,
        /// Their states.
        states: usize,
    },
    /// `min_length`: a shorter solution, or none.
    TooShort {
        /// The gate.
        min: u32,
        /// The shortest solution's length, `None` without a solution.
        length: Option<u32>,
    },
    /// `max_length`: a longer shortest solution.
    TooLong {
        /// The gate.
        max: u32,
        /// The shortest solution's length.
        length: u32,
    },
    /// `min_mechanic_moves`: fewer moves of the solution use the mechanics, or no solution.
    FewMechanicMoves {
        /// The gate.
        min: u32,
        /// The solution's mechanic moves, `None` without a solution.
        moves: Option<u32>,
    },
    /// `grade`: another grade, or none (no solution).
    Grade {
        /// The gate's levels.
        range: (u8, u8),
        /// The maze's level, name and points.
        grade: Option<(u8, &'static str, f64)>,
    },
}

impl std::fmt::Display for GateFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let plural = |n: usize| if n == 1 { "" } else { "s" };
        match *self {
            GateFailure::Unsolvable => write!(f, "solvable: the goal cannot be reached"),
            GateFailure::NotUnique { paths } => {
                write!(f, "unique_shortest: {paths} shortest paths")
            }
            GateFailure::BlackHoles { holes, states } => write!(
                f,
                "no_black_holes: {holes} black hole{} of {states} state{}",
                plural(holes),
                plural(states)
            ),
            GateFailure::TooShort { min, length } => match length {
                Some(l) => write!(f, "min_length {min}: the shortest solution has {l}"),
                None => write!(f, "min_length {min}: no solution"),
            },
            GateFailure::TooLong { max, length } => {
                write!(f, "max_length {max}: the shortest solution has {length}")
            }
            GateFailure::FewMechanicMoves { min, moves } => match moves {
                Some(m) => write!(
                    f,
                    "min_mechanic_moves {min}: {m} move{} of the shortest solution use{} the mechanics",
                    plural(m as usize),
                    if m == 1 { "s" } else { "" }
                ),
                None => write!(f, "min_mechanic_moves {min}: no solution"),
            },
            GateFailure::Grade {
                range: (lo, hi),
                grade,
            } => match grade {
                Some((level, name, points)) => write!(
                    f,
                    "grade ({lo}, {hi}): this maze is grade {level} ({name}, {} points)",
                    maze_features::report::number((points * 10.0).round() / 10.0)
                ),
                None => write!(f, "grade ({lo}, {hi}): no solution"),
            },
        }
    }
}

/// Written as its text, as the tools have always reported gates.
impl serde::Serialize for GateFailure {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// The reasons of `failed`, one after another: `a; b`.
pub fn reasons(failed: &[GateFailure]) -> String {
    let texts: Vec<String> = failed.iter().map(ToString::to_string).collect();
    texts.join("; ")
}

fn gate_input_core(c: &Core) -> GateInput {
    GateInput {
        shortest_length: c.shortest_length,
        unique: c.unique_shortest(),
        black_hole_states: c.black_hole_states,
        reachable: c.reachable,
        reaching: c.reaching,
        grade_points: None,
        mechanic_moves: Mechanics::Unchecked,
    }
}

fn gate_input_features(f: &Features, mechanics: Mechanics) -> GateInput {
    GateInput {
        shortest_length: f.shortest_length,
        unique: f.unique_shortest,
        black_hole_states: f.black_holes.sizes.iter().sum(),
        reachable: f.reachable,
        reaching: f.reaching,
        grade_points: maze_features::grade(f).map(|g| g.points),
        mechanic_moves: mechanics,
    }
}
