//! `maze analyze`: every feature of a maze's state graph and its objective values.

use std::fmt::Write;
use std::path::PathBuf;

use maze_features::{Features, RollingBlockScore, UNREACHED, report};
use maze_graph::{Adjacency, Rules, StateId};
use maze_variants::{Cell, Maze, Tiling};
use serde::Serialize;
use serde::ser::SerializeMap;
use thiserror::Error;

use crate::load::{Loaded, load};

/// Output formats of `maze analyze`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Format {
    /// A readable report: board, depths, every feature, energies.
    Text,
    /// Every feature under its RULES.md name, plus per-state depths and energies.
    Json,
    /// The AI-education exercise format: jump grid, "Moves from start:", depth grid, objective
    /// (jumping mazes only).
    Eaai,
}

/// Report every feature of RULES.md section 3 and the Neller and GoalDepth energies (and the
/// RollingBlock score for rolling-block mazes).
///
/// Features: reachable and reaching states, black and white holes, the shortest solution
/// and its uniqueness, decisions, initial forced moves, same-jump clusters, turns,
/// branches, dead ends, loops and blocks. Boards larger than 60 x 60 print no grids.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The maze file (RON).
    file: PathBuf,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Shorthand for `--format json`.
    #[arg(long, conflicts_with = "format")]
    json: bool,
    #[command(flatten)]
    limit: crate::load::Limit,
}

/// Largest board side printed as a grid.
const GRID_LIMIT: usize = 60;

impl Args {
    pub(crate) fn run(self) -> Result<(), crate::Failure> {
        let loaded = load(&self.file, self.limit)?;
        // Features need only the flat graph; no petgraph round trip.
        let f = maze_features::features(
            &Adjacency::from_rules(&loaded.compiled),
            loaded.maze.blocks(),
        );
        let format = if self.json { Format::Json } else { self.format };
        let out = match format {
            Format::Text => text(&self.file.display().to_string(), &loaded, &f),
            Format::Json => json(&loaded, &f),
            Format::Eaai => {
                if !matches!(loaded.maze, Maze::Jumping(_)) {
                    return Err(Box::new(EaaiIsForJumping {
                        path: self.file.display().to_string(),
                    })
                    .into());
                }
                eaai(&loaded, &f)
            }
        };
        crate::output::emit(None, &out)
    }
}

/// `--format eaai` asked of a maze that has no jump numbers to print.
#[derive(Debug, Error, miette::Diagnostic)]
#[error(
    "`--format eaai` prints jump numbers, so it is for jumping mazes only; `{path}` is a rolling-block maze"
)]
#[diagnostic(code(maze::format), help("use `--format text` or `--json`"))]
struct EaaiIsForJumping {
    path: String,
}

/// The minimum depth of any state on each cell (`None`: no reachable state there).
fn cell_depths(loaded: &Loaded, f: &Features) -> Vec<Vec<Option<u32>>> {
    let (rows, cols) = loaded.maze.size();
    let mut grid = vec![vec![None; cols]; rows];
    for s in 0..loaded.compiled.n_states() as StateId {
        let (Some((r, c)), Some(d)) = (loaded.compiled.state_cell(s), f.depth(s)) else {
            continue;
        };
        let slot: &mut Option<u32> = &mut grid[r][c];
        *slot = Some(slot.map_or(d, |old| old.min(d)));
    }
    grid
}

fn depth_grid(loaded: &Loaded, f: &Features) -> String {
    let hex = matches!(&loaded.maze, Maze::Jumping(m) if m.rules.tiling == Tiling::Hex);
    let mut out = String::new();
    for (r, row) in cell_depths(loaded, f).iter().enumerate() {
        let cells: Vec<String> = row
            .iter()
            .map(|d| d.map_or("--".to_string(), |d| format!("{d:>2}")))
            .collect();
        // Odd hex rows sit half a cell to the right.
        let indent = if hex && r % 2 == 1 { "  " } else { "" };
        let _ = writeln!(out, "{indent}{}", cells.join(" "));
    }
    out
}

fn board_grid(maze: &Maze) -> String {
    match maze {
        Maze::Jumping(m) => {
            let hex = m.rules.tiling == Tiling::Hex;
            let rows = m.board.row_strings(&m.rules.cells, m.rules.directions());
            // Odd hex rows sit half a cell to the right.
            let indents: Vec<usize> = (0..rows.len())
                .map(|r| usize::from(hex && r % 2 == 1))
                .collect();
            let lines = if m.walls.is_empty() {
                rows.iter()
                    .zip(&indents)
                    .map(|(row, &indent)| format!("{}{row}", " ".repeat(indent)))
                    .collect()
            } else {
                walled_rows(m, &rows, &indents)
            };
            let mut out = String::new();
            for line in lines {
                let _ = writeln!(out, "{}", line.trim_end());
            }
            if !m.walls.is_empty() {
                let walls: Vec<String> = m
                    .walls
                    .iter()
                    .map(|&((a, b), (c, d))| format!("({a},{b})|({c},{d})"))
                    .collect();
                let _ = writeln!(
                    out,
                    "Walls (| between cells of a row, - between rows): {}",
                    walls.join(" ")
                );
            }
            out
        }
        Maze::RollingBlock(m) => {
            let mut out = m.row_strings().join("\n");
            out.push('\n');
            out
        }
    }
}

/// The board's rows with its walls drawn in: `|` in the gap between two cells of a row, a
/// line of `-` under the part of a cell that borders the cell below it (the board gets a line
/// between each pair of rows for them, and one under the last row for the torus's seam), and
/// a column on each side for `|` across the seam.
fn walled_rows(m: &maze_variants::JumpingMaze, rows: &[String], indents: &[usize]) -> Vec<String> {
    let (n_rows, n_cols) = (m.board.rows, m.board.cols);
    // Every token is as wide as the widest: `row_strings` right-aligns them, joined by one space.
    let width = rows
        .first()
        .map_or(1, |row| (row.chars().count() + 1) / n_cols.max(1) - 1)
        .max(1);
    let start = |r: usize, c: usize| 1 + indents[r] + c * (width + 1);
    let mut grid: Vec<Vec<char>> = rows
        .iter()
        .zip(indents)
        .map(|(row, &indent)| {
            let mut line = vec![' '; 1 + indent];
            line.extend(row.chars());
            line.push(' ');
            line
        })
        .collect();
    let across: Vec<((usize, usize), (usize, usize))> = m
        .walls
        .iter()
        .filter(|(a, b)| a.0 != b.0)
        .copied()
        .collect();
    // gaps[r]: the line under row r.
    let mut gaps: Vec<Vec<char>> = vec![Vec::new(); n_rows];
    for &(a, b) in &m.walls {
        if a.0 == b.0 {
            let (left, right) = if (a.1 + 1) % n_cols == b.1 {
                (a.1, b.1)
            } else {
                (b.1, a.1)
            };
            let line = &mut grid[a.0];
            if right < left {
                // Across the seam: both ends of the row.
                let last = line.len() - 1;
                line[last] = '|';
                line[start(a.0, 0) - 1] = '|';
            } else {
                line[start(a.0, left) + width] = '|';
            }
        } else {
            // The upper cell is the one whose next row (across the seam on a torus) is the
            // other's; on a two-row torus the top row is taken.
            let (upper, lower) = if (a.0 + 1) % n_rows == b.0 && b.0 + 1 != a.0 {
                (a, b)
            } else {
                (b, a)
            };
            let up = start(upper.0, upper.1)..start(upper.0, upper.1) + width;
            let low = start(lower.0, lower.1)..start(lower.0, lower.1) + width;
            let mut cols = up.start.max(low.start)..up.end.min(low.end);
            if cols.is_empty() {
                // Hex neighbours overlap by half a cell, less than a one-character token.
                cols = up.start.min(low.start)..up.end.max(low.end);
            }
            let gap = &mut gaps[upper.0];
            if gap.len() < cols.end {
                gap.resize(cols.end, ' ');
            }
            for col in cols {
                gap[col] = '-';
            }
        }
    }
    let mut out = Vec::new();
    for (r, line) in grid.into_iter().enumerate() {
        out.push(line.into_iter().collect::<String>());
        let last = r + 1 == n_rows;
        // A line between every two rows once any wall is between rows, so rows keep an even
        // spacing; under the last row only for a wall across the seam.
        if !across.is_empty() && (!last || !gaps[r].is_empty()) {
            out.push(gaps[r].iter().collect());
        }
    }
    out
}

fn describe(maze: &Maze) -> String {
    match maze {
        Maze::Jumping(m) => format!(
            "jumping maze {}, {} x {}, start ({}, {})",
            m.rules.to_ron(),
            m.board.rows,
            m.board.cols,
            m.start.0,
            m.start.1
        ),
        Maze::RollingBlock(m) => {
            let footprint = |f: maze_variants::Footprint| {
                format!("({},{}) {} x {}", f.row, f.col, f.rows, f.cols)
            };
            format!(
                "rolling-block maze {}, {} x {}, start footprint {}, goal footprint {}",
                m.rules.to_ron(),
                m.board.rows,
                m.board.cols,
                footprint(m.start),
                footprint(m.goal)
            )
        }
    }
}

fn text(name: &str, loaded: &Loaded, f: &Features) -> String {
    let (rows, cols) = loaded.maze.size();
    let small = rows <= GRID_LIMIT && cols <= GRID_LIMIT;
    let mut out = String::new();
    let _ = writeln!(out, "{name}: {}\n", describe(&loaded.maze));
    if small {
        let _ = writeln!(out, "Board:\n{}", board_grid(&loaded.maze));
        let heading = match loaded.maze {
            Maze::Jumping(_) => "fewest moves from the start to each cell, -- unreachable",
            Maze::RollingBlock(_) => {
                "fewest rolls from the start to a placement whose top-left cell is this one, -- none"
            }
        };
        let _ = writeln!(out, "Depths ({heading}):\n{}", depth_grid(loaded, f));
    } else {
        let _ = writeln!(
            out,
            "(board and depth grids not printed: {rows} x {cols} is larger than {GRID_LIMIT} x {GRID_LIMIT})\n"
        );
    }
    if let Some(states) = &f.solution_states
        && states.len() <= 200
    {
        let names: Vec<String> = states
            .iter()
            .map(|&s| loaded.compiled.state_name(s))
            .collect();
        let _ = writeln!(out, "Solution path: {}\n", names.join(" "));
    }
    let _ = writeln!(out, "Features:\n{}", report::text(f));
    let _ = writeln!(out, "Energies (lower is better):");
    out.push_str(&report::energies(f, loaded.maze.rolling_block_weights()));
    if let Some(g) = maze_features::grade(f) {
        let _ = writeln!(
            out,
            "\nGrade {} ({}), a model of the work it asks, not a measurement of people: {}",
            g.level,
            g.name,
            maze_features::grade::explain(f, &g)
        );
    }
    let dead = loaded.compiled.dead_end_cells();
    if !dead.is_empty() {
        let cells: Vec<String> = dead
            .iter()
            .take(50)
            .map(|(r, c)| format!("({r},{c})"))
            .collect();
        let more = if dead.len() > 50 {
            format!(" and {} more", dead.len() - 50)
        } else {
            String::new()
        };
        let _ = writeln!(
            out,
            "\nDead-end cells (not the goal, no legal jump out): {}{more}",
            cells.join(" ")
        );
    }
    out
}

/// State depths as a JSON object in state order, `null` for unreachable states.
struct Depths<'a> {
    loaded: &'a Loaded,
    depths: &'a [u32],
}

impl Serialize for Depths<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.depths.len()))?;
        for (s, &d) in self.depths.iter().enumerate() {
            let name = self.loaded.compiled.state_name(s as StateId);
            map.serialize_entry(&name, &(d != UNREACHED).then_some(d))?;
        }
        map.end()
    }
}

#[derive(Serialize)]
struct Energies {
    #[serde(rename = "Neller")]
    neller: f64,
    #[serde(rename = "GoalDepth")]
    goal_depth: f64,
    #[serde(rename = "RollingBlock", skip_serializing_if = "Option::is_none")]
    rolling_block: Option<f64>,
}

#[derive(Serialize)]
struct JsonReport<'a> {
    #[serde(flatten)]
    features: &'a Features,
    solution_states: Option<Vec<String>>,
    depths: Depths<'a>,
    energy: Energies,
    /// The RollingBlock score term by term, for rolling-block mazes.
    #[serde(skip_serializing_if = "Option::is_none")]
    rolling_block: Option<RollingBlockScore>,
    /// The difficulty grade (`maze_features::grade`), none without a solution.
    grade: Option<maze_features::Grade>,
    dead_end_cells: Vec<(usize, usize)>,
}

fn json(loaded: &Loaded, f: &Features) -> String {
    let rolling_block = loaded
        .maze
        .rolling_block_weights()
        .map(|w| maze_features::rolling_block_score(f, w));
    let report = JsonReport {
        features: f,
        solution_states: f.solution_states.as_ref().map(|states| {
            states
                .iter()
                .map(|&s| loaded.compiled.state_name(s))
                .collect()
        }),
        depths: Depths {
            loaded,
            depths: &f.depths,
        },
        energy: Energies {
            neller: maze_features::neller(f),
            goal_depth: maze_features::goal_depth(f),
            rolling_block: rolling_block.as_ref().map(|s| s.energy),
        },
        rolling_block,
        grade: maze_features::grade(f),
        dead_end_cells: loaded.compiled.dead_end_cells(),
    };
    let mut out = serde_json::to_string_pretty(&report).unwrap_or_default();
    out.push('\n');
    out
}

/// Neller's AI-education format: jump numbers (the goal as 0, as in the assignment's
/// transcripts), a blank line, "Moves from start:", the depth grid, a blank line, the
/// GoalDepth objective.
fn eaai(loaded: &Loaded, f: &Features) -> String {
    let mut out = String::new();
    match &loaded.maze {
        Maze::Jumping(m) => {
            for r in 0..m.board.rows {
                let row: Vec<String> = (0..m.board.cols)
                    .map(|c| match m.board.get((r, c)) {
                        Cell::GOAL => "0".to_string(),
                        cell => cell.token(&m.rules.cells, m.rules.directions()),
                    })
                    .collect();
                let _ = writeln!(out, "{}", row.join(" "));
            }
        }
        // Refused before any output: a rolling block has no jump numbers.
        Maze::RollingBlock(_) => return String::new(),
    }
    let _ = writeln!(out, "\nMoves from start:");
    for row in cell_depths(loaded, f) {
        let cells: Vec<String> = row
            .iter()
            .map(|d| d.map_or("--".to_string(), |d| format!("{d:>2}")))
            .collect();
        let _ = writeln!(out, "{}", cells.join(" "));
    }
    let _ = writeln!(out, "\n{}", report::number(maze_features::goal_depth(f)));
    out
}
