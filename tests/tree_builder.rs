//! `build::TreeBuilder` pushed events by hand: the repairs of a lenient
//! builder come out as `Warning`s, placed by a `read::LineIndex` of the
//! input at the lines and columns counted here by hand.

use sgf_stream::build::{Games, TreeBuilder};
use sgf_stream::read::LineIndex;
use sgf_stream::{Parser, ReaderBuilder, SgfTree, Warning, WarningKind};

/// Four lines, ended by CRLF, LF and CR. Offsets of the bytes that matter:
///
/// - line 1 `(;GM[1]FF[4]\r\n`: 0..14;
/// - line 2 `;B[pd]C[first]\n`: 14..29;
/// - line 3 `AB[aa]C[caf\xE9 ok]AB[bb][aa]\r`: 29..56, the second `C` at
///   35 (column 7), `\xE9` at 40 (column 12), the second `AB` at 45
///   (column 17);
/// - line 4 `;W[dp]C[\xFF\xFE]W[dd])`: from 56, `\xFF` at 64 (column 9),
///   `\xFE` at 65 (column 10), the second `W` at 67..72 (column 12).
const INPUT: &[u8] =
    b"(;GM[1]FF[4]\r\n;B[pd]C[first]\nAB[aa]C[caf\xE9 ok]AB[bb][aa]\r;W[dp]C[\xFF\xFE]W[dd])";

/// The warnings of [`INPUT`], as (kind, range, line, column); each
/// position's offset is its range's start.
fn expected() -> Vec<(WarningKind, std::ops::Range<u64>, u32, u32)> {
    use WarningKind::*;
    vec![
        // The value of the second `C` is decoded before it is merged.
        (InvalidBytes("UTF-8"), 40..41, 3, 12),
        (MergedProperty("C".into()), 35..35, 3, 7),
        (MergedProperty("AB".into()), 45..45, 3, 17),
        // Each invalid byte is a run of its own.
        (InvalidBytes("UTF-8"), 64..65, 4, 9),
        (InvalidBytes("UTF-8"), 65..66, 4, 10),
        // A move keeps its first instance; the repeat is dropped whole.
        (DroppedRepeat("W".into()), 67..72, 4, 12),
    ]
}

/// `warnings` as (kind, range, line, column), each checked to be placed
/// at its range's start.
fn placed(warnings: &[Warning]) -> Vec<(WarningKind, std::ops::Range<u64>, u32, u32)> {
    warnings
        .iter()
        .map(|warning| {
            assert_eq!(warning.offset(), warning.range().start, "{warning}");
            let kind = warning.kind().clone();
            (kind, warning.range(), warning.line(), warning.column())
        })
        .collect()
}

/// The trees of `input` through `builder`, and its warnings taken after
/// each event.
fn build(builder: &mut TreeBuilder, input: &[u8]) -> (Vec<SgfTree>, Vec<Warning>) {
    let lines = LineIndex::new(input);
    let (mut trees, mut warnings) = (Vec::new(), Vec::new());
    for item in Parser::new(input).into_spans() {
        let (event, span) = item.unwrap();
        trees.extend(builder.push_spanned(&event, span).unwrap());
        warnings.extend(builder.take_warnings(&lines));
    }
    (trees, warnings)
}

#[test]
fn repairs_on_later_lines_are_placed_at_their_line_and_column() {
    let (trees, warnings) = build(&mut TreeBuilder::lenient(), INPUT);
    assert_eq!(placed(&warnings), expected());
    let first = &trees[0].children()[0];
    assert_eq!(first.get("C").unwrap(), ["first\n\ncaf\u{FFFD} ok"]);
    assert_eq!(first.get("AB").unwrap(), ["aa", "bb"]);
    let second = &first.children()[0];
    assert_eq!(second.get("W").unwrap(), ["dp"]);
    assert_eq!(second.get("C").unwrap(), ["\u{FFFD}\u{FFFD}"]);
}

#[test]
fn warnings_are_taken_once_and_placed_when_taken() {
    let mut builder = TreeBuilder::lenient();
    for item in Parser::new(INPUT).into_spans() {
        let (event, span) = item.unwrap();
        builder.push_spanned(&event, span).unwrap();
    }
    // Taken all at the end: the same warnings, in the order made.
    let warnings = builder.take_warnings(&LineIndex::new(INPUT));
    assert_eq!(placed(&warnings), expected());
    assert!(builder.take_warnings(&LineIndex::new(INPUT)).is_empty());
}

#[test]
fn a_strict_builder_has_no_warnings_to_give() {
    let mut builder = TreeBuilder::new();
    let input = b"(;GM[1]\n;B[pd]C[a])";
    let (trees, warnings) = build(&mut builder, input);
    assert_eq!(trees.len(), 1);
    assert!(warnings.is_empty());
}

#[test]
fn the_builder_places_its_repairs_as_a_lenient_reader_of_trees_does() {
    let reader = ReaderBuilder::new().lenient(true).from_slice(INPUT);
    let mut games = Games::new(reader, TreeBuilder::lenient());
    let trees: Vec<_> = games.by_ref().map(Result::unwrap).collect();
    let (built, warnings) = build(&mut TreeBuilder::lenient(), INPUT);
    assert_eq!(trees, built);
    assert_eq!(games.take_warnings(), warnings);
}
