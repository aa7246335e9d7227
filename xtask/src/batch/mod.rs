//! `cargo xtask batch`: the bundled variants' shortcut to `maze batch` (the `maze-batch`
//! crate): variants by name instead of by file, the same options, the same bytes.

pub(crate) mod bench;
#[cfg(test)]
mod tests;

use std::path::PathBuf;
use std::time::Instant;

use crate::quality::{bundled, stem};

/// Generate mazes of bundled variants for publishing: `maze batch variants/V.ron ...` with
/// the variants named instead of given as files (see `maze batch --help` for what it
/// writes, resuming and shards); the output is byte-identical to `maze batch`'s.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// A bundled variant, by name (the file stem in variants/, e.g. rook); repeat for several
    /// [default: every bundled variant].
    #[arg(long = "variant", value_name = "NAME")]
    variants: Vec<String>,
    #[command(flatten)]
    options: maze_batch::Options,
}

/// The files of the bundled variants `names` (every one when empty).
pub(crate) fn files(names: &[String]) -> Result<Vec<PathBuf>, String> {
    let files = bundled()?;
    if names.is_empty() {
        return Ok(files);
    }
    names
        .iter()
        .map(|name| {
            files
                .iter()
                .find(|p| stem(p) == *name)
                .cloned()
                .ok_or_else(|| {
                    let available: Vec<String> = files.iter().map(|p| stem(p)).collect();
                    format!(
                        "unknown variant `{name}`: the bundled variants are {}",
                        available.join(", ")
                    )
                })
        })
        .collect()
}

pub fn run(args: &Args) -> Result<(), String> {
    maze_batch::clean_up_on_interrupt();
    let config = maze_batch::Config::new(&files(&args.variants)?, &args.options)
        .map_err(|e| e.to_string())?;
    let started = Instant::now();
    println!("{}\n", maze_batch::intro(&config));
    let report = maze_batch::batch(&config, &maze_batch::progress(args.options.quiet))
        .map_err(|e| e.to_string())?;
    print!(
        "{}",
        maze_batch::outro(&config, &report, started.elapsed(), "cargo xtask batch")
    );
    Ok(())
}
