//! The HTTP server: the page and its assets (embedded in the binary), and the JSON API of
//! `docs/STUDIO.md`. Engine work runs on the blocking thread pool behind a semaphore and
//! within the time budget, so no request can hang or crash the server; generation runs on
//! threads of its own (`jobs`), so it never holds up analysis.

use std::sync::Arc;

use axum::Json;
use axum::extract::{Path, Query, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde::Deserialize;
use serde_json::{Value, json};
use tokio::sync::{Semaphore, watch};

use crate::analysis::{self, Outcome};
use crate::files::Files;
use crate::guard::{self, Hosts};
use crate::jobs::{Jobs, Source};
use crate::play::{self, Games};
use crate::{Config, Error, Running, changes};

const PAGE: &str = include_str!("../assets/index.html");
const SCRIPT: &str = include_str!("../assets/studio.js");
const STYLE: &str = include_str!("../assets/studio.css");

/// How long the change feed holds a request open when nothing changes.
const POLL: std::time::Duration = std::time::Duration::from_secs(20);

/// Everything the handlers share.
struct Studio {
    config: Config,
    files: Arc<Files>,
    games: Games,
    jobs: Jobs,
    /// Engine work at once: one per core, so analysis queues rather than thrashes.
    work: Arc<Semaphore>,
    stop: watch::Receiver<bool>,
}

type Shared = Arc<Studio>;

/// An API error: a status and a sentence, sent as `{"error": ...}`.
struct ApiError(StatusCode, String);

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.0, Json(json!({ "error": self.1 }))).into_response()
    }
}

fn bad(e: impl std::fmt::Display) -> ApiError {
    ApiError(StatusCode::BAD_REQUEST, e.to_string())
}

type Answer = Result<Json<Value>, ApiError>;

pub(crate) async fn start(config: Config) -> Result<Running, Error> {
    let files = Arc::new(Files::open(&config.files, config.out.clone())?);
    let listener = tokio::net::TcpListener::bind(config.listen)
        .await
        .map_err(|source| Error::Bind {
            addr: config.listen,
            source,
        })?;
    let addr = listener.local_addr().map_err(Error::Serve)?;
    let watcher = files.watch();
    let (stop, stopped) = watch::channel(false);
    let cores = std::thread::available_parallelism().map_or(2, usize::from);
    let studio = Arc::new(Studio {
        config,
        files,
        games: Games::default(),
        jobs: Jobs::default(),
        work: Arc::new(Semaphore::new(cores.max(1))),
        stop: stopped.clone(),
    });
    let app = router(Arc::clone(&studio)).layer(axum::middleware::from_fn_with_state(
        Hosts::of(addr),
        guard::check,
    ));
    let mut shutdown = stopped;
    let task = tokio::spawn(async move {
        // Dropped when serving ends: no events after the studio stops.
        let _watcher = watcher;
        axum::serve(listener, app)
            .with_graceful_shutdown(async move {
                let _ = shutdown.wait_for(|&s| s).await;
                studio.jobs.cancel_all();
            })
            .await
            .map_err(Error::Serve)
    });
    Ok(Running { addr, stop, task })
}

fn router(studio: Shared) -> axum::Router {
    axum::Router::new()
        .route(
            "/",
            get(|| async { asset(PAGE, "text/html; charset=utf-8") }),
        )
        .route(
            "/studio.js",
            get(|| async { asset(SCRIPT, "text/javascript; charset=utf-8") }),
        )
        .route(
            "/studio.css",
            get(|| async { asset(STYLE, "text/css; charset=utf-8") }),
        )
        .route("/api/files", get(list_files).post(create_file))
        .route("/api/changes", get(changes_feed))
        .route("/api/save", post(save))
        .route("/api/analyze", post(analyze))
        .route("/api/diff", post(diff))
        .route("/api/play", post(play_start))
        .route("/api/play/{game}", post(play_command))
        .route("/api/generate", post(generate))
        .route("/api/compare", post(compare))
        .route("/api/jobs/{job}", get(job_status))
        .route("/api/jobs/{job}/cancel", post(job_cancel))
        .with_state(studio)
}

fn asset(body: &'static str, kind: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, kind),
            // Nothing is loaded from anywhere else, so the page may say so.
            (
                header::CONTENT_SECURITY_POLICY,
                "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'",
            ),
            (header::CACHE_CONTROL, "no-store"),
        ],
        body,
    )
        .into_response()
}

impl Studio {
    /// Runs `work` on the blocking pool once a permit is free, within the time budget
    /// (waiting for the permit included).
    async fn engine<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, ApiError> {
        let budget = self.config.budget;
        let too_long = || {
            ApiError(
                StatusCode::SERVICE_UNAVAILABLE,
                format!(
                    "the work took longer than the studio's time budget ({} s): a smaller board, or a lower state limit, keeps it in budget",
                    budget.as_secs_f64()
                ),
            )
        };
        let run = async {
            let permit = Arc::clone(&self.work)
                .acquire_owned()
                .await
                .map_err(|_| ApiError(StatusCode::SERVICE_UNAVAILABLE, "stopping".into()))?;
            tokio::task::spawn_blocking(move || {
                let _permit = permit;
                work()
            })
            .await
            .map_err(|_| {
                ApiError(
                    StatusCode::INTERNAL_SERVER_ERROR,
                    "the engine failed on this file (a bug worth reporting with the file)".into(),
                )
            })
        };
        tokio::time::timeout(budget, run)
            .await
            .map_err(|_| too_long())?
    }
}

async fn list_files(State(studio): State<Shared>) -> Json<Value> {
    Json(studio.files.list())
}

#[derive(Deserialize)]
struct Since {
    #[serde(default)]
    since: u64,
}

/// Answers when a file changed on disk after `since` (or after a while with no change).
async fn changes_feed(State(studio): State<Shared>, Query(q): Query<Since>) -> Json<Value> {
    let mut changed = studio.files.subscribe();
    let mut stop = studio.stop.clone();
    if studio.files.version() <= q.since && !*stop.borrow() {
        tokio::select! {
            _ = changed.wait_for(|&v| v > q.since) => {}
            _ = stop.wait_for(|&s| s) => {}
            () = tokio::time::sleep(POLL) => {}
        }
    }
    Json(studio.files.list())
}

#[derive(Deserialize)]
struct NewFile {
    name: String,
    text: String,
}

async fn create_file(State(studio): State<Shared>, Json(new): Json<NewFile>) -> Answer {
    studio
        .files
        .create(&new.name, &new.text)
        .map(Json)
        .map_err(bad)
}

#[derive(Deserialize)]
struct Save {
    id: usize,
    text: String,
}

async fn save(State(studio): State<Shared>, Json(save): Json<Save>) -> Answer {
    let files = Arc::clone(&studio.files);
    // A write is IO, off the async threads.
    tokio::task::spawn_blocking(move || files.save(save.id, &save.text))
        .await
        .map_err(|e| ApiError(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?
        .map(Json)
        .map_err(|e| ApiError(StatusCode::CONFLICT, e.to_string()))
}

#[derive(Deserialize)]
struct Which {
    file: Option<usize>,
    name: Option<String>,
}

/// `POST /api/analyze[?file=ID]`: the body is a maze file's text.
async fn analyze(State(studio): State<Shared>, Query(which): Query<Which>, text: String) -> Answer {
    let limit = studio.config.state_limit;
    // What the file had: its name, its saved text and the digests to compare with.
    let known = which.file.and_then(|id| {
        let files = studio.files.lock();
        let file = files.get(id)?;
        let saved = match &file.saved {
            Some((v, d)) if *v == file.version => Some(d.clone()),
            _ => None,
        };
        Some((
            id,
            file.name.clone(),
            file.disk.clone(),
            file.version,
            saved,
        ))
    });
    let name = known
        .as_ref()
        .map(|k| k.1.clone())
        .or(which.name)
        .unwrap_or_else(|| "maze.ron".to_string());
    let disk = known.as_ref().map(|k| (k.2.clone(), k.4.is_none()));
    let (outcome, saved) = studio
        .engine(move || {
            let outcome = analysis::analyze(&name, &text, limit);
            let saved = match (&outcome, disk) {
                (Outcome::Valid(_), Some((disk, true))) => {
                    Some(analysis::digest_of(&name, &disk, limit).ok())
                }
                _ => None,
            };
            (outcome, saved)
        })
        .await?;
    let analysed = match outcome {
        Outcome::Invalid(diagnostics) => {
            return Ok(Json(json!({ "ok": false, "diagnostics": diagnostics })));
        }
        Outcome::Valid(analysed) => analysed,
    };
    let mut body = analysed.body;
    if let Some((id, _, _, version, cached)) = known {
        let mut files = studio.files.lock();
        if let Some(file) = files.get_mut(id) {
            let saved = match saved {
                Some(fresh) => {
                    file.saved = Some((version, fresh.clone()));
                    fresh
                }
                None => cached.flatten(),
            };
            let previous = file.last_valid.replace(analysed.digest.clone());
            body["changes"] = json!({
                "previous": previous.map(|p| changes::diff(&p, &analysed.digest)),
                "saved": saved.map(|s| changes::diff(&s, &analysed.digest)),
            });
        }
    }
    body["ok"] = json!(true);
    Ok(Json(body))
}

#[derive(Deserialize)]
struct Diff {
    before: String,
    after: String,
}

/// `POST /api/diff`: what changed from one text to another.
async fn diff(State(studio): State<Shared>, Json(d): Json<Diff>) -> Answer {
    let limit = studio.config.state_limit;
    let result = studio
        .engine(move || {
            let before = analysis::digest_of("before.ron", &d.before, limit);
            let after = analysis::digest_of("after.ron", &d.after, limit);
            match (before, after) {
                (Ok(b), Ok(a)) => Ok(changes::diff(&b, &a)),
                (b, a) => Err(json!({
                    "before": b.err(),
                    "after": a.err(),
                })),
            }
        })
        .await?;
    Ok(Json(match result {
        Ok(diff) => json!({ "ok": true, "changes": diff }),
        Err(diagnostics) => json!({ "ok": false, "diagnostics": diagnostics }),
    }))
}

#[derive(Deserialize)]
struct PlayStart {
    text: String,
    #[serde(default)]
    name: Option<String>,
}

/// `POST /api/play`: a new game of the text's maze.
async fn play_start(State(studio): State<Shared>, Json(start): Json<PlayStart>) -> Answer {
    let limit = studio.config.state_limit;
    let name = start.name.unwrap_or_else(|| "maze.ron".to_string());
    let shared = Arc::clone(&studio);
    let answer = studio
        .engine(
            move || match analysis::compiled(&name, &start.text, limit) {
                Ok((file, compiled)) => {
                    json!({ "ok": true, "game": shared.games.start(&name, file.maze, compiled) })
                }
                Err(diagnostics) => json!({ "ok": false, "diagnostics": diagnostics }),
            },
        )
        .await?;
    Ok(Json(answer))
}

/// `POST /api/play/{game}`: one command.
async fn play_command(
    State(studio): State<Shared>,
    Path(game): Path<u64>,
    Json(request): Json<play::Request>,
) -> Answer {
    studio
        .games
        .command(game, &request)
        .map(Json)
        .map_err(|e| match e {
            play::PlayError::NoGame(_) => ApiError(StatusCode::NOT_FOUND, e.to_string()),
            play::PlayError::NoDirection(_) => bad(e),
        })
}

#[derive(Deserialize)]
struct Generate {
    name: String,
    text: String,
    #[serde(default = "three")]
    count: u64,
    #[serde(default = "one")]
    seed: u64,
}

fn three() -> u64 {
    3
}

fn one() -> u64 {
    1
}

/// Reads texts to generate from, on the blocking pool.
async fn sources(studio: &Studio, named: Vec<(String, String)>) -> Result<Vec<Source>, ApiError> {
    let limit = studio.config.state_limit;
    studio
        .engine(move || {
            named
                .into_iter()
                .map(|(name, text)| match analysis::read(&name, &text, limit) {
                    Ok(file) => Ok(Source { name, text, file }),
                    Err(d) => Err(d
                        .first()
                        .map(|d| {
                            format!(
                                "{name} cannot be read: line {}, column {}: {}",
                                d.line, d.column, d.message
                            )
                        })
                        .unwrap_or_else(|| format!("{name} cannot be read"))),
                })
                .collect::<Result<Vec<_>, String>>()
        })
        .await?
        .map_err(|e| ApiError(StatusCode::UNPROCESSABLE_ENTITY, e))
}

/// `POST /api/generate`: a generation job.
async fn generate(State(studio): State<Shared>, Json(g): Json<Generate>) -> Answer {
    let mut sources = sources(&studio, vec![(g.name, g.text)]).await?;
    let source = sources
        .pop()
        .ok_or_else(|| bad("nothing to generate from"))?;
    let out = studio.files.out().map(std::path::Path::to_path_buf);
    studio
        .jobs
        .generate(source, g.count, g.seed, studio.config.budget, out)
        .map(|job| Json(json!({ "job": job })))
        .map_err(|e| ApiError(StatusCode::CONFLICT, e.to_string()))
}

#[derive(Deserialize)]
struct Compare {
    files: Vec<NewFile>,
    #[serde(default = "ten")]
    count: u64,
    #[serde(default = "one")]
    seed: u64,
}

fn ten() -> u64 {
    10
}

/// `POST /api/compare`: a comparison job.
async fn compare(State(studio): State<Shared>, Json(c): Json<Compare>) -> Answer {
    if c.files.len() < 2 {
        return Err(bad("compare needs two files or more"));
    }
    let named = c.files.into_iter().map(|f| (f.name, f.text)).collect();
    let sources = sources(&studio, named).await?;
    studio
        .jobs
        .compare(sources, c.count, c.seed, studio.config.budget)
        .map(|job| Json(json!({ "job": job })))
        .map_err(|e| ApiError(StatusCode::CONFLICT, e.to_string()))
}

#[derive(Deserialize)]
struct From {
    #[serde(default)]
    from: usize,
}

/// `GET /api/jobs/{job}[?from=K]`: results from the K-th on, so a page polling a long job
/// is not sent the same mazes again.
async fn job_status(
    State(studio): State<Shared>,
    Path(job): Path<u64>,
    Query(q): Query<From>,
) -> Answer {
    studio
        .jobs
        .status(job, q.from)
        .map(Json)
        .map_err(|e| ApiError(StatusCode::NOT_FOUND, e.to_string()))
}

async fn job_cancel(State(studio): State<Shared>, Path(job): Path<u64>) -> Answer {
    studio
        .jobs
        .cancel(job)
        .map(Json)
        .map_err(|e| ApiError(StatusCode::NOT_FOUND, e.to_string()))
}
