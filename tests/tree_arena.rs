//! The arena `SgfTree`: reading through `Node`, `Values` and `Children`,
//! editing through `NodeMut`, and copies of subtrees; each edit is checked
//! against the tree parsed from the SGF it should equal.

mod common;

use common::{long_main_line, on_small_stack};
use sgf_stream::tree::Node;
use sgf_stream::{parse, SgfTree};

#[test]
fn values_read_like_a_slice_of_str() {
    let tree = parse("(;AB[aa][bb][cc]C[a\\]b]PB[])").unwrap();
    let stones = tree.get("AB").unwrap();
    assert_eq!(stones.len(), 3);
    assert!(!stones.is_empty());
    assert_eq!(&stones[2], "cc");
    assert_eq!(stones.get(1), Some("bb"));
    assert_eq!(stones.get(3), None);
    assert_eq!(stones.iter().rev().collect::<Vec<_>>(), ["cc", "bb", "aa"]);
    assert_eq!(stones, vec!["aa".to_string(), "bb".into(), "cc".into()]);
    assert_eq!(vec!["aa", "bb", "cc"], stones);
    assert_ne!(stones, ["aa", "bb"]);
    assert_eq!(tree.get("C").unwrap().first(), Some("a]b"));
    assert_eq!(tree.get("PB").unwrap(), [""]);
    assert_eq!(
        format!("{:?}", tree.get("AB").unwrap()),
        r#"["aa", "bb", "cc"]"#
    );
    assert!(tree.get("W").is_none());
}

#[test]
#[should_panic(expected = "value index 1 out of range for 1 values")]
fn indexing_past_the_values_panics_like_a_slice() {
    let tree = parse("(;C[x])").unwrap();
    let _ = &tree.get("C").unwrap()[1];
}

#[test]
fn children_read_like_a_slice_of_nodes() {
    let tree = parse("(;GM[1](;B[aa])(;B[bb])(;B[cc])(;B[dd])(;B[ee];W[ff]))").unwrap();
    let children = tree.children();
    assert_eq!(children.len(), 5);
    let moves: Vec<&str> = children
        .iter()
        .filter_map(|c| c.get("B")?.first())
        .collect();
    assert_eq!(moves, ["aa", "bb", "cc", "dd", "ee"]);
    assert_eq!(children[4].children()[0].get("W").unwrap(), ["ff"]);
    assert_eq!(children.into_iter().len(), 5);
    let leaf = tree.main_line().last().unwrap();
    assert!(leaf.children().is_empty());
    assert_eq!(tree.nodes().count(), 7);
}

#[test]
fn set_remove_and_push_property_on_a_node_inside_the_tree() {
    let mut tree = parse("(;GM[1];B[pd]C[first];W[dp])").unwrap();
    let mut first = tree.root_mut().into_child(0).unwrap();
    first.set("C", ["a longer comment than before"]);
    first.push_property("LB", ["pd:A", "dp:B"]);
    assert_eq!(first.remove("B"), Some(vec!["pd".to_string()]));
    assert_eq!(first.remove("B"), None);
    assert_eq!(
        tree,
        parse("(;GM[1];C[a longer comment than before]LB[pd:A][dp:B];W[dp])").unwrap()
    );
    // The root gains a property although its run of properties is not
    // the last one stored.
    tree.set("SZ", ["19"]);
    assert_eq!(
        tree.to_string(),
        "(;GM[1]SZ[19];C[a longer comment than before]LB[pd:A][dp:B];W[dp])"
    );
    let taken = tree.root_mut().child(0).unwrap().take_properties();
    assert_eq!(
        taken[1],
        ("LB".to_string(), vec!["pd:A".into(), "dp:B".into()])
    );
    assert_eq!(tree.to_string(), "(;GM[1]SZ[19];;W[dp])");
}

#[test]
fn children_are_added_removed_and_taken_in_order() {
    let mut tree = parse("(;GM[1](;B[aa])(;B[bb])(;B[cc]))").unwrap();
    let mut root = tree.root_mut();
    assert_eq!(root.remove_child(1).unwrap(), parse("(;B[bb])").unwrap());
    assert!(root.remove_child(5).is_none());
    root.push_child(parse("(;B[dd];W[ee])").unwrap());
    assert_eq!(
        tree,
        parse("(;GM[1](;B[aa])(;B[cc])(;B[dd];W[ee]))").unwrap()
    );
    let mut root = tree.root_mut();
    assert_eq!(root.remove_child(2).unwrap().to_string(), "(;B[dd];W[ee])");
    assert_eq!(root.remove_child(0).unwrap().to_string(), "(;B[aa])");
    assert_eq!(tree.to_string(), "(;GM[1];B[cc])");
    let taken = tree.root_mut().take_children();
    assert_eq!(taken, [parse("(;B[cc])").unwrap()]);
    assert_eq!(tree, parse("(;GM[1])").unwrap());
    // The last child removed, a new one is the only one.
    tree.root_mut().push_child(SgfTree::new().with("B", ["qq"]));
    assert_eq!(tree.to_string(), "(;GM[1];B[qq])");
}

#[test]
fn with_child_builds_the_same_tree_whichever_side_is_bigger() {
    let big = parse("(;B[aa];W[bb];B[cc];W[dd])").unwrap();
    let small_parent = SgfTree::new().with("GM", ["1"]).with_child(big.clone());
    let big_parent = parse("(;GM[1](;C[x];C[y];C[z]))")
        .unwrap()
        .with_child(SgfTree::new().with("B", ["ee"]));
    assert_eq!(small_parent.to_string(), "(;GM[1];B[aa];W[bb];B[cc];W[dd])");
    assert_eq!(big_parent.to_string(), "(;GM[1](;C[x];C[y];C[z])(;B[ee]))");
}

#[test]
fn a_copied_subtree_equals_the_subtree_and_is_compact() {
    let tree = parse("(;GM[1];B[aa](;W[bb];B[cc])(;W[dd]C[x]))").unwrap();
    let node: Node = tree.children()[0];
    let copy = node.to_tree();
    assert_eq!(copy.root(), node);
    assert_eq!(copy, SgfTree::from(node));
    assert_eq!(copy.to_string(), "(;B[aa](;W[bb];B[cc])(;W[dd]C[x]))");
    assert_ne!(tree.root(), node);
}

#[test]
fn debug_names_every_level() {
    let tree = parse("(;A[1];B[2])").unwrap();
    assert_eq!(
        format!("{tree:?}"),
        r#"SgfTree { properties: {"A": ["1"]}, children: [SgfTree { properties: {"B": ["2"]}, children: [] }] }"#
    );
    assert_eq!(
        format!("{:?}", tree.children()[0]),
        r#"Node { properties: {"B": ["2"]}, children: [] }"#
    );
}

#[test]
fn deep_trees_are_copied_and_built_bottom_up_without_recursion() {
    on_small_stack(256 * 1024, || {
        let tree = parse(long_main_line(200_000)).unwrap();
        let below = tree.children()[0].to_tree();
        assert_eq!(below.nodes().count(), 200_000);
        // A chain built from the leaf up: each step adds a one-node
        // parent, which is copied into the child's storage.
        let mut chain = SgfTree::new().with("C", ["leaf"]);
        for _ in 0..100_000 {
            chain = SgfTree::new().with("B", ["aa"]).with_child(chain);
        }
        assert_eq!(chain.main_line().count(), 100_001);
        assert_eq!(
            chain.main_line().last().unwrap().get("C").unwrap(),
            ["leaf"]
        );
    });
}

#[test]
fn nodes_come_in_the_order_the_walk_writes_them() {
    use sgf_stream::tree::WalkEvent;
    let sgf = "(;N[0](;N[1];N[2](;N[3])(;N[4];N[5]))(;N[6])(;N[7](;N[8])(;N[9])))";
    let tree = parse(sgf).unwrap();
    let walked: Vec<&str> = tree
        .walk()
        .filter_map(|event| match event {
            WalkEvent::Node(node) => node.get("N")?.first(),
            _ => None,
        })
        .collect();
    let listed: Vec<&str> = tree.nodes().filter_map(|n| n.get("N")?.first()).collect();
    assert_eq!(listed, ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"]);
    assert_eq!(listed, walked);
    // From a node inside, only its subtree: not its siblings.
    let two = tree.children()[0].children()[0];
    let below: Vec<&str> = two.nodes().filter_map(|n| n.get("N")?.first()).collect();
    assert_eq!(below, ["2", "3", "4", "5"]);
}

#[test]
fn an_identifier_longer_than_the_arena_holds_is_an_error() {
    use sgf_stream::{ErrorKind, Limits, ReaderBuilder, TreeErrorKind};
    let limits = Limits {
        max_ident_len: 1000,
        ..Limits::default()
    };
    let long = "A".repeat(256);
    let sgf = format!("(;{long}[x])");
    let err = ReaderBuilder::new()
        .limits(limits)
        .parse_collection(sgf.as_bytes())
        .unwrap_err();
    assert_eq!(*err.kind(), ErrorKind::Tree(TreeErrorKind::GameTooLarge));
    assert_eq!(err.offset(), 2);
    // One byte shorter fits.
    let fits = format!("(;{}[x])", &long[1..]);
    let trees = ReaderBuilder::new()
        .limits(limits)
        .parse_collection(fits.as_bytes())
        .unwrap();
    assert_eq!(trees[0].get(&long[1..]).unwrap(), ["x"]);
}
