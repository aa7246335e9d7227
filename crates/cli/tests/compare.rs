//! `maze compare` on two small variant files of a designer's own: the text table, the JSON
//! figures checked against the mazes `maze generate` makes from the same seeds, and the HTML
//! page's histograms on shared axes.
#![allow(clippy::unwrap_used)]

mod common;
use std::path::{Path, PathBuf};
use std::process::Output;

use common::{maze_in, stderr, stdout};
use serde_json::Value;

const ROOK: &str = "Maze(
    rules: Jumping(tiling: Square, moves: Rook),
    board: [\"1 1 1 1\", \"1 1 1 1\", \"1 1 1 1\", \"1 1 1 G\"],
    start: (0, 0),
    generate: (goal: Random, gates: (solvable: true), search: HillDescent(iterations: 120)),
)
";

const QUEEN: &str = "Maze(
    rules: Jumping(tiling: Square, moves: Queen),
    board: [\"1 1 1 1 1\", \"1 1 1 1 1\", \"1 1 1 1 1\", \"1 1 1 1 1\", \"1 1 1 1 G\"],
    start: (0, 0),
    generate: (gates: (unique_shortest: true), search: HillDescent(iterations: 120)),
)
";

const COUNT: usize = 6;

/// The two files in a fresh folder.
fn files(name: &str) -> PathBuf {
    let dir = common::temp_dir("compare-tests", name);
    std::fs::write(dir.join("little_rook.ron"), ROOK).unwrap();
    std::fs::write(dir.join("little_queen.ron"), QUEEN).unwrap();
    dir
}

fn compare(dir: &Path, extra: &[&str]) -> Output {
    let mut args = vec![
        "compare",
        "little_rook.ron",
        "little_queen.ron",
        "--count",
        "6",
        "--seed",
        "3",
        "--quiet",
    ];
    args.extend_from_slice(extra);
    maze_in(dir, &args)
}

#[test]
fn the_json_figures_are_those_of_the_generated_mazes() {
    let dir = files("json");
    let o = compare(&dir, &["--json", "--jobs", "2"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let doc: Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(doc["count"], COUNT);
    let variants = doc["variants"].as_array().unwrap();
    assert_eq!(variants.len(), 2);
    for (v, name) in variants.iter().zip(["little_rook", "little_queen"]) {
        assert_eq!(v["variant"], name);
        let text = std::fs::read_to_string(dir.join(format!("{name}.ron"))).unwrap();
        assert_eq!(v["variant_hash"], maze::generate::variant_hash(&text));
        // Maze k from item_seed(3, name, k), as maze generate's first search makes it.
        let file = maze::file::parse_file(name, &text).unwrap();
        let settings = file.generate.clone().unwrap();
        let outcomes: Vec<maze::generate::Outcome> = (0..COUNT as u64)
            .map(|k| {
                let seed = maze::generate::item_seed(3, name, k);
                maze::generate::generate(&settings, None, seed, &mut |_| {}).unwrap()
            })
            .collect();
        let mazes: Vec<Value> = outcomes
            .iter()
            .map(|o| {
                serde_json::json!({
                    "passed": o.passed(),
                    "features": serde_json::to_value(&o.features).unwrap(),
                })
            })
            .collect();
        let lengths: Vec<f64> = mazes
            .iter()
            .filter_map(|m| m["features"]["shortest_length"].as_f64())
            .collect();
        let count = |f: &dyn Fn(&Value) -> bool| mazes.iter().filter(|m| f(m)).count();
        assert_eq!(v["mazes"], COUNT);
        assert_eq!(v["shortest_length"]["values"], serde_json::json!(lengths));
        assert_eq!(v["shortest_length"]["n"], lengths.len());
        let min = lengths.iter().copied().fold(f64::INFINITY, f64::min);
        let max = lengths.iter().copied().fold(0.0, f64::max);
        assert_eq!(v["shortest_length"]["min"], min);
        assert_eq!(v["shortest_length"]["max"], max);
        let mean = lengths.iter().sum::<f64>() / lengths.len() as f64;
        assert!((v["shortest_length"]["mean"].as_f64().unwrap() - mean).abs() < 1e-9);
        let unique = count(&|m| m["features"]["unique_shortest"] == true);
        assert_eq!(v["unique_shortest"], unique);
        assert_eq!(v["unique_rate"], unique as f64 / COUNT as f64);
        let holes = count(&|m| m["features"]["black_holes"]["count"].as_u64() != Some(0));
        assert_eq!(v["with_black_holes"], holes);
        assert_eq!(v["black_hole_rate"], holes as f64 / COUNT as f64);
        assert_eq!(v["passed_gates"], count(&|m| m["passed"] == true));
        let reachable: Vec<f64> = mazes
            .iter()
            .map(|m| m["features"]["reachable"].as_f64().unwrap())
            .collect();
        assert_eq!(v["reachable"]["values"], serde_json::json!(reachable));
        // Distinct puzzles: the accepted mazes that repeat no earlier one.
        let mut made = maze::generate::Made::default();
        for (k, o) in outcomes.iter().enumerate() {
            let _ = made.admit(k as u64, o);
        }
        assert_eq!(v["distinct_puzzles"], made.len());
        let distinct = v["distinct_puzzles"].as_u64().unwrap();
        assert!(distinct >= 1 && distinct <= v["passed_gates"].as_u64().unwrap());
        let times = v["generation_ms"]["values"].as_array().unwrap();
        assert_eq!(times.len(), COUNT);
        assert!(times.iter().all(|t| t.as_f64().unwrap() > 0.0));
    }
    // Everything but the times reproduces, whatever the threads.
    let again = compare(&dir, &["--json", "--jobs", "1"]);
    let mut b: Value = serde_json::from_str(&stdout(&again)).unwrap();
    let mut a = doc;
    for doc in [&mut a, &mut b] {
        for v in doc["variants"].as_array_mut().unwrap() {
            v.as_object_mut().unwrap().remove("generation_ms");
        }
    }
    assert_eq!(a, b);
}

#[test]
fn the_text_table_puts_the_variants_side_by_side() {
    let dir = files("text");
    let o = compare(&dir, &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    let header = lines.iter().find(|l| l.contains("little_rook")).unwrap();
    assert!(
        header.find("little_rook") < header.find("little_queen"),
        "{header}"
    );
    for row in [
        "mazes",
        "passed gates",
        "unique shortest",
        "with black holes",
        "distinct puzzles",
        "shortest length min/med/mean/max",
        "forward decisions min/med/mean/max",
        "reachable min/med/mean/max",
        "generation time (ms) min/med/mean/max",
    ] {
        let line = lines
            .iter()
            .find(|l| l.starts_with(row))
            .unwrap_or_else(|| panic!("no row {row} in\n{text}"));
        // One cell per variant.
        if row == "mazes" {
            assert_eq!(
                line.split_whitespace().collect::<Vec<_>>(),
                ["mazes", "6", "6"]
            );
        }
    }
}

#[test]
fn the_page_draws_each_feature_on_one_axis_for_every_variant() {
    let dir = files("html");
    let o = compare(&dir, &["--html", "compare.html"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = std::fs::read_to_string(dir.join("compare.html")).unwrap();
    let options = roxmltree::ParsingOptions {
        allow_dtd: true,
        ..Default::default()
    };
    let doc = roxmltree::Document::parse_with_options(&text, options).unwrap();
    let sections: Vec<_> = doc
        .descendants()
        .filter(|n| n.has_tag_name("section"))
        .collect();
    let ids: Vec<&str> = sections
        .iter()
        .map(|s| s.attribute("id").unwrap())
        .collect();
    assert_eq!(
        ids,
        [
            "shortest_length",
            "forward_decisions",
            "reachable",
            "grade",
            "mechanic_moves",
            "generation_ms"
        ]
    );
    for section in sections {
        let charts: Vec<_> = section
            .descendants()
            .filter(|n| n.has_tag_name("svg"))
            .collect();
        assert_eq!(charts.len(), 2, "one histogram per variant");
        let bars = |chart: &roxmltree::Node| -> Vec<(String, String, u64)> {
            chart
                .descendants()
                .filter(|n| n.has_tag_name("rect"))
                .map(|n| {
                    (
                        n.attribute("data-lo").unwrap().to_string(),
                        n.attribute("data-hi").unwrap().to_string(),
                        n.attribute("data-count").unwrap().parse().unwrap(),
                    )
                })
                .collect()
        };
        let (a, b) = (bars(&charts[0]), bars(&charts[1]));
        let edges = |bars: &[(String, String, u64)]| {
            bars.iter()
                .map(|(lo, hi, _)| (lo.clone(), hi.clone()))
                .collect::<Vec<_>>()
        };
        let id = section.attribute("id").unwrap();
        assert!(!a.is_empty(), "{id}");
        assert_eq!(edges(&a), edges(&b), "{id}: the same bins");
        // Each histogram counts every maze that has the feature once.
        for bars in [&a, &b] {
            let counted: u64 = bars.iter().map(|(_, _, c)| c).sum();
            assert!(counted <= COUNT as u64, "{id}");
            if id == "reachable" || id == "generation_ms" {
                assert_eq!(counted, COUNT as u64, "{id}");
            }
        }
        // The same y scale: the tallest bar of either is drawn at full height.
        let heights: Vec<f64> = charts
            .iter()
            .flat_map(|c| c.descendants().filter(|n| n.has_tag_name("rect")))
            .map(|n| n.attribute("height").unwrap().parse().unwrap())
            .collect();
        let top = heights.iter().copied().fold(0.0, f64::max);
        let most = a.iter().chain(&b).map(|(_, _, c)| *c).max().unwrap();
        for (h, (_, _, c)) in heights.iter().zip(a.iter().chain(&b)) {
            assert!((h - top * *c as f64 / most as f64).abs() < 0.11, "{id}");
        }
    }
}
