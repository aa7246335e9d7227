//! Logic-maze engines: a facade over the workspace's crates, and the owner of the
//! workspace-wide integration tests in `tests/`.
//!
//! - [`graph`]: the `Rules` trait and state graphs (petgraph and flat).
//! - [`variants`]: jumping mazes on every tiling, rolling blocks, the RON maze file.
//! - [`features`]: feature extraction and objectives.
//! - [`generate`]: generators: configurations, scores, search strategies, learned restarts.
//! - [`render`]: SVG pictures of mazes, DOT and JSON exports of state graphs.

pub use maze_features as features;
pub use maze_gen as generate;
pub use maze_graph as graph;
pub use maze_render as render;
pub use maze_variants as variants;
