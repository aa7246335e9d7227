//! Hand-checked small instances of every jumping rule of RULES.md section 1: the expected
//! moves below were worked out by hand, step by step, and the derivation is in the comments.

use crate::common::analyze;

fn edges(src: &str, state: &str) -> Vec<(String, String)> {
    analyze(src)
        .edges(state)
        .into_iter()
        .map(|(dirs, t)| (dirs.join("+"), t))
        .collect()
}

/// The text of `tests/fixtures/rules/NAME.ron`.
fn rule_fixture(name: &str) -> String {
    let path = crate::common::root().join(format!("tests/fixtures/rules/{name}.ron"));
    std::fs::read_to_string(path).unwrap()
}

fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter()
        .map(|(d, t)| (d.to_string(), t.to_string()))
        .collect()
}

/// Square torus, 3 x 4. From (0,0) with 2: N wraps row -1 to 2 and lands on (1,0); S lands
/// on (2,0); E lands on (0,2) and so does W (col -2 = 2 mod 4): one edge carrying E and W.
#[test]
fn square_torus_wraps_every_step_and_merges_directions() {
    let src = r#"Maze(rules: Jumping(torus: true), board: ["2 1 1 1", "1 1 1 1", "1 1 1 G"], start: (0, 0))"#;
    assert_eq!(
        edges(src, "(0,0)"),
        pairs(&[("N", "(1,0)"), ("E+W", "(0,2)"), ("S", "(2,0)")])
    );
}

/// Rule 5 on a torus: with 4 on a ring of 4 columns, E and W come back to the origin (no
/// move); N and S move 4 rows on a ring of 3, landing on (2,0) and (1,0). With 3 on the ring
/// of 3 rows, N and S come back; E3 lands on (0,3), W3 on (0,1).
#[test]
fn torus_jump_back_to_the_origin_is_no_move() {
    let src = r#"Maze(rules: Jumping(torus: true), board: ["4 3 1 1", "1 1 1 1", "1 1 1 G"], start: (0, 0))"#;
    assert_eq!(
        edges(src, "(0,0)"),
        pairs(&[("N", "(2,0)"), ("S", "(1,0)")])
    );
    assert_eq!(
        edges(src, "(0,1)"),
        pairs(&[("E", "(0,0)"), ("W", "(0,2)")])
    );
}

/// A jump may pass over its own origin on a torus: 1 x 3 ring, 4 from (0,0) passes (0,1),
/// (0,2) and (0,0) and lands on (0,1) going E; W lands on (0,2), the goal. N and S on a
/// one-row torus stay on the origin at every step: no move.
#[test]
fn torus_jump_passes_over_its_origin() {
    let src = r#"Maze(rules: Jumping(torus: true), board: ["4 1 G"], start: (0, 0))"#;
    assert_eq!(
        edges(src, "(0,0)"),
        pairs(&[("E", "(0,1)"), ("W", "(0,2)")])
    );
}

/// A wall between (0,1) and (0,2) stops the 3-jump E from (0,0) to the goal at (0,3): the
/// start has no move and the goal cannot be reached.
#[test]
fn walls_block_jumps_that_cross_them() {
    let open = r#"Maze(rules: Jumping(), board: ["3 1 1 G"], start: (0, 0))"#;
    assert_eq!(analyze(open).features.shortest_length, Some(1));
    let walled =
        r#"Maze(rules: Jumping(), board: ["3 1 1 G"], start: (0, 0), walls: [((0, 1), (0, 2))])"#;
    assert_eq!(edges(walled, "(0,0)"), pairs(&[]));
    assert_eq!(analyze(walled).features.shortest_length, None);
    assert_eq!(analyze(walled).features.blocks, 1);
}

/// Queen diagonal from (0,0) to (1,1): the L-routes go through (0,1) and (1,0). One walled
/// route leaves the step open; walling both closes it. Blocked corner cells do not matter.
#[test]
fn diagonal_steps_need_both_l_routes_walled() {
    let board = r##"board: ["1 # 1", "# 1 1", "1 1 G"], start: (0, 0)"##;
    let with =
        |walls: &str| format!("Maze(rules: Jumping(moves: Queen), {board}, walls: [{walls}])");
    // Corners blocked, no walls: the diagonal is the only move.
    assert_eq!(edges(&with(""), "(0,0)"), pairs(&[("SE", "(1,1)")]));
    // Route through (0,1) walled (wall a|h): still open through (1,0).
    assert_eq!(
        edges(&with("((0, 0), (0, 1))"), "(0,0)"),
        pairs(&[("SE", "(1,1)")])
    );
    // Route through (0,1) walled at h|b, route through (1,0) walled at a|v: closed.
    assert_eq!(
        edges(&with("((0, 1), (1, 1)), ((0, 0), (1, 0))"), "(0,0)"),
        pairs(&[])
    );
    // Both walls on the same route: the other route is open.
    assert_eq!(
        edges(&with("((0, 0), (0, 1)), ((0, 1), (1, 1))"), "(0,0)"),
        pairs(&[("SE", "(1,1)")])
    );
}

/// Row `2 o 2 # G`: from (0,0), 2 E flies over the hole and lands on (0,2); from (0,2), E
/// would pass the blocked cell (rule 3) and W flies back over the hole to (0,0). Holes and
/// blocked cells are not states. The goal is a white hole; (0,0) and (0,2) a black hole.
#[test]
fn holes_are_flown_over_blocked_cells_are_not() {
    let src = r##"Maze(rules: Jumping(), board: ["2 o 2 # G"], start: (0, 0))"##;
    assert_eq!(edges(src, "(0,0)"), pairs(&[("E", "(0,2)")]));
    assert_eq!(edges(src, "(0,2)"), pairs(&[("W", "(0,0)")]));
    let f = analyze(src).features;
    assert_eq!(f.n_states, 3);
    assert_eq!((f.reachable, f.reaching), (2, 1));
    assert_eq!(f.black_holes.sizes, [2]);
    assert_eq!(f.white_holes.sizes, [1]);
    assert_eq!(f.blocks, 1);
}

/// Shaped board with an exit goal:
/// ```text
///  . 1 .
///  2 1 2
///  . 1 .
/// ```
/// From (0,1) with 1: N leaves the box, E and W land on void: all three reach `Outside` (one
/// edge, N+E+W); S lands on (1,1). From (1,0) with 2: E flies over (1,1) to (1,2); W leaves
/// the box at step 1 of 2 and N, S enter void at step 1 of 2 (rule 3): illegal. A wall
/// between (0,1) and the void at (0,2) blocks the E exit.
#[test]
fn exit_goal_leaves_the_box_or_lands_on_void() {
    let board = r#"board: [". 1 .", "2 1 2", ". 1 ."], start: (1, 1)"#;
    let src = format!("Maze(rules: Jumping(goal: Exit), {board})");
    assert_eq!(
        edges(&src, "(0,1)"),
        pairs(&[("N+E+W", "Outside"), ("S", "(1,1)")])
    );
    assert_eq!(edges(&src, "(1,0)"), pairs(&[("E", "(1,2)")]));
    assert_eq!(edges(&src, "(1,2)"), pairs(&[("W", "(1,0)")]));
    let f = analyze(&src).features;
    assert_eq!(f.shortest_length, Some(2));
    assert_eq!(f.solution.unwrap().to_vec(), ["N", "N"]);
    let walled = format!("Maze(rules: Jumping(goal: Exit), {board}, walls: [((0, 1), (0, 2))])");
    assert_eq!(
        edges(&walled, "(0,1)"),
        pairs(&[("N+W", "Outside"), ("S", "(1,1)")])
    );
}

/// No-U-turn on the row `1 1 1 G`. States: the start (0,0); (0,1)/E, (0,2)/E reached by E
/// jumps; (0,0)/W and (0,1)/W, which exist because the W jumps from (0,1) and (0,2) are legal
/// by rules 1-5; and Goal. (0,2)/W does not exist: only the goal could jump W onto it.
/// (0,0)/W may not go E (its only jump) and (0,1)/W may only go W.
#[test]
fn no_u_turn_states_and_moves_on_a_square_row() {
    let src = r#"Maze(rules: Jumping(no_u_turn: true), board: ["1 1 1 G"], start: (0, 0))"#;
    let a = analyze(src);
    let mut names: Vec<String> = (0..a.features.n_states as u32).map(|s| a.name(s)).collect();
    names.sort();
    assert_eq!(
        names,
        ["(0,0)", "(0,0)/W", "(0,1)/E", "(0,1)/W", "(0,2)/E", "Goal"]
    );
    assert_eq!(edges(src, "(0,0)/W"), pairs(&[]));
    assert_eq!(edges(src, "(0,1)/W"), pairs(&[("W", "(0,0)/W")]));
    assert_eq!(edges(src, "(0,1)/E"), pairs(&[("E", "(0,2)/E")]));
    assert_eq!(
        a.features.solution.clone().unwrap().to_vec(),
        ["E", "E", "E"]
    );
    assert_eq!(a.features.n_moves, 4);
}

/// Under no-U-turn the goal state exists even when no jump reaches it.
#[test]
fn no_u_turn_goal_state_exists_unreached() {
    let src = r#"Maze(rules: Jumping(no_u_turn: true), board: ["1 3 G"], start: (0, 0))"#;
    let a = analyze(src);
    let mut names: Vec<String> = (0..a.features.n_states as u32).map(|s| a.name(s)).collect();
    names.sort();
    assert_eq!(names, ["(0,0)", "(0,1)/E", "Goal"]);
    assert_eq!(a.features.shortest_length, None);
}

/// Each hand-checked rule fixture of `tests/fixtures/rules/`, with its shortest length and
/// number of shortest paths as derived in the file's header comment.
/// `None`: the goal cannot be reached (the fixture shows a trap the tools warn of).
const RULE_FIXTURES: &[(&str, Option<u32>, u64)] = &[
    ("alice_counter_bound", None, 0),
    ("chess_flipflop_pairs", Some(4), 1),
    ("ice_slide", Some(2), 1),
    ("keys_and_door_cells", Some(6), 4),
    ("keys_and_doors", Some(5), 4),
    ("length_minus_last", Some(3), 1),
    ("rolling_counter_bound", None, 0),
    ("rolling_teleport", Some(4), 1),
    ("rolling_teleport_list", Some(6), 1),
    ("teleport", Some(2), 1),
    ("one_way_walls", Some(3), 1),
    ("no_revisits", Some(7), 2),
    ("return_cell", Some(4), 1),
    ("teleport_list", Some(2), 1),
    ("eight_doors", Some(10), 1),
];

#[test]
fn every_rule_fixture_solves_to_its_hand_checked_answer() {
    for &(id, length, paths) in RULE_FIXTURES {
        let path = crate::common::root().join(format!("tests/fixtures/rules/{id}.ron"));
        let a = crate::common::Analyzed::new(crate::common::read(&path));
        assert_eq!(a.features.shortest_length, length, "{id}: length");
        assert_eq!(a.features.shortest_paths, paths, "{id}: paths");
    }
    let dir = crate::common::root().join("tests/fixtures/rules");
    for entry in std::fs::read_dir(dir).unwrap() {
        let stem = entry.unwrap().path();
        let stem = stem.file_stem().unwrap().to_string_lossy().into_owned();
        assert!(
            RULE_FIXTURES.iter().any(|(id, ..)| *id == stem),
            "{stem} has no hand-checked answer in the table"
        );
    }
}

/// Teleport pairs by a declared list mean what pairs by name do: `teleport_list.ron` has the
/// graph of `teleport.ron` state by state, and is written back with its list (the tokens have
/// no teleport field to carry the pair), reading back equal.
#[test]
fn listed_teleports_are_named_pairs() {
    let fixture = |name: &str| {
        let path = crate::common::root().join(format!("tests/fixtures/rules/{name}.ron"));
        std::fs::read_to_string(path).unwrap()
    };
    let (listed, named) = (fixture("teleport_list"), fixture("teleport"));
    for state in ["(0,0)", "(0,2)", "(2,0)", "(2,1)"] {
        assert_eq!(edges(&listed, state), edges(&named, state), "{state}");
    }
    written_back_with(&listed, "    teleports: [((0, 1), (2, 1))],\n");
}

/// `src` is written back with `line` and reads back equal.
fn written_back_with(src: &str, line: &str) {
    let maze = maze::file::parse("listed.ron", src).unwrap();
    let text = maze::variants::write(&maze, &[]);
    assert!(text.contains(line), "{text}");
    assert_eq!(maze::file::parse("again.ron", &text).unwrap(), maze);
}

/// Rolling-block teleport pairs by a declared list (`rolling_teleport_list.ron`): two pairs,
/// which a board's one pair of `t` cannot say; the answer goes through both, 9 states are
/// reached, each pair sends a block back the other way, the maze is written back with its
/// list and reads back equal, and without the list it has no solution.
#[test]
fn rolling_teleports_by_a_list_are_pairs_of_their_own() {
    let src = rule_fixture("rolling_teleport_list");
    let a = analyze(&src);
    assert_eq!(a.features.reachable, 9);
    assert_eq!(a.features.mechanic_moves, Some(2));
    assert_eq!(a.features.solution.clone().unwrap(), ["E"; 6]);
    assert_eq!(
        a.edges("(2,1) 1x2x1"),
        [
            (vec!["E".to_string()], "(4,0) 1x1x2".to_string()),
            (vec!["W".to_string()], "(0,3) 1x1x2".to_string()),
        ]
    );
    written_back_with(
        &src,
        "    teleports: [((0, 3), (2, 0)), ((2, 3), (4, 0))],\n",
    );
    let start = src.find("    teleports:").unwrap();
    let end = start + src[start..].find('\n').unwrap() + 1;
    let unlisted = format!("{}{}", &src[..start], &src[end..]);
    assert_eq!(analyze(&unlisted).features.shortest_length, None);
}

/// No revisits (the fixture `no_revisits`): a jump onto a cell landed on before is refused.
/// From (2,2) reached by (1,0) and (2,0) the jump W back to (2,0) is no move; reached by
/// (0,1) and (2,1) it is, and it lands with (2,0) marked visited.
#[test]
fn no_revisits_refuses_a_cell_landed_on_before() {
    let src = rule_fixture("no_revisits");
    // A state's name lists every register: 1 for the cells landed on.
    let name = |cell: &str, visited: &str| {
        let regs: Vec<String> = "abcdefghijk"
            .chars()
            .map(|r| format!("{r}={}", u8::from(visited.contains(r))))
            .collect();
        format!("{cell}/{}", regs.join("/"))
    };
    assert_eq!(
        edges(&src, &name("(2,2)", "aeik")),
        pairs(&[("N", &name("(0,2)", "aceik"))])
    );
    assert_eq!(
        edges(&src, &name("(2,2)", "abjk")),
        pairs(&[
            ("N", &name("(0,2)", "abcjk")),
            ("W", &name("(2,0)", "abijk"))
        ])
    );
    // (0,3)'s one jump goes back to the start: never a move.
    assert_eq!(edges(&src, &name("(0,3)", "abd")), pairs(&[]));
}

/// A register holding a cell (the fixture `return_cell`): `To("back")` goes straight back to
/// the cell the last move left, the one way off the key; a state names the cell held as
/// `(r,c)` and none as `-`; the file is written back as read.
#[test]
fn a_cell_register_takes_the_mover_back() {
    let src = rule_fixture("return_cell");
    assert_eq!(
        edges(&src, "(0,0)/key=no/back=-"),
        pairs(&[
            ("E", "(0,1)/key=yes/back=(0,0)"),
            ("S", "(1,0)/key=no/back=(0,0)")
        ])
    );
    // The key's 2 leaves the board every way: only the move back.
    assert_eq!(
        edges(&src, "(0,1)/key=yes/back=(0,0)"),
        pairs(&[("W", "(0,0)/key=yes/back=(0,1)")])
    );
    // Without the key the goal is shut: back to the start, which now holds (1,0).
    assert_eq!(
        edges(&src, "(1,0)/key=no/back=(0,0)"),
        pairs(&[("N", "(0,0)/key=no/back=(1,0)")])
    );
    // Held cell (0,1) lies E of the start: the jump and the move back land alike.
    assert_eq!(
        edges(&src, "(0,0)/key=yes/back=(0,1)"),
        pairs(&[
            ("E", "(0,1)/key=yes/back=(0,0)"),
            ("S", "(1,0)/key=yes/back=(0,0)")
        ])
    );
    // Without the move back (and its register), the key is a dead end.
    let mut without = src.clone();
    for line in [
        "            (name: \"back\", kind: Cell),\n",
        "            (length: To(\"back\")),\n",
        "            (on: Land, do: [Set(\"back\", Cell)]),\n",
    ] {
        assert!(without.contains(line), "{line}");
        without = without.replace(line, "");
    }
    let a = crate::common::analyze(&without);
    assert_eq!(a.features.shortest_length, None, "no way off the key");
    let maze = maze::file::parse("return_cell.ron", &src).unwrap();
    let text = maze::variants::write(&maze, &[]);
    assert_eq!(maze::file::parse("again.ron", &text).unwrap(), maze);
}

/// Flipflop without colour_seq's `Goal` alternative: with it copied in, the goal is entered
/// in the middle of the white pair, one move early (the trap RULES.md 7.4 warns of).
#[test]
fn flipflop_with_a_goal_exemption_breaks_the_pairs() {
    let src = rule_fixture("chess_flipflop_pairs");
    let wrong = src.replace("land: [Any([", "land: [Any([Goal, ");
    assert_ne!(wrong, src);
    let a = analyze(&wrong);
    assert_eq!(a.features.shortest_length, Some(3));
    let solution: Vec<String> = a
        .features
        .solution
        .clone()
        .unwrap()
        .iter()
        .map(|d| d.to_string())
        .collect();
    assert_eq!(solution, ["E", "E", "SE"]);
}

/// No colour is a colour of its own (RULES.md 7.1): from a colourless king, `SameColour`
/// lands on the colourless king beside it and `OtherColour` on the black one, never the
/// other way round; the colourless goal differs from the black king's colour.
#[test]
fn colourless_cells_share_their_lack_of_colour() {
    let rules = |cond: &str| {
        format!(
            r#"Maze(rules: Jumping(cells: [Piece, Colour], jumps: [(dirs: List(["E", "W"]), length: Exactly(1), land: [Any([Goal, {cond}])])]), board: ["K:- K:- K:b G"], start: (0, 0))"#
        )
    };
    let same = rules("SameColour");
    assert_eq!(edges(&same, "(0,0)"), pairs(&[("E", "(0,1)")]));
    assert_eq!(edges(&same, "(0,1)"), pairs(&[("W", "(0,0)")]));
    assert_eq!(edges(&same, "(0,2)"), pairs(&[("E", "(0,3)")]));
    let other = rules("OtherColour");
    assert_eq!(edges(&other, "(0,0)"), pairs(&[]));
    assert_eq!(edges(&other, "(0,1)"), pairs(&[("E", "(0,2)")]));
    assert_eq!(
        edges(&other, "(0,2)"),
        pairs(&[("E", "(0,3)"), ("W", "(0,1)")])
    );
}

/// A counter range too small stops moves and the maze has no solution; the compiled maze
/// names the counter, the cell, the bound, the cell moved from and the value. With one more
/// in the range the same board solves and no move is stopped.
/// - `alice_counter_bound` (`max: 2`): the jump onto (0,3) would make `d` 3; with `max: 3`,
///   3 moves.
/// - `rolling_counter_bound` (`max: 1`): the second press of the switch at (0,2), rolling from
///   (0,0), would make `presses` 2, so the bridges never open (3 states reached); with
///   `max: 2`, 6 moves.
#[test]
fn a_counter_range_too_small_is_found() {
    type Stop = (&'static str, (usize, usize), i64, (usize, usize), i64);
    let cases: [(&str, Stop, usize, &str, &str, u32); 2] = [
        (
            "alice_counter_bound",
            ("d", (0, 3), 2, (0, 1), 3),
            2,
            "max: 2",
            "max: 3",
            3,
        ),
        (
            "rolling_counter_bound",
            ("presses", (0, 2), 1, (0, 0), 2),
            3,
            "max: 1",
            "max: 2",
            6,
        ),
    ];
    for (id, stop, reached, small, large, length) in cases {
        let path = crate::common::root().join(format!("tests/fixtures/rules/{id}.ron"));
        let a = crate::common::Analyzed::new(crate::common::read(&path));
        let depths = |a: &crate::common::Analyzed| {
            (0..a.features.n_states as u32)
                .filter(|&s| a.features.depth(s).is_some())
                .count()
        };
        assert_eq!(depths(&a), reached, "{id}");
        let stops = a
            .compiled
            .counter_stops(&a.maze, |s| a.features.depth(s).is_some());
        let found: Vec<_> = stops
            .iter()
            .map(|s| (s.register.as_str(), s.cell, s.bound, s.from, s.value))
            .collect();
        assert_eq!(found, [stop], "{id}");
        assert!(stops[0].max, "{id}");
        let src = std::fs::read_to_string(&path)
            .unwrap()
            .replace(small, large);
        let a = analyze(&src);
        assert_eq!(a.features.shortest_length, Some(length), "{id}");
        let stops = a
            .compiled
            .counter_stops(&a.maze, |s| a.features.depth(s).is_some());
        assert!(stops.is_empty(), "{id}: {stops:?}");
    }
}

/// Same-jump clusters need a rule that reads numbers as lengths (RULES.md 7.2): on a board of
/// ones, rook jumps of the cell's number join every cell into one cluster of 8 states (the
/// goal, jump number 0, is apart), while `length: Any` on the same board never reads the
/// numbers and has no cluster at all.
#[test]
fn clusters_only_where_the_rule_reads_numbers() {
    let board = r#"board: ["1 1 1", "1 1 1", "1 1 G"], start: (0, 0))"#;
    let read = analyze(&format!("Maze(rules: Jumping(), {board}"));
    assert_eq!(read.features.clusters, vec![8]);
    assert_eq!(read.features.cluster_penalty, 49);
    let unread = analyze(&format!(
        "Maze(rules: Jumping(jumps: [(dirs: Orthogonal, length: Any)]), {board}"
    ));
    assert!(unread.features.clusters.is_empty());
    assert_eq!(unread.features.cluster_penalty, 0);
    assert_eq!(unread.features.shortest_length, Some(2));
}

/// Arithmetic on a counter and values read from the landing cell, edge by edge. One row
/// `3 2 5 1 1 G`, moves `E` of exactly `d`, `d` starting at 1. Landing, `d` becomes the landing
/// cell's number (`Landing(Number)`), then each rule below applies: `Mod 3` turns 5 into 2,
/// `Min 2` caps it, `Max 2` raises 1 to 2, `Mul 2` doubles, `Neg` then `Mul -1` gives it back,
/// `Sub 1` lowers it. So from (0,0) with d = 1 every rule lands on (0,1); what follows (0,1)
/// (number 2) is a jump of the rule's value of 2.
#[test]
fn arithmetic_and_landing_values() {
    let rule = |ops: &str| {
        format!(
            r#"Maze(rules: Jumping(registers: [(name: "d", kind: Counter(min: -9, max: 9, start: 1))], jumps: [(dirs: List(["E"]), length: Register("d"))], effects: [(on: Land, do: [Set("d", Landing(Number)), {ops}])]), board: ["3 2 5 1 1 G"], start: (0, 0))"#
        )
    };
    // (d after landing on (0,1) with its 2, the state (0,1) moves to)
    for (ops, d, next) in [
        ("Mod(\"d\", Int(3))", 2, "(0,3)/d=1"),
        ("Min(\"d\", Int(1))", 1, "(0,2)/d=1"),
        ("Max(\"d\", Int(3))", 3, "(0,4)/d=3"),
        ("Mul(\"d\", Int(2))", 4, "Goal"),
        ("Neg(\"d\"), Mul(\"d\", Int(-1))", 2, "(0,3)/d=1"),
        ("Sub(\"d\", Int(1))", 1, "(0,2)/d=4"),
    ] {
        let src = rule(ops);
        let a = analyze(&src);
        let at = format!("(0,1)/d={d}");
        assert_eq!(edges(&src, "(0,0)/d=1"), pairs(&[("E", &at)]), "{ops}");
        assert_eq!(edges(&src, &at), pairs(&[("E", next)]), "{ops}");
        assert!(a.features.reachable >= 3, "{ops}");
    }
}

/// `length: Slide` stops before every kind of obstacle, edge by edge on one row
/// `- - o - # - _ - G` with a wall between (0,6) and (0,7): from (0,0) E slides over the hole
/// and stops on (0,3) before the `#`; from (0,5) E stops on the empty cell (0,6) before the
/// wall, where nothing lands (no move); W from (0,5) is stopped at once by the `#`; from (0,7)
/// E slides onto the goal at the edge and W is stopped by the wall at once. On a torus a
/// slide that meets nothing is no move: one open row of three cells.
#[test]
fn slides_stop_before_obstacles() {
    let src = r#"Maze(rules: Jumping(cells: [], jumps: [(dirs: List(["E", "W"]), length: Slide)]), board: ["- - o - # - _ - G"], start: (0, 0), walls: [((0, 6), (0, 7))])"#;
    assert_eq!(edges(src, "(0,0)"), pairs(&[("E", "(0,3)")]));
    assert_eq!(edges(src, "(0,3)"), pairs(&[("W", "(0,0)")]));
    assert_eq!(edges(src, "(0,5)"), pairs(&[]));
    assert_eq!(edges(src, "(0,7)"), pairs(&[("E", "(0,8)")]));
    let torus = r#"Maze(rules: Jumping(torus: true, cells: [], jumps: [(dirs: List(["E", "W"]), length: Slide)]), board: ["- - G"], start: (0, 0))"#;
    assert_eq!(edges(torus, "(0,0)"), pairs(&[]));
}

/// Teleports, edge by edge on the hand-checked fixture `teleport.ron`: a landing on either
/// cell of the pair ends on the other (one move, the jump's direction); a move whose
/// teleport would bring it back to its origin is none (1 x 3: from (0,0) E lands on the
/// teleport (0,1), whose partner is (0,0) itself).
#[test]
fn teleports_end_moves_on_the_partner() {
    let src = rule_fixture("teleport");
    assert_eq!(
        edges(&src, "(0,0)"),
        pairs(&[("E", "(2,1)"), ("S", "(1,0)")])
    );
    assert_eq!(
        edges(&src, "(2,0)"),
        pairs(&[("N", "(1,0)"), ("E", "(0,1)")])
    );
    assert_eq!(
        edges(&src, "(0,2)"),
        pairs(&[("S", "(1,2)"), ("W", "(2,1)")])
    );
    let a = analyze(&src);
    assert_eq!(a.features.reachable, 8);
    assert_eq!(a.features.mechanic_moves, Some(1));
    let back =
        r#"Maze(rules: Jumping(cells: [Number, Teleport]), board: ["1:a 1:a G"], start: (0, 0))"#;
    assert_eq!(edges(back, "(0,0)"), pairs(&[]));
}

/// The rolling-block teleporter of `rolling_teleport.ron`: the answer goes through the
/// teleport once, 6 states are reached, and a block lying across a teleport stays where it
/// lies (from (0,0) on `S..t / #### / t..G` the first `E` does not reach the tile; on the
/// strip `S.t.G` a lying block covering the `t` is not moved).
#[test]
fn a_block_standing_on_a_teleport_goes_on_to_the_other() {
    let a = analyze(&rule_fixture("rolling_teleport"));
    assert_eq!(a.features.reachable, 6);
    assert_eq!(a.features.mechanic_moves, Some(1));
    assert_eq!(a.features.solution.clone().unwrap(), ["E", "E", "E", "E"]);
    let lying = analyze(
        "Maze(rules: RollingBlock(block: (1, 1, 2)), board: [\"S.t..t\", \"######\", \"....G.\"])",
    );
    // Standing on (0,0), `E` lies on (0,1)-(0,2) over the first `t`: no teleport, and no
    // roll reaches the second row.
    assert_eq!(
        lying.edges("(0,0) 1x1x2"),
        [(vec!["E".to_string()], "(0,1) 1x2x1".to_string())]
    );
    assert_eq!(lying.features.shortest_length, None);
}
