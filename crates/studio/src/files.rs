//! The files open in the studio: their text as on disk, saving (atomically, and only to an
//! opened file or into the folder named for generated mazes), watching them for saves by
//! other editors, and each file's last valid and saved versions for "what changed".

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard};

use notify::Watcher;
use serde_json::{Value, json};
use tokio::sync::watch;

use crate::analysis::Digest;

/// One open file.
#[derive(Debug)]
pub(crate) struct OpenFile {
    /// Its number in this studio.
    pub id: usize,
    /// What the page calls it (the file name).
    pub name: String,
    /// Where it lives; `None` for a generated maze not saved yet.
    pub path: Option<PathBuf>,
    /// Its text as last read from or written to disk (for a new file, as created).
    pub disk: String,
    /// Bumped whenever `disk` changes.
    pub version: u64,
    /// The digest of the last valid version analysed for the page.
    pub last_valid: Option<Digest>,
    /// The digest of `disk`, once computed, with the version it is of.
    pub saved: Option<(u64, Option<Digest>)>,
}

/// Why a save was refused or failed.
#[derive(Debug, thiserror::Error)]
pub(crate) enum SaveError {
    #[error("no open file has the id {0}")]
    NoSuchFile(usize),
    #[error(
        "this maze has no file yet, and no folder was named for generated mazes: start the studio with --out FOLDER to save them"
    )]
    NoFolder,
    #[error(
        "`{0}` is not a plain file name: generated mazes are saved under their own name in the --out folder"
    )]
    BadName(String),
    #[error("cannot write `{path}`: {source}")]
    Write {
        path: String,
        source: std::io::Error,
    },
}

/// The open files, and a counter the change feed waits on.
pub(crate) struct Files {
    files: Mutex<Vec<OpenFile>>,
    out: Option<PathBuf>,
    changed: watch::Sender<u64>,
}

impl Files {
    /// Opens `paths` (each read now) with `out` as the folder for generated mazes.
    pub(crate) fn open(paths: &[PathBuf], out: Option<PathBuf>) -> Result<Files, crate::Error> {
        let mut files = Vec::new();
        for (id, path) in paths.iter().enumerate() {
            let bytes = std::fs::read(path).map_err(|source| crate::Error::Read {
                path: path.clone(),
                source,
            })?;
            let disk = maze::file::decode(&path.display().to_string(), &bytes)
                .map_err(|e| crate::Error::NotText(e.to_string()))?
                .to_string();
            // The absolute path, so that the watcher's events (absolute) match.
            let path = std::path::absolute(path).unwrap_or_else(|_| path.clone());
            files.push(OpenFile {
                id,
                name: file_name(&path),
                path: Some(path),
                disk,
                version: 0,
                last_valid: None,
                saved: None,
            });
        }
        if let Some(out) = &out
            && !out.is_dir()
        {
            return Err(crate::Error::Out(out.clone()));
        }
        Ok(Files {
            files: Mutex::new(files),
            out,
            changed: watch::channel(0).0,
        })
    }

    /// The files, locked (a poisoned lock still holds consistent data: every writer
    /// replaces whole fields).
    pub(crate) fn lock(&self) -> MutexGuard<'_, Vec<OpenFile>> {
        self.files
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Whether a folder for generated mazes was named.
    pub(crate) fn out(&self) -> Option<&Path> {
        self.out.as_deref()
    }

    /// Every file as the page lists it.
    pub(crate) fn list(&self) -> Value {
        let files: Vec<Value> = self.lock().iter().map(describe).collect();
        json!({
            "files": files,
            "out": self.out.is_some(),
            "version": *self.changed.borrow(),
        })
    }

    /// A receiver of the change counter, for the change feed.
    pub(crate) fn subscribe(&self) -> watch::Receiver<u64> {
        self.changed.subscribe()
    }

    /// The change counter now.
    pub(crate) fn version(&self) -> u64 {
        *self.changed.borrow()
    }

    /// Opens a new file that is not on disk yet (a generated maze), named `name`.
    pub(crate) fn create(&self, name: &str, text: &str) -> Result<Value, SaveError> {
        let name = plain_name(name)?;
        let mut files = self.lock();
        let id = files.len();
        files.push(OpenFile {
            id,
            name,
            path: None,
            disk: text.to_string(),
            version: 0,
            last_valid: None,
            saved: None,
        });
        let described = describe(&files[id]);
        drop(files);
        self.changed.send_modify(|v| *v += 1);
        Ok(described)
    }

    /// Saves `text` as file `id`, atomically: a new file goes into the folder for generated
    /// mazes.
    pub(crate) fn save(&self, id: usize, text: &str) -> Result<Value, SaveError> {
        let target = {
            let files = self.lock();
            let file = files.get(id).ok_or(SaveError::NoSuchFile(id))?;
            match &file.path {
                Some(path) => path.clone(),
                None => self
                    .out
                    .as_ref()
                    .ok_or(SaveError::NoFolder)?
                    .join(&file.name),
            }
        };
        maze::batch::write_atomic(&target, text.as_bytes()).map_err(|source| SaveError::Write {
            path: file_name(&target),
            source,
        })?;
        let mut files = self.lock();
        let file = files.get_mut(id).ok_or(SaveError::NoSuchFile(id))?;
        let path = std::path::absolute(&target).unwrap_or(target);
        file.path = Some(path);
        if file.disk != text {
            file.disk = text.to_string();
            file.version += 1;
        }
        Ok(describe(file))
    }

    /// Reads `path` again after a change on disk; the page hears of it when the text differs
    /// from what the studio last read or wrote (so its own saves are not news).
    pub(crate) fn reload(&self, path: &Path) {
        let Some(text) = read_settled(path) else {
            // Mid-rename or deleted: the next event reads it again.
            return;
        };
        let mut files = self.lock();
        let mut news = false;
        for file in files.iter_mut() {
            if file.path.as_deref() == Some(path) && file.disk != text {
                file.disk = text.clone();
                file.version += 1;
                news = true;
            }
        }
        drop(files);
        if news {
            self.changed.send_modify(|v| *v += 1);
        }
    }

    /// Watches the folders of the open files (an editor that saves by renaming replaces the
    /// file, so the folder is what sees it) and reads a file again when it changes.
    pub(crate) fn watch(self: &Arc<Files>) -> Option<notify::RecommendedWatcher> {
        let (events, received) = std::sync::mpsc::channel::<notify::Result<notify::Event>>();
        let mut watcher = notify::recommended_watcher(events).ok()?;
        let files = Arc::clone(self);
        // An editor that writes in place truncates first: a file read at the first event
        // may be empty, so events are gathered for a moment and each path read once after.
        std::thread::spawn(move || {
            while let Ok(first) = received.recv() {
                std::thread::sleep(SETTLE);
                let mut paths: Vec<PathBuf> = Vec::new();
                for event in std::iter::once(first).chain(received.try_iter()).flatten() {
                    paths.extend(event.paths);
                }
                paths.sort();
                paths.dedup();
                for path in &paths {
                    files.reload(path);
                }
            }
        });
        let mut folders: Vec<PathBuf> = self
            .lock()
            .iter()
            .filter_map(|f| f.path.as_ref()?.parent().map(Path::to_path_buf))
            .collect();
        folders.sort();
        folders.dedup();
        for folder in folders {
            let _ = watcher.watch(&folder, notify::RecursiveMode::NonRecursive);
        }
        Some(watcher)
    }
}

/// How long a burst of file events is gathered before the files are read again.
const SETTLE: std::time::Duration = std::time::Duration::from_millis(60);

/// How many times an empty file is read again before the studio takes it as empty.
const EMPTY_READS: u32 = 8;

/// Reads a file another editor may be writing in place. Such an editor truncates the file
/// first, so an empty read is taken only when the file stays empty for several settling
/// times; otherwise the page would show one empty version between two real ones.
/// A file saved as another encoding is shown with U+FFFD where its bad bytes are, so the
/// page's diagnostic points at them instead of the page silently keeping the old text.
fn read_settled(path: &Path) -> Option<String> {
    for _ in 0..EMPTY_READS {
        let text = String::from_utf8_lossy(&std::fs::read(path).ok()?).into_owned();
        if !text.is_empty() {
            return Some(text);
        }
        std::thread::sleep(SETTLE);
    }
    Some(String::new())
}

fn describe(file: &OpenFile) -> Value {
    json!({
        "id": file.id,
        "name": file.name,
        "on_disk": file.path.is_some(),
        "text": file.disk,
        "version": file.version,
    })
}

fn file_name(path: &Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

/// A generated maze's file name: one plain component ending in `.ron`, so a save cannot
/// leave the folder named for it.
fn plain_name(name: &str) -> Result<String, SaveError> {
    let ok = !name.is_empty()
        && name.len() <= 200
        && name.ends_with(".ron")
        && !name.starts_with('.')
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'));
    if ok {
        Ok(name.to_string())
    } else {
        Err(SaveError::BadName(name.to_string()))
    }
}
