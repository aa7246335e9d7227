//! How each rolling-block tile is drawn, read from its one description in `maze-variants`
//! ([`TILES`]): its character and legend lines on a text board, the kind of cell a picture
//! gives it. What is the view's own is how a description is shown: the tone of each glyph
//! and the button on each kind of switch. A new tile is one entry of [`TILES`]; `rolling.rs`
//! asks here and matches on no tile.

use maze_variants::rolling::{SwitchKind, TILES, Tile, TileGlyph, TileInfo};

use crate::scene::{Button, CellKind};
use crate::text::Tone;

/// How one tile is drawn.
pub(crate) struct Look {
    /// The kind of cell a picture draws (a bridge as the file has it).
    pub(crate) kind: CellKind,
    /// The button a picture draws on it, if it is a switch.
    pub(crate) button: Option<Button>,
    /// Whether a picture draws a teleport's ring on it.
    pub(crate) teleport: bool,
    /// Its two characters on a text board, and their tone.
    pub(crate) text: (String, Tone),
    /// Its text instead while it is off, for a tile a switch turns off (a bridge).
    pub(crate) off: Option<(String, Tone)>,
    /// Its lines in the text board's legend.
    pub(crate) legend: Legend,
}

/// When a tile's lines stand in the text board's legend.
pub(crate) enum Legend {
    /// On every board: what an unmarked cell means (floor, and no floor).
    Always(Vec<&'static str>),
    /// On a board where some tile of this kind is.
    Present(Vec<&'static str>),
}

/// Whether `a` and `b` are one kind of tile for the legend (a bridge on or off is a bridge).
pub(crate) fn same_kind(a: Tile, b: Tile) -> bool {
    match (a, b) {
        (Tile::Bridge { .. }, Tile::Bridge { .. }) => true,
        _ => a == b,
    }
}

/// The tiles in the order of the text board's legend: the order of [`TILES`], one of each
/// kind (a bridge stands for both of its states).
pub(crate) fn legend_order() -> impl Iterator<Item = Tile> {
    TILES.iter().enumerate().filter_map(|(i, info)| {
        let first = !TILES[..i].iter().any(|t| same_kind(t.tile, info.tile));
        first.then_some(info.tile)
    })
}

/// The button of each kind of switch.
fn button(kind: SwitchKind) -> Button {
    match kind {
        SwitchKind::Soft => Button::Soft,
        SwitchKind::Heavy => Button::Heavy,
        SwitchKind::Split => Button::Split,
    }
}

/// A tile's two characters on a text board: its character, and no floor blank.
fn text(info: &TileInfo) -> String {
    match info.glyph {
        TileGlyph::Void => "  ".to_string(),
        _ => format!("{} ", info.ch),
    }
}

/// How `tile` is drawn.
pub(crate) fn look(tile: Tile) -> Look {
    let info = tile.info();
    let button = match tile {
        Tile::Switch(kind) => Some(button(kind)),
        _ => None,
    };
    let (kind, tone) = match info.glyph {
        TileGlyph::Floor => (CellKind::Floor, Tone::Dim),
        TileGlyph::Void => (CellKind::Void, Tone::Dim),
        TileGlyph::Fragile => (CellKind::Fragile, Tone::Warn),
        TileGlyph::Bridge { on } => (CellKind::Bridge { on }, Tone::Strong),
        TileGlyph::Teleport => (CellKind::Floor, Tone::Strong),
    };
    let tone = if button.is_some() { Tone::Switch } else { tone };
    // A bridge shows its on character while on and its off one while off, whichever the
    // file starts it as.
    let (text, off) = match tile {
        Tile::Bridge { .. } => (
            (text(Tile::Bridge { on: true }.info()), tone),
            Some((text(Tile::Bridge { on: false }.info()), Tone::Dim)),
        ),
        _ => ((text(info), tone), None),
    };
    let lines = TILES
        .iter()
        .filter(|t| same_kind(t.tile, tile))
        .map(|t| t.legend)
        .collect();
    let legend = match (info.glyph, button) {
        (TileGlyph::Floor | TileGlyph::Void, None) => Legend::Always(lines),
        _ => Legend::Present(lines),
    };
    Look {
        kind,
        button,
        teleport: info.glyph == TileGlyph::Teleport,
        text,
        off,
        legend,
    }
}
