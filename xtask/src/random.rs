//! Random benchmark mazes: every cell a random legal jump number, as Neller's generator starts.

use maze_variants::{Board, Cell, GoalKind, JumpGraph, JumpRules, JumpingMaze};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

/// A `rows x cols` maze under `rules`, start (0, 0), goal in the opposite corner (none for an
/// exit goal), every other cell a uniformly random legal jump number up to `max_jump`.
pub fn maze(rules: JumpRules, rows: usize, cols: usize, max_jump: u8, seed: u64) -> JumpingMaze {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut cells = vec![Cell::Jump(1); rows * cols];
    if rules.goal == GoalKind::Cell {
        cells[rows * cols - 1] = Cell::Goal;
    }
    let mut maze = JumpingMaze {
        rules,
        board: Board { rows, cols, cells },
        start: (0, 0),
        walls: Vec::new(),
    };
    // Legal jump numbers depend only on the board's shape, not on other cells' numbers.
    let graph = JumpGraph::new(&maze);
    for cell in 0..rows * cols {
        if maze.board.cells[cell] == Cell::Goal {
            continue;
        }
        let legal = graph.legal_jumps(cell, max_jump);
        maze.board.cells[cell] = match legal.len() {
            0 => Cell::DeadEnd,
            n => Cell::Jump(legal[rng.random_range(0..n)]),
        };
    }
    if maze.board.cells[0] == Cell::DeadEnd {
        maze.board.cells[0] = Cell::Jump(1);
    }
    maze
}
