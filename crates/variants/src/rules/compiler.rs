//! The compiler of the rules: [`JumpRules::compile`] and [`compile_rolling`] check a file's
//! rules once and build the [`RuleSet`] everything downstream reads.

use std::collections::{HashMap, HashSet};

use maze_graph::{Dir, DirSet, Directions};

use super::eval::*;
use super::syntax::*;
use crate::board::{Attr, Piece, Tag};
use crate::problem::{RulePart, RuleProblem, problem};
use crate::tiling::{MoveSet, Tiling};

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
    /// Each register's index by name, and each `Choice` value's by register and name: a
    /// file may name thousands of bridges or values, and every condition and effect looks
    /// one up.
    names: HashMap<String, usize>,
    values: HashMap<(usize, String), i64>,
    /// Compiling a rolling-block maze's rules: presses instead of cells and moves.
    rolling: bool,
}

impl<'a> Compiler<'a> {
    fn new(rules: &'a JumpRules, directions: &'static Directions, rolling: bool) -> Compiler<'a> {
        Compiler {
            rules,
            directions,
            regs: Vec::new(),
            names: HashMap::new(),
            values: HashMap::new(),
            rolling,
        }
    }

    /// Adds a compiled register, indexing its name and values.
    fn add(&mut self, reg: Reg) {
        let r = self.regs.len();
        if let Domain::Choice(names) = &reg.domain {
            self.values.extend(
                names
                    .iter()
                    .enumerate()
                    .map(|(i, n)| ((r, n.clone()), i as i64)),
            );
        }
        self.names.entry(reg.name.clone()).or_insert(r);
        self.regs.push(reg);
    }

    fn reg(&self, part: RulePart, name: &str) -> Result<usize, RuleProblem> {
        self.names.get(name).copied().ok_or_else(|| {
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
            Domain::Choice(names) => self
                .values
                .get(&(r, name.to_string()))
                .copied()
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
            Domain::Cell => Err(bad(
                "a cell register is set from a move (`Cell`, `LandingCell`), tested with `Held` and `Unset` and emptied with `Clear`".into(),
            )),
        }
    }

    /// Checks that register `r` is a cell register (`Held`, `To`) or, with `none`, one that
    /// can hold none (`Unset`, `Clear`).
    fn cell_like(
        &self,
        part: RulePart,
        r: usize,
        what: &str,
        none: bool,
    ) -> Result<(), RuleProblem> {
        let (domain, name) = (&self.regs[r].domain, &self.regs[r].name);
        Err(match (none, domain) {
            (true, Domain::Choice(_) | Domain::Counter(..)) => problem(
                part,
                format!("{what}: register `{name}` always holds a value, never none"),
            )
            .help("direction, piece, colour, symbol and cell registers can hold none"),
            (false, d) if *d != Domain::Cell => problem(
                part,
                format!("{what} needs a cell register, but `{name}` is not one"),
            )
            .help("declare it with `kind: Cell`"),
            _ => return Ok(()),
        })
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
                    | Cond::Held(_)
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
            Cond::Held(name) | Cond::Unset(name) => {
                only_cells("registers")?;
                let r = self.reg(part, name)?;
                let unset = matches!(c, Cond::Unset(_));
                self.cell_like(part, r, &format!("`{}`", cond_name(c)), unset)?;
                if unset { C::Eq(r, NONE) } else { C::Held(r) }
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
                    | Value::Landing(_)
                    | Value::Cell
                    | Value::LandingCell
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
            Value::Landing(attr) => {
                if scope != Scope::Landing {
                    return Err(problem(
                        part,
                        "`Landing(..)` reads the cell a move lands on, known only in a landing effect",
                    )
                    .help("a leaving effect reads its own cell with `Number`, `Piece`, `Colour` or `Symbol`"));
                }
                let ok = match attr {
                    Attr::Number => matches!(domain, Domain::Counter(..)),
                    Attr::Piece => *domain == Domain::Piece,
                    Attr::Colour => *domain == Domain::Colour,
                    Attr::Symbol => *domain == Domain::Symbol,
                    Attr::Arrows => {
                        return Err(problem(
                            part,
                            "`Landing(Arrows)`: arrows are directions of moves, no value a register holds",
                        ));
                    }
                    Attr::Teleport => {
                        return Err(problem(
                            part,
                            "`Landing(Teleport)`: a teleport names its pair, no value a register holds",
                        ));
                    }
                };
                fits(ok, &format!("the landing cell's {}", attr.name()))?;
                self.needs_attr(part, *attr, &format!("`Landing({})`", attr.name()))?;
                V::Landing(*attr)
            }
            Value::Cell => {
                fits(*domain == Domain::Cell, "a cell")?;
                V::Cell
            }
            Value::LandingCell => {
                landing("LandingCell")?;
                fits(*domain == Domain::Cell, "a cell")?;
                V::LandingCell
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
                Op::Sub(name, v)
                | Op::Mul(name, v)
                | Op::Mod(name, v)
                | Op::Min(name, v)
                | Op::Max(name, v) => {
                    let (what, arith) = match op {
                        Op::Sub(..) => ("`Sub`", Arith::Sub),
                        Op::Mul(..) => ("`Mul`", Arith::Mul),
                        Op::Mod(..) => ("`Mod`", Arith::Mod),
                        Op::Min(..) => ("`Min`", Arith::Min),
                        _ => ("`Max`", Arith::Max),
                    };
                    self.arithmetic(part, what)?;
                    let r = self.reg(part, name)?;
                    self.counter(part, r, what)?;
                    O::Arith(r, arith, self.value(part, scope, r, v)?)
                }
                Op::Neg(name) => {
                    self.arithmetic(part, "`Neg`")?;
                    let r = self.reg(part, name)?;
                    self.counter(part, r, "`Neg`")?;
                    O::Arith(r, Arith::Mul, V::Const(-1))
                }
                Op::Clear(name) => {
                    let r = self.reg(part, name)?;
                    self.cell_like(part, r, "`Clear`", true)?;
                    O::Set(r, V::Const(NONE))
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

    /// Refuses arithmetic beyond `Add` in a rolling-block file.
    fn arithmetic(&self, part: RulePart, what: &str) -> Result<(), RuleProblem> {
        if self.rolling {
            Err(problem(
                part,
                format!("{what} is arithmetic of jumping rules: a rolling-block effect sets, adds or steps registers"),
            )
            .help("use `Set`, `Add` or `Next`"))
        } else {
            Ok(())
        }
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
            Length::Slide => L::Slide,
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
            Length::To(n) => {
                let r = self.reg(part, n)?;
                self.cell_like(part, r, "`To`", false)?;
                L::To(r)
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
        let mut c = Compiler::new(self, directions, false);
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
                format!(
                    "at most {MAX_REGISTERS} registers (no_u_turn uses one): a state holds {MAX_REGISTERS} register values, and more registers of two values or more pass every state limit"
                ),
            ));
        }
        // Domains first, so conditions can name any register.
        for (i, r) in declared.iter().enumerate() {
            let reg = compile_register(RulePart::Register(i), r, &c.names, true)?;
            c.add(reg);
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
        let doors = compile_doors(&c, &self.doors)?;
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
            if !reads(&kinds, &leave, &land, &c.regs, i)
                && !doors.iter().flatten().any(|d| in_c(d, i))
            {
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
            for o in &e.ops {
                if let O::Set(_, v) | O::Add(_, v) | O::Arith(_, _, v) = o {
                    landing_reads.add_value(v);
                }
            }
        }
        let mut keep_reads = Reads::default();
        for r in &c.regs {
            if let Some(k) = &r.keep {
                landing_reads.add(k);
                keep_reads.add(k);
            }
        }
        let geometry_free = doors.is_empty()
            && leave.is_empty()
            && kinds.iter().all(|k| {
                !k.when.iter().any(reads_any_register)
                    && matches!(k.dirs, D::Set(_) | D::Arrows | D::ReverseArrows)
                    && !matches!(k.length, L::Register(_) | L::Cycle(..) | L::To(_))
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
            start: start_of(&c.regs),
            regs: c.regs,
            kinds,
            leave,
            land,
            doors,
        })
    }
}

/// The most doors a rule may declare: the engine keeps its runs once per set of open doors,
/// and the state limit bounds those sets with the board's cells (`check_states`); past this
/// many, a single cell's sets pass every limit.
pub(crate) const MAX_DOORS: usize = 31;

/// The doors' conditions, compiled as a kind of move's `when` (the cell moved from and the
/// registers after the leaving effects).
fn compile_doors(c: &Compiler<'_>, doors: &[Door]) -> Result<Vec<Vec<C>>, RuleProblem> {
    if doors.len() > MAX_DOORS {
        return Err(problem(
            RulePart::Door(MAX_DOORS),
            format!(
                "at most {MAX_DOORS} doors: the engine keeps its runs once per set of open doors, and more doors open in more sets than any state limit allows"
            ),
        )
        .help("let several walls name the same door"));
    }
    let mut out = Vec::new();
    for (i, d) in doors.iter().enumerate() {
        let part = RulePart::Door(i);
        if doors[..i].iter().any(|e| e.name == d.name) {
            return Err(problem(
                part,
                format!("door `{}` is declared twice", d.name),
            ));
        }
        if d.open.is_empty() {
            return Err(problem(
                part,
                format!(
                    "door `{}` has no condition: it would always be open",
                    d.name
                ),
            )
            .help("write `open: [Is(\"key\", \"yes\")]`, or leave the wall out"));
        }
        out.push(c.conds(part, Scope::Origin, &d.open)?);
    }
    Ok(out)
}

/// The registers and effects of a rolling-block maze compiled by the same compiler as a
/// jumping maze's (docs/FAMILIES.md section 6, RULES.md section 8): `registers` are the file's
/// `declared` first, then those its shorthands declare (a lone bridge tile's, named by its
/// cell `(r,c)`, whose names are not checked); `effects` are the shorthands' (a `switches`
/// entry's, at its `RulePart::Switch`) and the file's, each with the part a problem points
/// at. `bridged[r]` says a bridge reads register `r`. Only landing effects, the conditions
/// `Is`, `Eq`, `Lt`, `Gt`, `At`, `Standing`, `Cube` (and `Not`, `Any`, `All`), and choices and
/// counters mean anything to a rolling block; the rest is refused where it is written.
pub(crate) fn compile_rolling(
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
        doors: Vec::new(),
    };
    let mut c = Compiler::new(&rules, directions, true);
    for (i, r) in registers.iter().enumerate() {
        let part = RulePart::Register(i);
        if i < declared {
            if !matches!(
                r.kind,
                RegisterKind::Choice(_) | RegisterKind::Counter { .. }
            ) {
                return Err(problem(
                    part,
                    "a rolling block's registers are choices and counters: directions, pieces, colours, symbols and cells belong to jumping mazes",
                )
                .help("e.g. kind: Choice([\"off\", \"on\"]) for a bridge, or kind: Counter(min: 0, max: 3)"));
            }
            if r.keep != Keep::Everywhere || r.stands_for.is_some() {
                return Err(problem(
                    part,
                    "`keep` and `stands_for` relate registers to a jumping maze's cells: a rolling block's registers are kept everywhere",
                ));
            }
            let reg = compile_register(part, r, &c.names, true)?;
            c.add(reg);
        } else {
            // A shorthand's register: its cell name `(r,c)` cannot clash with a declared one.
            c.add(compile_register(part, r, &HashMap::new(), false)?);
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
        start: start_of(&c.regs),
        regs: c.regs,
        kinds: Vec::new(),
        leave: Vec::new(),
        land,
        doors: Vec::new(),
        bare: None,
        geometry_free: false,
        landing_reads: Reads::default(),
        keep_reads: Reads::default(),
    })
}

/// A declared register compiled into its domain and start, checked against the names of
/// the registers declared before it (`earlier`).
fn compile_register(
    part: RulePart,
    r: &Register,
    earlier: &HashMap<String, usize>,
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
    if earlier.contains_key(&r.name) {
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
            let mut seen = HashSet::with_capacity(names.len());
            if let Some(d) = names.iter().find(|n| !seen.insert(n.as_str())) {
                return Err(problem(part, format!("`{d}` is listed twice")));
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
        RegisterKind::Cell => (Domain::Cell, NONE),
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
                        RegisterKind::Cell => "Cell",
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
        Cond::Held(_) => "Held",
        Cond::Unset(_) => "Unset",
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
        C::Eq(..) | C::Lt(..) | C::Gt(..) | C::Opposite(_) | C::Held(_) => true,
        C::Not(c) => reads_any_register(c),
        C::Any(cs) | C::All(cs) => cs.iter().any(reads_any_register),
        _ => false,
    }
}

/// Whether condition `c` reads register `r`.
fn in_c(c: &C, r: usize) -> bool {
    match c {
        C::Eq(x, _) | C::Lt(x, _) | C::Gt(x, _) | C::Opposite(x) | C::Held(x) => *x == r,
        C::Not(c) => in_c(c, r),
        C::Any(cs) | C::All(cs) => cs.iter().any(|c| in_c(c, r)),
        _ => false,
    }
}

fn reads(kinds: &[K], leave: &[E], land: &[E], regs: &[Reg], r: usize) -> bool {
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
                O::Arith(t, _, v) => in_v(v, r) || *t == r,
                O::Next(_) | O::Split(_) => false,
            })
    };
    kinds.iter().any(|k| {
        k.when.iter().any(|c| in_c(c, r))
            || k.land.iter().any(|c| in_c(c, r))
            || matches!(k.dirs, D::Register(x) | D::Reverse(x) | D::Turned(x) if x == r)
            || matches!(&k.length, L::Register(x) | L::Cycle(x, _) | L::To(x) if *x == r)
    }) || leave.iter().any(in_e)
        || land.iter().any(in_e)
}
