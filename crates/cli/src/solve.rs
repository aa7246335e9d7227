//! `maze solve`: the shortest solution of a maze.

use std::fmt::Write as _;
use std::path::PathBuf;

use serde::Serialize;

use crate::load::load_compiled;

/// Print the shortest solution: its moves, its length, and whether it is unique.
///
/// The solution is the first shortest path in the tiling's direction order (square:
/// N NE E SE S SW W NW; hex and triangle: E NE NW W SW SE; rolling block: N E S W, then
/// with a split switch the cubes' c1N c1E c1S c1W c2N ... (first cube in reading order first),
/// or with several blocks the second block's 2N 2E 2S 2W and so on).
///
/// Path counts are exact up to 18,446,744,073,709,551,614 (the published Bloxorz stages peak
/// near 4.2e16); a count that reaches 18,446,744,073,709,551,615 stops there and is reported
/// as "at least" that, with `"shortest_paths_exact": false` in JSON.
///
/// Exit status: 0 when the maze has a solution, 1 when the goal cannot be reached, 2 when the
/// file cannot be read.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The maze file (RON).
    file: PathBuf,
    /// Print JSON: {"shortest_length", "shortest_paths", "shortest_paths_exact",
    /// "unique_shortest", "solution"}.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    limit: crate::load::Limit,
}

#[derive(Serialize)]
struct Solution<'a> {
    shortest_length: Option<u32>,
    shortest_paths: u64,
    /// False when the count saturated at `u64::MAX`: there are at least that many.
    shortest_paths_exact: bool,
    unique_shortest: bool,
    solution: &'a [&'static str],
}

impl Args {
    pub(crate) fn run(self) -> Result<(), crate::failure::Failure> {
        // Only what is reported, read straight from the compiled rules: no flat graph, no
        // petgraph round trip (the board moves from the maze as read into the engine), so
        // that the peak holds one form of the maze and the search's bitsets and order.
        let compiled = load_compiled(&self.file, self.limit)?;
        let f = maze::features::solve_rules(&compiled);
        drop(compiled);
        let moves = f.solution.as_deref().unwrap_or(&[]);
        let unique_shortest = f.shortest_paths == 1;
        if self.json {
            let out = Solution {
                shortest_length: f.shortest_length,
                shortest_paths: f.shortest_paths,
                shortest_paths_exact: f.shortest_paths < u64::MAX,
                unique_shortest,
                solution: moves,
            };
            let json = serde_json::to_string(&out).unwrap_or_default();
            crate::output::emit(None, &format!("{json}\n"))?;
            return solved(f.shortest_length);
        }
        match f.shortest_length {
            None => crate::output::emit(
                None,
                "The goal cannot be reached from the start: no solution.\n",
            )?,
            Some(length) => {
                let mut text = format!("{}\n", moves.join(" "));
                let uniqueness = if unique_shortest {
                    "unique".to_string()
                } else if f.shortest_paths == u64::MAX {
                    format!(
                        "not unique: at least {} shortest paths (the count stops at 2^64 - 1)",
                        f.shortest_paths
                    )
                } else {
                    format!("not unique: {} shortest paths", f.shortest_paths)
                };
                let _ = writeln!(
                    text,
                    "{length} move{}, {uniqueness}",
                    if length == 1 { "" } else { "s" }
                );
                crate::output::emit(None, &text)?;
            }
        }
        solved(f.shortest_length)
    }
}

/// Exit status 1 when the maze has no solution.
fn solved(length: Option<u32>) -> Result<(), crate::failure::Failure> {
    match length {
        Some(_) => Ok(()),
        None => Err(crate::failure::Failure::Negative(None)),
    }
}
