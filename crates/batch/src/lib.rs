//! Batch generation for publishers, for any variant files: mazes generated in parallel,
//! written atomically and resumably, with answer keys, per-variant summaries and an index
//! page. `maze batch FILE...` and `cargo xtask batch` (the bundled variants by name) are two
//! front ends over this crate; every byte it writes depends only on the variant files' stems
//! and contents and the options, never on threads, shards, interruptions or the folder the
//! files are in.
#![deny(missing_docs)]

mod atomic;
pub mod chart;
mod config;
mod html;
mod item;
mod lock;
mod summary;
#[cfg(test)]
mod tests;

use std::fmt::Write as _;
use std::io::IsTerminal;
use std::time::Duration;

use indicatif::{MultiProgress, ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;

pub use atomic::{clean_up_on_interrupt, write_atomic};
pub use config::{
    Config, Error, Mode, Options, Shard, Variant, parse_grade, parse_seconds, with_gates,
    worker_threads,
};
use item::Record;
pub use item::stem;

/// What a run did for one variant.
#[derive(Debug, PartialEq, serde::Serialize)]
pub struct VariantReport {
    /// The variant.
    pub name: String,
    /// Mazes of this run (a shard's share, or all).
    pub mazes: u64,
    /// Mazes searched for in this run.
    pub generated: u64,
    /// Mazes found already written and read back.
    pub skipped: u64,
    /// Mazes that pass their variant's gates.
    pub accepted: u64,
    /// Mazes that fail them.
    pub rejected: u64,
    /// Mazes the time limit cut short (accepted or rejected).
    pub timed_out: u64,
    /// Mean energy of the accepted mazes.
    pub mean_energy: Option<f64>,
    /// Mean shortest length of the accepted mazes.
    pub mean_length: Option<f64>,
    /// Mean difficulty grade (1 easy to 5 fiendish) of the accepted mazes.
    pub mean_grade: Option<f64>,
}

/// What a run did.
#[derive(Debug, serde::Serialize)]
pub struct Report {
    /// Per variant, in the batch's order.
    pub variants: Vec<VariantReport>,
    /// Whether the summaries and the index page were written (not by a shard).
    pub summarized: bool,
}

/// Where a batch draws its progress bars: on standard error when it is a terminal and
/// `quiet` is not asked for, nowhere otherwise.
pub fn progress(quiet: bool) -> MultiProgress {
    if !quiet && std::io::stderr().is_terminal() {
        MultiProgress::new()
    } else {
        MultiProgress::with_draw_target(ProgressDrawTarget::hidden())
    }
}

/// The line a front end prints before the batch: what it makes and where.
pub fn intro(config: &Config) -> String {
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
        let _ = write!(
            intro,
            "; shard {shard}: {items} of {} mazes",
            config.variants.len() as u64 * config.count
        );
    }
    if config.mode == Mode::Summarize {
        intro.push_str("; summarizing the mazes already written");
    }
    intro
}

/// The table and closing line a front end prints after the batch; `command` is how the
/// front end is run (`maze batch FILE...`), for the hint after a shard.
pub fn outro(config: &Config, report: &Report, elapsed: Duration, command: &str) -> String {
    let mut out = String::from(
        "| variant | mazes | generated | already written | accepted | rejected | mean energy | mean shortest length | mean grade |\n\
         |---|---:|---:|---:|---:|---:|---:|---:|---:|\n",
    );
    for v in &report.variants {
        let mean = |x: Option<f64>| x.map_or("-".to_string(), |x| format!("{x:.2}"));
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} |",
            v.name,
            v.mazes,
            v.generated,
            v.skipped,
            v.accepted,
            v.rejected,
            mean(v.mean_energy),
            mean(v.mean_length),
            mean(v.mean_grade)
        );
    }
    out.push('\n');
    let timed_out: u64 = report.variants.iter().map(|v| v.timed_out).sum();
    if timed_out > 0 {
        let _ = writeln!(
            out,
            "{timed_out} maze{} cut short by the time limit: the best reached by then, marked \
             `timed_out` in {} provenance, answer key and summaries.",
            if timed_out == 1 { " was" } else { "s were" },
            if timed_out == 1 { "its" } else { "their" }
        );
    }
    if report.summarized {
        let _ = writeln!(
            out,
            "Wrote {} and summary.csv, summary.json per variant in {:.1} s.",
            config.out.join("index.html").display(),
            elapsed.as_secs_f64()
        );
    } else {
        let _ = writeln!(
            out,
            "Shard {} done in {:.1} s. A shard writes no summaries: once every shard is done, \
             run `{command} --summarize` with the same variants, --count, --seed, --iterations \
             and --out.",
            config.shard.map_or_else(String::new, |s| s.to_string()),
            elapsed.as_secs_f64()
        );
    }
    out
}

fn plural(n: u64) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// Makes every maze of a variant a distinct puzzle: in index order, a maze that passes its
/// gates but repeats an earlier maze of its variant (up to the board's symmetries) is
/// searched for again from seeds derived from its own ([`maze_gen::generate_distinct`]) and
/// its files replaced. Only a run that sees every maze can tell, so a shard leaves this to
/// `--summarize`; the result is the same for any --jobs, any shards and any interruption.
fn distinct(config: &Config, items: &[(usize, u64)], done: &mut [item::Done]) -> Result<(), Error> {
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

/// Makes a variant's folder `dir` inside `--out`, or takes the one there, refusing anything
/// but a real folder: a symbolic link there (`out/rook -> elsewhere`) would have the batch
/// write, and on resume read and remove, files outside `--out`.
fn variant_folder(dir: &std::path::Path) -> Result<(), Error> {
    match std::fs::create_dir(dir) {
        Err(e) if e.kind() != std::io::ErrorKind::AlreadyExists => {
            return Err(Error::Io(format!("cannot create {}: {e}", dir.display())));
        }
        _ => {}
    }
    let found = std::fs::symlink_metadata(dir)
        .map_err(|e| Error::Io(format!("cannot read {}: {e}", dir.display())))?;
    if found.is_dir() {
        return Ok(());
    }
    let what = if found.file_type().is_symlink() {
        "a symbolic link"
    } else {
        "not a folder"
    };
    Err(Error::Io(format!(
        "{} is {what}: a batch writes a variant's files only into a real folder inside --out, \
         never through a link out of it; remove it or write to another --out",
        dir.display()
    )))
}

/// Runs a batch: every item of this run on a pool of `config.jobs` threads, one progress bar
/// per variant in `multi`, then (unless a shard) the distinct-puzzle pass and the summaries
/// from every item's record in index order.
pub fn batch(config: &Config, multi: &MultiProgress) -> Result<Report, Error> {
    let items = config.items();
    std::fs::create_dir_all(&config.out)
        .map_err(|e| Error::Io(format!("cannot create {}: {e}", config.out.display())))?;
    // Held until this function returns, whether it succeeds or fails: dropping it removes
    // the lock file.
    let _lock = lock::acquire(&config.out, config.shard)?;
    for variant in &config.variants {
        variant_folder(&config.out.join(&variant.name))?;
    }
    // Under the lock: no other run of this folder is writing, bar shards whose processes
    // still run, whose temporary files are kept.
    for dir in std::iter::once(config.out.clone())
        .chain(config.variants.iter().map(|v| config.out.join(&v.name)))
    {
        lock::remove_stale_temps(&dir).map_err(|e| {
            Error::Io(format!(
                "cannot remove stale temporary files in {}: {e}",
                dir.display()
            ))
        })?;
    }
    let style = ProgressStyle::with_template("{prefix:>22} [{bar:30}] {pos}/{len} mazes {elapsed}")
        .map_err(|e| Error::Io(e.to_string()))?
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
        .map_err(|e| Error::Io(format!("cannot start {} threads: {e}", config.jobs)))?;
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
            .collect::<Result<Vec<_>, Error>>()
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
            timed_out: 0,
            mean_energy: None,
            mean_length: None,
            mean_grade: None,
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
        return Err(Error::Missing(format!(
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
        )));
    }
    for (report, records) in reports.iter_mut().zip(&records) {
        let accepted: Vec<&Record> = records.iter().filter(|r| r.passed).collect();
        report.accepted = accepted.len() as u64;
        report.rejected = (records.len() - accepted.len()) as u64;
        report.timed_out = records.iter().filter(|r| r.timed_out).count() as u64;
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
            let grades: Vec<f64> = accepted
                .iter()
                .filter_map(|r| maze_features::grade(&r.features).map(|g| f64::from(g.level)))
                .collect();
            if !grades.is_empty() {
                report.mean_grade = Some(grades.iter().sum::<f64>() / grades.len() as f64);
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
                .collect::<Result<(), Error>>()
        })?;
        let page = html::page(config, &records);
        item::write_atomic(&config.out.join("index.html"), page.as_bytes())?;
    }
    Ok(Report {
        variants: reports,
        summarized,
    })
}
