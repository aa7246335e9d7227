//! Jumping mazes on every tiling: the rules of RULES.md section 1, validated, and compiled into
//! a [`Rules`] implementation whose every jump is checked in constant time.

use std::collections::HashSet;

use maze_graph::{Dir, Directions, Move, Rules, StateId};
use serde::{Deserialize, Serialize};

use crate::board::{Board, Cell};
use crate::tiling::{MoveSet, Tiling};

/// A cell position `(row, col)`, 0-based from the top left.
pub type Coord = (usize, usize);

/// Where the goal is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GoalKind {
    /// The board's single `G` cell.
    #[default]
    Cell,
    /// Off the board (Loyd): leaving the box or landing on void reaches the state `Outside`.
    Exit,
}

/// The rules of a jumping maze: the `Jumping(...)` of a maze file.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct JumpRules {
    /// The tiling.
    pub tiling: Tiling,
    /// Rook or queen moves (square tiling only).
    pub moves: MoveSet,
    /// Toroidal wrap-around on every unit step.
    pub torus: bool,
    /// Abbott's rule: no jump opposite to the previous one.
    pub no_u_turn: bool,
    /// A goal cell or an exit off the board.
    pub goal: GoalKind,
}

impl JumpRules {
    /// The rules written as in a maze file, the tiling always and other fields only where
    /// they differ from the defaults: `Jumping(tiling: Hex, torus: true)`.
    pub fn to_ron(&self) -> String {
        let d = JumpRules::default();
        let mut fields = vec![format!("tiling: {:?}", self.tiling)];
        if self.moves != d.moves || self.tiling == Tiling::Square {
            fields.push(format!("moves: {:?}", self.moves));
        }
        if self.torus {
            fields.push("torus: true".to_string());
        }
        if self.no_u_turn {
            fields.push("no_u_turn: true".to_string());
        }
        if self.goal != d.goal {
            fields.push(format!("goal: {:?}", self.goal));
        }
        format!("Jumping({})", fields.join(", "))
    }
}

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
}

/// The part of a maze file a problem is about, so the file reader can point at it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Where {
    /// The `rules` field.
    Rules,
    /// The `board` field as a whole.
    Board,
    /// One board row.
    Row(usize),
    /// The token at `(row, col)` of the board.
    Token(usize, usize),
    /// The character at `(row, col)` of a board written one character per cell (rolling
    /// blocks).
    Char(usize, usize),
    /// The `start` field.
    Start,
    /// The i-th wall.
    Wall(usize),
    /// A setting of the `generate` section.
    Setting(crate::generate::Setting),
    /// The `provenance` field.
    Provenance,
}

/// Why a maze is invalid, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// What the problem is about.
    pub at: Where,
    /// What is wrong.
    pub message: String,
    /// How to fix it, where that is not obvious.
    pub help: Option<String>,
}

impl Problem {
    pub(crate) fn new(at: Where, message: impl Into<String>) -> Problem {
        Problem {
            at,
            message: message.into(),
            help: None,
        }
    }

    pub(crate) fn help(mut self, help: impl Into<String>) -> Problem {
        self.help = Some(help.into());
        self
    }
}

impl JumpingMaze {
    /// Checks every rule of the file format that involves more than one token: tiling and
    /// move-set combinations, torus parity, goal count, the start, and the walls.
    pub fn validate(&self) -> Result<(), Problem> {
        let rules = &self.rules;
        let board = &self.board;
        if rules.tiling != Tiling::Square && rules.moves == MoveSet::Queen {
            return Err(Problem::new(
                Where::Rules,
                format!("queen moves exist only on the square tiling, not on {:?}", rules.tiling),
            )
            .help("the hex and triangle tilings already move in six directions: remove `moves: Queen`"));
        }
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
            .filter(|&i| board.cells[i] == Cell::Goal)
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
        match board.get(self.start) {
            Cell::Jump(_) => {}
            other => {
                let what = match other {
                    Cell::Goal => "the goal",
                    Cell::DeadEnd => "a dead end `0`",
                    Cell::Blocked => "a blocked cell `#`",
                    Cell::Hole => "a hole `o`",
                    _ => "a void cell `.`",
                };
                return Err(Problem::new(
                    Where::Start,
                    format!(
                        "the start ({sr}, {sc}) is on {what}; it must be an ordinary cell with a jump number"
                    ),
                ));
            }
        }
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
            .filter(|&&c| c == Cell::Blocked)
            .count();
        let walls: HashSet<(Coord, Coord)> = self
            .walls
            .iter()
            .map(|&(a, b)| if a <= b { (a, b) } else { (b, a) })
            .collect();
        blocked + walls.len()
    }
}

/// Sentinel target of an exit jump.
pub const OUTSIDE: u32 = u32::MAX;
const INFINITE: u32 = u32::MAX;
const NO_STATE: u32 = u32::MAX;

/// Why a straight run of flyable cells ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stop {
    /// The next unit step leaves the box.
    Edge,
    /// The next unit step crosses a wall.
    Wall,
    /// The next unit step enters a blocked or void cell.
    Cell,
    /// The run wraps around a torus forever.
    Never,
}

/// A jumping maze compiled for fast move generation: for every cell and direction, how many
/// unit steps stay on flyable cells and why the run ends, so any jump is legal-or-not in
/// constant time whatever its length.
#[derive(Clone, Debug)]
pub struct JumpGraph {
    rules: JumpRules,
    rows: usize,
    cols: usize,
    cells: Vec<Cell>,
    dirs: &'static [Dir],
    start_cell: u32,
    goal_cell: Option<u32>,
    reach: Vec<u32>,
    stop: Vec<Stop>,
    /// Legal moves per cell, fixed stride `dirs.len()`: `(dir, target cell or OUTSIDE)`.
    moves: Vec<(Dir, u32)>,
    n_moves: Vec<u8>,
    states: StateMap,
}

/// How states are numbered.
#[derive(Clone, Debug)]
enum StateMap {
    /// One state per ordinary, dead-end and goal cell, row-major, then `Outside`.
    Cells {
        state_of_cell: Vec<u32>,
        cell_of_state: Vec<u32>,
    },
    /// No-U-turn: `(cell, last direction)` states, row-major, per cell the start state
    /// (no direction) first and then directions in direction order; the merged goal state
    /// where the goal cell is (or last, for an exit goal).
    NoUTurn {
        /// Per cell, bit 0 = the start state, bit d+1 = a state with last direction d.
        mask: Vec<u16>,
        /// Per cell, the id of its first state.
        base: Vec<u32>,
        /// Per state, `(cell, last direction)`; the goal state is `(goal cell or OUTSIDE, NONE)`.
        of_state: Vec<(u32, Dir)>,
        goal: u32,
        start: u32,
    },
}

/// The "no direction" marker of the start state under no-U-turn.
pub const NO_DIR: Dir = Dir::MAX;

impl JumpGraph {
    /// Compiles a valid maze. Call [`JumpingMaze::validate`] first: an invalid maze may panic.
    pub fn new(maze: &JumpingMaze) -> JumpGraph {
        let board = &maze.board;
        let rules = maze.rules;
        let dirs = rules.tiling.move_dirs(rules.moves);
        let mut graph = JumpGraph {
            rules,
            rows: board.rows,
            cols: board.cols,
            cells: board.cells.clone(),
            dirs,
            start_cell: (maze.start.0 * board.cols + maze.start.1) as u32,
            goal_cell: board.goal().map(|(r, c)| (r * board.cols + c) as u32),
            reach: Vec::new(),
            stop: Vec::new(),
            moves: Vec::new(),
            n_moves: Vec::new(),
            states: StateMap::Cells {
                state_of_cell: Vec::new(),
                cell_of_state: Vec::new(),
            },
        };
        graph.compute_runs(&maze.walls);
        graph.moves = vec![(0, 0); graph.cells.len() * dirs.len()];
        graph.n_moves = vec![0; graph.cells.len()];
        for cell in 0..graph.cells.len() {
            graph.update_moves(cell);
        }
        graph.number_states();
        graph
    }

    /// The rules.
    pub fn rules(&self) -> JumpRules {
        self.rules
    }

    /// Board size `(rows, cols)`.
    pub fn size(&self) -> (usize, usize) {
        (self.rows, self.cols)
    }

    /// The cell at index `cell` (row-major).
    pub fn cell(&self, cell: usize) -> Cell {
        self.cells[cell]
    }

    fn coord(&self, cell: usize) -> (i64, i64) {
        ((cell / self.cols) as i64, (cell % self.cols) as i64)
    }

    /// The cell index of `p`, wrapping on a torus; `None` outside a bounded box.
    fn index(&self, (r, c): (i64, i64)) -> Option<usize> {
        let (rows, cols) = (self.rows as i64, self.cols as i64);
        if self.rules.torus {
            Some((r.rem_euclid(rows) * cols + c.rem_euclid(cols)) as usize)
        } else if r >= 0 && c >= 0 && r < rows && c < cols {
            Some((r * cols + c) as usize)
        } else {
            None
        }
    }

    /// For every cell and move direction, the longest run of unit steps that stays in the box,
    /// crosses no wall and enters only flyable cells, and why it ends. Each direction's unit
    /// step is a function from cells to cells, so runs are computed once per cell by
    /// following it, with cycle detection for tori.
    fn compute_runs(&mut self, walls: &[(Coord, Coord)]) {
        let n = self.cells.len();
        let nd = self.dirs.len();
        let wall_set: HashSet<(usize, usize)> = walls
            .iter()
            .flat_map(|&(a, b)| {
                let a = a.0 * self.cols + a.1;
                let b = b.0 * self.cols + b.1;
                [(a, b), (b, a)]
            })
            .collect();
        self.reach = vec![0; n * nd];
        self.stop = vec![Stop::Edge; n * nd];
        // 0 = unvisited, 1 = on the current path, 2 = done.
        let mut mark = vec![0u8; n];
        let mut path: Vec<usize> = Vec::new();
        for (di, &d) in self.dirs.iter().enumerate() {
            mark.fill(0);
            for origin in 0..n {
                if mark[origin] == 2 {
                    continue;
                }
                path.clear();
                let mut x = origin;
                let (mut run, why) = loop {
                    if mark[x] == 2 {
                        break (self.reach[x * nd + di], self.stop[x * nd + di]);
                    }
                    if mark[x] == 1 {
                        // A cycle of flyable, unwalled steps: endless runs.
                        let at = path.iter().position(|&p| p == x).unwrap_or(0);
                        for &p in &path[at..] {
                            self.reach[p * nd + di] = INFINITE;
                            self.stop[p * nd + di] = Stop::Never;
                            mark[p] = 2;
                        }
                        path.truncate(at);
                        break (INFINITE, Stop::Never);
                    }
                    mark[x] = 1;
                    path.push(x);
                    match self.unit_step(x, d, &wall_set) {
                        Err(stop) => {
                            path.pop();
                            self.reach[x * nd + di] = 0;
                            self.stop[x * nd + di] = stop;
                            mark[x] = 2;
                            break (0, stop);
                        }
                        Ok(y) if !self.cells[y].is_flyable() => {
                            path.pop();
                            self.reach[x * nd + di] = 0;
                            self.stop[x * nd + di] = Stop::Cell;
                            mark[x] = 2;
                            break (0, Stop::Cell);
                        }
                        Ok(y) => x = y,
                    }
                };
                while let Some(p) = path.pop() {
                    run = run.saturating_add(1);
                    self.reach[p * nd + di] = run;
                    self.stop[p * nd + di] = why;
                    mark[p] = 2;
                }
            }
        }
    }

    /// One unit step from `cell` in `dir`: the cell entered, or why the step is impossible.
    fn unit_step(
        &self,
        cell: usize,
        dir: Dir,
        walls: &HashSet<(usize, usize)>,
    ) -> Result<usize, Stop> {
        let from = self.coord(cell);
        let to = self
            .index(self.rules.tiling.walk(from, dir, 1))
            .ok_or(Stop::Edge)?;
        if walls.is_empty() {
            return Ok(to);
        }
        let walled = |a: usize, b: usize| walls.contains(&(a, b));
        let blocked = match self.rules.tiling.diagonal_corners(from, dir) {
            // A diagonal step is walled only when both L-routes around the corner are.
            Some(corners) => corners.iter().all(|&corner| match self.index(corner) {
                Some(h) => walled(cell, h) || walled(h, to),
                None => true,
            }),
            None => walled(cell, to),
        };
        if blocked { Err(Stop::Wall) } else { Ok(to) }
    }

    /// Appends the legal jumps of length `k` from `cell` as `(dir, target)`, the target being a
    /// cell index or [`OUTSIDE`].
    pub fn jumps(&self, cell: usize, k: u32, acc: &mut Vec<(Dir, u32)>) {
        let nd = self.dirs.len();
        let exit = self.rules.goal == GoalKind::Exit;
        let from = self.coord(cell);
        for (di, &d) in self.dirs.iter().enumerate() {
            let reach = self.reach[cell * nd + di];
            if k <= reach {
                let Some(t) = self.index(self.rules.tiling.walk(from, d, i64::from(k))) else {
                    continue;
                };
                if t != cell && self.cells[t].is_landable() {
                    acc.push((d, t as u32));
                }
            } else if exit && reach != INFINITE && k == reach + 1 {
                let exits = match self.stop[cell * nd + di] {
                    Stop::Edge => true,
                    Stop::Cell => self
                        .index(self.rules.tiling.walk(from, d, i64::from(k)))
                        .is_some_and(|t| self.cells[t] == Cell::Void),
                    Stop::Wall | Stop::Never => false,
                };
                if exits {
                    acc.push((d, OUTSIDE));
                }
            }
        }
    }

    /// The jump numbers `1..=max_jump` with at least one legal jump from `cell` (RULES.md
    /// section 5's legal jump numbers).
    pub fn legal_jumps(&self, cell: usize, max_jump: u8) -> Vec<u8> {
        let mut acc = Vec::new();
        (1..=max_jump)
            .filter(|&k| {
                acc.clear();
                self.jumps(cell, u32::from(k), &mut acc);
                !acc.is_empty()
            })
            .collect()
    }

    fn update_moves(&mut self, cell: usize) {
        let nd = self.dirs.len();
        let mut acc = Vec::with_capacity(nd);
        if let Cell::Jump(k) = self.cells[cell] {
            self.jumps(cell, u32::from(k), &mut acc);
        }
        self.n_moves[cell] = acc.len() as u8;
        self.moves[cell * nd..cell * nd + acc.len()].copy_from_slice(&acc);
    }

    /// Changes the jump number of an ordinary cell and updates the graph. Under no-U-turn the
    /// state numbering changes too.
    pub fn set_jump(&mut self, cell: usize, k: u8) {
        debug_assert!(matches!(self.cells[cell], Cell::Jump(_)));
        self.cells[cell] = Cell::Jump(k);
        self.update_moves(cell);
        if self.rules.no_u_turn {
            self.number_states();
        }
    }

    /// The legal moves of a cell as `(dir, target cell or OUTSIDE)`.
    pub fn cell_moves(&self, cell: usize) -> &[(Dir, u32)] {
        let nd = self.dirs.len();
        &self.moves[cell * nd..cell * nd + usize::from(self.n_moves[cell])]
    }

    fn number_states(&mut self) {
        let n = self.cells.len();
        if !self.rules.no_u_turn {
            let (mut state_of_cell, mut cell_of_state) = match std::mem::replace(
                &mut self.states,
                StateMap::Cells {
                    state_of_cell: Vec::new(),
                    cell_of_state: Vec::new(),
                },
            ) {
                StateMap::Cells {
                    state_of_cell,
                    cell_of_state,
                } => (state_of_cell, cell_of_state),
                StateMap::NoUTurn { .. } => (Vec::new(), Vec::new()),
            };
            state_of_cell.clear();
            cell_of_state.clear();
            for (i, cell) in self.cells.iter().enumerate() {
                if cell.is_landable() {
                    state_of_cell.push(cell_of_state.len() as u32);
                    cell_of_state.push(i as u32);
                } else {
                    state_of_cell.push(NO_STATE);
                }
            }
            if self.rules.goal == GoalKind::Exit {
                cell_of_state.push(OUTSIDE);
            }
            self.states = StateMap::Cells {
                state_of_cell,
                cell_of_state,
            };
            return;
        }
        let mut mask = vec![0u16; n];
        mask[self.start_cell as usize] |= 1;
        for cell in 0..n {
            for &(d, t) in self.cell_moves(cell) {
                if t != OUTSIDE && Some(t) != self.goal_cell {
                    mask[t as usize] |= 2 << d;
                }
            }
        }
        let mut base = vec![0u32; n];
        let mut of_state = Vec::new();
        let mut goal = NO_STATE;
        for cell in 0..n {
            base[cell] = of_state.len() as u32;
            if Some(cell as u32) == self.goal_cell {
                goal = of_state.len() as u32;
                of_state.push((cell as u32, NO_DIR));
                continue;
            }
            if mask[cell] & 1 != 0 {
                of_state.push((cell as u32, NO_DIR));
            }
            for d in 0..self.rules.tiling.directions().len() as Dir {
                if mask[cell] & (2 << d) != 0 {
                    of_state.push((cell as u32, d));
                }
            }
        }
        if self.rules.goal == GoalKind::Exit {
            goal = of_state.len() as u32;
            of_state.push((OUTSIDE, NO_DIR));
        }
        let start = base[self.start_cell as usize];
        self.states = StateMap::NoUTurn {
            mask,
            base,
            of_state,
            goal,
            start,
        };
    }

    /// The state reached by arriving at `target` (a cell or OUTSIDE) with direction `dir`.
    fn arrive(&self, target: u32, dir: Dir) -> StateId {
        match &self.states {
            StateMap::Cells {
                state_of_cell,
                cell_of_state,
            } => {
                if target == OUTSIDE {
                    (cell_of_state.len() - 1) as StateId
                } else {
                    state_of_cell[target as usize]
                }
            }
            StateMap::NoUTurn {
                mask, base, goal, ..
            } => {
                if target == OUTSIDE || Some(target) == self.goal_cell {
                    *goal
                } else {
                    let m = mask[target as usize];
                    base[target as usize] + (m & ((2u16 << dir) - 1)).count_ones()
                }
            }
        }
    }

    /// The cell of `state` (row, col), or `None` for `Outside`.
    pub fn state_cell(&self, state: StateId) -> Option<Coord> {
        let cell = match &self.states {
            StateMap::Cells { cell_of_state, .. } => cell_of_state[state as usize],
            StateMap::NoUTurn { of_state, .. } => of_state[state as usize].0,
        };
        (cell != OUTSIDE).then(|| (cell as usize / self.cols, cell as usize % self.cols))
    }

    /// The state of `cell` when states are cells (no no-U-turn rule), `None` for cells that are
    /// no state or when states carry a direction. The generator uses it to update only the
    /// mutated cell's state after [`JumpGraph::set_jump`].
    pub fn cell_state(&self, cell: usize) -> Option<StateId> {
        match &self.states {
            StateMap::Cells { state_of_cell, .. } => {
                let s = state_of_cell[cell];
                (s != NO_STATE).then_some(s)
            }
            StateMap::NoUTurn { .. } => None,
        }
    }

    /// The last direction of a no-U-turn state (`None` for the start state, the goal state,
    /// and every state without the rule).
    pub fn state_last_dir(&self, state: StateId) -> Option<Dir> {
        match &self.states {
            StateMap::Cells { .. } => None,
            StateMap::NoUTurn { of_state, .. } => {
                let d = of_state[state as usize].1;
                (d != NO_DIR).then_some(d)
            }
        }
    }

    /// The cells that are dead ends for the player: `0` cells, and ordinary cells from which
    /// no jump is legal (a number too large for the board, say).
    pub fn dead_end_cells(&self) -> Vec<Coord> {
        (0..self.cells.len())
            .filter(|&i| match self.cells[i] {
                Cell::DeadEnd => true,
                Cell::Jump(_) => self.n_moves[i] == 0,
                _ => false,
            })
            .map(|i| (i / self.cols, i % self.cols))
            .collect()
    }
}

impl Rules for JumpGraph {
    fn directions(&self) -> &'static Directions {
        self.rules.tiling.directions()
    }

    fn n_states(&self) -> usize {
        match &self.states {
            StateMap::Cells { cell_of_state, .. } => cell_of_state.len(),
            StateMap::NoUTurn { of_state, .. } => of_state.len(),
        }
    }

    fn start(&self) -> StateId {
        match &self.states {
            StateMap::Cells { state_of_cell, .. } => state_of_cell[self.start_cell as usize],
            StateMap::NoUTurn { start, .. } => *start,
        }
    }

    fn is_goal(&self, state: StateId) -> bool {
        match &self.states {
            StateMap::Cells { cell_of_state, .. } => {
                let cell = cell_of_state[state as usize];
                cell == OUTSIDE || Some(cell) == self.goal_cell
            }
            StateMap::NoUTurn { goal, .. } => state == *goal,
        }
    }

    fn jump(&self, state: StateId) -> Option<u32> {
        let (r, c) = self.state_cell(state)?;
        self.cells[r * self.cols + c].jump()
    }

    fn successors(&self, acc: &mut Vec<Move>, state: StateId) {
        if self.is_goal(state) {
            return;
        }
        let Some((r, c)) = self.state_cell(state) else {
            return;
        };
        let forbidden = self
            .state_last_dir(state)
            .map(|d| self.rules.tiling.directions().opposite(d));
        for &(dir, target) in self.cell_moves(r * self.cols + c) {
            if Some(dir) != forbidden {
                acc.push(Move {
                    dir,
                    to: self.arrive(target, dir),
                });
            }
        }
    }

    fn state_name(&self, state: StateId) -> String {
        match self.state_cell(state) {
            None => "Outside".to_string(),
            Some(_) if self.rules.no_u_turn && self.is_goal(state) => "Goal".to_string(),
            Some((r, c)) => match self.state_last_dir(state) {
                Some(d) => format!("({r},{c})/{}", self.rules.tiling.directions().name(d)),
                None => format!("({r},{c})"),
            },
        }
    }
}
