//! Every mistake in a rolling-block file's bridges, switches and other blocks gets a
//! diagnostic at the line and column of the switch, block or cell concerned.
#![allow(clippy::unwrap_used)]

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
    maze_variants::parse("good.ron", &src).unwrap_or_else(|e| panic!("{}", e.one_line()));
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
    assert!(
        message.contains("more than the 50000000 the engine holds"),
        "{message}"
    );
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
    maze_variants::parse("good.ron", &src).unwrap_or_else(|e| panic!("{}", e.one_line()));
}

/// `genes` are for jumping mazes: a rolling-block file that sets them is told so, not
/// silently ignored.
#[test]
fn genes_in_a_rolling_block_file_are_refused() {
    let src = "Maze(\n    rules: RollingBlock(),\n    board: [\"S..G\"],\n    generate: (genes: [Circled]),\n)\n";
    check(src, (4, 23), "a rolling-block generator changes tiles");
}
