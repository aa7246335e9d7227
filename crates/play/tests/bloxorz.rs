//! Play mode on Bloxorz mechanics (docs/FAMILIES.md section 6), driven by key sequences: bridges
//! and switches (stage 2), a split block whose cubes the player picks (stage 8), several
//! blocks, refused moves with their reasons, and picking a mover that costs no move.
#![allow(clippy::unwrap_used)]

use std::collections::VecDeque;
use std::io;

use maze_graph::Rules;
use maze_play::{Flow, Game, Movers, Tone, draw, run};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use ratatui::style::Modifier;

/// Bloxorz stage 2: a soft and a heavy switch, each toggling a two-tile bridge. Published
/// minimum 17 moves, one shortest path: N E S E E E E N N S E S E E N E N.
const STAGE_2: &str = include_str!("../../../tests/fixtures/families/bloxorz_stage02.ron");

/// Bloxorz stage 8: a split switch. Published minimum 10 moves, among them
/// E E c1S c1S c1S c1S c2N N E E.
const STAGE_8: &str = include_str!("../../../tests/fixtures/families/bloxorz_stage08.ron");

/// Two standing blocks side by side on the top row: block 1 must reach G, block 2 its goal
/// (0,4); block 1 cannot roll east until block 2 is out of the way.
const TWO_BLOCKS: &str = r#"Maze(
    rules: RollingBlock(
        block: (1, 1, 2),
        others: [(block: (1, 1, 2), start: [(0, 2)], goal: [(0, 4)])],
    ),
    board: [
        "S....",
        ".....",
        "....G",
    ],
)"#;

fn game(title: &str, src: &str) -> Game {
    let maze = maze_file::parse("test.ron", src).unwrap_or_else(|e| panic!("{}", e.one_line()));
    Game::new(title, maze)
}

fn key(code: KeyCode) -> KeyEvent {
    KeyEvent::new(code, KeyModifiers::NONE)
}

/// Keys as a player types them: `↑ → ↓ ←` arrows, `⇥` Tab, `⇤` Shift-Tab, anything else
/// that character.
fn keys(text: &str) -> Vec<KeyEvent> {
    text.chars()
        .filter(|c| *c != ' ')
        .map(|c| match c {
            '↑' => key(KeyCode::Up),
            '→' => key(KeyCode::Right),
            '↓' => key(KeyCode::Down),
            '←' => key(KeyCode::Left),
            '⇥' => key(KeyCode::Tab),
            '⇤' => KeyEvent::new(KeyCode::BackTab, KeyModifiers::SHIFT),
            c => key(KeyCode::Char(c)),
        })
        .collect()
}

fn press(g: &mut Game, text: &str) {
    for k in keys(text) {
        assert_eq!(g.press(k), Flow::Continue, "{k:?} quit the game");
    }
}

/// Runs the event loop on a test terminal with the keys of `text`, then `q`; the last screen
/// drawn before quitting.
fn play(g: &mut Game, text: &str) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(80, 40)).unwrap();
    let mut events: VecDeque<Event> = keys(text).into_iter().map(Event::Key).collect();
    events.push_back(Event::Key(key(KeyCode::Char('q'))));
    run(&mut terminal, g, || {
        events
            .pop_front()
            .ok_or_else(|| io::Error::new(io::ErrorKind::UnexpectedEof, "no more keys"))
    })
    .unwrap();
    assert!(events.is_empty(), "the game quit before the last key");
    terminal.backend().buffer().clone()
}

fn screen(g: &Game) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(80, 40)).unwrap();
    terminal.draw(|frame| draw(frame, g)).unwrap();
    terminal.backend().buffer().clone()
}

fn text(buffer: &Buffer) -> Vec<String> {
    (0..buffer.area.height)
        .map(|y| {
            (0..buffer.area.width)
                .map(|x| buffer[(x, y)].symbol())
                .collect()
        })
        .collect()
}

/// The screen line of board row `r`: board rows are consecutive from the one labelled 0.
fn board_y(buffer: &Buffer, r: usize) -> u16 {
    let first = (0..buffer.area.height)
        .find(|&y| buffer[(2, y)].symbol() == "0" && buffer[(3, y)].symbol() == " ")
        .expect("no board row 0");
    first + r as u16
}

/// Board row `r` as drawn (the text after the row label), two columns per cell, without the
/// trailing blanks.
fn board_row(buffer: &Buffer, r: usize) -> String {
    let y = board_y(buffer, r);
    let line: String = (4..buffer.area.width - 1)
        .map(|x| buffer[(x, y)].symbol())
        .collect();
    line.trim_end().to_string()
}

/// What board cell `(r, c)` shows (its two columns) and whether it is drawn reversed (the
/// selected mover).
fn cell(buffer: &Buffer, (r, c): (usize, usize)) -> (String, bool) {
    let y = board_y(buffer, r);
    let x = 4 + 2 * c as u16;
    let shown = format!("{}{}", buffer[(x, y)].symbol(), buffer[(x + 1, y)].symbol());
    (shown, buffer[(x, y)].modifier.contains(Modifier::REVERSED))
}

fn path(g: &Game) -> String {
    let dirs = g.compiled().directions();
    let names: Vec<&str> = g.history().iter().map(|s| dirs.name(s.dir)).collect();
    names.join(" ")
}

fn refused(g: &mut Game, text: &str) -> String {
    let before = g.moves();
    press(g, text);
    assert_eq!(g.message().tone, Tone::Refused, "{}", g.message().text);
    assert_eq!(g.moves(), before);
    g.message().text.clone()
}

#[test]
fn stage_2_published_answer_with_the_bridges_drawn_as_they_are() {
    let mut g = game("bloxorz_stage02.ron", STAGE_2);
    assert_eq!(g.optimum(), Some(17));
    assert_eq!(g.movers(), None);
    // The switches show their kind, the bridges start off.
    let start = screen(&g);
    assert_eq!(cell(&start, (3, 2)).0, "o ");
    assert_eq!(cell(&start, (2, 8)).0, "x ");
    assert_eq!(board_row(&start, 5), ". []. . - - . . . . - - . . .");
    let all = text(&start).join("\n");
    assert!(all.contains("o at (3,2), under any part of a block or a cube: toggles (5,4) (5,5)"));
    assert!(all.contains("= bridge on · - bridge off"), "{all}");

    // N, then E lies the block across the soft switch at (3,2): the first bridge comes on.
    let after = play(&mut g, "↑→");
    assert_eq!(
        g.message().text,
        "E to (3,2) 2x1x1 [==--]; bridges (5,4) (5,5) now on"
    );
    assert_eq!(board_row(&after, 5), ". . . . = = . . . . - - . . .");
    assert_eq!(cell(&after, (3, 2)), ("[]".to_string(), true));

    // The rest of the published answer, with arrows, letters and keypad digits; the 9th
    // move stands the block on the heavy switch at (2,8), and the second bridge comes on.
    press(&mut g, "↓ → d 6 → ↑");
    assert_eq!(g.state_name(), "(3,8) 2x1x1 [==--]");
    press(&mut g, "w");
    assert_eq!(
        g.message().text,
        "N to (2,8) 1x1x2 [====]; bridges (5,10) (5,11) now on"
    );
    assert_eq!(board_row(&screen(&g), 5), ". . . . = = . . . . = = . . .");
    let end = play(&mut g, "2 → s → d 8 → ↑");
    assert_eq!(path(&g), "N E S E E E E N N S E S E E N E N");
    assert!(g.is_solved());
    assert!(g.is_optimal());
    assert_eq!(g.moves(), 17);
    assert_eq!(
        g.message().text,
        "Solved in 17 moves: optimal (the shortest solution is 17)"
    );
    // At the goal the bridges are still drawn as the player left them.
    assert_eq!(board_row(&end, 5), ". . . . = = . . . . = = . . .");
}

#[test]
fn a_bridge_that_is_off_refuses_the_roll_until_its_switch_is_pressed() {
    let mut g = game("bloxorz_stage02.ron", STAGE_2);
    // E lies the block on (5,2)-(5,3); E again would stand it on the bridge at (5,4).
    press(&mut g, "→");
    assert_eq!(
        refused(&mut g, "→"),
        "E: the block would cover (5,4), a bridge that is off (-)"
    );
    assert!(
        text(&screen(&g))
            .join("\n")
            .contains("E: the block would cover (5,4), a bridge that is off (-)")
    );
    // Back, up onto the soft switch, down again: now the bridge bears the block.
    press(&mut g, "u u ↑ → ↓ →");
    assert_eq!(g.moves(), 4);
    assert_eq!(g.message().tone, Tone::Info);
    press(&mut g, "→");
    assert_eq!(g.state_name(), "(5,5) 1x1x2 [==--]");
}

#[test]
fn stage_8_published_answer_with_cube_selection() {
    let mut g = game("bloxorz_stage08.ron", STAGE_8);
    assert_eq!(g.movers(), Some(Movers::Cubes));
    assert_eq!(g.optimum(), Some(10));
    // Whole, there is nothing to pick: refused, and no move.
    assert_eq!(
        refused(&mut g, "1"),
        "The block is whole: there is nothing to pick until a split switch (y) splits it into two cubes"
    );
    assert_eq!(g.mover_count(), 1);

    // E E: the block stands on the split switch and splits; cube 1 is selected.
    let split = play(&mut g, "→ →");
    assert_eq!(g.state_name(), "cubes (1,10) (7,10)");
    assert_eq!(g.mover_count(), 2);
    assert_eq!(g.selected_name().as_deref(), Some("cube 1"));
    assert!(
        g.message()
            .text
            .starts_with("E: the block splits into cubes on (1,10) and (7,10), rolling cube 1")
    );
    assert_eq!(cell(&split, (1, 10)), ("c1".to_string(), true));
    assert_eq!(cell(&split, (7, 10)), ("c2".to_string(), false));
    assert_eq!(cell(&split, (4, 2)).0, ". ");
    let all = text(&split).join("\n");
    assert!(
        all.contains("Tab Shift-Tab next or previous cube   1 2 cube 1 or 2"),
        "{all}"
    );
    assert!(all.contains("Rolling cube 1: Tab, 1 or 2 picks another, free (not a move)"));
    assert!(all.contains("At cubes (1,10) (7,10) · rolling cube 1 · last move E · moves 2"));

    // c1S four times: the arrow rolls the selected cube.
    press(&mut g, "↓ ↓ ↓ s");
    assert_eq!(g.state_name(), "cubes (5,10) (7,10)");
    assert_eq!(g.moves(), 6);
    // Picking cube 2 costs no move, and is shown.
    press(&mut g, "⇥");
    assert_eq!(g.moves(), 6);
    assert_eq!(g.selected_name().as_deref(), Some("cube 2"));
    assert_eq!(g.message().tone, Tone::Info);
    assert_eq!(
        g.message().text,
        "Rolling cube 2 now, on (7,10): picking is free, not a move"
    );
    let picked = screen(&g);
    assert_eq!(cell(&picked, (5, 10)), ("c1".to_string(), false));
    assert_eq!(cell(&picked, (7, 10)), ("c2".to_string(), true));
    // c2N joins the cubes into a lying block; the selection is the block again.
    press(&mut g, "↑");
    assert_eq!(g.state_name(), "(5,10) 2x1x1");
    assert_eq!(g.mover_count(), 1);
    assert_eq!(g.selected_name(), None);
    assert_eq!(
        g.message().text,
        "cube 2 N: the cubes join into the block, (5,10) 2x1x1"
    );
    assert_eq!(cell(&screen(&g), (6, 10)), ("[]".to_string(), true));
    // N E E to the goal.
    let end = play(&mut g, "↑ → →");
    assert_eq!(path(&g), "E E c1S c1S c1S c1S c2N N E E");
    assert!(g.is_solved());
    assert!(g.is_optimal());
    assert_eq!(g.moves(), 10);
    assert!(
        text(&end)
            .join("\n")
            .contains("Solved in 10 moves: optimal")
    );
}

#[test]
fn picking_a_mover_is_free_and_follows_its_cube() {
    let mut g = game("bloxorz_stage08.ron", STAGE_8);
    press(&mut g, "→ →");
    // Digits and Tab pick; none of it is a move.
    for (k, name) in [
        ("2", "cube 2"),
        ("1", "cube 1"),
        ("⇥", "cube 2"),
        ("⇥", "cube 1"),
        ("⇤", "cube 2"),
    ] {
        press(&mut g, k);
        assert_eq!(g.selected_name().as_deref(), Some(name), "{k}");
        assert_eq!(g.moves(), 2);
        assert_eq!(g.history().len(), 2);
    }
    assert_eq!(
        refused(&mut g, "3"),
        "There are only 2 cubes: Tab, 1 or 2 picks one"
    );
    // Cube 1 goes round to (5,13), then cube 2 north to (5,10): in reading order cube 2 is
    // first now, so it is `cube 1`, and the selection follows it.
    press(&mut g, "1 → ↓ ↓ → → ↓ ↓");
    assert_eq!(g.state_name(), "cubes (5,13) (7,10)");
    press(&mut g, "⇥ ↑ ↑");
    assert_eq!(g.state_name(), "cubes (5,10) (5,13)");
    assert_eq!(g.selected_name().as_deref(), Some("cube 1"));
    assert_eq!(cell(&screen(&g), (5, 10)), ("c1".to_string(), true));
    assert_eq!(cell(&screen(&g), (5, 13)), ("c2".to_string(), false));
    // Undo selects the cube that moved, numbered as before the move.
    press(&mut g, "u");
    assert_eq!(g.state_name(), "cubes (5,13) (6,10)");
    assert_eq!(g.selected_name().as_deref(), Some("cube 2"));
    // East twice beside the other cube: they join, and the block is what rolls.
    press(&mut g, "↑ → →");
    assert_eq!(g.state_name(), "(5,12) 1x2x1");
    assert_eq!(g.mover_count(), 1);
    assert_eq!(g.selected(), 0);
    // Undo takes the join back: split again, the cube that moved selected.
    press(&mut g, "u");
    assert_eq!(g.state_name(), "cubes (5,11) (5,13)");
    assert_eq!(g.selected_name().as_deref(), Some("cube 1"));
    assert_eq!(g.moves(), 2 + 7 + 2 + 1);
    // Restart: the block, whole again.
    press(&mut g, "r");
    assert_eq!(g.selected(), 0);
    assert_eq!(g.mover_count(), 1);
}

#[test]
fn refused_cube_rolls_say_why() {
    let mut g = game("bloxorz_stage08.ron", STAGE_8);
    press(&mut g, "→ → ←");
    assert_eq!(
        refused(&mut g, "←"),
        "W: cube 1 would roll onto (1,8), where there is no floor (#)"
    );
    press(&mut g, "↑");
    assert_eq!(refused(&mut g, "↑"), "N: cube 1 would roll off the board");
    // A hint names the cube, and how to pick it when it is not the selected one.
    press(&mut g, "h");
    assert!(
        g.message().text.starts_with("Hint: cube "),
        "{}",
        g.message().text
    );
}

#[test]
fn several_blocks_take_turns_and_get_in_each_others_way() {
    let mut g = game("two_blocks.ron", TWO_BLOCKS);
    assert_eq!(g.movers(), Some(Movers::Blocks(2)));
    assert_eq!(g.mover_count(), 2);
    assert_eq!(g.selected_name().as_deref(), Some("block 1"));
    let start = screen(&g);
    assert_eq!(cell(&start, (0, 0)), ("b1".to_string(), true));
    assert_eq!(cell(&start, (0, 2)), ("b2".to_string(), false));
    assert_eq!(cell(&start, (0, 4)).0, "g2");
    assert_eq!(cell(&start, (2, 4)).0, "G ");
    let all = text(&start).join("\n");
    assert!(all.contains("b1 b2 blocks"), "{all}");
    assert!(all.contains("g2 goal of block 2"), "{all}");
    assert!(
        all.contains("Tab, 1 or 2 picks which (free, not a move)"),
        "{all}"
    );

    // Block 1 rolling east would lie across block 2.
    assert_eq!(refused(&mut g, "→"), "E: block 2 is in the way at (0,2)");
    // Pick block 2 (free) and roll it east onto its goal; once more would leave the board.
    press(&mut g, "2");
    assert_eq!(g.moves(), 0);
    assert_eq!(g.selected_name().as_deref(), Some("block 2"));
    press(&mut g, "→");
    assert_eq!(g.state_name(), "(0,0) 1x1x2, 2: (0,3) 1x2x1");
    assert_eq!(refused(&mut g, "→"), "E: block 2 would hang off the board");
    let drawn = screen(&g);
    assert_eq!(cell(&drawn, (0, 3)), ("b2".to_string(), true));
    assert_eq!(cell(&drawn, (0, 0)), ("b1".to_string(), false));
    // Back to block 1 with Tab; the shortest way from here along the hints, each picked with
    // its digit and rolled with the arrows.
    press(&mut g, "⇥");
    assert_eq!(g.selected_name().as_deref(), Some("block 1"));
    assert_eq!(g.moves(), 1);
    let left = g.distance_to_goal().unwrap();
    while let Some((dir, _)) = g.hint_move() {
        let (mover, compass) = g.mover_of(dir);
        let digit = char::from(b'1' + mover.unwrap() as u8);
        let arrow = ['↑', '→', '↓', '←'][usize::from(compass)];
        press(&mut g, &format!("{digit}{arrow}"));
        assert!(g.moves() <= 1 + left as usize);
    }
    assert!(g.is_solved());
    assert_eq!(g.moves(), 1 + left as usize);
}

/// Every Bloxorz stage (reference test data) is played to the goal with the keys, along the
/// hints (picking the cube with its digit where the hint moves a cube), in its published
/// minimum, and drawn now and then on the way and at the goal.
#[test]
fn every_bloxorz_stage_is_played_to_its_published_minimum() {
    let dir =
        std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/bloxorz");
    let minima = std::fs::read_to_string(dir.join("minima.ron")).unwrap();
    let minima: Vec<(usize, usize)> = minima
        .lines()
        .filter_map(|line| {
            let line = line.trim().strip_prefix("(stage: ")?;
            let (stage, rest) = line.split_once(", length: ")?;
            let length = rest.strip_suffix("),")?;
            Some((stage.parse().ok()?, length.parse().ok()?))
        })
        .collect();
    assert_eq!(minima.len(), 33);
    let mut split = 0;
    for (stage, length) in minima {
        let name = format!("stage{stage:02}.ron");
        let mut g = game(&name, &std::fs::read_to_string(dir.join(&name)).unwrap());
        while let Some((dir, _)) = g.hint_move() {
            let (mover, compass) = g.mover_of(dir);
            let arrow = ['↑', '→', '↓', '←'][usize::from(compass)];
            match mover {
                Some(i) => press(&mut g, &format!("{}{arrow}", i + 1)),
                None => press(&mut g, &arrow.to_string()),
            }
            assert_eq!(g.history().last().map(|s| s.dir), Some(dir), "{name}");
            split += usize::from(g.mover_count() > 1);
            if g.moves().is_multiple_of(8) {
                screen(&g);
            }
        }
        screen(&g);
        assert!(g.is_optimal(), "{name}");
        assert_eq!(g.moves(), length, "{name}");
    }
    assert!(split > 0);
}

mod never_panics {
    use super::*;
    use proptest::prelude::*;

    fn any_key() -> impl Strategy<Value = KeyEvent> {
        prop::sample::select(vec![
            key(KeyCode::Up),
            key(KeyCode::Down),
            key(KeyCode::Left),
            key(KeyCode::Right),
            key(KeyCode::Tab),
            KeyEvent::new(KeyCode::BackTab, KeyModifiers::SHIFT),
            key(KeyCode::Char('1')),
            key(KeyCode::Char('2')),
            key(KeyCode::Char('3')),
            key(KeyCode::Char('u')),
            key(KeyCode::Char('r')),
            key(KeyCode::Char('h')),
            key(KeyCode::Char('8')),
        ])
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        #[test]
        fn picking_and_rolling_keep_the_game_consistent(
            maze in 0usize..3,
            keys in prop::collection::vec(any_key(), 0..80),
            width in 1u16..90,
            height in 1u16..40,
        ) {
            let mut g = game("t", [STAGE_2, STAGE_8, TWO_BLOCKS][maze]);
            for k in keys {
                let moves = g.moves();
                let selected = g.selected();
                g.press(k);
                prop_assert!(g.selected() < g.mover_count());
                let expected = g.history().last().map_or(g.compiled().start(), |s| s.to);
                prop_assert_eq!(g.state(), expected);
                // Picking keys never move.
                let picking = matches!(k.code, KeyCode::Tab | KeyCode::BackTab | KeyCode::Char('1'..='3'));
                if picking && g.movers().is_some() {
                    prop_assert_eq!(g.moves(), moves);
                    prop_assert!(g.selected() == selected || g.mover_count() > 1);
                }
                // A move is made by the mover selected afterwards.
                if g.moves() == moves + 1 {
                    let dir = g.history().last().unwrap().dir;
                    if let (Some(i), _) = g.mover_of(dir)
                        && g.mover_count() > 1
                        && g.movers() == Some(Movers::Blocks(2))
                    {
                        prop_assert_eq!(g.selected(), i);
                    }
                }
            }
            let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
            terminal.draw(|frame| draw(frame, &g)).unwrap();
        }
    }
}
