//! The writer's root `CA`: every call that can write one follows one
//! rule (kept when it names the output charset, else replaced by the
//! charset's name; added on leaving a root without one when the output
//! must declare it), and a refused call changes nothing.

use proptest::prelude::*;
use sgf_stream::event::RawValue;
use sgf_stream::{parse_collection, Charset, ReaderBuilder, WriteError, WriteOptions, Writer};

/// The output of `calls` on a fresh writer with `options`.
fn written(
    options: WriteOptions,
    calls: impl FnOnce(&mut Writer<Vec<u8>>) -> Result<(), WriteError>,
) -> Vec<u8> {
    let mut writer = Writer::with_options(Vec::new(), options);
    calls(&mut writer).unwrap();
    writer.into_inner().unwrap()
}

/// Issue 18, item 8 (a): `compose_property("CA", ..)` in the root went
/// past the root-`CA` rule, so a second `CA` was added after it.
#[test]
fn compose_property_ca_in_the_root_follows_the_root_ca_rule() {
    let calls = |writer: &mut Writer<Vec<u8>>| {
        writer.start_game_tree()?;
        writer.node()?;
        writer.compose_property("CA", [("a", "b")])?;
        writer.end_game_tree()
    };
    let declared = written(WriteOptions::new().declare_charset(true), calls);
    assert_eq!(declared, b"(;CA[UTF-8])\n");
    assert!(parse_collection(&declared).is_ok());
    assert_eq!(written(WriteOptions::new(), calls), b"(;CA[UTF-8])\n");
    #[cfg(feature = "encoding")]
    assert_eq!(
        written(WriteOptions::new().charset(Charset::ShiftJis), calls),
        b"(;CA[Shift_JIS])\n"
    );
}

/// Issue 18, item 8 (b): a refused `CA` call (no values) marked the root
/// as having a `CA`, so none was added and the Korean text after it read
/// back in another charset.
#[cfg(feature = "encoding")]
#[test]
fn a_refused_ca_call_leaves_the_root_without_ca() {
    let refused = [
        |writer: &mut Writer<Vec<u8>>| writer.text_property("CA", Vec::<&str>::new()),
        |writer: &mut Writer<Vec<u8>>| writer.property("CA", []),
        |writer: &mut Writer<Vec<u8>>| writer.compose_property("CA", Vec::<(&str, &str)>::new()),
    ];
    for refuse in refused {
        let bytes = written(WriteOptions::new().charset(Charset::EucKr), |writer| {
            writer.start_game_tree()?;
            writer.node()?;
            assert!(matches!(refuse(writer), Err(WriteError::NoValues(_))));
            writer.text_property("C", ["흑 승"])?;
            writer.end_game_tree()
        });
        let (text, _, bad) = encoding_rs::EUC_KR.decode(&bytes);
        assert!(!bad);
        assert_eq!(text, "(;C[흑 승]CA[EUC-KR])\n");
        let parsed = ReaderBuilder::new().read_collection(&bytes).unwrap();
        assert_eq!(parsed.charset.charset, "EUC-KR");
        assert_eq!(parsed.trees[0].get("C").unwrap(), ["흑 승"]);
    }
}

/// One writer call of a random sequence.
#[derive(Debug, Clone)]
enum Call {
    Start,
    Node,
    End,
    Raw(&'static str, Vec<&'static [u8]>),
    Text(&'static str, Vec<&'static str>),
    Compose(&'static str, Vec<(&'static str, &'static str)>),
}

impl Call {
    /// The property this call writes, if it writes one.
    fn ident(&self) -> Option<&'static str> {
        match self {
            Call::Raw(ident, _) | Call::Text(ident, _) | Call::Compose(ident, _) => Some(ident),
            Call::Start | Call::Node | Call::End => None,
        }
    }

    fn run(&self, writer: &mut Writer<Vec<u8>>) -> Result<(), WriteError> {
        match self {
            Call::Start => writer.start_game_tree(),
            Call::Node => writer.node(),
            Call::End => writer.end_game_tree(),
            Call::Raw(ident, values) => {
                writer.property(ident, values.iter().map(|v| RawValue::new(v)))
            }
            Call::Text(ident, values) => writer.text_property(ident, values),
            Call::Compose(ident, values) => writer.compose_property(ident, values.iter().copied()),
        }
    }
}

const IDENTS: &[&str] = &["CA", "CA", "C", "GN"];
const VALUES: &[&str] = &[
    "a",
    "UTF-8",
    " utf8 ",
    "Shift_JIS",
    "EUC-KR",
    "GB2312",
    "Big5",
    "latin1",
    "a:b",
    "흑",
    "表",
    "x]y",
    "",
];

/// Raw values: `VALUES` and two that are not UTF-8.
const RAW_VALUES: &[&[u8]] = &[
    b"a",
    b"UTF-8",
    b"Shift_JIS",
    b"GB2312",
    b"a:b",
    b"x]y",
    b"",
    b"\x88\xcd",
    b"a\xff",
];

/// A random call: identifiers from `idents`, text from `texts`, raw
/// values from `raws`.
fn call(
    idents: &'static [&'static str],
    texts: &'static [&'static str],
    raws: &'static [&'static [u8]],
) -> impl Strategy<Value = Call> {
    let ident = move || proptest::sample::select(idents);
    let text = move || proptest::sample::select(texts);
    let texts = move || proptest::collection::vec(text(), 0..3);
    let raws = proptest::collection::vec(proptest::sample::select(raws), 0..3);
    let pairs = proptest::collection::vec((text(), text()), 0..3);
    prop_oneof![
        2 => Just(Call::Start),
        3 => Just(Call::Node),
        2 => Just(Call::End),
        2 => (ident(), raws).prop_map(|(i, v)| Call::Raw(i, v)),
        3 => (ident(), texts()).prop_map(|(i, v)| Call::Text(i, v)),
        1 => (ident(), pairs).prop_map(|(i, v)| Call::Compose(i, v)),
    ]
}

/// Raw values from `VALUES`: all UTF-8.
fn utf8_values() -> &'static [&'static [u8]] {
    let raws: Vec<&'static [u8]> = VALUES.iter().map(|v| v.as_bytes()).collect();
    Box::leak(raws.into_boxed_slice())
}

fn charset() -> impl Strategy<Value = Charset> {
    #[cfg(feature = "encoding")]
    let all = vec![
        Charset::Utf8,
        Charset::ShiftJis,
        Charset::Gb18030,
        Charset::EucKr,
        Charset::Big5,
    ];
    #[cfg(not(feature = "encoding"))]
    let all = vec![Charset::Utf8];
    proptest::sample::select(all)
}

/// Runs `calls` (leaving out those at the indexes in `skip`, and a
/// property a node already has, which would repeat it), closes what is
/// open, and returns the output and the indexes of the calls refused.
fn run(options: &WriteOptions, calls: &[Call], skip: &[usize]) -> (Vec<u8>, Vec<usize>) {
    let mut writer = Writer::with_options(Vec::new(), options.clone());
    let mut in_node: Vec<&str> = Vec::new();
    let mut refused = Vec::new();
    for (at, call) in calls.iter().enumerate() {
        if skip.contains(&at) || call.ident().is_some_and(|i| in_node.contains(&i)) {
            continue;
        }
        match call.run(&mut writer) {
            Ok(()) => match call.ident() {
                Some(ident) => in_node.push(ident),
                None => in_node.clear(),
            },
            Err(WriteError::Io(err)) => panic!("{err}"),
            Err(_) => refused.push(at),
        }
    }
    while writer.depth() > 0 {
        if let Err(WriteError::EmptyTree) = writer.end_game_tree() {
            writer.node().unwrap();
        }
    }
    (writer.into_inner().unwrap(), refused)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// Whatever the calls, the output parses, and each game's root has
    /// one `CA` naming the charset written (none for plain UTF-8 unless
    /// one was written); and a refused call changes nothing: leaving the
    /// refused calls out gives the same output.
    #[test]
    fn random_calls_write_one_root_ca_naming_the_output_charset(
        calls in proptest::collection::vec(call(IDENTS, VALUES, utf8_values()), 0..24),
        charset in charset(),
        declare in any::<bool>(),
    ) {
        let options = WriteOptions::new().charset(charset).declare_charset(declare);
        let (bytes, refused) = run(&options, &calls, &[]);
        let (again, none) = run(&options, &calls, &refused);
        prop_assert!(none.is_empty(), "refused on the second run: {:?}", none);
        prop_assert_eq!(&again, &bytes);
        if bytes.is_empty() {
            return Ok(()); // no game: nothing to parse
        }
        let parsed = ReaderBuilder::new().read_collection(&bytes);
        let parsed = parsed.map_err(|err| TestCaseError::fail(format!("{err}: {bytes:?}")))?;
        for tree in &parsed.trees {
            match tree.get("CA") {
                Some(ca) => prop_assert_eq!(Charset::for_label(&ca[0]), Some(charset)),
                None => prop_assert!(charset == Charset::Utf8 && !declare),
            }
        }
    }
}

/// Issue 18, item 3: Shift_JIS bytes passed through as events were
/// labelled UTF-8 when the writer replaced the root's `CA`. Now the game
/// fails with `NotUtf8` and nothing of it is written; the games around it
/// are written as they came.
#[test]
fn legacy_bytes_are_not_relabelled_utf8() {
    use sgf_stream::Parser;
    let game = b"(;CA[Shift_JIS]C[\x88\xcd\x8c\xe9])";
    let mut writer = Writer::new(Vec::new());
    let mut errors = Vec::new();
    for event in Parser::new(game) {
        if let Err(err) = writer.write_event(&event.unwrap()) {
            errors.push(err);
            break;
        }
    }
    assert!(
        matches!(&errors[..], [WriteError::NotUtf8 { ident, offset: 0, charset: Charset::Utf8 }] if ident == "C"),
        "{errors:?}"
    );
    // The refused game is open until its `)`, which never came; nothing
    // of it was written, so the output is not cut short.
    assert_eq!(writer.depth(), 1);
    assert_eq!(writer.into_inner().unwrap(), b"");
}

/// The other ways of writing a root `CA` for such bytes: a `CA` added by
/// `declare_charset`, raw values before the `CA`, a `CompactTree`.
#[test]
fn every_way_to_label_legacy_bytes_utf8_fails_the_game() {
    use sgf_stream::{CompactTree, Parser};
    let games: [&[u8]; 3] = [
        b"(;C[\x88\xcd]CA[Shift_JIS];B[aa])",
        b"(;CA[Shift_JIS];B[aa]C[\x88\xcd])",
        b"(;GM[1];B[aa]C[\x88\xcd])",
    ];
    for game in games {
        let options = WriteOptions::new().declare_charset(true);
        let mut writer = Writer::with_options(Vec::new(), options.clone());
        let failed =
            Parser::new(game).try_for_each(|event| writer.write_event(&event.unwrap()).map(drop));
        assert!(
            matches!(failed, Err(WriteError::NotUtf8 { .. })),
            "{failed:?}"
        );
        assert_eq!(writer.into_inner().unwrap(), b"", "{game:?}");

        let compact = CompactTree::from_bytes(game.to_vec()).unwrap();
        let mut writer = Writer::with_options(Vec::new(), options);
        let failed = writer.write_tree(&compact.root().unwrap());
        assert!(
            matches!(failed, Err(WriteError::NotUtf8 { .. })),
            "{failed:?}"
        );
        assert_eq!(writer.into_inner().unwrap(), b"", "{game:?}");
    }
    // Without a `CA` to write, bytes pass through as they are.
    let game = b"(;GM[1];B[aa]C[\x88\xcd])";
    let mut writer = Writer::new(Vec::new());
    for event in Parser::new(game) {
        writer.write_event(&event.unwrap()).unwrap();
    }
    assert_eq!(writer.into_inner().unwrap(), [&game[..], b"\n"].concat());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// Issue 18, item 3 at random: UTF-8 output, a `CA` in every root by
    /// the writer (declared, or replacing a label of another charset),
    /// raw values sometimes not UTF-8. Every game written is UTF-8: a game
    /// with a raw value that is not is left out whole.
    #[test]
    fn random_games_labelled_utf8_by_the_writer_are_utf8(
        calls in proptest::collection::vec(
            call(&["CA", "C", "GN"], &["a", "Shift_JIS", "흑"], RAW_VALUES), 0..32),
    ) {
        let calls: Vec<Call> = calls
            .into_iter()
            .filter(|call| !matches!(call, Call::Raw("CA", values) if values.first().is_some_and(|v| v.starts_with(b"UTF"))))
            .collect();
        let options = WriteOptions::new().declare_charset(true);
        let (bytes, _) = run(&options, &calls, &[]);
        prop_assert!(std::str::from_utf8(&bytes).is_ok(), "{:?}", bytes);
        if bytes.is_empty() {
            return Ok(()); // no game: nothing to parse
        }
        let trees = parse_collection(&bytes);
        let trees = trees.map_err(|err| TestCaseError::fail(format!("{err}: {bytes:?}")))?;
        for tree in &trees {
            prop_assert_eq!(tree.get("CA").map(|ca| ca == ["UTF-8"]), Some(true));
        }
    }
}
