//! One analysis of a maze file's text: either the located diagnostics the CLI prints, or
//! every view the page shows (the `maze analyze --json` object, the board picture with and
//! without the answer, the rules in words, the `maze check` verdict, the state graph), each
//! computed by the library as the CLI computes it.

use std::collections::BTreeMap;
use std::time::Instant;

use maze::features::Features;
use maze::file::{MazeFile, ReadLimits, SpecError};
use maze::graph::{Adjacency, Rules, StateId};
use maze::variants::{CompiledMaze, Maze, StateLimit};
use serde::Serialize;
use serde_json::{Value, json};

use crate::graph;

/// Past this many states a digest keeps counts only: listing a million state names per
/// keystroke would cost more than the analysis.
const DIGEST_LIMIT: usize = 100_000;

/// The most cells a board picture is drawn for (100 x 100).
const PICTURE_LIMIT: usize = 10_000;

/// A located mistake in a file: what `maze` prints, as data.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct Diagnostic {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// What is wrong.
    pub message: String,
    /// How to fix it, when the reader knows.
    pub help: Option<String>,
    /// The diagnostic as the CLI draws it (miette, no colour).
    pub rendered: String,
}

impl Diagnostic {
    /// A diagnostic of the file reader.
    pub(crate) fn of(e: &SpecError) -> Diagnostic {
        use miette::Diagnostic as _;
        let mut rendered = String::new();
        let handler =
            miette::GraphicalReportHandler::new_themed(miette::GraphicalTheme::unicode_nocolor())
                .with_width(100);
        // Rendering into a String cannot fail but for a formatter error, which leaves the
        // line and message still there.
        let _ = handler.render_report(&mut rendered, e);
        Diagnostic {
            line: e.line,
            column: e.column,
            message: e.message.clone(),
            help: e.help().map(|h| h.to_string()),
            rendered,
        }
    }
}

/// What a page and a diff need to know of a valid version.
#[derive(Clone, Debug, Default)]
pub(crate) struct Digest {
    /// State names, sorted; `None` past [`DIGEST_LIMIT`].
    pub states: Option<Vec<String>>,
    /// Moves as `from -DIRS-> to`, sorted; `None` past [`DIGEST_LIMIT`].
    pub moves: Option<Vec<String>>,
    /// The features a designer follows, by name.
    pub features: BTreeMap<&'static str, Value>,
}

/// A valid file's analysis.
pub(crate) struct Analysed {
    /// The answer's body (without `ok`).
    pub body: Value,
    /// What a diff compares.
    pub digest: Digest,
}

/// The answer to an analysis.
pub(crate) enum Outcome {
    /// The file cannot be read: its diagnostics.
    Invalid(Vec<Diagnostic>),
    /// Every view of it.
    Valid(Box<Analysed>),
}

/// Reads `text` (named `name` in diagnostics) under `limit` and returns every view, or the
/// diagnostics. Refuses a file whose state estimate is over the limit before building, and
/// stops building a graph that grows past it.
pub(crate) fn analyze(name: &str, text: &str, limit: StateLimit) -> Outcome {
    let started = Instant::now();
    match compiled(name, text, limit) {
        Ok((file, compiled)) => Outcome::Valid(Box::new(views(&file, &compiled, started))),
        Err(diagnostics) => Outcome::Invalid(diagnostics),
    }
}

/// Reads a file's text under `limit`, or its located diagnostics.
pub(crate) fn read(name: &str, text: &str, limit: StateLimit) -> Result<MazeFile, Vec<Diagnostic>> {
    maze::file::parse_file_with(name, text, ReadLimits::both(limit))
        .map_err(|e| vec![Diagnostic::of(&e)])
}

/// Reads a file's text and compiles its maze under `limit`, or the located diagnostics.
pub(crate) fn compiled(
    name: &str,
    text: &str,
    limit: StateLimit,
) -> Result<(MazeFile, CompiledMaze), Vec<Diagnostic>> {
    let file = read(name, text, limit)?;
    let compiled = maze::file::compile_within(name, text, &file.maze, limit)
        .map_err(|e| vec![Diagnostic::of(&e)])?;
    Ok((file, compiled))
}

/// The digest alone, for comparing two texts, or the text's diagnostics.
pub(crate) fn digest_of(
    name: &str,
    text: &str,
    limit: StateLimit,
) -> Result<Digest, Vec<Diagnostic>> {
    let (file, compiled) = compiled(name, text, limit)?;
    let adjacency = Adjacency::from_rules(&compiled);
    let mut f = maze::features::features(&adjacency, file.maze.blocks());
    f.mechanic_moves = maze::features::mechanic_moves(&compiled, &f);
    let verdict = check(&file, &compiled, &f);
    Ok(digest(&compiled, &adjacency, &f, &verdict))
}

fn views(file: &MazeFile, compiled: &CompiledMaze, started: Instant) -> Analysed {
    let maze = &file.maze;
    let adjacency = Adjacency::from_rules(compiled);
    let mut f = maze::features::features(&adjacency, maze.blocks());
    f.mechanic_moves = maze::features::mechanic_moves(compiled, &f);
    let verdict = check(file, compiled, &f);
    let board = graph::board(maze);
    let graph = graph::view(compiled, &f, &board);
    let digest = digest(compiled, &adjacency, &f, &verdict);
    let (rows, cols) = maze.size();
    // A picture of more cells than a page can show is not drawn: its SVG would be larger
    // than the analysis.
    let drawn = rows * cols <= PICTURE_LIMIT;
    let picture = |solution| {
        drawn.then(|| {
            maze::render::svg(
                maze,
                maze::render::Options {
                    solution,
                    depths: false,
                },
            )
        })
    };
    let grade = maze::features::grade(&f);
    let body = json!({
        "analysis": report(maze, compiled, &f),
        "svg": picture(false),
        "svg_solution": picture(true),
        "words": maze::view::caption(maze, &pick_keys),
        "check": verdict,
        // Why that grade, in `maze analyze`'s words.
        "grade_why": grade.as_ref().map(|g| maze::features::grade::explain(&f, g)),
        "grade": grade,
        "board": board,
        "graph": graph,
        "has_generate": file.generate.is_some(),
        "millis": started.elapsed().as_secs_f64() * 1000.0,
    });
    Analysed { body, digest }
}

/// The keys that pick one of `n` blocks or cubes in the page's play (as the terminal's).
pub(crate) fn pick_keys(n: usize) -> String {
    match n {
        2 => "Tab, 1 or 2".to_string(),
        n => format!("Tab or 1 to {n}"),
    }
}

/// `maze check`'s verdict on one file.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct Verdict {
    pub publishable: bool,
    pub shortest_length: Option<u32>,
    pub reasons: Vec<String>,
    /// What `maze check` warns of: a counter whose range stops moves, each naming the
    /// register, the cell and the bound.
    pub warnings: Vec<String>,
}

/// Publishable: solvable, a unique shortest solution, no black holes, and the file's own
/// gates, as `maze check` decides it, with its warnings.
fn check(file: &MazeFile, compiled: &CompiledMaze, f: &Features) -> Verdict {
    let reasons = maze::file::unpublishable(file, f);
    Verdict {
        publishable: reasons.is_empty(),
        shortest_length: f.shortest_length,
        reasons,
        warnings: maze::render::warnings(&file.maze, compiled, f),
    }
}

fn digest(
    compiled: &CompiledMaze,
    adjacency: &Adjacency,
    f: &Features,
    verdict: &Verdict,
) -> Digest {
    let n = compiled.n_states();
    let listed = n <= DIGEST_LIMIT;
    let states = listed.then(|| {
        let mut names: Vec<String> = (0..n as StateId).map(|s| compiled.state_name(s)).collect();
        names.sort();
        names
    });
    let moves = listed.then(|| {
        let directions = compiled.directions();
        let mut moves = Vec::new();
        for s in 0..n as StateId {
            let from = compiled.state_name(s);
            for (dirs, &t) in adjacency.edge_dirs(s).iter().zip(adjacency.targets(s)) {
                moves.push(format!(
                    "{from} -{}-> {}",
                    dirs.names(directions, ","),
                    compiled.state_name(t)
                ));
            }
        }
        moves.sort();
        moves
    });
    let grade = maze::features::grade(f).map(|g| g.level);
    let features = BTreeMap::from([
        ("states", json!(f.n_states)),
        ("moves", json!(f.n_moves)),
        ("reachable", json!(f.reachable)),
        ("shortest_length", json!(f.shortest_length)),
        ("shortest_paths", json!(f.shortest_paths)),
        ("unique_shortest", json!(f.unique_shortest)),
        ("black_holes", json!(f.black_holes.count)),
        ("white_holes", json!(f.white_holes.count)),
        ("forward_decisions", json!(f.forward_decisions)),
        ("dead_ends", json!(f.dead_ends)),
        ("grade", json!(grade)),
        ("publishable", json!(verdict.publishable)),
    ]);
    Digest {
        states,
        moves,
        features,
    }
}

/// The object `maze analyze --json` prints, field for field.
fn report(maze: &Maze, compiled: &CompiledMaze, f: &Features) -> Value {
    let report = maze::render::analysis(maze, compiled, f);
    // Plain structs of strings, numbers and options; features' floats are finite.
    serde_json::to_value(&report).unwrap_or(Value::Null)
}
