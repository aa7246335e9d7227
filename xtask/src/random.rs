//! Random benchmark mazes: every cell a random legal jump number, as Neller's generator starts;
//! rolling-block boards with random no-floor and fragile cells.

use maze_variants::{
    Board, Cell, Footprint, GoalKind, JumpGraph, JumpRules, JumpingMaze, RollingBlockMaze,
    RollingBlockRules, RollingBoard, Tile,
};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

/// A `rows x cols` maze under `rules`, start (0, 0), goal in the opposite corner (none for an
/// exit goal), every other cell a uniformly random legal jump number up to `max_jump`.
pub fn maze(rules: JumpRules, rows: usize, cols: usize, max_jump: u8, seed: u64) -> JumpingMaze {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut cells = vec![Cell::numbered(1); rows * cols];
    if rules.goal == GoalKind::Cell {
        cells[rows * cols - 1] = Cell::GOAL;
    }
    let mut maze = JumpingMaze {
        rules,
        board: Board { rows, cols, cells },
        start: (0, 0),
        walls: Vec::new(),
        gates: Vec::new(),
    };
    // Legal jump numbers depend only on the board's shape, not on other cells' numbers.
    let graph = JumpGraph::new(&maze);
    for cell in 0..rows * cols {
        if maze.board.cells[cell] == Cell::GOAL {
            continue;
        }
        let legal = graph.legal_jumps(cell, max_jump);
        maze.board.cells[cell] = match legal.len() {
            0 => Cell::DEAD_END,
            n => Cell::numbered(legal[rng.random_range(0..n)]),
        };
    }
    if maze.board.cells[0] == Cell::DEAD_END {
        maze.board.cells[0] = Cell::numbered(1);
    }
    maze
}

/// A `rows x cols` rolling-block board for `block`, lying on its `a x b` face in the top-left
/// corner at the start and in the bottom-right corner at the goal; every other cell is no
/// floor with probability `no_floor`, else fragile with probability `fragile`, else floor.
pub fn rolling(
    block: (usize, usize, usize),
    rows: usize,
    cols: usize,
    (no_floor, fragile): (f64, f64),
    seed: u64,
) -> RollingBlockMaze {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let (a, b, _) = block;
    let start = Footprint {
        row: 0,
        col: 0,
        rows: a,
        cols: b,
    };
    let goal = Footprint {
        row: rows - a,
        col: cols - b,
        ..start
    };
    let tiles = (0..rows * cols)
        .map(|i| {
            let cell = (i / cols, i % cols);
            let x: f64 = rng.random();
            if start.contains(cell) || goal.contains(cell) || x >= no_floor + fragile {
                Tile::Floor
            } else if x < no_floor {
                Tile::NoFloor
            } else {
                Tile::Fragile
            }
        })
        .collect();
    RollingBlockMaze {
        rules: RollingBlockRules {
            block,
            ..RollingBlockRules::default()
        },
        board: RollingBoard {
            rows,
            cols,
            tiles,
            teleports: Vec::new(),
        },
        start,
        goal,
    }
}
