//! Memory stays bounded while streaming: 66 MB of generated games (made
//! on the fly by a reader, never a file) read through the `StreamReader`
//! `games()` and `compact_games()` with a peak resident size under 64 MB. This file holds a
//! single test so that the process's peak (VmHWM, Linux) is its own.
//! `examples/stream_memory.rs` runs the same over 1 GB.

mod common;

use common::generate::GameReader;
use sgf_stream::{Event, ReaderBuilder};

#[test]
fn streaming_66_mb_stays_under_64_mb() {
    let Some(before) = common::peak_bytes() else {
        eprintln!("note: no /proc/self/status here; skipping this test");
        return;
    };
    let total: u64 = 66 << 20;
    let mut reader = ReaderBuilder::new()
        .chunk_size(16 << 10)
        .from_reader(GameReader::new(7, total));
    let mut nodes = 0u64;
    while let Some(event) = reader.next_event().unwrap() {
        nodes += matches!(event, Event::Node) as u64;
    }
    assert!(reader.position() >= total);
    assert!(nodes > 100_000, "{nodes} nodes");

    // A smaller part through games(): one owned tree at a time.
    let games = sgf_stream::games(GameReader::new(8, 4 << 20))
        .map(|game| game.unwrap().nodes().count())
        .filter(|&n| n > 150)
        .count();
    assert!(games > 500, "{games} games");
    let compact = sgf_stream::compact_games(GameReader::new(9, 4 << 20))
        .map(|game| game.unwrap().len())
        .filter(|&n| n > 150)
        .count();
    assert!(compact > 500, "{compact} compact games");

    let peak = common::peak_bytes().unwrap();
    assert!(
        peak < 64 << 20,
        "peak {} MiB (was {} MiB before streaming)",
        peak >> 20,
        before >> 20
    );
}
