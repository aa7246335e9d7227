//! `maze solve`: the shortest solution of a maze.

use std::path::PathBuf;

use maze_graph::Adjacency;
use serde::Serialize;

use crate::load::load;

/// Print the shortest solution: its moves, its length, and whether it is unique.
///
/// The solution is the first shortest path in the tiling's direction order (square:
/// N NE E SE S SW W NW; hex and triangle: E NE NW W SW SE; rolling block: N E S W).
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The maze file (RON).
    file: PathBuf,
    /// Print JSON: {"shortest_length", "shortest_paths", "unique_shortest", "solution"}.
    #[arg(long)]
    json: bool,
}

#[derive(Serialize)]
struct Solution<'a> {
    shortest_length: Option<u32>,
    shortest_paths: u64,
    unique_shortest: bool,
    solution: &'a [&'static str],
}

impl Args {
    pub(crate) fn run(self) -> Result<(), crate::Failure> {
        let loaded = load(&self.file)?;
        // Features need only the flat graph; no petgraph round trip.
        let f = maze_features::features(
            &Adjacency::from_rules(&loaded.compiled),
            loaded.maze.blocks(),
        );
        let moves = f.solution.as_deref().unwrap_or(&[]);
        if self.json {
            let out = Solution {
                shortest_length: f.shortest_length,
                shortest_paths: f.shortest_paths,
                unique_shortest: f.unique_shortest,
                solution: moves,
            };
            println!("{}", serde_json::to_string(&out).unwrap_or_default());
            return Ok(());
        }
        match f.shortest_length {
            None => println!("The goal cannot be reached from the start: no solution."),
            Some(length) => {
                println!("{}", moves.join(" "));
                let uniqueness = if f.unique_shortest {
                    "unique".to_string()
                } else {
                    format!("not unique: {} shortest paths", f.shortest_paths)
                };
                println!(
                    "{length} move{}, {uniqueness}",
                    if length == 1 { "" } else { "s" }
                );
            }
        }
        Ok(())
    }
}
