//! Helpers shared by the integration tests: loading mazes and naming states.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use maze::features::{self, Features};
use maze::graph::{Rules, StateGraph, StateId, state_graph};
use maze::variants::{CompiledMaze, Maze};

/// The repository root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A maze with everything the tests look at.
pub struct Analyzed {
    pub maze: Maze,
    pub compiled: CompiledMaze,
    pub graph: StateGraph,
    pub features: Features,
    names: HashMap<String, StateId>,
}

impl Analyzed {
    pub fn new(maze: Maze) -> Analyzed {
        let compiled = maze.compile();
        let graph = state_graph(&compiled);
        let features = features::analyze(&graph, maze.blocks());
        let names = (0..compiled.n_states() as StateId)
            .map(|s| (compiled.state_name(s), s))
            .collect();
        Analyzed {
            maze,
            compiled,
            graph,
            features,
            names,
        }
    }

    /// The state called `name` (`(r,c)`, `(r,c)/D`, `Goal`, `Outside`).
    pub fn state(&self, name: &str) -> StateId {
        *self
            .names
            .get(name)
            .unwrap_or_else(|| panic!("no state named {name}"))
    }

    pub fn name(&self, state: StateId) -> String {
        self.compiled.state_name(state)
    }

    /// The edges out of `name` as (direction names, target name), in direction order.
    pub fn edges(&self, name: &str) -> Vec<(Vec<String>, String)> {
        use petgraph::visit::EdgeRef;
        let node = petgraph::graph::NodeIndex::new(self.state(name) as usize);
        let mut edges: Vec<_> = self.graph.graph.edges(node).collect();
        edges.sort_by_key(|e| e.weight().first());
        edges
            .iter()
            .map(|e| {
                let dirs = e
                    .weight()
                    .iter()
                    .map(|d| self.graph.directions.name(d).to_string())
                    .collect();
                (dirs, self.name(e.target().index() as StateId))
            })
            .collect()
    }
}

/// Parses maze source text, panicking with the diagnostic if it is invalid.
pub fn parse(src: &str) -> Maze {
    maze::variants::parse("test.ron", src).unwrap_or_else(|e| panic!("{}", e.one_line()))
}

/// Reads and parses a maze file.
pub fn read(path: &Path) -> Maze {
    let src = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    maze::variants::parse(&path.display().to_string(), &src)
        .unwrap_or_else(|e| panic!("{}", e.one_line()))
}

/// Analyzes maze source text.
pub fn analyze(src: &str) -> Analyzed {
    Analyzed::new(parse(src))
}
