//! State graphs of mazes: the [`Rules`] trait every variant implements, and the two
//! materialised forms of a maze's state graph.
//!
//! - [`Adjacency`]: a flat, reusable compressed-sparse-row graph, for hot loops
//!   (feature extraction, the generator's inner loop).
//! - [`StrideAdjacency`]: a fixed number of edge slots per state, so the generator can
//!   rewrite one state's edges after a mutation instead of rebuilding the graph; its
//!   [`ChangeLog`] tells a reader which states it rewrote.
//! - [`StateGraph`]: a petgraph [`DiGraph`](petgraph::graph::DiGraph), for analysis by
//!   petgraph's algorithms, export, snapshots, and as the test oracle for the flat form.
//!
//! This crate knows nothing of RON, clap, or any particular variant.
#![deny(missing_docs)]

mod adjacency;
mod changes;
mod directions;
mod graph;
mod rules;
mod state_graph;
mod stride;

pub use adjacency::{Adjacency, PARALLEL_STATES};
pub use changes::{ChangeLog, Mark};
pub use directions::{Dir, DirSet, Directions};
pub use graph::Graph;
pub use rules::{Move, Rules, StateId};
pub use state_graph::{Node, StateGraph, state_graph};
pub use stride::StrideAdjacency;
