//! Maze rule variants and the text of a maze (the maze file's reader is `maze-file`).
//!
//! - [`tiling`]: square, hex and triangle tilings, their directions and walks.
//! - [`board`]: jumping-maze cells and boards.
//! - [`jumping`]: the jumping-maze rules (rook, queen, torus, walls, blocked cells, holes,
//!   void, exit goals, no-U-turn) compiled into a [`maze_graph::Rules`] implementation.
//! - [`rolling`]: rolling-block mazes (cuboid blocks on floor, no floor, fragile floor,
//!   bridges and switches, split cubes) compiled into a [`maze_graph::Rules`] implementation.
//! - [`maze`]: a maze of any variant, written as the maze part of a maze file.
//! - [`symmetry`]: a maze's rotations and reflections, and its canonical text under them.
#![deny(missing_docs)]

mod asked;
pub mod board;
mod compiled;
pub mod jumping;
mod limit;
pub mod maze;
pub mod problem;
pub mod rolling;
pub mod rules;
pub mod symmetry;
mod text;
pub mod tiling;
pub mod walker;

pub use asked::Movers;
pub use board::{Attr, Board, Cell, Kind, Piece, Tag, Turn};
pub use compiled::CompiledMaze;
pub use jumping::{Change, JumpGraph, JumpingMaze, Landings, Superset, SupersetShape};
pub use limit::{StateLimit, check_cells};
pub use maze::{Maze, write, write_with};
pub use problem::{Problem, RulePart, RuleProblem, Where};
pub use rolling::walker as roll_walker;
pub use rolling::{
    BLOCKS_DIRECTIONS, Footprint, ROLL_DIRECTIONS, RollingBlockMaze, RollingBlockRules,
    RollingBoard, SPLIT_DIRECTIONS, SwitchKind, Tile,
};
pub use rolling::{RollGraph, StateView};
pub use rules::{GoalKind, JumpRules, RuleSet};
pub use text::{one_line, ron_options};
pub use tiling::{Coord, MoveSet, Tiling};
