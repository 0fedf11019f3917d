//! The ten real GIB, NGF and UGF records of `../shared/formats` (or
//! `$SGF_SHARED/formats`), read as SGF: players, result, komi, handicap
//! stones, the first moves and the number of moves as the shared README's
//! table gives them (written from the files by hand), the charset, the
//! place of the first move in the file, and the whole main line replayed
//! on a board without an illegal move.

#[path = "../../tests/common/mod.rs"]
mod common;

use std::path::Path;

use sgf_go::ReplayOptions;
use sgf_stream::formats::{self, Format};
use sgf_stream::{Charset, ReaderBuilder, SgfTree};

/// One row of the README's table.
struct Expected {
    file: &'static str,
    format: Format,
    black: &'static str,
    white: &'static str,
    result: Option<&'static str>,
    komi: &'static str,
    stones: &'static [&'static str],
    moves: usize,
    first: [&'static str; 4],
    charset: Charset,
}

const ROWS: &[Expected] = &[
    Expected {
        file: "sabaki-euc-kr.gib",
        format: Format::Gib,
        black: "dustkd1015",
        white: "dongjik",
        result: Some("B+T"),
        komi: "6.5",
        stones: &[],
        moves: 49,
        first: ["B[qc]", "W[dp]", "B[qo]", "W[dd]"],
        charset: Charset::EucKr,
    },
    Expected {
        file: "sabaki-gb2312-h5.gib",
        format: Format::Gib,
        black: "石下之臣",
        white: "harpmaster",
        result: Some("W+11"),
        komi: "0",
        stones: &["pd", "dp", "dd", "pp", "jj"],
        moves: 268,
        first: ["W[qn]", "B[nq]", "W[qf]", "B[qj]"],
        charset: Charset::Gb18030,
    },
    Expected {
        file: "sabaki-utf8-h3.gib",
        format: Format::Gib,
        black: "jy512",
        white: "leejw977",
        result: None,
        komi: "0",
        stones: &["pd", "dp", "dd"],
        moves: 118,
        first: ["W[pp]", "B[nq]", "W[qn]", "B[no]"],
        charset: Charset::Utf8,
    },
    Expected {
        file: "gokifu-sample1.gib",
        format: Format::Gib,
        black: "joppon",
        white: "yunmi89",
        result: Some("W+R"),
        komi: "6.5",
        stones: &[],
        moves: 178,
        first: ["B[pd]", "W[dp]", "B[qp]", "W[dc]"],
        charset: Charset::Utf8,
    },
    Expected {
        file: "ekenstein-K_002odc-Menskit-202008212255.gib",
        format: Format::Gib,
        black: "Menskit",
        white: "K_002odc",
        result: Some("W+R"),
        komi: "6.5",
        stones: &[],
        moves: 152,
        first: ["B[pd]", "W[qp]", "B[dd]", "W[cp]"],
        charset: Charset::Utf8,
    },
    Expected {
        file: "ekenstein-Menskit-zxcv2358-202006291602.gib",
        format: Format::Gib,
        black: "zxcv2358",
        white: "Menskit",
        result: Some("W+24.5"),
        komi: "6.5",
        stones: &[],
        moves: 262,
        first: ["B[dp]", "W[pd]", "B[dd]", "W[pp]"],
        charset: Charset::Utf8,
    },
    Expected {
        file: "glift-tygem_example.gib",
        format: Format::Gib,
        black: "go48",
        white: "Radagast",
        result: Some("W+59.5"),
        komi: "6.5",
        stones: &[],
        moves: 298,
        first: ["B[pp]", "W[dc]", "B[dq]", "W[pd]"],
        charset: Charset::Utf8,
    },
    Expected {
        file: "sabaki-even.NGF",
        format: Format::Ngf,
        black: "CYY",
        white: "LQC",
        result: Some("B+0.5"),
        komi: "7.5",
        stones: &[],
        moves: 333,
        first: ["B[qd]", "W[dd]", "B[pq]", "W[dp]"],
        charset: Charset::Utf8,
    },
    Expected {
        file: "sabaki-handicap2.NGF",
        format: Format::Ngf,
        black: "p81587",
        white: "ace550",
        result: Some("W+R"),
        komi: "0",
        stones: &["pd", "dp"],
        moves: 189,
        first: ["W[pq]", "B[dd]", "W[fq]", "B[hq]"],
        charset: Charset::Utf8,
    },
    Expected {
        file: "sabaki-amateur.ugf",
        format: Format::Ugf,
        black: "kaziwami",
        white: "YINNI",
        result: Some("B+7.5"),
        komi: "-5.5",
        stones: &[],
        moves: 254,
        first: ["B[qd]", "W[dd]", "B[pq]", "W[dq]"],
        charset: Charset::ShiftJis,
    },
];

fn one(tree: &SgfTree, ident: &str) -> Option<String> {
    tree.get(ident).map(|values| values[0].to_string())
}

/// The 1-based line of the first byte of `needle` in `bytes`, counted
/// by hand (LF ends a line).
fn line_of(bytes: &[u8], needle: &[u8]) -> u32 {
    let at = bytes
        .windows(needle.len())
        .position(|window| window == needle)
        .expect("needle in the file");
    1 + bytes[..at].iter().filter(|&&b| b == b'\n').count() as u32
}

/// The first move's line in the raw file, found without the reader.
fn first_move_line(row: &Expected, bytes: &[u8]) -> u32 {
    match row.format {
        Format::Gib => line_of(bytes, b"STO 0 "),
        Format::Ngf => line_of(bytes, b"\nPM").saturating_add(1),
        _ => line_of(bytes, b"[Data]") + 1,
    }
}

#[test]
fn the_shared_records_read_as_their_readme_says() {
    let Some(dir) = common::shared("formats") else {
        return;
    };
    for row in ROWS {
        let path = dir.join(row.file);
        let bytes = std::fs::read(&path).expect("readable record");
        let format = formats::detect(Some(Path::new(row.file)), &bytes);
        assert_eq!(format, row.format, "{}", row.file);
        // By content alone too.
        assert_eq!(formats::detect(None, &bytes), row.format, "{}", row.file);
        let parsed = formats::read_collection(ReaderBuilder::new(), format, &bytes)
            .unwrap_or_else(|err| panic!("{}: {err}", row.file));
        assert_eq!(parsed.trees.len(), 1);
        assert!(
            parsed.warnings.is_empty(),
            "{}: {:?}",
            row.file,
            parsed.warnings
        );
        assert_eq!(parsed.charset.charset, row.charset, "{}", row.file);
        let tree = &parsed.trees[0];
        assert_eq!(one(tree, "GM").as_deref(), Some("1"));
        assert_eq!(one(tree, "FF").as_deref(), Some("4"));
        assert_eq!(one(tree, "CA").as_deref(), Some("UTF-8"));
        assert_eq!(one(tree, "SZ").as_deref(), Some("19"));
        assert_eq!(one(tree, "PB").as_deref(), Some(row.black), "{}", row.file);
        assert_eq!(one(tree, "PW").as_deref(), Some(row.white), "{}", row.file);
        assert_eq!(one(tree, "RE").as_deref(), row.result, "{}", row.file);
        assert_eq!(one(tree, "KM").as_deref(), Some(row.komi), "{}", row.file);
        let stones: Vec<&str> = tree
            .get("AB")
            .map_or(Vec::new(), |values| values.iter().collect());
        assert_eq!(stones, row.stones, "{}", row.file);
        let handicap = (!row.stones.is_empty()).then(|| row.stones.len().to_string());
        assert_eq!(one(tree, "HA"), handicap, "{}", row.file);

        let moves = tree.moves().expect("typed moves");
        assert_eq!(moves.len(), row.moves, "{}", row.file);
        let first: Vec<String> = moves[..4]
            .iter()
            .map(|(color, played)| format!("{color}[{played}]"))
            .collect();
        assert_eq!(first, row.first, "{}", row.file);

        // The whole main line on a board: no illegal move.
        let game = ReplayOptions::new()
            .replay(tree.main_line())
            .run()
            .unwrap_or_else(|err| panic!("{}: {err}", row.file));
        assert_eq!(game.moves() as usize, row.moves, "{}", row.file);

        // The first move points at its line in the record.
        let converted = formats::to_sgf(format, &bytes).unwrap();
        let at = converted.sgf().find(&format!(";{}", row.first[0])).unwrap();
        let position = converted.position(at);
        assert_eq!(position.line, first_move_line(row, &bytes), "{}", row.file);
        assert_eq!(position.column, 1, "{}", row.file);
    }
}

#[test]
fn the_declared_charsets_are_reported_as_declared() {
    let Some(dir) = common::shared("formats") else {
        return;
    };
    let report = |file: &str| {
        let bytes = std::fs::read(dir.join(file)).unwrap();
        let format = formats::detect(Some(Path::new(file)), &bytes);
        formats::to_sgf(format, &bytes).unwrap().report().clone()
    };
    let korean = report("sabaki-euc-kr.gib");
    assert_eq!(korean.declared.as_deref(), Some("Korea"));
    assert!(korean.transcoded);
    let japanese = report("sabaki-amateur.ugf");
    assert_eq!(japanese.declared.as_deref(), Some("SJIS"));
    let ngf = report("sabaki-even.NGF");
    assert_eq!((ngf.charset, ngf.declared), (Charset::Utf8, None));
}

#[test]
fn legacy_names_come_out_in_utf8() {
    let Some(dir) = common::shared("formats") else {
        return;
    };
    let bytes = std::fs::read(dir.join("sabaki-euc-kr.gib")).unwrap();
    let converted = formats::to_sgf(Format::Gib, &bytes).unwrap();
    // GAMEPLACE and GAMENAME in EUC-KR: "타이젬 바둑", "승강급 대국".
    assert!(converted.sgf().contains("PC[타이젬 바둑]"));
    assert!(converted.sgf().contains("GN[승강급 대국]"));
    // Ranks from the level codes (17 = 1k).
    let tree = sgf_stream::parse(converted.sgf()).unwrap();
    assert_eq!(one(&tree, "BR").as_deref(), Some("1k"));
    assert_eq!(one(&tree, "DT").as_deref(), Some("2015-08-29"));
}
