//! The generator's word-sized engine: a jumping maze of at most 64 states whose steps change
//! only jump numbers, kept as one `u64` of successors (and one of predecessors) per state.
//!
//! When a cell's moves depend on nothing but its own jump number (no registers, no landing
//! condition reading numbers, kinds fixed), a step is a table look-up: the destination set
//! of each cell for each of its legal numbers is read once from the compiled graph
//! ([`JumpGraph::set_cell`], the one move generator), per goal placement, and the rows are
//! patched in place. [`JumpSpace`](crate::JumpSpace) uses this instead of updating the
//! compiled and stride graphs when its scorer needs only the fast core, and is
//! property-tested to reach the same mazes with the same scores either way.

use maze_features::{JumpSets, NO_ROWS, Rows, Words};
use maze_graph::{Move, Rules, StateId};
use maze_variants::{Cell, Change, JumpGraph};

/// No state: a cell that is not landable.
const NO_STATE: u8 = u8::MAX;

/// The largest graph this engine takes: one machine word per state set.
pub const MAX_STATES: usize = 64;

/// Destination sets of every mutable cell for each of its legal numbers, under one placement
/// of the goal: the set of cell `c` for number `k` is `sets[c * width + (k - lo)]` (0 for
/// numbers that are not legal there, which `legal` tells apart).
#[derive(Clone, Debug)]
struct Table {
    sets: Vec<u64>,
    /// The size of each set (counted once here: the default x86-64 target has no
    /// population-count instruction).
    sizes: Vec<u8>,
    legal: Vec<bool>,
}

/// The rows of the current configuration and the tables they are patched from.
#[derive(Clone, Debug)]
pub struct WordGraph {
    /// Tables by goal cell (the last slot: no goal cell).
    tables: Vec<Option<Table>>,
    /// The table in use.
    current: usize,
    /// The smallest legal number anywhere, and how many numbers from it a table holds.
    lo: i16,
    width: usize,
    /// The state of each cell, [`NO_STATE`] if none.
    state_of: Vec<u8>,
    n: usize,
    succ: Rows,
    pred: Rows,
    /// The size of each state's row.
    degree: [u8; MAX_STATES],
    /// The states of each jump number `k`, at index `k + 1` (index 0: the empty set).
    jump_sets: Box<JumpSets>,
    /// Each state's index in `jump_sets`.
    jump_set_of: [u8; MAX_STATES],
    /// Past the highest index in `jump_sets` ever used.
    jump_sets_end: usize,
    goals: u64,
    start: usize,
    n_moves: usize,
    /// Scratch for reading moves.
    moves: Vec<Move>,
}

impl WordGraph {
    /// The rows of `graph` with tables for `mutable` cells, whose legal numbers are
    /// `legal[cell]` (sorted), or `None` when the graph does not fit: more than
    /// [`MAX_STATES`] states, a cell without exactly one state, or a number change that does
    /// more than rewrite the cell's own moves.
    pub fn new(
        graph: &mut JumpGraph,
        mutable: &[u32],
        legal: &[Vec<i16>],
        goal: Option<usize>,
    ) -> Option<WordGraph> {
        if graph.n_states() > MAX_STATES {
            return None;
        }
        let cells = legal.len();
        let lo = legal
            .iter()
            .filter_map(|l| l.first())
            .copied()
            .min()
            .unwrap_or(0);
        let hi = legal
            .iter()
            .filter_map(|l| l.last())
            .copied()
            .max()
            .unwrap_or(0);
        let mut w = WordGraph {
            tables: vec![None; cells + 1],
            current: 0,
            lo,
            width: usize::try_from(hi - lo).unwrap_or(0) + 1,
            state_of: vec![NO_STATE; cells],
            n: 0,
            succ: NO_ROWS,
            pred: NO_ROWS,
            degree: [0; MAX_STATES],
            jump_sets: Box::new([0; 256]),
            jump_set_of: [0; MAX_STATES],
            jump_sets_end: 1,
            goals: 0,
            start: 0,
            n_moves: 0,
            moves: Vec::new(),
        };
        for cell in 0..cells {
            if let Some(s) = graph.cell_state(cell) {
                w.state_of[cell] = s as u8;
            }
        }
        w.reload(graph, mutable, legal, goal).then_some(w)
    }

    /// Reads the rows of `graph`, freshly compiled after a restart or restore with the goal
    /// on `goal`; `false` when its tables cannot be built (see [`WordGraph::new`]).
    pub fn reload(
        &mut self,
        graph: &mut JumpGraph,
        mutable: &[u32],
        legal: &[Vec<i16>],
        goal: Option<usize>,
    ) -> bool {
        let n = graph.n_states();
        if n > MAX_STATES {
            return false;
        }
        self.current = goal.unwrap_or(self.tables.len() - 1);
        if self.tables[self.current].is_none() {
            match self.table(graph, mutable, legal) {
                Some(t) => self.tables[self.current] = Some(t),
                None => return false,
            }
        }
        self.n = n;
        self.pred = NO_ROWS;
        self.jump_sets.iter_mut().for_each(|set| *set = 0);
        self.goals = 0;
        for s in 0..n {
            let row = self.read_row(graph, s as StateId);
            let mut rest = row;
            while rest != 0 {
                self.pred[(rest.trailing_zeros() & 63) as usize] |= 1 << s;
                rest &= rest - 1;
            }
            self.succ[s] = row;
            self.degree[s] = row.count_ones() as u8;
            self.add_jump(s, Rules::jump(graph, s as StateId));
            if Rules::is_goal(graph, s as StateId) {
                self.goals |= 1 << s;
            }
        }
        self.start = Rules::start(graph) as usize;
        self.n_moves = self.degree[..n].iter().map(|&d| usize::from(d)).sum();
        true
    }

    /// Puts `content` (a jump number that is legal in `cell`) in `cell`: its state's row
    /// becomes the table's. `false` when the table does not know the content (the caller
    /// falls back to the compiled graph).
    pub fn set(&mut self, cell: usize, content: Cell) -> bool {
        let Some(table) = &self.tables[self.current] else {
            return false;
        };
        let s = self.state_of[cell];
        let at = content
            .number
            .and_then(|k| usize::try_from(k - self.lo).ok())
            .filter(|&i| i < self.width);
        let (Some(i), false) = (at, s == NO_STATE) else {
            return false;
        };
        let s = usize::from(s);
        let at = cell * self.width + i;
        if !table.legal[at] {
            return false;
        }
        let row = table.sets[at];
        let old = self.succ[s];
        let mut changed = old ^ row;
        while changed != 0 {
            self.pred[(changed.trailing_zeros() & 63) as usize] ^= 1 << s;
            changed &= changed - 1;
        }
        self.n_moves = self.n_moves + usize::from(table.sizes[at]) - usize::from(self.degree[s]);
        self.degree[s] = table.sizes[at];
        self.succ[s] = row;
        self.jump_sets[usize::from(self.jump_set_of[s])] &= !(1 << s);
        self.add_jump(s, content.jump());
        true
    }

    /// The successors of `s` in `graph` as a row.
    fn read_row(&mut self, graph: &JumpGraph, s: StateId) -> u64 {
        self.moves.clear();
        Rules::successors(graph, &mut self.moves, s);
        self.moves.iter().fold(0u64, |row, m| row | 1 << m.to)
    }

    /// Puts state `s` in the set of its jump number (none for a state without one, or one
    /// too large to index: then it is in no cluster, which only a number beyond 254 could
    /// mean).
    fn add_jump(&mut self, s: usize, jump: Option<u32>) {
        let k = jump.map_or(0, |v| v as usize + 1);
        let k = if k > usize::from(u8::MAX) { 0 } else { k };
        self.jump_set_of[s] = k as u8;
        self.jump_sets_end = self.jump_sets_end.max(k + 1);
        if k > 0 {
            self.jump_sets[k] |= 1 << s;
        }
    }

    /// The rows, for the scorer.
    pub fn words(&self) -> Words<'_> {
        Words {
            n: self.n,
            succ: &self.succ,
            pred: &self.pred,
            goals: self.goals,
            start: self.start,
            jump_sets: &self.jump_sets,
            jump_set_of: &self.jump_set_of,
            jump_sets_end: self.jump_sets_end,
            n_moves: self.n_moves,
        }
    }

    /// The destination sets of every mutable cell and legal number, found by putting each
    /// number in the cell of `graph` and reading the moves (the graph is left as it was);
    /// `None` when a change does more than rewrite the cell's one state's moves.
    fn table(
        &mut self,
        graph: &mut JumpGraph,
        mutable: &[u32],
        legal: &[Vec<i16>],
    ) -> Option<Table> {
        let mut sets = vec![0u64; self.state_of.len() * self.width];
        let mut known = vec![false; sets.len()];
        let mut sizes = vec![0u8; sets.len()];
        for &cell in mutable {
            let cell = cell as usize;
            let s = self.state_of[cell];
            if s == NO_STATE {
                return None;
            }
            let s = StateId::from(s);
            let original = graph.cell(cell);
            for &k in &legal[cell] {
                let change = graph.set_cell(cell, Cell::with_number(k));
                let ok = change == Change::States(s..s + 1);
                let row = self.read_row(graph, s);
                let back = graph.set_cell(cell, original);
                if !ok || back != Change::States(s..s + 1) {
                    return None;
                }
                let at = cell * self.width + usize::try_from(k - self.lo).ok()?;
                sets[at] = row;
                sizes[at] = row.count_ones() as u8;
                known[at] = true;
            }
        }
        Some(Table {
            sets,
            sizes,
            legal: known,
        })
    }
}
