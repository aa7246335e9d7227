//! The `maze` command on the bundled rolling-block samples: `solve` prints the rolls,
//! `analyze` the RollingBlock score in text and JSON, and `--format eaai` refuses them.
#![allow(clippy::unwrap_used)]

use std::path::PathBuf;

use assert_cmd::cargo::cargo_bin_cmd;

fn sample(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../variants")
        .join(name)
}

fn run(args: &[&str], file: &str) -> (bool, String, String) {
    let out = cargo_bin_cmd!("maze")
        .args(args)
        .arg(sample(file))
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn solve_prints_the_rolls() {
    let (ok, out, _) = run(&["solve"], "rolling_block_fragile.ron");
    assert!(ok);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines,
        [
            "E E E S S S W W N W S E E N W S E E E N W N W S E S E S",
            "28 moves, not unique: 2 shortest paths"
        ]
    );
}

#[test]
fn analyze_reports_the_rolling_block_score() {
    let (ok, out, _) = run(&["analyze"], "rolling_block_1x2x3.ron");
    assert!(ok);
    assert!(out.contains("rolling-block maze RollingBlock(block: (1, 2, 3)), 6 x 8"));
    assert!(out.contains("shortest_length       30"));
    let score = out.lines().find(|l| l.starts_with("RollingBlock")).unwrap();
    assert!(
        score.contains("= -(reachable 0.05·111 + shortest_length 1·30"),
        "{score}"
    );
}

#[test]
fn analyze_json_has_the_score_and_its_terms() {
    let (ok, out, _) = run(&["analyze", "--json"], "rolling_block.ron");
    assert!(ok);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let energy = v["energy"]["RollingBlock"].as_f64().unwrap();
    let score = v["rolling_block"]["score"].as_f64().unwrap();
    assert_eq!(energy, -score);
    let terms = v["rolling_block"]["terms"].as_array().unwrap();
    let names: Vec<&str> = terms
        .iter()
        .map(|t| t["feature"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "reachable",
            "shortest_length",
            "branches",
            "blocks",
            "turns",
            "average_loop_length"
        ]
    );
    let sum: f64 = terms.iter().map(|t| t["product"].as_f64().unwrap()).sum();
    assert!((sum - score).abs() < 1e-9);
    // Each term's value is the feature reported beside it.
    for t in terms {
        let name = t["feature"].as_str().unwrap();
        assert_eq!(t["value"].as_f64(), v[name].as_f64(), "{name}");
    }
    assert_eq!(v["depths"]["(0,0) 1x1x2"], 0);
}

#[test]
fn jumping_mazes_have_no_rolling_block_score() {
    let (ok, out, _) = run(&["analyze", "--json"], "rook.ron");
    assert!(ok);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(v["energy"].get("RollingBlock").is_none());
    assert!(v.get("rolling_block").is_none());
}

#[test]
fn eaai_format_refuses_rolling_blocks() {
    let (ok, out, err) = run(&["analyze", "--format", "eaai"], "rolling_block.ron");
    assert!(!ok);
    assert!(out.is_empty());
    assert!(err.contains("jumping mazes only"), "{err}");
}
