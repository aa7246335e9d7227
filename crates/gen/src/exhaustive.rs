//! Exhaustive search of a small board: every filling of its jump numbers, walked in a
//! reflected mixed-radix Gray code so that each configuration differs from the one before in
//! one cell by one legal number, which the word engine takes as one table step. For each
//! configuration it asks the question of Neller et al.'s exhaustive study: among mazes with
//! a unique shortest solution and no black holes, how long can the solution be?

use maze_features::Core;
use maze_variants::board::MAX_JUMP;
use maze_variants::{Cell, JumpGraph, JumpingMaze, Maze};

use crate::engine::{Contents, WordEngine};

/// What an exhaustive search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exhaustive {
    /// Configurations walked: the product of every cell's count of legal numbers.
    pub configurations: u64,
    /// Of those, the ones with a unique shortest solution and no black holes.
    pub passing: u64,
    /// The longest shortest solution among the passing ones, if any passes.
    pub longest: Option<u32>,
    /// How many passing configurations reach `longest`.
    pub reaching_longest: u64,
    /// The first configuration (in the walk's order) that reaches `longest`.
    pub example: Option<Maze>,
}

/// Why a board cannot be searched exhaustively.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ExhaustError {
    /// The board has more configurations than the limit.
    #[error(
        "the board has {configurations} configurations, more than the limit of {limit} (a 4 x 4 rook board has about 2.8 million, a 5 x 5 about 1.4 x 10^13)"
    )]
    TooMany {
        /// Configurations of the board.
        configurations: u128,
        /// The limit asked for.
        limit: u64,
    },
    /// The maze is not a jumping maze with plain jump-number rules on a board the word
    /// engine holds.
    #[error(
        "exhaustive search needs a jumping maze with plain jump-number rules on a board of at most 1024 states"
    )]
    Unsupported,
}

/// Walks every filling of `maze`'s ordinary cells other than the goal with jump numbers from
/// 1 to `max_jump` that have a legal move (the start included, the goal and every other kind
/// of cell as the file has them), refusing boards of more than `limit` configurations.
/// `progress` is called with the configurations walked so far, every 2^20.
pub fn exhaust(
    maze: &Maze,
    max_jump: u8,
    limit: u64,
    progress: &mut dyn FnMut(u64),
) -> Result<Exhaustive, ExhaustError> {
    match maze {
        Maze::Jumping(m) if m.rules.is_plain() && !m.rules.no_u_turn => {
            exhaust_jumping(m, max_jump, limit, progress)
        }
        _ => Err(ExhaustError::Unsupported),
    }
}

fn exhaust_jumping(
    maze: &JumpingMaze,
    max_jump: u8,
    limit: u64,
    progress: &mut dyn FnMut(u64),
) -> Result<Exhaustive, ExhaustError> {
    let mut board = maze.clone();
    let shape = JumpGraph::new(&board);
    let n = board.board.cells.len();
    let max_jump = max_jump.min(MAX_JUMP);
    let legal: Vec<Vec<i16>> = (0..n)
        .map(|c| match board.board.cells[c].is_ordinary() {
            true => (shape.legal_jumps(c, max_jump).into_iter())
                .map(i16::from)
                .collect(),
            false => Vec::new(),
        })
        .collect();
    let cells: Vec<usize> = (0..n).filter(|&c| !legal[c].is_empty()).collect();
    let configurations = (cells.iter())
        .map(|&c| legal[c].len() as u128)
        .try_fold(1u128, |a, b| a.checked_mul(b))
        .unwrap_or(u128::MAX);
    if configurations > u128::from(limit) {
        return Err(ExhaustError::TooMany {
            configurations,
            limit,
        });
    }
    let content = |c: usize, k: i16| Cell {
        number: Some(k),
        ..maze.board.cells[c]
    };
    for &c in &cells {
        board.board.cells[c] = content(c, legal[c][0]);
    }
    let mut graph = JumpGraph::new(&board);
    let goal = (0..n).find(|&c| board.board.cells[c].is_goal());
    let mutable: Vec<u32> = (cells.iter())
        .filter(|&&c| legal[c].len() >= 2)
        .map(|&c| c as u32)
        .collect();
    let mut engine = WordEngine::new(&mut graph, &mutable, Contents::Numbers(&legal), goal)
        .ok_or(ExhaustError::Unsupported)?;
    let blocks = board.blocks();

    // Knuth's reflected mixed-radix Gray code (TAOCP 7.2.1.1, Algorithm H): digit i of the
    // cell `cells[i]` moves one step in its direction; a digit at its end turns around and
    // the next one moves.
    let mut digit = vec![0usize; cells.len()];
    let mut up = vec![true; cells.len()];
    let mut found = Exhaustive {
        configurations: 0,
        passing: 0,
        longest: None,
        reaching_longest: 0,
        example: None,
    };
    loop {
        let core = engine.core(blocks);
        found.configurations += 1;
        if passes(&core) {
            found.passing += 1;
            let length = core.shortest_length;
            if length > found.longest {
                found.longest = length;
                found.reaching_longest = 0;
                let mut example = board.clone();
                for (i, &c) in cells.iter().enumerate() {
                    example.board.cells[c] = content(c, legal[c][digit[i]]);
                }
                found.example = Some(Maze::Jumping(example));
            }
            if length == found.longest {
                found.reaching_longest += 1;
            }
        }
        if found.configurations.is_multiple_of(1 << 20) {
            progress(found.configurations);
        }
        let Some(i) = (0..cells.len()).find(|&i| match up[i] {
            true => digit[i] + 1 < legal[cells[i]].len(),
            false => digit[i] > 0,
        }) else {
            break;
        };
        up[..i].iter_mut().for_each(|u| *u = !*u);
        digit[i] = if up[i] { digit[i] + 1 } else { digit[i] - 1 };
        let c = cells[i];
        if !engine.set(&mut graph, c, content(c, legal[c][digit[i]])) {
            return Err(ExhaustError::Unsupported);
        }
    }
    progress(found.configurations);
    Ok(found)
}

/// The gates of the exhaustive study: a unique shortest solution and no black holes.
fn passes(core: &Core) -> bool {
    core.unique_shortest() && core.black_hole_states == 0
}
