//! The tiles of a rolling-block board, described once: each tile's character, what it bears,
//! how messages, the text view's legend and pictures show it, and which generator setting
//! places it ([`TILES`]). The engine ([`crate::RollGraph`]) and the reference walker read a
//! tile's legality from here, so a new tile is one entry of [`TILES`] plus its effect.
//!
//! Front ends read the same entries: the text view draws a tile as [`TileInfo::ch`] (no
//! floor blank) and lists [`TileInfo::legend`] for each tile the board has; pictures draw
//! [`TileInfo::glyph`] and key it with [`TileInfo::key`]; the generator offers a tile on
//! editable cells when its [`TileInfo::gene`] setting is on.

/// One cell of a rolling-block board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tile {
    /// Floor `.`: the block may rest on it in any orientation.
    Floor,
    /// No floor `#`: the block may never cover it.
    NoFloor,
    /// Fragile floor `w` (Bloxorz's orange tile): it bears a lying block but breaks under a
    /// block whose footprint is this one cell. A split cube may rest on it.
    Fragile,
    /// A bridge tile (Bloxorz), `=` when initially on and `-` when initially off: floor while
    /// on, no floor while off. Switches turn it on and off.
    Bridge {
        /// Its state at the start.
        on: bool,
    },
    /// A switch: floor that acts when the block lands on it (docs/FAMILIES.md section 6).
    Switch(SwitchKind),
    /// A teleport `t`: floor; a block coming to rest on it alone (standing) moves, in the
    /// same roll, to stand on the board's other `t`.
    Teleport,
}

/// What presses a switch, and what it does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SwitchKind {
    /// `o`: acts when any part of the block, or a moving cube, lands on it.
    Soft,
    /// `x`: acts only when the whole block lands standing on it.
    Heavy,
    /// `y`: splits a standing 1x1x2 block that lands on it into two cubes.
    Split,
}

/// What a tile bears, whatever the state (a bridge bears only while it is on, which the
/// state says).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bears {
    /// Part of a block's footprint: a block may cover it among other cells.
    pub part: bool,
    /// A block whose footprint is this one cell (a block standing on end on it).
    pub alone: bool,
    /// A split cube rolling onto it.
    pub cube: bool,
}

/// How pictures draw a tile: the kind of cell a scene gives it (a switch is floor with its
/// mark on top).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TileGlyph {
    /// Floor.
    Floor,
    /// No floor: nothing drawn.
    Void,
    /// Fragile floor.
    Fragile,
    /// A bridge, on or off at the start.
    Bridge {
        /// Its state at the start.
        on: bool,
    },
    /// A teleport: floor with the dashed ring of a teleport.
    Teleport,
}

/// Which generator setting (the `generate` section of a rolling-block maze file) lets
/// editable cells become a tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TileGene {
    /// Every rolling-block generator places it.
    Always,
    /// `fragile: true`.
    Fragile,
    /// `switches: true`.
    Switches,
    /// `switches: true`, when the block can stand on end (a heavy switch needs it).
    SwitchesStanding,
    /// No generator places it; only a file does.
    Never,
    /// The `Teleports` gene places it, a pair at a time, never on one cell alone.
    Teleports,
}

/// A tile, described once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TileInfo {
    /// The tile.
    pub tile: Tile,
    /// Its character in a maze file and in the text view.
    pub ch: char,
    /// How messages name it: "fragile floor `w`".
    pub name: &'static str,
    /// Its entry in the text view's legend.
    pub legend: &'static str,
    /// How pictures draw it.
    pub glyph: TileGlyph,
    /// Its entry in a picture's key, for the tiles a picture keys (the others are keyed by
    /// what stands on them).
    pub key: Option<&'static str>,
    /// Which generator setting places it.
    pub gene: TileGene,
    /// What it bears.
    pub bears: Bears,
}

const FLOOR: Bears = Bears {
    part: true,
    alone: true,
    cube: true,
};

/// Every tile, in the order of [`Tile`]'s variants.
pub const TILES: [TileInfo; 9] = [
    TileInfo {
        tile: Tile::Floor,
        ch: '.',
        name: "floor `.`",
        legend: ". floor",
        glyph: TileGlyph::Floor,
        key: None,
        gene: TileGene::Always,
        bears: FLOOR,
    },
    TileInfo {
        tile: Tile::NoFloor,
        ch: '#',
        name: "no floor `#`",
        legend: "blank: no floor",
        glyph: TileGlyph::Void,
        key: None,
        gene: TileGene::Always,
        bears: Bears {
            part: false,
            alone: false,
            cube: false,
        },
    },
    TileInfo {
        tile: Tile::Fragile,
        ch: 'w',
        name: "fragile floor `w`",
        legend: "w fragile (breaks under a standing block)",
        glyph: TileGlyph::Fragile,
        key: Some("fragile"),
        gene: TileGene::Fragile,
        bears: Bears {
            part: true,
            alone: false,
            cube: true,
        },
    },
    TileInfo {
        tile: Tile::Bridge { on: true },
        ch: '=',
        name: "a bridge `=`",
        legend: "= bridge on",
        glyph: TileGlyph::Bridge { on: true },
        key: Some("bridge, on"),
        gene: TileGene::Switches,
        bears: FLOOR,
    },
    TileInfo {
        tile: Tile::Bridge { on: false },
        ch: '-',
        name: "a bridge `-`",
        legend: "- bridge off",
        glyph: TileGlyph::Bridge { on: false },
        key: Some("bridge, off: no floor until turned on"),
        gene: TileGene::Switches,
        bears: FLOOR,
    },
    TileInfo {
        tile: Tile::Switch(SwitchKind::Soft),
        ch: 'o',
        name: "a soft switch `o`",
        legend: "o soft switch",
        glyph: TileGlyph::Floor,
        key: None,
        gene: TileGene::Switches,
        bears: FLOOR,
    },
    TileInfo {
        tile: Tile::Switch(SwitchKind::Heavy),
        ch: 'x',
        name: "a heavy switch `x`",
        legend: "x heavy switch",
        glyph: TileGlyph::Floor,
        key: None,
        gene: TileGene::SwitchesStanding,
        bears: FLOOR,
    },
    TileInfo {
        tile: Tile::Switch(SwitchKind::Split),
        ch: 'y',
        name: "a split switch `y`",
        legend: "y split switch",
        glyph: TileGlyph::Floor,
        key: None,
        gene: TileGene::Never,
        bears: FLOOR,
    },
    TileInfo {
        tile: Tile::Teleport,
        ch: 't',
        name: "a teleport `t`",
        legend: "t teleport (a block standing on it moves to the other t)",
        glyph: TileGlyph::Teleport,
        key: None,
        gene: TileGene::Teleports,
        bears: FLOOR,
    },
];

impl Tile {
    /// The tile's description in [`TILES`].
    #[inline]
    pub const fn info(self) -> &'static TileInfo {
        &TILES[match self {
            Tile::Floor => 0,
            Tile::NoFloor => 1,
            Tile::Fragile => 2,
            Tile::Bridge { on: true } => 3,
            Tile::Bridge { on: false } => 4,
            Tile::Switch(SwitchKind::Soft) => 5,
            Tile::Switch(SwitchKind::Heavy) => 6,
            Tile::Switch(SwitchKind::Split) => 7,
            Tile::Teleport => 8,
        }]
    }

    /// The tile's character in a maze file.
    pub fn to_char(self) -> char {
        self.info().ch
    }

    /// The tile a maze file's character stands for (`S` and `G` are floor under footprints,
    /// read separately).
    pub(crate) fn from_char(ch: char) -> Option<Tile> {
        TILES.iter().find(|t| t.ch == ch).map(|t| t.tile)
    }

    /// How messages name the tile: "fragile floor `w`".
    pub(crate) fn name(self) -> &'static str {
        self.info().name
    }

    /// Whether a block may cover this cell as part of its footprint ([`Bears::part`]).
    #[inline]
    pub fn bears_part(self) -> bool {
        self.info().bears.part
    }

    /// Whether a block whose footprint is this one cell may rest on it ([`Bears::alone`]).
    #[inline]
    pub fn bears_alone(self) -> bool {
        self.info().bears.alone
    }

    /// Whether a split cube may roll onto it ([`Bears::cube`]).
    #[inline]
    pub fn bears_cube(self) -> bool {
        self.info().bears.cube
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_tile_is_described_once() {
        for t in &TILES {
            assert_eq!(t.tile.info(), t, "{:?}", t.tile);
            assert_eq!(Tile::from_char(t.ch), Some(t.tile));
            assert_eq!(TILES.iter().filter(|u| u.tile == t.tile).count(), 1);
        }
    }
}
