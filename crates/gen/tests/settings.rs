//! Settings are validated once, by `Settings::new`, into a value the generator takes without
//! failing on settings; what is wrong is a typed error naming the setting it concerns.
#![allow(clippy::unwrap_used)]

use maze_gen::settings::{Search, Setting};
use maze_gen::{At, Error, Generate, Settings, SettingsError};
use maze_variants::Maze;
use maze_variants::board::MAX_JUMP;

const ROOK: &str = r#"Maze(
    rules: Jumping(tiling: Square, moves: Rook),
    board: ["2 1 1 1", "1 1 1 1", "1 1 1 1", "1 1 1 G"],
    start: (0, 0),
    generate: (objective: GoalDepth, search: HillDescent(iterations: 50)),
)"#;

fn rook() -> maze_file::MazeFile {
    maze_file::parse_file("rook.ron", ROOK).unwrap()
}

fn check(maze: &Maze, generate: Generate) -> Result<Settings, SettingsError> {
    Settings::new(maze, generate)
}

#[test]
fn a_file_validates_to_what_settings_new_makes_of_its_section() {
    let file = rook();
    let read = file.generate.clone().unwrap();
    let again = check(&file.maze, read.clone().into_generate()).unwrap();
    assert_eq!(again, read);
    assert_eq!(read.search, Search::HillDescent { iterations: 50 });
}

#[test]
fn an_override_is_validated_again_and_names_its_setting() {
    let file = rook();
    let generate = file.generate.unwrap().into_generate();
    let e = check(
        &file.maze,
        Generate {
            attempts: 0,
            ..generate.clone()
        },
    )
    .unwrap_err();
    assert_eq!(e.at(), At::Setting(Setting::Attempts));
    assert_eq!(e.to_string(), "attempts is 0: it must be from 1 to 1000");
    let e = check(
        &file.maze,
        Generate {
            size: Some((2000, 3)),
            ..generate.clone()
        },
    )
    .unwrap_err();
    assert!(
        matches!(
            &e,
            SettingsError::Invalid {
                at: At::Setting(Setting::Size),
                ..
            }
        ),
        "{e:?}"
    );
    // A larger board than the file's is fine.
    check(
        &file.maze,
        Generate {
            size: Some((6, 6)),
            ..generate
        },
    )
    .unwrap();
}

#[test]
fn too_many_states_is_its_own_error() {
    let file = rook();
    let generate = Generate {
        state_limit: Some(10),
        ..file.generate.unwrap().into_generate()
    };
    match check(&file.maze, generate).unwrap_err() {
        SettingsError::StateLimit { at, states, limit } => {
            assert_eq!(at, Setting::StateLimit);
            // Sixteen cells, one state each, and the exit the bound always counts.
            assert_eq!(states, 17);
            assert_eq!(limit.get(), 10);
        }
        e => panic!("not a state-limit error: {e:?}"),
    }
}

#[test]
fn the_generator_fails_only_on_its_budget() {
    let settings = rook().generate.unwrap();
    let e = maze_gen::generate(&settings, Some(0), 1, &mut |_| {}).unwrap_err();
    assert_eq!(e, Error::NoIterations);
    assert_eq!(e.to_string(), "iterations must be at least 1");
    let o = maze_gen::generate(&settings, Some(20), 1, &mut |_| {}).unwrap();
    assert_eq!(o.iterations, 20);
}

#[test]
fn defaults_that_do_not_fit_a_maze_are_refused_before_any_search() {
    // Arrow cells hold no number: the defaults do not say what the generator may change.
    let src = r#"Maze(
        rules: Jumping(tiling: Square, cells: [Arrows], jumps: [(dirs: Arrows, length: Any)]),
        board: ["E S", "N G"],
        start: (0, 0),
    )"#;
    let file = maze_file::parse_file("arrows.ron", src).unwrap();
    assert!(file.generate.is_none());
    let e = file.settings().unwrap_err();
    assert_eq!(e.at(), At::Setting(Setting::Genes));
    assert!(
        e.to_string().contains("say what the generator may change"),
        "{e}"
    );
}

/// The legal jump numbers a template probes once are those the compiled board gives a cell,
/// for every bundled variant, below the probed bound; above it the template says so.
#[test]
fn a_templates_legal_jumps_are_the_compiled_boards() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../variants");
    let mut checked = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        let file = maze_file::parse_file(&path.display().to_string(), &text).unwrap();
        let (Maze::Jumping(maze), Some(settings)) = (&file.maze, file.generate) else {
            continue;
        };
        let template = settings.into_generate().template(maze).unwrap();
        let graph = maze_variants::jumping::JumpGraph::new(&template.maze);
        let top = template.legal.up_to;
        if top == 0 {
            continue;
        }
        for cell in (0..template.editable.len()).filter(|&c| template.editable[c]) {
            for max in [1, template.max_jump.min(top), top] {
                let probed: Vec<u8> = template.legal.of(cell, max).unwrap().collect();
                assert_eq!(probed, graph.legal_jumps(cell, max), "{path:?} cell {cell}");
            }
            assert!(top == MAX_JUMP || template.legal.of(cell, top + 1).is_none());
            checked += 1;
        }
    }
    assert!(checked > 500, "{checked} cells checked");
}
