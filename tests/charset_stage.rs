//! The charset stage (`read::Decoded`): at every read size the same
//! events, spans, warnings and errors as over the whole input, with
//! offsets in the input's bytes; collections whose games are each in
//! their own charset; and the fixes of issue 14 (a right legacy `CA`
//! over bytes that happen to be UTF-8, UTF-16 without a BOM).
#![cfg(feature = "encoding")]

mod common;

use std::ops::Range;

use common::Trickle;
use encoding_rs::Encoding;
use sgf_stream::build::{CompactBuilder, Games, TreeBuilder};
use sgf_stream::charset::CharsetMode;
use sgf_stream::charset::CharsetSource;
use sgf_stream::read::decode_to_utf8;
use sgf_stream::read::DecodedInput;
use sgf_stream::{
    parse_collection, Charset, Event, ReaderBuilder, WarningKind, WriteOptions, Writer,
};

/// A game of the test collections: its text, and the charset its bytes
/// are in.
type Part = (&'static str, &'static Encoding);

/// Games in several charsets, each declared, with `\` and `]` second
/// bytes, CRLF line ends, an undeclared game after a declared one, and
/// junk between games.
fn parts() -> Vec<Part> {
    use encoding_rs::*;
    vec![
        (
            "(;FF[4]CA[Shift_JIS]PB[黒番]\r\nC[表ソ能\r\n申]\r\n;B[pd]C[表];W[dp])\r\n",
            SHIFT_JIS,
        ),
        ("(;C[白の手が厳しい。表]\r\n;B[aa])\r\n", SHIFT_JIS),
        (
            "(;CA[GB2312]PB[柯洁]C[黑棋在右下角的手筋非常漂亮]\n;B[dd](;W[pp])(;W[dp]C[思谋]))\n",
            GB18030,
        ),
        ("\n(;CA[Big5]C[許功蓋]PW[棋])\n", BIG5),
        (
            "(;CA[EUC-KR]C[흑이 우하귀에서 멋진 맥을 두었고]PB[신진서])",
            EUC_KR,
        ),
        (
            "(;CA[windows-1251]C[Чёрные сыграли отличный тэсудзи])\n",
            WINDOWS_1251,
        ),
        ("(;CA[UTF-8]C[été 表 흑])\n", UTF_8),
    ]
}

/// The collection's UTF-8 text, its bytes, and where each game starts in
/// both (with its charset).
struct Collection {
    text: String,
    bytes: Vec<u8>,
    games: Vec<(usize, usize, &'static Encoding)>,
}

impl Collection {
    fn new(parts: &[Part]) -> Self {
        let (mut text, mut bytes, mut games) = (String::new(), Vec::new(), Vec::new());
        for &(game, encoding) in parts {
            games.push((text.len(), bytes.len(), encoding));
            let (encoded, _, bad) = encoding.encode(game);
            assert!(!bad, "{} encodes {game}", encoding.name());
            text.push_str(game);
            bytes.extend_from_slice(&encoded);
        }
        Collection { text, bytes, games }
    }

    /// The input offset of UTF-8 offset `at`: where its game starts plus
    /// the length of the game's text before it, encoded.
    fn input_offset(&self, at: u64) -> u64 {
        let at = at as usize;
        let &(text, raw, encoding) = self
            .games
            .iter()
            .rev()
            .find(|(text, _, _)| *text <= at)
            .unwrap();
        let (before, _, _) = encoding.encode(&self.text[text..at]);
        (raw + before.len()) as u64
    }
}

/// What a reader gave, in order: events with their spans, warnings (with
/// their place), and the error that stopped it.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Item {
    Event(String, Range<u64>),
    Warning(WarningKind, u64, u32, u32, Range<u64>),
    Error(String, u64, u32, u32),
}

/// Reads `bytes` through the stage, `piece` bytes per read and `chunk`
/// bytes asked for at a time, taking warnings after each event.
fn run(bytes: &[u8], piece: usize, chunk: usize, mode: CharsetMode) -> Vec<Item> {
    run_with(ReaderBuilder::new(), bytes, piece, chunk, mode)
}

/// [`run`] with `options` (lenient, say).
fn run_with(
    options: ReaderBuilder,
    bytes: &[u8],
    piece: usize,
    chunk: usize,
    mode: CharsetMode,
) -> Vec<Item> {
    let source = Trickle { rest: bytes, piece };
    let options = options.chunk_size(chunk).charset(mode);
    let mut reader = options.from_reader_decoded(source);
    let mut items = Vec::new();
    loop {
        match reader.next_spanned() {
            Ok(Some((event, span))) => items.push(Item::Event(format!("{event:?}"), span)),
            Ok(None) => break,
            Err(err) => {
                let (kind, offset) = (err.kind().to_string(), err.offset());
                items.push(Item::Error(kind, offset, err.line(), err.column()));
                break;
            }
        }
        let warnings = reader.take_warnings();
        items.extend(warnings.iter().map(|w| {
            let (kind, range) = (w.kind().clone(), w.range());
            Item::Warning(kind, w.offset(), w.line(), w.column(), range)
        }));
    }
    let warnings = reader.take_warnings();
    items.extend(warnings.iter().map(|w| {
        let (kind, range) = (w.kind().clone(), w.range());
        Item::Warning(kind, w.offset(), w.line(), w.column(), range)
    }));
    items
}

/// Checks that every read size from 1 to 16 (and 16-byte chunks read a
/// byte at a time) gives what one read of the whole input gives.
fn same_at_every_read_size(bytes: &[u8], mode: CharsetMode) -> Vec<Item> {
    let whole = run(bytes, bytes.len().max(1), bytes.len().max(1), mode);
    for size in 1..=16 {
        assert_eq!(run(bytes, size, size, mode), whole, "reads of {size}");
    }
    assert_eq!(
        run(bytes, 1, 16, mode),
        whole,
        "16-byte chunks, 1-byte reads"
    );
    assert_eq!(run(bytes, 7, 8 << 10, mode), whole, "8 KiB chunks");
    whole
}

#[test]
fn every_read_size_gives_the_events_and_spans_of_the_text() {
    let collection = Collection::new(&parts());
    let got = same_at_every_read_size(&collection.bytes, CharsetMode::Auto);
    // The reference: the UTF-8 text's events, with spans moved to the
    // input by encoding what comes before them.
    let mut parser = sgf_stream::Parser::new(collection.text.as_bytes());
    let mut want = Vec::new();
    while let Some((event, span)) = parser.next_spanned().unwrap() {
        let span = collection.input_offset(span.start)..collection.input_offset(span.end);
        want.push(Item::Event(format!("{event:?}"), span));
    }
    assert!(want.len() > 40);
    assert_eq!(got, want);
}

#[test]
fn every_read_size_gives_the_same_warnings_and_error() {
    let mut parts = parts();
    // A Shift_JIS game declared UTF-8; one with an unknown `CA`, read in
    // the charset of the game before; a byte invalid in GB18030 (the `X`
    // below), and the input cut inside its last game.
    let misdeclared = "(;CA[UTF-8]C[黒番の手筋が見事で、白番は右下の隅を諦めた])\n";
    parts.insert(2, (misdeclared, encoding_rs::SHIFT_JIS));
    parts.insert(4, ("(;CA[klingon]C[表])", encoding_rs::SHIFT_JIS));
    let gb = "(;CA[GB18030]C[黑棋在右下角的手筋思X谋非常漂亮])\n";
    parts.insert(5, (gb, encoding_rs::GB18030));
    let mut collection = Collection::new(&parts);
    let bad = collection.games[5].1
        + collection.bytes[collection.games[5].1..]
            .iter()
            .position(|&b| b == b'X')
            .unwrap();
    collection.bytes[bad] = 0xFF;
    let cut = collection.bytes.len() - 5;
    let got = same_at_every_read_size(&collection.bytes[..cut], CharsetMode::Auto);

    let warnings: Vec<&Item> = got
        .iter()
        .filter(|i| matches!(i, Item::Warning(..)))
        .collect();
    let mismatch = WarningKind::CharsetMismatch {
        declared: "UTF-8".into(),
        used: "Shift_JIS",
    };
    let ca = collection.games[2].1 as u64 + 5;
    let line_of = |text_at: usize| collection.text[..text_at].matches('\n').count() as u32 + 1;
    let line = line_of(collection.games[2].0);
    let unknown = WarningKind::UnknownCharset("klingon".into());
    let klingon = collection.games[4].1 as u64 + 5;
    let klingon_line = line_of(collection.games[4].0);
    let invalid = WarningKind::InvalidBytes("GB18030");
    let (bad, bad_line) = (bad as u64, line_of(collection.games[5].0));
    let column = (bad - collection.games[4].1 as u64 + 1) as u32;
    assert_eq!(
        warnings,
        [
            &Item::Warning(mismatch, ca, line, 6, ca..ca + 5),
            &Item::Warning(unknown, klingon, klingon_line, 6, klingon..klingon + 7),
            &Item::Warning(invalid, bad, bad_line, column, bad..bad + 1),
        ]
    );

    // The error is the one of the text, at its place in the input: the
    // last game is UTF-8, so its text and bytes differ by a shift.
    let (text_start, raw_start, _) = *collection.games.last().unwrap();
    let text = &collection.text.as_bytes()[..cut - raw_start + text_start];
    let err = sgf_stream::Parser::new(text).find_map(Result::err).unwrap();
    let offset = collection.input_offset(err.offset());
    let want = Item::Error(err.kind().to_string(), offset, err.line(), err.column());
    assert_eq!(got.last(), Some(&want));
}

#[test]
fn every_read_size_gives_the_same_in_utf16() {
    let text = "(;CA[UTF-16]C[黒番の手筋\r\n表];B[aa])\r\n(;C[二局目];W[bb])";
    for (bom, order) in [
        (&b"\xFF\xFE"[..], u16::to_le_bytes as fn(u16) -> [u8; 2]),
        (b"\xFE\xFF", u16::to_be_bytes),
    ] {
        let bytes: Vec<u8> = bom
            .iter()
            .copied()
            .chain(text.encode_utf16().flat_map(order))
            .collect();
        let got = same_at_every_read_size(&bytes, CharsetMode::Auto);
        let events = got.iter().filter(|i| matches!(i, Item::Event(..))).count();
        assert_eq!(events, 13);
        // `;B[aa]` starts after the BOM and 23 characters, 2 bytes each.
        let before = text[..text.find(";B").unwrap()].chars().count();
        assert_eq!(before, 23);
        let semicolon = 2 + 2 * before as u64;
        assert!(got.contains(&Item::Event("Node".into(), semicolon..semicolon + 2)));
    }
}

#[test]
fn a_game_longer_than_the_decision_prefix_then_another_charset() {
    // The stage decodes the long game a read at a time without knowing
    // where it ends: past its end, what it decoded is decoded again in
    // the next game's charset.
    let long = format!("(;CA[SJIS]C[{}表]\n;B[aa])", "表ソ能".repeat(12_000));
    let parts: Vec<Part> = vec![
        (Box::leak(long.into_boxed_str()), encoding_rs::SHIFT_JIS),
        ("(;CA[GB2312]C[思谋])", encoding_rs::GB18030),
        ("(;CA[UTF-8]C[흑])", encoding_rs::UTF_8),
    ];
    let collection = Collection::new(&parts);
    assert!(collection.bytes.len() > 70_000);
    let mut parser = sgf_stream::Parser::new(collection.text.as_bytes());
    let mut want = Vec::new();
    while let Some((event, span)) = parser.next_spanned().unwrap() {
        let span = collection.input_offset(span.start)..collection.input_offset(span.end);
        want.push(Item::Event(format!("{event:?}"), span));
    }
    for (piece, chunk) in [(1, 1), (7, 16), (4096, 4096), (1 << 20, 1 << 20)] {
        let got = run(&collection.bytes, piece, chunk, CharsetMode::Auto);
        assert_eq!(got, want, "reads of {piece}, chunks of {chunk}");
    }
}

#[test]
fn games_in_different_charsets_read_back_each_in_its_own() {
    let collection = Collection::new(&parts());
    let want = parse_collection(collection.text.as_bytes()).unwrap();
    assert_eq!(want.len(), 7);

    // One game at a time through the stage, each with its report.
    let reader = ReaderBuilder::new()
        .chunk_size(100)
        .from_reader_decoded(&collection.bytes[..]);
    let mut games = Games::new(reader, TreeBuilder::new());
    let (mut trees, mut charsets) = (Vec::new(), Vec::new());
    while let Some(tree) = games.next() {
        trees.push(tree.unwrap());
        let report = games.reader().charset_report();
        charsets.push((report.charset.name(), report.source));
    }
    assert_eq!(trees, want);
    use CharsetSource::*;
    assert_eq!(
        charsets,
        [
            ("Shift_JIS", Declared),
            ("Shift_JIS", Detected),
            ("GB18030", Declared),
            ("Big5", Declared),
            ("EUC-KR", Declared),
            ("windows-1251", Declared),
            ("UTF-8", Declared),
        ]
    );

    // Compact trees keep each game's decoded text, their nodes counted in
    // it.
    let reader = ReaderBuilder::new()
        .chunk_size(64)
        .from_reader_decoded(&collection.bytes[..]);
    let compact: Vec<_> = Games::new(reader, CompactBuilder::default())
        .flat_map(|game| game.unwrap().to_sgf_trees().unwrap())
        .collect();
    assert_eq!(compact, want);

    // The whole input in memory: the same trees, no warning, the first
    // game's report; the text is the collection's.
    for options in [ReaderBuilder::new(), ReaderBuilder::new().lenient(true)] {
        let parsed = options.read_collection(&collection.bytes).unwrap();
        assert_eq!(parsed.trees, want);
        assert_eq!(parsed.warnings, []);
        assert_eq!(parsed.charset.charset, Charset::ShiftJis);
    }
    let (text, report) = decode_to_utf8(&collection.bytes);
    assert_eq!(std::str::from_utf8(&text).unwrap(), collection.text);
    assert_eq!(report.source, CharsetSource::Declared);
}

/// A property event as its identifier and values (U+FFFD for bytes that
/// are not UTF-8).
fn property(event: Event<'_>) -> Option<String> {
    let Event::Property(ident, raw) = event else {
        return None;
    };
    let raw: Vec<_> = raw
        .iter()
        .map(|v| String::from_utf8_lossy(v.as_bytes()).into_owned())
        .collect();
    Some(format!("{ident}{raw:?}"))
}

#[test]
fn each_game_decides_its_charset_after_a_malformed_one() {
    // Each first game is malformed; the Shift_JIS game after it must still
    // be decided as Shift_JIS by the whole-input stage, as the lenient
    // stage over a stream decides it.
    let (sjis, _, _) = encoding_rs::SHIFT_JIS.encode("(;CA[Shift_JIS]C[表])");
    for first in [
        "(;CA[UTF-8]C[a]];B[aa])",
        "(;CA[UTF-8]C[a] oops ;B[aa])",
        "From: a friend\n(;CA[UTF-8]C[a];B[aa])",
        "(;CA[UTF-8]C[a];B[aa]))",
    ] {
        let input = [first.as_bytes(), &sjis].concat();
        let decoded = DecodedInput::new(&input);
        let text = std::str::from_utf8(decoded.text()).unwrap();
        assert!(text.ends_with("(;CA[Shift_JIS]C[表])"), "{first}: {text}");
        let second = text.rfind('(').unwrap();
        let report = decoded.game_charset(second);
        assert_eq!(
            (report.charset, report.source),
            (Charset::ShiftJis, CharsetSource::Declared),
            "{first}"
        );
        assert_eq!(decoded.game_charset(0).charset, Charset::Utf8);
        assert_eq!(decode_to_utf8(&input).0, decoded.text());

        // The lenient stage over a stream, and the lenient reader over the
        // decoded text, read the same values.
        let options = ReaderBuilder::new().lenient(true);
        let mut stage = options.chunk_size(7).from_reader_decoded(&input[..]);
        let mut streamed = Vec::new();
        while let Some(event) = stage.next_event().unwrap() {
            streamed.extend(property(event));
        }
        let whole: Vec<_> = options
            .from_slice(decoded.text())
            .filter_map(|event| property(event.unwrap()))
            .collect();
        assert_eq!(streamed, whole, "{first}");
        assert_eq!(streamed.last().unwrap(), r#"C["表"]"#, "{first}");
        let parsed = options.read_collection(&input).unwrap();
        assert_eq!(parsed.trees.last().unwrap().get("C").unwrap(), ["表"]);
    }
}

#[test]
fn comments_decode_in_their_games_charset() {
    let collection = Collection::new(&parts());
    let mut reader = ReaderBuilder::new().from_reader_decoded(&collection.bytes[..]);
    let mut comments = Vec::new();
    while let Some(event) = reader.next_event().unwrap() {
        if let Event::Property(ident, values) = event {
            if ident == "C" {
                comments.push(values.first().text().unwrap().into_owned());
            }
        }
    }
    assert_eq!(comments.len(), 9);
    assert_eq!(comments[0], "表ソ能\n申");
    assert_eq!(comments[2], "白の手が厳しい。表");
    assert_eq!(comments[4], "思谋");
    assert_eq!(comments[5], "許功蓋");
    assert_eq!(comments[7], "Чёрные сыграли отличный тэсудзи");
    assert_eq!(comments[8], "été 表 흑");
}

/// GBK's two-byte hanzi whose bytes are a valid UTF-8 character: a lead
/// 0xC2–0xD7 (GB2312 level 1 from 0xB0) and a trail 0xA1–0xBF.
fn hanzi_valid_as_utf8() -> Vec<char> {
    (0xC2..=0xD7u8)
        .flat_map(|lead| (0xA1..=0xBFu8).map(move |trail| [lead, trail]))
        .filter_map(|bytes| {
            let (text, bad) = encoding_rs::GBK.decode_without_bom_handling(&bytes);
            let c = text.chars().next()?;
            (!bad && ('\u{4E00}'..='\u{9FFF}').contains(&c)).then_some(c)
        })
        .collect()
}

#[test]
fn a_right_legacy_ca_wins_over_bytes_that_happen_to_be_utf8() {
    let input = b"(;CA[GB18030]PB[\xCB\xBC\xC4\xB1])";
    for options in [ReaderBuilder::new(), ReaderBuilder::new().lenient(true)] {
        let parsed = options.read_collection(input).unwrap();
        assert_eq!(parsed.trees[0].get("PB").unwrap(), ["思谋"]);
        assert_eq!(parsed.warnings, []);
        assert_eq!(parsed.charset.charset, Charset::Gb18030);
        assert_eq!(parsed.charset.source, CharsetSource::Declared);
    }
    // Every two-hanzi name whose GB18030 bytes are valid UTF-8 reads back,
    // and so does the writer's GB18030 output of it.
    let hanzi = hanzi_valid_as_utf8();
    assert!(hanzi.len() > 300, "{} hanzi", hanzi.len());
    for pair in hanzi.chunks_exact(2).take(300) {
        let name: String = pair.iter().collect();
        let utf8 = format!("(;CA[GB18030]PB[{name}])");
        let (bytes, _, _) = encoding_rs::GB18030.encode(&utf8);
        assert!(std::str::from_utf8(&bytes).is_ok(), "{name} is valid UTF-8");
        let parsed = ReaderBuilder::new()
            .lenient(true)
            .read_collection(&bytes)
            .unwrap();
        assert_eq!(
            parsed.trees[0].get("PB").unwrap(),
            [name.as_str()],
            "{name}"
        );
        assert_eq!(parsed.warnings, [], "{name}");

        let tree = sgf_stream::parse(format!("(;PB[{name}])")).unwrap();
        let options = WriteOptions::new().charset(Charset::Gb18030);
        let mut writer = Writer::with_options(Vec::new(), options);
        writer.write_tree(&tree).unwrap();
        let written = writer.into_inner().unwrap();
        let back = ReaderBuilder::new().read_collection(&written).unwrap();
        assert_eq!(back.trees[0].get("PB").unwrap(), [name.as_str()], "{name}");
    }
}

#[test]
fn utf16_without_bom_under_its_ca_is_utf16() {
    // Japanese text: too few zero bytes for UTF-16 to show by them.
    let text = "(;CA[UTF-16LE]C[黒番の手筋が見事で、白番は右下の隅を諦めて中央の大石を攻めた。])";
    for (label, order, charset) in [
        (
            "UTF-16LE",
            u16::to_le_bytes as fn(u16) -> [u8; 2],
            Charset::Utf16Le,
        ),
        ("UTF-16BE", u16::to_be_bytes, Charset::Utf16Be),
        ("UTF-16", u16::to_be_bytes, Charset::Utf16Be),
    ] {
        let text = text.replace("UTF-16LE", label);
        let bytes: Vec<u8> = text.encode_utf16().flat_map(order).collect();
        let zeros = bytes.iter().filter(|&&b| b == 0).count();
        assert!(zeros * 4 < bytes.len(), "few zero bytes");
        let parsed = ReaderBuilder::new().read_collection(&bytes).unwrap();
        assert_eq!(parsed.trees, parse_collection(text.as_bytes()).unwrap());
        assert_eq!(parsed.charset.charset, charset);
        assert_eq!(parsed.charset.source, CharsetSource::Declared);
        assert_eq!(parsed.charset.declared.as_deref(), Some(label));

        let mut reader = ReaderBuilder::new().from_reader_decoded(&bytes[..]);
        let mut events = 0;
        while reader.next_event().unwrap().is_some() {
            events += 1;
        }
        assert_eq!(events, 5);
        assert_eq!(reader.charset_report().charset, charset);
        assert!(reader.take_warnings().is_empty());
    }
}

#[test]
fn a_fixed_charset_and_utf8_mode_decide_nothing() {
    let (sjis, _, _) = encoding_rs::SHIFT_JIS.encode("(;CA[UTF-8]C[表])(;CA[GB2312]C[ソ])");
    let fixed = CharsetMode::Fixed(Charset::ShiftJis);
    let mut reader = ReaderBuilder::new()
        .charset(fixed)
        .from_reader_decoded(&sjis[..]);
    let mut comments = Vec::new();
    while let Some(event) = reader.next_event().unwrap() {
        if let Event::Property(ident, values) = event {
            if ident == "C" {
                comments.push(values.first().text().unwrap().into_owned());
            }
        }
    }
    assert_eq!(comments, ["表", "ソ"]);
    assert_eq!(reader.charset_report().source, CharsetSource::Given);
    assert!(reader.take_warnings().is_empty());

    // UTF-8 mode hands the bytes on as they are: the plain reader's
    // events, spans and error.
    let mut plain = ReaderBuilder::new().chunk_size(3).from_reader(&sjis[..]);
    let mut want = Vec::new();
    loop {
        match plain.next_spanned() {
            Ok(Some((event, span))) => want.push(Item::Event(format!("{event:?}"), span)),
            Ok(None) => break,
            Err(err) => {
                let (kind, offset) = (err.kind().to_string(), err.offset());
                want.push(Item::Error(kind, offset, err.line(), err.column()));
                break;
            }
        }
    }
    assert_eq!(same_at_every_read_size(&sjis, CharsetMode::Utf8), want);
}

/// Bytes that look like SGF in several charsets: structure, `CA`s,
/// multi-byte characters with `\` and `]` second bytes, UTF-16 zero
/// bytes, invalid and random bytes.
fn sgf_like() -> impl proptest::strategy::Strategy<Value = Vec<u8>> {
    use proptest::prelude::*;
    let pieces: Vec<&'static [u8]> = vec![
        b"(;",
        b")",
        b"(",
        b";",
        b"C[",
        b"]",
        b"\\",
        b"\r\n",
        b"B[aa]",
        b"CA[SJIS]",
        b"CA[GB2312]",
        b"CA[UTF-8]",
        b"CA[UTF-16]",
        b"CA[klingon]",
        b"CA[latin1]",
        b"\x95\x5c",
        b"\x83\x5d",
        b"\xcb\xbc",
        b"\xe8\xa1\xa8",
        b"\x81\x30\x81\x30",
        b"\x00",
        b"\xff",
        b"\xef\xbb\xbf",
        b"\xff\xfe",
        b"C\x00A\x00[\x00",
    ];
    let piece = prop_oneof![
        3 => proptest::sample::select(pieces).prop_map(<[u8]>::to_vec),
        1 => any::<u8>().prop_map(|b| vec![b]),
    ];
    proptest::collection::vec(piece, 0..60).prop_map(|pieces| pieces.concat())
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(300))]

    #[test]
    fn random_input_reads_the_same_at_any_read_size(
        input in sgf_like(),
        size in 1usize..16,
    ) {
        let whole = run(&input, input.len().max(1), input.len().max(1), CharsetMode::Auto);
        proptest::prop_assert_eq!(&run(&input, size, size, CharsetMode::Auto), &whole);
        proptest::prop_assert_eq!(&run(&input, 1, 64, CharsetMode::Auto), &whole);
        // The lenient stage too: its look-ahead stops where the stage sees
        // a game end, whatever the read size.
        let lenient = ReaderBuilder::new().lenient(true);
        let all = input.len().max(1);
        let repaired = run_with(lenient, &input, all, all, CharsetMode::Auto);
        let by_pieces = run_with(lenient, &input, size, size, CharsetMode::Auto);
        proptest::prop_assert_eq!(&by_pieces, &repaired);
        let by_bytes = run_with(lenient, &input, 1, 64, CharsetMode::Auto);
        proptest::prop_assert_eq!(&by_bytes, &repaired);
        // Offsets stay inside the input.
        let len = input.len() as u64;
        for item in &whole {
            let inside = match item {
                Item::Event(_, span) => span.start <= span.end && span.end <= len,
                Item::Warning(_, offset, line, _, range) => {
                    *offset <= len && *line >= 1 && range.start <= range.end && range.end <= len
                }
                Item::Error(_, offset, line, _) => *offset <= len && *line >= 1,
            };
            proptest::prop_assert!(inside, "{:?} in {:?}", item, input);
        }
        // The whole input in memory is UTF-8, and the error found in its
        // text is placed where the stage places it (its kind may name a
        // byte that became U+FFFD).
        let decoded = DecodedInput::new(&input);
        proptest::prop_assert!(std::str::from_utf8(decoded.text()).is_ok());
        if let Some(Item::Error(_, offset, line, column)) = whole.last() {
            let err = sgf_stream::Parser::new(decoded.text()).find_map(Result::err).unwrap();
            let err = decoded.relocate_error(&err);
            let placed = (err.offset(), err.line(), err.column());
            proptest::prop_assert_eq!(placed, (*offset, *line, *column));
        }
    }
}
