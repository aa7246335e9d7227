//! `cargo xtask quality`: what the generator makes of every bundled variant, measured: over
//! many seeds, how many distinct puzzles it makes, how many pass their gates (what `maze
//! batch` accepts) and how many `maze check` calls publishable, how many have a unique
//! shortest solution and no black holes, and their mean energy and solution length.

use std::path::PathBuf;
use std::time::Instant;

use maze_features::report;
use maze_file::MazeFile;

use crate::paths::workspace_root;

/// Generate many mazes of each bundled variant with its own settings and print quality
/// figures: distinct puzzles (up to the board's symmetries), gates passed, unique shortest
/// solutions, black-hole-free mazes (each in % of mazes), mean energy and the mean and
/// median shortest solution length.
///
/// Maze i of a variant is generated exactly as `maze generate variants/<variant>.ron --seed
/// <seed> --count <seeds>` makes it: from seed `item_seed(seed, variant, i)`, searched for
/// again when it repeats an earlier puzzle. A variant whose settings run out of new puzzles
/// stops there, and its row says at which maze.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Variant files (default: every `variants/*.ron`).
    files: Vec<PathBuf>,
    /// Mazes per variant.
    #[arg(long, default_value_t = 100)]
    seeds: u64,
    /// Base seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Iterations per search, replacing each file's.
    #[arg(long)]
    iterations: Option<u64>,
}

/// Every bundled variant file, sorted.
pub(crate) fn bundled() -> Result<Vec<PathBuf>, String> {
    let dir = workspace_root().join("variants");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .collect();
    files.sort();
    Ok(files)
}

/// Reads a variant file with its settings.
pub(crate) fn read(path: &PathBuf) -> Result<MazeFile, String> {
    let src = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    maze_file::parse_file(&path.display().to_string(), &src).map_err(|e| e.one_line())
}

pub(crate) fn stem(path: &std::path::Path) -> String {
    path.file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned())
}

pub fn run(args: &Args) -> Result<(), String> {
    let files = if args.files.is_empty() {
        bundled()?
    } else {
        args.files.clone()
    };
    println!(
        "{} mazes per variant, seeds item_seed({}, variant, 0..{}), one thread\n",
        args.seeds, args.seed, args.seeds
    );
    println!(
        "| variant | objective | search | iterations | distinct puzzles | gates passed | publishable | unique shortest | no black holes | mean energy | mean shortest length | median shortest length | time (s) |"
    );
    println!("|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for path in files {
        let file = read(&path)?;
        let settings = file.settings().map_err(|e| e.to_string())?;
        let name = stem(&path);
        let iterations = args.iterations.unwrap_or(settings.search.iterations());
        let started = Instant::now();
        let (mut passed, mut unique, mut no_holes) = (0u64, 0u64, 0u64);
        let mut publishable = 0u64;
        let check = maze_gen::Scorer::new(settings.objective.clone(), settings.gates.publishable());
        let (mut energy, mut length, mut solved) = (0.0, 0u64, 0u64);
        let mut made = maze_gen::Made::default();
        let mut lengths = Vec::new();
        let mut mazes = 0u64;
        let mut exhausted = None;
        for i in 0..args.seeds {
            let seed = maze_gen::item_seed(args.seed, &name, i);
            let o = match maze_gen::generate_distinct(
                &settings,
                iterations,
                seed,
                i,
                0,
                &mut made,
                &mut |_| {},
            )
            .map_err(|e| e.to_string())?
            {
                maze_gen::Distinct::Made { outcome, .. } => *outcome,
                maze_gen::Distinct::Exhausted { .. } => {
                    exhausted = Some(i);
                    break;
                }
            };
            mazes += 1;
            passed += u64::from(o.passed());
            publishable += u64::from(check.failed_gates(&o.features).is_empty());
            unique += u64::from(o.features.unique_shortest);
            no_holes += u64::from(o.features.black_holes.count == 0);
            energy += o.score.energy;
            if let Some(l) = o.features.shortest_length {
                lengths.push(l);
                length += u64::from(l);
                solved += 1;
            }
        }
        let pct = |k: u64| format!("{:.0}%", 100.0 * k as f64 / mazes.max(1) as f64);
        lengths.sort_unstable();
        let median = match lengths.len() {
            0 => "-".to_string(),
            n if n % 2 == 1 => lengths[n / 2].to_string(),
            n => format!("{}", f64::from(lengths[n / 2 - 1] + lengths[n / 2]) / 2.0),
        };
        // A run that ran out of distinct puzzles says at which maze.
        let distinct = match exhausted {
            Some(i) => format!("{} (none new at maze {i})", made.len()),
            None => made.len().to_string(),
        };
        let mean_length = if solved > 0 {
            format!("{:.2}", length as f64 / solved as f64)
        } else {
            "-".to_string()
        };
        println!(
            "| {name} | {} | {} | {iterations} | {distinct} | {} | {} | {} | {} | {} | {mean_length} | {median} | {:.2} |",
            settings.objective.name(),
            settings.search.name(),
            pct(passed),
            pct(publishable),
            pct(unique),
            pct(no_holes),
            report::number((energy / mazes.max(1) as f64 * 100.0).round() / 100.0),
            started.elapsed().as_secs_f64()
        );
    }
    Ok(())
}
