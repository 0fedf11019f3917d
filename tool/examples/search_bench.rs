//! The search's speed and size on a real collection: `../shared/tygem`
//! (85,582 games of Tygem 9-dans in 14 `.sgf.gz` files), or the folder
//! given as the first argument; skipped with a note when absent.
//!
//! Builds indexes of the first quarter, the first half and all of the
//! games in memory, then searches each for patterns of each kind cut
//! from real games: whole-board positions (early, where a hash table
//! would be needed most, and in the middle game), corners of the
//! opening, a side and the centre. Prints, per index, its bytes per
//! game, and per pattern the hits and the time of a search on two
//! threads: the best of 20 runs (on a shared machine, wall-clock time
//! suffers from the other work) and the process's CPU time per search;
//! then that CPU time over two cores, scaled linearly to 1.5 million
//! games (the search visits every game).
//!
//! `cargo run --release -p sgf-tool --example search_bench [FOLDER]`

use std::io::Read;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use sgf_go::search::{GameRecord, Index, IndexBuilder, Pattern, SearchOptions};
use sgf_stream::typed::{BoardSize, Color};
use sgf_stream::ReaderBuilder;

/// The process's CPU time (user and system), from `/proc/self/stat`, in
/// clock ticks of 10 ms; zero where there is no such file.
fn cpu_time() -> Duration {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let fields: Vec<&str> = stat
        .rsplit(')')
        .next()
        .unwrap_or("")
        .split_whitespace()
        .collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<u64>().ok())
            .unwrap_or(0)
    };
    Duration::from_millis(10 * (ticks(11) + ticks(12)))
}

/// The records of every game of the files, read on two threads.
fn records(files: &[PathBuf]) -> Vec<GameRecord> {
    let read = |file: &PathBuf| {
        let mut text = Vec::new();
        flate2::read::GzDecoder::new(std::fs::File::open(file).unwrap())
            .read_to_end(&mut text)
            .unwrap();
        let trees = ReaderBuilder::new()
            .lenient(true)
            .read_collection(&text)
            .unwrap()
            .trees;
        trees
            .iter()
            .filter_map(|t| GameRecord::from_tree(t).ok())
            .collect::<Vec<_>>()
    };
    let (even, odd): (Vec<_>, Vec<_>) = files.iter().enumerate().partition(|(i, _)| i % 2 == 0);
    let (a, b) = std::thread::scope(|s| {
        let a = s.spawn(|| even.iter().map(|(_, f)| read(f)).collect::<Vec<_>>());
        let b = s.spawn(|| odd.iter().map(|(_, f)| read(f)).collect::<Vec<_>>());
        (a.join().unwrap(), b.join().unwrap())
    });
    let mut by_file: Vec<Vec<GameRecord>> = Vec::new();
    let (mut a, mut b) = (a.into_iter(), b.into_iter());
    for i in 0..files.len() {
        by_file.push(if i % 2 == 0 { a.next() } else { b.next() }.unwrap());
    }
    by_file.into_iter().flatten().collect()
}

/// A pattern holding the position after `moves` moves of `record` on
/// the points `inside` says.
fn cut(record: &GameRecord, moves: u32, inside: impl Fn(u8, u8) -> bool) -> Pattern {
    let size = record.size();
    let board = record.position(moves);
    let grid: Vec<Option<Option<Color>>> = board
        .iter()
        .enumerate()
        .map(|(i, &stone)| {
            let (col, row) = (
                (i % usize::from(size.cols)) as u8,
                (i / usize::from(size.cols)) as u8,
            );
            inside(col, row).then_some(stone)
        })
        .collect();
    Pattern::from_grid(size, &grid).unwrap()
}

fn main() {
    let folder = std::env::args()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
            root.join("../shared/tygem")
        });
    let Ok(entries) = std::fs::read_dir(&folder) else {
        println!("note: {} is absent; nothing to measure", folder.display());
        return;
    };
    let mut files: Vec<PathBuf> = entries
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with(".sgf.gz"))
        .collect();
    files.sort();
    let records = records(&files);
    let moves: u64 = records.iter().map(|r| u64::from(r.moves())).sum();
    println!(
        "{} games, {moves} moves, from {}",
        records.len(),
        folder.display()
    );

    // Patterns cut from games of the last quarter, so that each index
    // size has its own share of them.
    let size = BoardSize::square(19);
    let pick = |n: usize| {
        records
            .iter()
            .filter(|r| r.size() == size && r.moves() > 150)
            .nth(n)
            .unwrap()
    };
    let source = |n| pick(records.len() * 3 / 4 / 2 + n);
    let corner = |n: u8| move |c: u8, r: u8| c >= 19 - n && r < n;
    let patterns = [
        ("whole board, move 12", cut(source(1), 12, |_, _| true)),
        ("whole board, move 40", cut(source(2), 40, |_, _| true)),
        ("whole board, move 120", cut(source(3), 120, |_, _| true)),
        ("corner 7x7, move 4", cut(source(4), 4, corner(7))),
        ("corner 9x9, move 12", cut(source(5), 12, corner(9))),
        ("corner 9x9, move 30", cut(source(6), 30, corner(9))),
        (
            "side 11x6, move 60",
            cut(source(7), 60, |c, r| (4..15).contains(&c) && r < 6),
        ),
        (
            "centre 7x7, move 150",
            cut(source(8), 150, |c, r| {
                (6..13).contains(&c) && (6..13).contains(&r)
            }),
        ),
    ];
    let scale = 1_500_000.0 / records.len() as f64;
    println!("| games | index bytes/game | pattern | hits | best of 20, 2 threads | CPU per search | CPU / 2 cores, scaled to 1.5 M games |");
    println!("|---|---|---|---|---|---|---|");
    for part in [4, 2, 1] {
        let games = &records[..records.len() / part];
        let mut builder = IndexBuilder::new();
        let file = builder.add_file("tygem");
        for (i, record) in games.iter().enumerate() {
            builder.push(file, i as u64, record);
        }
        let bytes = builder.to_bytes();
        let index = Index::from_bytes(&bytes).unwrap();
        let per_game = bytes.len() as f64 / games.len() as f64;
        for (name, pattern) in &patterns {
            let options = SearchOptions::new().threads(2);
            let mut best = Duration::MAX;
            let mut hits = 0;
            let cpu = cpu_time();
            let runs = 20;
            for _ in 0..runs {
                let started = Instant::now();
                hits = index.search(pattern, &options).unwrap().hits.len();
                best = best.min(started.elapsed());
            }
            let cpu = (cpu_time() - cpu) / runs;
            let scaled = cpu.as_secs_f64() / 2.0 * scale * part as f64;
            println!(
                "| {} | {per_game:.0} | {name} | {hits} | {:.2} ms | {:.1} ms | {:.3} s |",
                games.len(),
                best.as_secs_f64() * 1e3,
                cpu.as_secs_f64() * 1e3,
                scaled
            );
        }
    }
}
