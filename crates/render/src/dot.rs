//! State graphs as Graphviz DOT: start, goal, black-hole, white-hole and cut-off states
//! styled apart, the solution in red, every edge labelled with its directions.

use std::fmt::Write;

use petgraph::visit::EdgeRef;

use maze_features::Features;
use maze_graph::{StateGraph, StateId};

use crate::roles::{StateRole, roles, solution_moves};

const SOLUTION: &str = "#d32f2f";

/// `text` as a DOT double-quoted string, quotes included.
fn quoted(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for ch in text.chars() {
        match ch {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => {}
            _ => out.push(ch),
        }
    }
    out.push('"');
    out
}

/// The state graph in DOT. `name` names states (`(2,3)`, `(2,3)/NE`, `Goal`); `features`
/// must be those of `graph`. Nodes are `s0`, `s1`, ... in state order; edges follow in the
/// graph's edge order, so the text is the same on every run.
pub fn dot(graph: &StateGraph, features: &Features, name: impl Fn(StateId) -> String) -> String {
    let g = &graph.graph;
    let roles = roles(graph, features);
    let solution = solution_moves(features);
    let on_path: Vec<bool> = {
        let mut on = vec![false; g.node_count()];
        for &(u, v) in &solution {
            on[u.index()] = true;
            on[v.index()] = true;
        }
        on
    };
    let mut out = String::new();
    let legend = "start: box · goal: double circle · black hole: dark · white hole: dashed · \
                  unreachable: grey · solution: red";
    let _ = writeln!(out, "digraph maze {{");
    let _ = writeln!(
        out,
        "  graph [rankdir=LR, fontname=\"Helvetica\", fontsize=10, labelloc=b, label={}];",
        quoted(legend)
    );
    let _ = writeln!(
        out,
        "  node [fontname=\"Helvetica\", fontsize=11, shape=ellipse, style=filled, fillcolor=\"#e3f2fd\"];"
    );
    let _ = writeln!(
        out,
        "  edge [fontname=\"Helvetica\", fontsize=9, color=\"#757575\"];"
    );
    for v in g.node_indices() {
        let mut attrs = vec![format!("label={}", quoted(&name(v.index() as StateId)))];
        match roles[v.index()] {
            StateRole::Goal => {
                attrs.push("shape=doublecircle".into());
                attrs.push("fillcolor=\"#ffd54f\"".into());
            }
            StateRole::Ordinary => {}
            StateRole::BlackHole => {
                attrs.push("fillcolor=\"#424242\"".into());
                attrs.push("fontcolor=\"#ffffff\"".into());
            }
            StateRole::WhiteHole => {
                attrs.push("style=\"filled,dashed\"".into());
                attrs.push("fillcolor=\"#ffffff\"".into());
            }
            StateRole::Unreachable => {
                attrs.push("style=\"filled,dotted\"".into());
                attrs.push("fillcolor=\"#eeeeee\"".into());
                attrs.push("fontcolor=\"#9e9e9e\"".into());
            }
        }
        if v == graph.start {
            attrs.push("shape=box".into());
            if roles[v.index()] == StateRole::Ordinary {
                attrs.push("fillcolor=\"#a5d6a7\"".into());
            }
        }
        if on_path[v.index()] {
            attrs.push(format!("color=\"{SOLUTION}\""));
            attrs.push("penwidth=2.5".into());
        }
        let _ = writeln!(out, "  s{} [{}];", v.index(), attrs.join(", "));
    }
    for e in g.edge_references() {
        let (u, v) = (e.source(), e.target());
        let mut attrs = vec![format!(
            "label={}",
            quoted(&e.weight().names(graph.directions, "+"))
        )];
        if solution.contains(&(u, v)) {
            attrs.push(format!("color=\"{SOLUTION}\""));
            attrs.push(format!("fontcolor=\"{SOLUTION}\""));
            attrs.push("penwidth=2.5".into());
        }
        let _ = writeln!(
            out,
            "  s{} -> s{} [{}];",
            u.index(),
            v.index(),
            attrs.join(", ")
        );
    }
    out.push_str("}\n");
    out
}

#[cfg(test)]
mod tests {
    use super::quoted;

    #[test]
    fn dot_strings_escape_quotes_backslashes_and_newlines() {
        assert_eq!(quoted("(0,1)/NE"), "\"(0,1)/NE\"");
        assert_eq!(quoted("a\"b\\c\nd"), "\"a\\\"b\\\\c\\nd\"");
    }
}
