//! The board as text, for terminals and reports: what each cell shows in a few characters and
//! where it stands in rows and half-cell columns, in tones rather than colours, with walls as
//! pairs of cells and the legend of what is present. The terminal game styles a laid-out board
//! ([`lay_out`]) and `maze analyze` prints it plain ([`Laid::plain`]); neither knows which
//! variant or tiling it shows.
//!
//! A board of a state of play also shows the dynamic parts: the player (`[ ]`) and the aimed
//! landing (`< >`) on a jumping maze; bridges as the state has them, every block or both cubes
//! of a split block, and the selected mover on a rolling-block maze.

use std::ops::Range;

use maze_graph::StateId;
use maze_variants::{Coord, Tiling};

/// A board as text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextBoard {
    /// Board rows.
    pub rows: usize,
    /// Board columns.
    pub cols: usize,
    /// What each cell shows, row-major (`rows * cols` entries).
    pub cells: Vec<TextCell>,
    /// Whether some cells stand at odd half-columns (hex rows): cells then take an even number
    /// of columns, so that half a cell is a whole number of them.
    pub halves: bool,
    /// Cells edge to edge with no column numbers (a rolling-block board's two-character
    /// tiles); walls between the cells of a row are then not drawn.
    pub compact: bool,
    /// Walls, each between two board cells, as the file lists them (on a torus a wall may
    /// stand across the seam).
    pub walls: Vec<(Coord, Coord)>,
    /// Legend entries for what the board shows, in the order they are listed.
    pub legend: Vec<Entry>,
    /// One line about where the only block stands, when there is one block.
    pub place: Option<String>,
    /// Where each mover is (`cube 1 on (7,10)`), when there are several to pick from.
    pub places: Vec<String>,
    /// What a depth grid of this board gives per cell.
    pub depth_meaning: &'static str,
}

/// One legend entry: spans of text, each in its tone (a colour name in its own colour).
pub type Entry = Vec<(String, Tone)>;

/// A legend entry of one plain span.
pub(crate) fn entry(text: impl Into<String>) -> Entry {
    vec![(text.into(), Tone::Plain)]
}

/// What one cell shows as text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextCell {
    /// Its place: text row and half-cell column ([`position`]).
    pub at: (usize, usize),
    /// Its text, at most a few characters; empty where nothing is (void).
    pub text: String,
    /// How it stands out.
    pub tone: Tone,
    /// The player or the aimed landing, drawn in brackets.
    pub highlight: Option<Highlight>,
    /// On triangles, whether the cell points up (`▲`) or down (`▼`); `None` elsewhere and on
    /// void cells.
    pub up: Option<bool>,
    /// Whether the cell is part of the board (not void, not a rolling block's no-floor): a
    /// depth grid shows `--` there when nothing reaches it, and nothing off the board.
    pub on_board: bool,
}

/// How a cell or a span stands out; a front end turns each into a style of its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    /// No emphasis.
    Plain,
    /// In the background: no-floor, plain floor, cells that cannot be landed on.
    Dim,
    /// Emphasised: a bridge that is on, the aimed landing.
    Strong,
    /// A goal.
    Goal,
    /// A warning: fragile floor.
    Warn,
    /// A switch.
    Switch,
    /// The board's `i`-th colour name in name order (`colour_names`).
    Colour(usize),
    /// The player, or the mover that rolls.
    Chosen,
    /// A mover that does not roll now.
    Other,
}

/// What brackets a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Highlight {
    /// The player stands here: `[ ]`.
    You,
    /// The aimed move lands here: `< >`.
    Aimed,
}

/// A state of play to show on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Now {
    /// The player's state.
    pub state: StateId,
    /// The state before the last move, when it decides what is shown: at a rolling-block
    /// goal, which is one state whatever the bridges, the bridges the player had before.
    pub before: Option<StateId>,
    /// The state the aimed move lands on, while a move that may stop on several cells waits.
    pub aimed: Option<StateId>,
    /// The selected mover, from 0.
    pub selected: usize,
}

/// Where cell `(r, c)` of a `tiling` board stands as text: its row, and its column in half
/// cells. Odd hex rows sit half a cell to the right, as on the plane; triangles alternate up
/// and down in place, so they keep whole-cell columns.
pub fn position(tiling: Tiling, (r, c): Coord) -> (usize, usize) {
    let shift = usize::from(tiling == Tiling::Hex && r % 2 == 1);
    (r, 2 * c + shift)
}

/// The colour names of `names` in name order, each once: a colour's [`Tone::Colour`] index.
pub(crate) fn colour_names(names: impl Iterator<Item = String>) -> Vec<String> {
    let mut names: Vec<String> = names.collect();
    names.sort();
    names.dedup();
    names
}

/// One laid-out character: what it is, its tone, and whether it is underlined (a wall under
/// it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Glyph {
    /// The character.
    pub ch: char,
    /// Its tone.
    pub tone: Tone,
    /// Whether a wall runs under it.
    pub under: bool,
}

/// A text board placed in columns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Laid {
    /// The column numbers, if the board shows them.
    pub header: Option<String>,
    /// Each board row: its number, then its cells.
    pub rows: Vec<Vec<Glyph>>,
    /// Whether some wall stands between rows (an underline somewhere).
    pub across: bool,
}

impl Laid {
    /// The board as plain lines: the column numbers, then each row, with a line of `-` under
    /// each row where a wall stands under part of it (once any wall stands between rows,
    /// between every two rows, so that rows keep an even spacing; under the last row only for
    /// a wall across the torus's seam).
    pub fn plain(&self) -> Vec<String> {
        let mut out: Vec<String> = self.header.iter().cloned().collect();
        for (r, row) in self.rows.iter().enumerate() {
            out.push(
                row.iter()
                    .map(|g| g.ch)
                    .collect::<String>()
                    .trim_end()
                    .into(),
            );
            let under: String = row
                .iter()
                .map(|g| if g.under { '-' } else { ' ' })
                .collect::<String>()
                .trim_end()
                .into();
            let last = r + 1 == self.rows.len();
            if self.across && (!last || !under.is_empty()) {
                out.push(under);
            }
        }
        out
    }
}

/// Whether a cell of a board lays out as the player (`[ ]`) or aimed (`< >`): its brackets.
fn brackets(highlight: Option<Highlight>) -> (char, char) {
    match highlight {
        Some(Highlight::You) => ('[', ']'),
        Some(Highlight::Aimed) => ('<', '>'),
        None => (' ', ' '),
    }
}

/// Places `board` in columns: a row number, then each cell at its half-cell column, every
/// cell as wide as the widest text (and the column numbers), in brackets when highlighted,
/// with a triangle's `▲`/`▼` before its text. Walls go where they stand: `│` in the gap
/// between two cells of a row (across the torus's seam, at both ends), and an underline under
/// the part of the upper cell that borders the lower one.
pub fn lay_out(board: &TextBoard) -> Laid {
    let digits = |n: usize| n.saturating_sub(1).to_string().len();
    let widest = board
        .cells
        .iter()
        .map(|c| c.text.chars().count())
        .max()
        .unwrap_or(1);
    let marks = board.cells.iter().any(|c| c.up.is_some());
    let (inner, spacer, width) = if board.compact {
        (widest, "", widest)
    } else {
        // The triangle's mark takes one more column.
        let inner = widest.max(digits(board.cols)) + usize::from(marks);
        let spacer = if board.halves && inner % 2 == 1 {
            " "
        } else {
            ""
        };
        (inner, spacer, inner + 2 + spacer.len())
    };
    let label = digits(board.rows);
    let header = (!board.compact).then(|| {
        let mut header = " ".repeat(label + 1);
        for c in 0..board.cols {
            header.push_str(&format!(" {c:>inner$} {spacer}"));
        }
        header.trim_end().to_string()
    });
    let glyph = |ch, tone| Glyph {
        ch,
        tone,
        under: false,
    };
    let mut rows: Vec<Vec<Glyph>> = Vec::new();
    // Where each cell starts in its row, in columns.
    let mut starts = vec![0; board.cells.len()];
    for r in 0..board.rows {
        let mut row: Vec<Glyph> = format!("{r:>label$} ")
            .chars()
            .map(|ch| glyph(ch, Tone::Dim))
            .collect();
        let margin = row.len();
        for c in 0..board.cols {
            let i = r * board.cols + c;
            let cell = &board.cells[i];
            let start = margin + cell.at.1 * width / 2;
            while row.len() < start {
                row.push(glyph(' ', Tone::Plain));
            }
            starts[i] = row.len();
            let text = match cell.up {
                Some(true) => format!("▲{}", cell.text),
                Some(false) => format!("▼{}", cell.text),
                None => cell.text.clone(),
            };
            let tone = match cell.highlight {
                Some(Highlight::You) => Tone::Chosen,
                Some(Highlight::Aimed) => Tone::Strong,
                None => cell.tone,
            };
            let text = if board.compact {
                format!("{text:<inner$}")
            } else {
                let (open, close) = brackets(cell.highlight);
                format!("{open}{text:>inner$}{close}{spacer}")
            };
            row.extend(text.chars().map(|ch| glyph(ch, tone)));
        }
        rows.push(row);
    }
    let across = walls(board, &mut rows, &starts, inner, width);
    Laid {
        header,
        rows,
        across,
    }
}

/// Draws `board`'s walls into its laid-out rows; returns whether one stands between rows.
fn walls(
    board: &TextBoard,
    rows: &mut [Vec<Glyph>],
    starts: &[usize],
    inner: usize,
    width: usize,
) -> bool {
    let (n_rows, n_cols) = (board.rows, board.cols);
    let start = |(r, c): Coord| starts[r * n_cols + c];
    let mut across = false;
    for &(a, b) in &board.walls {
        if a.0 >= n_rows || b.0 >= n_rows || a.1 >= n_cols || b.1 >= n_cols {
            continue;
        }
        if a.0 == b.0 {
            if board.compact {
                continue;
            }
            let r = a.0;
            let (left, right) = if (a.1 + 1) % n_cols == b.1 {
                (a.1, b.1)
            } else {
                (b.1, a.1)
            };
            // The gap after `left` (its closing column) and before `right` (its opening
            // one); across the torus's seam these are the row's two ends.
            let gaps = [start((r, left)) + inner + 1, start((r, right))];
            let seam = right < left;
            for (i, &col) in gaps.iter().enumerate() {
                if let Some(slot) = rows[r].get_mut(col)
                    && slot.ch == ' '
                {
                    *slot = Glyph {
                        ch: '│',
                        tone: Tone::Plain,
                        under: slot.under,
                    };
                    // Between neighbours one mark is enough; across the seam, both ends.
                    if !seam || i == 1 {
                        break;
                    }
                }
            }
        } else {
            across = true;
            // The upper cell is the one whose next row (across the seam on a torus) is the
            // other's; on a two-row torus both are, and the top row is taken.
            let upper = if (a.0 + 1) % n_rows == b.0 && b.0 + 1 != a.0 {
                a
            } else {
                b
            };
            let lower = if upper == a { b } else { a };
            let span = |p: Coord| -> Range<usize> { start(p)..start(p) + width };
            let (up, low) = (span(upper), span(lower));
            let mut cols = up.start.max(low.start)..up.end.min(low.end);
            if cols.is_empty() {
                cols = up;
            }
            for col in cols {
                if let Some(slot) = rows[upper.0].get_mut(col) {
                    slot.under = true;
                }
            }
        }
    }
    across
}

/// The walls as text, `(0,2)|(1,2) (1,1)|(1,2)`.
pub fn wall_list(walls: &[(Coord, Coord)]) -> String {
    let walls: Vec<String> = walls
        .iter()
        .map(|&((a, b), (c, d))| format!("({a},{b})|({c},{d})"))
        .collect();
    walls.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(at: (usize, usize), text: &str) -> TextCell {
        TextCell {
            at,
            text: text.into(),
            tone: Tone::Plain,
            highlight: None,
            up: None,
            on_board: true,
        }
    }

    fn grid(tiling: Tiling, rows: usize, cols: usize, walls: Vec<(Coord, Coord)>) -> TextBoard {
        TextBoard {
            rows,
            cols,
            cells: (0..rows * cols)
                .map(|i| cell(position(tiling, (i / cols, i % cols)), "1"))
                .collect(),
            halves: tiling == Tiling::Hex,
            compact: false,
            walls,
            legend: Vec::new(),
            place: None,
            places: Vec::new(),
            depth_meaning: "",
        }
    }

    #[test]
    fn hex_rows_shift_by_half_a_cell() {
        let laid = lay_out(&grid(Tiling::Hex, 2, 2, Vec::new()));
        assert_eq!(
            laid.plain(),
            ["   0   1", "0  1   1", "1    1   1"],
            "a one-character cell gets a spacer column so that half a cell is two columns"
        );
    }

    #[test]
    fn walls_stand_between_the_cells_they_part() {
        let laid = lay_out(&grid(
            Tiling::Square,
            2,
            3,
            vec![((0, 0), (0, 1)), ((0, 2), (1, 2)), ((1, 2), (1, 0))],
        ));
        assert!(laid.across);
        assert_eq!(
            laid.plain(),
            [
                "   0  1  2",
                "0  1│ 1  1",
                "        ---",
                // Across the seam: both ends of the row.
                "1 │1  1  1│",
            ]
        );
    }

    #[test]
    fn highlights_are_bracketed_and_triangles_marked() {
        let mut board = grid(Tiling::Triangle, 1, 2, Vec::new());
        board.cells[0].highlight = Some(Highlight::You);
        board.cells[0].up = Some(true);
        board.cells[1].highlight = Some(Highlight::Aimed);
        board.cells[1].up = Some(false);
        let laid = lay_out(&board);
        assert_eq!(laid.plain(), ["    0   1", "0 [▲1]<▼1>"]);
        assert_eq!(laid.rows[0][2].tone, Tone::Chosen);
        assert_eq!(laid.rows[0][6].tone, Tone::Strong);
    }
}
