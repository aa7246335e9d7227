//! `maze compare`: populations of mazes generated from several variant files, side by side
//! (distributions, rates, distinct puzzles, generation time) as a text table, JSON or an
//! HTML page whose histograms share their axes.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::Instant;

use indicatif::{ProgressBar, ProgressStyle};
use maze::batch::chart::{self, Stats, stats};
use maze::features::{Features, report};
use maze::generate::Settings;
use maze::variants::Maze;
use miette::Diagnostic;
use rayon::prelude::*;
use serde::Serialize;
use thiserror::Error;

use crate::load::read_file_and_text;

/// Compare variant files by the mazes they generate.
///
/// Generates --count mazes of each variant file, maze k from seed item_seed(--seed, V, k) as
/// `maze generate` and `maze batch` seed it (so each population reproduces on any machine,
/// whatever --jobs), and compares the populations side by side: shortest solution length,
/// forward decisions along it, reachable states, grade and mechanic moves (minimum, median, mean,
/// maximum); how many mazes pass their gates, have a unique shortest solution and have
/// black holes; distinct puzzles (mazes passing their gates that are not the same puzzle as
/// an earlier one, up to rotation and reflection; repeats are counted, not searched for
/// again); and the generation time per maze.
///
/// Every figure is over every generated maze, accepted or not, so a rate is the generator's
/// and not a selection's. Times depend on the machine and its load; everything else is
/// reproducible.
///
/// Output: a text table (a column per variant); --json, one JSON document with every figure
/// and each maze's values; --html FILE, a page with the table and, per feature, one
/// histogram per variant on the same axes (same bins, same x range, same y scale).
///
/// Example: `maze compare mine.ron variants/rook.ron --count 50 --html compare.html`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The variant files (RON) to compare, each with its `generate: (...)` settings.
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,
    /// Mazes per variant.
    #[arg(long, default_value_t = 20)]
    count: u64,
    /// Base seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Iterations per search, replacing each file's.
    #[arg(long)]
    iterations: Option<u64>,
    /// Worker threads [default: the available parallelism; more than that is lowered to it].
    #[arg(long)]
    jobs: Option<usize>,
    /// Print one JSON document instead of the table.
    #[arg(long)]
    json: bool,
    /// Also write an HTML page with the table and histograms on shared axes.
    #[arg(long, value_name = "FILE")]
    html: Option<PathBuf>,
    /// Draw no progress bars (they are drawn only on a terminal anyway).
    #[arg(long, short)]
    quiet: bool,
    #[command(flatten)]
    limit: crate::load::Limit,
}

/// Bad command-line values.
#[derive(Debug, Error, Diagnostic)]
#[error("{0}")]
#[diagnostic(code(maze::usage))]
struct Usage(String);

/// One variant file to compare.
struct Variant {
    /// Its stem, which seeds its mazes; `name` when two files share a stem.
    stem: String,
    /// What the table calls it: the stem, made unique.
    name: String,
    file: PathBuf,
    hash: String,
    settings: Settings,
    iterations: u64,
}

/// One generated maze, as the comparison needs it.
struct Sample {
    passed: bool,
    features: Features,
    maze: Maze,
    /// Wall time of its search, in milliseconds.
    millis: f64,
}

/// One population's figures: the JSON document's per-variant object.
#[derive(Serialize)]
struct Population {
    variant: String,
    variant_hash: String,
    file: String,
    objective: &'static str,
    search: &'static str,
    iterations: u64,
    mazes: u64,
    passed_gates: u64,
    solvable: u64,
    unique_shortest: u64,
    with_black_holes: u64,
    distinct_puzzles: u64,
    passed_rate: f64,
    unique_rate: f64,
    black_hole_rate: f64,
    shortest_length: Stats,
    forward_decisions: Stats,
    reachable: Stats,
    grade: Stats,
    mechanic_moves: Stats,
    generation_ms: Stats,
}

#[derive(Serialize)]
struct Comparison {
    seed: u64,
    count: u64,
    engine: &'static str,
    variants: Vec<Population>,
}

/// The distributions the table and the page show, by the JSON field names.
const FEATURES: [&str; 6] = [
    "shortest_length",
    "forward_decisions",
    "reachable",
    "grade",
    "mechanic_moves",
    "generation_ms",
];

impl Population {
    fn stats(&self, feature: &str) -> &Stats {
        match feature {
            "shortest_length" => &self.shortest_length,
            "forward_decisions" => &self.forward_decisions,
            "reachable" => &self.reachable,
            "grade" => &self.grade,
            "mechanic_moves" => &self.mechanic_moves,
            _ => &self.generation_ms,
        }
    }
}

impl Args {
    pub(crate) fn run(self) -> Result<(), crate::failure::Failure> {
        let usage = |m: &str| crate::failure::Failure::from(Box::new(Usage(m.to_string())));
        if self.count == 0 {
            return Err(usage("--count must be at least 1"));
        }
        if self.iterations == Some(0) {
            return Err(usage("--iterations must be at least 1"));
        }
        let jobs = maze::batch::worker_threads(self.jobs).map_err(|e| usage(&e))?;
        let variants = self.variants()?;
        let samples = self.generate(&variants, jobs)?;
        let comparison = Comparison {
            seed: self.seed,
            count: self.count,
            engine: maze::generate::ENGINE,
            variants: variants
                .iter()
                .zip(samples)
                .map(|(v, s)| population(v, &s))
                .collect(),
        };
        if let Some(path) = &self.html {
            crate::output::emit(Some(path), &page(&comparison))?;
        }
        let text = if self.json {
            let mut json = serde_json::to_string_pretty(&comparison)
                .map_err(|e| usage(&format!("cannot write JSON: {e}")))?;
            json.push('\n');
            json
        } else {
            table(&comparison)
        };
        crate::output::emit(None, &text)
    }

    fn variants(&self) -> Result<Vec<Variant>, crate::failure::Failure> {
        let mut variants: Vec<Variant> = Vec::new();
        for file in &self.files {
            let (read, text) = read_file_and_text(file, self.limit)?;
            let settings = read
                .settings()
                .map_err(|e| Box::new(Usage(e.to_string())))?;
            let stem = stem(file);
            let same = variants.iter().filter(|v| v.stem == stem).count();
            variants.push(Variant {
                name: if same == 0 {
                    stem.clone()
                } else {
                    format!("{stem} ({})", same + 1)
                },
                stem,
                file: file.clone(),
                hash: maze::generate::variant_hash(&text),
                iterations: self.iterations.unwrap_or(settings.search.iterations()),
                settings,
            });
        }
        Ok(variants)
    }

    /// Every variant's mazes, in maze order, generated on `jobs` threads.
    fn generate(
        &self,
        variants: &[Variant],
        jobs: usize,
    ) -> Result<Vec<Vec<Sample>>, crate::failure::Failure> {
        let multi = maze::batch::progress(self.quiet);
        let style =
            ProgressStyle::with_template("{prefix:>22} [{bar:30}] {pos}/{len} mazes {elapsed}")
                .map(|s| s.progress_chars("=> "))
                .unwrap_or_else(|_| ProgressStyle::default_bar());
        let bars: Vec<ProgressBar> = variants
            .iter()
            .map(|v| {
                let bar = multi.add(
                    ProgressBar::new(self.count)
                        .with_style(style.clone())
                        .with_prefix(v.name.clone()),
                );
                bar.tick();
                bar
            })
            .collect();
        let items: Vec<(usize, u64)> = (0..variants.len())
            .flat_map(|v| (0..self.count).map(move |k| (v, k)))
            .collect();
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(jobs)
            .build()
            .map_err(|e| Box::new(Usage(format!("cannot start {jobs} threads: {e}"))))?;
        // One maze per task: mazes differ tenfold in cost (see maze-batch).
        let samples: Vec<Sample> = pool
            .install(|| {
                items
                    .par_iter()
                    .with_max_len(1)
                    .map(|&(v, k)| {
                        let variant = &variants[v];
                        let seed = maze::generate::item_seed(self.seed, &variant.stem, k);
                        let started = Instant::now();
                        let outcome = maze::generate::generate(
                            &variant.settings,
                            Some(variant.iterations),
                            seed,
                            &mut |_| {},
                        );
                        let millis = started.elapsed().as_secs_f64() * 1000.0;
                        bars[v].inc(1);
                        outcome.map(|o| Sample {
                            passed: o.passed(),
                            features: o.features,
                            maze: o.maze,
                            millis,
                        })
                    })
                    .collect::<Result<Vec<_>, maze::generate::Error>>()
            })
            .map_err(|e| Box::new(Usage(e.to_string())))?;
        let _ = multi.clear();
        let mut by_variant: Vec<Vec<Sample>> = variants.iter().map(|_| Vec::new()).collect();
        for ((v, _), sample) in items.into_iter().zip(samples) {
            by_variant[v].push(sample);
        }
        Ok(by_variant)
    }
}

fn stem(path: &Path) -> String {
    path.file_stem()
        .map_or_else(|| "maze".to_string(), |s| s.to_string_lossy().into_owned())
}

fn population(v: &Variant, samples: &[Sample]) -> Population {
    let count = |p: &dyn Fn(&Sample) -> bool| samples.iter().filter(|s| p(s)).count() as u64;
    let mut made = maze::generate::Made::default();
    for (k, s) in samples.iter().enumerate() {
        let _ = made.admit_maze(k as u64, &s.maze, s.passed);
    }
    let mazes = samples.len() as u64;
    let rate = |n: u64| n as f64 / mazes.max(1) as f64;
    let passed = count(&|s| s.passed);
    let unique = count(&|s| s.features.unique_shortest);
    let holes = count(&|s| s.features.black_holes.count > 0);
    let values = |f: &dyn Fn(&Features) -> Option<f64>| -> Vec<f64> {
        samples.iter().filter_map(|s| f(&s.features)).collect()
    };
    Population {
        variant: v.name.clone(),
        variant_hash: v.hash.clone(),
        file: v.file.display().to_string(),
        objective: v.settings.objective.name(),
        search: v.settings.search.name(),
        iterations: v.iterations,
        mazes,
        passed_gates: passed,
        solvable: count(&|s| s.features.shortest_length.is_some()),
        unique_shortest: unique,
        with_black_holes: holes,
        distinct_puzzles: made.len() as u64,
        passed_rate: rate(passed),
        unique_rate: rate(unique),
        black_hole_rate: rate(holes),
        shortest_length: stats(values(&|f| f.shortest_length.map(f64::from))),
        forward_decisions: stats(values(&|f| f.forward_decisions)),
        reachable: stats(values(&|f| Some(f.reachable as f64))),
        grade: stats(values(&|f| {
            maze::features::grade(f).map(|g| f64::from(g.level))
        })),
        mechanic_moves: stats(values(&|f| f.mechanic_moves.map(f64::from))),
        generation_ms: stats(samples.iter().map(|s| s.millis).collect()),
    }
}

/// The table's rows: a label and one cell per variant.
fn rows(c: &Comparison) -> Vec<(String, Vec<String>)> {
    let per = |f: &dyn Fn(&Population) -> String| c.variants.iter().map(f).collect::<Vec<_>>();
    let share = |n: u64, p: &Population| format!("{n} ({:.0}%)", 100.0 * rate(n, p.mazes));
    let mut rows = vec![
        ("mazes".to_string(), per(&|p| p.mazes.to_string())),
        ("iterations".to_string(), per(&|p| p.iterations.to_string())),
        (
            "passed gates".to_string(),
            per(&|p| share(p.passed_gates, p)),
        ),
        ("solvable".to_string(), per(&|p| share(p.solvable, p))),
        (
            "unique shortest".to_string(),
            per(&|p| share(p.unique_shortest, p)),
        ),
        (
            "with black holes".to_string(),
            per(&|p| share(p.with_black_holes, p)),
        ),
        (
            "distinct puzzles".to_string(),
            per(&|p| p.distinct_puzzles.to_string()),
        ),
    ];
    for feature in FEATURES {
        let label = if feature == "generation_ms" {
            "generation time (ms)".to_string()
        } else {
            feature.replace('_', " ")
        };
        rows.push((
            format!("{label} min/med/mean/max"),
            per(&|p| spread(p.stats(feature))),
        ));
    }
    rows
}

fn rate(n: u64, of: u64) -> f64 {
    n as f64 / of.max(1) as f64
}

/// `min / median / mean / max`, or `-` without values.
fn spread(s: &Stats) -> String {
    let n = |x: Option<f64>| x.map_or_else(|| "-".to_string(), short);
    if s.n == 0 {
        return "-".to_string();
    }
    format!(
        "{} / {} / {} / {}",
        n(s.min),
        n(s.median),
        n(s.mean),
        n(s.max)
    )
}

/// A number with at most one decimal (integers as integers).
fn short(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        format!("{x:.0}")
    } else {
        report::number((x * 10.0).round() / 10.0)
    }
}

fn table(c: &Comparison) -> String {
    let rows = rows(c);
    let label = rows.iter().map(|(l, _)| l.len()).max().unwrap_or(0);
    let widths: Vec<usize> = c
        .variants
        .iter()
        .enumerate()
        .map(|(i, p)| {
            rows.iter()
                .map(|(_, cells)| cells[i].chars().count())
                .chain([p.variant.chars().count()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut out = format!(
        "{} mazes per variant, seeds item_seed({}, variant, 0..{}), {}\n\n",
        c.count, c.seed, c.count, c.engine
    );
    let _ = write!(out, "{:<label$}", "");
    for (p, w) in c.variants.iter().zip(&widths) {
        let _ = write!(out, "  {:>w$}", p.variant);
    }
    out.push('\n');
    for (name, cells) in &rows {
        let _ = write!(out, "{name:<label$}");
        for (cell, w) in cells.iter().zip(&widths) {
            let _ = write!(out, "  {cell:>w$}");
        }
        out.push('\n');
    }
    out
}

const STYLE: &str = "
body { font-family: system-ui, sans-serif; margin: 1.5em; color: #222; }
table { border-collapse: collapse; }
td, th { padding: 0.2em 0.8em; border-bottom: 1px solid #ddd; text-align: right; }
td:first-child, th:first-child { text-align: left; }
";

/// The page: the table, then per feature one histogram per variant on shared axes.
/// Self-contained and well-formed XML.
fn page(c: &Comparison) -> String {
    use chart::escape;
    let names: Vec<&str> = c.variants.iter().map(|p| p.variant.as_str()).collect();
    let title = format!("Maze comparison: {}", names.join(", "));
    let mut out = format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n\
         <title>{t}</title>\n<style>{STYLE}{charts}</style>\n</head>\n<body>\n<h1>{t}</h1>\n\
         <p>{} mazes per variant from seeds item_seed({}, variant, k), by {}. Every figure is \
         over every generated maze; each feature's histograms share their bins, x range and \
         y scale.</p>\n<table>\n<tr><th></th>",
        c.count,
        c.seed,
        escape(c.engine),
        t = escape(&title),
        charts = chart::STYLE
    );
    for name in &names {
        let _ = write!(out, "<th>{}</th>", escape(name));
    }
    out.push_str("</tr>\n");
    for (label, cells) in rows(c) {
        let _ = write!(out, "<tr><td>{}</td>", escape(&label));
        for cell in cells {
            let _ = write!(out, "<td>{}</td>", escape(&cell));
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</table>\n");
    for feature in FEATURES {
        let populations: Vec<&[f64]> = c
            .variants
            .iter()
            .map(|p| p.stats(feature).values.as_slice())
            .collect();
        let _ = writeln!(
            out,
            "<section id=\"{feature}\">\n<h2>{feature}</h2>\n<div class=\"charts\">"
        );
        for figure in chart::histograms(feature, &populations, &names) {
            out.push_str(&figure);
            out.push('\n');
        }
        out.push_str("</div>\n</section>\n");
    }
    out.push_str("</body>\n</html>\n");
    out
}
