//! Learned restart policies for hill descent with random restarts, after Neller's "Restart
//! Bandit" and "Restart SARSA" exercises (modelai.gettysburg.edu/2010/rjmaze; FLAIRS-24,
//! "Rook Jumping Maze Generation for AI Education"):
//!
//! - **Bandit**: six arms, restart periods 100·2^a iterations (a = 0..5); pulling an arm runs
//!   one hill descent of that many iterations from a random maze, with utility 2^d / i
//!   (d the goal depth, 0 without a solution; i the iterations). Arms are chosen
//!   epsilon-greedily (a random arm with probability epsilon, else the best mean utility) or
//!   by softmax (arm a with probability proportional to exp(U(a)/tau)). Each arm is pulled
//!   once, in order, before the policy takes over, so every mean is defined.
//! - **Sarsa**: at each decision the learner either Goes on (another 250 iterations of hill
//!   descent) or Restarts (a fresh random maze). The state is (t, d): t the Go actions since
//!   the last restart (0..4; after a fifth Go the Restart is forced), d the goal depth
//!   clamped to 12..17. A maze with d >= 18 is *satisficing* and ends the episode. Rewards:
//!   -1 per Go, +1 for the satisficing maze (so a Go that reaches one nets 0). Sarsa with
//!   alpha 0.1, gamma 1 and an epsilon-greedy policy (epsilon 0.1), Q initially 0, ties to Go.
//!
//! For objectives other than `GoalDepth` the generator generalises d to -energy (floored),
//! so "a maze one unit of energy lower is worth twice as much".

use crate::settings::{BanditPolicy, Restarts};
use maze_features::UNREACHABLE_ENERGY;
use rand::{Rng, RngExt};

use crate::run::{Run, Worse};
use crate::score::Score;
use crate::space::Space;

/// Number of bandit arms.
pub(crate) const ARMS: usize = 6;

/// The restart period of arm `a`: 100·2^a iterations.
pub(crate) fn period(arm: usize) -> u64 {
    100 << arm
}

/// The goal depth a score stands for: minus the energy, floored; 0 for an unsolvable maze
/// (energy at or above [`UNREACHABLE_ENERGY`]).
pub(crate) fn depth(score: Score) -> i64 {
    if score.energy >= UNREACHABLE_ENERGY {
        0
    } else {
        // Clamped so 2^d stays finite.
        (-score.energy).floor().clamp(-1000.0, 1000.0) as i64
    }
}

/// The utility of one hill descent: 2^d / i.
pub(crate) fn utility(score: Score, iterations: u64) -> f64 {
    (depth(score) as f64).exp2() / iterations.max(1) as f64
}

/// A restart bandit: per arm, pulls and total utility.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Bandit {
    /// How arms are chosen.
    pub policy: BanditPolicy,
    /// Pulls per arm.
    pub count: [u64; ARMS],
    /// Total utility per arm.
    pub total: [f64; ARMS],
}

impl Bandit {
    /// A bandit that has pulled nothing.
    pub(crate) fn new(policy: BanditPolicy) -> Bandit {
        Bandit {
            policy,
            count: [0; ARMS],
            total: [0.0; ARMS],
        }
    }

    /// The mean utility of arm `a` (0 before its first pull).
    pub(crate) fn mean(&self, a: usize) -> f64 {
        if self.count[a] == 0 {
            0.0
        } else {
            self.total[a] / self.count[a] as f64
        }
    }

    /// The arm with the best mean utility (the shortest period among equals).
    pub(crate) fn greedy(&self) -> usize {
        (0..ARMS).fold(0, |best, a| {
            if self.mean(a) > self.mean(best) {
                a
            } else {
                best
            }
        })
    }

    /// The next arm to pull.
    pub(crate) fn choose<R: Rng + ?Sized>(&self, rng: &mut R) -> usize {
        if let Some(a) = (0..ARMS).find(|&a| self.count[a] == 0) {
            return a;
        }
        match self.policy {
            BanditPolicy::EpsilonGreedy(epsilon) => {
                if rng.random_bool(epsilon) {
                    rng.random_range(0..ARMS as u32) as usize
                } else {
                    self.greedy()
                }
            }
            BanditPolicy::Softmax(tau) => {
                // Shifted by the largest mean so exp cannot overflow.
                let max = (0..ARMS).map(|a| self.mean(a)).fold(f64::MIN, f64::max);
                let weights: Vec<f64> = (0..ARMS)
                    .map(|a| ((self.mean(a) - max) / tau).exp())
                    .collect();
                let mut x = rng.random::<f64>() * weights.iter().sum::<f64>();
                for (a, w) in weights.iter().enumerate() {
                    if x < *w {
                        return a;
                    }
                    x -= w;
                }
                ARMS - 1
            }
        }
    }

    /// Records one pull.
    pub(crate) fn update(&mut self, arm: usize, utility: f64) {
        self.count[arm] += 1;
        self.total[arm] += utility;
    }
}

/// Pulls one arm: a hill descent of the arm's period (at most `budget`) from a random
/// configuration. Returns the descent's final score and its iterations.
pub(crate) fn pull<S: Space, R: Rng + ?Sized>(
    run: &mut Run<'_, S, R>,
    arm: usize,
    budget: u64,
) -> (Score, u64) {
    let steps = period(arm).min(budget);
    let s = run.restart();
    (run.climb(steps, s, Worse::Never), steps)
}

/// Random restarts with a bandit choosing each descent's length, until `iterations`.
pub(crate) fn bandit_search<S: Space, R: Rng + ?Sized>(
    run: &mut Run<'_, S, R>,
    iterations: u64,
    policy: BanditPolicy,
) -> Bandit {
    let mut bandit = Bandit::new(policy);
    while !run.spent(iterations) {
        let arm = bandit.choose(run.rng);
        let (score, steps) = pull(run, arm, iterations - run.iterations);
        bandit.update(arm, utility(score, steps));
    }
    bandit
}

/// Decision states: t in 0..=MAX_T.
pub const MAX_T: usize = 4;
/// Depth buckets below the satisficing depth.
pub const BUCKETS: i64 = 6;
/// Action Go.
pub const GO: usize = 0;
/// Action Restart.
pub const RESTART: usize = 1;

/// A Sarsa learner of restart decisions.
#[derive(Clone, Debug, PartialEq)]
pub struct Sarsa {
    /// Q(state, action), state = t·6 + depth bucket.
    pub q: [[f64; 2]; (MAX_T + 1) * BUCKETS as usize],
    /// Updates of each Q value.
    pub updates: [[u64; 2]; (MAX_T + 1) * BUCKETS as usize],
    /// A maze with d >= satisfice ends an episode.
    pub satisfice: i64,
    /// Iterations per Go.
    pub go: u64,
    /// Learning rate.
    pub alpha: f64,
    /// Discount.
    pub gamma: f64,
    /// Exploration rate.
    pub epsilon: f64,
}

/// How a Sarsa run acts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Policy {
    /// Epsilon-greedy on Q, learning as it goes.
    Learning,
    /// Greedy on Q, without exploring or learning.
    Greedy,
    /// Restart after exactly this many Go actions (1..=5).
    Fixed(usize),
}

/// What a Sarsa run did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SarsaStats {
    /// Satisficing mazes generated.
    pub satisficing: u64,
    /// Cost in evaluations: hill-descent iterations plus one per random maze a restart
    /// evaluates (a restart is not free: the exercise's reward ignores its cost, the
    /// comparison must not).
    pub iterations: u64,
    /// Go actions.
    pub go: u64,
    /// Restarts (chosen or forced).
    pub restarts: u64,
}

impl Sarsa {
    /// A learner with Q all 0; `None` unless `restarts` is a `Sarsa`.
    pub fn new(restarts: &Restarts) -> Option<Sarsa> {
        match *restarts {
            Restarts::Sarsa {
                satisfice,
                go,
                alpha,
                gamma,
                epsilon,
            } => Some(Sarsa {
                q: [[0.0; 2]; (MAX_T + 1) * BUCKETS as usize],
                updates: [[0; 2]; (MAX_T + 1) * BUCKETS as usize],
                satisfice,
                go,
                alpha,
                gamma,
                epsilon,
            }),
            _ => None,
        }
    }

    /// The depth bucket of d (d < satisfice - 6 counts as the lowest), 0..6.
    pub fn bucket(&self, d: i64) -> usize {
        (d.clamp(self.satisfice - BUCKETS, self.satisfice - 1) - (self.satisfice - BUCKETS))
            as usize
    }

    /// The state index of (t, d).
    pub fn state(&self, t: usize, d: i64) -> usize {
        t * BUCKETS as usize + self.bucket(d)
    }

    fn greedy(&self, s: usize) -> usize {
        if self.q[s][RESTART] > self.q[s][GO] {
            RESTART
        } else {
            GO
        }
    }

    fn choose<R: Rng + ?Sized>(&self, s: usize, t: usize, policy: Policy, rng: &mut R) -> usize {
        match policy {
            Policy::Fixed(k) => {
                if t < k {
                    GO
                } else {
                    RESTART
                }
            }
            Policy::Greedy => self.greedy(s),
            Policy::Learning => {
                if rng.random_bool(self.epsilon) {
                    rng.random_range(0..2u32) as usize
                } else {
                    self.greedy(s)
                }
            }
        }
    }

    fn learn(&mut self, s: usize, a: usize, target: f64) {
        self.q[s][a] += self.alpha * (target - self.q[s][a]);
        self.updates[s][a] += 1;
    }

    /// Runs episodes under `policy` until `done(stats)` holds (checked after every action),
    /// `budget` evaluations are spent (`stats.iterations`: a Go's descent is cut short to
    /// fit), or the run's deadline passes.
    pub fn run<S: Space, R: Rng + ?Sized>(
        &mut self,
        run: &mut Run<'_, S, R>,
        policy: Policy,
        budget: u64,
        mut done: impl FnMut(&SarsaStats, &Run<'_, S, R>) -> bool,
    ) -> SarsaStats {
        let mut stats = SarsaStats::default();
        let learning = policy == Policy::Learning;
        // The first episode always starts, so that a search has a maze to return.
        let mut stop = |stats: &SarsaStats, run: &mut Run<'_, S, R>| {
            stats.iterations >= budget
                || (stats.restarts > 0 && run.check_deadline())
                || done(stats, run)
        };
        'episodes: while !stop(&stats, run) {
            let mut current = run.restart_counted();
            stats.restarts += 1;
            stats.iterations += 1;
            let mut d = depth(current);
            if d >= self.satisfice {
                stats.satisficing += 1;
                continue;
            }
            let mut t = 0;
            let mut s = self.state(t, d);
            let mut a = self.choose(s, t, policy, run.rng);
            loop {
                let mut reward;
                if a == GO {
                    let before = run.iterations;
                    let go = self.go.min(budget.saturating_sub(stats.iterations));
                    current = run.climb(go, current, Worse::Never);
                    stats.iterations += run.iterations - before;
                    stats.go += 1;
                    reward = -1.0;
                    t += 1;
                } else {
                    current = run.restart_counted();
                    stats.restarts += 1;
                    stats.iterations += 1;
                    reward = 0.0;
                    t = 0;
                }
                d = depth(current);
                if d < self.satisfice && t > MAX_T {
                    // Too long a descent: the Restart is forced, part of this transition.
                    current = run.restart_counted();
                    stats.restarts += 1;
                    stats.iterations += 1;
                    t = 0;
                    d = depth(current);
                }
                if d >= self.satisfice {
                    reward += 1.0;
                    stats.satisficing += 1;
                    if learning {
                        self.learn(s, a, reward);
                    }
                    continue 'episodes;
                }
                let s2 = self.state(t, d);
                let a2 = self.choose(s2, t, policy, run.rng);
                if learning {
                    let target = reward + self.gamma * self.q[s2][a2];
                    self.learn(s, a, target);
                }
                if stop(&stats, run) {
                    break 'episodes;
                }
                s = s2;
                a = a2;
            }
        }
        stats
    }
}

/// Random restarts under a Sarsa learner, until `iterations`: descent steps and restarts
/// alike count (a restart that satisfices at once still costs one).
pub(crate) fn sarsa_search<S: Space, R: Rng + ?Sized>(
    run: &mut Run<'_, S, R>,
    iterations: u64,
    restarts: &Restarts,
) {
    if let Some(mut sarsa) = Sarsa::new(restarts) {
        sarsa.run(run, Policy::Learning, iterations, |_, _| false);
    }
}
