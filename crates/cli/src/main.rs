//! `maze`: solve, analyze, generate, render and play logic mazes of every variant.

mod analyze;
mod generate;
mod graph;
mod learn;
mod load;
mod output;
mod play;
mod render;
mod solve;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Logic-maze engines for designers, publishers and teachers.
///
/// A maze file is RON: `Maze(rules: Jumping(tiling: Square, moves: Rook), board: ["3 1 G", ...],
/// start: (0, 0))`. See the bundled `variants/*.ron` for every rule variant.
#[derive(Debug, Parser)]
#[command(name = "maze", version, propagate_version = true, max_term_width = 100)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    Solve(solve::Args),
    Analyze(analyze::Args),
    Generate(generate::Args),
    Learn(learn::Args),
    Play(play::Args),
    Render(render::Args),
    Graph(graph::Args),
}

/// What a subcommand reports when it fails: a diagnostic already printed, or an error to print.
pub(crate) enum Failure {
    /// A maze-file diagnostic or other error, printed with miette.
    Report(miette::Report),
}

impl<E: miette::Diagnostic + Send + Sync + 'static> From<Box<E>> for Failure {
    fn from(e: Box<E>) -> Self {
        Failure::Report(miette::Report::new_boxed(e))
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Solve(args) => args.run(),
        Command::Analyze(args) => args.run(),
        Command::Generate(args) => args.run(),
        Command::Learn(args) => args.run(),
        Command::Play(args) => args.run(),
        Command::Render(args) => args.run(),
        Command::Graph(args) => args.run(),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Report(report)) => {
            eprintln!("{report:?}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    #[test]
    fn cli_definition_is_consistent() {
        super::Cli::command().debug_assert();
    }
}
