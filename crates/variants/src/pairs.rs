//! What every declared teleport list (a file's `teleports:`) asks of its pairs, whatever the
//! variant: two cells on the board, and no cell in two pairs. Each variant adds what its cells
//! must be.

use crate::problem::{Problem, Where};
use crate::tiling::Coord;

/// Checks pair `i`, `(a, b)`, of a list on a `rows x cols` board against `listed`, the cells of
/// the pairs before it with their pair's index, and adds its cells there. Refused, at the
/// pair: a cell off the board, a pair on one cell, a cell in an earlier pair.
pub(crate) fn check_pair(
    i: usize,
    (a, b): (Coord, Coord),
    (rows, cols): (usize, usize),
    listed: &mut Vec<(Coord, usize)>,
) -> Result<(), Problem> {
    let at = Where::Teleport(i);
    if let Some(p) = [a, b].into_iter().find(|p| p.0 >= rows || p.1 >= cols) {
        return Err(Problem::new(
            at,
            format!("({}, {}) is outside the {rows} x {cols} board", p.0, p.1),
        ));
    }
    if a == b {
        return Err(Problem::new(
            at,
            format!(
                "this pair is one cell, ({}, {}): a pair is two cells",
                a.0, a.1
            ),
        ));
    }
    for p in [a, b] {
        if let Some(&(_, j)) = listed.iter().find(|(q, _)| *q == p) {
            return Err(Problem::new(
                at,
                format!(
                    "({}, {}) is in pair {} too: a cell is in one pair",
                    p.0,
                    p.1,
                    j + 1
                ),
            ));
        }
    }
    listed.extend([(a, i), (b, i)]);
    Ok(())
}
