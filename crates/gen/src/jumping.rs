//! The configuration space of jumping mazes (every tiling and rule): the genes of the
//! editable cells (jump numbers by default; arrows, colours, symbols, pieces, circles and
//! wildcards as the file declares), and optionally blocked cells, holes and walls.
//!
//! A gene step changes one cell. When nothing reads the changed attribute of a landing cell
//! (a jump number, an arrow, under most rules) only the moves out of that cell's states
//! change: the compiled graph recomputes them ([`JumpGraph::set_cell`]) and the fixed-stride
//! graph re-reads those states, or rebuilds when states appeared or vanished (registers).
//! Other steps rebuild the moves under the same compiled rules; walls recompile.

use std::sync::Arc;

use crate::settings::{GoalSpot, JumpGene, Template};
use maze_graph::StrideAdjacency;
use maze_variants::board::MAX_JUMP;
use maze_variants::{Cell, Coord, Gate, JumpGraph, JumpingMaze, Kind, Maze, RuleSet, Tag};
use rand::{Rng, RngExt};

use crate::engine::{Contents, MAX_OPTIONS, WordEngine};
use crate::score::{Score, Scorer};
use crate::space::Space;
use crate::walls;

/// A jumping maze being generated.
#[derive(Clone, Debug)]
pub struct JumpSpace {
    template: Template,
    /// Legal jump numbers per cell on the template's structure (what jump numbers exist does
    /// not depend on other cells' jump numbers, only on blocked and void cells and walls).
    legal0: Vec<Vec<i16>>,
    maze: JumpingMaze,
    graph: JumpGraph,
    adj: StrideAdjacency,
    start: usize,
    goal: Option<usize>,
    /// Editable cells other than the goal, in index order.
    cells: Vec<u32>,
    /// Of those, the ones with a choice of jump numbers (jump-number-only steps).
    mutable: Vec<u32>,
    /// Every wall position, when walls may change.
    wall_slots: Vec<(Coord, Coord)>,
    structural: bool,
    blocks: usize,
    /// The compiled rules, shared by every recompilation.
    rules: Arc<RuleSet>,
    /// Only plain jump numbers change (RULES.md section 5 exactly).
    numbers_only: bool,
    /// Per editable cell, every content the genes can give it, when the word engine indexes
    /// contents rather than numbers (genes other than numbers); `None` on numbers.
    options: Option<Vec<Vec<Cell>>>,
    /// What a step updates and the scorer reads.
    engine: Engine,
    /// The compiled and stride graphs lag behind the board (the word engine is in use).
    stale: bool,
    /// Steps on the word engine that changed the superset's shape, and all its steps.
    reshapes: (u32, u32),
    /// The most teleport pairs the generator places (the `Teleports` gene), 0 without.
    teleports: u8,
}

/// Which form of the state graph the search keeps current.
#[derive(Clone, Debug)]
enum Engine {
    /// Not chosen yet: the first score chooses, knowing whether the scorer is fast.
    Undecided,
    /// The compiled graph and its stride form, for every rule and objective.
    Graph,
    /// Rows of bits over the superset of states, patched from tables, for boards of at most
    /// 1024 superset states whose steps change only what the cell's own moves read (numbers,
    /// and arrows or pieces under most rules), under a fast scorer.
    Words(WordEngine),
}

/// What the word engine's steps change: numbers (every gene a number), contents from
/// per-cell lists (`options`), or any content (genes other than numbers whose contents are
/// not all local to the cell, or too many).
fn contents<'a>(
    options: &'a Option<Vec<Vec<Cell>>>,
    numbers: bool,
    legal0: &'a [Vec<i16>],
) -> Contents<'a> {
    match options {
        Some(options) => Contents::Cells(options),
        None if numbers => Contents::Numbers(legal0),
        None => Contents::Any,
    }
}

/// How to undo one change.
#[derive(Clone, Copy, Debug)]
pub enum JumpChange {
    /// A cell had this content.
    Cell(u32, Cell),
    /// A cell had this jump number, the rest of it as it is.
    Number(u32, i16),
    /// A wall slot held this (`crate::walls`' states).
    Wall(u32, u8),
    /// A teleport moved from the first cell to the second.
    Teleport(u32, u32),
    /// Nothing changed (no alternative was left).
    Nothing,
}

/// A copy of a jumping configuration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JumpSnapshot {
    cells: Vec<Cell>,
    walls: Vec<(Coord, Coord)>,
    gates: Vec<Gate>,
    start: usize,
    goal: Option<usize>,
}

impl JumpSpace {
    /// The space of `template`'s fillings, holding a first random configuration.
    pub fn new<R: Rng + ?Sized>(template: Template, rng: &mut R) -> JumpSpace {
        let rules = match template.maze.rules.compile() {
            Ok(set) => Arc::new(set),
            Err(p) => panic!("a template's rules were validated: {}", p.message),
        };
        let shape = JumpGraph::with_rules(&template.maze, Arc::clone(&rules));
        let numbers_only = template.numbers_only();
        let number_range = template.genes.iter().find_map(|g| match g {
            JumpGene::Number(lo, hi) => Some((*lo, *hi)),
            _ => None,
        });
        let legal0 = (0..template.editable.len())
            .map(|i| match number_range {
                Some((lo, hi)) if template.editable[i] && lo >= 1 => {
                    let hi = u8::try_from(hi).unwrap_or(MAX_JUMP);
                    let legal = match template.legal.of(i, hi) {
                        Some(legal) => legal.collect(),
                        None => shape.legal_jumps(i, hi),
                    };
                    legal
                        .into_iter()
                        .map(i16::from)
                        .filter(|&k| k >= lo)
                        .collect()
                }
                // Numbers that are not jump lengths (an offset's, possibly negative): all.
                Some((lo, hi)) if template.editable[i] => (lo..=hi).collect(),
                _ => Vec::new(),
            })
            .collect();
        let teleports = (template.genes.iter())
            .find_map(|g| match g {
                JumpGene::Teleports(n) => Some(*n),
                _ => None,
            })
            .unwrap_or(0);
        let structural = template.change.structural() || teleports > 0;
        let wall_slots = if template.change.walls || template.change.one_way_walls {
            walls::wall_slots(&template.maze)
        } else {
            Vec::new()
        };
        let maze = template.maze.clone();
        let adj = StrideAdjacency::from_rules(&shape);
        let mut space = JumpSpace {
            legal0,
            graph: shape,
            adj,
            start: 0,
            goal: None,
            cells: Vec::new(),
            mutable: Vec::new(),
            wall_slots,
            structural,
            blocks: maze.blocks(),
            maze,
            template,
            rules,
            numbers_only,
            options: None,
            engine: Engine::Undecided,
            stale: false,
            reshapes: (0, 0),
            teleports,
        };
        space.randomize(rng);
        space
    }

    /// The same space on the compiled graph alone, never the word engine: the slow twin the
    /// word engine is tested and measured against.
    pub fn without_words(mut self) -> JumpSpace {
        self.sync();
        self.engine = Engine::Graph;
        self
    }

    /// Whether the search runs on the word engine (decided at the first score).
    pub fn on_words(&self) -> bool {
        matches!(self.engine, Engine::Words(_))
    }

    /// The configuration as a maze.
    pub fn maze(&self) -> Maze {
        Maze::Jumping(self.maze.clone())
    }

    /// The variant's obstacle count for the current configuration.
    pub fn blocks(&self) -> usize {
        self.blocks
    }

    fn coord(&self, cell: usize) -> Coord {
        (cell / self.maze.board.cols, cell % self.maze.board.cols)
    }

    /// Recompiles rules and graph from `self.maze`.
    fn recompile(&mut self) {
        self.graph = JumpGraph::with_rules(&self.maze, Arc::clone(&self.rules));
        self.adj.rebuild(&self.graph);
        self.blocks = self.maze.blocks();
        self.stale = false;
    }

    /// [`Space::score_within`] on the compiled graph; out of line, so that the word engine's
    /// arm stays small (measured: 1% of the instructions on Neller's configuration).
    #[inline(never)]
    fn score_graph_within(&mut self, scorer: &mut Scorer, limit: &Score) -> Option<Score> {
        self.sync();
        scorer.score_within(&self.adj, self.blocks, limit)
    }

    /// Brings the compiled and stride graphs up to the board.
    fn sync(&mut self) {
        if self.stale {
            self.recompile();
        }
    }

    /// Whether every gene is a number.
    fn number_genes(&self) -> bool {
        (self.template.genes.iter()).all(|g| matches!(g, JumpGene::Number(..)))
    }

    /// After a restart or restore, reads the word engine's rows from the fresh graph.
    fn reload_words(&mut self) {
        let numbers = self.number_genes();
        let contents = contents(&self.options, numbers, &self.legal0);
        if let Engine::Words(w) = &mut self.engine
            && !w.reload(&mut self.graph, &self.mutable, contents, self.goal)
        {
            self.engine = Engine::Graph;
        }
    }

    /// Chooses the engine at the first score: words when the scorer is fast, nothing
    /// structural changes and the superset fits; patched from tables when every step changes
    /// only the moves out of its cell (numbers; other genes when the rules read none of them
    /// of a landing cell) and the contents per cell are few, else read from the move
    /// generator for the cell and the cells landing on it.
    fn choose_engine(&mut self, scorer: &Scorer) {
        self.engine = Engine::Graph;
        if !scorer.is_fast() || self.structural {
            return;
        }
        // A landing on a teleport reads its partner, which no row of the landing cell's own
        // can say: such boards stay on the compiled graph, which reads every move again.
        if self.maze.board.cells.iter().any(|c| c.teleport.is_some()) {
            return;
        }
        // A landing effect reads numbers (`Landing(Number)`): a number step is not local to
        // its cell, which the tables of numbers assume.
        if self.number_genes() && self.rules.landing_reads().number {
            return;
        }
        self.options = if self.number_genes() {
            None
        } else {
            self.contents_by_cell()
        };
        let contents = contents(&self.options, self.number_genes(), &self.legal0);
        if matches!(contents, Contents::Any) && self.genes_reshape() {
            // Steps would change which states exist and read every row again: the engine
            // found that out only by trying (up to 8 reshapes in its first 64 steps).
            return;
        }
        if let Some(w) = WordEngine::new(&mut self.graph, &self.mutable, contents, self.goal) {
            self.engine = Engine::Words(w);
        }
    }

    /// Whether a gene changes an attribute a register's `keep` reads (a wildcard keeping the
    /// length that landed on it): then a step may change which states the cell has.
    fn genes_reshape(&self) -> bool {
        let keep = self.rules.keep_reads();
        self.template.genes.iter().any(|g| match g {
            JumpGene::Circled => keep.circled,
            JumpGene::Wildcard => keep.wildcard,
            JumpGene::Colour(_) => keep.colour,
            JumpGene::Symbol(_) => keep.symbol,
            JumpGene::Piece(_) => keep.piece,
            _ => false,
        })
    }

    /// Per editable cell, every content a step can give it under the genes (what
    /// [`JumpSpace::random_cell`] and [`JumpSpace::other_genes`] draw, for any start), or
    /// `None` when some cell has more than [`MAX_OPTIONS`] or two of a cell's contents differ
    /// in something the rules read of a landing cell (the change is not local to the cell).
    fn contents_by_cell(&self) -> Option<Vec<Vec<Cell>>> {
        let mut by_cell = vec![Vec::new(); self.template.editable.len()];
        for (cell, options) in by_cell.iter_mut().enumerate() {
            if !self.template.editable[cell] {
                continue;
            }
            *options = self.contents_of(cell)?;
            let first = options.first().copied();
            if let Some(first) = first
                && !(options.iter()).all(|o| self.rules.local_change(&first, o))
            {
                return None;
            }
        }
        Some(by_cell)
    }

    /// Every content of `cell` a step can make, in a fixed order: the outcomes of
    /// [`JumpSpace::random_cell`], closed under one gene redrawn; `None` beyond
    /// [`MAX_OPTIONS`].
    fn contents_of(&self, cell: usize) -> Option<Vec<Cell>> {
        let mut base = self.template.maze.board.cells[cell];
        if !base.is_ordinary() {
            base = Cell::of(Kind::Ordinary);
        }
        let mut drawn = vec![base];
        let mut next = Vec::new();
        for gene in &self.template.genes {
            next.clear();
            for c in &drawn {
                self.gene_outcomes(cell, gene, *c, &mut next)?;
            }
            std::mem::swap(&mut drawn, &mut next);
            dedup_in_order(&mut drawn);
            if drawn.len() > MAX_OPTIONS {
                return None;
            }
        }
        let numbered = (self.template.maze.rules.cells).contains(&maze_variants::Attr::Number);
        for c in &mut drawn {
            if c.number.is_none() && !c.wildcard && numbered {
                c.kind = Kind::DeadEnd;
            }
        }
        dedup_in_order(&mut drawn);
        // Redrawing one gene of an ordinary content (a content that is not ordinary redraws
        // the whole cell: already among `drawn`).
        let mut at = 0;
        while at < drawn.len() {
            let c = drawn[at];
            at += 1;
            if !c.is_ordinary() {
                continue;
            }
            for gene in &self.template.genes {
                next.clear();
                self.gene_outcomes(cell, gene, c, &mut next)?;
                for &o in &next {
                    if !drawn.contains(&o) {
                        drawn.push(o);
                        if drawn.len() > MAX_OPTIONS {
                            return None;
                        }
                    }
                }
            }
        }
        Some(drawn)
    }

    /// Every cell [`JumpSpace::draw_gene`] can make of `c` with `gene`, pushed on `out`
    /// (whatever the start: a wildcard is drawn on any cell); `None` when there are too many.
    fn gene_outcomes(
        &self,
        cell: usize,
        gene: &JumpGene,
        c: Cell,
        out: &mut Vec<Cell>,
    ) -> Option<()> {
        let legal = &self.legal0[cell];
        match gene {
            JumpGene::Number(..) if legal.is_empty() || c.wildcard => out.push(c),
            JumpGene::Number(..) => out.extend(legal.iter().map(|&k| Cell {
                number: Some(k),
                ..c
            })),
            JumpGene::Arrows(most) => {
                let n = self.template.maze.rules.tiling.directions().len();
                if n > 16 {
                    return None;
                }
                for mask in 1u32..1 << n {
                    let count = mask.count_ones() as usize;
                    if count > usize::from(*most) {
                        continue;
                    }
                    let mut arrows = maze_graph::DirSet::EMPTY;
                    (0..n)
                        .filter(|d| mask & (1 << d) != 0)
                        .for_each(|d| arrows.insert(d as u8));
                    out.push(Cell {
                        turn: None,
                        arrows,
                        ..c
                    });
                    if out.len() > MAX_OPTIONS {
                        return None;
                    }
                }
            }
            JumpGene::Circled => out.extend([false, true].map(|circled| Cell { circled, ..c })),
            JumpGene::Wildcard => {
                out.push(Cell {
                    wildcard: true,
                    number: None,
                    ..c
                });
                let plain = Cell {
                    wildcard: false,
                    ..c
                };
                match legal.is_empty() {
                    true => out.push(Cell {
                        number: None,
                        ..plain
                    }),
                    false => out.extend(legal.iter().map(|&k| Cell {
                        number: Some(k),
                        ..plain
                    })),
                }
            }
            JumpGene::Colour(names) => out.extend(names.iter().map(|name| Cell {
                colour: Tag::new(name),
                ..c
            })),
            JumpGene::Symbol(names) => out.extend(names.iter().map(|name| Cell {
                symbol: Tag::new(name),
                ..c
            })),
            JumpGene::Piece(pieces) => out.extend(pieces.iter().map(|&p| Cell {
                piece: Some(p),
                ..c
            })),
            // Placed by pairs, never drawn for a cell alone.
            JumpGene::Teleports(_) => out.push(c),
        }
        (out.len() <= MAX_OPTIONS).then_some(())
    }

    /// The editable non-goal cells, and those with a choice of jump numbers.
    fn index_cells(&mut self) {
        let goal = self.goal;
        self.cells = (0..self.template.editable.len())
            .filter(|&i| self.template.editable[i] && Some(i) != goal)
            .map(|i| i as u32)
            .collect();
        self.mutable = if self.numbers_only {
            self.cells
                .iter()
                .copied()
                .filter(|&i| self.legal0[i as usize].len() >= 2)
                .collect()
        } else {
            self.cells.clone()
        };
    }

    /// Sets a jump number, keeping rules and graph current.
    /// Puts `content` in `cell`: the compiled graph updates what the change touches (one
    /// cell's moves when nothing reads the changed attributes of a landing cell), and the
    /// stride graph re-reads just those states unless states appeared or vanished.
    fn set_cell(&mut self, cell: usize, content: Cell) {
        self.maze.board.cells[cell] = content;
        if let Engine::Words(w) = &mut self.engine {
            self.reshapes.1 += 1;
            if w.set(&mut self.graph, cell, content) {
                self.stale = true;
                return;
            }
            // A content that changes the superset's shape, under rows read from the move
            // generator: they are read again from a fresh graph. A content the tables do not
            // know: back to the compiled graph for good.
            // Reading the rows afresh costs more than the compiled graph's step: when it is
            // more than one step in eight (wildcards, whose cells keep a register), the
            // compiled graph for good.
            self.reshapes.0 += 1;
            let again = w.reads_moves() && self.reshapes.0 * 8 <= self.reshapes.1.max(64);
            self.recompile();
            if again {
                self.reload_words();
            } else {
                self.engine = Engine::Graph;
            }
            return;
        }
        self.sync();
        let change = self.graph.set_cell(cell, content);
        self.graph.follow(change, &mut self.adj);
        if !content.is_ordinary() || self.structural {
            self.blocks = self.maze.blocks();
        }
    }

    /// Puts `old` back in `cell`, undoing the last change: on the word engine without the
    /// tables when nothing changed since.
    fn unset_cell(&mut self, cell: usize, old: Cell) {
        if let Engine::Words(w) = &mut self.engine
            && w.undo(cell)
        {
            self.maze.board.cells[cell] = old;
            self.stale = true;
            return;
        }
        self.set_cell(cell, old);
    }

    /// Puts another of the slot's states on wall slot `slot` (with two states, the other one
    /// with no draw), returning how to undo it.
    fn change_wall<R: Rng + ?Sized>(&mut self, slot: usize, rng: &mut R) -> JumpChange {
        let states = walls::states(
            self.template.change.walls,
            self.template.change.one_way_walls,
        );
        let old = walls::state(&self.maze.walls, &self.maze.gates, self.wall_slots[slot]);
        let others: Vec<u8> = states.iter().copied().filter(|&s| s != old).collect();
        let new = match others.as_slice() {
            [one] => *one,
            _ => others[rng.random_range(0..others.len() as u32) as usize],
        };
        self.set_wall(slot, new);
        JumpChange::Wall(slot as u32, old)
    }

    fn set_wall(&mut self, slot: usize, state: u8) {
        walls::set(
            &mut self.maze.walls,
            &mut self.maze.gates,
            self.wall_slots[slot],
            state,
        );
        self.recompile();
    }

    /// A different legal content for `cell`, uniformly, or `None` if there is none, under
    /// genes other than numbers or structural changes.
    fn alternative<R: Rng + ?Sized>(&self, cell: usize, rng: &mut R) -> Option<Cell> {
        let current = self.maze.board.cells[cell];
        if !self.numbers_only {
            return self.other_genes(cell, current, rng);
        }
        // Structural changes alter which jumps are legal: ask the current rules (a step on
        // numbers alone is `JumpSpace::change_number`'s).
        let mut options: Vec<Cell> = self
            .graph
            .legal_jumps(cell, self.template.max_jump.min(MAX_JUMP))
            .into_iter()
            .map(Cell::numbered)
            .collect();
        if cell != self.start {
            if self.template.change.blocked {
                options.push(Cell::BLOCKED);
            }
            if self.template.change.holes {
                options.push(Cell::HOLE);
            }
        }
        options.retain(|&c| c != current);
        if options.is_empty() {
            return None;
        }
        Some(options[rng.random_range(0..options.len() as u32) as usize])
    }

    /// A different content for `cell` under declared genes: one gene changed to another of
    /// its values, or (when they may change) a blocked cell or hole, or back from one.
    fn other_genes<R: Rng + ?Sized>(
        &self,
        cell: usize,
        current: Cell,
        rng: &mut R,
    ) -> Option<Cell> {
        // At most three kinds, kept on the stack: every step of a board with genes other
        // than numbers comes here, and a vector's allocation and release were about a tenth
        // of an arrow board's instructions.
        let mut room = [None; 3];
        let mut n_kinds = 0;
        if current.is_ordinary() {
            n_kinds = 1;
        }
        // A teleport stays an ordinary cell, so that its pair stays whole.
        if cell != self.start && current.teleport.is_none() {
            for (ok, kind) in [
                (self.template.change.blocked, Kind::Blocked),
                (self.template.change.holes, Kind::Hole),
            ] {
                if ok && current.kind != kind {
                    room[n_kinds] = Some(kind);
                    n_kinds += 1;
                }
            }
        }
        let kinds = &room[..n_kinds];
        if !current.is_ordinary() {
            return Some(match kinds.is_empty() || rng.random_bool(0.5) {
                true => self.random_cell(cell, rng),
                false => Cell::of(kinds[rng.random_range(0..kinds.len() as u32) as usize]?),
            });
        }
        // Without genes (cells that hold nothing) only the structure changes, if it may here.
        // Teleports move by pairs (`JumpSpace::move_teleport`), not as a cell's gene.
        let genes =
            || (self.template.genes.iter()).filter(|g| !matches!(g, JumpGene::Teleports(_)));
        let n_genes = genes().count();
        let choices = n_genes + kinds.len() - 1;
        if choices == 0 {
            return None;
        }
        let pick = rng.random_range(0..choices as u32) as usize;
        if pick >= n_genes {
            return Some(Cell::of(kinds[pick - n_genes + 1]?));
        }
        let gene = genes().nth(pick)?;
        let mut next = current;
        for _ in 0..8 {
            self.draw_gene(cell, gene, &mut next, rng);
            if next != current {
                return Some(next);
            }
        }
        None
    }

    /// Sets one gene of `cell` to a uniformly drawn value.
    fn draw_gene<R: Rng + ?Sized>(&self, cell: usize, gene: &JumpGene, c: &mut Cell, rng: &mut R) {
        let pick = |n: usize, rng: &mut R| rng.random_range(0..n as u32) as usize;
        match gene {
            JumpGene::Number(..) => {
                let legal = &self.legal0[cell];
                if !legal.is_empty() && !c.wildcard {
                    c.number = Some(legal[pick(legal.len(), rng)]);
                }
            }
            JumpGene::Arrows(most) => {
                let n = self.template.maze.rules.tiling.directions().len();
                c.turn = None;
                let count = 1 + pick(usize::from(*most), rng);
                let mut arrows = maze_graph::DirSet::EMPTY;
                while arrows.len() < count {
                    arrows.insert(pick(n, rng) as u8);
                }
                c.arrows = arrows;
            }
            JumpGene::Circled => c.circled = rng.random_bool(0.5),
            JumpGene::Wildcard => {
                c.wildcard = cell != self.start && rng.random_bool(0.5);
                c.number = if c.wildcard {
                    None
                } else {
                    let legal = &self.legal0[cell];
                    (!legal.is_empty()).then(|| legal[pick(legal.len(), rng)])
                };
            }
            JumpGene::Colour(names) => c.colour = Tag::new(&names[pick(names.len(), rng)]),
            JumpGene::Symbol(names) => c.symbol = Tag::new(&names[pick(names.len(), rng)]),
            JumpGene::Piece(pieces) => c.piece = Some(pieces[pick(pieces.len(), rng)]),
            JumpGene::Teleports(_) => {}
        }
    }

    /// Cells a teleport may go to: editable, ordinary, neither start nor goal, no teleport.
    fn teleport_free(&self) -> Vec<usize> {
        (self.cells.iter())
            .map(|&i| i as usize)
            .filter(|&i| {
                let c = &self.maze.board.cells[i];
                i != self.start && c.is_ordinary() && c.teleport.is_none()
            })
            .collect()
    }

    /// Places 1 to `teleports` pairs, named `a`, `b`, ..., on free cells of a fresh board
    /// (the editable cells' own teleports cleared first: the gene places them all).
    fn place_teleports<R: Rng + ?Sized>(&mut self, rng: &mut R) {
        for &i in &self.cells {
            self.maze.board.cells[i as usize].teleport = None;
        }
        let pairs = 1 + rng.random_range(0..u32::from(self.teleports));
        let mut free = self.teleport_free();
        for name in TELEPORT_NAMES.iter().take(pairs as usize) {
            if free.len() < 2 {
                break;
            }
            for _ in 0..2 {
                let i = free.swap_remove(rng.random_range(0..free.len() as u32) as usize);
                self.maze.board.cells[i].teleport = Tag::new(name);
            }
        }
    }

    /// Moves one cell of a random pair to a random free cell: the pair stays whole.
    fn move_teleport<R: Rng + ?Sized>(&mut self, rng: &mut R) -> JumpChange {
        let ends: Vec<usize> = (self.cells.iter())
            .map(|&i| i as usize)
            .filter(|&i| self.maze.board.cells[i].teleport.is_some())
            .collect();
        let free = self.teleport_free();
        if ends.is_empty() || free.is_empty() {
            return JumpChange::Nothing;
        }
        let from = ends[rng.random_range(0..ends.len() as u32) as usize];
        let to = free[rng.random_range(0..free.len() as u32) as usize];
        self.shift_teleport(from, to);
        JumpChange::Teleport(from as u32, to as u32)
    }

    /// Moves the teleport of `from` to `to`, keeping the rest of both cells.
    fn shift_teleport(&mut self, from: usize, to: usize) {
        let name = self.maze.board.cells[from].teleport;
        let mut a = self.maze.board.cells[from];
        a.teleport = None;
        self.set_cell(from, a);
        let mut b = self.maze.board.cells[to];
        b.teleport = name;
        self.set_cell(to, b);
    }

    /// An ordinary cell with every gene drawn.
    fn random_cell<R: Rng + ?Sized>(&self, cell: usize, rng: &mut R) -> Cell {
        let mut c = self.template.maze.board.cells[cell];
        if !c.is_ordinary() {
            c = Cell::of(Kind::Ordinary);
        }
        for gene in &self.template.genes {
            self.draw_gene(cell, gene, &mut c, rng);
        }
        if c.number.is_none()
            && !c.wildcard
            && self
                .template
                .maze
                .rules
                .cells
                .contains(&maze_variants::Attr::Number)
        {
            c.kind = Kind::DeadEnd;
        }
        c
    }

    fn change_cell<R: Rng + ?Sized>(&mut self, cell: usize, rng: &mut R) -> JumpChange {
        if self.numbers_only && !self.structural {
            return self.change_number(cell, rng);
        }
        match self.alternative(cell, rng) {
            Some(content) => {
                let old = self.maze.board.cells[cell];
                self.set_cell(cell, content);
                JumpChange::Cell(cell as u32, old)
            }
            None => JumpChange::Nothing,
        }
    }
}

impl JumpSpace {
    /// [`JumpSpace::change_cell`] when steps change jump numbers alone, each to another of
    /// the cell's legal numbers, uniformly: the number is written in place, and neither the
    /// step nor its undo copies a whole cell. Copying the cell, written field by field just
    /// before, through the step stalled on store forwarding (measured: 0.94 of the time
    /// without the copies on Neller's configuration).
    fn change_number<R: Rng + ?Sized>(&mut self, cell: usize, rng: &mut R) -> JumpChange {
        let Some(old) = self.maze.board.cells[cell].number else {
            return JumpChange::Nothing;
        };
        match pick_other(&self.legal0[cell], old, rng) {
            Some(k) => {
                self.set_number(cell, k);
                JumpChange::Number(cell as u32, old)
            }
            None => JumpChange::Nothing,
        }
    }

    /// [`JumpSpace::set_cell`] with the cell's number changed to `k`.
    fn set_number(&mut self, cell: usize, k: i16) {
        if let Engine::Words(w) = &mut self.engine
            && w.set_number(cell, k)
        {
            self.maze.board.cells[cell].number = Some(k);
            self.reshapes.1 += 1;
            self.stale = true;
            return;
        }
        let content = Cell {
            number: Some(k),
            ..self.maze.board.cells[cell]
        };
        self.set_cell(cell, content);
    }

    /// [`JumpSpace::unset_cell`] for a step of [`JumpSpace::change_number`].
    fn unset_number(&mut self, cell: usize, old: i16) {
        if let Engine::Words(w) = &mut self.engine
            && w.undo(cell)
        {
            self.maze.board.cells[cell].number = Some(old);
            self.stale = true;
            return;
        }
        self.set_number(cell, old);
    }
}

/// The names of the pairs the `Teleports` gene places, one per pair.
const TELEPORT_NAMES: [&str; crate::settings::MAX_TELEPORT_PAIRS as usize] =
    ["a", "b", "c", "d", "e", "f", "g", "h"];

/// Keeps the first of equal cells of `cells`, in order.
fn dedup_in_order(cells: &mut Vec<Cell>) {
    let mut kept = 0;
    for i in 0..cells.len() {
        if !cells[..kept].contains(&cells[i]) {
            cells[kept] = cells[i];
            kept += 1;
        }
    }
    cells.truncate(kept);
}

/// A value of `legal` other than `current`, uniformly (`legal` is sorted and distinct).
fn pick_other<R: Rng + ?Sized>(legal: &[i16], current: i16, rng: &mut R) -> Option<i16> {
    // Legal numbers are most often a run (1 to the longest jump): no search then.
    let found = match (legal.first(), legal.last()) {
        (Some(&lo), Some(&hi)) if usize::try_from(hi - lo).ok() == Some(legal.len() - 1) => {
            match usize::try_from(current - lo) {
                Ok(at) if current <= hi => Ok(at),
                _ => Err(0),
            }
        }
        _ => legal.binary_search(&current),
    };
    match found {
        Ok(at) => {
            if legal.len() < 2 {
                return None;
            }
            let j = rng.random_range(0..legal.len() as u32 - 1) as usize;
            Some(legal[if j >= at { j + 1 } else { j }])
        }
        Err(_) if legal.is_empty() => None,
        Err(_) => Some(legal[rng.random_range(0..legal.len() as u32) as usize]),
    }
}

/// Every pair of edge-adjacent board (non-void) cells, each once, in cell order.
impl Space for JumpSpace {
    type Snapshot = JumpSnapshot;
    type Change = JumpChange;

    fn randomize<R: Rng + ?Sized>(&mut self, rng: &mut R) {
        let t = &self.template;
        self.maze.board.cells.clone_from(&t.maze.board.cells);
        self.maze.walls.clone_from(&t.maze.walls);
        self.maze.gates.clone_from(&t.maze.gates);
        let n = t.editable.len();
        for i in 0..n {
            if t.editable[i] && self.numbers_only {
                self.maze.board.cells[i] = Cell::numbered(1);
            }
        }
        self.start = match t.start {
            Some(s) => s,
            None => {
                // Without a number gene no cell's moves are probed: any editable cell.
                let numbered = t.genes.iter().any(|g| matches!(g, JumpGene::Number(..)));
                let candidates: Vec<usize> = (0..n)
                    .filter(|&i| t.editable[i] && (!numbered || !self.legal0[i].is_empty()))
                    .collect();
                candidates[rng.random_range(0..candidates.len() as u32) as usize]
            }
        };
        self.goal = match t.goal {
            GoalSpot::Fixed(g) => Some(g),
            GoalSpot::Exit => None,
            GoalSpot::Random => {
                let candidates: Vec<usize> = (0..n)
                    .filter(|&i| t.editable[i] && i != self.start)
                    .collect();
                let g = candidates[rng.random_range(0..candidates.len() as u32) as usize];
                self.maze.board.cells[g] = self.maze.board.cells[g].into_goal();
                Some(g)
            }
            GoalSpot::Kept => None,
        };
        for i in 0..n {
            if !t.editable[i] || Some(i) == self.goal {
                continue;
            }
            if !self.numbers_only {
                self.maze.board.cells[i] = self.random_cell(i, rng);
                // Cells that hold nothing: a fresh board of structure alone is open ground
                // with a fifth of it blocked (or holes), not an empty field.
                if self.template.genes.is_empty() && i != self.start {
                    let kinds: Vec<Kind> = [
                        (self.template.change.blocked, Kind::Blocked),
                        (self.template.change.holes, Kind::Hole),
                    ]
                    .iter()
                    .filter_map(|&(ok, k)| ok.then_some(k))
                    .collect();
                    if !kinds.is_empty() && rng.random_range(0..5u32) == 0 {
                        let k = kinds[rng.random_range(0..kinds.len() as u32) as usize];
                        self.maze.board.cells[i] = Cell::of(k);
                    }
                }
                continue;
            }
            let legal = &self.legal0[i];
            self.maze.board.cells[i] = if legal.is_empty() {
                Cell::DEAD_END
            } else {
                Cell::with_number(legal[rng.random_range(0..legal.len() as u32) as usize])
            };
        }
        // A goal that must match what lands on it (a link maze's) gets attributes too.
        if let (false, Some(g)) = (self.numbers_only, self.goal) {
            let mut goal = self.maze.board.cells[g];
            for gene in &self.template.genes {
                if matches!(
                    gene,
                    JumpGene::Colour(_) | JumpGene::Symbol(_) | JumpGene::Piece(_)
                ) {
                    self.draw_gene(g, gene, &mut goal, rng);
                }
            }
            self.maze.board.cells[g] = goal;
        }
        self.maze.start = self.coord(self.start);
        if self.teleports > 0 {
            self.index_cells();
            self.place_teleports(rng);
        }
        self.recompile();
        self.index_cells();
        self.reload_words();
    }

    #[inline]
    fn step<R: Rng + ?Sized>(&mut self, rng: &mut R) -> JumpChange {
        if !self.structural {
            if self.mutable.is_empty() {
                return JumpChange::Nothing;
            }
            let cell = self.mutable[rng.random_range(0..self.mutable.len() as u32) as usize];
            return self.change_cell(cell as usize, rng);
        }
        // A teleport move weighs as much as a cell per teleport cell there may be.
        let tele = 2 * usize::from(self.teleports);
        let n = self.cells.len() + self.wall_slots.len() + tele;
        if n == 0 {
            return JumpChange::Nothing;
        }
        let pick = rng.random_range(0..n as u32) as usize;
        if pick < self.cells.len() {
            self.change_cell(self.cells[pick] as usize, rng)
        } else if pick >= self.cells.len() + self.wall_slots.len() {
            self.move_teleport(rng)
        } else {
            self.change_wall(pick - self.cells.len(), rng)
        }
    }

    fn mutate_each<R: Rng + ?Sized>(
        &mut self,
        rate: f64,
        rng: &mut R,
        changes: &mut Vec<JumpChange>,
    ) {
        let cells = if self.structural {
            self.cells.clone()
        } else {
            self.mutable.clone()
        };
        for cell in cells {
            if rng.random_bool(rate) {
                changes.push(self.change_cell(cell as usize, rng));
            }
        }
        for slot in 0..self.wall_slots.len() {
            if rng.random_bool(rate) {
                let change = self.change_wall(slot, rng);
                changes.push(change);
            }
        }
        for _ in 0..2 * self.teleports {
            if rng.random_bool(rate) {
                changes.push(self.move_teleport(rng));
            }
        }
    }

    #[inline]
    fn revert(&mut self, changes: impl DoubleEndedIterator<Item = JumpChange>) {
        for change in changes.rev() {
            match change {
                JumpChange::Cell(cell, old) => self.unset_cell(cell as usize, old),
                JumpChange::Number(cell, old) => self.unset_number(cell as usize, old),
                JumpChange::Wall(slot, old) => self.set_wall(slot as usize, old),
                JumpChange::Teleport(from, to) => self.shift_teleport(to as usize, from as usize),
                JumpChange::Nothing => {}
            }
        }
    }

    fn score(&mut self, scorer: &mut Scorer) -> Score {
        if let Engine::Undecided = self.engine {
            self.choose_engine(scorer);
        }
        if let Engine::Words(w) = &mut self.engine {
            return w.score(scorer, self.blocks);
        }
        self.sync();
        scorer.score(&self.adj, self.blocks)
    }

    #[inline]
    fn score_within(&mut self, scorer: &mut Scorer, limit: &Score) -> Option<Score> {
        match &mut self.engine {
            Engine::Words(w) => w.score_within(scorer, self.blocks, limit),
            Engine::Undecided => Some(self.score(scorer)),
            Engine::Graph => self.score_graph_within(scorer, limit),
        }
    }

    fn snapshot(&self) -> JumpSnapshot {
        JumpSnapshot {
            cells: self.maze.board.cells.clone(),
            walls: self.maze.walls.clone(),
            gates: self.maze.gates.clone(),
            start: self.start,
            goal: self.goal,
        }
    }

    fn restore(&mut self, s: &JumpSnapshot) {
        self.maze.board.cells.clone_from(&s.cells);
        self.maze.walls.clone_from(&s.walls);
        self.maze.gates.clone_from(&s.gates);
        self.start = s.start;
        self.goal = s.goal;
        self.maze.start = self.coord(s.start);
        self.recompile();
        self.index_cells();
        self.reload_words();
    }

    fn snapshot_maze(&self, s: &JumpSnapshot) -> Maze {
        let mut m = self.maze.clone();
        m.board.cells.clone_from(&s.cells);
        m.walls.clone_from(&s.walls);
        m.gates.clone_from(&s.gates);
        m.start = self.coord(s.start);
        Maze::Jumping(m)
    }

    fn crossover<R: Rng + ?Sized>(&mut self, a: &JumpSnapshot, b: &JumpSnapshot, rng: &mut R) {
        // The child's teleport pairs are one parent's, whole: where the generator places them,
        // either parent's at random (the rest of the crossover is the same both ways round).
        let (a, b) = if self.teleports > 0 && rng.random_bool(0.5) {
            (b, a)
        } else {
            (a, b)
        };
        let mut child = a.clone();
        for i in 0..child.cells.len() {
            if !self.template.editable[i] || Some(i) == a.goal || Some(i) == b.goal {
                continue;
            }
            let from_b = rng.random_bool(0.5);
            // The start keeps a jump number whatever the other parent has there; the teleport
            // pairs stay the first parent's.
            if from_b
                && a.cells[i].teleport.is_none()
                && (i != a.start || (b.cells[i].is_ordinary() && !b.cells[i].wildcard))
            {
                child.cells[i] = Cell {
                    teleport: None,
                    ..b.cells[i]
                };
            }
        }
        for &slot in &self.wall_slots {
            if rng.random_bool(0.5) {
                let in_b = walls::state(&b.walls, &b.gates, slot);
                if in_b != walls::state(&child.walls, &child.gates, slot) {
                    walls::set(&mut child.walls, &mut child.gates, slot, in_b);
                }
            }
        }
        self.restore(&child);
    }
}
