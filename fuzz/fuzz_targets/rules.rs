//! Fuzz target: random rules, not only random boards. The input's bytes choose a jumping maze
//! file from the rule model's parts (tiling, registers past six, kinds of move with sliding
//! lengths, effects with arithmetic, conditions, doors, plain and one-way walls, teleports by
//! name and by a declared list, and a board of every kind of token), which is read under
//! small limits, compiled within them and analyzed as `maze analyze` does, warnings included;
//! whatever the reader accepts must analyze without a panic, and what it refuses must have a
//! diagnostic miette can draw.
#![no_main]

use libfuzzer_sys::arbitrary::{Result, Unstructured};
use libfuzzer_sys::fuzz_target;
use maze_file::ReadLimits;
use maze_graph::Rules;
use maze_variants::StateLimit;

const TILINGS: &[&str] = &["Square", "Hex", "Triangle"];
const GOALS: &[&str] = &["Cell", "Cells", "Exit"];
const SCHEMAS: &[&str] = &[
    "[Number]",
    "[]",
    "[Number, Colour]",
    "[Arrows]",
    "[Piece]",
    "[Symbol]",
    "[Number, Teleport]",
];
const REGISTERS: &[&str] = &[
    r#"(name: "a", kind: Choice(["x", "y"]))"#,
    r#"(name: "n", kind: Counter(min: 0, max: 3))"#,
    r#"(name: "n", kind: Counter(min: -2, max: 2, start: 1))"#,
    r#"(name: "d", kind: Direction)"#,
    r#"(name: "p", kind: Piece)"#,
    r#"(name: "c", kind: Colour, keep: Where(Circled))"#,
    r#"(name: "k", kind: Counter(min: 1, max: 4), stands_for: Number)"#,
];
const CONDITIONS: &[&str] = &[
    r#"Is("a", "x")"#,
    r#"Is("a", "y")"#,
    r#"Eq("n", 1)"#,
    r#"Lt("n", 2)"#,
    r#"Gt("n", 0)"#,
    "Circled",
    "Wildcard",
    "Goal",
    "Turn",
    "Piece(King)",
    r#"Colour("r")"#,
    r#"Symbol("C")"#,
    "SameColour",
    "OtherColour",
    "SameSymbol",
    r#"Opposite("d")"#,
    "Not(Circled)",
    r#"Any([Circled, Is("a", "y")])"#,
    r#"All([Not(Goal), Lt("n", 3)])"#,
];
const DIRS: &[&str] = &[
    "Moves",
    "All",
    "Orthogonal",
    "Diagonal",
    r#"List(["E", "W"])"#,
    "Knight",
    "Arrows",
    "ReverseArrows",
    r#"Register("d")"#,
    r#"Reverse("d")"#,
];
const LENGTHS: &[&str] = &[
    "Number",
    "UpToNumber",
    "Any",
    "Exactly(2)",
    "Exactly(0)",
    "First",
    r#"Register("n")"#,
    r#"Cycle("n", [1, 2, 3])"#,
    "Slide",
];
const OVERS: &[&str] = &["Flyable", "Empty", "Occupied"];
const OPS: &[&str] = &[
    r#"Set("a", Name("y"))"#,
    r#"Next("a")"#,
    r#"Add("n", Int(1))"#,
    r#"Add("n", Int(-1))"#,
    r#"Set("n", Number)"#,
    r#"Set("d", Direction)"#,
    r#"Set("p", Piece)"#,
    r#"Set("c", Colour)"#,
    r#"Set("k", Length)"#,
    r#"Set("n", Register("k"))"#,
    r#"Sub("n", Number)"#,
    r#"Mul("n", Int(2))"#,
    r#"Mod("n", Int(3))"#,
    r#"Mod("n", Int(0))"#,
    r#"Min("n", Landing(Number))"#,
    r#"Max("k", Register("n"))"#,
    r#"Neg("n")"#,
];
const WALLS: &[&str] = &["", ", OneWay", r#", Door("g")"#, r#", OneWayDoor("g")"#];
const TOKENS: &[&str] = &[
    "1", "2", "3", "4", "+2", "-1", "3@", "#", "o", ".", "0", "_", "*", "*@", "-", "r:2", "b:1@",
    "N", "S,E", "O", "CW", "K", "Q", "R", "N@", "C", "G", "G@", "2:a", "1:a", "3:b", "-:b", "1:-",
];

fn pick<'a>(u: &mut Unstructured, from: &[&'a str]) -> Result<&'a str> {
    Ok(from[u.choose_index(from.len())?])
}

/// Up to `most` fragments of `from`, joined by commas.
fn some(u: &mut Unstructured, from: &[&str], most: usize) -> Result<String> {
    let n = u.int_in_range(0..=most)?;
    let mut parts = Vec::with_capacity(n);
    for _ in 0..n {
        parts.push(pick(u, from)?);
    }
    Ok(parts.join(", "))
}

/// A maze file chosen by the bytes of `u`.
fn file(u: &mut Unstructured) -> Result<String> {
    let mut registers = Vec::new();
    // Past six registers now and then: a state holds up to 32.
    for _ in 0..u.int_in_range(0..=8)? {
        registers.push(pick(u, REGISTERS)?);
    }
    let mut jumps = Vec::new();
    for _ in 0..u.int_in_range(0..=3)? {
        jumps.push(format!(
            "(when: [{}], dirs: {}, length: {}, over: {}, land: [{}])",
            some(u, CONDITIONS, 2)?,
            pick(u, DIRS)?,
            pick(u, LENGTHS)?,
            pick(u, OVERS)?,
            some(u, CONDITIONS, 1)?,
        ));
    }
    let mut effects = Vec::new();
    for _ in 0..u.int_in_range(0..=3)? {
        effects.push(format!(
            "(on: {}, when: [{}], do: [{}])",
            if u.arbitrary()? { "Land" } else { "Leave" },
            some(u, CONDITIONS, 2)?,
            some(u, OPS, 2)?,
        ));
    }
    let (rows, cols) = (u.int_in_range(1..=6)?, u.int_in_range(1..=6)?);
    let mut walls = Vec::new();
    for _ in 0..u.int_in_range(0..=3)? {
        let (r, c): (usize, usize) = (u.int_in_range(0..=rows - 1)?, u.int_in_range(0..=cols - 1)?);
        // A neighbour, or now and then a cell that is none (a located error).
        let (r2, c2) = match u.int_in_range(0..=4)? {
            0 => (r + 1, c),
            1 => (r, c + 1),
            2 => (r.saturating_sub(1), c),
            3 => (r, c.saturating_sub(1)),
            _ => (r + 2, c),
        };
        walls.push(format!("(({r}, {c}), ({r2}, {c2}){})", pick(u, WALLS)?));
    }
    let mut teleports = Vec::new();
    for _ in 0..u.int_in_range(0..=2)? {
        let mut cell = || -> Result<(usize, usize)> {
            Ok((u.int_in_range(0..=rows - 1)?, u.int_in_range(0..=cols - 1)?))
        };
        let (a, b) = (cell()?, cell()?);
        teleports.push(format!("(({}, {}), ({}, {}))", a.0, a.1, b.0, b.1));
    }
    let doors = if u.arbitrary()? {
        format!(
            r#"doors: [(name: "g", open: [{}])], "#,
            some(u, CONDITIONS, 2)?
        )
    } else {
        String::new()
    };
    let mut board = Vec::with_capacity(rows);
    for _ in 0..rows {
        let mut row = Vec::with_capacity(cols);
        for _ in 0..cols {
            row.push(pick(u, TOKENS)?);
        }
        board.push(format!("\"{}\"", row.join(" ")));
    }
    let jumps = if jumps.is_empty() {
        String::new()
    } else {
        format!("jumps: [{}], ", jumps.join(", "))
    };
    Ok(format!(
        "Maze(rules: Jumping(tiling: {}, torus: {}, no_u_turn: {}, goal: {}, cells: {}, registers: [{}], {jumps}effects: [{}], {doors}), board: [{}], start: ({}, {}), walls: [{}], teleports: [{}])",
        pick(u, TILINGS)?,
        u.arbitrary::<bool>()?,
        u.arbitrary::<bool>()?,
        pick(u, GOALS)?,
        pick(u, SCHEMAS)?,
        registers.join(", "),
        effects.join(", "),
        board.join(", "),
        u.int_in_range(0..=rows - 1)?,
        u.int_in_range(0..=cols - 1)?,
        walls.join(", "),
        teleports.join(", "),
    ))
}

fuzz_target!(|data: &[u8]| {
    let mut u = Unstructured::new(data);
    let Ok(src) = file(&mut u) else {
        return;
    };
    let limit = StateLimit::new(4_096).expect("a valid limit");
    let limits = ReadLimits::both(limit);
    match maze_file::parse_file_with("rules.ron", &src, limits) {
        Ok(file) => {
            let maze = &file.maze;
            let Ok(compiled) = maze_file::compile_within("rules.ron", &src, maze, limit) else {
                return;
            };
            let f = maze_features::features_of_rules(&compiled, maze.blocks());
            for stop in compiled.counter_stops(maze, |s| f.depth(s).is_some()) {
                let _ = stop.to_string();
            }
            let _ = maze_features::report::text(&f);
            if let Some(g) = maze_features::grade(&f) {
                let _ = maze_features::grade::explain(&f, &g);
            }
            for s in 0..compiled.n_states().min(64) as u32 {
                let _ = compiled.state_name(s);
            }
            // What the writer writes, the reader reads.
            let text = maze_file::write_file(&file, &[]);
            let _ = maze_file::parse_file_with("again.ron", &text, limits);
        }
        Err(e) => {
            let mut out = String::new();
            let _ = miette::GraphicalReportHandler::new().render_report(&mut out, e.as_ref());
        }
    }
});
