//! What a picture of a maze shows, independent of the variant. Each variant turns its board
//! into a [`Scene`] (jumping mazes in `jumping.rs`, rolling blocks in `rolling.rs`, reached
//! through [`crate::scene()`]); `maze-render` turns any scene into SVG.
//!
//! A scene speaks of cells and anchors on the plane, never of pixels, so a variant needs no
//! geometry: a rolling-block board is floor, no-floor (void), fragile and bridge cells on the
//! square tiling, with its start and goal footprints as [`Mark`]s and each roll as one
//! [`Step`] between the centres of two footprints ([`Anchor::span`]).
//!
//! A cell's attributes (arrows, turns, circles, wildcards, colours, symbols, pieces,
//! switches and what they act on) are [`Glyphs`]: what the cell holds, never what a rule
//! family does with it, so the drawing and its legend serve every family, present and
//! future, without knowing any.
//!
//! A variant that can tell its solution move by move (who moves, what else changes, where
//! everything stands) gives it as [`Scene::answer`]; the drawing turns a long or eventful
//! answer into numbered frames beside a move list instead of piling every arrow on one
//! board.

use maze_features::Features;
use maze_graph::StateId;
use maze_variants::{Coord, Piece, Tiling, Turn};

/// Which overlays a picture shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// The first shortest solution as numbered arrows.
    pub solution: bool,
    /// Cells shaded by their distance from the start, with a legend.
    pub depths: bool,
}

/// A cell position on the unbounded plane, `(row, col)`: cells outside the board exist here
/// too, for exit jumps and torus wrap-arounds.
pub type Plane = (i64, i64);

/// A one-way wall or a door on the edge between two plane cells: a one-way passage is crossed
/// from `from` into `to` only.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GateView {
    /// The cell a one-way passage is crossed from.
    pub from: Plane,
    /// The cell across the edge.
    pub to: Plane,
    /// Whether it is crossed one way only.
    pub one_way: bool,
    /// The door that opens it, if any.
    pub door: Option<String>,
}

/// Everything a picture of one board shows.
#[derive(Clone, Debug, PartialEq)]
pub struct Scene {
    /// The tiling; rolling blocks use [`Tiling::Square`].
    pub tiling: Tiling,
    /// Board rows.
    pub rows: usize,
    /// Board columns.
    pub cols: usize,
    /// What each cell shows, row-major (`rows * cols` entries).
    pub cells: Vec<CellView>,
    /// Walls, each between a cell and the plane cell across one of its edges; that cell may
    /// be void or off the board, and on a torus it is the wrapped copy the wall faces.
    pub walls: Vec<(Plane, Plane)>,
    /// One-way walls and doors, as [`Scene::walls`] places walls.
    pub gates: Vec<GateView>,
    /// Start and goal marks.
    pub marks: Vec<Mark>,
    /// Whether the board wraps around (drawn as a dashed frame).
    pub torus: bool,
    /// Whether the goal is leaving the board (drawn as an EXIT frame).
    pub exit: bool,
    /// One line above the board naming the variant.
    pub title: String,
    /// The rules in words, a line each, as `maze play` shows them ([`crate::caption()`]):
    /// the picture states them under its title. Empty for a scene that is part of a larger
    /// picture (an answer's frames).
    pub rules: Vec<String>,
    /// The solution overlay: numbered moves in order, empty when not asked for.
    pub steps: Vec<Step>,
    /// A line for the legend about the solution (its length, or that there is none).
    pub solution_note: Option<String>,
    /// Depth shading: per cell (row-major), the fewest moves from the start to any state on
    /// it, `None` where no reachable state is; `None` as a whole when not asked for.
    pub depths: Option<Vec<Option<u32>>>,
    /// Row and column numbers along the board's edges, for move lists that name cells.
    pub rulers: bool,
    /// Legend entries for labels beyond a lone start and goal: a label as the board shows
    /// it (`S2`) and what it means (`block 2 starts here`).
    pub label_key: Vec<(String, String)>,
    /// The solution move by move, when the variant can say more than [`Scene::steps`]: who
    /// moves, what else changes, and where everything stands before each move. The drawing
    /// shows it as numbered frames beside a move list when one board would not stay
    /// readable (see `maze-render`); empty when not asked for.
    pub answer: Vec<Move>,
}

/// What one cell shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CellView {
    /// Its kind, which decides its fill.
    pub kind: CellKind,
    /// The text in its centre (a jump number, `G`, `0`), if any. A label starting with `+`
    /// or `−` is a signed number, which the legend explains.
    pub label: Option<String>,
    /// The glyphs of its attributes; all empty for a plain numbered cell.
    pub glyphs: Glyphs,
}

impl CellView {
    /// A cell of `kind` without a label.
    pub fn plain(kind: CellKind) -> CellView {
        CellView {
            kind,
            label: None,
            glyphs: Glyphs::default(),
        }
    }

    /// A cell of `kind` showing `label`.
    pub fn labelled(kind: CellKind, label: impl Into<String>) -> CellView {
        CellView {
            label: Some(label.into()),
            ..CellView::plain(kind)
        }
    }
}

/// The attributes a cell shows besides its label, each drawn as its own glyph and explained
/// in the legend when present. They say what a cell holds, not what a rule does with it:
/// the drawing never needs to know a rule family.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Glyphs {
    /// Arrows from the centre, each pointing at the centre of the given plane cell (a cell
    /// some steps away in the arrow's direction, so that the drawing needs no direction
    /// table: on triangles two steps keep the band's direction).
    pub arrows: Vec<Plane>,
    /// A turn cell: reflector, clockwise or anticlockwise.
    pub turn: Option<Turn>,
    /// A ring around the centre (a circled cell).
    pub ring: bool,
    /// A wildcard, drawn as `*` (in the centre when there is no label).
    pub wildcard: bool,
    /// A colour name. The drawing gives every name in the scene its own fill, apart in
    /// lightness so that greyscale keeps them apart, and writes the name where space allows.
    pub colour: Option<String>,
    /// A symbol, written as text.
    pub symbol: Option<String>,
    /// A chess piece, written as its letter in a serif face.
    pub piece: Option<Piece>,
    /// A small note in a corner: the `G` of a goal whose centre shows an attribute.
    pub badge: Option<String>,
    /// A switch: its button and its number (shown as its [`switch_name`]).
    pub button: Option<(Button, usize)>,
    /// The switches acting on this cell (a bridge), by number, with what each does.
    pub switched: Vec<(usize, Act)>,
    /// The split switches, by number, that send a cube to this cell.
    pub target: Vec<usize>,
    /// A teleport, by the name it shares with its partner: a dashed ring, and the name in a
    /// corner.
    pub teleport: Option<String>,
}

impl Glyphs {
    /// Whether there is anything to draw besides the label and the fill.
    pub fn is_empty(&self) -> bool {
        self.arrows.is_empty()
            && self.turn.is_none()
            && !self.ring
            && !self.wildcard
            && self.colour.is_none()
            && self.symbol.is_none()
            && self.piece.is_none()
            && self.badge.is_none()
            && self.button.is_none()
            && self.switched.is_empty()
            && self.target.is_empty()
            && self.teleport.is_none()
    }
}

/// The button of a switch, drawn as the game draws it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Button {
    /// Pressed by any part of what lands on it: a round button.
    Soft,
    /// Pressed only by a whole block standing on it: an X.
    Heavy,
    /// Splits a standing block into two cubes: two arcs back to back, `( )`.
    Split,
}

/// What a switch does to a bridge cell each time it is pressed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Act {
    /// Turns it on: `+`.
    On,
    /// Turns it off: `−`.
    Off,
    /// Turns it on if off and off if on: `±`.
    Toggle,
}

impl Act {
    /// The sign a bridge shows after its switch's name.
    pub fn sign(self) -> &'static str {
        match self {
            Act::On => "+",
            Act::Off => "\u{2212}",
            Act::Toggle => "\u{b1}",
        }
    }
}

/// The name of switch `i` (numbered from 0): `A`, `B`, ... skipping `G` and `S`, which name
/// goals and starts, then `A2`, `B2`, ... when the letters run out.
pub fn switch_name(i: usize) -> String {
    const LETTERS: &[u8] = b"ABCDEFHIJKLMNOPQRTUVWXYZ";
    let letter = char::from(LETTERS[i % LETTERS.len()]);
    match i / LETTERS.len() {
        0 => letter.to_string(),
        round => format!("{letter}{}", round + 1),
    }
}

/// The tags of the switches acting on a bridge as one short text: per action (on, off,
/// toggle), the switches' names, a run of three or more consecutive switches as a range,
/// then the action's sign: `A–D− F+`.
pub fn switch_tags(switched: &[(usize, Act)]) -> String {
    let mut groups = Vec::new();
    for act in [Act::On, Act::Off, Act::Toggle] {
        let mut ids: Vec<usize> = switched
            .iter()
            .filter(|(_, a)| *a == act)
            .map(|(i, _)| *i)
            .collect();
        ids.sort_unstable();
        ids.dedup();
        if ids.is_empty() {
            continue;
        }
        let mut parts = Vec::new();
        let mut k = 0;
        while k < ids.len() {
            let mut end = k;
            while end + 1 < ids.len() && ids[end + 1] == ids[end] + 1 {
                end += 1;
            }
            if end >= k + 2 {
                parts.push(format!(
                    "{}\u{2013}{}",
                    switch_name(ids[k]),
                    switch_name(ids[end])
                ));
            } else {
                parts.extend((k..=end).map(|j| switch_name(ids[j])));
            }
            k = end + 1;
        }
        groups.push(format!("{}{}", parts.join(","), act.sign()));
    }
    groups.join(" ")
}

/// The kinds of cell the pictures distinguish.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CellKind {
    /// Not part of the board: not drawn (shaped boards; a rolling block's no-floor).
    Void,
    /// An ordinary cell (a jumping maze's numbered cells and goal; a rolling block's floor).
    Floor,
    /// A cell with no way out that is not the goal (a jumping maze's `0`).
    DeadEnd,
    /// An impassable cell (`#` of a jumping maze).
    Blocked,
    /// A hole (`o`): flown over, never landed on.
    Hole,
    /// An empty cell (`_` of a jumping maze: a chess board's empty square, an Alice maze's
    /// blank): on the board, flown over, never landed on, and drawn unlike a hole.
    Empty,
    /// Fragile floor (`w` of a rolling block): no standing block.
    Fragile,
    /// A bridge tile (`=` and `-` of a rolling block): floor while on, a gap while off;
    /// switches turn it on and off.
    Bridge {
        /// Whether it is on (at the start, or in an answer frame, before the frame's moves).
        on: bool,
    },
}

/// A mark over one or more cells: the start or the goal. A mark over several cells (a
/// block's footprint) is drawn as one shape around their convex hull.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mark {
    /// Start or goal.
    pub role: Role,
    /// The cells it covers.
    pub cells: Vec<Plane>,
}

/// What a [`Mark`] marks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// Where play starts.
    Start,
    /// Where play ends.
    Goal,
}

/// A point of the board given by cells: the midpoint of the centres of `a` and `b` (the
/// centre of a rectangle of square cells with corners `a` and `b`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Anchor {
    /// One corner cell.
    pub a: Plane,
    /// The opposite corner cell (equal to `a` for a single cell).
    pub b: Plane,
}

impl Anchor {
    /// The centre of one cell.
    pub fn cell(cell: Plane) -> Anchor {
        Anchor { a: cell, b: cell }
    }

    /// The centre of the rectangle of cells from `a` to `b` (a block's footprint).
    pub fn span(a: Plane, b: Plane) -> Anchor {
        Anchor { a, b }
    }
}

/// One move of the solution, drawn as an arrow numbered by its position in the solution.
///
/// Most moves are one straight piece. A move that wraps around a torus is two: from its
/// origin off the edge of the board, and from the matching point beyond the opposite edge to
/// its landing cell; the drawing clips both to the board's frame. An exit move ends at the
/// off-board (or void) cell where its last step would land.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The straight pieces, in order; the last one carries the arrowhead.
    pub pieces: Vec<(Anchor, Anchor)>,
}

/// One move of an answer told move by move ([`Scene::answer`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    /// The move's arrow, from where the mover stands to where it lands.
    pub step: Step,
    /// Who moves and where: `E`, `block 2 N`, `cube (1,10) S`.
    pub text: String,
    /// What else happens, one line each: bridges turning, a split, a merge.
    pub notes: Vec<String>,
    /// The board just before the move.
    pub before: Position,
    /// Whether the board changes with this move beyond where the mover goes (bridges turn,
    /// a block splits into cubes that appear elsewhere): a picture of the moves after it
    /// must show the new board.
    pub changes: bool,
}

/// The board at one point of an answer: what differs from the scene's cells, and what
/// stands where.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Position {
    /// The cells whose kind differs from the scene's (bridges turned), row-major index and
    /// kind.
    pub kinds: Vec<(usize, CellKind)>,
    /// The blocks (or cubes) and where they stand.
    pub bodies: Vec<Body>,
}

/// A block or cube standing on a rectangle of cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Body {
    /// One corner cell.
    pub a: Plane,
    /// The opposite corner cell.
    pub b: Plane,
    /// A short name shown on it (the block's number when there are several).
    pub label: Option<String>,
}

/// Per cell (row-major, `rows * cols`), the smallest depth of a reachable state standing on
/// it, where `cells_of` lists the cells a state stands on (one for a jumping maze, the whole
/// footprint for a block).
pub fn cell_depths(
    rows: usize,
    cols: usize,
    features: &Features,
    mut cells_of: impl FnMut(StateId) -> Vec<Coord>,
) -> Vec<Option<u32>> {
    let mut depths = vec![None; rows * cols];
    for s in 0..features.depths.len() as StateId {
        let Some(d) = features.depth(s) else {
            continue;
        };
        for (r, c) in cells_of(s) {
            let slot: &mut Option<u32> = &mut depths[r * cols + c];
            *slot = Some(slot.map_or(d, |old| old.min(d)));
        }
    }
    depths
}

/// The legend line about a solution: its length and whether it is unique.
pub fn solution_note(features: &Features) -> String {
    match features.shortest_length {
        None => "no solution: the goal cannot be reached".to_string(),
        Some(length) => format!(
            "solution: {length} move{}{}",
            if length == 1 { "" } else { "s" },
            if features.unique_shortest {
                ", unique".to_string()
            } else {
                format!(", one of {} shortest", features.shortest_paths)
            }
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn switches_are_named_by_letters_that_are_not_start_or_goal() {
        let names: Vec<String> = (0..26).map(switch_name).collect();
        assert_eq!(names[..7].join(""), "ABCDEFH");
        assert!(!names.iter().any(|n| n == "S" || n == "G"));
        assert_eq!(names[23], "Z");
        assert_eq!(names[24], "A2");
        let mut unique = names.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), names.len());
    }

    #[test]
    fn a_bridge_tag_groups_switches_by_action_with_ranges() {
        assert_eq!(switch_tags(&[(0, Act::Toggle)]), "A\u{b1}");
        assert_eq!(switch_tags(&[(1, Act::On), (0, Act::Off)]), "B+ A\u{2212}");
        // Thirteen switches turning one bridge off (Bloxorz stage 33): a range.
        let off: Vec<(usize, Act)> = (0..12).map(|i| (i, Act::Off)).collect();
        assert_eq!(switch_tags(&off), "A\u{2013}M\u{2212}");
        // Two in a row stay a list; three or more make a range.
        assert_eq!(
            switch_tags(&[
                (0, Act::On),
                (1, Act::On),
                (3, Act::On),
                (4, Act::On),
                (5, Act::On)
            ]),
            "A,B,D\u{2013}F+"
        );
    }
}
