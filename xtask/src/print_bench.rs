//! `cargo xtask bench print`: the release `maze print` on a book of 100 puzzles with their
//! answers (target: under 5 s).

use std::process::Command;
use std::time::Duration;

/// The variants of the book: jumping mazes on the three tilings, rules with registers, and
/// rolling blocks, 10 puzzles each.
const VARIANTS: [&str; 10] = [
    "rook",
    "hex",
    "triangle",
    "queen",
    "toggle",
    "arrow",
    "walls",
    "switch",
    "rolling_block",
    "rolling_bridges",
];

/// How the benchmarks time a command: its wall time and peak memory.
/// Times `maze` (the release binary) printing the book.
pub(crate) fn run(runs: u32, maze: &std::path::Path) -> Result<(), String> {
    println!(
        "maze print: a book of 100 puzzles with answers, 4 to a page (release build, best of {runs})"
    );
    println!("target: under 5 s\n");
    let dir = crate::paths::target_dir().join("bench-print");
    if dir.exists() {
        std::fs::remove_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    let out = dir.join("batch");
    let root = crate::paths::workspace_root();
    // The puzzles: a batch with the variants' own budgets, so that every maze passes its
    // gates and the book has 100 (the printing is timed, not the generating).
    let mut batch = Command::new(maze);
    batch.arg("batch");
    for v in VARIANTS {
        batch.arg(root.join("variants").join(format!("{v}.ron")));
    }
    let status = batch
        .args(["--count", "10", "--quiet", "--out"])
        .arg(&out)
        .status()
        .map_err(|e| format!("cannot run maze batch: {e}"))?;
    if status.code().is_none_or(|c| c > 1) {
        return Err("maze batch failed".into());
    }
    let book = dir.join("book.pdf");
    let mut best = Duration::MAX;
    let mut memory = 0;
    for run in 0..runs {
        let mut print = Command::new(maze);
        print
            .arg("print")
            .arg(&out)
            .args(["--answers", "--per-page", "4", "-o"])
            .arg(&book);
        // The first run says what it printed.
        if run > 0 {
            print.arg("--quiet");
        }
        let (time, peak) = crate::measure::measure(&mut print, false)?;
        best = best.min(time);
        memory = memory.max(peak);
    }
    println!("\n| puzzles | time (s) | peak memory (MiB) | size (KiB) |");
    println!("|---:|---:|---:|---:|");
    println!(
        "| {} | {:.2} | {:.0} | {} |",
        walk_count(&out),
        best.as_secs_f64(),
        memory as f64 / (1024.0 * 1024.0),
        std::fs::metadata(&book).map_or(0, |m| m.len() / 1024)
    );
    println!();
    Ok(())
}

/// Accepted maze files under the batch folder.
fn walk_count(out: &std::path::Path) -> usize {
    VARIANTS
        .iter()
        .filter_map(|v| std::fs::read_dir(out.join(v)).ok())
        .flat_map(|entries| entries.filter_map(Result::ok))
        .filter(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            name.ends_with(".ron") && !name.ends_with(".rejected.ron")
        })
        .count()
}
