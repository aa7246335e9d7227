//! CPU-time clocks the benchmarks time with, and the median and spread of repeated runs.
//!
//! On a machine shared with other work, wall time counts whatever preempts a run: a run of
//! the generator read 25% slower or faster from one benchmark to the next. CPU time counts
//! only the work's own.

use std::time::Duration;

/// The calling thread's CPU time so far.
pub(crate) fn thread_time() -> Duration {
    let mut now = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // std has no thread CPU clock; clock_gettime only writes the timespec it is given.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut now) };
    if rc != 0 {
        return Duration::ZERO;
    }
    Duration::new(now.tv_sec as u64, now.tv_nsec as u32)
}

/// CPU time (user + system) of this process so far, all threads.
pub(crate) fn process_time() -> Duration {
    usage(libc::RUSAGE_SELF)
}

/// CPU time (user + system) of this process's children that have ended and been waited for.
pub(crate) fn children_time() -> Duration {
    usage(libc::RUSAGE_CHILDREN)
}

fn usage(who: libc::c_int) -> Duration {
    // SAFETY: getrusage only writes the struct it is given.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    if unsafe { libc::getrusage(who, &mut usage) } != 0 {
        return Duration::ZERO;
    }
    let time = |t: libc::timeval| {
        Duration::from_secs(t.tv_sec as u64) + Duration::from_micros(t.tv_usec as u64)
    };
    time(usage.ru_utime) + time(usage.ru_stime)
}

/// The median of `times` (the lower one of an even count) and their spread: the slowest
/// minus the fastest, over the median (0 for one run).
pub(crate) fn median_spread(times: &[Duration]) -> (Duration, f64) {
    let mut sorted = times.to_vec();
    sorted.sort();
    let Some(&median) = sorted.get(sorted.len().saturating_sub(1) / 2) else {
        return (Duration::ZERO, 0.0);
    };
    let (fastest, slowest) = (sorted[0], sorted[sorted.len() - 1]);
    let spread = (slowest - fastest).as_secs_f64() / median.as_secs_f64().max(f64::MIN_POSITIVE);
    (median, spread)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_median_is_a_run_and_the_spread_is_the_range_over_it() {
        let ms = Duration::from_millis;
        assert_eq!(median_spread(&[ms(30), ms(10), ms(20)]), (ms(20), 1.0));
        assert_eq!(median_spread(&[ms(40), ms(10), ms(20), ms(30)]).0, ms(20));
        assert_eq!(median_spread(&[ms(7)]), (ms(7), 0.0));
        assert_eq!(median_spread(&[]), (Duration::ZERO, 0.0));
    }

    #[test]
    fn the_clocks_count_work() {
        let (thread, process) = (thread_time(), process_time());
        let mut x = 0u64;
        for i in 0..20_000_000u64 {
            x = std::hint::black_box(x.wrapping_mul(31).wrapping_add(i));
        }
        std::hint::black_box(x);
        assert!(thread_time() > thread);
        assert!(process_time() > process);
    }
}
