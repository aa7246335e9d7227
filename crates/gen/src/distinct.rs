//! Distinct puzzles in one run: a maze that passes its gates but is the same puzzle as one
//! made before in the run (equal canonical text, [`maze_variants::symmetry::canonical`]) is
//! searched for again from seeds derived from its own, up to [`DISTINCT_RETRIES`] more times.
//!
//! Maze k is the first search of its sequence whose maze fails its gates or is new among
//! the mazes 0 to k-1 as finally chosen, so it depends on them (only through repeats) and
//! never on how many mazes the run makes, how many threads make them or in what order the
//! first searches finish.

use std::collections::HashMap;

use maze_variants::Maze;

use crate::{Budget, Error, Outcome, Settings, generate_with};

/// How many more searches a maze gets when its search found a puzzle already made in the
/// same run before the settings are said to make too few distinct puzzles.
pub const DISTINCT_RETRIES: u32 = 30;

/// The seed of search `retry` of the maze whose first search has `item_seed`: the first
/// search (retry 0) keeps `item_seed`, so a maze that is new the first time is the maze it
/// always was.
pub fn retry_seed(item_seed: u64, retry: u32) -> u64 {
    match retry {
        0 => item_seed,
        r => crate::splitmix(item_seed ^ crate::splitmix(0x5eed_0000_0000 ^ u64::from(r))),
    }
}

/// The puzzles a run has made: each accepted maze's canonical text and index.
#[derive(Clone, Debug, Default)]
pub struct Made(HashMap<String, u64>);

impl Made {
    /// How many distinct puzzles.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether none yet.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Records maze `index` if it passes its gates and is new; otherwise, for a repeat, the
    /// index of the maze it repeats.
    pub fn admit(&mut self, index: u64, outcome: &Outcome) -> Result<(), u64> {
        self.admit_maze(index, &outcome.maze, outcome.passed())
    }

    /// [`Made::admit`] for a maze already made (read back from its file).
    pub fn admit_maze(&mut self, index: u64, maze: &Maze, passed: bool) -> Result<(), u64> {
        if !passed {
            return Ok(());
        }
        let key = maze_variants::symmetry::canonical(maze);
        match self.0.get(&key) {
            Some(&same) => Err(same),
            None => {
                self.0.insert(key, index);
                Ok(())
            }
        }
    }
}

/// One maze of a run of distinct puzzles.
#[derive(Debug)]
pub enum Distinct {
    /// A maze that fails its gates or is a new puzzle, with the search that made it.
    Made {
        /// The maze.
        outcome: Box<Outcome>,
        /// Its seed.
        seed: u64,
        /// Which search of its sequence made it.
        retry: u32,
    },
    /// Every search up to the last repeated a puzzle already made.
    Exhausted {
        /// The maze the last search repeated.
        same: u64,
        /// Searches run.
        searches: u32,
    },
}

/// Maze `index` of a run, its searches starting at `retry` (0 for a fresh maze; 1 when the
/// first search was run elsewhere and repeated a puzzle) from `first_seed`, the maze's
/// [`crate::item_seed`]. `progress` is told the iterations done in this maze's searches.
#[allow(clippy::too_many_arguments)]
pub fn generate_distinct(
    settings: &Settings,
    iterations: u64,
    first_seed: u64,
    index: u64,
    retry: u32,
    made: &mut Made,
    progress: &mut dyn FnMut(u64),
) -> Result<Distinct, Error> {
    let budget = Budget {
        iterations: Some(iterations),
        deadline: None,
    };
    generate_distinct_with(settings, budget, first_seed, index, retry, made, progress)
}

/// [`generate_distinct`] within a [`Budget`] (its iterations are the settings' when
/// `None`). Once the deadline has passed the maze in progress is returned as it is, marked
/// [`crate::Outcome::timed_out`], even if it repeats an earlier puzzle: there is no time
/// left to search again.
#[allow(clippy::too_many_arguments)]
pub fn generate_distinct_with(
    settings: &Settings,
    budget: Budget,
    first_seed: u64,
    index: u64,
    mut retry: u32,
    made: &mut Made,
    progress: &mut dyn FnMut(u64),
) -> Result<Distinct, Error> {
    let iterations = budget
        .iterations
        .unwrap_or_else(|| settings.search.iterations());
    let mut done = 0;
    loop {
        let seed = retry_seed(first_seed, retry);
        let outcome = generate_with(settings, budget, seed, &mut |i| {
            progress(done + i.min(iterations))
        })?;
        done += iterations;
        progress(done);
        if outcome.timed_out {
            let _ = made.admit(index, &outcome);
            return Ok(Distinct::Made {
                outcome: Box::new(outcome),
                seed,
                retry,
            });
        }
        match made.admit(index, &outcome) {
            Ok(()) => {
                return Ok(Distinct::Made {
                    outcome: Box::new(outcome),
                    seed,
                    retry,
                });
            }
            Err(same) if retry >= DISTINCT_RETRIES => {
                return Ok(Distinct::Exhausted {
                    same,
                    searches: retry + 1,
                });
            }
            Err(_) => retry += 1,
        }
    }
}
