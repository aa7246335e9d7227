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

use crate::settings::{Population, Restarts, Search};
use rand::{Rng, RngExt};

use crate::restarts;
use crate::score::Score;
use crate::space::Space;

pub use crate::run::{CLOCK_EVERY, PROGRESS_EVERY, Run, Worse};

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
