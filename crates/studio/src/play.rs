//! Play in the page: games of `maze play`'s model (`maze::play::Game`), one per session, driven
//! by commands instead of keys; each answer is the whole state of the game as the page shows
//! it (position, registers, the engine's reason for a refused move, the verdict at the goal).

use std::collections::BTreeMap;
use std::sync::Mutex;

use maze::graph::Rules;
use maze::play::{Command, Game, Tone};
use maze::variants::{CompiledMaze, Maze};
use serde::Deserialize;
use serde_json::{Value, json};

/// The most games kept at once; the oldest is dropped past it (a page left open for days
/// starts a game per analysis it plays).
const MAX_GAMES: usize = 32;

/// The compass names a rolling block's movers roll in, in the order `Command::Roll` numbers.
const COMPASS: [&str; 4] = ["N", "E", "S", "W"];

/// What the page asks of a game.
#[derive(Debug, Deserialize)]
#[serde(tag = "command", rename_all = "snake_case")]
pub(crate) enum Request {
    /// Move in a direction by name (`E`, `NNE`); where it may stop on several cells, aim.
    Move { dir: String },
    /// Roll the selected block or cube in a compass direction (`N`, `E`, `S`, `W`).
    Roll { dir: String },
    /// Make the aimed move.
    Confirm,
    /// Pick block or cube `index` (from 0).
    Select { index: usize },
    /// Pick the next block or cube.
    Next,
    /// Pick the previous block or cube.
    Previous,
    /// Take back the last move.
    Undo,
    /// Back to the start.
    Restart,
    /// The next move of a shortest path.
    Hint,
}

/// Why a command could not be carried out.
#[derive(Debug, thiserror::Error)]
pub(crate) enum PlayError {
    #[error("no game {0}: it ended or was dropped; start another")]
    NoGame(u64),
    #[error("`{0}` names no direction of this maze")]
    NoDirection(String),
}

/// The games being played.
#[derive(Default)]
pub(crate) struct Games {
    games: Mutex<(u64, BTreeMap<u64, Game>)>,
}

impl Games {
    /// Starts a game of `maze` titled `title`; its view, with its id.
    pub(crate) fn start(&self, title: &str, maze: Maze, compiled: CompiledMaze) -> Value {
        let game = Game::compiled_as(title, maze, compiled);
        let view = view(&game);
        let mut games = self.lock();
        games.0 += 1;
        let id = games.0;
        games.1.insert(id, game);
        while games.1.len() > MAX_GAMES {
            games.1.pop_first();
        }
        with_id(view, id)
    }

    /// Carries out `request` in game `id`; the game's view after it.
    pub(crate) fn command(&self, id: u64, request: &Request) -> Result<Value, PlayError> {
        let mut games = self.lock();
        let game = games.1.get_mut(&id).ok_or(PlayError::NoGame(id))?;
        let command = match request {
            Request::Move { dir } => Command::Move(
                game.compiled()
                    .directions()
                    .parse(dir)
                    .ok_or_else(|| PlayError::NoDirection(dir.clone()))?,
            ),
            Request::Roll { dir } => Command::Roll(
                COMPASS
                    .iter()
                    .position(|c| c == dir)
                    .and_then(|i| u8::try_from(i).ok())
                    .ok_or_else(|| PlayError::NoDirection(dir.clone()))?,
            ),
            Request::Confirm => Command::Confirm,
            Request::Select { index } => Command::Select(*index),
            Request::Next => Command::NextMover,
            Request::Previous => Command::PreviousMover,
            Request::Undo => Command::Undo,
            Request::Restart => Command::Restart,
            Request::Hint => Command::Hint,
        };
        game.apply(command);
        Ok(with_id(view(game), id))
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, (u64, BTreeMap<u64, Game>)> {
        self.games
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

fn with_id(mut view: Value, id: u64) -> Value {
    if let Value::Object(map) = &mut view {
        map.insert("game".into(), json!(id));
    }
    view
}

/// A move as the game's messages name it: `E`, `cube 2 N`, `block 1 W`.
fn label(game: &Game, dir: maze::graph::Dir) -> String {
    match (game.mover_of(dir), game.movers()) {
        ((Some(i), compass), Some(movers)) => format!(
            "{} {} {}",
            movers.noun(),
            i + 1,
            COMPASS.get(usize::from(compass)).copied().unwrap_or("?")
        ),
        _ => game.compiled().directions().name(dir).to_string(),
    }
}

/// Everything the page shows of a game.
fn view(game: &Game) -> Value {
    let compiled = game.compiled();
    let state = game.state();
    let message = game.message();
    let tone = match message.tone {
        Tone::Info => "info",
        Tone::Refused => "refused",
        Tone::Solved => "solved",
    };
    let legal: Vec<Value> = game
        .legal_moves()
        .into_iter()
        .map(|(dir, to)| {
            json!({
                "dir": compiled.directions().name(dir),
                "label": label(game, dir),
                "to": compiled.state_name(to),
                "cell": compiled.state_cell(to),
            })
        })
        .collect();
    let keys: Vec<Value> = game
        .keymap()
        .direction_keys()
        .into_iter()
        .map(|(dir, keys)| {
            let keys: Vec<&str> = keys
                .split(' ')
                .map(|k| match k {
                    "↑" => "ArrowUp",
                    "↓" => "ArrowDown",
                    "←" => "ArrowLeft",
                    "→" => "ArrowRight",
                    other => other,
                })
                .collect();
            json!({ "dir": dir, "keys": keys })
        })
        .collect();
    let under: Vec<(usize, usize)> = match game.view() {
        Some(v) => v.cells(),
        None => game.cell().into_iter().collect(),
    };
    let history: Vec<String> = game.history().iter().map(|s| label(game, s.dir)).collect();
    let aim = game.aim().map(|(dir, to)| {
        json!({
            "dir": compiled.directions().name(dir),
            "to": compiled.state_name(to),
            "cell": compiled.state_cell(to),
        })
    });
    json!({
        "title": game.title(),
        "state": state,
        "state_name": game.state_name(),
        "cell": game.cell(),
        "cells": under,
        // The status line's jump number and registers, as the terminal game shows them.
        "jump": maze::view::jump_at(compiled, state),
        "registers": maze::view::carried_at(compiled, state),
        "barred": game.barred_dir().map(|d| compiled.directions().name(d)),
        "moves": game.moves(),
        "history": history,
        "optimum": game.optimum(),
        "to_goal": game.distance_to_goal(),
        "solved": game.is_solved(),
        "optimal": game.is_optimal(),
        "message": { "tone": tone, "text": message.text },
        "legal": legal,
        "aim": aim,
        "keys": keys,
        "roll": game.movers().is_some(),
        "movers": game.mover_count(),
        "selected": game.selected_name(),
        "summary": game.summary(),
    })
}
