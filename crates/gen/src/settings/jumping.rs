//! The jumping family's template: the board a generator fills, the cells it edits and their
//! legal jump numbers, checked against the maze with the genes it changes.

use maze_variants::board::{Attr, Board, Cell, Kind, MAX_JUMP, Tag};
use maze_variants::{Coord, GoalKind, JumpGraph, JumpingMaze, Where};

use super::genes::{Family, JumpGene, not_listed_before};
use super::{At, Change, Generate, Placement, Setting, SettingsError};

/// Where the goal of a template is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GoalSpot {
    /// A fixed goal cell.
    Fixed(usize),
    /// A random editable cell, per generated maze.
    Random,
    /// The exit goal: leaving the board.
    Exit,
    /// The board's goal cells, where the file has them (several goal cells).
    Kept,
}

/// The board a generator fills, as the settings and the file's board say.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Template {
    /// Rules, shape, fixed cells and walls; editable cells hold a placeholder `1`, a fixed
    /// goal its `G`, and `start` is the fixed start or a placeholder.
    pub maze: JumpingMaze,
    /// Per cell (row-major), whether the generator sets it.
    pub editable: Vec<bool>,
    /// The fixed start cell, `None` when it is random.
    pub start: Option<usize>,
    /// The goal.
    pub goal: GoalSpot,
    /// Jump numbers are 1..=max_jump (legal ones only).
    pub max_jump: u8,
    /// What may change besides jump numbers.
    pub change: Change,
    /// What the generator changes in a cell; `[Number(1, max_jump)]` unless the file says.
    pub genes: Vec<JumpGene>,
    /// The legal jump numbers of the editable cells, probed once for every maze.
    pub legal: LegalJumps,
}

/// Per cell, the jump numbers 1 to `up_to` with which the cell would have a legal move on the
/// template board (RULES.md section 5; empty for cells the generator does not set). Probed
/// once per settings rather than once per maze: on a 32 x 32 board probing every number of
/// every cell costs more than the search's first thousand steps.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct LegalJumps {
    /// The largest number probed; 0 when nothing was.
    pub up_to: u8,
    cells: Vec<Vec<u8>>,
}

impl LegalJumps {
    fn probe(graph: &JumpGraph, editable: &[bool], up_to: u8) -> LegalJumps {
        let cells = (0..editable.len())
            .map(|i| match editable[i] {
                true => graph.legal_jumps(i, up_to),
                false => Vec::new(),
            })
            .collect();
        LegalJumps { up_to, cells }
    }

    /// `cell`'s legal numbers of 1 to `max`, as [`JumpGraph::legal_jumps`] gives them on the
    /// template board; `None` when `max` is beyond what was probed.
    pub fn of(&self, cell: usize, max: u8) -> Option<impl Iterator<Item = u8> + '_> {
        (max <= self.up_to).then(|| {
            let legal = self.cells.get(cell).map_or(&[][..], Vec::as_slice);
            legal.iter().copied().take_while(move |&k| k <= max)
        })
    }
}

impl Template {
    /// Whether the generator only changes jump numbers of plain rules (RULES.md section 5
    /// exactly: legal jump numbers, uniformly).
    pub fn numbers_only(&self) -> bool {
        self.genes == [JumpGene::Number(1, i16::from(self.max_jump))] && self.maze.rules.is_plain()
    }

    /// The largest number of states any filled board can have: every cell a state, times the
    /// number of directions plus one under no-U-turn, plus `Outside` for an exit goal.
    pub fn max_states(&self) -> usize {
        let cells = self
            .maze
            .board
            .cells
            .iter()
            .filter(|c| c.kind != Kind::Void)
            .count();
        let per_cell = if self.maze.rules.no_u_turn {
            self.maze.rules.directions().len() + 1
        } else {
            1
        };
        cells * per_cell + usize::from(self.goal == GoalSpot::Exit)
    }
}

impl Generate {
    /// Checks the settings against `maze` and builds the template to fill.
    pub fn template(&self, maze: &JumpingMaze) -> Result<Template, SettingsError> {
        self.refuse_rolling_change()?;
        // What an editable cell holds before the generator fills it.
        let placeholder = if maze.rules.cells.contains(&Attr::Number) {
            Cell::numbered(1)
        } else {
            Cell::of(Kind::Ordinary)
        };
        let mut m = self.sized(maze, placeholder)?;
        // Before the per-cell work of building the template (legal jumps of every cell):
        // every cell a state, times the directions plus one under no-U-turn, plus the exit.
        let per_cell = if m.rules.no_u_turn {
            m.rules.directions().len() as u128 + 1
        } else {
            1
        };
        let at_most = (m.board.cells.len() as u128).saturating_mul(per_cell) + 1;
        self.check_generation_states(at_most, Setting::Section)?;
        let goal = self.goal_spot(maze, m.board.rows, m.board.cols)?;
        self.put_goal(maze, &mut m, goal, placeholder)?;
        let editable = self.editable(&mut m, placeholder);
        let start = self.start_cell(maze, &m, &editable)?;
        place_start(&mut m, start, goal, &editable)?;
        m.validate().map_err(|p| SettingsError::Invalid {
            at: match p.at {
                Where::Start => At::Setting(Setting::Start),
                _ if self.size.is_some() => At::Setting(Setting::Size),
                other => At::Maze(other),
            },
            message: p.message,
            help: p.help,
        })?;
        let (max_jump, genes, legal) = self.jumps(&m, &editable)?;
        let template = Template {
            maze: m,
            editable,
            start,
            goal,
            max_jump,
            change: self.change,
            genes,
            legal,
        };
        self.check_search()?;
        self.check_objective()?;
        self.check_lengths()?;
        self.check_gates(&template)?;
        check_changeable(&template)?;
        self.check_attempts()?;
        Ok(template)
    }

    /// Refuses the changes only rolling blocks have.
    fn refuse_rolling_change(&self) -> Result<(), SettingsError> {
        let problem = if self.change.fragile {
            "`fragile` is for rolling-block floors; a jumping maze has none"
        } else if self.change.switches
            || self.change.max_bridges.is_some()
            || self.change.max_switches.is_some()
        {
            "`switches`, `max_bridges` and `max_switches` are for rolling-block bridges and switches; a jumping maze has none"
        } else {
            return Ok(());
        };
        Err(
            SettingsError::invalid(At::Setting(Setting::Change), problem)
                .with_help("jumping mazes may change `blocked`, `holes` and `walls`"),
        )
    }

    /// `maze`, or with `size` a blank board of that size filled with `placeholder`.
    fn sized(&self, maze: &JumpingMaze, placeholder: Cell) -> Result<JumpingMaze, SettingsError> {
        let mut m = maze.clone();
        if let Some((rows, cols)) = self.size {
            if rows > 1000 || cols > 1000 {
                return Err(SettingsError::invalid(
                    At::Setting(Setting::Size),
                    format!("{rows} x {cols} is larger than the generator's 1000 x 1000 limit"),
                ));
            }
            if rows * cols < 2 {
                return Err(SettingsError::invalid(
                    At::Setting(Setting::Size),
                    format!("a {rows} x {cols} board cannot hold a start and a goal"),
                )
                .with_help("give at least two cells, e.g. size: (5, 5)"));
            }
            m.board = Board {
                rows,
                cols,
                cells: vec![placeholder; rows * cols],
            };
            m.walls.clear();
            m.gates.clear();
        }
        Ok(m)
    }

    /// Where the goal goes on a `rows x cols` board, as the settings and `maze`'s rules say.
    fn goal_spot(
        &self,
        maze: &JumpingMaze,
        rows: usize,
        cols: usize,
    ) -> Result<GoalSpot, SettingsError> {
        let at = || At::Setting(Setting::Goal);
        let inside = |(r, c): Coord| r < rows && c < cols;
        Ok(match (maze.rules.goal, self.goal) {
            (GoalKind::Exit, Placement::Board) => GoalSpot::Exit,
            (GoalKind::Cells, Placement::Board) => GoalSpot::Kept,
            (GoalKind::Cells, _) => {
                return Err(SettingsError::invalid(
                    at(),
                    "this maze has several goal cells (`goal: Cells`): they stay where the board has them",
                )
                .with_help("remove `goal` from the generate section"));
            }
            (GoalKind::Exit, _) => {
                return Err(SettingsError::invalid(
                    at(),
                    "this maze's goal is leaving the board (`goal: Exit`): there is no goal cell to place",
                )
                .with_help("remove `goal` from the generate section"));
            }
            (GoalKind::Cell, Placement::Board) => match maze.board.goal() {
                Some(g) if inside(g) => GoalSpot::Fixed(g.0 * cols + g.1),
                _ => {
                    return Err(SettingsError::invalid(
                        at(),
                        format!(
                            "the file's goal cell is not on the {rows} x {cols} board to generate"
                        ),
                    )
                    .with_help("place it with goal: Fixed((row, col)) or goal: Random"));
                }
            },
            (GoalKind::Cell, Placement::Fixed(g)) => {
                if !inside(g) {
                    return Err(SettingsError::invalid(
                        at(),
                        format!(
                            "the goal ({}, {}) is outside the {rows} x {cols} board",
                            g.0, g.1
                        ),
                    ));
                }
                GoalSpot::Fixed(g.0 * cols + g.1)
            }
            (GoalKind::Cell, Placement::Random) => GoalSpot::Random,
        })
    }

    /// Clears the file's `G` from `m` unless it stays where it is, and puts a fixed goal.
    fn put_goal(
        &self,
        maze: &JumpingMaze,
        m: &mut JumpingMaze,
        goal: GoalSpot,
        placeholder: Cell,
    ) -> Result<(), SettingsError> {
        let cols = m.board.cols;
        let index = |(r, c): Coord| r * cols + c;
        if self.size.is_none()
            && let Some(g) = maze.board.goal()
            && goal != GoalSpot::Fixed(index(g))
        {
            // The old goal cell becomes an ordinary cell to fill.
            let mut c = m.board.cells[index(g)];
            c.kind = Kind::Ordinary;
            if c.number.is_none() && placeholder.number.is_some() {
                c.number = placeholder.number;
            }
            m.board.cells[index(g)] = c;
        }
        if let GoalSpot::Fixed(g) = goal {
            match m.board.cells[g].kind {
                Kind::Ordinary | Kind::Goal => m.board.cells[g] = m.board.cells[g].into_goal(),
                _ => {
                    let other = m.board.cells[g].token(&maze.rules.cells, maze.rules.directions());
                    return Err(SettingsError::invalid(
                        At::Setting(Setting::Goal),
                        format!(
                            "the goal ({}, {}) is on `{other}`; it must be a cell a jump can land on",
                            g / cols,
                            g % cols
                        ),
                    ));
                }
            }
        }
        Ok(())
    }

    /// The cells the generator sets: every ordinary cell, and blocked cells and holes too
    /// when they may change; those not ordinary take `placeholder`, and with numbers every
    /// one but a wildcard its number.
    fn editable(&self, m: &mut JumpingMaze, placeholder: Cell) -> Vec<bool> {
        let editable: Vec<bool> = m
            .board
            .cells
            .iter()
            .map(|c| match c.kind {
                Kind::Ordinary => true,
                Kind::Blocked => self.change.blocked,
                Kind::Hole => self.change.holes,
                _ => false,
            })
            .collect();
        for (i, e) in editable.iter().enumerate() {
            if *e && !m.board.cells[i].is_ordinary() {
                m.board.cells[i] = placeholder;
            } else if *e && placeholder.number.is_some() && !m.board.cells[i].wildcard {
                m.board.cells[i].number = placeholder.number;
            }
        }
        editable
    }

    /// The fixed start cell, `None` when it is random.
    fn start_cell(
        &self,
        maze: &JumpingMaze,
        m: &JumpingMaze,
        editable: &[bool],
    ) -> Result<Option<usize>, SettingsError> {
        let (rows, cols) = (m.board.rows, m.board.cols);
        let s = match self.start {
            Placement::Random => return Ok(None),
            Placement::Fixed(s) => s,
            Placement::Board => maze.start,
        };
        if !(s.0 < rows && s.1 < cols) {
            return Err(SettingsError::invalid(
                At::Setting(Setting::Start),
                format!(
                    "the start ({}, {}) is outside the {rows} x {cols} board",
                    s.0, s.1
                ),
            ));
        }
        let i = s.0 * cols + s.1;
        if !editable[i] {
            return Err(SettingsError::invalid(
                At::Setting(Setting::Start),
                format!(
                    "the start ({}, {}) is on `{}`, not a cell the generator fills with a jump number",
                    s.0,
                    s.1,
                    m.board.cells[i].token(&maze.rules.cells, maze.rules.directions())
                ),
            ));
        }
        Ok(Some(i))
    }

    /// The largest jump number, the genes, and the editable cells' legal jump numbers on
    /// the template board `m`.
    fn jumps(
        &self,
        m: &JumpingMaze,
        editable: &[bool],
    ) -> Result<(u8, Vec<JumpGene>, LegalJumps), SettingsError> {
        let (max_jump, probed) = match self.max_jump {
            Some(k) if k == 0 || k > MAX_JUMP => {
                return Err(SettingsError::invalid(
                    At::Setting(Setting::MaxJump),
                    format!("max_jump {k} is out of range: jump numbers are 1 to {MAX_JUMP}"),
                ));
            }
            Some(k) => (k, None),
            None => {
                let legal = LegalJumps::probe(&JumpGraph::new(m), editable, MAX_JUMP);
                let largest = legal.cells.iter().filter_map(|l| l.last().copied()).max();
                (largest.unwrap_or(1), Some(legal))
            }
        };
        let genes = self.genes(m, max_jump)?;
        // A number gene's top may lie above max_jump.
        let up_to = (genes.iter())
            .filter_map(|g| match g {
                JumpGene::Number(lo, hi) if *lo >= 1 => u8::try_from(*hi).ok(),
                _ => None,
            })
            .fold(max_jump, u8::max)
            .min(MAX_JUMP);
        let legal = match probed {
            Some(legal) => legal,
            None if m.rules.cells.contains(&Attr::Number) => {
                LegalJumps::probe(&JumpGraph::new(m), editable, up_to)
            }
            None => LegalJumps::default(),
        };
        Ok((max_jump, genes, legal))
    }

    /// The genes, checked against the rules' token schema; by default jump numbers.
    fn genes(&self, m: &JumpingMaze, max_jump: u8) -> Result<Vec<JumpGene>, SettingsError> {
        let at = || At::Setting(Setting::Genes);
        let schema = &m.rules.cells;
        let structural = self.change.structural();
        let genes = match &self.genes {
            Some(g) => g,
            // RULES.md section 5; whether any cell has a choice is check_changeable's.
            None if schema.contains(&Attr::Number) => {
                return Ok(vec![JumpGene::Number(1, i16::from(max_jump))]);
            }
            // Cells that hold no number, and only the board's structure changes.
            None if structural => return Ok(Vec::new()),
            None => {
                return Err(SettingsError::invalid(
                    at(),
                    format!(
                        "say what the generator may change: these cells hold {} and no number",
                        schema_text(schema)
                    ),
                )
                .with_help(genes_help(schema)));
            }
        };
        if genes.is_empty() && !structural {
            return Err(SettingsError::invalid(
                at(),
                "`genes: []` leaves the generator nothing to change",
            )
            .with_help(genes_help(schema)));
        }
        let mut jumping = Vec::with_capacity(genes.len());
        for (i, gene) in genes.iter().enumerate() {
            // Problems with one gene point at that gene.
            let at = || At::Setting(Setting::Gene(i));
            not_listed_before(genes, i)?;
            let g = match gene.family() {
                Family::Jump(g) | Family::Both(g, _) => g,
                Family::Roll(_) => {
                    return Err(SettingsError::invalid(
                        at(),
                        format!(
                            "`{}` places a rolling-block tile: a jumping maze's genes are its cells' attributes",
                            gene.name()
                        ),
                    )
                    .with_help("Number, Arrows, Circled, Wildcard, Colour, Symbol, Piece or Teleports"));
                }
            };
            if let Some(a) = g.attr()
                && !schema.contains(&a)
            {
                return Err(SettingsError::invalid(
                    at(),
                    format!(
                        "the gene `{}` needs `{}` in the rules' `cells`, which hold {}",
                        gene.name(),
                        a.name(),
                        schema_text(schema)
                    ),
                )
                .with_help(genes_help(schema)));
            }
            let few = |n: usize| {
                (n < 2).then(|| {
                    SettingsError::invalid(
                        at(),
                        format!("the gene `{}` needs at least two values", gene.name()),
                    )
                })
            };
            let problem = match &g {
                JumpGene::Number(lo, hi) => {
                    if lo > hi || lo.abs() > i16::from(MAX_JUMP) || hi.abs() > i16::from(MAX_JUMP) {
                        Some(SettingsError::invalid(
                            at(),
                            format!("Number({lo}, {hi}) is no range of -{MAX_JUMP} to {MAX_JUMP}"),
                        ))
                    } else {
                        few((hi - lo + 1) as usize)
                    }
                }
                // `-`: none (a cell without a colour or symbol), as a token writes it.
                JumpGene::Colour(names) | JumpGene::Symbol(names) => names
                    .iter()
                    .find(|n| n.as_str() != NONE && Tag::new(n).is_none())
                    .map(|n| {
                        SettingsError::invalid(
                            at(),
                            format!("`{n}` is no name: 1 to 8 letters or digits, or `-` for none"),
                        )
                    })
                    .or_else(|| few(names.len())),
                JumpGene::Piece(pieces) => few(pieces.len()),
                JumpGene::Arrows(n)
                    if *n == 0 || usize::from(*n) > m.rules.tiling.directions().len() =>
                {
                    Some(SettingsError::invalid(
                        at(),
                        format!(
                            "Arrows({n}): a cell holds 1 to {} arrows on this tiling",
                            m.rules.tiling.directions().len()
                        ),
                    ))
                }
                JumpGene::Teleports(n) => super::genes::teleport_pairs(*n, i).err(),
                JumpGene::Arrows(_) | JumpGene::Circled | JumpGene::Wildcard => None,
            };
            if let Some(p) = problem {
                return Err(p);
            }
            jumping.push(g);
        }
        Ok(jumping)
    }

    fn check_gates(&self, t: &Template) -> Result<(), SettingsError> {
        if let Some(min) = self.gates.min_length {
            let bound = t.max_states().saturating_sub(1);
            if min as usize > bound {
                return Err(SettingsError::invalid(
                    At::Setting(Setting::Gates),
                    format!(
                        "min_length {min} is impossible: a shortest solution visits each state at most once, and this board has at most {} states, so at most {bound} moves",
                        bound + 1
                    ),
                )
                .with_help("lower min_length or generate a larger board"));
            }
        }
        Ok(())
    }
}

/// A gene value that stands for none: a cell without a colour or symbol (`-`, as in a
/// token).
const NONE: &str = "-";

/// The token schema as a message names it: `Colour, Arrows`, or `nothing`.
fn schema_text(schema: &[Attr]) -> String {
    if schema.is_empty() {
        return "nothing".to_string();
    }
    schema
        .iter()
        .map(|a| a.name())
        .collect::<Vec<_>>()
        .join(", ")
}

/// What a file may write in `genes` for cells of `schema`: the genes the schema carries
/// (every schema carries `Circled` and `Wildcard`), and the structural changes any rule has.
fn genes_help(schema: &[Attr]) -> String {
    let mut genes: Vec<&str> = schema
        .iter()
        .map(|a| match a {
            Attr::Number => "`Number(1, 4)`",
            Attr::Arrows => "`Arrows(1)`",
            Attr::Colour => "`Colour([\"r\", \"b\"])`",
            Attr::Symbol => "`Symbol([\"A\", \"B\"])`",
            Attr::Piece => "`Piece([King, Rook])`",
            Attr::Teleport => "`Teleports(2)`",
        })
        .collect();
    genes.extend(["`Circled`", "`Wildcard`"]);
    format!(
        "these cells may take the genes {}; or let the board's structure change with `change: (blocked: true)` (or `holes`, `walls`)",
        genes.join(", ")
    )
}

/// The generator needs at least one thing it can change, and the start needs a legal jump.
fn check_changeable(t: &Template) -> Result<(), SettingsError> {
    if !t.numbers_only() {
        return if t.editable.iter().filter(|&&e| e).count() < 2 {
            Err(SettingsError::invalid(
                At::Setting(Setting::Genes),
                "nothing to change: the board has fewer than two ordinary cells",
            ))
        } else {
            Ok(())
        };
    }
    let graph = t
        .legal
        .of(0, t.max_jump)
        .is_none()
        .then(|| JumpGraph::new(&t.maze));
    let choices: Vec<usize> = (0..t.editable.len())
        .map(|i| match t.legal.of(i, t.max_jump) {
            _ if !t.editable[i] => 0,
            Some(legal) => legal.count(),
            None => graph
                .as_ref()
                .map_or(0, |g| g.legal_jumps(i, t.max_jump).len()),
        })
        .collect();
    if let Some(s) = t.start
        && choices[s] == 0
    {
        return Err(SettingsError::invalid(
            At::Setting(Setting::Start),
            format!(
                "no jump of 1 to {} leaves the start ({}, {}) on this board",
                t.max_jump,
                s / t.maze.board.cols,
                s % t.maze.board.cols
            ),
        )
        .with_help("raise max_jump or move the start"));
    }
    if t.start.is_none() && choices.iter().all(|&c| c == 0) {
        return Err(SettingsError::invalid(
            At::Setting(Setting::Start),
            format!(
                "no cell has a legal jump of 1 to {} for a random start",
                t.max_jump
            ),
        ));
    }
    let structural = t.change.structural();
    if !structural && choices.iter().all(|&c| c < 2) {
        return Err(SettingsError::invalid(
            At::Setting(Setting::MaxJump),
            format!(
                "nothing to change: no cell has two legal jump numbers up to max_jump {}",
                t.max_jump
            ),
        )
        .with_help("raise max_jump, generate a larger board, or allow blocked cells, holes or walls to change"));
    }
    Ok(())
}

/// Puts the start in `m`: the fixed `start`, or the first editable cell as a placeholder,
/// and for a random goal a placeholder goal, so the template is a valid maze to check and
/// compile.
fn place_start(
    m: &mut JumpingMaze,
    start: Option<usize>,
    goal: GoalSpot,
    editable: &[bool],
) -> Result<(), SettingsError> {
    let cols = m.board.cols;
    let Some(start_cell) = start.or_else(|| editable.iter().position(|&e| e)) else {
        return Err(SettingsError::invalid(
            At::Setting(Setting::Section),
            "the board has no ordinary cell for the generator to fill",
        ));
    };
    m.start = (start_cell / cols, start_cell % cols);
    if goal == GoalSpot::Random {
        let spare = (0..editable.len()).find(|&i| editable[i] && i != start_cell);
        match spare {
            Some(i) => m.board.cells[i] = m.board.cells[i].into_goal(),
            None => {
                return Err(SettingsError::invalid(
                    At::Setting(Setting::Goal),
                    "there is no cell left for a random goal besides the start",
                ));
            }
        }
    }
    Ok(())
}
