//! Property tests per tiling: every move the engine generates is exactly what a plain
//! step-by-step walk under rules 1-5 allows (on random boards with every cell kind, walls,
//! tori and exit goals), unit steps undo each other, and a plain torus treats every cell alike.

use std::collections::HashSet;

use maze::graph::Dir;
use maze::variants::jumping::OUTSIDE;
use maze::variants::{Board, Cell, GoalKind, JumpGraph, JumpRules, JumpingMaze, MoveSet, Tiling};
use proptest::prelude::*;

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
                if matches!(cell, Cell::Blocked | Cell::Void) {
                    break;
                }
            } else if cell == Cell::Void && m.rules.goal == GoalKind::Exit {
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

fn cell_kind() -> impl Strategy<Value = Cell> {
    prop_oneof![
        12 => (1u8..=5).prop_map(Cell::Jump),
        1 => Just(Cell::DeadEnd),
        1 => Just(Cell::Blocked),
        1 => Just(Cell::Hole),
        1 => Just(Cell::Void),
    ]
}

/// A random board of any tiling with every cell kind, some walls, maybe a torus (with the
/// parity each tiling needs) and maybe an exit goal. Not necessarily a valid maze file: the
/// move generator must be right on every board.
fn any_maze() -> impl Strategy<Value = JumpingMaze> {
    (
        0usize..3,
        1usize..=4,
        1usize..=4,
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_flat_map(|(t, half_rows, half_cols, torus, exit, queen)| {
            let tiling = [Tiling::Square, Tiling::Hex, Tiling::Triangle][t];
            let (rows, cols) = (
                2 * half_rows,
                2 * half_cols - usize::from(tiling == Tiling::Hex && !torus),
            );
            let n = rows * cols;
            (
                proptest::collection::vec(cell_kind(), n),
                proptest::collection::vec((0..n, 0usize..6), 0..6),
            )
                .prop_map(move |(mut cells, wall_picks)| {
                    let rules = JumpRules {
                        tiling,
                        moves: if queen && tiling == Tiling::Square {
                            MoveSet::Queen
                        } else {
                            MoveSet::Rook
                        },
                        torus,
                        no_u_turn: false,
                        goal: if exit { GoalKind::Exit } else { GoalKind::Cell },
                    };
                    if !exit {
                        cells[n - 1] = Cell::Goal;
                    }
                    let board = Board { rows, cols, cells };
                    let walls = wall_picks
                        .into_iter()
                        .filter_map(|(i, e)| {
                            let a = (i / cols, i % cols);
                            let neighbours = tiling.edge_neighbours((a.0 as i64, a.1 as i64));
                            let (r, c) = neighbours[e % neighbours.len()];
                            let (r, c) = if torus {
                                (r.rem_euclid(rows as i64), c.rem_euclid(cols as i64))
                            } else {
                                (r, c)
                            };
                            board
                                .contains((r, c))
                                .then_some((a, (r as usize, c as usize)))
                        })
                        .filter(|(a, b)| a != b)
                        .collect();
                    JumpingMaze {
                        rules,
                        board,
                        start: (0, 0),
                        walls,
                    }
                })
        })
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
            let mut cells = vec![Cell::Jump(1); rows * cols];
            cells[rows * cols - 1] = Cell::Goal;
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
