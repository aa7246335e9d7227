//! The one place that materialises a maze's full state graph on petgraph.

use petgraph::graph::{DiGraph, NodeIndex};

use crate::adjacency::Adjacency;
use crate::directions::{DirSet, Directions};
use crate::rules::{Rules, StateId};

/// What a state graph knows of a state besides its edges.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Node {
    /// Whether the state is a goal state.
    pub goal: bool,
    /// The jump number of the state's cell, where the variant has jump numbers.
    pub jump: Option<u32>,
}

/// The full state graph of a maze: every state (reachable or not) as a node whose index is
/// its [`StateId`](crate::StateId), every pair of states joined by a move as one edge
/// labelled with every direction that makes that move.
#[derive(Clone, Debug)]
pub struct StateGraph {
    /// The graph itself.
    pub graph: DiGraph<Node, DirSet, u32>,
    /// The start state.
    pub start: NodeIndex,
    /// The variant's direction names, in direction order.
    pub directions: &'static Directions,
}

impl StateGraph {
    /// The goal states, in index order.
    pub fn goals(&self) -> impl Iterator<Item = NodeIndex> + '_ {
        self.graph.node_indices().filter(|&n| self.graph[n].goal)
    }
}

/// Builds the full petgraph state graph of `rules`.
pub fn state_graph<R: Rules + ?Sized>(rules: &R) -> StateGraph {
    to_petgraph(&Adjacency::from_rules(rules))
}

/// The petgraph form of a flat state graph; edges are added state by state, in each state's
/// direction order, so the graph is the same on every run.
pub(crate) fn to_petgraph(adjacency: &Adjacency) -> StateGraph {
    let n = adjacency.n_states();
    let mut graph = DiGraph::with_capacity(n, adjacency.n_moves());
    for s in 0..n as u32 {
        graph.add_node(Node {
            goal: adjacency.is_goal(s),
            jump: adjacency.jump(s),
        });
    }
    for s in 0..n as u32 {
        for (&t, &dirs) in adjacency.targets(s).iter().zip(adjacency.edge_dirs(s)) {
            graph.add_edge(NodeIndex::new(s as usize), NodeIndex::new(t as usize), dirs);
        }
    }
    StateGraph {
        graph,
        start: NodeIndex::new(adjacency.start() as usize),
        directions: adjacency.directions(),
    }
}

impl Adjacency {
    /// The petgraph form of this graph.
    pub fn to_state_graph(&self) -> StateGraph {
        to_petgraph(self)
    }

    /// The flat form of a petgraph state graph (node `i` is state `i`).
    pub fn from_graph(graph: &StateGraph) -> Adjacency {
        use petgraph::visit::EdgeRef;
        let g = &graph.graph;
        let mut adjacency = Adjacency::new(graph.directions);
        adjacency.set_start(graph.start.index() as StateId);
        let mut edges: Vec<(StateId, DirSet)> = Vec::new();
        for node in g.node_indices() {
            let weight = g[node];
            edges.clear();
            edges.extend(
                g.edges(node)
                    .map(|e| (e.target().index() as StateId, *e.weight())),
            );
            edges.sort_unstable_by_key(|&(t, dirs)| (dirs.first(), t));
            adjacency.push_state(weight.goal, weight.jump, edges.iter().copied());
        }
        adjacency
    }
}

impl StateGraph {
    /// The graph as text for review: one line per state, in state order, with its role and
    /// its moves in direction order (`E+NE -> (0,3)` for an edge two directions make).
    pub fn describe(&self, name: impl Fn(crate::StateId) -> String) -> String {
        use petgraph::visit::EdgeRef;
        use std::fmt::Write;
        let g = &self.graph;
        let mut out = String::new();
        for node in g.node_indices() {
            let mut edges: Vec<(DirSet, NodeIndex)> =
                g.edges(node).map(|e| (*e.weight(), e.target())).collect();
            edges.sort_by_key(|(dirs, t)| (dirs.first(), t.index()));
            let mut roles = Vec::new();
            if node == self.start {
                roles.push("start");
            }
            if g[node].goal {
                roles.push("goal");
            }
            let _ = write!(out, "{}", name(node.index() as crate::StateId));
            if !roles.is_empty() {
                let _ = write!(out, " [{}]", roles.join(", "));
            }
            if edges.is_empty() {
                out.push_str(": no moves\n");
                continue;
            }
            let moves: Vec<String> = edges
                .iter()
                .map(|(dirs, t)| {
                    format!(
                        "{} -> {}",
                        dirs.names(self.directions, "+"),
                        name(t.index() as crate::StateId)
                    )
                })
                .collect();
            let _ = writeln!(out, ": {}", moves.join(", "));
        }
        out
    }
}
