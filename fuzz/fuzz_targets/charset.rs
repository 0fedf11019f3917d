//! Charset handling on any bytes: decoding never panics and gives UTF-8;
//! lenient parsing with charset detection never fails; warnings and
//! errors point inside the input as given.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sgf_stream::{ReaderBuilder};
use sgf_stream::read::{decode_to_utf8};

fuzz_target!(|input: &[u8]| {
    let (text, _report) = decode_to_utf8(input);
    assert!(std::str::from_utf8(&text).is_ok(), "decode_to_utf8 gives UTF-8");
    let parsed = ReaderBuilder::new().lenient(true).read_collection(input).expect("lenient never fails");
    for warning in &parsed.warnings {
        assert!(warning.offset() <= input.len() as u64);
    }
    if let Err(err) = ReaderBuilder::new().read_collection(input) {
        assert!(err.offset() <= input.len() as u64);
    }
});
