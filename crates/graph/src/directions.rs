//! Move directions: each variant's fixed direction order and the sets of directions an edge carries.

use serde::Serialize;

/// A direction, as its position in the variant's [`Directions`] order.
pub type Dir = u8;

/// The direction names of a tiling or block, in the direction order that RULES.md fixes, with
/// each direction's opposite.
///
/// The order decides every choice the feature definitions leave open (BFS discovery order,
/// the first shortest solution), so it is data, not an accident of iteration.
#[derive(Debug, PartialEq, Eq)]
pub struct Directions {
    /// Names in direction order (`N`, `NE`, ...).
    pub names: &'static [&'static str],
    /// `opposite[d]` is the direction that undoes `d` (N/S, E/W, NE/SW, NW/SE).
    pub opposite: &'static [Dir],
}

impl Directions {
    /// Number of directions.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// Whether there are no directions (never true for a real variant).
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// The name of `dir`.
    pub fn name(&self, dir: Dir) -> &'static str {
        self.names[usize::from(dir)]
    }

    /// The direction opposite to `dir`.
    pub fn opposite(&self, dir: Dir) -> Dir {
        self.opposite[usize::from(dir)]
    }

    /// The direction called `name` (exact, case-sensitive), if any.
    pub fn parse(&self, name: &str) -> Option<Dir> {
        let i = self.names.iter().position(|n| *n == name)?;
        Dir::try_from(i).ok()
    }
}

/// The set of directions one edge of a state graph carries: every direction whose move
/// leads from its source state to its target state.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, Serialize)]
pub struct DirSet(u16);

impl DirSet {
    /// The empty set.
    pub const EMPTY: DirSet = DirSet(0);

    /// The set holding only `dir`.
    pub fn single(dir: Dir) -> DirSet {
        DirSet(1 << dir)
    }

    /// Adds `dir`.
    pub fn insert(&mut self, dir: Dir) {
        self.0 |= 1 << dir;
    }

    /// Whether `dir` is in the set.
    pub fn contains(self, dir: Dir) -> bool {
        self.0 & (1 << dir) != 0
    }

    /// The first direction of the set in direction order.
    pub fn first(self) -> Option<Dir> {
        (self.0 != 0).then(|| self.0.trailing_zeros() as Dir)
    }

    /// The raw bits (bit d = direction d).
    pub fn bits(self) -> u16 {
        self.0
    }

    /// The set with these raw bits.
    pub fn from_bits(bits: u16) -> DirSet {
        DirSet(bits)
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Number of directions in the set.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The directions in direction order.
    pub fn iter(self) -> impl Iterator<Item = Dir> {
        // Set bits only, lowest first: move generation walks these per cell.
        let mut bits = self.0;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let d = bits.trailing_zeros() as Dir;
                bits &= bits - 1;
                d
            })
        })
    }

    /// The names of the directions, in direction order, joined by `sep`.
    pub fn names(self, directions: &Directions, sep: &str) -> String {
        let names: Vec<&str> = self.iter().map(|d| directions.name(d)).collect();
        names.join(sep)
    }
}
