//! `maze`: solve, analyze, generate, render and play logic mazes of every variant.

mod analyze;
mod batch;
mod check;
mod compare;
mod exhaust;
mod failure;
mod generate;
mod graph;
mod learn;
mod load;
mod output;
mod play;
mod print;
mod render;
mod solve;
mod studio;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use failure::Failure;

/// The first instruction set extension this build was compiled for and the CPU lacks, so
/// that an old CPU gets a sentence instead of an illegal-instruction crash.
fn missing_cpu_feature() -> Option<&'static str> {
    #[cfg(target_arch = "x86_64")]
    {
        macro_rules! check {
            ($($f:tt),*) => {
                $(if cfg!(target_feature = $f) && !std::is_x86_feature_detected!($f) {
                    return Some($f);
                })*
            };
        }
        check!("popcnt", "bmi1", "bmi2", "lzcnt", "avx2");
    }
    None
}

/// Logic-maze engines for designers, publishers and teachers.
///
/// A maze file is RON: `Maze(rules: Jumping(tiling: Square, moves: Rook), board: ["3 1 G", ...],
/// start: (0, 0))`. See the bundled `variants/*.ron` for every rule variant.
///
/// Exit status, for every command: 0 when it did its job and the answer is yes; 1 when the
/// answer is no (`solve`: no solution; `check`: a maze is not publishable; `generate` and
/// `batch`: a maze failed its gates or the settings ran out of distinct puzzles); 2 when it
/// could not do its job (a file that cannot be read or is invalid, bad arguments, a failed write).
#[derive(Debug, Parser)]
#[command(name = "maze", version, propagate_version = true, max_term_width = 100)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    Solve(solve::Args),
    Check(check::Args),
    Analyze(analyze::Args),
    Generate(generate::Args),
    Batch(batch::Args),
    Compare(compare::Args),
    Learn(learn::Args),
    Exhaust(exhaust::Args),
    Play(play::Args),
    Render(render::Args),
    Print(print::Args),
    Graph(graph::Args),
    Studio(studio::Args),
}

/// Prints clap's help, version or usage error and gives its status (0 for help and version,
/// 2 for a usage error), or 2 when the text cannot be written (`maze --help > /dev/full`);
/// a reader that closed the pipe (`maze --help | head -1`) changes nothing.
fn clap_exit(e: &clap::Error) -> ExitCode {
    match e.print() {
        Err(w) if w.kind() != std::io::ErrorKind::BrokenPipe => {
            output::say(&format!("error: cannot write to standard output: {w}\n"));
            ExitCode::from(2)
        }
        _ => ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(2)),
    }
}

fn main() -> ExitCode {
    if let Some(missing) = missing_cpu_feature() {
        output::say(&format!(
            "error: this build of maze needs a CPU with {missing} (x86-64-v3, set in .cargo/config.toml); \
             rebuild it for this machine with RUSTFLAGS=\"-C target-cpu=native\" cargo build --release -p maze-cli\n"
        ));
        return ExitCode::from(2);
    }
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return clap_exit(&e),
    };
    // Commands that write files remove their temporaries and lock when interrupted (not
    // `play`, whose terminal must be restored by the game itself).
    if matches!(cli.command, Command::Generate(_) | Command::Batch(_)) {
        maze::batch::clean_up_on_interrupt();
    }
    let result = match cli.command {
        Command::Solve(args) => args.run(),
        Command::Check(args) => args.run(),
        Command::Analyze(args) => args.run(),
        Command::Generate(args) => args.run(),
        Command::Batch(args) => args.run(),
        Command::Compare(args) => args.run(),
        Command::Learn(args) => args.run(),
        Command::Exhaust(args) => args.run(),
        Command::Play(args) => args.run(),
        Command::Render(args) => args.run(),
        Command::Print(args) => args.run(),
        Command::Graph(args) => args.run(),
        Command::Studio(args) => args.run(),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Negative(report)) => {
            if let Some(report) = report {
                output::say(&format!("{report:?}\n"));
            }
            ExitCode::from(1)
        }
        Err(Failure::Error) => ExitCode::from(2),
        Err(Failure::Closed) => ExitCode::SUCCESS,
        Err(Failure::Report(report)) => {
            output::say(&format!("{report:?}\n"));
            ExitCode::from(2)
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
