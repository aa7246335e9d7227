//! The keymap: which key does what, for any direction set, and how it is shown on screen.
//!
//! `u`, `r`, `h` and `q` are taken by undo, restart, hint and quit, so the direction letters
//! avoid them: the left hand's `w a s d` ring for the four orthogonal directions (and its
//! hexagon `w e a d z x` on the six-direction tilings), the right hand's `i o / k l` square for
//! the square tiling's diagonals, and the numeric keypad (or digit row) everywhere, laid out as
//! the keypad is: 7 8 9 / 4 · 6 / 1 2 3. The knight's leaps sit where they point from the
//! middle of the keyboard (`g`/`b`): `t y` two rows up, `f j` one row up and out, `c m` one row
//! down and out, `v n` two rows down.
//!
//! A direction set is matched by its names, not its size: the smallest table naming every
//! direction is used, and a direction no table names still gets a free letter, so any rule's
//! directions can be played.
//!
//! A rolling-block maze with several movers (two cubes after a split, or several blocks) has
//! one set of compass keys, the arrows and `w a s d`, that roll the selected mover; Tab (and
//! Shift-Tab) and the digits `1`-`4` pick the mover, which is free, not a move. The digits
//! then pick, so the keypad's digits do not roll there.

use maze_graph::{Dir, Directions};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// What the player asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// Move in a direction (an index into the maze's [`Directions`]). Where a move in that
    /// direction may stop on several cells, this aims at the nearest, and pressing it again
    /// aims further.
    Move(Dir),
    /// Make the aimed move (Enter or Space).
    Confirm,
    /// Roll the selected block or cube (a rolling-block maze with several of them) in a
    /// compass direction: 0 N, 1 E, 2 S, 3 W.
    Roll(Dir),
    /// Pick the block or cube that rolls next, by number from 0 (the digit keys): free, not a
    /// move.
    Select(usize),
    /// Pick the next block or cube (Tab).
    NextMover,
    /// Pick the previous block or cube (Shift-Tab).
    PreviousMover,
    /// Take back the last move.
    Undo,
    /// Go back to the start with no moves made.
    Restart,
    /// Show the next move of a shortest path from here.
    Hint,
    /// Leave the game.
    Quit,
}

/// A key a direction answers to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Key {
    Arrow(KeyCode),
    Char(char),
}

/// The keys of each direction name. The orthogonal names mean the same on the square tiling
/// and for rolling blocks; the diagonal names differ between the square and the six-direction
/// tilings, so there are two tables. The square table also holds the knight's leaps, which
/// only the square tiling has.
const SQUARE_KEYS: &[(&str, &[Key])] = &[
    (
        "N",
        &[Key::Arrow(KeyCode::Up), Key::Char('w'), Key::Char('8')],
    ),
    ("NE", &[Key::Char('o'), Key::Char('9')]),
    (
        "E",
        &[Key::Arrow(KeyCode::Right), Key::Char('d'), Key::Char('6')],
    ),
    ("SE", &[Key::Char('l'), Key::Char('3')]),
    (
        "S",
        &[Key::Arrow(KeyCode::Down), Key::Char('s'), Key::Char('2')],
    ),
    ("SW", &[Key::Char('k'), Key::Char('1')]),
    (
        "W",
        &[Key::Arrow(KeyCode::Left), Key::Char('a'), Key::Char('4')],
    ),
    ("NW", &[Key::Char('i'), Key::Char('7')]),
    ("NNE", &[Key::Char('y')]),
    ("ENE", &[Key::Char('j')]),
    ("ESE", &[Key::Char('m')]),
    ("SSE", &[Key::Char('n')]),
    ("SSW", &[Key::Char('v')]),
    ("WSW", &[Key::Char('c')]),
    ("WNW", &[Key::Char('f')]),
    ("NNW", &[Key::Char('t')]),
];

const SIX_KEYS: &[(&str, &[Key])] = &[
    (
        "E",
        &[Key::Arrow(KeyCode::Right), Key::Char('d'), Key::Char('6')],
    ),
    ("NE", &[Key::Char('e'), Key::Char('9')]),
    ("NW", &[Key::Char('w'), Key::Char('7')]),
    (
        "W",
        &[Key::Arrow(KeyCode::Left), Key::Char('a'), Key::Char('4')],
    ),
    ("SW", &[Key::Char('z'), Key::Char('1')]),
    ("SE", &[Key::Char('x'), Key::Char('3')]),
];

const TABLES: &[&[(&str, &[Key])]] = &[SIX_KEYS, SQUARE_KEYS];

/// The compass keys of a maze whose player picks the mover: the digits pick, so they do not
/// roll.
const MOVER_KEYS: &[(&str, &[Key])] = &[
    ("N", &[Key::Arrow(KeyCode::Up), Key::Char('w')]),
    ("E", &[Key::Arrow(KeyCode::Right), Key::Char('d')]),
    ("S", &[Key::Arrow(KeyCode::Down), Key::Char('s')]),
    ("W", &[Key::Arrow(KeyCode::Left), Key::Char('a')]),
];

pub use maze_variants::Movers;

/// Letters handed out, in this order, to directions no table names (never `q u r h`, the
/// commands').
const SPARE_LETTERS: &str = "abcdefgijklmnopstvwxyz";

/// The game's keys, built for one maze's directions.
#[derive(Clone, Debug)]
pub struct Keymap {
    directions: &'static Directions,
    /// Per direction (in direction order), its keys.
    keys: Vec<Vec<Key>>,
    /// The directions the maze's moves use (rook moves use four of the square's eight), in
    /// direction order: only these are shown.
    shown: Vec<Dir>,
    /// Where the player picks a mover: the direction keys roll it ([`Command::Roll`]).
    movers: Option<Movers>,
}

impl Keymap {
    /// The keymap for a maze whose directions are `directions` and whose moves use `shown`.
    pub fn new(directions: &'static Directions, shown: &[Dir]) -> Keymap {
        type Table = &'static [(&'static str, &'static [Key])];
        let keys_of = |table: Table, name: &str| {
            table
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, keys)| keys.to_vec())
        };
        // The smallest table naming every direction: the hex's six names are also square
        // names, but mean other keys there.
        let table: Table = TABLES
            .iter()
            .copied()
            .filter(|&table| {
                directions
                    .names
                    .iter()
                    .all(|name| keys_of(table, name).is_some())
            })
            .min_by_key(|table| table.len())
            .unwrap_or(SQUARE_KEYS);
        let mut keys: Vec<Vec<Key>> = directions
            .names
            .iter()
            .map(|name| keys_of(table, name).unwrap_or_default())
            .collect();
        // A direction no table names gets the first letter nothing else uses.
        let mut spare = SPARE_LETTERS
            .chars()
            .filter(|c| !table.iter().any(|(_, k)| k.contains(&Key::Char(*c))));
        for k in keys.iter_mut().filter(|k| k.is_empty()) {
            if let Some(c) = spare.next() {
                k.push(Key::Char(c));
            }
        }
        Keymap {
            directions,
            keys,
            shown: shown.to_vec(),
            movers: None,
        }
    }

    /// The keymap of a rolling-block maze where the player picks which of `movers` rolls: the
    /// compass keys roll the selected one, Tab, Shift-Tab and the digits pick.
    pub(crate) fn with_movers(movers: Movers) -> Keymap {
        Keymap {
            directions: &maze_variants::rolling::ROLL_DIRECTIONS,
            keys: MOVER_KEYS.iter().map(|(_, keys)| keys.to_vec()).collect(),
            shown: vec![0, 1, 2, 3],
            movers: Some(movers),
        }
    }

    /// The movers the player picks between, if any.
    pub fn movers(&self) -> Option<Movers> {
        self.movers
    }

    /// The command a key press stands for, `None` for a key that means nothing here.
    pub fn command(&self, key: KeyEvent) -> Option<Command> {
        // Raw mode turns Ctrl-C into a key press instead of SIGINT, so it must quit here.
        if key.modifiers.contains(KeyModifiers::CONTROL) {
            return match key.code {
                KeyCode::Char('c' | 'C') => Some(Command::Quit),
                _ => None,
            };
        }
        if key
            .modifiers
            .intersects(KeyModifiers::ALT | KeyModifiers::SUPER | KeyModifiers::META)
        {
            return None;
        }
        if self.movers.is_some() {
            match key.code {
                KeyCode::Tab => return Some(Command::NextMover),
                KeyCode::BackTab => return Some(Command::PreviousMover),
                KeyCode::Char(c @ '1'..='9') => {
                    return Some(Command::Select(usize::from(c as u8 - b'1')));
                }
                _ => {}
            }
        }
        let wanted = match key.code {
            KeyCode::Esc => return Some(Command::Quit),
            KeyCode::Enter | KeyCode::Char(' ') => return Some(Command::Confirm),
            KeyCode::Char(c) => match c.to_ascii_lowercase() {
                'q' => return Some(Command::Quit),
                'u' => return Some(Command::Undo),
                'r' => return Some(Command::Restart),
                'h' => return Some(Command::Hint),
                c => Key::Char(c),
            },
            code @ (KeyCode::Up | KeyCode::Down | KeyCode::Left | KeyCode::Right) => {
                Key::Arrow(code)
            }
            _ => return None,
        };
        let d = self.keys.iter().position(|keys| keys.contains(&wanted))?;
        let d = Dir::try_from(d).ok()?;
        Some(match self.movers {
            Some(_) => Command::Roll(d),
            None => Command::Move(d),
        })
    }

    /// The directions the maze's moves use, with the keys of each as shown on screen
    /// (`↑ w 8`), in direction order.
    pub fn direction_keys(&self) -> Vec<(&'static str, String)> {
        self.shown
            .iter()
            .filter(|&&d| usize::from(d) < self.keys.len())
            .map(|&d| {
                let keys: Vec<String> = self.keys[usize::from(d)]
                    .iter()
                    .map(|k| match k {
                        Key::Arrow(KeyCode::Up) => "↑".to_string(),
                        Key::Arrow(KeyCode::Down) => "↓".to_string(),
                        Key::Arrow(KeyCode::Left) => "←".to_string(),
                        Key::Arrow(KeyCode::Right) => "→".to_string(),
                        Key::Arrow(other) => other.to_string(),
                        Key::Char(c) => c.to_string(),
                    })
                    .collect();
                (self.directions.name(d), keys.join(" "))
            })
            .collect()
    }

    /// How many directions the maze's direction table has (six on the hex and triangle
    /// tilings), shown or not: it decides how the keys are laid out.
    pub(crate) fn table_len(&self) -> usize {
        self.directions.len()
    }

    /// The other commands' keys as shown on screen.
    pub(crate) fn command_keys() -> &'static [(&'static str, &'static str)] {
        &[
            ("u", "undo"),
            ("r", "restart"),
            ("h", "hint"),
            ("q Esc Ctrl-C", "quit"),
        ]
    }

    /// The keys that pick the mover, as shown on screen, where the player picks one: `Tab`
    /// `next cube`, `1 2` `cube 1 or 2`.
    pub(crate) fn mover_keys(&self) -> Option<Vec<(String, String)>> {
        let movers = self.movers?;
        let noun = movers.noun();
        let digits: Vec<String> = (1..=movers.most()).map(|k| k.to_string()).collect();
        let numbers = match digits.as_slice() {
            [a, b] => format!("{a} or {b}"),
            _ => format!("1 to {}", movers.most()),
        };
        Some(vec![
            (
                "Tab Shift-Tab".to_string(),
                format!("next or previous {noun}"),
            ),
            (digits.join(" "), format!("{noun} {numbers}")),
        ])
    }

    /// The keys of [`Command::Confirm`] and of cancelling an aim, as shown on screen, for
    /// mazes where a move may stop on several cells.
    pub(crate) fn aim_keys() -> &'static [(&'static str, &'static str)] {
        &[
            ("key again", "aims further"),
            ("Enter Space", "go"),
            ("Esc", "cancel"),
        ]
    }
}

/// The picking keys in words, for `n` movers: `Tab, 1 or 2`, `Tab or 1 to 3`.
pub(crate) fn pick_keys(n: usize) -> String {
    match n {
        2 => "Tab, 1 or 2".to_string(),
        n => format!("Tab or 1 to {n}"),
    }
}

/// A key as a message names it: `m`, `Alt+x`, `F5`; control characters escaped, so a message
/// never sends one to the terminal.
pub(crate) fn describe(key: KeyEvent) -> String {
    let mut out = String::new();
    for (modifier, name) in [
        (KeyModifiers::CONTROL, "Ctrl+"),
        (KeyModifiers::ALT, "Alt+"),
        (KeyModifiers::SUPER, "Super+"),
        (KeyModifiers::META, "Meta+"),
    ] {
        if key.modifiers.contains(modifier) {
            out.push_str(name);
        }
    }
    match key.code {
        KeyCode::Char(c) if c.is_control() => out.push_str(&c.escape_default().to_string()),
        code => out.push_str(&code.to_string()),
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use maze_variants::tiling::{SIX_DIRECTIONS, SQUARE_DIRECTIONS, SQUARE_LEAP_DIRECTIONS};

    fn press(map: &Keymap, code: KeyCode) -> Option<Command> {
        map.command(KeyEvent::new(code, KeyModifiers::NONE))
    }

    fn code(k: Key) -> KeyCode {
        match k {
            Key::Arrow(code) => code,
            Key::Char(c) => KeyCode::Char(c),
        }
    }

    #[test]
    fn no_key_has_two_meanings() {
        for (table, n) in [(SQUARE_KEYS, 16), (SIX_KEYS, 6)] {
            assert_eq!(table.len(), n);
            let all: Vec<Key> = table.iter().flat_map(|(_, k)| k.iter().copied()).collect();
            for (i, k) in all.iter().enumerate() {
                assert!(!all[i + 1..].contains(k), "{k:?} twice");
                assert!(
                    !matches!(k, Key::Char('q' | 'u' | 'r' | 'h' | ' ')),
                    "{k:?} is a command key"
                );
            }
        }
        assert!(!SPARE_LETTERS.contains(['q', 'u', 'r', 'h']));
    }

    #[test]
    fn every_direction_has_a_letter_and_the_compass_a_digit() {
        for directions in [&SQUARE_DIRECTIONS, &SIX_DIRECTIONS, &SQUARE_LEAP_DIRECTIONS] {
            let all: Vec<Dir> = (0..directions.len() as Dir).collect();
            let map = Keymap::new(directions, &all);
            for d in all {
                let keys = &map.keys[usize::from(d)];
                assert!(
                    keys.iter()
                        .any(|k| matches!(k, Key::Char(c) if c.is_ascii_lowercase()))
                );
                // The keypad has eight directions around its middle: the compass's.
                if d < 8 {
                    assert!(
                        keys.iter()
                            .any(|k| matches!(k, Key::Char(c) if c.is_ascii_digit()))
                    );
                }
                for &k in keys {
                    assert_eq!(press(&map, code(k)), Some(Command::Move(d)), "{k:?}");
                }
            }
        }
    }

    #[test]
    fn knight_leaps_keep_the_compass_keys() {
        let all: Vec<Dir> = (0..16).collect();
        let leaps = Keymap::new(&SQUARE_LEAP_DIRECTIONS, &all);
        let compass = Keymap::new(&SQUARE_DIRECTIONS, &all[..8]);
        assert_eq!(leaps.keys[..8], compass.keys[..]);
        let n = |name| SQUARE_LEAP_DIRECTIONS.parse(name).map(Command::Move);
        assert_eq!(press(&leaps, KeyCode::Char('y')), n("NNE"));
        assert_eq!(press(&leaps, KeyCode::Char('c')), n("WSW"));
        // Without leaps, their letters mean nothing.
        assert_eq!(press(&compass, KeyCode::Char('y')), None);
        let shown: Vec<&str> = leaps.direction_keys().iter().map(|(n, _)| *n).collect();
        assert_eq!(shown, SQUARE_LEAP_DIRECTIONS.names);
    }

    #[test]
    fn unknown_direction_names_get_spare_letters() {
        static ODD: Directions = Directions {
            names: &["N", "UP", "DOWN", "S"],
            opposite: &[3, 2, 1, 0],
        };
        let map = Keymap::new(&ODD, &[0, 1, 2, 3]);
        let keys = map.direction_keys();
        assert_eq!(keys[0], ("N", "↑ w 8".to_string()));
        assert_eq!(keys[1], ("UP", "b".to_string()));
        assert_eq!(keys[2], ("DOWN", "e".to_string()));
        assert_eq!(press(&map, KeyCode::Char('e')), Some(Command::Move(2)));
    }

    #[test]
    fn commands_and_quit_keys() {
        let map = Keymap::new(&SQUARE_DIRECTIONS, &[0, 2, 4, 6]);
        assert_eq!(press(&map, KeyCode::Char('u')), Some(Command::Undo));
        assert_eq!(press(&map, KeyCode::Char('R')), Some(Command::Restart));
        assert_eq!(press(&map, KeyCode::Char('h')), Some(Command::Hint));
        assert_eq!(press(&map, KeyCode::Char('q')), Some(Command::Quit));
        assert_eq!(press(&map, KeyCode::Esc), Some(Command::Quit));
        assert_eq!(press(&map, KeyCode::Enter), Some(Command::Confirm));
        assert_eq!(press(&map, KeyCode::Char(' ')), Some(Command::Confirm));
        let ctrl_c = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
        assert_eq!(map.command(ctrl_c), Some(Command::Quit));
        let ctrl_z = KeyEvent::new(KeyCode::Char('z'), KeyModifiers::CONTROL);
        assert_eq!(map.command(ctrl_z), None);
        assert_eq!(press(&map, KeyCode::Char('m')), None);
        assert_eq!(press(&map, KeyCode::F(1)), None);
    }

    #[test]
    fn keys_are_described_printably() {
        let alt_x = KeyEvent::new(KeyCode::Char('x'), KeyModifiers::ALT);
        assert_eq!(describe(alt_x), "Alt+x");
        assert_eq!(
            describe(KeyEvent::new(KeyCode::Char('\u{7}'), KeyModifiers::NONE)),
            "\\u{7}"
        );
        assert_eq!(
            describe(KeyEvent::new(KeyCode::F(5), KeyModifiers::NONE)),
            "F5"
        );
    }

    #[test]
    fn movers_are_picked_and_rolled() {
        let map = Keymap::with_movers(Movers::Blocks(3));
        assert_eq!(press(&map, KeyCode::Up), Some(Command::Roll(0)));
        assert_eq!(press(&map, KeyCode::Char('a')), Some(Command::Roll(3)));
        assert_eq!(press(&map, KeyCode::Char('1')), Some(Command::Select(0)));
        assert_eq!(press(&map, KeyCode::Char('3')), Some(Command::Select(2)));
        assert_eq!(press(&map, KeyCode::Tab), Some(Command::NextMover));
        let back_tab = KeyEvent::new(KeyCode::BackTab, KeyModifiers::SHIFT);
        assert_eq!(map.command(back_tab), Some(Command::PreviousMover));
        // The digits pick, so the keypad does not roll; the commands keep their keys.
        assert_eq!(press(&map, KeyCode::Char('0')), None);
        assert_eq!(press(&map, KeyCode::Char('u')), Some(Command::Undo));
        let shown: Vec<String> = map
            .direction_keys()
            .iter()
            .map(|(n, k)| format!("{n} {k}"))
            .collect();
        assert_eq!(shown, ["N ↑ w", "E → d", "S ↓ s", "W ← a"]);
        let pick = map.mover_keys().unwrap_or_default();
        assert_eq!(pick[1], ("1 2 3".to_string(), "block 1 to 3".to_string()));
        let cubes = Keymap::with_movers(Movers::Cubes)
            .mover_keys()
            .unwrap_or_default();
        assert_eq!(cubes[0].1, "next or previous cube");
        assert_eq!(cubes[1], ("1 2".to_string(), "cube 1 or 2".to_string()));
        // Without movers, Tab means nothing and the digits roll.
        let plain = Keymap::new(&maze_variants::rolling::ROLL_DIRECTIONS, &[0, 1, 2, 3]);
        assert_eq!(press(&plain, KeyCode::Tab), None);
        assert_eq!(press(&plain, KeyCode::Char('2')), Some(Command::Move(2)));
        assert_eq!(plain.mover_keys(), None);
    }

    #[test]
    fn only_the_moves_in_use_are_shown() {
        let map = Keymap::new(&SQUARE_DIRECTIONS, &[0, 2, 4, 6]);
        let shown: Vec<&str> = map.direction_keys().iter().map(|(n, _)| *n).collect();
        assert_eq!(shown, ["N", "E", "S", "W"]);
        assert_eq!(map.direction_keys()[0].1, "↑ w 8");
        // A diagonal key still means its direction, so the game can say why it is no move.
        assert_eq!(press(&map, KeyCode::Char('o')), Some(Command::Move(1)));
    }
}
