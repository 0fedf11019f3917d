//! Collections of many games with one damaged game: lenient parsing
//! repairs the damage and loses nothing else. Each collection is built
//! here at run time, from generated games and from `../shared/corpus`
//! (skipped with a note when the corpus is absent); the expected trees are
//! the strict parse of the same collection with the damage undone.

mod common;

use sgf_stream::{
    parse_collection, parse_collection_with, Event, ParseOptions, Parser, SgfTree, WarningKind,
};

/// How many games each collection holds, and which one is damaged.
const GAMES: usize = 33;
const DAMAGED: usize = 16;

/// `GAMES` generated games, each as its own text.
fn generated_games() -> Vec<Vec<u8>> {
    let mut rng = common::generate::Rng::new(18);
    (0..GAMES)
        .map(|_| {
            let mut game = Vec::new();
            common::generate::game(&mut rng, &mut game);
            game
        })
        .collect()
}

/// `GAMES` games from the corpus that can stand side by side in one UTF-8
/// collection: each file is UTF-8 (no other `CA`), holds one game of more
/// than one node that parses strictly, has a root property in its first
/// node, and starts with `(`. `None` (with a note) without the corpus.
fn corpus_games() -> Option<Vec<Vec<u8>>> {
    let files = common::corpus_files()?;
    let games: Vec<Vec<u8>> = files
        .iter()
        .map(|path| std::fs::read(path).expect("readable corpus file"))
        .filter(|bytes| stands_in_a_utf8_collection(bytes))
        .take(GAMES)
        .collect();
    assert_eq!(
        games.len(),
        GAMES,
        "the corpus has enough plain UTF-8 games"
    );
    Some(games)
}

fn stands_in_a_utf8_collection(bytes: &[u8]) -> bool {
    let Ok(text) = std::str::from_utf8(bytes) else {
        return false;
    };
    let upper = text.to_ascii_uppercase();
    let other_charset = upper.match_indices("CA[").any(|(at, _)| {
        let value = &upper[at + 3..];
        !value.starts_with("UTF-8]") && !value.starts_with("UTF8]")
    });
    if other_charset || !text.starts_with('(') {
        return false;
    }
    let Ok(trees) = parse_collection(bytes) else {
        return false;
    };
    let root_property = ["AP", "CA", "FF", "GM", "ST", "SZ"];
    trees.len() == 1
        && !trees[0].children().is_empty()
        && trees[0]
            .properties()
            .any(|(ident, _)| root_property.contains(&ident))
}

/// The games joined into one collection, one per line.
fn join(games: &[Vec<u8>]) -> Vec<u8> {
    let mut out = Vec::new();
    for game in games {
        out.extend_from_slice(trim_end(game));
        out.push(b'\n');
    }
    out
}

/// `bytes` without the whitespace at its end.
fn trim_end(bytes: &[u8]) -> &[u8] {
    let end = bytes
        .iter()
        .rposition(|b| !b.is_ascii_whitespace())
        .map_or(0, |last| last + 1);
    &bytes[..end]
}

/// Where the second node of `game` starts.
fn second_node(game: &[u8]) -> usize {
    Parser::new(game)
        .into_spans()
        .map(|item| item.expect("a valid game"))
        .filter(|(event, _)| matches!(event, Event::Node))
        .nth(1)
        .expect("a game of two nodes or more")
        .1
        .start
}

/// The lenient parse of `damaged`: its trees and warning kinds, offsets.
fn lenient(damaged: &[u8]) -> (Vec<SgfTree>, Vec<(WarningKind, u64)>) {
    let parsed = parse_collection_with(damaged, &ParseOptions::lenient()).unwrap();
    let warnings = parsed
        .warnings
        .iter()
        .map(|w| (w.kind().clone(), w.offset()))
        .collect();
    (parsed.trees, warnings)
}

/// How many of `expected` come back, in place, in `found`.
fn recovered(found: &[SgfTree], expected: &[SgfTree]) -> usize {
    found
        .iter()
        .zip(expected)
        .filter(|(found, expected)| found == expected)
        .count()
}

/// Issue 18, item 1: a comment `C[a [b])]` (unescaped `]`, then `)`) in
/// the middle of one game keeps the rest of that game and of the others.
fn check_unescaped_bracket_before_close(games: &[Vec<u8>], source: &str) {
    let mut damaged = games.to_vec();
    let mut repaired = games.to_vec();
    let at = second_node(&games[DAMAGED]);
    damaged[DAMAGED].splice(at..at, b";C[a [b])]".iter().copied());
    repaired[DAMAGED].splice(at..at, br";C[a [b\])]".iter().copied());
    let damaged = join(&damaged);
    let expected = parse_collection(&join(&repaired)).unwrap();
    let (found, warnings) = lenient(&damaged);
    let count = recovered(&found, &expected);
    eprintln!("{source}: {count} of {GAMES} games recovered whole");
    assert_eq!(count, GAMES, "{source}: {} trees found", found.len());
    assert_eq!(found.len(), GAMES, "{source}");
    let stray = join(&games[..DAMAGED]).len() + at + b";C[a [b".len();
    assert_eq!(
        warnings,
        [(WarningKind::UnescapedBracket, stray as u64)],
        "{source}"
    );
}

#[test]
fn unescaped_bracket_before_close_in_generated_games_loses_nothing_else() {
    check_unescaped_bracket_before_close(&generated_games(), "generated");
}

#[test]
fn unescaped_bracket_before_close_in_corpus_games_loses_nothing_else() {
    if let Some(games) = corpus_games() {
        check_unescaped_bracket_before_close(&games, "corpus");
    }
}
