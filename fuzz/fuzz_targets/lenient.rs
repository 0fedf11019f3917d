//! Lenient parsing: never an error or a panic, balanced events, warnings
//! inside the input; on input the strict parser accepts, the same trees
//! and no warnings (but for the cut-game repair); lenient trees write and parse back strictly; lenient
//! events take work (`sgf_stream::work`) linear in the input's length.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sgf_stream::{parse, parse_collection, work, ErrorKind, Event, ReaderBuilder, WarningKind};

/// Most work per input byte of lenient events.
const MAX_WORK_PER_BYTE: u64 = 24;

fuzz_target!(|input: &[u8]| {
    let mut parser = ReaderBuilder::new().lenient(true).from_slice(input);
    let mut depth: i64 = 0;
    let ((), work) = work::measure(|| {
        for event in parser.by_ref() {
            match event.expect("lenient never fails") {
                Event::StartGameTree => depth += 1,
                Event::EndGameTree => depth -= 1,
                _ => {}
            }
            assert!(depth >= 0);
        }
    });
    assert_eq!(depth, 0, "lenient events are balanced");
    let bound = MAX_WORK_PER_BYTE * (input.len() as u64 + 4);
    assert!(work <= bound, "work {work} for {} bytes", input.len());
    for warning in parser.take_warnings() {
        assert!(warning.offset() <= input.len() as u64);
        assert!(warning.range().end <= input.len() as u64);
    }

    let options = ReaderBuilder::new().lenient(true);
    let parsed = options.read_collection(input).expect("lenient never fails");
    for tree in &parsed.trees {
        let again = parse(&tree.to_string()).expect("a lenient tree writes valid SGF");
        assert!(again == *tree);
    }
    if let Ok(strict) = parse_collection(input) {
        // One repair applies to valid input by design: a value ending in
        // `(;ID[text` is read as a game cut off there, the next game
        // appended (tests/regressions.rs); what follows is then read
        // differently from strict parsing and may need repairs of its
        // own. So lenient parsing of valid input either gives the strict
        // trees with no warning, or starts deviating with that repair.
        let cut_game = |w: &sgf_stream::Warning| {
            w.kind() == &WarningKind::SkippedGameTree(ErrorKind::UnclosedValue)
        };
        if parsed.warnings.iter().any(cut_game) {
            assert!(cut_game(&parsed.warnings[0]), "{:?}", parsed.warnings);
        } else {
            assert!(parsed.trees == strict, "lenient differs on valid input");
            assert!(parsed.warnings.is_empty(), "{:?}", parsed.warnings);
        }
    }
});
