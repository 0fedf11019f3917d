//! Write -> parse round trips: the corpus, and random trees; `Display`
//! is the writer's default output.

mod common;

use proptest::prelude::*;
use sgf_stream::{parse, parse_collection, SgfTree, Writer};

/// The writer's default output for `tree`.
fn written(tree: &SgfTree) -> String {
    let mut writer = Writer::new(Vec::new());
    writer.write_tree(tree).expect("a valid tree");
    String::from_utf8(writer.into_inner().expect("closed")).expect("UTF-8 output")
}

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
            let displayed = tree.to_string();
            assert_eq!(
                format!("{displayed}\n"),
                written(&tree),
                "{}",
                file.display()
            );
            let again = parse(&displayed).unwrap_or_else(|err| panic!("{}: {err}", file.display()));
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

/// Identifiers, but `CA`: the writer (and so `Display`) writes a root
/// `CA` that does not name UTF-8 as `CA[UTF-8]` (tests/writer_root_ca.rs
/// checks that rule).
fn ident() -> impl Strategy<Value = String> {
    "[A-Z]{1,3}".prop_filter("not CA", |ident| ident != "CA")
}

/// Any identifier, `CA` often, and some the writer refuses.
fn any_ident() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => "[A-Z]{1,3}",
        1 => Just("CA".to_string()),
        1 => "[a-zA-Z0-9]{0,3}",
    ]
}

fn node(ident: impl Strategy<Value = String>, values: usize) -> impl Strategy<Value = SgfTree> {
    proptest::collection::btree_map(
        ident,
        proptest::collection::vec(text_value(), values..4),
        0..4,
    )
    .prop_map(|props| {
        let mut node = SgfTree::new();
        for (id, values) in props {
            node.set(&id, values);
        }
        node
    })
}

fn tree() -> impl Strategy<Value = SgfTree> {
    node(ident(), 1).prop_recursive(5, 40, 4, |inner| {
        (node(ident(), 1), proptest::collection::vec(inner, 0..4))
            .prop_map(|(node, children)| children.into_iter().fold(node, SgfTree::with_child))
    })
}

/// Trees with a root `CA`, identifiers that are not uppercase letters
/// and properties with no value.
fn any_tree() -> impl Strategy<Value = SgfTree> {
    node(any_ident(), 0).prop_recursive(5, 40, 4, |inner| {
        (node(any_ident(), 0), proptest::collection::vec(inner, 0..4))
            .prop_map(|(node, children)| children.into_iter().fold(node, SgfTree::with_child))
    })
}

/// Whether the writer takes every property of `tree`: identifiers of
/// uppercase letters, a value at least.
fn writable(tree: &SgfTree) -> bool {
    tree.nodes().all(|node| {
        node.properties().all(|(ident, values)| {
            !ident.is_empty() && ident.bytes().all(|b| b.is_ascii_uppercase()) && !values.is_empty()
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

    #[test]
    fn display_is_the_writers_default_output(tree in any_tree()) {
        let displayed = tree.to_string();
        if writable(&tree) {
            prop_assert_eq!(format!("{displayed}\n"), written(&tree));
        } else {
            // The writer refuses the tree; `Display` writes it as it is.
            let mut writer = Writer::new(Vec::new());
            prop_assert!(writer.write_tree(&tree).is_err());
            for node in tree.nodes() {
                for (ident, _) in node.properties() {
                    prop_assert!(displayed.contains(ident), "{ident:?} in {displayed}");
                }
            }
        }
    }
}
