//! Criterion benchmarks: sgf-stream against the byte-count baseline and
//! the `sgf-parse` crate, on the shared corpus (when present) and on a
//! generated corpus. Counts are asserted inside each timed closure.
//!
//! ```text
//! cargo bench --bench parse
//! cargo run --release --example bench_ratios   # the README's ratio table
//! ```

mod support;

use bytes::Bytes;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use std::hint::black_box;
use std::time::Duration;

use support::Input;

fn parse_group(c: &mut Criterion, input: &Input) {
    let bytes = &input.bytes[..];
    let marks = support::baseline(bytes);
    let nodes = support::events(bytes);
    let mut group = c.benchmark_group(format!("parse/{}", input.name));
    group.throughput(Throughput::Bytes(bytes.len() as u64));
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(4));
    group.bench_function("baseline", |b| {
        b.iter(|| assert_eq!(support::baseline(black_box(bytes)), marks))
    });
    group.bench_function("events", |b| {
        b.iter(|| assert_eq!(support::events(black_box(bytes)), nodes))
    });
    group.bench_function("events-reader-8k", |b| {
        b.iter(|| assert_eq!(support::reader_events(black_box(bytes)), nodes))
    });
    group.bench_function("tree", |b| {
        b.iter(|| assert_eq!(support::tree(black_box(bytes)), nodes))
    });
    let source = Bytes::copy_from_slice(bytes);
    group.bench_function("compact", |b| {
        b.iter(|| assert_eq!(support::compact(black_box(&source)), nodes))
    });
    group.bench_function("sgf-parse", |b| {
        b.iter(|| assert_eq!(support::sgf_parse(black_box(bytes)), nodes))
    });
    group.finish();
}

fn write_group(c: &mut Criterion, input: &Input) {
    let bytes = &input.bytes[..];
    let trees = sgf_stream::parse_collection(bytes).expect("valid input");
    let theirs = sgf_parse::parse(std::str::from_utf8(bytes).unwrap()).unwrap();
    let (events_out, trees_out) = (support::write_events(bytes), support::write_trees(&trees));
    let their_out = support::sgf_parse_write(&theirs);
    let compact = sgf_stream::CompactTree::from_bytes(bytes.to_vec()).expect("valid input");
    let compact_out = support::write_compact(&compact);
    let mut group = c.benchmark_group(format!("write/{}", input.name));
    group.throughput(Throughput::Bytes(bytes.len() as u64));
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(4));
    group.bench_function("events", |b| {
        b.iter(|| assert_eq!(support::write_events(black_box(bytes)), events_out))
    });
    group.bench_function("tree", |b| {
        b.iter(|| assert_eq!(support::write_trees(black_box(&trees)), trees_out))
    });
    group.bench_function("compact-tree", |b| {
        b.iter(|| assert_eq!(support::write_compact(black_box(&compact)), compact_out))
    });
    group.bench_function("sgf-parse", |b| {
        b.iter(|| assert_eq!(support::sgf_parse_write(black_box(&theirs)), their_out))
    });
    group.finish();
}

fn text_group(c: &mut Criterion, input: &Input) {
    let comments = support::comments(&input.bytes);
    let raw: usize = comments.iter().map(|c| c.len()).sum();
    let decoded = support::decode(&comments);
    let mut group = c.benchmark_group(format!("text/{}", input.name));
    group.throughput(Throughput::Bytes(raw as u64));
    group.bench_function(BenchmarkId::new("decode", comments.len()), |b| {
        b.iter(|| assert_eq!(support::decode(black_box(&comments)), decoded))
    });
    group.finish();
}

fn benches(c: &mut Criterion) {
    for input in support::inputs() {
        parse_group(c, &input);
        write_group(c, &input);
        text_group(c, &input);
    }
}

criterion_group!(parse, benches);
criterion_main!(parse);
