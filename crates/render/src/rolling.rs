//! Rolling-block mazes as scenes: floor, no-floor and fragile tiles on the square tiling, the
//! block at its start and the goal footprint, and each roll of the solution as an arrow from
//! one footprint's centre to the next.

use maze_graph::{Adjacency, Rules, StateId};
use maze_variants::rolling::{Footprint, RollGraph, RollingBlockMaze, Tile};

use crate::Options;
use crate::geometry::Plane;
use crate::scene::{self, Anchor, CellKind, CellView, Mark, Role, Scene, Step};

/// The scene of a rolling-block maze, with the overlays `options` ask for.
pub fn scene(maze: &RollingBlockMaze, options: Options) -> Scene {
    let board = &maze.board;
    let cells = (0..board.rows * board.cols)
        .map(|i| {
            let at = (i / board.cols, i % board.cols);
            let label = if maze.start.contains(at) {
                Some("S")
            } else if maze.goal.contains(at) {
                Some("G")
            } else {
                None
            };
            let kind = match board.get(at) {
                Tile::Floor => CellKind::Floor,
                Tile::NoFloor => CellKind::Void,
                Tile::Fragile => CellKind::Fragile,
                Tile::Bridge { .. } | Tile::Switch(_) => CellKind::Floor,
            };
            match label {
                Some(label) => CellView::labelled(kind, label),
                None => CellView::plain(kind),
            }
        })
        .collect();
    let (a, b, h) = maze.rules.block;
    let mut out = Scene {
        tiling: maze_variants::Tiling::Square,
        rows: board.rows,
        cols: board.cols,
        cells,
        walls: Vec::new(),
        marks: vec![
            Mark {
                role: Role::Start,
                cells: footprint_cells(maze.start),
            },
            Mark {
                role: Role::Goal,
                cells: footprint_cells(maze.goal),
            },
        ],
        torus: false,
        exit: false,
        title: format!("Rolling block {a}x{b}x{h}: roll it to cover exactly the goal G"),
        steps: Vec::new(),
        solution_note: None,
        depths: None,
    };
    if options.solution || options.depths {
        let graph = RollGraph::new(maze);
        let features = maze_features::features(&Adjacency::from_rules(&graph), maze.blocks());
        let footprint = |s: StateId| graph.placement(s).0;
        if options.solution {
            out.steps = features
                .solution_states
                .iter()
                .flat_map(|states| states.windows(2))
                .map(|w| Step {
                    pieces: vec![(span(footprint(w[0])), span(footprint(w[1])))],
                })
                .collect();
            out.solution_note = Some(scene::solution_note(&features));
        }
        if options.depths {
            out.depths = Some(scene::cell_depths(board.rows, board.cols, &features, |s| {
                footprint(s).cells().collect()
            }));
        }
        debug_assert_eq!(graph.n_states(), features.n_states);
    }
    out
}

fn footprint_cells(f: Footprint) -> Vec<Plane> {
    f.cells().map(|(r, c)| (r as i64, c as i64)).collect()
}

/// The centre of a footprint.
fn span(f: Footprint) -> Anchor {
    Anchor::span(
        (f.row as i64, f.col as i64),
        ((f.row + f.rows - 1) as i64, (f.col + f.cols - 1) as i64),
    )
}
