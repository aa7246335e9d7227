//! The book's fonts: DejaVu Sans and Serif from the crate `dejavu`, loaded into the font
//! database the pages are read with (so the PDF embeds them, whatever the machine has
//! installed), and the widths the layout wraps text by.

use std::sync::{Arc, OnceLock};

use svg2pdf::usvg::fontdb;

/// The family the book's own text is set in; the pictures name it first too.
pub(crate) const SANS: &str = "DejaVu Sans";

/// Every face the pages use, and nothing from the machine: the same bytes everywhere.
pub(crate) fn database() -> Arc<fontdb::Database> {
    static DB: OnceLock<Arc<fontdb::Database>> = OnceLock::new();
    DB.get_or_init(|| {
        let mut db = fontdb::Database::new();
        for face in [
            dejavu::sans::regular(),
            dejavu::sans::bold(),
            dejavu::sans::oblique(),
            dejavu::sans::bold_oblique(),
            dejavu::serif::regular(),
            dejavu::serif::bold(),
        ] {
            db.load_font_data(face.to_vec());
        }
        // Generic names a picture may fall back to resolve to the shipped faces.
        db.set_sans_serif_family(SANS);
        db.set_serif_family("DejaVu Serif");
        db.set_monospace_family(SANS);
        Arc::new(db)
    })
    .clone()
}

/// The width of `text` set in DejaVu Sans (bold or regular) at `size`, in the size's units.
pub(crate) fn width(text: &str, size: f64, bold: bool) -> f64 {
    static FACES: OnceLock<[Option<ttf_parser::Face<'static>>; 2]> = OnceLock::new();
    let faces = FACES.get_or_init(|| {
        [
            ttf_parser::Face::parse(dejavu::sans::regular(), 0).ok(),
            ttf_parser::Face::parse(dejavu::sans::bold(), 0).ok(),
        ]
    });
    let Some(face) = &faces[usize::from(bold)] else {
        // Not reached (the faces are the crate's own); a wide guess keeps text inside.
        return text.chars().count() as f64 * size * 0.65;
    };
    let per_unit = size / f64::from(face.units_per_em());
    text.chars()
        .map(|c| {
            face.glyph_index(c)
                .and_then(|g| face.glyph_hor_advance(g))
                .map_or(0.65 * size, |a| f64::from(a) * per_unit)
        })
        .sum()
}

/// `text` broken into lines no wider than `max` at `size` (in bold or not), at spaces (a
/// word wider than a line stands alone on its line).
pub(crate) fn wrap(text: &str, size: f64, bold: bool, max: f64) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        let candidate = if line.is_empty() {
            word.to_string()
        } else {
            format!("{line} {word}")
        };
        if !line.is_empty() && width(&candidate, size, bold) > max {
            lines.push(std::mem::replace(&mut line, word.to_string()));
        } else {
            line = candidate;
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrapped_lines_fit_and_keep_every_word() {
        let text = "hex board, rook moves: jump exactly the number of cells in a straight line";
        let lines = wrap(text, 10.0, false, 120.0);
        assert!(lines.len() > 1);
        for line in &lines {
            assert!(width(line, 10.0, false) <= 120.0 || !line.contains(' '));
        }
        assert_eq!(lines.join(" "), text);
    }

    #[test]
    fn bold_is_wider_and_widths_grow_with_size() {
        assert!(width("Maze 12", 10.0, true) > width("Maze 12", 10.0, false));
        assert!((width("Maze", 20.0, false) - 2.0 * width("Maze", 10.0, false)).abs() < 1e-9);
        assert_eq!(database().faces().count(), 6);
    }
}
