//! The analysis of a maze as one serializable object: every feature under its RULES.md name,
//! the solution's states and every state's depth by name, the energies, the RollingBlock
//! score term by term, the grade and the dead-end cells. `maze analyze --json` prints it and
//! the studio answers it, so both say the same thing in the same order.

use maze_features::{Features, Grade, RollingBlockScore, UNREACHED};
use maze_graph::{Rules, StateId};
use maze_variants::{CompiledMaze, Maze};
use serde::Serialize;
use serde::ser::SerializeMap;

/// State depths as a JSON object in state order, `null` for unreachable states.
struct Depths<'a> {
    compiled: &'a CompiledMaze,
    depths: &'a [u32],
}

impl Serialize for Depths<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.depths.len()))?;
        for (s, &d) in self.depths.iter().enumerate() {
            let name = self.compiled.state_name(s as StateId);
            map.serialize_entry(&name, &(d != UNREACHED).then_some(d))?;
        }
        map.end()
    }
}

#[derive(Serialize)]
struct Energies {
    #[serde(rename = "Neller")]
    neller: f64,
    #[serde(rename = "GoalDepth")]
    goal_depth: f64,
    #[serde(rename = "RollingBlock", skip_serializing_if = "Option::is_none")]
    rolling_block: Option<f64>,
}

/// The analysis of one maze, ready to serialize ([`analysis`] builds it).
#[derive(Serialize)]
pub struct Analysis<'a> {
    #[serde(flatten)]
    features: &'a Features,
    solution_states: Option<Vec<String>>,
    depths: Depths<'a>,
    energy: Energies,
    /// The RollingBlock score term by term, for rolling-block mazes.
    #[serde(skip_serializing_if = "Option::is_none")]
    rolling_block: Option<RollingBlockScore>,
    /// The difficulty grade, none without a solution.
    grade: Option<Grade>,
    dead_end_cells: Vec<(usize, usize)>,
    /// What the designer should know although nothing is wrong: a counter whose range stops
    /// moves in a reachable state ([`warnings`]).
    warnings: Vec<String>,
}

/// What a designer should hear about `maze` although it reads and solves: each move out of a
/// reachable state that a counter's range stops, naming the counter, the landing cell and the
/// bound (a range written too small drops moves without a word otherwise).
pub fn warnings(maze: &Maze, compiled: &CompiledMaze, features: &Features) -> Vec<String> {
    compiled
        .counter_stops(maze, |s| features.depth(s).is_some())
        .iter()
        .map(ToString::to_string)
        .collect()
}

/// The analysis of `maze` (compiled as `compiled`) whose features are `features`.
pub fn analysis<'a>(
    maze: &Maze,
    compiled: &'a CompiledMaze,
    features: &'a Features,
) -> Analysis<'a> {
    analysis_given(maze, compiled, features, compiled.dead_end_cells())
}

/// [`analysis`] given the dead-end cells ([`CompiledMaze::dead_end_cells`]), found by a
/// caller that can find them faster.
pub fn analysis_given<'a>(
    maze: &Maze,
    compiled: &'a CompiledMaze,
    features: &'a Features,
    dead_end_cells: Vec<(usize, usize)>,
) -> Analysis<'a> {
    let rolling_block = maze
        .rolling_block_weights()
        .map(|w| maze_features::rolling_block_score(features, w));
    Analysis {
        features,
        solution_states: features
            .solution_states
            .as_ref()
            .map(|states| states.iter().map(|&s| compiled.state_name(s)).collect()),
        depths: Depths {
            compiled,
            depths: &features.depths,
        },
        energy: Energies {
            neller: maze_features::neller(features),
            goal_depth: maze_features::goal_depth(features),
            rolling_block: rolling_block.as_ref().map(|s| s.energy),
        },
        rolling_block,
        grade: maze_features::grade(features),
        dead_end_cells,
        warnings: warnings(maze, compiled, features),
    }
}
