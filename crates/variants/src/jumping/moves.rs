//! Move generation: the geometric candidates of a cell's moves, read from the runs of
//! passable unit steps (`runs.rs`), and the landing checks of their arrival.

use super::runs::{Runs, Stop};
use super::*;

/// Where the cells of a move from `cell` landing on `t` ([`OUTSIDE`] for an exit) stand.
fn arrival(cell: usize, t: u32) -> Places {
    if t == OUTSIDE {
        Places {
            here: NONE,
            from: Places::on(cell).here,
        }
    } else {
        Places::moved(cell, t as usize)
    }
}

/// What an exit lands on: a cell off the board, with no attributes, so that the landing
/// conditions that read the cell refuse it and those that read the move or the registers
/// decide as on any landing (RULES.md section 7.2).
pub(crate) const OFF_BOARD: Cell = Cell::VOID;

/// A move being generated: direction and the superset state it arrives in (`None` when the
/// registers on arrival are outside the superset's domains). The state, not the landing and
/// its registers, so that no register key is copied per move.
pub(super) type Arrival = (Dir, Option<u32>);

impl JumpGraph {
    /// The landings of a move of `k` unit steps in `d` from `cell` flying as `over` allows:
    /// the landing cell, [`OUTSIDE`] for an exit, or `None`.
    #[inline]
    pub(super) fn landing(&self, runs: &Runs, cell: usize, d: Dir, k: i64) -> Option<u32> {
        let si = usize::from(self.runs.slot_of[usize::from(d)]);
        let at = cell * self.runs.n_slots + si;
        let (reach, stop) = (runs.reach[at], runs.stop[at]);
        let k32 = u32::try_from(k).ok()?;
        if reach != INFINITE && k32 > reach.saturating_add(1) {
            return None;
        }
        if k32 <= reach {
            return self.ray_cell(cell, d, k).map(|t| t as u32);
        }
        // k = reach + 1: the step into the cell that ends the run.
        let exit = self.exit;
        match stop {
            Stop::Cell => match self.ray_cell(cell, d, k) {
                Some(t) if exit && self.cells[t].kind == Kind::Void => Some(OUTSIDE),
                Some(t) => Some(t as u32),
                None => None,
            },
            Stop::Edge if exit => Some(OUTSIDE),
            _ => None,
        }
    }

    /// The move of `To`: from `cell` in `d`, the first step whose landing is the cell of
    /// value `held`, and that landing; `None` when it holds none or the walk never gets there.
    fn toward(&self, runs: &Runs, cell: usize, d: Dir, held: i64) -> Option<(i64, u32)> {
        let held = u32::try_from(held).ok()?;
        let reach = self.run_length(runs, cell, d);
        let cap = if reach == INFINITE {
            self.cells.len() as i64
        } else {
            i64::from(reach) + 1
        };
        (1..=cap).find_map(|k| (self.landing(runs, cell, d, k)? == held).then_some((k, held)))
    }

    /// Every move out of `cell` with registers `key`, as the rules define them (the one move
    /// generator: the state table and the pre-state image are both built from it). `key` is
    /// left as the leaving effects make it.
    pub(super) fn moves_of(&self, cell: usize, key: &mut Key, acc: &mut Vec<Arrival>) {
        let mut cands = Vec::new();
        let Some(here) = self.leaving(cell, &self.cells[cell], key, &mut cands) else {
            return;
        };
        for &(kind, d, k, t) in &cands {
            self.arrive(&self.set.kinds[kind], cell, &here, key, d, k, t, acc);
        }
    }

    /// Leaving `cell`, holding `raw`, with registers `key`: the cell as the moves read it,
    /// with the geometric landings of every kind of move pushed on `cands` and `key` turned
    /// into the registers after the leaving effects; `None` when no move leaves (not an
    /// ordinary cell, or a leaving effect refuses). The registers are changed in place
    /// rather than copied: a key is 256 bytes and this runs for every state of every step.
    pub(super) fn leaving(
        &self,
        cell: usize,
        raw: &Cell,
        key: &mut Key,
        cands: &mut Vec<(usize, Dir, i64, u32)>,
    ) -> Option<Cell> {
        let set = &*self.set;
        if !raw.is_ordinary() {
            return None;
        }
        let here = set.effective(raw, key);
        if !set.leave.is_empty()
            && set
                .apply(&set.leave, &here, None, None, Places::on(cell), key)
                .is_none()
        {
            return None;
        }
        let here = set.effective(raw, key);
        self.candidates(cell, &here, key, cands);
        Some(here)
    }

    /// Pushes on `out` the cells the moves of `cell`'s superset states may land on, whatever
    /// those cells hold (the geometric landings, before the landing conditions and effects
    /// that read the landing cell; repeats possible, `Outside` left out): with the cell itself,
    /// every cell whose content its moves read. Landings depend on the cell and its registers
    /// and on the kinds of the cells on the way (the runs), never on another cell's
    /// attributes.
    pub(crate) fn landing_cells(&self, cell: usize, out: &mut Vec<u32>) {
        let mut cands = Vec::new();
        let raw = self.cells[cell];
        if self.landings_free(cell) {
            // The same landings whatever the registers: once.
            self.candidates(cell, &raw, self.set.start_regs(), &mut cands);
        } else {
            for sup in self.cell_superset(cell) {
                self.leaving(cell, &raw, &mut self.sup_key(sup), &mut cands);
            }
        }
        out.extend(cands.iter().map(|c| c.3).filter(|&t| t != OUTSIDE));
    }

    /// The geometric landings of every kind of move from `cell` (effective) with registers
    /// `key`, before landing conditions and effects: `(kind, direction, length, landing cell
    /// or OUTSIDE)`.
    pub(super) fn candidates(
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
                at: Places::on(cell),
            };
            if !kind.when.iter().all(|c| c.eval(&ctx)) {
                continue;
            }
            let Some(runs) = self.runs_for(kind.over, cell, here, key) else {
                continue;
            };
            let exact = set.exact_length(kind, here, key);
            if kind.length.is_single()
                && !matches!(kind.length, L::First | L::Slide | L::To(_))
                && exact.is_none()
            {
                continue;
            }
            for d in set.dirs(kind, here, key).iter() {
                if self.runs.slot_of[usize::from(d)] == u8::MAX {
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
                    L::Slide => {
                        // The last cell of the run: the step after it meets the obstacle.
                        let reach = self.run_length(runs, cell, d);
                        if reach != INFINITE && reach >= 1 {
                            let k = i64::from(reach);
                            if let Some(t) = self.landing(runs, cell, d, k) {
                                out.push((ki, d, k, t));
                            }
                        }
                    }
                    L::To(r) => {
                        if let Some((k, t)) = self.toward(runs, cell, d, key[r]) {
                            out.push((ki, d, k, t));
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
    pub(super) fn plain_moves(&self, cell: usize, dirs: DirSet, out: &mut Vec<Move>) {
        let Some(k) = self.cells[cell].number.filter(|&k| k >= 1) else {
            return;
        };
        // Plain rules have no doors: one table.
        let Some(runs) = &self.runs.by_over[0][0] else {
            return;
        };
        for d in dirs.iter() {
            match self.landing(runs, cell, d, i64::from(k)) {
                Some(OUTSIDE) => {
                    if let Some(to) = self.sup_outside {
                        out.push(Move { dir: d, to });
                    }
                }
                Some(t) if t as usize != cell => {
                    // A cell has a superset state exactly when it is landable: one read of
                    // a table that stays in cache instead of the cell, at a random place of
                    // the board.
                    let t = t as usize;
                    let to = match &self.rank {
                        Some(rank) => rank.state(t),
                        None => Some(self.sup_base[t]).filter(|&to| self.sup_base[t + 1] > to),
                    };
                    if let Some(to) = to {
                        out.push(Move { dir: d, to });
                    }
                }
                _ => {}
            }
        }
    }

    /// The moves of every superset state on `cell`, each list handed to `each` with its
    /// superset state. Where the landings cannot depend on the registers (no leaving effects,
    /// no register read by `when`, directions or length, none standing for an attribute
    /// here), they are found once for the cell and only the landings are checked per value.
    pub(super) fn cell_superset_moves(
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
        if let Some(dirs) = self.plain.filter(|_| !self.has_teleports()) {
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
                let there = if t == OUTSIDE {
                    &OFF_BOARD
                } else {
                    let there = &self.cells[t as usize];
                    if t as usize == cell || !there.is_landable() {
                        continue;
                    }
                    there
                };
                let land = &set.kinds[kind].land;
                if !land.is_empty() {
                    let ctx = Ctx {
                        here: there,
                        from: Some(raw),
                        regs: &start_key,
                        mv: Some((dir, k)),
                        dirs: set.directions,
                        at: arrival(cell, t),
                    };
                    if !land.iter().all(|c| c.eval(&ctx)) {
                        continue;
                    }
                }
                let to = if t == OUTSIDE {
                    match self.sup_outside {
                        Some(to) => to,
                        None => continue,
                    }
                } else {
                    // A teleport's partner is ordinary: only a move back to its origin fails.
                    let end = self.teleport(t);
                    if end as usize == cell {
                        continue;
                    }
                    self.sup_base[end as usize]
                };
                moves.push(Move { dir, to });
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
            moves.extend(
                acc.iter()
                    .filter_map(|&(dir, to)| Some(Move { dir, to: to? })),
            );
            moves.truncate(u16::MAX as usize);
            each(sup, moves);
        }
    }

    /// Checks a landing against the rules and pushes the arrival.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn arrive(
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
        // An exit meets the landing conditions too (no-U-turn forbids an exit opposite to the
        // last jump), read on a cell off the board.
        let there = if t == OUTSIDE {
            &OFF_BOARD
        } else {
            let there = &self.cells[t as usize];
            if t as usize == cell || !there.is_landable() {
                return;
            }
            there
        };
        let ctx = Ctx {
            here: there,
            from: Some(from),
            regs: key,
            mv: Some((d, k)),
            dirs: set.directions,
            at: arrival(cell, t),
        };
        if !kind.land.iter().all(|c| c.eval(&ctx)) {
            return;
        }
        // Landing on a teleport ends the move on its partner (the landing conditions read
        // the cell landed on, everything after them the partner): a move back to its origin
        // is none.
        let (t, there) = if t != OUTSIDE && self.has_teleports() {
            let end = self.teleport(t);
            if end as usize == cell {
                return;
            }
            (end, &self.cells[end as usize])
        } else {
            (t, there)
        };
        if t == OUTSIDE || there.is_goal() {
            acc.push((d, self.sup_id(t, set.start_regs())));
            return;
        }
        let mut k2 = *key;
        let at = Places::moved(cell, t as usize);
        if set
            .apply(&set.land, there, Some(from), Some((d, k)), at, &mut k2)
            .is_none()
        {
            return;
        }
        // RuleSet::project, with the landing's kept set already at hand.
        set.reset_unkept(self.kept[t as usize], &mut k2);
        if set.in_range(&k2) {
            acc.push((d, self.sup_id(t, &k2)));
        }
    }

    /// Appends the legal jumps of exactly `k` unit steps from `cell` in the directions of the
    /// first kind of move, flying as it does, as `(dir, target)` with the target a cell index
    /// or [`OUTSIDE`] (RULES.md rules 1-5; landing conditions and registers aside).
    pub fn jumps(&self, cell: usize, k: u32, acc: &mut Vec<(Dir, u32)>) {
        let Some(kind) = self.set.kinds.first() else {
            return;
        };
        let key = self.set.start_key();
        let here = self.set.effective(&self.cells[cell], &key);
        let Some(runs) = self.runs_for(kind.over, cell, &here, &key) else {
            return;
        };
        for d in self.set.dirs(kind, &here, &key).iter() {
            if self.runs.slot_of[usize::from(d)] == u8::MAX {
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
                    let mut k1 = *key;
                    let Some(here) = self.leaving(cell, &c, &mut k1, &mut cands) else {
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
}
