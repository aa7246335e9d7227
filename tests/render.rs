//! Pictures and state-graph exports of every bundled maze and fixture: the SVGs parse and
//! rasterize to what they should show, the exports have the state graph's shape, snapshots
//! keep both reviewable, and the committed gallery is current.
//!
//! The family fixtures (`tests/fixtures/families/`) are rasterized too: every cell attribute
//! (arrows, turns, rings, wildcards, empty cells, colours, symbols, pieces) has a glyph that
//! the raster shows, colours stay apart in greyscale, and the legend names what is present.
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
/// wildcards and empty cells).
const INLINE: [(&str, &str); 2] = [
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
];

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
    mazes.extend(
        INLINE
            .iter()
            .map(|(name, src)| (name.to_string(), parse(src))),
    );
    mazes
}

fn files_in(dirs: &[&str]) -> Vec<PathBuf> {
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
    let painted = pixmap
        .pixels()
        .iter()
        .filter(|p| (p.red(), p.green(), p.blue()) != WHITE)
        .count();
    assert!(painted * 5 > (w * h) as usize, "{name}: mostly blank");
    if options.solution {
        return;
    }
    let (ox, oy) = board_origin(&svg);
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

/// Rolling blocks: floor, no floor (not drawn) and fragile floor; under depth shading every
/// floor cell some reachable placement covers shows a depth colour.
fn check_rolling_cells(
    m: &maze::variants::rolling::RollingBlockMaze,
    pixmap: &Pixmap,
    px: &dyn Fn(maze::render::geometry::Point) -> (f64, f64),
    options: Options,
    name: &str,
) {
    use maze::variants::rolling::Tile;
    let covered = footprint_depths(m);
    for r in 0..m.board.rows {
        for c in 0..m.board.cols {
            if m.start.contains((r, c)) || m.goal.contains((r, c)) {
                continue; // under a translucent mark
            }
            let tile = m.board.get((r, c));
            let centre = render::geometry::center(Tiling::Square, (r as i64, c as i64));
            let fill = fill_at(Tiling::Square, pixmap, px, (r, c));
            let at = format!("{name}: cell ({r},{c}) {tile:?}");
            match tile {
                Tile::NoFloor => assert_eq!(rgb(pixmap, px(centre)), WHITE, "{at}"),
                _ if options.depths => {
                    if covered.contains(&(r, c)) {
                        assert!(spread(fill) >= 40, "{at}: depth colour {fill:?}");
                    } else {
                        assert!(spread(fill) <= 10 && fill != WHITE, "{at}: hatch {fill:?}");
                    }
                }
                Tile::Floor => assert!(near(fill, FLOOR), "{at}: {fill:?}"),
                Tile::Fragile => assert!(near(fill, FRAGILE), "{at}: {fill:?}"),
                Tile::Bridge { .. } | Tile::Switch(_) => {
                    unimplemented!("{at}: bridges and switches are not drawn yet")
                }
            }
        }
    }
}

/// The cells some reachable placement of the block covers, computed from the placements.
fn footprint_depths(
    m: &maze::variants::rolling::RollingBlockMaze,
) -> std::collections::BTreeSet<(usize, usize)> {
    let graph = maze::variants::rolling::RollGraph::new(m);
    let features = maze::features::analyze(&maze::graph::state_graph(&graph), m.blocks());
    (0..graph.n_states() as StateId)
        .filter(|&s| features.depth(s).is_some())
        .flat_map(|s| graph.placement(s).0.cells().collect::<Vec<_>>())
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
                let listed = symbols.split_whitespace().any(|s| s == symbol.as_str());
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
