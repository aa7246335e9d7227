//! Genes: what the generator may change in a cell, as a file writes them ([`Gene`], either
//! family's in one list), and each family's own kind, sorted once when the settings are
//! validated against their maze: a jumping maze's cell attributes ([`JumpGene`]), a
//! rolling-block maze's tiles ([`RollGene`]).

use serde::{Deserialize, Serialize};

use maze_variants::board::{Attr, Piece};

use super::{At, Setting, SettingsError};

/// A gene as the `generate` section writes it (`genes: [Number(1, 4), Circled]`, `genes:
/// [Floor, Bridges(2), Switches(1)]`): a jumping maze's cell attribute or a rolling-block
/// tile. Validation against the maze sorts each into its family's [`JumpGene`] or
/// [`RollGene`], refusing the other family's.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Gene {
    /// [`JumpGene::Number`].
    Number(i16, i16),
    /// [`JumpGene::Arrows`].
    Arrows(u8),
    /// [`JumpGene::Circled`].
    Circled,
    /// [`JumpGene::Wildcard`].
    Wildcard,
    /// [`JumpGene::Colour`].
    Colour(Vec<String>),
    /// [`JumpGene::Symbol`].
    Symbol(Vec<String>),
    /// [`JumpGene::Piece`].
    Piece(Vec<Piece>),
    /// [`RollGene::Floor`].
    Floor,
    /// [`RollGene::Fragile`].
    Fragile,
    /// [`RollGene::Bridges`].
    Bridges(u8),
    /// [`RollGene::Switches`].
    Switches(u8),
    /// [`JumpGene::Teleports`] or [`RollGene::Teleports`]: either family's.
    Teleports(u8),
}

/// A cell attribute a jumping maze's generator may change, with its values. Every editable
/// cell carries every gene; a step changes one gene of one cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JumpGene {
    /// A number from `min` to `max` (for jump numbers, only those with a legal move).
    Number(i16, i16),
    /// One to `n` arrows (distinct directions of the tiling), `Arrows(1)` for arrow mazes.
    Arrows(u8),
    /// Circled or not.
    Circled,
    /// A wildcard `*` or not.
    Wildcard,
    /// One of these colours.
    Colour(Vec<String>),
    /// One of these symbols.
    Symbol(Vec<String>),
    /// One of these pieces.
    Piece(Vec<Piece>),
    /// Up to this many teleport pairs (1 to 8), a structure gene: a fresh board gets 1 to
    /// `n` pairs on ordinary cells, and a step moves one cell of a pair, so pairs stay whole.
    Teleports(u8),
}

/// A tile a rolling-block generator places on its editable cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RollGene {
    /// Floor or no floor, what every rolling-block generator places.
    Floor,
    /// Fragile floor `w` too.
    Fragile,
    /// Up to this many bridge tiles (1 to [`MAX_GENERATED_BRIDGES`](super::MAX_GENERATED_BRIDGES)), which the `Switches`
    /// placed act on.
    Bridges(u8),
    /// Up to this many soft or heavy switches acting on the bridges.
    Switches(u8),
    /// Up to this many pairs of teleport tiles `t` (1 to 8).
    Teleports(u8),
}

/// A [`Gene`] sorted into its family.
pub(super) enum Family {
    Jump(JumpGene),
    Roll(RollGene),
    /// A gene of both families: teleport pairs, of cells or of tiles.
    Both(JumpGene, RollGene),
}

impl Gene {
    /// The gene's name as the file writes it.
    pub fn name(&self) -> &'static str {
        match self {
            Gene::Number(..) => "Number",
            Gene::Arrows(_) => "Arrows",
            Gene::Circled => "Circled",
            Gene::Wildcard => "Wildcard",
            Gene::Colour(_) => "Colour",
            Gene::Symbol(_) => "Symbol",
            Gene::Piece(_) => "Piece",
            Gene::Floor => "Floor",
            Gene::Fragile => "Fragile",
            Gene::Bridges(_) => "Bridges",
            Gene::Switches(_) => "Switches",
            Gene::Teleports(_) => "Teleports",
        }
    }

    /// The gene as its family's.
    pub(super) fn family(&self) -> Family {
        match self {
            Gene::Number(lo, hi) => Family::Jump(JumpGene::Number(*lo, *hi)),
            Gene::Arrows(n) => Family::Jump(JumpGene::Arrows(*n)),
            Gene::Circled => Family::Jump(JumpGene::Circled),
            Gene::Wildcard => Family::Jump(JumpGene::Wildcard),
            Gene::Colour(names) => Family::Jump(JumpGene::Colour(names.clone())),
            Gene::Symbol(names) => Family::Jump(JumpGene::Symbol(names.clone())),
            Gene::Piece(pieces) => Family::Jump(JumpGene::Piece(pieces.clone())),
            Gene::Floor => Family::Roll(RollGene::Floor),
            Gene::Fragile => Family::Roll(RollGene::Fragile),
            Gene::Bridges(n) => Family::Roll(RollGene::Bridges(*n)),
            Gene::Switches(n) => Family::Roll(RollGene::Switches(*n)),
            Gene::Teleports(n) => Family::Both(JumpGene::Teleports(*n), RollGene::Teleports(*n)),
        }
    }
}

impl JumpGene {
    /// The attribute of the token schema the gene needs, if any.
    pub fn attr(&self) -> Option<Attr> {
        match self {
            JumpGene::Number(..) => Some(Attr::Number),
            JumpGene::Arrows(_) => Some(Attr::Arrows),
            JumpGene::Colour(_) => Some(Attr::Colour),
            JumpGene::Symbol(_) => Some(Attr::Symbol),
            JumpGene::Piece(_) => Some(Attr::Piece),
            JumpGene::Teleports(_) => Some(Attr::Teleport),
            JumpGene::Circled | JumpGene::Wildcard => None,
        }
    }
}

/// The most teleport pairs a generator places: their names are `a` to `h`.
pub(crate) const MAX_TELEPORT_PAIRS: u8 = 8;

/// Refuses a `Teleports(n)` gene at `i` whose `n` is not 1 to [`MAX_TELEPORT_PAIRS`].
pub(super) fn teleport_pairs(n: u8, i: usize) -> Result<(), SettingsError> {
    if (1..=MAX_TELEPORT_PAIRS).contains(&n) {
        return Ok(());
    }
    Err(SettingsError::invalid(
        At::Setting(Setting::Gene(i)),
        format!("Teleports({n}): a generator places 1 to {MAX_TELEPORT_PAIRS} teleport pairs"),
    ))
}

/// Refuses gene `i` when an earlier one has its name, for jumping and rolling genes alike.
pub(super) fn not_listed_before(genes: &[Gene], i: usize) -> Result<(), SettingsError> {
    let name = genes[i].name();
    if genes[..i].iter().any(|h| h.name() == name) {
        return Err(SettingsError::invalid(
            At::Setting(Setting::Gene(i)),
            format!("`{name}` is listed twice"),
        ));
    }
    Ok(())
}
