//! The source a file diagnostic shows: the whole file, or, when the problem sits on a very
//! long line, a window of that line that still reports the file's own line and column.
//!
//! miette pads a label to its column with a formatting width, and a width past 65,535
//! panics; a board written on one line reaches that. So past [`LONG_LINE`] characters the
//! diagnostic carries only the window around the problem, and re-bases its positions.

use std::ops::Range;

use miette::{MietteError, MietteSpanContents, SourceCode, SourceSpan, SpanContents};

/// Lines longer than this (in characters) are shown as a window around the problem.
pub(crate) const LONG_LINE: usize = 400;

/// Characters of a long line shown before and after the problem.
const BEFORE: usize = 40;
const AFTER: usize = 80;

/// The text miette reads for a diagnostic: `text` starts at 0-based `line` and character
/// `column` of the file named `name`.
#[derive(Debug)]
pub(crate) struct Shown {
    name: String,
    text: String,
    line: usize,
    column: usize,
}

impl Shown {
    /// What to show of `src` for a problem at the byte range `span`, and the span within it.
    pub(crate) fn new(name: &str, src: &str, span: Range<usize>) -> (Shown, Range<usize>) {
        let start = char_floor(src, span.start);
        let line_start = src[..start].rfind('\n').map_or(0, |i| i + 1);
        let line_end = src[start..].find('\n').map_or(src.len(), |i| start + i);
        let end = char_floor(src, span.end.max(start));
        let end_line_end = src[end..].find('\n').map_or(src.len(), |i| end + i);
        let end_line_start = src[..end].rfind('\n').map_or(0, |i| i + 1);
        let long = |a: usize, b: usize| src[a..b].chars().count() > LONG_LINE;
        if !long(line_start, line_end) && !long(end_line_start, end_line_end) {
            let (text, span) = escaped(src, start..end);
            let whole = Shown {
                name: name.to_string(),
                text,
                line: 0,
                column: 0,
            };
            return (whole, span);
        }
        // A window of the problem's line, on character boundaries.
        let line = &src[line_start..line_end];
        let at = start - line_start;
        let from = line[..at]
            .char_indices()
            .rev()
            .nth(BEFORE - 1)
            .map_or(0, |(i, _)| i);
        let to = line[at..]
            .char_indices()
            .nth(AFTER)
            .map_or(line.len(), |(i, _)| at + i);
        let within_end = end.clamp(start, line_start + to) - line_start;
        let (text, span) = escaped(&line[from..to], at - from..within_end - from);
        let shown = Shown {
            name: name.to_string(),
            text,
            line: src[..line_start].matches('\n').count(),
            column: line[..from].chars().count(),
        };
        (shown, span)
    }

    /// The file's name.
    pub(crate) fn name(&self) -> &str {
        &self.name
    }
}

/// `text` with its control characters shown escaped (`\u{1b}`), as every text output of a
/// file's contents is, and `span` moved to the same characters in it. Line ends stay, and
/// tabs, which a terminal only spaces.
fn escaped(text: &str, span: Range<usize>) -> (String, Range<usize>) {
    let mut out = String::with_capacity(text.len());
    let (mut start, mut end) = (None, None);
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        if i >= span.start {
            start.get_or_insert(out.len());
        }
        if i >= span.end {
            end.get_or_insert(out.len());
        }
        let kept =
            matches!(c, '\n' | '\t') || (c == '\r' && matches!(chars.peek(), Some((_, '\n'))));
        if kept {
            out.push(c);
        } else {
            out.push_str(&maze_variants::inert(c.encode_utf8(&mut [0; 4])));
        }
    }
    let start = start.unwrap_or(out.len());
    let end = end.unwrap_or(out.len()).max(start);
    (out, start..end)
}

/// `at`, within `src` and moved back to the start of the character it falls in.
fn char_floor(src: &str, at: usize) -> usize {
    let mut at = at.min(src.len());
    while !src.is_char_boundary(at) {
        at -= 1;
    }
    at
}

impl SourceCode for Shown {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        let inner = self
            .text
            .read_span(span, context_lines_before, context_lines_after)?;
        // In characters, as the diagnostic's own column (miette counts bytes).
        let at = char_floor(&self.text, inner.span().offset());
        let line_start = self.text[..at].rfind('\n').map_or(0, |i| i + 1);
        let column = self.text[line_start..at].chars().count()
            + if inner.line() == 0 { self.column } else { 0 };
        Ok(Box::new(MietteSpanContents::new_named(
            self.name.clone(),
            inner.data(),
            *inner.span(),
            self.line + inner.line(),
            column,
            inner.line_count(),
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_window_of_a_long_line_keeps_its_place_and_characters() {
        // Multi-byte characters on both sides of the problem, and a span ending mid-character.
        let line = format!("{}x{}", "é".repeat(500), "ü".repeat(500));
        let src = format!("first\n{line}\nlast");
        let x = src.find('x').unwrap_or(0);
        let (shown, span) = Shown::new("f.ron", &src, x..x + 2);
        assert_eq!(&shown.text[span.clone()], "x");
        assert_eq!(shown.line, 1);
        assert_eq!(shown.column, 500 - BEFORE);
        assert_eq!(shown.text.chars().count(), BEFORE + AFTER);
        let contents = shown
            .read_span(&(span.start, span.len()).into(), 0, 0)
            .map(|c| (c.line(), c.column()));
        assert_eq!(contents.ok(), Some((1, 500)));
        // A short line shows the whole file, positions unchanged.
        let (whole, span) = Shown::new("f.ron", "a\nbc", 3..4);
        assert_eq!((whole.text.as_str(), span), ("a\nbc", 3..4));
    }
}
