//! What is wrong with a maze and where: [`Problem`] points at a part of a maze file
//! ([`Where`]), [`RuleProblem`] at a part of its rules ([`RulePart`]). Every validator of the
//! crate reports these, so they live apart from all of them.

use std::fmt;

/// The part of a maze file a problem is about, so the file reader can point at it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Where {
    /// The `rules` field.
    Rules,
    /// A part of the rules (a register, a kind of move, an effect).
    Rule(RulePart),
    /// The `board` field as a whole.
    Board,
    /// One board row.
    Row(usize),
    /// The token at `(row, col)` of the board.
    Token(usize, usize),
    /// The character at `(row, col)` of a board written one character per cell (rolling
    /// blocks).
    Char(usize, usize),
    /// The `start` field.
    Start,
    /// The i-th wall.
    Wall(usize),
    /// The i-th gate (a one-way wall or a door), counted among the walls that have a passage.
    Gate(usize),
    /// The i-th teleport pair of a `teleports:` list.
    Teleport(usize),
}

/// Why a maze is invalid, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// What the problem is about.
    pub at: Where,
    /// What is wrong.
    pub message: String,
    /// How to fix it, where that is not obvious.
    pub help: Option<String>,
}

impl From<RuleProblem> for Problem {
    /// A problem with the rules, pointed at the rule part it is about.
    fn from(p: RuleProblem) -> Problem {
        Problem {
            at: match p.part {
                RulePart::Whole => Where::Rules,
                part => Where::Rule(part),
            },
            message: p.message,
            help: p.help,
        }
    }
}

impl Problem {
    /// A problem at `at`, without help.
    pub fn new(at: Where, message: impl Into<String>) -> Problem {
        Problem {
            at,
            message: message.into(),
            help: None,
        }
    }

    /// The problem with `help`, how to fix it.
    pub fn help(mut self, help: impl Into<String>) -> Problem {
        self.help = Some(help.into());
        self
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
    /// The i-th door of a jumping maze's `doors`.
    Door(usize),
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

pub(crate) fn problem(part: RulePart, message: impl Into<String>) -> RuleProblem {
    RuleProblem {
        part,
        message: message.into(),
        help: None,
    }
}

impl RuleProblem {
    pub(crate) fn help(mut self, help: impl Into<String>) -> RuleProblem {
        self.help = Some(help.into());
        self
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
            RulePart::Door(i) => write!(f, "door {i}"),
        }
    }
}
