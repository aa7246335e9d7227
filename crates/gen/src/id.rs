//! A generated puzzle's ID, short enough to type: `rook-7-12-5k-3f9a` is maze 12 of seed 7
//! of the variant file `rook.ron`, searched for in 5,000 iterations, from a file whose text
//! hashes to `3f9a…`. With the variant file it is enough to generate the puzzle again, byte
//! for byte.
//!
//! The form is `VARIANT-SEED-INDEX[rRETRY]-ITERATIONS-HASH`: the retry only when the first
//! search repeated an earlier puzzle; the iterations in thousands (`k`) or millions (`m`)
//! when they are round; the first four hexadecimal digits of the variant file's hash, so
//! that an ID is refused against an edited file instead of silently making another puzzle.

use std::fmt;
use std::str::FromStr;

use crate::settings::Provenance;

/// Hexadecimal digits of the variant hash an ID keeps.
const HASH_DIGITS: usize = 4;

/// A generated puzzle's ID.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleId {
    /// The variant file's stem.
    pub variant: String,
    /// The base seed.
    pub seed: u64,
    /// The maze's index.
    pub index: u64,
    /// Its provenance's retry.
    pub retry: u32,
    /// Iterations per search.
    pub iterations: u64,
    /// The first digits of the variant file's hash.
    pub hash: String,
}

impl PuzzleId {
    /// The ID of a maze of this provenance. `None` when the provenance cannot make the
    /// maze again: a search the time limit cut short, or a file written before variant
    /// hashes.
    pub fn of(provenance: &Provenance) -> Option<PuzzleId> {
        if provenance.timed_out {
            return None;
        }
        let hash = provenance.variant_hash.as_ref()?;
        Some(PuzzleId {
            variant: provenance.variant.clone(),
            seed: provenance.seed,
            index: provenance.index,
            retry: provenance.retry,
            iterations: provenance.iterations,
            hash: hash.chars().take(HASH_DIGITS).collect(),
        })
    }

    /// Whether the ID was made from a variant file of this hash
    /// ([`crate::variant_hash`] of its text).
    pub fn matches(&self, variant_hash: &str) -> bool {
        variant_hash.starts_with(&self.hash)
    }
}

impl fmt::Display for PuzzleId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}-{}", self.variant, self.seed, self.index)?;
        if self.retry > 0 {
            write!(f, "r{}", self.retry)?;
        }
        match self.iterations {
            n if n >= 1_000_000 && n % 1_000_000 == 0 => write!(f, "-{}m", n / 1_000_000)?,
            n if n >= 1000 && n % 1000 == 0 => write!(f, "-{}k", n / 1000)?,
            n => write!(f, "-{n}")?,
        }
        write!(f, "-{}", self.hash)
    }
}

impl FromStr for PuzzleId {
    type Err = String;

    fn from_str(s: &str) -> Result<PuzzleId, String> {
        let bad = |why: &str| {
            format!(
                "`{s}` is not a puzzle ID ({why}): an ID reads VARIANT-SEED-INDEX-ITERATIONS-HASH, \
                 such as rook-7-12-5k-3f9a, as `maze generate` and the printed book show it"
            )
        };
        let mut parts = s.trim().rsplitn(5, '-');
        let (Some(hash), Some(iterations), Some(item), Some(seed), Some(variant)) = (
            parts.next(),
            parts.next(),
            parts.next(),
            parts.next(),
            parts.next(),
        ) else {
            return Err(bad("too few parts"));
        };
        if variant.is_empty() {
            return Err(bad("no variant"));
        }
        if hash.len() != HASH_DIGITS || !hash.chars().all(|c| c.is_ascii_hexdigit()) {
            return Err(bad("the last part is four hexadecimal digits"));
        }
        let seed = seed.parse().map_err(|_| bad("the seed is a number"))?;
        let number = |text: &str, what: &str| -> Result<u64, String> {
            text.parse()
                .map_err(|_| bad(&format!("the {what} is a number")))
        };
        let iterations = match iterations.to_ascii_lowercase() {
            n if n.ends_with('m') => number(&n[..n.len() - 1], "iteration count")?
                .checked_mul(1_000_000)
                .ok_or_else(|| bad("too many iterations"))?,
            n if n.ends_with('k') => number(&n[..n.len() - 1], "iteration count")?
                .checked_mul(1000)
                .ok_or_else(|| bad("too many iterations"))?,
            n => number(&n, "iteration count")?,
        };
        // INDEX[rRETRY]
        let (index, retry) = match item.split_once('r') {
            Some((index, r)) => (index, number(r, "retry")?),
            None => (item, 0),
        };
        let retry = u32::try_from(retry).map_err(|_| bad("the retry is too large"))?;
        Ok(PuzzleId {
            variant: variant.to_string(),
            seed,
            index: number(index, "index")?,
            retry,
            iterations,
            hash: hash.to_ascii_lowercase(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn provenance() -> Provenance {
        Provenance {
            variant: "rolling-block_x".to_string(),
            variant_hash: Some("3f9a0123456789ab".to_string()),
            seed: 7,
            index: 12,
            iterations: 5000,
            engine: "maze-gen 0".to_string(),
            retry: 0,
            timed_out: false,
        }
    }

    #[test]
    fn ids_read_back_as_written() {
        let mut p = provenance();
        let id = PuzzleId::of(&p).unwrap();
        assert_eq!(id.to_string(), "rolling-block_x-7-12-5k-3f9a");
        assert_eq!(id.to_string().parse::<PuzzleId>(), Ok(id.clone()));
        assert!(id.matches("3f9a0123456789ab") && !id.matches("3f9b0123456789ab"));
        p.retry = 2;
        for (iterations, shown) in [
            (300, "300"),
            (25_000, "25k"),
            (2_000_000, "2m"),
            (1500, "1500"),
        ] {
            p.iterations = iterations;
            let id = PuzzleId::of(&p).unwrap();
            assert_eq!(
                id.to_string(),
                format!("rolling-block_x-7-12r2-{shown}-3f9a")
            );
            assert_eq!(id.to_string().parse::<PuzzleId>(), Ok(id));
        }
    }

    #[test]
    fn irreproducible_mazes_have_no_id_and_bad_ids_are_refused() {
        let mut p = provenance();
        p.timed_out = true;
        assert_eq!(PuzzleId::of(&p), None);
        p.timed_out = false;
        p.variant_hash = None;
        assert_eq!(PuzzleId::of(&p), None);
        for bad in [
            "rook",
            "rook-7-12-3f9a",
            "rook-x-12-5k-3f9a",
            "rook-7-12-5k-3f9",
            "-7-1-5k-3f9a",
            "rook-7-1rx-5k-3f9a",
            "rook-7-1-5q-3f9a",
        ] {
            assert!(bad.parse::<PuzzleId>().is_err(), "{bad}");
        }
    }
}
