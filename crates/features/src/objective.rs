//! Objectives (energies, lower is better) of RULES.md section 4 that are plain functions of
//! the features.

use crate::Features;

/// The energy `GoalDepth` gives a maze whose goal cannot be reached.
pub const UNREACHABLE_ENERGY: f64 = 1_000_000.0;

/// Neller's energy (Computers and Games 2010):
/// `n·|S|² + cluster_penalty + m² - min(df, db)` with a unique shortest path, otherwise
/// `|S|³ + n·|S|² + cluster_penalty + m²` (n = non-reaching states, m = initial forced moves).
pub fn neller(f: &Features) -> f64 {
    neller_terms(
        f.n_states,
        f.non_reaching,
        f.cluster_penalty,
        f.initial_forced_moves,
        f.unique_shortest.then(|| {
            (
                f.forward_decisions.unwrap_or(0.0),
                f.backward_decisions.unwrap_or(0.0),
            )
        }),
    )
}

/// Neller's energy from its terms; `decisions` is `(df, db)` when the shortest path is
/// unique, `None` otherwise. One function for the full and the fast path, so both round alike.
pub(crate) fn neller_terms(
    n_states: usize,
    non_reaching: usize,
    cluster_penalty: u64,
    initial_forced_moves: u32,
    decisions: Option<(f64, f64)>,
) -> f64 {
    let s = n_states as f64;
    let base = non_reaching as f64 * s * s
        + cluster_penalty as f64
        + f64::from(initial_forced_moves).powi(2);
    match decisions {
        Some((df, db)) => base - df.min(db),
        None => s * s * s + base,
    }
}

/// The AI-education objective: minus the shortest solution length, or 1,000,000 when the
/// goal cannot be reached.
pub fn goal_depth(f: &Features) -> f64 {
    f.shortest_length
        .map_or(UNREACHABLE_ENERGY, |length| -f64::from(length))
}
