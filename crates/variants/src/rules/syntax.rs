//! The rules as a maze file writes them: [`JumpRules`] and its registers, kinds of move,
//! effects, conditions and values, read and written by serde.

use maze_graph::Directions;
use serde::{Deserialize, Serialize};

use crate::board::{Attr, NUMBER_SCHEMA, Piece};
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
    /// Doors: named conditions on the registers under which the walls that name them open.
    pub doors: Vec<Door>,
}

/// A door: the walls written `Door("name")` (or `OneWayDoor("name")`) let moves through
/// while every condition holds, and stop them otherwise.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Door {
    /// Its name, as the walls write it.
    pub name: String,
    /// Conditions on the registers (as the move sees them after its leaving effects), all of
    /// which must hold for the door to be open.
    pub open: Vec<Cond>,
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
            doors: Vec::new(),
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
        #[serde(default, skip_serializing_if = "Option::is_none")]
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
    /// A landable cell of the board, or none (the start): where to go back to (`To`).
    Cell,
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
    /// Sliding to the last cell before an obstacle: a cell the move cannot fly over (blocked,
    /// void), a wall or the board's edge (ice). A slide that meets no obstacle (around a
    /// torus) or is stopped at once is no move.
    Slide,
    /// To the cell a cell register holds, when it lies on the move's ray: the walk goes unit
    /// step by unit step until it reaches that cell and lands there (none held, or not on
    /// the ray: no move).
    To(String),
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
    /// Subtract a value from a counter.
    Sub(String, Value),
    /// Multiply a counter by a value.
    Mul(String, Value),
    /// A counter modulo a value (the remainder from 0 to the value less one; modulo 0 is no
    /// move).
    Mod(String, Value),
    /// A counter becomes the smaller of itself and a value.
    Min(String, Value),
    /// A counter becomes the larger of itself and a value.
    Max(String, Value),
    /// A counter becomes its negation.
    Neg(String),
    /// A direction, piece, colour, symbol or cell register holds none again.
    Clear(String),
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
    /// The landing cell's attribute (`Landing(Number)`, landing effects only): what the
    /// cell moved onto holds, where the other cell values read the cell moved from.
    Landing(Attr),
    /// The cell moved from itself (a cell register's value).
    Cell,
    /// The cell landed on itself (landing effects only; after a teleport, its partner).
    LandingCell,
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
    /// The cell is the one a cell register holds (never when it holds none).
    Held(String),
    /// A direction, piece, colour, symbol or cell register holds none.
    Unset(String),
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
            && self.doors.is_empty()
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
            fields.push(format!("cells: {}", crate::text::one_line(&self.cells)));
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
                    .map(crate::text::one_line)
                    .collect::<Vec<_>>(),
            ),
            (
                "jumps",
                self.jumps.iter().map(crate::text::one_line).collect(),
            ),
            (
                "effects",
                self.effects.iter().map(crate::text::one_line).collect(),
            ),
            (
                "doors",
                self.doors.iter().map(crate::text::one_line).collect(),
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
