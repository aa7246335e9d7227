//! Tests of the batch on a small batch (three bundled variants, four mazes each, 50
//! iterations, so some `walls` mazes fail their gates): the same bytes for any --jobs, after
//! an interrupted run, from the union of shards and from copies of the variant files in
//! another folder; answer keys that solve their mazes; summaries and an index page that
//! match the files.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use indicatif::{MultiProgress, ProgressDrawTarget};
use maze_graph::{Move, Rules};
use serde_json::Value;
use tempfile::TempDir;

use crate::summary::COLUMNS;
use crate::{Config, Error, Options, Report, Shard, batch};

const VARIANTS: [&str; 3] = ["walls", "rook", "rolling_block_fragile"];
const COUNT: u64 = 4;

/// A bundled variant's file.
fn bundled(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../variants")
        .join(format!("{name}.ron"))
}

/// The batch's variant files.
fn files() -> Vec<PathBuf> {
    // Deliberately not sorted: the batch keeps the order given.
    VARIANTS.iter().map(|v| bundled(v)).collect()
}

fn args(out: &Path) -> Options {
    Options {
        count: COUNT,
        seed: 1,
        iterations: Some(50),
        jobs: Some(2),
        out: out.to_path_buf(),
        shard: None,
        summarize: false,
        quiet: true,
        time_limit: None,
        state_limit: None,
        grade: None,
        max_length: None,
    }
}

fn run_files(files: &[PathBuf], options: &Options) -> Result<Report, Error> {
    let config = Config::new(files, options)?;
    batch(
        &config,
        &MultiProgress::with_draw_target(ProgressDrawTarget::hidden()),
    )
}

fn run(options: &Options) -> Result<Report, Error> {
    run_files(&files(), options)
}

/// Every file under `dir` by its path relative to `dir`, with its bytes.
fn tree(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    walkdir::WalkDir::new(dir)
        .into_iter()
        .map(|e| e.unwrap())
        .filter(|e| e.file_type().is_file())
        .map(|e| {
            let relative = e.path().strip_prefix(dir).unwrap().to_path_buf();
            (relative, std::fs::read(e.path()).unwrap())
        })
        .collect()
}

fn generated(report: &Report) -> u64 {
    report.variants.iter().map(|v| v.generated).sum()
}

fn skipped(report: &Report) -> u64 {
    report.variants.iter().map(|v| v.skipped).sum()
}

fn temp() -> TempDir {
    tempfile::tempdir().expect("a temporary folder")
}

/// Asserts two output trees hold the same files with the same bytes.
fn assert_same_tree(a: &Path, b: &Path) {
    let (ta, tb) = (tree(a), tree(b));
    let names = |t: &BTreeMap<PathBuf, Vec<u8>>| t.keys().cloned().collect::<Vec<_>>();
    assert_eq!(names(&ta), names(&tb), "different files");
    for (path, bytes) in &ta {
        assert!(tb[path] == *bytes, "{} differs", path.display());
    }
}

/// A complete batch in a fresh folder.
fn reference() -> TempDir {
    let dir = temp();
    let report = run(&args(dir.path())).unwrap();
    assert_eq!(generated(&report), 3 * COUNT);
    dir
}

#[test]
fn the_batch_writes_every_file_of_every_maze() {
    let dir = reference();
    let files = tree(dir.path());
    assert!(files.contains_key(Path::new("index.html")));
    let (mut accepted, mut rejected) = (0, 0);
    for variant in VARIANTS {
        assert!(files.contains_key(&Path::new(variant).join("summary.csv")));
        assert!(files.contains_key(&Path::new(variant).join("summary.json")));
        for k in 0..COUNT {
            let stem = format!("{variant}-1-{k}");
            let has = |suffix: &str| {
                files.contains_key(&Path::new(variant).join(format!("{stem}{suffix}")))
            };
            let four = [".ron", ".svg", "-answer.svg", "-answer.json"].map(has);
            if has(".rejected.ron") {
                assert_eq!(
                    four, [false; 4],
                    "{stem}: rejected, yet written as accepted"
                );
                rejected += 1;
            } else {
                assert_eq!(four, [true; 4], "{stem}: some files missing");
                accepted += 1;
            }
        }
    }
    // 50 iterations are too few for some `walls` mazes to reach 10 moves: both kinds occur.
    assert!(
        accepted > 0 && rejected > 0,
        "{accepted} accepted, {rejected} rejected"
    );
    assert_eq!(files.len(), 1 + 2 * 3 + 4 * accepted + rejected);
    // The puzzle shows no solution; its answer picture does.
    let puzzle = String::from_utf8(files[Path::new("rook/rook-1-0.svg")].clone()).unwrap();
    let answer = String::from_utf8(files[Path::new("rook/rook-1-0-answer.svg")].clone()).unwrap();
    assert_ne!(puzzle, answer);
    assert!(answer.len() > puzzle.len());
}

#[test]
fn any_number_of_jobs_writes_the_same_bytes() {
    let one = temp();
    let three = temp();
    let reference = reference();
    run(&Options {
        jobs: Some(1),
        ..args(one.path())
    })
    .unwrap();
    run(&Options {
        jobs: Some(3),
        ..args(three.path())
    })
    .unwrap();
    assert_same_tree(one.path(), reference.path());
    assert_same_tree(three.path(), reference.path());
}

#[test]
fn an_interrupted_batch_resumes_to_the_same_bytes() {
    let reference = reference();
    let dir = temp();
    let out = dir.path();
    run(&args(out)).unwrap();
    // What an interruption leaves: mazes not yet written (one wholly, one but for its maze
    // file), temporary files never renamed, and no summaries or index page yet.
    for name in [
        "rook-1-2.ron",
        "rook-1-2.svg",
        "rook-1-2-answer.svg",
        "rook-1-2-answer.json",
    ] {
        std::fs::remove_file(out.join("rook").join(name)).unwrap();
    }
    std::fs::remove_file(out.join("rolling_block_fragile/rolling_block_fragile-1-1.ron")).unwrap();
    // Written by a process that has ended, as a killed run's are.
    let dead = {
        let mut child = std::process::Command::new("true").spawn().unwrap();
        let pid = child.id();
        child.wait().unwrap();
        pid
    };
    let temps: Vec<PathBuf> = [
        "rook/rook-1-2.svg",
        "rook/rook-1-0.ron",
        "walls/summary.csv",
        "index.html",
    ]
    .iter()
    .map(|name| {
        let temp = partial(&out.join(name), &format!("{dead}.0.00000000deadbeef"));
        std::fs::write(&temp, "half a fi").unwrap();
        temp
    })
    .collect();
    std::fs::remove_file(out.join("walls/summary.csv")).unwrap();
    std::fs::remove_file(out.join("index.html")).unwrap();

    let report = run(&args(out)).unwrap();
    assert_eq!(
        generated(&report),
        2,
        "only the two unfinished mazes are generated again"
    );
    assert_eq!(skipped(&report), 3 * COUNT - 2);
    // Temporary files name the process that made them: those of a process that no longer
    // runs are removed under the lock (where the process table tells).
    if Path::new("/proc/self/stat").exists() {
        for temp in &temps {
            assert!(!temp.exists(), "{} is left", temp.display());
        }
    } else {
        for temp in &temps {
            std::fs::remove_file(temp).unwrap();
        }
    }
    assert_same_tree(out, reference.path());

    // A run with nothing left to do rewrites the same summaries.
    let report = run(&Options {
        jobs: Some(1),
        ..args(out)
    })
    .unwrap();
    assert_eq!(generated(&report), 0);
    assert_same_tree(out, reference.path());
}

#[test]
fn a_rerun_with_other_settings_is_refused() {
    let dir = temp();
    run(&args(dir.path())).unwrap();
    let error = run(&Options {
        iterations: Some(60),
        ..args(dir.path())
    })
    .unwrap_err()
    .to_string();
    assert!(error.contains("was written by another batch"), "{error}");
    assert!(error.contains("50 iterations"), "{error}");
    assert!(error.contains("60 iterations"), "{error}");
}

#[test]
fn shards_are_disjoint_and_their_union_is_the_batch() {
    let reference = reference();
    let union = temp();
    let shards: Vec<TempDir> = (0..3).map(|_| temp()).collect();
    let mut seen: BTreeMap<PathBuf, usize> = BTreeMap::new();
    let mut mazes = 0;
    for (i, dir) in shards.iter().enumerate() {
        let report = run(&Options {
            shard: Some(Shard {
                index: i as u64,
                count: 3,
            }),
            ..args(dir.path())
        })
        .unwrap();
        assert!(!report.summarized);
        mazes += generated(&report);
        for (path, bytes) in tree(dir.path()) {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            assert!(
                !name.starts_with("summary") && name != "index.html",
                "shard {i} wrote {name}"
            );
            if let Some(other) = seen.insert(path.clone(), i) {
                panic!("{} written by shards {other} and {i}", path.display());
            }
            let target = union.path().join(&path);
            std::fs::create_dir_all(target.parent().unwrap()).unwrap();
            std::fs::write(target, bytes).unwrap();
        }
    }
    assert_eq!(mazes, 3 * COUNT, "the shards together make every maze once");

    let report = run(&Options {
        summarize: true,
        ..args(union.path())
    })
    .unwrap();
    assert_eq!(generated(&report), 0);
    assert_same_tree(union.path(), reference.path());
}

#[test]
fn summarize_names_the_missing_mazes() {
    let dir = temp();
    run(&Options {
        shard: Some(Shard { index: 0, count: 2 }),
        ..args(dir.path())
    })
    .unwrap();
    let error = run(&Options {
        summarize: true,
        ..args(dir.path())
    })
    .unwrap_err()
    .to_string();
    assert!(error.contains("6 mazes are missing"), "{error}");
    // Item 1 of the global order (rolling_block_fragile, maze 1) belongs to shard 1.
    assert!(
        error.contains("rolling_block_fragile/rolling_block_fragile-1-1"),
        "{error}"
    );
    assert!(!dir.path().join("index.html").exists());
}

fn json(bytes: &[u8]) -> Value {
    serde_json::from_slice(bytes).unwrap()
}

fn strings(value: &Value) -> Vec<String> {
    value
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_string())
        .collect()
}

#[test]
fn answer_keys_lead_from_the_start_to_the_goal() {
    let dir = reference();
    let files = tree(dir.path());
    let mut keys = 0;
    for (path, bytes) in &files {
        let Some(stem) = path
            .to_string_lossy()
            .strip_suffix("-answer.json")
            .map(String::from)
        else {
            continue;
        };
        let key = json(bytes);
        let text = String::from_utf8(files[Path::new(&format!("{stem}.ron"))].clone()).unwrap();
        let maze = maze_file::parse(&stem, &text).unwrap().compile();
        let mut state = maze.start();
        let mut states = vec![maze.state_name(state)];
        let mut moves = Vec::new();
        for name in strings(&key["solution"]) {
            moves.clear();
            maze.successors(&mut moves, state);
            let Some(&Move { to, .. }) =
                moves.iter().find(|m| maze.directions().name(m.dir) == name)
            else {
                panic!("{stem}: no move {name} from {}", maze.state_name(state));
            };
            state = to;
            states.push(maze.state_name(state));
        }
        assert!(maze.is_goal(state), "{stem}: the answer ends off the goal");
        assert_eq!(states, strings(&key["solution_states"]), "{stem}");
        assert_eq!(
            key["shortest_length"].as_u64(),
            Some(states.len() as u64 - 1),
            "{stem}"
        );
        keys += 1;
    }
    assert!(keys > 0);
}

#[test]
fn summaries_hold_every_maze_as_its_file_reads() {
    let dir = reference();
    let files = tree(dir.path());
    for variant in VARIANTS {
        let summary = json(&files[&Path::new(variant).join("summary.json")]);
        assert_eq!(summary["variant"], variant);
        assert_eq!(summary["iterations"], 50);
        let mazes = summary["mazes"].as_array().unwrap();
        assert_eq!(mazes.len() as u64, COUNT);
        let csv =
            String::from_utf8(files[&Path::new(variant).join("summary.csv")].clone()).unwrap();
        let mut lines = csv.lines();
        assert_eq!(lines.next(), Some(COLUMNS.join(",").as_str()));
        let rows: Vec<&str> = lines.collect();
        assert_eq!(rows.len(), mazes.len());
        let (mut accepted, mut rejected) = (0, 0);
        for (k, (maze, row)) in mazes.iter().zip(&rows).enumerate() {
            assert_eq!(maze["index"], k);
            let file = maze["file"].as_str().unwrap();
            let passed = maze["passed"].as_bool().unwrap();
            assert_eq!(file.ends_with(".rejected.ron"), !passed);
            if passed {
                accepted += 1
            } else {
                rejected += 1
            }
            assert_eq!(maze["failed_gates"].as_array().unwrap().is_empty(), passed);
            // The features are those of the maze file, recomputed.
            let text = String::from_utf8(files[&Path::new(variant).join(file)].clone()).unwrap();
            let read = maze_file::parse_file(file, &text).unwrap();
            let maze_seed = maze_gen::item_seed(1, variant, k as u64);
            assert_eq!(maze["item_seed"], format!("{maze_seed:#018x}"));
            assert_eq!(read.provenance.unwrap().index, k as u64);
            let compiled = read.maze.compile();
            let f = maze_features::features_of_rules(&compiled, read.maze.blocks());
            assert_eq!(
                maze["features"],
                serde_json::to_value(&f).unwrap(),
                "{file}"
            );
            // The CSV row says the same (no field of these mazes needs quoting).
            let cells: Vec<&str> = row.split(',').collect();
            assert_eq!(cells.len(), COLUMNS.len(), "{row}");
            let cell = |name: &str| cells[COLUMNS.iter().position(|c| *c == name).unwrap()];
            assert_eq!(cell("name"), maze["name"]);
            assert_eq!(cell("passed"), passed.to_string());
            assert_eq!(
                cell("energy").parse::<f64>().unwrap(),
                maze["energy"].as_f64().unwrap()
            );
            assert_eq!(cell("n_states"), f.n_states.to_string());
            assert_eq!(
                cell("shortest_length"),
                f.shortest_length.map_or(String::new(), |l| l.to_string())
            );
            assert_eq!(cell("solution"), f.solution.unwrap_or_default().join(" "));
        }
        assert_eq!(summary["accepted"], accepted);
        assert_eq!(summary["rejected"], rejected);
    }
}

#[test]
fn the_index_page_is_well_formed_and_every_link_resolves() {
    let dir = reference();
    let text = std::fs::read_to_string(dir.path().join("index.html")).unwrap();
    let options = roxmltree::ParsingOptions {
        allow_dtd: true,
        ..Default::default()
    };
    let doc = roxmltree::Document::parse_with_options(&text, options).unwrap();
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "html");
    let title = doc.descendants().find(|n| n.has_tag_name("title")).unwrap();
    assert_eq!(
        title.text(),
        Some("Maze batch: 3 variants x 4 mazes, seed 1")
    );
    let mut links = 0;
    for node in doc.descendants() {
        for attribute in ["href", "src"] {
            let Some(target) = node.attribute(attribute) else {
                continue;
            };
            assert_link_resolves(&doc, dir.path(), target);
            links += 1;
        }
    }
    let summaries: Vec<Value> = VARIANTS
        .iter()
        .map(|v| json(&std::fs::read(dir.path().join(v).join("summary.json")).unwrap()))
        .collect();
    let accepted: u64 = summaries
        .iter()
        .map(|s| s["accepted"].as_u64().unwrap())
        .sum();
    let thumbnails = doc.descendants().filter(|n| n.has_tag_name("img")).count();
    assert_eq!(thumbnails as u64, accepted);
    assert!(links as u64 > 5 * accepted);
    // Five histograms per variant; every chart counts the accepted mazes with that value.
    for section in doc.descendants().filter(|n| n.has_tag_name("section")) {
        let id = section.attribute("id").unwrap();
        let summary = &summaries[VARIANTS.iter().position(|v| *v == id).unwrap()];
        let mazes = summary["mazes"].as_array().unwrap();
        let charts: Vec<_> = section
            .descendants()
            .filter(|n| n.has_tag_name("svg"))
            .collect();
        assert_eq!(charts.len(), 5);
        for (chart, feature) in charts.iter().zip([
            "shortest_length",
            "energy",
            "grade",
            "forward_decisions",
            "backward_decisions",
        ]) {
            let counted: u64 = chart
                .descendants()
                .filter_map(|n| n.attribute("data-count"))
                .map(|c| c.parse::<u64>().unwrap())
                .sum();
            let expected = mazes
                .iter()
                .filter(|m| m["passed"] == true)
                .filter(|m| match feature {
                    "energy" => true,
                    "grade" => !m["grade"].is_null(),
                    _ => !m["features"][feature].is_null(),
                })
                .count();
            assert_eq!(counted, expected as u64, "{id} {feature}");
        }
    }
    // Every variant's histogram of one feature has the same bins.
    let edges = |chart: roxmltree::Node| -> Vec<(String, String)> {
        chart
            .descendants()
            .filter(|n| n.has_tag_name("rect"))
            .map(|n| {
                let edge = |a: &str| n.attribute(a).unwrap().to_string();
                (edge("data-lo"), edge("data-hi"))
            })
            .collect()
    };
    let charts: Vec<Vec<roxmltree::Node>> = doc
        .descendants()
        .filter(|n| n.has_tag_name("section"))
        .map(|s| s.descendants().filter(|n| n.has_tag_name("svg")).collect())
        .collect();
    for feature in 0..5 {
        let first = edges(charts[0][feature]);
        assert!(!first.is_empty());
        for section in &charts[1..] {
            assert_eq!(edges(section[feature]), first, "chart {feature}");
        }
    }
}

#[test]
fn bad_arguments_say_what_is_expected() {
    let dir = temp();
    for (shard, ok) in [
        ("0/8", true),
        ("7/8", true),
        ("8/8", false),
        ("1", false),
        ("a/4", false),
        ("0/0", false),
        ("-1/4", false),
    ] {
        let parsed = shard.parse::<Shard>();
        assert_eq!(parsed.is_ok(), ok, "{shard}");
        if let Err(e) = parsed {
            assert!(e.contains("expected I/N with 0 <= I < N"), "{e}");
            assert!(e.contains(&format!("got `{shard}`")), "{e}");
        }
    }
    for (bad, message) in [
        (
            Options {
                jobs: Some(0),
                ..args(dir.path())
            },
            "--jobs must be at least 1",
        ),
        (
            Options {
                count: 0,
                ..args(dir.path())
            },
            "--count must be at least 1",
        ),
        (
            Options {
                iterations: Some(0),
                ..args(dir.path())
            },
            "--iterations must be at least 1",
        ),
    ] {
        assert_eq!(run(&bad).unwrap_err().to_string(), message);
    }
}

#[test]
fn shards_split_the_global_order_round_robin() {
    let dir = temp();
    let config = Config::new(
        &files(),
        &Options {
            shard: Some(Shard { index: 1, count: 5 }),
            ..args(dir.path())
        },
    )
    .unwrap();
    let names: Vec<&str> = config.variants.iter().map(|v| v.name.as_str()).collect();
    assert_eq!(names, ["walls", "rook", "rolling_block_fragile"]);
    // Global order: variant by variant (as given), index by index; k = 1, 6, 11 here.
    assert_eq!(config.items(), [(0, 1), (1, 2), (2, 3)]);
}

#[test]
fn variants_keep_the_order_given_and_indices_are_padded() {
    let dir = temp();
    let reversed: Vec<PathBuf> = VARIANTS.iter().rev().map(|v| bundled(v)).collect();
    let options = Options {
        count: 11,
        ..args(dir.path())
    };
    let config = Config::new(&reversed, &options).unwrap();
    let names: Vec<&str> = config.variants.iter().map(|v| v.name.as_str()).collect();
    assert_eq!(names, ["rolling_block_fragile", "rook", "walls"]);
    assert_eq!(crate::stem("rook", 1, 3, 11), "rook-1-03");
    assert_eq!(crate::stem("rook", 1, 10, 11), "rook-1-10");
    assert_eq!(crate::stem("rook", 1, 9, 10), "rook-1-9");
    assert_eq!(crate::stem("rook", 1, 0, 1), "rook-1-0");
    assert_eq!(crate::stem("rook", 1, 42, 101), "rook-1-042");
}

/// A maze that repeats an earlier puzzle of its variant is searched for again and its files
/// replaced: here maze 1's record is made a copy of maze 0, as if its search had found it.
/// The new maze is another puzzle, its file says which search made it, and a rerun reads it
/// back as it is.
#[test]
fn a_repeated_puzzle_is_searched_for_again() {
    use crate::item::{Done, process};
    let dir = temp();
    let rook = [bundled("rook")];
    let a = Options {
        count: 2,
        ..args(dir.path())
    };
    run_files(&rook, &a).unwrap();
    let config = Config::new(&rook, &a).unwrap();
    let items = config.items();
    let variant = &config.variants[0];
    let mut done: Vec<Done> = items
        .iter()
        .map(|&(_, i)| process(&config, variant, i).unwrap())
        .collect();
    let first = match &done[0] {
        Done::Skipped(r) => r.clone(),
        _ => panic!("maze 0 was written by the first run"),
    };
    assert!(first.passed);
    if let Done::Skipped(r) = &mut done[1] {
        r.maze = first.maze.clone();
        r.passed = true;
    }
    crate::distinct(&config, &items, &mut done).unwrap();
    let Done::Generated(again) = &done[1] else {
        panic!("maze 1 was not searched for again");
    };
    let canonical = maze_variants::symmetry::canonical;
    assert_ne!(canonical(&again.maze), canonical(&first.maze));
    let text = std::fs::read_to_string(dir.path().join("rook/rook-1-1.ron"))
        .or_else(|_| std::fs::read_to_string(dir.path().join("rook/rook-1-1.rejected.ron")))
        .unwrap();
    assert!(text.contains("retry: "), "{text}");
    let report = run_files(&rook, &a).unwrap();
    assert_eq!((generated(&report), skipped(&report)), (0, 2));
}

/// Every accepted maze of the reference batch is a distinct puzzle.
#[test]
fn a_batch_makes_distinct_puzzles() {
    let dir = reference();
    for variant in VARIANTS {
        let mut seen = std::collections::HashSet::new();
        for entry in std::fs::read_dir(dir.path().join(variant)).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            if !name.ends_with(".ron") || name.ends_with(".rejected.ron") {
                continue;
            }
            let maze = maze_file::parse("m.ron", &std::fs::read_to_string(&path).unwrap()).unwrap();
            assert!(
                seen.insert(maze_variants::symmetry::canonical(&maze)),
                "{name} repeats a puzzle"
            );
        }
    }
}

/// Copies of the variant files in two other folders make the batch's bytes: nothing written
/// names a folder of the machine. (Given in another order, they make the batch in that
/// order: see `variants_keep_the_order_given`.)
#[test]
fn copies_of_the_variant_files_anywhere_make_the_same_bytes() {
    let reference = reference();
    let places = temp();
    let copies = |folder: &str| -> Vec<PathBuf> {
        let dir = places.path().join(folder);
        std::fs::create_dir_all(&dir).unwrap();
        VARIANTS
            .iter()
            .map(|v| {
                let copy = dir.join(format!("{v}.ron"));
                std::fs::copy(bundled(v), &copy).unwrap();
                copy
            })
            .collect()
    };
    let (a, b) = (copies("a"), copies("b/deeper"));
    let (out_a, out_b) = (temp(), temp());
    run_files(&a, &args(out_a.path())).unwrap();
    run_files(&b, &args(out_b.path())).unwrap();
    assert_same_tree(out_a.path(), out_b.path());
    assert_same_tree(out_a.path(), reference.path());
    let rook =
        String::from_utf8(tree(out_a.path())[Path::new("rook/rook-1-0.ron")].clone()).unwrap();
    let hash = maze_gen::variant_hash(&std::fs::read_to_string(bundled("rook")).unwrap());
    assert!(
        rook.contains(&format!("variant: \"rook\", variant_hash: \"{hash}\"")),
        "{rook}"
    );
    for (path, bytes) in tree(out_a.path()) {
        let text = String::from_utf8_lossy(&bytes);
        for folder in [places.path().to_string_lossy(), "variants/".into()] {
            assert!(
                !text.contains(&*folder),
                "{} names {folder}",
                path.display()
            );
        }
    }
}

/// A variant file edited after a run is another variant: the rerun refuses the old mazes
/// and says why; two different files with one name cannot share a batch.
#[test]
fn an_edited_variant_file_is_not_the_same_variant() {
    let places = temp();
    let file = places.path().join("rook.ron");
    let text = std::fs::read_to_string(bundled("rook")).unwrap();
    std::fs::write(&file, &text).unwrap();
    let dir = temp();
    let options = Options {
        count: 1,
        ..args(dir.path())
    };
    run_files(std::slice::from_ref(&file), &options).unwrap();
    std::fs::write(&file, format!("// edited\n{text}")).unwrap();
    let error = run_files(std::slice::from_ref(&file), &options)
        .unwrap_err()
        .to_string();
    assert!(error.contains("was written by another batch"), "{error}");
    assert!(error.contains("the variant file was edited"), "{error}");
    // The same text with CRLF line endings is the same variant.
    std::fs::write(&file, text.replace('\n', "\r\n")).unwrap();
    run_files(std::slice::from_ref(&file), &options).unwrap();

    let other = places.path().join("other");
    std::fs::create_dir_all(&other).unwrap();
    std::fs::copy(bundled("queen"), other.join("rook.ron")).unwrap();
    let error = Config::new(&[file.clone(), other.join("rook.ron")], &options)
        .unwrap_err()
        .to_string();
    assert!(
        error.contains("are both named `rook` but differ"),
        "{error}"
    );
    // The same file twice is one variant.
    let config = Config::new(&[file.clone(), file], &options).unwrap();
    assert_eq!(config.variants.len(), 1);
}

/// A variant file whose stem is not one safe path component (`...ron` has the stem `..`)
/// would make the batch write outside `--out`: it is refused by name before anything is
/// written.
#[test]
fn a_variant_named_to_leave_the_output_folder_is_refused() {
    let places = temp();
    let text = std::fs::read_to_string(bundled("rook")).unwrap();
    for name in [
        "...ron",
        "..ron",
        "a\\b.ron",
        "tab\there.ron",
        "nul\u{1}.ron",
    ] {
        let file = places.path().join(name);
        std::fs::write(&file, &text).unwrap();
        let out = places.path().join("deep/out");
        let error = run_files(std::slice::from_ref(&file), &args(&out))
            .unwrap_err()
            .to_string();
        assert!(error.contains(&file.display().to_string()), "{error}");
        assert!(error.contains("rename the file"), "{error}");
        assert!(
            !places.path().join("deep").exists(),
            "{name}: wrote {error}"
        );
        std::fs::remove_file(&file).unwrap();
    }
    let mut left: Vec<String> = std::fs::read_dir(places.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    left.sort();
    assert!(left.is_empty(), "{left:?}");
}

/// A link of the index page, percent-decoded.
fn percent_decode(link: &str) -> String {
    let bytes = link.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).unwrap();
            out.push(u8::from_str_radix(hex, 16).unwrap());
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).unwrap()
}

/// Asserts a link of the index page is relative, carries no scheme, and leads to a section
/// of the page or a file under `dir`.
fn assert_link_resolves(doc: &roxmltree::Document, dir: &Path, target: &str) {
    assert!(!target.contains(':'), "{target} may carry a scheme");
    assert!(!target.starts_with('/'), "{target} is not relative");
    if let Some(id) = target.strip_prefix('#') {
        let id = percent_decode(id);
        assert!(
            doc.descendants().any(|n| n.attribute("id") == Some(&id)),
            "no section {id}"
        );
    } else {
        let path = percent_decode(target);
        assert!(
            !Path::new(&path)
                .components()
                .any(|c| !matches!(c, std::path::Component::Normal(_))),
            "{target} leaves the page's folder"
        );
        assert!(dir.join(&path).is_file(), "{target} does not exist");
    }
}

/// A variant named like a script URL (a legal file name on Linux) makes only relative links
/// on the index page: each path segment is percent-encoded.
#[test]
fn a_variant_named_like_a_url_makes_relative_links() {
    assert_eq!(
        crate::html::url_segment("javascript:alert(1)"),
        "javascript%3Aalert%281%29"
    );
    assert_eq!(crate::html::url_segment("a b/é.ron"), "a%20b%2F%C3%A9.ron");
    assert_eq!(crate::html::url_segment(".."), "%2E%2E");
    let places = temp();
    let file = places.path().join("javascript:alert(1).ron");
    std::fs::copy(bundled("rook"), &file).unwrap();
    let out = temp();
    let options = Options {
        count: 2,
        ..args(out.path())
    };
    run_files(std::slice::from_ref(&file), &options).unwrap();
    let text = std::fs::read_to_string(out.path().join("index.html")).unwrap();
    let options = roxmltree::ParsingOptions {
        allow_dtd: true,
        ..Default::default()
    };
    let doc = roxmltree::Document::parse_with_options(&text, options).unwrap();
    let mut links = 0;
    for node in doc.descendants() {
        for attribute in ["href", "src"] {
            if let Some(target) = node.attribute(attribute) {
                assert_link_resolves(&doc, out.path(), target);
                links += 1;
            }
        }
    }
    assert!(links > 5, "{links} links");
}

/// A maze named like a formula (from a variant file `=1+1.ron`) is text in `summary.csv`,
/// not a formula a spreadsheet would evaluate; numbers keep their sign.
#[test]
fn csv_cells_a_spreadsheet_would_evaluate_are_neutralised() {
    use crate::summary::field;
    assert_eq!(field("=1+1-1-0"), "'=1+1-1-0");
    assert_eq!(field("+x"), "'+x");
    assert_eq!(field("-x"), "'-x");
    assert_eq!(field("@SUM(A1)"), "'@SUM(A1)");
    assert_eq!(field("\tx"), "'\tx");
    assert_eq!(field("\rx"), "\"'\rx\"");
    assert_eq!(field("=A1,B1"), "\"'=A1,B1\"");
    assert_eq!(field("-3.5"), "-3.5");
    assert_eq!(field("rook-1-0"), "rook-1-0");
    let places = temp();
    let file = places.path().join("=1+1.ron");
    std::fs::copy(bundled("rook"), &file).unwrap();
    let out = temp();
    let options = Options {
        count: 1,
        ..args(out.path())
    };
    run_files(std::slice::from_ref(&file), &options).unwrap();
    let csv = std::fs::read_to_string(out.path().join("=1+1/summary.csv")).unwrap();
    let row = csv.lines().nth(1).unwrap();
    assert!(row.starts_with("0,'=1+1-1-0,"), "{row}");
    for cell in row.split(',') {
        assert!(!cell.starts_with(['=', '+', '@']), "{cell} in {row}");
    }
}

/// A temporary name of `path` as a process writing it might use (`tag` the process's part).
fn partial(path: &Path, tag: &str) -> PathBuf {
    let name = path.file_name().unwrap().to_string_lossy();
    path.with_file_name(format!(".{name}.{tag}.partial"))
}

/// Every name in `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn an_atomic_write_leaves_the_whole_file_and_nothing_else() {
    let dir = temp();
    let path = dir.path().join("m.ron");
    std::fs::write(&path, "old").unwrap();
    crate::write_atomic(&path, b"new contents").unwrap();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "new contents");
    assert_eq!(names(dir.path()), ["m.ron"]);
}

#[test]
fn an_atomic_write_refuses_a_folder_and_a_link_to_a_device_and_leaves_them() {
    let dir = temp();
    let folder = dir.path().join("m.ron");
    std::fs::create_dir(&folder).unwrap();
    let e = crate::write_atomic(&folder, b"new").unwrap_err();
    assert_eq!(e.kind(), std::io::ErrorKind::InvalidInput);
    assert_eq!(e.to_string(), "it is a folder, not a regular file");
    assert!(folder.is_dir());
    #[cfg(unix)]
    {
        let link = dir.path().join("null");
        std::os::unix::fs::symlink("/dev/null", &link).unwrap();
        let e = crate::write_atomic(&link, b"new").unwrap_err();
        assert_eq!(
            e.to_string(),
            "it is a character device, not a regular file"
        );
        assert_eq!(std::fs::read_link(&link).unwrap(), Path::new("/dev/null"));
    }
    // No temporary file was made for a refused write.
    assert!(names(dir.path()).iter().all(|n| !n.ends_with(".partial")));
}

#[test]
fn only_names_of_atomic_writes_tell_a_process() {
    use crate::atomic::temp_owner;
    assert_eq!(
        temp_owner(".m.ron.4242.0.00000000deadbeef.partial"),
        Some(4242)
    );
    assert_eq!(
        temp_owner(".a.b.c.ron.7.12.0123456789abcdef.partial"),
        Some(7)
    );
    for name in [
        ".m.ron.partial",
        ".m.ron.4242.partial",
        ".m.ron.x.0.00000000deadbeef.partial",
        ".m.ron.42.0.deadbeef.partial",
        "m.ron.42.0.00000000deadbeef.partial",
        "..42.0.00000000deadbeef.partial",
    ] {
        assert_eq!(temp_owner(name), None, "{name}");
    }
}

/// A symbolic link planted at a temporary name (the fixed `.NAME.partial` of earlier
/// versions, or this process's) is neither written through nor removed.
#[cfg(unix)]
#[test]
fn an_atomic_write_never_writes_through_a_planted_link() {
    let dir = temp();
    let victim = dir.path().join("victim");
    std::fs::write(&victim, "someone else's").unwrap();
    let out = dir.path().join("out");
    std::fs::create_dir_all(&out).unwrap();
    let path = out.join("summary.csv");
    let pid = std::process::id();
    let planted: Vec<PathBuf> = ["partial".to_string(), format!("{pid}.partial")]
        .iter()
        .map(|tail| out.join(format!(".summary.csv.{tail}")))
        .chain((0..4).map(|n| partial(&path, &format!("{pid}.{n}"))))
        .collect();
    for link in &planted {
        std::os::unix::fs::symlink(&victim, link).unwrap();
    }
    crate::write_atomic(&path, b"mine").unwrap();
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "someone else's");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "mine");
    assert!(
        !std::fs::symlink_metadata(&path)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    for link in &planted {
        assert!(
            std::fs::symlink_metadata(link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
    }
    // And a whole batch whose every old fixed temporary name is such a link.
    let out = dir.path().join("batch");
    let options = Options {
        count: 1,
        ..args(&out)
    };
    let reference = temp();
    run_files(&[bundled("rook")], &args_in(reference.path(), &options)).unwrap();
    for (relative, _) in tree(reference.path()) {
        let target = out.join(&relative);
        std::fs::create_dir_all(target.parent().unwrap()).unwrap();
        let name = target.file_name().unwrap().to_string_lossy().into_owned();
        std::os::unix::fs::symlink(&victim, target.with_file_name(format!(".{name}.partial")))
            .unwrap();
    }
    run_files(&[bundled("rook")], &options).unwrap();
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "someone else's");
    assert_same_tree(&out, reference.path());
}

fn args_in(out: &Path, options: &Options) -> Options {
    Options {
        out: out.to_path_buf(),
        ..options.clone()
    }
}

/// Many writes to one folder at once, from threads as from two batches, never share a
/// temporary file: every file ends whole, and no temporary file is left.
#[test]
fn concurrent_atomic_writes_to_one_folder_do_not_collide() {
    let dir = temp();
    let path = dir.path().join("index.html");
    std::thread::scope(|scope| {
        for t in 0..8u8 {
            let path = &path;
            scope.spawn(move || {
                for _ in 0..50 {
                    crate::write_atomic(path, &[t; 4096]).unwrap();
                }
            });
        }
    });
    let bytes = std::fs::read(&path).unwrap();
    assert_eq!(bytes.len(), 4096);
    assert!(bytes.iter().all(|&b| b == bytes[0]), "a mixed file");
    assert_eq!(names(dir.path()), ["index.html"]);
}

/// Resume checks that a maze file, its answer key and its pictures belong together: the key
/// records the hash of the maze file it was written with, so a maze file edited by hand (or
/// a picture swapped) is refused with the file named, never published with the old key;
/// removing the maze's files generates it again.
#[test]
fn resume_refuses_a_maze_file_that_disagrees_with_its_key() {
    let dir = temp();
    let out = dir.path();
    let options = Options {
        count: 1,
        ..args(out)
    };
    run_files(&[bundled("rook")], &options).unwrap();
    let reference = tree(out);
    let ron = out.join("rook/rook-1-0.ron");
    let text = std::fs::read_to_string(&ron).unwrap();
    let key = json(&std::fs::read(out.join("rook/rook-1-0-answer.json")).unwrap());
    assert_eq!(
        key["maze_file_hash"],
        maze_gen::variant_hash(&text).as_str()
    );

    let refused = |what: &str| {
        let error = run_files(&[bundled("rook")], &options)
            .unwrap_err()
            .to_string();
        assert!(error.contains("rook-1-0"), "{what}: {error}");
        error
    };
    // Edited by hand: a comment, then the board's first jump number.
    std::fs::write(&ron, format!("// checked by hand\n{text}")).unwrap();
    let error = refused("a comment");
    assert!(
        error.contains("does not belong with the maze file"),
        "{error}"
    );
    assert!(error.contains(&ron.display().to_string()), "{error}");
    let board = text.find("board: [").unwrap();
    let quote = board + text[board..].find('"').unwrap() + 1;
    let digit = if &text[quote..=quote] == "1" {
        "2"
    } else {
        "1"
    };
    let edited = format!("{}{digit}{}", &text[..quote], &text[quote + 1..]);
    assert_ne!(edited, text);
    std::fs::write(&ron, &edited).unwrap();
    refused("a jump number");
    std::fs::write(&ron, &text).unwrap();
    // The puzzle and its answer picture swapped.
    let (puzzle, answer) = (
        out.join("rook/rook-1-0.svg"),
        out.join("rook/rook-1-0-answer.svg"),
    );
    std::fs::copy(&answer, &puzzle).unwrap();
    let error = refused("a picture");
    assert!(error.contains(&puzzle.display().to_string()), "{error}");
    // What the message says to do works, and makes the same bytes.
    for name in [
        "rook-1-0.ron",
        "rook-1-0.svg",
        "rook-1-0-answer.svg",
        "rook-1-0-answer.json",
    ] {
        std::fs::remove_file(out.join("rook").join(name)).unwrap();
    }
    let report = run_files(&[bundled("rook")], &options).unwrap();
    assert_eq!(generated(&report), 1);
    assert!(tree(out) == reference, "regenerated bytes differ");
}

/// The lock files in `out`.
fn locks(out: &Path) -> Vec<String> {
    names(out)
        .into_iter()
        .filter(|n| n.starts_with(".maze-batch") && n.ends_with(".lock"))
        .collect()
}

/// A batch holds a lock on its folder: a second batch refuses while it is held (naming the
/// folder and the process), shards of one split share the folder, anything else beside them
/// refuses, and every lock goes with its holder.
#[test]
fn batches_on_one_folder_take_turns_but_shards_of_one_split_share_it() {
    let dir = temp();
    let out = dir.path();
    let refused = |shard: Option<Shard>| match crate::lock::acquire(out, shard) {
        Err(Error::Locked(message)) => message,
        other => panic!("{shard:?}: {other:?}"),
    };
    let whole = crate::lock::acquire(out, None).unwrap();
    let message = refused(None);
    assert!(message.contains(&out.display().to_string()), "{message}");
    assert!(
        message.contains(&format!("process {}", std::process::id())),
        "{message}"
    );
    assert!(message.contains("the whole batch"), "{message}");
    refused(Some(Shard { index: 0, count: 2 }));
    // A batch run while the lock is held writes nothing.
    let error = run(&args(out)).unwrap_err();
    assert!(matches!(error, Error::Locked(_)), "{error}");
    assert_eq!(names(out), [".maze-batch.lock"]);
    drop(whole);
    assert!(locks(out).is_empty());

    let first = crate::lock::acquire(out, Some(Shard { index: 0, count: 2 })).unwrap();
    let second = crate::lock::acquire(out, Some(Shard { index: 1, count: 2 })).unwrap();
    refused(Some(Shard { index: 1, count: 2 }));
    refused(Some(Shard { index: 0, count: 3 }));
    let message = refused(None);
    assert!(message.contains("shard 0/2"), "{message}");
    assert_eq!(locks(out).len(), 2);
    drop((first, second));
    assert!(locks(out).is_empty());
}

/// A lock left by a process that no longer runs (its id reused by a later process, here
/// this one with another start time) is taken over; a batch that fails removes its lock.
#[cfg(target_os = "linux")]
#[test]
fn a_stale_lock_is_taken_over_and_a_failed_batch_leaves_none() {
    let dir = temp();
    let out = dir.path();
    let lock = out.join(".maze-batch.lock");
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap();
    let start: u64 = stat[stat.rfind(')').unwrap() + 1..]
        .split_whitespace()
        .nth(19)
        .unwrap()
        .parse()
        .unwrap();
    let host = std::fs::read_to_string("/proc/sys/kernel/hostname").unwrap();
    std::fs::write(
        &lock,
        format!(
            "pid: {}\nhost: {}\nprocess_start: {}\n",
            std::process::id(),
            host.trim(),
            start + 1
        ),
    )
    .unwrap();
    let options = Options {
        count: 1,
        ..args(out)
    };
    run_files(&[bundled("rook")], &options).unwrap();
    assert!(out.join("rook/rook-1-0.ron").is_file());
    assert!(locks(out).is_empty());
    // The same lock with this process's own start time is held: refused.
    std::fs::write(
        &lock,
        format!(
            "pid: {}\nhost: {}\nprocess_start: {start}\n",
            std::process::id(),
            host.trim()
        ),
    )
    .unwrap();
    let error = run_files(&[bundled("rook")], &options).unwrap_err();
    assert!(matches!(error, Error::Locked(_)), "{error}");
    std::fs::remove_file(&lock).unwrap();
    // A batch that fails (a maze file edited by hand) still removes its lock.
    let ron = out.join("rook/rook-1-0.ron");
    let text = std::fs::read_to_string(&ron).unwrap();
    std::fs::write(&ron, format!("// edited\n{text}")).unwrap();
    let error = run_files(&[bundled("rook")], &options).unwrap_err();
    assert!(matches!(error, Error::Resume(_)), "{error}");
    assert!(locks(out).is_empty());
}

/// `--time-limit` per maze: the search ends with the best maze so far, whose record,
/// provenance and key say so, and a rerun reads it back as this batch's.
#[test]
fn a_time_limit_ends_each_search_with_its_best_maze_marked() {
    let dir = temp();
    let out = &dir.path().join("out");
    // Gates any search passes at once, so that however fast the machine is, the maze cut
    // short is accepted and has its key.
    let easy = dir.path().join("easy.ron");
    std::fs::write(
        &easy,
        "Maze(rules: Jumping(tiling: Square, moves: Rook), board: [\"1 1 1\", \"1 1 1\", \
         \"1 1 G\"], start: (0, 0), generate: (goal: Random, gates: (solvable: true)))",
    )
    .unwrap();
    let options = Options {
        count: 2,
        iterations: Some(1_000_000_000),
        time_limit: Some(std::time::Duration::from_millis(200)),
        ..args(out)
    };
    let report = run_files(std::slice::from_ref(&easy), &options).unwrap();
    assert_eq!(report.variants[0].timed_out, 2);
    for k in 0..2 {
        let text = std::fs::read_to_string(out.join(format!("easy/easy-1-{k}.ron"))).unwrap();
        let p = maze_file::parse_file("r.ron", &text)
            .unwrap()
            .provenance
            .unwrap();
        assert!(p.timed_out && p.iterations < 1_000_000_000, "{text}");
        let key = json(&std::fs::read(out.join(format!("easy/easy-1-{k}-answer.json"))).unwrap());
        assert_eq!(key["timed_out"], true);
    }
    let before = tree(out);
    let report = run_files(std::slice::from_ref(&easy), &options).unwrap();
    assert_eq!(skipped(&report), 2);
    assert_eq!(report.variants[0].timed_out, 2);
    assert!(tree(out) == before, "a rerun changed the files");
    // A budget it could not have run is not this batch's.
    let error = run_files(
        std::slice::from_ref(&easy),
        &Options {
            iterations: Some(10),
            ..options
        },
    )
    .unwrap_err();
    assert!(matches!(error, Error::Resume(_)), "{error}");
}
