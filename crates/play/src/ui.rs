//! Drawing a game into a ratatui frame: the board, the status (position, legal moves, move
//! counter, message) and the keys.

use maze_graph::Rules;
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout};
use ratatui::style::{Style, Stylize};
use ratatui::text::{Line, Span, Text};
use ratatui::widgets::{Block, Padding, Paragraph, Wrap};

use crate::board;
use crate::explain;
use crate::game::{Game, Tone};
use crate::keymap::Keymap;

/// Draws `game` over the whole frame. Never fails: a terminal too small for it clips.
pub fn draw(frame: &mut Frame, game: &Game) {
    let mut board_lines = vec![Line::from(explain::rules_caption(game.maze())).italic()];
    board_lines.extend(board::lines(game));
    let keys = key_lines(game.keymap());
    let status = status_lines(game);
    // Borders and padding take two columns on each side.
    let inner_width = usize::from(frame.area().width.saturating_sub(4)).max(1);
    // Word wrapping can take a row more than the width alone says: spare one per long line.
    let status_rows: usize = status
        .iter()
        .map(|line| match line.width() {
            w if w <= inner_width => 1,
            w => w.div_ceil(inner_width) + 1,
        })
        .sum();
    let height = |rows: usize| Constraint::Length(u16::try_from(rows + 2).unwrap_or(u16::MAX));
    let [board_area, status_area, keys_area, _] = Layout::vertical([
        height(board_lines.len()),
        height(status_rows),
        height(keys.len()),
        Constraint::Min(0),
    ])
    .areas(frame.area());

    let block = |title: Line<'static>| {
        Block::bordered()
            .title(title)
            .padding(Padding::horizontal(1))
    };
    let title = Line::from(format!(" maze play: {} ", game.title())).bold();
    frame.render_widget(
        Paragraph::new(Text::from(board_lines)).block(block(title)),
        board_area,
    );
    frame.render_widget(
        Paragraph::new(Text::from(status))
            .wrap(Wrap { trim: false })
            .block(block(Line::from(" Status "))),
        status_area,
    );
    frame.render_widget(
        Paragraph::new(Text::from(keys)).block(block(Line::from(" Keys "))),
        keys_area,
    );
}

fn status_lines(game: &Game) -> Vec<Line<'static>> {
    let compiled = game.compiled();
    let directions = compiled.directions();
    let mut position = vec![Span::raw("At "), Span::raw(game.state_name()).bold()];
    if let Some(k) = compiled.jump(game.state()).filter(|&k| k > 0) {
        position.push(Span::raw(format!(", jump {k}")));
    }
    if let Some(last) = game.last_dir() {
        position.push(Span::raw(format!(" · last move {}", directions.name(last))));
    }
    if let Some(barred) = game.barred_dir() {
        position.push(Span::raw(format!(
            " (U-turn {} barred)",
            directions.name(barred)
        )));
    }
    position.push(Span::raw(" · moves ").bold());
    position.push(Span::raw(game.moves().to_string()).bold());
    if game.hints() > 0 {
        position.push(Span::raw(format!(" · hints {}", game.hints())));
    }

    let legal = game.legal_moves();
    let moves = if game.is_solved() {
        "Legal moves: none, the goal is reached".to_string()
    } else if legal.is_empty() {
        "Legal moves: none, a dead end: undo (u) or restart (r)".to_string()
    } else {
        let list: Vec<String> = legal
            .iter()
            .map(|&(d, t)| format!("{} → {}", directions.name(d), compiled.state_name(t)))
            .collect();
        format!("Legal moves: {}", list.join(" · "))
    };

    let mut lines = vec![Line::from(position), Line::from(moves)];
    if !game.history().is_empty() {
        let path: Vec<&str> = game
            .history()
            .iter()
            .map(|step| directions.name(step.dir))
            .collect();
        lines.push(Line::from(format!("Path: {}", path.join(" "))).dim());
    }

    let message = game.message();
    let style = match message.tone {
        Tone::Info => Style::new(),
        Tone::Refused => Style::new().yellow(),
        Tone::Solved => Style::new().green().bold(),
    };
    lines.push(Line::from(Span::styled(message.text.clone(), style)));
    lines
}

fn key_lines(keymap: &Keymap) -> Vec<Line<'static>> {
    let dirs = keymap.direction_keys();
    // Four directions a line on the square tiling, three on the six-direction ones, so each
    // line is a row of the compass and nothing needs wrapping.
    let per_line = if dirs.len() == 6 { 3 } else { 4 };
    let mut out: Vec<Line> = dirs
        .chunks(per_line)
        .map(|chunk| {
            let mut spans = Vec::new();
            for (i, (name, keys)) in chunk.iter().enumerate() {
                if i > 0 {
                    spans.push(Span::raw("   "));
                }
                spans.push(Span::raw(format!("{name:<2}")).bold());
                spans.push(Span::raw(format!(" {keys:<7}")));
            }
            Line::from(spans)
        })
        .collect();
    let mut spans = Vec::new();
    for (i, (keys, what)) in Keymap::command_keys().iter().enumerate() {
        if i > 0 {
            spans.push(Span::raw("   "));
        }
        spans.push(Span::raw(*keys).bold());
        spans.push(Span::raw(format!(" {what}")));
    }
    out.push(Line::from(spans));
    out
}
