//! Incremental updates: a cell changed in place ([`JumpGraph::set_cell`]) recomputes only
//! what it can affect and says what changed ([`Change`]); [`JumpGraph::follow`] brings a
//! stride graph up to date from that answer.

use super::*;

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

/// What incremental updates keep between changes: reused buffers, the numbering and
/// superset before the last change, and which cells land on which.
#[derive(Clone, Debug, Default)]
pub(super) struct Updates {
    /// Buffers a cell change reuses, so a generator step allocates nothing.
    pub(super) acc: Vec<Arrival>,
    pub(super) moves: Vec<Move>,
    pub(super) touched: Vec<(u32, bool)>,
    pub(super) cands: Vec<(usize, Dir, i64, u32)>,
    pub(super) flat: Vec<Move>,
    pub(super) fresh: Vec<(u32, usize, usize)>,
    /// The numbering before the last [`Change::Shifted`].
    pub(super) prev_dense: Vec<u32>,
    pub(super) prev_sup_of: Vec<u32>,
    /// Which cells land on which, read at the first change that needs it.
    pub(super) landings: Option<Landings>,
    pub(super) before: Before,
}

/// The superset before the last [`JumpGraph::rebuild_around`]: the moves of the cells not
/// marked in `read` are copied from it, and [`Change::Reread`] translates state ids through
/// it.
#[derive(Clone, Debug, Default)]
pub(super) struct Before {
    /// The cell that changed.
    pub(super) changed: usize,
    /// The cells whose moves were read again: `changed` and the cells landing on it.
    pub(super) read: Vec<bool>,
    pub(super) base: Vec<u32>,
    pub(super) cell: Vec<u32>,
    pub(super) outside: Option<u32>,
    pub(super) slot: Vec<u32>,
    pub(super) len: Vec<u16>,
    pub(super) moves: Vec<Move>,
}

impl JumpGraph {
    /// Whether the landings of `cell`'s moves cannot depend on the registers: an ordinary
    /// cell under rules whose leaving effects, `when`, directions and lengths read no
    /// register, none of the cell's kept ones standing for an attribute here.
    pub(super) fn landings_free(&self, cell: usize) -> bool {
        let set = &*self.set;
        let stands = set
            .regs
            .iter()
            .enumerate()
            .any(|(r, reg)| reg.stands_for.is_some() && self.kept[cell] & (1 << r) != 0);
        self.cells[cell].is_ordinary() && set.geometry_free && !stands
    }

    /// After `cell` changed an attribute the moves read of a landing cell, the superset of
    /// the board as it is, its moves read again only for `cell` and the cells landing on it
    /// ([`Landings`]) and copied for the rest: what [`JumpGraph::build_states`] would build,
    /// for a fraction of the move generator's work on a large board. `false`, changing
    /// nothing, when a register's values changed.
    pub(super) fn rebuild_around(&mut self, cell: usize) -> bool {
        if !self.domains_kept() {
            return false;
        }
        let mut landings = self
            .updates
            .landings
            .take()
            .unwrap_or_else(|| Landings::of(self));
        landings.refresh(self);
        let mut before = std::mem::take(&mut self.updates.before);
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
        std::mem::swap(&mut self.updates.prev_dense, &mut self.dense);
        std::mem::swap(&mut self.updates.prev_sup_of, &mut self.sup_of);
        self.lay_out_superset();
        // No budget: an update reads what a build within the limit read, give or take a
        // cell.
        let _ = self.read_superset_moves(Some(&before), u64::MAX);
        self.updates.before = before;
        // The cell's own landings follow its registers and content.
        landings.read(self, cell);
        self.updates.landings = Some(landings);
        self.number_states();
        true
    }

    /// After a [`Change::Reread`], the superset state that was `sup`'s before it (none for
    /// the changed cell's, whose superset may have changed shape).
    pub(super) fn reread_previous_sup(&self, sup: u32) -> Option<u32> {
        let b = &self.updates.before;
        match self.sup_cell[sup as usize] {
            OUTSIDE => b.outside,
            c if c as usize == b.changed => None,
            c => Some(b.base[c as usize] + (sup - self.sup_base[c as usize])),
        }
    }

    /// After a [`Change::Reread`], the id `state` had before it, if it existed.
    pub(super) fn reread_previous(&self, state: StateId) -> Option<StateId> {
        let old = self.reread_previous_sup(self.sup(state))?;
        if self.identity {
            return Some(old);
        }
        let d = self.updates.prev_dense[old as usize];
        (d != NO_STATE).then_some(d)
    }

    /// After a [`Change::Reread`], the id now of the state that was `old`, if it still is.
    pub(super) fn reread_current(&self, old: StateId) -> Option<StateId> {
        let b = &self.updates.before;
        let old_sup = if self.identity {
            old
        } else {
            self.updates.prev_sup_of[old as usize]
        };
        let sup = match b.cell[old_sup as usize] {
            OUTSIDE => self.sup_outside?,
            c if c as usize == b.changed => return None,
            c => self.sup_base[c as usize] + (old_sup - b.base[c as usize]),
        };
        self.state_of_sup(sup)
    }

    /// After a [`Change::Reread`], whether `state`'s moves were read again.
    pub(super) fn reread_state(&self, state: StateId) -> bool {
        match self.sup_cell[self.sup(state) as usize] {
            OUTSIDE => false,
            c => self.updates.before.read[c as usize],
        }
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
        if self.on_demand {
            // Updates patch the tables: build them first.
            self.on_demand = false;
            self.build_states();
        }
        let old = std::mem::replace(&mut self.cells[cell], content);
        if self.has_teleports() || content.teleport.is_some() {
            // A landing on one cell of a pair reads the other: every move is read again.
            self.tele = super::teleport::partners(&self.cells);
            if old.kind != content.kind {
                self.compute_all_runs();
            }
            self.build_states();
            return Change::Renumbered;
        }
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
        if let Some(landings) = &mut self.updates.landings {
            landings.stale(cell);
        }
        if self.identity {
            // Without registers every landable cell is one state whatever lands on it: no
            // counts to keep, only the cell's own moves to rewrite in place.
            let mut cands = std::mem::take(&mut self.updates.cands);
            let mut acc = std::mem::take(&mut self.updates.acc);
            let mut moves = std::mem::take(&mut self.updates.moves);
            let mut written = None;
            self.cell_superset_moves(cell, &mut cands, &mut acc, &mut moves, |sup, ms| {
                written = Some((sup, ms.len()));
            });
            if let Some((sup, len)) = written {
                let at = self.sup_slot[sup as usize] as usize;
                self.sup_moves[at..at + len].copy_from_slice(&moves[..len]);
                self.sup_len[sup as usize] = len as u16;
            }
            self.updates.cands = cands;
            self.updates.acc = acc;
            self.updates.moves = moves;
            return Change::States(self.sup_base[cell]..self.sup_base[cell + 1]);
        }
        let mut acc = std::mem::take(&mut self.updates.acc);
        let mut moves = std::mem::take(&mut self.updates.moves);
        let mut touched = std::mem::take(&mut self.updates.touched);
        touched.clear();
        // Without registers every landable cell is one state whatever lands on it: nothing
        // to count. Otherwise note every target whose count changes and whether it was a
        // state before.
        let counted = !self.identity;
        let mut cands = std::mem::take(&mut self.updates.cands);
        // Take the old moves' counts off, then put the new ones on. Each target's existence
        // is noted before any count changes (a target may repeat: duplicates are dropped
        // after, not searched for, which made a cell of thousands of states quadratic).
        let (lo, hi) = (self.sup_base[cell], self.sup_base[cell + 1]);
        for sup in lo..hi {
            let at = self.sup_slot[sup as usize] as usize;
            let len = usize::from(self.sup_len[sup as usize]);
            if counted {
                for m in &self.sup_moves[at..at + len] {
                    touched.push((m.to, self.exists(m.to)));
                }
            }
            for k in at..at + len {
                self.refs[self.sup_moves[k].to as usize] -= 1;
            }
        }
        let mut fresh = std::mem::take(&mut self.updates.fresh);
        fresh.clear();
        let mut flat = std::mem::take(&mut self.updates.flat);
        flat.clear();
        self.cell_superset_moves(cell, &mut cands, &mut acc, &mut moves, |sup, ms| {
            fresh.push((sup, flat.len(), ms.len()));
            flat.extend_from_slice(ms);
        });
        if counted {
            // A new target that is an old one too keeps its note from before the change:
            // the stable sort leaves it first.
            touched.extend(flat.iter().map(|m| (m.to, self.exists(m.to))));
            touched.sort_by_key(|&(t, _)| t);
            touched.dedup_by_key(|&mut (t, _)| t);
        }
        for &(sup, from, len) in &fresh {
            for m in &flat[from..from + len] {
                self.refs[m.to as usize] += 1;
            }
            let at = self.sup_slot[sup as usize] as usize;
            self.sup_moves[at..at + len].copy_from_slice(&flat[from..from + len]);
            self.sup_len[sup as usize] = len as u16;
        }
        self.updates.cands = cands;
        self.updates.flat = flat;
        self.updates.fresh = fresh;
        let renumber = touched.iter().any(|&(t, before)| self.exists(t) != before);
        self.updates.acc = acc;
        self.updates.moves = moves;
        self.updates.touched = touched;
        if renumber {
            std::mem::swap(&mut self.updates.prev_dense, &mut self.dense);
            std::mem::swap(&mut self.updates.prev_sup_of, &mut self.sup_of);
            self.number_states();
            return Change::Shifted(cell);
        }
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
    pub(super) fn previous_state(&self, state: StateId) -> Option<StateId> {
        let d = self.updates.prev_dense[self.sup_of[state as usize] as usize];
        (d != NO_STATE).then_some(d)
    }

    /// After a [`Change::Shifted`], the id now of the state that was `old`, if it still is.
    pub(super) fn current_state(&self, old: StateId) -> Option<StateId> {
        self.state_of_sup(self.updates.prev_sup_of[old as usize])
    }

    /// Whether `state` stands on `cell`.
    pub(super) fn on_cell(&self, state: StateId, cell: usize) -> bool {
        self.sup_cell[self.sup(state) as usize] == cell as u32
    }
}
