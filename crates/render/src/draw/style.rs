//! The picture's colours, fonts and number formatting: what every part of a drawing shares,
//! so that the same scene always gives the same bytes.

use crate::geometry::Point;

pub(super) const FONT: &str = "DejaVu Sans, Verdana, Arial, sans-serif";
pub(super) const INK: &str = "#212121";
pub(super) const GRID: &str = "#9e9e9e";
pub(super) const FLOOR: &str = "#fcfcf7";
pub(super) const DEAD_END: &str = "#e0e0e0";
pub(super) const DEAD_END_INK: &str = "#616161";
pub(super) const BLOCKED: &str = "#546e7a";
pub(super) const HOLE: &str = "#37474f";
pub(super) const FRAGILE: &str = "#ffcc80";
pub(super) const FRAGILE_EDGE: &str = "#ef6c00";
/// A bridge that is on: planks, darker than floor and fragile floor in greyscale too.
pub(super) const BRIDGE: &str = "#bcaaa4";
/// The planks' seams and the outline of a bridge, solid when on and dashed when off.
pub(super) const BRIDGE_EDGE: &str = "#3e2723";
/// A bridge that is off: a gap, white, only its dashed outline and seams drawn.
pub(super) const BRIDGE_OFF: &str = "#ffffff";
/// A block or cube where it stands in an answer frame.
pub(super) const BODY: &str = "#37474f";
/// Row and column numbers along the board.
pub(super) const RULER: &str = "#616161";
pub(super) const WALL: &str = "#1b1b1b";
/// Doors: a wall that opens, in a brown apart from the walls and the arrows.
pub(super) const DOOR: &str = "#795548";
pub(super) const ARROW: &str = "#d81b60";
pub(super) const START_FILL: &str = "#66bb6a";
pub(super) const START_EDGE: &str = "#2e7d32";
pub(super) const GOAL_FILL: &str = "#ffca28";
pub(super) const GOAL_EDGE: &str = "#f9a825";
pub(super) const TORUS: &str = "#1565c0";
pub(super) const EXIT: &str = "#2e7d32";
pub(super) const UNREACHABLE: &str = "url(#unreachable)";
pub(super) const EMPTY: &str = "url(#empty)";
/// The dots of an empty cell: mid grey, so that greyscale tells empty from floor and hole.
pub(super) const EMPTY_DOT: &str = "#8d8d8d";
pub(super) const HATCH: &str = "url(#hatch)";
/// Chess pieces are letters (every font has them, unlike the chess symbols), in a serif
/// face so they do not read as symbols.
pub(super) const PIECE_FONT: &str = "DejaVu Serif, Georgia, Times New Roman, serif";

/// Depth ramp anchors, light to dark (ColorBrewer YlGnBu, light half): numbers stay legible.
pub(super) const RAMP: [(u8, u8, u8); 5] = [
    (255, 255, 204),
    (199, 233, 180),
    (127, 205, 187),
    (65, 182, 196),
    (29, 145, 192),
];

/// About how wide `text` is at `size` pixels: DejaVu Sans averages 0.6 em per character
/// (bold a little more), enough to keep text inside the picture.
pub(super) fn text_width(text: &str, size: f64) -> f64 {
    text.chars().count() as f64 * 0.65 * size
}

/// A pixel number with at most two decimals and no trailing zeros (never `-0`): fixed
/// formatting, so the same scene always gives the same bytes.
pub(super) fn num(x: f64) -> String {
    let mut s = String::with_capacity(12);
    push_num(&mut s, x);
    s
}

/// Appends [`num`]`(x)` to `s`.
pub(super) fn push_num(s: &mut String, x: f64) {
    use std::fmt::Write;
    // Most numbers of a picture are whole hundredths (the tilings' grids are integer). When
    // x * 100 rounds to a whole number h, the exact x * 100 is within an eighth of h, so h
    // is what `{:.2}` rounds x to: written from the integer, without formatting a float
    // (which took about a twelfth of a batch's instructions). Anything else is formatted.
    let hundredths = x * 100.0;
    if hundredths != hundredths.trunc() || hundredths.abs() >= 1e15 {
        s.push_str(&formatted(x));
        return;
    }
    let h = hundredths as i64;
    if h < 0 {
        s.push('-');
    }
    let (whole, part) = (h.unsigned_abs() / 100, h.unsigned_abs() % 100);
    // Writing to a `String` cannot fail.
    let _ = match part {
        0 => write!(s, "{whole}"),
        p if p % 10 == 0 => write!(s, "{whole}.{}", p / 10),
        p => write!(s, "{whole}.{p:02}"),
    };
}

/// [`num`] by formatting: `{:.2}`, its trailing zeros and point taken off.
fn formatted(x: f64) -> String {
    let s = format!("{x:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".to_string()
    } else {
        s.to_string()
    }
}

pub(super) fn points(corners: &[Point]) -> String {
    let mut s = String::with_capacity(corners.len() * 12);
    for (i, p) in corners.iter().enumerate() {
        if i > 0 {
            s.push(' ');
        }
        push_num(&mut s, p.x);
        s.push(',');
        push_num(&mut s, p.y);
    }
    s
}

/// The fill of depth `d` on a ramp ending at `max`, as `#rrggbb`.
pub(super) fn ramp(d: u32, max: u32) -> (u8, u8, u8) {
    let t = if max == 0 {
        0.0
    } else {
        f64::from(d) / f64::from(max)
    };
    let x = t * (RAMP.len() - 1) as f64;
    let i = (x.floor() as usize).min(RAMP.len() - 2);
    let f = x - i as f64;
    let mix = |a: u8, b: u8| (f64::from(a) + (f64::from(b) - f64::from(a)) * f).round() as u8;
    let (a, b) = (RAMP[i], RAMP[i + 1]);
    (mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2))
}

pub(super) fn hex((r, g, b): (u8, u8, u8)) -> String {
    format!("#{r:02x}{g:02x}{b:02x}")
}

/// Text that reads on `fill`: white on dark fills, ink on light ones.
pub(super) fn ink_on((r, g, b): (u8, u8, u8)) -> &'static str {
    let luma = 0.299 * f64::from(r) + 0.587 * f64::from(g) + 0.114 * f64::from(b);
    if luma < 128.0 { "#ffffff" } else { INK }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Whole hundredths are written from the integer: the same text as formatting them.
        #[test]
        fn num_of_hundredths_is_formatted(h in -10_000_000i64..10_000_000, scale in 0u32..4) {
            let x = h as f64 / 10f64.powi(scale as i32);
            prop_assert_eq!(num(x), formatted(x));
        }

        /// Any number, the halves and thirds of the tilings among them, as formatted.
        #[test]
        fn num_of_any_number_is_formatted(
            x in proptest::num::f64::ANY,
            k in -100_000i64..100_000,
            d in 1u32..16,
        ) {
            prop_assert_eq!(num(x), formatted(x));
            let y = k as f64 / f64::from(d);
            prop_assert_eq!(num(y), formatted(y));
            prop_assert_eq!(num(y * 0.05), formatted(y * 0.05));
        }
    }

    #[test]
    fn num_of_edges() {
        for x in [
            0.0,
            -0.0,
            -0.001,
            0.005,
            0.125,
            -0.5,
            1e15,
            -1e15,
            1e300,
            f64::NAN,
            f64::INFINITY,
        ] {
            assert_eq!(num(x), formatted(x), "{x}");
        }
        assert_eq!(num(12.5), "12.5");
        assert_eq!(num(-0.05), "-0.05");
        assert_eq!(
            points(&[Point { x: 1.0, y: 2.25 }, Point { x: -3.5, y: 0.0 }]),
            "1,2.25 -3.5,0"
        );
    }
}
