//! Jumping mazes on every tiling under any rule of the rule model: validation, and the
//! engine that compiles a maze into dense states and move tables ([`JumpGraph`]), with every
//! exact jump decided in constant time from precomputed runs.
//!
//! - `validate`: [`JumpingMaze`], what a file holds, and its validation.
//! - `runs`: the runs of passable unit steps that decide every exact jump.
//! - `moves`: move generation (candidates, landing checks).
//! - `superset`: the superset layout, its moves and the dense numbering of its states.
//! - `update`: incremental updates of one cell, and what they changed ([`Change`]).
//! - `teleport`: the teleport pairs of a board and their check.
//!
//! This file holds [`JumpGraph`] itself, its construction and what any consumer reads.

mod landings;
mod mechanic;
mod moves;
mod rank;
mod runs;
mod superset;
mod teleport;
mod update;
mod validate;

pub use landings::Landings;
use moves::Arrival;
use runs::RunTable;
pub use superset::{Superset, SupersetShape};
pub use teleport::{declare_teleports, listed_teleports};
pub use update::Change;
use update::Updates;
pub use validate::JumpingMaze;

use std::collections::HashSet;
use std::sync::Arc;

use maze_graph::{Dir, DirSet, Directions, Move, Rules, StateId, StrideAdjacency};

use crate::board::{Board, Cell, Kind};
use crate::limit::StateLimit;
use crate::problem::{Problem, Where};
use crate::rules::{Ctx, K, Kept, Key, L, LAST_DIRECTION, NONE, Places, RuleSet};
use crate::rules::{GoalKind, JumpRules};
use crate::tiling::Coord;
use crate::tiling::Tiling;

/// The most states (every register value on every landable cell) the engine can number;
/// the file reader's configurable [`crate::StateLimit`] is usually far lower.
pub(crate) const MAX_SUPERSET: u128 = crate::limit::StateLimit::MAX.get() as u128;

/// Sentinel target of an exit jump.
pub const OUTSIDE: u32 = u32::MAX;
const INFINITE: u32 = u32::MAX;

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
    /// Whether the rules read numbers as lengths, so that numbers are jump numbers
    /// ([`RuleSet::reads_numbers`]).
    numbered: bool,
    rows: usize,
    cols: usize,
    cells: Vec<Cell>,
    walls: Vec<(Coord, Coord)>,
    /// One-way walls and doors: `(from, to)` cells, whether one-way, and the door's index.
    gates: Vec<(usize, usize, bool, Option<usize>)>,
    start_cell: u32,
    /// The runs of passable unit steps, per kind of flying, cell and direction.
    runs: RunTable,
    /// Per register, the values a state may hold (sorted, a missing value first).
    doms: Vec<Vec<i64>>,
    /// Per cell, the registers its states keep (bit r).
    kept: Vec<Kept>,
    /// Per cell, its first superset state; `sup_base[n]` = superset states on cells.
    sup_base: Vec<u32>,
    /// Under plain rules (one state a landable cell), `sup_base` as a rank in cache.
    rank: Option<rank::Rank>,
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
    /// The superset's moves are not kept but read from the runs when asked (plain rules
    /// without teleports, compiled to be read: [`JumpGraph::within`]); an update builds the
    /// tables first.
    on_demand: bool,
    /// Per superset state its state, or `NO_STATE`; per state its superset state.
    dense: Vec<u32>,
    sup_of: Vec<u32>,
    /// The most moves any state has (or may have, when patchable).
    most_moves: usize,
    /// What incremental updates keep between changes.
    updates: Updates,
    /// Per cell its teleport partner ([`teleport::NO_PARTNER`] for none); empty without
    /// teleports.
    tele: Vec<u32>,
}

const NO_STATE: u32 = u32::MAX;

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
        let mut graph = JumpGraph::unbuilt(maze, maze.board.cells.clone(), set);
        graph.build_states();
        graph
    }

    /// Compiles a valid maze whose board holds `cells` (the maze's own, or taken from it so
    /// that the board is not held twice), stopping once its moves are more than `limit`
    /// allows: the superset's states and the moves read so far are the error.
    pub(crate) fn within(
        maze: &JumpingMaze,
        cells: Vec<Cell>,
        limit: StateLimit,
    ) -> Result<JumpGraph, (u64, u64)> {
        let set = match maze.rules.compile() {
            Ok(set) => Arc::new(set),
            Err(p) => panic!("JumpGraph::within on invalid rules: {}", p.message),
        };
        let mut graph = JumpGraph::unbuilt(maze, cells, set);
        // Read once into a flat graph, plain moves cost less computed again than kept.
        graph.on_demand = graph.plain.is_some() && !graph.has_teleports();
        let moves = u64::try_from(limit.moves()).unwrap_or(u64::MAX);
        match graph.build_states_within(moves) {
            Ok(()) => Ok(graph),
            Err(read) => Err((graph.sup_cell.len() as u64, read)),
        }
    }

    /// The graph's tables up to the runs, before its states and moves are read.
    fn unbuilt(maze: &JumpingMaze, cells: Vec<Cell>, set: Arc<RuleSet>) -> JumpGraph {
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
                    && set.doors.is_empty()
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
            numbered: set.reads_numbers(),
            set,
            rows: board.rows,
            cols: board.cols,
            tele: teleport::partners(&cells),
            cells,
            walls: maze.walls.clone(),
            gates: maze
                .gates
                .iter()
                .map(|g| {
                    let door = g
                        .passage
                        .door()
                        .and_then(|name| maze.rules.doors.iter().position(|d| d.name == name));
                    (
                        g.from.0 * board.cols + g.from.1,
                        g.to.0 * board.cols + g.to.1,
                        g.passage.one_way(),
                        door,
                    )
                })
                .collect(),
            start_cell: (maze.start.0 * board.cols + maze.start.1) as u32,
            runs: RunTable {
                slot_of,
                n_slots,
                by_over: Vec::new(),
            },
            doms: Vec::new(),
            kept: Vec::new(),
            sup_base: Vec::new(),
            rank: None,
            sup_cell: Vec::new(),
            sup_outside: None,
            sup_start: 0,
            refs: Vec::new(),
            sup_slot: Vec::new(),
            sup_len: Vec::new(),
            sup_moves: Vec::new(),
            cap: None,
            identity: true,
            on_demand: false,
            dense: Vec::new(),
            sup_of: Vec::new(),
            most_moves: 0,
            updates: Updates::default(),
        };
        graph.compute_all_runs();
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
            // Most steps stay inside the box: no division for them.
            let wrap = |x: i64, n: i64| {
                if (0..n).contains(&x) {
                    x
                } else {
                    x.rem_euclid(n)
                }
            };
            Some((wrap(r, rows) * cols + wrap(c, cols)) as usize)
        } else if r >= 0 && c >= 0 && r < rows && c < cols {
            Some((r * cols + c) as usize)
        } else {
            None
        }
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
        if self.on_demand {
            // Plain rules keep no registers: the state is its superset state.
            self.moves_on_demand(state, acc);
            return;
        }
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
    pub(crate) fn state_last_dir(&self, state: StateId) -> Option<Dir> {
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
        self.dead_end_cells_where(|s| self.moves(s).is_empty())
    }

    /// [`JumpGraph::dead_end_cells`], told by `stuck` which states have no move (read from
    /// a flat graph already built, instead of finding every state's moves again).
    pub fn dead_end_cells_where(&self, stuck: impl Fn(StateId) -> bool) -> Vec<Coord> {
        (0..self.cells.len())
            .filter(|&i| match self.cells[i].kind {
                Kind::DeadEnd => true,
                Kind::Ordinary => (self.sup_base[i]..self.sup_base[i + 1])
                    .filter_map(|s| self.state_of_sup(s))
                    .all(&stuck),
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

    fn mechanic(&self, from: StateId, mv: Move) -> bool {
        self.mechanic_move(from, mv)
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
        self.set.state_name(at, self.cols, &c, &self.sup_key(sup))
    }
}
