//! Writer speed on the shared corpus, concatenated (about 4.4 MB):
//!
//! - `events/parse`: the parser alone, the baseline;
//! - `events/pass_through*`: parser events piped through a `Writer`
//!   (throughput in input bytes; the goal is at least half the parser's);
//! - `tree/*`: writing parsed trees (throughput in output bytes; the goal
//!   is at least 300 MB/s); `tree/compact_tree` writes a `CompactTree`
//!   (raw values) instead of `SgfTree`s.
//!
//! ```text
//! cargo bench --bench write
//! ```
//! Without `../shared/corpus` it measures `tests/data/` instead.

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use sgf_stream::{
    parse_collection, CompactTree, Layout, Newline, Parser, SgfTree, WriteOptions, Writer,
};

fn sgf_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("readable directory")
        .map(|e| e.expect("directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            sgf_files(&path, out);
        } else if path
            .extension()
            .is_some_and(|ext| ext.eq_ignore_ascii_case("sgf"))
        {
            out.push(path);
        }
    }
}

/// Every game of the corpus (or of `tests/data/`), one after the other.
fn corpus() -> Vec<u8> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let shared = root.join("../shared/corpus");
    let dir = if shared.exists() {
        shared
    } else {
        eprintln!("note: ../shared/corpus is absent; measuring tests/data");
        root.join("tests/data")
    };
    let mut files = Vec::new();
    sgf_files(&dir, &mut files);
    let mut all = Vec::new();
    for file in files {
        let bytes = std::fs::read(&file).expect("readable file");
        if parse_collection(&bytes).is_ok() {
            all.extend_from_slice(&bytes);
            all.push(b'\n');
        }
    }
    all
}

fn pass_through(input: &[u8], options: &WriteOptions, out: Vec<u8>) -> Vec<u8> {
    let mut writer = Writer::with_options(out, options.clone());
    for event in Parser::new(input) {
        writer
            .write_event(&event.expect("valid corpus"))
            .expect("valid events");
    }
    writer.into_inner().expect("closed trees")
}

fn write_trees(trees: &[SgfTree], options: &WriteOptions, out: Vec<u8>) -> Vec<u8> {
    let mut writer = Writer::with_options(out, options.clone());
    for tree in trees {
        writer.write_tree(tree).expect("valid tree");
    }
    writer.into_inner().expect("closed trees")
}

fn write_compact(tree: &CompactTree, out: Vec<u8>) -> Vec<u8> {
    let mut writer = Writer::new(out);
    for game in tree.games() {
        writer.write_tree(&game).expect("valid tree");
    }
    writer.into_inner().expect("closed trees")
}

fn events(c: &mut Criterion) {
    let input = corpus();
    let mut group = c.benchmark_group("events");
    group.throughput(Throughput::Bytes(input.len() as u64));
    group.bench_function("parse", |b| {
        b.iter(|| Parser::new(black_box(&input)).filter(|e| e.is_ok()).count())
    });
    let layouts = [
        ("pass_through", WriteOptions::new()),
        (
            "pass_through_node_per_line",
            WriteOptions::new().layout(Layout::NodePerLine),
        ),
        ("pass_through_wrap79", WriteOptions::new().wrap(true)),
    ];
    for (name, options) in layouts {
        let mut out = Vec::with_capacity(input.len() * 2);
        group.bench_function(name, |b| {
            b.iter(|| {
                out.clear();
                out = pass_through(black_box(&input), &options, std::mem::take(&mut out));
                out.len()
            })
        });
    }
    group.finish();
}

fn trees(c: &mut Criterion) {
    let input = corpus();
    let trees = parse_collection(&input).expect("valid corpus");
    let layouts = [
        ("compact", WriteOptions::new()),
        (
            "node_per_line_crlf",
            WriteOptions::new()
                .layout(Layout::NodePerLine)
                .newline(Newline::CrLf),
        ),
        (
            "wrap79_soft_breaks",
            WriteOptions::new().wrap(true).soft_breaks(true),
        ),
    ];
    let mut group = c.benchmark_group("tree");
    for (name, options) in layouts {
        let mut out = write_trees(&trees, &options, Vec::new());
        group.throughput(Throughput::Bytes(out.len() as u64));
        group.bench_function(name, |b| {
            b.iter(|| {
                out.clear();
                out = write_trees(black_box(&trees), &options, std::mem::take(&mut out));
                out.len()
            })
        });
    }
    let compact = CompactTree::from_bytes(input.clone()).expect("valid corpus");
    let mut out = write_compact(&compact, Vec::new());
    group.throughput(Throughput::Bytes(out.len() as u64));
    group.bench_function("compact_tree", |b| {
        b.iter(|| {
            out.clear();
            out = write_compact(black_box(&compact), std::mem::take(&mut out));
            out.len()
        })
    });
    let size: usize = trees.iter().map(|t| t.to_string().len()).sum();
    group.throughput(Throughput::Bytes(size as u64));
    group.bench_function("display", |b| {
        b.iter(|| {
            black_box(&trees)
                .iter()
                .map(|t| t.to_string().len())
                .sum::<usize>()
        })
    });
    group.finish();
}

fn config() -> Criterion {
    Criterion::default()
        .sample_size(20)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(4))
}

criterion_group! {
    name = benches;
    config = config();
    targets = events, trees
}
criterion_main!(benches);
