//! The compiled form of the rules, [`RuleSet`] and its conditions ([`C`]), values ([`V`]),
//! operations ([`O`], [`E`]), direction sets ([`D`]), lengths ([`L`]) and kinds of move
//! ([`K`]), and their evaluator: the one place a condition or an effect gets its meaning.

use maze_graph::{Dir, DirSet, Directions};

use super::syntax::*;
use crate::board::{Attr, Cell, Kind, Piece, Tag, Turn};
use crate::tiling::Tiling;

/// The most registers a rule may declare: the state key holds them inline, and a cell's
/// kept registers are the bits of a [`Kept`]. More than this many registers of two values
/// or more pass every state limit ([`crate::StateLimit::MAX`] is below 2^32), so the state
/// bound, checked with a located diagnostic, is what limits a rule in practice.
pub(crate) const MAX_REGISTERS: usize = 32;

/// The registers a cell's states keep, bit `r` for register `r`.
pub(crate) type Kept = u32;

/// The longest move a rule may write (`Exactly`, `Cycle`): the reference walker walks it step
/// by step, and no board needs more.
pub const MAX_LENGTH: u32 = 10_000;

/// The largest counter value (in magnitude): a counter used as a length stays walkable.
pub(crate) const MAX_COUNTER: i64 = 10_000;

/// The name the `no_u_turn` shorthand gives its direction register.
pub(crate) const LAST_DIRECTION: &str = "last";

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
    /// Landable cells (by row-major index), or [`NONE`].
    Cell,
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
    /// The cell is the one a cell register holds.
    Held(usize),
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
    /// The landing cell's attribute (landing effects).
    Landing(Attr),
    /// The cell moved from (the cell left, in leaving effects).
    Cell,
    /// The cell landed on (landing effects).
    LandingCell,
}

/// Arithmetic on a counter beyond `Add`, compiled (`Neg` is `Mul` by -1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arith {
    /// Subtract.
    Sub,
    /// Multiply.
    Mul,
    /// Remainder of Euclidean division (0 to the divisor's magnitude less one).
    Mod,
    /// The smaller.
    Min,
    /// The larger.
    Max,
}

impl Arith {
    /// `a` combined with `b`; `None` for modulo 0 or an overflow (no move).
    pub fn apply(self, a: i64, b: i64) -> Option<i64> {
        match self {
            Arith::Sub => a.checked_sub(b),
            Arith::Mul => a.checked_mul(b),
            Arith::Mod => a.checked_rem_euclid(b),
            Arith::Min => Some(a.min(b)),
            Arith::Max => Some(a.max(b)),
        }
    }
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
    /// Arithmetic with a value.
    Arith(usize, Arith, V),
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
    /// The last cell before an obstacle.
    Slide,
    /// The cell a cell register holds, on the ray.
    To(usize),
}

impl L {
    /// Whether a move of this length has at most one landing per direction.
    pub(crate) fn is_single(&self) -> bool {
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
    pub(crate) tiling: Tiling,
    /// Toroidal wrap.
    pub(crate) torus: bool,
    /// Goal kind.
    pub(crate) goal: GoalKind,
    /// The edge direction table.
    pub(crate) directions: &'static Directions,
    /// Registers (the `no_u_turn` register last).
    pub(crate) regs: Vec<Reg>,
    /// Kinds of move.
    pub(crate) kinds: Vec<K>,
    /// Leaving effects.
    pub(crate) leave: Vec<E>,
    /// Landing effects.
    pub(crate) land: Vec<E>,
    /// Per door of the rules, in declaration order, the conditions that open it.
    pub(crate) doors: Vec<Vec<C>>,
    /// The register a state name shows bare (the `no_u_turn` last direction: `(2,3)/NE`).
    pub(crate) bare: Option<usize>,
    /// Whether the landings of a move cannot depend on the registers: no leaving effects, and
    /// no register read by `when`, directions or length (registers standing for attributes
    /// aside, which the engine checks per cell).
    pub(crate) geometry_free: bool,
    /// The attributes of a landing cell anything reads (landing conditions, landing effects,
    /// `keep`): changing any other attribute of a cell changes only the moves out of it.
    pub(crate) landing_reads: Reads,
    /// The attributes the registers' `keep` conditions read: changing one may change which
    /// states a cell has.
    pub(crate) keep_reads: Reads,
    /// The start key ([`start_of`]), kept so that the move generator borrows it rather than
    /// builds it for every state.
    pub(crate) start: Key,
}

/// The start key of `regs`: every register at its start value, the unused places zero. A
/// rolling-block rule set's registers beyond [`MAX_REGISTERS`] are not in it (the rolling
/// engine keeps its own longer list).
pub(crate) fn start_of(regs: &[Reg]) -> Key {
    let mut key = [0; MAX_REGISTERS];
    for (v, r) in key.iter_mut().zip(regs) {
        *v = r.start;
    }
    key
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
    /// Numbers (a landing effect's `Landing(Number)`).
    pub number: bool,
}

impl Reads {
    /// Notes the attribute of the landing cell a landing effect's value reads.
    pub(super) fn add_value(&mut self, v: &V) {
        match v {
            V::Landing(Attr::Number) => self.number = true,
            V::Landing(Attr::Piece) => self.piece = true,
            V::Landing(Attr::Colour) => self.colour = true,
            V::Landing(Attr::Symbol) => self.symbol = true,
            _ => {}
        }
    }

    pub(super) fn add(&mut self, c: &C) {
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
            | C::Held(_)
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
pub(crate) struct Ctx<'a> {
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
    /// Where `here` and `from` stand on the board.
    pub at: Places,
}

/// Where the cells a condition or value reads stand, as cell register values
/// ([`cell_value`]): what `Held` compares and the values `Cell` and `LandingCell` read.
/// [`NONE`] for a cell off the board (an exit) or a rolling-block press.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Places {
    /// The cell the condition is about.
    pub here: i64,
    /// The cell moved from (landing phase).
    pub from: i64,
}

impl Places {
    /// Nowhere on a board.
    pub(crate) const NOWHERE: Places = Places {
        here: NONE,
        from: NONE,
    };

    /// On the cell of row-major index `here`, before a move.
    pub(crate) fn on(here: usize) -> Places {
        Places {
            here: cell_value(here),
            from: NONE,
        }
    }

    /// A move from the cell of index `from` landing on `here`.
    pub(crate) fn moved(from: usize, here: usize) -> Places {
        Places {
            here: cell_value(here),
            from: cell_value(from),
        }
    }
}

/// The value of a cell register holding the cell of row-major index `cell`.
pub(crate) fn cell_value(cell: usize) -> i64 {
    cell as i64
}

/// A [`Tag`] as a register value.
pub(crate) fn tag_value(tag: Tag) -> i64 {
    i64::from_le_bytes(tag.bytes())
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
pub(crate) struct Press {
    /// The cell.
    pub at: (usize, usize),
    /// A whole block stands on this cell alone.
    pub standing: bool,
    /// A split cube rolls onto it.
    pub cube: bool,
}

impl C {
    /// Evaluates the condition.
    pub(crate) fn eval(&self, ctx: &Ctx) -> bool {
        self.eval_in(ctx, None)
    }

    /// Evaluates the condition, with the rolling-block press when there is one.
    pub(crate) fn eval_in(&self, ctx: &Ctx, press: Option<&Press>) -> bool {
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
            // No colour is a colour of its own (RULES.md 7.1): two colourless cells have the
            // same colour, and a colourless cell (the colour_alt goal, a cell off the board)
            // differs from every colour. Without a cell moved from, nothing compares equal.
            C::SameColour => ctx.from.is_some_and(|f| f.colour == here.colour),
            C::OtherColour => ctx.from.is_none_or(|f| f.colour != here.colour),
            C::SameSymbol => {
                here.symbol.is_some() && here.symbol == ctx.from.and_then(|f| f.symbol)
            }
            C::Held(r) => ctx.regs[*r] != NONE && ctx.regs[*r] == ctx.at.here,
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
    /// The registers, in declaration order (the `no_u_turn` register last): a state key
    /// holds register `r`'s value at index `r`.
    pub fn regs(&self) -> &[Reg] {
        &self.regs
    }

    /// Whether a register is a counter, whose range may stop moves (the walkers' warnings).
    pub(crate) fn has_counter(&self) -> bool {
        self.regs
            .iter()
            .any(|r| matches!(r.domain, Domain::Counter(..)))
    }

    /// The kinds of move.
    pub fn kinds(&self) -> &[K] {
        &self.kinds
    }

    /// The register a state name shows bare (the `no_u_turn` last direction: `(2,3)/NE`).
    pub fn bare(&self) -> Option<usize> {
        self.bare
    }

    /// The attributes of a landing cell anything reads: changing one changes moves into the
    /// cell too, not only those out of it.
    pub fn landing_reads(&self) -> Reads {
        self.landing_reads
    }

    /// The attributes the registers' `keep` conditions read: changing one may change which
    /// states a cell has.
    pub fn keep_reads(&self) -> Reads {
        self.keep_reads
    }

    /// The start key: every register at its start value.
    pub(crate) fn start_key(&self) -> Key {
        self.start
    }

    /// The start key, borrowed.
    pub(crate) fn start_regs(&self) -> &Key {
        &self.start
    }

    /// Whether register `r` is kept on `cell` (raw attributes).
    pub fn kept(&self, r: usize, cell: &Cell) -> bool {
        match &self.regs[r].keep {
            None => true,
            Some(c) => c.eval(&Ctx {
                here: cell,
                from: None,
                regs: &self.start,
                mv: None,
                dirs: self.directions,
                at: Places::NOWHERE,
            }),
        }
    }

    /// The registers kept on `cell` (raw attributes), as a bit set.
    pub(crate) fn kept_set(&self, cell: &Cell) -> Kept {
        (0..self.regs.len())
            .filter(|&r| self.kept(r, cell))
            .fold(0, |m, r| m | 1 << r)
    }

    /// `key` with the registers not kept on `cell` reset to their start values.
    pub fn project(&self, cell: &Cell, key: &Key) -> Key {
        let mut out = *key;
        self.reset_unkept(self.kept_set(cell), &mut out);
        out
    }

    /// Resets the registers outside `kept` (bit r: register r) to their start values.
    pub(crate) fn reset_unkept(&self, kept: Kept, key: &mut Key) {
        for (r, (reg, v)) in self.regs.iter().zip(key.iter_mut()).enumerate() {
            if kept & (1 << r) == 0 {
                *v = reg.start;
            }
        }
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
                Attr::Arrows | Attr::Teleport => {}
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
            V::Cell if ctx.at.from != NONE => ctx.at.from,
            V::Cell | V::LandingCell if ctx.at.here != NONE => ctx.at.here,
            V::Cell | V::LandingCell => return None,
            V::Landing(attr) => {
                let here = ctx.here;
                match attr {
                    Attr::Number => i64::from(here.number?),
                    Attr::Piece => piece_value(here.piece),
                    Attr::Colour => here.colour.map_or(NONE, tag_value),
                    Attr::Symbol => here.symbol.map_or(NONE, tag_value),
                    Attr::Arrows | Attr::Teleport => return None,
                }
            }
        })
    }

    /// Applies `effects` in order to `key`, the cells standing `at`; `None` when a value is
    /// missing (the number of a cell without one).
    pub(crate) fn apply(
        &self,
        effects: &[E],
        here: &Cell,
        from: Option<&Cell>,
        mv: Option<(Dir, i64)>,
        at: Places,
        key: &mut Key,
    ) -> Option<()> {
        self.apply_in(effects, here, from, mv, at, None, key, &mut None)
    }

    /// [`RuleSet::apply`] with a rolling-block press (conditions `At`, `Standing`, `Cube`) and
    /// registers of any number; a `Split` sets `split` to its cubes' cells. The one place an
    /// effect gets its meaning, for jumping and rolling mazes alike.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn apply_in(
        &self,
        effects: &[E],
        here: &Cell,
        from: Option<&Cell>,
        mv: Option<(Dir, i64)>,
        at: Places,
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
                at,
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
                    at,
                };
                match op {
                    O::Set(r, v) => {
                        let v = self.value(v, &ctx)?;
                        key[*r] = v;
                    }
                    O::Add(r, v) => {
                        let v = self.value(v, &ctx)?;
                        key[*r] = key[*r].checked_add(v)?;
                    }
                    O::Arith(r, op, v) => {
                        let v = self.value(v, &ctx)?;
                        key[*r] = op.apply(key[*r], v)?;
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
    pub(crate) fn in_range(&self, key: &Key) -> bool {
        self.regs.iter().zip(key).all(|(r, &v)| match &r.domain {
            Domain::Choice(names) => (0..names.len() as i64).contains(&v),
            Domain::Counter(lo, hi) => (*lo..=*hi).contains(&v),
            Domain::Direction => v == NONE || (0..self.directions.len() as i64).contains(&v),
            Domain::Piece => v == NONE || (0..6).contains(&v),
            Domain::Colour | Domain::Symbol => true,
            Domain::Cell => v >= NONE,
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
    pub(crate) fn exact_length(&self, kind: &K, cell: &Cell, key: &Key) -> Option<i64> {
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
    pub(crate) fn passable(over: Over, cell: &Cell) -> bool {
        match over {
            Over::Flyable => cell.is_flyable(),
            Over::Empty => cell.kind == Kind::Empty,
            Over::Occupied => cell.is_flyable() && cell.kind != Kind::Empty,
        }
    }

    /// Whether the rules read a cell's number as a jump length: directly (`Number`,
    /// `UpToNumber`) or through a register an effect adds it to (the offset rule). Only then
    /// are numbers jump numbers, and same-jump clusters (RULES.md section 3) exist; a rule
    /// that never reads numbers has none, whatever its cells hold.
    pub fn reads_numbers(&self) -> bool {
        self.kinds
            .iter()
            .any(|k| matches!(k.length, L::Number | L::UpToNumber))
            || self.leave.iter().chain(&self.land).any(|e| {
                e.ops.iter().any(|o| {
                    matches!(
                        o,
                        O::Set(_, V::Number | V::Landing(Attr::Number))
                            | O::Add(_, V::Number | V::Landing(Attr::Number))
                            | O::Arith(_, _, V::Number | V::Landing(Attr::Number))
                    )
                })
            })
    }

    /// Whether the rules keep any register on any cell.
    pub(crate) fn has_registers(&self) -> bool {
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
            Domain::Cell => std::iter::once(NONE)
                .chain(
                    (0..cells.len())
                        .filter(|&i| cells[i].is_landable())
                        .map(cell_value),
                )
                .collect(),
        };
        v.extend(self.constants(r));
        v.sort_unstable();
        v.dedup();
        v
    }

    /// Whether [`RuleSet::values`] of register `r` depends on the board (colours and
    /// symbols: the ones on it; cells: the landable ones).
    pub(crate) fn values_read_board(&self, r: usize) -> bool {
        matches!(
            self.regs[r].domain,
            Domain::Colour | Domain::Symbol | Domain::Cell
        )
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
    /// it: no attribute that differs is read of a landing cell. Arrows never are, numbers
    /// only by a landing effect's `Landing(Number)`; a teleport always is (it sends the
    /// moves landing on its partner on).
    pub fn local_change(&self, old: &Cell, new: &Cell) -> bool {
        // What the rules read first: most read no attribute of a landing cell, and then no
        // attribute is compared (the generator asks at every step of its compiled graph).
        let r = &self.landing_reads;
        old.kind == new.kind
            && old.teleport == new.teleport
            && (!r.turn || old.turn == new.turn)
            && (!r.colour || old.colour == new.colour)
            && (!r.symbol || old.symbol == new.symbol)
            && (!r.piece || old.piece == new.piece)
            && (!r.circled || old.circled == new.circled)
            && (!r.wildcard || old.wildcard == new.wildcard)
            && (!r.number || old.number == new.number)
    }

    /// A state's name: `(r,c)`, `(r,c)/t=diagonal/d=2` with the registers kept on its cell
    /// (unset ones left out, the `no_u_turn` direction bare: `(r,c)/NE`, a cell register
    /// as `b=(1,2)` or `b=-`), `Goal` (or `Goal(r,c)` with several goals) when the rules
    /// have registers, `Outside` for `at: None`. `cols` is the board's width, which cell
    /// registers' values are read with.
    pub fn state_name(
        &self,
        at: Option<(usize, usize)>,
        cols: usize,
        cell: &Cell,
        key: &Key,
    ) -> String {
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
            let text = match reg.domain {
                Domain::Cell => show_cell(key[i], cols),
                _ => self.show(i, key[i]),
            };
            if self.bare == Some(i) {
                name.push_str(&format!("/{text}"));
            } else {
                name.push_str(&format!("/{}={text}", reg.name));
            }
        }
        name
    }

    /// A register value as text (`diagonal`, `NE`, `K`, `3`), control characters escaped.
    pub fn show(&self, r: usize, v: i64) -> String {
        match &self.regs[r].domain {
            // A file's names, shown escaped: a state name reaches terminals and DOT files.
            Domain::Choice(names) => names
                .get(v as usize)
                .map_or_else(String::new, |n| crate::inert(n).into_owned()),
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
            // Without the board's width, a cell is its row-major index.
            Domain::Cell if v == NONE => "-".into(),
            Domain::Cell => format!("#{v}"),
        }
    }
}

/// A cell register's value as a state name shows it: `(r,c)`, or `-` for none.
fn show_cell(v: i64, cols: usize) -> String {
    match usize::try_from(v) {
        Ok(i) if cols > 0 => format!("({},{})", i / cols, i % cols),
        _ => "-".into(),
    }
}
