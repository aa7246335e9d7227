//! One search in progress ([`Run`]): the space, the scorer, the random generator, the best
//! configuration so far, the clock; and the hill-climbing step every strategy of `search.rs`
//! and `restarts.rs` is made of ([`Run::climb`]).

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use rand::{Rng, RngExt};

use crate::score::{Score, Scorer};
use crate::space::Space;

/// How often (in iterations) the progress callback is told.
pub const PROGRESS_EVERY: u64 = 4096;

/// How often (in iterations) the clock is read against a deadline: often enough to stop
/// within a few milliseconds on any board, rarely enough to cost nothing on small ones.
pub const CLOCK_EVERY: u64 = 16;

/// One search in progress: the space, the scorer, the random generator, the best
/// configuration so far and the iteration count.
pub struct Run<'a, S: Space, R: Rng + ?Sized> {
    /// The configuration being searched.
    pub space: &'a mut S,
    /// Scores configurations.
    pub scorer: &'a mut Scorer,
    /// The one source of randomness.
    pub rng: &'a mut R,
    /// The best configuration so far and its score.
    pub best: Option<(S::Snapshot, Score)>,
    /// Steps (iterations) done.
    pub iterations: u64,
    /// When to stop searching, whatever the budget says: the search ends with its best
    /// configuration so far.
    pub deadline: Option<Instant>,
    /// Set once the deadline has passed; every strategy then stops.
    pub timed_out: bool,
    /// Set by whoever waits for this search when it gives up on it (the deadline passed
    /// during an evaluation): read at every iteration, it stops the search as the deadline
    /// does.
    pub stop: Option<&'a AtomicBool>,
    progress: &'a mut dyn FnMut(u64),
}

impl<'a, S: Space, R: Rng + ?Sized> Run<'a, S, R> {
    /// A run over `space`; `progress` is called with the iteration count every
    /// [`PROGRESS_EVERY`] iterations.
    pub fn new(
        space: &'a mut S,
        scorer: &'a mut Scorer,
        rng: &'a mut R,
        progress: &'a mut dyn FnMut(u64),
    ) -> Self {
        Run {
            space,
            scorer,
            rng,
            best: None,
            iterations: 0,
            deadline: None,
            timed_out: false,
            stop: None,
            progress,
        }
    }

    /// Whether the search must stop: `budget` iterations done or the deadline passed.
    pub fn spent(&self, budget: u64) -> bool {
        self.iterations >= budget || self.timed_out
    }

    /// Reads the clock against the deadline (loops whose work is not counted in iterations
    /// call this; counted iterations do it every [`CLOCK_EVERY`]).
    pub fn check_deadline(&mut self) -> bool {
        if let Some(deadline) = self.deadline
            && Instant::now() >= deadline
        {
            self.timed_out = true;
        }
        self.check_stop()
    }

    /// Whether the search was given up on ([`Run::stop`]), which ends it as the deadline does.
    fn check_stop(&mut self) -> bool {
        if self.stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
            self.timed_out = true;
        }
        self.timed_out
    }

    /// The score of the current configuration.
    pub fn score(&mut self) -> Score {
        self.space.score(self.scorer)
    }

    /// Keeps the current configuration as the best if it is at least as good.
    pub fn offer(&mut self, score: Score) {
        if self.best.as_ref().is_none_or(|(_, b)| score.le(b)) {
            self.best = Some((self.space.snapshot(), score));
        }
    }

    pub(crate) fn tick(&mut self) {
        self.iterations += 1;
        if self.iterations.is_multiple_of(PROGRESS_EVERY) {
            (self.progress)(self.iterations);
        }
        if self.iterations.is_multiple_of(CLOCK_EVERY) {
            self.check_deadline();
        } else {
            // A load, not a clock read: cheap enough for every iteration, and an iteration
            // of a large board may take seconds.
            self.check_stop();
        }
    }

    /// A fresh random configuration, scored and offered as the best.
    pub fn restart(&mut self) -> Score {
        self.space.randomize(self.rng);
        let s = self.score();
        self.offer(s);
        s
    }

    /// [`Run::restart`] counted as one iteration of the budget: for strategies whose
    /// restarts are decisions of their own, with no steps after them to bound them.
    pub fn restart_counted(&mut self) -> Score {
        let s = self.restart();
        self.tick();
        s
    }

    /// `steps` steps from the current configuration (score `current`), keeping a step when
    /// it is not worse or when `worse` says so; returns the final current score.
    ///
    /// Unless `worse` judges by the candidate's score, a candidate may be rejected before it
    /// is fully scored ([`Space::score_within`]); the random draws are the same either way, so
    /// the search makes the same choices.
    pub fn climb(&mut self, steps: u64, mut current: Score, mut worse: Worse<'_, R>) -> Score {
        let mut copy_at_end = false;
        for _ in 0..steps {
            if self.timed_out {
                break;
            }
            let change = self.space.step(self.rng);
            let next = match worse {
                Worse::Judged(_) => Some(self.score()),
                Worse::Never | Worse::Probability(_) => {
                    self.space.score_within(self.scorer, &current)
                }
            };
            self.tick();
            let keep = match (next, &mut worse) {
                (Some(next), _) if next.le(&current) => Some(next),
                (_, Worse::Never) => None,
                // A worse step kept at random: its score is needed now (not counted again).
                (next, Worse::Probability(p)) => self.rng.random_bool(*p).then(|| {
                    next.unwrap_or_else(|| {
                        let s = self.space.score(self.scorer);
                        self.scorer.uncount();
                        s
                    })
                }),
                (Some(next), Worse::Judged(judge)) => {
                    judge(self.rng, current, next).then_some(next)
                }
                (None, Worse::Judged(_)) => unreachable!("a judged step is always scored"),
            };
            match keep {
                Some(next) => {
                    current = next;
                    match (&worse, &mut self.best) {
                        // Under hill descent every step kept from here on is at least as
                        // good again and every other is undone, so the best stays the
                        // current configuration: it is copied once, when the climb ends,
                        // instead of at every sideways step (most steps on a large board).
                        (Worse::Never, Some((_, best))) if next.le(best) => {
                            *best = next;
                            copy_at_end = true;
                        }
                        _ => self.offer(current),
                    }
                }
                None => self.space.revert(std::iter::once(change)),
            }
        }
        if copy_at_end && let Some((snapshot, _)) = &mut self.best {
            *snapshot = self.space.snapshot();
        }
        current
    }
}

/// When [`Run::climb`] keeps a step that makes the score worse.
pub enum Worse<'f, R: ?Sized> {
    /// Never (hill descent).
    Never,
    /// With this probability, whatever the score (Neller's uphill steps).
    Probability(f64),
    /// When this judge says so, given the current and the candidate's scores (annealing).
    Judged(&'f mut dyn FnMut(&mut R, Score, Score) -> bool),
}
