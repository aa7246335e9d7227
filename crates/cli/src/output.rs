//! Writing a subcommand's text to a file or to standard output, with a diagnostic on failure.

use std::io::Write;
use std::path::{Path, PathBuf};

use miette::Diagnostic;
use thiserror::Error;

/// An output file that could not be written.
#[derive(Debug, Error, Diagnostic)]
#[error("cannot write `{path}`: {source}")]
#[diagnostic(code(maze::io), help("check that the folder exists and is writable"))]
pub(crate) struct WriteError {
    path: PathBuf,
    source: std::io::Error,
}

/// Writes `text` to `path`, or to standard output when there is none. Every subcommand
/// prints through here: standard output closed by its reader (`maze generate | head`) is
/// [`crate::Failure::Closed`], which ends the command quietly, not a panic or an error.
pub(crate) fn emit(path: Option<&Path>, text: &str) -> Result<(), crate::Failure> {
    let result = match path {
        Some(path) => write_atomic(path, text.as_bytes()),
        None => {
            let mut out = std::io::stdout().lock();
            out.write_all(text.as_bytes()).and_then(|()| out.flush())
        }
    };
    result.map_err(|source| {
        if path.is_none() && source.kind() == std::io::ErrorKind::BrokenPipe {
            return crate::Failure::Closed;
        }
        Box::new(WriteError {
            path: path.map_or_else(|| PathBuf::from("<stdout>"), Path::to_path_buf),
            source,
        })
        .into()
    })
}

/// Writes `bytes` to `path` so that `path` only ever holds a whole file: first into a
/// temporary file beside it (hidden, named after this process, created exclusively so an
/// existing file or link of that name is never written through), then renamed over `path`.
/// An interrupted run (Ctrl-C) leaves at most that hidden temporary file.
pub(crate) fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let name = path
        .file_name()
        .ok_or_else(|| std::io::Error::other("no file name"))?;
    let temp = path.with_file_name(format!(
        ".{}.{}.partial",
        name.to_string_lossy(),
        std::process::id()
    ));
    // Someone else's file of that name is left alone: only a temporary file this call made
    // is removed on failure.
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&temp)?;
    let written = file
        .write_all(bytes)
        .and_then(|()| file.sync_all())
        .and_then(|()| std::fs::rename(&temp, path));
    if written.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    written
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("maze-output-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn an_atomic_write_leaves_the_whole_file_and_nothing_else() {
        let dir = scratch("whole");
        let path = dir.join("m.ron");
        std::fs::write(&path, "old").unwrap();
        write_atomic(&path, b"new contents").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new contents");
        assert_eq!(names(&dir), ["m.ron"]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn an_atomic_write_never_writes_through_a_planted_temporary_name() {
        let dir = scratch("planted");
        let path = dir.join("m.ron");
        let temp = dir.join(format!(".m.ron.{}.partial", std::process::id()));
        std::fs::write(&temp, "someone else's").unwrap();
        assert!(write_atomic(&path, b"mine").is_err());
        assert_eq!(std::fs::read_to_string(&temp).unwrap(), "someone else's");
        assert!(!path.exists());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
