//! `maze render` and `maze graph` end to end: the binary on bundled mazes, its files and
//! its failures.
#![allow(clippy::unwrap_used)]

mod common;
use common::maze;

fn stdout(args: &[&str]) -> String {
    let out = maze(args);
    assert!(
        out.status.success(),
        "maze {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn render_writes_svg_to_stdout_or_to_a_file() {
    let svg = stdout(&["render", "variants/rook.ron", "--solution", "--depths"]);
    assert!(svg.starts_with("<svg "), "{}", &svg[..80]);
    assert!(svg.ends_with("</svg>\n"));
    assert!(
        svg.contains("class=\"visits\"") && svg.contains("class=\"move-number\""),
        "the solution is drawn: badges on the cells reached and the move list"
    );
    assert!(
        svg.contains("fewest moves from the start"),
        "the depth legend is drawn"
    );

    let dir = std::env::temp_dir().join(format!("maze-cli-render-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("rook.svg");
    let file_arg = file.to_str().unwrap();
    let quiet = stdout(&[
        "render",
        "variants/rook.ron",
        "--solution",
        "--depths",
        "-o",
        file_arg,
    ]);
    assert_eq!(quiet, "", "nothing on stdout with -o");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), svg);
    std::fs::remove_dir_all(&dir).unwrap();

    let plain = stdout(&["render", "variants/rook.ron"]);
    assert!(
        !plain.contains("class=\"visits\"")
            && !plain.contains("move-number")
            && !plain.contains("unreachable")
    );
}

#[test]
fn graph_exports_dot_by_default_and_json_on_request() {
    let dot = stdout(&["graph", "variants/queen.ron"]);
    assert!(dot.starts_with("digraph maze {"));
    assert!(dot.ends_with("}\n"));
    let json = stdout(&["graph", "variants/queen.ron", "--format", "json"]);
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    let n_states = value["features"]["n_states"].as_u64().unwrap();
    assert_eq!(value["nodes"].as_array().unwrap().len() as u64, n_states);
    assert_eq!(
        value["edges"].as_array().unwrap().len() as u64,
        value["features"]["n_moves"].as_u64().unwrap()
    );
}

#[test]
fn failures_are_reported_without_output() {
    let missing = maze(&["render", "variants/no-such-maze.ron"]);
    assert!(!missing.status.success());
    assert!(missing.stdout.is_empty());
    assert!(String::from_utf8_lossy(&missing.stderr).contains("cannot read maze file"));

    let unwritable = maze(&[
        "render",
        "variants/rook.ron",
        "-o",
        "no-such-folder/deeper/rook.svg",
    ]);
    assert!(!unwritable.status.success());
    assert!(String::from_utf8_lossy(&unwritable.stderr).contains("cannot write"));

    let bad_format = maze(&["graph", "variants/rook.ron", "--format", "png"]);
    assert!(!bad_format.status.success());
}
