//! Streams a generated collection of about 1 GB (by default) through the
//! `StreamReader`, `games()` and `compact_games()`, and prints the peak
//! memory.
//!
//! ```text
//! cargo run --release --example stream_memory -- [MEGABYTES]
//! ```
//!
//! The games come from a reader that generates each one when the previous
//! one has been read (`tests/common/generate.rs`), so no file and no copy
//! of the collection exists anywhere. Peak memory is the process's VmHWM
//! from `/proc/self/status` (Linux).

#[path = "../tests/common/generate.rs"]
mod generate;

use std::time::Instant;

use generate::GameReader;
use sgf_stream::{Event, Reader};

/// The peak resident set size in KiB, if the system reports it.
fn peak_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|line| line.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

fn main() -> Result<(), sgf_stream::Error> {
    let megabytes: u64 = std::env::args()
        .nth(1)
        .and_then(|arg| arg.parse().ok())
        .unwrap_or(1024);
    let bytes = megabytes << 20;
    println!("peak before: {:?} KiB", peak_kib());

    let started = Instant::now();
    let mut reader = Reader::from_reader(GameReader::new(1, bytes));
    let (mut nodes, mut moves) = (0u64, 0u64);
    while let Some(event) = reader.next_event()? {
        match event {
            Event::Node => nodes += 1,
            Event::Property(ident, _) if ident == "B" || ident == "W" => moves += 1,
            _ => {}
        }
    }
    let secs = started.elapsed().as_secs_f64();
    let read = reader.position();
    let games = reader.get_ref().games();
    println!(
        "events: {games} games, {nodes} nodes, {moves} moves, {:.0} MB in {secs:.1} s ({:.0} MB/s)",
        read as f64 / 1e6,
        read as f64 / 1e6 / secs
    );
    println!("peak after events: {:?} KiB", peak_kib());

    let started = Instant::now();
    let (mut trees, mut tree_nodes) = (0u64, 0usize);
    for game in sgf_stream::games(GameReader::new(2, bytes)) {
        tree_nodes += game?.nodes().count();
        trees += 1;
    }
    let secs = started.elapsed().as_secs_f64();
    println!(
        "games(): {trees} SgfTrees, {tree_nodes} nodes in {secs:.1} s ({:.0} MB/s)",
        bytes as f64 / 1e6 / secs
    );
    println!("peak after games(): {:?} KiB", peak_kib());

    let started = Instant::now();
    let (mut trees, mut tree_nodes) = (0u64, 0usize);
    for game in sgf_stream::compact_games(GameReader::new(3, bytes)) {
        tree_nodes += game?.len();
        trees += 1;
    }
    let secs = started.elapsed().as_secs_f64();
    println!(
        "compact_games(): {trees} CompactTrees, {tree_nodes} nodes in {secs:.1} s ({:.0} MB/s)",
        bytes as f64 / 1e6 / secs
    );
    println!("peak after compact_games(): {:?} KiB", peak_kib());
    Ok(())
}
