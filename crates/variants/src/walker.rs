//! The reference walker: a slow, obviously correct reading of the rule model, one unit step
//! at a time, with states in ordered maps and named as text.
//!
//! It shares the rules' meaning (conditions, effects, directions: [`RuleSet`]) with the
//! engine, but not the engine's machinery: no precomputed runs, no closed-form walks, no
//! dense numbering, no move tables. The engine ([`crate::JumpGraph`]) is tested against it on
//! random boards of every family, and play asks it why a move is refused.

use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet, HashSet};

use maze_graph::Dir;

use crate::board::{Cell, Kind};
use crate::jumping::JumpingMaze;
use crate::problem::Problem;
use crate::rules::{C, Ctx, Domain, GoalKind, K, Key, L, NONE, Places, RuleSet};
use crate::tiling::Coord;

/// Where a move ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
// A landing lives only in a step's short list, so the inline key costs less than a box.
#[allow(clippy::large_enum_variant)]
enum Landing {
    /// On a cell, with the registers on arrival, and whether a teleport sent it there.
    At(Coord, Key, bool),
    /// Off the board (exit goal).
    Outside,
}

/// A maze's state graph as the walker sees it, every state by name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Walked {
    /// The start state.
    pub start: String,
    /// Every state.
    pub states: BTreeSet<String>,
    /// Every edge: from, to, and the directions that make it.
    pub edges: BTreeMap<(String, String), BTreeSet<String>>,
}

struct Walker<'a> {
    maze: &'a JumpingMaze,
    set: RuleSet,
    walls: HashSet<(Coord, Coord)>,
    /// Moves a counter's range stopped, as [`Walker::land`] finds them.
    stops: RefCell<Vec<CounterStop>>,
}

/// A move that a counter register's range stops: everything else allows it, but its effects
/// would take the counter past a bound. A designer who wrote the range too small loses
/// moves without a word, so `maze analyze` and `maze check` warn of each one reachable.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct CounterStop {
    /// The counter's name.
    pub register: String,
    /// The cell the move would land on, where its landing effects apply.
    pub cell: Coord,
    /// The bound it would pass: its `max` or its `min`.
    pub bound: i64,
    /// Whether the bound is the `max` (else the `min`).
    pub max: bool,
    /// The cell the move leaves (the first such move found).
    pub from: Coord,
    /// The value the counter would take.
    pub value: i64,
}

impl std::fmt::Display for CounterStop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "counter `{}` stops moves at its bound (`{}` {}): a move from {} landing on {} \
             would make it {}",
            self.register,
            if self.max { "max" } else { "min" },
            self.bound,
            coord(self.from),
            coord(self.cell),
            self.value
        )
    }
}

/// The moves out of `states` (cells with their register keys) that a counter's range stops,
/// one per counter, landing cell and bound, in that order; none when the rules have no
/// counter.
pub fn counter_stops(
    maze: &JumpingMaze,
    states: impl IntoIterator<Item = (Coord, Key)>,
) -> Vec<CounterStop> {
    let Ok(w) = Walker::new(maze) else {
        return Vec::new();
    };
    if !w.set.has_counter() {
        return Vec::new();
    }
    for (at, key) in states {
        w.moves(at, &key);
    }
    tidy(w.stops.into_inner())
}

/// `stops` one per counter, landing cell and bound (the first found of each), in that order.
pub(crate) fn tidy(mut stops: Vec<CounterStop>) -> Vec<CounterStop> {
    stops.sort_by(|a, b| {
        (&a.register, a.cell, a.bound, a.max).cmp(&(&b.register, b.cell, b.bound, b.max))
    });
    stops.dedup_by(|a, b| {
        (&a.register, a.cell, a.bound, a.max) == (&b.register, b.cell, b.bound, b.max)
    });
    stops
}

/// Walks `maze` into its whole state graph.
pub fn walk(maze: &JumpingMaze) -> Result<Walked, Problem> {
    let w = Walker::new(maze)?;
    let board = &maze.board;
    let start_key = w.set.start_key();
    // Which cells keep registers.
    let keeps = |cell: &Cell| (0..w.set.regs.len()).any(|r| w.set.kept(r, cell));
    let mut states: BTreeSet<(Coord, Key)> = BTreeSet::new();
    for r in 0..board.rows {
        for c in 0..board.cols {
            let cell = board.get((r, c));
            if cell.is_landable() && (cell.is_goal() || !keeps(&cell)) {
                states.insert(((r, c), start_key));
            }
        }
    }
    for r in 0..board.rows {
        for c in 0..board.cols {
            if !board.get((r, c)).is_ordinary() {
                continue;
            }
            for key in w.keys((r, c)) {
                for (_, landing) in w.moves((r, c), &key) {
                    if let Landing::At(t, k, _) = landing {
                        states.insert((t, k));
                    }
                }
            }
        }
    }
    let s = maze.start;
    let start = (s, w.set.project(&board.get(s), &start_key));
    states.insert(start);
    let name = |(at, key): &(Coord, Key)| {
        w.set
            .state_name(Some(*at), board.cols, &board.get(*at), key)
    };
    let outside = w.set.goal == GoalKind::Exit;
    let mut walked = Walked {
        start: name(&start),
        states: states.iter().map(name).collect(),
        edges: BTreeMap::new(),
    };
    if outside {
        walked.states.insert("Outside".into());
    }
    for state in &states {
        if board.get(state.0).is_goal() {
            continue;
        }
        let from = name(state);
        for (d, landing) in w.moves(state.0, &state.1) {
            let to = match landing {
                Landing::Outside => "Outside".to_string(),
                Landing::At(t, k, _) => name(&(t, k)),
            };
            if to == from {
                continue;
            }
            walked
                .edges
                .entry((from.clone(), to))
                .or_default()
                .insert(w.set.directions.name(d).to_string());
        }
    }
    Ok(walked)
}

/// The mechanic moves of `maze` (RULES.md section 3) as (from, to, direction) names, found
/// step by step: a move is one when a teleport sends it on, when it changes a register
/// (landing anywhere but a goal or outside) or when its state holds a register off its start
/// value and the same cell with every register at its start value has no move of that
/// direction to the same cell.
pub fn mechanic_moves(maze: &JumpingMaze) -> Result<BTreeSet<(String, String, String)>, Problem> {
    let w = Walker::new(maze)?;
    let board = &maze.board;
    let walked = walk(maze)?;
    let start_key = w.set.start_key();
    let name = |at: Coord, key: &Key| w.set.state_name(Some(at), board.cols, &board.get(at), key);
    let mut out = BTreeSet::new();
    for r in 0..board.rows {
        for c in 0..board.cols {
            let at = (r, c);
            if !board.get(at).is_ordinary() {
                continue;
            }
            let plain = w.set.project(&board.get(at), &start_key);
            for key in w.keys(at) {
                let from = name(at, &key);
                if !walked.states.contains(&from) {
                    continue;
                }
                let unchanged = w.moves(at, &plain);
                for (d, landing) in w.moves(at, &key) {
                    let (to, cell, changed) = match landing {
                        Landing::Outside => ("Outside".to_string(), None, false),
                        Landing::At(t, k, through) => (
                            name(t, &k),
                            Some(t),
                            through || !board.get(t).is_goal() && k != key,
                        ),
                    };
                    if to == from {
                        continue;
                    }
                    let same = |l: &Landing| match (l, cell) {
                        (Landing::Outside, None) => true,
                        (Landing::At(t, _, _), Some(c)) => *t == c,
                        _ => false,
                    };
                    let read = key != plain && !unchanged.iter().any(|(e, l)| *e == d && same(l));
                    if changed || read {
                        out.insert((from.clone(), to, w.set.directions.name(d).to_string()));
                    }
                }
            }
        }
    }
    Ok(out)
}

/// Why no move goes `dir` from the state on `at` with registers `key`, in the words of the
/// rules; `None` when a move does.
pub fn explain(maze: &JumpingMaze, at: Coord, key: &Key, dir: Dir) -> Option<String> {
    let w = Walker::new(maze).ok()?;
    if w.moves(at, key).iter().any(|(d, _)| *d == dir) {
        return None;
    }
    Some(w.why(at, key, dir))
}

impl Walker<'_> {
    fn new(maze: &JumpingMaze) -> Result<Walker<'_>, Problem> {
        let set = maze.validate_compiled()?;
        let walls = maze
            .walls
            .iter()
            .flat_map(|&(a, b)| [(a, b), (b, a)])
            .collect();
        Ok(Walker {
            maze,
            set,
            walls,
            stops: RefCell::new(Vec::new()),
        })
    }

    /// Every register key a state on `at` may have: each kept register over its whole
    /// domain, the others at their start values.
    fn keys(&self, at: Coord) -> Vec<Key> {
        let cell = self.maze.board.get(at);
        let mut keys = vec![self.set.start_key()];
        for r in 0..self.set.regs.len() {
            if !self.set.kept(r, &cell) {
                continue;
            }
            let values = self.set.values(r, &self.maze.board.cells);
            let mut next = Vec::new();
            for k in &keys {
                for &v in &values {
                    let mut k = *k;
                    k[r] = v;
                    next.push(k);
                }
            }
            keys = next;
        }
        keys
    }

    fn place(&self, (r, c): (i64, i64)) -> Option<Coord> {
        let (rows, cols) = (self.maze.board.rows as i64, self.maze.board.cols as i64);
        if self.set.torus {
            Some((r.rem_euclid(rows) as usize, c.rem_euclid(cols) as usize))
        } else {
            self.maze
                .board
                .contains((r, c))
                .then_some((r as usize, c as usize))
        }
    }

    /// What stops a unit step across the one edge from `x` to `y`, leaving `here` with
    /// registers `key`: a wall, a one-way wall crossed against its way, or a closed door.
    /// `origin` is the cell the move leaves, as the doors read it.
    fn barrier(&self, x: Coord, y: Coord, (at, here): (Coord, &Cell), key: &Key) -> Option<String> {
        if self.walls.contains(&(x, y)) {
            return Some(format!(
                "crosses the wall between {} and {}",
                coord(x),
                coord(y)
            ));
        }
        for g in &self.maze.gates {
            if (g.from, g.to) != (x, y) && (g.to, g.from) != (x, y) {
                continue;
            }
            if let Some(name) = g.passage.door() {
                let i = self.maze.rules.doors.iter().position(|d| d.name == name)?;
                if !self.set.doors[i]
                    .iter()
                    .all(|c| c.eval(&self.ctx(at, here, key)))
                {
                    return Some(format!(
                        "meets the closed door `{name}` between {} and {}",
                        coord(x),
                        coord(y)
                    ));
                }
            }
            if g.passage.one_way() && (g.to, g.from) == (x, y) {
                return Some(format!(
                    "crosses the one-way wall from {} to {} against its way",
                    coord(g.from),
                    coord(g.to)
                ));
            }
        }
        None
    }

    /// What stops a unit step from `a` to `b` in `dir` (a diagonal step only when both
    /// routes around the corner are stopped; a knight's leap never).
    fn walled(
        &self,
        a: Coord,
        b: Coord,
        dir: Dir,
        origin: (Coord, &Cell),
        key: &Key,
    ) -> Option<String> {
        if dir >= 8 && self.set.tiling == crate::tiling::Tiling::Square {
            return None;
        }
        match self
            .set
            .tiling
            .diagonal_corners((a.0 as i64, a.1 as i64), dir)
        {
            Some(corners) => {
                let stopped = corners.iter().all(|&corner| match self.place(corner) {
                    Some(h) => {
                        self.barrier(a, h, origin, key).is_some()
                            || self.barrier(h, b, origin, key).is_some()
                    }
                    None => true,
                });
                stopped.then(|| format!("crosses the wall between {} and {}", coord(a), coord(b)))
            }
            None => self.barrier(a, b, origin, key),
        }
    }

    /// The origin as the rules see it after its leaving effects: the effective cell and the
    /// registers, or `None` when it has no moves.
    fn leave(&self, at: Coord, key: &Key) -> Option<(Cell, Key)> {
        let raw = self.maze.board.get(at);
        if !raw.is_ordinary() {
            return None;
        }
        let mut k = *key;
        let here = self.set.effective(&raw, &k);
        let places = self.places(Some(at), None);
        self.set
            .apply(&self.set.leave, &here, None, None, places, &mut k)?;
        Some((self.set.effective(&raw, &k), k))
    }

    /// Where the cells `here` and `from` stand, as cell register values (none off the board
    /// or for no cell), found here by their coordinates rather than by the engine's numbering.
    fn places(&self, here: Option<Coord>, from: Option<Coord>) -> Places {
        let value =
            |p: Option<Coord>| p.map_or(NONE, |(r, c)| (r * self.maze.board.cols + c) as i64);
        Places {
            here: value(here),
            from: value(from),
        }
    }

    /// The cell a cell register's value `v` names, if any.
    fn cell_of(&self, v: i64) -> Option<Coord> {
        let cols = self.maze.board.cols as i64;
        (v >= 0).then(|| ((v / cols) as usize, (v % cols) as usize))
    }

    fn ctx<'b>(&self, at: Coord, here: &'b Cell, key: &'b Key) -> Ctx<'b> {
        Ctx {
            here,
            from: None,
            regs: key,
            mv: None,
            dirs: self.set.directions,
            at: self.places(Some(at), None),
        }
    }

    /// Every move from the state on `at` with registers `key`.
    fn moves(&self, at: Coord, key: &Key) -> Vec<(Dir, Landing)> {
        let mut out = Vec::new();
        let Some((here, k1)) = self.leave(at, key) else {
            return out;
        };
        for kind in &self.set.kinds {
            if !kind.when.iter().all(|c| c.eval(&self.ctx(at, &here, &k1))) {
                continue;
            }
            for d in self.set.dirs(kind, &here, &k1).iter() {
                self.ray(at, &here, &k1, kind, d, &mut out, &mut |_| {});
            }
        }
        out
    }

    /// Walks one ray, unit step by unit step, pushing every landing and telling `note` why
    /// the walk stopped or a landing failed.
    #[allow(clippy::too_many_arguments)]
    fn ray(
        &self,
        at: Coord,
        here: &Cell,
        key: &Key,
        kind: &K,
        d: Dir,
        out: &mut Vec<(Dir, Landing)>,
        note: &mut dyn FnMut(String),
    ) {
        let board = &self.maze.board;
        let n = (board.rows * board.cols) as i64;
        // `To`: no landing but on the held cell, walked to like any other.
        let target = match kind.length {
            L::To(r) => match self.cell_of(key[r]) {
                Some(t) => Some(t),
                None => {
                    note(format!(
                        "goes back to the cell `{}` holds, but it holds none",
                        self.set.regs[r].name
                    ));
                    return;
                }
            },
            _ => None,
        };
        let (exact, max) = match kind.length {
            L::Any | L::First | L::Slide | L::To(_) => (None, n),
            L::UpToNumber => (None, here.number.map_or(0, i64::from).min(n)),
            _ => match self.set.exact_length(kind, here, key) {
                Some(k) => (Some(k), k),
                None => {
                    note("has no length to move by here".into());
                    return;
                }
            },
        };
        let exit = self.set.goal == GoalKind::Exit;
        let first = kind.length == L::First;
        let slide = kind.length == L::Slide;
        let mut prev = at;
        for i in 1..=max {
            let landing_step = exact.is_none_or(|k| i == k) && !first && !slide && target.is_none();
            let Some(p) = self.place(self.set.tiling.walk((prev.0 as i64, prev.1 as i64), d, 1))
            else {
                if slide {
                    self.slide_end(at, here, key, kind, d, i, prev, out, note);
                } else if exit && (landing_step || first) {
                    self.exit(at, here, key, kind, d, i, prev, out, note);
                } else {
                    note(format!("leaves the board at step {i}"));
                }
                return;
            };
            if let Some(why) = self.walled(prev, p, d, (at, here), key) {
                if slide {
                    return self.slide_end(at, here, key, kind, d, i, prev, out, note);
                }
                note(why);
                return;
            }
            let x = board.get(p);
            let passable = RuleSet::passable(kind.over, &x);
            let landing_step = landing_step || target == Some(p);
            if slide && (x.kind == Kind::Void || !passable) {
                return self.slide_end(at, here, key, kind, d, i, prev, out, note);
            }
            if x.kind == Kind::Void {
                if exit && (landing_step || first) {
                    self.exit(at, here, key, kind, d, i, p, out, note);
                } else if landing_step || first {
                    note(format!("lands on {}, which is off the board", coord(p)));
                } else {
                    note(format!("passes over {}, which is off the board", coord(p)));
                }
                return;
            }
            if landing_step || (first && !passable) {
                self.land(at, here, key, kind, d, i, p, out, note);
            } else if !passable {
                note(match x.kind {
                    Kind::Blocked => format!("passes over the blocked cell # at {}", coord(p)),
                    Kind::Empty => format!("passes over the empty cell at {}", coord(p)),
                    _ => format!("cannot fly over {}", coord(p)),
                });
            }
            if !passable || exact == Some(i) || target == Some(p) {
                return;
            }
            prev = p;
        }
        if slide {
            note("slides around the torus and meets no obstacle".into());
        }
        if let Some(t) = target {
            note(format!("never reaches {}", coord(t)));
        }
    }

    /// A slide whose step `i` meets an obstacle: it lands on `prev`, the last cell before it,
    /// unless the very first step met it.
    #[allow(clippy::too_many_arguments)]
    fn slide_end(
        &self,
        at: Coord,
        here: &Cell,
        key: &Key,
        kind: &K,
        d: Dir,
        i: i64,
        prev: Coord,
        out: &mut Vec<(Dir, Landing)>,
        note: &mut dyn FnMut(String),
    ) {
        if i == 1 {
            note("cannot slide: the first step meets an obstacle".into());
        } else {
            self.land(at, here, key, kind, d, i - 1, prev, out, note);
        }
    }

    /// A jump off the board with an exit goal: it meets the landing conditions like any
    /// landing, read on a cell off the board, which has no attributes (RULES.md section 7.2).
    /// `last` is the last cell on the board, named in a refusal.
    #[allow(clippy::too_many_arguments)]
    fn exit(
        &self,
        at: Coord,
        here: &Cell,
        key: &Key,
        kind: &K,
        d: Dir,
        i: i64,
        last: Coord,
        out: &mut Vec<(Dir, Landing)>,
        note: &mut dyn FnMut(String),
    ) {
        let places = self.places(None, Some(at));
        if self.meets_land(&Cell::VOID, here, key, kind, d, i, (last, places), note) {
            out.push((d, Landing::Outside));
        }
    }

    /// Whether a move `d` of `i` steps from `here` with registers `key` meets `kind`'s
    /// landing conditions on `x`, the cell at `p`; the first it fails is noted.
    #[allow(clippy::too_many_arguments)]
    fn meets_land(
        &self,
        x: &Cell,
        here: &Cell,
        key: &Key,
        kind: &K,
        d: Dir,
        i: i64,
        (p, at): (Coord, Places),
        note: &mut dyn FnMut(String),
    ) -> bool {
        let ctx = Ctx {
            here: x,
            from: Some(here),
            regs: key,
            mv: Some((d, i)),
            dirs: self.set.directions,
            at,
        };
        match kind.land.iter().find(|c| !c.eval(&ctx)) {
            Some(failed) => {
                note(self.describe_failure(failed, key, p));
                false
            }
            None => true,
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn land(
        &self,
        at: Coord,
        here: &Cell,
        key: &Key,
        kind: &K,
        d: Dir,
        i: i64,
        p: Coord,
        out: &mut Vec<(Dir, Landing)>,
        note: &mut dyn FnMut(String),
    ) {
        let x = self.maze.board.get(p);
        if p == at {
            note("comes back to where it started (around the torus)".into());
            return;
        }
        if !x.is_landable() {
            note(match x.kind {
                Kind::Blocked => format!("lands on the blocked cell # at {}", coord(p)),
                Kind::Hole => format!("lands on the hole o at {}", coord(p)),
                _ => format!("lands on the empty cell at {}", coord(p)),
            });
            return;
        }
        let places = self.places(Some(p), Some(at));
        if !self.meets_land(&x, here, key, kind, d, i, (p, places), note) {
            return;
        }
        // A teleport sends the mover on to its partner within the move; from there on the
        // partner is the cell landed on.
        let (p, x, through) = match self.partner(p) {
            Some(q) if q == at => {
                note(format!(
                    "lands on the teleport at {}, whose partner is where it started",
                    coord(p)
                ));
                return;
            }
            Some(q) => (q, self.maze.board.get(q), true),
            None => (p, x, false),
        };
        if x.is_goal() {
            out.push((d, Landing::At(p, self.set.start_key(), through)));
            return;
        }
        let mut k2 = *key;
        if self
            .set
            .apply(
                &self.set.land,
                &x,
                Some(here),
                Some((d, i)),
                self.places(Some(p), Some(at)),
                &mut k2,
            )
            .is_none()
        {
            note(format!(
                "landing on {} needs a value the cell does not have",
                coord(p)
            ));
            return;
        }
        let k2 = self.set.project(&x, &k2);
        if let Some(r) = (0..self.set.regs.len()).find(|&r| {
            let mut one = self.set.start_key();
            one[r] = k2[r];
            !self.set.in_range(&one)
        }) {
            if let Domain::Counter(lo, hi) = self.set.regs[r].domain {
                let max = k2[r] > hi;
                self.stops.borrow_mut().push(CounterStop {
                    register: self.set.regs[r].name.clone(),
                    cell: p,
                    bound: if max { hi } else { lo },
                    max,
                    from: at,
                    value: k2[r],
                });
            }
            note(format!(
                "would take register `{}` to {}, outside its range",
                self.set.regs[r].name, k2[r]
            ));
            return;
        }
        out.push((d, Landing::At(p, k2, through)));
    }

    /// The other cell of the teleport pair `p` belongs to: the one other ordinary cell with
    /// its teleport name, if there is exactly one.
    fn partner(&self, p: Coord) -> Option<Coord> {
        let board = &self.maze.board;
        let name = board.get(p).teleport?;
        let mut same = Vec::new();
        for r in 0..board.rows {
            for c in 0..board.cols {
                let x = board.get((r, c));
                if x.teleport == Some(name) {
                    same.push(((r, c), x.is_ordinary()));
                }
            }
        }
        match same[..] {
            [(a, true), (b, true)] => Some(if a == p { b } else { a }),
            _ => None,
        }
    }

    fn describe_failure(&self, c: &C, key: &Key, p: Coord) -> String {
        match c {
            C::Not(inner) => match &**inner {
                C::Opposite(r) => {
                    let last = key[*r];
                    let name = u8::try_from(last)
                        .map(|d| self.set.directions.name(d))
                        .unwrap_or("-");
                    if self.set.bare == Some(*r) {
                        // The no_u_turn shorthand's register: Abbott's rule, in its words.
                        format!("REVERSE:{name}")
                    } else {
                        format!(
                            "the move goes opposite to `{}` ({name}), which this maze forbids",
                            self.set.regs[*r].name
                        )
                    }
                }
                other => format!(
                    "the landing cell at {} must not be {}",
                    coord(p),
                    describe(other)
                ),
            },
            other => format!(
                "the landing cell at {} must be {}",
                coord(p),
                describe(other)
            ),
        }
    }

    /// Why no move goes `dir`: the first kind of move that may take `dir` says why it
    /// cannot, or no kind may take it.
    fn why(&self, at: Coord, key: &Key, dir: Dir) -> String {
        let name = self.set.directions.name(dir);
        let raw = self.maze.board.get(at);
        if raw.kind == Kind::DeadEnd {
            return format!(
                "{} is a dead end (0): no move leads out; undo (u) or restart (r)",
                coord(at)
            );
        }
        let Some((here, k1)) = self.leave(at, key) else {
            return format!("no move leads out of {}", coord(at));
        };
        for kind in &self.set.kinds {
            if !kind.when.iter().all(|c| c.eval(&self.ctx(at, &here, &k1))) {
                continue;
            }
            if !self.set.dirs(kind, &here, &k1).contains(dir) {
                continue;
            }
            let mut reasons = Vec::new();
            self.ray(at, &here, &k1, kind, dir, &mut Vec::new(), &mut |r| {
                reasons.push(r)
            });
            let Some(reason) = reasons.into_iter().next() else {
                continue;
            };
            if let Some(last) = reason.strip_prefix("REVERSE:") {
                return format!(
                    "{name} would reverse your last move {last}: no U-turns in this maze"
                );
            }
            let what = match (kind.length.clone(), self.set.exact_length(kind, &here, &k1)) {
                (L::Number, Some(k)) => format!("a jump of {k}"),
                (_, Some(k)) => format!("a move of {k}"),
                _ => "a move".to_string(),
            };
            return format!("{name}: {what} from {} {reason}", coord(at));
        }
        let allowed = self.allowed(at, &here, &k1);
        if allowed.is_empty() {
            format!("no move leads out of {} with what you carry now", coord(at))
        } else {
            format!(
                "{name} is not a way out of {}: the rules allow {allowed} here",
                coord(at)
            )
        }
    }

    /// The directions some kind of move may take from here, named.
    fn allowed(&self, at: Coord, here: &Cell, key: &Key) -> String {
        let mut all = maze_graph::DirSet::EMPTY;
        for kind in &self.set.kinds {
            if kind.when.iter().all(|c| c.eval(&self.ctx(at, here, key))) {
                all = maze_graph::DirSet::from_bits(
                    all.bits() | self.set.dirs(kind, here, key).bits(),
                );
            }
        }
        all.names(self.set.directions, " ")
    }
}

fn describe(c: &C) -> String {
    match c {
        C::SameColour => "the colour of the cell you leave".into(),
        C::OtherColour => "another colour than the cell you leave".into(),
        C::SameSymbol => "the symbol of the cell you leave".into(),
        C::Circled => "circled".into(),
        C::Wildcard => "a wildcard".into(),
        C::Goal => "the goal".into(),
        C::Turn => "a turn cell".into(),
        C::Piece(p) => format!("a {p:?}"),
        C::Colour(t) => format!("coloured {t}"),
        C::Symbol(t) => format!("the symbol {t}"),
        C::Any(cs) => cs.iter().map(describe).collect::<Vec<_>>().join(", or "),
        C::All(cs) => cs.iter().map(describe).collect::<Vec<_>>().join(", and "),
        C::Not(c) => format!("not {}", describe(c)),
        C::Eq(..) | C::Lt(..) | C::Gt(..) | C::Opposite(_) => "allowed by what you carry".into(),
        C::Held(_) => "the cell you hold".into(),
        // Rolling-block presses: a jumping rule set never holds them.
        C::At(..) | C::Standing | C::Cube => "pressed".into(),
    }
}

fn coord((r, c): Coord) -> String {
    format!("({r},{c})")
}
