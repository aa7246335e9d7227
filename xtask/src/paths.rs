//! Where the workspace and its build output are, for every task that reads or writes them.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The workspace's root folder (xtask's parent).
pub(crate) fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map_or_else(|| PathBuf::from("."), Path::to_path_buf)
}

/// Cargo's target folder: `CARGO_TARGET_DIR` when set, else `target/` in the workspace.
pub(crate) fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map_or_else(|| workspace_root().join("target"), PathBuf::from)
}

/// Builds the release `maze` binary and returns its path.
pub(crate) fn maze_binary() -> Result<PathBuf, String> {
    let status = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
        .args(["build", "--release", "--quiet", "-p", "maze-cli"])
        .current_dir(workspace_root())
        .status()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    if !status.success() {
        return Err("cargo build --release -p maze-cli failed".into());
    }
    Ok(target_dir().join("release").join("maze"))
}
