//! The reader against the plain machine: its hot path, spans, errors
//! and positions must be the machine's.

use super::found::ascii_str;
use super::*;
use crate::machine::HOT_PATH_PIECES;
use proptest::prelude::*;

type Item<'a> = Result<(Event<'a>, Range<u64>), Error>;

/// The machine's events with nothing but `step` (none of the parser's
/// own hot path): the reference.
fn plain(input: &[u8], limits: Limits) -> Vec<Item<'_>> {
    let mut machine = Machine::new(limits);
    let mut pos = 0;
    let mut out = Vec::new();
    loop {
        match machine.step(input, &mut pos, true) {
            Step::Token(token, start, end) => out.push(Ok((
                token_event(input, token, start, end),
                start as u64..end as u64,
            ))),
            Step::Error(kind, at) => {
                let position = crate::Position::locate(input, at);
                out.push(Err(Error::new(kind, position)));
                return out;
            }
            _ => return out,
        }
    }
}

/// Checks the parser's events, spans, errors and positions against
/// [`plain`].
fn check(input: &[u8], limits: Limits) -> Result<(), TestCaseError> {
    let mut parser = ReaderBuilder::new().limits(limits).from_slice(input);
    let mut got = Vec::new();
    while let Some(item) = parser.next_spanned().transpose() {
        if let Ok((_, span)) = &item {
            prop_assert_eq!(parser.position(), span.end);
        }
        got.push(item);
    }
    prop_assert_eq!(&got, &plain(input, limits), "on {:?}", input);
    Ok(())
}

fn pieces() -> impl Strategy<Value = Vec<u8>> {
    proptest::collection::vec(0..HOT_PATH_PIECES.len(), 0..40).prop_map(|picks| {
        let mut input = b"(;".to_vec();
        for pick in picks {
            input.extend_from_slice(HOT_PATH_PIECES[pick]);
        }
        input
    })
}

fn limits() -> impl Strategy<Value = Limits> {
    (0usize..10, 0u32..3, 0u32..4, 0usize..4).prop_map(|(len, values, props, ident)| Limits {
        max_value_len: len,
        max_values_per_property: values,
        max_properties_per_node: props,
        max_ident_len: ident,
        ..Limits::default()
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn hot_path_matches_the_machine(input in pieces(), cut in 0usize..1000) {
        check(&input, Limits::default())?;
        check(&input[..cut.min(input.len())], Limits::default())?;
    }

    #[test]
    fn hot_path_keeps_the_limits(input in pieces(), limits in limits()) {
        check(&input, limits)?;
    }

    #[test]
    fn hot_path_matches_on_random_bytes(
        input in proptest::collection::vec(
            prop_oneof![
                Just(b';'), Just(b'['), Just(b']'), Just(b'\\'), Just(b' '),
                Just(b'\n'), Just(b'('), Just(b')'), b'A'..=b'C', b'a'..=b'c', any::<u8>()
            ],
            0..200,
        )
    ) {
        let mut input = input;
        input.splice(0..0, *b"(;");
        check(&input, Limits::default())?;
    }
}

#[test]
fn hot_path_matches_on_the_test_files() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data");
    for entry in std::fs::read_dir(dir).expect("tests/data") {
        let input = std::fs::read(entry.expect("entry").path()).expect("file");
        check(&input, Limits::default()).unwrap();
        check(&input[..input.len() / 2], Limits::default()).unwrap();
    }
}

#[test]
fn identifiers_from_tables_equal_their_bytes() {
    for a in b'A'..=b'Z' {
        assert_eq!(ascii_str(&[a]).as_bytes(), [a]);
        for b in b'A'..=b'Z' {
            assert_eq!(ascii_str(&[a, b]).as_bytes(), [a, b]);
        }
    }
    assert_eq!(ascii_str(b"MULTIGOGM"), "MULTIGOGM");
}
