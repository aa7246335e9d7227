//! State graphs as JSON: nodes with their names, flags, depths and roles, edges with their
//! directions, and every feature of RULES.md section 3.

use petgraph::visit::EdgeRef;
use serde::Serialize;

use maze_features::Features;
use maze_graph::{StateGraph, StateId};

use crate::roles::{StateRole, roles, solution_moves};

#[derive(Serialize)]
struct Export<'a> {
    directions: &'static [&'static str],
    nodes: Vec<Node>,
    edges: Vec<Edge>,
    features: &'a Features,
}

#[derive(Serialize)]
struct Node {
    id: usize,
    name: String,
    start: bool,
    goal: bool,
    depth: Option<u32>,
    role: StateRole,
}

#[derive(Serialize)]
struct Edge {
    source: usize,
    target: usize,
    directions: Vec<&'static str>,
    solution: bool,
}

/// The state graph as pretty-printed JSON: `{"directions", "nodes", "edges", "features"}`.
/// `name` names states; `features` must be those of `graph`. Nodes are in state order (`id`
/// is the state's index), edges in the graph's edge order.
pub fn json(graph: &StateGraph, features: &Features, name: impl Fn(StateId) -> String) -> String {
    let g = &graph.graph;
    let roles = roles(graph, features);
    let solution = solution_moves(features);
    let nodes = g
        .node_indices()
        .map(|v| {
            let s = v.index() as StateId;
            Node {
                id: v.index(),
                name: name(s),
                start: v == graph.start,
                goal: g[v].goal,
                depth: features.depth(s),
                role: roles[v.index()],
            }
        })
        .collect();
    let edges = g
        .edge_references()
        .map(|e| Edge {
            source: e.source().index(),
            target: e.target().index(),
            directions: e
                .weight()
                .iter()
                .map(|d| graph.directions.name(d))
                .collect(),
            solution: solution.contains(&(e.source(), e.target())),
        })
        .collect();
    let export = Export {
        directions: graph.directions.names,
        nodes,
        edges,
        features,
    };
    // Serializing plain structs of strings, numbers and options cannot fail; `f64` features
    // are finite by construction.
    let mut out = serde_json::to_string_pretty(&export).unwrap_or_default();
    out.push('\n');
    out
}
