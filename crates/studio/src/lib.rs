//! The maze studio: a local HTTP server and one embedded page, a browser workbench for maze
//! rule designers, run by `maze studio [FILE...]`.
//!
//! The studio is a front end over the facade crate `maze`, as the CLI is: every view it
//! shows (the board picture, the rules in words, features, grade, the `maze check` verdict,
//! the state graph, play, generation, comparison) is computed by the library's functions.
//!
//! - [`Config`]: what to serve (files, address, the state limit and the time budget).
//! - [`start`]: binds the address and serves in the background ([`Running`]); tests use it
//!   with port 0.
//! - [`run`]: what `maze studio` does: start, print `listening on http://ADDR/`, open a
//!   browser unless told not to, and stop cleanly on Ctrl-C.
//!
//! The JSON API the page uses is documented in `docs/STUDIO.md`.

mod analysis;
mod changes;
mod files;
mod graph;
mod guard;
mod jobs;
mod play;
mod server;

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::time::Duration;

use maze::variants::StateLimit;
use thiserror::Error;

/// The state limit the studio reads files under unless told otherwise: a tenth of the CLI's,
/// since a page re-analyses on every edit and must stay responsive.
pub const DEFAULT_STATE_LIMIT: u64 = 2_000_000;

/// How long one request's engine work may take unless told otherwise.
pub const DEFAULT_BUDGET: Duration = Duration::from_secs(10);

/// What the studio serves and how.
#[derive(Clone, Debug)]
pub struct Config {
    /// The maze files opened at start (each may be edited and saved from the page).
    pub files: Vec<PathBuf>,
    /// The address to listen on: loopback unless the user names another.
    pub listen: SocketAddr,
    /// Whether to open a browser on the page.
    pub open: bool,
    /// The folder generated mazes are written to, if the user names one: with the opened
    /// files, the only place the studio writes.
    pub out: Option<PathBuf>,
    /// Files whose state estimate exceeds this are refused before anything is built.
    pub state_limit: StateLimit,
    /// The time one request's engine work may take; a generation's per maze.
    pub budget: Duration,
}

impl Config {
    /// A configuration serving `files` on loopback at `port` (0: a free port), not opening a
    /// browser, with the default limits.
    pub fn new(files: Vec<PathBuf>, port: u16) -> Config {
        Config {
            files,
            listen: SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), port),
            open: false,
            out: None,
            state_limit: StateLimit::new(DEFAULT_STATE_LIMIT).unwrap_or_default(),
            budget: DEFAULT_BUDGET,
        }
    }
}

/// Why the studio could not start or stopped with an error.
#[derive(Debug, Error)]
pub enum Error {
    /// The address could not be bound (in use, or not an address of this machine).
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        /// The address asked for.
        addr: SocketAddr,
        /// Why.
        source: std::io::Error,
    },
    /// A file given on the command line could not be read.
    #[error("cannot read `{path}`: {source}")]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A file given on the command line is not UTF-8 text: where its first bad byte is.
    #[error("{0}")]
    NotText(String),
    /// The folder for generated mazes is not a folder.
    #[error("`{0}` is not a folder: --out names the folder generated mazes are written to")]
    Out(PathBuf),
    /// The async runtime could not start, or serving failed.
    #[error("the server failed: {0}")]
    Serve(std::io::Error),
}

/// A studio serving in the background.
pub struct Running {
    addr: SocketAddr,
    stop: tokio::sync::watch::Sender<bool>,
    task: tokio::task::JoinHandle<Result<(), Error>>,
}

impl Running {
    /// The address it listens on (with the port picked when 0 was asked for).
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The page's address.
    pub fn url(&self) -> String {
        format!("http://{}/", self.addr)
    }

    /// Stops serving: open requests (a waiting change feed included) are answered or
    /// dropped, running generations are cancelled, and this returns when the server is down.
    pub async fn stop(self) -> Result<(), Error> {
        let _ = self.stop.send(true);
        self.task
            .await
            .map_err(|e| Error::Serve(std::io::Error::other(e)))?
    }

    /// Waits until the server stops by itself (it does not, short of an error) or `signal`
    /// completes, then stops it.
    pub async fn until(self, signal: impl std::future::Future<Output = ()>) -> Result<(), Error> {
        signal.await;
        self.stop().await
    }
}

/// Binds `config.listen` and serves the studio in the background of the current tokio
/// runtime.
pub async fn start(config: Config) -> Result<Running, Error> {
    server::start(config).await
}

/// Writes `text` to a standard stream, ignoring a stream that is closed or full.
fn say(stream: &mut impl std::io::Write, text: &str) {
    let _ = stream
        .write_all(text.as_bytes())
        .and_then(|()| stream.flush());
}

/// `maze studio`: starts the studio, prints `listening on http://ADDR/` as the first line of
/// standard output, opens a browser unless `config.open` is false, and serves until Ctrl-C.
pub fn run(config: Config) -> Result<(), Error> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(Error::Serve)?;
    let served = runtime.block_on(async move {
        let open = config.open;
        let running = start(config).await?;
        let url = running.url();
        // Neither stream may end the server: a closed or full one is ignored.
        say(&mut std::io::stdout(), &format!("listening on {url}\n"));
        say(
            &mut std::io::stderr(),
            &format!("the maze studio: open {url} in a browser; Ctrl-C stops it\n"),
        );
        if open {
            open_browser(&url);
        }
        running
            .until(async {
                // A failing signal handler leaves Ctrl-C's default, which ends the process.
                let _ = tokio::signal::ctrl_c().await;
            })
            .await?;
        Ok(())
    });
    // A search still running on the blocking pool is abandoned rather than waited for.
    runtime.shutdown_timeout(std::time::Duration::from_millis(200));
    if served.is_ok() {
        say(&mut std::io::stderr(), "the maze studio stopped\n");
    }
    served
}

/// Asks the desktop to open `url`; a machine without one (a server, CI) just has the printed
/// address, so failures are ignored.
fn open_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(windows) {
        "explorer"
    } else {
        "xdg-open"
    };
    let _ = std::process::Command::new(opener)
        .arg(url)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn();
}
