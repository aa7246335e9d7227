//! The rule model of jumping mazes, as data: which directions a move may take, how far it
//! goes, what it may fly over and land on, what the mover remembers (registers) and what
//! cells do to it (effects). [`JumpRules`] is what a file writes; [`JumpRules::compile`]
//! validates it once into a [`RuleSet`], the only form the engine and the reference walker
//! read, and this module's evaluator is the one place conditions and effects get their meaning.
//!
//! The flags of RULES.md (`moves`, `torus`, `no_u_turn`, `goal`) are shorthands of the same
//! model: `no_u_turn` is a direction register with a landing condition, `moves` the default
//! direction set.

use std::fmt;

use maze_graph::{Dir, DirSet, Directions};
use serde::{Deserialize, Serialize};

use crate::board::{Attr, Cell, Kind, NUMBER_SCHEMA, Piece, Tag, Turn};
use crate::tiling::{MoveSet, Tiling};

/// Where the goal is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GoalKind {
    /// The board's single `G` cell.
    #[default]
    Cell,
    /// One or more `G` cells, each its own goal state (arrow mazes' "corners").
    Cells,
    /// Off the board (Loyd): leaving the box or landing on void reaches the state `Outside`.
    Exit,
}

/// The rules of a jumping maze: the `Jumping(...)` of a maze file.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct JumpRules {
    /// The tiling.
    pub tiling: Tiling,
    /// Rook or queen moves (square tiling only): the direction set `Moves`.
    pub moves: MoveSet,
    /// Toroidal wrap-around on every unit step.
    pub torus: bool,
    /// Abbott's rule: no jump opposite to the previous one.
    pub no_u_turn: bool,
    /// A goal cell, several goal cells, or an exit off the board.
    pub goal: GoalKind,
    /// What a board token holds, fields joined by `:` (default `[Number]`).
    pub cells: Vec<Attr>,
    /// What the mover remembers.
    pub registers: Vec<Register>,
    /// The kinds of move (default: one, a jump of exactly the cell's number in a `moves`
    /// direction, flying over everything but blocked and void cells).
    pub jumps: Vec<JumpKind>,
    /// What leaving and landing on cells does to the registers.
    pub effects: Vec<Effect>,
}

impl Default for JumpRules {
    fn default() -> Self {
        JumpRules {
            tiling: Tiling::Square,
            moves: MoveSet::Rook,
            torus: false,
            no_u_turn: false,
            goal: GoalKind::Cell,
            cells: NUMBER_SCHEMA.to_vec(),
            registers: Vec::new(),
            jumps: Vec::new(),
            effects: Vec::new(),
        }
    }
}

/// A register: a small value the mover carries from move to move.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Register {
    /// Its name, as conditions and effects write it.
    pub name: String,
    /// Its values.
    pub kind: RegisterKind,
    /// The cells on whose states it is kept; elsewhere it is dropped (reads as its start
    /// value), so that states stay few.
    #[serde(default, skip_serializing_if = "is_default")]
    pub keep: Keep,
    /// On cells where it is kept, the cell's attribute reads as this register (a wildcard
    /// cell's number, piece, symbol or colour is inherited).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stands_for: Option<Attr>,
}

/// A register's values and start.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RegisterKind {
    /// One of these names; starts at the first.
    Choice(Vec<String>),
    /// An integer from `min` to `max`; a move that would leave the range is no move.
    Counter {
        /// Smallest value.
        min: i32,
        /// Largest value.
        max: i32,
        /// Start value (default `min`).
        #[serde(default)]
        start: Option<i32>,
    },
    /// A direction, or none (the start).
    Direction,
    /// A chess piece, or none (the start).
    Piece,
    /// A colour of the board, or none (the start).
    Colour,
    /// A symbol of the board, or none (the start).
    Symbol,
}

/// Where a register is kept.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Keep {
    /// On every cell.
    #[default]
    Everywhere,
    /// On cells meeting the condition (cell conditions only).
    Where(Cond),
}

/// One kind of move.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct JumpKind {
    /// Conditions on the cell moved from and the registers, all of which must hold.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub when: Vec<Cond>,
    /// The directions.
    #[serde(skip_serializing_if = "is_default")]
    pub dirs: Dirs,
    /// How far.
    #[serde(skip_serializing_if = "is_default")]
    pub length: Length,
    /// What the cells between may be.
    #[serde(skip_serializing_if = "is_default")]
    pub over: Over,
    /// Conditions on the landing cell (all must hold) besides being landable.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub land: Vec<Cond>,
}

fn is_default<T: Default + PartialEq>(x: &T) -> bool {
    *x == T::default()
}

/// Which directions a move may take.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Dirs {
    /// The `moves` set (rook or queen on squares, all six on hex and triangle).
    #[default]
    Moves,
    /// Every direction of the tiling.
    All,
    /// N, E, S, W (square tiling).
    Orthogonal,
    /// NE, SE, SW, NW (square tiling).
    Diagonal,
    /// These directions.
    List(Vec<String>),
    /// The knight's eight leaps (square tiling); a leap ignores walls and the cells between.
    Knight,
    /// The cell's arrows.
    Arrows,
    /// Opposite to the cell's arrows.
    ReverseArrows,
    /// The direction in a direction register.
    Register(String),
    /// Opposite to the direction in a direction register.
    Reverse(String),
    /// The cell's turn (`O`, `CW`, `CCW`) applied to the direction in a direction register.
    Turned(String),
}

/// How far a move goes.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Length {
    /// Exactly the cell's number.
    #[default]
    Number,
    /// Any length from 1 to the cell's number.
    UpToNumber,
    /// Any length.
    Any,
    /// Exactly this many unit steps.
    Exactly(u32),
    /// Exactly a counter register's value.
    Register(String),
    /// The list's entry at a counter register's value (cyclically).
    Cycle(String, Vec<u32>),
    /// To the first cell the move cannot fly over.
    First,
}

/// What the cells between the origin and the landing cell may be.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Over {
    /// Anything but blocked and void cells (RULES.md).
    #[default]
    Flyable,
    /// Empty cells `_` only (chess sliders).
    Empty,
    /// Anything but blocked, void and empty cells (link rays end at a gap).
    Occupied,
}

/// When an effect happens.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Phase {
    /// Before a move leaves the cell (the start included); the move sees the result.
    Leave,
    /// After a move lands; the next move sees the result.
    Land,
}

/// A change of registers, when its conditions hold.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Effect {
    /// When.
    pub on: Phase,
    /// Conditions (on the cell left, or on the landing cell and the move).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub when: Vec<Cond>,
    /// The changes, in order.
    #[serde(rename = "do")]
    pub ops: Vec<Op>,
}

/// One change of a register.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Op {
    /// Set the register to a value.
    Set(String, Value),
    /// Add a value to a counter.
    Add(String, Value),
    /// The next value, wrapping from the last to the first (flips a two-valued choice).
    Next(String),
    /// Rolling blocks: the standing block splits into two cubes on these cells (a split
    /// switch; the effect's `when` holds `Standing`).
    Split((usize, usize), (usize, usize)),
}

/// A value an effect uses.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Value {
    /// An integer.
    Int(i32),
    /// A choice name, a direction, a piece letter, a colour or a symbol.
    Name(String),
    /// The number of the cell moved from.
    Number,
    /// The piece of the cell moved from.
    Piece,
    /// The colour of the cell moved from.
    Colour,
    /// The symbol of the cell moved from.
    Symbol,
    /// The move's length in unit steps (landing effects).
    Length,
    /// The move's direction (landing effects).
    Direction,
    /// Another register's value.
    Register(String),
}

/// A condition. Cell conditions read the cell moved from in `when` and leaving effects, the
/// landing cell in `land` and landing effects; comparisons relate the landing cell to the
/// cell moved from.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Cond {
    /// A register holds this name (choice, direction, piece letter, colour, symbol).
    Is(String, String),
    /// A counter equals.
    Eq(String, i32),
    /// A counter is less than.
    Lt(String, i32),
    /// A counter is greater than.
    Gt(String, i32),
    /// The cell is circled.
    Circled,
    /// The cell is a wildcard `*`.
    Wildcard,
    /// The cell is a turn cell (`O`, `CW`, `CCW`).
    Turn,
    /// The cell is a goal.
    Goal,
    /// The cell holds this piece.
    Piece(Piece),
    /// The cell has this colour.
    Colour(String),
    /// The cell has this symbol.
    Symbol(String),
    /// The landing cell has the colour of the cell moved from.
    SameColour,
    /// The landing cell's colour differs (a colourless cell differs from every colour).
    OtherColour,
    /// The landing cell has the symbol of the cell moved from.
    SameSymbol,
    /// The move goes opposite to the direction in a direction register.
    Opposite(String),
    /// Rolling blocks: the cell pressed is `(row, col)` (a switch: every rolling-block
    /// effect names its cell).
    At(usize, usize),
    /// Rolling blocks: the press is a whole block standing on the cell alone (heavy).
    Standing,
    /// Rolling blocks: the press is a split cube rolling onto the cell.
    Cube,
    /// Not.
    Not(Box<Cond>),
    /// At least one.
    Any(Vec<Cond>),
    /// All.
    All(Vec<Cond>),
}

impl JumpRules {
    /// Whether the rules are only the RULES.md flags (no registers, kinds or effects, the
    /// number schema).
    pub fn is_plain(&self) -> bool {
        self.cells == NUMBER_SCHEMA
            && self.registers.is_empty()
            && self.jumps.is_empty()
            && self.effects.is_empty()
    }

    /// The rules written as in a maze file, the tiling always and other fields only where
    /// they differ from the defaults: `Jumping(tiling: Hex, torus: true)`.
    pub fn to_ron(&self) -> String {
        let d = JumpRules::default();
        let mut fields = vec![format!("tiling: {:?}", self.tiling)];
        if self.moves != d.moves || self.tiling == Tiling::Square {
            fields.push(format!("moves: {:?}", self.moves));
        }
        if self.torus {
            fields.push("torus: true".to_string());
        }
        if self.no_u_turn {
            fields.push("no_u_turn: true".to_string());
        }
        if self.goal != d.goal {
            fields.push(format!("goal: {:?}", self.goal));
        }
        if self.is_plain() {
            return format!("Jumping({})", fields.join(", "));
        }
        if self.cells != d.cells {
            fields.push(format!("cells: {}", crate::maze::one_line(&self.cells)));
        }
        let list = |name: &str, items: Vec<String>| {
            if items.is_empty() {
                String::new()
            } else {
                let inner: Vec<String> = items
                    .iter()
                    .map(|i| format!("            {i},\n"))
                    .collect();
                format!("{name}: [\n{}        ]", inner.concat())
            }
        };
        let mut long = Vec::new();
        for (name, items) in [
            (
                "registers",
                self.registers
                    .iter()
                    .map(crate::maze::one_line)
                    .collect::<Vec<_>>(),
            ),
            (
                "jumps",
                self.jumps.iter().map(crate::maze::one_line).collect(),
            ),
            (
                "effects",
                self.effects.iter().map(crate::maze::one_line).collect(),
            ),
        ] {
            let text = list(name, items);
            if !text.is_empty() {
                long.push(text);
            }
        }
        let mut out = format!("Jumping(\n        {},\n", fields.join(",\n        "));
        for l in long {
            out.push_str(&format!("        {l},\n"));
        }
        out.push_str("    )");
        out
    }

    /// The directions of the state graph's edges: the tiling's, with the knight's leaps when
    /// a kind of move uses them.
    pub fn directions(&self) -> &'static Directions {
        if self.jumps.iter().any(|j| j.dirs == Dirs::Knight) {
            self.tiling.directions_with_leaps()
        } else {
            self.tiling.directions()
        }
    }
}

/// Which part of the rules a problem is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RulePart {
    /// The rules as a whole (a flag, the tiling, the schema).
    Whole,
    /// The i-th register.
    Register(usize),
    /// The i-th kind of move.
    Jump(usize),
    /// The i-th effect.
    Effect(usize),
    /// The i-th switch of a rolling-block maze.
    Switch(usize),
    /// The i-th of a rolling-block maze's other blocks.
    Block(usize),
    /// The i-th bridge of a rolling-block maze's `bridges`.
    Bridge(usize),
}

/// A problem with the rules: where, and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleProblem {
    /// Where.
    pub part: RulePart,
    /// What.
    pub message: String,
    /// How to fix it.
    pub help: Option<String>,
}

fn problem(part: RulePart, message: impl Into<String>) -> RuleProblem {
    RuleProblem {
        part,
        message: message.into(),
        help: None,
    }
}

impl RuleProblem {
    fn help(mut self, help: impl Into<String>) -> RuleProblem {
        self.help = Some(help.into());
        self
    }
}

/// The most registers a rule may declare (the state key holds them inline).
pub const MAX_REGISTERS: usize = 6;

/// The longest move a rule may write (`Exactly`, `Cycle`): the reference walker walks it step
/// by step, and no board needs more.
pub const MAX_LENGTH: u32 = 10_000;

/// The largest counter value (in magnitude): a counter used as a length stays walkable.
pub const MAX_COUNTER: i64 = 10_000;

/// The name the `no_u_turn` shorthand gives its direction register.
pub const LAST_DIRECTION: &str = "last";

/// "No value" of direction, piece, colour and symbol registers.
pub const NONE: i64 = -1;

/// A register's value set, compiled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Domain {
    /// Names, values `0..n`.
    Choice(Vec<String>),
    /// Integers `min..=max`.
    Counter(i64, i64),
    /// Directions of the rule's direction table, or [`NONE`].
    Direction,
    /// Pieces (index in [`Piece::ALL`]), or [`NONE`].
    Piece,
    /// Colours (a [`Tag`] as an integer), or [`NONE`].
    Colour,
    /// Symbols (a [`Tag`] as an integer), or [`NONE`].
    Symbol,
}

/// A register, compiled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reg {
    /// Its name.
    pub name: String,
    /// Its values.
    pub domain: Domain,
    /// Its start value.
    pub start: i64,
    /// Kept on cells meeting this (cell conditions only); `None`: everywhere.
    pub keep: Option<C>,
    /// The attribute it stands for where kept.
    pub stands_for: Option<Attr>,
}

/// A condition, compiled: registers by index, names by value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum C {
    /// Register equals a value.
    Eq(usize, i64),
    /// Register less than.
    Lt(usize, i64),
    /// Register greater than.
    Gt(usize, i64),
    /// Circled.
    Circled,
    /// Wildcard.
    Wildcard,
    /// Turn cell.
    Turn,
    /// Goal.
    Goal,
    /// Piece.
    Piece(Piece),
    /// Colour.
    Colour(Tag),
    /// Symbol.
    Symbol(Tag),
    /// Same colour as the origin.
    SameColour,
    /// Other colour than the origin.
    OtherColour,
    /// Same symbol as the origin.
    SameSymbol,
    /// The move is opposite to a direction register.
    Opposite(usize),
    /// Rolling blocks: the pressed cell.
    At(usize, usize),
    /// Rolling blocks: pressed by a standing block.
    Standing,
    /// Rolling blocks: pressed by a split cube.
    Cube,
    /// Not.
    Not(Box<C>),
    /// Any.
    Any(Vec<C>),
    /// All.
    All(Vec<C>),
}

/// A value, compiled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum V {
    /// A constant.
    Const(i64),
    /// Origin's number.
    Number,
    /// Origin's piece.
    Piece,
    /// Origin's colour.
    Colour,
    /// Origin's symbol.
    Symbol,
    /// The move's length.
    Length,
    /// The move's direction.
    Direction,
    /// A register.
    Register(usize),
}

/// An operation, compiled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum O {
    /// Set.
    Set(usize, V),
    /// Add.
    Add(usize, V),
    /// Next value, wrapping.
    Next(usize),
    /// Split the block into cubes on these cells (reading order).
    Split([(usize, usize); 2]),
}

/// An effect, compiled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct E {
    /// Conditions.
    pub when: Vec<C>,
    /// Operations.
    pub ops: Vec<O>,
}

/// Directions, compiled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum D {
    /// A fixed set.
    Set(DirSet),
    /// The cell's arrows.
    Arrows,
    /// Their opposites.
    ReverseArrows,
    /// A direction register.
    Register(usize),
    /// Its opposite.
    Reverse(usize),
    /// The cell's turn applied to it.
    Turned(usize),
}

/// Length, compiled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum L {
    /// Exactly the cell's number.
    Number,
    /// 1..=number.
    UpToNumber,
    /// Any.
    Any,
    /// Exactly k.
    Exactly(i64),
    /// Exactly a register.
    Register(usize),
    /// List entry at a register.
    Cycle(usize, Vec<i64>),
    /// The first cell not flown over.
    First,
}

impl L {
    /// Whether a move of this length has at most one landing per direction.
    pub fn is_single(&self) -> bool {
        !matches!(self, L::UpToNumber | L::Any)
    }
}

/// A kind of move, compiled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct K {
    /// Conditions.
    pub when: Vec<C>,
    /// Directions.
    pub dirs: D,
    /// Length.
    pub length: L,
    /// What may be flown over.
    pub over: Over,
    /// Landing conditions.
    pub land: Vec<C>,
}

/// Validated, compiled rules: what the engine and the walker read. Built only by
/// [`JumpRules::compile`], so it is always consistent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleSet {
    /// The tiling.
    pub tiling: Tiling,
    /// Toroidal wrap.
    pub torus: bool,
    /// Goal kind.
    pub goal: GoalKind,
    /// The edge direction table.
    pub directions: &'static Directions,
    /// Registers (the `no_u_turn` register last).
    pub regs: Vec<Reg>,
    /// Kinds of move.
    pub kinds: Vec<K>,
    /// Leaving effects.
    pub leave: Vec<E>,
    /// Landing effects.
    pub land: Vec<E>,
    /// The register a state name shows bare (the `no_u_turn` last direction: `(2,3)/NE`).
    pub bare: Option<usize>,
    /// Whether the landings of a move cannot depend on the registers: no leaving effects, and
    /// no register read by `when`, directions or length (registers standing for attributes
    /// aside, which the engine checks per cell).
    pub geometry_free: bool,
    /// The attributes of a landing cell anything reads (landing conditions, landing effects,
    /// `keep`): changing any other attribute of a cell changes only the moves out of it.
    pub landing_reads: Reads,
    /// The attributes the registers' `keep` conditions read: changing one may change which
    /// states a cell has.
    pub keep_reads: Reads,
}

/// Which cell attributes something reads.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Reads {
    /// Turn cells.
    pub turn: bool,
    /// Colours.
    pub colour: bool,
    /// Symbols.
    pub symbol: bool,
    /// Pieces.
    pub piece: bool,
    /// Circles.
    pub circled: bool,
    /// Wildcards.
    pub wildcard: bool,
}

impl Reads {
    fn add(&mut self, c: &C) {
        match c {
            C::Circled => self.circled = true,
            C::Wildcard => self.wildcard = true,
            C::Turn => self.turn = true,
            C::Piece(_) => self.piece = true,
            C::Colour(_) | C::SameColour | C::OtherColour => self.colour = true,
            C::Symbol(_) | C::SameSymbol => self.symbol = true,
            C::Not(c) => self.add(c),
            C::Any(cs) | C::All(cs) => cs.iter().for_each(|c| self.add(c)),
            C::Eq(..)
            | C::Lt(..)
            | C::Gt(..)
            | C::Goal
            | C::Opposite(_)
            | C::At(..)
            | C::Standing
            | C::Cube => {}
        }
    }
}

/// A register key: the values of every register, in declaration order.
pub type Key = [i64; MAX_REGISTERS];

/// What a condition or value may see.
#[derive(Clone, Copy)]
pub struct Ctx<'a> {
    /// The cell the condition is about (effective attributes).
    pub here: &'a Cell,
    /// The cell moved from (landing phase), effective.
    pub from: Option<&'a Cell>,
    /// The registers (a jumping maze's [`Key`], a rolling-block maze's longer list).
    pub regs: &'a [i64],
    /// The move: direction and length (landing phase).
    pub mv: Option<(Dir, i64)>,
    /// The direction table (for opposites).
    pub dirs: &'static Directions,
}

/// A [`Tag`] as a register value.
pub fn tag_value(tag: Tag) -> i64 {
    let mut bytes = [0u8; 8];
    let name = tag.as_str().as_bytes();
    bytes[..name.len()].copy_from_slice(name);
    i64::from_le_bytes(bytes)
}

fn value_tag(v: i64) -> Option<Tag> {
    if v <= 0 {
        return None;
    }
    let bytes = v.to_le_bytes();
    let len = bytes.iter().position(|&b| b == 0).unwrap_or(8);
    std::str::from_utf8(&bytes[..len]).ok().and_then(Tag::new)
}

fn piece_value(p: Option<Piece>) -> i64 {
    p.map_or(NONE, |p| p as i64)
}

/// A rolling-block press: the cell a block or cube lands on, and how it lands. What the
/// conditions `At`, `Standing` and `Cube` read; jumping mazes have none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Press {
    /// The cell.
    pub at: (usize, usize),
    /// A whole block stands on this cell alone.
    pub standing: bool,
    /// A split cube rolls onto it.
    pub cube: bool,
}

impl C {
    /// Evaluates the condition.
    pub fn eval(&self, ctx: &Ctx) -> bool {
        self.eval_in(ctx, None)
    }

    /// Evaluates the condition, with the rolling-block press when there is one.
    pub fn eval_in(&self, ctx: &Ctx, press: Option<&Press>) -> bool {
        let here = ctx.here;
        match self {
            C::Eq(r, v) => ctx.regs[*r] == *v,
            C::Lt(r, v) => ctx.regs[*r] < *v,
            C::Gt(r, v) => ctx.regs[*r] > *v,
            C::Circled => here.circled,
            C::Wildcard => here.wildcard,
            C::Turn => here.turn.is_some(),
            C::Goal => here.is_goal(),
            C::Piece(p) => here.piece == Some(*p),
            C::Colour(t) => here.colour == Some(*t),
            C::Symbol(t) => here.symbol == Some(*t),
            C::SameColour => {
                here.colour.is_some() && here.colour == ctx.from.and_then(|f| f.colour)
            }
            C::OtherColour => {
                here.colour.is_none() || here.colour != ctx.from.and_then(|f| f.colour)
            }
            C::SameSymbol => {
                here.symbol.is_some() && here.symbol == ctx.from.and_then(|f| f.symbol)
            }
            C::Opposite(r) => match ctx.mv {
                Some((d, _)) => {
                    ctx.regs[*r] != NONE && ctx.regs[*r] == i64::from(ctx.dirs.opposite(d))
                }
                None => false,
            },
            C::At(r, c) => press.is_some_and(|p| p.at == (*r, *c)),
            C::Standing => press.is_some_and(|p| p.standing),
            C::Cube => press.is_some_and(|p| p.cube),
            C::Not(c) => !c.eval_in(ctx, press),
            C::Any(cs) => cs.iter().any(|c| c.eval_in(ctx, press)),
            C::All(cs) => cs.iter().all(|c| c.eval_in(ctx, press)),
        }
    }
}

impl RuleSet {
    /// The start key: every register at its start value.
    pub fn start_key(&self) -> Key {
        let mut key = [0; MAX_REGISTERS];
        for (i, r) in self.regs.iter().enumerate() {
            key[i] = r.start;
        }
        key
    }

    /// Whether register `r` is kept on `cell` (raw attributes).
    pub fn kept(&self, r: usize, cell: &Cell) -> bool {
        match &self.regs[r].keep {
            None => true,
            Some(c) => {
                let key = self.start_key();
                c.eval(&Ctx {
                    here: cell,
                    from: None,
                    regs: &key,
                    mv: None,
                    dirs: self.directions,
                })
            }
        }
    }

    /// `key` with the registers not kept on `cell` reset to their start values.
    pub fn project(&self, cell: &Cell, key: &Key) -> Key {
        let mut out = *key;
        for (r, (reg, v)) in self.regs.iter().zip(out.iter_mut()).enumerate() {
            if !self.kept(r, cell) {
                *v = reg.start;
            }
        }
        out
    }

    /// The cell as the rules see it with registers `key`: attributes a kept register stands
    /// for read from it.
    pub fn effective(&self, cell: &Cell, key: &Key) -> Cell {
        let mut c = *cell;
        for (i, r) in self.regs.iter().enumerate() {
            let Some(attr) = r.stands_for else { continue };
            if !self.kept(i, cell) {
                continue;
            }
            let v = key[i];
            match attr {
                Attr::Number => c.number = i16::try_from(v).ok(),
                Attr::Piece => {
                    c.piece = usize::try_from(v)
                        .ok()
                        .and_then(|i| Piece::ALL.get(i).copied())
                }
                Attr::Colour => c.colour = value_tag(v),
                Attr::Symbol => c.symbol = value_tag(v),
                Attr::Arrows => {}
            }
        }
        c
    }

    /// The value of `v` in `ctx`.
    fn value(&self, v: &V, ctx: &Ctx) -> Option<i64> {
        let from = ctx.from.unwrap_or(ctx.here);
        Some(match v {
            V::Const(k) => *k,
            V::Number => i64::from(from.number?),
            V::Piece => piece_value(from.piece),
            V::Colour => from.colour.map_or(NONE, tag_value),
            V::Symbol => from.symbol.map_or(NONE, tag_value),
            V::Length => ctx.mv?.1,
            V::Direction => i64::from(ctx.mv?.0),
            V::Register(r) => ctx.regs[*r],
        })
    }

    /// Applies `effects` in order to `key`; `None` when a value is missing (the number of
    /// a cell without one).
    pub fn apply(
        &self,
        effects: &[E],
        here: &Cell,
        from: Option<&Cell>,
        mv: Option<(Dir, i64)>,
        key: &mut Key,
    ) -> Option<()> {
        self.apply_in(effects, here, from, mv, None, key, &mut None)
    }

    /// [`RuleSet::apply`] with a rolling-block press (conditions `At`, `Standing`, `Cube`) and
    /// registers of any number; a `Split` sets `split` to its cubes' cells. The one place an
    /// effect gets its meaning, for jumping and rolling mazes alike.
    #[allow(clippy::too_many_arguments)]
    pub fn apply_in(
        &self,
        effects: &[E],
        here: &Cell,
        from: Option<&Cell>,
        mv: Option<(Dir, i64)>,
        press: Option<&Press>,
        key: &mut [i64],
        split: &mut Option<[(usize, usize); 2]>,
    ) -> Option<()> {
        for e in effects {
            // An effect's conditions see the registers as before its first operation, which
            // is `key` as it stands: nothing of this effect has run yet.
            let ctx = Ctx {
                here,
                from,
                regs: key,
                mv,
                dirs: self.directions,
            };
            if !e.when.iter().all(|c| c.eval_in(&ctx, press)) {
                continue;
            }
            for op in &e.ops {
                let ctx = Ctx {
                    here,
                    from,
                    regs: key,
                    mv,
                    dirs: self.directions,
                };
                match op {
                    O::Set(r, v) => {
                        let v = self.value(v, &ctx)?;
                        key[*r] = v;
                    }
                    O::Add(r, v) => {
                        let v = self.value(v, &ctx)?;
                        key[*r] += v;
                    }
                    O::Next(r) => {
                        key[*r] = match &self.regs[*r].domain {
                            Domain::Choice(names) => (key[*r] + 1).rem_euclid(names.len() as i64),
                            Domain::Counter(lo, hi) => {
                                if key[*r] >= *hi {
                                    *lo
                                } else {
                                    key[*r] + 1
                                }
                            }
                            _ => key[*r],
                        }
                    }
                    O::Split(cells) => *split = Some(*cells),
                }
            }
        }
        Some(())
    }

    /// Whether every register of `key` is in its domain.
    pub fn in_range(&self, key: &Key) -> bool {
        self.regs.iter().zip(key).all(|(r, &v)| match &r.domain {
            Domain::Choice(names) => (0..names.len() as i64).contains(&v),
            Domain::Counter(lo, hi) => (*lo..=*hi).contains(&v),
            Domain::Direction => v == NONE || (0..self.directions.len() as i64).contains(&v),
            Domain::Piece => v == NONE || (0..6).contains(&v),
            Domain::Colour | Domain::Symbol => true,
        })
    }

    /// The directions a kind of move takes from `cell` (effective) with registers `key`.
    pub fn dirs(&self, kind: &K, cell: &Cell, key: &Key) -> DirSet {
        let one = |v: i64| {
            u8::try_from(v)
                .ok()
                .filter(|&d| usize::from(d) < self.directions.len())
        };
        match &kind.dirs {
            D::Set(s) => *s,
            D::Arrows => cell.arrows,
            D::ReverseArrows => {
                let mut s = DirSet::EMPTY;
                for d in cell.arrows.iter() {
                    s.insert(self.directions.opposite(d));
                }
                s
            }
            D::Register(r) => one(key[*r]).map_or(DirSet::EMPTY, DirSet::single),
            D::Reverse(r) => one(key[*r]).map_or(DirSet::EMPTY, |d| {
                DirSet::single(self.directions.opposite(d))
            }),
            D::Turned(r) => match (one(key[*r]), cell.turn) {
                (Some(d), Some(Turn::Reflect)) => DirSet::single(self.directions.opposite(d)),
                (Some(d), Some(Turn::Clockwise)) => DirSet::single(self.tiling.rotate(d, true)),
                (Some(d), Some(Turn::Anticlockwise)) => {
                    DirSet::single(self.tiling.rotate(d, false))
                }
                _ => DirSet::EMPTY,
            },
        }
    }

    /// The exact length of a single-landing kind from `cell` (effective), `None` for no move
    /// (a missing number, a length below 1) and for the other kinds.
    pub fn exact_length(&self, kind: &K, cell: &Cell, key: &Key) -> Option<i64> {
        let k = match &kind.length {
            L::Number => i64::from(cell.number?),
            L::Exactly(k) => *k,
            L::Register(r) => key[*r],
            L::Cycle(r, list) => list[key[*r].rem_euclid(list.len() as i64) as usize],
            _ => return None,
        };
        (k >= 1).then_some(k)
    }

    /// Whether a cell may be flown over by a move of `over`.
    pub fn passable(over: Over, cell: &Cell) -> bool {
        match over {
            Over::Flyable => cell.is_flyable(),
            Over::Empty => cell.kind == Kind::Empty,
            Over::Occupied => cell.is_flyable() && cell.kind != Kind::Empty,
        }
    }

    /// Whether the rules keep any register on any cell.
    pub fn has_registers(&self) -> bool {
        !self.regs.is_empty()
    }

    /// The values register `r` can hold in a state on a board of `cells`, sorted (a missing
    /// value first): a choice's names, a counter's range, pieces; a direction register the
    /// directions some kind of move can take (all when directions come from cells or
    /// registers); colours and symbols those on the board; plus every value the rules name
    /// for it. A register copied from another may hold any value of its kind. The engine and
    /// the walker both enumerate states over these values.
    pub fn values(&self, r: usize, cells: &[Cell]) -> Vec<i64> {
        let copied = self.leave.iter().chain(&self.land).any(|e| {
            e.ops
                .iter()
                .any(|o| matches!(o, O::Set(t, V::Register(_)) if *t == r))
        });
        let mut v: Vec<i64> = match &self.regs[r].domain {
            Domain::Choice(names) => (0..names.len() as i64).collect(),
            Domain::Counter(lo, hi) => (*lo..=*hi).collect(),
            Domain::Piece => (NONE..6).collect(),
            Domain::Direction => {
                let mut dirs = DirSet::EMPTY;
                for k in &self.kinds {
                    match &k.dirs {
                        D::Set(s) if !copied => dirs = DirSet::from_bits(dirs.bits() | s.bits()),
                        _ => dirs = DirSet::from_bits(((1u32 << self.directions.len()) - 1) as u16),
                    }
                }
                std::iter::once(NONE)
                    .chain(dirs.iter().map(i64::from))
                    .collect()
            }
            Domain::Colour | Domain::Symbol => {
                let colour = self.regs[r].domain == Domain::Colour;
                std::iter::once(NONE)
                    .chain(
                        cells
                            .iter()
                            .filter_map(|c| if colour { c.colour } else { c.symbol })
                            .map(tag_value),
                    )
                    .collect()
            }
        };
        v.extend(self.constants(r));
        v.sort_unstable();
        v.dedup();
        v
    }

    /// Whether [`RuleSet::values`] of register `r` depends on the board (colours and
    /// symbols: the ones on it).
    pub fn values_read_board(&self, r: usize) -> bool {
        matches!(self.regs[r].domain, Domain::Colour | Domain::Symbol)
    }

    /// Every constant the rules compare register `r` with or set it to.
    fn constants(&self, r: usize) -> Vec<i64> {
        fn walk(c: &C, r: usize, out: &mut Vec<i64>) {
            match c {
                C::Eq(x, v) if *x == r => out.push(*v),
                C::Not(c) => walk(c, r, out),
                C::Any(cs) | C::All(cs) => cs.iter().for_each(|c| walk(c, r, out)),
                _ => {}
            }
        }
        let mut out = Vec::new();
        let conds = self
            .kinds
            .iter()
            .flat_map(|k| k.when.iter().chain(&k.land))
            .chain(
                self.leave
                    .iter()
                    .chain(&self.land)
                    .flat_map(|e| e.when.iter()),
            )
            .chain(self.regs.iter().filter_map(|g| g.keep.as_ref()));
        for c in conds {
            walk(c, r, &mut out);
        }
        for e in self.leave.iter().chain(&self.land) {
            for o in &e.ops {
                if let O::Set(t, V::Const(v)) = o
                    && *t == r
                {
                    out.push(*v);
                }
            }
        }
        // Counters keep to their range; other values of a counter are no state.
        if let Domain::Counter(lo, hi) = self.regs[r].domain {
            out.retain(|v| (lo..=hi).contains(v));
        }
        out
    }

    /// Whether changing a cell from `old` to `new` (same kind) changes only the moves out of
    /// it: no attribute that differs is read of a landing cell. Numbers and arrows never are.
    pub fn local_change(&self, old: &Cell, new: &Cell) -> bool {
        let r = &self.landing_reads;
        old.kind == new.kind
            && (old.turn == new.turn || !r.turn)
            && (old.colour == new.colour || !r.colour)
            && (old.symbol == new.symbol || !r.symbol)
            && (old.piece == new.piece || !r.piece)
            && (old.circled == new.circled || !r.circled)
            && (old.wildcard == new.wildcard || !r.wildcard)
    }

    /// A state's name: `(r,c)`, `(r,c)/t=diagonal/d=2` with the registers kept on its cell
    /// (unset ones left out, the `no_u_turn` direction bare: `(r,c)/NE`), `Goal` (or
    /// `Goal(r,c)` with several goals) when the rules have registers, `Outside` for `at: None`.
    pub fn state_name(&self, at: Option<(usize, usize)>, cell: &Cell, key: &Key) -> String {
        let Some((r, c)) = at else {
            return "Outside".to_string();
        };
        if cell.is_goal() {
            return match (self.has_registers(), self.goal) {
                (false, _) => format!("({r},{c})"),
                (true, GoalKind::Cells) => format!("Goal({r},{c})"),
                (true, _) => "Goal".to_string(),
            };
        }
        let mut name = format!("({r},{c})");
        for (i, reg) in self.regs.iter().enumerate() {
            let unset = key[i] == NONE
                && matches!(
                    reg.domain,
                    Domain::Direction | Domain::Piece | Domain::Colour | Domain::Symbol
                );
            if unset || !self.kept(i, cell) {
                continue;
            }
            let text = self.show(i, key[i]);
            if self.bare == Some(i) {
                name.push_str(&format!("/{text}"));
            } else {
                name.push_str(&format!("/{}={text}", reg.name));
            }
        }
        name
    }

    /// A register value as text (`diagonal`, `NE`, `K`, `3`).
    pub fn show(&self, r: usize, v: i64) -> String {
        match &self.regs[r].domain {
            Domain::Choice(names) => names.get(v as usize).cloned().unwrap_or_default(),
            Domain::Counter(..) => v.to_string(),
            Domain::Direction => u8::try_from(v)
                .ok()
                .filter(|&d| usize::from(d) < self.directions.len())
                .map_or("-".into(), |d| self.directions.name(d).to_string()),
            Domain::Piece => usize::try_from(v)
                .ok()
                .and_then(|i| Piece::ALL.get(i))
                .map_or("-".into(), |p| p.letter().to_string()),
            Domain::Colour | Domain::Symbol => value_tag(v).map_or("-".into(), |t| t.to_string()),
        }
    }
}

impl fmt::Display for RulePart {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulePart::Whole => f.write_str("the rules"),
            RulePart::Register(i) => write!(f, "register {i}"),
            RulePart::Jump(i) => write!(f, "jump kind {i}"),
            RulePart::Effect(i) => write!(f, "effect {i}"),
            RulePart::Switch(i) => write!(f, "switch {i}"),
            RulePart::Block(i) => write!(f, "other block {i}"),
            RulePart::Bridge(i) => write!(f, "bridge {i}"),
        }
    }
}

/// What a condition or value may refer to where it stands.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Scope {
    /// `keep`: cell conditions only.
    Keep,
    /// `when` and leaving effects: the origin and registers.
    Origin,
    /// `land` and landing effects: the landing cell, the origin, the move.
    Landing,
}

struct Compiler<'a> {
    rules: &'a JumpRules,
    directions: &'static Directions,
    regs: Vec<Reg>,
    /// Compiling a rolling-block maze's rules: presses instead of cells and moves.
    rolling: bool,
}

impl Compiler<'_> {
    fn reg(&self, part: RulePart, name: &str) -> Result<usize, RuleProblem> {
        self.regs
            .iter()
            .position(|r| r.name == name)
            .ok_or_else(|| {
                let names: Vec<&str> = self.regs.iter().map(|r| r.name.as_str()).collect();
                problem(part, format!("no register is called `{name}`")).help(if names.is_empty() {
                    "declare it in `registers`".to_string()
                } else {
                    format!("the registers are: {}", names.join(", "))
                })
            })
    }

    fn needs_attr(&self, part: RulePart, attr: Attr, what: &str) -> Result<(), RuleProblem> {
        if self.rules.cells.contains(&attr) || self.regs.iter().any(|r| r.stands_for == Some(attr))
        {
            Ok(())
        } else {
            Err(problem(
                part,
                format!(
                    "{what} reads the cells' {} but the board's tokens have none",
                    attr.name()
                ),
            )
            .help(format!("add `{}` to `cells: [...]`", attr.name())))
        }
    }

    fn name_value(&self, part: RulePart, r: usize, name: &str) -> Result<i64, RuleProblem> {
        let reg = &self.regs[r];
        let bad = |expected: String| {
            problem(
                part,
                format!("`{name}` is not a value of register `{}`", reg.name),
            )
            .help(expected)
        };
        match &reg.domain {
            Domain::Choice(names) => names
                .iter()
                .position(|n| n == name)
                .map(|i| i as i64)
                .ok_or_else(|| bad(format!("its values are: {}", names.join(", ")))),
            Domain::Counter(..) => name
                .parse::<i64>()
                .map_err(|_| bad("it is a counter: compare it with Eq, Lt or Gt".into())),
            Domain::Direction => self.directions.parse(name).map(i64::from).ok_or_else(|| {
                bad(format!(
                    "its values are directions: {}",
                    self.directions.names.join(" ")
                ))
            }),
            Domain::Piece => Piece::from_letter(name)
                .map(|p| p as i64)
                .ok_or_else(|| bad("its values are pieces: K Q R B N P".into())),
            Domain::Colour | Domain::Symbol => Tag::new(name)
                .map(tag_value)
                .ok_or_else(|| bad("names are 1 to 8 letters or digits".into())),
        }
    }

    fn counter(&self, part: RulePart, r: usize, what: &str) -> Result<(), RuleProblem> {
        match self.regs[r].domain {
            Domain::Counter(..) => Ok(()),
            _ => Err(problem(
                part,
                format!(
                    "{what} needs a counter, but register `{}` is not one",
                    self.regs[r].name
                ),
            )),
        }
    }

    fn direction(&self, part: RulePart, r: usize, what: &str) -> Result<(), RuleProblem> {
        match self.regs[r].domain {
            Domain::Direction => Ok(()),
            _ => Err(problem(
                part,
                format!(
                    "{what} needs a direction register, but `{}` is not one",
                    self.regs[r].name
                ),
            )
            .help("declare it with `kind: Direction`")),
        }
    }

    fn cond(&self, part: RulePart, scope: Scope, c: &Cond) -> Result<C, RuleProblem> {
        let only_cells = |what: &str| -> Result<(), RuleProblem> {
            if scope == Scope::Keep {
                Err(problem(
                    part,
                    format!("`keep` can only test the cell, not {what}"),
                ))
            } else {
                Ok(())
            }
        };
        let landing = |what: &str| -> Result<(), RuleProblem> {
            if scope == Scope::Landing {
                Ok(())
            } else {
                Err(problem(
                    part,
                    format!(
                        "`{what}` compares a landing cell with the cell moved from: it belongs in `land` or a landing effect"
                    ),
                ))
            }
        };
        let (jumping_only, rolling_only) = (
            matches!(
                c,
                Cond::Circled
                    | Cond::Wildcard
                    | Cond::Turn
                    | Cond::Goal
                    | Cond::Piece(_)
                    | Cond::Colour(_)
                    | Cond::Symbol(_)
                    | Cond::SameColour
                    | Cond::OtherColour
                    | Cond::SameSymbol
                    | Cond::Opposite(_)
            ),
            matches!(c, Cond::At(..) | Cond::Standing | Cond::Cube),
        );
        if self.rolling && jumping_only {
            return Err(problem(
                part,
                format!("`{}` reads a jumping maze's cells or moves, which a rolling block has none of", cond_name(c)),
            )
            .help("a rolling-block effect tests registers (`Is`, `Eq`, `Lt`, `Gt`) and the press: `At(row, col)`, `Standing`, `Cube`"));
        }
        if !self.rolling && rolling_only {
            return Err(problem(
                part,
                format!("`{}` tests how a rolling block presses a switch: a jumping maze has no presses", cond_name(c)),
            )
            .help("jumping conditions test registers and cells (`Circled`, `Colour(..)`, ...)"));
        }
        Ok(match c {
            Cond::At(r, col) => C::At(*r, *col),
            Cond::Standing => C::Standing,
            Cond::Cube => C::Cube,
            Cond::Is(name, value) => {
                only_cells("registers")?;
                let r = self.reg(part, name)?;
                C::Eq(r, self.name_value(part, r, value)?)
            }
            Cond::Eq(name, v) | Cond::Lt(name, v) | Cond::Gt(name, v) => {
                only_cells("registers")?;
                let r = self.reg(part, name)?;
                self.counter(part, r, "a comparison")?;
                let v = i64::from(*v);
                match c {
                    Cond::Eq(..) => C::Eq(r, v),
                    Cond::Lt(..) => C::Lt(r, v),
                    _ => C::Gt(r, v),
                }
            }
            Cond::Circled => C::Circled,
            Cond::Wildcard => C::Wildcard,
            Cond::Turn => {
                self.needs_attr(part, Attr::Arrows, "`Turn`")?;
                C::Turn
            }
            Cond::Goal => C::Goal,
            Cond::Piece(p) => {
                self.needs_attr(part, Attr::Piece, "`Piece`")?;
                C::Piece(*p)
            }
            Cond::Colour(name) => {
                self.needs_attr(part, Attr::Colour, "`Colour`")?;
                C::Colour(Tag::new(name).ok_or_else(|| {
                    problem(
                        part,
                        format!("`{name}` is no colour name: 1 to 8 letters or digits"),
                    )
                })?)
            }
            Cond::Symbol(name) => {
                self.needs_attr(part, Attr::Symbol, "`Symbol`")?;
                C::Symbol(Tag::new(name).ok_or_else(|| {
                    problem(
                        part,
                        format!("`{name}` is no symbol: 1 to 8 letters or digits"),
                    )
                })?)
            }
            Cond::SameColour | Cond::OtherColour => {
                landing(if *c == Cond::SameColour {
                    "SameColour"
                } else {
                    "OtherColour"
                })?;
                self.needs_attr(part, Attr::Colour, "a colour comparison")?;
                if *c == Cond::SameColour {
                    C::SameColour
                } else {
                    C::OtherColour
                }
            }
            Cond::SameSymbol => {
                landing("SameSymbol")?;
                self.needs_attr(part, Attr::Symbol, "`SameSymbol`")?;
                C::SameSymbol
            }
            Cond::Opposite(name) => {
                landing("Opposite")?;
                let r = self.reg(part, name)?;
                self.direction(part, r, "`Opposite`")?;
                C::Opposite(r)
            }
            Cond::Not(c) => C::Not(Box::new(self.cond(part, scope, c)?)),
            Cond::Any(cs) => C::Any(self.conds(part, scope, cs)?),
            Cond::All(cs) => C::All(self.conds(part, scope, cs)?),
        })
    }

    fn conds(&self, part: RulePart, scope: Scope, cs: &[Cond]) -> Result<Vec<C>, RuleProblem> {
        cs.iter().map(|c| self.cond(part, scope, c)).collect()
    }

    fn value(&self, part: RulePart, scope: Scope, r: usize, v: &Value) -> Result<V, RuleProblem> {
        let landing = |what: &str| -> Result<(), RuleProblem> {
            if scope == Scope::Landing {
                Ok(())
            } else {
                Err(problem(
                    part,
                    format!("`{what}` is the move's, known only in a landing effect"),
                ))
            }
        };
        if self.rolling
            && matches!(
                v,
                Value::Number
                    | Value::Piece
                    | Value::Colour
                    | Value::Symbol
                    | Value::Length
                    | Value::Direction
            )
        {
            return Err(problem(
                part,
                "this value reads a jumping maze's cell or move: a rolling-block effect sets registers from constants and other registers",
            )
            .help("use `Int(k)`, `Name(\"value\")` or `Register(\"name\")`"));
        }
        let domain = &self.regs[r].domain;
        let fits = |ok: bool, what: &str| -> Result<(), RuleProblem> {
            if ok {
                Ok(())
            } else {
                Err(problem(
                    part,
                    format!("register `{}` cannot hold {what}", self.regs[r].name),
                ))
            }
        };
        Ok(match v {
            Value::Int(k) => {
                fits(matches!(domain, Domain::Counter(..)), "an integer")?;
                V::Const(i64::from(*k))
            }
            Value::Name(name) => V::Const(self.name_value(part, r, name)?),
            Value::Number => {
                fits(matches!(domain, Domain::Counter(..)), "a number")?;
                self.needs_attr(part, Attr::Number, "`Number`")?;
                V::Number
            }
            Value::Piece => {
                fits(*domain == Domain::Piece, "a piece")?;
                self.needs_attr(part, Attr::Piece, "`Piece`")?;
                V::Piece
            }
            Value::Colour => {
                fits(*domain == Domain::Colour, "a colour")?;
                self.needs_attr(part, Attr::Colour, "`Colour`")?;
                V::Colour
            }
            Value::Symbol => {
                fits(*domain == Domain::Symbol, "a symbol")?;
                self.needs_attr(part, Attr::Symbol, "`Symbol`")?;
                V::Symbol
            }
            Value::Length => {
                landing("Length")?;
                fits(matches!(domain, Domain::Counter(..)), "a length")?;
                V::Length
            }
            Value::Direction => {
                landing("Direction")?;
                fits(*domain == Domain::Direction, "a direction")?;
                V::Direction
            }
            Value::Register(name) => {
                let s = self.reg(part, name)?;
                fits(
                    std::mem::discriminant(&self.regs[s].domain) == std::mem::discriminant(domain),
                    &format!("the values of `{name}`"),
                )?;
                V::Register(s)
            }
        })
    }

    fn effect(&self, part: RulePart, e: &Effect) -> Result<(Phase, E), RuleProblem> {
        let scope = match e.on {
            Phase::Leave => Scope::Origin,
            Phase::Land => Scope::Landing,
        };
        let when = self.conds(part, scope, &e.when)?;
        let mut ops = Vec::new();
        if e.ops.is_empty() {
            return Err(problem(part, "this effect does nothing: `do` is empty"));
        }
        for op in &e.ops {
            ops.push(match op {
                Op::Set(name, v) => {
                    let r = self.reg(part, name)?;
                    O::Set(r, self.value(part, scope, r, v)?)
                }
                Op::Add(name, v) => {
                    let r = self.reg(part, name)?;
                    self.counter(part, r, "`Add`")?;
                    O::Add(r, self.value(part, scope, r, v)?)
                }
                Op::Next(name) => {
                    let r = self.reg(part, name)?;
                    if !matches!(self.regs[r].domain, Domain::Choice(_) | Domain::Counter(..)) {
                        return Err(problem(
                            part,
                            format!("`Next` steps a choice or counter; `{name}` is neither"),
                        ));
                    }
                    O::Next(r)
                }
                Op::Split(a, b) => {
                    if !self.rolling {
                        return Err(problem(
                            part,
                            "`Split` splits a rolling block into cubes: a jumping maze has none",
                        ));
                    }
                    if !when.contains(&C::Standing) {
                        return Err(problem(
                            part,
                            "only a block standing on the switch splits: a `Split` effect's `when` holds `Standing`",
                        )
                        .help("when: [At(row, col), Standing]"));
                    }
                    O::Split([*a.min(b), *a.max(b)])
                }
            });
        }
        if self.rolling && e.on == Phase::Leave {
            return Err(problem(
                part,
                "a rolling block's effects happen when it lands on a switch: `on: Land`",
            ));
        }
        Ok((e.on, E { when, ops }))
    }

    fn square_only(&self, part: RulePart, what: &str) -> Result<(), RuleProblem> {
        if self.rules.tiling == Tiling::Square {
            Ok(())
        } else {
            Err(problem(
                part,
                format!(
                    "`{what}` exists only on the square tiling, not on {:?}",
                    self.rules.tiling
                ),
            )
            .help("hex and triangle moves are `All` (six directions) or a `List`"))
        }
    }

    fn kind(&self, part: RulePart, j: &JumpKind) -> Result<K, RuleProblem> {
        let when = self.conds(part, Scope::Origin, &j.when)?;
        let set = |names: &[usize]| {
            let mut s = DirSet::EMPTY;
            for &d in names {
                s.insert(d as Dir);
            }
            s
        };
        let ndirs = self.rules.tiling.directions().len();
        let dirs = match &j.dirs {
            Dirs::Moves => D::Set(set(&self
                .rules
                .tiling
                .move_dirs(self.rules.moves)
                .iter()
                .map(|&d| usize::from(d))
                .collect::<Vec<_>>())),
            Dirs::All => D::Set(set(&(0..ndirs).collect::<Vec<_>>())),
            Dirs::Orthogonal => {
                self.square_only(part, "Orthogonal")?;
                D::Set(set(&[0, 2, 4, 6]))
            }
            Dirs::Diagonal => {
                self.square_only(part, "Diagonal")?;
                D::Set(set(&[1, 3, 5, 7]))
            }
            Dirs::Knight => {
                self.square_only(part, "Knight")?;
                D::Set(set(&(8..16).collect::<Vec<_>>()))
            }
            Dirs::List(names) => {
                if names.is_empty() {
                    return Err(problem(part, "`List([])` allows no direction"));
                }
                let mut s = DirSet::EMPTY;
                for n in names {
                    let d = self.directions.parse(n).ok_or_else(|| {
                        problem(
                            part,
                            format!(
                                "`{n}` is no direction of the {:?} tiling",
                                self.rules.tiling
                            ),
                        )
                        .help(format!(
                            "the directions are: {}",
                            self.directions.names.join(" ")
                        ))
                    })?;
                    s.insert(d);
                }
                D::Set(s)
            }
            Dirs::Arrows | Dirs::ReverseArrows => {
                self.needs_attr(part, Attr::Arrows, "`Arrows`")?;
                if j.dirs == Dirs::Arrows {
                    D::Arrows
                } else {
                    D::ReverseArrows
                }
            }
            Dirs::Register(n) | Dirs::Reverse(n) | Dirs::Turned(n) => {
                let r = self.reg(part, n)?;
                self.direction(part, r, "these directions")?;
                match &j.dirs {
                    Dirs::Register(_) => D::Register(r),
                    Dirs::Reverse(_) => D::Reverse(r),
                    _ => {
                        self.needs_attr(part, Attr::Arrows, "`Turned`")?;
                        D::Turned(r)
                    }
                }
            }
        };
        if self.rules.moves == MoveSet::Queen && self.rules.tiling != Tiling::Square {
            return Err(problem(
                RulePart::Whole,
                "queen moves exist only on the square tiling",
            ));
        }
        let length = match &j.length {
            Length::Number | Length::UpToNumber => {
                self.needs_attr(part, Attr::Number, "a length of the cell's number")?;
                if j.length == Length::Number {
                    L::Number
                } else {
                    L::UpToNumber
                }
            }
            Length::Any => L::Any,
            Length::First => L::First,
            Length::Exactly(k) => {
                if *k == 0 {
                    return Err(problem(part, "`Exactly(0)` is no move: lengths start at 1"));
                }
                if *k > MAX_LENGTH {
                    return Err(problem(
                        part,
                        format!("`Exactly({k})`: a move is at most {MAX_LENGTH} unit steps"),
                    ));
                }
                L::Exactly(i64::from(*k))
            }
            Length::Register(n) => {
                let r = self.reg(part, n)?;
                self.counter(part, r, "`Register` length")?;
                L::Register(r)
            }
            Length::Cycle(n, list) => {
                let r = self.reg(part, n)?;
                self.counter(part, r, "`Cycle`")?;
                if list.is_empty() || list.contains(&0) {
                    return Err(problem(
                        part,
                        "a `Cycle` needs one or more lengths of at least 1",
                    ));
                }
                if let Some(k) = list.iter().find(|&&k| k > MAX_LENGTH) {
                    return Err(problem(
                        part,
                        format!(
                            "a `Cycle` length of {k}: a move is at most {MAX_LENGTH} unit steps"
                        ),
                    ));
                }
                L::Cycle(r, list.iter().map(|&k| i64::from(k)).collect())
            }
        };
        if matches!(dirs, D::Set(s) if s.iter().any(|d| d >= 8))
            && !matches!(
                length,
                L::Exactly(_) | L::Number | L::Register(_) | L::Cycle(..)
            )
        {
            return Err(problem(
                part,
                "knight leaps have exact lengths (a leap of 1 is the knight's move)",
            )
            .help("use `length: Exactly(1)`"));
        }
        if length == L::First && j.over == Over::Flyable {
            return Err(problem(
                part,
                "`First` stops at the first cell the move cannot fly over, but `over: Flyable` only stops at blocked and void cells, where nothing lands",
            )
            .help("use `over: Empty` (chess sliders: stop at the first piece)"));
        }
        let land = self.conds(part, Scope::Landing, &j.land)?;
        Ok(K {
            when,
            dirs,
            length,
            over: j.over,
            land,
        })
    }
}

impl JumpRules {
    /// Validates the rules into the compiled form the engine reads, or says what is wrong
    /// and where.
    pub fn compile(&self) -> Result<RuleSet, RuleProblem> {
        let whole = RulePart::Whole;
        if self.moves == MoveSet::Queen && self.tiling != Tiling::Square {
            return Err(problem(
                whole,
                format!("queen moves exist only on the square tiling, not on {:?}", self.tiling),
            )
            .help("the hex and triangle tilings already move in six directions: remove `moves: Queen`"));
        }
        for (i, a) in self.cells.iter().enumerate() {
            if self.cells[..i].contains(a) {
                return Err(problem(
                    whole,
                    format!("`{}` appears twice in `cells`", a.name()),
                ));
            }
        }
        let directions = self.directions();
        let mut c = Compiler {
            rules: self,
            directions,
            regs: Vec::new(),
            rolling: false,
        };
        let mut declared: Vec<Register> = self.registers.clone();
        if self.no_u_turn {
            if declared.iter().any(|r| r.name == LAST_DIRECTION) {
                return Err(problem(
                    whole,
                    format!("`no_u_turn` keeps its last direction in a register called `{LAST_DIRECTION}`, and a register of that name is declared too"),
                )
                .help("rename your register"));
            }
            declared.push(Register {
                name: LAST_DIRECTION.into(),
                kind: RegisterKind::Direction,
                keep: Keep::Everywhere,
                stands_for: None,
            });
        }
        if declared.len() > MAX_REGISTERS {
            return Err(problem(
                RulePart::Register(MAX_REGISTERS.min(self.registers.len().saturating_sub(1))),
                format!("at most {MAX_REGISTERS} registers (no_u_turn uses one)"),
            ));
        }
        // Domains first, so conditions can name any register.
        for (i, r) in declared.iter().enumerate() {
            let reg = compile_register(RulePart::Register(i), r, &declared[..i], true)?;
            c.regs.push(reg);
        }
        for (i, r) in declared.iter().enumerate() {
            if let Keep::Where(cond) = &r.keep {
                let k = c.cond(RulePart::Register(i), Scope::Keep, cond)?;
                c.regs[i].keep = Some(k);
            }
        }
        let mut kinds = Vec::new();
        if self.jumps.is_empty() {
            kinds.push(c.kind(whole, &JumpKind::default())?);
        }
        for (i, j) in self.jumps.iter().enumerate() {
            kinds.push(c.kind(RulePart::Jump(i), j)?);
        }
        let (mut leave, mut land) = (Vec::new(), Vec::new());
        for (i, e) in self.effects.iter().enumerate() {
            let (phase, e) = c.effect(RulePart::Effect(i), e)?;
            match phase {
                Phase::Leave => leave.push(e),
                Phase::Land => land.push(e),
            }
        }
        if self.no_u_turn {
            let r = c.regs.len() - 1;
            for k in &mut kinds {
                k.land.push(C::Not(Box::new(C::Opposite(r))));
            }
            land.push(E {
                when: Vec::new(),
                ops: vec![O::Set(r, V::Direction)],
            });
        }
        // A register nobody reads only multiplies states.
        for (i, r) in c.regs.iter().enumerate() {
            if !reads(&kinds, &leave, &land, &c.regs, i) {
                return Err(problem(
                    RulePart::Register(i.min(self.registers.len().saturating_sub(1))),
                    format!(
                        "register `{}` is never read: it would only multiply states",
                        r.name
                    ),
                )
                .help("use it in a condition, a length or a direction, or remove it"));
            }
        }
        let bare = self.no_u_turn.then(|| c.regs.len() - 1);
        let mut landing_reads = Reads::default();
        for k in &kinds {
            k.land.iter().for_each(|c| landing_reads.add(c));
        }
        for e in &land {
            e.when.iter().for_each(|c| landing_reads.add(c));
        }
        let mut keep_reads = Reads::default();
        for r in &c.regs {
            if let Some(k) = &r.keep {
                landing_reads.add(k);
                keep_reads.add(k);
            }
        }
        let geometry_free = leave.is_empty()
            && kinds.iter().all(|k| {
                !k.when.iter().any(reads_any_register)
                    && matches!(k.dirs, D::Set(_) | D::Arrows | D::ReverseArrows)
                    && !matches!(k.length, L::Register(_) | L::Cycle(..))
            });
        Ok(RuleSet {
            bare,
            geometry_free,
            landing_reads,
            keep_reads,
            tiling: self.tiling,
            torus: self.torus,
            goal: self.goal,
            directions,
            regs: c.regs,
            kinds,
            leave,
            land,
        })
    }
}

/// The registers and effects of a rolling-block maze compiled by the same compiler as a
/// jumping maze's (FAMILIES.md section 6, RULES.md section 8): `registers` are the file's
/// `declared` first, then those its shorthands declare (a lone bridge tile's, named by its
/// cell `(r,c)`, whose names are not checked); `effects` are the shorthands' (a `switches`
/// entry's, at its `RulePart::Switch`) and the file's, each with the part a problem points
/// at. `bridged[r]` says a bridge reads register `r`. Only landing effects, the conditions
/// `Is`, `Eq`, `Lt`, `Gt`, `At`, `Standing`, `Cube` (and `Not`, `Any`, `All`), and choices and
/// counters mean anything to a rolling block; the rest is refused where it is written.
pub fn compile_rolling(
    registers: &[Register],
    declared: usize,
    effects: &[(RulePart, &Effect)],
    bridged: &[bool],
    directions: &'static Directions,
) -> Result<RuleSet, RuleProblem> {
    // Written out rather than `..JumpRules::default()`, which allocates its token schema: the
    // generator compiles rolling rules once per candidate board.
    let rules = JumpRules {
        tiling: Tiling::Square,
        moves: MoveSet::Rook,
        torus: false,
        no_u_turn: false,
        goal: GoalKind::Cell,
        cells: Vec::new(),
        registers: Vec::new(),
        jumps: Vec::new(),
        effects: Vec::new(),
    };
    let mut c = Compiler {
        rules: &rules,
        directions,
        regs: Vec::new(),
        rolling: true,
    };
    for (i, r) in registers.iter().enumerate() {
        let part = RulePart::Register(i);
        if i < declared {
            if !matches!(
                r.kind,
                RegisterKind::Choice(_) | RegisterKind::Counter { .. }
            ) {
                return Err(problem(
                    part,
                    "a rolling block's registers are choices and counters: directions, pieces, colours and symbols belong to jumping mazes",
                )
                .help("e.g. kind: Choice([\"off\", \"on\"]) for a bridge, or kind: Counter(min: 0, max: 3)"));
            }
            if r.keep != Keep::Everywhere || r.stands_for.is_some() {
                return Err(problem(
                    part,
                    "`keep` and `stands_for` relate registers to a jumping maze's cells: a rolling block's registers are kept everywhere",
                ));
            }
            let reg = compile_register(part, r, &registers[..i], true)?;
            c.regs.push(reg);
        } else {
            // A shorthand's register: its cell name `(r,c)` cannot clash with a declared one.
            c.regs.push(compile_register(part, r, &[], false)?);
        }
    }
    let mut land = Vec::new();
    for (part, e) in effects {
        let (_, e) = c.effect(*part, e)?;
        land.push(e);
    }
    for i in 0..declared {
        if !bridged.get(i).copied().unwrap_or(false) && !reads(&[], &[], &land, &c.regs, i) {
            return Err(problem(
                RulePart::Register(i),
                format!(
                    "register `{}` is never read: it would only multiply states",
                    c.regs[i].name
                ),
            )
            .help("put a bridge on it (`bridges`), test it in an effect's `when`, or remove it"));
        }
    }
    Ok(RuleSet {
        tiling: Tiling::Square,
        torus: false,
        goal: GoalKind::Cell,
        directions,
        regs: c.regs,
        kinds: Vec::new(),
        leave: Vec::new(),
        land,
        bare: None,
        geometry_free: false,
        landing_reads: Reads::default(),
        keep_reads: Reads::default(),
    })
}

/// A declared register compiled into its domain and start, checked against the registers
/// declared before it (`earlier`).
fn compile_register(
    part: RulePart,
    r: &Register,
    earlier: &[Register],
    check_name: bool,
) -> Result<Reg, RuleProblem> {
    if check_name
        && (r.name.is_empty()
            || !r
                .name
                .chars()
                .all(|ch| ch.is_ascii_alphanumeric() || ch == '_'))
    {
        return Err(problem(
            part,
            format!(
                "`{}` is no register name: use letters, digits and _",
                r.name
            ),
        ));
    }
    if earlier.iter().any(|o| o.name == r.name) {
        return Err(problem(
            part,
            format!("a second register called `{}`", r.name),
        ));
    }
    let (domain, start) = match &r.kind {
        RegisterKind::Choice(names) => {
            if names.len() < 2 {
                return Err(problem(part, "a `Choice` needs at least two values"));
            }
            if let Some(d) = names
                .iter()
                .enumerate()
                .find(|(j, n)| names[..*j].contains(n))
            {
                return Err(problem(part, format!("`{}` is listed twice", d.1)));
            }
            (Domain::Choice(names.clone()), 0)
        }
        RegisterKind::Counter { min, max, start } => {
            if min > max {
                return Err(problem(
                    part,
                    format!("a counter from {min} to {max} holds no value"),
                ));
            }
            if i64::from(*min).abs() > MAX_COUNTER || i64::from(*max).abs() > MAX_COUNTER {
                return Err(problem(
                    part,
                    format!("a counter holds values from -{MAX_COUNTER} to {MAX_COUNTER}"),
                ));
            }
            if i64::from(*max) - i64::from(*min) > 10_000 {
                return Err(problem(
                    part,
                    "a counter may span at most 10,000 values (states are made of them)",
                ));
            }
            let s = start.unwrap_or(*min);
            if !(min..=max).contains(&&s) {
                return Err(problem(part, format!("start {s} is outside {min}..={max}")));
            }
            (
                Domain::Counter(i64::from(*min), i64::from(*max)),
                i64::from(s),
            )
        }
        RegisterKind::Direction => (Domain::Direction, NONE),
        RegisterKind::Piece => (Domain::Piece, NONE),
        RegisterKind::Colour => (Domain::Colour, NONE),
        RegisterKind::Symbol => (Domain::Symbol, NONE),
    };
    if let Some(attr) = r.stands_for {
        let ok = matches!(
            (attr, &domain),
            (Attr::Number, Domain::Counter(..))
                | (Attr::Piece, Domain::Piece)
                | (Attr::Colour, Domain::Colour)
                | (Attr::Symbol, Domain::Symbol)
        );
        if !ok {
            return Err(problem(
                part,
                format!(
                    "a {} register cannot stand for the cells' {}",
                    match &r.kind {
                        RegisterKind::Choice(_) => "Choice",
                        RegisterKind::Counter { .. } => "Counter",
                        RegisterKind::Direction => "Direction",
                        RegisterKind::Piece => "Piece",
                        RegisterKind::Colour => "Colour",
                        RegisterKind::Symbol => "Symbol",
                    },
                    attr.name()
                ),
            )
            .help("Number needs a Counter; Piece, Colour and Symbol registers of that kind"));
        }
        if r.keep == Keep::Everywhere {
            return Err(problem(
                part,
                format!(
                    "a register standing for {} everywhere would hide every cell's own {}",
                    attr.name(),
                    attr.name()
                ),
            )
            .help("keep it where it stands in, e.g. `keep: Where(Wildcard)`"));
        }
    }
    Ok(Reg {
        name: r.name.clone(),
        domain,
        start,
        keep: None,
        stands_for: r.stands_for,
    })
}

/// A condition's name as a file writes it, for messages.
fn cond_name(c: &Cond) -> &'static str {
    match c {
        Cond::Is(..) => "Is",
        Cond::Eq(..) => "Eq",
        Cond::Lt(..) => "Lt",
        Cond::Gt(..) => "Gt",
        Cond::Circled => "Circled",
        Cond::Wildcard => "Wildcard",
        Cond::Turn => "Turn",
        Cond::Goal => "Goal",
        Cond::Piece(_) => "Piece",
        Cond::Colour(_) => "Colour",
        Cond::Symbol(_) => "Symbol",
        Cond::SameColour => "SameColour",
        Cond::OtherColour => "OtherColour",
        Cond::SameSymbol => "SameSymbol",
        Cond::Opposite(_) => "Opposite",
        Cond::At(..) => "At",
        Cond::Standing => "Standing",
        Cond::Cube => "Cube",
        Cond::Not(_) => "Not",
        Cond::Any(_) => "Any",
        Cond::All(_) => "All",
    }
}

fn reads_any_register(c: &C) -> bool {
    match c {
        C::Eq(..) | C::Lt(..) | C::Gt(..) | C::Opposite(_) => true,
        C::Not(c) => reads_any_register(c),
        C::Any(cs) | C::All(cs) => cs.iter().any(reads_any_register),
        _ => false,
    }
}

fn reads(kinds: &[K], leave: &[E], land: &[E], regs: &[Reg], r: usize) -> bool {
    fn in_c(c: &C, r: usize) -> bool {
        match c {
            C::Eq(x, _) | C::Lt(x, _) | C::Gt(x, _) | C::Opposite(x) => *x == r,
            C::Not(c) => in_c(c, r),
            C::Any(cs) | C::All(cs) => cs.iter().any(|c| in_c(c, r)),
            _ => false,
        }
    }
    fn in_v(v: &V, r: usize) -> bool {
        matches!(v, V::Register(x) if *x == r)
    }
    if regs[r].stands_for.is_some() {
        return true;
    }
    let in_e = |e: &E| {
        e.when.iter().any(|c| in_c(c, r))
            || e.ops.iter().any(|o| match o {
                O::Set(t, v) | O::Add(t, v) => in_v(v, r) || (matches!(o, O::Add(..)) && *t == r),
                O::Next(_) | O::Split(_) => false,
            })
    };
    kinds.iter().any(|k| {
        k.when.iter().any(|c| in_c(c, r))
            || k.land.iter().any(|c| in_c(c, r))
            || matches!(k.dirs, D::Register(x) | D::Reverse(x) | D::Turned(x) if x == r)
            || matches!(&k.length, L::Register(x) | L::Cycle(x, _) if *x == r)
    }) || leave.iter().any(in_e)
        || land.iter().any(in_e)
}
