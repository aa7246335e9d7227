//! Accepted means publishable: every bundled variant's gates ask for what `maze check` calls
//! publishable (a reachable goal, a unique shortest solution, no black holes), and the
//! puzzles its settings make, written and read back as `maze generate` writes them, pass
//! `maze check`'s test.

use maze::file::{MazeFile, parse_file, unpublishable, write_file};

use crate::render::files_in;

/// The bundled variant files, sorted.
fn variants() -> Vec<std::path::PathBuf> {
    files_in(&["variants"])
}

fn read(path: &std::path::Path) -> MazeFile {
    let text = std::fs::read_to_string(path).unwrap();
    parse_file(&path.display().to_string(), &text).unwrap()
}

/// `maze check`'s reasons for a generated maze, read back from the file `maze generate`
/// would write.
fn check(maze: maze::variants::Maze) -> Vec<String> {
    let written = write_file(
        &MazeFile {
            maze,
            generate: None,
            provenance: None,
        },
        &[],
    );
    let file = parse_file("generated.ron", &written).unwrap();
    let f = maze::features::features_of_rules(&file.maze.compile(), file.maze.blocks());
    unpublishable(&file, &f)
}

/// A unique shortest solution is a solution: with `unique_shortest` and `no_black_holes`
/// the gates ask for everything `maze check` does.
#[test]
fn every_bundled_variant_asks_for_publishable_puzzles() {
    for path in variants() {
        let gates = read(&path).settings().unwrap().gates;
        assert!(
            gates.unique_shortest && gates.no_black_holes,
            "{}: {gates:?}",
            path.display()
        );
    }
}

/// Seeds whose first searches pass the gates, for the variants whose searches are long and
/// often end below their gates (most of `rolling_blocks`'s do, and another attempt starts),
/// so that the test stays quick in a debug build (found with `maze generate --seed`, which
/// says in how many attempts); the other variants use seeds 0 and 1.
const QUICK_SEEDS: [(&str, &[u64]); 2] = [("rolling_blocks", &[5]), ("rolling_split", &[2])];

#[test]
fn puzzles_of_every_bundled_variant_pass_check() {
    for path in variants() {
        let stem = path.file_stem().unwrap().to_str().unwrap().to_string();
        let settings = read(&path).settings().unwrap();
        let seeds: &[u64] = QUICK_SEEDS
            .iter()
            .find(|(s, _)| *s == stem)
            .map_or(&[0, 1], |(_, seeds)| seeds);
        for &seed in seeds {
            let seed = maze::generate::item_seed(seed, &stem, 0);
            let o = maze::generate::generate(&settings, None, seed, &mut |_| {}).unwrap();
            assert!(
                o.failed_gates.is_empty(),
                "{stem}, seed {seed}: {}",
                maze::generate::reasons(&o.failed_gates)
            );
            assert_eq!(check(o.maze), Vec::<String>::new(), "{stem}, seed {seed}");
        }
    }
}
