//! Teleport pairs of a jumping board: the two cells that carry one teleport name are
//! partners, and a move landing on one ends on the other. Here the pairs are found and a
//! board whose names do not pair up is refused.

use super::*;

/// No partner: the cell is no teleport.
pub(super) const NO_PARTNER: u32 = u32::MAX;

/// Each cell's partner (or [`NO_PARTNER`]), empty when no cell carries a teleport. A name on
/// other than exactly two ordinary cells pairs nothing: validation refuses such a board,
/// and a generator between its two steps of moving a pair sees no teleport there.
pub(super) fn partners(cells: &[Cell]) -> Vec<u32> {
    if cells.iter().all(|c| c.teleport.is_none()) {
        return Vec::new();
    }
    let mut out = vec![NO_PARTNER; cells.len()];
    for (i, c) in cells.iter().enumerate() {
        let Some(name) = c.teleport else { continue };
        if !c.is_ordinary() || out[i] != NO_PARTNER {
            continue;
        }
        let others: Vec<usize> = (0..cells.len())
            .filter(|&j| cells[j].teleport == Some(name))
            .collect();
        if let [a, b] = others[..]
            && cells[a].is_ordinary()
            && cells[b].is_ordinary()
        {
            out[a] = b as u32;
            out[b] = a as u32;
        }
    }
    out
}

/// Refuses a board whose teleport names do not each mark exactly two ordinary cells, at the
/// first token at fault.
pub(super) fn check_pairs(board: &Board) -> Result<(), Problem> {
    let at = |i: usize| (i / board.cols, i % board.cols);
    for (i, c) in board.cells.iter().enumerate() {
        let Some(name) = c.teleport else { continue };
        let (r, col) = at(i);
        if !c.is_ordinary() {
            return Err(Problem::new(
                Where::Token(r, col),
                format!("teleport `{name}` is on the goal; a teleport is an ordinary cell"),
            )
            .help("a move landing on a teleport ends on its partner, so a goal there could never be reached"));
        }
        let cells: Vec<usize> = (0..board.cells.len())
            .filter(|&j| board.cells[j].teleport == Some(name))
            .collect();
        match cells[..] {
            [_] => {
                return Err(Problem::new(
                    Where::Token(r, col),
                    format!("teleport `{name}` has no partner: a teleport name marks two cells"),
                )
                .help(format!(
                    "give a second cell the teleport `{name}`, or remove it"
                )));
            }
            [_, _] => {}
            [_, _, third, ..] => {
                let (tr, tc) = at(third);
                let places: Vec<String> = cells
                    .iter()
                    .map(|&j| format!("({}, {})", j / board.cols, j % board.cols))
                    .collect();
                return Err(Problem::new(
                    Where::Token(tr, tc),
                    format!(
                        "teleport `{name}` is on {} cells ({}): a cell is in one pair, and a pair is two cells",
                        cells.len(),
                        places.join(", ")
                    ),
                )
                .help("give each pair a name of its own"));
            }
            [] => {}
        }
    }
    Ok(())
}

impl JumpGraph {
    /// Where a move landing on `t` ends: its partner when `t` is a teleport, else `t`.
    #[inline]
    pub(super) fn teleport(&self, t: u32) -> u32 {
        match self.tele.get(t as usize) {
            Some(&p) if p != NO_PARTNER => p,
            _ => t,
        }
    }

    /// Whether a move ending on `cell` went through a teleport: landing on a teleport always
    /// moves on to its partner, so a move ends on a teleport only by coming through one.
    pub(super) fn teleported_to(&self, cell: u32) -> bool {
        self.tele
            .get(cell as usize)
            .is_some_and(|&p| p != NO_PARTNER)
    }

    /// [`crate::CompiledMaze::teleport_entry`] of a jumping maze.
    pub(crate) fn teleport_entry(&self, state: StateId) -> Option<Coord> {
        let cell = self.sup_cell[self.sup(state) as usize];
        let p = *self.tele.get(cell as usize)?;
        (p != NO_PARTNER).then(|| (p as usize / self.cols, p as usize % self.cols))
    }

    /// Whether the board has a teleport pair.
    pub(super) fn has_teleports(&self) -> bool {
        !self.tele.is_empty()
    }
}
