//! What the studio's tests share: a studio on a free loopback port, a small HTTP client over
//! a raw `TcpStream` (no client crate, nothing but loopback), and the bundled variants.
#![allow(dead_code, unreachable_pub)]

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::PathBuf;
use std::time::Duration;

use serde_json::Value;

/// The repository's root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A bundled variant's path.
pub fn variant(name: &str) -> PathBuf {
    root().join("variants").join(name)
}

/// A bundled variant's text.
pub fn variant_text(name: &str) -> String {
    std::fs::read_to_string(variant(name)).expect("a bundled variant")
}

/// An HTTP answer: status, headers (lower-case names) and body.
pub struct Answer {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl Answer {
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.body))
    }

    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }
}

/// One HTTP/1.1 request with `Connection: close`, and extra headers; `Host` is the studio's
/// unless `extra` names another.
pub fn request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    extra: &[(&str, &str)],
    body: Option<(&str, &str)>,
) -> Answer {
    let mut stream = TcpStream::connect(addr).expect("the studio accepts");
    stream
        .set_read_timeout(Some(Duration::from_secs(60)))
        .expect("a timeout");
    let mut head = format!("{method} {path} HTTP/1.1\r\nConnection: close\r\n");
    if !extra.iter().any(|(k, _)| k.eq_ignore_ascii_case("host")) {
        head.push_str(&format!("Host: {addr}\r\n"));
    }
    for (k, v) in extra {
        head.push_str(&format!("{k}: {v}\r\n"));
    }
    let (kind, text) = body.unwrap_or(("text/plain", ""));
    if body.is_some() {
        head.push_str(&format!(
            "Content-Type: {kind}\r\nContent-Length: {}\r\n",
            text.len()
        ));
    }
    head.push_str("\r\n");
    stream.write_all(head.as_bytes()).expect("a request sent");
    stream.write_all(text.as_bytes()).expect("a body sent");
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).expect("an answer");
    let raw = String::from_utf8_lossy(&raw).into_owned();
    let (head, body) = raw.split_once("\r\n\r\n").expect("an HTTP answer");
    let mut lines = head.lines();
    let status = lines
        .next()
        .and_then(|l| l.split(' ').nth(1))
        .and_then(|s| s.parse().ok())
        .expect("a status line");
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    let chunked = headers
        .iter()
        .any(|(k, v)| k == "transfer-encoding" && v.contains("chunked"));
    let body = if chunked {
        dechunk(body)
    } else {
        body.to_string()
    };
    Answer {
        status,
        headers,
        body,
    }
}

fn dechunk(mut s: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = s.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if n == 0 {
            break;
        }
        out.push_str(&rest[..n]);
        s = &rest[n..];
        s = s.strip_prefix("\r\n").unwrap_or(s);
    }
    out
}

pub fn get(addr: SocketAddr, path: &str) -> Answer {
    request(addr, "GET", path, &[], None)
}

pub fn post_text(addr: SocketAddr, path: &str, text: &str) -> Answer {
    request(addr, "POST", path, &[], Some(("text/plain", text)))
}

pub fn post_json(addr: SocketAddr, path: &str, body: &Value) -> Answer {
    request(
        addr,
        "POST",
        path,
        &[],
        Some(("application/json", &body.to_string())),
    )
}

/// Polls job `id` until it is no longer running (at most `seconds`).
pub fn wait_job(addr: SocketAddr, id: u64, seconds: u64) -> Value {
    let until = std::time::Instant::now() + Duration::from_secs(seconds);
    loop {
        let job = get(addr, &format!("/api/jobs/{id}")).json();
        if job["status"] != "running" {
            return job;
        }
        assert!(
            std::time::Instant::now() < until,
            "job {id} still running: {job}"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// A studio serving on a free loopback port from a runtime of its own, stopped when dropped.
pub struct Served {
    pub addr: SocketAddr,
    runtime: tokio::runtime::Runtime,
    running: Option<maze_studio::Running>,
}

impl Served {
    pub fn start(config: maze_studio::Config) -> Served {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .expect("a runtime");
        let running = runtime
            .block_on(maze_studio::start(config))
            .expect("the studio starts");
        Served {
            addr: running.addr(),
            runtime,
            running: Some(running),
        }
    }

    pub fn url(&self) -> String {
        format!("http://{}/", self.addr)
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        if let Some(running) = self.running.take() {
            let _ = self.runtime.block_on(running.stop());
        }
    }
}

/// A configuration on port 0 with `files` open.
pub fn config(files: Vec<PathBuf>) -> maze_studio::Config {
    maze_studio::Config::new(files, 0)
}
