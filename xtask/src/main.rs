//! `cargo xtask`: project automation that orchestrates the libraries and the `maze` binary;
//! it holds no engine logic.

mod against;
mod against_cli;
mod alloc;
mod batch;
mod bench;
mod cpu;
mod fuzz;
mod gallery;
mod generate_bench;
mod measure;
mod paths;
mod print_bench;
mod quality;
mod random;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

// Counts heap bytes for `cargo xtask bench analyze`'s bytes per state.
#[global_allocator]
static ALLOCATOR: alloc::Counting = alloc::Counting;

/// Project automation for the maze workspace.
#[derive(Debug, Parser)]
#[command(name = "cargo xtask", max_term_width = 100)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    Batch(batch::Args),
    Bench(bench::Args),
    Fuzz(fuzz::Args),
    Gallery(gallery::Args),
    /// Runs a command and writes its wall time and peak memory to a file: what the
    /// benchmarks measure a command with, from a process of its own.
    #[command(hide = true)]
    Measure(measure::Args),
    Quality(quality::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Batch(args) => batch::run(&args),
        Command::Bench(args) => bench::run(&args),
        Command::Fuzz(args) => fuzz::run(&args),
        Command::Gallery(args) => gallery::run(&args),
        Command::Measure(args) => measure::run(&args),
        Command::Quality(args) => quality::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
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
