//! `maze exhaust`: every filling of a small board's jump numbers, and the longest unique
//! shortest solution among those without black holes.

use std::path::PathBuf;
use std::time::Instant;

use maze::generate::{ExhaustError, exhaust};
use serde::Serialize;

use crate::load::load;
use crate::output::{emit, say};

/// Walk every configuration of a small board and report the longest shortest solution.
///
/// Every ordinary cell other than the goal (the start included) takes each jump number
/// from 1 to --max-jump that has a legal move from it; the goal and every other kind of
/// cell stay as the file has them. Among the configurations with a unique shortest solution
/// and no black holes, the command reports the longest shortest solution, how many
/// configurations reach it and the first of them (as a maze file), as in Neller et al.'s
/// exhaustive study of small Rook Jumping Mazes.
///
/// The walk is a Gray code (each configuration differs from the one before in one cell, one
/// table step of the generator's word engine), so a 4 x 4 rook board with the start in one
/// corner and the goal in the other (about 2.8 million configurations) takes about a second.
/// Plain jump-number rules only, on boards of at most 1024 states.
///
/// Example: `maze exhaust tests/fixtures/exhaustive/rook_4x4.ron`
///
/// Exit status: 0 when some configuration passes, 1 when none does, 2 when the file cannot
/// be read or the board is too large or unsupported.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The maze file (RON): its board, start and goal; its numbers are replaced.
    file: PathBuf,
    /// The largest jump number to try.
    #[arg(long, default_value_t = maze::variants::board::MAX_JUMP)]
    max_jump: u8,
    /// Refuse boards with more configurations than this.
    #[arg(long, default_value_t = 100_000_000)]
    limit: u64,
    /// Print JSON: {"configurations", "passing", "longest", "reaching_longest", "seconds",
    /// "example"} (the example as maze-file text).
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    state_limit: crate::load::Limit,
}

#[derive(Serialize)]
struct Report {
    configurations: u64,
    passing: u64,
    longest: Option<u32>,
    reaching_longest: u64,
    seconds: f64,
    example: Option<String>,
}

impl Args {
    pub(crate) fn run(self) -> Result<(), crate::failure::Failure> {
        let loaded = load(&self.file, self.state_limit)?;
        let started = Instant::now();
        let found = exhaust(&loaded.maze, self.max_jump, self.limit, &mut |n| {
            if !self.json {
                say(&format!("\r{n} configurations"));
            }
        })
        .map_err(|e: ExhaustError| {
            say(&format!("error: {e}\n"));
            crate::failure::Failure::Error
        })?;
        if !self.json {
            say("\n");
        }
        let report = Report {
            configurations: found.configurations,
            passing: found.passing,
            longest: found.longest,
            reaching_longest: found.reaching_longest,
            seconds: started.elapsed().as_secs_f64(),
            example: found.example.map(|m| maze::variants::write(&m, &[])),
        };
        let text = if self.json {
            let text = serde_json::to_string_pretty(&report).map_err(|e| {
                say(&format!("error: {e}\n"));
                crate::failure::Failure::Error
            })?;
            format!("{text}\n")
        } else {
            let mut text = format!(
                "configurations: {}\nwith a unique shortest solution and no black holes: {}\n",
                report.configurations, report.passing
            );
            match report.longest {
                Some(l) => text.push_str(&format!(
                    "longest shortest solution: {l} moves, reached by {} configurations\n",
                    report.reaching_longest
                )),
                None => text.push_str("longest shortest solution: none passes\n"),
            }
            text.push_str(&format!("time: {:.2} s\n", report.seconds));
            if let Some(example) = &report.example {
                text.push_str(&format!(
                    "\nthe first configuration that reaches it:\n\n{example}\n"
                ));
            }
            text
        };
        emit(None, &text)?;
        match found.longest {
            Some(_) => Ok(()),
            None => Err(crate::failure::Failure::Negative(None)),
        }
    }
}
