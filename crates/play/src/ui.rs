//! Drawing a game into a ratatui frame: the board, the status (position, legal moves, move
//! counter, message) and the keys.

use maze_graph::Rules;
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout};
use ratatui::style::{Style, Stylize};
use ratatui::text::{Line, Span, Text};
use ratatui::widgets::{Block, Padding, Paragraph, Wrap};

use maze_variants::rolling::ROLL_DIRECTIONS;

use crate::board;
use crate::game::{Game, Tone};
use crate::keymap::Keymap;

/// Draws `game` over the whole frame. Never fails: a terminal too small for it clips.
pub fn draw(frame: &mut Frame, game: &Game) {
    // Borders and padding take two columns on each side.
    let inner_width = usize::from(frame.area().width.saturating_sub(4)).max(1);
    let mut board_lines: Vec<Line> = maze_view::caption(game.maze(), &crate::keymap::pick_keys)
        .iter()
        .flat_map(|line| wrap(line, inner_width))
        .map(|line| Line::from(line).italic())
        .collect();
    board_lines.extend(board::lines(game, inner_width));
    let keys = key_lines(game.keymap(), game.has_aiming());
    let status = status_lines(game);
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
    let carried = maze_view::carried_at(compiled, game.state());
    // What is carried is said in words, so the position is the cell alone.
    let at = match (&carried, game.cell()) {
        (Some(_), Some((r, c))) => format!("({r},{c})"),
        _ => game.state_name(),
    };
    let mut position = vec![Span::raw("At "), Span::raw(at).bold()];
    if let Some(name) = game.selected_name() {
        position.push(Span::raw(" · rolling "));
        position.push(Span::raw(name).bold());
    }
    if let Some(k) = maze_view::jump_at(compiled, game.state()) {
        position.push(Span::raw(format!(", jump {k}")));
    }
    if let Some(carried) = carried {
        position.push(Span::raw(format!(" · carrying {carried}")));
    }
    if let Some(last) = game.last_dir() {
        position.push(Span::raw(format!(" · last move {}", game.move_label(last))));
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
    } else if let (Some(movers), n @ 2..) = (game.movers(), game.mover_count()) {
        // Each mover's rolls, the selected mover's first.
        let order =
            std::iter::once(game.selected()).chain((0..n).filter(|&k| k != game.selected()));
        let list: Vec<String> = order
            .map(|k| {
                let dirs: Vec<&str> = legal
                    .iter()
                    .filter_map(|&(d, _)| match game.mover_of(d) {
                        (Some(i), compass) if i == k => Some(ROLL_DIRECTIONS.name(compass)),
                        _ => None,
                    })
                    .collect();
                let rolling = if k == game.selected() {
                    " (rolling)"
                } else {
                    ""
                };
                let dirs = if dirs.is_empty() {
                    "none".to_string()
                } else {
                    dirs.join(" ")
                };
                format!("{} {}{rolling}: {dirs}", movers.noun(), k + 1)
            })
            .collect();
        format!("Legal moves: {}", list.join(" · "))
    } else {
        // One entry per direction, its landings nearest first.
        let mut list: Vec<String> = Vec::new();
        let mut last = None;
        for &(d, t) in &legal {
            let target = compiled.state_name(t);
            match list.last_mut() {
                Some(entry) if last == Some(d) => {
                    entry.push(' ');
                    entry.push_str(&target);
                }
                _ => list.push(format!("{} → {target}", directions.name(d))),
            }
            last = Some(d);
        }
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

/// `text` broken at spaces into lines of at most `width` columns (a longer word stays whole);
/// lines after the first are indented by two, so a wrapped line reads as one.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut out = Vec::new();
    let mut line = String::new();
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            out.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        } else if !out.is_empty() {
            line.push_str("  ");
        }
        line.push_str(word);
    }
    if !line.is_empty() || out.is_empty() {
        out.push(line);
    }
    out
}

fn key_lines(keymap: &Keymap, aiming: bool) -> Vec<Line<'static>> {
    let dirs = keymap.direction_keys();
    // Four directions a line on the square tiling, three on the six-direction ones, so each
    // line is a row of the compass and nothing needs wrapping.
    let per_line = if keymap.table_len() == 6 { 3 } else { 4 };
    let name_width = dirs
        .iter()
        .map(|(n, _)| n.chars().count())
        .max()
        .unwrap_or(2)
        .max(2);
    let mut out: Vec<Line> = dirs
        .chunks(per_line)
        .map(|chunk| {
            let mut spans = Vec::new();
            for (i, (name, keys)) in chunk.iter().enumerate() {
                if i > 0 {
                    spans.push(Span::raw("   "));
                }
                spans.push(Span::raw(format!("{name:<name_width$}")).bold());
                spans.push(Span::raw(format!(" {keys:<7}")));
            }
            Line::from(spans)
        })
        .collect();
    let command_line = |commands: &[(&str, &str)]| {
        let mut spans = Vec::new();
        for (i, (keys, what)) in commands.iter().enumerate() {
            if i > 0 {
                spans.push(Span::raw("   "));
            }
            spans.push(Span::raw(keys.to_string()).bold());
            spans.push(Span::raw(format!(" {what}")));
        }
        Line::from(spans)
    };
    if let Some(pick) = keymap.mover_keys() {
        let pick: Vec<(&str, &str)> = pick.iter().map(|(k, w)| (k.as_str(), w.as_str())).collect();
        out.push(command_line(&pick));
    }
    if aiming {
        out.push(command_line(Keymap::aim_keys()));
    }
    out.push(command_line(Keymap::command_keys()));
    out
}
