//! The board as styled text, drawn from the variant-neutral text board of `maze-view`: the
//! view says what each cell shows, where it stands and in which tone, and lays it out with its
//! walls (`│` between the cells of a row, an underline under the cell above a wall between
//! rows, so the board's text keeps its layout); this module only turns tones into terminal
//! styles and lays the legend out in lines. Nothing here knows a variant or a tiling.

use maze_view::{Entry, Glyph, Now, Tone};
use ratatui::style::{Color, Modifier, Style, Stylize};
use ratatui::text::{Line, Span};

use crate::game::Game;

/// The board, the legend and (if any) the walls and where the movers are, as lines of text at
/// most `width` columns wide where they can be broken (the legend; a board wider than that is
/// clipped).
pub(crate) fn lines(game: &Game, width: usize) -> Vec<Line<'static>> {
    let before = game
        .is_solved()
        .then(|| game.history().last().map(|step| step.from))
        .flatten();
    let now = Now {
        state: game.state(),
        before,
        aimed: game.aim().map(|(_, to)| to),
        selected: game.selected(),
    };
    let board = maze_view::text_board(game.maze(), game.compiled(), Some(now));
    let laid = maze_view::lay_out(&board);
    let mut out = Vec::new();
    if let Some(header) = laid.header {
        out.push(Line::from(header).dim());
    }
    out.extend(laid.rows.into_iter().map(spans));
    out.push(Line::default());
    let legend: Vec<Vec<Span<'static>>> = board.legend.into_iter().map(entry_spans).collect();
    out.extend(legend_lines(legend, width));
    if !board.walls.is_empty() {
        out.push(Line::from(format!("Walls: {}", maze_view::wall_list(&board.walls))).dim());
    }
    if let Some(place) = board.place {
        out.push(Line::from(place).dim());
    } else if !board.places.is_empty() {
        let places = board.places.into_iter().map(|p| vec![Span::raw(p)]);
        out.extend(legend_lines(places.collect(), width));
        if let Some(name) = game.selected_name() {
            out.push(Line::from(format!(
                "Rolling {name}: {} picks another, free (not a move)",
                crate::keymap::pick_keys(game.mover_count())
            )));
        }
    }
    out
}

/// Colours for the board's colour names, handed out in name order: the names are the file's
/// (`b`, `r`, `red`, `B`), so the board does not guess what they mean, only keeps them apart.
/// Green is left out: it marks the goal.
const PALETTE: [Color; 10] = [
    Color::Red,
    Color::Yellow,
    Color::Blue,
    Color::Magenta,
    Color::Cyan,
    Color::LightRed,
    Color::LightYellow,
    Color::LightBlue,
    Color::LightMagenta,
    Color::LightCyan,
];

/// The terminal style of a tone.
pub(crate) fn style(tone: Tone) -> Style {
    match tone {
        Tone::Plain => Style::new(),
        Tone::Dim => Style::new().dim(),
        Tone::Strong => Style::new().bold(),
        Tone::Goal => Style::new().green().bold(),
        Tone::Warn => Style::new().yellow(),
        Tone::Switch => Style::new().magenta().bold(),
        Tone::Colour(i) => Style::new().fg(PALETTE[i % PALETTE.len()]),
        Tone::Chosen => Style::new().bold().reversed(),
        Tone::Other => Style::new().bold().cyan(),
    }
}

fn entry_spans(entry: Entry) -> Vec<Span<'static>> {
    entry
        .into_iter()
        .map(|(text, tone)| match tone {
            Tone::Plain => Span::raw(text),
            tone => Span::styled(text, style(tone)),
        })
        .collect()
}

/// A laid-out row as spans, one per run of equal style.
fn spans(row: Vec<Glyph>) -> Line<'static> {
    let mut out: Vec<Span<'static>> = Vec::new();
    let mut text = String::new();
    let mut current = None;
    for glyph in row {
        let mut st = style(glyph.tone);
        if glyph.under {
            st = st.add_modifier(Modifier::UNDERLINED);
        }
        if current.is_some_and(|s| s != st) {
            out.push(Span::styled(
                std::mem::take(&mut text),
                current.unwrap_or_default(),
            ));
        }
        current = Some(st);
        text.push(glyph.ch);
    }
    if let Some(st) = current {
        out.push(Span::styled(text, st));
    }
    Line::from(out)
}

/// Lays `items` out in lines of at most `width` columns, joined by ` · `.
fn legend_lines(items: Vec<Vec<Span<'static>>>, width: usize) -> Vec<Line<'static>> {
    let mut out = Vec::new();
    let mut line: Vec<Span<'static>> = Vec::new();
    let mut used = 0;
    for item in items {
        let w: usize = item.iter().map(Span::width).sum();
        if used > 0 && used + 3 + w > width {
            out.push(Line::from(std::mem::take(&mut line)).dim());
            used = 0;
        }
        if used > 0 {
            line.push(Span::raw(" · "));
            used += 3;
        }
        line.extend(item);
        used += w;
    }
    if !line.is_empty() {
        out.push(Line::from(line).dim());
    }
    out
}
