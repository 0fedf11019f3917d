//! The lenient stage over every source: a stream read 1 to 16 bytes at a
//! time, and chunks pushed by the caller, must give the events (with
//! their absolute spans) and the warnings (kind, offset, line, column,
//! range) of the lenient slice reader, on the slice parser's test inputs,
//! on broken inputs of every repair, and on random bytes; so must the
//! events that own their bytes, over a shared `Bytes` buffer (which have
//! no spans), with the same values, repairs included.

#[path = "common/cases.rs"]
mod cases;
mod common;

use common::Trickle;

use std::ops::Range;

use bytes::Bytes;
use proptest::prelude::*;
use sgf_stream::{Event, Limits, ReaderBuilder, Warning};

/// An event with owned contents and its span, for comparing runs.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Ev {
    Start(Range<u64>),
    Node(Range<u64>),
    Prop(String, Vec<Vec<u8>>, bool, Range<u64>),
    End(Range<u64>),
}

fn ev(event: &Event<'_>, span: Range<u64>) -> Ev {
    match event {
        Event::StartGameTree => Ev::Start(span),
        Event::Node => Ev::Node(span),
        Event::EndGameTree => Ev::End(span),
        Event::Property(ident, values) => {
            let raw = values.iter().map(|v| v.as_bytes().to_vec()).collect();
            Ev::Prop(ident.to_string(), raw, values.is_repaired(), span)
        }
    }
}

type Run = (Vec<Ev>, Vec<Warning>);

fn slice_run(input: &[u8], limits: Limits) -> Run {
    let mut reader = ReaderBuilder::new()
        .lenient(true)
        .limits(limits)
        .from_slice(input);
    let mut events = Vec::new();
    while let Some((event, span)) = reader.next_spanned().expect("lenient never fails") {
        events.push(ev(&event, span));
    }
    (events, reader.take_warnings())
}

fn stream_run(input: &[u8], limits: Limits, piece: usize, chunk: usize) -> Run {
    let mut reader = ReaderBuilder::new()
        .lenient(true)
        .limits(limits)
        .chunk_size(chunk)
        .from_reader(Trickle { rest: input, piece });
    let mut events = Vec::new();
    let mut warnings = Vec::new();
    while let Some((event, span)) = reader.next_spanned().expect("lenient never fails") {
        events.push(ev(&event, span));
        // Taking warnings as they come changes nothing.
        warnings.append(&mut reader.take_warnings());
    }
    warnings.append(&mut reader.take_warnings());
    (events, warnings)
}

fn push_run(input: &[u8], limits: Limits, piece: usize) -> Run {
    let mut reader = ReaderBuilder::new().lenient(true).limits(limits).pushed();
    let mut events = Vec::new();
    let mut drain = |reader: &mut sgf_stream::Reader<sgf_stream::read::Pushed>| {
        while let Some((event, span)) = reader.next_spanned().expect("lenient never fails") {
            events.push(ev(&event, span));
        }
    };
    for part in input.chunks(piece.max(1)) {
        reader.feed(part);
        drain(&mut reader);
    }
    reader.finish();
    drain(&mut reader);
    assert!(reader.is_done());
    (events, reader.take_warnings())
}

/// The events of the lenient reader over a shared `Bytes` buffer, which
/// own their bytes and have no spans (given as `0..0`), and its
/// warnings.
fn bytes_run(input: &[u8], limits: Limits) -> Run {
    let mut reader = ReaderBuilder::new()
        .lenient(true)
        .limits(limits)
        .from_bytes(Bytes::copy_from_slice(input));
    let mut events = Vec::new();
    while let Some(event) = reader.next_event().expect("lenient never fails") {
        events.push(ev(&event.as_event(), 0..0));
    }
    (events, reader.take_warnings())
}

/// `run` with every event's span given as `0..0`, to compare with
/// [`bytes_run`].
fn without_spans((events, warnings): &Run) -> Run {
    let events = events
        .iter()
        .map(|event| match event.clone() {
            Ev::Start(_) => Ev::Start(0..0),
            Ev::Node(_) => Ev::Node(0..0),
            Ev::Prop(ident, values, repaired, _) => Ev::Prop(ident, values, repaired, 0..0),
            Ev::End(_) => Ev::End(0..0),
        })
        .collect();
    (events, warnings.clone())
}

/// Runs `input` through every source at several chunk sizes.
fn check(input: &[u8], limits: Limits) {
    let expected = slice_run(input, limits);
    assert_eq!(
        bytes_run(input, limits),
        without_spans(&expected),
        "bytes: {:?}",
        String::from_utf8_lossy(input)
    );
    for piece in (1..=16).chain([64, 4096]) {
        let chunk = piece.max(16);
        assert_eq!(
            stream_run(input, limits, piece, chunk),
            expected,
            "stream, {piece}-byte reads: {:?}",
            String::from_utf8_lossy(input)
        );
        assert_eq!(
            push_run(input, limits, piece),
            expected,
            "pushed, {piece}-byte pieces: {:?}",
            String::from_utf8_lossy(input)
        );
    }
}

/// Inputs that call for every repair of the lenient stage.
const BROKEN: &[&[u8]] = &[
    b"From: a friend\n\n(;GM[1];B[pd])",
    b"(;GM[1];B[pd]",
    b"(;B[aa]))",
    b"(B[aa])",
    b"((;B[aa]))",
    b"(;A[1]()(;B[2]))",
    b"(;A[1](;B[2]);C[3])",
    b"(;GM[1]AddBlack[aa][bb]CoPyright[me])",
    b"(;PL;B[aa])",
    b"(;tt[aa]B[bb])",
    b"(;C[he said ]hi] there] ;B[aa]C[ok])",
    b"(;GC[a [b])];B[aa];W[bb])",
    b"(;C[a]]C[b]];B[aa])",
    b"(;C[never closed",
    b"(;C[ends in an escape\\",
    b"(;GN[one];B[aa];W[d\n(;GN[two];B[cc])",
    b"(;GM[1];B[aa]\n(;GM[1];B[bb])\n(;GM[1];B[cc])",
    b"(;GM[1];B[aa];W[bb] junk here ;B[cc])",
    b"(;C[a]C[b]AB[aa]AB[bb][aa]) trailing junk (;B[pd])",
    b"(;C[caf\xe9])",
    b"no game here at all",
    b"(;A[1](;B[2]))(;C[3])",
    b"((((;B[aa]))))",
    b"(;B[aa];;;W[bb])",
    b"(;B[aa]\r\n;W[bb]\r\n junk \r\n)",
];

#[test]
fn every_case_through_every_source() {
    for input in cases::INPUTS.iter().chain(BROKEN) {
        check(input, Limits::default());
    }
}

#[test]
fn limits_through_every_source() {
    let tight = Limits {
        max_depth: 1,
        max_value_len: 4,
        ..Limits::default()
    };
    for input in BROKEN.iter().chain(cases::INPUTS) {
        check(input, tight);
    }
    for (input, limits) in cases::limit_cases() {
        check(input, limits);
    }
}

#[test]
fn sample_files_through_every_source() {
    for file in cases::data_files() {
        check(&file, Limits::default());
        check(&file[..file.len() / 2], Limits::default());
    }
}

#[test]
fn junk_longer_than_the_look_ahead_reads_the_same_everywhere() {
    // Junk longer than the stage's look-ahead (1 MiB) is skipped in
    // several steps; the warnings join into one.
    let mut input = b"(;B[aa])".to_vec();
    input.extend(std::iter::repeat(b'x').take(3 << 20));
    input.extend_from_slice(b"(;W[bb])");
    let (events, warnings) = slice_run(&input, Limits::default());
    assert_eq!(events.len(), 8);
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert_eq!(warnings[0].range(), 8..8 + (3 << 20));
    assert_eq!(
        stream_run(&input, Limits::default(), 8192, 8192),
        (events, warnings)
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_bytes_read_the_same_everywhere(
        input in proptest::collection::vec(
            prop_oneof![
                Just(b'('), Just(b')'), Just(b';'), Just(b'['), Just(b']'), Just(b'\\'),
                Just(b' '), Just(b'\n'), b'A'..=b'C', b'a'..=b'b', any::<u8>()
            ],
            0..120,
        )
    ) {
        let expected = slice_run(&input, Limits::default());
        prop_assert_eq!(bytes_run(&input, Limits::default()), without_spans(&expected));
        for piece in [1, 2, 3, 5, 16] {
            prop_assert_eq!(&stream_run(&input, Limits::default(), piece, 16), &expected);
            prop_assert_eq!(&push_run(&input, Limits::default(), piece), &expected);
        }
    }
}
