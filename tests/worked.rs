//! The worked checks of RULES.md section 6, the hand-checked fixtures of `fixtures/worked/`,
//! and the published transcripts of Neller's AI-education assignment.

use serde_json::Value;

use crate::common::{Analyzed, analyze, read, root};

const CHAIN_REACTION: &str = r#"Maze(
    rules: Jumping(tiling: Square, moves: Rook),
    board: ["4 4 2 2 2 5", "5 1 2 3 1 2", "3 3 3 2 3 4", "2 1 2 2 3 5", "3 3 3 3 4 1", "4 3 5 2 5 G"],
    start: (0, 0),
)"#;

#[test]
fn chain_reaction() {
    let a = analyze(CHAIN_REACTION);
    let f = &a.features;
    assert_eq!(f.shortest_length, Some(13));
    assert!(f.unique_shortest);
    assert_eq!(f.shortest_paths, 1);
    let cells: Vec<usize> = f
        .solution_states
        .as_ref()
        .unwrap()
        .iter()
        .map(|&s| {
            let (r, c) = a.compiled.state_cell(s).unwrap();
            r * 6 + c
        })
        .collect();
    assert_eq!(cells, [0, 24, 6, 11, 23, 18, 20, 22, 19, 25, 7, 1, 5, 35]);
    assert_eq!(f.reachable, 29);
    assert_eq!(f.reaching, 36);
    assert_eq!(f.white_holes.sizes.iter().sum::<usize>(), 7);
    assert_eq!(f.black_holes.count, 0);
}

#[test]
fn neller_running_example_corner_start_has_a_choice() {
    let a = analyze(
        r#"Maze(rules: Jumping(), board: ["3 1 1 1", "1 1 1 1", "1 1 1 1", "1 1 1 G"], start: (0, 0))"#,
    );
    assert_eq!(
        a.edges("(0,0)"),
        [
            (vec!["E".to_string()], "(0,3)".to_string()),
            (vec!["S".to_string()], "(3,0)".to_string())
        ]
    );
}

/// Neller's "Rook Jumping Maze Evaluation" and "Hill Descent" sample transcripts: a 5x5 maze
/// (goal printed as 0), its depth grid, and the objective.
#[test]
fn eaai_transcripts() {
    let transcripts = [
        (
            [
                "2 2 2 4 3",
                "2 2 3 3 3",
                "3 3 2 3 3",
                "4 3 2 2 2",
                "1 2 1 4 G",
            ],
            [
                "0 3 1 4 2",
                "7 5 5 6 4",
                "1 4 2 2 3",
                "5 6 4 -- 3",
                "-- 4 3 4 5",
            ],
            -5.0,
        ),
        (
            [
                "1 4 2 2 2",
                "3 2 1 3 3",
                "2 2 1 2 2",
                "3 1 2 2 4",
                "1 4 2 3 G",
            ],
            [
                "0 1 8 8 9",
                "1 8 7 2 --",
                "-- 6 8 7 10",
                "3 5 6 4 7",
                "2 2 -- 3 11",
            ],
            -11.0,
        ),
    ];
    for (board, depths, objective) in transcripts {
        let rows: Vec<String> = board.iter().map(|r| format!("{r:?}")).collect();
        let a = analyze(&format!(
            "Maze(rules: Jumping(), board: [{}], start: (0, 0))",
            rows.join(", ")
        ));
        for (r, line) in depths.iter().enumerate() {
            for (c, want) in line.split_whitespace().enumerate() {
                let got = a.features.depth(a.state(&format!("({r},{c})")));
                let got = got.map_or("--".to_string(), |d| d.to_string());
                assert_eq!(got, want, "depth of ({r},{c}) in {board:?}");
            }
        }
        assert_eq!(maze::features::goal_depth(&a.features), objective);
    }
}

fn fixture(name: &str) -> (Analyzed, Value) {
    let dir = root().join("tests/fixtures/worked");
    let maze = read(&dir.join(format!("{name}.ron")));
    let json = std::fs::read_to_string(dir.join(format!("{name}.json"))).unwrap();
    (Analyzed::new(maze), serde_json::from_str(&json).unwrap())
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap().to_string())
        .collect()
}

/// Checks every value a sidecar gives against the engine.
fn check_fixture(name: &str) {
    let (a, want) = fixture(name);
    let f = &a.features;
    assert_eq!(
        f.shortest_length,
        want["shortest_length"].as_u64().map(|l| l as u32),
        "{name}"
    );
    assert_eq!(
        f.shortest_paths,
        want["shortest_paths"].as_u64().unwrap(),
        "{name}"
    );
    assert_eq!(
        f.unique_shortest,
        want["unique_shortest"].as_bool().unwrap(),
        "{name}"
    );
    assert_eq!(
        f.solution.as_ref().unwrap().to_vec(),
        strings(&want["solution"]),
        "{name}"
    );
    let states: Vec<String> = f
        .solution_states
        .as_ref()
        .unwrap()
        .iter()
        .map(|&s| a.name(s))
        .collect();
    assert_eq!(states, strings(&want["solution_states"]), "{name}");

    if let Some(all) = want.get("states") {
        let mut expected = strings(all);
        let mut got: Vec<String> = (0..f.n_states as u32).map(|s| a.name(s)).collect();
        expected.sort();
        got.sort();
        assert_eq!(got, expected, "{name}: states");
    }
    for (layer, states) in want["bfs_layers"].as_array().unwrap().iter().enumerate() {
        for s in strings(states) {
            assert_eq!(
                f.depth(a.state(&s)),
                Some(layer as u32),
                "{name}: depth of {s}"
            );
        }
    }
    if let Some(unreachable) = want.get("unreachable_states") {
        for s in strings(unreachable) {
            assert_eq!(f.depth(a.state(&s)), None, "{name}: {s} is unreachable");
        }
    }
    // Every path in all_shortest_paths is a path of the graph, and there are shortest_paths of them.
    let paths = want["all_shortest_paths"].as_array().unwrap();
    assert_eq!(paths.len() as u64, f.shortest_paths, "{name}");
    for path in paths {
        for w in strings(path).windows(2) {
            assert!(
                a.edges(&w[0]).iter().any(|(_, t)| *t == w[1]),
                "{name}: no edge {} -> {}",
                w[0],
                w[1]
            );
        }
    }
    if let Some(edges_of) = want.get("edges_of") {
        for (state, edges) in edges_of.as_object().unwrap() {
            let mut expected: Vec<(Vec<String>, String)> = edges
                .as_array()
                .unwrap()
                .iter()
                .map(|e| (strings(&e[0]), e[1].as_str().unwrap().to_string()))
                .collect();
            let mut got = a.edges(state);
            expected.sort();
            got.sort();
            assert_eq!(got, expected, "{name}: edges of {state}");
        }
    }
    if let Some(successors) = want.get("state_successors") {
        for (state, moves) in successors.as_object().unwrap() {
            let mut expected: Vec<(String, String)> = moves
                .as_array()
                .unwrap()
                .iter()
                .map(|m| {
                    (
                        m[0].as_str().unwrap().to_string(),
                        m[1].as_str().unwrap().to_string(),
                    )
                })
                .collect();
            let mut got: Vec<(String, String)> = a
                .edges(state)
                .into_iter()
                .flat_map(|(dirs, t)| dirs.into_iter().map(move |d| (d, t.clone())))
                .collect();
            expected.sort();
            got.sort();
            assert_eq!(got, expected, "{name}: successors of {state}");
        }
    }

    let also = &want["also_hand_checked"];
    let count = |key: &str| also[key].as_u64().unwrap() as usize;
    assert_eq!(f.n_states, count("n_states"), "{name}: n_states");
    assert_eq!(f.n_moves, count("n_moves"), "{name}: n_moves");
    assert_eq!(f.reachable, count("reachable"), "{name}: reachable");
    assert_eq!(f.reaching, count("reaching"), "{name}: reaching");
    assert_eq!(
        f.non_reaching,
        count("non_reaching"),
        "{name}: non_reaching"
    );
    for (key, holes) in [
        ("black_holes", &f.black_holes),
        ("white_holes", &f.white_holes),
    ] {
        assert_eq!(
            holes.count,
            also[key]["count"].as_u64().unwrap() as usize,
            "{name}: {key}"
        );
        let sizes: Vec<usize> = also[key]["sizes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_u64().unwrap() as usize)
            .collect();
        assert_eq!(holes.sizes, sizes, "{name}: {key}");
    }
    assert_eq!(
        f.forward_decisions,
        also["forward_decisions"].as_f64(),
        "{name}: forward_decisions"
    );
    assert_eq!(
        f.backward_decisions,
        also["backward_decisions"].as_f64(),
        "{name}: backward_decisions"
    );
    assert_eq!(
        f.initial_forced_moves as usize,
        count("initial_forced_moves"),
        "{name}"
    );
    let clusters: Vec<usize> = also["clusters"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_u64().unwrap() as usize)
        .collect();
    assert_eq!(f.clusters, clusters, "{name}: clusters");
    assert_eq!(
        f.cluster_penalty as usize,
        count("cluster_penalty"),
        "{name}: cluster_penalty"
    );
    assert_eq!(f.turns as usize, count("turns"), "{name}: turns");
    assert_eq!(f.u_turns as usize, count("u_turns"), "{name}: u_turns");
    assert_eq!(f.blocks, count("blocks"), "{name}: blocks");
    assert_eq!(f.branches, count("branches"), "{name}: branches");
    assert_eq!(f.dead_ends, count("dead_ends"), "{name}: dead_ends");
    let loops = also["average_loop_length"].as_f64().unwrap();
    assert!(
        (f.average_loop_length - loops).abs() < 1e-12,
        "{name}: average_loop_length {} != {loops}",
        f.average_loop_length
    );
    assert_eq!(
        maze::features::neller(f),
        also["energy_neller"].as_f64().unwrap(),
        "{name}: Neller energy"
    );
    assert_eq!(
        maze::features::goal_depth(f),
        also["energy_goal_depth"].as_f64().unwrap(),
        "{name}: GoalDepth"
    );
}

#[test]
fn triangle_4x6_bounded() {
    check_fixture("triangle_4x6_bounded");
}

#[test]
fn triangle_4x4_torus() {
    check_fixture("triangle_4x4_torus");
}

#[test]
fn hex_5x5_hole_wall() {
    check_fixture("hex_5x5_hole_wall");
}

#[test]
fn hex_3x4_no_u_turn() {
    check_fixture("hex_3x4_no_u_turn");
}

/// The sidecars' "without the rule" variants: the same boards with the rule switched off.
#[test]
fn worked_examples_without_their_rule() {
    let (a, want) = fixture("hex_3x4_no_u_turn");
    let maze::variants::Maze::Jumping(mut m) = a.maze else {
        panic!("the worked fixtures are jumping mazes")
    };
    m.rules.no_u_turn = false;
    let plain = Analyzed::new(maze::variants::Maze::Jumping(m));
    let without = &want["without_no_u_turn"];
    assert_eq!(
        plain.features.shortest_length,
        Some(without["shortest_length"].as_u64().unwrap() as u32)
    );
    assert_eq!(
        plain.features.shortest_paths,
        without["shortest_paths"].as_u64().unwrap()
    );
    assert_eq!(
        plain.features.solution.clone().unwrap().to_vec(),
        strings(&without["solution"])
    );

    let (a, want) = fixture("hex_5x5_hole_wall");
    let maze::variants::Maze::Jumping(mut m) = a.maze else {
        panic!("the worked fixtures are jumping mazes")
    };
    m.walls.clear();
    let open = Analyzed::new(maze::variants::Maze::Jumping(m));
    let without = &want["without_the_wall"];
    assert_eq!(
        open.features.shortest_length,
        Some(without["shortest_length"].as_u64().unwrap() as u32)
    );
    assert_eq!(
        open.features.shortest_paths,
        without["shortest_paths"].as_u64().unwrap()
    );
    assert_eq!(
        open.features.solution.clone().unwrap().to_vec(),
        strings(&without["solution"])
    );
}
