//! What changed between two valid versions of a file: states and moves added and removed (by
//! state name) and every followed feature whose value changed.

use serde_json::{Value, json};

use crate::analysis::Digest;

/// The most names a list of added or removed states or moves carries (the counts are exact).
const SHOWN: usize = 200;

/// The difference from `before` to `after`.
pub(crate) fn diff(before: &Digest, after: &Digest) -> Value {
    let features: Vec<Value> = after
        .features
        .iter()
        .filter_map(|(name, now)| {
            let was = before.features.get(name).unwrap_or(&Value::Null);
            (was != now).then(|| json!({ "feature": name, "before": was, "after": now }))
        })
        .collect();
    let (states, moves) = match (
        (&before.states, &after.states),
        (&before.moves, &after.moves),
    ) {
        ((Some(b), Some(a)), (Some(bm), Some(am))) => (lists(b, a), lists(bm, am)),
        _ => (Value::Null, Value::Null),
    };
    let same = features.is_empty()
        && [&states, &moves].iter().all(|l| {
            l["added_count"].as_u64() == Some(0) && l["removed_count"].as_u64() == Some(0)
        });
    json!({
        "same": same,
        "features": features,
        "states": states,
        "moves": moves,
    })
}

/// Added and removed entries of two sorted lists, by a merge.
fn lists(before: &[String], after: &[String]) -> Value {
    let (mut added, mut removed) = (Vec::new(), Vec::new());
    let (mut i, mut j) = (0, 0);
    while i < before.len() || j < after.len() {
        match (before.get(i), after.get(j)) {
            (Some(b), Some(a)) if b == a => {
                i += 1;
                j += 1;
            }
            (Some(b), Some(a)) if b < a => {
                removed.push(b);
                i += 1;
            }
            (Some(b), None) => {
                removed.push(b);
                i += 1;
            }
            (_, Some(a)) => {
                added.push(a);
                j += 1;
            }
            (None, None) => break,
        }
    }
    json!({
        "added_count": added.len(),
        "removed_count": removed.len(),
        "added": added.iter().take(SHOWN).collect::<Vec<_>>(),
        "removed": removed.iter().take(SHOWN).collect::<Vec<_>>(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn a_merge_finds_what_was_added_and_removed() {
        let d = lists(&strings(&["a", "b", "d"]), &strings(&["b", "c", "d", "e"]));
        assert_eq!(d["added"], json!(["c", "e"]));
        assert_eq!(d["removed"], json!(["a"]));
    }

    #[test]
    fn equal_digests_are_the_same() {
        let digest = Digest {
            states: Some(strings(&["x"])),
            moves: Some(Vec::new()),
            features: [("states", json!(1))].into_iter().collect(),
        };
        assert_eq!(diff(&digest, &digest)["same"], json!(true));
    }
}
