//! What the status line says about a state besides its name: the jump number to show and the
//! registers the player carries, read from the compiled maze, so that a front end needs no
//! variant to say them.

use maze_graph::{Rules, StateId};
use maze_variants::rules::{Domain, L, NONE};
use maze_variants::{CompiledMaze, JumpGraph};

/// The jump number shown beside the position: the cell's number as the rules read it (a
/// wildcard's inherited one included), where every kind of move jumps exactly that far.
pub fn jump_at(compiled: &CompiledMaze, state: StateId) -> Option<u32> {
    let k = match compiled {
        CompiledMaze::Jumping(g) => {
            let set = g.rule_set();
            if !set.kinds().iter().all(|k| k.length == L::Number) {
                return None;
            }
            let (r, c) = g.state_cell(state)?;
            let cell = g.cell(r * g.size().1 + c);
            if !cell.is_ordinary() {
                return None;
            }
            let number = set.effective(&cell, &g.state_key(state)).number?;
            u32::try_from(number).ok()?
        }
        CompiledMaze::RollingBlock(_) => compiled.jump(state)?,
    };
    (k > 0).then_some(k)
}

/// What the player carries (`t=diagonal, d=2`): the registers kept on the current cell,
/// except the no-U-turn direction, which the status names as the last move. `None` with
/// nothing to show.
pub fn carried_at(compiled: &CompiledMaze, state: StateId) -> Option<String> {
    let CompiledMaze::Jumping(g) = compiled else {
        return None;
    };
    registers(g, state)
}

fn registers(g: &JumpGraph, state: StateId) -> Option<String> {
    let set = g.rule_set();
    let (r, c) = g.state_cell(state)?;
    let cell = g.cell(r * g.size().1 + c);
    // The goal drops every register (RULES.md: one goal state).
    if cell.is_goal() {
        return None;
    }
    let key = g.state_key(state);
    let shown: Vec<String> = set
        .regs()
        .iter()
        .enumerate()
        .filter(|&(i, reg)| {
            let unset =
                key[i] == NONE && !matches!(reg.domain, Domain::Choice(_) | Domain::Counter(..));
            set.bare() != Some(i) && set.kept(i, &cell) && !unset
        })
        .map(|(i, reg)| format!("{}={}", reg.name, set.show(i, key[i])))
        .collect();
    (!shown.is_empty()).then(|| shown.join(", "))
}
