//! Parse, write with any layout, parse again: events pass through with
//! identical raw values; a `CompactTree` writes the same nodes and
//! properties in the same order (a variation with no sibling may lose its
//! parentheses: `(;a(;b))` is the tree `(;a;b)`), and writing is canonical
//! (the compact tree of its output, or of the events' output, writes the
//! same bytes); trees written from `SgfTree` parse back equal.
//! The first input byte picks the layout options. The writer makes each
//! root's `CA` name the charset it writes, so `CA` is left out of the
//! comparisons; it refuses a game whose raw values are not UTF-8 under a
//! `CA` it replaces (`WriteError::NotUtf8`), so such inputs stop there.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sgf_stream::{parse_collection, CompactTree, Event, Layout, Newline, Parser, SgfTree, WriteOptions, Writer};

fn options(bits: u8) -> WriteOptions {
    WriteOptions::new()
        .layout(if bits & 1 == 0 { Layout::OneLine } else { Layout::NodePerLine })
        .wrap(bits & 2 != 0)
        .width(1 + (bits >> 4) as usize * 5)
        .variations_on_new_lines(bits & 4 != 0)
        .newline(if bits & 8 == 0 { Newline::Lf } else { Newline::CrLf })
}

fn events(input: &[u8]) -> Option<Vec<Event<'_>>> {
    let all: Vec<Event> = Parser::new(input).collect::<Result<_, _>>().ok()?;
    Some(all.into_iter().filter(|e| !matches!(e, Event::Property(id, _) if id == "CA")).collect())
}

fn without_ca(mut trees: Vec<SgfTree>) -> Vec<SgfTree> {
    for tree in &mut trees {
        tree.remove("CA");
    }
    trees
}

/// The nodes and properties of `events`, without the parentheses.
fn sequence(events: Vec<Event<'_>>) -> Vec<Event<'_>> {
    let starts_or_ends = |e: &Event| matches!(e, Event::StartGameTree | Event::EndGameTree);
    events.into_iter().filter(|e| !starts_or_ends(e)).collect()
}

/// `input`'s games written from a `CompactTree`.
fn write_compact(input: &[u8], bits: u8) -> Vec<u8> {
    let compact = CompactTree::from_bytes(input.to_vec()).expect("valid SGF");
    let mut writer = Writer::with_options(Vec::new(), options(bits));
    for game in compact.games() {
        writer.write_tree(&game).expect("compact trees write");
    }
    writer.into_inner().expect("flushes")
}

fuzz_target!(|data: &[u8]| {
    let Some((&bits, input)) = data.split_first() else {
        return;
    };
    let Ok(parsed) = Parser::new(input).collect::<Result<Vec<_>, _>>() else {
        return;
    };
    let original = events(input).expect("parsed above");
    let mut writer = Writer::with_options(Vec::new(), options(bits));
    for event in &parsed {
        match writer.write_event(event) {
            // Raw values that are not UTF-8 under a `CA` the writer
            // writes (UTF-8 output): the game is refused, by design.
            Err(sgf_stream::WriteError::NotUtf8 { .. }) if std::str::from_utf8(input).is_err() => {
                return;
            }
            other => other.expect("parsed events write"),
        }
    }
    let written = writer.into_inner().expect("flushes");
    assert_eq!(events(&written).as_ref(), Some(&original), "pass-through changed events");

    let compact_written = write_compact(input, bits);
    let compact_events = events(&compact_written).expect("compact trees write valid SGF");
    assert_eq!(sequence(compact_events), sequence(original.clone()), "compact tree nodes");
    assert_eq!(write_compact(&compact_written, bits), compact_written, "compact writing is canonical");
    assert_eq!(write_compact(&written, bits), compact_written, "events and compact tree agree");

    let trees = parse_collection(input);
    if let Ok(trees) = trees {
        let mut writer = Writer::with_options(Vec::new(), options(bits).soft_breaks(bits & 0x80 != 0));
        for tree in &trees {
            writer.write_tree(tree).expect("trees write");
        }
        let written = writer.into_inner().expect("flushes");
        let again = parse_collection(&written).expect("written trees parse");
        assert!(without_ca(again) == without_ca(trees), "tree round trip");
    }
});
