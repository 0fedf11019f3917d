//! The generated corpus (tests/common/generate.rs) is valid, realistic SGF
//! and the same on every run.

mod common;

use std::io::Read;

use common::generate::{collection, GameReader};
use sgf_stream::{parse_collection, Event, Parser};

#[test]
fn games_parse_with_the_promised_shape() {
    let input = collection(1, 60);
    let trees = parse_collection(&input).expect("generated SGF parses");
    assert_eq!(trees.len(), 60);
    let mut with_variations = 0;
    for tree in &trees {
        assert_eq!(tree.get("GM").unwrap(), ["1"]);
        let moves = tree.main_line().count() - 1;
        assert!((150..=350).contains(&moves), "{moves} moves");
        with_variations += (tree.nodes().count() > moves + 1) as usize;
    }
    assert!((5..=40).contains(&with_variations), "{with_variations}");
}

#[test]
fn comments_hold_escapes_cjk_and_line_breaks() {
    let input = collection(2, 40);
    let mut comments = String::new();
    for tree in parse_collection(&input).unwrap() {
        for node in tree.nodes() {
            for value in node.get("C").into_iter().flatten() {
                comments.push_str(value);
            }
        }
    }
    for wanted in [
        "[joseki]",
        "C:\\games",
        "黑棋",
        "厳しい",
        "좋은",
        "\nsecond",
    ] {
        assert!(comments.contains(wanted), "no {wanted:?} in comments");
    }
    // Soft line breaks vanish when decoded.
    assert!(comments.contains("an editor wrapped it with a soft"));
    let raw = String::from_utf8(input).unwrap();
    assert!(raw.contains("wrapped it \\\nwith"));
}

#[test]
fn same_seed_same_bytes() {
    assert_eq!(collection(7, 10), collection(7, 10));
    assert_ne!(collection(7, 10), collection(8, 10));
}

#[test]
fn reader_yields_the_same_games_lazily() {
    let mut reader = GameReader::new(3, 100_000);
    let mut read = Vec::new();
    let mut piece = [0u8; 777];
    loop {
        let n = reader.read(&mut piece).unwrap();
        if n == 0 {
            break;
        }
        read.extend_from_slice(&piece[..n]);
    }
    assert!(read.len() >= 100_000);
    assert_eq!(read.len() as u64, reader.produced());
    let games = reader.games() as usize;
    assert_eq!(read, collection(3, games));
    let top_level = Parser::new(&read)
        .scan(0u32, |depth, event| {
            let event = event.unwrap();
            let opens = matches!(event, Event::StartGameTree) && *depth == 0;
            match event {
                Event::StartGameTree => *depth += 1,
                Event::EndGameTree => *depth -= 1,
                _ => {}
            }
            Some(opens)
        })
        .filter(|&opens| opens)
        .count();
    assert_eq!(top_level, games);
}
