//! Reading a maze file from disk: the CLI's only file input, with diagnostics for every failure.

use std::path::{Path, PathBuf};

use maze::file::{MazeFile, ReadLimits};
use maze::variants::{CompiledMaze, Maze, StateLimit};
use miette::Diagnostic;
use thiserror::Error;

/// A maze file that could not be opened.
#[derive(Debug, Error, Diagnostic)]
#[error("cannot read maze file `{path}`")]
#[diagnostic(
    code(maze::io),
    help("check the path; bundled examples are in variants/")
)]
pub(crate) struct ReadError {
    path: PathBuf,
    source: std::io::Error,
}

/// `--state-limit`, shared by every command that builds a state graph.
#[derive(Clone, Copy, Debug, clap::Args)]
pub(crate) struct Limit {
    /// Refuse mazes that may have more states than this, or more than 8 moves per state of
    /// it, before building anything; while building, stop there (default 20000000 states
    /// and 160000000 moves: an analysis takes about 122 bytes a state and 15 a move, about
    /// 4 GB for a rook maze at the limit, 5 GB at most). For `generate` it also replaces
    /// the limit on generated boards (by default the file's `state_limit` setting, or 2000000). The
    /// estimate counts every register value on every cell a move can land on, or every
    /// placement of the blocks times the settings of the bridges switches change; moves
    /// count every cell of a ray of `length: Any`, and four rolls per block.
    #[arg(long, value_name = "STATES")]
    pub state_limit: Option<StateLimit>,
}

impl Limit {
    /// The limits a file is read under.
    pub(crate) fn read_limits(self) -> ReadLimits {
        self.state_limit
            .map_or_else(ReadLimits::default, ReadLimits::both)
    }
}

/// A maze read from a file and compiled.
pub(crate) struct Loaded {
    pub maze: Maze,
    pub compiled: CompiledMaze,
}

/// Reads, validates and compiles the maze file at `path`, for a command that does not
/// generate: a problem in its `generate` section is a warning ([`load_file`]).
pub(crate) fn load(path: &Path, limit: Limit) -> Result<Loaded, crate::failure::Failure> {
    let (file, compiled, _) = load_file(path, limit)?;
    Ok(Loaded {
        maze: file.maze,
        compiled,
    })
}

/// [`load`] for a command that needs only the compiled maze: the board moves into the
/// engine, so that it is never held twice.
pub(crate) fn load_compiled(
    path: &Path,
    limit: Limit,
) -> Result<CompiledMaze, crate::failure::Failure> {
    let src = read_text(path)?;
    let (file, _) = parse_for_use(path, &src, limit)?;
    Ok(maze::file::into_compiled_within(
        &path.display().to_string(),
        &src,
        file.maze,
        limit.state_limit.unwrap_or_default(),
    )?)
}

/// Reads, validates and compiles the maze file at `path` for a command that does not
/// generate. The `generate` section is not what it uses, so a problem there is printed as a
/// warning on standard error, returned as one line, and the file's `generate` is `None`. A
/// graph that grows past the state limit while it is built is a diagnostic at the board.
pub(crate) fn load_file(
    path: &Path,
    limit: Limit,
) -> Result<(MazeFile, CompiledMaze, Option<String>), crate::failure::Failure> {
    let src = read_text(path)?;
    let (file, warning) = parse_for_use(path, &src, limit)?;
    let compiled = maze::file::compile_within(
        &path.display().to_string(),
        &src,
        &file.maze,
        limit.state_limit.unwrap_or_default(),
    )?;
    Ok((file, compiled, warning))
}

/// Reads and validates the text `src` of the maze file at `path`, the `generate` section's
/// problem a warning ([`load_file`]).
pub(crate) fn parse_for_use(
    path: &Path,
    src: &str,
    limit: Limit,
) -> Result<(MazeFile, Option<String>), crate::failure::Failure> {
    let (file, problem) =
        maze::file::parse_file_for_use(&path.display().to_string(), src, limit.read_limits())?;
    let warning = problem.map(|p| {
        let line = format!(
            "the `generate` section is ignored here (only `maze generate` reads it): {}",
            p.one_line()
        );
        crate::output::say(&format!("warning: {line}\n{:?}\n", miette::Report::new(*p)));
        line
    });
    Ok((file, warning))
}

/// The text of the file at `path`; a file that is not UTF-8 is refused at its first bad byte.
pub(crate) fn read_text(path: &Path) -> Result<String, crate::failure::Failure> {
    let bytes = std::fs::read(path).map_err(|source| {
        Box::new(ReadError {
            path: path.to_path_buf(),
            source,
        })
    })?;
    // Text keeps the buffer it was read into; only bad bytes need the diagnostic.
    match String::from_utf8(bytes) {
        Ok(text) => Ok(text),
        Err(e) => {
            let src = maze::file::decode(&path.display().to_string(), e.as_bytes())?;
            Ok(src.to_string())
        }
    }
}

/// Reads and validates the maze file at `path`, generation settings included, with the
/// file's text (what a generated maze's `variant_hash` is of).
pub(crate) fn read_file_and_text(
    path: &Path,
    limit: Limit,
) -> Result<(MazeFile, String), crate::failure::Failure> {
    let src = read_text(path)?;
    let file = maze::file::parse_file_with(&path.display().to_string(), &src, limit.read_limits())?;
    Ok((file, src))
}
