//! The fast engine against the reference walker: on random small boards under random rules of
//! every family of docs/FAMILIES.md, and on every family fixture, `JumpGraph` and `walker::walk`
//! describe the same state graph (start, state names, edges and their direction sets), the
//! graph's consumers (petgraph state graph, features, fast core) take it without panicking,
//! and the maze file writes and reads it back unchanged.
//!
//! The two share only the rules' meaning (`RuleSet`: conditions, effects, directions); runs,
//! closed-form walks, dense numbering and move tables are the engine's alone, so agreement on
//! random boards is evidence that those shortcuts are exact.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use maze::features;
use maze::generate::Evaluator;
use maze::graph::{Adjacency, Move, Rules, StateId, state_graph};
use maze::variants::rules::{
    Cond, Dirs, Door, Effect, JumpKind, Keep, Length, Op, Over, Phase, Register, RegisterKind,
    Value,
};
use maze::variants::walker::{self, Walked};
use maze::variants::{
    Attr, Board, Cell, Coord, Gate, GoalKind, JumpGraph, JumpRules, JumpingMaze, Kind, Maze,
    MoveSet, Passage, Piece, Tag, Tiling, Turn,
};
use proptest::prelude::*;

use crate::common::root;

// ---------------------------------------------------------------------------------------
// The comparison.

/// The engine's graph in the walker's terms: states by name, edges by names with the
/// direction names that make them.
fn engine_view(g: &JumpGraph) -> Result<Walked, String> {
    let dirs = g.directions();
    let n = g.n_states();
    let names: Vec<String> = (0..n as StateId).map(|s| g.state_name(s)).collect();
    let states: BTreeSet<String> = names.iter().cloned().collect();
    if states.len() != n {
        // Two states with one name would be merged by the walker; say so rather than compare.
        let mut seen = BTreeSet::new();
        let twice: Vec<&String> = names.iter().filter(|x| !seen.insert(*x)).collect();
        return Err(format!("the engine names two states alike: {twice:?}"));
    }
    let mut edges: BTreeMap<(String, String), BTreeSet<String>> = BTreeMap::new();
    let mut acc: Vec<Move> = Vec::new();
    for s in 0..n as StateId {
        acc.clear();
        g.successors(&mut acc, s);
        if g.is_goal(s) && !acc.is_empty() {
            return Err(format!("goal state {} has moves", names[s as usize]));
        }
        for m in &acc {
            if m.to as usize >= n || m.to == s {
                return Err(format!(
                    "state {} has a move {} to state id {} (of {n})",
                    names[s as usize],
                    dirs.name(m.dir),
                    m.to
                ));
            }
            edges
                .entry((names[s as usize].clone(), names[m.to as usize].clone()))
                .or_default()
                .insert(dirs.name(m.dir).to_string());
        }
    }
    Ok(Walked {
        start: names[g.start() as usize].clone(),
        states,
        edges,
    })
}

/// The differences between the walker's graph and the engine's, at most a few of each kind,
/// or `None` when they agree.
fn differences(walked: &Walked, engine: &Walked) -> Option<String> {
    let mut out = Vec::new();
    if walked.start != engine.start {
        out.push(format!(
            "start: walker {} engine {}",
            walked.start, engine.start
        ));
    }
    let only = |a: &BTreeSet<String>, b: &BTreeSet<String>| -> Vec<String> {
        a.difference(b).take(6).cloned().collect()
    };
    let w_only = only(&walked.states, &engine.states);
    let e_only = only(&engine.states, &walked.states);
    if !w_only.is_empty() || !e_only.is_empty() {
        out.push(format!(
            "states ({} walker, {} engine): walker only {w_only:?}, engine only {e_only:?}",
            walked.states.len(),
            engine.states.len()
        ));
    }
    let mut shown = 0;
    let keys: BTreeSet<&(String, String)> =
        walked.edges.keys().chain(engine.edges.keys()).collect();
    for k in keys {
        let (w, e) = (walked.edges.get(k), engine.edges.get(k));
        if w != e {
            if shown < 8 {
                out.push(format!(
                    "edge {} -> {}: walker {:?} engine {:?}",
                    k.0, k.1, w, e
                ));
            }
            shown += 1;
        }
    }
    if shown > 8 {
        out.push(format!("... {} edges differ in all", shown));
    }
    (!out.is_empty()).then(|| out.join("\n"))
}

/// The walker's graph is a graph: every edge joins two of its states, distinct ones.
fn walker_is_closed(walked: &Walked) -> Result<(), String> {
    for (from, to) in walked.edges.keys() {
        for end in [from, to] {
            if !walked.states.contains(end) {
                return Err(format!("walker edge {from} -> {to}: {end} is no state"));
            }
        }
        if from == to {
            return Err(format!("walker edge from {from} to itself"));
        }
    }
    if !walked.states.contains(&walked.start) {
        return Err(format!("walker start {} is no state", walked.start));
    }
    Ok(())
}

/// Everything this module asserts about one valid maze; `Err` says what failed.
fn check(maze: &JumpingMaze) -> Result<(), String> {
    let walked = walker::walk(maze).map_err(|p| format!("walker refused it: {}", p.message))?;
    let graph = JumpGraph::new(maze);
    let engine = engine_view(&graph)?;
    if let Some(diff) = differences(&walked, &engine) {
        return Err(format!("engine and walker disagree:\n{diff}"));
    }
    walker_is_closed(&walked)?;
    mechanics_agree(maze, &graph)?;
    // The consumers of a state graph take whatever the rules produce.
    let blocks = maze.blocks();
    let petgraph = state_graph(&graph);
    let from_petgraph = features::analyze(&petgraph, blocks);
    let adjacency = Adjacency::from_rules(&graph);
    let flat = features::features(&adjacency, blocks);
    if from_petgraph != flat {
        return Err(format!(
            "features of the petgraph and the flat graph differ: {}",
            feature_differences(&from_petgraph, &flat)
        ));
    }
    let _ = Evaluator::new().core(&adjacency, blocks);
    // The dead-end cells as `maze analyze` finds them (the states without an edge of the
    // flat graph) are those the engine finds move by move.
    let stuck = graph.dead_end_cells_where(|s| adjacency.out_degree(s) == 0);
    if stuck != graph.dead_end_cells() {
        return Err(format!(
            "dead-end cells from the flat graph {stuck:?}, from the rules {:?}",
            graph.dead_end_cells()
        ));
    }
    Ok(())
}

/// The engine's mechanic moves (`Rules::mechanic`, read from its superset tables) are the
/// walker's, found step by step.
fn mechanics_agree(maze: &JumpingMaze, graph: &JumpGraph) -> Result<(), String> {
    let walked =
        walker::mechanic_moves(maze).map_err(|p| format!("walker refused it: {}", p.message))?;
    let dirs = graph.directions();
    let mut engine = BTreeSet::new();
    let mut acc: Vec<Move> = Vec::new();
    for s in 0..graph.n_states() as StateId {
        acc.clear();
        graph.successors(&mut acc, s);
        for &m in &acc {
            if graph.mechanic(s, m) {
                engine.insert((
                    graph.state_name(s),
                    graph.state_name(m.to),
                    dirs.name(m.dir).to_string(),
                ));
            }
        }
    }
    if engine == walked {
        return Ok(());
    }
    let only =
        |a: &BTreeSet<_>, b: &BTreeSet<_>| a.difference(b).take(5).cloned().collect::<Vec<_>>();
    Err(format!(
        "mechanic moves differ: engine only {:?}, walker only {:?}",
        only(&engine, &walked),
        only(&walked, &engine)
    ))
}

/// The features whose values differ, as `name: petgraph vs flat`.
fn feature_differences(a: &features::Features, b: &features::Features) -> String {
    let (ja, jb) = (
        serde_json::to_value(a).unwrap(),
        serde_json::to_value(b).unwrap(),
    );
    let mut out = Vec::new();
    if let (Some(oa), Some(ob)) = (ja.as_object(), jb.as_object()) {
        for (k, va) in oa {
            if ob.get(k) != Some(va) {
                out.push(format!(
                    "{k}: {va} vs {}",
                    ob.get(k).unwrap_or(&serde_json::Value::Null)
                ));
            }
        }
    }
    if a.depths != b.depths {
        out.push("depths".into());
    }
    if a.solution_states != b.solution_states {
        out.push(format!(
            "solution_states: {:?} vs {:?}",
            a.solution_states, b.solution_states
        ));
    }
    out.join("; ")
}

/// A maze as its file, for failure messages (the reproduction to paste into a test).
fn as_file(maze: &JumpingMaze) -> String {
    maze::variants::write(&Maze::Jumping(maze.clone()), &[])
}

/// The file written for a maze reads back as the same maze.
fn round_trips(maze: &JumpingMaze) -> Result<(), String> {
    let text = as_file(maze);
    match maze::file::parse("written.ron", &text) {
        Ok(Maze::Jumping(again)) if again == *maze => Ok(()),
        Ok(other) => Err(format!("reads back as another maze: {other:?}")),
        Err(e) => Err(format!("does not read back: {}", e.one_line())),
    }
}

// ---------------------------------------------------------------------------------------
// Random rules and boards.

/// Random choices drawn from a byte string, so proptest shrinks a failing maze by shrinking
/// bytes towards 0 (the first, plainest option of every choice) and dropping them.
struct Dice<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Dice<'_> {
    fn byte(&mut self) -> u8 {
        let b = self.bytes.get(self.at).copied().unwrap_or(0);
        self.at += 1;
        b
    }

    /// A number below `n` (`n >= 1`).
    fn below(&mut self, n: usize) -> usize {
        let wide = u16::from(self.byte()) << 8 | u16::from(self.byte());
        usize::from(wide) % n
    }

    /// True with probability about `percent`/100; false for a zero byte.
    fn chance(&mut self, percent: u8) -> bool {
        self.byte() % 100 >= 100 - percent.min(100)
    }

    fn pick<T: Clone>(&mut self, xs: &[T]) -> T {
        xs[self.below(xs.len())].clone()
    }

    /// A non-empty subset of `xs`, in the order of `xs`.
    fn subset<T: Clone>(&mut self, xs: &[T]) -> Vec<T> {
        let first = self.below(xs.len());
        xs.iter()
            .enumerate()
            .filter(|&(i, _)| i == first || self.chance(30))
            .map(|(_, x)| x.clone())
            .collect()
    }
}

/// What the ordinary cells of a family hold, and how often the other kinds appear
/// (percentages of cells).
#[derive(Clone, Debug, Default)]
struct Palette {
    /// Numbers from `.0` to `.1` (signed offsets when `.0` is below 1).
    numbers: (i16, i16),
    /// Most arrows on one cell.
    arrows: usize,
    /// Turn cells that may stand in for arrows, and how often.
    turns: &'static [Turn],
    turn_pct: u8,
    colours: &'static [&'static str],
    symbols: &'static [&'static str],
    circled: u8,
    wildcard: u8,
    empty: u8,
    /// `0`, `#`, `o` and `.`.
    specials: u8,
    /// A colour some cell must have (the rules name it; see `Family::Memory`).
    must_colour: Option<&'static str>,
}

impl Palette {
    fn numbered(lo: i16, hi: i16) -> Palette {
        Palette {
            numbers: (lo, hi),
            specials: 8,
            ..Palette::default()
        }
    }
}

/// The families of docs/FAMILIES.md (and RULES.md's plain rules), each a template of rules whose
/// details (sub-variant, directions, lengths, register ranges) are drawn at random.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Family {
    /// RULES.md: rook, queen, hex, triangle; sometimes an explicit kind of move.
    Plain,
    /// RULES.md's no-U-turn on any of the above.
    NoUTurn,
    /// Section 1: alternate, toggle, diagonal.
    Switch,
    /// Section 2: wildcards repeat the arriving length, alone or with section 1.
    Wildcard,
    /// Section 3: plain and corners.
    Arrow,
    /// Section 3: reverse (head/tail).
    ArrowReverse,
    /// Section 3: reflector and twist.
    ArrowTurns,
    /// Section 3: colour_alt, colour_rev, colour_seq(m).
    ArrowColour,
    /// Section 4.
    Alice,
    /// Section 5a: plain, diffcolour, flipflop, wildcard pawns.
    Chess,
    /// Section 5b: offset.
    Offset,
    /// Section 5b: cyclic.
    Cyclic,
    /// Section 7: plain, diagonal, nouturn, wildcard.
    Link,
    /// Section 7: alt_sc, alt_circle, toggle_sc, seq3_diag, toggle_diag_nouturn.
    LinkRegisters,
    /// Register variants: direction memory (`Register`, `Reverse`), a colour register set to a
    /// named colour, counters compared and copied.
    Memory,
    /// Registers beyond six: one two-valued register per symbol (seven to nine), set by
    /// landing on a cell of that symbol, whose cells are then refused (no revisits when each
    /// symbol marks one cell).
    NoRevisits,
    /// A cell register (`kind: Cell`): set to the cell moved from or landed on, cleared,
    /// compared (`Held`, `Unset`) and gone back to (`length: To`), beside jumps of the cell's
    /// number, sometimes with a key choice the goal needs.
    Return,
    /// Rules composed at random from every part of the model (registers of every kind, every
    /// direction set, length and flying rule, conditions, effects); those that do not compile
    /// are skipped.
    Composed,
}

impl Family {
    fn square_only(self) -> bool {
        // Orthogonal, Diagonal and Knight exist only on squares.
        matches!(self, Family::Switch | Family::Chess | Family::LinkRegisters)
    }
}

fn s(x: &str) -> String {
    x.to_string()
}

fn reg(name: &str, kind: RegisterKind) -> Register {
    Register {
        name: s(name),
        kind,
        keep: Keep::Everywhere,
        stands_for: None,
    }
}

fn choice(names: &[&str]) -> RegisterKind {
    RegisterKind::Choice(names.iter().map(|n| s(n)).collect())
}

fn counter(min: i32, max: i32, start: Option<i32>) -> RegisterKind {
    RegisterKind::Counter { min, max, start }
}

fn kind(when: Vec<Cond>, dirs: Dirs, length: Length) -> JumpKind {
    JumpKind {
        when,
        dirs,
        length,
        ..JumpKind::default()
    }
}

fn effect(on: Phase, when: Vec<Cond>, ops: Vec<Op>) -> Effect {
    Effect { on, when, ops }
}

fn is(r: &str, v: &str) -> Cond {
    Cond::Is(s(r), s(v))
}

fn not(c: Cond) -> Cond {
    Cond::Not(Box::new(c))
}

fn list(names: &[&str]) -> Dirs {
    Dirs::List(names.iter().map(|n| s(n)).collect())
}

/// "Orthogonal" and "diagonal" of a tiling: the square's, or a split of the six directions.
fn orthogonal(tiling: Tiling) -> Dirs {
    if tiling == Tiling::Square {
        Dirs::Orthogonal
    } else {
        list(&["E", "W"])
    }
}

fn diagonal(tiling: Tiling) -> Dirs {
    if tiling == Tiling::Square {
        Dirs::Diagonal
    } else {
        list(&["NE", "NW", "SW", "SE"])
    }
}

/// A random non-empty list of the tiling's compass directions.
fn some_dirs(d: &mut Dice, tiling: Tiling) -> Dirs {
    let names: &[&str] = if tiling == Tiling::Square {
        &["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
    } else {
        &["E", "NE", "NW", "W", "SW", "SE"]
    };
    Dirs::List(d.subset(names).into_iter().map(s).collect())
}

/// The rules of one family, with the palette of its boards.
fn template(family: Family, tiling: Tiling, d: &mut Dice) -> (JumpRules, Palette) {
    let mut r = JumpRules {
        tiling,
        ..JumpRules::default()
    };
    let square = tiling == Tiling::Square;
    let colours: &'static [&'static str] = &["r", "b", "y"];
    let symbols: &'static [&'static str] = &["C", "E", "S", "X"];
    let palette = match family {
        Family::Plain | Family::NoUTurn => {
            if square && d.chance(40) {
                r.moves = MoveSet::Queen;
            }
            r.no_u_turn = family == Family::NoUTurn;
            match d.below(6) {
                0..=2 => {}
                3 => r.jumps = vec![kind(vec![], some_dirs(d, tiling), Length::Number)],
                4 => r.jumps = vec![kind(vec![], Dirs::Moves, Length::UpToNumber)],
                _ => {
                    let k = 1 + d.below(3) as u32;
                    r.jumps = vec![
                        kind(vec![], Dirs::All, Length::Exactly(k)),
                        kind(vec![Cond::Circled], Dirs::Moves, Length::Number),
                    ];
                }
            }
            Palette {
                circled: 15,
                ..Palette::numbered(1, 5)
            }
        }
        Family::Switch => {
            let length = if d.chance(15) {
                Length::UpToNumber
            } else {
                Length::Number
            };
            match d.below(3) {
                2 => r.jumps = vec![kind(vec![], diagonal(tiling), length)],
                toggle => {
                    r.registers = vec![reg("t", choice(&["orthogonal", "diagonal"]))];
                    r.jumps = vec![
                        kind(
                            vec![is("t", "orthogonal")],
                            orthogonal(tiling),
                            length.clone(),
                        ),
                        kind(vec![is("t", "diagonal")], diagonal(tiling), length),
                    ];
                    let when = if toggle == 1 {
                        vec![Cond::Circled]
                    } else {
                        vec![]
                    };
                    r.effects = vec![effect(Phase::Land, when, vec![Op::Next(s("t"))])];
                }
            }
            Palette {
                circled: 25,
                ..Palette::numbered(1, 5)
            }
        }
        Family::Wildcard => {
            let max = 2 + d.below(5) as i32;
            r.registers = vec![Register {
                keep: Keep::Where(Cond::Wildcard),
                stands_for: Some(Attr::Number),
                ..reg("L", counter(1, max, None))
            }];
            r.effects = vec![effect(
                Phase::Land,
                vec![Cond::Wildcard],
                vec![Op::Set(s("L"), Value::Length)],
            )];
            if square && d.chance(30) {
                r.moves = MoveSet::Queen;
            }
            let switch = d.below(3);
            if switch > 0 {
                r.registers
                    .push(reg("t", choice(&["orthogonal", "diagonal"])));
                r.jumps = vec![
                    kind(
                        vec![is("t", "orthogonal")],
                        orthogonal(tiling),
                        Length::Number,
                    ),
                    kind(vec![is("t", "diagonal")], diagonal(tiling), Length::Number),
                ];
                let when = if switch == 2 {
                    vec![Cond::Circled]
                } else {
                    vec![]
                };
                r.effects
                    .push(effect(Phase::Land, when, vec![Op::Next(s("t"))]));
            }
            Palette {
                wildcard: 18,
                circled: 20,
                ..Palette::numbered(1, 4)
            }
        }
        Family::Arrow | Family::ArrowReverse | Family::ArrowTurns => {
            r.cells = vec![Attr::Arrows];
            let any = Length::Any;
            let mut p = Palette {
                arrows: if d.chance(30) { 2 } else { 1 },
                specials: 4,
                ..Palette::default()
            };
            match family {
                Family::Arrow => {
                    r.jumps = vec![kind(vec![], Dirs::Arrows, any)];
                    if d.chance(40) {
                        r.goal = GoalKind::Cells;
                    }
                }
                Family::ArrowReverse => {
                    r.registers = vec![reg("p", choice(&["head", "tail"]))];
                    r.jumps = vec![
                        kind(vec![is("p", "head")], Dirs::Arrows, any.clone()),
                        kind(vec![is("p", "tail")], Dirs::ReverseArrows, any),
                    ];
                    r.effects = vec![effect(Phase::Land, vec![], vec![Op::Next(s("p"))])];
                    if d.chance(20) {
                        r.goal = GoalKind::Cells;
                    }
                }
                _ => {
                    r.registers = vec![Register {
                        keep: Keep::Where(Cond::Turn),
                        ..reg("a", RegisterKind::Direction)
                    }];
                    r.jumps = vec![
                        kind(vec![not(Cond::Turn)], Dirs::Arrows, any.clone()),
                        kind(vec![Cond::Turn], Dirs::Turned(s("a")), any),
                    ];
                    r.effects = vec![effect(
                        Phase::Land,
                        vec![],
                        vec![Op::Set(s("a"), Value::Direction)],
                    )];
                    p.turns = if d.chance(50) {
                        &[Turn::Reflect]
                    } else {
                        &[Turn::Clockwise, Turn::Anticlockwise, Turn::Reflect]
                    };
                    p.turn_pct = 25;
                }
            }
            p
        }
        Family::ArrowColour => {
            r.cells = if d.chance(50) {
                vec![Attr::Arrows, Attr::Colour]
            } else {
                vec![Attr::Colour, Attr::Arrows]
            };
            let any = Length::Any;
            match d.below(3) {
                0 => {
                    r.jumps = vec![JumpKind {
                        land: vec![Cond::OtherColour],
                        ..kind(vec![], Dirs::Arrows, any)
                    }];
                }
                1 => {
                    r.registers = vec![reg("m", choice(&["head", "tail"]))];
                    r.jumps = vec![
                        JumpKind {
                            land: vec![Cond::OtherColour],
                            ..kind(vec![is("m", "head")], Dirs::Arrows, any.clone())
                        },
                        JumpKind {
                            land: vec![Cond::OtherColour],
                            ..kind(vec![is("m", "tail")], Dirs::ReverseArrows, any)
                        },
                    ];
                    r.effects = vec![effect(
                        Phase::Leave,
                        vec![Cond::Circled],
                        vec![Op::Next(s("m"))],
                    )];
                }
                _ => {
                    let m = 2 + d.below(2) as i32;
                    r.registers = vec![reg("a", counter(1, m, None))];
                    r.jumps = vec![JumpKind {
                        land: vec![Cond::Any(vec![
                            Cond::Goal,
                            Cond::All(vec![Cond::SameColour, Cond::Lt(s("a"), m)]),
                            Cond::All(vec![Cond::OtherColour, Cond::Eq(s("a"), m)]),
                        ])],
                        ..kind(vec![], Dirs::Arrows, any)
                    }];
                    r.effects = vec![
                        effect(
                            Phase::Land,
                            vec![Cond::SameColour],
                            vec![Op::Add(s("a"), Value::Int(1))],
                        ),
                        effect(
                            Phase::Land,
                            vec![Cond::OtherColour],
                            vec![Op::Set(s("a"), Value::Int(1))],
                        ),
                    ];
                }
            }
            Palette {
                arrows: 1 + usize::from(d.chance(25)),
                colours: &["R", "B"],
                circled: 20,
                specials: 3,
                ..Palette::default()
            }
        }
        Family::Alice => {
            r.cells = vec![Attr::Colour, Attr::Arrows];
            let max = 2 + d.below(6) as i32;
            r.registers = vec![reg("d", counter(0, max, Some(1)))];
            r.jumps = vec![kind(vec![], Dirs::Arrows, Length::Register(s("d")))];
            r.effects = vec![
                effect(
                    Phase::Land,
                    vec![Cond::Colour(s("r"))],
                    vec![Op::Add(s("d"), Value::Int(1))],
                ),
                effect(
                    Phase::Land,
                    vec![Cond::Colour(s("y"))],
                    vec![Op::Add(s("d"), Value::Int(-1))],
                ),
            ];
            Palette {
                arrows: 3,
                colours,
                empty: 15,
                specials: 3,
                ..Palette::default()
            }
        }
        Family::Chess => {
            let variant = d.below(4);
            r.cells = if variant == 1 || variant == 2 {
                vec![Attr::Piece, Attr::Colour]
            } else {
                vec![Attr::Piece]
            };
            let piece = |p: Piece| vec![Cond::Piece(p)];
            let slide = Length::First;
            let mut kinds = vec![
                kind(piece(Piece::King), Dirs::All, Length::Exactly(1)),
                kind(piece(Piece::Knight), Dirs::Knight, Length::Exactly(1)),
                JumpKind {
                    over: Over::Empty,
                    ..kind(piece(Piece::Rook), Dirs::Orthogonal, slide.clone())
                },
                JumpKind {
                    over: Over::Empty,
                    ..kind(piece(Piece::Bishop), Dirs::Diagonal, slide.clone())
                },
                JumpKind {
                    over: Over::Empty,
                    ..kind(piece(Piece::Queen), Dirs::All, slide)
                },
            ];
            match variant {
                1 => {
                    for k in &mut kinds {
                        k.land.push(Cond::OtherColour);
                    }
                }
                2 => {
                    // Flipflop: colours come in runs of exactly two, the goal's too.
                    r.registers = vec![reg("q", counter(1, 2, None))];
                    for k in &mut kinds {
                        k.land.push(Cond::Any(vec![
                            Cond::All(vec![Cond::SameColour, Cond::Lt(s("q"), 2)]),
                            Cond::All(vec![Cond::OtherColour, Cond::Eq(s("q"), 2)]),
                        ]));
                    }
                    r.effects = vec![
                        effect(
                            Phase::Land,
                            vec![Cond::SameColour],
                            vec![Op::Add(s("q"), Value::Int(1))],
                        ),
                        effect(
                            Phase::Land,
                            vec![Cond::OtherColour],
                            vec![Op::Set(s("q"), Value::Int(1))],
                        ),
                    ];
                }
                3 => {
                    r.registers = vec![Register {
                        keep: Keep::Where(Cond::Piece(Piece::Pawn)),
                        stands_for: Some(Attr::Piece),
                        ..reg("p", RegisterKind::Piece)
                    }];
                    r.effects = vec![effect(
                        Phase::Land,
                        vec![Cond::Piece(Piece::Pawn)],
                        vec![Op::Set(s("p"), Value::Piece)],
                    )];
                }
                _ => {}
            }
            r.jumps = kinds;
            Palette {
                colours: &["w", "b", "g"],
                empty: 35,
                specials: 3,
                ..Palette::default()
            }
        }
        Family::Offset => {
            let max = 3 + d.below(7) as i32;
            r.registers = vec![reg("J", counter(0, max, None))];
            let dirs = if square {
                d.pick(&[list(&["E", "W"]), Dirs::Orthogonal, Dirs::Moves])
            } else {
                Dirs::All
            };
            r.jumps = vec![kind(vec![], dirs, Length::Register(s("J")))];
            let mut leave = vec![Op::Add(s("J"), Value::Number)];
            // Arithmetic beyond `Add`, after it or alone, and values of the landing cell.
            if d.chance(50) {
                let k = Value::Int(d.below(4) as i32);
                let n = Value::Number;
                let op = match d.below(7) {
                    0 => Op::Sub(s("J"), d.pick(&[k, n])),
                    1 => Op::Mul(s("J"), Value::Int(d.below(3) as i32 - 1)),
                    2 => Op::Mod(s("J"), d.pick(&[k, n])),
                    3 => Op::Min(s("J"), d.pick(&[k, n])),
                    4 => Op::Max(s("J"), d.pick(&[k, n])),
                    5 => Op::Neg(s("J")),
                    _ => Op::Set(s("J"), Value::Number),
                };
                leave.push(op);
            }
            r.effects = vec![effect(Phase::Leave, vec![], leave)];
            if d.chance(40) {
                let landing = Value::Landing(Attr::Number);
                let op = match d.below(4) {
                    0 => Op::Set(s("J"), landing),
                    1 => Op::Min(s("J"), landing),
                    2 => Op::Max(s("J"), landing),
                    _ => Op::Sub(s("J"), landing),
                };
                r.effects.push(effect(Phase::Land, vec![], vec![op]));
            }
            Palette::numbered(-3, 3)
        }
        Family::Cyclic => {
            r.cells = vec![];
            let n = 1 + d.below(3);
            let lengths: Vec<u32> = (0..n).map(|_| 1 + d.below(3) as u32).collect();
            r.registers = vec![reg("i", counter(0, n as i32 - 1, None))];
            let dirs = if square { Dirs::Orthogonal } else { Dirs::All };
            r.jumps = vec![kind(vec![], dirs.clone(), Length::Cycle(s("i"), lengths))];
            r.effects = vec![effect(Phase::Land, vec![], vec![Op::Next(s("i"))])];
            // Ice: a slide to the last cell before an obstacle, alone or beside the cycle.
            if d.chance(40) {
                let over = d.pick(&[Over::Flyable, Over::Flyable, Over::Occupied]);
                let slide = JumpKind {
                    over,
                    ..kind(vec![], dirs, Length::Slide)
                };
                if d.chance(50) {
                    r.registers.clear();
                    r.effects.clear();
                    r.jumps = vec![slide];
                } else {
                    r.jumps.push(slide);
                }
            }
            Palette {
                specials: 22,
                circled: 5,
                ..Palette::default()
            }
        }
        Family::Link | Family::LinkRegisters => {
            r.cells = vec![Attr::Symbol, Attr::Colour];
            let ray = |when: Vec<Cond>, dirs: Dirs, land: Vec<Cond>| JumpKind {
                when,
                dirs,
                length: Length::Any,
                over: Over::Occupied,
                land,
            };
            let matches = || Cond::Any(vec![Cond::SameSymbol, Cond::SameColour, Cond::Wildcard]);
            let by_symbol = || Cond::Any(vec![Cond::SameSymbol, Cond::Wildcard]);
            let by_colour = || Cond::Any(vec![Cond::SameColour, Cond::Wildcard]);
            let dirs = if d.chance(30) || !square {
                Dirs::All
            } else {
                Dirs::Orthogonal
            };
            let mut circled = 0;
            if family == Family::Link {
                r.jumps = vec![ray(vec![], dirs, vec![matches()])];
                match d.below(4) {
                    1 => r.no_u_turn = true,
                    2 | 3 => {
                        r.registers = vec![
                            Register {
                                keep: Keep::Where(Cond::Wildcard),
                                stands_for: Some(Attr::Symbol),
                                ..reg("s", RegisterKind::Symbol)
                            },
                            Register {
                                keep: Keep::Where(Cond::Wildcard),
                                stands_for: Some(Attr::Colour),
                                ..reg("c", RegisterKind::Colour)
                            },
                        ];
                        r.effects = vec![effect(
                            Phase::Land,
                            vec![Cond::Wildcard],
                            vec![
                                Op::Set(s("s"), Value::Symbol),
                                Op::Set(s("c"), Value::Colour),
                            ],
                        )];
                        r.no_u_turn = d.chance(30);
                    }
                    _ => {}
                }
            } else {
                match d.below(5) {
                    0 | 2 => {
                        // alt_sc (moves alternate), toggle_sc (circled cells flip the mode).
                        r.registers = vec![reg("k", choice(&["symbol", "colour"]))];
                        r.jumps = vec![
                            ray(vec![is("k", "symbol")], dirs.clone(), vec![by_symbol()]),
                            ray(vec![is("k", "colour")], dirs, vec![by_colour()]),
                        ];
                        r.effects = if d.chance(50) {
                            vec![effect(Phase::Land, vec![], vec![Op::Next(s("k"))])]
                        } else {
                            circled = 30;
                            vec![effect(
                                Phase::Leave,
                                vec![Cond::Circled],
                                vec![Op::Next(s("k"))],
                            )]
                        };
                        r.no_u_turn = d.chance(30);
                    }
                    1 => {
                        // alt_circle: a free first move, then circled and plain alternate.
                        circled = 35;
                        r.registers = vec![reg("k", choice(&["free", "circled", "plain"]))];
                        r.jumps = vec![
                            ray(vec![is("k", "free")], dirs.clone(), vec![matches()]),
                            ray(
                                vec![is("k", "circled")],
                                dirs.clone(),
                                vec![matches(), Cond::Any(vec![Cond::Circled, Cond::Goal])],
                            ),
                            ray(
                                vec![is("k", "plain")],
                                dirs,
                                vec![matches(), not(Cond::Circled)],
                            ),
                        ];
                        r.effects = vec![
                            effect(
                                Phase::Land,
                                vec![Cond::Circled],
                                vec![Op::Set(s("k"), Value::Name(s("plain")))],
                            ),
                            effect(
                                Phase::Land,
                                vec![not(Cond::Circled)],
                                vec![Op::Set(s("k"), Value::Name(s("circled")))],
                            ),
                        ];
                    }
                    3 => {
                        // seq3_diag: blocks of three orthogonal, three diagonal moves.
                        r.registers = vec![reg("n", counter(0, 5, None))];
                        r.jumps = vec![
                            ray(vec![Cond::Lt(s("n"), 3)], Dirs::Orthogonal, vec![matches()]),
                            ray(vec![Cond::Gt(s("n"), 2)], Dirs::Diagonal, vec![matches()]),
                        ];
                        r.effects = vec![effect(Phase::Land, vec![], vec![Op::Next(s("n"))])];
                    }
                    _ => {
                        // toggle_diag_nouturn.
                        circled = 30;
                        r.registers = vec![reg("t", choice(&["orthogonal", "diagonal"]))];
                        r.jumps = vec![
                            ray(
                                vec![is("t", "orthogonal")],
                                Dirs::Orthogonal,
                                vec![matches()],
                            ),
                            ray(vec![is("t", "diagonal")], Dirs::Diagonal, vec![matches()]),
                        ];
                        r.effects = vec![effect(
                            Phase::Leave,
                            vec![Cond::Circled],
                            vec![Op::Next(s("t"))],
                        )];
                        r.no_u_turn = true;
                    }
                }
            }
            Palette {
                colours: &["p", "b", "o"],
                symbols,
                circled,
                wildcard: 8,
                empty: 15,
                specials: 3,
                ..Palette::default()
            }
        }
        Family::Composed => composed(&mut r, d),
        Family::Return => {
            r.registers = vec![reg("back", RegisterKind::Cell)];
            let over = d.pick(&[Over::Flyable, Over::Flyable, Over::Occupied]);
            let dirs = d.pick(&[Dirs::Moves, Dirs::All]);
            let mut back = JumpKind {
                over,
                ..kind(vec![], dirs, Length::To(s("back")))
            };
            let mut jump = kind(vec![], Dirs::Moves, Length::Number);
            if d.chance(30) {
                back.when = vec![d.pick(&[Cond::Circled, not(Cond::Circled)])];
            }
            if d.chance(30) {
                // No jump onto the cell held: only the move back lands there.
                jump.land = vec![not(Cond::Held(s("back")))];
            }
            let store = d.pick(&[Value::Cell, Value::Cell, Value::LandingCell]);
            let when = if d.chance(40) {
                vec![d.pick(&[Cond::Circled, Cond::Unset(s("back"))])]
            } else {
                vec![]
            };
            r.effects = vec![effect(Phase::Land, when, vec![Op::Set(s("back"), store)])];
            if d.chance(40) {
                // Arriving on the cell held empties it (the move back is spent).
                r.effects.insert(
                    0,
                    effect(
                        Phase::Land,
                        vec![Cond::Held(s("back"))],
                        vec![Op::Clear(s("back"))],
                    ),
                );
            }
            if d.chance(20) {
                r.effects.push(effect(
                    Phase::Leave,
                    vec![Cond::Circled],
                    vec![Op::Set(s("back"), Value::Cell)],
                ));
            }
            if d.chance(50) {
                r.registers.push(reg("key", choice(&["no", "yes"])));
                r.effects.push(effect(
                    Phase::Land,
                    vec![Cond::Circled],
                    vec![Op::Set(s("key"), Value::Name(s("yes")))],
                ));
                jump.land
                    .push(Cond::Any(vec![not(Cond::Goal), is("key", "yes")]));
            }
            r.jumps = vec![jump, back];
            Palette {
                circled: 20,
                ..Palette::numbered(1, 3)
            }
        }
        Family::NoRevisits => {
            const NAMES: [&str; 9] = ["A", "B", "C", "D", "E", "F", "H", "I", "J"];
            let names = &NAMES[..7 + d.below(3)];
            r.cells = vec![Attr::Number, Attr::Symbol];
            for (i, name) in names.iter().enumerate() {
                // Sometimes the first starts set, as the start cell's register does.
                let start = (i == 0 && d.chance(50)).then_some(1);
                r.registers.push(reg(name, counter(0, 1, start)));
                r.effects.push(effect(
                    Phase::Land,
                    vec![Cond::Symbol(s(name))],
                    vec![Op::Set(s(name), Value::Int(1))],
                ));
            }
            let refused = names
                .iter()
                .map(|n| not(Cond::All(vec![Cond::Symbol(s(n)), Cond::Eq(s(n), 1)])))
                .collect();
            r.jumps = vec![JumpKind {
                land: refused,
                ..kind(vec![], Dirs::Moves, Length::Number)
            }];
            Palette {
                symbols: names,
                ..Palette::numbered(1, 3)
            }
        }
        Family::Memory => match d.below(4) {
            0 | 1 => {
                // Keep going (or bounce back) unless on a circled cell.
                r.registers = vec![reg("a", RegisterKind::Direction)];
                let follow = if d.below(2) == 0 {
                    Dirs::Register(s("a"))
                } else {
                    Dirs::Reverse(s("a"))
                };
                r.jumps = vec![
                    kind(vec![Cond::Circled], Dirs::Moves, Length::Number),
                    kind(vec![not(Cond::Circled)], follow, Length::UpToNumber),
                ];
                r.effects = vec![effect(
                    Phase::Land,
                    vec![],
                    vec![Op::Set(s("a"), Value::Direction)],
                )];
                Palette {
                    circled: 40,
                    ..Palette::numbered(1, 4)
                }
            }
            2 => {
                // A colour register remembers the colour left, or is set to a named colour. The
                // name is one the board has: a name no cell has makes states the engine and
                // the walker both miss (reported as a bug, reproduction in the report).
                r.cells = vec![Attr::Symbol, Attr::Colour];
                r.registers = vec![reg("c", RegisterKind::Colour)];
                r.jumps = vec![
                    JumpKind {
                        over: Over::Occupied,
                        land: vec![Cond::Any(vec![Cond::SameSymbol, Cond::SameColour])],
                        ..kind(vec![not(is("c", "b"))], Dirs::All, Length::Any)
                    },
                    kind(vec![is("c", "b")], Dirs::All, Length::Exactly(1)),
                ];
                r.effects = vec![
                    effect(Phase::Land, vec![], vec![Op::Set(s("c"), Value::Colour)]),
                    effect(
                        Phase::Land,
                        vec![Cond::Circled],
                        vec![Op::Set(s("c"), Value::Name(s("b")))],
                    ),
                ];
                Palette {
                    colours: &["p", "b"],
                    symbols: &["C", "E"],
                    circled: 20,
                    empty: 10,
                    specials: 3,
                    must_colour: Some("b"),
                    ..Palette::default()
                }
            }
            _ => {
                // Counters compared and copied; one dropped on circled cells.
                let start = d.below(4) as i32;
                r.registers = vec![
                    reg("n", counter(0, 3, Some(start))),
                    Register {
                        keep: Keep::Where(not(Cond::Circled)),
                        ..reg("m", counter(0, 3, None))
                    },
                ];
                r.jumps = vec![
                    kind(vec![Cond::Lt(s("n"), 2)], Dirs::Moves, Length::Number),
                    kind(
                        vec![Cond::Any(vec![Cond::Gt(s("n"), 1), Cond::Eq(s("m"), 3)])],
                        Dirs::All,
                        Length::Exactly(1),
                    ),
                ];
                r.effects = vec![
                    effect(
                        Phase::Land,
                        vec![Cond::Circled],
                        vec![Op::Add(s("n"), Value::Int(1))],
                    ),
                    effect(
                        Phase::Land,
                        vec![],
                        vec![Op::Set(s("m"), Value::Register(s("n")))],
                    ),
                ];
                Palette {
                    circled: 30,
                    ..Palette::numbered(1, 4)
                }
            }
        },
    };
    (r, palette)
}

/// Random rules from every part of the model, on `r`'s tiling; the palette of their boards.
/// Each part is drawn among those the schema and the registers drawn so far make meaningful,
/// so that most compile.
fn composed(r: &mut JumpRules, d: &mut Dice) -> Palette {
    let square = r.tiling == Tiling::Square;
    if square && d.chance(30) {
        r.moves = MoveSet::Queen;
    }
    r.cells = if d.chance(85) {
        vec![Attr::Number]
    } else {
        vec![]
    };
    for a in [Attr::Arrows, Attr::Colour, Attr::Symbol, Attr::Piece] {
        if d.chance(25) {
            r.cells.insert(d.below(r.cells.len() + 1), a);
        }
    }
    let has = |r: &JumpRules, a: Attr| r.cells.contains(&a);
    let names = ["r0", "r1", "r2"];
    for name in names.iter().take(d.below(4)) {
        let mut kinds = vec![
            choice(&["a", "b", "c"][..2 + d.below(2)]),
            {
                let min = d.below(3) as i32 - 1;
                let max = min + d.below(5) as i32;
                let start = d
                    .chance(30)
                    .then(|| min + d.below((max - min + 1) as usize) as i32);
                counter(min, max, start)
            },
            RegisterKind::Direction,
            RegisterKind::Cell,
        ];
        for (a, k) in [
            (Attr::Colour, RegisterKind::Colour),
            (Attr::Symbol, RegisterKind::Symbol),
            (Attr::Piece, RegisterKind::Piece),
        ] {
            if has(r, a) {
                kinds.push(k);
            }
        }
        let kind = d.pick(&kinds);
        let keep = if d.chance(30) {
            Keep::Where(cell_cond(d, r, 1))
        } else {
            Keep::Everywhere
        };
        let stands_for = match (&kind, &keep) {
            (_, Keep::Everywhere) => None,
            (RegisterKind::Counter { .. }, _) if d.chance(50) => Some(Attr::Number),
            (RegisterKind::Colour, _) if d.chance(50) => Some(Attr::Colour),
            (RegisterKind::Symbol, _) if d.chance(50) => Some(Attr::Symbol),
            (RegisterKind::Piece, _) if d.chance(50) => Some(Attr::Piece),
            _ => None,
        };
        r.registers.push(Register {
            name: s(name),
            kind,
            keep,
            stands_for,
        });
    }
    let is_counter = |k: &RegisterKind| matches!(k, RegisterKind::Counter { .. });
    let is_direction = |k: &RegisterKind| *k == RegisterKind::Direction;
    for _ in 0..1 + d.below(3) {
        let mut dirs = vec![Dirs::Moves, Dirs::All, some_dirs(d, r.tiling)];
        if square {
            dirs.extend([Dirs::Orthogonal, Dirs::Diagonal, Dirs::Knight]);
        }
        if has(r, Attr::Arrows) {
            dirs.extend([Dirs::Arrows, Dirs::ReverseArrows]);
        }
        if let Some(a) = register_of(d, r, is_direction) {
            dirs.extend([Dirs::Register(a.clone()), Dirs::Reverse(a.clone())]);
            if has(r, Attr::Arrows) {
                dirs.push(Dirs::Turned(a));
            }
        }
        let dirs = d.pick(&dirs);
        let mut lengths = vec![Length::Any, Length::Exactly(1 + d.below(3) as u32)];
        if has(r, Attr::Number) {
            lengths.extend([Length::Number, Length::Number, Length::UpToNumber]);
        }
        if let Some(c) = register_of(d, r, is_counter) {
            let cycle = (0..1 + d.below(3)).map(|_| 1 + d.below(3) as u32).collect();
            lengths.extend([Length::Register(c.clone()), Length::Cycle(c, cycle)]);
        }
        if let Some(c) = register_of(d, r, |k| *k == RegisterKind::Cell) {
            lengths.push(Length::To(c));
        }
        let over = d.pick(&[Over::Flyable, Over::Flyable, Over::Empty, Over::Occupied]);
        if over != Over::Flyable {
            lengths.push(Length::First);
        }
        let mut length = d.pick(&lengths);
        if dirs == Dirs::Knight
            && matches!(
                length,
                Length::Any | Length::UpToNumber | Length::First | Length::To(_)
            )
        {
            length = Length::Exactly(1);
        }
        let when = (0..d.below(2)).map(|_| cond(d, r, false, 2)).collect();
        let land = (0..d.below(3)).map(|_| cond(d, r, true, 2)).collect();
        r.jumps.push(JumpKind {
            when,
            dirs,
            length,
            over,
            land,
        });
    }
    for _ in 0..d.below(4) {
        if r.registers.is_empty() {
            break;
        }
        let on = if d.chance(50) {
            Phase::Land
        } else {
            Phase::Leave
        };
        let landing = on == Phase::Land;
        let when = (0..d.below(2)).map(|_| cond(d, r, landing, 1)).collect();
        let ops = (0..1 + d.below(2)).map(|_| op(d, r, landing)).collect();
        r.effects.push(effect(on, when, ops));
    }
    r.no_u_turn = d.chance(15);
    Palette {
        numbers: if d.chance(20) { (-2, 3) } else { (1, 4) },
        arrows: 2,
        turns: &[Turn::Reflect, Turn::Clockwise, Turn::Anticlockwise],
        turn_pct: 15,
        colours: &["r", "b"],
        symbols: &["C", "E"],
        circled: 20,
        wildcard: 8,
        empty: 10,
        specials: 8,
        must_colour: None,
    }
}

/// A few direction names of the tiling.
fn some_names(tiling: Tiling) -> &'static [&'static str] {
    if tiling == Tiling::Square {
        &["N", "E", "NE", "W"]
    } else {
        &["E", "NE", "W", "SW"]
    }
}

/// The name of a random register of a kind `fits` allows, if there is one.
fn register_of(
    d: &mut Dice,
    r: &JumpRules,
    fits: impl Fn(&RegisterKind) -> bool,
) -> Option<String> {
    let fitting: Vec<&Register> = r.registers.iter().filter(|g| fits(&g.kind)).collect();
    (!fitting.is_empty()).then(|| fitting[d.below(fitting.len())].name.clone())
}

/// A condition on the cell alone, about attributes the schema has.
fn cell_cond(d: &mut Dice, r: &JumpRules, depth: usize) -> Cond {
    let mut conds = vec![Cond::Circled, Cond::Wildcard, Cond::Goal];
    for (a, c) in [
        (Attr::Arrows, Cond::Turn),
        (Attr::Piece, Cond::Piece(d.pick(&Piece::ALL))),
        (Attr::Colour, Cond::Colour(s(d.pick(&["r", "b"])))),
        (Attr::Symbol, Cond::Symbol(s(d.pick(&["C", "E"])))),
    ] {
        if r.cells.contains(&a) {
            conds.push(c);
        }
    }
    match d.below(4) {
        0 if depth > 0 => not(cell_cond(d, r, depth - 1)),
        1 if depth > 0 => Cond::Any(vec![cell_cond(d, r, depth - 1), cell_cond(d, r, depth - 1)]),
        _ => d.pick(&conds),
    }
}

/// A condition of a kind's `when` (or a leaving effect), or of its `land` (or a landing
/// effect) when `landing`.
fn cond(d: &mut Dice, r: &JumpRules, landing: bool, depth: usize) -> Cond {
    let mut conds = vec![cell_cond(d, r, 1)];
    if let Some(name) = register_of(d, r, |_| true) {
        let kind = r.registers.iter().find(|g| g.name == name).map(|g| &g.kind);
        conds.push(match kind {
            Some(RegisterKind::Counter { min, max, .. }) => {
                let v = min + d.below((max - min + 2) as usize) as i32;
                d.pick(&[
                    Cond::Eq(name.clone(), v),
                    Cond::Lt(name.clone(), v),
                    Cond::Gt(name, v),
                ])
            }
            Some(RegisterKind::Choice(values)) => Cond::Is(name, d.pick(values)),
            Some(RegisterKind::Direction) => Cond::Is(name, s(d.pick(some_names(r.tiling)))),
            Some(RegisterKind::Piece) => Cond::Is(name, s(d.pick(&["K", "N", "P"]))),
            Some(RegisterKind::Colour) => Cond::Is(name, s(d.pick(&["r", "b"]))),
            Some(RegisterKind::Cell) if d.chance(70) => Cond::Held(name),
            Some(RegisterKind::Cell) => Cond::Unset(name),
            _ => Cond::Is(name, s(d.pick(&["C", "E"]))),
        });
        // Registers are read more often than cells, so that few are "never read".
        conds.push(conds[1].clone());
    }
    if landing {
        if r.cells.contains(&Attr::Colour) {
            conds.extend([Cond::SameColour, Cond::OtherColour]);
        }
        if r.cells.contains(&Attr::Symbol) {
            conds.push(Cond::SameSymbol);
        }
        if let Some(a) = register_of(d, r, |k| *k == RegisterKind::Direction) {
            conds.push(Cond::Opposite(a));
        }
    }
    match d.below(6) {
        0 if depth > 0 => not(cond(d, r, landing, depth - 1)),
        1 if depth > 0 => Cond::Any(vec![
            cond(d, r, landing, depth - 1),
            cond(d, r, landing, depth - 1),
        ]),
        2 if depth > 0 => Cond::All(vec![
            cond(d, r, landing, depth - 1),
            cond(d, r, landing, depth - 1),
        ]),
        _ => d.pick(&conds),
    }
}

/// An operation on a register, with a value its kind can hold.
fn op(d: &mut Dice, r: &JumpRules, landing: bool) -> Op {
    let g = &r.registers[d.below(r.registers.len())];
    let name = g.name.clone();
    let number = r.cells.contains(&Attr::Number);
    let counter_value = |d: &mut Dice| match d.below(4) {
        1 if number => Value::Number,
        2 if landing => Value::Length,
        3 => match register_of(d, r, |k| matches!(k, RegisterKind::Counter { .. })) {
            Some(c) => Value::Register(c),
            None => Value::Int(1),
        },
        _ => Value::Int(d.below(5) as i32 - 2),
    };
    match &g.kind {
        RegisterKind::Counter { .. } => match d.below(3) {
            0 => Op::Next(name),
            1 => Op::Add(name, counter_value(d)),
            _ => Op::Set(name, counter_value(d)),
        },
        RegisterKind::Choice(values) => {
            if d.chance(50) {
                Op::Next(name)
            } else {
                Op::Set(name, Value::Name(d.pick(values)))
            }
        }
        RegisterKind::Direction => {
            let v = match d.below(3) {
                0 if landing => Value::Direction,
                1 => Value::Name(s(d.pick(some_names(r.tiling)))),
                _ => Value::Register(
                    register_of(d, r, |k| *k == RegisterKind::Direction).unwrap_or(name.clone()),
                ),
            };
            Op::Set(name, v)
        }
        RegisterKind::Piece => {
            let v = if d.chance(50) {
                Value::Piece
            } else {
                Value::Name(s(d.pick(&["K", "Q", "R", "B", "N", "P"])))
            };
            Op::Set(name, v)
        }
        // A colour or symbol register set to a name no cell has is a known bug (see
        // `Family::Memory`): only the cells' own values here.
        RegisterKind::Colour => Op::Set(name, Value::Colour),
        RegisterKind::Symbol => Op::Set(name, Value::Symbol),
        RegisterKind::Cell => match d.below(3) {
            0 => Op::Set(name, Value::Cell),
            1 if landing => Op::Set(name, Value::LandingCell),
            _ => Op::Clear(name),
        },
    }
}

fn tiling_dirs(tiling: Tiling) -> usize {
    if tiling == Tiling::Square { 8 } else { 6 }
}

/// An ordinary cell holding every attribute of `schema`.
fn ordinary(d: &mut Dice, p: &Palette, schema: &[Attr], tiling: Tiling) -> Cell {
    let mut cell = Cell::of(Kind::Ordinary);
    for attr in schema {
        match attr {
            Attr::Number => {
                let (lo, hi) = p.numbers;
                let (lo, hi) = if hi < lo { (1, 3) } else { (lo, hi) };
                cell.number = Some(lo + d.below((hi - lo + 1) as usize) as i16);
            }
            Attr::Arrows => {
                if !p.turns.is_empty() && d.chance(p.turn_pct) {
                    cell.turn = Some(d.pick(p.turns));
                } else {
                    let n = tiling_dirs(tiling);
                    for _ in 0..1 + d.below(p.arrows.max(1)) {
                        cell.arrows.insert(d.below(n) as u8);
                    }
                }
            }
            Attr::Colour => {
                let names = if p.colours.is_empty() {
                    &["r", "b"][..]
                } else {
                    p.colours
                };
                cell.colour = Tag::new(d.pick(names));
            }
            Attr::Symbol => {
                let names = if p.symbols.is_empty() {
                    &["A", "B"][..]
                } else {
                    p.symbols
                };
                cell.symbol = Tag::new(d.pick(names));
            }
            Attr::Piece => cell.piece = Some(d.pick(&Piece::ALL)),
            // Pairs are placed on the finished board (`teleports`).
            Attr::Teleport => {}
        }
    }
    cell.circled = d.chance(p.circled);
    cell
}

fn any_cell(d: &mut Dice, p: &Palette, schema: &[Attr], tiling: Tiling) -> Cell {
    let roll = d.below(100) as u8;
    let mut edge = p.specials;
    if roll < edge {
        return Cell::of(d.pick(&[Kind::DeadEnd, Kind::Blocked, Kind::Hole, Kind::Void]));
    }
    edge += p.empty;
    if roll < edge {
        return Cell::EMPTY;
    }
    edge += p.wildcard;
    if roll < edge {
        let mut cell = Cell::of(Kind::Ordinary);
        cell.wildcard = true;
        cell.circled = d.chance(p.circled);
        return cell;
    }
    ordinary(d, p, schema, tiling)
}

/// A random maze of `family`: the family's rules on a 2x2 to 6x6 board of any tiling the
/// family allows, sometimes on a torus, with walls, or with an exit goal.
fn random_maze(family: Family, shape: (u8, usize, usize, u8, u8), bytes: &[u8]) -> JumpingMaze {
    let (t, mut rows, mut cols, torus, exit) = shape;
    let d = &mut Dice { bytes, at: 0 };
    let tiling = match t {
        _ if family.square_only() => Tiling::Square,
        0..=5 => Tiling::Square,
        6 | 7 => Tiling::Hex,
        _ => Tiling::Triangle,
    };
    let torus = torus < 20;
    // A hex torus needs even rows, a triangle torus even rows and columns (RULES.md).
    if torus && tiling != Tiling::Square {
        rows += rows % 2;
        if tiling == Tiling::Triangle {
            cols += cols % 2;
        }
    }
    let (mut rules, palette) = template(family, tiling, d);
    rules.torus = torus;
    if exit < 15 {
        rules.goal = GoalKind::Exit;
    } else if exit < 22 {
        rules.goal = GoalKind::Cells;
    }
    // Any family may also forbid U-turns.
    if !rules.no_u_turn && family != Family::Plain && d.chance(12) {
        rules.no_u_turn = true;
    }
    let schema = rules.cells.clone();
    let n = rows * cols;
    let mut cells: Vec<Cell> = (0..n)
        .map(|_| any_cell(d, &palette, &schema, tiling))
        .collect();
    let start = d.below(n);
    cells[start] = ordinary(d, &palette, &schema, tiling);
    let goals = match rules.goal {
        GoalKind::Exit => 0,
        GoalKind::Cell => 1,
        GoalKind::Cells => 1 + d.below(3),
    };
    for _ in 0..goals {
        let g = (start + 1 + d.below(n - 1)) % n;
        // A goal holds nothing, or (without numbers: a goal has none) every attribute.
        let mut goal = if schema.contains(&Attr::Number) || schema.is_empty() || d.chance(50) {
            Cell::GOAL
        } else {
            ordinary(d, &palette, &schema, tiling).into_goal()
        };
        goal.circled = d.chance(palette.circled / 2);
        cells[g] = goal;
    }
    if let Some(name) = palette.must_colour
        && !cells.iter().any(|c| c.colour == Tag::new(name))
    {
        cells[start].colour = Tag::new(name);
    }
    let walls = if d.chance(30) {
        (0..1 + d.below(6))
            .filter_map(|_| {
                let i = d.below(n);
                let a = (i / cols, i % cols);
                let neighbours = tiling.edge_neighbours((a.0 as i64, a.1 as i64));
                let (r, c) = neighbours[d.below(neighbours.len())];
                let (r, c) = if torus {
                    (r.rem_euclid(rows as i64), c.rem_euclid(cols as i64))
                } else {
                    (r, c)
                };
                let inside = r >= 0 && c >= 0 && (r as usize) < rows && (c as usize) < cols;
                let b = (r as usize, c as usize);
                (inside && a != b).then_some((a, b))
            })
            .collect()
    } else {
        Vec::new()
    };
    if d.chance(25) {
        teleports(d, &mut rules, &mut cells);
    }
    let (walls, gates) = gates_among(&mut rules, walls, d);
    JumpingMaze {
        rules,
        board: Board { rows, cols, cells },
        start: (start / cols, start % cols),
        walls,
        gates,
    }
}

/// Any family with teleports: `Teleport` joins the token schema and one or two pairs go on
/// ordinary cells (the start's among them), each pair whole, as RULES.md 7.1 requires.
fn teleports(d: &mut Dice, rules: &mut JumpRules, cells: &mut [Cell]) {
    rules.cells.push(Attr::Teleport);
    let mut free: Vec<usize> = (0..cells.len())
        .filter(|&i| cells[i].is_ordinary())
        .collect();
    for name in ["a", "b"].iter().take(1 + d.below(2)) {
        if free.len() < 2 {
            break;
        }
        for _ in 0..2 {
            let i = free.remove(d.below(free.len()));
            cells[i].teleport = Tag::new(name);
        }
    }
}

/// Some of `walls` made one-way walls or doors (one wall per pair of cells). A door opens on
/// a choice register of its own that every landing on a circled cell (or, where no cell is
/// circled, every landing) flips, when the rules have room for one more register.
fn gates_among(
    rules: &mut JumpRules,
    walls: Vec<(Coord, Coord)>,
    d: &mut Dice,
) -> (Vec<(Coord, Coord)>, Vec<Gate>) {
    if walls.is_empty() || !d.chance(60) {
        return (walls, Vec::new());
    }
    let mut seen = BTreeSet::new();
    let walls: Vec<(Coord, Coord)> = walls
        .into_iter()
        .filter(|&(a, b)| seen.insert((a.min(b), a.max(b))))
        .collect();
    let room = rules.registers.len() + usize::from(rules.no_u_turn) < 6;
    let door = room && d.chance(50);
    if door {
        rules.registers.push(Register {
            name: "door".into(),
            kind: RegisterKind::Choice(vec!["shut".into(), "open".into()]),
            keep: Keep::Everywhere,
            stands_for: None,
        });
        let when = if d.chance(50) {
            vec![Cond::Circled]
        } else {
            Vec::new()
        };
        rules.effects.push(Effect {
            on: Phase::Land,
            when,
            ops: vec![Op::Next("door".into())],
        });
        rules.doors.push(Door {
            name: "door".into(),
            open: vec![Cond::Is("door".into(), "open".into())],
        });
    }
    let (mut plain, mut gates) = (Vec::new(), Vec::new());
    for (a, b) in walls {
        let passage = match d.below(4) {
            0 => None,
            1 => Some(Passage::OneWay),
            2 if door => Some(Passage::Door("door".into())),
            3 if door => Some(Passage::OneWayDoor("door".into())),
            _ => Some(Passage::OneWay),
        };
        match passage {
            None => plain.push((a, b)),
            Some(passage) => gates.push(Gate {
                from: a,
                to: b,
                passage,
            }),
        }
    }
    (plain, gates)
}

fn shape() -> impl Strategy<Value = (u8, usize, usize, u8, u8)> {
    (0u8..10, 2usize..=6, 2usize..=6, 0u8..100, 0u8..100)
}

fn bytes() -> impl Strategy<Value = Vec<u8>> {
    proptest::collection::vec(any::<u8>(), 0..700)
}

/// The property for one family: every generated maze is valid (the templates write only
/// meaningful rules), and engine and walker agree on it.
fn family_agrees(
    family: Family,
    shape: (u8, usize, usize, u8, u8),
    bytes: &[u8],
) -> Result<(), TestCaseError> {
    let maze = random_maze(family, shape, bytes);
    if family == Family::Composed && maze.rules.compile().is_err() {
        return Ok(());
    }
    if let Err(p) = maze.validate() {
        return Err(TestCaseError::fail(format!(
            "{family:?}: a generated maze is invalid: {}\n{}",
            p.message,
            as_file(&maze)
        )));
    }
    if let Err(why) = check(&maze) {
        return Err(TestCaseError::fail(format!(
            "{family:?}: {why}\n{}",
            as_file(&maze)
        )));
    }
    if let Err(why) = round_trips(&maze) {
        return Err(TestCaseError::fail(format!(
            "{family:?}: the maze file {why}\n{}",
            as_file(&maze)
        )));
    }
    // Every feature, under registers too, against the plain computations on petgraph.
    crate::oracle::check_maze(Maze::Jumping(maze));
    Ok(())
}

/// `n` cases, times `RULES_MODEL_SCALE` when set: `RULES_MODEL_SCALE=50 cargo test
/// rules_model` hunts longer than the suite can afford to on every run.
fn cases(n: u32) -> u32 {
    let scale = std::env::var("RULES_MODEL_SCALE")
        .ok()
        .and_then(|s| s.parse::<u32>().ok())
        .unwrap_or(1);
    n.saturating_mul(scale.max(1))
}

macro_rules! family_tests {
    ($($name:ident: $family:expr, $cases:expr;)*) => {
        $(
            proptest! {
                #![proptest_config(ProptestConfig::with_cases(cases($cases)))]
                #[test]
                fn $name(shape in shape(), bytes in bytes()) {
                    family_agrees($family, shape, &bytes)?;
                }
            }
        )*
    };
}

family_tests! {
    plain_engine_equals_walker: Family::Plain, 240;
    no_u_turn_engine_equals_walker: Family::NoUTurn, 160;
    switch_engine_equals_walker: Family::Switch, 192;
    wildcard_engine_equals_walker: Family::Wildcard, 192;
    arrow_engine_equals_walker: Family::Arrow, 160;
    arrow_reverse_engine_equals_walker: Family::ArrowReverse, 160;
    arrow_turns_engine_equals_walker: Family::ArrowTurns, 192;
    arrow_colour_engine_equals_walker: Family::ArrowColour, 192;
    alice_engine_equals_walker: Family::Alice, 160;
    chess_engine_equals_walker: Family::Chess, 256;
    offset_engine_equals_walker: Family::Offset, 160;
    cyclic_engine_equals_walker: Family::Cyclic, 160;
    link_engine_equals_walker: Family::Link, 192;
    link_registers_engine_equals_walker: Family::LinkRegisters, 192;
    memory_engine_equals_walker: Family::Memory, 192;
    composed_engine_equals_walker: Family::Composed, 400;
    no_revisits_engine_equals_walker: Family::NoRevisits, 32;
    return_engine_equals_walker: Family::Return, 192;
}

// ---------------------------------------------------------------------------------------
// The family fixtures.

/// Every jumping maze in `tests/fixtures/families/` (the rolling-block stages there are
/// another engine's) and `tests/fixtures/rules/` (hand-checked rules) compiles to exactly the
/// walker's graph: one check per file, every file that fails named, so a fixture added later
/// is covered without touching this test.
#[test]
fn every_family_fixture_engine_equals_walker() {
    let dir = root().join("tests/fixtures/families");
    let mut paths: Vec<_> = [dir.clone(), root().join("tests/fixtures/rules")]
        .iter()
        .flat_map(|dir| std::fs::read_dir(dir).unwrap())
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .collect();
    paths.sort();
    let mut checked = 0;
    let mut failures = Vec::new();
    for path in &paths {
        let Some(maze) = read_jumping(path) else {
            continue;
        };
        checked += 1;
        if let Err(why) = check(&maze).and_then(|()| round_trips(&maze)) {
            failures.push(format!("{}: {why}", path.display()));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    // The fourteen published instances of sections 1-5 and 7 at least.
    assert!(
        checked >= 14,
        "only {checked} jumping fixtures in {}",
        dir.display()
    );
}

/// The fixture at `path` if it is a jumping maze; panics with the diagnostic if it does not
/// read.
fn read_jumping(path: &Path) -> Option<JumpingMaze> {
    let src = std::fs::read_to_string(path).unwrap();
    match maze::file::parse(&path.display().to_string(), &src) {
        Ok(Maze::Jumping(m)) => Some(m),
        Ok(Maze::RollingBlock(_)) => None,
        Err(e) => panic!("{}", e.one_line()),
    }
}

// ---------------------------------------------------------------------------------------
// Edited fixtures: the published instances, changed a little.

/// The jumping fixtures' texts, read once.
fn fixture_texts() -> &'static [String] {
    static TEXTS: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    TEXTS.get_or_init(|| {
        let dir = root().join("tests/fixtures/families");
        let mut paths: Vec<_> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "ron"))
            .collect();
        paths.sort();
        paths
            .iter()
            .filter(|p| read_jumping(p).is_some())
            .map(|p| std::fs::read_to_string(p).unwrap())
            .collect()
    })
}

/// What an edit may put in place of a number outside strings.
const NUMBERS: &[&str] = &["0", "1", "2", "3", "5", "9", "-1", "-3"];

/// Names of the model that stand for one another: an edit replaces a name by another of its
/// group, so that the file still reads.
const GROUPS: &[&[&str]] = &[
    &[
        "Moves",
        "All",
        "Orthogonal",
        "Diagonal",
        "Knight",
        "Arrows",
        "ReverseArrows",
    ],
    &["UpToNumber", "Any", "First", "Number"],
    &["Flyable", "Empty", "Occupied"],
    &["Land", "Leave"],
    &["Square", "Hex", "Triangle"],
    &["Rook", "Queen"],
    &["true", "false"],
    &[
        "Circled",
        "Wildcard",
        "Goal",
        "SameColour",
        "OtherColour",
        "SameSymbol",
        "Turn",
    ],
    &["Colour", "Symbol", "Piece"],
    &["King", "Queen", "Rook", "Bishop", "Knight", "Pawn"],
    &["Lt", "Gt", "Eq"],
    &["Add", "Set"],
];

/// Specials a board token may become.
const SPECIALS: &[&str] = &["G", "_", "#", "o", "0", "*", "-"];

/// Replaces the `at`-th word of `src` (a run of letters, digits, `_`, `+`, `-` outside
/// comments, and not a field name) by the `pick`-th word of its class, or, for `pick` 0,
/// appends `@` to it (circling a board token).
fn replace_word(src: &mut String, at: usize, pick: usize) {
    let mut words = Vec::new();
    let mut offset = 0;
    for line in src.split_inclusive('\n') {
        if !line.trim_start().starts_with("//") {
            let mut start = None;
            let mut quotes = 0;
            for (i, c) in line
                .char_indices()
                .chain(std::iter::once((line.len(), ' ')))
            {
                let word = c.is_ascii_alphanumeric() || matches!(c, '_' | '+' | '-');
                match (start, word) {
                    (None, true) => start = Some(i),
                    (Some(s), false) => {
                        let in_string = quotes % 2 == 1;
                        let field = !in_string && line[i..].trim_start().starts_with(':');
                        let name = &line[s..i];
                        if !field && !matches!(name, "Maze" | "Jumping") {
                            words.push((offset + s..offset + i, in_string));
                        }
                        start = None;
                    }
                    _ => {}
                }
                if c == '"' {
                    quotes += 1;
                }
            }
        }
        offset += line.len();
    }
    if words.is_empty() {
        return;
    }
    let (range, in_string) = words[at % words.len()].clone();
    let word = src[range.clone()].to_string();
    let with = if pick == 0 {
        format!("{word}@")
    } else if in_string {
        // Another word written in a string of this file (a board token's field, a register
        // or direction name), or now and then a special token.
        let strings: Vec<&(std::ops::Range<usize>, bool)> =
            words.iter().filter(|(_, s)| *s).collect();
        if pick.is_multiple_of(8) {
            SPECIALS[pick / 8 % SPECIALS.len()].to_string()
        } else {
            src[strings[pick % strings.len()].0.clone()].to_string()
        }
    } else if word.starts_with(|c: char| c.is_ascii_digit() || c == '-') {
        NUMBERS[pick % NUMBERS.len()].to_string()
    } else {
        match GROUPS.iter().find(|g| g.contains(&word.as_str())) {
            Some(group) => group[pick % group.len()].to_string(),
            None => word,
        }
    };
    src.replace_range(range, &with);
}

/// Registers whose values multiply into more states than the walker visits quickly.
fn too_big(maze: &JumpingMaze) -> bool {
    let Ok(set) = maze.rules.compile() else {
        return true;
    };
    let keys: u64 = set
        .regs()
        .iter()
        .map(|r| match &r.domain {
            maze::variants::rules::Domain::Counter(lo, hi) => (hi - lo + 1) as u64,
            maze::variants::rules::Domain::Choice(names) => names.len() as u64,
            _ => 17,
        })
        .product();
    keys.saturating_mul(maze.board.cells.len() as u64) > 20_000
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(200)))]

    /// A few words of a published instance changed (a number, an arrow, a piece, a colour,
    /// a circle, a direction set, a length, a flying rule, an effect's phase...): whenever the
    /// file still reads, engine and walker agree on it.
    #[test]
    fn edited_fixtures_engine_equals_walker(
        file in 0usize..64,
        edits in proptest::collection::vec((0usize..2000, 0usize..64), 1..4),
    ) {
        let texts = fixture_texts();
        let mut src = texts[file % texts.len()].clone();
        for (at, w) in edits {
            replace_word(&mut src, at, w);
        }
        let Ok(Maze::Jumping(maze)) = maze::file::parse("edited.ron", &src) else {
            return Ok(());
        };
        if too_big(&maze) {
            return Ok(());
        }
        if let Err(why) = check(&maze) {
            return Err(TestCaseError::fail(format!("{why}\n{src}")));
        }
    }
}

/// Cases once found to separate the engine from the walker, or the graph forms from each
/// other, each now a check.
#[test]
fn former_disagreements_agree() {
    let cases = [
        // Knight leaps ignore walls, also where a leap on a narrow torus ends on an edge
        // neighbour.
        r#"Maze(rules: Jumping(torus: true, cells: [Piece],
            jumps: [(when: [Piece(Knight)], dirs: Knight, length: Exactly(1))]),
          board: ["N N N", "N N G"], start: (0, 0), walls: [((0, 0), (0, 1))])"#,
        // A colour register set to a name no cell has: the name is one of its values.
        r#"Maze(rules: Jumping(cells: [Colour], registers: [(name: "c", kind: Colour)],
            jumps: [(when: [Not(Is("c", "zz"))], dirs: List(["E"]), length: Exactly(1)),
                    (when: [Is("c", "zz")], dirs: List(["E"]), length: Exactly(2))],
            effects: [(on: Land, do: [Set("c", Colour)]),
                      (on: Land, when: [Circled], do: [Set("c", Name("zz"))])]),
          board: ["b r@ b b G"], start: (0, 0))"#,
        // Several landings in one direction: every form of the graph breaks the tie alike.
        r#"Maze(rules: Jumping(cells: [Arrows], goal: Cells, jumps: [(dirs: Arrows, length: Any)]),
          board: ["E G G"], start: (0, 0))"#,
        // A direction register compared with a direction no move takes.
        r#"Maze(rules: Jumping(registers: [(name: "a", kind: Direction)],
            jumps: [(land: [Not(Is("a", "NE"))])]), board: ["1 1", "1 G"], start: (0, 0))"#,
        include_str!("fixtures/families/arrow_reverse_mazelog_slash.ron"),
    ];
    for src in cases {
        let maze = match maze::file::parse("case.ron", src) {
            Ok(maze::variants::Maze::Jumping(m)) => m,
            Ok(_) => panic!("not a jumping maze"),
            Err(e) => panic!("{}", e.one_line()),
        };
        if let Err(why) = check(&maze) {
            panic!("{why}\n{src}");
        }
    }
}

/// A move is at most `MAX_LENGTH` unit steps, so the walker (which play asks for reasons)
/// never walks for minutes.
#[test]
fn lengths_are_bounded() {
    let src = r#"Maze(rules: Jumping(torus: true, jumps: [(length: Exactly(100000000))]),
        board: ["1 1", "1 G"], start: (0, 0))"#;
    let e = maze::file::parse("long.ron", src).unwrap_err();
    assert!(
        e.message.contains("at most 10000 unit steps"),
        "{}",
        e.message
    );
}
