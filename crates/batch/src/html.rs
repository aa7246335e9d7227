//! The batch's `index.html`: per variant, histograms of the accepted mazes' shortest
//! solution length, energy, grade and decisions as inline SVG (on axes shared by every
//! variant: [`crate::chart`]), and a thumbnail of every maze linking to its puzzle, answer and
//! files. Self-contained (no script, no network) and well-formed
//! XML, so a test can read it back; deterministic bytes.

use std::fmt::Write;

use maze_features::report;

use crate::chart::{escape, histograms};
use crate::config::{Config, Variant};
use crate::item::Files;
use crate::item::Record;
use crate::summary::maze_file;

const STYLE: &str = "
body { font-family: system-ui, sans-serif; margin: 1.5em; color: #222; }
h2 { border-bottom: 1px solid #ccc; padding-bottom: 0.2em; margin-top: 2em; }
nav li { display: inline; margin-right: 1em; }
.mazes { display: flex; flex-wrap: wrap; gap: 0.8em; margin-top: 1em; }
.maze { margin: 0; width: 170px; }
.maze img { width: 170px; height: 170px; object-fit: contain; border: 1px solid #ddd; }
.timed-out { color: #a33; font-weight: bold; }
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
         <title>{}</title>\n<style>{STYLE}{}</style>\n</head>\n<body>\n<h1>{}</h1>\n",
        escape(&title),
        crate::chart::STYLE,
        escape(&title)
    );
    let _ = writeln!(
        out,
        "<p>Made by {} with <code>maze batch</code>: maze k of variant V from seed \
         item_seed({}, V, k). A thumbnail opens the puzzle; <em>answer</em> opens it with its \
         solution, <em>key</em> the answer key (moves and states), <em>file</em> the maze \
         file. Histograms count the accepted mazes (those passing their variant's gates); \
         every variant's histograms of one feature share their bins and scale.</p>",
        escape(maze_gen::ENGINE),
        config.seed
    );
    out.push_str("<nav><ul>\n");
    for (variant, records) in config.variants.iter().zip(records) {
        let accepted = records.iter().filter(|r| r.passed).count();
        let _ = writeln!(
            out,
            "<li><a href=\"#{}\">{}</a> ({accepted} of {} accepted)</li>",
            url_segment(&variant.name),
            escape(&variant.name),
            records.len()
        );
    }
    out.push_str("</ul></nav>\n");
    // Per variant, its histograms: each feature's drawn on one axis for every variant.
    let values: Vec<[Vec<f64>; 5]> = records.iter().map(|r| chart_values(r)).collect();
    let mut charts: Vec<Vec<String>> = vec![Vec::new(); records.len()];
    for (f, feature) in CHARTS.iter().enumerate() {
        let populations: Vec<&[f64]> = values.iter().map(|v| v[f].as_slice()).collect();
        for (v, figure) in histograms(feature, &populations, &[])
            .into_iter()
            .enumerate()
        {
            charts[v].push(figure);
        }
    }
    for ((variant, records), charts) in config.variants.iter().zip(records).zip(&charts) {
        section(&mut out, config, variant, records, charts);
    }
    out.push_str("</body>\n</html>\n");
    out
}

/// The features the page draws, in order.
const CHARTS: [&str; 5] = [
    "shortest_length",
    "energy",
    "grade",
    "forward_decisions",
    "backward_decisions",
];

/// The values of [`CHARTS`] over a variant's accepted mazes (those that have one).
fn chart_values(records: &[Record]) -> [Vec<f64>; 5] {
    let accepted: Vec<&Record> = records.iter().filter(|r| r.passed).collect();
    [
        accepted
            .iter()
            .filter_map(|r| r.features.shortest_length.map(f64::from))
            .collect(),
        accepted.iter().map(|r| r.energy).collect(),
        accepted
            .iter()
            .filter_map(|r| maze_features::grade(&r.features).map(|g| f64::from(g.level)))
            .collect(),
        accepted
            .iter()
            .filter_map(|r| r.features.forward_decisions)
            .collect(),
        accepted
            .iter()
            .filter_map(|r| r.features.backward_decisions)
            .collect(),
    ]
}

fn section(
    out: &mut String,
    config: &Config,
    variant: &Variant,
    records: &[Record],
    charts: &[String],
) {
    let name = escape(&variant.name);
    // In links, the variant's folder: percent-encoded, so no name makes a link absolute or
    // gives it a scheme (`javascript:`).
    let folder = url_segment(&variant.name);
    let accepted: Vec<&Record> = records.iter().filter(|r| r.passed).collect();
    let rejected: Vec<&Record> = records.iter().filter(|r| !r.passed).collect();
    let settings = &variant.settings;
    let _ = writeln!(
        out,
        "<section id=\"{name}\">\n<h2>{name}</h2>\n<p>Variant <code>{}</code> (variant hash {}): objective \
         {}, search {}, {} iterations; {} accepted, {} rejected. Every maze's features: \
         <a href=\"{folder}/summary.csv\">summary.csv</a>, \
         <a href=\"{folder}/summary.json\">summary.json</a>.</p>",
        escape(&variant.name),
        escape(&variant.hash),
        settings.objective.name(),
        settings.search.name(),
        variant.iterations,
        accepted.len(),
        rejected.len()
    );
    out.push_str("<div class=\"charts\">\n");
    for figure in charts {
        out.push_str(figure);
        out.push('\n');
    }
    out.push_str("</div>\n<div class=\"mazes\">\n");
    for r in &accepted {
        let files = Files::new(&variant.name, config.seed, r.index, config.count);
        let length = r
            .features
            .shortest_length
            .map_or_else(|| "no solution".to_string(), |l| format!("{l} moves"));
        let grade = maze_features::grade(&r.features)
            .map_or_else(String::new, |g| format!(", grade {} ({})", g.level, g.name));
        let _ = writeln!(
            out,
            "<figure class=\"maze\"><a href=\"{folder}/{svg}\"><img src=\"{folder}/{svg}\" \
             alt=\"{stem}\"/></a><figcaption>{stem}: {length}{grade}, energy {energy}{timed}<br/>\
             <a href=\"{folder}/{answer}\">answer</a> · <a href=\"{folder}/{key}\">key</a> · \
             <a href=\"{folder}/{ron}\">file</a></figcaption></figure>",
            svg = url_segment(&files.svg()),
            stem = escape(&files.stem),
            energy = report::number(r.energy),
            timed = timed_out(r),
            answer = url_segment(&files.answer_svg()),
            key = url_segment(&files.answer_json()),
            ron = url_segment(&files.ron()),
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
                "<li><a href=\"{folder}/{}\">{}</a>: {}{}</li>",
                url_segment(&maze_file(config, variant, r)),
                escape(&r.name),
                escape(&r.failed_gates.join("; ")),
                timed_out(r)
            );
        }
        out.push_str("</ul>\n");
    }
    out.push_str("</section>\n");
}

/// The mark of a maze the time limit cut short, after its caption; nothing otherwise.
fn timed_out(r: &Record) -> &'static str {
    if r.timed_out {
        " <span class=\"timed-out\">(timed out: the best maze reached by the time limit)</span>"
    } else {
        ""
    }
}

/// One path segment of a relative link, percent-encoded (RFC 3986): every byte but the
/// unreserved `A-Z a-z 0-9 - . _ ~` becomes `%XX`, so a segment holds no `:`, `/`, `?`, `#`
/// or `&` and a link made of such segments joined by `/` is relative and cannot carry a
/// scheme. The result needs no HTML escaping either. A segment of dots only (`..`, which
/// [`crate::read_variant`] refuses anyway) has its dots encoded too, so it cannot climb.
pub(crate) fn url_segment(segment: &str) -> String {
    let dots = segment.bytes().all(|b| b == b'.');
    let mut out = String::with_capacity(segment.len());
    for &byte in segment.as_bytes() {
        let keep = byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'_' | b'~');
        if keep || (byte == b'.' && !dots) {
            out.push(char::from(byte));
        } else {
            let _ = write!(out, "%{byte:02X}");
        }
    }
    out
}
