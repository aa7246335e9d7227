//! The variant-neutral view every front end draws from: the one crate that knows every
//! variant's drawing, so that no front end (SVG, the terminal game, the CLI's text reports)
//! matches on a variant or a tiling.
//!
//! - [`Scene`] ([`mod@scene`]): what a picture shows, on the plane: cells with a kind, a label and
//!   glyphs, walls, marks, steps of the solution, depths. `maze-render` turns it into SVG.
//! - [`TextBoard`] ([`text_board`]): what a text board shows: each cell's short text, its
//!   place in rows and half-cell columns (hex rows shift by half a cell, triangles know up
//!   from down), a tone instead of a colour, walls as pairs of cells, legend entries, and for
//!   a state of play the dynamic parts (the player, bridges on and off, blocks, cubes, the
//!   selected mover). [`lay_out`] places it in columns; the terminal game styles the result
//!   and `maze analyze` prints it.
//! - [`caption()`]: the rules in words; [`jump_at`] and [`carried_at`]: the jump number and
//!   the registers carried at a state, for a status line.
//!
//! Each variant has one builder file (`jumping.rs`, `rolling.rs`) that builds both the scene
//! and the text board. The dispatches on the variant ([`scene()`], [`text_board`],
//! [`summary`], [`jump_grid`], [`jump_at`], [`carried_at`]) are here and in `status.rs`, and
//! nowhere in a front end.
#![deny(missing_docs)]

mod caption;
mod jumping;
mod rolling;
pub mod scene;
mod status;
mod text;
mod tiles;

use maze_variants::rolling::RollGraph;
use maze_variants::{CompiledMaze, Maze};

pub use caption::caption;
pub use scene::{GateView, Options, Plane, Scene};
pub use status::{carried_at, jump_at};
pub use text::{
    Entry, Glyph, Highlight, Laid, Now, TextBoard, TextCell, Tone, lay_out, position, wall_list,
};

/// The scene of any maze: the one place that knows every variant's picture.
pub fn scene(maze: &Maze, options: Options) -> Scene {
    let mut scene = match maze {
        Maze::Jumping(m) => jumping::scene(m, options),
        Maze::RollingBlock(m) => rolling::scene(m, options),
    };
    // On paper the solver picks a mover by pointing at it, not with a key.
    scene.rules = caption(maze, &|_| "the solver".to_string());
    scene
}

/// The text board of any maze: at a state of play when `now` is given, otherwise the board
/// as the file gives it (the blocks where they start). `compiled` is `maze` compiled.
pub fn text_board(maze: &Maze, compiled: &CompiledMaze, now: Option<Now>) -> TextBoard {
    match maze {
        Maze::Jumping(m) => jumping::text(m, compiled, now),
        Maze::RollingBlock(m) => match compiled {
            CompiledMaze::RollingBlock(g) => rolling::text(m, g, now),
            // A maze compiles into its own variant; were it not, compiling again is right.
            CompiledMaze::Jumping(_) => rolling::text(m, &RollGraph::new(m), now),
        },
    }
}

/// A one-line description of the maze for reports: variant, rules, size, start.
pub fn summary(maze: &Maze) -> String {
    match maze {
        Maze::Jumping(m) => jumping::summary(m),
        Maze::RollingBlock(m) => rolling::summary(m),
    }
}

/// The board's jump numbers as Neller's exercises print them (the goal as `0`), a row of
/// tokens per board row; `None` for a maze without jump numbers (rolling blocks).
pub fn jump_grid(maze: &Maze) -> Option<Vec<Vec<String>>> {
    match maze {
        Maze::Jumping(m) => Some(jumping::jump_grid(m)),
        Maze::RollingBlock(_) => None,
    }
}
