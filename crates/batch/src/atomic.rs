//! Whole-file writes: a file is either absent, its old contents or its new contents, never a
//! half-written file, and never written through a file or link someone else put in its way.
//! Shared by the batch and `maze generate` (through [`write_atomic`]).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

/// Temporary names tried before giving up: each is unique to this process and call, so a
/// clash means someone plants names on purpose (or a bug), not bad luck.
const ATTEMPTS: u32 = 64;

/// Files this process made and removes if it is interrupted: temporary files being written
/// (`None`), and a batch's lock with the contents that show it is still ours. Files are
/// created and registered under this lock, so an interruption that holds it sees them all.
static LIVE: Mutex<Vec<(PathBuf, Option<String>)>> = Mutex::new(Vec::new());

/// The files registered in [`LIVE`], even if a thread panicked while holding it.
fn live() -> std::sync::MutexGuard<'static, Vec<(PathBuf, Option<String>)>> {
    LIVE.lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Registers `path` for removal on interruption (a lock file: only while it holds
/// `contents`).
pub(crate) fn register(path: &Path, contents: Option<String>) {
    live().push((path.to_path_buf(), contents));
}

/// Forgets `path` (written under its name, removed, or released).
pub(crate) fn forget(path: &Path) {
    live().retain(|(p, _)| p != path);
}

/// On Ctrl-C (SIGINT) or SIGTERM, removes every temporary file this process is writing and
/// the lock of a batch it runs, then exits with status 130: an interrupted `maze generate
/// --out` or batch leaves only whole files under their own names, and no lock behind. Call
/// once, at the start of a command that writes files.
pub fn clean_up_on_interrupt() {
    #[cfg(unix)]
    {
        use signal_hook::consts::{SIGINT, SIGTERM};
        let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM]) else {
            return;
        };
        std::thread::spawn(move || {
            if signals.forever().next().is_some() {
                // Held until the process ends: no file is created after the clean-up.
                let files = live();
                for (path, contents) in files.iter() {
                    let ours = contents
                        .as_ref()
                        .is_none_or(|c| std::fs::read_to_string(path).is_ok_and(|now| now == *c));
                    if ours {
                        let _ = std::fs::remove_file(path);
                    }
                }
                std::process::exit(130);
            }
        });
    }
}

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
/// removed on failure; Ctrl-C removes it too when the command called
/// [`clean_up_on_interrupt`], and a killed job (SIGKILL) leaves at most its hidden temporary
/// file, which the next batch on the folder removes (a process that is gone cannot finish
/// it). The data is synced before the rename, so a crash of the machine leaves the old or
/// the new file.
///
/// Only a new path or a regular file is ever replaced: a path that exists as anything else
/// (a folder, a device such as `/dev/full`, a FIFO, a socket, or a symbolic link to one) is
/// refused with an error of kind [`std::io::ErrorKind::InvalidInput`] that says what it is,
/// and left as it was. A symbolic link to a regular file is replaced by the new file, not
/// written through.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    refuse_special(path)?;
    let (mut file, temp) = create_temp(path)?;
    let written = file
        .write_all(bytes)
        .and_then(|()| file.sync_all())
        .and_then(|()| std::fs::rename(&temp, path));
    if written.is_err() {
        // Ours: `create_temp` made it.
        let _ = std::fs::remove_file(&temp);
    }
    forget(&temp);
    written
}

/// Refuses an existing `path` that is not a regular file (or a symbolic link to one, or a
/// dangling one): renaming over it would replace a folder's entry, a device node or a FIFO
/// with a plain file.
fn refuse_special(path: &Path) -> std::io::Result<()> {
    let found = match std::fs::symlink_metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(e),
        Ok(m) if m.file_type().is_symlink() => match std::fs::metadata(path) {
            // A dangling link, or a link to a file: the link itself is replaced.
            Err(_) => return Ok(()),
            Ok(target) => target.file_type(),
        },
        Ok(m) => m.file_type(),
    };
    if found.is_file() {
        return Ok(());
    }
    Err(std::io::Error::new(
        std::io::ErrorKind::InvalidInput,
        format!("it is {}, not a regular file", kind_of(found)),
    ))
}

/// What a file type is, in words (`a folder`, `a character device`, ...).
fn kind_of(t: std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_char_device() {
            return "a character device";
        }
        if t.is_block_device() {
            return "a block device";
        }
        if t.is_fifo() {
            return "a FIFO (named pipe)";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    if t.is_dir() {
        "a folder"
    } else {
        "not a regular file"
    }
}

/// The process that made a temporary file named `name`, if it is one of [`write_atomic`]'s
/// (`.NAME.PID.COUNT.RANDOM.partial`, NAME possibly holding dots).
pub(crate) fn temp_owner(name: &str) -> Option<u32> {
    let rest = name.strip_prefix('.')?.strip_suffix(".partial")?;
    let mut fields = rest.rsplitn(4, '.');
    let random = fields.next()?;
    let count = fields.next()?;
    let pid = fields.next()?;
    let target = fields.next()?;
    let hex = random.len() == 16 && random.bytes().all(|b| b.is_ascii_hexdigit());
    let counted = !count.is_empty() && count.bytes().all(|b| b.is_ascii_digit());
    (hex && counted && !target.is_empty())
        .then(|| pid.parse().ok())
        .flatten()
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
        let mut files = live();
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temp)
        {
            Ok(file) => {
                files.push((temp.clone(), None));
                return Ok((file, temp));
            }
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
