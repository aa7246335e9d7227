//! Jumping answers stay readable at any length: no two texts of an answer picture (cell
//! numbers and notes, rulers, badges, move list) share a pixel, on every bundled variant's
//! answer and on long random answers of every tiling, on a torus and with an exit goal.

use proptest::prelude::*;

use super::boxes::{cell_texts, exit_boxes, overlap, ruler_boxes};
use super::layout::{Rect, board_rect};
use super::visits::{self, Visits};
use crate::palette::{self, Paint};
use maze_variants::Tiling;
use maze_view::scene::{Anchor, CellKind, CellView, Glyphs, Mark, Role, Scene, Step};

/// Every text box of `scene`'s answer picture, each with a name for the message.
fn label_boxes(scene: &Scene) -> Vec<(String, Rect)> {
    let paints: Vec<Paint> = palette::palette(
        scene
            .cells
            .iter()
            .filter_map(|v| v.glyphs.colour.as_deref()),
    );
    let board = board_rect(scene);
    let named = |what: &str, boxes: Vec<Rect>| {
        boxes
            .into_iter()
            .enumerate()
            .map(|(i, b)| (format!("{what} {i}"), b))
            .collect::<Vec<_>>()
    };
    let mut out = named("cell text", cell_texts(scene, &paints, true));
    out.extend(named("ruler", ruler_boxes(scene, board)));
    out.extend(named("exit label", exit_boxes(scene, board)));
    out.extend(named("answer text", Visits::new(scene, &paints).boxes()));
    out
}

/// The first two boxes of `boxes` that overlap, if any, but for two texts of the board's
/// cells, which the board lays out whether or not it shows an answer.
fn clash(boxes: &[(String, Rect)]) -> Option<String> {
    for (i, (a, ra)) in boxes.iter().enumerate() {
        for (b, rb) in &boxes[i + 1..] {
            let board = a.starts_with("cell text") && b.starts_with("cell text");
            if !board && overlap(*ra, *rb) {
                return Some(format!("{a} {ra:?} overlaps {b} {rb:?}"));
            }
        }
    }
    None
}

fn bundled() -> Vec<std::path::PathBuf> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../variants");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .collect();
    files.sort();
    files
}

#[test]
fn no_text_of_a_bundled_jumping_answer_overlaps_another() {
    let mut jumping = 0;
    for path in bundled() {
        let text = std::fs::read_to_string(&path).unwrap();
        let file = maze_file::parse_file(&path.display().to_string(), &text).unwrap();
        let options = maze_view::Options {
            solution: true,
            depths: false,
        };
        let scene = maze_view::scene(&file.maze, options);
        if !visits::applies(&scene) {
            continue;
        }
        jumping += 1;
        let boxes = label_boxes(&scene);
        // Every move has its number by the cell it reaches, once.
        let mut shown = Visits::new(&scene, &[]).moves_by_cells(scene.steps.len());
        shown.sort_unstable();
        let all: Vec<usize> = (1..=scene.steps.len()).collect();
        assert_eq!(shown, all, "{}", path.display());
        assert_eq!(clash(&boxes), None, "{}", path.display());
        // The picture draws what was measured: one badge face per cell reached.
        let svg = super::draw(&scene);
        assert!(svg.contains("class=\"visits\""), "{}", path.display());
    }
    assert!(jumping >= 20, "only {jumping} jumping variants");
}

/// A random board of `tiling` with numbered cells (some signed, some goals with a corner
/// `G`, some depths) and a random walk of `moves` moves over it, revisiting cells.
fn random_scene(
    tiling: Tiling,
    (rows, cols): (usize, usize),
    labels: Vec<u8>,
    walk: Vec<(usize, usize)>,
    (torus, exit, depths): (bool, bool, bool),
) -> Scene {
    let cells: Vec<CellView> = (0..rows * cols)
        .map(|i| {
            let k = labels[i % labels.len()];
            match k % 10 {
                0 => CellView {
                    glyphs: Glyphs {
                        badge: Some("G".into()),
                        ..Glyphs::default()
                    },
                    ..CellView::labelled(CellKind::Floor, (k % 12 + 1).to_string())
                },
                1 => CellView::labelled(CellKind::Floor, format!("\u{2212}{}", k % 12)),
                2 => CellView::plain(CellKind::Blocked),
                _ => CellView::labelled(CellKind::Floor, (k % 12 + 1).to_string()),
            }
        })
        .collect();
    let cell = |(r, c): (usize, usize)| ((r % rows) as i64, (c % cols) as i64);
    let mut at = (0, 0);
    let mut steps: Vec<Step> = walk
        .iter()
        .map(|&to| {
            let to = cell(to);
            let step = Step {
                pieces: vec![(Anchor::cell(at), Anchor::cell(to))],
            };
            at = to;
            step
        })
        .collect();
    if exit {
        steps.push(Step {
            pieces: vec![(Anchor::cell(at), Anchor::cell((-1, at.1)))],
        });
    }
    Scene {
        tiling,
        rows,
        cols,
        depths: depths.then(|| (0..rows * cols).map(|i| Some(i as u32 % 40)).collect()),
        cells,
        walls: Vec::new(),
        gates: Vec::new(),
        marks: vec![
            Mark {
                role: Role::Start,
                cells: vec![(0, 0)],
            },
            Mark {
                role: Role::Goal,
                cells: vec![at],
            },
        ],
        torus: torus && !exit,
        exit,
        title: "Random".into(),
        rules: Vec::new(),
        steps,
        solution_note: Some("solution".into()),
        rulers: false,
        label_key: Vec::new(),
        answer: Vec::new(),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn no_text_of_a_long_random_answer_overlaps_another(
        tiling in prop::sample::select(vec![Tiling::Square, Tiling::Hex, Tiling::Triangle]),
        rows in 3usize..10,
        cols in 3usize..10,
        labels in prop::collection::vec(any::<u8>(), 1..40),
        walk in prop::collection::vec((0usize..10, 0usize..10), 25..70),
        flags in (any::<bool>(), any::<bool>(), any::<bool>()),
    ) {
        let scene = random_scene(tiling, (rows, cols), labels, walk, flags);
        let boxes = label_boxes(&scene);
        prop_assert_eq!(clash(&boxes), None);
        let mut shown = Visits::new(&scene, &[]).moves_by_cells(scene.steps.len());
        shown.sort_unstable();
        prop_assert_eq!(shown, (1..=scene.steps.len()).collect::<Vec<_>>());
    }
}
