//! Rolling-block mazes: a cuboid block tipped over its edges on a board of floor, no floor and
//! fragile floor (RULES.md section 2), validated, and compiled into a [`maze_graph::Rules`]
//! implementation whose moves are looked up, not computed.
//!
//! A state is a placement: the footprint's top-left cell and the block's extents
//! `rows x cols x height`, a permutation of its dimensions. It is named `(r,c) RxCxH`, so
//! for the default 1x1x2 block `(2,3) 1x1x2` stands upright on (2,3), `(2,3) 1x2x1` lies
//! east-west on (2,3) and (2,4), and `(2,3) 2x1x1` lies north-south on (2,3) and (3,3).
//!
//! In a maze file, `Maze(rules: RollingBlock(block: (1, 2, 3)), board: ["SS..", ...])`, each
//! board character is one cell: `.` floor, `#` no floor, `w` fragile floor, and `S` and `G`
//! floor under the start and goal footprints, whose shapes fix the orientations. So start
//! and goal footprints lie on plain floor and share no cell; the file has no `start` field
//! and no walls.

pub(crate) mod graph;
pub(crate) mod rules;
mod teleports;
mod tiles;
pub mod walker;

pub use graph::{RollGraph, StateView};
pub use teleports::MAX_LISTED_PAIRS;
pub use tiles::{Bears, SwitchKind, TILES, Tile, TileGene, TileGlyph, TileInfo};

use maze_features::RollingBlockWeights;
use maze_graph::Directions;
use serde::{Deserialize, Serialize};

use crate::problem::{Problem, RulePart, Where};
use crate::rules::{Cond, Effect, Op, Register, Value};
use crate::tiling::Coord;

/// The rolling directions of one block in direction order (RULES.md: N, E, S, W), each with
/// its opposite.
pub static ROLL_DIRECTIONS: Directions = Directions {
    names: &["N", "E", "S", "W"],
    opposite: &[2, 3, 0, 1],
};

/// The moves of a maze with a split switch: the whole block's rolls, then those of the first
/// cube in reading order (`c1N` ...) and of the second (`c2N` ...). Choosing which cube to
/// move is not a move (docs/FAMILIES.md section 6).
pub static SPLIT_DIRECTIONS: Directions = Directions {
    names: &[
        "N", "E", "S", "W", "c1N", "c1E", "c1S", "c1W", "c2N", "c2E", "c2S", "c2W",
    ],
    opposite: &[2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9],
};

/// The moves of a maze with several blocks: the first block's rolls `N` ... `W`, then the
/// second's `2N` ... `2W`, and so on.
pub static BLOCKS_DIRECTIONS: Directions = Directions {
    names: &[
        "N", "E", "S", "W", "2N", "2E", "2S", "2W", "3N", "3E", "3S", "3W", "4N", "4E", "4S", "4W",
    ],
    opposite: &[2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13],
};

/// The longest block side a maze file may ask for. A side longer than any board simply never
/// fits that way; the limit only keeps coordinate arithmetic far from overflow.
pub(crate) const MAX_SIDE: usize = 10_000;

/// One switch action: a bridge tile and what the switch does to it, every time it is pressed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// Turn the bridge at `(row, col)` on.
    On(Coord),
    /// Turn it off.
    Off(Coord),
    /// Turn it on if off, off if on.
    Toggle(Coord),
}

impl Action {
    /// The bridge tile acted on.
    pub fn tile(self) -> Coord {
        match self {
            Action::On(t) | Action::Off(t) | Action::Toggle(t) => t,
        }
    }

    /// The bridge's state after the action, from `on` before it.
    pub fn apply(self, on: bool) -> bool {
        match self {
            Action::On(_) => true,
            Action::Off(_) => false,
            Action::Toggle(_) => !on,
        }
    }
}

/// What the switch at `at` does: `Switch(at: (3, 2), acts: [Toggle(5, 4)])` for a soft or
/// heavy switch, `Switch(at: (4, 4), split: ((1, 10), (7, 10)))` for a split switch. The
/// switch's kind is its board character.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Switch {
    /// The switch's cell.
    pub at: Coord,
    /// Soft and heavy switches: the bridge actions, applied in this order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub acts: Vec<Action>,
    /// Split switches: the two cells the cubes go to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub split: Option<(Coord, Coord)>,
}

/// Bridge tiles that follow one declared register, opened and closed together (a gate):
/// `Bridge(cells: [(2, 3), (2, 4)], register: "gate")`. The register is a `Choice` of `on`
/// and `off`; the tiles are floor while it holds `on`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Bridge {
    /// The bridge tiles (`=` or `-` on the board, as the register starts).
    pub cells: Vec<Coord>,
    /// The register they follow.
    pub register: String,
}

/// A block besides the first: its dimensions, where it starts and, if it has one, the
/// footprint it must end on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OtherBlock {
    /// Dimensions, as `block`.
    pub block: (usize, usize, usize),
    /// Its footprint at the start.
    pub start: Footprint,
    /// The footprint it must cover at the goal, or `None` when it may end anywhere.
    pub goal: Option<Footprint>,
}

/// The most blocks one board may hold: each multiplies the states by its placements.
pub(crate) const MAX_BLOCKS: usize = 4;

/// The most bridge tiles one board may hold: each doubles the states, and their states are
/// one machine word.
pub(crate) const MAX_BRIDGES: usize = 64;

/// The cells a block covers: a rectangle given by its top-left cell and size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Footprint {
    /// Row of the top-left cell.
    pub row: usize,
    /// Column of the top-left cell.
    pub col: usize,
    /// Number of rows covered.
    pub rows: usize,
    /// Number of columns covered.
    pub cols: usize,
}

impl Footprint {
    /// Whether the footprint covers `(r, c)`.
    pub fn contains(&self, (r, c): Coord) -> bool {
        (self.row..self.row + self.rows).contains(&r)
            && (self.col..self.col + self.cols).contains(&c)
    }

    /// The covered cells, row-major.
    pub fn cells(&self) -> impl Iterator<Item = Coord> + '_ {
        (self.row..self.row + self.rows)
            .flat_map(move |r| (self.col..self.col + self.cols).map(move |c| (r, c)))
    }
}

/// The rules of a rolling-block maze: the `RollingBlock(...)` of a maze file.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RollingBlockRules {
    /// The block's dimensions `(a, b, h)`, default `(1, 1, 2)`. Their order does not matter:
    /// the start footprint picks the orientation.
    pub block: (usize, usize, usize),
    /// The weights of the `RollingBlock` score for this maze.
    pub weights: RollingBlockWeights,
    /// What each switch of the board does, in the file's order.
    pub switches: Vec<Switch>,
    /// The blocks besides the first (whose start and goal are the board's `S` and `G`).
    pub others: Vec<OtherBlock>,
    /// Registers (RULES.md section 7): choices and counters the state carries.
    pub registers: Vec<Register>,
    /// Bridge tiles that follow a declared register (a lone bridge tile follows its own).
    pub bridges: Vec<Bridge>,
    /// What pressing a switch does to the registers, besides the `switches` entries.
    pub effects: Vec<Effect>,
}

impl Default for RollingBlockRules {
    fn default() -> Self {
        RollingBlockRules {
            block: (1, 1, 2),
            weights: RollingBlockWeights::default(),
            switches: Vec::new(),
            others: Vec::new(),
            registers: Vec::new(),
            bridges: Vec::new(),
            effects: Vec::new(),
        }
    }
}

impl RollingBlockRules {
    /// The rules as written in a maze file: the block always, and the weights that differ
    /// from the defaults: `RollingBlock(block: (1, 2, 3), weights: (blocks: -1.0))`.
    pub fn to_ron(&self) -> String {
        let (a, b, h) = self.block;
        let mut out = format!("RollingBlock(block: ({a}, {b}, {h})");
        let defaults = RollingBlockWeights::default().named();
        let changed: Vec<String> = self
            .weights
            .named()
            .iter()
            .zip(defaults)
            .filter(|((_, w), (_, d))| w.to_bits() != d.to_bits())
            // Debug prints the shortest text that reads back to the same f64.
            .map(|((name, w), _)| format!("{name}: {w:?}"))
            .collect();
        if !changed.is_empty() {
            out.push_str(&format!(", weights: ({})", changed.join(", ")));
        }
        if !self.switches.is_empty() {
            let switches: Vec<String> = self
                .switches
                .iter()
                .map(|s| format!("Switch{}", crate::text::one_line(s)))
                .collect();
            out.push_str(&format!(", switches: [{}]", switches.join(", ")));
        }
        let list = |name: &str, items: Vec<String>| {
            if items.is_empty() {
                String::new()
            } else {
                format!(", {name}: [{}]", items.join(", "))
            }
        };
        out.push_str(&list(
            "registers",
            self.registers.iter().map(crate::text::one_line).collect(),
        ));
        out.push_str(&list(
            "bridges",
            self.bridges
                .iter()
                .map(|b| format!("Bridge{}", crate::text::one_line(b)))
                .collect(),
        ));
        out.push_str(&list(
            "effects",
            self.effects.iter().map(crate::text::one_line).collect(),
        ));
        if !self.others.is_empty() {
            let cells = |f: &Footprint| {
                let list: Vec<String> = f.cells().map(|(r, c)| format!("({r}, {c})")).collect();
                format!("[{}]", list.join(", "))
            };
            let others: Vec<String> = self
                .others
                .iter()
                .map(|b| {
                    let (x, y, z) = b.block;
                    let goal = b
                        .goal
                        .map_or(String::new(), |g| format!(", goal: {}", cells(&g)));
                    format!("(block: ({x}, {y}, {z}), start: {}{goal})", cells(&b.start))
                })
                .collect();
            out.push_str(&format!(", others: [{}]", others.join(", ")));
        }
        out.push(')');
        out
    }

    /// Whether the state is more than one block's placement: bridges, switches, split cubes
    /// or several blocks. Without them every legal placement is a state and nothing else is.
    pub fn is_plain(&self) -> bool {
        self.switches.is_empty()
            && self.others.is_empty()
            && self.registers.is_empty()
            && self.bridges.is_empty()
            && self.effects.is_empty()
    }

    /// The cells the general form names: bridge cells of `bridges`, and in `effects` the
    /// switch cells (`At`), split targets and lone bridge tiles named as registers `(r,c)`. A
    /// generator keeps them as they are, or the rules would name tiles that are gone.
    pub fn named_cells(&self) -> Vec<Coord> {
        fn conds(c: &Cond, out: &mut Vec<Coord>) {
            match c {
                Cond::At(r, col) => out.push((*r, *col)),
                Cond::Is(n, _) | Cond::Eq(n, _) | Cond::Lt(n, _) | Cond::Gt(n, _) => named(n, out),
                Cond::Not(c) => conds(c, out),
                Cond::Any(cs) | Cond::All(cs) => cs.iter().for_each(|c| conds(c, out)),
                _ => {}
            }
        }
        fn named(n: &str, out: &mut Vec<Coord>) {
            let cell = n
                .strip_prefix('(')
                .and_then(|n| n.strip_suffix(')'))
                .and_then(|n| n.split_once(','))
                .and_then(|(r, c)| Some((r.parse().ok()?, c.parse().ok()?)));
            out.extend(cell);
        }
        let mut out: Vec<Coord> = self.bridges.iter().flat_map(|b| b.cells.clone()).collect();
        for e in &self.effects {
            e.when.iter().for_each(|c| conds(c, &mut out));
            for op in &e.ops {
                match op {
                    Op::Set(n, v)
                    | Op::Add(n, v)
                    | Op::Sub(n, v)
                    | Op::Mul(n, v)
                    | Op::Mod(n, v)
                    | Op::Min(n, v)
                    | Op::Max(n, v) => {
                        named(n, &mut out);
                        if let Value::Register(m) = v {
                            named(m, &mut out);
                        }
                    }
                    Op::Next(n) | Op::Neg(n) | Op::Clear(n) => named(n, &mut out),
                    Op::Split(a, b) => out.extend([*a, *b]),
                }
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Every block's dimensions, the first block's first.
    pub fn dims(&self) -> Vec<(usize, usize, usize)> {
        std::iter::once(self.block)
            .chain(self.others.iter().map(|b| b.block))
            .collect()
    }

    /// The first block's distinct orientations: [`orientations`] of `block`.
    pub fn orientations(&self) -> Vec<[usize; 3]> {
        orientations(self.block)
    }

    /// The first block's orientation whose footprint is `rows x cols`: [`orientation_of`].
    pub(crate) fn orientation_of(&self, rows: usize, cols: usize) -> Option<[usize; 3]> {
        orientation_of(self.block, rows, cols)
    }
}

/// A block's distinct orientations `[rows, cols, height]`, in lexicographic order (standing
/// first for the default block). Equal sides give one orientation, not two.
pub fn orientations((a, b, h): (usize, usize, usize)) -> Vec<[usize; 3]> {
    let mut all = vec![
        [a, b, h],
        [a, h, b],
        [b, a, h],
        [b, h, a],
        [h, a, b],
        [h, b, a],
    ];
    all.sort_unstable();
    all.dedup();
    all
}

/// The orientation of a block whose footprint is `rows x cols`, if it has one. It is unique:
/// the footprint fixes two of the three sides, so the height is the one left.
pub(crate) fn orientation_of(
    block: (usize, usize, usize),
    rows: usize,
    cols: usize,
) -> Option<[usize; 3]> {
    orientations(block)
        .into_iter()
        .find(|o| o[0] == rows && o[1] == cols)
}

/// The footprints a block can have, for messages: `1 x 1 or 1 x 2`.
fn footprints(block: (usize, usize, usize)) -> String {
    let mut shapes: Vec<String> = orientations(block)
        .iter()
        .map(|o| format!("{} x {}", o[0], o[1]))
        .collect();
    shapes.dedup();
    match shapes.len() {
        1 => shapes.remove(0),
        _ => {
            let last = shapes.pop().unwrap_or_default();
            format!("{} or {last}", shapes.join(", "))
        }
    }
}

/// A rolling-block board: `rows x cols` tiles, row-major.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RollingBoard {
    /// Number of rows.
    pub rows: usize,
    /// Number of columns.
    pub cols: usize,
    /// The tiles, row-major: `(r, c)` is at `r * cols + c`.
    pub tiles: Vec<Tile>,
    /// Teleport pairs declared by a list (a file's `teleports:`), on plain floor: each two
    /// cells act as the two `t` tiles do, besides them.
    pub teleports: Vec<(Coord, Coord)>,
}

impl RollingBoard {
    /// The tile at `(r, c)`.
    pub fn get(&self, (r, c): Coord) -> Tile {
        self.tiles[r * self.cols + c]
    }
}

/// A rolling-block maze: rules, board, start and goal footprints. This is what a maze file
/// holds.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RollingBlockMaze {
    /// The rules: block dimensions and score weights.
    pub rules: RollingBlockRules,
    /// The board.
    pub board: RollingBoard,
    /// Where the block starts; the footprint's shape fixes the orientation.
    pub start: Footprint,
    /// The goal footprint: a state is a goal state when the block covers exactly these cells.
    pub goal: Footprint,
}

/// A board as read from a file: tiles, and the `S` and `G` footprints when each is one filled
/// rectangle.
pub struct ParsedBoard {
    /// The tiles.
    pub board: RollingBoard,
    /// The `S` footprint.
    pub start: Footprint,
    /// The `G` footprint.
    pub goal: Footprint,
}

/// The single filled rectangle the cells `marks` form, or the problem with them.
fn rectangle(marks: &[Coord], what: &str, mark: char) -> Result<Footprint, Problem> {
    let Some(&(r0, c0)) = marks.first() else {
        return Err(Problem::new(
            Where::Board,
            format!("the board has no {what} cell `{mark}`"),
        )
        .help(format!(
            "mark the cells the block covers at the {what} with `{mark}` (one cell for a standing 1x1x2 block)"
        )));
    };
    let (mut r1, mut c_min, mut c_max) = (r0, c0, c0);
    for &(r, c) in marks {
        r1 = r1.max(r);
        c_min = c_min.min(c);
        c_max = c_max.max(c);
    }
    let footprint = Footprint {
        row: r0,
        col: c_min,
        rows: r1 - r0 + 1,
        cols: c_max - c_min + 1,
    };
    if marks.len() != footprint.rows * footprint.cols {
        // Marks are sorted row-major, so the first gap is the first footprint cell not marked.
        let gap = footprint
            .cells()
            .find(|cell| marks.binary_search(cell).is_err())
            .unwrap_or((r0, c0));
        return Err(Problem::new(
            Where::Char(gap.0, gap.1),
            format!(
                "the {what} cells `{mark}` do not form one filled rectangle: ({}, {}) lies between them but is not `{mark}`",
                gap.0, gap.1
            ),
        )
        .help(format!(
            "the `{mark}` cells are the block's footprint at the {what}: one rectangle, e.g. `{mark}` or `{mark}{mark}`"
        )));
    }
    Ok(footprint)
}

/// The footprint a block covers given as its cells (`start: [(0, 4), (0, 5)]`), or the
/// problem with them, pointed at `at`.
pub fn footprint_of(cells: &[Coord], what: &str, at: Where) -> Result<Footprint, Problem> {
    let mut marks = cells.to_vec();
    marks.sort_unstable();
    marks.dedup();
    rectangle(&marks, what, 'S').map_err(|p| Problem {
        at,
        message: if marks.is_empty() {
            format!("the block's {what} lists no cells")
        } else {
            format!("the block's {what} cells do not form one filled rectangle")
        },
        help: Some(format!(
            "list every cell the block covers at the {what}, e.g. [(0, 4)] standing or [(0, 4), (0, 5)] lying (was: {})",
            p.message
        )),
    })
}

impl ParsedBoard {
    /// Reads board rows, one character per cell: `.` floor, `#` no floor, `w` fragile floor,
    /// `S` and `G` floor under the start and goal footprints.
    pub fn parse(rows: &[&str]) -> Result<ParsedBoard, Problem> {
        let mut tiles = Vec::new();
        let mut starts = Vec::new();
        let mut goals = Vec::new();
        let cols = rows.first().map_or(0, |row| row.chars().count());
        for (r, row) in rows.iter().enumerate() {
            let len = row.chars().count();
            if len != cols {
                return Err(Problem::new(
                    Where::Row(r),
                    format!(
                        "row {r} has {len} cells but row 0 has {cols}: rows must all be the same length"
                    ),
                )
                .help("use `#` for cells without floor to shape a board"));
            }
            for (c, ch) in row.chars().enumerate() {
                tiles.push(match ch {
                    'S' => {
                        starts.push((r, c));
                        Tile::Floor
                    }
                    'G' => {
                        goals.push((r, c));
                        Tile::Floor
                    }
                    other => match Tile::from_char(other) {
                        Some(tile) => tile,
                        None => {
                            let problem = Problem::new(
                                Where::Char(r, c),
                                format!(
                                    "unknown cell `{}`: expected `.` (floor), `#` (no floor), `w` (fragile floor), `=` or `-` (bridge, on or off at the start), `o`, `x` or `y` (soft, heavy or split switch), `S` (start) or `G` (goal)",
                                    other.escape_default()
                                ),
                            );
                            return Err(if other.is_whitespace() {
                                problem.help("rolling-block rows have one character per cell, with no spaces between them")
                            } else {
                                problem
                            });
                        }
                    },
                });
            }
        }
        if tiles.is_empty() {
            return Err(Problem::new(Where::Board, "the board is empty").help(
                "write one string per row, one character per cell, e.g. board: [\"S..\", \"#.G\"]",
            ));
        }
        let board = RollingBoard {
            rows: rows.len(),
            cols,
            tiles,
            teleports: Vec::new(),
        };
        Ok(ParsedBoard {
            board,
            start: rectangle(&starts, "start", 'S')?,
            goal: rectangle(&goals, "goal", 'G')?,
        })
    }
}

impl RollingBlockMaze {
    /// Block dimensions and weights, and that the start and goal footprints fit the block
    /// and are legal placements on plain floor ([`RollingBlockMaze::validate`]'s first part).
    pub(crate) fn validate_layout(&self) -> Result<(), Problem> {
        let rules = &self.rules;
        let (a, b, h) = rules.block;
        if [a, b, h].iter().any(|&s| s == 0 || s > MAX_SIDE) {
            return Err(Problem::new(
                Where::Rules,
                format!("block ({a}, {b}, {h}): every side must be 1 to {MAX_SIDE} cells"),
            )
            .help("the default block is (1, 1, 2)"));
        }
        if let Some((name, w)) = rules.weights.named().iter().find(|(_, w)| !w.is_finite()) {
            return Err(Problem::new(
                Where::Rules,
                format!("the weight of `{name}` is {w}: weights must be finite numbers"),
            ));
        }
        let board = &self.board;
        if board.rows == 0
            || board.cols == 0
            || board.rows.checked_mul(board.cols) != Some(board.tiles.len())
        {
            return Err(Problem::new(Where::Board, "the board is empty"));
        }
        for (footprint, what, mark) in [(self.start, "start", 'S'), (self.goal, "goal", 'G')] {
            let at = Where::Char(footprint.row, footprint.col);
            let ends = |at: usize, len: usize, limit: usize| {
                at.checked_add(len).is_some_and(|e| e <= limit)
            };
            if footprint.rows == 0
                || footprint.cols == 0
                || !ends(footprint.row, footprint.rows, board.rows)
                || !ends(footprint.col, footprint.cols, board.cols)
            {
                return Err(Problem::new(
                    Where::Board,
                    format!("the {what} footprint is not on the board"),
                ));
            }
            if rules
                .orientation_of(footprint.rows, footprint.cols)
                .is_none()
            {
                return Err(Problem::new(
                    at,
                    format!(
                        "the {what} footprint `{mark}` is {} x {} cells, but a {a} x {b} x {h} block covers {}",
                        footprint.rows,
                        footprint.cols,
                        footprints(rules.block)
                    ),
                )
                .help(format!(
                    "mark as many `{mark}` cells as the block covers at the {what}, or change `block`"
                )));
            }
            // The file format marks footprints on plain floor only, so writing a maze whose
            // footprint covers another tile could not be read back the same.
            if let Some(cell) = footprint
                .cells()
                .find(|&cell| board.get(cell) != Tile::Floor)
            {
                return Err(Problem::new(
                    Where::Char(cell.0, cell.1),
                    format!(
                        "the {what} footprint covers ({}, {}), which is {} rather than plain floor",
                        cell.0,
                        cell.1,
                        board.get(cell).name()
                    ),
                ));
            }
            if !legal(board, footprint) {
                return Err(Problem::new(
                    at,
                    format!("no legal placement of the block covers exactly the {what} footprint"),
                ));
            }
        }
        // One character per cell cannot mark a cell as both start and goal.
        if let Some(cell) = self.goal.cells().find(|&cell| self.start.contains(cell)) {
            return Err(Problem::new(
                Where::Char(cell.0, cell.1),
                format!(
                    "the start and goal footprints share ({}, {}): a board marks each cell `S` or `G`, not both",
                    cell.0, cell.1
                ),
            ));
        }
        // Teleports pair up: a board has none or two.
        let ts: Vec<usize> = (0..board.tiles.len())
            .filter(|&i| board.tiles[i] == Tile::Teleport)
            .collect();
        if let [first] | [_, _, first, ..] = ts[..] {
            return Err(Problem::new(
                Where::Char(first / board.cols, first % board.cols),
                format!(
                    "the board has {} teleport `t`: teleports are a pair, two `t` or none",
                    ts.len()
                ),
            )
            .help("a block standing on one `t` moves to the other, so a board holds exactly two; declare more pairs in a `teleports:` list"));
        }
        teleports::check_listed(self)
    }

    /// Checks the other blocks.
    pub(crate) fn validate_blocks(&self) -> Result<(), Problem> {
        let (rules, board) = (&self.rules, &self.board);
        if rules.others.len() + 1 > MAX_BLOCKS {
            return Err(Problem::new(
                Where::Rule(RulePart::Block(MAX_BLOCKS - 1)),
                format!(
                    "{} blocks on one board: at most {MAX_BLOCKS}",
                    rules.others.len() + 1
                ),
            ));
        }
        let mut starts = vec![self.start];
        for (i, other) in rules.others.iter().enumerate() {
            let at = Where::Rule(RulePart::Block(i));
            let (x, y, z) = other.block;
            if [x, y, z].iter().any(|&s| s == 0 || s > MAX_SIDE) {
                return Err(Problem::new(
                    at,
                    format!("block ({x}, {y}, {z}): every side must be 1 to {MAX_SIDE} cells"),
                ));
            }
            for (f, what) in [(Some(other.start), "start"), (other.goal, "goal")] {
                let Some(f) = f else { continue };
                if orientation_of(other.block, f.rows, f.cols).is_none() {
                    return Err(Problem::new(
                        at,
                        format!(
                            "the {what} footprint is {} x {} cells, but a {x} x {y} x {z} block covers {}",
                            f.rows,
                            f.cols,
                            footprints(other.block)
                        ),
                    ));
                }
                let fits = f.row + f.rows <= board.rows && f.col + f.cols <= board.cols;
                let bridge_off = |cell: Coord| board.get(cell) == Tile::Bridge { on: false };
                if !fits || !legal(board, f) || (what == "start" && f.cells().any(bridge_off)) {
                    return Err(Problem::new(
                        at,
                        format!("no legal placement of this block covers exactly its {what} footprint at ({}, {})", f.row, f.col),
                    )
                    .help("a block rests on floor (bridges only while on), and a one-cell footprint not on fragile floor"));
                }
            }
            if let Some(cell) = other
                .start
                .cells()
                .find(|&c| starts.iter().any(|s| s.contains(c)))
            {
                return Err(Problem::new(
                    at,
                    format!(
                        "this block starts on ({}, {}), under another block",
                        cell.0, cell.1
                    ),
                ));
            }
            starts.push(other.start);
            if let Some(goal) = other.goal {
                let earlier = std::iter::once(Some(self.goal))
                    .chain(rules.others[..i].iter().map(|b| b.goal))
                    .flatten();
                for g in earlier {
                    if let Some(cell) = goal.cells().find(|&c| g.contains(c)) {
                        return Err(Problem::new(
                            at,
                            format!(
                                "this block's goal covers ({}, {}), which another block's goal covers too: both can never be reached at once",
                                cell.0, cell.1
                            ),
                        ));
                    }
                }
            }
        }
        Ok(())
    }

    /// Number of no-floor cells (the `blocks` feature).
    pub fn blocks(&self) -> usize {
        self.board
            .tiles
            .iter()
            .filter(|&&t| t == Tile::NoFloor)
            .count()
    }

    /// The board's rows as a maze file writes them, with `S` and `G` over the footprints.
    pub(crate) fn row_strings(&self) -> Vec<String> {
        (0..self.board.rows)
            .map(|r| {
                (0..self.board.cols)
                    .map(|c| {
                        if self.start.contains((r, c)) {
                            'S'
                        } else if self.goal.contains((r, c)) {
                            'G'
                        } else {
                            self.board.get((r, c)).to_char()
                        }
                    })
                    .collect()
            })
            .collect()
    }
}

/// Whether the block may rest on `footprint`: every cell on the board and floor, and not a
/// single fragile cell.
pub(crate) fn legal(board: &RollingBoard, footprint: Footprint) -> bool {
    footprint.row + footprint.rows <= board.rows
        && footprint.col + footprint.cols <= board.cols
        && footprint.cells().all(|cell| board.get(cell).bears_part())
        && !(footprint.rows == 1
            && footprint.cols == 1
            && !board.get((footprint.row, footprint.col)).bears_alone())
}

#[cfg(test)]
mod tests {
    use super::*;
    use maze_graph::{Rules, StateId};

    use crate::rolling::graph::RollGraph;

    const W: maze_graph::Dir = 3;

    /// The graph of a valid maze of one `block` on `rows`.
    fn maze(block: (usize, usize, usize), rows: &[&str]) -> RollGraph {
        let parsed = ParsedBoard::parse(rows).unwrap_or_else(|p| panic!("{}", p.message));
        let m = RollingBlockMaze {
            rules: RollingBlockRules {
                block,
                ..RollingBlockRules::default()
            },
            board: parsed.board,
            start: parsed.start,
            goal: parsed.goal,
        };
        m.validate().unwrap_or_else(|p| panic!("{}", p.message));
        RollGraph::new(&m)
    }

    /// Every state's name and its moves as `DIR -> name`, in state order.
    fn moves(g: &RollGraph) -> Vec<String> {
        let mut acc = Vec::new();
        (0..g.n_states() as StateId)
            .map(|s| {
                acc.clear();
                g.successors(&mut acc, s);
                let list: Vec<String> = acc
                    .iter()
                    .map(|m| format!("{} -> {}", ROLL_DIRECTIONS.name(m.dir), g.state_name(m.to)))
                    .collect();
                format!("{}: {}", g.state_name(s), list.join(", "))
            })
            .collect()
    }

    /// A 1x4 strip with the default block. Standing on c it can only tip east onto c+1..c+2
    /// (if c <= 1) or west onto c-2..c-1 (if c >= 2); lying on c..c+1 it stands up on c+2
    /// (east) or c-1 (west). So four standing and three lying placements, and from standing
    /// on 0: E lies on 1-2, E stands on 3, the goal: two moves. The goal has no moves out
    /// although W would tip it back onto 1-2.
    #[test]
    fn strip_of_four() {
        let g = maze((1, 1, 2), &["S..G"]);
        assert_eq!(
            moves(&g),
            [
                "(0,0) 1x1x2: E -> (0,1) 1x2x1",
                "(0,0) 1x2x1: E -> (0,2) 1x1x2",
                "(0,1) 1x1x2: E -> (0,2) 1x2x1",
                "(0,1) 1x2x1: E -> (0,3) 1x1x2, W -> (0,0) 1x1x2",
                "(0,2) 1x1x2: W -> (0,0) 1x2x1",
                "(0,2) 1x2x1: W -> (0,1) 1x1x2",
                "(0,3) 1x1x2: ",
            ]
        );
        assert_eq!(g.state_name(g.start()), "(0,0) 1x1x2");
        assert!(g.is_goal(6) && (0..6).all(|s| !g.is_goal(s)));
        assert_eq!(
            g.roll(6, W),
            Some(3),
            "geometry still knows the roll the goal forbids"
        );
    }

    /// The fragile tile on 2 bears the lying block (1-2) but not the standing one, so the
    /// strip of four loses exactly the placement "standing on 2" and keeps the solution E E.
    #[test]
    fn fragile_bears_a_lying_block_only() {
        let g = maze((1, 1, 2), &["S.wG"]);
        assert_eq!(
            moves(&g),
            [
                "(0,0) 1x1x2: E -> (0,1) 1x2x1",
                "(0,0) 1x2x1: ",
                "(0,1) 1x1x2: E -> (0,2) 1x2x1",
                "(0,1) 1x2x1: E -> (0,3) 1x1x2, W -> (0,0) 1x1x2",
                "(0,2) 1x2x1: W -> (0,1) 1x1x2",
                "(0,3) 1x1x2: ",
            ]
        );
    }

    /// A 1x1x1 cube has one orientation and every footprint is one cell, so it rolls one cell
    /// at a time and never onto `w`: the fragile tile cuts the strip in two.
    #[test]
    fn a_cube_never_rests_on_fragile_floor() {
        let g = maze((1, 1, 1), &["S.w.G"]);
        assert_eq!(
            moves(&g),
            [
                "(0,0) 1x1x1: E -> (0,1) 1x1x1",
                "(0,1) 1x1x1: W -> (0,0) 1x1x1",
                "(0,3) 1x1x1: E -> (0,4) 1x1x1",
                "(0,4) 1x1x1: ",
            ]
        );
    }

    /// A 1x2x3 block on an open 4 x 5 board. An orientation with footprint R x C has
    /// (4 - R + 1)·(5 - C + 1) placements: 1x2: 16, 1x3: 12, 2x1: 15, 2x3: 9, 3x1: 10,
    /// 3x2: 8, so 70 states. From (0,0) lying 1x2 with height 3: N and W leave the board,
    /// E tips over its east edge onto columns 2-4 (extents rows 1, cols = old height 3,
    /// height = old cols 2), S onto rows 1-3 (extents 3, 2, 1).
    #[test]
    fn a_one_by_two_by_three_block() {
        let g = maze((1, 2, 3), &["SS...", ".....", ".....", "..GGG"]);
        assert_eq!(g.n_states(), 70);
        let list = moves(&g);
        assert_eq!(
            list[usize::try_from(g.start()).unwrap_or(0)],
            "(0,0) 1x2x3: E -> (0,2) 1x3x2, S -> (1,0) 3x2x1"
        );
        let named = |name: &str| list.iter().find(|l| l.starts_with(name)).cloned();
        // Each roll from the start rolls back.
        assert_eq!(
            named("(0,2) 1x3x2:").as_deref(),
            Some("(0,2) 1x3x2: S -> (1,2) 2x3x1, W -> (0,0) 1x2x3")
        );
        assert_eq!(
            named("(1,0) 3x2x1:").as_deref(),
            Some("(1,0) 3x2x1: N -> (0,0) 1x2x3, E -> (1,2) 3x1x2")
        );
        // The goal (3,2) 1x3x2 is E S S away: (0,2) 1x3x2, (1,2) 2x3x1, (3,2) 1x3x2.
        assert_eq!(
            named("(1,2) 2x3x1:").as_deref(),
            Some("(1,2) 2x3x1: N -> (0,2) 1x3x2, S -> (3,2) 1x3x2, W -> (1,1) 2x1x3")
        );
        assert_eq!(named("(3,2) 1x3x2:").as_deref(), Some("(3,2) 1x3x2: "));
    }

    /// Equal sides are one orientation: a 2x2x1 slab has three, not six.
    #[test]
    fn equal_sides_are_one_orientation() {
        let rules = RollingBlockRules {
            block: (2, 2, 1),
            ..RollingBlockRules::default()
        };
        assert_eq!(rules.orientations(), [[1, 2, 2], [2, 1, 2], [2, 2, 1]]);
        assert_eq!(rules.orientation_of(2, 1), Some([2, 1, 2]));
        assert_eq!(rules.orientation_of(1, 1), None);
    }

    #[test]
    fn rules_are_written_as_read() {
        let mut rules = RollingBlockRules::default();
        assert_eq!(rules.to_ron(), "RollingBlock(block: (1, 1, 2))");
        rules.block = (1, 2, 3);
        rules.weights.blocks = -1.0;
        rules.weights.turns = 0.125;
        assert_eq!(
            rules.to_ron(),
            "RollingBlock(block: (1, 2, 3), weights: (blocks: -1.0, turns: 0.125))"
        );
    }
}
