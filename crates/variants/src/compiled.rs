//! Any maze compiled into its rules: one type the generic tools (features, CLI, generator)
//! hold whatever the variant.

use maze_features::RollingBlockWeights;
use maze_graph::{Directions, Move, Rules, StateId};

use crate::board::Cell;
use crate::jumping::{JumpGraph, JumpingMaze};
use crate::limit::{StateLimit, built_past};
use crate::maze::Maze;
use crate::problem::Problem;
use crate::rolling::RollingBlockMaze;
use crate::rolling::graph::RollGraph;
use crate::tiling::Coord;

/// A maze of any variant, compiled for move generation.
// One value per maze, never stored in bulk: boxing the larger engine would only add a
// pointer hop to every call.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub enum CompiledMaze {
    /// A jumping maze.
    Jumping(JumpGraph),
    /// A rolling-block maze.
    RollingBlock(RollGraph),
}

impl Maze {
    /// Compiles the maze into its rules.
    pub fn compile(&self) -> CompiledMaze {
        match self {
            Maze::Jumping(m) => CompiledMaze::Jumping(JumpGraph::new(m)),
            Maze::RollingBlock(m) => CompiledMaze::RollingBlock(RollGraph::new(m)),
        }
    }

    /// Compiles the maze, counting its states and moves as they are made and stopping once
    /// they are more than `limit` allows: what a command that builds a whole graph calls,
    /// so that no estimate that proves loose can exhaust the memory.
    pub fn compile_within(&self, limit: StateLimit) -> Result<CompiledMaze, Problem> {
        match self {
            Maze::Jumping(m) => jumping_within(m, m.board.cells.clone(), limit),
            Maze::RollingBlock(m) => rolling_within(m, limit),
        }
    }

    /// [`Maze::compile_within`] for a caller that needs only the compiled maze: the board
    /// moves into the engine instead of being copied, so that it is never held twice.
    pub fn into_compiled_within(self, limit: StateLimit) -> Result<CompiledMaze, Problem> {
        match self {
            Maze::Jumping(mut m) => {
                let cells = std::mem::take(&mut m.board.cells);
                jumping_within(&m, cells, limit)
            }
            Maze::RollingBlock(m) => rolling_within(&m, limit),
        }
    }

    /// Obstacles on the board, the `blocks` feature.
    pub fn blocks(&self) -> usize {
        match self {
            Maze::Jumping(m) => m.blocks(),
            Maze::RollingBlock(m) => m.blocks(),
        }
    }

    /// Board size `(rows, cols)`.
    pub fn size(&self) -> (usize, usize) {
        match self {
            Maze::Jumping(m) => (m.board.rows, m.board.cols),
            Maze::RollingBlock(m) => (m.board.rows, m.board.cols),
        }
    }

    /// The weights of the `RollingBlock` score, for rolling-block mazes.
    pub fn rolling_block_weights(&self) -> Option<&RollingBlockWeights> {
        match self {
            Maze::Jumping(_) => None,
            Maze::RollingBlock(m) => Some(&m.rules.weights),
        }
    }
}

fn jumping_within(
    m: &JumpingMaze,
    cells: Vec<Cell>,
    limit: StateLimit,
) -> Result<CompiledMaze, Problem> {
    match JumpGraph::within(m, cells, limit) {
        Ok(g) => Ok(CompiledMaze::Jumping(g)),
        Err((states, moves)) => Err(built_past(states, moves, limit)),
    }
}

fn rolling_within(m: &RollingBlockMaze, limit: StateLimit) -> Result<CompiledMaze, Problem> {
    match RollGraph::within(m, limit) {
        Ok(g) => Ok(CompiledMaze::RollingBlock(g)),
        Err((states, moves)) => Err(built_past(states as u64, moves as u64, limit)),
    }
}

impl CompiledMaze {
    /// The board cell a state stands on (a block's top-left footprint cell), if any.
    pub fn state_cell(&self, state: StateId) -> Option<Coord> {
        match self {
            CompiledMaze::Jumping(g) => g.state_cell(state),
            CompiledMaze::RollingBlock(g) => Some(g.state_cell(state)),
        }
    }

    /// The teleport a move ending on `state` came through, when it did: the partner of the
    /// teleport the mover stands on (a move lands on a teleport only to end on its partner,
    /// so a move ending on one came through the other).
    pub fn teleport_entry(&self, state: StateId) -> Option<Coord> {
        match self {
            CompiledMaze::Jumping(g) => g.teleport_entry(state),
            CompiledMaze::RollingBlock(g) => g.teleport_entry(state),
        }
    }

    /// Cells from which no move is possible although they are not the goal (none for rolling
    /// blocks, whose moves depend on the orientation, not on a cell).
    pub fn dead_end_cells(&self) -> Vec<Coord> {
        match self {
            CompiledMaze::Jumping(g) => g.dead_end_cells(),
            CompiledMaze::RollingBlock(_) => Vec::new(),
        }
    }

    /// [`CompiledMaze::dead_end_cells`], told by `stuck` which states have no move (as a
    /// flat graph of these rules says, faster than finding every state's moves again).
    pub fn dead_end_cells_where(&self, stuck: impl Fn(StateId) -> bool) -> Vec<Coord> {
        match self {
            CompiledMaze::Jumping(g) => g.dead_end_cells_where(stuck),
            CompiledMaze::RollingBlock(_) => Vec::new(),
        }
    }
}

impl Rules for CompiledMaze {
    fn directions(&self) -> &'static Directions {
        match self {
            CompiledMaze::Jumping(g) => g.directions(),
            CompiledMaze::RollingBlock(g) => g.directions(),
        }
    }

    fn n_states(&self) -> usize {
        match self {
            CompiledMaze::Jumping(g) => g.n_states(),
            CompiledMaze::RollingBlock(g) => g.n_states(),
        }
    }

    fn start(&self) -> StateId {
        match self {
            CompiledMaze::Jumping(g) => g.start(),
            CompiledMaze::RollingBlock(g) => g.start(),
        }
    }

    fn is_goal(&self, state: StateId) -> bool {
        match self {
            CompiledMaze::Jumping(g) => g.is_goal(state),
            CompiledMaze::RollingBlock(g) => g.is_goal(state),
        }
    }

    fn jump(&self, state: StateId) -> Option<u32> {
        match self {
            CompiledMaze::Jumping(g) => g.jump(state),
            CompiledMaze::RollingBlock(_) => None,
        }
    }

    fn max_successors(&self) -> usize {
        match self {
            CompiledMaze::Jumping(g) => g.max_successors(),
            CompiledMaze::RollingBlock(g) => g.max_successors(),
        }
    }

    fn successors(&self, acc: &mut Vec<Move>, state: StateId) {
        match self {
            CompiledMaze::Jumping(g) => g.successors(acc, state),
            CompiledMaze::RollingBlock(g) => g.successors(acc, state),
        }
    }

    fn mechanic(&self, from: StateId, mv: Move) -> bool {
        match self {
            CompiledMaze::Jumping(g) => g.mechanic(from, mv),
            CompiledMaze::RollingBlock(g) => g.mechanic(from, mv),
        }
    }

    fn state_name(&self, state: StateId) -> String {
        match self {
            CompiledMaze::Jumping(g) => g.state_name(state),
            CompiledMaze::RollingBlock(g) => g.state_name(state),
        }
    }
}
