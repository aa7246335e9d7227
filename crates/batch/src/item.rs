//! One maze of a batch: its file names, generating it or reading it back when a previous
//! run already wrote it, and writing its files atomically.

use std::path::Path;
use std::time::Instant;

use maze_features::Features;
use maze_file::ReadLimits;
use maze_gen::Provenance;
use maze_gen::Scorer;
use maze_graph::Rules;
use maze_render::Options;
use maze_variants::Maze;
use serde::Serialize;

use crate::config::{Config, Error, Mode, Variant};

/// What a summary needs of one maze; the same whether the maze was generated in this run or
/// read back from its file.
#[derive(Clone, Debug)]
pub(crate) struct Record {
    /// Its index in its variant.
    pub index: u64,
    /// `rook-1-0`: the stem of its files.
    pub name: String,
    /// The seed of the search that made it.
    pub item_seed: u64,
    /// Whether it passes its variant's gates.
    pub passed: bool,
    /// The gates it fails, with why.
    pub failed_gates: Vec<String>,
    /// Under the variant's objective.
    pub energy: f64,
    /// Every feature.
    pub features: Features,
    /// The maze, to tell a repeated puzzle.
    pub maze: Maze,
    /// Whether the time limit ended its search (its provenance says so).
    pub timed_out: bool,
}

/// How an item ended.
pub(crate) enum Done {
    Generated(Record),
    /// Already written by an earlier run (or another shard) and read back.
    Skipped(Record),
    /// Not written yet, and this run only summarizes.
    Missing(String),
}

/// The name of maze `index` of `count` of a variant and seed, without extension:
/// `rook-7-03` for maze 3 of 12. `maze generate --out` names its files the same way.
pub fn stem(variant: &str, seed: u64, index: u64, count: u64) -> String {
    let width = count.saturating_sub(1).max(1).to_string().len();
    format!("{variant}-{seed}-{index:0width$}")
}

/// The files of one maze, by name within its variant's folder.
pub(crate) struct Files {
    pub stem: String,
}

impl Files {
    /// Maze `index` of `count`: the index zero-padded to the width of the count's last
    /// index, so that the files of a batch sort in its order (`-07` before `-10`).
    pub(crate) fn new(variant: &str, seed: u64, index: u64, count: u64) -> Files {
        Files {
            stem: stem(variant, seed, index, count),
        }
    }

    pub(crate) fn ron(&self) -> String {
        format!("{}.ron", self.stem)
    }

    pub(crate) fn svg(&self) -> String {
        format!("{}.svg", self.stem)
    }

    pub(crate) fn answer_svg(&self) -> String {
        format!("{}-answer.svg", self.stem)
    }

    pub(crate) fn answer_json(&self) -> String {
        format!("{}-answer.json", self.stem)
    }

    pub(crate) fn rejected(&self) -> String {
        format!("{}.rejected.ron", self.stem)
    }

    /// An accepted maze's files; the maze file last, as it is written last.
    fn accepted(&self) -> [String; 4] {
        [
            self.svg(),
            self.answer_svg(),
            self.answer_json(),
            self.ron(),
        ]
    }
}

/// Makes item `index` of `variant`, or reads it back if an earlier run wrote it.
pub(crate) fn process(config: &Config, variant: &Variant, index: u64) -> Result<Done, Error> {
    let dir = config.out.join(&variant.name);
    let files = Files::new(&variant.name, config.seed, index, config.count);
    let accepted = files.accepted();
    let rejected = files.rejected();
    let item_seed = maze_gen::item_seed(config.seed, &variant.name, index);
    let provenance = provenance(config, variant, index);
    if accepted.iter().all(|name| dir.join(name).is_file()) {
        let (record, text, _) = read_back(
            variant,
            config.limits,
            &dir.join(files.ron()),
            &files,
            &provenance,
            item_seed,
        )?;
        let record = check_kind(record, true, &files)?;
        verify(config, variant, &dir, &files, &record, &text)?;
        return Ok(Done::Skipped(record));
    }
    if dir.join(&rejected).is_file() {
        // A rejected maze is its file alone: no key or pictures to disagree with it, and its
        // record is recomputed from it.
        let (record, text, written) = read_back(
            variant,
            config.limits,
            &dir.join(&rejected),
            &files,
            &provenance,
            item_seed,
        )?;
        let record = check_kind(record, false, &files)?;
        verify_rejected(variant, &dir, &files, &record, &text, written)?;
        return Ok(Done::Skipped(record));
    }
    if config.mode == Mode::Summarize {
        return Ok(Done::Missing(files.stem));
    }

    let outcome = maze_gen::generate_with(
        &variant.settings,
        budget(config, variant),
        item_seed,
        &mut |_| {},
    )
    .map_err(|source| Error::Generate {
        path: variant.path.clone(),
        source,
    })?;
    write(config, variant, index, outcome, item_seed, provenance).map(Done::Generated)
}

/// Writes a generated maze's files (an accepted maze's pictures, answer key and maze file,
/// or a rejected maze's file), replacing whatever files the item had, and returns its record.
fn write(
    config: &Config,
    variant: &Variant,
    index: u64,
    outcome: maze_gen::Outcome,
    item_seed: u64,
    provenance: Provenance,
) -> Result<Record, Error> {
    let dir = config.out.join(&variant.name);
    let files = Files::new(&variant.name, config.seed, index, config.count);
    let accepted = files.accepted();
    let rejected = files.rejected();
    let text = outcome.file_text(&variant.settings, provenance);
    let record = Record {
        timed_out: outcome.timed_out,
        ..record(
            variant,
            index,
            &files,
            item_seed,
            outcome.features,
            outcome.maze,
        )
    };
    // A maze searched for again may change from accepted to rejected or back.
    for name in accepted.iter().chain([&rejected]) {
        remove(&dir.join(name))?;
    }
    if record.passed {
        let contents = accepted_contents(config, variant, &files, &record, text)?;
        // The maze file last: tools that watch the folder for maze files never find one whose
        // pictures or key are still missing.
        for (name, contents) in accepted.iter().zip(contents) {
            write_atomic(&dir.join(name), contents.as_bytes())?;
        }
    } else {
        write_atomic(&dir.join(&rejected), text.as_bytes())?;
    }
    Ok(record)
}

/// An accepted maze's files, in [`Files::accepted`]'s order, from its maze file's `text` and
/// its record: the puzzle and answer pictures, the answer key (which records the hash of
/// `text`) and `text` itself.
fn accepted_contents(
    config: &Config,
    variant: &Variant,
    files: &Files,
    record: &Record,
    text: String,
) -> Result<[String; 4], Error> {
    // The pictures name the maze's ID, read from the provenance its file records.
    let id = maze_file::parse_file(&files.ron(), &text)
        .ok()
        .and_then(|file| file.id())
        .map(|id| id.to_string());
    let svg = |solution| {
        let options = Options {
            solution,
            depths: false,
        };
        match &id {
            Some(id) => maze_render::svg_with_id(&record.maze, options, id),
            None => maze_render::svg(&record.maze, options),
        }
    };
    let key = answer_key(
        variant,
        config.seed,
        files,
        &maze_gen::variant_hash(&text),
        &record.maze.compile(),
        record,
    )?;
    Ok([svg(false), svg(true), key, text])
}

/// On resume, checks that an accepted maze's pictures and answer key are the ones this batch
/// makes from the maze file on disk (`text`, read back as `record`): the key records the
/// hash of the maze file it was written with, so a maze file edited by hand, or a key or
/// picture edited or swapped, is refused with the file named. Refused rather than generated
/// again: the edit may be someone's work, and a batch removes nothing it cannot tell is its
/// own; removing the maze's files makes the batch generate it again.
fn verify(
    config: &Config,
    variant: &Variant,
    dir: &Path,
    files: &Files,
    record: &Record,
    text: &str,
) -> Result<(), Error> {
    let expected = accepted_contents(config, variant, files, record, text.to_string())?;
    let names = files.accepted();
    for (name, expected) in names.iter().zip(&expected).take(3) {
        let path = dir.join(name);
        let bytes = std::fs::read(&path)
            .map_err(|e| Error::Resume(format!("cannot read {}: {e}", path.display())))?;
        if bytes != expected.as_bytes() {
            return Err(Error::Resume(format!(
                "{} does not belong with the maze file {}: one of them was changed since this                  batch wrote them (the answer key records the hash of the maze file it was                  written with, {}), and a batch never publishes a key or pictures that                  disagree with their maze; remove {}.* from {} to generate the maze again",
                path.display(),
                dir.join(files.ron()).display(),
                maze_gen::variant_hash(text),
                files.stem,
                dir.display()
            )));
        }
    }
    Ok(())
}

/// On resume, checks that a rejected maze's file is the one this batch writes for it: its
/// search is run again from the seed its provenance names (without the time limit, which
/// the search it repeats ended within) and the file it makes must be `text`, byte for byte.
/// So a file edited by hand never reaches the summaries with values of someone else's
/// making. A maze the time limit cut short cannot be made again from its seed: its file is
/// taken as it reads, the one thing resume cannot check.
fn verify_rejected(
    variant: &Variant,
    dir: &Path,
    files: &Files,
    record: &Record,
    text: &str,
    provenance: Provenance,
) -> Result<(), Error> {
    if record.timed_out {
        return Ok(());
    }
    let budget = maze_gen::Budget {
        iterations: Some(variant.iterations),
        deadline: None,
    };
    let outcome = maze_gen::generate_with(&variant.settings, budget, record.item_seed, &mut |_| {})
        .map_err(|source| Error::Generate {
            path: variant.path.clone(),
            source,
        })?;
    let made = outcome.file_text(&variant.settings, provenance);
    if made == text {
        return Ok(());
    }
    let path = dir.join(files.rejected());
    Err(Error::Resume(format!(
        "{} is not the maze this batch made for it: its seed makes another file, so it was \
         changed since this batch wrote it, and a batch never summarizes a maze it did not \
         make; remove it to generate the maze again",
        path.display()
    )))
}

/// Searches item `index` of `variant` again because its maze repeats a puzzle made earlier
/// in the batch (`made` holds the batch's puzzles before it), and writes what the search
/// makes in place of the repeat.
pub(crate) fn search_again(
    config: &Config,
    variant: &Variant,
    index: u64,
    made: &mut maze_gen::Made,
) -> Result<Record, Error> {
    let first_seed = maze_gen::item_seed(config.seed, &variant.name, index);
    let searched = maze_gen::generate_distinct_with(
        &variant.settings,
        budget(config, variant),
        first_seed,
        index,
        1,
        made,
        &mut |_| {},
    )
    .map_err(|source| Error::Generate {
        path: variant.path.clone(),
        source,
    })?;
    match searched {
        maze_gen::Distinct::Made {
            outcome,
            seed,
            retry,
        } => {
            let provenance = Provenance {
                retry,
                ..provenance(config, variant, index)
            };
            write(config, variant, index, *outcome, seed, provenance)
        }
        maze_gen::Distinct::Exhausted { same, searches } => {
            let dir = config.out.join(&variant.name);
            let files = Files::new(&variant.name, config.seed, index, config.count);
            // The repeat is not a maze of the batch: its files go.
            for name in files.accepted().iter().chain([&files.rejected()]) {
                remove(&dir.join(name))?;
            }
            Err(Error::FewDistinct(format!(
                "{}: maze {index}: each of {searches} searches found a puzzle already made \
                 (maze {same}, up to rotation and reflection); distinct puzzles these settings \
                 made: {}, and they seem to make few more: ask for fewer mazes or give the \
                 search more to vary",
                variant.name,
                made.len()
            )))
        }
    }
}

/// One maze's budget: the variant's iterations, and the time limit from now.
fn budget(config: &Config, variant: &Variant) -> maze_gen::Budget {
    maze_gen::Budget {
        iterations: Some(variant.iterations),
        deadline: config.time_limit.map(|limit| Instant::now() + limit),
    }
}

/// The provenance of a first search that runs its budget (`Outcome::file_text` marks one
/// the time limit cut short).
fn provenance(config: &Config, variant: &Variant, index: u64) -> Provenance {
    Provenance {
        variant: variant.name.clone(),
        variant_hash: Some(variant.hash.clone()),
        seed: config.seed,
        index,
        iterations: variant.iterations,
        engine: maze_gen::ENGINE.to_string(),
        retry: 0,
        timed_out: false,
    }
}

/// Removes `path` if it exists.
fn remove(path: &Path) -> Result<(), Error> {
    match std::fs::remove_file(path) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
            Err(Error::Io(format!("cannot remove {}: {e}", path.display())))
        }
        _ => Ok(()),
    }
}

/// The record of a maze with features `f`: gates and energy under the variant's settings.
fn record(
    variant: &Variant,
    index: u64,
    files: &Files,
    item_seed: u64,
    f: Features,
    maze: Maze,
) -> Record {
    let settings = &variant.settings;
    // The record is what the summary files hold: the gates' reasons as text. A maze is
    // accepted only if it is publishable too, as `maze check` says.
    let failed_gates: Vec<String> =
        Scorer::new(settings.objective.clone(), settings.gates.publishable())
            .failed_gates(&f)
            .iter()
            .map(ToString::to_string)
            .collect();
    Record {
        index,
        name: files.stem.clone(),
        item_seed,
        passed: failed_gates.is_empty(),
        failed_gates,
        energy: settings.objective.energy(&f),
        features: f,
        maze,
        timed_out: false,
    }
}

/// Reads a maze file an earlier run wrote, checks it was made by this batch's settings, and
/// recomputes its features exactly as the generator does; returns its record, its text and
/// its provenance.
fn read_back(
    variant: &Variant,
    limits: ReadLimits,
    path: &Path,
    files: &Files,
    expected: &Provenance,
    item_seed: u64,
) -> Result<(Record, String, Provenance), Error> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| Error::Resume(format!("cannot read {}: {e}", path.display())))?;
    let file =
        maze_file::parse_file_with(&path.display().to_string(), &text, limits).map_err(|e| {
            Error::Resume(format!(
                "cannot read back a maze an earlier run wrote ({}): remove it to generate it again",
                e.one_line()
            ))
        })?;
    // A maze searched for again because it repeated a puzzle says which search made it.
    let retry = file.provenance.as_ref().map_or(0, |p| p.retry);
    // A maze the time limit cut short records the iterations it ran, at most the budget:
    // it is this batch's maze, kept as it is (its search would not make it again).
    let (timed_out, iterations) = match &file.provenance {
        Some(p) if p.timed_out && p.iterations <= expected.iterations => (true, p.iterations),
        _ => (false, expected.iterations),
    };
    let expected = Provenance {
        retry,
        timed_out,
        iterations,
        ..expected.clone()
    };
    match &file.provenance {
        Some(p) if *p == expected => {}
        Some(p) => {
            let variant = |p: &Provenance| match &p.variant_hash {
                Some(hash) => format!("{} (variant hash {hash})", p.variant),
                None => p.variant.clone(),
            };
            return Err(Error::Resume(format!(
                "{} was written by another batch ({} from {}, seed {}, maze {}, {} iterations); \
                 this one is {} from {}, seed {}, maze {}, {} iterations: write to another \
                 --out or remove the old mazes (a different variant hash means the variant file \
                 was edited since)",
                path.display(),
                p.engine,
                variant(p),
                p.seed,
                p.index,
                p.iterations,
                expected.engine,
                variant(&expected),
                expected.seed,
                expected.index,
                expected.iterations
            )));
        }
        None => {
            return Err(Error::Resume(format!(
                "{} has no provenance: it was not written by a batch; write to another --out \
                 or remove it",
                path.display()
            )));
        }
    }
    let features = features(&file.maze);
    let item_seed = maze_gen::retry_seed(item_seed, retry);
    let record = Record {
        timed_out,
        ..record(
            variant,
            expected.index,
            files,
            item_seed,
            features,
            file.maze,
        )
    };
    Ok((record, text, expected))
}

/// Every feature of a maze, by the same call the generator makes for its result.
fn features(maze: &Maze) -> Features {
    maze_features::features_of_rules(&maze.compile(), maze.blocks())
}

/// A maze read back must still be what its file name says: accepted or rejected.
fn check_kind(record: Record, accepted: bool, files: &Files) -> Result<Record, Error> {
    if record.passed == accepted {
        return Ok(record);
    }
    Err(Error::Resume(if accepted {
        format!(
            "{} fails its gates ({}) but was written as an accepted maze: remove its files to \
             generate it again",
            files.ron(),
            record.failed_gates.join("; ")
        )
    } else {
        format!(
            "{} passes its gates but was written as rejected: remove it to generate it again",
            files.rejected()
        )
    }))
}

/// The answer key of one maze, `<stem>-answer.json`: `maze solve --json`'s fields plus the
/// maze, the hash of its maze file's text (what resume checks the file against) and the states the solution passes through (`(r,c)`, `(r,c)/NE`, `(r,c) 1x2x1`,
/// `Outside`; start first), and `"timed_out": true` last for a maze the time limit cut
/// short. One field per line, lists on one line, so a person can read it too.
fn answer_key(
    variant: &Variant,
    seed: u64,
    files: &Files,
    maze_file_hash: &str,
    rules: &impl Rules,
    record: &Record,
) -> Result<String, Error> {
    let f = &record.features;
    let states: Vec<String> = f
        .solution_states
        .as_deref()
        .unwrap_or(&[])
        .iter()
        .map(|&s| rules.state_name(s))
        .collect();
    let mut fields: Vec<(&str, String)> = vec![
        ("maze", json(&files.stem)?),
        ("maze_file_hash", json(maze_file_hash)?),
        ("variant", json(&variant.name)?),
        ("variant_hash", json(&variant.hash)?),
        ("seed", json(&seed)?),
        ("index", json(&record.index)?),
        ("shortest_length", json(&f.shortest_length)?),
        ("shortest_paths", json(&f.shortest_paths)?),
        ("unique_shortest", json(&f.unique_shortest)?),
        ("solution", json(&f.solution.as_deref().unwrap_or(&[]))?),
        ("solution_states", json(&states)?),
    ];
    if record.timed_out {
        fields.push(("timed_out", json(&true)?));
    }
    let lines: Vec<String> = fields
        .iter()
        .map(|(name, value)| format!("  \"{name}\": {value}"))
        .collect();
    Ok(format!("{{\n{}\n}}\n", lines.join(",\n")))
}

fn json<T: Serialize + ?Sized>(value: &T) -> Result<String, Error> {
    serde_json::to_string(value).map_err(|e| Error::Io(e.to_string()))
}

/// Writes `contents` to `path` whole ([`crate::write_atomic`]), with the batch's error.
pub(crate) fn write_atomic(path: &Path, contents: &[u8]) -> Result<(), Error> {
    crate::atomic::write_atomic(path, contents)
        .map_err(|e| Error::Io(format!("cannot write {}: {e}", path.display())))
}
