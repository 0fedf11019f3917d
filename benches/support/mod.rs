//! The inputs and workloads shared by `benches/parse.rs` (criterion) and
//! `examples/bench_ratios.rs` (one-run ratio table).
//!
//! Every workload returns a count that the caller asserts against the
//! count computed once beforehand, so no work can be optimised away.
#![allow(dead_code)]

#[path = "../../tests/common/mod.rs"]
mod common;

pub use common::generate;

use bytes::Bytes;
use sgf_stream::{value, CompactTree, Event, Parser, ReaderBuilder, SgfTree, Writer};

/// One benchmark input: a whole collection in memory.
pub struct Input {
    /// Short name used in group and table labels.
    pub name: &'static str,
    /// The collection's bytes.
    pub bytes: Vec<u8>,
}

/// The generated corpus: 1,000 games (about 4.6 MB), the same everywhere.
pub fn generated() -> Input {
    Input {
        name: "generated",
        bytes: generate::collection(42, 1000),
    }
}

/// `../shared/corpus` concatenated into one collection (files that are
/// not valid UTF-8 or that sgf-parse or we reject are left out, so every
/// contender reads the same bytes), or `None` with a printed note.
pub fn corpus() -> Option<Input> {
    let files = common::corpus_files()?;
    let mut bytes = Vec::new();
    let mut skipped = 0;
    for file in files {
        let data = std::fs::read(&file).expect("readable corpus file");
        let ok = std::str::from_utf8(&data).is_ok_and(|text| sgf_parse::parse(text).is_ok())
            && sgf_stream::parse_collection(&data).is_ok();
        if ok {
            bytes.extend_from_slice(&data);
            bytes.push(b'\n');
        } else {
            skipped += 1;
        }
    }
    if skipped > 0 {
        eprintln!("note: {skipped} corpus files left out (not UTF-8 or rejected by a parser)");
    }
    Some(Input {
        name: "corpus",
        bytes,
    })
}

/// The inputs: the shared corpus when present, then the generated one.
pub fn inputs() -> Vec<Input> {
    corpus().into_iter().chain(Some(generated())).collect()
}

/// The limit for touching every byte: counts `[`, `]` and `\` in a loop
/// the compiler vectorises.
#[inline(never)]
pub fn baseline(bytes: &[u8]) -> usize {
    bytes
        .iter()
        .map(|&b| ((b == b'[') | (b == b']') | (b == b'\\')) as usize)
        .sum()
}

/// Pull events from a slice; returns the number of nodes.
#[inline(never)]
pub fn events(bytes: &[u8]) -> usize {
    let mut nodes = 0;
    for event in Parser::new(bytes) {
        nodes += matches!(event.expect("valid input"), Event::Node) as usize;
    }
    nodes
}

/// Pull events from the slice as an `io::Read`, through a
/// `StreamReader` reading 8 KiB at a time; returns the number of nodes.
#[inline(never)]
pub fn reader_events(bytes: &[u8]) -> usize {
    let mut reader = ReaderBuilder::new().chunk_size(8 << 10).from_reader(bytes);
    let mut nodes = 0;
    while let Some(event) = reader.next_event().expect("valid input") {
        nodes += matches!(event, Event::Node) as usize;
    }
    nodes
}

/// Build a `CompactTree` over a shared buffer; returns the number of nodes.
#[inline(never)]
pub fn compact(source: &Bytes) -> usize {
    CompactTree::from_bytes(source.clone())
        .expect("valid input")
        .len()
}

/// An `io::Write` that only counts bytes.
#[derive(Default)]
pub struct Count(pub usize);

impl std::io::Write for Count {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0 += buf.len();
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Events from a slice straight into a `Writer`; returns the bytes written.
#[inline(never)]
pub fn write_events(bytes: &[u8]) -> usize {
    let mut writer = Writer::new(Count::default());
    for event in Parser::new(bytes) {
        writer
            .write_event(&event.expect("valid input"))
            .expect("writable");
    }
    writer.into_inner().expect("writable").0
}

/// Writes built trees with a `Writer`; returns the bytes written.
#[inline(never)]
pub fn write_trees(trees: &[SgfTree]) -> usize {
    let mut writer = Writer::new(Count::default());
    for tree in trees {
        writer.write_tree(tree).expect("writable");
    }
    writer.into_inner().expect("writable").0
}

/// Formats built trees with `Display` into one reused `String`, a line
/// each (the writer's default output); returns the bytes formatted.
#[inline(never)]
pub fn display_trees(trees: &[SgfTree]) -> usize {
    use std::fmt::Write;
    let mut text = String::new();
    let mut len = 0;
    for tree in trees {
        text.clear();
        writeln!(text, "{tree}").expect("formatting into a String");
        len += text.len();
    }
    len
}

/// Writes every game of a `CompactTree` with a `Writer` (raw values);
/// returns the bytes written.
#[inline(never)]
pub fn write_compact(tree: &CompactTree) -> usize {
    let mut writer = Writer::new(Count::default());
    for game in tree.games() {
        writer.write_tree(&game).expect("writable");
    }
    writer.into_inner().expect("writable").0
}

/// sgf-parse 4.2.8 writing its trees; returns the bytes written.
#[inline(never)]
pub fn sgf_parse_write(trees: &[sgf_parse::GameTree]) -> usize {
    sgf_parse::serialize(trees).len()
}

/// Build nested `SgfTree`s; returns the number of nodes.
#[inline(never)]
pub fn tree(bytes: &[u8]) -> usize {
    let trees = sgf_stream::parse_collection(bytes).expect("valid input");
    trees.iter().map(|tree| tree.nodes().count()).sum()
}

/// `SgfTree`s one game at a time from an `io::Read` (64 KiB reads);
/// returns the number of nodes.
#[inline(never)]
pub fn games_reader(bytes: &[u8]) -> usize {
    let mut nodes = 0;
    for game in sgf_stream::games(bytes) {
        nodes += game.expect("valid input").nodes().count();
    }
    nodes
}

/// sgf-parse 4.2.8 on the same bytes; returns the number of nodes.
#[inline(never)]
pub fn sgf_parse(bytes: &[u8]) -> usize {
    let text = std::str::from_utf8(bytes).expect("UTF-8 input");
    let trees = sgf_parse::parse(text).expect("sgf-parse accepts the input");
    let mut nodes = 0;
    for tree in &trees {
        let mut stack = vec![tree.as_go_node().expect("a Go game")];
        while let Some(node) = stack.pop() {
            nodes += 1;
            stack.extend(node.children());
        }
    }
    nodes
}

/// The raw values of every `C` and `GC` property of `bytes`.
pub fn comments(bytes: &[u8]) -> Vec<&[u8]> {
    let mut out = Vec::new();
    for event in Parser::new(bytes) {
        if let Event::Property(ident, values) = event.expect("valid input") {
            if ident == "C" || ident == "GC" {
                out.extend(values.iter().map(|value| value.as_bytes()));
            }
        }
    }
    out
}

/// Decodes each comment as SGF Text; returns the decoded length.
#[inline(never)]
pub fn decode(comments: &[&[u8]]) -> usize {
    comments
        .iter()
        .map(|raw| value::text(raw).expect("UTF-8 comments").len())
        .sum()
}
