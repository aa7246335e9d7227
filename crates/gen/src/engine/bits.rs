//! Fixed-width sets of states for the word evaluator: one, two, four, eight or sixteen
//! machine words, so a graph of up to 64, 128, 256, 512 or 1024 states keeps every state set
//! in registers or a few cache lines, with the same algorithm written once over [`Bits`].

use std::fmt::Debug;
use std::ops::{Index, IndexMut};

/// Rows past the states' in a row table (see [`Bits::Rows`]).
pub(crate) const SPARE_ROWS: usize = 8;

/// A set of states `0..BITS` in a fixed number of words, and the row tables indexed by
/// state. Every operation is branch-light and allocation-free.
pub(crate) trait Bits: Copy + Eq + Debug + Send + Sync + 'static {
    /// How many states a set holds.
    const BITS: usize;
    /// The empty set.
    const EMPTY: Self;
    /// One set per state plus [`SPARE_ROWS`] more: the first, at index [`Bits::BITS`], is
    /// always empty (the lowest member of an empty set is reported as `BITS`, so a union of
    /// rows can take several members at a time without testing for the end after each
    /// one), and the others are scratch for [`Bits::flip_rows`].
    type Rows: Clone + Debug + Send + Sync + Index<usize, Output = Self> + IndexMut<usize>;

    /// A table of empty rows (on the heap for the wide sets, whose tables are too large
    /// for a test thread's stack).
    fn no_rows() -> Self::Rows;
    /// The set `{i}` (`i < BITS`).
    fn bit(i: usize) -> Self;
    /// `{i}` when `on`, else the empty set, without a branch (`i < BITS`).
    fn bit_if(i: usize, on: bool) -> Self;
    /// The set `{0, .., n - 1}` (`n <= BITS`).
    fn first(n: usize) -> Self;
    /// Whether `i` is a member.
    fn has(self, i: usize) -> bool;
    /// Intersection.
    fn and(self, other: Self) -> Self;
    /// Union.
    fn or(self, other: Self) -> Self;
    /// Symmetric difference.
    fn xor(self, other: Self) -> Self;
    /// The members of `self` not in `other`.
    fn and_not(self, other: Self) -> Self;
    /// Whether the set is empty.
    fn is_empty(self) -> bool;
    /// The number of members.
    fn count(self) -> usize;
    /// Whether the set has exactly one member (without counting: the default x86-64 target
    /// has no population-count instruction, and these tests run several times per
    /// candidate).
    fn single(self) -> bool;
    /// Whether the set has two members or more.
    fn several(self) -> bool;
    /// The lowest member, [`Bits::BITS`] for an empty set (where a row table is empty).
    fn low_or_end(self) -> usize;
    /// The set without its lowest member.
    fn without_low(self) -> Self;
    /// `⋃ rows[s]` over the members `s` of `set`.
    fn union_of(rows: &Self::Rows, set: Self) -> Self;

    /// The lowest member of a non-empty set, below `BITS` so that indexing a row table
    /// needs no bounds check.
    #[inline(always)]
    fn low(self) -> usize {
        self.low_or_end() & (Self::BITS - 1)
    }

    /// `rows[t] ^= bit` for every member `t` of `set`, eight members a round (past the end,
    /// the `k`-th of a round flips spare row `BITS + k`, all emptied again after), so that
    /// a small set of irregular size costs one well-predicted round rather than a loop exit
    /// per member: a step's changed targets are the old and new moves of one cell, most
    /// often eight or fewer (measured: 15% fewer mispredicted branches on Neller's
    /// configuration). A spare row of its own for each `k` keeps the flips independent:
    /// with one, each waited for the last to be stored (measured: 0.96 of the time on
    /// Neller's configuration).
    #[inline(always)]
    fn flip_rows(rows: &mut Self::Rows, mut set: Self, bit: Self) {
        loop {
            for k in 0..SPARE_ROWS {
                let a = set.low_or_end();
                set = set.without_low();
                let a = if a == Self::BITS { a + k } else { a };
                rows[a] = rows[a].xor(bit);
            }
            if set.is_empty() {
                break;
            }
        }
        for k in 0..SPARE_ROWS {
            rows[Self::BITS + k] = Self::EMPTY;
        }
    }

    /// The members, lowest first.
    #[inline]
    fn members(self) -> Members<Self> {
        Members(self)
    }
}

/// The members of a set, lowest first.
#[derive(Clone, Debug)]
pub(crate) struct Members<S>(S);

impl<S: Bits> Iterator for Members<S> {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        (!self.0.is_empty()).then(|| {
            let i = self.0.low();
            self.0 = self.0.without_low();
            i
        })
    }
}

impl Bits for u64 {
    const BITS: usize = 64;
    const EMPTY: u64 = 0;
    type Rows = [u64; 64 + SPARE_ROWS];

    fn no_rows() -> Self::Rows {
        [0; 64 + SPARE_ROWS]
    }

    #[inline(always)]
    fn bit(i: usize) -> u64 {
        1 << (i & 63)
    }

    #[inline(always)]
    fn bit_if(i: usize, on: bool) -> u64 {
        u64::from(on) << (i & 63)
    }

    #[inline(always)]
    fn first(n: usize) -> u64 {
        if n >= 64 { u64::MAX } else { (1 << n) - 1 }
    }

    #[inline(always)]
    fn has(self, i: usize) -> bool {
        self & (1 << (i & 63)) != 0
    }

    #[inline(always)]
    fn and(self, other: u64) -> u64 {
        self & other
    }

    #[inline(always)]
    fn or(self, other: u64) -> u64 {
        self | other
    }

    #[inline(always)]
    fn xor(self, other: u64) -> u64 {
        self ^ other
    }

    #[inline(always)]
    fn and_not(self, other: u64) -> u64 {
        self & !other
    }

    #[inline(always)]
    fn is_empty(self) -> bool {
        self == 0
    }

    #[inline(always)]
    fn count(self) -> usize {
        self.count_ones() as usize
    }

    #[inline(always)]
    fn single(self) -> bool {
        self != 0 && self & self.wrapping_sub(1) == 0
    }

    #[inline(always)]
    fn several(self) -> bool {
        self & self.wrapping_sub(1) != 0
    }

    #[inline(always)]
    fn low_or_end(self) -> usize {
        (self.trailing_zeros() as usize).min(64)
    }

    #[inline(always)]
    fn without_low(self) -> u64 {
        self & self.wrapping_sub(1)
    }

    /// Four members at a time: BFS frontiers are small, so most unions take one round and
    /// the loop's exit is predictable.
    #[inline(always)]
    fn union_of(rows: &Self::Rows, mut set: u64) -> u64 {
        let mut acc = 0;
        while set != 0 {
            let a = set.low_or_end();
            set &= set.wrapping_sub(1);
            let b = set.low_or_end();
            set &= set.wrapping_sub(1);
            let c = set.low_or_end();
            set &= set.wrapping_sub(1);
            let d = set.low_or_end();
            set &= set.wrapping_sub(1);
            acc |= rows[a] | rows[b] | rows[c] | rows[d];
        }
        acc
    }
}

/// Sets of `64 * W` states as `W` words, word `k` holding states `64k..64k + 63`.
/// Four words keep their rows in place; eight and sixteen on the heap ([`HeapRows`]).
macro_rules! multi_word {
    ($w:literal, $bits:literal, $rows:ty, $no_rows:expr) => {
        impl Bits for [u64; $w] {
            const BITS: usize = $bits;
            const EMPTY: [u64; $w] = [0; $w];
            type Rows = $rows;

            fn no_rows() -> Self::Rows {
                $no_rows
            }

            /// A select per word rather than a store into one word of the set: the set is
            /// then built in vector registers, where a store of one word read back as the
            /// whole set waited for the store (measured on offset's rows of four words:
            /// the three hottest instructions of a step were such waits).
            #[inline(always)]
            fn bit(i: usize) -> Self {
                let (at, b) = ((i / 64) % $w, 1 << (i % 64));
                std::array::from_fn(|k| if k == at { b } else { 0 })
            }

            #[inline(always)]
            fn bit_if(i: usize, on: bool) -> Self {
                let (at, b) = ((i / 64) % $w, u64::from(on) << (i % 64));
                std::array::from_fn(|k| if k == at { b } else { 0 })
            }

            #[inline]
            fn first(n: usize) -> Self {
                std::array::from_fn(|k| u64::first(n.saturating_sub(64 * k)))
            }

            #[inline(always)]
            fn has(self, i: usize) -> bool {
                self[(i / 64) % $w] & (1 << (i % 64)) != 0
            }

            #[inline(always)]
            fn and(self, other: Self) -> Self {
                std::array::from_fn(|k| self[k] & other[k])
            }

            #[inline(always)]
            fn or(self, other: Self) -> Self {
                std::array::from_fn(|k| self[k] | other[k])
            }

            #[inline(always)]
            fn xor(self, other: Self) -> Self {
                std::array::from_fn(|k| self[k] ^ other[k])
            }

            #[inline(always)]
            fn and_not(self, other: Self) -> Self {
                std::array::from_fn(|k| self[k] & !other[k])
            }

            #[inline(always)]
            fn is_empty(self) -> bool {
                self.iter().fold(0, |a, &w| a | w) == 0
            }

            #[inline(always)]
            fn count(self) -> usize {
                self.iter().map(|w| w.count_ones() as usize).sum()
            }

            #[inline(always)]
            fn single(self) -> bool {
                let mut seen = false;
                for w in self {
                    if w != 0 {
                        if seen || w.several() {
                            return false;
                        }
                        seen = true;
                    }
                }
                seen
            }

            #[inline(always)]
            fn several(self) -> bool {
                let mut seen = false;
                for w in self {
                    if w != 0 {
                        if seen || w.several() {
                            return true;
                        }
                        seen = true;
                    }
                }
                false
            }

            #[inline(always)]
            fn low_or_end(self) -> usize {
                for (k, w) in self.into_iter().enumerate() {
                    if w != 0 {
                        return 64 * k + w.trailing_zeros() as usize;
                    }
                }
                $bits
            }

            #[inline(always)]
            fn without_low(mut self) -> Self {
                for w in &mut self {
                    if *w != 0 {
                        *w &= *w - 1;
                        break;
                    }
                }
                self
            }

            /// Word by word, two members at a time.
            #[inline(always)]
            fn union_of(rows: &Self::Rows, set: Self) -> Self {
                let mut acc = [0; $w];
                for (k, mut word) in set.into_iter().enumerate() {
                    while word != 0 {
                        let a = (64 * k + word.trailing_zeros() as usize).min($bits);
                        word &= word - 1;
                        let b = if word == 0 {
                            $bits
                        } else {
                            (64 * k + word.trailing_zeros() as usize).min($bits)
                        };
                        word &= word.wrapping_sub(1);
                        let (ra, rb) = (&rows[a], &rows[b]);
                        for j in 0..$w {
                            acc[j] |= ra[j] | rb[j];
                        }
                    }
                }
                acc
            }
        }
    };
}

multi_word!(
    4,
    256,
    [[u64; 4]; 256 + SPARE_ROWS],
    [[0; 4]; 256 + SPARE_ROWS]
);
multi_word!(8, 512, HeapRows<[u64; 8], { 512 + SPARE_ROWS }>, HeapRows::empty());
multi_word!(16, 1024, HeapRows<[u64; 16], { 1024 + SPARE_ROWS }>, HeapRows::empty());

/// A row table of `N` sets on the heap, allocated there directly: a table of 1025
/// sixteen-word sets is 131 kB, which a debug build would first put on the stack.
#[derive(Clone, Debug)]
pub(crate) struct HeapRows<S, const N: usize>(Box<[S; N]>);

impl<S: Bits, const N: usize> HeapRows<S, N> {
    fn empty() -> Self {
        let rows: Box<[S]> = vec![S::EMPTY; N].into_boxed_slice();
        match rows.try_into() {
            Ok(rows) => HeapRows(rows),
            Err(_) => unreachable!("a boxed slice of N sets converts to an array of N"),
        }
    }
}

impl<S, const N: usize> Index<usize> for HeapRows<S, N> {
    type Output = S;

    #[inline(always)]
    fn index(&self, i: usize) -> &S {
        &self.0[i]
    }
}

impl<S, const N: usize> IndexMut<usize> for HeapRows<S, N> {
    #[inline(always)]
    fn index_mut(&mut self, i: usize) -> &mut S {
        &mut self.0[i]
    }
}

/// Two words as one `u128`: the compiler keeps it in two registers and makes every operation
/// branch-free (a lowest member is two `tzcnt` and a select), where a loop over the words
/// would mispredict on the small, irregular sets a breadth-first search walks.
#[inline(always)]
fn wide(s: [u64; 2]) -> u128 {
    u128::from(s[0]) | u128::from(s[1]) << 64
}

#[inline(always)]
fn narrow(w: u128) -> [u64; 2] {
    [w as u64, (w >> 64) as u64]
}

impl Bits for [u64; 2] {
    const BITS: usize = 128;
    const EMPTY: [u64; 2] = [0; 2];
    type Rows = [[u64; 2]; 128 + SPARE_ROWS];

    fn no_rows() -> Self::Rows {
        [[0; 2]; 128 + SPARE_ROWS]
    }

    #[inline(always)]
    fn bit(i: usize) -> Self {
        narrow(1 << (i & 127))
    }

    #[inline(always)]
    fn bit_if(i: usize, on: bool) -> Self {
        narrow(u128::from(on) << (i & 127))
    }

    #[inline]
    fn first(n: usize) -> Self {
        narrow(if n >= 128 { u128::MAX } else { (1 << n) - 1 })
    }

    #[inline(always)]
    fn has(self, i: usize) -> bool {
        wide(self) & (1 << (i & 127)) != 0
    }

    #[inline(always)]
    fn and(self, other: Self) -> Self {
        [self[0] & other[0], self[1] & other[1]]
    }

    #[inline(always)]
    fn or(self, other: Self) -> Self {
        [self[0] | other[0], self[1] | other[1]]
    }

    #[inline(always)]
    fn xor(self, other: Self) -> Self {
        [self[0] ^ other[0], self[1] ^ other[1]]
    }

    #[inline(always)]
    fn and_not(self, other: Self) -> Self {
        [self[0] & !other[0], self[1] & !other[1]]
    }

    #[inline(always)]
    fn is_empty(self) -> bool {
        self[0] | self[1] == 0
    }

    #[inline(always)]
    fn count(self) -> usize {
        (self[0].count_ones() + self[1].count_ones()) as usize
    }

    #[inline(always)]
    fn single(self) -> bool {
        let w = wide(self);
        w != 0 && w & w.wrapping_sub(1) == 0
    }

    #[inline(always)]
    fn several(self) -> bool {
        let w = wide(self);
        w & w.wrapping_sub(1) != 0
    }

    #[inline(always)]
    fn low_or_end(self) -> usize {
        (wide(self).trailing_zeros() as usize).min(128)
    }

    #[inline(always)]
    fn without_low(self) -> Self {
        let w = wide(self);
        narrow(w & w.wrapping_sub(1))
    }

    #[inline(always)]
    fn union_of(rows: &Self::Rows, set: Self) -> Self {
        // Two members of each word a round, the words taken apart: each word's lowest
        // member is one instruction away from the last, where the lowest of a `u128` waits
        // for a subtraction with carry across both (measured: this loop was four fifths of
        // the evaluation of no-U-turn's 121 superset states). An empty word's end reads the
        // empty row at 128, so a round has one exit test.
        let [mut lo, mut hi] = set;
        let mut acc = [0u64; 2];
        while lo | hi != 0 {
            let a = lo.trailing_zeros() as usize;
            lo &= lo.wrapping_sub(1);
            let b = lo.trailing_zeros() as usize;
            lo &= lo.wrapping_sub(1);
            let c = hi.trailing_zeros() as usize;
            hi &= hi.wrapping_sub(1);
            let d = hi.trailing_zeros() as usize;
            hi &= hi.wrapping_sub(1);
            // 64, the end of the low word, to 128.
            let (a, b) = ((a + (a & 64)).min(128), (b + (b & 64)).min(128));
            let (c, d) = ((64 + c).min(128), (64 + d).min(128));
            for j in 0..2 {
                acc[j] |= rows[a][j] | rows[b][j] | rows[c][j] | rows[d][j];
            }
        }
        acc
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Every operation of a multi-word set agrees with the same operation on a list of
    /// members.
    fn agrees<S: Bits>(a: &[usize], b: &[usize]) {
        let set = |m: &[usize]| m.iter().fold(S::EMPTY, |s, &i| s.or(S::bit(i)));
        let sorted = |m: &[usize]| {
            let mut v = m.to_vec();
            v.sort_unstable();
            v.dedup();
            v
        };
        let (sa, sb) = (set(a), set(b));
        let (la, lb) = (sorted(a), sorted(b));
        assert_eq!(sa.members().collect::<Vec<_>>(), la);
        assert_eq!(sa.count(), la.len());
        assert_eq!(sa.is_empty(), la.is_empty());
        assert_eq!(sa.single(), la.len() == 1);
        assert_eq!(sa.several(), la.len() >= 2);
        assert_eq!(sa.low_or_end(), la.first().copied().unwrap_or(S::BITS));
        let inter: Vec<usize> = la.iter().copied().filter(|i| lb.contains(i)).collect();
        assert_eq!(sa.and(sb).members().collect::<Vec<_>>(), inter);
        let minus: Vec<usize> = la.iter().copied().filter(|i| !lb.contains(i)).collect();
        assert_eq!(sa.and_not(sb).members().collect::<Vec<_>>(), minus);
        assert_eq!(sa.or(sb), set(&[a, b].concat()));
        assert_eq!(sa.xor(sb), sa.and_not(sb).or(sb.and_not(sa)));
        for i in 0..S::BITS {
            assert_eq!(sa.has(i), la.contains(&i));
            assert_eq!(S::bit_if(i, sa.has(i)), sa.and(S::bit(i)));
        }
        let mut rows = S::no_rows();
        S::flip_rows(&mut rows, sa, sb);
        S::flip_rows(&mut rows, sb, sa);
        for i in 0..=S::BITS {
            let mut want = S::EMPTY;
            if i < S::BITS && sa.has(i) {
                want = want.xor(sb);
            }
            if i < S::BITS && sb.has(i) {
                want = want.xor(sa);
            }
            assert_eq!(rows[i], want);
        }
        let n = la.len();
        assert_eq!(S::first(n).count(), n);
        // Rows: row s is {s + 1}; the union over `a` is {s + 1 : s in a, s + 1 < BITS}.
        let mut rows = S::no_rows();
        for s in 0..S::BITS - 1 {
            rows[s] = S::bit(s + 1);
        }
        let shifted: Vec<usize> = la.iter().map(|s| s + 1).filter(|&s| s < S::BITS).collect();
        assert_eq!(
            S::union_of(&rows, sa).members().collect::<Vec<_>>(),
            shifted
        );
    }

    proptest! {
        #[test]
        fn sets_agree_with_lists(
            a in proptest::collection::vec(0usize..256, 0..40),
            b in proptest::collection::vec(0usize..256, 0..40),
        ) {
            let narrow = |m: &[usize], bits: usize| m.iter().map(|i| i % bits).collect::<Vec<_>>();
            agrees::<u64>(&narrow(&a, 64), &narrow(&b, 64));
            agrees::<[u64; 2]>(&narrow(&a, 128), &narrow(&b, 128));
            agrees::<[u64; 4]>(&a, &b);
            let wide = |m: &[usize], scale: usize| m.iter().map(|i| i * scale + i % scale).collect::<Vec<_>>();
            agrees::<[u64; 8]>(&wide(&a, 2), &wide(&b, 2));
            agrees::<[u64; 16]>(&wide(&a, 4), &wide(&b, 4));
        }
    }
}
