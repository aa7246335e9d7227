//! The rule model of jumping mazes, as data: which directions a move may take, how far it
//! goes, what it may fly over and land on, what the mover remembers (registers) and what
//! cells do to it (effects). [`JumpRules`] is what a file writes; [`JumpRules::compile`]
//! validates it once into a [`RuleSet`], the only form the engine and the reference walker
//! read, and this module's evaluator is the one place conditions and effects get their meaning.
//!
//! The flags of RULES.md (`moves`, `torus`, `no_u_turn`, `goal`) are shorthands of the same
//! model: `no_u_turn` is a direction register with a landing condition, `moves` the default
//! direction set.
//!
//! - `syntax`: what a file writes ([`JumpRules`] and its parts), read by serde.
//! - `eval`: the compiled form ([`RuleSet`] and its conditions, values and operations) and
//!   its evaluator.
//! - `compiler`: [`JumpRules::compile`] and `compile_rolling`, which check the syntax and
//!   build the compiled form.

mod compiler;
mod eval;
mod syntax;

pub(crate) use compiler::compile_rolling;
pub use eval::*;
pub use syntax::*;
