//! Histograms as inline SVG figures, drawn on shared axes: every population of one feature
//! (a variant's mazes) gets the same bins over the same x range and the same y scale, so
//! populations side by side compare at a glance. The batch's index page and `maze compare`
//! draw with it. Deterministic bytes; every bar carries its bin edges (`data-lo`, `data-hi`)
//! and count (`data-count`), so a reader (or a test) can check the axes.

use std::fmt::Write;

use maze_features::report;
use serde::Serialize;

/// Minimum, median, mean and maximum of one feature over a population, with the values in
/// maze order: what `maze compare` and the studio report beside each histogram.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Stats {
    /// How many values.
    pub n: usize,
    /// The least, none of no values.
    pub min: Option<f64>,
    /// The median (the mean of the two middle values of an even count).
    pub median: Option<f64>,
    /// The mean.
    pub mean: Option<f64>,
    /// The greatest.
    pub max: Option<f64>,
    /// The values, in maze order.
    pub values: Vec<f64>,
}

/// The [`Stats`] of `values`.
pub fn stats(values: Vec<f64>) -> Stats {
    let mut sorted = values.clone();
    sorted.sort_by(f64::total_cmp);
    let n = sorted.len();
    let median = match n {
        0 => None,
        _ if n % 2 == 1 => Some(sorted[n / 2]),
        _ => Some((sorted[n / 2 - 1] + sorted[n / 2]) / 2.0),
    };
    Stats {
        n,
        min: sorted.first().copied(),
        median,
        mean: (n > 0).then(|| sorted.iter().sum::<f64>() / n as f64),
        max: sorted.last().copied(),
        values,
    }
}

/// The CSS of the charts and their captions, for every page that shows them.
pub const STYLE: &str = "
.charts { display: flex; flex-wrap: wrap; gap: 1em; }
.charts figure { margin: 0; }
.charts rect { fill: #4a78b5; }
.charts text { font-size: 10px; fill: #444; }
.charts line { stroke: #888; }
figcaption { font-size: 0.85em; color: #444; }
";

/// One bar per integer when every value is an integer and they span fewer than this many;
/// otherwise `RANGE_BINS` bars of equal width.
const MAX_INTEGER_BINS: usize = 40;
const RANGE_BINS: usize = 12;

/// The x axis of one feature's histograms, shared by every population drawn against it.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Axis {
    /// The bins' edges, `[lo, hi]` each; `lo == hi` for a one-integer bin.
    pub bins: Vec<(f64, f64)>,
    /// Whether the bins are single integers.
    pub integer: bool,
}

impl Axis {
    /// The axis that holds every value of every population; `None` when there are none.
    pub(crate) fn shared(populations: &[&[f64]]) -> Option<Axis> {
        let all = populations.iter().flat_map(|p| p.iter().copied());
        let (min, max) = all.fold(None, |range: Option<(f64, f64)>, v| match range {
            None => Some((v, v)),
            Some((lo, hi)) => Some((lo.min(v), hi.max(v))),
        })?;
        let integral = populations
            .iter()
            .all(|p| p.iter().all(|v| v.fract() == 0.0));
        if integral && max - min < MAX_INTEGER_BINS as f64 {
            let (lo, hi) = (min as i64, max as i64);
            return Some(Axis {
                bins: (lo..=hi).map(|k| (k as f64, k as f64)).collect(),
                integer: true,
            });
        }
        if max == min {
            return Some(Axis {
                bins: vec![(min, max)],
                integer: false,
            });
        }
        let width = (max - min) / RANGE_BINS as f64;
        let edge = |i: usize| {
            if i == RANGE_BINS {
                max
            } else {
                min + width * i as f64
            }
        };
        Some(Axis {
            bins: (0..RANGE_BINS).map(|i| (edge(i), edge(i + 1))).collect(),
            integer: false,
        })
    }

    /// How many of `values` fall in each bin (a range bin holds its lower edge; the last
    /// one its upper edge too).
    pub(crate) fn counts(&self, values: &[f64]) -> Vec<usize> {
        let mut counts = vec![0; self.bins.len()];
        for &v in values {
            let bin = if self.integer {
                self.bins.iter().position(|&(lo, _)| lo == v)
            } else {
                let n = self.bins.len();
                let (lo, hi) = (self.bins[0].0, self.bins[n - 1].1);
                if n == 1 || hi == lo {
                    Some(0)
                } else {
                    Some((((v - lo) / (hi - lo) * n as f64) as usize).min(n - 1))
                }
            };
            if let Some(i) = bin {
                counts[i] += 1;
            }
        }
        counts
    }
}

/// One histogram per population of `feature`, on one shared axis and one y scale (the
/// tallest bar of any of them): the SVG `<figure>` of population i is element i.
/// `captions[i]` names population i in its caption (empty for none).
pub fn histograms(feature: &str, populations: &[&[f64]], captions: &[&str]) -> Vec<String> {
    let axis = Axis::shared(populations);
    let counts: Vec<Vec<usize>> = populations
        .iter()
        .map(|p| axis.as_ref().map_or_else(Vec::new, |a| a.counts(p)))
        .collect();
    let most = counts.iter().flatten().copied().max().unwrap_or(0);
    populations
        .iter()
        .zip(&counts)
        .enumerate()
        .map(|(i, (values, counts))| {
            let caption = captions.get(i).copied().unwrap_or("");
            figure(feature, caption, axis.as_ref(), values, counts, most)
        })
        .collect()
}

/// One histogram as an SVG figure. Each bar carries its count and edges, and a tooltip.
fn figure(
    feature: &str,
    caption: &str,
    axis: Option<&Axis>,
    values: &[f64],
    counts: &[usize],
    most: usize,
) -> String {
    const W: f64 = 290.0;
    const H: f64 = 170.0;
    const LEFT: f64 = 30.0;
    const RIGHT: f64 = W - 8.0;
    const TOP: f64 = 12.0;
    const BASE: f64 = H - 30.0;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "<figure><svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{W}\" height=\"{H}\" \
         viewBox=\"0 0 {W} {H}\" role=\"img\" aria-label=\"histogram of {}\">",
        escape(feature)
    );
    let _ = writeln!(
        out,
        "<line x1=\"{LEFT}\" y1=\"{BASE}\" x2=\"{RIGHT}\" y2=\"{BASE}\"/>\
         <line x1=\"{LEFT}\" y1=\"{TOP}\" x2=\"{LEFT}\" y2=\"{BASE}\"/>"
    );
    let bins: &[(f64, f64)] = axis.map_or(&[], |a| &a.bins);
    if values.is_empty() {
        let _ = writeln!(
            out,
            "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">no maze has one</text>",
            (LEFT + RIGHT) / 2.0,
            (TOP + BASE) / 2.0
        );
    }
    if most > 0 {
        let _ = writeln!(
            out,
            "<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{most}</text>\
             <text x=\"{}\" y=\"{BASE}\" text-anchor=\"end\">0</text>",
            LEFT - 4.0,
            TOP + 8.0,
            LEFT - 4.0
        );
    }
    let slot = (RIGHT - LEFT) / bins.len().max(1) as f64;
    let integer = axis.is_some_and(|a| a.integer);
    // Label every bar when they fit, else every k-th; range bins label the axis ends.
    let every = (bins.len() / 14 + 1).max(1);
    for (i, (&(lo, hi), &count)) in bins.iter().zip(counts).enumerate() {
        let height = if most == 0 {
            0.0
        } else {
            (BASE - TOP) * count as f64 / most as f64
        };
        let x = LEFT + slot * i as f64;
        let range = if integer {
            report::number(lo)
        } else {
            format!("{} to {}", report::number(lo), report::number(hi))
        };
        let _ = writeln!(
            out,
            "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" data-lo=\"{}\" \
             data-hi=\"{}\" data-count=\"{count}\"><title>{}: {count} maze{}</title></rect>",
            x + 1.0,
            BASE - height,
            (slot - 2.0).max(1.0),
            height,
            report::number(lo),
            report::number(hi),
            escape(&range),
            if count == 1 { "" } else { "s" }
        );
        if integer && i % every == 0 {
            let _ = writeln!(
                out,
                "<text x=\"{:.1}\" y=\"{}\" text-anchor=\"middle\">{}</text>",
                x + slot / 2.0,
                BASE + 12.0,
                escape(&report::number(lo))
            );
        }
    }
    if !integer && let (Some(first), Some(last)) = (bins.first(), bins.last()) {
        let _ = writeln!(
            out,
            "<text x=\"{LEFT}\" y=\"{}\" text-anchor=\"start\">{}</text>\
             <text x=\"{RIGHT}\" y=\"{}\" text-anchor=\"end\">{}</text>",
            BASE + 12.0,
            escape(&report::number(first.0)),
            BASE + 12.0,
            escape(&report::number(last.1))
        );
    }
    let mean = if values.is_empty() {
        String::new()
    } else {
        format!(
            ", mean {}",
            report::number(values.iter().sum::<f64>() / values.len() as f64)
        )
    };
    let name = if caption.is_empty() {
        String::new()
    } else {
        format!("{}: ", escape(caption))
    };
    let _ = write!(
        out,
        "</svg><figcaption>{name}{} ({} maze{}{mean})</figcaption></figure>",
        escape(feature),
        values.len(),
        if values.len() == 1 { "" } else { "s" }
    );
    out
}

/// Text or an attribute value, escaped for HTML and XML alike.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn populations_share_bins_and_every_value_is_counted_once() {
        let a = [3.0, 4.0, 4.0, 9.0];
        let b = [12.0, 5.0];
        let axis = Axis::shared(&[&a, &b]).unwrap();
        assert!(axis.integer);
        assert_eq!(axis.bins.first(), Some(&(3.0, 3.0)));
        assert_eq!(axis.bins.last(), Some(&(12.0, 12.0)));
        assert_eq!(axis.counts(&a).iter().sum::<usize>(), 4);
        assert_eq!(axis.counts(&a)[1], 2);
        // Wide or fractional values: equal-width range bins from the least to the greatest.
        let c = [0.5, 100.0];
        let axis = Axis::shared(&[&a, &c]).unwrap();
        assert!(!axis.integer);
        assert_eq!(axis.bins.len(), RANGE_BINS);
        assert_eq!((axis.bins[0].0, axis.bins[RANGE_BINS - 1].1), (0.5, 100.0));
        assert_eq!(axis.counts(&c), {
            let mut v = vec![0; RANGE_BINS];
            v[0] = 1;
            v[RANGE_BINS - 1] = 1;
            v
        });
        assert_eq!(Axis::shared(&[&[], &[]]), None);
    }
}
