//! One page of the book as an SVG document in points: its header, each slot's text and
//! picture, and its page number.

use std::fmt::Write;

use crate::entry::Entry;
use crate::fonts::SANS;
use crate::layout::{self, FOOTER, HEADER, MARGIN, Page, Paper, Side};

const INK: &str = "#212121";
const GREY: &str = "#616161";

/// The page's SVG. `header` is the book's title or the section's name, large on the
/// section's `first` page; `number` is (this page, pages in all).
pub(crate) fn page(
    entries: &[Entry],
    page: &Page,
    paper: Paper,
    side: Side,
    header: &str,
    first: bool,
    (number, total): (usize, usize),
) -> String {
    let (w, h) = paper.size();
    let mut out = String::new();
    let _ = write!(
        out,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{w:.2}" height="{h:.2}" viewBox="0 0 {w:.2} {h:.2}" font-family="{SANS}"><rect width="100%" height="100%" fill="#ffffff"/>"##
    );
    let (size, weight, fill) = if first {
        (16.0, "bold", INK)
    } else {
        (9.0, "normal", GREY)
    };
    text(
        &mut out,
        (MARGIN, MARGIN + HEADER * 0.55),
        size,
        weight,
        fill,
        "start",
        header,
    );
    for (k, (entry, slot)) in entries[page.entries.clone()]
        .iter()
        .zip(&page.slots)
        .enumerate()
    {
        let (heading, rules) = layout::text_lines(entry, slot.w);
        // The answers repeat the heading only: the rules are on the puzzle's page.
        let rules = match side {
            Side::Puzzle => rules,
            Side::Answer => Vec::new(),
        };
        let mut y = slot.y;
        for line in &heading {
            y += layout::HEADING_LINE;
            text(
                &mut out,
                (slot.x, y - 3.0),
                layout::HEADING_SIZE,
                "bold",
                INK,
                "start",
                line,
            );
        }
        for line in &rules {
            y += layout::RULE_LINE;
            text(
                &mut out,
                (slot.x, y - 2.5),
                layout::RULE_SIZE,
                "normal",
                INK,
                "start",
                line,
            );
        }
        let picture = match side {
            Side::Puzzle => &entry.puzzle,
            Side::Answer => &entry.answer,
        };
        let (at, scale) = layout::place(
            picture,
            *slot,
            layout::text_height(heading.len(), rules.len()),
        );
        let _ = write!(
            out,
            r#"<g transform="translate({:.3},{:.3}) scale({:.5})">{}</g>"#,
            at.x,
            at.y,
            scale,
            private_ids(&picture.svg, &format!("p{k}-"))
        );
    }
    text(
        &mut out,
        (w / 2.0, h - MARGIN - FOOTER * 0.2),
        9.0,
        "normal",
        GREY,
        "middle",
        &format!("page {number} of {total}"),
    );
    out.push_str("</svg>");
    out
}

fn text(
    out: &mut String,
    (x, y): (f64, f64),
    size: f64,
    weight: &str,
    fill: &str,
    anchor: &str,
    content: &str,
) {
    let _ = write!(
        out,
        r#"<text x="{x:.2}" y="{y:.2}" font-size="{size}" font-weight="{weight}" fill="{fill}" text-anchor="{anchor}">{}</text>"#,
        escape(content)
    );
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The picture with its ids (markers, patterns) prefixed, so that two pictures on one page
/// never resolve each other's.
fn private_ids(svg: &str, prefix: &str) -> String {
    svg.trim_end()
        .replace("id=\"", &format!("id=\"{prefix}"))
        .replace("url(#", &format!("url(#{prefix}"))
        .replace("href=\"#", &format!("href=\"#{prefix}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_and_their_references_get_the_prefix() {
        let svg = r##"<svg><marker id="arrowhead"/><line marker-end="url(#arrowhead)"/><use href="#a"/></svg>"##;
        assert_eq!(
            private_ids(svg, "p1-"),
            r##"<svg><marker id="p1-arrowhead"/><line marker-end="url(#p1-arrowhead)"/><use href="#p1-a"/></svg>"##
        );
        assert_eq!(escape("a < b & \"c\""), "a &lt; b &amp; &quot;c&quot;");
    }
}
