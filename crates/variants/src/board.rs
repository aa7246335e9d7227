//! Jumping-maze boards: cells, their tokens, and the grid that holds them.

use std::fmt;

/// The largest jump number a board may hold (RULES.md tokens `1`..`99`).
pub const MAX_JUMP: u8 = 99;

/// One cell of a jumping-maze board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    /// An ordinary cell with jump number 1..=99.
    Jump(u8),
    /// The goal cell `G`: jump number 0, no moves out.
    Goal,
    /// A dead end `0`: jump number 0 but not the goal.
    DeadEnd,
    /// A blocked cell `#`: nothing lands on it or passes over it.
    Blocked,
    /// A hole `o`: jumps pass over it but never land on it.
    Hole,
    /// A void cell `.`: not part of the board, like the board's edge.
    Void,
}

impl Cell {
    /// Parses one board token.
    pub fn parse(token: &str) -> Result<Cell, String> {
        Ok(match token {
            "G" => Cell::Goal,
            "0" => Cell::DeadEnd,
            "#" => Cell::Blocked,
            "o" => Cell::Hole,
            "." => Cell::Void,
            _ if token.bytes().all(|b| b.is_ascii_digit()) => match token.parse::<u8>() {
                Ok(k) if (1..=MAX_JUMP).contains(&k) && !token.starts_with('0') => Cell::Jump(k),
                _ => {
                    return Err(format!(
                        "jump number `{token}` is out of range: jump numbers are 1 to {MAX_JUMP}, written without leading zeros"
                    ));
                }
            },
            _ => {
                return Err(format!(
                    "unknown cell token `{token}`: expected a jump number 1-{MAX_JUMP}, `G` (goal), `0` (dead end), `#` (blocked), `o` (hole) or `.` (void)"
                ));
            }
        })
    }

    /// The cell's jump number as RULES.md defines it (0 for the goal and dead ends).
    pub fn jump(self) -> Option<u32> {
        match self {
            Cell::Jump(k) => Some(u32::from(k)),
            Cell::Goal | Cell::DeadEnd => Some(0),
            _ => None,
        }
    }

    /// Whether a jump may land here (ordinary cells, dead ends and the goal).
    pub fn is_landable(self) -> bool {
        matches!(self, Cell::Jump(_) | Cell::Goal | Cell::DeadEnd)
    }

    /// Whether a jump may pass over this cell (everything but blocked and void cells).
    pub fn is_flyable(self) -> bool {
        !matches!(self, Cell::Blocked | Cell::Void)
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Cell::Jump(k) => write!(f, "{k}"),
            Cell::Goal => f.write_str("G"),
            Cell::DeadEnd => f.write_str("0"),
            Cell::Blocked => f.write_str("#"),
            Cell::Hole => f.write_str("o"),
            Cell::Void => f.write_str("."),
        }
    }
}

/// A `rows x cols` grid of cells, row-major.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// Number of rows.
    pub rows: usize,
    /// Number of columns.
    pub cols: usize,
    /// The cells, row-major: `(r, c)` is at `r * cols + c`.
    pub cells: Vec<Cell>,
}

impl Board {
    /// The cell at `(r, c)`.
    pub fn get(&self, (r, c): (usize, usize)) -> Cell {
        self.cells[r * self.cols + c]
    }

    /// Whether `(r, c)` is inside the box.
    pub fn contains(&self, (r, c): (i64, i64)) -> bool {
        r >= 0 && c >= 0 && (r as usize) < self.rows && (c as usize) < self.cols
    }

    /// The board's rows as token strings, `"3 4 1 3 1"`, right-aligned when numbers have
    /// different widths so columns line up.
    pub fn row_strings(&self) -> Vec<String> {
        let width = self
            .cells
            .iter()
            .map(|c| c.to_string().len())
            .max()
            .unwrap_or(1);
        (0..self.rows)
            .map(|r| {
                let tokens: Vec<String> = self.cells[r * self.cols..(r + 1) * self.cols]
                    .iter()
                    .map(|c| format!("{:>width$}", c.to_string()))
                    .collect();
                tokens.join(" ")
            })
            .collect()
    }

    /// The single goal cell, if the board has exactly one.
    pub fn goal(&self) -> Option<(usize, usize)> {
        let mut goals = self
            .cells
            .iter()
            .enumerate()
            .filter(|(_, c)| **c == Cell::Goal);
        let (i, _) = goals.next()?;
        goals
            .next()
            .is_none()
            .then_some((i / self.cols, i % self.cols))
    }
}
