//! Every public instance of the rule families (docs/FAMILIES.md sections 1-7) is a maze file
//! in `tests/fixtures/families/`, written with the rule model alone, and `maze solve --json`
//! finds its verified shortest length and number of shortest paths.
#![allow(clippy::unwrap_used)]

mod common;

use common::{maze, root, stdout};

/// Each instance's id (its file stem), verified shortest length and number of shortest paths.
///
/// The table is the data: each answer is the published one (the puzzle's source and its
/// published solution are named in the header comment of `tests/fixtures/families/<id>.ron`),
/// confirmed by a breadth-first search of the published grid under the family's rules of
/// docs/FAMILIES.md; where the source publishes only a length, the path count is that search's.
const VERIFIED: &[(&str, u64, u64)] = &[
    ("alice_abbott_maze18", 57, 1),
    ("arrow_colour_alt_mazelog_polarbear", 12, 1),
    ("arrow_plain_mazelog_tartan", 21, 1),
    ("arrow_reflector_mazelog_billiards", 13, 1),
    ("arrow_reverse_mazelog_slash", 11, 1),
    ("bloxorz_stage02", 17, 1),
    ("bloxorz_stage08", 10, 10),
    ("chess_plain_mazelog_fourkings", 15, 1),
    ("chess_wildcard_mazelog_cuckoo", 17, 1),
    ("jump_switch_mazelog_lightswitch", 17, 1),
    ("jump_toggle_mazelog_switchblade", 17, 1),
    ("link_alt_sc_mazelog_jingo", 16, 1),
    ("link_plain_mazelog_daisychain", 16, 1),
    ("varjump_cyclic_mazemania_jl_maze1", 7, 1),
    ("varjump_offset_lispology_offset_tweetmaze", 15, 1),
    ("wild_rook_mazelog_grumble", 21, 1),
];

fn solve(path: &str) -> serde_json::Value {
    let out = maze(&["solve", "--json", path]);
    assert!(
        out.status.success(),
        "{path}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_str(&stdout(&out)).unwrap()
}

#[test]
fn every_family_instance_solves_to_its_verified_answer() {
    for &(id, length, paths) in VERIFIED {
        let path = format!("tests/fixtures/families/{id}.ron");
        let json = solve(&path);
        assert_eq!(json["shortest_length"], length, "{id}: shortest length");
        assert_eq!(json["shortest_paths"], paths, "{id}: shortest paths");
    }
}

/// Every fixture in the folder is in the table, so a new fixture cannot go untested.
#[test]
fn every_fixture_is_checked() {
    let dir = root().join("tests/fixtures/families");
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let id = path.file_stem().unwrap().to_string_lossy().into_owned();
        assert!(
            VERIFIED.iter().any(|(known, ..)| *known == id),
            "{id} has no verified answer in the table"
        );
    }
}

/// Every family file reads back equal from what the writer makes of it, so generated mazes
/// of any rule are files again.
#[test]
fn family_files_round_trip() {
    for &(id, ..) in VERIFIED {
        let path = format!("tests/fixtures/families/{id}.ron");
        let src = std::fs::read_to_string(root().join(&path)).unwrap();
        let file =
            maze::file::parse_file(&path, &src).unwrap_or_else(|e| panic!("{}", e.one_line()));
        let again = maze::file::write_file(&file, &[]);
        let back = maze::file::parse_file("again.ron", &again)
            .unwrap_or_else(|e| panic!("{id}: {}\n{again}", e.one_line()));
        assert_eq!(back, file, "{id}");
    }
}
