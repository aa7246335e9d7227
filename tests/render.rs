//! Pictures and state-graph exports of every bundled maze and fixture: the SVGs parse and
//! rasterize to what they should show, the exports have the state graph's shape, snapshots
//! keep both reviewable, and the committed gallery is current.
//!
//! The family fixtures (`tests/fixtures/families/`) are rasterized too: every cell attribute
//! (arrows, turns, rings, wildcards, empty cells, colours, symbols, pieces) has a glyph that
//! the raster shows, colours stay apart in greyscale, and the legend names what is present.
//!
//! Rolling blocks with Bloxorz mechanics (the family fixtures, a few of the 33 stages in
//! `tests/fixtures/bloxorz/` and an inline board with several blocks): bridges on and off,
//! soft, heavy and split switches and split targets show their shapes in the raster; every
//! switch's name is on the bridges it acts on with the right sign; the legend names every
//! kind present; and the answers of all 33 stages list every move, say what each move turns,
//! splits and merges, draw both cubes while the block is split, and lay out their texts with
//! no two overlapping (measured on the text as laid out by usvg with the machine's fonts).
//!
//! Set `MAZE_RENDER_PNG_DIR` to keep the rasters as PNG files for looking at, each also in
//! greyscale (`-grey.png`), as a black-and-white print shows it.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use maze::graph::{Rules, StateId};
use maze::render::{self, Options};
use maze::variants::{Cell, Kind, Maze, Tiling, Turn};
use resvg::tiny_skia::Pixmap;
use resvg::usvg;

use crate::common::{Analyzed, parse, read, root};

/// Every maze file of the gallery and the SVG snapshots, sorted.
fn maze_files() -> Vec<PathBuf> {
    files_in(&["variants", "tests/fixtures/worked", "tests/fixtures/render"])
}

/// Mazes the pictures are checked on beyond the files: cell attributes on the tilings that no
/// family file uses yet (hex arrows, turns and colours; triangle symbols, colours, rings,
/// wildcards and empty cells), and rolling blocks with several blocks (a start on a switch,
/// a block without a goal), bridges on and off, and every kind of switch action.
const INLINE: [(&str, &str); 3] = [
    (
        "hex_attributes",
        r#"Maze(
    rules: Jumping(
        tiling: Hex,
        cells: [Arrows, Colour],
        registers: [(name: "a", kind: Direction, keep: Where(Turn))],
        jumps: [
            (when: [Not(Turn)], dirs: Arrows, length: Any, land: [OtherColour]),
            (when: [Turn], dirs: Turned("a"), length: Any),
        ],
        effects: [(on: Land, do: [Set("a", Direction)])],
    ),
    board: [
        "E:r SE,SW:g W:b O:y",
        "NE:g CW:r E,NW,SW:b G",
        "CCW:b NE:y NW:r E:g",
    ],
    start: (0, 0),
)"#,
    ),
    (
        "triangle_attributes",
        r#"Maze(
    rules: Jumping(
        tiling: Triangle,
        cells: [Symbol, Colour],
        jumps: [(
            dirs: All,
            length: Any,
            over: Occupied,
            land: [Any([SameSymbol, SameColour, Wildcard])],
        )],
    ),
    board: [
        "A:r B:g@ * _ C:b A:g B:r C:r",
        "B:b A:r C:g@ B:r _ C:b A:g B:b",
        "C:r * A:b@ B:g C:g A:r _ C:g",
        "A:g C:b B:r@ A:b * B:g C:r G:A:b",
    ],
    start: (0, 0),
)"#,
    ),
    (
        "bloxorz_blocks",
        r#"Maze(
    rules: RollingBlock(
        block: (1, 1, 2),
        switches: [
            Switch(at: (0, 3), acts: [On(2, 5), Off(2, 4)]),
            Switch(at: (3, 1), acts: [Toggle(2, 4), Toggle(2, 5), On(1, 6)]),
        ],
        others: [
            (block: (1, 1, 2), start: [(0, 3)], goal: [(3, 6)]),
            (block: (1, 1, 1), start: [(3, 3)]),
        ],
    ),
    board: [
        "S..o...",
        "....w.-",
        "...#=-.",
        ".x...G.",
    ],
)"#,
    ),
];

/// Bloxorz stages rasterized with the other pictures: split switches that are split targets
/// themselves (16), and thirteen switches on one pair of bridges that are on at the start
/// (33).
const BLOXORZ_RASTERED: [&str; 2] = ["stage16", "stage33"];

/// Every maze the pictures are checked on, by name: the gallery's files, the family fixtures
/// and [`INLINE`].
fn all_mazes() -> Vec<(String, Maze)> {
    let files = files_in(&[
        "variants",
        "tests/fixtures/worked",
        "tests/fixtures/render",
        "tests/fixtures/families",
    ]);
    let mut mazes: Vec<(String, Maze)> = files
        .iter()
        .map(|path| {
            let stem = path.file_stem().unwrap().to_str().unwrap();
            (stem.to_string(), read(path))
        })
        .collect();
    mazes.extend(BLOXORZ_RASTERED.iter().map(|stem| {
        let path = root().join(format!("tests/fixtures/bloxorz/{stem}.ron"));
        (stem.to_string(), read(&path))
    }));
    mazes.extend(
        INLINE
            .iter()
            .map(|(name, src)| (name.to_string(), parse(src))),
    );
    mazes
}

/// The maze files of the folders `dirs` (from the repository root), sorted.
pub(crate) fn files_in(dirs: &[&str]) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for dir in dirs {
        for entry in std::fs::read_dir(root().join(dir)).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "ron") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

const PLAIN: Options = Options {
    solution: false,
    depths: false,
};
const SOLUTION: Options = Options {
    solution: true,
    depths: false,
};
const DEPTHS: Options = Options {
    solution: false,
    depths: true,
};
const BOTH: Options = Options {
    solution: true,
    depths: true,
};

fn fonts() -> Arc<usvg::fontdb::Database> {
    static FONTS: OnceLock<Arc<usvg::fontdb::Database>> = OnceLock::new();
    FONTS
        .get_or_init(|| {
            let mut db = usvg::fontdb::Database::new();
            db.load_system_fonts();
            Arc::new(db)
        })
        .clone()
}

/// The `name="..."` attribute of the first element that has it, as a number.
fn attribute(svg: &str, name: &str) -> f64 {
    let at = svg.find(&format!(" {name}=\"")).unwrap() + name.len() + 3;
    let end = at + svg[at..].find('"').unwrap();
    svg[at..end].parse().unwrap()
}

/// The board's offset: the `translate(x,y)` of its group.
fn board_origin(svg: &str) -> (f64, f64) {
    let at = svg.find("<g transform=\"translate(").unwrap() + 24;
    let end = at + svg[at..].find(')').unwrap();
    let (x, y) = svg[at..end].split_once(',').unwrap();
    (x.parse().unwrap(), y.parse().unwrap())
}

fn rasterize(svg: &str, name: &str) -> Pixmap {
    let options = usvg::Options {
        fontdb: fonts(),
        ..usvg::Options::default()
    };
    let tree = usvg::Tree::from_str(svg, &options).unwrap_or_else(|e| panic!("{name}: {e}"));
    let (width, height) = (attribute(svg, "width"), attribute(svg, "height"));
    assert_eq!(tree.size().width() as f64, width, "{name}: width");
    assert_eq!(tree.size().height() as f64, height, "{name}: height");
    let mut pixmap = Pixmap::new(width.ceil() as u32, height.ceil() as u32).unwrap();
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::default(),
        &mut pixmap.as_mut(),
    );
    if let Ok(dir) = std::env::var("MAZE_RENDER_PNG_DIR") {
        std::fs::create_dir_all(&dir).unwrap();
        pixmap
            .save_png(Path::new(&dir).join(format!("{name}.png")))
            .unwrap();
        // And as a greyscale print would show it.
        let mut grey = pixmap.clone();
        for p in grey.pixels_mut() {
            let y = luma((p.red(), p.green(), p.blue())).round() as u8;
            *p = resvg::tiny_skia::PremultipliedColorU8::from_rgba(y, y, y, p.alpha()).unwrap();
        }
        grey.save_png(Path::new(&dir).join(format!("{name}-grey.png")))
            .unwrap();
    }
    pixmap
}

fn rgb(pixmap: &Pixmap, (x, y): (f64, f64)) -> (u8, u8, u8) {
    let p = pixmap.pixel(x.round() as u32, y.round() as u32).unwrap();
    assert_eq!(p.alpha(), 255, "the background is opaque");
    (p.red(), p.green(), p.blue())
}

fn near(a: (u8, u8, u8), b: (u8, u8, u8)) -> bool {
    a.0.abs_diff(b.0) <= 2 && a.1.abs_diff(b.1) <= 2 && a.2.abs_diff(b.2) <= 2
}

fn spread((r, g, b): (u8, u8, u8)) -> u8 {
    r.max(g).max(b) - r.min(g).min(b)
}

/// Rec. 601 luma, 0 to 255: what a greyscale print keeps of a colour.
fn luma((r, g, b): (u8, u8, u8)) -> f64 {
    0.299 * f64::from(r) + 0.587 * f64::from(g) + 0.114 * f64::from(b)
}

const WHITE: (u8, u8, u8) = (255, 255, 255);
const FLOOR: (u8, u8, u8) = (0xfc, 0xfc, 0xf7);
const DEAD_END: (u8, u8, u8) = (0xe0, 0xe0, 0xe0);
const BLOCKED: (u8, u8, u8) = (0x54, 0x6e, 0x7a);
const HOLE: (u8, u8, u8) = (0x37, 0x47, 0x4f);
const FRAGILE: (u8, u8, u8) = (0xff, 0xcc, 0x80);
const BRIDGE: (u8, u8, u8) = (0xbc, 0xaa, 0xa4);
const BRIDGE_OFF: (u8, u8, u8) = (0xff, 0xff, 0xff);
/// A block or cube in an answer frame, over floor: `#37474f` at 55 % over `#fcfcf7`.
const BODY_ON_FLOOR: (u8, u8, u8) = (0x8f, 0x98, 0x9b);

/// Per cell, the fewest moves to any state on it: computed here from the states directly.
fn cell_depths(a: &Analyzed) -> BTreeMap<(usize, usize), u32> {
    let mut depths = BTreeMap::new();
    for s in 0..a.compiled.n_states() as StateId {
        if let (Some(cell), Some(d)) = (a.compiled.state_cell(s), a.features.depth(s)) {
            let slot = depths.entry(cell).or_insert(d);
            *slot = (*slot).min(d);
        }
    }
    depths
}

/// Renders `path` in `options` and checks the raster: declared size, blank outer margin
/// (nothing drawn outside the picture), and, without the solution's arrows on top, what
/// every cell shows where the geometry says it is.
fn check_picture(stem: &str, maze: &Maze, options: Options, view: &str) {
    let a = Analyzed::new(maze.clone());
    let name = format!("{stem}{view}");
    let svg = render::svg(&a.maze, options);
    assert_eq!(svg, render::svg(&a.maze, options), "{name}: deterministic");
    let pixmap = rasterize(&svg, &name);
    let (w, h) = (pixmap.width(), pixmap.height());
    for x in 0..w {
        for y in (0..3).chain(h - 3..h) {
            assert_eq!(
                rgb(&pixmap, (x as f64, y as f64)),
                WHITE,
                "{name}: ({x},{y})"
            );
        }
    }
    for y in 0..h {
        for x in (0..3).chain(w - 3..w) {
            assert_eq!(
                rgb(&pixmap, (x as f64, y as f64)),
                WHITE,
                "{name}: ({x},{y})"
            );
        }
    }
    // Below the title and the rules in words (text on white): the board and the legend.
    let (ox, oy) = board_origin(&svg);
    let top = (oy.max(0.0) as u32).min(h);
    let painted = (top..h)
        .flat_map(|y| (0..w).map(move |x| (x, y)))
        .filter(|&(x, y)| rgb(&pixmap, (f64::from(x), f64::from(y))) != WHITE)
        .count();
    assert!(
        painted * 5 > (w * (h - top)) as usize,
        "{name}: mostly blank"
    );
    if options.solution {
        return;
    }
    let px = |p: maze::render::geometry::Point| (ox + p.x, oy + p.y);
    match &a.maze {
        Maze::Jumping(m) => check_jumping_cells(m, &pixmap, &px, &cell_depths(&a), options, &name),
        Maze::RollingBlock(m) => check_rolling_cells(m, &pixmap, &px, options, &name),
    }
}

/// Where a cell shows its fill: between its centre and its third corner (the bottom right of
/// a square), clear of numbers, depths, marks, walls, holes, attribute glyphs (arrows end
/// short of it, corner notes are at the top) and the band a colour keeps under depths.
fn fill_point(tiling: Tiling, (r, c): (usize, usize)) -> maze::render::geometry::Point {
    let plane = (r as i64, c as i64);
    let centre = render::geometry::center(tiling, plane);
    let corner = render::geometry::to_px(tiling, render::geometry::polygon(tiling, plane)[2]);
    centre.lerp(corner, 0.65)
}

/// What the picture shows at [`fill_point`].
fn fill_at(
    tiling: Tiling,
    pixmap: &Pixmap,
    px: &dyn Fn(maze::render::geometry::Point) -> (f64, f64),
    cell: (usize, usize),
) -> (u8, u8, u8) {
    rgb(pixmap, px(fill_point(tiling, cell)))
}

fn check_jumping_cells(
    m: &maze::variants::JumpingMaze,
    pixmap: &Pixmap,
    px: &dyn Fn(maze::render::geometry::Point) -> (f64, f64),
    depths: &BTreeMap<(usize, usize), u32>,
    options: Options,
    name: &str,
) {
    let tiling = m.rules.tiling;
    for r in 0..m.board.rows {
        for c in 0..m.board.cols {
            let cell = m.board.get((r, c));
            if (r, c) == m.start || cell.kind == Kind::Goal {
                continue; // under a translucent mark
            }
            let centre = render::geometry::center(tiling, (r as i64, c as i64));
            let fill = fill_at(tiling, pixmap, px, (r, c));
            let at = format!("{name}: cell ({r},{c}) {cell:?}");
            match cell.kind {
                Kind::Void => assert_eq!(rgb(pixmap, px(centre)), WHITE, "{at}"),
                Kind::Blocked => assert!(near(fill, BLOCKED), "{at}: {fill:?}"),
                Kind::Hole => {
                    assert!(near(fill, FLOOR), "{at}: {fill:?}");
                    assert!(near(rgb(pixmap, px(centre)), HOLE), "{at}: centre");
                }
                Kind::Empty => {
                    // Dots on floor: both show near the centre, and no hole's disc does.
                    let around: Vec<(u8, u8, u8)> = (-6..=6)
                        .flat_map(|dx| (-6..=6).map(move |dy| (dx, dy)))
                        .map(|(dx, dy)| {
                            let (x, y) = px(centre);
                            rgb(pixmap, (x + f64::from(dx), y + f64::from(dy)))
                        })
                        .collect();
                    assert!(around.iter().any(|&p| near(p, FLOOR)), "{at}: floor");
                    assert!(around.iter().any(|&p| luma(p) < 200.0), "{at}: dots");
                    assert!(around.iter().all(|&p| !near(p, HOLE)), "{at}: no hole");
                }
                Kind::Ordinary | Kind::DeadEnd | Kind::Goal if options.depths => {
                    if depths.contains_key(&(r, c)) {
                        assert!(spread(fill) >= 40, "{at}: depth colour {fill:?}");
                    } else {
                        assert!(spread(fill) <= 10 && fill != WHITE, "{at}: hatch {fill:?}");
                    }
                }
                Kind::DeadEnd => assert!(near(fill, DEAD_END), "{at}: {fill:?}"),
                // A colour's fill: which one is checked across cells, in greyscale.
                Kind::Ordinary | Kind::Goal if cell.colour.is_some() => {
                    assert!(!near(fill, FLOOR) && fill != WHITE, "{at}: {fill:?}");
                }
                Kind::Ordinary | Kind::Goal => assert!(near(fill, FLOOR), "{at}: {fill:?}"),
            }
        }
    }
}

/// Rolling blocks: floor, no floor (not drawn), fragile floor, bridges and switches. Under
/// depth shading every cell some reachable placement covers shows a depth colour; without it
/// each kind shows its fill. Whatever the fill, a bridge shows its planks' outline and seams
/// (solid when on, dashed when off), a switch its button (round, X or arcs, told apart by
/// where they are inked), and a split target its dashed cube.
fn check_rolling_cells(
    m: &maze::variants::rolling::RollingBlockMaze,
    pixmap: &Pixmap,
    px: &dyn Fn(maze::render::geometry::Point) -> (f64, f64),
    options: Options,
    name: &str,
) {
    use maze::render::geometry::{Point, inradius};
    use maze::variants::rolling::{SwitchKind, Tile};
    let covered = footprint_depths(m);
    let rho = inradius(Tiling::Square);
    let marked = |at: (usize, usize)| {
        m.start.contains(at)
            || m.goal.contains(at)
            || m.rules
                .others
                .iter()
                .any(|o| o.start.contains(at) || o.goal.is_some_and(|g| g.contains(at)))
    };
    let targets: Vec<(usize, usize)> = m
        .rules
        .switches
        .iter()
        .filter_map(|s| s.split)
        .flat_map(|(a, b)| [a, b])
        .collect();
    // The board's picture spans the floor's bounding box: beyond it, rows and columns of no
    // floor are not drawn at all (the legend may stand there).
    let floor: Vec<(usize, usize)> = (0..m.board.rows * m.board.cols)
        .map(|i| (i / m.board.cols, i % m.board.cols))
        .filter(|&at| m.board.get(at) != Tile::NoFloor)
        .collect();
    let rows = floor.iter().map(|a| a.0).min().unwrap()..=floor.iter().map(|a| a.0).max().unwrap();
    let cols = floor.iter().map(|a| a.1).min().unwrap()..=floor.iter().map(|a| a.1).max().unwrap();
    for r in rows {
        for c in cols.clone() {
            if marked((r, c)) {
                continue; // under a translucent mark
            }
            let tile = m.board.get((r, c));
            let centre = render::geometry::center(Tiling::Square, (r as i64, c as i64));
            let fill = fill_at(Tiling::Square, pixmap, px, (r, c));
            let at = format!("{name}: cell ({r},{c}) {tile:?}");
            let off = |dx: f64, dy: f64| {
                px(Point {
                    x: centre.x + dx,
                    y: centre.y + dy,
                })
            };
            // Whether each pixel of a run is inked, a pixel either side of the line counting.
            let run = |points: Vec<(f64, f64)>, across: (f64, f64)| -> Vec<bool> {
                points
                    .into_iter()
                    .map(|(dx, dy)| {
                        (-1..=1).any(|k| {
                            let k = f64::from(k);
                            inked(pixmap, off(dx + k * across.0, dy + k * across.1), fill)
                        })
                    })
                    .collect()
            };
            let solid = |ink: &[bool]| ink.iter().all(|&i| i);
            let dashed = |ink: &[bool]| ink.iter().any(|&i| i) && !solid(ink);
            match tile {
                Tile::NoFloor => assert_eq!(rgb(pixmap, px(centre)), WHITE, "{at}"),
                _ if options.depths => {
                    if covered.contains(&(r, c)) {
                        assert!(spread(fill) >= 40, "{at}: depth colour {fill:?}");
                    } else {
                        assert!(spread(fill) <= 10 && fill != WHITE, "{at}: hatch {fill:?}");
                    }
                }
                Tile::Floor | Tile::Switch(_) | Tile::Teleport => {
                    assert!(near(fill, FLOOR), "{at}: {fill:?}")
                }
                Tile::Fragile => assert!(near(fill, FRAGILE), "{at}: {fill:?}"),
                Tile::Bridge { on: true } => assert!(near(fill, BRIDGE), "{at}: {fill:?}"),
                Tile::Bridge { on: false } => assert!(near(fill, BRIDGE_OFF), "{at}: {fill:?}"),
            }
            match tile {
                Tile::Bridge { on } => {
                    // The outline's right side, below the corner note, and the left seam.
                    let edge = run(
                        (-8..=18).map(|y| (rho - 3.0, f64::from(y))).collect(),
                        (1.0, 0.0),
                    );
                    let seam = run(
                        (-8..=8).map(|y| (-rho / 3.0, f64::from(y))).collect(),
                        (1.0, 0.0),
                    );
                    if on {
                        assert!(
                            solid(&edge) && solid(&seam),
                            "{at}: solid planks {edge:?} {seam:?}"
                        );
                    } else {
                        assert!(
                            dashed(&edge) && dashed(&seam),
                            "{at}: dashed planks {edge:?} {seam:?}"
                        );
                    }
                }
                Tile::Switch(kind) => {
                    let s = rho;
                    let ink = |dx: f64, dy: f64| inked(pixmap, off(dx * s, dy * s), fill);
                    match kind {
                        SwitchKind::Soft => {
                            assert!(ink(0.0, 0.0) && ink(0.3, 0.0), "{at}: round button");
                            assert!(!ink(0.55, 0.0), "{at}: round button's edge");
                        }
                        SwitchKind::Heavy => {
                            assert!(ink(0.0, 0.0) && ink(0.3, 0.3), "{at}: X");
                            assert!(!ink(0.3, 0.0) && !ink(0.0, -0.3), "{at}: X's gaps");
                        }
                        SwitchKind::Split => {
                            assert!(!ink(0.0, 0.0), "{at}: gap between the arcs");
                            for side in [-1.0, 1.0] {
                                let arc = run(vec![(side * 0.35 * s, 0.0)], (1.0, 0.0));
                                assert!(solid(&arc), "{at}: arc on side {side}");
                            }
                        }
                    }
                }
                _ => {}
            }
            if targets.contains(&(r, c)) {
                let edge = run(
                    (-10..=10).map(|y| (-rho / 2.0, f64::from(y))).collect(),
                    (1.0, 0.0),
                );
                assert!(dashed(&edge), "{at}: split target's dashed cube {edge:?}");
            }
        }
    }
}

/// The cells some reachable state has a block or cube on, from every state's view.
fn footprint_depths(
    m: &maze::variants::rolling::RollingBlockMaze,
) -> std::collections::BTreeSet<(usize, usize)> {
    let graph = maze::variants::rolling::RollGraph::new(m);
    let features = maze::features::analyze(&maze::graph::state_graph(&graph), m.blocks());
    (0..graph.n_states() as StateId)
        .filter(|&s| features.depth(s).is_some())
        .flat_map(|s| graph.view(s).cells())
        .collect()
}

#[test]
fn pictures_rasterize_to_what_the_board_holds() {
    let mazes = all_mazes();
    assert!(mazes.len() >= 8, "{} mazes", mazes.len());
    // Rasterizing is slow in a debug build: one thread per maze.
    std::thread::scope(|scope| {
        for (name, maze) in &mazes {
            scope.spawn(move || {
                for (options, view) in [
                    (PLAIN, ""),
                    (SOLUTION, "-solution"),
                    (DEPTHS, "-depths"),
                    (BOTH, "-both"),
                ] {
                    // The long answers of the extra stages make pictures several thousand
                    // pixels high: their layout is checked without rasterizing, in
                    // `long_answers_list_every_move_and_no_texts_overlap`.
                    if options.solution && BLOXORZ_RASTERED.contains(&name.as_str()) {
                        continue;
                    }
                    check_picture(name, maze, options, view);
                }
            });
        }
    });
}

/// Every jumping maze among the pictures, with its file stem.
fn jumping_mazes() -> Vec<(String, maze::variants::JumpingMaze)> {
    all_mazes()
        .into_iter()
        .filter_map(|(name, maze)| match maze {
            Maze::Jumping(m) => Some((name, m)),
            Maze::RollingBlock(_) => None,
        })
        .collect()
}

/// The plain picture of `m`, rasterized, with the pixel position of board points.
fn plain_raster(
    name: &str,
    m: &maze::variants::JumpingMaze,
) -> (
    String,
    Pixmap,
    impl Fn(maze::render::geometry::Point) -> (f64, f64),
) {
    let svg = render::svg(&Maze::Jumping(m.clone()), PLAIN);
    let pixmap = rasterize(&svg, &format!("{name}-attributes"));
    let (ox, oy) = board_origin(&svg);
    (svg, pixmap, move |p: maze::render::geometry::Point| {
        (ox + p.x, oy + p.y)
    })
}

/// The cells of `m` row-major with their positions, the start and goals left out (their
/// marks lie over them).
fn open_cells(m: &maze::variants::JumpingMaze) -> Vec<((usize, usize), Cell)> {
    (0..m.board.rows)
        .flat_map(|r| (0..m.board.cols).map(move |c| (r, c)))
        .map(|at| (at, m.board.get(at)))
        .filter(|&(at, cell)| at != m.start && cell.kind != Kind::Goal)
        .collect()
}

/// Colours: every cell of one colour name shows the same fill, and any two names differ
/// in greyscale lightness by at least 20 of 255 levels, as do names and the plain floor.
#[test]
fn colours_stay_apart_in_greyscale() {
    let mut checked = 0;
    for (name, m) in jumping_mazes() {
        if !m.board.cells.iter().any(|c| c.colour.is_some()) {
            continue;
        }
        checked += 1;
        let (_, pixmap, px) = plain_raster(&name, &m);
        let mut fills: BTreeMap<String, Vec<(u8, u8, u8)>> = BTreeMap::new();
        for (at, cell) in open_cells(&m) {
            if let Some(colour) = cell.colour {
                let fill = fill_at(m.rules.tiling, &pixmap, &px, at);
                fills.entry(colour.to_string()).or_default().push(fill);
            }
        }
        let mut levels: Vec<(String, f64)> = vec![("the floor".to_string(), luma(FLOOR))];
        for (colour, seen) in &fills {
            assert!(
                seen.iter().all(|&f| near(f, seen[0])),
                "{name}: colour {colour} has several fills: {seen:?}"
            );
            levels.push((colour.clone(), luma(seen[0])));
        }
        for (i, (a, la)) in levels.iter().enumerate() {
            for (b, lb) in &levels[i + 1..] {
                assert!(
                    (la - lb).abs() >= 20.0,
                    "{name}: {a} and {b} are {la:.0} and {lb:.0} in greyscale"
                );
            }
        }
    }
    assert!(checked >= 3, "only {checked} mazes with colours");
}

/// Whether the picture at `p` stands out from the cell's fill `fill` (ink on it).
fn inked(pixmap: &Pixmap, p: (f64, f64), fill: (u8, u8, u8)) -> bool {
    (luma(rgb(pixmap, p)) - luma(fill)).abs() > 60.0
}

/// Whether a thin horizontal line through `p` shows: a stroke of a pixel or two may fall
/// between pixel centres and show only half its ink in either.
fn inked_near(pixmap: &Pixmap, (x, y): (f64, f64), fill: (u8, u8, u8)) -> bool {
    (-2..=2).any(|dy| inked(pixmap, (x, y + f64::from(dy)), fill))
}

/// Arrows and turn cells: one arrow path per arrow in the SVG, ink along each arrow's
/// direction and not along the cell's other directions; turn glyphs in the SVG and the
/// raster, clockwise and anticlockwise told apart by shape; rings around circled cells.
#[test]
fn every_arrow_turn_and_ring_has_its_glyph() {
    use maze::render::geometry::{Point, center, inradius};
    let (mut arrows_seen, mut turns_seen, mut rings_seen) = (0, 0, 0);
    for (name, m) in jumping_mazes() {
        let cells = &m.board.cells;
        if !cells
            .iter()
            .any(|c| !c.arrows.is_empty() || c.turn.is_some() || c.circled)
        {
            continue;
        }
        let (svg, pixmap, px) = plain_raster(&name, &m);
        // The board's glyphs, not the legend's swatches.
        let svg = &svg[..svg.find(LEGEND).unwrap()];
        let arrows: usize = cells.iter().map(|c| c.arrows.len()).sum();
        assert_eq!(svg.matches("class=\"arrow\"").count(), arrows, "{name}");
        for (turn, class) in [
            (Turn::Reflect, "turn reflect"),
            (Turn::Clockwise, "turn clockwise"),
            (Turn::Anticlockwise, "turn anticlockwise"),
        ] {
            let n = cells.iter().filter(|c| c.turn == Some(turn)).count();
            assert_eq!(svg.matches(class).count(), 2 * n, "{name}: {class}");
        }
        let rings = cells.iter().filter(|c| c.circled).count();
        assert_eq!(svg.matches("class=\"ring\"").count(), rings, "{name}");

        let tiling = m.rules.tiling;
        let rho = inradius(tiling);
        for (at, cell) in open_cells(&m) {
            let plane = (at.0 as i64, at.1 as i64);
            let c = center(tiling, plane);
            let fill = fill_at(tiling, &pixmap, &px, at);
            let off = |dx: f64, dy: f64| {
                px(Point {
                    x: c.x + dx,
                    y: c.y + dy,
                })
            };
            let here = format!("{name}: cell {at:?} {cell:?}");
            if !cell.arrows.is_empty() {
                for d in 0..tiling.directions().len() as u8 {
                    let t = center(tiling, tiling.walk(plane, d, 2));
                    let len = (t.x - c.x).hypot(t.y - c.y);
                    let along = 0.6 * rho;
                    let p = off((t.x - c.x) / len * along, (t.y - c.y) / len * along);
                    assert_eq!(
                        inked(&pixmap, p, fill),
                        cell.arrows.contains(d),
                        "{here}: direction {}",
                        tiling.directions().name(d)
                    );
                    arrows_seen += usize::from(cell.arrows.contains(d));
                }
            }
            // Points on the glyphs (scale s = 0.42 rho, see draw.rs) and in their gaps.
            let s = 0.42 * rho;
            let (ink, gap) = match cell.turn {
                None => continue,
                Some(Turn::Reflect) => ((0.0, -0.6 * s), (0.0, 0.6 * s)),
                Some(Turn::Clockwise) => ((0.5 * s, -0.87 * s), (-0.5 * s, -0.87 * s)),
                Some(Turn::Anticlockwise) => ((-0.5 * s, -0.87 * s), (0.5 * s, -0.87 * s)),
            };
            assert!(inked(&pixmap, off(ink.0, ink.1), fill), "{here}: glyph");
            assert!(!inked(&pixmap, off(gap.0, gap.1), fill), "{here}: gap");
            turns_seen += 1;
        }
        for (at, cell) in open_cells(&m) {
            if cell.circled {
                let c = center(tiling, (at.0 as i64, at.1 as i64));
                let fill = fill_at(tiling, &pixmap, &px, at);
                let bottom = px(Point {
                    x: c.x,
                    y: c.y + 0.78 * rho,
                });
                assert!(inked_near(&pixmap, bottom, fill), "{name}: ring of {at:?}");
                rings_seen += 1;
            }
        }
    }
    assert!(
        arrows_seen > 100 && turns_seen >= 4 && rings_seen >= 10,
        "{arrows_seen} arrows, {turns_seen} turns, {rings_seen} rings"
    );
}

/// How the legend's group begins: everything after it is below the board.
const LEGEND: &str = "<g fill=\"#212121\" font-size=\"12\" transform=\"translate(0,";

/// The texts of the legend.
fn legend_texts(svg: &str) -> Vec<String> {
    svg[svg.find(LEGEND).unwrap()..]
        .split("<text")
        .skip(1)
        .map(|t| {
            let body = &t[t.find('>').unwrap() + 1..];
            body[..body.find("</text>").unwrap()].trim().to_string()
        })
        .collect()
}

/// The legend names each attribute some cell holds, and no other.
#[test]
fn the_legend_names_every_attribute_present() {
    use maze::variants::Piece;
    for (name, m) in jumping_mazes() {
        let svg = render::svg(&Maze::Jumping(m.clone()), PLAIN);
        let legend = legend_texts(&svg);
        let cells = &m.board.cells;
        let any = |f: &dyn Fn(&Cell) -> bool| cells.iter().any(f);
        let says = |what: &str| legend.iter().any(|t| t.contains(what));
        for (present, what) in [
            (any(&|c| !c.arrows.is_empty()), "arrow"),
            (any(&|c| c.turn == Some(Turn::Reflect)), "reflector"),
            (any(&|c| c.turn == Some(Turn::Clockwise)), "turn clockwise"),
            (
                any(&|c| c.turn == Some(Turn::Anticlockwise)),
                "turn anticlockwise",
            ),
            (any(&|c| c.circled), "circled"),
            (any(&|c| c.wildcard), "wildcard"),
            (any(&|c| c.kind == Kind::Empty), "empty"),
            (any(&|c| c.number.is_some_and(|k| k <= 0)), "signed number"),
            (any(&|c| c.colour.is_some()), "colours:"),
            (any(&|c| c.symbol.is_some()), "symbols:"),
        ] {
            assert_eq!(says(what), present, "{name}: {what} in {legend:?}");
        }
        for piece in Piece::ALL {
            let word = format!("{piece:?}").to_lowercase();
            let present = any(&|c| c.piece == Some(piece));
            assert_eq!(
                legend.contains(&word),
                present,
                "{name}: {word} in {legend:?}"
            );
        }
        for cell in cells {
            if let Some(colour) = cell.colour {
                let colour = colour.to_string();
                assert!(legend.contains(&colour), "{name}: {colour} in {legend:?}");
            }
            if let Some(symbol) = cell.symbol {
                let symbols = legend.iter().find(|t| t.starts_with("symbols:")).unwrap();
                let listed = symbols.split_whitespace().any(|s| s == symbol.to_string());
                assert!(listed, "{name}: {symbol} in {symbols}");
            }
        }
    }
}

/// The solution overlay has one arrow per move whatever the kind of move (arrows of any
/// length, register lengths, first piece met, knight leaps).
#[test]
fn the_solution_overlay_has_every_move() {
    for (name, maze) in all_mazes() {
        let a = Analyzed::new(maze);
        let scene = render::scene(&a.maze, SOLUTION);
        assert_eq!(
            scene.steps.len() as u32,
            a.features.shortest_length.unwrap_or(0),
            "{name}"
        );
    }
}

#[test]
fn every_tiling_and_board_feature_is_among_the_pictures() {
    let mazes: Vec<Maze> = maze_files().iter().map(|p| read(p)).collect();
    let has = |f: &dyn Fn(&maze::variants::JumpingMaze) -> bool| {
        mazes
            .iter()
            .any(|maze| matches!(maze, Maze::Jumping(m) if f(m)))
    };
    for tiling in [Tiling::Square, Tiling::Hex, Tiling::Triangle] {
        assert!(has(&|m| m.rules.tiling == tiling), "{tiling:?}");
    }
    for cell in [Cell::BLOCKED, Cell::HOLE, Cell::VOID, Cell::DEAD_END] {
        assert!(has(&|m| m.board.cells.contains(&cell)), "{cell:?}");
    }
    assert!(
        has(&|m| m.rules.torus && !m.walls.is_empty()),
        "torus walls"
    );
    assert!(
        has(&|m| m.rules.goal == maze::variants::GoalKind::Exit),
        "exit"
    );
    assert!(has(&|m| m.rules.no_u_turn), "no-U-turn");
}

/// Every rolling-block maze with Bloxorz mechanics the tests know: the family fixtures, the
/// 33 stages, and the inline board with several blocks.
fn bloxorz_mazes() -> Vec<(String, maze::variants::rolling::RollingBlockMaze)> {
    let mut files = files_in(&["tests/fixtures/families", "tests/fixtures/bloxorz"]);
    files.retain(|p| {
        let stem = p.file_stem().unwrap().to_str().unwrap();
        stem.starts_with("bloxorz_") || stem.starts_with("stage")
    });
    let mut mazes: Vec<(String, Maze)> = files
        .iter()
        .map(|p| {
            (
                p.file_stem().unwrap().to_str().unwrap().to_string(),
                read(p),
            )
        })
        .collect();
    mazes.extend(
        INLINE
            .iter()
            .filter(|(name, _)| name.starts_with("bloxorz"))
            .map(|(name, src)| (name.to_string(), parse(src))),
    );
    assert_eq!(mazes.len(), 2 + 33 + 1);
    mazes
        .into_iter()
        .map(|(name, maze)| match maze {
            Maze::RollingBlock(m) => (name, m),
            Maze::Jumping(_) => panic!("{name} is not a rolling-block maze"),
        })
        .collect()
}

/// The text contents of an SVG fragment's `<text>` elements.
fn svg_texts(svg: &str) -> Vec<String> {
    svg.split("<text")
        .skip(1)
        .map(|t| {
            let body = &t[t.find('>').unwrap() + 1..];
            body[..body.find("</text>").unwrap()].trim().to_string()
        })
        .collect()
}

/// The switches and sign a bridge's tag names, read back from the text: groups of names
/// (`A`, `A,C`, a range `A–D`) each followed by its sign. Decoded here independently of
/// how the drawing writes it.
fn decode_tags(tags: &str) -> Vec<(usize, maze::render::scene::Act)> {
    use maze::render::scene::{Act, switch_name};
    let index = |name: &str| {
        (0..200)
            .find(|&i| switch_name(i) == name)
            .unwrap_or_else(|| panic!("no switch is named {name}"))
    };
    let mut out = Vec::new();
    for group in tags.split(' ') {
        let (names, act) = if let Some(n) = group.strip_suffix('+') {
            (n, Act::On)
        } else if let Some(n) = group.strip_suffix('\u{2212}') {
            (n, Act::Off)
        } else if let Some(n) = group.strip_suffix('\u{b1}') {
            (n, Act::Toggle)
        } else {
            panic!("{group}: no sign")
        };
        for part in names.split(',') {
            match part.split_once('\u{2013}') {
                Some((a, b)) => out.extend((index(a)..=index(b)).map(|i| (i, act))),
                None => out.push((index(part), act)),
            }
        }
    }
    out.sort_unstable();
    out
}

/// Bloxorz boards: every switch shows its button and its name (letters in reading order of
/// the switch cells, never `S` or `G`), every bridge its state at the start and the name and
/// sign of every switch acting on it (read back from the SVG's text), every split target the
/// names of the switches sending a cube there; and the legend names every kind present, and
/// no other.
#[test]
fn bloxorz_boards_name_every_switch_bridge_and_target() {
    use maze::render::scene::{Act, Button, CellKind, switch_name};
    use maze::variants::rolling::{Action, SwitchKind, Tile};
    let mut tags_seen = 0;
    for (name, m) in bloxorz_mazes() {
        let maze = Maze::RollingBlock(m.clone());
        let scene = render::scene(&maze, PLAIN);
        let svg = render::svg(&maze, PLAIN);
        let board_texts = svg_texts(&svg[..svg.find(LEGEND).unwrap()]);
        let cols = m.board.cols;
        let mut at_cells: Vec<(usize, usize)> = m.rules.switches.iter().map(|s| s.at).collect();
        at_cells.sort_unstable();
        let number = |at: (usize, usize)| at_cells.iter().position(|&c| c == at).unwrap();
        for switch in &m.rules.switches {
            let n = number(switch.at);
            let button = match m.board.get(switch.at) {
                Tile::Switch(SwitchKind::Soft) => Button::Soft,
                Tile::Switch(SwitchKind::Heavy) => Button::Heavy,
                Tile::Switch(SwitchKind::Split) => Button::Split,
                other => panic!("{name}: switch on {other:?}"),
            };
            let view = &scene.cells[switch.at.0 * cols + switch.at.1];
            assert_eq!(view.glyphs.button, Some((button, n)), "{name}: {switch:?}");
            let letter = switch_name(n);
            assert!(letter != "S" && letter != "G", "{name}: {letter}");
            assert!(
                board_texts.contains(&letter),
                "{name}: name {letter} on the board"
            );
        }
        for i in 0..m.board.rows * cols {
            let at = (i / cols, i % cols);
            let view = &scene.cells[i];
            let mut acts: Vec<(usize, Act)> = Vec::new();
            let mut targets: Vec<usize> = Vec::new();
            for switch in &m.rules.switches {
                for action in &switch.acts {
                    let act = match *action {
                        Action::On(t) if t == at => Act::On,
                        Action::Off(t) if t == at => Act::Off,
                        Action::Toggle(t) if t == at => Act::Toggle,
                        _ => continue,
                    };
                    acts.push((number(switch.at), act));
                }
                if let Some((a, b)) = switch.split
                    && (a == at || b == at)
                {
                    targets.push(number(switch.at));
                }
            }
            acts.sort_unstable();
            targets.sort_unstable();
            let here = format!("{name}: cell {at:?}");
            assert_eq!(view.glyphs.switched, acts, "{here}");
            assert_eq!(view.glyphs.target, targets, "{here}");
            if let Tile::Bridge { on } = m.board.get(at) {
                assert_eq!(view.kind, CellKind::Bridge { on }, "{here}");
            }
            if !acts.is_empty() {
                // The cell's tag on the board says exactly which switches do what.
                let tags: Vec<&String> = board_texts
                    .iter()
                    .filter(|t| t.ends_with(['+', '\u{2212}', '\u{b1}']))
                    .filter(|t| decode_tags(t) == acts)
                    .collect();
                assert!(
                    !tags.is_empty(),
                    "{here}: no tag for {acts:?} in {board_texts:?}"
                );
                tags_seen += 1;
            }
            if !targets.is_empty() {
                let names: Vec<String> = targets.iter().map(|&n| switch_name(n)).collect();
                assert!(board_texts.contains(&names.join(",")), "{here}: {names:?}");
            }
        }
        let legend = legend_texts(&svg);
        // An entry is said when some entry starts with it and goes on no further than a
        // colon (its explanation) or the end.
        let says = |what: &str| {
            legend.iter().any(|t| {
                t.strip_prefix(what)
                    .is_some_and(|rest| rest.is_empty() || rest.starts_with(':'))
            })
        };
        let tiles = &m.board.tiles;
        let has = |t: Tile| tiles.contains(&t);
        let acting =
            |f: &dyn Fn(&Action) -> bool| m.rules.switches.iter().any(|s| s.acts.iter().any(f));
        for (present, what) in [
            (has(Tile::Fragile), "fragile"),
            (has(Tile::Bridge { on: true }), "bridge, on"),
            (has(Tile::Bridge { on: false }), "bridge, off"),
            (has(Tile::Switch(SwitchKind::Soft)), "soft switch"),
            (has(Tile::Switch(SwitchKind::Heavy)), "heavy switch"),
            (has(Tile::Switch(SwitchKind::Split)), "split switch"),
            (
                !m.rules.switches.is_empty(),
                "a switch's name, in its corner",
            ),
            (
                acting(&|a| matches!(a, Action::On(_))),
                "switch A turns this bridge on",
            ),
            (
                acting(&|a| matches!(a, Action::Off(_))),
                "switch A turns this bridge off",
            ),
            (
                acting(&|a| matches!(a, Action::Toggle(_))),
                "switch A turns this bridge on if off, off if on",
            ),
            (
                m.rules.switches.iter().any(|s| s.split.is_some()),
                "split switch A sends a cube here",
            ),
            (true, "start"),
            (true, "goal"),
        ] {
            assert_eq!(says(what), present, "{name}: {what} in {legend:?}");
        }
        // Several blocks: each start and goal labelled by block number, and explained.
        let blocks = 1 + m.rules.others.len();
        if blocks > 1 {
            let mut ends = vec![(1, m.start, Some(m.goal))];
            ends.extend(
                m.rules
                    .others
                    .iter()
                    .enumerate()
                    .map(|(k, o)| (k + 2, o.start, o.goal)),
            );
            for (k, start, goal) in ends {
                let label =
                    |cell: (usize, usize)| scene.cells[cell.0 * cols + cell.1].label.clone();
                for cell in start.cells() {
                    assert!(
                        label(cell).unwrap().contains(&format!("S{k}")),
                        "{name}: S{k}"
                    );
                }
                assert!(
                    says(&format!("block {k} starts here")),
                    "{name}: {legend:?}"
                );
                assert_eq!(
                    says(&format!("block {k} must end here")),
                    goal.is_some(),
                    "{name}: {legend:?}"
                );
                for cell in goal.iter().flat_map(|g| g.cells().collect::<Vec<_>>()) {
                    assert!(
                        label(cell).unwrap().contains(&format!("G{k}")),
                        "{name}: G{k}"
                    );
                }
            }
        } else {
            let labels = legend.iter().filter(|t| t.contains("starts here"));
            assert_eq!(labels.count(), 0, "{name}: {legend:?}");
        }
    }
    assert!(tags_seen > 100, "{tags_seen} bridges with tags");
}

/// One move of an answer's list as the SVG writes it: number, text, notes.
#[derive(Debug)]
struct Listed {
    number: usize,
    text: String,
    notes: Vec<String>,
}

/// Every Bloxorz answer (the 33 stages, up to 129 moves, and the fixtures): where the answer
/// is in frames, its move list has one entry per move, numbered in order, naming the mover
/// and direction of the solution, and saying every bridge that turns (read off `RollGraph::view`
/// of consecutive solution states), every split and merge, and the goal; every move's arrow
/// and number is in exactly one frame; no two step numbers' circles in a frame overlap; and no
/// two texts of the whole picture overlap, as usvg lays them out with the machine's fonts.
/// Answers of 25 moves or more are always in frames, plain stages (no switches) included.
#[test]
fn long_answers_list_every_move_and_no_texts_overlap() {
    use maze::variants::rolling::RollGraph;
    let mazes = bloxorz_mazes();
    std::thread::scope(|scope| {
        for chunk in mazes.chunks(mazes.len().div_ceil(4)) {
            scope.spawn(move || {
                for (name, m) in chunk {
                    let graph = RollGraph::new(m);
                    let features =
                        maze::features::analyze(&maze::graph::state_graph(&graph), m.blocks());
                    let states = features.solution_states.clone().unwrap_or_default();
                    let dirs = features.solution.clone().unwrap_or_default();
                    let svg = render::svg(&Maze::RollingBlock(m.clone()), SOLUTION);
                    let listed = move_list(&svg);
                    if listed.is_empty() {
                        assert!(dirs.len() < 25, "{name}: {} moves and no list", dirs.len());
                    } else {
                        check_listed(name, m, &graph, &states, &dirs, &listed);
                        check_frames(name, &svg, dirs.len());
                    }
                    check_texts_apart(name, &svg);
                }
            });
        }
    });
}

/// The move list of an answer picture, in document order.
fn move_list(svg: &str) -> Vec<Listed> {
    let doc = usvg::roxmltree::Document::parse(svg).unwrap();
    let mut out: Vec<Listed> = Vec::new();
    for node in doc.descendants().filter(|n| n.has_tag_name("text")) {
        let text = node.text().unwrap_or("").trim().to_string();
        match node.attribute("class") {
            Some("move-number") => out.push(Listed {
                number: text.parse().unwrap(),
                text: String::new(),
                notes: Vec::new(),
            }),
            Some("move") => out.last_mut().unwrap().text = text,
            Some("move-note") => out.last_mut().unwrap().notes.push(text),
            _ => {}
        }
    }
    out
}

fn check_listed(
    name: &str,
    m: &maze::variants::rolling::RollingBlockMaze,
    graph: &maze::variants::rolling::RollGraph,
    states: &[StateId],
    dirs: &[&str],
    listed: &[Listed],
) {
    assert_eq!(listed.len(), dirs.len(), "{name}: one entry per move");
    let cell = |(r, c): (usize, usize)| format!("({r},{c})");
    for (i, entry) in listed.iter().enumerate() {
        let here = format!("{name}: move {} {entry:?}", i + 1);
        assert_eq!(entry.number, i + 1, "{here}");
        let dir = dirs[i];
        let (before, after) = (graph.view(states[i]), graph.view(states[i + 1]));
        // The mover and the compass direction.
        let compass = &dir[dir.len() - 1..];
        assert!(
            entry.text.ends_with(&format!(" {compass}")) || entry.text == compass,
            "{here}"
        );
        match &dir[..dir.len() - 1] {
            "c1" | "c2" => {
                let k = usize::from(dir.starts_with("c2"));
                let cube = before.cubes.unwrap()[k];
                assert_eq!(
                    entry.text,
                    format!("cube {} {compass}", cell(cube)),
                    "{here}"
                );
            }
            "" if m.rules.others.is_empty() => {}
            "" => assert_eq!(entry.text, format!("block 1 {compass}"), "{here}"),
            k => assert_eq!(entry.text, format!("block {k} {compass}"), "{here}"),
        }
        let goal = graph.is_goal(states[i + 1]);
        let notes = entry.notes.join(" | ");
        // Every bridge that turns, with its new state.
        let turned: Vec<((usize, usize), bool)> = before
            .bridges
            .iter()
            .zip(&after.bridges)
            .filter(|(b, a)| b.1 != a.1 && !goal)
            .map(|(_, &a)| a)
            .collect();
        for on in [true, false] {
            let cells: Vec<String> = turned
                .iter()
                .filter(|t| t.1 == on)
                .map(|t| cell(t.0))
                .collect();
            let said = format!("{} {}", if on { "on" } else { "off" }, cells.join(" "));
            assert!(cells.is_empty() || notes.contains(&said), "{here}: {said}");
        }
        let split = before.cubes.is_none() && after.cubes.is_some();
        let merge = before.cubes.is_some() && after.cubes.is_none() && !goal;
        if let (true, Some([a, b])) = (split, after.cubes) {
            assert!(
                notes.contains(&format!("cubes to {} {}", cell(a), cell(b))),
                "{here}"
            );
        }
        assert_eq!(notes.contains("merge"), merge, "{here}");
        assert_eq!(notes.contains("reaches the goal"), goal, "{here}");
        let expected = usize::from(!turned.is_empty())
            + usize::from(split)
            + usize::from(merge)
            + usize::from(goal);
        assert_eq!(entry.notes.len(), expected, "{here}: nothing else is said");
    }
}

/// The parsed `translate(x,y)` of an element, or the origin.
fn translate(node: usvg::roxmltree::Node) -> (f64, f64) {
    let Some(t) = node.attribute("transform") else {
        return (0.0, 0.0);
    };
    let inner = t
        .strip_prefix("translate(")
        .unwrap()
        .strip_suffix(')')
        .unwrap();
    let (x, y) = inner.split_once(',').unwrap();
    (x.parse().unwrap(), y.parse().unwrap())
}

/// The frames of an answer picture: every step number 1..=`moves` exactly once, and in each
/// frame no two numbers' circles overlapping.
fn check_frames(name: &str, svg: &str, moves: usize) {
    let doc = usvg::roxmltree::Document::parse(svg).unwrap();
    let mut numbers = Vec::new();
    for frame in doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("frame"))
    {
        let mut circles: Vec<(f64, f64, f64)> = Vec::new();
        for node in frame.descendants() {
            if node.has_tag_name("circle") && node.attribute("stroke") == Some("#d81b60") {
                let get = |a: &str| node.attribute(a).unwrap().parse::<f64>().unwrap();
                circles.push((get("cx"), get("cy"), get("r")));
            }
            if node.has_tag_name("text") && node.attribute("fill") == Some("#d81b60") {
                numbers.push(node.text().unwrap().trim().parse::<usize>().unwrap());
            }
        }
        for (i, a) in circles.iter().enumerate() {
            for b in &circles[i + 1..] {
                let d = ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt();
                assert!(
                    d >= a.2 + b.2,
                    "{name}: step numbers at {a:?} and {b:?} overlap"
                );
            }
        }
    }
    numbers.sort_unstable();
    assert_eq!(
        numbers,
        (1..=moves).collect::<Vec<_>>(),
        "{name}: every move once"
    );
}

/// No two texts of the picture overlap, as usvg lays them out (their text boxes: advance by
/// the font's ascent and descent) with the machine's fonts.
fn check_texts_apart(name: &str, svg: &str) {
    let options = usvg::Options {
        fontdb: fonts(),
        ..usvg::Options::default()
    };
    let tree = usvg::Tree::from_str(svg, &options).unwrap();
    let mut boxes: Vec<(resvg::tiny_skia::Rect, String)> = Vec::new();
    fn walk(group: &usvg::Group, out: &mut Vec<(resvg::tiny_skia::Rect, String)>) {
        for node in group.children() {
            match node {
                usvg::Node::Group(g) => walk(g, out),
                usvg::Node::Text(t) => {
                    let text: String = t.chunks().iter().map(|c| c.text()).collect();
                    out.push((t.abs_bounding_box(), text));
                }
                _ => {}
            }
        }
    }
    walk(tree.root(), &mut boxes);
    assert!(boxes.len() >= 5, "{name}: {} texts laid out", boxes.len());
    boxes.sort_by(|a, b| a.0.left().total_cmp(&b.0.left()));
    for (i, (a, ta)) in boxes.iter().enumerate() {
        for (b, tb) in &boxes[i + 1..] {
            if b.left() >= a.right() {
                break;
            }
            let w = a.right().min(b.right()) - a.left().max(b.left());
            let h = a.bottom().min(b.bottom()) - a.top().max(b.top());
            assert!(
                w <= 0.5 || h <= 0.5,
                "{name}: texts {ta:?} at {a:?} and {tb:?} at {b:?} overlap"
            );
        }
    }
}

/// Jumping answers at any length, as usvg lays them out with the machine's fonts: every
/// bundled jumping maze's answer and the long review fixtures (30 hex moves, 40 rook moves)
/// list one entry per move, numbered in order, each naming the row and column of the cell the
/// move lands on (`exit` for a move off the board), and no two texts of the picture overlap:
/// not a badge and a cell's number, not two badges, not the list and the board.
#[test]
fn jumping_answers_list_every_move_and_no_texts_overlap() {
    let mut long = 0;
    for path in maze_files() {
        let name = path.display().to_string();
        let maze = read(&path);
        let Maze::Jumping(m) = &maze else {
            continue;
        };
        let a = Analyzed::new(maze.clone());
        let scene = render::scene(&maze, SOLUTION);
        let svg = render::svg(&maze, SOLUTION);
        let listed = move_list(&svg);
        assert_eq!(
            listed.len(),
            scene.steps.len(),
            "{name}: one entry per move"
        );
        assert_eq!(
            listed.len() as u32,
            a.features.shortest_length.unwrap(),
            "{name}"
        );
        for (i, (entry, step)) in listed.iter().zip(&scene.steps).enumerate() {
            assert_eq!(entry.number, i + 1, "{name}");
            let (r, c) = step.pieces.last().unwrap().1.a;
            let on_board = (0..m.board.rows as i64).contains(&r)
                && (0..m.board.cols as i64).contains(&c)
                && m.board.cells[r as usize * m.board.cols + c as usize] != Cell::VOID;
            let expected = if on_board {
                format!("{r},{c}")
            } else {
                "exit".to_string()
            };
            assert_eq!(entry.text, expected, "{name}: move {}", i + 1);
        }
        long += usize::from(listed.len() >= 30);
        check_texts_apart(&name, &svg);
    }
    assert!(long >= 2, "the long review fixtures are among the files");
}

/// While the block is split, the answer shows both cubes: every move's board has one body
/// per cube, on the cubes' cells, and in the raster of a fixture's answer every frame that
/// begins split shows a body's fill on both cubes' cells.
#[test]
fn split_phases_draw_both_cubes() {
    use maze::render::scene::Body;
    use maze::variants::rolling::RollGraph;
    let mut split_moves = 0;
    for (name, m) in bloxorz_mazes() {
        if !m.rules.switches.iter().any(|s| s.split.is_some()) {
            continue;
        }
        let graph = RollGraph::new(&m);
        let features = maze::features::analyze(&maze::graph::state_graph(&graph), m.blocks());
        let states = features.solution_states.clone().unwrap();
        let maze = Maze::RollingBlock(m.clone());
        let scene = render::scene(&maze, SOLUTION);
        assert_eq!(scene.answer.len() + 1, states.len(), "{name}");
        for (i, mv) in scene.answer.iter().enumerate() {
            let view = graph.view(states[i]);
            let plane = |(r, c): (usize, usize)| (r as i64, c as i64);
            let expected: Vec<Body> = match view.cubes {
                Some(cubes) => {
                    split_moves += 1;
                    cubes
                        .iter()
                        .map(|&c| Body {
                            a: plane(c),
                            b: plane(c),
                            label: None,
                        })
                        .collect()
                }
                None => view
                    .blocks
                    .iter()
                    .map(|(f, _)| Body {
                        a: plane((f.row, f.col)),
                        b: plane((f.row + f.rows - 1, f.col + f.cols - 1)),
                        label: None,
                    })
                    .collect(),
            };
            assert_eq!(mv.before.bodies, expected, "{name}: move {}", i + 1);
        }
        if name != "bloxorz_stage08" {
            continue;
        }
        let svg = render::svg(&maze, SOLUTION);
        let pixmap = rasterize(&svg, &format!("{name}-frames"));
        let doc = usvg::roxmltree::Document::parse(&svg).unwrap();
        let answer = doc
            .descendants()
            .find(|n| n.attribute("class") == Some("answer"))
            .unwrap();
        let frames: Vec<_> = answer
            .children()
            .filter(|n| n.attribute("class") == Some("frame"))
            .collect();
        let firsts = render_frame_firsts(&svg);
        assert_eq!(frames.len(), firsts.len(), "{name}");
        let mut checked = 0;
        for (frame, first) in frames.iter().zip(firsts) {
            let Some(cubes) = graph.view(states[first - 1]).cubes else {
                continue;
            };
            let board = frame
                .children()
                .find(|n| n.has_tag_name("g") && n.attribute("transform").is_some())
                .unwrap();
            let (ax, ay) = translate(answer);
            let (fx, fy) = translate(*frame);
            let (bx, by) = translate(board);
            for (r, c) in cubes {
                assert_eq!(m.board.get((r, c)), maze::variants::rolling::Tile::Floor);
                // Up and left of the centre: inside the body, clear of arrows and numbers.
                let x = ax + fx + bx + 48.0 * c as f64 + 24.0 - 6.0;
                let y = ay + fy + by + 48.0 * r as f64 + 24.0 - 6.0;
                let seen = rgb(&pixmap, (x, y));
                assert!(
                    near(seen, BODY_ON_FLOOR),
                    "{name}: cube on {:?}: {seen:?}",
                    (r, c)
                );
                checked += 1;
            }
        }
        assert!(checked >= 2, "{name}: {checked} cubes checked");
    }
    assert!(split_moves > 50, "{split_moves} moves while split");
}

/// The first move of each frame, from the frames' captions.
fn render_frame_firsts(svg: &str) -> Vec<usize> {
    svg_texts(svg)
        .iter()
        .filter_map(|t| t.strip_prefix("Frame "))
        .map(|t| {
            let moves = t.split_once(": move").unwrap().1;
            let moves = moves.trim_start_matches('s').trim();
            moves.split('\u{2013}').next().unwrap().parse().unwrap()
        })
        .collect()
}

/// The answer pictures of the Bloxorz fixtures and the inline board with several blocks,
/// for review of any drawing change.
#[test]
fn bloxorz_answer_svgs() {
    let mazes: Vec<(String, maze::variants::rolling::RollingBlockMaze)> = bloxorz_mazes()
        .into_iter()
        .filter(|(name, _)| name.starts_with("bloxorz"))
        .collect();
    assert_eq!(mazes.len(), 3);
    snapshot_settings().bind(|| {
        for (name, m) in mazes {
            insta::assert_snapshot!(
                format!("svg_answer@{name}"),
                render::svg(&Maze::RollingBlock(m), BOTH)
            );
        }
    });
}

fn snapshot_settings() -> insta::Settings {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(root().join("snapshots"));
    settings.set_prepend_module_to_snapshot(false);
    settings.set_omit_expression(true);
    settings
}

/// The SVG text of every maze with both overlays, for review of any drawing change.
#[test]
fn svg() {
    snapshot_settings().bind(|| {
        for dir in ["../variants", "fixtures/worked", "fixtures/render"] {
            insta::glob!(dir, "*.ron", |path| {
                let maze = read(path);
                insta::assert_snapshot!(render::svg(&maze, BOTH));
            });
        }
    });
}

/// Exports of `a` checked against its state graph and features.
fn check_exports(a: &Analyzed, name: &str) -> (String, String) {
    use petgraph::visit::EdgeRef;
    let f = &a.features;
    let g = &a.graph.graph;
    let names = |s: StateId| a.name(s);
    let json = render::json(&a.graph, f, names);
    let dot = render::dot(&a.graph, f, names);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let nodes = v["nodes"].as_array().unwrap();
    let edges = v["edges"].as_array().unwrap();
    assert_eq!(nodes.len(), f.n_states, "{name}");
    assert_eq!(edges.len(), f.n_moves, "{name}");
    // Both sides through serde_json's text parser: parsing a float back is not always exact
    // (no `float_roundtrip`), so a value straight from `to_value` may differ in the last bit.
    let features: serde_json::Value =
        serde_json::from_str(&serde_json::to_string(f).unwrap()).unwrap();
    assert_eq!(v["features"], features, "{name}");
    let mut roles: BTreeMap<&str, usize> = BTreeMap::new();
    for (i, node) in nodes.iter().enumerate() {
        let s = i as StateId;
        assert_eq!(node["id"], i, "{name}");
        assert_eq!(node["name"], a.name(s), "{name}");
        assert_eq!(node["start"], s == a.compiled.start(), "{name}");
        assert_eq!(node["goal"], a.compiled.is_goal(s), "{name}");
        assert_eq!(node["depth"].as_u64(), f.depth(s).map(u64::from), "{name}");
        *roles.entry(node["role"].as_str().unwrap()).or_default() += 1;
    }
    let sum = |sizes: &[usize]| sizes.iter().sum::<usize>();
    let count = |role: &str| roles.get(role).copied().unwrap_or(0);
    assert_eq!(count("black_hole"), sum(&f.black_holes.sizes), "{name}");
    assert_eq!(count("white_hole"), sum(&f.white_holes.sizes), "{name}");
    assert_eq!(
        count("ordinary") + count("black_hole") + usize::from(f.shortest_length.is_some()),
        f.reachable,
        "{name}: reachable states are ordinary, black holes, or the reached goal"
    );
    for (edge, e) in edges.iter().zip(g.edge_references()) {
        assert_eq!(edge["source"], e.source().index(), "{name}");
        assert_eq!(edge["target"], e.target().index(), "{name}");
        let dirs: Vec<&str> = e
            .weight()
            .iter()
            .map(|d| a.graph.directions.name(d))
            .collect();
        assert_eq!(edge["directions"], serde_json::json!(dirs), "{name}");
    }
    // The solution's edges chain from the start to the goal.
    let mut at = a.compiled.start() as u64;
    let solution: Vec<&serde_json::Value> =
        edges.iter().filter(|e| e["solution"] == true).collect();
    assert_eq!(
        solution.len() as u32,
        f.shortest_length.unwrap_or(0),
        "{name}"
    );
    for _ in 0..solution.len() {
        let next = solution.iter().find(|e| e["source"] == at).unwrap();
        at = next["target"].as_u64().unwrap();
    }
    if !solution.is_empty() {
        assert_eq!(nodes[at as usize]["goal"], true, "{name}");
    }

    assert!(
        dot.starts_with("digraph maze {\n") && dot.ends_with("}\n"),
        "{name}"
    );
    let lines: Vec<&str> = dot.lines().collect();
    let node_lines = lines
        .iter()
        .filter(|l| l.starts_with("  s") && !l.contains(" -> "));
    let edge_lines: Vec<&&str> = lines.iter().filter(|l| l.contains(" -> ")).collect();
    assert_eq!(node_lines.count(), f.n_states, "{name}");
    assert_eq!(edge_lines.len(), f.n_moves, "{name}");
    assert_eq!(dot.matches("shape=box").count(), 1, "{name}: one start");
    let goals = (0..f.n_states as StateId)
        .filter(|&s| a.compiled.is_goal(s))
        .count();
    assert_eq!(dot.matches("shape=doublecircle").count(), goals, "{name}");
    let red = edge_lines.iter().filter(|l| l.contains("#d32f2f")).count();
    assert_eq!(red as u32, f.shortest_length.unwrap_or(0), "{name}");
    assert_eq!(
        dot.matches("fillcolor=\"#424242\"").count(),
        count("black_hole"),
        "{name}"
    );
    assert_eq!(
        dot.matches("filled,dashed").count(),
        count("white_hole"),
        "{name}"
    );
    for line in &lines {
        let quotes = line.matches('"').count() - line.matches("\\\"").count();
        assert!(quotes % 2 == 0, "{name}: unbalanced quotes in {line}");
    }
    (dot, json)
}

#[test]
fn exports_have_the_shape_of_the_state_graph() {
    for path in maze_files() {
        check_exports(&Analyzed::new(read(&path)), &path.display().to_string());
    }
}

/// One small maze with every role (start, goal, ordinary, black and white holes) in full.
#[test]
fn exports_of_a_small_maze() {
    let path = root().join("tests/fixtures/worked/hex_3x4_no_u_turn.ron");
    let (dot, json) = check_exports(&Analyzed::new(read(&path)), "hex_3x4_no_u_turn");
    snapshot_settings().bind(|| {
        insta::assert_snapshot!("graph_dot@hex_3x4_no_u_turn", dot);
        insta::assert_snapshot!("graph_json@hex_3x4_no_u_turn", json);
    });
}

/// The committed gallery (`cargo xtask gallery`) shows what the renderer draws today.
#[test]
fn gallery_is_current() {
    let gallery = root().join("docs/gallery");
    let mut expected = Vec::new();
    for path in maze_files() {
        let maze = read(&path);
        let stem = path.file_stem().unwrap().to_str().unwrap();
        for (options, suffix) in [(PLAIN, ""), (SOLUTION, "-solution"), (DEPTHS, "-depths")] {
            let file = format!("{stem}{suffix}.svg");
            let committed = std::fs::read_to_string(gallery.join(&file))
                .unwrap_or_else(|e| panic!("{file}: {e}; run `cargo xtask gallery`"));
            assert!(
                committed == render::svg(&maze, options),
                "docs/gallery/{file} is stale: run `cargo xtask gallery`"
            );
            expected.push(file);
        }
    }
    let index = std::fs::read_to_string(gallery.join("README.md")).unwrap();
    for file in &expected {
        assert!(
            index.contains(&format!("({file})")),
            "README.md misses {file}"
        );
    }
    let mut present: Vec<String> = std::fs::read_dir(&gallery)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.ends_with(".svg"))
        .collect();
    present.sort();
    expected.sort();
    assert_eq!(present, expected, "docs/gallery holds exactly the gallery");
}

/// The coordinates of every `<line>` in the group that opens with `open`, up to its `</g>`.
fn lines_in_group(svg: &str, open: &str) -> Vec<String> {
    elements_in_group(svg, open, "<line", ["x1", "y1", "x2", "y2"])
}

/// The position and size of every `<rect>` in the group that opens with `open`.
fn rects_in_group(svg: &str, open: &str) -> Vec<String> {
    elements_in_group(svg, open, "<rect", ["x", "y", "width", "height"])
}

/// The four attributes `names` of every element opening with `tag` in the group that opens
/// with `open`, up to its `</g>`.
fn elements_in_group(svg: &str, open: &str, tag: &str, names: [&str; 4]) -> Vec<String> {
    let Some(start) = svg.find(open) else {
        return Vec::new();
    };
    let group = &svg[start..];
    let group = &group[..group.find("</g>").unwrap_or(group.len())];
    group
        .split(tag)
        .skip(1)
        .map(|l| {
            let attr = |name: &str| {
                let at = l.find(&format!(" {name}=\"")).unwrap() + name.len() + 3;
                l[at..at + l[at..].find('"').unwrap()].to_string()
            };
            format!(
                "{} {} {} {}",
                attr(names[0]),
                attr(names[1]),
                attr(names[2]),
                attr(names[3])
            )
        })
        .collect()
}

/// Answer marks keep their contrast in greyscale: every arrow of every bundled maze's answer
/// is drawn over a wider white halo of the same line, and every badge of a jumping answer
/// over a white halo of the same box, so they stand apart from dark cells (blocked, holes,
/// dark colours) whatever their own colour turns into.
#[test]
fn every_answer_mark_has_a_halo() {
    for path in maze_files() {
        let svg = render::svg(&read(&path), SOLUTION);
        let arrows = lines_in_group(&svg, "<g stroke=\"#d81b60\"");
        let badges = rects_in_group(&svg, "<g class=\"visits\"");
        assert!(
            arrows.is_empty() != badges.is_empty(),
            "{}: arrows or badges",
            path.display()
        );
        if arrows.is_empty() {
            let halo = rects_in_group(&svg, "<g fill=\"#ffffff\" stroke=\"#ffffff\"");
            assert_eq!(badges, halo, "{}", path.display());
        } else {
            let halo = lines_in_group(&svg, "<g stroke=\"#ffffff\"");
            assert_eq!(arrows, halo, "{}", path.display());
        }
    }
}
