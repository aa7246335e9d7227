//! `cargo xtask bench --against REV`: the same benchmarks of an older revision and of this
//! one, run in alternate rounds in one run, their tables paired row by row.
//!
//! Figures taken minutes apart on a shared machine differ by more than most changes do, so a
//! before-and-after claim is only worth the run that measured both sides together; and since
//! the load drifts within a run too, the two sides take turns, one round of each at a time,
//! and each figure is the median of its rounds.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Every benchmark name, in the order `cargo xtask bench` runs them.
pub(crate) const NAMES: [&str; 10] = [
    "analyze",
    "variants",
    "rolling",
    "generate",
    "neller",
    "registers",
    "scaling",
    "batch",
    "studio",
    "print",
];

/// Builds `rev`'s own xtask (in its own folder under the target folder), then runs each named
/// benchmark `runs` times with that binary and with this one in alternate rounds (`--runs 1`
/// each, the older first in odd rounds and this tree first in even ones), takes each figure's
/// median over its side's rounds, and prints the paired tables; both sides' median outputs are
/// kept beside the revision's tree as `NAME-before.md` and `NAME-after.md`.
pub(crate) fn run(rev: &str, only: &[String], runs: u32, boards: &[usize]) -> Result<(), String> {
    let old = build_revision(rev)?;
    let new = std::env::current_exe().map_err(|e| format!("cannot find this xtask: {e}"))?;
    let names: Vec<&str> = if only.is_empty() {
        // `generate` runs `neller`, `registers` and `scaling` as its parts.
        NAMES
            .iter()
            .copied()
            .filter(|n| !matches!(*n, "neller" | "registers" | "scaling"))
            .collect()
    } else {
        only.iter().map(String::as_str).collect()
    };
    println!(
        "each figure: the median of {runs} rounds, {rev} and this tree taking turns (`--runs 1` a round)\n"
    );
    for name in names {
        match name {
            // The generator's tables that run through the command line are run by this
            // xtask on both binaries with the same files, budgets and clock; the parts that
            // each xtask runs in-process (`neller`, `registers`) run the same work on both.
            "generate" => {
                for part in ["neller", "registers"] {
                    xtask_rounds(&old, &new, rev, part, runs, boards)?;
                }
                print_cli(
                    rev,
                    "generate: every variant",
                    |sides| {
                        crate::against_cli::every_variant(
                            &old.root.join("variants"),
                            &cli_folder(&old)?,
                            sides,
                            runs,
                        )
                    },
                    &old,
                )?;
                print_cli(rev, "scaling", |sides| scaling(&old, sides, runs), &old)?;
            }
            "scaling" => print_cli(rev, "scaling", |sides| scaling(&old, sides, runs), &old)?,
            _ => xtask_rounds(&old, &new, rev, name, runs, boards)?,
        }
    }
    Ok(())
}

fn scaling(
    old: &Revision,
    sides: &crate::against_cli::Binaries,
    runs: u32,
) -> Result<(String, String), String> {
    crate::against_cli::scaling(
        &old.root.join("variants").join("rook.ron"),
        &cli_folder(old)?,
        sides,
        runs,
    )
}

/// The folder the command-line tables write their benchmark files to.
fn cli_folder(old: &Revision) -> Result<PathBuf, String> {
    let dir = old.root.join("bench-files");
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    Ok(dir)
}

/// Runs a table through both revisions' `maze` binaries (`table` gives both sides' outputs)
/// and prints it paired, keeping both outputs beside the revision's tree.
fn print_cli(
    rev: &str,
    title: &str,
    table: impl FnOnce(&crate::against_cli::Binaries) -> Result<(String, String), String>,
    old: &Revision,
) -> Result<(), String> {
    let sides = crate::against_cli::Binaries {
        old: old.root.join("target").join("release").join("maze"),
        new: crate::paths::maze_binary()?,
    };
    let (before, after) = table(&sides)?;
    let file = title.replace([' ', ':'], "-");
    for (side, text) in [("before", &before), ("after", &after)] {
        let path = old.root.join(format!("{file}-cli-{side}.md"));
        std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    println!(
        "## {title}: {rev} -> this tree, both `maze generate` binaries on the same files, seeds, iterations and clock (the process's CPU time)\n"
    );
    println!("{}", pair_tables(&before, &after));
    Ok(())
}

/// Runs benchmark `name` with each revision's own xtask in alternate rounds and prints the
/// paired tables.
fn xtask_rounds(
    old: &Revision,
    new: &Path,
    rev: &str,
    name: &str,
    runs: u32,
    boards: &[usize],
) -> Result<(), String> {
    let mut args = vec![
        "bench".to_string(),
        name.to_string(),
        "--runs".into(),
        "1".into(),
    ];
    if name == "analyze" {
        for board in boards {
            args.extend(["--board".to_string(), board.to_string()]);
        }
    }
    let mut new_args = args.clone();
    if name == "batch" {
        // The older xtask makes every variant its tree bundles, from its own files: this
        // tree makes the same list (`batch::bench::WORKLOAD`) from those files too, so
        // both sides make the same mazes and only the engines differ.
        new_args.push("--batch-variants".into());
        new_args.push(old.root.join("variants").display().to_string());
    }
    let (mut befores, mut afters) = (Vec::new(), Vec::new());
    for round in 1..=runs {
        for older in [round % 2 == 1, round % 2 == 0] {
            if older {
                eprintln!("bench {name}: {rev}, round {round} of {runs} ...");
                let Some(text) = capture(&old.binary, &old.root, &args)? else {
                    println!("## {name}\n\n{rev} has no benchmark `{name}`.\n");
                    return Ok(());
                };
                befores.push(text);
            } else {
                eprintln!("bench {name}: this tree, round {round} of {runs} ...");
                let text = capture(new, &crate::paths::workspace_root(), &new_args)?
                    .ok_or_else(|| format!("`cargo xtask bench {name}` failed on this tree"))?;
                afters.push(text);
            }
        }
    }
    let (before, after) = (median_output(&befores), median_output(&afters));
    for (side, text) in [("before", &before), ("after", &after)] {
        let path = old.root.join(format!("{name}-{side}.md"));
        std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    println!("## {name}: {rev} -> this tree\n");
    let mut paired = pair_tables(&before, &after);
    if paired.trim().is_empty() {
        // Plain-text tables (the batch benchmark's): paired once written as markdown.
        paired = pair_tables(&markdown(&before), &markdown(&after));
    }
    if paired.trim().is_empty() {
        // No table to pair: both outputs as they are.
        println!("{rev}:\n\n{before}\nthis tree:\n\n{after}");
    } else {
        println!("{paired}");
    }
    Ok(())
}

/// The tables of a plain-text output as markdown: a block of two or more lines whose cells,
/// split at runs of two or more spaces, are as many in every line (the first line its
/// header), and every `measure: figure` line, as rows of a table of its own.
fn markdown(text: &str) -> String {
    let split = |line: &str| -> Vec<String> {
        line.trim()
            .split("  ")
            .map(str::trim)
            .filter(|c| !c.is_empty())
            .map(str::to_string)
            .collect()
    };
    let mut out = String::new();
    let mut block: Vec<Vec<String>> = Vec::new();
    let mut measures = Vec::new();
    let flush = |block: &mut Vec<Vec<String>>, out: &mut String| {
        if block.len() >= 2 {
            for (i, cells) in block.iter().enumerate() {
                out.push_str(&format!("| {} |\n", cells.join(" | ")));
                if i == 0 {
                    out.push_str(&format!("|{}\n", "---|".repeat(cells.len())));
                }
            }
            out.push('\n');
        }
        block.clear();
    };
    for line in text.lines() {
        let cells = split(line);
        if cells.len() >= 2 && block.first().is_none_or(|first| first.len() == cells.len()) {
            block.push(cells);
            continue;
        }
        flush(&mut block, &mut out);
        // A figure and its unit, `1.98x` or `19.1 s`, written apart so that the figure
        // pairs as one.
        if let Some((measure, figure)) = line.rsplit_once(": ") {
            let figure = figure.trim();
            let end = figure
                .find(|c: char| !(c.is_ascii_digit() || c == '.' || c == ','))
                .unwrap_or(figure.len());
            let (number, unit) = (&figure[..end], figure[end..].trim());
            if !number.is_empty() && unit.chars().all(|c| c.is_alphabetic() || c == '%') {
                measures.push(format!("| {} | {number} {unit} |\n", measure.trim()));
            }
        }
    }
    flush(&mut block, &mut out);
    if !measures.is_empty() {
        out.push_str("| measure | figure |\n|---|---|\n");
        out.extend(measures);
    }
    out
}

/// An older revision's tree and its release xtask.
struct Revision {
    root: PathBuf,
    binary: PathBuf,
}

/// Unpacks `rev` under `target/bench-against/` (once per commit) and builds its xtask there,
/// with its own target folder, so neither tree's build disturbs the other's.
fn build_revision(rev: &str) -> Result<Revision, String> {
    let workspace = crate::paths::workspace_root();
    let sha = git(
        &workspace,
        &["rev-parse", "--verify", &format!("{rev}^{{commit}}")],
    )?;
    let root = crate::paths::target_dir()
        .join("bench-against")
        .join(&sha[..12.min(sha.len())]);
    if !root.join("Cargo.toml").is_file() {
        std::fs::create_dir_all(&root).map_err(|e| format!("{}: {e}", root.display()))?;
        let archive = Command::new("git")
            .args(["archive", "--format=tar", &sha])
            .current_dir(&workspace)
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot run git archive: {e}"))?;
        let unpacked = Command::new("tar")
            .args(["-x", "-C"])
            .arg(&root)
            .stdin(archive.stdout.ok_or("git archive gave no output")?)
            .status()
            .map_err(|e| format!("cannot run tar: {e}"))?;
        if !unpacked.success() {
            return Err(format!("cannot unpack {rev} into {}", root.display()));
        }
    }
    eprintln!("building {rev}'s xtask and maze in {} ...", root.display());
    let built = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
        .args([
            "build",
            "--release",
            "--quiet",
            "--locked",
            "-p",
            "xtask",
            "-p",
            "maze-cli",
        ])
        .current_dir(&root)
        .env_remove("CARGO_TARGET_DIR")
        .status()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    if !built.success() {
        return Err(format!("cannot build {rev}'s xtask"));
    }
    let binary = root.join("target").join("release").join("xtask");
    Ok(Revision { root, binary })
}

fn git(dir: &Path, args: &[&str]) -> Result<String, String> {
    let out = Command::new("git")
        .args(args)
        .current_dir(dir)
        .output()
        .map_err(|e| format!("cannot run git: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "git {}: {}",
            args.join(" "),
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    Ok(String::from_utf8_lossy(&out.stdout).trim().to_string())
}

/// Runs one xtask in its tree and returns what it printed, or `None` when it refused the
/// arguments (a benchmark that revision does not have).
fn capture(binary: &Path, root: &Path, args: &[String]) -> Result<Option<String>, String> {
    let out = Command::new(binary)
        .args(args)
        .current_dir(root)
        .env_remove("CARGO_TARGET_DIR")
        .stderr(Stdio::inherit())
        .output()
        .map_err(|e| format!("cannot run {}: {e}", binary.display()))?;
    match out.status.code() {
        Some(0) => Ok(Some(String::from_utf8_lossy(&out.stdout).into_owned())),
        // clap's status for arguments it does not accept.
        Some(2) => Ok(None),
        _ => Err(format!("{} {} failed", binary.display(), args.join(" "))),
    }
}

/// A benchmark's rounds as one output: where every round printed the same text but for its
/// figures, each figure is the median of the rounds' (the round's own text of it, so units
/// and decimals stay); otherwise, the first round's output. Figures equal in every round
/// (states, board sizes, energies) come out as they are.
fn median_output(rounds: &[String]) -> String {
    let Some(first) = rounds.first() else {
        return String::new();
    };
    let split: Vec<(Vec<&str>, Vec<&str>)> = rounds.iter().map(|r| split_figures(r)).collect();
    if split.iter().any(|(text, _)| *text != split[0].0) {
        return first.clone();
    }
    let (text, figures) = &split[0];
    let mut out = String::with_capacity(first.len());
    for (i, piece) in text.iter().enumerate() {
        out.push_str(piece);
        if i < figures.len() {
            let mut column: Vec<&str> = split.iter().map(|(_, f)| f[i]).collect();
            column.sort_by(|a, b| figure_value(a).total_cmp(&figure_value(b)));
            // The lower median of an even count: a figure some round printed.
            out.push_str(column[(column.len() - 1) / 2]);
        }
    }
    out
}

/// `text` as the text between its figures and the figures: a figure is a run of digits, with
/// thousands commas and one decimal point inside it, not part of a word (`x86`, `1x2x3`).
fn split_figures(text: &str) -> (Vec<&str>, Vec<&str>) {
    let bytes = text.as_bytes();
    let (mut pieces, mut figures) = (Vec::new(), Vec::new());
    let (mut start, mut i) = (0, 0);
    while i < bytes.len() {
        let after_word = i > 0 && (bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_');
        if !bytes[i].is_ascii_digit() || after_word {
            i += 1;
            continue;
        }
        let mut end = i;
        let mut point = false;
        while end < bytes.len() {
            let digit_next = bytes.get(end + 1).is_some_and(u8::is_ascii_digit);
            match bytes[end] {
                b'0'..=b'9' => end += 1,
                b',' if digit_next => end += 1,
                b'.' if !point && digit_next => {
                    point = true;
                    end += 1;
                }
                _ => break,
            }
        }
        if bytes
            .get(end)
            .is_some_and(|c| c.is_ascii_alphabetic() || *c == b'_')
        {
            // `3x3`, `2nd`: part of a word.
            i = end;
            continue;
        }
        pieces.push(&text[start..i]);
        figures.push(&text[i..end]);
        start = end;
        i = end;
    }
    pieces.push(&text[start..]);
    (pieces, figures)
}

fn figure_value(figure: &str) -> f64 {
    figure.replace(',', "").parse().unwrap_or(f64::NAN)
}

/// One markdown table row: the header it sits under and its cells.
struct Row {
    header: String,
    cells: Vec<String>,
}

fn rows(output: &str) -> Vec<Row> {
    let lines: Vec<&str> = output.lines().collect();
    let mut header = String::new();
    let mut rows = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let line = line.trim();
        if !line.starts_with('|') {
            continue;
        }
        if lines
            .get(i + 1)
            .is_some_and(|next| next.trim().starts_with("|---"))
        {
            header = line.to_string();
        } else if !line.starts_with("|---") {
            rows.push(Row {
                header: header.clone(),
                cells: cells(line),
            });
        }
    }
    rows
}

fn cells(line: &str) -> Vec<String> {
    line.trim_matches('|')
        .split('|')
        .map(|c| c.trim().to_string())
        .collect()
}

/// Whether a cell holds a figure: a number, or a number and its unit (`1.2 s`, `20 MiB`).
fn is_figure(cell: &str) -> bool {
    let mut words = cell.split_whitespace();
    let number = words.next().map(|w| w.replace(',', ""));
    let unit = words.next();
    number.is_some_and(|n| n.parse::<f64>().is_ok())
        && words.next().is_none()
        && unit.is_none_or(|u| !u.chars().any(|c| c.is_ascii_digit()))
}

/// A row's name: its first cell and the cells after it up to the first that holds a figure.
fn name(row: &Row) -> (String, Vec<String>) {
    let name = row
        .cells
        .iter()
        .enumerate()
        .take_while(|(i, c)| *i == 0 || !is_figure(c))
        .map(|(_, c)| c.clone())
        .collect();
    (row.header.clone(), name)
}

/// Each row's name with how many rows of that name came before it, so that rows a table
/// tells apart only by a figure (iterations, sizes) pair in order.
fn keys(rows: &[Row]) -> Vec<((String, Vec<String>), usize)> {
    let mut seen: Vec<(String, Vec<String>)> = Vec::new();
    rows.iter()
        .map(|row| {
            let n = name(row);
            let k = seen.iter().filter(|s| **s == n).count();
            seen.push(n.clone());
            (n, k)
        })
        .collect()
}

/// The after-tables with each figure that changed written `before -> after`; rows only one
/// side has are listed below them.
fn pair_tables(before: &str, after: &str) -> String {
    let old = rows(before);
    let new = rows(after);
    let (old_keys, new_keys) = (keys(&old), keys(&new));
    let mut text = String::new();
    let mut header = None;
    for (row, key) in new.iter().zip(&new_keys) {
        if header.as_ref() != Some(&row.header) {
            let columns = cells(&row.header).len();
            text.push_str(&format!("\n{}\n|{}\n", row.header, "---|".repeat(columns)));
            header = Some(row.header.clone());
        }
        let paired: Vec<String> = match old_keys.iter().position(|k| k == key).map(|i| &old[i]) {
            Some(o) => row
                .cells
                .iter()
                .enumerate()
                .map(|(i, c)| match o.cells.get(i) {
                    Some(was) if was != c => format!("{was} -> {c}"),
                    _ => c.clone(),
                })
                .collect(),
            None => {
                let mut cells = row.cells.clone();
                if let Some(first) = cells.first_mut() {
                    first.push_str(" (new)");
                }
                cells
            }
        };
        text.push_str(&format!("| {} |\n", paired.join(" | ")));
    }
    let gone: Vec<&Row> = old
        .iter()
        .zip(&old_keys)
        .filter(|(_, k)| !new_keys.contains(k))
        .map(|(o, _)| o)
        .collect();
    if !gone.is_empty() {
        text.push_str("\nonly before:\n");
        for row in gone {
            text.push_str(&format!("| {} |\n", row.cells.join(" | ")));
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::{markdown, median_output, pair_tables};

    #[test]
    fn each_figure_is_the_median_of_its_rounds_and_words_keep_their_digits() {
        let round = |t: &str, rate: &str| {
            format!("x86-64-v3, 1x2x3 block, best of 1\n| 5 x 5 | {t} s | {rate} | -8.43 |\n")
        };
        let rounds = [
            round("0.30", "1,200"),
            round("0.90", "1,100"),
            round("0.35", "900"),
        ];
        assert_eq!(
            median_output(&rounds),
            "x86-64-v3, 1x2x3 block, best of 1\n| 5 x 5 | 0.35 s | 1,100 | -8.43 |\n"
        );
        // Rounds that differ in more than their figures: the first as it is.
        let other = [round("0.30", "1"), "another table\n".to_string()];
        assert_eq!(median_output(&other), other[0]);
    }

    #[test]
    fn plain_text_tables_pair_as_markdown() {
        let output = |one: &str, two: &str, speed: &str| {
            format!(
                "cargo xtask batch: 26 variants, 1 runs each\n\n  jobs   best (s)    cpu (s)\n     1     {one}     18.825\n     2      {two}     18.805\n\nspeed-up with 2 jobs (best against best): {speed}\n"
            )
        };
        let paired = pair_tables(
            &markdown(&output("19.056", "9.614", "1.98x")),
            &markdown(&output("23.618", "9.614", "2.00x")),
        );
        assert!(paired.contains("| jobs | best (s) | cpu (s) |"), "{paired}");
        assert!(
            paired.contains("| 1 | 19.056 -> 23.618 | 18.825 |"),
            "{paired}"
        );
        assert!(paired.contains("| 2 | 9.614 | 18.805 |"), "{paired}");
        assert!(
            paired.contains("| speed-up with 2 jobs (best against best) | 1.98 x -> 2.00 x |"),
            "{paired}"
        );
    }

    #[test]
    fn rows_pair_by_their_name_and_show_what_changed() {
        let before = "title\n\n| board | time | memory |\n|---|---:|---:|\n| 250 x 250 | 0.10 s | 20 MiB |\n| 500 x 500 | 0.40 s | 60 MiB |\n";
        let after = "title\n\n| board | time | memory |\n|---|---:|---:|\n| 250 x 250 | 0.08 s | 20 MiB |\n| 1000 x 1000 | 1.2 s | 250 MiB |\n";
        let paired = pair_tables(before, after);
        assert!(
            paired.contains("| 250 x 250 | 0.10 s -> 0.08 s | 20 MiB |"),
            "{paired}"
        );
        assert!(
            paired.contains("| 1000 x 1000 (new) | 1.2 s | 250 MiB |"),
            "{paired}"
        );
        assert!(
            paired.contains("only before:\n| 500 x 500 | 0.40 s | 60 MiB |"),
            "{paired}"
        );
    }

    #[test]
    fn rows_of_one_name_pair_in_order_and_sizes_are_names() {
        let table = |a: &str, b: &str, c: &str| {
            format!(
                "| program | iterations | seconds |\n|---|---|---|\n| engine | 25000 | {a} |\n| engine | 125000 | {b} |\n\n| variant | board | rate |\n|---|---|---|\n| hex | 5 x 5 | {c} |\n| hex | 10 x 10 | 9 |\n"
            )
        };
        let paired = pair_tables(&table("0.3", "1.7", "7"), &table("0.3", "1.6", "8"));
        assert!(paired.contains("| engine | 25000 | 0.3 |"), "{paired}");
        assert!(
            paired.contains("| engine | 125000 | 1.7 -> 1.6 |"),
            "{paired}"
        );
        assert!(paired.contains("| hex | 5 x 5 | 7 -> 8 |"), "{paired}");
        assert!(paired.contains("| hex | 10 x 10 | 9 |"), "{paired}");
    }
}
