//! Tests of the shortcut: bundled names resolve to their files, unknown ones are named with
//! the list. The batch itself is tested in `maze-batch` and through `maze batch`.

use super::files;

#[test]
fn bundled_names_resolve_to_their_files() {
    let found = files(&["walls".to_string(), "rook".to_string()]).unwrap();
    let names: Vec<String> = found.iter().map(|p| crate::quality::stem(p)).collect();
    assert_eq!(names, ["walls", "rook"]);
    assert!(found.iter().all(|p| p.is_file()));
    assert!(files(&[]).unwrap().len() > 10);
    let error = files(&["rook".into(), "square".into()]).unwrap_err();
    assert!(error.contains("unknown variant `square`"), "{error}");
    assert!(
        error.contains("blocked_holes, chess, doors, exit, hex,"),
        "{error}"
    );
}

/// `cargo xtask batch` takes the batch's `--time-limit` and `--state-limit` and passes them
/// through: a maze cut short says so, and a variant past the limit is refused with it.
#[test]
fn the_time_and_state_limits_reach_the_batch() {
    use clap::Parser;
    let out = std::env::temp_dir().join(format!("xtask-batch-limits-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    let parse = |extra: &[&str]| {
        let mut args = vec!["cargo xtask", "batch", "--variant", "rook", "--count", "1"];
        args.extend(extra);
        args.extend(["--quiet", "--out", out.to_str().unwrap()]);
        match crate::Cli::try_parse_from(args).unwrap().command {
            crate::Command::Batch(args) => args,
            other => panic!("{other:?}"),
        }
    };
    let args = parse(&["--iterations", "1000000000", "--time-limit", "0.2"]);
    super::run(&args).unwrap();
    // Accepted or not, whatever the machine managed in the time: the maze file either way.
    let text = std::fs::read_to_string(out.join("rook/rook-1-0.ron"))
        .or_else(|_| std::fs::read_to_string(out.join("rook/rook-1-0.rejected.ron")))
        .unwrap();
    let provenance = maze_file::parse_file("rook-1-0.ron", &text)
        .unwrap()
        .provenance
        .unwrap();
    assert!(provenance.timed_out, "{text}");
    assert!(provenance.iterations < 1_000_000_000, "{text}");
    let error = super::run(&parse(&["--state-limit", "5"])).unwrap_err();
    assert!(error.contains("state limit of 5"), "{error}");
    std::fs::remove_dir_all(&out).unwrap();
}
