//! The state graph as the page draws it: up to [`DRAW_LIMIT`] states, every node and edge
//! with its role (from `maze render`'s JSON export), its cell, its layer (distance from the
//! start) and its same-jump cluster; past that a summary by layer. And the board's cell
//! centres, so the page can point at a state's cell and back.

use maze::features::Features;
use maze::graph::{Rules, StateId};
use maze::variants::{CompiledMaze, Maze, Tiling};
use serde_json::{Value, json};

/// The most states the page draws one by one: beyond, a drawing is no longer readable and
/// the page gets a summary.
pub(crate) const DRAW_LIMIT: usize = 500;

/// The most cells whose centres the page is told (larger boards are not pointed at).
const CELL_LIMIT: usize = 10_000;

/// The board's tiling, size and each cell's centre in the picture's board coordinates.
pub(crate) fn board(maze: &Maze) -> Value {
    let tiling = match maze {
        Maze::Jumping(m) => m.rules.tiling,
        Maze::RollingBlock(_) => Tiling::Square,
    };
    let (rows, cols) = maze.size();
    let cells: Vec<[f64; 4]> = if rows * cols <= CELL_LIMIT {
        (0..rows)
            .flat_map(|r| (0..cols).map(move |c| (r, c)))
            .map(|(r, c)| {
                let p = maze::render::geometry::center(tiling, (r as i64, c as i64));
                [r as f64, c as f64, round(p.x), round(p.y)]
            })
            .collect()
    } else {
        Vec::new()
    };
    json!({
        "tiling": format!("{tiling:?}"),
        "rows": rows,
        "cols": cols,
        "cells": cells,
        "radius": round(maze::render::geometry::inradius(tiling)),
    })
}

fn round(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

/// The graph view: drawn (nodes, edges, roles, layers, clusters) or summarised.
pub(crate) fn view(compiled: &CompiledMaze, f: &Features, board: &Value) -> Value {
    let n = compiled.n_states();
    if n > DRAW_LIMIT {
        return summary(f);
    }
    let graph = maze::graph::state_graph(compiled);
    let exported = maze::render::json(&graph, f, |s| compiled.state_name(s));
    let Ok(Value::Object(mut export)) = serde_json::from_str::<Value>(&exported) else {
        return summary(f);
    };
    // The features are in the analysis already.
    export.remove("features");
    let clusters = clusters(compiled);
    let centres = board["cells"].as_array();
    let cols = board["cols"].as_u64().unwrap_or(0) as usize;
    if let Some(Value::Array(nodes)) = export.get_mut("nodes") {
        for (i, node) in nodes.iter_mut().enumerate() {
            let s = i as StateId;
            let cell = compiled.state_cell(s);
            let at = cell.and_then(|(r, c)| centres.and_then(|cs| cs.get(r * cols + c)));
            if let Value::Object(node) = node {
                node.insert("cell".into(), json!(cell));
                node.insert("at".into(), json!(at.map(|v| [v[2].clone(), v[3].clone()])));
                node.insert("cluster".into(), json!(clusters[i]));
                node.insert("jump".into(), json!(compiled.jump(s)));
            }
        }
    }
    export.insert("drawn".into(), json!(true));
    export.insert("n_states".into(), json!(n));
    Value::Object(export)
}

/// A graph too large to draw: counts by layer and by role.
fn summary(f: &Features) -> Value {
    let mut layers: Vec<usize> = Vec::new();
    for &d in &f.depths {
        if d != maze::features::UNREACHED {
            let d = d as usize;
            if layers.len() <= d {
                layers.resize(d + 1, 0);
            }
            layers[d] += 1;
        }
    }
    json!({
        "drawn": false,
        "limit": DRAW_LIMIT,
        "n_states": f.n_states,
        "n_moves": f.n_moves,
        "reachable": f.reachable,
        "unreachable": f.n_states - f.reachable,
        "black_hole_states": f.black_holes.sizes.iter().sum::<usize>(),
        "white_hole_states": f.white_holes.sizes.iter().sum::<usize>(),
        "layers": layers,
    })
}

/// Each state's same-jump cluster (a strongly connected component, of two or more states, of
/// the moves between states of one jump number: RULES.md section 3), numbered from 0 by
/// first state; `None` outside one. Small graphs only (the drawing's), by Kosaraju's two
/// passes with explicit stacks.
fn clusters(compiled: &CompiledMaze) -> Vec<Option<usize>> {
    let n = compiled.n_states();
    let mut out_edges: Vec<Vec<StateId>> = vec![Vec::new(); n];
    let mut in_edges: Vec<Vec<StateId>> = vec![Vec::new(); n];
    let mut moves = Vec::new();
    for s in 0..n as StateId {
        let Some(j) = compiled.jump(s) else { continue };
        moves.clear();
        compiled.successors(&mut moves, s);
        for m in &moves {
            let t = m.to;
            if t != s && compiled.jump(t) == Some(j) && !out_edges[s as usize].contains(&t) {
                out_edges[s as usize].push(t);
                in_edges[t as usize].push(s);
            }
        }
    }
    // First pass: finishing order on the forward edges.
    let mut seen = vec![false; n];
    let mut order = Vec::with_capacity(n);
    for root in 0..n {
        if seen[root] {
            continue;
        }
        seen[root] = true;
        let mut stack = vec![(root, 0usize)];
        while let Some((v, i)) = stack.pop() {
            if let Some(&w) = out_edges[v].get(i) {
                stack.push((v, i + 1));
                let w = w as usize;
                if !seen[w] {
                    seen[w] = true;
                    stack.push((w, 0));
                }
            } else {
                order.push(v);
            }
        }
    }
    // Second pass: components on the reversed edges, in reverse finishing order.
    let mut component = vec![usize::MAX; n];
    let mut count = 0;
    for &root in order.iter().rev() {
        if component[root] != usize::MAX {
            continue;
        }
        component[root] = count;
        let mut stack = vec![root];
        while let Some(v) = stack.pop() {
            for &w in &in_edges[v] {
                if component[w as usize] == usize::MAX {
                    component[w as usize] = count;
                    stack.push(w as usize);
                }
            }
        }
        count += 1;
    }
    let mut sizes = vec![0usize; count];
    for &c in &component {
        sizes[c] += 1;
    }
    // Renumber the clusters of two or more states by their first state.
    let mut names = vec![None; count];
    let mut next = 0;
    component
        .iter()
        .map(|&c| {
            (sizes[c] >= 2).then(|| {
                *names[c].get_or_insert_with(|| {
                    next += 1;
                    next - 1
                })
            })
        })
        .collect()
}
