//! The reader and the push parser give exactly the slice parser's events
//! and error, whatever the chunk size (the first input byte picks it).
#![no_main]

use std::io::Read;

use libfuzzer_sys::fuzz_target;
use sgf_stream::{Error, Event, Parser, Reader};

/// Events as comparable strings, then the error (if any).
type Outcome = (Vec<String>, Option<Error>);

fn describe(event: &Event) -> String {
    format!("{event:?}")
}

fn slice(input: &[u8]) -> Outcome {
    let mut events = Vec::new();
    for item in Parser::new(input) {
        match item {
            Ok(event) => events.push(describe(&event)),
            Err(err) => return (events, Some(err)),
        }
    }
    (events, None)
}

/// A reader that hands out at most `chunk` bytes per call.
struct Chunked<'a> {
    rest: &'a [u8],
    chunk: usize,
}

impl Read for Chunked<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.chunk.min(buf.len()).min(self.rest.len());
        buf[..n].copy_from_slice(&self.rest[..n]);
        self.rest = &self.rest[n..];
        Ok(n)
    }
}

fn reader(input: &[u8], chunk: usize) -> Outcome {
    let mut reader = Reader::from_reader(Chunked { rest: input, chunk });
    let mut events = Vec::new();
    loop {
        match reader.next_event() {
            Ok(Some(event)) => events.push(describe(&event)),
            Ok(None) => return (events, None),
            Err(err) => return (events, Some(err)),
        }
    }
}

fn push(input: &[u8], chunk: usize) -> Outcome {
    let mut parser = Reader::pushed();
    let mut events = Vec::new();
    for piece in input.chunks(chunk) {
        parser.feed(piece);
        loop {
            match parser.next_event() {
                Ok(Some(event)) => events.push(describe(&event)),
                Ok(None) => break,
                Err(err) => return (events, Some(err)),
            }
        }
    }
    parser.finish();
    loop {
        match parser.next_event() {
            Ok(Some(event)) => events.push(describe(&event)),
            Ok(None) => return (events, None),
            Err(err) => return (events, Some(err)),
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&first, input)) = data.split_first() else {
        return;
    };
    let chunk = 1 + (first as usize % 16);
    let expected = slice(input);
    assert_eq!(reader(input, chunk), expected, "reader, chunk {chunk}");
    assert_eq!(push(input, chunk), expected, "push, chunk {chunk}");
});
