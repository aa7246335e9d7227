//! A maze of any variant and its text: what a maze file says of the maze itself, written so
//! that the maze-file reader (`maze-file`) reads it back equal.

use ron::extensions::Extensions;

use crate::jumping::JumpingMaze;
use crate::rolling::RollingBlockMaze;

/// A maze of any variant, as a maze file describes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Maze {
    /// A jumping maze on any tiling.
    Jumping(JumpingMaze),
    /// A rolling-block maze.
    RollingBlock(RollingBlockMaze),
}

/// Writes a maze as a maze file that the maze-file reader reads back to the same maze.
/// `header` lines become `//` comments at the top.
pub fn write(maze: &Maze, header: &[String]) -> String {
    write_with(maze, header, "")
}

/// [`write`] with `fields`, further top-level fields already written one per line (each
/// indented four spaces and ending `,\n`), before the closing parenthesis: how a maze file's
/// `generate` and `provenance` sections follow the maze.
pub fn write_with(maze: &Maze, header: &[String], fields: &str) -> String {
    let mut out = String::new();
    for line in header {
        out.push_str("// ");
        out.push_str(line);
        out.push('\n');
    }
    match maze {
        Maze::Jumping(m) => {
            out.push_str("Maze(\n");
            out.push_str(&format!("    rules: {},\n", m.rules.to_ron()));
            out.push_str("    board: [\n");
            for row in m.board.row_strings(&m.rules.cells, m.rules.directions()) {
                out.push_str(&format!("        \"{row}\",\n"));
            }
            out.push_str("    ],\n");
            out.push_str(&format!("    start: ({}, {}),\n", m.start.0, m.start.1));
            if !m.walls.is_empty() {
                let walls: Vec<String> = m
                    .walls
                    .iter()
                    .map(|(a, b)| format!("(({}, {}), ({}, {}))", a.0, a.1, b.0, b.1))
                    .collect();
                out.push_str(&format!("    walls: [{}],\n", walls.join(", ")));
            }
        }
        Maze::RollingBlock(m) => {
            out.push_str("Maze(\n");
            out.push_str(&format!("    rules: {},\n", m.rules.to_ron()));
            out.push_str("    board: [\n");
            for row in m.row_strings() {
                out.push_str(&format!("        \"{row}\",\n"));
            }
            out.push_str("    ],\n");
        }
    }
    out.push_str(fields);
    out.push_str(")\n");
    out
}

/// The RON options every maze file is read with: newtype variants unwrapped
/// (`Fixed((1, 2))` as `Fixed(1, 2)`) and `Some` implicit.
pub fn ron_options() -> ron::Options {
    ron::Options::default().with_default_extension(EXTENSIONS)
}

const EXTENSIONS: Extensions = Extensions::UNWRAP_VARIANT_NEWTYPES.union(Extensions::IMPLICIT_SOME);

/// A value as one line of RON, `(a: 1, b: Some)` style, in the file's extensions.
pub fn one_line<T: serde::Serialize>(value: &T) -> String {
    let config = ron::ser::PrettyConfig::new()
        .new_line("")
        .indentor("")
        .separator(" ")
        .struct_names(false)
        .compact_arrays(true)
        .compact_structs(true)
        .extensions(EXTENSIONS);
    let text = ron::ser::to_string_pretty(value, config).unwrap_or_default();
    // The serializer announces the extensions it used (`#![enable(...)]`); the reader enables
    // them anyway.
    let mut rest = text.trim();
    while let Some(after) = rest.strip_prefix("#![") {
        rest = after.split_once(']').map_or("", |(_, r)| r).trim_start();
    }
    rest.to_string()
}
