//! The board as styled text, one drawing per variant: square cells in a grid, hex rows with
//! odd rows shifted by half a cell, triangles marked ▲ (up) and ▼ (down).
//!
//! A jumping-maze cell shows every attribute it holds, in the order of the rules' token schema
//! (`b:↓↘` is colour b with arrows S and SE): arrows as arrow glyphs, turns as `O ↻ ↺`, pieces
//! by letter, colours by name and drawn in a colour of their own. Walls are drawn where they
//! stand: `│` between the cells of a row, an underline under the cell above a wall between
//! rows (a style, so the text of the board keeps its layout), and listed below the board.
//!
//! A rolling-block board shows the state, not only the file: bridges on (`=`) or off (`-`) as
//! the current state has them, switches by kind (`o` soft, `x` heavy, `y` split), every block
//! (`[]` for the only one, `b1` `b2` ... for several) or both cubes of a split block (`c1`
//! `c2`, in reading order as the move names have them), the selected mover reversed, the
//! first block's goal `G` and the other blocks' goals `g2` `g3` .... A board of plain tiles
//! with one block is drawn as before these existed.
//!
//! A new variant adds an arm to [`lines`]: the compiler points here, because the match over
//! [`Maze`] has no catch-all.

use maze_graph::Directions;
use maze_variants::rolling::{RollingBlockMaze, StateView, SwitchKind, Tile};
use maze_variants::{Attr, Cell, Coord, JumpingMaze, Kind, Maze, Piece, Tiling};
use maze_variants::{Tag, Turn};
use ratatui::style::{Color, Modifier, Style, Stylize};
use ratatui::text::{Line, Span};

use crate::game::{Game, mover_place};
use crate::keymap::Movers;

/// The board, the legend and (if any) the walls, as lines of text at most `width` columns
/// wide where they can be broken (the legend; a board wider than that is clipped).
pub(crate) fn lines(game: &Game, width: usize) -> Vec<Line<'static>> {
    match game.maze() {
        Maze::Jumping(m) => {
            let aimed = game
                .aim()
                .and_then(|(_, to)| game.compiled().state_cell(to));
            jumping(m, game.cell(), aimed, width)
        }
        Maze::RollingBlock(m) => match game.view() {
            Some(view) => rolling(m, &view, game, width),
            None => Vec::new(),
        },
    }
}

/// What a cell of a rolling-block board shows, and how.
fn rolling_cell(
    maze: &RollingBlockMaze,
    view: &StateView,
    selected: usize,
    at: (usize, usize),
) -> (String, Style) {
    let chosen = Style::new().bold().reversed();
    let other = Style::new().bold().cyan();
    if let Some(cubes) = view.cubes
        && let Some(i) = cubes.iter().position(|&c| c == at)
    {
        let style = if i == selected { chosen } else { other };
        return (format!("c{}", i + 1), style);
    }
    if let Some(k) = view.blocks.iter().position(|(f, _)| f.contains(at)) {
        return match view.blocks.len() {
            1 => ("[]".to_string(), chosen),
            _ if k == selected => (format!("b{}", k + 1), chosen),
            _ => (format!("b{}", k + 1), other),
        };
    }
    let goal = Style::new().green().bold();
    if maze.goal.contains(at) {
        return ("G ".to_string(), goal);
    }
    if let Some(j) = maze
        .rules
        .others
        .iter()
        .position(|b| b.goal.is_some_and(|g| g.contains(at)))
    {
        return (format!("g{}", j + 2), goal);
    }
    let tile = maze.board.get(at);
    match tile {
        Tile::NoFloor => ("  ".to_string(), Style::new().dim()),
        Tile::Fragile => ("w ".to_string(), Style::new().yellow()),
        Tile::Bridge { .. } => {
            let on = view.bridges.iter().any(|&(c, on)| c == at && on);
            match on {
                true => ("= ".to_string(), Style::new().bold()),
                false => ("- ".to_string(), Style::new().dim()),
            }
        }
        Tile::Switch(_) => (
            format!("{} ", tile.to_char()),
            Style::new().magenta().bold(),
        ),
        Tile::Floor => (format!("{} ", tile.to_char()), Style::new().dim()),
    }
}

/// A rolling-block board: two columns per tile, the blocks or cubes highlighted (the selected
/// one reversed), goals in green, bridges as the state has them; then the legend and where the
/// movers are.
fn rolling(
    maze: &RollingBlockMaze,
    view: &StateView,
    game: &Game,
    width: usize,
) -> Vec<Line<'static>> {
    let board = &maze.board;
    let selected = game.selected();
    let label = board.rows.saturating_sub(1).to_string().len();
    let mut out = Vec::new();
    for r in 0..board.rows {
        let mut spans = vec![Span::raw(format!("{r:>label$} ")).dim()];
        for c in 0..board.cols {
            let (text, style) = rolling_cell(maze, view, selected, (r, c));
            spans.push(Span::styled(text, style));
        }
        out.push(Line::from(spans));
    }
    out.push(Line::default());
    let has = |f: fn(Tile) -> bool| board.tiles.iter().any(|&t| f(t));
    let movers = game.movers();
    let mut legend: Vec<String> = match movers {
        Some(Movers::Blocks(n)) => {
            let names: Vec<String> = (1..=n).map(|k| format!("b{k}")).collect();
            vec![format!("{} blocks", names.join(" "))]
        }
        Some(Movers::Cubes) => vec!["[] block".into(), "c1 c2 cubes".into()],
        None => vec!["[] block".into()],
    };
    if movers.is_some() {
        legend.push("reversed: the one that rolls".into());
    }
    legend.push("G goal".into());
    legend.extend(
        maze.rules
            .others
            .iter()
            .enumerate()
            .filter(|(_, b)| b.goal.is_some())
            .map(|(j, _)| format!("g{} goal of block {}", j + 2, j + 2)),
    );
    let mut legend: Vec<&str> = legend.iter().map(String::as_str).collect();
    legend.extend([". floor", "blank: no floor"]);
    if has(|t| t == Tile::Fragile) {
        legend.push("w fragile (breaks under a standing block)");
    }
    if has(|t| matches!(t, Tile::Bridge { .. })) {
        legend.extend(["= bridge on", "- bridge off"]);
    }
    for (kind, text) in [
        (SwitchKind::Soft, "o soft switch"),
        (SwitchKind::Heavy, "x heavy switch"),
        (SwitchKind::Split, "y split switch"),
    ] {
        if board.tiles.contains(&Tile::Switch(kind)) {
            legend.push(text);
        }
    }
    let items = legend
        .into_iter()
        .map(|t| vec![Span::raw(t.to_string())])
        .collect();
    out.extend(legend_lines(items, width));
    match (view.cubes, view.blocks.as_slice()) {
        (None, [(b, _)]) => out.push(
            Line::from(format!(
                "Block covers {} x {} cells from ({},{})",
                b.rows, b.cols, b.row, b.col
            ))
            .dim(),
        ),
        _ => {
            let Some(movers) = movers else {
                return out;
            };
            let n = game.mover_count();
            let noun = movers.noun();
            let places: Vec<Vec<Span<'static>>> = (0..n)
                .map(|k| {
                    let place = mover_place(view, k).unwrap_or_default();
                    vec![Span::raw(format!("{noun} {} {place}", k + 1))]
                })
                .collect();
            out.extend(legend_lines(places, width));
            out.push(Line::from(format!(
                "Rolling {noun} {}: {} picks another, free (not a move)",
                selected + 1,
                crate::keymap::pick_keys(n)
            )));
        }
    }
    out
}

/// The arrow glyph of a direction name; the hex and triangle names mean the same headings as
/// the square's, so one table serves every tiling.
fn arrow(name: &str) -> Option<char> {
    Some(match name {
        "N" => '↑',
        "NE" => '↗',
        "E" => '→',
        "SE" => '↘',
        "S" => '↓',
        "SW" => '↙',
        "W" => '←',
        "NW" => '↖',
        _ => return None,
    })
}

fn turn_glyph(turn: Turn) -> char {
    match turn {
        Turn::Reflect => 'O',
        Turn::Clockwise => '↻',
        Turn::Anticlockwise => '↺',
    }
}

/// One attribute of a cell as shown, `None` when the cell lacks it. `signed`: numbers are
/// offsets (the board has some below 1), so every one shows its sign.
fn field(cell: &Cell, attr: Attr, dirs: &Directions, signed: bool) -> Option<String> {
    match attr {
        // As the file writes it: a sign on offsets below 1 and on a wildcard's number.
        Attr::Number => cell.number.map(|k| {
            if k > 0 && !cell.wildcard && !signed {
                k.to_string()
            } else {
                format!("{k:+}")
            }
        }),
        Attr::Arrows => match cell.turn {
            Some(t) => Some(turn_glyph(t).to_string()),
            None if cell.arrows.is_empty() => None,
            None => Some(
                cell.arrows
                    .iter()
                    .map(|d| {
                        let name = dirs.name(d);
                        arrow(name).map_or_else(|| name.to_string(), String::from)
                    })
                    .collect(),
            ),
        },
        Attr::Colour => cell.colour.map(|t| t.to_string()),
        Attr::Symbol => cell.symbol.map(|t| t.to_string()),
        Attr::Piece => cell.piece.map(|p| p.letter().to_string()),
    }
}

/// A cell as shown on the board: the kinds' marks of RULES.md (`G 0 # o _`, void blank), `*`
/// for a wildcard, the attributes the schema lists joined by `:`, `@` when circled, and `-`
/// (as in the file) for an ordinary cell that holds nothing.
fn cell_text(cell: &Cell, schema: &[Attr], dirs: &Directions, signed: bool) -> String {
    let head = match cell.kind {
        // Void is not part of the board: leave a gap so shaped boards keep their shape.
        Kind::Void => return String::new(),
        Kind::DeadEnd => return "0".into(),
        Kind::Blocked => return "#".into(),
        Kind::Hole => return "o".into(),
        Kind::Empty => return "_".into(),
        Kind::Goal => Some("G".to_string()),
        Kind::Ordinary if cell.wildcard => Some("*".to_string()),
        Kind::Ordinary => None,
    };
    let parts: Vec<String> = head
        .into_iter()
        .chain(schema.iter().filter_map(|&a| field(cell, a, dirs, signed)))
        .collect();
    let mut text = if parts.is_empty() {
        "-".to_string()
    } else {
        parts.join(":")
    };
    if cell.circled {
        text.push('@');
    }
    text
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

/// The board's colour names in name order, each with its terminal colour.
fn colours(maze: &JumpingMaze) -> Vec<(Tag, Color)> {
    let mut tags: Vec<Tag> = maze.board.cells.iter().filter_map(|c| c.colour).collect();
    tags.sort_by(|a, b| a.as_str().cmp(b.as_str()));
    tags.dedup();
    tags.into_iter()
        .zip(PALETTE.iter().cycle().copied())
        .collect()
}

/// A row of the board as styled characters, so walls can be drawn into it after the cells.
type Row = Vec<(char, Style)>;

fn push(row: &mut Row, text: &str, style: Style) {
    row.extend(text.chars().map(|ch| (ch, style)));
}

/// A row of styled characters as spans, one per run of equal style.
fn spans(row: Row) -> Line<'static> {
    let mut out: Vec<Span<'static>> = Vec::new();
    let mut text = String::new();
    let mut style = None;
    for (ch, st) in row {
        if style.is_some_and(|s| s != st) {
            out.push(Span::styled(
                std::mem::take(&mut text),
                style.unwrap_or_default(),
            ));
        }
        style = Some(st);
        text.push(ch);
    }
    if let Some(st) = style {
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

fn jumping(
    maze: &JumpingMaze,
    at: Option<Coord>,
    aimed: Option<Coord>,
    width: usize,
) -> Vec<Line<'static>> {
    let board = &maze.board;
    let tiling = maze.rules.tiling;
    let (schema, dirs) = (&maze.rules.cells, maze.rules.directions());
    // Numbers of 0 or below can only be offsets: then `+3` says so better than `3`.
    let signed = board.cells.iter().any(|c| c.number.is_some_and(|k| k <= 0));
    let texts: Vec<String> = board
        .cells
        .iter()
        .map(|c| cell_text(c, schema, dirs, signed))
        .collect();
    let palette = colours(maze);
    let digits = |n: usize| n.saturating_sub(1).to_string().len();
    let widest = texts.iter().map(|t| t.chars().count()).max().unwrap_or(1);
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
    let width_of_cell = inner + 2 + spacer.len();
    let label = digits(board.rows);
    let margin = " ".repeat(label + 1);

    let mut out = Vec::new();
    let mut header = margin.clone();
    for c in 0..board.cols {
        header.push_str(&format!(" {c:>inner$} {spacer}"));
    }
    out.push(Line::from(header.trim_end().to_string()).dim());
    let mut rows: Vec<Row> = Vec::new();
    // Where each cell starts in its row, in columns.
    let mut starts: Vec<Vec<usize>> = Vec::new();
    for r in 0..board.rows {
        let mut row = Row::new();
        push(&mut row, &format!("{r:>label$} "), Style::new().dim());
        if tiling == Tiling::Hex && r % 2 == 1 {
            push(&mut row, &" ".repeat(width_of_cell / 2), Style::new());
        }
        let mut row_starts = Vec::new();
        for c in 0..board.cols {
            let cell = board.get((r, c));
            let mut text = texts[r * board.cols + c].clone();
            if tiling == Tiling::Triangle && cell.kind != Kind::Void {
                let mark = if Tiling::points_up(r as i64, c as i64) {
                    '▲'
                } else {
                    '▼'
                };
                text = format!("{mark}{text}");
            }
            let here = at == Some((r, c));
            let aim = aimed == Some((r, c));
            let (open, close) = match (here, aim) {
                (true, _) => ('[', ']'),
                (false, true) => ('<', '>'),
                _ => (' ', ' '),
            };
            let style = if here {
                Style::new().bold().reversed()
            } else if aim {
                Style::new().bold()
            } else {
                match cell.kind {
                    Kind::Goal => Style::new().green().bold(),
                    Kind::Blocked | Kind::Hole | Kind::DeadEnd | Kind::Empty => Style::new().dim(),
                    _ => match cell
                        .colour
                        .and_then(|t| palette.iter().find(|(n, _)| *n == t))
                    {
                        Some(&(_, colour)) => Style::new().fg(colour),
                        None => Style::new(),
                    },
                }
            };
            row_starts.push(row.len());
            push(
                &mut row,
                &format!("{open}{text:>inner$}{close}{spacer}"),
                style,
            );
        }
        rows.push(row);
        starts.push(row_starts);
    }
    let vertical = draw_walls(maze, &mut rows, &starts, inner, width_of_cell);
    out.extend(rows.into_iter().map(spans));
    out.push(Line::default());

    let mut legend: Vec<Vec<Span<'static>>> = vec![vec![Span::raw("[ ] you")]];
    if aimed.is_some() {
        legend.push(vec![Span::raw("< > aimed landing")]);
    }
    let has = |wanted: Kind| board.cells.iter().any(|c| c.kind == wanted);
    for (kind, text) in [
        (Kind::Goal, "G goal"),
        (Kind::DeadEnd, "0 dead end"),
        (Kind::Blocked, "# blocked"),
        (Kind::Hole, "o hole"),
        (Kind::Empty, "_ empty"),
    ] {
        if has(kind) {
            legend.push(vec![Span::raw(text)]);
        }
    }
    if board.cells.iter().any(|c| c.circled) {
        legend.push(vec![Span::raw("@ circled")]);
    }
    if board.cells.iter().any(|c| c.wildcard) {
        legend.push(vec![Span::raw("* wildcard")]);
    }
    legend.extend(attribute_legend(maze, &texts, &palette));
    if vertical {
        legend.push(vec![Span::raw("│ wall")]);
    }
    if tiling == Tiling::Triangle {
        legend.push(vec![Span::raw("▲ up ▼ down")]);
    }
    out.extend(legend_lines(legend, width));
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

/// Legend entries for the attributes the board holds: how a cell reads when it holds several,
/// then the arrows, turns, pieces, colours and symbols present.
fn attribute_legend(
    maze: &JumpingMaze,
    texts: &[String],
    palette: &[(Tag, Color)],
) -> Vec<Vec<Span<'static>>> {
    let cells = &maze.board.cells;
    let dirs = maze.rules.directions();
    let mut out = Vec::new();
    if texts.iter().any(|t| t == "-") {
        out.push(vec![Span::raw("- plain cell")]);
    }
    let schema = &maze.rules.cells;
    if schema.len() > 1 {
        let names: Vec<String> = schema.iter().map(|a| a.name().to_lowercase()).collect();
        out.push(vec![Span::raw(format!("cells read {}", names.join(":")))]);
    }
    let mut arrows = maze_graph::DirSet::EMPTY;
    for c in cells {
        arrows = maze_graph::DirSet::from_bits(arrows.bits() | c.arrows.bits());
    }
    if !arrows.is_empty() {
        let glyphs: String = arrows.iter().filter_map(|d| arrow(dirs.name(d))).collect();
        out.push(vec![Span::raw(format!("{glyphs} arrows"))]);
    }
    for (turn, what) in [
        (Turn::Reflect, "reflector (back the way you came)"),
        (Turn::Clockwise, "turn clockwise"),
        (Turn::Anticlockwise, "turn anticlockwise"),
    ] {
        if cells.iter().any(|c| c.turn == Some(turn)) {
            out.push(vec![Span::raw(format!("{} {what}", turn_glyph(turn)))]);
        }
    }
    for piece in Piece::ALL {
        if cells.iter().any(|c| c.piece == Some(piece)) {
            let name = format!("{piece:?}").to_lowercase();
            out.push(vec![Span::raw(format!("{} {name}", piece.letter()))]);
        }
    }
    if !palette.is_empty() {
        let mut item = vec![Span::raw("colours")];
        for &(tag, colour) in palette {
            item.push(Span::raw(" "));
            item.push(Span::styled(tag.to_string(), Style::new().fg(colour)));
        }
        out.push(item);
    }
    let mut symbols: Vec<Tag> = cells.iter().filter_map(|c| c.symbol).collect();
    symbols.sort_by(|a, b| a.as_str().cmp(b.as_str()));
    symbols.dedup();
    if !symbols.is_empty() {
        let names: Vec<String> = symbols.iter().map(Tag::to_string).collect();
        out.push(vec![Span::raw(format!("symbols {}", names.join(" ")))]);
    }
    out
}

/// Draws the maze's walls into the board's rows: `│` in the gap between two cells of a row (the
/// first free column of the gap), and an underline under the part of the upper cell that
/// borders the lower one for a wall between rows (also across the torus's seams). Returns
/// whether a `│` was drawn.
fn draw_walls(
    maze: &JumpingMaze,
    rows: &mut [Row],
    starts: &[Vec<usize>],
    inner: usize,
    cell_width: usize,
) -> bool {
    let (n_rows, n_cols) = (maze.board.rows, maze.board.cols);
    let mut vertical = false;
    for &(a, b) in &maze.walls {
        if a.0 == b.0 {
            let r = a.0;
            let (left, right) = if (a.1 + 1) % n_cols == b.1 {
                (a.1, b.1)
            } else {
                (b.1, a.1)
            };
            // The gap after `left` (its closing column) and before `right` (its opening
            // one); across the torus's seam these are the row's two ends.
            let gaps = [starts[r][left] + inner + 1, starts[r][right]];
            let seam = right < left;
            for (i, &col) in gaps.iter().enumerate() {
                if let Some(slot) = rows[r].get_mut(col)
                    && slot.0 == ' '
                {
                    *slot = ('│', Style::new());
                    vertical = true;
                    // Between neighbours one mark is enough; across the seam, both ends.
                    if !seam || i == 1 {
                        break;
                    }
                }
            }
        } else {
            // The upper cell is the one whose next row (across the seam on a torus) is the
            // other's; on a two-row torus both are, and the top row is taken.
            let upper = if (a.0 + 1) % n_rows == b.0 && b.0 + 1 != a.0 {
                a
            } else {
                b
            };
            let lower = if upper == a { b } else { a };
            let span = |p: Coord| starts[p.0][p.1]..starts[p.0][p.1] + cell_width;
            let (up, low) = (span(upper), span(lower));
            let mut cols = up.start.max(low.start)..up.end.min(low.end);
            if cols.is_empty() {
                cols = up;
            }
            for col in cols {
                if let Some(slot) = rows[upper.0].get_mut(col) {
                    slot.1 = slot.1.add_modifier(Modifier::UNDERLINED);
                }
            }
        }
    }
    vertical
}
