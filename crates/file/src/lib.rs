//! The RON maze file: reading, with diagnostics that point at the line and column of every
//! problem, and writing.
//!
//! The reader sits above the rule model (`maze-variants`) and the generator (`maze-gen`): it
//! reads the maze, then checks a `generate: (...)` section against it once, into the
//! [`maze_gen::Settings`] the generator takes, so that generating from a file read here
//! cannot fail on its settings.
//!
//! ```
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let src = r#"Maze(
//!     rules: Jumping(tiling: Square, moves: Rook),
//!     board: ["2 1 1", "1 1 1", "1 1 G"],
//!     start: (0, 0),
//!     generate: (search: HillDescent(iterations: 200)),
//! )"#;
//! let file = maze_file::parse_file("tiny.ron", src)?;
//! let settings = file.generate.as_ref().ok_or("no settings")?;
//! let seed = maze_gen::item_seed(7, "tiny", 0);
//! let outcome = maze_gen::generate(settings, None, seed, &mut |_| {})?;
//! assert_eq!(outcome.iterations, 200);
//! # Ok(())
//! # }
//! ```
#![deny(missing_docs)]

mod check;
mod file;
mod located;
mod shown;

pub use check::unpublishable;
pub use file::{
    MazeFile, ReadLimits, SpecError, compile_within, decode, into_compiled_within, locate, parse,
    parse_file, parse_file_for_use, parse_file_with, write_file,
};
