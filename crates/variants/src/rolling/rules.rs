//! Rolling-block rules in the rule model of jumping mazes (RULES.md sections 7 and 8): a
//! rolling-block file's registers, bridges and effects, and the shorthands (`=` and `-`
//! tiles, `switches`) that stand for them, validated once into a [`RollSet`], the form the
//! engine ([`crate::RollGraph`]) and the reference walker both read.
//!
//! A bridge is floor while its register holds `on`: its register is a `Choice` of the two
//! names `on` and `off` (the first is its start). A lone bridge tile of the board is its own
//! register, named by its cell `(r,c)`; a `switches` entry is a landing effect at its cell
//! (`At(r, c)`, with `Standing` for a heavy or split switch) whose operations are `Set(.., on)`,
//! `Set(.., off)`, `Next(..)` or `Split(..)`. What an effect does is [`RuleSet::apply_in`]'s
//! to say, and no one else's.

use crate::board::Cell;
use crate::problem::{Problem, RulePart, RuleProblem, Where};
use crate::rolling::{Action, MAX_BRIDGES, ROLL_DIRECTIONS, RollingBlockMaze, SwitchKind, Tile};
use crate::rules::{
    self, C, Cond, Domain, Effect, O, Op, Phase, Press, Register, RegisterKind, RuleSet, V, Value,
};
use crate::tiling::Coord;

/// The value name that opens a bridge.
pub(crate) const ON: &str = "on";
/// The value name that closes it.
pub(crate) const OFF: &str = "off";

/// Rolling-block rules, compiled: registers and effects as the evaluator reads them, which
/// register each bridge tile follows, and how registers pack into one machine word.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct RollSet {
    /// Registers (the file's, then one per lone bridge tile) and effects (the `switches`
    /// entries', then the file's), all landing effects.
    pub(crate) set: RuleSet,
    /// Every bridge tile in reading order, with its register.
    pub(crate) bridges: Vec<(Coord, usize)>,
    /// Per register: the value that opens its bridges, when bridges follow it.
    pub(crate) on: Vec<Option<i64>>,
    /// Per register: its bits in a packed state (shift, width) and its least value.
    pub(crate) fields: Vec<(u32, u32, i64)>,
    /// Whether some effect splits the block.
    pub(crate) splits: bool,
    /// Per register: whether some effect changes it.
    pub(crate) written: Vec<bool>,
}

impl RollSet {
    /// Every register at its start value.
    pub(crate) fn start_key(&self) -> Vec<i64> {
        self.set.regs.iter().map(|r| r.start).collect()
    }

    /// The registers packed into one word.
    pub(crate) fn pack(&self, key: &[i64]) -> u64 {
        self.fields
            .iter()
            .zip(key)
            .fold(0, |acc, (&(shift, _, lo), &v)| {
                acc | ((v - lo) as u64) << shift
            })
    }

    /// The registers of a packed word, into `key` (one entry per register).
    pub(crate) fn unpack(&self, packed: u64, key: &mut [i64]) {
        for (&(shift, width, lo), v) in self.fields.iter().zip(key.iter_mut()) {
            *v = lo + (packed >> shift & mask(width)) as i64;
        }
    }

    /// Whether the `i`-th bridge tile (reading order) is on with registers `key`.
    pub(crate) fn bridge_on(&self, i: usize, key: &[i64]) -> bool {
        let r = self.bridges[i].1;
        self.on[r] == Some(key[r])
    }

    /// The packed test of a bridge tile: it is on when `packed & mask == want`.
    pub(crate) fn bridge_test(&self, i: usize) -> (u64, u64) {
        let r = self.bridges[i].1;
        let (shift, width, lo) = self.fields[r];
        let on = self.on[r].unwrap_or(lo);
        (mask(width) << shift, ((on - lo) as u64) << shift)
    }

    /// Applies every effect to `key` for one press (docs/FAMILIES.md section 6: each cell a mover
    /// lands on, in reading order), through the evaluator of [`rules`]: the cubes' cells if
    /// the block splits, and `Err` with the register that would leave its range (the move is
    /// then no move).
    pub(crate) fn press(
        &self,
        press: &Press,
        key: &mut [i64],
    ) -> Result<Option<[Coord; 2]>, usize> {
        let split = self.apply_press(press, key);
        match self.out_of_range(key) {
            Some(r) => Err(r),
            None => Ok(split),
        }
    }

    /// [`RollSet::press`] without the range check.
    pub(crate) fn apply_press(&self, press: &Press, key: &mut [i64]) -> Option<[Coord; 2]> {
        let mut split = None;
        // Rolling-block conditions read no cell attributes; the evaluator wants a cell.
        let cell = Cell::default();
        let applied = self.set.apply_in(
            &self.set.land,
            &cell,
            None,
            None,
            rules::Places::NOWHERE,
            Some(press),
            key,
            &mut split,
        );
        debug_assert!(
            applied.is_some(),
            "rolling values are constants and registers"
        );
        split
    }

    /// The first register of `key` outside its domain.
    pub(crate) fn out_of_range(&self, key: &[i64]) -> Option<usize> {
        self.set
            .regs
            .iter()
            .zip(key)
            .position(|(r, &v)| match &r.domain {
                Domain::Choice(names) => !(0..names.len() as i64).contains(&v),
                Domain::Counter(lo, hi) => !(*lo..=*hi).contains(&v),
                _ => false,
            })
    }

    /// Whether a state's name shows its bridges: some effect changes a bridge's register.
    pub(crate) fn shows_bridges(&self) -> bool {
        self.bridges.iter().any(|&(_, r)| self.written[r])
    }

    /// What a state's name adds for its registers: ` [=-=]` (each bridge tile in reading
    /// order, on or off) when effects change bridges, then ` name=value` for every register
    /// no bridge follows.
    pub(crate) fn suffix(&self, key: &[i64]) -> String {
        let mut out = String::new();
        if self.shows_bridges() {
            let bits: String = (0..self.bridges.len())
                .map(|i| if self.bridge_on(i, key) { '=' } else { '-' })
                .collect();
            out.push_str(&format!(" [{bits}]"));
        }
        for (r, reg) in self.set.regs.iter().enumerate() {
            if self.on[r].is_none() {
                out.push_str(&format!(" {}={}", reg.name, self.set.show(r, key[r])));
            }
        }
        out
    }

    /// Whether a cell's press can be precomputed as a function of the packed registers alone
    /// that keeps, clears, sets or flips each bit: no effect pressed there reads a register,
    /// and each operation sets a constant or steps a one-bit register.
    pub(crate) fn bitwise_at(&self, at: Coord) -> bool {
        self.set
            .land
            .iter()
            .filter(|e| e.when.first() == Some(&C::At(at.0, at.1)))
            .all(|e| {
                !e.when.iter().any(reads_register)
                    && e.ops.iter().all(|o| match o {
                        O::Set(r, V::Const(v)) => self.out_of_range_one(*r, *v).is_none(),
                        O::Next(r) => self.fields[*r].1 == 1,
                        O::Split(_) => true,
                        _ => false,
                    })
            })
    }

    fn out_of_range_one(&self, r: usize, v: i64) -> Option<()> {
        match &self.set.regs[r].domain {
            Domain::Choice(names) if !(0..names.len() as i64).contains(&v) => Some(()),
            Domain::Counter(lo, hi) if !(*lo..=*hi).contains(&v) => Some(()),
            _ => None,
        }
    }
}

fn reads_register(c: &C) -> bool {
    match c {
        C::Eq(..) | C::Lt(..) | C::Gt(..) => true,
        C::Not(c) => reads_register(c),
        C::Any(cs) | C::All(cs) => cs.iter().any(reads_register),
        _ => false,
    }
}

fn mask(width: u32) -> u64 {
    if width >= 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    }
}

/// Bits a register of `n` values takes.
fn width(n: u64) -> u32 {
    64 - n.saturating_sub(1).leading_zeros()
}

fn at_rule(p: RuleProblem) -> Problem {
    Problem {
        at: Where::Rule(p.part),
        message: p.message,
        help: p.help,
    }
}

/// The on/off register a bridge follows.
fn on_off(kind: &RegisterKind) -> Option<i64> {
    match kind {
        RegisterKind::Choice(names) if names.len() == 2 && names.contains(&ON.to_string()) => names
            .iter()
            .position(|n| n == ON)
            .filter(|_| names.iter().any(|n| n == OFF))
            .map(|i| i as i64),
        _ => None,
    }
}

/// How a message names a tile.
fn tile_name(tile: Tile) -> &'static str {
    tile.name()
}

impl RollingBlockMaze {
    /// Checks bridges, switches, registers, effects and the other blocks (docs/FAMILIES.md
    /// section 6) into the compiled rules the engine and the walker read.
    pub(crate) fn compile(&self) -> Result<RollSet, Problem> {
        let set = compile(self)?;
        self.validate_blocks()?;
        Ok(set)
    }
}

/// Validates the maze's bridges, switches, registers and effects into a [`RollSet`], every
/// mistake a located [`Problem`].
pub(crate) fn compile(maze: &RollingBlockMaze) -> Result<RollSet, Problem> {
    let (rules, board) = (&maze.rules, &maze.board);
    let plain = rules.is_plain()
        && !board
            .tiles
            .iter()
            .any(|t| matches!(t, Tile::Bridge { .. } | Tile::Switch(_)));
    if plain {
        // Section 2's block: nothing to check, and nothing to allocate per candidate board.
        let set = rules::compile_rolling(&[], 0, &[], &[], &ROLL_DIRECTIONS).map_err(at_rule)?;
        return Ok(RollSet {
            set,
            bridges: Vec::new(),
            on: Vec::new(),
            fields: Vec::new(),
            splits: false,
            written: Vec::new(),
        });
    }
    let on_board = |(r, c): Coord| r < board.rows && c < board.cols;
    let declared = rules.registers.len();
    // Which register each bridge tile follows: a `bridges` entry's, or its own.
    let mut follows: Vec<Option<usize>> = vec![None; board.tiles.len()];
    for (i, bridge) in rules.bridges.iter().enumerate() {
        let at = Where::Rule(RulePart::Bridge(i));
        let Some(r) = rules
            .registers
            .iter()
            .position(|g| g.name == bridge.register)
        else {
            let names: Vec<&str> = rules.registers.iter().map(|g| g.name.as_str()).collect();
            return Err(Problem::new(
                at,
                format!("no register is called `{}`", bridge.register),
            )
            .help(if names.is_empty() {
                "declare it in `registers`: Register(name: \"gate\", kind: Choice([\"off\", \"on\"]))".to_string()
            } else {
                format!("the registers are: {}", names.join(", "))
            }));
        };
        let Some(on) = on_off(&rules.registers[r].kind) else {
            return Err(Problem::new(
                at,
                format!(
                    "register `{}` is not two-valued on/off: a bridge is floor while its register holds `on`",
                    bridge.register
                ),
            )
            .help("declare it kind: Choice([\"off\", \"on\"]) (off at the start) or Choice([\"on\", \"off\"])"));
        };
        if bridge.cells.is_empty() {
            return Err(Problem::new(at, "this bridge lists no cells"));
        }
        for &(tr, tc) in &bridge.cells {
            if !on_board((tr, tc)) {
                return Err(Problem::new(
                    at,
                    format!(
                        "the bridge cell ({tr}, {tc}) is outside the {} x {} board",
                        board.rows, board.cols
                    ),
                ));
            }
            let Tile::Bridge { on: open } = board.get((tr, tc)) else {
                return Err(Problem::new(
                    at,
                    format!(
                        "({tr}, {tc}) is {}, not a bridge tile",
                        tile_name(board.get((tr, tc)))
                    ),
                )
                .help("mark a bridge's cells `=` (on at the start) or `-` (off)"));
            };
            let cell = tr * board.cols + tc;
            if follows[cell].is_some() {
                return Err(Problem::new(
                    at,
                    format!("the bridge cell ({tr}, {tc}) belongs to an earlier bridge too"),
                ));
            }
            // A Choice starts at its first value.
            if open != (on == 0) {
                return Err(Problem::new(
                    at,
                    format!(
                        "({tr}, {tc}) is {} but register `{}` starts {}",
                        tile_name(board.get((tr, tc))),
                        bridge.register,
                        if on == 0 { ON } else { OFF }
                    ),
                )
                .help("the board shows the start: `=` where the register starts `on`, `-` where `off`"));
            }
            follows[cell] = Some(r);
        }
    }
    let mut registers = rules.registers.clone();
    let mut bridges = Vec::new();
    for (i, tile) in board.tiles.iter().enumerate() {
        let Tile::Bridge { on } = *tile else { continue };
        let at = (i / board.cols, i % board.cols);
        let r = match follows[i] {
            Some(r) => r,
            None => {
                let names = if on { [ON, OFF] } else { [OFF, ON] };
                registers.push(Register {
                    name: format!("({},{})", at.0, at.1),
                    kind: RegisterKind::Choice(names.iter().map(|n| n.to_string()).collect()),
                    keep: rules::Keep::Everywhere,
                    stands_for: None,
                });
                follows[i] = Some(registers.len() - 1);
                registers.len() - 1
            }
        };
        bridges.push((at, r));
    }
    let lone = registers.len() - declared;
    if declared == 0 && lone > MAX_BRIDGES {
        return Err(Problem::new(
            Where::Board,
            format!("the board has {lone} bridge tiles, more than the {MAX_BRIDGES} one state can hold"),
        )
        .help("every bridge doubles the states; join bridge tiles that always change together into fewer"));
    }
    let mut effects: Vec<(RulePart, Effect)> = Vec::new();
    let mut pressed: Vec<Coord> = Vec::new();
    for (i, switch) in rules.switches.iter().enumerate() {
        let kind = check_switch(maze, i, &pressed)?;
        pressed.push(switch.at);
        let mut when = vec![Cond::At(switch.at.0, switch.at.1)];
        if kind != SwitchKind::Soft {
            when.push(Cond::Standing);
        }
        let ops = match switch.split {
            Some((a, b)) => vec![Op::Split(a, b)],
            None => switch
                .acts
                .iter()
                .map(|a| {
                    let (tr, tc) = a.tile();
                    let r = follows[tr * board.cols + tc].unwrap_or(0);
                    let name = registers[r].name.clone();
                    match a {
                        Action::On(_) => Op::Set(name, Value::Name(ON.into())),
                        Action::Off(_) => Op::Set(name, Value::Name(OFF.into())),
                        Action::Toggle(_) => Op::Next(name),
                    }
                })
                .collect(),
        };
        effects.push((
            RulePart::Switch(i),
            Effect {
                on: Phase::Land,
                when,
                ops,
            },
        ));
    }
    for (i, e) in rules.effects.iter().enumerate() {
        let at = Where::Rule(RulePart::Effect(i));
        let Some(&Cond::At(r, c)) = e.when.first() else {
            return Err(Problem::new(
                at,
                "a rolling block's effect happens on a switch: its `when` opens with `At(row, col)`, the switch's cell",
            )
            .help("e.g. Effect(on: Land, when: [At(2, 3), Is(\"gate\", \"on\")], do: [Next(\"lift\")])"));
        };
        if !on_board((r, c)) {
            return Err(Problem::new(
                at,
                format!(
                    "`At({r}, {c})` is outside the {} x {} board",
                    board.rows, board.cols
                ),
            ));
        }
        let Tile::Switch(kind) = board.get((r, c)) else {
            return Err(Problem::new(
                at,
                format!("({r}, {c}) is {}, not a switch", tile_name(board.get((r, c)))),
            )
            .help("an effect happens where a block presses a switch: mark the cell `o` (soft), `x` (heavy) or `y` (split)"));
        };
        for op in &e.ops {
            if let Op::Split(a, b) = op {
                if kind != SwitchKind::Split {
                    return Err(Problem::new(
                        at,
                        format!(
                            "this effect splits the block at ({r}, {c}), which is {}, not a split switch `y`",
                            tile_name(board.get((r, c)))
                        ),
                    ));
                }
                check_split(maze, at, (*a, *b))?;
            }
        }
        if !pressed.contains(&(r, c)) {
            pressed.push((r, c));
        }
        effects.push((RulePart::Effect(i), e.clone()));
    }
    for (i, &tile) in board.tiles.iter().enumerate() {
        let cell = (i / board.cols, i % board.cols);
        if matches!(tile, Tile::Switch(_)) && !pressed.contains(&cell) {
            return Err(Problem::new(
                Where::Char(cell.0, cell.1),
                format!("{} at ({}, {}) has no entry in `switches`", tile_name(tile), cell.0, cell.1),
            )
            .help("say what it does in the rules: switches: [Switch(at: (row, col), acts: [Toggle(row, col)])]"));
        }
    }
    let mut bridged = vec![false; registers.len()];
    for &(_, r) in &bridges {
        bridged[r] = true;
    }
    let refs: Vec<(RulePart, &Effect)> = effects.iter().map(|(p, e)| (*p, e)).collect();
    let set = rules::compile_rolling(&registers, declared, &refs, &bridged, &ROLL_DIRECTIONS)
        .map_err(at_rule)?;
    let mut fields = Vec::new();
    let mut shift = 0u32;
    for reg in &set.regs {
        let (lo, n) = match reg.domain {
            Domain::Choice(ref names) => (0, names.len() as u64),
            Domain::Counter(lo, hi) => (lo, (hi - lo + 1) as u64),
            _ => (0, 1),
        };
        let w = width(n);
        fields.push((shift.min(63), w, lo));
        shift += w;
    }
    if shift > 64 {
        return Err(Problem::new(
            Where::Board,
            format!("the registers and lone bridge tiles take {shift} bits, more than the 64 one state can hold"),
        )
        .help("join bridge tiles that always change together into one bridge (`bridges`), or use smaller counters"));
    }
    let on = (0..set.regs.len())
        .map(|r| bridged[r].then(|| on_off(&registers[r].kind)).flatten())
        .collect();
    let mut written = vec![false; set.regs.len()];
    let mut splits = false;
    for e in &set.land {
        for o in &e.ops {
            match o {
                O::Set(r, _) | O::Add(r, _) | O::Next(r) | O::Arith(r, ..) => written[*r] = true,
                O::Split(_) => splits = true,
            }
        }
    }
    Ok(RollSet {
        set,
        bridges,
        on,
        fields,
        splits,
        written,
    })
}

/// Checks the `i`-th `switches` entry against the board and the switches before it
/// (`pressed`), and gives its kind.
fn check_switch(
    maze: &RollingBlockMaze,
    i: usize,
    pressed: &[Coord],
) -> Result<SwitchKind, Problem> {
    let board = &maze.board;
    let switch = &maze.rules.switches[i];
    let on_board = |(r, c): Coord| r < board.rows && c < board.cols;
    let at = Where::Rule(RulePart::Switch(i));
    let (r, c) = switch.at;
    if !on_board(switch.at) {
        return Err(Problem::new(
            at,
            format!(
                "the switch at ({r}, {c}) is outside the {} x {} board",
                board.rows, board.cols
            ),
        ));
    }
    let Tile::Switch(kind) = board.get(switch.at) else {
        return Err(Problem::new(
            at,
            format!(
                "({r}, {c}) is {}, not a switch",
                tile_name(board.get(switch.at))
            ),
        )
        .help(
            "a switch is a board cell `o` (soft), `x` (heavy) or `y` (split); `at` names that cell",
        ));
    };
    if pressed.contains(&switch.at) {
        return Err(
            Problem::new(at, format!("the switch at ({r}, {c}) is described twice"))
                .help("give each switch one entry, with all of its actions"),
        );
    }
    match kind {
        SwitchKind::Soft | SwitchKind::Heavy => {
            if switch.split.is_some() {
                return Err(Problem::new(
                    at,
                    format!(
                        "the switch at ({r}, {c}) is {}, but only a split switch `y` has `split` targets",
                        tile_name(board.get(switch.at))
                    ),
                ));
            }
            if switch.acts.is_empty() {
                return Err(Problem::new(
                    at,
                    format!("the switch at ({r}, {c}) does nothing: it has no `acts`"),
                )
                .help("list the bridges it changes, e.g. acts: [Toggle(5, 4), On(5, 5)]"));
            }
            for action in &switch.acts {
                let (tr, tc) = action.tile();
                if !on_board(action.tile()) {
                    return Err(Problem::new(
                        at,
                        format!(
                            "the switch at ({r}, {c}) acts on ({tr}, {tc}), outside the {} x {} board",
                            board.rows, board.cols
                        ),
                    ));
                }
                if !matches!(board.get(action.tile()), Tile::Bridge { .. }) {
                    return Err(Problem::new(
                        at,
                        format!(
                            "the switch at ({r}, {c}) acts on ({tr}, {tc}), which is {}, not a bridge tile",
                            tile_name(board.get(action.tile()))
                        ),
                    )
                    .help("switches turn bridge tiles on and off: mark them `=` (on at the start) or `-` (off)"));
                }
            }
        }
        SwitchKind::Split => {
            if !switch.acts.is_empty() {
                return Err(Problem::new(
                    at,
                    format!(
                        "the split switch at ({r}, {c}) has `acts`: a split switch splits the block and changes no bridge"
                    ),
                ));
            }
            let Some(targets) = switch.split else {
                return Err(Problem::new(
                    at,
                    format!("the split switch at ({r}, {c}) has no `split` targets"),
                )
                .help("add split: ((row, col), (row, col)), the cells the two cubes go to"));
            };
            check_split(maze, at, targets)?;
        }
    }
    Ok(kind)
}

/// Checks a split of the block into cubes on `(a, b)`.
fn check_split(maze: &RollingBlockMaze, at: Where, (a, b): (Coord, Coord)) -> Result<(), Problem> {
    let (rules, board) = (&maze.rules, &maze.board);
    let mut dims = [rules.block.0, rules.block.1, rules.block.2];
    dims.sort_unstable();
    if dims != [1, 1, 2] {
        return Err(Problem::new(
            at,
            format!(
                "a split switch splits a 1 x 1 x 2 block into two cubes, but this block is {} x {} x {}",
                rules.block.0, rules.block.1, rules.block.2
            ),
        ));
    }
    if !rules.others.is_empty() {
        return Err(Problem::new(
            at,
            "split switches work with one block: this board has several",
        ));
    }
    for t in [a, b] {
        if t.0 >= board.rows || t.1 >= board.cols {
            return Err(Problem::new(
                at,
                format!(
                    "the split target ({}, {}) is outside the {} x {} board",
                    t.0, t.1, board.rows, board.cols
                ),
            ));
        }
        if matches!(board.get(t), Tile::NoFloor | Tile::Bridge { .. }) {
            return Err(Problem::new(
                at,
                format!(
                    "the split target ({}, {}) is {}: a cube needs floor that is always there",
                    t.0,
                    t.1,
                    tile_name(board.get(t))
                ),
            ));
        }
    }
    if a.0.abs_diff(b.0) + a.1.abs_diff(b.1) <= 1 {
        return Err(Problem::new(
            at,
            format!(
                "the split targets ({}, {}) and ({}, {}) are the same or edge-adjacent cells: the cubes would merge at once",
                a.0, a.1, b.0, b.1
            ),
        ));
    }
    Ok(())
}
