//! What a front end may ask of any maze without knowing its variant: the directions its moves
//! use, the cells a straight run passes, the direction the rules bar next, why a move is
//! refused (in the reference walkers' words, never a second copy of the rules), where every
//! block and bridge stands, and which movers the player picks between. The one place these
//! dispatch on the variant, so play and the other front ends never do.

use maze_graph::{Dir, DirSet, Rules, StateId};

use crate::compiled::CompiledMaze;
use crate::jumping::JumpingMaze;
use crate::rolling::SPLIT_DIRECTIONS;
use crate::rolling::graph::StateView;
use crate::rolling::walker as roll_walker;
use crate::rules::D;
use crate::tiling::Coord;
use crate::{Maze, walker};

/// The movers a player picks between in a rolling-block maze.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Movers {
    /// A block that may split into two cubes.
    Cubes,
    /// This many blocks (2 to 4).
    Blocks(usize),
}

impl Movers {
    /// The most movers there may be at once.
    pub fn most(self) -> usize {
        match self {
            Movers::Cubes => 2,
            Movers::Blocks(n) => n,
        }
    }

    /// What one mover is called: `cube`, `block`.
    pub fn noun(self) -> &'static str {
        match self {
            Movers::Cubes => "cube",
            Movers::Blocks(_) => "block",
        }
    }
}

impl Maze {
    /// The directions the maze's moves use, in direction order: for a jumping maze every
    /// direction some kind of move of its rules can take, for rolling blocks N, E, S, W (with
    /// a split switch also the two cubes', with several blocks each block's).
    pub fn move_dirs(&self) -> Vec<Dir> {
        match self {
            Maze::Jumping(m) => move_dirs_of_rules(m),
            Maze::RollingBlock(m) => {
                let n = if m.rules.switches.iter().any(|s| s.split.is_some()) {
                    SPLIT_DIRECTIONS.len()
                } else {
                    4 * (m.rules.others.len() + 1)
                };
                (0..n as Dir).collect()
            }
        }
    }

    /// The cells a straight run of unit steps in `dir` from `at` passes, in order, up to the
    /// board's edge or back at `at` on a torus: geometry only, to order a move's landings by
    /// distance (which landings are legal is the engine's to say). Empty for rolling blocks,
    /// whose moves land once per direction.
    pub fn ray(&self, at: Coord, dir: Dir) -> Vec<Coord> {
        let Maze::Jumping(m) = self else {
            return Vec::new();
        };
        let (rows, cols) = (m.board.rows as i64, m.board.cols as i64);
        let mut out = Vec::new();
        let mut p = (at.0 as i64, at.1 as i64);
        for _ in 0..rows * cols {
            let (r, c) = m.rules.tiling.walk(p, dir, 1);
            p = if m.rules.torus {
                (r.rem_euclid(rows), c.rem_euclid(cols))
            } else if m.board.contains((r, c)) {
                (r, c)
            } else {
                break;
            };
            let cell = (p.0 as usize, p.1 as usize);
            if cell == at {
                break;
            }
            out.push(cell);
        }
        out
    }
}

/// Every direction some kind of move of the rules can take, in direction order: a fixed set
/// as it stands, the arrows drawn on the board (or their reverses) for arrow moves, and every
/// direction for a direction a register holds (it may hold any).
fn move_dirs_of_rules(m: &JumpingMaze) -> Vec<Dir> {
    let Ok(set) = m.rules.compile() else {
        return Vec::new();
    };
    let all_dirs = DirSet::from_bits(((1u32 << set.directions.len()) - 1) as u16);
    let mut arrows = DirSet::EMPTY;
    for cell in &m.board.cells {
        arrows = union(arrows, cell.arrows);
    }
    let mut reversed = DirSet::EMPTY;
    for d in arrows.iter() {
        reversed.insert(set.directions.opposite(d));
    }
    let mut all = DirSet::EMPTY;
    for kind in &set.kinds {
        let dirs = match &kind.dirs {
            D::Set(s) => *s,
            D::Arrows => arrows,
            D::ReverseArrows => reversed,
            D::Register(_) | D::Reverse(_) | D::Turned(_) => all_dirs,
        };
        all = union(all, dirs);
    }
    all.iter().collect()
}

fn union(a: DirSet, b: DirSet) -> DirSet {
    DirSet::from_bits(a.bits() | b.bits())
}

impl CompiledMaze {
    /// The direction the rules bar next from `state` because it reverses the move that led
    /// there (no-U-turn); `None` where no direction is barred.
    pub fn barred_dir(&self, state: StateId) -> Option<Dir> {
        match self {
            CompiledMaze::Jumping(g) => {
                let last = g.state_last_dir(state)?;
                Some(g.directions().opposite(last))
            }
            CompiledMaze::RollingBlock(_) => None,
        }
    }

    /// Which rule stops the move `dir` from `state` of `maze` (this compiled maze's), in
    /// the words of the variant's reference walker ([`walker::explain`],
    /// [`roll_walker::explain`]); `None` when the walker finds no reason (then the engine
    /// and the walker disagree, and a caller says only that the move is not legal).
    pub fn refusal(&self, maze: &Maze, state: StateId, dir: Dir) -> Option<String> {
        match (maze, self) {
            (Maze::Jumping(m), CompiledMaze::Jumping(g)) => {
                let at = g.state_cell(state)?;
                walker::explain(m, at, &g.state_key(state), dir)
            }
            (Maze::RollingBlock(m), CompiledMaze::RollingBlock(g)) => {
                let name = g.directions().names.get(usize::from(dir))?;
                roll_walker::explain(m, &g.view(state), name)
            }
            _ => None,
        }
    }

    /// The moves out of the states `reachable` keeps that a counter's range stops (a
    /// warning for the designer: [`walker::CounterStop`]); none for rules without counters.
    /// A rolling-block maze's walker finds the states its start reaches by itself.
    pub fn counter_stops(
        &self,
        maze: &Maze,
        reachable: impl Fn(StateId) -> bool,
    ) -> Vec<walker::CounterStop> {
        let (m, g) = match (maze, self) {
            (Maze::Jumping(m), CompiledMaze::Jumping(g)) => (m, g),
            (Maze::RollingBlock(m), CompiledMaze::RollingBlock(_)) => {
                return roll_walker::counter_stops(m);
            }
            _ => return Vec::new(),
        };
        let states = (0..g.n_states() as StateId)
            .filter(|&s| reachable(s))
            .filter_map(|s| Some((g.state_cell(s)?, g.state_key(s))));
        walker::counter_stops(m, states)
    }

    /// Where every block, cube and bridge stands in `state`, for mazes whose states are more
    /// than a cell (rolling blocks); `None` for jumping mazes.
    pub fn view(&self, state: StateId) -> Option<StateView> {
        match self {
            CompiledMaze::RollingBlock(g) => Some(g.view(state)),
            CompiledMaze::Jumping(_) => None,
        }
    }

    /// The movers the player picks between: cubes where a split switch gives the split
    /// directions, blocks where there are several; `None` where there is one mover.
    pub fn movers(&self) -> Option<Movers> {
        let CompiledMaze::RollingBlock(g) = self else {
            return None;
        };
        if g.directions().names == SPLIT_DIRECTIONS.names {
            Some(Movers::Cubes)
        } else if g.blocks().len() > 1 {
            Some(Movers::Blocks(g.blocks().len()))
        } else {
            None
        }
    }
}
