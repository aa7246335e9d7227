//! A difficulty grade computed from features: a model of how much work a maze asks of a
//! solver, not a measurement of people.
//!
//! It rests on four features of RULES.md section 3, in units of solution moves:
//!
//! - `shortest_length` L: every move of the answer has to be found and made;
//! - `forward_decisions` D (the exact mean over shortest paths when there are several): each
//!   state on the way with more than one move out is a place to go wrong, worth two moves;
//! - `reachable` R: the more states the start reaches, the more there is to explore,
//!   worth 2·log2(R) (doubling the reachable states is worth two moves);
//! - `initial_forced_moves` m: moves the maze makes for the solver, worth half a move less
//!   each.
//!
//! points = L + 2·D + 2·log2(R) − m/2, and the grade is 1 (easy) below 20 points, 2
//! (moderate) below 35, 3 (tricky) below 50, 4 (hard) below 80, and 5 (fiendish) from 80.
//! The thresholds come from the bundled variants' generated mazes (medians over 20 each:
//! Alice 17, rook 37, hex 45, queen 47, no-U-turn 56, walls 57, link 76, rolling blocks 120
//! and more), so the grades spread across them. No experiment with solvers stands behind
//! the weights: the grade orders mazes plausibly and consistently, which is what a
//! publisher asking for easy or hard puzzles needs; it does not predict solving times.

use crate::Features;

/// The grades' names, grade 1 first.
pub const GRADE_NAMES: [&str; 5] = ["easy", "moderate", "tricky", "hard", "fiendish"];

/// The points at which grades 2, 3, 4 and 5 begin.
pub const GRADE_THRESHOLDS: [f64; 4] = [20.0, 35.0, 50.0, 80.0];

/// A maze's grade and the points it rests on.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Grade {
    /// 1 (easy) to 5 (fiendish).
    pub level: u8,
    /// Its name.
    pub name: &'static str,
    /// The points: L + 2·D + 2·log2(R) − m/2.
    pub points: f64,
}

/// The grade of a solvable maze (`None` without a solution).
pub fn grade(f: &Features) -> Option<Grade> {
    Some(of_points(points(
        f.shortest_length?,
        f.forward_decisions.unwrap_or(0.0),
        f.reachable,
        f.initial_forced_moves,
    )))
}

/// L + 2·D + 2·log2(R) − m/2.
pub fn points(length: u32, decisions: f64, reachable: usize, forced: u32) -> f64 {
    f64::from(length) + 2.0 * decisions + 2.0 * (reachable.max(1) as f64).log2()
        - 0.5 * f64::from(forced)
}

/// The grade of `points`.
pub fn of_points(points: f64) -> Grade {
    let level = 1 + GRADE_THRESHOLDS.iter().filter(|&&t| points >= t).count();
    Grade {
        level: level as u8,
        name: GRADE_NAMES[level - 1],
        points,
    }
}

/// How the points came about, for reports: `13 moves + 2·9 decisions + 2·log2(24 reachable)
/// − 1/2 forced = 40.2`.
pub fn explain(f: &Features, g: &Grade) -> String {
    format!(
        "{} moves + 2·{} decisions + 2·log2({} reachable) − {}/2 forced = {}",
        f.shortest_length.unwrap_or(0),
        crate::report::number(f.forward_decisions.unwrap_or(0.0)),
        f.reachable,
        f.initial_forced_moves,
        crate::report::number((g.points * 100.0).round() / 100.0)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_follow_the_formula_and_the_thresholds() {
        let g = of_points(points(10, 8.0, 32, 2));
        assert_eq!(g.points, 10.0 + 16.0 + 10.0 - 1.0);
        assert_eq!((g.level, g.name), (3, "tricky"));
        assert_eq!(of_points(points(30, 12.0, 64, 0)).name, "hard");
        let easy = of_points(points(3, 1.0, 4, 0));
        assert_eq!((easy.level, easy.points), (1, 9.0));
        assert_eq!(of_points(points(40, 20.0, 1024, 0)).level, 5);
        assert_eq!(of_points(34.99).level, 2);
        assert_eq!(of_points(35.0).level, 3);
    }

    #[test]
    fn more_of_anything_hard_never_lowers_the_grade() {
        let base = points(10, 5.0, 30, 1);
        assert!(points(11, 5.0, 30, 1) > base);
        assert!(points(10, 6.0, 30, 1) > base);
        assert!(points(10, 5.0, 60, 1) > base);
        assert!(points(10, 5.0, 30, 2) < base);
    }
}
