//! The state limit: how many states a maze may have before its graph is built, estimated
//! from the file alone so that a refusal costs no large allocation.

use std::fmt;
use std::num::NonZeroU64;

use crate::problem::{Problem, Where};

/// The most states a command builds a graph of: validated nonzero and within what state ids
/// (`u32`) can number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct StateLimit(NonZeroU64);

impl StateLimit {
    /// The default for reading and analysing a maze, with [`MOVES_PER_STATE`] times as many
    /// moves. `maze analyze` peaked at about 122 bytes per state plus 15 per move (a random
    /// 1000 x 1000 rook maze, 3.8 moves a state, and a 250 x 250 board of rays of any length,
    /// 498 a state), so a rook maze at the limit takes about 4 GB and a maze at both limits
    /// (160 million moves) about 5 GB.
    pub(crate) const DEFAULT: StateLimit = limit(20_000_000);

    /// The default for the boards a generator searches: every iteration rebuilds or patches
    /// the graph and recomputes its features (a 2000 x 2000 board took 83 s for two
    /// iterations). Rolling blocks with bridges are bounded by every setting of the bridges,
    /// a loose bound: two million lets a small board place the most bridges, sixteen.
    pub const GENERATION: StateLimit = limit(2_000_000);

    /// The largest limit: state ids are `u32`, and one id is kept as a sentinel.
    pub const MAX: StateLimit = limit(u32::MAX as u64 - 1);

    /// A limit of `n` states, if `n` is at least 1 and at most [`StateLimit::MAX`].
    pub fn new(n: u64) -> Option<StateLimit> {
        NonZeroU64::new(n)
            .filter(|n| n.get() <= StateLimit::MAX.get())
            .map(StateLimit)
    }

    /// The limit as a number of states.
    pub const fn get(self) -> u64 {
        self.0.get()
    }

    /// Whether `estimate` states are more than this limit allows.
    pub fn exceeded_by(self, estimate: u128) -> bool {
        estimate > u128::from(self.get())
    }

    /// The most moves a graph under this limit may have: [`MOVES_PER_STATE`] per state of
    /// the limit.
    pub const fn moves(self) -> u128 {
        self.get() as u128 * MOVES_PER_STATE as u128
    }
}

/// Moves the state limit allows per state: what a queen's or a knight's maze has at most
/// from a state, so that a maze of short jumps meets only the state limit, while long rays
/// (`length: Any` on a large board), several blocks or register products, whose moves
/// outgrow their states, meet this one. Memory and work grow with moves as with states.
pub const MOVES_PER_STATE: u64 = 8;

/// The refusal of a maze whose moves may be more than the limit allows: the estimate, how
/// it is made, and the limit.
pub(crate) fn too_many_moves(
    at: Where,
    states: u128,
    per_state: u128,
    limit: StateLimit,
) -> Problem {
    let moves = states.saturating_mul(per_state);
    Problem::new(
        at,
        format!(
            "this maze may make up to {moves} moves ({states} states, up to {per_state} moves from each), more than the {} moves the state limit of {limit} allows ({MOVES_PER_STATE} a state)",
            limit.moves()
        ),
    )
}

/// The refusal of a maze whose graph, while being built, grew past the limit: the states
/// and moves found before stopping.
pub(crate) fn built_past(states: u64, moves: u64, limit: StateLimit) -> Problem {
    Problem::new(
        Where::Board,
        format!(
            "building this maze's graph stopped at {states} states and {moves} moves, more than the state limit of {limit} allows ({limit} states, {} moves)",
            limit.moves()
        ),
    )
    .help("use a smaller board or fewer registers, or raise the limit with --state-limit")
}

/// A constant limit; zero fails to compile.
const fn limit(n: u64) -> StateLimit {
    match NonZeroU64::new(n) {
        Some(n) => StateLimit(n),
        None => panic!("a state limit is at least 1"),
    }
}

impl Default for StateLimit {
    fn default() -> Self {
        StateLimit::DEFAULT
    }
}

impl fmt::Display for StateLimit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.get().fmt(f)
    }
}

impl std::str::FromStr for StateLimit {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let n: u64 = s
            .trim()
            .replace('_', "")
            .parse()
            .map_err(|e| format!("not a number of states: {e}"))?;
        StateLimit::new(n).ok_or_else(|| {
            format!(
                "a state limit is from 1 to {} (state ids are 32-bit)",
                StateLimit::MAX
            )
        })
    }
}

/// The refusal every state limit gives: the estimate and the limit.
pub(crate) fn too_many(at: Where, estimate: u128, limit: StateLimit) -> Problem {
    Problem::new(
        at,
        format!("this maze may have up to {estimate} states, more than the state limit of {limit}"),
    )
}

/// Board cells counted from a file's rows before any cell is read: a board of more cells
/// than the limit is refused before its cells are allocated (every cell a move can land on
/// is at least one state, and the engine keeps tables per cell).
pub fn check_cells(rows: usize, cols: usize, limit: StateLimit) -> Result<(), Problem> {
    let cells = (rows as u128).saturating_mul(cols as u128);
    if limit.exceeded_by(cells) {
        return Err(Problem::new(
            Where::Board,
            format!(
                "this board has {rows} x {cols} = {cells} cells: up to {cells} states, more than the state limit of {limit}"
            ),
        )
        .help("use a smaller board, or raise the limit with --state-limit"));
    }
    Ok(())
}
