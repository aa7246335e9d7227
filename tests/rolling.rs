//! Rolling-block mazes end to end: published Bloxorz stages solved in their published minimum
//! number of moves, hand-checked features and scores, file diagnostics, round trips, and
//! property tests of the rules on random boards.

use std::collections::HashSet;

use maze::features::{self, RollingBlockWeights, UNREACHED};
use maze::graph::{Move, Rules, StateId};
use maze::variants::rolling::{ROLL_DIRECTIONS, Tile};
use maze::variants::{
    Footprint, Maze, RollGraph, RollingBlockMaze, RollingBlockRules, RollingBoard,
};
use proptest::prelude::*;

use crate::common::{Analyzed, analyze, parse, read, root};
use crate::oracle::check_maze;

/// A rolling-block maze file with the default block and these rows.
fn file(rules: &str, rows: &[&str]) -> String {
    let rows: Vec<String> = rows.iter().map(|r| format!("        {r:?},\n")).collect();
    format!(
        "Maze(\n    rules: {rules},\n    board: [\n{}    ],\n)\n",
        rows.concat()
    )
}

/// Plays `moves` (Bloxorz notation: U, R, D, L for N, E, S, W) from the start and returns
/// the state reached; panics on an illegal roll.
fn play(a: &Analyzed, moves: &str) -> StateId {
    let mut state = a.compiled.start();
    let mut acc = Vec::new();
    for (i, letter) in moves.chars().enumerate() {
        let dir = match letter {
            'U' => "N",
            'R' => "E",
            'D' => "S",
            'L' => "W",
            other => panic!("unknown move {other}"),
        };
        let dir = ROLL_DIRECTIONS.parse(dir).unwrap();
        acc.clear();
        a.compiled.successors(&mut acc, state);
        state = acc
            .iter()
            .find(|m| m.dir == dir)
            .unwrap_or_else(|| panic!("move {i} ({letter}) from {} is illegal", a.name(state)))
            .to;
    }
    state
}

// Published Bloxorz stages (the Flash game by DX Interactive, 2007), transcribed with space as
// `#` (no floor), `-` (orange tile) as `w`, and the hole `H` as `G` (stand upright on it). Grids
// from the stage encodings in the GitHub repository tkoz0/bloxorz-solver, file coolmath.json;
// minimum move counts and minimal solutions from its README and solution.txt ("stages 01-10:
// 7,17,19,28,33,35,44,10,24,57", "stages 11-20: 47,65,46,..."; a BFS that "agrees with
// answers.com/Q/Can_you_finish_Bloxorz_in_the_least_moves"). Stages 1, 3, 4 and 6 also appear
// with the same minima as the optimal-solution tests of the Coursera "Functional Programming
// in Scala" Bloxorz assignment (BloxorzSuite.scala, e.g. level 1's `optsolution = List(Right,
// Right, Down, Right, Right, Right, Down)`). Only stages without switches, bridges or
// teleporters are used.

/// (stage, grid, published minimum, a published minimal solution).
const BLOXORZ: [(&str, &[&str], u32, &str); 5] = [
    (
        "Stage 01",
        &[
            "...#######",
            ".S....####",
            ".........#",
            "#.........",
            "#####..G..",
            "######...#",
        ],
        7,
        "RDDRRDR",
    ),
    (
        "Stage 03",
        &[
            "######.......##",
            "....##...##..##",
            ".........##....",
            ".S..#######..G.",
            "....#######....",
            "############...",
        ],
        19,
        "RURRRULDRUURRRDDDRU",
    ),
    (
        "Stage 04",
        &[
            "###wwwwwww####",
            "###wwwwwww####",
            "....#####...##",
            "...#######..##",
            "...#######..##",
            ".S.##....wwwww",
            "...##....wwwww",
            "#####.G.##ww.w",
            "#####...##wwww",
        ],
        28,
        "ULURRURRRRRRDRDDDDDRULLLLLLD",
    ),
    (
        "Stage 06",
        &[
            "#####......####",
            "#####.##...####",
            "#####.##.....##",
            "S.....#####....",
            "####...####..G.",
            "####...#####...",
            "######.##..####",
            "######.....####",
            "######.....####",
            "#######...#####",
        ],
        35,
        "RRRDDRDDRDRULLLUULUUURRDRRULDDRRDDR",
    ),
    (
        "Stage 13",
        &[
            "...w....w....#",
            "..########...#",
            "..#########...",
            "...###...##.S.",
            "...www.G.##...",
            "...##w...##.##",
            "##.##wwwww..##",
            "##...ww.www###",
            "###..wwwwww###",
            "###...##..####",
        ],
        46,
        "UULDRDRDLUUUULLLLLLLDDDRULDRDDRDDRURRRRRULDLUU",
    ),
];

#[test]
fn published_bloxorz_stages_are_solved_in_their_published_minimum() {
    for (stage, grid, minimum, published) in BLOXORZ {
        let a = analyze(&file("RollingBlock()", grid));
        let f = &a.features;
        assert_eq!(f.shortest_length, Some(minimum), "{stage}");
        // The published minimal solution is legal under our rules and reaches the goal.
        assert_eq!(published.len() as u32, minimum, "{stage}");
        assert!(a.compiled.is_goal(play(&a, published)), "{stage}");
        // So is our own first solution.
        let ours: String = f
            .solution
            .as_ref()
            .unwrap()
            .iter()
            .map(|d| match *d {
                "N" => 'U',
                "E" => 'R',
                "S" => 'D',
                _ => 'L',
            })
            .collect();
        assert!(a.compiled.is_goal(play(&a, &ours)), "{stage}");
    }
}

/// Stage 13 is a fragile-tile puzzle: read as plain floor its orange tiles would let the block
/// stand where the game breaks them, and the published 46 moves would not be the minimum.
#[test]
fn the_fragile_rule_is_what_makes_stage_13_long() {
    let (_, grid, minimum, _) = BLOXORZ[4];
    let plain: Vec<String> = grid.iter().map(|r| r.replace('w', ".")).collect();
    let plain: Vec<&str> = plain.iter().map(String::as_str).collect();
    let a = analyze(&file("RollingBlock()", &plain));
    assert!(a.features.shortest_length.unwrap() < minimum);
}

/// Level 1 as the Coursera assignment states its optimal solution: Right, Right, Down, Right,
/// Right, Right, Down is the first shortest path in direction order N, E, S, W too.
#[test]
fn bloxorz_level_1_first_solution_is_the_coursera_optimal_solution() {
    let (_, grid, _, _) = BLOXORZ[0];
    let a = analyze(&file("RollingBlock()", grid));
    assert_eq!(
        a.features.solution.as_deref(),
        Some(&["E", "E", "S", "E", "E", "E", "S"][..])
    );
}

/// The 1x4 strip of the unit tests in `crates/variants/src/rolling.rs`, with a no-floor cell
/// after it (which removes no placement: nothing reached column 4 anyway). Its moves:
/// standing 0 -E-> lying 1-2; lying 1-2 -E-> standing 3 (the goal), -W-> standing 0;
/// standing 1 -E-> lying 2-3 -W-> standing 1; standing 2 -W-> lying 0-1 -E-> standing 2.
/// Reachable: standing 0, lying 1-2, standing 3; the same three reach the goal. H is the path
/// standing 0 - lying 1-2 - standing 3: no branches, one dead end (standing 0; the goal does
/// not count), no loops. The solution E E has no turns. One `#` cell.
/// Score with the default weights: 0.05·3 + 1·2 + 0.1·0 - 0.5·1 + 0.5·0 + 0.5·0 = 1.65.
#[test]
fn strip_features_and_score_by_hand() {
    let a = analyze(&file("RollingBlock()", &["S..G#"]));
    let f = &a.features;
    assert_eq!(f.n_states, 7);
    assert_eq!(f.reachable, 3);
    assert_eq!(f.reaching, 3);
    assert_eq!(f.white_holes.count, 0);
    assert_eq!(f.shortest_length, Some(2));
    assert!(f.unique_shortest);
    assert_eq!(f.solution.as_deref(), Some(&["E", "E"][..]));
    assert_eq!(f.clusters, Vec::<usize>::new());
    assert_eq!(f.cluster_penalty, 0);
    assert_eq!((f.branches, f.dead_ends, f.turns), (0, 1, 0));
    assert_eq!(f.average_loop_length, 0.0);
    assert_eq!(f.blocks, 1);
    let weights = RollingBlockWeights::default();
    assert!((features::rolling_block(f, &weights) + 1.65).abs() < 1e-12);
    let score = features::rolling_block_score(f, &weights);
    let products: Vec<f64> = score.terms.iter().map(|t| t.product).collect();
    assert_eq!(products.len(), 6);
    for (got, want) in products.iter().zip([0.15, 2.0, 0.0, -0.5, 0.0, 0.0]) {
        assert!((got - want).abs() < 1e-12, "{products:?}");
    }
    assert_eq!(
        features::report::rolling_block_terms(f, &weights),
        "-1.65 = -(reachable 0.05·3 + shortest_length 1·2 + branches 0.1·0 + blocks -0.5·1 + turns 0.5·0 + average_loop_length 0.5·0) [minus the score: weight·value per feature]"
    );
}

/// A file overrides some weights; the others keep their defaults. With reachable weighted 1
/// and blocks -2 the strip scores 3 + 2 - 2 = 3.
#[test]
fn weights_can_be_overridden_in_the_file() {
    let a = analyze(&file(
        "RollingBlock(weights: (reachable: 1.0, blocks: -2.0))",
        &["S..G#"],
    ));
    let weights = *a.maze.rolling_block_weights().unwrap();
    assert_eq!(weights.reachable, 1.0);
    assert_eq!(weights.blocks, -2.0);
    assert_eq!(weights.turns, RollingBlockWeights::default().turns);
    assert!((features::rolling_block(&a.features, &weights) + 3.0).abs() < 1e-12);
}

/// On a strip standing placements are three cells apart from each other, so the goal four
/// cells away cannot be reached: no score, and the unreachable energy.
#[test]
fn an_unsolvable_maze_has_no_score() {
    let a = analyze(&file("RollingBlock()", &["S...G"]));
    let f = &a.features;
    assert_eq!(f.shortest_length, None);
    let score = features::rolling_block_score(f, &RollingBlockWeights::default());
    assert!(score.terms.is_empty() && score.score.is_none());
    assert_eq!(score.energy, features::UNREACHABLE_ENERGY);
}

/// The bundled samples read back from what `write` makes of them, and so do mazes with other
/// blocks and weights.
#[test]
fn rolling_block_mazes_round_trip() {
    let mut mazes: Vec<Maze> = std::fs::read_dir(root().join("variants"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .map(|p| read(&p))
        .filter(|m| matches!(m, Maze::RollingBlock(_)))
        .collect();
    assert!(mazes.len() >= 3, "the bundled rolling-block samples");
    mazes.push(parse(&file(
        "RollingBlock(block: (2, 3, 1), weights: (turns: 0.001, average_loop_length: -1.5))",
        &["SS#..", "SS...", "SS...", "w.GGG"],
    )));
    for maze in mazes {
        let text = maze::variants::write(&maze, &["a header".to_string()]);
        assert_eq!(parse(&text), maze, "{text}");
    }
}

/// Every file problem is reported at its place in the file, with no panic.
#[test]
fn file_problems_point_into_the_file() {
    let cases: [(&str, String, (usize, usize), &str); 12] = [
        (
            "a start field",
            "Maze(\n    rules: RollingBlock(),\n    board: [\"S.G\"],\n    start: (0, 0),\n)"
                .to_string(),
            (4, 12),
            "no `start` field",
        ),
        (
            "walls",
            "Maze(rules: RollingBlock(), board: [\"S.G\"],\n  walls: [((0, 0), (0, 1))])"
                .to_string(),
            (2, 11),
            "no walls",
        ),
        (
            "a footprint too long for the block",
            file("RollingBlock()", &["SSS..", "....G"]),
            (4, 10),
            "the start footprint `S` is 1 x 3 cells, but a 1 x 1 x 2 block covers 1 x 1, 1 x 2 or 2 x 1",
        ),
        (
            "a goal footprint no placement covers",
            file(
                "RollingBlock(block: (1, 2, 3))",
                &["SS...", "...GG", "...GG"],
            ),
            (5, 13),
            "the goal footprint `G` is 2 x 2 cells",
        ),
        (
            "no start",
            file("RollingBlock()", &["....G"]),
            (3, 12),
            "no start cell `S`",
        ),
        (
            "a split start",
            file("RollingBlock()", &["S.S.G"]),
            (4, 11),
            "do not form one filled rectangle: (0, 1)",
        ),
        (
            "a start with a hole",
            file("RollingBlock(block: (2, 2, 3))", &["SS..", "S...", "...G"]),
            (5, 11),
            "(1, 1) lies between them",
        ),
        (
            "a space between cells",
            file("RollingBlock()", &["S . G"]),
            (4, 11),
            "unknown cell ` `",
        ),
        (
            "rows of different lengths",
            file("RollingBlock()", &["S..", "..G."]),
            (5, 10),
            "row 1 has 4 cells but row 0 has 3",
        ),
        (
            "a zero side",
            file("RollingBlock(block: (0, 1, 2))", &["S.G"]),
            (2, 24),
            "every side must be 1 to",
        ),
        (
            "an unknown weight",
            file("RollingBlock(weights: (length: 1.0))", &["S.G"]),
            (2, 35),
            "length",
        ),
        (
            "a jump number in a rolling board",
            file("RollingBlock()", &["S3G"]),
            (4, 11),
            "unknown cell `3`",
        ),
    ];
    for (what, src, (line, column), message) in cases {
        let e = match maze::file::parse("test.ron", &src) {
            Ok(m) => panic!("{what}: accepted as {m:?}"),
            Err(e) => e,
        };
        assert!(
            e.message.contains(message),
            "{what}: message {:?}",
            e.message
        );
        assert_eq!(
            (e.line, e.column),
            (line, column),
            "{what}: {}",
            e.one_line()
        );
    }
}

/// A start covering a fragile tile cannot be written (`S` marks plain floor), so a maze built
/// in code with one is refused, as is a start off the board.
#[test]
fn mazes_built_in_code_are_validated() {
    let board = RollingBoard {
        rows: 1,
        cols: 4,
        tiles: vec![Tile::Fragile, Tile::Floor, Tile::Floor, Tile::Floor],
        teleports: Vec::new(),
    };
    let at = |col, cols| Footprint {
        row: 0,
        col,
        rows: 1,
        cols,
    };
    let maze = |start, goal| RollingBlockMaze {
        rules: RollingBlockRules::default(),
        board: board.clone(),
        start,
        goal,
    };
    assert!(maze(at(1, 1), at(3, 1)).validate().is_ok());
    let fragile = maze(at(0, 2), at(3, 1)).validate().unwrap_err();
    assert!(fragile.message.contains("fragile"), "{}", fragile.message);
    let off = maze(at(3, 2), at(1, 1)).validate().unwrap_err();
    assert!(off.message.contains("not on the board"), "{}", off.message);
    let far = maze(at(usize::MAX, 1), at(1, 1)).validate().unwrap_err();
    assert!(far.message.contains("not on the board"), "{}", far.message);
    let shared = maze(at(1, 2), at(2, 1)).validate().unwrap_err();
    assert!(
        shared.message.contains("share (0, 2)"),
        "{}",
        shared.message
    );
}

/// Extents `[rows, cols, height]` of every distinct orientation, computed from the spec.
fn orientations(block: (usize, usize, usize)) -> HashSet<[usize; 3]> {
    let (a, b, h) = block;
    HashSet::from([
        [a, b, h],
        [a, h, b],
        [b, a, h],
        [b, h, a],
        [h, a, b],
        [h, b, a],
    ])
}

/// Whether the block may rest with these extents at `(r, c)`, straight from RULES.md.
fn legal(board: &RollingBoard, r: i64, c: i64, [rows, cols, _]: [usize; 3]) -> bool {
    if r < 0 || c < 0 {
        return false;
    }
    let (r, c) = (r as usize, c as usize);
    if r + rows > board.rows || c + cols > board.cols {
        return false;
    }
    let cells: Vec<Tile> = (r..r + rows)
        .flat_map(|y| (c..c + cols).map(move |x| board.get((y, x))))
        .collect();
    cells.iter().all(|&t| t != Tile::NoFloor) && !(cells.len() == 1 && cells[0] == Tile::Fragile)
}

/// Random boards: `.` `#` `w` tiles, a block from several shapes, start and goal footprints
/// in random orientations and places (on floor, not overlapping).
pub(crate) fn rolling_board() -> impl Strategy<Value = RollingBlockMaze> {
    let blocks = prop_oneof![
        Just((1, 1, 2)),
        Just((1, 2, 3)),
        Just((1, 1, 1)),
        Just((2, 2, 1)),
        Just((1, 2, 2)),
        Just((2, 1, 1)),
    ];
    (blocks, 1usize..=6, 1usize..=7)
        .prop_flat_map(|(block, rows, cols)| {
            let tile = prop_oneof![
                6 => Just(Tile::Floor),
                2 => Just(Tile::NoFloor),
                2 => Just(Tile::Fragile),
            ];
            (
                Just(block),
                Just(rows),
                Just(cols),
                proptest::collection::vec(tile, rows * cols),
                (0usize..6, 0usize..64, 0usize..64),
                (0usize..6, 0usize..64, 0usize..64),
            )
        })
        .prop_filter_map(
            "start and goal fit the board apart",
            |(block, rows, cols, tiles, start, goal)| {
                let rules = RollingBlockRules {
                    block,
                    ..RollingBlockRules::default()
                };
                let choices = rules.orientations();
                let place = |(o, r, c): (usize, usize, usize)| {
                    let [h, w, _] = choices[o % choices.len()];
                    (h <= rows && w <= cols).then(|| Footprint {
                        row: r % (rows - h + 1),
                        col: c % (cols - w + 1),
                        rows: h,
                        cols: w,
                    })
                };
                let (start, goal) = (place(start)?, place(goal)?);
                let mut board = RollingBoard {
                    rows,
                    cols,
                    tiles,
                    teleports: Vec::new(),
                };
                for cell in start.cells().chain(goal.cells()) {
                    board.tiles[cell.0 * cols + cell.1] = Tile::Floor;
                }
                let maze = RollingBlockMaze {
                    rules,
                    board,
                    start,
                    goal,
                };
                maze.validate().is_ok().then_some(maze)
            },
        )
}

/// A placement: top-left row and column, extents `[rows, cols, height]`.
type Placement = (usize, usize, [usize; 3]);

/// The rules of RULES.md section 2, checked state by state against a direct reading of them.
fn check_rules(maze: &RollingBlockMaze) {
    let g = RollGraph::new(maze);
    let board = &maze.board;
    // States are exactly the legal placements.
    let mut expected = HashSet::new();
    for extents in orientations(maze.rules.block) {
        for r in 0..board.rows {
            for c in 0..board.cols {
                if legal(board, r as i64, c as i64, extents) {
                    expected.insert((r, c, extents));
                }
            }
        }
    }
    let mut states = HashSet::new();
    let mut acc: Vec<Move> = Vec::new();
    for s in 0..g.n_states() as StateId {
        let (footprint, extents) = g.placement(s);
        assert_eq!([footprint.rows, footprint.cols], [extents[0], extents[1]]);
        // Never over a no-floor cell, never a one-cell footprint on fragile floor.
        for cell in footprint.cells() {
            assert_ne!(board.get(cell), Tile::NoFloor, "{}", g.state_name(s));
        }
        if footprint.rows * footprint.cols == 1 {
            assert_ne!(board.get((footprint.row, footprint.col)), Tile::Fragile);
        }
        assert!(states.insert((footprint.row, footprint.col, extents)));
        assert_eq!(
            g.is_goal(s),
            (footprint.row, footprint.col, footprint.rows, footprint.cols)
                == (maze.goal.row, maze.goal.col, maze.goal.rows, maze.goal.cols)
        );
        // The moves are the rolls of the spec that land on legal placements.
        acc.clear();
        g.successors(&mut acc, s);
        let mut got: Vec<(u8, Placement)> = acc
            .iter()
            .map(|m| {
                let (f, e) = g.placement(m.to);
                (m.dir, (f.row, f.col, e))
            })
            .collect();
        got.sort_unstable();
        let (r, c) = (footprint.row as i64, footprint.col as i64);
        let [rows, cols, height] = extents;
        let (rows_i, cols_i, height_i) = (rows as i64, cols as i64, height as i64);
        let rolls = [
            (r - height_i, c, [height, cols, rows]),
            (r, c + cols_i, [rows, height, cols]),
            (r + rows_i, c, [height, cols, rows]),
            (r, c - height_i, [rows, height, cols]),
        ];
        let want: Vec<(u8, Placement)> = if g.is_goal(s) {
            Vec::new()
        } else {
            rolls
                .iter()
                .enumerate()
                .filter(|(_, (r2, c2, e2))| legal(board, *r2, *c2, *e2))
                .map(|(d, &(r2, c2, e2))| (d as u8, (r2 as usize, c2 as usize, e2)))
                .collect()
        };
        assert_eq!(got, want, "moves of {}", g.state_name(s));
        // Every roll between two non-goal states rolls back.
        if !g.is_goal(s) {
            for m in &acc {
                if g.is_goal(m.to) {
                    continue;
                }
                let mut back = Vec::new();
                g.successors(&mut back, m.to);
                assert!(
                    back.contains(&Move {
                        dir: ROLL_DIRECTIONS.opposite(m.dir),
                        to: s
                    }),
                    "{} -> {} does not roll back",
                    g.state_name(s),
                    g.state_name(m.to)
                );
            }
        }
    }
    assert_eq!(states, expected);
}

/// Whether two compiled graphs are the same graph: states, start, goals, names, and every
/// state's moves in order with what they do.
fn assert_same_graph(got: &RollGraph, want: &RollGraph) {
    assert_eq!(got.n_states(), want.n_states());
    assert_eq!(got.start(), want.start());
    let (mut a, mut b) = (Vec::new(), Vec::new());
    for s in 0..want.n_states() as StateId {
        assert_eq!(got.is_goal(s), want.is_goal(s), "goal {s}");
        assert_eq!(got.state_name(s), want.state_name(s));
        a.clear();
        b.clear();
        got.successors(&mut a, s);
        want.successors(&mut b, s);
        assert_eq!(a, b, "moves of {s}");
        for &mv in &b {
            assert_eq!(got.mechanic(s, mv), want.mechanic(s, mv));
        }
    }
}

/// The generator rebuilds a graph in place for every candidate board: whatever graph it
/// rebuilds, the result is the new board's graph. Every bundled rolling variant's sample
/// (switches, splits, bridges, teleports, several blocks) into every other.
#[test]
fn a_graph_rebuilt_in_place_is_the_graph_of_its_new_board() {
    let mut mazes = Vec::new();
    for entry in std::fs::read_dir(root().join("variants")).expect("variants/") {
        let path = entry.expect("a directory entry").path();
        if let Maze::RollingBlock(maze) = read(&path) {
            mazes.push(maze);
        }
    }
    assert!(mazes.len() >= 5, "{} rolling variants", mazes.len());
    for old in &mazes {
        for new in &mazes {
            let mut g = RollGraph::new(old);
            g.rebuild(new);
            assert_same_graph(&g, &RollGraph::new(new));
            // And again into the same room, as a search does step after step.
            g.rebuild(old);
            assert_same_graph(&g, &RollGraph::new(old));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn a_rebuilt_random_graph_is_the_graph_of_its_new_board(
        old in rolling_board(),
        new in rolling_board(),
    ) {
        let mut g = RollGraph::new(&old);
        g.rebuild(&new);
        assert_same_graph(&g, &RollGraph::new(&new));
    }

    #[test]
    fn rolls_follow_the_rules_and_roll_back(maze in rolling_board()) {
        check_rules(&maze);
    }

    #[test]
    fn rolling_features_match_the_petgraph_oracle(maze in rolling_board()) {
        check_maze(Maze::RollingBlock(maze));
    }

    #[test]
    fn random_rolling_mazes_round_trip(maze in rolling_board()) {
        let maze = Maze::RollingBlock(maze);
        let text = maze::variants::write(&maze, &[]);
        prop_assert_eq!(parse(&text), maze);
    }

    /// Whatever the board text, reading it gives a maze or a diagnostic, never a panic, and
    /// every maze it gives can be analyzed.
    #[test]
    fn any_board_text_reads_without_panic(
        rows in proptest::collection::vec("[.#wSG3 é]{0,6}", 0..5),
        block in (0usize..4, 0usize..4, 0usize..4),
    ) {
        let rules = format!("RollingBlock(block: ({}, {}, {}))", block.0, block.1, block.2);
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        if let Ok(maze) = maze::file::parse("random.ron", &file(&rules, &rows)) {
            let a = Analyzed::new(maze);
            prop_assert!(a.features.n_states > 0);
            prop_assert!(a.features.depths[a.compiled.start() as usize] != UNREACHED);
        }
    }
}

/// The random boards cover what the properties need: solvable and unsolvable mazes, every
/// block, fragile tiles that bear lying blocks.
#[test]
fn random_rolling_boards_are_varied() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let (mut solvable, mut unsolvable, mut on_fragile) = (0, 0, 0);
    let mut blocks = HashSet::new();
    for _ in 0..300 {
        let maze = rolling_board().new_tree(&mut runner).unwrap().current();
        blocks.insert(maze.rules.block);
        let g = RollGraph::new(&maze);
        on_fragile += (0..g.n_states() as StateId)
            .filter(|&s| {
                let (f, _) = g.placement(s);
                f.cells().any(|cell| maze.board.get(cell) == Tile::Fragile)
            })
            .count();
        let a = Analyzed::new(Maze::RollingBlock(maze));
        if a.features.shortest_length.is_some() {
            solvable += 1;
        } else {
            unsolvable += 1;
        }
    }
    assert!(
        solvable > 30 && unsolvable > 30,
        "{solvable} solvable, {unsolvable} unsolvable"
    );
    assert_eq!(blocks.len(), 6);
    assert!(on_fragile > 100);
}
