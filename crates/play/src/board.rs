//! The board as styled text, one drawing per variant: square cells in a grid, hex rows with
//! odd rows shifted by half a cell, triangles marked ▲ (up) and ▼ (down).
//!
//! A new variant (rolling blocks) adds an arm to [`lines`]: the compiler points here, because
//! the match over [`Maze`] has no catch-all.

use maze_variants::{Cell, Coord, JumpingMaze, Maze, Tiling};
use ratatui::style::{Style, Stylize};
use ratatui::text::{Line, Span};

use crate::game::Game;

/// The board, the legend and (if any) the walls, as lines of text.
pub(crate) fn lines(game: &Game) -> Vec<Line<'static>> {
    match game.maze() {
        Maze::Jumping(m) => jumping(m, game.cell()),
    }
}

fn token(cell: Cell) -> String {
    match cell {
        // Void is not part of the board: leave a gap so shaped boards keep their shape.
        Cell::Void => String::new(),
        other => other.to_string(),
    }
}

fn jumping(maze: &JumpingMaze, at: Option<Coord>) -> Vec<Line<'static>> {
    let board = &maze.board;
    let tiling = maze.rules.tiling;
    let digits = |n: usize| n.saturating_sub(1).to_string().len();
    let widest = board
        .cells
        .iter()
        .map(|&c| token(c).len())
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
            let mut text = token(cell);
            if tiling == Tiling::Triangle && cell != Cell::Void {
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
                match cell {
                    Cell::Goal => Style::new().green().bold(),
                    Cell::Blocked | Cell::Hole | Cell::DeadEnd => Style::new().dim(),
                    _ => Style::new(),
                }
            };
            spans.push(Span::styled(text, style));
        }
        out.push(Line::from(spans));
    }
    out.push(Line::default());
    let mut legend = vec!["[ ] you"];
    let has = |wanted: Cell| board.cells.contains(&wanted);
    if has(Cell::Goal) {
        legend.push("G goal");
    }
    if has(Cell::DeadEnd) {
        legend.push("0 dead end");
    }
    if has(Cell::Blocked) {
        legend.push("# blocked");
    }
    if has(Cell::Hole) {
        legend.push("o hole");
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
