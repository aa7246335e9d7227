//! Whole-file writes: a file is either absent, its old contents or its new contents, never a
//! half-written file, and never written through a file or link someone else put in its way.
//! Shared by the batch and `maze generate` (through [`write_atomic`]).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Temporary names tried before giving up: each is unique to this process and call, so a
/// clash means someone plants names on purpose (or a bug), not bad luck.
const ATTEMPTS: u32 = 64;

/// Tells this process's temporary files apart (two threads of one batch writing into one
/// folder).
static COUNTER: AtomicU64 = AtomicU64::new(0);

/// Writes `bytes` to `path` so that `path` only ever holds a whole file: first into a new
/// temporary file beside it (a rename within one folder is atomic), then renamed over
/// `path`. The temporary file is hidden and named after the target, this process, a counter
/// and a random number (`.m.ron.1234.0.9f3a….partial`), and created exclusively: an existing
/// file or symbolic link of that name is never written through, followed or removed, and
/// another name is tried instead. So two processes (two batches on one folder, a batch and
/// `maze generate`) never share a temporary file. Only a temporary file this call created is
/// removed on failure; an interrupted run (Ctrl-C, a killed job) leaves at most its hidden
/// temporary file, which no later run removes as it cannot tell it was its own. The data is
/// synced before the rename, so a crash of the machine leaves the old or the new file.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let (mut file, temp) = create_temp(path)?;
    let written = file
        .write_all(bytes)
        .and_then(|()| file.sync_all())
        .and_then(|()| std::fs::rename(&temp, path));
    if written.is_err() {
        // Ours: `create_temp` made it.
        let _ = std::fs::remove_file(&temp);
    }
    written
}

/// Creates a new temporary file for `path`, under a name no file had.
fn create_temp(path: &Path) -> std::io::Result<(std::fs::File, PathBuf)> {
    let name = path.file_name().ok_or_else(|| {
        std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            format!("{} names no file", path.display()),
        )
    })?;
    let name = name.to_string_lossy();
    let pid = std::process::id();
    for _ in 0..ATTEMPTS {
        let count = COUNTER.fetch_add(1, Ordering::Relaxed);
        let random: u64 = rand::random();
        let temp = path.with_file_name(format!(".{name}.{pid}.{count}.{random:016x}.partial"));
        // `create_new` fails on any existing entry, a dangling symbolic link included, and
        // never follows one.
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temp)
        {
            Ok(file) => return Ok((file, temp)),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
            Err(e) => return Err(e),
        }
    }
    Err(std::io::Error::new(
        std::io::ErrorKind::AlreadyExists,
        format!(
            "{ATTEMPTS} temporary names for {} were all taken",
            path.display()
        ),
    ))
}
