//! Writing a subcommand's text to a file or to standard output, with a diagnostic on failure.

use std::io::Write;
use std::path::{Path, PathBuf};

use miette::Diagnostic;
use thiserror::Error;

/// An output file that could not be written.
#[derive(Debug, Error, Diagnostic)]
#[error("cannot write `{path}`: {source}")]
#[diagnostic(code(maze::io))]
pub(crate) struct WriteError {
    path: PathBuf,
    source: std::io::Error,
    #[help]
    help: &'static str,
}

/// Writes `text` to `path`, or to standard output when there is none. Every subcommand
/// prints through here: standard output closed by its reader (`maze generate | head`) is
/// [`crate::failure::Failure::Closed`], which ends the command quietly, not a panic or an error.
pub(crate) fn emit(path: Option<&Path>, text: &str) -> Result<(), crate::failure::Failure> {
    let result = match path {
        Some(path) => write_atomic(path, text.as_bytes()),
        None => {
            let mut out = std::io::stdout().lock();
            out.write_all(text.as_bytes()).and_then(|()| out.flush())
        }
    };
    result.map_err(|source| failure(path, source))
}

/// [`emit`] to standard output of a text written piece by piece by `write`, so that a
/// large output (`maze analyze --json` of a large maze) is never held whole in memory.
pub(crate) fn emit_stream(
    // A buffer of a known type, not `dyn Write`: a serializer writes in many small pieces,
    // each then a copy into the buffer rather than a call through a table.
    write: impl FnOnce(&mut std::io::BufWriter<std::io::StdoutLock<'static>>) -> std::io::Result<()>,
) -> Result<(), crate::failure::Failure> {
    let mut out = std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
    write(&mut out)
        .and_then(|()| out.flush())
        .map_err(|source| failure(None, source))
}

/// The failure of writing to `path` (standard output when `None`).
fn failure(path: Option<&Path>, source: std::io::Error) -> crate::failure::Failure {
    if path.is_none() && source.kind() == std::io::ErrorKind::BrokenPipe {
        return crate::failure::Failure::Closed;
    }
    let help = match (path, source.kind()) {
        (None, _) => {
            "standard output took no more text (a full disk, or a device such as /dev/full)"
        }
        (Some(_), std::io::ErrorKind::InvalidInput) => {
            "maze never replaces a folder, a device, a FIFO or a socket by a file"
        }
        (Some(_), _) => "check that the folder exists and is writable",
    };
    Box::new(WriteError {
        path: path.map_or_else(|| PathBuf::from("<stdout>"), Path::to_path_buf),
        source,
        help,
    })
    .into()
}

/// The project's one whole-file write (a temporary file created exclusively under a name
/// unique to the process, then renamed), shared with `maze batch`.
pub(crate) use maze::batch::write_atomic;

/// Writes `text` to standard error, where diagnostics, notes and progress go. A standard
/// error that cannot be written (closed, or `2>/dev/full`) is ignored: there is nowhere left
/// to say so, and the command still ends with the exit status of what it did.
pub(crate) fn say(text: &str) {
    let mut err = std::io::stderr().lock();
    let _ = err.write_all(text.as_bytes()).and_then(|()| err.flush());
}
