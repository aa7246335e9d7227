//! Rolling-block mazes as scenes: floor, no-floor, fragile and bridge tiles on the square
//! tiling, switches with their buttons, names and what they act on, every block's start and
//! goal footprints, and the solution.
//!
//! Switches are named `A`, `B`, ... in reading order of their cells ([`scene::switch_name`]);
//! each bridge a switch acts on carries the switch's name and the sign of what it does, and
//! each cell a split switch sends a cube to carries its name too. With several blocks, starts
//! and goals are labelled `S1`, `G1`, `S2`, ... by block number.
//!
//! The solution is each roll as an arrow from one footprint's centre to the next
//! ([`Scene::steps`]), and move by move ([`Scene::answer`]): the mover (the block, block
//! `k`, or the cube on a cell while the block is split) and its direction, the bridges each
//! move turns (read off [`RollGraph::view`] of consecutive solution states), splits and
//! merges, and where every block or cube stands before the move; a short answer whose
//! numbers fit stays on the board, a long or eventful one goes into numbered frames. The
//! board has rulers, so that the move list can name cells.
//!
//! As a text board ([`text()`]) it shows a state, not only the file: bridges on (`=`) or off
//! (`-`) as the state has them, switches by kind (`o` soft, `x` heavy, `y` split), every block
//! (`[]` for the only one, `b1` `b2` ... for several) or both cubes of a split block (`c1`
//! `c2`, in reading order as the move names have them), the selected mover in the chosen
//! tone, the first block's goal `G` and the other blocks' goals `g2` `g3` ....

use maze_graph::{Adjacency, Rules, StateId};
use maze_variants::Coord;
use maze_variants::rolling::{
    Footprint, RollGraph, RollingBlockMaze, SPLIT_DIRECTIONS, StateView, SwitchKind, Tile,
};

use crate::scene::{self, Act, Anchor, Body, CellView, Mark, Move, Position, Role, Scene, Step};
use crate::scene::{Options, Plane};
use crate::text::{self, Entry, Now, TextBoard, TextCell, Tone, entry};
use crate::tiles::{self, Legend};

/// The scene of a rolling-block maze, with the overlays `options` ask for.
pub(crate) fn scene(maze: &RollingBlockMaze, options: Options) -> Scene {
    let board = &maze.board;
    let rules = &maze.rules;
    let several = !rules.others.is_empty();
    let numbers = switch_numbers(maze);
    // Every block's start and goal, labelled by block number when there are several.
    let mut ends: Vec<(Role, Footprint, String)> = Vec::new();
    let tag = |letter: &str, k: usize| {
        if several {
            format!("{letter}{k}")
        } else {
            letter.to_string()
        }
    };
    ends.push((Role::Start, maze.start, tag("S", 1)));
    ends.push((Role::Goal, maze.goal, tag("G", 1)));
    for (k, other) in rules.others.iter().enumerate() {
        ends.push((Role::Start, other.start, tag("S", k + 2)));
        if let Some(goal) = other.goal {
            ends.push((Role::Goal, goal, tag("G", k + 2)));
        }
    }
    let cells = (0..board.rows * board.cols)
        .map(|i| {
            let at = (i / board.cols, i % board.cols);
            let labels: Vec<&str> = ends
                .iter()
                .filter(|(_, f, _)| f.contains(at))
                .map(|(_, _, l)| l.as_str())
                .collect();
            cell_view(maze, &numbers, at, board.get(at), labels)
        })
        .collect();
    let (a, b, h) = rules.block;
    let title = if several {
        let dims: Vec<String> = rules
            .dims()
            .iter()
            .map(|(x, y, z)| format!("{x}x{y}x{z}"))
            .collect();
        // Blocks without a goal of their own only make way.
        let (with, free): (Vec<String>, Vec<String>) = std::iter::once(true)
            .chain(rules.others.iter().map(|o| o.goal.is_some()))
            .enumerate()
            .map(|(k, goal)| (goal, (k + 1).to_string()))
            .fold(
                (Vec::new(), Vec::new()),
                |(mut with, mut free), (goal, k)| {
                    if goal {
                        with.push(k)
                    } else {
                        free.push(k)
                    }
                    (with, free)
                },
            );
        let task = match (with.as_slice(), free.as_slice()) {
            (_, []) => "roll each block k onto its goal Gk".to_string(),
            ([k], _) => format!("roll block {k} onto G{k}"),
            (ks, _) => format!("roll blocks {} each onto its goal Gk", ks.join(", ")),
        };
        let task = match free.as_slice() {
            [] => task,
            [k] => format!("{task}; block {k} has no goal and makes way"),
            ks => format!("{task}; blocks {} have no goal and make way", ks.join(", ")),
        };
        format!("Rolling blocks {}: {task}", dims.join(", "))
    } else {
        format!("Rolling block {a}x{b}x{h}: roll it to cover exactly the goal G")
    };
    let label_key = if several {
        ends.iter()
            .map(|(role, _, label)| {
                let k = &label[1..];
                let what = match role {
                    Role::Start => format!("block {k} starts here"),
                    Role::Goal => format!("block {k} must end here"),
                };
                (label.clone(), what)
            })
            .collect()
    } else {
        Vec::new()
    };
    let mut out = Scene {
        tiling: maze_variants::Tiling::Square,
        rows: board.rows,
        cols: board.cols,
        cells,
        walls: Vec::new(),
        gates: Vec::new(),
        marks: ends
            .iter()
            .map(|&(role, f, _)| Mark {
                role,
                cells: footprint_cells(f),
            })
            .collect(),
        torus: false,
        exit: false,
        title,
        // Set by `crate::scene`, which knows every variant's caption.
        rules: Vec::new(),
        steps: Vec::new(),
        solution_note: None,
        depths: None,
        rulers: true,
        label_key,
        answer: Vec::new(),
    };
    if options.solution || options.depths {
        let graph = RollGraph::new(maze);
        let features = maze_features::features(&Adjacency::from_rules(&graph), maze.blocks());
        if options.solution {
            let states = features.solution_states.as_deref().unwrap_or(&[]);
            let dirs = features.solution_dirs.as_deref().unwrap_or(&[]);
            out.answer = states
                .windows(2)
                .zip(dirs)
                .map(|(w, &d)| {
                    let name = graph.directions().name(d);
                    answer_move(maze, &graph, &numbers, w[0], w[1], name)
                })
                .collect();
            out.steps = out.answer.iter().map(|m| m.step.clone()).collect();
            out.solution_note = Some(scene::solution_note(&features));
        }
        if options.depths {
            out.depths = Some(scene::cell_depths(board.rows, board.cols, &features, |s| {
                graph.view(s).cells()
            }));
        }
        debug_assert_eq!(graph.n_states(), features.n_states);
    }
    out
}

/// Per switch of the rules (in the file's order), its number: its rank in reading order of
/// the switches' cells.
fn switch_numbers(maze: &RollingBlockMaze) -> Vec<usize> {
    let switches = &maze.rules.switches;
    let mut order: Vec<usize> = (0..switches.len()).collect();
    order.sort_by_key(|&i| switches[i].at);
    let mut numbers = vec![0; switches.len()];
    for (rank, &i) in order.iter().enumerate() {
        numbers[i] = rank;
    }
    numbers
}

/// What the cell at `at` shows: its tile, the start and goal labels on it, its switch's
/// button and name, the switches acting on it, the split switches sending a cube to it.
fn cell_view(
    maze: &RollingBlockMaze,
    numbers: &[usize],
    at: Coord,
    tile: Tile,
    labels: Vec<&str>,
) -> CellView {
    let look = tiles::look(tile);
    let kind = look.kind;
    let mut view = if labels.is_empty() {
        CellView::plain(kind)
    } else {
        CellView::labelled(kind, labels.join("/"))
    };
    // The pair of `t` tiles is named by the tile's character, a declared pair `p1`, `p2`, ...
    view.glyphs.teleport = if look.teleport {
        Some(tile.to_char().to_string())
    } else {
        maze.board.listed_teleport(at)
    };
    for (switch, &number) in maze.rules.switches.iter().zip(numbers) {
        if switch.at == at
            && let Some(button) = look.button
        {
            view.glyphs.button = Some((button, number));
        }
        for action in &switch.acts {
            if action.tile() == at {
                let act = match action {
                    maze_variants::rolling::Action::On(_) => Act::On,
                    maze_variants::rolling::Action::Off(_) => Act::Off,
                    maze_variants::rolling::Action::Toggle(_) => Act::Toggle,
                };
                view.glyphs.switched.push((number, act));
            }
        }
        if let Some((a, b)) = switch.split
            && (a == at || b == at)
        {
            view.glyphs.target.push(number);
        }
    }
    view.glyphs.switched.sort_unstable();
    view.glyphs.target.sort_unstable();
    view
}

fn footprint_cells(f: Footprint) -> Vec<Plane> {
    f.cells().map(|(r, c)| (r as i64, c as i64)).collect()
}

/// The centre of a footprint.
fn span(f: Footprint) -> Anchor {
    let (a, b) = corners(f);
    Anchor::span(a, b)
}

/// A footprint's top-left and bottom-right cells.
fn corners(f: Footprint) -> (Plane, Plane) {
    (
        (f.row as i64, f.col as i64),
        ((f.row + f.rows - 1) as i64, (f.col + f.cols - 1) as i64),
    )
}

fn cell_text((r, c): Coord) -> String {
    format!("({r},{c})")
}

/// Where a block with footprint `f` and extents `[rows, cols, height]` lands when it rolls
/// towards `compass` (0 N, 1 E, 2 S, 3 W), and its new extents; `None` off the top or left.
/// The engine decides whether the roll is legal; this is only where it goes, so that an
/// arrow can end where the block lands even when it then splits.
fn rolled(f: Footprint, [h, w, z]: [usize; 3], compass: usize) -> Option<(Footprint, [usize; 3])> {
    let (row, col, ext) = match compass {
        0 => (f.row.checked_sub(z)?, f.col, [z, w, h]),
        2 => (f.row + h, f.col, [z, w, h]),
        1 => (f.row, f.col + w, [h, z, w]),
        _ => (f.row, f.col.checked_sub(z)?, [h, z, w]),
    };
    Some((
        Footprint {
            row,
            col,
            rows: ext[0],
            cols: ext[1],
        },
        ext,
    ))
}

/// Who a move of direction `name` moves: block `k` (from 0), or cube 0 or 1 of a split
/// block in reading order; and the compass direction (0 N ... 3 W). Names are those of
/// `ROLL_DIRECTIONS`, `SPLIT_DIRECTIONS` (`c1N`) and `BLOCKS_DIRECTIONS` (`2N`).
fn mover(name: &str) -> (Mover, usize) {
    let compass = match name.chars().last() {
        Some('N') => 0,
        Some('E') => 1,
        Some('S') => 2,
        _ => 3,
    };
    let prefix = &name[..name.len() - 1];
    let who = match prefix {
        "c1" => Mover::Cube(0),
        "c2" => Mover::Cube(1),
        "" => Mover::Block(0),
        k => Mover::Block(k.parse::<usize>().map_or(0, |k| k - 1)),
    };
    (who, compass)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mover {
    Block(usize),
    Cube(usize),
}

const COMPASS: [&str; 4] = ["N", "E", "S", "W"];

/// Where everything stands in `view`, and the cells whose bridge state differs from the
/// board's.
fn position(maze: &RollingBlockMaze, view: &StateView) -> Position {
    let cols = maze.board.cols;
    let several = view.blocks.len() > 1;
    let mut bodies: Vec<Body> = view
        .blocks
        .iter()
        .enumerate()
        .map(|(k, &(f, _))| {
            let (a, b) = corners(f);
            Body {
                a,
                b,
                label: several.then(|| (k + 1).to_string()),
            }
        })
        .collect();
    for (r, c) in view.cubes.into_iter().flatten() {
        let cell = (r as i64, c as i64);
        bodies.push(Body {
            a: cell,
            b: cell,
            label: None,
        });
    }
    let kinds = view
        .bridges
        .iter()
        .filter(|&&(at, on)| maze.board.get(at) != Tile::Bridge { on })
        .map(|&((r, c), on)| (r * cols + c, tiles::look(Tile::Bridge { on }).kind))
        .collect();
    Position { kinds, bodies }
}

/// One move of the answer, from state `from` to `to` by the direction named `name`.
fn answer_move(
    maze: &RollingBlockMaze,
    graph: &RollGraph,
    numbers: &[usize],
    from: StateId,
    to: StateId,
    name: &str,
) -> Move {
    let (before, after) = (graph.view(from), graph.view(to));
    let (who, compass) = mover(name);
    let several = before.blocks.len() > 1;
    let splittable = maze.rules.switches.iter().any(|s| s.split.is_some());
    // Where the mover stands and lands, and whether it lands as a whole block standing.
    let (origin, landing, standing, text) = match (who, before.cubes) {
        (Mover::Cube(i), Some(cubes)) => {
            let (r, c) = cubes[i];
            let cube = Footprint {
                row: r,
                col: c,
                rows: 1,
                cols: 1,
            };
            let landing = rolled(cube, [1, 1, 1], compass).map_or(cube, |(f, _)| f);
            let text = format!("cube {} {}", cell_text((r, c)), COMPASS[compass]);
            (cube, landing, false, text)
        }
        (Mover::Block(k), _) if k < before.blocks.len() => {
            let (f, ext) = before.blocks[k];
            let (landing, ext) = rolled(f, ext, compass).unwrap_or((f, ext));
            let text = if several {
                format!("block {} {}", k + 1, COMPASS[compass])
            } else if splittable {
                format!("block {}", COMPASS[compass])
            } else {
                COMPASS[compass].to_string()
            };
            (f, landing, ext[0] == 1 && ext[1] == 1, text)
        }
        // A direction the state does not have: the engine never gives one.
        _ => {
            let (f, _) = graph.placement(from);
            (f, graph.placement(to).0, false, name.to_string())
        }
    };
    // A block at rest on a teleport alone goes on to the other one: the roll's arrow ends on
    // the teleport, a second piece goes on to where the block stands.
    let through = match who {
        Mover::Block(_) if landing.rows == 1 && landing.cols == 1 => maze
            .board
            .teleport_partner((landing.row, landing.col))
            .map(|(row, col)| Footprint {
                row,
                col,
                ..landing
            }),
        _ => None,
    };
    // Every state on the goal is one state, with the bridges as at the start and blocks
    // without a goal where they started: nothing about it but the goal is news.
    let goal = graph.is_goal(to);
    if let (Mover::Block(k), false, false) = (who, after.blocks.is_empty(), goal) {
        debug_assert_eq!(
            after.blocks.get(k).map(|b| b.0),
            Some(through.unwrap_or(landing)),
            "{name}"
        );
    }
    let mut notes = Vec::new();
    if let Some(t) = through {
        notes.push(format!(
            "teleports from {} to {}",
            cell_text((landing.row, landing.col)),
            cell_text((t.row, t.col))
        ));
    }
    let turned: Vec<(Coord, bool)> = if goal {
        Vec::new()
    } else {
        before
            .bridges
            .iter()
            .zip(&after.bridges)
            .filter(|(b, a)| b.1 != a.1)
            .map(|(_, &a)| a)
            .collect()
    };
    // The switches under the landing cells that this landing presses.
    let pressed: Vec<usize> = {
        let mut pressed: Vec<usize> = maze
            .rules
            .switches
            .iter()
            .zip(numbers)
            .filter(|(s, _)| landing.contains(s.at))
            .filter(|(s, _)| match maze.board.get(s.at) {
                Tile::Switch(SwitchKind::Soft) => true,
                Tile::Switch(_) => standing && matches!(who, Mover::Block(_)),
                _ => false,
            })
            .map(|(_, &n)| n)
            .collect();
        pressed.sort_unstable();
        pressed
    };
    let names = |ns: &[usize]| {
        let names: Vec<String> = ns.iter().map(|&n| scene::switch_name(n)).collect();
        names.join(", ")
    };
    if !turned.is_empty() {
        let list = |on: bool| {
            let cells: Vec<String> = turned
                .iter()
                .filter(|t| t.1 == on)
                .map(|t| cell_text(t.0))
                .collect();
            (!cells.is_empty())
                .then(|| format!("{} {}", if on { "on" } else { "off" }, cells.join(" ")))
        };
        let what: Vec<String> = [list(true), list(false)].into_iter().flatten().collect();
        let by = if pressed.is_empty() {
            "bridges".to_string()
        } else {
            format!("presses {}", names(&pressed))
        };
        notes.push(format!("{by}: {}", what.join("; ")));
    }
    match (before.cubes, after.cubes) {
        (None, Some([a, b])) => {
            let on = if pressed.is_empty() {
                String::new()
            } else {
                format!(" on {}", names(&pressed))
            };
            notes.push(format!(
                "splits{on}: cubes to {} {}",
                cell_text(a),
                cell_text(b)
            ));
        }
        (Some(_), None) if !goal => {
            let cells: Vec<String> = after
                .blocks
                .first()
                .map(|(f, _)| f.cells().map(cell_text).collect())
                .unwrap_or_default();
            notes.push(format!("the cubes merge: block on {}", cells.join(" ")));
        }
        _ => {}
    }
    if goal {
        notes.push("reaches the goal".to_string());
    }
    let mut pieces = vec![(span(origin), span(landing))];
    if let Some(t) = through {
        pieces.push((span(landing), span(t)));
    }
    Move {
        step: Step { pieces },
        text,
        // A merge needs no new picture: the cubes' arrows end where the block lies.
        changes: !goal && (!turned.is_empty() || (before.cubes.is_none() && after.cubes.is_some())),
        notes,
        before: position(maze, &before),
    }
}

/// The text board of a rolling-block maze at the state of `now` (at the start without one).
pub(crate) fn text(maze: &RollingBlockMaze, graph: &RollGraph, now: Option<Now>) -> TextBoard {
    let board = &maze.board;
    let mut view = graph.view(now.map_or(graph.start(), |n| n.state));
    if let Some(before) = now.and_then(|n| n.before) {
        view.bridges = graph.view(before).bridges;
    }
    let selected = now.map_or(0, |n| n.selected);
    let cells = (0..board.rows * board.cols)
        .map(|i| {
            let at = (i / board.cols, i % board.cols);
            let (text, tone) = tile_text(maze, &view, selected, at);
            TextCell {
                at: text::position(maze_variants::Tiling::Square, at),
                text,
                tone,
                highlight: None,
                up: None,
                on_board: board.get(at) != Tile::NoFloor,
            }
        })
        .collect();
    let split = graph.directions().names == SPLIT_DIRECTIONS.names;
    let blocks = graph.blocks().len();
    let mut legend: Vec<Entry> = if blocks > 1 {
        let names: Vec<String> = (1..=blocks).map(|k| format!("b{k}")).collect();
        vec![entry(format!("{} blocks", names.join(" ")))]
    } else if split {
        vec![entry("[] block"), entry("c1 c2 cubes")]
    } else {
        vec![entry("[] block")]
    };
    if blocks > 1 || split {
        legend.push(entry("reversed: the one that rolls"));
    }
    legend.push(entry("G goal"));
    legend.extend(
        maze.rules
            .others
            .iter()
            .enumerate()
            .filter(|(_, b)| b.goal.is_some())
            .map(|(j, _)| entry(format!("g{} goal of block {}", j + 2, j + 2))),
    );
    for tile in tiles::legend_order() {
        let lines = match tiles::look(tile).legend {
            Legend::Always(lines) => lines,
            Legend::Present(lines) if board.tiles.iter().any(|&t| tiles::same_kind(t, tile)) => {
                lines
            }
            Legend::Present(_) => Vec::new(),
        };
        legend.extend(lines.into_iter().map(entry));
    }
    if !board.teleports.is_empty() {
        let names: Vec<String> = (1..=board.teleports.len())
            .map(|i| format!("p{i}"))
            .collect();
        legend.push(entry(format!(
            "{} teleports (a block standing on one moves to the other of its name)",
            names.join(" ")
        )));
    }
    let (place, places) = match (view.cubes, view.blocks.as_slice()) {
        (None, [(b, _)]) => (
            Some(format!(
                "Block covers {} x {} cells from ({},{})",
                b.rows, b.cols, b.row, b.col
            )),
            Vec::new(),
        ),
        (Some(cubes), _) => (
            None,
            cubes
                .iter()
                .enumerate()
                .map(|(k, &(r, c))| format!("cube {} on ({r},{c})", k + 1))
                .collect(),
        ),
        (None, blocks) => (
            None,
            blocks
                .iter()
                .enumerate()
                .map(|(k, (f, [h, w, z]))| {
                    format!("block {} at ({},{}) {h}x{w}x{z}", k + 1, f.row, f.col)
                })
                .collect(),
        ),
    };
    TextBoard {
        rows: board.rows,
        cols: board.cols,
        cells,
        halves: false,
        compact: true,
        walls: Vec::new(),
        legend,
        place,
        places,
        depth_meaning: "fewest rolls from the start to a placement whose top-left cell is this one, -- none",
    }
}

/// What a cell of a rolling-block board shows at `view`, and in which tone.
fn tile_text(
    maze: &RollingBlockMaze,
    view: &StateView,
    selected: usize,
    at: Coord,
) -> (String, Tone) {
    if let Some(cubes) = view.cubes
        && let Some(i) = cubes.iter().position(|&c| c == at)
    {
        let tone = if i == selected {
            Tone::Chosen
        } else {
            Tone::Other
        };
        return (format!("c{}", i + 1), tone);
    }
    if let Some(k) = view.blocks.iter().position(|(f, _)| f.contains(at)) {
        return match view.blocks.len() {
            1 => ("[]".to_string(), Tone::Chosen),
            _ if k == selected => (format!("b{}", k + 1), Tone::Chosen),
            _ => (format!("b{}", k + 1), Tone::Other),
        };
    }
    if maze.goal.contains(at) {
        return ("G ".to_string(), Tone::Goal);
    }
    if let Some(j) = maze
        .rules
        .others
        .iter()
        .position(|b| b.goal.is_some_and(|g| g.contains(at)))
    {
        return (format!("g{}", j + 2), Tone::Goal);
    }
    if let Some(name) = maze.board.listed_teleport(at) {
        return (name, Tone::Strong);
    }
    let look = tiles::look(maze.board.get(at));
    let (text, tone) = match look.off {
        Some(off) if !view.bridges.iter().any(|&(c, on)| c == at && on) => off,
        _ => look.text,
    };
    (text, tone)
}

/// A one-line description for reports: the rules as the file writes them, size, start and
/// goal footprints.
pub(crate) fn summary(maze: &RollingBlockMaze) -> String {
    let footprint = |f: Footprint| format!("({},{}) {} x {}", f.row, f.col, f.rows, f.cols);
    format!(
        "rolling-block maze {}, {} x {}, start footprint {}, goal footprint {}",
        maze.rules.to_ron(),
        maze.board.rows,
        maze.board.cols,
        footprint(maze.start),
        footprint(maze.goal)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rolls_land_where_the_engine_puts_them() {
        let f = |row, col, rows, cols| Footprint {
            row,
            col,
            rows,
            cols,
        };
        // Standing on (2,2): north onto (0,2)-(1,2), east onto (2,3)-(2,4).
        assert_eq!(
            rolled(f(2, 2, 1, 1), [1, 1, 2], 0),
            Some((f(0, 2, 2, 1), [2, 1, 1]))
        );
        assert_eq!(
            rolled(f(2, 2, 1, 1), [1, 1, 2], 1),
            Some((f(2, 3, 1, 2), [1, 2, 1]))
        );
        // Lying east-west on (2,3)-(2,4): east stands it on (2,5), west on (2,2).
        assert_eq!(
            rolled(f(2, 3, 1, 2), [1, 2, 1], 1),
            Some((f(2, 5, 1, 1), [1, 1, 2]))
        );
        assert_eq!(
            rolled(f(2, 3, 1, 2), [1, 2, 1], 3),
            Some((f(2, 2, 1, 1), [1, 1, 2]))
        );
        assert_eq!(rolled(f(0, 0, 1, 1), [1, 1, 2], 0), None);
    }

    /// The pairs of a `teleports:` list are named `p1`, `p2`, ... on the text board, in its
    /// legend and on the picture's teleport rings.
    #[test]
    fn declared_teleports_are_named_in_order() {
        let src = include_str!("../../../tests/fixtures/rules/rolling_teleport_list.ron");
        let maze = maze_file::parse("list.ron", src).unwrap_or_else(|e| panic!("{}", e.one_line()));
        let maze_variants::Maze::RollingBlock(m) = &maze else {
            panic!("a rolling-block maze");
        };
        let board = crate::text_board(&maze, &maze.compile(), None);
        let shown = |at: Coord| board.cells[at.0 * board.cols + at.1].text.clone();
        assert_eq!(
            [(0, 3), (2, 0), (2, 3), (4, 0), (2, 1)].map(shown),
            ["p1", "p1", "p2", "p2", ". "]
        );
        let legend: Vec<String> = board
            .legend
            .iter()
            .map(|e| e.iter().map(|(t, _)| t.as_str()).collect())
            .collect();
        assert!(
            legend.contains(
                &"p1 p2 teleports (a block standing on one moves to the other of its name)"
                    .to_string()
            ),
            "{legend:?}"
        );
        let scene = scene(m, Options::default());
        let named: Vec<Option<String>> = [(0, 3), (4, 0), (0, 0)]
            .map(|(r, c)| scene.cells[r * 4 + c].glyphs.teleport.clone())
            .into();
        assert_eq!(named, [Some("p1".into()), Some("p2".into()), None]);
    }

    #[test]
    fn direction_names_say_who_moves() {
        assert_eq!(mover("N"), (Mover::Block(0), 0));
        assert_eq!(mover("2W"), (Mover::Block(1), 3));
        assert_eq!(mover("c1E"), (Mover::Cube(0), 1));
        assert_eq!(mover("c2S"), (Mover::Cube(1), 2));
    }
}
