//! Rolling-block mazes: a cuboid block tipped over its edges on a board of floor, no floor and
//! fragile floor (RULES.md section 2), validated, and compiled into a [`Rules`]
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

use maze_features::RollingBlockWeights;
use maze_graph::{Dir, Directions, Move, Rules, StateId};
use serde::{Deserialize, Serialize};

use crate::jumping::{Coord, Problem, Where};

/// The rolling directions in direction order (RULES.md: N, E, S, W), each with its opposite.
pub static ROLL_DIRECTIONS: Directions = Directions {
    names: &["N", "E", "S", "W"],
    opposite: &[2, 3, 0, 1],
};

const N: Dir = 0;
const E: Dir = 1;
const S: Dir = 2;
const W: Dir = 3;

/// The longest block side a maze file may ask for. A side longer than any board simply never
/// fits that way; the limit only keeps coordinate arithmetic far from overflow.
pub const MAX_SIDE: usize = 10_000;

const NO_STATE: StateId = StateId::MAX;

/// One cell of a rolling-block board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tile {
    /// Floor `.`: the block may rest on it in any orientation.
    Floor,
    /// No floor `#`: the block may never cover it.
    NoFloor,
    /// Fragile floor `w` (Bloxorz's orange tile): it bears a lying block but breaks under a
    /// block whose footprint is this one cell.
    Fragile,
}

impl Tile {
    /// The tile's character in a maze file.
    pub fn to_char(self) -> char {
        match self {
            Tile::Floor => '.',
            Tile::NoFloor => '#',
            Tile::Fragile => 'w',
        }
    }

    /// Whether the block may rest on this cell as part of a larger footprint.
    pub fn is_floor(self) -> bool {
        self != Tile::NoFloor
    }
}

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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct RollingBlockRules {
    /// The block's dimensions `(a, b, h)`, default `(1, 1, 2)`. Their order does not matter:
    /// the start footprint picks the orientation.
    pub block: (usize, usize, usize),
    /// The weights of the `RollingBlock` score for this maze.
    pub weights: RollingBlockWeights,
}

impl Default for RollingBlockRules {
    fn default() -> Self {
        RollingBlockRules {
            block: (1, 1, 2),
            weights: RollingBlockWeights::default(),
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
        out.push(')');
        out
    }

    /// The block's distinct orientations `[rows, cols, height]`, in lexicographic order
    /// (standing first for the default block). Equal sides give one orientation, not two.
    pub fn orientations(&self) -> Vec<[usize; 3]> {
        let (a, b, h) = self.block;
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

    /// The orientation whose footprint is `rows x cols`, if the block has one. It is unique:
    /// the footprint fixes two of the three sides, so the height is the one left.
    pub fn orientation_of(&self, rows: usize, cols: usize) -> Option<[usize; 3]> {
        self.orientations()
            .into_iter()
            .find(|o| o[0] == rows && o[1] == cols)
    }

    fn footprints(&self) -> String {
        let mut shapes: Vec<String> = self
            .orientations()
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
pub(crate) struct ParsedBoard {
    pub board: RollingBoard,
    pub start: Footprint,
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

impl ParsedBoard {
    /// Reads board rows, one character per cell: `.` floor, `#` no floor, `w` fragile floor,
    /// `S` and `G` floor under the start and goal footprints.
    pub(crate) fn parse(rows: &[&str]) -> Result<ParsedBoard, Problem> {
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
                    '.' => Tile::Floor,
                    '#' => Tile::NoFloor,
                    'w' => Tile::Fragile,
                    'S' => {
                        starts.push((r, c));
                        Tile::Floor
                    }
                    'G' => {
                        goals.push((r, c));
                        Tile::Floor
                    }
                    other => {
                        let problem = Problem::new(
                            Where::Char(r, c),
                            format!(
                                "unknown cell `{}`: expected `.` (floor), `#` (no floor), `w` (fragile floor), `S` (start) or `G` (goal)",
                                other.escape_default()
                            ),
                        );
                        return Err(if other.is_whitespace() {
                            problem.help("rolling-block rows have one character per cell, with no spaces between them")
                        } else {
                            problem
                        });
                    }
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
        };
        Ok(ParsedBoard {
            board,
            start: rectangle(&starts, "start", 'S')?,
            goal: rectangle(&goals, "goal", 'G')?,
        })
    }
}

impl RollingBlockMaze {
    /// Checks the rules of section 2 that involve more than one cell: block dimensions and
    /// weights, and that the start and goal footprints fit the block and are legal
    /// placements on plain floor.
    pub fn validate(&self) -> Result<(), Problem> {
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
                        rules.footprints()
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
                        match board.get(cell) {
                            Tile::NoFloor => "no floor `#`",
                            _ => "fragile floor `w`",
                        }
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
    pub fn row_strings(&self) -> Vec<String> {
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
fn legal(board: &RollingBoard, footprint: Footprint) -> bool {
    footprint.row + footprint.rows <= board.rows
        && footprint.col + footprint.cols <= board.cols
        && footprint.cells().all(|cell| board.get(cell).is_floor())
        && !(footprint.rows == 1
            && footprint.cols == 1
            && board.get((footprint.row, footprint.col)) == Tile::Fragile)
}

/// A rolling-block maze compiled for move generation: every legal placement numbered, and
/// each one's four rolls looked up once.
///
/// States are numbered row-major by the footprint's top-left cell and, within a cell, by
/// orientation in [`RollingBlockRules::orientations`] order.
#[derive(Clone, Debug)]
pub struct RollGraph {
    rows: usize,
    cols: usize,
    orientations: Vec<[usize; 3]>,
    /// Per state: (top-left cell index, orientation index).
    placements: Vec<(u32, u8)>,
    /// Per state, the state each roll in direction order reaches, or `NO_STATE`.
    rolls: Vec<[StateId; 4]>,
    start: StateId,
    /// The goal state. A footprint fixes the orientation (two sides are the footprint, the
    /// third is the height), so at most one state covers the goal footprint exactly.
    goal: StateId,
}

impl RollGraph {
    /// Compiles a valid maze. Call [`RollingBlockMaze::validate`] first: an invalid maze may
    /// panic.
    pub fn new(maze: &RollingBlockMaze) -> RollGraph {
        let board = &maze.board;
        let (rows, cols) = (board.rows, board.cols);
        let orientations = maze.rules.orientations();
        let n_o = orientations.len();
        // Summed-area table of no-floor cells: any rectangle is all floor in O(1).
        let mut holes = vec![0u32; (rows + 1) * (cols + 1)];
        for r in 0..rows {
            for c in 0..cols {
                let here = u32::from(board.get((r, c)) == Tile::NoFloor);
                holes[(r + 1) * (cols + 1) + c + 1] =
                    here + holes[r * (cols + 1) + c + 1] + holes[(r + 1) * (cols + 1) + c]
                        - holes[r * (cols + 1) + c];
            }
        }
        let all_floor = |r: usize, c: usize, h: usize, w: usize| {
            let at = |r: usize, c: usize| holes[r * (cols + 1) + c];
            at(r + h, c + w) + at(r, c) == at(r, c + w) + at(r + h, c)
        };
        let mut state_of = vec![NO_STATE; rows * cols * n_o];
        let mut placements = Vec::new();
        for r in 0..rows {
            for c in 0..cols {
                for (o, &[h, w, _]) in orientations.iter().enumerate() {
                    let fits = r + h <= rows
                        && c + w <= cols
                        && all_floor(r, c, h, w)
                        && !(h == 1 && w == 1 && board.get((r, c)) == Tile::Fragile);
                    if fits {
                        state_of[(r * cols + c) * n_o + o] = placements.len() as StateId;
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
                let mut to = [NO_STATE; 4];
                for (slot, dir) in to.iter_mut().zip([N, E, S, W]) {
                    // Sides are at most MAX_SIDE, so this signed arithmetic cannot overflow.
                    let (r2, c2, o2) = match dir {
                        N => (r as i64 - z as i64, c as i64, ns),
                        S => (r as i64 + h as i64, c as i64, ns),
                        E => (r as i64, c as i64 + w as i64, ew),
                        W => (r as i64, c as i64 - z as i64, ew),
                        _ => continue,
                    };
                    if r2 >= 0 && c2 >= 0 && (r2 as usize) < rows && (c2 as usize) < cols {
                        *slot = state_of[(r2 as usize * cols + c2 as usize) * n_o + o2];
                    }
                }
                to
            })
            .collect();
        let state_at = |f: Footprint| {
            maze.rules
                .orientation_of(f.rows, f.cols)
                .map_or(NO_STATE, |o| {
                    state_of[(f.row * cols + f.col) * n_o + index_of(o)]
                })
        };
        RollGraph {
            rows,
            cols,
            start: state_at(maze.start),
            goal: state_at(maze.goal),
            orientations,
            placements,
            rolls,
        }
    }

    /// Board size `(rows, cols)`.
    pub fn size(&self) -> (usize, usize) {
        (self.rows, self.cols)
    }

    /// The footprint of `state` and the block's extents `[rows, cols, height]` there.
    pub fn placement(&self, state: StateId) -> (Footprint, [usize; 3]) {
        let (cell, o) = self.placements[state as usize];
        let extents = self.orientations[usize::from(o)];
        let footprint = Footprint {
            row: cell as usize / self.cols,
            col: cell as usize % self.cols,
            rows: extents[0],
            cols: extents[1],
        };
        (footprint, extents)
    }

    /// The state the roll `dir` from `state` reaches, goal states included (where the
    /// player stops, the geometry does not).
    pub fn roll(&self, state: StateId, dir: Dir) -> Option<StateId> {
        let to = self.rolls[state as usize][usize::from(dir)];
        (to != NO_STATE).then_some(to)
    }

    /// The top-left cell of `state`'s footprint.
    pub fn state_cell(&self, state: StateId) -> Coord {
        let cell = self.placements[state as usize].0 as usize;
        (cell / self.cols, cell % self.cols)
    }
}

impl Rules for RollGraph {
    fn directions(&self) -> &'static Directions {
        &ROLL_DIRECTIONS
    }

    fn n_states(&self) -> usize {
        self.placements.len()
    }

    fn start(&self) -> StateId {
        self.start
    }

    fn is_goal(&self, state: StateId) -> bool {
        state == self.goal
    }

    fn successors(&self, acc: &mut Vec<Move>, state: StateId) {
        if self.is_goal(state) {
            return;
        }
        for (dir, &to) in self.rolls[state as usize].iter().enumerate() {
            if to != NO_STATE {
                acc.push(Move {
                    dir: dir as Dir,
                    to,
                });
            }
        }
    }

    fn state_name(&self, state: StateId) -> String {
        let (r, c) = self.state_cell(state);
        let [h, w, z] = self.orientations[usize::from(self.placements[state as usize].1)];
        format!("({r},{c}) {h}x{w}x{z}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::file::{Maze, parse};

    fn compile(src: &str) -> RollGraph {
        match parse("test.ron", src) {
            Ok(Maze::RollingBlock(m)) => RollGraph::new(&m),
            Ok(other) => panic!("not a rolling-block maze: {other:?}"),
            Err(e) => panic!("{}", e.one_line()),
        }
    }

    fn maze(block: &str, rows: &[&str]) -> RollGraph {
        let rows: Vec<String> = rows.iter().map(|r| format!("{r:?}")).collect();
        compile(&format!(
            "Maze(rules: RollingBlock(block: {block}), board: [{}])",
            rows.join(", ")
        ))
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
        let g = maze("(1, 1, 2)", &["S..G"]);
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
        let g = maze("(1, 1, 2)", &["S.wG"]);
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
        let g = maze("(1, 1, 1)", &["S.w.G"]);
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
        let g = maze("(1, 2, 3)", &["SS...", ".....", ".....", "..GGG"]);
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
