//! Reading a maze file from disk: the CLI's only file input, with diagnostics for every failure.

use std::path::{Path, PathBuf};

use maze_variants::{CompiledMaze, Maze, MazeFile};
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

/// A maze read from a file and compiled.
pub(crate) struct Loaded {
    pub maze: Maze,
    pub compiled: CompiledMaze,
}

/// Reads, validates and compiles the maze file at `path`.
pub(crate) fn load(path: &Path) -> Result<Loaded, crate::Failure> {
    let maze = read_file(path)?.maze;
    let compiled = maze.compile();
    Ok(Loaded { maze, compiled })
}

/// Reads and validates the maze file at `path`, generation settings included.
pub(crate) fn read_file(path: &Path) -> Result<MazeFile, crate::Failure> {
    read_file_and_text(path).map(|(file, _)| file)
}

/// [`read_file`], with the file's text (what a generated maze's `variant_hash` is of).
pub(crate) fn read_file_and_text(path: &Path) -> Result<(MazeFile, String), crate::Failure> {
    let src = std::fs::read_to_string(path).map_err(|source| {
        Box::new(ReadError {
            path: path.to_path_buf(),
            source,
        })
    })?;
    let file = maze_variants::parse_file(&path.display().to_string(), &src)?;
    Ok((file, src))
}
