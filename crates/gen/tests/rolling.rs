//! Rolling-block generation through the public interface: a file's settings, validated when
//! it is read, generate mazes that read back valid with the fixed mechanics kept.

use maze_file::{parse, parse_file};
use maze_gen::{Generate, Settings};
use maze_variants::rolling::{Switch, SwitchKind};
use maze_variants::{Maze, Tile, write};

fn file(src: &str) -> maze_file::MazeFile {
    parse_file("test.ron", src).unwrap_or_else(|e| panic!("{}", e.one_line()))
}

/// The file's settings, or the defaults validated against its maze.
fn settings(f: &maze_file::MazeFile) -> Settings {
    f.generate.clone().unwrap_or_else(|| {
        Settings::new(&f.maze, Generate::default()).unwrap_or_else(|e| panic!("{e}"))
    })
}

/// A whole generation with bridges, switches and a second block keeps to its iteration
/// budget and its maze reads back valid, with the fixed mechanics as the file has them.
#[test]
fn generation_with_switches_and_other_blocks_round_trips() {
    let f = file(
        r#"Maze(
rules: RollingBlock(
    switches: [Switch(at: (1, 1), acts: [Toggle(3, 3)]), Switch(at: (0, 5), split: ((4, 0), (4, 5)))],
),
board: ["S....y", ".o....", "......", "...-..", "....G."],
generate: (change: (switches: true, max_bridges: 3), objective: GoalDepth,
    search: UphillSteps(iterations: 300, p: 0.01)),
)"#,
    );
    let o =
        maze_gen::generate(&settings(&f), None, 5, &mut |_| {}).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(o.iterations, 300);
    let text = write(&o.maze, &[]);
    let back = parse("generated.ron", &text).unwrap_or_else(|e| panic!("{}", e.one_line()));
    assert_eq!(back, o.maze);
    let Maze::RollingBlock(m) = back else {
        panic!("a rolling-block maze");
    };
    // The split switch and its targets stay; the soft switch was the generator's to move.
    assert_eq!(m.board.get((0, 5)), Tile::Switch(SwitchKind::Split));
    assert_eq!(m.rules.switches[0].split, Some(((4, 0), (4, 5))));
    assert!(m.rules.switches[1..].iter().all(|s| s.split.is_none()));

    let f = file(
        r#"Maze(
rules: RollingBlock(
    switches: [Switch(at: (1, 1), acts: [Toggle(3, 3)])],
    others: [(block: (1, 1, 1), start: [(0, 5)], goal: [(4, 0)])],
),
board: ["S.....", ".x....", "......", "...-..", "....G."],
generate: (search: HillDescent(iterations: 200)),
)"#,
    );
    let o =
        maze_gen::generate(&settings(&f), None, 9, &mut |_| {}).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(o.iterations, 200);
    let Maze::RollingBlock(m) = o.maze else {
        panic!("a rolling-block maze");
    };
    // Without `switches`, the file's switch and bridge stay where they are.
    assert_eq!(m.board.get((1, 1)), Tile::Switch(SwitchKind::Heavy));
    assert_eq!(m.board.get((3, 3)), Tile::Bridge { on: false });
    assert_eq!(m.rules.switches, f_switches(&f.maze));
    assert_eq!([m.board.get((0, 5)), m.board.get((4, 0))], [Tile::Floor; 2]);
    assert!(m.validate().is_ok());
}

fn f_switches(maze: &Maze) -> Vec<Switch> {
    match maze {
        Maze::RollingBlock(m) => m.rules.switches.clone(),
        Maze::Jumping(_) => Vec::new(),
    }
}

/// Declared genes and the `change` shorthand are one thing: `genes: [Floor, Fragile,
/// Bridges(3), Switches(2)]` generates, seed for seed, what `change: (fragile: true,
/// switches: true, max_bridges: 3, max_switches: 2)` does; `genes: [Floor]` what no `change`
/// does.
#[test]
fn declared_genes_generate_what_change_says() {
    let with = |generate: &str| {
        file(&format!(
            r#"Maze(
rules: RollingBlock(),
board: ["S.....", "......", "......", "......", "....G."],
generate: ({generate}, objective: GoalDepth, search: UphillSteps(iterations: 200, p: 0.01)),
)"#
        ))
    };
    for (genes, change) in [
        (
            "genes: [Floor, Fragile, Bridges(3), Switches(2)]",
            "change: (fragile: true, switches: true, max_bridges: 3, max_switches: 2)",
        ),
        ("genes: [Floor]", "change: ()"),
    ] {
        let run = |f: &maze_file::MazeFile| {
            maze_gen::generate(&settings(f), None, 7, &mut |_| {})
                .unwrap_or_else(|e| panic!("{e}"))
                .maze
        };
        assert_eq!(run(&with(genes)), run(&with(change)), "{genes}");
    }
}

/// The general form survives generation: with `switches: true` the generator places lone
/// bridges and switches of its own, but the cells the file's `bridges` and `effects` name (a
/// gate's tiles, a counted switch) stay as the file has them, and every maze it makes reads
/// back valid.
#[test]
fn generation_keeps_the_cells_the_general_form_names() {
    let f = file(
        r#"Maze(
rules: RollingBlock(
    registers: [
        Register(name: "gate", kind: Choice(["off", "on"])),
        Register(name: "presses", kind: Counter(min: 0, max: 2)),
    ],
    bridges: [Bridge(cells: [(2, 3), (2, 4)], register: "gate")],
    effects: [
        Effect(on: Land, when: [At(0, 2), Lt("presses", 2)], do: [Add("presses", Int(1))]),
        Effect(on: Land, when: [At(0, 2), Eq("presses", 2)], do: [Next("gate")]),
    ],
),
board: ["S.o...", "......", "...--.", "......", "....G."],
generate: (change: (switches: true, max_bridges: 3), objective: GoalDepth,
    search: UphillSteps(iterations: 300, p: 0.01)),
)"#,
    );
    for seed in 0..4 {
        let o = maze_gen::generate(&settings(&f), None, seed, &mut |_| {})
            .unwrap_or_else(|e| panic!("{e}"));
        let text = write(&o.maze, &[]);
        let back = parse("generated.ron", &text).unwrap_or_else(|e| panic!("{}", e.one_line()));
        let Maze::RollingBlock(m) = back else {
            panic!("a rolling-block maze");
        };
        assert_eq!(m.board.get((0, 2)), Tile::Switch(SwitchKind::Soft));
        assert_eq!(m.board.get((2, 3)), Tile::Bridge { on: false });
        assert_eq!(m.board.get((2, 4)), Tile::Bridge { on: false });
        assert_eq!(m.rules.effects.len(), 2);
    }
}
