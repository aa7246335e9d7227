//! Pictures of mazes and exports of their state graphs.
//!
//! - [`svg()`]: a maze as an SVG picture (cells with their numbers and a glyph per cell
//!   attribute, walls, start and goal, a legend of what is present, optionally the solution
//!   and depth shading).
//! - [`dot`] and [`json`]: a state graph as Graphviz DOT or JSON, with each state's role.
//! - [`analysis()`]: a maze's analysis as one serializable object (`maze analyze --json`).
//!
//! Pictures go through the variant-neutral [`Scene`] of `maze-view`, which says what each
//! variant's cells show (jumping mazes; rolling blocks with Bloxorz bridges, switches, split
//! targets and several blocks); [`draw`] turns any scene into SVG on the square, hex or
//! triangle tiling, and nothing here knows a variant. A jumping solution is drawn as a
//! badge on every cell a move reaches, listing those moves, beside a move list; a solution
//! that a scene tells move by move and that would not stay readable on one board (bridges
//! turning, a block splitting, long answers) is drawn as numbered frames, each beside its part
//! of the move list. Everything here is deterministic: the same maze gives the same bytes.
#![deny(missing_docs)]

mod analysis;
mod dot;
mod draw;
pub mod geometry;
mod json;
mod palette;
mod roles;

use maze_variants::Maze;

pub use analysis::{Analysis, analysis, analysis_given, warnings};
pub use dot::dot;
pub use draw::draw;
pub use json::json;
pub use maze_view::{Options, Scene, scene};
pub use roles::{StateRole, roles};

/// A maze as an SVG document.
pub fn svg(maze: &Maze, options: Options) -> String {
    draw(&scene(maze, options))
}

/// A maze as an SVG document whose title names the puzzle's `id` (a generated maze's ID,
/// which a reader types to find or make it again).
pub fn svg_with_id(maze: &Maze, options: Options, id: &str) -> String {
    let mut scene = scene(maze, options);
    scene.title = format!("{} · {id}", scene.title);
    draw(&scene)
}
