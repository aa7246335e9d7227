//! The lock a batch holds on its output folder while it runs: a file created exclusively in
//! `--out` that says which process holds it, so that a second batch on the same folder
//! refuses with a clear message instead of racing the first (both would write the same
//! mazes, and their summaries over each other). Shards of one split (`--shard I/N`, one N)
//! write disjoint mazes and no summaries, so they cooperate: each holds its own lock, and
//! only a run of another kind (the whole batch, `--summarize`, a shard of another split) is
//! refused beside them.
//!
//! A lock whose process is gone (a batch killed by Ctrl-C or a crash leaves its lock behind)
//! is stale: on Linux `/proc/PID` tells, and the process's start time, read from
//! `/proc/PID/stat` and recorded in the lock, tells a process that merely got the old
//! process's id. A stale lock is taken over with a note on standard error. Where that cannot
//! be told (no `/proc`, or a lock written on another machine sharing the folder), the lock
//! counts as held and the message says how to remove it. The same test of a process tells
//! which temporary files a killed run left ([`remove_stale_temps`]), removed under the lock.

use std::fmt::Write as _;
use std::fs::OpenOptions;
use std::io::{ErrorKind, Write as _};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use crate::config::{Error, Shard};

/// The lock files' names: `.maze-batch.lock` for a whole batch (or `--summarize`),
/// `.maze-batch.shard-I-of-N.lock` for a shard.
const PREFIX: &str = ".maze-batch";
const SUFFIX: &str = ".lock";

/// A held lock; dropping it removes its file (at the end of the batch, on an error return
/// and while a panic unwinds).
#[derive(Debug)]
pub(crate) struct Lock {
    path: PathBuf,
    contents: String,
}

impl Drop for Lock {
    fn drop(&mut self) {
        crate::atomic::forget(&self.path);
        // Only if the file is still ours: a batch that wrongly took ours for stale has put
        // its own in its place.
        if std::fs::read_to_string(&self.path).is_ok_and(|c| c == self.contents) {
            let _ = std::fs::remove_file(&self.path);
        }
    }
}

/// The lock file's name for a run making `shard` (all of the batch when `None`).
fn file_name(shard: Option<Shard>) -> String {
    match shard {
        None => format!("{PREFIX}{SUFFIX}"),
        Some(s) => format!("{PREFIX}.shard-{}-of-{}{SUFFIX}", s.index, s.count),
    }
}

/// The split a lock file's name says its holder makes a shard of; `None` for a whole batch.
fn split_of(name: &str) -> Option<u64> {
    let middle = name.strip_prefix(PREFIX)?.strip_suffix(SUFFIX)?;
    let (_, count) = middle.strip_prefix(".shard-")?.split_once("-of-")?;
    count.parse().ok()
}

/// Takes the lock on `out` for a run making `shard` (all when `None`), taking over stale
/// locks; refuses while another batch that cannot run beside this one holds a lock there.
pub(crate) fn acquire(out: &Path, shard: Option<Shard>) -> Result<Lock, Error> {
    let path = out.join(file_name(shard));
    let contents = describe_self(shard);
    // A stale lock taken over may be taken over by another process at the same moment: the
    // exclusive creation decides, and the loser reads the winner's lock.
    for _ in 0..3 {
        match OpenOptions::new().write(true).create_new(true).open(&path) {
            Ok(mut file) => {
                if let Err(e) = file.write_all(contents.as_bytes()) {
                    let _ = std::fs::remove_file(&path);
                    return Err(Error::Io(format!(
                        "cannot write the lock file {}: {e}",
                        path.display()
                    )));
                }
                let lock = Lock {
                    path: path.clone(),
                    contents: contents.clone(),
                };
                crate::atomic::register(&path, Some(contents.clone()));
                // Created first and checked second, by every run: of two runs that cannot
                // share the folder, the later one to create its lock sees the other's.
                others(out, shard, &path)?;
                return Ok(lock);
            }
            Err(e) if e.kind() == ErrorKind::AlreadyExists => take_over_or_refuse(out, &path)?,
            Err(e) => {
                return Err(Error::Io(format!(
                    "cannot create the lock file {}: {e}",
                    path.display()
                )));
            }
        }
    }
    Err(Error::Locked(format!(
        "{}: other batches keep taking the lock {} at the same time as this one; run one \
         batch per folder",
        out.display(),
        path.display()
    )))
}

/// Checks the other lock files in `out` against a run making `shard`, whose own lock is
/// `own`: shards of one split run side by side, anything else is refused unless stale.
fn others(out: &Path, shard: Option<Shard>, own: &Path) -> Result<(), Error> {
    let entries = std::fs::read_dir(out)
        .map_err(|e| Error::Io(format!("cannot list {}: {e}", out.display())))?;
    let mut names: Vec<String> = entries
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(PREFIX) && n.ends_with(SUFFIX))
        .collect();
    names.sort();
    for name in names {
        let path = out.join(&name);
        if path == own {
            continue;
        }
        let cooperates = matches!((shard, split_of(&name)), (Some(s), Some(n)) if s.count == n);
        if !cooperates {
            take_over_or_refuse(out, &path)?;
        }
    }
    Ok(())
}

/// Another run's lock file at `path`: removed with a note when its process is gone, and
/// otherwise the refusal that names the folder and the process.
fn take_over_or_refuse(out: &Path, path: &Path) -> Result<(), Error> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        // Removed in the meantime: its batch ended.
        Err(e) if e.kind() == ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(Error::Io(format!("cannot read {}: {e}", path.display()))),
    };
    let holder = Holder::parse(&text);
    if let Some(h) = &holder
        && h.gone() == Some(true)
    {
        // Only the file read as stale: another run may have taken it over just now.
        if std::fs::read_to_string(path).is_ok_and(|t| t == text) {
            let _ = std::fs::remove_file(path);
        }
        // A standard error that cannot be written does not stop the batch.
        let _ = writeln!(
            std::io::stderr(),
            "note: took over the stale lock {}: process {} ({}, started {}) no longer runs; \
             its batch ended without removing the lock (Ctrl-C, a kill or a crash), so files \
             it was writing may be missing and are made again",
            path.display(),
            h.pid,
            h.part,
            h.started
        );
        return Ok(());
    }
    let who = match &holder {
        Some(h) => {
            let mut who = format!(
                "process {} on {} ({}, started {})",
                h.pid, h.host, h.part, h.started
            );
            if h.gone().is_none() {
                who.push_str(
                    "; whether it still runs cannot be told from here (another machine, or no \
                     /proc)",
                );
            }
            who
        }
        // Being written this very moment, or not a batch's lock.
        None => "a process its lock file does not name".to_string(),
    };
    Err(Error::Locked(format!(
        "{} is in use by another batch: {who}; its lock file is {}. Two batches writing into \
         one folder would make the same mazes and write their summaries over each other: \
         wait for it to end or write to another --out (shards of one split, --shard I/N with \
         the same N, may share a folder). If no batch is running there, remove {}.",
        out.display(),
        path.display(),
        path.display()
    )))
}

/// A lock's holder, as its file says.
struct Holder {
    pid: u32,
    host: String,
    /// The process's start time in clock ticks after boot (`/proc/PID/stat`), when known.
    process_start: Option<u64>,
    started: String,
    part: String,
}

impl Holder {
    fn parse(text: &str) -> Option<Holder> {
        let field = |key: &str| {
            text.lines()
                .find_map(|l| l.strip_prefix(key)?.strip_prefix(": "))
                .map(str::trim)
        };
        Some(Holder {
            pid: field("pid")?.parse().ok()?,
            host: field("host")?.to_string(),
            process_start: field("process_start").and_then(|s| s.parse().ok()),
            started: field("started").unwrap_or("at an unknown time").to_string(),
            part: field("part").unwrap_or("a batch").to_string(),
        })
    }

    /// Whether its process is gone: `Some(true)` when it no longer runs (or its id now
    /// belongs to a process started later), `Some(false)` when it runs, `None` when this
    /// machine cannot tell.
    fn gone(&self) -> Option<bool> {
        if self.host != host() || !Path::new("/proc/self/stat").exists() {
            return None;
        }
        match process_start(self.pid) {
            None => Some(true),
            Some(start) => Some(self.process_start.is_some_and(|s| s != start)),
        }
    }
}

/// Removes the temporary files ([`crate::write_atomic`]'s `.NAME.PID.COUNT.RANDOM.partial`) in `dir`
/// left by processes that no longer run: a job killed while writing (SIGKILL, a crash)
/// cannot remove its own. A temporary file of a running process (a shard beside this one,
/// a `maze generate --out` into the folder) is kept; where this machine cannot tell whether
/// a process runs (no `/proc`), every temporary file is kept. Returns how many were removed.
pub(crate) fn remove_stale_temps(dir: &Path) -> std::io::Result<usize> {
    if !Path::new("/proc/self/stat").exists() {
        return Ok(0);
    }
    let mut removed = 0;
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        let name = entry.file_name();
        let Some(pid) = name.to_str().and_then(crate::atomic::temp_owner) else {
            continue;
        };
        let running = pid == std::process::id() || process_start(pid).is_some();
        if !running && entry.file_type()?.is_file() {
            match std::fs::remove_file(entry.path()) {
                Ok(()) => removed += 1,
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                Err(e) => return Err(e),
            }
        }
    }
    Ok(removed)
}

/// This process's lock file.
fn describe_self(shard: Option<Shard>) -> String {
    let pid = std::process::id();
    let mut text = format!(
        "A maze batch is writing into this folder; another batch refuses to while this file \
         is here.\npid: {pid}\nhost: {}\nstarted: {}\npart: {}\n",
        host(),
        utc_now(),
        shard.map_or_else(|| "the whole batch".to_string(), |s| format!("shard {s}"))
    );
    if let Some(start) = process_start(pid) {
        let _ = writeln!(text, "process_start: {start}");
    }
    text
}

/// The machine's name (Linux), or `unknown`.
fn host() -> String {
    std::fs::read_to_string("/proc/sys/kernel/hostname")
        .map(|h| h.trim().to_string())
        .ok()
        .filter(|h| !h.is_empty())
        .unwrap_or_else(|| "unknown".to_string())
}

/// When process `pid` started, in clock ticks after boot (field 22 of `/proc/PID/stat`);
/// `None` when there is no such process (or no `/proc`).
fn process_start(pid: u32) -> Option<u64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command name (field 2) is in parentheses and may hold spaces or parentheses
    // itself: fields are counted after the last `)`, from field 3.
    let rest = &stat[stat.rfind(')')? + 1..];
    rest.split_whitespace().nth(22 - 3)?.parse().ok()
}

/// Now, as `2026-11-23 17:40:02 UTC`.
fn utc_now() -> String {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (days, time) = (secs / 86_400, secs % 86_400);
    // Days since 1970-01-01 to a civil date (Howard Hinnant's `civil_from_days`).
    let z = days as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02}:{:02} UTC",
        time / 3600,
        time / 60 % 60,
        time % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lock_names_say_which_split_a_shard_belongs_to() {
        assert_eq!(split_of(&file_name(None)), None);
        let shard = Shard { index: 2, count: 5 };
        assert_eq!(file_name(Some(shard)), ".maze-batch.shard-2-of-5.lock");
        assert_eq!(split_of(&file_name(Some(shard))), Some(5));
    }

    #[test]
    fn this_process_is_running_and_its_lock_reads_back() {
        let holder = Holder::parse(&describe_self(None)).unwrap();
        assert_eq!(holder.pid, std::process::id());
        assert_eq!(holder.part, "the whole batch");
        if Path::new("/proc/self/stat").exists() {
            assert!(holder.process_start.is_some());
            assert_eq!(holder.gone(), Some(false));
            // The same id with another start time: a process that merely reuses the id.
            let reused = Holder {
                process_start: holder.process_start.map(|s| s + 1),
                ..holder
            };
            assert_eq!(reused.gone(), Some(true));
        }
    }

    #[test]
    fn the_start_time_is_a_utc_date() {
        let now = utc_now();
        assert_eq!(now.len(), "2026-11-23 17:40:02 UTC".len(), "{now}");
        assert!(now.starts_with("20") && now.ends_with(" UTC"), "{now}");
    }
}
