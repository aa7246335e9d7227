//! `maze batch` as a designer runs it, on variant files of their own outside `variants/`:
//! every file written, the same bytes from copies of the file in other folders (run from
//! other working directories), the same mazes as `maze generate`, exit statuses, and help
//! that teaches.
#![allow(clippy::unwrap_used)]

mod common;
use std::path::{Path, PathBuf};

use common::{maze_in, stderr, stdout, tree};

/// A designer's own rules: small rook mazes, quick to search.
const MINE: &str = "// My 4 x 4 rook mazes.
Maze(
    rules: Jumping(tiling: Square, moves: Rook),
    board: [\"1 1 1 1\", \"1 1 1 1\", \"1 1 1 1\", \"1 1 1 G\"],
    start: (0, 0),
    generate: (
        goal: Random,
        gates: (solvable: true),
        search: HillDescent(iterations: 150),
    ),
)
";

fn temp_dir(name: &str) -> PathBuf {
    common::temp_dir("batch-tests", name)
}

#[test]
fn a_batch_of_my_own_file_writes_every_file_and_the_same_bytes_from_any_folder() {
    let root = temp_dir("anywhere");
    // The same file in two folders, each run from its own working directory with a
    // relative path, into an output folder named differently.
    let mut outputs = Vec::new();
    for (place, out) in [("studio", "book"), ("elsewhere/deeper", "print run")] {
        let dir = root.join(place);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("mine.ron"), MINE).unwrap();
        let o = maze_in(
            &dir,
            &[
                "batch", "mine.ron", "--count", "3", "--seed", "5", "--jobs", "2", "--out", out,
            ],
        );
        assert!(o.status.success(), "{}", stderr(&o));
        let text = stdout(&o);
        assert!(
            text.contains("1 variant x 3 mazes, seed 5, 2 jobs"),
            "{text}"
        );
        assert!(text.contains("| mine | 3 | 3 | 0 | 3 | 0 |"), "{text}");
        outputs.push(dir.join(out));
    }
    let (a, b) = (tree(&outputs[0]), tree(&outputs[1]));
    assert_eq!(
        a.keys().collect::<Vec<_>>(),
        b.keys().collect::<Vec<_>>(),
        "different files"
    );
    for (path, bytes) in &a {
        assert!(b[path] == *bytes, "{} differs", path.display());
    }
    let mut expected = vec!["index.html", "mine/summary.csv", "mine/summary.json"];
    let names: Vec<String> = (0..3)
        .flat_map(|k| {
            [".ron", ".svg", "-answer.svg", "-answer.json"].map(|s| format!("mine/mine-5-{k}{s}"))
        })
        .collect();
    expected.extend(names.iter().map(String::as_str));
    expected.sort();
    let written: Vec<String> = a.keys().map(|p| p.to_string_lossy().into_owned()).collect();
    assert_eq!(written, expected);
    // The maze files name the variant by its stem and the hash of its text, and no folder.
    let hash = maze::generate::variant_hash(MINE);
    let file = String::from_utf8(a[Path::new("mine/mine-5-0.ron")].clone()).unwrap();
    assert!(
        file.contains(&format!(
            "provenance: (variant: \"mine\", variant_hash: \"{hash}\", seed: 5, index: 0"
        )),
        "{file}"
    );
    for (path, bytes) in &a {
        let text = String::from_utf8_lossy(bytes);
        for folder in ["studio", "elsewhere", "batch-tests"] {
            assert!(!text.contains(folder), "{} names {folder}", path.display());
        }
    }
    // A rerun finds everything written and writes the same bytes again.
    let o = maze_in(
        &root.join("studio"),
        &[
            "batch", "mine.ron", "--count", "3", "--seed", "5", "--out", "book",
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("| mine | 3 | 0 | 3 | 3 | 0 |"),
        "{}",
        stdout(&o)
    );
    assert!(tree(&outputs[0]) == a);
    // --quiet prints nothing on success; --json the report as one document.
    let run = |extra: &str| {
        maze_in(
            &root.join("studio"),
            &[
                "batch", "mine.ron", "--count", "3", "--seed", "5", "--out", "book", extra,
            ],
        )
    };
    let quiet = run("--quiet");
    assert!(quiet.status.success(), "{}", stderr(&quiet));
    assert_eq!(stdout(&quiet), "");
    let json = run("--json");
    assert!(json.status.success(), "{}", stderr(&json));
    let report: serde_json::Value = serde_json::from_str(&stdout(&json)).unwrap();
    assert_eq!(report["variants"][0]["name"], "mine");
    assert_eq!(report["variants"][0]["accepted"], 3);
    assert!(report["variants"][0]["mean_grade"].as_f64().is_some());
}

#[test]
fn a_shard_writes_no_summaries_and_summarize_completes_the_batch() {
    let dir = temp_dir("shards");
    std::fs::write(dir.join("mine.ron"), MINE).unwrap();
    let run = |extra: &[&str]| {
        let mut args = vec!["batch", "mine.ron", "--count", "4", "--out", "out"];
        args.extend_from_slice(extra);
        maze_in(&dir, &args)
    };
    for shard in ["0/2", "1/2"] {
        let o = run(&["--shard", shard]);
        assert!(o.status.success(), "{}", stderr(&o));
        assert!(
            stdout(&o).contains("run `maze batch --summarize`"),
            "{}",
            stdout(&o)
        );
    }
    assert!(!dir.join("out/index.html").exists());
    let o = run(&["--summarize"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(dir.join("out/index.html").is_file());
    let summary: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join("out/mine/summary.json")).unwrap()).unwrap();
    assert_eq!(summary["variant"], "mine");
    assert_eq!(summary["variant_hash"], maze::generate::variant_hash(MINE));
    assert_eq!(summary["mazes"].as_array().unwrap().len(), 4);
}

#[test]
fn maze_generate_makes_the_same_mazes_as_the_batch() {
    const VARIANTS: [&str; 3] = ["walls", "rook", "rolling_block_fragile"];
    let dir = temp_dir("agreement");
    let files: Vec<String> = VARIANTS
        .iter()
        .map(|v| {
            common::root()
                .join(format!("variants/{v}.ron"))
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    let mut args = vec!["batch"];
    args.extend(files.iter().map(String::as_str));
    args.extend(["--count", "4", "--iterations", "50", "--out", "batch"]);
    let o = maze_in(&dir, &args);
    // 50 iterations are too few for some `walls` mazes: they are rejected, and the batch
    // says no.
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("did not pass the gates"),
        "{}",
        stderr(&o)
    );
    for file in &files {
        maze_in(
            &dir,
            &[
                "generate",
                file,
                "--seed",
                "1",
                "--count",
                "4",
                "--iterations",
                "50",
                "--out",
                "generate",
            ],
        );
    }
    // maze generate writes the mazes that pass their gates, each with the puzzle's picture
    // and the answer's, under the names and with the bytes the batch writes.
    let written = tree(&dir.join("generate"));
    let batch = tree(&dir.join("batch"));
    let mut mazes = 0;
    for (path, bytes) in &written {
        let name = path.to_string_lossy().into_owned();
        let variant = VARIANTS
            .iter()
            .filter(|v| name.starts_with(&format!("{v}-")))
            .max_by_key(|v| v.len())
            .unwrap();
        let in_batch = format!("{variant}/{name}");
        assert!(
            batch[Path::new(&in_batch)] == *bytes,
            "{in_batch} differs from {name}"
        );
        mazes += usize::from(name.ends_with(".ron"));
    }
    let accepted = batch
        .keys()
        .filter(|p| p.to_string_lossy().ends_with("-answer.json"))
        .count();
    assert!(mazes > 0);
    assert_eq!(mazes, accepted, "maze generate wrote every accepted maze");
}

#[test]
fn batch_errors_say_what_is_wrong() {
    let dir = temp_dir("errors");
    let o = maze_in(&dir, &["batch", "missing.ron"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("cannot read missing.ron"),
        "{}",
        stderr(&o)
    );
    std::fs::write(
        dir.join("bad.ron"),
        "Maze(rules: Jumping(tiling: Square, moves: Rook), board: [\"1 Q\"], start: (0, 0))",
    )
    .unwrap();
    let o = maze_in(&dir, &["batch", "bad.ron"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("bad.ron:1:"), "{}", stderr(&o));
    std::fs::create_dir_all(dir.join("a")).unwrap();
    std::fs::write(dir.join("mine.ron"), MINE).unwrap();
    std::fs::write(dir.join("a/mine.ron"), MINE.replace("150", "160")).unwrap();
    let o = maze_in(&dir, &["batch", "mine.ron", "a/mine.ron"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("both named `mine` but differ"),
        "{}",
        stderr(&o)
    );
    let o = maze_in(&dir, &["batch", "mine.ron", "--shard", "2/2"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("expected I/N"), "{}", stderr(&o));
}

#[test]
fn batch_help_teaches_outputs_resume_and_shards() {
    let o = common::maze(&["batch", "--help"]);
    assert!(o.status.success());
    let help = stdout(&o);
    for needle in [
        "DIR/index.html",
        "DIR/V/V-S-k-answer.json",
        "summary.csv",
        "Resume:",
        "Shards:",
        "--summarize",
        "hash of its text",
        "Example: `maze batch",
        "Exit status",
    ] {
        assert!(help.contains(needle), "missing {needle:?} in\n{help}");
    }
}

/// `--time-limit` ends each maze's search with the best maze so far, and every output says
/// so: the provenance (with the iterations run, not the budget), the answer key, both
/// summaries, the page and the closing lines; a rerun keeps those mazes.
#[test]
fn a_time_limit_cuts_each_search_short_and_marks_the_maze_everywhere() {
    let dir = temp_dir("time-limit");
    std::fs::write(dir.join("mine.ron"), MINE).unwrap();
    let args = [
        "batch",
        "mine.ron",
        "--count",
        "2",
        "--iterations",
        "1000000000",
        "--time-limit",
        "0.3",
        "--out",
        "out",
    ];
    let o = maze_in(&dir, &args);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("2 mazes were cut short by the time limit"),
        "{}",
        stdout(&o)
    );
    let out = dir.join("out");
    for k in 0..2 {
        let text = std::fs::read_to_string(out.join(format!("mine/mine-1-{k}.ron"))).unwrap();
        assert!(text.contains("stopped by the time limit"), "{text}");
        let provenance = maze::file::parse_file("m.ron", &text)
            .unwrap()
            .provenance
            .unwrap();
        assert!(provenance.timed_out, "{text}");
        assert!(provenance.iterations < 1_000_000_000, "{text}");
        assert!(
            text.contains(&format!("iterations: {}", provenance.iterations)),
            "{text}"
        );
        let key: serde_json::Value = serde_json::from_slice(
            &std::fs::read(out.join(format!("mine/mine-1-{k}-answer.json"))).unwrap(),
        )
        .unwrap();
        assert_eq!(key["timed_out"], true);
    }
    let summary: serde_json::Value =
        serde_json::from_slice(&std::fs::read(out.join("mine/summary.json")).unwrap()).unwrap();
    for maze in summary["mazes"].as_array().unwrap() {
        assert_eq!(maze["timed_out"], true);
    }
    let csv = std::fs::read_to_string(out.join("mine/summary.csv")).unwrap();
    let mut lines = csv.lines();
    assert!(lines.next().unwrap().ends_with(",timed_out"));
    assert!(lines.all(|row| row.ends_with(",true")), "{csv}");
    let page = std::fs::read_to_string(out.join("index.html")).unwrap();
    assert_eq!(page.matches("class=\"timed-out\"").count(), 2, "{page}");
    // Run again: both mazes are this batch's, read back as they are.
    let o = maze_in(&dir, &args);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("| mine | 2 | 0 | 2 |"),
        "{}",
        stdout(&o)
    );
    // Without a limit nothing is marked: no such field, and false in the column.
    let o = maze_in(
        &dir,
        &["batch", "mine.ron", "--count", "1", "--out", "plain"],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let plain = dir.join("plain/mine");
    let text = std::fs::read_to_string(plain.join("mine-1-0.ron")).unwrap();
    assert!(!text.contains("timed_out"), "{text}");
    assert!(text.contains("iterations: 150"), "{text}");
    let key = std::fs::read_to_string(plain.join("mine-1-0-answer.json")).unwrap();
    assert!(!key.contains("timed_out"), "{key}");
    let csv = std::fs::read_to_string(plain.join("summary.csv")).unwrap();
    assert!(csv.lines().nth(1).unwrap().ends_with(",false"), "{csv}");
    let o = maze_in(&dir, &["batch", "mine.ron", "--time-limit", "0"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--time-limit"), "{}", stderr(&o));
}

/// `--state-limit` refuses a variant file whose maze may have more states, with the
/// estimate and the limit, and sets the limit on generated boards too.
#[test]
fn a_state_limit_refuses_variants_past_it() {
    let dir = temp_dir("state-limit");
    std::fs::write(dir.join("mine.ron"), MINE).unwrap();
    let o = maze_in(
        &dir,
        &["batch", "mine.ron", "--state-limit", "10", "--out", "out"],
    );
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let err = stderr(&o);
    // miette wraps the message: its parts are checked one by one.
    assert!(
        err.contains("4 x 4 = 16 cells") && err.contains("limit of 10"),
        "{err}"
    );
    assert!(err.contains("mine.ron:"), "{err}");
    assert!(!dir.join("out/mine").exists());
    // A board with room for the maze but not for what its settings generate.
    let big = MINE.replace("goal: Random,", "goal: Random, size: (8, 8),");
    std::fs::write(dir.join("big.ron"), big).unwrap();
    let o = maze_in(
        &dir,
        &["batch", "big.ron", "--state-limit", "20", "--out", "out"],
    );
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("up to 65 states") && stderr(&o).contains("limit of 20"),
        "{}",
        stderr(&o)
    );
    let o = maze_in(
        &dir,
        &[
            "batch",
            "mine.ron",
            "--count",
            "1",
            "--state-limit",
            "100",
            "--out",
            "out",
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
}

/// Two batches on one folder: while a live process holds the folder's lock, a second batch
/// refuses, naming the folder and the process; once that process is gone its lock is stale
/// and taken over with a note, and the lock goes when the batch ends.
#[cfg(target_os = "linux")]
#[test]
fn a_second_batch_on_a_locked_folder_refuses_and_a_stale_lock_is_taken_over() {
    let dir = temp_dir("lock");
    std::fs::write(dir.join("mine.ron"), MINE).unwrap();
    let out = dir.join("out");
    std::fs::create_dir_all(&out).unwrap();
    let lock = out.join(".maze-batch.lock");
    let mut holder = std::process::Command::new("sleep")
        .arg("120")
        .spawn()
        .unwrap();
    let host = std::fs::read_to_string("/proc/sys/kernel/hostname").unwrap();
    let text = format!(
        "A maze batch is writing into this folder.\npid: {}\nhost: {}\nstarted: \
         2026-11-23 17:00:00 UTC\npart: the whole batch\n",
        holder.id(),
        host.trim()
    );
    std::fs::write(&lock, &text).unwrap();
    let args = ["batch", "mine.ron", "--count", "1", "--out", "out"];
    let o = maze_in(&dir, &args);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("in use by another batch"), "{err}");
    assert!(err.contains(&format!("process {}", holder.id())), "{err}");
    assert!(err.contains("out"), "{err}");
    assert!(!out.join("mine").exists(), "the refused batch wrote");
    assert_eq!(std::fs::read_to_string(&lock).unwrap(), text);
    // The holder ends without removing its lock, as a batch killed by Ctrl-C does.
    holder.kill().unwrap();
    holder.wait().unwrap();
    let o = maze_in(&dir, &args);
    let err = stderr(&o);
    assert!(o.status.success(), "{err}");
    assert!(err.contains("took over the stale lock"), "{err}");
    assert!(out.join("mine/mine-1-0.ron").is_file());
    assert!(!lock.exists(), "the lock outlived its batch");
}
