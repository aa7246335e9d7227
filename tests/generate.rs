//! Generation: the fast core equals the full features on random mazes of every variant, a
//! stride graph patched after a mutation equals a rebuilt one, a seed reproduces its maze,
//! every strategy spends exactly its budget and beats a random maze, impossible gates end
//! in a bounded search that says what it reached, generated files round-trip, the learning
//! exercises keep consistent books, and a snapshot of seeded generations shows any drift.

use maze::features::{self, Feature, Objective, Term};
use maze::file::{MazeFile, parse_file, write_file};
use maze::generate::Evaluator;
use maze::generate::learn;
use maze::generate::settings::{BanditPolicy, Gates, Population, Restarts, Search};
use maze::generate::{self as generator, Outcome};
use maze::generate::{Generate, Provenance, Settings};
use maze::graph::{Adjacency, Graph, Rules, StateId, StrideAdjacency};
use maze::variants::{Board, Cell, JumpGraph, JumpRules, JumpingMaze, Maze, MoveSet, Tiling};
use proptest::prelude::*;
use rand::SeedableRng;

use crate::common::root;
use crate::oracle::any_valid_maze;
use crate::rolling::rolling_board;

/// The same graph, edge for edge, through the `Graph` view.
fn assert_same_graph(a: &impl Graph, b: &impl Graph) {
    assert_eq!(a.n_states(), b.n_states());
    assert_eq!(a.n_moves(), b.n_moves());
    assert_eq!(a.start(), b.start());
    for s in 0..a.n_states() as u32 {
        assert_eq!(a.targets(s), b.targets(s), "targets of {s}");
        assert_eq!(a.edge_dirs(s), b.edge_dirs(s), "directions of {s}");
        assert_eq!(a.is_goal(s), b.is_goal(s));
        assert_eq!(a.jump(s), b.jump(s));
    }
}

/// Objectives the fast path evaluates: every one whose features the core has.
fn core_objectives() -> Vec<Objective> {
    let term = |feature, weight, priority| Term {
        feature,
        weight,
        priority,
    };
    vec![
        Objective::Neller,
        Objective::GoalDepth,
        Objective::Weighted(vec![
            term(Feature::ShortestLength, -1.0, 2),
            term(Feature::NonReaching, 3.0, 1),
            term(Feature::ClusterPenalty, 0.5, 0),
            term(Feature::InitialForcedMoves, 1.0, 0),
            term(Feature::ShortestPaths, 0.25, 0),
            term(Feature::Reachable, -0.1, 0),
            term(Feature::UniqueShortest, -2.0, 1),
        ]),
    ]
}

/// The fast core of a maze equals its full features, field by field and energy by energy
/// (to the bit), and the features of the stride graph equal those of the compressed one.
fn check_core(maze: &Maze) {
    let compiled = maze.compile();
    let adj = Adjacency::from_rules(&compiled);
    let stride = StrideAdjacency::from_rules(&compiled);
    assert_same_graph(&adj, &stride);
    let f = features::features(&adj, maze.blocks());
    assert_eq!(features::features(&stride, maze.blocks()), f);
    let c = Evaluator::new().core(&stride, maze.blocks());
    assert_eq!(c.n_states, f.n_states);
    assert_eq!(c.n_moves, f.n_moves);
    assert_eq!(c.reachable, f.reachable);
    assert_eq!(c.reaching, f.reaching);
    assert_eq!(c.non_reaching(), f.non_reaching);
    assert_eq!(
        c.black_hole_states,
        f.black_holes.sizes.iter().sum::<usize>()
    );
    assert_eq!(c.shortest_length, f.shortest_length);
    assert_eq!(c.shortest_paths, f.shortest_paths);
    assert_eq!(c.unique_shortest(), f.unique_shortest);
    let decisions = f.unique_shortest.then(|| {
        let (df, db) = (
            f.forward_decisions.unwrap_or(-1.0),
            f.backward_decisions.unwrap_or(-1.0),
        );
        assert_eq!(df.fract(), 0.0);
        assert_eq!(db.fract(), 0.0);
        (df as u32, db as u32)
    });
    assert_eq!(c.decisions, decisions);
    assert_eq!(c.initial_forced_moves, f.initial_forced_moves);
    assert_eq!(c.cluster_penalty, f.cluster_penalty);
    for objective in core_objectives() {
        let fast = objective.core_energy(&c).expect("a core objective");
        assert_eq!(
            fast.to_bits(),
            objective.energy(&f).to_bits(),
            "{objective:?}: fast {fast}, full {}",
            objective.energy(&f)
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Every jumping variant, small boards (bitsets) and, with no-U-turn states, larger
    /// ones (the general path).
    #[test]
    fn fast_core_matches_full_features(maze in any_valid_maze()) {
        check_core(&Maze::Jumping(maze));
    }

    /// A jump-number change patched into the compiled rules and one state of the stride
    /// graph gives the graph of the changed maze compiled from scratch.
    #[test]
    fn patched_stride_graph_equals_a_rebuilt_one(
        maze in any_valid_maze(),
        pick in any::<prop::sample::Index>(),
        k in 1u8..=6,
    ) {
        let ordinary: Vec<usize> = (0..maze.board.cells.len())
            .filter(|&i| maze.board.cells[i].jump_number().is_some())
            .collect();
        let cell = ordinary[pick.index(ordinary.len())];
        let mut graph = JumpGraph::new(&maze);
        let mut stride = StrideAdjacency::from_rules(&graph);
        let change = graph.set_jump(cell, k);
        graph.follow(change, &mut stride);
        let mut changed: JumpingMaze = maze.clone();
        changed.board.cells[cell] = Cell::numbered(k);
        assert_same_graph(&stride, &StrideAdjacency::from_rules(&JumpGraph::new(&changed)));
        assert_same_graph(&stride, &Adjacency::from_rules(&graph));
    }
}

/// A cell of a family maze with one attribute changed the way a gene changes it.
fn mutated(cell: Cell, what: u8, value: u8) -> Cell {
    let mut c = cell;
    match what % 5 {
        0 if c.number.is_some() => c.number = Some(i16::from(value % 5) + 1),
        1 => c.circled = !c.circled,
        2 if !c.arrows.is_empty() => c.arrows = maze::graph::DirSet::single(value % 8),
        3 if c.piece.is_some() => {
            c.piece = Some(maze::variants::Piece::ALL[usize::from(value) % 5]);
        }
        4 if c.colour.is_some() => {
            c.colour = maze::variants::Tag::new(["b", "r", "y"][usize::from(value) % 3])
        }
        _ => {}
    }
    c
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Under rules with registers, a cell changed in place (moves out of it recomputed, states
    /// that appear or vanish counted; or, for a change landing cells read, the moves of the
    /// cell and of the cells landing on it read again and the rest copied) gives the graph of
    /// the changed maze compiled from scratch: same states in the same order, same names,
    /// same edges; and the stride graph updated as the change says equals a rebuilt one.
    #[test]
    fn cells_changed_in_place_equal_a_fresh_compile(
        variant_pick in 0usize..8,
        steps in proptest::collection::vec((any::<prop::sample::Index>(), 0u8..6, any::<u8>()), 1..12),
    ) {
        let name = ["no_u_turn.ron", "switch.ron", "toggle.ron", "wildcard.ron", "alice.ron", "chess.ron", "offset.ron", "return.ron"][variant_pick];
        let Maze::Jumping(mut maze) = variant(name).maze else { panic!("{name}") };
        let mut graph = JumpGraph::new(&maze);
        let mut stride = StrideAdjacency::from_rules(&graph);
        let start = maze.start.0 * maze.board.cols + maze.start.1;
        for (pick, what, value) in steps {
            let cell = pick.index(maze.board.cells.len());
            let old = maze.board.cells[cell];
            if !old.is_ordinary() {
                continue;
            }
            let new = match (name, what) {
                // A wildcard appears or goes as the generator's gene makes it: the moves of
                // every cell landing on it change (a wildcard keeps the arriving length).
                ("wildcard.ron", 5) if cell != start => {
                    let mut c = old;
                    c.wildcard = !c.wildcard;
                    c.number = (!c.wildcard).then_some(i16::from(value % 5) + 1);
                    c
                }
                // A cell register's values are the landable cells: a cell blocked changes
                // them, and a key placed or taken changes what landing there does.
                ("return.ron", 5) if cell != start => maze::variants::Cell::BLOCKED,
                ("return.ron", 4) => {
                    let mut c = old;
                    let key = maze::variants::Tag::new("K");
                    c.symbol = if c.symbol == key { None } else { key };
                    c
                }
                _ if old.wildcard => continue,
                _ => mutated(old, what, value),
            };
            maze.board.cells[cell] = new;
            let change = graph.set_cell(cell, new);
            graph.follow(change, &mut stride);
            let fresh = JumpGraph::new(&maze);
            let names = |g: &JumpGraph| (0..g.n_states() as StateId).map(|s| g.state_name(s)).collect::<Vec<_>>();
            prop_assert_eq!(names(&graph), names(&fresh), "{}", name);
            assert_same_graph(&Adjacency::from_rules(&graph), &Adjacency::from_rules(&fresh));
            assert_same_graph(&stride, &StrideAdjacency::from_rules(&fresh));
        }
    }
}

/// Boards of 65 to about 1,300 states on every tiling, for the multi-word bitset path and
/// the list path beyond it: random jump numbers 1 to 4 (mostly short, so paths are long),
/// a few dead ends, the goal in the last cell.
fn large_maze() -> impl Strategy<Value = JumpingMaze> {
    maze_between(9..=36)
}

/// Boards of [`large_maze`]'s kind whose sides are in `sides`.
fn maze_between(sides: std::ops::RangeInclusive<usize>) -> impl Strategy<Value = JumpingMaze> {
    (0usize..4, sides.clone(), sides, any::<bool>()).prop_flat_map(|(t, rows, cols, no_u_turn)| {
        let n = rows * cols;
        proptest::collection::vec(prop_oneof![1 => Just(0u8), 30 => 1u8..=4], n).prop_map(
            move |jumps| {
                let (tiling, moves) = [
                    (Tiling::Square, MoveSet::Rook),
                    (Tiling::Square, MoveSet::Queen),
                    (Tiling::Hex, MoveSet::Rook),
                    (Tiling::Triangle, MoveSet::Rook),
                ][t];
                let mut cells: Vec<Cell> = jumps
                    .iter()
                    .map(|&k| {
                        if k == 0 {
                            Cell::DEAD_END
                        } else {
                            Cell::numbered(k)
                        }
                    })
                    .collect();
                cells[0] = Cell::numbered(jumps[0].max(1));
                cells[n - 1] = Cell::GOAL;
                JumpingMaze {
                    rules: JumpRules {
                        tiling,
                        moves,
                        // Under no-U-turn, only small boards: states multiply by up to 9.
                        no_u_turn: no_u_turn && n <= 150,
                        ..JumpRules::default()
                    },
                    board: Board { rows, cols, cells },
                    start: (0, 0),
                    walls: Vec::new(),
                    gates: Vec::new(),
                }
            },
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn fast_core_matches_full_features_on_rolling_blocks(maze in rolling_board()) {
        check_core(&Maze::RollingBlock(maze));
    }

    #[test]
    fn fast_core_matches_full_features_on_large_boards(maze in large_maze()) {
        check_core(&Maze::Jumping(maze));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// Past the word widths an evaluator follows the graph's change log (predecessor lists,
    /// each jump value's states) and finds again only the clusters of the values a change
    /// touched (or all, past a few values): through a run of jump changes, some scored and
    /// some not, and past what the log keeps, a warm evaluator's core is a fresh one's.
    #[test]
    fn a_warm_evaluator_scores_a_changing_large_board_like_a_fresh_one(
        maze in maze_between(33..=40),
        changes in prop::collection::vec((any::<prop::sample::Index>(), 1u8..=6, 0u8..4), 1..40),
    ) {
        let ordinary: Vec<usize> = (0..maze.board.cells.len())
            .filter(|&i| maze.board.cells[i].jump_number().is_some())
            .collect();
        let mut graph = JumpGraph::new(&maze);
        let mut stride = StrideAdjacency::from_rules(&graph);
        let mut warm = Evaluator::new();
        prop_assert_eq!(warm.core(&stride, 0), Evaluator::new().core(&stride, 0));
        for (pick, k, score) in changes {
            let change = graph.set_jump(ordinary[pick.index(ordinary.len())], k);
            graph.follow(change, &mut stride);
            // One change in four goes unscored, so that several accumulate.
            if score > 0 {
                prop_assert!(stride.n_states() > maze::generate::MAX_WORD_STATES);
                prop_assert_eq!(warm.core(&stride, 0), Evaluator::new().core(&stride, 0));
            }
        }
        // More changes unscored than the graph's change log keeps: the evaluator reads the
        // whole graph again.
        for (i, &cell) in ordinary.iter().enumerate().take(stride.n_states() / 6) {
            let change = graph.set_jump(cell, 1 + (i % 5) as u8);
            graph.follow(change, &mut stride);
        }
        prop_assert_eq!(warm.core(&stride, 0), Evaluator::new().core(&stride, 0));
    }
}

fn variant(name: &str) -> MazeFile {
    let path = root().join("variants").join(name);
    let src = std::fs::read_to_string(&path).unwrap();
    parse_file(name, &src).unwrap_or_else(|e| panic!("{}", e.one_line()))
}

/// Generates from `settings`, validated against the file's maze.
fn run(file: &MazeFile, settings: &Generate, iterations: u64, seed: u64) -> Outcome {
    let settings = Settings::new(&file.maze, settings.clone()).unwrap_or_else(|e| panic!("{e}"));
    generator::generate(&settings, Some(iterations), seed, &mut |_| {}).unwrap()
}

fn text(maze: &Maze) -> String {
    maze::variants::write(maze, &[])
}

#[test]
fn a_seed_reproduces_its_maze_and_items_differ() {
    let file = variant("rook.ron");
    let settings = file.generate.clone().unwrap();
    let seed = generator::item_seed(7, "rook", 0);
    let a = run(&file, &settings, 400, seed);
    let b = run(&file, &settings, 400, seed);
    assert_eq!(text(&a.maze), text(&b.maze));
    assert_eq!(a.score, b.score);
    assert_eq!(a.evaluations, b.evaluations);
    let others: Vec<String> = (1..4)
        .map(|i| text(&run(&file, &settings, 400, generator::item_seed(7, "rook", i)).maze))
        .collect();
    assert!(others.iter().all(|o| *o != text(&a.maze)));
    // Seeds depend on every part of (seed, variant, index), and not on their sum.
    let seeds = [
        generator::item_seed(7, "rook", 0),
        generator::item_seed(8, "rook", 0),
        generator::item_seed(7, "rooj", 0),
        generator::item_seed(7, "rook", 1),
        generator::item_seed(6, "rook", 1),
    ];
    for i in 0..seeds.len() {
        for j in i + 1..seeds.len() {
            assert_ne!(seeds[i], seeds[j]);
        }
    }
}

/// Every search of RULES.md section 5, with the budget it is given.
fn strategies(iterations: u64) -> Vec<Search> {
    vec![
        Search::HillDescent { iterations },
        Search::UphillSteps {
            iterations,
            p: 0.005,
        },
        Search::SimulatedAnnealing {
            iterations,
            t0: 5.0,
            decay: 0.999,
        },
        Search::Genetic {
            iterations,
            rate: 0.05,
            population: None,
        },
        Search::Genetic {
            iterations,
            rate: 0.05,
            population: Some(Population {
                size: 8,
                tournament: 2,
                crossover: 0.9,
            }),
        },
        Search::RandomRestarts {
            iterations,
            restarts: Restarts::Fixed { period: 500 },
        },
        Search::RandomRestarts {
            iterations,
            restarts: Restarts::Bandit {
                policy: BanditPolicy::EpsilonGreedy(0.1),
            },
        },
        Search::RandomRestarts {
            iterations,
            restarts: Restarts::Bandit {
                policy: BanditPolicy::Softmax(1.0),
            },
        },
        Search::RandomRestarts {
            iterations,
            restarts: Restarts::Sarsa {
                satisfice: 12,
                go: 250,
                alpha: 0.1,
                gamma: 1.0,
                epsilon: 0.1,
            },
        },
    ]
}

/// The exercises' setting: 5 x 5 rook, goal in the corner, longest solution wanted.
fn goal_depth_settings(search: Search) -> (MazeFile, Generate) {
    let file = variant("rook.ron");
    let settings = Generate {
        goal: maze::generate::settings::Placement::Fixed((4, 4)),
        objective: Objective::GoalDepth,
        gates: Gates::default(),
        search,
        attempts: 1,
        ..file.generate.clone().unwrap().into_generate()
    };
    (file, settings)
}

#[test]
fn every_strategy_spends_its_budget_and_beats_random_mazes() {
    let iterations = 2000;
    // The deepest of 20 random mazes (a search of one iteration is a random maze, stepped
    // once).
    let (file, random) = goal_depth_settings(Search::HillDescent { iterations: 1 });
    let random_best = (0..20)
        .map(|i| {
            run(&file, &random, 1, i)
                .features
                .shortest_length
                .unwrap_or(0)
        })
        .max()
        .unwrap();
    for search in strategies(iterations) {
        let (file, settings) = goal_depth_settings(search);
        let o = run(&file, &settings, iterations, 3);
        assert_eq!(o.iterations, iterations, "{search:?}");
        // Restarts and a population's first members are iterations of their own in some
        // strategies, and extra evaluations in the others.
        assert!(o.evaluations >= iterations, "{search:?}: {}", o.evaluations);
        let depth = o.features.shortest_length.unwrap_or(0);
        assert!(
            depth > random_best,
            "{search:?} reached goal depth {depth}, the best of 20 random mazes {random_best}"
        );
        assert_eq!(o.score.energy, -f64::from(depth));
    }
}

#[test]
fn impossible_gates_end_in_a_bounded_search_that_says_what_it_reached() {
    // On a 2 x 2 rook board (jumps of 1, cells may be blocked) the goal is at most 2 moves
    // away: min_length 3 passes the file check (4 states) but no board meets it.
    let src = r#"Maze(
        rules: Jumping(),
        board: ["1 1", "1 G"],
        start: (0, 0),
        generate: (
            change: (blocked: true),
            gates: (min_length: 3),
            search: HillDescent(iterations: 50),
            attempts: 4,
        ),
    )"#;
    let file = parse_file("tiny.ron", src).unwrap_or_else(|e| panic!("{}", e.one_line()));
    let settings = file.generate.clone().unwrap();
    let o = run(&file, &settings, 50, 1);
    assert!(!o.passed());
    assert_eq!(o.attempts, 4);
    assert_eq!(o.iterations, 200);
    assert_eq!(
        o.failed_gates,
        vec![generator::GateFailure::TooShort {
            min: 3,
            length: Some(2)
        }]
    );
    assert_eq!(
        generator::reasons(&o.failed_gates),
        "min_length 3: the shortest solution has 2"
    );
}

/// The one-way walls gene and a key-and-door rule generate puzzles that pass their gates, on
/// several seeds, and the one-way walls the generator puts down are on the maze it returns.
#[test]
fn one_way_walls_and_doors_generate_puzzles_that_pass_their_gates() {
    for name in ["one_way.ron", "doors.ron"] {
        let mut file = variant(name);
        let settings = file.generate.clone().unwrap();
        if name == "one_way.ron" {
            // From no walls at all, so every one-way wall is the generator's.
            let Maze::Jumping(m) = &mut file.maze else {
                panic!("{name} is a jumping maze");
            };
            m.gates.clear();
        }
        for seed in 1..=3 {
            let o = passing(&file, &settings, 2000, name, seed);
            let Maze::Jumping(m) = &o.maze else {
                panic!("{name} is a jumping maze");
            };
            match name {
                "one_way.ron" => {
                    assert!(!m.gates.is_empty(), "{name} seed {seed}: no one-way wall")
                }
                _ => assert_eq!(m.gates.len(), 2, "{name} seed {seed}: the doors stay"),
            }
        }
    }
}

/// No revisits, one register per cell (more than the six registers a rule once had at
/// most): the bundled variant generates puzzles that pass its gates (no trap among them) on
/// several seeds, each at least 6 moves long with a move the registers decide, not the
/// 2-move boards its 3 x 3 predecessor made.
#[test]
fn no_revisits_generates_puzzles_that_pass_their_gates() {
    let name = "no_revisits.ron";
    let file = variant(name);
    let settings = file.generate.clone().unwrap();
    assert_eq!(settings.gates.min_length, Some(6), "the floor tested below");
    for seed in 1..=3 {
        let o = passing(&file, &settings, 300, name, seed);
        let length = o.features.shortest_length.unwrap_or(0);
        assert!(length >= 6, "seed {seed}: {length} moves");
        assert!(o.features.mechanic_moves >= Some(1), "seed {seed}");
    }
}

/// A rolling-block file's `teleports:` list: without the `Teleports` gene the generator keeps
/// its pairs where they are, their cells plain floor; with it the list is cleared and the
/// gene's pair of `t` placed instead. Every maze is written back and reads back equal.
#[test]
fn rolling_generators_keep_or_replace_a_declared_list() {
    let path = root().join("tests/fixtures/rules/rolling_teleport_list.ron");
    let src = std::fs::read_to_string(path).unwrap();
    let end = src.rfind(')').unwrap();
    let listed = [((0, 3), (2, 0)), ((2, 3), (4, 0))];
    for (genes, kept) in [("[Floor]", true), ("[Floor, Teleports(1)]", false)] {
        let text = format!(
            "{}    generate: (genes: {genes}, search: HillDescent(iterations: 40)),\n)\n",
            &src[..end]
        );
        let file = parse_file("listed.ron", &text).unwrap_or_else(|e| panic!("{}", e.one_line()));
        let settings = file.generate.clone().unwrap();
        for seed in 1..=3 {
            let o = run(&file, &settings, 40, seed);
            let Maze::RollingBlock(m) = &o.maze else {
                panic!("a rolling-block maze");
            };
            let board = &m.board;
            let ts = board
                .tiles
                .iter()
                .filter(|&&t| t == maze::variants::rolling::Tile::Teleport);
            if kept {
                assert_eq!(board.teleports, listed, "{genes} seed {seed}");
                assert!(listed.iter().all(|&(a, b)| board.get(a) == board.get(b)
                    && board.get(a) == maze::variants::rolling::Tile::Floor));
                assert_eq!(ts.count(), 0, "{genes} seed {seed}");
            } else {
                assert!(board.teleports.is_empty(), "{genes} seed {seed}");
                assert_eq!(ts.count(), 2, "{genes} seed {seed}");
            }
            let written = write_file(
                &MazeFile {
                    maze: o.maze.clone(),
                    generate: None,
                    provenance: None,
                },
                &[],
            );
            let back =
                parse_file("back.ron", &written).unwrap_or_else(|e| panic!("{}", e.one_line()));
            assert_eq!(back.maze, o.maze, "{genes} seed {seed}");
        }
    }
}

/// A register holding a cell: the bundled variant, whose move back is the only way off a
/// dead end, generates puzzles that pass its gates on several seeds.
#[test]
fn going_back_generates_puzzles_that_pass_their_gates() {
    let name = "return.ron";
    let file = variant(name);
    let settings = file.generate.clone().unwrap();
    for seed in 1..=3 {
        passing(&file, &settings, 500, name, seed);
    }
}

/// Generates maze 0 of `seed` for the variant `name`, which must pass its gates.
fn passing(
    file: &MazeFile,
    settings: &Generate,
    iterations: u64,
    name: &str,
    seed: u64,
) -> Outcome {
    let o = run(
        file,
        settings,
        iterations,
        generator::item_seed(seed, name, 0),
    );
    assert!(
        o.passed(),
        "{name} seed {seed}: {}",
        generator::reasons(&o.failed_gates)
    );
    o
}

#[test]
fn generated_mazes_pass_their_gates_and_round_trip_with_provenance() {
    let mut names: Vec<String> = std::fs::read_dir(root().join("variants"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".ron"))
        .collect();
    names.sort();
    for name in names {
        let file = variant(&name);
        // Every bundled file reads back equal, settings included.
        assert_eq!(
            parse_file(&name, &write_file(&file, &[])).unwrap(),
            file,
            "{name}"
        );
        let settings = file
            .generate
            .clone()
            .expect("every bundled variant has settings");
        // The round trip needs a maze, not one that passes: a short search, and at most the
        // default attempts (the variants whose searches often fail make up to 100).
        let mut short: Generate = (*settings).clone();
        short.attempts = short.attempts.min(3);
        let o = run(&file, &short, 600, generator::item_seed(1, &name, 0));
        let generated = MazeFile {
            maze: o.maze.clone(),
            generate: None,
            provenance: Some(Provenance {
                variant: name.trim_end_matches(".ron").to_string(),
                variant_hash: Some(generator::variant_hash(
                    &std::fs::read_to_string(root().join("variants").join(&name)).unwrap(),
                )),
                seed: 1,
                index: 0,
                iterations: 600,
                engine: generator::ENGINE.to_string(),
                retry: 0,
                timed_out: false,
            }),
        };
        let written = write_file(&generated, &["a header line".to_string()]);
        let back = parse_file("generated.ron", &written)
            .unwrap_or_else(|e| panic!("{name}: {}", e.one_line()));
        assert_eq!(back, generated, "{name}");
        // What was reported is what the written maze has.
        let f = features::features_of_rules(&back.maze.compile(), back.maze.blocks());
        assert_eq!(f, o.features, "{name}");
        assert_eq!(settings.objective.energy(&f), o.score.energy, "{name}");
    }
}

#[test]
fn the_bandit_keeps_consistent_books() {
    let template = learn::exercise_template(5).unwrap();
    for policy in [BanditPolicy::EpsilonGreedy(0.2), BanditPolicy::Softmax(1.0)] {
        let mut rng = generator::Rng::seed_from_u64(5);
        let r = learn::bandit(&template, policy, 40, &mut rng);
        assert_eq!(r.arms.iter().map(|a| a.count).sum::<u64>(), 40);
        // Each arm is pulled once before the policy chooses.
        assert!(r.arms.iter().all(|a| a.count >= 1));
        assert_eq!(
            r.iterations,
            r.arms.iter().map(|a| a.iterations * a.count).sum::<u64>()
        );
        for a in &r.arms {
            assert!((a.mean - a.total / a.count as f64).abs() < 1e-9);
        }
        let best = r.arms[r.best].mean;
        assert!(r.arms.iter().all(|a| a.mean <= best));
    }
}

#[test]
fn the_sarsa_exercise_generates_what_it_is_asked_for() {
    let template = learn::exercise_template(5).unwrap();
    let restarts = Restarts::Sarsa {
        satisfice: 13,
        go: 250,
        alpha: 0.1,
        gamma: 1.0,
        epsilon: 0.1,
    };
    let mut rng = generator::Rng::seed_from_u64(5);
    let r = learn::sarsa(&template, &restarts, 3, 2_000_000, &mut rng).unwrap();
    for stats in [r.learning, r.greedy].iter().chain(&r.fixed) {
        assert_eq!(stats.satisficing, 3);
        // Cost: 250 per Go plus one evaluation per restart.
        assert_eq!(stats.iterations, 250 * stats.go + stats.restarts);
    }
    // Fixed period k never goes on past k Go actions in a row.
    for (k, stats) in r.fixed.iter().enumerate() {
        assert!(
            stats.go <= (k as u64 + 1) * stats.restarts,
            "period {}",
            k + 1
        );
    }
    let updates: u64 = r.learner.updates.iter().map(|u| u[0] + u[1]).sum();
    assert!(updates > 0);
    // Every Q value stays within the rewards' reach: at least -5 Go, at most +1.
    assert!(
        r.learner
            .q
            .iter()
            .flatten()
            .all(|&q| (-5.0..=1.0).contains(&q))
    );
}

/// Seeded generations of a few variants and every strategy, small budgets: a change in
/// move generation, features, objectives, steps or random streams shows here.
#[test]
fn seeded_generations() {
    let mut out = String::new();
    let mut show = |label: &str, o: &Outcome| {
        out.push_str(&format!(
            "## {label}: energy {}, shortest {:?}, unique {}, gates {}\n",
            features::report::number(o.score.energy),
            o.features.shortest_length,
            o.features.unique_shortest,
            if o.passed() {
                "passed".to_string()
            } else {
                generator::reasons(&o.failed_gates)
            }
        ));
        out.push_str(&text(&o.maze));
        out.push('\n');
    };
    for name in [
        "rook.ron",
        "hex.ron",
        "no_u_turn.ron",
        "walls.ron",
        "exit.ron",
        "rolling_block.ron",
    ] {
        let file = variant(name);
        let settings = file.generate.clone().unwrap();
        let o = run(&file, &settings, 300, generator::item_seed(1, name, 0));
        show(name, &o);
    }
    for search in strategies(300) {
        let (file, settings) = goal_depth_settings(search);
        let o = run(&file, &settings, 300, 11);
        show(&format!("rook.ron, GoalDepth, {}", one_line(&search)), &o);
    }
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(root().join("snapshots"));
    settings.set_prepend_module_to_snapshot(false);
    settings.set_omit_expression(true);
    settings.bind(|| insta::assert_snapshot!("generations", out));
}

fn one_line(search: &Search) -> String {
    let settings = Generate {
        search: *search,
        ..Generate::default()
    };
    let maze = variant("rook.ron").maze;
    let file = MazeFile {
        generate: Some(Settings::new(&maze, settings).unwrap_or_else(|e| panic!("{e}"))),
        maze,
        provenance: None,
    };
    write_file(&file, &[])
        .lines()
        .find_map(|l| l.trim().strip_prefix("search: "))
        .unwrap_or("?")
        .trim_end_matches(',')
        .to_string()
}

/// Moves that may stop anywhere along a ray give a state more successors than directions:
/// the generator's fixed-stride graph is as wide as the rules say (an arrow maze and a link
/// maze on boards large enough for long rays).
#[test]
fn many_landings_per_direction_fit_the_stride_graph() {
    for name in ["arrow.ron", "link.ron"] {
        let file = variant(name);
        let settings = Generate {
            size: Some((12, 12)),
            goal: maze::generate::settings::Placement::Fixed((11, 11)),
            gates: maze::generate::settings::Gates::default(),
            attempts: 1,
            ..file.generate.clone().unwrap().into_generate()
        };
        let o = run(&file, &settings, 200, 3);
        let f = features::features_of_rules(&o.maze.compile(), o.maze.blocks());
        assert_eq!(f, o.features, "{name}");
        assert!(f.n_moves > 0, "{name}");
    }
}

/// Searches on the word engine and on the compiled graph from the same seed: the same
/// configurations visited, the same best maze and score, the same evaluations. `words` says
/// whether the fast one is on the word engine (it may not be: registers, too many states).
fn words_and_graph_agree(
    maze: &JumpingMaze,
    settings: &Generate,
    seed: u64,
) -> Result<bool, TestCaseError> {
    use maze::generate::search::{self, Run};
    use maze::generate::{JumpSpace, Scorer, Space};
    let Ok(template) = settings.template(maze) else {
        return Ok(false);
    };
    let mut outcomes = Vec::new();
    let mut on_words = false;
    for words in [true, false] {
        let mut rng = rand::rngs::Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut space = JumpSpace::new(template.clone(), &mut rng);
        if !words {
            space = space.without_words();
        }
        let mut scorer = Scorer::new(settings.objective.clone(), settings.gates);
        let mut progress = |_| {};
        let mut run = Run::new(&mut space, &mut scorer, &mut rng, &mut progress);
        search::run(&mut run, &settings.search);
        let (iterations, best) = (run.iterations, run.best.take());
        if words {
            on_words = space.on_words();
        }
        let maze = best.as_ref().map(|(s, _)| space.snapshot_maze(s));
        outcomes.push((
            iterations,
            best,
            scorer.evaluations(),
            maze.map(|m| text(&m)),
        ));
    }
    prop_assert_eq!(&outcomes[0], &outcomes[1]);
    Ok(on_words)
}

fn word_engine_searches() -> Vec<Search> {
    vec![
        Search::HillDescent { iterations: 300 },
        Search::UphillSteps {
            iterations: 300,
            p: 0.05,
        },
        Search::RandomRestarts {
            iterations: 300,
            restarts: Restarts::Fixed { period: 60 },
        },
        Search::SimulatedAnnealing {
            iterations: 300,
            t0: 2.0,
            decay: 0.99,
        },
        Search::Genetic {
            iterations: 100,
            rate: 0.1,
            population: None,
        },
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    /// The generator's word engine (one-word rows patched from tables, candidates rejected
    /// as soon as they cannot win) makes exactly the choices of the compiled graph scored in
    /// full, on random boards of every variant, every core objective, any gates and every
    /// strategy.
    #[test]
    fn the_word_engine_searches_like_the_compiled_graph(
        maze in any_valid_maze(),
        objective in 0usize..3,
        gates in any::<(bool, bool, bool, Option<u32>)>(),
        search in 0usize..5,
        random_goal: bool,
        seed: u64,
    ) {
        let (unique_shortest, no_black_holes, solvable, min_length) = gates;
        let settings = Generate {
            goal: if random_goal { maze::generate::settings::Placement::Random } else { Default::default() },
            objective: core_objectives()[objective].clone(),
            gates: Gates {
                unique_shortest,
                no_black_holes,
                solvable,
                min_length: min_length.map(|m| m % 12),
                ..Gates::default()
            },
            search: word_engine_searches()[search],
            ..Generate::default()
        };
        words_and_graph_agree(&maze, &settings, seed)?;
    }
}

/// The word engine is the one Neller's configuration runs on, and it agrees with the graph
/// there, over the paper's search with its gates.
#[test]
fn neller_configuration_runs_on_the_word_engine() {
    let file = variant("rook.ron");
    let Maze::Jumping(maze) = &file.maze else {
        panic!("rook.ron is a jumping maze")
    };
    let settings = Generate {
        search: Search::UphillSteps {
            iterations: 3000,
            p: 0.005,
        },
        ..file.generate.clone().unwrap().into_generate()
    };
    for seed in 0..4 {
        assert!(words_and_graph_agree(maze, &settings, seed).unwrap());
    }
}

/// Rules whose states carry registers run on the word engine too, over the superset of
/// their states (states appearing and vanishing as moves land on them or stop), and make
/// exactly the compiled graph's choices: no-U-turn's last direction on square and hex
/// boards, a switch maze's move type, an offset maze's counter, with every strategy, for
/// Neller's energy (offset's own objective reads decisions averaged over every shortest
/// path, which only full features have).
#[test]
fn register_rules_run_on_the_word_engine() {
    for name in [
        "no_u_turn.ron",
        "no_u_turn_hex.ron",
        "switch.ron",
        "offset.ron",
    ] {
        let neller = |g: Generate| Generate {
            objective: Objective::Neller,
            ..g
        };
        assert!(
            every_search_agrees(name, neller),
            "{name} runs on the word engine"
        );
    }
}

/// Boards of more than 256 superset states run on the word engine too, in eight and sixteen
/// words a set, and make exactly the compiled graph's choices: Neller's configuration on 20 x
/// 20 (400 states) and 30 x 30 (900), and no-U-turn on 10 x 10 (every cell with each of its
/// last directions: 500 superset states).
#[test]
fn wide_boards_run_on_the_word_engine() {
    for (name, side) in [("rook.ron", 20), ("rook.ron", 30), ("no_u_turn.ron", 10)] {
        let sized = |g: Generate| Generate {
            size: Some((side, side)),
            objective: Objective::Neller,
            ..g
        };
        assert!(
            every_search_agrees(name, sized),
            "{name} on {side} x {side} runs on the word engine"
        );
    }
}

/// A step and its undo leave every field of the core as the compiled graph has it: an
/// objective that reads each of them (the number of moves and states, reached and reaching
/// states, path counts, clusters, forced moves) steers the searches, so a field kept wrong
/// after an undo changes their choices.
#[test]
fn undone_steps_keep_every_core_feature() {
    let term = |feature, weight| Term {
        feature,
        weight,
        priority: 0,
    };
    let every_field = |g: Generate| Generate {
        objective: Objective::Weighted(vec![
            term(Feature::NMoves, 0.125),
            term(Feature::NStates, -0.25),
            term(Feature::Reachable, -0.5),
            term(Feature::NonReaching, 2.0),
            term(Feature::ShortestLength, -1.0),
            term(Feature::ShortestPaths, 0.75),
            term(Feature::ClusterPenalty, 0.375),
            term(Feature::InitialForcedMoves, 1.5),
        ]),
        gates: Gates::default(),
        ..g
    };
    for name in [
        "rook.ron",
        "no_u_turn.ron",
        "switch.ron",
        "offset.ron",
        "arrow.ron",
    ] {
        assert!(
            every_search_agrees(name, every_field),
            "{name} runs on the word engine"
        );
    }
}

/// Runs every strategy of [`word_engine_searches`] on the bundled variant `name` with its own
/// settings as `adjust` changes them, one attempt, on both engines; panics unless they make
/// the same choices, and says whether the word engine ran (the same for every strategy).
fn every_search_agrees(name: &str, adjust: impl Fn(Generate) -> Generate) -> bool {
    let file = variant(name);
    let Maze::Jumping(maze) = &file.maze else {
        panic!("{name} is a jumping maze")
    };
    let mut ran = Vec::new();
    for (seed, search) in word_engine_searches().into_iter().enumerate() {
        let settings = adjust(Generate {
            search,
            attempts: 1,
            ..file.generate.clone().unwrap().into_generate()
        });
        ran.push(
            words_and_graph_agree(maze, &settings, seed as u64)
                .unwrap_or_else(|e| panic!("{name}, {search:?}: {e}")),
        );
    }
    assert!(ran.windows(2).all(|w| w[0] == w[1]), "{name}: {ran:?}");
    ran.first().copied().unwrap_or(false)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The early rejection is sound: scored within a limit, a candidate either gets its full
    /// score or is worse than the limit; and its full score on rows is the score on the
    /// graph.
    #[test]
    fn rejected_candidates_are_worse_than_the_limit(
        maze in any_valid_maze(),
        objective in 0usize..3,
        gates in any::<(bool, bool, bool, Option<u32>)>(),
        shifts in prop::collection::vec((-2i64..=2, -30.0f64..30.0), 1..6),
    ) {
        use maze::generate::{Contents, Scorer, WordEngine};
        let mut graph = JumpGraph::new(&maze);
        let legal = vec![Vec::new(); maze.board.cells.len()];
        let Some(mut rows) = WordEngine::new(&mut graph, &[], Contents::Numbers(&legal), None) else {
            return Ok(());
        };
        let mut scorer = Scorer::new(core_objectives()[objective].clone(), gates_of(gates, 12));
        let full = rows.score(&mut scorer, maze.blocks());
        let stride = StrideAdjacency::from_rules(&graph);
        prop_assert_eq!(full, scorer.score(&stride, maze.blocks()));
        for limit in limits(full, &shifts) {
            match rows.score_within(&mut scorer, maze.blocks(), &limit) {
                Some(s) => prop_assert_eq!(s, full),
                None => prop_assert!(full.compare(&limit).is_gt(), "{full:?} rejected against {limit:?}"),
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    /// A candidate on a compiled graph (read into rows up to 256 states, lists beyond) is
    /// rejected early only when its full score is worse than the limit.
    #[test]
    fn rejected_graph_candidates_are_worse_than_the_limit(
        maze in maze_between(5..=40),
        objective in 0usize..3,
        gates in any::<(bool, bool, bool, Option<u32>)>(),
        shifts in prop::collection::vec((-2i64..=2, -30.0f64..30.0), 1..6),
    ) {
        use maze::generate::Scorer;
        let mut scorer = Scorer::new(core_objectives()[objective].clone(), gates_of(gates, 40));
        let stride = StrideAdjacency::from_rules(&JumpGraph::new(&maze));
        let full = scorer.score(&stride, maze.blocks());
        for limit in limits(full, &shifts) {
            match scorer.score_within(&stride, maze.blocks(), &limit) {
                Some(s) => prop_assert_eq!(s, full),
                None => prop_assert!(full.compare(&limit).is_gt(), "{full:?} rejected against {limit:?}"),
            }
        }
    }
}

/// Gates from drawn flags and a minimum length below `most`.
fn gates_of(drawn: (bool, bool, bool, Option<u32>), most: u32) -> Gates {
    let (unique_shortest, no_black_holes, solvable, min_length) = drawn;
    Gates {
        unique_shortest,
        no_black_holes,
        solvable,
        min_length: min_length.map(|m| m % most),
        ..Gates::default()
    }
}

/// Limits to score a candidate against: its own full score, and that score shifted by each
/// of `shifts` (deficit, energy).
fn limits(full: maze::generate::Score, shifts: &[(i64, f64)]) -> Vec<maze::generate::Score> {
    let shifted = shifts
        .iter()
        .map(|&(deficit, energy)| maze::generate::Score {
            deficit: (i64::from(full.deficit) + deficit).max(0) as u32,
            energy: full.energy + energy,
            tie: 0,
        });
    std::iter::once(full).chain(shifted).collect()
}

/// The exhaustive search (a Gray-code walk on the word engine) finds what filling every
/// configuration from scratch and extracting full features finds: the configurations, those
/// with a unique shortest solution and no black holes, the longest shortest solution, how
/// many reach it and the first of them in the walk.
#[test]
fn exhaustive_search_agrees_with_full_features_on_every_configuration() {
    use maze::generate::{ExhaustError, exhaust};
    for src in [
        r#"Maze(rules: Jumping(tiling: Square, moves: Rook), board: ["1 1 1", "1 1 1", "1 1 G"], start: (0, 0))"#,
        r#"Maze(rules: Jumping(tiling: Square, moves: Queen), board: ["1 1 1", "1 1 1", "1 G 1"], start: (0, 0))"#,
        r#"Maze(rules: Jumping(tiling: Square, moves: Rook), board: ["1 1 1 1", "1 # 1 G"], start: (0, 1))"#,
        r#"Maze(rules: Jumping(tiling: Hex), board: ["1 1 1", "1 1 1", "1 1 G"], start: (0, 0))"#,
    ] {
        let whole = crate::common::parse(src);
        let found = exhaust(&whole, 9, 1_000_000, &mut |_| {}).unwrap();
        let Maze::Jumping(maze) = whole else {
            panic!("a jumping maze: {src}")
        };
        // The slow twin: an odometer over every cell's legal numbers, each configuration
        // compiled and analysed in full.
        let shape = JumpGraph::new(&maze);
        let cells: Vec<usize> = (0..maze.board.cells.len())
            .filter(|&c| maze.board.cells[c].is_ordinary())
            .collect();
        let legal: Vec<Vec<u8>> = cells.iter().map(|&c| shape.legal_jumps(c, 9)).collect();
        let mut digit = vec![0usize; cells.len()];
        let (mut configurations, mut passing, mut longest, mut reaching) = (0u64, 0u64, None, 0u64);
        let mut examples = Vec::new();
        loop {
            let mut m = maze.clone();
            for (i, &c) in cells.iter().enumerate() {
                m.board.cells[c].number = Some(i16::from(legal[i][digit[i]]));
            }
            let f = features::features(&Adjacency::from_rules(&JumpGraph::new(&m)), m.blocks());
            configurations += 1;
            if f.unique_shortest && f.black_holes.count == 0 {
                passing += 1;
                if f.shortest_length > longest {
                    (longest, reaching) = (f.shortest_length, 0);
                    examples.clear();
                }
                if f.shortest_length == longest {
                    reaching += 1;
                    examples.push(Maze::Jumping(m.clone()));
                }
            }
            let Some(i) = (0..cells.len()).find(|&i| digit[i] + 1 < legal[i].len()) else {
                break;
            };
            digit[..i].iter_mut().for_each(|d| *d = 0);
            digit[i] += 1;
        }
        assert_eq!(found.configurations, configurations, "{src}");
        assert_eq!(found.passing, passing, "{src}");
        assert_eq!(found.longest, longest, "{src}");
        assert_eq!(found.reaching_longest, reaching, "{src}");
        let example = found.example.expect("some configuration passes");
        assert!(
            examples.contains(&example),
            "{src}: the example reaches the longest"
        );
        assert!(
            passing > 0 && passing < configurations,
            "{src}: the gates sort the boards"
        );
    }
    // Rules other than plain jump numbers are refused, not walked wrongly.
    for name in ["rolling_block.ron", "no_u_turn.ron", "switch.ron"] {
        let found = exhaust(&variant(name).maze, 9, 1_000_000, &mut |_| {});
        assert_eq!(found, Err(ExhaustError::Unsupported), "{name}");
    }
}

/// Variants whose genes are more than numbers run on the word engine, and make exactly the
/// compiled graph's choices with every strategy: from tables per content of each cell when
/// no gene is read of a landing cell (a chess maze's pieces, an arrow maze's arrows), from
/// the move generator for the changed cell and the cells landing on it when one is (a toggle
/// maze's circles, an Alice maze's colours, a link maze's symbols and colours). Wildcards
/// change which registers their cell keeps, so the superset's shape, at every other step:
/// they end on the compiled graph.
#[test]
fn gene_variants_run_on_the_word_engine() {
    for (name, words) in [
        ("chess.ron", true),
        ("arrow.ron", true),
        ("toggle.ron", true),
        ("alice.ron", true),
        ("link.ron", true),
        ("wildcard.ron", false),
    ] {
        assert_eq!(
            every_search_agrees(name, |g| g),
            words,
            "{name} on the word engine"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(90))]

    /// The word engine (tables per content for pieces and arrows, rows read from the move
    /// generator for circles, colours, symbols and wildcards) makes exactly the compiled
    /// graph's choices on the gene variants, at any board size, goal placement, core
    /// objective, gates and strategy.
    #[test]
    fn the_word_engine_on_genes_searches_like_the_compiled_graph(
        name in prop::sample::select(vec![
            "chess.ron", "arrow.ron", "toggle.ron", "alice.ron", "link.ron", "wildcard.ron",
        ]),
        size in (3usize..=6, 3usize..=6),
        objective in 0usize..3,
        gates in any::<(bool, bool, Option<u32>)>(),
        search in 0usize..5,
        random_goal: bool,
        seed: u64,
    ) {
        let file = variant(name);
        let Maze::Jumping(maze) = &file.maze else {
            panic!("{name} is a jumping maze")
        };
        let (unique_shortest, no_black_holes, min_length) = gates;
        let own = file.generate.clone().unwrap().into_generate();
        let settings = Generate {
            size: Some(size),
            goal: if random_goal {
                maze::generate::settings::Placement::Random
            } else {
                maze::generate::settings::Placement::Fixed((size.0 - 1, size.1 - 1))
            },
            objective: core_objectives()[objective].clone(),
            gates: Gates {
                unique_shortest,
                no_black_holes,
                min_length: min_length.map(|m| m % 12),
                ..Gates::default()
            },
            search: word_engine_searches()[search],
            attempts: 1,
            ..own
        };
        let on_words = words_and_graph_agree(maze, &settings, seed)?;
        // Settings a board this small cannot meet (a minimum length beyond its cells) make
        // no template, and no search.
        // Wildcards may end on the compiled graph (see `gene_variants_run_on_the_word_engine`).
        let searched = settings.template(maze).is_ok();
        prop_assert!(
            on_words == searched || (name == "wildcard.ron" && !on_words),
            "{} runs on the word engine", name
        );
    }
}

/// The generation template of the bundled teleporter, `variants/teleport.ron`.
fn teleport_template() -> maze::generate::settings::Template {
    let file = variant("teleport.ron");
    let Maze::Jumping(maze) = &file.maze else {
        panic!("a jumping maze")
    };
    file.generate.clone().unwrap().template(maze).unwrap()
}

/// A crossover of two boards of the bundled teleporter keeps the pairs whole: the child's
/// teleport cells are exactly one parent's, each parent's in some children, and the child
/// is a valid maze.
#[test]
fn crossover_takes_either_parents_teleport_pairs_whole() {
    use maze::generate::{JumpSpace, Space};
    let template = teleport_template();
    let teleports = |m: &Maze| -> Vec<(usize, String)> {
        let Maze::Jumping(m) = m else { unreachable!() };
        let name = |(i, c): (usize, &Cell)| Some((i, c.teleport?.to_string()));
        m.board.cells.iter().enumerate().filter_map(name).collect()
    };
    let mut rng = rand::rngs::Xoshiro256PlusPlus::seed_from_u64(7);
    let mut space = JumpSpace::new(template, &mut rng);
    let (mut from_a, mut from_b) = (0, 0);
    for _ in 0..40 {
        space.randomize(&mut rng);
        let a = space.snapshot();
        space.randomize(&mut rng);
        let b = space.snapshot();
        let (pa, pb) = (
            teleports(&space.snapshot_maze(&a)),
            teleports(&space.snapshot_maze(&b)),
        );
        if pa == pb {
            continue;
        }
        space.crossover(&a, &b, &mut rng);
        let child = space.maze();
        let Maze::Jumping(m) = &child else {
            unreachable!()
        };
        m.validate().unwrap_or_else(|p| panic!("{}", p.message));
        let pc = teleports(&child);
        assert!(
            pc == pa || pc == pb,
            "the child's pairs are neither parent's"
        );
        if pc == pa {
            from_a += 1;
        } else {
            from_b += 1;
        }
    }
    assert!(
        from_a > 0 && from_b > 0,
        "{from_a} from the first, {from_b} from the second"
    );
}

/// The `Teleports` gene keeps pairs whole: from fresh boards of the bundled teleporter,
/// every step and every undo leaves a valid maze (a broken pair is refused by validation),
/// with one or two pairs, and an undo gives back the board before the step.
#[test]
fn teleport_steps_keep_pairs_whole() {
    use maze::generate::{JumpSpace, Space};
    let template = teleport_template();
    for seed in 0..4 {
        let mut rng = rand::rngs::Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut space = JumpSpace::new(template.clone(), &mut rng);
        for _ in 0..200 {
            let before = space.maze();
            let change = space.step(&mut rng);
            let Maze::Jumping(after) = space.maze() else {
                unreachable!()
            };
            after.validate().unwrap_or_else(|p| panic!("{}", p.message));
            let names: std::collections::BTreeSet<_> = after
                .board
                .cells
                .iter()
                .filter_map(|c| c.teleport)
                .collect();
            assert!((1..=2).contains(&names.len()), "{names:?}");
            if seed % 2 == 0 {
                space.revert(std::iter::once(change));
                assert_eq!(space.maze(), before);
            }
        }
    }
}
