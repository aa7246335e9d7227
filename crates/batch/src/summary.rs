//! A variant's `summary.csv` and `summary.json`: every maze of the batch with its features
//! under their RULES.md names, its energy and its gates, in index order.

use std::fmt::Write;

use maze_features::{Features, Holes};
use maze_gen::settings::Gates;
use serde::Serialize;

use crate::config::{Config, Error, Variant};
use crate::item::Record;
use crate::item::{Files, write_atomic};

/// `summary.json`.
#[derive(Serialize)]
struct Summary<'a> {
    variant: &'a str,
    /// The hash of the variant file's text, as every maze's provenance records it.
    variant_hash: &'a str,
    seed: u64,
    count: u64,
    iterations: u64,
    engine: &'static str,
    objective: &'static str,
    search: &'static str,
    gates: &'a Gates,
    accepted: usize,
    rejected: usize,
    mazes: Vec<Maze<'a>>,
}

/// One maze of `summary.json`.
#[derive(Serialize)]
struct Maze<'a> {
    index: u64,
    name: &'a str,
    /// Hexadecimal: JSON readers lose the low bits of integers beyond 2^53.
    item_seed: String,
    /// The maze file, beside the summary.
    file: String,
    passed: bool,
    failed_gates: &'a [String],
    energy: f64,
    /// The difficulty grade, none without a solution.
    grade: Option<maze_features::Grade>,
    features: &'a Features,
    /// Only when true: the time limit ended its search.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    timed_out: bool,
}

/// Writes the variant's summaries.
pub(crate) fn write(config: &Config, variant: &Variant, records: &[Record]) -> Result<(), Error> {
    let dir = config.out.join(&variant.name);
    write_atomic(&dir.join("summary.csv"), csv(records).as_bytes())?;
    write_atomic(
        &dir.join("summary.json"),
        json(config, variant, records)?.as_bytes(),
    )
}

/// The file of a maze: its `.ron`, or its `.rejected.ron`.
pub(crate) fn maze_file(config: &Config, variant: &Variant, record: &Record) -> String {
    let files = Files::new(&variant.name, config.seed, record.index, config.count);
    if record.passed {
        files.ron()
    } else {
        files.rejected()
    }
}

fn json(config: &Config, variant: &Variant, records: &[Record]) -> Result<String, Error> {
    let accepted = records.iter().filter(|r| r.passed).count();
    let summary = Summary {
        variant: &variant.name,
        variant_hash: &variant.hash,
        seed: config.seed,
        count: config.count,
        iterations: variant.iterations,
        engine: maze_gen::ENGINE,
        objective: variant.settings.objective.name(),
        search: variant.settings.search.name(),
        gates: &variant.settings.gates,
        accepted,
        rejected: records.len() - accepted,
        mazes: records
            .iter()
            .map(|r| Maze {
                index: r.index,
                name: &r.name,
                item_seed: format!("{:#018x}", r.item_seed),
                file: maze_file(config, variant, r),
                passed: r.passed,
                failed_gates: &r.failed_gates,
                energy: r.energy,
                grade: maze_features::grade(&r.features),
                features: &r.features,
                timed_out: r.timed_out,
            })
            .collect(),
    };
    let mut text = serde_json::to_string_pretty(&summary).map_err(|e| Error::Io(e.to_string()))?;
    text.push('\n');
    Ok(text)
}

/// The columns of `summary.csv`: the maze, its difficulty grade and points, then every
/// feature in RULES.md's order, then whether the time limit cut its search short. Hole
/// components and clusters take a count column and a sizes column; lists are
/// space-separated; an absent value is an empty cell; numbers are written in full (the
/// shortest text that reads back as the same number).
pub(crate) const COLUMNS: [&str; 35] = [
    "index",
    "name",
    "item_seed",
    "passed",
    "failed_gates",
    "energy",
    "grade",
    "grade_points",
    "n_states",
    "n_moves",
    "reachable",
    "reaching",
    "non_reaching",
    "black_holes",
    "black_holes_sizes",
    "white_holes",
    "white_holes_sizes",
    "shortest_length",
    "shortest_paths",
    "unique_shortest",
    "solution",
    "forward_decisions",
    "backward_decisions",
    "initial_forced_moves",
    "clusters",
    "clusters_sizes",
    "cluster_penalty",
    "u_turns",
    "turns",
    "mechanic_moves",
    "branches",
    "dead_ends",
    "average_loop_length",
    "blocks",
    "timed_out",
];

fn csv(records: &[Record]) -> String {
    let mut out = COLUMNS.join(",");
    out.push('\n');
    for r in records {
        let f = &r.features;
        let sizes = |h: &Holes| join(&h.sizes);
        let optional = |x: Option<f64>| x.map_or_else(String::new, |x| x.to_string());
        let grade = maze_features::grade(f);
        let cells = [
            r.index.to_string(),
            r.name.clone(),
            format!("{:#018x}", r.item_seed),
            r.passed.to_string(),
            r.failed_gates.join("; "),
            r.energy.to_string(),
            grade.map_or_else(String::new, |g| g.level.to_string()),
            grade.map_or_else(String::new, |g| g.points.to_string()),
            f.n_states.to_string(),
            f.n_moves.to_string(),
            f.reachable.to_string(),
            f.reaching.to_string(),
            f.non_reaching.to_string(),
            f.black_holes.count.to_string(),
            sizes(&f.black_holes),
            f.white_holes.count.to_string(),
            sizes(&f.white_holes),
            f.shortest_length
                .map_or_else(String::new, |l| l.to_string()),
            f.shortest_paths.to_string(),
            f.unique_shortest.to_string(),
            f.solution.as_deref().unwrap_or(&[]).join(" "),
            optional(f.forward_decisions),
            optional(f.backward_decisions),
            f.initial_forced_moves.to_string(),
            f.clusters.len().to_string(),
            join(&f.clusters),
            f.cluster_penalty.to_string(),
            f.u_turns.to_string(),
            f.turns.to_string(),
            f.mechanic_moves.map_or_else(String::new, |m| m.to_string()),
            f.branches.to_string(),
            f.dead_ends.to_string(),
            f.average_loop_length.to_string(),
            f.blocks.to_string(),
            r.timed_out.to_string(),
        ];
        let cells: Vec<String> = cells.iter().map(|c| field(c)).collect();
        let _ = writeln!(out, "{}", cells.join(","));
    }
    out
}

fn join(values: &[usize]) -> String {
    let strings: Vec<String> = values.iter().map(usize::to_string).collect();
    strings.join(" ")
}

/// A CSV field, quoted (RFC 4180) when it holds a separator, a quote or a line break. A
/// text cell that a spreadsheet would evaluate as a formula (starting with `=`, `+`, `-`,
/// `@`, a tab or a carriage return: a maze named after a variant file `=HYPERLINK(...).ron`)
/// is prefixed with `'`, as OWASP advises against CSV injection; numbers (a negative energy)
/// are left as they are, so they stay numbers.
pub(crate) fn field(s: &str) -> String {
    let formula = s.starts_with(['=', '+', '-', '@', '\t', '\r']) && s.parse::<f64>().is_err();
    let s = if formula {
        format!("'{s}")
    } else {
        s.to_string()
    };
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s
    }
}
