//! A generation under a deadline that ends on time whatever one evaluation costs: the
//! search runs on a thread of its own, and is abandoned if it has not returned shortly after
//! the deadline.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};

use crate::{Budget, Error, Outcome, Settings};

/// How long after the deadline a search may still return: the search checks the clock
/// between evaluations and computes its best maze's features after stopping, which takes
/// milliseconds on most boards; past this the caller stops waiting.
pub(crate) const GRACE: Duration = Duration::from_millis(500);

/// The search's stack: as large as a main thread's, which searches run on without a
/// deadline.
const STACK: usize = 8 << 20;

/// What the search thread tells the waiting one.
enum Message {
    Progress(u64),
    Done(Box<Result<Outcome, Error>>),
}

/// [`crate::generate_with`] with `deadline`: the search on its own thread, `progress` called
/// on this one. Past `deadline + GRACE` the search is told to stop (it does at its next
/// iteration, or after the evaluation in progress, on its own thread, and its result is
/// dropped) and [`Error::TimedOut`] is returned.
pub(crate) fn generate_by(
    settings: &Settings,
    budget: Budget,
    seed: u64,
    deadline: Instant,
    progress: &mut dyn FnMut(u64),
) -> Result<Outcome, Error> {
    let stop = Arc::new(AtomicBool::new(false));
    let (tx, rx) = mpsc::channel();
    let (owned, stopped) = (settings.clone(), Arc::clone(&stop));
    // Iterations done, for the error: the search's own count as last reported.
    let mut done = 0;
    let spawned = std::thread::Builder::new()
        .name("maze-search".to_string())
        .stack_size(STACK)
        .spawn(move || {
            let tell = tx.clone();
            let result = crate::generate_stoppable(
                &owned,
                budget,
                seed,
                &mut |i| {
                    let _ = tell.send(Message::Progress(i));
                },
                Some(&stopped),
            );
            let _ = tx.send(Message::Done(Box::new(result)));
        });
    let Ok(handle) = spawned else {
        // No thread to be had: the search runs here, stopping between evaluations.
        return crate::generate_stoppable(settings, budget, seed, progress, None);
    };
    let give_up = deadline + GRACE;
    loop {
        match rx.recv_timeout(give_up.saturating_duration_since(Instant::now())) {
            Ok(Message::Progress(i)) => {
                done = i;
                progress(i);
            }
            Ok(Message::Done(result)) => return *result,
            Err(RecvTimeoutError::Timeout) => {
                stop.store(true, Ordering::Relaxed);
                return Err(Error::TimedOut { iterations: done });
            }
            // The search thread ended without a result: it panicked, and so does this one.
            Err(RecvTimeoutError::Disconnected) => match handle.join() {
                Err(panic) => std::panic::resume_unwind(panic),
                Ok(()) => return Err(Error::NothingEvaluated),
            },
        }
    }
}
