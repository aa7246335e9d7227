//! `maze print`: maze files and batch folders as one print-ready PDF book, through the
//! `maze-print` crate; this module finds the files, in order, and reads them.

use std::path::{Path, PathBuf};

use miette::Diagnostic;
use thiserror::Error;

use crate::load::{Limit, read_file_and_text};

/// Print maze files and batch folders as a PDF book: the puzzles several to a page, each with
/// its ID, its rules in words (as `maze play` shows them), its grade and its number of moves,
/// every page numbered, then (with --answers) the answers in the same order.
///
/// A FILE is a maze file (RON). A folder of `maze batch` (one variant's, with its
/// summary.json) prints its accepted mazes in the batch's order; a batch's output folder
/// prints each variant folder in the batch's order; any other folder prints its maze files
/// (not the .rejected.ron ones) in name order, numbers compared as numbers. A generated
/// maze is named by its ID (`maze generate --id` makes it again), any other by its file's
/// name.
///
/// The text and the pictures are vectors, set in DejaVu fonts embedded in the PDF. A board
/// is never printed with cells under 7 mm (the diameter of a cell's inner circle: room for
/// a pencil): a page holds fewer puzzles than --per-page when its boards would be smaller.
///
/// Example: `maze batch variants/rook.ron --count 12 --out book` then `maze print book/rook
/// --per-page 4 --answers -o rook.pdf`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// Maze files and folders, printed in the order given.
    #[arg(required = true, value_name = "FILE_OR_FOLDER")]
    files: Vec<PathBuf>,
    /// The PDF to write.
    #[arg(short, long, value_name = "FILE")]
    output: PathBuf,
    /// The paper size: a4 or letter.
    #[arg(long, default_value = "a4", value_parser = parse_paper)]
    paper: maze::print::Paper,
    /// Puzzles to a page, at most (1 to 12).
    #[arg(long, default_value_t = 4, value_name = "N")]
    per_page: usize,
    /// Add the answers after the puzzles, in the same order.
    #[arg(long)]
    answers: bool,
    /// The book's title, on its first page.
    #[arg(long, default_value = "Logic mazes")]
    title: String,
    /// Print nothing on success.
    #[arg(long, short)]
    quiet: bool,
    #[command(flatten)]
    limit: Limit,
}

fn parse_paper(s: &str) -> Result<maze::print::Paper, String> {
    s.parse()
}

/// A folder that cannot be listed, or a batch summary that cannot be read.
#[derive(Debug, Error, Diagnostic)]
#[error("cannot read `{path}`: {message}")]
#[diagnostic(code(maze::io))]
struct FolderError {
    path: PathBuf,
    message: String,
}

/// The book could not be made.
#[derive(Debug, Error, Diagnostic)]
#[error("{0}")]
#[diagnostic(code(maze::print))]
struct PrintError(String);

impl Args {
    pub(crate) fn run(self) -> Result<(), crate::failure::Failure> {
        let mut files = Vec::new();
        for path in &self.files {
            files.extend(maze_files(path)?);
        }
        let mut puzzles = Vec::with_capacity(files.len());
        for path in &files {
            let (file, _) = read_file_and_text(path, self.limit)?;
            let id = file.id().map_or_else(
                || {
                    path.file_stem()
                        .map_or_else(String::new, |s| s.to_string_lossy().into_owned())
                },
                |id| id.to_string(),
            );
            puzzles.push(maze::print::Puzzle {
                id,
                maze: file.maze,
            });
        }
        let options = maze::print::Options {
            paper: self.paper,
            per_page: self.per_page,
            answers: self.answers,
            title: self.title.clone(),
        };
        let book = maze::print::book(&puzzles, &options)
            .map_err(|e| Box::new(PrintError(e.to_string())))?;
        crate::output::write_atomic(&self.output, &book.pdf).map_err(|e| {
            Box::new(FolderError {
                path: self.output.clone(),
                message: e.to_string(),
            })
        })?;
        if !self.quiet {
            let answers = if self.answers {
                format!(", {} of answers", book.answer_pages)
            } else {
                String::new()
            };
            crate::output::emit(
                None,
                &format!(
                    "{}: {} puzzle{} on {} page{}{answers}\n",
                    self.output.display(),
                    puzzles.len(),
                    if puzzles.len() == 1 { "" } else { "s" },
                    book.puzzle_pages,
                    if book.puzzle_pages == 1 { "" } else { "s" },
                ),
            )?;
        }
        Ok(())
    }
}

/// The maze files `path` stands for, in print order.
fn maze_files(path: &Path) -> Result<Vec<PathBuf>, crate::failure::Failure> {
    if !path.is_dir() {
        return Ok(vec![path.to_path_buf()]);
    }
    let folder_error = |message: String| FolderError {
        path: path.to_path_buf(),
        message,
    };
    let summary = path.join("summary.json");
    if summary.is_file() {
        return Ok(batch_order(path, &summary).map_err(|m| Box::new(folder_error(m)))?);
    }
    let mut entries: Vec<PathBuf> = std::fs::read_dir(path)
        .map_err(|e| Box::new(folder_error(e.to_string())))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    entries.sort_by_key(|p| natural_key(&p.file_name().unwrap_or_default().to_string_lossy()));
    // A batch's output folder: its variant folders in the batch's order (the order its index
    // page lists them in), each in its own order.
    let mut variants: Vec<&PathBuf> = entries
        .iter()
        .filter(|p| p.join("summary.json").is_file())
        .collect();
    let listed = std::fs::read_to_string(path.join("index.html")).unwrap_or_default();
    variants.sort_by_key(|v| {
        let name = v.file_name().unwrap_or_default().to_string_lossy();
        listed
            .find(&format!("href=\"{name}/"))
            .unwrap_or(usize::MAX)
    });
    if !variants.is_empty() {
        let mut files = Vec::new();
        for v in variants {
            files.extend(maze_files(v)?);
        }
        return Ok(files);
    }
    Ok(entries
        .into_iter()
        .filter(|p| {
            let name = p.file_name().unwrap_or_default().to_string_lossy();
            p.is_file() && name.ends_with(".ron") && !name.ends_with(".rejected.ron")
        })
        .collect())
}

/// A batch folder's accepted mazes in its summary's order.
fn batch_order(dir: &Path, summary: &Path) -> Result<Vec<PathBuf>, String> {
    let text = std::fs::read_to_string(summary).map_err(|e| e.to_string())?;
    let json: serde_json::Value = serde_json::from_str(&text).map_err(|e| e.to_string())?;
    let mazes = json["mazes"]
        .as_array()
        .ok_or("summary.json has no list of mazes")?;
    Ok(mazes
        .iter()
        .filter(|m| m["passed"].as_bool() == Some(true))
        .filter_map(|m| m["file"].as_str())
        // The summary names files beside it; nothing that would leave the folder.
        .filter(|f| !f.contains(['/', '\\']) && *f != "..")
        .map(|f| dir.join(f))
        .collect())
}

/// A name as runs of text and numbers, so that `rook-1-10` comes after `rook-1-9`.
fn natural_key(name: &str) -> Vec<(String, u128)> {
    let mut key = Vec::new();
    let mut text = String::new();
    let mut digits = String::new();
    for c in name.chars() {
        if c.is_ascii_digit() {
            digits.push(c);
        } else {
            if !digits.is_empty() {
                key.push((
                    std::mem::take(&mut text),
                    digits.parse().unwrap_or(u128::MAX),
                ));
                digits.clear();
            }
            text.push(c);
        }
    }
    key.push((text, digits.parse().unwrap_or(0)));
    key
}

#[cfg(test)]
mod tests {
    use super::natural_key;

    #[test]
    fn numbers_sort_as_numbers() {
        let mut names = [
            "rook-1-10.ron",
            "rook-1-2.ron",
            "rook-1-1.ron",
            "hex-1-0.ron",
        ];
        names.sort_by_key(|n| natural_key(n));
        assert_eq!(
            names,
            [
                "hex-1-0.ron",
                "rook-1-1.ron",
                "rook-1-2.ron",
                "rook-1-10.ron"
            ]
        );
    }
}
