//! Adversarial shapes (issue 28): many toggled bridges, a `Choice` of 100,000 names and
//! `--jobs 100000` each answer promptly. Each file is checked against an equivalent one the
//! old code also answered quickly (the same maze turned upside down, the same choice with two
//! names), so the tests assert the answer, not a timing; one that hung would fail by the
//! suite's own time.
#![allow(clippy::unwrap_used)]

mod common;
use common::{maze, stderr, stdout, temp_file};

const ROWS: usize = 11;
const COLS: usize = 14;

/// A rolling-block maze with `bridges` toggled bridges: one switch toggles all but the last
/// `free`, and each of those has a switch of its own, so the reachable bridge settings differ
/// in the registers' last bits only. `flip` turns the maze upside down (rows in reverse,
/// switches and their actions in reverse order), which puts those bits first.
fn bridges_file(bridges: usize, free: usize, flip: bool) -> String {
    let row = |r: usize| if flip { ROWS - 1 - r } else { r };
    let mut board = vec![vec!['.'; COLS]; ROWS];
    board[row(0)][0] = 'S';
    board[row(ROWS - 1)][COLS - 1] = 'G';
    let at: Vec<(usize, usize)> = (0..bridges)
        .map(|k| (row(2 + k / 12), 1 + k % 12))
        .collect();
    for &(r, c) in &at {
        board[r][c] = '=';
    }
    let toggles = |cells: &[(usize, usize)]| {
        let mut acts: Vec<String> = cells
            .iter()
            .map(|(r, c)| format!("Toggle({r}, {c})"))
            .collect();
        if flip {
            acts.reverse();
        }
        acts.join(", ")
    };
    let mut switches = Vec::new();
    board[row(0)][5] = 'o';
    switches.push(format!(
        "Switch(at: ({}, 5), acts: [{}])",
        row(0),
        toggles(&at[..bridges - free])
    ));
    for (j, cell) in at[bridges - free..].iter().enumerate() {
        board[row(9)][j] = 'o';
        switches.push(format!(
            "Switch(at: ({}, {j}), acts: [{}])",
            row(9),
            toggles(std::slice::from_ref(cell))
        ));
    }
    if flip {
        switches.reverse();
    }
    let rows: Vec<String> = board
        .iter()
        .map(|r| format!("\"{}\"", r.iter().collect::<String>()))
        .collect();
    format!(
        "Maze(rules: RollingBlock(block: (1, 1, 2), switches: [{}]), board: [{}])\n",
        switches.join(", "),
        rows.join(", ")
    )
}

/// `maze analyze --json` of `src`: its state count and shortest length.
fn analyzed(name: &str, src: &str) -> (u64, u64) {
    let path = temp_file(name, src);
    let o = maze(&["analyze", "--json", path.to_str().unwrap()]);
    assert!(o.status.success(), "{name}: {}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    (
        v["n_states"].as_u64().unwrap(),
        v["shortest_length"].as_u64().unwrap(),
    )
}

#[test]
fn forty_eight_and_sixty_four_toggled_bridges_are_answered() {
    for bridges in [48, 64] {
        let high = analyzed(
            &format!("bridges_{bridges}.ron"),
            &bridges_file(bridges, 7, false),
        );
        let low = analyzed(
            &format!("bridges_{bridges}_flipped.ron"),
            &bridges_file(bridges, 7, true),
        );
        assert_eq!(high, low, "{bridges} bridges");
        // Every setting of the seven free bridges and of the group is reached.
        assert!(high.0 > 1 << 8, "{bridges} bridges: {high:?}");
    }
}

/// A 3 x 3 maze carrying a `Choice` register of `names` values, two of which the rules use:
/// orthogonal moves at `v0`, then diagonal ones at the last value.
fn choice_file(names: usize) -> String {
    let values: Vec<String> = (0..names).map(|i| format!("\"v{i}\"")).collect();
    let last = names - 1;
    format!(
        "Maze(rules: Jumping(tiling: Square, registers: [(name: \"t\", kind: Choice([{}]))], \
         jumps: [(when: [Is(\"t\", \"v0\")], dirs: Orthogonal), \
         (when: [Is(\"t\", \"v{last}\")], dirs: Diagonal)], \
         effects: [(on: Land, when: [Is(\"t\", \"v0\")], do: [Set(\"t\", Name(\"v{last}\"))])]), \
         board: [\"1 1 1\", \"1 1 1\", \"1 1 G\"], start: (0, 1))\n",
        values.join(", ")
    )
}

#[test]
fn a_choice_of_100000_names_is_read_and_solved() {
    let mut answers = Vec::new();
    for names in [2, 100_000] {
        let path = temp_file(&format!("choice_{names}.ron"), &choice_file(names));
        let o = maze(&["solve", "--json", path.to_str().unwrap()]);
        assert!(o.status.success(), "{names}: {}", stderr(&o));
        let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
        answers.push(v);
    }
    assert_eq!(answers[0]["shortest_length"], 2);
    assert_eq!(answers[0], answers[1]);
    // A value named twice is still found, among 100,000.
    let twice = choice_file(100_000).replace("\"v99998\", ", "\"v5\", ");
    let path = temp_file("choice_twice.ron", &twice);
    let o = maze(&["check", path.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("`v5` is listed twice"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn jobs_are_capped_at_the_available_parallelism() {
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let dir = common::temp_dir("adversarial", "jobs");
    let rook = common::root().join("variants/rook.ron");
    let o = common::maze_in(
        &dir,
        &[
            "batch",
            rook.to_str().unwrap(),
            "--count",
            "2",
            "--iterations",
            "20",
            "--jobs",
            "100000",
            "--out",
            "out",
        ],
    );
    assert!(o.status.code().is_some_and(|c| c <= 1), "{}", stderr(&o));
    let jobs = if cores == 1 { "1 job," } else { "jobs," };
    assert!(
        stdout(&o).contains(&format!(", {cores} {jobs}")),
        "{}",
        stdout(&o)
    );
    let o = maze(&[
        "compare",
        rook.to_str().unwrap(),
        "--count",
        "2",
        "--iterations",
        "20",
        "--jobs",
        "100000",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
}
