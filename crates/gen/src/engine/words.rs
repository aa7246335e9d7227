//! The generator's word engine: a jumping maze of at most 1024 superset states whose steps
//! change only what a cell's own moves read (jump numbers, arrows, pieces: RULES.md's local
//! changes), kept as rows of one to sixteen machine words (successors and predecessors of
//! every superset state).
//!
//! The rows cover the compiled graph's fixed *superset* of states ([`JumpGraph`]: per cell,
//! every value of the registers it keeps), so a step never renumbers: a state of a rule with
//! registers (no-U-turn's last direction, a move type, a counter) that appears or vanishes
//! is one bit of the set of states that exist, which is exactly the superset states that are
//! fixed or have a predecessor. When a cell's moves depend on nothing but its own content
//! (nothing that changes is read of a landing cell, kinds fixed), a step is a table look-up:
//! the rows of the cell's superset states for each content it can take ([`Contents`]: its
//! legal numbers, or the finite list of contents the file's genes give it) are read once from
//! the compiled graph ([`JumpGraph::set_cell`], the one move generator) per goal placement,
//! and patched in place. [`JumpSpace`](crate::JumpSpace) uses this instead of
//! updating the compiled and stride graphs when its scorer needs only the fast core, and is
//! property-tested to reach the same mazes with the same scores either way.

use maze_features::Core;
use maze_variants::{Cell, JumpGraph, Landings, Superset, SupersetShape};

use super::bits::Bits;
use super::cutoff::Never;
use super::passes::{JumpSets, MAX_WORD_STATES, StateBytes, WordScratch, Words, core_of_words};
use crate::score::{Score, Scorer};

/// A superset state's index into the per-state arrays, which the compiler then knows is in
/// bounds.
const STATE_MASK: usize = MAX_WORD_STATES - 1;

/// The most contents a table holds per cell: beyond, a step's look-up would cost more than
/// the compiled graph saves.
pub const MAX_OPTIONS: usize = 256;

/// The most bytes of rows one table may take (one table per goal placement).
const MAX_TABLE_BYTES: usize = 32 << 20;

/// The most bytes of rows all goal placements' tables may take together: past it, the
/// tables of other placements are dropped and read again when the goal returns (a random
/// goal on a 32 x 32 board would otherwise keep a thousand tables of 4 MB).
const MAX_TABLES_BYTES: usize = 256 << 20;

/// What a mutable cell can hold, which the tables index.
#[derive(Clone, Copy, Debug)]
pub enum Contents<'a> {
    /// Only jump numbers change: per cell, its legal numbers (sorted), the rest of the cell
    /// as the graph has it. Indexed by arithmetic.
    Numbers(&'a [Vec<i16>]),
    /// Per cell, every content (distinct) a step can give it, each changing only the cell's
    /// own moves ([`RuleSet::local_change`](maze_variants::RuleSet::local_change)). Indexed
    /// by a look-up in the cell's list.
    Cells(&'a [Vec<Cell>]),
    /// Any content of the cell's kind, however the rules read it (a circle, a colour, a
    /// symbol, a wildcard read of the landing cell): no table; a step reads the rows of the
    /// cell's superset states and of every cell whose moves may land on it from the move
    /// generator ([`JumpGraph::cell_targets`]), as long as the superset keeps its shape.
    Any,
}

/// The rows of every mutable cell's superset states for each of its contents, under one
/// placement of the goal and one superset numbering.
#[derive(Clone, Debug)]
struct Table<S> {
    shape: SupersetShape,
    /// The cells' contents the rows were read with, numbers aside (in [`Contents::Numbers`]).
    base: Vec<Cell>,
    /// Superset states per cell, at most: the stride of `rows`.
    per: usize,
    /// The rows of cell `c` for its content of index `i` (number `lo + i`, or option `i`),
    /// its `j`-th superset state: `rows[((c * width) + i) * per + j]`.
    rows: Vec<S>,
    /// The size of each row (counted once here: the default x86-64 target has no
    /// population-count instruction), [`ILLEGAL`] in the first slot of a content that the
    /// cell cannot take.
    sizes: Vec<u16>,
    /// The same moves by target: for cell `c` and content `i`, `cols[col_at[e]..col_at[e + 1]]`
    /// with `e = c * width + i` lists each target `t` once with the set of the cell's
    /// superset states that move to it, so a step patches the predecessors target by target
    /// (a rule with registers moves several states of the cell to each target).
    cols: Vec<(u32, S)>,
    col_at: Vec<u32>,
}

impl<S> Table<S> {
    /// The bytes its rows and columns take.
    fn bytes(&self) -> usize {
        self.rows.len() * std::mem::size_of::<S>()
            + self.sizes.len() * std::mem::size_of::<u16>()
            + self.cols.len() * std::mem::size_of::<(u32, S)>()
    }
}

/// The size that marks a content a cell cannot take.
const ILLEGAL: u16 = u16::MAX;

/// A cell whose content the table does not have.
const UNKNOWN: u32 = u32::MAX;

/// A cell's superset states, `first..first + count`.
#[derive(Clone, Copy, Debug, Default)]
struct Span {
    first: u32,
    count: u32,
}

/// Under [`Contents::Any`], which cells' moves a step reads again.
#[derive(Clone, Debug, Default)]
struct Landing {
    landings: Landings,
    /// Scratch: the cells a step reads again.
    affected: Vec<u32>,
}

/// The rows of the current configuration and the tables they are patched from.
#[derive(Clone, Debug)]
pub(super) struct WordGraph<S: Bits> {
    /// Tables by goal cell (the last slot: no goal cell).
    tables: Vec<Option<Table<S>>>,
    /// The table in use.
    current: usize,
    /// The smallest legal number anywhere, and how many contents a table holds per cell
    /// (numbers from `lo`, or options).
    lo: i16,
    width: usize,
    /// How many numbers from `lo` index the table: `width` under [`Contents::Numbers`], 0
    /// under [`Contents::Cells`] (no number indexes it, so a step tries numbers first at no
    /// cost to numbers).
    numbers: usize,
    /// Under [`Contents::Cells`], each cell's contents in table order, `width` slots a cell
    /// (void cells, which no step makes, past its last); empty for numbers, which index by
    /// arithmetic.
    options: Vec<Cell>,
    /// Per cell, its superset states.
    spans: Vec<Span>,
    /// Per cell, the table entry (`c * width + i`) of its content, [`UNKNOWN`] when the table
    /// does not have it.
    entry: Vec<u32>,
    succ: S::Rows,
    pred: S::Rows,
    /// The size of each superset state's row.
    degree: [u16; MAX_WORD_STATES],
    /// The superset states that exist whatever lands on them.
    fixed: S,
    /// Every superset state is fixed: no state ever appears or vanishes.
    all_fixed: bool,
    /// The states that exist, and how many.
    states: S,
    n: usize,
    /// The states of each jump number `k`, at index `k + 1` (index 0: the empty set).
    jump_sets: JumpSets<S>,
    /// Each superset state's index in `jump_sets`.
    jump_set_of: StateBytes,
    /// Past the highest index in `jump_sets` ever used.
    jump_sets_end: usize,
    goals: S,
    start: usize,
    /// Moves of the states that exist.
    n_moves: usize,
    scratch: WordScratch<S>,
    /// Scratch for reading moves.
    targets: Vec<u32>,
    /// How to undo the last [`WordGraph::set`], while nothing else changed since: on a
    /// cell of one superset state, or of several.
    undo: Option<Undo<S>>,
    undo_many: Option<UndoMany<S>>,
    /// Under [`Contents::Any`] (then there are no tables).
    landing: Option<Landing>,
    /// Whether the rules read numbers as lengths: otherwise no state has a jump number
    /// ([`Superset::content_jump`]), whatever a step puts in a cell.
    numbered: bool,
}

/// What a step on a cell of several superset states (registers) changed: the table has the
/// old content's rows, and the predecessors' patch is its own inverse.
#[derive(Clone, Copy, Debug)]
struct UndoMany<S> {
    cell: u32,
    /// The table entries of the old and new contents.
    old: u32,
    new: u32,
    /// The jump set index the cell's states had before.
    jump: u8,
    /// The states that existed, how many, and their moves, before.
    states: S,
    n: usize,
    n_moves: usize,
    /// The cluster penalties the evaluator knew of the cell's jump sets before and after
    /// (indices `jump` and the cell's current one).
    penalties: [u64; 2],
}

/// What a step on a cell of one superset state changed, to put it back without the tables:
/// most steps are rejected and undone (on Neller's configuration about four in five).
#[derive(Clone, Copy, Debug)]
struct Undo<S> {
    cell: u32,
    /// The cell's superset state, its row, size and jump set index before, and the cell's
    /// table entry before.
    state: u32,
    row: S,
    size: u16,
    jump: u8,
    entry: u32,
    /// The moves of the graph before.
    n_moves: usize,
    /// The cluster penalties the evaluator knew of the state's jump sets before and after
    /// (indices `jump` and the state's current one). Kept only when every superset state
    /// is fixed, so no state appeared or vanished.
    penalties: [u64; 2],
}

impl<S: Bits> WordGraph<S> {
    /// The rows of `graph` with tables for `mutable` cells, whose contents are `contents`,
    /// or `None` when the graph does not fit: more than `S::BITS` superset states, more than
    /// [`MAX_OPTIONS`] contents in a cell, tables too large, or a change that does more than
    /// rewrite the cell's own moves.
    pub(super) fn new(
        graph: &mut JumpGraph,
        mutable: &[u32],
        contents: Contents<'_>,
        goal: Option<usize>,
    ) -> Option<WordGraph<S>> {
        let (cells, lo, width, options) = match contents {
            Contents::Any => {
                let (rows, cols) = graph.size();
                (rows * cols, 0, 1, Vec::new())
            }
            Contents::Numbers(legal) => {
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
                let width = usize::try_from(hi - lo).unwrap_or(0) + 1;
                (legal.len(), lo, width, Vec::new())
            }
            Contents::Cells(lists) => {
                let width = lists.iter().map(Vec::len).max().unwrap_or(0).max(1);
                if width > MAX_OPTIONS {
                    return None;
                }
                let mut options = vec![Cell::VOID; lists.len() * width];
                for (c, list) in lists.iter().enumerate() {
                    options[c * width..c * width + list.len()].copy_from_slice(list);
                }
                (lists.len(), 0, width, options)
            }
        };
        let mut w = WordGraph {
            tables: vec![None; cells + 1],
            current: 0,
            lo,
            width,
            numbers: if options.is_empty() { width } else { 0 },
            options,
            spans: vec![Span::default(); cells],
            entry: vec![UNKNOWN; cells],
            succ: S::no_rows(),
            pred: S::no_rows(),
            degree: [0; MAX_WORD_STATES],
            fixed: S::EMPTY,
            all_fixed: true,
            states: S::EMPTY,
            n: 0,
            jump_sets: [S::EMPTY; 256],
            jump_set_of: [0; MAX_WORD_STATES],
            jump_sets_end: 1,
            goals: S::EMPTY,
            start: 0,
            n_moves: 0,
            scratch: WordScratch::default(),
            targets: Vec::new(),
            undo: None,
            undo_many: None,
            landing: matches!(contents, Contents::Any).then(Landing::default),
            numbered: graph.content_jump(&Cell::with_number(1)).is_some(),
        };
        w.reload(graph, mutable, contents, goal).then_some(w)
    }

    /// The index in the table of `content` in `cell` (see [`Table::rows`]), `None` when
    /// outside the table: its number's, else its option's, as [`WordGraph::set`] looks.
    fn index(&self, cell: usize, content: &Cell) -> Option<usize> {
        self.number_index(content)
            .or_else(|| self.option_index(cell, content))
    }

    /// The index of `content`'s number under [`Contents::Numbers`].
    #[inline(always)]
    fn number_index(&self, content: &Cell) -> Option<usize> {
        content
            .number
            .and_then(|k| usize::try_from(k - self.lo).ok())
            .filter(|&i| i < self.numbers)
    }

    /// The index of `content` among `cell`'s options under [`Contents::Cells`].
    #[inline(always)]
    fn option_index(&self, cell: usize, content: &Cell) -> Option<usize> {
        let at = cell * self.width;
        // The number and arrows first: they tell most options apart, inline, before the
        // whole cell's comparison (a call through every attribute) confirms the one found.
        (self.options.get(at..at + self.width)?)
            .iter()
            .position(|o| o.number == content.number && o.arrows == content.arrows && o == content)
    }

    /// Reads the rows of `graph`, freshly compiled after a restart or restore with the goal
    /// on `goal`, for the same mutable cells and contents as [`WordGraph::new`] was given;
    /// `false` when they do not fit or the tables cannot be built.
    pub(super) fn reload(
        &mut self,
        graph: &mut JumpGraph,
        mutable: &[u32],
        contents: Contents<'_>,
        goal: Option<usize>,
    ) -> bool {
        let total = graph.superset_len();
        if total > S::BITS {
            return false;
        }
        self.current = goal.unwrap_or(self.tables.len() - 1);
        (self.undo, self.undo_many) = (None, None);
        self.scratch.forget_clusters(256);
        let shape = graph.superset_shape();
        if self.landing.is_none()
            && self.tables[self.current]
                .as_ref()
                .is_none_or(|t| t.shape != shape)
        {
            let Some(t) = self.table(graph, mutable, contents, shape) else {
                return false;
            };
            let kept: usize = self.tables.iter().flatten().map(Table::bytes).sum();
            if kept + t.bytes() > MAX_TABLES_BYTES {
                self.tables.iter_mut().for_each(|t| *t = None);
            }
            self.tables[self.current] = Some(t);
        }
        for (cell, span) in self.spans.iter_mut().enumerate() {
            let range = graph.cell_superset(cell);
            *span = Span {
                first: range.start,
                count: range.end - range.start,
            };
        }
        let table = self.tables[self.current].as_ref();
        for cell in 0..self.entry.len() {
            let known = |i: usize| {
                let e = cell * self.width + i;
                let known = table.and_then(|t| t.sizes.get(e * t.per));
                known
                    .is_some_and(|&size| size != ILLEGAL)
                    .then_some(e as u32)
            };
            let i = self.index(cell, &graph.cell(cell));
            self.entry[cell] = i.and_then(known).unwrap_or(UNKNOWN);
        }
        for s in 0..total {
            self.pred[s] = S::EMPTY;
        }
        self.jump_sets.iter_mut().for_each(|set| *set = S::EMPTY);
        self.goals = S::EMPTY;
        self.fixed = S::EMPTY;
        for s in 0..total {
            let row = self.read_row(graph, s as u32);
            for t in row.members() {
                self.pred[t] = self.pred[t].or(S::bit(s));
            }
            self.succ[s] = row;
            self.degree[s] = row.count() as u16;
            self.add_jump(s, graph.superset_jump(s as u32));
            if graph.superset_goal(s as u32) {
                self.goals = self.goals.or(S::bit(s));
            }
            if graph.superset_fixed(s as u32) {
                self.fixed = self.fixed.or(S::bit(s));
            }
        }
        self.all_fixed = self.fixed == S::first(total);
        self.states = self.fixed;
        for s in 0..total {
            if !self.pred[s].is_empty() {
                self.states = self.states.or(S::bit(s));
            }
        }
        debug_assert!((0..total).all(|s| graph.superset_exists(s as u32) == self.states.has(s)));
        self.n = self.states.count();
        self.start = graph.superset_start() as usize;
        self.n_moves = self
            .states
            .members()
            .map(|s| usize::from(self.degree[s]))
            .sum();
        if self.landing.is_some() {
            self.landing = Some(Landing {
                landings: Landings::of(graph),
                affected: Vec::new(),
            });
        }
        true
    }

    /// Puts `content` (one of `cell`'s contents: another legal number, or one of its
    /// options) in `cell`: its superset states' rows become the table's. `false` when the
    /// table does not know the content, or under [`Contents::Any`] when the content changes
    /// the superset's shape (the caller compiles the graph afresh). `graph` is the one the
    /// rows were read from, with the board as it stands.
    #[inline]
    pub(super) fn set(&mut self, graph: &mut JumpGraph, cell: usize, content: Cell) -> bool {
        (self.undo, self.undo_many) = (None, None);
        let Some(i) = self.number_index(&content) else {
            // Under contents no number indexes the table: look the content up, out of the
            // way of a step on numbers (measured: inline, a step on numbers took some 13
            // instructions more).
            return self.set_content(graph, cell, content);
        };
        // Steps on numbers change numbers alone (the caller's genes are numbers): what the
        // rows were read with is the rest of the cell.
        debug_assert!(
            !self.options.is_empty()
                || self.tables[self.current].as_ref().is_none_or(|table| Cell {
                    number: content.number,
                    ..table.base[cell]
                } == content)
        );
        self.set_at(cell, i, self.jump_of(&content))
    }

    /// The jump number a step's `content` gives its cell's states: none when the rules do
    /// not read numbers.
    #[inline(always)]
    fn jump_of(&self, content: &Cell) -> Option<u32> {
        if self.numbered { content.jump() } else { None }
    }

    /// [`WordGraph::set`] of the cell's content with its number changed to `k`, the rest of
    /// the cell as the rows were read with.
    #[inline]
    pub(super) fn set_number(&mut self, cell: usize, k: i16) -> bool {
        (self.undo, self.undo_many) = (None, None);
        let content = Cell::with_number(k);
        match self.number_index(&content) {
            Some(i) => self.set_at(cell, i, self.jump_of(&content)),
            None => false,
        }
    }

    /// [`WordGraph::set`] for a content that is not a number of the table.
    #[inline(never)]
    fn set_content(&mut self, graph: &mut JumpGraph, cell: usize, content: Cell) -> bool {
        if self.landing.is_some() {
            return self.set_any(graph, cell, content);
        }
        match self.option_index(cell, &content) {
            Some(i) => self.set_at(cell, i, self.jump_of(&content)),
            None => false,
        }
    }

    /// [`WordGraph::set`] under [`Contents::Any`]: the content put in `graph`'s board, and
    /// the rows of the cell's superset states and of every cell whose moves may land on it
    /// read again from the move generator.
    fn set_any(&mut self, graph: &mut JumpGraph, cell: usize, content: Cell) -> bool {
        let Some(mut landing) = self.landing.take() else {
            return false;
        };
        if !graph.put_cell(cell, content) {
            self.landing = Some(landing);
            return false;
        }
        let affected = &mut landing.affected;
        affected.clear();
        affected.push(cell as u32);
        affected.extend_from_slice(landing.landings.readers(cell));
        let (succ, pred, degree) = (&mut self.succ, &mut self.pred, &mut self.degree);
        let (states, n_moves) = (self.states, &mut self.n_moves);
        let mut touched = S::EMPTY;
        for &c in affected.iter() {
            graph.cell_targets(c as usize, |sup, targets| {
                let s = sup as usize & (S::BITS - 1);
                let row = targets.fold(S::EMPTY, |row, t| row.or(S::bit(t as usize)));
                let diff = succ[s].xor(row);
                if diff.is_empty() {
                    return;
                }
                S::flip_rows(pred, diff, S::bit(s));
                touched = touched.or(diff);
                let size = row.count() as u16;
                let exists = usize::from(states.has(s));
                let change = usize::from(size).wrapping_sub(usize::from(degree[s & STATE_MASK]));
                *n_moves = n_moves.wrapping_add(change.wrapping_mul(exists));
                degree[s & STATE_MASK] = size;
                succ[s] = row;
            });
        }
        let span = self.spans[cell];
        let jump = jump_index(graph.content_jump(&content));
        for s in span.first..span.first + span.count {
            self.rejump(s as usize & (S::BITS - 1), jump);
        }
        landing.landings.read(graph, cell);
        self.landing = Some(landing);
        if !self.all_fixed {
            self.settle(touched);
        }
        self.scratch.forget_clusters(self.jump_sets_end);
        true
    }

    /// Puts the content of index `i` in the table, of jump number `jump`, in `cell`.
    #[inline(always)]
    fn set_at(&mut self, cell: usize, i: usize, jump: Option<u32>) -> bool {
        let Some(table) = &self.tables[self.current] else {
            return false;
        };
        let span = self.spans[cell];
        let (first, count) = (span.first as usize, span.count as usize);
        let (old, new) = (self.entry[cell] as usize, cell * self.width + i);
        let from = new * table.per;
        if count == 1 {
            // The common case (no registers kept on the cell), without slices or loops.
            let (Some(&row), Some(&size)) = (table.rows.get(from), table.sizes.get(from)) else {
                return false;
            };
            if old == UNKNOWN as usize || size == ILLEGAL {
                return false;
            }
            let s = first & (S::BITS - 1);
            let undo = Undo {
                cell: cell as u32,
                state: s as u32,
                row: self.succ[s],
                size: self.degree[s & STATE_MASK],
                jump: self.jump_set_of[s & STATE_MASK],
                entry: old as u32,
                n_moves: self.n_moves,
                penalties: [0; 2],
            };
            let touched = self.succ[s].xor(row);
            S::flip_rows(&mut self.pred, touched, S::bit(s));
            self.entry[cell] = new as u32;
            self.put(s, row, size, jump);
            if self.all_fixed {
                // Only the clusters of the state's two jump sets can change, and only those
                // the state joins on either side of the step.
                let (was, now) = (
                    usize::from(undo.jump),
                    usize::from(self.jump_set_of[s & STATE_MASK]),
                );
                let into = self.pred[s];
                let before = (self.scratch).forget_cluster_set(
                    was,
                    self.jump_sets[was].or(S::bit(s)),
                    undo.row,
                    into,
                );
                let after = (self.scratch).forget_cluster_set(now, self.jump_sets[now], row, into);
                self.undo = Some(Undo {
                    penalties: [before, after],
                    ..undo
                });
            } else {
                self.settle(touched);
                self.scratch.forget_clusters(self.jump_sets_end);
            }
            return true;
        }
        let (Some(_), Some(sizes)) = (
            table.rows.get(from..from + count),
            table.sizes.get(from..from + count),
        ) else {
            return false;
        };
        if old == UNKNOWN as usize || sizes.first() == Some(&ILLEGAL) {
            return false;
        }
        // The predecessors of a cell of several states (registers): the old number's moves
        // out and the new one's in, target by target, all the cell's states moving to a
        // target at once.
        let before = (self.states, self.n, self.n_moves);
        let was_set = self.jump_set_of[first & STATE_MASK];
        let set_before = self.jump_sets[usize::from(was_set)];
        // What the clusters of the cell's old jump set see of its states: their moves out
        // and in before the step (see `WordScratch::forget_cluster_set`).
        let (mut rows_before, mut into_before) = (S::EMPTY, S::EMPTY);
        for j in 0..count {
            let s = (first + j) & (S::BITS - 1);
            rows_before = rows_before.or(self.succ[s]);
            into_before = into_before.or(self.pred[s]);
        }
        let mut touched = S::EMPTY;
        for e in [old, new] {
            let (a, b) = (table.col_at[e] as usize, table.col_at[e + 1] as usize);
            for &(t, from_cell) in &table.cols[a..b] {
                let t = t as usize & (S::BITS - 1);
                self.pred[t] = self.pred[t].xor(from_cell);
                touched = touched.or(S::bit(t));
            }
        }
        self.entry[cell] = new as u32;
        // `put` for each of the cell's states, with the fields borrowed apart from the table
        // and the new jump set filled once (the states of a cell share its jump number).
        let k = jump_index(jump);
        let (mut cell_states, mut moves, mut shared) = (S::EMPTY, self.n_moves, true);
        let (mut rows_after, mut into_after) = (S::EMPTY, S::EMPTY);
        for j in 0..count {
            // In range, as checked above.
            let (row, size) = (table.rows[from + j], table.sizes[from + j]);
            // Below `S::BITS` (the superset fits), which spares the row look-ups their checks.
            let s = (first + j) & (S::BITS - 1);
            let exists = usize::from(self.states.has(s));
            let change = usize::from(size).wrapping_sub(usize::from(self.degree[s & STATE_MASK]));
            moves = moves.wrapping_add(change.wrapping_mul(exists));
            self.degree[s & STATE_MASK] = size;
            self.succ[s] = row;
            rows_after = rows_after.or(row);
            into_after = into_after.or(self.pred[s]);
            let was = usize::from(self.jump_set_of[s & STATE_MASK]);
            shared &= was == usize::from(was_set);
            self.jump_sets[was] = self.jump_sets[was].and_not(S::bit(s));
            self.jump_set_of[s & STATE_MASK] = k as u8;
            cell_states = cell_states.or(S::bit(s));
        }
        self.n_moves = moves;
        if k > 0 {
            self.jump_sets[k] = self.jump_sets[k].or(cell_states);
        }
        self.jump_sets_end = self.jump_sets_end.max(k + 1);
        if !self.all_fixed {
            self.settle(touched);
        }
        if !shared {
            self.scratch.forget_clusters(self.jump_sets_end);
            return true;
        }
        // Clusters join states of one jump number, and only the cell's states changed their
        // moves or number: only the clusters of its old and new sets can change, and only
        // those the cell's states join on either side. Whether a state exists does not
        // matter to clusters: one that does not has no move in, so it is in no cycle.
        let forgotten = (self.scratch).forget_cluster_set(
            usize::from(was_set),
            set_before,
            rows_before,
            into_before,
        );
        let after = (self.scratch).forget_cluster_set(k, self.jump_sets[k], rows_after, into_after);
        self.undo_many = Some(UndoMany {
            cell: cell as u32,
            old: old as u32,
            new: new as u32,
            jump: was_set,
            states: before.0,
            n: before.1,
            n_moves: before.2,
            penalties: [forgotten, after],
        });
        true
    }

    /// Undoes the last [`WordGraph::set`] if it was on `cell` and nothing changed since
    /// (`false` otherwise: the caller sets the old content instead).
    #[inline]
    pub(super) fn undo(&mut self, cell: usize) -> bool {
        let Some(u) = self.undo.take().filter(|u| u.cell as usize == cell) else {
            return self.undo_many(cell);
        };
        let s = u.state as usize & (S::BITS - 1);
        S::flip_rows(&mut self.pred, self.succ[s].xor(u.row), S::bit(s));
        self.succ[s] = u.row;
        self.degree[s & STATE_MASK] = u.size;
        self.n_moves = u.n_moves;
        let now = self.rejump(s, usize::from(u.jump));
        self.entry[cell] = u.entry;
        self.restore_penalties(now, usize::from(u.jump), u.penalties);
        true
    }

    /// [`WordGraph::undo`] of a step on a cell of several superset states.
    #[inline(never)]
    fn undo_many(&mut self, cell: usize) -> bool {
        let Some(u) = self.undo_many.take().filter(|u| u.cell as usize == cell) else {
            return false;
        };
        let Some(table) = &self.tables[self.current] else {
            return false;
        };
        for e in [u.old as usize, u.new as usize] {
            let (a, b) = (table.col_at[e] as usize, table.col_at[e + 1] as usize);
            for &(t, from_cell) in &table.cols[a..b] {
                let t = t as usize & (S::BITS - 1);
                self.pred[t] = self.pred[t].xor(from_cell);
            }
        }
        let span = self.spans[cell];
        let (first, count) = (span.first as usize, span.count as usize);
        let from = u.old as usize * table.per;
        let mut cell_states = S::EMPTY;
        for j in 0..count {
            let s = (first + j) & (S::BITS - 1);
            self.succ[s] = table.rows[from + j];
            self.degree[s & STATE_MASK] = table.sizes[from + j];
            cell_states = cell_states.or(S::bit(s));
        }
        // The cell's states share one jump set, before as after.
        let now = usize::from(self.jump_set_of[first & STATE_MASK]);
        self.jump_sets[now] = self.jump_sets[now].and_not(cell_states);
        for j in 0..count {
            self.jump_set_of[(first + j) & STATE_MASK] = u.jump;
        }
        if u.jump > 0 {
            let k = usize::from(u.jump);
            self.jump_sets[k] = self.jump_sets[k].or(cell_states);
        }
        (self.states, self.n, self.n_moves) = (u.states, u.n, u.n_moves);
        self.entry[cell] = u.old;
        self.restore_penalties(now, usize::from(u.jump), u.penalties);
        true
    }

    /// Gives the evaluator back the cluster penalties an undone step made it forget: `after`
    /// of the jump set `now` (the step's) and `before` of `was` (the one undone to), in that
    /// order, as the step forgot them.
    #[inline(always)]
    fn restore_penalties(&mut self, now: usize, was: usize, [before, after]: [u64; 2]) {
        self.scratch.restore_cluster_set(now, after);
        self.scratch.restore_cluster_set(was, before);
    }

    /// Gives superset state `s` its new row, of `size` moves, and jump number.
    #[inline(always)]
    fn put(&mut self, s: usize, row: S, size: u16, jump: Option<u32>) {
        // Whether `s` exists is data the branch predictor cannot learn: the count moves by
        // the difference times 0 or 1.
        let exists = usize::from(self.states.has(s));
        let change = usize::from(size).wrapping_sub(usize::from(self.degree[s & STATE_MASK]));
        self.n_moves = self.n_moves.wrapping_add(change.wrapping_mul(exists));
        self.degree[s & STATE_MASK] = size;
        self.succ[s] = row;
        self.rejump(s, jump_index(jump));
    }

    /// Moves superset state `s` from its jump set to the one of index `k`, returning the
    /// index it had.
    #[inline(always)]
    fn rejump(&mut self, s: usize, k: usize) -> usize {
        let old = usize::from(self.jump_set_of[s & STATE_MASK]);
        self.jump_sets[old] = self.jump_sets[old].and_not(S::bit(s));
        set_jump(
            &mut self.jump_sets,
            &mut self.jump_set_of,
            &mut self.jump_sets_end,
            s,
            k,
        );
        old
    }

    /// The states among `touched` (whose predecessors changed) that appeared or vanished: a
    /// fixed state stays, any other exists while something lands on it.
    #[inline(always)]
    fn settle(&mut self, touched: S) {
        // Without branches on whether a state flips, which is data.
        for t in touched.and_not(self.fixed).members() {
            let exists = !self.pred[t].is_empty();
            let flip = exists != self.states.has(t);
            self.states = self.states.xor(S::bit_if(t, flip));
            // +1 when it appears, -1 (wrapping) when it vanishes, 0 otherwise.
            let delta = usize::from(flip & exists).wrapping_sub(usize::from(flip & !exists));
            self.n = self.n.wrapping_add(delta);
            let d = usize::from(self.degree[t & STATE_MASK]);
            self.n_moves = self.n_moves.wrapping_add(delta.wrapping_mul(d));
        }
    }

    /// The successors of superset state `s` in `graph` as a row.
    fn read_row(&mut self, graph: &JumpGraph, s: u32) -> S {
        self.targets.clear();
        graph.superset_targets(s, &mut self.targets);
        self.targets
            .iter()
            .fold(S::EMPTY, |row, &t| row.or(S::bit(t as usize)))
    }

    /// Puts superset state `s` in the set of its jump number (none for a state without
    /// one, or one too large to index: then it is in no cluster, which only a number beyond
    /// 254 could mean).
    fn add_jump(&mut self, s: usize, jump: Option<u32>) {
        let k = jump.map_or(0, |v| v as usize + 1);
        set_jump(
            &mut self.jump_sets,
            &mut self.jump_set_of,
            &mut self.jump_sets_end,
            s,
            k,
        );
    }

    /// The score of the current rows (see [`Scorer::score_words`]), or with `limit`
    /// `None` as soon as the candidate is certainly worse than it.
    #[inline]
    fn score(
        &mut self,
        scorer: &mut Scorer,
        blocks: usize,
        limit: Option<&Score>,
    ) -> Option<Score> {
        let (words, scratch) = self.parts();
        match limit {
            None => Some(scorer.score_words(&words, scratch, blocks)),
            Some(limit) => scorer.score_words_within(&words, scratch, blocks, limit),
        }
    }

    /// The rows as the evaluator reads them, and its scratch.
    #[inline]
    fn parts(&mut self) -> (Words<'_, S>, &mut WordScratch<S>) {
        let words = Words {
            states: self.states,
            n: self.n,
            succ: &self.succ,
            pred: &self.pred,
            goals: self.goals,
            start: self.start,
            jump_sets: &self.jump_sets,
            jump_sets_end: self.jump_sets_end,
            n_moves: self.n_moves,
        };
        (words, &mut self.scratch)
    }

    /// The core features of the current rows, in full.
    fn core(&mut self, blocks: usize) -> Core {
        let (words, scratch) = self.parts();
        core_of_words(&words, blocks, scratch, &Never)
            .unwrap_or_else(|| unreachable!("nothing stops the evaluation"))
    }

    /// The rows of every mutable cell's superset states and content, found by putting each
    /// content in the cell of `graph` and reading the moves (the graph is left as it was);
    /// `None` when a change does more than rewrite the cell's own moves, or the table would
    /// take more than [`MAX_TABLE_BYTES`].
    fn table(
        &mut self,
        graph: &mut JumpGraph,
        mutable: &[u32],
        contents: Contents<'_>,
        shape: SupersetShape,
    ) -> Option<Table<S>> {
        let cells = self.spans.len();
        let per = (mutable.iter())
            .map(|&c| graph.cell_superset(c as usize).len())
            .max()
            .unwrap_or(0);
        let size = cells * self.width * per;
        if size.saturating_mul(std::mem::size_of::<S>()) > MAX_TABLE_BYTES {
            return None;
        }
        let mut rows = vec![S::EMPTY; size];
        let mut sizes = vec![ILLEGAL; size];
        let base: Vec<Cell> = (0..cells).map(|c| graph.cell(c)).collect();
        let mut by_target: Vec<Vec<(u32, S)>> = vec![Vec::new(); cells * self.width];
        for &cell in mutable {
            let cell = cell as usize;
            let range = graph.cell_superset(cell);
            let original = base[cell];
            let options: Vec<(usize, Cell)> = match contents {
                Contents::Numbers(legal) => (legal.get(cell)?.iter())
                    .map(|&k| {
                        let content = Cell {
                            number: Some(k),
                            ..original
                        };
                        Some((usize::try_from(k - self.lo).ok()?, content))
                    })
                    .collect::<Option<_>>()?,
                Contents::Cells(lists) => lists.get(cell)?.iter().copied().enumerate().collect(),
                // No tables: the rows are read at every step.
                Contents::Any => return None,
            };
            for (i, content) in options {
                let from = (cell * self.width + i) * per;
                // Read without changing the graph: under rules whose rays land several times
                // the compiled graph rebuilds on every change, which a table of many contents
                // per cell and goal placement would pay for each; and where it updates in
                // place, putting each content in and back cost more than the reading
                // (measured: reading instead, the set-up of no-U-turn's 5 x 5 board took 0.62
                // of the time).
                let mut seen = 0;
                let local = graph.superset_targets_as(cell, content, |s, targets| {
                    let row = targets.fold(S::EMPTY, |row, t| row.or(S::bit(t as usize)));
                    if let Some(j) = s.checked_sub(range.start) {
                        rows[from + j as usize] = row;
                        seen += 1;
                    }
                });
                let read = local && seen == range.len();
                if !read || range.is_empty() {
                    return None;
                }
                let mut into = S::EMPTY;
                for j in 0..range.len() {
                    sizes[from + j] = rows[from + j].count() as u16;
                    into = into.or(rows[from + j]);
                }
                by_target[cell * self.width + i] = into
                    .members()
                    .map(|t| {
                        let from_cell = (range.clone())
                            .filter(|&s| rows[from + (s - range.start) as usize].has(t))
                            .fold(S::EMPTY, |m, s| m.or(S::bit(s as usize)));
                        (t as u32, from_cell)
                    })
                    .collect();
            }
        }
        let mut col_at = Vec::with_capacity(by_target.len() + 1);
        let mut cols = Vec::new();
        for entry in by_target {
            col_at.push(cols.len() as u32);
            cols.extend(entry);
        }
        col_at.push(cols.len() as u32);
        Some(Table {
            shape,
            base,
            per,
            rows,
            sizes,
            cols,
            col_at,
        })
    }
}

/// Puts superset state `s` in set `k` of `sets` (0: none), noting its index in `set_of` and
/// keeping `end` past the highest set used.
/// The index in the jump sets of a state of jump number `jump`: none (0) for no number or
/// one too large to index.
#[inline(always)]
fn jump_index(jump: Option<u32>) -> usize {
    match jump.map_or(0, |v| v as usize + 1) {
        k if k > usize::from(u8::MAX) => 0,
        k => k,
    }
}

#[inline(always)]
fn set_jump<S: Bits>(
    sets: &mut JumpSets<S>,
    set_of: &mut StateBytes,
    end: &mut usize,
    s: usize,
    k: usize,
) {
    let k = if k > usize::from(u8::MAX) { 0 } else { k };
    set_of[s & STATE_MASK] = k as u8;
    *end = (*end).max(k + 1);
    if k > 0 {
        sets[k] = sets[k].or(S::bit(s));
    }
}

/// The word engine: a jumping maze's superset states as rows of the narrowest width that
/// holds them, changed one cell at a time and evaluated on the rows.
#[derive(Clone, Debug)]
pub struct WordEngine(Width);

/// The rows of a [`WordEngine`], at one width.
#[derive(Clone, Debug)]
enum Width {
    /// At most 64 superset states.
    One(Box<WordGraph<u64>>),
    /// At most 128.
    Two(Box<WordGraph<[u64; 2]>>),
    /// At most 256.
    Four(Box<WordGraph<[u64; 4]>>),
    /// At most 512.
    Eight(Box<WordGraph<[u64; 8]>>),
    /// At most 1024.
    Sixteen(Box<WordGraph<[u64; 16]>>),
}

/// `$body` with `$w` bound to the engine's graph, whatever its width.
macro_rules! each_width {
    ($engine:expr, $w:ident => $body:expr) => {
        match $engine {
            Width::One($w) => $body,
            Width::Two($w) => $body,
            Width::Four($w) => $body,
            Width::Eight($w) => $body,
            Width::Sixteen($w) => $body,
        }
    };
}

impl WordEngine {
    /// The engine for `graph`, whose superset's moves it reads, with the rows of each of
    /// the `mutable` cells' `contents` for the `goal` placement (when the goal moves), or
    /// `None` when the superset has more than [`MAX_WORD_STATES`] states or a content's
    /// change does more than rewrite its cell's moves.
    pub fn new(
        graph: &mut JumpGraph,
        mutable: &[u32],
        contents: Contents<'_>,
        goal: Option<usize>,
    ) -> Option<WordEngine> {
        fn boxed<S: Bits>(
            graph: &mut JumpGraph,
            mutable: &[u32],
            contents: Contents<'_>,
            goal: Option<usize>,
        ) -> Option<Box<WordGraph<S>>> {
            WordGraph::new(graph, mutable, contents, goal).map(Box::new)
        }
        let total = graph.superset_len();
        if total <= <u64 as Bits>::BITS {
            boxed(graph, mutable, contents, goal).map(|w| WordEngine(Width::One(w)))
        } else if total <= <[u64; 2] as Bits>::BITS {
            boxed(graph, mutable, contents, goal).map(|w| WordEngine(Width::Two(w)))
        } else if total <= <[u64; 4] as Bits>::BITS {
            boxed(graph, mutable, contents, goal).map(|w| WordEngine(Width::Four(w)))
        } else if total <= <[u64; 8] as Bits>::BITS {
            boxed(graph, mutable, contents, goal).map(|w| WordEngine(Width::Eight(w)))
        } else if total <= MAX_WORD_STATES {
            boxed(graph, mutable, contents, goal).map(|w| WordEngine(Width::Sixteen(w)))
        } else {
            None
        }
    }

    /// Reads the rows again after the board changed other than through
    /// [`WordEngine::set`] (a new goal placement, a fresh graph), changing width when the
    /// superset no longer fits the current one; `false` when the engine no longer fits.
    pub fn reload(
        &mut self,
        graph: &mut JumpGraph,
        mutable: &[u32],
        contents: Contents<'_>,
        goal: Option<usize>,
    ) -> bool {
        if each_width!(&mut self.0, w => w.reload(graph, mutable, contents, goal)) {
            return true;
        }
        match WordEngine::new(graph, mutable, contents, goal) {
            Some(e) => {
                *self = e;
                true
            }
            None => false,
        }
    }

    /// Puts `content` in `cell` and patches the rows (for [`Contents::Any`], through the
    /// compiled `graph`'s board); `false` when the change does more than the rows can follow
    /// (the caller then returns to the compiled graph).
    #[inline]
    pub fn set(&mut self, graph: &mut JumpGraph, cell: usize, content: Cell) -> bool {
        each_width!(&mut self.0, w => w.set(graph, cell, content))
    }

    /// [`WordEngine::set`] for a change of jump number alone: `cell`'s number becomes `k`,
    /// the rest of the cell as the rows were read with.
    #[inline]
    pub fn set_number(&mut self, cell: usize, k: i16) -> bool {
        each_width!(&mut self.0, w => w.set_number(cell, k))
    }

    /// Whether the rows are read from the move generator at every step ([`Contents::Any`]):
    /// a step it refuses changed the superset's shape, and the rows are read again from a
    /// fresh graph.
    pub fn reads_moves(&self) -> bool {
        each_width!(&self.0, w => w.landing.is_some())
    }

    /// Undoes the last [`WordEngine::set`] if it was on `cell` and nothing changed since;
    /// `false` when the caller must set the old content instead.
    #[inline]
    pub fn undo(&mut self, cell: usize) -> bool {
        each_width!(&mut self.0, w => w.undo(cell))
    }

    /// The score of the current configuration.
    pub fn score(&mut self, scorer: &mut Scorer, blocks: usize) -> Score {
        let score = each_width!(&mut self.0, w => w.score(scorer, blocks, None));
        score.unwrap_or_else(|| unreachable!("nothing stops an evaluation without a limit"))
    }

    /// The core features of the current configuration, in full; `blocks` is the variant's
    /// obstacle count.
    pub fn core(&mut self, blocks: usize) -> Core {
        each_width!(&mut self.0, w => w.core(blocks))
    }

    /// The score, or `None` as soon as the candidate is certainly worse than `limit`.
    #[inline]
    pub fn score_within(
        &mut self,
        scorer: &mut Scorer,
        blocks: usize,
        limit: &Score,
    ) -> Option<Score> {
        each_width!(&mut self.0, w => w.score(scorer, blocks, Some(limit)))
    }
}
