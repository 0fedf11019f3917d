//! Where strict reading succeeds, lenient reading gives the same events
//! with the same spans and no repair, on real and generated records. On
//! odd but valid text (a value that swallows `)(;`, as if its `]` were
//! missing) the lenient reader may guess otherwise, but never silently:
//! it reports each repair. The `sgf` tool relies on this: it reads each
//! batch strictly first, and leniently only when that fails.

#[path = "common/cases.rs"]
mod cases;
mod common;

use sgf_stream::ReaderBuilder;

/// The events and spans of `text`, whether reading failed, and how many
/// repairs were made.
fn read(text: &[u8], lenient: bool) -> (Vec<String>, bool, usize) {
    let mut reader = ReaderBuilder::new().lenient(lenient).from_slice(text);
    let mut events = Vec::new();
    let mut failed = false;
    loop {
        match reader.next_spanned() {
            Ok(Some((event, span))) => events.push(format!("{event:?} {span:?}")),
            Ok(None) => break,
            Err(_) => {
                failed = true;
                break;
            }
        }
    }
    (events, failed, reader.take_warnings().len())
}

/// How reading `input` leniently compares with reading it strictly.
#[derive(Debug, PartialEq, Eq)]
enum Compared {
    /// Strict reading fails.
    StrictFails,
    /// The same events, and no repair.
    Same,
    /// Other events, with repairs reported.
    Repaired,
}

fn compare(input: &[u8]) -> Compared {
    let decoded = sgf_stream::read::DecodedInput::new(input);
    let (strict, failed, _) = read(decoded.text(), false);
    if failed {
        return Compared::StrictFails;
    }
    let (lenient, _, repairs) = read(decoded.text(), true);
    let text = String::from_utf8_lossy(input);
    match lenient == strict {
        true => {
            assert_eq!(repairs, 0, "{text}");
            Compared::Same
        }
        false => {
            assert!(repairs > 0, "events changed silently: {text}");
            Compared::Repaired
        }
    }
}

fn agrees(input: &[u8]) -> bool {
    compare(input) == Compared::Same
}

#[test]
fn on_the_sample_files_and_their_mutations() {
    let mut strict = 0;
    let mut all = 0;
    for file in cases::data_files() {
        all += 1;
        strict += agrees(&file) as usize;
    }
    assert_eq!(strict, all, "the sample files are valid FF[4]");
    let mut read_strictly = 0;
    let mutations = cases::mutations();
    for input in &mutations {
        read_strictly += agrees(input) as usize;
    }
    // Most mutations break strict reading; some do not, and those count.
    assert!(read_strictly > 0 && read_strictly < mutations.len());
}

#[test]
fn on_generated_collections() {
    for seed in 0..4 {
        assert!(agrees(&common::generate::collection(seed, 20)));
    }
}

#[test]
fn on_the_corpus() {
    let Some(files) = common::corpus_files() else {
        return;
    };
    for path in files {
        let input = std::fs::read(&path).unwrap();
        assert!(agrees(&input), "{} reads strictly", path.display());
    }
}
