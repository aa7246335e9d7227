//! The rolling-block reference walker: a slow, obviously correct reading of RULES.md section 2
//! and FAMILIES.md section 6, one configuration at a time, with states as plain values in
//! ordered maps and named as text.
//!
//! It shares nothing with the engine ([`crate::RollGraph`]) but the maze: no placement
//! tables, no numbering, no bit sets. A roll moves a block by its extents as the spec writes
//! it, legality is checked cell by cell, switches are pressed in reading order of the cells
//! the mover lands on. The engine is tested against it on random boards with bridges,
//! switches, split cubes and several blocks.

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use crate::jumping::Coord;
use crate::rolling::{Footprint, RollingBlockMaze, SwitchKind, Tile};
use crate::walker::Walked;

/// A block: top-left cell and extents `[rows, cols, height]`.
type Block = (i64, i64, [usize; 3]);

/// Where everything is.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Pos {
    /// Every block, the first block's first; empty while split.
    blocks: Vec<Block>,
    /// The two cubes of a split block, in reading order.
    cubes: Option<(Coord, Coord)>,
    /// Every bridge tile's state, in reading order of the tiles.
    bridges: Vec<bool>,
}

const COMPASS: [&str; 4] = ["N", "E", "S", "W"];

struct Walker<'a> {
    maze: &'a RollingBlockMaze,
    bridge_cells: Vec<Coord>,
}

impl Walker<'_> {
    fn tile(&self, (r, c): (i64, i64)) -> Option<Tile> {
        let board = &self.maze.board;
        (r >= 0 && c >= 0 && (r as usize) < board.rows && (c as usize) < board.cols)
            .then(|| board.get((r as usize, c as usize)))
    }

    fn bridge_on(&self, pos: &Pos, cell: Coord) -> bool {
        match self.bridge_cells.iter().position(|&b| b == cell) {
            Some(i) => pos.bridges[i],
            None => true,
        }
    }

    /// Whether a cell can bear a mover now: on the board, floor, a bridge only while on.
    fn bears(&self, pos: &Pos, cell: (i64, i64)) -> bool {
        match self.tile(cell) {
            None | Some(Tile::NoFloor) => false,
            Some(Tile::Bridge { .. }) => self.bridge_on(pos, (cell.0 as usize, cell.1 as usize)),
            Some(_) => true,
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

    fn act(&self, pos: &mut Pos, at: Coord) {
        for switch in self.maze.rules.switches.iter().filter(|s| s.at == at) {
            for action in &switch.acts {
                let i = self
                    .bridge_cells
                    .iter()
                    .position(|&b| b == action.tile())
                    .expect("a validated action names a bridge");
                pos.bridges[i] = action.apply(pos.bridges[i]);
            }
        }
    }

    /// Every move from `pos`: its name and where it leads.
    fn moves(&self, pos: &Pos) -> Vec<(String, Pos)> {
        let mut out = Vec::new();
        if let Some((a, b)) = pos.cubes {
            for (i, (moving, still)) in [(a, b), (b, a)].into_iter().enumerate() {
                for (d, name) in COMPASS.iter().enumerate() {
                    let (dr, dc) = [(-1, 0), (0, 1), (1, 0), (0, -1)][d];
                    let to = (moving.0 as i64 + dr, moving.1 as i64 + dc);
                    if !self.bears(pos, to) {
                        continue;
                    }
                    let to = (to.0 as usize, to.1 as usize);
                    let mut next = pos.clone();
                    if self.tile((to.0 as i64, to.1 as i64)) == Some(Tile::Switch(SwitchKind::Soft))
                    {
                        self.act(&mut next, to);
                    }
                    if to.0.abs_diff(still.0) + to.1.abs_diff(still.1) == 1 {
                        let (p, q) = (to.min(still), to.max(still));
                        let extents = if p.0 == q.0 { [1, 2, 1] } else { [2, 1, 1] };
                        next.cubes = None;
                        next.blocks = vec![(p.0 as i64, p.1 as i64, extents)];
                    } else {
                        next.cubes = Some((to.min(still), to.max(still)));
                    }
                    out.push((format!("c{}{name}", i + 1), next));
                }
            }
            return out;
        }
        for k in 0..pos.blocks.len() {
            let (r, c, [h, w, z]) = pos.blocks[k];
            for (d, name) in COMPASS.iter().enumerate() {
                // RULES.md section 2: N and S turn the block over rows, E and W over columns.
                let rolled: Block = match d {
                    0 => (r - z as i64, c, [z, w, h]),
                    1 => (r, c + w as i64, [h, z, w]),
                    2 => (r + h as i64, c, [z, w, h]),
                    _ => (r, c - z as i64, [h, z, w]),
                };
                let cells = Self::cells(rolled);
                let one = cells.len() == 1;
                let fragile = one && self.tile(cells[0]) == Some(Tile::Fragile);
                let clear = (0..pos.blocks.len()).filter(|&j| j != k).all(|j| {
                    Self::cells(pos.blocks[j])
                        .iter()
                        .all(|x| !cells.contains(x))
                });
                if !cells.iter().all(|&x| self.bears(pos, x)) || fragile || !clear {
                    continue;
                }
                let mut next = pos.clone();
                next.blocks[k] = rolled;
                let standing = one && rolled.2[2] > 1;
                for &(cr, cc) in &cells {
                    let at = (cr as usize, cc as usize);
                    match self.tile((cr, cc)) {
                        Some(Tile::Switch(SwitchKind::Soft)) => self.act(&mut next, at),
                        Some(Tile::Switch(SwitchKind::Heavy)) if standing => {
                            self.act(&mut next, at)
                        }
                        Some(Tile::Switch(SwitchKind::Split)) if standing => {
                            let switch = self.maze.rules.switches.iter().find(|s| s.at == at);
                            if let Some((a, b)) = switch.and_then(|s| s.split) {
                                next.blocks.clear();
                                next.cubes = Some((a.min(b), a.max(b)));
                            }
                        }
                        _ => {}
                    }
                }
                let name = if k == 0 {
                    (*name).to_string()
                } else {
                    format!("{}{name}", k + 1)
                };
                out.push((name, next));
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
        let switching = self.maze.rules.switches.iter().any(|s| !s.acts.is_empty());
        if switching && !pos.bridges.is_empty() {
            let bits: String = pos
                .bridges
                .iter()
                .map(|&on| if on { '=' } else { '-' })
                .collect();
            out.push_str(&format!(" [{bits}]"));
        }
        out
    }
}

/// Walks a valid maze from its start into every reachable state; goal states are all named
/// `goal` and have no moves out.
pub fn walk(maze: &RollingBlockMaze) -> Walked {
    let board = &maze.board;
    let mut bridge_cells = Vec::new();
    let mut bridges = Vec::new();
    for r in 0..board.rows {
        for c in 0..board.cols {
            if let Tile::Bridge { on } = board.get((r, c)) {
                bridge_cells.push((r, c));
                bridges.push(on);
            }
        }
    }
    let w = Walker { maze, bridge_cells };
    let block = |f: Footprint, dims: (usize, usize, usize)| {
        let extents = crate::rolling::orientation_of(dims, f.rows, f.cols)
            .expect("a validated footprint fits its block");
        (f.row as i64, f.col as i64, extents)
    };
    let start = Pos {
        blocks: std::iter::once(block(maze.start, maze.rules.block))
            .chain(maze.rules.others.iter().map(|b| block(b.start, b.block)))
            .collect(),
        cubes: None,
        bridges,
    };
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
