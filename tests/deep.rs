//! Huge and deep trees on a small stack: nothing recurses over depth.

mod common;

use common::{long_main_line, nested_variations, on_small_stack};
use sgf_stream::{parse, parse_collection, Event, Parser, SgfTree};

const STACK: usize = 256 * 1024;

/// Parses, formats, clones, compares, debugs and drops the tree.
fn exercise(sgf: String, nodes: usize) {
    let tree = parse(&sgf).unwrap();
    assert_eq!(tree.nodes().count(), nodes);
    let copy = tree.clone();
    assert!(copy == tree);
    let mut different = tree.clone();
    let mut last = different.root_mut();
    while !last.as_node().children().is_empty() {
        last = last.into_child(0).unwrap();
    }
    last.set("X", ["changed"]);
    assert!(different != tree);
    let written = tree.to_string();
    assert_eq!(parse(&written).unwrap(), tree);
    let debug = format!("{tree:?}");
    assert_eq!(debug.matches("SgfTree {").count(), nodes);
    drop((tree, copy, different));
}

#[test]
fn a_million_moves_on_a_small_stack() {
    on_small_stack(STACK, || exercise(long_main_line(1_000_000), 1_000_001));
}

#[test]
fn a_hundred_thousand_nested_variations_on_a_small_stack() {
    on_small_stack(STACK, || {
        let sgf = nested_variations(100_000);
        let depth = Parser::new(sgf.as_bytes())
            .map(|e| e.unwrap())
            .scan(0i64, |depth, event| {
                *depth += match event {
                    Event::StartGameTree => 1,
                    Event::EndGameTree => -1,
                    _ => 0,
                };
                Some(*depth)
            })
            .max();
        assert_eq!(depth, Some(100_000));
        exercise(sgf, 100_000)
    });
}

#[test]
fn a_million_nested_trees_parse_on_a_64k_stack() {
    on_small_stack(64 * 1024, || {
        let sgf = nested_variations(1_000_000);
        let events = Parser::new(sgf.as_bytes()).filter(|e| e.is_ok()).count();
        assert_eq!(events, 4_000_000);
        assert_eq!(parse_collection(sgf.as_bytes()).unwrap().len(), 1);
    });
}

#[test]
fn a_wide_tree_of_siblings() {
    on_small_stack(STACK, || {
        let mut root = SgfTree::new().with("SZ", ["19"]);
        for i in 0..100_000 {
            root.root_mut()
                .push_child(SgfTree::new().with("C", [i.to_string()]));
        }
        let written = root.to_string();
        assert_eq!(parse(&written).unwrap(), root);
    });
}
