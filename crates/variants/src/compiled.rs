//! Any maze compiled into its rules: one type the generic tools (features, CLI, generator)
//! hold whatever the variant.

use maze_graph::{Directions, Move, Rules, StateId};

use crate::file::Maze;
use crate::jumping::{Coord, JumpGraph};

/// A maze of any variant, compiled for move generation.
#[derive(Clone, Debug)]
pub enum CompiledMaze {
    /// A jumping maze.
    Jumping(JumpGraph),
}

impl Maze {
    /// Compiles the maze into its rules.
    pub fn compile(&self) -> CompiledMaze {
        match self {
            Maze::Jumping(m) => CompiledMaze::Jumping(JumpGraph::new(m)),
        }
    }

    /// Obstacles on the board, the `blocks` feature.
    pub fn blocks(&self) -> usize {
        match self {
            Maze::Jumping(m) => m.blocks(),
        }
    }

    /// Board size `(rows, cols)`.
    pub fn size(&self) -> (usize, usize) {
        match self {
            Maze::Jumping(m) => (m.board.rows, m.board.cols),
        }
    }
}

impl CompiledMaze {
    /// The board cell a state stands on (a block's top-left footprint cell), if any.
    pub fn state_cell(&self, state: StateId) -> Option<Coord> {
        match self {
            CompiledMaze::Jumping(g) => g.state_cell(state),
        }
    }

    /// Cells from which no move is possible although they are not the goal.
    pub fn dead_end_cells(&self) -> Vec<Coord> {
        match self {
            CompiledMaze::Jumping(g) => g.dead_end_cells(),
        }
    }
}

impl Rules for CompiledMaze {
    fn directions(&self) -> &'static Directions {
        match self {
            CompiledMaze::Jumping(g) => g.directions(),
        }
    }

    fn n_states(&self) -> usize {
        match self {
            CompiledMaze::Jumping(g) => g.n_states(),
        }
    }

    fn start(&self) -> StateId {
        match self {
            CompiledMaze::Jumping(g) => g.start(),
        }
    }

    fn is_goal(&self, state: StateId) -> bool {
        match self {
            CompiledMaze::Jumping(g) => g.is_goal(state),
        }
    }

    fn jump(&self, state: StateId) -> Option<u32> {
        match self {
            CompiledMaze::Jumping(g) => g.jump(state),
        }
    }

    fn successors(&self, acc: &mut Vec<Move>, state: StateId) {
        match self {
            CompiledMaze::Jumping(g) => g.successors(acc, state),
        }
    }

    fn state_name(&self, state: StateId) -> String {
        match self {
            CompiledMaze::Jumping(g) => g.state_name(state),
        }
    }
}
