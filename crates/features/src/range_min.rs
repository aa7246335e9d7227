//! The minimum of any range of a fixed array of numbers in constant time, for the loop
//! lengths' lowest common ancestors: a sparse table over blocks of the array, and each
//! position's minimum from its block's start and to its block's end.
//!
//! A table over every position would take `log2(n)` numbers a position; over blocks it takes
//! a fraction of one, small enough to stay in cache. At ten million positions a random
//! range's two ends are cache misses, so a caller that reads something of each end anyway
//! keeps their in-block minimums beside it ([`RangeMin::prefix_minimums`],
//! [`RangeMin::suffix_minimums`]) and passes them to
//! [`RangeMin::min_given`], which then reads only the table.

/// Positions a block holds.
const BLOCK: usize = 128;

pub(crate) struct RangeMin {
    values: Vec<u32>,
    /// `levels[k][b]`: the minimum of blocks `b..b + 2^k`.
    levels: Vec<Vec<u32>>,
}

impl RangeMin {
    pub(crate) fn new(values: Vec<u32>) -> RangeMin {
        let blocks: Vec<u32> = values
            .chunks(BLOCK)
            .filter_map(|block| block.iter().copied().min())
            .collect();
        let mut levels = vec![blocks];
        let mut width = 1;
        while 2 * width <= levels[0].len() {
            let below = &levels[levels.len() - 1];
            let level: Vec<u32> = (0..below.len() - width)
                .map(|b| below[b].min(below[b + width]))
                .collect();
            levels.push(level);
            width *= 2;
        }
        RangeMin { values, levels }
    }

    /// Per position, the minimum of its block up to it.
    pub(crate) fn prefix_minimums(&self) -> Vec<u32> {
        let mut prefix = self.values.clone();
        for block in prefix.chunks_mut(BLOCK) {
            for i in 1..block.len() {
                block[i] = block[i].min(block[i - 1]);
            }
        }
        prefix
    }

    /// Per position, the minimum of its block from it to the block's end.
    pub(crate) fn suffix_minimums(&self) -> Vec<u32> {
        let mut suffix = self.values.clone();
        for block in suffix.chunks_mut(BLOCK) {
            for i in (1..block.len()).rev() {
                block[i - 1] = block[i - 1].min(block[i]);
            }
        }
        suffix
    }

    /// The minimum of `values[first..=last]` (`first <= last < values.len()`), given the
    /// minimum of `first`'s block from `first` on and of `last`'s block up to `last`.
    pub(crate) fn min_given(
        &self,
        first: usize,
        last: usize,
        from_first: u32,
        to_last: u32,
    ) -> u32 {
        let (head, tail) = (first / BLOCK, last / BLOCK);
        if head == tail {
            // Both ends in one block, so near what the caller read last: scanning is cheap.
            return self.values[first..=last]
                .iter()
                .copied()
                .min()
                .unwrap_or(to_last);
        }
        let mut min = from_first.min(to_last);
        let (a, b) = (head + 1, tail - 1);
        if a <= b {
            let k = (b - a + 1).ilog2() as usize;
            let level = &self.levels[k];
            min = min.min(level[a]).min(level[b + 1 - (1 << k)]);
        }
        min
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::RangeMin;

    proptest! {
        #[test]
        fn every_range_has_the_minimum_a_scan_finds(
            values in proptest::collection::vec(0u32..1000, 1..2000),
            ends in proptest::collection::vec((0usize..2000, 0usize..2000), 1..40),
        ) {
            let rmq = RangeMin::new(values.clone());
            let (prefix, suffix) = (rmq.prefix_minimums(), rmq.suffix_minimums());
            for (a, b) in ends {
                let (a, b) = (a % values.len(), b % values.len());
                let (first, last) = (a.min(b), a.max(b));
                let scan = values[first..=last].iter().copied().min().unwrap();
                prop_assert_eq!(rmq.min_given(first, last, suffix[first], prefix[last]), scan);
            }
        }
    }
}
