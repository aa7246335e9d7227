//! `cargo xtask gallery`: README-ready pictures of every bundled maze in `docs/gallery/`,
//! drawn by the render library, with an index page.

use std::fmt::Write;
use std::path::{Path, PathBuf};

use maze_render::Options;

use crate::paths::workspace_root;

/// Draw every bundled maze into docs/gallery/: plain, with its solution, with its depths.
///
/// Mazes: `variants/*.ron`, the worked examples in `tests/fixtures/worked/` and the
/// rendering fixtures in `tests/fixtures/render/`. Also writes `docs/gallery/README.md`,
/// an index of the pictures. A test fails while the committed gallery is stale.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Write nothing; fail if any picture or the index differs from what would be written.
    #[arg(long)]
    check: bool,
}

/// Where the gallery's mazes come from, relative to the workspace root.
const SOURCES: [&str; 3] = ["variants", "tests/fixtures/worked", "tests/fixtures/render"];

/// The pictures of each maze: file-name suffix, column heading, overlays.
const VIEWS: [(&str, &str, Options); 3] = [
    (
        "",
        "plain",
        Options {
            solution: false,
            depths: false,
        },
    ),
    (
        "-solution",
        "`--solution`",
        Options {
            solution: true,
            depths: false,
        },
    ),
    (
        "-depths",
        "`--depths`",
        Options {
            solution: false,
            depths: true,
        },
    ),
];

pub fn run(args: &Args) -> Result<(), String> {
    let root = workspace_root();
    let out_dir = root.join("docs/gallery");
    let mut files: Vec<(String, String)> = Vec::new();
    let mut index = String::from(
        "# Gallery\n\n\
         Every bundled maze as `maze render` draws it: plain, with `--solution` (the first \
         shortest solution: on a jumping maze each move's number on the cell it reaches, \
         with the moves listed beside the board; on a rolling block numbered arrows or \
         frames) and with `--depths` (fewest moves from the \
         start; hatched cells are unreachable). Regenerate with `cargo xtask gallery`; a test \
         fails while these files are stale.\n",
    );
    for source in maze_files(&root)? {
        let rel = source
            .strip_prefix(&root)
            .unwrap_or(&source)
            .display()
            .to_string();
        let text =
            std::fs::read_to_string(&source).map_err(|e| format!("cannot read {rel}: {e}"))?;
        let maze = maze_file::parse(&rel, &text).map_err(|e| e.one_line())?;
        let stem = source
            .file_stem()
            .and_then(|s| s.to_str())
            .ok_or_else(|| format!("{rel}: no file name"))?;
        let title = maze_render::scene(&maze, Options::default()).title;
        let _ = write!(
            index,
            "\n## {stem}\n\n{title}, from `{rel}`.\n\n| {} |\n|{}\n| ",
            VIEWS.map(|(_, heading, _)| heading).join(" | "),
            "---|".repeat(VIEWS.len())
        );
        for (suffix, heading, options) in VIEWS {
            let file = format!("{stem}{suffix}.svg");
            let _ = write!(index, "![{stem}, {}]({file}) | ", heading.trim_matches('`'));
            files.push((file, maze_render::svg(&maze, options)));
        }
        index.truncate(index.trim_end().len());
        index.push('\n');
    }
    files.push(("README.md".to_string(), index));
    if args.check {
        return check(&out_dir, &files);
    }
    std::fs::create_dir_all(&out_dir).map_err(|e| format!("cannot create docs/gallery: {e}"))?;
    for (name, text) in &files {
        std::fs::write(out_dir.join(name), text)
            .map_err(|e| format!("cannot write docs/gallery/{name}: {e}"))?;
    }
    println!("wrote {} files to docs/gallery", files.len());
    Ok(())
}

/// The `.ron` files of the source folders, folder by folder, sorted within each.
fn maze_files(root: &Path) -> Result<Vec<PathBuf>, String> {
    let mut files = Vec::new();
    for dir in SOURCES {
        let entries =
            std::fs::read_dir(root.join(dir)).map_err(|e| format!("cannot list {dir}: {e}"))?;
        let mut here = Vec::new();
        for entry in entries {
            let path = entry.map_err(|e| format!("cannot list {dir}: {e}"))?.path();
            if path.extension().is_some_and(|e| e == "ron") {
                here.push(path);
            }
        }
        here.sort();
        files.extend(here);
    }
    Ok(files)
}

fn check(out_dir: &Path, files: &[(String, String)]) -> Result<(), String> {
    let stale: Vec<&str> = files
        .iter()
        .filter(|(name, text)| {
            std::fs::read_to_string(out_dir.join(name)).ok().as_deref() != Some(text.as_str())
        })
        .map(|(name, _)| name.as_str())
        .collect();
    if stale.is_empty() {
        println!("docs/gallery is current ({} files)", files.len());
        Ok(())
    } else {
        Err(format!(
            "docs/gallery is stale ({}): run `cargo xtask gallery`",
            stale.join(", ")
        ))
    }
}
