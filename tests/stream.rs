//! Every input of the slice parser's tests through the stream reader, the
//! push parser, the `Bytes` parser and `games()`, in chunks of 1 to 16
//! bytes: all must give the slice parser's events and errors (kind,
//! offset, line and column).

#[path = "common/cases.rs"]
mod cases;
mod common;

use std::io::{self, Read};

use bytes::Bytes;
use proptest::prelude::*;
use sgf_stream::event::OwnedEvent;
use sgf_stream::read::Pushed;
use sgf_stream::{
    parse_collection, Error, ErrorKind, Event, Limits, Parser, Reader, ReaderBuilder, SgfTree,
};

/// An event with owned contents, for comparing runs.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Ev {
    Start,
    Node,
    Prop(String, Vec<u8>, usize),
    End,
}

fn ev(event: &Event<'_>) -> Ev {
    match event {
        Event::StartGameTree => Ev::Start,
        Event::Node => Ev::Node,
        Event::EndGameTree => Ev::End,
        Event::Property(ident, values) => {
            Ev::Prop(ident.to_string(), values.as_bytes().to_vec(), values.len())
        }
    }
}

type Run = Vec<Result<Ev, Error>>;

fn slice_run(input: &[u8], limits: Limits) -> Run {
    ReaderBuilder::new()
        .limits(limits)
        .from_slice(input)
        .map(|item| item.map(|event| ev(&event)))
        .collect()
}

/// A reader that hands out at most the next of `sizes` bytes per read
/// (cycling), and says `Interrupted` before every other read.
struct Trickle<'a> {
    data: &'a [u8],
    sizes: Vec<usize>,
    reads: usize,
}

impl<'a> Trickle<'a> {
    fn new(data: &'a [u8], sizes: Vec<usize>) -> Self {
        Trickle {
            data,
            sizes,
            reads: 0,
        }
    }
}

impl Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.reads += 1;
        if self.reads % 2 == 0 {
            return Err(io::ErrorKind::Interrupted.into());
        }
        let size = self.sizes[self.reads / 2 % self.sizes.len()];
        let n = size.min(buf.len()).min(self.data.len());
        buf[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

fn reader_run(source: impl Read, limits: Limits, chunk: usize) -> Run {
    let mut reader = ReaderBuilder::new()
        .limits(limits)
        .chunk_size(chunk)
        .from_reader(source);
    let mut out = Vec::new();
    loop {
        match reader.next_event() {
            Ok(Some(event)) => out.push(Ok(ev(&event))),
            Ok(None) => break,
            Err(err) => out.push(Err(err)),
        }
    }
    assert!(matches!(reader.next_event(), Ok(None)), "fused");
    out
}

fn drain(parser: &mut Reader<Pushed>, out: &mut Run) {
    loop {
        match parser.next_event() {
            Ok(Some(event)) => out.push(Ok(ev(&event))),
            Ok(None) => break,
            Err(err) => out.push(Err(err)),
        }
    }
}

/// Feeds `input` in pieces of the given sizes (cycling), draining events
/// after each, then finishes and drains the rest.
fn push_run(input: &[u8], limits: Limits, sizes: &[usize]) -> Run {
    let mut parser = ReaderBuilder::new().limits(limits).pushed();
    let mut out = Vec::new();
    let mut rest = input;
    for size in sizes.iter().cycle() {
        if rest.is_empty() {
            break;
        }
        let (piece, tail) = rest.split_at((*size).max(1).min(rest.len()));
        parser.feed(piece);
        rest = tail;
        drain(&mut parser, &mut out);
    }
    parser.finish();
    drain(&mut parser, &mut out);
    assert!(parser.is_done());
    out
}

fn bytes_run(input: &[u8], limits: Limits) -> Run {
    ReaderBuilder::new()
        .limits(limits)
        .from_bytes(Bytes::copy_from_slice(input))
        .map(|item| item.map(|event| ev(&event.as_event())))
        .collect()
}

fn games_run(input: &[u8], chunk: usize) -> Result<Vec<SgfTree>, Error> {
    ReaderBuilder::new()
        .chunk_size(chunk)
        .games(Trickle::new(input, vec![chunk]))
        .collect()
}

/// Runs `input` through every path at every chunk size from 1 to 16.
fn check(input: &[u8], limits: Limits) {
    let expected = slice_run(input, limits);
    assert_eq!(bytes_run(input, limits), expected, "bytes: {input:?}");
    for chunk in 1..=16 {
        let plain = reader_run(input, limits, chunk);
        assert_eq!(plain, expected, "reader, chunk {chunk}: {input:?}");
        let trickle = reader_run(Trickle::new(input, vec![chunk]), limits, 64);
        assert_eq!(trickle, expected, "trickle, reads of {chunk}: {input:?}");
        let pushed = push_run(input, limits, &[chunk]);
        assert_eq!(pushed, expected, "push, chunk {chunk}: {input:?}");
    }
}

/// `games()` against `parse_collection` at every chunk size.
fn check_games(input: &[u8]) {
    let expected = parse_collection(input);
    for chunk in 1..=16 {
        assert_eq!(
            games_run(input, chunk),
            expected,
            "chunk {chunk}: {input:?}"
        );
    }
}

#[test]
fn every_case_through_every_path() {
    for input in cases::INPUTS {
        check(input, Limits::default());
        check_games(input);
    }
}

#[test]
fn sample_files_through_every_path() {
    for input in cases::data_files() {
        check(&input, Limits::default());
        check_games(&input);
    }
}

#[test]
fn limits_through_every_path() {
    for (input, limits) in cases::limit_cases() {
        check(input, limits);
    }
}

#[test]
fn prefixes_and_mutations_through_every_path() {
    for input in cases::mutations() {
        check(&input, Limits::default());
    }
}

#[test]
fn errors_carry_line_and_column_over_forgotten_bytes() {
    // The error is far past the first chunks, after CR, LF and CRLF ends.
    let mut input = b"(;C[a]".to_vec();
    for _ in 0..300 {
        input.extend_from_slice(b"\r\n;B[aa]\r;W[bb]\n");
    }
    input.extend_from_slice(b"\r\n;B[cc] !)");
    let expected = Parser::new(&input).find_map(Result::err).unwrap();
    assert_eq!(expected.line(), 902);
    for chunk in [1, 7, 16, 100] {
        let run = reader_run(&input[..], Limits::default(), chunk);
        assert_eq!(run.last().unwrap().as_ref().unwrap_err(), &expected);
        let run = push_run(&input, Limits::default(), &[chunk]);
        assert_eq!(run.last().unwrap().as_ref().unwrap_err(), &expected);
    }
}

/// A reader that fails after handing out `data`.
struct Failing<'a>(&'a [u8]);

impl Read for Failing<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.0.is_empty() {
            return Err(io::Error::other("disk on fire"));
        }
        let n = buf.len().min(self.0.len()).min(3);
        buf[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        Ok(n)
    }
}

#[test]
fn a_failed_read_is_an_io_error_at_its_offset() {
    let input = b"(;B[pd]\n;W[dp]";
    let run = reader_run(Failing(input), Limits::default(), 4);
    let err = run.last().unwrap().as_ref().unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::Io(io::ErrorKind::Other));
    let source = std::error::Error::source(err).expect("the io::Error is kept");
    assert!(source.to_string().contains("disk on fire"), "{source}");
    assert!(err.io_error().is_some());
    assert_eq!((err.offset(), err.line(), err.column()), (14, 2, 7));
    let events = run.iter().filter(|item| item.is_ok()).count();
    assert_eq!(events, 4, "(, ;, B and ; came before the failure");
    let games: Vec<_> = sgf_stream::games(Failing(b"(;A[b])(;C")).collect();
    assert_eq!(games.len(), 2);
    assert!(matches!(
        games[1].as_ref().unwrap_err().kind(),
        ErrorKind::Io(_)
    ));
}

/// Issue 24, item 10: the source was the `Arc` that shares the
/// `io::Error`, so `downcast_ref::<io::Error>()` found nothing. It is the
/// `io::Error` itself, from every reader over an `io::Read`.
#[test]
fn the_source_of_a_failed_read_is_the_io_error_itself() {
    fn last_error(mut next: impl FnMut() -> Result<bool, Error>) -> Error {
        loop {
            match next() {
                Ok(true) => {}
                Ok(false) => panic!("no error"),
                Err(err) => return err,
            }
        }
    }
    let input = b"(;B[pd]\n;W[dp]";
    let mut plain = ReaderBuilder::new().from_reader(Failing(input));
    let mut lenient = ReaderBuilder::new()
        .lenient(true)
        .from_reader(Failing(input));
    let mut decoded = ReaderBuilder::new().from_reader_decoded(Failing(input));
    let errors = [
        last_error(|| Ok(plain.next_event()?.is_some())),
        last_error(|| Ok(lenient.next_event()?.is_some())),
        last_error(|| Ok(decoded.next_event()?.is_some())),
        sgf_stream::games(Failing(input))
            .next()
            .unwrap()
            .unwrap_err(),
    ];
    for err in errors {
        let source = std::error::Error::source(&err).expect("a source");
        let io = source.downcast_ref::<io::Error>().expect("the io::Error");
        assert_eq!(io.kind(), io::ErrorKind::Other);
        assert_eq!(io.to_string(), "disk on fire");
        assert!(std::ptr::eq(io, err.io_error().unwrap()));
        // A clone shares it.
        let clone = err.clone();
        assert!(std::ptr::eq(clone.io_error().unwrap(), io));
    }
}

/// An endless input: `head` and then `fill` forever, counting what was
/// read.
struct Endless {
    head: &'static [u8],
    fill: u8,
    read: u64,
}

impl Endless {
    fn new(head: &'static [u8], fill: u8) -> Self {
        Endless {
            head,
            fill,
            read: 0,
        }
    }
}

impl Read for Endless {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        for (i, byte) in buf.iter_mut().enumerate() {
            let at = self.read as usize + i;
            *byte = self.head.get(at).copied().unwrap_or(self.fill);
        }
        self.read += buf.len() as u64;
        Ok(buf.len())
    }
}

/// Reads `source` with `max_value_len(limit)` and 4 KiB reads until its
/// error; returns the error and how many bytes were read.
fn endless_error(source: Endless, limit: usize) -> (Error, u64) {
    let mut reader = ReaderBuilder::new()
        .max_value_len(limit)
        .chunk_size(4096)
        .from_reader(source);
    let err = loop {
        match reader.next_event() {
            Ok(Some(_)) => {}
            Ok(None) => panic!("an endless input cannot end"),
            Err(err) => break err,
        }
    };
    (err, reader.get_ref().read)
}

#[test]
fn endless_identifiers_and_spaces_are_refused_in_bounded_memory() {
    // Issue 18, item 7: each shape used to be read whole before its error.
    let limit = 1 << 20;
    let shapes: [(&[u8], u8, ErrorKind, u64); 4] = [
        (b"(;A", b'B', ErrorKind::IdentifierTooLong(64), 2 + 64),
        (b"(;C[a]", b' ', ErrorKind::SpaceTooLong(limit), 6),
        (b"(;C", b' ', ErrorKind::SpaceTooLong(limit), 3),
        (b"(;C[a][b]\n", b'\t', ErrorKind::SpaceTooLong(limit), 9),
    ];
    for (head, fill, kind, offset) in shapes {
        let (err, read) = endless_error(Endless::new(head, fill), limit);
        assert_eq!((err.kind(), err.offset()), (&kind, offset), "{head:?}");
        assert!(read < 2 * limit as u64 + 8192, "{head:?}: read {read}");
    }
}

#[test]
fn whitespace_between_tokens_is_not_buffered() {
    // `(;C[a];` and then spaces: nothing to keep, the buffer stays small.
    let mut parser = Reader::pushed();
    parser.feed(b"(;C[a];");
    let spaces = vec![b' '; 64 << 10];
    let mut most = 0;
    for _ in 0..256 {
        parser.feed(&spaces);
        while parser.next_event().unwrap().is_some() {}
        most = most.max(parser.buffered());
    }
    assert!(
        most < 256 << 10,
        "buffered {most} bytes of 16 MiB of spaces"
    );
}

#[test]
fn a_pushed_endless_identifier_is_refused() {
    let mut parser = Reader::pushed();
    parser.feed(b"(;A");
    let letters = vec![b'B'; 4096];
    let err = loop {
        parser.feed(&letters);
        match parser.next_event() {
            Ok(_) => assert!(parser.buffered() < 64 << 10, "still buffering"),
            Err(err) => break err,
        }
    };
    assert_eq!(err.kind(), &ErrorKind::IdentifierTooLong(64));
}

#[test]
fn a_huge_value_is_refused_while_it_arrives() {
    let limit = 1 << 20;
    let (err, read) = endless_error(Endless::new(b"(;C[", b'a'), limit);
    assert_eq!(err.kind(), &ErrorKind::ValueTooLong(limit));
    assert_eq!(err.offset(), 3);
    assert!(read > limit as u64, "read {read}");
    assert!(read < 2 * limit as u64 + 8192, "read {read}: stopped early");
}

#[test]
fn push_parser_feeds_after_a_chunk_without_draining() {
    // Feeding several chunks before asking for events is fine too.
    let input = b"(;A[b];C[d](;E[f])(;G[h]))";
    let mut parser = Reader::pushed();
    for piece in input.chunks(5) {
        parser.feed(piece);
    }
    let mut run = Vec::new();
    drain(&mut parser, &mut run);
    parser.finish();
    drain(&mut parser, &mut run);
    assert_eq!(run, slice_run(input, Limits::default()));
}

#[test]
fn push_parser_finish_completes_a_last_property() {
    // `(;A[b]` ends inside a node: the property is only complete at the end.
    let mut parser = Reader::pushed();
    parser.feed(b"(;A[b]");
    let mut run = Vec::new();
    drain(&mut parser, &mut run);
    assert_eq!(run.len(), 2, "( and ; before the end");
    assert!(!parser.is_done());
    parser.finish();
    drain(&mut parser, &mut run);
    assert_eq!(run, slice_run(b"(;A[b]", Limits::default()));
    let err = run.last().unwrap().as_ref().unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::UnclosedTree);
    assert!(parser.is_done());
}

#[test]
fn owned_events_and_games_cross_threads() {
    let input =
        Bytes::from(b"(;GN[one]C[caf\xc3\xa9];B[pd](;W[dp])(;W[dd]))(;GN[two];B[aa])".to_vec());
    let events: Vec<OwnedEvent> = sgf_stream::Reader::from_bytes(input.clone())
        .collect::<Result<_, _>>()
        .unwrap();
    let expected: Vec<Ev> = slice_run(&input, Limits::default())
        .into_iter()
        .map(Result::unwrap)
        .collect();
    drop(input);
    let (send, receive) = std::sync::mpsc::channel::<OwnedEvent>();
    let worker = std::thread::spawn(move || {
        let mut comments = Vec::new();
        let got: Vec<Ev> = receive
            .iter()
            .map(|event| {
                if let OwnedEvent::Property(prop) = &event {
                    if prop.ident() == "C" {
                        comments.push(prop.values().first().text().unwrap().into_owned());
                    }
                }
                ev(&event.as_event())
            })
            .collect();
        (got, comments)
    });
    for event in events {
        send.send(event).unwrap();
    }
    drop(send);
    let (got, comments) = worker.join().unwrap();
    assert_eq!(got, expected);
    assert_eq!(comments, ["café"]);

    let file = &b"(;GN[one];B[pd])(;GN[two];B[aa];W[bb])"[..];
    let handles: Vec<_> = sgf_stream::games(file)
        .map(|game| {
            let game = game.unwrap();
            std::thread::spawn(move || game.main_line().count())
        })
        .collect();
    let lengths: Vec<usize> = handles.into_iter().map(|h| h.join().unwrap()).collect();
    assert_eq!(lengths, [2, 3]);
}

#[test]
fn owned_values_share_the_input_buffer() {
    let input = Bytes::from(b"(;AB[aa][bb]C[x\\]y])".to_vec());
    let props: Vec<_> = sgf_stream::Reader::from_bytes(input.clone())
        .filter_map(|event| match event.unwrap() {
            OwnedEvent::Property(prop) => Some(prop),
            _ => None,
        })
        .collect();
    let range = input.as_ptr() as usize..input.as_ptr() as usize + input.len();
    for prop in &props {
        for value in prop.value_bytes() {
            assert!(range.contains(&(value.as_ptr() as usize)), "no copy");
        }
    }
    let values: Vec<Bytes> = props[0].value_bytes().collect();
    assert_eq!(values, ["aa", "bb"]);
    assert_eq!(props[1].values_bytes(), "[x\\]y]");
}

#[test]
fn corpus_through_the_reader_and_push_parser() {
    let Some(files) = common::corpus_files() else {
        return;
    };
    for (i, file) in files.iter().enumerate() {
        let input = std::fs::read(file).unwrap();
        let expected = slice_run(&input, Limits::default());
        let chunk = 1 + i % 16;
        let name = file.display();
        let small = if input.len() < 20_000 {
            chunk
        } else {
            4096 + chunk
        };
        assert_eq!(
            reader_run(&input[..], Limits::default(), small),
            expected,
            "{name}"
        );
        assert_eq!(
            push_run(&input, Limits::default(), &[small, 7 * chunk]),
            expected,
            "{name}"
        );
    }
}

/// Inputs that stress chunking: well-formed and broken token soups.
fn soup() -> impl Strategy<Value = Vec<u8>> {
    let piece = prop_oneof![
        Just(&b"("[..]),
        Just(&b")"[..]),
        Just(&b";"[..]),
        Just(&b"B"[..]),
        Just(&b"AB"[..]),
        Just(&b"["[..]),
        Just(&b"]"[..]),
        Just(&b"\\"[..]),
        Just(&b"\r\n"[..]),
        Just(&b"\r"[..]),
        Just(&b" "[..]),
        Just(&b"pd"[..]),
        Just(&b"[pd]"[..]),
        Just(&b";B[pd]"[..]),
        Just(&b"(;C[x])"[..]),
    ];
    let soup = proptest::collection::vec(piece, 0..40).prop_map(|parts| parts.concat());
    let case = (0..cases::INPUTS.len()).prop_map(|i| cases::INPUTS[i].to_vec());
    prop_oneof![soup, case]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_chunkings_agree(
        input in soup(),
        sizes in proptest::collection::vec(1usize..20, 1..12),
    ) {
        let expected = slice_run(&input, Limits::default());
        prop_assert_eq!(&push_run(&input, Limits::default(), &sizes), &expected);
        let trickle = Trickle::new(&input, sizes.clone());
        prop_assert_eq!(&reader_run(trickle, Limits::default(), 32), &expected);
        let games: Result<Vec<SgfTree>, Error> = sgf_stream::games(Trickle::new(&input, sizes))
            .collect();
        prop_assert_eq!(games, parse_collection(&input));
    }
}
