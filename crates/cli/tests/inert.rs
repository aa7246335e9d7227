//! Output is inert (issue 28): control characters a file holds (in a `Choice` value, a cell
//! token, a comment) reach no output raw, in any command; a file that is not UTF-8 gets a
//! diagnostic with the byte offset, line and column of its first bad byte.
#![allow(clippy::unwrap_used)]

mod common;
use common::{maze, stderr, stdout, temp_file};

/// The switch maze with its first `Choice` value holding a terminal's clear-screen and
/// set-title sequences (written as RON escapes, so the value itself holds them raw).
fn hostile_choice() -> String {
    let value = r"orth\u{1b}[2J\u{1b}]0;pwned\u{7}";
    format!(
        "Maze(
    rules: Jumping(
        tiling: Square,
        registers: [(name: \"t\", kind: Choice([\"{value}\", \"diagonal\"]))],
        jumps: [
            (when: [Is(\"t\", \"{value}\")], dirs: Orthogonal),
            (when: [Is(\"t\", \"diagonal\")], dirs: Diagonal),
        ],
        effects: [(on: Land, do: [Next(\"t\")])],
    ),
    board: [\"1 1 1\", \"1 1 1\", \"1 1 G\"],
    start: (0, 0),
)
"
    )
}

/// Whether `bytes` hold a character a terminal acts on, other than line ends and tabs.
fn active(bytes: &[u8]) -> bool {
    String::from_utf8_lossy(bytes)
        .chars()
        .any(|c| c.is_control() && !matches!(c, '\n' | '\t' | '\r'))
}

#[test]
fn a_choice_value_with_control_characters_is_shown_escaped_in_every_output() {
    let path = temp_file("hostile_choice.ron", &hostile_choice());
    let p = path.to_str().unwrap();
    for args in [
        vec!["solve", p],
        vec!["check", p],
        vec!["analyze", p],
        vec!["analyze", "--json", p],
        vec!["graph", p],
        vec!["graph", "--format", "json", p],
        vec!["render", p],
        vec!["play", p],
    ] {
        let o = maze(&args);
        assert!(!active(&o.stdout), "{args:?}: {}", stdout(&o));
        assert!(!active(&o.stderr), "{args:?}: {}", stderr(&o));
    }
    // The state names carry the value escaped, where they name the state.
    let o = maze(&["analyze", p]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).contains(r"(0,0)/t=orth\u{1b}[2J\u{1b}]0;pwned\u{7}"),
        "{}",
        stdout(&o)
    );
    let o = maze(&["graph", p]);
    assert!(stdout(&o).contains(r"orth\\u{1b}[2J") || stdout(&o).contains(r"orth\u{1b}[2J"));
}

#[test]
fn a_raw_control_character_in_a_file_is_escaped_in_its_diagnostic() {
    // A board token holding a raw ESC and BEL: refused, and the diagnostic shows them
    // escaped in its message and in the line it draws.
    let src = "Maze(rules: Jumping(tiling: Square, moves: Rook),\n board: [\"1 1 \u{1b}]0;pwned\u{7} 1\", \"1 1 1 G\"], start: (0, 0))\n";
    let path = temp_file("hostile_token.ron", src);
    for command in ["solve", "check", "analyze", "render", "graph", "play"] {
        let o = maze(&[command, path.to_str().unwrap()]);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{command}: {err}");
        assert!(!active(&o.stderr), "{command}: {err}");
        assert!(err.contains(r"`\u{1b}]0;pwned\u{7}`"), "{command}: {err}");
        assert!(err.contains("hostile_token.ron:2:15"), "{command}: {err}");
    }
}

#[test]
fn a_file_that_is_not_utf8_is_refused_at_its_first_bad_byte() {
    // Latin-1 `é` (0xe9) in a comment on line 2, after `// caf`: byte offset 14.
    let mut bytes = b"// mine\n// caf".to_vec();
    bytes.push(0xe9);
    bytes.extend_from_slice(
        b"\nMaze(rules: Jumping(tiling: Square, moves: Rook), board: [\"1 G\"], start: (0, 0))\n",
    );
    let dir = common::temp_dir("inert-tests", "latin1");
    let path = dir.join("latin1.ron");
    std::fs::write(&path, &bytes).unwrap();
    let p = path.to_str().unwrap();
    for args in [
        vec!["solve", p],
        vec!["check", p],
        vec!["analyze", p],
        vec!["generate", p],
        vec!["batch", p, "--out", dir.join("out").to_str().unwrap()],
    ] {
        let o = maze(&args);
        let err = stderr(&o).replace('│', " ");
        let err = err.split_whitespace().collect::<Vec<_>>().join(" ");
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains("byte 0xe9 at byte offset 14 (line 2, column 7) is not valid UTF-8"),
            "{args:?}: {err}"
        );
        assert!(
            !args.contains(&"batch") || err.contains("latin1.ron:2:7"),
            "{err}"
        );
    }
    let o = maze(&["solve", p]);
    assert!(stderr(&o).contains("latin1.ron:2:7"), "{}", stderr(&o));
}
