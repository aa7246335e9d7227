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
