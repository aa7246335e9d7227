//! Jumping-maze boards: cells with their attributes (number, arrows, colour, symbol, circled,
//! piece, ...), the tokens that write them, and the grid that holds them.
//!
//! A cell is a [`Kind`] (ordinary, goal, dead end, blocked, hole, void, empty) plus the
//! attributes a rule may read. Which attributes a board token holds, and in what order, is the
//! rules' token schema ([`Attr`]): the default schema `[Number]` reads the tokens of RULES.md
//! (`3`, `G`, `0`, `#`, `o`, `.`) exactly as before.

use std::fmt;
use std::num::NonZeroU8;

use maze_graph::{DirSet, Directions};
use serde::{Deserialize, Serialize};

use crate::tiling::Coord;

/// The largest jump number a board may hold (RULES.md tokens `1`..`99`).
pub const MAX_JUMP: u8 = 99;

/// What a cell is, before its attributes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// An ordinary cell: moves leave it as the rules say.
    #[default]
    Ordinary,
    /// A goal cell `G`: no moves out.
    Goal,
    /// A dead end `0`: no moves out, not the goal.
    DeadEnd,
    /// A blocked cell `#`: nothing lands on it or passes over it.
    Blocked,
    /// A hole `o`: jumps pass over it but never land on it.
    Hole,
    /// A void cell `.`: not part of the board, like the board's edge.
    Void,
    /// An empty cell `_`: on the board, flown over, never landed on (a chess maze's empty
    /// square, an Alice maze's blank, a link maze's gap).
    Empty,
}

/// A chess piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Piece {
    /// `K`.
    King,
    /// `Q`.
    Queen,
    /// `R`.
    Rook,
    /// `B`.
    Bishop,
    /// `N`.
    Knight,
    /// `P`.
    Pawn,
}

impl Piece {
    /// Every piece, in the order of their letters `K Q R B N P`.
    pub const ALL: [Piece; 6] = [
        Piece::King,
        Piece::Queen,
        Piece::Rook,
        Piece::Bishop,
        Piece::Knight,
        Piece::Pawn,
    ];

    /// The piece's letter.
    pub fn letter(self) -> char {
        ['K', 'Q', 'R', 'B', 'N', 'P'][self as usize]
    }

    /// The piece written `letter`.
    pub(crate) fn from_letter(letter: &str) -> Option<Piece> {
        Piece::ALL
            .into_iter()
            .find(|p| letter.len() == 1 && letter.starts_with(p.letter()))
    }
}

/// What a turn cell does to the direction of the move that arrived (arrow mazes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Turn {
    /// `O`, a reflector: leave opposite to the arrival direction.
    Reflect,
    /// `CW`: turn the arrival direction 90 degrees clockwise.
    Clockwise,
    /// `CCW`: turn it 90 degrees anticlockwise.
    Anticlockwise,
}

impl Turn {
    fn token(self) -> &'static str {
        match self {
            Turn::Reflect => "O",
            Turn::Clockwise => "CW",
            Turn::Anticlockwise => "CCW",
        }
    }
}

/// A short name (a colour, a symbol or a teleport pair): 1 to 8 ASCII letters or digits,
/// stored inline so cells stay `Copy`.
///
/// A board holds three per cell, so a tag is packed into six bytes: each character is a 6-bit
/// code (digits, capitals and small letters in ASCII order, 0 after the last), the first
/// character in the highest bits. The first byte holds the first code, which is never 0, so
/// `Option<Tag>` takes no more room than `Tag`; and comparing the packed bytes orders tags as
/// their names are ordered.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Tag {
    head: NonZeroU8,
    tail: [u8; 5],
}

/// The most characters a [`Tag`] holds.
const TAG_LEN: usize = 8;

/// A tag character's 6-bit code, from 1 (`0`) to 62 (`z`), in ASCII order.
fn tag_code(b: u8) -> Option<u64> {
    let code = match b {
        b'0'..=b'9' => b - b'0' + 1,
        b'A'..=b'Z' => b - b'A' + 11,
        b'a'..=b'z' => b - b'a' + 37,
        _ => return None,
    };
    Some(u64::from(code))
}

/// The character of a code [`tag_code`] gives.
fn tag_char(code: u8) -> u8 {
    match code {
        1..=10 => b'0' + code - 1,
        11..=36 => b'A' + code - 11,
        _ => b'a' + code - 37,
    }
}

impl Tag {
    /// The tag spelled `name`, if it is 1 to 8 ASCII letters or digits.
    pub fn new(name: &str) -> Option<Tag> {
        if name.is_empty() || name.len() > TAG_LEN {
            return None;
        }
        let mut packed = 0u64;
        for (i, b) in name.bytes().enumerate() {
            packed |= tag_code(b)? << (42 - 6 * i);
        }
        let [_, _, head, tail @ ..] = packed.to_be_bytes();
        Some(Tag {
            head: NonZeroU8::new(head)?,
            tail,
        })
    }

    /// The name's ASCII bytes, padded with zeros to eight.
    pub fn bytes(&self) -> [u8; TAG_LEN] {
        let [a, b, c, d, e] = self.tail;
        let packed = u64::from_be_bytes([0, 0, self.head.get(), a, b, c, d, e]);
        let mut out = [0u8; TAG_LEN];
        for (i, byte) in out.iter_mut().enumerate() {
            let code = ((packed >> (42 - 6 * i)) & 63) as u8;
            if code == 0 {
                break;
            }
            *byte = tag_char(code);
        }
        out
    }
}

impl fmt::Display for Tag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let bytes = self.bytes();
        let len = bytes.iter().position(|&b| b == 0).unwrap_or(TAG_LEN);
        // Every byte is an ASCII letter or digit.
        f.write_str(std::str::from_utf8(&bytes[..len]).unwrap_or("?"))
    }
}

impl fmt::Debug for Tag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.to_string())
    }
}

/// A cell attribute a board token can hold: the fields of the rules' token schema.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Attr {
    /// A jump number `1`..`99`, or a signed offset `+3` / `-2` / `+0`.
    Number,
    /// Arrows: one or more directions joined by `,` (`N`, `S,SE`), or a turn cell `O`,
    /// `CW`, `CCW`.
    Arrows,
    /// A colour name (letters or digits).
    Colour,
    /// A symbol (letters or digits).
    Symbol,
    /// A chess piece `K Q R B N P`.
    Piece,
    /// A teleport: 1 to 8 letters or digits naming its pair. The two cells of a board that
    /// carry the same name are partners: a move landing on one ends on the other.
    Teleport,
}

impl Attr {
    /// The attribute's name as the file writes it.
    pub fn name(self) -> &'static str {
        match self {
            Attr::Number => "Number",
            Attr::Arrows => "Arrows",
            Attr::Colour => "Colour",
            Attr::Symbol => "Symbol",
            Attr::Piece => "Piece",
            Attr::Teleport => "Teleport",
        }
    }
}

/// How a wall lets moves through, when it does: the third element of a wall in a maze file,
/// `((r1, c1), (r2, c2), OneWay)`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Passage {
    /// Crossed from the first cell to the second only (a one-way wall).
    OneWay,
    /// Crossed either way while the rules' door of this name is open.
    Door(String),
    /// Crossed from the first cell to the second only, while the door of this name is open.
    OneWayDoor(String),
}

impl Passage {
    /// Whether it is crossed from the first cell to the second only.
    pub fn one_way(&self) -> bool {
        matches!(self, Passage::OneWay | Passage::OneWayDoor(_))
    }

    /// The door it opens with, if any.
    pub fn door(&self) -> Option<&str> {
        match self {
            Passage::OneWay => None,
            Passage::Door(name) | Passage::OneWayDoor(name) => Some(name),
        }
    }
}

/// A wall with a passage (a one-way wall or a door), between two edge-adjacent cells: the
/// passage's way is from `from` to `to`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Gate {
    /// The cell a one-way passage is crossed from.
    pub from: Coord,
    /// The cell a one-way passage is crossed into.
    pub to: Coord,
    /// How it lets moves through.
    pub passage: Passage,
}

/// One cell of a jumping-maze board: its kind and the attributes rules may read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Cell {
    /// What the cell is.
    pub kind: Kind,
    /// The jump number or offset.
    pub number: Option<i16>,
    /// Arrows (directions in the tiling's direction order).
    pub arrows: DirSet,
    /// A turn cell's turn.
    pub turn: Option<Turn>,
    /// Colour.
    pub colour: Option<Tag>,
    /// Symbol.
    pub symbol: Option<Tag>,
    /// Chess piece.
    pub piece: Option<Piece>,
    /// The name of the teleport pair the cell belongs to.
    pub teleport: Option<Tag>,
    /// Circled (`@`).
    pub circled: bool,
    /// A wildcard `*`: it takes the attributes a register inherits (see the rules).
    pub wildcard: bool,
}

impl Cell {
    /// The goal `G`.
    pub const GOAL: Cell = Cell::of(Kind::Goal);
    /// A dead end `0`.
    pub const DEAD_END: Cell = Cell::of(Kind::DeadEnd);
    /// A blocked cell `#`.
    pub const BLOCKED: Cell = Cell::of(Kind::Blocked);
    /// A hole `o`.
    pub const HOLE: Cell = Cell::of(Kind::Hole);
    /// A void cell `.`.
    pub const VOID: Cell = Cell::of(Kind::Void);
    /// An empty cell `_`.
    pub const EMPTY: Cell = Cell::of(Kind::Empty);

    /// A cell of `kind` with no attributes.
    pub const fn of(kind: Kind) -> Cell {
        Cell {
            kind,
            number: None,
            arrows: DirSet::EMPTY,
            turn: None,
            colour: None,
            symbol: None,
            piece: None,
            teleport: None,
            circled: false,
            wildcard: false,
        }
    }

    /// An ordinary cell with jump number `k`.
    pub const fn numbered(k: u8) -> Cell {
        Cell::with_number(k as i16)
    }

    /// An ordinary cell holding the number `k`, which may be negative (an offset maze's
    /// signed numbers).
    pub const fn with_number(k: i16) -> Cell {
        let mut cell = Cell::of(Kind::Ordinary);
        cell.number = Some(k);
        cell
    }

    /// This cell made the goal: its number goes (a goal has jump number 0), its other
    /// attributes stay (a link maze's goal keeps its symbol and colour).
    pub fn into_goal(mut self) -> Cell {
        self.kind = Kind::Goal;
        self.number = None;
        self.wildcard = false;
        self
    }

    /// The jump number of an ordinary numbered cell (1..=99), if it is one.
    pub fn jump_number(&self) -> Option<u8> {
        match (self.kind, self.number) {
            (Kind::Ordinary, Some(k)) if (1..=i16::from(MAX_JUMP)).contains(&k) => Some(k as u8),
            _ => None,
        }
    }

    /// The cell's jump number for same-jump clusters: its number, 0 for the goal and dead
    /// ends (RULES.md), `None` for cells without a number.
    #[inline(always)]
    pub fn jump(&self) -> Option<u32> {
        match self.kind {
            Kind::Goal | Kind::DeadEnd if self.number.is_none() => Some(0),
            Kind::Ordinary | Kind::Goal | Kind::DeadEnd => {
                self.number.and_then(|k| u32::try_from(k).ok())
            }
            _ => None,
        }
    }

    /// Whether a move may land here (ordinary cells, dead ends and goals).
    pub fn is_landable(&self) -> bool {
        matches!(self.kind, Kind::Ordinary | Kind::Goal | Kind::DeadEnd)
    }

    /// Whether a jump may pass over this cell (everything but blocked and void cells).
    pub(crate) fn is_flyable(&self) -> bool {
        !matches!(self.kind, Kind::Blocked | Kind::Void)
    }

    /// Whether moves may leave this cell (ordinary cells only).
    pub fn is_ordinary(&self) -> bool {
        self.kind == Kind::Ordinary
    }

    /// Whether this is a goal cell.
    pub fn is_goal(&self) -> bool {
        self.kind == Kind::Goal
    }

    /// Whether the cell holds anything a reader of the board would call an attribute.
    fn has_attrs(&self) -> bool {
        self.number.is_some()
            || !self.arrows.is_empty()
            || self.turn.is_some()
            || self.colour.is_some()
            || self.symbol.is_some()
            || self.piece.is_some()
            || self.teleport.is_some()
    }

    /// Parses one board token under the token `schema`, with arrows named in `dirs`.
    ///
    /// A token is a special (`G`, `0`, `#`, `o`, `.`, `_`, `*`, and `-` for an ordinary cell
    /// holding nothing) or the schema's fields joined by `:`; `G` and `*` may be followed by `:` and the fields; any token of an ordinary,
    /// goal or wildcard cell may end in `@` (circled).
    pub fn parse(token: &str, schema: &[Attr], dirs: &Directions) -> Result<Cell, String> {
        // Most tokens of a large board are a bare jump number: read without splitting or
        // collecting its fields.
        match plain_number(token, schema) {
            Some(cell) => Ok(cell),
            None => Cell::parse_fields(token, schema, dirs),
        }
    }

    /// [`Cell::parse`] for every token: the special cells, then the schema's fields.
    fn parse_fields(token: &str, schema: &[Attr], dirs: &Directions) -> Result<Cell, String> {
        let (body, circled) = match token.strip_suffix('@') {
            Some(body) if !body.is_empty() => (body, true),
            _ => (token, false),
        };
        let mut parts = body.split(':');
        let head = parts.next().unwrap_or("");
        let (mut cell, fields): (Cell, Vec<&str>) = match head {
            "G" => (Cell::GOAL, parts.collect()),
            "*" => {
                let mut cell = Cell::of(Kind::Ordinary);
                cell.wildcard = true;
                (cell, parts.collect())
            }
            "-" if body == "-" => {
                let mut cell = Cell::of(Kind::Ordinary);
                cell.circled = circled;
                return Ok(cell);
            }
            "0" | "#" | "o" | "." | "_" if !body.contains(':') => {
                let kind = match head {
                    "0" => Kind::DeadEnd,
                    "#" => Kind::Blocked,
                    "o" => Kind::Hole,
                    "." => Kind::Void,
                    _ => Kind::Empty,
                };
                if circled {
                    return Err(format!(
                        "`{token}`: only ordinary, goal and wildcard cells can be circled"
                    ));
                }
                return Ok(Cell::of(kind));
            }
            _ => (Cell::of(Kind::Ordinary), body.split(':').collect()),
        };
        cell.circled = circled;
        let is_default = schema == [Attr::Number];
        if fields.is_empty() {
            if cell.kind == Kind::Ordinary && !cell.wildcard {
                return Err(unknown(token, schema));
            }
        } else if fields.len() != schema.len() {
            return Err(if is_default || schema.len() <= 1 {
                unknown(token, schema)
            } else {
                format!(
                    "`{token}` has {} field(s) but the rules' `cells` schema has {} ({}), joined by `:`",
                    fields.len(),
                    schema.len(),
                    schema_names(schema)
                )
            });
        } else {
            for (&attr, field) in schema.iter().zip(&fields) {
                set_field(&mut cell, attr, field, dirs).map_err(|why| {
                    if is_default {
                        unknown(token, schema)
                    } else {
                        format!("`{token}`: {why}")
                    }
                })?;
            }
        }
        Ok(cell)
    }

    /// Writes the cell as a token of `schema` that [`Cell::parse`] reads back equal.
    pub fn token(&self, schema: &[Attr], dirs: &Directions) -> String {
        let at = if self.circled { "@" } else { "" };
        let fields = || -> String {
            schema
                .iter()
                .map(|&a| field(self, a, dirs))
                .collect::<Vec<_>>()
                .join(":")
        };
        match self.kind {
            Kind::DeadEnd => "0".into(),
            Kind::Blocked => "#".into(),
            Kind::Hole => "o".into(),
            Kind::Void => ".".into(),
            Kind::Empty => "_".into(),
            Kind::Goal if self.has_attrs() => format!("G:{}{at}", fields()),
            Kind::Goal => format!("G{at}"),
            Kind::Ordinary if self.wildcard && self.has_attrs() => format!("*:{}{at}", fields()),
            Kind::Ordinary if self.wildcard => format!("*{at}"),
            Kind::Ordinary if !self.has_attrs() => format!("-{at}"),
            Kind::Ordinary => format!("{}{at}", fields()),
        }
    }
}

fn schema_names(schema: &[Attr]) -> String {
    schema
        .iter()
        .map(|a| a.name())
        .collect::<Vec<_>>()
        .join(", ")
}

fn unknown(token: &str, schema: &[Attr]) -> String {
    if schema == [Attr::Number] {
        if token.bytes().all(|b| b.is_ascii_digit()) && !token.is_empty() {
            return format!(
                "jump number `{token}` is out of range: jump numbers are 1 to {MAX_JUMP}, written without leading zeros"
            );
        }
        return format!(
            "unknown cell token `{token}`: expected a jump number 1-{MAX_JUMP} (or a signed offset such as +3 or -2), `G` (goal), `*` (wildcard), `-` (a cell with no number), `0` (dead end), `#` (blocked), `o` (hole), `.` (void) or `_` (empty); a trailing `@` circles a number, `G`, `*` or `-`"
        );
    }
    if schema.is_empty() {
        return format!(
            "unknown cell token `{token}`: these cells hold nothing (`cells: []`): expected `-` (a plain cell), `G`, `*`, `0`, `#`, `o`, `.` or `_`; a trailing `@` circles `-`, `G` or `*`"
        );
    }
    format!(
        "unknown cell token `{token}`: expected {} joined by `:` (`-` for a field left out), or `G`, `*` (alone or followed by `:` and the fields), `-`, `0`, `#`, `o`, `.`, `_`; a trailing `@` circles a cell",
        schema_names(schema)
    )
}

/// A token of one or two digits, not starting with `0`, under the default schema: the
/// ordinary cell with that jump number, which is what [`Cell::parse_fields`] reads from it
/// (every such number is in 1 to [`MAX_JUMP`]); `None` for any other token.
#[inline]
fn plain_number(token: &str, schema: &[Attr]) -> Option<Cell> {
    if schema != [Attr::Number] {
        return None;
    }
    let number = match *token.as_bytes() {
        [d @ b'1'..=b'9'] => d - b'0',
        [d @ b'1'..=b'9', e @ b'0'..=b'9'] => (d - b'0') * 10 + (e - b'0'),
        _ => return None,
    };
    Some(Cell::numbered(number))
}

fn set_field(cell: &mut Cell, attr: Attr, text: &str, dirs: &Directions) -> Result<(), String> {
    // `-` leaves an attribute out (a goal whose arrows do not matter, say).
    if text == "-" {
        return Ok(());
    }
    match attr {
        Attr::Number => {
            let signed = text.starts_with(['+', '-']);
            let digits = text.trim_start_matches(['+', '-']);
            if digits.is_empty()
                || !digits.bytes().all(|b| b.is_ascii_digit())
                || (!signed && digits.starts_with('0'))
                || digits.len() > 2 && digits.starts_with('0')
            {
                return Err(format!(
                    "`{text}` is no number: write 1 to {MAX_JUMP}, or a signed offset such as +3, -2 or +0"
                ));
            }
            let k: i16 = text.parse().map_err(|_| format!("`{text}` is no number"))?;
            if !signed && !(1..=i16::from(MAX_JUMP)).contains(&k) || k.abs() > i16::from(MAX_JUMP) {
                return Err(format!(
                    "number `{text}` is out of range: 1 to {MAX_JUMP}, or -{MAX_JUMP} to +{MAX_JUMP} signed"
                ));
            }
            cell.number = Some(k);
        }
        Attr::Arrows => match text {
            "O" => cell.turn = Some(Turn::Reflect),
            "CW" => cell.turn = Some(Turn::Clockwise),
            "CCW" => cell.turn = Some(Turn::Anticlockwise),
            _ => {
                for name in text.split(',') {
                    let d = dirs.parse(name).filter(|&d| usize::from(d) < 8).ok_or_else(|| {
                            format!(
                                "`{name}` is no arrow: the directions are {}, or a turn cell `O`, `CW`, `CCW`",
                                dirs.names[..dirs.len().min(8)].join(" ")
                            )
                        })?;
                    cell.arrows.insert(d);
                }
            }
        },
        Attr::Colour => {
            cell.colour = Some(
                Tag::new(text)
                    .ok_or_else(|| format!("`{text}` is no colour: 1 to 8 letters or digits"))?,
            );
        }
        Attr::Symbol => {
            cell.symbol = Some(
                Tag::new(text)
                    .ok_or_else(|| format!("`{text}` is no symbol: 1 to 8 letters or digits"))?,
            );
        }
        Attr::Piece => {
            cell.piece = Some(Piece::from_letter(text).ok_or_else(|| {
                format!(
                    "`{text}` is no piece: K Q R B N P (king, queen, rook, bishop, knight, pawn)"
                )
            })?);
        }
        Attr::Teleport => {
            cell.teleport = Some(Tag::new(text).ok_or_else(|| {
                format!("`{text}` is no teleport name: 1 to 8 letters or digits")
            })?);
        }
    }
    Ok(())
}

fn field(cell: &Cell, attr: Attr, dirs: &Directions) -> String {
    match attr {
        Attr::Number => match cell.number {
            Some(k) if k < 0 => k.to_string(),
            Some(k) if k == 0 || cell.wildcard => format!("+{k}"),
            Some(k) => k.to_string(),
            None => "-".into(),
        },
        Attr::Arrows => match cell.turn {
            Some(t) => t.token().into(),
            None if cell.arrows.is_empty() => "-".into(),
            None => cell.arrows.names(dirs, ","),
        },
        Attr::Colour => cell.colour.map_or("-".into(), |t| t.to_string()),
        Attr::Symbol => cell.symbol.map_or("-".into(), |t| t.to_string()),
        Attr::Piece => cell.piece.map_or("-".into(), |p| p.letter().to_string()),
        Attr::Teleport => cell.teleport.map_or("-".into(), |t| t.to_string()),
    }
}

/// The default token schema: jump numbers.
pub const NUMBER_SCHEMA: &[Attr] = &[Attr::Number];

/// A `rows x cols` grid of cells, row-major.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// Number of rows.
    pub rows: usize,
    /// Number of columns.
    pub cols: usize,
    /// The cells, row-major: `(r, c)` is at `r * cols + c`.
    pub cells: Vec<Cell>,
}

impl Board {
    /// The cell at `(r, c)`.
    pub fn get(&self, (r, c): (usize, usize)) -> Cell {
        self.cells[r * self.cols + c]
    }

    /// Whether `(r, c)` is inside the box.
    pub fn contains(&self, (r, c): (i64, i64)) -> bool {
        r >= 0 && c >= 0 && (r as usize) < self.rows && (c as usize) < self.cols
    }

    /// The board's rows as token strings under `schema`, `"3 4 1 3 1"`, right-aligned when
    /// tokens have different widths so columns line up.
    pub(crate) fn row_strings(&self, schema: &[Attr], dirs: &Directions) -> Vec<String> {
        let tokens: Vec<String> = self.cells.iter().map(|c| c.token(schema, dirs)).collect();
        let width = tokens.iter().map(String::len).max().unwrap_or(1);
        (0..self.rows)
            .map(|r| {
                let row: Vec<String> = tokens[r * self.cols..(r + 1) * self.cols]
                    .iter()
                    .map(|t| format!("{t:>width$}"))
                    .collect();
                row.join(" ")
            })
            .collect()
    }

    /// The goal cells, row-major.
    pub fn goals(&self) -> Vec<(usize, usize)> {
        (0..self.cells.len())
            .filter(|&i| self.cells[i].is_goal())
            .map(|i| (i / self.cols, i % self.cols))
            .collect()
    }

    /// The single goal cell, if the board has exactly one.
    pub fn goal(&self) -> Option<(usize, usize)> {
        match self.goals().as_slice() {
            [g] => Some(*g),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tiling::SQUARE_DIRECTIONS;

    fn round_trip(token: &str, schema: &[Attr]) {
        let cell = Cell::parse(token, schema, &SQUARE_DIRECTIONS).unwrap_or_else(|e| panic!("{e}"));
        let again = cell.token(schema, &SQUARE_DIRECTIONS);
        assert_eq!(
            Cell::parse(&again, schema, &SQUARE_DIRECTIONS),
            Ok(cell),
            "{token} -> {again}"
        );
    }

    #[test]
    fn tags_pack_without_losing_a_name_or_its_order() {
        let names = [
            "0", "9", "A", "Zz9", "a", "z", "red", "reda", "zzzzzzzz", "00000000",
        ];
        for name in names {
            let tag = Tag::new(name).unwrap_or_else(|| panic!("{name}"));
            assert_eq!(tag.to_string(), name);
            let mut padded = [0u8; 8];
            padded[..name.len()].copy_from_slice(name.as_bytes());
            assert_eq!(tag.bytes(), padded);
        }
        for a in names {
            for b in names {
                assert_eq!(Tag::new(a).cmp(&Tag::new(b)), a.cmp(b), "{a} against {b}");
            }
        }
        for bad in ["", "123456789", "r-d", "é"] {
            assert_eq!(Tag::new(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_cell_is_no_larger_than_before_teleports() {
        assert_eq!(size_of::<Option<Tag>>(), size_of::<Tag>());
        // Before teleports a cell was 30 bytes: a third tag must not make every board larger.
        assert!(size_of::<Cell>() <= 30, "{} bytes", size_of::<Cell>());
    }

    #[test]
    fn tokens_round_trip() {
        for t in ["3", "99", "G", "0", "#", "o", ".", "*", "4@", "*@", "G@"] {
            round_trip(t, NUMBER_SCHEMA);
        }
        for t in ["+3", "-2", "+0"] {
            round_trip(t, NUMBER_SCHEMA);
        }
        let link = [Attr::Symbol, Attr::Colour];
        for t in ["C:p", "E:b", "G:C:v", "*", "_", "X:o@"] {
            round_trip(t, &link);
        }
        let alice = [Attr::Colour, Attr::Arrows];
        for t in ["b:S,SE", "r:N", "y:NE,SW,W", "G", "G:r:-"] {
            round_trip(t, &alice);
        }
        round_trip("O", &[Attr::Arrows]);
        round_trip("CCW", &[Attr::Arrows]);
        round_trip("N", &[Attr::Piece]);
        round_trip("-", &[]);
        round_trip("-@", &[Attr::Number]);
        for t in ["3:a", "2:-", "G", "1:T2@"] {
            round_trip(t, &[Attr::Number, Attr::Teleport]);
        }
    }

    /// The fast path for bare numbers reads every token as the general parser does: each
    /// token of up to three of the characters numbers and special cells are written with,
    /// under schemas with and without a number.
    #[test]
    fn bare_numbers_read_as_the_fields_do() {
        let chars = ['0', '1', '5', '9', '@', ':', '+', '-', 'G', '*', '.', 'x'];
        let schemas: [&[Attr]; 4] = [
            NUMBER_SCHEMA,
            &[Attr::Number, Attr::Arrows],
            &[Attr::Symbol],
            &[],
        ];
        let mut tokens: Vec<String> = vec![String::new()];
        for _ in 0..3 {
            let longer: Vec<String> = tokens
                .iter()
                .flat_map(|t| chars.iter().map(move |c| format!("{t}{c}")))
                .collect();
            tokens.extend(longer);
        }
        tokens.sort();
        tokens.dedup();
        let mut fast = 0;
        for t in &tokens {
            for schema in schemas {
                fast += usize::from(plain_number(t, schema).is_some());
                assert_eq!(
                    Cell::parse(t, schema, &SQUARE_DIRECTIONS),
                    Cell::parse_fields(t, schema, &SQUARE_DIRECTIONS),
                    "`{t}` under {schema:?}"
                );
            }
        }
        // 1, 5, 9 and the nine two-digit numbers of those and 0.
        assert_eq!(fast, 3 + 3 * 4);
    }

    #[test]
    fn default_schema_keeps_the_old_messages() {
        let e = Cell::parse("x", NUMBER_SCHEMA, &SQUARE_DIRECTIONS).unwrap_err();
        assert!(e.contains("unknown cell token `x`"), "{e}");
        let e = Cell::parse("100", NUMBER_SCHEMA, &SQUARE_DIRECTIONS).unwrap_err();
        assert!(e.contains("1 to 99"), "{e}");
        let e = Cell::parse("07", NUMBER_SCHEMA, &SQUARE_DIRECTIONS).unwrap_err();
        assert!(e.contains("1 to 99"), "{e}");
    }

    #[test]
    fn arrows_are_named_in_the_tiling() {
        let c = Cell::parse("S,SE", &[Attr::Arrows], &SQUARE_DIRECTIONS).unwrap();
        assert_eq!(c.arrows.names(&SQUARE_DIRECTIONS, " "), "SE S");
        assert!(Cell::parse("Q", &[Attr::Arrows], &SQUARE_DIRECTIONS).is_err());
    }
}
