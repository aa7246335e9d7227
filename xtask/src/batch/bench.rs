//! `cargo xtask bench batch`: the batch's wall time with one and with two jobs, and the
//! speed-up, on a fixed batch ([`WORKLOAD`]: named variants, 10 mazes each, seed 1, each
//! variant's own budget), written into fresh folders each run.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use indicatif::{MultiProgress, ProgressDrawTarget};

use maze_batch::{Config, Options, batch};

use crate::paths::target_dir;

/// Every file under `dir` by its path relative to `dir`, with its bytes.
pub(crate) fn tree(dir: &Path) -> Result<BTreeMap<PathBuf, Vec<u8>>, String> {
    let mut files = BTreeMap::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(folder) = pending.pop() {
        let entries =
            std::fs::read_dir(&folder).map_err(|e| format!("{}: {e}", folder.display()))?;
        for entry in entries {
            let path = entry.map_err(|e| e.to_string())?.path();
            if path.is_dir() {
                pending.push(path);
            } else {
                let bytes = std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
                let relative = path.strip_prefix(dir).unwrap_or(&path).to_path_buf();
                files.insert(relative, bytes);
            }
        }
    }
    Ok(files)
}

/// The variants the benchmark batch makes, by file stem: a fixed list, so that a variant
/// added to `variants/` does not change what the benchmark measures. These are the bundled
/// variants of the revision before the engines' rework (abeb738), so that
/// `cargo xtask bench --against abeb738 batch`, whose older xtask makes every variant it
/// bundles, measures the same mazes on both sides.
pub(crate) const WORKLOAD: [&str; 26] = [
    "alice",
    "arrow",
    "blocked_holes",
    "chess",
    "exit",
    "hex",
    "hex_torus",
    "link",
    "no_u_turn",
    "no_u_turn_hex",
    "offset",
    "queen",
    "rolling_block",
    "rolling_block_1x2x3",
    "rolling_block_fragile",
    "rolling_blocks",
    "rolling_bridges",
    "rolling_split",
    "rook",
    "rook_best",
    "switch",
    "toggle",
    "torus",
    "triangle",
    "walls",
    "wildcard",
];

/// Mazes per variant.
const COUNT: u64 = 10;

/// The workload's variant files in `dir`.
fn workload_files(dir: &Path) -> Result<Vec<PathBuf>, String> {
    WORKLOAD
        .iter()
        .map(|name| {
            let path = dir.join(format!("{name}.ron"));
            if path.is_file() {
                Ok(path)
            } else {
                Err(format!("the benchmark batch needs {}", path.display()))
            }
        })
        .collect()
}

/// One timed batch of `files` into a fresh `out`: wall time and CPU time.
fn time_batch(jobs: usize, out: &Path, files: &[PathBuf]) -> Result<(Duration, Duration), String> {
    if out.exists() {
        std::fs::remove_dir_all(out).map_err(|e| format!("{}: {e}", out.display()))?;
    }
    let options = Options {
        count: COUNT,
        seed: 1,
        iterations: None,
        jobs: Some(jobs),
        out: out.to_path_buf(),
        shard: None,
        summarize: false,
        quiet: true,
        time_limit: None,
        state_limit: None,
        grade: None,
        max_length: None,
    };
    let config = Config::new(files, &options).map_err(|e| e.to_string())?;
    let hidden = MultiProgress::with_draw_target(ProgressDrawTarget::hidden());
    let cpu = crate::cpu::process_time();
    let started = Instant::now();
    let report = batch(&config, &hidden).map_err(|e| e.to_string())?;
    let wall = started.elapsed();
    let generated: u64 = report.variants.iter().map(|v| v.generated).sum();
    if generated != config.variants.len() as u64 * config.count {
        return Err(format!(
            "the benchmark batch generated {generated} mazes instead of all of them"
        ));
    }
    Ok((wall, crate::cpu::process_time().saturating_sub(cpu)))
}

/// Times the workload, its files read from `variants` (the tree's `variants/` when `None`).
pub(crate) fn run(runs: u32, variants: Option<&Path>) -> Result<(), String> {
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let dir = variants.map_or_else(
        || crate::paths::workspace_root().join("variants"),
        Path::to_path_buf,
    );
    let files = workload_files(&dir)?;
    let from = match variants {
        Some(dir) => dir.display().to_string(),
        None => "variants/".to_string(),
    };
    println!(
        "cargo xtask batch: {} variants of {from} x {COUNT} mazes, seed 1, own budgets; whole \
         batch (generation, files, summaries, index page) into a fresh folder; {runs} runs \
         each, alternating; {cores} cores available\nvariants: {}",
        WORKLOAD.len(),
        WORKLOAD.join(" ")
    );
    println!("target: --jobs 2 at least 1.8x as fast as --jobs 1\n");
    let root = target_dir().join("xtask-bench");
    let dirs = [root.join("batch-jobs-1"), root.join("batch-jobs-2")];
    let mut walls: [Vec<Duration>; 2] = [Vec::new(), Vec::new()];
    let mut cpus: [Vec<Duration>; 2] = [Vec::new(), Vec::new()];
    for _ in 0..runs {
        for (j, dir) in dirs.iter().enumerate() {
            let (wall, cpu) = time_batch(j + 1, dir, &files)?;
            walls[j].push(wall);
            cpus[j].push(cpu);
        }
    }
    println!(
        "{:>6} {:>10} {:>10} {:>10}   all runs (s)",
        "jobs", "best (s)", "cpu (s)", "cpu/wall"
    );
    let mut best = [Duration::ZERO; 2];
    for j in 0..2 {
        let (i, wall) = walls[j]
            .iter()
            .enumerate()
            .min_by_key(|(_, w)| **w)
            .ok_or("no runs")?;
        best[j] = *wall;
        let all: Vec<String> = walls[j]
            .iter()
            .map(|w| format!("{:.3}", w.as_secs_f64()))
            .collect();
        println!(
            "{:>6} {:>10.3} {:>10.3} {:>10.2}   {}",
            j + 1,
            wall.as_secs_f64(),
            cpus[j][i].as_secs_f64(),
            cpus[j][i].as_secs_f64() / wall.as_secs_f64(),
            all.join(" ")
        );
    }
    println!(
        "\nspeed-up with 2 jobs (best against best): {:.2}x",
        best[0].as_secs_f64() / best[1].as_secs_f64()
    );
    let same = tree(&dirs[0])? == tree(&dirs[1])?;
    println!(
        "outputs of --jobs 1 and --jobs 2 identical: {}\n",
        if same { "yes" } else { "NO" }
    );
    if !same {
        return Err("--jobs 1 and --jobs 2 wrote different files".to_string());
    }
    Ok(())
}
