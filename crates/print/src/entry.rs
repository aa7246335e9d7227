//! One puzzle as the book prints it: its heading (ID, grade, moves), its rules in words, and
//! its two pictures, the puzzle and the answer.

use maze_graph::Adjacency;
use maze_variants::Maze;

/// A puzzle to print.
#[derive(Clone, Debug)]
pub struct Puzzle {
    /// The ID a reader types to find or regenerate it (see `maze generate --id`), or the
    /// file's name for a maze that was not generated.
    pub id: String,
    /// The maze.
    pub maze: Maze,
}

/// What the book needs of a puzzle, computed once.
pub(crate) struct Entry {
    /// `ID · grade 3 (tricky) · 14 moves`.
    pub(crate) heading: String,
    /// The rules in words, a line each.
    pub(crate) rules: Vec<String>,
    /// The puzzle's picture.
    pub(crate) puzzle: Picture,
    /// The picture with its solution.
    pub(crate) answer: Picture,
}

/// An SVG picture with what the layout needs to scale it.
pub(crate) struct Picture {
    pub(crate) svg: String,
    pub(crate) width: f64,
    pub(crate) height: f64,
    /// A cell's size in the picture's units: the distance between neighbouring centres.
    pub(crate) cell: f64,
}

impl Entry {
    pub(crate) fn new(puzzle: &Puzzle) -> Entry {
        let maze = &puzzle.maze;
        let compiled = maze.compile();
        let features = maze_features::features(&Adjacency::from_rules(&compiled), maze.blocks());
        let moves = match features.shortest_length {
            Some(1) => "1 move".to_string(),
            Some(n) => format!("{n} moves"),
            None => "no solution".to_string(),
        };
        let heading = match maze_features::grade(&features) {
            Some(g) => format!("{} · grade {} ({}) · {moves}", puzzle.id, g.level, g.name),
            None => format!("{} · {moves}", puzzle.id),
        };
        // On paper the reader picks a mover by pointing, not by a key.
        let rules = maze_view::caption(maze, &|_| "the solver".to_string());
        let draw = |solution| {
            let mut scene = maze_view::scene(
                maze,
                maze_view::Options {
                    solution,
                    depths: false,
                },
            );
            // The page sets the rules in words above the picture, wrapped to its slot.
            scene.rules.clear();
            let cell = 2.0 * maze_render::geometry::inradius(scene.tiling);
            Picture::new(maze_render::draw(&scene), cell)
        };
        Entry {
            heading,
            rules,
            puzzle: draw(false),
            answer: draw(true),
        }
    }
}

impl Picture {
    fn new(svg: String, cell: f64) -> Picture {
        let width = root_number(&svg, "width");
        let height = root_number(&svg, "height");
        Picture {
            svg,
            width,
            height,
            cell,
        }
    }
}

/// A number attribute of the SVG's root element (the pictures write `width` and `height`).
fn root_number(svg: &str, name: &str) -> f64 {
    let root = svg.find('>').map_or(svg, |end| &svg[..end]);
    let key = format!(" {name}=\"");
    root.find(&key)
        .and_then(|at| {
            let rest = &root[at + key.len()..];
            rest[..rest.find('"')?].parse().ok()
        })
        .unwrap_or(1.0)
}
