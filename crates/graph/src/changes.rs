//! A record of which states of a graph were re-read, so that a reader keeping something
//! derived from the graph (predecessor lists, same-jump clusters) can bring it up to date
//! from the few states a generator step touched instead of reading every state.

use std::sync::atomic::{AtomicU64, Ordering};

use crate::rules::StateId;

/// Identities of logs: a clone or a new graph never answers for another's marks.
static NEXT_ID: AtomicU64 = AtomicU64::new(1);

/// The states a graph re-read, in order, since some point; see [`Graph::changes`].
///
/// The log forgets (and a reader must read every state again) when the graph is rebuilt or
/// renumbered, and when more states were re-read than replaying them would save.
///
/// [`Graph::changes`]: crate::Graph::changes
#[derive(Debug)]
pub struct ChangeLog {
    id: u64,
    /// The position of `states[0]` in the log's whole history.
    first: u64,
    states: Vec<StateId>,
}

/// A point in one [`ChangeLog`]'s history, to ask later what changed since.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mark {
    id: u64,
    at: u64,
}

impl ChangeLog {
    /// An empty log with an identity of its own.
    pub fn new() -> ChangeLog {
        ChangeLog {
            id: NEXT_ID.fetch_add(1, Ordering::Relaxed),
            first: 0,
            states: Vec::new(),
        }
    }

    /// The present point of this log.
    pub fn mark(&self) -> Mark {
        Mark {
            id: self.id,
            at: self.first + self.states.len() as u64,
        }
    }

    /// The states re-read since `mark` (possibly repeated), or `None` when `mark` is of
    /// another log or from before something this log forgot.
    pub fn since(&self, mark: Mark) -> Option<&[StateId]> {
        if mark.id != self.id {
            return None;
        }
        let skip = usize::try_from(mark.at.checked_sub(self.first)?).ok()?;
        self.states.get(skip..)
    }

    /// Records that `state` was re-read; forgets everything when `most` states are already
    /// recorded, since a reader replaying them would do better to read the whole graph.
    pub(crate) fn push(&mut self, state: StateId, most: usize) {
        if self.states.len() >= most {
            self.forget();
        }
        self.states.push(state);
    }

    /// Makes every earlier mark unanswerable: the graph changed beyond a list of states.
    pub(crate) fn forget(&mut self) {
        self.first += self.states.len() as u64 + 1;
        self.states.clear();
    }
}

impl Default for ChangeLog {
    fn default() -> Self {
        ChangeLog::new()
    }
}

impl Clone for ChangeLog {
    /// An empty log of a new identity: the clone's states change apart from the original's.
    fn clone(&self) -> Self {
        ChangeLog::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mark_sees_what_came_after_it_until_the_log_forgets() {
        let mut log = ChangeLog::new();
        log.push(3, 10);
        let m = log.mark();
        assert_eq!(log.since(m), Some(&[][..]));
        log.push(5, 10);
        log.push(5, 10);
        assert_eq!(log.since(m), Some(&[5, 5][..]));
        log.forget();
        assert_eq!(log.since(m), None);
        let m = log.mark();
        log.push(7, 10);
        assert_eq!(log.since(m), Some(&[7][..]));
    }

    #[test]
    fn a_full_log_forgets_before_it_records() {
        let mut log = ChangeLog::new();
        let m = log.mark();
        log.push(1, 2);
        log.push(2, 2);
        assert_eq!(log.since(m), Some(&[1, 2][..]));
        log.push(3, 2);
        assert_eq!(log.since(m), None);
        assert_eq!(log.since(log.mark()), Some(&[][..]));
    }

    #[test]
    fn a_clone_answers_no_mark_of_the_original() {
        let mut log = ChangeLog::new();
        log.push(1, 10);
        let m = log.mark();
        let copy = log.clone();
        assert_eq!(copy.since(m), None);
        assert_eq!(log.since(m), Some(&[][..]));
    }
}
