//! The house rules ARCHITECTURE.md states, checked on the source tree: rooms of a size one can
//! hold, no import circle between the files of a crate, every file saying what it is for, and
//! a repository that names nothing outside itself.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The longest a source file may be, its test module aside.
const MAX_LINES: usize = 1200;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every `.rs` file below `dir`, sorted.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// The source folders of the workspace's library and binary crates (not their tests).
fn source_dirs() -> Vec<PathBuf> {
    let mut dirs = vec![root().join("src"), root().join("xtask/src")];
    let mut crates: Vec<PathBuf> = std::fs::read_dir(root().join("crates"))
        .unwrap()
        .flatten()
        .map(|e| e.path().join("src"))
        .filter(|p| p.is_dir())
        .collect();
    crates.sort();
    dirs.extend(crates);
    dirs
}

/// A file's text before its test module: what counts as the room's size and its imports.
fn without_tests(text: &str) -> &str {
    text.find("\n#[cfg(test)]").map_or(text, |i| &text[..i])
}

fn is_test_file(path: &Path) -> bool {
    path.file_name().is_some_and(|n| n == "tests.rs")
}

#[test]
fn no_source_file_is_over_the_size_of_a_room() {
    let mut big = Vec::new();
    for dir in source_dirs() {
        for file in rust_files(&dir) {
            if is_test_file(&file) {
                continue;
            }
            let text = std::fs::read_to_string(&file).unwrap();
            let lines = without_tests(&text).lines().count();
            if lines > MAX_LINES {
                big.push(format!("{} ({lines} lines)", file.display()));
            }
        }
    }
    assert!(big.is_empty(), "files over {MAX_LINES} lines: {big:#?}");
}

#[test]
fn every_source_file_says_what_it_is_for() {
    let mut silent = Vec::new();
    for dir in source_dirs() {
        for file in rust_files(&dir) {
            let text = std::fs::read_to_string(&file).unwrap();
            if !text.trim_start().starts_with("//!") {
                silent.push(file.display().to_string());
            }
        }
    }
    assert!(silent.is_empty(), "files without a `//!` line: {silent:#?}");
}

/// The module path of a file of a crate whose source folder is `src`.
fn module_of(src: &Path, file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(src).unwrap().with_extension("");
    let mut parts: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if parts.len() == 1 && (parts[0] == "lib" || parts[0] == "main") {
        parts.clear();
    }
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    parts
}

/// The files of one crate each file names by a `crate::` or `super::` path, leaving out the
/// file's own ancestors (a parent's re-exports are the way in, not an import of a sibling).
fn imports(src: &Path) -> BTreeMap<Vec<String>, BTreeSet<Vec<String>>> {
    let files: BTreeMap<Vec<String>, PathBuf> = rust_files(src)
        .into_iter()
        .filter(|f| !is_test_file(f))
        .map(|f| (module_of(src, &f), f))
        .collect();
    let mut edges = BTreeMap::new();
    for (module, file) in &files {
        let text = std::fs::read_to_string(file).unwrap();
        let code: String = without_tests(&text)
            .lines()
            .map(|l| l.split("//").next().unwrap_or(""))
            .collect::<Vec<_>>()
            .join("\n");
        let mut to = BTreeSet::new();
        let bytes = code.as_bytes();
        for (at, word) in [("crate::", true), ("super::", false)]
            .iter()
            .flat_map(|&(w, c)| code.match_indices(w).map(move |(i, _)| (i, c)))
        {
            if at > 0 && (bytes[at - 1].is_ascii_alphanumeric() || bytes[at - 1] == b'_') {
                continue;
            }
            let rest = &code[at..];
            let path: Vec<&str> = rest
                .split(|ch: char| !(ch.is_alphanumeric() || ch == '_' || ch == ':'))
                .next()
                .unwrap_or("")
                .split("::")
                .filter(|s| !s.is_empty())
                .collect();
            let mut base: Vec<String> = if word {
                Vec::new()
            } else {
                module[..module.len().saturating_sub(1)].to_vec()
            };
            let mut segments = &path[1..];
            while segments.first() == Some(&"super") {
                base.pop();
                segments = &segments[1..];
            }
            let mut best = None;
            for s in segments {
                base.push((*s).to_string());
                if files.contains_key(&base) {
                    best = Some(base.clone());
                }
            }
            if let Some(target) = best
                && &target != module
                && !module.starts_with(&target)
            {
                to.insert(target);
            }
        }
        edges.insert(module.clone(), to);
    }
    edges
}

/// The strongly connected components of more than one file (Tarjan).
fn circles(edges: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>) -> Vec<Vec<String>> {
    struct Walk<'a> {
        edges: &'a BTreeMap<Vec<String>, BTreeSet<Vec<String>>>,
        index: BTreeMap<&'a Vec<String>, usize>,
        low: BTreeMap<&'a Vec<String>, usize>,
        stack: Vec<&'a Vec<String>>,
        on: BTreeSet<&'a Vec<String>>,
        found: Vec<Vec<String>>,
    }
    fn visit<'a>(w: &mut Walk<'a>, v: &'a Vec<String>) {
        let i = w.index.len();
        w.index.insert(v, i);
        w.low.insert(v, i);
        w.stack.push(v);
        w.on.insert(v);
        for t in &w.edges[v] {
            if !w.index.contains_key(t) {
                visit(w, t);
                let l = w.low[t].min(w.low[v]);
                w.low.insert(v, l);
            } else if w.on.contains(t) {
                let l = w.index[t].min(w.low[v]);
                w.low.insert(v, l);
            }
        }
        if w.low[v] == w.index[v] {
            let mut component = Vec::new();
            while let Some(t) = w.stack.pop() {
                w.on.remove(t);
                component.push(t.join("::"));
                if t == v {
                    break;
                }
            }
            if component.len() > 1 {
                component.sort();
                w.found.push(component);
            }
        }
    }
    let mut w = Walk {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on: BTreeSet::new(),
        found: Vec::new(),
    };
    for v in edges.keys() {
        if !w.index.contains_key(v) {
            visit(&mut w, v);
        }
    }
    w.found
}

#[test]
fn no_import_circle_between_the_files_of_a_crate() {
    let mut all = Vec::new();
    for dir in source_dirs() {
        for circle in circles(&imports(&dir)) {
            all.push(format!("{}: {}", dir.display(), circle.join(", ")));
        }
    }
    assert!(all.is_empty(), "import circles: {all:#?}");
}

/// The circle finder sees a circle where there is one: the test above cannot pass by
/// finding nothing.
#[test]
fn the_circle_finder_finds_a_circle() {
    let dir = std::env::temp_dir().join(format!("maze-house-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("b")).unwrap();
    std::fs::write(dir.join("lib.rs"), "//! x\nmod a;\nmod b;\n").unwrap();
    std::fs::write(dir.join("a.rs"), "//! a\nuse crate::b::c::X;\n").unwrap();
    std::fs::write(dir.join("b/mod.rs"), "//! b\nmod c;\n").unwrap();
    std::fs::write(
        dir.join("b/c.rs"),
        "//! c\nfn f() { super::super::a::g() }\n",
    )
    .unwrap();
    let found = circles(&imports(&dir));
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(found, vec![vec!["a".to_string(), "b::c".to_string()]]);
}

#[test]
fn no_file_names_a_place_outside_the_repository() {
    // Spelled in two halves, so that this file does not name them itself.
    let outside = [concat!("..", "/shared"), concat!("/wo", "rk/")];
    let mut found = Vec::new();
    let output = std::process::Command::new("git")
        .args(["ls-files"])
        .current_dir(root())
        .output();
    // A source tree without git (a packaged crate) has nothing to check here.
    let Ok(output) = output else { return };
    if !output.status.success() {
        return;
    }
    for name in String::from_utf8_lossy(&output.stdout).lines() {
        let path = root().join(name);
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        for needle in outside {
            if text.contains(needle) {
                found.push(format!("{name}: {needle}"));
            }
        }
    }
    assert!(found.is_empty(), "files naming a place outside: {found:#?}");
}
