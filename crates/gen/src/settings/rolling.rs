//! The rolling-block family's template: the board a generator fills, the cells whose tiles it
//! chooses and the start and goal footprints, checked against the maze with the tiles it
//! places.

use maze_variants::Coord;
use maze_variants::rolling::{
    Footprint, RollingBlockMaze, RollingBoard, Switch, SwitchKind, Tile, orientations,
};
use maze_variants::rules::RegisterKind;

use super::genes::{Family, Gene, RollGene, not_listed_before};
use super::{
    At, Change, DEFAULT_MAX_BRIDGES, DEFAULT_MAX_SWITCHES, Generate, MAX_GENERATED_BRIDGES,
    Placement, Setting, SettingsError,
};

/// The board a rolling-block generator fills: fixed cells and footprints, and the cells whose
/// tiles (floor, no floor, optionally fragile floor, bridges and switches) it chooses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RollingTemplate {
    /// Rules and board, a valid maze: editable cells hold floor, `rules.switches` only the
    /// switches on fixed cells, and the footprints are the fixed ones or placeholders on
    /// editable cells when random.
    pub maze: RollingBlockMaze,
    /// Per cell (row-major), whether the generator chooses its tile. Never a fixed footprint,
    /// a cell of another block's start or goal, a split switch or one of its targets, nor,
    /// without `switches`, a bridge or a soft or heavy switch.
    pub editable: Vec<bool>,
    /// The fixed start footprint, `None` when it is placed at random (with the shape of
    /// `maze.start`) on editable cells.
    pub start: Option<Footprint>,
    /// The fixed goal footprint, `None` when random (shape of `maze.goal`).
    pub goal: Option<Footprint>,
    /// Editable cells may become fragile floor.
    pub fragile: bool,
    /// Editable cells may become bridges and soft or heavy switches.
    pub switches: bool,
    /// The most bridge tiles the generator places (0 without `switches`).
    pub max_bridges: usize,
    /// The most switches the generator places (0 without `switches`).
    pub max_switches: usize,
    /// The most pairs of teleport tiles the generator places (0 without the `Teleports`
    /// gene).
    pub teleports: usize,
}

impl RollingTemplate {
    /// A bound on the states of any filled board, the file reader's bound with every
    /// editable cell floor and as many bridges as may be placed: per block, every cell that
    /// is or may become floor in each orientation, multiplied over the blocks; a split switch
    /// adds the pairs of cells two cubes can hold; when a switch can change bridges, every
    /// bridge doubles it. Without bridges, switches or other blocks: one state per cell and
    /// orientation. Saturates at `usize::MAX`.
    pub fn max_states(&self) -> usize {
        let board = &self.maze.board;
        let cells = (0..board.tiles.len())
            .filter(|&i| self.editable[i] || board.tiles[i] != Tile::NoFloor)
            .count() as u128;
        let mut bound: u128 = 1;
        for dims in self.maze.rules.dims() {
            bound = bound.saturating_mul(cells * orientations(dims).len() as u128);
        }
        if self.maze.rules.switches.iter().any(|s| s.split.is_some()) {
            bound = bound.saturating_add(cells * cells / 2);
        }
        let rules = &self.maze.rules;
        let acting = self.switches
            || !rules.effects.is_empty()
            || rules.switches.iter().any(|s| !s.acts.is_empty());
        if acting {
            // The file's own registers (a gate, a counter) multiply by their values.
            for r in &rules.registers {
                let values = match &r.kind {
                    RegisterKind::Choice(names) => names.len() as u128,
                    RegisterKind::Counter { min, max, .. } => {
                        (i128::from(*max) - i128::from(*min) + 1).max(1) as u128
                    }
                    _ => 1,
                };
                bound = bound.saturating_mul(values);
            }
            let fixed = board
                .tiles
                .iter()
                .filter(|t| matches!(t, Tile::Bridge { .. }))
                .count();
            let bridges = (fixed + self.max_bridges) as u32;
            bound = bound.saturating_mul(1u128.checked_shl(bridges).unwrap_or(u128::MAX));
        }
        usize::try_from(bound).unwrap_or(usize::MAX)
    }

    /// Whether some block can stand, so that a heavy switch can be pressed.
    pub fn can_stand(&self) -> bool {
        self.maze.rules.dims().into_iter().any(|d| {
            orientations(d)
                .iter()
                .any(|o| o[0] == 1 && o[1] == 1 && o[2] > 1)
        })
    }

    /// The positions of a `shape` footprint on editable cells only, not overlapping `avoid`,
    /// row-major: where a random start or goal may go.
    pub fn spots(&self, shape: Footprint, avoid: Option<Footprint>) -> Vec<Footprint> {
        let (rows, cols) = (self.maze.board.rows, self.maze.board.cols);
        let mut spots = Vec::new();
        if shape.rows > rows || shape.cols > cols {
            return spots;
        }
        for row in 0..=rows - shape.rows {
            for col in 0..=cols - shape.cols {
                let f = Footprint { row, col, ..shape };
                if f.cells().all(|(r, c)| self.editable[r * cols + c])
                    && avoid.is_none_or(|a| !f.cells().any(|c| a.contains(c)))
                {
                    spots.push(f);
                }
            }
        }
        spots
    }
}

fn overlaps(a: Footprint, b: Footprint) -> bool {
    a.row < b.row + b.rows
        && b.row < a.row + a.rows
        && a.col < b.col + b.cols
        && b.col < a.col + a.cols
}
impl Generate {
    /// The tiles a rolling-block generator places, as `change` says them: from `genes` when
    /// the file declares them (`Floor`, `Fragile`, `Bridges(n)`, `Switches(n)`, what the
    /// shorthand `change: (fragile: true, switches: true, max_bridges: n, max_switches: m)`
    /// stands for), else `change` itself.
    fn rolling_change(&self) -> Result<(Change, u8), SettingsError> {
        let Some(genes) = &self.genes else {
            return Ok((self.change, 0));
        };
        let c = self.change;
        if c.fragile || c.switches || c.max_bridges.is_some() || c.max_switches.is_some() {
            return Err(SettingsError::invalid(
                At::Setting(Setting::Change),
                "`genes` and `change` both say which tiles the generator places",
            )
            .with_help("say it once: genes: [Floor, Fragile, Bridges(4), Switches(2)] is change: (fragile: true, switches: true, max_bridges: 4, max_switches: 2)"));
        }
        let mut change = Change { ..c };
        let (mut bridges, mut switches, mut teleports) = (None, None, None);
        for (i, g) in genes.iter().enumerate() {
            let at = || At::Setting(Setting::Gene(i));
            not_listed_before(genes, i)?;
            match g.family() {
                Family::Roll(RollGene::Floor) => {}
                Family::Roll(RollGene::Fragile) => change.fragile = true,
                Family::Roll(RollGene::Bridges(n)) => bridges = Some((i, n)),
                Family::Roll(RollGene::Switches(n)) => switches = Some((i, n)),
                Family::Both(_, RollGene::Teleports(n)) | Family::Roll(RollGene::Teleports(n)) => {
                    if n != 1 {
                        return Err(SettingsError::invalid(
                            at(),
                            format!("Teleports({n}): on a rolling-block board the generator places one teleport pair, its two `t`"),
                        )
                        .with_help("write Teleports(1)"));
                    }
                    teleports = Some(n);
                }
                Family::Both(..) => {}
                Family::Jump(_) => {
                    return Err(SettingsError::invalid(
                        at(),
                        format!(
                            "`{}` is a jumping maze's cell attribute: a rolling-block generator places tiles",
                            g.name()
                        ),
                    )
                    .with_help("Floor, Fragile, Bridges(n) and Switches(n)"));
                }
            }
        }
        if !genes.contains(&Gene::Floor) {
            return Err(SettingsError::invalid(
                At::Setting(Setting::Genes),
                "a rolling-block generator always places floor and no floor: `genes` lists `Floor`",
            )
            .with_help("genes: [Floor], with Fragile, Bridges(n) and Switches(n) as you like"));
        }
        match (bridges, switches) {
            (Some((_, b)), Some((_, s))) => {
                change.switches = true;
                change.max_bridges = Some(b);
                change.max_switches = Some(s);
            }
            (Some((i, _)), None) | (None, Some((i, _))) => {
                return Err(SettingsError::invalid(
                    At::Setting(Setting::Gene(i)),
                    "bridges need switches to change them, and switches bridges to act on: list `Bridges(n)` and `Switches(n)` together",
                ));
            }
            (None, None) => {}
        }
        Ok((change, teleports.unwrap_or(0)))
    }

    /// Checks the settings against a rolling-block maze and builds the template to fill.
    pub fn rolling_template(
        &self,
        maze: &RollingBlockMaze,
    ) -> Result<RollingTemplate, SettingsError> {
        let at = At::Setting;
        let (change, teleports) = self.rolling_change()?;
        if self.max_jump.is_some() {
            return Err(SettingsError::invalid(
                at(Setting::MaxJump),
                "a rolling-block maze has no jump numbers",
            )
            .with_help("remove `max_jump`"));
        }
        if change.structural() {
            return Err(SettingsError::invalid(
                at(Setting::Change),
                "rolling blocks change floor and no-floor cells (and `fragile` floor, bridges and switches if asked); `blocked`, `holes`, `walls` and `one_way_walls` are for jumping mazes",
            ));
        }
        let (max_bridges, max_switches) = placed_counts(change)?;
        let switches = change.switches;
        let mut m = self.rolling_board(maze, switches)?;
        let (start, goal) = self.footprints(maze, m.board.rows, m.board.cols)?;
        let editable = editable_cells(&mut m, (switches, teleports > 0), start, goal)?;
        let mut template = RollingTemplate {
            maze: m,
            editable,
            start,
            goal,
            fragile: change.fragile,
            switches,
            max_bridges,
            max_switches,
            teleports: usize::from(teleports),
        };
        place_placeholders(&mut template, maze, start, goal)?;
        self.check_rolling(&template, switches)?;
        Ok(template)
    }

    /// `maze` to fill, without the soft and heavy switches when the generator places them
    /// (`switches`), and with `size` a blank board of that size.
    fn rolling_board(
        &self,
        maze: &RollingBlockMaze,
        switches: bool,
    ) -> Result<RollingBlockMaze, SettingsError> {
        let mut m = maze.clone();
        // Soft and heavy switches are the generator's to place when it may; split switches stay.
        let is_split = |s: &Switch| maze.board.get(s.at) == Tile::Switch(SwitchKind::Split);
        if switches {
            m.rules.switches.retain(is_split);
        }
        if let Some((rows, cols)) = self.size {
            if rows == 0 || cols == 0 || rows > 1000 || cols > 1000 {
                return Err(SettingsError::invalid(
                    At::Setting(Setting::Size),
                    format!(
                        "a {rows} x {cols} board is outside the generator's 1 to 1000 cells a side"
                    ),
                ));
            }
            if !m.rules.switches.is_empty() || !m.rules.named_cells().is_empty() {
                return Err(SettingsError::invalid(
                    At::Setting(Setting::Size),
                    format!(
                        "a blank {rows} x {cols} board has no switch or bridge cells for the rules' `switches`, `bridges` and `effects`"
                    ),
                )
                .with_help("remove `size` or the switches (with `change: (switches: true)` the generator places soft and heavy switches itself)"));
            }
            m.board = RollingBoard {
                rows,
                cols,
                tiles: vec![Tile::Floor; rows * cols],
                teleports: Vec::new(),
            };
        }
        Ok(m)
    }

    /// The fixed start and goal footprints on a `rows x cols` board, `None` where random.
    fn footprints(
        &self,
        maze: &RollingBlockMaze,
        rows: usize,
        cols: usize,
    ) -> Result<(Option<Footprint>, Option<Footprint>), SettingsError> {
        let place = |placement: Placement,
                     file: Footprint,
                     setting: Setting|
         -> Result<Option<Footprint>, SettingsError> {
            let f = match placement {
                Placement::Random => {
                    if file.rows > rows || file.cols > cols {
                        return Err(SettingsError::invalid(
                            At::Setting(setting),
                            format!(
                                "a {} x {} footprint does not fit on a {rows} x {cols} board",
                                file.rows, file.cols
                            ),
                        ));
                    }
                    return Ok(None);
                }
                Placement::Board => file,
                Placement::Fixed((row, col)) => Footprint { row, col, ..file },
            };
            if f.row + f.rows > rows || f.col + f.cols > cols {
                return Err(SettingsError::invalid(
                    At::Setting(setting),
                    format!(
                        "the {} x {} footprint at ({}, {}) is not on the {rows} x {cols} board",
                        f.rows, f.cols, f.row, f.col
                    ),
                ));
            }
            Ok(Some(f))
        };
        let start = place(self.start, maze.start, Setting::Start)?;
        let goal = place(self.goal, maze.goal, Setting::Goal)?;
        if let (Some(s), Some(g)) = (start, goal)
            && let Some(cell) = g.cells().find(|&c| s.contains(c))
        {
            return Err(SettingsError::invalid(
                At::Setting(Setting::Goal),
                format!(
                    "the start and goal footprints share ({}, {})",
                    cell.0, cell.1
                ),
            ));
        }
        if start.is_none()
            && goal.is_none()
            && maze.start.rows * maze.start.cols + maze.goal.rows * maze.goal.cols > rows * cols
        {
            return Err(SettingsError::invalid(
                At::Setting(Setting::Size),
                "the board is too small for both footprints",
            ));
        }
        Ok((start, goal))
    }

    /// The checks of the settings against a built rolling-block template, and its
    /// validation as a maze.
    fn check_rolling(
        &self,
        template: &RollingTemplate,
        switches: bool,
    ) -> Result<(), SettingsError> {
        self.check_search()?;
        self.check_objective()?;
        self.check_lengths()?;
        let states = template.max_states();
        self.check_generation_states(
            states as u128,
            if switches {
                Setting::Change
            } else {
                Setting::Section
            },
        )?;
        if let Some(min) = self.gates.min_length {
            let bound = states.saturating_sub(1);
            if min as usize > bound {
                return Err(SettingsError::invalid(
                    At::Setting(Setting::Gates),
                    format!(
                        "min_length {min} is impossible: a shortest solution visits each state at most once, and this board has at most {} {}, so at most {bound} moves",
                        bound + 1,
                        if template.maze.rules.is_plain() && !switches {
                            "block placements"
                        } else {
                            "states"
                        }
                    ),
                )
                .with_help("lower min_length or generate a larger board"));
            }
        }
        if !template.editable.iter().any(|&e| e) {
            return Err(SettingsError::invalid(
                At::Setting(Setting::Section),
                "nothing to change: every cell is under a fixed footprint",
            ));
        }
        self.check_attempts()?;
        let size = self.size.is_some();
        template
            .maze
            .validate()
            .map_err(|p| SettingsError::Invalid {
                at: if size {
                    At::Setting(Setting::Size)
                } else {
                    At::Maze(p.at)
                },
                message: p.message,
                help: p.help,
            })?;
        Ok(())
    }
}

/// The most bridges and switches a generator places under `change` (none without
/// `switches`).
fn placed_counts(change: Change) -> Result<(usize, usize), SettingsError> {
    let counts = if change.switches {
        let b = change.max_bridges.unwrap_or(DEFAULT_MAX_BRIDGES);
        let s = change.max_switches.unwrap_or(DEFAULT_MAX_SWITCHES);
        if b == 0 || s == 0 || b > MAX_GENERATED_BRIDGES {
            return Err(SettingsError::invalid(
                At::Setting(Setting::Change),
                format!(
                    "max_bridges {b} and max_switches {s}: the generator places 1 to {MAX_GENERATED_BRIDGES} bridges and at least one switch"
                ),
            )
            .with_help("without bridges and switches to place, leave out `switches: true`"));
        }
        (usize::from(b), usize::from(s))
    } else {
        if change.max_bridges.is_some() || change.max_switches.is_some() {
            return Err(SettingsError::invalid(
                At::Setting(Setting::Change),
                "`max_bridges` and `max_switches` limit what `switches: true` places, and it is not set",
            )
            .with_help("add `switches: true` to `change`"));
        }
        (0, 0)
    };
    Ok(counts)
}

/// Per cell of `m`, whether the generator chooses its tile; editable bridges and switches
/// become floor, and so do the cells under fixed footprints.
fn editable_cells(
    m: &mut RollingBlockMaze,
    (switches, teleports): (bool, bool),
    start: Option<Footprint>,
    goal: Option<Footprint>,
) -> Result<Vec<bool>, SettingsError> {
    let (rows, cols) = (m.board.rows, m.board.cols);
    // Fixed cells: split switches and their targets, the other blocks' footprints, the
    // cells the rules' general form names and, unless the generator places them, bridges,
    // soft and heavy switches and teleports.
    let mut editable = vec![true; rows * cols];
    let named = m.rules.named_cells();
    for (i, tile) in m.board.tiles.iter_mut().enumerate() {
        if named.binary_search(&(i / cols, i % cols)).is_ok() {
            editable[i] = false;
            continue;
        }
        match *tile {
            Tile::Bridge { .. } | Tile::Switch(SwitchKind::Soft | SwitchKind::Heavy) => {
                editable[i] = switches;
                if switches {
                    *tile = Tile::Floor;
                }
            }
            Tile::Switch(SwitchKind::Split) => editable[i] = false,
            // The file's pair stays where it is unless the generator places teleports.
            Tile::Teleport => {
                editable[i] = teleports;
                if teleports {
                    *tile = Tile::Floor;
                }
            }
            _ => {}
        }
    }
    // So does the file's declared list: the `Teleports` gene places the pairs instead.
    if teleports {
        m.board.teleports.clear();
    }
    for &(a, b) in &m.board.teleports {
        editable[a.0 * cols + a.1] = false;
        editable[b.0 * cols + b.1] = false;
    }
    for (a, b) in m.rules.switches.iter().filter_map(|s| s.split) {
        editable[a.0 * cols + a.1] = false;
        editable[b.0 * cols + b.1] = false;
    }
    for other in &m.rules.others {
        for (f, what) in [(Some(other.start), "start"), (other.goal, "goal")] {
            let Some(f) = f else { continue };
            if f.row + f.rows > rows || f.col + f.cols > cols {
                return Err(SettingsError::invalid(
                    At::Setting(Setting::Size),
                    format!(
                        "another block's {what} footprint at ({}, {}) is not on the {rows} x {cols} board",
                        f.row, f.col
                    ),
                ));
            }
            for (r, c) in f.cells() {
                editable[r * cols + c] = false;
            }
        }
    }
    for (f, what, setting) in [
        (start, "start", Setting::Start),
        (goal, "goal", Setting::Goal),
    ] {
        let Some(f) = f else { continue };
        let under_other = |cell: Coord| m.rules.others.iter().any(|o| o.start.contains(cell));
        if let Some((r, c)) = f.cells().find(|&cell| {
            !editable[cell.0 * cols + cell.1]
                && (m.board.get(cell) != Tile::Floor || under_other(cell))
        }) {
            return Err(SettingsError::invalid(
                At::Setting(setting),
                format!(
                    "the {what} footprint covers ({r}, {c}), which the generator keeps as the file has it: {}",
                    if under_other((r, c)) {
                        "another block starts there".to_string()
                    } else {
                        format!("it is `{}`", m.board.get((r, c)).to_char())
                    }
                ),
            )
            .with_help("a block starts and ends on plain floor, clear of the other blocks"));
        }
    }
    for f in [start, goal].into_iter().flatten() {
        for (r, c) in f.cells() {
            editable[r * cols + c] = false;
            m.board.tiles[r * cols + c] = Tile::Floor;
        }
    }
    Ok(editable)
}

/// Placeholders for random footprints on editable cells, so the template is a valid maze
/// (nothing to place when both footprints are fixed).
fn place_placeholders(
    template: &mut RollingTemplate,
    maze: &RollingBlockMaze,
    start: Option<Footprint>,
    goal: Option<Footprint>,
) -> Result<(), SettingsError> {
    let cols = template.maze.board.cols;
    // Placeholders on editable cells keep the template a valid maze; random footprints
    // replace them.
    if start.is_none() || goal.is_none() {
        let no_room = |setting: Setting, what: &str| {
            SettingsError::invalid(
                At::Setting(setting),
                format!("no room on the board's editable cells for a random {what} footprint"),
            )
        };
        let s = match start {
            Some(s) => s,
            None => *template
                .spots(maze.start, goal)
                .first()
                .ok_or_else(|| no_room(Setting::Start, "start"))?,
        };
        let g = match goal {
            Some(g) => g,
            None => {
                // Every random start must leave room for a random goal.
                let starts = match start {
                    Some(s) => vec![s],
                    None => template.spots(maze.start, None),
                };
                let goals = template.spots(maze.goal, None);
                let most_overlapped =
                    (maze.start.rows + maze.goal.rows - 1) * (maze.start.cols + maze.goal.cols - 1);
                if goals.len() <= most_overlapped
                    && starts
                        .iter()
                        .any(|&s| goals.iter().all(|&g| overlaps(s, g)))
                {
                    return Err(no_room(Setting::Goal, "goal"));
                }
                *template
                    .spots(maze.goal, Some(s))
                    .first()
                    .ok_or_else(|| no_room(Setting::Goal, "goal"))?
            }
        };
        for (r, c) in s.cells().chain(g.cells()) {
            template.maze.board.tiles[r * cols + c] = Tile::Floor;
        }
        template.maze.start = s;
        template.maze.goal = g;
    }
    Ok(())
}
