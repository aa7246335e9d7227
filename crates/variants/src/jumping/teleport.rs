//! Teleport pairs of a jumping board: the two cells that carry one teleport name are
//! partners, and a move landing on one ends on the other. Here the pairs are found, a board
//! whose names do not pair up is refused, and pairs declared by a list of cells (a file's
//! `teleports:`) are named on the board and listed again for writing.

use super::*;
use crate::board::Tag;

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

/// Names the pairs of a declared list (a file's `teleports: [((r1, c1), (r2, c2)), ...]`)
/// on `board`, with the same meaning as pairs named on the cells: pair `i` gets the `i`-th of
/// the names `p1`, `p2`, ... that no cell of the board carries. Refused, at the pair
/// ([`Where::Teleport`]): a cell off the board, a pair on one cell, a cell that is not an
/// ordinary cell (the goal, blocked, void, a hole), and a cell in two pairs (or named on the
/// board too).
pub fn declare_teleports(board: &mut Board, pairs: &[(Coord, Coord)]) -> Result<(), Problem> {
    let used: Vec<Tag> = board.cells.iter().filter_map(|c| c.teleport).collect();
    let mut names = (1..)
        .filter_map(|n| Tag::new(&format!("p{n}")))
        .filter(|t| !used.contains(t));
    let mut listed: Vec<(Coord, usize)> = Vec::new();
    for (i, &(a, b)) in pairs.iter().enumerate() {
        let at = Where::Teleport(i);
        crate::pairs::check_pair(i, (a, b), (board.rows, board.cols), &mut listed)?;
        for p in [a, b] {
            let cell = board.get(p);
            if let Some(name) = cell.teleport {
                return Err(Problem::new(
                    at,
                    format!(
                        "({}, {}) is the teleport `{name}` on the board already: a cell is in one pair",
                        p.0, p.1
                    ),
                ));
            }
            if !cell.is_ordinary() {
                let what = if cell.is_goal() {
                    "the goal"
                } else {
                    "no ordinary cell"
                };
                return Err(Problem::new(
                    at,
                    format!("({}, {}) is {what}; a teleport is an ordinary cell", p.0, p.1),
                )
                .help("a move landing on a teleport ends on its partner, so nothing could stop on a goal there"));
            }
        }
        let Some(name) = names.next() else {
            return Err(Problem::new(at, "more teleport pairs than names"));
        };
        for p in [a, b] {
            board.cells[p.0 * board.cols + p.1].teleport = Some(name);
        }
    }
    Ok(())
}

/// The teleport pairs a board's tokens cannot write (its schema has no `Teleport`), as a
/// `teleports:` list: each pair once, its cells in reading order, the pairs in the order of
/// their names (`p1`, `p2`, ..., shorter names first), so that
/// [`declare_teleports`] names them as they are. Empty when the schema writes them.
pub fn listed_teleports(board: &Board, schema: &[crate::board::Attr]) -> Vec<(Coord, Coord)> {
    if schema.contains(&crate::board::Attr::Teleport) {
        return Vec::new();
    }
    let partner = partners(&board.cells);
    let at = |i: usize| (i / board.cols, i % board.cols);
    let mut pairs: Vec<(Tag, Coord, Coord)> = partner
        .iter()
        .enumerate()
        .filter(|&(i, &p)| p != NO_PARTNER && i < p as usize)
        .filter_map(|(i, &p)| Some((board.cells[i].teleport?, at(i), at(p as usize))))
        .collect();
    pairs.sort_by_key(|(t, ..)| {
        let name = t.to_string();
        (name.len(), name)
    });
    pairs.into_iter().map(|(_, a, b)| (a, b)).collect()
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
