//! `cargo xtask batch`: mazes of many variants for publishers, generated in parallel, written
//! atomically and resumably, with per-variant summaries and an index page. It orchestrates
//! the libraries (`maze_gen::generate`, `maze_render::svg`, `maze_features`); every byte it
//! writes depends only on the arguments, never on threads, shards or interruptions.

pub(crate) mod bench;
mod html;
mod item;
mod summary;
#[cfg(test)]
mod tests;

use std::fmt;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::time::Instant;

use indicatif::{MultiProgress, ProgressBar, ProgressDrawTarget, ProgressStyle};
use maze_variants::{Generate, Maze};
use rayon::prelude::*;

use crate::quality::{bundled, read, stem};

pub(crate) use item::Record;

/// Generate mazes of many variants in parallel for publishing: for each maze its file, a
/// puzzle picture, an answer picture and an answer key; per variant a summary (CSV and JSON
/// of every maze's features); and an index page with histograms and thumbnails.
///
/// Maze k of variant V is seeded from item_seed(--seed, V, k), exactly as `maze generate
/// variants/V.ron --seed S --count N` seeds it, so both make the same maze files. Output:
///
/// - DIR/index.html: histograms and thumbnails of every variant.
///
/// - DIR/V/summary.csv, DIR/V/summary.json: every maze's features, energy and gates.
///
/// - DIR/V/V-S-k.ron: the maze file, with its provenance.
///
/// - DIR/V/V-S-k.svg: the puzzle, without its solution.
///
/// - DIR/V/V-S-k-answer.svg: the puzzle with its solution drawn on it.
///
/// - DIR/V/V-S-k-answer.json: the answer key (moves, length, uniqueness, states).
///
/// - DIR/V/V-S-k.rejected.ron: instead of those four, the best maze the search reached when
///   it fails its variant's gates.
///
/// The output is byte-identical for any --jobs and any split into shards. Every file is
/// written to a temporary name and renamed, so an interrupted run leaves no half-written
/// file; a re-run skips the mazes already written (reading them back for the summaries) and
/// refuses files written with other settings.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// A bundled variant, by name (the file stem in variants/, e.g. rook); repeat for several
    /// [default: every bundled variant].
    #[arg(long = "variant", value_name = "NAME")]
    variants: Vec<String>,
    /// Mazes per variant.
    #[arg(long, default_value_t = 10)]
    count: u64,
    /// Base seed of the batch.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Iterations per search, replacing each variant's own budget.
    #[arg(long)]
    iterations: Option<u64>,
    /// Worker threads [default: the available parallelism].
    #[arg(long)]
    jobs: Option<usize>,
    /// Output folder.
    #[arg(long, value_name = "DIR", default_value = "out/batch")]
    out: PathBuf,
    /// Make only part I of N of the batch (0-based: 0/N .. N-1/N), for N machines or a job
    /// array: maze k of the batch's (variant, index) order belongs to shard k mod N. A shard
    /// writes its mazes but no summaries; once every shard is done, `--summarize` (or a run
    /// without --shard) writes them.
    #[arg(long, value_name = "I/N", conflicts_with = "summarize")]
    shard: Option<Shard>,
    /// Generate nothing: write the summaries and the index page from the mazes already in
    /// DIR (for example the union of every shard's output); fails if any maze is missing.
    #[arg(long)]
    summarize: bool,
}

/// Part `index` of `count` of a batch (0-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Shard {
    pub index: u64,
    pub count: u64,
}

impl Shard {
    /// Whether item `k` of the batch's global order belongs to this shard. Round robin, so
    /// every shard gets a share of every variant (variants differ tenfold in cost).
    fn owns(self, k: u64) -> bool {
        k % self.count == self.index
    }
}

impl FromStr for Shard {
    type Err = String;

    fn from_str(s: &str) -> Result<Shard, String> {
        let expected = || {
            format!(
                "expected I/N with 0 <= I < N (0-based: shards 0/4, 1/4, 2/4 and 3/4 make a \
                 batch on 4 machines), got `{s}`"
            )
        };
        let (i, n) = s.split_once('/').ok_or_else(expected)?;
        let index: u64 = i.trim().parse().map_err(|_| expected())?;
        let count: u64 = n.trim().parse().map_err(|_| expected())?;
        if count == 0 || index >= count {
            return Err(expected());
        }
        Ok(Shard { index, count })
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// A bundled variant as a batch uses it.
pub(crate) struct Variant {
    /// The file stem, `rook`: directory, file names and seeds use it.
    pub name: String,
    /// `variants/rook.ron`, as recorded in every maze's provenance (what `maze generate
    /// variants/rook.ron` records when run from the workspace root).
    pub source: String,
    pub maze: Maze,
    pub settings: Generate,
    /// Iterations per search.
    pub iterations: u64,
}

/// Whether a run generates missing mazes or only summarizes existing ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mode {
    Generate,
    Summarize,
}

/// A batch, resolved from the arguments.
pub(crate) struct Config {
    /// Sorted by name: the batch's global item order is variant by variant, index by index.
    pub variants: Vec<Variant>,
    pub count: u64,
    pub seed: u64,
    pub jobs: usize,
    pub out: PathBuf,
    pub shard: Option<Shard>,
    pub mode: Mode,
}

impl Config {
    /// Reads the variants named in `args` (all bundled ones when none are) and checks the
    /// numbers.
    pub(crate) fn resolve(args: &Args) -> Result<Config, String> {
        let files = bundled()?;
        let available: Vec<String> = files.iter().map(|p| stem(p)).collect();
        let mut names = if args.variants.is_empty() {
            available.clone()
        } else {
            args.variants.clone()
        };
        // The global item order, and so each shard's share, must not depend on how the
        // names were written on the command line.
        names.sort();
        names.dedup();
        let mut variants = Vec::new();
        for name in names {
            let Some(path) = files.iter().find(|p| stem(p) == name) else {
                return Err(format!(
                    "unknown variant `{name}`: the bundled variants are {}",
                    available.join(", ")
                ));
            };
            variants.push(load_variant(path, &name, args.iterations)?);
        }
        if args.count == 0 {
            return Err("--count must be at least 1".to_string());
        }
        let jobs = match args.jobs {
            Some(0) => return Err("--jobs must be at least 1".to_string()),
            Some(j) => j,
            None => std::thread::available_parallelism().map_or(1, usize::from),
        };
        Ok(Config {
            variants,
            count: args.count,
            seed: args.seed,
            jobs,
            out: args.out.clone(),
            shard: args.shard,
            mode: if args.summarize {
                Mode::Summarize
            } else {
                Mode::Generate
            },
        })
    }

    /// The (variant, index) items this run makes, in the batch's global order.
    fn items(&self) -> Vec<(usize, u64)> {
        let all = (0..self.variants.len()).flat_map(|v| (0..self.count).map(move |i| (v, i)));
        all.zip(0u64..)
            .filter(|&(_, k)| self.shard.is_none_or(|s| s.owns(k)))
            .map(|(item, _)| item)
            .collect()
    }
}

fn load_variant(path: &Path, name: &str, iterations: Option<u64>) -> Result<Variant, String> {
    let file = read(&path.to_path_buf())?;
    let settings = file.generate.unwrap_or_default();
    let iterations = match iterations {
        Some(0) => return Err("--iterations must be at least 1".to_string()),
        Some(n) => n,
        None => settings.search.iterations(),
    };
    Ok(Variant {
        name: name.to_string(),
        source: format!("variants/{name}.ron"),
        maze: file.maze,
        settings,
        iterations,
    })
}

/// What a run did for one variant.
#[derive(Debug, PartialEq)]
pub(crate) struct VariantReport {
    pub name: String,
    /// Mazes of this run (a shard's share, or all).
    pub mazes: u64,
    /// Mazes searched for in this run.
    pub generated: u64,
    /// Mazes found already written and read back.
    pub skipped: u64,
    pub accepted: u64,
    pub rejected: u64,
    /// Mean energy and shortest length of the accepted mazes.
    pub mean_energy: Option<f64>,
    pub mean_length: Option<f64>,
}

/// What a run did.
#[derive(Debug)]
pub(crate) struct Report {
    pub variants: Vec<VariantReport>,
    /// Whether the summaries and the index page were written (not by a shard).
    pub summarized: bool,
}

pub fn run(args: &Args) -> Result<(), String> {
    let config = Config::resolve(args)?;
    let multi = if std::io::stderr().is_terminal() {
        MultiProgress::new()
    } else {
        MultiProgress::with_draw_target(ProgressDrawTarget::hidden())
    };
    let started = Instant::now();
    let items = config.items().len();
    let mut intro = format!(
        "{} variant{} x {} mazes, seed {}, {} job{}, into {}",
        config.variants.len(),
        plural(config.variants.len() as u64),
        config.count,
        config.seed,
        config.jobs,
        plural(config.jobs as u64),
        config.out.display()
    );
    if let Some(shard) = config.shard {
        intro.push_str(&format!(
            "; shard {shard}: {items} of {} mazes",
            config.variants.len() as u64 * config.count
        ));
    }
    if config.mode == Mode::Summarize {
        intro.push_str("; summarizing the mazes already written");
    }
    println!("{intro}\n");
    let report = batch(&config, &multi)?;
    println!(
        "| variant | mazes | generated | already written | accepted | rejected | mean energy | mean shortest length |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|");
    for v in &report.variants {
        let mean = |x: Option<f64>| x.map_or("-".to_string(), |x| format!("{x:.2}"));
        println!(
            "| {} | {} | {} | {} | {} | {} | {} | {} |",
            v.name,
            v.mazes,
            v.generated,
            v.skipped,
            v.accepted,
            v.rejected,
            mean(v.mean_energy),
            mean(v.mean_length)
        );
    }
    println!();
    if report.summarized {
        println!(
            "Wrote {} and summary.csv, summary.json per variant in {:.1} s.",
            config.out.join("index.html").display(),
            started.elapsed().as_secs_f64()
        );
    } else {
        println!(
            "Shard {} done in {:.1} s. A shard writes no summaries: once every shard is done, \
             run `cargo xtask batch --summarize` with the same --variant, --count, --seed, \
             --iterations and --out.",
            config.shard.map_or_else(String::new, |s| s.to_string()),
            started.elapsed().as_secs_f64()
        );
    }
    Ok(())
}

fn plural(n: u64) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// Makes every maze of a variant a distinct puzzle: in index order, a maze that passes its
/// gates but repeats an earlier maze of its variant (up to the board's symmetries) is
/// searched for again from seeds derived from its own ([`maze_gen::generate_distinct`]) and
/// its files replaced. Only a run that sees every maze can tell, so a shard leaves this to
/// `--summarize`; the result is the same for any --jobs, any shards and any interruption.
fn distinct(
    config: &Config,
    items: &[(usize, u64)],
    done: &mut [item::Done],
) -> Result<(), String> {
    if config.shard.is_some() {
        return Ok(());
    }
    for (v, variant) in config.variants.iter().enumerate() {
        let mut made = maze_gen::Made::default();
        let mut order: Vec<usize> = (0..items.len()).filter(|&p| items[p].0 == v).collect();
        order.sort_by_key(|&p| items[p].1);
        for p in order {
            let index = items[p].1;
            let record = match &done[p] {
                item::Done::Generated(r) | item::Done::Skipped(r) => r,
                item::Done::Missing(_) => continue,
            };
            if made.admit_maze(index, &record.maze, record.passed).is_err() {
                let again = item::search_again(config, variant, index, &mut made)?;
                done[p] = item::Done::Generated(again);
            }
        }
    }
    Ok(())
}

/// Runs a batch: every item of this run on a pool of `config.jobs` threads, then (unless a
/// shard) the distinct-puzzle pass and the summaries from every item's record in index
/// order.
pub(crate) fn batch(config: &Config, multi: &MultiProgress) -> Result<Report, String> {
    let items = config.items();
    for variant in &config.variants {
        let dir = config.out.join(&variant.name);
        std::fs::create_dir_all(&dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    let style = ProgressStyle::with_template("{prefix:>22} [{bar:30}] {pos}/{len} mazes {elapsed}")
        .map_err(|e| e.to_string())?
        .progress_chars("=> ");
    let bars: Vec<ProgressBar> = config
        .variants
        .iter()
        .enumerate()
        .map(|(v, variant)| {
            let n = items.iter().filter(|(w, _)| *w == v).count() as u64;
            let bar = multi.add(
                ProgressBar::new(n)
                    .with_style(style.clone())
                    .with_prefix(variant.name.clone()),
            );
            // Drawn now, so every variant's bar shows from the start, not from its first maze.
            bar.tick();
            bar
        })
        .collect();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(config.jobs)
        .thread_name(|i| format!("batch-{i}"))
        .build()
        .map_err(|e| format!("cannot start {} threads: {e}", config.jobs))?;
    // Items are independent: each one's files depend only on its seed, and its record comes
    // back in the batch's order whatever thread made it. One item per task: rayon would
    // otherwise run runs of items as unsplittable leaves, and as items differ tenfold in cost
    // one thread could be left with a long tail of them while the other idles (a 1.84x
    // speed-up on two cores instead of 1.95x).
    let done: Vec<item::Done> = pool.install(|| {
        items
            .par_iter()
            .with_max_len(1)
            .map(|&(v, index)| {
                let done = item::process(config, &config.variants[v], index);
                bars[v].inc(1);
                done
            })
            .collect::<Result<Vec<_>, String>>()
    })?;
    for bar in &bars {
        bar.finish();
    }
    let _ = multi.clear();
    let mut done = done;
    distinct(config, &items, &mut done)?;

    let mut records: Vec<Vec<Record>> = config.variants.iter().map(|_| Vec::new()).collect();
    let mut reports: Vec<VariantReport> = config
        .variants
        .iter()
        .map(|v| VariantReport {
            name: v.name.clone(),
            mazes: 0,
            generated: 0,
            skipped: 0,
            accepted: 0,
            rejected: 0,
            mean_energy: None,
            mean_length: None,
        })
        .collect();
    let mut missing = Vec::new();
    for (&(v, _), done) in items.iter().zip(done) {
        let report = &mut reports[v];
        report.mazes += 1;
        match done {
            item::Done::Generated(r) => {
                report.generated += 1;
                records[v].push(r);
            }
            item::Done::Skipped(r) => {
                report.skipped += 1;
                records[v].push(r);
            }
            item::Done::Missing(name) => {
                missing.push(format!("{}/{name}", config.variants[v].name))
            }
        }
    }
    if !missing.is_empty() {
        let shown: Vec<&str> = missing.iter().take(5).map(String::as_str).collect();
        return Err(format!(
            "cannot summarize: {} maze{} missing from {} ({}{}); run the shards that make them, \
             or run without --summarize to generate them",
            missing.len(),
            if missing.len() == 1 { " is" } else { "s are" },
            config.out.display(),
            shown.join(", "),
            if missing.len() > shown.len() {
                ", ..."
            } else {
                ""
            }
        ));
    }
    for (report, records) in reports.iter_mut().zip(&records) {
        let accepted: Vec<&Record> = records.iter().filter(|r| r.passed).collect();
        report.accepted = accepted.len() as u64;
        report.rejected = (records.len() - accepted.len()) as u64;
        if !accepted.is_empty() {
            let n = accepted.len() as f64;
            report.mean_energy = Some(accepted.iter().map(|r| r.energy).sum::<f64>() / n);
            let lengths: Vec<f64> = accepted
                .iter()
                .filter_map(|r| r.features.shortest_length.map(f64::from))
                .collect();
            if !lengths.is_empty() {
                report.mean_length = Some(lengths.iter().sum::<f64>() / lengths.len() as f64);
            }
        }
    }

    // A shard sees only its share: summaries written by concurrent shards into one shared
    // folder would overwrite each other with partial lists, so they wait for --summarize.
    let summarized = config.shard.is_none();
    if summarized {
        pool.install(|| {
            config
                .variants
                .par_iter()
                .zip(&records)
                .map(|(variant, records)| summary::write(config, variant, records))
                .collect::<Result<(), String>>()
        })?;
        let page = html::page(config, &records);
        item::write_atomic(&config.out.join("index.html"), page.as_bytes())?;
    }
    Ok(Report {
        variants: reports,
        summarized,
    })
}
