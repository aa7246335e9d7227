//! Cell shapes of the three tilings: polygons on an integer lattice, so that neighbouring
//! cells share their vertices exactly, and the scale that turns lattice points into pixels.
//!
//! Lattice units per tiling (pixels come from [`unit()`]):
//! - square: x = column, y = row;
//! - hex (pointy-top, odd-r): x in half hex widths, y in half circumradii;
//! - triangle: x in half sides, y in triangle heights.

use maze_variants::Tiling;

pub use maze_view::Plane;

/// A point of the tiling's integer lattice, `(x, y)`.
pub type Lattice = (i64, i64);

/// The length of `(dx, dy)`. Not `f64::hypot`: that comes from the platform's libm and may
/// differ in the last bit between machines, while `sqrt` is exact everywhere, and pictures
/// must be byte-identical wherever they are drawn.
pub fn length(dx: f64, dy: f64) -> f64 {
    (dx * dx + dy * dy).sqrt()
}

/// A point in pixels, relative to the board's lattice origin.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Point {
    /// Pixels to the right.
    pub x: f64,
    /// Pixels down.
    pub y: f64,
}

impl Point {
    /// The point `t` of the way from `self` to `other`.
    pub fn lerp(self, other: Point, t: f64) -> Point {
        Point {
            x: self.x + (other.x - self.x) * t,
            y: self.y + (other.y - self.y) * t,
        }
    }
}

/// Side of a square cell in pixels.
pub(crate) const SQUARE_SIDE: f64 = 48.0;
/// Circumradius of a hex cell in pixels (a hex is `sqrt(3)` times this wide).
pub(crate) const HEX_RADIUS: f64 = 28.0;
/// Side of a triangle cell in pixels.
pub(crate) const TRIANGLE_SIDE: f64 = 56.0;

const SQRT_3: f64 = 1.732_050_807_568_877_2;

/// The size in pixels of one lattice unit, `(x, y)`.
pub fn unit(tiling: Tiling) -> (f64, f64) {
    match tiling {
        Tiling::Square => (SQUARE_SIDE, SQUARE_SIDE),
        Tiling::Hex => (HEX_RADIUS * SQRT_3 / 2.0, HEX_RADIUS / 2.0),
        Tiling::Triangle => (TRIANGLE_SIDE / 2.0, TRIANGLE_SIDE * SQRT_3 / 2.0),
    }
}

/// The distance in pixels between the centres of two edge-adjacent cells: the natural length
/// for arrow insets and label offsets.
pub(crate) fn pitch(tiling: Tiling) -> f64 {
    match tiling {
        Tiling::Square => SQUARE_SIDE,
        Tiling::Hex => HEX_RADIUS * SQRT_3,
        Tiling::Triangle => TRIANGLE_SIDE / SQRT_3,
    }
}

/// The radius in pixels of a cell's inscribed circle: the room glyphs have around the
/// centre in every direction.
pub fn inradius(tiling: Tiling) -> f64 {
    match tiling {
        Tiling::Square => SQUARE_SIDE / 2.0,
        Tiling::Hex => HEX_RADIUS * SQRT_3 / 2.0,
        Tiling::Triangle => TRIANGLE_SIDE / (2.0 * SQRT_3),
    }
}

/// The font size in pixels of a cell's number: as large as the smallest cell's inner circle
/// allows for two digits.
pub(crate) fn label_size(tiling: Tiling) -> f64 {
    match tiling {
        Tiling::Square => 20.0,
        Tiling::Hex => 18.0,
        Tiling::Triangle => 14.0,
    }
}

/// The corners of cell `(r, c)` on the lattice, clockwise on screen (y grows downwards),
/// starting at the top (hex, up triangle) or top-left (square, down triangle).
pub fn polygon(tiling: Tiling, (r, c): Plane) -> Vec<Lattice> {
    match tiling {
        Tiling::Square => vec![(c, r), (c + 1, r), (c + 1, r + 1), (c, r + 1)],
        Tiling::Hex => {
            // Odd rows sit half a hex (one x unit) to the right; rows are 1.5 radii apart.
            let x = 2 * c + r.rem_euclid(2) + 1;
            let y = 3 * r + 2;
            vec![
                (x, y - 2),
                (x + 1, y - 1),
                (x + 1, y + 1),
                (x, y + 2),
                (x - 1, y + 1),
                (x - 1, y - 1),
            ]
        }
        Tiling::Triangle => {
            if Tiling::points_up(r, c) {
                vec![(c + 1, r), (c + 2, r + 1), (c, r + 1)]
            } else {
                vec![(c, r), (c + 2, r), (c + 1, r + 1)]
            }
        }
    }
}

/// A lattice point in pixels.
pub fn to_px(tiling: Tiling, (x, y): Lattice) -> Point {
    let (ux, uy) = unit(tiling);
    Point {
        x: x as f64 * ux,
        y: y as f64 * uy,
    }
}

/// The centre of cell `(r, c)` in pixels: the mean of its corners, which for these regular
/// polygons is also the centre of the inscribed circle, where a label fits best.
pub fn center(tiling: Tiling, cell: Plane) -> Point {
    let corners = polygon(tiling, cell);
    let n = corners.len() as f64;
    let (sx, sy) = corners
        .iter()
        .fold((0, 0), |(sx, sy), &(x, y)| (sx + x, sy + y));
    let (ux, uy) = unit(tiling);
    Point {
        x: sx as f64 / n * ux,
        y: sy as f64 / n * uy,
    }
}

/// The edge that cells `a` and `b` share, as two lattice points in a canonical order, or
/// `None` when they are not edge-adjacent on the plane.
pub(crate) fn shared_edge(tiling: Tiling, a: Plane, b: Plane) -> Option<(Lattice, Lattice)> {
    let pa = polygon(tiling, a);
    let pb = polygon(tiling, b);
    let common: Vec<Lattice> = pa.iter().copied().filter(|v| pb.contains(v)).collect();
    match common.as_slice() {
        &[u, v] => Some((u.min(v), u.max(v))),
        _ => None,
    }
}

/// The smallest convex polygon holding every corner of `cells`, clockwise on screen (Andrew's
/// monotone chain). A mark drawn around a block's rectangular footprint is one shape.
pub fn hull(tiling: Tiling, cells: &[Plane]) -> Vec<Lattice> {
    let mut points: Vec<Lattice> = cells.iter().flat_map(|&c| polygon(tiling, c)).collect();
    points.sort_unstable();
    points.dedup();
    if points.len() < 3 {
        return points;
    }
    // Cross product of (b - a) and (c - a): popping non-positive turns keeps the hull's
    // shoelace area positive, which with y down is clockwise on screen.
    let cross =
        |a: Lattice, b: Lattice, c: Lattice| (b.0 - a.0) * (c.1 - a.1) - (b.1 - a.1) * (c.0 - a.0);
    let mut lower: Vec<Lattice> = Vec::new();
    for &p in &points {
        while lower.len() >= 2 && cross(lower[lower.len() - 2], lower[lower.len() - 1], p) <= 0 {
            lower.pop();
        }
        lower.push(p);
    }
    let mut upper: Vec<Lattice> = Vec::new();
    for &p in points.iter().rev() {
        while upper.len() >= 2 && cross(upper[upper.len() - 2], upper[upper.len() - 1], p) <= 0 {
            upper.pop();
        }
        upper.push(p);
    }
    lower.pop();
    upper.pop();
    lower.extend(upper);
    lower
}

/// `corners` (a convex polygon, clockwise on screen) moved inwards by `inset` pixels on every
/// side.
pub(crate) fn inset(corners: &[Point], inset: f64) -> Vec<Point> {
    let n = corners.len();
    (0..n)
        .map(|i| {
            let prev = corners[(i + n - 1) % n];
            let here = corners[i];
            let next = corners[(i + 1) % n];
            // Inward normals of the two edges meeting here (clockwise on screen: right-hand
            // normal of the edge direction points inside).
            let normal = |a: Point, b: Point| {
                let (dx, dy) = (b.x - a.x, b.y - a.y);
                let len = length(dx, dy);
                (-dy / len, dx / len)
            };
            let (n1x, n1y) = normal(prev, here);
            let (n2x, n2y) = normal(here, next);
            // The corner moves along the bisector far enough for both edges to move `inset`.
            let (bx, by) = (n1x + n2x, n1y + n2y);
            let scale = inset * 2.0 / (bx * bx + by * by);
            Point {
                x: here.x + bx * scale,
                y: here.y + by * scale,
            }
        })
        .collect()
}

/// The signed area of a lattice polygon, positive when it runs clockwise on screen: the
/// tests' check that every polygon runs one way.
#[cfg(test)]
fn signed_area(corners: &[Lattice]) -> i64 {
    let n = corners.len();
    let twice: i64 = (0..n)
        .map(|i| {
            let (x0, y0) = corners[i];
            let (x1, y1) = corners[(i + 1) % n];
            x0 * y1 - x1 * y0
        })
        .sum();
    twice / 2
}

/// Where a cell's BFS depth goes (the baseline point) and how it is anchored, for a number
/// of font size `size`: up triangles are wide below the centre only near their base, so
/// their depth goes above the number, everyone else's below; a ringed square's in its
/// bottom left corner, off the ring (anchored at its start; the others inherit the
/// drawing's anchor, `None`).
pub(crate) fn depth_slot(
    tiling: Tiling,
    cell: (i64, i64),
    size: f64,
    ringed: bool,
) -> (Point, Option<&'static str>) {
    let c = center(tiling, cell);
    let rho = inradius(tiling);
    match tiling {
        Tiling::Square if ringed => (
            Point {
                x: c.x - rho + 3.0,
                y: c.y + rho - 4.0,
            },
            Some("start"),
        ),
        Tiling::Triangle if Tiling::points_up(cell.0, cell.1) => (
            Point {
                x: c.x,
                y: c.y - 0.55 * size,
            },
            None,
        ),
        _ => (
            Point {
                x: c.x,
                y: c.y + 0.35 * size + 11.0,
            },
            None,
        ),
    }
}

/// Where a cell's corner note goes (the baseline point) and how it is anchored: in a corner
/// of a square, and on hexes and triangles between arrow directions, clear of the depth.
pub(crate) fn badge_slot(tiling: Tiling, cell: (i64, i64)) -> (Point, &'static str) {
    let c = center(tiling, cell);
    let rho = inradius(tiling);
    let at = |dx: f64, dy: f64| Point {
        x: c.x + dx,
        y: c.y + dy,
    };
    match tiling {
        Tiling::Square => (at(rho - 3.0, 11.0 - rho), "end"),
        Tiling::Hex => (at(0.62 * rho, 3.5 - 0.2 * rho), "middle"),
        Tiling::Triangle if Tiling::points_up(cell.0, cell.1) => {
            (at(0.95 * rho, 0.7 * rho + 3.0), "middle")
        }
        Tiling::Triangle => (at(0.95 * rho, 3.0 - 0.55 * rho), "middle"),
    }
}

/// Where the names of the split switches sending a cube to a cell go: its bottom left
/// corner, clear of the depth below the centre.
pub(crate) fn target_slot(tiling: Tiling, cell: (i64, i64)) -> (Point, &'static str) {
    let c = center(tiling, cell);
    let rho = inradius(tiling);
    (
        Point {
            x: c.x - rho + 3.0,
            y: c.y + rho - 4.0,
        },
        "start",
    )
}

/// Where a cell's colour name goes, where the cell has room for one: the top left corner
/// of a square, the top of a hex (between the two upward arrow directions). Triangles show
/// the colour by its fill alone.
pub(crate) fn colour_slot(tiling: Tiling, cell: (i64, i64)) -> Option<(Point, &'static str)> {
    let c = center(tiling, cell);
    let rho = inradius(tiling);
    match tiling {
        Tiling::Square => Some((
            Point {
                x: c.x - rho + 3.0,
                y: c.y - rho + 10.0,
            },
            "start",
        )),
        Tiling::Hex => Some((
            Point {
                x: c.x,
                y: c.y - 0.55 * rho,
            },
            "middle",
        )),
        Tiling::Triangle => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TILINGS: [Tiling; 3] = [Tiling::Square, Tiling::Hex, Tiling::Triangle];

    fn cells(rows: i64, cols: i64) -> impl Iterator<Item = Plane> {
        (0..rows).flat_map(move |r| (0..cols).map(move |c| (r, c)))
    }

    /// Whether `p` is strictly inside the lattice polygon (clockwise on screen), in pixels.
    fn strictly_inside(tiling: Tiling, corners: &[Lattice], p: Point) -> bool {
        let pts: Vec<Point> = corners.iter().map(|&v| to_px(tiling, v)).collect();
        (0..pts.len()).all(|i| {
            let a = pts[i];
            let b = pts[(i + 1) % pts.len()];
            (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x) > 1e-9
        })
    }

    #[test]
    fn polygons_run_clockwise_with_the_expected_corner_count() {
        for tiling in TILINGS {
            for cell in cells(4, 5) {
                let p = polygon(tiling, cell);
                let expected = match tiling {
                    Tiling::Square => 4,
                    Tiling::Hex => 6,
                    Tiling::Triangle => 3,
                };
                assert_eq!(p.len(), expected);
                assert!(signed_area(&p) > 0, "{tiling:?} {cell:?} {p:?}");
            }
        }
    }

    /// Every edge of every cell is shared with exactly the cell that the rules call its
    /// edge neighbour across it, and with no other: walls drawn on a shared edge stand
    /// between the right cells.
    #[test]
    fn shared_edges_are_exactly_the_rules_edge_neighbours() {
        for tiling in TILINGS {
            for cell in cells(6, 6) {
                let neighbours = tiling.edge_neighbours(cell);
                let corners = polygon(tiling, cell);
                assert_eq!(neighbours.len(), corners.len(), "{tiling:?} {cell:?}");
                for n in &neighbours {
                    assert!(
                        shared_edge(tiling, cell, *n).is_some(),
                        "{tiling:?}: {cell:?} and its neighbour {n:?} share no edge"
                    );
                }
                for other in cells(8, 8).map(|(r, c)| (r - 1, c - 1)) {
                    if other != cell && !neighbours.contains(&other) {
                        assert_eq!(
                            shared_edge(tiling, cell, other),
                            None,
                            "{tiling:?}: {cell:?} and non-neighbour {other:?}"
                        );
                    }
                }
            }
        }
    }

    /// The cells tile the plane: sample points (off every edge) inside the board's core lie
    /// in exactly one cell, so there is neither overlap nor gap.
    #[test]
    fn cells_tile_without_overlap_or_gap() {
        for tiling in TILINGS {
            let all: Vec<(Plane, Vec<Lattice>)> =
                cells(8, 8).map(|c| (c, polygon(tiling, c))).collect();
            // The core: well inside cells (2,2)..(5,5), away from the ragged border.
            let lo = center(tiling, (2, 2));
            let hi = center(tiling, (5, 5));
            let steps = 97;
            for i in 0..=steps {
                for j in 0..=steps {
                    // Irrational offsets keep samples off edges and vertices.
                    let p = Point {
                        x: lo.x
                            + (hi.x - lo.x) * (i as f64 + std::f64::consts::FRAC_1_PI)
                                / (steps as f64 + 1.0),
                        y: lo.y + (hi.y - lo.y) * (j as f64 + 0.271_828) / (steps as f64 + 1.0),
                    };
                    let holders: Vec<Plane> = all
                        .iter()
                        .filter(|(_, poly)| strictly_inside(tiling, poly, p))
                        .map(|(c, _)| *c)
                        .collect();
                    assert_eq!(holders.len(), 1, "{tiling:?}: {p:?} lies in {holders:?}");
                }
            }
        }
    }

    #[test]
    fn centres_of_neighbours_are_one_pitch_apart() {
        for tiling in TILINGS {
            for cell in cells(4, 4) {
                let a = center(tiling, cell);
                for n in tiling.edge_neighbours(cell) {
                    let b = center(tiling, n);
                    let d = (a.x - b.x).hypot(a.y - b.y);
                    assert!(
                        (d - pitch(tiling)).abs() < 1e-9,
                        "{tiling:?} {cell:?} {n:?}"
                    );
                }
            }
        }
    }

    /// The text view (`maze_view::text::position`, which play and `maze analyze` lay out)
    /// keeps the plane's order: a cell further right in the text is further right on the
    /// plane (hex rows shifted by half a cell included), cells in one text column stand one
    /// above the other, and a later text row is lower.
    #[test]
    fn text_positions_keep_the_planes_order() {
        for tiling in TILINGS {
            let all: Vec<Plane> = cells(6, 7).collect();
            for &a in &all {
                for &b in &all {
                    let text =
                        |(r, c): Plane| maze_view::position(tiling, (r as usize, c as usize));
                    let (ta, tb) = (text(a), text(b));
                    let (pa, pb) = (center(tiling, a), center(tiling, b));
                    let dx = pb.x - pa.x;
                    let across = if dx > 1e-9 {
                        std::cmp::Ordering::Less
                    } else if dx < -1e-9 {
                        std::cmp::Ordering::Greater
                    } else {
                        std::cmp::Ordering::Equal
                    };
                    assert_eq!(ta.1.cmp(&tb.1), across, "{tiling:?}: {a:?} {b:?}");
                    if ta.0 < tb.0 {
                        assert!(pa.y < pb.y, "{tiling:?}: {a:?} {b:?}");
                    }
                    assert_eq!(ta == tb, a == b, "{tiling:?}: {a:?} {b:?}");
                }
            }
        }
    }

    #[test]
    fn hull_of_a_rectangle_of_squares_is_its_outline() {
        let h = hull(Tiling::Square, &[(1, 2), (1, 3)]);
        assert_eq!(
            h,
            vec![(2, 1), (4, 1), (4, 2), (2, 2)]
                .into_iter()
                .collect::<Vec<_>>()
        );
        assert!(signed_area(&h) > 0);
        assert_eq!(hull(Tiling::Hex, &[(0, 0)]).len(), 6);
    }

    #[test]
    fn inset_moves_every_side_inwards_by_the_same_distance() {
        for tiling in TILINGS {
            let corners: Vec<Point> = polygon(tiling, (1, 1))
                .into_iter()
                .map(|v| to_px(tiling, v))
                .collect();
            let inner = inset(&corners, 3.0);
            for i in 0..corners.len() {
                let (a, b) = (corners[i], corners[(i + 1) % corners.len()]);
                let p = inner[i];
                let dist = ((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)).abs()
                    / (b.x - a.x).hypot(b.y - a.y);
                assert!((dist - 3.0).abs() < 1e-9, "{tiling:?} corner {i}: {dist}");
            }
        }
    }
}
