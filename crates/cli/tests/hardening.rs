//! Hostile input through the `maze` binary: diagnostics on lines too wide for miette, the
//! state limit, the time limit and interrupted writes. Each case was once a panic, an abort
//! or a hang (issue 14).
#![allow(clippy::unwrap_used)]

mod common;
use common::{maze, stderr, stdout, temp_dir, temp_file};

/// A rook maze on one line whose bad token sits past column 65,535.
fn wide_file() -> String {
    let row = format!("{} x G", vec!["1"; 40_000].join(" "));
    format!(
        "Maze(rules: Jumping(tiling: Square, moves: Rook), board: [\"{row}\"], start: (0, 0))\n"
    )
}

#[test]
fn a_diagnostic_past_column_65535_is_drawn_at_its_line_and_column_in_every_command() {
    let src = wide_file();
    // The file is ASCII on one line: the 1-based column of `x` is its byte offset plus one.
    let column = src.find(" x G").unwrap() + 2;
    assert!(column > 65_535);
    let path = temp_file("wide.ron", &src);
    let p = path.to_str().unwrap();
    for args in [
        vec!["solve", p],
        vec!["check", p],
        vec!["analyze", p],
        vec!["generate", p],
        vec!["render", p],
        vec!["graph", p],
        vec!["play", p],
    ] {
        let o = maze(&args);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(err.contains("unknown cell token `x`"), "{args:?}: {err}");
        assert!(
            err.contains(&format!("wide.ron:1:{column}")),
            "{args:?}: {err}"
        );
        // The line is shown as a window around the problem, not 80,000 characters wide.
        assert!(err.lines().all(|l| l.chars().count() < 400), "{args:?}");
    }
}

/// A rook board of `rows` x `cols` ones with the goal in the corner, with `extra` fields.
fn board_file(name: &str, rows: usize, cols: usize, extra: &str) -> std::path::PathBuf {
    let mut src = String::from("Maze(rules: Jumping(tiling: Square, moves: Rook), board: [\n");
    for r in 0..rows {
        let mut row = vec!["1"; cols];
        if r == rows - 1 {
            row[cols - 1] = "G";
        }
        src.push('"');
        src.push_str(&row.join(" "));
        src.push_str("\",\n");
    }
    src.push_str("], start: (0, 0), ");
    src.push_str(extra);
    src.push_str(")\n");
    temp_file(name, &src)
}

#[test]
fn a_maze_past_the_state_limit_is_refused_with_the_estimate_and_the_limit() {
    let path = board_file("limit.ron", 100, 100, "");
    let p = path.to_str().unwrap();
    for command in ["solve", "analyze", "check", "render", "graph", "play"] {
        let o = maze(&[command, "--state-limit", "5000", p]);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{command}: {err}");
        assert!(
            err.contains("100 x 100 = 10000 cells") && err.contains("state limit of 5000"),
            "{command}: {err}"
        );
        assert!(err.contains("limit.ron:1:"), "{command}: {err}");
    }
    // Under a limit it fits, the same file is analyzed.
    let o = maze(&["analyze", "--json", "--state-limit", "10001", p]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["n_states"], 10_000);
}

#[test]
fn a_board_past_the_default_limit_is_refused_before_its_cells_are_read() {
    // 5000 x 5000 rolling-block cells: 25 million, past the default 20 million.
    let row = ".".repeat(5000);
    let mut rows = vec![format!("{:?}", row); 5000];
    rows[0] = format!("{:?}", format!("SS{}", &row[2..]));
    rows[4999] = format!("{:?}", format!("{}G", &row[1..]));
    let src = format!(
        "Maze(rules: RollingBlock(block: (1, 2, 1)), board: [{}])\n",
        rows.join(",\n")
    );
    let path = temp_file("huge_rolling.ron", &src);
    let o = maze(&["analyze", path.to_str().unwrap()]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("5000 x 5000 = 25000000 cells") && err.contains("state limit of 20000000"),
        "{err}"
    );
}

/// The case: a 20000 x 20000 board, which aborted on allocation after 91 s at
/// 9.5 GB. Written out whole it is 400 MB as a rolling-block board (one byte a cell, the
/// format's most compact) and 800 MB as a jumping board (a token and a space a cell): too
/// much for a test on a shared machine. The reader sizes a board from its row count and the
/// width of its rows alone (a jumping board's first row, a rolling-block board's widest) and
/// refuses it before reading any cell, so each file here declares 20000 rows of which only
/// the first is 20000 cells wide, the others one cell: about 120 KB. That the refusal names
/// the 400 million cells and the limit, and not the ragged rows, shows it came before any row
/// past the first was read.
#[test]
fn a_20000_by_20000_board_is_refused_by_the_state_limit_before_its_cells_are_read() {
    const N: usize = 20_000;
    let dir = temp_dir("hardening", "huge");
    let wide = vec!["1"; N].join(" ");
    let mut rows = vec![format!("{wide:?}")];
    rows.extend(std::iter::repeat_n("\"1\"".to_string(), N - 2));
    rows.push("\"G\"".to_string());
    let jumping = dir.join("huge_jumping.ron");
    std::fs::write(
        &jumping,
        format!(
            "Maze(rules: Jumping(tiling: Square, moves: Rook), board: [{}], start: (0, 0))\n",
            rows.join(",\n")
        ),
    )
    .unwrap();
    let mut rows = vec![format!("{:?}", format!("SS{}", ".".repeat(N - 2)))];
    rows.extend(std::iter::repeat_n("\".\"".to_string(), N - 2));
    rows.push("\"G\"".to_string());
    let rolling = dir.join("huge_rolling.ron");
    std::fs::write(
        &rolling,
        format!(
            "Maze(rules: RollingBlock(block: (1, 2, 1)), board: [{}])\n",
            rows.join(",\n")
        ),
    )
    .unwrap();
    for path in [&jumping, &rolling] {
        assert!(std::fs::metadata(path).unwrap().len() < 200_000);
        for command in ["analyze", "solve"] {
            let o = maze(&[command, path.to_str().unwrap()]);
            let err = stderr(&o);
            assert_eq!(o.status.code(), Some(2), "{command}: {err}");
            // miette wraps the message: its parts are checked one by one.
            assert!(
                err.contains("20000 x 20000 = 400000000 cells")
                    && err.contains("limit of 20000000"),
                "{command}: {err}"
            );
            assert!(!err.contains("row 1 has"), "{command}: {err}");
        }
    }
}

#[test]
fn a_board_too_large_to_generate_on_is_refused_unless_the_limit_is_raised() {
    // The case: a 2000 x 2000 board took 83 s for 2 iterations.
    let path = board_file(
        "gen_2000.ron",
        2000,
        2000,
        "generate: (search: HillDescent(iterations: 2))",
    );
    let p = path.to_str().unwrap();
    let o = maze(&["generate", p]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    // miette wraps the message: its parts are checked one by one.
    assert!(
        err.contains("up to 4000001 states") && err.contains("generation state limit of 2000000"),
        "{err}"
    );
    // The settings can raise it for a small board's sake too; here they lower it.
    let path = board_file(
        "gen_small.ron",
        6,
        6,
        "generate: (search: HillDescent(iterations: 2), state_limit: 20)",
    );
    let o = maze(&["generate", path.to_str().unwrap()]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("up to 37 states") && err.contains("state limit of 20"),
        "{err}"
    );
    assert!(err.contains("gen_small.ron:8:"), "{err}");
    let o = maze(&["generate", "--state-limit", "100", path.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
}

#[test]
fn the_time_limit_ends_a_search_with_the_best_maze_so_far_marked_as_such() {
    let o = maze(&[
        "generate",
        "variants/rook.ron",
        "--iterations",
        "1000000000",
        "--count",
        "3",
        "--time-limit",
        "0.2",
    ]);
    let out = stdout(&o);
    assert!(
        out.contains("TIME LIMIT: the search was stopped after"),
        "{out}"
    );
    assert!(out.contains("stopped by the time limit (not reproducible from the seed)"));
    assert!(stderr(&o).contains("were not started"), "{}", stderr(&o));
    let o = maze(&[
        "generate",
        "variants/rook.ron",
        "--iterations",
        "1000000000",
        "--time-limit",
        "0.2",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v[0]["timed_out"], true);
    let run = v[0]["iterations"].as_u64().unwrap();
    assert!(run < 1_000_000_000);
    // The maze file's provenance says so too, with the iterations run, not the budget.
    let provenance = maze::file::parse_file("t.ron", v[0]["file"].as_str().unwrap())
        .unwrap()
        .provenance
        .unwrap();
    assert!(provenance.timed_out);
    assert_eq!(provenance.iterations, run);
    // Without a limit nothing is marked.
    let o = maze(&[
        "generate",
        "variants/rook.ron",
        "--iterations",
        "100",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v[0]["timed_out"], false);
    let file = v[0]["file"].as_str().unwrap();
    assert!(file.contains("iterations: 100") && !file.contains("timed_out"));
}

#[test]
fn a_bad_time_limit_is_refused() {
    for bad in ["0", "-1", "nan", "soon"] {
        let o = maze(&[
            "generate",
            "variants/rook.ron",
            &format!("--time-limit={bad}"),
        ]);
        assert_eq!(o.status.code(), Some(2), "{bad}");
        assert!(stderr(&o).contains("--time-limit"), "{bad}: {}", stderr(&o));
    }
}

/// Runs `maze` with `args` and `--out dir` until three maze files are under their names
/// anywhere in `dir` (a generous safety net, not a timing assertion; counting every entry
/// would race with the hidden temporary of a write), then sends it Ctrl-C (SIGINT). The
/// exit status, and every entry left under `dir`.
#[cfg(unix)]
fn interrupt_after_three_mazes(
    args: &[&str],
    dir: &std::path::Path,
) -> (std::process::ExitStatus, Vec<std::path::PathBuf>) {
    use std::process::{Command, Stdio};
    use std::time::{Duration, Instant};
    let mut child = Command::new(env!("CARGO_BIN_EXE_maze"))
        .args(args)
        .arg("--out")
        .arg(dir)
        .current_dir(common::root())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let entries = || -> Vec<std::path::PathBuf> {
        // Entries that vanish while walked (a temporary renamed into place) are skipped.
        (walkdir::WalkDir::new(dir).min_depth(1).into_iter())
            .filter_map(Result::ok)
            .map(walkdir::DirEntry::into_path)
            .collect()
    };
    let mazes = || {
        let name = |p: &std::path::PathBuf| p.file_name().unwrap().to_string_lossy().into_owned();
        (entries().iter())
            .filter(|p| name(p).ends_with(".ron") && !name(p).starts_with('.'))
            .count()
    };
    let give_up = Instant::now() + Duration::from_secs(120);
    while mazes() < 3 && Instant::now() < give_up {
        std::thread::sleep(Duration::from_millis(20));
    }
    let killed = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    (child.wait().unwrap(), entries())
}

/// Ctrl-C in the middle of `generate --out`: whatever is under a maze's own name is whole,
/// and the temporary file of the write it interrupted is gone.
#[cfg(unix)]
#[test]
fn an_interrupted_generate_leaves_only_whole_files_and_no_temporary() {
    let dir = temp_dir("hardening", "interrupted");
    let args = [
        "generate",
        "variants/rook.ron",
        "--count",
        "100000",
        "--iterations",
        "200",
    ];
    let (status, entries) = interrupt_after_three_mazes(&args, &dir);
    assert_eq!(
        status.code(),
        Some(130),
        "the run ended by itself before Ctrl-C"
    );
    let mut mazes = 0;
    for path in entries {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        assert!(!name.starts_with('.'), "{name} is left behind");
        let text = std::fs::read_to_string(&path).unwrap();
        if name.ends_with(".ron") {
            maze::file::parse_file(&name, &text)
                .unwrap_or_else(|e| panic!("{name}: {}", e.one_line()));
            mazes += 1;
        } else {
            assert!(name.ends_with(".svg"), "{name}");
            assert!(text.trim_end().ends_with("</svg>"), "{name}");
        }
    }
    assert!(mazes >= 3, "{mazes}");
}

/// Ctrl-C in the middle of a batch removes the batch's lock and every temporary file it was
/// writing: what is left is whole files under their own names, and the next batch on the
/// folder finds no lock.
#[cfg(unix)]
#[test]
fn an_interrupted_batch_leaves_no_lock_and_no_temporary() {
    let dir = temp_dir("hardening", "interrupted-batch");
    let args = [
        "batch",
        "variants/rook.ron",
        "--count",
        "100000",
        "--iterations",
        "200",
        "--quiet",
    ];
    let (status, entries) = interrupt_after_three_mazes(&args, &dir);
    assert_eq!(
        status.code(),
        Some(130),
        "the run ended by itself before Ctrl-C"
    );
    let mazes = (entries.iter())
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .count();
    assert!(mazes >= 3, "{mazes}");
    for path in entries {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        assert!(!name.starts_with('.'), "{} is left behind", path.display());
    }
}
