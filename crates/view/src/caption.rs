//! The rules in words, for the board's caption: built from the fields of the rules as the file
//! writes them ([`JumpRules`]), so any rule gets a caption without code of its own.
//!
//! A rolling-block maze's caption says what each switch does and, with split cubes or several
//! blocks, how the player picks the one that rolls.
//!
//! Plain rules (RULES.md's flags only) keep their one-line caption; rules with registers, kinds
//! of move or effects get a line per kind of move, register and effect. The caption describes;
//! it never decides a move (the engine does) nor says why one is refused (the walker does).

use maze_variants::rolling::{Action, RollingBlockMaze, SwitchKind, Tile};
use maze_variants::rules::{Cond, Dirs, Effect, JumpKind, Keep, Length, Op, Over, Phase, Register};
use maze_variants::rules::{RegisterKind, Value};
use maze_variants::{Attr, Coord, GoalKind, JumpRules, Maze, MoveSet, Tiling};

/// The rules in words: a first line naming the maze and its flags, then (for rules beyond the
/// flags) one line per kind of move, register and effect.
/// `pick_keys(n)` names the keys that pick one of `n` movers (a front end's own keys).
pub fn caption(maze: &Maze, pick_keys: &dyn Fn(usize) -> String) -> Vec<String> {
    let lines = match maze {
        Maze::RollingBlock(m) => rolling(m, pick_keys),
        Maze::Jumping(m) => {
            let mut lines = jumping(&m.rules);
            // Pairs the tokens cannot name came from a `teleports:` list: stated here, as the
            // rules state named ones.
            if !m.rules.cells.contains(&Attr::Teleport)
                && m.board.cells.iter().any(|c| c.teleport.is_some())
            {
                lines.push(TELEPORT.into());
            }
            if m.gates.iter().any(|g| g.passage.one_way()) {
                lines.push("One-way walls are crossed only the way they point".into());
            }
            lines
        }
    };
    // Register values are the file's own words: shown escaped, never acted on.
    lines
        .into_iter()
        .map(|l| maze_variants::inert(&l).into_owned())
        .collect()
}

/// The block and its goal; then each switch, split cubes and the other blocks.
fn rolling(m: &RollingBlockMaze, pick_keys: &dyn Fn(usize) -> String) -> Vec<String> {
    let (a, b, h) = m.rules.block;
    let mut lines = vec![format!(
        "rolling block {a}×{b}×{h}: roll it so it ends exactly on the goal"
    )];
    for switch in &m.rules.switches {
        let at = coord(switch.at);
        let Tile::Switch(kind) = m.board.get(switch.at) else {
            continue;
        };
        lines.push(match (kind, switch.split) {
            (SwitchKind::Split, Some((p, q))) => format!(
                "y at {at}, under the block standing: splits it into cubes on {} and {}",
                coord(p),
                coord(q)
            ),
            (SwitchKind::Heavy, _) => format!(
                "x at {at}, under the block standing: {}",
                actions(&switch.acts)
            ),
            _ => format!(
                "o at {at}, under any part of a block or a cube: {}",
                actions(&switch.acts)
            ),
        });
    }
    if m.board.tiles.contains(&Tile::Teleport) {
        lines.push(ROLLING_TELEPORT.into());
    }
    if !m.board.teleports.is_empty() {
        lines.push(ROLLING_LISTED.into());
    }
    if m.rules.switches.iter().any(|s| s.split.is_some()) {
        lines.push(format!(
            "Split: the cubes roll one at a time, {} picks which (free, not a move); side by side they join into the block",
            pick_keys(2)
        ));
    }
    if !m.rules.others.is_empty() {
        let n = m.rules.others.len() + 1;
        let ends: Vec<String> = m
            .rules
            .others
            .iter()
            .enumerate()
            .map(|(j, o)| {
                let (x, y, z) = o.block;
                let goal = if o.goal.is_some() {
                    format!("on g{}", j + 2)
                } else {
                    "anywhere".into()
                };
                format!("block {} ({x}×{y}×{z}) {goal}", j + 2)
            })
            .collect();
        lines.push(format!(
            "{n} blocks roll one at a time, {} picks which (free, not a move); block 1 ends on G, {}",
            pick_keys(n),
            ends.join(", ")
        ));
    }
    lines
}

/// A switch's actions, runs of the same verb joined: `toggles (5,4) (5,5), turns on (1,2)`.
fn actions(acts: &[Action]) -> String {
    let mut runs: Vec<(&str, Vec<String>)> = Vec::new();
    for act in acts {
        let verb = match act {
            Action::On(_) => "turns on",
            Action::Off(_) => "turns off",
            Action::Toggle(_) => "toggles",
        };
        match runs.last_mut() {
            Some((v, cells)) if *v == verb => cells.push(coord(act.tile())),
            _ => runs.push((verb, vec![coord(act.tile())])),
        }
    }
    if runs.is_empty() {
        return "does nothing".into();
    }
    let runs: Vec<String> = runs
        .into_iter()
        .map(|(verb, cells)| format!("{verb} {}", cells.join(" ")))
        .collect();
    runs.join(", ")
}

fn coord((r, c): Coord) -> String {
    format!("({r},{c})")
}

fn jumping(r: &JumpRules) -> Vec<String> {
    let mut parts = vec![tiling_name(r.tiling)];
    if r.is_plain() {
        // The flags' one-line caption, as it always was.
        if distinguishes_moves(r.tiling) {
            parts.push(format!("{} moves", move_set_name(r.moves)));
        }
    }
    if r.torus {
        parts.push("torus".into());
    }
    if r.no_u_turn {
        parts.push("no U-turns".into());
    }
    match r.goal {
        GoalKind::Cell => {}
        GoalKind::Cells => parts.push("goal: any G cell".into()),
        GoalKind::Exit => parts.push("goal: jump off the board".into()),
    }
    let mut lines = vec![format!("Jumping maze: {}", parts.join(", "))];
    if r.is_plain() {
        return lines;
    }
    // No `jumps` means the one default kind: the cell's number in a `moves` direction.
    let default = [JumpKind::default()];
    let kinds: &[JumpKind] = if r.jumps.is_empty() {
        &default
    } else {
        &r.jumps
    };
    match kinds {
        [one] => lines.push(format!("Move: {}", kind(r, one))),
        _ => {
            lines.push("Moves, each where its condition holds:".into());
            lines.extend(kinds.iter().map(|k| format!("· {}", kind(r, k))));
        }
    }
    if r.cells.contains(&Attr::Teleport) {
        lines.push(TELEPORT.into());
    }
    lines.extend(r.registers.iter().map(register));
    lines.extend(r.effects.iter().map(effect));
    lines.extend(r.doors.iter().map(|d| {
        format!(
            "Door {}: moves cross it while {}",
            d.name,
            join(d.open.iter().map(|c| condition(c, "leaving")), "and")
        )
    }));
    lines
}

/// How a teleport pair acts in a jumping maze.
const TELEPORT: &str = "Teleports: a move landing on a teleport ends, within the same move, on the other cell of its name";

/// How the teleport tiles act on a rolling block.
const ROLLING_TELEPORT: &str = "t: a block coming to rest standing on one teleport goes on, in the same roll, to stand on the other";

/// How the pairs of a rolling-block board's `teleports:` list act.
const ROLLING_LISTED: &str = "Teleports p1, p2, ...: a block coming to rest standing on one goes on, in the same roll, to stand on the other of its name";

fn tiling_name(tiling: Tiling) -> String {
    format!("{tiling:?}").to_lowercase()
}

/// Whether the tiling's rook and queen moves differ (on the others `moves` says nothing).
fn distinguishes_moves(tiling: Tiling) -> bool {
    tiling.move_dirs(MoveSet::Rook) != tiling.move_dirs(MoveSet::Queen)
}

fn move_set_name(moves: MoveSet) -> String {
    format!("{moves:?}").to_lowercase()
}

/// One kind of move: `when t is diagonal: diagonally, exactly the cell's number`.
fn kind(r: &JumpRules, k: &JumpKind) -> String {
    let mut what = vec![dirs(r, &k.dirs)];
    match k.over {
        Over::Flyable => {}
        Over::Empty => what.push("over empty cells only".into()),
        Over::Occupied => what.push("over occupied cells only".into()),
    }
    // A knight's leap is one step of its own kind: "one step" would only confuse.
    let knight_step = k.dirs == Dirs::Knight && k.length == Length::Exactly(1);
    if !knight_step {
        what.push(length(&k.length));
    }
    if !k.land.is_empty() {
        let land: Vec<String> = k.land.iter().map(|c| condition(c, "landing on")).collect();
        what.push(land.join(" and "));
    }
    let what = what.join(", ");
    if k.when.is_empty() {
        what
    } else {
        let when: Vec<String> = k.when.iter().map(|c| condition(c, "on")).collect();
        format!("{}: {what}", when.join(" and "))
    }
}

fn dirs(r: &JumpRules, d: &Dirs) -> String {
    match d {
        Dirs::Moves if distinguishes_moves(r.tiling) => {
            let names: Vec<&str> = r
                .tiling
                .move_dirs(r.moves)
                .iter()
                .map(|&d| r.tiling.directions().name(d))
                .collect();
            format!("{} moves ({})", move_set_name(r.moves), names.join(" "))
        }
        Dirs::Moves | Dirs::All => "any direction".into(),
        Dirs::Orthogonal => "orthogonally (N E S W)".into(),
        Dirs::Diagonal => "diagonally (NE SE SW NW)".into(),
        Dirs::List(names) => join(names.iter().cloned(), "or"),
        Dirs::Knight => "a knight's leap".into(),
        Dirs::Arrows => "along one of the cell's arrows".into(),
        Dirs::ReverseArrows => "against one of the cell's arrows".into(),
        Dirs::Register(n) => format!("in the direction {n} holds"),
        Dirs::Reverse(n) => format!("opposite to the direction {n} holds"),
        Dirs::Turned(n) => format!("the direction {n} holds, turned by the cell's turn"),
    }
}

fn length(l: &Length) -> String {
    match l {
        Length::Number => "exactly the cell's number".into(),
        Length::UpToNumber => "1 to the cell's number".into(),
        Length::Any => "any distance".into(),
        Length::Exactly(1) => "one step".into(),
        Length::Exactly(k) => format!("exactly {k} steps"),
        Length::Register(n) => format!("exactly {n}"),
        Length::Cycle(n, list) => {
            let list: Vec<String> = list.iter().map(u32::to_string).collect();
            format!("exactly {} in turn (entry {n} next)", list.join(", "))
        }
        Length::First => "stopping on the first cell it cannot pass over".into(),
        Length::Slide => {
            "sliding to the last cell before an obstacle (a cell it cannot pass over, a wall or the edge)".into()
        }
        Length::To(n) => format!("straight to the cell {n} holds, when in line with it"),
    }
}

/// Whether a condition is about a cell only (no register, no move).
fn about_cell(c: &Cond) -> bool {
    match c {
        Cond::Is(..)
        | Cond::Eq(..)
        | Cond::Lt(..)
        | Cond::Gt(..)
        | Cond::Opposite(_)
        | Cond::Unset(_)
        | Cond::At(..)
        | Cond::Standing
        | Cond::Cube => false,
        Cond::Not(c) => about_cell(c),
        Cond::Any(cs) | Cond::All(cs) => cs.iter().all(about_cell),
        _ => true,
    }
}

/// A condition as a phrase: cell conditions as `{prefix} a circled cell`, the others as they
/// read (`t is diagonal`).
fn condition(c: &Cond, prefix: &str) -> String {
    if about_cell(c) {
        return format!("{prefix} {}", cell(c));
    }
    match c {
        Cond::Is(r, v) => format!("{r} is {v}"),
        Cond::Eq(r, v) => format!("{r} = {v}"),
        Cond::Lt(r, v) => format!("{r} < {v}"),
        Cond::Gt(r, v) => format!("{r} > {v}"),
        Cond::Opposite(r) => format!("the move goes opposite to {r}"),
        Cond::Unset(r) => format!("{r} holds none"),
        Cond::At(r, col) => format!("the switch at ({r}, {col}) is pressed"),
        Cond::Standing => "by a standing block".into(),
        Cond::Cube => "by a cube".into(),
        Cond::Not(c) => format!("not ({})", condition(c, prefix)),
        Cond::Any(cs) => join(cs.iter().map(|c| condition(c, prefix)), "or"),
        Cond::All(cs) => join(cs.iter().map(|c| condition(c, prefix)), "and"),
        other => cell(other),
    }
}

/// A cell condition as the cells meeting it: `a circled cell`, `a king or a wildcard`.
fn cell(c: &Cond) -> String {
    match c {
        Cond::Circled => "a circled cell".into(),
        Cond::Wildcard => "a wildcard".into(),
        Cond::Turn => "a turn cell".into(),
        Cond::Goal => "the goal".into(),
        Cond::Piece(p) => format!("a {}", format!("{p:?}").to_lowercase()),
        Cond::Colour(name) => format!("a cell coloured {name}"),
        Cond::Symbol(name) => format!("a cell with symbol {name}"),
        Cond::SameColour => "a cell of the same colour".into(),
        Cond::OtherColour => "a cell of another colour".into(),
        Cond::SameSymbol => "a cell with the same symbol".into(),
        Cond::Held(r) => format!("the cell {r} holds"),
        Cond::Not(c) => format!("anything but {}", cell(c)),
        Cond::Any(cs) => join(cs.iter().map(cell), "or"),
        Cond::All(cs) => join(cs.iter().map(cell), "and"),
        other => condition(other, "on"),
    }
}

/// `a`, `a or b`, `a, b or c`.
fn join(items: impl Iterator<Item = String>, word: &str) -> String {
    let items: Vec<String> = items.collect();
    match items.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} {word} {last}", rest.join(", ")),
        Some((last, _)) => last.clone(),
        None => String::new(),
    }
}

/// `Carries t: orthogonal or diagonal, starting orthogonal`.
fn register(r: &Register) -> String {
    let (values, start) = match &r.kind {
        RegisterKind::Choice(names) => (
            join(names.iter().cloned(), "or"),
            names.first().cloned().unwrap_or_default(),
        ),
        RegisterKind::Counter { min, max, start } => {
            (format!("{min} to {max}"), start.unwrap_or(*min).to_string())
        }
        RegisterKind::Direction => ("a direction".into(), "none".into()),
        RegisterKind::Piece => ("a piece".into(), "none".into()),
        RegisterKind::Colour => ("a colour".into(), "none".into()),
        RegisterKind::Symbol => ("a symbol".into(), "none".into()),
        RegisterKind::Cell => ("a cell".into(), "none".into()),
    };
    let kept = match &r.keep {
        Keep::Everywhere => String::new(),
        Keep::Where(c) => format!(" while {}", condition(c, "on")),
    };
    let stands = match r.stands_for {
        Some(attr) => format!(", read as the cell's {}", attr_name(attr)),
        None => String::new(),
    };
    format!(
        "Carries {}{kept}: {values}, starting {start}{stands}",
        r.name
    )
}

fn attr_name(attr: Attr) -> String {
    attr.name().to_lowercase()
}

/// `On landing on a circled cell: t takes its next value`.
fn effect(e: &Effect) -> String {
    let when: Vec<String> = e
        .when
        .iter()
        .map(|c| {
            condition(
                c,
                match e.on {
                    Phase::Land => "landing on",
                    Phase::Leave => "leaving",
                },
            )
        })
        .collect();
    let head = match (e.on, when.is_empty()) {
        (Phase::Land, true) => "After every move".to_string(),
        (Phase::Leave, true) => "Before every move".to_string(),
        (Phase::Land, false) => format!("After a move {}", when.join(" and ")),
        (Phase::Leave, false) => format!("Before a move {}", when.join(" and ")),
    };
    // Values of the cell moved from: on leaving that is the cell stood on.
    let cell = match e.on {
        Phase::Land => "the cell left",
        Phase::Leave => "the cell",
    };
    let ops: Vec<String> = e.ops.iter().map(|op| operation(op, cell)).collect();
    format!("{head}: {}", ops.join(", then "))
}

fn operation(op: &Op, cell: &str) -> String {
    match op {
        Op::Set(r, v) => format!("{r} becomes {}", value(v, cell)),
        Op::Add(r, Value::Int(k)) if *k < 0 => format!("{r} goes down by {}", k.unsigned_abs()),
        Op::Add(r, v) => format!("{r} goes up by {}", value(v, cell)),
        Op::Next(r) => format!("{r} takes its next value"),
        Op::Sub(r, v) => format!("{r} goes down by {}", value(v, cell)),
        Op::Mul(r, v) => format!("{r} is multiplied by {}", value(v, cell)),
        Op::Mod(r, v) => format!(
            "{r} becomes its remainder after dividing by {}",
            value(v, cell)
        ),
        Op::Min(r, v) => format!("{r} becomes the smaller of itself and {}", value(v, cell)),
        Op::Max(r, v) => format!("{r} becomes the larger of itself and {}", value(v, cell)),
        Op::Neg(r) => format!("{r} changes sign"),
        Op::Clear(r) => format!("{r} holds none"),
        Op::Split(a, b) => format!(
            "the block splits into cubes on ({}, {}) and ({}, {})",
            a.0, a.1, b.0, b.1
        ),
    }
}

fn value(v: &Value, cell: &str) -> String {
    match v {
        Value::Int(k) => k.to_string(),
        Value::Name(n) => n.clone(),
        Value::Number => format!("the number of {cell}"),
        Value::Piece => format!("the piece of {cell}"),
        Value::Colour => format!("the colour of {cell}"),
        Value::Symbol => format!("the symbol of {cell}"),
        Value::Length => "the move's length".into(),
        Value::Direction => "the move's direction".into(),
        Value::Register(r) => r.clone(),
        Value::Landing(a) => format!("the {} of the cell landed on", a.name().to_lowercase()),
        Value::Cell => cell.to_string(),
        Value::LandingCell => "the cell landed on".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn caption_of(src: &str) -> Vec<String> {
        match maze_file::parse("test.ron", src) {
            Ok(maze) => caption(&maze, &|n| match n {
                2 => "Tab, 1 or 2".to_string(),
                n => format!("Tab or 1 to {n}"),
            }),
            Err(e) => panic!("{}", e.one_line()),
        }
    }

    #[test]
    fn doors_and_one_way_walls_are_described() {
        let lines = caption_of(include_str!(
            "../../../tests/fixtures/rules/keys_and_doors.ron"
        ));
        assert_eq!(
            lines.last().map(String::as_str),
            Some("Door door: moves cross it while key is yes")
        );
        let lines = caption_of(include_str!(
            "../../../tests/fixtures/rules/one_way_walls.ron"
        ));
        assert_eq!(
            lines,
            [
                "Jumping maze: square, rook moves",
                "One-way walls are crossed only the way they point"
            ]
        );
    }

    #[test]
    fn plain_rules_keep_their_one_line() {
        for (rules, board, expected) in [
            ("Jumping()", "1 G", "Jumping maze: square, rook moves"),
            (
                "Jumping(moves: Queen, goal: Exit)",
                "1 1",
                "Jumping maze: square, queen moves, goal: jump off the board",
            ),
            (
                "Jumping(tiling: Hex, no_u_turn: true)",
                "1 G",
                "Jumping maze: hex, no U-turns",
            ),
            ("Jumping(tiling: Triangle)", "1 G", "Jumping maze: triangle"),
        ] {
            let src = format!(r#"Maze(rules: {rules}, board: ["{board}"], start: (0, 0))"#);
            assert_eq!(caption_of(&src), [expected]);
        }
    }

    #[test]
    fn listed_teleports_are_stated() {
        let lines = caption_of(include_str!(
            "../../../tests/fixtures/rules/teleport_list.ron"
        ));
        assert_eq!(lines, ["Jumping maze: square, rook moves", TELEPORT]);
    }

    #[test]
    fn teleports_are_stated() {
        let lines = caption_of(include_str!("../../../tests/fixtures/rules/teleport.ron"));
        assert_eq!(
            lines,
            [
                "Jumping maze: square",
                "Move: rook moves (N E S W), exactly the cell's number",
                TELEPORT,
            ]
        );
    }

    #[test]
    fn rolling_teleports_are_stated() {
        let lines = caption_of(include_str!(
            "../../../tests/fixtures/rules/rolling_teleport.ron"
        ));
        assert_eq!(
            lines,
            [
                "rolling block 1×1×2: roll it so it ends exactly on the goal",
                ROLLING_TELEPORT,
            ]
        );
    }

    #[test]
    fn a_cell_register_and_the_move_back_are_described() {
        let lines = caption_of(include_str!(
            "../../../tests/fixtures/rules/return_cell.ron"
        ));
        assert_eq!(
            lines,
            [
                "Jumping maze: square",
                "Moves, each where its condition holds:",
                "· rook moves (N E S W), exactly the cell's number, landing on anything but the goal or key is yes",
                "· rook moves (N E S W), straight to the cell back holds, when in line with it",
                "Carries key: no or yes, starting no",
                "Carries back: a cell, starting none",
                "After a move landing on a circled cell: key becomes yes",
                "After every move: back becomes the cell left",
            ]
        );
    }

    #[test]
    fn rolling_teleports_by_a_list_are_stated() {
        let lines = caption_of(include_str!(
            "../../../tests/fixtures/rules/rolling_teleport_list.ron"
        ));
        assert_eq!(
            lines,
            [
                "rolling block 1×1×2: roll it so it ends exactly on the goal",
                ROLLING_LISTED,
            ]
        );
    }

    #[test]
    fn rules_as_data_are_described_from_their_fields() {
        let lines = caption_of(include_str!(
            "../../../tests/fixtures/families/jump_toggle_mazelog_switchblade.ron"
        ));
        assert_eq!(
            lines,
            [
                "Jumping maze: square",
                "Moves, each where its condition holds:",
                "· t is orthogonal: orthogonally (N E S W), exactly the cell's number",
                "· t is diagonal: diagonally (NE SE SW NW), exactly the cell's number",
                "Carries t: orthogonal or diagonal, starting orthogonal",
                "After a move landing on a circled cell: t takes its next value",
            ]
        );
        let lines = caption_of(include_str!(
            "../../../tests/fixtures/families/wild_rook_mazelog_grumble.ron"
        ));
        assert_eq!(
            lines[1..],
            [
                "Move: rook moves (N E S W), exactly the cell's number",
                "Carries L while on a wildcard: 1 to 5, starting 1, read as the cell's number",
                "After a move landing on a wildcard: L becomes the move's length",
            ]
        );
        let lines = caption_of(include_str!(
            "../../../tests/fixtures/families/varjump_offset_lispology_offset_tweetmaze.ron"
        ));
        assert_eq!(
            lines[1..],
            [
                "Move: E or W, exactly J",
                "Carries J: 0 to 9, starting 0",
                "Before every move: J goes up by the number of the cell",
            ]
        );
    }

    #[test]
    fn bloxorz_captions_say_what_switches_do_and_how_to_pick() {
        let lines = caption_of(include_str!(
            "../../../tests/fixtures/families/bloxorz_stage02.ron"
        ));
        assert_eq!(
            lines,
            [
                "rolling block 1×1×2: roll it so it ends exactly on the goal",
                "x at (2,8), under the block standing: toggles (5,10) (5,11)",
                "o at (3,2), under any part of a block or a cube: toggles (5,4) (5,5)",
            ]
        );
        let lines = caption_of(include_str!(
            "../../../tests/fixtures/families/bloxorz_stage08.ron"
        ));
        assert_eq!(
            lines[1..],
            [
                "y at (4,4), under the block standing: splits it into cubes on (1,10) and (7,10)",
                "Split: the cubes roll one at a time, Tab, 1 or 2 picks which (free, not a move); side by side they join into the block",
            ]
        );
        let lines = caption_of(
            r#"Maze(rules: RollingBlock(block: (1, 1, 2), others: [
                (block: (1, 1, 2), start: [(0, 2)], goal: [(2, 1)]), (block: (1, 1, 1), start: [(2, 0)])]),
                board: ["S..", "..#", "..G"])"#,
        );
        assert_eq!(
            lines[1..],
            [
                "3 blocks roll one at a time, Tab or 1 to 3 picks which (free, not a move); block 1 ends on G, block 2 (1×1×2) on g2, block 3 (1×1×1) anywhere"
            ]
        );
        // A plain maze keeps its one line.
        let lines = caption_of(include_str!("../../../variants/rolling_block.ron"));
        assert_eq!(lines.len(), 1);
    }

    #[test]
    fn every_family_has_a_caption() {
        for src in [
            include_str!("../../../tests/fixtures/families/alice_abbott_maze18.ron"),
            include_str!("../../../tests/fixtures/families/chess_plain_mazelog_fourkings.ron"),
            include_str!("../../../tests/fixtures/families/link_alt_sc_mazelog_jingo.ron"),
            include_str!("../../../tests/fixtures/families/arrow_reflector_mazelog_billiards.ron"),
        ] {
            let lines = caption_of(src);
            assert!(lines.len() > 2, "{lines:?}");
            assert!(lines.iter().all(|l| !l.is_empty()), "{lines:?}");
        }
    }
}
