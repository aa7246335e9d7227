//! The game model: where the player stands, the moves made, and what each key does to them.
//! Pure: no terminal, no IO, so tests drive it key by key.

use maze_features::UNREACHED;
use maze_graph::{Adjacency, Dir, Rules, StateId};
use maze_variants::{CompiledMaze, Coord, Maze};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyEventKind};

use crate::explain;
use crate::keymap::{self, Command, Keymap};

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
}

impl Game {
    /// A new game of `maze` at its start; `title` names it on screen (usually the file name).
    pub fn new(title: impl Into<String>, maze: Maze) -> Game {
        let compiled = maze.compile();
        let graph = Adjacency::from_rules(&compiled);
        let to_goal = maze_features::goal_distances(&graph);
        let move_dirs = explain::move_dirs(&maze);
        let keymap = Keymap::new(compiled.directions(), &move_dirs);
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
            Command::Undo => self.undo(),
            Command::Restart => {
                self.history.clear();
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

    /// Makes the move `dir` to `to` (a legal move).
    fn go(&mut self, dir: Dir, to: StateId) {
        let name = self.compiled.directions().name(dir);
        self.history.push(Step {
            dir,
            from: self.state,
            to,
        });
        self.state = to;
        self.message = if self.is_solved() {
            Message::new(Tone::Solved, self.verdict())
        } else {
            Message::new(
                Tone::Info,
                format!("{name} to {}", self.compiled.state_name(to)),
            )
        };
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
                self.message = Message::new(
                    Tone::Info,
                    format!(
                        "Took back {}: at {} again",
                        self.compiled.directions().name(step.dir),
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
                Message::new(
                    Tone::Info,
                    format!(
                        "Hint: {}{landing} (the goal is {left} move{} away)",
                        self.compiled.directions().name(dir),
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
        let (Maze::Jumping(m), Some(at)) = (&self.maze, self.cell()) else {
            return Vec::new();
        };
        let (rows, cols) = (m.board.rows as i64, m.board.cols as i64);
        let mut out = Vec::new();
        let mut p = (at.0 as i64, at.1 as i64);
        for _ in 0..rows * cols {
            let (r, c) = m.rules.tiling.walk(p, dir, 1);
            p = if m.rules.torus {
                (r.rem_euclid(rows), c.rem_euclid(cols))
            } else if m.board.contains((r, c)) {
                (r, c)
            } else {
                break;
            };
            let cell = (p.0 as usize, p.1 as usize);
            if cell == at {
                break;
            }
            out.push(cell);
        }
        out
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
    pub fn last_dir(&self) -> Option<Dir> {
        self.history.last().map(|s| s.dir)
    }

    /// The direction the rules bar next (no-U-turn: the reverse of the last move).
    pub fn barred_dir(&self) -> Option<Dir> {
        explain::barred_dir(&self.compiled, self.state)
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

    /// Whether a move somewhere in this maze may stop on several cells, so the player aims.
    pub fn has_aiming(&self) -> bool {
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
