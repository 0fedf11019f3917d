//! GIB, NGF and UGF records written here, at the edges: legacy
//! charsets (declared, detected, a byte order mark, invalid bytes),
//! records cut short, garbage, detection, and the trees they make
//! written and read back.

mod common;

#[cfg(feature = "encoding")]
use common::records::one;
use common::records::{format_error, gib, moves, ngf_record, tree, ugf, warnings};
use sgf_stream::formats::{self, Format, FormatErrorKind};
use sgf_stream::{Charset, ErrorKind, ReaderBuilder, WarningKind};

// ---- Charsets ----

#[cfg(feature = "encoding")]
#[test]
fn legacy_charsets_declared_by_the_header() {
    let cases = [
        ("Korea", encoding_rs::EUC_KR, "김철수", Charset::EucKr),
        ("China", encoding_rs::GB18030, "石下之臣", Charset::Gb18030),
        ("Taiwan", encoding_rs::BIG5, "圍棋高手", Charset::Big5),
        (
            "Japan",
            encoding_rs::SHIFT_JIS,
            "山田太郎",
            Charset::ShiftJis,
        ),
    ];
    for (kind, encoding, name, charset) in cases {
        let text = gib(
            &[
                &format!("GIBOKIND={kind}"),
                &format!("GAMEBLACKNAME={name} (1D)"),
            ],
            &[],
        );
        let (bytes, _, unmappable) = encoding.encode(&text);
        assert!(!unmappable);
        let converted = formats::to_sgf(Format::Gib, &bytes).unwrap();
        assert_eq!(converted.report().charset, charset, "{kind}");
        assert_eq!(converted.report().declared.as_deref(), Some(kind));
        let tree = sgf_stream::parse(converted.sgf()).unwrap();
        assert_eq!(one(&tree, "PB").as_deref(), Some(name), "{kind}");
    }
    let (sjis, _, _) =
        encoding_rs::SHIFT_JIS.encode("[Header]\nLang=SJIS\nPlayerB=本因坊秀策,9d\n[Data]\n");
    let converted = formats::to_sgf(Format::Ugf, &sjis).unwrap();
    assert_eq!(converted.report().charset, Charset::ShiftJis);
    assert!(converted.sgf().contains("PB[本因坊秀策]"));
}

#[cfg(feature = "encoding")]
#[test]
fn undeclared_legacy_charsets_are_detected_and_utf8_wins_over_a_wrong_declaration() {
    let korean = ngf_record("친선 대국", 19, 0, "6", "250수 흑7집승", &["PMABBREER"])
        .replace("white_name", "김철수님")
        .replace("black_name", "이영희님");
    let (bytes, _, _) = encoding_rs::EUC_KR.encode(&korean);
    let converted = formats::to_sgf(Format::Ngf, &bytes).unwrap();
    assert_eq!(converted.report().charset, Charset::EucKr);
    assert_eq!(
        converted.report().source,
        sgf_stream::charset::CharsetSource::Detected
    );
    assert!(converted.sgf().contains("PW[김철수님]"));
    assert!(converted.sgf().contains("RE[B+7]"));
    // `GIBOKIND=Korea`, but the file is UTF-8.
    let utf8 = gib(
        &["GIBOKIND=Korea", "GAMEBLACKNAME=김철수님과 이영희님 (1D)"],
        &[],
    );
    let converted = formats::to_sgf(Format::Gib, utf8.as_bytes()).unwrap();
    assert_eq!(converted.report().charset, Charset::Utf8);
    assert!(converted.sgf().contains("PB[김철수님과 이영희님]"));
}

#[test]
fn a_byte_order_mark_decides_and_positions_count_it() {
    let record = format!("\u{feff}{}", gib(&["GAMEBLACKNAME=x"], &["STO 0 2 1 3 3"]));
    let converted = formats::to_sgf(Format::Gib, record.as_bytes()).unwrap();
    assert_eq!(
        converted.report().source,
        sgf_stream::charset::CharsetSource::ByteOrderMark
    );
    let at = converted.sgf().find(";B[dd]").unwrap();
    let position = converted.position(at);
    // Line 7 (the mark's 3 bytes are on line 1).
    let line_start = record.find("STO 0 2").unwrap() as u64;
    assert_eq!((position.line, position.offset), (7, line_start));
}

#[test]
fn invalid_bytes_become_u_fffd_with_a_warning_where_they_are() {
    // Declared UTF-8, and UTF-8 but for one byte.
    let mut bytes = gib(&["GIBOKIND=Global", "GAMEBLACKNAME=김철수님 ab"], &[]).into_bytes();
    let at = bytes.windows(2).position(|w| w == b"ab").unwrap();
    bytes[at + 1] = 0xFF;
    let converted = formats::to_sgf(Format::Gib, &bytes).unwrap();
    let warning = &converted.warnings()[0];
    assert!(matches!(warning.kind(), WarningKind::InvalidBytes(_)));
    assert_eq!(warning.range(), (at as u64 + 1)..(at as u64 + 2));
    assert_eq!(warning.line(), 3);
    assert!(converted.sgf().contains("PB[김철수님 a\u{fffd}]"));
}

// ---- Cut short, garbage, detection ----

#[test]
fn records_cut_short_keep_their_moves_with_a_warning() {
    // GIB without `\GE`.
    let whole = gib(&[], &["STO 0 2 1 3 3", "STO 0 3 2 15 15"]);
    let cut = &whole[..whole.find("\\GE").unwrap()];
    assert_eq!(
        moves(&tree(Format::Gib, cut.as_bytes())),
        ["B[dd]", "W[pp]"]
    );
    assert_eq!(
        warnings(Format::Gib, cut.as_bytes()),
        [WarningKind::RecordCutShort]
    );
    // Cut inside the last move line.
    let cut = &whole[..whole.find("15 15").unwrap() + 1];
    assert_eq!(moves(&tree(Format::Gib, cut.as_bytes())), ["B[dd]"]);
    let converted = formats::to_sgf(Format::Gib, cut.as_bytes()).unwrap();
    assert_eq!(converted.warnings()[0].kind(), &WarningKind::RecordCutShort);
    assert_eq!(converted.warnings()[0].line(), 7);
    // NGF: a move line cut, and fewer moves than announced.
    let ngf = ngf_record(
        "G",
        19,
        0,
        "6",
        "",
        &["PMABBREER", "PMACWEEEE", "PMADBQRRQ"],
    );
    let cut = &ngf[..ngf.find("PMACW").unwrap() + 6];
    assert_eq!(moves(&tree(Format::Ngf, cut.as_bytes())), ["B[qd]"]);
    assert_eq!(
        warnings(Format::Ngf, cut.as_bytes()),
        [WarningKind::RecordCutShort]
    );
    // Whole lines, but fewer moves than the header announces.
    let short = ngf.replace("PMADBQRRQ\n", "").replace("\n3\n", "\n5\n");
    assert_eq!(moves(&tree(Format::Ngf, short.as_bytes())).len(), 2);
    let converted = formats::to_sgf(Format::Ngf, short.as_bytes()).unwrap();
    assert_eq!(converted.warnings()[0].kind(), &WarningKind::RecordCutShort);
    assert_eq!(converted.warnings()[0].offset(), short.len() as u64);
    // UGF: a data line cut.
    let ugf = ugf(&["Size=19"], &["QP,B1,1,0", "DD,W1,2,0"]);
    let cut = &ugf[..ugf.len() - 6];
    assert_eq!(moves(&tree(Format::Ugf, cut.as_bytes())), ["B[qp]"]);
}

#[test]
fn records_cut_in_their_header_are_errors_at_the_end() {
    let whole = gib(&["GAMEBLACKNAME=x", "GAMEWHITENAME=y"], &[]);
    let cut = &whole[..whole.find("GAMEWHITE").unwrap()];
    let err = formats::to_sgf(Format::Gib, cut.as_bytes()).unwrap_err();
    assert_eq!(
        err.kind(),
        &ErrorKind::Format(FormatErrorKind::HeaderCutShort("GIB"))
    );
    assert!(err.is_eof());
    assert_eq!(err.offset(), cut.len() as u64);
    let ngf = ngf_record("G", 19, 0, "6", "", &[]);
    let cut = &ngf[..ngf.find("www").unwrap()];
    let (kind, line, _) = format_error(Format::Ngf, cut.as_bytes());
    assert_eq!((kind, line), (FormatErrorKind::HeaderCutShort("NGF"), 5));
    let (kind, ..) = format_error(Format::Ugf, b"[Header]\nSize=19\n");
    assert_eq!(kind, FormatErrorKind::HeaderCutShort("UGF"));
}

#[test]
fn garbage_is_an_error_with_its_place() {
    let (kind, ..) = format_error(Format::Gib, b"hello world\n");
    assert!(matches!(
        kind,
        FormatErrorKind::NotThisFormat { format: "GIB", .. }
    ));
    let (kind, line, column) = format_error(Format::Ngf, b"a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\n");
    assert_eq!(
        kind,
        FormatErrorKind::BadValue {
            field: "board size",
            value: "b".into()
        }
    );
    assert_eq!((line, column), (2, 1));
    let (kind, ..) = format_error(Format::Ugf, b"\x00\x01\x02");
    assert!(matches!(
        kind,
        FormatErrorKind::NotThisFormat { format: "UGF", .. }
    ));
    // A malformed move in the middle of a GIB game.
    let record = gib(&[], &["STO 0 2 1 3 3", "STO 0 3 x 3 3", "STO 0 4 1 4 4"]);
    let (kind, line, column) = format_error(Format::Gib, record.as_bytes());
    assert!(matches!(kind, FormatErrorKind::Malformed(_)));
    assert_eq!((line, column), (7, 1));
    // SGF is not converted.
    let (kind, ..) = format_error(Format::Sgf, b"(;GM[1])");
    assert_eq!(kind, FormatErrorKind::AlreadySgf);
}

#[test]
fn detection_by_extension_and_by_content() {
    use std::path::Path;
    let name = |name: &str| formats::detect(Some(Path::new(name)), b"");
    assert_eq!(name("a.gib"), Format::Gib);
    assert_eq!(name("a.Gib"), Format::Gib);
    assert_eq!(name("a.NGF"), Format::Ngf);
    assert_eq!(name("a.ugf"), Format::Ugf);
    assert_eq!(name("a.UGI"), Format::Ugf);
    assert_eq!(name("a.sgf"), Format::Sgf);
    assert_eq!(name("a.ngf.gz"), Format::Ngf);
    assert_eq!(name("noextension"), Format::Sgf);
    // Content first: wrong extensions do not matter.
    let record = gib(&[], &[]);
    assert_eq!(
        formats::detect(Some(Path::new("a.ngf")), record.as_bytes()),
        Format::Gib
    );
    let ngf = ngf_record("G", 19, 0, "6", "", &["PMABBREER"]);
    assert_eq!(
        formats::detect(Some(Path::new("a.sgf")), ngf.as_bytes()),
        Format::Ngf
    );
    let ugf = ugf(&["Size=19"], &[]);
    assert_eq!(
        formats::detect(Some(Path::new("a.gib")), ugf.as_bytes()),
        Format::Ugf
    );
    assert_eq!(
        formats::detect(Some(Path::new("a.gib")), b"(;GM[1];B[aa])"),
        Format::Sgf
    );
    // Unrecognised content: the extension.
    assert_eq!(
        formats::detect(Some(Path::new("a.gib")), b"junk"),
        Format::Gib
    );
}

#[test]
fn converted_games_write_and_read_back_the_same() {
    let record = ngf_record(
        "G",
        19,
        2,
        "0",
        "White wins by resign!",
        &["PMABWQRRQ", "PMACBEEEE"],
    );
    let tree = tree(Format::Ngf, record.as_bytes());
    let mut writer = sgf_stream::Writer::new(Vec::new());
    writer.write_tree(&tree).unwrap();
    let written = writer.into_inner().unwrap();
    assert_eq!(sgf_stream::parse(&written).unwrap(), tree);
    let info = tree.game_info_strict().unwrap();
    assert_eq!(info.handicap, Some(2));
    assert_eq!(info.komi, Some(0.0));
    assert!(info.outcome().is_some());
}

#[test]
fn read_collection_places_reader_warnings_in_the_record() {
    // A record whose SGF text has no problem: only the conversion's
    // warnings, placed in the record.
    let whole = gib(&["GAMEBLACKNAME=x"], &["STO 0 2 1 3 3"]);
    let cut = &whole[..whole.find("\\GE").unwrap()];
    let parsed = formats::read_collection(
        ReaderBuilder::new().lenient(true),
        Format::Gib,
        cut.as_bytes(),
    )
    .unwrap();
    assert_eq!(parsed.warnings.len(), 1);
    assert_eq!(parsed.warnings[0].offset(), cut.len() as u64);
    assert_eq!(parsed.charset.charset, Charset::Utf8);
}
