//! The maze file format (RON): reading with diagnostics that point into the file, and writing.

use std::ops::Range;

use maze_gen::settings::{self as generate, At, Generate, Provenance, Setting, Settings};
use maze_variants::RulePart;
use maze_variants::board::{Attr, Board, Cell, Gate, NUMBER_SCHEMA, Passage};
use maze_variants::jumping::declare_teleports;
use maze_variants::rolling::{
    self, Bridge, OtherBlock, ParsedBoard, RollingBlockMaze, RollingBlockRules, Switch,
};
use maze_variants::rules::{Door, Effect, JumpKind, Register};
use maze_variants::tiling::{MoveSet, Tiling};
use maze_variants::{CompiledMaze, Maze, StateLimit, check_cells, one_line};
use maze_variants::{Coord, GoalKind, JumpRules, JumpingMaze, Problem, Where};
use miette::{Diagnostic, SourceSpan};
use serde::Deserialize;
use thiserror::Error;

use crate::located::{self, Located};
use crate::shown::Shown;

/// Everything a maze file holds: the maze, and optionally its generation settings and,
/// for a generated maze, where it came from.
#[derive(Clone, Debug, PartialEq)]
pub struct MazeFile {
    /// The maze.
    pub maze: Maze,
    /// The `generate: (...)` section, validated against the maze: what the generator takes.
    pub generate: Option<Settings>,
    /// The `provenance: (...)` of a generated maze.
    pub provenance: Option<Provenance>,
}

impl MazeFile {
    /// The file's generation settings or, without a `generate` section, the defaults
    /// validated against its maze (which may not fit it: a maze whose cells hold no number
    /// must say what the generator changes).
    pub fn settings(&self) -> Result<Settings, generate::SettingsError> {
        match &self.generate {
            Some(settings) => Ok(settings.clone()),
            None => Settings::new(&self.maze, Generate::default()),
        }
    }

    /// The ID of a generated maze (`rook-7-12-3f9a`), from which `maze generate --id`
    /// makes it again with its variant file; `None` for a maze that was not generated, or
    /// whose provenance cannot make it again.
    pub fn id(&self) -> Option<maze_gen::PuzzleId> {
        maze_gen::PuzzleId::of(self.provenance.as_ref()?)
    }
}

/// A maze file that could not be read: what is wrong and where, ready for miette to draw.
#[derive(Debug, Error, Diagnostic)]
#[error("{message}")]
#[diagnostic(code(maze::file))]
pub struct SpecError {
    /// What is wrong.
    pub message: String,
    /// 1-based line of the problem.
    pub line: usize,
    /// 1-based column (in characters) of the problem.
    pub column: usize,
    #[source_code]
    source_code: Shown,
    #[label("{label}")]
    span: SourceSpan,
    label: String,
    #[help]
    help: Option<String>,
}

impl SpecError {
    /// `file:line:column: message`, for one-line logs.
    pub fn one_line(&self) -> String {
        format!(
            "{}:{}:{}: {}",
            self.source_code.name(),
            self.line,
            self.column,
            self.message
        )
    }
}

/// The limits a file is read under: the maze's own states, and the boards its `generate`
/// section would search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ReadLimits {
    /// The most states of the maze itself.
    pub states: StateLimit,
    /// The most states of a generated board; `None` leaves it to the file's `state_limit`
    /// setting, or [`StateLimit::GENERATION`].
    pub generation: Option<StateLimit>,
}

impl ReadLimits {
    /// Both limits set to `limit`: what `--state-limit` on a command means.
    pub fn both(limit: StateLimit) -> ReadLimits {
        ReadLimits {
            states: limit,
            generation: Some(limit),
        }
    }
}

/// A wall as written: two cells, coordinates signed so negative ones get a clear error, and
/// optionally a third element saying how it lets moves through (`OneWay`, `Door("gate")`).
struct RawWall {
    a: (i64, i64),
    b: (i64, i64),
    passage: Option<Passage>,
}

impl<'de> Deserialize<'de> for RawWall {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visit;
        impl<'de> serde::de::Visitor<'de> for Visit {
            type Value = RawWall;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a wall `((r1, c1), (r2, c2))`, optionally with `OneWay`, `Door(\"name\")` or `OneWayDoor(\"name\")` third")
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<RawWall, A::Error> {
                use serde::de::Error;
                let a = seq
                    .next_element()?
                    .ok_or_else(|| A::Error::invalid_length(0, &self))?;
                let b = seq
                    .next_element()?
                    .ok_or_else(|| A::Error::invalid_length(1, &self))?;
                let passage = seq.next_element()?;
                Ok(RawWall { a, b, passage })
            }
        }
        deserializer.deserialize_tuple(3, Visit)
    }
}

/// Two cells as a file writes them, before they are checked to be on the board.
type RawPair = ((i64, i64), (i64, i64));

#[derive(Deserialize)]
#[serde(rename = "Maze", deny_unknown_fields)]
struct RawMaze {
    rules: Located<RawRules>,
    board: Located<Vec<Located<String>>>,
    #[serde(default)]
    start: Option<Located<(i64, i64)>>,
    #[serde(default)]
    walls: Vec<Located<RawWall>>,
    #[serde(default)]
    teleports: Vec<Located<RawPair>>,
    #[serde(default)]
    generate: Option<Located<RawGenerate>>,
    #[serde(default)]
    provenance: Option<Located<Provenance>>,
}

#[derive(Deserialize)]
#[serde(rename = "Generate", deny_unknown_fields)]
struct RawGenerate {
    #[serde(default)]
    size: Option<Located<(usize, usize)>>,
    #[serde(default)]
    start: Option<Located<generate::Placement>>,
    #[serde(default)]
    goal: Option<Located<generate::Placement>>,
    #[serde(default)]
    max_jump: Option<Located<u8>>,
    #[serde(default)]
    change: Option<Located<generate::Change>>,
    #[serde(default)]
    objective: Option<Located<maze_features::Objective>>,
    #[serde(default)]
    gates: Option<Located<generate::Gates>>,
    #[serde(default)]
    search: Option<Located<generate::Search>>,
    #[serde(default)]
    attempts: Option<Located<u32>>,
    #[serde(default)]
    genes: Option<Located<Vec<Located<generate::Gene>>>>,
    #[serde(default)]
    state_limit: Option<Located<u64>>,
}

fn located_value<T: Clone>(x: &Option<Located<T>>) -> Option<T> {
    x.as_ref().map(|l| l.value.clone())
}

fn located_ordinal<T>(x: &Option<Located<T>>) -> Option<usize> {
    x.as_ref().map(|l| l.ordinal)
}

impl RawGenerate {
    /// The settings as written, the state limit replaced by `state_limit` when given.
    fn settings(&self, state_limit: Option<StateLimit>) -> Generate {
        use located_value as v;
        Generate {
            size: v(&self.size),
            start: v(&self.start).unwrap_or_default(),
            goal: v(&self.goal).unwrap_or_default(),
            max_jump: v(&self.max_jump),
            change: v(&self.change).unwrap_or_default(),
            objective: v(&self.objective).unwrap_or_default(),
            gates: v(&self.gates).unwrap_or_default(),
            search: v(&self.search).unwrap_or_default(),
            attempts: v(&self.attempts).unwrap_or(generate::DEFAULT_ATTEMPTS),
            genes: self
                .genes
                .as_ref()
                .map(|g| g.value.iter().map(|l| l.value.clone()).collect()),
            state_limit: state_limit.map(StateLimit::get).or(v(&self.state_limit)),
        }
    }

    /// The reading-order number of a setting's value, if the file writes it.
    fn ordinal(&self, setting: Setting) -> Option<usize> {
        use located_ordinal as o;
        match setting {
            Setting::Section => None,
            Setting::Size => o(&self.size),
            Setting::Start => o(&self.start),
            Setting::Goal => o(&self.goal),
            Setting::MaxJump => o(&self.max_jump),
            Setting::Change => o(&self.change),
            Setting::Objective => o(&self.objective),
            Setting::Gates => o(&self.gates),
            Setting::Search => o(&self.search),
            Setting::Attempts => o(&self.attempts),
            Setting::Genes => o(&self.genes),
            Setting::StateLimit => o(&self.state_limit),
            Setting::Gene(i) => self
                .genes
                .as_ref()
                .and_then(|g| g.value.get(i))
                .map(|l| l.ordinal),
        }
    }
}

#[derive(Deserialize)]
#[serde(rename = "Rules", deny_unknown_fields)]
enum RawRules {
    Jumping(RawJumpRules),
    RollingBlock(RawRollingRules),
}

/// [`RollingBlockRules`] as read, each switch and other block located.
#[derive(Deserialize)]
#[serde(rename = "RollingBlock", default, deny_unknown_fields)]
struct RawRollingRules {
    block: (usize, usize, usize),
    weights: maze_features::RollingBlockWeights,
    switches: Vec<Located<Switch>>,
    others: Vec<Located<RawBlock>>,
    registers: Vec<Located<Register>>,
    bridges: Vec<Located<Bridge>>,
    effects: Vec<Located<Effect>>,
}

impl Default for RawRollingRules {
    fn default() -> Self {
        let d = RollingBlockRules::default();
        RawRollingRules {
            block: d.block,
            weights: d.weights,
            switches: Vec::new(),
            others: Vec::new(),
            registers: Vec::new(),
            bridges: Vec::new(),
            effects: Vec::new(),
        }
    }
}

/// A block besides the first as written: `(block: (1, 1, 2), start: [(0, 4)], goal: [(3, 4)])`.
#[derive(Clone, Deserialize)]
#[serde(rename = "Block", deny_unknown_fields)]
struct RawBlock {
    #[serde(default = "default_block")]
    block: (usize, usize, usize),
    start: Vec<Coord>,
    #[serde(default)]
    goal: Vec<Coord>,
}

fn default_block() -> (usize, usize, usize) {
    (1, 1, 2)
}

impl RawRollingRules {
    fn rules(&self) -> Result<RollingBlockRules, Problem> {
        let others = self
            .others
            .iter()
            .enumerate()
            .map(|(i, l)| {
                let at = Where::Rule(RulePart::Block(i));
                let b = &l.value;
                Ok(OtherBlock {
                    block: b.block,
                    start: rolling::footprint_of(&b.start, "start", at)?,
                    goal: if b.goal.is_empty() {
                        None
                    } else {
                        Some(rolling::footprint_of(&b.goal, "goal", at)?)
                    },
                })
            })
            .collect::<Result<_, Problem>>()?;
        Ok(RollingBlockRules {
            block: self.block,
            weights: self.weights,
            switches: self.switches.iter().map(|l| l.value.clone()).collect(),
            others,
            registers: self.registers.iter().map(|l| l.value.clone()).collect(),
            bridges: self.bridges.iter().map(|l| l.value.clone()).collect(),
            effects: self.effects.iter().map(|l| l.value.clone()).collect(),
        })
    }

    fn ordinal(&self, part: RulePart) -> Option<usize> {
        match part {
            RulePart::Switch(i) => self.switches.get(i).map(|l| l.ordinal),
            RulePart::Block(i) => self.others.get(i).map(|l| l.ordinal),
            RulePart::Register(i) => self.registers.get(i).map(|l| l.ordinal),
            RulePart::Bridge(i) => self.bridges.get(i).map(|l| l.ordinal),
            RulePart::Effect(i) => self.effects.get(i).map(|l| l.ordinal),
            RulePart::Whole | RulePart::Jump(_) | RulePart::Door(_) => None,
        }
    }
}

/// [`JumpRules`] as read, each register, kind of move and effect located so a problem with
/// it can be pointed at.
#[derive(Deserialize)]
#[serde(rename = "Jumping", default, deny_unknown_fields)]
struct RawJumpRules {
    tiling: Tiling,
    moves: MoveSet,
    torus: bool,
    no_u_turn: bool,
    goal: GoalKind,
    cells: Vec<Attr>,
    registers: Vec<Located<Register>>,
    jumps: Vec<Located<JumpKind>>,
    effects: Vec<Located<Effect>>,
    doors: Vec<Located<Door>>,
}

impl Default for RawJumpRules {
    fn default() -> Self {
        let d = JumpRules::default();
        RawJumpRules {
            tiling: d.tiling,
            moves: d.moves,
            torus: d.torus,
            no_u_turn: d.no_u_turn,
            goal: d.goal,
            cells: NUMBER_SCHEMA.to_vec(),
            registers: Vec::new(),
            jumps: Vec::new(),
            effects: Vec::new(),
            doors: Vec::new(),
        }
    }
}

impl RawJumpRules {
    fn rules(&self) -> JumpRules {
        JumpRules {
            tiling: self.tiling,
            moves: self.moves,
            torus: self.torus,
            no_u_turn: self.no_u_turn,
            goal: self.goal,
            cells: self.cells.clone(),
            registers: self.registers.iter().map(|l| l.value.clone()).collect(),
            jumps: self.jumps.iter().map(|l| l.value.clone()).collect(),
            effects: self.effects.iter().map(|l| l.value.clone()).collect(),
            doors: self.doors.iter().map(|l| l.value.clone()).collect(),
        }
    }

    fn ordinal(&self, part: RulePart) -> Option<usize> {
        match part {
            RulePart::Whole => None,
            RulePart::Register(i) => self.registers.get(i).map(|l| l.ordinal),
            RulePart::Jump(i) => self.jumps.get(i).map(|l| l.ordinal),
            RulePart::Effect(i) => self.effects.get(i).map(|l| l.ordinal),
            RulePart::Door(i) => self.doors.get(i).map(|l| l.ordinal),
            RulePart::Switch(_) | RulePart::Block(_) | RulePart::Bridge(_) => None,
        }
    }
}

fn parse_raw(src: &str) -> Result<RawMaze, ron::error::SpannedError> {
    maze_variants::ron_options().from_str(src)
}

/// A maze file's bytes as text, or, for bytes that are not UTF-8, a diagnostic at the first
/// bad byte: its value, byte offset, line and column (in characters of the valid text before
/// it). Call it on what a file holds before [`parse_file_with`].
pub fn decode<'a>(name: &str, bytes: &'a [u8]) -> Result<&'a str, Box<SpecError>> {
    let bad = match std::str::from_utf8(bytes) {
        Ok(text) => return Ok(text),
        Err(e) => e,
    };
    let at = bad.valid_up_to();
    // The text shown: the valid part, then the rest with each bad sequence replaced by
    // U+FFFD, which stands where the first bad byte was.
    let shown = String::from_utf8_lossy(bytes);
    let (line, column) = line_col(&shown, at);
    let byte = bytes.get(at).copied().unwrap_or(0);
    let ctx = Context { name, src: &shown };
    let mut e = ctx.error(
        format!(
            "the file is not UTF-8 text: byte 0x{byte:02x} at byte offset {at} (line {line}, \
             column {column}) is not valid UTF-8"
        ),
        at..at + '\u{fffd}'.len_utf8(),
        "this byte",
        Some("save the file as UTF-8 (a maze file is UTF-8 text)".to_string()),
    );
    e.line = line;
    e.column = column;
    Err(e)
}

/// Reads a maze file. `name` is how diagnostics name the file (usually its path).
pub fn parse(name: &str, src: &str) -> Result<Maze, Box<SpecError>> {
    parse_file(name, src).map(|file| file.maze)
}

/// Reads a maze file with its generation settings and provenance, checking the settings
/// against the maze, under the default state limits.
pub fn parse_file(name: &str, src: &str) -> Result<MazeFile, Box<SpecError>> {
    parse_file_with(name, src, ReadLimits::default())
}

/// [`parse_file`] under `limits`: a maze that may have more states than `limits.states`, or
/// a `generate` section whose boards may have more than the generation limit, is refused
/// with the estimate and the limit, before anything of that size is allocated.
pub fn parse_file_with(
    name: &str,
    src: &str,
    limits: ReadLimits,
) -> Result<MazeFile, Box<SpecError>> {
    let (file, settings) = read(name, src, limits)?;
    settings.map(|()| file)
}

/// [`parse_file_with`] for a command that does not generate (`solve`, `analyze`, `play`,
/// `render`, `check`): the `generate` section is not what it uses, so a problem there is a
/// warning (returned beside the file, whose `generate` is then `None`), not an error.
pub fn parse_file_for_use(
    name: &str,
    src: &str,
    limits: ReadLimits,
) -> Result<(MazeFile, Option<Box<SpecError>>), Box<SpecError>> {
    let (file, settings) = read(name, src, limits)?;
    Ok((file, settings.err()))
}

/// Compiles `maze`, read from the file `src` named `name`, stopping once its graph grows past
/// `limit` (the estimate the reader checks may prove loose): that stop is a diagnostic at the
/// board, like the estimate's refusal.
pub fn compile_within(
    name: &str,
    src: &str,
    maze: &Maze,
    limit: StateLimit,
) -> Result<CompiledMaze, Box<SpecError>> {
    maze.compile_within(limit)
        .map_err(|p| locate(name, src, &p))
}

/// [`compile_within`], moving the board into the engine instead of copying it, so that it is
/// never held twice.
pub fn into_compiled_within(
    name: &str,
    src: &str,
    maze: Maze,
    limit: StateLimit,
) -> Result<CompiledMaze, Box<SpecError>> {
    maze.into_compiled_within(limit)
        .map_err(|p| locate(name, src, &p))
}

/// `problem`, found in the maze read from the file `src` named `name` after reading it (a
/// build stopped at the limit), as a diagnostic at its place in the file.
pub fn locate(name: &str, src: &str, problem: &Problem) -> Box<SpecError> {
    let ctx = Context { name, src };
    located::reset();
    match parse_raw(src) {
        Ok(raw) => ctx.problem(&raw, problem),
        Err(e) => ctx.ron_error(&e),
    }
}

/// Reads the file; the maze's problems are the outer error, the settings' the inner one
/// (with `generate` left `None`).
#[allow(clippy::type_complexity)]
fn read(
    name: &str,
    src: &str,
    limits: ReadLimits,
) -> Result<(MazeFile, Result<(), Box<SpecError>>), Box<SpecError>> {
    let ctx = Context { name, src };
    located::reset();
    let raw = parse_raw(src).map_err(|e| ctx.ron_error(&e))?;
    let (maze, generate) = match &raw.rules.value {
        RawRules::Jumping(rules) => {
            let maze = jumping_maze(&ctx, &raw, rules.rules(), limits.states)?;
            maze.validate().map_err(|p| ctx.problem(&raw, &p))?;
            maze.check_states(limits.states)
                .map_err(|p| ctx.problem(&raw, &p))?;
            (Maze::Jumping(maze), raw.generate.as_ref())
        }
        RawRules::RollingBlock(rules) => {
            let maze = rules
                .rules()
                .and_then(|rules| rolling_maze(&raw, rules, limits.states))
                .map_err(|p| ctx.problem(&raw, &p))?;
            maze.validate().map_err(|p| ctx.problem(&raw, &p))?;
            maze.check_states(limits.states)
                .map_err(|p| ctx.problem(&raw, &p))?;
            (Maze::RollingBlock(maze), raw.generate.as_ref())
        }
    };
    // The one validation of the settings, into the value the generator takes.
    let (generate, settings) = match generate {
        Some(g) => match Settings::new(&maze, g.value.settings(limits.generation)) {
            Ok(s) => (Some(s), Ok(())),
            Err(e) => (
                None,
                Err(ctx.at(&raw, Place::from(e.at()), e.to_string(), e.help())),
            ),
        },
        None => (None, Ok(())),
    };
    let file = MazeFile {
        maze,
        generate,
        provenance: raw.provenance.as_ref().map(|p| p.value.clone()),
    };
    Ok((file, settings))
}

/// A rolling-block maze from its board: the `S` and `G` cells are its start and goal, so a
/// `start` field or walls would say something the board cannot, and are refused.
fn rolling_maze(
    raw: &RawMaze,
    rules: RollingBlockRules,
    limit: StateLimit,
) -> Result<RollingBlockMaze, Problem> {
    if raw.start.is_some() {
        return Err(Problem::new(
            Where::Start,
            "a rolling-block maze has no `start` field: its start is the `S` cells of the board",
        )
        .help("remove `start` and mark the block's starting footprint with `S`"));
    }
    if !raw.walls.is_empty() {
        return Err(
            Problem::new(Where::Wall(0), "rolling-block mazes have no walls")
                .help("remove `walls`; use `#` cells (no floor) to shape the board"),
        );
    }
    let rows: Vec<&str> = raw.board.value.iter().map(|r| r.value.as_str()).collect();
    let widest = rows.iter().map(|r| r.chars().count()).max().unwrap_or(0);
    check_cells(rows.len(), widest, limit)?;
    let mut parsed = ParsedBoard::parse(&rows)?;
    // The pairs are checked against the board with the rest of the maze.
    parsed.board.teleports = listed_pairs(raw)?;
    Ok(RollingBlockMaze {
        rules,
        board: parsed.board,
        start: parsed.start,
        goal: parsed.goal,
    })
}

/// The `teleports:` list's pairs of cells, a negative coordinate refused at its pair.
fn listed_pairs(raw: &RawMaze) -> Result<Vec<(Coord, Coord)>, Problem> {
    let cell = |(r, c): (i64, i64), i: usize| match (usize::try_from(r), usize::try_from(c)) {
        (Ok(r), Ok(c)) => Ok((r, c)),
        _ => Err(Problem::new(
            Where::Teleport(i),
            format!("({r}, {c}) is outside the board: rows and columns count from 0"),
        )),
    };
    (raw.teleports.iter().enumerate())
        .map(|(i, p)| Ok((cell(p.value.0, i)?, cell(p.value.1, i)?)))
        .collect()
}

fn jumping_maze(
    ctx: &Context,
    raw: &RawMaze,
    rules: JumpRules,
    limit: StateLimit,
) -> Result<JumpingMaze, Box<SpecError>> {
    // Rule problems come first: the tokens are read by the rules' schema.
    rules
        .compile()
        .map_err(|p| ctx.problem(raw, &Problem::from(p)))?;
    let dirs = rules.directions();
    let rows = &raw.board.value;
    // Refuse a board too large for the limit before its cells are read and allocated.
    let first = rows
        .first()
        .map_or(0, |r| r.value.split_whitespace().count());
    check_cells(rows.len(), first, limit).map_err(|p| ctx.problem(raw, &p))?;
    // Allocated once at the size the first row says, which a valid board has.
    let mut cells = Vec::with_capacity(rows.len().saturating_mul(first));
    let mut cols = 0;
    let mut tokens: Vec<&str> = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        tokens.clear();
        tokens.extend(row.value.split_whitespace());
        if r == 0 {
            cols = tokens.len();
        } else if tokens.len() != cols {
            return Err(ctx.problem(
                raw,
                &Problem::new(
                    Where::Row(r),
                    format!("row {r} has {} cells but row 0 has {cols}: rows must all be the same length", tokens.len()),
                )
                .help("use `.` for void cells to shape a board"),
            ));
        }
        for (c, token) in tokens.iter().enumerate() {
            match Cell::parse(token, &rules.cells, dirs) {
                Ok(cell) => cells.push(cell),
                Err(message) => {
                    return Err(ctx.problem(raw, &Problem::new(Where::Token(r, c), message)));
                }
            }
        }
    }
    let start = match &raw.start {
        Some(start) => start.value,
        None => {
            return Err(ctx.at_end(
                "missing field `start`: a jumping maze needs a start cell",
                Some("add `start: (row, col)`, 0-based from the top left"),
            ));
        }
    };
    // Negative coordinates cannot be a cell; say so where they are written.
    let to_coord = |(r, c): (i64, i64), at: Where| match (usize::try_from(r), usize::try_from(c)) {
        (Ok(r), Ok(c)) => Ok((r, c)),
        _ => Err(ctx.problem(
            raw,
            &Problem::new(
                at,
                format!("({r}, {c}) is outside the board: rows and columns count from 0"),
            ),
        )),
    };
    let start = to_coord(start, Where::Start)?;
    let (mut walls, mut gates) = (Vec::new(), Vec::new());
    for (i, w) in raw.walls.iter().enumerate() {
        let (a, b) = (
            to_coord(w.value.a, Where::Wall(i))?,
            to_coord(w.value.b, Where::Wall(i))?,
        );
        match &w.value.passage {
            None => walls.push((a, b)),
            Some(passage) => gates.push(Gate {
                from: a,
                to: b,
                passage: passage.clone(),
            }),
        }
    }
    let mut board = Board {
        rows: if cols == 0 { 0 } else { rows.len() },
        cols,
        cells,
    };
    let pairs = listed_pairs(raw).map_err(|p| ctx.problem(raw, &p))?;
    declare_teleports(&mut board, &pairs).map_err(|p| ctx.problem(raw, &p))?;
    Ok(JumpingMaze {
        rules,
        board,
        start,
        walls,
        gates,
    })
}

/// The part of a file an error points at: a part of the maze, or a setting.
#[derive(Clone, Copy)]
enum Place {
    Maze(Where),
    Setting(Setting),
}

impl From<At> for Place {
    fn from(at: At) -> Place {
        match at {
            At::Setting(s) => Place::Setting(s),
            At::Maze(w) => Place::Maze(w),
        }
    }
}

struct Context<'a> {
    name: &'a str,
    src: &'a str,
}

impl Context<'_> {
    fn error(
        &self,
        message: String,
        span: Range<usize>,
        label: &str,
        help: Option<String>,
    ) -> Box<SpecError> {
        let (line, column) = line_col(self.src, span.start);
        let (source_code, span) = Shown::new(self.name, self.src, span);
        // A message quotes the file (a token, a name, a value): escaped, as the file's text
        // is in `Shown`.
        let inert = |t: &str| maze_variants::inert(t).into_owned();
        Box::new(SpecError {
            message: inert(&message),
            line,
            column,
            source_code,
            span: (span.start, span.end - span.start).into(),
            label: inert(label),
            help: help.as_deref().map(inert),
        })
    }

    fn ron_error(&self, e: &ron::error::SpannedError) -> Box<SpecError> {
        let start = offset(self.src, e.span.start);
        let end = offset(self.src, e.span.end).max(start);
        let help = match &e.code {
            ron::Error::NoSuchStructField { expected, .. } => {
                Some(format!("the fields here are: {}", expected.join(", ")))
            }
            _ => None,
        };
        self.error(e.code.to_string(), start..end, "here", help)
    }

    fn at_end(&self, message: &str, help: Option<&str>) -> Box<SpecError> {
        let end = self.src.trim_end().len();
        let start = end.saturating_sub(1);
        self.error(
            message.to_string(),
            start..end,
            "here",
            help.map(str::to_string),
        )
    }

    /// The span of the value numbered `ordinal`, widened from ron's closing bracket to the
    /// whole bracketed value.
    fn span_of(&self, ordinal: usize) -> Range<usize> {
        let Some(span) = located::probe(ordinal, || parse_raw(self.src)) else {
            return 0..0;
        };
        let start = offset(self.src, span.start);
        let end = offset(self.src, span.end).max(start);
        match self.src[start..end].trim_end().chars().last() {
            Some(close @ (')' | ']')) => {
                let open_at = matching_open(
                    self.src,
                    start + self.src[start..end].rfind(close).unwrap_or(0),
                );
                open_at.unwrap_or(start)..end
            }
            _ => start..end,
        }
    }

    fn problem(&self, raw: &RawMaze, problem: &Problem) -> Box<SpecError> {
        self.at(
            raw,
            Place::Maze(problem.at),
            problem.message.clone(),
            problem.help.clone(),
        )
    }

    /// The error `message` (with `help`) pointed at `place` in the file.
    fn at(
        &self,
        raw: &RawMaze,
        place: Place,
        message: String,
        help: Option<String>,
    ) -> Box<SpecError> {
        let at = match place {
            Place::Maze(at) => at,
            Place::Setting(setting) => {
                let (span, label) = match &raw.generate {
                    Some(g) => match g.value.ordinal(setting) {
                        Some(ordinal) => (self.with_name(self.span_of(ordinal)), "this setting"),
                        None => {
                            let span = self.span_of(g.ordinal);
                            (span.start..span.start + 1, "these settings")
                        }
                    },
                    None => (0..0, "here"),
                };
                return self.error(message, span, label, help);
            }
        };
        let (span, label) = match at {
            Where::Rules => (self.span_of(raw.rules.ordinal), "these rules"),
            Where::Rule(part) => {
                let ordinal = match &raw.rules.value {
                    RawRules::Jumping(rules) => rules.ordinal(part),
                    RawRules::RollingBlock(rules) => rules.ordinal(part),
                };
                match ordinal {
                    Some(o) => (self.span_of(o), "here"),
                    None => (self.span_of(raw.rules.ordinal), "these rules"),
                }
            }
            Where::Board => {
                let span = self.span_of(raw.board.ordinal);
                (span.start..span.start + 1, "this board")
            }
            Where::Row(r) => (self.row_span(raw, r), "this row"),
            Where::Token(r, c) => (self.token_span(raw, r, c), "this cell"),
            Where::Char(r, c) => (self.char_span(raw, r, c), "this cell"),
            Where::Start => match &raw.start {
                Some(start) => (self.span_of(start.ordinal), "this start"),
                None => (0..0, "here"),
            },
            Where::Wall(i) => (self.span_of(raw.walls[i].ordinal), "this wall"),
            Where::Teleport(i) => (self.span_of(raw.teleports[i].ordinal), "this pair"),
            Where::Gate(i) => match raw
                .walls
                .iter()
                .filter(|w| w.value.passage.is_some())
                .nth(i)
            {
                Some(w) => (self.span_of(w.ordinal), "this wall"),
                None => (0..0, "here"),
            },
        };
        self.error(message, span, label, help)
    }

    /// `span` widened back over an enum variant's name written right before it, so that
    /// `UphillSteps(p: 1.5)` is pointed at from its name rather than its parenthesis.
    fn with_name(&self, span: Range<usize>) -> Range<usize> {
        let before = &self.src[..span.start];
        let name = before
            .trim_end_matches(|c: char| c.is_ascii_alphanumeric() || c == '_')
            .len();
        if name < span.start && self.src[span.start..].starts_with('(') {
            name..span.end
        } else {
            span
        }
    }

    /// The span of a row string's contents (ron reports a string from its first character
    /// to just past its closing quote).
    fn row_span(&self, raw: &RawMaze, r: usize) -> Range<usize> {
        let span = self.span_of(raw.board.value[r].ordinal);
        span.start..span.end.saturating_sub(1).max(span.start)
    }

    fn token_span(&self, raw: &RawMaze, r: usize, c: usize) -> Range<usize> {
        let row = self.row_span(raw, r);
        let text = &self.src[row.clone()];
        // Token offsets are exact only when the row is written without escapes.
        if text != raw.board.value[r].value {
            return row;
        }
        let mut at = 0;
        for (i, token) in text.split_whitespace().enumerate() {
            let pos = at + text[at..].find(token).unwrap_or(0);
            if i == c {
                return row.start + pos..row.start + pos + token.len();
            }
            at = pos + token.len();
        }
        row
    }

    fn char_span(&self, raw: &RawMaze, r: usize, c: usize) -> Range<usize> {
        let row = self.row_span(raw, r);
        let text = &self.src[row.clone()];
        // Character offsets are exact only when the row is written without escapes.
        if text != raw.board.value[r].value {
            return row;
        }
        match text.char_indices().nth(c) {
            Some((at, ch)) => row.start + at..row.start + at + ch.len_utf8(),
            None => row,
        }
    }
}

/// The byte offset of a ron position (1-based line, 1-based column in characters).
fn offset(src: &str, pos: ron::error::Position) -> usize {
    let mut line_start = 0;
    for _ in 1..pos.line {
        match src[line_start..].find('\n') {
            Some(i) => line_start += i + 1,
            None => return src.len(),
        }
    }
    src[line_start..]
        .char_indices()
        .nth(pos.col.saturating_sub(1))
        .map_or(src.len(), |(i, _)| line_start + i)
}

/// 1-based line and character column of a byte offset.
fn line_col(src: &str, at: usize) -> (usize, usize) {
    let before = &src[..at.min(src.len())];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

/// The offset of the bracket opening the one that closes at `close_at`.
fn matching_open(src: &str, close_at: usize) -> Option<usize> {
    let bytes = src.as_bytes();
    let mut depth = 0usize;
    for i in (0..=close_at).rev() {
        match bytes[i] {
            b')' | b']' => depth += 1,
            b'(' | b'[' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
    }
    None
}

/// Writes a maze file, settings and provenance included, that [`parse_file`] reads back
/// equal. `header` lines become `//` comments at the top.
pub fn write_file(file: &MazeFile, header: &[String]) -> String {
    let mut fields = String::new();
    if let Some(g) = &file.generate {
        fields.push_str(&write_generate(g));
    }
    if let Some(p) = &file.provenance {
        fields.push_str(&format!("    provenance: {},\n", one_line(p)));
    }
    maze_variants::write_with(&file.maze, header, &fields)
}

/// The `generate` section, one setting per line, defaults left out.
fn write_generate(g: &Generate) -> String {
    let d = Generate::default();
    let mut lines = Vec::new();
    if let Some((r, c)) = g.size {
        lines.push(format!("size: ({r}, {c})"));
    }
    if g.start != d.start {
        lines.push(format!("start: {}", one_line(&g.start)));
    }
    if g.goal != d.goal {
        lines.push(format!("goal: {}", one_line(&g.goal)));
    }
    if let Some(k) = g.max_jump {
        lines.push(format!("max_jump: {k}"));
    }
    if g.change != d.change {
        lines.push(format!("change: {}", one_line(&g.change)));
    }
    lines.push(format!("objective: {}", one_line(&g.objective)));
    if g.gates != d.gates {
        lines.push(format!("gates: {}", one_line(&g.gates)));
    }
    lines.push(format!("search: {}", one_line(&g.search)));
    if g.attempts != d.attempts {
        lines.push(format!("attempts: {}", g.attempts));
    }
    if let Some(genes) = &g.genes {
        lines.push(format!("genes: {}", one_line(genes)));
    }
    if let Some(n) = g.state_limit {
        lines.push(format!("state_limit: {n}"));
    }
    let mut out = String::from("    generate: (\n");
    for line in lines {
        out.push_str(&format!("        {line},\n"));
    }
    out.push_str("    ),\n");
    out
}
