//! Jumping mazes as scenes: cells and their numbers, walls on shared edges (wrapped on a
//! torus), start and goal, and the solution's jumps (exit jumps leave the board, jumps that
//! wrap around a torus leave through one edge and come back through the opposite one).
//!
//! And as text boards ([`text()`]): a cell shows every attribute it holds, in the order of the
//! rules' token schema (`b:↓↘` is colour b with arrows S and SE): arrows as arrow glyphs, turns
//! as `O ↻ ↺`, pieces by letter, colours by name (each in a tone of its own); the kinds' marks
//! of RULES.md (`G 0 # o _`), `*` for a wildcard, `@` when circled, `-` for an ordinary cell
//! that holds nothing.

use maze_features::Features;
use maze_graph::{Adjacency, DirSet, Directions, Rules};
use maze_variants::{
    Attr, Cell, CompiledMaze, Coord, GoalKind, JumpGraph, JumpingMaze, Kind, MoveSet, Piece,
    Tiling, Turn,
};

use crate::scene::{self, Anchor, CellKind, CellView, Glyphs, Mark, Role, Scene, Step};
use crate::scene::{GateView, Options, Plane};
use crate::text::{self, Entry, Highlight, Now, TextBoard, TextCell, Tone, entry};

/// The scene of a jumping maze, with the overlays `options` ask for.
pub(crate) fn scene(maze: &JumpingMaze, options: Options) -> Scene {
    let board = &maze.board;
    let tiling = maze.rules.tiling;
    // A board with a zero or negative number holds signed offsets: its positive numbers
    // get their `+` too (a file may write them bare), so that every offset reads as one.
    let signed = board.cells.iter().any(|c| c.number.is_some_and(|k| k <= 0));
    let cells = (0..board.cells.len())
        .map(|i| {
            let at = plane((i / board.cols, i % board.cols));
            view(&board.cells[i], at, tiling, signed)
        })
        .collect();
    let mut marks = vec![Mark {
        role: Role::Start,
        cells: vec![plane(maze.start)],
    }];
    // Every goal cell (rules with `goal: Cells` have several), one mark each.
    for goal in board.goals() {
        marks.push(Mark {
            role: Role::Goal,
            cells: vec![plane(goal)],
        });
    }
    let mut out = Scene {
        tiling,
        rows: board.rows,
        cols: board.cols,
        cells,
        walls: walls(maze),
        gates: gates(maze),
        marks,
        torus: maze.rules.torus,
        exit: maze.rules.goal == GoalKind::Exit,
        title: title(maze),
        // Set by `crate::scene`, which knows every variant's caption.
        rules: Vec::new(),
        steps: Vec::new(),
        solution_note: None,
        depths: None,
        rulers: false,
        label_key: Vec::new(),
        answer: Vec::new(),
    };
    if options.solution || options.depths {
        let graph = JumpGraph::new(maze);
        let features = maze_features::features(&Adjacency::from_rules(&graph), maze.blocks());
        if options.solution {
            out.steps = steps(maze, &graph, &features);
            out.solution_note = Some(scene::solution_note(&features));
        }
        if options.depths {
            out.depths = Some(scene::cell_depths(board.rows, board.cols, &features, |s| {
                graph.state_cell(s).into_iter().collect()
            }));
        }
    }
    out
}

/// What the cell at plane position `at` shows: its kind's fill, its number (or `G`, `0`) in
/// the centre, and a glyph per attribute.
fn view(cell: &Cell, at: Plane, tiling: Tiling, signed: bool) -> CellView {
    let kind = match cell.kind {
        Kind::Ordinary | Kind::Goal => CellKind::Floor,
        Kind::DeadEnd => return CellView::labelled(CellKind::DeadEnd, "0"),
        Kind::Blocked => return CellView::plain(CellKind::Blocked),
        Kind::Hole => return CellView::plain(CellKind::Hole),
        Kind::Empty => return CellView::plain(CellKind::Empty),
        Kind::Void => return CellView::plain(CellKind::Void),
    };
    let number = cell.number.map(|k| match k {
        // A true minus sign: a hyphen is easy to miss at label size.
        ..0 => format!("\u{2212}{}", k.unsigned_abs()),
        _ if signed || k == 0 => format!("+{k}"),
        _ => k.to_string(),
    });
    let glyphs = Glyphs {
        // Two unit steps: on triangles one step alternates between two kinds of step, two
        // always follow the band, so the glyph points along the move's line.
        arrows: cell.arrows.iter().map(|d| tiling.walk(at, d, 2)).collect(),
        turn: cell.turn,
        ring: cell.circled,
        wildcard: cell.wildcard,
        colour: cell.colour.map(|t| t.to_string()),
        symbol: cell.symbol.map(|t| t.to_string()),
        piece: cell.piece,
        teleport: cell.teleport.map(|t| t.to_string()),
        ..Glyphs::default()
    };
    let label = match cell.kind {
        // A goal holding what the rules read (a link maze's symbol, a chess maze's piece)
        // shows that in its centre; its `G` moves to a corner.
        Kind::Goal if number.is_some() || glyphs.symbol.is_some() || glyphs.piece.is_some() => {
            return CellView {
                kind,
                label: number,
                glyphs: Glyphs {
                    badge: Some("G".to_string()),
                    ..glyphs
                },
            };
        }
        Kind::Goal => Some("G".to_string()),
        _ => number,
    };
    CellView {
        kind,
        label,
        glyphs,
    }
}

fn plane((r, c): (usize, usize)) -> Plane {
    (r as i64, c as i64)
}

/// The board cell that plane cell `p` is on the board (wrapped on a torus), if any.
fn on_board(maze: &JumpingMaze, (r, c): Plane) -> Option<Plane> {
    let (rows, cols) = (maze.board.rows as i64, maze.board.cols as i64);
    if maze.rules.torus {
        Some((r.rem_euclid(rows), c.rem_euclid(cols)))
    } else {
        (r >= 0 && c >= 0 && r < rows && c < cols).then_some((r, c))
    }
}

/// Each wall as the edges it stands on: seen from each of its cells, the plane neighbour
/// that is (or wraps to) the other cell. On a bounded board both views are the same edge;
/// across a torus's wrap they are the two ends of the board.
fn walls(maze: &JumpingMaze) -> Vec<(Plane, Plane)> {
    let tiling = maze.rules.tiling;
    let mut out = Vec::new();
    for &(a, b) in &maze.walls {
        for (from, to) in [(plane(a), plane(b)), (plane(b), plane(a))] {
            for n in tiling.edge_neighbours(from) {
                if on_board(maze, n) == Some(to) {
                    out.push((from, n));
                }
            }
        }
    }
    out
}

/// Each one-way wall and door as the edges it stands on, as [`walls`] finds them, each kept
/// in its way: seen from `to`'s side, the plane neighbour that is `from` comes first.
fn gates(maze: &JumpingMaze) -> Vec<GateView> {
    let tiling = maze.rules.tiling;
    let mut out = Vec::new();
    for g in &maze.gates {
        let (a, b) = (plane(g.from), plane(g.to));
        let view = |from, to| GateView {
            from,
            to,
            one_way: g.passage.one_way(),
            door: g.passage.door().map(str::to_string),
        };
        for n in tiling.edge_neighbours(a) {
            if on_board(maze, n) == Some(b) {
                out.push(view(a, n));
            }
        }
        for n in tiling.edge_neighbours(b) {
            if on_board(maze, n) == Some(a) && n != a {
                out.push(view(n, b));
            }
        }
    }
    out
}

fn title(maze: &JumpingMaze) -> String {
    let rules = &maze.rules;
    let mut parts = vec![match rules.tiling {
        // Kinds of move of their own decide the directions, not the `moves` flag.
        Tiling::Square if !rules.jumps.is_empty() => "Jumping maze".to_string(),
        Tiling::Square => match rules.moves {
            MoveSet::Rook => "Rook jumping maze".to_string(),
            MoveSet::Queen => "Queen jumping maze".to_string(),
        },
        Tiling::Hex => "Hex jumping maze".to_string(),
        Tiling::Triangle => "Triangle jumping maze".to_string(),
    }];
    parts.push(format!("{} × {}", maze.board.rows, maze.board.cols));
    // What the cells hold, when it is more than a number: the legend says how each is drawn.
    if rules.cells.as_slice() != maze_variants::board::NUMBER_SCHEMA && !rules.cells.is_empty() {
        let names: Vec<String> = rules
            .cells
            .iter()
            .map(|a| a.name().to_lowercase())
            .collect();
        parts.push(format!("cells: {}", names.join(", ")));
    }
    if rules.torus {
        parts.push("torus".to_string());
    }
    if rules.no_u_turn {
        parts.push("no U-turns".to_string());
    }
    if rules.goal == GoalKind::Exit {
        parts.push("exit goal".to_string());
    }
    parts.join(" · ")
}

/// The solution's jumps, each from its origin cell along its direction to the next state's
/// cell: on the plane, so that exits end off the board and wraps can be split.
fn steps(maze: &JumpingMaze, graph: &JumpGraph, features: &Features) -> Vec<Step> {
    let (Some(states), Some(dirs)) = (&features.solution_states, &features.solution_dirs) else {
        return Vec::new();
    };
    let tiling = maze.rules.tiling;
    states
        .iter()
        .zip(states.iter().skip(1))
        .zip(dirs)
        .filter_map(|((&s, &next), &dir)| {
            let from = plane(graph.state_cell(s)?);
            let end = graph.state_cell(next).map(plane);
            // A move ending on a teleport came through its partner: the jump lands there and
            // the teleport carries it on, drawn as a second piece.
            let through = end.and_then(|e| partner(maze, e));
            let landing = through.or(end);
            let to = tiling.walk(from, dir, length(maze, graph, s, from, dir, landing)?);
            let mut pieces = match on_board(maze, to) {
                // A wrapped landing: off one edge, and in again from the opposite one. Tori
                // have even sizes where parity matters, so the shift is a translation.
                Some(landing) if landing != to => {
                    let shift = (landing.0 - to.0, landing.1 - to.1);
                    let entry = (from.0 + shift.0, from.1 + shift.1);
                    vec![
                        (Anchor::cell(from), Anchor::cell(to)),
                        (Anchor::cell(entry), Anchor::cell(landing)),
                    ]
                }
                _ => vec![(Anchor::cell(from), Anchor::cell(to))],
            };
            if let (Some(t), Some(e)) = (through, end) {
                pieces.push((Anchor::cell(t), Anchor::cell(e)));
            }
            Some(Step { pieces })
        })
        .collect()
}

/// The other cell with the teleport name of the cell at `p`, if it has one.
fn partner(maze: &JumpingMaze, p: Plane) -> Option<Plane> {
    let board = &maze.board;
    let name = board.get((p.0 as usize, p.1 as usize)).teleport?;
    (0..board.cells.len())
        .map(|i| (i / board.cols, i % board.cols))
        .find(|&at| plane(at) != p && board.get(at).teleport == Some(name))
        .map(plane)
}

/// How many unit steps a solution move from `from` in `dir` takes, landing on `landing`
/// (`None` when it leaves the board). The cell's jump number when it lands there (on a torus
/// a shorter walk may reach the same cell, and the picture shows the jump made); otherwise
/// (arrows of any length, register lengths, first piece met) the fewest steps that land
/// there, or, for an exit, that leave the board.
fn length(
    maze: &JumpingMaze,
    graph: &JumpGraph,
    state: maze_graph::StateId,
    from: Plane,
    dir: maze_graph::Dir,
    landing: Option<Plane>,
) -> Option<i64> {
    let tiling = maze.rules.tiling;
    let lands = |k: i64| {
        let cell = on_board(maze, tiling.walk(from, dir, k));
        match landing {
            Some(l) => cell == Some(l),
            None => cell
                .is_none_or(|(r, c)| maze.board.get((r as usize, c as usize)).kind == Kind::Void),
        }
    };
    if let Some(k) = graph
        .jump(state)
        .map(i64::from)
        .filter(|&k| k > 0 && lands(k))
    {
        return Some(k);
    }
    // A straight walk revisits its start within rows × cols steps on a torus and leaves a
    // bounded board sooner, so this bound finds every landing.
    let bound = (maze.board.rows * maze.board.cols) as i64 + 1;
    (1..=bound).find(|&k| lands(k))
}

/// The text board of a jumping maze, with the player and the aimed landing of `now`.
pub(crate) fn text(maze: &JumpingMaze, compiled: &CompiledMaze, now: Option<Now>) -> TextBoard {
    let board = &maze.board;
    let tiling = maze.rules.tiling;
    let (schema, dirs) = (&maze.rules.cells, maze.rules.directions());
    // Numbers of 0 or below can only be offsets: then `+3` says so better than `3`.
    let signed = board.cells.iter().any(|c| c.number.is_some_and(|k| k <= 0));
    let colours = text::colour_names(
        board
            .cells
            .iter()
            .filter_map(|c| c.colour)
            .map(|t| t.to_string()),
    );
    let you = now.and_then(|n| compiled.state_cell(n.state));
    let aimed = now
        .and_then(|n| n.aimed)
        .and_then(|s| compiled.state_cell(s));
    let cells: Vec<TextCell> = board
        .cells
        .iter()
        .enumerate()
        .map(|(i, cell)| {
            let (r, c) = (i / board.cols, i % board.cols);
            let tone = match cell.kind {
                Kind::Goal => Tone::Goal,
                Kind::Blocked | Kind::Hole | Kind::DeadEnd | Kind::Empty => Tone::Dim,
                _ => cell
                    .colour
                    .and_then(|t| {
                        colours
                            .iter()
                            .position(|n| maze_variants::Tag::new(n) == Some(t))
                    })
                    .map_or(Tone::Plain, Tone::Colour),
            };
            let highlight = if you == Some((r, c)) {
                Some(Highlight::You)
            } else if aimed == Some((r, c)) {
                Some(Highlight::Aimed)
            } else {
                None
            };
            let on_board = cell.kind != Kind::Void;
            TextCell {
                at: text::position(tiling, (r, c)),
                text: cell_text(cell, schema, dirs, signed),
                tone,
                highlight,
                up: (tiling == Tiling::Triangle && on_board)
                    .then(|| Tiling::points_up(r as i64, c as i64)),
                on_board,
            }
        })
        .collect();

    let mut legend: Vec<Entry> = Vec::new();
    if now.is_some() {
        legend.push(entry("[ ] you"));
    }
    if aimed.is_some() {
        legend.push(entry("< > aimed landing"));
    }
    let has = |wanted: Kind| board.cells.iter().any(|c| c.kind == wanted);
    for (kind, what) in [
        (Kind::Goal, "G goal"),
        (Kind::DeadEnd, "0 dead end"),
        (Kind::Blocked, "# blocked"),
        (Kind::Hole, "o hole"),
        (Kind::Empty, "_ empty"),
    ] {
        if has(kind) {
            legend.push(entry(what));
        }
    }
    if board.cells.iter().any(|c| c.circled) {
        legend.push(entry("@ circled"));
    }
    if board.cells.iter().any(|c| c.wildcard) {
        legend.push(entry("* wildcard"));
    }
    legend.extend(attribute_legend(maze, &cells, &colours));
    if maze.walls.iter().any(|(a, b)| a.0 == b.0) || maze.gates.iter().any(|g| g.from.0 == g.to.0) {
        legend.push(entry("│ wall"));
    }
    legend.extend(gate_legend(maze).into_iter().map(entry));
    if tiling == Tiling::Triangle {
        legend.push(entry("▲ up ▼ down"));
    }
    TextBoard {
        rows: board.rows,
        cols: board.cols,
        cells,
        halves: tiling == Tiling::Hex,
        compact: false,
        walls: maze
            .walls
            .iter()
            .copied()
            .chain(maze.gates.iter().map(|g| (g.from, g.to)))
            .collect(),
        legend,
        place: None,
        places: Vec::new(),
        depth_meaning: "fewest moves from the start to each cell, -- unreachable",
    }
}

/// The arrow glyph of a direction name; the hex and triangle names mean the same headings as
/// the square's, so one table serves every tiling.
fn arrow(name: &str) -> Option<char> {
    Some(match name {
        "N" => '↑',
        "NE" => '↗',
        "E" => '→',
        "SE" => '↘',
        "S" => '↓',
        "SW" => '↙',
        "W" => '←',
        "NW" => '↖',
        _ => return None,
    })
}

fn turn_glyph(turn: Turn) -> char {
    match turn {
        Turn::Reflect => 'O',
        Turn::Clockwise => '↻',
        Turn::Anticlockwise => '↺',
    }
}

/// One attribute of a cell as shown, `None` when the cell lacks it. `signed`: numbers are
/// offsets (the board has some below 1), so every one shows its sign.
fn field(cell: &Cell, attr: Attr, dirs: &Directions, signed: bool) -> Option<String> {
    match attr {
        // As the file writes it: a sign on offsets below 1 and on a wildcard's number.
        Attr::Number => cell.number.map(|k| {
            if k > 0 && !cell.wildcard && !signed {
                k.to_string()
            } else {
                format!("{k:+}")
            }
        }),
        Attr::Arrows => match cell.turn {
            Some(t) => Some(turn_glyph(t).to_string()),
            None if cell.arrows.is_empty() => None,
            None => Some(
                cell.arrows
                    .iter()
                    .map(|d| {
                        let name = dirs.name(d);
                        arrow(name).map_or_else(|| name.to_string(), String::from)
                    })
                    .collect(),
            ),
        },
        Attr::Colour => cell.colour.map(|t| t.to_string()),
        Attr::Symbol => cell.symbol.map(|t| t.to_string()),
        Attr::Piece => cell.piece.map(|p| p.letter().to_string()),
        Attr::Teleport => cell.teleport.map(|t| t.to_string()),
    }
}

/// A cell as shown on a text board: the kinds' marks of RULES.md (`G 0 # o _`, void blank),
/// `*` for a wildcard, the attributes the schema lists joined by `:`, `@` when circled, and
/// `-` (as in the file) for an ordinary cell that holds nothing.
fn cell_text(cell: &Cell, schema: &[Attr], dirs: &Directions, signed: bool) -> String {
    let head = match cell.kind {
        // Void is not part of the board: leave a gap so shaped boards keep their shape.
        Kind::Void => return String::new(),
        Kind::DeadEnd => return "0".into(),
        Kind::Blocked => return "#".into(),
        Kind::Hole => return "o".into(),
        Kind::Empty => return "_".into(),
        Kind::Goal => Some("G".to_string()),
        Kind::Ordinary if cell.wildcard => Some("*".to_string()),
        Kind::Ordinary => None,
    };
    let parts: Vec<String> = head
        .into_iter()
        .chain(schema.iter().filter_map(|&a| field(cell, a, dirs, signed)))
        .collect();
    let mut text = if parts.is_empty() {
        "-".to_string()
    } else {
        parts.join(":")
    };
    if cell.circled {
        text.push('@');
    }
    text
}

/// Legend entries for the attributes the board holds: how a cell reads when it holds several,
/// then the arrows, turns, pieces, colours and symbols present.
fn attribute_legend(maze: &JumpingMaze, texts: &[TextCell], colours: &[String]) -> Vec<Entry> {
    let cells = &maze.board.cells;
    let dirs = maze.rules.directions();
    let mut out = Vec::new();
    if texts.iter().any(|t| t.text == "-") {
        out.push(entry("- plain cell"));
    }
    let schema = &maze.rules.cells;
    if schema.len() > 1 {
        let names: Vec<String> = schema.iter().map(|a| a.name().to_lowercase()).collect();
        out.push(entry(format!("cells read {}", names.join(":"))));
    }
    let arrows = cells.iter().fold(DirSet::EMPTY, |all, c| {
        DirSet::from_bits(all.bits() | c.arrows.bits())
    });
    if !arrows.is_empty() {
        let glyphs: String = arrows.iter().filter_map(|d| arrow(dirs.name(d))).collect();
        out.push(entry(format!("{glyphs} arrows")));
    }
    for (turn, what) in [
        (Turn::Reflect, "reflector (back the way you came)"),
        (Turn::Clockwise, "turn clockwise"),
        (Turn::Anticlockwise, "turn anticlockwise"),
    ] {
        if cells.iter().any(|c| c.turn == Some(turn)) {
            out.push(entry(format!("{} {what}", turn_glyph(turn))));
        }
    }
    for piece in Piece::ALL {
        if cells.iter().any(|c| c.piece == Some(piece)) {
            let name = format!("{piece:?}").to_lowercase();
            out.push(entry(format!("{} {name}", piece.letter())));
        }
    }
    if !colours.is_empty() {
        let mut item = entry("colours");
        for (i, name) in colours.iter().enumerate() {
            item.push((" ".to_string(), Tone::Plain));
            item.push((name.clone(), Tone::Colour(i)));
        }
        out.push(item);
    }
    // The names some cell has in one of its name fields, sorted, each once.
    let names = |field: fn(&Cell) -> Option<maze_variants::Tag>| {
        let mut names: Vec<String> = cells
            .iter()
            .filter_map(field)
            .map(|t| t.to_string())
            .collect();
        names.sort();
        names.dedup();
        names
    };
    let symbols = names(|c| c.symbol);
    if !symbols.is_empty() {
        out.push(entry(format!("symbols {}", symbols.join(" "))));
    }
    let teleports = names(|c| c.teleport);
    if !teleports.is_empty() {
        out.push(entry(format!(
            "teleports {}: landing on one ends the move on the other of its name",
            teleports.join(" ")
        )));
    }
    out
}

/// A one-line description for reports: the rules as the file writes them, size and start.
pub(crate) fn summary(maze: &JumpingMaze) -> String {
    format!(
        "jumping maze {}, {} x {}, start ({}, {})",
        maze.rules.to_ron(),
        maze.board.rows,
        maze.board.cols,
        maze.start.0,
        maze.start.1
    )
}

/// The board's tokens as Neller's exercises print them: the goal as `0`.
pub(crate) fn jump_grid(maze: &JumpingMaze) -> Vec<Vec<String>> {
    let board = &maze.board;
    (0..board.rows)
        .map(|r| {
            (0..board.cols)
                .map(|c| match board.get((r, c)) {
                    Cell::GOAL => "0".to_string(),
                    cell => cell.token(&maze.rules.cells, maze.rules.directions()),
                })
                .collect()
        })
        .collect()
}

/// The text board's words for one-way walls and doors, which it draws as walls: which way each
/// one-way wall is crossed, and where each door stands.
fn gate_legend(maze: &JumpingMaze) -> Vec<String> {
    let at = |(r, c): Coord| format!("({r},{c})");
    let one_way: Vec<String> = maze
        .gates
        .iter()
        .filter(|g| g.passage.one_way())
        .map(|g| format!("{}→{}", at(g.from), at(g.to)))
        .collect();
    let mut out = Vec::new();
    if !one_way.is_empty() {
        out.push(format!("one-way {}", one_way.join(" ")));
    }
    for door in &maze.rules.doors {
        let on: Vec<String> = maze
            .gates
            .iter()
            .filter(|g| g.passage.door() == Some(door.name.as_str()))
            .map(|g| format!("{}|{}", at(g.from), at(g.to)))
            .collect();
        if !on.is_empty() {
            out.push(format!("door {} {}", door.name, on.join(" ")));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use maze_variants::Maze;

    fn maze(src: &str) -> JumpingMaze {
        match maze_file::parse("test.ron", src) {
            Ok(Maze::Jumping(m)) => m,
            Ok(other) => panic!("not a jumping maze: {other:?}"),
            Err(e) => panic!("{}", e.one_line()),
        }
    }

    fn pieces(scene: &Scene) -> Vec<Vec<(Plane, Plane)>> {
        scene
            .steps
            .iter()
            .map(|s| s.pieces.iter().map(|(a, b)| (a.a, b.a)).collect())
            .collect()
    }

    #[test]
    fn a_wall_across_the_wrap_stands_on_both_ends_of_the_board() {
        let m = maze(
            r#"Maze(rules: Jumping(tiling: Square, moves: Rook, torus: true),
                board: ["1 1 1", "1 1 G"], start: (0, 0),
                walls: [((0, 0), (0, 2)), ((0, 1), (1, 1))])"#,
        );
        let s = scene(&m, Options::default());
        // Across the wrap: the left edge of (0,0) and the right edge of (0,2). On a 2-row
        // torus (0,1) and (1,1) share two edges (S and, wrapping, N), and the wall blocks both.
        assert_eq!(
            s.walls,
            vec![
                ((0, 0), (0, -1)),
                ((0, 2), (0, 3)),
                ((0, 1), (-1, 1)),
                ((0, 1), (1, 1)),
                ((1, 1), (0, 1)),
                ((1, 1), (2, 1)),
            ]
        );
    }

    #[test]
    fn exit_jumps_end_on_the_cell_beyond_the_edge() {
        let m = maze(
            r#"Maze(rules: Jumping(tiling: Square, moves: Rook, goal: Exit),
                board: ["2 3 1"], start: (0, 0))"#,
        );
        let s = scene(
            &m,
            Options {
                solution: true,
                depths: false,
            },
        );
        assert_eq!(
            pieces(&s),
            // N comes first in direction order, and a 1-jump N leaves a one-row board.
            vec![vec![((0, 0), (0, 2))], vec![((0, 2), (-1, 2))]]
        );
        assert!(s.exit);
        assert_eq!(s.marks.len(), 1, "no goal cell to mark");
    }

    #[test]
    fn a_jump_around_the_torus_leaves_one_edge_and_enters_the_opposite_one() {
        // From (0,0) N (first in direction order) wraps to (1,0), one move from the goal.
        let m = maze(
            r#"Maze(rules: Jumping(tiling: Square, moves: Rook, torus: true),
                board: ["1 1", "1 G"], start: (0, 0))"#,
        );
        let s = scene(
            &m,
            Options {
                solution: true,
                depths: true,
            },
        );
        assert_eq!(
            pieces(&s),
            vec![
                vec![((0, 0), (-1, 0)), ((2, 0), (1, 0))],
                vec![((1, 0), (1, 1))],
            ]
        );
        assert_eq!(s.depths, Some(vec![Some(0), Some(1), Some(1), Some(2)]));
        assert_eq!(
            s.solution_note.as_deref(),
            Some("solution: 2 moves, one of 2 shortest")
        );
    }

    #[test]
    fn cells_show_their_tokens_and_unreached_cells_have_no_depth() {
        let m = maze(
            r#"Maze(rules: Jumping(tiling: Hex, no_u_turn: true),
                board: ["1 0 # o", ". 5 1 G"], start: (0, 0))"#,
        );
        let s = scene(
            &m,
            Options {
                solution: false,
                depths: true,
            },
        );
        let shown: Vec<(CellKind, Option<&str>)> = s
            .cells
            .iter()
            .map(|v| (v.kind, v.label.as_deref()))
            .collect();
        assert_eq!(
            shown,
            vec![
                (CellKind::Floor, Some("1")),
                (CellKind::DeadEnd, Some("0")),
                (CellKind::Blocked, None),
                (CellKind::Hole, None),
                (CellKind::Void, None),
                (CellKind::Floor, Some("5")),
                (CellKind::Floor, Some("1")),
                (CellKind::Floor, Some("G")),
            ]
        );
        // (0,0) reaches only the dead end E of it (SE of an even row is the void (1,0)).
        assert_eq!(
            s.depths,
            Some(vec![Some(0), Some(1), None, None, None, None, None, None])
        );
        assert_eq!(s.title, "Hex jumping maze · 2 × 4 · no U-turns");
    }

    #[test]
    fn attributes_become_glyphs() {
        let m = maze(
            r#"Maze(rules: Jumping(tiling: Square, cells: [Colour, Arrows],
                    jumps: [(dirs: Arrows, length: Any)]),
                board: ["r:E,S b:CW _", "y:O G:r:- r:N"], start: (0, 0))"#,
        );
        let s = scene(&m, Options::default());
        let first = &s.cells[0];
        assert_eq!(first.kind, CellKind::Floor);
        assert_eq!(first.label, None, "no number, no token text");
        // E and S, two steps away: the drawing takes the direction from the centres.
        assert_eq!(first.glyphs.arrows, vec![(0, 2), (2, 0)]);
        assert_eq!(first.glyphs.colour.as_deref(), Some("r"));
        assert_eq!(s.cells[1].glyphs.turn, Some(maze_variants::Turn::Clockwise));
        assert_eq!(s.cells[2], CellView::plain(CellKind::Empty));
        assert_eq!(s.cells[3].glyphs.turn, Some(maze_variants::Turn::Reflect));
        // A goal with only a colour keeps its `G`.
        assert_eq!(s.cells[4].label.as_deref(), Some("G"));
        assert_eq!(s.cells[4].glyphs.badge, None);
        assert_eq!(s.title, "Jumping maze · 2 × 3 · cells: colour, arrows");
    }

    #[test]
    fn a_goal_showing_an_attribute_keeps_its_g_in_a_corner() {
        let m = maze(
            r#"Maze(rules: Jumping(tiling: Square, cells: [Symbol, Colour],
                    jumps: [(dirs: Orthogonal, length: Any, over: Occupied,
                             land: [Any([SameSymbol, SameColour, Wildcard])])]),
                board: ["A:r B:g@ *", "C:b _ G:A:g"], start: (0, 0))"#,
        );
        let s = scene(&m, Options::default());
        let goal = &s.cells[5];
        assert_eq!(goal.label, None);
        assert_eq!(goal.glyphs.symbol.as_deref(), Some("A"));
        assert_eq!(goal.glyphs.badge.as_deref(), Some("G"));
        assert!(s.cells[1].glyphs.ring);
        assert!(s.cells[2].glyphs.wildcard);
        assert_eq!(s.cells[2].label, None, "the star is drawn from the flag");
    }

    #[test]
    fn signed_boards_sign_every_number() {
        let m = maze(
            r#"Maze(rules: Jumping(tiling: Square,
                    registers: [(name: "J", kind: Counter(min: 0, max: 9))],
                    jumps: [(dirs: List(["E", "W"]), length: Register("J"))],
                    effects: [(on: Leave, do: [Add("J", Number)])]),
                board: ["+3 -1 +0 G"], start: (0, 0))"#,
        );
        let s = scene(&m, Options::default());
        let labels: Vec<Option<&str>> = s.cells.iter().map(|v| v.label.as_deref()).collect();
        assert_eq!(
            labels,
            [Some("+3"), Some("\u{2212}1"), Some("+0"), Some("G")]
        );
    }

    #[test]
    fn solutions_of_any_length_and_of_chess_pieces_are_drawn() {
        // Arrows of any length: no jump number, the landing cell gives the length.
        let arrows = maze(
            r#"Maze(rules: Jumping(tiling: Square, cells: [Arrows],
                    jumps: [(dirs: Arrows, length: Any)]),
                board: ["E S S", "N W G"], start: (0, 0))"#,
        );
        let s = scene(
            &arrows,
            Options {
                solution: true,
                depths: false,
            },
        );
        // Two cells E, then one S onto the goal.
        assert_eq!(
            pieces(&s),
            vec![vec![((0, 0), (0, 2))], vec![((0, 2), (1, 2))]]
        );
        assert_eq!(s.steps.len() as u32, solution_length(&arrows));
        // A knight's leap is one step of its own direction.
        let chess = maze(
            r#"Maze(rules: Jumping(tiling: Square, cells: [Piece],
                    jumps: [(when: [Piece(Knight)], dirs: Knight, length: Exactly(1))]),
                board: ["N _ _", "_ _ G:N"], start: (0, 0))"#,
        );
        let s = scene(
            &chess,
            Options {
                solution: true,
                depths: false,
            },
        );
        assert_eq!(pieces(&s), vec![vec![((0, 0), (1, 2))]]);
    }

    fn solution_length(m: &JumpingMaze) -> u32 {
        let graph = JumpGraph::new(m);
        maze_features::features(&Adjacency::from_rules(&graph), m.blocks())
            .shortest_length
            .unwrap_or(0)
    }
}
