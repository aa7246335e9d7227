//! `maze play`: playtest a maze in the terminal (the game itself lives in `maze-play`).

use std::path::PathBuf;

use maze::play::Game;
use miette::Diagnostic;
use thiserror::Error;

use crate::load::load;

/// Play a maze in the terminal, to feel it before publishing it.
///
/// Shows the board, where you stand, what you carry (a rule's registers), the legal moves and
/// a move counter. Move with the arrows or letters shown on screen (square: w a s d, diagonals
/// i o k l; hex and triangle: d e w a z x; knight leaps t y f j c m v n; the keypad digits
/// everywhere). Where a move may stop anywhere along a ray (arrow and link mazes), a direction
/// key aims at the nearest landing, pressing it again aims further, Enter or Space moves, Esc
/// cancels the aim. u undoes, r restarts, h hints the next move of a shortest path, q or
/// Ctrl-C quits. A refused move is explained in the words of the rules. At the goal you see
/// your moves against the optimum.
///
/// Rolling blocks with split cubes or several blocks: the arrow keys and w a s d roll the
/// selected cube or block; Tab and Shift-Tab select the next or previous one and the digits
/// 1-4 select one by number (so the keypad digits select there instead of rolling).
/// Selecting is free: it is not a move. Bridges are drawn on (=) or off (-) as they are now.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The maze file (RON).
    file: PathBuf,
    #[command(flatten)]
    limit: crate::load::Limit,
}

/// The terminal could not be used or failed while playing.
#[derive(Debug, Error, Diagnostic)]
#[error("play mode failed")]
#[diagnostic(
    code(maze::terminal),
    help("`maze play` needs an interactive terminal; `maze solve` prints the solution instead")
)]
struct TerminalError {
    source: std::io::Error,
}

impl Args {
    pub(crate) fn run(self) -> Result<(), crate::failure::Failure> {
        let loaded = load(&self.file, self.limit)?;
        let title = self.file.file_name().map_or_else(
            || self.file.display().to_string(),
            |name| name.to_string_lossy().into_owned(),
        );
        let mut game = Game::compiled_as(title, loaded.maze, loaded.compiled);
        maze::play::play_in_terminal(&mut game)
            .map_err(|source| Box::new(TerminalError { source }))?;
        // The terminal is restored by now, so this lands in the shell's scrollback.
        crate::output::emit(None, &format!("{}\n", game.summary()))
    }
}
