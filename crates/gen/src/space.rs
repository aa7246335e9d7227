//! The one interface every variant's configuration offers the search strategies: a random
//! initial configuration, a step and its undo, per-cell mutation, crossover, snapshots and
//! a score.

use rand::Rng;

use crate::score::{Score, Scorer};

/// A configuration a search can mutate: the editable part of a board, compiled, with its
/// state graph kept up to date.
pub trait Space {
    /// A copy of the configuration, to keep the best one seen or a population member.
    type Snapshot: Clone;
    /// What undoes one change.
    type Change;

    /// Replaces the configuration by a fresh random one (RULES.md: start and goal placed,
    /// every other editable cell a random legal value).
    fn randomize<R: Rng + ?Sized>(&mut self, rng: &mut R);

    /// One step (RULES.md: a non-goal editable cell picked uniformly gets a different legal
    /// value, picked uniformly), returning how to undo it.
    fn step<R: Rng + ?Sized>(&mut self, rng: &mut R) -> Self::Change;

    /// Every editable cell independently with probability `rate` gets a different legal value;
    /// the changes are appended to `changes` in the order they were made.
    fn mutate_each<R: Rng + ?Sized>(
        &mut self,
        rate: f64,
        rng: &mut R,
        changes: &mut Vec<Self::Change>,
    );

    /// Undoes changes, the last one first.
    fn revert(&mut self, changes: impl DoubleEndedIterator<Item = Self::Change>);

    /// The configuration's score.
    fn score(&mut self, scorer: &mut Scorer) -> Score;

    /// The configuration's score, or `None` when it is certainly worse than `limit` (a space
    /// may stop evaluating as soon as it knows; by default it never does).
    fn score_within(&mut self, scorer: &mut Scorer, limit: &Score) -> Option<Score> {
        let _ = limit;
        Some(self.score(scorer))
    }

    /// A copy of the configuration.
    fn snapshot(&self) -> Self::Snapshot;

    /// Makes `snapshot` the configuration.
    fn restore(&mut self, snapshot: &Self::Snapshot);

    /// The maze a snapshot stands for.
    fn snapshot_maze(&self, snapshot: &Self::Snapshot) -> maze_variants::Maze;

    /// Makes the configuration a child of `a` and `b`: each editable cell from either parent
    /// with equal probability (start and goal from `a`).
    fn crossover<R: Rng + ?Sized>(&mut self, a: &Self::Snapshot, b: &Self::Snapshot, rng: &mut R);
}
