//! `cargo xtask fuzz`: runs the cargo-fuzz targets of `fuzz/` one after the other for a
//! given time, each from a seed corpus of the bundled variants and the test fixtures.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::paths::workspace_root;

/// The targets in `fuzz/fuzz_targets/`, in the order they run.
pub(crate) const TARGETS: [&str; 3] = ["read_file", "analyze", "rules"];

/// Run the fuzz targets (nightly Rust and cargo-fuzz: `scripts/install-fuzz.sh`).
///
/// Each target runs for --time seconds on one core, at the lowest priority (`nice -n 19`,
/// the machine is shared), from its corpus in fuzz/corpus/TARGET, seeded with every
/// variants/*.ron and tests/fixtures/**/*.ron. A crash stops the run and leaves the input in
/// fuzz/artifacts/TARGET: turn it into a regression test in the relevant crate's tests/.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// Seconds per target.
    #[arg(long, default_value_t = 60)]
    time: u64,
    /// Stop each target after this many executions instead (a campaign of a given size,
    /// for example `--runs 10000000`); --time still bounds it.
    #[arg(long, value_name = "N")]
    runs: Option<u64>,
    /// Run this many fuzzing processes side by side on one corpus (libFuzzer's `-jobs`);
    /// --runs is then shared among them, and the executions of all are added up.
    #[arg(long, default_value_t = 1, value_name = "N")]
    jobs: u64,
    /// Only this target (read_file: the maze-file reader with generation settings and its
    /// diagnostics; analyze: parse, compile and analyze; rules: random rules built from the
    /// rule model's parts, read, compiled and analyzed).
    #[arg(value_parser = clap::builder::PossibleValuesParser::new(TARGETS))]
    target: Option<String>,
}

pub(crate) fn run(args: &Args) -> Result<(), String> {
    let root = workspace_root();
    let targets: Vec<&str> = match &args.target {
        Some(t) => vec![t.as_str()],
        None => TARGETS.to_vec(),
    };
    let seeds = seed_files(&root)?;
    for target in targets {
        let corpus = root.join("fuzz/corpus").join(target);
        std::fs::create_dir_all(&corpus).map_err(|e| format!("{}: {e}", corpus.display()))?;
        for seed in &seeds {
            // Named after the path, so the seeds of different folders never collide.
            let rel = seed.strip_prefix(&root).unwrap_or(seed);
            let name = format!("seed-{}", rel.display()).replace(['/', '\\'], "_");
            std::fs::copy(seed, corpus.join(name))
                .map_err(|e| format!("{}: {e}", seed.display()))?;
        }
        println!("== fuzzing {target} for {} s", args.time);
        let jobs = args.jobs.max(1);
        let logs = root.join("target/fuzz-logs").join(target);
        if jobs > 1 {
            // libFuzzer writes each job's log as fuzz-N.log in its working folder.
            let _ = std::fs::remove_dir_all(&logs);
            std::fs::create_dir_all(&logs).map_err(|e| format!("{}: {e}", logs.display()))?;
        }
        let status = Command::new("nice")
            .args([
                "-n", "19", "cargo", "+nightly", "fuzz", "run", "-O", "-s", "none",
            ])
            .arg(target)
            .arg("--fuzz-dir")
            .arg(root.join("fuzz"))
            .args(["--", "-print_final_stats=1"])
            .arg(format!("-max_total_time={}", args.time))
            .args(args.runs.map(|n| format!("-runs={}", n.div_ceil(jobs))))
            .args(
                (jobs > 1)
                    .then(|| [format!("-jobs={jobs}"), format!("-workers={jobs}")])
                    .into_iter()
                    .flatten(),
            )
            .current_dir(if jobs > 1 {
                logs.clone()
            } else {
                root.join("fuzz")
            })
            .status()
            .map_err(|e| {
                format!(
                    "cannot run cargo +nightly fuzz ({e}); install it with scripts/install-fuzz.sh"
                )
            })?;
        if !status.success() {
            return Err(format!(
                "fuzz target {target} failed ({status}): the crashing input is in fuzz/artifacts/{target}"
            ));
        }
        if jobs > 1 {
            let (runs, seconds) = totals(&logs)?;
            println!(
                "== {target}: {runs} executions in {seconds} s of {jobs} jobs, no crash (logs in {})",
                logs.display()
            );
        }
    }
    Ok(())
}

/// The executions and seconds the job logs in `logs` report, added up.
fn totals(logs: &Path) -> Result<(u64, u64), String> {
    let (mut runs, mut seconds) = (0, 0);
    for entry in std::fs::read_dir(logs).map_err(|e| format!("{}: {e}", logs.display()))? {
        let text = std::fs::read_to_string(entry.map_err(|e| e.to_string())?.path())
            .map_err(|e| e.to_string())?;
        let (r, s) = stats(&text);
        runs += r;
        seconds = seconds.max(s);
    }
    Ok((runs, seconds))
}

/// `stat::number_of_executed_units` and `stat::average_exec_per_sec`'s run time from one
/// log's final statistics (libFuzzer's `-print_final_stats=1`): executions and seconds.
fn stats(log: &str) -> (u64, u64) {
    let value = |key: &str| {
        log.lines()
            .filter_map(|l| l.strip_prefix(key))
            .filter_map(|v| v.trim().parse::<u64>().ok())
            .next_back()
            .unwrap_or(0)
    };
    let runs = value("stat::number_of_executed_units:");
    let per_second = value("stat::average_exec_per_sec:");
    (runs, runs.checked_div(per_second).unwrap_or(0))
}

/// variants/*.ron and tests/fixtures/**/*.ron, sorted.
fn seed_files(root: &Path) -> Result<Vec<PathBuf>, String> {
    let mut found = Vec::new();
    let mut dirs = vec![root.join("variants"), root.join("tests/fixtures")];
    while let Some(dir) = dirs.pop() {
        let entries = std::fs::read_dir(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        for entry in entries {
            let path = entry.map_err(|e| e.to_string())?.path();
            if path.is_dir() {
                // Only the fixtures are searched below the top folder.
                if path.starts_with(root.join("tests/fixtures")) {
                    dirs.push(path);
                }
            } else if path.extension().is_some_and(|e| e == "ron") {
                found.push(path);
            }
        }
    }
    found.sort();
    Ok(found)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    #[test]
    fn the_seed_corpus_holds_every_variant_and_fixture() {
        let seeds = super::seed_files(&crate::paths::workspace_root()).unwrap();
        let names: Vec<String> = seeds
            .iter()
            .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
            .collect();
        assert!(names.contains(&"rook.ron".to_string()));
        assert!(
            seeds
                .iter()
                .any(|p| p.to_string_lossy().contains("fixtures/families/"))
        );
        assert!(seeds.iter().all(|p| p.extension().unwrap() == "ron"));
    }

    #[test]
    fn final_statistics_are_read_from_a_log() {
        let log = "INFO: Seed: 1\n#100 DONE cov: 1\nstat::number_of_executed_units: 5000000\nstat::average_exec_per_sec:     2500\nstat::new_units_added:        10\n";
        assert_eq!(super::stats(log), (5_000_000, 2_000));
        assert_eq!(super::stats("no statistics"), (0, 0));
    }

    #[test]
    fn every_target_has_its_source() {
        for target in super::TARGETS {
            let source =
                crate::paths::workspace_root().join(format!("fuzz/fuzz_targets/{target}.rs"));
            assert!(source.is_file(), "{}", source.display());
        }
    }
}
