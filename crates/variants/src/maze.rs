//! A maze of any variant and its text: what a maze file says of the maze itself, written so
//! that the maze-file reader (`maze-file`) reads it back equal.

use crate::jumping::JumpingMaze;
use crate::limit::StateLimit;
use crate::problem::Problem;
use crate::rolling::RollingBlockMaze;
use crate::tiling::Coord;

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

/// [`write()`] with `fields`, further top-level fields already written one per line (each
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
            if !m.walls.is_empty() || !m.gates.is_empty() {
                let walls: Vec<String> = m
                    .walls
                    .iter()
                    .map(|(a, b)| format!("(({}, {}), ({}, {}))", a.0, a.1, b.0, b.1))
                    .chain(m.gates.iter().map(|g| {
                        format!(
                            "(({}, {}), ({}, {}), {})",
                            g.from.0,
                            g.from.1,
                            g.to.0,
                            g.to.1,
                            crate::text::one_line(&g.passage)
                        )
                    }))
                    .collect();
                out.push_str(&format!("    walls: [{}],\n", walls.join(", ")));
            }
            let pairs = crate::jumping::listed_teleports(&m.board, &m.rules.cells);
            out.push_str(&teleports_line(&pairs));
        }
        Maze::RollingBlock(m) => {
            out.push_str("Maze(\n");
            out.push_str(&format!("    rules: {},\n", m.rules.to_ron()));
            out.push_str("    board: [\n");
            for row in m.row_strings() {
                out.push_str(&format!("        \"{row}\",\n"));
            }
            out.push_str("    ],\n");
            out.push_str(&teleports_line(&m.board.teleports));
        }
    }
    out.push_str(fields);
    out.push_str(")\n");
    out
}

/// The `teleports:` line of a list of pairs, nothing for none.
fn teleports_line(pairs: &[(Coord, Coord)]) -> String {
    if pairs.is_empty() {
        return String::new();
    }
    let pairs: Vec<String> = pairs
        .iter()
        .map(|(a, b)| format!("(({}, {}), ({}, {}))", a.0, a.1, b.0, b.1))
        .collect();
    format!("    teleports: [{}],\n", pairs.join(", "))
}

impl Maze {
    /// An upper bound on the maze's states, computed without building anything large: for a
    /// jumping maze every value of the registers each landable cell keeps, for rolling blocks
    /// the blocks' placements times every setting of the bridges a switch changes.
    pub fn state_estimate(&self) -> u128 {
        match self {
            Maze::Jumping(m) => m.state_estimate(),
            Maze::RollingBlock(m) => m.state_bound(),
        }
    }

    /// An upper bound on the moves the engine generates, computed without building anything
    /// large: [`Maze::state_estimate`] times the most moves from one state (a ray's every
    /// cell for `length: Any` and `UpToNumber`, four rolls per block).
    pub fn move_estimate(&self) -> u128 {
        match self {
            Maze::Jumping(m) => m.state_estimate().saturating_mul(m.moves_per_state()),
            Maze::RollingBlock(m) => m.move_bound(),
        }
    }

    /// Refuses a maze whose states may be more than `limit`, or whose moves more than the
    /// limit allows ([`StateLimit::moves`]), with the estimates and the limit in the message
    /// (rolling blocks whose bound is past the limit only because of bridges have their
    /// reachable states counted, the count stopping at the limit).
    pub fn check_states(&self, limit: StateLimit) -> Result<(), Problem> {
        match self {
            Maze::Jumping(m) => m.check_states(limit),
            Maze::RollingBlock(m) => m.check_states(limit),
        }
    }
}
