//! The configuration space of rolling-block mazes: the tile of every editable cell (floor,
//! no floor, optionally fragile floor, and with `change: (switches: true)` bridges and soft
//! or heavy switches with their actions), with start and goal footprints fixed or placed at
//! random. Any tile change can add or remove block placements, so every step recompiles the
//! rules and rebuilds the state graph; the graph from before the last step is kept, so that
//! undoing a rejected step (most of them) swaps it back instead of building it again.
//!
//! Cells the template keeps (split switches and their targets, the other blocks' start and
//! goal footprints, and without `switches` the file's bridges and switches) are never
//! edited, and every configuration is a valid maze: each switch acts on one or two bridges
//! of the board, a bridge that goes takes its actions with it, and a switch left acting on
//! nothing becomes floor. The template bounds the states of every configuration below the
//! engine's limit (at most `max_bridges` bridges are placed).

use crate::settings::{MAX_ACTIONS, RollingTemplate};
use maze_graph::StrideAdjacency;
use maze_variants::rolling::{Action, Switch, SwitchKind, TILES, TileGene};
use maze_variants::{Coord, Footprint, Maze, RollGraph, RollingBlockMaze, Tile};
use rand::{Rng, RngExt};

use crate::score::{Score, Scorer};
use crate::space::Space;

/// A rolling-block maze being generated.
#[derive(Clone, Debug)]
pub struct RollSpace {
    template: RollingTemplate,
    maze: RollingBlockMaze,
    /// The compiled board, kept for the gates that read its rules (mechanic moves).
    graph: RollGraph,
    adj: StrideAdjacency,
    /// The graphs and obstacle count of the board before the last step, while `undoable`: a
    /// rejected step swaps them back instead of building the graph again (as many builds as
    /// the step itself costs, the most expensive part of a rolling-block iteration).
    before_graph: RollGraph,
    before: StrideAdjacency,
    before_blocks: usize,
    /// Whether nothing but one step changed the board since `before` was its graph.
    undoable: bool,
    /// Editable cells not under the current footprints, in index order.
    cells: Vec<u32>,
    blocks: usize,
    /// The tiles an editable cell may hold.
    tiles: Vec<Tile>,
}

/// The cell of a change that changed nothing (no editable cell is free).
const NOTHING: u32 = u32::MAX;

/// How to undo one change: the cell and its previous tile, and when the change touched
/// switches, the switches before it and the other cells it changed.
#[derive(Clone, Debug)]
pub struct RollChange {
    cell: u32,
    old: Tile,
    more: Option<Box<Undo>>,
}

/// The rest of an undo: switches before the change and other cells' previous tiles.
#[derive(Clone, Debug)]
struct Undo {
    switches: Vec<Switch>,
    cells: Vec<(u32, Tile)>,
}

/// A copy of a rolling-block configuration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RollSnapshot {
    tiles: Vec<Tile>,
    start: Footprint,
    goal: Footprint,
    switches: Vec<Switch>,
}

/// A value a step gives a cell: a tile, or new actions for the switch it holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Value {
    Tile(Tile),
    Rewire,
}

fn is_bridge(t: Tile) -> bool {
    matches!(t, Tile::Bridge { .. })
}

fn is_switch(t: Tile) -> bool {
    matches!(t, Tile::Switch(SwitchKind::Soft | SwitchKind::Heavy))
}

fn pick<R: Rng + ?Sized>(n: usize, rng: &mut R) -> usize {
    rng.random_range(0..n as u32) as usize
}

impl RollSpace {
    /// The space of `template`'s fillings, holding a first random configuration.
    pub fn new<R: Rng + ?Sized>(template: RollingTemplate, rng: &mut R) -> RollSpace {
        let maze = template.maze.clone();
        let graph = RollGraph::new(&maze);
        let adj = StrideAdjacency::from_rules(&graph);
        // The tiles an editable cell may take: each tile's generator gene, read from its one
        // description, in the description's order.
        let tiles = TILES
            .iter()
            .filter(|t| match t.gene {
                TileGene::Always => true,
                TileGene::Fragile => template.fragile,
                TileGene::Switches => template.switches,
                TileGene::SwitchesStanding => template.switches && template.can_stand(),
                // Placed by pairs (`RollSpace::place_teleports`), never one cell alone.
                TileGene::Never | TileGene::Teleports => false,
            })
            .map(|t| t.tile)
            .collect();
        let mut space = RollSpace {
            template,
            blocks: maze.blocks(),
            before: adj.clone(),
            before_graph: graph.clone(),
            graph,
            before_blocks: 0,
            undoable: false,
            maze,
            adj,
            cells: Vec::new(),
            tiles,
        };
        space.randomize(rng);
        space
    }

    /// The maze of the current configuration.
    pub fn maze(&self) -> &RollingBlockMaze {
        &self.maze
    }

    fn recompile(&mut self) {
        self.graph.rebuild(&self.maze);
        self.adj.rebuild(&self.graph);
        self.blocks = self.maze.blocks();
        self.undoable = false;
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

    fn coord(&self, cell: usize) -> Coord {
        (cell / self.maze.board.cols, cell % self.maze.board.cols)
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

    /// How many editable cells hold a tile `is` accepts.
    fn placed(&self, is: fn(Tile) -> bool) -> usize {
        self.cells
            .iter()
            .filter(|&&c| is(self.maze.board.tiles[c as usize]))
            .count()
    }

    /// Every bridge of the board in reading order, but `except`.
    fn bridges(&self, except: usize) -> Vec<Coord> {
        (0..self.maze.board.tiles.len())
            .filter(|&i| i != except && is_bridge(self.maze.board.tiles[i]))
            .map(|i| self.coord(i))
            .collect()
    }

    /// One or two actions (at most [`MAX_ACTIONS`]) on distinct bridges among `bridges`,
    /// each turning its bridge on, off or over with equal probability.
    fn random_actions<R: Rng + ?Sized>(mut bridges: Vec<Coord>, rng: &mut R) -> Vec<Action> {
        let n = (1 + pick(MAX_ACTIONS, rng)).min(bridges.len());
        (0..n)
            .map(|_| {
                let at = bridges.swap_remove(pick(bridges.len(), rng));
                Self::random_action(at, rng)
            })
            .collect()
    }

    fn random_action<R: Rng + ?Sized>(at: Coord, rng: &mut R) -> Action {
        match pick(3, rng) {
            0 => Action::Toggle(at),
            1 => Action::On(at),
            _ => Action::Off(at),
        }
    }

    /// The switches the generator may change: those after the template's fixed ones.
    fn generated(&mut self) -> &mut [Switch] {
        let fixed = self.template.maze.rules.switches.len();
        &mut self.maze.rules.switches[fixed..]
    }

    /// Adds a generated switch at `at`, keeping generated switches in reading order.
    fn insert_switch(&mut self, at: Coord, acts: Vec<Action>) {
        let fixed = self.template.maze.rules.switches.len();
        let list = &mut self.maze.rules.switches;
        let i = fixed + list[fixed..].partition_point(|s| s.at < at);
        list.insert(
            i,
            Switch {
                at,
                acts,
                split: None,
            },
        );
    }

    fn change_cell<R: Rng + ?Sized>(&mut self, cell: usize, rng: &mut R) -> RollChange {
        let old = self.maze.board.tiles[cell];
        if old == Tile::Teleport {
            return self.move_teleport(cell, rng);
        }
        if !self.template.switches {
            let others: Vec<Tile> = self.tiles.iter().copied().filter(|&t| t != old).collect();
            self.maze.board.tiles[cell] = others[pick(others.len(), rng)];
            return RollChange {
                cell: cell as u32,
                old,
                more: None,
            };
        }
        let bridges = self.bridges(cell);
        let room_for_bridge = is_bridge(old) || self.placed(is_bridge) < self.template.max_bridges;
        let room_for_switch = !bridges.is_empty()
            && (is_switch(old) || self.placed(is_switch) < self.template.max_switches);
        let mut values: Vec<Value> = self
            .tiles
            .iter()
            .copied()
            .filter(|&t| {
                t != old && (!is_bridge(t) || room_for_bridge) && (!is_switch(t) || room_for_switch)
            })
            .map(Value::Tile)
            .collect();
        if is_switch(old) {
            values.push(Value::Rewire);
        }
        let value = values[pick(values.len(), rng)];
        let mut undo = Undo {
            switches: self.maze.rules.switches.clone(),
            cells: Vec::new(),
        };
        let at = self.coord(cell);
        let new = match value {
            Value::Rewire => {
                let acts = Self::random_actions(bridges.clone(), rng);
                if let Some(s) = self.generated().iter_mut().find(|s| s.at == at) {
                    s.acts = acts;
                }
                old
            }
            Value::Tile(new) => new,
        };
        self.maze.board.tiles[cell] = new;
        if is_bridge(old) && !is_bridge(new) {
            // Every action on the bridge goes; a switch left acting on nothing becomes floor.
            for s in self.generated().iter_mut() {
                s.acts.retain(|a| a.tile() != at);
            }
            let cols = self.maze.board.cols;
            let fixed = self.template.maze.rules.switches.len();
            let tiles = &mut self.maze.board.tiles;
            self.maze.rules.switches.retain(|s| {
                let keep = !s.acts.is_empty() || s.split.is_some();
                if !keep {
                    let i = s.at.0 * cols + s.at.1;
                    undo.cells.push((i as u32, tiles[i]));
                    tiles[i] = Tile::Floor;
                }
                keep
            });
            debug_assert!(self.maze.rules.switches.len() >= fixed);
        }
        if is_switch(old) && !is_switch(new) {
            let fixed = self.template.maze.rules.switches.len();
            if let Some(i) = self.maze.rules.switches[fixed..]
                .iter()
                .position(|s| s.at == at)
            {
                self.maze.rules.switches.remove(fixed + i);
            }
        }
        if is_switch(new) && !is_switch(old) {
            let acts = Self::random_actions(bridges, rng);
            self.insert_switch(at, acts);
        }
        if is_bridge(new) && !is_bridge(old) {
            // A new bridge joins a random switch's actions, replacing one when it has its fill.
            let count = self.generated().len();
            if count > 0 {
                let action = Self::random_action(at, rng);
                let which = pick(count, rng);
                let s = &mut self.generated()[which];
                if s.acts.len() < MAX_ACTIONS {
                    s.acts.push(action);
                } else {
                    let i = pick(s.acts.len(), rng);
                    s.acts[i] = action;
                }
            }
        }
        RollChange {
            cell: cell as u32,
            old,
            more: Some(Box::new(undo)),
        }
    }

    /// Editable cells holding floor, no floor or fragile floor: where a teleport may go
    /// without taking a bridge's or switch's place.
    fn plain_cells(&self) -> Vec<usize> {
        (self.cells.iter())
            .map(|&c| c as usize)
            .filter(|&c| {
                matches!(
                    self.maze.board.tiles[c],
                    Tile::Floor | Tile::NoFloor | Tile::Fragile
                )
            })
            .collect()
    }

    /// With the `Teleports` gene, a fresh configuration's pair on two plain cells.
    fn place_teleports<R: Rng + ?Sized>(&mut self, rng: &mut R) {
        let mut free = self.plain_cells();
        if free.len() < 2 {
            return;
        }
        for _ in 0..2 {
            let cell = free.swap_remove(pick(free.len(), rng));
            self.maze.board.tiles[cell] = Tile::Teleport;
        }
    }

    /// Moves the teleport on `cell` to a random plain cell, `cell` becoming floor: the pair
    /// stays whole.
    fn move_teleport<R: Rng + ?Sized>(&mut self, cell: usize, rng: &mut R) -> RollChange {
        let free = self.plain_cells();
        if free.is_empty() {
            return RollChange {
                cell: NOTHING,
                old: Tile::Floor,
                more: None,
            };
        }
        let to = free[pick(free.len(), rng)];
        let undo = Undo {
            switches: self.maze.rules.switches.clone(),
            cells: vec![(to as u32, self.maze.board.tiles[to])],
        };
        self.maze.board.tiles[to] = Tile::Teleport;
        self.maze.board.tiles[cell] = Tile::Floor;
        RollChange {
            cell: cell as u32,
            old: Tile::Teleport,
            more: Some(Box::new(undo)),
        }
    }

    /// With `switches`, a fresh configuration's bridges and switches: one to `max_bridges`
    /// bridge tiles and one to `max_switches` switches on random editable cells, each switch
    /// acting on one or two of the bridges.
    fn place_switches<R: Rng + ?Sized>(&mut self, rng: &mut R) {
        if self.cells.is_empty() {
            return;
        }
        let bridges = 1 + pick(self.template.max_bridges, rng);
        for _ in 0..bridges {
            let cell = self.cells[pick(self.cells.len(), rng)] as usize;
            self.maze.board.tiles[cell] = Tile::Bridge {
                on: rng.random_bool(0.5),
            };
        }
        let kinds: Vec<Tile> = self
            .tiles
            .iter()
            .copied()
            .filter(|&t| is_switch(t))
            .collect();
        let switches = 1 + pick(self.template.max_switches, rng);
        for _ in 0..switches {
            let cell = self.cells[pick(self.cells.len(), rng)] as usize;
            let kind = kinds[pick(kinds.len(), rng)];
            let tile = self.maze.board.tiles[cell];
            let bridges = self.bridges(cell);
            if is_switch(tile) || bridges.is_empty() {
                continue;
            }
            // A switch on a bridge takes its place (and its actions with it).
            let at = self.coord(cell);
            if is_bridge(tile) {
                for s in self.generated().iter_mut() {
                    s.acts.retain(|a| a.tile() != at);
                }
            }
            self.maze.board.tiles[cell] = kind;
            let acts = Self::random_actions(bridges, rng);
            self.insert_switch(at, acts);
        }
        let mut tiles = std::mem::take(&mut self.maze.board.tiles);
        sanitize(
            &mut tiles,
            &mut self.maze.rules.switches,
            self.maze.board.cols,
        );
        self.maze.board.tiles = tiles;
    }
}

/// Makes generated switches valid on `tiles`: actions only on bridges, each bridge once per
/// switch, a switch acting on nothing turned into floor, an entry only on a switch cell.
fn sanitize(tiles: &mut [Tile], switches: &mut Vec<Switch>, cols: usize) {
    let index = |(r, c): Coord| r * cols + c;
    switches.retain_mut(|s| {
        if s.split.is_some() {
            return true;
        }
        if !is_switch(tiles[index(s.at)]) {
            return false;
        }
        let mut seen: Vec<Coord> = Vec::new();
        s.acts.retain(|a| {
            let ok = is_bridge(tiles[index(a.tile())]) && !seen.contains(&a.tile());
            seen.push(a.tile());
            ok
        });
        if s.acts.is_empty() {
            tiles[index(s.at)] = Tile::Floor;
        }
        !s.acts.is_empty()
    });
}

impl Space for RollSpace {
    type Snapshot = RollSnapshot;
    type Change = RollChange;

    fn randomize<R: Rng + ?Sized>(&mut self, rng: &mut R) {
        self.maze
            .board
            .tiles
            .clone_from(&self.template.maze.board.tiles);
        self.maze
            .rules
            .switches
            .clone_from(&self.template.maze.rules.switches);
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
        if self.template.switches {
            self.place_switches(rng);
        }
        if self.template.teleports > 0 {
            self.place_teleports(rng);
        }
        self.recompile();
    }

    fn step<R: Rng + ?Sized>(&mut self, rng: &mut R) -> RollChange {
        if self.cells.is_empty() {
            return RollChange {
                cell: NOTHING,
                old: Tile::Floor,
                more: None,
            };
        }
        let cell = self.cells[pick(self.cells.len(), rng)];
        let change = self.change_cell(cell as usize, rng);
        // Keep the graph of the board before the step, built into the buffers of the one
        // before that.
        std::mem::swap(&mut self.adj, &mut self.before);
        std::mem::swap(&mut self.graph, &mut self.before_graph);
        self.before_blocks = self.blocks;
        self.recompile();
        self.undoable = true;
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
        let mut undone = 0;
        for change in changes.rev().filter(|c| c.cell != NOTHING) {
            if let Some(undo) = change.more {
                for &(cell, old) in undo.cells.iter().rev() {
                    self.maze.board.tiles[cell as usize] = old;
                }
                self.maze.rules.switches = undo.switches;
            }
            self.maze.board.tiles[change.cell as usize] = change.old;
            undone += 1;
        }
        match undone {
            0 => {}
            // The last step alone, and nothing since: the board is the one `before` was
            // built from.
            1 if self.undoable => {
                std::mem::swap(&mut self.adj, &mut self.before);
                std::mem::swap(&mut self.graph, &mut self.before_graph);
                self.blocks = self.before_blocks;
                self.undoable = false;
            }
            _ => self.recompile(),
        }
    }

    fn score(&mut self, scorer: &mut Scorer) -> Score {
        scorer.score_rules(&self.adj, &self.graph, self.blocks)
    }

    fn snapshot(&self) -> RollSnapshot {
        RollSnapshot {
            tiles: self.maze.board.tiles.clone(),
            start: self.maze.start,
            goal: self.maze.goal,
            switches: self.maze.rules.switches.clone(),
        }
    }

    fn restore(&mut self, s: &RollSnapshot) {
        self.maze.board.tiles.clone_from(&s.tiles);
        self.maze.start = s.start;
        self.maze.goal = s.goal;
        self.maze.rules.switches.clone_from(&s.switches);
        self.index_cells();
        self.recompile();
    }

    fn crossover<R: Rng + ?Sized>(&mut self, a: &RollSnapshot, b: &RollSnapshot, rng: &mut R) {
        let mut child = a.clone();
        let cols = self.maze.board.cols;
        let mut from_b = vec![false; child.tiles.len()];
        for (i, tile) in child.tiles.iter_mut().enumerate() {
            let cell = (i / cols, i % cols);
            if self.template.editable[i]
                && !a.start.contains(cell)
                && !a.goal.contains(cell)
                && rng.random_bool(0.5)
            {
                *tile = b.tiles[i];
                from_b[i] = true;
            }
        }
        if self.template.switches {
            // Each switch keeps the actions of the parent its cell came from; bridges and
            // switches past the limits become floor, in reading order.
            let fixed = self.template.maze.rules.switches.len();
            child.switches.truncate(fixed);
            let (mut bridges, mut switches) = (0, 0);
            for (i, tile) in child.tiles.iter_mut().enumerate() {
                if !self.template.editable[i] {
                    continue;
                }
                if is_bridge(*tile) {
                    bridges += 1;
                    if bridges > self.template.max_bridges {
                        *tile = Tile::Floor;
                    }
                } else if is_switch(*tile) {
                    switches += 1;
                    let parent = if from_b[i] { b } else { a };
                    let at = (i / cols, i % cols);
                    match parent.switches[fixed..].iter().find(|s| s.at == at) {
                        Some(s) if switches <= self.template.max_switches => {
                            child.switches.push(s.clone());
                        }
                        _ => *tile = Tile::Floor,
                    }
                }
            }
            sanitize(&mut child.tiles, &mut child.switches, cols);
        }
        self.restore(&child);
    }

    fn snapshot_maze(&self, s: &RollSnapshot) -> Maze {
        let mut m = self.maze.clone();
        m.board.tiles.clone_from(&s.tiles);
        m.start = s.start;
        m.goal = s.goal;
        m.rules.switches.clone_from(&s.switches);
        Maze::RollingBlock(m)
    }
}

impl RollSpace {
    /// A footprint of `shape` at a uniformly random position on editable cells, not
    /// overlapping `avoid`.
    fn place<R: Rng + ?Sized>(
        &self,
        shape: Footprint,
        avoid: Option<Footprint>,
        rng: &mut R,
    ) -> Footprint {
        let spots = self.template.spots(shape, avoid);
        // The template checked that every random footprint has a spot.
        spots[rng.random_range(0..spots.len().max(1) as u32) as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::Generate;
    use crate::settings::{Change, Placement, Search};
    use maze_file::{parse, parse_file};
    use maze_graph::Rules;
    use maze_variants::rolling::{OtherBlock, RollingBoard};
    use maze_variants::write;
    use rand::SeedableRng;

    type R = crate::Rng;

    fn cell(f: Footprint) -> Footprint {
        Footprint {
            rows: 1,
            cols: 1,
            ..f
        }
    }

    /// A random rolling-block maze with bridges, soft, heavy and split switches and other
    /// blocks, or `None` when the draw is not a valid maze.
    fn random_maze(rng: &mut R) -> Option<RollingBlockMaze> {
        let rows = 3 + pick(5, rng);
        let cols = 3 + pick(6, rng);
        let n = rows * cols;
        let mut tiles: Vec<Tile> = (0..n)
            .map(|_| match pick(16, rng) {
                0 | 1 => Tile::NoFloor,
                2 => Tile::Fragile,
                3 => Tile::Bridge { on: true },
                4 => Tile::Bridge { on: false },
                5 => Tile::Switch(SwitchKind::Soft),
                6 => Tile::Switch(SwitchKind::Heavy),
                _ => Tile::Floor,
            })
            .collect();
        let at = |i: usize| (i / cols, i % cols);
        let floor: Vec<usize> = (0..n).filter(|&i| tiles[i] == Tile::Floor).collect();
        if floor.len() < 6 {
            return None;
        }
        let choose = |rng: &mut R| floor[pick(floor.len(), rng)];
        let (s, g) = (choose(rng), choose(rng));
        let one = |i: usize| Footprint {
            row: i / cols,
            col: i % cols,
            rows: 1,
            cols: 1,
        };
        let bridges: Vec<Coord> = (0..n).filter(|&i| is_bridge(tiles[i])).map(at).collect();
        let mut switches = Vec::new();
        for (i, tile) in tiles.iter_mut().enumerate() {
            if is_switch(*tile) {
                if bridges.is_empty() {
                    *tile = Tile::Floor;
                } else {
                    let acts = RollSpace::random_actions(bridges.clone(), rng);
                    switches.push(Switch {
                        at: at(i),
                        acts,
                        split: None,
                    });
                }
            }
        }
        let mut others = Vec::new();
        match pick(3, rng) {
            0 => {
                let y = choose(rng);
                let (a, b) = (choose(rng), choose(rng));
                if [s, g, a, b].contains(&y) {
                    return None;
                }
                tiles[y] = Tile::Switch(SwitchKind::Split);
                switches.push(Switch {
                    at: at(y),
                    acts: Vec::new(),
                    split: Some((at(a), at(b))),
                });
            }
            1 => {
                let o = choose(rng);
                let goal = rng.random_bool(0.5).then(|| one(choose(rng)));
                others.push(OtherBlock {
                    block: (1, 1, 1),
                    start: one(o),
                    goal,
                });
            }
            _ => {}
        }
        let maze = RollingBlockMaze {
            rules: maze_variants::RollingBlockRules {
                switches,
                others,
                ..Default::default()
            },
            board: RollingBoard {
                rows,
                cols,
                tiles,
                teleports: Vec::new(),
            },
            start: cell(one(s)),
            goal: cell(one(g)),
        };
        maze.validate().ok().map(|()| maze)
    }

    fn random_settings(rng: &mut R) -> Generate {
        let placement = |rng: &mut R| {
            if rng.random_bool(0.5) {
                Placement::Board
            } else {
                Placement::Random
            }
        };
        let switches = rng.random_bool(0.7);
        Generate {
            start: placement(rng),
            goal: placement(rng),
            change: Change {
                fragile: rng.random_bool(0.5),
                switches,
                max_bridges: switches.then(|| 1 + pick(4, rng) as u8),
                max_switches: switches.then(|| 1 + pick(3, rng) as u8),
                ..Change::default()
            },
            search: Search::HillDescent { iterations: 20 },
            ..Generate::default()
        }
    }

    /// What must hold of every configuration: a valid maze that reads back equal from its
    /// file, fixed cells as the template has them, no bridge or switch placed unless asked
    /// and within their limits, and no more states than the template's bound.
    fn check(space: &RollSpace, what: &str) {
        let maze = space.maze();
        if let Err(p) = maze.validate() {
            panic!(
                "{what}: {}\n{}",
                p.message,
                write(&Maze::RollingBlock(maze.clone()), &[])
            );
        }
        let text = write(&Maze::RollingBlock(maze.clone()), &[]);
        let back = parse("generated.ron", &text).unwrap_or_else(|e| panic!("{}", e.one_line()));
        assert_eq!(back, Maze::RollingBlock(maze.clone()), "{what}");
        let t = &space.template;
        for (i, &tile) in maze.board.tiles.iter().enumerate() {
            if !t.editable[i] {
                assert_eq!(
                    tile, t.maze.board.tiles[i],
                    "{what}: fixed cell {i} changed"
                );
            } else if !t.switches {
                assert!(!is_bridge(tile) && !is_switch(tile), "{what}: cell {i}");
            }
        }
        let fixed = t.maze.rules.switches.len();
        assert_eq!(
            maze.rules.switches[..fixed],
            t.maze.rules.switches[..],
            "{what}"
        );
        assert_eq!(maze.rules.others, t.maze.rules.others, "{what}");
        assert!(space.placed(is_bridge) <= t.max_bridges, "{what}");
        assert!(space.placed(is_switch) <= t.max_switches, "{what}");
        assert!(RollGraph::new(maze).n_states() <= t.max_states(), "{what}");
        // The graph the space scores is the maze's, whether built or swapped back.
        use maze_graph::Graph;
        let fresh = StrideAdjacency::from_rules(&RollGraph::new(maze));
        let g = &space.adj;
        assert_eq!(g.n_states(), fresh.n_states(), "{what}: states");
        assert_eq!(g.n_moves(), fresh.n_moves(), "{what}: moves");
        assert_eq!(g.start(), fresh.start(), "{what}: start");
        assert_eq!(space.blocks, maze.blocks(), "{what}: blocks");
        for s in 0..fresh.n_states() as u32 {
            assert_eq!(g.targets(s), fresh.targets(s), "{what}: state {s}");
            assert_eq!(g.edge_dirs(s), fresh.edge_dirs(s), "{what}: state {s}");
            assert_eq!(g.is_goal(s), fresh.is_goal(s), "{what}: state {s}");
        }
    }

    /// Random templates with every mechanic, under random settings: every step, mutation,
    /// revert, restart and crossover leaves a valid maze, and a revert restores exactly.
    #[test]
    fn every_configuration_of_random_templates_is_a_valid_maze() {
        let mut rng = R::seed_from_u64(20);
        let (mut templates, mut with_switches) = (0, 0);
        for _ in 0..3000 {
            if templates == 50 {
                break;
            }
            let Some(maze) = random_maze(&mut rng) else {
                continue;
            };
            let settings = random_settings(&mut rng);
            let Ok(template) = settings.rolling_template(&maze) else {
                continue;
            };
            templates += 1;
            let mut space = RollSpace::new(template, &mut rng);
            check(&space, "random start");
            let other = {
                space.randomize(&mut rng);
                space.snapshot()
            };
            space.randomize(&mut rng);
            check(&space, "randomize");
            for k in 0..20 {
                let before = space.snapshot();
                let mut changes = Vec::new();
                match k % 4 {
                    0 => space.mutate_each(0.2, &mut rng, &mut changes),
                    // Two steps reverted together: the graph before them is not kept.
                    1 => {
                        changes.push(space.step(&mut rng));
                        changes.push(space.step(&mut rng));
                    }
                    _ => changes.push(space.step(&mut rng)),
                }
                check(&space, "step");
                with_switches += usize::from(space.placed(is_switch) > 0);
                if rng.random_bool(0.5) {
                    space.revert(changes.into_iter());
                    assert_eq!(space.snapshot(), before, "revert");
                    check(&space, "revert");
                }
            }
            let mine = space.snapshot();
            space.crossover(&mine, &other, &mut rng);
            check(&space, "crossover");
            let child = space.snapshot();
            let Maze::RollingBlock(m) = space.snapshot_maze(&child) else {
                panic!("a rolling-block space");
            };
            assert_eq!(&m, space.maze());
        }
        assert_eq!(templates, 50, "enough valid random templates");
        assert!(with_switches > 150, "switches are placed: {with_switches}");
    }

    /// A bridge that goes takes every action on it along, and a switch left acting on
    /// nothing becomes floor; a revert brings both back.
    #[test]
    fn removing_a_bridge_removes_its_actions() {
        let maze = parse(
            "test.ron",
            r#"Maze(rules: RollingBlock(), board: ["S....", ".....", "....G"])"#,
        )
        .unwrap_or_else(|e| panic!("{}", e.one_line()));
        let Maze::RollingBlock(maze) = &maze else {
            panic!("a rolling-block maze");
        };
        let settings = Generate {
            change: Change {
                switches: true,
                max_bridges: Some(1),
                max_switches: Some(1),
                ..Change::default()
            },
            ..Generate::default()
        };
        let template = settings
            .rolling_template(maze)
            .unwrap_or_else(|p| panic!("{p}"));
        let mut rng = R::seed_from_u64(3);
        let mut space = RollSpace::new(template, &mut rng);
        let mut seen = 0;
        for _ in 0..2000 {
            let before = space.snapshot();
            let bridge = before.tiles.iter().position(|&t| is_bridge(t));
            let change = space.step(&mut rng);
            let lost = bridge.filter(|&b| !is_bridge(space.maze().board.tiles[b]));
            if let (Some(b), false) = (lost, before.switches.is_empty()) {
                // The only bridge went: so did the only switch, which became floor.
                seen += 1;
                let at = before.switches[0].at;
                let switch = at.0 * 5 + at.1;
                assert!(space.maze().rules.switches.is_empty());
                if switch != b {
                    assert_eq!(space.maze().board.tiles[switch], Tile::Floor);
                }
                space.revert(std::iter::once(change));
                assert_eq!(space.snapshot(), before);
            }
            check(&space, "step");
        }
        assert!(seen > 10, "{seen}");
    }

    /// The settings' problems point at `change`.
    #[test]
    fn switch_settings_are_checked() {
        let with = |change: &str| {
            let src = format!(
                "Maze(rules: RollingBlock(), board: [\"S...\", \"...G\"], generate: (change: {change}))"
            );
            parse_file("test.ron", &src)
                .map(|_| ())
                .map_err(|e| e.message)
        };
        assert!(with("(switches: true)").is_ok());
        assert!(with("(switches: true, max_bridges: 16, max_switches: 3)").is_ok());
        let e = with("(max_bridges: 2)").unwrap_err();
        assert!(e.contains("limit what `switches: true` places"), "{e}");
        let e = with("(switches: true, max_bridges: 17)").unwrap_err();
        assert!(e.contains("1 to 16 bridges"), "{e}");
        let src = "Maze(rules: Jumping(tiling: Square, moves: Rook), board: [\"1 1\", \"1 G\"], start: (0, 0), generate: (change: (switches: true)))";
        let e = parse_file("test.ron", src).map(|_| ()).unwrap_err().message;
        assert!(e.contains("a jumping maze has none"), "{e}");
        // A bound past the engine's limit is refused before any search.
        let rows: Vec<String> = (0..60)
            .map(|r| {
                let mut row = ".".repeat(60);
                if r == 0 {
                    row.replace_range(0..1, "S");
                }
                if r == 59 {
                    row.replace_range(59..60, "G");
                }
                format!("{row:?}")
            })
            .collect();
        let src = format!(
            "Maze(rules: RollingBlock(), board: [{}], generate: (change: (switches: true, max_bridges: 16)))",
            rows.join(", ")
        );
        let e = parse_file("test.ron", &src)
            .map(|_| ())
            .unwrap_err()
            .message;
        assert!(
            e.contains("more than the generation state limit of 2000000"),
            "{e}"
        );
    }
}
