//! Fuzz target: the maze-file reader with generation settings, on any bytes. A file is read
//! or refused with a diagnostic that miette can draw; a file read is written and read back.
#![no_main]

use libfuzzer_sys::fuzz_target;
use maze_file::ReadLimits;
use maze_variants::StateLimit;

fuzz_target!(|data: &[u8]| {
    let Ok(src) = std::str::from_utf8(data) else {
        return;
    };
    // A small limit keeps every input quick: the bounded count of bridge states stops there
    // (at 100,000 an input of many bridges took a tenth of a second).
    let limits = ReadLimits::both(StateLimit::new(4_096).expect("a valid limit"));
    match maze_file::parse_file_with("fuzz.ron", src, limits) {
        Ok(file) => {
            // What the writer writes, the reader reads (it may refuse settings that only
            // held under the override, never panic).
            let text = maze_file::write_file(&file, &[]);
            let _ = maze_file::parse_file_with("again.ron", &text, limits);
        }
        Err(e) => {
            // Drawing the diagnostic is part of reading: miette must never see a span it
            // cannot render.
            let mut out = String::new();
            let handler = miette::GraphicalReportHandler::new();
            let _ = handler.render_report(&mut out, e.as_ref());
            let _ = e.one_line();
        }
    }
});
