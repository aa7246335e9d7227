//! The superset layout: per landable cell, every value of the registers it keeps, numbered
//! by cell and register values; its moves, read from the move generator, and the dense
//! numbering of the superset states that exist.

use super::update::Before;
use super::*;

impl JumpGraph {
    /// The values each register can take in a state ([`RuleSet::values`]).
    pub(super) fn domains(&self) -> Vec<Vec<i64>> {
        (0..self.set.regs.len())
            .map(|r| self.set.values(r, &self.cells))
            .collect()
    }

    /// Whether every register's values are still `doms` under the board as it is (only
    /// colour and symbol registers take theirs from the board).
    pub(super) fn domains_kept(&self) -> bool {
        (0..self.set.regs.len())
            .filter(|&r| self.set.values_read_board(r))
            .all(|r| self.set.values(r, &self.cells) == self.doms[r])
    }

    /// The registers kept on `cell`, as a bit set (none on goal cells: their states merge).
    pub(super) fn kept_mask(&self, cell: usize) -> Kept {
        let c = &self.cells[cell];
        if c.is_goal() {
            return 0;
        }
        self.set.kept_set(c)
    }

    /// How many superset states `cell` has: one per combination of its kept registers' values,
    /// none on cells nothing lands on.
    pub(super) fn superset_size(&self, cell: usize) -> u32 {
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
    pub(super) fn sup_id(&self, t: u32, key: &Key) -> Option<u32> {
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
    pub(super) fn sup_key(&self, s: u32) -> Key {
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
    pub(super) fn capacity(&self) -> Option<usize> {
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
    pub(super) fn build_states(&mut self) {
        // No budget: a moves count of `u64::MAX` cannot be passed.
        let _ = self.build_states_within(u64::MAX);
    }

    /// [`JumpGraph::build_states`], stopping with the moves read so far once they are more
    /// than `moves` (the tables are then incomplete and the graph must be dropped).
    pub(super) fn build_states_within(&mut self, moves: u64) -> Result<(), u64> {
        // Whether the superset is the state set decides how moves are made below.
        self.identity = self.set.regs.is_empty();
        self.doms = self.domains();
        self.kept = if self.set.regs.is_empty() {
            // No register to keep: zeroed memory instead of a pass over the board.
            vec![0; self.cells.len()]
        } else {
            (0..self.cells.len()).map(|c| self.kept_mask(c)).collect()
        };
        self.cap = self.capacity();
        self.lay_out_superset();
        // On demand, a state has at most one move per direction: within any budget that
        // allows that many, nothing needs counting.
        let most = self.plain.map_or(0, |d| d.len() as u64);
        self.on_demand &= most.saturating_mul(self.sup_cell.len() as u64) <= moves;
        if !self.on_demand {
            self.read_superset_moves(None, moves)?;
        }
        self.number_states();
        // Landings follow the kinds on the way and each cell's registers' values.
        self.updates.landings = None;
        Ok(())
    }

    /// The superset's shape from `kept` and `doms`: each cell's superset states, `Outside`,
    /// and the start's superset state.
    pub(super) fn lay_out_superset(&mut self) {
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
        // Plain rules keep no registers: a landable cell has exactly one superset state.
        self.rank = self.plain.map(|_| rank::Rank::of_single(&self.sup_base));
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
    /// its earlier superset with the targets renumbered. Past `budget` moves it stops after
    /// the cell that crossed it, with the moves read.
    pub(super) fn read_superset_moves(
        &mut self,
        reuse: Option<&Before>,
        budget: u64,
    ) -> Result<(), u64> {
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
        // Counted through a cell: the closure that adds holds it while the loop reads it.
        let read = std::cell::Cell::new(0u64);
        let mut put = |ms: &[Move]| {
            read.set(read.get() + ms.len() as u64);
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
            if read.get() > budget {
                break;
            }
        }
        if self.sup_outside.is_some() {
            put(&[]);
        }
        self.refs = refs;
        self.sup_slot = sup_slot;
        self.sup_len = sup_len;
        self.sup_moves = sup_moves;
        if read.get() > budget {
            Err(read.get())
        } else {
            Ok(())
        }
    }

    /// The moves of superset state `sup`, targets as superset states.
    pub(super) fn superset_moves(&self, sup: u32, acc: &mut Vec<Arrival>, out: &mut Vec<Move>) {
        out.clear();
        let c = self.sup_cell[sup as usize];
        if c == OUTSIDE || !self.cells[c as usize].is_ordinary() {
            return;
        }
        acc.clear();
        self.moves_of(c as usize, &mut self.sup_key(sup), acc);
        out.extend(
            acc.iter()
                .filter_map(|&(dir, to)| Some(Move { dir, to: to? })),
        );
        out.truncate(u16::MAX as usize);
    }

    /// Whether superset state `sup` is a state of the graph.
    pub(super) fn exists(&self, sup: u32) -> bool {
        // Fixed first: on demand there are no counts, and every state is fixed.
        self.superset_fixed(sup) || self.refs[sup as usize] > 0
    }

    /// The moves of superset state `sup` when they are read on demand (plain rules: the
    /// superset states are the states), as [`JumpGraph::read_superset_moves`] would keep
    /// them.
    pub(super) fn moves_on_demand(&self, sup: u32, out: &mut Vec<Move>) {
        let cell = self.sup_cell[sup as usize];
        if let Some(dirs) = self.plain
            && cell != OUTSIDE
        {
            self.plain_moves(cell as usize, dirs, out);
        }
    }

    /// Numbers the existing superset states densely, in superset order (by cell, row-major,
    /// then by register values in declaration order, a missing value first); states' moves
    /// are the superset's, renumbered as they are read. Without registers the superset is the
    /// state set itself and there is nothing to number.
    pub(super) fn number_states(&mut self) {
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
    pub(super) fn sup(&self, state: StateId) -> u32 {
        if self.identity {
            state
        } else {
            self.sup_of[state as usize]
        }
    }

    /// The state of superset state `sup`, if it exists.
    pub(super) fn state_of_sup(&self, sup: u32) -> Option<StateId> {
        if self.identity {
            Some(sup)
        } else {
            let d = self.dense[sup as usize];
            (d != NO_STATE).then_some(d)
        }
    }

    /// The key of a state (the start key when the rules have no registers).
    pub(super) fn key_of(&self, state: StateId) -> Key {
        self.sup_key(self.sup(state))
    }
}

/// The superset of a jumping graph as the word engine (`maze-gen`) reads and edits it:
/// every superset state and its moves, whether or not it exists, and cell changes that touch
/// only the board. Nothing else needs these; import the trait to call them.
///
/// Superset states are numbered by cell, row-major, then by the values of the registers
/// the cell keeps ([`Superset::superset_shape`]); without registers they are the states.
pub trait Superset {
    /// How many superset states there are: every state the rules could have on this board
    /// (see [`JumpGraph::superset_shape`]); the states are those that exist.
    fn superset_len(&self) -> usize;

    /// What fixes the superset's numbering: per cell its first superset state, the
    /// registers it keeps and their values. Two graphs of one maze with the same shape
    /// number their superset states alike, so moves read from one hold in the other.
    fn superset_shape(&self) -> SupersetShape;

    /// The superset states on `cell`, numbered consecutively (none on a cell nothing lands
    /// on).
    fn cell_superset(&self, cell: usize) -> std::ops::Range<u32>;

    /// Appends the targets (superset states) of the moves of superset state `sup`; a state
    /// that does not exist has its moves too, and they count towards which states exist.
    fn superset_targets(&self, sup: u32, out: &mut Vec<u32>);

    /// The targets of every superset state of `cell` were it to hold `content`, handed to
    /// `each` with the superset state, or `false` (and nothing handed) when the change is not
    /// local ([`RuleSet::local_change`]: other kind, or an attribute read of a landing cell).
    /// The graph is left as it was: a local change keeps the superset and every other cell's
    /// moves, so this reads what [`JumpGraph::set_cell`] would put there without rebuilding
    /// (which it does under rules whose rays land several times).
    fn superset_targets_as(
        &mut self,
        cell: usize,
        content: Cell,
        each: impl FnMut(u32, &mut dyn Iterator<Item = u32>),
    ) -> bool;

    /// Whether superset state `sup` is a state whatever moves land on it: its cell keeps no
    /// register, it is `Outside`, or it is the start. Any other exists when a move of a
    /// superset state lands on it.
    fn superset_fixed(&self, sup: u32) -> bool;

    /// Whether superset state `sup` exists (is a state of the graph).
    fn superset_exists(&self, sup: u32) -> bool;

    /// The start's superset state.
    fn superset_start(&self) -> u32;

    /// Whether superset state `sup` is a goal state ([`Rules::is_goal`]).
    fn superset_goal(&self, sup: u32) -> bool;

    /// The jump number of superset state `sup` ([`Rules::jump`]).
    fn superset_jump(&self, sup: u32) -> Option<u32>;

    /// The jump number a state on a cell holding `content` has: its number when the rules
    /// read numbers as lengths ([`crate::RuleSet::reads_numbers`]), else none.
    fn content_jump(&self, content: &Cell) -> Option<u32>;

    /// Puts `content` in `cell` if the change keeps the cell's kind (and so every run) and the
    /// superset's shape (the registers the cell keeps, the values each register can take),
    /// returning whether it did. Only the board changes: the compiled moves and states are
    /// left as they were, for a caller that keeps its own rows of the moves
    /// ([`JumpGraph::cell_targets`] of the cell and of every cell landing on it: the word
    /// engine) and compiles the graph afresh before reading its states again.
    fn put_cell(&mut self, cell: usize, content: Cell) -> bool;

    /// The targets of every superset state of `cell` under the board as it is, handed to
    /// `each` with the superset state: what compiling the board would give them, read without
    /// touching the graph's tables.
    fn cell_targets(&mut self, cell: usize, each: impl FnMut(u32, &mut dyn Iterator<Item = u32>));
}

impl Superset for JumpGraph {
    fn superset_len(&self) -> usize {
        self.sup_cell.len()
    }

    fn superset_shape(&self) -> SupersetShape {
        SupersetShape {
            base: self.sup_base.clone(),
            kept: self.kept.clone(),
            domains: self.doms.clone(),
            outside: self.sup_outside,
        }
    }

    fn cell_superset(&self, cell: usize) -> std::ops::Range<u32> {
        self.sup_base[cell]..self.sup_base[cell + 1]
    }

    fn superset_targets(&self, sup: u32, out: &mut Vec<u32>) {
        if self.on_demand {
            let mut moves = Vec::new();
            self.moves_on_demand(sup, &mut moves);
            out.extend(moves.iter().map(|m| m.to));
            return;
        }
        let at = self.sup_slot[sup as usize] as usize;
        let moves = &self.sup_moves[at..at + usize::from(self.sup_len[sup as usize])];
        out.extend(moves.iter().map(|m| m.to));
    }

    fn superset_targets_as(
        &mut self,
        cell: usize,
        content: Cell,
        each: impl FnMut(u32, &mut dyn Iterator<Item = u32>),
    ) -> bool {
        let old = self.cells[cell];
        if !self.set.local_change(&old, &content) || self.has_teleports() {
            return false;
        }
        self.cells[cell] = content;
        self.cell_targets(cell, each);
        self.cells[cell] = old;
        true
    }

    fn superset_fixed(&self, sup: u32) -> bool {
        let c = self.sup_cell[sup as usize];
        c == OUTSIDE || self.kept[c as usize] == 0 || sup == self.sup_start
    }

    fn superset_exists(&self, sup: u32) -> bool {
        self.exists(sup)
    }

    fn superset_start(&self) -> u32 {
        self.sup_start
    }

    fn superset_goal(&self, sup: u32) -> bool {
        let cell = self.sup_cell[sup as usize];
        cell == OUTSIDE || self.cells[cell as usize].is_goal()
    }

    fn superset_jump(&self, sup: u32) -> Option<u32> {
        let cell = self.sup_cell[sup as usize];
        if cell == OUTSIDE {
            return None;
        }
        self.content_jump(&self.cells[cell as usize])
    }

    fn content_jump(&self, content: &Cell) -> Option<u32> {
        if self.numbered { content.jump() } else { None }
    }

    fn put_cell(&mut self, cell: usize, content: Cell) -> bool {
        let old = self.cells[cell];
        if old.kind != content.kind || self.has_teleports() || content.teleport.is_some() {
            return false;
        }
        self.cells[cell] = content;
        if let Some(landings) = &mut self.updates.landings {
            landings.stale(cell);
        }
        let same = self.kept_mask(cell) == self.kept[cell] && self.domains_kept();
        if !same {
            self.cells[cell] = old;
        }
        same
    }

    fn cell_targets(
        &mut self,
        cell: usize,
        mut each: impl FnMut(u32, &mut dyn Iterator<Item = u32>),
    ) {
        let mut cands = std::mem::take(&mut self.updates.cands);
        let mut acc = std::mem::take(&mut self.updates.acc);
        let mut moves = std::mem::take(&mut self.updates.moves);
        self.cell_superset_moves(cell, &mut cands, &mut acc, &mut moves, |sup, ms| {
            each(sup, &mut ms.iter().map(|m| m.to));
        });
        self.updates.cands = cands;
        self.updates.acc = acc;
        self.updates.moves = moves;
    }
}

/// The numbering of a graph's superset states ([`JumpGraph::superset_shape`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SupersetShape {
    base: Vec<u32>,
    kept: Vec<Kept>,
    domains: Vec<Vec<i64>>,
    outside: Option<u32>,
}
