//! Which cells' moves may land on which: what a change of a cell's attributes that moves
//! read on landing (a wildcard, a toggle) makes stale, so that only those cells' moves are
//! found again.

use super::JumpGraph;

/// Per cell, the cells its moves may land on (`JumpGraph::landing_cells`), and the
/// transpose: the cells whose moves may land on it. A cell's landings depend on its own
/// content and registers and on the kinds of the cells on the way, so a change that keeps
/// every kind changes only the changed cell's; [`Landings::stale`] marks it, and
/// `Landings::refresh` reads the marked cells again.
#[derive(Clone, Debug, Default)]
pub struct Landings {
    lands: Vec<Vec<u32>>,
    readers: Vec<Vec<u32>>,
    stale: Vec<u32>,
}

impl Landings {
    /// The landings of every cell of `graph`.
    pub fn of(graph: &JumpGraph) -> Landings {
        let (rows, cols) = graph.size();
        let mut landings = Landings {
            lands: vec![Vec::new(); rows * cols],
            readers: vec![Vec::new(); rows * cols],
            stale: Vec::new(),
        };
        for cell in 0..rows * cols {
            landings.read(graph, cell);
        }
        landings
    }

    /// Reads `cell`'s landings from `graph` again, and who reads which cell.
    pub fn read(&mut self, graph: &JumpGraph, cell: usize) {
        for &t in &self.lands[cell] {
            self.readers[t as usize].retain(|&c| c as usize != cell);
        }
        let lands = &mut self.lands[cell];
        lands.clear();
        graph.landing_cells(cell, lands);
        lands.sort_unstable();
        lands.dedup();
        for &t in lands.iter() {
            self.readers[t as usize].push(cell as u32);
        }
    }

    /// Notes that `cell`'s content changed: its landings are read again at the next
    /// `Landings::refresh`.
    pub fn stale(&mut self, cell: usize) {
        if !self.stale.contains(&(cell as u32)) {
            self.stale.push(cell as u32);
        }
    }

    /// Reads again the landings of the cells marked stale.
    pub(crate) fn refresh(&mut self, graph: &JumpGraph) {
        while let Some(cell) = self.stale.pop() {
            self.read(graph, cell as usize);
        }
    }

    /// The cells whose moves may land on `cell` (as of the last refresh).
    pub fn readers(&self, cell: usize) -> &[u32] {
        &self.readers[cell]
    }
}
