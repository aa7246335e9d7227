//! A jumping maze as a file holds it ([`JumpingMaze`]) and its validation: every rule of the
//! file format that involves more than one token.

use super::*;
use crate::board::Gate;
use crate::limit::{StateLimit, too_many, too_many_moves};

/// A jumping maze: rules, board, start and walls. This is what mutation edits and what a
/// maze file holds.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct JumpingMaze {
    /// The rules.
    pub rules: JumpRules,
    /// The board.
    pub board: Board,
    /// The start cell (an ordinary cell).
    pub start: Coord,
    /// Walls, each between two edge-adjacent cells.
    pub walls: Vec<(Coord, Coord)>,
    /// Walls that let some moves through: one-way walls and doors.
    pub gates: Vec<Gate>,
}

impl JumpingMaze {
    /// Checks every rule of the file format that involves more than one token: tiling and
    /// move-set combinations, torus parity, goal count, the start, and the walls.
    pub fn validate(&self) -> Result<(), Problem> {
        self.validate_compiled().map(|_| ())
    }

    /// [`JumpingMaze::validate`], returning the compiled rules.
    pub(crate) fn validate_compiled(&self) -> Result<RuleSet, Problem> {
        let rules = &self.rules;
        let board = &self.board;
        let set = rules.compile().map_err(Problem::from)?;
        if board.rows == 0 || board.cols == 0 {
            return Err(Problem::new(Where::Board, "the board is empty")
                .help("write one string per row, e.g. board: [\"2 1\", \"1 G\"]"));
        }
        if rules.torus {
            let odd_rows = board.rows % 2 == 1;
            let odd_cols = board.cols % 2 == 1;
            match rules.tiling {
                Tiling::Hex if odd_rows => {
                    return Err(Problem::new(
                        Where::Rules,
                        format!(
                            "a hex torus needs an even number of rows, this board has {}",
                            board.rows
                        ),
                    )
                    .help(
                        "with odd-r rows, wrapping an odd number of rows breaks the step symmetry",
                    ));
                }
                Tiling::Triangle if odd_rows || odd_cols => {
                    return Err(Problem::new(
                        Where::Rules,
                        format!(
                            "a triangle torus needs even rows and even columns, this board is {} x {}",
                            board.rows, board.cols
                        ),
                    )
                    .help("otherwise up and down triangles would meet across the wrap"));
                }
                _ => {}
            }
        }
        let goals: Vec<usize> = (0..board.cells.len())
            .filter(|&i| board.cells[i].is_goal())
            .collect();
        match (rules.goal, goals.as_slice()) {
            (GoalKind::Cell, []) => {
                return Err(Problem::new(Where::Board, "the board has no goal cell `G`")
                    .help("mark exactly one cell `G`, or set `goal: Exit` in the rules"));
            }
            (GoalKind::Cell, [_, second, ..]) => {
                return Err(Problem::new(
                    Where::Token(second / board.cols, second % board.cols),
                    "a second goal cell `G`: a board has exactly one",
                ));
            }
            (GoalKind::Cells, []) => {
                return Err(Problem::new(Where::Board, "the board has no goal cell `G`")
                    .help("with `goal: Cells` mark one or more cells `G`"));
            }
            (GoalKind::Exit, [first, ..]) => {
                return Err(Problem::new(
                    Where::Token(first / board.cols, first % board.cols),
                    "a board with an exit goal has no `G` cell",
                )
                .help("with `goal: Exit` the goal is leaving the board; remove the `G` or the exit goal"));
            }
            _ => {}
        }
        let (sr, sc) = self.start;
        if sr >= board.rows || sc >= board.cols {
            return Err(Problem::new(
                Where::Start,
                format!(
                    "the start ({sr}, {sc}) is outside the {} x {} board",
                    board.rows, board.cols
                ),
            )
            .help(format!(
                "rows are 0 to {} and columns 0 to {}",
                board.rows - 1,
                board.cols - 1
            )));
        }
        let start = board.get(self.start);
        let what = match start.kind {
            Kind::Ordinary if start.wildcard && set.regs.iter().any(|r| r.stands_for.is_some()) => {
                Some("a wildcard `*`, which has nothing to inherit at the start")
            }
            Kind::Ordinary => None,
            Kind::Goal => Some("the goal"),
            Kind::DeadEnd => Some("a dead end `0`"),
            Kind::Blocked => Some("a blocked cell `#`"),
            Kind::Hole => Some("a hole `o`"),
            Kind::Empty => Some("an empty cell `_`"),
            Kind::Void => Some("a void cell `.`"),
        };
        if let Some(what) = what {
            return Err(Problem::new(
                Where::Start,
                format!(
                    "the start ({sr}, {sc}) is on {what}; it must be an ordinary cell{}",
                    if rules.is_plain() {
                        " with a jump number"
                    } else {
                        ""
                    }
                ),
            ));
        }
        super::teleport::check_pairs(board)?;
        for (i, &(a, b)) in self.walls.iter().enumerate() {
            for cell in [a, b] {
                if cell.0 >= board.rows || cell.1 >= board.cols {
                    return Err(Problem::new(
                        Where::Wall(i),
                        format!("wall cell ({}, {}) is outside the board", cell.0, cell.1),
                    ));
                }
            }
            if !self.edge_adjacent(a, b) {
                return Err(Problem::new(
                    Where::Wall(i),
                    format!(
                        "cells ({}, {}) and ({}, {}) do not share an edge on the {:?} tiling{}",
                        a.0,
                        a.1,
                        b.0,
                        b.1,
                        rules.tiling,
                        if rules.torus { " torus" } else { "" }
                    ),
                )
                .help("a wall stands between two edge-adjacent cells"));
            }
        }
        self.validate_gates()?;
        // The engine holds every value of the registers a cell keeps: refuse before
        // allocating what no machine could.
        let per_cell = (0..set.regs.len()).fold(1u128, |n, r| {
            n.saturating_mul(set.values(r, &board.cells).len() as u128)
        });
        let cells = board.cells.iter().filter(|c| c.is_landable()).count() as u128;
        let superset = per_cell.saturating_mul(cells);
        if superset > MAX_SUPERSET {
            if set.regs.is_empty() {
                return Err(Problem::new(
                    Where::Rules,
                    format!(
                        "this board has {cells} cells a move can land on, more than the {MAX_SUPERSET} states the engine can number"
                    ),
                ));
            }
            let (at, with, before) = register_past(&set, self, cells, MAX_SUPERSET + 1);
            return Err(Problem::new(
                at,
                format!(
                    "{with}the registers can take {per_cell} combinations of values on each of {cells} cells: up to {superset} states, more than the {MAX_SUPERSET} the engine can number"
                ),
            )
            .help(format!("{before}narrow the counters' ranges, keep registers only where they matter (`keep: Where(...)`), or use fewer registers")));
        }
        Ok(set)
    }

    /// One-way walls and doors: between two edge-adjacent cells, not where another wall
    /// stands, opened by a door the rules declare.
    fn validate_gates(&self) -> Result<(), Problem> {
        let (rows, cols) = (self.board.rows, self.board.cols);
        let pair = |a: Coord, b: Coord| if a <= b { (a, b) } else { (b, a) };
        let walls: HashSet<(Coord, Coord)> = self.walls.iter().map(|&(a, b)| pair(a, b)).collect();
        for (i, g) in self.gates.iter().enumerate() {
            let at = Where::Gate(i);
            for cell in [g.from, g.to] {
                if cell.0 >= rows || cell.1 >= cols {
                    return Err(Problem::new(
                        at,
                        format!("wall cell ({}, {}) is outside the board", cell.0, cell.1),
                    ));
                }
            }
            let cells = format!("({}, {}) and ({}, {})", g.from.0, g.from.1, g.to.0, g.to.1);
            if !self.edge_adjacent(g.from, g.to) {
                return Err(
                    Problem::new(at, format!("cells {cells} do not share an edge"))
                        .help("a wall stands between two edge-adjacent cells"),
                );
            }
            let same = |h: &Gate| pair(h.from, h.to) == pair(g.from, g.to);
            if walls.contains(&pair(g.from, g.to)) || self.gates[..i].iter().any(same) {
                return Err(Problem::new(
                    at,
                    format!("another wall already stands between {cells}"),
                )
                .help("one wall per pair of cells: a plain wall, a one-way wall or a door"));
            }
            if let Some(door) = g.passage.door()
                && !self.rules.doors.iter().any(|d| d.name == door)
            {
                let declared: Vec<&str> =
                    self.rules.doors.iter().map(|d| d.name.as_str()).collect();
                return Err(Problem::new(at, format!("no door is called `{door}`"))
                    .help(if declared.is_empty() {
                        "declare it in the rules: `doors: [(name: \"gate\", open: [Is(\"key\", \"yes\")])]`".to_string()
                    } else {
                        format!("the rules declare {}", declared.join(", "))
                    }));
            }
        }
        Ok(())
    }

    fn edge_adjacent(&self, a: Coord, b: Coord) -> bool {
        let (rows, cols) = (self.board.rows as i64, self.board.cols as i64);
        let a = (a.0 as i64, a.1 as i64);
        let b = (b.0 as i64, b.1 as i64);
        a != b
            && self
                .rules
                .tiling
                .edge_neighbours(a)
                .into_iter()
                .any(|(r, c)| {
                    if self.rules.torus {
                        (r.rem_euclid(rows), c.rem_euclid(cols)) == b
                    } else {
                        (r, c) == b
                    }
                })
    }

    /// Number of obstacle cells and walls (the `blocks` feature): `#` cells plus walls.
    pub fn blocks(&self) -> usize {
        let blocked = self
            .board
            .cells
            .iter()
            .filter(|c| c.kind == Kind::Blocked)
            .count();
        let walls: HashSet<(Coord, Coord)> = self
            .walls
            .iter()
            .map(|&(a, b)| if a <= b { (a, b) } else { (b, a) })
            .collect();
        blocked + walls.len() + self.gates.len()
    }
}

impl JumpingMaze {
    /// Every value of the registers a landable cell keeps, on every landable cell (the
    /// engine's superset, which it allocates), plus one for an exit goal.
    pub fn state_estimate(&self) -> u128 {
        let (per_cell, landable) = self.superset();
        per_cell.saturating_mul(landable).saturating_add(1)
    }

    /// The engine keeps every cell's runs once per set of open doors, each set costing about
    /// what a state does: `2^doors` times the cells are held to the state limit, and refused
    /// at the door with which they pass it.
    fn check_door_sets(&self, limit: StateLimit) -> Result<(), Problem> {
        let doors = &self.rules.doors;
        let cells = (self.board.rows as u128).saturating_mul(self.board.cols as u128);
        let Some(i) = (0..doors.len()).find(|&i| limit.exceeded_by(cells << (i + 1))) else {
            return Ok(());
        };
        let sets = 1u128 << (i + 1);
        Err(Problem::new(
            Where::Rule(crate::problem::RulePart::Door(i)),
            format!(
                "with door `{}` (door {} of {}), the doors open in {sets} sets, and the engine keeps the runs of each of the {cells} cells once per set: {} tables, more than the state limit of {limit}",
                crate::inert(&doors[i].name),
                i + 1,
                doors.len(),
                sets * cells
            ),
        )
        .help("let several walls name the same door, use a smaller board, or raise the limit with --state-limit"))
    }

    /// The register values each landable cell keeps, and the landable cells.
    fn superset(&self) -> (u128, u128) {
        let Ok(set) = self.rules.compile() else {
            return (0, 0);
        };
        let cells = &self.board.cells;
        let per_cell = (0..set.regs.len()).fold(1u128, |n, r| {
            n.saturating_mul(set.values(r, cells).len() as u128)
        });
        let landable = cells.iter().filter(|c| c.is_landable()).count() as u128;
        (per_cell, landable)
    }

    /// The most moves the engine generates from one state, before the landing conditions
    /// refuse any: one per direction of every kind of move, or one per cell of the ray for
    /// `Any` and `UpToNumber` lengths (on a torus an endless ray is followed over as many
    /// steps as the board has cells, as the engine does).
    pub fn moves_per_state(&self) -> u128 {
        let Ok(set) = self.rules.compile() else {
            return 0;
        };
        let (rows, cols) = (self.board.rows as u128, self.board.cols as u128);
        let cells = rows.saturating_mul(cols);
        let ray = if set.torus {
            cells
        } else {
            // A straight ray in a box enters each row or each column at most once; the
            // alternating steps of triangles may take two steps for one.
            let side = rows.max(cols);
            match set.tiling {
                Tiling::Square | Tiling::Hex => side,
                Tiling::Triangle => 2 * side,
            }
            .saturating_add(1)
        };
        let all = set.directions.len() as u128;
        set.kinds
            .iter()
            .map(|k| {
                let dirs = match &k.dirs {
                    crate::rules::D::Set(s) => s.len() as u128,
                    _ => all,
                };
                match k.length {
                    L::Any | L::UpToNumber => dirs.saturating_mul(ray),
                    _ => dirs,
                }
            })
            .fold(0, u128::saturating_add)
    }

    /// [`crate::Maze::check_states`] of a jumping maze.
    pub fn check_states(&self, limit: StateLimit) -> Result<(), Problem> {
        self.check_door_sets(limit)?;
        let estimate = self.state_estimate();
        if !limit.exceeded_by(estimate) {
            let per_state = self.moves_per_state();
            if estimate.saturating_mul(per_state) <= limit.moves() {
                return Ok(());
            }
            return Err(too_many_moves(Where::Rules, estimate, per_state, limit)
                .help("a move of length `Any` or `UpToNumber` may land on every cell of its ray, and registers multiply the states that make it: use a smaller board, fewer directions or a bounded length; or raise the limit with --state-limit"));
        }
        let (per_cell, landable) = self.superset();
        if per_cell > 1
            && let Ok(set) = self.rules.compile()
        {
            let bound = u128::from(limit.get());
            let (at, with, before) = register_past(&set, self, landable, bound);
            return Err(Problem::new(
                at,
                format!(
                    "{with}the registers can take {per_cell} combinations of values on each of {landable} cells: up to {estimate} states, more than the state limit of {limit}"
                ),
            )
            .help(format!("{before}narrow the counters' ranges, keep registers only where they matter (`keep: Where(...)`), or use fewer registers; or raise the limit with --state-limit")));
        }
        Err(too_many(Where::Board, estimate, limit)
            .help("use a smaller board, or raise the limit with --state-limit"))
    }
}

/// Where registers multiply the states past `bound` on `landable` cells: the first register
/// with which the product of the registers' values passes it (the rules as a whole when
/// that is the `no_u_turn` register, which no file writes), the message's opening that
/// names it with its figures, and the help's opening with the product before it.
fn register_past(
    set: &RuleSet,
    maze: &JumpingMaze,
    landable: u128,
    bound: u128,
) -> (Where, String, String) {
    let mut before = 1u128;
    for (r, reg) in set.regs.iter().enumerate() {
        let values = set.values(r, &maze.board.cells).len() as u128;
        let after = before.saturating_mul(values);
        if after.saturating_mul(landable).saturating_add(1) > bound {
            let at = if r < maze.rules.registers.len() {
                Where::Rule(crate::problem::RulePart::Register(r))
            } else {
                Where::Rules
            };
            let with = format!(
                "with register `{}` ({values} values, register {} of {}), ",
                crate::inert(&reg.name),
                r + 1,
                set.regs.len()
            );
            let help = format!(
                "the registers before it take {before} combinations, {} states on {landable} cells; ",
                before.saturating_mul(landable)
            );
            return (at, with, help);
        }
        before = after;
    }
    (Where::Rules, String::new(), String::new())
}
