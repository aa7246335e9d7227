//! Where the workspace and its build output are, for every task that reads or writes them.

use std::path::{Path, PathBuf};

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
