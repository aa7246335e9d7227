//! Neller's machine-learning exercises on maze generation, reproduced: the Restart Bandit
//! and Restart SARSA, on the exercises' mazes (n x n rook, start top left, goal bottom
//! right, hill descent on the `GoalDepth` objective), with the learners of the
//! `RandomRestarts` search's [`Restarts`] settings.

use maze_features::Objective;
use maze_variants::{Board, Cell, JumpRules, JumpingMaze};
use rand::Rng;

use crate::jumping::JumpSpace;
use crate::restarts::{self, ARMS, Bandit, Policy, Sarsa};
use crate::run::Run;
use crate::score::Scorer;
use crate::settings::{BanditPolicy, Gates, Generate, Placement, Restarts, Search, Template};

/// The Sarsa learner's state space and actions, which its report is indexed by.
pub use crate::restarts::{BUCKETS, GO, MAX_T, RESTART, SarsaStats};

/// The exercises' maze: `size x size` rook, start (0, 0), goal (size-1, size-1).
pub fn exercise_template(size: usize) -> Result<Template, String> {
    let mut cells = vec![Cell::numbered(1); size * size];
    if let Some(last) = cells.last_mut() {
        *last = Cell::GOAL;
    }
    let maze = JumpingMaze {
        rules: JumpRules::default(),
        board: Board {
            rows: size,
            cols: size,
            cells,
        },
        start: (0, 0),
        walls: Vec::new(),
        gates: Vec::new(),
    };
    let settings = Generate {
        start: Placement::Board,
        goal: Placement::Board,
        objective: Objective::GoalDepth,
        search: Search::HillDescent { iterations: 1 },
        attempts: 1,
        ..Generate::default()
    };
    settings.template(&maze).map_err(|p| p.to_string())
}

/// One arm's line of the bandit table.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Arm {
    /// Restart period (iterations per descent).
    pub iterations: u64,
    /// Mean utility 2^d / i.
    pub mean: f64,
    /// Total utility.
    pub total: f64,
    /// Pulls.
    pub count: u64,
}

/// The outcome of a bandit run.
#[derive(Clone, Debug, PartialEq)]
pub struct BanditReport {
    /// The policy.
    pub policy: BanditPolicy,
    /// Per arm, shortest period first.
    pub arms: [Arm; ARMS],
    /// The arm with the best mean utility.
    pub best: usize,
    /// Hill-descent iterations in all.
    pub iterations: u64,
}

/// Pulls the restart bandit `pulls` times.
pub fn bandit<R: Rng + ?Sized>(
    template: &Template,
    policy: BanditPolicy,
    pulls: u64,
    rng: &mut R,
) -> BanditReport {
    let mut space = JumpSpace::new(template.clone(), rng);
    let mut scorer = Scorer::new(Objective::GoalDepth, Gates::default());
    let mut progress = |_| {};
    let mut run = Run::new(&mut space, &mut scorer, rng, &mut progress);
    let mut b = Bandit::new(policy);
    for _ in 0..pulls {
        let arm = b.choose(run.rng);
        let (score, steps) = restarts::pull(&mut run, arm, u64::MAX);
        b.update(arm, restarts::utility(score, steps));
    }
    let arms = std::array::from_fn(|a| Arm {
        iterations: restarts::period(a),
        mean: b.mean(a),
        total: b.total[a],
        count: b.count[a],
    });
    BanditReport {
        policy,
        arms,
        best: b.greedy(),
        iterations: run.iterations,
    }
}

/// The outcome of the Sarsa exercise.
#[derive(Clone, Debug, PartialEq)]
pub struct SarsaReport {
    /// The learner after the learning run.
    pub learner: Sarsa,
    /// The learning run (epsilon-greedy, learning).
    pub learning: SarsaStats,
    /// The learned greedy policy, no more learning.
    pub greedy: SarsaStats,
    /// Fixed policies restarting after 1..=5 Go actions.
    pub fixed: [SarsaStats; 5],
    /// Satisficing mazes each run aimed at.
    pub mazes: u64,
}

/// Learns restart decisions with Sarsa until `mazes` satisficing mazes, then generates
/// `mazes` more with the learned greedy policy and with each fixed restart period of 1 to
/// 5 Go actions. Every run stops early at `max_iterations` (hill-descent iterations plus
/// one per restart).
pub fn sarsa<R: Rng + ?Sized>(
    template: &Template,
    restarts: &Restarts,
    mazes: u64,
    max_iterations: u64,
    rng: &mut R,
) -> Result<SarsaReport, String> {
    let mut learner = Sarsa::new(restarts).ok_or("the restart policy is not Sarsa")?;
    let mut space = JumpSpace::new(template.clone(), rng);
    let mut scorer = Scorer::new(Objective::GoalDepth, Gates::default());
    let mut progress = |_| {};
    let mut run = Run::new(&mut space, &mut scorer, rng, &mut progress);
    let go = |learner: &mut Sarsa, run: &mut Run<'_, JumpSpace, R>, policy: Policy| {
        learner.run(run, policy, max_iterations, |stats, _| {
            stats.satisficing >= mazes
        })
    };
    let learning = go(&mut learner, &mut run, Policy::Learning);
    let greedy = go(&mut learner, &mut run, Policy::Greedy);
    let mut fixed = [SarsaStats::default(); 5];
    for (k, stats) in fixed.iter_mut().enumerate() {
        *stats = go(&mut learner, &mut run, Policy::Fixed(k + 1));
    }
    Ok(SarsaReport {
        learner,
        learning,
        greedy,
        fixed,
        mazes,
    })
}
