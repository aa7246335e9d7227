//! Play mode driven by key sequences, through the game model and the event loop on ratatui's
//! `TestBackend`; screens are snapshotted into the workspace's top-level `snapshots/` folder.
#![allow(clippy::unwrap_used)]

use std::collections::VecDeque;
use std::io;
use std::path::PathBuf;

use maze_graph::{Adjacency, Rules};
use maze_play::{Flow, Game, Tone, draw, run};
use maze_variants::Maze;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

/// "Chain Reaction", RULES.md section 6: unique shortest solution of 13 moves.
const CHAIN_REACTION: &str = r#"Maze(
    rules: Jumping(tiling: Square, moves: Rook),
    board: [
        "4 4 2 2 2 5",
        "5 1 2 3 1 2",
        "3 3 3 2 3 4",
        "2 1 2 2 3 5",
        "3 3 3 3 4 1",
        "4 3 5 2 5 G",
    ],
    start: (0, 0),
)"#;

/// The worked example `hex_3x4_no_u_turn`: with the rule, E E SE W NE SE (6 moves).
const HEX_NO_U_TURN: &str = r##"Maze(
    rules: Jumping(tiling: Hex, no_u_turn: true),
    board: [
        "1 2 2 1",
        "2 1 3 2",
        "# o 3 G",
    ],
    start: (0, 0),
)"##;

/// The worked example `triangle_4x6_bounded`: solution SE SW SE E E (5 moves, 2 paths).
const TRIANGLE: &str = r#"Maze(
    rules: Jumping(tiling: Triangle),
    board: [
        "2 1 2 1 2 1",
        "1 2 2 1 2 2",
        "2 1 1 2 1 2",
        "1 2 1 2 2 G",
    ],
    start: (0, 0),
)"#;

/// Loyd's exit goal on a shaped board: jump off the board to win.
const EXIT: &str = r#"Maze(
    rules: Jumping(tiling: Square, moves: Queen, goal: Exit),
    board: [
        ". 2 1 .",
        "3 1 2 2",
        "1 # 2 4",
        ". 1 3 .",
    ],
    start: (1, 1),
    walls: [((2, 3), (1, 3))],
)"#;

fn parse(src: &str) -> Maze {
    maze_variants::parse("test.ron", src).unwrap_or_else(|e| panic!("{}", e.one_line()))
}

fn game(title: &str, src: &str) -> Game {
    Game::new(title, parse(src))
}

fn key(code: KeyCode) -> KeyEvent {
    KeyEvent::new(code, KeyModifiers::NONE)
}

fn chars(keys: &str) -> Vec<KeyEvent> {
    keys.chars().map(|c| key(KeyCode::Char(c))).collect()
}

fn press_all(game: &mut Game, keys: &[KeyEvent]) {
    for &k in keys {
        assert_eq!(game.press(k), Flow::Continue, "{k:?} quit the game");
    }
}

/// Runs the event loop on a test terminal with `keys` and then `q`; the screen is the last
/// one drawn before quitting.
fn play(game: &mut Game, keys: &[KeyEvent]) -> Terminal<TestBackend> {
    let mut terminal = Terminal::new(TestBackend::new(64, 22)).unwrap();
    let mut events: VecDeque<Event> = keys.iter().map(|&k| Event::Key(k)).collect();
    events.push_back(Event::Key(key(KeyCode::Char('q'))));
    run(&mut terminal, game, || {
        events
            .pop_front()
            .ok_or_else(|| io::Error::new(io::ErrorKind::UnexpectedEof, "no more keys"))
    })
    .unwrap();
    assert!(events.is_empty(), "the game quit before the last key");
    terminal
}

fn screen(game: &Game) -> String {
    let mut terminal = Terminal::new(TestBackend::new(64, 22)).unwrap();
    terminal.draw(|frame| draw(frame, game)).unwrap();
    terminal.backend().to_string()
}

fn snapshot(name: &str, screen: &str) {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../snapshots"));
    settings.set_prepend_module_to_snapshot(false);
    settings.set_omit_expression(true);
    settings.bind(|| insta::assert_snapshot!(name, screen));
}

/// Row-major cell indices of the player's path so far, start first.
fn path_cells(game: &Game) -> Vec<usize> {
    let (_, cols) = game.maze().size();
    let index = |s| {
        let (r, c) = game.compiled().state_cell(s).unwrap();
        r * cols + c
    };
    let start = game.compiled().start();
    std::iter::once(index(start))
        .chain(game.history().iter().map(|step| index(step.to)))
        .collect()
}

#[test]
fn chain_reaction_solved_optimally() {
    let mut g = game("chain_reaction.ron", CHAIN_REACTION);
    snapshot("play_chain_reaction_start", &screen(&g));
    // S N E S W E E W S N N E S, with arrows, letters and keypad digits mixed.
    let mut keys = vec![key(KeyCode::Down), key(KeyCode::Up), key(KeyCode::Right)];
    keys.extend(chars("sa6d4"));
    keys.extend([key(KeyCode::Down), key(KeyCode::Char('8'))]);
    keys.extend(chars("w"));
    keys.extend([key(KeyCode::Right), key(KeyCode::Char('2'))]);
    let terminal = play(&mut g, &keys);
    assert!(g.is_solved());
    assert!(g.is_optimal());
    assert_eq!(g.moves(), 13);
    assert_eq!(g.optimum(), Some(13));
    assert_eq!(
        path_cells(&g),
        [0, 24, 6, 11, 23, 18, 20, 22, 19, 25, 7, 1, 5, 35]
    );
    assert_eq!(g.message().tone, Tone::Solved);
    assert_eq!(
        g.message().text,
        "Solved in 13 moves: optimal (the shortest solution is 13)"
    );
    snapshot(
        "play_chain_reaction_solved",
        &terminal.backend().to_string(),
    );
    // No move leads out of the goal, and the game says so without ending.
    press_all(&mut g, &[key(KeyCode::Up)]);
    assert_eq!(g.moves(), 13);
    assert_eq!(g.message().tone, Tone::Refused);
    assert!(g.message().text.starts_with("The maze is solved"));
}

#[test]
fn a_detour_is_solved_but_not_optimal() {
    let mut g = game("chain_reaction.ron", CHAIN_REACTION);
    press_all(&mut g, &[key(KeyCode::Right)]);
    let left = g.distance_to_goal().unwrap();
    // Finish by following hints: each one is a move of a shortest path from where you stand.
    for _ in 0..left {
        press_all(&mut g, &chars("h"));
        let dir = g.hint().unwrap();
        let name = g.compiled().directions().name(dir);
        assert!(g.message().text.starts_with(&format!("Hint: {name} ")));
        let code = match name {
            "N" => KeyCode::Up,
            "E" => KeyCode::Right,
            "S" => KeyCode::Down,
            _ => KeyCode::Left,
        };
        press_all(&mut g, &[key(code)]);
    }
    assert!(g.is_solved());
    assert!(!g.is_optimal());
    assert_eq!(g.moves(), 1 + left as usize);
    assert_eq!(g.hints(), left);
    let extra = g.moves() - 13;
    assert_eq!(
        g.message().text,
        format!(
            "Solved in {} moves: the shortest solution is 13, {extra} fewer",
            g.moves()
        )
    );
    assert_eq!(g.summary(), format!("{}, {left} hints.", g.message().text));
}

#[test]
fn undo_and_restart() {
    let mut g = game("chain_reaction.ron", CHAIN_REACTION);
    press_all(&mut g, &chars("u"));
    assert_eq!(g.message().text, "Nothing to undo: no moves made yet");
    assert_eq!(g.message().tone, Tone::Refused);
    let terminal = play(&mut g, &chars("sdu"));
    assert_eq!(g.moves(), 1);
    assert_eq!(g.state_name(), "(4,0)");
    assert_eq!(g.message().text, "Took back E: at (4,0) again");
    snapshot("play_undo", &terminal.backend().to_string());
    press_all(&mut g, &chars("wr"));
    assert_eq!(g.moves(), 0);
    assert_eq!(g.state(), g.compiled().start());
    assert_eq!(g.message().text, "Restarted at (0,0)");
}

#[test]
fn hint_is_the_next_move_of_a_shortest_path() {
    let mut g = game("chain_reaction.ron", CHAIN_REACTION);
    // At the start E comes before S in the direction order, but only S is nearer the goal.
    let terminal = play(&mut g, &chars("h"));
    assert_eq!(g.message().text, "Hint: S (the goal is 13 moves away)");
    assert_eq!(g.moves(), 0);
    snapshot("play_hint", &terminal.backend().to_string());
}

#[test]
fn hints_from_the_start_spell_the_solution() {
    for src in [CHAIN_REACTION, HEX_NO_U_TURN, TRIANGLE, EXIT] {
        let mut g = game("t", src);
        let f = maze_features::features(&Adjacency::from_rules(g.compiled()), 0);
        let mut dirs = Vec::new();
        while let Some(d) = g.hint() {
            dirs.push(d);
            g.apply(maze_play::Command::Move(d));
        }
        assert!(g.is_solved());
        assert!(g.is_optimal());
        assert_eq!(Some(dirs), f.solution_dirs);
    }
}

#[test]
fn illegal_keys_and_moves_say_why() {
    let mut g = game("chain_reaction.ron", CHAIN_REACTION);
    let said = |g: &mut Game, k: KeyEvent| {
        assert_eq!(g.press(k), Flow::Continue);
        assert_eq!(g.message().tone, Tone::Refused);
        g.message().text.clone()
    };
    assert_eq!(
        said(&mut g, key(KeyCode::Left)),
        "W: a jump of 4 from (0,0) leaves the board at step 1"
    );
    assert_eq!(
        said(&mut g, key(KeyCode::Char('o'))),
        "NE is not a move in this maze: it moves N E S W"
    );
    assert_eq!(
        said(&mut g, key(KeyCode::Char('m'))),
        "m does nothing here: the keys are listed below"
    );
    assert_eq!(
        said(&mut g, key(KeyCode::F(5))),
        "F5 does nothing here: the keys are listed below"
    );
    assert_eq!(g.moves(), 0);
    // Key releases (reported by some terminals) do nothing at all.
    let release = KeyEvent::new_with_kind(KeyCode::Down, KeyModifiers::NONE, KeyEventKind::Release);
    assert_eq!(g.press(release), Flow::Continue);
    assert_eq!(g.moves(), 0);
    snapshot("play_illegal", &screen(&g));
}

#[test]
fn hex_with_no_u_turn() {
    let mut g = game("hex_3x4_no_u_turn.ron", HEX_NO_U_TURN);
    // E E, then W would go back where the last move came from.
    press_all(&mut g, &chars("dda"));
    assert_eq!(g.state_name(), "(0,3)/E");
    assert_eq!(
        g.message().text,
        "W would reverse your last move E: no U-turns in this maze"
    );
    snapshot("play_hex_no_u_turn", &screen(&g));
    // SE W NE SE with keypad and letters.
    let terminal = play(&mut g, &chars("3a9x"));
    assert!(g.is_solved());
    assert!(g.is_optimal());
    assert_eq!(g.moves(), 6);
    assert_eq!(g.state_name(), "Goal");
    snapshot("play_hex_solved", &terminal.backend().to_string());
}

#[test]
fn triangle_solved() {
    let mut g = game("triangle_4x6_bounded.ron", TRIANGLE);
    // SE SW SE E E.
    let terminal = play(&mut g, &chars("xzxdd"));
    assert!(g.is_optimal());
    assert_eq!(g.moves(), 5);
    snapshot("play_triangle_solved", &terminal.backend().to_string());
}

#[test]
fn exit_goal_is_reached_off_the_board() {
    let mut g = game("exit.ron", EXIT);
    let optimum = g.optimum().unwrap();
    while let Some(d) = g.hint() {
        g.apply(maze_play::Command::Move(d));
    }
    assert_eq!(g.state_name(), "Outside");
    assert_eq!(g.cell(), None);
    assert!(g.is_optimal());
    assert_eq!(g.moves(), optimum as usize);
    snapshot("play_exit_solved", &screen(&g));
}

#[test]
fn ctrl_c_and_esc_quit() {
    for quit in [
        KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL),
        key(KeyCode::Esc),
        key(KeyCode::Char('q')),
    ] {
        let mut g = game("chain_reaction.ron", CHAIN_REACTION);
        let mut terminal = Terminal::new(TestBackend::new(64, 22)).unwrap();
        let mut events = VecDeque::from([Event::Key(key(KeyCode::Down)), Event::Key(quit)]);
        let result = run(&mut terminal, &mut g, || {
            events
                .pop_front()
                .ok_or_else(|| io::Error::other("read past the quit key"))
        });
        assert!(result.is_ok(), "{quit:?}: {result:?}");
        assert_eq!(g.moves(), 1);
    }
}

#[test]
fn an_event_source_error_ends_the_loop_with_it() {
    let mut g = game("chain_reaction.ron", CHAIN_REACTION);
    let mut terminal = Terminal::new(TestBackend::new(64, 22)).unwrap();
    let mut events = VecDeque::from([Event::Resize(64, 22), Event::Key(key(KeyCode::Down))]);
    let result = run(&mut terminal, &mut g, || {
        events
            .pop_front()
            .ok_or_else(|| io::Error::new(io::ErrorKind::BrokenPipe, "input closed"))
    });
    assert_eq!(result.unwrap_err().kind(), io::ErrorKind::BrokenPipe);
    assert_eq!(g.moves(), 1);
}

mod never_panics {
    use super::*;
    use proptest::prelude::*;

    fn any_key() -> impl Strategy<Value = KeyEvent> {
        let code = prop_oneof![
            any::<char>().prop_map(KeyCode::Char),
            Just(KeyCode::Up),
            Just(KeyCode::Down),
            Just(KeyCode::Left),
            Just(KeyCode::Right),
            Just(KeyCode::Enter),
            Just(KeyCode::Backspace),
            (0u8..13).prop_map(KeyCode::F),
            // The game's own keys, often, so sequences get somewhere.
            prop::sample::select(vec![
                'u', 'r', 'h', 'w', 'a', 's', 'd', 'e', 'z', 'x', 'o', 'l', '9', '1'
            ])
            .prop_map(KeyCode::Char),
        ];
        let modifiers = prop_oneof![
            4 => Just(KeyModifiers::NONE),
            1 => Just(KeyModifiers::SHIFT),
            1 => Just(KeyModifiers::ALT),
        ];
        (code, modifiers).prop_map(|(c, m)| KeyEvent::new(c, m))
    }

    proptest! {
        #[test]
        fn keys_keep_the_game_consistent(
            maze in 0usize..4,
            keys in prop::collection::vec(any_key(), 0..60),
            width in 1u16..90,
            height in 1u16..30,
        ) {
            let src = [CHAIN_REACTION, HEX_NO_U_TURN, TRIANGLE, EXIT][maze];
            let mut g = game("t", src);
            for k in keys {
                if g.press(k) == Flow::Quit {
                    break;
                }
                let expected = g.history().last().map_or(g.compiled().start(), |s| s.to);
                prop_assert_eq!(g.state(), expected);
                for w in g.history().windows(2) {
                    prop_assert_eq!(w[0].to, w[1].from);
                }
            }
            let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
            terminal.draw(|frame| draw(frame, &g)).unwrap();
        }

        #[test]
        fn any_command_is_safe(dirs in prop::collection::vec(any::<u8>(), 0..30)) {
            let mut g = game("t", HEX_NO_U_TURN);
            for d in dirs {
                g.apply(maze_play::Command::Move(d));
            }
            prop_assert!(g.moves() <= 30);
        }
    }
}

/// Bloxorz stage 1 (see tests/rolling.rs for its source): published minimum 7 rolls.
const BLOXORZ_1: &str = r#######"Maze(
    rules: RollingBlock(block: (1, 1, 2)),
    board: [
        "...#######",
        ".S....####",
        ".........#",
        "#.........",
        "#####..G..",
        "######...#",
    ],
)"#######;

#[test]
fn rolling_block_solved_optimally() {
    let mut g = game("bloxorz_1.ron", BLOXORZ_1);
    // N from the start would tip the block over the top edge: refused with the reason.
    press_all(&mut g, &[key(KeyCode::Up)]);
    assert_eq!(g.moves(), 0);
    snapshot("play_rolling_refused", &screen(&g));
    // E E S E E E S with arrows and letters.
    let terminal = play(
        &mut g,
        &[
            key(KeyCode::Right),
            key(KeyCode::Char('d')),
            key(KeyCode::Down),
            key(KeyCode::Right),
            key(KeyCode::Right),
            key(KeyCode::Char('d')),
            key(KeyCode::Char('s')),
        ],
    );
    assert!(g.is_solved());
    assert!(g.is_optimal());
    assert_eq!(g.moves(), 7);
    snapshot("play_rolling_solved", &terminal.backend().to_string());
}
