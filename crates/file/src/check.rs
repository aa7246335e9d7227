//! Whether a maze file is publishable, as `maze check` and the studio decide it: a reachable
//! goal, a unique shortest solution, no black holes, and the file's own gates.

use maze_features::Features;
use maze_gen::Scorer;

use crate::MazeFile;

/// Why the maze of `file`, whose features are `features`, is not publishable, one reason
/// per gate it misses (empty when it is publishable). The gates are the file's own with
/// `solvable`, `unique_shortest` and `no_black_holes` on, whatever the file says of them.
pub fn unpublishable(file: &MazeFile, features: &Features) -> Vec<String> {
    let gates = file
        .generate
        .as_ref()
        .map(|g| g.gates)
        .unwrap_or_default()
        .publishable();
    let objective = file
        .generate
        .as_ref()
        .map(|g| g.objective.clone())
        .unwrap_or_default();
    Scorer::new(objective, gates)
        .failed_gates(features)
        .iter()
        .map(ToString::to_string)
        .collect()
}
