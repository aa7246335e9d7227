//! RULES.md section 1 (tilings, torus, walls and one-way walls, holes, void, exit, no-U-turn) implemented a
//! second time, straight from the text and sharing no code with the rule model, and checked
//! against the engine on thousands of random boards of every combination.
//!
//! The second implementation below uses nothing of the workspace: a board is plain tokens,
//! a unit step is the section's tables, a state is its name. The engine reads the same maze
//! as a file's text; the two state graphs must be the same set of named states and the same
//! moves, each with the same directions.

use std::collections::{BTreeMap, BTreeSet};

use maze::graph::{Adjacency, Rules, state_graph};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tiling {
    Square,
    Hex,
    Triangle,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Token {
    Jump(u32),
    Goal,
    DeadEnd,
    Blocked,
    Hole,
    Void,
}

impl Token {
    fn text(self) -> String {
        match self {
            Token::Jump(k) => k.to_string(),
            Token::Goal => "G".into(),
            Token::DeadEnd => "0".into(),
            Token::Blocked => "#".into(),
            Token::Hole => "o".into(),
            Token::Void => ".".into(),
        }
    }

    /// Rule 4: where a jump may land.
    fn is_landing(self) -> bool {
        matches!(self, Token::Jump(_) | Token::Goal | Token::DeadEnd)
    }
}

type Cell = (i64, i64);

/// A state graph by names: its states, and per move (from, to) the directions that make it.
type Named = (
    BTreeSet<String>,
    BTreeMap<(String, String), BTreeSet<String>>,
);

/// One maze as section 1 describes it.
#[derive(Clone, Debug)]
struct Spec {
    tiling: Tiling,
    queen: bool,
    torus: bool,
    exit: bool,
    no_u_turn: bool,
    rows: i64,
    cols: i64,
    tokens: Vec<Token>,
    start: Cell,
    /// Walls: two cells, and whether the wall is one-way (crossed from the first cell into
    /// the second only).
    walls: Vec<(Cell, Cell, bool)>,
}

const SQUARE: [&str; 8] = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"];
const SIX: [&str; 6] = ["E", "NE", "NW", "W", "SW", "SE"];

fn opposite(d: &str) -> &'static str {
    match d {
        "N" => "S",
        "S" => "N",
        "E" => "W",
        "W" => "E",
        "NE" => "SW",
        "SW" => "NE",
        "NW" => "SE",
        "SE" => "NW",
        _ => unreachable!("no direction {d}"),
    }
}

/// Where a jump ends.
enum Landing {
    Cell(Cell),
    Outside,
}

impl Spec {
    fn token(&self, (r, c): Cell) -> Token {
        self.tokens[(r * self.cols + c) as usize]
    }

    fn directions(&self) -> Vec<&'static str> {
        match (self.tiling, self.queen) {
            (Tiling::Square, true) => SQUARE.to_vec(),
            (Tiling::Square, false) => vec!["N", "E", "S", "W"],
            _ => SIX.to_vec(),
        }
    }

    /// The raw displacement of a unit step, before the box or the torus.
    fn delta(&self, (r, c): Cell, d: &str) -> (i64, i64) {
        match self.tiling {
            Tiling::Square => match d {
                "N" => (-1, 0),
                "S" => (1, 0),
                "E" => (0, 1),
                "W" => (0, -1),
                "NE" => (-1, 1),
                "NW" => (-1, -1),
                "SE" => (1, 1),
                "SW" => (1, -1),
                _ => unreachable!(),
            },
            Tiling::Hex => {
                let odd = r.rem_euclid(2) == 1;
                match (d, odd) {
                    ("E", _) => (0, 1),
                    ("W", _) => (0, -1),
                    ("NE", false) => (-1, 0),
                    ("NE", true) => (-1, 1),
                    ("NW", false) => (-1, -1),
                    ("NW", true) => (-1, 0),
                    ("SE", false) => (1, 0),
                    ("SE", true) => (1, 1),
                    ("SW", false) => (1, -1),
                    ("SW", true) => (1, 0),
                    _ => unreachable!(),
                }
            }
            Tiling::Triangle => {
                let up = (r + c).rem_euclid(2) == 0;
                match (d, up) {
                    ("E", _) => (0, 1),
                    ("W", _) => (0, -1),
                    ("NE", true) => (0, 1),
                    ("NE", false) => (-1, 0),
                    ("NW", true) => (0, -1),
                    ("NW", false) => (-1, 0),
                    ("SE", true) => (1, 0),
                    ("SE", false) => (0, 1),
                    ("SW", true) => (1, 0),
                    ("SW", false) => (0, -1),
                    _ => unreachable!(),
                }
            }
        }
    }

    /// Rule 1: a unit step's cell, `None` when it leaves a bounded board's box.
    fn place(&self, (r, c): Cell) -> Option<Cell> {
        if self.torus {
            Some((r.rem_euclid(self.rows), c.rem_euclid(self.cols)))
        } else if (0..self.rows).contains(&r) && (0..self.cols).contains(&c) {
            Some((r, c))
        } else {
            None
        }
    }

    /// Whether a unit step from `a` into `b` crosses a wall: any wall between them, unless it
    /// is one-way and the step goes its way.
    fn walled(&self, a: Cell, b: Cell) -> bool {
        self.walls
            .iter()
            .any(|&(x, y, one_way)| ((x, y) == (a, b) && !one_way) || (x, y) == (b, a))
    }

    /// Rule 2 for one unit step from `a` to `b` (both on the board): a diagonal square step
    /// crosses a wall only when both routes around the corner are walled.
    fn crosses_wall(&self, a: Cell, b: Cell, (dr, dc): (i64, i64)) -> bool {
        if self.tiling == Tiling::Square && dr != 0 && dc != 0 {
            let (Some(h), Some(v)) = (self.place((a.0, a.1 + dc)), self.place((a.0 + dr, a.1)))
            else {
                unreachable!("the corner cells of a step that stays on the board are on it");
            };
            let route_h = self.walled(a, h) || self.walled(h, b);
            let route_v = self.walled(a, v) || self.walled(v, b);
            route_h && route_v
        } else {
            self.walled(a, b)
        }
    }

    /// A jump of `k` unit steps in direction `d` from `origin`: rules 1 to 5 and the exit.
    fn jump(&self, origin: Cell, d: &str, k: u32) -> Option<Landing> {
        let mut at = origin;
        for step in 1..=k {
            let delta = self.delta(at, d);
            let Some(next) = self.place((at.0 + delta.0, at.1 + delta.1)) else {
                // Off the box: only an exit's last step may do that.
                return (self.exit && step == k).then_some(Landing::Outside);
            };
            if self.crosses_wall(at, next, delta) {
                return None;
            }
            let token = self.token(next);
            if step < k {
                if matches!(token, Token::Blocked | Token::Void) {
                    return None;
                }
            } else if token == Token::Void {
                return self.exit.then_some(Landing::Outside);
            } else if !token.is_landing() || next == origin {
                return None;
            }
            at = next;
        }
        Some(Landing::Cell(at))
    }

    fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        (0..self.rows).flat_map(move |r| (0..self.cols).map(move |c| (r, c)))
    }

    fn name((r, c): Cell) -> String {
        format!("({r},{c})")
    }

    /// The state graph: every state by name, and per move (from, to) its directions.
    fn graph(&self) -> Named {
        let mut states = BTreeSet::new();
        let mut moves: BTreeMap<(String, String), BTreeSet<String>> = BTreeMap::new();
        let dirs = self.directions();
        if self.exit {
            states.insert("Outside".to_string());
        }
        if !self.no_u_turn {
            for cell in self.cells() {
                if self.token(cell).is_landing() {
                    states.insert(Spec::name(cell));
                }
                let Token::Jump(k) = self.token(cell) else {
                    continue;
                };
                for d in &dirs {
                    let to = match self.jump(cell, d, k) {
                        Some(Landing::Cell(t)) => Spec::name(t),
                        Some(Landing::Outside) => "Outside".to_string(),
                        None => continue,
                    };
                    moves
                        .entry((Spec::name(cell), to))
                        .or_default()
                        .insert((*d).to_string());
                }
            }
            return (states, moves);
        }
        // No-U-turn: a state is a cell and the direction that reached it; every state at the
        // goal cell is the one goal state.
        let goal_name = |t: Cell, d: &str| {
            if self.token(t) == Token::Goal {
                "Goal".to_string()
            } else {
                format!("{}/{d}", Spec::name(t))
            }
        };
        if !self.exit {
            states.insert("Goal".to_string());
        }
        states.insert(Spec::name(self.start));
        let mut arrivals: BTreeSet<(Cell, &str)> = BTreeSet::new();
        for cell in self.cells() {
            let Token::Jump(k) = self.token(cell) else {
                continue;
            };
            for d in &dirs {
                if let Some(Landing::Cell(t)) = self.jump(cell, d, k) {
                    states.insert(goal_name(t, d));
                    if self.token(t) != Token::Goal {
                        arrivals.insert((t, d));
                    }
                }
            }
        }
        let from_states =
            std::iter::once((self.start, None)).chain(arrivals.iter().map(|&(t, d)| (t, Some(d))));
        for (cell, last) in from_states {
            let Token::Jump(k) = self.token(cell) else {
                continue;
            };
            let from = match last {
                None => Spec::name(cell),
                Some(d) => format!("{}/{d}", Spec::name(cell)),
            };
            for d in &dirs {
                if last.is_some_and(|l| opposite(l) == *d) {
                    continue;
                }
                let to = match self.jump(cell, d, k) {
                    Some(Landing::Cell(t)) => goal_name(t, d),
                    Some(Landing::Outside) => "Outside".to_string(),
                    None => continue,
                };
                moves
                    .entry((from.clone(), to))
                    .or_default()
                    .insert((*d).to_string());
            }
        }
        (states, moves)
    }

    /// The maze as a file's text, for the engine.
    fn file_text(&self) -> String {
        let tiling = match self.tiling {
            Tiling::Square => "Square",
            Tiling::Hex => "Hex",
            Tiling::Triangle => "Triangle",
        };
        let moves = match (self.tiling, self.queen) {
            (Tiling::Square, true) => ", moves: Queen",
            (Tiling::Square, false) => ", moves: Rook",
            _ => "",
        };
        let goal = if self.exit { ", goal: Exit" } else { "" };
        let rows: Vec<String> = (0..self.rows)
            .map(|r| {
                let row: Vec<String> = (0..self.cols).map(|c| self.token((r, c)).text()).collect();
                format!("{:?}", row.join(" "))
            })
            .collect();
        let walls: Vec<String> = self
            .walls
            .iter()
            .map(|&((a, b), (c, d), one_way)| {
                let way = if one_way { ", OneWay" } else { "" };
                format!("(({a},{b}),({c},{d}){way})")
            })
            .collect();
        format!(
            "Maze(rules: Jumping(tiling: {tiling}{moves}, torus: {}, no_u_turn: {}{goal}), board: [{}], start: ({}, {}), walls: [{}])",
            self.torus,
            self.no_u_turn,
            rows.join(", "),
            self.start.0,
            self.start.1,
            walls.join(", ")
        )
    }

    /// The cells that share an edge with `a`: the unit steps that cross one edge.
    fn edge_neighbours(&self, a: Cell) -> Vec<Cell> {
        let dirs: &[&str] = match self.tiling {
            Tiling::Square => &["N", "E", "S", "W"],
            Tiling::Hex => &SIX,
            Tiling::Triangle => &["E", "W", "NE", "NW", "SE", "SW"],
        };
        let mut out: Vec<Cell> = dirs
            .iter()
            .filter_map(|d| {
                let (dr, dc) = self.delta(a, d);
                self.place((a.0 + dr, a.1 + dc))
            })
            .filter(|&b| b != a)
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }
}

/// A random maze of one combination of section 1's options.
fn random_spec(rng: &mut StdRng, tiling: Tiling, queen: bool, torus: bool, exit: bool) -> Spec {
    let even = |rng: &mut StdRng| 2 * rng.random_range(1..=3i64);
    let any = |rng: &mut StdRng| rng.random_range(1..=5i64);
    let (rows, mut cols) = match (tiling, torus) {
        (Tiling::Hex, true) => (even(rng), any(rng)),
        (Tiling::Triangle, true) => (even(rng), even(rng)),
        _ => (any(rng), any(rng)),
    };
    if rows * cols == 1 && !exit {
        // A goal cell besides the start.
        cols = 2;
    }
    let n = (rows * cols) as usize;
    let mut tokens: Vec<Token> = (0..n)
        .map(|_| match rng.random_range(0..20) {
            0 => Token::DeadEnd,
            1 => Token::Blocked,
            2 => Token::Hole,
            3 => Token::Void,
            _ => Token::Jump(rng.random_range(1..=4)),
        })
        .collect();
    let start = rng.random_range(0..n);
    tokens[start] = Token::Jump(rng.random_range(1..=4));
    if !exit {
        let mut goal = rng.random_range(0..n - 1);
        if goal >= start {
            goal += 1;
        }
        tokens[goal] = Token::Goal;
    }
    let mut spec = Spec {
        tiling,
        queen,
        torus,
        exit,
        no_u_turn: false,
        rows,
        cols,
        tokens,
        start: (start as i64 / cols, start as i64 % cols),
        walls: Vec::new(),
    };
    let mut pairs = Vec::new();
    for a in spec.cells() {
        for b in spec.edge_neighbours(a) {
            if a < b {
                pairs.push((a, b));
            }
        }
    }
    let walls = rng.random_range(0..=pairs.len().min(4));
    for _ in 0..walls {
        let (a, b) = pairs.swap_remove(rng.random_range(0..pairs.len()));
        // One wall in three is one-way, either way.
        spec.walls.push(match rng.random_range(0..6) {
            0 => (a, b, true),
            1 => (b, a, true),
            _ => (a, b, false),
        });
    }
    spec
}

/// The engine's state graph of the same maze, by state names.
fn engine_graph(text: &str) -> Named {
    let file = maze::file::parse_file("spec.ron", text)
        .unwrap_or_else(|e| panic!("the engine refuses {text}: {}", e.one_line()));
    let compiled = file.maze.compile();
    let graph = state_graph(&compiled);
    let name = |i: u32| compiled.state_name(i);
    let states = (0..compiled.n_states() as u32).map(name).collect();
    let mut moves = BTreeMap::new();
    for edge in graph.graph.raw_edges() {
        let dirs = edge
            .weight
            .iter()
            .map(|d| graph.directions.name(d).to_string())
            .collect();
        moves.insert(
            (
                name(edge.source().index() as u32),
                name(edge.target().index() as u32),
            ),
            dirs,
        );
    }
    (states, moves)
}

fn check(spec: &Spec) -> Result<(), String> {
    let text = spec.file_text();
    let (want_states, want_moves) = spec.graph();
    let (got_states, got_moves) = engine_graph(&text);
    if want_states != got_states {
        return Err(format!(
            "{text}\nstates only in the specification: {:?}\nstates only in the engine: {:?}",
            want_states.difference(&got_states).collect::<Vec<_>>(),
            got_states.difference(&want_states).collect::<Vec<_>>()
        ));
    }
    if want_moves != got_moves {
        let only = |a: &BTreeMap<(String, String), BTreeSet<String>>,
                    b: &BTreeMap<(String, String), BTreeSet<String>>| {
            a.iter()
                .filter(|(k, v)| b.get(*k) != Some(*v))
                .map(|((f, t), v)| format!("{f} -> {t} by {v:?}"))
                .collect::<Vec<_>>()
        };
        return Err(format!(
            "{text}\nmoves only in the specification: {:?}\nmoves only in the engine: {:?}",
            only(&want_moves, &got_moves),
            only(&got_moves, &want_moves)
        ));
    }
    dead_ends_agree(&text)
}

/// The dead-end cells as `maze analyze` finds them, from the states without an edge of the
/// flat graph, are those the engine finds move by move.
fn dead_ends_agree(text: &str) -> Result<(), String> {
    let file = maze::file::parse_file("spec.ron", text).map_err(|e| e.one_line())?;
    let compiled = file.maze.compile();
    let flat = Adjacency::from_rules(&compiled);
    let stuck = compiled.dead_end_cells_where(|s| flat.out_degree(s) == 0);
    if stuck != compiled.dead_end_cells() {
        return Err(format!(
            "{text}
dead-end cells from the flat graph {stuck:?}, from the rules {:?}",
            compiled.dead_end_cells()
        ));
    }
    Ok(())
}

/// Every combination of tiling, move set, torus, exit and no-U-turn, on random boards with
/// walls, holes, blocked, void and dead-end cells.
#[test]
fn the_engine_agrees_with_section_1_on_random_boards_of_every_combination() {
    let mut failures = Vec::new();
    let mut checked = 0;
    for (tiling, queen) in [
        (Tiling::Square, false),
        (Tiling::Square, true),
        (Tiling::Hex, false),
        (Tiling::Triangle, false),
    ] {
        for torus in [false, true] {
            for exit in [false, true] {
                for no_u_turn in [false, true] {
                    let seed = (tiling as u64) << 8
                        | u64::from(queen) << 4
                        | u64::from(torus) << 2
                        | u64::from(exit) << 1
                        | u64::from(no_u_turn);
                    let mut rng = StdRng::seed_from_u64(seed);
                    for _ in 0..150 {
                        let mut spec = random_spec(&mut rng, tiling, queen, torus, exit);
                        spec.no_u_turn = no_u_turn;
                        checked += 1;
                        if let Err(e) = check(&spec) {
                            failures.push(e);
                        }
                    }
                }
            }
        }
    }
    assert_eq!(checked, 4800);
    assert!(
        failures.is_empty(),
        "{} of {checked} boards disagree; the first:\n{}",
        failures.len(),
        failures.first().map_or("", String::as_str)
    );
}

/// The example of the no-U-turn exit: a jump out of the board opposite to the last jump is
/// a U-turn like any other.
#[test]
fn a_no_u_turn_exit_opposite_to_the_last_jump_is_refused() {
    let spec = Spec {
        tiling: Tiling::Hex,
        queen: false,
        torus: false,
        exit: true,
        no_u_turn: true,
        rows: 2,
        cols: 3,
        tokens: vec![
            Token::Jump(3),
            Token::Jump(2),
            Token::Jump(2),
            Token::Jump(3),
            Token::Jump(1),
            Token::Jump(3),
        ],
        start: (0, 0),
        walls: vec![((1, 2), (0, 2), false), ((1, 1), (1, 0), false)],
    };
    let (_, moves) = spec.graph();
    let key = ("(0,0)/W".to_string(), "Outside".to_string());
    assert_eq!(moves.get(&key), None, "{moves:?}");
    check(&spec).unwrap();
}

/// The second implementation is not empty-handed: on a plain 3 x 3 rook board it finds the
/// moves a person counts by hand.
#[test]
fn the_specification_counts_a_small_board_by_hand() {
    let spec = Spec {
        tiling: Tiling::Square,
        queen: false,
        torus: false,
        exit: false,
        no_u_turn: false,
        rows: 3,
        cols: 3,
        tokens: vec![
            Token::Jump(2),
            Token::Jump(1),
            Token::Jump(1),
            Token::Jump(1),
            Token::Hole,
            Token::Jump(1),
            Token::Jump(1),
            Token::Jump(1),
            Token::Goal,
        ],
        start: (0, 0),
        walls: vec![((0, 1), (0, 2), false)],
    };
    let (states, moves) = spec.graph();
    assert_eq!(states.len(), 8);
    // (0,0) jumps 2: E over (0,1) crosses the wall between (0,1) and (0,2); S over the hole.
    let from_start: Vec<_> = moves.keys().filter(|(f, _)| f == "(0,0)").collect();
    assert_eq!(
        from_start,
        vec![&("(0,0)".to_string(), "(2,0)".to_string())]
    );
    // (0,1) jumps 1: W to (0,0); E walled; S onto the hole.
    let from: Vec<_> = moves.keys().filter(|(f, _)| f == "(0,1)").collect();
    assert_eq!(from, vec![&("(0,1)".to_string(), "(0,0)".to_string())]);
}
