//! Bloxorz mechanics end to end (docs/FAMILIES.md section 6): the 33 published stages solved in
//! their published minimum number of moves with their known path counts, the engine checked
//! against the reference walker on random boards with bridges, switches, split cubes and
//! several blocks, a hand-checked two-block maze, and the state bound.

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use maze::graph::{Move, Rules, StateId};
use maze::variants::roll_walker;
use maze::variants::rolling::{Action, Bridge, OtherBlock, Switch, SwitchKind, Tile};
use maze::variants::rules::{Cond, Effect, Op, Phase, Register, RegisterKind, Value};
use maze::variants::walker::Walked;
use maze::variants::{
    Footprint, Maze, RollGraph, RollingBlockMaze, RollingBlockRules, RollingBoard,
};
use proptest::prelude::*;
use serde::Deserialize;

use crate::common::{Analyzed, analyze, parse, read, root};

/// A fixture, analyzed.
fn fixture(path: &str) -> Analyzed {
    Analyzed::new(read(&root().join(path)))
}

#[derive(Deserialize)]
struct Minimum {
    stage: u32,
    length: u32,
}

/// Every stage solves to the minimum tkoz0's solver publishes, and every stage file is in
/// the table.
#[test]
fn every_stage_solves_to_its_published_minimum() {
    let dir = root().join("tests/fixtures/bloxorz");
    let minima: Vec<Minimum> =
        ron::from_str(&std::fs::read_to_string(dir.join("minima.ron")).unwrap()).unwrap();
    assert_eq!(minima.len(), 33);
    let files = std::fs::read_dir(&dir)
        .unwrap()
        .filter(|e| {
            let name = e.as_ref().unwrap().file_name();
            let name = name.to_string_lossy();
            name.starts_with("stage") && name.ends_with(".ron")
        })
        .count();
    assert_eq!(files, 33, "one file per stage");
    for m in &minima {
        let a = fixture(&format!("tests/fixtures/bloxorz/stage{:02}.ron", m.stage));
        assert_eq!(
            a.features.shortest_length,
            Some(m.length),
            "stage {}",
            m.stage
        );
    }
}

/// docs/FAMILIES.md gives the path counts of two split stages: stage 10 exactly, stage 26 as
/// "about 4.2e16" (this engine counts 42,177,292,509,263,488); both fit in u64.
#[test]
fn split_stages_count_their_interleaved_paths() {
    let ten = fixture("tests/fixtures/bloxorz/stage10.ron");
    assert_eq!(ten.features.shortest_paths, 154_258_649_498);
    let twenty_six = fixture("tests/fixtures/bloxorz/stage26.ron");
    let n = twenty_six.features.shortest_paths;
    assert!((4.15e16..4.25e16).contains(&(n as f64)), "{n}");
    assert!(n < u64::MAX, "saturated");
}

/// The verified example of stage 8 replays move by move: the block splits on the `y`, the
/// first cube rolls four times south, the second one north merges them lying, and the
/// block rolls on to the exit.
#[test]
fn stage_8_splits_and_merges_as_published() {
    let a = fixture("tests/fixtures/families/bloxorz_stage08.ron");
    let dirs = a.compiled.directions();
    let mut state = a.compiled.start();
    let mut names = Vec::new();
    let mut acc: Vec<Move> = Vec::new();
    for step in ["E", "E", "c1S", "c1S", "c1S", "c1S", "c2N", "N", "E", "E"] {
        let dir = dirs.parse(step).unwrap();
        acc.clear();
        a.compiled.successors(&mut acc, state);
        state = acc.iter().find(|m| m.dir == dir).unwrap().to;
        names.push(a.compiled.state_name(state));
    }
    assert!(a.compiled.is_goal(state));
    assert_eq!(names[1], "cubes (1,10) (7,10)");
    assert_eq!(names[5], "cubes (5,10) (7,10)");
    assert_eq!(names[6], "(5,10) 2x1x1", "merged lying north-south");
}

/// Stage 2's published answer presses the soft switch (bridges at (5,4) and (5,5) come on)
/// and stands on the heavy switch (bridges at (5,10) and (5,11) come on), in that order.
#[test]
fn stage_2_answer_turns_the_bridges_on() {
    let a = fixture("tests/fixtures/families/bloxorz_stage02.ron");
    let solution = a.features.solution.clone().unwrap();
    assert_eq!(solution.join(" "), "N E S E E E E N N S E S E E N E N");
    let states = a.features.solution_states.clone().unwrap();
    let names: Vec<String> = states.iter().map(|&s| a.compiled.state_name(s)).collect();
    assert_eq!(names[0], "(5,1) 1x1x2 [----]");
    assert_eq!(names[1], "(3,1) 2x1x1 [----]");
    assert_eq!(names[2], "(3,2) 2x1x1 [==--]", "lying on the soft switch");
    let heavy = names
        .iter()
        .position(|n| n.starts_with("(2,8) 1x1x2"))
        .unwrap();
    assert_eq!(
        names[heavy], "(2,8) 1x1x2 [====]",
        "standing on the heavy switch"
    );
    assert!(
        names[..heavy]
            .iter()
            .all(|n| n.ends_with("[==--]") || n.ends_with("[----]"))
    );
}

/// A hand-checked two-block maze (docs/RULES.md). The first block stands on S (2,0) and must
/// stand on G (2,6); block 2, with no goal of its own, stands on (2,2) in the only row the
/// first block can roll along:
///
/// ```text
/// ##.####
/// ##.####
/// S.2...G
/// ```
///
/// The first block cannot move at all (E would lie on (2,1)-(2,2), under block 2; N and W are
/// no floor or off the board). Block 2 can roll N into the pocket, lying on (0,2)-(1,2), or E,
/// lying on (2,3)-(2,4), still in the row (W would lie under the first block, S is off the
/// board). After 2N the row is clear and the first block needs its four rolls E (lying,
/// standing, lying, standing on G): 5 moves, and no 5-move path starts with 2E, which leaves
/// block 2 in the row. So the shortest solution is 2N E E E E, and it is unique.
#[test]
fn two_blocks_take_turns() {
    let src = r###"Maze(
        rules: RollingBlock(block: (1, 1, 2), others: [(block: (1, 1, 2), start: [(2, 2)])]),
        board: [
            "##.####",
            "##.####",
            "S.....G",
        ],
    )"###;
    let a = analyze(src);
    assert_eq!(a.features.shortest_length, Some(5));
    assert_eq!(a.features.shortest_paths, 1);
    assert_eq!(a.features.solution.clone().unwrap().join(" "), "2N E E E E");
    let Rolling(m) = rolling(src);
    assert_eq!(engine_walk(&m), roll_walker::walk(&m));
}

/// The gate strip of [`a_gate_opens_two_bridge_tiles_at_once`]: one press opens two bridge
/// tiles (also the hand-checked mechanic-move example of `tests/mechanic.rs`).
pub(crate) const GATE_STRIP: &str = r###"Maze(
    rules: RollingBlock(
        block: (1, 1, 2),
        registers: [Register(name: "gate", kind: Choice(["off", "on"]))],
        bridges: [Bridge(cells: [(0, 3), (0, 4)], register: "gate")],
        effects: [Effect(on: Land, when: [At(0, 2)], do: [Set("gate", Name("on"))])],
    ),
    board: ["S.o--.G"],
)"###;

/// A gate: two bridge tiles on one register, opened together by one press. On the strip
/// `S.o--.G` the block standing on 0 rolls E onto 1-2, pressing the soft switch on 2, which
/// sets `gate` on (both 3 and 4: a standing block on 3 and a lying one on 4-5 need both). Then
/// E stands on 3, E lies on 4-5, E stands on the goal 6: 4 moves, and on a one-row strip the
/// only moves are E and W, so EEEE is the one shortest path. The states: standing on 0 with
/// the gate off (the start), then with it on: lying 1-2, standing 0, standing 3, lying 4-5 and
/// the goal; 6 in all, which the walker reaches and the engine reaches too (it also numbers
/// every placement with the gate as at the start).
#[test]
fn a_gate_opens_two_bridge_tiles_at_once() {
    let src = GATE_STRIP;
    let a = analyze(src);
    assert_eq!(a.features.shortest_length, Some(4));
    assert_eq!(a.features.shortest_paths, 1);
    assert_eq!(a.features.solution.clone().unwrap().join(" "), "E E E E");
    let Rolling(m) = rolling(src);
    let walked = roll_walker::walk(&m);
    assert_eq!(walked.states.len(), 6);
    assert_eq!(engine_walk(&m), walked);
    general_form_is_written_and_turned(&m);
}

/// A switch conditioned on a register: the soft switch on 2 counts its presses up to 2, and
/// only the second press opens the gate (effects run in order, each seeing the last one's
/// registers). On `S.o--.G`: E lies on 1-2 (one press); E would stand on the closed bridge 3,
/// so W stands on 0 again and E presses a second time, opening the gate; then E E E as in the
/// gate above. Standing on 0 only E is legal (W is off the strip) and lying on 1-2 only W
/// before the gate opens, so E W E E E E (6 moves) is the only shortest path. The states:
/// standing 0 and lying 1-2 with 0, 1 and 2 presses (the start has 0 presses and lying 1-2
/// has at least 1: five), then standing 3, lying 4-5 and the goal: 8 reachable states.
#[test]
fn a_counted_switch_opens_the_gate_on_its_second_press() {
    let src = r###"Maze(
        rules: RollingBlock(
            block: (1, 1, 2),
            registers: [
                Register(name: "gate", kind: Choice(["off", "on"])),
                Register(name: "presses", kind: Counter(min: 0, max: 2)),
            ],
            bridges: [Bridge(cells: [(0, 3), (0, 4)], register: "gate")],
            effects: [
                Effect(on: Land, when: [At(0, 2), Lt("presses", 2)], do: [Add("presses", Int(1))]),
                Effect(on: Land, when: [At(0, 2), Eq("presses", 2)], do: [Set("gate", Name("on"))]),
            ],
        ),
        board: ["S.o--.G"],
    )"###;
    let a = analyze(src);
    assert_eq!(a.features.shortest_length, Some(6));
    assert_eq!(a.features.shortest_paths, 1);
    assert_eq!(
        a.features.solution.clone().unwrap().join(" "),
        "E W E E E E"
    );
    let Rolling(m) = rolling(src);
    let walked = roll_walker::walk(&m);
    assert_eq!(walked.states.len(), 8);
    assert_eq!(engine_walk(&m), walked);
    general_form_is_written_and_turned(&m);
}

/// A maze in the general form writes out as it reads, and each of its images under the
/// square's symmetries (bridges, `At` and register names `(r,c)` turned with the board) is a
/// valid maze with the same shortest length.
fn general_form_is_written_and_turned(m: &RollingBlockMaze) {
    let maze = maze::variants::Maze::RollingBlock(m.clone());
    let text = maze::variants::write(&maze, &[]);
    assert_eq!(parse(&text), maze, "{text}");
    let length = analyze(&text).features.shortest_length;
    for image in maze::variants::symmetry::images(&maze) {
        let text = maze::variants::write(&image, &[]);
        assert_eq!(analyze(&text).features.shortest_length, length, "{text}");
    }
}

/// A press that would take a counter out of its range is no move, and play says why: on
/// `S.o--.G` the first press counts 1 and opens the gate; back on 0, a second press would
/// count 2, past `max: 1`, so `E` from there is refused, in the walker's words.
#[test]
fn a_press_past_a_counters_range_is_no_move() {
    let src = r###"Maze(
        rules: RollingBlock(
            block: (1, 1, 2),
            registers: [
                Register(name: "gate", kind: Choice(["off", "on"])),
                Register(name: "presses", kind: Counter(min: 0, max: 1)),
            ],
            bridges: [Bridge(cells: [(0, 3), (0, 4)], register: "gate")],
            effects: [
                Effect(on: Land, when: [At(0, 2)], do: [Add("presses", Int(1))]),
                Effect(on: Land, when: [At(0, 2), Eq("presses", 1)], do: [Set("gate", Name("on"))]),
            ],
        ),
        board: ["S.o--.G"],
    )"###;
    let a = analyze(src);
    assert_eq!(a.features.shortest_length, Some(4));
    let Rolling(m) = rolling(src);
    assert_eq!(engine_walk(&m), roll_walker::walk(&m));
    let maze = maze::variants::Maze::RollingBlock(m.clone());
    let g = RollGraph::new(&m);
    let dirs = g.directions();
    let (e, w) = (dirs.parse("E").unwrap(), dirs.parse("W").unwrap());
    let mut acc = Vec::new();
    let mut step = |s: StateId, d| {
        acc.clear();
        g.successors(&mut acc, s);
        acc.iter().find(|m| m.dir == d).map(|m| m.to)
    };
    let lying = step(g.start(), e).unwrap();
    let back = step(lying, w).unwrap();
    assert_eq!(g.state_name(back), "(0,0) 1x1x2 [==] presses=1");
    assert_eq!(step(back, e), None);
    assert_eq!(
        a.compiled.refusal(&maze, back, e).as_deref(),
        Some("E: pressing (0,2) would take register `presses` out of its range")
    );
}

struct Rolling(RollingBlockMaze);

fn rolling(src: &str) -> Rolling {
    match parse(src) {
        maze::variants::Maze::RollingBlock(m) => Rolling(m),
        other => panic!("not a rolling-block maze: {other:?}"),
    }
}

/// The engine's reachable state graph in the walker's terms: states by name, every goal
/// state named `goal`, each edge with the names of the moves that make it.
fn engine_walk(maze: &RollingBlockMaze) -> Walked {
    let g = RollGraph::new(maze);
    let dirs = g.directions();
    let name = |s: StateId| {
        if g.is_goal(s) {
            "goal".to_string()
        } else {
            g.state_name(s)
        }
    };
    let mut walked = Walked {
        start: name(g.start()),
        states: BTreeSet::new(),
        edges: BTreeMap::new(),
    };
    let mut seen = vec![false; g.n_states()];
    let mut queue = VecDeque::from([g.start()]);
    seen[g.start() as usize] = true;
    let mut acc = Vec::new();
    while let Some(s) = queue.pop_front() {
        walked.states.insert(name(s));
        acc.clear();
        g.successors(&mut acc, s);
        for m in &acc {
            walked
                .edges
                .entry((name(s), name(m.to)))
                .or_default()
                .insert(dirs.name(m.dir).to_string());
            if !seen[m.to as usize] {
                seen[m.to as usize] = true;
                queue.push_back(m.to);
            }
        }
    }
    walked
}

/// A random board with every Bloxorz mechanic: bridges on and off, soft and heavy switches
/// acting on random bridges, a split switch or a second block, fragile floor, a teleport pair.
fn bloxorz_board() -> impl Strategy<Value = RollingBlockMaze> {
    (2usize..=5, 3usize..=7, any::<bool>(), any::<u64>())
        .prop_flat_map(|(rows, cols, split, seed)| {
            let tile = prop_oneof![
                8 => Just(Tile::Floor),
                2 => Just(Tile::NoFloor),
                1 => Just(Tile::Fragile),
                2 => Just(Tile::Bridge { on: true }),
                2 => Just(Tile::Bridge { on: false }),
                2 => Just(Tile::Switch(SwitchKind::Soft)),
                1 => Just(Tile::Switch(SwitchKind::Heavy)),
                1 => Just(Tile::Switch(SwitchKind::Split)),
            ];
            (
                Just((rows, cols, split, seed)),
                proptest::collection::vec(tile, rows * cols),
            )
        })
        .prop_filter_map("a valid maze", |((rows, cols, split, seed), tiles)| {
            build(rows, cols, split, seed, tiles)
        })
}

/// The most states a random board's bound may reach for the engine to be compared with the
/// walker on it.
const MAX_COMPARED_STATES: u128 = 1 << 20;

/// A small deterministic generator for the choices a strategy would make awkward.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n.max(1) as u64) as usize
    }
}

fn build(
    rows: usize,
    cols: usize,
    split: bool,
    seed: u64,
    mut tiles: Vec<Tile>,
) -> Option<RollingBlockMaze> {
    let mut rng = Lcg(seed);
    let cell = |i: usize| (i / cols, i % cols);
    let plain: Vec<usize> = (0..tiles.len())
        .filter(|&i| tiles[i] == Tile::Floor)
        .collect();
    if plain.len() < 4 {
        return None;
    }
    // Start and goal stand on two distinct plain floor cells.
    let s = plain[rng.below(plain.len())];
    let g = plain[rng.below(plain.len())];
    if s == g {
        return None;
    }
    let standing = |i: usize| Footprint {
        row: i / cols,
        col: i % cols,
        rows: 1,
        cols: 1,
    };
    let bridges: Vec<(usize, usize)> = (0..tiles.len())
        .filter(|&i| matches!(tiles[i], Tile::Bridge { .. }))
        .map(cell)
        .collect();
    let floors: Vec<usize> = (0..tiles.len())
        .filter(|&i| matches!(tiles[i], Tile::Floor | Tile::Fragile) && i != s && i != g)
        .collect();
    let mut switches = Vec::new();
    for (i, tile) in tiles.iter_mut().enumerate() {
        match *tile {
            Tile::Switch(SwitchKind::Split) => {
                let (a, b) = (
                    floors.get(rng.below(floors.len())),
                    floors.get(rng.below(floors.len())),
                );
                match (a, b) {
                    (Some(&a), Some(&b))
                        if split && {
                            let (a, b) = (cell(a), cell(b));
                            a.0.abs_diff(b.0) + a.1.abs_diff(b.1) > 1
                        } =>
                    {
                        switches.push(Switch {
                            at: cell(i),
                            acts: Vec::new(),
                            split: Some((cell(a), cell(b))),
                        });
                    }
                    _ => *tile = Tile::Floor,
                }
            }
            Tile::Switch(_) if !bridges.is_empty() => {
                let acts = (0..1 + rng.below(3))
                    .map(|_| {
                        let t = bridges[rng.below(bridges.len())];
                        [Action::On(t), Action::Off(t), Action::Toggle(t)][rng.below(3)]
                    })
                    .collect();
                switches.push(Switch {
                    at: cell(i),
                    acts,
                    split: None,
                });
            }
            Tile::Switch(_) => *tile = Tile::Floor,
            _ => {}
        }
    }
    // Teleports: a pair on two floor cells half the time (start, goal and the other block's
    // cells among those it may take: a block may stand on a teleport).
    if rng.below(2) == 0 {
        let free: Vec<usize> = (0..tiles.len())
            .filter(|&i| tiles[i] == Tile::Floor && i != s && i != g)
            .collect();
        if free.len() >= 2 {
            let a = free[rng.below(free.len())];
            let b = free[rng.below(free.len())];
            if a != b {
                tiles[a] = Tile::Teleport;
                tiles[b] = Tile::Teleport;
            }
        }
    }
    let mut others = Vec::new();
    if !split {
        // A second block, a cube or a 1x1x2 standing, on plain floor, with a goal half the
        // time.
        let free: Vec<usize> = (0..tiles.len())
            .filter(|&i| tiles[i] == Tile::Floor && i != s && i != g)
            .collect();
        if let Some(&o) = free.get(rng.below(free.len())) {
            let goal = free.get(rng.below(free.len())).copied();
            others.push(OtherBlock {
                block: [(1, 1, 2), (1, 1, 1)][rng.below(2)],
                start: standing(o),
                goal: goal.filter(|_| rng.below(2) == 0).map(standing),
            });
        }
    }
    let mut maze = RollingBlockMaze {
        rules: RollingBlockRules {
            switches,
            others,
            ..RollingBlockRules::default()
        },
        board: RollingBoard {
            rows,
            cols,
            tiles,
            teleports: Vec::new(),
        },
        start: standing(s),
        goal: standing(g),
    };
    general_form(&mut maze, &mut rng);
    declared_teleports(&mut maze, &mut rng);
    // Two blocks and a dozen bridges can bound tens of millions of states, which the walker,
    // keeping every state by name, cannot hold; such boards are past what a comparison
    // state by state is for.
    let tractable = Maze::RollingBlock(maze.clone()).state_estimate() <= MAX_COMPARED_STATES;
    (maze.validate().is_ok() && tractable).then_some(maze)
}

/// Half the time, one or two teleport pairs declared by a list, on plain floor other than the
/// goal (the start and the other block's cells among them: a block may start on one).
fn declared_teleports(maze: &mut RollingBlockMaze, rng: &mut Lcg) {
    if rng.below(2) == 0 {
        return;
    }
    let board = &maze.board;
    let mut free: Vec<(usize, usize)> = (0..board.tiles.len())
        .map(|i| (i / board.cols, i % board.cols))
        .filter(|&c| board.get(c) == Tile::Floor && !maze.goal.contains(c))
        .collect();
    for _ in 0..1 + rng.below(2) {
        if free.len() < 2 {
            return;
        }
        let a = free.swap_remove(rng.below(free.len()));
        let b = free.swap_remove(rng.below(free.len()));
        maze.board.teleports.push((a, b));
    }
}

/// Half the time, rules only the general form says: a gate of the first two bridge tiles
/// that start alike, and a counter that switches count their presses on, conditioning
/// effects that change a bridge (while the counter is below or at a value, pressed standing,
/// by a cube or not).
fn general_form(maze: &mut RollingBlockMaze, rng: &mut Lcg) {
    if rng.below(2) == 0 {
        return;
    }
    let board = &maze.board;
    let cell = |i: usize| (i / board.cols, i % board.cols);
    let bridges: Vec<(usize, bool)> = (0..board.tiles.len())
        .filter_map(|i| match board.tiles[i] {
            Tile::Bridge { on } => Some((i, on)),
            _ => None,
        })
        .collect();
    let switches: Vec<(usize, usize)> = (0..board.tiles.len())
        .filter(|&i| {
            matches!(
                board.tiles[i],
                Tile::Switch(SwitchKind::Soft | SwitchKind::Heavy)
            )
        })
        .map(cell)
        .collect();
    let rules = &mut maze.rules;
    let mut target = None;
    if let Some(&(a, on)) = bridges.first()
        && let Some(&(b, _)) = bridges[1..].iter().find(|&&(_, o)| o == on)
    {
        let names = if on { ["on", "off"] } else { ["off", "on"] };
        rules.registers.push(Register {
            name: "gate".into(),
            kind: RegisterKind::Choice(names.iter().map(|n| n.to_string()).collect()),
            keep: Default::default(),
            stands_for: None,
        });
        rules.bridges.push(Bridge {
            cells: vec![cell(a), cell(b)],
            register: "gate".into(),
        });
        target = Some("gate".to_string());
    } else if let Some(&(a, _)) = bridges.first() {
        let (r, c) = cell(a);
        target = Some(format!("({r},{c})"));
    }
    let (Some(target), false) = (target, switches.is_empty()) else {
        return;
    };
    rules.registers.push(Register {
        name: "n".into(),
        kind: RegisterKind::Counter {
            min: 0,
            max: 2,
            start: None,
        },
        keep: Default::default(),
        stands_for: None,
    });
    for k in 0..1 + rng.below(3) {
        let (r, c) = switches[rng.below(switches.len())];
        let how = [
            vec![],
            vec![Cond::Standing],
            vec![Cond::Cube],
            vec![Cond::Not(Box::new(Cond::Standing))],
        ][rng.below(4)]
        .clone();
        let counted = [
            Cond::Lt("n".into(), 2),
            Cond::Eq("n".into(), rng.below(3) as i32),
            Cond::Gt("n".into(), 0),
        ][rng.below(3)]
        .clone();
        let ops = match rng.below(3) {
            0 => vec![Op::Add("n".into(), Value::Int(1))],
            1 => vec![Op::Next(target.clone())],
            _ => vec![
                Op::Set(target.clone(), Value::Name("on".into())),
                Op::Next("n".into()),
            ],
        };
        let mut when = vec![Cond::At(r, c)];
        when.extend(how);
        // The first effect reads the counter, so it is never a register nothing reads.
        if k == 0 || rng.below(2) == 0 {
            when.push(counted);
        }
        rules.effects.push(Effect {
            on: Phase::Land,
            when,
            ops,
        });
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The engine reaches exactly the states the walker reaches, with the same moves.
    #[test]
    fn engine_matches_the_walker(maze in bloxorz_board()) {
        prop_assert_eq!(engine_walk(&maze), roll_walker::walk(&maze));
    }
}

/// The random boards the engine is compared on cover declared teleport pairs: many have a
/// list, and on many the list changes what the walker reaches.
#[test]
fn random_boards_cover_declared_teleports() {
    use proptest::strategy::ValueTree;
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let strategy = bloxorz_board();
    let (mut listed, mut used) = (0, 0);
    for _ in 0..100 {
        let maze = strategy.new_tree(&mut runner).unwrap().current();
        if maze.board.teleports.is_empty() {
            continue;
        }
        listed += 1;
        let mut plain = maze.clone();
        plain.board.teleports.clear();
        if roll_walker::walk(&plain) != roll_walker::walk(&maze) {
            used += 1;
        }
    }
    assert!(
        listed >= 20 && used >= 5,
        "{listed} boards with a list, {used} using it"
    );
}

/// The engine's mechanic moves (from its configurations) among the states the start reaches,
/// as (from, to, move) names.
fn engine_mechanics(maze: &RollingBlockMaze) -> BTreeSet<(String, String, String)> {
    let g = RollGraph::new(maze);
    let reached = engine_walk(maze).states;
    let name = |s: StateId| {
        if g.is_goal(s) {
            "goal".to_string()
        } else {
            g.state_name(s)
        }
    };
    let mut out = BTreeSet::new();
    let mut acc = Vec::new();
    for s in 0..g.n_states() as StateId {
        if !reached.contains(&name(s)) {
            continue;
        }
        acc.clear();
        g.successors(&mut acc, s);
        for &m in &acc {
            if g.mechanic(s, m) {
                out.insert((name(s), name(m.to), g.directions().name(m.dir).to_string()));
            }
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// The engine's mechanic moves are the walker's, found one configuration at a time.
    #[test]
    fn mechanic_moves_match_the_walker(maze in bloxorz_board()) {
        prop_assert_eq!(engine_mechanics(&maze), roll_walker::mechanic_moves(&maze));
    }
}

/// The walker and the engine agree on every published stage too.
#[test]
fn engine_matches_the_walker_on_the_published_stages() {
    for stage in [2, 8, 10, 16, 23, 29] {
        let maze::variants::Maze::RollingBlock(m) =
            read(&root().join(format!("tests/fixtures/bloxorz/stage{stage:02}.ron")))
        else {
            panic!("stage {stage} is not a rolling-block maze")
        };
        assert_eq!(engine_walk(&m), roll_walker::walk(&m), "stage {stage}");
        // The bridge and the split stages: the larger ones add time, not cases.
        if stage <= 8 {
            assert_eq!(
                engine_mechanics(&m),
                roll_walker::mechanic_moves(&m),
                "stage {stage}"
            );
        }
    }
}

/// The shared instances record how many states a breadth-first search from the start
/// explores up to the goal's depth (286 and 596): the states of depth at most the shortest
/// length here, so this engine's state space is theirs.
#[test]
fn the_states_explored_agree_with_the_shared_instances() {
    for (id, explored) in [("bloxorz_stage02", 286), ("bloxorz_stage08", 596)] {
        let a = fixture(&format!("tests/fixtures/families/{id}.ron"));
        let length = a.features.shortest_length.unwrap();
        let within = (0..a.features.n_states as StateId)
            .filter(|&s| a.features.depth(s).is_some_and(|d| d <= length))
            .count();
        assert_eq!(within, explored, "{id}");
    }
}
