//! How each rolling-block tile is drawn, in one table: the kind of cell a picture gives it,
//! its switch's button, its two characters and tone on a text board, and its lines in the
//! text board's legend. A new tile is one arm of [`look`] (and, when a picture should draw
//! it unlike any [`CellKind`] yet, one kind with its fill and key in `maze-render`'s
//! `draw/tiles.rs`); `rolling.rs` asks here and matches on no tile.

use maze_variants::rolling::{SwitchKind, Tile};

use crate::scene::{Button, CellKind};
use crate::text::Tone;

/// How one tile is drawn.
pub(crate) struct Look {
    /// The kind of cell a picture draws (a bridge as the file has it).
    pub(crate) kind: CellKind,
    /// The button a picture draws on it, if it is a switch.
    pub(crate) button: Option<Button>,
    /// Its two characters on a text board, and their tone.
    pub(crate) text: (&'static str, Tone),
    /// Its text instead while it is off, for a tile a switch turns off (a bridge).
    pub(crate) off: Option<(&'static str, Tone)>,
    /// Its lines in the text board's legend.
    pub(crate) legend: Legend,
}

/// When a tile's lines stand in the text board's legend.
pub(crate) enum Legend {
    /// On every board: what an unmarked cell means.
    Always(&'static [&'static str]),
    /// On a board where some tile of this kind is.
    Present(&'static [&'static str]),
}

/// The tiles in the order of the text board's legend: one of each kind (a bridge stands for
/// both of its states).
pub(crate) const LEGEND_ORDER: [Tile; 7] = [
    Tile::Floor,
    Tile::NoFloor,
    Tile::Fragile,
    Tile::Bridge { on: true },
    Tile::Switch(SwitchKind::Soft),
    Tile::Switch(SwitchKind::Heavy),
    Tile::Switch(SwitchKind::Split),
];

/// Whether `a` and `b` are one kind of tile for the legend (a bridge on or off is a bridge).
pub(crate) fn same_kind(a: Tile, b: Tile) -> bool {
    match (a, b) {
        (Tile::Bridge { .. }, Tile::Bridge { .. }) => true,
        _ => a == b,
    }
}

/// How `tile` is drawn.
pub(crate) fn look(tile: Tile) -> Look {
    let plain = |kind, text, tone, legend| Look {
        kind,
        button: None,
        text: (text, tone),
        off: None,
        legend,
    };
    let switch = |button, text, legend| Look {
        button: Some(button),
        ..plain(CellKind::Floor, text, Tone::Switch, Legend::Present(legend))
    };
    match tile {
        Tile::Floor => plain(
            CellKind::Floor,
            ". ",
            Tone::Dim,
            Legend::Always(&[". floor"]),
        ),
        Tile::NoFloor => plain(
            CellKind::Void,
            "  ",
            Tone::Dim,
            Legend::Always(&["blank: no floor"]),
        ),
        Tile::Fragile => plain(
            CellKind::Fragile,
            "w ",
            Tone::Warn,
            Legend::Present(&["w fragile (breaks under a standing block)"]),
        ),
        Tile::Bridge { on } => Look {
            off: Some(("- ", Tone::Dim)),
            ..plain(
                CellKind::Bridge { on },
                "= ",
                Tone::Strong,
                Legend::Present(&["= bridge on", "- bridge off"]),
            )
        },
        Tile::Switch(SwitchKind::Soft) => switch(Button::Soft, "o ", &["o soft switch"]),
        Tile::Switch(SwitchKind::Heavy) => switch(Button::Heavy, "x ", &["x heavy switch"]),
        Tile::Switch(SwitchKind::Split) => switch(Button::Split, "y ", &["y split switch"]),
    }
}
