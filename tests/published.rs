//! Published jumping mazes solved by the engine: Loyd's "Back from the Klondike" (queen
//! moves, exit goal, shaped board) and mazelog.com's rook, queen and no-U-turn puzzles.
//!
//! Each test replays the published solution move by move through the state graph, and checks
//! the shortest solution length, which was confirmed by a separate breadth-first search
//! written independently of this engine (the mazelog paths were found by depth-first search
//! and are not all shortest).

use maze::graph::StateId;
use maze::variants::{Cell, Maze};

use crate::common::{Analyzed, read, root};

fn published(name: &str) -> Analyzed {
    Analyzed::new(read(
        &root().join(format!("tests/fixtures/published/{name}.ron")),
    ))
}

/// Follows `path` (1-based (row, col) cells, start first) through the state graph and
/// returns the states visited; panics if a step is not a legal move.
fn replay(a: &Analyzed, path: &str) -> Vec<StateId> {
    let cells: Vec<(usize, usize)> = path
        .split("->")
        .map(|p| {
            let (r, c) = p
                .trim()
                .trim_matches(|ch| ch == '(' || ch == ')')
                .split_once(',')
                .unwrap();
            (
                r.parse::<usize>().unwrap() - 1,
                c.parse::<usize>().unwrap() - 1,
            )
        })
        .collect();
    let mut state = a.state(&format!("({},{})", cells[0].0, cells[0].1));
    let mut states = vec![state];
    for &next in &cells[1..] {
        let target = a
            .edges(&a.name(state))
            .into_iter()
            .map(|(_, t)| a.state(&t))
            .find(|&t| a.compiled.state_cell(t) == Some(next))
            .unwrap_or_else(|| panic!("no legal move from {} to {next:?}", a.name(state)));
        state = target;
        states.push(state);
    }
    states
}

fn check(name: &str, published_path: &str, shortest: u32) {
    let a = published(name);
    let states = replay(&a, published_path);
    let last = *states.last().unwrap();
    assert!(
        a.graph.graph[petgraph::graph::NodeIndex::new(last as usize)].goal,
        "{name}: path ends on the goal"
    );
    assert_eq!(a.features.shortest_length, Some(shortest), "{name}");
    assert!(
        (shortest as usize) < states.len(),
        "{name}: shortest <= published"
    );
}

#[test]
fn mazelog_dizzy_diagonals_queen() {
    check(
        "dizzy_diagonals",
        "(1,1)->(2,1)->(2,5)->(4,5)->(4,1)->(1,4)->(3,4)->(3,1)->(4,2)->(1,5)->(2,4)->(5,4)->(5,2)->(5,5)",
        13,
    );
}

#[test]
fn mazelog_bumblebee_queen() {
    check(
        "bumblebee",
        "(1,1)->(3,3)->(6,6)->(2,2)->(4,4)->(7,7)->(5,5)->(8,8)",
        7,
    );
}

#[test]
fn mazelog_hopscotch_rook() {
    check(
        "hopscotch",
        "(1,1)->(4,1)->(4,4)->(1,4)->(3,4)->(3,3)->(1,3)->(4,3)->(4,2)->(2,2)->(2,5)->(4,5)->(5,5)",
        10,
    );
}

/// Under no-U-turn the published path revisits cells, arriving from other directions:
/// legal because the state is the cell and the last direction.
#[test]
fn mazelog_reflex_no_u_turn() {
    check(
        "reflex",
        "(1,1)->(1,4)->(5,4)->(5,6)->(3,6)->(3,5)->(6,5)->(6,2)->(3,2)->(3,4)->(3,6)->(4,6)->(4,5)->(4,3)->(4,2)->(4,1)->(2,1)->(2,3)->(3,3)->(6,3)->(6,4)->(6,6)",
        15,
    );
}

#[test]
fn mazelog_noun_no_u_turn() {
    check(
        "noun",
        "(1,1)->(1,4)->(1,6)->(2,6)->(2,4)->(2,2)->(5,2)->(5,6)->(3,6)->(3,4)->(3,2)->(6,2)->(6,1)->(2,1)->(2,2)->(2,5)->(5,5)->(5,3)->(2,3)->(2,1)->(3,1)->(3,2)->(3,5)->(6,5)->(6,6)",
        17,
    );
    // Without the rule the same board is easier: the rule is doing work.
    let Maze::Jumping(mut m) = published("noun").maze else {
        panic!("a jumping maze")
    };
    m.rules.no_u_turn = false;
    let plain = Analyzed::new(Maze::Jumping(m));
    assert!(plain.features.shortest_length.unwrap() < 17);
}

/// Loyd's solution, SW SW NE NE NE SW SW SW and a last jump NW or SE off the board, is the
/// unique shortest solution; the two exits are one edge to `Outside` carrying both
/// directions.
#[test]
fn loyd_back_from_the_klondike() {
    let a = published("klondike");
    let f = &a.features;
    assert_eq!(f.shortest_length, Some(9));
    assert!(f.unique_shortest);
    assert_eq!(
        f.solution.as_ref().unwrap().to_vec(),
        ["SW", "SW", "NE", "NE", "NE", "SW", "SW", "SW", "SE"]
    );
    let states = f.solution_states.as_ref().unwrap();
    let before_exit = a.name(states[states.len() - 2]);
    let exits: Vec<_> = a
        .edges(&before_exit)
        .into_iter()
        .filter(|(_, t)| t == "Outside")
        .collect();
    assert_eq!(
        exits,
        [(
            vec!["SE".to_string(), "NW".to_string()],
            "Outside".to_string()
        )]
    );

    // The 1898 printing's "2" (corrected to 1) opened many more escape routes: every
    // state reaches the exit, as the 1976 computer search of the original found.
    let Maze::Jumping(mut original) = a.maze.clone() else {
        panic!("a jumping maze")
    };
    let cols = original.board.cols;
    assert_eq!(original.board.cells[15 * cols + 9], Cell::numbered(1));
    original.board.cells[15 * cols + 9] = Cell::numbered(2);
    let original = Analyzed::new(Maze::Jumping(original));
    assert!(original.features.reaching > f.reaching);
    assert_eq!(original.features.reaching, original.features.n_states);
}
