//! Play mode driven by key sequences, through the game model and the event loop on ratatui's
//! `TestBackend`; screens are snapshotted into the workspace's top-level `snapshots/` folder.
#![allow(clippy::unwrap_used)]

use std::collections::VecDeque;
use std::io;
use std::path::PathBuf;

use maze_graph::{Adjacency, Rules};
use maze_play::{Flow, Game, Tone, draw, run};
use maze_variants::{CompiledMaze, Maze};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use ratatui::style::Modifier;

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
    maze_file::parse("test.ron", src).unwrap_or_else(|e| panic!("{}", e.one_line()))
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
    play_on(game, keys, 64, 22)
}

/// [`play`] on a terminal of `width` x `height`.
fn play_on(game: &mut Game, keys: &[KeyEvent], width: u16, height: u16) -> Terminal<TestBackend> {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
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
    screen_on(game, 64, 22)
}

fn screen_on(game: &Game, width: u16, height: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
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
            Just(KeyCode::Esc),
            Just(KeyCode::Backspace),
            (0u8..13).prop_map(KeyCode::F),
            // The game's own keys, often, so sequences get somewhere.
            prop::sample::select(vec![
                'u', 'r', 'h', 'w', 'a', 's', 'd', 'e', 'z', 'x', 'o', 'l', '9', '1', 'y', 'v',
                'f', ' '
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
            maze in 0usize..7,
            keys in prop::collection::vec(any_key(), 0..60),
            width in 1u16..90,
            height in 1u16..30,
        ) {
            let src = [CHAIN_REACTION, HEX_NO_U_TURN, TRIANGLE, EXIT, SWITCHBLADE, KNIGHT, POLAR_BEAR][maze];
            let mut g = game("t", src);
            for k in keys {
                if g.press(k) == Flow::Quit {
                    break;
                }
                let expected = g.history().last().map_or(g.compiled().start(), |s| s.to);
                prop_assert_eq!(g.state(), expected);
                // An aim is always at a legal landing of its direction.
                if let Some(aim) = g.aim() {
                    prop_assert!(g.legal_moves().contains(&aim));
                }
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

/// "Switchblade" (docs/FAMILIES.md section 1): circled cells toggle the next move between
/// orthogonal and diagonal. 17 moves, unique.
const SWITCHBLADE: &str =
    include_str!("../../../tests/fixtures/families/jump_toggle_mazelog_switchblade.ron");

/// "Polar Bear" (docs/FAMILIES.md section 3, colour_alt): follow an arrow any distance and stop on
/// a cell of the other colour. 12 moves, unique.
const POLAR_BEAR: &str =
    include_str!("../../../tests/fixtures/families/arrow_colour_alt_mazelog_polarbear.ron");

/// A knight maze: circled cells leap as a knight (over walls), the others jump their number
/// orthogonally (not through walls). Solution E E S SSW WNW N SSE ESE (8 moves, unique; with
/// the walls gone it is shorter).
const KNIGHT: &str = r#"Maze(
    rules: Jumping(
        tiling: Square,
        jumps: [
            (when: [Circled], dirs: Knight, length: Exactly(1)),
            (when: [Not(Circled)], dirs: Orthogonal),
        ],
    ),
    board: [
        " 2 -@  2  3  1",
        " 3 -@  3  1 -@",
        " 3  1  3  3  1",
        " 3 -@ -@ -@ -@",
        " 1  3  3  2  G",
    ],
    start: (0, 0),
    walls: [((2, 1), (3, 1)), ((2, 3), (3, 3)), ((4, 3), (4, 4))],
)"#;

/// The reason the reference walker gives for `dir` from the player's state: the only source
/// of reasons play may show.
fn walker_reason(g: &Game, dir: u8) -> Option<String> {
    let (Maze::Jumping(m), CompiledMaze::Jumping(graph)) = (g.maze(), g.compiled()) else {
        return None;
    };
    let at = graph.state_cell(g.state())?;
    maze_variants::walker::explain(m, at, &graph.state_key(g.state()), dir)
}

/// The first key the screen lists for direction `name`, as a key event.
fn key_of(g: &Game, name: &str) -> KeyEvent {
    let keys = g
        .keymap()
        .direction_keys()
        .into_iter()
        .find(|(n, _)| *n == name)
        .unwrap_or_else(|| panic!("no key shown for {name}"))
        .1;
    let first = keys.split(' ').next().unwrap();
    key(match first {
        "↑" => KeyCode::Up,
        "↓" => KeyCode::Down,
        "←" => KeyCode::Left,
        "→" => KeyCode::Right,
        c => KeyCode::Char(c.chars().next().unwrap()),
    })
}

/// The keys a player presses to make the move `dir` to `to`: the direction's key, again
/// until the aim is on `to` where the move may stop on several cells, then Enter. Where the
/// player picks which block or cube rolls, its digit first (free), then the compass key.
fn keys_for(g: &mut Game, dir: u8, to: u32) -> Vec<KeyEvent> {
    let mut pressed = Vec::new();
    let name = match g.mover_of(dir) {
        (Some(i), compass) => {
            let pick = key(KeyCode::Char(char::from(b'1' + i as u8)));
            press_all(g, &[pick]);
            pressed.push(pick);
            ["N", "E", "S", "W"][usize::from(compass)]
        }
        (None, _) => g.compiled().directions().name(dir),
    };
    let k = key_of(g, name);
    pressed.push(k);
    press_all(g, &[k]);
    if g.aim().is_some() {
        while g.aim() != Some((dir, to)) {
            press_all(g, &[k]);
            pressed.push(k);
            assert!(pressed.len() < 200, "{name} never aims at {to}");
        }
        press_all(g, &[key(KeyCode::Enter)]);
        pressed.push(key(KeyCode::Enter));
    }
    pressed
}

#[test]
fn switchblade_is_played_with_the_keys() {
    let mut g = game("jump_toggle_mazelog_switchblade.ron", SWITCHBLADE);
    snapshot("play_family_switchblade_start", &screen_on(&g, 64, 34));
    // The first move is orthogonal: NE is refused, in the walker's words.
    let ne = g.compiled().directions().parse("NE").unwrap();
    press_all(&mut g, &chars("o"));
    assert_eq!(g.message().tone, Tone::Refused);
    assert_eq!(Some(g.message().text.clone()), walker_reason(&g, ne));
    assert_eq!(
        g.message().text,
        "NE is not a way out of (0,0): the rules allow N E S W here"
    );
    // S E W: W lands on the circled (3,1), so the next move is diagonal.
    press_all(&mut g, &chars("sda"));
    assert_eq!(g.state_name(), "(3,1)/t=diagonal");
    assert!(
        screen_on(&g, 64, 30).contains("At (3,1), jump 2 · carrying t=diagonal"),
        "{}",
        screen_on(&g, 64, 30)
    );
    // NE SE NW SE E S NW SW N SE W E NW SE, with letters and keypad digits.
    let terminal = play_on(&mut g, &chars("9l7ldsikwladi3"), 64, 34);
    assert!(g.is_solved());
    assert!(g.is_optimal());
    assert_eq!(g.moves(), 17);
    snapshot(
        "play_family_switchblade_solved",
        &terminal.backend().to_string(),
    );
}

/// `variants/walls.ron` on the board, drawn from the same view `maze analyze` prints: `│`
/// between two cells of a row, the upper cell of a wall between rows underlined (and nothing
/// else in its row), the legend's `│ wall` and the list of walls.
#[test]
fn walls_show_on_the_board() {
    let g = game("walls.ron", include_str!("../../../variants/walls.ron"));
    let mut terminal = Terminal::new(TestBackend::new(64, 30)).unwrap();
    terminal.draw(|frame| draw(frame, &g)).unwrap();
    let screen = terminal.backend().to_string();
    assert!(screen.contains("│ 0 [3] 1  2  2  1"), "{screen}");
    assert!(screen.contains("│ 1  3  3│ 1  2│ 1"), "{screen}");
    assert!(screen.contains("│ 2  1  1  1│ 2  2"), "{screen}");
    assert!(screen.contains("│ 3  3│ 2  2  1  3"), "{screen}");
    assert!(screen.contains("│ wall"), "{screen}");
    assert!(
        screen.contains("Walls: (0,2)|(1,2) (1,1)|(1,2) (2,2)|(2,3) (3,0)|(3,1)"),
        "{screen}"
    );
    let buffer = terminal.backend().buffer();
    let underlined = |start: &str| {
        let row = (0..buffer.area.height)
            .find(|&y| {
                (0..buffer.area.width)
                    .map(|x| buffer[(x, y)].symbol())
                    .collect::<String>()
                    .starts_with(start)
            })
            .unwrap_or_else(|| panic!("no row {start:?}"));
        (0..buffer.area.width)
            .filter(|&x| buffer[(x, row)].modifier.contains(Modifier::UNDERLINED))
            .collect::<Vec<u16>>()
    };
    // (0,2) above (1,2), and (3,3) above (4,3): three columns each, the cell's whole width.
    assert_eq!(underlined("│ 0 [3]"), [10, 11, 12]);
    assert_eq!(underlined("│ 3  3│"), [13, 14, 15]);
    assert_eq!(underlined("│ 1  3"), Vec::<u16>::new());
}

#[test]
fn knight_leaps_and_walls() {
    let mut g = game("knight.ron", KNIGHT);
    let mut terminal = Terminal::new(TestBackend::new(64, 32)).unwrap();
    terminal.draw(|frame| draw(frame, &g)).unwrap();
    let start = terminal.backend().to_string();
    // The wall between (4,3) and (4,4) stands between the cells; the leaps have keys.
    assert!(start.contains("│ 4   1   3   3   2│  G"), "{start}");
    assert!(start.contains("NNE y"), "{start}");
    // The walls under (2,1) and (2,3) underline those cells, and only those.
    let buffer = terminal.backend().buffer();
    let row = (0..buffer.area.height)
        .find(|&y| {
            (0..buffer.area.width)
                .map(|x| buffer[(x, y)].symbol())
                .collect::<String>()
                .starts_with("│ 2   3   1")
        })
        .unwrap();
    let underlined: Vec<u16> = (0..buffer.area.width)
        .filter(|&x| buffer[(x, row)].modifier.contains(Modifier::UNDERLINED))
        .collect();
    assert_eq!(underlined, [8, 9, 10, 11, 16, 17, 18, 19]);
    snapshot("play_family_knight_start", &start);
    // E E S SSW WNW; then S from (2,1) would cross the wall below it.
    press_all(&mut g, &chars("ddsvf"));
    assert_eq!(g.state_name(), "(2,1)");
    let s = g.compiled().directions().parse("S").unwrap();
    press_all(&mut g, &chars("s"));
    assert_eq!(
        g.message().text,
        "S: a jump of 1 from (2,1) crosses the wall between (2,1) and (3,1)"
    );
    assert_eq!(Some(g.message().text.clone()), walker_reason(&g, s));
    // A circled cell leaps but has no rook moves.
    press_all(&mut g, &chars("w"));
    assert_eq!(g.state_name(), "(1,1)");
    press_all(&mut g, &chars("d"));
    assert_eq!(
        g.message().text,
        "E is not a way out of (1,1): the rules allow NNE ENE ESE SSE SSW WSW WNW NNW here"
    );
    // SSE ESE: the last leap clears the wall beside the goal.
    let terminal = play_on(&mut g, &chars("nm"), 64, 32);
    assert!(g.is_optimal());
    assert_eq!(g.moves(), 8);
    snapshot("play_family_knight_solved", &terminal.backend().to_string());
}

#[test]
fn a_move_of_any_length_is_aimed_then_made() {
    let mut g = game("arrow_colour_alt_mazelog_polarbear.ron", POLAR_BEAR);
    // S from the blue (0,0) may stop on any red cell below: (1,0), (2,0), (3,0) or (5,0).
    press_all(&mut g, &[key(KeyCode::Down)]);
    assert_eq!(g.moves(), 0);
    let s = g.compiled().directions().parse("S").unwrap();
    let aimed = |g: &Game| g.aim().map(|(_, t)| g.compiled().state_name(t));
    assert_eq!(aimed(&g).as_deref(), Some("(1,0)"));
    press_all(&mut g, &[key(KeyCode::Down)]);
    assert_eq!(aimed(&g).as_deref(), Some("(2,0)"));
    snapshot("play_family_aiming", &screen_on(&g, 64, 30));
    // Esc takes the aim back and the game goes on; the event loop does not quit.
    let terminal = play_on(&mut g, &[key(KeyCode::Esc)], 64, 30);
    drop(terminal);
    assert_eq!(g.aim(), None);
    assert_eq!(g.moves(), 0);
    // Enter with nothing aimed is refused.
    press_all(&mut g, &[key(KeyCode::Enter)]);
    assert_eq!(g.message().tone, Tone::Refused);
    // Aim again and go: the second landing, (2,0).
    press_all(
        &mut g,
        &[
            key(KeyCode::Char('s')),
            key(KeyCode::Char('2')),
            key(KeyCode::Char(' ')),
        ],
    );
    assert_eq!(g.state_name(), "(2,0)");
    assert_eq!(g.history()[0].dir, s);
    // The hint names the landing where the direction alone does not.
    press_all(&mut g, &chars("h"));
    assert_eq!(
        g.message().text,
        "Hint: E to (2,5) (the goal is 11 moves away)"
    );
    // The rest along the hints, with the keys a player would press.
    while let Some((d, to)) = g.hint_move() {
        keys_for(&mut g, d, to);
    }
    assert!(g.is_optimal());
    assert_eq!(g.moves(), 12);
}

/// Every family fixture and bundled variant, whatever its rules, is played to the goal with
/// the keys the screen shows, on a shortest path; at the start, every shown direction that is
/// no move is refused, for jumping mazes with the walker's reason. Files are read when the
/// test runs, so new ones are played too.
#[test]
fn every_family_and_variant_is_playable_with_the_keys() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut paths: Vec<PathBuf> = Vec::new();
    for dir in ["tests/fixtures/families", "variants"] {
        for entry in std::fs::read_dir(root.join(dir)).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "ron") {
                paths.push(path);
            }
        }
    }
    paths.sort();
    assert!(paths.len() >= 27);
    for path in paths {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let mut g = game(&name, &std::fs::read_to_string(&path).unwrap());
        let legal: Vec<u8> = g.legal_moves().iter().map(|&(d, _)| d).collect();
        let shown: Vec<&str> = g
            .keymap()
            .direction_keys()
            .iter()
            .map(|(n, _)| *n)
            .collect();
        for dir_name in shown {
            let d = g.compiled().directions().parse(dir_name).unwrap();
            if legal.contains(&d) {
                continue;
            }
            let k = key_of(&g, dir_name);
            press_all(&mut g, &[k]);
            assert_eq!(g.message().tone, Tone::Refused, "{name} {dir_name}");
            if let Some(why) = walker_reason(&g, d) {
                assert_eq!(g.message().text, why, "{name} {dir_name}");
            }
        }
        assert_eq!(g.moves(), 0);
        let Some(optimum) = g.optimum() else {
            continue;
        };
        while let Some((d, to)) = g.hint_move() {
            keys_for(&mut g, d, to);
            assert!(
                g.moves() <= optimum as usize,
                "{name}: off the shortest path"
            );
        }
        assert!(g.is_optimal(), "{name}");
        // The screen draws at the goal too.
        screen_on(&g, 80, 40);
    }
}

/// A move through a teleport says the jump and the teleport: on the hand-checked teleporter
/// `E` lands on the teleport (0,1) and ends on (2,1); a rolling block standing on a `t` goes
/// on to the other.
#[test]
fn a_move_through_a_teleport_says_so() {
    let src = include_str!("../../../tests/fixtures/rules/teleport.ron");
    let mut g = game("teleport", src);
    let east = g.compiled().directions().parse("E").unwrap();
    g.apply(maze_play::Command::Move(east));
    assert_eq!(g.cell(), Some((2, 1)));
    assert_eq!(
        g.message().text,
        "E onto the teleport at (0,1), on to (2,1)"
    );
    let src = include_str!("../../../tests/fixtures/rules/rolling_teleport.ron");
    let mut g = game("rolling teleport", src);
    g.apply(maze_play::Command::Roll(1));
    g.apply(maze_play::Command::Roll(1));
    assert_eq!(g.cell(), Some((2, 0)));
    assert!(
        g.message()
            .text
            .starts_with("E onto the teleport at (0,3), on to (2,0)"),
        "{}",
        g.message().text
    );
}

/// Teleport pairs by a list: each roll onto a pair says where the block went on to.
#[test]
fn a_block_goes_through_each_declared_pair() {
    let src = include_str!("../../../tests/fixtures/rules/rolling_teleport_list.ron");
    let mut g = game("rolling teleport list", src);
    for (at, said) in [
        ((2, 0), "E onto the teleport at (0,3), on to (2,0)"),
        ((4, 0), "E onto the teleport at (2,3), on to (4,0)"),
    ] {
        g.apply(maze_play::Command::Roll(1));
        g.apply(maze_play::Command::Roll(1));
        assert_eq!(g.cell(), Some(at));
        assert!(g.message().text.starts_with(said), "{}", g.message().text);
    }
}

/// A door refuses a move until the key is held, and says why; one-way walls are listed.
#[test]
fn a_door_opens_once_the_key_is_held() {
    let mut g = game(
        "keys_and_doors.ron",
        include_str!("../../../tests/fixtures/rules/keys_and_doors.ron"),
    );
    press_all(&mut g, &chars("d"));
    assert!(
        g.message()
            .text
            .contains("meets the closed door `door` between (1,1) and (1,2)"),
        "{}",
        g.message().text
    );
    assert_eq!(g.state_name(), "(1,1)/key=no");
    // To the key and back, and through the open door.
    press_all(&mut g, &chars("awsdd"));
    assert_eq!(g.state_name(), "Goal");
    let one_way = game(
        "one_way_walls.ron",
        include_str!("../../../tests/fixtures/rules/one_way_walls.ron"),
    );
    let mut terminal = Terminal::new(TestBackend::new(64, 30)).unwrap();
    terminal.draw(|frame| draw(frame, &one_way)).unwrap();
    let screen = terminal.backend().to_string();
    assert!(
        screen.contains("one-way (0,0)→(0,1) (2,2)→(2,1)"),
        "{screen}"
    );
}

/// A register holding a cell: the state line shows the cell held, and the move back to it
/// is played with its direction's key like any other.
#[test]
fn the_cell_held_is_shown_and_gone_back_to() {
    let mut g = game(
        "return_cell.ron",
        include_str!("../../../tests/fixtures/rules/return_cell.ron"),
    );
    assert_eq!(g.state_name(), "(0,0)/key=no/back=-");
    press_all(&mut g, &chars("d"));
    assert_eq!(g.state_name(), "(0,1)/key=yes/back=(0,0)");
    // The key's 2 leaves the board every way: W is the move back.
    press_all(&mut g, &chars("a"));
    assert_eq!(g.state_name(), "(0,0)/key=yes/back=(0,1)");
    press_all(&mut g, &chars("sd"));
    assert_eq!(g.state_name(), "Goal");
}
