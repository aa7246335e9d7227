//! Maze rule variants and the text of a maze (the maze file's reader is `maze-file`).
//!
//! - [`tiling`]: square, hex and triangle tilings, their directions and walks.
//! - [`board`]: jumping-maze cells and boards.
//! - [`jumping`]: the jumping-maze rules (rook, queen, torus, walls, blocked cells, holes,
//!   void, exit goals, no-U-turn) compiled into a [`maze_graph::Rules`] implementation.
//! - [`rolling`]: rolling-block mazes (cuboid blocks on floor, no floor, fragile floor,
//!   bridges and switches, split cubes) compiled into a [`maze_graph::Rules`] implementation.
//! - [`rules`]: the rule model of jumping mazes: what a file writes ([`JumpRules`]), its
//!   compiled form ([`RuleSet`], built only by [`JumpRules::compile`]) and its evaluator.
//! - [`walker`], [`roll_walker`]: the reference walkers, slow and plain, that the engines are
//!   tested against and that explain why a move is refused.
//! - [`symmetry`]: a maze's rotations and reflections, and its canonical text under them.
//!
//! A maze of any variant is a [`Maze`], written by [`write()`]; what is wrong with one is a
//! [`Problem`] at a [`Where`]. The word engine of `maze-gen` reads a [`JumpGraph`]'s
//! superset through the [`Superset`] trait.
#![deny(missing_docs)]

mod asked;
pub mod board;
mod compiled;
pub mod jumping;
mod limit;
mod maze;
mod pairs;
mod problem;
pub mod rolling;
pub mod rules;
pub mod symmetry;
mod text;
pub mod tiling;
pub mod walker;

pub use asked::Movers;
pub use board::{Attr, Board, Cell, Gate, Kind, Passage, Piece, Tag, Turn};
pub use compiled::CompiledMaze;
pub use jumping::{Change, JumpGraph, JumpingMaze, Landings, Superset, SupersetShape};
pub use limit::{MOVES_PER_STATE, StateLimit, check_cells};
pub use maze::{Maze, write, write_with};
pub use problem::{Problem, RulePart, RuleProblem, Where};
pub use rolling::walker as roll_walker;
pub use rolling::{
    BLOCKS_DIRECTIONS, Bears, Footprint, ROLL_DIRECTIONS, RollingBlockMaze, RollingBlockRules,
    RollingBoard, SPLIT_DIRECTIONS, SwitchKind, TILES, Tile, TileGene, TileGlyph, TileInfo,
};
pub use rolling::{RollGraph, StateView};
pub use rules::{GoalKind, JumpRules, RuleSet};
pub use text::{inert, one_line, ron_options};
pub use tiling::{Coord, MoveSet, Tiling};
