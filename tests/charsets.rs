//! Charsets: each one built here by encoding known text with encoding_rs,
//! declared in `CA`, undeclared and mis-declared; the maeda-igo-style
//! Shift_JIS file; offsets of warnings and errors in converted files.
#![cfg(feature = "encoding")]

use std::borrow::Cow;

use encoding_rs::Encoding;
use sgf_stream::charset::CharsetSource;
use sgf_stream::read::decode_to_utf8;
use sgf_stream::{
    build::Parsed, charset::CharsetMode, parse_collection, read::DecodedInput, ErrorKind,
    ReaderBuilder, WarningKind,
};

const JAPANESE: &str = "黒番の手筋が見事で、白番は右下の隅を諦めて中央の大石を攻めた。";
const CHINESE: &str = "黑棋在右下角的手筋非常漂亮，白棋只能放弃角部，转而攻击中央的大龙。";
const TRADITIONAL: &str = "黑棋在右下角的手筋非常漂亮，白棋只能放棄角部，轉而攻擊中央的大龍。";
const KOREAN: &str = "흑이 우하귀에서 멋진 맥을 두었고, 백은 귀를 포기하고 중앙의 대마를 공격했다.";
const RUSSIAN: &str =
    "Чёрные сыграли отличный тэсудзи в правом нижнем углу, белые отказались от угла.";
const FRENCH: &str = "Très belle partie : le coup noir à droite était décisif, dit señor Müller.";

/// Up to `n` characters of `range` whose encoding in `encoding` has a
/// `\` or `]` byte: the ones that break naive tokenizers.
fn tricky(encoding: &'static Encoding, range: std::ops::RangeInclusive<u32>, n: usize) -> String {
    range
        .filter_map(char::from_u32)
        .filter(|c| {
            let mut utf8 = [0; 4];
            let (bytes, _, bad) = encoding.encode(c.encode_utf8(&mut utf8));
            !bad && bytes.len() > 1 && bytes.iter().any(|&b| b == b'\\' || b == b']')
        })
        .take(n)
        .collect()
}

/// An SGF game whose comment and player name are `text`, with `CA` if
/// given; the comment ends with `tail` (put right before `]`).
fn game(ca: Option<&str>, text: &str, tail: &str) -> String {
    let ca = ca.map(|ca| format!("CA[{ca}]")).unwrap_or_default();
    format!("(;FF[4]GM[1]{ca}SZ[19]PB[{text}]C[{text}{tail}];B[pd]C[{tail}];W[dp])\n")
}

fn encode(encoding: &'static Encoding, text: &str) -> Vec<u8> {
    let (bytes, _, bad) = encoding.encode(text);
    assert!(!bad, "{} can encode the test text", encoding.name());
    bytes.into_owned()
}

fn lenient(bytes: &[u8]) -> Parsed {
    ReaderBuilder::new()
        .lenient(true)
        .read_collection(bytes)
        .unwrap()
}

/// Checks that `bytes` read back as the UTF-8 `expected` game, in both
/// modes, with `charset` chosen by `source`.
fn reads_back(bytes: &[u8], expected: &str, charset: &str, source: CharsetSource) {
    let want = parse_collection(expected.as_bytes()).unwrap();
    for options in [ReaderBuilder::new(), ReaderBuilder::new().lenient(true)] {
        let parsed = options.read_collection(bytes).unwrap();
        assert_eq!(parsed.trees, want, "{charset} {source:?}");
        assert_eq!(parsed.charset.charset, charset);
        assert_eq!(parsed.charset.source, source, "{charset}");
    }
    let (text, report) = decode_to_utf8(bytes);
    assert_eq!(std::str::from_utf8(&text).unwrap(), expected);
    assert_eq!(report.charset, charset);
}

/// The multi-byte charsets, with text in their language and characters
/// whose second byte is `\` or `]`.
fn cjk_cases() -> Vec<(&'static Encoding, &'static str, String, &'static str)> {
    use encoding_rs::*;
    vec![
        (
            SHIFT_JIS,
            "Shift_JIS",
            format!("{JAPANESE}表ソ申能"),
            "Shift_JIS",
        ),
        (
            GB18030,
            "GB2312",
            format!("{CHINESE}{}", tricky(GBK, 0x4E00..=0x9FA5, 4)),
            "GB18030",
        ),
        (BIG5, "Big5", format!("{TRADITIONAL}許功蓋"), "Big5"),
        (EUC_KR, "EUC-KR", KOREAN.to_string(), "EUC-KR"),
    ]
}

#[test]
fn cjk_declared_undeclared_and_misdeclared() {
    for (encoding, label, text, name) in cjk_cases() {
        let tail = if name == "EUC-KR" { "" } else { "表" };
        let tail = if encoding.encode(tail).2 { "" } else { tail };
        for (ca, source) in [
            (Some(label), CharsetSource::Declared),
            (None, CharsetSource::Detected),
            (Some("UTF-8"), CharsetSource::Detected),
            (Some("ISO-8859-1"), CharsetSource::Detected),
        ] {
            let utf8 = game(ca, &text, tail);
            let bytes = encode(encoding, &utf8);
            if name != "EUC-KR" {
                let fake = bytes
                    .windows(2)
                    .any(|w| w[0] >= 0x80 && matches!(w[1], b'\\' | b']'));
                assert!(fake, "{name}: the text has a `\\` or `]` trail byte");
            }
            reads_back(&bytes, &utf8, name, source);
            let parsed = lenient(&bytes);
            let mismatch = parsed.warnings.iter().any(
                |w| matches!(w.kind(), WarningKind::CharsetMismatch { used, .. } if *used == name),
            );
            assert_eq!(mismatch, ca.is_some_and(|ca| ca != label), "{name} {ca:?}");
        }
    }
}

#[test]
fn labels_and_aliases() {
    let text = format!("{JAPANESE}表ソ");
    for label in [
        "Shift_JIS",
        "SJIS",
        "MS_KANJI",
        "cp932",
        "shift-jis",
        " x-sjis ",
    ] {
        let utf8 = game(Some(label), &text, "");
        reads_back(
            &encode(encoding_rs::SHIFT_JIS, &utf8),
            &utf8,
            "Shift_JIS",
            CharsetSource::Declared,
        );
    }
    for label in ["GB2312", "GBK", "GB18030", "cp936"] {
        let utf8 = game(Some(label), CHINESE, "");
        let bytes = encode(encoding_rs::GB18030, &utf8);
        reads_back(&bytes, &utf8, "GB18030", CharsetSource::Declared);
    }
    for label in ["EUC-KR", "cp949", "KS_C_5601-1987"] {
        let utf8 = game(Some(label), KOREAN, "");
        reads_back(
            &encode(encoding_rs::EUC_KR, &utf8),
            &utf8,
            "EUC-KR",
            CharsetSource::Declared,
        );
    }
}

#[test]
fn single_byte_charsets() {
    use encoding_rs::*;
    let cases: [(&'static Encoding, &str, &str, &str); 5] = [
        (WINDOWS_1251, "windows-1251", RUSSIAN, "windows-1251"),
        (KOI8_R, "KOI8-R", RUSSIAN, "KOI8-R"),
        (ISO_8859_5, "ISO-8859-5", RUSSIAN, "ISO-8859-5"),
        (
            WINDOWS_1252,
            "cp1252",
            "“Quotes” cost 5 € — très cher",
            "windows-1252",
        ),
        (
            ISO_8859_2,
            "ISO-8859-2",
            "Zażółć gęślą jaźń, pan Dvořák",
            "ISO-8859-2",
        ),
    ];
    for (encoding, label, text, name) in cases {
        let utf8 = game(Some(label), text, "");
        reads_back(
            &encode(encoding, &utf8),
            &utf8,
            name,
            CharsetSource::Declared,
        );
    }
    // Undeclared Cyrillic is detected; Cyrillic declared UTF-8 too.
    for ca in [None, Some("UTF-8")] {
        let utf8 = game(ca, RUSSIAN, "");
        let bytes = encode(WINDOWS_1251, &utf8);
        reads_back(&bytes, &utf8, "windows-1251", CharsetSource::Detected);
    }
}

/// True ISO-8859-1: byte `b` is U+00bb, so 0x80–0x9F are C1 controls
/// (windows-1252 would read 0x80 as `€`).
fn latin1(text: &str) -> Vec<u8> {
    text.chars()
        .map(|c| u8::try_from(u32::from(c)).unwrap())
        .collect()
}

#[test]
fn iso_8859_1_is_true_latin1() {
    let utf8 = game(Some("ISO-8859-1"), &format!("{FRENCH}\u{80}\u{9f}"), "");
    reads_back(&latin1(&utf8), &utf8, "ISO-8859-1", CharsetSource::Declared);
    for label in ["latin1", "ISO_8859-1", "iso8859-1", "US-ASCII"] {
        let utf8 = game(Some(label), FRENCH, "");
        reads_back(&latin1(&utf8), &utf8, "ISO-8859-1", CharsetSource::Declared);
    }
    // ISO-8859-9 is not windows-1254 either.
    let parsed = lenient(b"(;CA[ISO-8859-9]C[\x80 k\xfdrd\xfd \xfe])");
    assert_eq!(parsed.trees[0].get("C").unwrap(), ["\u{80} kırdı ş"]);
    assert_eq!(parsed.charset.charset, "ISO-8859-9");
    // Undeclared Latin text is detected (as windows-1252, its superset).
    let utf8 = game(None, FRENCH, "");
    reads_back(
        &latin1(&utf8),
        &utf8,
        "windows-1252",
        CharsetSource::Detected,
    );
}

#[test]
fn utf8_declared_or_not_wrong_ca_or_bom() {
    let text = format!("{JAPANESE}{KOREAN}{RUSSIAN}{FRENCH}");
    let utf8 = game(Some("UTF-8"), &text, "");
    reads_back(utf8.as_bytes(), &utf8, "UTF-8", CharsetSource::Declared);
    let plain = game(None, &text, "");
    reads_back(plain.as_bytes(), &plain, "UTF-8", CharsetSource::Default);
    let bom = [b"\xEF\xBB\xBF", utf8.as_bytes()].concat();
    reads_back(&bom, &utf8, "UTF-8", CharsetSource::ByteOrderMark);
    // UTF-8 text under a legacy CA: the bytes win, with a warning.
    for ca in ["Shift_JIS", "ISO-8859-1", "GB2312"] {
        let wrong = game(Some(ca), &text, "");
        reads_back(wrong.as_bytes(), &wrong, "UTF-8", CharsetSource::Detected);
        let warnings = lenient(wrong.as_bytes()).warnings;
        let expected = WarningKind::CharsetMismatch {
            declared: ca.into(),
            used: "UTF-8",
        };
        assert_eq!(warnings[0].kind(), &expected);
    }
    // Zero copy: UTF-8 input is borrowed, BOM or not.
    assert!(matches!(
        decode_to_utf8(utf8.as_bytes()).0,
        Cow::Borrowed(_)
    ));
    assert!(matches!(decode_to_utf8(&bom).0, Cow::Borrowed(_)));
    assert!(!decode_to_utf8(&bom).1.transcoded);
}

#[test]
fn utf16_with_and_without_bom() {
    let utf8 = game(Some("UTF-16"), &format!("{JAPANESE}{FRENCH}"), "表");
    let le: Vec<u8> = utf8.encode_utf16().flat_map(u16::to_le_bytes).collect();
    let be: Vec<u8> = utf8.encode_utf16().flat_map(u16::to_be_bytes).collect();
    reads_back(
        &[&b"\xFF\xFE"[..], &le].concat(),
        &utf8,
        "UTF-16LE",
        CharsetSource::ByteOrderMark,
    );
    reads_back(
        &[&b"\xFE\xFF"[..], &be].concat(),
        &utf8,
        "UTF-16BE",
        CharsetSource::ByteOrderMark,
    );
    // Without a BOM, a `CA` written in UTF-16 that names it is right.
    reads_back(&le, &utf8, "UTF-16LE", CharsetSource::Declared);
    reads_back(&be, &utf8, "UTF-16BE", CharsetSource::Declared);
    assert_eq!(decode_to_utf8(&le).1.declared.as_deref(), Some("UTF-16"));
    // Without a BOM or a `CA`, the zero bytes tell.
    let plain = game(None, &format!("{JAPANESE}{FRENCH}"), "表");
    let le: Vec<u8> = plain.encode_utf16().flat_map(u16::to_le_bytes).collect();
    let be: Vec<u8> = plain.encode_utf16().flat_map(u16::to_be_bytes).collect();
    reads_back(&le, &plain, "UTF-16LE", CharsetSource::Detected);
    reads_back(&be, &plain, "UTF-16BE", CharsetSource::Detected);
}

/// The file the maeda-igo tutorial program writes: `head` with `\r\n`, then
/// `SaveBan` (AB, AW, N and C of the problem, CRLF), then `SaveTree`
/// (`;B[..]N[..]C[..]`, variations opened on new lines), then `)`; in
/// Shift_JIS, with no CA and no escaping.
fn maeda_igo_file() -> (String, Vec<u8>) {
    let mut sgf = String::from("(\r\n;FF[3]GM[1]AP[maeda-igo Ver-1]SZ[19]\r\n");
    sgf.push_str("AB[cc][cd][dc]AW[bc][bd][cb]");
    sgf.push_str("N[詰碁 第１問]C[黒先、白死。ソの形に注意。急所は表]\r\n");
    sgf.push_str(";B[bb]N[正解]C[これが急所。白はソ]");
    sgf.push_str(";W[ab]C[白の抵抗、表]");
    sgf.push_str(";B[ba]C[白死。ソ]");
    sgf.push_str("\r\n(;W[da]C[失敗図は表]))\r\n");
    sgf.push_str(")\r\n");
    // Parenthesised as SaveTree writes them; check the shape by hand:
    // root, B[bb], W[ab], B[ba], then a variation W[da] (one closes the
    // variation, one the sequence) and the head's `(` closed last.
    let bytes = encode(encoding_rs::SHIFT_JIS, &sgf);
    (sgf, bytes)
}

#[test]
fn maeda_igo_shift_jis_file_reads_back_exactly() {
    let (sgf, bytes) = maeda_igo_file();
    assert!(bytes
        .windows(2)
        .any(|w| w == b"\x95\x5c" || w == b"\x83\x5c"));
    // Read naively as bytes, the trail bytes fake escapes.
    assert!(parse_collection(&bytes).is_err());
    let want = parse_collection(sgf.replace(")\r\n)", ")").as_bytes());
    let parsed = lenient(&bytes);
    assert_eq!(parsed.charset.charset, "Shift_JIS");
    assert_eq!(parsed.charset.source, CharsetSource::Detected);
    assert!(parsed.charset.transcoded);
    let root = &parsed.trees[0];
    assert_eq!(
        root.get("C").unwrap(),
        ["黒先、白死。ソの形に注意。急所は表"]
    );
    assert_eq!(root.get("N").unwrap(), ["詰碁 第１問"]);
    assert_eq!(root.get("AB").unwrap(), ["cc", "cd", "dc"]);
    let comments: Vec<&str> = root
        .nodes()
        .filter_map(|n| n.get("C"))
        .filter_map(|c| c.first())
        .collect();
    assert_eq!(
        comments,
        [
            "黒先、白死。ソの形に注意。急所は表",
            "これが急所。白はソ",
            "白の抵抗、表",
            "白死。ソ",
            "失敗図は表"
        ]
    );
    // The extra `)` that program writes is the only repair.
    let kinds: Vec<&WarningKind> = parsed.warnings.iter().map(|w| w.kind()).collect();
    assert_eq!(kinds, [&WarningKind::UnmatchedClose]);
    assert_eq!(parsed.trees, want.unwrap());
}

#[test]
fn warnings_and_errors_name_offsets_of_the_original_bytes() {
    let utf8 = "(;C[表ソ\r\n表];B[aa]))";
    let bytes = encode(encoding_rs::SHIFT_JIS, utf8);
    let extra = bytes.len() - 1;
    let parsed = lenient(&bytes);
    let w = &parsed.warnings[0];
    assert_eq!(w.kind(), &WarningKind::UnmatchedClose);
    assert_eq!(
        (w.offset(), w.range()),
        (extra as u64, extra as u64..extra as u64 + 1)
    );
    let line_start = bytes.windows(2).position(|p| p == b"\r\n").unwrap() + 2;
    assert_eq!((w.line(), w.column()), (2, (extra - line_start + 1) as u32));

    let bytes = encode(encoding_rs::SHIFT_JIS, "(;CA[SJIS]C[表ソ]b[aa])");
    let err = ReaderBuilder::new().read_collection(&bytes).unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::PropertyNotUppercase);
    assert_eq!(
        err.offset() as usize,
        bytes.iter().position(|&b| b == b'b').unwrap()
    );
}

#[test]
fn invalid_bytes_in_a_legacy_charset_are_replaced_and_reported() {
    let mut bytes = encode(
        encoding_rs::SHIFT_JIS,
        &game(Some("Shift_JIS"), JAPANESE, ""),
    );
    let at = bytes.iter().position(|&b| b >= 0x80).unwrap();
    bytes[at] = 0xA0; // not a Shift_JIS byte
    bytes[at + 1] = b'x';
    let parsed = lenient(&bytes);
    assert_eq!(parsed.charset.source, CharsetSource::Declared);
    assert!(parsed.trees[0].get("PB").unwrap()[0].starts_with("\u{FFFD}x"));
    let w = &parsed.warnings[0];
    assert_eq!(w.kind(), &WarningKind::InvalidBytes("Shift_JIS"));
    assert_eq!(w.range(), at as u64..at as u64 + 1);
}

#[test]
fn unknown_charset_is_reported_and_ignored() {
    let utf8 = game(Some("klingon"), FRENCH, "");
    reads_back(utf8.as_bytes(), &utf8, "UTF-8", CharsetSource::Default);
    let warnings = lenient(utf8.as_bytes()).warnings;
    assert_eq!(
        warnings[0].kind(),
        &WarningKind::UnknownCharset("klingon".into())
    );
}

#[test]
fn charset_handling_can_be_turned_off() {
    let bytes = encode(
        encoding_rs::SHIFT_JIS,
        &game(Some("Shift_JIS"), JAPANESE, ""),
    );
    let options = ReaderBuilder::new()
        .lenient(true)
        .charset(CharsetMode::Utf8);
    let parsed = options.read_collection(&bytes).unwrap();
    assert_eq!(parsed.charset.charset, "UTF-8");
    assert!(parsed.trees[0].get("PB").unwrap()[0].contains('\u{FFFD}'));
}

#[test]
fn events_of_decoded_text_relocate_to_the_input() {
    // A Shift_JIS file read the streaming way: decode, parse events,
    // move the warnings back to the file's bytes.
    let utf8 = "(;C[表ソ]\r\n;B[aa]PL;W[bb]))";
    let bytes = encode(encoding_rs::SHIFT_JIS, utf8);
    let decoded = DecodedInput::new(&bytes);
    let text = decoded.text();
    let mut parser = sgf_stream::ReaderBuilder::new()
        .lenient(true)
        .from_slice(text);
    parser.by_ref().for_each(drop);
    let mut warnings = parser.take_warnings();
    decoded.relocate(&mut warnings);
    let strict = ReaderBuilder::new()
        .lenient(true)
        .read_collection(&bytes)
        .unwrap();
    assert_eq!(warnings, strict.warnings);
    let pl = bytes.windows(3).position(|w| w == b"PL;").unwrap();
    assert_eq!(warnings[0].range(), pl as u64..pl as u64 + 2);
    assert_eq!(warnings[0].line(), 2);
    let err = sgf_stream::Parser::new(text).find_map(Result::err).unwrap();
    let err = decoded.relocate_error(&err);
    assert_eq!(err.offset() as usize, pl + 2);
}

#[test]
fn short_undeclared_shift_jis_with_fake_escapes_reads_back() {
    // Too little text for detection alone: the structure decides, since
    // read as a single-byte charset `表]` would be a fake escape.
    for utf8 in [
        "(;GM[1]PB[表]PW[ソ]C[申];B[pd])",
        "(;GM[1]C[能]\r\n;B[aa]C[表])",
        "(;PB[ソ])(;PW[表])",
    ] {
        let bytes = encode(encoding_rs::SHIFT_JIS, utf8);
        let parsed = lenient(&bytes);
        assert_eq!(
            parsed.trees,
            parse_collection(utf8.as_bytes()).unwrap(),
            "{utf8}"
        );
        assert_eq!(parsed.warnings, [], "{utf8}");
        assert_eq!(parsed.charset.charset, "Shift_JIS", "{utf8}");
    }
}
