//! Each error kind, with its exact position.

use sgf_stream::{
    parse, parse_collection, ErrorKind, Limits, Parser, ReaderBuilder, TreeErrorKind,
};

/// An error's kind, line, column and byte offset.
type Found = (ErrorKind, u32, u32, u64);

/// Parses `input` as a collection and returns what its error was.
fn error_of(input: &str) -> Found {
    let err = parse_collection(input.as_bytes()).unwrap_err();
    (err.kind().clone(), err.line(), err.column(), err.offset())
}

#[test]
fn each_kind_at_its_position() {
    use ErrorKind::*;
    let cases: Vec<(&str, Found)> = vec![
        ("", (TreeMissing, 1, 1, 0)),
        ("  \n ;", (TreeMissing, 2, 2, 4)),
        ("x(;)", (TreeMissing, 1, 1, 0)),
        ("(\n)", (TreeWithNoNodes, 2, 1, 2)),
        ("((;A[b]))", (TreeWithNoNodes, 1, 2, 1)),
        ("(;A)", (PropertiesWithoutDelimiter, 1, 4, 3)),
        ("(;AB C[d])", (PropertiesWithoutDelimiter, 1, 6, 5)),
        ("(;AB", (PropertiesWithoutDelimiter, 1, 5, 4)),
        ("(;a[b])", (PropertyNotUppercase, 1, 3, 2)),
        ("(;Aa[b])", (PropertyNotUppercase, 1, 4, 3)),
        ("(;A[b]\n;C[d", (UnclosedValue, 2, 3, 9)),
        ("(;A[b][c\\]", (UnclosedValue, 1, 7, 6)),
        ("(;A[b\\", (EscapeAtEnd, 1, 6, 5)),
        ("(;A[b]", (UnclosedTree, 1, 7, 6)),
        ("(;A[b](;C[d])", (UnclosedTree, 1, 14, 13)),
        ("(A[b])", (MissingNode(b'A'), 1, 2, 1)),
        ("(;A[b] ! )", (UnexpectedByte(b'!'), 1, 8, 7)),
        ("(;A[b](;C[d]);E[f])", (NodeAfterVariation, 1, 14, 13)),
        ("(;A[b])\r\n\r\nxyz", (TrailingText(b'x'), 3, 1, 11)),
        (
            "(;A[b]B[c]A[d])",
            (Tree(TreeErrorKind::RepeatedProperty("A".into())), 1, 11, 10),
        ),
    ];
    for (input, expected) in cases {
        assert_eq!(error_of(input), expected, "{input:?}");
    }
}

#[test]
fn invalid_utf8_is_reported_at_the_byte() {
    let err = parse_collection(b"(;C[ok]\r\n;C[ab\xff])").unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::Tree(TreeErrorKind::InvalidUtf8));
    assert_eq!((err.line(), err.column(), err.offset()), (2, 6, 14));
}

#[test]
fn extra_game_tree_for_parse_only() {
    let err = parse("(;A[b])\n(;C[d])").unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::Tree(TreeErrorKind::ExtraGameTree));
    assert_eq!((err.line(), err.column()), (2, 1));
    assert_eq!(parse_collection(b"(;A[b])\n(;C[d])").unwrap().len(), 2);
}

#[test]
fn display_adds_the_position() {
    let err = parse("(;A[b]\n\n;C[hello").unwrap_err();
    assert_eq!(
        err.to_string(),
        "value never closed: missing `]` at line 3, column 3 (byte 10)"
    );
    let err = parse("(;A[b] \x01)").unwrap_err();
    assert_eq!(
        err.to_string(),
        "unexpected byte 0x01 in a node: expected a property, `;`, `(` or `)` at line 1, column 8 (byte 7)"
    );
}

#[test]
fn cr_only_line_ends_count() {
    let err = parse("(;A[b]\r;C[d]\r\r(x").unwrap_err();
    assert_eq!((err.line(), err.column(), err.offset()), (4, 2, 15));
}

#[test]
fn parser_stops_after_the_first_error() {
    let mut parser = Parser::new(b"(;A[b])junk(;C[d])");
    let items: Vec<_> = parser.by_ref().collect();
    assert_eq!(items.len(), 5);
    assert!(items[4].is_err());
    assert!(parser.next().is_none());
}

#[test]
fn limits_are_errors() {
    let run = |input: &[u8], limits: Limits| {
        ReaderBuilder::new()
            .limits(limits)
            .from_slice(input)
            .find_map(Result::err)
            .map(|err| (err.kind().clone(), err.offset()))
    };
    let default = Limits::default();
    assert_eq!(
        run(
            b"(;C[abcdef])",
            Limits {
                max_value_len: 5,
                ..default
            }
        ),
        Some((ErrorKind::ValueTooLong(5), 3))
    );
    assert_eq!(
        run(
            b"(;C[abcde])",
            Limits {
                max_value_len: 5,
                ..default
            }
        ),
        None
    );
    assert_eq!(
        run(
            b"(;A[1]B[2]C[3])",
            Limits {
                max_properties_per_node: 2,
                ..default
            }
        ),
        Some((ErrorKind::TooManyProperties(2), 10))
    );
    assert_eq!(
        run(
            b"(;A[1][2][3])",
            Limits {
                max_values_per_property: 2,
                ..default
            }
        ),
        Some((ErrorKind::TooManyValues(2), 9))
    );
    assert_eq!(
        run(
            b"(;(;(;)))",
            Limits {
                max_depth: 2,
                ..default
            }
        ),
        Some((ErrorKind::TooDeep(2), 4))
    );
}

#[test]
fn no_panic_on_any_prefix_or_byte() {
    let input = b"(;FF[4]C[a\\]b]AB[aa][bb](;B[cc];W[dd])(;B[ee]))";
    for end in 0..=input.len() {
        let _ = parse_collection(&input[..end]);
    }
    for byte in 0..=255u8 {
        for at in 0..input.len() {
            let mut copy = input.to_vec();
            copy[at] = byte;
            let _ = parse_collection(&copy);
        }
    }
}
