//! Wall time and peak resident memory of one command, measured from a small process of its
//! own (`cargo xtask measure`, hidden), so that the figure is the command's.
//!
//! Linux keeps a process's peak resident memory across `exec`, and a child starts with its
//! parent's: measured from a benchmark that has itself built and analysed large mazes, even
//! `maze solve` of a small board would report the benchmark's own peak. A fresh process of
//! this binary has only a few MiB when it starts the command.

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Runs a command and writes its wall time (seconds) and peak resident memory (bytes) to a
/// file, for [`measure`].
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// Where to write `SECONDS BYTES`.
    out: PathBuf,
    /// The command and its arguments.
    #[arg(trailing_var_arg = true, allow_hyphen_values = true, required = true)]
    command: Vec<OsString>,
}

/// The hidden `measure` subcommand: runs the command with this process's standard streams.
pub(crate) fn run(args: &Args) -> Result<(), String> {
    let (program, rest) = args
        .command
        .split_first()
        .ok_or("measure: no command given")?;
    let (time, peak) = wait_measured(Command::new(program).args(rest))?;
    std::fs::write(&args.out, format!("{} {peak}\n", time.as_secs_f64()))
        .map_err(|e| format!("{}: {e}", args.out.display()))
}

/// Runs `cmd` (its program, arguments, folder and environment; its standard output
/// discarded when `quiet`) from a fresh process of this binary, returning its wall time and
/// peak resident memory in bytes.
pub(crate) fn measure(cmd: &mut Command, quiet: bool) -> Result<(Duration, u64), String> {
    let exe = std::env::current_exe().map_err(|e| format!("cannot find this xtask: {e}"))?;
    let dir = crate::paths::target_dir().join("xtask-bench");
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let out = dir.join(format!("measure-{}.txt", std::process::id()));
    let mut helper = Command::new(exe);
    helper
        .arg("measure")
        .arg(&out)
        .arg("--")
        .arg(cmd.get_program())
        .args(cmd.get_args());
    if let Some(folder) = cmd.get_current_dir() {
        helper.current_dir(folder);
    }
    for (key, value) in cmd.get_envs() {
        match value {
            Some(value) => helper.env(key, value),
            None => helper.env_remove(key),
        };
    }
    if quiet {
        helper.stdout(Stdio::null());
    }
    let status = helper
        .status()
        .map_err(|e| format!("cannot start {cmd:?}: {e}"))?;
    if !status.success() {
        return Err(format!("{cmd:?} failed ({status})"));
    }
    let text = std::fs::read_to_string(&out).map_err(|e| format!("{}: {e}", out.display()))?;
    let _ = std::fs::remove_file(&out);
    let mut fields = text.split_whitespace();
    let seconds: f64 = fields
        .next()
        .and_then(|f| f.parse().ok())
        .ok_or("measure: no time")?;
    let peak: u64 = fields
        .next()
        .and_then(|f| f.parse().ok())
        .ok_or("measure: no peak")?;
    Ok((Duration::from_secs_f64(seconds), peak))
}

/// Runs a command from this process, returning its wall time and peak resident memory in
/// bytes.
fn wait_measured(cmd: &mut Command) -> Result<(Duration, u64), String> {
    let started = Instant::now();
    let child = cmd
        .spawn()
        .map_err(|e| format!("cannot start {cmd:?}: {e}"))?;
    let pid = child.id() as libc::pid_t;
    let mut status = 0;
    // SAFETY-free alternative does not exist in std: wait4 is the only way to get one
    // child's own rusage. The xtask crate is not under forbid(unsafe_code) for this reason.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let rc = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    let elapsed = started.elapsed();
    if rc < 0 {
        return Err(format!("wait4 failed for {cmd:?}"));
    }
    if !libc::WIFEXITED(status) || libc::WEXITSTATUS(status) != 0 {
        return Err(format!("{cmd:?} failed with status {status}"));
    }
    // Linux reports ru_maxrss in KiB.
    Ok((elapsed, usage.ru_maxrss as u64 * 1024))
}
