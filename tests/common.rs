//! Helpers shared by the integration tests: loading mazes and naming states.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use maze::features::{self, Features};
use maze::graph::{Rules, StateGraph, StateId, state_graph};
use maze::variants::{
    Board, Cell, CompiledMaze, GoalKind, JumpRules, JumpingMaze, Maze, MoveSet, Tiling,
};
use proptest::prelude::*;

/// The repository root.
pub(crate) fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A maze with everything the tests look at.
pub(crate) struct Analyzed {
    pub maze: Maze,
    pub compiled: CompiledMaze,
    pub graph: StateGraph,
    pub features: Features,
    names: HashMap<String, StateId>,
}

impl Analyzed {
    pub(crate) fn new(maze: Maze) -> Analyzed {
        let compiled = maze.compile();
        let graph = state_graph(&compiled);
        let mut features = features::analyze(&graph, maze.blocks());
        features.mechanic_moves = features::mechanic_moves(&compiled, &features);
        let names = (0..compiled.n_states() as StateId)
            .map(|s| (compiled.state_name(s), s))
            .collect();
        Analyzed {
            maze,
            compiled,
            graph,
            features,
            names,
        }
    }

    /// The state called `name` (`(r,c)`, `(r,c)/D`, `Goal`, `Outside`).
    pub(crate) fn state(&self, name: &str) -> StateId {
        *self
            .names
            .get(name)
            .unwrap_or_else(|| panic!("no state named {name}"))
    }

    pub(crate) fn name(&self, state: StateId) -> String {
        self.compiled.state_name(state)
    }

    /// The edges out of `name` as (direction names, target name), in direction order.
    pub(crate) fn edges(&self, name: &str) -> Vec<(Vec<String>, String)> {
        use petgraph::visit::EdgeRef;
        let node = petgraph::graph::NodeIndex::new(self.state(name) as usize);
        let mut edges: Vec<_> = self.graph.graph.edges(node).collect();
        edges.sort_by_key(|e| e.weight().first());
        edges
            .iter()
            .map(|e| {
                let dirs = e
                    .weight()
                    .iter()
                    .map(|d| self.graph.directions.name(d).to_string())
                    .collect();
                (dirs, self.name(e.target().index() as StateId))
            })
            .collect()
    }
}

/// Parses maze source text, panicking with the diagnostic if it is invalid.
pub(crate) fn parse(src: &str) -> Maze {
    maze::file::parse("test.ron", src).unwrap_or_else(|e| panic!("{}", e.one_line()))
}

/// Reads and parses a maze file.
pub(crate) fn read(path: &Path) -> Maze {
    let src = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    maze::file::parse(&path.display().to_string(), &src)
        .unwrap_or_else(|e| panic!("{}", e.one_line()))
}

/// Analyzes maze source text.
pub(crate) fn analyze(src: &str) -> Analyzed {
    Analyzed::new(parse(src))
}

pub(crate) fn cell_kind() -> impl Strategy<Value = Cell> {
    prop_oneof![
        12 => (1u8..=5).prop_map(Cell::numbered),
        1 => Just(Cell::DEAD_END),
        1 => Just(Cell::BLOCKED),
        1 => Just(Cell::HOLE),
        1 => Just(Cell::VOID),
    ]
}

/// A random board of any tiling with every cell kind, some walls, maybe a torus (with the
/// parity each tiling needs) and maybe an exit goal. Not necessarily a valid maze file: the
/// move generator must be right on every board.
pub(crate) fn any_maze() -> impl Strategy<Value = JumpingMaze> {
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
                        ..JumpRules::default()
                    };
                    if !exit {
                        cells[n - 1] = Cell::GOAL;
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
                        gates: Vec::new(),
                    }
                })
        })
}
