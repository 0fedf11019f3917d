//! Counts games, nodes, properties and bytes over SGF files or directories,
//! and prints the parsing speed.
//!
//! ```text
//! cargo run --release --example stats -- [PATH...]
//! ```
//!
//! With no PATH it reads the sample games in `tests/data/`.

use std::path::{Path, PathBuf};
use std::time::Instant;

use sgf_stream::{Event, Parser};

#[derive(Default)]
struct Totals {
    files: u64,
    failed: u64,
    games: u64,
    nodes: u64,
    properties: u64,
    bytes: u64,
}

fn collect(path: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    if path.is_dir() {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(path)?
            .map(|entry| entry.map(|e| e.path()))
            .collect::<Result<_, _>>()?;
        entries.sort();
        for entry in entries {
            if entry.is_dir()
                || entry
                    .extension()
                    .is_some_and(|ext| ext.eq_ignore_ascii_case("sgf"))
            {
                collect(&entry, out)?;
            }
        }
    } else {
        out.push(path.to_path_buf());
    }
    Ok(())
}

fn count(input: &[u8], totals: &mut Totals) -> Result<(), sgf_stream::Error> {
    let mut depth = 0u32;
    for event in Parser::new(input) {
        match event? {
            Event::StartGameTree => {
                totals.games += (depth == 0) as u64;
                depth += 1;
            }
            Event::EndGameTree => depth -= 1,
            Event::Node => totals.nodes += 1,
            Event::Property(..) => totals.properties += 1,
        }
    }
    Ok(())
}

fn main() {
    let mut paths: Vec<PathBuf> = std::env::args_os().skip(1).map(PathBuf::from).collect();
    if paths.is_empty() {
        paths.push(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data"));
    }
    let mut files = Vec::new();
    for path in &paths {
        if let Err(err) = collect(path, &mut files) {
            eprintln!("{}: {err}", path.display());
        }
    }
    let inputs: Vec<(PathBuf, Vec<u8>)> = files
        .into_iter()
        .filter_map(|file| match std::fs::read(&file) {
            Ok(bytes) => Some((file, bytes)),
            Err(err) => {
                eprintln!("{}: {err}", file.display());
                None
            }
        })
        .collect();
    let mut totals = Totals::default();
    let started = Instant::now();
    for (file, input) in &inputs {
        totals.files += 1;
        totals.bytes += input.len() as u64;
        if let Err(err) = count(input, &mut totals) {
            totals.failed += 1;
            eprintln!("{}: {err}", file.display());
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    println!("files       {:>12}", totals.files);
    println!("with errors {:>12}", totals.failed);
    println!("games       {:>12}", totals.games);
    println!("nodes       {:>12}", totals.nodes);
    println!("properties  {:>12}", totals.properties);
    println!("bytes       {:>12}", totals.bytes);
    println!(
        "speed       {:>12.1} MB/s (parsing only, files read beforehand)",
        totals.bytes as f64 / 1e6 / seconds.max(1e-9)
    );
}
