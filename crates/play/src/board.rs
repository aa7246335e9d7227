//! The board as styled text, one drawing per variant: square cells in a grid, hex rows with
//! odd rows shifted by half a cell, triangles marked ▲ (up) and ▼ (down).
//!
//! A new variant (rolling blocks) adds an arm to [`lines`]: the compiler points here, because
//! the match over [`Maze`] has no catch-all.

use maze_variants::rolling::{Footprint, RollingBlockMaze, Tile};
use maze_variants::{Cell, CompiledMaze, Coord, JumpingMaze, Kind, Maze, Tiling};
use ratatui::style::{Style, Stylize};
use ratatui::text::{Line, Span};

use crate::game::Game;

/// The board, the legend and (if any) the walls, as lines of text.
pub(crate) fn lines(game: &Game) -> Vec<Line<'static>> {
    match game.maze() {
        Maze::Jumping(m) => jumping(m, game.cell()),
        Maze::RollingBlock(m) => {
            let block = match game.compiled() {
                CompiledMaze::RollingBlock(g) => Some(g.placement(game.state())),
                CompiledMaze::Jumping(_) => None,
            };
            rolling(m, block.map(|(footprint, _)| footprint))
        }
    }
}

/// A rolling-block board: one character per tile, the block's footprint highlighted and the
/// goal footprint in green.
fn rolling(maze: &RollingBlockMaze, block: Option<Footprint>) -> Vec<Line<'static>> {
    let board = &maze.board;
    let label = board.rows.saturating_sub(1).to_string().len();
    let mut out = Vec::new();
    for r in 0..board.rows {
        let mut spans = vec![Span::raw(format!("{r:>label$} ")).dim()];
        for c in 0..board.cols {
            let tile = board.get((r, c));
            let on_block = block.is_some_and(|b| b.contains((r, c)));
            let on_goal = maze.goal.contains((r, c));
            let text = match (on_block, on_goal, tile) {
                (true, _, _) => "[]".to_string(),
                (false, true, _) => "G ".to_string(),
                (false, false, Tile::NoFloor) => "  ".to_string(),
                (false, false, t) => format!("{} ", t.to_char()),
            };
            let style = if on_block {
                Style::new().bold().reversed()
            } else if on_goal {
                Style::new().green().bold()
            } else if tile == Tile::Fragile {
                Style::new().yellow()
            } else {
                Style::new().dim()
            };
            spans.push(Span::styled(text, style));
        }
        out.push(Line::from(spans));
    }
    out.push(Line::default());
    let mut legend = vec!["[] block", "G goal", ". floor", "blank: no floor"];
    if board.tiles.contains(&Tile::Fragile) {
        legend.push("w fragile (breaks under a standing block)");
    }
    out.push(Line::from(legend.join(" · ")).dim());
    if let Some(b) = block {
        out.push(
            Line::from(format!(
                "Block covers {} x {} cells from ({},{})",
                b.rows, b.cols, b.row, b.col
            ))
            .dim(),
        );
    }
    out
}

fn token(maze: &JumpingMaze, cell: Cell) -> String {
    match cell.kind {
        // Void is not part of the board: leave a gap so shaped boards keep their shape.
        Kind::Void => String::new(),
        _ => cell.token(&maze.rules.cells, maze.rules.directions()),
    }
}

fn jumping(maze: &JumpingMaze, at: Option<Coord>) -> Vec<Line<'static>> {
    let board = &maze.board;
    let tiling = maze.rules.tiling;
    let digits = |n: usize| n.saturating_sub(1).to_string().len();
    let widest = board
        .cells
        .iter()
        .map(|&c| token(maze, c).chars().count())
        .max()
        .unwrap_or(1);
    // Inner width of a cell; the triangle's mark takes one more column.
    let mut inner = widest.max(digits(board.cols));
    if tiling == Tiling::Triangle {
        inner += 1;
    }
    // Hex cells get a spacer column where needed: an even cell width makes half a cell (the
    // odd rows' offset) a whole number of columns.
    let spacer = if tiling == Tiling::Hex && inner % 2 == 1 {
        " "
    } else {
        ""
    };
    let width = inner + 2 + spacer.len();
    let label = digits(board.rows);
    let margin = " ".repeat(label + 1);

    let mut out = Vec::new();
    let mut header = margin.clone();
    for c in 0..board.cols {
        header.push_str(&format!(" {c:>inner$} {spacer}"));
    }
    out.push(Line::from(header.trim_end().to_string()).dim());
    for r in 0..board.rows {
        let mut spans = vec![Span::raw(format!("{r:>label$} ")).dim()];
        if tiling == Tiling::Hex && r % 2 == 1 {
            spans.push(Span::raw(" ".repeat(width / 2)));
        }
        for c in 0..board.cols {
            let cell = board.get((r, c));
            let mut text = token(maze, cell);
            if tiling == Tiling::Triangle && cell.kind != Kind::Void {
                let mark = if Tiling::points_up(r as i64, c as i64) {
                    '▲'
                } else {
                    '▼'
                };
                text = format!("{mark}{text}");
            }
            let here = at == Some((r, c));
            let (open, close) = if here { ('[', ']') } else { (' ', ' ') };
            let text = format!("{open}{text:>inner$}{close}{spacer}");
            let style = if here {
                Style::new().bold().reversed()
            } else {
                match cell.kind {
                    Kind::Goal => Style::new().green().bold(),
                    Kind::Blocked | Kind::Hole | Kind::DeadEnd | Kind::Empty => Style::new().dim(),
                    _ => Style::new(),
                }
            };
            spans.push(Span::styled(text, style));
        }
        out.push(Line::from(spans));
    }
    out.push(Line::default());
    let mut legend = vec!["[ ] you"];
    let has = |wanted: Kind| board.cells.iter().any(|c| c.kind == wanted);
    if has(Kind::Goal) {
        legend.push("G goal");
    }
    if has(Kind::DeadEnd) {
        legend.push("0 dead end");
    }
    if has(Kind::Blocked) {
        legend.push("# blocked");
    }
    if has(Kind::Hole) {
        legend.push("o hole");
    }
    if has(Kind::Empty) {
        legend.push("_ empty");
    }
    if board.cells.iter().any(|c| c.circled) {
        legend.push("@ circled");
    }
    if board.cells.iter().any(|c| c.wildcard) {
        legend.push("* wildcard");
    }
    if tiling == Tiling::Triangle {
        legend.push("▲ up ▼ down");
    }
    out.push(Line::from(legend.join(" · ")).dim());
    if !maze.walls.is_empty() {
        let walls: Vec<String> = maze
            .walls
            .iter()
            .map(|&((a, b), (c, d))| format!("({a},{b})|({c},{d})"))
            .collect();
        out.push(Line::from(format!("Walls: {}", walls.join(" "))).dim());
    }
    out
}
