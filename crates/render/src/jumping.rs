//! Jumping mazes as scenes: cells and their numbers, walls on shared edges (wrapped on a
//! torus), start and goal, and the solution's jumps (exit jumps leave the board, jumps that
//! wrap around a torus leave through one edge and come back through the opposite one).

use maze_features::Features;
use maze_graph::{Adjacency, Rules};
use maze_variants::{Cell, GoalKind, JumpGraph, JumpingMaze, Kind, MoveSet, Tiling};

use crate::Options;
use crate::geometry::Plane;
use crate::scene::{self, Anchor, CellKind, CellView, Mark, Role, Scene, Step};

/// The scene of a jumping maze, with the overlays `options` ask for.
pub fn scene(maze: &JumpingMaze, options: Options) -> Scene {
    let board = &maze.board;
    let tiling = maze.rules.tiling;
    let cells = board
        .cells
        .iter()
        .map(|cell: &Cell| match cell.kind {
            Kind::Ordinary | Kind::Goal => CellView::labelled(
                CellKind::Floor,
                cell.token(&maze.rules.cells, maze.rules.directions()),
            ),
            Kind::DeadEnd => CellView::labelled(CellKind::DeadEnd, "0"),
            Kind::Blocked => CellView::plain(CellKind::Blocked),
            Kind::Hole | Kind::Empty => CellView::plain(CellKind::Hole),
            Kind::Void => CellView::plain(CellKind::Void),
        })
        .collect();
    let mut marks = vec![Mark {
        role: Role::Start,
        cells: vec![plane(maze.start)],
    }];
    if let Some(goal) = board.goal() {
        marks.push(Mark {
            role: Role::Goal,
            cells: vec![plane(goal)],
        });
    }
    let mut out = Scene {
        tiling,
        rows: board.rows,
        cols: board.cols,
        cells,
        walls: walls(maze),
        marks,
        torus: maze.rules.torus,
        exit: maze.rules.goal == GoalKind::Exit,
        title: title(maze),
        steps: Vec::new(),
        solution_note: None,
        depths: None,
    };
    if options.solution || options.depths {
        let graph = JumpGraph::new(maze);
        let features = maze_features::features(&Adjacency::from_rules(&graph), maze.blocks());
        if options.solution {
            out.steps = steps(maze, &graph, &features);
            out.solution_note = Some(scene::solution_note(&features));
        }
        if options.depths {
            out.depths = Some(scene::cell_depths(board.rows, board.cols, &features, |s| {
                graph.state_cell(s).into_iter().collect()
            }));
        }
    }
    out
}

fn plane((r, c): (usize, usize)) -> Plane {
    (r as i64, c as i64)
}

/// The board cell that plane cell `p` is on the board (wrapped on a torus), if any.
fn on_board(maze: &JumpingMaze, (r, c): Plane) -> Option<Plane> {
    let (rows, cols) = (maze.board.rows as i64, maze.board.cols as i64);
    if maze.rules.torus {
        Some((r.rem_euclid(rows), c.rem_euclid(cols)))
    } else {
        (r >= 0 && c >= 0 && r < rows && c < cols).then_some((r, c))
    }
}

/// Each wall as the edges it stands on: seen from each of its cells, the plane neighbour
/// that is (or wraps to) the other cell. On a bounded board both views are the same edge;
/// across a torus's wrap they are the two ends of the board.
fn walls(maze: &JumpingMaze) -> Vec<(Plane, Plane)> {
    let tiling = maze.rules.tiling;
    let mut out = Vec::new();
    for &(a, b) in &maze.walls {
        for (from, to) in [(plane(a), plane(b)), (plane(b), plane(a))] {
            for n in tiling.edge_neighbours(from) {
                if on_board(maze, n) == Some(to) {
                    out.push((from, n));
                }
            }
        }
    }
    out
}

fn title(maze: &JumpingMaze) -> String {
    let rules = &maze.rules;
    let mut parts = vec![match rules.tiling {
        Tiling::Square => match rules.moves {
            MoveSet::Rook => "Rook jumping maze".to_string(),
            MoveSet::Queen => "Queen jumping maze".to_string(),
        },
        Tiling::Hex => "Hex jumping maze".to_string(),
        Tiling::Triangle => "Triangle jumping maze".to_string(),
    }];
    parts.push(format!("{} × {}", maze.board.rows, maze.board.cols));
    if rules.torus {
        parts.push("torus".to_string());
    }
    if rules.no_u_turn {
        parts.push("no U-turns".to_string());
    }
    if rules.goal == GoalKind::Exit {
        parts.push("exit goal".to_string());
    }
    parts.join(" · ")
}

/// The solution's jumps, each from its origin cell along its direction for the origin's jump
/// number: on the plane, so that exits end off the board and wraps can be split.
fn steps(maze: &JumpingMaze, graph: &JumpGraph, features: &Features) -> Vec<Step> {
    let (Some(states), Some(dirs)) = (&features.solution_states, &features.solution_dirs) else {
        return Vec::new();
    };
    let tiling = maze.rules.tiling;
    states
        .iter()
        .zip(dirs)
        .filter_map(|(&s, &dir)| {
            let from = plane(graph.state_cell(s)?);
            let k = graph.jump(s)?;
            let to = tiling.walk(from, dir, i64::from(k));
            let pieces = match on_board(maze, to) {
                // A wrapped landing: off one edge, and in again from the opposite one. Tori
                // have even sizes where parity matters, so the shift is a translation.
                Some(landing) if landing != to => {
                    let shift = (landing.0 - to.0, landing.1 - to.1);
                    let entry = (from.0 + shift.0, from.1 + shift.1);
                    vec![
                        (Anchor::cell(from), Anchor::cell(to)),
                        (Anchor::cell(entry), Anchor::cell(landing)),
                    ]
                }
                _ => vec![(Anchor::cell(from), Anchor::cell(to))],
            };
            Some(Step { pieces })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use maze_variants::Maze;

    fn maze(src: &str) -> JumpingMaze {
        match maze_variants::parse("test.ron", src) {
            Ok(Maze::Jumping(m)) => m,
            Ok(other) => panic!("not a jumping maze: {other:?}"),
            Err(e) => panic!("{}", e.one_line()),
        }
    }

    fn pieces(scene: &Scene) -> Vec<Vec<(Plane, Plane)>> {
        scene
            .steps
            .iter()
            .map(|s| s.pieces.iter().map(|(a, b)| (a.a, b.a)).collect())
            .collect()
    }

    #[test]
    fn a_wall_across_the_wrap_stands_on_both_ends_of_the_board() {
        let m = maze(
            r#"Maze(rules: Jumping(tiling: Square, moves: Rook, torus: true),
                board: ["1 1 1", "1 1 G"], start: (0, 0),
                walls: [((0, 0), (0, 2)), ((0, 1), (1, 1))])"#,
        );
        let s = scene(&m, Options::default());
        // Across the wrap: the left edge of (0,0) and the right edge of (0,2). On a 2-row
        // torus (0,1) and (1,1) share two edges (S and, wrapping, N), and the wall blocks both.
        assert_eq!(
            s.walls,
            vec![
                ((0, 0), (0, -1)),
                ((0, 2), (0, 3)),
                ((0, 1), (-1, 1)),
                ((0, 1), (1, 1)),
                ((1, 1), (0, 1)),
                ((1, 1), (2, 1)),
            ]
        );
    }

    #[test]
    fn exit_jumps_end_on_the_cell_beyond_the_edge() {
        let m = maze(
            r#"Maze(rules: Jumping(tiling: Square, moves: Rook, goal: Exit),
                board: ["2 3 1"], start: (0, 0))"#,
        );
        let s = scene(
            &m,
            Options {
                solution: true,
                depths: false,
            },
        );
        assert_eq!(
            pieces(&s),
            // N comes first in direction order, and a 1-jump N leaves a one-row board.
            vec![vec![((0, 0), (0, 2))], vec![((0, 2), (-1, 2))]]
        );
        assert!(s.exit);
        assert_eq!(s.marks.len(), 1, "no goal cell to mark");
    }

    #[test]
    fn a_jump_around_the_torus_leaves_one_edge_and_enters_the_opposite_one() {
        // From (0,0) N (first in direction order) wraps to (1,0), one move from the goal.
        let m = maze(
            r#"Maze(rules: Jumping(tiling: Square, moves: Rook, torus: true),
                board: ["1 1", "1 G"], start: (0, 0))"#,
        );
        let s = scene(
            &m,
            Options {
                solution: true,
                depths: true,
            },
        );
        assert_eq!(
            pieces(&s),
            vec![
                vec![((0, 0), (-1, 0)), ((2, 0), (1, 0))],
                vec![((1, 0), (1, 1))],
            ]
        );
        assert_eq!(s.depths, Some(vec![Some(0), Some(1), Some(1), Some(2)]));
        assert_eq!(
            s.solution_note.as_deref(),
            Some("solution: 2 moves, one of 2 shortest")
        );
    }

    #[test]
    fn cells_show_their_tokens_and_unreached_cells_have_no_depth() {
        let m = maze(
            r#"Maze(rules: Jumping(tiling: Hex, no_u_turn: true),
                board: ["1 0 # o", ". 5 1 G"], start: (0, 0))"#,
        );
        let s = scene(
            &m,
            Options {
                solution: false,
                depths: true,
            },
        );
        let shown: Vec<(CellKind, Option<&str>)> = s
            .cells
            .iter()
            .map(|v| (v.kind, v.label.as_deref()))
            .collect();
        assert_eq!(
            shown,
            vec![
                (CellKind::Floor, Some("1")),
                (CellKind::DeadEnd, Some("0")),
                (CellKind::Blocked, None),
                (CellKind::Hole, None),
                (CellKind::Void, None),
                (CellKind::Floor, Some("5")),
                (CellKind::Floor, Some("1")),
                (CellKind::Floor, Some("G")),
            ]
        );
        // (0,0) reaches only the dead end E of it (SE of an even row is the void (1,0)).
        assert_eq!(
            s.depths,
            Some(vec![Some(0), Some(1), None, None, None, None, None, None])
        );
        assert_eq!(s.title, "Hex jumping maze · 2 × 4 · no U-turns");
    }
}
