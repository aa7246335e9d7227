//! Writes never destroy (issue 28): no output flag replaces a folder, a device or a FIFO; a
//! batch never writes through a symbolic link out of `--out`, leaves no temporary file once
//! finished, and refuses a rejected maze edited by hand; a closed or full standard output or
//! standard error ends every command with its documented status, never a panic.
#![allow(clippy::unwrap_used)]

mod common;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use common::{maze_in, root, stderr, stdout};

/// Small rook mazes, quick to search; `gates` decide whether they pass.
fn variant(gates: &str) -> String {
    format!(
        "Maze(
    rules: Jumping(tiling: Square, moves: Rook),
    board: [\"1 1 1 1\", \"1 1 1 1\", \"1 1 1 1\", \"1 1 1 G\"],
    start: (0, 0),
    generate: (goal: Random, gates: ({gates}), search: HillDescent(iterations: 60)),
)
"
    )
}

/// A diagnostic as one line: miette wraps long messages to the terminal's width, with a
/// `│` rule down the left.
fn flat(err: &str) -> String {
    err.replace('│', " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

fn temp_dir(name: &str) -> PathBuf {
    common::temp_dir("write-tests", name)
}

/// Makes a FIFO at `path` with the system's `mkfifo`.
fn mkfifo(path: &Path) {
    let made = Command::new("mkfifo").arg(path).status().unwrap();
    assert!(made.success());
}

/// What stands at `path`, without following a link: the thing an output must not replace.
fn kind(path: &Path) -> String {
    let t = std::fs::symlink_metadata(path).unwrap().file_type();
    use std::os::unix::fs::FileTypeExt;
    match () {
        () if t.is_fifo() => "fifo",
        () if t.is_dir() => "folder",
        () if t.is_symlink() => "link",
        () if t.is_char_device() => "device",
        () if t.is_file() => "file",
        () => "other",
    }
    .to_string()
}

#[test]
fn no_output_flag_replaces_a_folder_a_fifo_or_a_link_to_a_device() {
    let dir = temp_dir("special");
    let rook = root().join("variants/rook.ron");
    let rook = rook.to_str().unwrap();
    let fifo = dir.join("fifo");
    mkfifo(&fifo);
    let folder = dir.join("folder");
    std::fs::create_dir(&folder).unwrap();
    std::fs::write(folder.join("inside"), "kept").unwrap();
    let device = dir.join("null");
    std::os::unix::fs::symlink("/dev/null", &device).unwrap();
    for (target, what) in [
        (&fifo, "a FIFO (named pipe)"),
        (&folder, "a folder"),
        (&device, "a character device"),
    ] {
        let t = target.to_str().unwrap();
        let before = kind(target);
        for args in [
            vec!["render", rook, "-o", t],
            vec!["graph", rook, "-o", t],
            vec![
                "compare",
                rook,
                "--count",
                "2",
                "--iterations",
                "20",
                "--html",
                t,
            ],
        ] {
            let o = maze_in(&dir, &args);
            let err = flat(&stderr(&o));
            assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
            assert!(
                err.contains(&format!("it is {what}, not a regular file")),
                "{args:?}: {err}"
            );
            assert_eq!(kind(target), before, "{args:?} replaced {t}");
        }
    }
    assert_eq!(
        std::fs::read_to_string(folder.join("inside")).unwrap(),
        "kept"
    );
    assert_eq!(std::fs::read_link(&device).unwrap(), Path::new("/dev/null"));
    // `generate --out DIR` names its files itself: a FIFO in the way of one is refused too.
    let mine = dir.join("mine.ron");
    std::fs::write(&mine, variant("solvable: true")).unwrap();
    let out = dir.join("generated");
    std::fs::create_dir(&out).unwrap();
    mkfifo(&out.join("mine-1-0.ron"));
    let o = maze_in(&dir, &["generate", "mine.ron", "--out", "generated"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(flat(&stderr(&o)).contains("it is a FIFO"), "{}", stderr(&o));
    assert_eq!(kind(&out.join("mine-1-0.ron")), "fifo");
    // A regular file in the way is replaced, as ever.
    let svg = dir.join("rook.svg");
    std::fs::write(&svg, "old").unwrap();
    let o = maze_in(&dir, &["render", rook, "-o", svg.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(std::fs::read_to_string(&svg).unwrap().starts_with("<svg"));
}

#[test]
fn a_batch_refuses_a_variant_folder_that_links_out_of_its_output() {
    let dir = temp_dir("symlink");
    std::fs::write(dir.join("mine.ron"), variant("solvable: true")).unwrap();
    let elsewhere = dir.join("elsewhere");
    std::fs::create_dir(&elsewhere).unwrap();
    std::fs::create_dir(dir.join("out")).unwrap();
    std::os::unix::fs::symlink(&elsewhere, dir.join("out/mine")).unwrap();
    let o = maze_in(&dir, &["batch", "mine.ron", "--count", "2", "--out", "out"]);
    let err = flat(&stderr(&o));
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("is a symbolic link"), "{err}");
    assert_eq!(std::fs::read_dir(&elsewhere).unwrap().count(), 0);
    assert!(!dir.join("out/.maze-batch.lock").exists());
}

/// Every hidden temporary file under `dir`.
fn partials(dir: &Path) -> Vec<PathBuf> {
    walkdir::WalkDir::new(dir)
        .into_iter()
        .map(|e| e.unwrap().into_path())
        .filter(|p| p.to_string_lossy().ends_with(".partial"))
        .collect()
}

/// The id of a process that has ended: a child waited for.
fn dead_pid() -> u32 {
    let mut child = Command::new("true").spawn().unwrap();
    let pid = child.id();
    child.wait().unwrap();
    pid
}

#[test]
fn a_resumed_batch_removes_the_temporary_files_of_killed_runs_and_only_those() {
    let dir = temp_dir("partials");
    std::fs::write(dir.join("mine.ron"), variant("solvable: true")).unwrap();
    let args = ["batch", "mine.ron", "--count", "2", "--out", "out"];
    let o = maze_in(&dir, &args);
    assert!(o.status.success(), "{}", stderr(&o));
    // What runs killed while writing leave (SIGKILL runs no clean-up), and the temporary
    // file of a process that still runs (this test), which is not the batch's to remove.
    let dead = dead_pid();
    let stale = [
        dir.join(format!(
            "out/mine/.mine-1-0.svg.{dead}.0.0123456789abcdef.partial"
        )),
        dir.join(format!("out/.index.html.{dead}.3.fedcba9876543210.partial")),
    ];
    let live = dir.join(format!(
        "out/mine/.mine-1-1.ron.{}.7.00000000000000aa.partial",
        std::process::id()
    ));
    let other = dir.join("out/mine/.notes.partial");
    for path in stale.iter().chain([&live, &other]) {
        std::fs::write(path, "half").unwrap();
    }
    let o = maze_in(&dir, &args);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("| mine | 2 | 0 | 2 |"),
        "{}",
        stdout(&o)
    );
    let mut left = partials(&dir.join("out"));
    left.sort();
    let mut kept = vec![live, other];
    kept.sort();
    assert_eq!(left, kept);
}

#[test]
fn resume_refuses_a_rejected_maze_edited_by_hand() {
    let dir = temp_dir("rejected");
    // As long as a 4 x 4 board allows at all (a move per state): every maze is rejected.
    std::fs::write(dir.join("mine.ron"), variant("min_length: 15")).unwrap();
    let args = ["batch", "mine.ron", "--count", "2", "--out", "out"];
    let o = maze_in(&dir, &args);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let rejected = dir.join("out/mine/mine-1-1.rejected.ron");
    let text = std::fs::read_to_string(&rejected).unwrap();
    // Unchanged, it is read back and the batch resumes.
    let o = maze_in(&dir, &args);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("| mine | 2 | 0 | 2 | 0 | 2 |"),
        "{}",
        stdout(&o)
    );
    let summary = std::fs::read_to_string(dir.join("out/mine/summary.csv")).unwrap();
    // One cell of the board edited: the file still reads, with the batch's provenance.
    let row = text
        .lines()
        .position(|l| l.contains("\"1") || l.contains("\"2") || l.contains("\"3"))
        .unwrap();
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let edited_row = lines[row].clone();
    let first = edited_row.find(|c: char| c.is_ascii_digit()).unwrap();
    let digit = edited_row.as_bytes()[first];
    let swapped = if digit == b'1' { '2' } else { '1' };
    lines[row].replace_range(first..=first, &swapped.to_string());
    std::fs::write(&rejected, lines.join("\n") + "\n").unwrap();
    let o = maze_in(&dir, &args);
    let err = flat(&stderr(&o));
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("mine-1-1.rejected.ron is not the maze this batch made for it"),
        "{err}"
    );
    // Nothing of the edit reached the summaries.
    assert_eq!(
        std::fs::read_to_string(dir.join("out/mine/summary.csv")).unwrap(),
        summary
    );
}

/// Runs `maze args` in the repository root with standard output and standard error as
/// given.
fn run_with(args: &[&str], out: Stdio, err: Stdio) -> Output {
    Command::new(env!("CARGO_BIN_EXE_maze"))
        .args(args)
        .current_dir(root())
        .stdout(out)
        .stderr(err)
        .output()
        .unwrap()
}

/// A pipe whose reader is already closed: every write to it fails with a broken pipe, as
/// `maze ... | true` does once `true` has ended.
fn closed_pipe() -> Stdio {
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    writer.into()
}

fn full() -> Stdio {
    std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap()
        .into()
}

/// Each command with the status it ends with when everything can be written: those of
/// "yes" answers are 0, `check` of a non-publishable file 1.
fn commands(small: &str, dir: &str) -> Vec<(Vec<String>, i32)> {
    let owned = |args: &[&str]| args.iter().map(|s| (*s).to_string()).collect::<Vec<_>>();
    vec![
        (owned(&["solve", "variants/rook.ron"]), 0),
        (owned(&["solve", "--json", "variants/rook.ron"]), 0),
        (owned(&["check", "variants/rook.ron"]), 0),
        (owned(&["analyze", "variants/rook.ron"]), 0),
        (
            owned(&["analyze", "--json", "variants/rolling_block.ron"]),
            0,
        ),
        (
            owned(&[
                "generate",
                "variants/rook.ron",
                "--iterations",
                "20",
                "--count",
                "3",
            ]),
            -1,
        ),
        (owned(&["exhaust", small, "--max-jump", "2"]), 0),
        (owned(&["exhaust", "--json", small, "--max-jump", "2"]), 0),
        (owned(&["render", "variants/rook.ron"]), 0),
        (owned(&["graph", "variants/rook.ron"]), 0),
        (
            owned(&[
                "compare",
                "variants/rook.ron",
                "--count",
                "2",
                "--iterations",
                "20",
            ]),
            0,
        ),
        (
            owned(&["learn", "bandit", "--pulls", "2", "--size", "5"]),
            -1,
        ),
        (
            owned(&[
                "batch",
                small,
                "--count",
                "1",
                "--iterations",
                "20",
                "--out",
                dir,
            ]),
            -1,
        ),
        (owned(&["--help"]), 0),
        (owned(&["solve", "--help"]), 0),
    ]
}

#[test]
fn a_closed_or_full_output_ends_every_command_with_its_status_never_a_panic() {
    let tmp = temp_dir("streams");
    let small = tmp.join("small.ron");
    std::fs::write(
        &small,
        "Maze(rules: Jumping(tiling: Square, moves: Rook), board: [\"1 1 1\", \"1 1 G\"], \
         start: (0, 0))\n",
    )
    .unwrap();
    let small = small.to_str().unwrap();
    let out = tmp.join("batch");
    let out = out.to_str().unwrap();
    for (args, status) in commands(small, out) {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let _ = std::fs::remove_dir_all(out);
        // What the command says when all is well: its status, unless it varies with the
        // search (-1), in which case the status with a closed stream must be the same.
        let normal = run_with(&args, Stdio::piped(), Stdio::piped());
        let normal_status = normal.status.code().unwrap();
        assert!(
            status == -1 || normal_status == status,
            "{args:?}: {}",
            stderr(&normal)
        );
        assert!(normal_status <= 1, "{args:?}: {}", stderr(&normal));
        // A reader gone: the command stops quietly, with the status of a pipeline into
        // `head`.
        let _ = std::fs::remove_dir_all(out);
        let o = run_with(&args, closed_pipe(), Stdio::piped());
        assert!(!stderr(&o).contains("panicked"), "{args:?}: {}", stderr(&o));
        assert!(
            o.status.code() == Some(0) || o.status.code() == Some(normal_status),
            "{args:?} with stdout closed: {:?} {}",
            o.status,
            stderr(&o)
        );
        // A full disk: the write failed, status 2 with the reason.
        let _ = std::fs::remove_dir_all(out);
        let o = run_with(&args, full(), Stdio::piped());
        assert_eq!(
            o.status.code(),
            Some(2),
            "{args:?} > /dev/full: {}",
            stderr(&o)
        );
        assert!(
            flat(&stderr(&o)).contains("No space left on device"),
            "{args:?} > /dev/full: {}",
            stderr(&o)
        );
        // Standard error unwritable: whatever it had to say is lost, not the status.
        for err in [closed_pipe(), full()] {
            let _ = std::fs::remove_dir_all(out);
            let o = run_with(&args, Stdio::piped(), err);
            assert_eq!(
                o.status.code(),
                Some(normal_status),
                "{args:?} 2>unwritable"
            );
            assert_eq!(o.stdout.is_empty(), normal.stdout.is_empty(), "{args:?}");
        }
    }
    // A command that fails says so by its status even when it cannot say why.
    for args in [["analyze", "missing.ron"], ["no-such-command", "x"]] {
        for err in [closed_pipe(), full()] {
            let o = run_with(&args, Stdio::piped(), err);
            assert_eq!(o.status.code(), Some(2), "{args:?}");
        }
    }
}
