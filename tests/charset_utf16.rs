//! UTF-16 through the charset stage, strict and lenient: an ASCII input
//! written in UTF-16 after a byte order mark reads as the input itself
//! does, every offset in the UTF-16 bytes at `2 + 2 * offset` (each
//! character two bytes, after the mark), on valid inputs and on inputs
//! that need repairs, at several read sizes.
#![cfg(feature = "encoding")]

#[path = "common/cases.rs"]
mod cases;
mod common;

use std::ops::Range;

use common::Trickle;
use sgf_stream::{Error, Event, ReaderBuilder, Warning, WarningKind};

/// An event, warning or error with its place, for comparing runs.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Item {
    Event(String, Range<u64>),
    Warning(WarningKind, u64, u32, u32, Range<u64>),
    Error(String, u64, u32, u32),
}

fn event(event: &Event<'_>, span: Range<u64>) -> Item {
    Item::Event(format!("{event:?}"), span)
}

fn warning(w: &Warning) -> Item {
    let (kind, range) = (w.kind().clone(), w.range());
    Item::Warning(kind, w.offset(), w.line(), w.column(), range)
}

fn error(err: &Error) -> Item {
    Item::Error(
        err.kind().to_string(),
        err.offset(),
        err.line(),
        err.column(),
    )
}

/// `input` read from a slice with `options`.
fn from_slice(options: ReaderBuilder, input: &[u8]) -> Vec<Item> {
    let mut reader = options.from_slice(input);
    let mut items = Vec::new();
    loop {
        match reader.next_spanned() {
            Ok(Some((e, span))) => items.push(event(&e, span)),
            Ok(None) => break,
            Err(err) => {
                items.push(error(&err));
                break;
            }
        }
    }
    items.extend(reader.take_warnings().iter().map(warning));
    items
}

/// `bytes` read through the charset stage with `options`, `piece` bytes
/// per read.
fn staged(options: ReaderBuilder, bytes: &[u8], piece: usize) -> Vec<Item> {
    let source = Trickle { rest: bytes, piece };
    let mut reader = options
        .chunk_size(piece.max(16))
        .from_reader_decoded(source);
    let mut items = Vec::new();
    let mut warnings = Vec::new();
    loop {
        match reader.next_spanned() {
            Ok(Some((e, span))) => items.push(event(&e, span)),
            Ok(None) => break,
            Err(err) => {
                items.push(error(&err));
                break;
            }
        }
        warnings.append(&mut reader.take_warnings());
    }
    warnings.append(&mut reader.take_warnings());
    items.extend(warnings.iter().map(warning));
    items
}

/// `items` of an ASCII input moved to its UTF-16 bytes after a byte
/// order mark: offsets doubled, plus two; columns count bytes, and the
/// first line holds the mark.
fn in_utf16(items: Vec<Item>) -> Vec<Item> {
    let at = |offset: u64| 2 + 2 * offset;
    let column = |line: u32, column: u32| 2 * (column - 1) + 1 + if line == 1 { 2 } else { 0 };
    items
        .into_iter()
        .map(|item| match item {
            Item::Event(e, span) => Item::Event(e, at(span.start)..at(span.end)),
            Item::Warning(kind, offset, line, col, range) => Item::Warning(
                kind,
                at(offset),
                line,
                column(line, col),
                at(range.start)..at(range.end),
            ),
            Item::Error(kind, offset, line, col) => {
                Item::Error(kind, at(offset), line, column(line, col))
            }
        })
        .collect()
}

/// The input of issue 24 (item 8), and inputs that need a repair of each
/// kind that places a `(`.
const MORE: &[&[u8]] = &[
    b"(;B[aa])",
    b"((;B[aa]))",
    b"(;A[1]()(;B[2]))",
    b"(;A[1](;B[2]);C[3])",
    b"(;B[aa]",
    b"(",
    b"junk (;B[aa]) (",
    b"(;GM[1];B[aa]\n(;GM[1];B[bb])",
    b"(;C[he said ]hi] there] ;B[aa])",
    b"(;B[aa]))\r\n(;W[bb]",
];

#[test]
fn utf16_reads_as_its_text_at_twice_the_offsets() {
    let inputs = cases::INPUTS.iter().chain(MORE).filter(|i| i.is_ascii());
    let mut checked = 0;
    for input in inputs {
        for (bom, order) in [
            (&b"\xFF\xFE"[..], u16::to_le_bytes as fn(u16) -> [u8; 2]),
            (b"\xFE\xFF", u16::to_be_bytes),
        ] {
            let bytes: Vec<u8> = bom
                .iter()
                .copied()
                .chain(input.iter().flat_map(|&b| order(u16::from(b))))
                .collect();
            for lenient in [false, true] {
                let options = ReaderBuilder::new().lenient(lenient);
                let want = in_utf16(from_slice(options, input));
                for piece in [1, 3, 64, bytes.len().max(1)] {
                    let got = staged(options, &bytes, piece);
                    assert_eq!(
                        got,
                        want,
                        "{:?}, lenient: {lenient}, {piece}-byte reads",
                        String::from_utf8_lossy(input),
                    );
                }
            }
            checked += 1;
        }
    }
    assert!(checked > 60, "{checked} inputs");
}
