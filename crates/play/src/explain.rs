//! Why a move the player asked for is not legal.
//!
//! The engine (the state graph) decides legality; this module is asked only after the engine
//! said no, and the reason is the variant's reference walker's
//! ([`CompiledMaze::refusal`]: [`maze_variants::walker::explain`] for jumping mazes, the one
//! reading of the rule model that names the rule that failed, and
//! [`maze_variants::roll_walker::explain`] for rolling blocks), so no rule is restated here.
//! Should the engine and the reason ever disagree, the player still gets a plain "no legal
//! move", never a wrong reason (and the tests check that they agree on every state and
//! direction of the fixtures, the 33 Bloxorz stages and the bundled rolling-block variants).

use maze_graph::{Dir, Rules, StateId};
use maze_variants::{CompiledMaze, Coord, Maze};

/// Why `dir` is no legal move from `state`.
pub(crate) fn illegal_move(
    maze: &Maze,
    compiled: &CompiledMaze,
    state: StateId,
    dir: Dir,
) -> String {
    compiled.refusal(maze, state, dir).unwrap_or_else(|| {
        let name = compiled.directions().name(dir);
        match compiled.state_cell(state) {
            Some(cell) => format!("no legal move {name} from {}", coord(cell)),
            None => format!("no legal move {name} from here"),
        }
    })
}

fn coord((r, c): Coord) -> String {
    format!("({r},{c})")
}

#[cfg(test)]
mod tests {
    use super::*;
    use maze_variants::JumpGraph;

    /// A jumping maze, whole and compiled.
    fn parse(src: &str) -> (Maze, CompiledMaze) {
        match maze_file::parse("test.ron", src) {
            Ok(maze @ Maze::Jumping(_)) => {
                let compiled = maze.compile();
                (maze, compiled)
            }
            other => panic!(
                "not a jumping maze: {:?}",
                other.err().map(|e| e.one_line())
            ),
        }
    }

    /// The engine of a compiled jumping maze.
    fn engine(compiled: &CompiledMaze) -> &JumpGraph {
        match compiled {
            CompiledMaze::Jumping(g) => g,
            CompiledMaze::RollingBlock(_) => panic!("not a jumping maze"),
        }
    }

    /// The engine and the explanation agree on every jump of every cell: no reason exactly
    /// when the engine has the move. The fixture must have a move to explain.
    fn check_agreement(src: &str) {
        assert!(
            agreement(src, "fixture") > 0,
            "the fixture has no illegal jump to explain"
        );
    }

    /// [`check_agreement`] for any maze (a torus may have no illegal jump); how many reasons
    /// were given.
    fn agreement(src: &str, label: &str) -> usize {
        let (maze, compiled) = parse(src);
        let graph = engine(&compiled);
        let mut explained = 0;
        for state in 0..graph.n_states() as StateId {
            if graph.is_goal(state) {
                continue;
            }
            let Some(at) = graph.state_cell(state) else {
                continue;
            };
            for d in 0..graph.directions().len() as Dir {
                let legal = graph.moves(state).iter().any(|m| m.dir == d);
                let why = compiled.refusal(&maze, state, d);
                assert_eq!(legal, why.is_none(), "{label} {at:?} dir {d}: {why:?}");
                explained += usize::from(why.is_some());
            }
        }
        explained
    }

    #[test]
    fn explanations_agree_with_the_engine() {
        for src in [
            include_str!("../../../tests/fixtures/worked/hex_5x5_hole_wall.ron"),
            include_str!("../../../tests/fixtures/worked/hex_3x4_no_u_turn.ron"),
            include_str!("../../../tests/fixtures/worked/triangle_4x6_bounded.ron"),
            include_str!("../../../tests/fixtures/worked/triangle_4x4_torus.ron"),
            include_str!("../../../variants/queen.ron"),
            include_str!("../../../variants/rook.ron"),
            // Queen moves with walls around corners, holes, blocked and void cells.
            r#"Maze(rules: Jumping(tiling: Square, moves: Queen), board: [
                "2 1 o 3 .", "1 # 2 1 2", "3 1 2 o 1", ". 2 1 1 G"], start: (0, 0),
                walls: [((1, 2), (1, 3)), ((0, 3), (1, 3)), ((2, 0), (2, 1))])"#,
            // A square torus with an exit-less wrap and walls.
            r#"Maze(rules: Jumping(tiling: Square, moves: Queen, torus: true), board: [
                "3 1 2 5", "1 4 2 1", "2 o 3 G"], start: (0, 0),
                walls: [((0, 0), (0, 1)), ((2, 3), (0, 3))])"#,
            // Loyd's exit goal with void cells shaping the board and a wall on an exit.
            r#"Maze(rules: Jumping(tiling: Square, moves: Queen, goal: Exit), board: [
                ". 2 1 .", "3 1 2 2", "1 # 2 4", ". 1 3 ."], start: (1, 1),
                walls: [((2, 3), (1, 3))])"#,
            r#"Maze(rules: Jumping(tiling: Hex, goal: Exit, torus: false), board: [
                "2 1 3", "1 o 2", "3 2 1"], start: (1, 0))"#,
        ] {
            check_agreement(src);
        }
    }

    /// Every rule-family fixture and bundled variant, read when the test runs so new files
    /// are checked too: the walker gives a reason exactly when the engine has no move.
    #[test]
    fn family_explanations_agree_with_the_engine() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let (mut checked, mut explained) = (0, 0);
        for dir in ["tests/fixtures/families", "variants"] {
            let Ok(entries) = std::fs::read_dir(root.join(dir)) else {
                continue;
            };
            let mut paths: Vec<_> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
            paths.sort();
            for path in paths
                .iter()
                .filter(|p| p.extension().is_some_and(|e| e == "ron"))
            {
                let src = std::fs::read_to_string(path).unwrap_or_default();
                if matches!(maze_file::parse("f.ron", &src), Ok(Maze::Jumping(_))) {
                    explained += agreement(&src, &path.display().to_string());
                    checked += 1;
                }
            }
        }
        assert!(checked >= 13, "only {checked} jumping files found");
        assert!(explained > 0);
    }

    /// Rolling blocks: a reason exactly when the engine has no roll, on boards with every
    /// tile kind, blocks of two shapes, bridges and switches, split cubes and several blocks
    /// (every state, every direction; goal states excepted, since the player stops there).
    /// How many reasons were given.
    fn rolling_agreement(src: &str, label: &str) -> usize {
        let maze = maze_file::parse("test.ron", src).unwrap_or_else(|e| panic!("{}", e.one_line()));
        let compiled = maze.compile();
        let (Maze::RollingBlock(_), CompiledMaze::RollingBlock(g)) = (&maze, &compiled) else {
            panic!("{label}: not a rolling-block maze");
        };
        let mut explained = 0;
        for state in 0..g.n_states() as StateId {
            if g.is_goal(state) {
                continue;
            }
            for d in 0..g.directions().len() as Dir {
                let why = compiled.refusal(&maze, state, d);
                assert_eq!(
                    g.roll(state, d).is_none(),
                    why.is_some(),
                    "{label}: {} {}: {why:?}",
                    g.state_name(state),
                    g.directions().name(d)
                );
                explained += usize::from(why.is_some());
            }
        }
        explained
    }

    #[test]
    fn rolling_explanations_agree_with_the_engine() {
        for src in [
            include_str!("../../../variants/rolling_block.ron"),
            include_str!("../../../variants/rolling_block_1x2x3.ron"),
            include_str!("../../../variants/rolling_block_fragile.ron"),
            include_str!("../../../tests/fixtures/families/bloxorz_stage02.ron"),
            include_str!("../../../tests/fixtures/families/bloxorz_stage08.ron"),
            // Two blocks of two shapes, the second on a bridge a switch turns off, fragile floor.
            r#"Maze(rules: RollingBlock(block: (1, 1, 2),
                switches: [Switch(at: (2, 0), acts: [Toggle(0, 4)]), Switch(at: (2, 4), acts: [Off(1, 4)])],
                others: [(block: (1, 1, 1), start: [(1, 4)], goal: [(0, 3)])]),
                board: ["S.w.-", "..#.=", "o...x", "..w.G"])"#,
            // Three blocks on a small board.
            r#"Maze(rules: RollingBlock(block: (1, 1, 2),
                others: [(block: (1, 1, 2), start: [(0, 2)], goal: [(1, 0)]), (block: (1, 1, 1), start: [(2, 0)])]),
                board: ["S..", "..#", "..G"])"#,
        ] {
            assert!(rolling_agreement(src, "fixture") > 0);
        }
    }

    /// Every Bloxorz stage (reference test data) and every rolling-block family fixture and
    /// bundled variant, read when the test runs so new files are checked too.
    #[test]
    fn bloxorz_explanations_agree_with_the_engine() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let mut stages = 0;
        for dir in [
            "tests/fixtures/bloxorz",
            "tests/fixtures/families",
            "variants",
        ] {
            let mut paths: Vec<_> = std::fs::read_dir(root.join(dir))
                .map(|entries| entries.filter_map(|e| e.ok().map(|e| e.path())).collect())
                .unwrap_or_default();
            paths.retain(|p| p.extension().is_some_and(|e| e == "ron"));
            paths.sort();
            for path in paths {
                let src = std::fs::read_to_string(&path).unwrap_or_default();
                if matches!(maze_file::parse("f.ron", &src), Ok(Maze::RollingBlock(_))) {
                    rolling_agreement(&src, &path.display().to_string());
                    stages += usize::from(dir == "tests/fixtures/bloxorz");
                }
            }
        }
        assert_eq!(stages, 33);
    }

    #[test]
    fn reasons_name_the_rule() {
        let (maze, compiled) = parse(
            r#"Maze(rules: Jumping(tiling: Square, moves: Rook), board: [
                "3 2 o 1", "1 # 2 G", "2 1 1 1"], start: (0, 0), walls: [((2, 1), (2, 2))])"#,
        );
        let graph = engine(&compiled);
        let n = |s| graph.directions().parse(s).unwrap_or(99);
        let state = |at: Coord| graph.cell_state(at.0 * 4 + at.1).unwrap_or(0);
        let why = |at, d| compiled.refusal(&maze, state(at), n(d));
        assert_eq!(
            why((0, 0), "W").as_deref(),
            Some("W: a jump of 3 from (0,0) leaves the board at step 1")
        );
        assert_eq!(
            why((0, 1), "S").as_deref(),
            Some("S: a jump of 2 from (0,1) passes over the blocked cell # at (1,1)")
        );
        assert_eq!(
            why((2, 0), "E").as_deref(),
            Some("E: a jump of 2 from (2,0) crosses the wall between (2,1) and (2,2)")
        );
        assert_eq!(why((0, 0), "E"), None);
    }
}
