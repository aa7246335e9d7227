//! Generation settings: what the optional `generate: (...)` section of a maze file says (what
//! to fill, where start and goal go, what may change, the objective, hard gates and the
//! search), their validation against a maze into [`Settings`], the only form the generator
//! takes, and the `provenance: (...)` a generated file records.
//!
//! This module holds what both families share and the checks of the settings alone; the
//! search's settings are in `search`, the genes in `genes`, and each family's template (the
//! board a generator fills, checked against the maze) in `jumping` and `rolling`.

mod genes;
mod jumping;
mod rolling;
mod search;

use maze_features::Objective;
use maze_variants::{Coord, Where};
use maze_variants::{Maze, StateLimit};
use serde::{Deserialize, Serialize};
use thiserror::Error;

pub(crate) use genes::MAX_TELEPORT_PAIRS;
pub use genes::{Gene, JumpGene, RollGene};
pub use jumping::{GoalSpot, LegalJumps, Template};
pub use rolling::RollingTemplate;
pub use search::{BanditPolicy, Population, Restarts, Search};

/// A setting of the `generate` section, so a problem can point at it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Setting {
    /// The section as a whole.
    Section,
    /// `size`.
    Size,
    /// `start`.
    Start,
    /// `goal`.
    Goal,
    /// `max_jump`.
    MaxJump,
    /// `change`.
    Change,
    /// `objective`.
    Objective,
    /// `gates`.
    Gates,
    /// `search`.
    Search,
    /// `attempts`.
    Attempts,
    /// `genes`.
    Genes,
    /// The i-th entry of `genes`.
    Gene(usize),
    /// `state_limit`.
    StateLimit,
}

/// What a settings problem is about, so the file reader can point at it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum At {
    /// A setting of the `generate` section.
    Setting(Setting),
    /// A part of the maze itself, as the settings keep it (a template that is no valid maze
    /// because of what the file's board has there).
    Maze(Where),
}

/// Settings that do not fit their maze: what is wrong, where, and how to fix it.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SettingsError {
    /// A setting's value is wrong, or wrong for this maze.
    #[error("{message}")]
    Invalid {
        /// The setting (or part of the maze) it is about.
        at: At,
        /// What is wrong.
        message: String,
        /// How to fix it, where that is not obvious.
        help: Option<String>,
    },
    /// A generated board could have more states than the generation state limit.
    #[error(
        "a generated board could have up to {states} states, more than the generation state limit of {limit}"
    )]
    StateLimit {
        /// The setting that makes the boards that large (`state_limit` when the file sets it).
        at: Setting,
        /// The most states a generated board could have.
        states: u128,
        /// The limit they pass.
        limit: StateLimit,
    },
}

impl SettingsError {
    /// An invalid setting at `at`, without help.
    pub fn invalid(at: At, message: impl Into<String>) -> SettingsError {
        SettingsError::Invalid {
            at,
            message: message.into(),
            help: None,
        }
    }

    /// The error with `help`, how to fix it (a state-limit error's help is fixed).
    pub fn with_help(self, help: impl Into<String>) -> SettingsError {
        match self {
            SettingsError::Invalid { at, message, .. } => SettingsError::Invalid {
                at,
                message,
                help: Some(help.into()),
            },
            other => other,
        }
    }

    /// What the error is about.
    pub fn at(&self) -> At {
        match self {
            SettingsError::Invalid { at, .. } => *at,
            SettingsError::StateLimit { at, .. } => At::Setting(*at),
        }
    }

    /// How to fix it, where that is not obvious.
    pub fn help(&self) -> Option<String> {
        match self {
            SettingsError::Invalid { help, .. } => help.clone(),
            SettingsError::StateLimit { .. } => Some(format!(
                "every iteration rebuilds or patches the graph: generate a smaller board (fewer blocks, or a lower `max_bridges`), or raise the limit with `state_limit: N` in the generate section or --state-limit (the default is {})",
                StateLimit::GENERATION
            )),
        }
    }
}

/// Generation settings validated against their maze, with the board the generator fills:
/// the only form [`crate::generate`] takes, so that generating cannot fail on settings. It
/// is built by [`Settings::new`] alone, and reads as the [`Generate`] it holds.
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    generate: Generate,
    template: Filled,
}

/// The board a generator fills, of the maze's variant.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Filled {
    Jumping(Template),
    Rolling(RollingTemplate),
}

impl Settings {
    /// Checks `generate` against `maze` and builds the board to fill: the one validation of
    /// settings, whether they come from a file or from a command line's overrides.
    pub fn new(maze: &Maze, generate: Generate) -> Result<Settings, SettingsError> {
        let template = match maze {
            Maze::Jumping(m) => Filled::Jumping(generate.template(m)?),
            Maze::RollingBlock(m) => Filled::Rolling(generate.rolling_template(m)?),
        };
        Ok(Settings { generate, template })
    }

    /// The settings as written, to change and validate again with [`Settings::new`].
    pub fn into_generate(self) -> Generate {
        self.generate
    }

    /// The board to fill.
    pub(crate) fn filled(&self) -> &Filled {
        &self.template
    }
}

impl std::ops::Deref for Settings {
    type Target = Generate;

    fn deref(&self) -> &Generate {
        &self.generate
    }
}

/// Where a start or goal goes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Placement {
    /// Where the maze file's board has it (`start`, the `G` cell).
    #[default]
    Board,
    /// At this `(row, col)`.
    Fixed(Coord),
    /// Uniformly at random among the cells that can hold it, per generated maze.
    Random,
}

/// What the generator may change besides jump numbers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Change {
    /// Editable cells may become blocked `#`.
    #[serde(skip_serializing_if = "is_false")]
    pub blocked: bool,
    /// Editable cells may become holes `o`.
    #[serde(skip_serializing_if = "is_false")]
    pub holes: bool,
    /// Walls may appear or disappear between any two edge-adjacent board cells.
    #[serde(skip_serializing_if = "is_false")]
    pub walls: bool,
    /// One-way walls, either way, may appear or disappear between any two edge-adjacent board
    /// cells (with `walls`, plain walls too).
    #[serde(skip_serializing_if = "is_false")]
    pub one_way_walls: bool,
    /// Rolling blocks: editable cells may also become fragile floor `w` (floor and no-floor
    /// cells always change).
    #[serde(skip_serializing_if = "is_false")]
    pub fragile: bool,
    /// Rolling blocks: editable cells may also become bridges (`=` on or `-` off at the
    /// start) and soft `o` or heavy `x` switches, each switch turning one or two bridges of
    /// the board on, off or over (`Toggle`). The file board's own bridges and soft and heavy
    /// switches become editable cells like any other; split switches, their targets and the
    /// other blocks' footprints stay as the file has them.
    #[serde(skip_serializing_if = "is_false")]
    pub switches: bool,
    /// With `switches`: the most bridge tiles the generator places (default
    /// [`DEFAULT_MAX_BRIDGES`]). Every bridge a switch changes can double the states, so
    /// this bounds them: the settings are refused when the bound passes the engine's limit.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_bridges: Option<u8>,
    /// With `switches`: the most switches the generator places (default
    /// [`DEFAULT_MAX_SWITCHES`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_switches: Option<u8>,
}

impl Change {
    /// Whether the board's structure changes (blocked cells, holes, walls or one-way walls),
    /// which jumping rules allow whatever their cells hold.
    pub fn structural(&self) -> bool {
        self.blocked || self.holes || self.walls || self.one_way_walls
    }
}

/// Default of [`Change::max_bridges`].
pub const DEFAULT_MAX_BRIDGES: u8 = 4;

/// Default of [`Change::max_switches`].
pub const DEFAULT_MAX_SWITCHES: u8 = 2;

/// The most bridges [`Change::max_bridges`] may allow.
pub const MAX_GENERATED_BRIDGES: u8 = 16;

/// The most bridges one generated switch acts on.
pub const MAX_ACTIONS: usize = 2;

fn is_false(b: &bool) -> bool {
    !*b
}

/// Hard gates: a maze that fails one is never returned as a success.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Gates {
    /// The goal can be reached from the start.
    #[serde(skip_serializing_if = "is_false")]
    pub solvable: bool,
    /// Exactly one shortest solution.
    #[serde(skip_serializing_if = "is_false")]
    pub unique_shortest: bool,
    /// No reachable state from which the goal cannot be reached.
    #[serde(skip_serializing_if = "is_false")]
    pub no_black_holes: bool,
    /// The shortest solution has at least this many moves.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min_length: Option<u32>,
    /// The shortest solution has at most this many moves (an easier puzzle).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_length: Option<u32>,
    /// The difficulty grade (`maze_features::grade`, 1 easy to 5 fiendish) is in this range,
    /// both ends included: `grade: (2, 3)`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub grade: Option<(u8, u8)>,
    /// At least this many moves of the shortest solution use the rule's mechanics (RULES.md
    /// section 3, `mechanic_moves`): a puzzle that can be solved without its mechanic fails.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min_mechanic_moves: Option<u32>,
}

impl Gates {
    /// These gates and the three a published puzzle needs: the goal reachable, one shortest
    /// solution and no black holes. What `maze check` calls publishable and `maze batch`
    /// accepts.
    pub fn publishable(self) -> Gates {
        Gates {
            solvable: true,
            unique_shortest: true,
            no_black_holes: true,
            ..self
        }
    }

    /// Whether any gate is set.
    pub fn any(&self) -> bool {
        self.solvable
            || self.unique_shortest
            || self.no_black_holes
            || self.min_length.is_some()
            || self.max_length.is_some()
            || self.grade.is_some()
            || self.min_mechanic_moves.is_some()
    }
}

/// The `generate: (...)` section, validated against its maze.
#[derive(Clone, Debug, PartialEq)]
pub struct Generate {
    /// Fill a blank `rows x cols` board instead of the file board's shape.
    pub size: Option<(usize, usize)>,
    /// Where the start goes.
    pub start: Placement,
    /// Where the goal goes (`Board` for an exit goal).
    pub goal: Placement,
    /// Largest jump number (`None`: the largest legal anywhere on the board).
    pub max_jump: Option<u8>,
    /// What may change besides jump numbers.
    pub change: Change,
    /// The energy to minimise.
    pub objective: Objective,
    /// Hard gates.
    pub gates: Gates,
    /// The search.
    pub search: Search,
    /// Searches (each from a fresh random configuration) before giving up on the gates.
    pub attempts: u32,
    /// What the generator may change in a cell (`None`: jump numbers up to `max_jump`).
    pub genes: Option<Vec<Gene>>,
    /// The most states a generated board may have (`None`: [`StateLimit::GENERATION`]);
    /// checked into a [`StateLimit`] with the template.
    pub state_limit: Option<u64>,
}

/// The largest genetic population: every member is a whole configuration kept in memory and
/// evaluated once (as one iteration of the budget) before the search begins.
pub const MAX_POPULATION: usize = 10_000;

/// The most attempts a generation makes: each is a whole search.
pub const MAX_ATTEMPTS: u32 = 1_000;

/// Default of [`Generate::attempts`].
pub const DEFAULT_ATTEMPTS: u32 = 3;

impl Default for Generate {
    /// Fill the board's shape, start and goal where the board has them, Neller's energy, no
    /// gates, Neller et al.'s search.
    fn default() -> Self {
        Generate {
            size: None,
            start: Placement::Board,
            goal: Placement::Board,
            max_jump: None,
            change: Change::default(),
            objective: Objective::default(),
            gates: Gates::default(),
            search: Search::default(),
            attempts: DEFAULT_ATTEMPTS,
            genes: None,
            state_limit: None,
        }
    }
}

impl Generate {
    fn check_objective(&self) -> Result<(), SettingsError> {
        let bad = |message: String| {
            Err(SettingsError::invalid(
                At::Setting(Setting::Objective),
                message,
            ))
        };
        match &self.objective {
            Objective::Weighted(terms) if terms.is_empty() => {
                bad("a weighted objective needs at least one term".to_string())
            }
            Objective::Weighted(terms) => match terms.iter().find(|t| !t.weight.is_finite()) {
                Some(t) => bad(format!(
                    "the weight of `{}` is {}: weights must be finite numbers",
                    t.feature.name(),
                    t.weight
                )),
                None => Ok(()),
            },
            Objective::RollingBlock(w) => match w.named().iter().find(|(_, x)| !x.is_finite()) {
                Some((name, x)) => bad(format!(
                    "the weight of `{name}` is {x}: weights must be finite numbers"
                )),
                None => Ok(()),
            },
            Objective::Neller | Objective::GoalDepth => Ok(()),
        }
    }

    /// `max_length` at least 1 and not below `min_length`; a grade range within 1 to 5.
    fn check_lengths(&self) -> Result<(), SettingsError> {
        let g = &self.gates;
        match (g.min_length, g.max_length) {
            (_, Some(0)) => Err(SettingsError::invalid(
                At::Setting(Setting::Gates),
                "max_length 0 is impossible: a start and a goal are different states, so a solution has a move at least",
            )),
            (Some(min), Some(max)) if max < min => Err(SettingsError::invalid(
                At::Setting(Setting::Gates),
                format!("max_length {max} is below min_length {min}: no maze passes both"),
            )),
            _ => match g.grade {
                Some((lo, hi)) if !(1 <= lo && lo <= hi && hi <= 5) => Err(SettingsError::invalid(
                    At::Setting(Setting::Gates),
                    format!(
                        "grade ({lo}, {hi}): grades go from 1 (easy) to 5 (fiendish), the lower first"
                    ),
                )),
                _ => Ok(()),
            },
        }
    }

    /// The most states a generated board may have: the `state_limit` setting, checked, or
    /// [`StateLimit::GENERATION`].
    pub fn generation_limit(&self) -> Result<StateLimit, SettingsError> {
        match self.state_limit {
            None => Ok(StateLimit::GENERATION),
            Some(n) => StateLimit::new(n).ok_or_else(|| {
                SettingsError::invalid(
                    At::Setting(Setting::StateLimit),
                    format!(
                        "state_limit {n}: a state limit is from 1 to {}",
                        StateLimit::MAX
                    ),
                )
            }),
        }
    }

    /// Refuses settings whose boards may have more states than the generation limit (`at`
    /// is the setting that makes them that large).
    fn check_generation_states(&self, states: u128, at: Setting) -> Result<(), SettingsError> {
        let limit = self.generation_limit()?;
        if limit.exceeded_by(states) {
            let at = if self.state_limit.is_some() {
                Setting::StateLimit
            } else {
                at
            };
            return Err(SettingsError::StateLimit { at, states, limit });
        }
        Ok(())
    }

    fn check_attempts(&self) -> Result<(), SettingsError> {
        if self.attempts == 0 || self.attempts > MAX_ATTEMPTS {
            return Err(SettingsError::invalid(
                At::Setting(Setting::Attempts),
                format!(
                    "attempts is {}: it must be from 1 to {MAX_ATTEMPTS}",
                    self.attempts
                ),
            ));
        }
        Ok(())
    }

    fn check_search(&self) -> Result<(), SettingsError> {
        let bad = |message: String| {
            Err(SettingsError::invalid(
                At::Setting(Setting::Search),
                message,
            ))
        };
        let probability = |name: &str, p: f64| {
            if (0.0..=1.0).contains(&p) {
                Ok(())
            } else {
                bad(format!("{name} is {p}: a probability is between 0 and 1"))
            }
        };
        let positive = |name: &str, x: f64| {
            if x > 0.0 && x.is_finite() {
                Ok(())
            } else {
                bad(format!("{name} is {x}: it must be a positive number"))
            }
        };
        if self.search.iterations() == 0 {
            return bad("iterations is 0: a search needs at least one iteration".to_string());
        }
        match self.search {
            Search::HillDescent { .. } => {}
            Search::UphillSteps { p, .. } => probability("p", p)?,
            Search::SimulatedAnnealing { t0, decay, .. } => {
                positive("t0", t0)?;
                if !(decay > 0.0 && decay <= 1.0) {
                    return bad(format!(
                        "decay is {decay}: the temperature factor per iteration is above 0 and at most 1"
                    ));
                }
            }
            Search::Genetic {
                rate, population, ..
            } => {
                probability("rate", rate)?;
                if let Some(p) = population {
                    if p.size > MAX_POPULATION {
                        return bad(format!(
                            "population size {} is more than the {MAX_POPULATION} members a generator keeps",
                            p.size
                        ));
                    }
                    if p.size < 2 {
                        return bad(format!(
                            "population size {} is too small: crossover needs at least 2",
                            p.size
                        ));
                    }
                    if p.tournament == 0 || p.tournament > p.size {
                        return bad(format!(
                            "tournament {} must be between 1 and the population size {}",
                            p.tournament, p.size
                        ));
                    }
                    probability("crossover", p.crossover)?;
                }
            }
            Search::RandomRestarts { restarts, .. } => match restarts {
                Restarts::Fixed { period } => {
                    if period == 0 {
                        return bad("period is 0: a descent needs at least one iteration".into());
                    }
                }
                Restarts::Bandit { policy } => match policy {
                    BanditPolicy::EpsilonGreedy(e) => probability("epsilon", e)?,
                    BanditPolicy::Softmax(tau) => positive("tau", tau)?,
                },
                Restarts::Sarsa {
                    go,
                    alpha,
                    gamma,
                    epsilon,
                    ..
                } => {
                    if go == 0 {
                        return bad("go is 0: a Go action needs at least one iteration".into());
                    }
                    if !(alpha > 0.0 && alpha <= 1.0) {
                        return bad(format!(
                            "alpha is {alpha}: a learning rate is above 0 and at most 1"
                        ));
                    }
                    probability("gamma", gamma)?;
                    probability("epsilon", epsilon)?;
                }
            },
        }
        Ok(())
    }
}

/// Where a generated maze came from: enough to generate it again.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Provenance {
    /// The variant it was generated from: its file's stem (`rook` for `variants/rook.ron`),
    /// never a path, so the same file gives the same bytes from any folder. Files written
    /// before `variant_hash` existed hold the path as it was given on the command line.
    pub variant: String,
    /// What the variant file said: a hash of its text (`maze_gen::variant_hash`, the same on
    /// every machine), so a file edited since cannot pass for the one that made the maze.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variant_hash: Option<String>,
    /// The base seed.
    pub seed: u64,
    /// Its index in the batch (its own seed derives from seed, variant and index).
    pub index: u64,
    /// Iterations per search, as run: the budget, or when a time limit cut the search short
    /// (`timed_out`) the iterations it ran in all.
    pub iterations: u64,
    /// The engine that generated it, `maze-gen <version>`.
    pub engine: String,
    /// How many searches before it found only puzzles already made (0, and then not
    /// written, when the first search's maze was new); its seed derives from this too.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub retry: u32,
    /// A time limit ended its search: the maze is the best reached by then, after
    /// `iterations`, and its seed alone does not make it again. Written only when true, so
    /// files of searches that ran their budget read and write as before.
    #[serde(default, skip_serializing_if = "is_false")]
    pub timed_out: bool,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}
