//! The streaming writer: byte-exact layouts, escaping, charsets, misuse,
//! round trips over the corpus and random trees, and huge trees on a
//! small stack.

mod common;

use proptest::prelude::*;
use sgf_stream::event::RawValue;
use sgf_stream::{
    parse, parse_collection, Event, Layout, Newline, Parser, SgfTree, WriteError, WriteOptions,
    Writer,
};

/// A node with one property.
fn node(ident: &str, value: &str) -> SgfTree {
    SgfTree::new().with(ident, [value])
}

/// `parent` with `children` added in order.
fn with(parent: SgfTree, children: impl IntoIterator<Item = SgfTree>) -> SgfTree {
    children.into_iter().fold(parent, SgfTree::with_child)
}

/// The spec's example tree, built by hand: each node has `C[<its name>]`.
fn spec_tree() -> SgfTree {
    let c = |name| node("C", name);
    let ab = with(c("a"), [with(c("b"), [c("c"), with(c("d"), [c("e")])])]);
    let fg = with(c("f"), [with(c("g"), [with(c("h"), [c("i")])]), c("j")]);
    with(c("r"), [ab, fg])
}

/// A problem shaped like those of the maeda-igo tutorial program
/// (`AP[maeda-igo Ver-1]`): setup stones, `N` and `C` in the
/// root, moves with names and comments, variations at two levels.
fn problem_tree() -> SgfTree {
    let root = SgfTree::new()
        .with("FF", ["3"])
        .with("GM", ["1"])
        .with("AP", ["maeda-igo Ver-1"])
        .with("SZ", ["19"])
        .with("AB", ["cc", "dd"])
        .with("AW", ["pp", "qq"])
        .with("N", ["詰碁 1"])
        .with("C", ["黒先生き"]);
    let right = with(
        node("B", "bb").with("C", ["正解"]),
        [
            with(node("W", "cb"), [node("B", "ca").with("C", ["ソ"])]),
            node("W", "ab").with("C", ["能"]),
        ],
    );
    let wrong = with(node("B", "ba").with("C", ["失敗"]), [node("W", "bb")]);
    with(root, [right, wrong])
}

const PROBLEM_ROOT: &str =
    "(;FF[3]GM[1]AP[maeda-igo Ver-1]SZ[19]AB[cc][dd]AW[pp][qq]N[詰碁 1]C[黒先生き]";

fn write_with(options: WriteOptions, tree: &SgfTree) -> String {
    let mut writer = Writer::with_options(Vec::new(), options);
    writer.write_tree(tree).unwrap();
    String::from_utf8(writer.into_inner().unwrap()).unwrap()
}

fn write(tree: &SgfTree) -> String {
    write_with(WriteOptions::new(), tree)
}

/// Pipes every event of `input` through a writer.
fn pass_through(options: WriteOptions, input: &[u8]) -> Vec<u8> {
    let mut writer = Writer::with_options(Vec::new(), options);
    for event in Parser::new(input) {
        writer.write_event(&event.unwrap()).unwrap();
    }
    writer.into_inner().unwrap()
}

#[test]
fn spec_tree_compact() {
    let written = write(&spec_tree());
    assert_eq!(
        written,
        "(;C[r](;C[a];C[b](;C[c])(;C[d];C[e]))(;C[f](;C[g];C[h];C[i])(;C[j])))\n"
    );
    let bare = written.replace("C[", "").replace(']', "");
    assert_eq!(bare.trim_end(), "(;r(;a;b(;c)(;d;e))(;f(;g;h;i)(;j)))");
    assert_eq!(spec_tree().to_string(), written.trim_end());
}

#[test]
fn spec_tree_node_per_line() {
    let options = WriteOptions::new().layout(Layout::NodePerLine);
    let expected = "(;C[r]\n(;C[a]\n;C[b]\n(;C[c])\n(;C[d]\n;C[e]))\n(;C[f]\n(;C[g]\n;C[h]\n;C[i])\n(;C[j])))\n";
    assert_eq!(write_with(options, &spec_tree()), expected);
}

#[test]
fn spec_tree_variations_on_new_lines() {
    let options = WriteOptions::new().variations_on_new_lines(true);
    let expected =
        "(;C[r]\n(;C[a];C[b]\n(;C[c])\n(;C[d];C[e]))\n(;C[f]\n(;C[g];C[h];C[i])\n(;C[j])))\n";
    assert_eq!(write_with(options, &spec_tree()), expected);
}

#[test]
fn spec_tree_wrapped() {
    let options = WriteOptions::new().wrap(true).width(20);
    let expected = "(;C[r](;C[a];C[b]\n(;C[c])(;C[d];C[e]))\n(;C[f](;C[g];C[h]\n;C[i])(;C[j])))\n";
    assert_eq!(write_with(options, &spec_tree()), expected);
}

#[test]
fn crlf_and_no_final_newline() {
    let options = WriteOptions::new()
        .layout(Layout::NodePerLine)
        .newline(Newline::CrLf)
        .final_newline(false);
    let tree = with(node("C", "two\nlines"), [node("B", "aa")]);
    let mut writer = Writer::with_options(Vec::new(), options);
    writer.write_tree(&tree).unwrap();
    writer.write_tree(&tree).unwrap();
    let written = String::from_utf8(writer.into_inner().unwrap()).unwrap();
    let one = "(;C[two\r\nlines]\r\n;B[aa])";
    assert_eq!(written, format!("{one}\r\n{one}"));
    assert_eq!(
        parse_collection(written.as_bytes()).unwrap(),
        [tree.clone(), tree]
    );
}

#[test]
fn problem_tree_compact_and_crlf_variation_layout() {
    let tree = problem_tree();
    let compact = format!(
        "{PROBLEM_ROOT}(;B[bb]C[正解](;W[cb];B[ca]C[ソ])(;W[ab]C[能]))(;B[ba]C[失敗];W[bb]))\n"
    );
    assert_eq!(write(&tree), compact);
    // That program's layout: variations on new lines, CRLF.
    let options = WriteOptions::new()
        .variations_on_new_lines(true)
        .newline(Newline::CrLf);
    let crlf = format!(
        "{PROBLEM_ROOT}\r\n(;B[bb]C[正解]\r\n(;W[cb];B[ca]C[ソ])\r\n(;W[ab]C[能]))\r\n(;B[ba]C[失敗];W[bb]))\r\n"
    );
    let written = write_with(options, &tree);
    assert_eq!(written, crlf);
    assert_eq!(parse(written.trim_end()).unwrap(), tree);
}

#[test]
fn problem_tree_node_per_line() {
    let options = WriteOptions::new().layout(Layout::NodePerLine);
    let expected = format!(
        "{PROBLEM_ROOT}\n(;B[bb]C[正解]\n(;W[cb]\n;B[ca]C[ソ])\n(;W[ab]C[能]))\n(;B[ba]C[失敗]\n;W[bb]))\n"
    );
    assert_eq!(write_with(options, &problem_tree()), expected);
}

#[test]
fn root_properties_first_and_declared_charset() {
    let tree = SgfTree::new()
        .with("C", ["hi"])
        .with("SZ", ["9"])
        .with("AP", ["me:1"])
        .with("FF", ["4"])
        .with("GM", ["1"]);
    let options = WriteOptions::new()
        .root_properties_first(true)
        .declare_charset(true);
    assert_eq!(
        write_with(options, &tree),
        "(;FF[4]GM[1]SZ[9]CA[UTF-8]AP[me:1]C[hi])\n"
    );
    let declared = write_with(WriteOptions::new().declare_charset(true), &tree);
    assert_eq!(declared, "(;C[hi]SZ[9]AP[me:1]FF[4]GM[1]CA[UTF-8])\n");
    // By default a UTF-8 root without CA stays without, and order is kept.
    assert_eq!(write(&tree), "(;C[hi]SZ[9]AP[me:1]FF[4]GM[1])\n");
}

#[test]
fn a_wrong_ca_is_replaced_in_trees_and_events() {
    let input = "(;CA[ISO-8859-1]C[x];C[y];CA[kept in a non-root node])";
    let tree = parse(input).unwrap();
    let expected = "(;CA[UTF-8]C[x];C[y];CA[kept in a non-root node])\n";
    assert_eq!(write(&tree), expected);
    let piped = pass_through(WriteOptions::new(), input.as_bytes());
    assert_eq!(String::from_utf8(piped).unwrap(), expected);
    // Any label of the output charset is kept as it is.
    let piped = pass_through(WriteOptions::new(), b"(;CA[utf8];B[aa])");
    assert_eq!(piped, b"(;CA[utf8];B[aa])\n");
}

#[test]
fn events_get_ca_when_declared() {
    let options = WriteOptions::new().declare_charset(true);
    let piped = pass_through(
        options.clone(),
        b"(;GM[1];B[aa])(;GM[1])(;(;B[aa])(;B[bb]))",
    );
    assert_eq!(
        String::from_utf8(piped).unwrap(),
        "(;GM[1]CA[UTF-8];B[aa])\n(;GM[1]CA[UTF-8])\n(;CA[UTF-8](;B[aa])(;B[bb]))\n"
    );
}

#[test]
fn escaping_and_text_round_trip() {
    let values = [
        "a ] b \\ c",
        "\\",
        "]",
        "[not escaped",
        "colon: fine",
        "soft?\\\nno, a backslash then a line break",
        "trailing \\",
        "two\n\nbreaks",
        " spaces ",
        "",
        "ideographic\u{3000}space",
    ];
    let tree = SgfTree::new().with("C", values).with("GN", ["x]"]);
    let written = write(&tree);
    assert!(written.starts_with("(;C[a \\] b \\\\ c][\\\\][\\]][[not escaped][colon: fine]"));
    assert_eq!(parse(written.trim_end()).unwrap(), tree);
    let values: Vec<String> = Parser::new(written.as_bytes())
        .filter_map(|e| match e.unwrap() {
            Event::Property(id, v) if id == "C" => Some(
                v.iter()
                    .map(|v| v.text().unwrap().into_owned())
                    .collect::<Vec<_>>(),
            ),
            _ => None,
        })
        .next()
        .unwrap();
    assert_eq!(values, tree.get("C").unwrap());
}

#[test]
fn compose_values_escape_colons() {
    assert_eq!(
        sgf_stream::value::escape_compose("a:b", "c]\\"),
        "a\\:b:c\\]\\\\"
    );
    let mut writer = Writer::new(Vec::new());
    writer.start_game_tree().unwrap();
    writer.node().unwrap();
    writer
        .compose_property("LB", [("pd", "x:y"), ("dd", "]")])
        .unwrap();
    writer.compose_property("AR", [("aa", "bb")]).unwrap();
    writer.end_game_tree().unwrap();
    let written = writer.into_inner().unwrap();
    assert_eq!(written, b"(;LB[pd:x\\:y][dd:\\]]AR[aa:bb])\n");
}

#[test]
fn raw_values_pass_through_byte_for_byte() {
    let input = b"(;C[a\\]b \\q \\\n soft\r\nhard\tx]AB[aa]\n [bb]\t[cc];B[])";
    let piped = pass_through(WriteOptions::new(), input);
    assert_eq!(
        piped,
        b"(;C[a\\]b \\q \\\n soft\r\nhard\tx]AB[aa][bb][cc];B[])\n"
    );
}

fn error_of(steps: impl FnOnce(&mut Writer<Vec<u8>>) -> Result<(), WriteError>) -> WriteError {
    let mut writer = Writer::new(Vec::new());
    steps(&mut writer).unwrap_err()
}

#[test]
fn misuse_is_an_error_with_a_clear_message() {
    let err = error_of(|w| w.property("B", [RawValue::new(b"aa")]));
    assert!(matches!(&err, WriteError::PropertyOutsideNode(id) if id == "B"));
    assert_eq!(
        err.to_string(),
        "property `B` outside a node: start a node (`;`) first"
    );
    let err = error_of(|w| {
        w.start_game_tree()?;
        w.text_property("C", ["x"])
    });
    assert!(matches!(err, WriteError::PropertyOutsideNode(_)));
    let err = error_of(|w| w.end_game_tree());
    assert!(matches!(err, WriteError::NothingToClose));
    assert_eq!(
        err.to_string(),
        "end of a game tree with none open: unbalanced `)`"
    );
    let err = error_of(|w| w.node());
    assert!(matches!(err, WriteError::NodeOutsideTree));
    let err = error_of(|w| {
        w.start_game_tree()?;
        w.end_game_tree()
    });
    assert!(matches!(err, WriteError::EmptyTree));
    assert!(err.to_string().starts_with("empty game tree"));
    let err = error_of(|w| {
        w.start_game_tree()?;
        w.start_game_tree()
    });
    assert!(matches!(err, WriteError::EmptyTree));
    let err = error_of(|w| {
        w.start_game_tree()?;
        w.write_tree(&SgfTree::new())
    });
    assert!(matches!(err, WriteError::EmptyTree));
    let err = error_of(|w| {
        for event in Parser::new(b"(;A[1](;B[2]))").take(7) {
            w.write_event(&event.unwrap())?;
        }
        w.node()
    });
    assert!(matches!(err, WriteError::NodeAfterVariation));
    let err = error_of(|w| {
        w.start_game_tree()?;
        w.node()?;
        w.property("B", Vec::<RawValue>::new())
    });
    assert!(matches!(&err, WriteError::NoValues(id) if id == "B"));
}

#[test]
fn invalid_identifiers_are_refused() {
    for ident in ["", "b", "AddBlack", "B1", "É", "B W"] {
        let err = error_of(|w| {
            w.start_game_tree()?;
            w.node()?;
            w.text_property(ident, ["x"])
        });
        assert!(
            matches!(&err, WriteError::InvalidIdentifier(id) if id == ident),
            "{ident:?}"
        );
        assert!(err.to_string().contains("uppercase letters"));
    }
}

#[test]
fn a_failed_call_writes_nothing_and_the_writer_goes_on() {
    let mut writer = Writer::new(Vec::new());
    writer.start_game_tree().unwrap();
    writer.node().unwrap();
    let err = writer
        .property("C", [RawValue::new(b"fine"), RawValue::new(b"not]fine")])
        .unwrap_err();
    assert!(matches!(err, WriteError::UnescapedValue { offset: 3, .. }));
    assert!(writer.end_game_tree().is_ok());
    assert!(writer.end_game_tree().is_err());
    let bad = with(SgfTree::new(), [SgfTree::new().with("lower", ["x"])]);
    assert!(matches!(
        writer.write_tree(&bad),
        Err(WriteError::InvalidIdentifier(_))
    ));
    writer.write_tree(&node("B", "aa")).unwrap();
    assert_eq!(writer.into_inner().unwrap(), b"(;)\n(;B[aa])\n");
}

#[test]
fn a_bad_property_deep_in_a_big_tree_writes_nothing() {
    // Far more output than one buffer chunk, with the bad property last.
    let mut tree = SgfTree::new().with("Bad", ["x"]);
    for i in 0..20_000 {
        tree = with(node("C", &format!("node {i} with some text")), [tree]);
    }
    let mut writer = Writer::new(Vec::new());
    writer.write_tree(&node("GN", "first")).unwrap();
    let err = writer.write_tree(&tree).unwrap_err();
    assert!(matches!(&err, WriteError::InvalidIdentifier(id) if id == "Bad"));
    assert_eq!(writer.depth(), 0);
    writer.write_tree(&node("GN", "last")).unwrap();
    assert_eq!(writer.into_inner().unwrap(), b"(;GN[first])\n(;GN[last])\n");
}

#[test]
fn a_property_without_values_below_the_root_writes_nothing() {
    let empty: [&str; 0] = [];
    let bad = with(
        node("GM", "1"),
        [with(node("B", "aa"), [node("W", "bb").with("X", empty)])],
    );
    for options in [
        WriteOptions::new(),
        WriteOptions::new().layout(Layout::NodePerLine),
    ] {
        let mut writer = Writer::with_options(Vec::new(), options);
        let err = writer.write_tree(&bad).unwrap_err();
        assert!(
            matches!(&err, WriteError::NoValues(id) if id == "X"),
            "{err}"
        );
        writer.write_tree(&node("B", "aa")).unwrap();
        assert_eq!(writer.into_inner().unwrap(), b"(;B[aa])\n");
    }
}

#[test]
fn into_inner_refuses_open_trees() {
    let mut writer = Writer::new(Vec::new());
    writer.start_game_tree().unwrap();
    writer.node().unwrap();
    writer.start_game_tree().unwrap();
    writer.node().unwrap();
    assert_eq!(writer.depth(), 2);
    let err = writer.into_inner().unwrap_err();
    assert!(matches!(err, WriteError::Unclosed(2)));
    assert_eq!(err.to_string(), "2 game tree(s) still open: missing `)`");
}

#[test]
fn wrapped_lines_fit_and_soft_breaks_round_trip() {
    let long = "This comment is long enough to need several lines at forty columns, \
                with a ] bracket, a \\ backslash\nand a hard break; then \
                averyveryveryveryveryverylongwordwithoutanyspaceatallthatmustbesplit.";
    let tree = with(
        SgfTree::new()
            .with("GN", ["a game"])
            .with(
                "AB",
                ["aa", "bb", "cc", "dd", "ee", "ff", "gg", "hh", "ii", "jj"],
            )
            .with("C", [long]),
        [node("B", "pd").with("GC", [long])],
    );
    for width in [12, 40, 79] {
        let options = WriteOptions::new()
            .wrap(true)
            .width(width)
            .soft_breaks(true);
        let written = write_with(options, &tree);
        for line in written.lines() {
            assert!(line.chars().count() <= width, "{width}: {line:?}");
        }
        assert!(written.contains("\\\n"), "{written}");
        assert_eq!(parse(written.trim_end()).unwrap(), tree, "{written}");
    }
    // Without soft breaks a long value gets a line of its own.
    let options = WriteOptions::new().wrap(true).width(40);
    let written = write_with(options, &tree);
    assert!(!written.contains("\\\n"));
    assert!(written
        .lines()
        .any(|line| line.starts_with("C[This comment")));
    assert_eq!(parse(written.trim_end()).unwrap(), tree);
}

#[test]
fn wrapped_events_keep_raw_values() {
    let input =
        b"(;GM[1]FF[4]AB[aa][bb][cc][dd][ee][ff][gg][hh]C[a long comment \\] here];B[pd];W[dp])";
    let options = WriteOptions::new().wrap(true).width(16).soft_breaks(true);
    let piped = pass_through(options, input);
    let text = String::from_utf8(piped.clone()).unwrap();
    assert_eq!(
        text,
        "(;GM[1]FF[4]\nAB[aa][bb][cc]\n[dd][ee][ff][gg]\n[hh]\nC[a long comment \\] here]\n;B[pd];W[dp])\n"
    );
    assert_eq!(events(&piped), events(input));
}

/// Events with their values as owned bytes, whitespace between values
/// left out.
fn events(input: &[u8]) -> Vec<(String, Vec<Vec<u8>>)> {
    Parser::new(input)
        .map(|event| match event.unwrap() {
            Event::StartGameTree => ("(".into(), vec![]),
            Event::Node => (";".into(), vec![]),
            Event::EndGameTree => (")".into(), vec![]),
            Event::Property(id, values) => (
                id.as_str().to_string(),
                values.iter().map(|v| v.as_bytes().to_vec()).collect(),
            ),
        })
        .collect()
}

/// Whether two inputs give the same events (values compared one by one,
/// so whitespace between values does not count).
fn same_events(a: &[u8], b: &[u8]) -> bool {
    let mut a = Parser::new(a);
    let mut b = Parser::new(b);
    loop {
        match (a.next(), b.next()) {
            (None, None) => return true,
            (Some(Ok(Event::Property(x, xs))), Some(Ok(Event::Property(y, ys)))) => {
                if x != y || !xs.iter().eq(ys.iter()) {
                    return false;
                }
            }
            (Some(Ok(x)), Some(Ok(y))) if x == y => {}
            _ => return false,
        }
    }
}

#[test]
fn corpus_round_trips() {
    let Some(files) = common::corpus_files() else {
        return;
    };
    let layouts = [
        WriteOptions::new(),
        WriteOptions::new()
            .layout(Layout::NodePerLine)
            .newline(Newline::CrLf)
            .wrap(true),
    ];
    for (at, file) in files.iter().enumerate() {
        let input = std::fs::read(file).unwrap();
        let name = file.display();
        let trees = parse_collection(&input).unwrap_or_else(|e| panic!("{name}: {e}"));
        for tree in &trees {
            let written = write(tree);
            assert!(parse(written.trim_end()).unwrap() == *tree, "{name}");
        }
        // Each layout on every other file: half the time, same coverage.
        let options = &layouts[at % layouts.len()];
        let piped = pass_through(options.clone(), &input);
        assert!(same_events(&piped, &input), "{name}");
    }
}

#[cfg(feature = "encoding")]
mod shift_jis {
    use super::*;
    use sgf_stream::Charset;

    #[test]
    fn round_trip_with_second_byte_0x5c() {
        let tree = problem_tree().with("C", ["表 ソ 能 \\ ]"]);
        let options = WriteOptions::new()
            .charset(Charset::ShiftJis)
            .newline(Newline::CrLf)
            .variations_on_new_lines(true)
            .root_properties_first(true);
        let mut writer = Writer::with_options(Vec::new(), options);
        writer.write_tree(&tree).unwrap();
        let bytes = writer.into_inner().unwrap();
        // 表 is 95 5C: written as encoded, no extra backslash.
        assert!(bytes.windows(2).any(|w| w == [0x95, 0x5c]));
        assert!(!bytes.windows(3).any(|w| w == [0x95, 0x5c, 0x5c]));
        let (text, _, bad) = encoding_rs::SHIFT_JIS.decode(&bytes);
        assert!(!bad);
        assert!(text.starts_with(
            "(;FF[3]GM[1]SZ[19]CA[Shift_JIS]AP[maeda-igo Ver-1]AB[cc][dd]AW[pp][qq]N[詰碁 1]C[表 ソ 能 \\\\ \\]]\r\n(;B[bb]"
        ));
        let expected = tree.clone().with("CA", ["Shift_JIS"]);
        let mut again = parse(text.trim_end()).unwrap();
        // Root properties moved first: compare them as sets.
        let sorted = |t: &mut SgfTree| {
            let mut props = t.take_properties();
            props.sort();
            for (ident, values) in props {
                t.push_property(&ident, values);
            }
        };
        let mut expected = expected;
        sorted(&mut again);
        sorted(&mut expected);
        assert_eq!(again, expected);
    }

    #[test]
    fn events_are_re_encoded_and_ca_replaced() {
        let input = "(;CA[UTF-8]GN[表]C[能\\]];B[aa]C[ソ])";
        let piped = pass_through(
            WriteOptions::new().charset(Charset::ShiftJis),
            input.as_bytes(),
        );
        let (text, _, bad) = encoding_rs::SHIFT_JIS.decode(&piped);
        assert!(!bad);
        assert_eq!(text, "(;CA[Shift_JIS]GN[表]C[能\\]];B[aa]C[ソ])\n");
        let piped = pass_through(
            WriteOptions::new().charset(Charset::ShiftJis),
            "(;GN[表];B[aa])".as_bytes(),
        );
        let (text, _, _) = encoding_rs::SHIFT_JIS.decode(&piped);
        assert_eq!(text, "(;GN[表]CA[Shift_JIS];B[aa])\n");
    }

    #[test]
    fn other_legacy_charsets() {
        let tree = node("C", "棋譜 바둑");
        for (charset, encoding, name) in [
            (Charset::Gb18030, encoding_rs::GB18030, "GB18030"),
            (Charset::EucKr, encoding_rs::EUC_KR, "EUC-KR"),
        ] {
            let mut writer = Writer::with_options(Vec::new(), WriteOptions::new().charset(charset));
            writer.write_tree(&tree).unwrap();
            let bytes = writer.into_inner().unwrap();
            let (text, _, bad) = encoding.decode(&bytes);
            assert!(!bad, "{name}");
            assert_eq!(text, format!("(;C[棋譜 바둑]CA[{name}])\n"));
        }
        let mut writer =
            Writer::with_options(Vec::new(), WriteOptions::new().charset(Charset::Big5));
        let err = writer.write_tree(&tree).unwrap_err();
        assert_eq!(
            err.to_string(),
            "character '바' (U+BC14) in `C` cannot be encoded in Big5"
        );
        assert_eq!(writer.into_inner().unwrap(), b"");
    }

    #[test]
    fn unencodable_characters_are_errors() {
        let mut writer =
            Writer::with_options(Vec::new(), WriteOptions::new().charset(Charset::ShiftJis));
        writer.start_game_tree().unwrap();
        writer.node().unwrap();
        let err = writer.text_property("C", ["ok", "smile 😀"]).unwrap_err();
        assert!(matches!(
            err,
            WriteError::Unencodable {
                character: '😀',
                ..
            }
        ));
        assert!(err.to_string().contains("U+1F600"));
        let err = writer.text_property("C", ["¥100"]).unwrap_err();
        assert!(matches!(
            err,
            WriteError::Unencodable {
                character: '¥', ..
            }
        ));
        let err = writer.property("C", [RawValue::new(b"\xff")]).unwrap_err();
        assert!(matches!(err, WriteError::NotUtf8 { offset: 0, .. }));
        writer.text_property("C", ["表"]).unwrap();
        writer.end_game_tree().unwrap();
        let bytes = writer.into_inner().unwrap();
        assert_eq!(bytes, b"(;C[\x95\x5c]CA[Shift_JIS])\n");
    }
}

/// Values in the normal form Text decoding gives.
fn text_value() -> impl Strategy<Value = String> {
    proptest::collection::vec(
        prop_oneof![
            4 => any::<char>().prop_filter("normal form", |c| !matches!(c, '\t' | '\r' | '\x0b' | '\x0c')),
            2 => prop_oneof![Just(']'), Just('\\'), Just('['), Just(':'), Just('\n'), Just(' '), Just(';'), Just(')')],
        ],
        0..30,
    )
    .prop_map(|chars| chars.into_iter().collect())
}

fn random_node() -> impl Strategy<Value = SgfTree> {
    // Not `CA`: the writer replaces a root `CA` that does not name the
    // charset it writes (tests/writer_root_ca.rs checks that rule).
    let ident = prop_oneof![
        Just("C".to_string()),
        Just("GC".to_string()),
        "[A-Z]{1,3}".prop_filter("not CA", |id| id != "CA")
    ];
    proptest::collection::btree_map(ident, proptest::collection::vec(text_value(), 1..4), 0..4)
        .prop_map(|props| {
            let mut node = SgfTree::new();
            for (id, values) in props {
                node.set(&id, values);
            }
            node
        })
}

fn random_tree() -> impl Strategy<Value = SgfTree> {
    random_node().prop_recursive(5, 40, 4, |inner| {
        (random_node(), proptest::collection::vec(inner, 0..4))
            .prop_map(|(node, children)| with(node, children))
    })
}

fn random_options() -> impl Strategy<Value = WriteOptions> {
    (any::<[bool; 5]>(), 4usize..100).prop_map(|(flags, width)| {
        WriteOptions::new()
            .layout(if flags[0] {
                Layout::NodePerLine
            } else {
                Layout::OneLine
            })
            .newline(if flags[1] { Newline::CrLf } else { Newline::Lf })
            .wrap(flags[2])
            .soft_breaks(flags[3])
            .variations_on_new_lines(flags[4])
            .width(width)
    })
}

proptest! {
    #[test]
    fn random_trees_round_trip(tree in random_tree(), options in random_options()) {
        let written = write_with(options.clone(), &tree);
        let again = parse(written.trim_end())
            .map_err(|e| TestCaseError::fail(format!("{e}: {written}")))?;
        prop_assert_eq!(&again, &tree);
        let piped = pass_through(options, written.as_bytes());
        prop_assert_eq!(events(&piped), events(written.as_bytes()));
    }
}

const STACK: usize = 256 * 1024;

#[test]
fn a_million_moves_on_a_small_stack() {
    common::on_small_stack(STACK, || {
        let mut sgf = String::from("(;SZ[19]");
        for i in 0..1_000_000usize {
            sgf.push(';');
            sgf.push(if i % 2 == 0 { 'B' } else { 'W' });
            sgf.push('[');
            sgf.push((b'a' + (i % 19) as u8) as char);
            sgf.push((b'a' + (i / 19 % 19) as u8) as char);
            sgf.push(']');
        }
        sgf.push(')');
        let tree = parse(&sgf).unwrap();
        assert_eq!(write(&tree), format!("{sgf}\n"));
        let piped = pass_through(WriteOptions::new(), sgf.as_bytes());
        assert_eq!(piped, format!("{sgf}\n").as_bytes());
    });
}

#[test]
fn a_hundred_thousand_nested_variations_on_a_small_stack() {
    common::on_small_stack(STACK, || {
        let depth = 100_000;
        let mut sgf = String::new();
        for i in 0..depth {
            sgf.push_str(&format!("(;C[{i}]"));
        }
        sgf.push_str(&")".repeat(depth));
        let tree = parse(&sgf).unwrap();
        // Only children: a single line with no variation.
        let expected: String = (0..depth).map(|i| format!(";C[{i}]")).collect();
        assert_eq!(write(&tree), format!("({expected})\n"));
        let piped = pass_through(
            WriteOptions::new().layout(Layout::NodePerLine),
            sgf.as_bytes(),
        );
        assert_eq!(piped.iter().filter(|&&b| b == b'(').count(), depth);
        assert!(same_events(&piped, sgf.as_bytes()));
        // Each node with two children: 100,000 levels of real variations.
        let mut deep = SgfTree::new();
        for i in 0..depth {
            deep = with(node("C", &i.to_string()), [deep, node("B", "aa")]);
        }
        let written = write(&deep);
        assert_eq!(written.matches('(').count(), 2 * depth + 1);
        assert!(parse(written.trim_end()).unwrap() == deep);
    });
}
