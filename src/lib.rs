//! Logic-maze engines: the library a program uses, over the workspace's crates, and the
//! owner of the workspace-wide integration tests in `tests/`.
//!
//! Every front end (the `maze` command, the studio) uses this crate and no other of the
//! workspace, so what it re-exports is the public API:
//!
//! | module | what for |
//! |---|---|
//! | [`mod@file`] | read a maze file with located diagnostics, its `generate:` settings validated once; write one |
//! | [`variants`] | the rules: jumping mazes on every tiling, rolling blocks, the rule model, a maze's text |
//! | [`graph`] | the `Rules` trait and a maze's state graph, flat and on petgraph |
//! | [`features`] | analysis: every feature of a state graph, the energies, the grade, reports |
//! | [`generate`] | generation: settings, search strategies, scores and gates, learned restarts |
//! | [`view`] | the variant-neutral view: scenes, text boards, the rules in words |
//! | [`render`] | SVG pictures, DOT and JSON exports of state graphs |
//! | [`play`] | play mode: the game model (moves, undo, refusals) and its terminal front end |
//! | [`batch`] | batch generation for publishers: answer keys, summaries, the index page |
//! | [`mod@print`] | print-ready books: puzzles several to a page, then their answers, as a PDF |
//!
//! Read, analyze, generate and render:
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
//!
//! A mistake in a file is a diagnostic with its line and column, never a panic:
//!
//! ```
//! let err = maze::file::parse_file("bad.ron", "Maze(rules: Jumping(tiling: Square), board: [\"1 X\"], start: (0, 0))")
//!     .unwrap_err();
//! assert!(err.one_line().starts_with("bad.ron:1:"));
//! ```
//!
//! The rules in words, a text board, and play, as `maze play` shows them:
//!
//! ```
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let src = r#"Maze(rules: Jumping(tiling: Square, moves: Rook), board: ["1 G"], start: (0, 0))"#;
//! let maze = maze::file::parse_file("one.ron", src)?.maze;
//! let words = maze::view::caption(&maze, &|_| String::new());
//! assert!(!words.is_empty());
//! let mut game = maze::play::Game::new("one", maze);
//! assert_eq!(game.optimum(), Some(1));
//! # Ok(())
//! # }
//! ```
//!
//! A batch for a publisher is [`batch::batch`] over variant files, as `maze batch` runs it.

#[doc(inline)]
pub use maze_batch as batch;
#[doc(inline)]
pub use maze_features as features;
#[doc(inline)]
pub use maze_file as file;
#[doc(inline)]
pub use maze_gen as generate;
#[doc(inline)]
pub use maze_graph as graph;
#[doc(inline)]
pub use maze_play as play;
#[doc(inline)]
pub use maze_print as print;
#[doc(inline)]
pub use maze_render as render;
#[doc(inline)]
pub use maze_variants as variants;
#[doc(inline)]
pub use maze_view as view;
