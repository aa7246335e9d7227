//! How fast the views follow an edit: one `POST /api/analyze` of a 10 x 10 board over
//! loopback HTTP, as the page sends it after each edit (analysis, both pictures, the rules in
//! words, the verdict, the state graph and what changed against the previous version).
//! `cargo bench -p maze-studio` reports it; the issue asks for under 100 ms on a 10 x 10 board.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};

use criterion::{Criterion, criterion_group, criterion_main};

/// A 10 x 10 rook maze whose numbers follow a fixed pattern; `edit` changes one cell, so
/// successive requests alternate between two versions as an edit and its undo would.
fn board(edit: bool) -> String {
    let mut rows = Vec::new();
    for r in 0..10 {
        let cells: Vec<String> = (0..10)
            .map(|c| {
                if (r, c) == (9, 9) {
                    "G".to_string()
                } else if edit && (r, c) == (4, 4) {
                    "7".to_string()
                } else {
                    ((r * 7 + c * 3) % 5 + 1).to_string()
                }
            })
            .collect();
        rows.push(format!("\"{}\"", cells.join(" ")));
    }
    format!(
        "Maze(rules: Jumping(tiling: Square, moves: Rook), board: [{}], start: (0, 0))",
        rows.join(", ")
    )
}

fn analyze(addr: SocketAddr, text: &str) -> usize {
    let mut stream = TcpStream::connect(addr).expect("the studio accepts");
    let head = format!(
        "POST /api/analyze?file=0 HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: {}\r\n\r\n",
        text.len()
    );
    stream.write_all(head.as_bytes()).expect("sent");
    stream.write_all(text.as_bytes()).expect("sent");
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).expect("an answer");
    assert!(answer.starts_with(b"HTTP/1.1 200"));
    answer.len()
}

fn bench(c: &mut Criterion) {
    let dir = std::env::temp_dir().join(format!("maze-studio-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder");
    let file = dir.join("ten.ron");
    std::fs::write(&file, board(false)).expect("a file");
    let runtime = tokio::runtime::Runtime::new().expect("a runtime");
    let running = runtime
        .block_on(maze_studio::start(maze_studio::Config::new(vec![file], 0)))
        .expect("the studio starts");
    let addr = running.addr();
    let versions = [board(false), board(true)];
    let mut k = 0;
    c.bench_function("analyze_10x10_edit", |b| {
        b.iter(|| {
            k += 1;
            analyze(addr, &versions[k % 2])
        })
    });
    let _ = runtime.block_on(running.stop());
    let _ = std::fs::remove_dir_all(&dir);
}

criterion_group!(benches, bench);
criterion_main!(benches);
