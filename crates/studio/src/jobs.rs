//! Long work in the background: generating N mazes from a file's `generate:` settings, and
//! comparing files by the populations they generate (`maze compare`'s figures and
//! histograms). Each job runs on a thread of its own, so it never holds up analysis; it
//! reports progress, can be cancelled (between mazes, and each maze's search is bounded by
//! the time budget), and a file has at most one generation at a time.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use maze::features::Features;
use maze::file::MazeFile;
use maze::generate::{Budget, Made, Provenance, Settings};
use serde_json::{Value, json};

/// The most mazes one job may ask for.
pub(crate) const MAX_COUNT: u64 = 200;

/// The most jobs remembered; finished ones are forgotten oldest first past it.
const KEPT: usize = 64;

/// The distributions compared, by `maze compare`'s JSON names.
const FEATURES: [&str; 5] = [
    "shortest_length",
    "forward_decisions",
    "reachable",
    "grade",
    "generation_ms",
];

/// Why a job could not start.
#[derive(Debug, thiserror::Error)]
pub(crate) enum JobError {
    #[error("`{0}` is generating already: cancel it or wait for it to finish")]
    Busy(String),
    #[error("count must be between 1 and {MAX_COUNT}")]
    Count,
    #[error("the settings cannot generate: {0}")]
    Settings(String),
    #[error("no job {0}")]
    NoJob(u64),
}

/// One job's shared state.
struct Job {
    kind: &'static str,
    /// The file (or files) it works on, which holds the file's generation slot.
    files: Vec<String>,
    total: u64,
    cancel: AtomicBool,
    state: Mutex<State>,
}

#[derive(Default)]
struct State {
    status: &'static str,
    /// Mazes finished, and the fraction of the current one's iterations done.
    done: u64,
    partial: f64,
    results: Vec<Value>,
    comparison: Option<Value>,
    error: Option<String>,
}

impl Job {
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// The jobs of this studio.
#[derive(Default)]
pub(crate) struct Jobs {
    jobs: Mutex<(u64, BTreeMap<u64, Arc<Job>>)>,
    busy: Arc<Mutex<BTreeSet<String>>>,
}

/// One file to generate from.
pub(crate) struct Source {
    /// The name the page gives it (its file name); the seed and generated names derive from
    /// its stem, as `maze generate` derives them from the file's.
    pub name: String,
    pub text: String,
    pub file: MazeFile,
}

impl Jobs {
    fn lock(&self) -> MutexGuard<'_, (u64, BTreeMap<u64, Arc<Job>>)> {
        self.jobs
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn claim(&self, names: &[String]) -> Result<(), JobError> {
        let mut busy = self
            .busy
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(name) = names.iter().find(|n| busy.contains(*n)) {
            return Err(JobError::Busy(name.clone()));
        }
        busy.extend(names.iter().cloned());
        Ok(())
    }

    fn register(&self, job: Arc<Job>) -> u64 {
        let mut jobs = self.lock();
        jobs.0 += 1;
        let id = jobs.0;
        jobs.1.insert(id, job);
        while jobs.1.len() > KEPT {
            let finished = jobs
                .1
                .iter()
                .find(|(_, j)| j.lock().status != "running")
                .map(|(&id, _)| id);
            match finished {
                Some(old) => jobs.1.remove(&old),
                None => break,
            };
        }
        id
    }

    /// Starts generating `count` mazes from `source`'s settings, maze k from
    /// `item_seed(seed, stem, k)`; passing mazes are written into `out` when given.
    pub(crate) fn generate(
        &self,
        source: Source,
        count: u64,
        seed: u64,
        budget: Duration,
        out: Option<std::path::PathBuf>,
    ) -> Result<u64, JobError> {
        if count == 0 || count > MAX_COUNT {
            return Err(JobError::Count);
        }
        let settings = source
            .file
            .settings()
            .map_err(|e| JobError::Settings(e.to_string()))?;
        let names = vec![source.name.clone()];
        self.claim(&names)?;
        let job = Arc::new(Job {
            kind: "generate",
            files: names,
            total: count,
            cancel: AtomicBool::new(false),
            state: Mutex::new(State {
                status: "running",
                ..State::default()
            }),
        });
        let id = self.register(Arc::clone(&job));
        let busy = Arc::clone(&self.busy);
        std::thread::spawn(move || {
            let stem = stem(&source.name);
            let hash = maze::generate::variant_hash(&source.text);
            for index in 0..count {
                if job.cancel.load(Ordering::Relaxed) {
                    break;
                }
                let Some(one) = generate_one(&job, &settings, seed, &stem, index, budget) else {
                    break;
                };
                let provenance = Provenance {
                    variant: stem.clone(),
                    variant_hash: Some(hash.clone()),
                    seed,
                    index,
                    iterations: one.iterations,
                    engine: maze::generate::ENGINE.to_string(),
                    retry: 0,
                    timed_out: false,
                };
                let text = one.outcome.file_text(&settings, provenance);
                let name = format!("{stem}-{seed}-{index}.ron");
                let written = match &out {
                    Some(folder) if one.outcome.passed() => {
                        maze::batch::write_atomic(&folder.join(&name), text.as_bytes()).is_ok()
                    }
                    _ => false,
                };
                let result = json!({
                    "index": index,
                    "seed": one.seed,
                    "name": name,
                    "text": text,
                    "svg": maze::render::svg(&one.outcome.maze, maze::render::Options::default()),
                    "passed": one.outcome.passed(),
                    "failed_gates": one.outcome.failed_gates.iter().map(ToString::to_string).collect::<Vec<_>>(),
                    "timed_out": one.outcome.timed_out,
                    "millis": one.millis,
                    "written": written,
                    "features": figures(&one.outcome.features),
                });
                let mut state = job.lock();
                state.results.push(result);
                state.done = index + 1;
                state.partial = 0.0;
            }
            finish(&job, &busy);
        });
        Ok(id)
    }

    /// Starts comparing `sources` by `count` mazes each, as `maze compare` does.
    pub(crate) fn compare(
        &self,
        sources: Vec<Source>,
        count: u64,
        seed: u64,
        budget: Duration,
    ) -> Result<u64, JobError> {
        if count == 0 || count * sources.len() as u64 > MAX_COUNT {
            return Err(JobError::Count);
        }
        let mut settings = Vec::new();
        for s in &sources {
            settings.push(
                s.file
                    .settings()
                    .map_err(|e| JobError::Settings(format!("{}: {e}", s.name)))?,
            );
        }
        let names: Vec<String> = sources.iter().map(|s| s.name.clone()).collect();
        self.claim(&names)?;
        let job = Arc::new(Job {
            kind: "compare",
            files: names,
            total: count * sources.len() as u64,
            cancel: AtomicBool::new(false),
            state: Mutex::new(State {
                status: "running",
                ..State::default()
            }),
        });
        let id = self.register(Arc::clone(&job));
        let busy = Arc::clone(&self.busy);
        std::thread::spawn(move || {
            let mut populations = Vec::new();
            'sources: for (s, settings) in sources.iter().zip(&settings) {
                let stem = stem(&s.name);
                let mut samples = Vec::new();
                for index in 0..count {
                    if job.cancel.load(Ordering::Relaxed) {
                        break 'sources;
                    }
                    let Some(one) = generate_one(&job, settings, seed, &stem, index, budget) else {
                        break 'sources;
                    };
                    samples.push(one);
                    let mut state = job.lock();
                    state.done += 1;
                    state.partial = 0.0;
                }
                populations.push(population(&s.name, settings, &samples));
            }
            if !job.cancel.load(Ordering::Relaxed) {
                job.lock().comparison = Some(comparison(seed, count, &populations));
            }
            finish(&job, &busy);
        });
        Ok(id)
    }

    /// A job's progress and results.
    pub(crate) fn status(&self, id: u64, from: usize) -> Result<Value, JobError> {
        let job = self.lock().1.get(&id).cloned().ok_or(JobError::NoJob(id))?;
        let state = job.lock();
        Ok(json!({
            "job": id,
            "kind": job.kind,
            "files": job.files,
            "status": state.status,
            "count": job.total,
            "done": state.done,
            "progress": (state.done as f64 + state.partial) / job.total.max(1) as f64,
            "from": from,
            "results": state.results.get(from..).unwrap_or_default(),
            "comparison": state.comparison,
            "error": state.error,
        }))
    }

    /// Asks job `id` to stop (after the maze it is on).
    pub(crate) fn cancel(&self, id: u64) -> Result<Value, JobError> {
        let job = self.lock().1.get(&id).cloned().ok_or(JobError::NoJob(id))?;
        job.cancel.store(true, Ordering::Relaxed);
        self.status(id, usize::MAX)
    }

    /// Cancels every job (the studio is stopping).
    pub(crate) fn cancel_all(&self) {
        for job in self.lock().1.values() {
            job.cancel.store(true, Ordering::Relaxed);
        }
    }
}

/// One generated maze.
struct One {
    outcome: maze::generate::Outcome,
    seed: u64,
    iterations: u64,
    millis: f64,
}

/// Generates maze `index` of the job, its search ended by `budget` at the latest, reporting
/// the fraction of its iterations done.
fn generate_one(
    job: &Job,
    settings: &Settings,
    seed: u64,
    stem: &str,
    index: u64,
    budget: Duration,
) -> Option<One> {
    let item = maze::generate::item_seed(seed, stem, index);
    let iterations = settings.search.iterations().max(1);
    let started = Instant::now();
    let budget = Budget {
        iterations: None,
        deadline: Some(started + budget),
    };
    let outcome = maze::generate::generate_with(settings, budget, item, &mut |i| {
        job.lock().partial = (i as f64 / iterations as f64).min(1.0);
    });
    let millis = started.elapsed().as_secs_f64() * 1000.0;
    match outcome {
        Ok(outcome) => Some(One {
            iterations: if outcome.timed_out {
                outcome.iterations
            } else {
                iterations
            },
            outcome,
            seed: item,
            millis,
        }),
        Err(e) => {
            // Validated settings do not fail; keep the reason if they ever do.
            job.lock().error = Some(e.to_string());
            job.cancel.store(true, Ordering::Relaxed);
            None
        }
    }
}

fn finish(job: &Job, busy: &Mutex<BTreeSet<String>>) {
    {
        let mut state = job.lock();
        state.partial = 0.0;
        state.status = if state.error.is_some() {
            "failed"
        } else if job.cancel.load(Ordering::Relaxed) {
            "cancelled"
        } else {
            "done"
        };
    }
    let mut busy = busy
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    for name in &job.files {
        busy.remove(name);
    }
}

fn stem(name: &str) -> String {
    std::path::Path::new(name)
        .file_stem()
        .map_or_else(|| "maze".to_string(), |s| s.to_string_lossy().into_owned())
}

/// The features a gallery thumbnail shows.
fn figures(f: &Features) -> Value {
    json!({
        "shortest_length": f.shortest_length,
        "unique_shortest": f.unique_shortest,
        "shortest_paths": f.shortest_paths,
        "black_holes": f.black_holes.count,
        "white_holes": f.white_holes.count,
        "reachable": f.reachable,
        "states": f.n_states,
        "forward_decisions": f.forward_decisions,
        "grade": maze::features::grade(f).map(|g| g.level),
    })
}

/// Minimum, median, mean and maximum, with the values in maze order (`maze compare`'s).
fn stats(values: Vec<f64>) -> Value {
    // Numbers and options of numbers only: nothing here fails to serialize.
    serde_json::to_value(maze::batch::chart::stats(values)).unwrap_or(Value::Null)
}

/// One population's figures, as `maze compare --json` names them.
fn population(name: &str, settings: &Settings, samples: &[One]) -> Value {
    let count = |p: &dyn Fn(&One) -> bool| samples.iter().filter(|s| p(s)).count() as u64;
    let mut made = Made::default();
    for (k, s) in samples.iter().enumerate() {
        let _ = made.admit_maze(k as u64, &s.outcome.maze, s.outcome.passed());
    }
    let mazes = samples.len() as u64;
    let rate = |n: u64| n as f64 / mazes.max(1) as f64;
    let passed = count(&|s| s.outcome.passed());
    let unique = count(&|s| s.outcome.features.unique_shortest);
    let holes = count(&|s| s.outcome.features.black_holes.count > 0);
    let values = |f: &dyn Fn(&Features) -> Option<f64>| -> Vec<f64> {
        samples
            .iter()
            .filter_map(|s| f(&s.outcome.features))
            .collect()
    };
    json!({
        "variant": name,
        "objective": settings.objective.name(),
        "search": settings.search.name(),
        "iterations": settings.search.iterations(),
        "mazes": mazes,
        "passed_gates": passed,
        "solvable": count(&|s| s.outcome.features.shortest_length.is_some()),
        "unique_shortest": unique,
        "with_black_holes": holes,
        "distinct_puzzles": made.len(),
        "passed_rate": rate(passed),
        "unique_rate": rate(unique),
        "black_hole_rate": rate(holes),
        "shortest_length": stats(values(&|f| f.shortest_length.map(f64::from))),
        "forward_decisions": stats(values(&|f| f.forward_decisions)),
        "reachable": stats(values(&|f| Some(f.reachable as f64))),
        "grade": stats(values(&|f| maze::features::grade(f).map(|g| f64::from(g.level)))),
        "generation_ms": stats(samples.iter().map(|s| s.millis).collect()),
    })
}

/// The comparison: every population's figures, and per feature one histogram per population
/// on shared axes (the charts of `maze compare --html`).
fn comparison(seed: u64, count: u64, populations: &[Value]) -> Value {
    let names: Vec<&str> = populations
        .iter()
        .map(|p| p["variant"].as_str().unwrap_or(""))
        .collect();
    let mut charts = serde_json::Map::new();
    for feature in FEATURES {
        let values: Vec<Vec<f64>> = populations
            .iter()
            .map(|p| {
                p[feature]["values"]
                    .as_array()
                    .map(|v| v.iter().filter_map(Value::as_f64).collect())
                    .unwrap_or_default()
            })
            .collect();
        let slices: Vec<&[f64]> = values.iter().map(Vec::as_slice).collect();
        charts.insert(
            feature.to_string(),
            json!(maze::batch::chart::histograms(feature, &slices, &names)),
        );
    }
    json!({
        "seed": seed,
        "count": count,
        "engine": maze::generate::ENGINE,
        "variants": populations,
        "charts": charts,
        "style": maze::batch::chart::STYLE,
    })
}
