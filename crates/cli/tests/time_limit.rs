//! `--time-limit` is wall time (issue 28): a search whose every evaluation takes seconds still
//! ends within a second of its limit, and says so; it once ran sixteen evaluations past it
//! and reported nothing.
#![allow(clippy::unwrap_used)]

mod common;
use std::time::{Duration, Instant};

use common::{maze, stderr, stdout, temp_file};

/// A 500 x 500 rook board to generate on: 250,000 states, so one evaluation (a state graph
/// and its features) takes seconds in a debug build, while reading the file takes a few.
fn slow_file() -> std::path::PathBuf {
    const N: usize = 500;
    let mut src = String::from("Maze(rules: Jumping(tiling: Square, moves: Rook), board: [\n");
    for r in 0..N {
        let mut row = vec!["1"; N];
        if r == N - 1 {
            row[N - 1] = "G";
        }
        src.push_str(&format!("\"{}\",\n", row.join(" ")));
    }
    src.push_str(
        "], start: (0, 0), generate: (max_jump: 3, search: HillDescent(iterations: 1000)))\n",
    );
    temp_file("slow_evaluations.ron", &src)
}

/// Runs `maze args`, timed.
fn timed(args: &[&str]) -> (std::process::Output, Duration) {
    let started = Instant::now();
    let o = maze(args);
    (o, started.elapsed())
}

#[test]
fn a_search_of_slow_evaluations_ends_within_a_second_of_its_limit() {
    let path = slow_file();
    let p = path.to_str().unwrap();
    // What the command costs besides the search: reading and checking the file, with a
    // limit that ends the search at once.
    let (_, overhead) = timed(&["generate", p, "-q", "--time-limit", "0.01"]);
    const LIMIT: f64 = 3.0;
    for json in [false, true] {
        let mut args = vec!["generate", p, "-q", "--time-limit", "3"];
        if json {
            args.push("--json");
        }
        let (o, took) = timed(&args);
        let err = stderr(&o).replace('│', " ");
        let err = err.split_whitespace().collect::<Vec<_>>().join(" ");
        // The limit, the half second the search has to return its best maze, and a margin
        // for a machine busy with other tests; the search alone, sixteen evaluations before
        // its first look at the clock, took a minute.
        let allowed = overhead + Duration::from_secs_f64(LIMIT + 0.5 + 3.0);
        assert!(
            took < allowed,
            "{took:?} for {args:?}, {overhead:?} besides: {err}"
        );
        match o.status.code() {
            // No maze was evaluated whole in time: the command says so.
            Some(2) => assert!(
                err.contains("the time limit ended the search before any maze was evaluated"),
                "{err}"
            ),
            // A machine fast enough to finish evaluations: the maze is marked.
            Some(0 | 1) if json => {
                let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
                assert_eq!(v[0]["timed_out"], true);
            }
            Some(0 | 1) => assert!(stdout(&o).contains("TIME LIMIT"), "{}", stdout(&o)),
            _ => panic!("{:?}: {err}", o.status),
        }
    }
}
