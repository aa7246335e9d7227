//! Mechanic moves (RULES.md section 3) on hand-checked mazes of both families, and the
//! `min_mechanic_moves` gate the generator honours.

use maze::features::features_of_rules;
use maze::graph::{Move, Rules};

use crate::common::analyze;

/// The mechanic moves of `src`'s solution, and the solution.
fn mechanic(src: &str) -> (Option<u32>, String) {
    let a = analyze(src);
    let f = features_of_rules(&a.compiled, a.maze.blocks());
    (f.mechanic_moves, f.solution.unwrap_or_default().join(" "))
}

/// Memoryless rules have no mechanics: no move of any state is one.
#[test]
fn a_rook_maze_has_no_mechanic_move() {
    let src = r###"Maze(
        rules: Jumping(tiling: Square, moves: Rook),
        board: ["1 2 1", "1 1 1", "2 1 G"],
        start: (0, 0),
    )"###;
    let a = analyze(src);
    assert_eq!(mechanic(src).0, Some(0));
    let mut moves = Vec::new();
    for s in 0..a.compiled.n_states() as u32 {
        moves.clear();
        a.compiled.successors(&mut moves, s);
        assert!(moves.iter().all(|&m| !a.compiled.mechanic(s, m)));
    }
}

/// Switch rules on a 2 x 2 board: the start is orthogonal, and every landing switches the
/// type. From (0,0) `E` lands on (0,1) (now diagonal), `SW` on (1,0) (orthogonal again), `E`
/// on the goal. The first two moves change the register; the last starts with the register
/// at its start value and lands on the goal, whose states keep no register: 2 of 3.
#[test]
fn every_landing_that_switches_the_move_type_is_a_mechanic_move() {
    let src = r###"Maze(
        rules: Jumping(
            tiling: Square,
            registers: [(name: "t", kind: Choice(["orthogonal", "diagonal"]))],
            jumps: [
                (when: [Is("t", "orthogonal")], dirs: Orthogonal),
                (when: [Is("t", "diagonal")], dirs: Diagonal),
            ],
            effects: [(on: Land, do: [Next("t")])],
        ),
        board: ["1 1", "1 G"],
        start: (0, 0),
    )"###;
    assert_eq!(mechanic(src), (Some(2), "E SW E".to_string()));
}

/// The gate of `tests/bloxorz.rs`: on `S.o--.G` the first `E` presses the soft switch and
/// sets `gate` (a register changes), the second stands on the bridge tile (0,3) and the third
/// lies on (0,4)-(0,5), both legal only with the gate on; the last stands on plain floor,
/// which it could with the gate off: 3 of 4.
#[test]
fn a_press_and_the_rolls_over_the_bridges_it_opened_are_mechanic_moves() {
    let src = crate::bloxorz::GATE_STRIP;
    assert_eq!(mechanic(src), (Some(3), "E E E E".to_string()));
    let a = analyze(src);
    let states = a.features.solution_states.clone().unwrap();
    let dirs = a.features.solution_dirs.clone().unwrap();
    let each: Vec<bool> = states
        .windows(2)
        .zip(&dirs)
        .map(|(pair, &dir)| a.compiled.mechanic(pair[0], Move { dir, to: pair[1] }))
        .collect();
    assert_eq!(each, [true, true, true, false]);
}

/// Two blocks (RULES.md section 8.5): `2N` moves the other block, then the first block rolls
/// `E E E E` with nothing remembered: 1 of 5.
#[test]
fn a_move_of_another_block_is_a_mechanic_move() {
    let src = r###"Maze(
        rules: RollingBlock(block: (1, 1, 2), others: [(block: (1, 1, 2), start: [(2, 2)])]),
        board: ["##.####", "##.####", "S.....G"],
    )"###;
    assert_eq!(mechanic(src), (Some(1), "2N E E E E".to_string()));
}

/// An unsolvable maze has no solution, so no count.
#[test]
fn an_unsolvable_maze_has_no_mechanic_count() {
    let src = r###"Maze(
        rules: Jumping(tiling: Square, moves: Rook),
        board: ["3 1", "1 G"],
        start: (0, 0),
    )"###;
    assert_eq!(mechanic(src).0, None);
}

/// The gate: bridge mazes whose puzzles must use the switches (the bundled
/// `rolling_bridges` settings, the gate added, a short search). Every maze the generator
/// returns as passing has at least that many mechanic moves, and a maze that fails says so.
#[test]
fn the_generator_honours_min_mechanic_moves() {
    let text = std::fs::read_to_string(crate::common::root().join("variants/rolling_bridges.ron"))
        .unwrap();
    let src = text
        .replace(
            "gates: (solvable: true, unique_shortest: true, no_black_holes: true, min_length: 30, min_mechanic_moves: 3)",
            "gates: (solvable: true, min_mechanic_moves: 4)",
        )
        .replace(
            "UphillSteps(iterations: 3000, p: 0.005)",
            "HillDescent(iterations: 300)",
        );
    assert!(src.contains("min_mechanic_moves: 4") && src.contains("iterations: 300"));
    let file = maze::file::parse_file("bridges.ron", &src).unwrap();
    let settings = file.settings().unwrap();
    let mut passed = 0;
    for seed in 0..3 {
        let o = maze::generate::generate(&settings, None, seed, &mut |_| {}).unwrap();
        let moves = o.features.mechanic_moves;
        if o.failed_gates.is_empty() {
            passed += 1;
            assert!(moves.is_some_and(|m| m >= 4), "seed {seed}: {moves:?}");
        } else {
            let reasons = maze::generate::reasons(&o.failed_gates);
            assert!(reasons.contains("min_mechanic_moves 4"), "{reasons}");
        }
        // The count the outcome reports is the maze's own.
        let compiled = o.maze.compile();
        let again = features_of_rules(&compiled, o.maze.blocks());
        assert_eq!(again.mechanic_moves, moves);
    }
    assert!(passed > 0, "no maze of three passed its gates");
}

/// The bundled teleporters generate publishable puzzles (solvable, one shortest solution, no
/// black holes: what `maze check` asks) whose solutions go through a teleport, with their
/// own settings, for several seeds.
#[test]
fn the_teleport_variants_generate_puzzles_that_use_a_teleport() {
    for name in TELEPORT_VARIANTS {
        let path = crate::common::root().join("variants").join(name);
        let src = std::fs::read_to_string(path).unwrap();
        let file = maze::file::parse_file(name, &src).unwrap();
        let settings = file.settings().unwrap();
        for seed in 0..3 {
            let o = maze::generate::generate(&settings, None, seed, &mut |_| {}).unwrap();
            let f = &o.features;
            assert!(
                o.failed_gates.is_empty(),
                "{name} seed {seed}: {}",
                maze::generate::reasons(&o.failed_gates)
            );
            assert!(
                f.unique_shortest && f.black_holes.count == 0,
                "{name} seed {seed}"
            );
            assert!(
                f.mechanic_moves.is_some_and(|m| m >= 1),
                "{name} seed {seed}"
            );
            // The pairs stayed whole: the maze reads back (a lone teleport is refused).
            let text = maze::variants::write(&o.maze, &[]);
            maze::file::parse("generated.ron", &text)
                .unwrap_or_else(|e| panic!("{name} seed {seed}: {}", e.one_line()));
        }
    }
}

/// The bundled variants whose puzzles must use a teleport.
const TELEPORT_VARIANTS: &[&str] = &["teleport.ron", "rolling_teleport.ron"];
