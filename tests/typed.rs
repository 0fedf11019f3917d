//! Typed values: each decoder's edge cases, strict and lenient decoding,
//! typed write -> parse round trips, the moves and game information of
//! the corpus, and the validation pass.

mod common;

use std::borrow::Cow;
use std::collections::BTreeSet;

use proptest::prelude::*;
use sgf_stream::game::{GameCollector, GameResult, WinBy};
use sgf_stream::typed::{
    self, number, point_list, real, values_to_sgf, BoardSize, Color, Decoder, Double, Move, Point,
    Value, ValueErrorKind,
};
use sgf_stream::validate::Rule;
use sgf_stream::{Event, Parser};

fn raw(s: &str) -> [&[u8]; 1] {
    [s.as_bytes()]
}

#[test]
fn points_cover_52_by_52() {
    let size = BoardSize::square(52);
    assert_eq!(Point::decode(b"aa", size).unwrap(), Point::new(0, 0));
    assert_eq!(Point::decode(b"za", size).unwrap(), Point::new(25, 0));
    assert_eq!(Point::decode(b"Aa", size).unwrap(), Point::new(26, 0));
    assert_eq!(Point::decode(b"ZZ", size).unwrap(), Point::new(51, 51));
    let err = Point::decode(b"ZZ", BoardSize::square(51)).unwrap_err();
    assert_eq!(err.kind, ValueErrorKind::OffBoard(51, 51));
    for bad in ["a", "abc", "a1", "1a", "", "a-", "\u{e9}a"] {
        let err = Point::parse(bad.as_bytes()).unwrap_err();
        assert_eq!(err.kind, ValueErrorKind::Point, "{bad:?}");
    }
    assert_eq!(Point::parse(b"a1").unwrap_err().offset, 1);
    // Every coordinate writes back to the letters it came from.
    for col in 0..52 {
        let p = Point::new(col, 51 - col);
        assert_eq!(Point::parse(p.to_string().as_bytes()).unwrap(), p);
    }
}

#[test]
fn tt_is_a_pass_only_in_moves_on_small_boards() {
    let d19 = Decoder::with_size(BoardSize::square(19));
    let d21 = Decoder::with_size(BoardSize::square(21));
    assert_eq!(
        d19.decode_raw("B", raw("tt")).unwrap(),
        [Value::Move(Move::Pass)]
    );
    assert_eq!(
        d19.decode_raw("W", raw("")).unwrap(),
        [Value::Move(Move::Pass)]
    );
    assert_eq!(
        d21.decode_raw("W", raw("tt")).unwrap(),
        [Value::Move(Move::Play(Point::new(19, 19)))]
    );
    assert_eq!(
        d21.decode_raw("B", raw("")).unwrap(),
        [Value::Move(Move::Pass)]
    );
    // On 19x19 `tt` is no point: not in setup, not in markup.
    for ident in ["AB", "TR", "TB"] {
        let err = d19.decode_raw(ident, raw("tt")).unwrap_err();
        assert_eq!(err.kind, ValueErrorKind::OffBoard(19, 19), "{ident}");
    }
    assert_eq!(
        d21.decode_raw("AB", raw("tt")).unwrap(),
        [Value::Point(Point::new(19, 19))]
    );
    // A 19x20 board is not "both sides up to 19": `tt` is a point, off it.
    let tall = Decoder::with_size(BoardSize { cols: 19, rows: 20 });
    assert!(tall.decode_raw("B", raw("tt")).is_err());
    assert!(Decoder::with_size(BoardSize::square(9))
        .decode_raw("B", raw("tt"))
        .is_ok());
}

#[test]
fn rectangles_expand_with_swapped_corners() {
    let size = BoardSize::default();
    let plain = point_list([&b"aa:cc"[..]], size).unwrap();
    assert_eq!(plain.len(), 9);
    for swapped in ["cc:aa", "ca:ac", "ac:ca"] {
        let points = point_list([swapped.as_bytes()], size).unwrap();
        assert_eq!(points, plain, "{swapped}");
    }
    // A line is a rectangle of width one.
    assert_eq!(point_list([&b"aa:as"[..]], size).unwrap().len(), 19);
    let (index, err) = point_list([&b"bb"[..], b"aa:aa"], size).unwrap_err();
    assert_eq!((index, err.kind), (1, ValueErrorKind::SinglePointRectangle));
    // Lenient decoding accepts a 1x1 rectangle as its point, with a warning.
    let (values, warnings) = Decoder::new().decode_raw_lenient("AB", raw("aa:aa"));
    assert_eq!(values, [Value::Point(Point::new(0, 0))]);
    assert_eq!(warnings[0].kind, ValueErrorKind::SinglePointRectangle);
    // A corner off the board names the byte where it starts.
    let err = Decoder::new().decode_raw("AB", raw("aa:zz")).unwrap_err();
    assert_eq!(
        (err.kind, err.offset),
        (ValueErrorKind::OffBoard(19, 19), 3)
    );
}

#[test]
fn malformed_numbers_and_reals() {
    for bad in ["", "+", "-", "1.5", "1 ", " 1", "0x10", "1e3", "１"] {
        assert!(number(bad.as_bytes()).is_err(), "{bad:?}");
    }
    assert_eq!(
        number(b"99999999999999999999").unwrap_err().kind,
        ValueErrorKind::NumberRange
    );
    assert_eq!(number(b"-9223372036854775808").unwrap(), i64::MIN);
    assert_eq!(real(b"+1.5").unwrap(), 1.5);
    assert_eq!(real(b"-0").unwrap(), 0.0);
    assert_eq!(real(b"007.250").unwrap(), 7.25);
    // The spec's Real needs digits on both sides of the point.
    for bad in [".5", "5.", "1e3", "inf", "NaN", "1..2", "+", "6,5", "1.5.2"] {
        assert!(real(bad.as_bytes()).is_err(), "{bad:?}");
    }
    fn lenient(s: &str) -> (Vec<Value<'_>>, Vec<sgf_stream::typed::PropertyError>) {
        Decoder::new().decode_raw_lenient("KM", raw(s))
    }
    assert_eq!(lenient(".5"), (vec![Value::Real(0.5)], lenient(".5").1));
    assert_eq!(lenient(".5").1.len(), 1);
    assert_eq!(lenient(" 6.5 ").0, [Value::Real(6.5)]);
    assert_eq!(lenient("6,5").0, [Value::Real(6.5)]);
    // What cannot be repaired is kept raw.
    assert_eq!(lenient("six").0, [Value::Raw(Cow::Borrowed(&b"six"[..]))]);
}

#[test]
fn doubles_colors_and_none() {
    let d = Decoder::new();
    assert_eq!(
        d.decode_raw("GB", raw("1")).unwrap(),
        [Value::Double(Double::Normal)]
    );
    assert_eq!(
        d.decode_raw("UC", raw("2")).unwrap(),
        [Value::Double(Double::Emphasized)]
    );
    assert_eq!(
        d.decode_raw("GB", raw("3")).unwrap_err().kind,
        ValueErrorKind::Double
    );
    assert_eq!(
        d.decode_raw("PL", raw("W")).unwrap(),
        [Value::Color(Color::White)]
    );
    assert_eq!(
        d.decode_raw("PL", raw("w")).unwrap_err().kind,
        ValueErrorKind::Color
    );
    assert_eq!(
        d.decode_raw_lenient("PL", raw("w")).0,
        [Value::Color(Color::White)]
    );
    assert_eq!(d.decode_raw("KO", raw("")).unwrap(), [Value::None]);
    assert_eq!(
        d.decode_raw("KO", raw("x")).unwrap_err().kind,
        ValueErrorKind::NotEmpty
    );
    assert_eq!(d.decode_raw("FG", raw("")).unwrap(), [Value::None]);
    let fg = d.decode_raw("FG", raw("257:Figure 1")).unwrap();
    let (flags, name) = fg[0].as_compose().unwrap();
    assert_eq!(
        (flags.as_number(), name.as_text()),
        (Some(257), Some("Figure 1"))
    );
}

#[test]
fn board_sizes() {
    let d = Decoder::new();
    fn size(s: &str) -> Result<Vec<Value<'_>>, sgf_stream::typed::PropertyError> {
        Decoder::new().decode_raw("SZ", raw(s))
    }
    assert_eq!(size("19").unwrap(), [Value::Size(BoardSize::square(19))]);
    assert_eq!(size("52").unwrap(), [Value::Size(BoardSize::square(52))]);
    assert_eq!(
        size("13:9").unwrap(),
        [Value::Size(BoardSize { cols: 13, rows: 9 })]
    );
    for bad in ["0", "53", "-1", "x", "19:", ":19", "0:5", "5:53"] {
        assert_eq!(
            size(bad).unwrap_err().kind,
            ValueErrorKind::BoardSize,
            "{bad:?}"
        );
    }
    assert_eq!(
        size("19:19").unwrap_err().kind,
        ValueErrorKind::SquareAsCompose
    );
    let (values, warnings) = d.decode_raw_lenient("SZ", raw("19:19"));
    assert_eq!(values, [Value::Size(BoardSize::square(19))]);
    assert_eq!(warnings.len(), 1);
}

#[test]
fn compose_values_split_at_the_first_unescaped_colon() {
    let d = Decoder::new();
    let lb = d.decode_raw("LB", raw("aa:a\\:b:c\\]")).unwrap();
    let (at, label) = lb[0].as_compose().unwrap();
    assert_eq!(at.as_point(), Some(Point::new(0, 0)));
    assert_eq!(label.as_text(), Some("a:b:c]"));
    let ap = d.decode_raw("AP", raw("My\\:App:1.0")).unwrap();
    let (name, version) = ap[0].as_compose().unwrap();
    assert_eq!(
        (name.as_text(), version.as_text()),
        (Some("My:App"), Some("1.0"))
    );
    assert_eq!(ap[0].to_sgf(), "My\\:App:1.0");
    let err = d.decode_raw("LB", raw("aa")).unwrap_err();
    assert_eq!(err.kind, ValueErrorKind::MissingColon);
    // Leniently, `AP[Foxwq]` (common in the wild) is a name and an empty
    // version; `AR[aa]` stays raw, as no point is empty.
    let (ap, warnings) = d.decode_raw_lenient("AP", raw("Foxwq"));
    assert_eq!(ap[0].as_compose().unwrap().0.as_text(), Some("Foxwq"));
    assert_eq!(ap[0].as_compose().unwrap().1.as_text(), Some(""));
    assert_eq!(warnings[0].kind, ValueErrorKind::MissingColon);
    let (ar, _) = d.decode_raw_lenient("AR", raw("aa"));
    assert_eq!(ar, [Value::Raw(Cow::Borrowed(&b"aa"[..]))]);
    let err = d.decode_raw("AR", raw("aa:b")).unwrap_err();
    assert_eq!((err.kind, err.offset), (ValueErrorKind::Point, 3));
    // A label's text is SimpleText: a line break is a space.
    let lb = d.decode_raw("LB", raw("aa:two\nlines")).unwrap();
    assert_eq!(lb[0].as_compose().unwrap().1.as_text(), Some("two lines"));
}

#[test]
fn list_arity() {
    let d = Decoder::new();
    assert_eq!(d.decode_raw("TB", raw("")).unwrap(), []);
    assert_eq!(d.decode_raw("VW", raw("")).unwrap(), []);
    assert_eq!(
        d.decode_raw("AB", raw("")).unwrap_err().kind,
        ValueErrorKind::EmptyList
    );
    let err = d.decode_raw("B", [&b"aa"[..], b"bb", b"cc"]).unwrap_err();
    assert_eq!((err.kind, err.index), (ValueErrorKind::TooManyValues, 1));
    let (values, warnings) = d.decode_raw_lenient("B", [&b"aa"[..], b"bb", b"cc"]);
    assert_eq!(values, [Value::Move(Move::Play(Point::new(0, 0)))]);
    assert_eq!(warnings.len(), 1);
}

#[test]
fn strict_errors_locate_themselves() {
    let input = b"(;GM[1]SZ[19]\n;B[pd]\n;AB[aa][bb:zz])";
    let mut decoder = Decoder::new();
    let mut errors = Vec::new();
    for event in Parser::new(input) {
        if let Event::Property(id, values) = event.unwrap() {
            match decoder.decode(id.as_str(), values) {
                Ok(typed) => {
                    if let [Value::Size(size)] = typed[..] {
                        decoder = Decoder::with_size(size);
                    }
                }
                Err(err) => errors.push(err.locate(input, values)),
            }
        }
    }
    assert_eq!(errors.len(), 1);
    let err = &errors[0];
    assert_eq!((err.property.as_str(), err.index, err.offset), ("AB", 1, 3));
    let pos = err.position.unwrap();
    assert_eq!((pos.line, pos.column), (3, 12));
    assert_eq!(&input[pos.offset as usize..][..2], b"zz");
    assert_eq!(
        err.to_string(),
        "`AB` value 1: point off the 19x19 board at line 3, column 12 (byte 32)"
    );
}

#[test]
fn text_borrows_when_it_can() {
    let values = Decoder::new().decode_raw("C", raw("plain")).unwrap();
    assert!(matches!(&values[0], Value::Text(Cow::Borrowed("plain"))));
    let values = Decoder::new().decode_raw("C", raw("a\\]")).unwrap();
    assert!(matches!(&values[0], Value::Text(Cow::Owned(t)) if t == "a]"));
    let err = Decoder::new().decode_raw("C", raw("ab\u{0}")).map(|_| ());
    assert!(err.is_ok());
    let err = Decoder::new()
        .decode_raw("GN", [&b"ab\xff"[..]])
        .unwrap_err();
    assert_eq!((err.kind, err.offset), (ValueErrorKind::Utf8, 2));
    let (values, _) = Decoder::new().decode_raw_lenient("GN", [&b"ab\xff"[..]]);
    assert_eq!(values[0].as_text(), Some("ab\u{fffd}"));
}

#[test]
fn tree_values_decode_like_raw_values() {
    let sgf = "(;SZ[13]AP[App:2]KM[0.5]LB[aa:x\\:y]C[a\\]b\\\\\nc];B[mm];W[])";
    let tree = sgf_stream::parse(sgf).unwrap();
    let d = Decoder::with_size(tree.board_size().unwrap());
    let mut from_events = Vec::new();
    for event in Parser::new(sgf.as_bytes()) {
        if let Event::Property(id, values) = event.unwrap() {
            let typed: Vec<Value<'static>> = d
                .decode(id.as_str(), values)
                .unwrap()
                .into_iter()
                .map(Value::into_owned)
                .collect();
            from_events.push(typed);
        }
    }
    let from_tree: Vec<Vec<Value<'_>>> = tree
        .nodes()
        .flat_map(|node| node.properties())
        .map(|(id, values)| d.decode_tree(id, values).unwrap())
        .collect();
    assert_eq!(from_events, from_tree);
}

#[test]
fn moves_and_game_info_of_a_tree() {
    let tree = sgf_stream::parse(
        "(;GM[1]FF[4]SZ[19]PB[Black]PW[White]BR[3d]WR[5d]KM[6.5]HA[2]RE[B+R]DT[2024-01-02]\
         EV[Cup]RU[Japanese]TM[600]OT[5x30 byo-yomi]CA[UTF-8]\
         ;B[pd];W[dd];B[];W[tt](;B[aa])(;B[bb]))",
    )
    .unwrap();
    let moves = tree.moves().unwrap();
    assert_eq!(moves.len(), 5);
    assert_eq!(moves[2], (Color::Black, Move::Pass));
    assert_eq!(moves[3], (Color::White, Move::Pass));
    assert_eq!(moves[4], (Color::Black, Move::Play(Point::new(0, 0))));
    let (info, tolerated) = tree.game_info().unwrap();
    assert!(tolerated.is_empty(), "{tolerated:?}");
    assert_eq!(tree.game_info_strict().unwrap(), info);
    assert_eq!(info.black.as_deref(), Some("Black"));
    assert_eq!(info.white_rank.as_deref(), Some("5d"));
    assert_eq!(
        (info.komi, info.handicap, info.time_limit),
        (Some(6.5), Some(2), Some(600.0))
    );
    assert_eq!(info.rules.as_deref(), Some("Japanese"));
    assert_eq!(info.overtime.as_deref(), Some("5x30 byo-yomi"));
    assert_eq!(info.file_format, Some(4));
    assert_eq!(info.charset.as_deref(), Some("UTF-8"));
    assert_eq!(
        info.outcome(),
        Some(GameResult::Win {
            winner: Color::Black,
            by: WinBy::Resign
        })
    );
    // A bad komi: an error strictly and by default, a warning leniently.
    let bad = sgf_stream::parse("(;KM[six]PB[x];B[zz];W[aa])").unwrap();
    assert_eq!(bad.game_info().unwrap_err().property, "KM");
    assert_eq!(bad.game_info_strict().unwrap_err().property, "KM");
    let (info, warnings) = bad.game_info_lenient();
    assert_eq!(
        (info.komi, info.black.as_deref(), warnings.len()),
        (None, Some("x"), 1)
    );
    assert_eq!(bad.moves().unwrap_err().property, "B");
    assert_eq!(
        bad.moves_lenient().0,
        [(Color::White, Move::Play(Point::new(0, 0)))]
    );
}

#[test]
fn the_collector_agrees_with_trees() {
    let input = b"(;SZ[9]PW[w];B[tt];W[ee](;B[aa];W[bb])(;B[cc]))(;PB[b]HA[3];B[])";
    let mut collector = GameCollector::new();
    let mut records = Vec::new();
    for event in Parser::new(input) {
        records.extend(collector.push(&event.unwrap()).unwrap());
    }
    let trees = sgf_stream::parse_collection(input).unwrap();
    assert_eq!(records.len(), trees.len());
    for (record, tree) in records.iter().zip(&trees) {
        assert_eq!(record.moves, tree.moves().unwrap());
        assert_eq!(record.info, tree.game_info().unwrap().0);
    }
    assert_eq!(records[0].moves.len(), 4);
    assert_eq!(records[1].info.handicap, Some(3));
    // A strict collector, and the default one for a value no repair
    // fixes, give the error and skip that game only.
    for mut collector in [GameCollector::strict(), GameCollector::new()] {
        let mut outcomes = Vec::new();
        for event in Parser::new(b"(;KM[x];B[aa])(;B[bb])") {
            match collector.push(&event.unwrap()) {
                Ok(Some(record)) => outcomes.push(Ok(record.moves.len())),
                Ok(None) => {}
                Err(err) => outcomes.push(Err(err.property)),
            }
        }
        assert_eq!(outcomes, [Err("KM".to_string()), Ok(1)]);
    }
}

#[test]
fn corpus_moves_decode() {
    let Some(files) = common::corpus_files() else {
        return;
    };
    let (mut games, mut moves, mut passes) = (0, 0, 0);
    let mut game_info_warnings = 0;
    for file in &files {
        let input = std::fs::read(file).unwrap();
        let mut collector = GameCollector::lenient();
        for event in Parser::new(&input) {
            let event = event.unwrap_or_else(|e| panic!("{}: {e}", file.display()));
            let Some(record) = collector.push(&event).unwrap() else {
                continue;
            };
            let move_errors = record
                .warnings
                .iter()
                .filter(|w| w.property == "B" || w.property == "W")
                .count();
            assert_eq!(move_errors, 0, "{}: {:?}", file.display(), record.warnings);
            game_info_warnings += record.warnings.len();
            games += 1;
            moves += record.moves.len();
            passes += record.moves.iter().filter(|(_, m)| m.is_pass()).count();
        }
    }
    eprintln!(
        "corpus: {games} games, {moves} moves ({passes} passes), {game_info_warnings} game-info warnings"
    );
    assert!(games >= files.len());
    assert!(moves > 100 * games);
}

#[test]
fn validation_rules() {
    let rules = |sgf: &str| -> Vec<Rule> {
        sgf_stream::parse(sgf)
            .unwrap()
            .validate()
            .into_iter()
            .map(|w| w.rule)
            .collect()
    };
    assert_eq!(rules("(;GM[1]SZ[19];B[aa];W[bb])"), []);
    assert_eq!(rules("(;;B[aa]AB[bb])"), [Rule::MoveWithSetup]);
    assert_eq!(
        rules("(;;BM[1]B[aa]TE[1])"),
        [Rule::TwoMoveAnnotations("BM".into(), "TE".into())]
    );
    assert_eq!(
        rules("(;;DM[1]UC[1])"),
        [Rule::TwoPositionAnnotations("DM".into(), "UC".into())]
    );
    assert_eq!(rules("(;;IT[])"), [Rule::NeedsMove("IT".into())]);
    assert_eq!(
        rules("(;;SZ[9])"),
        [Rule::RootPropertyOutsideRoot("SZ".into())]
    );
    assert_eq!(rules("(;;L[aa])"), [Rule::Obsolete("L".into())]);
    let p = Point::new;
    assert_eq!(
        rules("(;CR[aa]SQ[bb]TR[aa])"),
        [Rule::PointInTwo {
            point: p(0, 0),
            first: "CR".into(),
            second: "TR".into()
        }]
    );
    assert_eq!(
        rules("(;TB[aa:bb]TW[bb])"),
        [Rule::PointInTwo {
            point: p(1, 1),
            first: "TB".into(),
            second: "TW".into()
        }]
    );
    assert_eq!(
        rules("(;AB[aa:bb][ba])"),
        [Rule::RepeatedPoint {
            ident: "AB".into(),
            point: p(1, 0)
        }]
    );
    // Each repeated point once, however often it is listed again.
    let repeats = rules(&format!("(;SZ[9]AB[aa:bb]{})", "[ab:ba]".repeat(500)));
    let repeated = |point| Rule::RepeatedPoint {
        ident: "AB".into(),
        point,
    };
    assert_eq!(repeats, [p(0, 0), p(1, 0), p(0, 1), p(1, 1)].map(repeated));
    assert_eq!(rules("(;LB[aa:x][aa:y])"), [Rule::RepeatedLabel(p(0, 0))]);
    assert_eq!(
        rules("(;AR[aa:bb][aa:bb]LN[cc:cc])"),
        [
            Rule::RepeatedLine {
                ident: "AR".into(),
                from: p(0, 0),
                to: p(1, 1)
            },
            Rule::LineOfOnePoint {
                ident: "LN".into(),
                point: p(2, 2)
            },
        ]
    );
    assert!(matches!(&rules("(;;B[zz])")[..], [Rule::BadValue(e)] if e.property == "B"));
    // Game-info in two nodes of one path, but not in two sibling branches.
    let tree = sgf_stream::parse("(;GN[g];B[aa](;PB[x];W[bb](;PW[y]))(;PB[z]))").unwrap();
    let warnings = tree.validate();
    assert_eq!(warnings.len(), 3, "{warnings:?}");
    assert_eq!(warnings[0].path, [0, 0]);
    assert_eq!(warnings[1].path, [0, 0, 0, 0]);
    assert_eq!(warnings[2].path, [0, 1]);
    assert_eq!(
        warnings[1].to_string(),
        "game-info property `PW` in a second node on one path at node 0.0.0.0"
    );
}

#[test]
fn ff4_example_validates_cleanly() {
    let Some(path) = common::shared("conformance/sgf-spec-examples/ff4_ex.sgf") else {
        return;
    };
    let input = std::fs::read(path).unwrap();
    for tree in sgf_stream::parse_collection(&input).unwrap() {
        let warnings = tree.validate();
        assert!(warnings.is_empty(), "{warnings:#?}");
    }
}

#[test]
fn validation_needs_no_recursion() {
    let deep = common::on_small_stack(256 << 10, || {
        let mut sgf = String::from("(;GM[1]");
        for i in 0..50_000 {
            sgf.push_str(if i % 2 == 0 { ";B[aa]" } else { ";W[bb]KO[]" });
        }
        sgf.push(')');
        let tree = sgf_stream::parse(&sgf).unwrap();
        (tree.validate().len(), tree.moves().unwrap().len())
    });
    assert_eq!(deep, (0, 50_000));
}

// ---- typed write -> parse round trips ----

fn point() -> impl Strategy<Value = Point> {
    (0u8..19, 0u8..19).prop_map(|(c, r)| Point::new(c, r))
}

/// Text in the normal form Text decoding produces, full of the
/// characters that matter to escaping and Compose.
fn text(simple: bool) -> impl Strategy<Value = String> {
    proptest::collection::vec(
        prop_oneof![
            4 => any::<char>().prop_filter("normal form", |c| !matches!(c, '\t' | '\r' | '\x0b' | '\x0c' | '\n')),
            2 => prop_oneof![Just(']'), Just('\\'), Just(':'), Just(' '), Just('['), Just('\n')],
        ],
        0..10,
    )
    .prop_map(move |chars| {
        let s: String = chars.into_iter().collect();
        if simple { s.replace('\n', " ") } else { s }
    })
}

fn st(s: String) -> Value<'static> {
    Value::SimpleText(Cow::Owned(s))
}

fn compose(a: Value<'static>, b: Value<'static>) -> Value<'static> {
    Value::Compose(Box::new(a), Box::new(b))
}

/// A property with random values of its catalogue type.
fn property() -> impl Strategy<Value = (&'static str, Vec<Value<'static>>)> {
    let point_set = || {
        proptest::collection::btree_set(point(), 1..40)
            .prop_map(|set| set.into_iter().map(Value::Point).collect::<Vec<_>>())
    };
    prop_oneof![
        prop_oneof![Just(Move::Pass), point().prop_map(Move::Play)]
            .prop_map(|m| ("B", vec![Value::Move(m)])),
        point_set().prop_map(|v| ("AB", v)),
        point_set().prop_map(|v| ("TW", v)),
        Just(("TB", vec![])),
        any::<f64>()
            .prop_filter("finite", |r| r.is_finite())
            .prop_map(|r| ("KM", vec![Value::Real(r)])),
        any::<i64>().prop_map(|n| ("MN", vec![Value::Number(n)])),
        text(false).prop_map(|t| ("C", vec![Value::Text(Cow::Owned(t))])),
        text(true).prop_map(|t| ("PB", vec![st(t)])),
        proptest::collection::vec((point(), text(true)), 1..5).prop_map(|v| (
            "LB",
            v.into_iter()
                .map(|(p, t)| compose(Value::Point(p), st(t)))
                .collect()
        )),
        (text(true), text(true)).prop_map(|(a, b)| ("AP", vec![compose(st(a), st(b))])),
        proptest::collection::vec((point(), point()), 1..5).prop_map(|v| (
            "LN",
            v.into_iter()
                .map(|(a, b)| compose(Value::Point(a), Value::Point(b)))
                .collect()
        )),
        (1u8..=52, 1u8..=52)
            .prop_map(|(c, r)| ("SZ", vec![Value::Size(BoardSize { cols: c, rows: r })])),
        prop_oneof![Just(Color::Black), Just(Color::White)]
            .prop_map(|c| ("PL", vec![Value::Color(c)])),
        prop_oneof![Just(Double::Normal), Just(Double::Emphasized)]
            .prop_map(|d| ("GW", vec![Value::Double(d)])),
        Just(("KO", vec![Value::None])),
        (any::<i64>(), text(true))
            .prop_map(|(n, t)| ("FG", vec![compose(Value::Number(n), st(t))])),
    ]
}

fn sgf_of(ident: &str, values: &[Value<'_>], compress: bool) -> String {
    let mut sgf = format!("(;{ident}");
    for value in values_to_sgf(values, compress) {
        sgf.push_str(&format!("[{value}]"));
    }
    sgf.push(')');
    sgf
}

fn point_set(values: &[Value<'_>]) -> BTreeSet<Point> {
    values.iter().filter_map(Value::as_point).collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn typed_values_round_trip((ident, values) in property(), compress in any::<bool>()) {
        let sgf = sgf_of(ident, &values, compress);
        let events: Vec<Event> = Parser::new(sgf.as_bytes()).collect::<Result<_, _>>().unwrap();
        let Event::Property(id, raw) = &events[2] else { panic!("{sgf}") };
        prop_assert_eq!(id.as_str(), ident);
        let decoded = Decoder::new().decode(ident, *raw).map_err(|e| TestCaseError::fail(format!("{sgf}: {e}")))?;
        if compress && !values.is_empty() && values.iter().all(|v| matches!(v, Value::Point(_))) {
            prop_assert_eq!(point_set(&decoded), point_set(&values), "{}", sgf);
            prop_assert!(decoded.len() == values.len());
        } else {
            prop_assert_eq!(&decoded, &values, "{}", sgf);
        }
        // Through a tree too: decoded Text, written back by the tree.
        let tree = sgf_stream::parse(&sgf).unwrap();
        let again = Decoder::new().decode_tree(ident, tree.get(ident).unwrap());
        // Only an AP whose first half holds a `:` cannot survive: the tree
        // keeps no escapes, so its Compose splits at the first `:`.
        let ambiguous = ident == "AP" && values[0].as_compose().unwrap().0.as_text().unwrap().contains(':');
        if !ambiguous {
            prop_assert_eq!(again.unwrap(), decoded, "{}", sgf);
        }
    }

    #[test]
    fn compression_keeps_the_set(points in proptest::collection::vec((0u8..52, 0u8..52), 0..200)) {
        let points: Vec<Point> = points.into_iter().map(|(c, r)| Point::new(c, r)).collect();
        let rects = typed::compress_points(&points);
        let expanded: Vec<Point> = rects.iter().flat_map(|&(a, b)| typed::rectangle(a, b)).collect();
        let set: BTreeSet<Point> = points.iter().copied().collect();
        prop_assert_eq!(expanded.len(), set.len(), "rectangles do not overlap");
        prop_assert_eq!(expanded.into_iter().collect::<BTreeSet<_>>(), set);
        for (a, b) in rects {
            prop_assert!(a.col <= b.col && a.row <= b.row);
        }
    }
}

#[test]
fn typed_values_write_through_the_writer() {
    let input =
        b"(;SZ[19]AP[My\\:App:1.0]LB[aa:x\\:y\\]]AB[aa:cc][pd]KM[6.5]XX[\xff\\]];B[tt];W[])";
    let mut decoder = Decoder::new();
    let mut writer = sgf_stream::Writer::new(Vec::new());
    for event in Parser::new(input) {
        match event.unwrap() {
            Event::Property(id, values) => {
                let typed = decoder.decode(id.as_str(), values).unwrap();
                if let [Value::Size(size)] = typed[..] {
                    decoder = Decoder::with_size(size);
                }
                writer
                    .typed_property(id.as_str(), &typed, id == "AB")
                    .unwrap();
            }
            other => writer.write_event(&other).unwrap(),
        }
    }
    let out = writer.into_inner().unwrap();
    // The pass `tt` is written as `[]`; everything else as it came.
    let expected =
        b"(;SZ[19]AP[My\\:App:1.0]LB[aa:x\\:y\\]]AB[aa:cc][pd]KM[6.5]XX[\xff\\]];B[];W[])\n";
    assert_eq!(out, expected, "{}", String::from_utf8_lossy(&out));
}
