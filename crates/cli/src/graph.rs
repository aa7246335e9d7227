//! `maze graph`: a maze's state graph as Graphviz DOT or JSON.

use std::path::PathBuf;

use maze::graph::{Rules, state_graph};

use crate::load::load;
use crate::output::emit;

/// Export formats of `maze graph`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Format {
    /// Graphviz: start a box, goal a double circle, black holes dark, white holes dashed,
    /// unreachable states grey, the solution red; edges labelled with their directions.
    Dot,
    /// {"directions", "nodes": [{id, name, start, goal, depth, role}], "edges": [{source,
    /// target, directions, solution}], "features"}.
    Json,
}

/// Export the state graph: every state (reachable or not) and every move between states.
///
/// Roles: goal, ordinary (reachable and reaching the goal), black_hole (reachable, cannot
/// reach the goal), white_hole (unreachable, reaches the goal), unreachable (neither).
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The maze file (RON).
    file: PathBuf,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Dot)]
    format: Format,
    /// Write to this file instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
    #[command(flatten)]
    limit: crate::load::Limit,
}

impl Args {
    pub(crate) fn run(self) -> Result<(), crate::failure::Failure> {
        let loaded = load(&self.file, self.limit)?;
        let graph = state_graph(&loaded.compiled);
        let mut features = maze::features::analyze(&graph, loaded.maze.blocks());
        features.mechanic_moves = maze::features::mechanic_moves(&loaded.compiled, &features);
        let name = |s| loaded.compiled.state_name(s);
        let text = match self.format {
            Format::Dot => maze::render::dot(&graph, &features, name),
            Format::Json => maze::render::json(&graph, &features, name),
        };
        emit(self.output.as_deref(), &text)
    }
}
