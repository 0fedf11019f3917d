//! The inputs and workloads shared by `benches/parse.rs` (criterion) and
//! `examples/bench_ratios.rs` (one-run ratio table).
//!
//! Every workload returns a count that the caller asserts against the
//! count computed once beforehand, so no work can be optimised away.
#![allow(dead_code)]

#[path = "../../tests/common/mod.rs"]
mod common;

pub use common::generate;

use sgf_stream::{value, Event, Parser};

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

/// Build nested `SgfTree`s; returns the number of nodes.
#[inline(never)]
pub fn tree(bytes: &[u8]) -> usize {
    let trees = sgf_stream::parse_collection(bytes).expect("valid input");
    trees.iter().map(|tree| tree.nodes().count()).sum()
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
