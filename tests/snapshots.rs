//! Snapshots of every bundled variant: its state graph as text (one line per state with its
//! moves) and its feature report (the file is shown with its generation settings), in the top-level `snapshots/` folder. A rule change shows up
//! in review as the states and moves it changed.

use std::fmt::Write;

use maze::features::report;
use maze::file::MazeFile;
use maze::graph::Rules;

use crate::common::{Analyzed, read, root};

/// The text a designer reviews for one maze file.
pub(crate) fn snapshot_text(a: &Analyzed, file: &MazeFile) -> String {
    let f = &a.features;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} states, {} moves; start {}",
        f.n_states,
        f.n_moves,
        a.name(a.compiled.start())
    );
    let _ = writeln!(out, "\n# Maze\n");
    out.push_str(&maze::file::write_file(file, &[]));
    let _ = writeln!(out, "\n# State graph (state: directions -> state)\n");
    out.push_str(&a.graph.describe(|s| a.name(s)));
    let _ = writeln!(out, "\n# Features\n");
    out.push_str(&report::text(f));
    let _ = writeln!(out, "\n# Energies\n");
    let _ = writeln!(out, "Neller     {}", report::neller_terms(f));
    let _ = writeln!(
        out,
        "GoalDepth  {}",
        report::number(maze::features::goal_depth(f))
    );
    if let Some(weights) = a.maze.rolling_block_weights() {
        let _ = writeln!(
            out,
            "RollingBlock {}",
            report::rolling_block_terms(f, weights)
        );
    }
    out
}

#[test]
fn variants() {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(root().join("snapshots"));
    settings.set_prepend_module_to_snapshot(false);
    settings.set_omit_expression(true);
    settings.bind(|| {
        insta::glob!("../variants", "*.ron", |path| {
            let src = std::fs::read_to_string(path).unwrap();
            let file = maze::file::parse_file(&path.display().to_string(), &src)
                .unwrap_or_else(|e| panic!("{}", e.one_line()));
            let a = Analyzed::new(read(path));
            insta::assert_snapshot!(snapshot_text(&a, &file));
        });
    });
}
