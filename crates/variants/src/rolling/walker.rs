//! The rolling-block reference walker: a slow, obviously correct reading of RULES.md section 2
//! and docs/FAMILIES.md section 6, one configuration at a time, with states as plain values in
//! ordered maps and named as text.
//!
//! It shares nothing with the engine ([`crate::RollGraph`]) but the maze and its compiled
//! rules (`RollSet`, whose evaluator gives effects their meaning): no placement tables, no
//! numbering, no bit sets, no precompiled presses. A roll moves a block by its extents as the
//! spec writes it, legality is checked cell by cell, switches are pressed in reading order of
//! the cells the mover lands on, each press one call of the evaluator. The engine is tested
//! against it on random boards with bridges, switches, registers, split cubes and several
//! blocks.

use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet, VecDeque};

use crate::rolling::graph::StateView;
use crate::rolling::rules::RollSet;
use crate::rolling::{Footprint, RollingBlockMaze, Tile};
use crate::rules::{Domain, Press};
use crate::tiling::Coord;
use crate::walker::{CounterStop, Walked};

/// A block: top-left cell and extents `[rows, cols, height]`.
type Block = (i64, i64, [usize; 3]);

/// Where everything is.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Pos {
    /// Every block, the first block's first; empty while split.
    blocks: Vec<Block>,
    /// The two cubes of a split block, in reading order.
    cubes: Option<(Coord, Coord)>,
    /// Every register's value (the lone bridge tiles' among them).
    regs: Vec<i64>,
}

const COMPASS: [&str; 4] = ["N", "E", "S", "W"];

/// What a move rolls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mover {
    /// Block k (0 for the first).
    Block(usize),
    /// Cube i of a split block (0 for the first in reading order).
    Cube(usize),
}

impl Mover {
    /// The move names' prefix: `` for the first block, `2` for the second, `c1` for a cube.
    fn prefix(self) -> String {
        match self {
            Mover::Block(0) => String::new(),
            Mover::Block(k) => (k + 1).to_string(),
            Mover::Cube(i) => format!("c{}", i + 1),
        }
    }

    /// The mover and compass direction of a move name (`N`, `2E`, `c1S`).
    fn parse(name: &str) -> Option<(Mover, usize)> {
        let d = COMPASS.iter().position(|c| name.ends_with(c))?;
        let prefix = &name[..name.len() - 1];
        let mover = match prefix {
            "" => Mover::Block(0),
            "c1" => Mover::Cube(0),
            "c2" => Mover::Cube(1),
            k => Mover::Block(k.parse::<usize>().ok()?.checked_sub(1)?),
        };
        Some((mover, d))
    }
}

fn coord((r, c): Coord) -> String {
    format!("({r},{c})")
}

struct Walker<'a> {
    maze: &'a RollingBlockMaze,
    roll: RollSet,
    /// Moves a counter's range stopped, as [`Walker::act`] finds them.
    stops: RefCell<Vec<CounterStop>>,
}

impl<'a> Walker<'a> {
    /// The walker of a valid `maze`, and its registers at the start.
    fn new(maze: &'a RollingBlockMaze) -> (Walker<'a>, Vec<i64>) {
        let roll = match maze.compile() {
            Ok(roll) => roll,
            Err(p) => panic!("the walker takes a valid maze: {}", p.message),
        };
        let regs = roll.start_key();
        let stops = RefCell::new(Vec::new());
        (Walker { maze, roll, stops }, regs)
    }

    fn tile(&self, (r, c): (i64, i64)) -> Option<Tile> {
        let board = &self.maze.board;
        (r >= 0 && c >= 0 && (r as usize) < board.rows && (c as usize) < board.cols)
            .then(|| board.get((r as usize, c as usize)))
    }

    fn bridge_on(&self, pos: &Pos, cell: Coord) -> bool {
        match self.roll.bridges.iter().position(|&(b, _)| b == cell) {
            Some(i) => self.roll.bridge_on(i, &pos.regs),
            None => true,
        }
    }

    fn cells(block: Block) -> Vec<(i64, i64)> {
        let (r, c, [h, w, _]) = block;
        let mut out = Vec::new();
        for dr in 0..h as i64 {
            for dc in 0..w as i64 {
                out.push((r + dr, c + dc));
            }
        }
        out
    }

    /// Presses `at` as `press` says, for a mover that left `from`: the evaluator changes the
    /// registers and may split the block; a register leaving its range refuses the move (a
    /// counter's is noted for [`counter_stops`]).
    fn act(&self, pos: &mut Pos, press: Press, from: Coord) -> Result<(), String> {
        match self.roll.press(&press, &mut pos.regs) {
            Ok(None) => Ok(()),
            Ok(Some([a, b])) => {
                pos.blocks.clear();
                pos.cubes = Some((a, b));
                Ok(())
            }
            Err(r) => {
                let reg = &self.roll.set.regs[r];
                if let Domain::Counter(lo, hi) = reg.domain {
                    // The press left the counter at the value it would take.
                    let value = pos.regs[r];
                    let max = value > hi;
                    self.stops.borrow_mut().push(CounterStop {
                        register: reg.name.clone(),
                        cell: press.at,
                        bound: if max { hi } else { lo },
                        max,
                        from,
                        value,
                    });
                }
                Err(format!(
                    "pressing {} would take register `{}` out of its range",
                    coord(press.at),
                    reg.name
                ))
            }
        }
    }

    /// Who is moved and how, or why not: the move of `mover` in compass direction `d` (0 to
    /// 3: N, E, S, W) from `pos`, with its effects, or the rule it breaks.
    fn step(&self, pos: &Pos, mover: Mover, d: usize) -> Result<Pos, String> {
        let (dr, dc) = [(-1, 0), (0, 1), (1, 0), (0, -1)][d];
        match (mover, pos.cubes) {
            (Mover::Cube(_), None) => {
                Err("the block is whole: there are no cubes to roll until it splits".to_string())
            }
            (Mover::Block(_), Some(_)) => {
                Err("the block is split into two cubes: pick one and roll it".to_string())
            }
            (Mover::Cube(i), Some((a, b))) => {
                let (moving, still) = if i == 0 { (a, b) } else { (b, a) };
                let subject = format!("cube {}", i + 1);
                let to = (moving.0 as i64 + dr, moving.1 as i64 + dc);
                let Some(tile) = self.tile(to) else {
                    return Err(format!("{subject} would roll off the board"));
                };
                let to = (to.0 as usize, to.1 as usize);
                if !tile.bears_cube() {
                    return Err(format!(
                        "{subject} would roll onto {}, where there is no floor (#)",
                        coord(to)
                    ));
                }
                if !self.bridge_on(pos, to) {
                    return Err(format!(
                        "{subject} would roll onto {}, a bridge that is off (-)",
                        coord(to)
                    ));
                }
                // Cubes may rest on fragile floor, and two cubes never meet: they join first.
                let mut next = pos.clone();
                self.act(
                    &mut next,
                    Press {
                        at: to,
                        standing: false,
                        cube: true,
                    },
                    moving,
                )?;
                if to.0.abs_diff(still.0) + to.1.abs_diff(still.1) == 1 {
                    let (p, q) = (to.min(still), to.max(still));
                    let extents = if p.0 == q.0 { [1, 2, 1] } else { [2, 1, 1] };
                    next.cubes = None;
                    next.blocks = vec![(p.0 as i64, p.1 as i64, extents)];
                } else {
                    next.cubes = Some((to.min(still), to.max(still)));
                }
                Ok(next)
            }
            (Mover::Block(k), None) => {
                let Some(&(r, c, [h, w, z])) = pos.blocks.get(k) else {
                    return Err(format!("there is no block {} in this maze", k + 1));
                };
                let subject = if pos.blocks.len() > 1 {
                    format!("block {}", k + 1)
                } else {
                    "the block".to_string()
                };
                // RULES.md section 2: N and S turn the block over rows, E and W over columns.
                let rolled: Block = match d {
                    0 => (r - z as i64, c, [z, w, h]),
                    1 => (r, c + w as i64, [h, z, w]),
                    2 => (r + h as i64, c, [z, w, h]),
                    _ => (r, c - z as i64, [h, z, w]),
                };
                let cells = Self::cells(rolled);
                let one = cells.len() == 1;
                for &cell in &cells {
                    let Some(tile) = self.tile(cell) else {
                        return Err(format!("{subject} would hang off the board"));
                    };
                    let at = (cell.0 as usize, cell.1 as usize);
                    if !tile.bears_part() {
                        return Err(format!(
                            "{subject} would cover {}, where there is no floor (#)",
                            coord(at)
                        ));
                    }
                    if one && !tile.bears_alone() {
                        return Err(format!(
                            "{subject} would stand on end on the fragile tile (w) at {}, which breaks",
                            coord(at)
                        ));
                    }
                    if !self.bridge_on(pos, at) {
                        return Err(format!(
                            "{subject} would cover {}, a bridge that is off (-)",
                            coord(at)
                        ));
                    }
                    if let Some(j) = (0..pos.blocks.len())
                        .find(|&j| j != k && Self::cells(pos.blocks[j]).contains(&cell))
                    {
                        return Err(format!("block {} is in the way at {}", j + 1, coord(at)));
                    }
                }
                let mut next = pos.clone();
                next.blocks[k] = rolled;
                let standing = one && rolled.2[2] > 1;
                for &(cr, cc) in &cells {
                    self.act(
                        &mut next,
                        Press {
                            at: (cr as usize, cc as usize),
                            standing,
                            cube: false,
                        },
                        (r as usize, c as usize),
                    )?;
                }
                // Resting on a teleport alone, the block goes on to stand on the other one.
                if let [cell] = cells[..]
                    && let Some(to) = self.other_teleport(cell)
                {
                    if let Some(j) = (0..pos.blocks.len())
                        .find(|&j| j != k && Self::cells(pos.blocks[j]).contains(&to))
                    {
                        return Err(format!(
                            "{subject} would go through the teleport at {} to {}, where block {} is",
                            coord((cell.0 as usize, cell.1 as usize)),
                            coord((to.0 as usize, to.1 as usize)),
                            j + 1
                        ));
                    }
                    next.blocks[k] = (to.0, to.1, rolled.2);
                }
                Ok(next)
            }
        }
    }

    /// Where a block resting on `cell` alone goes on to: the board's other teleport tile
    /// when `cell` is one of exactly two, or the other cell of the declared pair `cell` is
    /// in.
    fn other_teleport(&self, cell: (i64, i64)) -> Option<(i64, i64)> {
        let board = &self.maze.board;
        let mut ts = Vec::new();
        for r in 0..board.rows {
            for c in 0..board.cols {
                if board.get((r, c)) == Tile::Teleport {
                    ts.push((r as i64, c as i64));
                }
            }
        }
        let listed = board
            .teleports
            .iter()
            .map(|&((r1, c1), (r2, c2))| ((r1 as i64, c1 as i64), (r2 as i64, c2 as i64)));
        let pairs: Vec<((i64, i64), (i64, i64))> = match ts[..] {
            [a, b] => std::iter::once((a, b)).chain(listed).collect(),
            _ => listed.collect(),
        };
        pairs.into_iter().find_map(|(a, b)| {
            if a == cell {
                Some(b)
            } else if b == cell {
                Some(a)
            } else {
                None
            }
        })
    }

    /// Every move from `pos`: its name and where it leads.
    fn moves(&self, pos: &Pos) -> Vec<(String, Pos)> {
        let movers: Vec<Mover> = match pos.cubes {
            Some(_) => vec![Mover::Cube(0), Mover::Cube(1)],
            None => (0..pos.blocks.len()).map(Mover::Block).collect(),
        };
        let mut out = Vec::new();
        for mover in movers {
            for (d, compass) in COMPASS.iter().enumerate() {
                if let Ok(next) = self.step(pos, mover, d) {
                    out.push((format!("{}{compass}", mover.prefix()), next));
                }
            }
        }
        out
    }

    fn is_goal(&self, pos: &Pos) -> bool {
        let goals = std::iter::once(Some(self.maze.goal))
            .chain(self.maze.rules.others.iter().map(|b| b.goal));
        pos.cubes.is_none()
            && pos
                .blocks
                .iter()
                .zip(goals)
                .all(|(&(r, c, [h, w, _]), goal)| {
                    goal.is_none_or(|g: Footprint| {
                        (r, c, h, w) == (g.row as i64, g.col as i64, g.rows, g.cols)
                    })
                })
    }

    fn name(&self, pos: &Pos) -> String {
        if self.is_goal(pos) {
            return "goal".to_string();
        }
        let block = |&(r, c, [h, w, z]): &Block| format!("({r},{c}) {h}x{w}x{z}");
        let mut out = match pos.cubes {
            Some((a, b)) => format!("cubes ({},{}) ({},{})", a.0, a.1, b.0, b.1),
            None => pos
                .blocks
                .iter()
                .enumerate()
                .map(|(k, b)| match k {
                    0 => block(b),
                    _ => format!("{}: {}", k + 1, block(b)),
                })
                .collect::<Vec<_>>()
                .join(", "),
        };
        out.push_str(&self.roll.suffix(&pos.regs));
        out
    }
}

/// Where everything is at the start, with registers `regs`.
fn start(maze: &RollingBlockMaze, regs: Vec<i64>) -> Pos {
    let block = |f: Footprint, dims: (usize, usize, usize)| {
        let extents = crate::rolling::orientation_of(dims, f.rows, f.cols)
            .expect("a validated footprint fits its block");
        (f.row as i64, f.col as i64, extents)
    };
    Pos {
        blocks: std::iter::once(block(maze.start, maze.rules.block))
            .chain(maze.rules.others.iter().map(|b| block(b.start, b.block)))
            .collect(),
        cubes: None,
        regs,
    }
}

/// Walks a valid maze from its start into every reachable state; goal states are all named
/// `goal` and have no moves out.
pub fn walk(maze: &RollingBlockMaze) -> Walked {
    let (w, regs) = Walker::new(maze);
    explore(&w, regs)
}

/// The moves out of the states the start reaches that a counter's range stops, one per
/// counter, pressed cell and bound (as [`crate::walker::counter_stops`] for jumping mazes;
/// a move's `from` is the cell of the block or cube that rolls); none without a counter.
pub fn counter_stops(maze: &RollingBlockMaze) -> Vec<CounterStop> {
    let (w, regs) = Walker::new(maze);
    if !w.roll.set.has_counter() {
        return Vec::new();
    }
    explore(&w, regs);
    crate::walker::tidy(w.stops.into_inner())
}

/// What `w` walks from its maze's start, with registers `regs`, into every reachable state.
fn explore(w: &Walker, regs: Vec<i64>) -> Walked {
    let start = start(w.maze, regs);
    let mut walked = Walked {
        start: w.name(&start),
        states: BTreeSet::new(),
        edges: BTreeMap::new(),
    };
    let mut seen = BTreeSet::from([start.clone()]);
    let mut queue = VecDeque::from([start]);
    while let Some(pos) = queue.pop_front() {
        let from = w.name(&pos);
        walked.states.insert(from.clone());
        if w.is_goal(&pos) {
            continue;
        }
        for (dir, next) in w.moves(&pos) {
            walked
                .edges
                .entry((from.clone(), w.name(&next)))
                .or_default()
                .insert(dir);
            if seen.insert(next.clone()) {
                queue.push_back(next);
            }
        }
    }
    walked
}

/// The mechanic moves (RULES.md section 3) of the states the start reaches, as (from, to,
/// move) names, found one configuration at a time: a move of a cube or of another block
/// than the first, a split or a merge, a press that changes a register, or a roll from
/// registers off their start that the same blocks could not make with the registers at
/// their start.
pub fn mechanic_moves(maze: &RollingBlockMaze) -> BTreeSet<(String, String, String)> {
    let (w, start_regs) = Walker::new(maze);
    let mut out = BTreeSet::new();
    let mut seen = BTreeSet::new();
    let mut queue = VecDeque::new();
    let start = start(maze, start_regs.clone());
    seen.insert(start.clone());
    queue.push_back(start);
    while let Some(pos) = queue.pop_front() {
        if w.is_goal(&pos) {
            continue;
        }
        let from = w.name(&pos);
        let plain = Pos {
            regs: start_regs.clone(),
            ..pos.clone()
        };
        let unchanged = if pos.regs == start_regs {
            Vec::new()
        } else {
            w.moves(&plain)
        };
        for (dir, next) in w.moves(&pos) {
            let other = !matches!(Mover::parse(&dir), Some((Mover::Block(0), _)));
            let read = pos.regs != start_regs
                && !unchanged
                    .iter()
                    .any(|(d, n)| *d == dir && n.cubes.is_none() && n.blocks == next.blocks);
            // A roll ending standing on a teleport came through the other one.
            let through = next.cubes.is_none()
                && matches!(Mover::parse(&dir), Some((Mover::Block(0), _)))
                && next.blocks.first().is_some_and(|&b| {
                    let cells = Walker::cells(b);
                    cells.len() == 1 && w.other_teleport(cells[0]).is_some()
                });
            if pos.cubes.is_some()
                || other
                || next.cubes.is_some()
                || next.regs != pos.regs
                || read
                || through
            {
                out.insert((from.clone(), w.name(&next), dir.clone()));
            }
            if seen.insert(next.clone()) {
                queue.push_back(next);
            }
        }
    }
    out
}

/// Why the move named `dir` (`N`, `2E`, `c1S`) is refused where everything is as `view`
/// says, or `None` when the rules allow it: the reason opens with the compass direction and
/// names the mover, `E: the block would cover (2,3), where there is no floor (#)`. This is
/// the walker's own reading of the rules, so play's explanations are the rules the engine is
/// tested against.
pub fn explain(maze: &RollingBlockMaze, view: &StateView, dir: &str) -> Option<String> {
    let (mover, d) = Mover::parse(dir)?;
    let (w, _) = Walker::new(maze);
    let pos = Pos {
        blocks: view
            .blocks
            .iter()
            .map(|&(f, extents)| (f.row as i64, f.col as i64, extents))
            .collect(),
        cubes: view.cubes.map(|[a, b]| (a, b)),
        regs: view.registers.clone(),
    };
    w.step(&pos, mover, d)
        .err()
        .map(|reason| format!("{}: {reason}", COMPASS[d]))
}
