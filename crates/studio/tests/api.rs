//! The studio's JSON API as a script uses it: a studio on a free loopback port, called over
//! plain HTTP (docs/STUDIO.md).

mod common;

use std::time::Duration;

use common::{Served, config, get, post_json, post_text, request, variant, variant_text, wait_job};
use serde_json::json;

/// A small file whose generation is quick in a debug build.
const SMALL: &str = r#"Maze(
    rules: Jumping(tiling: Square, moves: Rook),
    board: ["2 1 1", "1 1 1", "1 1 G"],
    start: (0, 0),
    generate: (size: (4, 4), search: HillDescent(iterations: 300)),
)"#;

#[test]
fn the_page_and_its_assets_are_served_from_the_binary() {
    let studio = Served::start(config(vec![]));
    let page = get(studio.addr, "/");
    assert_eq!(page.status, 200);
    assert!(page.body.contains("<textarea id=\"editor\""));
    for asset in ["/", "/studio.js", "/studio.css"] {
        let body = get(studio.addr, asset).body;
        // Nothing is loaded from the network: no remote script, style, font or image.
        for remote in ["src=\"http", "href=\"http", "url(http", "@import", "//cdn"] {
            assert!(!body.contains(remote), "{asset} loads {remote}");
        }
    }
    assert!(
        page.header("content-security-policy")
            .is_some_and(|p| p.contains("default-src 'self'"))
    );
}

#[test]
fn analyze_answers_the_analysis_the_picture_and_the_graph() {
    let studio = Served::start(config(vec![]));
    let answer = post_text(studio.addr, "/api/analyze", &variant_text("rook.ron"));
    assert_eq!(answer.status, 200);
    let a = answer.json();
    assert_eq!(a["ok"], true);
    // The `maze analyze --json` object.
    assert_eq!(a["analysis"]["shortest_length"], 13);
    assert_eq!(a["analysis"]["unique_shortest"], true);
    assert_eq!(a["analysis"]["n_states"], 36);
    assert_eq!(a["analysis"]["depths"]["(0,0)"], 0);
    assert_eq!(a["analysis"]["energy"]["Neller"], 4.0);
    assert!(a["analysis"]["solution_states"].is_array());
    assert!(a["svg"].as_str().is_some_and(|s| s.starts_with("<svg")));
    assert_ne!(a["svg"], a["svg_solution"]);
    assert_eq!(a["check"]["publishable"], true);
    assert_eq!(a["words"][0], "Jumping maze: square, rook moves");
    let graph = &a["graph"];
    assert_eq!(graph["drawn"], true);
    let nodes = graph["nodes"].as_array().expect("nodes");
    assert_eq!(nodes.len(), 36);
    assert_eq!(nodes[0]["start"], true);
    assert_eq!(nodes[0]["cell"], json!([0, 0]));
    assert!(nodes.iter().any(|n| n["role"] == "goal"));
    assert!(nodes.iter().any(|n| n["role"] == "white_hole"));
    assert!(nodes.iter().any(|n| n["cluster"].is_number()));
    let solution = graph["edges"]
        .as_array()
        .expect("edges")
        .iter()
        .filter(|e| e["solution"] == true)
        .count();
    assert_eq!(solution, 13);
    assert_eq!(a["board"]["rows"], 6);
    assert_eq!(a["board"]["cells"].as_array().map(Vec::len), Some(36));
}

#[test]
fn a_mistake_is_a_located_diagnostic() {
    let studio = Served::start(config(vec![]));
    let broken = variant_text("rook.ron").replace("\"5 1 2 3 1 2\"", "\"5 1 2 X 1 2\"");
    let a = post_text(studio.addr, "/api/analyze?name=rook.ron", &broken).json();
    assert_eq!(a["ok"], false);
    let d = &a["diagnostics"][0];
    assert_eq!(d["line"], 15);
    assert_eq!(d["column"], 16);
    assert!(d["message"].as_str().is_some_and(|m| m.contains("`X`")));
    assert!(
        d["rendered"]
            .as_str()
            .is_some_and(|r| r.contains("rook.ron:15:16"))
    );
}

#[test]
fn other_hosts_and_origins_are_refused() {
    let studio = Served::start(config(vec![]));
    let host = request(
        studio.addr,
        "GET",
        "/api/files",
        &[("Host", "rebound.example")],
        None,
    );
    assert_eq!(host.status, 421);
    let origin = request(
        studio.addr,
        "POST",
        "/api/analyze",
        &[("Origin", "http://rebound.example")],
        Some(("text/plain", SMALL)),
    );
    assert_eq!(origin.status, 403);
    let own = format!("http://{}", studio.addr);
    let ok = request(studio.addr, "GET", "/api/files", &[("Origin", &own)], None);
    assert_eq!(ok.status, 200);
    let localhost = format!("localhost:{}", studio.addr.port());
    let named = request(studio.addr, "GET", "/", &[("Host", &localhost)], None);
    assert_eq!(named.status, 200);
}

#[test]
fn files_over_the_state_limit_are_refused_before_building() {
    let mut c = config(vec![]);
    c.state_limit = maze::variants::StateLimit::new(10).expect("a limit");
    let studio = Served::start(c);
    let a = post_text(studio.addr, "/api/analyze", &variant_text("rook.ron")).json();
    assert_eq!(a["ok"], false);
    let message = a["diagnostics"][0]["message"].as_str().unwrap_or("");
    assert!(message.contains("10"), "{message}");
}

#[test]
fn work_past_the_time_budget_is_an_error_not_a_hang() {
    let mut c = config(vec![]);
    c.budget = Duration::from_nanos(1);
    let studio = Served::start(c);
    let answer = post_text(studio.addr, "/api/analyze", &variant_text("rook.ron"));
    assert_eq!(answer.status, 503);
    assert!(
        answer.json()["error"]
            .as_str()
            .is_some_and(|e| e.contains("budget"))
    );
    // The server still answers.
    assert_eq!(get(studio.addr, "/api/files").status, 200);
}

#[test]
fn play_moves_refuses_with_the_engines_reason_and_says_optimal() {
    let studio = Served::start(config(vec![]));
    let text = variant_text("rook.ron");
    let started = post_json(
        studio.addr,
        "/api/play",
        &json!({ "text": text, "name": "rook.ron" }),
    )
    .json();
    assert_eq!(started["ok"], true);
    let game = started["game"]["game"].as_u64().expect("a game id");
    assert_eq!(started["game"]["state_name"], "(0,0)");
    let path = format!("/api/play/{game}");
    let refused = post_json(
        studio.addr,
        &path,
        &json!({ "command": "move", "dir": "N" }),
    )
    .json();
    assert_eq!(refused["message"]["tone"], "refused");
    assert_eq!(refused["moves"], 0);
    let analysis = post_text(studio.addr, "/api/analyze", &text).json();
    let solution: Vec<String> = analysis["analysis"]["solution"]
        .as_array()
        .expect("a solution")
        .iter()
        .filter_map(|d| d.as_str().map(str::to_string))
        .collect();
    let mut last = refused;
    for dir in &solution {
        last = post_json(
            studio.addr,
            &path,
            &json!({ "command": "move", "dir": dir }),
        )
        .json();
    }
    assert_eq!(last["solved"], true);
    assert_eq!(last["optimal"], true);
    let text = last["message"]["text"].as_str().unwrap_or("");
    assert!(text.starts_with("Solved in 13 moves: optimal"), "{text}");
    let undone = post_json(studio.addr, &path, &json!({ "command": "undo" })).json();
    assert_eq!(undone["moves"], 12);
    let bad = post_json(
        studio.addr,
        &path,
        &json!({ "command": "move", "dir": "UP" }),
    );
    assert_eq!(bad.status, 400);
}

#[test]
fn generation_is_a_job_with_progress_and_one_per_file() {
    let studio = Served::start(config(vec![]));
    let body = json!({ "name": "small.ron", "text": SMALL, "count": 3, "seed": 7 });
    let job = post_json(studio.addr, "/api/generate", &body).json()["job"]
        .as_u64()
        .expect("a job");
    let done = wait_job(studio.addr, job, 120);
    assert_eq!(done["status"], "done");
    assert_eq!(done["done"], 3);
    let results = done["results"].as_array().expect("results");
    assert_eq!(results.len(), 3);
    assert_eq!(results[0]["name"], "small-7-0.ron");
    assert!(
        results[0]["svg"]
            .as_str()
            .is_some_and(|s| s.starts_with("<svg"))
    );
    assert!(
        results[0]["text"]
            .as_str()
            .is_some_and(|t| t.contains("provenance"))
    );
    // The same seeds make the same mazes.
    let again = post_json(studio.addr, "/api/generate", &body).json()["job"]
        .as_u64()
        .expect("a job");
    let again = wait_job(studio.addr, again, 120);
    assert_eq!(again["results"][2]["text"], results[2]["text"]);
}

#[test]
fn a_search_of_ten_to_the_nineteen_iterations_ends_in_budget_and_cancels() {
    let mut c = config(vec![]);
    c.budget = Duration::from_millis(600);
    let studio = Served::start(c);
    let endless = SMALL.replace("iterations: 300", "iterations: 10000000000000000000");
    let body = json!({ "name": "endless.ron", "text": endless, "count": 20 });
    let job = post_json(studio.addr, "/api/generate", &body).json()["job"]
        .as_u64()
        .expect("a job");
    // One generation per file at a time.
    let second = post_json(studio.addr, "/api/generate", &body);
    assert_eq!(second.status, 409);
    // Analysis is not held up by it.
    let a = post_text(studio.addr, "/api/analyze", &endless).json();
    assert_eq!(a["ok"], true);
    std::thread::sleep(Duration::from_millis(800));
    let cancelled = post_json(studio.addr, &format!("/api/jobs/{job}/cancel"), &json!({}));
    assert_eq!(cancelled.status, 200);
    let ended = wait_job(studio.addr, job, 30);
    assert_eq!(ended["status"], "cancelled");
    let made = ended["results"].as_array().expect("results");
    assert!(!made.is_empty() && made.len() < 20);
    assert_eq!(made[0]["timed_out"], true);
}

#[test]
fn saving_is_atomic_and_saves_by_others_are_seen() {
    let dir = tempfile::tempdir().expect("a folder");
    let path = dir.path().join("rook.ron");
    std::fs::copy(variant("rook.ron"), &path).expect("a copy");
    let studio = Served::start(config(vec![path.clone()]));
    let files = get(studio.addr, "/api/files").json();
    assert_eq!(files["files"][0]["name"], "rook.ron");
    let version = files["version"].as_u64().expect("a version");
    // Analysing with the file's id compares with the saved file and the previous version.
    let text = variant_text("rook.ron");
    let first = post_text(studio.addr, "/api/analyze?file=0", &text).json();
    assert_eq!(first["changes"]["saved"]["same"], true);
    let edited = text.replace("\"4 3 5 2 5 G\"", "\"4 3 5 2 1 G\"");
    let second = post_text(studio.addr, "/api/analyze?file=0", &edited).json();
    let previous = &second["changes"]["previous"];
    assert_eq!(previous["same"], false);
    assert!(previous["moves"]["added_count"].as_u64() > Some(0));
    assert!(
        previous["features"]
            .as_array()
            .is_some_and(|f| !f.is_empty())
    );
    let saved = post_json(
        studio.addr,
        "/api/save",
        &json!({ "id": 0, "text": edited }),
    );
    assert_eq!(saved.status, 200);
    assert_eq!(std::fs::read_to_string(&path).expect("the file"), edited);
    // No temporary left beside it.
    assert_eq!(
        std::fs::read_dir(dir.path()).expect("the folder").count(),
        1
    );
    // Another editor saves: the change feed answers with the new text.
    std::fs::write(&path, &text).expect("a write");
    let mut since = version;
    let mut seen = String::new();
    for _ in 0..20 {
        let feed = get(studio.addr, &format!("/api/changes?since={since}")).json();
        since = feed["version"].as_u64().expect("a version");
        seen = feed["files"][0]["text"].as_str().unwrap_or("").to_string();
        if seen == text {
            break;
        }
    }
    assert_eq!(seen, text);
    // A new (generated) file cannot be saved without a folder named for it.
    let created = post_json(
        studio.addr,
        "/api/files",
        &json!({ "name": "new-1-0.ron", "text": SMALL }),
    )
    .json();
    let id = created["id"].as_u64().expect("an id");
    let refused = post_json(
        studio.addr,
        "/api/save",
        &json!({ "id": id, "text": SMALL }),
    );
    assert_eq!(refused.status, 409);
    let escape = post_json(
        studio.addr,
        "/api/files",
        &json!({ "name": "../x.ron", "text": SMALL }),
    );
    assert_eq!(escape.status, 400);
}

#[test]
fn compare_and_diff() {
    let studio = Served::start(config(vec![]));
    let other = SMALL.replace("Rook", "Queen");
    let body = json!({
        "files": [{ "name": "rook.ron", "text": SMALL }, { "name": "queen.ron", "text": other }],
        "count": 2,
    });
    let job = post_json(studio.addr, "/api/compare", &body).json()["job"]
        .as_u64()
        .expect("a job");
    let done = wait_job(studio.addr, job, 120);
    assert_eq!(done["status"], "done");
    let c = &done["comparison"];
    assert_eq!(c["variants"].as_array().map(Vec::len), Some(2));
    assert_eq!(c["variants"][1]["variant"], "queen.ron");
    assert_eq!(c["variants"][0]["mazes"], 2);
    assert!(
        c["charts"]["shortest_length"][0]
            .as_str()
            .is_some_and(|s| s.contains("<svg"))
    );
    let diff = post_json(
        studio.addr,
        "/api/diff",
        &json!({ "before": SMALL, "after": other }),
    )
    .json();
    assert_eq!(diff["ok"], true);
    assert_eq!(diff["changes"]["same"], false);
}

#[test]
fn a_large_graph_is_summarised_and_blocks_roll() {
    let studio = Served::start(config(vec![]));
    let text = variant_text("rolling_blocks.ron");
    let a = post_text(studio.addr, "/api/analyze", &text).json();
    let graph = &a["graph"];
    assert_eq!(graph["drawn"], false);
    assert!(graph["n_states"].as_u64() > Some(500));
    assert_eq!(graph["layers"][0], 1);
    assert!(graph.get("nodes").is_none());
    // Several blocks: the compass keys roll the selected one, Tab picks another.
    let game = post_json(studio.addr, "/api/play", &json!({ "text": text })).json()["game"].clone();
    assert_eq!(game["roll"], true);
    assert_eq!(game["movers"], 2);
    let path = format!("/api/play/{}", game["game"]);
    let refused = post_json(
        studio.addr,
        &path,
        &json!({ "command": "roll", "dir": "N" }),
    )
    .json();
    assert_eq!(
        refused["message"]["text"],
        "N: block 1 would hang off the board"
    );
    let rolled = post_json(
        studio.addr,
        &path,
        &json!({ "command": "roll", "dir": "E" }),
    )
    .json();
    assert_eq!(rolled["moves"], 1);
    let picked = post_json(studio.addr, &path, &json!({ "command": "next" })).json();
    assert_eq!(picked["selected"], "block 2");
    assert_eq!(picked["moves"], 1);
}

#[test]
fn the_verdict_warns_of_a_counter_that_stops_moves() {
    let studio = Served::start(config(vec![]));
    let text = std::fs::read_to_string(
        common::root().join("tests/fixtures/rules/alice_counter_bound.ron"),
    )
    .expect("the fixture");
    let a = post_text(studio.addr, "/api/analyze", &text).json();
    assert_eq!(a["ok"], true);
    let warnings = a["check"]["warnings"].as_array().expect("warnings");
    assert!(
        warnings.iter().any(|w| w
            .as_str()
            .is_some_and(|w| w.contains("counter `d` stops moves at its bound"))),
        "{warnings:?}"
    );
    // A file without such a counter has none.
    let rook = post_text(studio.addr, "/api/analyze", &variant_text("rook.ron")).json();
    assert_eq!(rook["check"]["warnings"], json!([]));
}

#[test]
fn a_file_that_is_not_utf8_is_refused_at_its_first_bad_byte() {
    let dir = std::env::temp_dir().join(format!("studio-not-utf8-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder");
    let path = dir.join("latin1.ron");
    std::fs::write(
        &path,
        b"Maze(\n  rules: Jumping(),\n  board: [\"1 \xff\"],\n)",
    )
    .expect("written");
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    let refused = runtime.block_on(maze_studio::start(config(vec![path])));
    let message = match refused {
        Ok(_) => panic!("a non-UTF-8 file was opened"),
        Err(e) => e.to_string(),
    };
    assert!(
        message.contains("byte offset 39 (line 3, column 14)"),
        "{message}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
