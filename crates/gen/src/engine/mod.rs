//! The generator's word engine and the fast feature passes it is scored by, in one module
//! tree: only what objectives and hard gates need of a candidate ([`Core`](maze_features::Core): reachability,
//! the shortest path and its uniqueness, decisions along a unique one, forced moves,
//! same-jump clusters), with no allocation once warm.
//!
//! - `words`: [`WordEngine`], a jumping maze of at most [`MAX_WORD_STATES`] superset states
//!   kept as rows of bits, the interface a configuration uses: apply a change
//!   ([`WordEngine::set`], [`WordEngine::set_number`]) or undo it ([`WordEngine::undo`]),
//!   and evaluate ([`WordEngine::score_within`], [`WordEngine::core`]).
//! - `driver`: the order of the passes and where a [`Cutoff`] may stop them, written once
//!   (`core_passes`) over a trait each representation implements.
//! - `passes`: the passes on rows (`core_of_words`), and [`Evaluator`], which reads any
//!   state graph into rows, or past 256 states runs the same passes over lists (`lists`).
//! - `bits`: fixed-width sets of states (`Bits`), so the passes are written once for every
//!   width.
//!
//! The slow twin is `maze_features::features`: the property tests of the workspace's
//! `tests/generate.rs` hold both paths to it on random mazes.

mod bits;
mod cutoff;
mod driver;
mod lists;
mod passes;
mod words;

pub(crate) use bits::Bits;
pub(crate) use cutoff::{Cutoff, Never};
pub use passes::{Evaluator, MAX_WORD_STATES};
pub(crate) use passes::{WordScratch, Words, core_of_words};
pub use words::{Contents, MAX_OPTIONS, WordEngine};
