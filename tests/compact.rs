//! The compact tree against the slice parser and `SgfTree`: same content
//! on every test input, the generated collections and the corpus; deep
//! trees on a small stack.

#[path = "common/cases.rs"]
mod cases;
mod common;

use bytes::Bytes;
use common::{long_main_line, nested_variations, on_small_stack};
use sgf_stream::{
    parse_collection, tree::CompactEvent, CompactTree, Event, Parser, RawValues, ReaderBuilder,
    SgfTree,
};

/// The properties of each node in file order, as the parser sees them.
fn parser_nodes(input: &[u8]) -> Vec<Vec<(String, RawValues<'_>)>> {
    let mut nodes = Vec::new();
    for event in Parser::new(input) {
        match event.unwrap() {
            Event::Node => nodes.push(Vec::new()),
            Event::Property(ident, values) => {
                let node: &mut Vec<_> = nodes.last_mut().unwrap();
                node.push((ident.to_string(), values));
            }
            _ => {}
        }
    }
    nodes
}

fn compact_nodes(tree: &CompactTree) -> Vec<Vec<(String, RawValues<'_>)>> {
    tree.nodes()
        .map(|node| {
            node.properties()
                .map(|(ident, values)| (ident.to_string(), values))
                .collect()
        })
        .collect()
}

/// The compact tree of `input` has the parser's nodes and properties
/// (values run byte for byte) and converts to `parse_collection`'s trees;
/// a malformed input is the parser's error.
fn check(input: &[u8]) {
    let compact = CompactTree::from_bytes(input.to_vec());
    let first_error = Parser::new(input).find_map(Result::err);
    let compact = match (compact, first_error) {
        (Err(err), Some(expected)) => return assert_eq!(err, expected, "{input:?}"),
        (Ok(compact), None) => compact,
        (got, expected) => panic!("{input:?}: {got:?} but the parser says {expected:?}"),
    };
    assert_eq!(compact_nodes(&compact), parser_nodes(input), "{input:?}");
    let expected = parse_collection(input);
    match (compact.to_sgf_trees(), expected) {
        (Ok(trees), Ok(expected)) => {
            assert_eq!(trees, expected, "{input:?}");
            let back = CompactTree::from_trees(&trees).unwrap();
            assert_eq!(back.to_sgf_trees().unwrap(), trees);
            assert_eq!(back.len(), compact.len());
        }
        (Err(err), Err(expected)) => assert_eq!(err, expected, "{input:?}"),
        (got, expected) => panic!("{input:?}: {got:?} but parse_collection says {expected:?}"),
    }
}

#[test]
fn every_test_input() {
    for input in cases::INPUTS {
        check(input);
    }
    for input in cases::mutations() {
        check(&input);
    }
    for input in cases::data_files() {
        check(&input);
    }
}

#[test]
fn generated_collections() {
    for seed in 0..4 {
        let input = common::generate::collection(seed, 40);
        check(&input);
        let compact = CompactTree::from_bytes(input).unwrap();
        assert_eq!(compact.games().count(), 40);
    }
}

#[test]
fn corpus_has_the_same_content_as_sgf_tree() {
    let Some(files) = common::corpus_files() else {
        return;
    };
    for file in files {
        let input = std::fs::read(&file).unwrap();
        let compact = CompactTree::from_bytes(input.clone());
        let expected = parse_collection(&input);
        match (compact, expected) {
            (Ok(compact), Ok(expected)) => {
                assert_eq!(compact_nodes(&compact), parser_nodes(&input));
                assert_eq!(compact.to_sgf_trees().unwrap(), expected, "{file:?}");
            }
            (compact, expected) => {
                assert!(compact.is_err() || expected.is_err(), "{file:?}");
                assert!(expected.is_err(), "{file:?}: compact failed alone");
            }
        }
    }
}

#[test]
fn links_follow_the_variations() {
    let tree = CompactTree::from_bytes("(;A[1];B[2](;C[3];D[4])(;E[5])(;F[6]))(;G[7])").unwrap();
    let label =
        |node: sgf_stream::tree::NodeRef<'_>| node.properties().next().unwrap().0.to_string();
    let roots: Vec<_> = tree.games().map(label).collect();
    assert_eq!(roots, ["A", "G"]);
    let b = tree.root().unwrap().first_child().unwrap();
    assert_eq!(label(b), "B");
    let children: Vec<_> = b.children().map(label).collect();
    assert_eq!(children, ["C", "E", "F"]);
    let main: Vec<_> = tree.root().unwrap().main_line().map(label).collect();
    assert_eq!(main, ["A", "B", "C", "D"]);
    let opens = tree
        .root()
        .unwrap()
        .walk()
        .filter(|e| matches!(e, CompactEvent::StartGameTree))
        .count();
    assert_eq!(opens, 4);
    assert_eq!(tree.get(6).map(label).as_deref(), Some("G"));
    assert!(tree.get(7).is_none());
}

#[test]
fn values_share_the_buffer_and_cross_threads() {
    let input = Bytes::from(b"(;C[caf\xc3\xa9 \\] ok];B[pd])".to_vec());
    let tree = CompactTree::from_bytes(input.clone()).unwrap();
    let comment = tree.root().unwrap().get_bytes("C").unwrap();
    assert_eq!(comment.as_ptr(), input[3..].as_ptr(), "no copy");
    let text = std::thread::spawn(move || {
        let root = tree.root().unwrap();
        root.get("C").unwrap().first().text().unwrap().into_owned()
    })
    .join()
    .unwrap();
    assert_eq!(text, "café ] ok");
}

#[test]
fn decoding_errors_point_into_the_source() {
    let input = b"(;C[ok]\r\n;C[ab\xff])";
    let tree = CompactTree::from_bytes(&input[..]).unwrap();
    assert_eq!(
        tree.to_sgf_trees().unwrap_err(),
        parse_collection(input).unwrap_err()
    );
    let input = b"(;A[b]B[c]A[d])";
    let tree = CompactTree::from_bytes(&input[..]).unwrap();
    assert_eq!(
        tree.to_sgf_trees().unwrap_err(),
        parse_collection(input).unwrap_err()
    );
}

/// Builds, walks, converts (both ways with `both_ways`) and drops a big
/// tree.
fn exercise(sgf: String, nodes: usize, both_ways: bool) {
    let compact = CompactTree::from_bytes(sgf).unwrap();
    assert_eq!(compact.len(), nodes);
    let walked = compact.root().unwrap().walk().count();
    assert!(walked > nodes);
    let trees: Vec<SgfTree> = compact.to_sgf_trees().unwrap();
    assert_eq!(trees[0].nodes().count(), nodes);
    let last = compact.root().unwrap().main_line().last().unwrap();
    assert_eq!(last.index(), nodes - 1);
    if both_ways {
        let back = CompactTree::from_trees(&trees).unwrap();
        assert_eq!(back.len(), nodes);
    }
    drop((compact, trees));
}

#[test]
fn a_million_moves_on_a_small_stack() {
    on_small_stack(256 * 1024, || {
        exercise(long_main_line(1_000_000), 1_000_001, false)
    });
}

#[test]
fn a_hundred_thousand_nested_variations_on_a_small_stack() {
    on_small_stack(256 * 1024, || {
        exercise(nested_variations(100_000), 100_000, true)
    });
}

/// The nodes (with their properties) of the games that the parser
/// completes before its first error, if any, and that error.
type Nodes<'a> = Vec<Vec<(String, RawValues<'a>)>>;

fn complete_games(input: &[u8]) -> (Nodes<'_>, usize, Option<sgf_stream::Error>) {
    let (mut nodes, mut complete, mut games, mut depth) = (Vec::new(), 0, 0, 0);
    for event in Parser::new(input) {
        match event {
            Err(err) => return (nodes[..complete].to_vec(), games, Some(err)),
            Ok(Event::Node) => nodes.push(Vec::new()),
            Ok(Event::Property(ident, values)) => {
                let node: &mut Vec<_> = nodes.last_mut().unwrap();
                node.push((ident.to_string(), values));
            }
            Ok(Event::StartGameTree) => depth += 1,
            Ok(Event::EndGameTree) => {
                depth -= 1;
                if depth == 0 {
                    complete = nodes.len();
                    games += 1;
                }
            }
        }
    }
    (nodes, games, None)
}

/// `compact_games` at every chunk size gives the complete games' nodes,
/// one tree per game, and then the parser's error.
fn check_compact_games(input: &[u8]) {
    let (expected, games, error) = complete_games(input);
    for chunk in 1..=16 {
        let items: Vec<_> = ReaderBuilder::new()
            .chunk_size(chunk)
            .compact_games(input)
            .collect();
        let trees: Vec<&CompactTree> = items.iter().filter_map(|i| i.as_ref().ok()).collect();
        assert_eq!(trees.len(), games, "chunk {chunk}: {input:?}");
        let nodes: Nodes<'_> = trees.iter().flat_map(|t| compact_nodes(t)).collect();
        assert_eq!(nodes, expected, "chunk {chunk}: {input:?}");
        let got_error = items.last().and_then(|i| i.as_ref().err());
        assert_eq!(got_error, error.as_ref(), "chunk {chunk}: {input:?}");
        for tree in trees {
            assert_eq!(tree.games().count(), 1);
            assert_eq!(tree.source().first(), Some(&b'('));
            assert_eq!(tree.source().last(), Some(&b')'));
        }
    }
}

#[test]
fn compact_games_from_a_reader() {
    for input in cases::INPUTS {
        check_compact_games(input);
    }
    for input in cases::data_files() {
        check_compact_games(&input);
    }
    let input = common::generate::collection(9, 30);
    check_compact_games(&input);
    let trees: Vec<SgfTree> = sgf_stream::compact_games(&input[..])
        .map(|game| game.unwrap().root().unwrap().to_sgf_tree().unwrap())
        .collect();
    assert_eq!(trees, parse_collection(&input).unwrap());
}
