//! Print-ready books of mazes: the puzzles several to a page, each with its ID, its rules in
//! words, its grade and its number of moves, then the answers in the same order, as one vector
//! PDF with its fonts embedded.
//!
//! [`book`] lays the pages out as SVG (the pictures are `maze-render`'s, the rules in words
//! `maze-view`'s caption, the one `maze play` shows) and converts them with `svg2pdf`. The text
//! is set in DejaVu Sans and Serif, which ship inside the crate `dejavu`, so a book looks the
//! same on every machine and needs no installed font. The same puzzles and options give
//! the same bytes on every run.
//!
//! A board is never printed with cells smaller than [`MIN_CELL_MM`] (room for a pencil mark
//! and a number): a page that would shrink one of its boards below that holds fewer puzzles.
#![deny(missing_docs)]

mod canonical;
mod entry;
mod fonts;
mod layout;
mod pdf;
mod sheet;

pub use entry::Puzzle;
pub use layout::{MIN_CELL_MM, Paper};

/// How to print a book.
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    /// The paper size.
    pub paper: Paper,
    /// Puzzles (and answers) to a page, at most; fewer on a page whose boards would be too small.
    pub per_page: usize,
    /// Whether an answer section follows the puzzles.
    pub answers: bool,
    /// The book's title, on its first page and in the PDF's metadata.
    pub title: String,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            paper: Paper::A4,
            per_page: 4,
            answers: true,
            title: "Logic mazes".to_string(),
        }
    }
}

/// A printed book.
#[derive(Clone, Debug)]
pub struct Book {
    /// The PDF file's bytes.
    pub pdf: Vec<u8>,
    /// Pages of puzzles.
    pub puzzle_pages: usize,
    /// Pages of answers (0 without them).
    pub answer_pages: usize,
}

/// Why a book could not be printed.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Nothing to print.
    #[error("no puzzles to print")]
    Empty,
    /// `per_page` out of range.
    #[error("puzzles per page must be 1 to {max}, not {given}")]
    PerPage {
        /// What was asked.
        given: usize,
        /// The most a page can hold.
        max: usize,
    },
    /// A page that could not be converted to PDF (a bug: pages are made here).
    #[error("page {page}: {message}")]
    Convert {
        /// The page, from 1.
        page: usize,
        /// What went wrong.
        message: String,
    },
    /// The finished PDF could not be read back to number its objects canonically (a bug:
    /// the PDF is made here).
    #[error("the finished PDF: {0}")]
    Canonical(String),
}

/// The book of `puzzles`, in their order: the puzzle pages, then (with `options.answers`)
/// the answer pages in the same order, every page numbered.
pub fn book(puzzles: &[Puzzle], options: &Options) -> Result<Book, Error> {
    if puzzles.is_empty() {
        return Err(Error::Empty);
    }
    if options.per_page == 0 || options.per_page > layout::MAX_PER_PAGE {
        return Err(Error::PerPage {
            given: options.per_page,
            max: layout::MAX_PER_PAGE,
        });
    }
    let entries: Vec<entry::Entry> = puzzles.iter().map(entry::Entry::new).collect();
    let paper = options.paper;
    let puzzle_pages = layout::paginate(&entries, paper, options.per_page, layout::Side::Puzzle);
    let answer_pages = if options.answers {
        layout::paginate(&entries, paper, options.per_page, layout::Side::Answer)
    } else {
        Vec::new()
    };
    let total = puzzle_pages.len() + answer_pages.len();
    let mut svgs = Vec::with_capacity(total);
    let sides = [
        (&puzzle_pages, layout::Side::Puzzle, options.title.as_str()),
        (&answer_pages, layout::Side::Answer, "Answers"),
    ];
    for (pages, side, header) in sides {
        for (k, page) in pages.iter().enumerate() {
            let number = svgs.len() + 1;
            svgs.push(sheet::page(
                &entries,
                page,
                paper,
                side,
                header,
                k == 0,
                (number, total),
            ));
        }
    }
    let pdf = pdf::pdf(&svgs, paper, &options.title)?;
    Ok(Book {
        pdf,
        puzzle_pages: puzzle_pages.len(),
        answer_pages: answer_pages.len(),
    })
}
