//! `cargo xtask bench generate`: how fast the generator evaluates candidates, on one thread.
//!
//! An evaluation is one candidate configuration scored (one search iteration, or a random
//! restart); the time includes the step, the state-graph update, the score and the search's
//! bookkeeping, so evaluations per second is what a designer waits for.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use maze_features::Objective;
use maze_file::MazeFile;
use maze_gen::settings::{Gates, Search};
use maze_gen::{Generate, Settings};
use maze_variants::Maze;

use crate::quality::{bundled, read, stem};

/// The time `work` takes on the thread's CPU clock, and what it returns: what the work costs,
/// whatever else the machine runs meanwhile (wall time on a shared machine counts the share
/// of the other work that preempts a run, which moved rows by a quarter between runs).
fn timed<T>(work: impl FnOnce() -> T) -> (Duration, T) {
    let started = crate::cpu::thread_time();
    let out = work();
    (crate::cpu::thread_time().saturating_sub(started), out)
}

/// Runs `settings` on `file` for `mazes` mazes of `iterations` each, the best of `runs`:
/// the time, the evaluations, and the states of the last maze.
fn time_generation(
    file: &MazeFile,
    settings: &Generate,
    mazes: u64,
    iterations: u64,
    runs: u32,
) -> Result<(Duration, u64, usize), String> {
    let (times, evaluations, states) = time_runs(file, settings, mazes, iterations, runs)?;
    let best = times.into_iter().min().unwrap_or(Duration::MAX);
    Ok((best, evaluations, states))
}

/// Runs `settings` on `file` for `mazes` mazes of `iterations` each, `runs` times:
/// every run's time, the evaluations of a run, and the states of the last maze.
fn time_runs(
    file: &MazeFile,
    settings: &Generate,
    mazes: u64,
    iterations: u64,
    runs: u32,
) -> Result<(Vec<Duration>, u64, usize), String> {
    let settings = Settings::new(&file.maze, settings.clone()).map_err(|e| e.to_string())?;
    let mut times = Vec::new();
    let mut evaluations = 0;
    let mut states = 0;
    for _ in 0..runs {
        let (time, run) = timed(|| {
            let (mut evaluations, mut states) = (0, 0);
            for i in 0..mazes {
                let seed = maze_gen::item_seed(1, "bench", i);
                let o = maze_gen::generate(&settings, Some(iterations), seed, &mut |_| {})
                    .map_err(|e| e.to_string())?;
                evaluations += o.evaluations;
                states = o.features.n_states;
            }
            Ok::<_, String>((evaluations, states))
        });
        (evaluations, states) = run?;
        times.push(time);
    }
    Ok((times, evaluations, states))
}

/// The settings a speed measurement uses: the variant's own objective, no gates (one search
/// per maze), hill descent, and the board size asked for.
pub(crate) fn bench_settings(file: &MazeFile, size: Option<(usize, usize)>) -> Generate {
    let own = file
        .generate
        .clone()
        .map(Settings::into_generate)
        .unwrap_or_default();
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
/// Timed on the thread's CPU time: a run takes about ten milliseconds, and on a machine
/// shared with other work its wall time counted whatever preempted it, which moved the
/// ratio by half or more between runs.
fn registers(rook: &MazeFile, runs: u32) -> Result<(), String> {
    println!(
        "\nregisters: cost per evaluation and state against a memoryless rook board of about as many states (Neller, hill descent, the two alternating, thread CPU time, best of at least 5 runs each; target ratio <= 2)\n"
    );
    println!(
        "| variant | register | board | states | ns/(evaluation·state) | rook board | rook states | rook ns/(evaluation·state) | ratio |"
    );
    println!("|---|---|---|---:|---:|---|---:|---:|---:|");
    let root = crate::paths::workspace_root();
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
        let time =
            |file: &MazeFile, settings: &Generate| time_generation(file, settings, 5, 5_000, 1);
        let mut best = time(&file, &settings)?;
        let states = best.2;
        // The square rook board whose cells come closest to the register rule's states.
        let n = ((states as f64).sqrt().round() as usize).max(2);
        let rook_settings = Generate {
            size: Some((n, n)),
            objective: Objective::Neller,
            ..bench_settings(rook, None)
        };
        // The two alternate, run by run, so that a machine shared with other work loads
        // both alike; the best run of each counts.
        let mut rook_best = (Duration::MAX, 0, 0);
        for run in 0..runs.max(5) {
            if run > 0 {
                let one = time(&file, &settings)?;
                if one.0 < best.0 {
                    best = one;
                }
            }
            let other = time(rook, &rook_settings)?;
            if other.0 < rook_best.0 {
                rook_best = other;
            }
        }
        let ((time, evaluations, states), (rtime, revaluations, rstates)) = (best, rook_best);
        let per_state = time.as_secs_f64() * 1e9 / evaluations as f64 / states as f64;
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

/// The C compiler's flags for the baseline: optimised for the same CPU level as this
/// program (`.cargo/config.toml`), so neither side has instructions the other lacks.
const C_FLAGS: &[&str] = if cfg!(all(
    target_arch = "x86_64",
    target_feature = "avx2",
    target_feature = "bmi1",
    target_feature = "popcnt"
)) {
    &["-O2", "-march=x86-64-v3"]
} else {
    &["-O2"]
};

/// The C baseline (`xtask/bench/ref_sls.c`, the program of the project's speed targets),
/// compiled with the machine's C compiler into the target directory.
fn build_c_baseline() -> Result<PathBuf, String> {
    let source = crate::paths::workspace_root().join("xtask/bench/ref_sls.c");
    let binary = crate::paths::target_dir().join("ref_sls");
    let status = Command::new("cc")
        .args(C_FLAGS)
        .arg("-o")
        .arg(&binary)
        .arg(&source)
        .status()
        .map_err(|e| format!("cannot run the C compiler `cc`: {e}"))?;
    if !status.success() {
        return Err(format!("cc could not build {}", source.display()));
    }
    Ok(binary)
}

/// Runs the C baseline on Neller's configuration once: its CPU time (user and system, as
/// the engines' thread time) and the mean energy of its mazes.
fn time_c(binary: &Path, mazes: u64, iterations: u64) -> Result<(Duration, f64), String> {
    let before = crate::cpu::children_time();
    let out = Command::new(binary)
        .args(["5", &iterations.to_string(), &mazes.to_string(), "1"])
        .output()
        .map_err(|e| format!("cannot run {}: {e}", binary.display()))?;
    let time = crate::cpu::children_time().saturating_sub(before);
    let text = String::from_utf8_lossy(&out.stdout);
    let energies: Vec<f64> = text
        .lines()
        .filter_map(|l| l.split_whitespace().next()?.parse().ok())
        .collect();
    if energies.len() as u64 != mazes {
        return Err(format!(
            "the C baseline printed {} mazes, not {mazes}",
            energies.len()
        ));
    }
    Ok((time, energies.iter().sum::<f64>() / mazes as f64))
}

/// `mazes` mazes of `settings` with `iterations` each, on the word engine or (`graph`) on
/// the compiled graph alone, one search per maze as `generate` runs it: the thread's CPU
/// time, the evaluations and the mean energy of the best mazes.
fn time_engine(
    file: &MazeFile,
    settings: &Generate,
    mazes: u64,
    iterations: u64,
    graph: bool,
) -> Result<(Duration, u64, f64), String> {
    use maze_gen::search::{self, Run};
    use maze_gen::{JumpSpace, Scorer};
    use rand::SeedableRng;
    let Maze::Jumping(maze) = &file.maze else {
        return Err("not a jumping maze".to_string());
    };
    let template = settings.template(maze).map_err(|p| p.to_string())?;
    let search = settings.search.with_iterations(iterations);
    let (time, (energy, evaluations)) = timed(|| {
        let (mut energy, mut evaluations) = (0.0, 0);
        for i in 0..mazes {
            let mut rng = maze_gen::Rng::seed_from_u64(maze_gen::item_seed(1, "bench", i));
            let mut space = JumpSpace::new(template.clone(), &mut rng);
            if graph {
                space = space.without_words();
            }
            let mut scorer = Scorer::new(settings.objective.clone(), settings.gates);
            let mut progress = |_| {};
            let mut run = Run::new(&mut space, &mut scorer, &mut rng, &mut progress);
            search::run(&mut run, &search);
            energy += run.best.map_or(f64::NAN, |(_, s)| s.energy);
            evaluations += scorer.evaluations();
        }
        (energy, evaluations)
    });
    Ok((time, evaluations, energy / mazes as f64))
}

/// The `registers` table alone (`cargo xtask bench registers`).
pub fn registers_only(runs: u32) -> Result<(), String> {
    let rook = read(&crate::paths::workspace_root().join("variants/rook.ron"))?;
    registers(&rook, runs)
}

pub fn run(runs: u32) -> Result<(), String> {
    neller(runs)?;
    variants_and_sizes(runs)
}

/// Neller et al.'s configuration against the C baseline, and `variants/rook_best.ron`
/// (`cargo xtask bench neller`).
pub fn neller(runs: u32) -> Result<(), String> {
    println!(
        "maze generation, one thread, CPU time, the median of {runs} runs (spread: slowest minus fastest over the median)\n"
    );
    let root = crate::paths::workspace_root();
    let rook = read(&root.join("variants/rook.ron"))?;
    let settings = rook
        .generate
        .clone()
        .ok_or("variants/rook.ron has no settings")?;
    let c = build_c_baseline()?;
    println!(
        "Neller et al.'s configuration (variants/rook.ron: 5x5 rook, Neller, UphillSteps p = 0.005, gates on), 100 mazes, against the C baseline (xtask/bench/ref_sls.c, cc {}, run in this benchmark)\n",
        C_FLAGS.join(" ")
    );
    println!(
        "target: 125,000 iterations per maze in at most the C baseline's time for 25,000 (ratio <= 1)\n"
    );
    let best_file = read(&root.join("variants/rook_best.ron"))?;
    let best_settings = best_file
        .generate
        .clone()
        .ok_or("variants/rook_best.ron has no settings")?;
    let engines = [
        ("compiled graph", &rook, &settings, 25_000, true),
        ("word engine", &rook, &settings, 25_000, false),
        ("word engine", &rook, &settings, 125_000, false),
        (
            "variants/rook_best.ron",
            &best_file,
            &best_settings,
            best_settings.search.iterations(),
            false,
        ),
    ];
    // The C baseline and every engine take turns, run by run, so that a machine shared
    // with other work loads them alike; each one's median run counts.
    let mut c_runs = Vec::new();
    let mut c_energy = f64::NAN;
    let mut engine_runs = vec![Vec::new(); engines.len()];
    let mut engine_out = vec![(0, f64::NAN); engines.len()];
    for _ in 0..runs.max(1) {
        let (time, energy) = time_c(&c, 100, 25_000)?;
        c_runs.push(time);
        c_energy = energy;
        for (i, (_, file, settings, iterations, graph)) in engines.iter().enumerate() {
            let (time, evaluations, energy) =
                time_engine(file, settings, 100, *iterations, *graph)?;
            engine_runs[i].push(time);
            engine_out[i] = (evaluations, energy);
        }
    }
    let (c_time, c_spread) = crate::cpu::median_spread(&c_runs);
    println!(
        "| program | iterations per maze | evaluations | seconds | evaluations/s | mean energy | time / C's for 25,000 |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|");
    println!(
        "| C baseline | 25,000 | {} | {:.3} | {:.0} | {c_energy:.2} | 1.00 |",
        100 * 25_001,
        c_time.as_secs_f64(),
        (100.0 * 25_001.0) / c_time.as_secs_f64()
    );
    let mut spreads = vec![format!("C baseline {:.0}%", 100.0 * c_spread)];
    for (((name, _, _, iterations, _), times), (evaluations, energy)) in
        engines.iter().zip(&engine_runs).zip(engine_out)
    {
        let (time, spread) = crate::cpu::median_spread(times);
        println!(
            "| maze-gen, {name} | {iterations} | {evaluations} | {:.3} | {:.0} | {energy:.2} | {:.2} |",
            time.as_secs_f64(),
            evaluations as f64 / time.as_secs_f64(),
            time.as_secs_f64() / c_time.as_secs_f64()
        );
        spreads.push(format!("{name} {iterations} {:.0}%", 100.0 * spread));
    }
    println!("\nspread of the runs: {}\n", spreads.join(", "));
    Ok(())
}

/// Iterations per maze for a row of the table of every variant: a power of two, 0.2 to 0.4 s
/// of CPU time for one maze, found by doubling a probe until a maze takes 0.05 s (a maze's
/// set-up would dwarf a probe of a few iterations on a fast board).
fn budget(file: &MazeFile, settings: &Generate) -> Result<u64, String> {
    let mut iterations = 16;
    loop {
        let (time, _, _) = time_generation(file, settings, 1, iterations, 1)?;
        let seconds = time.as_secs_f64();
        if seconds >= 0.05 || iterations >= 1 << 22 {
            let scaled = iterations as f64 * 0.4 / seconds.max(1e-9);
            return Ok(power_of_two_below(scaled as u64).clamp(16, 1 << 22));
        }
        iterations *= 2;
    }
}

/// The largest power of two at most `n` (1 for 0).
pub(crate) fn power_of_two_below(n: u64) -> u64 {
    1 << n.max(1).ilog2()
}

/// Every bundled variant at two sizes, the registers table, and rook boards of growing size.
fn variants_and_sizes(runs: u32) -> Result<(), String> {
    let root = crate::paths::workspace_root();
    let rook = read(&root.join("variants/rook.ron"))?;
    println!(
        "every bundled variant, its own objective, hill descent without gates, at its sample size and at twice the sides; one thread's CPU time, the median of {} runs\n",
        runs.max(1)
    );
    println!(
        "| variant | objective | board | states | evaluations/s | µs/evaluation | ns/(evaluation·state) |"
    );
    println!("|---|---|---|---:|---:|---:|---:|");
    let mut spreads = Vec::new();
    for path in bundled()? {
        let file = read(&path)?;
        let name = stem(&path);
        let small = bench_settings(&file, None);
        let (r, c) = board_size(&file, &small);
        for settings in [small.clone(), bench_settings(&file, Some((2 * r, 2 * c)))] {
            let (rows, cols) = board_size(&file, &settings);
            // A second or more of CPU time per row, 5 mazes: rows of a few milliseconds did
            // not repeat from one run to the next. States per board differ by orders of
            // magnitude (two blocks on a 12 x 14 board make hundreds of thousands), so a
            // probe sizes the budget; a power of two, so that a probe a little faster or
            // slower most often gives the same budget and every run times the same work.
            let iterations = match budget(&file, &settings) {
                Ok(iterations) => iterations,
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
            let (times, evaluations, states) =
                time_runs(&file, &settings, 5, iterations, runs.max(1))?;
            let (time, spread) = crate::cpu::median_spread(&times);
            let per = time.as_secs_f64() / evaluations as f64;
            println!(
                "| {name} | {} | {rows} x {cols} | {states} | {:.0} | {:.2} | {:.1} |",
                settings.objective.name(),
                1.0 / per,
                per * 1e6,
                per * 1e9 / states as f64
            );
            spreads.push(format!(
                "| {name} | {rows} x {cols} | {iterations} | {:.2} | {:.0}% |",
                time.as_secs_f64(),
                100.0 * spread
            ));
        }
    }
    println!(
        "\nthe rows' runs: iterations per maze (5 mazes), the median CPU time of a run, and the spread (slowest minus fastest over the median)\n"
    );
    println!("| variant | board | iterations per maze | median s | spread |");
    println!("|---|---|---:|---:|---:|");
    for line in spreads {
        println!("{line}");
    }

    registers(&rook, runs)?;
    scaling(runs)
}

/// The rook boards of the scaling table, by side.
pub(crate) const SCALING_SIDES: [usize; 9] = [5, 6, 8, 10, 16, 24, 32, 48, 64];

/// Iterations per maze of the scaling table's `n` x `n` board: at least 20,000, so that the
/// evaluations outweigh the set-up they are told apart from (with 3,906 a 32 x 32 board's
/// set-up took longer than its evaluations, and the row moved by a third between runs).
pub(crate) fn scaling_iterations(n: usize) -> u64 {
    (4_000_000 / (n * n).max(1) as u64).clamp(20_000, 100_000)
}

/// Rook boards of growing size: set-up and the cost per evaluation and state beyond it
/// (`cargo xtask bench scaling`).
pub fn scaling(runs: u32) -> Result<(), String> {
    let rook = read(&crate::paths::workspace_root().join("variants/rook.ron"))?;
    println!(
        "\ncost per evaluation against states: rook boards, Neller, hill descent; set-up is the \
         time of a one-iteration search per maze (reading the rules and tables, the first \
         board), and the evaluations are timed beyond it (the difference of the two runs)\n"
    );
    println!(
        "| board | states | set-up ms per maze | evaluations/s | µs/evaluation | ns/(evaluation·state) |"
    );
    println!("|---|---:|---:|---:|---:|---:|");
    for n in SCALING_SIDES {
        let settings = Generate {
            size: Some((n, n)),
            objective: Objective::Neller,
            ..bench_settings(&rook, None)
        };
        let iterations = scaling_iterations(n);
        let mazes = 3;
        let (setup, setup_evaluations, _) = time_generation(&rook, &settings, mazes, 1, runs)?;
        let (time, evaluations, states) =
            time_generation(&rook, &settings, mazes, iterations, runs)?;
        let per = time.saturating_sub(setup).as_secs_f64()
            / evaluations.saturating_sub(setup_evaluations).max(1) as f64;
        println!(
            "| {n} x {n} | {states} | {:.1} | {:.0} | {:.2} | {:.1} |",
            setup.as_secs_f64() * 1e3 / mazes as f64,
            1.0 / per,
            per * 1e6,
            per * 1e9 / states as f64
        );
    }
    println!();
    Ok(())
}
