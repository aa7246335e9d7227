//! Maze rule variants and their file format.
//!
//! - [`tiling`]: square, hex and triangle tilings, their directions and walks.
//! - [`board`]: jumping-maze cells and boards.
//! - [`jumping`]: the jumping-maze rules (rook, queen, torus, walls, blocked cells, holes,
//!   void, exit goals, no-U-turn) compiled into a [`maze_graph::Rules`] implementation.
//! - [`rolling`]: rolling-block mazes (cuboid blocks on floor, no floor, fragile floor,
//!   bridges and switches, split cubes) compiled into a [`maze_graph::Rules`] implementation.
//! - [`file`]: the RON maze file, read with diagnostics that point into the file.
//! - [`generate`]: the file's generation settings, validated, and a generated file's provenance.
//! - [`symmetry`]: a maze's rotations and reflections, and its canonical text under them.
#![deny(missing_docs)]

mod asked;
pub mod board;
mod compiled;
pub mod file;
pub mod generate;
pub mod jumping;
mod limit;
mod located;
mod roll_graph;
pub mod roll_walker;
pub mod rolling;
pub mod rules;
mod shown;
pub mod symmetry;
pub mod tiling;
pub mod walker;

pub use asked::Movers;
pub use board::{Attr, Board, Cell, Kind, Piece, Tag, Turn};
pub use compiled::CompiledMaze;
pub use file::{Maze, MazeFile, SpecError, parse, parse_file, parse_file_with, write, write_file};
pub use generate::{Generate, Provenance, Template};
pub use jumping::{Change, Coord, GoalKind, JumpGraph, JumpRules, JumpingMaze, SupersetShape};
pub use limit::{ReadLimits, StateLimit};
pub use rolling::{Footprint, RollGraph, RollingBlockMaze, RollingBlockRules, RollingBoard, Tile};
pub use rules::{RulePart, RuleSet};
pub use tiling::{MoveSet, Tiling};
