//! `maze studio`: the browser workbench (the server and its page live in `maze-studio`).

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::time::Duration;

use miette::Diagnostic;
use thiserror::Error;

/// Open maze files in a browser workbench: edit with live diagnostics, the board, the rules in
/// words, features, grade and the `check` verdict, the state graph drawn, what each edit
/// changed, play, generation and comparison.
///
/// Starts a local web server and prints `listening on http://127.0.0.1:PORT/` as its first
/// line; everything the page needs is in this binary, so it works offline. Ctrl-C stops it.
/// It writes only to the files it opened (when you save from the page, atomically) and, for
/// generated mazes, to the folder given with --out. The JSON API the page uses is documented
/// in docs/STUDIO.md.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The maze files (RON) to open.
    #[arg(value_name = "FILE")]
    files: Vec<PathBuf>,
    /// The port on loopback; 0 picks a free one.
    #[arg(long, default_value_t = 7878)]
    port: u16,
    /// Listen on this address instead of loopback (for example 0.0.0.0:7878): anyone who can
    /// reach it can read and save the opened files.
    #[arg(long, value_name = "ADDR", conflicts_with = "port")]
    listen: Option<SocketAddr>,
    /// Do not open a browser on the page.
    #[arg(long)]
    no_open: bool,
    /// The folder generated mazes are written to (the only place besides the opened files
    /// where the studio writes).
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
    /// The time one request's engine work may take, and one generated maze's search, in
    /// seconds.
    #[arg(long, default_value_t = 10.0, value_name = "SECONDS")]
    budget: f64,
    /// Refuse mazes that may have more states than this, before building anything (default
    /// 2000000 in the studio).
    #[arg(long, value_name = "STATES")]
    state_limit: Option<maze::variants::StateLimit>,
}

/// The studio could not start or failed.
#[derive(Debug, Error, Diagnostic)]
#[error(transparent)]
#[diagnostic(code(maze::studio))]
struct StudioError(maze_studio::Error);

impl Args {
    pub(crate) fn run(self) -> Result<(), crate::Failure> {
        let listen = self
            .listen
            .unwrap_or_else(|| SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), self.port));
        let mut config = maze_studio::Config::new(self.files, listen.port());
        config.listen = listen;
        config.open = !self.no_open;
        config.out = self.out;
        if self.budget.is_finite() && self.budget > 0.0 {
            config.budget = Duration::from_secs_f64(self.budget.min(3600.0));
        }
        if let Some(limit) = self.state_limit {
            config.state_limit = limit;
        }
        maze_studio::run(config).map_err(|e| Box::new(StudioError(e)).into())
    }
}
