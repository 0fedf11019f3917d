//! Hostile inputs: each gives a result or a clear error, without a panic,
//! in bounded memory.

mod common;

use common::on_small_stack;
use sgf_stream::{parse, parse_collection, ErrorKind, Event, Parser, TreeErrorKind};

/// The `n`th distinct uppercase identifier (A, B, ..., Z, AA, AB, ...).
fn ident(mut n: usize) -> String {
    let mut out = Vec::new();
    loop {
        out.push(b'A' + (n % 26) as u8);
        n /= 26;
        if n == 0 {
            break;
        }
        n -= 1;
    }
    out.reverse();
    String::from_utf8(out).unwrap()
}

#[test]
fn a_million_properties_in_one_node() {
    let mut sgf = String::from("(;");
    for i in 0..1_000_000 {
        sgf.push_str(&ident(i));
        sgf.push_str("[]");
    }
    sgf.push(')');
    let tree = parse(&sgf).unwrap();
    assert_eq!(tree.properties().len(), 1_000_000);
    assert_eq!(tree.properties().last().unwrap().0, ident(999_999));
    // The same identifier twice among them is still found.
    sgf.insert_str(sgf.len() - 1, "ZZ[]");
    let err = parse(&sgf).unwrap_err();
    assert_eq!(
        err.kind(),
        &ErrorKind::Tree(TreeErrorKind::RepeatedProperty("ZZ".into()))
    );
}

#[test]
fn a_million_sibling_variations() {
    on_small_stack(256 * 1024, || {
        let mut sgf = String::from("(;GM[1]");
        for i in 0..1_000_000 {
            sgf.push_str(&format!("(;C[{i}])"));
        }
        sgf.push(')');
        let tree = parse(&sgf).unwrap();
        assert_eq!(tree.children().len(), 1_000_000);
        assert_eq!(tree.children()[999_999].get("C").unwrap(), ["999999"]);
        assert_eq!(tree.to_string(), sgf);
    });
}

#[test]
fn nul_bytes() {
    // Inside a value a NUL is just a byte.
    let tree = parse("(;C[a\0b])").unwrap();
    assert_eq!(tree.get("C").unwrap(), ["a\0b"]);
    // Between properties it is an error naming it.
    let err = parse("(;C[a]\0)").unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::UnexpectedByte(0));
    assert_eq!(err.offset(), 6);
    let err = parse("\0(;C[a])").unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::TreeMissing);
}

#[test]
fn lone_utf16_surrogates() {
    // U+D800 encoded as if it were a scalar value (CESU/WTF-8 style).
    let input = b"(;C[ok];C[x\xED\xA0\x80y])";
    let events = Parser::new(input).filter(|e| e.is_ok()).count();
    assert_eq!(events, 6);
    let err = parse_collection(input).unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::Tree(TreeErrorKind::InvalidUtf8));
    assert_eq!(err.offset(), 11);
    assert_eq!(
        sgf_stream::value::text_lossy(b"x\xED\xA0\x80y"),
        "x\u{fffd}\u{fffd}\u{fffd}y"
    );
}

#[test]
fn ff4_example_truncated_at_every_byte() {
    let Some(path) = common::shared("conformance/sgf-spec-examples/ff4_ex.sgf") else {
        return;
    };
    let input = std::fs::read(path).unwrap();
    let whole = parse_collection(&input).unwrap();
    for end in 0..input.len() {
        match parse_collection(&input[..end]) {
            // A cut between two game trees leaves the complete first ones.
            Ok(trees) => assert_eq!(trees, whole[..trees.len()], "{end}"),
            Err(err) => {
                assert!(err.offset() <= end as u64);
                // Cut inside a tree: an end-of-input error, or one found
                // at the very end (`(;B` is a property without a value).
                let at_cut = err.offset() == end as u64;
                assert!(err.is_eof() || at_cut || end == 0, "{end}: {err}");
            }
        }
    }
}

#[test]
fn inputs_built_to_be_slow_still_finish() {
    // A long run of escapes, thousands of unclosed `[`, deep `(((`.
    let escapes = format!("(;C[{}])", "\\".repeat(2_000_000));
    let tree = parse(&escapes).unwrap();
    assert_eq!(tree.get("C").unwrap()[0].len(), 1_000_000);

    let unclosed = format!("(;C{}", "[".repeat(1_000_000));
    let err = parse(&unclosed).unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::UnclosedValue);
    assert_eq!(err.offset(), 3);

    let deep = "(".repeat(1_000_000);
    let err = parse(&deep).unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::TreeWithNoNodes);

    let deep_nodes = "(;".repeat(2_000_000);
    let err = parse_collection(deep_nodes.as_bytes()).unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::TooDeep(1 << 20));

    let brackets = format!("(;C[{}])", "]".repeat(10));
    let err = parse(&brackets).unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::UnexpectedByte(b']'));
}

#[test]
fn events_never_panic_on_random_bytes() {
    // A cheap deterministic generator: every input of a few bytes drawn
    // from the structural alphabet.
    let alphabet = b"();[]\\AaB \n\r";
    let mut input = Vec::new();
    for n in 0..alphabet.len().pow(5) {
        input.clear();
        let mut k = n;
        for _ in 0..5 {
            input.push(alphabet[k % alphabet.len()]);
            k /= alphabet.len();
        }
        let events: Vec<_> = Parser::new(&input).collect();
        let errors = events.iter().filter(|e| e.is_err()).count();
        assert!(errors <= 1);
        if let Some(Err(err)) = events.last() {
            assert!(err.offset() <= input.len() as u64);
        }
        let _ = parse_collection(&input);
        let depth: i64 = events
            .iter()
            .map(|e| match e {
                Ok(Event::StartGameTree) => 1,
                Ok(Event::EndGameTree) => -1,
                _ => 0,
            })
            .sum();
        if errors == 0 {
            assert_eq!(depth, 0, "{input:?}");
        }
    }
}
