//! The README's performance table from one run: each workload's median
//! throughput over interleaved rounds, the ratios against the goals of
//! issue 6 (and issue 3's for event pass-through: writing parser events
//! at half the speed of parsing alone; issue 19's for `Display`: at
//! least 0.8x `write_tree`), and peak memory per input byte.
//!
//! ```text
//! cargo run --release --example bench_ratios [-- ROUNDS]
//! ```
//!
//! Rounds default to 15; each round runs every workload once in turn (for
//! at least 50 ms), so slow drift from other processes hits all of them
//! alike.

#[path = "../benches/support/mod.rs"]
mod support;

use std::alloc::{GlobalAlloc, Layout, System};
use std::hint::black_box;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering::Relaxed};
use std::time::{Duration, Instant};

/// The system allocator, counting live and peak bytes while `TRACK` is set.
struct Counting;

static TRACK: AtomicBool = AtomicBool::new(false);
static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if TRACK.load(Relaxed) {
            let live = LIVE.fetch_add(layout.size(), Relaxed) + layout.size();
            PEAK.fetch_max(live, Relaxed);
        }
        // SAFETY: the caller's contract is passed on unchanged.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        if TRACK.load(Relaxed) {
            LIVE.fetch_sub(layout.size(), Relaxed);
        }
        // SAFETY: the caller's contract is passed on unchanged.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if TRACK.load(Relaxed) {
            if new_size >= layout.size() {
                let grow = new_size - layout.size();
                PEAK.fetch_max(LIVE.fetch_add(grow, Relaxed) + grow, Relaxed);
            } else {
                LIVE.fetch_sub(layout.size() - new_size, Relaxed);
            }
        }
        // SAFETY: the caller's contract is passed on unchanged.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Peak bytes allocated while `f` runs and its result is alive. Frees
/// made inside `f` of memory allocated before it are clamped at zero.
fn peak_during<T>(f: impl FnOnce() -> T) -> usize {
    LIVE.store(0, Relaxed);
    PEAK.store(0, Relaxed);
    TRACK.store(true, Relaxed);
    let result = f();
    TRACK.store(false, Relaxed);
    drop(black_box(result));
    PEAK.load(Relaxed)
}

/// One contender: a name, the bytes it reads per run, the run returning a
/// count, and the count it must return.
struct Workload<'a> {
    name: &'static str,
    bytes: usize,
    run: Box<dyn Fn() -> usize + 'a>,
    expected: usize,
}

impl<'a> Workload<'a> {
    fn new(name: &'static str, bytes: usize, run: impl Fn() -> usize + 'a) -> Self {
        let expected = run();
        Workload {
            name,
            bytes,
            run: Box::new(run),
            expected,
        }
    }

    /// MB/s of one timed stretch of at least 50 ms.
    fn measure(&self) -> f64 {
        let started = Instant::now();
        let mut runs = 0u64;
        while started.elapsed() < Duration::from_millis(50) {
            assert_eq!((self.run)(), self.expected, "{}", self.name);
            runs += 1;
        }
        (self.bytes as f64 * runs as f64) / started.elapsed().as_secs_f64() / 1e6
    }
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(|a, b| a.total_cmp(b));
    xs[xs.len() / 2]
}

/// What the workloads read, prepared outside the timed runs.
struct Prepared<'a> {
    bytes: &'a [u8],
    source: bytes::Bytes,
    comments: Vec<&'a [u8]>,
    trees: Vec<sgf_stream::SgfTree>,
    compact: sgf_stream::CompactTree,
    theirs: Vec<sgf_parse::GameTree>,
}

impl<'a> Prepared<'a> {
    fn new(bytes: &'a [u8]) -> Self {
        Prepared {
            bytes,
            source: bytes::Bytes::copy_from_slice(bytes),
            comments: support::comments(bytes),
            trees: sgf_stream::parse_collection(bytes).unwrap(),
            compact: sgf_stream::CompactTree::from_bytes(bytes.to_vec()).unwrap(),
            theirs: sgf_parse::parse(std::str::from_utf8(bytes).unwrap()).unwrap(),
        }
    }

    fn workloads(&self) -> Vec<Workload<'_>> {
        let (bytes, len) = (self.bytes, self.bytes.len());
        let raw: usize = self.comments.iter().map(|c| c.len()).sum();
        let nodes = support::events(bytes);
        let out = vec![
            Workload::new("baseline", len, move || support::baseline(bytes)),
            Workload::new("events", len, move || support::events(bytes)),
            Workload::new("reader-8k", len, move || support::reader_events(bytes)),
            Workload::new("tree", len, move || support::tree(bytes)),
            Workload::new("games-reader", len, move || support::games_reader(bytes)),
            Workload::new("compact", len, || support::compact(&self.source)),
            Workload::new("sgf-parse", len, move || support::sgf_parse(bytes)),
            Workload::new("write-events", len, move || support::write_events(bytes)),
            Workload::new("write-tree", len, || support::write_trees(&self.trees)),
            Workload::new("display", len, || support::display_trees(&self.trees)),
            Workload::new("write-compact", len, || {
                support::write_compact(&self.compact)
            }),
            Workload::new("sgf-parse-write", len, || {
                support::sgf_parse_write(&self.theirs)
            }),
            Workload::new("text", raw, || support::decode(&self.comments)),
        ];
        for w in &out[1..7] {
            assert_eq!(w.expected, nodes, "{} counts the nodes", w.name);
        }
        out
    }
}

/// Median MB/s of each workload, by name.
fn speeds(workloads: &[Workload<'_>], rounds: usize) -> Vec<(&'static str, f64)> {
    let mut samples = vec![Vec::new(); workloads.len()];
    for _ in 0..rounds {
        for (w, s) in workloads.iter().zip(&mut samples) {
            s.push(w.measure());
        }
    }
    let names = workloads.iter().map(|w| w.name);
    names.zip(samples.into_iter().map(median)).collect()
}

/// The goals of issues 6, 3 (event pass-through) and 19 (owned trees,
/// `Display`):
/// (label, numerator, denominator, goal).
const GOALS: &[(&str, &str, &str, f64)] = &[
    ("events / baseline", "events", "baseline", 0.5),
    ("events / sgf-parse", "events", "sgf-parse", 40.0),
    ("tree / sgf-parse", "tree", "sgf-parse", 15.0),
    ("tree / compact", "tree", "compact", 0.33),
    ("games-reader / tree", "games-reader", "tree", 0.8),
    ("compact / sgf-parse", "compact", "sgf-parse", 25.0),
    ("write-tree / baseline", "write-tree", "baseline", 0.25),
    (
        "write-compact / baseline",
        "write-compact",
        "baseline",
        0.25,
    ),
    ("reader-8k / events", "reader-8k", "events", 0.8),
    ("write-events / events", "write-events", "events", 0.5),
    ("display / write-tree", "display", "write-tree", 0.8),
];

fn report(name: &str, bytes: &[u8], speeds: &[(&'static str, f64)]) {
    let get = |n: &str| speeds.iter().find(|(k, _)| *k == n).map(|&(_, v)| v);
    println!("\n### {name} ({:.1} MB)\n", bytes.len() as f64 / 1e6);
    println!("| workload | MB/s |\n|---|---:|");
    for (k, v) in speeds {
        println!("| {k} | {v:.0} |");
    }
    println!("\n| ratio | measured | goal | met |\n|---|---:|---:|:-:|");
    for &(label, num, den, goal) in GOALS {
        if let (Some(a), Some(b)) = (get(num), get(den)) {
            let ratio = a / b;
            let met = if ratio >= goal { "yes" } else { "no" };
            println!("| {label} | {ratio:.2}× | ≥ {goal}× | {met} |");
        }
    }
    let ours = peak_during(|| sgf_stream::parse_collection(bytes).unwrap());
    let theirs = peak_during(|| sgf_parse::parse(std::str::from_utf8(bytes).unwrap()).unwrap());
    let per = |peak: usize| peak as f64 / bytes.len() as f64;
    println!("\n| peak memory per input byte | bytes |\n|---|---:|");
    println!("| sgf-stream `parse_collection` | {:.1} |", per(ours));
    println!("| sgf-parse `parse` | {:.1} |", per(theirs));
}

fn main() {
    let rounds = std::env::args()
        .nth(1)
        .map_or(15, |n| n.parse().expect("ROUNDS is a number"));
    for input in support::inputs() {
        let prepared = Prepared::new(&input.bytes);
        let workloads = prepared.workloads();
        let speeds = speeds(&workloads, rounds);
        report(input.name, &input.bytes, &speeds);
    }
}
