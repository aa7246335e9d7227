//! `maze check`: whether maze files are publishable, with the reasons, as an exit status.

use std::path::PathBuf;

use serde::Serialize;

use crate::load::load_file;

/// Say whether each maze file is publishable, and why not.
///
/// A maze is publishable when its goal can be reached, its shortest solution is unique and no
/// reachable state is a black hole (a state from which the goal cannot be reached), and it
/// passes the file's own `generate: (gates: ...)` (such as `min_length`). Each file gets one
/// line: `publishable` with its length, or `NOT publishable` with every reason.
///
/// Exit status: 0 when every file is publishable; 1 when a file is readable but not
/// publishable; 2 when a file cannot be read (its diagnostic is printed; the other files are
/// still checked).
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The maze files (RON).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Print one JSON document: per file its path, whether it was read, whether it is
    /// publishable, the reasons when not, and warnings (a counter whose range stops moves).
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    limit: crate::load::Limit,
}

#[derive(Serialize)]
struct Verdict {
    file: String,
    read: bool,
    publishable: bool,
    shortest_length: Option<u32>,
    reasons: Vec<String>,
    /// What the designer should know although it does not stop publishing: a counter
    /// whose range stops moves in a reachable state.
    warnings: Vec<String>,
}

impl Args {
    pub(crate) fn run(self) -> Result<(), crate::failure::Failure> {
        let mut verdicts = Vec::new();
        for path in &self.files {
            let (file, compiled, settings) = match load_file(path, self.limit) {
                Ok(read) => read,
                Err(failure) => {
                    if let crate::failure::Failure::Report(report)
                    | crate::failure::Failure::Negative(Some(report)) = failure
                    {
                        crate::output::say(&format!("{report:?}\n"));
                    }
                    verdicts.push(Verdict {
                        file: path.display().to_string(),
                        read: false,
                        publishable: false,
                        shortest_length: None,
                        reasons: vec!["the file cannot be read".to_string()],
                        warnings: Vec::new(),
                    });
                    continue;
                }
            };
            let f = maze::features::features_of_rules(&compiled, file.maze.blocks());
            let reasons = maze::file::unpublishable(&file, &f);
            let mut warnings: Vec<String> = settings.into_iter().collect();
            warnings.extend(maze::render::warnings(&file.maze, &compiled, &f));
            verdicts.push(Verdict {
                file: path.display().to_string(),
                read: true,
                publishable: reasons.is_empty(),
                shortest_length: f.shortest_length,
                reasons,
                warnings,
            });
        }
        if self.json {
            let json = serde_json::to_string_pretty(&verdicts).unwrap_or_default();
            crate::output::emit(None, &format!("{json}\n"))?;
        } else {
            for v in &verdicts {
                let line = match (v.read, v.publishable) {
                    (false, _) => format!("{}: cannot be read (see above)", v.file),
                    (true, true) => format!(
                        "{}: publishable ({} moves, unique, no black holes)",
                        v.file,
                        v.shortest_length.unwrap_or(0)
                    ),
                    (true, false) => {
                        format!("{}: NOT publishable: {}", v.file, v.reasons.join("; "))
                    }
                };
                crate::output::emit(None, &format!("{line}\n"))?;
                for w in &v.warnings {
                    crate::output::emit(None, &format!("{}: warning: {w}\n", v.file))?;
                }
            }
        }
        if verdicts.iter().any(|v| !v.read) {
            return Err(crate::failure::Failure::Error);
        }
        if verdicts.iter().any(|v| !v.publishable) {
            return Err(crate::failure::Failure::Negative(None));
        }
        Ok(())
    }
}
