//! The search strategies of RULES.md section 5, over any [`Space`], following Neller's
//! AI-education exercises (modelai.gettysburg.edu/2010/rjmaze: descent.html, descent2.html,
//! descent3.html, annealing.html) where RULES.md is terse:
//!
//! - every search starts from a random configuration, and each iteration is one step and one
//!   evaluation;
//! - a step is kept when its score is not worse (`e' <= e`), otherwise undone (or, for the
//!   uphill and annealing variants, kept with their probability);
//! - the best configuration is stored whenever the current one is at least as good as the
//!   best so far (annealing.html's `if e(j) <= e(j_best)`), and returned at the end.
//!
//! Scores compare gate deficit first, then energy (see [`Score`]).

use std::time::Instant;

use crate::settings::{Population, Restarts, Search};
use rand::{Rng, RngExt};

use crate::restarts;
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

    fn tick(&mut self) {
        self.iterations += 1;
        if self.iterations.is_multiple_of(PROGRESS_EVERY) {
            (self.progress)(self.iterations);
        }
        if self.iterations.is_multiple_of(CLOCK_EVERY) {
            self.check_deadline();
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

/// Runs `search` from a fresh random configuration; the best configuration is in `run.best`.
pub fn run<S: Space, R: Rng + ?Sized>(run: &mut Run<'_, S, R>, search: &Search) {
    match *search {
        Search::HillDescent { iterations } => {
            let s = run.restart();
            run.climb(iterations, s, Worse::Never);
        }
        Search::UphillSteps { iterations, p } => {
            let s = run.restart();
            run.climb(iterations, s, Worse::Probability(p));
        }
        Search::SimulatedAnnealing {
            iterations,
            t0,
            decay,
        } => annealing(run, iterations, t0, decay),
        Search::Genetic {
            iterations,
            rate,
            population: None,
        } => genetic(run, iterations, rate),
        Search::Genetic {
            iterations,
            rate,
            population: Some(population),
        } => genetic_population(run, iterations, rate, &population),
        Search::RandomRestarts {
            iterations,
            restarts,
        } => match restarts {
            Restarts::Fixed { period } => {
                while !run.spent(iterations) {
                    let s = run.restart();
                    let steps = period.min(iterations - run.iterations);
                    run.climb(steps, s, Worse::Never);
                }
            }
            Restarts::Bandit { policy } => {
                restarts::bandit_search(run, iterations, policy);
            }
            Restarts::Sarsa { .. } => restarts::sarsa_search(run, iterations, &restarts),
        },
    }
}

/// The probability annealing keeps a worse step: exp((e - e') / T) when both pass the same
/// gates, 0 when the step misses more of them (an infinitely large energy rise).
fn annealing_probability(current: Score, next: Score, t: f64) -> f64 {
    if next.deficit > current.deficit {
        0.0
    } else {
        ((current.energy - next.energy) / t).exp()
    }
}

fn annealing<S: Space, R: Rng + ?Sized>(
    run: &mut Run<'_, S, R>,
    iterations: u64,
    t0: f64,
    decay: f64,
) {
    let mut t = t0;
    let s = run.restart();
    let mut current = s;
    for _ in 0..iterations {
        if run.timed_out {
            break;
        }
        // One step at a time so the temperature falls every iteration (annealing.html).
        current = run.climb(
            1,
            current,
            Worse::Judged(&mut |rng, cur, next| {
                rng.random::<f64>() < annealing_probability(cur, next, t)
            }),
        );
        t *= decay;
    }
}

/// One parent: each iteration every editable cell mutates with probability `rate`, and the
/// child replaces the parent unless it is worse.
fn genetic<S: Space, R: Rng + ?Sized>(run: &mut Run<'_, S, R>, iterations: u64, rate: f64) {
    let mut current = run.restart();
    let mut changes = Vec::new();
    for _ in 0..iterations {
        if run.timed_out {
            break;
        }
        changes.clear();
        run.space.mutate_each(rate, run.rng, &mut changes);
        let next = run.score();
        run.tick();
        if next.le(&current) {
            current = next;
            run.offer(current);
        } else {
            run.space.revert(changes.drain(..));
        }
    }
}

/// A steady-state population: each iteration makes one child from two tournament winners
/// (uniform crossover with probability `crossover`, else a copy of the first), mutates each
/// of its cells with probability `rate`, and the child replaces the worst member unless it
/// is worse than it. The initial members are random configurations, each one iteration of
/// the budget (a budget smaller than the population makes only that many members).
fn genetic_population<S: Space, R: Rng + ?Sized>(
    run: &mut Run<'_, S, R>,
    iterations: u64,
    rate: f64,
    p: &Population,
) {
    let size = usize::try_from(iterations).map_or(p.size, |n| p.size.min(n));
    let mut members: Vec<(S::Snapshot, Score)> = Vec::with_capacity(size);
    while members.len() < size && !run.spent(iterations) {
        let s = run.restart_counted();
        members.push((run.space.snapshot(), s));
    }
    let mut changes = Vec::new();
    while !run.spent(iterations) {
        let a = tournament(&members, p.tournament, run.rng);
        if run.rng.random_bool(p.crossover) {
            let b = tournament(&members, p.tournament, run.rng);
            let (pa, pb) = (members[a].0.clone(), members[b].0.clone());
            run.space.crossover(&pa, &pb, run.rng);
        } else {
            let pa = members[a].0.clone();
            run.space.restore(&pa);
        }
        changes.clear();
        run.space.mutate_each(rate, run.rng, &mut changes);
        let child = run.score();
        run.tick();
        run.offer(child);
        // The worst member, the last one among equals so that older members are kept.
        let worst = (0..members.len())
            .rev()
            .max_by(|&i, &j| members[i].1.compare(&members[j].1))
            .unwrap_or(0);
        if child.le(&members[worst].1) {
            members[worst] = (run.space.snapshot(), child);
        }
    }
}

/// The index of the best of `k` members drawn uniformly with replacement (the first drawn
/// among equals).
fn tournament<T, R: Rng + ?Sized>(members: &[(T, Score)], k: usize, rng: &mut R) -> usize {
    let mut best = rng.random_range(0..members.len() as u32) as usize;
    for _ in 1..k {
        let i = rng.random_range(0..members.len() as u32) as usize;
        if members[i].1.compare(&members[best].1).is_lt() {
            best = i;
        }
    }
    best
}
