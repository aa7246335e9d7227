//! The variant-neutral view every front end draws from: the one crate that knows every
//! variant's drawing, so that no front end (SVG, the terminal game, the CLI's text reports)
//! matches on a variant or a tiling.
//!
//! - [`Scene`] ([`mod@scene`]): what a picture shows, on the plane: cells with a kind, a label and
//!   glyphs, walls, marks, steps of the solution, depths. `maze-render` turns it into SVG.
//! - [`TextBoard`] ([`text`]): what a text board shows: each cell's short text, its place in
//!   rows and half-cell columns (hex rows shift by half a cell, triangles know up from down),
//!   a tone instead of a colour, walls as pairs of cells, legend entries, and for a state of
//!   play the dynamic parts (the player, bridges on and off, blocks, cubes, the selected
//!   mover). [`text::lay_out`] places it in columns; the terminal game styles the result and
//!   `maze analyze` prints it.
//! - [`mod@caption`]: the rules in words; [`status`]: the jump number and the registers carried
//!   at a state, for a status line.
//!
//! Each variant has one builder file: [`jumping`] and [`rolling`] build both the scene and the
//! text board. The dispatches on the variant ([`scene()`], [`text::board`], [`text::summary`],
//! [`text::jump_grid`], [`status`]) are here and nowhere in a front end.
#![deny(missing_docs)]

pub mod caption;
pub mod jumping;
pub mod rolling;
pub mod scene;
pub mod status;
pub mod text;

use maze_variants::Maze;

pub use caption::caption;
pub use scene::{Plane, Scene};
pub use text::TextBoard;

/// Which overlays a picture shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// The first shortest solution as numbered arrows.
    pub solution: bool,
    /// Cells shaded by their distance from the start, with a legend.
    pub depths: bool,
}

/// The scene of any maze: the one place that knows every variant's picture.
pub fn scene(maze: &Maze, options: Options) -> Scene {
    match maze {
        Maze::Jumping(m) => jumping::scene(m, options),
        Maze::RollingBlock(m) => rolling::scene(m, options),
    }
}
