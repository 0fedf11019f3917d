//! Go replay speed: every game's main line replayed on the board
//! (captures, ko, the incremental hash), in moves per second, beside
//! building the `CompactTree` it reads from (the parse), so the ratio of
//! the two is in the same run.
//!
//! - `compact`: replay from a `CompactTree` (raw values decoded by the
//!   typed layer), the bulk path;
//! - `tree`: replay from parsed `SgfTree`s;
//! - `board`: the board alone, on moves decoded beforehand;
//! - `compact-superko`: as `compact`, under positional superko (Chinese
//!   rules), which keeps every position's hash;
//! - `parse-compact`: building the `CompactTree` of the same bytes.
//!
//! ```text
//! cargo bench --bench replay
//! ```
//! Input: `../shared/corpus` (about 600,000 moves) when present, and 1,000
//! generated games of random legal moves.
//!
//! Each workload is measured twice: in wall-clock time (`replay/...`), and
//! in the CPU time of the benchmark's thread (`replay-cpu/...`, from
//! `/proc/thread-self/schedstat` on Linux), which is what one core does
//! when other jobs share the machine.

#[path = "../../benches/support/mod.rs"]
mod support;

use std::hint::black_box;
use std::time::Duration;

use bytes::Bytes;
use criterion::measurement::{Measurement, ValueFormatter, WallTime};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use sgf_go::{Board, ReplayOptions, Rules};
use sgf_stream::typed::{BoardSize, Color, Move, Point};
use sgf_stream::{CompactTree, SgfTree};
use support::generate::Rng;

/// `count` games of random legal moves on 19x19, 150 to 350 moves each
/// (a move is a random point, tried again until legal), as SGF.
fn legal_games(seed: u64, count: usize) -> Vec<u8> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    for _ in 0..count {
        out.extend_from_slice(b"(;GM[1]FF[4]SZ[19]KM[6.5]\n");
        let mut board = Board::new(BoardSize::square(19));
        for number in 0..rng.range(150, 350) {
            let color = board.to_move();
            let point = (0..1000)
                .map(|_| Point::new(rng.range(0, 19) as u8, rng.range(0, 19) as u8))
                .find(|&p| board.check(color, p).is_ok());
            let played = point.map_or(Move::Pass, Move::Play);
            board.play_move(color, played).expect("checked");
            let newline = if number % 12 == 11 { "\n" } else { "" };
            out.extend_from_slice(format!(";{color}[{played}]{newline}").as_bytes());
        }
        out.extend_from_slice(b")\n");
    }
    out
}

/// Replays every game's main line from a compact tree, leniently (the
/// corpus has one corrupt record); returns the moves played.
#[inline(never)]
fn replay_compact(tree: &CompactTree, options: ReplayOptions) -> u64 {
    let mut moves = 0;
    for game in tree.games() {
        for step in options.replay(game.main_line()) {
            moves += step.expect("lenient").played.is_some() as u64;
        }
    }
    moves
}

/// The same from `SgfTree`s.
#[inline(never)]
fn replay_trees(trees: &[SgfTree], options: ReplayOptions) -> u64 {
    let mut moves = 0;
    for tree in trees {
        for step in options.replay(tree.main_line()) {
            moves += step.expect("lenient").played.is_some() as u64;
        }
    }
    moves
}

/// Plays decoded moves on boards; returns a sum of the final hashes.
#[inline(never)]
fn replay_boards(games: &[(BoardSize, Vec<(Color, Move)>)]) -> u64 {
    let mut sum = 0u64;
    for (size, moves) in games {
        let mut board = Board::new(*size);
        for &(color, played) in moves {
            match played {
                Move::Pass => board.pass(color),
                Move::Play(point) => {
                    board.play_anyway(color, point);
                }
            }
        }
        sum = sum.wrapping_add(board.hash());
    }
    sum
}

/// The CPU time of the calling thread, in nanoseconds (Linux), or
/// `None` where the system does not say.
fn thread_cpu_ns() -> Option<u64> {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    stat.split_whitespace().next()?.parse().ok()
}

/// Criterion's measurement of the benchmark thread's CPU time, in
/// nanoseconds; wall-clock time where the system does not give it.
struct ThreadCpuTime;

static WALL: WallTime = WallTime;

impl Measurement for ThreadCpuTime {
    type Intermediate = (Option<u64>, std::time::Instant);
    type Value = u64;

    fn start(&self) -> Self::Intermediate {
        (thread_cpu_ns(), std::time::Instant::now())
    }

    fn end(&self, (cpu, wall): Self::Intermediate) -> u64 {
        match (cpu, thread_cpu_ns()) {
            (Some(start), Some(end)) => end.saturating_sub(start),
            _ => wall.elapsed().as_nanos() as u64,
        }
    }

    fn add(&self, a: &u64, b: &u64) -> u64 {
        a + b
    }

    fn zero(&self) -> u64 {
        0
    }

    fn to_f64(&self, value: &u64) -> f64 {
        *value as f64
    }

    fn formatter(&self) -> &dyn ValueFormatter {
        WALL.formatter()
    }
}

fn bench_input<M: Measurement>(c: &mut Criterion<M>, prefix: &str, name: &str, bytes: Vec<u8>) {
    let source = Bytes::from(bytes);
    let compact = CompactTree::from_bytes(source.clone()).expect("valid input");
    let trees = compact.to_sgf_trees().expect("valid input");
    let lenient = ReplayOptions::new().lenient(true);
    let moves = replay_compact(&compact, lenient);
    assert_eq!(replay_trees(&trees, lenient), moves);
    let decoded: Vec<(BoardSize, Vec<(Color, Move)>)> = trees
        .iter()
        .map(|tree| {
            (
                tree.board_size().unwrap_or_default(),
                tree.moves_lenient().0,
            )
        })
        .collect();
    let hashes = replay_boards(&decoded);
    let nodes = compact.len();
    eprintln!("{name}: {} games, {moves} moves", trees.len());

    let mut group = c.benchmark_group(format!("{prefix}/{name}"));
    group.throughput(Throughput::Elements(moves));
    group.sample_size(20);
    group.measurement_time(Duration::from_secs(5));
    group.bench_function("compact", |b| {
        b.iter(|| assert_eq!(replay_compact(black_box(&compact), lenient), moves))
    });
    group.bench_function("tree", |b| {
        b.iter(|| assert_eq!(replay_trees(black_box(&trees), lenient), moves))
    });
    group.bench_function("board", |b| {
        b.iter(|| assert_eq!(replay_boards(black_box(&decoded)), hashes))
    });
    let superko = lenient.rules(Rules::CHINESE);
    group.bench_function("compact-superko", |b| {
        b.iter(|| assert_eq!(replay_compact(black_box(&compact), superko), moves))
    });
    group.bench_function("parse-compact", |b| {
        b.iter(|| {
            let tree = CompactTree::from_bytes(black_box(source.clone())).expect("valid");
            assert_eq!(tree.len(), nodes)
        })
    });
    group.finish();
}

/// Every input, in groups named `{prefix}/{input}`.
fn replay<M: Measurement>(c: &mut Criterion<M>, prefix: &str) {
    if let Some(corpus) = support::corpus() {
        bench_input(c, prefix, corpus.name, corpus.bytes);
    }
    bench_input(c, prefix, "generated", legal_games(17, 1000));
}

fn wall_time(c: &mut Criterion) {
    replay(c, "replay");
}

fn cpu_time(c: &mut Criterion<ThreadCpuTime>) {
    replay(c, "replay-cpu");
}

criterion_group!(wall, wall_time);
criterion_group! {
    name = cpu;
    config = Criterion::default().with_measurement(ThreadCpuTime);
    targets = cpu_time
}
criterion_main!(wall, cpu);
