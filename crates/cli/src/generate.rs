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
/// and its energy term by term, its grade and its ID; --out also writes each to
/// DIR/<variant>-<seed>-<index>.ron with its pictures beside it, the puzzle as .svg and the
/// answer as -answer.svg, named as `maze batch` names them (the index zero-padded to the
/// width of the count's last index).
///
/// Every maze has an ID a person can type, such as rook-7-12-5k-57b3 (variant, seed, index,
/// iterations, and the first digits of the variant file's hash), printed with it, in its
/// pictures and in a printed book: `maze generate rook.ron --id rook-7-12-5k-57b3` makes
/// the same maze again, byte for byte, and refuses an edited variant file.
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
    /// the puzzle's picture beside it as .svg and the answer's (the solution drawn on it)
    /// as -answer.svg.
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
    /// Make the one maze of this ID again (from `maze generate`, a batch or a printed
    /// book): its seed, index and iterations come from the ID, which must have been made
    /// from this variant file as it is.
    #[arg(long, value_name = "ID", conflicts_with_all = ["seed", "count", "iterations"])]
    id: Option<String>,
    /// Keep only mazes of a difficulty grade from LO to HI (1 easy to 5 fiendish, both
    /// included: `--grade 2..3`), replacing the file's `grade` gate.
    #[arg(long, value_name = "LO..HI", value_parser = maze::batch::parse_grade)]
    grade: Option<(u8, u8)>,
    /// Keep only mazes whose shortest solution has at most N moves, replacing the file's
    /// `max_length` gate.
    #[arg(long, value_name = "N")]
    max_length: Option<u32>,
    /// Print one JSON document: per maze its file text, features, energy and gates.
    #[arg(long)]
    json: bool,
    /// Print nothing on success (no mazes, no progress bar): for --out. Failures are
    /// still reported.
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
    /// The ID that makes it again (`--id`); none for a maze the time limit cut short.
    id: Option<String>,
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
    /// The difficulty grade, none without a solution.
    grade: Option<maze::features::Grade>,
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
            .and_then(|s| maze::batch::with_gates(&file.maze, s, self.grade, self.max_length))
            .map_err(|e| Box::new(Usage(e.to_string())))?;
        let variant = variant_name(&self.file);
        let id = self
            .id
            .as_deref()
            .map(|id| wanted(id, &variant, &variant_hash))
            .transpose()?;
        let (seed, first, count, first_retry) = match &id {
            Some(id) => (id.seed, id.index, 1, id.retry),
            None => (self.seed, 0, self.count, 0),
        };
        let iterations = match &id {
            Some(id) => id.iterations,
            None => self.iterations.unwrap_or(settings.search.iterations()),
        };
        let deadline = self.time_limit.map(|limit| Instant::now() + limit);
        let bar = progress_bar(self.json || self.quiet, count, iterations);
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
        for index in first..first + count {
            let first_seed = maze::generate::item_seed(seed, &variant, index);
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
                first_retry,
                &mut made,
                &mut |i| {
                    // Repeats make a maze more than one search long.
                    bar.set_length((base + i).max(count * iterations));
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
                seed,
                index,
                iterations,
                engine: maze::generate::ENGINE.to_string(),
                retry,
                // `file_text` marks a maze the time limit cut short.
                timed_out: false,
            };
            let puzzle_id = (!outcome.timed_out)
                .then(|| maze::generate::PuzzleId::of(&provenance))
                .flatten()
                .map(|id| id.to_string());
            let maze_text = outcome.file_text(&settings, provenance);
            let written = match (&self.out, outcome.passed()) {
                (Some(dir), true) => {
                    let stem = maze::batch::stem(&variant, seed, index, first + count);
                    let path = dir.join(format!("{stem}.ron"));
                    // The pictures beside the file, as a batch writes them: the puzzle
                    // under the maze's name, the answer apart, so none prints a spoiler.
                    let picture = dir.join(format!("{stem}.svg"));
                    let answer = dir.join(format!("{stem}-answer.svg"));
                    let draw = |solution| {
                        let options = maze::render::Options {
                            solution,
                            depths: false,
                        };
                        match &puzzle_id {
                            Some(id) => maze::render::svg_with_id(&outcome.maze, options, id),
                            None => maze::render::svg(&outcome.maze, options),
                        }
                    };
                    let (svg, answer_svg) = (draw(false), draw(true));
                    // Each file whole or not at all (Ctrl-C), the maze file last.
                    for (path, contents) in [
                        (&picture, &svg),
                        (&answer, &answer_svg),
                        (&path, &maze_text),
                    ] {
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
                        "{} (puzzle: {}, answer: {})",
                        path.display(),
                        picture.display(),
                        answer.display()
                    ))
                }
                _ => None,
            };
            if !outcome.passed() {
                failed += 1;
            }
            if self.json {
                json.push((puzzle_id, index, item_seed, maze_text, written, outcome));
            } else if !self.quiet {
                let seen = Seen {
                    id: puzzle_id.as_deref(),
                    index,
                    count,
                    seed,
                    item_seed,
                };
                text.push_str(&describe(
                    &self, &seen, &settings, &maze_text, &written, &outcome,
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
                count,
                count
            ));
        }
        if self.json {
            let docs: Vec<JsonMaze> = json
                .iter()
                .map(|(id, index, item_seed, maze_text, written, o)| JsonMaze {
                    id: id.clone(),
                    index: *index,
                    seed,
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
                    grade: maze::features::grade(&o.features),
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
                miette::Report::new(GatesFailed { failed, count }),
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

/// What the text of a maze names it by.
struct Seen<'a> {
    id: Option<&'a str>,
    index: u64,
    count: u64,
    seed: u64,
    item_seed: u64,
}

/// The ID asked for with --id, checked against the variant file it is run with.
fn wanted(
    id: &str,
    variant: &str,
    variant_hash: &str,
) -> Result<maze::generate::PuzzleId, crate::failure::Failure> {
    let id: maze::generate::PuzzleId = id.parse().map_err(|e| Box::new(Usage(e)))?;
    if id.variant != variant {
        return Err(Box::new(Usage(format!(
            "the ID {id} is of the variant `{}`, not `{variant}`: give the file {}.ron",
            id.variant, id.variant
        )))
        .into());
    }
    if !id.matches(variant_hash) {
        return Err(Box::new(Usage(format!(
            "the ID {id} was made from another version of {variant}.ron (its hash begins {}, \
             this file's {}): it would make another maze",
            id.hash,
            &variant_hash[..variant_hash.len().min(4)]
        )))
        .into());
    }
    Ok(id)
}

fn describe(
    args: &Args,
    seen: &Seen,
    settings: &Generate,
    maze_text: &str,
    written: &Option<String>,
    o: &Outcome,
) -> String {
    let mut out = String::new();
    let f = &o.features;
    let Seen {
        index,
        count,
        seed,
        item_seed,
        ..
    } = *seen;
    let _ = writeln!(
        out,
        "== {} maze {} of {} (seed {}, maze seed {item_seed:#018x}): {}, {} iterations in {} attempt{}, {} evaluations\n",
        args.file.display(),
        index + 1,
        count,
        seed,
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
    if let Some(id) = seen.id {
        let _ = writeln!(out, "ID: {id}");
    }
    match maze::features::grade(f) {
        Some(g) => {
            let _ = writeln!(out, "Grade: {} ({})\n", g.level, g.name);
        }
        None => out.push_str("Grade: none (no solution)\n\n"),
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
        names.push(format!("grade {lo} to {hi}"));
    }
    if let Some(m) = g.min_mechanic_moves {
        names.push(format!("min_mechanic_moves {m}"));
    }
    names.join(", ")
}
