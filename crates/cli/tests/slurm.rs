//! The guide's Slurm recipe on a real scheduler: a job array of `maze batch --shard I/N`, then
//! `--summarize` in a job that waits for the array, on the single-node cluster that
//! `scripts/start-slurm.sh` starts (Debian's `slurm-wlm` and `munge`, installed by
//! `scripts/install-test-deps.sh`). Its folder must be byte-identical to the same batch made by
//! one process. Without a cluster the test says so and passes, except under CI (`CI` set),
//! where it must run.
#![allow(clippy::unwrap_used)]

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::{maze_in, stderr, temp_dir, tree};

/// Two families, so that every shard gets a share of each: a small rook board and a small
/// rolling-block board, both quick to search.
const FILES: [(&str, &str); 2] = [
    (
        "rooks.ron",
        "// Small rook mazes.
Maze(
    rules: Jumping(tiling: Square, moves: Rook),
    board: [\"1 1 1 1\", \"1 1 1 1\", \"1 1 1 1\", \"1 1 1 G\"],
    start: (0, 0),
    generate: (
        goal: Random,
        gates: (solvable: true, unique_shortest: true, no_black_holes: true),
        search: HillDescent(iterations: 150),
    ),
)
",
    ),
    (
        "blocks.ron",
        "// Small rolling-block stages.
Maze(
    rules: RollingBlock(block: (1, 1, 2)),
    board: [
        \"S.....\",
        \"......\",
        \".#..#.\",
        \"......\",
        \".....G\",
    ],
    generate: (
        objective: RollingBlock(),
        gates: (solvable: true, unique_shortest: true, no_black_holes: true),
        search: HillDescent(iterations: 100),
    ),
)
",
    ),
];

/// Whether a Slurm node answers.
fn cluster_up() -> bool {
    Command::new("sinfo")
        .args(["-h", "-o", "%T"])
        .output()
        .is_ok_and(|o| {
            o.status.success()
                && String::from_utf8_lossy(&o.stdout)
                    .lines()
                    .any(|s| matches!(s.trim(), "idle" | "mixed" | "allocated"))
        })
}

/// Runs `sbatch` with `args` in `dir`; its standard output, trimmed.
fn sbatch(dir: &Path, args: &[&str]) -> String {
    let o = Command::new("sbatch")
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap();
    assert!(o.status.success(), "sbatch {args:?}: {}", stderr(&o));
    String::from_utf8_lossy(&o.stdout).trim().to_string()
}

/// The Slurm logs of the run, for a failure's message.
fn logs(dir: &Path) -> String {
    std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "log"))
        .map(|p| {
            format!(
                "{}:\n{}",
                p.display(),
                std::fs::read_to_string(&p).unwrap_or_default()
            )
        })
        .collect()
}

#[test]
fn a_slurm_job_array_of_shards_then_summarize_equals_one_machine() {
    if !cluster_up() {
        assert!(
            std::env::var_os("CI").is_none(),
            "no Slurm cluster: .ci/run runs scripts/start-slurm.sh before the tests"
        );
        eprintln!("skipped: no Slurm cluster (run scripts/start-slurm.sh as root)");
        return;
    }
    let dir = temp_dir("slurm-tests", "recipe");
    for (name, text) in FILES {
        std::fs::write(dir.join(name), text).unwrap();
    }
    let maze = PathBuf::from(env!("CARGO_BIN_EXE_maze"));
    let batch = format!(
        "{} batch rooks.ron blocks.ron --count 5 --seed 11",
        maze.display()
    );

    // The recipe: an array of three shards, then the summaries once every task succeeded.
    std::fs::write(
        dir.join("mazes.sh"),
        format!(
            "#!/bin/sh\n#SBATCH --array=0-2\n#SBATCH --cpus-per-task=1\n#SBATCH --output=shard-%a.log\n\
             {batch} --jobs \"$SLURM_CPUS_PER_TASK\" --shard \"$SLURM_ARRAY_TASK_ID/3\" --out sharded\n"
        ),
    )
    .unwrap();
    let job = sbatch(&dir, &["--parsable", "mazes.sh"]);
    let job = job.split(';').next().unwrap().to_string();
    // `--wait` returns when the summarizing job ends, with its exit status.
    let o = Command::new("sbatch")
        .args([
            "--wait",
            &format!("--dependency=afterok:{job}"),
            "--kill-on-invalid-dep=yes",
            "--output=summarize.log",
            "--wrap",
            &format!("{batch} --summarize --out sharded"),
        ])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert!(
        o.status.success(),
        "the summarizing job failed: {}\n{}",
        stderr(&o),
        logs(&dir)
    );

    let o = maze_in(
        &dir,
        &[
            "batch",
            "rooks.ron",
            "blocks.ron",
            "--count",
            "5",
            "--seed",
            "11",
            "--out",
            "single",
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));

    let (sharded, single) = (tree(&dir.join("sharded")), tree(&dir.join("single")));
    assert!(
        single.keys().any(|p| p.ends_with("summary.json")),
        "{:?}",
        single.keys()
    );
    assert_eq!(
        sharded.keys().collect::<Vec<_>>(),
        single.keys().collect::<Vec<_>>()
    );
    for (path, bytes) in &single {
        assert!(
            sharded[path] == *bytes,
            "{} differs between the Slurm run and one machine",
            path.display()
        );
    }
}
