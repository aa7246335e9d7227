//! Fuzz target: parse, compile and analyze any file, as `maze analyze` does: every feature,
//! the energies and the grade. Mazes estimated past a small state limit are skipped so that
//! no input takes long.
#![no_main]

use libfuzzer_sys::fuzz_target;
use maze_file::ReadLimits;
use maze_graph::{Adjacency, Rules, state_graph};
use maze_variants::StateLimit;

fuzz_target!(|data: &[u8]| {
    let Ok(src) = std::str::from_utf8(data) else {
        return;
    };
    let limit = StateLimit::new(4_096).expect("a valid limit");
    let Ok(file) = maze_file::parse_file_with("fuzz.ron", src, ReadLimits::both(limit)) else {
        return;
    };
    let maze = &file.maze;
    let Ok(compiled) = maze_file::compile_within("fuzz.ron", src, maze, limit) else {
        return;
    };
    let adjacency = Adjacency::from_rules(&compiled);
    let f = maze_features::features(&adjacency, maze.blocks());
    // The flat graph and the petgraph graph are one graph.
    let graph = state_graph(&compiled);
    assert_eq!(graph.graph.node_count(), compiled.n_states());
    let _ = maze_features::report::text(&f);
    let _ = maze_features::report::energies(&f, maze.rolling_block_weights());
    if let Some(g) = maze_features::grade(&f) {
        let _ = maze_features::grade::explain(&f, &g);
    }
    for s in 0..compiled.n_states().min(64) as u32 {
        let _ = compiled.state_name(s);
        let _ = compiled.state_cell(s);
    }
    let _ = compiled.dead_end_cells();
    let _ = maze_variants::symmetry::canonical(maze);
});
