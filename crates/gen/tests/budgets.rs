//! Every budget of a search holds whatever the settings say: a population's first members,
//! Sarsa's restarts and Go actions all count as iterations, and a deadline ends any search
//! with its best maze so far (issue 14: these once panicked, aborted or never ended).
#![allow(clippy::unwrap_used)]

use std::time::Instant;

use maze_gen::search::CLOCK_EVERY;
use maze_gen::settings::{BanditPolicy, Generate, Population, Restarts, Search, Settings};
use maze_gen::{Budget, item_seed};

fn settings(search: Search) -> Settings {
    let src = r#"Maze(
        rules: Jumping(tiling: Square, moves: Rook),
        board: ["2 1 1 1", "1 1 1 1", "1 1 1 1", "1 1 1 G"],
        start: (0, 0),
        generate: (objective: GoalDepth),
    )"#;
    let file = maze_file::parse_file("b.ron", src).unwrap();
    let settings = Generate {
        search,
        ..file.generate.unwrap().into_generate()
    };
    Settings::new(&file.maze, settings).unwrap()
}

fn sarsa(iterations: u64, satisfice: i64, go: u64) -> Search {
    Search::RandomRestarts {
        iterations,
        restarts: Restarts::Sarsa {
            satisfice,
            go,
            alpha: 0.1,
            gamma: 1.0,
            epsilon: 0.1,
        },
    }
}

fn generate(search: Search, deadline: Option<Instant>) -> maze_gen::Outcome {
    let budget = Budget {
        iterations: None,
        deadline,
    };
    maze_gen::generate_with(&settings(search), budget, item_seed(1, "b", 0), &mut |_| {}).unwrap()
}

#[test]
fn sarsa_keeps_its_budget_whatever_it_is_told() {
    // Every restart satisfices: the episodes used to end without a single counted iteration.
    let o = generate(sarsa(5000, -1000, 250), None);
    assert_eq!(o.iterations, 5000);
    assert_eq!(o.evaluations, 5000);
    // A Go of 2^64 - 1 iterations, and one of a million with 5,000 to spend.
    for go in [u64::MAX, 1_000_000] {
        let o = generate(sarsa(5000, 18, go), None);
        assert_eq!(o.iterations, 5000, "go {go}");
        assert_eq!(o.evaluations, 5000, "go {go}");
    }
}

#[test]
fn a_population_is_counted_in_the_iteration_budget() {
    let population = |size| Search::Genetic {
        iterations: 300,
        rate: 0.1,
        population: Some(Population {
            size,
            tournament: 2,
            crossover: 0.5,
        }),
    };
    // Fewer members than iterations, as many, and more (only 300 are made).
    for size in [8, 300, 10_000] {
        let o = generate(population(size), None);
        assert_eq!(o.iterations, 300, "size {size}");
        assert_eq!(o.evaluations, 300, "size {size}");
    }
}

#[test]
fn a_deadline_that_has_passed_ends_every_search_at_once_with_its_best_maze() {
    let strategies = [
        Search::HillDescent {
            iterations: u64::MAX,
        },
        Search::SimulatedAnnealing {
            iterations: u64::MAX,
            t0: 5.0,
            decay: 0.999,
        },
        Search::Genetic {
            iterations: u64::MAX,
            rate: 0.1,
            population: None,
        },
        Search::Genetic {
            iterations: u64::MAX,
            rate: 0.1,
            population: Some(Population {
                size: 100,
                tournament: 2,
                crossover: 0.5,
            }),
        },
        Search::RandomRestarts {
            iterations: u64::MAX,
            restarts: Restarts::Fixed { period: 100 },
        },
        Search::RandomRestarts {
            iterations: u64::MAX,
            restarts: Restarts::Bandit {
                policy: BanditPolicy::EpsilonGreedy(0.1),
            },
        },
        sarsa(u64::MAX, -1000, 250),
        sarsa(u64::MAX, 18, u64::MAX),
    ];
    for search in strategies {
        let o = generate(search, Some(Instant::now()));
        assert!(o.timed_out, "{search:?}");
        // The clock is read every CLOCK_EVERY iterations (restart loops read it each time).
        assert!(o.iterations <= CLOCK_EVERY, "{search:?}: {}", o.iterations);
        assert_eq!(o.attempts, 1, "{search:?}");
        assert!(o.features.n_states > 0, "{search:?}");
    }
    // No deadline, no mark.
    assert!(!generate(sarsa(2000, 18, 250), None).timed_out);
}
