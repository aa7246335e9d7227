//! One line of RON in the maze file's extensions, and the options every maze file is read
//! with: what the writers of rules and mazes share.

use ron::extensions::Extensions;

/// The RON options every maze file is read with: newtype variants unwrapped
/// (`Fixed((1, 2))` as `Fixed(1, 2)`) and `Some` implicit.
pub fn ron_options() -> ron::Options {
    ron::Options::default().with_default_extension(EXTENSIONS)
}

pub(crate) const EXTENSIONS: Extensions =
    Extensions::UNWRAP_VARIANT_NEWTYPES.union(Extensions::IMPLICIT_SOME);

/// A value as one line of RON, `(a: 1, b: Some)` style, in the file's extensions.
pub fn one_line<T: serde::Serialize>(value: &T) -> String {
    let config = ron::ser::PrettyConfig::new()
        .new_line("")
        .indentor("")
        .separator(" ")
        .struct_names(false)
        .compact_arrays(true)
        .compact_structs(true)
        .extensions(EXTENSIONS);
    let text = ron::ser::to_string_pretty(value, config).unwrap_or_default();
    // The serializer announces the extensions it used (`#![enable(...)]`); the reader enables
    // them anyway.
    let mut rest = text.trim();
    while let Some(after) = rest.strip_prefix("#![") {
        rest = after.split_once(']').map_or("", |(_, r)| r).trim_start();
    }
    rest.to_string()
}

/// `text` made inert for a terminal, a DOT file or a picture: every control character (C0,
/// DEL, C1) and every invisible bidirectional override is shown as its escape (`\u{1b}`,
/// `\n`), so a name or value from a file cannot clear a screen, set a window's title, move
/// the cursor or reorder what is shown. Text without them comes back borrowed, unchanged.
pub fn inert(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.chars().any(active) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if active(c) {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}

/// A character a terminal acts on or a text renderer hides: controls, and the
/// bidirectional embeddings, overrides and isolates (U+202A..U+202E, U+2066..U+2069).
pub(crate) fn active(c: char) -> bool {
    c.is_control() || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

#[cfg(test)]
mod tests {
    use super::{inert, one_line};
    use crate::rules::RegisterKind;

    #[test]
    fn a_counter_start_is_written_as_a_number_or_left_out() {
        let given = RegisterKind::Counter {
            min: 0,
            max: 1,
            start: Some(1),
        };
        let default = RegisterKind::Counter {
            min: 0,
            max: 1,
            start: None,
        };
        assert_eq!(one_line(&given), "Counter(min: 0, max: 1, start: 1)");
        assert_eq!(one_line(&default), "Counter(min: 0, max: 1)");
    }

    #[test]
    fn control_characters_are_shown_escaped_and_other_text_unchanged() {
        assert_eq!(inert("orth\u{1b}[2J"), "orth\\u{1b}[2J");
        assert_eq!(inert("a\u{7}b\nc\u{9b}d"), "a\\u{7}b\\nc\\u{9b}d");
        assert_eq!(inert("x\u{202e}y"), "x\\u{202e}y");
        assert!(matches!(
            inert("diagonal é ✓"),
            std::borrow::Cow::Borrowed("diagonal é ✓")
        ));
    }
}
