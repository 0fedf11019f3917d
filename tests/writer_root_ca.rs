//! The writer's root `CA`: every call that can write one follows one
//! rule (kept when it names the output charset, else replaced by the
//! charset's name; added on leaving a root without one when the output
//! must declare it), and a refused call changes nothing.

use proptest::prelude::*;
use sgf_stream::{
    parse_collection, parse_collection_with, Charset, ParseOptions, RawValue, WriteError,
    WriteOptions, Writer,
};

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
        let parsed = parse_collection_with(&bytes, &ParseOptions::strict()).unwrap();
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
    Raw(&'static str, Vec<&'static str>),
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
                writer.property(ident, values.iter().map(|v| RawValue::new(v.as_bytes())))
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

fn call() -> impl Strategy<Value = Call> {
    let ident = || proptest::sample::select(IDENTS);
    let value = || proptest::sample::select(VALUES);
    let values = || proptest::collection::vec(value(), 0..3);
    let pairs = proptest::collection::vec((value(), value()), 0..3);
    prop_oneof![
        2 => Just(Call::Start),
        3 => Just(Call::Node),
        2 => Just(Call::End),
        2 => (ident(), values()).prop_map(|(i, v)| Call::Raw(i, v)),
        3 => (ident(), values()).prop_map(|(i, v)| Call::Text(i, v)),
        1 => (ident(), pairs).prop_map(|(i, v)| Call::Compose(i, v)),
    ]
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
        calls in proptest::collection::vec(call(), 0..24),
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
        let parsed = parse_collection_with(&bytes, &ParseOptions::strict());
        let parsed = parsed.map_err(|err| TestCaseError::fail(format!("{err}: {bytes:?}")))?;
        for tree in &parsed.trees {
            match tree.get("CA") {
                Some(ca) => prop_assert_eq!(Charset::for_label(&ca[0]), Some(charset)),
                None => prop_assert!(charset == Charset::Utf8 && !declare),
            }
        }
    }
}
