//! `maze studio` as the installed binary runs it: the first line names the address, the
//! page answers there, and Ctrl-C (SIGINT) stops it cleanly with exit status 0.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[test]
fn studio_prints_its_address_first_and_stops_on_ctrl_c() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut child = Command::new(env!("CARGO_BIN_EXE_maze"))
        .args(["studio", "--port", "0", "--no-open"])
        .arg(root.join("variants/rook.ron"))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("maze studio starts");
    let stdout = child.stdout.take().expect("its output");
    let mut first = String::new();
    BufReader::new(stdout)
        .read_line(&mut first)
        .expect("a first line");
    let url = first
        .trim()
        .strip_prefix("listening on http://")
        .and_then(|rest| rest.strip_suffix('/'))
        .unwrap_or_else(|| panic!("first line: {first:?}"))
        .to_string();
    assert!(url.starts_with("127.0.0.1:"), "{url}");
    let mut stream = TcpStream::connect(&url).expect("the studio accepts");
    write!(
        stream,
        "GET /api/files HTTP/1.1\r\nHost: {url}\r\nConnection: close\r\n\r\n"
    )
    .expect("a request");
    let mut answer = String::new();
    stream.read_to_string(&mut answer).expect("an answer");
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(answer.contains("rook.ron"));
    // The analysis object is `maze analyze --json`'s, field for field.
    for name in ["rook.ron", "rolling_split.ron", "no_u_turn.ron"] {
        let path = root.join("variants").join(name);
        let text = std::fs::read_to_string(&path).expect("a variant");
        let mut stream = TcpStream::connect(&url).expect("the studio accepts");
        write!(
            stream,
            "POST /api/analyze HTTP/1.1\r\nHost: {url}\r\nConnection: close\r\nContent-Length: {}\r\n\r\n{text}",
            text.len()
        )
        .expect("a request");
        let mut answer = String::new();
        stream.read_to_string(&mut answer).expect("an answer");
        let body = answer.split_once("\r\n\r\n").map_or("", |(_, b)| b);
        let studio: serde_json::Value = serde_json::from_str(body).expect("JSON");
        let cli = Command::new(env!("CARGO_BIN_EXE_maze"))
            .args(["analyze", "--json"])
            .arg(&path)
            .output()
            .expect("maze analyze");
        let cli: serde_json::Value = serde_json::from_slice(&cli.stdout).expect("JSON");
        assert_eq!(studio["analysis"], cli, "{name}");
    }
    // Ctrl-C is SIGINT to the process.
    let killed = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(killed.success());
    let until = Instant::now() + Duration::from_secs(20);
    let status = loop {
        if let Some(status) = child.try_wait().expect("a status") {
            break status;
        }
        assert!(Instant::now() < until, "the studio did not stop on SIGINT");
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(status.success(), "{status:?}");
    let mut err = String::new();
    child
        .stderr
        .take()
        .expect("its errors")
        .read_to_string(&mut err)
        .expect("text");
    assert!(err.contains("stopped"), "{err}");
}
