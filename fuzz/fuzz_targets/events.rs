//! Slice events: no panic; at most one error, and it is the last item;
//! spans move forward through the input; an input without error has
//! balanced parentheses; the work done (`sgf_stream::work`) is linear in
//! the input's length.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sgf_stream::{work, Event, Parser};

/// Most work per input byte (a few units per byte are expected).
const MAX_WORK_PER_BYTE: u64 = 16;

fuzz_target!(|input: &[u8]| {
    let ((), work) = work::measure(|| check_events(input));
    let bound = MAX_WORK_PER_BYTE * (input.len() as u64 + 4);
    assert!(work <= bound, "work {work} for {} bytes", input.len());
});

fn check_events(input: &[u8]) {
    let mut depth: i64 = 0;
    let mut last_end = 0;
    let mut failed = false;
    let mut parser = Parser::new(input);
    while let Some(item) = parser.next_spanned().transpose() {
        assert!(!failed, "an item after an error");
        match item {
            Ok((event, span)) => {
                let len = input.len() as u64;
                assert!(span.start >= last_end && span.end <= len && span.start < span.end);
                last_end = span.end;
                match event {
                    Event::StartGameTree => depth += 1,
                    Event::EndGameTree => depth -= 1,
                    Event::Property(ident, values) => {
                        assert!(!ident.as_str().is_empty());
                        assert_eq!(values.iter().count(), values.len());
                    }
                    Event::Node => {}
                }
                assert!(depth >= 0);
            }
            Err(err) => {
                assert!(err.offset() <= input.len() as u64);
                failed = true;
            }
        }
    }
    if !failed {
        assert_eq!(depth, 0);
    }
}
