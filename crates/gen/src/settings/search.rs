//! The search's settings: the strategy and its budget, the genetic population, and how
//! random restarts choose their periods.

use serde::{Deserialize, Serialize};

/// How a bandit chooses among restart periods.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub enum BanditPolicy {
    /// A random arm with probability epsilon, otherwise the best mean utility so far.
    EpsilonGreedy(f64),
    /// Arm a with probability proportional to exp(U(a) / tau).
    Softmax(f64),
}

/// When a random-restart search starts over from a fresh random configuration.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub enum Restarts {
    /// Every `period` iterations.
    Fixed {
        /// Iterations per hill descent.
        period: u64,
    },
    /// A 6-armed bandit learns the period among 100·2^a, a = 0..5 (Neller's Restart Bandit),
    /// by the utility 2^(-energy) / iterations of each descent.
    Bandit {
        /// How arms are chosen.
        policy: BanditPolicy,
    },
    /// Sarsa learns when to Go on (another `go` iterations) and when to Restart (Neller's
    /// Restart SARSA), from states (t, d): t Go actions since the restart, d = -energy.
    Sarsa {
        /// A descent with d >= `satisfice` ends an episode (the exercise: goal depth 18).
        satisfice: i64,
        /// Iterations per Go action.
        #[serde(default = "default_go")]
        go: u64,
        /// Learning rate.
        #[serde(default = "default_alpha")]
        alpha: f64,
        /// Discount.
        #[serde(default = "default_gamma")]
        gamma: f64,
        /// Exploration rate of the epsilon-greedy policy.
        #[serde(default = "default_epsilon")]
        epsilon: f64,
    },
}

fn default_go() -> u64 {
    250
}
fn default_alpha() -> f64 {
    0.1
}
fn default_gamma() -> f64 {
    1.0
}
fn default_epsilon() -> f64 {
    0.1
}

/// A genetic algorithm's population mode.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Population {
    /// Number of configurations kept.
    pub size: usize,
    /// Parents are the best of this many members drawn at random.
    #[serde(default = "default_tournament")]
    pub tournament: usize,
    /// Probability that a child is a uniform crossover of two parents rather than a copy
    /// of one.
    #[serde(default = "default_crossover")]
    pub crossover: f64,
}

fn default_tournament() -> usize {
    2
}
fn default_crossover() -> f64 {
    0.9
}

/// A search strategy of RULES.md section 5. `iterations` counts candidate evaluations.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub enum Search {
    /// Accept a step unless it is worse.
    HillDescent {
        /// Steps.
        iterations: u64,
    },
    /// Hill descents from fresh random configurations; the best of all.
    RandomRestarts {
        /// Steps in all.
        iterations: u64,
        /// When to restart.
        restarts: Restarts,
    },
    /// Hill descent that also accepts a worse step with probability `p`.
    UphillSteps {
        /// Steps.
        iterations: u64,
        /// Probability of accepting a worse step.
        p: f64,
    },
    /// Accept a worse step with probability exp((e - e') / T); T starts at `t0` and is
    /// multiplied by `decay` every iteration.
    SimulatedAnnealing {
        /// Steps.
        iterations: u64,
        /// Initial temperature.
        t0: f64,
        /// Temperature factor per iteration.
        decay: f64,
    },
    /// Every editable cell mutates with probability `rate`; the child replaces its parent
    /// unless worse. With a population: tournament selection and uniform crossover.
    Genetic {
        /// Children evaluated.
        iterations: u64,
        /// Per-cell mutation probability.
        rate: f64,
        /// Population mode (absent: one parent).
        #[serde(default)]
        population: Option<Population>,
    },
}

impl Default for Search {
    /// Neller et al.'s generator: 25,000 iterations of hill descent with random uphill steps,
    /// p = 0.005.
    fn default() -> Self {
        Search::UphillSteps {
            iterations: 25_000,
            p: 0.005,
        }
    }
}

impl Search {
    /// The search's name as a maze file writes it.
    pub fn name(&self) -> &'static str {
        match self {
            Search::HillDescent { .. } => "HillDescent",
            Search::RandomRestarts { .. } => "RandomRestarts",
            Search::UphillSteps { .. } => "UphillSteps",
            Search::SimulatedAnnealing { .. } => "SimulatedAnnealing",
            Search::Genetic { .. } => "Genetic",
        }
    }

    /// Iterations (candidate evaluations) of one search.
    pub fn iterations(&self) -> u64 {
        match *self {
            Search::HillDescent { iterations }
            | Search::RandomRestarts { iterations, .. }
            | Search::UphillSteps { iterations, .. }
            | Search::SimulatedAnnealing { iterations, .. }
            | Search::Genetic { iterations, .. } => iterations,
        }
    }

    /// The same search with another iteration budget.
    pub fn with_iterations(mut self, n: u64) -> Search {
        match &mut self {
            Search::HillDescent { iterations }
            | Search::RandomRestarts { iterations, .. }
            | Search::UphillSteps { iterations, .. }
            | Search::SimulatedAnnealing { iterations, .. }
            | Search::Genetic { iterations, .. } => *iterations = n,
        }
        self
    }
}
