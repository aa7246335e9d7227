//! Jumping mazes on every tiling under any rule of the rule model: validation, and the
//! engine that compiles a maze into dense states and move tables ([`JumpGraph`]), with every
//! exact jump decided in constant time from precomputed runs.

use std::collections::HashSet;
use std::sync::Arc;

use maze_graph::{Dir, DirSet, Directions, Move, Rules, StateId, StrideAdjacency};

use crate::board::{Board, Cell, Kind};
use crate::landings::Landings;
use crate::rules::{Ctx, K, Key, L, LAST_DIRECTION, NONE, RuleSet};
use crate::tiling::Tiling;
// Re-exported for other crates until they import these from the crate root.
pub use crate::problem::{Problem, Where};
pub use crate::rules::{GoalKind, JumpRules};
pub use crate::tiling::Coord;

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
        // The engine holds every value of the registers a cell keeps: refuse before
        // allocating what no machine could.
        let per_cell = (0..set.regs.len()).fold(1u128, |n, r| {
            n.saturating_mul(set.values(r, &board.cells).len() as u128)
        });
        let cells = board.cells.iter().filter(|c| c.is_landable()).count() as u128;
        let superset = per_cell.saturating_mul(cells);
        if superset > MAX_SUPERSET {
            return Err(Problem::new(
                Where::Rules,
                if set.regs.is_empty() {
                    format!(
                        "this board has {cells} cells a move can land on, more than the {MAX_SUPERSET} states the engine can number"
                    )
                } else {
                    format!(
                        "these registers can take {per_cell} combinations of values on each of {cells} cells: up to {superset} states, more than the {MAX_SUPERSET} the engine can number"
                    )
                },
            )
            .help("narrow the counters' ranges, keep registers only where they matter (`keep: Where(...)`), or use fewer registers"));
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

/// The most states (every register value on every landable cell) the engine can number;
/// the file reader's configurable [`crate::StateLimit`] is usually far lower.
pub const MAX_SUPERSET: u128 = crate::limit::StateLimit::MAX.get() as u128;

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
    /// The rule set's geometry, at hand for the hot path.
    tiling: Tiling,
    torus: bool,
    exit: bool,
    /// RULES.md section 1's rules exactly (one kind: the cell's number in fixed directions,
    /// flying over flyable cells, no conditions, effects or registers): their moves take
    /// the direct loop of [`JumpGraph::plain_moves`].
    plain: Option<DirSet>,
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
    /// Per register, the values a state may hold (sorted, a missing value first).
    doms: Vec<Vec<i64>>,
    /// Per cell, the registers its states keep (bit r).
    kept: Vec<u8>,
    /// Per cell, its first superset state; `sup_base[n]` = superset states on cells.
    sup_base: Vec<u32>,
    /// Per superset state, its cell (or [`OUTSIDE`]).
    sup_cell: Vec<u32>,
    sup_outside: Option<u32>,
    sup_start: u32,
    /// Per superset state, how many moves of superset states land on it.
    refs: Vec<u32>,
    /// Superset moves (targets are superset states): `sup_len[s]` from `sup_slot[s]`, in
    /// `cap` slots per state when lengths land once per direction.
    sup_slot: Vec<u32>,
    sup_len: Vec<u16>,
    sup_moves: Vec<Move>,
    cap: Option<usize>,
    /// Without registers the superset is the state set and the tables below stay empty.
    identity: bool,
    /// Per superset state its state, or `NO_STATE`; per state its superset state.
    dense: Vec<u32>,
    sup_of: Vec<u32>,
    /// The most moves any state has (or may have, when patchable).
    most_moves: usize,
    /// Buffers a cell change reuses, so a generator step allocates nothing.
    scratch_acc: Vec<Arrival>,
    scratch_moves: Vec<Move>,
    scratch_touched: Vec<(u32, bool)>,
    scratch_cands: Vec<(usize, Dir, i64, u32)>,
    scratch_flat: Vec<Move>,
    scratch_fresh: Vec<(u32, usize, usize)>,
    /// The numbering before the last [`Change::Shifted`].
    prev_dense: Vec<u32>,
    prev_sup_of: Vec<u32>,
    /// Which cells land on which, read at the first change that needs it.
    landings: Option<Landings>,
    before: Before,
}

const NO_STATE: u32 = u32::MAX;

/// The superset before the last [`JumpGraph::rebuild_around`]: the moves of the cells not
/// marked in `read` are copied from it, and [`Change::Reread`] translates state ids through
/// it.
#[derive(Clone, Debug, Default)]
struct Before {
    /// The cell that changed.
    changed: usize,
    /// The cells whose moves were read again: `changed` and the cells landing on it.
    read: Vec<bool>,
    base: Vec<u32>,
    cell: Vec<u32>,
    outside: Option<u32>,
    slot: Vec<u32>,
    len: Vec<u16>,
    moves: Vec<Move>,
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
        let mut graph = JumpGraph {
            rules: Arc::new(maze.rules.clone()),
            tiling: set.tiling,
            torus: set.torus,
            exit: set.goal == GoalKind::Exit,
            plain: match set.kinds.as_slice() {
                [k] if set.regs.is_empty()
                    && set.leave.is_empty()
                    && set.land.is_empty()
                    && k.when.is_empty()
                    && k.land.is_empty()
                    && k.length == L::Number
                    && k.over == crate::rules::Over::Flyable =>
                {
                    match &k.dirs {
                        crate::rules::D::Set(s) => Some(*s),
                        _ => None,
                    }
                }
                _ => None,
            },
            set,
            rows: board.rows,
            cols: board.cols,
            cells: board.cells.clone(),
            walls: maze.walls.clone(),
            start_cell: (maze.start.0 * board.cols + maze.start.1) as u32,
            slot_of,
            n_slots,
            runs: Box::new([None, None, None]),
            doms: Vec::new(),
            kept: Vec::new(),
            sup_base: Vec::new(),
            sup_cell: Vec::new(),
            sup_outside: None,
            sup_start: 0,
            refs: Vec::new(),
            sup_slot: Vec::new(),
            sup_len: Vec::new(),
            sup_moves: Vec::new(),
            cap: None,
            identity: true,
            dense: Vec::new(),
            sup_of: Vec::new(),
            most_moves: 0,
            scratch_acc: Vec::new(),
            scratch_moves: Vec::new(),
            scratch_touched: Vec::new(),
            scratch_cands: Vec::new(),
            scratch_flat: Vec::new(),
            scratch_fresh: Vec::new(),
            prev_dense: Vec::new(),
            prev_sup_of: Vec::new(),
            landings: None,
            before: Before::default(),
        };
        graph.compute_all_runs();
        graph.build_states();
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

    #[inline]
    fn coord(&self, cell: usize) -> (i64, i64) {
        ((cell / self.cols) as i64, (cell % self.cols) as i64)
    }

    /// The cell index of `p`, wrapping on a torus; `None` outside a bounded box.
    #[inline]
    fn index(&self, (r, c): (i64, i64)) -> Option<usize> {
        let (rows, cols) = (self.rows as i64, self.cols as i64);
        if self.torus {
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
        // A knight's leap is no step across an edge: walls do not stop it.
        if walls.is_empty() || (self.set.tiling == Tiling::Square && dir >= 8) {
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
    #[inline]
    fn landing(&self, runs: &Runs, cell: usize, d: Dir, k: i64) -> Option<u32> {
        let si = usize::from(self.slot_of[usize::from(d)]);
        let at = cell * self.n_slots + si;
        let (reach, stop) = (runs.reach[at], runs.stop[at]);
        let k32 = u32::try_from(k).ok()?;
        if reach != INFINITE && k32 > reach.saturating_add(1) {
            return None;
        }
        let target = self.index(self.tiling.walk(self.coord(cell), d, k));
        if k32 <= reach {
            return target.map(|t| t as u32);
        }
        // k = reach + 1: the step into the cell that ends the run.
        let exit = self.exit;
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
        self.moves_of_cell(cell, &self.cells[cell], key, acc);
    }

    /// [`JumpGraph::moves_of`] as if `cell` held `raw` (a probe: what a number would allow).
    fn moves_of_cell(&self, cell: usize, raw: &Cell, key: &Key, acc: &mut Vec<Arrival>) {
        let mut cands = Vec::new();
        let Some((here, k1)) = self.leaving(cell, raw, key, &mut cands) else {
            return;
        };
        for &(kind, d, k, t) in &cands {
            self.arrive(&self.set.kinds[kind], cell, &here, &k1, d, k, t, acc);
        }
    }

    /// Leaving `cell`, holding `raw`, with registers `key`: the cell as the moves read it and
    /// the registers after the leaving effects, with the geometric landings of every kind of
    /// move pushed on `cands`; `None` when no move leaves (not an ordinary cell, or a leaving
    /// effect refuses).
    fn leaving(
        &self,
        cell: usize,
        raw: &Cell,
        key: &Key,
        cands: &mut Vec<(usize, Dir, i64, u32)>,
    ) -> Option<(Cell, Key)> {
        let set = &*self.set;
        if !raw.is_ordinary() {
            return None;
        }
        let mut k1 = *key;
        let here = set.effective(raw, &k1);
        if !set.leave.is_empty() && set.apply(&set.leave, &here, None, None, &mut k1).is_none() {
            return None;
        }
        let here = set.effective(raw, &k1);
        self.candidates(cell, &here, &k1, cands);
        Some((here, k1))
    }

    /// Pushes on `out` the cells the moves of `cell`'s superset states may land on, whatever
    /// those cells hold (the geometric landings, before the landing conditions and effects
    /// that read the landing cell; repeats possible, `Outside` left out): with the cell itself,
    /// every cell whose content its moves read. Landings depend on the cell and its registers
    /// and on the kinds of the cells on the way (the runs), never on another cell's
    /// attributes.
    pub fn landing_cells(&self, cell: usize, out: &mut Vec<u32>) {
        let mut cands = Vec::new();
        let raw = self.cells[cell];
        if self.landings_free(cell) {
            // The same landings whatever the registers: once.
            self.candidates(cell, &raw, &self.set.start_key(), &mut cands);
        } else {
            for sup in self.cell_superset(cell) {
                self.leaving(cell, &raw, &self.sup_key(sup), &mut cands);
            }
        }
        out.extend(cands.iter().map(|c| c.3).filter(|&t| t != OUTSIDE));
    }

    /// Whether the landings of `cell`'s moves cannot depend on the registers: an ordinary
    /// cell under rules whose leaving effects, `when`, directions and lengths read no
    /// register, none of the cell's kept ones standing for an attribute here.
    fn landings_free(&self, cell: usize) -> bool {
        let set = &*self.set;
        let stands = set
            .regs
            .iter()
            .enumerate()
            .any(|(r, reg)| reg.stands_for.is_some() && self.kept[cell] & (1 << r) != 0);
        self.cells[cell].is_ordinary() && set.geometry_free && !stands
    }

    /// Puts `content` in `cell` if the change keeps the cell's kind (and so every run) and the
    /// superset's shape (the registers the cell keeps, the values each register can take),
    /// returning whether it did. Only the board changes: the compiled moves and states are
    /// left as they were, for a caller that keeps its own rows of the moves
    /// ([`JumpGraph::cell_targets`] of the cell and of every cell landing on it: the word
    /// engine) and compiles the graph afresh before reading its states again.
    pub fn put_cell(&mut self, cell: usize, content: Cell) -> bool {
        let old = self.cells[cell];
        if old.kind != content.kind {
            return false;
        }
        self.cells[cell] = content;
        if let Some(landings) = &mut self.landings {
            landings.stale(cell);
        }
        let same = self.kept_mask(cell) == self.kept[cell] && self.domains_kept();
        if !same {
            self.cells[cell] = old;
        }
        same
    }

    /// The targets of every superset state of `cell` under the board as it is, handed to
    /// `each` with the superset state: what compiling the board would give them, read without
    /// touching the graph's tables.
    pub fn cell_targets(
        &mut self,
        cell: usize,
        mut each: impl FnMut(u32, &mut dyn Iterator<Item = u32>),
    ) {
        let mut cands = std::mem::take(&mut self.scratch_cands);
        let mut acc = std::mem::take(&mut self.scratch_acc);
        let mut moves = std::mem::take(&mut self.scratch_moves);
        self.cell_superset_moves(cell, &mut cands, &mut acc, &mut moves, |sup, ms| {
            each(sup, &mut ms.iter().map(|m| m.to));
        });
        self.scratch_cands = cands;
        self.scratch_acc = acc;
        self.scratch_moves = moves;
    }

    /// The geometric landings of every kind of move from `cell` (effective) with registers
    /// `key`, before landing conditions and effects: `(kind, direction, length, landing cell
    /// or OUTSIDE)`.
    fn candidates(
        &self,
        cell: usize,
        here: &Cell,
        key: &Key,
        out: &mut Vec<(usize, Dir, i64, u32)>,
    ) {
        let set = &*self.set;
        for (ki, kind) in set.kinds.iter().enumerate() {
            let ctx = Ctx {
                here,
                from: None,
                regs: key,
                mv: None,
                dirs: set.directions,
            };
            if !kind.when.iter().all(|c| c.eval(&ctx)) {
                continue;
            }
            let Some(runs) = &self.runs[over_index(kind.over)] else {
                continue;
            };
            let exact = set.exact_length(kind, here, key);
            if kind.length.is_single() && kind.length != L::First && exact.is_none() {
                continue;
            }
            for d in set.dirs(kind, here, key).iter() {
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
                                out.push((ki, d, k, t));
                            }
                        }
                    }
                    L::First => {
                        let reach = self.run_length(runs, cell, d);
                        if reach != INFINITE {
                            let k = i64::from(reach) + 1;
                            if let Some(t) = self.landing(runs, cell, d, k) {
                                out.push((ki, d, k, t));
                            }
                        }
                    }
                    _ => {
                        if let Some(k) = exact
                            && let Some(t) = self.landing(runs, cell, d, k)
                        {
                            out.push((ki, d, k, t));
                        }
                    }
                }
            }
        }
    }

    /// The moves of an ordinary cell under plain rules (RULES.md section 1: a jump of exactly
    /// the cell's number in each of `dirs`), targets as states.
    #[inline]
    fn plain_moves(&self, cell: usize, dirs: DirSet, out: &mut Vec<Move>) {
        let Some(k) = self.cells[cell].number.filter(|&k| k >= 1) else {
            return;
        };
        let Some(runs) = &self.runs[0] else {
            return;
        };
        for d in dirs.iter() {
            match self.landing(runs, cell, d, i64::from(k)) {
                Some(OUTSIDE) => {
                    if let Some(to) = self.sup_outside {
                        out.push(Move { dir: d, to });
                    }
                }
                Some(t) if t as usize != cell && self.cells[t as usize].is_landable() => {
                    out.push(Move {
                        dir: d,
                        to: self.sup_base[t as usize],
                    });
                }
                _ => {}
            }
        }
    }

    /// The moves of every superset state on `cell`, each list handed to `each` with its
    /// superset state. Where the landings cannot depend on the registers (no leaving effects,
    /// no register read by `when`, directions or length, none standing for an attribute
    /// here), they are found once for the cell and only the landings are checked per value.
    fn cell_superset_moves(
        &self,
        cell: usize,
        cands: &mut Vec<(usize, Dir, i64, u32)>,
        acc: &mut Vec<Arrival>,
        moves: &mut Vec<Move>,
        mut each: impl FnMut(u32, &[Move]),
    ) {
        let set = &*self.set;
        let (lo, hi) = (self.sup_base[cell], self.sup_base[cell + 1]);
        let raw = &self.cells[cell];
        if !self.landings_free(cell) {
            for sup in lo..hi {
                self.superset_moves(sup, acc, moves);
                each(sup, moves);
            }
            return;
        }
        if let Some(dirs) = self.plain {
            moves.clear();
            self.plain_moves(cell, dirs, moves);
            each(lo, moves);
            return;
        }
        cands.clear();
        let start_key = set.start_key();
        self.candidates(cell, raw, &start_key, cands);
        if self.identity && set.land.is_empty() {
            // No registers, no landing effects: a landing is its cell's one state, kept or
            // refused by the landing conditions alone (the plain rules' generator step).
            moves.clear();
            for &(kind, dir, k, t) in cands.iter() {
                if t == OUTSIDE {
                    if let Some(to) = self.sup_outside {
                        moves.push(Move { dir, to });
                    }
                    continue;
                }
                let there = &self.cells[t as usize];
                if t as usize == cell || !there.is_landable() {
                    continue;
                }
                let land = &set.kinds[kind].land;
                if !land.is_empty() {
                    let ctx = Ctx {
                        here: there,
                        from: Some(raw),
                        regs: &start_key,
                        mv: Some((dir, k)),
                        dirs: set.directions,
                    };
                    if !land.iter().all(|c| c.eval(&ctx)) {
                        continue;
                    }
                }
                moves.push(Move {
                    dir,
                    to: self.sup_base[t as usize],
                });
            }
            moves.truncate(u16::MAX as usize);
            each(lo, moves);
            return;
        }
        for sup in lo..hi {
            let key = self.sup_key(sup);
            acc.clear();
            for &(kind, d, k, t) in cands.iter() {
                self.arrive(&set.kinds[kind], cell, raw, &key, d, k, t, acc);
            }
            moves.clear();
            for &(dir, t, k) in acc.iter() {
                if let Some(to) = self.sup_id(t, &k) {
                    moves.push(Move { dir, to });
                }
            }
            moves.truncate(u16::MAX as usize);
            each(sup, moves);
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

    /// The values each register can take in a state ([`RuleSet::values`]).
    fn domains(&self) -> Vec<Vec<i64>> {
        (0..self.set.regs.len())
            .map(|r| self.set.values(r, &self.cells))
            .collect()
    }

    /// Whether every register's values are still `doms` under the board as it is (only
    /// colour and symbol registers take theirs from the board).
    fn domains_kept(&self) -> bool {
        (0..self.set.regs.len())
            .filter(|&r| self.set.values_read_board(r))
            .all(|r| self.set.values(r, &self.cells) == self.doms[r])
    }

    /// The registers kept on `cell`, as a bit set (none on goal cells: their states merge).
    fn kept_mask(&self, cell: usize) -> u8 {
        let c = &self.cells[cell];
        if c.is_goal() {
            return 0;
        }
        (0..self.set.regs.len())
            .filter(|&r| self.set.kept(r, c))
            .fold(0, |m, r| m | 1 << r)
    }

    /// How many superset states `cell` has: one per combination of its kept registers' values,
    /// none on cells nothing lands on.
    fn superset_size(&self, cell: usize) -> u32 {
        if !self.cells[cell].is_landable() {
            return 0;
        }
        let mask = self.kept[cell];
        (0..self.set.regs.len())
            .filter(|r| mask & (1 << r) != 0)
            .map(|r| self.doms[r].len() as u32)
            .product()
    }

    /// The superset state of an arrival on `t` with registers `key`, if its values are in
    /// the domains.
    fn sup_id(&self, t: u32, key: &Key) -> Option<u32> {
        if t == OUTSIDE {
            return self.sup_outside;
        }
        let t = t as usize;
        let base = self.sup_base[t];
        if self.sup_base[t + 1] == base {
            return None;
        }
        let mask = self.kept[t];
        let mut idx = 0u32;
        for (r, (dom, value)) in self.doms.iter().zip(key).enumerate() {
            if mask & (1 << r) != 0 {
                let rank = dom.binary_search(value).ok()?;
                idx = idx * dom.len() as u32 + rank as u32;
            }
        }
        Some(base + idx)
    }

    /// The registers of superset state `s`.
    fn sup_key(&self, s: u32) -> Key {
        let mut key = self.set.start_key();
        let cell = self.sup_cell[s as usize];
        if cell == OUTSIDE {
            return key;
        }
        let mask = self.kept[cell as usize];
        let mut idx = s - self.sup_base[cell as usize];
        for r in (0..self.set.regs.len()).rev() {
            if mask & (1 << r) != 0 {
                let dom = &self.doms[r];
                key[r] = dom[(idx % dom.len() as u32) as usize];
                idx /= dom.len() as u32;
            }
        }
        key
    }

    /// Most moves a superset state can have when lengths give one landing per direction:
    /// one per kind and direction (`None` when a length may land several times on a ray).
    fn capacity(&self) -> Option<usize> {
        if !self.set.kinds.iter().all(|k| k.length.is_single()) {
            return None;
        }
        Some(
            self.set
                .kinds
                .iter()
                .map(|k| match &k.dirs {
                    crate::rules::D::Set(s) => s.len(),
                    _ => self.set.directions.len(),
                })
                .sum(),
        )
    }

    /// Builds the superset and its moves, then numbers the states that exist.
    ///
    /// The superset holds every state the rules could have: per landable cell, every value of
    /// the registers it keeps, and `Outside`. A state exists when its cell keeps no register
    /// (RULES.md: every ordinary, dead-end and goal cell is a state, reachable or not), on a
    /// goal cell, at the start, or when some move of any superset state lands on it: states
    /// exist where the rules can put the mover, unreachable ones included (white holes), and
    /// none is invented. Keeping the superset fixed lets a gene change recompute one cell's
    /// moves and count which states appear or vanish, instead of renumbering from scratch.
    fn build_states(&mut self) {
        // Whether the superset is the state set decides how moves are made below.
        self.identity = self.set.regs.is_empty();
        self.doms = self.domains();
        self.kept = (0..self.cells.len()).map(|c| self.kept_mask(c)).collect();
        self.cap = self.capacity();
        self.lay_out_superset();
        self.read_superset_moves(None);
        self.number_states();
        // Landings follow the kinds on the way and each cell's registers' values.
        self.landings = None;
    }

    /// The superset's shape from `kept` and `doms`: each cell's superset states, `Outside`,
    /// and the start's superset state.
    fn lay_out_superset(&mut self) {
        let n = self.cells.len();
        self.sup_base.clear();
        self.sup_cell.clear();
        for c in 0..n {
            self.sup_base.push(self.sup_cell.len() as u32);
            let size = self.superset_size(c);
            self.sup_cell
                .extend(std::iter::repeat_n(c as u32, size as usize));
        }
        self.sup_base.push(self.sup_cell.len() as u32);
        self.sup_outside = (self.set.goal == GoalKind::Exit).then(|| {
            self.sup_cell.push(OUTSIDE);
            (self.sup_cell.len() - 1) as u32
        });
        let s = self.start_cell;
        let start_key = self
            .set
            .project(&self.cells[s as usize], &self.set.start_key());
        self.sup_start = self
            .sup_id(s, &start_key)
            .unwrap_or(self.sup_base[s as usize]);
    }

    /// Reads the moves of every superset state of the laid-out superset, and how many land
    /// on each: from the move generator, or for the cells `reuse` does not mark, copied from
    /// its earlier superset with the targets renumbered.
    fn read_superset_moves(&mut self, reuse: Option<&Before>) {
        let n = self.cells.len();
        let total = self.sup_cell.len();
        let mut refs = std::mem::take(&mut self.refs);
        refs.clear();
        refs.resize(total, 0);
        let mut sup_slot = std::mem::take(&mut self.sup_slot);
        sup_slot.clear();
        let mut sup_len = std::mem::take(&mut self.sup_len);
        sup_len.clear();
        let mut sup_moves = std::mem::take(&mut self.sup_moves);
        sup_moves.clear();
        let (mut cands, mut acc, mut moves) = (Vec::new(), Vec::new(), Vec::new());
        let cap = self.cap;
        let mut put = |ms: &[Move]| {
            for m in ms {
                refs[m.to as usize] += 1;
            }
            sup_slot.push(sup_moves.len() as u32);
            sup_len.push(ms.len() as u16);
            sup_moves.extend_from_slice(ms);
            if let Some(cap) = cap {
                let pad = cap.saturating_sub(ms.len());
                sup_moves.extend(std::iter::repeat_n(Move { dir: 0, to: 0 }, pad));
            }
        };
        for c in 0..n {
            match reuse {
                Some(e) if !e.read[c] => {
                    // Same kept registers and domains: the same superset states, in order.
                    let old = e.base[c]..e.base[c + 1];
                    debug_assert_eq!(old.len(), self.cell_superset(c).len());
                    for o in old {
                        let at = e.slot[o as usize] as usize;
                        moves.clear();
                        for m in &e.moves[at..at + usize::from(e.len[o as usize])] {
                            let to = match e.cell[m.to as usize] {
                                OUTSIDE => self.sup_outside.unwrap_or(m.to),
                                t => {
                                    debug_assert!(
                                        t as usize != e.changed,
                                        "a move onto the changed cell not read again"
                                    );
                                    self.sup_base[t as usize] + (m.to - e.base[t as usize])
                                }
                            };
                            moves.push(Move { dir: m.dir, to });
                        }
                        put(&moves);
                    }
                }
                _ => self.cell_superset_moves(c, &mut cands, &mut acc, &mut moves, |_, ms| put(ms)),
            }
        }
        if self.sup_outside.is_some() {
            put(&[]);
        }
        self.refs = refs;
        self.sup_slot = sup_slot;
        self.sup_len = sup_len;
        self.sup_moves = sup_moves;
    }

    /// After `cell` changed an attribute the moves read of a landing cell, the superset of
    /// the board as it is, its moves read again only for `cell` and the cells landing on it
    /// ([`Landings`]) and copied for the rest: what [`JumpGraph::build_states`] would build,
    /// for a fraction of the move generator's work on a large board. `false`, changing
    /// nothing, when a register's values changed.
    fn rebuild_around(&mut self, cell: usize) -> bool {
        if !self.domains_kept() {
            return false;
        }
        let mut landings = self.landings.take().unwrap_or_else(|| Landings::of(self));
        landings.refresh(self);
        let mut before = std::mem::take(&mut self.before);
        before.changed = cell;
        before.read.clear();
        before.read.resize(self.cells.len(), false);
        before.read[cell] = true;
        for &c in landings.readers(cell) {
            before.read[c as usize] = true;
        }
        self.kept[cell] = self.kept_mask(cell);
        // The earlier superset into `before`, whose buffers from last time take the new one.
        std::mem::swap(&mut before.base, &mut self.sup_base);
        std::mem::swap(&mut before.cell, &mut self.sup_cell);
        std::mem::swap(&mut before.slot, &mut self.sup_slot);
        std::mem::swap(&mut before.len, &mut self.sup_len);
        std::mem::swap(&mut before.moves, &mut self.sup_moves);
        before.outside = self.sup_outside;
        std::mem::swap(&mut self.prev_dense, &mut self.dense);
        std::mem::swap(&mut self.prev_sup_of, &mut self.sup_of);
        self.lay_out_superset();
        self.read_superset_moves(Some(&before));
        self.before = before;
        // The cell's own landings follow its registers and content.
        landings.read(self, cell);
        self.landings = Some(landings);
        self.number_states();
        true
    }

    /// After a [`Change::Reread`], the superset state that was `sup`'s before it (none for
    /// the changed cell's, whose superset may have changed shape).
    fn reread_previous_sup(&self, sup: u32) -> Option<u32> {
        let b = &self.before;
        match self.sup_cell[sup as usize] {
            OUTSIDE => b.outside,
            c if c as usize == b.changed => None,
            c => Some(b.base[c as usize] + (sup - self.sup_base[c as usize])),
        }
    }

    /// After a [`Change::Reread`], the id `state` had before it, if it existed.
    fn reread_previous(&self, state: StateId) -> Option<StateId> {
        let old = self.reread_previous_sup(self.sup(state))?;
        if self.identity {
            return Some(old);
        }
        let d = self.prev_dense[old as usize];
        (d != NO_STATE).then_some(d)
    }

    /// After a [`Change::Reread`], the id now of the state that was `old`, if it still is.
    fn reread_current(&self, old: StateId) -> Option<StateId> {
        let b = &self.before;
        let old_sup = if self.identity {
            old
        } else {
            self.prev_sup_of[old as usize]
        };
        let sup = match b.cell[old_sup as usize] {
            OUTSIDE => self.sup_outside?,
            c if c as usize == b.changed => return None,
            c => self.sup_base[c as usize] + (old_sup - b.base[c as usize]),
        };
        self.state_of_sup(sup)
    }

    /// After a [`Change::Reread`], whether `state`'s moves were read again.
    fn reread_state(&self, state: StateId) -> bool {
        match self.sup_cell[self.sup(state) as usize] {
            OUTSIDE => false,
            c => self.before.read[c as usize],
        }
    }

    /// The moves of superset state `sup`, targets as superset states.
    fn superset_moves(&self, sup: u32, acc: &mut Vec<Arrival>, out: &mut Vec<Move>) {
        out.clear();
        let c = self.sup_cell[sup as usize];
        if c == OUTSIDE || !self.cells[c as usize].is_ordinary() {
            return;
        }
        acc.clear();
        self.moves_of(c as usize, &self.sup_key(sup), acc);
        for &(dir, t, k) in acc.iter() {
            if let Some(to) = self.sup_id(t, &k) {
                out.push(Move { dir, to });
            }
        }
        out.truncate(u16::MAX as usize);
    }

    /// Whether superset state `sup` is a state of the graph.
    fn exists(&self, sup: u32) -> bool {
        self.refs[sup as usize] > 0 || self.superset_fixed(sup)
    }

    /// Numbers the existing superset states densely, in superset order (by cell, row-major,
    /// then by register values in declaration order, a missing value first); states' moves
    /// are the superset's, renumbered as they are read. Without registers the superset is the
    /// state set itself and there is nothing to number.
    fn number_states(&mut self) {
        self.most_moves = self.cap.unwrap_or_else(|| {
            self.sup_len
                .iter()
                .map(|&l| usize::from(l))
                .max()
                .unwrap_or(0)
        });
        self.dense.clear();
        self.sup_of.clear();
        if self.identity {
            return;
        }
        let total = self.sup_cell.len();
        self.dense.resize(total, NO_STATE);
        for sup in 0..total as u32 {
            if self.exists(sup) {
                self.dense[sup as usize] = self.sup_of.len() as u32;
                self.sup_of.push(sup);
            }
        }
    }

    /// The superset state of state `state`.
    fn sup(&self, state: StateId) -> u32 {
        if self.identity {
            state
        } else {
            self.sup_of[state as usize]
        }
    }

    /// The state of superset state `sup`, if it exists.
    fn state_of_sup(&self, sup: u32) -> Option<StateId> {
        if self.identity {
            Some(sup)
        } else {
            let d = self.dense[sup as usize];
            (d != NO_STATE).then_some(d)
        }
    }

    /// The key of a state (the start key when the rules have no registers).
    fn key_of(&self, state: StateId) -> Key {
        self.sup_key(self.sup(state))
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
        let original = self.cells[cell];
        let range = self.sup_base[cell]..self.sup_base[cell + 1];
        let keys: Vec<Key> = if range.is_empty() {
            vec![self.set.start_key()]
        } else {
            range.map(|s| self.sup_key(s)).collect()
        };
        // Probing every number of every cell is most of the set-up of a large board: the
        // buffers are kept across probes, and a probe stops at its first move.
        let mut cands = Vec::new();
        (1..=max_jump)
            .filter(|&k| {
                let mut c = original;
                c.kind = Kind::Ordinary;
                c.number = Some(i16::from(k));
                keys.iter().any(|key| {
                    cands.clear();
                    let Some((here, k1)) = self.leaving(cell, &c, key, &mut cands) else {
                        return false;
                    };
                    cands.iter().any(|&(kind, d, k, t)| {
                        acc.clear();
                        self.arrive(&self.set.kinds[kind], cell, &here, &k1, d, k, t, &mut acc);
                        !acc.is_empty()
                    })
                })
            })
            .collect()
    }

    /// Changes the number of an ordinary cell; see [`JumpGraph::set_cell`].
    pub fn set_jump(&mut self, cell: usize, k: u8) -> Change {
        let mut c = self.cells[cell];
        c.number = Some(i16::from(k));
        self.set_cell(cell, c)
    }

    /// Puts `content` in `cell` and updates the graph, as cheaply as the change allows: when
    /// the cell keeps its kind and only attributes that nothing reads of a landing cell change
    /// (a number, an arrow, a piece, under most rules), only the moves out of the cell's
    /// states are recomputed and the states that appear or vanish counted; otherwise the
    /// states and moves are rebuilt (the runs too when the kind changed).
    pub fn set_cell(&mut self, cell: usize, content: Cell) -> Change {
        let old = std::mem::replace(&mut self.cells[cell], content);
        if old.kind != content.kind {
            self.compute_all_runs();
            self.build_states();
            return Change::Renumbered;
        }
        if !self.set.local_change(&old, &content) || self.cap.is_none() {
            if self.rebuild_around(cell) {
                return Change::Reread;
            }
            self.build_states();
            return Change::Renumbered;
        }
        if let Some(landings) = &mut self.landings {
            landings.stale(cell);
        }
        if self.identity {
            // Without registers every landable cell is one state whatever lands on it: no
            // counts to keep, only the cell's own moves to rewrite in place.
            let mut cands = std::mem::take(&mut self.scratch_cands);
            let mut acc = std::mem::take(&mut self.scratch_acc);
            let mut moves = std::mem::take(&mut self.scratch_moves);
            let mut written = None;
            self.cell_superset_moves(cell, &mut cands, &mut acc, &mut moves, |sup, ms| {
                written = Some((sup, ms.len()));
            });
            if let Some((sup, len)) = written {
                let at = self.sup_slot[sup as usize] as usize;
                self.sup_moves[at..at + len].copy_from_slice(&moves[..len]);
                self.sup_len[sup as usize] = len as u16;
            }
            self.scratch_cands = cands;
            self.scratch_acc = acc;
            self.scratch_moves = moves;
            return Change::States(self.sup_base[cell]..self.sup_base[cell + 1]);
        }
        let mut acc = std::mem::take(&mut self.scratch_acc);
        let mut moves = std::mem::take(&mut self.scratch_moves);
        let mut touched = std::mem::take(&mut self.scratch_touched);
        touched.clear();
        // Without registers every landable cell is one state whatever lands on it: nothing
        // to count. Otherwise note every target whose count changes and whether it was a
        // state before.
        let counted = !self.identity;
        let mut cands = std::mem::take(&mut self.scratch_cands);
        // Take the old moves' counts off, then put the new ones on.
        for sup in self.sup_base[cell]..self.sup_base[cell + 1] {
            let at = self.sup_slot[sup as usize] as usize;
            let len = usize::from(self.sup_len[sup as usize]);
            for k in at..at + len {
                let t = self.sup_moves[k].to;
                if counted && !touched.iter().any(|&(x, _)| x == t) {
                    touched.push((t, self.exists(t)));
                }
                self.refs[t as usize] -= 1;
            }
        }
        let mut fresh = std::mem::take(&mut self.scratch_fresh);
        fresh.clear();
        let mut flat = std::mem::take(&mut self.scratch_flat);
        flat.clear();
        self.cell_superset_moves(cell, &mut cands, &mut acc, &mut moves, |sup, ms| {
            fresh.push((sup, flat.len(), ms.len()));
            flat.extend_from_slice(ms);
        });
        for &(sup, from, len) in &fresh {
            for m in &flat[from..from + len] {
                if counted && !touched.iter().any(|&(x, _)| x == m.to) {
                    touched.push((m.to, self.exists(m.to)));
                }
                self.refs[m.to as usize] += 1;
            }
            let at = self.sup_slot[sup as usize] as usize;
            self.sup_moves[at..at + len].copy_from_slice(&flat[from..from + len]);
            self.sup_len[sup as usize] = len as u16;
        }
        self.scratch_cands = cands;
        self.scratch_flat = flat;
        self.scratch_fresh = fresh;
        let renumber = touched.iter().any(|&(t, before)| self.exists(t) != before);
        self.scratch_acc = acc;
        self.scratch_moves = moves;
        self.scratch_touched = touched;
        if renumber {
            std::mem::swap(&mut self.prev_dense, &mut self.dense);
            std::mem::swap(&mut self.prev_sup_of, &mut self.sup_of);
            self.number_states();
            return Change::Shifted(cell);
        }
        let (lo, hi) = (self.sup_base[cell], self.sup_base[cell + 1]);
        if self.identity {
            return Change::States(lo..hi);
        }
        let mut first = None;
        let mut last = 0;
        for sup in lo..hi {
            if let Some(state) = self.state_of_sup(sup) {
                first.get_or_insert(state);
                last = state + 1;
            }
        }
        // A cell's states are numbered consecutively.
        Change::States(first.map_or(0..0, |f| f..last))
    }

    /// Brings `stride`, the stride graph of this graph before `change`, up to date as cheaply
    /// as the change allows.
    pub fn follow(&self, change: Change, stride: &mut StrideAdjacency) {
        match change {
            Change::States(states) => {
                for s in states {
                    stride.update(self, &[s]);
                }
            }
            Change::Renumbered => stride.rebuild(self),
            Change::Reread => stride.renumber(
                self,
                |s| self.reread_previous(s),
                |o| self.reread_current(o),
                |s| self.reread_state(s),
            ),
            Change::Shifted(cell) => stride.renumber(
                self,
                |s| self.previous_state(s),
                |o| self.current_state(o),
                |s| self.on_cell(s, cell),
            ),
        }
    }

    /// After a [`Change::Shifted`], the id `state` had before it, if it existed.
    fn previous_state(&self, state: StateId) -> Option<StateId> {
        let d = self.prev_dense[self.sup_of[state as usize] as usize];
        (d != NO_STATE).then_some(d)
    }

    /// After a [`Change::Shifted`], the id now of the state that was `old`, if it still is.
    fn current_state(&self, old: StateId) -> Option<StateId> {
        self.state_of_sup(self.prev_sup_of[old as usize])
    }

    /// Whether `state` stands on `cell`.
    fn on_cell(&self, state: StateId, cell: usize) -> bool {
        self.sup_cell[self.sup(state) as usize] == cell as u32
    }

    /// The legal moves of a state.
    pub fn moves(&self, state: StateId) -> Vec<Move> {
        let mut acc = Vec::new();
        self.successors_into(&mut acc, state);
        acc
    }

    /// Appends the moves of `state`: the superset moves of its superset state, targets
    /// renumbered (a target of a state's move always exists: a move lands on it).
    fn successors_into(&self, acc: &mut Vec<Move>, state: StateId) {
        let sup = self.sup(state) as usize;
        let at = self.sup_slot[sup] as usize;
        let moves = &self.sup_moves[at..at + usize::from(self.sup_len[sup])];
        if self.identity {
            acc.extend_from_slice(moves);
        } else {
            acc.extend(moves.iter().map(|m| Move {
                dir: m.dir,
                to: self.dense[m.to as usize],
            }));
        }
    }

    /// The cell of `state` (row, col), or `None` for `Outside`.
    pub fn state_cell(&self, state: StateId) -> Option<Coord> {
        let cell = self.sup_cell[self.sup(state) as usize];
        (cell != OUTSIDE).then(|| (cell as usize / self.cols, cell as usize % self.cols))
    }

    /// How many superset states there are: every state the rules could have on this board
    /// (see [`JumpGraph::superset_shape`]); the states are those that exist.
    pub fn superset_len(&self) -> usize {
        self.sup_cell.len()
    }

    /// What fixes the superset's numbering: per cell its first superset state, the
    /// registers it keeps and their values. Two graphs of one maze with the same shape
    /// number their superset states alike, so moves read from one hold in the other.
    pub fn superset_shape(&self) -> SupersetShape {
        SupersetShape {
            base: self.sup_base.clone(),
            kept: self.kept.clone(),
            domains: self.doms.clone(),
            outside: self.sup_outside,
        }
    }

    /// The superset states on `cell`, numbered consecutively (none on a cell nothing lands
    /// on).
    pub fn cell_superset(&self, cell: usize) -> std::ops::Range<u32> {
        self.sup_base[cell]..self.sup_base[cell + 1]
    }

    /// Appends the targets (superset states) of the moves of superset state `sup`; a state
    /// that does not exist has its moves too, and they count towards which states exist.
    pub fn superset_targets(&self, sup: u32, out: &mut Vec<u32>) {
        let at = self.sup_slot[sup as usize] as usize;
        let moves = &self.sup_moves[at..at + usize::from(self.sup_len[sup as usize])];
        out.extend(moves.iter().map(|m| m.to));
    }

    /// The targets of every superset state of `cell` were it to hold `content`, handed to
    /// `each` with the superset state, or `false` (and nothing handed) when the change is not
    /// local ([`RuleSet::local_change`]: other kind, or an attribute read of a landing cell).
    /// The graph is left as it was: a local change keeps the superset and every other cell's
    /// moves, so this reads what [`JumpGraph::set_cell`] would put there without rebuilding
    /// (which it does under rules whose rays land several times).
    pub fn superset_targets_as(
        &mut self,
        cell: usize,
        content: Cell,
        each: impl FnMut(u32, &mut dyn Iterator<Item = u32>),
    ) -> bool {
        let old = self.cells[cell];
        if !self.set.local_change(&old, &content) {
            return false;
        }
        self.cells[cell] = content;
        self.cell_targets(cell, each);
        self.cells[cell] = old;
        true
    }

    /// Whether superset state `sup` is a state whatever moves land on it: its cell keeps no
    /// register, it is `Outside`, or it is the start. Any other exists when a move of a
    /// superset state lands on it.
    pub fn superset_fixed(&self, sup: u32) -> bool {
        let c = self.sup_cell[sup as usize];
        c == OUTSIDE || self.kept[c as usize] == 0 || sup == self.sup_start
    }

    /// Whether superset state `sup` exists (is a state of the graph).
    pub fn superset_exists(&self, sup: u32) -> bool {
        self.exists(sup)
    }

    /// The start's superset state.
    pub fn superset_start(&self) -> u32 {
        self.sup_start
    }

    /// Whether superset state `sup` is a goal state ([`Rules::is_goal`]).
    pub fn superset_goal(&self, sup: u32) -> bool {
        let cell = self.sup_cell[sup as usize];
        cell == OUTSIDE || self.cells[cell as usize].is_goal()
    }

    /// The jump number of superset state `sup` ([`Rules::jump`]).
    pub fn superset_jump(&self, sup: u32) -> Option<u32> {
        let cell = self.sup_cell[sup as usize];
        if cell == OUTSIDE {
            return None;
        }
        self.cells[cell as usize].jump()
    }

    /// The state of `cell` when it has exactly one (a cell keeping no register), `None`
    /// otherwise.
    pub fn cell_state(&self, cell: usize) -> Option<StateId> {
        let (lo, hi) = (self.sup_base[cell], self.sup_base[cell + 1]);
        if hi != lo + 1 || self.kept[cell] != 0 {
            return None;
        }
        self.state_of_sup(lo)
    }

    /// The states on `cell`, in id order.
    pub fn cell_states(&self, cell: usize) -> Vec<StateId> {
        (self.sup_base[cell]..self.sup_base[cell + 1])
            .filter_map(|s| self.state_of_sup(s))
            .collect()
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
                Kind::Ordinary => self
                    .cell_states(i)
                    .iter()
                    .all(|&s| self.moves(s).is_empty()),
                _ => false,
            })
            .map(|i| (i / self.cols, i % self.cols))
            .collect()
    }
}

/// The numbering of a graph's superset states ([`JumpGraph::superset_shape`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SupersetShape {
    base: Vec<u32>,
    kept: Vec<u8>,
    domains: Vec<Vec<i64>>,
    outside: Option<u32>,
}

/// What a change of one cell did to the graph.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// The state numbering stayed; the moves of these states (the cell's) changed.
    States(std::ops::Range<StateId>),
    /// States appeared or vanished: every id may have changed.
    Renumbered,
    /// States appeared or vanished, but only the states on this cell have new moves: every
    /// other state keeps its moves under new ids ([`JumpGraph::follow`] translates).
    Shifted(usize),
    /// The cell changed what a landing reads: its states and those of the cells landing on
    /// it have new moves, and the cell's superset states may have changed in number; every
    /// other state keeps its moves under new ids ([`JumpGraph::follow`] translates).
    Reread,
}

impl Rules for JumpGraph {
    fn directions(&self) -> &'static Directions {
        self.set.directions
    }

    fn n_states(&self) -> usize {
        if self.identity {
            self.sup_cell.len()
        } else {
            self.sup_of.len()
        }
    }

    fn start(&self) -> StateId {
        self.state_of_sup(self.sup_start).unwrap_or(0)
    }

    fn is_goal(&self, state: StateId) -> bool {
        self.superset_goal(self.sup(state))
    }

    fn jump(&self, state: StateId) -> Option<u32> {
        self.superset_jump(self.sup(state))
    }

    fn successors(&self, acc: &mut Vec<Move>, state: StateId) {
        self.successors_into(acc, state);
    }

    fn max_successors(&self) -> usize {
        self.most_moves
    }

    fn state_name(&self, state: StateId) -> String {
        let sup = self.sup(state);
        let cell = self.sup_cell[sup as usize];
        let at = self.state_cell(state);
        let c = if cell == OUTSIDE {
            Cell::default()
        } else {
            self.cells[cell as usize]
        };
        self.set.state_name(at, &c, &self.sup_key(sup))
    }
}
