//! Batches read on their own give what the whole input gives: events,
//! their places in the input, warnings and the first error.

use std::ops::Range;

use super::*;
use crate::error::Position;
use crate::event::Event;
use crate::read::{DecodedInput, ReaderBuilder};
use crate::warning::Warning;
use crate::Error;

/// An event as compared: what it is, its raw bytes, and its bytes in
/// the input.
type Seen = (String, Vec<u8>, bool, Range<u64>);

fn seen(event: &Event<'_>, span: Range<u64>) -> Seen {
    match event {
        Event::Property(ident, values) => (
            ident.as_str().to_string(),
            values.as_bytes().to_vec(),
            values.is_repaired(),
            span,
        ),
        other => (format!("{other:?}"), Vec::new(), false, span),
    }
}

/// What reading `text` finds, with offsets moved by `place`.
#[derive(Debug, Default, PartialEq)]
struct Read {
    events: Vec<Seen>,
    warnings: Vec<Warning>,
    error: Option<Error>,
}

fn read_text(
    text: &[u8],
    lenient: bool,
    input_offset: impl Fn(usize) -> u64,
) -> (Read, Vec<Warning>) {
    let mut reader = ReaderBuilder::new().lenient(lenient).from_slice(text);
    let mut read = Read::default();
    loop {
        match reader.next_spanned() {
            Ok(Some((event, span))) => {
                let span = input_offset(span.start as usize)..input_offset(span.end as usize);
                read.events.push(seen(&event, span));
            }
            Ok(None) => break,
            Err(err) => {
                read.error = Some(err);
                break;
            }
        }
    }
    let warnings = reader.take_warnings();
    (read, warnings)
}

fn whole(input: &[u8], lenient: bool) -> (Read, Vec<Warning>, CharsetReport) {
    let decoded = DecodedInput::new(input);
    let (mut read, mut warnings) =
        read_text(decoded.text(), lenient, |at| decoded.input_offset(at));
    decoded.relocate(&mut warnings);
    read.error = read.error.map(|err| decoded.relocate_error(&err));
    read.warnings = warnings;
    (read, decoded.warnings().to_vec(), decoded.report().clone())
}

fn batched(input: &[u8], lenient: bool, target: usize) -> (Read, Vec<Warning>, CharsetReport) {
    let mut all = Read::default();
    let mut charset_warnings = Vec::new();
    let mut report = None;
    for piece in Batches::new(input).target(target) {
        let Piece::Batch(batch) = piece.unwrap() else {
            panic!("no rest in small inputs");
        };
        if batch.index() > 0 {
            assert_eq!(input[batch.start().offset as usize], b'(');
            assert_eq!(
                batch.start(),
                Position::locate(input, batch.start().offset as usize)
            );
        }
        let decoded = batch.decode();
        report.get_or_insert_with(|| decoded.report());
        charset_warnings.extend(decoded.warnings());
        let (read, mut warnings) =
            read_text(decoded.text(), lenient, |at| decoded.input_offset(at));
        decoded.place_warnings(&mut warnings);
        all.events.extend(read.events);
        all.warnings.extend(warnings);
        if let Some(err) = read.error {
            all.error = Some(decoded.place_error(&err));
            break;
        }
    }
    (all, charset_warnings, report.unwrap())
}

#[track_caller]
fn same_as_whole(input: &[u8]) {
    for lenient in [false, true] {
        let expected = whole(input, lenient);
        for target in [1, 5, 40, 1000, usize::MAX] {
            let got = batched(input, lenient, target);
            assert_eq!(got.0, expected.0, "lenient {lenient}, target {target}");
            assert_eq!(got.1, expected.1, "charset warnings, target {target}");
            assert_eq!(got.2, expected.2, "report, target {target}");
        }
    }
}

#[test]
fn utf8_collections_read_the_same_in_batches() {
    same_as_whole(b"(;GM[1]C[a ) ( \\] b](;B[aa])(;W[bb]))\n(;B[cc])(;W[dd]C[caf\xC3\xA9])\r\n\r\n(;GN[x];B[ee])\n");
    same_as_whole(b"junk (x) \n(;GM[1];B[pd]) more junk\n(;B[dd])trailing");
    same_as_whole(b"\xEF\xBB\xBF(;CA[UTF-8]C[\xC3\xA9])\n(;C[bad \xFF byte])\n(;C[ok])\n");
    same_as_whole(b"(;C[cut \xE2\x82])\n(;C[x])\n");
    same_as_whole(b"");
    same_as_whole(b"no game at all\n");
}

#[test]
fn broken_collections_read_the_same_in_batches() {
    same_as_whole(b"(;GM[1];B[aa]\n(;GM[1];B[bb])\n(;B[cc])\n");
    same_as_whole(b"(;GM[1];b[aa])\n(;GM[1];B[bb])\n(;B[cc]");
    same_as_whole(b"(;C[unclosed\n(;B[bb])\n(;B[cc])\n");
    same_as_whole(b"(;C[a]b])\n(;B[bb]))\n(;B[cc])\n");
}

#[cfg(feature = "encoding")]
#[test]
fn legacy_charsets_read_the_same_in_batches() {
    let sjis = |text: &str| encoding_rs::SHIFT_JIS.encode(text).0.into_owned();
    let gbk = |text: &str| encoding_rs::GB18030.encode(text).0.into_owned();
    let latin1 = |text: &str| encoding_rs::WINDOWS_1252.encode(text).0.into_owned();
    // Declared, with `\` as a second byte before `]` and a variation.
    let mut input = sjis("(;CA[SJIS]C[表](;B[aa])(;B[bb]))\n");
    // Undeclared after Shift_JIS: read as the game before.
    input.extend(sjis("(;C[表示する])\n"));
    input.extend(b"(;C[plain])\n");
    input.extend(gbk("(;CA[GB2312]C[思谋])\n"));
    input.extend(latin1("(;C[caf\u{e9} na\u{ef}ve])\n"));
    input.extend(b"(;CA[UTF-8]C[\xC3\xA9])\n(;CA[nonsense]C[x])\n");
    same_as_whole(&input);
    // A wrong CA.
    let mut input = sjis("(;CA[UTF-8]C[表示する文字列])\n");
    input.extend(b"(;C[x])\n");
    same_as_whole(&input);
}

#[test]
fn batches_hold_whole_games_near_the_target() {
    let game = b"(;GM[1]SZ[19];B[pd];W[dp];B[pp];W[dd])\n";
    let input = game.repeat(1000);
    let mut sizes = Vec::new();
    for piece in Batches::new(&input[..]).target(1000) {
        let Piece::Batch(batch) = piece.unwrap() else {
            panic!("no rest")
        };
        assert!(batch.decode().is_input(), "UTF-8 needs no decoding");
        sizes.push(batch.bytes().len());
    }
    assert_eq!(sizes.iter().sum::<usize>(), input.len());
    assert!(sizes.iter().all(|&size| size % game.len() == 0));
    assert!(sizes[..sizes.len() - 1]
        .iter()
        .all(|&size| size >= 1000 && size < 1000 + game.len()));
}

#[test]
fn what_cannot_be_cut_within_the_maximum_is_a_rest() {
    let long = b"x".repeat(600 << 10);
    let input = [&b"(;B[aa])\n(;C["[..], &long, b"])\n(;B[bb])"].concat();
    let mut pieces = Batches::new(&input[..]).target(1).max(300 << 10);
    let Some(Ok(Piece::Batch(first))) = pieces.next() else {
        panic!("a batch first")
    };
    assert_eq!(first.bytes(), b"(;B[aa])\n");
    let Some(Ok(Piece::Rest(rest))) = pieces.next() else {
        panic!("then the rest")
    };
    assert_eq!((rest.start().offset, rest.start().line), (9, 2));
    let mut bytes = Vec::new();
    std::io::Read::read_to_end(&mut rest.into_reader(), &mut bytes).unwrap();
    assert_eq!(bytes, &input[9..]);
    assert!(pieces.next().is_none());
}

#[cfg(feature = "encoding")]
#[test]
fn utf16_is_never_cut() {
    let text: Vec<u8> = "\u{feff}(;C[a])\n(;C[b])\n"
        .encode_utf16()
        .flat_map(u16::to_le_bytes)
        .collect();
    let pieces: Vec<_> = Batches::new(&text[..])
        .target(1)
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(pieces.len(), 1);
    let Piece::Batch(batch) = &pieces[0] else {
        panic!()
    };
    assert_eq!(batch.decode().text(), b"(;C[a])\n(;C[b])\n");
}

#[cfg(feature = "encoding")]
#[test]
fn a_batch_starts_only_where_a_fresh_stage_decides_the_same() {
    let sjis = |text: &str| encoding_rs::SHIFT_JIS.encode(text).0.into_owned();
    let mut input = sjis("(;CA[SJIS]C[表])\n");
    input.extend(sjis("(;C[表示する])\n"));
    input.extend(sjis("(;CA[SJIS]C[表])\n"));
    input.extend(b"(;C[plain])\n");
    let starts: Vec<u64> = Batches::new(&input[..])
        .target(1)
        .map(|piece| match piece.unwrap() {
            Piece::Batch(batch) => batch.start().offset,
            Piece::Rest(_) => panic!("no rest"),
        })
        .collect();
    let game = |n: usize| {
        let opens: Vec<usize> = memchr::memchr_iter(b'(', &input).collect();
        opens[n] as u64
    };
    // Before the undeclared game after Shift_JIS (detected as Shift_JIS
    // either way), but not before the ASCII one: a fresh stage reads it
    // as UTF-8, the whole input as the game before, Shift_JIS.
    assert_eq!(starts, [0, game(1), game(2)]);
}
