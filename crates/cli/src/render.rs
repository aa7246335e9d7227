//! `maze render`: a maze as an SVG picture.

use std::path::PathBuf;

use maze::render::Options;

use crate::load::load;
use crate::output::emit;

/// Draw a maze as SVG: cells with their jump numbers, walls, start (green) and goal (gold).
///
/// Square, hex and triangle boards; blocked cells, holes, void cells (not drawn), a dashed
/// frame for a torus and an EXIT frame for an exit goal. Writes to standard output unless
/// `-o` is given.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The maze file (RON).
    file: PathBuf,
    /// Write the SVG to this file instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
    /// Show the shortest solution: each move's number on the cell it reaches, with the moves
    /// listed beside the board (rolling blocks: numbered arrows, or frames for a long answer).
    #[arg(long)]
    solution: bool,
    /// Shade cells by their distance from the start (fewest moves), with a legend.
    #[arg(long)]
    depths: bool,
    #[command(flatten)]
    limit: crate::load::Limit,
}

impl Args {
    pub(crate) fn run(self) -> Result<(), crate::failure::Failure> {
        let loaded = load(&self.file, self.limit)?;
        let options = Options {
            solution: self.solution,
            depths: self.depths,
        };
        emit(
            self.output.as_deref(),
            &maze::render::svg(&loaded.maze, options),
        )
    }
}
