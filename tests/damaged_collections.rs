//! Collections of many games with one damaged game: lenient parsing
//! repairs the damage and loses nothing else. Each collection is built
//! here at run time, from generated games and from `../shared/corpus`
//! (skipped with a note when the corpus is absent); the expected trees are
//! the strict parse of the same collection with the damage undone.

mod common;

use sgf_stream::{parse_collection, Event, Parser, ReaderBuilder, SgfTree, WarningKind};

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
        .start as usize
}

/// Parses `damaged` leniently and checks that it gives the `expected`
/// trees, all of them whole, with one `warning` (kind, offset); `what`
/// names the case. Returns how many games came back whole.
fn check_repaired(
    damaged: &[u8],
    expected: &[SgfTree],
    warning: (WarningKind, usize),
    what: &str,
) -> usize {
    let parsed = ReaderBuilder::new()
        .lenient(true)
        .read_collection(damaged)
        .unwrap();
    let found = parsed.trees;
    let whole = found
        .iter()
        .zip(expected)
        .filter(|(found, expected)| found == expected)
        .count();
    assert_eq!(whole, GAMES, "{what}: {} trees", found.len());
    assert_eq!(found.len(), GAMES, "{what}");
    let warnings: Vec<_> = parsed
        .warnings
        .iter()
        .map(|w| (w.kind().clone(), w.offset()))
        .collect();
    assert_eq!(warnings, [(warning.0, warning.1 as u64)], "{what}");
    whole
}

/// Issue 18, item 1: a comment `C[a [b])]` (unescaped `]`, then `)`) in
/// the middle of one game keeps the rest of that game and of the others.
fn check_unescaped_bracket_before_close(games: &[Vec<u8>], source: &str) {
    let mut damaged = games.to_vec();
    let mut repaired = games.to_vec();
    let at = second_node(&games[DAMAGED]);
    damaged[DAMAGED].splice(at..at, b";C[a [b])]".iter().copied());
    repaired[DAMAGED].splice(at..at, br";C[a [b\])]".iter().copied());
    let expected = parse_collection(join(&repaired)).unwrap();
    let stray = join(&games[..DAMAGED]).len() + at + b";C[a [b".len();
    let warning = (WarningKind::UnescapedBracket, stray);
    let whole = check_repaired(&join(&damaged), &expected, warning, source);
    eprintln!("{source}, unescaped `]` before `)`: {whole} of {GAMES} games recovered whole");
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

/// Issue 18, item 2: game `damaged` of the collection lacks its final
/// `)`; the games after it stay games. Returns how many came back whole.
fn check_game_without_close(games: &[Vec<u8>], damaged: usize) -> usize {
    let mut broken = games.to_vec();
    let cut = trim_end(&games[damaged]);
    assert_eq!(cut.last(), Some(&b')'));
    broken[damaged] = cut[..cut.len() - 1].to_vec();
    // The warning stands just after the game's last token.
    let missing = join(&games[..damaged]).len() + trim_end(&broken[damaged]).len();
    let expected = parse_collection(join(games)).unwrap();
    let warning = (WarningKind::UnclosedGame, missing);
    let what = format!("game {damaged} without `)`");
    check_repaired(&join(&broken), &expected, warning, &what)
}

/// Breaks each game but the last in turn (the last one's missing `)` is
/// the end of the input: a different repair).
fn check_each_game_without_close(games: &[Vec<u8>], source: &str) {
    let count = check_game_without_close(games, DAMAGED);
    eprintln!("{source}, game {DAMAGED} without `)`: {count} of {GAMES} games recovered whole");
    for damaged in 0..GAMES - 1 {
        check_game_without_close(games, damaged);
    }
}

#[test]
fn game_without_close_in_generated_games_loses_nothing_else() {
    check_each_game_without_close(&generated_games(), "generated");
}

#[test]
fn game_without_close_in_corpus_games_loses_nothing_else() {
    if let Some(games) = corpus_games() {
        check_each_game_without_close(&games, "corpus");
    }
}

/// Events of `input` through a UTF-8 writer, every one fed: a game that
/// fails is left out (the writer drops its other events) and its error
/// kept.
#[cfg(feature = "encoding")]
fn pass_through(input: &[u8]) -> (Vec<u8>, Vec<sgf_stream::WriteError>) {
    let mut writer = sgf_stream::Writer::new(Vec::new());
    let mut errors = Vec::new();
    for event in Parser::new(input) {
        let event = event.expect("a valid collection");
        errors.extend(writer.write_event(&event).err());
    }
    (writer.into_inner().unwrap(), errors)
}

/// Issue 18, item 3: one game of the collection is in GB18030, labelled
/// so; its events through a UTF-8 writer fail with `NotUtf8` instead of
/// being relabelled UTF-8, and every other game is written as before.
#[cfg(feature = "encoding")]
fn check_legacy_game_in_pass_through(games: &[Vec<u8>], source: &str) {
    let text = std::str::from_utf8(&games[DAMAGED]).unwrap();
    let relabelled = match text.find("CA[UTF-8]") {
        Some(_) => text.replacen("CA[UTF-8]", "CA[GB18030]", 1),
        None => text.replacen("(;", "(;CA[GB18030]", 1),
    };
    let (legacy, _, _) = encoding_rs::GB18030.encode(&relabelled);
    assert!(std::str::from_utf8(&legacy).is_err(), "{source}: not ASCII");
    let mut mixed = games.to_vec();
    mixed[DAMAGED] = legacy.into_owned();
    let (written, errors) = pass_through(&join(&mixed));
    assert!(
        matches!(&errors[..], [sgf_stream::WriteError::NotUtf8 { .. }]),
        "{source}: {errors:?}"
    );
    let mut others = games.to_vec();
    others.remove(DAMAGED);
    let (expected, none) = pass_through(&join(&others));
    assert!(none.is_empty(), "{source}: {none:?}");
    assert!(written == expected, "{source}: the other games changed");
    assert_eq!(parse_collection(&written).unwrap().len(), GAMES - 1);
    eprintln!(
        "{source}: the GB18030 game refused, {} others written",
        GAMES - 1
    );
}

#[cfg(feature = "encoding")]
#[test]
fn legacy_game_in_generated_games_is_refused_and_the_rest_written() {
    check_legacy_game_in_pass_through(&generated_games(), "generated");
}

#[cfg(feature = "encoding")]
#[test]
fn legacy_game_in_corpus_games_is_refused_and_the_rest_written() {
    if let Some(games) = corpus_games() {
        check_legacy_game_in_pass_through(&games, "corpus");
    }
}
