//! `cargo xtask bench`: speed and memory figures, measured on this machine, against the
//! project's targets. Prints measurements; never fails on a slow machine.

use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

use maze_graph::{Adjacency, Rules};
use maze_variants::{GoalKind, JumpGraph, JumpRules, Maze, MoveSet, Tiling};

use crate::measure::measure;
use crate::random;

/// Measure speed and memory against the project's targets.
///
/// Benchmarks: `analyze` (the release `maze analyze` and `maze solve` commands on random
/// rook mazes of 250², 500² and 1000² cells, or the `--board` sizes: wall time and peak memory, and the
/// bytes per state of each part of the analysis against the state graph's own), `variants` (building and
/// analyzing large mazes of the heavier jumping variants in-process), `rolling` (the same for
/// 100 x 100 rolling-block boards), `generate` (the generator's candidate evaluations per
/// second: Neller et al.'s 5x5 rook configuration, every bundled variant at two board sizes,
/// and rook boards of growing size), `neller` (only the part of `generate` against the C
/// baseline), `registers` (only the part of `generate` that sets rules with registers against
/// memoryless ones), `scaling` (only the part of `generate` on rook boards of growing
/// size), `batch` (`cargo xtask batch` with one and with two jobs:
/// wall times and the speed-up), `studio` (one `POST /api/analyze` of an edited 10 x 10 board
/// over loopback, as the studio's page sends after each edit; criterion's estimate), `print`
/// (the release `maze print` on a book of 100 puzzles with answers).
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Run only these benchmarks (default: all).
    #[arg(value_parser = crate::against::NAMES)]
    only: Vec<String>,
    /// Repetitions per measurement (the minimum is reported; `generate` and `neller` report
    /// the median and the spread).
    #[arg(long, default_value_t = 3)]
    runs: u32,
    /// Board side of the `analyze` benchmark's random rook mazes; repeat for several
    /// [default: 250, 500 and 1000].
    #[arg(long = "board", value_name = "N")]
    boards: Vec<usize>,
    /// Also build this git revision's own xtask and run each benchmark with it and with this
    /// tree in alternate rounds (--runs rounds), printing their tables paired row by row, each
    /// figure the median of its side's rounds (`before -> after` where it changed): before
    /// and after measured in one run. `generate`'s table of every variant and `scaling` run
    /// both revisions' release `maze generate` on the same files, seeds and iterations.
    #[arg(long, value_name = "REV")]
    against: Option<String>,
    /// The folder the `batch` benchmark reads its variants' files from [default: variants/]
    /// (`--against` gives this tree the older revision's files, so both make the same mazes).
    #[arg(long = "batch-variants", value_name = "DIR")]
    batch_variants: Option<PathBuf>,
}

pub fn run(args: &Args) -> Result<(), String> {
    if let Some(rev) = &args.against {
        return crate::against::run(rev, &args.only, args.runs.max(1), &args.boards);
    }
    let wants = |name: &str| args.only.is_empty() || args.only.iter().any(|o| o == name);
    if wants("analyze") {
        let boards = if args.boards.is_empty() {
            vec![250, 500, 1000]
        } else {
            args.boards.clone()
        };
        analyze_command(&boards, args.runs.max(1))?;
    }
    if wants("variants") {
        variants(args.runs.max(1));
    }
    if wants("rolling") {
        rolling(args.runs.max(1));
    }
    if wants("generate") {
        crate::generate_bench::run(args.runs.max(1))?;
    } else {
        if wants("neller") {
            crate::generate_bench::neller(args.runs.max(1))?;
        }
        if wants("registers") {
            crate::generate_bench::registers_only(args.runs.max(1))?;
        }
        if wants("scaling") {
            crate::generate_bench::scaling(args.runs.max(1))?;
        }
    }
    if wants("batch") {
        crate::batch::bench::run(args.runs.max(1), args.batch_variants.as_deref())?;
    }
    if wants("studio") {
        studio()?;
    }
    if wants("print") {
        crate::print_bench::run(args.runs.max(1), &crate::paths::maze_binary()?)?;
    }
    Ok(())
}

fn analyze_command(boards: &[usize], runs: u32) -> Result<(), String> {
    let maze = crate::paths::maze_binary()?;
    let dir = crate::paths::target_dir().join("xtask-bench");
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    println!(
        "maze analyze and maze solve on random rook mazes (jumps 1-99, release build, best of {runs})"
    );
    println!(
        "target: 10^7 states (--board 3163) solved in under 2 s and analysed in under 5 s, each under 100 bytes a state; time linear in states\n"
    );
    println!(
        "{:>11} {:>10} {:>10} {:>12} {:>10} {:>10} {:>10} {:>10}",
        "board", "states", "text (s)", "ns/state", "json (s)", "peak MiB", "solve (s)", "solve MiB"
    );
    let mut memory = Vec::new();
    for &n in boards {
        let rules = JumpRules::default();
        let m = random::maze(rules, n, n, 99, 2026);
        let states = Adjacency::from_rules(&JumpGraph::new(&m)).n_states();
        let file = dir.join(format!("rook_{n}.ron"));
        let text = maze_variants::write(
            &Maze::Jumping(m),
            &[format!("random {n} x {n} rook maze for cargo xtask bench")],
        );
        let heap = heap_per_part(&text)?;
        std::fs::write(&file, text).map_err(|e| e.to_string())?;
        let mut best_text = Duration::MAX;
        let mut best_json = Duration::MAX;
        let mut best_solve = Duration::MAX;
        let (mut peak, mut solve_peak) = (0, 0);
        for _ in 0..runs {
            let (t, rss) = measure(Command::new(&maze).arg("analyze").arg(&file), true)?;
            best_text = best_text.min(t);
            peak = peak.max(rss);
            let (t, rss) = measure(
                Command::new(&maze).args(["analyze", "--json"]).arg(&file),
                true,
            )?;
            best_json = best_json.min(t);
            peak = peak.max(rss);
            let (t, rss) = measure(Command::new(&maze).arg("solve").arg(&file), true)?;
            best_solve = best_solve.min(t);
            solve_peak = solve_peak.max(rss);
        }
        let mib = |bytes: u64| bytes as f64 / (1024.0 * 1024.0);
        println!(
            "{:>11} {:>10} {:>10.3} {:>12.0} {:>10.3} {:>10.1} {:>10.3} {:>10.1}",
            format!("{n} x {n}"),
            states,
            best_text.as_secs_f64(),
            best_text.as_secs_f64() * 1e9 / states as f64,
            best_json.as_secs_f64(),
            mib(peak),
            best_solve.as_secs_f64(),
            mib(solve_peak)
        );
        memory.push((n, peak, heap));
    }
    println!();
    println!(
        "bytes per state: the command's peak resident memory (text or JSON), and the heap of each part of the same analysis in-process (a counting allocator): the maze as read, its compiled rules, the flat state graph (the baseline: offsets and edges, what any analysis must hold), the most the feature passes add\n"
    );
    println!(
        "{:>11} {:>10} {:>9} {:>7} {:>7} {:>7} {:>9} {:>10} {:>12}",
        "board",
        "peak RSS",
        "per state",
        "maze",
        "rules",
        "graph",
        "features",
        "heap peak",
        "RSS / graph"
    );
    for (n, rss, heap) in memory {
        let per = |bytes: usize| bytes as f64 / heap.states as f64;
        println!(
            "{:>11} {:>10} {:>9.0} {:>7.0} {:>7.0} {:>7.0} {:>9.0} {:>10.0} {:>12.1}",
            format!("{n} x {n}"),
            format!("{:.1} MiB", rss as f64 / (1024.0 * 1024.0)),
            per(rss as usize),
            per(heap.maze),
            per(heap.rules),
            per(heap.graph),
            per(heap.features),
            per(heap.maze + heap.rules + heap.graph + heap.features),
            rss as f64 / heap.graph as f64
        );
    }
    println!();
    Ok(())
}

/// Heap bytes each part of an analysis holds, as `maze analyze` makes it.
struct Heap {
    states: usize,
    /// The maze read from its file.
    maze: usize,
    /// Its compiled rules (the engine's tables).
    rules: usize,
    /// The flat state graph the features are computed on.
    graph: usize,
    /// The most the feature passes hold at once on top of those.
    features: usize,
}

/// Reads, compiles and analyzes the maze file `text` as `maze analyze` does, counting the
/// heap bytes each part holds.
fn heap_per_part(text: &str) -> Result<Heap, String> {
    let live = crate::alloc::live;
    let base = live();
    let maze = maze_file::parse("bench.ron", text).map_err(|e| e.one_line())?;
    let read = live();
    // As every command that loads a file compiles it: to be read, within the limit.
    let compiled = maze
        .compile_within(maze_variants::StateLimit::default())
        .map_err(|p| p.message)?;
    let rules = live();
    let graph = Adjacency::from_rules(&compiled);
    let built = live();
    crate::alloc::reset_peak();
    let f = maze_features::features(&graph, maze.blocks());
    let features = crate::alloc::peak() - built;
    let states = graph.n_states();
    std::hint::black_box(f);
    Ok(Heap {
        states,
        maze: read - base,
        rules: rules - read,
        graph: built - rules,
        features,
    })
}

/// Best-of-`runs` time to compile, build the flat graph, build the petgraph graph and
/// compute every feature.
fn time_analysis(maze: &maze_variants::JumpingMaze, runs: u32) -> (Duration, usize) {
    let mut best = Duration::MAX;
    let mut states = 0;
    for _ in 0..runs {
        let started = Instant::now();
        let compiled = JumpGraph::new(maze);
        let graph = maze_graph::state_graph(&compiled);
        let f = maze_features::analyze(&graph, maze.blocks());
        best = best.min(started.elapsed());
        states = compiled.n_states();
        std::hint::black_box(f);
    }
    (best, states)
}

fn variants(runs: u32) {
    println!(
        "build + analyze in-process (compile rules, petgraph graph, every feature), best of {runs}"
    );
    println!("target: well under 1 s each\n");
    println!(
        "{:<34} {:>10} {:>10} {:>10}",
        "maze", "states", "moves", "time (s)"
    );
    let cases = [
        (
            "200 x 200 no-U-turn queen",
            JumpRules {
                moves: MoveSet::Queen,
                no_u_turn: true,
                ..JumpRules::default()
            },
            200,
        ),
        (
            "300 x 300 hex torus",
            JumpRules {
                tiling: Tiling::Hex,
                torus: true,
                ..JumpRules::default()
            },
            300,
        ),
        (
            "300 x 300 triangle torus no-U-turn",
            JumpRules {
                tiling: Tiling::Triangle,
                torus: true,
                no_u_turn: true,
                ..JumpRules::default()
            },
            300,
        ),
        (
            "300 x 300 square exit goal",
            JumpRules {
                goal: GoalKind::Exit,
                ..JumpRules::default()
            },
            300,
        ),
    ];
    for (name, rules, n) in cases {
        let maze = random::maze(rules, n, n, 99, 7);
        let moves = Adjacency::from_rules(&JumpGraph::new(&maze)).n_moves();
        let (time, states) = time_analysis(&maze, runs);
        println!(
            "{name:<34} {states:>10} {moves:>10} {:>10.3}",
            time.as_secs_f64()
        );
    }
    println!();
}

/// Best-of-`runs` time to validate and compile a rolling-block maze, build the petgraph graph,
/// compute every feature and the RollingBlock score; with the states, moves and solution length.
fn time_rolling(
    maze: &maze_variants::RollingBlockMaze,
    runs: u32,
) -> (Duration, usize, usize, Option<u32>) {
    let mut best = Duration::MAX;
    let mut sizes = (0, 0, None);
    for _ in 0..runs {
        let started = Instant::now();
        if maze.validate().is_err() {
            return (Duration::ZERO, 0, 0, None);
        }
        let compiled = maze_variants::RollGraph::new(maze);
        let graph = maze_graph::state_graph(&compiled);
        let f = maze_features::analyze(&graph, maze.blocks());
        let energy = maze_features::rolling_block(&f, &maze.rules.weights);
        best = best.min(started.elapsed());
        sizes = (f.n_states, f.n_moves, f.shortest_length);
        std::hint::black_box(energy);
    }
    (best, sizes.0, sizes.1, sizes.2)
}

fn rolling(runs: u32) {
    println!(
        "rolling blocks: validate, compile, petgraph graph, every feature and the RollingBlock score, best of {runs}"
    );
    println!("target: 100 x 100 with a 1x2x3 block well under 1 s\n");
    println!(
        "{:<46} {:>8} {:>8} {:>9} {:>9}",
        "maze", "states", "moves", "shortest", "time (s)"
    );
    let cases = [
        ("100 x 100 open, 1x2x3 block", (1, 2, 3), (0.0, 0.0)),
        ("100 x 100 open, 1x1x2 block", (1, 1, 2), (0.0, 0.0)),
        (
            "100 x 100, 10% no floor, 10% fragile, 1x2x3",
            (1, 2, 3),
            (0.1, 0.1),
        ),
    ];
    for (name, block, odds) in cases {
        let maze = random::rolling(block, 100, 100, odds, 7);
        let (time, states, moves, shortest) = time_rolling(&maze, runs);
        let shortest = shortest.map_or("none".to_string(), |l| l.to_string());
        println!(
            "{name:<46} {states:>8} {moves:>8} {shortest:>9} {:>9.3}",
            time.as_secs_f64()
        );
    }
    println!();
}

/// The studio's edit loop: criterion times one analysis request of an edited 10 x 10 board
/// over loopback (target: under 100 ms).
fn studio() -> Result<(), String> {
    println!("The studio: one POST /api/analyze of an edited 10 x 10 rook board (target < 100 ms)");
    let status = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
        .args(["bench", "--quiet", "-p", "maze-studio", "--bench", "edit"])
        .current_dir(crate::paths::workspace_root())
        .status()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err("the studio benchmark failed".into())
    }
}
