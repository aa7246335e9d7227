//! `maze analyze`: every feature of a maze's state graph and its objective values.

use std::fmt::Write;
use std::path::PathBuf;

use maze::features::{Features, report};
use maze::graph::{Adjacency, Rules, StateId};
use maze::view::TextBoard;
use thiserror::Error;

use crate::load::Loaded;

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

/// Up to these many states and moves the compiled rules stay through the feature passes:
/// compiling them again would cost a tenth of the time under plain rules and near half under
/// registers, to save memory that only a graph larger than this makes worth it.
const KEEP_RULES: (usize, usize) = (1 << 20, 1 << 22);

impl Args {
    pub(crate) fn run(self) -> Result<(), crate::failure::Failure> {
        let path = &self.file;
        let name = path.display().to_string();
        let limit = self.limit.state_limit.unwrap_or_default();
        let src = crate::load::read_text(path)?;
        let (file, _) = crate::load::parse_for_use(path, &src, self.limit)?;
        let blocks = file.maze.blocks();
        // A maze that may have more states than the rules are kept for is not kept either
        // while the passes run: its board moves into the engine, and both are made again
        // from the file's text for the report, so the peak holds neither.
        let (maze, compiled) = if file.maze.state_estimate() > KEEP_RULES.0 as u128 {
            let compiled = maze::file::into_compiled_within(&name, &src, file.maze, limit)?;
            (None, compiled)
        } else {
            let compiled = maze::file::compile_within(&name, &src, &file.maze, limit)?;
            (Some(file.maze), compiled)
        };
        // Features need only the flat graph; no petgraph round trip.
        let graph = Adjacency::from_rules_parallel(&compiled);
        // A graph larger than its estimate said runs its passes without the compiled rules,
        // compiled again for the report: the peak holds one form less.
        let kept =
            (maze.is_some() && graph.n_states() <= KEEP_RULES.0 && graph.n_moves() <= KEEP_RULES.1)
                .then_some(compiled);
        let mut f = maze::features::features(&graph, blocks);
        // The report's dead-end cells need only the states with no move (few): read here,
        // no state's moves are found again from the rules.
        let stuck: Vec<StateId> = (0..graph.n_states() as StateId)
            .filter(|&s| graph.out_degree(s) == 0)
            .collect();
        drop(graph);
        let loaded = match (maze, kept) {
            (Some(maze), Some(compiled)) => Loaded { maze, compiled },
            (maze, _) => {
                // A maze moved into the engine is read again from its text (read once
                // already: the `generate` section's warning was said then).
                let maze = match maze {
                    Some(maze) => maze,
                    None => {
                        maze::file::parse_file_for_use(&name, &src, self.limit.read_limits())?
                            .0
                            .maze
                    }
                };
                // The text goes before the compile, the stage that holds the most. The same
                // maze compiled within the same limit before, so a problem is unlikely here;
                // its place is found in the file read again.
                drop(src);
                let compiled = match maze.compile_within(limit) {
                    Ok(compiled) => compiled,
                    Err(problem) => {
                        let src = crate::load::read_text(path)?;
                        return Err(maze::file::locate(&name, &src, &problem).into());
                    }
                };
                Loaded { maze, compiled }
            }
        };
        f.mechanic_moves = maze::features::mechanic_moves(&loaded.compiled, &f);
        let format = if self.json { Format::Json } else { self.format };
        let out = match format {
            Format::Text => text(&self.file.display().to_string(), &loaded, &f, &stuck),
            // Every state's depth is named in it: written as it is made, never held whole.
            Format::Json => {
                return crate::output::emit_stream(|out| json(out, &loaded, &f, &stuck));
            }
            Format::Eaai => match maze::view::jump_grid(&loaded.maze) {
                Some(grid) => eaai(&grid, &loaded, &f),
                None => {
                    return Err(Box::new(EaaiIsForJumping {
                        path: self.file.display().to_string(),
                    })
                    .into());
                }
            },
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

/// The depth grid, laid out as the board is (hex rows shifted, void cells blank): each cell's
/// depth, `--` where nothing reaches it.
fn depth_grid(board: &TextBoard, loaded: &Loaded, f: &Features) -> String {
    let depths = cell_depths(loaded, f);
    let mut grid = board.clone();
    grid.compact = false;
    grid.walls.clear();
    for (i, cell) in grid.cells.iter_mut().enumerate() {
        let depth = depths
            .get(i / board.cols.max(1))
            .and_then(|row| row.get(i % board.cols.max(1)));
        cell.text = match depth {
            Some(Some(d)) => d.to_string(),
            _ if cell.on_board => "--".to_string(),
            _ => String::new(),
        };
        cell.highlight = None;
        // Numbers say enough here; a triangle's mark beside each would crowd them.
        cell.up = None;
    }
    lines(&maze::view::lay_out(&grid).plain())
}

/// The board as the view lays it out, with its walls drawn in (`│` between two cells of a
/// row, a line of `-` under the part of a cell that borders the cell below it) and listed.
fn board_grid(board: &TextBoard) -> String {
    let mut out = lines(&maze::view::lay_out(board).plain());
    if !board.walls.is_empty() {
        let _ = writeln!(
            out,
            "Walls (│ between cells of a row, - between rows): {}",
            maze::view::wall_list(&board.walls)
        );
    }
    out
}

fn lines(lines: &[String]) -> String {
    let mut out = String::new();
    for line in lines {
        let _ = writeln!(out, "{line}");
    }
    out
}

/// The cells no move leaves, `stuck` listing the states with no move in increasing order.
fn dead_end_cells(loaded: &Loaded, stuck: &[StateId]) -> Vec<(usize, usize)> {
    loaded
        .compiled
        .dead_end_cells_where(|s| stuck.binary_search(&s).is_ok())
}

fn text(name: &str, loaded: &Loaded, f: &Features, stuck: &[StateId]) -> String {
    let (rows, cols) = loaded.maze.size();
    let small = rows <= GRID_LIMIT && cols <= GRID_LIMIT;
    let mut out = String::new();
    let _ = writeln!(out, "{name}: {}\n", maze::view::summary(&loaded.maze));
    if small {
        let board = maze::view::text_board(&loaded.maze, &loaded.compiled, None);
        let _ = writeln!(out, "Board:\n{}", board_grid(&board));
        let _ = writeln!(
            out,
            "Depths ({}):\n{}",
            board.depth_meaning,
            depth_grid(&board, loaded, f)
        );
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
    if let Some(g) = maze::features::grade(f) {
        let _ = writeln!(
            out,
            "\nGrade {} ({}), a model of the work it asks, not a measurement of people: {}",
            g.level,
            g.name,
            maze::features::grade::explain(f, &g)
        );
    }
    let dead = dead_end_cells(loaded, stuck);
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
    for warning in maze::render::warnings(&loaded.maze, &loaded.compiled, f) {
        let _ = writeln!(out, "\nwarning: {warning}");
    }
    out
}

fn json(
    out: &mut impl std::io::Write,
    loaded: &Loaded,
    f: &Features,
    stuck: &[StateId],
) -> std::io::Result<()> {
    let dead = dead_end_cells(loaded, stuck);
    let report = maze::render::analysis_given(&loaded.maze, &loaded.compiled, f, dead);
    serde_json::to_writer_pretty(&mut *out, &report)?;
    out.write_all(b"\n")
}

/// Neller's AI-education format: jump numbers (the goal as 0, as in the assignment's
/// transcripts), a blank line, "Moves from start:", the depth grid, a blank line, the
/// GoalDepth objective.
fn eaai(grid: &[Vec<String>], loaded: &Loaded, f: &Features) -> String {
    let mut out = String::new();
    for row in grid {
        let _ = writeln!(out, "{}", row.join(" "));
    }
    let _ = writeln!(out, "\nMoves from start:");
    for row in cell_depths(loaded, f) {
        let cells: Vec<String> = row
            .iter()
            .map(|d| d.map_or("--".to_string(), |d| format!("{d:>2}")))
            .collect();
        let _ = writeln!(out, "{}", cells.join(" "));
    }
    let _ = writeln!(out, "\n{}", report::number(maze::features::goal_depth(f)));
    out
}
