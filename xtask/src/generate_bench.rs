//! `cargo xtask bench generate`: how fast the generator evaluates candidates, on one thread.
//!
//! An evaluation is one candidate configuration scored (one search iteration, or a random
//! restart); the time includes the step, the state-graph update, the score and the search's
//! bookkeeping, so evaluations per second is what a designer waits for.

use std::time::{Duration, Instant};

use maze_features::Objective;
use maze_variants::generate::{Gates, Search};
use maze_variants::{Generate, Maze, MazeFile};

use crate::quality::{bundled, read, stem};

/// Runs `settings` on `file` for `mazes` mazes of `iterations` each, best of `runs`: the
/// time, the evaluations, and the states of the last maze.
fn time_generation(
    file: &MazeFile,
    settings: &Generate,
    mazes: u64,
    iterations: u64,
    runs: u32,
) -> Result<(Duration, u64, usize), String> {
    let mut best = Duration::MAX;
    let mut evaluations = 0;
    let mut states = 0;
    for _ in 0..runs {
        let started = Instant::now();
        evaluations = 0;
        for i in 0..mazes {
            let seed = maze_gen::item_seed(1, "bench", i);
            let o = maze_gen::generate(&file.maze, settings, Some(iterations), seed, &mut |_| {})?;
            evaluations += o.evaluations;
            states = o.features.n_states;
        }
        best = best.min(started.elapsed());
    }
    Ok((best, evaluations, states))
}

/// The settings a speed measurement uses: the variant's own objective, no gates (one search
/// per maze), hill descent, and the board size asked for.
fn bench_settings(file: &MazeFile, size: Option<(usize, usize)>) -> Generate {
    let own = file.generate.clone().unwrap_or_default();
    Generate {
        size: size.or(own.size),
        gates: Gates::default(),
        search: Search::HillDescent { iterations: 1 },
        attempts: 1,
        ..own
    }
}

/// Rules whose states carry registers against memoryless rook rules at a similar state count,
/// both measured here: the cost per evaluation and state, and its ratio (target: at most 2).
fn registers(rook: &MazeFile, runs: u32) -> Result<(), String> {
    println!(
        "\nregisters: cost per evaluation and state against a memoryless rook board of about as many states (Neller, hill descent; target ratio <= 2)\n"
    );
    println!(
        "| variant | register | board | states | ns/(evaluation·state) | rook board | rook states | rook ns/(evaluation·state) | ratio |"
    );
    println!("|---|---|---|---:|---:|---|---:|---:|---:|");
    let root = crate::bench::workspace_root();
    for (name, register) in [
        ("no_u_turn", "last direction"),
        ("switch", "move type"),
        ("offset", "jump length"),
    ] {
        let file = read(&root.join(format!("variants/{name}.ron")))?;
        let settings = Generate {
            objective: Objective::Neller,
            ..bench_settings(&file, None)
        };
        let (rows, cols) = board_size(&file, &settings);
        let (time, evaluations, states) = time_generation(&file, &settings, 5, 5_000, runs)?;
        let per_state = time.as_secs_f64() * 1e9 / evaluations as f64 / states as f64;
        // The square rook board whose cells come closest to the register rule's states.
        let n = ((states as f64).sqrt().round() as usize).max(2);
        let rook_settings = Generate {
            size: Some((n, n)),
            objective: Objective::Neller,
            ..bench_settings(rook, None)
        };
        let (rtime, revaluations, rstates) = time_generation(rook, &rook_settings, 5, 5_000, runs)?;
        let rook_per_state = rtime.as_secs_f64() * 1e9 / revaluations as f64 / rstates as f64;
        println!(
            "| {name} | {register} | {rows} x {cols} | {states} | {per_state:.1} | {n} x {n} | {rstates} | {rook_per_state:.1} | {:.2} |",
            per_state / rook_per_state
        );
    }
    Ok(())
}

fn board_size(file: &MazeFile, settings: &Generate) -> (usize, usize) {
    settings.size.unwrap_or_else(|| file.maze.size())
}

pub fn run(runs: u32) -> Result<(), String> {
    println!("maze generation, one thread, best of {runs}\n");
    let rook = read(&crate::bench::workspace_root().join("variants/rook.ron"))?;
    let settings = rook
        .generate
        .clone()
        .ok_or("variants/rook.ron has no settings")?;
    let (time, evaluations, _) = time_generation(&rook, &settings, 100, 25_000, runs)?;
    println!(
        "Neller et al.'s configuration (variants/rook.ron: 5x5 rook, Neller, UphillSteps p = 0.005, gates on)"
    );
    println!(
        "target: at least 1,000,000 evaluations/s, 100 mazes of 25,000 iterations in under 2.5 s\n"
    );
    println!(
        "100 mazes x 25,000 iterations: {:.3} s, {} evaluations, {:.0} evaluations/s\n",
        time.as_secs_f64(),
        evaluations,
        evaluations as f64 / time.as_secs_f64()
    );

    println!(
        "every bundled variant, its own objective, hill descent without gates, at its sample size and at twice the sides\n"
    );
    println!(
        "| variant | objective | board | states | evaluations/s | µs/evaluation | ns/(evaluation·state) |"
    );
    println!("|---|---|---|---:|---:|---:|---:|");
    for path in bundled()? {
        let file = read(&path)?;
        let name = stem(&path);
        let small = bench_settings(&file, None);
        let (r, c) = board_size(&file, &small);
        for settings in [small.clone(), bench_settings(&file, Some((2 * r, 2 * c)))] {
            let (rows, cols) = board_size(&file, &settings);
            // Budgets sized so each line takes a fraction of a second.
            let full = settings.objective.needs_full_features()
                || matches!(file.maze, Maze::RollingBlock(_));
            let most = match (full, rows * cols > 60) {
                (false, false) => 20_000,
                (false, true) | (true, false) => 5_000,
                (true, true) => 1_000,
            };
            // States per board differ by orders of magnitude (two blocks on a 12 x 14 board
            // make hundreds of thousands): a short probe caps the budget at about 0.1 s per
            // maze.
            let (probe, probed, _) = match time_generation(&file, &settings, 1, 20, 1) {
                Ok(probe) => probe,
                // A board whose fixed cells (switches, other blocks) do not fit a blank
                // board of another size cannot be generated at it.
                Err(e) => {
                    println!(
                        "| {name} | {} | {rows} x {cols} | - | - | - | - (not generated: {e}) |",
                        settings.objective.name()
                    );
                    continue;
                }
            };
            let per_probe = probe.as_secs_f64() / probed.max(1) as f64;
            let iterations = ((0.1 / per_probe) as u64).clamp(20, most);
            let (time, evaluations, states) =
                time_generation(&file, &settings, 5, iterations, runs)?;
            let per = time.as_secs_f64() / evaluations as f64;
            println!(
                "| {name} | {} | {rows} x {cols} | {states} | {:.0} | {:.2} | {:.1} |",
                settings.objective.name(),
                1.0 / per,
                per * 1e6,
                per * 1e9 / states as f64
            );
        }
    }

    registers(&rook, runs)?;

    println!("\ncost per evaluation against states: rook boards, Neller, hill descent\n");
    println!("| board | states | evaluations/s | µs/evaluation | ns/(evaluation·state) |");
    println!("|---|---:|---:|---:|---:|");
    for n in [5usize, 6, 8, 10, 16, 24, 32] {
        let settings = Generate {
            size: Some((n, n)),
            objective: Objective::Neller,
            ..bench_settings(&rook, None)
        };
        let iterations = (400_000 / (n * n) as u64).max(500);
        let (time, evaluations, states) = time_generation(&rook, &settings, 3, iterations, runs)?;
        let per = time.as_secs_f64() / evaluations as f64;
        println!(
            "| {n} x {n} | {states} | {:.0} | {:.2} | {:.1} |",
            1.0 / per,
            per * 1e6,
            per * 1e9 / states as f64
        );
    }
    println!();
    Ok(())
}
