//! Pictures of mazes and exports of their state graphs.
//!
//! - [`svg`]: a maze as an SVG picture (cells with their numbers and a glyph per cell
//!   attribute, walls, start and goal, a legend of what is present, optionally the solution
//!   as numbered arrows and depth shading).
//! - [`dot`] and [`json`]: a state graph as Graphviz DOT or JSON, with each state's role.
//!
//! Pictures go through a variant-neutral [`Scene`]: each variant only says what its cells
//! show ([`jumping::scene`] for jumping mazes, [`rolling::scene`] for rolling blocks, with
//! Bloxorz bridges, switches, split targets and several blocks), and [`draw`] turns any
//! scene into SVG on the square, hex or triangle tiling. A solution that a scene tells move
//! by move and that would not stay readable on one board (bridges turning, a block
//! splitting, long answers) is drawn as numbered frames, each beside its part of the move
//! list. Everything here is deterministic: the same maze gives the same bytes.
#![deny(missing_docs)]

mod answer;
mod dot;
mod draw;
pub mod geometry;
mod json;
pub mod jumping;
mod palette;
mod roles;
pub mod rolling;
pub mod scene;

use maze_variants::Maze;

pub use dot::dot;
pub use draw::draw;
pub use json::json;
pub use roles::{StateRole, roles};
pub use scene::Scene;

/// Which overlays a picture shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// The first shortest solution as numbered arrows.
    pub solution: bool,
    /// Cells shaded by their distance from the start, with a legend.
    pub depths: bool,
}

/// The scene of any maze: the one place that knows every variant.
pub fn scene(maze: &Maze, options: Options) -> Scene {
    match maze {
        Maze::Jumping(m) => jumping::scene(m, options),
        Maze::RollingBlock(m) => rolling::scene(m, options),
    }
}

/// A maze as an SVG document.
pub fn svg(maze: &Maze, options: Options) -> String {
    draw(&scene(maze, options))
}
