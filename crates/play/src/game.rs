//! The game model: where the player stands, the moves made, and what each key does to them.
//! Pure: no terminal, no IO, so tests drive it key by key.
//!
//! In a rolling-block maze with split cubes or several blocks the game also keeps which one
//! the player rolls (the *selected mover*). Picking it is free: it is no move, not part of the
//! state and not in the history. When the block splits, the first cube (reading order) is
//! selected; while split the selection follows its cube wherever reading order puts it; after
//! a merge it is the block again. A move always selects the mover that made it.

use maze_features::UNREACHED;
use maze_graph::{Adjacency, Dir, Rules, StateId};
use maze_variants::rolling::{ROLL_DIRECTIONS, StateView};
use maze_variants::{CompiledMaze, Coord, Maze};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyEventKind};

use crate::explain;
use crate::keymap::{self, Command, Keymap, Movers};

/// One move made: its direction and the states it joined.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// The direction moved.
    pub dir: Dir,
    /// The state moved from.
    pub from: StateId,
    /// The state moved to.
    pub to: StateId,
}

/// How a message should look: plain news, a refusal, or the end of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    /// What just happened.
    Info,
    /// Why a key or move was refused.
    Refused,
    /// The goal is reached.
    Solved,
}

/// The line the game shows after each key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    /// How it should look.
    pub tone: Tone,
    /// What it says.
    pub text: String,
}

impl Message {
    fn new(tone: Tone, text: impl Into<String>) -> Message {
        Message {
            tone,
            text: text.into(),
        }
    }
}

/// Whether the game goes on after a key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Keep playing.
    Continue,
    /// The player asked to leave.
    Quit,
}

/// A move in a direction that may stop on several cells, waiting for the player to pick one.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Aim {
    dir: Dir,
    /// The states the move may reach, nearest first.
    targets: Vec<StateId>,
    /// The one aimed at.
    index: usize,
}

/// A maze being played: the maze, its state graph, the player's position and history.
#[derive(Clone, Debug)]
pub struct Game {
    title: String,
    maze: Maze,
    compiled: CompiledMaze,
    graph: Adjacency,
    to_goal: Vec<u32>,
    keymap: Keymap,
    move_dirs: Vec<Dir>,
    state: StateId,
    history: Vec<Step>,
    hints: u32,
    message: Message,
    aim: Option<Aim>,
    /// Whether a move anywhere in the maze may stop on several cells (the keys then say how
    /// to aim).
    aiming_maze: bool,
    /// The movers the player picks between (split cubes, several blocks), if any.
    movers: Option<Movers>,
    /// The selected mover: a cube in reading order or a block, from 0; 0 where there is one.
    selected: usize,
}

impl Game {
    /// A new game of `maze` at its start; `title` names it on screen (usually the file name).
    pub fn new(title: impl Into<String>, maze: Maze) -> Game {
        let compiled = maze.compile();
        Game::compiled_as(title, maze, compiled)
    }

    /// A new game of `maze`, already compiled as `compiled` (within a front end's limits).
    pub fn compiled_as(title: impl Into<String>, maze: Maze, compiled: CompiledMaze) -> Game {
        let graph = Adjacency::from_rules(&compiled);
        let to_goal = maze_features::goal_distances(&graph);
        let move_dirs = maze.move_dirs();
        let movers = compiled.movers();
        let keymap = match movers {
            Some(m) => Keymap::with_movers(m),
            None => Keymap::new(compiled.directions(), &move_dirs),
        };
        let state = compiled.start();
        // Two edges of a state share a direction exactly when their direction sets, counted
        // one by one, hold more directions than their union.
        let aiming_maze = (0..graph.n_states() as StateId).any(|s| {
            let dirs = graph.edge_dirs(s);
            let each: usize = dirs.iter().map(|d| d.len()).sum();
            let union = dirs.iter().fold(0u16, |all, d| all | d.bits());
            each > union.count_ones() as usize
        });
        Game {
            title: title.into(),
            maze,
            compiled,
            graph,
            to_goal,
            keymap,
            move_dirs,
            state,
            history: Vec::new(),
            hints: 0,
            message: Message::new(
                Tone::Info,
                "Reach the goal. Keys are listed below; h shows a hint.",
            ),
            aim: None,
            aiming_maze,
            movers,
            selected: 0,
        }
    }

    /// Handles one key event: a press (or auto-repeat) of a key of the [`Keymap`]. Releases
    /// are ignored (terminals that report them would otherwise move twice).
    pub fn press(&mut self, key: KeyEvent) -> Flow {
        if key.kind == KeyEventKind::Release {
            return Flow::Continue;
        }
        // While aiming, Esc takes the aim back instead of leaving the game (q and Ctrl-C
        // still leave).
        if key.code == KeyCode::Esc && key.modifiers.is_empty() && self.aim.is_some() {
            self.aim = None;
            self.message = Message::new(
                Tone::Info,
                format!("Aim cancelled: still at {}", self.state_name()),
            );
            return Flow::Continue;
        }
        match self.keymap.command(key) {
            Some(command) => self.apply(command),
            None => {
                self.message = Message::new(
                    Tone::Refused,
                    format!(
                        "{} does nothing here: the keys are listed below",
                        keymap::describe(key)
                    ),
                );
                Flow::Continue
            }
        }
    }

    /// Carries out one command.
    pub fn apply(&mut self, command: Command) -> Flow {
        // Only pressing the aimed direction again keeps an aim; anything else drops it.
        let aim = self.aim.take();
        match command {
            Command::Move(dir) => match aim {
                Some(mut aim) if aim.dir == dir => {
                    aim.index = (aim.index + 1) % aim.targets.len();
                    self.aim = Some(aim);
                    self.aim_message();
                }
                _ => self.step(dir),
            },
            Command::Confirm => match aim {
                Some(aim) => self.go(aim.dir, aim.targets[aim.index]),
                None => {
                    self.message = Message::new(
                        Tone::Refused,
                        "Nothing is aimed at: Enter and Space make a move that may stop on several cells, after its direction key",
                    );
                }
            },
            Command::Roll(compass) => self.roll(compass),
            Command::Select(k) => self.select(k),
            Command::NextMover => {
                let n = self.mover_count();
                self.select((self.selected + 1) % n);
            }
            Command::PreviousMover => {
                let n = self.mover_count();
                self.select((self.selected + n - 1) % n);
            }
            Command::Undo => self.undo(),
            Command::Restart => {
                self.history.clear();
                self.selected = 0;
                self.state = self.compiled.start();
                self.message = Message::new(
                    Tone::Info,
                    format!("Restarted at {}", self.compiled.state_name(self.state)),
                );
            }
            Command::Hint => self.hint_message(),
            Command::Quit => return Flow::Quit,
        }
        Flow::Continue
    }

    fn step(&mut self, dir: Dir) {
        let directions = self.compiled.directions();
        if usize::from(dir) >= directions.len() {
            self.message = Message::new(Tone::Refused, "no such direction in this maze");
            return;
        }
        let name = directions.name(dir);
        if self.is_solved() {
            self.message = Message::new(
                Tone::Refused,
                "The maze is solved: u undoes the last move, r restarts, q quits",
            );
            return;
        }
        if !self.move_dirs.contains(&dir) {
            let names: Vec<&str> = self.move_dirs.iter().map(|&d| directions.name(d)).collect();
            self.message = Message::new(
                Tone::Refused,
                format!(
                    "{name} is not a move in this maze: it moves {}",
                    names.join(" ")
                ),
            );
            return;
        }
        let targets = self.targets(dir);
        match targets.as_slice() {
            [] => {
                self.message = Message::new(
                    Tone::Refused,
                    explain::illegal_move(&self.maze, &self.compiled, self.state, dir),
                );
            }
            &[to] => self.go(dir, to),
            _ => {
                self.aim = Some(Aim {
                    dir,
                    targets,
                    index: 0,
                });
                self.aim_message();
            }
        }
    }

    /// Rolls the selected mover in compass direction `compass` (0 N, 1 E, 2 S, 3 W); where
    /// there is one mover, the maze's direction of that name.
    fn roll(&mut self, compass: Dir) {
        let Some(&name) = ROLL_DIRECTIONS.names.get(usize::from(compass)) else {
            self.message = Message::new(Tone::Refused, "no such direction in this maze");
            return;
        };
        let dir = match self.movers {
            Some(Movers::Cubes) if self.mover_count() == 2 => {
                Some(4 + 4 * self.selected as Dir + compass)
            }
            Some(Movers::Blocks(_)) => Some(4 * self.selected as Dir + compass),
            _ => self.compiled.directions().parse(name),
        };
        match dir {
            Some(dir) => self.step(dir),
            None => {
                self.message = Message::new(Tone::Refused, "no such direction in this maze");
            }
        }
    }

    /// Picks mover `k` (free: not a move).
    fn select(&mut self, k: usize) {
        let Some(movers) = self.movers else {
            self.message = Message::new(Tone::Refused, "One block here: there is nothing to pick");
            return;
        };
        let n = self.mover_count();
        let noun = movers.noun();
        if n == 1 {
            self.message = Message::new(
                Tone::Refused,
                "The block is whole: there is nothing to pick until a split switch (y) splits it into two cubes",
            );
            return;
        }
        if k >= n {
            self.message = Message::new(
                Tone::Refused,
                format!(
                    "There are only {n} {noun}s: {} picks one",
                    keymap::pick_keys(n)
                ),
            );
            return;
        }
        self.selected = k;
        let place = self
            .view()
            .and_then(|v| mover_place(&v, k))
            .unwrap_or_default();
        self.message = Message::new(
            Tone::Info,
            format!(
                "Rolling {noun} {} now, {place}: picking is free, not a move",
                k + 1
            ),
        );
    }

    /// Makes the move `dir` to `to` (a legal move).
    fn go(&mut self, dir: Dir, to: StateId) {
        let from = self.state;
        let label = self.move_label(dir);
        self.history.push(Step { dir, from, to });
        self.state = to;
        self.selected = self.selected_after(dir, from, to);
        self.message = if self.is_solved() {
            Message::new(Tone::Solved, self.verdict())
        } else {
            Message::new(Tone::Info, self.news(&label, from, to))
        };
    }

    /// What a move from `from` to `to` did, in words: where it went, a split or merge, and
    /// the bridges a switch changed.
    fn news(&self, label: &str, from: StateId, to: StateId) -> String {
        let to_name = self.compiled.state_name(to);
        // The jump and the teleport: where it landed, and where the teleport took it.
        let label = &match self.compiled.teleport_entry(to) {
            Some(t) => format!("{label} onto the teleport at {}, on", coord(t)),
            None => label.to_string(),
        };
        let (Some(before), Some(after)) = (self.view_of(from), self.view_of(to)) else {
            return format!("{label} to {to_name}");
        };
        let mut text = match (before.cubes, after.cubes) {
            (None, Some([a, b])) => format!(
                "{label}: the block splits into cubes on {} and {}, rolling cube 1 (Tab picks the other)",
                coord(a),
                coord(b)
            ),
            (Some(_), None) => format!("{label}: the cubes join into the block, {to_name}"),
            _ => format!("{label} to {to_name}"),
        };
        let changed = |on: bool| -> Vec<String> {
            before
                .bridges
                .iter()
                .zip(&after.bridges)
                .filter(|(b, a)| b.1 != a.1 && a.1 == on)
                .map(|(_, a)| coord(a.0))
                .collect()
        };
        for (on, word) in [(true, "on"), (false, "off")] {
            let cells = changed(on);
            if !cells.is_empty() {
                let s = if cells.len() == 1 { "" } else { "s" };
                text.push_str(&format!("; bridge{s} {} now {word}", cells.join(" ")));
            }
        }
        text
    }

    /// The mover selected after the move `dir` from `from` to `to`: the one that moved (the
    /// first cube when the block splits, the block after a merge).
    fn selected_after(&self, dir: Dir, from: StateId, to: StateId) -> usize {
        match self.movers {
            Some(Movers::Blocks(_)) => usize::from(dir / 4),
            Some(Movers::Cubes) => {
                let (Some(before), Some(after)) = (self.view_of(from), self.view_of(to)) else {
                    return 0;
                };
                match (before.cubes, after.cubes, self.mover_of(dir).0) {
                    // The cube that stayed is where it was; the other one moved.
                    (Some(cf), Some(ct), Some(i)) => {
                        let stayed = cf[1 - i.min(1)];
                        ct.iter().position(|&c| c != stayed).unwrap_or(0)
                    }
                    _ => 0,
                }
            }
            None => 0,
        }
    }

    /// Which mover the maze direction `dir` moves (`None` for the only block or the whole
    /// block), and its compass direction (0 N, 1 E, 2 S, 3 W); `(None, dir)` where the player
    /// picks no mover.
    pub fn mover_of(&self, dir: Dir) -> (Option<usize>, Dir) {
        match self.movers {
            Some(Movers::Cubes) if dir >= 4 => (Some(usize::from((dir - 4) / 4)), dir % 4),
            Some(Movers::Blocks(_)) => (Some(usize::from(dir / 4)), dir % 4),
            _ => (None, dir),
        }
    }

    /// A move as messages name it: `E`, `cube 2 N`, `block 1 W`.
    pub(crate) fn move_label(&self, dir: Dir) -> String {
        match (self.mover_of(dir), self.movers) {
            ((Some(i), compass), Some(movers)) => format!(
                "{} {} {}",
                movers.noun(),
                i + 1,
                ROLL_DIRECTIONS.name(compass)
            ),
            _ => self.compiled.directions().name(dir).to_string(),
        }
    }

    fn aim_message(&mut self) {
        let Some(aim) = &self.aim else { return };
        let name = self.compiled.directions().name(aim.dir);
        let at = self.compiled.state_name(aim.targets[aim.index]);
        let text = format!(
            "{name} may stop on {} cells: aiming at {at} ({} of {}). {name} again aims further, Enter or Space moves there, Esc cancels",
            aim.targets.len(),
            aim.index + 1,
            aim.targets.len()
        );
        self.message = Message::new(Tone::Info, text);
    }

    fn undo(&mut self) {
        match self.history.pop() {
            Some(step) => {
                self.state = step.from;
                // The mover of the move taken back, numbered as in the state it left.
                self.selected = self.mover_of(step.dir).0.unwrap_or(0);
                self.message = Message::new(
                    Tone::Info,
                    format!(
                        "Took back {}: at {} again",
                        self.move_label(step.dir),
                        self.compiled.state_name(step.from)
                    ),
                );
            }
            None => {
                self.message = Message::new(Tone::Refused, "Nothing to undo: no moves made yet");
            }
        }
    }

    fn hint_message(&mut self) {
        if self.is_solved() {
            self.message = Message::new(Tone::Refused, "The maze is solved: no hint needed");
            return;
        }
        self.message = match self.hint_move() {
            Some((dir, to)) => {
                self.hints += 1;
                let left = self.to_goal[self.state as usize];
                // Where the direction alone does not say where to stop, the hint does.
                let landing = if self.targets(dir).len() > 1 {
                    format!(" to {}", self.compiled.state_name(to))
                } else {
                    String::new()
                };
                // A mover other than the selected one is picked first.
                let pick = match self.mover_of(dir).0 {
                    Some(i) if i != self.selected => {
                        format!(", after picking it with Tab or {}", i + 1)
                    }
                    _ => String::new(),
                };
                Message::new(
                    Tone::Info,
                    format!(
                        "Hint: {}{landing}{pick} (the goal is {left} move{} away)",
                        self.move_label(dir),
                        if left == 1 { "" } else { "s" }
                    ),
                )
            }
            None => Message::new(
                Tone::Refused,
                "No path to the goal from here: undo (u) or restart (r)",
            ),
        };
    }

    /// The verdict at the goal: moves made against the optimum.
    fn verdict(&self) -> String {
        let moves = self.moves();
        let plural = if moves == 1 { "" } else { "s" };
        match self.optimum() {
            Some(best) if moves == best as usize => {
                format!("Solved in {moves} move{plural}: optimal (the shortest solution is {best})")
            }
            Some(best) => format!(
                "Solved in {moves} move{plural}: the shortest solution is {best}, {} fewer",
                moves.saturating_sub(best as usize)
            ),
            None => format!("Solved in {moves} move{plural}"),
        }
    }

    /// The states a move in `dir` from the current state may reach, nearest first (a move of
    /// any length may stop on several cells).
    fn targets(&self, dir: Dir) -> Vec<StateId> {
        let s = self.state;
        let mut targets: Vec<StateId> = self
            .graph
            .edge_dirs(s)
            .iter()
            .zip(self.graph.targets(s))
            .filter(|(dirs, _)| dirs.contains(dir))
            .map(|(_, &t)| t)
            .collect();
        if targets.len() > 1 {
            let ray = self.ray(dir);
            let distance = |t: StateId| {
                self.compiled
                    .state_cell(t)
                    .and_then(|cell| ray.iter().position(|&p| p == cell))
                    .unwrap_or(usize::MAX)
            };
            targets.sort_by_key(|&t| (distance(t), t));
        }
        targets
    }

    /// The cells a straight run of unit steps in `dir` from the player's cell passes, in
    /// order, to order a move's landings by distance. Geometry only: which landings are legal
    /// is the engine's to say.
    fn ray(&self, dir: Dir) -> Vec<Coord> {
        self.cell()
            .map_or_else(Vec::new, |at| self.maze.ray(at, dir))
    }

    /// The title shown on screen.
    pub fn title(&self) -> &str {
        &self.title
    }

    /// The maze.
    pub fn maze(&self) -> &Maze {
        &self.maze
    }

    /// The compiled maze (its rules).
    pub fn compiled(&self) -> &CompiledMaze {
        &self.compiled
    }

    /// The keymap.
    pub fn keymap(&self) -> &Keymap {
        &self.keymap
    }

    /// The current state.
    pub fn state(&self) -> StateId {
        self.state
    }

    /// The current state's name, as in every report: `(2,3)`, `(2,3)/NE`, `Goal`, `Outside`.
    pub fn state_name(&self) -> String {
        self.compiled.state_name(self.state)
    }

    /// The board cell the player stands on; `None` off the board (an exit goal reached).
    pub fn cell(&self) -> Option<Coord> {
        self.compiled.state_cell(self.state)
    }

    /// The direction of the last move made, which no-U-turn forbids reversing.
    pub(crate) fn last_dir(&self) -> Option<Dir> {
        self.history.last().map(|s| s.dir)
    }

    /// The direction the rules bar next (no-U-turn: the reverse of the last move).
    pub fn barred_dir(&self) -> Option<Dir> {
        self.compiled.barred_dir(self.state)
    }

    /// The moves made so far (undone moves are gone).
    pub fn history(&self) -> &[Step] {
        &self.history
    }

    /// Number of moves made.
    pub fn moves(&self) -> usize {
        self.history.len()
    }

    /// Number of hints shown.
    pub fn hints(&self) -> u32 {
        self.hints
    }

    /// Moves on a shortest solution from the start, `None` if the goal cannot be reached.
    pub fn optimum(&self) -> Option<u32> {
        let d = self.to_goal[self.compiled.start() as usize];
        (d != UNREACHED).then_some(d)
    }

    /// Moves left on a shortest path from the current state, `None` if the goal is out of reach.
    pub fn distance_to_goal(&self) -> Option<u32> {
        let d = self.to_goal[self.state as usize];
        (d != UNREACHED).then_some(d)
    }

    /// Whether the player stands on the goal.
    pub fn is_solved(&self) -> bool {
        self.compiled.is_goal(self.state)
    }

    /// Whether the goal was reached in the optimum number of moves.
    pub fn is_optimal(&self) -> bool {
        self.is_solved() && self.optimum().map(|b| b as usize) == Some(self.moves())
    }

    /// The legal moves from the current state, in direction order and, where a direction may
    /// stop on several cells, nearest first, with the state each reaches.
    pub fn legal_moves(&self) -> Vec<(Dir, StateId)> {
        self.move_dirs
            .iter()
            .flat_map(|&d| self.targets(d).into_iter().map(move |t| (d, t)))
            .collect()
    }

    /// The direction of the next move of a shortest path from here (see [`Game::hint_move`]).
    pub fn hint(&self) -> Option<Dir> {
        self.hint_move().map(|(d, _)| d)
    }

    /// The next move of a shortest path from here: the first direction, in direction order,
    /// that lands one step nearer the goal (RULES.md's `solution` rule, from this state), with
    /// the state it lands on.
    pub fn hint_move(&self) -> Option<(Dir, StateId)> {
        maze_features::next_step(&self.graph, &self.to_goal, self.state)
    }

    /// The aimed move, while a direction that may stop on several cells waits for Enter: its
    /// direction and the state aimed at.
    pub fn aim(&self) -> Option<(Dir, StateId)> {
        self.aim.as_ref().map(|a| (a.dir, a.targets[a.index]))
    }

    /// The movers the player picks between (split cubes, several blocks), `None` where the
    /// maze has one block or is no rolling-block maze.
    pub fn movers(&self) -> Option<Movers> {
        self.movers
    }

    /// How many blocks or cubes there are to pick from now: 2 while split, every block in a
    /// maze of several, else 1.
    pub fn mover_count(&self) -> usize {
        match self.movers {
            Some(Movers::Blocks(n)) => n,
            Some(Movers::Cubes) if self.view().is_some_and(|v| v.cubes.is_some()) => 2,
            _ => 1,
        }
    }

    /// The selected mover, from 0: a cube in reading order while split, or a block; 0 where
    /// there is one.
    pub fn selected(&self) -> usize {
        self.selected
    }

    /// The selected mover as the screen names it (`cube 1`, `block 2`), `None` where there is
    /// nothing to pick.
    pub fn selected_name(&self) -> Option<String> {
        let movers = self.movers?;
        (self.mover_count() > 1).then(|| format!("{} {}", movers.noun(), self.selected + 1))
    }

    /// Where everything is in a rolling-block maze now (blocks or cubes, bridges). At the goal,
    /// which is one state whatever the bridges (docs/FAMILIES.md section 6), the bridges are those
    /// the player had before the last move: a block ending on its goal lands on no switch.
    pub fn view(&self) -> Option<StateView> {
        let mut view = self.view_of(self.state)?;
        if self.is_solved()
            && let Some(last) = self.history.last()
            && let Some(before) = self.view_of(last.from)
        {
            view.bridges = before.bridges;
        }
        Some(view)
    }

    fn view_of(&self, state: StateId) -> Option<StateView> {
        self.compiled.view(state)
    }

    /// Whether a move somewhere in this maze may stop on several cells, so the player aims.
    pub(crate) fn has_aiming(&self) -> bool {
        self.aiming_maze
    }

    /// The message for the last key.
    pub fn message(&self) -> &Message {
        &self.message
    }

    /// A one-line account of how the game ended, for the shell after the terminal is restored.
    pub fn summary(&self) -> String {
        let hints = match self.hints {
            0 => String::new(),
            1 => ", 1 hint".to_string(),
            n => format!(", {n} hints"),
        };
        if self.is_solved() {
            format!("{}{hints}.", self.verdict())
        } else {
            let moves = self.moves();
            format!(
                "Left at {} after {moves} move{}{hints}, not at the goal.",
                self.state_name(),
                if moves == 1 { "" } else { "s" }
            )
        }
    }
}

/// Where mover `k` of `view` is, for messages: `on (7,10)`, `at (0,2) 1x1x2`.
pub(crate) fn mover_place(view: &StateView, k: usize) -> Option<String> {
    match view.cubes {
        Some(cubes) => cubes.get(k).map(|&c| format!("on {}", coord(c))),
        None => view
            .blocks
            .get(k)
            .map(|(f, [h, w, z])| format!("at ({},{}) {h}x{w}x{z}", f.row, f.col)),
    }
}

fn coord((r, c): Coord) -> String {
    format!("({r},{c})")
}
