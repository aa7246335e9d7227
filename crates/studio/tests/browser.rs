//! The page driven in a real headless browser (Debian's `chromium` and `chromium-driver`,
//! installed by `scripts/install-test-deps.sh`) as a person uses it: open a bundled variant,
//! break the file and see the diagnostic at its line, fix it and see the board change, play a
//! move, generate three mazes. Without a browser the test says so and passes, except under
//! CI (`CI` set), where it must run.

mod common;

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use common::{Served, config, variant};
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{Value, json};

/// The first of `names` found on `PATH`.
fn which(names: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .flat_map(|dir| names.iter().map(move |n| dir.join(n)))
        .find(|p| p.is_file())
}

/// chromedriver on a free loopback port, killed when dropped.
struct Driver {
    child: Child,
    port: u16,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn start_driver(driver: &Path) -> Driver {
    let port = TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port");
    let child = Command::new(driver)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromedriver starts");
    let until = Instant::now() + Duration::from_secs(20);
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < until, "chromedriver did not listen");
        std::thread::sleep(Duration::from_millis(50));
    }
    Driver { child, port }
}

/// Evaluates `expr` in the page until it is truthy; its value.
async fn until(client: &Client, expr: &str, seconds: u64, what: &str) -> Value {
    let deadline = Instant::now() + Duration::from_secs(seconds);
    loop {
        let value = client
            .execute(&format!("return ({expr});"), vec![])
            .await
            .expect("the page runs a script");
        let truthy = match &value {
            Value::Null | Value::Bool(false) => false,
            Value::String(s) => !s.is_empty(),
            Value::Number(n) => n.as_f64() != Some(0.0),
            _ => true,
        };
        if truthy {
            return value;
        }
        if Instant::now() > deadline {
            let status = client
                .execute("return document.getElementById('status').textContent + ' | ' + document.getElementById('diagnostics').textContent;", vec![])
                .await
                .unwrap_or(Value::Null);
            panic!("waited {seconds} s for {what} ({expr}); page status: {status}");
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Puts the caret over the `n`-th character of line `line` (1-based) of the editor, selected,
/// so that typing replaces it.
async fn select_char(client: &Client, line: usize, column: usize) {
    let script = format!(
        "const e = document.getElementById('editor'); e.focus();
         const lines = e.value.split('\\n');
         let at = 0; for (let i = 0; i < {line} - 1; i++) at += lines[i].length + 1;
         at += {column} - 1; e.setSelectionRange(at, at + 1); return e.value[at];"
    );
    client.execute(&script, vec![]).await.expect("a selection");
}

#[test]
fn a_designer_edits_plays_and_generates_in_the_page() {
    let browser = which(&["chromium", "chromium-browser", "google-chrome"]);
    let driver = which(&["chromedriver"]);
    let (Some(browser), Some(driver)) = (browser, driver) else {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI must run the browser test: scripts/install-test-deps.sh installs chromium and chromium-driver"
        );
        println!(
            "note: browser test skipped: chromium or chromedriver not found (scripts/install-test-deps.sh installs them)"
        );
        return;
    };
    // The studio edits a copy: the bundled variant stays as it is.
    let dir = tempfile::tempdir().expect("a folder");
    let file = dir.path().join("rook.ron");
    std::fs::copy(variant("rook.ron"), &file).expect("a copy");
    let studio = Served::start(config(vec![file.clone()]));
    let driver = start_driver(&driver);
    let runtime = tokio::runtime::Runtime::new().expect("a runtime");
    runtime.block_on(async {
        let mut caps = serde_json::Map::new();
        caps.insert(
            "goog:chromeOptions".into(),
            json!({
                "binary": browser,
                "args": ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                         "--disable-background-networking", "--disable-component-update",
                         "--disable-sync", "--no-first-run", "--window-size=1400,1200"],
            }),
        );
        let connector = hyper_util::client::legacy::connect::HttpConnector::new();
        let client = ClientBuilder::new(connector)
            .capabilities(caps)
            .connect(&format!("http://127.0.0.1:{}", driver.port))
            .await
            .expect("a browser session");
        let result = drive(&client, &studio.url(), &file).await;
        if std::env::var_os("STUDIO_SCREENSHOT").is_some()
            && let Ok(png) = client.screenshot().await
        {
            let _ = std::fs::write(
                PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("studio.png"),
                png,
            );
        }
        let _ = client.close().await;
        result
    });
}

async fn drive(client: &Client, url: &str, file: &Path) {
    let id = |name: &str| format!("document.getElementById('{name}')");
    client.goto(url).await.expect("the page opens");
    // Open: the bundled variant is analysed.
    until(
        client,
        &format!("{}.textContent.startsWith('valid')", id("status")),
        60,
        "the first analysis",
    )
    .await;
    let words = until(
        client,
        &format!("{}.textContent", id("words")),
        5,
        "the rules in words",
    )
    .await;
    assert!(
        words.as_str().is_some_and(|w| w.contains("rook moves")),
        "{words}"
    );
    let verdict = until(
        client,
        &format!("{}.textContent", id("verdict")),
        5,
        "the verdict",
    )
    .await;
    assert!(verdict.as_str().is_some_and(|v| v.contains("publishable")));
    until(
        client,
        "document.querySelectorAll('#graph .node').length === 36",
        5,
        "the state graph",
    )
    .await;
    let board = until(
        client,
        &format!("{}.innerHTML", id("board")),
        5,
        "the board",
    )
    .await;

    // Break the file: a `3` on line 15 becomes `X`.
    select_char(client, 15, 16).await;
    client
        .active_element()
        .await
        .expect("the editor")
        .send_keys("X")
        .await
        .expect("typing");
    until(
        client,
        &format!("{}.textContent === 'error at line 15'", id("status")),
        30,
        "the diagnostic",
    )
    .await;
    let marked = until(
        client,
        &format!("{}.className", id("line-15")),
        5,
        "the marked line",
    )
    .await;
    assert_eq!(marked, json!("error"));
    let told = until(
        client,
        &format!("{}.textContent", id("diagnostics")),
        5,
        "the message",
    )
    .await;
    assert!(
        told.as_str()
            .is_some_and(|t| t.contains("line 15, column 16") && t.contains("`X`")),
        "{told}"
    );
    until(
        client,
        &format!("{}.classList.contains('stale')", id("views")),
        5,
        "the dimmed views",
    )
    .await;
    until(
        client,
        "document.querySelector('#marks .col-error') !== null",
        5,
        "the column mark",
    )
    .await;

    // Fix it with another number: the board changes.
    select_char(client, 15, 16).await;
    client
        .active_element()
        .await
        .expect("the editor")
        .send_keys("4")
        .await
        .expect("typing");
    until(
        client,
        &format!("{}.textContent.startsWith('valid')", id("status")),
        30,
        "the fixed file",
    )
    .await;
    let changed = until(
        client,
        &format!(
            "{}.innerHTML !== {}",
            id("board"),
            serde_json::to_string(&board).unwrap_or_default()
        ),
        10,
        "a new board",
    )
    .await;
    assert_eq!(changed, json!(true));
    until(
        client,
        &format!("!{}.classList.contains('stale')", id("views")),
        5,
        "views in full",
    )
    .await;
    // The graph shows the moves the edit added.
    until(
        client,
        "document.querySelectorAll('#graph .edge.added').length > 0",
        5,
        "added moves in the graph",
    )
    .await;
    // Pointing at a state marks its cell on the board, and pointing at a cell its states.
    client
        .execute(
            "document.querySelector('#graph .node[data-id=\"0\"]').dispatchEvent(new MouseEvent('mouseenter'));",
            vec![],
        )
        .await
        .expect("a pointer over a state");
    until(
        client,
        "document.querySelector('#board .hl') !== null",
        5,
        "the state's cell marked",
    )
    .await;
    client
        .execute(
            "const c = document.querySelector('#board .hl').getBoundingClientRect();
             document.getElementById('board').dispatchEvent(new MouseEvent('mousemove',
               { clientX: c.x + c.width / 2, clientY: c.y + c.height / 2, bubbles: true }));",
            vec![],
        )
        .await
        .expect("a pointer over a cell");
    until(
        client,
        "document.querySelector('#graph .node.hl') !== null",
        5,
        "the cell's states marked",
    )
    .await;
    let news = until(
        client,
        &format!("{}.textContent", id("changes")),
        5,
        "what changed",
    )
    .await;
    assert!(news.as_str().is_some_and(|n| n.contains("moves")), "{news}");

    // Save with Ctrl-S: the file on disk is the edited text.
    let original = std::fs::read_to_string(file).expect("the file");
    client
        .active_element()
        .await
        .expect("the editor")
        .send_keys("\u{e009}s\u{e000}")
        .await
        .expect("Ctrl-S");
    let edited = original.replace("\"5 1 2 3 1 2\"", "\"5 1 2 4 1 2\"");
    let until_saved = Instant::now() + Duration::from_secs(20);
    while std::fs::read_to_string(file).ok().as_deref() != Some(edited.as_str()) {
        assert!(
            Instant::now() < until_saved,
            "the page did not save the file"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // Another editor saves the file: the page reads it again.
    std::fs::write(file, &original).expect("another editor's save");
    until(
        client,
        &format!("{}.value.includes('\"5 1 2 3 1 2\"')", id("editor")),
        20,
        "the page to follow a save made elsewhere",
    )
    .await;
    until(
        client,
        &format!("{}.textContent.startsWith('valid')", id("status")),
        30,
        "the reloaded file",
    )
    .await;

    // Play a move: the key for south, from the start of Chain Reaction.
    client
        .find(Locator::Id("play-start"))
        .await
        .expect("play")
        .click()
        .await
        .expect("a click");
    until(
        client,
        &format!("{}.textContent.includes('at (0,0)')", id("play-status")),
        20,
        "a game",
    )
    .await;
    client
        .find(Locator::Css("body"))
        .await
        .expect("the page")
        .send_keys("\u{e015}")
        .await
        .expect("the down arrow");
    until(
        client,
        &format!("{}.textContent.includes('1 move')", id("play-status")),
        20,
        "a move made",
    )
    .await;
    // A refused move says why, in the engine's words.
    client
        .find(Locator::Css("body"))
        .await
        .expect("the page")
        .send_keys("\u{e012}")
        .await
        .expect("the left arrow");
    until(
        client,
        &format!("{}.className === 'refused'", id("play-message")),
        20,
        "a refusal",
    )
    .await;

    // Generate three mazes.
    client
        .execute(&format!("{}.value = '3';", id("gen-count")), vec![])
        .await
        .expect("a count");
    client
        .find(Locator::Id("gen-start"))
        .await
        .expect("generate")
        .click()
        .await
        .expect("a click");
    until(
        client,
        "document.querySelectorAll('#gallery .card').length === 3",
        300,
        "three mazes",
    )
    .await;
    until(
        client,
        &format!("{}.textContent.startsWith('done')", id("gen-status")),
        30,
        "the job done",
    )
    .await;
    // Open one beside the original.
    client
        .find(Locator::Css("#gallery .card button"))
        .await
        .expect("a card")
        .click()
        .await
        .expect("a click");
    until(
        client,
        "document.querySelectorAll('#tabs button').length === 2",
        20,
        "a second tab",
    )
    .await;
    until(
        client,
        &format!("{}.textContent.startsWith('valid')", id("status")),
        60,
        "the generated maze analysed",
    )
    .await;
}
