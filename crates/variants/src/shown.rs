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
        let start = span.start.min(src.len());
        let line_start = src[..start].rfind('\n').map_or(0, |i| i + 1);
        let line_end = src[start..].find('\n').map_or(src.len(), |i| start + i);
        let end = span.end.clamp(start, src.len());
        let end_line_end = src[end..].find('\n').map_or(src.len(), |i| end + i);
        let end_line_start = src[..end].rfind('\n').map_or(0, |i| i + 1);
        let long = |a: usize, b: usize| src[a..b].chars().count() > LONG_LINE;
        if !long(line_start, line_end) && !long(end_line_start, end_line_end) {
            let whole = Shown {
                name: name.to_string(),
                text: src.to_string(),
                line: 0,
                column: 0,
            };
            return (whole, start..end);
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
        let within_end = end.min(line_start + to).max(start) - line_start;
        let shown = Shown {
            name: name.to_string(),
            text: line[from..to].to_string(),
            line: src[..line_start].matches('\n').count(),
            column: line[..from].chars().count(),
        };
        (shown, at - from..within_end - from)
    }

    /// The file's name.
    pub(crate) fn name(&self) -> &str {
        &self.name
    }
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
        let column = if inner.line() == 0 {
            self.column + inner.column()
        } else {
            inner.column()
        };
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
