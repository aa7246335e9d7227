//! Features as readable text: one line per feature, named as in RULES.md.

use std::fmt::Write;

use crate::objective::{self, RollingBlockWeights};
use crate::{Features, Holes};

/// A number as a designer reads it: integers without decimals, fractions to 4 places.
pub fn number(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        format!("{x:.0}")
    } else {
        let s = format!("{x:.4}");
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    }
}

fn holes(h: &Holes) -> String {
    match h.count {
        0 => "none".to_string(),
        _ => {
            let total: usize = h.sizes.iter().sum();
            let sizes: Vec<String> = h.sizes.iter().map(usize::to_string).collect();
            format!(
                "{} component{} of {} state{} (sizes {})",
                h.count,
                if h.count == 1 { "" } else { "s" },
                total,
                if total == 1 { "" } else { "s" },
                sizes.join(", ")
            )
        }
    }
}

/// Every feature, one per line, `name  value`.
pub fn text(f: &Features) -> String {
    let mut out = String::new();
    let mut line = |name: &str, value: String| {
        let _ = writeln!(out, "{name:<22}{value}");
    };
    let opt = |x: Option<f64>| x.map_or("none".to_string(), number);
    line("n_states", f.n_states.to_string());
    line("n_moves", f.n_moves.to_string());
    line("reachable", f.reachable.to_string());
    line("reaching", f.reaching.to_string());
    line("non_reaching", f.non_reaching.to_string());
    line("black_holes", holes(&f.black_holes));
    line("white_holes", holes(&f.white_holes));
    line(
        "shortest_length",
        f.shortest_length
            .map_or("none (the goal cannot be reached)".to_string(), |l| {
                l.to_string()
            }),
    );
    line("shortest_paths", f.shortest_paths.to_string());
    line(
        "unique_shortest",
        if f.unique_shortest { "yes" } else { "no" }.to_string(),
    );
    line(
        "solution",
        f.solution.as_ref().map_or("none".to_string(), |s| {
            if s.is_empty() {
                "(start is the goal)".to_string()
            } else {
                s.join(" ")
            }
        }),
    );
    line("forward_decisions", opt(f.forward_decisions));
    line("backward_decisions", opt(f.backward_decisions));
    line("initial_forced_moves", f.initial_forced_moves.to_string());
    line(
        "clusters",
        if f.clusters.is_empty() {
            "none".to_string()
        } else {
            let sizes: Vec<String> = f.clusters.iter().map(usize::to_string).collect();
            format!("{} (sizes {})", f.clusters.len(), sizes.join(", "))
        },
    );
    line("cluster_penalty", f.cluster_penalty.to_string());
    line("turns", f.turns.to_string());
    line("u_turns", f.u_turns.to_string());
    line(
        "mechanic_moves",
        f.mechanic_moves
            .map_or("none".to_string(), |m| m.to_string()),
    );
    line("branches", f.branches.to_string());
    line("dead_ends", f.dead_ends.to_string());
    line("average_loop_length", number(f.average_loop_length));
    line("blocks", f.blocks.to_string());
    out
}

/// The Neller energy with each of its terms, so a designer sees why a maze scored as it did:
/// `-6 = 0·25² [non_reaching·|S|²] + 3 [cluster_penalty] + 0² [initial_forced_moves²] - 9 [min(forward, backward decisions)]`.
pub fn neller_terms(f: &Features) -> String {
    let e = number(objective::neller(f));
    let common = format!(
        "{}·{}² [non_reaching·|S|²] + {} [cluster_penalty] + {}² [initial_forced_moves²]",
        f.non_reaching, f.n_states, f.cluster_penalty, f.initial_forced_moves
    );
    if f.unique_shortest {
        let df = f.forward_decisions.unwrap_or(0.0);
        let db = f.backward_decisions.unwrap_or(0.0);
        format!(
            "{e} = {common} - {} [min(forward_decisions {}, backward_decisions {})]",
            number(df.min(db)),
            number(df),
            number(db)
        )
    } else {
        format!(
            "{e} = {}³ [|S|³: no unique shortest solution] + {common}",
            f.n_states
        )
    }
}

/// The `RollingBlock` energy with each weighted term (`feature weight·value`), so a designer
/// sees which feature moved the score.
pub fn rolling_block_terms(f: &Features, weights: &RollingBlockWeights) -> String {
    let score = objective::rolling_block_score(f, weights);
    if score.score.is_none() {
        return format!(
            "{} (the goal cannot be reached: no score)",
            number(score.energy)
        );
    }
    let terms: Vec<String> = score
        .terms
        .iter()
        .map(|t| format!("{} {}·{}", t.feature, number(t.weight), number(t.value)))
        .collect();
    format!(
        "{} = -({}) [minus the score: weight·value per feature]",
        number(score.energy),
        terms.join(" + ")
    )
}

/// The Neller and GoalDepth energies, and the RollingBlock score's energy when `rolling`
/// weights are given, one per line with their terms: the block `maze analyze` and
/// `maze generate` print under their features.
pub fn energies(f: &Features, rolling: Option<&RollingBlockWeights>) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{:<22}{}", "Neller", neller_terms(f));
    let _ = writeln!(
        out,
        "{:<22}{}",
        "GoalDepth",
        number(objective::goal_depth(f))
    );
    if let Some(weights) = rolling {
        let _ = writeln!(
            out,
            "{:<22}{}",
            "RollingBlock",
            rolling_block_terms(f, weights)
        );
    }
    out
}
