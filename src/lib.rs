//! Logic-maze engines: the library's API, a facade over the workspace's crates (read,
//! analyze, generate, render), and the owner of the workspace-wide integration tests in
//! `tests/`.
//!
//! - [`graph`]: the `Rules` trait and state graphs (petgraph and flat).
//! - [`variants`]: jumping mazes on every tiling, rolling blocks, a maze's text.
//! - [`features`]: feature extraction and objectives.
//! - [`generate`]: generators: settings, configurations, scores, search strategies, learned
//!   restarts.
//! - [`file`]: the RON maze file, read with located diagnostics and its settings validated.
//! - [`render`]: SVG pictures of mazes, DOT and JSON exports of state graphs.
//! - [`view`]: the variant-neutral view: scenes, text boards, the rules in words.
//! - [`play`]: the game model of play mode (moves, undo, refusals) and its terminal front end.
//! - [`batch`]: batch generation for publishers, its charts, and the atomic file write.
//!
//! ```
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let src = r#"Maze(
//!     rules: Jumping(tiling: Square, moves: Rook),
//!     board: ["2 1 1", "1 1 1", "1 1 G"],
//!     start: (0, 0),
//!     generate: (search: HillDescent(iterations: 200)),
//! )"#;
//! // Read: a located diagnostic (`miette`) for any mistake in the file.
//! let file = maze::file::parse_file("tiny.ron", src)?;
//! // Analyze: every feature of the state graph.
//! let graph = maze::graph::Adjacency::from_rules(&file.maze.compile());
//! let features = maze::features::features(&graph, file.maze.blocks());
//! assert_eq!(features.n_states, 9);
//! // Generate: the file's settings, validated once when it was read; a typed error.
//! let settings = file.generate.as_ref().ok_or("no settings")?;
//! let outcome = maze::generate::generate(settings, None, 7, &mut |_| {})?;
//! assert_eq!(outcome.iterations, 200);
//! // Render: an SVG picture with the first shortest solution drawn in.
//! let options = maze::render::Options { solution: true, depths: false };
//! let svg = maze::render::svg(&outcome.maze, options);
//! assert!(svg.starts_with("<svg"));
//! # Ok(())
//! # }
//! ```

pub use maze_batch as batch;
pub use maze_features as features;
pub use maze_file as file;
pub use maze_gen as generate;
pub use maze_graph as graph;
pub use maze_play as play;
pub use maze_render as render;
pub use maze_variants as variants;
pub use maze_view as view;
