//! `maze generate`: mazes from a variant file's `generate` settings, each printed with its
//! features and energy, optionally written as maze files that `solve` and `analyze` read.

use std::fmt::Write;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use maze::features::{Features, Objective, report};
use maze::generate::Outcome;
use maze::generate::{Generate, Provenance};
use miette::Diagnostic;
use serde::Serialize;
use thiserror::Error;

use crate::load::read_file_and_text;

/// Generate mazes from a variant file's `generate: (...)` settings.
///
/// Each maze is searched for from its own seed, derived from --seed, the variant file's
/// name and the maze's index, so a batch reproduces exactly on every machine, and maze k
/// is the same whatever --count is. Every maze is printed as a maze file (with its
/// provenance: the variant, by its file stem and a hash of its text and never by a path, so
/// the same file gives the same bytes from any folder; seed, index, iterations, engine
/// version) followed by its features
/// and its energy term by term; --out also writes each to DIR/<variant>-<seed>-<index>.ron
/// and its picture to DIR/<variant>-<seed>-<index>.svg.
///
/// The settings (see docs/guide/generation.md) say what to fill (`size: (rows,
/// cols)` or the board's own shape), where start and goal go (`Board`, `Fixed(row, col)`,
/// `Random`), `max_jump`, what else may `change` (blocked cells, holes, walls; rolling
/// blocks: fragile floor, and bridges and switches with `switches: true`), the
/// `objective` (`Neller`, `GoalDepth`, `Weighted([(feature: .., weight: .., priority:
/// ..)])`), hard `gates` (solvable, unique_shortest, no_black_holes, min_length) and the
/// `search`:
///
/// - HillDescent(iterations): keep a step (one cell gets a different legal jump number)
///   unless it makes the energy worse.
///
/// - UphillSteps(iterations, p): hill descent that also keeps a worse step with probability
///   p (Neller et al.: 25,000 iterations, p = 0.005).
///
/// - SimulatedAnnealing(iterations, t0, decay): keep a worse step with probability
///   exp((e - e')/T); T starts at t0 and is multiplied by decay every iteration.
///
/// - Genetic(iterations, rate, population): every cell mutates with probability rate and
///   the child replaces the parent unless worse; with population: (size, tournament,
///   crossover) a steady-state population with tournament selection and uniform crossover.
///
/// - RandomRestarts(iterations, restarts): hill descents from fresh random mazes, best of
///   all; restarts: Fixed(period: N) every N iterations, Bandit(policy:
///   EpsilonGreedy(0.1) | Softmax(tau)) learning the period among 100·2^a (a = 0..5), or
///   Sarsa(satisfice: d, go: 250, alpha: 0.1, gamma: 1.0, epsilon: 0.1) learning when to
///   go on and when to restart.
///
/// With gates, candidates compare by how far they miss the gates first, then by energy; a
/// search that ends below the gates is retried from scratch up to `attempts` times, then the
/// best maze reached is printed with the gates it fails and the command exits with status 1.
///
/// The mazes are distinct puzzles: a maze that passes its gates but is the same as an
/// earlier one of the run, up to rotation and reflection where the rules allow them, is
/// searched for again from another seed derived from its own (the provenance's `retry`), up
/// to 30 more times; if every search repeats an earlier puzzle, the command stops and says
/// how many distinct puzzles the settings made. Maze k depends on mazes 0 to k-1 (only
/// through these repeats), never on --count.
///
/// Budgets: a genetic population has at most 10,000 members and its first members count as
/// iterations; Sarsa's restarts count too; attempts are 1 to 1000. A board whose states may
/// be more than the generation state limit (the settings' `state_limit: N`, or
/// --state-limit; 2,000,000 by default) is refused before any search. --time-limit ends the
/// command with the best maze so far, clearly marked.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The variant file (RON) with a `generate: (...)` section (without one: fill the
    /// board's shape, start and goal as on the board, Neller's energy, UphillSteps).
    file: PathBuf,
    /// Base seed of the batch.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Number of mazes.
    #[arg(long, default_value_t = 1)]
    count: u64,
    /// Iterations per search, replacing the file's.
    #[arg(long)]
    iterations: Option<u64>,
    /// Also write each maze that passes its gates to DIR/<variant>-<seed>-<index>.ron, with
    /// its picture (the solution drawn on it) beside it as .svg.
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
    /// Print one JSON document: per maze its file text, features, energy and gates.
    #[arg(long)]
    json: bool,
    /// Draw no progress bar (it is drawn only on a terminal anyway).
    #[arg(long, short)]
    quiet: bool,
    /// Stop after this many seconds: the search in progress ends with the best maze so far,
    /// printed (and written) marked as stopped by the time limit (`"timed_out": true` in
    /// JSON), and no further maze is started.
    #[arg(long, value_name = "SECONDS", value_parser = maze::batch::parse_seconds)]
    time_limit: Option<Duration>,
    #[command(flatten)]
    limit: crate::load::Limit,
}

/// A generated maze failed its gates.
#[derive(Debug, Error, Diagnostic)]
#[error(
    "{failed} of {count} mazes did not pass the gates; the best mazes reached are printed above"
)]
#[diagnostic(
    code(maze::gates),
    help("give the search more iterations (--iterations) or attempts, or relax the gates")
)]
struct GatesFailed {
    failed: u64,
    count: u64,
}

/// The settings made too few distinct puzzles for the count asked.
#[derive(Debug, Error, Diagnostic)]
#[error(
    "maze {index}: each of {searches} searches found a puzzle already made (maze {same}, up to rotation and reflection); distinct puzzles these settings made: {distinct}, and they seem to make few more"
)]
#[diagnostic(
    code(maze::few_distinct),
    help(
        "ask for fewer mazes, or give the search more to vary: a larger board, fewer fixed cells, a random start or goal, another objective"
    )
)]
struct FewDistinct {
    distinct: u64,
    index: u64,
    same: u64,
    searches: u32,
}

/// Bad command-line values.
#[derive(Debug, Error, Diagnostic)]
#[error("{0}")]
#[diagnostic(code(maze::usage))]
struct Usage(String);

/// A maze file could not be written.
#[derive(Debug, Error, Diagnostic)]
#[error("cannot write `{path}`")]
#[diagnostic(code(maze::io))]
struct WriteError {
    path: PathBuf,
    source: std::io::Error,
}

#[derive(Serialize)]
struct JsonMaze<'a> {
    index: u64,
    seed: u64,
    item_seed: u64,
    file: String,
    written: Option<String>,
    objective: &'static str,
    energy: f64,
    passed: bool,
    failed_gates: &'a [maze::generate::GateFailure],
    attempts: u32,
    iterations: u64,
    evaluations: u64,
    /// The time limit ended this maze's search: the best maze so far.
    timed_out: bool,
    features: &'a Features,
}

impl Args {
    pub(crate) fn run(self) -> Result<(), crate::failure::Failure> {
        let (file, source) = read_file_and_text(&self.file, self.limit)?;
        let variant_hash = maze::generate::variant_hash(&source);
        if self.iterations == Some(0) {
            return Err(Box::new(Usage("--iterations must be at least 1".to_string())).into());
        }
        let settings = file
            .settings()
            .map_err(|e| Box::new(Usage(e.to_string())))?;
        let iterations = self.iterations.unwrap_or(settings.search.iterations());
        let deadline = self.time_limit.map(|limit| Instant::now() + limit);
        let variant = variant_name(&self.file);
        let bar = progress_bar(self.json || self.quiet, self.count, iterations);
        if let Some(dir) = &self.out {
            std::fs::create_dir_all(dir).map_err(|source| {
                Box::new(WriteError {
                    path: dir.clone(),
                    source,
                })
            })?;
        }
        let mut text = String::new();
        let mut json = Vec::new();
        let mut failed = 0;
        // Every accepted maze so far, so no puzzle is made twice.
        let mut made = maze::generate::Made::default();
        let mut base = 0;
        // Set when the settings ran out of distinct puzzles: what was made is still printed.
        let mut few = None;
        // The first maze not started because the time limit had passed.
        let mut stopped = None;
        for index in 0..self.count {
            let first_seed = maze::generate::item_seed(self.seed, &variant, index);
            if deadline.is_some_and(|d| Instant::now() >= d) {
                stopped = Some(index);
                break;
            }
            let budget = maze::generate::Budget {
                iterations: Some(iterations),
                deadline,
            };
            let searched = maze::generate::generate_distinct_with(
                &settings,
                budget,
                first_seed,
                index,
                0,
                &mut made,
                &mut |i| {
                    // Repeats make a maze more than one search long.
                    bar.set_length((base + i).max(self.count * iterations));
                    bar.set_position(base + i);
                },
            )
            .map_err(|e| Box::new(Usage(e.to_string())))?;
            let (outcome, item_seed, retry) = match searched {
                maze::generate::Distinct::Made {
                    outcome,
                    seed,
                    retry,
                } => (*outcome, seed, retry),
                maze::generate::Distinct::Exhausted { same, searches } => {
                    few = Some(FewDistinct {
                        distinct: made.len() as u64,
                        index,
                        same,
                        searches,
                    });
                    break;
                }
            };
            base += u64::from(retry + 1) * iterations;
            let provenance = Provenance {
                // The stem and the file's hash, never its path: the same file gives the
                // same bytes from any folder, and no local path leaks into a published file.
                variant: variant.clone(),
                variant_hash: Some(variant_hash.clone()),
                seed: self.seed,
                index,
                iterations,
                engine: maze::generate::ENGINE.to_string(),
                retry,
                // `file_text` marks a maze the time limit cut short.
                timed_out: false,
            };
            let maze_text = outcome.file_text(&settings, provenance);
            let written = match (&self.out, outcome.passed()) {
                (Some(dir), true) => {
                    let path = dir.join(format!("{variant}-{}-{index}.ron", self.seed));
                    // The picture beside the file: the maze with its solution drawn on it.
                    let picture = path.with_extension("svg");
                    let svg = maze::render::svg(
                        &outcome.maze,
                        maze::render::Options {
                            solution: true,
                            depths: false,
                        },
                    );
                    // Each file whole or not at all (Ctrl-C), the maze file last.
                    for (path, contents) in [(&picture, &svg), (&path, &maze_text)] {
                        crate::output::write_atomic(path, contents.as_bytes()).map_err(
                            |source| {
                                Box::new(WriteError {
                                    path: path.clone(),
                                    source,
                                })
                            },
                        )?;
                    }
                    Some(format!(
                        "{} (picture with the solution: {})",
                        path.display(),
                        picture.display()
                    ))
                }
                _ => None,
            };
            if !outcome.passed() {
                failed += 1;
            }
            if self.json {
                json.push((index, item_seed, maze_text, written, outcome));
            } else {
                text.push_str(&describe(
                    &self, index, item_seed, &settings, &maze_text, &written, &outcome,
                ));
                // Print as we go: a long batch shows its mazes as they come.
                bar.suspend(|| crate::output::emit(None, &text))?;
                text.clear();
            }
        }
        bar.finish_and_clear();
        if let Some(index) = stopped {
            crate::output::say(&format!(
                "Time limit reached: mazes {} to {} of {} were not started.\n",
                index + 1,
                self.count,
                self.count
            ));
        }
        if self.json {
            let docs: Vec<JsonMaze> = json
                .iter()
                .map(|(index, item_seed, maze_text, written, o)| JsonMaze {
                    index: *index,
                    seed: self.seed,
                    item_seed: *item_seed,
                    file: maze_text.clone(),
                    written: written.clone(),
                    objective: settings.objective.name(),
                    energy: o.score.energy,
                    passed: o.passed(),
                    failed_gates: &o.failed_gates,
                    attempts: o.attempts,
                    iterations: o.iterations,
                    evaluations: o.evaluations,
                    timed_out: o.timed_out,
                    features: &o.features,
                })
                .collect();
            let json = serde_json::to_string_pretty(&docs).unwrap_or_default();
            crate::output::emit(None, &format!("{json}\n"))?;
        }
        if let Some(few) = few {
            return Err(crate::failure::Failure::Negative(Some(
                miette::Report::new(few),
            )));
        }
        if failed > 0 {
            return Err(crate::failure::Failure::Negative(Some(
                miette::Report::new(GatesFailed {
                    failed,
                    count: self.count,
                }),
            )));
        }
        Ok(())
    }
}

/// The variant's name for seeds and file names: the file stem (`rook` for
/// `variants/rook.ron`), so the seed does not depend on where the command runs from.
fn variant_name(path: &Path) -> String {
    path.file_stem()
        .map_or_else(|| "maze".to_string(), |s| s.to_string_lossy().into_owned())
}

fn progress_bar(hidden: bool, count: u64, iterations: u64) -> ProgressBar {
    if hidden || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(
        Some(count.saturating_mul(iterations)),
        ProgressDrawTarget::stderr(),
    );
    if let Ok(style) = ProgressStyle::with_template(
        "{spinner} generating [{bar:30}] {pos}/{len} iterations, {eta} left",
    ) {
        bar.set_style(style.progress_chars("=> "));
    }
    bar
}

#[allow(clippy::too_many_arguments)]
fn describe(
    args: &Args,
    index: u64,
    item_seed: u64,
    settings: &Generate,
    maze_text: &str,
    written: &Option<String>,
    o: &Outcome,
) -> String {
    let mut out = String::new();
    let f = &o.features;
    let _ = writeln!(
        out,
        "== {} maze {} of {} (seed {}, maze seed {item_seed:#018x}): {}, {} iterations in {} attempt{}, {} evaluations\n",
        args.file.display(),
        index + 1,
        args.count,
        args.seed,
        settings.search.name(),
        o.iterations,
        o.attempts,
        if o.attempts == 1 { "" } else { "s" },
        o.evaluations
    );
    if o.timed_out {
        let _ = writeln!(
            out,
            "TIME LIMIT: the search was stopped after {} iterations; this is the best maze reached by then.\n",
            o.iterations
        );
    }
    out.push_str(maze_text);
    let _ = writeln!(out, "\nFeatures:\n{}", report::text(f));
    let _ = writeln!(out, "Energy (lower is better):");
    let rolling = match &settings.objective {
        Objective::RollingBlock(weights) => Some(weights),
        _ => None,
    };
    out.push_str(&report::energies(f, rolling));
    if let Objective::Weighted(terms) = &settings.objective {
        let parts: Vec<String> = terms
            .iter()
            .map(|t| {
                format!(
                    "{}·{} [{}{}]",
                    report::number(t.weight),
                    report::number(t.feature.value(f)),
                    t.feature.name(),
                    if t.priority > 0 {
                        format!(", priority {}", t.priority)
                    } else {
                        String::new()
                    }
                )
            })
            .collect();
        let _ = writeln!(
            out,
            "{:<22}{} = {}",
            "Weighted",
            report::number(settings.objective.energy(f)),
            parts.join(" + ")
        );
    }
    let gates = &settings.gates;
    if gates.any() {
        if o.passed() {
            let _ = writeln!(out, "\nGates: all passed ({}).", gate_names(settings));
        } else {
            let _ = writeln!(
                out,
                "\nGates: FAILED after {} attempt{}: {}",
                o.attempts,
                if o.attempts == 1 { "" } else { "s" },
                maze::generate::reasons(&o.failed_gates)
            );
        }
    }
    if let Some(path) = written {
        let _ = writeln!(out, "Written to {path}");
    }
    out.push('\n');
    out
}

fn gate_names(settings: &Generate) -> String {
    let g = &settings.gates;
    let mut names = Vec::new();
    if g.solvable {
        names.push("solvable".to_string());
    }
    if g.unique_shortest {
        names.push("unique_shortest".to_string());
    }
    if g.no_black_holes {
        names.push("no_black_holes".to_string());
    }
    if let Some(m) = g.min_length {
        names.push(format!("min_length {m}"));
    }
    if let Some(m) = g.max_length {
        names.push(format!("max_length {m}"));
    }
    if let Some((lo, hi)) = g.grade {
        names.push(format!("grade ({lo}, {hi})"));
    }
    if let Some(m) = g.min_mechanic_moves {
        names.push(format!("min_mechanic_moves {m}"));
    }
    names.join(", ")
}
