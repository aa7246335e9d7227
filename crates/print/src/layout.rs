//! Where everything goes on a page, in PDF points (1/72 inch): the paper, its margins and
//! bands, the grid of slots a page is cut into, the text above each picture, the picture's
//! scale, and which puzzles share a page.

use std::ops::Range;
use std::str::FromStr;

use crate::entry::{Entry, Picture};
use crate::fonts;

/// The smallest cell a puzzle's board is printed with, in millimetres: the diameter of the
/// circle inside a cell (a square cell's side), room for a pencil mark beside the cell's
/// number. A page that would print a board smaller holds fewer puzzles.
pub const MIN_CELL_MM: f64 = 7.0;
/// The smallest cell of an answer's picture: it is read, not written in.
const MIN_ANSWER_CELL_MM: f64 = 4.0;
/// The largest cell: a small board does not fill a page with a few giant cells.
const MAX_CELL_MM: f64 = 14.0;
/// The most puzzles a page may be asked to hold.
pub(crate) const MAX_PER_PAGE: usize = 12;

pub(crate) const PT_PER_MM: f64 = 72.0 / 25.4;
pub(crate) const MARGIN: f64 = 15.0 * PT_PER_MM;
/// The band above the slots: the book's title or the section's name.
pub(crate) const HEADER: f64 = 30.0;
/// The band below the slots: the page number.
pub(crate) const FOOTER: f64 = 22.0;
/// Between two slots.
const GUTTER: f64 = 8.0 * PT_PER_MM;

pub(crate) const HEADING_SIZE: f64 = 10.5;
pub(crate) const HEADING_LINE: f64 = 14.0;
pub(crate) const RULE_SIZE: f64 = 8.5;
pub(crate) const RULE_LINE: f64 = 11.0;
/// Between the text and the picture.
const TEXT_GAP: f64 = 4.0;

/// Which picture of a puzzle a page shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Side {
    /// The puzzle, with its rules in words.
    Puzzle,
    /// The puzzle with its solution.
    Answer,
}

/// A paper size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Paper {
    /// ISO A4, 210 × 297 mm.
    A4,
    /// US Letter, 8.5 × 11 in.
    Letter,
}

impl Paper {
    /// Width and height in points.
    pub(crate) fn size(self) -> (f64, f64) {
        match self {
            Paper::A4 => (210.0 * PT_PER_MM, 297.0 * PT_PER_MM),
            Paper::Letter => (612.0, 792.0),
        }
    }
}

impl FromStr for Paper {
    type Err = String;

    fn from_str(s: &str) -> Result<Paper, String> {
        match s.to_ascii_lowercase().as_str() {
            "a4" => Ok(Paper::A4),
            "letter" => Ok(Paper::Letter),
            _ => Err(format!("unknown paper `{s}`: a4 or letter")),
        }
    }
}

/// A rectangle on the page, from its top-left corner, y downwards as in SVG.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Rect {
    pub(crate) x: f64,
    pub(crate) y: f64,
    pub(crate) w: f64,
    pub(crate) h: f64,
}

/// One page: which entries, in which slots.
pub(crate) struct Page {
    pub(crate) entries: Range<usize>,
    pub(crate) slots: Vec<Rect>,
}

/// The slots of a page cut for `n` puzzles: rows and columns chosen so that each slot is as
/// close to the page's own shape as `n` allows, filled row by row.
fn grid(paper: Paper, n: usize) -> Vec<Rect> {
    let (w, h) = paper.size();
    let (inner_w, inner_h) = (w - 2.0 * MARGIN, h - 2.0 * MARGIN - HEADER - FOOTER);
    let rows = ((n as f64 * inner_h / inner_w).sqrt().round() as usize).clamp(1, n);
    let cols = n.div_ceil(rows);
    let slot_w = (inner_w - GUTTER * (cols as f64 - 1.0)) / cols as f64;
    let slot_h = (inner_h - GUTTER * (rows as f64 - 1.0)) / rows as f64;
    (0..rows)
        .flat_map(|r| (0..cols).map(move |c| (r, c)))
        .map(|(r, c)| Rect {
            x: MARGIN + c as f64 * (slot_w + GUTTER),
            y: MARGIN + HEADER + r as f64 * (slot_h + GUTTER),
            w: slot_w,
            h: slot_h,
        })
        .collect()
}

/// An entry's text lines in a slot `width` wide: the heading, then the rules wrapped.
pub(crate) fn text_lines(entry: &Entry, width: f64) -> (Vec<String>, Vec<String>) {
    let heading = fonts::wrap(&entry.heading, HEADING_SIZE, true, width);
    let rules = entry
        .rules
        .iter()
        .flat_map(|line| fonts::wrap(line, RULE_SIZE, false, width))
        .collect();
    (heading, rules)
}

/// The height the text above a picture takes.
pub(crate) fn text_height(heading: usize, rules: usize) -> f64 {
    heading as f64 * HEADING_LINE + rules as f64 * RULE_LINE + TEXT_GAP
}

/// Where a picture goes in `slot` below `text` points of text, and at what scale: as large
/// as the room allows, up to the largest cell, centred across.
pub(crate) fn place(picture: &Picture, slot: Rect, text: f64) -> (Rect, f64) {
    let room_h = (slot.h - text).max(1.0);
    let scale = (slot.w / picture.width)
        .min(room_h / picture.height)
        .min(MAX_CELL_MM * PT_PER_MM / picture.cell);
    let (w, h) = (picture.width * scale, picture.height * scale);
    let at = Rect {
        x: slot.x + (slot.w - w) / 2.0,
        y: slot.y + text,
        w,
        h,
    };
    (at, scale)
}

/// Whether the entry's picture keeps its cells at least the side's smallest size in `slot`.
fn fits(entry: &Entry, side: Side, slot: Rect) -> bool {
    let (picture, min) = match side {
        Side::Puzzle => (&entry.puzzle, MIN_CELL_MM),
        Side::Answer => (&entry.answer, MIN_ANSWER_CELL_MM),
    };
    let (heading, rules) = text_lines(entry, slot.w);
    let (_, scale) = place(picture, slot, text_height(heading.len(), rules.len()));
    // A hair of slack: a board exactly at the minimum fits.
    picture.cell * scale / PT_PER_MM >= min - 1e-9
}

/// The pages of one side, in the entries' order: each page cut for `per_page` puzzles, or
/// for fewer when a board would come out smaller than its minimum (one to a page at
/// worst, scaled to fit).
pub(crate) fn paginate(entries: &[Entry], paper: Paper, per_page: usize, side: Side) -> Vec<Page> {
    let mut pages = Vec::new();
    let mut first = 0;
    while first < entries.len() {
        let mut n = per_page;
        let (slots, taken) = loop {
            let slots = grid(paper, n);
            let taken = n.min(entries.len() - first);
            let all_fit = entries[first..first + taken]
                .iter()
                .zip(&slots)
                .all(|(e, &slot)| fits(e, side, slot));
            if all_fit || n == 1 {
                break (slots, taken);
            }
            n -= 1;
        };
        pages.push(Page {
            entries: first..first + taken,
            slots,
        });
        first += taken;
    }
    pages
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grids_have_enough_slots_inside_the_margins() {
        for paper in [Paper::A4, Paper::Letter] {
            let (w, h) = paper.size();
            for n in 1..=MAX_PER_PAGE {
                let slots = grid(paper, n);
                assert!(
                    slots.len() >= n && slots.len() < 2 * n,
                    "{n}: {}",
                    slots.len()
                );
                for s in &slots {
                    assert!(s.x >= MARGIN - 1e-9 && s.x + s.w <= w - MARGIN + 1e-6);
                    assert!(s.y >= MARGIN + HEADER - 1e-9);
                    assert!(s.y + s.h <= h - MARGIN - FOOTER + 1e-6);
                }
            }
        }
        assert_eq!(grid(Paper::A4, 1).len(), 1);
        assert_eq!(grid(Paper::A4, 4).len(), 4);
    }

    #[test]
    fn papers_parse() {
        assert_eq!("A4".parse::<Paper>(), Ok(Paper::A4));
        assert_eq!("letter".parse::<Paper>(), Ok(Paper::Letter));
        assert!("a5".parse::<Paper>().is_err());
    }
}
