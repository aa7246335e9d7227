//! The symmetries of a maze: the rotations and reflections of its board that keep its rules,
//! and the maze's canonical text under them, by which two mazes are the same puzzle.
//!
//! A rook or queen jumping maze on the square tiling, with numbers as its only cell
//! attribute and no registers or kinds of move of its own, and every rolling-block maze,
//! has the eight symmetries of the square: turned a quarter or reflected it is the same
//! puzzle on a board of the same or transposed size. Hex and triangle boards, and rules
//! that name directions (arrows, direction registers, lists of directions), are compared as
//! they are: their symmetries depend on the offset layout or the rules, and an identity is
//! never wrong, only less strict.

use crate::board::{Board, Gate, NUMBER_SCHEMA};
use crate::jumping::JumpingMaze;
use crate::maze::{Maze, write};
use crate::rolling::{Action, Bridge, Footprint, OtherBlock, RollingBlockMaze, Switch};
use crate::rules::{Cond, Effect, Op, Value};
use crate::tiling::{Coord, Tiling};

/// One of the eight symmetries of the square, acting on a `rows x cols` board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Turn {
    /// Swap rows and columns first.
    transpose: bool,
    /// Then mirror rows (top to bottom).
    flip_rows: bool,
    /// And mirror columns (left to right).
    flip_cols: bool,
}

impl Turn {
    fn all() -> impl Iterator<Item = Turn> {
        (0..8).map(|i| Turn {
            transpose: i & 4 != 0,
            flip_rows: i & 2 != 0,
            flip_cols: i & 1 != 0,
        })
    }

    /// The board's size after the turn.
    fn size(self, (rows, cols): (usize, usize)) -> (usize, usize) {
        if self.transpose {
            (cols, rows)
        } else {
            (rows, cols)
        }
    }

    /// Where cell `(r, c)` of a `size` board goes.
    fn cell(self, size: (usize, usize), (r, c): Coord) -> Coord {
        let (r, c) = if self.transpose { (c, r) } else { (r, c) };
        let (rows, cols) = self.size(size);
        (
            if self.flip_rows { rows - 1 - r } else { r },
            if self.flip_cols { cols - 1 - c } else { c },
        )
    }

    fn footprint(self, size: (usize, usize), f: Footprint) -> Footprint {
        let a = self.cell(size, (f.row, f.col));
        let b = self.cell(size, (f.row + f.rows - 1, f.col + f.cols - 1));
        Footprint {
            row: a.0.min(b.0),
            col: a.1.min(b.1),
            rows: a.0.abs_diff(b.0) + 1,
            cols: a.1.abs_diff(b.1) + 1,
        }
    }

    fn jumping(self, m: &JumpingMaze) -> JumpingMaze {
        let size = (m.board.rows, m.board.cols);
        let (rows, cols) = self.size(size);
        let mut cells = m.board.cells.clone();
        for r in 0..m.board.rows {
            for c in 0..m.board.cols {
                let (r2, c2) = self.cell(size, (r, c));
                cells[r2 * cols + c2] = m.board.get((r, c));
            }
        }
        let mut walls: Vec<(Coord, Coord)> = m
            .walls
            .iter()
            .map(|&(a, b)| {
                let (a, b) = (self.cell(size, a), self.cell(size, b));
                (a.min(b), a.max(b))
            })
            .collect();
        walls.sort_unstable();
        let mut gates: Vec<Gate> = m
            .gates
            .iter()
            .map(|g| Gate {
                from: self.cell(size, g.from),
                to: self.cell(size, g.to),
                passage: g.passage.clone(),
            })
            .collect();
        gates.sort_unstable();
        JumpingMaze {
            rules: m.rules.clone(),
            board: Board { rows, cols, cells },
            start: self.cell(size, m.start),
            walls,
            gates,
        }
    }

    fn rolling(self, m: &RollingBlockMaze) -> RollingBlockMaze {
        let size = (m.board.rows, m.board.cols);
        let (rows, cols) = self.size(size);
        let mut board = m.board.clone();
        board.rows = rows;
        board.cols = cols;
        for r in 0..m.board.rows {
            for c in 0..m.board.cols {
                let (r2, c2) = self.cell(size, (r, c));
                board.tiles[r2 * cols + c2] = m.board.get((r, c));
            }
        }
        let cell = |x: Coord| self.cell(size, x);
        let mut rules = m.rules.clone();
        rules.switches = m
            .rules
            .switches
            .iter()
            .map(|s| Switch {
                at: cell(s.at),
                acts: s
                    .acts
                    .iter()
                    .map(|a| match *a {
                        Action::On(t) => Action::On(cell(t)),
                        Action::Off(t) => Action::Off(cell(t)),
                        Action::Toggle(t) => Action::Toggle(cell(t)),
                    })
                    .collect(),
                split: s.split.map(|(a, b)| {
                    let (a, b) = (cell(a), cell(b));
                    (a.min(b), a.max(b))
                }),
            })
            .collect();
        rules.switches.sort_by_key(|s| s.at);
        // A lone bridge tile's register is named by its cell, `(r,c)`: it moves with the tile.
        let name = |n: &str| -> String {
            let cell_of = |n: &str| -> Option<Coord> {
                let (r, c) = n.strip_prefix('(')?.strip_suffix(')')?.split_once(',')?;
                Some((r.parse().ok()?, c.parse().ok()?))
            };
            match cell_of(n) {
                Some(t) if t.0 < size.0 && t.1 < size.1 => {
                    let (r, c) = cell(t);
                    format!("({r},{c})")
                }
                _ => n.to_string(),
            }
        };
        fn cond(c: &Cond, cell: &dyn Fn(Coord) -> Coord, name: &dyn Fn(&str) -> String) -> Cond {
            match c {
                Cond::At(r, col) => {
                    let (r, col) = cell((*r, *col));
                    Cond::At(r, col)
                }
                Cond::Is(n, v) => Cond::Is(name(n), v.clone()),
                Cond::Eq(n, v) => Cond::Eq(name(n), *v),
                Cond::Lt(n, v) => Cond::Lt(name(n), *v),
                Cond::Gt(n, v) => Cond::Gt(name(n), *v),
                Cond::Not(c) => Cond::Not(Box::new(cond(c, cell, name))),
                Cond::Any(cs) => Cond::Any(cs.iter().map(|c| cond(c, cell, name)).collect()),
                Cond::All(cs) => Cond::All(cs.iter().map(|c| cond(c, cell, name)).collect()),
                other => other.clone(),
            }
        }
        let value = |v: &Value| match v {
            Value::Register(n) => Value::Register(name(n)),
            other => other.clone(),
        };
        rules.bridges = m
            .rules
            .bridges
            .iter()
            .map(|b| {
                let mut cells: Vec<Coord> = b.cells.iter().map(|&t| cell(t)).collect();
                cells.sort_unstable();
                Bridge {
                    cells,
                    register: b.register.clone(),
                }
            })
            .collect();
        rules.effects = m
            .rules
            .effects
            .iter()
            .map(|e| Effect {
                on: e.on,
                when: e.when.iter().map(|c| cond(c, &cell, &name)).collect(),
                ops: e
                    .ops
                    .iter()
                    .map(|o| match o {
                        Op::Set(n, v) => Op::Set(name(n), value(v)),
                        Op::Add(n, v) => Op::Add(name(n), value(v)),
                        Op::Next(n) => Op::Next(name(n)),
                        Op::Sub(n, v) => Op::Sub(name(n), value(v)),
                        Op::Mul(n, v) => Op::Mul(name(n), value(v)),
                        Op::Mod(n, v) => Op::Mod(name(n), value(v)),
                        Op::Min(n, v) => Op::Min(name(n), value(v)),
                        Op::Max(n, v) => Op::Max(name(n), value(v)),
                        Op::Neg(n) => Op::Neg(name(n)),
                        Op::Clear(n) => Op::Clear(name(n)),
                        Op::Split(a, b) => {
                            let (a, b) = (cell(*a), cell(*b));
                            Op::Split(a.min(b), a.max(b))
                        }
                    })
                    .collect(),
            })
            .collect();
        rules.others = m
            .rules
            .others
            .iter()
            .map(|b| OtherBlock {
                block: b.block,
                start: self.footprint(size, b.start),
                goal: b.goal.map(|g| self.footprint(size, g)),
            })
            .collect();
        RollingBlockMaze {
            rules,
            board,
            start: self.footprint(size, m.start),
            goal: self.footprint(size, m.goal),
        }
    }
}

/// Whether the maze is the same puzzle under every symmetry of the square.
fn square_symmetric(maze: &Maze) -> bool {
    match maze {
        Maze::Jumping(m) => {
            let r = &m.rules;
            r.tiling == Tiling::Square
                && r.cells == NUMBER_SCHEMA
                && r.registers.is_empty()
                && r.jumps.is_empty()
                && r.effects.is_empty()
        }
        Maze::RollingBlock(_) => true,
    }
}

/// The maze under each of its symmetries (itself first).
pub fn images(maze: &Maze) -> Vec<Maze> {
    if !square_symmetric(maze) {
        return vec![maze.clone()];
    }
    Turn::all()
        .map(|t| match maze {
            Maze::Jumping(m) => Maze::Jumping(t.jumping(m)),
            Maze::RollingBlock(m) => Maze::RollingBlock(t.rolling(m)),
        })
        .collect()
}

/// The maze's canonical text: the least maze file text among its images under its
/// symmetries. Two mazes are the same puzzle exactly when their canonical texts are equal.
pub fn canonical(maze: &Maze) -> String {
    images(maze)
        .iter()
        .map(|m| write(m, &[]))
        .min()
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Cell;
    use crate::rolling::{ParsedBoard, RollingBlockRules};
    use crate::rules::JumpRules;

    /// A valid jumping maze with number cells on `tiling`.
    fn jumping(tiling: Tiling, rows: &[&str], start: Coord) -> Maze {
        let rules = JumpRules {
            tiling,
            cells: NUMBER_SCHEMA.to_vec(),
            ..JumpRules::default()
        };
        let cells: Vec<_> = rows
            .iter()
            .flat_map(|r| r.split_whitespace())
            .map(|t| {
                Cell::parse(t, &rules.cells, rules.directions()).unwrap_or_else(|e| panic!("{e}"))
            })
            .collect();
        let m = JumpingMaze {
            board: Board {
                rows: rows.len(),
                cols: cells.len() / rows.len(),
                cells,
            },
            rules,
            start,
            walls: Vec::new(),
            gates: Vec::new(),
        };
        m.validate().unwrap_or_else(|p| panic!("{}", p.message));
        Maze::Jumping(m)
    }

    /// A valid rolling-block maze of the default block with `switches`.
    fn rolling(switches: Vec<Switch>, rows: &[&str]) -> Maze {
        let parsed = ParsedBoard::parse(rows).unwrap_or_else(|p| panic!("{}", p.message));
        let m = RollingBlockMaze {
            rules: RollingBlockRules {
                switches,
                ..RollingBlockRules::default()
            },
            board: parsed.board,
            start: parsed.start,
            goal: parsed.goal,
        };
        m.validate().unwrap_or_else(|p| panic!("{}", p.message));
        Maze::RollingBlock(m)
    }

    fn toggle(at: Coord, bridge: Coord) -> Switch {
        Switch {
            at,
            acts: vec![Action::Toggle(bridge)],
            split: None,
        }
    }

    #[test]
    fn the_eight_turns_are_distinct_and_invertible() {
        let size = (2, 3);
        let turns: Vec<Turn> = Turn::all().collect();
        let images: Vec<Vec<Coord>> = turns
            .iter()
            .map(|t| {
                (0..2)
                    .flat_map(|r| (0..3).map(move |c| (r, c)))
                    .map(|x| t.cell(size, x))
                    .collect()
            })
            .collect();
        for (i, a) in images.iter().enumerate() {
            for b in &images[i + 1..] {
                assert_ne!(a, b);
            }
            let mut sorted = a.clone();
            sorted.sort_unstable();
            sorted.dedup();
            assert_eq!(sorted.len(), 6, "a bijection");
        }
    }

    #[test]
    fn a_rotated_rook_maze_is_the_same_puzzle() {
        let a = jumping(Tiling::Square, &["1 2 G", "2 1 3"], (0, 0));
        // Turned a quarter clockwise: the 2 x 3 board becomes 3 x 2.
        let b = jumping(Tiling::Square, &["2 1", "1 2", "3 G"], (0, 1));
        assert_eq!(canonical(&a), canonical(&b));
        let c = jumping(Tiling::Square, &["1 3 G", "2 1 2"], (0, 0));
        assert_ne!(canonical(&a), canonical(&c));
    }

    #[test]
    fn hex_mazes_are_compared_as_they_are() {
        let a = jumping(Tiling::Hex, &["1 2 G", "2 1 3"], (0, 0));
        assert_eq!(images(&a).len(), 1);
    }

    #[test]
    fn a_mirrored_rolling_maze_with_switches_is_the_same_puzzle() {
        let a = rolling(vec![toggle((0, 2), (1, 3))], &["S.o..", "...-G"]);
        let b = rolling(vec![toggle((0, 2), (1, 1))], &["..o.S", "G-..."]);
        assert_eq!(canonical(&a), canonical(&b));
        for image in images(&a) {
            let Maze::RollingBlock(m) = &image else {
                panic!("a rolling maze turns into a rolling maze")
            };
            m.validate().unwrap_or_else(|p| panic!("{}", p.message));
        }
    }
}
