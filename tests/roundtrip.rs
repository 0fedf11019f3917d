//! Write -> parse round trips: the corpus, and random trees.

mod common;

use proptest::prelude::*;
use sgf_stream::{parse, parse_collection, SgfTree};

#[test]
fn corpus_parses_strictly_and_round_trips() {
    let Some(files) = common::corpus_files() else {
        return;
    };
    let mut games = 0;
    for file in &files {
        let input = std::fs::read(file).unwrap();
        let trees =
            parse_collection(&input).unwrap_or_else(|err| panic!("{}: {err}", file.display()));
        for tree in trees {
            let written = tree.to_string();
            let again = parse(&written).unwrap_or_else(|err| panic!("{}: {err}", file.display()));
            assert!(again == tree, "{}", file.display());
            games += 1;
        }
    }
    assert!(games >= files.len());
}

/// A value in the normal form that Text decoding produces: any Unicode
/// with no tab, CR, vertical tab or form feed, and with every character
/// that matters to escaping.
fn text_value() -> impl Strategy<Value = String> {
    proptest::collection::vec(
        prop_oneof![
            4 => any::<char>().prop_filter("normal form", |c| !matches!(c, '\t' | '\r' | '\x0b' | '\x0c')),
            1 => prop_oneof![Just(']'), Just('\\'), Just('['), Just(':'), Just('\n'), Just(' '), Just(';'), Just('('), Just(')')],
        ],
        0..12,
    )
    .prop_map(|chars| chars.into_iter().collect())
}

fn ident() -> impl Strategy<Value = String> {
    "[A-Z]{1,3}"
}

fn node() -> impl Strategy<Value = SgfTree> {
    proptest::collection::btree_map(ident(), proptest::collection::vec(text_value(), 1..4), 0..4)
        .prop_map(|props| {
            let mut node = SgfTree::new();
            for (id, values) in props {
                node.set(&id, values);
            }
            node
        })
}

fn tree() -> impl Strategy<Value = SgfTree> {
    node().prop_recursive(5, 40, 4, |inner| {
        (node(), proptest::collection::vec(inner, 0..4)).prop_map(|(mut node, children)| {
            node.children_mut().extend(children);
            node
        })
    })
}

proptest! {
    #[test]
    fn random_trees_survive_write_then_parse(tree in tree()) {
        let written = tree.to_string();
        let again = parse(&written).map_err(|e| TestCaseError::fail(format!("{e}: {written}")))?;
        prop_assert_eq!(again, tree);
    }
}
