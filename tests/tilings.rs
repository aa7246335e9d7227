//! Property tests per tiling: every move the engine generates is exactly what a plain
//! step-by-step walk under rules 1-5 allows (on random boards with every cell kind, walls,
//! tori and exit goals), unit steps undo each other, and a plain torus treats every cell alike.

use std::collections::HashSet;

use maze::graph::Dir;
use maze::variants::jumping::OUTSIDE;
use maze::variants::{Board, Cell, GoalKind, JumpGraph, JumpRules, JumpingMaze, MoveSet, Tiling};
use proptest::prelude::*;

use crate::common::any_maze;

type Coord = (usize, usize);

/// The legal jumps of length `k` from `origin`, walked one unit step at a time exactly as
/// RULES.md section 1 states rules 1-5 and the exit goal.
fn walk_jumps(m: &JumpingMaze, origin: Coord, k: u32) -> Vec<(Dir, u32)> {
    let (rows, cols) = (m.board.rows as i64, m.board.cols as i64);
    let tiling = m.rules.tiling;
    let walls: HashSet<(Coord, Coord)> = m
        .walls
        .iter()
        .flat_map(|&(a, b)| [(a, b), (b, a)])
        .collect();
    let wrap = |(r, c): (i64, i64)| -> Option<Coord> {
        if m.rules.torus {
            Some((r.rem_euclid(rows) as usize, c.rem_euclid(cols) as usize))
        } else if r >= 0 && c >= 0 && r < rows && c < cols {
            Some((r as usize, c as usize))
        } else {
            None
        }
    };
    let walled = |a: Coord, b: Coord| walls.contains(&(a, b));
    let mut out = Vec::new();
    for &d in tiling.move_dirs(m.rules.moves) {
        let mut p = origin;
        for step in 1..=k {
            let raw = tiling.walk((p.0 as i64, p.1 as i64), d, 1);
            let Some(q) = wrap(raw) else {
                // Rule 1; the exit goal allows it on the last step only.
                if step == k && m.rules.goal == GoalKind::Exit {
                    out.push((d, OUTSIDE));
                }
                break;
            };
            // Rule 2, with the L-route rule for diagonal square steps.
            let crosses = match tiling.diagonal_corners((p.0 as i64, p.1 as i64), d) {
                Some(corners) => corners.iter().all(|&h| match wrap(h) {
                    Some(h) => walled(p, h) || walled(h, q),
                    None => true,
                }),
                None => walled(p, q),
            };
            if crosses {
                break;
            }
            let cell = m.board.get(q);
            if step < k {
                // Rule 3.
                if matches!(cell, Cell::BLOCKED | Cell::VOID) {
                    break;
                }
            } else if cell == Cell::VOID && m.rules.goal == GoalKind::Exit {
                out.push((d, OUTSIDE));
            } else if cell.is_landable() && q != origin {
                // Rules 4 and 5.
                out.push((d, (q.0 * m.board.cols + q.1) as u32));
            }
            p = q;
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Every jump the engine generates, for every cell and jump number, is what the plain
    /// step-by-step walk allows, and nothing else.
    #[test]
    fn moves_are_exactly_the_legal_jumps(maze in any_maze()) {
        let graph = JumpGraph::new(&maze);
        let mut got = Vec::new();
        for cell in 0..maze.board.cells.len() {
            let at = (cell / maze.board.cols, cell % maze.board.cols);
            for k in 1..=9 {
                got.clear();
                graph.jumps(cell, k, &mut got);
                prop_assert_eq!(&got, &walk_jumps(&maze, at, k), "cell {:?} jump {} in {:?}", at, k, maze);
            }
        }
    }
}

/// The reverse of every unit step returns to the origin, from up and down triangles and
/// even and odd hex rows alike.
#[test]
fn unit_steps_are_undone_by_the_opposite_step() {
    for tiling in [Tiling::Square, Tiling::Hex, Tiling::Triangle] {
        let dirs = tiling.directions();
        for d in 0..dirs.len() as Dir {
            for r in -3..4 {
                for c in -3..4 {
                    let there = tiling.walk((r, c), d, 1);
                    assert_eq!(
                        tiling.walk(there, dirs.opposite(d), 1),
                        (r, c),
                        "{tiling:?} {}",
                        dirs.name(d)
                    );
                }
            }
        }
    }
}

/// On a torus without walls, blocked cells, holes or void, every cell has the same number of
/// legal jumps of each length: the torus has no edge and no special place.
#[test]
fn plain_tori_treat_every_cell_alike() {
    for (tiling, moves) in [
        (Tiling::Square, MoveSet::Rook),
        (Tiling::Square, MoveSet::Queen),
        (Tiling::Hex, MoveSet::Rook),
        (Tiling::Triangle, MoveSet::Rook),
    ] {
        for (rows, cols) in [(4, 6), (6, 4), (2, 8), (8, 8)] {
            let mut cells = vec![Cell::numbered(1); rows * cols];
            cells[rows * cols - 1] = Cell::GOAL;
            let maze = JumpingMaze {
                rules: JumpRules {
                    tiling,
                    moves,
                    torus: true,
                    ..JumpRules::default()
                },
                board: Board { rows, cols, cells },
                start: (0, 0),
                walls: Vec::new(),
                gates: Vec::new(),
            };
            let graph = JumpGraph::new(&maze);
            for k in 1..=10 {
                let counts: HashSet<usize> = (0..rows * cols)
                    .map(|cell| {
                        let mut acc = Vec::new();
                        graph.jumps(cell, k, &mut acc);
                        acc.len()
                    })
                    .collect();
                assert_eq!(
                    counts.len(),
                    1,
                    "{tiling:?} {moves:?} {rows}x{cols} jump {k}: {counts:?}"
                );
            }
        }
    }
}
