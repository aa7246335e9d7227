//! Source positions for values that serde cannot locate: find any deserialized value again by
//! re-parsing the file and stopping right after it, so ron itself reports where it is.
//!
//! serde gives a `Deserialize` impl no position, and ron attaches one only to errors. So every
//! value worth pointing at is read as a [`Located`], which numbers itself in reading order;
//! to locate value `n`, the file is parsed again with a probe that makes the `n`-th
//! `Located` fail, and ron's span of that failure is the value's span. Only error paths pay.

use std::cell::Cell;

use serde::{Deserialize, Deserializer, de::Error as _};

/// A deserialized value and its reading-order number, by which [`probe`] finds it again.
#[derive(Clone, Debug)]
pub(crate) struct Located<T> {
    pub value: T,
    pub ordinal: usize,
}

/// The text of the deliberate error the probe raises.
const PROBE_MARK: &str = "\u{0}located-probe";

thread_local! {
    /// (next ordinal to hand out, ordinal to stop at or usize::MAX).
    static PROBE: Cell<(usize, usize)> = const { Cell::new((0, usize::MAX)) };
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Located<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = T::deserialize(deserializer)?;
        let (ordinal, target) = PROBE.with(|p| {
            let (next, target) = p.get();
            p.set((next + 1, target));
            (next, target)
        });
        if ordinal == target {
            return Err(D::Error::custom(PROBE_MARK));
        }
        Ok(Located { value, ordinal })
    }
}

/// Resets the ordinal counter before a fresh parse.
pub(crate) fn reset() {
    PROBE.with(|p| p.set((0, usize::MAX)));
}

/// Runs `parse` with the probe set to stop at `ordinal` and returns ron's span of it.
pub(crate) fn probe<T>(
    ordinal: usize,
    parse: impl FnOnce() -> Result<T, ron::error::SpannedError>,
) -> Option<ron::error::Span> {
    PROBE.with(|p| p.set((0, ordinal)));
    let result = parse();
    reset();
    match result {
        Err(e) if matches!(&e.code, ron::Error::Message(m) if m == PROBE_MARK) => Some(e.span),
        _ => None,
    }
}
