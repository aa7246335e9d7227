//! Fills for the colour names a board uses, chosen for the whole picture at once.
//!
//! A colour name in a maze file is only a tag (`r`, `b`, `red`, `v`): the rules compare
//! names, they never say what a name looks like. So the drawing picks the fills, with two
//! aims. Greyscale print must keep every name apart: the names present get lightness levels
//! evenly spread from light to dark (and, beyond [`PLAIN_MAX`] names, a hatch on every
//! other level, since the steps then get too fine to trust). And a reader in colour should
//! recognise common names: a known name (`red`, `r`, `yellow`, `y`, ...) keeps its hue, and
//! names are ranked by how light their hue naturally is, so yellow stays the lightest and
//! purple the darkest. Unknown names take hues from a fixed cycle. One exception: a name
//! on more than half of the coloured cells is the board's background colour (an Alice
//! maze's black arrows) and gets the lightest level, so that ink reads best on most cells.
//!
//! Everything is plain arithmetic (no trigonometry or platform maths), so fills are
//! byte-identical everywhere.

/// The lightest and darkest greyscale levels, as luma in 0..1. The lightest is well apart
/// from the plain floor, the darkest still carries white ink.
const LIGHTEST: f64 = 0.9;
const DARKEST: f64 = 0.38;
/// The largest step between neighbouring levels: two or three names stay pale enough for
/// dark ink rather than spanning the whole range.
const MAX_STEP: f64 = 0.18;
/// Up to this many names, lightness alone keeps them apart (steps of at least 0.1, a
/// quarter of the range of 255 greys); beyond, every other level is hatched too.
pub(crate) const PLAIN_MAX: usize = 6;
/// Saturation of named hues (HSL): strong enough to name the hue, soft enough for ink.
const SATURATION: f64 = 0.6;

/// One colour name's look.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Paint {
    /// The name as the board writes it.
    pub name: String,
    /// What the cell shows where space allows: the shortest prefix (at most the whole name)
    /// that tells the names of this picture apart.
    pub short: String,
    /// The fill.
    pub rgb: (u8, u8, u8),
    /// Whether a hatch goes over the fill (pictures with more than [`PLAIN_MAX`] names).
    pub hatch: bool,
}

/// Hue in degrees (`None`: grey) and natural lightness of the names a reader recognises.
/// Single letters are the usual initials; `b` is blue (link mazes), since black and blue
/// cannot both have it.
const KNOWN: [(&str, Option<f64>, f64); 26] = [
    ("white", None, 0.97),
    ("w", None, 0.97),
    ("yellow", Some(52.0), 0.85),
    ("y", Some(52.0), 0.85),
    ("cyan", Some(185.0), 0.75),
    ("c", Some(185.0), 0.75),
    ("pink", Some(340.0), 0.72),
    ("orange", Some(30.0), 0.7),
    ("o", Some(30.0), 0.7),
    ("green", Some(120.0), 0.6),
    ("g", Some(120.0), 0.6),
    ("grey", None, 0.55),
    ("gray", None, 0.55),
    ("red", Some(0.0), 0.5),
    ("r", Some(0.0), 0.5),
    ("magenta", Some(300.0), 0.45),
    ("m", Some(300.0), 0.45),
    ("blue", Some(215.0), 0.4),
    ("b", Some(215.0), 0.4),
    ("violet", Some(270.0), 0.38),
    ("v", Some(270.0), 0.38),
    ("brown", Some(25.0), 0.35),
    ("purple", Some(285.0), 0.33),
    ("p", Some(285.0), 0.33),
    ("black", None, 0.1),
    ("k", None, 0.1),
];

/// Hues for names the table does not know, in order of their names.
const CYCLE: [f64; 8] = [200.0, 35.0, 140.0, 290.0, 0.0, 170.0, 60.0, 320.0];

/// The paints of the colour names of a board's cells (`names` holds each cell's name, in any
/// order), lightest first.
pub(crate) fn palette<'a>(names: impl IntoIterator<Item = &'a str>) -> Vec<Paint> {
    let mut names: Vec<&str> = names.into_iter().collect();
    let cells = names.len();
    names.sort_unstable();
    // After sorting, a name on more than half of the cells is the middle one.
    let background = names
        .get(cells / 2)
        .copied()
        .filter(|&m| 2 * names.iter().filter(|&&n| n == m).count() > cells);
    names.dedup();
    let mut unknown = 0;
    let mut ranked: Vec<(f64, &str, Option<f64>)> = names
        .iter()
        .map(|&name| {
            let lower = name.to_ascii_lowercase();
            match KNOWN.iter().find(|(n, _, _)| *n == lower) {
                Some(&(_, hue, light)) => (light, name, hue),
                None => {
                    unknown += 1;
                    (0.5, name, Some(CYCLE[(unknown - 1) % CYCLE.len()]))
                }
            }
        })
        .collect();
    // The background first, then lightest hue first; equal ones by name, so the order is
    // fixed by the names and their counts alone.
    ranked.sort_by(|a, b| {
        let first = |name: &str| Some(name) != background;
        first(a.1)
            .cmp(&first(b.1))
            .then(b.0.total_cmp(&a.0))
            .then(a.1.cmp(b.1))
    });
    let n = ranked.len();
    let step = if n > 1 {
        ((LIGHTEST - DARKEST) / (n - 1) as f64).min(MAX_STEP)
    } else {
        0.0
    };
    let short = shortest_prefixes(&names);
    ranked
        .iter()
        .enumerate()
        .map(|(i, &(_, name, hue))| Paint {
            name: name.to_string(),
            short: short
                .iter()
                .find(|(n, _)| *n == name)
                .map_or_else(|| name.to_string(), |(_, s)| s.clone()),
            rgb: with_luma(hue, LIGHTEST - step * i as f64),
            hatch: n > PLAIN_MAX && i % 2 == 1,
        })
        .collect()
}

/// Each name's shortest prefix that no other name starts the same way (whole names where
/// one name begins another).
fn shortest_prefixes<'a>(names: &[&'a str]) -> Vec<(&'a str, String)> {
    names
        .iter()
        .map(|&name| {
            let chars: Vec<char> = name.chars().collect();
            let prefix = (1..=chars.len())
                .map(|k| chars[..k].iter().collect::<String>())
                .find(|p| {
                    names
                        .iter()
                        .all(|&other| other == name || !other.starts_with(p.as_str()))
                })
                .unwrap_or_else(|| name.to_string());
            (name, prefix)
        })
        .collect()
}

/// Rec. 601 luma of a colour, in 0..1: what a greyscale conversion keeps.
pub(crate) fn luma((r, g, b): (u8, u8, u8)) -> f64 {
    (0.299 * f64::from(r) + 0.587 * f64::from(g) + 0.114 * f64::from(b)) / 255.0
}

/// The colour of `hue` (grey when `None`) whose luma is `target`: HSL lightness found by
/// bisection, since luma grows with it.
fn with_luma(hue: Option<f64>, target: f64) -> (u8, u8, u8) {
    let Some(hue) = hue else {
        let v = (target * 255.0).round() as u8;
        return (v, v, v);
    };
    let (mut lo, mut hi) = (0.0f64, 1.0f64);
    for _ in 0..40 {
        let mid = (lo + hi) / 2.0;
        if luma(hsl(hue, SATURATION, mid)) < target {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    hsl(hue, SATURATION, (lo + hi) / 2.0)
}

/// HSL to RGB (hue in degrees, saturation and lightness in 0..1).
fn hsl(hue: f64, s: f64, l: f64) -> (u8, u8, u8) {
    let c = (1.0 - (2.0 * l - 1.0).abs()) * s;
    let h = hue.rem_euclid(360.0) / 60.0;
    let x = c * (1.0 - (h.rem_euclid(2.0) - 1.0).abs());
    let (r, g, b) = match h as u32 {
        0 => (c, x, 0.0),
        1 => (x, c, 0.0),
        2 => (0.0, c, x),
        3 => (0.0, x, c),
        4 => (x, 0.0, c),
        _ => (c, 0.0, x),
    };
    let m = l - c / 2.0;
    let byte = |v: f64| ((v + m) * 255.0).round().clamp(0.0, 255.0) as u8;
    (byte(r), byte(g), byte(b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_names_keep_their_hue_and_rank_by_lightness() {
        let p = palette(["b", "r", "y"]);
        let names: Vec<&str> = p.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["y", "r", "b"], "yellow lightest, blue darkest");
        let (r, g, b) = p[1].rgb;
        assert!(r > g && r > b, "red stays red: {:?}", p[1].rgb);
        let (r, g, b) = p[2].rgb;
        assert!(b > r && b > g, "blue stays blue: {:?}", p[2].rgb);
    }

    #[test]
    fn a_name_on_most_cells_is_the_lightest() {
        let p = palette(["b", "r", "b", "y", "b", "b"]);
        let names: Vec<&str> = p.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["b", "y", "r"]);
        // Half is not most.
        let p = palette(["b", "r", "b", "r"]);
        assert_eq!(p[0].name, "r");
    }

    #[test]
    fn every_pair_of_names_differs_in_greyscale() {
        for n in 1..=PLAIN_MAX {
            let names: Vec<String> = (0..n).map(|i| format!("c{i}")).collect();
            let p = palette(names.iter().map(String::as_str));
            for w in p.windows(2) {
                let gap = luma(w[0].rgb) - luma(w[1].rgb);
                assert!(gap > 0.095, "{n} names: {w:?} differ by {gap}");
            }
            assert!(p.iter().all(|p| !p.hatch));
        }
        let names = ["a", "b", "c", "d", "e", "f", "g", "h"];
        let p = palette(names);
        assert_eq!(p.iter().filter(|p| p.hatch).count(), 4);
    }

    #[test]
    fn levels_hit_their_luma() {
        for hue in [None, Some(0.0), Some(52.0), Some(215.0), Some(285.0)] {
            for target in [DARKEST, 0.6, LIGHTEST] {
                let got = luma(with_luma(hue, target));
                assert!((got - target).abs() < 0.01, "{hue:?} {target}: {got}");
            }
        }
    }

    #[test]
    fn short_names_tell_the_names_apart() {
        let p = palette(["blue", "black", "red", "b"]);
        let short = |n: &str| p.iter().find(|p| p.name == n).map(|p| p.short.clone());
        assert_eq!(short("blue").as_deref(), Some("blu"));
        assert_eq!(short("black").as_deref(), Some("bla"));
        assert_eq!(short("red").as_deref(), Some("r"));
        assert_eq!(short("b").as_deref(), Some("b"));
        assert_eq!(palette(["r", "r"]).len(), 1);
    }
}
