//! `maze learn`: Neller's machine-learning exercises on maze generation (Restart Bandit,
//! Restart SARSA), reproduced on the exercises' mazes and printed as tables.

use std::fmt::Write;

use maze::generate::learn::{self, BanditReport, SarsaReport};
use maze::generate::learn::{BUCKETS, GO, MAX_T, RESTART, SarsaStats};
use maze::generate::settings::{BanditPolicy, Restarts};
use miette::Diagnostic;
use rand::SeedableRng;
use serde::Serialize;
use thiserror::Error;

/// Learn restart policies for maze generation (Neller's AI-education exercises).
///
/// Both exercises generate n x n Rook Jumping Mazes (start top left, goal bottom right) by
/// hill descent on the GoalDepth objective: a step gives one non-goal cell a different
/// legal jump number and is kept unless the goal gets nearer the start.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    #[command(subcommand)]
    exercise: Exercise,
}

#[derive(Debug, clap::Subcommand)]
enum Exercise {
    Bandit(BanditArgs),
    Sarsa(SarsaArgs),
}

/// Restart Bandit: learn the best restart period with a 6-armed bandit.
///
/// Arm a restarts hill descent every 100·2^a iterations (100, 200, ..., 3200). Pulling it
/// runs one descent from a random maze; its utility is 2^d / i, d the goal depth reached (0
/// without a solution) and i the iterations: a maze one move deeper is worth twice as much,
/// and computation costs the same per iteration. Each arm is pulled once first; then
/// epsilon-greedy picks a random arm with probability epsilon and otherwise the best mean
/// utility so far, and softmax picks arm a with probability exp(U(a)/tau) / Σ exp(U/tau).
/// Prints, per policy, each arm's mean utility, total utility and pulls.
#[derive(Debug, clap::Args)]
struct BanditArgs {
    /// Pulls (hill descents) per policy.
    #[arg(long, default_value_t = 10_000)]
    pulls: u64,
    /// Epsilon of the epsilon-greedy policy (0 to 1).
    #[arg(long, default_value_t = 0.1)]
    epsilon: f64,
    /// Temperature of the softmax policy (> 0): lower exploits more. Mean utilities of 5x5
    /// descents are around 100 and differ by tens, so a tau of 1 or 10 settles on the first
    /// arm that got lucky.
    #[arg(long, default_value_t = 50.0)]
    tau: f64,
    /// Board side n (5 to 10, as the exercises).
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u8).range(5..=10))]
    size: u8,
    /// Seed of the random generator.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Print JSON instead of tables.
    #[arg(long)]
    json: bool,
}

/// Restart SARSA: learn when to go on with hill descent and when to restart.
///
/// At each decision the learner either Goes (250 more iterations of hill descent) or
/// Restarts (a fresh random maze). Its state is (t, d): t Go actions since the last restart
/// (0 to 4; a fifth Go forces a restart) and d the current goal depth (12 to 17; below 12
/// counts as 12). A maze with d >= --satisfice (18) is satisficing and ends the episode.
/// Rewards: -1 per Go, +1 per satisficing maze. Sarsa with alpha, gamma and an
/// epsilon-greedy policy learns until --mazes satisficing mazes; then the learned greedy
/// policy and fixed policies restarting after 1 to 5 Go actions (250 to 1250 iterations)
/// each generate --mazes satisficing mazes. Prints the Q table, its update counts and the
/// iterations each policy needed.
#[derive(Debug, clap::Args)]
struct SarsaArgs {
    /// Satisficing mazes per run.
    #[arg(long, default_value_t = 100)]
    mazes: u64,
    /// Goal depth of a satisficing maze.
    #[arg(long, default_value_t = 18)]
    satisfice: i64,
    /// Learning rate (0 to 1).
    #[arg(long, default_value_t = 0.1)]
    alpha: f64,
    /// Discount (0 to 1).
    #[arg(long, default_value_t = 1.0)]
    gamma: f64,
    /// Exploration rate (0 to 1).
    #[arg(long, default_value_t = 0.1)]
    epsilon: f64,
    /// Stop any run after this many hill-descent iterations.
    #[arg(long, default_value_t = 200_000_000)]
    max_iterations: u64,
    /// Board side n (5 to 10).
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u8).range(5..=10))]
    size: u8,
    /// Seed of the random generator.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Print JSON instead of tables.
    #[arg(long)]
    json: bool,
}

/// Bad command-line values.
#[derive(Debug, Error, Diagnostic)]
#[error("{0}")]
#[diagnostic(code(maze::usage))]
struct Usage(String);

fn usage(message: impl Into<String>) -> crate::failure::Failure {
    Box::new(Usage(message.into())).into()
}

fn probability(name: &str, p: f64) -> Result<(), crate::failure::Failure> {
    if (0.0..=1.0).contains(&p) {
        Ok(())
    } else {
        Err(usage(format!(
            "--{name} is {p}: it must be between 0 and 1"
        )))
    }
}

impl Args {
    pub(crate) fn run(self) -> Result<(), crate::failure::Failure> {
        match self.exercise {
            Exercise::Bandit(a) => a.run(),
            Exercise::Sarsa(a) => a.run(),
        }
    }
}

#[derive(Serialize)]
struct JsonArm {
    iterations: u64,
    mean_utility: f64,
    total_utility: f64,
    count: u64,
}

#[derive(Serialize)]
struct JsonBandit {
    policy: String,
    pulls: u64,
    iterations: u64,
    best_period: u64,
    arms: Vec<JsonArm>,
}

impl BanditArgs {
    fn run(self) -> Result<(), crate::failure::Failure> {
        probability("epsilon", self.epsilon)?;
        if !(self.tau > 0.0 && self.tau.is_finite()) {
            return Err(usage(format!("--tau is {}: it must be positive", self.tau)));
        }
        let template = learn::exercise_template(usize::from(self.size)).map_err(usage)?;
        let policies = [
            BanditPolicy::EpsilonGreedy(self.epsilon),
            BanditPolicy::Softmax(self.tau),
        ];
        let mut reports = Vec::new();
        for (i, policy) in policies.into_iter().enumerate() {
            let seed = maze::generate::item_seed(self.seed, "learn-bandit", i as u64);
            let mut rng = maze::generate::Rng::seed_from_u64(seed);
            reports.push(learn::bandit(&template, policy, self.pulls, &mut rng));
        }
        if self.json {
            let docs: Vec<JsonBandit> = reports
                .iter()
                .map(|r| JsonBandit {
                    policy: policy_name(r.policy),
                    pulls: self.pulls,
                    iterations: r.iterations,
                    best_period: r.arms[r.best].iterations,
                    arms: r
                        .arms
                        .iter()
                        .map(|a| JsonArm {
                            iterations: a.iterations,
                            mean_utility: a.mean,
                            total_utility: a.total,
                            count: a.count,
                        })
                        .collect(),
                })
                .collect();
            let json = serde_json::to_string_pretty(&docs).unwrap_or_default();
            return crate::output::emit(None, &format!("{json}\n"));
        }
        let mut out = String::new();
        for r in &reports {
            out.push_str(&bandit_table(r, self.pulls, self.size));
        }
        crate::output::emit(None, &out)
    }
}

fn policy_name(p: BanditPolicy) -> String {
    match p {
        BanditPolicy::EpsilonGreedy(e) => format!("epsilon-greedy (epsilon {e})"),
        BanditPolicy::Softmax(t) => format!("softmax (tau {t})"),
    }
}

fn bandit_table(r: &BanditReport, pulls: u64, size: u8) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Restart bandit, {}, {pulls} pulls on {size}x{size} rook mazes ({} iterations):",
        policy_name(r.policy),
        r.iterations
    );
    let _ = writeln!(
        out,
        "{:>6} {:>14} {:>16} {:>7}",
        "Iters", "Avg. U", "Total U", "Count"
    );
    for a in &r.arms {
        let _ = writeln!(
            out,
            "{:>6} {:>14.6} {:>16.6} {:>7}",
            a.iterations, a.mean, a.total, a.count
        );
    }
    let _ = writeln!(
        out,
        "Best restart period: {} iterations.\n",
        r.arms[r.best].iterations
    );
    out
}

#[derive(Serialize)]
struct JsonQ {
    t: usize,
    d: i64,
    q_go: f64,
    q_restart: f64,
    updates_go: u64,
    updates_restart: u64,
    policy: &'static str,
}

#[derive(Serialize)]
struct JsonRun {
    policy: String,
    satisficing: u64,
    iterations: u64,
    iterations_per_maze: Option<f64>,
}

#[derive(Serialize)]
struct JsonSarsa {
    q: Vec<JsonQ>,
    runs: Vec<JsonRun>,
}

impl SarsaArgs {
    fn run(self) -> Result<(), crate::failure::Failure> {
        probability("alpha", self.alpha)?;
        probability("gamma", self.gamma)?;
        probability("epsilon", self.epsilon)?;
        if self.alpha == 0.0 {
            return Err(usage("--alpha is 0: nothing would be learned"));
        }
        if self.mazes == 0 {
            return Err(usage("--mazes must be at least 1"));
        }
        let template = learn::exercise_template(usize::from(self.size)).map_err(usage)?;
        let restarts = Restarts::Sarsa {
            satisfice: self.satisfice,
            go: 250,
            alpha: self.alpha,
            gamma: self.gamma,
            epsilon: self.epsilon,
        };
        let mut rng = maze::generate::Rng::seed_from_u64(maze::generate::item_seed(
            self.seed,
            "learn-sarsa",
            0,
        ));
        let report = learn::sarsa(
            &template,
            &restarts,
            self.mazes,
            self.max_iterations,
            &mut rng,
        )
        .map_err(usage)?;
        let runs = runs(&report);
        if self.json {
            let doc = JsonSarsa {
                q: q_rows(&report)
                    .into_iter()
                    .map(|(t, d, s)| JsonQ {
                        t,
                        d,
                        q_go: report.learner.q[s][GO],
                        q_restart: report.learner.q[s][RESTART],
                        updates_go: report.learner.updates[s][GO],
                        updates_restart: report.learner.updates[s][RESTART],
                        policy: greedy_name(&report, s),
                    })
                    .collect(),
                runs: runs
                    .iter()
                    .map(|(name, st)| JsonRun {
                        policy: name.clone(),
                        satisficing: st.satisficing,
                        iterations: st.iterations,
                        iterations_per_maze: (st.satisficing > 0)
                            .then(|| st.iterations as f64 / st.satisficing as f64),
                    })
                    .collect(),
            };
            let json = serde_json::to_string_pretty(&doc).unwrap_or_default();
            return crate::output::emit(None, &format!("{json}\n"));
        }
        let mut out = String::new();
        let _ = writeln!(
            out,
            "Restart SARSA on {n}x{n} rook mazes: satisficing = goal depth >= {}; Go = 250 iterations of hill descent.",
            self.satisfice,
            n = self.size
        );
        let _ = writeln!(
            out,
            "Q after learning (alpha {}, gamma {}, epsilon {}) until {} satisficing mazes:\n",
            self.alpha, self.gamma, self.epsilon, self.mazes
        );
        let _ = writeln!(
            out,
            "{:>2} {:>3} {:>12} {:>12} {:>9} {:>9}  greedy",
            "t", "d", "Q(Go)", "Q(Restart)", "n(Go)", "n(Restart)"
        );
        for (t, d, s) in q_rows(&report) {
            let _ = writeln!(
                out,
                "{t:>2} {d:>3} {:>12.6} {:>12.6} {:>9} {:>9}  {}",
                report.learner.q[s][GO],
                report.learner.q[s][RESTART],
                report.learner.updates[s][GO],
                report.learner.updates[s][RESTART],
                greedy_name(&report, s)
            );
        }
        let _ = writeln!(
            out,
            "\nIterations to generate {} satisficing mazes:\n",
            self.mazes
        );
        let _ = writeln!(
            out,
            "{:<36} {:>7} {:>13} {:>13}",
            "policy", "mazes", "iterations", "per maze"
        );
        for (name, st) in &runs {
            let per = if st.satisficing > 0 {
                format!("{:.1}", st.iterations as f64 / st.satisficing as f64)
            } else {
                "-".to_string()
            };
            let _ = writeln!(
                out,
                "{name:<36} {:>7} {:>13} {per:>13}",
                st.satisficing, st.iterations
            );
        }
        if runs.iter().any(|(_, st)| st.satisficing < self.mazes) {
            let _ = writeln!(
                out,
                "\n(runs with fewer mazes stopped at --max-iterations {})",
                self.max_iterations
            );
        }
        crate::output::emit(None, &out)
    }
}

/// (t, d, state index) for every decision state, t then d ascending.
fn q_rows(report: &SarsaReport) -> Vec<(usize, i64, usize)> {
    let low = report.learner.satisfice - BUCKETS;
    let mut rows = Vec::new();
    for t in 0..=MAX_T {
        for d in low..low + BUCKETS {
            rows.push((t, d, report.learner.state(t, d)));
        }
    }
    rows
}

fn greedy_name(report: &SarsaReport, s: usize) -> &'static str {
    if report.learner.q[s][RESTART] > report.learner.q[s][GO] {
        "Restart"
    } else {
        "Go"
    }
}

fn runs(report: &SarsaReport) -> Vec<(String, SarsaStats)> {
    let mut runs = vec![
        (
            "Sarsa, learning (epsilon-greedy)".to_string(),
            report.learning,
        ),
        ("Sarsa, learned policy (greedy)".to_string(), report.greedy),
    ];
    for (k, st) in report.fixed.iter().enumerate() {
        runs.push((
            format!("restart after {} Go ({} iterations)", k + 1, 250 * (k + 1)),
            *st,
        ));
    }
    runs
}
