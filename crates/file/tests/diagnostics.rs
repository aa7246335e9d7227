//! Every bad maze file gets a diagnostic naming the file, line and column of the problem,
//! and no input makes the reader panic.
#![allow(clippy::unwrap_used)]

use proptest::prelude::*;

/// Parses `src` and returns `(line, column, message)` of its diagnostic.
fn error(src: &str) -> (usize, usize, String) {
    match maze_file::parse("bad.ron", src) {
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
    // The diagnostic lists every token the file's schema accepts, the wildcard and the
    // circle among them.
    for token in [
        "`*` (wildcard)",
        "`-` (a cell with no number)",
        "`_` (empty)",
        "trailing `@`",
    ] {
        check(
            "Maze(\n    rules: Jumping(),\n    board: [\"1 x G\"],\n    start: (0, 0),\n)",
            (3, 16),
            token,
        );
    }
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
    assert!(maze_file::parse("hex.ron", hex).is_ok());
    // Across the wrap of a torus, (0, 0) and (0, 2) are edge-adjacent on a 3-wide ring.
    let torus = "Maze(\n    rules: Jumping(torus: true),\n    board: [\"1 1 G\"],\n    start: (0, 0),\n    walls: [((0, 0), (0, 2))],\n)";
    assert!(maze_file::parse("torus.ron", torus).is_ok());
}

/// A maze with a key register and `doors` in its rules and `walls` as given.
fn with_doors(doors: &str, walls: &str) -> String {
    format!(
        "Maze(\n    rules: Jumping(\n        cells: [Symbol],\n        registers: [(name: \"key\", kind: Choice([\"no\", \"yes\"]))],\n        jumps: [(dirs: Orthogonal, length: Exactly(1))],\n        effects: [(on: Land, when: [Symbol(\"K\")], do: [Set(\"key\", Name(\"yes\"))])],\n        doors: [{doors}],\n    ),\n    board: [\"K - G\"],\n    start: (0, 1),\n    walls: [{walls}],\n)"
    )
}

#[test]
fn one_way_walls_and_doors_point_at_their_wall_or_door() {
    let door = "(name: \"door\", open: [Is(\"key\", \"yes\")])";
    assert!(
        maze_file::parse(
            "ok.ron",
            &with_doors(door, "((0, 1), (0, 2), Door(\"door\"))")
        )
        .is_ok()
    );
    // The third element is read, not the "Expected closing `)`" of a pair.
    check(
        &with_doors(door, "((0, 1), (0, 2), Sideways)"),
        (11, 30),
        "`Sideways`",
    );
    check(
        &with_doors(door, "((0, 0), (0, 1)), ((0, 1), (0, 2), Door(\"gate\"))"),
        (11, 31),
        "no door is called `gate`",
    );
    check(
        &with_doors(
            door,
            "((0, 1), (0, 2), OneWay), ((0, 2), (0, 1), Door(\"door\"))",
        ),
        (11, 39),
        "another wall already stands",
    );
    check(
        &with_doors(door, "((0, 0), (0, 2), OneWay)"),
        (11, 13),
        "do not share an edge",
    );
    check(
        &with_doors("(name: \"door\", open: [])", ""),
        (7, 17),
        "has no condition",
    );
    check(
        &with_doors(&format!("{door}, {door}"), ""),
        (7, 59),
        "declared twice",
    );
    check(
        &with_doors("(name: \"door\", open: [Is(\"key\", \"maybe\")])", ""),
        (7, 17),
        "maybe",
    );
}

#[test]
fn the_rendered_diagnostic_names_file_line_and_column() {
    let e = maze_file::parse(
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
            let maze = maze_file::parse("v.ron", &src).unwrap();
            let again = maze_file::parse("w.ron", &maze_variants::write(&maze, &["header".into()]))
                .unwrap();
            assert_eq!(maze, again, "{}", path.display());
        }
    }
}

/// `valid` with `edits` applied, each `(at, op, ch)` at `at` modulo the length: remove a
/// character, insert `ch`, replace one by `ch`, or insert a character of `syntax` (which
/// breaks the file where random characters seldom would).
fn mangled(valid: &str, edits: &[(usize, u8, char)], syntax: [char; 9]) -> String {
    let mut src: Vec<char> = valid.chars().collect();
    for &(at, op, ch) in edits {
        let at = at % (src.len() + 1);
        match op {
            0 if at < src.len() => {
                src.remove(at);
            }
            1 => src.insert(at, ch),
            2 if at < src.len() => src[at] = ch,
            _ => src.insert(at, syntax[at % 9]),
        }
    }
    src.into_iter().collect()
}

const VALID: &str = "// sample\nMaze(\n    rules: Jumping(tiling: Hex, no_u_turn: true),\n    board: [\"1 2 o\", \"# 1 G\"],\n    start: (0, 0),\n    walls: [((0, 0), (0, 1))],\n)\n";

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Random edits of a valid file never make the reader panic, and every error points
    /// inside the file.
    #[test]
    fn mangled_files_never_panic(edits in proptest::collection::vec((0usize..200, 0u8..4, proptest::char::any()), 1..6)) {
        let src = mangled(VALID, &edits, ['(', ')', '[', ']', ',', '"', '#', '-', '9']);
        if let Err(e) = maze_file::parse("fuzz.ron", &src) {
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
        "attempts is 0: it must be from 1 to 1000",
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
    check(
        src,
        (5, 17),
        "`walls` and `one_way_walls` are for jumping mazes",
    );
    let src = src.replace("walls: true", "one_way_walls: true");
    check(&src, (5, 17), "`one_way_walls` are for jumping mazes");
}

const VALID_SETTINGS: &str = "Maze(\n    rules: Jumping(),\n    board: [\"1 2 1\", \"1 1 G\"],\n    start: (0, 0),\n    generate: (\n        size: (3, 4),\n        start: Fixed(0, 1),\n        goal: Random,\n        max_jump: 3,\n        gates: (unique_shortest: true, min_length: 4),\n        search: UphillSteps(iterations: 100, p: 0.01),\n    ),\n)\n";

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// Random edits of valid settings never make the reader panic either.
    #[test]
    fn mangled_settings_never_panic(edits in proptest::collection::vec((0usize..400, 0u8..4, proptest::char::any()), 1..6)) {
        let src = mangled(VALID_SETTINGS, &edits, ['(', ')', '0', '9', ',', '1', '-', '.', '5']);
        if let Err(e) = maze_file::parse_file("fuzz.ron", &src) {
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
    let file = maze_file::parse_file("s.ron", &src).unwrap();
    assert!(file.generate.is_some() && file.provenance.is_some());
    let again = maze_file::parse_file("t.ron", &maze_file::write_file(&file, &[])).unwrap();
    assert_eq!(file, again);
}

/// A jumping-maze file whose rules are `rules`, the fields inside `Jumping(...)` one per line
/// from line 3 (each at column 9), with the one-row board `row` on the line after them (its
/// first token at column 14), starting at (0, 0).
fn with_rules(rules: &[&str], row: &str) -> String {
    let mut src = String::from("Maze(\n    rules: Jumping(\n");
    for field in rules {
        src.push_str(&format!("        {field}\n"));
    }
    src.push_str(&format!(
        "    ),\n    board: [\"{row}\"],\n    start: (0, 0),\n)"
    ));
    src
}

/// A two-valued choice register `t`, read by the first kind of move (line 3 of the rules).
const T: &str = "registers: [(name: \"t\", kind: Choice([\"a\", \"b\"]))],";

/// Conditions, lengths, directions and effects that name no register are pointed at by the
/// kind of move or effect holding them (its opening parenthesis: the reader locates rule
/// parts, not the conditions inside them).
#[test]
fn unknown_register_names_point_at_their_rule() {
    // In a `when`, the second kind of move (line 5).
    check(
        &with_rules(
            &[
                "jumps: [",
                "    (),",
                "    (when: [Is(\"x\", \"a\")]),",
                "],",
            ],
            "1 G",
        ),
        (5, 13),
        "no register is called `x`",
    );
    // Nested in a `land` condition.
    check(
        &with_rules(
            &[
                T,
                "jumps: [",
                "    (when: [Is(\"t\", \"a\")], land: [Not(Any([Goal, Is(\"u\", \"b\")]))]),",
                "],",
            ],
            "1 G",
        ),
        (5, 13),
        "no register is called `u`",
    );
    // In a length and in a direction set.
    check(
        &with_rules(&["jumps: [(length: Register(\"d\"))],"], "1 G"),
        (3, 17),
        "no register is called `d`",
    );
    check(
        &with_rules(&["jumps: [(dirs: Reverse(\"a\"))],"], "1 G"),
        (3, 17),
        "no register is called `a`",
    );
    // In an effect's condition and in its operation: the second effect (line 7).
    let effects = |second: &str| {
        with_rules(
            &[
                T,
                "jumps: [(when: [Is(\"t\", \"a\")])],",
                "effects: [",
                "    (on: Land, do: [Next(\"t\")]),",
                second,
                "],",
            ],
            "1 G",
        )
    };
    check(
        &effects("    (on: Land, when: [Is(\"u\", \"a\")], do: [Next(\"t\")]),"),
        (7, 13),
        "no register is called `u`",
    );
    check(
        &effects("    (on: Leave, do: [Set(\"u\", Name(\"a\"))]),"),
        (7, 13),
        "no register is called `u`",
    );
    // `keep` tests the cell only: a register there is refused before its name is looked up.
    check(
        &with_rules(
            &[
                "registers: [",
                "    (name: \"t\", kind: Choice([\"a\", \"b\"])),",
                "    (name: \"u\", kind: Choice([\"a\", \"b\"]), keep: Where(Is(\"x\", \"a\"))),",
                "],",
                "jumps: [(when: [Is(\"t\", \"a\"), Is(\"u\", \"a\")])],",
            ],
            "1 G",
        ),
        (5, 13),
        "`keep` can only test the cell, not registers",
    );
}

/// A cell register's conditions, length and operations are checked where they are written:
/// `To` and `Held` need a cell register, `Clear` and `Unset` one that can hold none, a cell
/// is no name, and the cell landed on is known only on landing.
#[test]
fn cell_register_mistakes_point_at_their_rule() {
    const B: &str = "registers: [(name: \"b\", kind: Cell)],";
    check(
        &with_rules(
            &[T, "jumps: [(when: [Is(\"t\", \"a\")], length: To(\"t\"))],"],
            "1 G",
        ),
        (4, 17),
        "`To` needs a cell register, but `t` is not one",
    );
    check(
        &with_rules(&[T, "jumps: [(land: [Held(\"t\")])],"], "1 G"),
        (4, 17),
        "`Held` needs a cell register, but `t` is not one",
    );
    check(
        &with_rules(
            &[
                T,
                "jumps: [(when: [Is(\"t\", \"a\")])],",
                "effects: [(on: Land, do: [Clear(\"t\")])],",
            ],
            "1 G",
        ),
        (5, 19),
        "`Clear`: register `t` always holds a value, never none",
    );
    check(
        &with_rules(
            &[
                B,
                "jumps: [(length: To(\"b\"))],",
                "effects: [(on: Land, do: [Set(\"b\", Name(\"(0,1)\"))])],",
            ],
            "1 G",
        ),
        (5, 19),
        "`(0,1)` is not a value of register `b`",
    );
    check(
        &with_rules(
            &[
                B,
                "jumps: [(land: [Not(Held(\"b\"))])],",
                "effects: [(on: Leave, do: [Set(\"b\", LandingCell)])],",
            ],
            "1 G",
        ),
        (5, 19),
        "`LandingCell` is the move's, known only in a landing effect",
    );
}

#[test]
fn values_a_register_cannot_hold_point_at_their_rule() {
    // `Is` with a name that is not one of the choice's values.
    check(
        &with_rules(
            &[T, "jumps: [", "    (when: [Is(\"t\", \"c\")]),", "],"],
            "1 G",
        ),
        (5, 13),
        "`c` is not a value of register `t`",
    );
    // A direction register compared with a name that is no direction of the tiling.
    check(
        &with_rules(
            &[
                "tiling: Hex,",
                "registers: [(name: \"a\", kind: Direction)],",
                "jumps: [(when: [Is(\"a\", \"N\")], dirs: Register(\"a\"))],",
            ],
            "1 G",
        ),
        (5, 17),
        "`N` is not a value of register `a`",
    );
    // A comparison needs a counter; `Opposite` a direction register.
    check(
        &with_rules(&[T, "jumps: [(when: [Eq(\"t\", 1)])],"], "1 G"),
        (4, 17),
        "a comparison needs a counter, but register `t` is not one",
    );
    check(
        &with_rules(&[T, "jumps: [(land: [Opposite(\"t\")])],"], "1 G"),
        (4, 17),
        "`Opposite` needs a direction register, but `t` is not one",
    );
    // An effect setting a choice to an integer, stepping a direction.
    check(
        &with_rules(
            &[
                T,
                "jumps: [(when: [Is(\"t\", \"a\")])],",
                "effects: [(on: Land, do: [Set(\"t\", Int(1))])],",
            ],
            "1 G",
        ),
        (5, 19),
        "register `t` cannot hold an integer",
    );
    check(
        &with_rules(
            &[
                "registers: [(name: \"a\", kind: Direction)],",
                "jumps: [(dirs: Register(\"a\"))],",
                "effects: [(on: Land, do: [Next(\"a\")])],",
            ],
            "1 G",
        ),
        (5, 19),
        "`Next` steps a choice or counter; `a` is neither",
    );
    // A rolling block's press in a jumping maze.
    check(
        &with_rules(
            &[
                T,
                "jumps: [(when: [Is(\"t\", \"a\")])],",
                "effects: [(on: Land, when: [Standing], do: [Next(\"t\")])],",
            ],
            "1 G",
        ),
        (5, 19),
        "`Standing` tests how a rolling block presses a switch",
    );
}

#[test]
fn meaningless_kinds_of_move_point_at_the_kind() {
    // The knight's leaps exist on squares only: the second kind (line 5).
    check(
        &with_rules(
            &[
                "tiling: Hex,",
                "jumps: [",
                "    (),",
                "    (dirs: Knight, length: Exactly(1)),",
                "],",
            ],
            "1 G",
        ),
        (6, 13),
        "`Knight` exists only on the square tiling, not on Hex",
    );
    check(
        &with_rules(&["jumps: [(dirs: Knight, length: Any)],"], "1 G"),
        (3, 17),
        "knight leaps have exact lengths",
    );
    // Directions read from the cells' arrows need arrows in the token schema.
    check(
        &with_rules(
            &["jumps: [", "    (dirs: Arrows, length: Any),", "],"],
            "1 G",
        ),
        (4, 13),
        "`Arrows` reads the cells' Arrows but the board's tokens have none",
    );
    check(
        &with_rules(
            &[
                "registers: [(name: \"a\", kind: Direction)],",
                "jumps: [(dirs: Turned(\"a\"))],",
            ],
            "1 G",
        ),
        (4, 17),
        "`Turned` reads the cells' Arrows but the board's tokens have none",
    );
    // `First` stops where the move cannot fly on; flying over everything flyable, it would
    // stop only on blocked or void cells, where nothing lands.
    check(
        &with_rules(
            &[
                "cells: [Piece],",
                "jumps: [",
                "    (dirs: All, length: First),",
                "],",
            ],
            "K G",
        ),
        (5, 13),
        "`First` stops at the first cell the move cannot fly over, but `over: Flyable`",
    );
    check(
        &with_rules(&["jumps: [(dirs: List([\"N\", \"Up\"]))],"], "1 G"),
        (3, 17),
        "`Up` is no direction of the Square tiling",
    );
    check(
        &with_rules(&["jumps: [(length: Exactly(0))],"], "1 G"),
        (3, 17),
        "`Exactly(0)` is no move",
    );
    check(
        &with_rules(
            &[
                "registers: [(name: \"i\", kind: Counter(min: 0, max: 1))],",
                "jumps: [(length: Cycle(\"i\", []))],",
            ],
            "1 G",
        ),
        (4, 17),
        "a `Cycle` needs one or more lengths of at least 1",
    );
    // A comparison of the landing cell with the origin has no landing cell in `when`.
    check(
        &with_rules(
            &[
                "cells: [Colour],",
                "jumps: [(dirs: All, length: Any, when: [SameColour])],",
            ],
            "r r G",
        ),
        (4, 17),
        "`SameColour` compares a landing cell with the cell moved from",
    );
}

#[test]
fn bad_registers_point_at_the_register() {
    let registers = |lines: &[&str], jumps: &str| {
        let mut rules = vec!["registers: ["];
        rules.extend_from_slice(lines);
        rules.push("],");
        rules.push(jumps);
        with_rules(&rules, "1 G")
    };
    // Counter bounds that hold no value, the second register (line 5).
    check(
        &registers(
            &[
                "    (name: \"t\", kind: Choice([\"a\", \"b\"])),",
                "    (name: \"d\", kind: Counter(min: 3, max: 1)),",
            ],
            "jumps: [(when: [Is(\"t\", \"a\")], length: Register(\"d\"))],",
        ),
        (5, 13),
        "a counter from 3 to 1 holds no value",
    );
    check(
        &registers(
            &["    (name: \"d\", kind: Counter(min: 0, max: 3, start: 5)),"],
            "jumps: [(length: Register(\"d\"))],",
        ),
        (4, 13),
        "start 5 is outside 0..=3",
    );
    // A register nothing reads: the second.
    check(
        &registers(
            &[
                "    (name: \"t\", kind: Choice([\"a\", \"b\"])),",
                "    (name: \"u\", kind: Choice([\"a\", \"b\"])),",
            ],
            "jumps: [(when: [Is(\"t\", \"a\")])],",
        ),
        (5, 13),
        "register `u` is never read",
    );
    // Two registers of one name: the second is pointed at.
    check(
        &registers(
            &[
                "    (name: \"t\", kind: Choice([\"a\", \"b\"])),",
                "    (name: \"t\", kind: Choice([\"a\", \"b\"])),",
            ],
            "jumps: [(when: [Is(\"t\", \"a\")])],",
        ),
        (5, 13),
        "a second register called `t`",
    );
    // Standing for the cells' number everywhere would hide every number.
    check(
        &registers(
            &["    (name: \"L\", kind: Counter(min: 1, max: 3), stands_for: Number),"],
            "",
        ),
        (4, 13),
        "a register standing for Number everywhere would hide every cell's own Number",
    );
    check(
        &registers(
            &[
                "    (name: \"t\", kind: Choice([\"a\", \"b\"]), keep: Where(Wildcard), stands_for: Number),",
            ],
            "",
        ),
        (4, 13),
        "register cannot stand for the cells' Number",
    );
    check(
        &registers(&["    (name: \"t\", kind: Choice([\"a\"])),"], ""),
        (4, 13),
        "a `Choice` needs at least two values",
    );
    check(
        &registers(&["    (name: \"a b\", kind: Direction),"], ""),
        (4, 13),
        "`a b` is no register name",
    );
    // Seven registers are no longer too many; thirty-two at most: the 33rd is pointed at.
    let seven: Vec<String> = (0..7)
        .map(|i| format!("    (name: \"r{i}\", kind: Choice([\"a\", \"b\"])),"))
        .collect();
    let seven: Vec<&str> = seven.iter().map(String::as_str).collect();
    let reads: Vec<String> = (0..7).map(|i| format!("Is(\"r{i}\", \"a\")")).collect();
    let reads = format!("jumps: [(when: [{}])],", reads.join(", "));
    if let Err(e) = maze_file::parse_file("seven.ron", &registers(&seven, &reads)) {
        panic!("seven registers: {}", e.one_line());
    }
    let many: Vec<String> = (0..33)
        .map(|i| format!("    (name: \"r{i}\", kind: Choice([\"a\"])),"))
        .collect();
    let many: Vec<&str> = many.iter().map(String::as_str).collect();
    check(&registers(&many, ""), (36, 13), "at most 32 registers");
}

#[test]
fn bad_effects_point_at_the_effect() {
    let effects = |lines: &[&str]| {
        let mut rules = vec![
            "registers: [(name: \"L\", kind: Counter(min: 0, max: 3))],",
            "jumps: [(length: Register(\"L\"))],",
            "effects: [",
        ];
        rules.extend_from_slice(lines);
        rules.push("],");
        with_rules(&rules, "1 G")
    };
    // The move's length and direction are known only once it has landed: the second effect
    // (line 7).
    check(
        &effects(&[
            "    (on: Land, do: [Next(\"L\")]),",
            "    (on: Leave, do: [Set(\"L\", Length)]),",
        ]),
        (7, 13),
        "`Length` is the move's, known only in a landing effect",
    );
    check(
        &effects(&["    (on: Leave, when: [Circled], do: [Add(\"L\", Length)]),"]),
        (6, 13),
        "`Length` is the move's",
    );
    check(
        &effects(&["    (on: Land, do: []),"]),
        (6, 13),
        "this effect does nothing: `do` is empty",
    );
    // A number read where the tokens hold none.
    check(
        &with_rules(
            &[
                "cells: [],",
                "registers: [(name: \"J\", kind: Counter(min: 0, max: 3))],",
                "jumps: [(length: Register(\"J\"))],",
                "effects: [(on: Leave, do: [Add(\"J\", Number)])],",
            ],
            "- G",
        ),
        (6, 19),
        "`Number` reads the cells' Number but the board's tokens have none",
    );
}

/// Problems of the rules as a whole point at the rules (`Jumping(` on line 2): the flags and
/// the token schema are not located one by one.
#[test]
fn whole_rule_problems_point_at_the_rules() {
    check(
        &with_rules(&["cells: [Number, Number],"], "1:1 G"),
        (2, 19),
        "`Number` appears twice in `cells`",
    );
    check(
        &with_rules(
            &[
                "no_u_turn: true,",
                "registers: [(name: \"last\", kind: Direction)],",
                "jumps: [(dirs: Register(\"last\"))],",
            ],
            "1 G",
        ),
        (2, 19),
        "`no_u_turn` keeps its last direction in a register called `last`",
    );
}

#[test]
fn tokens_the_schema_cannot_read_point_at_the_token() {
    let link = [
        "cells: [Symbol, Colour],",
        "jumps: [(dirs: All, length: Any, land: [SameSymbol])],",
    ];
    // Too many and too few `:` fields.
    check(
        &with_rules(&link, "C:p C:p:x G"),
        (6, 18),
        "`C:p:x` has 3 field(s) but the rules' `cells` schema has 2 (Symbol, Colour)",
    );
    check(&with_rules(&link, "C:p C G"), (6, 18), "`C` has 1 field(s)");
    check(
        &with_rules(&link, "C:p G:C G"),
        (6, 18),
        "`G:C` has 1 field(s)",
    );
    // An arrow that is no direction: on squares, and N on hexes (which have no N).
    let arrows = ["cells: [Arrows],", "jumps: [(dirs: Arrows, length: Any)],"];
    check(
        &with_rules(&arrows, "E NN G"),
        (6, 16),
        "`NN` is no arrow: the directions are N NE E SE S SW W NW",
    );
    check(&with_rules(&arrows, "E E,X G"), (6, 16), "`X` is no arrow");
    let hex = [
        "tiling: Hex,",
        "cells: [Arrows],",
        "jumps: [(dirs: Arrows, length: Any)],",
    ];
    check(
        &with_rules(&hex, "E N G"),
        (7, 16),
        "`N` is no arrow: the directions are E NE NW W SW SE",
    );
    // Knight leaps are directions of the rules but no arrows.
    check(
        &with_rules(
            &[
                "cells: [Arrows, Piece],",
                "jumps: [(dirs: Knight, length: Exactly(1))],",
            ],
            "N:N NNE:N G",
        ),
        (6, 18),
        "`NNE` is no arrow",
    );
    // An unknown piece letter.
    let chess = [
        "cells: [Piece],",
        "jumps: [(dirs: All, length: Exactly(1))],",
    ];
    check(
        &with_rules(&chess, "K X G"),
        (6, 16),
        "`X` is no piece: K Q R B N P",
    );
    check(&with_rules(&chess, "K k G"), (6, 16), "`k` is no piece");
    // Other fields.
    check(
        &with_rules(&["cells: [Number, Colour],"], "1:r x:r G"),
        (5, 18),
        "`x` is no number",
    );
    check(
        &with_rules(
            &[
                "cells: [Colour],",
                "jumps: [(dirs: All, length: Any, land: [OtherColour])],",
            ],
            "r abcdefghi G",
        ),
        (6, 16),
        "is no colour: 1 to 8 letters or digits",
    );
    check(
        &with_rules(&[], "1 #@ G"),
        (4, 16),
        "only ordinary, goal and wildcard cells can be circled",
    );
    check(
        &with_rules(&["cells: [],", "jumps: [(length: Exactly(1))],"], "- x G"),
        (6, 16),
        "these cells hold nothing",
    );
}

#[test]
fn a_wildcard_start_has_nothing_to_inherit() {
    check(
        &with_rules(
            &[
                "registers: [(name: \"L\", kind: Counter(min: 1, max: 3), keep: Where(Wildcard), stands_for: Number)],",
                "effects: [(on: Land, when: [Wildcard], do: [Set(\"L\", Length)])],",
            ],
            "* G",
        ),
        (7, 12),
        "the start (0, 0) is on a wildcard `*`, which has nothing to inherit",
    );
}

/// A gene needs its attribute in the token schema, and is listed once. The diagnostic points
/// at the offending gene itself.
#[test]
fn genes_need_their_attribute() {
    check(
        &with_settings("max_jump: 2, genes: [Number(1, 2), Arrows(1)],"),
        (6, 44),
        "the gene `Arrows` needs `Arrows` in the rules' `cells`, which hold Number",
    );
    check(
        &with_settings("max_jump: 2, genes: [Number(1, 2), Piece([King])],"),
        (6, 44),
        "the gene `Piece` needs `Piece`",
    );
    check(
        &with_settings("max_jump: 2, genes: [Number(1, 2), Number(1, 3)],"),
        (6, 44),
        "`Number` is listed twice",
    );
}

/// The rule-family fixtures beside the root package's tests, as text, read once.
fn family_files() -> &'static [String] {
    static FILES: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    FILES.get_or_init(|| {
        let dir =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/families");
        let mut paths: Vec<_> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "ron"))
            .collect();
        paths.sort();
        paths
            .iter()
            .map(|p| std::fs::read_to_string(p).unwrap())
            .collect()
    })
}

/// Words of the rule model and values at the edges of their ranges, for edits that keep a
/// file readable as RON but change what it means.
const WORDS: &[&str] = &[
    "Arrows",
    "ReverseArrows",
    "Knight",
    "All",
    "Orthogonal",
    "Diagonal",
    "Moves",
    "First",
    "Any",
    "Number",
    "UpToNumber",
    "Empty",
    "Occupied",
    "Flyable",
    "Land",
    "Leave",
    "Length",
    "Direction",
    "Piece",
    "Colour",
    "Symbol",
    "Wildcard",
    "Circled",
    "Turn",
    "Goal",
    "Counter",
    "Choice",
    "Register",
    "Reverse",
    "Turned",
    "Cycle",
    "Exactly",
    "Where",
    "Everywhere",
    "Hex",
    "Triangle",
    "Square",
    "Exit",
    "Cells",
    "Cell",
    "true",
    "false",
    "0",
    "1",
    "-1",
    "99",
    "100",
    "65536",
    "2147483647",
    "2147483648",
    "-2147483649",
    "d",
    "t",
    "zz",
    "N",
    "NNE",
    "O",
    "CW",
    "G",
    "_",
    "*",
    "#",
    "-",
    "+0",
    "@",
];

/// One edit of a file: a character deleted, inserted or replaced, a bracket or quote
/// inserted, a word or number replaced by one of [`WORDS`], or a line deleted or doubled.
fn edit(src: &mut String, at: usize, op: u8, ch: char) {
    let len = src.chars().count();
    let byte = |i: usize| src.char_indices().nth(i).map_or(src.len(), |(b, _)| b);
    match op {
        0 if at < len => {
            let b = byte(at);
            src.remove(b);
        }
        1 => {
            let b = byte(at.min(len));
            src.insert(b, ch);
        }
        2 if at < len => {
            let b = byte(at);
            src.remove(b);
            src.insert(b, ch);
        }
        3 => {
            let b = byte(at.min(len));
            src.insert(b, ['(', ')', '[', ']', ',', '"', ':', '@', '9'][at % 9]);
        }
        4 | 5 => {
            // The words of the file: maximal runs of letters, digits, `_`, `+`, `-`.
            let mut words = Vec::new();
            let mut start = None;
            for (i, c) in src.char_indices().chain(std::iter::once((src.len(), ' '))) {
                let word = c.is_ascii_alphanumeric() || matches!(c, '_' | '+' | '-');
                match (start, word) {
                    (None, true) => start = Some(i),
                    (Some(s), false) => {
                        words.push(s..i);
                        start = None;
                    }
                    _ => {}
                }
            }
            if !words.is_empty() {
                let range = words[at % words.len()].clone();
                let with = WORDS[(ch as usize) % WORDS.len()];
                src.replace_range(range, with);
            }
        }
        6 | 7 => {
            let mut lines: Vec<&str> = src.lines().collect();
            if !lines.is_empty() {
                let i = at % lines.len();
                if op == 6 {
                    lines.remove(i);
                } else {
                    lines.insert(i, lines[i]);
                }
            }
            *src = lines.join("\n");
        }
        _ => {}
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    /// Edits of the published rule-family files never make the reader panic, and every
    /// error points inside the file.
    #[test]
    fn mangled_family_files_never_panic(
        file in 0usize..64,
        edits in proptest::collection::vec((0usize..4000, 0u8..8, proptest::char::any()), 1..5),
    ) {
        let files = family_files();
        let mut src = files[file % files.len()].clone();
        for (at, op, ch) in edits {
            edit(&mut src, at, op, ch);
        }
        if let Err(e) = maze_file::parse_file("fuzz.ron", &src) {
            prop_assert!(e.line >= 1 && e.line <= src.lines().count().max(1) + 1, "{}", e.one_line());
            prop_assert!(e.column >= 1);
        }
    }
}

/// Doors are bounded by the state limit, not by a count: seven read and solve, and doors
/// whose open sets times the cells pass the limit are refused at the door that passes it.
#[test]
fn door_sets_are_held_to_the_state_limit() {
    let doors = |n: usize| {
        let list: Vec<String> = (0..n)
            .map(|i| format!("(name: \"d{i}\", open: [Is(\"key\", \"yes\")])"))
            .collect();
        with_rules(
            &[
                "registers: [(name: \"key\", kind: Choice([\"no\", \"yes\"]))],",
                &format!("doors: [{}],", list.join(", ")),
            ],
            "1 G",
        )
    };
    if let Err(e) = maze_file::parse_file("seven.ron", &doors(7)) {
        panic!("seven doors: {}", e.one_line());
    }
    // 2 cells: 2^24 sets of the first 24 doors make 33554432 tables, past 20000000.
    let (line, column, message) = error(&doors(24));
    assert_eq!(line, 4, "{message}");
    assert!(column > 300, "the 24th door: {column} {message}");
    assert!(
        message.contains("with door `d23` (door 24 of 24), the doors open in 16777216 sets"),
        "{message}"
    );
    assert!(message.contains("33554432 tables, more than the state limit of 20000000"));
}

/// A `teleports:` list: every mistake is pointed at its pair.
#[test]
fn bad_teleport_pairs_point_at_the_pair() {
    let file = |pairs: &str| {
        format!(
            "Maze(\n    rules: Jumping(),\n    board: [\"1 1 1\", \"1 1 G\"],\n    start: (0, 0),\n    teleports: [\n        ((0, 1), (1, 0)),\n        {pairs},\n    ],\n)"
        )
    };
    check(
        &file("((0, 2), (0, 2))"),
        (7, 9),
        "this pair is one cell, (0, 2)",
    );
    check(&file("((0, 2), (1, 0))"), (7, 9), "(1, 0) is in pair 1 too");
    check(&file("((0, 2), (1, 2))"), (7, 9), "(1, 2) is the goal");
    check(
        &file("((0, 2), (2, 0))"),
        (7, 9),
        "(2, 0) is outside the 2 x 3 board",
    );
    check(
        &file("((0, 2), (-1, 0))"),
        (7, 9),
        "(-1, 0) is outside the board",
    );
    // Named on the board too.
    let named = "Maze(\n    rules: Jumping(cells: [Number, Teleport]),\n    board: [\"1:a 1:a 1:-\", \"1:- 1:- G\"],\n    start: (0, 0),\n    teleports: [((0, 1), (1, 1))],\n)";
    check(
        named,
        (5, 17),
        "(0, 1) is the teleport `a` on the board already",
    );
}

/// A rolling-block `teleports:` list: what the jumping list refuses, and a cell that is not
/// plain floor (no floor, fragile floor) or is a `t` already, each pointed at its pair.
#[test]
fn bad_rolling_teleport_pairs_point_at_the_pair() {
    let file = |pairs: &str| {
        format!(
            "Maze(\n    rules: RollingBlock(),\n    board: [\"S..t\", \"#w.t\", \"...G\"],\n    teleports: [\n        ((0, 0), (2, 0)),\n        {pairs},\n    ],\n)"
        )
    };
    for (pair, says) in [
        ("((0, 2), (0, 2))", "this pair is one cell, (0, 2)"),
        ("((0, 2), (2, 0))", "(2, 0) is in pair 1 too"),
        (
            "((0, 2), (0, 3))",
            "(0, 3) is the teleport `t` on the board already",
        ),
        ("((0, 2), (2, 3))", "(2, 3) is under the goal `G`"),
        (
            "((0, 2), (1, 0))",
            "(1, 0) is no floor `#` rather than plain floor",
        ),
        (
            "((0, 2), (1, 1))",
            "(1, 1) is fragile floor `w` rather than plain floor",
        ),
        ("((0, 2), (3, 0))", "(3, 0) is outside the 3 x 4 board"),
        ("((0, 2), (-1, 0))", "(-1, 0) is outside the board"),
    ] {
        check(&file(pair), (6, 9), says);
    }
    // The start may be on a teleport: a valid list reads.
    assert!(maze_file::parse("ok.ron", &file("((0, 2), (2, 1))")).is_ok());
    let many: Vec<String> = (0..10).map(|i| format!("(({i}, 0), ({i}, 1))")).collect();
    let src = format!(
        "Maze(\n    rules: RollingBlock(),\n    board: [{}\"S.\", \"G.\"],\n    teleports: [{}],\n)",
        "\"..\", ".repeat(10),
        many.join(", ")
    );
    let (line, _, message) = error(&src);
    assert_eq!(line, 4);
    assert!(
        message.contains("10 teleport pairs: a rolling-block board declares at most 9"),
        "{message}"
    );
}

/// Registers whose values multiply past what the engine can hold are refused when the file
/// is read, with the count, before anything is allocated, at the register with which the
/// product passes the limit.
#[test]
fn too_many_register_values_are_refused() {
    check(
        &with_rules(
            &[
                "registers: [(name: \"a\", kind: Counter(min: 0, max: 9000)), (name: \"b\", kind: Counter(min: 0, max: 9000))],",
                "jumps: [(when: [Gt(\"a\", 0), Gt(\"b\", 0)])],",
            ],
            "1 G",
        ),
        (3, 68),
        "with register `b` (9001 values, register 2 of 2), the registers can take 81018001 combinations of values on each of 2 cells: up to 162036003 states, more than the state limit of 20000000",
    );
}

/// Cell registers count their values as every register does: each takes the board's
/// landable cells and none, 1,001 values on a row of 999 ones and a goal, and a second one
/// passes the state limit.
#[test]
fn cell_registers_are_held_to_the_state_limit() {
    let row = format!("{}G", "1 ".repeat(999));
    check(
        &with_rules(
            &[
                "registers: [(name: \"a\", kind: Cell), (name: \"b\", kind: Cell)],",
                "jumps: [(land: [Not(Held(\"a\")), Not(Held(\"b\"))])],",
                "effects: [(on: Land, do: [Set(\"a\", Cell), Set(\"b\", LandingCell)])],",
            ],
            &row,
        ),
        (3, 46),
        "with register `b` (1001 values, register 2 of 2), the registers can take 1002001 combinations of values on each of 1000 cells: up to 1002001001 states, more than the state limit of 20000000",
    );
}

/// Every mistake in a rolling-block file's bridges, switches and other blocks gets a
/// diagnostic at the line and column of the switch, block or cell concerned.
mod rolling {
    use super::{check, error};

    /// A file with these rules and rows: the rules on line 2, the rows from line 4.
    fn file(rules: &str, rows: &[&str]) -> String {
        let rows: Vec<String> = rows.iter().map(|r| format!("        {r:?},\n")).collect();
        format!(
            "Maze(\n    rules: RollingBlock({rules}),\n    board: [\n{}    ],\n)\n",
            rows.concat()
        )
    }

    /// `switches: [...]` written one switch per line, from line 3 of the rules.
    fn switches(list: &[&str]) -> String {
        let lines: Vec<String> = list.iter().map(|s| format!("\n        {s},")).collect();
        format!("switches: [{}\n    ]", lines.concat())
    }

    const ROWS: &[&str] = &["S.o.x.G", "--=....", "...y..."];

    #[test]
    fn a_valid_file_reads() {
        let src = file(
            &switches(&[
                "Switch(at: (0, 2), acts: [Toggle(1, 0), On(1, 1)])",
                "Switch(at: (0, 4), acts: [Off(1, 2)])",
                "Switch(at: (2, 3), split: ((2, 0), (2, 6)))",
            ]),
            ROWS,
        );
        maze_file::parse("good.ron", &src).unwrap_or_else(|e| panic!("{}", e.one_line()));
    }

    #[test]
    fn an_action_on_a_tile_that_is_no_bridge() {
        let src = file(
            &switches(&[
                "Switch(at: (0, 2), acts: [Toggle(1, 0), On(1, 4)])",
                "Switch(at: (0, 4), acts: [Off(1, 2)])",
                "Switch(at: (2, 3), split: ((2, 0), (2, 6)))",
            ]),
            ROWS,
        );
        check(
            &src,
            (3, 15),
            "(1, 4), which is floor `.`, not a bridge tile",
        );
    }

    #[test]
    fn a_switch_entry_for_a_cell_that_is_no_switch() {
        let src = file(
            &switches(&[
                "Switch(at: (0, 2), acts: [Toggle(1, 0)])",
                "Switch(at: (0, 3), acts: [Off(1, 2)])",
                "Switch(at: (2, 3), split: ((2, 0), (2, 6)))",
            ]),
            ROWS,
        );
        check(&src, (4, 15), "(0, 3) is floor `.`, not a switch");
    }

    #[test]
    fn a_switch_cell_without_an_entry_points_at_the_cell() {
        let src = file(
            &switches(&[
                "Switch(at: (0, 2), acts: [Toggle(1, 0)])",
                "Switch(at: (2, 3), split: ((2, 0), (2, 6)))",
            ]),
            ROWS,
        );
        // Rows start on line 7 here; the `x` is column 14 of row 0.
        check(&src, (7, 14), "a heavy switch `x` at (0, 4) has no entry");
    }

    #[test]
    fn a_split_target_off_the_floor() {
        let src = file(
            &switches(&[
                "Switch(at: (0, 2), acts: [Toggle(1, 0)])",
                "Switch(at: (0, 4), acts: [Off(1, 2)])",
                "Switch(at: (2, 3), split: ((1, 0), (2, 6)))",
            ]),
            ROWS,
        );
        check(&src, (5, 15), "split target (1, 0) is a bridge `-`");
    }

    #[test]
    fn split_targets_side_by_side() {
        let src = file(
            &switches(&[
                "Switch(at: (0, 2), acts: [Toggle(1, 0)])",
                "Switch(at: (0, 4), acts: [Off(1, 2)])",
                "Switch(at: (2, 3), split: ((2, 5), (2, 6)))",
            ]),
            ROWS,
        );
        check(&src, (5, 15), "edge-adjacent");
    }

    #[test]
    fn a_split_needs_a_one_by_one_by_two_block() {
        let src = file(
            "block: (1, 1, 3), switches: [Switch(at: (0, 1), split: ((0, 3), (0, 5)))]",
            &["Sy....G"],
        );
        check(&src, (2, 60), "this block is 1 x 1 x 3");
    }

    #[test]
    fn a_soft_switch_with_split_targets_or_no_action() {
        let src = file(
            "switches: [Switch(at: (0, 1), acts: [Toggle(0, 2)], split: ((0, 3), (0, 5)))]",
            &["So-...G"],
        );
        check(&src, (2, 42), "only a split switch");
        let src = file("switches: [Switch(at: (0, 1))]", &["So-...G"]);
        check(&src, (2, 42), "does nothing");
    }

    #[test]
    fn unknown_cells_name_the_new_tiles() {
        let src = file("", &["S.q.G"]);
        check(&src, (4, 12), "`=` or `-` (bridge");
    }

    #[test]
    fn other_blocks_must_start_clear_and_fit() {
        let src = file("others: [(block: (1, 1, 2), start: [(0, 0)])]", &["S...G"]);
        check(&src, (2, 34), "under another block");
        let src = file(
            "others: [(block: (1, 1, 2), start: [(0, 1), (0, 3)])]",
            &["S...G"],
        );
        check(&src, (2, 34), "do not form one filled rectangle");
        let src = file(
            "others: [(block: (1, 1, 2), start: [(0, 1), (0, 2), (0, 3)])]",
            &["S...G"],
        );
        check(
            &src,
            (2, 34),
            "a 1 x 1 x 2 block covers 1 x 1, 1 x 2 or 2 x 1",
        );
        let src = file(
            "others: [(block: (1, 1, 2), start: [(0, 2)], goal: [(0, 3)]), (start: [(0, 1)]), (start: [(0, 3)]), (start: [(0, 4)])]",
            &["S.....G"],
        );
        check(&src, (2, 125), "5 blocks on one board: at most 4");
        let src = file(
            "others: [(block: (1, 1, 2), start: [(0, 2)], goal: [(0, 4)])]",
            &["S...G"],
        );
        check(&src, (2, 34), "another block's goal covers too");
    }

    /// The general form (RULES.md section 8): registers, bridges and effects, each mistake
    /// pointed at the register, bridge or effect it is in (all on line 2 here).
    #[test]
    fn registers_bridges_and_effects_point_at_the_mistake() {
        const GATE: &str = "registers: [Register(name: \"gate\", kind: Choice([\"off\", \"on\"]))], bridges: [Bridge(cells: [(0, 3)], register: \"gate\")]";
        let rows = &["S.o-.G"];
        // An effect naming an unknown register.
        let src = file(
            &format!("{GATE}, effects: [Effect(on: Land, when: [At(0, 2)], do: [Next(\"gat\")])]"),
            rows,
        );
        check(&src, (2, 161), "no register is called `gat`");
        // A bridge on a register that is not two-valued on/off.
        let src = file(
            "registers: [Register(name: \"n\", kind: Counter(min: 0, max: 3))], bridges: [Bridge(cells: [(0, 3)], register: \"n\")], switches: [Switch(at: (0, 2), acts: [Toggle(0, 3)])]",
            rows,
        );
        check(&src, (2, 106), "register `n` is not two-valued on/off");
        // A bridge on a register nobody declared.
        let src = file(
            "bridges: [Bridge(cells: [(0, 3)], register: \"gate\")], switches: [Switch(at: (0, 2), acts: [Toggle(0, 3)])]",
            rows,
        );
        check(&src, (2, 41), "no register is called `gate`");
        // A bridge cell that is no bridge tile, and one the board shows on while its register
        // starts off.
        let src = file(
            "registers: [Register(name: \"gate\", kind: Choice([\"off\", \"on\"]))], bridges: [Bridge(cells: [(0, 4)], register: \"gate\")]",
            rows,
        );
        check(&src, (2, 107), "(0, 4) is floor `.`, not a bridge tile");
        let src = file(
            "registers: [Register(name: \"gate\", kind: Choice([\"off\", \"on\"]))], bridges: [Bridge(cells: [(0, 3)], register: \"gate\")], effects: [Effect(on: Land, when: [At(0, 2)], do: [Next(\"gate\")])]",
            &["S.o=.G"],
        );
        check(
            &src,
            (2, 107),
            "(0, 3) is a bridge `=` but register `gate` starts off",
        );
        // A jumping-only condition in a rolling file.
        let src = file(
            &format!(
                "{GATE}, effects: [Effect(on: Land, when: [At(0, 2), Circled], do: [Next(\"gate\")])]"
            ),
            rows,
        );
        check(
            &src,
            (2, 161),
            "`Circled` reads a jumping maze's cells or moves",
        );
        // An effect that names no switch, or a cell that is no switch.
        let src = file(
            &format!("{GATE}, effects: [Effect(on: Land, when: [Standing], do: [Next(\"gate\")])]"),
            rows,
        );
        check(&src, (2, 161), "its `when` opens with `At(row, col)`");
        let src = file(
            &format!(
                "{GATE}, switches: [Switch(at: (0, 2), acts: [Toggle(0, 3)])], effects: [Effect(on: Land, when: [At(0, 1)], do: [Next(\"gate\")])]"
            ),
            rows,
        );
        check(&src, (2, 215), "(0, 1) is floor `.`, not a switch");
        // A split that a lying block could trigger, and a leaving effect.
        let src = file(
            "effects: [Effect(on: Land, when: [At(0, 2)], do: [Split((0, 0), (0, 5))])]",
            &["S.y..G"],
        );
        check(&src, (2, 41), "a `Split` effect's `when` holds `Standing`");
        let src = file(
            &format!(
                "{GATE}, effects: [Effect(on: Leave, when: [At(0, 2)], do: [Next(\"gate\")])]"
            ),
            rows,
        );
        check(&src, (2, 161), "`on: Land`");
        // A register nothing reads, and a jumping register kind.
        let src = file(
            "registers: [Register(name: \"gate\", kind: Choice([\"off\", \"on\"])), Register(name: \"n\", kind: Counter(min: 0, max: 3))], bridges: [Bridge(cells: [(0, 3)], register: \"gate\")], switches: [Switch(at: (0, 2), acts: [Toggle(0, 3)])], effects: [Effect(on: Land, when: [At(0, 2)], do: [Set(\"n\", Int(1))])]",
            rows,
        );
        check(&src, (2, 98), "register `n` is never read");
        let src = file(
            "registers: [Register(name: \"d\", kind: Direction)], switches: [Switch(at: (0, 2), acts: [Toggle(0, 3)])]",
            rows,
        );
        check(
            &src,
            (2, 45),
            "a rolling block's registers are choices and counters",
        );
    }

    #[test]
    fn too_many_bridges() {
        let row = "=".repeat(65);
        let src = file("", &[&format!("S{row}G")]);
        check(&src, (3, 12), "65 bridge tiles, more than the 64");
    }

    /// Three blocks on an open 40 x 40 board can be placed about 10^11 ways: refused from the
    /// count of placements, without building anything.
    #[test]
    fn a_state_count_past_the_limit_is_refused_before_building() {
        let mut rows = vec![".".repeat(40); 40];
        rows[0].replace_range(0..1, "S");
        rows[39].replace_range(39..40, "G");
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        let src = file("others: [(start: [(5, 5)]), (start: [(9, 9)])]", &rows);
        let (_, _, message) = error(&src);
        assert!(message.contains("placed 105154048000 ways"), "{message}");
    }

    /// Thirty bridges toggled by switches bound 2^30 states per placement, but few bridge
    /// states are reachable: the file is counted, not refused.
    #[test]
    fn many_bridges_with_few_reachable_states_are_accepted() {
        let bridges = "-".repeat(30);
        let acts: Vec<String> = (1..=30).map(|c| format!("Toggle(1, {c})")).collect();
        let src = file(
            &format!(
                "switches: [Switch(at: (0, 1), acts: [{}])]",
                acts.join(", ")
            ),
            &[&format!("So{}G", ".".repeat(28)), &format!(".{bridges}")],
        );
        maze_file::parse("good.ron", &src).unwrap_or_else(|e| panic!("{}", e.one_line()));
    }

    /// Teleport tiles pair up: one `t`, or a third, is an error at a `t`; a rolling-block
    /// generator places one pair.
    #[test]
    fn teleports_are_a_pair() {
        check(
            &file("", &["S.t", "..G"]),
            (4, 12),
            "the board has 1 teleport `t`: teleports are a pair, two `t` or none",
        );
        check(
            &file("", &["S.t", "tGt"]),
            (5, 12),
            "the board has 3 teleport `t`",
        );
        let src = "Maze(\n    rules: RollingBlock(),\n    board: [\"S...G\"],\n    generate: (genes: [Floor, Teleports(2)]),\n)\n";
        check(
            src,
            (4, 31),
            "on a rolling-block board the generator places one teleport pair",
        );
        maze_file::parse_file("good.ron", &src.replace("Teleports(2)", "Teleports(1)"))
            .unwrap_or_else(|e| panic!("{}", e.one_line()));
    }

    /// `genes` are for jumping mazes: a rolling-block file that sets them is told so, not
    /// silently ignored.
    #[test]
    fn genes_in_a_rolling_block_file_are_tiles() {
        let with = |generate: &str| {
            format!(
                "Maze(\n    rules: RollingBlock(),\n    board: [\"S...G\"],\n    generate: ({generate}),\n)\n"
            )
        };
        check(
            &with("genes: [Circled]"),
            (4, 24),
            "`Circled` is a jumping maze's cell attribute: a rolling-block generator places tiles",
        );
        check(
            &with("genes: [Fragile]"),
            (4, 23),
            "a rolling-block generator always places floor and no floor",
        );
        check(
            &with("genes: [Floor, Bridges(2)]"),
            (4, 31),
            "list `Bridges(n)` and `Switches(n)` together",
        );
        check(
            &with("genes: [Floor, Fragile], change: (fragile: true)"),
            (4, 49),
            "`genes` and `change` both say which tiles the generator places",
        );
        check(
            &with("genes: [Floor, Floor]"),
            (4, 31),
            "`Floor` is listed twice",
        );
        for genes in [
            "[Floor]",
            "[Floor, Fragile]",
            "[Floor, Fragile, Bridges(2), Switches(1)]",
        ] {
            let src = with(&format!("genes: {genes}"));
            maze_file::parse_file("good.ron", &src)
                .unwrap_or_else(|e| panic!("{genes}: {}", e.one_line()));
        }
    }

    /// A rolling-block tile gene in a jumping file is pointed at.
    #[test]
    fn rolling_genes_in_a_jumping_file_are_refused() {
        let src = "Maze(\n    rules: Jumping(tiling: Square),\n    board: [\"1 G\"],\n    start: (0, 0),\n    generate: (genes: [Number(1, 2), Fragile]),\n)\n";
        check(
            src,
            (5, 38),
            "`Fragile` places a rolling-block tile: a jumping maze's genes are its cells' attributes",
        );
    }
}

/// Budgets a file may ask for are bounded where they are written (issue 14: a population of
/// 2^62 panicked with "capacity overflow", 10^9 aborted on allocation).
#[test]
fn absurd_budgets_are_refused_where_they_are_written() {
    for size in ["4611686018427387904", "1000000000", "10001"] {
        check(
            &with_settings(&format!(
                "search: Genetic(iterations: 100, rate: 0.1, population: (size: {size}, tournament: 2, crossover: 0.5)),"
            )),
            (6, 17),
            "members a generator keeps",
        );
    }
    check(
        &with_settings("attempts: 5000,"),
        (6, 19),
        "attempts is 5000: it must be from 1 to 1000",
    );
    check(
        &with_settings("state_limit: 0,"),
        (6, 22),
        "state_limit 0: a state limit is from 1",
    );
    check(
        &with_settings("state_limit: 5,"),
        (6, 22),
        "more than the generation state limit of 5",
    );
}

/// A maze file's states are estimated before anything is built, and refused past the limit
/// with the estimate and the limit.
#[test]
fn the_state_limit_refuses_with_the_estimate_and_the_limit() {
    use maze_file::ReadLimits;
    use maze_variants::StateLimit;
    let limits = |n| ReadLimits::both(StateLimit::new(n).unwrap());
    let src = "Maze(\n    rules: Jumping(no_u_turn: true),\n    board: [\"1 1 1\", \"1 1 1\", \"1 1 G\"],\n    start: (0, 0),\n)";
    // Nine cells, each with a last direction among four or none: 45 states, plus the goal's.
    let maze = maze_file::parse("s.ron", src).unwrap();
    assert_eq!(maze.state_estimate(), 46);
    let e = maze_file::parse_file_with("s.ron", src, limits(45)).unwrap_err();
    // No-U-turn is a register of the last direction: the rules are pointed at.
    assert_eq!((e.line, e.column), (2, 19), "{}", e.message);
    assert!(
        e.message
            .contains("up to 46 states, more than the state limit of 45"),
        "{}",
        e.message
    );
    assert!(maze_file::parse_file_with("s.ron", src, limits(46)).is_ok());
    // A board with more cells than the limit is refused before its cells are read.
    let e = maze_file::parse_file_with("s.ron", src, limits(8)).unwrap_err();
    assert!(e.message.contains("3 x 3 = 9 cells"), "{}", e.message);
    // Rolling blocks: the placements of the block.
    let src = "Maze(\n    rules: RollingBlock(),\n    board: [\"S...\", \"....\", \"...G\"],\n)";
    let e = maze_file::parse_file_with("r.ron", src, limits(20)).unwrap_err();
    assert!(
        e.message.contains("placed") && e.message.contains("state limit of 20"),
        "{}",
        e.message
    );
    assert!(StateLimit::new(0).is_none());
    assert!("0".parse::<StateLimit>().is_err());
    assert_eq!("20_000".parse::<StateLimit>().unwrap().get(), 20_000);
}

/// miette cannot draw a label past column 65,535; the reader shows a window of such a line,
/// and the diagnostic still says the file's own line and column.
#[test]
fn a_problem_far_along_a_long_line_is_drawn_at_its_place() {
    let row = format!("{} x G", vec!["1"; 40_000].join(" "));
    let src =
        format!("Maze(\n    rules: Jumping(),\n    board: [\"{row}\"],\n    start: (0, 0),\n)");
    let e = maze_file::parse_file("wide.ron", &src).unwrap_err();
    assert_eq!((e.line, e.column), (3, 14 + 80_000));
    let mut drawn = String::new();
    miette::GraphicalReportHandler::new()
        .render_report(&mut drawn, e.as_ref())
        .unwrap();
    assert!(
        drawn.contains(&format!("wide.ron:3:{}", 14 + 80_000)),
        "{drawn}"
    );
    assert!(drawn.contains("1 1 x G\"],"), "{drawn}");
    assert!(drawn.lines().all(|l| l.chars().count() < 400));
}

/// The error of `parse_file` (settings included) on `src`: (line, column, message, help).
fn settings_error(src: &str) -> (usize, usize, String, String) {
    match maze_file::parse_file("bad.ron", src) {
        Ok(_) => panic!("accepted bad settings"),
        Err(e) => {
            let help = miette::Diagnostic::help(&*e).map(|h| h.to_string());
            (
                e.line,
                e.column,
                e.message.clone(),
                help.unwrap_or_default(),
            )
        }
    }
}

/// Cells that hold nothing: a gene the schema cannot carry is located at the gene and names
/// what the schema has ("nothing", never a blank), and the help offers only genes the schema
/// carries, or the board's structure; without genes or a structural change the section says
/// what to write. With `change: (blocked: true)` the same rule is generated (no gene needed).
#[test]
fn genes_the_schema_cannot_carry_name_what_it_has() {
    let rules = r#"rules: Jumping(cells: [], jumps: [(dirs: Orthogonal, length: Any)]), board: ["- - -", "- - -", "- - G"], start: (0, 0)"#;
    let (line, column, message, help) = settings_error(&format!(
        "Maze(\n    {rules},\n    generate: (genes: [Arrows(1)]),\n)"
    ));
    assert_eq!((line, column), (3, 24), "{message}");
    assert_eq!(
        message,
        "the gene `Arrows` needs `Arrows` in the rules' `cells`, which hold nothing"
    );
    assert!(!help.contains("Arrows"), "{help}");
    assert!(help.contains("change: (blocked: true)"), "{help}");
    let (_, _, message, help) = settings_error(&format!(
        "Maze(\n    {rules},\n    generate: (search: HillDescent(iterations: 9)),\n)"
    ));
    assert_eq!(
        message,
        "say what the generator may change: these cells hold nothing and no number"
    );
    assert!(!message.contains("  "), "{message}");
    assert!(!help.contains("Arrows"), "{help}");
    let src = format!("Maze(\n    {rules},\n    generate: (change: (blocked: true)),\n)");
    let file = maze_file::parse_file("ok.ron", &src).unwrap_or_else(|e| panic!("{}", e.one_line()));
    assert!(file.generate.is_some());
    // A schema with colours: the help names its gene, and `-` (none) is a value.
    let colours = r#"rules: Jumping(cells: [Colour], jumps: [(dirs: Orthogonal, length: Any, land: [OtherColour])]), board: ["r g r", "g r g", "r g G"], start: (0, 0)"#;
    let (_, _, message, help) = settings_error(&format!(
        "Maze(\n    {colours},\n    generate: (genes: [Symbol([\"A\", \"B\"])]),\n)"
    ));
    assert!(message.ends_with("which hold Colour"), "{message}");
    assert!(help.contains("`Colour("), "{help}");
    let src = format!(
        "Maze(\n    {colours},\n    generate: (genes: [Colour([\"r\", \"g\", \"-\"])]),\n)"
    );
    maze_file::parse_file("ok.ron", &src).unwrap_or_else(|e| panic!("{}", e.one_line()));
}

/// A mistake in the `generate` section stops only what generates: `parse_file_for_use` reads
/// the maze and hands the settings' problem back as a warning, `generate` left out.
#[test]
fn settings_problems_are_warnings_for_use() {
    let src = "Maze(\n    rules: Jumping(),\n    board: [\"1 1\", \"1 G\"],\n    start: (0, 0),\n    generate: (genes: [Arrows(1)]),\n)";
    assert!(maze_file::parse_file("bad.ron", src).is_err());
    let (file, warning) =
        maze_file::parse_file_for_use("bad.ron", src, maze_file::ReadLimits::default()).unwrap();
    assert!(file.generate.is_none());
    let warning = warning.unwrap();
    assert_eq!((warning.line, warning.column), (5, 24));
    assert!(
        warning.message.contains("the gene `Arrows` needs `Arrows`"),
        "{}",
        warning.message
    );
}

/// Arithmetic and landing values, misused: each is located at its effect (line 5 of the
/// rules: `registers` on line 3, `jumps` on line 4).
#[test]
fn arithmetic_and_landing_values_misused_point_at_their_effect() {
    let c = "registers: [(name: \"c\", kind: Counter(min: 0, max: 5)), (name: \"t\", kind: Choice([\"a\", \"b\"]))],";
    let jumps = "jumps: [(when: [Is(\"t\", \"a\")], length: Register(\"c\"))],";
    let effect = |e: &str| with_rules(&[c, jumps, &format!("effects: [{e}],")], "1 1 G");
    check(
        &effect("(on: Leave, do: [Set(\"c\", Landing(Number))])"),
        (5, 19),
        "`Landing(..)` reads the cell a move lands on, known only in a landing effect",
    );
    check(
        &effect("(on: Land, do: [Sub(\"t\", Int(1))])"),
        (5, 19),
        "`Sub`",
    );
    check(
        &effect("(on: Land, do: [Set(\"c\", Landing(Colour))])"),
        (5, 19),
        "register `c` cannot hold the landing cell's Colour",
    );
    check(
        &effect("(on: Land, do: [Mod(\"c\", Landing(Arrows))])"),
        (5, 19),
        "`Landing(Arrows)`",
    );
}

/// Arithmetic beyond `Add` is for jumping rules: a rolling-block effect refuses it, and a
/// landing value, where it is written.
#[test]
fn rolling_block_effects_refuse_arithmetic() {
    let src = |op: &str| {
        format!(
            "Maze(\n    rules: RollingBlock(\n        registers: [Register(name: \"n\", kind: Counter(min: 0, max: 3))],\n        effects: [\n            Effect(on: Land, when: [At(0, 2), Lt(\"n\", 3)], do: [{op}]),\n        ],\n    ),\n    board: [\"S.o.G\"],\n)\n"
        )
    };
    maze_file::parse("good.ron", &src("Add(\"n\", Int(1))"))
        .unwrap_or_else(|e| panic!("{}", e.one_line()));
    let (line, _, message) = error(&src("Sub(\"n\", Int(1))"));
    assert_eq!(line, 5, "{message}");
    assert!(
        message.contains("`Sub` is arithmetic of jumping rules"),
        "{message}"
    );
    let (_, _, message) = error(&src("Set(\"n\", Landing(Number))"));
    assert!(
        message.contains("reads a jumping maze's cell or move"),
        "{message}"
    );
}

/// Teleport names that do not pair up are located at the token at fault: a name on one
/// cell, a name on three (a cell in two pairs), a teleport on the goal, a bad name, and a
/// landing value of a teleport.
#[test]
fn teleports_must_pair_up() {
    let cells = ["cells: [Number, Teleport],"];
    for (row, column, says) in [
        ("1:a 1:- G", 14, "teleport `a` has no partner"),
        (
            "1:a 1:a 1:a G",
            22,
            "teleport `a` is on 3 cells ((0, 0), (0, 1), (0, 2))",
        ),
        ("1:- 1:a G:-:a", 22, "teleport `a` is on the goal"),
        ("1:a 1:a? G", 18, "`a?` is no teleport name"),
    ] {
        check(&with_rules(&cells, row), (5, column), says);
    }
    check(
        &with_rules(
            &[
                "cells: [Number, Teleport],",
                "registers: [(name: \"n\", kind: Counter(min: 0, max: 3))],",
                "effects: [(on: Land, do: [Set(\"n\", Landing(Teleport))])],",
            ],
            "1:a 1:a G",
        ),
        (5, 19),
        "`Landing(Teleport)`",
    );
}

/// A graph that grows past the state limit while it is built (here a limit below what the
/// reader checked) is a diagnostic at the board, with the figures.
#[test]
fn a_build_past_the_limit_points_at_the_board() {
    let src =
        "Maze(\n    rules: Jumping(),\n    board: [\"1 1 1\", \"1 1 G\"],\n    start: (0, 0),\n)";
    let file = maze_file::parse_file("big.ron", src).unwrap();
    let limit = maze_variants::StateLimit::new(1).unwrap();
    let e = match maze_file::compile_within("big.ron", src, &file.maze, limit) {
        Ok(_) => panic!("a 6-state maze built under a limit of 1"),
        Err(e) => e,
    };
    assert_eq!((e.line, e.column), (3, 12), "{}", e.message);
    assert!(
        e.message.contains("more than the state limit of 1"),
        "{}",
        e.message
    );
    assert!(maze_file::compile_within("big.ron", src, &file.maze, Default::default()).is_ok());
}
