//! The runs of passable unit steps: per kind of flying, cell and direction, how many unit
//! steps enter only cells a move may fly over and why the run ends, so that every exact
//! jump is decided in constant time whatever its length.

use super::*;

/// Why a straight run of passable cells ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Stop {
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
pub(super) struct Runs {
    pub(super) reach: Vec<u32>,
    pub(super) stop: Vec<Stop>,
}

/// Per kind of flying, the runs of passable unit steps of every cell and direction.
#[derive(Clone, Debug)]
pub(super) struct RunTable {
    /// Directions the runs are kept for, and each direction's slot among them.
    pub(super) slot_of: Vec<u8>,
    pub(super) n_slots: usize,
    /// Per set of open doors (bit i: door i open; one entry without doors), the runs per
    /// `Over` (`Flyable`, `Empty`, `Occupied`), for the kinds that use them.
    pub(super) by_over: Vec<[Option<Runs>; 3]>,
}

pub(super) fn over_index(over: crate::rules::Over) -> usize {
    match over {
        crate::rules::Over::Flyable => 0,
        crate::rules::Over::Empty => 1,
        crate::rules::Over::Occupied => 2,
    }
}

pub(super) const OVERS: [crate::rules::Over; 3] = [
    crate::rules::Over::Flyable,
    crate::rules::Over::Empty,
    crate::rules::Over::Occupied,
];

impl JumpGraph {
    pub(super) fn compute_all_runs(&mut self) {
        let walls: HashSet<(usize, usize)> = self
            .walls
            .iter()
            .flat_map(|&(a, b)| {
                let a = a.0 * self.cols + a.1;
                let b = b.0 * self.cols + b.1;
                [(a, b), (b, a)]
            })
            .collect();
        // A door's runs depend on whether it is open: one table per set of open doors.
        let masks = 1usize << self.set.doors.len();
        let mut tables = Vec::with_capacity(masks);
        for mask in 0..masks {
            let mut blocked = walls.clone();
            for &(from, to, one_way, door) in &self.gates {
                if door.is_some_and(|d| mask & (1 << d) == 0) {
                    blocked.extend([(from, to), (to, from)]);
                } else if one_way {
                    blocked.insert((to, from));
                }
            }
            let mut table = [None, None, None];
            for over in OVERS {
                if self.set.kinds.iter().any(|k| k.over == over) {
                    table[over_index(over)] = Some(self.compute_runs(over, &blocked));
                }
            }
            tables.push(table);
        }
        self.runs.by_over = tables;
    }

    /// The runs of flying as `over` from `here` with registers `key`: those of the doors
    /// open to a move that leaves `here` with them.
    #[inline]
    pub(super) fn runs_for(
        &self,
        over: crate::rules::Over,
        cell: usize,
        here: &Cell,
        key: &Key,
    ) -> Option<&Runs> {
        let mut mask = 0;
        for (i, door) in self.set.doors.iter().enumerate() {
            let ctx = Ctx {
                here,
                from: None,
                regs: key,
                mv: None,
                dirs: self.set.directions,
                at: Places::on(cell),
            };
            if door.iter().all(|c| c.eval(&ctx)) {
                mask |= 1 << i;
            }
        }
        self.runs.by_over[mask][over_index(over)].as_ref()
    }

    /// For every cell and direction, the longest run of unit steps that stays in the box,
    /// crosses no wall and enters only cells passable by `over`, and why it ends.
    pub(super) fn compute_runs(
        &self,
        over: crate::rules::Over,
        wall_set: &HashSet<(usize, usize)>,
    ) -> Runs {
        self.straight_runs(over, wall_set)
            .unwrap_or_else(|| self.follow_runs(over, wall_set))
    }

    /// [`JumpGraph::compute_runs`] on any board. Each direction's unit step is a function
    /// from cells to cells, so runs are computed once per cell by following it, with cycle
    /// detection for tori.
    fn follow_runs(&self, over: crate::rules::Over, wall_set: &HashSet<(usize, usize)>) -> Runs {
        let n = self.cells.len();
        let ns = self.runs.n_slots;
        let mut reach = vec![0u32; n * ns];
        let mut stop = vec![Stop::Edge; n * ns];
        // 0 = unvisited, 1 = on the current path, 2 = done.
        let mut mark = vec![0u8; n];
        let mut path: Vec<usize> = Vec::new();
        for (d, &si) in self.runs.slot_of.iter().enumerate() {
            if si == u8::MAX {
                continue;
            }
            let (d, si) = (d as Dir, usize::from(si));
            mark.fill(0);
            // Origins against the direction's row-major sense, so that each run is mostly
            // one step onto a cell already done and the board is read in order (any order
            // gives the same runs).
            let centre = ((self.rows / 2) as i64, (self.cols / 2) as i64);
            let forward = self.tiling.walk(centre, d, 1) > centre;
            for origin in (0..n).map(|i| if forward { n - 1 - i } else { i }) {
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

    /// [`JumpGraph::compute_runs`] where every unit step adds a fixed offset to the cell's
    /// index (a square board without walls, not a torus), `None` elsewhere: each
    /// direction's runs in one sweep of the board against the step, so that the cell a step
    /// enters is done first, with no paths or marks to keep.
    fn straight_runs(
        &self,
        over: crate::rules::Over,
        walls: &HashSet<(usize, usize)>,
    ) -> Option<Runs> {
        if self.torus || self.tiling != Tiling::Square || !walls.is_empty() {
            return None;
        }
        let (rows, cols) = (self.rows, self.cols);
        let ns = self.runs.n_slots;
        // Read once, not once per direction from cells ten times the size.
        let passable: Vec<bool> = (self.cells.iter())
            .map(|c| RuleSet::passable(over, c))
            .collect();
        // A run that ends at the edge at once is the default.
        let mut reach = vec![0u32; rows * cols * ns];
        let mut stop = vec![Stop::Edge; rows * cols * ns];
        for (d, &si) in self.runs.slot_of.iter().enumerate() {
            if si == u8::MAX {
                continue;
            }
            let si = usize::from(si);
            let (dr, dc) = self.tiling.walk((0, 0), d as Dir, 1);
            let backward = (dr, dc) > (0, 0);
            // The coordinate one step on, if it is on the board.
            let on = |x: usize, dx: i64, n: usize| {
                usize::try_from(x as i64 + dx).ok().filter(|&y| y < n)
            };
            for i in 0..rows {
                let r = if backward { rows - 1 - i } else { i };
                let Some(r2) = on(r, dr, rows) else {
                    continue;
                };
                for j in 0..cols {
                    let c = if backward { cols - 1 - j } else { j };
                    let Some(c2) = on(c, dc, cols) else {
                        continue;
                    };
                    let (at, y) = ((r * cols + c) * ns + si, r2 * cols + c2);
                    if passable[y] {
                        reach[at] = reach[y * ns + si] + 1;
                        stop[at] = stop[y * ns + si];
                    } else {
                        stop[at] = Stop::Cell;
                    }
                }
            }
        }
        Some(Runs { reach, stop })
    }

    /// One unit step from `cell` in `dir`: the cell entered, or why the step is impossible.
    pub(super) fn unit_step(
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

    /// The cell `k` unit steps from `cell` in `d`, for steps that stay on the board: within
    /// the run, or the step into the cell that ends it.
    #[inline]
    pub(super) fn ray_cell(&self, cell: usize, d: Dir, k: i64) -> Option<usize> {
        if self.tiling == Tiling::Square && !self.torus {
            // A fixed offset per step: no division to find the cell's row and column.
            let (dr, dc) = self.tiling.walk((0, 0), d, 1);
            return usize::try_from(cell as i64 + k * (dr * self.cols as i64 + dc)).ok();
        }
        self.index(self.tiling.walk(self.coord(cell), d, k))
    }

    pub(super) fn run_length(&self, runs: &Runs, cell: usize, d: Dir) -> u32 {
        runs.reach[cell * self.runs.n_slots + usize::from(self.runs.slot_of[usize::from(d)])]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::rules::{JumpRules, Over};

    /// xorshift64: boards need no quality beyond spread.
    fn next(seed: &mut u64) -> u64 {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        *seed
    }

    /// A graph of a random board of `tiling` (numbers, goals, dead ends and obstacles of
    /// every kind), its runs kept for every direction of the tiling.
    fn random_graph(seed: &mut u64, tiling: Tiling, torus: bool) -> JumpGraph {
        let rows = 1 + (next(seed) % 9) as usize;
        let cols = 1 + (next(seed) % 9) as usize;
        let kinds = [
            Kind::Ordinary,
            Kind::Ordinary,
            Kind::Ordinary,
            Kind::Goal,
            Kind::DeadEnd,
            Kind::Blocked,
            Kind::Hole,
            Kind::Void,
            Kind::Empty,
        ];
        let cells = (0..rows * cols)
            .map(
                |_| match kinds[(next(seed) % kinds.len() as u64) as usize] {
                    Kind::Ordinary => Cell::numbered(1 + (next(seed) % 9) as u8),
                    kind => Cell::of(kind),
                },
            )
            .collect();
        let maze = JumpingMaze {
            rules: JumpRules {
                tiling,
                torus,
                ..JumpRules::default()
            },
            board: Board {
                rows,
                cols,
                cells: Vec::new(),
            },
            start: (0, 0),
            walls: Vec::new(),
            gates: Vec::new(),
        };
        let set = Arc::new(
            maze.rules
                .compile()
                .unwrap_or_else(|p| panic!("{}", p.message)),
        );
        let mut graph = JumpGraph::unbuilt(&maze, cells, set);
        let ndirs = graph.set.directions.len();
        graph.runs.slot_of = (0..ndirs as u8).collect();
        graph.runs.n_slots = ndirs;
        graph
    }

    /// The sweeps give the runs that following each step gives, for every direction
    /// (knight leaps too) and every kind of flying, on random square boards; they are not
    /// taken on a torus or another tiling.
    #[test]
    fn straight_runs_are_the_followed_runs() {
        let mut seed = 0x2545_f491_4f6c_dd1d;
        let none = HashSet::new();
        for round in 0..300 {
            let g = random_graph(&mut seed, Tiling::Square, false);
            for over in OVERS {
                let want = g.follow_runs(over, &none);
                let got = g.straight_runs(over, &none);
                let got = got.unwrap_or_else(|| panic!("round {round}: not taken"));
                assert_eq!(got.reach, want.reach, "round {round}, {over:?}");
                assert_eq!(got.stop, want.stop, "round {round}, {over:?}");
            }
        }
        let torus = random_graph(&mut seed, Tiling::Square, true);
        assert!(torus.straight_runs(Over::Flyable, &none).is_none());
        let hex = random_graph(&mut seed, Tiling::Hex, false);
        assert!(hex.straight_runs(Over::Flyable, &none).is_none());
    }

    /// A cell along a run found by the step's offset is the cell the walk finds, on every
    /// tiling, bounded or torus, for every step of every run and the one that ends it.
    #[test]
    fn ray_cells_are_the_walks() {
        let mut seed = 0x9e37_79b9_7f4a_7c15;
        let none = HashSet::new();
        let mut checked = 0;
        for round in 0..300 {
            let tiling = [Tiling::Square, Tiling::Hex, Tiling::Triangle][round % 3];
            // A torus of the other tilings needs even sides; the walk wraps every step.
            let g = random_graph(
                &mut seed,
                tiling,
                round % 4 == 0 && tiling == Tiling::Square,
            );
            let runs = g.follow_runs(Over::Flyable, &none);
            for cell in 0..g.cells.len() {
                for d in 0..g.set.directions.len() as Dir {
                    let reach = g.run_length(&runs, cell, d);
                    let at = cell * g.runs.n_slots + usize::from(g.runs.slot_of[usize::from(d)]);
                    let last = i64::from(reach.min(40)) + i64::from(runs.stop[at] == Stop::Cell);
                    for k in 1..=last {
                        let walked = g.index(g.tiling.walk(g.coord(cell), d, k));
                        assert_eq!(g.ray_cell(cell, d, k), walked, "round {round}");
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 10_000, "{checked}");
    }
}
