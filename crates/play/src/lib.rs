//! Play mode: a person solves a maze of any variant in the terminal, to feel it before it is
//! published.
//!
//! - [`Game`]: the pure game model (position, history, key -> outcome and message); no
//!   terminal, so tests drive it key by key.
//! - [`Keymap`]: which key does what, shown on screen; in a rolling-block maze with split
//!   cubes or several blocks the player picks which one rolls ([`Movers`]).
//! - [`draw`]: the whole screen as a ratatui frame, for any backend (tests use
//!   `TestBackend`).
//! - [`run`]: the event loop over any backend and event source; [`play_in_terminal`] runs it on
//!   the real terminal and restores the terminal on every way out.
#![deny(missing_docs)]

mod board;
mod explain;
mod game;
mod keymap;
mod ui;

use std::io::{self, IsTerminal};

use ratatui::Terminal;
use ratatui::backend::Backend;
use ratatui::crossterm::event::{self, Event};

pub use game::{Flow, Game, Message, Step, Tone};
pub use keymap::{Command, Keymap, Movers};
pub use ui::draw;

/// Plays `game` on `terminal`, taking events from `next_event`, until the player quits.
///
/// Every event is followed by a redraw, so a resize needs no special case. A failing event
/// source or backend ends the loop with its error.
pub fn run<B>(
    terminal: &mut Terminal<B>,
    game: &mut Game,
    mut next_event: impl FnMut() -> io::Result<Event>,
) -> io::Result<()>
where
    B: Backend,
    B::Error: Send + Sync + 'static,
{
    loop {
        terminal
            .draw(|frame| draw(frame, game))
            .map_err(io::Error::other)?;
        if let Event::Key(key) = next_event()?
            && game.press(key) == Flow::Quit
        {
            return Ok(());
        }
    }
}

/// Plays `game` in the real terminal (raw mode, alternate screen) and restores the terminal
/// however the game ends: quit, Ctrl-C (a key in raw mode), an error, or a panic (ratatui's
/// init installs a panic hook that restores the terminal before the panic is reported).
pub fn play_in_terminal(game: &mut Game) -> io::Result<()> {
    if !io::stdout().is_terminal() {
        return Err(io::Error::other(
            "standard output is not a terminal: play mode draws on an interactive terminal",
        ));
    }
    let mut terminal = match ratatui::try_init() {
        Ok(terminal) => terminal,
        Err(e) => {
            // Raw mode may already be on when a later step of the set-up failed.
            ratatui::restore();
            return Err(e);
        }
    };
    let _restore = RestoreOnDrop;
    run(&mut terminal, game, event::read)
}

/// Restores the terminal when dropped: on return and on `?`.
struct RestoreOnDrop;

impl Drop for RestoreOnDrop {
    fn drop(&mut self) {
        // While unwinding, the panic hook has restored the terminal already; leaving the
        // alternate screen twice would restore a saved cursor over the panic message.
        if !std::thread::panicking() {
            ratatui::restore();
        }
    }
}
