//! A game the writer refuses (a raw value that is not UTF-8 in a game
//! whose root `CA` the writer writes) stays refused until its end: its
//! later events are taken and dropped, a variation of it is never written
//! as a game, and the next game is written as usual (issue 24, item 5).

use proptest::prelude::*;
use sgf_stream::{CompactTree, Event, Parser, ReaderBuilder, WriteError, WriteOptions, Writer};

/// Every lenient event of `input` through a writer with `options`: the
/// output and the errors.
fn write_all(input: &[u8], options: &WriteOptions) -> (Vec<u8>, Vec<WriteError>) {
    let mut writer = Writer::with_options(Vec::new(), options.clone());
    let mut errors = Vec::new();
    for event in ReaderBuilder::new().lenient(true).from_slice(input) {
        let event = event.expect("lenient reading never fails");
        errors.extend(writer.write_event(&event).err());
    }
    (writer.into_inner().expect("valid output"), errors)
}

fn is_not_utf8(errors: &[WriteError]) -> bool {
    errors
        .iter()
        .all(|err| matches!(err, WriteError::NotUtf8 { .. }))
}

/// The input: `C` is refused, and with it the game; its two
/// variations were written as games, and its `;` and last `)` refused.
#[test]
fn the_variations_of_a_refused_game_are_dropped_with_it() {
    let game = b"(;CA[]C[\xbd](;B[aa])(;W[bb]))";
    let (written, errors) = write_all(game, &WriteOptions::new());
    assert!(
        matches!(&errors[..], [WriteError::NotUtf8 { ident, offset: 0, .. }] if ident == "C"),
        "{errors:?}"
    );
    assert_eq!(written, b"");
    // The games around it are written as usual.
    let input = [&b"(;B[dd])"[..], game, b"(;W[ee](;B[aa])(;B[bb]))"].concat();
    let (written, errors) = write_all(&input, &WriteOptions::new());
    assert_eq!(errors.len(), 1);
    assert_eq!(written, b"(;B[dd])\n(;W[ee](;B[aa])(;B[bb]))\n");
}

/// The game is refused by each kind of event: a property, and on
/// leaving a root with no `CA` (a `CA` to add over a raw value that is
/// not UTF-8) a `;`, a `(` and a `)`; and in a variation, after the
/// writer held the game from its root.
#[test]
fn every_event_that_refuses_a_game_counts_as_the_event_it_was() {
    let declare = WriteOptions::new().declare_charset(true);
    let next = b"(;GM[1];B[cc](;W[aa])(;W[bb]))";
    let next_written = b"(;GM[1]CA[UTF-8];B[cc](;W[aa])(;W[bb]))\n";
    let refused: [&[u8]; 5] = [
        b"(;C[\xbd];B[aa](;W[bb])(;W[cc]))",       // at the second `;`
        b"(;C[\xbd](;B[aa])(;W[bb];B[cc]))",       // at a `(`
        b"(;C[\xbd])",                             // at the `)`
        b"(;GM[1];B[aa](;W[\xbd];B[cc])(;W[dd]))", // in a variation
        b"(;GM[1](;B[aa](;W[bb])(;W[\xbd]C[x]))(;B[dd]))", // deeper
    ];
    for game in refused {
        let input = [game, next].concat();
        let (written, errors) = write_all(&input, &declare);
        assert!(
            errors.len() == 1 && is_not_utf8(&errors),
            "{game:?}: {errors:?}"
        );
        assert_eq!(written, next_written, "{game:?}");
    }
}

/// `write_tree` in a refused game drops the tree as a variation of it;
/// a tree that refuses the game it is a variation of leaves the writer
/// in that game, refused.
#[test]
fn trees_written_into_a_refused_game_are_dropped() {
    let declare = WriteOptions::new().declare_charset(true);
    let variation = CompactTree::from_bytes(&b"(;W[pp](;B[aa])(;B[bb]))"[..]).unwrap();
    let bad_variation = CompactTree::from_bytes(&b"(;W[pp]C[\xbd])"[..]).unwrap();
    for (first, second) in [(&bad_variation, &variation), (&variation, &bad_variation)] {
        let mut writer = Writer::with_options(Vec::new(), declare.clone());
        let mut errors = Vec::new();
        for event in [Event::StartGameTree, Event::Node] {
            writer.write_event(&event).unwrap();
        }
        errors.extend(writer.write_tree(&first.root().unwrap()).err());
        errors.extend(writer.write_tree(&second.root().unwrap()).err());
        assert_eq!(writer.depth(), 1);
        errors.extend(writer.end_game_tree().err());
        assert_eq!(writer.depth(), 0);
        writer.write_tree(&variation.root().unwrap()).unwrap();
        assert!(errors.len() == 1 && is_not_utf8(&errors), "{errors:?}");
        assert_eq!(
            writer.into_inner().unwrap(),
            b"(;W[pp]CA[UTF-8](;B[aa])(;B[bb]))\n"
        );
    }
}

/// The top-level games of `events`, each as its events.
fn games<'a>(events: &[Event<'a>]) -> Vec<Vec<Event<'a>>> {
    let (mut games, mut depth) = (Vec::new(), 0);
    for event in events {
        if depth == 0 {
            games.push(Vec::new());
        }
        games.last_mut().unwrap().push(event.clone());
        match event {
            Event::StartGameTree => depth += 1,
            Event::EndGameTree => depth -= 1,
            _ => {}
        }
    }
    games
}

/// Writes `events` on a fresh writer: the output and the errors.
fn write_events(events: &[Event<'_>], options: &WriteOptions) -> (Vec<u8>, Vec<WriteError>) {
    let mut writer = Writer::with_options(Vec::new(), options.clone());
    let errors = events
        .iter()
        .filter_map(|event| writer.write_event(event).err())
        .collect();
    (writer.into_inner().expect("valid output"), errors)
}

/// How many top-level games `written` holds, by the strict parser's
/// events (a lenient input may repeat a property in a node, which a tree
/// would refuse); it must parse, unless empty.
fn top_level_games(written: &[u8]) -> usize {
    if written.is_empty() {
        return 0;
    }
    let mut depth = 0;
    let mut games = 0;
    for event in Parser::new(written) {
        match event.expect("the output parses") {
            Event::StartGameTree => {
                games += usize::from(depth == 0);
                depth += 1;
            }
            Event::EndGameTree => depth -= 1,
            _ => {}
        }
    }
    games
}

/// Games with variations, roots with and without `CA`.
const GAMES: &[&[u8]] = &[
    b"(;GM[1]CA[UTF-8]C[hi](;B[aa];W[bb](;B[cc])(;B[dd]))(;B[ee]))",
    b"(;CA[]C[x](;B[aa])(;W[bb]))",
    b"(;GM[1];B[aa];W[bb]C[ok])",
    b"(;CA[Shift_JIS]GN[g](;B[aa](;W[bb])(;W[cc]))(;B[dd]))",
];

/// A collection of some of `GAMES`, with bytes inserted: bytes that are
/// not UTF-8, structure, and text.
fn mutated() -> impl Strategy<Value = Vec<u8>> {
    let games = proptest::collection::vec(proptest::sample::select(GAMES), 1..4);
    let pieces: &[&[u8]] = &[
        b"\xbd",
        b"\xff\xfe",
        b"(",
        b")",
        b";",
        b"[",
        b"]",
        b"C[",
        b"CA[]",
        b"B[aa]",
        b"\\",
    ];
    let inserts = proptest::collection::vec(
        (
            any::<proptest::sample::Index>(),
            proptest::sample::select(pieces),
        ),
        0..6,
    );
    (games, inserts).prop_map(|(games, inserts)| {
        let mut input = games.concat();
        for (at, piece) in inserts {
            let at = at.index(input.len() + 1);
            input.splice(at..at, piece.iter().copied());
        }
        input
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// Each top-level game of the lenient events, written alone, is
    /// either written whole (one game that parses) or refused (one
    /// `NotUtf8`, nothing written); the events of the whole collection
    /// through one writer give the games written alone, one after the
    /// other, and one error per refused game.
    #[test]
    fn mutated_collections_write_each_game_or_refuse_it_whole(
        input in mutated(),
        declare in any::<bool>(),
    ) {
        let options = WriteOptions::new().declare_charset(declare);
        let events: Vec<Event> = ReaderBuilder::new()
            .lenient(true)
            .from_slice(&input)
            .collect::<Result<_, _>>()
            .expect("lenient reading never fails");
        let (mut expected, mut refused) = (Vec::new(), 0);
        for game in games(&events) {
            let (written, errors) = write_events(&game, &options);
            prop_assert!(is_not_utf8(&errors), "{:?}", errors);
            if errors.is_empty() {
                prop_assert_eq!(top_level_games(&written), 1, "{:?}", written);
                expected.extend(written);
            } else {
                prop_assert_eq!(errors.len(), 1, "{:?}", errors);
                prop_assert!(written.is_empty(), "{:?}", written);
                refused += 1;
            }
        }
        let (written, errors) = write_events(&events, &options);
        prop_assert_eq!(&written, &expected);
        prop_assert_eq!(errors.len(), refused);
        prop_assert_eq!(top_level_games(&written), games(&events).len() - refused);
    }
}
