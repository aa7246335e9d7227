//! The rolling-block engine: every state of a rolling-block maze numbered and each one's moves
//! looked up once, for one block (RULES.md section 2), bridges and switches, split cubes and
//! several blocks (docs/FAMILIES.md section 6).
//!
//! A state is where every block is (or the two cubes of a split block) and which bridges are
//! on. The states are the *seeds*, every legal placement of the first block with everything
//! else as at the start, followed by every further state reachable from the start, numbered
//! in the order the moves of the states before them discover them. Without bridges, switches
//! or other blocks the seeds are all there is: every legal placement, numbered row-major by
//! the footprint's top-left cell and, within a cell, by orientation, as RULES.md section 2
//! has it. With them, placements under other bridge states are states only where the start
//! reaches them, because numbering every combination would multiply the states by two per
//! bridge whatever the maze.

mod mechanic;
mod teleport;

use std::collections::HashMap;

use maze_graph::{Dir, Directions, Move, Rules, StateId};

use crate::limit::{StateLimit, built_past, too_many_moves};
use crate::problem::{Problem, Where};
use crate::rolling::rules::RollSet;
use crate::rolling::{
    BLOCKS_DIRECTIONS, Footprint, MAX_BLOCKS, ROLL_DIRECTIONS, RollingBlockMaze, SPLIT_DIRECTIONS,
    Tile, orientation_of, orientations,
};
use crate::rules::{Domain, Press};
use crate::tiling::Coord;

const N: usize = 0;
const E: usize = 1;
const S: usize = 2;
const W: usize = 3;

const NONE: u32 = u32::MAX;

/// The legal placements of one block, ignoring bridge states and the other blocks: every
/// cell under the block is on the board and not `#`, and a one-cell footprint is not fragile.
#[derive(Clone, Debug)]
struct Shape {
    orientations: Vec<[usize; 3]>,
    /// Per (cell, orientation): the placement, or `NONE`.
    placement_of: Vec<u32>,
    /// Per placement: (top-left cell index, orientation index).
    placements: Vec<(u32, u8)>,
    /// Per placement, the placement each roll in direction order reaches, or `NONE`.
    rolls: Vec<[u32; 4]>,
}

impl Shape {
    fn new(tiles: &[Tile], rows: usize, cols: usize, block: (usize, usize, usize)) -> Shape {
        let orientations = orientations(block);
        let n_o = orientations.len();
        // Summed-area table of no-floor cells: any rectangle is all floor in O(1).
        let mut holes = vec![0u32; (rows + 1) * (cols + 1)];
        for r in 0..rows {
            for c in 0..cols {
                let here = u32::from(!tiles[r * cols + c].bears_part());
                holes[(r + 1) * (cols + 1) + c + 1] =
                    here + holes[r * (cols + 1) + c + 1] + holes[(r + 1) * (cols + 1) + c]
                        - holes[r * (cols + 1) + c];
            }
        }
        let all_floor = |r: usize, c: usize, h: usize, w: usize| {
            let at = |r: usize, c: usize| holes[r * (cols + 1) + c];
            at(r + h, c + w) + at(r, c) == at(r, c + w) + at(r + h, c)
        };
        let mut placement_of = vec![NONE; rows * cols * n_o];
        // Room for every placement at once: the generator builds a shape per candidate
        // board, and growing the list a push at a time cost more than filling it (measured:
        // a fifth of a rolling-block evaluation went to reallocations).
        let mut placements = Vec::with_capacity(rows * cols * n_o);
        for r in 0..rows {
            for c in 0..cols {
                for (o, &[h, w, _]) in orientations.iter().enumerate() {
                    let fits = r + h <= rows
                        && c + w <= cols
                        && all_floor(r, c, h, w)
                        && !(h == 1 && w == 1 && !tiles[r * cols + c].bears_alone());
                    if fits {
                        placement_of[(r * cols + c) * n_o + o] = placements.len() as u32;
                        placements.push(((r * cols + c) as u32, o as u8));
                    }
                }
            }
        }
        let index_of = |o: [usize; 3]| orientations.iter().position(|&x| x == o).unwrap_or(0);
        // Per orientation: the orientation after a roll north or south, and after east or west.
        let turned: Vec<(usize, usize)> = orientations
            .iter()
            .map(|&[h, w, z]| (index_of([z, w, h]), index_of([h, z, w])))
            .collect();
        let rolls = placements
            .iter()
            .map(|&(cell, o)| {
                let (r, c) = (cell as usize / cols, cell as usize % cols);
                let [h, w, z] = orientations[usize::from(o)];
                let (ns, ew) = turned[usize::from(o)];
                let at = |r: usize, c: usize, o: usize| placement_of[(r * cols + c) * n_o + o];
                // In direction order: north, east, south, west.
                [
                    if r >= z { at(r - z, c, ns) } else { NONE },
                    if c + w < cols { at(r, c + w, ew) } else { NONE },
                    if r + h < rows { at(r + h, c, ns) } else { NONE },
                    if c >= z { at(r, c - z, ew) } else { NONE },
                ]
            })
            .collect();
        Shape {
            orientations,
            placement_of,
            placements,
            rolls,
        }
    }

    fn extents(&self, p: u32) -> [usize; 3] {
        self.orientations[usize::from(self.placements[p as usize].1)]
    }

    fn footprint(&self, p: u32, cols: usize) -> Footprint {
        let (cell, o) = self.placements[p as usize];
        let [rows, cols_, _] = self.orientations[usize::from(o)];
        Footprint {
            row: cell as usize / cols,
            col: cell as usize % cols,
            rows,
            cols: cols_,
        }
    }

    /// The placement covering exactly `f`, if legal.
    fn at(&self, f: Footprint, block: (usize, usize, usize), cols: usize) -> u32 {
        let n_o = self.orientations.len();
        orientation_of(block, f.rows, f.cols)
            .and_then(|o| self.orientations.iter().position(|&x| x == o))
            .map_or(NONE, |o| {
                self.placement_of[(f.row * cols + f.col) * n_o + o]
            })
    }
}

/// Where everything is: each block's placement, or while split the two cubes' cells in
/// reading order in the first two slots; and the registers, packed ([`RollSet::pack`]).
/// Unused slots are 0 so equal states are equal values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Config {
    at: [u32; MAX_BLOCKS],
    split: bool,
    regs: u64,
}

/// The state table's hash: foldhash's fast hash, with a fixed seed (nothing is numbered in
/// hash order, so SipHash's resistance to chosen keys buys nothing). Its every output bit
/// depends on every key bit; a multiply-rotate hash (Fx) does not, and registers that differ
/// only in high bits (the 40th bridge and up) fell into the same buckets: 40 toggled bridges
/// took minutes.
type ConfigMap = HashMap<Config, StateId, foldhash::fast::FixedState>;

/// What pressing one switch cell does in one way of pressing it (by part of a lying block,
/// by a standing block, by a cube), precompiled from the effects where they read no register.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Outcome {
    /// Every register bit kept, cleared, set or flipped, `regs & keep ^ flip`, and the cubes'
    /// cells (indices, reading order) if the block splits.
    Bits {
        keep: u64,
        flip: u64,
        split: Option<[u32; 2]>,
    },
    /// The effects read registers: the evaluator applies them state by state.
    Evaluate,
}

/// The ways a cell is pressed, in the order of [`Outcome`]s per switch.
const PART: usize = 0;
const STANDING: usize = 1;
const CUBE: usize = 2;

/// Where everything is in one state, for pictures and play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StateView {
    /// Each block's footprint and extents `[rows, cols, height]`, the first block's first;
    /// empty while the block is split.
    pub blocks: Vec<(Footprint, [usize; 3])>,
    /// The two cubes of a split block, in reading order.
    pub cubes: Option<[Coord; 2]>,
    /// Every bridge tile in reading order, and whether it is on.
    pub bridges: Vec<(Coord, bool)>,
    /// Every register's value, in the order of the compiled rules (the file's registers,
    /// then one per lone bridge tile).
    pub registers: Vec<i64>,
}

impl StateView {
    /// Every cell under a block or a cube.
    pub fn cells(&self) -> Vec<Coord> {
        let mut cells: Vec<Coord> = self.blocks.iter().flat_map(|(f, _)| f.cells()).collect();
        cells.extend(self.cubes.into_iter().flatten());
        cells
    }
}

/// A rolling-block maze compiled for move generation (see the module documentation for how
/// states are numbered).
#[derive(Clone, Debug)]
pub struct RollGraph {
    rows: usize,
    cols: usize,
    dirs: &'static Directions,
    /// Per cell, whether a split cube may roll onto it: read for every cube move, and a
    /// lookup of the tile's description there cost a tenth of a split maze's move generation.
    cube_floor: Vec<bool>,
    blocks: Vec<(usize, usize, usize)>,
    /// One placement table per block.
    shapes: Vec<Shape>,
    /// Per block, the footprint it must cover at the goal.
    goals: Vec<Option<Footprint>>,
    /// The rules: registers, bridges and effects.
    roll: RollSet,
    /// Per cell: the packed test of its bridge (on while `regs & mask == want`); a mask of 0
    /// for a cell that is no bridge.
    bridge_test: Vec<(u64, u64)>,
    bridge_cells: Vec<Coord>,
    /// Per cell: its switch, or `NONE`.
    switch_at: Vec<u32>,
    /// Per switch: its outcome pressed by part of a lying block, by a standing block, by a cube.
    outcomes: Vec<[Outcome; 3]>,
    /// The start state's configuration; seeds differ from it in the first block only.
    initial: Config,
    /// The first block's placement of each seed.
    seeds: Vec<u32>,
    /// Per first-block placement, its seed, or `NONE`.
    seed_of: Vec<u32>,
    /// States after the seeds.
    extra: Vec<Config>,
    index: ConfigMap,
    offsets: Vec<u32>,
    moves: Vec<Move>,
    start: StateId,
    goal: StateId,
    /// Per cell its teleport partner, or `NONE`; empty without teleports.
    tele: Vec<u32>,
}

impl RollGraph {
    /// Compiles a valid maze (the file reader has checked it, its state count included). An
    /// invalid maze may panic.
    pub fn new(maze: &RollingBlockMaze) -> RollGraph {
        match RollGraph::explore(maze, usize::MAX, usize::MAX, None) {
            Ok(g) => g,
            Err((n, _)) => unreachable!("{n} states within no limit"),
        }
    }

    /// [`RollGraph::new`] of `maze` in place of this graph, keeping its lists' and index's
    /// room: the generator compiles a board for every candidate, and growing them from
    /// nothing each time cost it a tenth of its instructions.
    pub fn rebuild(&mut self, maze: &RollingBlockMaze) {
        *self = match RollGraph::explore(maze, usize::MAX, usize::MAX, Some(self)) {
            Ok(g) => g,
            Err((n, _)) => unreachable!("{n} states within no limit"),
        };
    }

    /// Compiles a valid maze, giving up once its states or moves are more than `limit`
    /// allows, with the states and moves found so far.
    pub(crate) fn within(
        maze: &RollingBlockMaze,
        limit: StateLimit,
    ) -> Result<RollGraph, (usize, usize)> {
        let moves = usize::try_from(limit.moves()).unwrap_or(usize::MAX);
        RollGraph::explore(maze, limit.get() as usize, moves, None)
    }

    /// Compiles a maze, giving up with the states and moves found so far once there are
    /// more than `limit` states or `most_moves` moves.
    fn explore(
        maze: &RollingBlockMaze,
        limit: usize,
        most_moves: usize,
        room: Option<&mut RollGraph>,
    ) -> Result<RollGraph, (usize, usize)> {
        let reused = room.is_some();
        let board = &maze.board;
        let (rows, cols) = (board.rows, board.cols);
        let blocks = maze.rules.dims();
        let shapes: Vec<Shape> = blocks
            .iter()
            .map(|&b| Shape::new(&board.tiles, rows, cols, b))
            .collect();
        // The maze is valid (the caller's promise), so only its rules are compiled, not its
        // other blocks checked again: the generator builds a graph per candidate board.
        let roll = match crate::rolling::rules::compile(maze) {
            Ok(set) => set,
            Err(p) => panic!("RollGraph::new takes a valid maze: {}", p.message),
        };
        // Boards without bridges or switches (what the generator rebuilds most) need no
        // per-cell tables: an empty one reads as no bridge and no switch.
        let mut bridge_test = if roll.bridges.is_empty() {
            Vec::new()
        } else {
            vec![(0, 0); rows * cols]
        };
        let mut bridge_cells = Vec::new();
        for (i, &((r, c), _)) in roll.bridges.iter().enumerate() {
            bridge_test[r * cols + c] = roll.bridge_test(i);
            bridge_cells.push((r, c));
        }
        let mut switch_at = Vec::new();
        let mut outcomes = Vec::new();
        if !roll.set.land.is_empty() {
            switch_at = vec![NONE; rows * cols];
            for (i, tile) in board.tiles.iter().enumerate() {
                if matches!(tile, Tile::Switch(_)) {
                    switch_at[i] = outcomes.len() as u32;
                    outcomes.push(outcomes_at(&roll, (i / cols, i % cols), cols));
                }
            }
        }
        let mut initial = Config {
            at: [0; MAX_BLOCKS],
            split: false,
            regs: roll.pack(&roll.start_key()),
        };
        let starts: Vec<Footprint> = std::iter::once(maze.start)
            .chain(maze.rules.others.iter().map(|b| b.start))
            .collect();
        for (k, f) in starts.iter().enumerate() {
            initial.at[k] = shapes[k].at(*f, blocks[k], cols);
        }
        let goals = std::iter::once(Some(maze.goal))
            .chain(maze.rules.others.iter().map(|b| b.goal))
            .collect();
        let dirs = if roll.splits {
            &SPLIT_DIRECTIONS
        } else if blocks.len() > 1 {
            &BLOCKS_DIRECTIONS
        } else {
            &ROLL_DIRECTIONS
        };
        let mut g = RollGraph {
            rows,
            cols,
            dirs,
            cube_floor: board.tiles.iter().map(|t| t.bears_cube()).collect(),
            blocks,
            shapes,
            goals,
            roll,
            bridge_test,
            bridge_cells,
            switch_at,
            outcomes,
            initial,
            seeds: Vec::new(),
            seed_of: Vec::new(),
            extra: Vec::new(),
            index: ConfigMap::default(),
            offsets: vec![0],
            moves: Vec::new(),
            start: 0,
            goal: 0,
            tele: teleport::partners(board),
        };
        if let Some(old) = room {
            g.take_room(old);
        }
        if g.outcomes.is_empty()
            && g.blocks.len() == 1
            && g.bridge_cells.is_empty()
            && g.tele.is_empty()
        {
            // At most four rolls per placement: counted once built.
            g.plain(maze);
            if g.n_states() > limit || g.moves.len() > most_moves {
                return Err((g.n_states(), g.moves.len()));
            }
            return Ok(g);
        }
        g.seed_of.resize(g.shapes[0].placements.len(), NONE);
        for p in 0..g.shapes[0].placements.len() as u32 {
            let c = Config {
                at: {
                    let mut at = g.initial.at;
                    at[0] = p;
                    at
                },
                ..g.initial
            };
            if g.legal(&c, 0) {
                g.seed_of[p as usize] = g.seeds.len() as u32;
                g.seeds.push(p);
            }
        }
        let goal_config = {
            let mut c = g.initial;
            for (k, goal) in g.goals.iter().enumerate() {
                if let Some(f) = goal {
                    c.at[k] = g.shapes[k].at(*f, g.blocks[k], cols);
                }
            }
            c
        };
        g.goal = match g.seed_id(&goal_config) {
            Some(id) => id,
            None => {
                g.extra.push(goal_config);
                g.seeds.len() as StateId
            }
        };
        g.start = match g.id_of(&g.initial) {
            Some(id) => id,
            None => g.intern(g.initial),
        };
        let mut next = Vec::new();
        let mut state = 0;
        while state < g.n_states() {
            if g.n_states() > limit || g.moves.len() > most_moves {
                return Err((g.n_states(), g.moves.len()));
            }
            if state != g.goal as usize {
                let c = g.config(state as StateId);
                next.clear();
                g.moves_of(&c, &mut next);
                for &(dir, to) in &next {
                    let to = match g.id_of(&to) {
                        Some(id) => id,
                        None => g.intern(to),
                    };
                    g.moves.push(Move { dir, to });
                }
            }
            g.offsets.push(g.moves.len() as u32);
            state += 1;
        }
        if g.n_states() > limit || g.moves.len() > most_moves {
            return Err((g.n_states(), g.moves.len()));
        }
        if !reused {
            // A graph kept for analysis holds only what it needs; one rebuilt for every
            // candidate keeps its room for the next.
            g.index.shrink_to_fit();
        }
        Ok(g)
    }

    /// One block and nothing that changes (RULES.md section 2): the states are the legal
    /// placements and the moves the placement table's rolls, with no configuration to
    /// build, look up or hash. The generator rebuilds this for every candidate board.
    fn plain(&mut self, maze: &RollingBlockMaze) {
        let shape = &self.shapes[0];
        let n = shape.placements.len();
        self.seeds.extend(0..n as u32);
        self.seed_of.extend_from_slice(&self.seeds);
        self.start = shape.at(maze.start, self.blocks[0], self.cols);
        self.goal = shape.at(maze.goal, self.blocks[0], self.cols);
        self.offsets.reserve(n);
        self.moves.reserve(2 * n);
        for (p, rolls) in shape.rolls.iter().enumerate() {
            if p as StateId != self.goal {
                for (d, &q) in rolls.iter().enumerate() {
                    if q != NONE {
                        self.moves.push(Move {
                            dir: d as Dir,
                            to: q,
                        });
                    }
                }
            }
            self.offsets.push(self.moves.len() as u32);
        }
    }

    /// Takes `old`'s lists and index, emptied, for this graph (not yet explored) to fill.
    fn take_room(&mut self, old: &mut RollGraph) {
        fn emptied<T>(list: &mut Vec<T>) -> Vec<T> {
            let mut list = std::mem::take(list);
            list.clear();
            list
        }
        self.seeds = emptied(&mut old.seeds);
        self.seed_of = emptied(&mut old.seed_of);
        self.extra = emptied(&mut old.extra);
        self.moves = emptied(&mut old.moves);
        self.offsets = emptied(&mut old.offsets);
        self.offsets.push(0);
        self.index = std::mem::take(&mut old.index);
        self.index.clear();
    }

    fn intern(&mut self, c: Config) -> StateId {
        let id = (self.seeds.len() + self.extra.len()) as StateId;
        self.extra.push(c);
        self.index.insert(c, id);
        id
    }

    /// The seed a configuration is, if it is one: everything but the first block as at the
    /// start, and the first block on a seed placement.
    fn seed_id(&self, c: &Config) -> Option<StateId> {
        let seed_form =
            !c.split && c.regs == self.initial.regs && c.at[1..] == self.initial.at[1..];
        match self.seed_of.get(c.at[0] as usize) {
            Some(&s) if seed_form && s != NONE => Some(s),
            _ => None,
        }
    }

    /// The state a configuration is, if it is numbered.
    fn id_of(&self, c: &Config) -> Option<StateId> {
        if self.is_goal_config(c) {
            return Some(self.goal);
        }
        self.seed_id(c).or_else(|| self.index.get(c).copied())
    }

    fn config(&self, state: StateId) -> Config {
        let s = state as usize;
        match self.seeds.get(s) {
            Some(&p) => {
                let mut c = self.initial;
                c.at[0] = p;
                c
            }
            None => self.extra[s - self.seeds.len()],
        }
    }

    fn is_goal_config(&self, c: &Config) -> bool {
        !c.split
            && self.goals.iter().enumerate().all(|(k, goal)| {
                goal.is_none_or(|f| self.shapes[k].footprint(c.at[k], self.cols) == f)
            })
    }

    fn covers_off_bridge(&self, f: Footprint, regs: u64) -> bool {
        f.cells()
            .any(|(r, c)| self.off_bridge(r * self.cols + c, regs))
    }

    #[inline]
    fn off_bridge(&self, cell: usize, regs: u64) -> bool {
        let (mask, want) = self.bridge_test.get(cell).copied().unwrap_or((0, 0));
        mask != 0 && regs & mask != want
    }

    /// Whether block `k` of `c` rests legally: on bridges that are on, clear of the others.
    fn legal(&self, c: &Config, k: usize) -> bool {
        let f = self.shapes[k].footprint(c.at[k], self.cols);
        !self.covers_off_bridge(f, c.regs)
            && (0..self.blocks.len()).all(|j| j == k || !overlap(f, self.block_at(c, j)))
    }

    fn block_at(&self, c: &Config, k: usize) -> Footprint {
        self.shapes[k].footprint(c.at[k], self.cols)
    }

    /// Presses the switch on `cell` (if any) in way `how` ([`PART`], [`STANDING`] or
    /// [`CUBE`]): the registers change and the block may split. `false` when a register
    /// would leave its range, which makes the move no move.
    #[inline]
    fn press(&self, cell: usize, how: usize, n: &mut Config) -> bool {
        let switch = self.switch_at.get(cell).copied().unwrap_or(NONE);
        if switch == NONE {
            return true;
        }
        let split = match self.outcomes[switch as usize][how] {
            Outcome::Bits { keep, flip, split } => {
                n.regs = n.regs & keep ^ flip;
                split
            }
            Outcome::Evaluate => {
                let mut key = [0i64; 64];
                let key = &mut key[..self.roll.fields.len()];
                self.roll.unpack(n.regs, key);
                let press = Press {
                    at: (cell / self.cols, cell % self.cols),
                    standing: how == STANDING,
                    cube: how == CUBE,
                };
                match self.roll.press(&press, key) {
                    Ok(split) => {
                        n.regs = self.roll.pack(key);
                        split.map(|[a, b]| {
                            [
                                (a.0 * self.cols + a.1) as u32,
                                (b.0 * self.cols + b.1) as u32,
                            ]
                        })
                    }
                    Err(_) => return false,
                }
            }
        };
        if let Some([a, b]) = split {
            n.split = true;
            n.at = [0; MAX_BLOCKS];
            n.at[0] = a;
            n.at[1] = b;
        }
        true
    }

    /// Every move from `c` in direction order, with the configuration it reaches.
    fn moves_of(&self, c: &Config, out: &mut Vec<(Dir, Config)>) {
        if c.split {
            for i in 0..2 {
                let cell = c.at[i] as usize;
                let (r, col) = (cell / self.cols, cell % self.cols);
                for d in 0..4 {
                    let to = match d {
                        N if r > 0 => cell - self.cols,
                        E if col + 1 < self.cols => cell + 1,
                        S if r + 1 < self.rows => cell + self.cols,
                        W if col > 0 => cell - 1,
                        _ => continue,
                    };
                    if !self.cube_floor[to] || self.off_bridge(to, c.regs) {
                        continue;
                    }
                    let mut n = *c;
                    // A cube's press splits nothing: a split needs a standing block.
                    if !self.press(to, CUBE, &mut n) {
                        continue;
                    }
                    let other = c.at[1 - i] as usize;
                    let (a, b) = (to.min(other), to.max(other));
                    let adjacent = b - a == self.cols || (b - a == 1 && b % self.cols != 0);
                    if adjacent {
                        let lying = Footprint {
                            row: a / self.cols,
                            col: a % self.cols,
                            rows: if b - a == 1 { 1 } else { 2 },
                            cols: if b - a == 1 { 2 } else { 1 },
                        };
                        n.split = false;
                        n.at = [0; MAX_BLOCKS];
                        n.at[0] = self.shapes[0].at(lying, self.blocks[0], self.cols);
                    } else {
                        n.at[0] = a as u32;
                        n.at[1] = b as u32;
                    }
                    out.push(((4 + 4 * i + d) as Dir, n));
                }
            }
            return;
        }
        for k in 0..self.blocks.len() {
            let shape = &self.shapes[k];
            for d in 0..4 {
                let q = shape.rolls[c.at[k] as usize][d];
                if q == NONE {
                    continue;
                }
                let mut n = *c;
                n.at[k] = q;
                if !self.legal(&n, k) {
                    continue;
                }
                // Every roll covers only new cells, so each switch under the block is pressed.
                let f = shape.footprint(q, self.cols);
                let standing = f.rows == 1 && f.cols == 1 && shape.extents(q)[2] > 1;
                let how = if standing { STANDING } else { PART };
                if !f
                    .cells()
                    .all(|(r, col)| self.press(r * self.cols + col, how, &mut n))
                {
                    continue;
                }
                if !self.teleport(&mut n, k, f) {
                    continue;
                }
                out.push(((4 * k + d) as Dir, n));
            }
        }
    }

    /// Board size `(rows, cols)`.
    pub fn size(&self) -> (usize, usize) {
        (self.rows, self.cols)
    }

    /// The first block's footprint and extents `[rows, cols, height]` in `state`; while split,
    /// the first cube's cell.
    pub fn placement(&self, state: StateId) -> (Footprint, [usize; 3]) {
        let c = self.config(state);
        if c.split {
            let cell = c.at[0] as usize;
            let f = Footprint {
                row: cell / self.cols,
                col: cell % self.cols,
                rows: 1,
                cols: 1,
            };
            return (f, [1, 1, 1]);
        }
        (
            self.shapes[0].footprint(c.at[0], self.cols),
            self.shapes[0].extents(c.at[0]),
        )
    }

    /// Where everything is in `state`.
    pub fn view(&self, state: StateId) -> StateView {
        let c = self.config(state);
        let cell = |i: u32| (i as usize / self.cols, i as usize % self.cols);
        StateView {
            blocks: if c.split {
                Vec::new()
            } else {
                (0..self.blocks.len())
                    .map(|k| {
                        (
                            self.shapes[k].footprint(c.at[k], self.cols),
                            self.shapes[k].extents(c.at[k]),
                        )
                    })
                    .collect()
            },
            cubes: c.split.then(|| [cell(c.at[0]), cell(c.at[1])]),
            bridges: self
                .bridge_cells
                .iter()
                .map(|&at| (at, !self.off_bridge(at.0 * self.cols + at.1, c.regs)))
                .collect(),
            registers: {
                let mut key = vec![0; self.roll.fields.len()];
                self.roll.unpack(c.regs, &mut key);
                key
            },
        }
    }

    /// The state the move `dir` from `state` reaches, goal states included (where the player
    /// stops, the geometry does not), if it is legal and leads to a numbered state.
    pub fn roll(&self, state: StateId, dir: Dir) -> Option<StateId> {
        let mut out = Vec::new();
        self.moves_of(&self.config(state), &mut out);
        out.iter()
            .find(|(d, _)| *d == dir)
            .and_then(|(_, c)| self.id_of(c))
    }

    /// The top-left cell of the first block's footprint in `state` (the first cube's cell
    /// while split).
    pub fn state_cell(&self, state: StateId) -> Coord {
        let (f, _) = self.placement(state);
        (f.row, f.col)
    }

    /// Every block's dimensions, the first block's first.
    pub fn blocks(&self) -> &[(usize, usize, usize)] {
        &self.blocks
    }
}

/// The outcomes of pressing the switch at `at` ([`PART`], [`STANDING`], [`CUBE`]). Where the
/// effects read no register, each register bit is kept, cleared, set or flipped whatever the
/// others hold, so the evaluator's result on all bits clear and on all bits set says which.
fn outcomes_at(roll: &RollSet, at: Coord, cols: usize) -> [Outcome; 3] {
    if !roll.bitwise_at(at) {
        return [Outcome::Evaluate; 3];
    }
    let clear: Vec<i64> = roll.fields.iter().map(|&(_, _, lo)| lo).collect();
    let set: Vec<i64> = roll
        .fields
        .iter()
        .map(|&(_, w, lo)| lo + ((1i64 << w) - 1))
        .collect();
    let cell = |(r, c): Coord| (r * cols + c) as u32;
    [PART, STANDING, CUBE].map(|how| {
        let press = Press {
            at,
            standing: how == STANDING,
            cube: how == CUBE,
        };
        let (mut zero, mut one) = (clear.clone(), set.clone());
        let split = roll.apply_press(&press, &mut zero);
        roll.apply_press(&press, &mut one);
        let (zero, one) = (roll.pack(&zero), roll.pack(&one));
        Outcome::Bits {
            keep: zero ^ one,
            flip: zero,
            split: split.map(|[a, b]| [cell(a), cell(b)]),
        }
    })
}

fn overlap(a: Footprint, b: Footprint) -> bool {
    a.row < b.row + b.rows
        && b.row < a.row + a.rows
        && a.col < b.col + b.cols
        && b.col < a.col + a.cols
}

/// The states of a maze without bridges (the blocks' placements, and the split cubes'
/// cells), and that times every register's values when an effect changes registers (two
/// for every lone bridge tile).
pub(crate) fn state_bound(maze: &RollingBlockMaze) -> (u128, u128) {
    match maze.compile() {
        Ok(roll) => bound_with(maze, &roll),
        // An invalid maze is refused before its states matter; its placements still bound it.
        Err(_) => {
            let base = maze.rules.dims().iter().fold(1u128, |n, &b| {
                n.saturating_mul(
                    Shape::new(&maze.board.tiles, maze.board.rows, maze.board.cols, b)
                        .placements
                        .len() as u128,
                )
            });
            (base, base)
        }
    }
}

/// [`state_bound`] of a maze with its compiled rules.
fn bound_with(maze: &RollingBlockMaze, roll: &RollSet) -> (u128, u128) {
    let board = &maze.board;
    let mut base: u128 = 1;
    for b in maze.rules.dims() {
        let placements = Shape::new(&board.tiles, board.rows, board.cols, b)
            .placements
            .len();
        base = base.saturating_mul(placements as u128);
    }
    if roll.splits {
        let cells = board.tiles.iter().filter(|t| t.bears_part()).count() as u128;
        base = base.saturating_add(cells * cells.saturating_sub(1) / 2);
    }
    (base, base.saturating_mul(register_values(roll)))
}

/// The settings of the registers an effect changes (two for every lone bridge tile): 1
/// when no effect writes one.
fn register_values(roll: &RollSet) -> u128 {
    if !roll.written.iter().any(|&w| w) {
        return 1;
    }
    roll.set.regs.iter().fold(1u128, |n, r| {
        let values = match r.domain {
            Domain::Choice(ref names) => names.len() as u128,
            Domain::Counter(lo, hi) => (hi - lo + 1) as u128,
            _ => 1,
        };
        n.saturating_mul(values)
    })
}

/// Refuses a maze with more states than `limit`, before building it. The blocks'
/// placements (and the split cubes' cells) bound the states without bridges; past the limit
/// the maze is refused at once. Bridges a switch changes can multiply that by two each, but
/// few bridge states are usually reachable: only when the bound with them is past the limit
/// are the states counted, the count stopping at the limit.
pub(crate) fn check_state_count(maze: &RollingBlockMaze, limit: StateLimit) -> Result<(), Problem> {
    let roll = maze.compile()?;
    let (base, bound) = bound_with(maze, &roll);
    if limit.exceeded_by(base) {
        return Err(Problem::new(
            Where::Board,
            format!(
                "the blocks can be placed {base} ways on this board: up to {base} states, more than the state limit of {limit}"
            ),
        )
        .help("use fewer or smaller blocks, or fewer floor cells; or raise the limit with --state-limit"));
    }
    let per_state = moves_per_state(maze, &roll);
    let reached = reachable_placements(maze, &roll);
    if reached.saturating_mul(per_state) > limit.moves() {
        return Err(too_many_moves(Where::Board, reached, per_state, limit)
            .help("every block multiplies the placements and adds its rolls: use fewer blocks or fewer floor cells; or raise the limit with --state-limit"));
    }
    let moves = reached
        .saturating_mul(register_values(&roll))
        .saturating_mul(per_state);
    if !limit.exceeded_by(bound) && moves <= limit.moves() {
        return Ok(());
    }
    let bridges = "every bridge a switch changes can double the states: fewer bridges, or switches acting on fewer of them, make fewer; or raise the limit with --state-limit";
    match RollGraph::within(maze, limit) {
        Ok(_) => Ok(()),
        Err((found, _)) if limit.exceeded_by(found as u128) => Err(Problem::new(
            Where::Board,
            format!(
                "this maze has more than {limit} states ({found} reachable ones found before stopping), more than the state limit of {limit}"
            ),
        )
        .help(bridges)),
        Err((states, moves)) => Err(built_past(states as u64, moves as u64, limit).help(bridges)),
    }
}

/// The configurations the engine may number, bounded without exploring: every placement of
/// the first block (the engine seeds each one), times the placements each other block
/// reaches by rolling alone from its start (other blocks only stand in its way); or
/// [`bound_with`]'s placements when a split puts cubes anywhere or a teleport carries a
/// block out of its room. Blocks shut in rows or rooms of their own are counted in them,
/// not on the whole board.
fn reachable_placements(maze: &RollingBlockMaze, roll: &RollSet) -> u128 {
    let (base, _) = bound_with(maze, roll);
    if roll.splits || !teleport::partners(&maze.board).is_empty() {
        return base;
    }
    let board = &maze.board;
    let starts = std::iter::once(maze.start).chain(maze.rules.others.iter().map(|b| b.start));
    maze.rules
        .dims()
        .into_iter()
        .zip(starts)
        .enumerate()
        .fold(1u128, |n, (k, (block, start))| {
            let shape = Shape::new(&board.tiles, board.rows, board.cols, block);
            if k == 0 {
                return n.saturating_mul(shape.placements.len() as u128);
            }
            let from = shape.at(start, block, board.cols);
            if from == NONE {
                return base;
            }
            let mut seen = vec![false; shape.placements.len()];
            let mut stack = vec![from];
            seen[from as usize] = true;
            let mut count = 0u128;
            while let Some(p) = stack.pop() {
                count += 1;
                for &q in &shape.rolls[p as usize] {
                    if q != NONE && !std::mem::replace(&mut seen[q as usize], true) {
                        stack.push(q);
                    }
                }
            }
            n.saturating_mul(count)
        })
        .min(base)
}

/// The most moves from one state: four rolls of each block, or of each split cube.
fn moves_per_state(maze: &RollingBlockMaze, roll: &RollSet) -> u128 {
    let blocks = if roll.splits {
        2
    } else {
        maze.rules.dims().len()
    };
    4 * blocks as u128
}

impl RollingBlockMaze {
    /// An upper bound on the moves of the maze's graph, computed without building it: the
    /// placements the blocks reach, times the registers' settings, times the rolls from a
    /// state.
    pub(crate) fn move_bound(&self) -> u128 {
        match self.compile() {
            Ok(roll) => reachable_placements(self, &roll)
                .saturating_mul(register_values(&roll))
                .saturating_mul(moves_per_state(self, &roll)),
            Err(_) => 0,
        }
    }
}

/// Refuses, without exploring, a maze whose blocks alone have more placements than state
/// ids can number: what [`RollingBlockMaze::validate`] asks so that the engine never sees
/// one (the file reader then applies the configurable limit).
pub(crate) fn check_engine_capacity(
    maze: &RollingBlockMaze,
    roll: &RollSet,
) -> Result<(), Problem> {
    let (base, _) = bound_with(maze, roll);
    if StateLimit::MAX.exceeded_by(base) {
        return Err(Problem::new(
            Where::Board,
            format!(
                "the blocks can be placed {base} ways on this board, more than the {} states the engine can number",
                StateLimit::MAX
            ),
        )
        .help("use fewer or smaller blocks, or fewer floor cells"));
    }
    Ok(())
}

impl Rules for RollGraph {
    fn directions(&self) -> &'static Directions {
        self.dirs
    }

    fn n_states(&self) -> usize {
        self.seeds.len() + self.extra.len()
    }

    fn start(&self) -> StateId {
        self.start
    }

    fn is_goal(&self, state: StateId) -> bool {
        state == self.goal
    }

    fn max_successors(&self) -> usize {
        self.dirs.len()
    }

    fn successors(&self, acc: &mut Vec<Move>, state: StateId) {
        let s = state as usize;
        acc.extend_from_slice(&self.moves[self.offsets[s] as usize..self.offsets[s + 1] as usize]);
    }

    fn mechanic(&self, from: StateId, mv: Move) -> bool {
        self.mechanic_move(from, mv)
    }

    fn state_name(&self, state: StateId) -> String {
        let c = self.config(state);
        let name = |k: usize| {
            let f = self.shapes[k].footprint(c.at[k], self.cols);
            let [h, w, z] = self.shapes[k].extents(c.at[k]);
            format!("({},{}) {h}x{w}x{z}", f.row, f.col)
        };
        let mut out = if c.split {
            let cell = |i: u32| (i as usize / self.cols, i as usize % self.cols);
            let (a, b) = (cell(c.at[0]), cell(c.at[1]));
            format!("cubes ({},{}) ({},{})", a.0, a.1, b.0, b.1)
        } else {
            let mut parts = vec![name(0)];
            for k in 1..self.blocks.len() {
                parts.push(format!("{}: {}", k + 1, name(k)));
            }
            parts.join(", ")
        };
        if !self.roll.set.regs.is_empty() {
            let mut key = vec![0; self.roll.fields.len()];
            self.roll.unpack(c.regs, &mut key);
            out.push_str(&self.roll.suffix(&key));
        }
        out
    }
}

impl RollingBlockMaze {
    /// Checks the rules of section 2 that involve more than one cell: block dimensions and
    /// weights, and that the start and goal footprints fit the block and are legal
    /// placements on plain floor; then compiles the rules and checks the engine can hold them.
    pub fn validate(&self) -> Result<(), Problem> {
        self.validate_layout()?;
        let set = self.compile()?;
        check_engine_capacity(self, &set)
    }

    /// The blocks' placements (plus the split cubes' cells) times two per bridge a switch
    /// changes.
    pub(crate) fn state_bound(&self) -> u128 {
        state_bound(self).1
    }

    /// [`crate::Maze::check_states`] of a rolling-block maze.
    pub fn check_states(&self, limit: StateLimit) -> Result<(), Problem> {
        check_state_count(self, limit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_directions_pair_each_block_with_itself() {
        for dirs in [&ROLL_DIRECTIONS, &SPLIT_DIRECTIONS, &BLOCKS_DIRECTIONS] {
            for d in 0..dirs.len() {
                let o = usize::from(dirs.opposite[d]);
                assert_eq!(d / 4, o / 4, "{}", dirs.names[d]);
                assert_eq!(usize::from(dirs.opposite[o]), d);
            }
        }
    }
}
