//! `maze print` as a publisher runs it: a batch folder, maze files and folders become one
//! PDF book, the batch's mazes in its order under their IDs, answers on request; bad
//! arguments are refused.
#![allow(clippy::unwrap_used)]

mod common;
use common::{maze, stderr, stdout};

fn temp_dir(name: &str) -> std::path::PathBuf {
    common::temp_dir("print-tests", name)
}

/// The PDF's page count, read back with lopdf.
fn pages(pdf: &std::path::Path) -> usize {
    lopdf::Document::load(pdf).unwrap().get_pages().len()
}

#[test]
fn a_batch_folder_prints_as_a_book_with_answers() {
    let dir = temp_dir("batch");
    let out = dir.join("out");
    let o = maze(&[
        "batch",
        "variants/rook.ron",
        "variants/hex.ron",
        "--count",
        "3",
        "--iterations",
        "200",
        "--quiet",
        "--out",
        &out.display().to_string(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let book = dir.join("book.pdf");
    let o = maze(&[
        "print",
        &out.display().to_string(),
        "--answers",
        "--per-page",
        "2",
        "-o",
        &book.display().to_string(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    // Six puzzles two to a page, then their answers.
    assert!(
        stdout(&o).contains("6 puzzles on 3 pages, 3 of answers"),
        "{}",
        stdout(&o)
    );
    assert_eq!(pages(&book), 6);
    let bytes = std::fs::read(&book).unwrap();
    assert!(bytes.starts_with(b"%PDF-"));
    // One variant's folder, letter paper, one to a page, no answers, nothing printed.
    let rook = dir.join("rook.pdf");
    let o = maze(&[
        "print",
        &out.join("rook").display().to_string(),
        "variants/queen.ron",
        "--paper",
        "letter",
        "--per-page",
        "1",
        "--quiet",
        "-o",
        &rook.display().to_string(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "");
    assert_eq!(pages(&rook), 4);
}

#[test]
fn print_refuses_what_it_cannot_print() {
    let dir = temp_dir("refused");
    let book = dir.join("book.pdf").display().to_string();
    let o = maze(&["print", "variants/rook.ron", "--per-page", "0", "-o", &book]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("per page"), "{}", stderr(&o));
    let o = maze(&["print", "variants/rook.ron", "--paper", "a5", "-o", &book]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("a4 or letter"), "{}", stderr(&o));
    let o = maze(&["print", "no-such.ron", "-o", &book]);
    assert_eq!(o.status.code(), Some(2));
    let empty = dir.join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    let o = maze(&["print", &empty.display().to_string(), "-o", &book]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("no puzzles"), "{}", stderr(&o));
}
