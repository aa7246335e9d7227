//! `cargo xtask bench generate`: how fast the generator evaluates candidates, on one thread.
//!
//! An evaluation is one candidate configuration scored (one search iteration, or a random
//! restart); the time includes the step, the state-graph update, the score and the search's
//! bookkeeping, so evaluations per second is what a designer waits for.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use maze_features::Objective;
use maze_file::MazeFile;
use maze_gen::settings::{Gates, Search};
use maze_gen::{Generate, Settings};
use maze_variants::Maze;

use crate::quality::{bundled, read, stem};

/// What a measurement times.
#[derive(Clone, Copy, Debug)]
enum Clock {
    /// Wall time.
    Wall,
    /// The CPU time of the measuring thread: what the work costs, whatever else the machine
    /// runs meanwhile (a run of a few milliseconds that other work preempts would otherwise
    /// count the other work's share).
    Thread,
}

impl Clock {
    /// The time `work` takes on this clock, and what it returns.
    fn time<T>(self, work: impl FnOnce() -> T) -> (Duration, T) {
        match self {
            Clock::Wall => {
                let started = Instant::now();
                let out = work();
                (started.elapsed(), out)
            }
            Clock::Thread => {
                let started = thread_cpu_time();
                let out = work();
                (thread_cpu_time().saturating_sub(started), out)
            }
        }
    }
}

/// The calling thread's CPU time so far.
fn thread_cpu_time() -> Duration {
    let mut now = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // std has no thread CPU clock; clock_gettime only writes the timespec it is given.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut now) };
    if rc != 0 {
        return Duration::ZERO;
    }
    Duration::new(now.tv_sec as u64, now.tv_nsec as u32)
}

/// Runs `settings` on `file` for `mazes` mazes of `iterations` each, best of `runs` wall
/// times: the time, the evaluations, and the states of the last maze.
fn time_generation(
    file: &MazeFile,
    settings: &Generate,
    mazes: u64,
    iterations: u64,
    runs: u32,
) -> Result<(Duration, u64, usize), String> {
    time_generation_on(Clock::Wall, file, settings, mazes, iterations, runs)
}

/// [`time_generation`] on `clock`.
fn time_generation_on(
    clock: Clock,
    file: &MazeFile,
    settings: &Generate,
    mazes: u64,
    iterations: u64,
    runs: u32,
) -> Result<(Duration, u64, usize), String> {
    let settings = Settings::new(&file.maze, settings.clone()).map_err(|e| e.to_string())?;
    let mut best = Duration::MAX;
    let mut evaluations = 0;
    let mut states = 0;
    for _ in 0..runs {
        let (time, run) = clock.time(|| {
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
        best = best.min(time);
    }
    Ok((best, evaluations, states))
}

/// The settings a speed measurement uses: the variant's own objective, no gates (one search
/// per maze), hill descent, and the board size asked for.
fn bench_settings(file: &MazeFile, size: Option<(usize, usize)>) -> Generate {
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
        let time = |file: &MazeFile, settings: &Generate| {
            time_generation_on(Clock::Thread, file, settings, 5, 5_000, 1)
        };
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

/// Runs the C baseline on Neller's configuration, best wall time of `runs`, and the mean
/// energy of its mazes.
fn time_c(
    binary: &Path,
    mazes: u64,
    iterations: u64,
    runs: u32,
) -> Result<(Duration, f64), String> {
    let mut best = Duration::MAX;
    let mut mean = 0.0;
    for _ in 0..runs {
        let started = Instant::now();
        let out = Command::new(binary)
            .args(["5", &iterations.to_string(), &mazes.to_string(), "1"])
            .output()
            .map_err(|e| format!("cannot run {}: {e}", binary.display()))?;
        best = best.min(started.elapsed());
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
        mean = energies.iter().sum::<f64>() / mazes as f64;
    }
    Ok((best, mean))
}

/// `mazes` mazes of `settings` with `iterations` each, on the word engine or (`graph`) on
/// the compiled graph alone, one search per maze as `generate` runs it: the best time of
/// `runs`, the evaluations and the mean energy of the best mazes.
fn time_engine(
    file: &MazeFile,
    settings: &Generate,
    mazes: u64,
    iterations: u64,
    graph: bool,
    runs: u32,
) -> Result<(Duration, u64, f64), String> {
    use maze_gen::search::{self, Run};
    use maze_gen::{JumpSpace, Scorer};
    use rand::SeedableRng;
    let Maze::Jumping(maze) = &file.maze else {
        return Err("not a jumping maze".to_string());
    };
    let template = settings.template(maze).map_err(|p| p.to_string())?;
    let search = settings.search.with_iterations(iterations);
    let mut best = Duration::MAX;
    let (mut evaluations, mut mean) = (0, 0.0);
    for _ in 0..runs {
        let started = Instant::now();
        let mut energy = 0.0;
        evaluations = 0;
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
        best = best.min(started.elapsed());
        mean = energy / mazes as f64;
    }
    Ok((best, evaluations, mean))
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
    println!("maze generation, one thread, best of {runs}\n");
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
    // with other work loads them alike; each one's best run counts.
    let (mut c_time, mut c_energy) = (Duration::MAX, f64::NAN);
    let mut best = vec![(Duration::MAX, 0, f64::NAN); engines.len()];
    for _ in 0..runs {
        let (time, energy) = time_c(&c, 100, 25_000, 1)?;
        if time < c_time {
            (c_time, c_energy) = (time, energy);
        }
        for ((_, file, settings, iterations, graph), best) in engines.iter().zip(&mut best) {
            let one = time_engine(file, settings, 100, *iterations, *graph, 1)?;
            if one.0 < best.0 {
                *best = one;
            }
        }
    }
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
    for ((name, _, _, iterations, _), (time, evaluations, energy)) in engines.iter().zip(best) {
        println!(
            "| maze-gen, {name} | {iterations} | {evaluations} | {:.3} | {:.0} | {energy:.2} | {:.2} |",
            time.as_secs_f64(),
            evaluations as f64 / time.as_secs_f64(),
            time.as_secs_f64() / c_time.as_secs_f64()
        );
    }
    println!();
    Ok(())
}

/// Every bundled variant at two sizes, the registers table, and rook boards of growing size.
fn variants_and_sizes(runs: u32) -> Result<(), String> {
    let root = crate::paths::workspace_root();
    let rook = read(&root.join("variants/rook.ron"))?;
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
    scaling(runs)
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
    for n in [5usize, 6, 8, 10, 16, 24, 32, 48, 64] {
        let settings = Generate {
            size: Some((n, n)),
            objective: Objective::Neller,
            ..bench_settings(&rook, None)
        };
        let iterations = (4_000_000 / (n * n) as u64).clamp(500, 100_000);
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
