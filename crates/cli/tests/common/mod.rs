//! Helpers the CLI test files share: running the `maze` binary from the repository root and
//! reading its output, and scratch files under the target directory.
// Each test file uses only some of these.
#![allow(dead_code, clippy::unwrap_used)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Runs `maze` with `args` from the repository root.
pub(crate) fn maze(args: &[&str]) -> Output {
    maze_in(&root(), args)
}

/// Runs `maze` with `args` in `dir`.
pub(crate) fn maze_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_maze"))
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap()
}

/// The repository root.
pub(crate) fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A run's standard output as text.
pub(crate) fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// A run's standard error as text.
pub(crate) fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Writes `src` to a fresh file under the target directory and returns its path.
pub(crate) fn temp_file(name: &str, src: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli-tests");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, src).unwrap();
    path
}

/// An empty directory `group/name` under the target directory.
pub(crate) fn temp_dir(group: &str, name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(group)
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Every file under `dir` by its path relative to `dir`, with its bytes.
pub(crate) fn tree(dir: &Path) -> std::collections::BTreeMap<PathBuf, Vec<u8>> {
    walkdir::WalkDir::new(dir)
        .into_iter()
        .map(|e| e.unwrap())
        .filter(|e| e.file_type().is_file())
        .map(|e| {
            let relative = e.path().strip_prefix(dir).unwrap().to_path_buf();
            (relative, std::fs::read(e.path()).unwrap())
        })
        .collect()
}
