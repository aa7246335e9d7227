//! Jumping mazes on every tiling under any rule of the rule model: validation, and the
//! engine that compiles a maze into dense states and move tables ([`JumpGraph`]), with every
//! exact jump decided in constant time from precomputed runs.

use std::collections::HashSet;
use std::sync::Arc;

use maze_graph::{Dir, DirSet, Directions, Move, Rules, StateId};

use crate::board::{Board, Cell, Kind};
use crate::rules::{Ctx, Domain, K, Key, L, LAST_DIRECTION, NONE, RulePart, RuleSet, tag_value};
pub use crate::rules::{GoalKind, JumpRules};
use crate::tiling::Tiling;

/// A cell position `(row, col)`, 0-based from the top left.
pub type Coord = (usize, usize);

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
    /// A part of the rules (a register, a kind of move, an effect).
    Rule(RulePart),
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
        self.validate_compiled().map(|_| ())
    }

    /// [`JumpingMaze::validate`], returning the compiled rules.
    pub fn validate_compiled(&self) -> Result<RuleSet, Problem> {
        let rules = &self.rules;
        let board = &self.board;
        let set = rules.compile().map_err(|p| Problem {
            at: match p.part {
                RulePart::Whole => Where::Rules,
                part => Where::Rule(part),
            },
            message: p.message,
            help: p.help,
        })?;
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
        Ok(set)
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
        blocked + walls.len()
    }
}

/// Sentinel target of an exit jump.
pub const OUTSIDE: u32 = u32::MAX;
const INFINITE: u32 = u32::MAX;

/// The "no direction" marker of a state without a last direction.
pub const NO_DIR: Dir = Dir::MAX;

/// Why a straight run of passable cells ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stop {
    /// The next unit step leaves the box.
    Edge,
    /// The next unit step crosses a wall.
    Wall,
    /// The next unit step enters a cell the move cannot fly over.
    Cell,
    /// The run wraps around a torus forever.
    Never,
}

/// For one kind of flying (`over`), per cell and direction: how many unit steps enter only
/// passable cells, and why the run ends. Any exact jump is then legal-or-not in constant time.
#[derive(Clone, Debug)]
struct Runs {
    reach: Vec<u32>,
    stop: Vec<Stop>,
}

/// A move being generated: direction, landing cell (or [`OUTSIDE`]) and the registers on
/// arrival (projected onto the landing cell).
type Arrival = (Dir, u32, Key);

/// A jumping maze compiled for fast move generation under its rules: dense states (a cell,
/// or a cell and the registers kept there), each state's moves in a table, and the runs that
/// decide every exact jump in constant time whatever its length.
#[derive(Clone, Debug)]
pub struct JumpGraph {
    rules: Arc<JumpRules>,
    set: Arc<RuleSet>,
    rows: usize,
    cols: usize,
    cells: Vec<Cell>,
    walls: Vec<(Coord, Coord)>,
    start_cell: u32,
    /// Directions the runs are kept for, and each direction's slot among them.
    slot_of: Vec<u8>,
    n_slots: usize,
    /// Runs per `Over` (`Flyable`, `Empty`, `Occupied`), for the kinds that use them.
    runs: Box<[Option<Runs>; 3]>,
    /// Per cell, its first state; `base[n]` = states on cells.
    base: Vec<u32>,
    /// Per state, its cell (or [`OUTSIDE`]).
    cell_of: Vec<u32>,
    /// Per state, its registers (empty when the rules have none).
    keys: Vec<Key>,
    outside: Option<u32>,
    start: u32,
    /// Moves: state `s` has `len[s]` moves from `slot[s]`.
    slot: Vec<u32>,
    len: Vec<u16>,
    edges: Vec<Move>,
    /// Whether a number change can be patched into one state's slots (no registers, at most
    /// one landing per direction and kind).
    patchable: bool,
    /// The most moves any state has (or may have, when patchable).
    most_moves: usize,
}

fn over_index(over: crate::rules::Over) -> usize {
    match over {
        crate::rules::Over::Flyable => 0,
        crate::rules::Over::Empty => 1,
        crate::rules::Over::Occupied => 2,
    }
}

const OVERS: [crate::rules::Over; 3] = [
    crate::rules::Over::Flyable,
    crate::rules::Over::Empty,
    crate::rules::Over::Occupied,
];

impl JumpGraph {
    /// Compiles a valid maze. Call [`JumpingMaze::validate`] first: an invalid maze may panic.
    pub fn new(maze: &JumpingMaze) -> JumpGraph {
        let set = match maze.rules.compile() {
            Ok(set) => Arc::new(set),
            Err(p) => panic!("JumpGraph::new on invalid rules: {}", p.message),
        };
        JumpGraph::with_rules(maze, set)
    }

    /// Compiles a valid maze whose rules are already compiled.
    pub fn with_rules(maze: &JumpingMaze, set: Arc<RuleSet>) -> JumpGraph {
        let board = &maze.board;
        let ndirs = set.directions.len();
        // Runs only for directions some kind can take.
        let mut used = DirSet::EMPTY;
        for k in &set.kinds {
            match &k.dirs {
                crate::rules::D::Set(s) => used = DirSet::from_bits(used.bits() | s.bits()),
                _ => used = DirSet::from_bits(((1u32 << ndirs) - 1) as u16),
            }
        }
        let mut slot_of = vec![u8::MAX; ndirs];
        let mut n_slots = 0;
        for d in used.iter() {
            slot_of[usize::from(d)] = n_slots as u8;
            n_slots += 1;
        }
        let patchable = !set.has_registers() && set.kinds.iter().all(|k| k.length.is_single());
        let mut graph = JumpGraph {
            rules: Arc::new(maze.rules.clone()),
            set,
            rows: board.rows,
            cols: board.cols,
            cells: board.cells.clone(),
            walls: maze.walls.clone(),
            start_cell: (maze.start.0 * board.cols + maze.start.1) as u32,
            slot_of,
            n_slots,
            runs: Box::new([None, None, None]),
            base: Vec::new(),
            cell_of: Vec::new(),
            keys: Vec::new(),
            outside: None,
            start: 0,
            slot: Vec::new(),
            len: Vec::new(),
            edges: Vec::new(),
            patchable,
            most_moves: 0,
        };
        graph.compute_all_runs();
        graph.number_states();
        graph.fill_moves();
        graph
    }

    /// The rules as the file writes them.
    pub fn rules(&self) -> &JumpRules {
        &self.rules
    }

    /// The compiled rules.
    pub fn rule_set(&self) -> &RuleSet {
        &self.set
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
        if self.set.torus {
            Some((r.rem_euclid(rows) * cols + c.rem_euclid(cols)) as usize)
        } else if r >= 0 && c >= 0 && r < rows && c < cols {
            Some((r * cols + c) as usize)
        } else {
            None
        }
    }

    fn compute_all_runs(&mut self) {
        let walls: HashSet<(usize, usize)> = self
            .walls
            .iter()
            .flat_map(|&(a, b)| {
                let a = a.0 * self.cols + a.1;
                let b = b.0 * self.cols + b.1;
                [(a, b), (b, a)]
            })
            .collect();
        for over in OVERS {
            if self.set.kinds.iter().any(|k| k.over == over) {
                self.runs[over_index(over)] = Some(self.compute_runs(over, &walls));
            }
        }
    }

    /// For every cell and direction, the longest run of unit steps that stays in the box,
    /// crosses no wall and enters only cells passable by `over`, and why it ends. Each
    /// direction's unit step is a function from cells to cells, so runs are computed once per
    /// cell by following it, with cycle detection for tori.
    fn compute_runs(&self, over: crate::rules::Over, wall_set: &HashSet<(usize, usize)>) -> Runs {
        let n = self.cells.len();
        let ns = self.n_slots;
        let mut reach = vec![0u32; n * ns];
        let mut stop = vec![Stop::Edge; n * ns];
        // 0 = unvisited, 1 = on the current path, 2 = done.
        let mut mark = vec![0u8; n];
        let mut path: Vec<usize> = Vec::new();
        for (d, &si) in self.slot_of.iter().enumerate() {
            if si == u8::MAX {
                continue;
            }
            let (d, si) = (d as Dir, usize::from(si));
            mark.fill(0);
            for origin in 0..n {
                if mark[origin] == 2 {
                    continue;
                }
                path.clear();
                let mut x = origin;
                let (mut run, why) = loop {
                    if mark[x] == 2 {
                        break (reach[x * ns + si], stop[x * ns + si]);
                    }
                    if mark[x] == 1 {
                        // A cycle of passable, unwalled steps: endless runs.
                        let at = path.iter().position(|&p| p == x).unwrap_or(0);
                        for &p in &path[at..] {
                            reach[p * ns + si] = INFINITE;
                            stop[p * ns + si] = Stop::Never;
                            mark[p] = 2;
                        }
                        path.truncate(at);
                        break (INFINITE, Stop::Never);
                    }
                    mark[x] = 1;
                    path.push(x);
                    let end = match self.unit_step(x, d, wall_set) {
                        Err(why) => Some(why),
                        Ok(y) if !RuleSet::passable(over, &self.cells[y]) => Some(Stop::Cell),
                        Ok(y) => {
                            x = y;
                            None
                        }
                    };
                    if let Some(why) = end {
                        path.pop();
                        reach[x * ns + si] = 0;
                        stop[x * ns + si] = why;
                        mark[x] = 2;
                        break (0, why);
                    }
                };
                while let Some(p) = path.pop() {
                    run = run.saturating_add(1);
                    reach[p * ns + si] = run;
                    stop[p * ns + si] = why;
                    mark[p] = 2;
                }
            }
        }
        Runs { reach, stop }
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
            .index(self.set.tiling.walk(from, dir, 1))
            .ok_or(Stop::Edge)?;
        if walls.is_empty() {
            return Ok(to);
        }
        let walled = |a: usize, b: usize| walls.contains(&(a, b));
        let blocked = match self.set.tiling.diagonal_corners(from, dir) {
            // A diagonal step is walled only when both L-routes around the corner are.
            Some(corners) => corners.iter().all(|&corner| match self.index(corner) {
                Some(h) => walled(cell, h) || walled(h, to),
                None => true,
            }),
            None => walled(cell, to),
        };
        if blocked { Err(Stop::Wall) } else { Ok(to) }
    }

    /// The landings of a move of `k` unit steps in `d` from `cell` flying as `over` allows:
    /// the landing cell, [`OUTSIDE`] for an exit, or `None`.
    fn landing(&self, runs: &Runs, cell: usize, d: Dir, k: i64) -> Option<u32> {
        let si = usize::from(self.slot_of[usize::from(d)]);
        let at = cell * self.n_slots + si;
        let (reach, stop) = (runs.reach[at], runs.stop[at]);
        let k32 = u32::try_from(k).ok()?;
        if reach != INFINITE && k32 > reach.saturating_add(1) {
            return None;
        }
        let target = self.index(self.set.tiling.walk(self.coord(cell), d, k));
        if k32 <= reach {
            return target.map(|t| t as u32);
        }
        // k = reach + 1: the step into the cell that ends the run.
        let exit = self.set.goal == GoalKind::Exit;
        match stop {
            Stop::Cell => match target {
                Some(t) if exit && self.cells[t].kind == Kind::Void => Some(OUTSIDE),
                Some(t) => Some(t as u32),
                None => None,
            },
            Stop::Edge if exit => Some(OUTSIDE),
            _ => None,
        }
    }

    fn run_length(&self, runs: &Runs, cell: usize, d: Dir) -> u32 {
        runs.reach[cell * self.n_slots + usize::from(self.slot_of[usize::from(d)])]
    }

    /// Every move out of `cell` with registers `key`, as the rules define them (the one move
    /// generator: the state table and the pre-state image are both built from it).
    fn moves_of(&self, cell: usize, key: &Key, acc: &mut Vec<Arrival>) {
        let set = &*self.set;
        let raw = &self.cells[cell];
        if !raw.is_ordinary() {
            return;
        }
        let mut k1 = *key;
        let here = set.effective(raw, &k1);
        if !set.leave.is_empty() && set.apply(&set.leave, &here, None, None, &mut k1).is_none() {
            return;
        }
        let here = set.effective(raw, &k1);
        for kind in &set.kinds {
            let ctx = Ctx {
                here: &here,
                from: None,
                regs: &k1,
                mv: None,
                dirs: set.directions,
            };
            if !kind.when.iter().all(|c| c.eval(&ctx)) {
                continue;
            }
            let Some(runs) = &self.runs[over_index(kind.over)] else {
                continue;
            };
            for d in set.dirs(kind, &here, &k1).iter() {
                if self.slot_of[usize::from(d)] == u8::MAX {
                    continue;
                }
                match kind.length {
                    L::Any | L::UpToNumber => {
                        let reach = self.run_length(runs, cell, d);
                        let cap = if reach == INFINITE {
                            self.cells.len() as i64
                        } else {
                            i64::from(reach) + 1
                        };
                        let cap = match kind.length {
                            L::UpToNumber => cap.min(here.number.map_or(0, i64::from)),
                            _ => cap,
                        };
                        for k in 1..=cap {
                            if let Some(t) = self.landing(runs, cell, d, k) {
                                self.arrive(kind, cell, &here, &k1, d, k, t, acc);
                            }
                        }
                    }
                    L::First => {
                        let reach = self.run_length(runs, cell, d);
                        if reach != INFINITE {
                            let k = i64::from(reach) + 1;
                            if let Some(t) = self.landing(runs, cell, d, k) {
                                self.arrive(kind, cell, &here, &k1, d, k, t, acc);
                            }
                        }
                    }
                    _ => {
                        if let Some(k) = set.exact_length(kind, &here, &k1)
                            && let Some(t) = self.landing(runs, cell, d, k)
                        {
                            self.arrive(kind, cell, &here, &k1, d, k, t, acc);
                        }
                    }
                }
            }
        }
    }

    /// Checks a landing against the rules and pushes the arrival.
    #[allow(clippy::too_many_arguments)]
    fn arrive(
        &self,
        kind: &K,
        cell: usize,
        from: &Cell,
        key: &Key,
        d: Dir,
        k: i64,
        t: u32,
        acc: &mut Vec<Arrival>,
    ) {
        let set = &*self.set;
        if t == OUTSIDE {
            acc.push((d, OUTSIDE, set.start_key()));
            return;
        }
        let tu = t as usize;
        let there = &self.cells[tu];
        if tu == cell || !there.is_landable() {
            return;
        }
        let ctx = Ctx {
            here: there,
            from: Some(from),
            regs: key,
            mv: Some((d, k)),
            dirs: set.directions,
        };
        if !kind.land.iter().all(|c| c.eval(&ctx)) {
            return;
        }
        if there.is_goal() {
            acc.push((d, t, set.start_key()));
            return;
        }
        let mut k2 = *key;
        if set
            .apply(&set.land, there, Some(from), Some((d, k)), &mut k2)
            .is_none()
        {
            return;
        }
        let k2 = set.project(there, &k2);
        if set.in_range(&k2) {
            acc.push((d, t, k2));
        }
    }

    /// The registers kept on `cell`.
    fn kept(&self, cell: usize) -> Vec<usize> {
        (0..self.set.regs.len())
            .filter(|&r| self.set.kept(r, &self.cells[cell]))
            .collect()
    }

    /// Every register key a state on `cell` could have: the product of the kept registers'
    /// domains, the others at their start values.
    fn pre_keys(&self, cell: usize) -> Vec<Key> {
        let set = &*self.set;
        let mut keys = vec![set.start_key()];
        for r in self.kept(cell) {
            let values: Vec<i64> = match &set.regs[r].domain {
                Domain::Choice(names) => (0..names.len() as i64).collect(),
                Domain::Counter(lo, hi) => (*lo..=*hi).collect(),
                Domain::Direction => (NONE..set.directions.len() as i64).collect(),
                Domain::Piece => (NONE..6).collect(),
                Domain::Colour | Domain::Symbol => {
                    let colour = set.regs[r].domain == Domain::Colour;
                    let mut v: Vec<i64> = self
                        .cells
                        .iter()
                        .filter_map(|c| if colour { c.colour } else { c.symbol })
                        .map(tag_value)
                        .collect();
                    v.push(NONE);
                    v.sort_unstable();
                    v.dedup();
                    v
                }
            };
            keys = keys
                .into_iter()
                .flat_map(|k| {
                    values.iter().map(move |&v| {
                        let mut k = k;
                        k[r] = v;
                        k
                    })
                })
                .collect();
        }
        keys
    }

    /// Numbers the states: per cell in row-major order, its register keys in increasing
    /// order (a missing value first), one state for a goal cell; `Outside` last.
    ///
    /// A landable cell that keeps no register is always a state (RULES.md: reachable or
    /// not). A cell that keeps registers has a state for each key some legal move produces
    /// there from any cell under any key, plus the start's: states exist where the rules can
    /// put the mover, so that unreachable ones still count (white holes) and none is invented.
    fn number_states(&mut self) {
        let n = self.cells.len();
        let set = Arc::clone(&self.set);
        let mut per_cell: Vec<Vec<Key>> = vec![Vec::new(); n];
        let keeps: Vec<bool> = (0..n).map(|c| !self.kept(c).is_empty()).collect();
        if set.has_registers() {
            let mut acc = Vec::new();
            for c in 0..n {
                if !self.cells[c].is_ordinary() {
                    continue;
                }
                for key in self.pre_keys(c) {
                    acc.clear();
                    self.moves_of(c, &key, &mut acc);
                    for &(_, t, k) in &acc {
                        if t != OUTSIDE && keeps[t as usize] && !self.cells[t as usize].is_goal() {
                            per_cell[t as usize].push(k);
                        }
                    }
                }
            }
            let s = self.start_cell as usize;
            per_cell[s].push(set.project(&self.cells[s], &set.start_key()));
        }
        self.base = Vec::with_capacity(n + 1);
        self.cell_of.clear();
        self.keys.clear();
        for (c, keys) in per_cell.iter_mut().enumerate() {
            self.base.push(self.cell_of.len() as u32);
            let cell = &self.cells[c];
            if !cell.is_landable() {
                continue;
            }
            if cell.is_goal() || !keeps[c] {
                self.cell_of.push(c as u32);
                if set.has_registers() {
                    self.keys.push(set.start_key());
                }
                continue;
            }
            keys.sort_unstable();
            keys.dedup();
            for k in keys.iter() {
                self.cell_of.push(c as u32);
                self.keys.push(*k);
            }
        }
        self.base.push(self.cell_of.len() as u32);
        self.outside = (set.goal == GoalKind::Exit).then(|| {
            self.cell_of.push(OUTSIDE);
            if set.has_registers() {
                self.keys.push(set.start_key());
            }
            (self.cell_of.len() - 1) as u32
        });
        let s = self.start_cell as usize;
        self.start = self
            .state_at(s as u32, &set.project(&self.cells[s], &set.start_key()))
            .unwrap_or(self.base[s]);
    }

    /// The state of an arrival on `t` with registers `key`, if there is one.
    fn state_at(&self, t: u32, key: &Key) -> Option<StateId> {
        if t == OUTSIDE {
            return self.outside;
        }
        let (lo, hi) = (self.base[t as usize], self.base[t as usize + 1]);
        if hi == lo {
            return None;
        }
        if hi - lo == 1 {
            return Some(lo);
        }
        let keys = &self.keys[lo as usize..hi as usize];
        keys.binary_search(key).ok().map(|i| lo + i as u32)
    }

    /// The key of a state (the start key when the rules have no registers).
    fn key_of(&self, state: StateId) -> Key {
        self.keys
            .get(state as usize)
            .copied()
            .unwrap_or_else(|| self.set.start_key())
    }

    /// Most moves a state can have when patchable: one per kind and direction.
    fn capacity(&self) -> usize {
        self.set
            .kinds
            .iter()
            .map(|k| match &k.dirs {
                crate::rules::D::Set(s) => s.len(),
                _ => self.set.directions.len(),
            })
            .sum()
    }

    fn fill_moves(&mut self) {
        let ns = self.cell_of.len();
        self.slot = Vec::with_capacity(ns);
        self.len = Vec::with_capacity(ns);
        self.edges.clear();
        let cap = self.capacity();
        self.most_moves = if self.patchable { cap } else { 0 };
        let mut acc = Vec::new();
        let mut moves = Vec::new();
        for s in 0..ns as StateId {
            self.state_moves(s, &mut acc, &mut moves);
            self.most_moves = self.most_moves.max(moves.len());
            self.slot.push(self.edges.len() as u32);
            self.len.push(moves.len() as u16);
            self.edges.extend_from_slice(&moves);
            if self.patchable {
                let pad = cap.saturating_sub(moves.len());
                self.edges
                    .extend(std::iter::repeat_n(Move { dir: 0, to: 0 }, pad));
            }
        }
    }

    /// The moves of state `s`, freshly generated.
    fn state_moves(&self, s: StateId, acc: &mut Vec<Arrival>, out: &mut Vec<Move>) {
        out.clear();
        let c = self.cell_of[s as usize];
        if c == OUTSIDE || self.cells[c as usize].is_goal() {
            return;
        }
        acc.clear();
        self.moves_of(c as usize, &self.key_of(s), acc);
        for &(dir, t, k) in acc.iter() {
            if let Some(to) = self.state_at(t, &k)
                && to != s
            {
                out.push(Move { dir, to });
            }
        }
        out.truncate(u16::MAX as usize);
    }

    /// Appends the legal jumps of exactly `k` unit steps from `cell` in the directions of the
    /// first kind of move, flying as it does, as `(dir, target)` with the target a cell index
    /// or [`OUTSIDE`] (RULES.md rules 1-5; landing conditions and registers aside).
    pub fn jumps(&self, cell: usize, k: u32, acc: &mut Vec<(Dir, u32)>) {
        let Some(kind) = self.set.kinds.first() else {
            return;
        };
        let Some(runs) = &self.runs[over_index(kind.over)] else {
            return;
        };
        let key = self.set.start_key();
        let here = self.set.effective(&self.cells[cell], &key);
        for d in self.set.dirs(kind, &here, &key).iter() {
            if self.slot_of[usize::from(d)] == u8::MAX {
                continue;
            }
            match self.landing(runs, cell, d, i64::from(k)) {
                Some(OUTSIDE) => acc.push((d, OUTSIDE)),
                Some(t) if t as usize != cell && self.cells[t as usize].is_landable() => {
                    acc.push((d, t));
                }
                _ => {}
            }
        }
    }

    /// The jump numbers `1..=max_jump` with which `cell` would have at least one legal move
    /// (RULES.md section 5's legal jump numbers), under any registers the cell may keep.
    pub fn legal_jumps(&self, cell: usize, max_jump: u8) -> Vec<u8> {
        let mut acc = Vec::new();
        let mut probe = self.clone_shallow();
        let original = probe.cells[cell];
        let keys = probe.pre_keys(cell);
        (1..=max_jump)
            .filter(|&k| {
                let mut c = original;
                c.kind = Kind::Ordinary;
                c.number = Some(i16::from(k));
                probe.cells[cell] = c;
                keys.iter().any(|key| {
                    acc.clear();
                    probe.moves_of(cell, key, &mut acc);
                    !acc.is_empty()
                })
            })
            .collect()
    }

    /// The rules, runs and cells without the state and move tables, for probing moves.
    fn clone_shallow(&self) -> JumpGraph {
        JumpGraph {
            rules: Arc::clone(&self.rules),
            set: Arc::clone(&self.set),
            rows: self.rows,
            cols: self.cols,
            cells: self.cells.clone(),
            walls: Vec::new(),
            start_cell: self.start_cell,
            slot_of: self.slot_of.clone(),
            n_slots: self.n_slots,
            runs: self.runs.clone(),
            base: Vec::new(),
            cell_of: Vec::new(),
            keys: Vec::new(),
            outside: None,
            start: 0,
            slot: Vec::new(),
            len: Vec::new(),
            edges: Vec::new(),
            patchable: false,
            most_moves: 0,
        }
    }

    /// Whether [`JumpGraph::set_jump`] patches one state (no registers, exact lengths) rather
    /// than renumbering and rebuilding every state.
    pub fn is_patchable(&self) -> bool {
        self.patchable
    }

    /// Changes the number of an ordinary cell and updates the graph: one state's moves when
    /// patchable, everything otherwise.
    pub fn set_jump(&mut self, cell: usize, k: u8) {
        debug_assert!(self.cells[cell].is_ordinary());
        self.cells[cell].number = Some(i16::from(k));
        if !self.patchable {
            self.number_states();
            self.fill_moves();
            return;
        }
        if let Some(s) = self.cell_state(cell) {
            let mut acc = Vec::new();
            let mut moves = Vec::new();
            self.state_moves(s, &mut acc, &mut moves);
            let at = self.slot[s as usize] as usize;
            self.edges[at..at + moves.len()].copy_from_slice(&moves);
            self.len[s as usize] = moves.len() as u16;
        }
    }

    /// The legal moves of a state.
    pub fn moves(&self, state: StateId) -> &[Move] {
        let at = self.slot[state as usize] as usize;
        &self.edges[at..at + usize::from(self.len[state as usize])]
    }

    /// The cell of `state` (row, col), or `None` for `Outside`.
    pub fn state_cell(&self, state: StateId) -> Option<Coord> {
        let cell = self.cell_of[state as usize];
        (cell != OUTSIDE).then(|| (cell as usize / self.cols, cell as usize % self.cols))
    }

    /// The state of `cell` when it has exactly one (a cell keeping no register), `None`
    /// otherwise. The generator uses it to update only the mutated cell's state after
    /// [`JumpGraph::set_jump`].
    pub fn cell_state(&self, cell: usize) -> Option<StateId> {
        let (lo, hi) = (self.base[cell], self.base[cell + 1]);
        (hi == lo + 1 && self.keys.is_empty()).then_some(lo)
    }

    /// The states on `cell`, in id order.
    pub fn cell_states(&self, cell: usize) -> std::ops::Range<StateId> {
        self.base[cell]..self.base[cell + 1]
    }

    /// The last direction of a no-U-turn state (`None` for the start state, the goal state,
    /// and every state without the rule).
    pub fn state_last_dir(&self, state: StateId) -> Option<Dir> {
        if !self.rules.no_u_turn {
            return None;
        }
        let r = self
            .set
            .regs
            .iter()
            .position(|r| r.name == LAST_DIRECTION)?;
        let v = self.key_of(state)[r];
        (v != NONE && !self.is_goal(state)).then_some(v as Dir)
    }

    /// The registers of a state (every register at its start value when the rules have
    /// none).
    pub fn state_key(&self, state: StateId) -> Key {
        self.key_of(state)
    }

    /// The cells that are dead ends for the player: `0` cells, and ordinary cells from whose
    /// states no move is legal (a number too large for the board, say).
    pub fn dead_end_cells(&self) -> Vec<Coord> {
        (0..self.cells.len())
            .filter(|&i| match self.cells[i].kind {
                Kind::DeadEnd => true,
                Kind::Ordinary => self.cell_states(i).all(|s| self.len[s as usize] == 0),
                _ => false,
            })
            .map(|i| (i / self.cols, i % self.cols))
            .collect()
    }
}

impl Rules for JumpGraph {
    fn directions(&self) -> &'static Directions {
        self.set.directions
    }

    fn n_states(&self) -> usize {
        self.cell_of.len()
    }

    fn start(&self) -> StateId {
        self.start
    }

    fn is_goal(&self, state: StateId) -> bool {
        let cell = self.cell_of[state as usize];
        cell == OUTSIDE || self.cells[cell as usize].is_goal()
    }

    fn jump(&self, state: StateId) -> Option<u32> {
        let cell = self.cell_of[state as usize];
        if cell == OUTSIDE {
            return None;
        }
        self.cells[cell as usize].jump()
    }

    fn successors(&self, acc: &mut Vec<Move>, state: StateId) {
        acc.extend_from_slice(self.moves(state));
    }

    fn max_successors(&self) -> usize {
        self.most_moves
    }

    fn state_name(&self, state: StateId) -> String {
        let cell = self.cell_of[state as usize];
        let at = self.state_cell(state);
        let c = if cell == OUTSIDE {
            Cell::default()
        } else {
            self.cells[cell as usize]
        };
        self.set.state_name(at, &c, &self.key_of(state))
    }
}
