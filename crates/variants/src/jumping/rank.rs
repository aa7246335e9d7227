//! The landable cells of a board without registers and their states, as a bitset with a
//! count per word: a plain move's target read from a table that stays in cache, instead of
//! the per-cell table of first superset states at a random place of the board.

/// Per cell whether it has a superset state (bit `c % 64` of word `c / 64`), and per word
/// how many cells before it have one.
#[derive(Clone, Debug, Default)]
pub(super) struct Rank {
    bits: Vec<u64>,
    before: Vec<u32>,
}

impl Rank {
    /// The rank of a superset in which each cell has at most one state: `base` is the first
    /// superset state of each cell, and one past the last cell's.
    pub(super) fn of_single(base: &[u32]) -> Rank {
        let cells = base.len().saturating_sub(1);
        let words = cells.div_ceil(64);
        let mut rank = Rank {
            bits: vec![0; words],
            before: Vec::with_capacity(words),
        };
        for w in 0..words {
            rank.before.push(base[w * 64]);
            for c in w * 64..cells.min(w * 64 + 64) {
                if base[c + 1] > base[c] {
                    rank.bits[w] |= 1 << (c % 64);
                }
            }
        }
        rank
    }

    /// The superset state of `cell`, `None` when it has none.
    #[inline]
    pub(super) fn state(&self, cell: usize) -> Option<u32> {
        let (w, b) = (cell / 64, cell % 64);
        let word = self.bits[w];
        (word >> b & 1 == 1).then(|| self.before[w] + (word & ((1u64 << b) - 1)).count_ones())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rank_is_the_first_superset_state() {
        // Cells 0..150, every third without a state.
        let mut base = vec![0u32];
        for c in 0..150u32 {
            let size = u32::from(c % 3 != 0);
            base.push(base[c as usize] + size);
        }
        let rank = Rank::of_single(&base);
        for c in 0..150 {
            let want = (base[c + 1] > base[c]).then_some(base[c]);
            assert_eq!(rank.state(c), want, "cell {c}");
        }
        assert_eq!(Rank::of_single(&[0]).bits.len(), 0);
    }
}
