//! Lenient parsing of real-world quirks: for each one, the strict error
//! and the lenient result with its warnings (kind, offset, line, column,
//! range).

mod common;

use sgf_stream::{
    parse_collection, ErrorKind, Event, Limits, Parser, ReaderBuilder, SgfTree, TreeErrorKind,
    Warning, WarningKind,
};

/// A warning as compared here: kind, offset, line, column, range.
type Seen = (WarningKind, u64, u32, u32, std::ops::Range<u64>);

fn seen(warning: &Warning) -> Seen {
    (
        warning.kind().clone(),
        warning.offset(),
        warning.line(),
        warning.column(),
        warning.range(),
    )
}

/// Byte offset of the first `needle` in `input` (after `from`).
fn at(input: &str, needle: &str) -> u64 {
    input.find(needle).expect("needle in input") as u64
}

fn after(input: &str, from: u64, needle: &str) -> u64 {
    from + input[from as usize..]
        .find(needle)
        .expect("needle in input") as u64
}

fn lenient(input: &str) -> (Vec<SgfTree>, Vec<Seen>) {
    let parsed = ReaderBuilder::new()
        .lenient(true)
        .read_collection(input.as_bytes())
        .unwrap();
    (parsed.trees, parsed.warnings.iter().map(seen).collect())
}

/// The strict error of `input`: kind and offset.
fn strict(input: &str) -> (ErrorKind, u64) {
    let err = parse_collection(input.as_bytes()).unwrap_err();
    (err.kind().clone(), err.offset())
}

/// Trees of a valid collection, the expected result of a repair.
fn trees(repaired: &str) -> Vec<SgfTree> {
    parse_collection(repaired.as_bytes()).unwrap()
}

/// A warning on line 1 at `offset`, concerning `range`.
fn on_line1(kind: WarningKind, offset: u64, range: std::ops::Range<u64>) -> Seen {
    (kind, offset, 1, offset as u32 + 1, range)
}

#[test]
fn mail_headers_before_the_first_tree() {
    let input = "From: someone@example.com\nSubject: my game (3)\n\n(;GM[1];B[pd])";
    assert_eq!(strict(input), (ErrorKind::TreeMissing, 0));
    let (found, warnings) = lenient(input);
    assert_eq!(found, trees("(;GM[1];B[pd])"));
    let start = at(input, "(;");
    assert_eq!(
        warnings,
        [(WarningKind::SkippedText, 0, 1, 1, 0..start)],
        "the whole header, `(3)` included, is skipped"
    );
}

#[test]
fn missing_final_parentheses() {
    let input = "(;GM[1];B[pd](;W[dp])";
    let len = input.len() as u64;
    assert_eq!(strict(input), (ErrorKind::UnclosedTree, len));
    let (found, warnings) = lenient(input);
    assert_eq!(found, trees("(;GM[1];B[pd](;W[dp]))"));
    assert_eq!(
        warnings,
        [on_line1(WarningKind::MissingClose(1), len, len..len)]
    );

    let input = "(;A[1](;B[2]\n";
    let (found, warnings) = lenient(input);
    assert_eq!(found, trees("(;A[1](;B[2]))"));
    let len = input.len() as u64;
    assert_eq!(
        warnings,
        [(WarningKind::MissingClose(2), len, 2, 1, len..len)]
    );
}

#[test]
fn extra_closing_parenthesis() {
    let input = "(;A[1]))\n(;B[2])";
    assert_eq!(strict(input), (ErrorKind::TrailingText(b')'), 7));
    let (found, warnings) = lenient(input);
    assert_eq!(found, trees("(;A[1])(;B[2])"));
    assert_eq!(warnings, [on_line1(WarningKind::UnmatchedClose, 7, 7..8)]);
}

#[test]
fn text_between_and_after_trees() {
    let input = "(;A[1])\nsome (text)\n(;B[2])\ntrailer";
    assert_eq!(strict(input), (ErrorKind::TrailingText(b's'), 8));
    let (found, warnings) = lenient(input);
    assert_eq!(found, trees("(;A[1])(;B[2])"));
    let second = at(input, "(;B");
    let trailer = at(input, "trailer");
    let len = input.len() as u64;
    assert_eq!(
        warnings,
        [
            (WarningKind::SkippedText, 8, 2, 1, 8..second),
            (WarningKind::SkippedText, trailer, 4, 1, trailer..len),
        ]
    );
}

#[test]
fn node_missing_after_open_parenthesis() {
    let input = "(B[aa];W[bb](W[cc]))";
    assert_eq!(strict(input), (ErrorKind::MissingNode(b'B'), 1));
    let (found, warnings) = lenient(input);
    assert_eq!(found, trees("(;B[aa];W[bb](;W[cc]))"));
    let inner = at(input, "W[cc]");
    assert_eq!(
        warnings,
        [
            on_line1(WarningKind::MissingNode, 1, 1..1),
            on_line1(WarningKind::MissingNode, inner, inner..inner),
        ]
    );
}

#[test]
fn redundant_parentheses() {
    let input = "((;A[1])(;B[2]))";
    assert_eq!(strict(input), (ErrorKind::TreeWithNoNodes, 1));
    let (found, warnings) = lenient(input);
    // As sgfc and sgfmill: the inner trees become games.
    assert_eq!(found, trees("(;A[1])(;B[2])"));
    assert_eq!(
        warnings,
        [on_line1(WarningKind::RedundantParenthesis, 0, 0..1)]
    );

    let input = "(;R[0]((;A[1])(;B[2]));C[3])";
    let (found, warnings) = lenient(input);
    assert_eq!(found, trees("(;R[0](;A[1])(;B[2])(;C[3]))"));
    let redundant = at(input, "((");
    let node = at(input, ";C");
    assert_eq!(
        warnings,
        [
            on_line1(
                WarningKind::RedundantParenthesis,
                redundant,
                redundant..redundant + 1
            ),
            on_line1(WarningKind::NodeAfterVariation, node, node..node),
        ]
    );
}

#[test]
fn empty_game_trees() {
    let input = "()(;A[1]()(;B[2]))( )";
    assert_eq!(strict(input), (ErrorKind::TreeWithNoNodes, 1));
    let (found, warnings) = lenient(input);
    assert_eq!(found, trees("(;A[1](;B[2]))"));
    let inner = at(input, "()(;B");
    let last = at(input, "( )");
    assert_eq!(
        warnings,
        [
            on_line1(WarningKind::EmptyGameTree, 0, 0..2),
            on_line1(WarningKind::EmptyGameTree, inner, inner..inner + 2),
            on_line1(WarningKind::EmptyGameTree, last, last..last + 3),
        ]
    );
}

#[test]
fn repeated_properties_are_merged() {
    let input = "(;AB[aa]C[one]AB[bb][aa]B[cc]XY[1]C[two]B[dd]XY[1])";
    assert_eq!(
        strict(input),
        (
            ErrorKind::Tree(TreeErrorKind::RepeatedProperty("AB".into())),
            at(input, "AB[bb]")
        )
    );
    let (found, warnings) = lenient(input);
    assert_eq!(
        found,
        trees("(;AB[aa][bb]C[one\n\ntwo]B[cc]XY[1][1])"),
        "lists merged, C joined with a blank line, B kept first, unknown appended"
    );
    let ab = at(input, "AB[bb]");
    let c = at(input, "C[two]");
    let b = at(input, "B[dd]");
    let xy = after(input, at(input, "XY") + 1, "XY");
    use WarningKind::*;
    assert_eq!(
        warnings,
        [
            on_line1(MergedProperty("AB".into()), ab, ab..ab),
            on_line1(MergedProperty("C".into()), c, c..c),
            on_line1(DroppedRepeat("B".into()), b, b..b + 5),
            on_line1(MergedProperty("XY".into()), xy, xy..xy),
        ]
    );
}

#[test]
fn repeated_list_properties_merge_in_every_node_they_repeat_in() {
    // Each node's merged lists are complete when the next node, a
    // variation or the end of the game follows.
    let input = "(;AB[aa]AB[bb]AW[cc]AB[aa][dd]AW[cc][ee];AB[ff]AB[ff](;AE[aa]AE[bb])(;AB[gg]))";
    let (found, warnings) = lenient(input);
    assert_eq!(
        found,
        trees("(;AB[aa][bb][dd]AW[cc][ee];AB[ff](;AE[aa][bb])(;AB[gg]))")
    );
    assert_eq!(warnings.len(), 5, "{warnings:?}");
}

#[test]
fn unescaped_bracket_in_a_comment() {
    let input = "(;C[he said ]hi] there] ;B[aa]C[ok])";
    let stray = at(input, "]hi");
    assert_eq!(strict(input), (ErrorKind::PropertyNotUppercase, stray + 1));
    let (found, warnings) = lenient(input);
    assert_eq!(found, trees("(;C[he said \\]hi\\] there];B[aa]C[ok])"));
    let close = at(input, "] ;");
    assert_eq!(
        warnings,
        [on_line1(WarningKind::UnescapedBracket, stray, stray..close)]
    );
}

#[test]
fn junk_in_a_node_is_skipped_not_taken_as_text() {
    // After `]`, `yz` is followed by a node: no later `]` closes a text
    // without a `[` before it, so `yz` is junk.
    let input = "(;C[x]yz;B[aa])";
    let (found, warnings) = lenient(input);
    assert_eq!(found, trees("(;C[x];B[aa])"));
    let junk = at(input, "yz");
    assert_eq!(
        warnings,
        [on_line1(WarningKind::SkippedText, junk, junk..junk + 2)]
    );

    let input = "(;B[aa] 12 [x;y] ;W[bb])";
    assert_eq!(strict(input), (ErrorKind::UnexpectedByte(b'1'), 8));
    let (found, warnings) = lenient(input);
    assert_eq!(found, trees("(;B[aa];W[bb])"));
    let end = at(input, ";W");
    assert_eq!(warnings, [on_line1(WarningKind::SkippedText, 8, 8..end)]);
}

#[test]
fn value_never_closed_at_the_end() {
    let input = "(;GM[1]\n;AB[aa][bb\n;C[cut";
    assert_eq!(strict(input), (ErrorKind::UnclosedValue, at(input, "[bb")));
    let (found, warnings) = lenient(input);
    let open = at(input, "[bb");
    let len = input.len() as u64;
    assert_eq!(found, trees("(;GM[1];AB[aa][bb\n;C\\[cut])"));
    assert_eq!(
        warnings,
        [
            (WarningKind::UnclosedValue, open, 2, 8, open + 1..len),
            (WarningKind::MissingClose(1), len, 3, 7, len..len),
        ]
    );

    let input = "(;C[ends with escape\\";
    assert_eq!(strict(input), (ErrorKind::EscapeAtEnd, 20));
    let (found, _) = lenient(input);
    assert_eq!(found, trees("(;C[ends with escape])"));
}

#[test]
fn legacy_identifiers() {
    let input = "(;CoPyright[x]AddBlack[aa][bb];White[cc]tt[dd])";
    assert_eq!(strict(input), (ErrorKind::PropertyNotUppercase, 3));
    assert_eq!(
        sgf_stream::parse(input).unwrap_err().to_string(),
        "property must be in uppercase at line 1, column 4 (byte 3)"
    );
    let (found, warnings) = lenient(input);
    assert_eq!(found, trees("(;CP[x]AB[aa][bb];W[cc])"));
    let ab = at(input, "AddBlack");
    let w = at(input, "White");
    let tt = at(input, "tt[");
    let lower = |found: &str, used: &str| WarningKind::LowercaseIdentifier {
        found: found.into(),
        used: used.into(),
    };
    assert_eq!(
        warnings,
        [
            on_line1(lower("CoPyright", "CP"), 2, 2..11),
            on_line1(lower("AddBlack", "AB"), ab, ab..ab + 8),
            on_line1(lower("White", "W"), w, w..w + 5),
            on_line1(WarningKind::DroppedProperty("tt".into()), tt, tt..tt + 6),
        ]
    );
}

#[test]
fn property_without_value() {
    let input = "(;PL;B[aa])";
    assert_eq!(strict(input), (ErrorKind::PropertiesWithoutDelimiter, 4));
    let (found, warnings) = lenient(input);
    assert_eq!(found, trees("(;;B[aa])"));
    assert_eq!(
        warnings,
        [on_line1(WarningKind::DroppedProperty("PL".into()), 2, 2..4)]
    );
}

#[test]
fn broken_middle_game_is_skipped_and_the_others_kept() {
    // Game two was cut off inside a value, and game three appended: the
    // value runs into game three up to its first `]`.
    let input = "(;GN[one];B[aa])\n(;GN[two];B[cc];W[d\n(;GN[three];W[cc])";
    let strict = parse_collection(input.as_bytes()).unwrap();
    assert_eq!(strict.len(), 2, "strict parsing swallows game three");
    let (found, warnings) = lenient(input);
    assert_eq!(found, trees("(;GN[one];B[aa])(;GN[three];W[cc])"));
    let two = at(input, "(;GN[two]");
    let three = at(input, "(;GN[three]");
    assert_eq!(
        warnings,
        [(
            WarningKind::SkippedGameTree(ErrorKind::UnclosedValue),
            two,
            2,
            1,
            two..three
        )]
    );

    // The same at the end of the input.
    let input = "(;GN[one])(;GN[two];C[cut (;GN[three])";
    let (found, warnings) = lenient(input);
    assert_eq!(found, trees("(;GN[one])(;GN[three])"));
    let three = at(input, "(;GN[three]");
    let kind = WarningKind::SkippedGameTree(ErrorKind::UnclosedValue);
    assert_eq!(warnings, [on_line1(kind, 10, 10..three)]);
}

#[test]
fn game_over_a_limit_is_skipped_and_the_others_kept() {
    let input = "(;GN[one])(;GN[two](;B[aa](;W[bb](;B[cc](;W[dd]))))(;W[ee]))(;GN[three])";
    let options = ReaderBuilder::new().lenient(true).limits(Limits {
        max_depth: 3,
        ..Limits::default()
    });
    let parsed = options.read_collection(input.as_bytes()).unwrap();
    assert_eq!(parsed.trees, trees("(;GN[one])(;GN[three])"));
    let two = at(input, "(;GN[two]");
    let three = at(input, "(;GN[three]");
    let warnings: Vec<Seen> = parsed.warnings.iter().map(seen).collect();
    assert_eq!(
        warnings,
        [on_line1(
            WarningKind::SkippedGameTree(ErrorKind::TooDeep(3)),
            two,
            two..three
        )]
    );

    let options = ReaderBuilder::new().lenient(true).limits(Limits {
        max_value_len: 4,
        ..Limits::default()
    });
    let input = "(;C[ok])(;C[far too long];B[aa])(;C[fine])";
    let parsed = options.read_collection(input.as_bytes()).unwrap();
    assert_eq!(parsed.trees, trees("(;C[ok])(;C[fine])"));
    assert_eq!(parsed.warnings.len(), 1);
    assert_eq!(parsed.warnings[0].range(), 8..at(input, "(;C[fine]"));
}

#[test]
fn events_stay_balanced_and_warnings_are_kept() {
    let input = b"hdr (;A[1](;B[2]";
    let mut reader = ReaderBuilder::new().lenient(true).from_slice(input);
    let events: Vec<Event> = reader.by_ref().collect::<Result<_, _>>().unwrap();
    let seen_kinds: Vec<_> = reader
        .take_warnings()
        .into_iter()
        .map(|w| w.kind().clone())
        .collect();
    let opens = events
        .iter()
        .filter(|e| **e == Event::StartGameTree)
        .count();
    let closes = events.iter().filter(|e| **e == Event::EndGameTree).count();
    assert_eq!((opens, closes), (2, 2));
    assert_eq!(
        seen_kinds,
        [WarningKind::SkippedText, WarningKind::MissingClose(2)]
    );

    // A skipped game's events are closed where the problem is found.
    let options = ReaderBuilder::new().lenient(true).limits(Limits {
        max_depth: 1,
        ..Limits::default()
    });
    let mut parser = options.from_slice(b"(;A[1](;B[2]))(;C[3])");
    let events: Vec<Event> = parser.by_ref().collect::<Result<_, _>>().unwrap();
    let expected: Vec<Event> = Parser::new(b"(;A[1])(;C[3])")
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(events, expected);
    assert_eq!(parser.take_warnings()[0].range(), 0..14);
}

#[test]
fn valid_input_gives_the_strict_result_and_no_warning() {
    let input = "(;FF[4]GM[1]C[a \\] b];B[pd](;W[dp])(;W[dd]C[x]))\n(;GM[1])";
    let (found, warnings) = lenient(input);
    assert_eq!(found, trees(input));
    assert_eq!(warnings, []);
    let strict = ReaderBuilder::new()
        .read_collection(input.as_bytes())
        .unwrap();
    assert_eq!(strict.trees, trees(input));
}

#[test]
fn invalid_utf8_is_replaced_in_lenient_mode_and_an_error_in_strict() {
    // A player name cut in the middle of a character (ê = C3 AA).
    let input = b"(;CA[UTF-8]PB[Jos\xC3]PW[caf\xC3\xAA])";
    let err = ReaderBuilder::new().read_collection(input).unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::Tree(TreeErrorKind::InvalidUtf8));
    assert_eq!(err.offset(), 17);
    let parsed = ReaderBuilder::new()
        .lenient(true)
        .read_collection(input)
        .unwrap();
    assert_eq!(parsed.trees[0].get("PB").unwrap(), ["Jos\u{FFFD}"]);
    assert_eq!(parsed.trees[0].get("PW").unwrap(), ["cafê"]);
    let warnings: Vec<Seen> = parsed.warnings.iter().map(seen).collect();
    assert_eq!(
        warnings,
        [on_line1(WarningKind::InvalidBytes("UTF-8"), 17, 17..18)]
    );
}

#[test]
fn whole_corpus_reads_without_warnings() {
    let Some(files) = common::corpus_files() else {
        return;
    };
    let (mut clean, mut repaired) = (0, Vec::new());
    for path in &files {
        let bytes = std::fs::read(path).unwrap();
        let parsed = ReaderBuilder::new()
            .lenient(true)
            .read_collection(&bytes)
            .unwrap();
        match ReaderBuilder::new().read_collection(&bytes) {
            Ok(strict) => {
                assert_eq!(parsed.warnings, [], "{}", path.display());
                assert_eq!(parsed.trees, strict.trees, "{}", path.display());
                clean += 1;
            }
            Err(err) => {
                assert!(!parsed.warnings.is_empty(), "{}: {err}", path.display());
                repaired.push((path.clone(), err));
            }
        }
    }
    eprintln!(
        "corpus: {clean} files clean, {} repaired: {repaired:?}",
        repaired.len()
    );
    assert_eq!(clean + repaired.len(), files.len());
}

#[cfg(not(feature = "encoding"))]
#[test]
fn without_the_encoding_feature_input_is_utf8() {
    let sjis = b"(;CA[Shift_JIS]C[\x95\x5c])";
    let (text, report) = sgf_stream::read::decode_to_utf8(sjis);
    assert_eq!(&text[..], "(;CA[Shift_JIS]C[\u{FFFD}\\])".as_bytes());
    let (text, _) = sgf_stream::read::decode_to_utf8(b"(;C[ok])");
    assert!(matches!(text, std::borrow::Cow::Borrowed(_)));
    assert_eq!(report.charset, "UTF-8");
    assert_eq!(report.declared.as_deref(), Some("Shift_JIS"));
    let parsed = ReaderBuilder::new()
        .lenient(true)
        .read_collection(b"\xEF\xBB\xBF(;C[a])")
        .unwrap();
    assert_eq!(
        parsed.charset.source,
        sgf_stream::charset::CharsetSource::ByteOrderMark
    );
    assert_eq!(parsed.trees, trees("(;C[a])"));
}

/// Checks what must hold for any input: balanced events, warnings inside
/// the input, and trees equal to the strict ones when strict succeeds.
fn check_any(input: &[u8]) {
    let len = input.len() as u64;
    let mut parser = ReaderBuilder::new().lenient(true).from_slice(input);
    let mut depth = 0i64;
    while let Some((event, span)) = parser.next_spanned().expect("lenient never fails") {
        depth += match event {
            Event::StartGameTree => 1,
            Event::EndGameTree => -1,
            _ => 0,
        };
        assert!(depth >= 0 && span.start <= span.end && span.end <= len);
    }
    assert_eq!(depth, 0);
    let parsed = ReaderBuilder::new()
        .lenient(true)
        .read_collection(input)
        .unwrap();
    for warning in parser.take_warnings().iter().chain(&parsed.warnings) {
        let range = warning.range();
        assert!(range.start <= range.end && range.end <= len, "{warning}");
        assert!(warning.offset() <= len && warning.line() >= 1);
    }
    if let Ok(strict) = ReaderBuilder::new().read_collection(input) {
        assert_eq!(parsed.trees, strict.trees);
        let repairs = parsed.warnings.iter().filter(|w| {
            !matches!(
                w.kind(),
                WarningKind::CharsetMismatch { .. } | WarningKind::UnknownCharset(_)
            )
        });
        assert_eq!(repairs.count(), 0, "{:?}", String::from_utf8_lossy(input));
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(400))]

    #[test]
    fn no_panic_on_random_bytes(input in proptest::collection::vec(proptest::num::u8::ANY, 0..200)) {
        check_any(&input);
    }

    #[test]
    fn no_panic_on_sgf_like_text(input in "[()\\[\\];\\\\a-cA-C \n\u{3000}]{0,80}") {
        check_any(input.as_bytes());
    }
}
