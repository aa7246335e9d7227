//! Generation settings: what the optional `generate: (...)` section of a maze file says (what
//! to fill, where start and goal go, what may change, the objective, hard gates and the
//! search), their validation against a maze into [`Settings`], the only form the generator
//! takes, and the `provenance: (...)` a generated file records.

use maze_features::Objective;
use maze_variants::{Maze, StateLimit};
use serde::{Deserialize, Serialize};
use thiserror::Error;

use maze_variants::board::{Attr, Board, Cell, Kind, MAX_JUMP, Piece, Tag};
use maze_variants::rolling::{
    Footprint, RollingBlockMaze, RollingBoard, Switch, SwitchKind, Tile, orientations,
};
use maze_variants::rules::RegisterKind;
use maze_variants::{Coord, GoalKind, JumpGraph, JumpingMaze, Where};

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

/// A cell attribute the generator may change, with its values: the genes a rule file
/// declares (`genes: [Number(1, 4), Circled]`). Every editable cell carries every gene; a step
/// changes one gene of one cell.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Gene {
    /// A number from `min` to `max` (for jump numbers, only those with a legal move).
    Number(i16, i16),
    /// One to `n` arrows (distinct directions of the tiling), `Arrows(1)` for arrow mazes.
    Arrows(u8),
    /// Circled or not.
    Circled,
    /// A wildcard `*` or not.
    Wildcard,
    /// One of these colours.
    Colour(Vec<String>),
    /// One of these symbols.
    Symbol(Vec<String>),
    /// One of these pieces.
    Piece(Vec<Piece>),
    /// Rolling blocks: floor or no floor, what every rolling-block generator places.
    Floor,
    /// Rolling blocks: fragile floor `w` too.
    Fragile,
    /// Rolling blocks: up to this many bridge tiles (1 to [`MAX_GENERATED_BRIDGES`]), which
    /// the `Switches` placed act on.
    Bridges(u8),
    /// Rolling blocks: up to this many soft or heavy switches acting on the bridges.
    Switches(u8),
}

impl Gene {
    /// The attribute of the token schema the gene needs, if any.
    pub fn attr(&self) -> Option<Attr> {
        match self {
            Gene::Number(..) => Some(Attr::Number),
            Gene::Arrows(_) => Some(Attr::Arrows),
            Gene::Colour(_) => Some(Attr::Colour),
            Gene::Symbol(_) => Some(Attr::Symbol),
            Gene::Piece(_) => Some(Attr::Piece),
            Gene::Circled
            | Gene::Wildcard
            | Gene::Floor
            | Gene::Fragile
            | Gene::Bridges(_)
            | Gene::Switches(_) => None,
        }
    }

    /// Whether the gene places a rolling-block tile (and means nothing to a jumping maze).
    pub fn is_rolling(&self) -> bool {
        matches!(
            self,
            Gene::Floor | Gene::Fragile | Gene::Bridges(_) | Gene::Switches(_)
        )
    }

    /// The gene's name as the file writes it.
    pub fn name(&self) -> &'static str {
        match self {
            Gene::Number(..) => "Number",
            Gene::Arrows(_) => "Arrows",
            Gene::Circled => "Circled",
            Gene::Wildcard => "Wildcard",
            Gene::Colour(_) => "Colour",
            Gene::Symbol(_) => "Symbol",
            Gene::Piece(_) => "Piece",
            Gene::Floor => "Floor",
            Gene::Fragile => "Fragile",
            Gene::Bridges(_) => "Bridges",
            Gene::Switches(_) => "Switches",
        }
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
}

impl Gates {
    /// Whether any gate is set.
    pub fn any(&self) -> bool {
        self.solvable
            || self.unique_shortest
            || self.no_black_holes
            || self.min_length.is_some()
            || self.max_length.is_some()
            || self.grade.is_some()
    }
}

/// How a bandit chooses among restart periods.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub enum BanditPolicy {
    /// A random arm with probability epsilon, otherwise the best mean utility so far.
    EpsilonGreedy(f64),
    /// Arm a with probability proportional to exp(U(a) / tau).
    Softmax(f64),
}

/// When a random-restart search starts over from a fresh random configuration.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub enum Restarts {
    /// Every `period` iterations.
    Fixed {
        /// Iterations per hill descent.
        period: u64,
    },
    /// A 6-armed bandit learns the period among 100·2^a, a = 0..5 (Neller's Restart Bandit),
    /// by the utility 2^(-energy) / iterations of each descent.
    Bandit {
        /// How arms are chosen.
        policy: BanditPolicy,
    },
    /// Sarsa learns when to Go on (another `go` iterations) and when to Restart (Neller's
    /// Restart SARSA), from states (t, d): t Go actions since the restart, d = -energy.
    Sarsa {
        /// A descent with d >= `satisfice` ends an episode (the exercise: goal depth 18).
        satisfice: i64,
        /// Iterations per Go action.
        #[serde(default = "default_go")]
        go: u64,
        /// Learning rate.
        #[serde(default = "default_alpha")]
        alpha: f64,
        /// Discount.
        #[serde(default = "default_gamma")]
        gamma: f64,
        /// Exploration rate of the epsilon-greedy policy.
        #[serde(default = "default_epsilon")]
        epsilon: f64,
    },
}

fn default_go() -> u64 {
    250
}
fn default_alpha() -> f64 {
    0.1
}
fn default_gamma() -> f64 {
    1.0
}
fn default_epsilon() -> f64 {
    0.1
}

/// A genetic algorithm's population mode.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Population {
    /// Number of configurations kept.
    pub size: usize,
    /// Parents are the best of this many members drawn at random.
    #[serde(default = "default_tournament")]
    pub tournament: usize,
    /// Probability that a child is a uniform crossover of two parents rather than a copy
    /// of one.
    #[serde(default = "default_crossover")]
    pub crossover: f64,
}

fn default_tournament() -> usize {
    2
}
fn default_crossover() -> f64 {
    0.9
}

/// A search strategy of RULES.md section 5. `iterations` counts candidate evaluations.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub enum Search {
    /// Accept a step unless it is worse.
    HillDescent {
        /// Steps.
        iterations: u64,
    },
    /// Hill descents from fresh random configurations; the best of all.
    RandomRestarts {
        /// Steps in all.
        iterations: u64,
        /// When to restart.
        restarts: Restarts,
    },
    /// Hill descent that also accepts a worse step with probability `p`.
    UphillSteps {
        /// Steps.
        iterations: u64,
        /// Probability of accepting a worse step.
        p: f64,
    },
    /// Accept a worse step with probability exp((e - e') / T); T starts at `t0` and is
    /// multiplied by `decay` every iteration.
    SimulatedAnnealing {
        /// Steps.
        iterations: u64,
        /// Initial temperature.
        t0: f64,
        /// Temperature factor per iteration.
        decay: f64,
    },
    /// Every editable cell mutates with probability `rate`; the child replaces its parent
    /// unless worse. With a population: tournament selection and uniform crossover.
    Genetic {
        /// Children evaluated.
        iterations: u64,
        /// Per-cell mutation probability.
        rate: f64,
        /// Population mode (absent: one parent).
        #[serde(default)]
        population: Option<Population>,
    },
}

impl Default for Search {
    /// Neller et al.'s generator: 25,000 iterations of hill descent with random uphill steps,
    /// p = 0.005.
    fn default() -> Self {
        Search::UphillSteps {
            iterations: 25_000,
            p: 0.005,
        }
    }
}

impl Search {
    /// The search's name as a maze file writes it.
    pub fn name(&self) -> &'static str {
        match self {
            Search::HillDescent { .. } => "HillDescent",
            Search::RandomRestarts { .. } => "RandomRestarts",
            Search::UphillSteps { .. } => "UphillSteps",
            Search::SimulatedAnnealing { .. } => "SimulatedAnnealing",
            Search::Genetic { .. } => "Genetic",
        }
    }

    /// Iterations (candidate evaluations) of one search.
    pub fn iterations(&self) -> u64 {
        match *self {
            Search::HillDescent { iterations }
            | Search::RandomRestarts { iterations, .. }
            | Search::UphillSteps { iterations, .. }
            | Search::SimulatedAnnealing { iterations, .. }
            | Search::Genetic { iterations, .. } => iterations,
        }
    }

    /// The same search with another iteration budget.
    pub fn with_iterations(mut self, n: u64) -> Search {
        match &mut self {
            Search::HillDescent { iterations }
            | Search::RandomRestarts { iterations, .. }
            | Search::UphillSteps { iterations, .. }
            | Search::SimulatedAnnealing { iterations, .. }
            | Search::Genetic { iterations, .. } => *iterations = n,
        }
        self
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

/// Where the goal of a template is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GoalSpot {
    /// A fixed goal cell.
    Fixed(usize),
    /// A random editable cell, per generated maze.
    Random,
    /// The exit goal: leaving the board.
    Exit,
    /// The board's goal cells, where the file has them (several goal cells).
    Kept,
}

/// The board a generator fills, as the settings and the file's board say.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Template {
    /// Rules, shape, fixed cells and walls; editable cells hold a placeholder `1`, a fixed
    /// goal its `G`, and `start` is the fixed start or a placeholder.
    pub maze: JumpingMaze,
    /// Per cell (row-major), whether the generator sets it.
    pub editable: Vec<bool>,
    /// The fixed start cell, `None` when it is random.
    pub start: Option<usize>,
    /// The goal.
    pub goal: GoalSpot,
    /// Jump numbers are 1..=max_jump (legal ones only).
    pub max_jump: u8,
    /// What may change besides jump numbers.
    pub change: Change,
    /// What the generator changes in a cell; `[Number(1, max_jump)]` unless the file says.
    pub genes: Vec<Gene>,
    /// The legal jump numbers of the editable cells, probed once for every maze.
    pub legal: LegalJumps,
}

/// Per cell, the jump numbers 1 to `up_to` with which the cell would have a legal move on the
/// template board (RULES.md section 5; empty for cells the generator does not set). Probed
/// once per settings rather than once per maze: on a 32 x 32 board probing every number of
/// every cell costs more than the search's first thousand steps.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct LegalJumps {
    /// The largest number probed; 0 when nothing was.
    pub up_to: u8,
    cells: Vec<Vec<u8>>,
}

impl LegalJumps {
    fn probe(graph: &JumpGraph, editable: &[bool], up_to: u8) -> LegalJumps {
        let cells = (0..editable.len())
            .map(|i| match editable[i] {
                true => graph.legal_jumps(i, up_to),
                false => Vec::new(),
            })
            .collect();
        LegalJumps { up_to, cells }
    }

    /// `cell`'s legal numbers of 1 to `max`, as [`JumpGraph::legal_jumps`] gives them on the
    /// template board; `None` when `max` is beyond what was probed.
    pub fn of(&self, cell: usize, max: u8) -> Option<impl Iterator<Item = u8> + '_> {
        (max <= self.up_to).then(|| {
            let legal = self.cells.get(cell).map_or(&[][..], Vec::as_slice);
            legal.iter().copied().take_while(move |&k| k <= max)
        })
    }
}

impl Template {
    /// Whether the generator only changes jump numbers of plain rules (RULES.md section 5
    /// exactly: legal jump numbers, uniformly).
    pub fn numbers_only(&self) -> bool {
        self.genes == [Gene::Number(1, i16::from(self.max_jump))] && self.maze.rules.is_plain()
    }

    /// The largest number of states any filled board can have: every cell a state, times the
    /// number of directions plus one under no-U-turn, plus `Outside` for an exit goal.
    pub fn max_states(&self) -> usize {
        let cells = self
            .maze
            .board
            .cells
            .iter()
            .filter(|c| c.kind != Kind::Void)
            .count();
        let per_cell = if self.maze.rules.no_u_turn {
            self.maze.rules.directions().len() + 1
        } else {
            1
        };
        cells * per_cell + usize::from(self.goal == GoalSpot::Exit)
    }
}

impl Generate {
    /// Checks the settings against `maze` and builds the template to fill.
    pub fn template(&self, maze: &JumpingMaze) -> Result<Template, SettingsError> {
        let at = At::Setting;
        if self.change.fragile {
            return Err(SettingsError::invalid(
                at(Setting::Change),
                "`fragile` is for rolling-block floors; a jumping maze has none",
            )
            .with_help("jumping mazes may change `blocked`, `holes` and `walls`"));
        }
        if self.change.switches
            || self.change.max_bridges.is_some()
            || self.change.max_switches.is_some()
        {
            return Err(SettingsError::invalid(
                at(Setting::Change),
                "`switches`, `max_bridges` and `max_switches` are for rolling-block bridges and switches; a jumping maze has none",
            )
            .with_help("jumping mazes may change `blocked`, `holes` and `walls`"));
        }
        let mut m = maze.clone();
        // What an editable cell holds before the generator fills it.
        let placeholder = if maze.rules.cells.contains(&Attr::Number) {
            Cell::numbered(1)
        } else {
            Cell::of(Kind::Ordinary)
        };
        let show = |c: &Cell| c.token(&maze.rules.cells, maze.rules.directions());
        if let Some((rows, cols)) = self.size {
            if rows > 1000 || cols > 1000 {
                return Err(SettingsError::invalid(
                    at(Setting::Size),
                    format!("{rows} x {cols} is larger than the generator's 1000 x 1000 limit"),
                ));
            }
            if rows * cols < 2 {
                return Err(SettingsError::invalid(
                    at(Setting::Size),
                    format!("a {rows} x {cols} board cannot hold a start and a goal"),
                )
                .with_help("give at least two cells, e.g. size: (5, 5)"));
            }
            m.board = Board {
                rows,
                cols,
                cells: vec![placeholder; rows * cols],
            };
            m.walls.clear();
        }
        let (rows, cols) = (m.board.rows, m.board.cols);
        // Before the per-cell work of building the template (legal jumps of every cell):
        // every cell a state, times the directions plus one under no-U-turn, plus the exit.
        let per_cell = if m.rules.no_u_turn {
            m.rules.directions().len() as u128 + 1
        } else {
            1
        };
        let at_most = (m.board.cells.len() as u128).saturating_mul(per_cell) + 1;
        self.check_generation_states(at_most, Setting::Section)?;
        let inside = |(r, c): Coord| r < rows && c < cols;
        let index = |(r, c): Coord| r * cols + c;
        let file_goal = maze.board.goal();

        // The goal: clear the file's `G` unless it stays where it is.
        let goal = match (maze.rules.goal, self.goal) {
            (GoalKind::Exit, Placement::Board) => GoalSpot::Exit,
            (GoalKind::Cells, Placement::Board) => GoalSpot::Kept,
            (GoalKind::Cells, _) => {
                return Err(SettingsError::invalid(
                    at(Setting::Goal),
                    "this maze has several goal cells (`goal: Cells`): they stay where the board has them",
                )
                .with_help("remove `goal` from the generate section"));
            }
            (GoalKind::Exit, _) => {
                return Err(SettingsError::invalid(
                    at(Setting::Goal),
                    "this maze's goal is leaving the board (`goal: Exit`): there is no goal cell to place",
                )
                .with_help("remove `goal` from the generate section"));
            }
            (GoalKind::Cell, Placement::Board) => match file_goal {
                Some(g) if inside(g) => GoalSpot::Fixed(index(g)),
                _ => {
                    return Err(SettingsError::invalid(
                        at(Setting::Goal),
                        format!(
                            "the file's goal cell is not on the {rows} x {cols} board to generate"
                        ),
                    )
                    .with_help("place it with goal: Fixed((row, col)) or goal: Random"));
                }
            },
            (GoalKind::Cell, Placement::Fixed(g)) => {
                if !inside(g) {
                    return Err(SettingsError::invalid(
                        at(Setting::Goal),
                        format!(
                            "the goal ({}, {}) is outside the {rows} x {cols} board",
                            g.0, g.1
                        ),
                    ));
                }
                GoalSpot::Fixed(index(g))
            }
            (GoalKind::Cell, Placement::Random) => GoalSpot::Random,
        };
        if self.size.is_none()
            && let Some(g) = file_goal
            && goal != GoalSpot::Fixed(index(g))
        {
            // The old goal cell becomes an ordinary cell to fill.
            let mut c = m.board.cells[index(g)];
            c.kind = Kind::Ordinary;
            if c.number.is_none() && placeholder.number.is_some() {
                c.number = placeholder.number;
            }
            m.board.cells[index(g)] = c;
        }
        if let GoalSpot::Fixed(g) = goal {
            match m.board.cells[g].kind {
                Kind::Ordinary | Kind::Goal => m.board.cells[g] = m.board.cells[g].into_goal(),
                _ => {
                    let other = show(&m.board.cells[g]);
                    return Err(SettingsError::invalid(
                        at(Setting::Goal),
                        format!(
                            "the goal ({}, {}) is on `{other}`; it must be a cell a jump can land on",
                            g / cols,
                            g % cols
                        ),
                    ));
                }
            }
        }

        // Editable cells: every ordinary cell; blocked cells and holes too when they may change.
        let editable: Vec<bool> = m
            .board
            .cells
            .iter()
            .map(|c| match c.kind {
                Kind::Ordinary => true,
                Kind::Blocked => self.change.blocked,
                Kind::Hole => self.change.holes,
                _ => false,
            })
            .collect();
        for (i, e) in editable.iter().enumerate() {
            if *e && !m.board.cells[i].is_ordinary() {
                m.board.cells[i] = placeholder;
            } else if *e && placeholder.number.is_some() && !m.board.cells[i].wildcard {
                m.board.cells[i].number = placeholder.number;
            }
        }

        let start = match self.start {
            Placement::Random => None,
            Placement::Board | Placement::Fixed(_) => {
                let s = match self.start {
                    Placement::Fixed(s) => s,
                    _ => maze.start,
                };
                if !inside(s) {
                    return Err(SettingsError::invalid(
                        at(Setting::Start),
                        format!(
                            "the start ({}, {}) is outside the {rows} x {cols} board",
                            s.0, s.1
                        ),
                    ));
                }
                if !editable[index(s)] {
                    return Err(SettingsError::invalid(
                        at(Setting::Start),
                        format!(
                            "the start ({}, {}) is on `{}`, not a cell the generator fills with a jump number",
                            s.0,
                            s.1,
                            show(&m.board.cells[index(s)])
                        ),
                    ));
                }
                Some(index(s))
            }
        };
        let start_cell = start.or_else(|| editable.iter().position(|&e| e));
        let Some(start_cell) = start_cell else {
            return Err(SettingsError::invalid(
                at(Setting::Section),
                "the board has no ordinary cell for the generator to fill",
            ));
        };
        m.start = (start_cell / cols, start_cell % cols);
        if goal == GoalSpot::Random {
            // A placeholder goal, so the template is a valid maze to check and compile.
            let spare = (0..editable.len()).find(|&i| editable[i] && i != start_cell);
            match spare {
                Some(i) => m.board.cells[i] = m.board.cells[i].into_goal(),
                None => {
                    return Err(SettingsError::invalid(
                        at(Setting::Goal),
                        "there is no cell left for a random goal besides the start",
                    ));
                }
            }
        }
        m.validate().map_err(|p| SettingsError::Invalid {
            at: match p.at {
                Where::Start => at(Setting::Start),
                _ if self.size.is_some() => at(Setting::Size),
                other => At::Maze(other),
            },
            message: p.message,
            help: p.help,
        })?;

        let (max_jump, probed) = match self.max_jump {
            Some(k) if k == 0 || k > MAX_JUMP => {
                return Err(SettingsError::invalid(
                    at(Setting::MaxJump),
                    format!("max_jump {k} is out of range: jump numbers are 1 to {MAX_JUMP}"),
                ));
            }
            Some(k) => (k, None),
            None => {
                let legal = LegalJumps::probe(&JumpGraph::new(&m), &editable, MAX_JUMP);
                let largest = legal.cells.iter().filter_map(|l| l.last().copied()).max();
                (largest.unwrap_or(1), Some(legal))
            }
        };
        let genes = self.genes(&m, max_jump)?;
        // A number gene's top may lie above max_jump.
        let up_to = (genes.iter())
            .filter_map(|g| match g {
                Gene::Number(lo, hi) if *lo >= 1 => u8::try_from(*hi).ok(),
                _ => None,
            })
            .fold(max_jump, u8::max)
            .min(MAX_JUMP);
        let legal = match probed {
            Some(legal) => legal,
            None if m.rules.cells.contains(&Attr::Number) => {
                LegalJumps::probe(&JumpGraph::new(&m), &editable, up_to)
            }
            None => LegalJumps::default(),
        };
        let template = Template {
            maze: m,
            editable,
            start,
            goal,
            max_jump,
            change: self.change,
            genes,
            legal,
        };
        self.check_search()?;
        self.check_objective()?;
        self.check_lengths()?;
        self.check_gates(&template)?;
        check_changeable(&template)?;
        self.check_attempts()?;
        Ok(template)
    }

    /// The genes, checked against the rules' token schema; by default jump numbers.
    fn genes(&self, m: &JumpingMaze, max_jump: u8) -> Result<Vec<Gene>, SettingsError> {
        let at = || At::Setting(Setting::Genes);
        let schema = &m.rules.cells;
        let genes = match &self.genes {
            Some(g) => g.clone(),
            // RULES.md section 5; whether any cell has a choice is check_changeable's.
            None if schema.contains(&Attr::Number) => {
                return Ok(vec![Gene::Number(1, i16::from(max_jump))]);
            }
            None => {
                return Err(SettingsError::invalid(
                    at(),
                    format!(
                        "say what the generator may change: these cells hold {} and no number",
                        schema
                            .iter()
                            .map(|a| a.name())
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                )
                .with_help("add e.g. `genes: [Arrows]` to the generate section"));
            }
        };
        if genes.is_empty() {
            return Err(SettingsError::invalid(
                at(),
                "`genes: []` leaves the generator nothing to change",
            ));
        }
        for (i, g) in genes.iter().enumerate() {
            // Problems with one gene point at that gene.
            let at = || At::Setting(Setting::Gene(i));
            not_listed_before(&genes, i)?;
            if g.is_rolling() {
                return Err(SettingsError::invalid(
                    at(),
                    format!(
                        "`{}` places a rolling-block tile: a jumping maze's genes are its cells' attributes",
                        g.name()
                    ),
                )
                .with_help("Number, Arrows, Circled, Wildcard, Colour, Symbol or Piece"));
            }
            if let Some(a) = g.attr()
                && !schema.contains(&a)
            {
                return Err(SettingsError::invalid(
                    at(),
                    format!(
                        "the gene `{}` needs `{}` in the rules' `cells`, which hold {}",
                        g.name(),
                        a.name(),
                        schema
                            .iter()
                            .map(|a| a.name())
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                ));
            }
            let few = |n: usize| {
                (n < 2).then(|| {
                    SettingsError::invalid(
                        at(),
                        format!("the gene `{}` needs at least two values", g.name()),
                    )
                })
            };
            let problem = match g {
                Gene::Number(lo, hi) => {
                    if lo > hi || lo.abs() > i16::from(MAX_JUMP) || hi.abs() > i16::from(MAX_JUMP) {
                        Some(SettingsError::invalid(
                            at(),
                            format!("Number({lo}, {hi}) is no range of -{MAX_JUMP} to {MAX_JUMP}"),
                        ))
                    } else {
                        few((hi - lo + 1) as usize)
                    }
                }
                Gene::Colour(names) | Gene::Symbol(names) => names
                    .iter()
                    .find(|n| Tag::new(n).is_none())
                    .map(|n| {
                        SettingsError::invalid(
                            at(),
                            format!("`{n}` is no name: 1 to 8 letters or digits"),
                        )
                    })
                    .or_else(|| few(names.len())),
                Gene::Piece(pieces) => few(pieces.len()),
                Gene::Arrows(n)
                    if *n == 0 || usize::from(*n) > m.rules.tiling.directions().len() =>
                {
                    Some(SettingsError::invalid(
                        at(),
                        format!(
                            "Arrows({n}): a cell holds 1 to {} arrows on this tiling",
                            m.rules.tiling.directions().len()
                        ),
                    ))
                }
                Gene::Arrows(_)
                | Gene::Circled
                | Gene::Wildcard
                | Gene::Floor
                | Gene::Fragile
                | Gene::Bridges(_)
                | Gene::Switches(_) => None,
            };
            if let Some(p) = problem {
                return Err(p);
            }
        }
        Ok(genes)
    }

    fn check_gates(&self, t: &Template) -> Result<(), SettingsError> {
        if let Some(min) = self.gates.min_length {
            let bound = t.max_states().saturating_sub(1);
            if min as usize > bound {
                return Err(SettingsError::invalid(
                    At::Setting(Setting::Gates),
                    format!(
                        "min_length {min} is impossible: a shortest solution visits each state at most once, and this board has at most {} states, so at most {bound} moves",
                        bound + 1
                    ),
                )
                .with_help("lower min_length or generate a larger board"));
            }
        }
        Ok(())
    }

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

/// The generator needs at least one thing it can change, and the start needs a legal jump.
fn check_changeable(t: &Template) -> Result<(), SettingsError> {
    if !t.numbers_only() {
        return if t.editable.iter().filter(|&&e| e).count() < 2 {
            Err(SettingsError::invalid(
                At::Setting(Setting::Genes),
                "nothing to change: the board has fewer than two ordinary cells",
            ))
        } else {
            Ok(())
        };
    }
    let graph = t
        .legal
        .of(0, t.max_jump)
        .is_none()
        .then(|| JumpGraph::new(&t.maze));
    let choices: Vec<usize> = (0..t.editable.len())
        .map(|i| match t.legal.of(i, t.max_jump) {
            _ if !t.editable[i] => 0,
            Some(legal) => legal.count(),
            None => graph
                .as_ref()
                .map_or(0, |g| g.legal_jumps(i, t.max_jump).len()),
        })
        .collect();
    if let Some(s) = t.start
        && choices[s] == 0
    {
        return Err(SettingsError::invalid(
            At::Setting(Setting::Start),
            format!(
                "no jump of 1 to {} leaves the start ({}, {}) on this board",
                t.max_jump,
                s / t.maze.board.cols,
                s % t.maze.board.cols
            ),
        )
        .with_help("raise max_jump or move the start"));
    }
    if t.start.is_none() && choices.iter().all(|&c| c == 0) {
        return Err(SettingsError::invalid(
            At::Setting(Setting::Start),
            format!(
                "no cell has a legal jump of 1 to {} for a random start",
                t.max_jump
            ),
        ));
    }
    let structural = t.change.blocked || t.change.holes || t.change.walls;
    if !structural && choices.iter().all(|&c| c < 2) {
        return Err(SettingsError::invalid(
            At::Setting(Setting::MaxJump),
            format!(
                "nothing to change: no cell has two legal jump numbers up to max_jump {}",
                t.max_jump
            ),
        )
        .with_help("raise max_jump, generate a larger board, or allow blocked cells, holes or walls to change"));
    }
    Ok(())
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

/// The board a rolling-block generator fills: fixed cells and footprints, and the cells whose
/// tiles (floor, no floor, optionally fragile floor, bridges and switches) it chooses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RollingTemplate {
    /// Rules and board, a valid maze: editable cells hold floor, `rules.switches` only the
    /// switches on fixed cells, and the footprints are the fixed ones or placeholders on
    /// editable cells when random.
    pub maze: RollingBlockMaze,
    /// Per cell (row-major), whether the generator chooses its tile. Never a fixed footprint,
    /// a cell of another block's start or goal, a split switch or one of its targets, nor,
    /// without `switches`, a bridge or a soft or heavy switch.
    pub editable: Vec<bool>,
    /// The fixed start footprint, `None` when it is placed at random (with the shape of
    /// `maze.start`) on editable cells.
    pub start: Option<Footprint>,
    /// The fixed goal footprint, `None` when random (shape of `maze.goal`).
    pub goal: Option<Footprint>,
    /// Editable cells may become fragile floor.
    pub fragile: bool,
    /// Editable cells may become bridges and soft or heavy switches.
    pub switches: bool,
    /// The most bridge tiles the generator places (0 without `switches`).
    pub max_bridges: usize,
    /// The most switches the generator places (0 without `switches`).
    pub max_switches: usize,
}

impl RollingTemplate {
    /// A bound on the states of any filled board, the file reader's bound with every
    /// editable cell floor and as many bridges as may be placed: per block, every cell that
    /// is or may become floor in each orientation, multiplied over the blocks; a split switch
    /// adds the pairs of cells two cubes can hold; when a switch can change bridges, every
    /// bridge doubles it. Without bridges, switches or other blocks: one state per cell and
    /// orientation. Saturates at `usize::MAX`.
    pub fn max_states(&self) -> usize {
        let board = &self.maze.board;
        let cells = (0..board.tiles.len())
            .filter(|&i| self.editable[i] || board.tiles[i] != Tile::NoFloor)
            .count() as u128;
        let mut bound: u128 = 1;
        for dims in self.maze.rules.dims() {
            bound = bound.saturating_mul(cells * orientations(dims).len() as u128);
        }
        if self.maze.rules.switches.iter().any(|s| s.split.is_some()) {
            bound = bound.saturating_add(cells * cells / 2);
        }
        let rules = &self.maze.rules;
        let acting = self.switches
            || !rules.effects.is_empty()
            || rules.switches.iter().any(|s| !s.acts.is_empty());
        if acting {
            // The file's own registers (a gate, a counter) multiply by their values.
            for r in &rules.registers {
                let values = match &r.kind {
                    RegisterKind::Choice(names) => names.len() as u128,
                    RegisterKind::Counter { min, max, .. } => {
                        (i128::from(*max) - i128::from(*min) + 1).max(1) as u128
                    }
                    _ => 1,
                };
                bound = bound.saturating_mul(values);
            }
            let fixed = board
                .tiles
                .iter()
                .filter(|t| matches!(t, Tile::Bridge { .. }))
                .count();
            let bridges = (fixed + self.max_bridges) as u32;
            bound = bound.saturating_mul(1u128.checked_shl(bridges).unwrap_or(u128::MAX));
        }
        usize::try_from(bound).unwrap_or(usize::MAX)
    }

    /// Whether some block can stand, so that a heavy switch can be pressed.
    pub fn can_stand(&self) -> bool {
        self.maze.rules.dims().into_iter().any(|d| {
            orientations(d)
                .iter()
                .any(|o| o[0] == 1 && o[1] == 1 && o[2] > 1)
        })
    }

    /// The positions of a `shape` footprint on editable cells only, not overlapping `avoid`,
    /// row-major: where a random start or goal may go.
    pub fn spots(&self, shape: Footprint, avoid: Option<Footprint>) -> Vec<Footprint> {
        let (rows, cols) = (self.maze.board.rows, self.maze.board.cols);
        let mut spots = Vec::new();
        if shape.rows > rows || shape.cols > cols {
            return spots;
        }
        for row in 0..=rows - shape.rows {
            for col in 0..=cols - shape.cols {
                let f = Footprint { row, col, ..shape };
                if f.cells().all(|(r, c)| self.editable[r * cols + c])
                    && avoid.is_none_or(|a| !f.cells().any(|c| a.contains(c)))
                {
                    spots.push(f);
                }
            }
        }
        spots
    }
}

fn overlaps(a: Footprint, b: Footprint) -> bool {
    a.row < b.row + b.rows
        && b.row < a.row + a.rows
        && a.col < b.col + b.cols
        && b.col < a.col + a.cols
}

/// Refuses gene `i` when an earlier one has its name, for jumping and rolling genes alike.
fn not_listed_before(genes: &[Gene], i: usize) -> Result<(), SettingsError> {
    let name = genes[i].name();
    if genes[..i].iter().any(|h| h.name() == name) {
        return Err(SettingsError::invalid(
            At::Setting(Setting::Gene(i)),
            format!("`{name}` is listed twice"),
        ));
    }
    Ok(())
}

impl Generate {
    /// The tiles a rolling-block generator places, as `change` says them: from `genes` when
    /// the file declares them (`Floor`, `Fragile`, `Bridges(n)`, `Switches(n)`, what the
    /// shorthand `change: (fragile: true, switches: true, max_bridges: n, max_switches: m)`
    /// stands for), else `change` itself.
    fn rolling_change(&self) -> Result<Change, SettingsError> {
        let Some(genes) = &self.genes else {
            return Ok(self.change);
        };
        let c = self.change;
        if c.fragile || c.switches || c.max_bridges.is_some() || c.max_switches.is_some() {
            return Err(SettingsError::invalid(
                At::Setting(Setting::Change),
                "`genes` and `change` both say which tiles the generator places",
            )
            .with_help("say it once: genes: [Floor, Fragile, Bridges(4), Switches(2)] is change: (fragile: true, switches: true, max_bridges: 4, max_switches: 2)"));
        }
        let mut change = Change { ..c };
        let (mut bridges, mut switches) = (None, None);
        for (i, g) in genes.iter().enumerate() {
            let at = || At::Setting(Setting::Gene(i));
            not_listed_before(genes, i)?;
            match g {
                Gene::Floor => {}
                Gene::Fragile => change.fragile = true,
                Gene::Bridges(n) => bridges = Some((i, *n)),
                Gene::Switches(n) => switches = Some((i, *n)),
                other => {
                    return Err(SettingsError::invalid(
                        at(),
                        format!(
                            "`{}` is a jumping maze's cell attribute: a rolling-block generator places tiles",
                            other.name()
                        ),
                    )
                    .with_help("Floor, Fragile, Bridges(n) and Switches(n)"));
                }
            }
        }
        if !genes.contains(&Gene::Floor) {
            return Err(SettingsError::invalid(
                At::Setting(Setting::Genes),
                "a rolling-block generator always places floor and no floor: `genes` lists `Floor`",
            )
            .with_help("genes: [Floor], with Fragile, Bridges(n) and Switches(n) as you like"));
        }
        match (bridges, switches) {
            (Some((_, b)), Some((_, s))) => {
                change.switches = true;
                change.max_bridges = Some(b);
                change.max_switches = Some(s);
            }
            (Some((i, _)), None) | (None, Some((i, _))) => {
                return Err(SettingsError::invalid(
                    At::Setting(Setting::Gene(i)),
                    "bridges need switches to change them, and switches bridges to act on: list `Bridges(n)` and `Switches(n)` together",
                ));
            }
            (None, None) => {}
        }
        Ok(change)
    }

    /// Checks the settings against a rolling-block maze and builds the template to fill.
    pub fn rolling_template(
        &self,
        maze: &RollingBlockMaze,
    ) -> Result<RollingTemplate, SettingsError> {
        let at = At::Setting;
        let change = self.rolling_change()?;
        if self.max_jump.is_some() {
            return Err(SettingsError::invalid(
                at(Setting::MaxJump),
                "a rolling-block maze has no jump numbers",
            )
            .with_help("remove `max_jump`"));
        }
        if change.blocked || change.holes || change.walls {
            return Err(SettingsError::invalid(
                at(Setting::Change),
                "rolling blocks change floor and no-floor cells (and `fragile` floor, bridges and switches if asked); `blocked`, `holes` and `walls` are for jumping mazes",
            ));
        }
        let switches = change.switches;
        let (max_bridges, max_switches) = if switches {
            let b = change.max_bridges.unwrap_or(DEFAULT_MAX_BRIDGES);
            let s = change.max_switches.unwrap_or(DEFAULT_MAX_SWITCHES);
            if b == 0 || s == 0 || b > MAX_GENERATED_BRIDGES {
                return Err(SettingsError::invalid(
                    at(Setting::Change),
                    format!(
                        "max_bridges {b} and max_switches {s}: the generator places 1 to {MAX_GENERATED_BRIDGES} bridges and at least one switch"
                    ),
                )
                .with_help("without bridges and switches to place, leave out `switches: true`"));
            }
            (usize::from(b), usize::from(s))
        } else {
            if change.max_bridges.is_some() || change.max_switches.is_some() {
                return Err(SettingsError::invalid(
                    at(Setting::Change),
                    "`max_bridges` and `max_switches` limit what `switches: true` places, and it is not set",
                )
                .with_help("add `switches: true` to `change`"));
            }
            (0, 0)
        };
        let mut m = maze.clone();
        // Soft and heavy switches are the generator's to place when it may; split switches stay.
        let is_split = |s: &Switch| maze.board.get(s.at) == Tile::Switch(SwitchKind::Split);
        if switches {
            m.rules.switches.retain(is_split);
        }
        if let Some((rows, cols)) = self.size {
            if rows == 0 || cols == 0 || rows > 1000 || cols > 1000 {
                return Err(SettingsError::invalid(
                    at(Setting::Size),
                    format!(
                        "a {rows} x {cols} board is outside the generator's 1 to 1000 cells a side"
                    ),
                ));
            }
            if !m.rules.switches.is_empty() || !m.rules.named_cells().is_empty() {
                return Err(SettingsError::invalid(
                    at(Setting::Size),
                    format!(
                        "a blank {rows} x {cols} board has no switch or bridge cells for the rules' `switches`, `bridges` and `effects`"
                    ),
                )
                .with_help("remove `size` or the switches (with `change: (switches: true)` the generator places soft and heavy switches itself)"));
            }
            m.board = RollingBoard {
                rows,
                cols,
                tiles: vec![Tile::Floor; rows * cols],
            };
        }
        let (rows, cols) = (m.board.rows, m.board.cols);
        let place = |placement: Placement,
                     file: Footprint,
                     setting: Setting|
         -> Result<Option<Footprint>, SettingsError> {
            let f = match placement {
                Placement::Random => {
                    if file.rows > rows || file.cols > cols {
                        return Err(SettingsError::invalid(
                            at(setting),
                            format!(
                                "a {} x {} footprint does not fit on a {rows} x {cols} board",
                                file.rows, file.cols
                            ),
                        ));
                    }
                    return Ok(None);
                }
                Placement::Board => file,
                Placement::Fixed((row, col)) => Footprint { row, col, ..file },
            };
            if f.row + f.rows > rows || f.col + f.cols > cols {
                return Err(SettingsError::invalid(
                    at(setting),
                    format!(
                        "the {} x {} footprint at ({}, {}) is not on the {rows} x {cols} board",
                        f.rows, f.cols, f.row, f.col
                    ),
                ));
            }
            Ok(Some(f))
        };
        let start = place(self.start, maze.start, Setting::Start)?;
        let goal = place(self.goal, maze.goal, Setting::Goal)?;
        if let (Some(s), Some(g)) = (start, goal)
            && let Some(cell) = g.cells().find(|&c| s.contains(c))
        {
            return Err(SettingsError::invalid(
                at(Setting::Goal),
                format!(
                    "the start and goal footprints share ({}, {})",
                    cell.0, cell.1
                ),
            ));
        }
        if start.is_none()
            && goal.is_none()
            && maze.start.rows * maze.start.cols + maze.goal.rows * maze.goal.cols > rows * cols
        {
            return Err(SettingsError::invalid(
                at(Setting::Size),
                "the board is too small for both footprints",
            ));
        }
        // Fixed cells: split switches and their targets, the other blocks' footprints, the
        // cells the rules' general form names and, unless the generator places them, bridges
        // and soft and heavy switches.
        let mut editable = vec![true; rows * cols];
        let named = m.rules.named_cells();
        for (i, tile) in m.board.tiles.iter_mut().enumerate() {
            if named.binary_search(&(i / cols, i % cols)).is_ok() {
                editable[i] = false;
                continue;
            }
            match *tile {
                Tile::Bridge { .. } | Tile::Switch(SwitchKind::Soft | SwitchKind::Heavy) => {
                    editable[i] = switches;
                    if switches {
                        *tile = Tile::Floor;
                    }
                }
                Tile::Switch(SwitchKind::Split) => editable[i] = false,
                _ => {}
            }
        }
        for (a, b) in m.rules.switches.iter().filter_map(|s| s.split) {
            editable[a.0 * cols + a.1] = false;
            editable[b.0 * cols + b.1] = false;
        }
        for other in &m.rules.others {
            for (f, what) in [(Some(other.start), "start"), (other.goal, "goal")] {
                let Some(f) = f else { continue };
                if f.row + f.rows > rows || f.col + f.cols > cols {
                    return Err(SettingsError::invalid(
                        at(Setting::Size),
                        format!(
                            "another block's {what} footprint at ({}, {}) is not on the {rows} x {cols} board",
                            f.row, f.col
                        ),
                    ));
                }
                for (r, c) in f.cells() {
                    editable[r * cols + c] = false;
                }
            }
        }
        for (f, what, setting) in [
            (start, "start", Setting::Start),
            (goal, "goal", Setting::Goal),
        ] {
            let Some(f) = f else { continue };
            let under_other = |cell: Coord| m.rules.others.iter().any(|o| o.start.contains(cell));
            if let Some((r, c)) = f.cells().find(|&cell| {
                !editable[cell.0 * cols + cell.1]
                    && (m.board.get(cell) != Tile::Floor || under_other(cell))
            }) {
                return Err(SettingsError::invalid(
                    at(setting),
                    format!(
                        "the {what} footprint covers ({r}, {c}), which the generator keeps as the file has it: {}",
                        if under_other((r, c)) {
                            "another block starts there".to_string()
                        } else {
                            format!("it is `{}`", m.board.get((r, c)).to_char())
                        }
                    ),
                )
                .with_help("a block starts and ends on plain floor, clear of the other blocks"));
            }
        }
        for f in [start, goal].into_iter().flatten() {
            for (r, c) in f.cells() {
                editable[r * cols + c] = false;
                m.board.tiles[r * cols + c] = Tile::Floor;
            }
        }
        let mut template = RollingTemplate {
            maze: m,
            editable,
            start,
            goal,
            fragile: change.fragile,
            switches,
            max_bridges,
            max_switches,
        };
        // Placeholders on editable cells keep the template a valid maze; random footprints
        // replace them.
        if start.is_none() || goal.is_none() {
            let no_room = |setting: Setting, what: &str| {
                SettingsError::invalid(
                    at(setting),
                    format!("no room on the board's editable cells for a random {what} footprint"),
                )
            };
            let s = match start {
                Some(s) => s,
                None => *template
                    .spots(maze.start, goal)
                    .first()
                    .ok_or_else(|| no_room(Setting::Start, "start"))?,
            };
            let g = match goal {
                Some(g) => g,
                None => {
                    // Every random start must leave room for a random goal.
                    let starts = match start {
                        Some(s) => vec![s],
                        None => template.spots(maze.start, None),
                    };
                    let goals = template.spots(maze.goal, None);
                    let most_overlapped = (maze.start.rows + maze.goal.rows - 1)
                        * (maze.start.cols + maze.goal.cols - 1);
                    if goals.len() <= most_overlapped
                        && starts
                            .iter()
                            .any(|&s| goals.iter().all(|&g| overlaps(s, g)))
                    {
                        return Err(no_room(Setting::Goal, "goal"));
                    }
                    *template
                        .spots(maze.goal, Some(s))
                        .first()
                        .ok_or_else(|| no_room(Setting::Goal, "goal"))?
                }
            };
            for (r, c) in s.cells().chain(g.cells()) {
                template.maze.board.tiles[r * cols + c] = Tile::Floor;
            }
            template.maze.start = s;
            template.maze.goal = g;
        }
        self.check_search()?;
        self.check_objective()?;
        self.check_lengths()?;
        let states = template.max_states();
        self.check_generation_states(
            states as u128,
            if switches {
                Setting::Change
            } else {
                Setting::Section
            },
        )?;
        if let Some(min) = self.gates.min_length {
            let bound = states.saturating_sub(1);
            if min as usize > bound {
                return Err(SettingsError::invalid(
                    at(Setting::Gates),
                    format!(
                        "min_length {min} is impossible: a shortest solution visits each state at most once, and this board has at most {} {}, so at most {bound} moves",
                        bound + 1,
                        if template.maze.rules.is_plain() && !switches {
                            "block placements"
                        } else {
                            "states"
                        }
                    ),
                )
                .with_help("lower min_length or generate a larger board"));
            }
        }
        if !template.editable.iter().any(|&e| e) {
            return Err(SettingsError::invalid(
                at(Setting::Section),
                "nothing to change: every cell is under a fixed footprint",
            ));
        }
        self.check_attempts()?;
        let size = self.size.is_some();
        template
            .maze
            .validate()
            .map_err(|p| SettingsError::Invalid {
                at: if size {
                    at(Setting::Size)
                } else {
                    At::Maze(p.at)
                },
                message: p.message,
                help: p.help,
            })?;
        Ok(template)
    }
}
