//! The budget of work and memory (issue 28): mazes whose moves outgrow their states (long
//! rays on a torus, several blocks) are refused from the file alone, with the estimate and
//! the limit, before anything large is built; a maze within the budget is answered.
#![allow(clippy::unwrap_used)]

mod common;
use common::{maze, stderr, stdout, temp_file};

/// A `rows` x `cols` torus of ones whose one kind of move jumps any length orthogonally.
fn torus_any(rows: usize, cols: usize) -> String {
    let mut board = Vec::new();
    for r in 0..rows {
        let mut row = vec!["1"; cols];
        if r == rows - 1 {
            row[cols - 1] = "G";
        }
        board.push(format!("\"{}\"", row.join(" ")));
    }
    format!(
        "Maze(rules: Jumping(tiling: Square, torus: true, jumps: [(dirs: Orthogonal, length: Any)]), board: [{}], start: (0, 0))\n",
        board.join(", ")
    )
}

/// Four unit cubes on an open 8 x 8 board: 64^4 placements, sixteen rolls from each.
const FOUR_CUBES: &str = r#"Maze(
    rules: RollingBlock(
        block: (1, 1, 1),
        others: [
            (block: (1, 1, 1), start: [(0, 7)], goal: [(7, 0)]),
            (block: (1, 1, 1), start: [(7, 7)], goal: [(0, 0)]),
            (block: (1, 1, 1), start: [(7, 0)], goal: [(0, 7)]),
        ],
    ),
    board: ["S.......", "........", "........", "........", "........", "........", "........", ".......G"],
)
"#;

/// A diagnostic's words on one line: the report wraps its message at the terminal's width.
fn unwrapped(err: &str) -> String {
    let words: Vec<&str> = err.split_whitespace().filter(|w| *w != "│").collect();
    words.join(" ")
}

/// Runs `maze command file` under the default limit, which must refuse the file (exit
/// status 2) with a diagnostic naming `figures`.
fn refused(name: &str, src: &str, command: &str, figures: &[&str]) {
    let path = temp_file(name, src);
    let o = maze(&[command, path.to_str().unwrap()]);
    let err = unwrapped(&stderr(&o));
    assert_eq!(o.status.code(), Some(2), "{name} {command}: {err}");
    for f in figures {
        assert!(err.contains(f), "{name} {command}: no `{f}` in {err}");
    }
}

#[test]
fn long_rays_on_a_torus_are_refused_by_their_moves() {
    // 8,281 cells, far under the state limit, but every ray is followed over the whole
    // board: 4 x 8,281 landings from each state.
    let src = torus_any(91, 91);
    for command in ["analyze", "solve"] {
        refused(
            "torus_any_91.ron",
            &src,
            command,
            &[
                "up to 274332968 moves (8282 states, up to 33124 moves from each)",
                "more than the 160000000 moves the state limit of 20000000 allows",
            ],
        );
    }
    refused(
        "torus_any_100.ron",
        &torus_any(100, 100),
        "analyze",
        &["up to 400040000 moves"],
    );
}

#[test]
fn four_cubes_on_an_open_board_are_refused_by_their_moves() {
    refused(
        "four_cubes.ron",
        FOUR_CUBES,
        "analyze",
        &[
            "up to 268435456 moves (16777216 states, up to 16 moves from each)",
            "state limit of 20000000",
        ],
    );
}

#[test]
fn a_torus_of_long_rays_within_the_budget_is_answered_and_the_limit_counts_its_moves() {
    // 144 cells, 4 x 144 landings from each: 83,520 moves may be made.
    let path = temp_file("torus_any_12.ron", &torus_any(12, 12));
    let p = path.to_str().unwrap();
    let o = maze(&["analyze", "--json", p]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["n_states"], 144);
    // A limit of 10,000 states allows 80,000 moves: the same file is refused.
    let o = maze(&["analyze", "--state-limit", "10000", p]);
    let err = unwrapped(&stderr(&o));
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("up to 83520 moves")
            && err.contains("the 80000 moves the state limit of 10000 allows"),
        "{err}"
    );
    let o = maze(&["analyze", "--state-limit", "10440", p]);
    assert!(o.status.success(), "{}", stderr(&o));
}
