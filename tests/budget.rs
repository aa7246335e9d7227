//! The budget of work and memory: the move estimate made from a file bounds the moves every
//! bundled maze really has, and a build within a limit counts its states and moves and stops
//! past the limit with them, or gives the graph an unbounded build gives.

use maze::graph::{Move, Rules};
use maze::variants::{CompiledMaze, Maze, StateLimit};

use crate::common::{parse, read, root};

/// Every move of every state of a compiled maze.
fn moves(compiled: &CompiledMaze) -> Vec<Vec<Move>> {
    (0..compiled.n_states() as u32)
        .map(|s| {
            let mut acc = Vec::new();
            compiled.successors(&mut acc, s);
            acc
        })
        .collect()
}

#[test]
fn the_move_estimate_bounds_the_moves_of_every_bundled_maze() {
    let mut files = Vec::new();
    for dir in [
        "variants",
        "tests/fixtures/families",
        "tests/fixtures/rules",
    ] {
        for entry in std::fs::read_dir(root().join(dir)).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "ron") {
                files.push(path);
            }
        }
    }
    files.sort();
    assert!(files.len() > 30, "{files:?}");
    for path in files {
        let maze = read(&path);
        let made: usize = moves(&maze.compile()).iter().map(Vec::len).sum();
        let estimate = maze.move_estimate();
        assert!(
            made as u128 <= estimate,
            "{}: {made} moves, estimated {estimate}",
            path.display()
        );
    }
}

/// A 3 x 3 rook board of ones: nine states, 22 moves (none from the goal).
const ROOK: &str = r#"Maze(rules: Jumping(), board: ["1 1 1", "1 1 1", "1 1 G"], start: (0, 0))"#;

/// Compiles `maze` within a limit of `states`, returning the refusal's message.
fn stopped(maze: &Maze, states: u64) -> String {
    match maze.compile_within(StateLimit::new(states).unwrap()) {
        Ok(_) => panic!("built within a limit of {states}"),
        Err(p) => p.message,
    }
}

/// Compiles `maze` within a limit of `states` and checks it is the unbounded build.
fn built(maze: &Maze, states: u64) {
    let within = maze
        .compile_within(StateLimit::new(states).unwrap())
        .unwrap_or_else(|p| panic!("{}", p.message));
    let whole = maze.compile();
    assert_eq!(within.n_states(), whole.n_states());
    assert_eq!(moves(&within), moves(&whole));
}

#[test]
fn a_jumping_build_counts_its_moves_and_stops_past_the_limit() {
    let maze = parse(ROOK);
    assert_eq!(
        moves(&maze.compile()).iter().map(Vec::len).sum::<usize>(),
        22
    );
    // A limit of 2 states allows 16 moves: the build stops after the cell that crossed it.
    let message = stopped(&maze, 2);
    assert!(
        message.contains("stopped at 9 states and 17 moves")
            && message.contains("state limit of 2 allows (2 states, 16 moves)"),
        "{message}"
    );
    // Three states allow 24 moves: every move is made.
    built(&maze, 3);
}

#[test]
fn a_rolling_build_counts_its_states_and_moves_and_stops_past_the_limit() {
    // One block on open floor: the placements and their rolls, counted once built.
    let plain = parse(r#"Maze(rules: RollingBlock(), board: ["S...", "....", "...G"])"#);
    let n = plain.compile().n_states() as u64;
    let message = stopped(&plain, n - 1);
    assert!(
        message.contains(&format!("stopped at {n} states")),
        "{message}"
    );
    built(&plain, n);
    // Two blocks: explored state by state, the count stopping at the limit.
    let two = read(&root().join("variants/rolling_blocks.ron"));
    let n = two.compile().n_states() as u64;
    let message = stopped(&two, 10);
    assert!(
        message.contains("stopped at") && message.contains("state limit of 10 allows"),
        "{message}"
    );
    built(&two, n);
}

#[test]
fn blocks_shut_in_rows_of_their_own_are_bounded_by_the_placements_they_reach() {
    // Four cubes, each in a row of 16 cells walled off from the others. The engine numbers
    // the first cube's every placement (64) with the three others' (16 each, in their rows),
    // sixteen rolls from each, where the whole board's 64 floor cells would give 64^4.
    let wall = "#".repeat(16);
    let open = ".".repeat(16);
    let first = format!("S{}G", ".".repeat(14));
    let src = format!(
        "Maze(rules: RollingBlock(block: (1, 1, 1), others: [
            (block: (1, 1, 1), start: [(2, 0)], goal: [(2, 15)]),
            (block: (1, 1, 1), start: [(4, 0)], goal: [(4, 15)]),
            (block: (1, 1, 1), start: [(6, 0)], goal: [(6, 15)]),
        ]), board: [{first:?}, {wall:?}, {open:?}, {wall:?}, {open:?}, {wall:?}, {open:?}])"
    );
    let maze = parse(&src);
    assert_eq!(maze.move_estimate(), 64 * 16u128.pow(3) * 16);
    assert_eq!(maze.state_estimate(), 64u128.pow(4));
    let made: usize = moves(&maze.compile()).iter().map(Vec::len).sum();
    assert!(made as u128 <= maze.move_estimate(), "{made}");
}
