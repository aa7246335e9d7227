//! Printed books read back as PDF with `lopdf`: the page count, the paper, the embedded
//! fonts, and on the pages' text every puzzle's ID (puzzles and answers in the same order),
//! every sentence of its rules in words, and the page numbers.
#![allow(clippy::unwrap_used)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use lopdf::{Document, Object, ObjectId};
use maze_print::{Book, Options, Paper, Puzzle, book};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The bundled variants of every family the book must print: plain and rule-model jumping
/// mazes on the three tilings, and rolling blocks with bridges, splits and several blocks.
const STEMS: [&str; 8] = [
    "rook",
    "hex",
    "triangle",
    "toggle",
    "arrow",
    "rolling_bridges",
    "rolling_split",
    "rolling_blocks",
];

fn puzzles(stems: &[&str]) -> Vec<Puzzle> {
    stems
        .iter()
        .enumerate()
        .map(|(k, stem)| {
            let path = root().join("variants").join(format!("{stem}.ron"));
            let text = std::fs::read_to_string(&path).unwrap();
            let maze = maze_file::parse_file(stem, &text).unwrap().maze;
            Puzzle {
                id: format!("{stem}-7-{k}"),
                maze,
            }
        })
        .collect()
}

fn read(book: &Book) -> Document {
    Document::load_mem(&book.pdf).expect("the book reads back as a PDF")
}

/// The text a page shows, in the order it is drawn, through every form it draws.
fn page_text(doc: &Document, page: ObjectId) -> String {
    let dict = doc.get_dictionary(page).unwrap();
    let resources = resolve(doc, dict.get(b"Resources").unwrap());
    let content = doc.get_page_content(page);
    let mut out = String::new();
    text_of(doc, &content, resources, &mut out);
    out
}

fn resolve<'a>(doc: &'a Document, object: &'a Object) -> &'a lopdf::Dictionary {
    match object {
        Object::Reference(id) => doc.get_dictionary(*id).unwrap(),
        Object::Dictionary(d) => d,
        Object::Stream(s) => &s.dict,
        other => panic!("not a dictionary: {other:?}"),
    }
}

fn text_of(doc: &Document, content: &[u8], resources: &lopdf::Dictionary, out: &mut String) {
    let fonts: BTreeMap<Vec<u8>, lopdf::Encoding> = resources
        .get(b"Font")
        .map(|f| resolve(doc, f))
        .into_iter()
        .flat_map(|fonts| fonts.iter())
        .map(|(name, font)| {
            let font = resolve(doc, font);
            (name.clone(), font.get_font_encoding(doc).unwrap())
        })
        .collect();
    let mut font = None;
    for op in lopdf::content::Content::decode(content).unwrap().operations {
        match op.operator.as_str() {
            "Tf" => font = fonts.get(op.operands[0].as_name().unwrap()),
            "Tj" | "TJ" => {
                let strings: Vec<&Object> = match &op.operands[0] {
                    Object::Array(items) => items.iter().collect(),
                    s => vec![s],
                };
                for s in strings {
                    if let Object::String(bytes, _) = s {
                        let encoding = font.expect("text is set in a font");
                        out.push_str(&Document::decode_text(encoding, bytes).unwrap());
                    }
                }
            }
            "ET" => out.push('\n'),
            "Do" => {
                let name = op.operands[0].as_name().unwrap();
                let xobjects = resolve(doc, resources.get(b"XObject").unwrap());
                let Object::Reference(id) = xobjects.get(name).unwrap() else {
                    panic!("a form by reference")
                };
                let stream = doc.get_object(*id).unwrap().as_stream().unwrap();
                if stream.dict.get(b"Subtype").unwrap().as_name().unwrap() == b"Form" {
                    let inner = stream
                        .dict
                        .get(b"Resources")
                        .map_or(resources, |r| resolve(doc, r));
                    let data = stream
                        .decompressed_content()
                        .unwrap_or(stream.content.clone());
                    text_of(doc, &data, inner, out);
                }
            }
            _ => {}
        }
    }
}

fn squeeze(s: &str) -> String {
    s.chars().filter(|c| !c.is_whitespace()).collect()
}

/// Every page's text, in page order, without white space (each glyph may be a text object
/// of its own).
fn texts(doc: &Document) -> Vec<String> {
    doc.get_pages()
        .values()
        .map(|&page| squeeze(&page_text(doc, page)))
        .collect()
}

#[test]
fn a_book_holds_every_id_rule_and_page_number_in_embedded_fonts() {
    let puzzles = puzzles(&STEMS);
    let options = Options {
        per_page: 4,
        ..Options::default()
    };
    let printed = book(&puzzles, &options).unwrap();
    let doc = read(&printed);
    let pages = texts(&doc);
    assert_eq!(pages.len(), printed.puzzle_pages + printed.answer_pages);
    assert!(printed.puzzle_pages >= STEMS.len().div_ceil(4));
    assert!(printed.answer_pages >= STEMS.len().div_ceil(4));

    // Every font is embedded (a TrueType or CFF font file), none is left to the reader.
    let mut descriptors = 0;
    for object in doc.objects.values() {
        if let Ok(dict) = object.as_dict()
            && dict.get(b"Type").and_then(Object::as_name).ok() == Some(b"FontDescriptor")
        {
            descriptors += 1;
            assert!(
                dict.has(b"FontFile2") || dict.has(b"FontFile3"),
                "a font not embedded: {dict:?}"
            );
        }
    }
    assert!(descriptors > 0, "the book sets its text in fonts");

    let (front, back) = pages.split_at(printed.puzzle_pages);
    let (front_all, back_all) = (front.concat(), back.concat());
    // IDs in the book's order, on the puzzle pages and again on the answer pages.
    for side in [&front_all, &back_all] {
        let mut at = 0;
        for p in &puzzles {
            let found = side[at..]
                .find(&p.id)
                .unwrap_or_else(|| panic!("{} missing or out of order", p.id));
            at += found + p.id.len();
        }
    }
    // Every sentence of the rules, as play shows them, beside its puzzle.
    for p in &puzzles {
        for line in maze_view_caption(&p.maze) {
            assert!(
                front_all.contains(&squeeze(&line)),
                "{}: rule `{line}` missing",
                p.id
            );
        }
    }
    for (k, page) in pages.iter().enumerate() {
        let number = format!("page{}of{}", k + 1, pages.len());
        assert!(page.contains(&number), "page {}: {page}", k + 1);
    }
    assert!(front[0].contains("Logicmazes"));
    assert!(back[0].contains("Answers"));
}

/// The caption as the book is given it: play's rules in words, the mover picked by pointing.
fn maze_view_caption(maze: &maze_variants::Maze) -> Vec<String> {
    maze_view::caption(maze, &|_| "the solver".to_string())
}

#[test]
fn paper_per_page_and_answers_shape_the_book() {
    let puzzles = puzzles(&["rook", "hex", "queen"]);
    let media = |printed: &Book| -> Vec<Vec<f32>> {
        let doc = read(printed);
        doc.get_pages()
            .values()
            .map(|&p| {
                let dict = doc.get_dictionary(p).unwrap();
                dict.get(b"MediaBox")
                    .unwrap()
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|x| x.as_float().unwrap())
                    .collect()
            })
            .collect()
    };
    let one = Options {
        per_page: 1,
        paper: Paper::Letter,
        answers: false,
        ..Options::default()
    };
    let letter = book(&puzzles, &one).unwrap();
    assert_eq!((letter.puzzle_pages, letter.answer_pages), (3, 0));
    for m in media(&letter) {
        assert_eq!(m, vec![0.0, 0.0, 612.0, 792.0]);
    }
    let a4 = book(
        &puzzles,
        &Options {
            per_page: 4,
            ..Options::default()
        },
    )
    .unwrap();
    assert_eq!((a4.puzzle_pages, a4.answer_pages), (1, 1));
    for m in media(&a4) {
        assert!(
            (m[2] - 595.28).abs() < 0.01 && (m[3] - 841.89).abs() < 0.01,
            "{m:?}"
        );
    }
}

#[test]
fn a_board_too_large_for_a_shared_page_gets_one_to_itself() {
    // A 20 × 20 board at 12 to a page would have cells of a few millimetres.
    let row = vec!["1"; 20].join(" ");
    let mut board = vec![row.clone(); 19];
    board.push(format!("{} G", vec!["1"; 19].join(" ")));
    let src = format!(
        "Maze(rules: Jumping(tiling: Square, moves: Rook), board: {board:?}, start: (0, 0))"
    );
    let big = maze_file::parse_file("big", &src).unwrap().maze;
    let mut list = puzzles(&["rook", "hex"]);
    list.insert(
        1,
        Puzzle {
            id: "big".to_string(),
            maze: big,
        },
    );
    let printed = book(
        &list,
        &Options {
            per_page: 12,
            answers: false,
            ..Options::default()
        },
    )
    .unwrap();
    // rook alone (the big board does not fit beside it at 12 to a page... nor at fewer but
    // one), the big board, then hex: order is kept.
    let doc = read(&printed);
    let pages = texts(&doc);
    let big_page = pages.iter().position(|t| t.contains("big")).unwrap();
    assert!(!pages[big_page].contains("rook-7-0") && !pages[big_page].contains("hex-7-"));
    assert!(printed.puzzle_pages >= 2);
}

#[test]
fn nothing_to_print_and_bad_counts_are_refused() {
    assert!(matches!(
        book(&[], &Options::default()),
        Err(maze_print::Error::Empty)
    ));
    let puzzles = puzzles(&["rook"]);
    for per_page in [0, 13] {
        let options = Options {
            per_page,
            ..Options::default()
        };
        assert!(matches!(
            book(&puzzles, &options),
            Err(maze_print::Error::PerPage { .. })
        ));
    }
}

#[test]
fn the_same_puzzles_print_the_same_bytes() {
    // svg2pdf writes fonts and resources from hash maps whose order changes with every map
    // made, so several books in one process would differ without the canonical numbering.
    let puzzles = puzzles(&["rook", "hex", "switch"]);
    let first = book(&puzzles, &Options::default()).unwrap();
    for _ in 0..4 {
        let again = book(&puzzles, &Options::default()).unwrap();
        assert!(again.pdf == first.pdf, "two prints of one book differ");
    }
    // Still a whole PDF: every page and font reachable, the text readable.
    let doc = read(&first);
    assert_eq!(
        doc.get_pages().len(),
        first.puzzle_pages + first.answer_pages
    );
}
