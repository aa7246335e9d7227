//! Maze generation for every variant through one interface: a configuration to mutate
//! ([`Space`]), an objective and hard gates ([`Scorer`]), a search strategy
//! ([`search::run`]) and one seeded, portable random generator.
//!
//! The generator never builds graphs itself: configurations keep a
//! [`maze_graph::StrideAdjacency`] current through the variant's [`maze_graph::Rules`].
//! Scores come from the core features ([`maze_features::Core`]), computed by the fast
//! passes of the generator's own engine module (the [`WordEngine`] on rows of bits, the
//! [`Evaluator`] on any graph), or from every feature ([`maze_features::features`]) when
//! the objective needs more.
//!
//! Its settings ([`settings`]) are validated against their maze once, into [`Settings`];
//! the maze file's reader (`maze-file`) does that when it reads a `generate` section.
//!
//! ```
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! use maze_gen::settings::{Generate, Search, Settings};
//! use maze_variants::board::NUMBER_SCHEMA;
//! use maze_variants::{Board, Cell, JumpRules, JumpingMaze, Maze};
//!
//! let rules = JumpRules { cells: NUMBER_SCHEMA.to_vec(), ..JumpRules::default() };
//! let cells = ["2", "1", "1", "1", "1", "1", "1", "1", "G"]
//!     .iter()
//!     .map(|t| Cell::parse(t, &rules.cells, rules.directions()))
//!     .collect::<Result<Vec<_>, _>>()?;
//! let board = Board { rows: 3, cols: 3, cells };
//! let (walls, gates) = (Vec::new(), Vec::new());
//! let maze = Maze::Jumping(JumpingMaze { rules, board, start: (0, 0), walls, gates });
//! let generate = Generate {
//!     search: Search::HillDescent { iterations: 200 },
//!     ..Generate::default()
//! };
//! let settings = Settings::new(&maze, generate)?;
//! let seed = maze_gen::item_seed(7, "tiny", 0);
//! let outcome = maze_gen::generate(&settings, None, seed, &mut |_| {})?;
//! assert_eq!(outcome.iterations, 200);
//! # Ok(())
//! # }
//! ```
#![deny(missing_docs)]

mod deadline;
mod distinct;
mod engine;
mod exhaustive;
mod id;
mod jumping;
pub mod learn;
mod restarts;
mod rolling;
mod run;
mod score;
pub mod search;
pub mod settings;
mod space;
mod walls;

use std::time::Instant;

use maze_features::Features;
use maze_variants::Maze;
use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;
use thiserror::Error;

use settings::{Filled, Search};

pub use distinct::{
    DISTINCT_RETRIES, Distinct, Made, generate_distinct, generate_distinct_with, retry_seed,
};
pub use engine::{Contents, Evaluator, MAX_OPTIONS, MAX_WORD_STATES, WordEngine};
pub use exhaustive::{ExhaustError, Exhaustive, exhaust};
pub use id::PuzzleId;
pub use jumping::JumpSpace;
pub use rolling::RollSpace;
pub use score::{GateFailure, Score, Scorer, reasons};
pub use settings::{
    At, Generate, LegalJumps, Provenance, RollingTemplate, Setting, Settings, SettingsError,
    Template,
};
pub use space::Space;

/// The engine that generates, as recorded in every generated file.
pub const ENGINE: &str = concat!("maze-gen ", env!("CARGO_PKG_VERSION"));

/// The named, portable random generator every generation uses.
pub type Rng = Xoshiro256PlusPlus;

/// The seed of item `index` of a batch generated from `variant` (a file stem such as
/// `rook`) with base seed `base`: the same on every machine and whatever order items are
/// generated in, so batches can be split or run in parallel and still reproduce.
pub fn item_seed(base: u64, variant: &str, index: u64) -> u64 {
    // FNV-1a over the name, then SplitMix64 finalisers to mix in seed and index.
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in variant.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    splitmix(splitmix(h ^ splitmix(base)) ^ index)
}

/// The hash a generated file records of its variant file's text (`provenance: (variant:
/// "rook", variant_hash: ...)`): the first 64 bits of the text's SHA-256, in hexadecimal.
/// Line endings count as `\n`, so a checkout that turned them into `\r\n` hashes the same;
/// the hash is of what the file says, never of where it is, so generating from a copy in
/// another folder, or on another machine, writes the same bytes.
pub fn variant_hash(text: &str) -> String {
    use sha2::Digest;
    let digest = sha2::Sha256::digest(text.replace("\r\n", "\n").as_bytes());
    digest[..8].iter().map(|b| format!("{b:02x}")).collect()
}

pub(crate) fn splitmix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Why a generation could not run.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Error {
    /// The settings do not fit the maze (validating them again after a change, such as a
    /// command line's override).
    #[error(transparent)]
    Settings(#[from] SettingsError),
    /// An iteration budget of zero: a search needs at least one iteration.
    #[error("iterations must be at least 1")]
    NoIterations,
    /// The search made no candidate to return.
    #[error("the search evaluated nothing")]
    NothingEvaluated,
    /// The deadline passed before a maze was evaluated whole: one evaluation of this board
    /// takes longer than the time there was, and the search was abandoned (see
    /// [`generate_with`]).
    #[error(
        "the time limit ended the search before any maze was evaluated whole ({iterations} \
         iterations done): one evaluation of this board takes longer than the time left; give \
         more time, or a smaller board or state limit"
    )]
    TimedOut {
        /// Iterations the search had done when it was abandoned.
        iterations: u64,
    },
}

/// One generated maze and how it was found.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The best maze found (passing every gate if `failed_gates` is empty).
    pub maze: Maze,
    /// Its features, computed by the full feature extraction.
    pub features: Features,
    /// Its score.
    pub score: Score,
    /// The gates it fails, with reasons; empty on success.
    pub failed_gates: Vec<GateFailure>,
    /// Searches run (more than one when a search ended below the gates).
    pub attempts: u32,
    /// Search iterations in all attempts.
    pub iterations: u64,
    /// Candidate evaluations (iterations plus each random start).
    pub evaluations: u64,
    /// Whether the deadline ended the search: the maze is the best reached by then, not
    /// the end of the budget (and its seed alone does not reproduce it).
    pub timed_out: bool,
}

impl Outcome {
    /// Whether the maze passes every gate.
    pub fn passed(&self) -> bool {
        self.failed_gates.is_empty()
    }

    /// The maze as a generated maze file: two `//` header lines (engine, variant, seed,
    /// index, search; energy and shortest solution), the maze and its `provenance`.
    /// `maze generate --out` and `cargo xtask batch` both write exactly this text, so the
    /// same seed gives the same file whichever of them made it. A maze the deadline cut
    /// short has its provenance say so (`timed_out`) and record the iterations it ran,
    /// not the budget it was given.
    pub fn file_text(&self, settings: &Generate, provenance: Provenance) -> String {
        let provenance = if self.timed_out {
            Provenance {
                iterations: self.iterations,
                timed_out: true,
                ..provenance
            }
        } else {
            provenance
        };
        let f = &self.features;
        let solution = match f.shortest_length {
            Some(l) if f.unique_shortest => format!("{l} moves, unique"),
            Some(l) => format!("{l} moves, not unique"),
            None => "none".to_string(),
        };
        let header = [
            {
                let hash = provenance
                    .variant_hash
                    .as_ref()
                    .map_or_else(String::new, |h| format!(" (variant hash {h})"));
                if self.timed_out {
                    format!(
                        "Generated by {} from {}{hash}, seed {}, maze {}: the best maze of {} iterations of {}, stopped by the time limit (not reproducible from the seed).",
                        provenance.engine,
                        provenance.variant,
                        provenance.seed,
                        provenance.index,
                        provenance.iterations,
                        settings.search.name()
                    )
                } else {
                    format!(
                        "Generated by {} from {}{hash}, seed {}, maze {} ({} iterations of {}).",
                        provenance.engine,
                        provenance.variant,
                        provenance.seed,
                        provenance.index,
                        provenance.iterations,
                        settings.search.name()
                    )
                }
            },
            format!(
                "Energy ({}) {}; shortest solution {solution}.",
                settings.objective.name(),
                maze_features::report::number(self.score.energy),
            ),
        ];
        maze_variants::write_with(
            &self.maze,
            &header,
            &format!(
                "    provenance: {},\n",
                maze_variants::one_line(&provenance)
            ),
        )
    }
}

/// How long a generation may run: an iteration budget replacing the settings' (if given),
/// and a deadline (if given) that ends the search with the best maze so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Budget {
    /// Replaces the settings' iteration budget.
    pub iterations: Option<u64>,
    /// When to stop, whatever is left of the budget ([`Outcome::timed_out`] then says so).
    pub deadline: Option<Instant>,
}

/// Generates one maze from `settings` (validated against their maze), with `iterations` (if
/// given) replacing the settings' iteration budget, seeded by `seed` (see [`item_seed`]).
/// `progress` is told the iterations done so far, now and then.
///
/// When a search ends with a maze that fails a hard gate, another search starts from a
/// fresh random configuration, up to the settings' `attempts`; then the best maze reached is
/// returned with the gates it fails ([`Outcome::failed_gates`]). Errors only for a budget of
/// zero iterations.
pub fn generate(
    settings: &Settings,
    iterations: Option<u64>,
    seed: u64,
    progress: &mut dyn FnMut(u64),
) -> Result<Outcome, Error> {
    let budget = Budget {
        iterations,
        deadline: None,
    };
    generate_with(settings, budget, seed, progress)
}

/// [`generate`] within a [`Budget`]: past its deadline the search in progress ends with the
/// best maze so far, and no further attempt starts.
///
/// The deadline is wall time, whatever one evaluation costs: with a deadline the search runs
/// on a thread of its own, and if it has not returned half a second after the deadline
/// (an evaluation of a large board still running, or the best maze's features still being
/// computed), it is abandoned with [`Error::TimedOut`]: it stops at its next iteration and
/// its result is dropped. Without a deadline the search runs on the caller's thread.
pub fn generate_with(
    settings: &Settings,
    budget: Budget,
    seed: u64,
    progress: &mut dyn FnMut(u64),
) -> Result<Outcome, Error> {
    match budget.deadline {
        Some(deadline) => deadline::generate_by(settings, budget, seed, deadline, progress),
        None => generate_stoppable(settings, budget, seed, progress, None),
    }
}

/// [`generate_with`] on this thread; the search stops at its next iteration once `stop` is
/// set, and then returns [`Error::TimedOut`].
pub(crate) fn generate_stoppable(
    settings: &Settings,
    budget: Budget,
    seed: u64,
    progress: &mut dyn FnMut(u64),
    stop: Option<&std::sync::atomic::AtomicBool>,
) -> Result<Outcome, Error> {
    let search = match budget.iterations {
        Some(0) => return Err(Error::NoIterations),
        Some(n) => settings.search.with_iterations(n),
        None => settings.search,
    };
    let mut rng = Rng::seed_from_u64(seed);
    match settings.filled() {
        Filled::Jumping(template) => {
            let space = JumpSpace::new(template.clone(), &mut rng);
            generate_in(
                space,
                settings,
                &search,
                (budget.deadline, stop),
                &mut rng,
                progress,
            )
        }
        Filled::Rolling(template) => {
            let space = RollSpace::new(template.clone(), &mut rng);
            generate_in(
                space,
                settings,
                &search,
                (budget.deadline, stop),
                &mut rng,
                progress,
            )
        }
    }
}

/// Adds to a search's result the mechanic moves it misses: the word engine's scores cannot see
/// a `min_mechanic_moves` gate (they have no solution path), so its result is checked here,
/// once per search; on full features the count is the one the search steered by. Returns the
/// features it computed, which the outcome reuses.
fn mechanic_check<S: Space>(
    space: &S,
    snapshot: &S::Snapshot,
    gates: settings::Gates,
    score: &mut Score,
) -> Option<Features> {
    let min = gates.min_mechanic_moves?;
    if !score.passes() {
        return None;
    }
    let maze = space.snapshot_maze(snapshot);
    let f = maze_features::features_of_rules(&maze.compile(), maze.blocks());
    score.deficit = score
        .deficit
        .saturating_add(min.saturating_sub(f.mechanic_moves.unwrap_or(0)));
    Some(f)
}

/// [`generate`] in one variant's space.
fn generate_in<S: Space>(
    mut space: S,
    settings: &Generate,
    search: &Search,
    (deadline, stop): (Option<Instant>, Option<&std::sync::atomic::AtomicBool>),
    rng: &mut Rng,
    progress: &mut dyn FnMut(u64),
) -> Result<Outcome, Error> {
    let mut scorer = Scorer::new(settings.objective.clone(), settings.gates);
    // The best result, with its features when the mechanic check computed them.
    let mut best: Option<(S::Snapshot, Score, Option<Features>)> = None;
    let mut total = 0;
    let mut attempts = 0;
    let mut timed_out = false;
    while attempts < settings.attempts.max(1) && !timed_out {
        attempts += 1;
        let done = total;
        let mut tell = |i: u64| progress(done + i);
        let mut run = search::Run::new(&mut space, &mut scorer, rng, &mut tell);
        run.deadline = deadline;
        run.stop = stop;
        search::run(&mut run, search);
        total += run.iterations;
        timed_out = run.timed_out;
        if let Some((snapshot, mut score)) = run.best {
            let checked = mechanic_check(&space, &snapshot, settings.gates, &mut score);
            if best
                .as_ref()
                .is_none_or(|(_, b, _)| score.compare(b).is_lt())
            {
                best = Some((snapshot, score, checked));
            }
        }
        if best.as_ref().is_some_and(|(_, s, _)| s.passes()) {
            break;
        }
    }
    // Abandoned: its caller has returned, and the features below may take as long as an
    // evaluation.
    if stop.is_some_and(|s| s.load(std::sync::atomic::Ordering::Relaxed)) {
        return Err(Error::TimedOut { iterations: total });
    }
    let (snapshot, score, checked) = best.ok_or(Error::NothingEvaluated)?;
    let maze = space.snapshot_maze(&snapshot);
    let features =
        checked.unwrap_or_else(|| maze_features::features_of_rules(&maze.compile(), maze.blocks()));
    Ok(Outcome {
        failed_gates: scorer.failed_gates(&features),
        maze,
        features,
        score,
        attempts,
        iterations: total,
        evaluations: scorer.evaluations(),
        timed_out,
    })
}
