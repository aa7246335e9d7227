//! The configuration space of rolling-block mazes: the tile of every editable cell (floor,
//! no floor, optionally fragile floor), with start and goal footprints fixed or placed at
//! random. Any tile change can add or remove block placements, so every step recompiles the
//! rules and rebuilds the state graph (a board of n cells has at most a few n states).

use maze_graph::StrideAdjacency;
use maze_variants::generate::RollingTemplate;
use maze_variants::{Footprint, Maze, RollGraph, RollingBlockMaze, Tile};
use rand::{Rng, RngExt};

use crate::score::{Score, Scorer};
use crate::space::Space;

/// A rolling-block maze being generated.
#[derive(Clone, Debug)]
pub struct RollSpace {
    template: RollingTemplate,
    maze: RollingBlockMaze,
    adj: StrideAdjacency,
    /// Editable cells not under the current footprints, in index order.
    cells: Vec<u32>,
    blocks: usize,
}

/// The cell of a change that changed nothing (no editable cell is free).
const NOTHING: u32 = u32::MAX;

/// How to undo one change: the cell and its previous tile.
#[derive(Clone, Copy, Debug)]
pub struct RollChange(u32, Tile);

/// A copy of a rolling-block configuration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RollSnapshot {
    tiles: Vec<Tile>,
    start: Footprint,
    goal: Footprint,
}

impl RollSpace {
    /// The space of `template`'s fillings, holding a first random configuration.
    pub fn new<R: Rng + ?Sized>(template: RollingTemplate, rng: &mut R) -> RollSpace {
        let maze = template.maze.clone();
        let adj = StrideAdjacency::from_rules(&RollGraph::new(&maze));
        let mut space = RollSpace {
            template,
            blocks: maze.blocks(),
            maze,
            adj,
            cells: Vec::new(),
        };
        space.randomize(rng);
        space
    }

    fn recompile(&mut self) {
        self.adj.rebuild(&RollGraph::new(&self.maze));
        self.blocks = self.maze.blocks();
    }

    fn index_cells(&mut self) {
        let cols = self.maze.board.cols;
        let (start, goal) = (self.maze.start, self.maze.goal);
        self.cells = (0..self.template.editable.len())
            .filter(|&i| {
                let cell = (i / cols, i % cols);
                self.template.editable[i] && !start.contains(cell) && !goal.contains(cell)
            })
            .map(|i| i as u32)
            .collect();
    }

    fn tiles(&self) -> &'static [Tile] {
        if self.template.fragile {
            &[Tile::Floor, Tile::NoFloor, Tile::Fragile]
        } else {
            &[Tile::Floor, Tile::NoFloor]
        }
    }

    /// A random tile for a fresh configuration: no floor with probability 1/8 (fragile floor
    /// 1/8 when allowed), else floor. A uniform choice would leave most boards without any
    /// path, and a search on a plateau of unsolvable boards has nothing to follow.
    fn random_tile<R: Rng + ?Sized>(&self, rng: &mut R) -> Tile {
        match rng.random_range(0..8u32) {
            0 => Tile::NoFloor,
            1 if self.template.fragile => Tile::Fragile,
            _ => Tile::Floor,
        }
    }

    fn change_cell<R: Rng + ?Sized>(&mut self, cell: usize, rng: &mut R) -> RollChange {
        let old = self.maze.board.tiles[cell];
        let others: Vec<Tile> = self.tiles().iter().copied().filter(|&t| t != old).collect();
        self.maze.board.tiles[cell] = others[rng.random_range(0..others.len() as u32) as usize];
        RollChange(cell as u32, old)
    }

    /// A footprint of `shape` at a uniformly random position, not overlapping `avoid`.
    fn place<R: Rng + ?Sized>(
        &self,
        shape: Footprint,
        avoid: Option<Footprint>,
        rng: &mut R,
    ) -> Footprint {
        let (rows, cols) = (self.maze.board.rows, self.maze.board.cols);
        let mut spots = Vec::new();
        for row in 0..=rows - shape.rows {
            for col in 0..=cols - shape.cols {
                let f = Footprint { row, col, ..shape };
                if avoid.is_none_or(|a| !f.cells().any(|c| a.contains(c))) {
                    spots.push(f);
                }
            }
        }
        // The file reader checked that both footprints fit.
        spots[rng.random_range(0..spots.len().max(1) as u32) as usize]
    }
}

impl Space for RollSpace {
    type Snapshot = RollSnapshot;
    type Change = RollChange;

    fn randomize<R: Rng + ?Sized>(&mut self, rng: &mut R) {
        self.maze
            .board
            .tiles
            .clone_from(&self.template.maze.board.tiles);
        let start = match self.template.start {
            Some(f) => f,
            None => self.place(self.template.maze.start, self.template.goal, rng),
        };
        let goal = match self.template.goal {
            Some(f) => f,
            None => self.place(self.template.maze.goal, Some(start), rng),
        };
        self.maze.start = start;
        self.maze.goal = goal;
        let cols = self.maze.board.cols;
        for f in [start, goal] {
            for (r, c) in f.cells() {
                self.maze.board.tiles[r * cols + c] = Tile::Floor;
            }
        }
        self.index_cells();
        for i in 0..self.cells.len() {
            let cell = self.cells[i] as usize;
            self.maze.board.tiles[cell] = self.random_tile(rng);
        }
        self.recompile();
    }

    fn step<R: Rng + ?Sized>(&mut self, rng: &mut R) -> RollChange {
        if self.cells.is_empty() {
            return RollChange(NOTHING, Tile::Floor);
        }
        let cell = self.cells[rng.random_range(0..self.cells.len() as u32) as usize];
        let change = self.change_cell(cell as usize, rng);
        self.recompile();
        change
    }

    fn mutate_each<R: Rng + ?Sized>(
        &mut self,
        rate: f64,
        rng: &mut R,
        changes: &mut Vec<RollChange>,
    ) {
        let before = changes.len();
        for i in 0..self.cells.len() {
            if rng.random_bool(rate) {
                let cell = self.cells[i] as usize;
                changes.push(self.change_cell(cell, rng));
            }
        }
        if changes.len() > before {
            self.recompile();
        }
    }

    fn revert(&mut self, changes: impl DoubleEndedIterator<Item = RollChange>) {
        let mut any = false;
        for RollChange(cell, old) in changes.rev().filter(|c| c.0 != NOTHING) {
            self.maze.board.tiles[cell as usize] = old;
            any = true;
        }
        if any {
            self.recompile();
        }
    }

    fn score(&mut self, scorer: &mut Scorer) -> Score {
        scorer.score(&self.adj, self.blocks)
    }

    fn snapshot(&self) -> RollSnapshot {
        RollSnapshot {
            tiles: self.maze.board.tiles.clone(),
            start: self.maze.start,
            goal: self.maze.goal,
        }
    }

    fn restore(&mut self, s: &RollSnapshot) {
        self.maze.board.tiles.clone_from(&s.tiles);
        self.maze.start = s.start;
        self.maze.goal = s.goal;
        self.index_cells();
        self.recompile();
    }

    fn crossover<R: Rng + ?Sized>(&mut self, a: &RollSnapshot, b: &RollSnapshot, rng: &mut R) {
        let mut child = a.clone();
        let cols = self.maze.board.cols;
        for (i, tile) in child.tiles.iter_mut().enumerate() {
            let cell = (i / cols, i % cols);
            if self.template.editable[i]
                && !a.start.contains(cell)
                && !a.goal.contains(cell)
                && rng.random_bool(0.5)
            {
                *tile = b.tiles[i];
            }
        }
        self.restore(&child);
    }

    fn snapshot_maze(&self, s: &RollSnapshot) -> Maze {
        let mut m = self.maze.clone();
        m.board.tiles.clone_from(&s.tiles);
        m.start = s.start;
        m.goal = s.goal;
        Maze::RollingBlock(m)
    }
}
