//! Measures the compact tree on a corpus: peak memory of building it for
//! every file (kept all at once) against the input size and against the
//! nested `SgfTree`, and build speed against the `sgf-parse` crate.
//!
//! ```text
//! cargo run --release --example compact_memory -- [CORPUS_DIR]
//! ```
//!
//! CORPUS_DIR defaults to `../shared/corpus`. Each memory figure is taken
//! in a child process of its own (VmHWM from `/proc/self/status`, Linux).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use bytes::Bytes;
use sgf_stream::{parse_collection, CompactTree};

#[path = "../tests/common/mod.rs"]
mod common;
use common::sgf_files;

fn peak_kib() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find(|line| line.starts_with("VmHWM:"))
        .and_then(|line| line.split_whitespace().nth(1)?.parse().ok())
        .unwrap_or(0)
}

/// Builds one structure per file, keeps them all, prints the peak.
fn memory(mode: &str, files: &[PathBuf]) {
    let before = peak_kib();
    let mut input = 0usize;
    let mut compact = Vec::new();
    let mut trees = Vec::new();
    let mut arena = 0usize;
    for file in files {
        let bytes = std::fs::read(file).expect("readable file");
        input += bytes.len();
        match mode {
            "compact" => {
                if let Ok(tree) = CompactTree::from_bytes(Bytes::from(bytes)) {
                    arena += tree.arena_bytes();
                    compact.push(tree);
                }
            }
            _ => {
                if let Ok(games) = parse_collection(&bytes) {
                    trees.push(games);
                }
            }
        }
    }
    let grown = (peak_kib() - before) * 1024;
    println!(
        "{mode:>8}: input {:.1} MB, peak growth {:.1} MB = {:.2}x input{}",
        input as f64 / 1e6,
        grown as f64 / 1e6,
        grown as f64 / input as f64,
        if mode == "compact" {
            format!(" (arena {:.1} MB)", arena as f64 / 1e6)
        } else {
            String::new()
        }
    );
    drop((compact, trees));
}

/// The best of `rounds` timings of `f`, in seconds.
fn best(rounds: usize, mut f: impl FnMut() -> usize) -> (f64, usize) {
    let mut best = f64::MAX;
    let mut count = 0;
    for _ in 0..rounds {
        let started = Instant::now();
        count = f();
        best = best.min(started.elapsed().as_secs_f64());
    }
    (best, count)
}

fn speed(files: &[PathBuf]) {
    // Both parsers get the same files: those that are UTF-8 and that both
    // accept.
    let texts: Vec<String> = files
        .iter()
        .filter_map(|file| String::from_utf8(std::fs::read(file).ok()?).ok())
        .filter(|text| {
            CompactTree::from_bytes(text.clone()).is_ok() && sgf_parse::parse(text).is_ok()
        })
        .collect();
    let buffers: Vec<Bytes> = texts.iter().map(|t| Bytes::from(t.clone())).collect();
    let bytes: usize = texts.iter().map(String::len).sum();
    let (ours, nodes) = best(10, || {
        buffers
            .iter()
            .map(|b| CompactTree::from_bytes(b.clone()).unwrap().len())
            .sum()
    });
    let (events, _) = best(10, || {
        buffers
            .iter()
            .map(|b| sgf_stream::Parser::new(b).count())
            .sum()
    });
    let (theirs, games) = best(3, || {
        texts
            .iter()
            .map(|t| sgf_parse::parse(t).unwrap().len())
            .sum()
    });
    let mb = bytes as f64 / 1e6;
    println!(
        "   speed: {} files, {mb:.1} MB, {nodes} nodes, {games} games",
        texts.len()
    );
    println!(
        "          CompactTree {:.1} ms ({:.0} MB/s)",
        ours * 1e3,
        mb / ours
    );
    println!(
        "          Parser only {:.1} ms ({:.0} MB/s)",
        events * 1e3,
        mb / events
    );
    println!(
        "          sgf-parse   {:.1} ms ({:.0} MB/s)",
        theirs * 1e3,
        mb / theirs
    );
    println!("          ratio {:.1}x", theirs / ours);
}

/// Runs one parser `rounds` times over the files that are UTF-8.
fn profile(what: &str, files: &[PathBuf], rounds: usize) {
    let texts: Vec<String> = files
        .iter()
        .filter_map(|file| String::from_utf8(std::fs::read(file).ok()?).ok())
        .collect();
    let buffers: Vec<Bytes> = texts.iter().map(|t| Bytes::from(t.clone())).collect();
    let mut count = 0;
    for _ in 0..rounds {
        count += match what {
            "compact" => buffers
                .iter()
                .filter_map(|b| CompactTree::from_bytes(b.clone()).ok())
                .map(|tree| tree.len())
                .sum::<usize>(),
            "parser" => buffers
                .iter()
                .map(|b| sgf_stream::Parser::new(b).count())
                .sum(),
            _ => texts
                .iter()
                .filter_map(|t| sgf_parse::parse(t).ok())
                .map(|games| games.len())
                .sum(),
        };
    }
    println!("{what}: {count}");
}

fn main() {
    let mut args = std::env::args().skip(1);
    let first = args.next();
    if first.as_deref() == Some("profile") {
        // `profile WHAT DIR ROUNDS`: builds only, for `perf stat`.
        let what = args.next().expect("compact, parser or sgf-parse");
        let dir = args.next().expect("a corpus directory");
        let rounds: usize = args.next().map_or(10, |n| n.parse().expect("a number"));
        return profile(&what, &sgf_files(Path::new(&dir)), rounds);
    }
    if let Some(mode @ ("compact" | "tree")) = first.as_deref() {
        let dir = args.next().expect("a corpus directory");
        return memory(mode, &sgf_files(Path::new(&dir)));
    }
    let dir = first
        .unwrap_or_else(|| concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/corpus").to_string());
    let files = sgf_files(Path::new(&dir));
    if files.is_empty() {
        eprintln!("note: no .sgf files under {dir}");
        return;
    }
    let me = std::env::current_exe().expect("own path");
    for mode in ["compact", "tree"] {
        let status = Command::new(&me).args([mode, &dir]).status();
        assert!(status.expect("child runs").success());
    }
    speed(&files);
}
