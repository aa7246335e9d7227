//! Every bad maze file gets a diagnostic naming the file, line and column of the problem,
//! and no input makes the reader panic.
#![allow(clippy::unwrap_used)]

use proptest::prelude::*;

/// Parses `src` and returns `(line, column, message)` of its diagnostic.
fn error(src: &str) -> (usize, usize, String) {
    match maze_variants::parse("bad.ron", src) {
        Ok(maze) => panic!("accepted a bad file: {maze:?}"),
        Err(e) => (e.line, e.column, e.message.clone()),
    }
}

/// One bad file: the (line, column) the diagnostic must point at and words it must say.
fn check(src: &str, at: (usize, usize), says: &str) {
    let (line, column, message) = error(src);
    assert_eq!((line, column), at, "position of `{message}`");
    assert!(
        message.contains(says),
        "`{message}` should mention `{says}`"
    );
}

#[test]
fn syntax_error() {
    // The missing comma after the board is noticed at the next field.
    check(
        "Maze(\n    rules: Jumping(),\n    board: [\"1 G\"]\n    start: (0, 0),\n)",
        (4, 5),
        "Expected comma",
    );
}

#[test]
fn unknown_fields() {
    check(
        "Maze(\n    rules: Jumping(),\n    board: [\"1 G\"],\n    begin: (0, 0),\n)",
        (4, 5),
        "`begin`",
    );
    check(
        "Maze(\n    rules: Jumping(tilling: Hex),\n    board: [\"1 G\"],\n    start: (0, 0),\n)",
        (2, 20),
        "`tilling`",
    );
    check(
        "Maze(\n    rules: Jumping(tiling: Hexx),\n    board: [\"1 G\"],\n    start: (0, 0),\n)",
        (2, 28),
        "`Hexx`",
    );
}

#[test]
fn unknown_token_points_at_the_token() {
    check(
        "Maze(\n    rules: Jumping(),\n    board: [\n        \"1 2 3\",\n        \"1 x G\",\n    ],\n    start: (0, 0),\n)",
        (5, 12),
        "unknown cell token `x`",
    );
    check(
        "Maze(\n    rules: Jumping(),\n    board: [\"1 100 G\"],\n    start: (0, 0),\n)",
        (3, 16),
        "1 to 99",
    );
}

#[test]
fn ragged_rows_point_at_the_row() {
    check(
        "Maze(\n    rules: Jumping(),\n    board: [\n        \"1 2 3\",\n        \"1 G\",\n    ],\n    start: (0, 0),\n)",
        (5, 10),
        "row 1 has 2 cells but row 0 has 3",
    );
}

#[test]
fn empty_board() {
    check(
        "Maze(\n    rules: Jumping(),\n    board: [],\n    start: (0, 0),\n)",
        (3, 12),
        "empty",
    );
    check(
        "Maze(\n    rules: Jumping(),\n    board: [\"\"],\n    start: (0, 0),\n)",
        (3, 12),
        "empty",
    );
}

#[test]
fn goals() {
    check(
        "Maze(\n    rules: Jumping(),\n    board: [\"1 2\", \"2 1\"],\n    start: (0, 0),\n)",
        (3, 12),
        "no goal",
    );
    check(
        "Maze(\n    rules: Jumping(),\n    board: [\"1 G\", \"G 1\"],\n    start: (0, 0),\n)",
        (3, 21),
        "second goal",
    );
    check(
        "Maze(\n    rules: Jumping(goal: Exit),\n    board: [\"1 G\"],\n    start: (0, 0),\n)",
        (3, 16),
        "exit goal has no `G`",
    );
}

#[test]
fn bad_starts() {
    let board = "Maze(\n    rules: Jumping(),\n    board: [\"# 1 G\"],\n";
    check(
        &format!("{board}    start: (3, 0),\n)"),
        (4, 12),
        "outside the 1 x 3 board",
    );
    check(
        &format!("{board}    start: (-1, 0),\n)"),
        (4, 12),
        "(-1, 0) is outside the board",
    );
    check(
        &format!("{board}    start: (0, 2),\n)"),
        (4, 12),
        "on the goal",
    );
    check(&format!("{board}    start: (0, 0),\n)"), (4, 12), "blocked");
    check(&format!("{board})"), (4, 1), "missing field `start`");
}

#[test]
fn invalid_rule_combinations_point_at_the_rules() {
    check(
        "Maze(\n    rules: Jumping(tiling: Hex, moves: Queen),\n    board: [\"1 G\"],\n    start: (0, 0),\n)",
        (2, 19),
        "queen moves exist only on the square tiling",
    );
    check(
        "Maze(\n    rules: Jumping(tiling: Hex, torus: true),\n    board: [\"1 1\", \"1 1\", \"1 G\"],\n    start: (0, 0),\n)",
        (2, 19),
        "hex torus needs an even number of rows",
    );
    check(
        "Maze(\n    rules: Jumping(tiling: Triangle, torus: true),\n    board: [\"1 1 1\", \"1 1 G\"],\n    start: (0, 0),\n)",
        (2, 19),
        "even rows and even columns",
    );
}

#[test]
fn walls_must_join_edge_adjacent_cells() {
    let src = "Maze(\n    rules: Jumping(),\n    board: [\"1 1 G\", \"1 1 1\"],\n    start: (0, 0),\n    walls: [((0, 0), (0, 1)), ((0, 0), (1, 1))],\n)";
    check(src, (5, 31), "do not share an edge");
    // Diagonal neighbours share an edge on no square board; hex neighbours do.
    let hex = "Maze(\n    rules: Jumping(tiling: Hex),\n    board: [\"1 1 G\", \"1 1 1\"],\n    start: (0, 0),\n    walls: [((1, 1), (0, 2))],\n)";
    assert!(maze_variants::parse("hex.ron", hex).is_ok());
    // Across the wrap of a torus, (0, 0) and (0, 2) are edge-adjacent on a 3-wide ring.
    let torus = "Maze(\n    rules: Jumping(torus: true),\n    board: [\"1 1 G\"],\n    start: (0, 0),\n    walls: [((0, 0), (0, 2))],\n)";
    assert!(maze_variants::parse("torus.ron", torus).is_ok());
}

#[test]
fn the_rendered_diagnostic_names_file_line_and_column() {
    let e = maze_variants::parse(
        "variants/bad.ron",
        "Maze(\n    rules: Jumping(),\n    board: [\"1 G\"],\n    start: (0, 5),\n)",
    )
    .unwrap_err();
    let mut rendered = String::new();
    miette::GraphicalReportHandler::new_themed(miette::GraphicalTheme::unicode_nocolor())
        .render_report(&mut rendered, e.as_ref())
        .unwrap();
    assert!(rendered.contains("variants/bad.ron:4:12"), "{rendered}");
    assert!(
        rendered.contains("the start (0, 5) is outside the 1 x 2 board"),
        "{rendered}"
    );
    assert_eq!(
        e.one_line(),
        "variants/bad.ron:4:12: the start (0, 5) is outside the 1 x 2 board"
    );
}

/// Files read back: every bundled variant round-trips through `write` and `parse`.
#[test]
fn bundled_variants_round_trip() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../variants");
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "ron") {
            let src = std::fs::read_to_string(&path).unwrap();
            let maze = maze_variants::parse("v.ron", &src).unwrap();
            let again =
                maze_variants::parse("w.ron", &maze_variants::write(&maze, &["header".into()]))
                    .unwrap();
            assert_eq!(maze, again, "{}", path.display());
        }
    }
}

const VALID: &str = "// sample\nMaze(\n    rules: Jumping(tiling: Hex, no_u_turn: true),\n    board: [\"1 2 o\", \"# 1 G\"],\n    start: (0, 0),\n    walls: [((0, 0), (0, 1))],\n)\n";

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Random edits of a valid file never make the reader panic, and every error points
    /// inside the file.
    #[test]
    fn mangled_files_never_panic(edits in proptest::collection::vec((0usize..200, 0u8..4, proptest::char::any()), 1..6)) {
        let mut src: Vec<char> = VALID.chars().collect();
        for (at, op, ch) in edits {
            let at = at % (src.len() + 1);
            match op {
                0 if at < src.len() => { src.remove(at); }
                1 => src.insert(at, ch),
                2 if at < src.len() => src[at] = ch,
                _ => src.insert(at, ['(', ')', '[', ']', ',', '"', '#', '-', '9'][at % 9]),
            }
        }
        let src: String = src.into_iter().collect();
        if let Err(e) = maze_variants::parse("fuzz.ron", &src) {
            prop_assert!(e.line >= 1 && e.line <= src.lines().count().max(1) + 1);
        }
    }
}

/// A maze file with `generate` settings `settings` (one line), on a 3 x 3 rook board; the
/// settings are on line 6.
fn with_settings(settings: &str) -> String {
    format!(
        "Maze(\n    rules: Jumping(),\n    board: [\"1 1 1\", \"1 1 1\", \"1 1 G\"],\n    start: (0, 0),\n    generate: (\n        {settings}\n    ),\n)"
    )
}

#[test]
fn bad_generation_settings_point_at_the_setting() {
    // Column 9 is where the setting's name starts; the value's own column follows it.
    check(
        &with_settings("search: UphillSteps(iterations: 100, p: 1.5),"),
        (6, 17),
        "p is 1.5: a probability is between 0 and 1",
    );
    check(
        &with_settings("search: HillDescent(iterations: 0),"),
        (6, 17),
        "iterations is 0",
    );
    check(
        &with_settings("search: SimulatedAnnealing(iterations: 10, t0: 1.0, decay: 1.5),"),
        (6, 17),
        "decay is 1.5",
    );
    check(
        &with_settings("search: Genetic(iterations: 10, rate: 0.1, population: (size: 1)),"),
        (6, 17),
        "population size 1 is too small",
    );
    check(
        &with_settings(
            "search: RandomRestarts(iterations: 10, restarts: Bandit(policy: EpsilonGreedy(2.0))),",
        ),
        (6, 17),
        "epsilon is 2",
    );
    check(
        &with_settings("search: RandomRestarts(iterations: 10, restarts: Fixed(period: 0)),"),
        (6, 17),
        "period is 0",
    );
    check(
        &with_settings("gates: (min_length: 9),"),
        (6, 16),
        "min_length 9 is impossible",
    );
    check(
        &with_settings("goal: Fixed(3, 0),"),
        (6, 15),
        "the goal (3, 0) is outside the 3 x 3 board",
    );
    check(
        &with_settings("max_jump: 0,"),
        (6, 19),
        "max_jump 0 is out of range",
    );
    check(&with_settings("max_jump: 1,"), (6, 19), "nothing to change");
    check(
        &with_settings("change: (fragile: true),"),
        (6, 17),
        "`fragile` is for rolling-block floors",
    );
    check(
        &with_settings("objective: Weighted([]),"),
        (6, 20),
        "at least one term",
    );
    check(
        &with_settings("attempts: 0,"),
        (6, 19),
        "attempts must be at least 1",
    );
    check(
        &with_settings("size: (2000, 3),"),
        (6, 15),
        "larger than the generator's 1000 x 1000 limit",
    );
}

#[test]
fn unknown_settings_and_names_are_ron_errors_at_their_place() {
    check(
        &with_settings("serach: HillDescent(iterations: 1),"),
        (6, 9),
        "`serach`",
    );
    check(
        &with_settings("search: HillClimb(iterations: 1),"),
        (6, 17),
        "`HillClimb`",
    );
    check(
        &with_settings("objective: Weighted([(feature: lenght, weight: 1.0)]),"),
        (6, 40),
        "`lenght`",
    );
}

#[test]
fn rolling_block_settings_refuse_jumping_settings() {
    let src = "Maze(\n    rules: RollingBlock(),\n    board: [\"S..\", \"..G\"],\n    generate: (\n        max_jump: 3,\n    ),\n)";
    check(src, (5, 19), "a rolling-block maze has no jump numbers");
    let src = "Maze(\n    rules: RollingBlock(),\n    board: [\"S..\", \"..G\"],\n    generate: (\n        change: (walls: true),\n    ),\n)";
    check(src, (5, 17), "`walls` are for jumping mazes");
}

const VALID_SETTINGS: &str = "Maze(\n    rules: Jumping(),\n    board: [\"1 2 1\", \"1 1 G\"],\n    start: (0, 0),\n    generate: (\n        size: (3, 4),\n        start: Fixed(0, 1),\n        goal: Random,\n        max_jump: 3,\n        gates: (unique_shortest: true, min_length: 4),\n        search: UphillSteps(iterations: 100, p: 0.01),\n    ),\n)\n";

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// Random edits of valid settings never make the reader panic either.
    #[test]
    fn mangled_settings_never_panic(edits in proptest::collection::vec((0usize..400, 0u8..4, proptest::char::any()), 1..6)) {
        let mut src: Vec<char> = VALID_SETTINGS.chars().collect();
        for (at, op, ch) in edits {
            let at = at % (src.len() + 1);
            match op {
                0 if at < src.len() => { src.remove(at); }
                1 => src.insert(at, ch),
                2 if at < src.len() => src[at] = ch,
                _ => src.insert(at, ['(', ')', '0', '9', ',', '1', '-', '.', '5'][at % 9]),
            }
        }
        let src: String = src.into_iter().collect();
        if let Err(e) = maze_variants::parse_file("fuzz.ron", &src) {
            prop_assert!(e.line >= 1 && e.line <= src.lines().count().max(1) + 1);
        }
    }
}

#[test]
fn settings_and_provenance_round_trip() {
    let src = VALID_SETTINGS.replace(
        "    ),\n)\n",
        "    ),\n    provenance: (variant: \"variants/x.ron\", seed: 3, index: 2, iterations: 100, engine: \"maze-gen 0.1.0\"),\n)\n",
    );
    let file = maze_variants::parse_file("s.ron", &src).unwrap();
    assert!(file.generate.is_some() && file.provenance.is_some());
    let again = maze_variants::parse_file("t.ron", &maze_variants::write_file(&file, &[])).unwrap();
    assert_eq!(file, again);
}
