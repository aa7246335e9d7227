//! `maze batch`: mazes of any variant files for publishing, through the `maze-batch` crate;
//! this module is its command line and its exit statuses.

use std::path::PathBuf;
use std::time::Instant;

/// Generate mazes of any variant files for publishing, in parallel, resumably.
///
/// For each variant file V.ron (any folder) and k = 0 .. --count - 1, maze k is searched for
/// from seed item_seed(--seed, V, k), exactly as `maze generate V.ron --seed S --count N`
/// seeds it, so both make the same maze files. Into --out DIR it writes:
///
/// - DIR/index.html: per variant, histograms of shortest length, energy, grade and
///   decisions (every variant's histograms of one feature on the same axes), and a
///   thumbnail of every maze linking to its files.
///
/// - DIR/V/summary.csv, DIR/V/summary.json: every maze's features, grade, energy and gates.
///
/// Variants are made and listed in the order given; k is zero-padded to the width of the
/// last index (`rook-7-03` of 12), so that the files sort in the batch's order.
///
/// - DIR/V/V-S-k.ron: the maze file, with its provenance; DIR/V/V-S-k.svg: the puzzle;
///   DIR/V/V-S-k-answer.svg: the puzzle with its solution; DIR/V/V-S-k-answer.json: the
///   answer key (moves, length, uniqueness, states, the maze file's hash).
///
/// - DIR/V/V-S-k.rejected.ron: instead of those four, the best maze the search reached when
///   it fails its variant's gates.
///
/// A variant is named by its file's stem and a hash of its text, never by its path: the
/// same file and seed give the same bytes from any folder and on any machine. Mazes are
/// distinct puzzles: one that repeats an earlier maze of its variant (up to rotation and
/// reflection) is searched for again, and its provenance says which search made it (retry).
///
/// Resume: every file is written to a temporary name and renamed, so an interrupted run
/// leaves no half-written file; run the same command again and it skips the mazes already
/// written (reading them back for the summaries), and refuses files written with other
/// settings or from an edited variant file, and a maze file that disagrees with its answer
/// key or pictures (the key records the maze file's hash: a file edited by hand). The output is byte-identical for any --jobs,
/// any interruption and any split into shards.
///
/// One batch per folder: a batch holds DIR/.maze-batch.lock (its process id, machine and
/// start time) while it runs and removes it when it ends, on an error too; a second batch on
/// DIR refuses, naming the process that holds it. Shards of one split (--shard I/N, the same
/// N) share DIR. A lock left behind by a batch that was killed (Ctrl-C) is taken over, with
/// a note, once its process is gone (on Linux, told by /proc/PID and its start time).
///
/// Shards: --shard I/N makes maze k of the batch's global (variant, index) order when
/// k mod N = I, and writes no summaries; copy every shard's DIR into one, then run with
/// --summarize (same files and options) to write the summaries and the index page.
///
/// Exit status: 0 when every maze passes its gates; 1 when some fail them (their
/// .rejected.ron files are written) or a variant ran out of distinct puzzles; 2 when the
/// batch could not be made (an unreadable or invalid file, bad options, a failed write).
///
/// Example: `maze batch my_rules.ron variants/rook.ron --count 20 --seed 7 --out book`,
/// then `maze batch my_rules.ron variants/rook.ron --count 20 --seed 7 --out book --shard
/// 0/2` on one machine and `--shard 1/2` on another, and `--summarize` on their union.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The variant files (RON), each with its `generate: (...)` settings.
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,
    #[command(flatten)]
    options: maze::batch::Options,
    /// Print the run's report as one JSON document (per variant: mazes, generated, already
    /// written, accepted, rejected, timed out, mean energy, length and grade) instead of
    /// the table.
    #[arg(long)]
    json: bool,
}

impl Args {
    pub(crate) fn run(self) -> Result<(), crate::failure::Failure> {
        let config = maze::batch::Config::new(&self.files, &self.options).map_err(failure)?;
        let started = Instant::now();
        // --quiet prints nothing on success; --json only the document.
        let talk = !self.options.quiet && !self.json;
        if talk {
            crate::output::emit(None, &format!("{}\n\n", maze::batch::intro(&config)))?;
        }
        let quiet = self.options.quiet || self.json;
        let report = maze::batch::batch(&config, &maze::batch::progress(quiet)).map_err(failure)?;
        if talk {
            crate::output::emit(
                None,
                &maze::batch::outro(&config, &report, started.elapsed(), "maze batch"),
            )?;
        } else if self.json && !self.options.quiet {
            let json = serde_json::to_string_pretty(&report).unwrap_or_default();
            crate::output::emit(None, &format!("{json}\n"))?;
        }
        let rejected: u64 = report.variants.iter().map(|v| v.rejected).sum();
        if rejected > 0 {
            return Err(crate::failure::Failure::Negative(Some(miette::miette!(
                code = "maze::gates",
                help = "give the search more iterations (--iterations) or attempts, or relax the gates",
                "{rejected} maze{} did not pass the gates: see the .rejected.ron files",
                if rejected == 1 { "" } else { "s" }
            ))));
        }
        Ok(())
    }
}

/// A batch's error as the command reports it: a file's diagnostic drawn where it points,
/// too few distinct puzzles as a "no" (status 1), anything else as status 2.
fn failure(e: maze::batch::Error) -> crate::failure::Failure {
    match e {
        maze::batch::Error::Invalid(spec) => {
            crate::failure::Failure::Report(miette::Report::new_boxed(spec))
        }
        maze::batch::Error::FewDistinct(message) => {
            crate::failure::Failure::Negative(Some(miette::miette!(
                code = "maze::few_distinct",
                help = "ask for fewer mazes, or give the search more to vary",
                "{message}"
            )))
        }
        e => crate::failure::Failure::Report(miette::miette!(code = "maze::batch", "{e}")),
    }
}
