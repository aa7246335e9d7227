//! What a batch is asked to make: the front ends' options, the variant files read and
//! checked into a [`Config`], the shard a run makes, and the errors a batch reports.

use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::time::Duration;

use maze_file::{ReadLimits, SpecError};
use maze_gen::Settings;
use maze_variants::{Maze, StateLimit};

/// What a batch makes, shared by its front ends' command lines (`--count`, `--seed`, ...).
#[derive(Clone, Debug, clap::Args)]
pub struct Options {
    /// Mazes per variant.
    #[arg(long, default_value_t = 10)]
    pub count: u64,
    /// Base seed of the batch.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Iterations per search, replacing each variant file's own budget.
    #[arg(long)]
    pub iterations: Option<u64>,
    /// Worker threads [default: the available parallelism; more than that is lowered to it].
    #[arg(long)]
    pub jobs: Option<usize>,
    /// Output folder.
    #[arg(long, value_name = "DIR", default_value = "out/batch")]
    pub out: PathBuf,
    /// Make only part I of N of the batch (0-based: 0/N .. N-1/N), for N machines or a job
    /// array: maze k of the batch's (variant, index) order belongs to shard k mod N. A shard
    /// writes its mazes but no summaries; once every shard is done, `--summarize` (or a run
    /// without --shard) writes them.
    #[arg(long, value_name = "I/N", conflicts_with = "summarize")]
    pub shard: Option<Shard>,
    /// Generate nothing: write the summaries and the index page from the mazes already in
    /// DIR (for example the union of every shard's output); fails if any maze is missing.
    #[arg(long)]
    pub summarize: bool,
    /// Draw no progress bars (they are drawn only on a terminal anyway).
    #[arg(long, short)]
    pub quiet: bool,
    /// Stop each maze's search after this many seconds: it ends with the best maze reached
    /// by then, marked as cut short in its provenance (`timed_out: true`, and the iterations
    /// it ran), its answer key, the summaries and the index page. Such a maze depends on the
    /// machine's speed, not only on its seed; a resumed batch keeps it (remove its files to
    /// search for it again).
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub time_limit: Option<Duration>,
    /// Refuse variant files whose maze may have more states than this, before building
    /// anything (default 20000000); it also replaces the limit on the boards a variant's
    /// settings generate (by default the file's `state_limit` setting, or 2000000).
    #[arg(long, value_name = "STATES")]
    pub state_limit: Option<StateLimit>,
    /// Keep only mazes of a difficulty grade from LO to HI (1 easy to 5 fiendish, both
    /// included: `--grade 2..3`), replacing each variant file's `grade` gate.
    #[arg(long, value_name = "LO..HI", value_parser = parse_grade)]
    pub grade: Option<(u8, u8)>,
    /// Keep only mazes whose shortest solution has at most N moves, replacing each variant
    /// file's `max_length` gate.
    #[arg(long, value_name = "N")]
    pub max_length: Option<u32>,
}

/// A grade range `LO..HI` (or one grade `N`), 1 to 5: `--grade` of `maze batch` and `maze
/// generate`.
pub fn parse_grade(s: &str) -> Result<(u8, u8), String> {
    let expected = || format!("expected a grade range LO..HI from 1 to 5, such as 2..3, got `{s}`");
    let (lo, hi) = s.split_once("..").unwrap_or((s, s));
    let lo: u8 = lo.trim().parse().map_err(|_| expected())?;
    let hi: u8 = hi.trim().parse().map_err(|_| expected())?;
    if !(1..=5).contains(&lo) || !(lo..=5).contains(&hi) {
        return Err(expected());
    }
    Ok((lo, hi))
}

/// `settings` with the gates a command line replaces (`--grade`, `--max-length`), validated
/// again against `maze`.
pub fn with_gates(
    maze: &Maze,
    settings: Settings,
    grade: Option<(u8, u8)>,
    max_length: Option<u32>,
) -> Result<Settings, maze_gen::SettingsError> {
    if grade.is_none() && max_length.is_none() {
        return Ok(settings);
    }
    let mut generate = settings.into_generate();
    if grade.is_some() {
        generate.gates.grade = grade;
    }
    if max_length.is_some() {
        generate.gates.max_length = max_length;
    }
    Settings::new(maze, generate)
}

/// A time limit in seconds (fractions allowed), positive and finite: `--time-limit` of
/// `maze batch`, `cargo xtask batch` and `maze generate`.
pub fn parse_seconds(s: &str) -> Result<Duration, String> {
    let x: f64 = s
        .parse()
        .map_err(|e| format!("not a number of seconds: {e}"))?;
    if x > 0.0 {
        Duration::try_from_secs_f64(x).map_err(|e| format!("not a time limit: {e}"))
    } else {
        Err(format!("{x} seconds: a time limit is more than 0"))
    }
}

/// Why a batch could not be made.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Options, or variant files, that cannot make a batch.
    #[error("{0}")]
    Usage(String),
    /// A variant file whose stem cannot name a folder and files inside `--out` (`..`, a
    /// separator, a control character): the batch would write outside `--out`.
    #[error(
        "{}: a batch names a variant's folder and files after its file's stem, and `{stem}` \
         {reason}: rename the file",
        path.display()
    )]
    UnsafeName {
        /// The file.
        path: PathBuf,
        /// Its stem, escaped for printing.
        stem: String,
        /// Why the stem cannot be used.
        reason: &'static str,
    },
    /// A variant file that cannot be read.
    #[error("cannot read {path}: {source}")]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A variant file that is not a valid maze file (a diagnostic that points into it).
    #[error("{}", .0.one_line())]
    Invalid(Box<SpecError>),
    /// A file of the batch that cannot be written or removed.
    #[error("{0}")]
    Io(String),
    /// Files in the output folder this batch cannot take as its own: written by another
    /// batch, or unreadable.
    #[error("{0}")]
    Resume(String),
    /// `--summarize` while some mazes are not written yet.
    #[error("{0}")]
    Missing(String),
    /// A variant's settings do not fit its maze (the defaults, for a file without them).
    #[error("{}: {source}", path.display())]
    Settings {
        /// The variant file.
        path: PathBuf,
        /// What is wrong with the settings.
        source: maze_gen::SettingsError,
    },
    /// The generator could not run on a variant's settings.
    #[error("{}: {source}", path.display())]
    Generate {
        /// The variant file.
        path: PathBuf,
        /// Why.
        source: maze_gen::Error,
    },
    /// Another batch is writing into `--out` (its lock file is there and its process runs).
    #[error("{0}")]
    Locked(String),
    /// A variant's settings made too few distinct puzzles for the count asked.
    #[error("{0}")]
    FewDistinct(String),
}

/// Part `index` of `count` of a batch (0-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// Which part.
    pub index: u64,
    /// Of how many.
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

/// A variant file as a batch uses it.
#[derive(Clone, Debug)]
pub struct Variant {
    /// The file stem, `rook`: folder, file names and seeds use it.
    pub name: String,
    /// [`maze_gen::variant_hash`] of the file's text: with the name, what every maze's
    /// provenance records of its variant.
    pub hash: String,
    /// The file as given, for messages only: nothing written depends on it.
    pub path: PathBuf,
    /// The file's maze.
    pub maze: Maze,
    /// Its generation settings (the defaults when it has none), validated against the maze.
    pub settings: Settings,
    /// Iterations per search.
    pub iterations: u64,
}

/// Reads a variant file under `limits`: its name, hash, maze and settings; `iterations`
/// replaces the file's budget.
pub(crate) fn read_variant(
    path: &Path,
    options: &Options,
    limits: ReadLimits,
) -> Result<Variant, Error> {
    let iterations = options.iterations;
    // Checked before the file is read, so nothing of a batch is written under a name that
    // could leave `--out`.
    let name = stem(path)?;
    let bytes = std::fs::read(path).map_err(|source| Error::Read {
        path: path.to_path_buf(),
        source,
    })?;
    let shown = path.display().to_string();
    let text = maze_file::decode(&shown, &bytes)
        .map_err(Error::Invalid)?
        .to_string();
    let file = maze_file::parse_file_with(&shown, &text, limits).map_err(Error::Invalid)?;
    let settings = file
        .settings()
        .and_then(|s| with_gates(&file.maze, s, options.grade, options.max_length))
        .map_err(|source| Error::Settings {
            path: path.to_path_buf(),
            source,
        })?;
    let iterations = match iterations {
        Some(0) => return Err(Error::Usage("--iterations must be at least 1".to_string())),
        Some(n) => n,
        None => settings.search.iterations(),
    };
    Ok(Variant {
        name,
        hash: maze_gen::variant_hash(&text),
        path: path.to_path_buf(),
        maze: file.maze,
        settings,
        iterations,
    })
}

/// A file's stem, `rook` for `variants/rook.ron`, refused unless it is one safe path
/// component: it names a folder under `--out` and the files in it, so `..` (from a file
/// named `...ron`) or a separator would write outside `--out`.
fn stem(path: &Path) -> Result<String, Error> {
    let stem = path
        .file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
    let reason = if stem.is_empty() {
        Some("is empty")
    } else if stem == "." || stem == ".." {
        Some("would name the folder itself or its parent")
    } else if stem.contains(['/', '\\']) {
        Some("holds a path separator")
    } else if stem.chars().any(char::is_control) {
        // NUL included: it would cut the name short in the system call.
        Some("holds a control character")
    } else {
        None
    };
    match reason {
        None => Ok(stem),
        Some(reason) => Err(Error::UnsafeName {
            path: path.to_path_buf(),
            stem: stem.escape_debug().to_string(),
            reason,
        }),
    }
}

/// Whether a run generates missing mazes or only summarizes existing ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Generate what is missing, then summarize (unless a shard).
    Generate,
    /// Only summarize what is written.
    Summarize,
}

/// A batch, resolved from variant files and options.
#[derive(Debug)]
pub struct Config {
    /// In the order given (a file named twice counts where first named): the batch's global
    /// item order is variant by variant, index by index.
    pub variants: Vec<Variant>,
    /// Mazes per variant.
    pub count: u64,
    /// Base seed.
    pub seed: u64,
    /// Worker threads.
    pub jobs: usize,
    /// Output folder.
    pub out: PathBuf,
    /// The part of the batch this run makes, if not all.
    pub shard: Option<Shard>,
    /// Generate, or only summarize.
    pub mode: Mode,
    /// How long each maze's search may run.
    pub time_limit: Option<Duration>,
    /// What variant files, and the mazes read back on resume, are read under.
    pub limits: ReadLimits,
}

impl Config {
    /// Reads the variant files and checks the options. A file named twice (or two copies of
    /// one file) counts once; two different files with one stem are refused, as their mazes
    /// would share a folder and seeds.
    pub fn new(files: &[PathBuf], options: &Options) -> Result<Config, Error> {
        if files.is_empty() {
            return Err(Error::Usage("give at least one variant file".to_string()));
        }
        let limits = options
            .state_limit
            .map_or_else(ReadLimits::default, ReadLimits::both);
        let mut variants: Vec<Variant> = Vec::new();
        for path in files {
            let variant = read_variant(path, options, limits)?;
            match variants.iter().find(|v| v.name == variant.name) {
                Some(v) if v.hash == variant.hash => {}
                Some(v) => {
                    return Err(Error::Usage(format!(
                        "{} and {} are both named `{}` but differ: a batch names a variant by \
                         its file's stem (its folder, file names and seeds), so rename one",
                        v.path.display(),
                        variant.path.display(),
                        variant.name
                    )));
                }
                None => variants.push(variant),
            }
        }
        // The variants in the order given: the publisher's order, which the table, the index
        // page and a printed book keep. Shards of one batch are given the same files in the
        // same order, as they are given the same options.
        if options.count == 0 {
            return Err(Error::Usage("--count must be at least 1".to_string()));
        }
        let jobs = worker_threads(options.jobs).map_err(Error::Usage)?;
        Ok(Config {
            variants,
            count: options.count,
            seed: options.seed,
            jobs,
            out: options.out.clone(),
            shard: options.shard,
            mode: if options.summarize {
                Mode::Summarize
            } else {
                Mode::Generate
            },
            time_limit: options.time_limit,
            limits,
        })
    }

    /// The (variant, index) items this run makes, in the batch's global order.
    pub(crate) fn items(&self) -> Vec<(usize, u64)> {
        let all = (0..self.variants.len()).flat_map(|v| (0..self.count).map(move |i| (v, i)));
        all.zip(0u64..)
            .filter(|&(_, k)| self.shard.is_none_or(|s| s.owns(k)))
            .map(|(item, _)| item)
            .collect()
    }
}

/// The worker threads for `--jobs`: as asked but at most the machine's available
/// parallelism (`std::thread::available_parallelism`), which is also the default. More
/// threads than cores make no maze sooner, and `--jobs 100000` would start 100,000 threads;
/// the output never depends on the number. Refuses 0 with the usage message.
pub fn worker_threads(asked: Option<usize>) -> Result<usize, String> {
    let machine = std::thread::available_parallelism().map_or(1, usize::from);
    match asked {
        Some(0) => Err("--jobs must be at least 1".to_string()),
        Some(j) => Ok(j.min(machine)),
        None => Ok(machine),
    }
}
