//! `cargo xtask bench --against REV`'s generator tables that run through the command line:
//! the table of every variant and the rook boards of growing size, both revisions' release
//! `maze generate` on the same files, seeds, budgets and clock, so that each row compares
//! like with like.
//!
//! Each revision's own xtask sizes its rows its own way (the older one on short wall-time
//! rows, this one on budgets it sizes on CPU time), so pairing their tables paired different
//! work. Here this xtask writes one benchmark file per row (the older revision's variant
//! file with hill descent and no gates), sizes its budget once, and times both binaries on
//! it in alternate rounds, each run's CPU time counted from the process's own usage.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use maze_features::Objective;
use maze_file::MazeFile;
use maze_gen::{Generate, Settings};

use crate::generate_bench::{
    SCALING_SIDES, bench_settings, power_of_two_below, scaling_iterations,
};
use crate::quality::{read, stem};

/// The two revisions' release `maze` binaries.
pub(crate) struct Binaries {
    pub(crate) old: PathBuf,
    pub(crate) new: PathBuf,
}

/// What one `maze generate` run did: its CPU time (user and system), the evaluations its
/// headers count, the states of its last maze, and the boards it made.
struct Run {
    time: Duration,
    evaluations: u64,
    states: u64,
    boards: Vec<String>,
}

/// Runs `maze generate FILE --seed 1 --count COUNT --iterations N` and reads what it printed.
fn generate(maze: &Path, file: &Path, iterations: u64, count: u64) -> Result<Run, String> {
    let before = crate::cpu::children_time();
    let out = Command::new(maze)
        .arg("generate")
        .arg(file)
        .args(["--seed", "1", "--count", &count.to_string()])
        .args(["--iterations", &iterations.to_string()])
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .map_err(|e| format!("cannot run {}: {e}", maze.display()))?;
    let time = crate::cpu::children_time().saturating_sub(before);
    if !out.status.success() {
        return Err(format!(
            "{} generate {} failed",
            maze.display(),
            file.display()
        ));
    }
    let text = String::from_utf8_lossy(&out.stdout);
    Ok(Run {
        time,
        evaluations: evaluations(&text),
        states: last_figure(&text, "n_states"),
        boards: boards(&text),
    })
}

/// The evaluations every maze's header line counts (`..., 3907 evaluations`), summed.
fn evaluations(text: &str) -> u64 {
    text.lines()
        .filter(|l| l.starts_with("== "))
        .filter_map(|l| {
            let before = l.strip_suffix(" evaluations")?;
            before.rsplit(' ').next()?.parse::<u64>().ok()
        })
        .sum()
}

/// The figure of the last `name  figure` line of a features listing (0 without one).
fn last_figure(text: &str, name: &str) -> u64 {
    text.lines()
        .rev()
        .find_map(|l| {
            let mut words = l.split_whitespace();
            (words.next() == Some(name)).then(|| words.next()?.parse().ok())?
        })
        .unwrap_or(0)
}

/// Each printed maze's `board: [...]` lines: what both revisions print alike for the same maze.
fn boards(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current: Option<String> = None;
    for line in text.lines() {
        let trimmed = line.trim();
        if let Some(board) = current.as_mut() {
            board.push_str(trimmed);
            if trimmed.starts_with(']') {
                out.extend(current.take());
            }
        } else if trimmed.starts_with("board: [") {
            current = Some(trimmed.to_string());
        }
    }
    out
}

/// One row: its name cells, its benchmark file, its iterations per maze and its mazes.
struct Row {
    name: String,
    file: PathBuf,
    iterations: u64,
    mazes: u64,
}

/// The runs of a row on both sides, alternating (the older first in odd rounds): each side's
/// median run (by time), and whether both made the same mazes.
fn measure(row: &Row, sides: &Binaries, runs: u32) -> Result<(Run, Run, bool), String> {
    let (mut olds, mut news) = (Vec::new(), Vec::new());
    for round in 1..=runs.max(1) {
        for older in [round % 2 == 1, round % 2 == 0] {
            let (maze, into) = if older {
                (&sides.old, &mut olds)
            } else {
                (&sides.new, &mut news)
            };
            into.push(generate(maze, &row.file, row.iterations, row.mazes)?);
        }
    }
    let same = olds[0].boards == news[0].boards;
    Ok((median_run(olds), median_run(news), same))
}

/// The run of the median time (the lower of an even count).
fn median_run(mut runs: Vec<Run>) -> Run {
    runs.sort_by_key(|r| r.time);
    let median = (runs.len() - 1) / 2;
    runs.swap_remove(median)
}

/// Writes `file` with the benchmark's settings (its own objective unless `objective` is
/// given, hill descent, no gates, one attempt) at `size` to `dir/name.ron`.
fn bench_file(
    file: &MazeFile,
    size: Option<(usize, usize)>,
    objective: Option<Objective>,
    dir: &Path,
    name: &str,
) -> Result<PathBuf, String> {
    let mut generate: Generate = bench_settings(file, size);
    if let Some(objective) = objective {
        generate.objective = objective;
    }
    let settings = Settings::new(&file.maze, generate).map_err(|e| e.to_string())?;
    let bench = MazeFile {
        maze: file.maze.clone(),
        generate: Some(settings),
        provenance: None,
    };
    let path = dir.join(format!("{name}.ron"));
    std::fs::write(&path, maze_file::write_file(&bench, &[]))
        .map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(path)
}

/// Iterations per maze for a row: as `cargo xtask bench generate` sizes them (a power of two,
/// 0.2 to 0.4 s of CPU time a maze, a probe doubled until a maze takes 0.05 s), probed once
/// with this tree's binary and then run by both.
fn budget(maze: &Path, file: &Path) -> Result<u64, String> {
    let mut iterations = 16;
    loop {
        let seconds = generate(maze, file, iterations, 1)?.time.as_secs_f64();
        if seconds >= 0.05 || iterations >= 1 << 22 {
            let scaled = iterations as f64 * 0.4 / seconds.max(1e-9);
            return Ok(power_of_two_below(scaled as u64).clamp(16, 1 << 22));
        }
        iterations *= 2;
    }
}

/// The figures of one side of a row of the table of every variant.
fn variant_line(row: &Row, run: &Run, same: bool) -> String {
    let per = run.time.as_secs_f64() / run.evaluations.max(1) as f64;
    format!(
        "| {} | {} | {} | {:.0} | {:.2} | {:.1} | {} |\n",
        row.name,
        row.iterations,
        run.states,
        1.0 / per,
        per * 1e6,
        per * 1e9 / run.states.max(1) as f64,
        if same { "yes" } else { "no" }
    )
}

const VARIANTS_HEADER: &str = "| variant | board | iterations per maze | states | evaluations/s | µs/evaluation | ns/(evaluation·state) | same mazes |\n|---|---|---:|---:|---:|---:|---:|---|\n";

/// The table of every variant: every variant file of `variants` (the older revision's, so
/// both sides read the same files) at its sample size and at twice the sides, 5 mazes a row.
/// Returns both sides' tables.
pub(crate) fn every_variant(
    variants: &Path,
    work: &Path,
    sides: &Binaries,
    runs: u32,
) -> Result<(String, String), String> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(variants)
        .map_err(|e| format!("{}: {e}", variants.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .collect();
    files.sort();
    let (mut before, mut after) = (VARIANTS_HEADER.to_string(), VARIANTS_HEADER.to_string());
    for path in files {
        let file = read(&path)?;
        let name = stem(&path);
        let own = file
            .generate
            .clone()
            .map(Settings::into_generate)
            .unwrap_or_default();
        let (r, c) = own.size.unwrap_or_else(|| file.maze.size());
        // The sample size as the file gives it (a board's own shape stays the board's).
        for (size, (rows, cols)) in [(own.size, (r, c)), (Some((2 * r, 2 * c)), (2 * r, 2 * c))] {
            let label = format!("{name} | {rows} x {cols}");
            let made = bench_file(&file, size, None, work, &format!("{name}-{rows}x{cols}"))
                .and_then(|bench| Ok((budget(&sides.new, &bench)?, bench)));
            let (iterations, bench) = match made {
                Ok(made) => made,
                // A board whose fixed cells do not fit a blank board of another size.
                Err(e) => {
                    let line =
                        format!("| {label} | - | - | - | - | - | - (not generated: {e}) |\n");
                    before.push_str(&line);
                    after.push_str(&line);
                    continue;
                }
            };
            eprintln!(
                "bench generate, both sides: {name} {rows} x {cols}, {iterations} iterations ..."
            );
            let row = Row {
                name: label,
                file: bench,
                iterations,
                mazes: 5,
            };
            let (old, new, same) = measure(&row, sides, runs)?;
            before.push_str(&variant_line(&row, &old, same));
            after.push_str(&variant_line(&row, &new, same));
        }
    }
    Ok((before, after))
}

const SCALING_HEADER: &str = "| board | states | set-up ms per maze | evaluations/s | µs/evaluation | ns/(evaluation·state) | same mazes |\n|---|---:|---:|---:|---:|---:|---|\n";

/// Rook boards of growing size (`rook`, the older revision's `variants/rook.ron`), Neller's
/// energy, hill descent, 3 mazes a board: the set-up is a one-iteration run per maze, and
/// the evaluations are timed beyond it, with `cargo xtask bench scaling`'s iterations.
pub(crate) fn scaling(
    rook: &Path,
    work: &Path,
    sides: &Binaries,
    runs: u32,
) -> Result<(String, String), String> {
    let file = read(&rook.to_path_buf())?;
    let (mut before, mut after) = (SCALING_HEADER.to_string(), SCALING_HEADER.to_string());
    for n in SCALING_SIDES {
        let iterations = scaling_iterations(n);
        eprintln!("bench scaling, both sides: {n} x {n}, {iterations} iterations ...");
        let bench = bench_file(
            &file,
            Some((n, n)),
            Some(Objective::Neller),
            work,
            &format!("scaling-{n}x{n}"),
        )?;
        let mazes = 3;
        let setup = Row {
            name: format!("{n} x {n}"),
            file: bench,
            iterations: 1,
            mazes,
        };
        let (old_setup, new_setup, _) = measure(&setup, sides, runs)?;
        let row = Row {
            iterations,
            ..setup
        };
        let (old, new, same) = measure(&row, sides, runs)?;
        for (out, setup, run) in [(&mut before, old_setup, old), (&mut after, new_setup, new)] {
            let per = run.time.saturating_sub(setup.time).as_secs_f64()
                / run.evaluations.saturating_sub(setup.evaluations).max(1) as f64;
            out.push_str(&format!(
                "| {} | {} | {:.1} | {:.0} | {:.2} | {:.1} | {} |\n",
                row.name,
                run.states,
                setup.time.as_secs_f64() * 1e3 / mazes as f64,
                1.0 / per,
                per * 1e6,
                per * 1e9 / run.states.max(1) as f64,
                if same { "yes" } else { "no" }
            ));
        }
    }
    Ok((before, after))
}

#[cfg(test)]
mod tests {
    use super::{boards, evaluations, last_figure};

    #[test]
    fn a_run_is_read_from_what_generate_prints() {
        let text = "== rook.ron maze 1 of 2 (seed 1): HillDescent, 16 iterations in 1 attempt, 17 evaluations\n\nMaze(\n    board: [\n        \"1 2\",\n        \"2 G\",\n    ],\n)\n\nFeatures:\nn_states              4\n== rook.ron maze 2 of 2 (seed 1): HillDescent, 16 iterations in 2 attempts, 40 evaluations\n\nMaze(\n    board: [\n        \"2 1\",\n        \"1 G\",\n    ],\n)\nFeatures:\nn_states              5\n";
        assert_eq!(evaluations(text), 57);
        assert_eq!(last_figure(text, "n_states"), 5);
        assert_eq!(last_figure(text, "n_moves"), 0);
        assert_eq!(
            boards(text),
            ["board: [\"1 2\",\"2 G\",],", "board: [\"2 1\",\"1 G\",],"]
        );
    }
}
