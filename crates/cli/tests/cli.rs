//! The `maze` command as a user runs it: output of `solve` and `analyze` in every format,
//! and clear failures (non-zero exit, file:line:column, never a panic) on bad input.
#![allow(clippy::unwrap_used)]

mod common;
use common::{maze, stderr, stdout, temp_file};

#[test]
fn solve_prints_the_moves_length_and_uniqueness() {
    let o = maze(&["solve", "variants/rook.ron"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o), "S N E S W E E W S N N E S\n13 moves, unique\n");
}

#[test]
fn solve_json() {
    let o = maze(&["solve", "--json", "variants/rook.ron"]);
    assert!(o.status.success());
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["shortest_length"], 13);
    assert_eq!(v["shortest_paths"], 1);
    assert_eq!(v["unique_shortest"], true);
    assert_eq!(v["solution"].as_array().unwrap().len(), 13);
    assert_eq!(v["solution"][0], "S");
}

#[test]
fn solve_uses_the_tilings_direction_names() {
    let o = maze(&["solve", "tests/fixtures/worked/hex_3x4_no_u_turn.ron"]);
    assert_eq!(stdout(&o), "E E SE W NE SE\n6 moves, unique\n");
    let o = maze(&["solve", "tests/fixtures/worked/triangle_4x6_bounded.ron"]);
    assert_eq!(
        stdout(&o),
        "SE SW SE E E\n5 moves, not unique: 2 shortest paths\n"
    );
}

/// Four cubes, each in its own corridor of 16 cells with its goal at the far end: every
/// shortest solution rolls each cube 15 times, in any interleaving, so there are
/// 60! / (15!)^4, about 2.8e33 of them: more than u64 counts, reported as "at least".
#[test]
fn solve_says_when_the_path_count_saturates() {
    let wall = "#".repeat(16);
    let open = ".".repeat(16);
    let src = format!(
        "Maze(
            rules: RollingBlock(block: (1, 1, 1), others: [
                (block: (1, 1, 1), start: [(2, 0)], goal: [(2, 15)]),
                (block: (1, 1, 1), start: [(4, 0)], goal: [(4, 15)]),
                (block: (1, 1, 1), start: [(6, 0)], goal: [(6, 15)]),
            ]),
            board: [{:?}, {wall:?}, {open:?}, {wall:?}, {open:?}, {wall:?}, {open:?}],
        )",
        format!("S{}G", ".".repeat(14))
    );
    let path = temp_file("interleaved.ron", &src);
    let o = maze(&["solve", path.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("60 moves, not unique: at least 18446744073709551615 shortest paths"),
        "{}",
        stdout(&o)
    );
    let o = maze(&["solve", "--json", path.to_str().unwrap()]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["shortest_paths"], u64::MAX);
    assert_eq!(v["shortest_paths_exact"], false);
    let o = maze(&["solve", "--json", "variants/rook.ron"]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["shortest_paths_exact"], true);
}

#[test]
fn solve_says_when_the_goal_cannot_be_reached() {
    let path = temp_file(
        "unsolvable.ron",
        r#"Maze(rules: Jumping(), board: ["3 1 G"], start: (0, 0))"#,
    );
    let o = maze(&["solve", path.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "no solution is a no");
    assert!(stdout(&o).contains("cannot be reached"));
    let o = maze(&["solve", "--json", path.to_str().unwrap()]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["shortest_length"], serde_json::Value::Null);
    assert_eq!(v["shortest_paths"], 0);
    assert_eq!(v["unique_shortest"], false);
    assert_eq!(v["solution"], serde_json::json!([]));
}

#[test]
fn analyze_reports_every_feature_and_energy() {
    let o = maze(&["analyze", "variants/rook.ron"]);
    assert!(o.status.success());
    let out = stdout(&o);
    for name in [
        "n_states",
        "n_moves",
        "reachable",
        "reaching",
        "non_reaching",
        "black_holes",
        "white_holes",
        "shortest_length",
        "shortest_paths",
        "unique_shortest",
        "solution",
        "forward_decisions",
        "backward_decisions",
        "initial_forced_moves",
        "clusters",
        "cluster_penalty",
        "u_turns",
        "turns",
        "branches",
        "dead_ends",
        "average_loop_length",
        "blocks",
        "Neller",
        "GoalDepth",
    ] {
        assert!(out.contains(name), "analyze text lacks {name}:\n{out}");
    }
    assert!(
        out.contains("white_holes           3 components of 7 states (sizes 3, 2, 2)"),
        "{out}"
    );
    assert!(out.contains("Depths (fewest moves"), "{out}");
}

#[test]
fn analyze_json_uses_the_rules_names() {
    let o = maze(&["analyze", "--json", "variants/rook.ron"]);
    assert!(o.status.success());
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["n_states"], 36);
    assert_eq!(v["reachable"], 29);
    assert_eq!(v["reaching"], 36);
    assert_eq!(v["white_holes"]["count"], 3);
    assert_eq!(v["white_holes"]["sizes"], serde_json::json!([3, 2, 2]));
    assert_eq!(v["shortest_length"], 13);
    assert_eq!(v["depths"]["(0,0)"], 0);
    assert_eq!(v["depths"]["(0,3)"], serde_json::Value::Null);
    assert_eq!(v["energy"]["GoalDepth"], -13.0);
    assert!(v["energy"]["Neller"].is_number());
    assert_eq!(v["solution_states"][13], "(5,5)");
}

/// The format of Neller's "Rook Jumping Maze Evaluation" exercise, on the maze of its
/// published sample transcript.
#[test]
fn analyze_eaai_format_reproduces_the_published_transcript() {
    let path = temp_file(
        "eaai.ron",
        r#"Maze(rules: Jumping(), board: ["1 4 2 2 2", "3 2 1 3 3", "2 2 1 2 2", "3 1 2 2 4", "1 4 2 3 G"], start: (0, 0))"#,
    );
    let o = maze(&["analyze", "--format", "eaai", path.to_str().unwrap()]);
    assert!(o.status.success());
    assert_eq!(
        stdout(&o),
        "1 4 2 2 2\n3 2 1 3 3\n2 2 1 2 2\n3 1 2 2 4\n1 4 2 3 0\n\nMoves from start:\n 0  1  8  8  9\n 1  8  7  2 --\n--  6  8  7 10\n 3  5  6  4  7\n 2  2 --  3 11\n\n-11\n"
    );
}

#[test]
fn bad_files_get_a_located_diagnostic_and_a_failing_exit() {
    let cases = [
        (
            "syntax.ron",
            "Maze(\n    rules: Jumping(),\n    board: [\"1 G\"]\n    start: (0, 0),\n)",
            "syntax.ron:4:5",
            "Expected comma",
        ),
        (
            "token.ron",
            "Maze(\n    rules: Jumping(),\n    board: [\"1 x G\"],\n    start: (0, 0),\n)",
            "token.ron:3:16",
            "unknown cell token",
        ),
        (
            "goal.ron",
            "Maze(\n    rules: Jumping(),\n    board: [\"1 2\"],\n    start: (0, 0),\n)",
            "goal.ron:3:12",
            "no goal",
        ),
        (
            "start.ron",
            "Maze(\n    rules: Jumping(),\n    board: [\"1 G\"],\n    start: (0, 1),\n)",
            "start.ron:4:12",
            "on the goal",
        ),
    ];
    for (name, src, location, message) in cases {
        let path = temp_file(name, src);
        for command in ["solve", "analyze"] {
            let o = maze(&[command, path.to_str().unwrap()]);
            assert!(!o.status.success(), "{command} {name} should fail");
            let err = stderr(&o);
            assert!(
                err.contains(location),
                "{command} {name}: no {location} in\n{err}"
            );
            assert!(
                err.contains(message),
                "{command} {name}: no `{message}` in\n{err}"
            );
            assert!(!err.contains("panicked"), "{err}");
        }
    }
}

#[test]
fn a_missing_file_is_a_clear_error() {
    let o = maze(&["solve", "no/such/maze.ron"]);
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("cannot read maze file `no/such/maze.ron`"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn help_teaches_the_file_format() {
    let o = maze(&["--help"]);
    assert!(o.status.success());
    assert!(stdout(&o).contains("solve"));
    assert!(stdout(&o).contains("Maze(rules: Jumping"));
}

/// Walls are drawn into the board as the view lays them out (as `maze play` draws them): `│`
/// between two cells of a row, a line of `-` under a cell walled off from the one below, and
/// listed after the board.
#[test]
fn analyze_draws_the_walls_on_the_board() {
    let o = maze(&["analyze", "variants/walls.ron"]);
    assert!(o.status.success());
    let out = stdout(&o);
    let board = [
        "   0  1  2  3  4",
        "0  3  1  2  2  1",
        "        ---",
        "1  3  3│ 1  2│ 1",
        "",
        "2  1  1  1│ 2  2",
        "",
        "3  3│ 2  2  1  3",
        "           ---",
        "4  G  4  3  2  1",
        "Walls (│ between cells of a row, - between rows): (0,2)|(1,2) (1,1)|(1,2) (2,2)|(2,3) (3,0)|(3,1) (3,3)|(4,3) (1,3)|(1,4)",
    ]
    .join("\n");
    assert!(out.contains(&format!("Board:\n{board}\n\n")), "{out}");
    // A hex wall between rows sits where the two cells overlap, under the odd row's shift.
    let o = maze(&["analyze", "tests/fixtures/worked/hex_5x5_hole_wall.ron"]);
    let out = stdout(&o);
    assert!(
        out.contains("\n1    3   1   1   2   3\n        --\n2  1   3   o   1   3\n"),
        "{out}"
    );
    // Across a torus's seam: at both ends of the row, and under the last row.
    let path = temp_file(
        "seam.ron",
        r#"Maze(rules: Jumping(moves: Queen, torus: true), board: ["3 1 2 5", "1 4 2 1", "2 o 3 G"],
            start: (0, 0), walls: [((0, 0), (0, 1)), ((2, 3), (0, 3)), ((1, 3), (1, 0))])"#,
    );
    let out = stdout(&maze(&["analyze", path.to_str().unwrap()]));
    assert!(
        out.contains("Board:\n   0  1  2  3\n0  3│ 1  2  5\n\n1 │1  4  2  1│\n\n2  2  o  3  G\n           ---\nWalls"),
        "{out}"
    );
    // Without walls there are no lines between rows and no list.
    let out = stdout(&maze(&["analyze", "variants/rook.ron"]));
    assert!(!out.contains("Walls"), "{out}");
    assert!(out.contains("\n0  "), "{out}");
    assert!(!out.contains("\n\n1  "), "{out}");
}

/// Every family's rules analyze, with the board as the view shows it.
#[test]
fn analyze_works_for_rules_as_data() {
    let o = maze(&[
        "analyze",
        "tests/fixtures/families/jump_toggle_mazelog_switchblade.ron",
    ]);
    assert!(o.status.success());
    let out = stdout(&o);
    assert!(out.contains("\n0   3   2   2   5  4@   3\n"), "{out}");
    assert!(
        out.contains("Solution path: (0,0)/t=orthogonal (3,0)/t=orthogonal"),
        "{out}"
    );
    assert!(out.contains("shortest_length       17"), "{out}");
}

/// `maze check`: one line per file, exit 0 when every file is publishable, 1 when one is
/// not (with its reasons), 2 when one cannot be read (and the others are still checked).
#[test]
fn check_says_which_files_are_publishable() {
    let o = maze(&["check", "variants/rook.ron", "variants/hex.ron"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stdout(&o)
            .lines()
            .filter(|l| l.contains(": publishable"))
            .count(),
        2
    );
    // Ten shortest paths: not unique, so not publishable.
    let o = maze(&[
        "check",
        "variants/rook.ron",
        "tests/fixtures/families/bloxorz_stage08.ron",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stdout(&o)
            .contains("bloxorz_stage08.ron: NOT publishable: unique_shortest: 10 shortest paths"),
        "{}",
        stdout(&o)
    );
    // The file's own gates count too.
    let gated = temp_file(
        "gated.ron",
        r#"Maze(rules: Jumping(), board: ["1 1 1", "1 1 1", "1 1 G"], start: (0, 0), generate: (gates: (min_length: 6)))"#,
    );
    let o = maze(&["check", gated.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stdout(&o).contains("min_length 6: the shortest solution has 4"),
        "{}",
        stdout(&o)
    );
    let o = maze(&["check", "--json", "variants/rook.ron", "no/such/file.ron"]);
    assert_eq!(o.status.code(), Some(2));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v[0]["publishable"], true);
    assert_eq!(v[1]["read"], false);
    assert!(stderr(&o).contains("cannot read maze file"));
}

/// Bad input is exit status 2, a no is 1: solve on an unreadable file.
#[test]
fn an_unreadable_file_is_status_2() {
    let o = maze(&["solve", "no/such/file.ron"]);
    assert_eq!(o.status.code(), Some(2));
}

/// A counter whose range is too small drops moves: `analyze` and `check` (text and JSON) warn,
/// naming the counter, the cell and the bound (tests/fixtures/rules/alice_counter_bound.ron:
/// `d` would reach 3 landing on (0,3) under `max: 2`). A maze whose counters never stop a
/// move gets no warning.
#[test]
fn a_counter_that_stops_moves_at_its_bound_is_warned_of() {
    let path = "tests/fixtures/rules/alice_counter_bound.ron";
    let expected = "counter `d` stops moves at its bound (`max` 2): a move from (0,1) landing on (0,3) would make it 3";
    let out = stdout(&maze(&["analyze", path]));
    assert!(out.contains(&format!("warning: {expected}")), "{out}");
    let v: serde_json::Value =
        serde_json::from_str(&stdout(&maze(&["analyze", "--json", path]))).unwrap();
    assert_eq!(v["warnings"], serde_json::json!([expected]));
    let o = maze(&["check", path]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stdout(&o).contains(&format!("{path}: warning: {expected}")),
        "{}",
        stdout(&o)
    );
    let v: serde_json::Value =
        serde_json::from_str(&stdout(&maze(&["check", "--json", path]))).unwrap();
    assert_eq!(v[0]["warnings"], serde_json::json!([expected]));
    // A rolling block's counter is warned of the same way.
    let path = "tests/fixtures/rules/rolling_counter_bound.ron";
    let expected = "counter `presses` stops moves at its bound (`max` 1): a move from (0,0) landing on (0,2) would make it 2";
    let v: serde_json::Value =
        serde_json::from_str(&stdout(&maze(&["analyze", "--json", path]))).unwrap();
    assert_eq!(v["warnings"], serde_json::json!([expected]));
    // The published Alice maze 18 never takes `d` past its range of 0 to 8.
    let v: serde_json::Value = serde_json::from_str(&stdout(&maze(&[
        "analyze",
        "--json",
        "tests/fixtures/families/alice_abbott_maze18.ron",
    ])))
    .unwrap();
    assert_eq!(v["warnings"], serde_json::json!([]));
}

/// `solve`, `analyze`, `render` and `check` ignore the `generate` section: a mistake there
/// is a warning on standard error (and one of `check`'s warnings), while `generate` refuses
/// the file with exit status 2.
#[test]
fn a_bad_generate_section_is_a_warning_except_for_generate() {
    let bad = temp_file(
        "bad_genes.ron",
        r#"Maze(rules: Jumping(), board: ["1 1", "1 G"], start: (0, 0), generate: (genes: [Arrows(1)]))"#,
    );
    let path = bad.to_str().unwrap();
    for args in [
        vec!["solve", path],
        vec!["analyze", path],
        vec!["render", path],
    ] {
        let o = maze(&args);
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
        assert!(
            stderr(&o).contains("warning: the `generate` section is ignored here"),
            "{}",
            stderr(&o)
        );
    }
    let o = maze(&["check", "--json", path]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v[0]["read"], true);
    assert!(
        v[0]["warnings"][0]
            .as_str()
            .unwrap()
            .contains("the gene `Arrows` needs"),
        "{v}"
    );
    let o = maze(&["generate", path]);
    assert_eq!(o.status.code(), Some(2));
}

/// A rule whose cells hold nothing generates on its structure alone (`cells: []`, blocked
/// cells), and a gene may take none (`-`: a cell without a symbol): every generated board is
/// a valid maze whose cells are the ones the settings allow.
#[test]
fn rules_whose_cells_hold_nothing_generate() {
    let ice = temp_file(
        "nothing.ron",
        r#"Maze(rules: Jumping(cells: [], jumps: [(dirs: Orthogonal, length: Any)]), board: ["- - - -", "- - - -", "- - - -", "- - - G"], start: (0, 0), generate: (change: (blocked: true), search: HillDescent(iterations: 200)))"#,
    );
    let out = maze(&[
        "generate",
        ice.to_str().unwrap(),
        "--count",
        "2",
        "--seed",
        "5",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains('#'), "no blocked cell placed:\n{text}");
    let symbols = temp_file(
        "symbols.ron",
        r#"Maze(rules: Jumping(cells: [Symbol], jumps: [(dirs: Orthogonal, length: Any, land: [Any([SameSymbol, Goal])])]), board: ["A A B", "B A B", "A B G"], start: (0, 0), generate: (genes: [Symbol(["A", "-"])], search: HillDescent(iterations: 200)))"#,
    );
    let out = maze(&[
        "generate",
        symbols.to_str().unwrap(),
        "--count",
        "3",
        "--seed",
        "2",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let boards: Vec<&str> = text
        .lines()
        .filter(|l| l.trim_start().starts_with('"'))
        .collect();
    assert!(
        boards
            .iter()
            .any(|l| l.contains(" - ") || l.contains("\"-") || l.contains(" -\"")),
        "no cell without a symbol:\n{text}"
    );
    assert!(
        boards.iter().all(|l| !l.contains('B')),
        "a symbol the gene lacks:\n{text}"
    );
}
