//! The default typed calls on real records (`../shared/corpus`, read at
//! run time; skipped with a note when absent): `game_info()` and the
//! default `GameCollector` read every game, saying what they tolerated,
//! where the strict calls stop at the letter of FF\[4\].

mod common;

use sgf_stream::game::GameCollector;
use sgf_stream::read::decode_to_utf8;
use sgf_stream::typed::{Color, Move};
use sgf_stream::{Parser, ReaderBuilder};

/// The README's first typed example (section "Typed values"), its calls
/// on a real file: one from a Chinese server, with `AP[YuanYu]`,
/// `CA[UTF-8][UTF-8]` and `GN[][]`, which FF\[4\] does not allow.
#[test]
fn readme_typed_example_runs_on_a_corpus_file() -> Result<(), Box<dyn std::error::Error>> {
    let Some(files) = common::corpus_files() else {
        return Ok(());
    };
    let bytes = files
        .iter()
        .map(|file| std::fs::read(file).expect("readable corpus file"))
        .find(|bytes| bytes.windows(16).any(|w| w == b"CA[UTF-8][UTF-8]"))
        .expect("a record with CA[UTF-8][UTF-8] in the corpus");
    let parsed = ReaderBuilder::new().lenient(true).read_collection(&bytes)?;
    let tree = &parsed.trees[0];
    let moves = tree.moves()?;
    assert_eq!(moves[0].0, Color::Black);
    assert!(moves.len() > 10);
    let (info, tolerated) = tree.game_info()?;
    assert!(info.black.is_some() && info.white.is_some());
    assert_eq!(info.charset.as_deref(), Some("UTF-8"));
    let tolerated: Vec<&str> = tolerated.iter().map(|w| w.property.as_str()).collect();
    assert!(tolerated.contains(&"CA"), "{tolerated:?}");
    assert!(tree.game_info_strict().is_err());
    Ok(())
}

/// Every game of the corpus: how many `game_info()` and the default
/// collector read (all of them), and how many the strict calls read.
#[test]
fn default_game_info_reads_every_corpus_game() {
    let Some(files) = common::corpus_files() else {
        return;
    };
    let (mut games, mut by_default, mut strictly, mut tolerated) = (0, 0, 0, 0);
    let (mut collected, mut collected_strictly) = (0, 0);
    for file in &files {
        let bytes = std::fs::read(file).unwrap();
        let parsed = ReaderBuilder::new()
            .lenient(true)
            .read_collection(&bytes)
            .unwrap();
        for tree in &parsed.trees {
            games += 1;
            if let Ok((_, warnings)) = tree.game_info() {
                by_default += 1;
                tolerated += warnings.len();
            }
            strictly += usize::from(tree.game_info_strict().is_ok());
        }
        let (text, _) = decode_to_utf8(&bytes);
        let (mut default, mut strict) = (GameCollector::new(), GameCollector::strict());
        for event in Parser::new(&text) {
            let event = event.unwrap();
            collected += usize::from(matches!(default.push(&event), Ok(Some(_))));
            collected_strictly += usize::from(matches!(strict.push(&event), Ok(Some(_))));
        }
    }
    eprintln!(
        "corpus: {games} games; game_info() reads {by_default} ({tolerated} values tolerated), \
         game_info_strict() {strictly}; GameCollector::new() {collected}, ::strict() {collected_strictly}"
    );
    assert_eq!(by_default, games);
    assert_eq!(collected, games);
    assert!(
        strictly < games,
        "the corpus has records that are not FF[4] to the letter"
    );
}

/// The moves of a game are the same however its values are read.
#[test]
fn tolerant_reading_keeps_the_moves() {
    let input = b"(;AP[YuanYu]CA[UTF-8][UTF-8]HA[2];B[pd];W[];B[tt])";
    let mut collector = GameCollector::new();
    let mut records = Vec::new();
    for event in Parser::new(input) {
        records.extend(collector.push(&event.unwrap()).unwrap());
    }
    assert_eq!(records[0].moves.len(), 3);
    assert_eq!(records[0].moves[1], (Color::White, Move::Pass));
    assert_eq!(records[0].info.handicap, Some(2));
}
