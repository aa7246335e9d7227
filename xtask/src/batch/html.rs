//! The batch's `index.html`: per variant, histograms of the accepted mazes' shortest
//! solution length, energy and decisions as inline SVG, and a thumbnail of every maze linking
//! to its puzzle, answer and files. Self-contained (no script, no network) and well-formed
//! XML, so a test can read it back; deterministic bytes.

use std::fmt::Write;

use maze_features::report;

use super::item::Files;
use super::summary::maze_file;
use super::{Config, Record, Variant};

const STYLE: &str = "
body { font-family: system-ui, sans-serif; margin: 1.5em; color: #222; }
h2 { border-bottom: 1px solid #ccc; padding-bottom: 0.2em; margin-top: 2em; }
nav li { display: inline; margin-right: 1em; }
.charts { display: flex; flex-wrap: wrap; gap: 1em; }
.charts figure { margin: 0; }
.charts rect { fill: #4a78b5; }
.charts text { font-size: 10px; fill: #444; }
.charts line { stroke: #888; }
figcaption { font-size: 0.85em; color: #444; }
.mazes { display: flex; flex-wrap: wrap; gap: 0.8em; margin-top: 1em; }
.maze { margin: 0; width: 170px; }
.maze img { width: 170px; height: 170px; object-fit: contain; border: 1px solid #ddd; }
";

/// The index page of a batch; `records[v]` are variant v's mazes in index order.
pub(crate) fn page(config: &Config, records: &[Vec<Record>]) -> String {
    let mut out = String::new();
    let title = format!(
        "Maze batch: {} variant{} x {} mazes, seed {}",
        config.variants.len(),
        if config.variants.len() == 1 { "" } else { "s" },
        config.count,
        config.seed
    );
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n\
         <title>{}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<h1>{}</h1>\n",
        escape(&title),
        escape(&title)
    );
    let _ = writeln!(
        out,
        "<p>Made by {} with <code>cargo xtask batch</code>: maze k of variant V from seed \
         item_seed({}, V, k). A thumbnail opens the puzzle; <em>answer</em> opens it with its \
         solution, <em>key</em> the answer key (moves and states), <em>file</em> the maze \
         file. Histograms count the accepted mazes (those passing their variant's gates).</p>",
        escape(maze_gen::ENGINE),
        config.seed
    );
    out.push_str("<nav><ul>\n");
    for (variant, records) in config.variants.iter().zip(records) {
        let accepted = records.iter().filter(|r| r.passed).count();
        let _ = writeln!(
            out,
            "<li><a href=\"#{}\">{}</a> ({accepted} of {} accepted)</li>",
            escape(&variant.name),
            escape(&variant.name),
            records.len()
        );
    }
    out.push_str("</ul></nav>\n");
    for (variant, records) in config.variants.iter().zip(records) {
        section(&mut out, config, variant, records);
    }
    out.push_str("</body>\n</html>\n");
    out
}

fn section(out: &mut String, config: &Config, variant: &Variant, records: &[Record]) {
    let name = escape(&variant.name);
    let accepted: Vec<&Record> = records.iter().filter(|r| r.passed).collect();
    let rejected: Vec<&Record> = records.iter().filter(|r| !r.passed).collect();
    let settings = &variant.settings;
    let _ = writeln!(
        out,
        "<section id=\"{name}\">\n<h2>{name}</h2>\n<p><code>{}</code>: objective {}, search {}, \
         {} iterations; {} accepted, {} rejected. Every maze's features: \
         <a href=\"{name}/summary.csv\">summary.csv</a>, \
         <a href=\"{name}/summary.json\">summary.json</a>.</p>",
        escape(&variant.source),
        settings.objective.name(),
        settings.search.name(),
        variant.iterations,
        accepted.len(),
        rejected.len()
    );
    out.push_str("<div class=\"charts\">\n");
    let charts: [(&str, Vec<f64>); 5] = [
        (
            "shortest_length",
            accepted
                .iter()
                .filter_map(|r| r.features.shortest_length.map(f64::from))
                .collect(),
        ),
        (
            "energy",
            accepted.iter().map(|r| r.energy).collect::<Vec<f64>>(),
        ),
        (
            "grade",
            accepted
                .iter()
                .filter_map(|r| maze_features::grade(&r.features).map(|g| f64::from(g.level)))
                .collect(),
        ),
        (
            "forward_decisions",
            accepted
                .iter()
                .filter_map(|r| r.features.forward_decisions)
                .collect(),
        ),
        (
            "backward_decisions",
            accepted
                .iter()
                .filter_map(|r| r.features.backward_decisions)
                .collect(),
        ),
    ];
    for (feature, values) in &charts {
        histogram(out, feature, values);
    }
    out.push_str("</div>\n<div class=\"mazes\">\n");
    for r in &accepted {
        let files = Files::new(&variant.name, config.seed, r.index);
        let length = r
            .features
            .shortest_length
            .map_or_else(|| "no solution".to_string(), |l| format!("{l} moves"));
        let grade = maze_features::grade(&r.features)
            .map_or_else(String::new, |g| format!(", grade {} ({})", g.level, g.name));
        let _ = writeln!(
            out,
            "<figure class=\"maze\"><a href=\"{name}/{svg}\"><img src=\"{name}/{svg}\" \
             alt=\"{stem}\"/></a><figcaption>{stem}: {length}{grade}, energy {energy}<br/>\
             <a href=\"{name}/{answer}\">answer</a> · <a href=\"{name}/{key}\">key</a> · \
             <a href=\"{name}/{ron}\">file</a></figcaption></figure>",
            svg = escape(&files.svg()),
            stem = escape(&files.stem),
            energy = report::number(r.energy),
            answer = escape(&files.answer_svg()),
            key = escape(&files.answer_json()),
            ron = escape(&files.ron()),
        );
    }
    out.push_str("</div>\n");
    if !rejected.is_empty() {
        let _ = writeln!(
            out,
            "<p>Rejected (failing the gates; their best maze is kept for inspection):</p>\n<ul>"
        );
        for r in &rejected {
            let _ = writeln!(
                out,
                "<li><a href=\"{name}/{}\">{}</a>: {}</li>",
                escape(&maze_file(config, variant, r)),
                escape(&r.name),
                escape(&r.failed_gates.join("; "))
            );
        }
        out.push_str("</ul>\n");
    }
    out.push_str("</section>\n");
}

/// One bar of a histogram: values in `[lo, hi]` (one integer when `lo == hi`).
struct Bin {
    lo: f64,
    hi: f64,
    count: usize,
}

/// One bar per integer when the values are integers spanning at most `MAX_INTEGER_BINS`,
/// otherwise `RANGE_BINS` bars of equal width.
const MAX_INTEGER_BINS: usize = 40;
const RANGE_BINS: usize = 12;

fn bins(values: &[f64]) -> Vec<Bin> {
    let Some(min) = values.iter().copied().reduce(f64::min) else {
        return Vec::new();
    };
    let max = values.iter().copied().fold(min, f64::max);
    let integral = values.iter().all(|v| v.fract() == 0.0);
    if integral && max - min < MAX_INTEGER_BINS as f64 {
        let (lo, hi) = (min as i64, max as i64);
        return (lo..=hi)
            .map(|k| Bin {
                lo: k as f64,
                hi: k as f64,
                count: values.iter().filter(|&&v| v == k as f64).count(),
            })
            .collect();
    }
    if max == min {
        return vec![Bin {
            lo: min,
            hi: max,
            count: values.len(),
        }];
    }
    let width = (max - min) / RANGE_BINS as f64;
    let mut bins: Vec<Bin> = (0..RANGE_BINS)
        .map(|i| Bin {
            lo: min + width * i as f64,
            hi: if i + 1 == RANGE_BINS {
                max
            } else {
                min + width * (i + 1) as f64
            },
            count: 0,
        })
        .collect();
    for &v in values {
        let i = (((v - min) / width) as usize).min(RANGE_BINS - 1);
        bins[i].count += 1;
    }
    bins
}

/// A histogram of `values` as an inline SVG figure. Each bar carries its count in
/// `data-count` and a tooltip.
fn histogram(out: &mut String, feature: &str, values: &[f64]) {
    const W: f64 = 290.0;
    const H: f64 = 170.0;
    const LEFT: f64 = 30.0;
    const RIGHT: f64 = W - 8.0;
    const TOP: f64 = 12.0;
    const BASE: f64 = H - 30.0;
    let bins = bins(values);
    let _ = writeln!(
        out,
        "<figure><svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{W}\" height=\"{H}\" \
         viewBox=\"0 0 {W} {H}\" role=\"img\" aria-label=\"histogram of {feature}\">"
    );
    let _ = writeln!(
        out,
        "<line x1=\"{LEFT}\" y1=\"{BASE}\" x2=\"{RIGHT}\" y2=\"{BASE}\"/>\
         <line x1=\"{LEFT}\" y1=\"{TOP}\" x2=\"{LEFT}\" y2=\"{BASE}\"/>"
    );
    let most = bins.iter().map(|b| b.count).max().unwrap_or(0);
    if bins.is_empty() {
        let _ = writeln!(
            out,
            "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">no accepted maze has one</text>",
            (LEFT + RIGHT) / 2.0,
            (TOP + BASE) / 2.0
        );
    } else {
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
    // Label every bar when they fit, else every k-th; range bins label the axis ends.
    let integer_bins = bins.iter().all(|b| b.lo == b.hi);
    let every = (bins.len() / 14 + 1).max(1);
    for (i, bin) in bins.iter().enumerate() {
        let height = if most == 0 {
            0.0
        } else {
            (BASE - TOP) * bin.count as f64 / most as f64
        };
        let x = LEFT + slot * i as f64;
        let range = if integer_bins {
            report::number(bin.lo)
        } else {
            format!("{} to {}", report::number(bin.lo), report::number(bin.hi))
        };
        let _ = writeln!(
            out,
            "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" data-count=\"{}\">\
             <title>{}: {} maze{}</title></rect>",
            x + 1.0,
            BASE - height,
            (slot - 2.0).max(1.0),
            height,
            bin.count,
            escape(&range),
            bin.count,
            if bin.count == 1 { "" } else { "s" }
        );
        if integer_bins && i % every == 0 {
            let _ = writeln!(
                out,
                "<text x=\"{:.1}\" y=\"{}\" text-anchor=\"middle\">{}</text>",
                x + slot / 2.0,
                BASE + 12.0,
                escape(&report::number(bin.lo))
            );
        }
    }
    if !integer_bins && let (Some(first), Some(last)) = (bins.first(), bins.last()) {
        let _ = writeln!(
            out,
            "<text x=\"{LEFT}\" y=\"{}\" text-anchor=\"start\">{}</text>\
             <text x=\"{RIGHT}\" y=\"{}\" text-anchor=\"end\">{}</text>",
            BASE + 12.0,
            escape(&report::number(first.lo)),
            BASE + 12.0,
            escape(&report::number(last.hi))
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
    let _ = writeln!(
        out,
        "</svg><figcaption>{feature} ({} maze{}{mean})</figcaption></figure>",
        values.len(),
        if values.len() == 1 { "" } else { "s" }
    );
}

/// Text or an attribute value, escaped for HTML and XML alike.
fn escape(s: &str) -> String {
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
