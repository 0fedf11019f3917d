//! Replaying game records: the rules over a line of nodes (superko,
//! turn order, setup), strict errors and lenient warnings with their
//! positions, the same steps from an `SgfTree` and a `CompactTree`, and
//! every game of the shared corpus.

#[path = "support/board.rs"]
mod board;
#[path = "../../tests/common/mod.rs"]
mod common;

use std::sync::OnceLock;

use board::{assert_board, pt, setup_properties};
use sgf_go::{
    Game, Illegal, Replay, ReplayError, ReplayErrorKind, ReplayOptions, Rules, Step, Suicide,
};
use sgf_stream::tree::Node;
use sgf_stream::typed::{Color, Move};
use sgf_stream::{CompactTree, ReaderBuilder, SgfTree};

/// Every step of the main line of `sgf`, strictly, with `options`.
fn steps(sgf: &str, options: ReplayOptions) -> Result<Vec<Step>, ReplayError> {
    let tree = sgf_stream::parse(sgf).unwrap();
    options.replay(tree.main_line()).collect()
}

/// The main line of `sgf` replayed leniently: the game at the end.
fn lenient(sgf: &str, options: ReplayOptions) -> Game {
    let tree = sgf_stream::parse(sgf).unwrap();
    options
        .lenient(true)
        .replay(tree.main_line())
        .run()
        .unwrap()
}

fn illegal_of(err: &ReplayError) -> Illegal {
    match err.kind {
        ReplayErrorKind::Illegal { illegal, .. } => illegal,
        ref other => panic!("not an illegal move: {other}"),
    }
}

/// Two kos, one in each state: Black takes the first, White the second,
/// Black passes, White retakes the first, and Black's retaking of the
/// second brings back the first position, with White to move.
const DOUBLE_KO: &str = "
    . X O . . . . . .
    X O . O . . . . .
    . X O . . . . . .
    . . . . . . . . .
    . X O . . . . . .
    X . X O . . . . .
    . X O . . . . . .
    . . . . . . . . .
    . . . . . . . . .";

#[test]
fn positional_superko_refuses_a_cycle_that_simple_ko_allows() {
    let sgf = format!(
        "(;{};B[cb];W[bf];B[];W[bb];B[cf])",
        setup_properties(DOUBLE_KO)
    );
    let japanese = steps(&sgf, ReplayOptions::new()).unwrap();
    assert_eq!(japanese.len(), 6);
    assert_eq!(japanese[5].captured, 1);
    // The stones are as at the start; the side to move is not.
    assert_eq!(japanese[5].to_move, Color::White);
    assert_ne!(japanese[5].hash, japanese[0].hash);
    let err = steps(&sgf, ReplayOptions::new().rules(Rules::CHINESE)).unwrap_err();
    assert_eq!(illegal_of(&err), Illegal::Superko);
    assert_eq!(err.node, 5);
    assert_eq!(err.code(), "illegal-superko");
    // Leniently, the move is played and kept as a warning.
    let game = lenient(&sgf, ReplayOptions::new().rules(Rules::CHINESE));
    assert_eq!(game.warnings().len(), 1);
    assert_board(game.board(), DOUBLE_KO);
}

#[test]
fn simple_ko_in_a_record() {
    let ko = "
        . X O . .
        X O . O .
        . X O . .
        . . . . .";
    let setup = setup_properties(ko);
    let err = steps(&format!("(;{setup};B[cb];W[bb])"), ReplayOptions::new()).unwrap_err();
    assert_eq!(illegal_of(&err), Illegal::Ko);
    assert_eq!(err.node, 2);
    // After an exchange elsewhere, the retake is legal.
    let ok = steps(
        &format!("(;{setup};B[cb];W[ed];B[ad];W[bb])"),
        ReplayOptions::new(),
    );
    assert_eq!(ok.unwrap()[4].captured, 1);
    let game = lenient(&format!("(;{setup};B[cb];W[bb])"), ReplayOptions::new());
    assert_eq!(game.warnings()[0].code(), "illegal-ko");
    assert_board(game.board(), ko);
}

#[test]
fn suicide_in_a_record_follows_the_rules() {
    let sgf = "(;SZ[3]AB[ba][ab];W[aa])";
    let err = steps(sgf, ReplayOptions::new()).unwrap_err();
    assert_eq!(illegal_of(&err), Illegal::Suicide);
    let anything = Rules {
        suicide: Suicide::Allowed,
        ..Rules::JAPANESE
    };
    let ok = steps(sgf, ReplayOptions::new().rules(anything)).unwrap();
    assert_eq!(ok[1].captured, 1);
    assert_eq!(ok[1].played, Some((Color::White, Move::Play(pt("aa")))));
    let ing = steps(sgf, ReplayOptions::new().rules(Rules::ING)).unwrap_err();
    assert_eq!(illegal_of(&ing), Illegal::Suicide);
    // Under positional superko a lone suicide repeats the position; a
    // suicide of two stones does not.
    let err = steps(sgf, ReplayOptions::new().rules(Rules::TROMP_TAYLOR)).unwrap_err();
    assert_eq!(illegal_of(&err), Illegal::Superko);
    let two = "(;SZ[4]AB[ca][ab][bb]AW[ba];W[aa])";
    let ok = steps(two, ReplayOptions::new().rules(Rules::TROMP_TAYLOR)).unwrap();
    assert_eq!(ok[1].captured, 2);
}

#[test]
fn turn_order() {
    let err = steps("(;SZ[9];B[aa];B[bb])", ReplayOptions::new()).unwrap_err();
    assert_eq!(illegal_of(&err), Illegal::WrongTurn);
    assert_eq!(err.node, 2);
    assert!(steps(
        "(;SZ[9];B[aa];B[bb])",
        ReplayOptions::new().check_turn(false)
    )
    .is_ok());
    // White may start; PL fixes the turn.
    assert!(steps("(;SZ[9];W[aa];B[bb])", ReplayOptions::new()).is_ok());
    let err = steps("(;SZ[9]PL[W];B[aa])", ReplayOptions::new()).unwrap_err();
    assert_eq!(err.code(), "wrong-turn");
    // Free handicap stones as moves: Black's first HA moves.
    assert!(steps(
        "(;SZ[9]HA[3];B[aa];B[bb];B[cc];W[dd])",
        ReplayOptions::new()
    )
    .is_ok());
    let err = steps("(;SZ[9]HA[2];B[aa];B[bb];B[cc])", ReplayOptions::new()).unwrap_err();
    assert_eq!(err.node, 3);
    // Handicap stones set up: White to move.
    let after = steps("(;SZ[9]HA[2]AB[cc][gg])", ReplayOptions::new()).unwrap();
    assert_eq!(after[0].to_move, Color::White);
    // A pass is a move.
    assert!(steps("(;SZ[9];B[];B[aa])", ReplayOptions::new()).is_err());
}

#[test]
fn setup_anywhere_in_a_line_comes_before_the_node_move() {
    let sgf = "(;SZ[5];B[ba];W[aa];B[ab];AE[ab]AB[cc][dd];W[ab]AE[ab];B[bb])";
    let steps = steps(sgf, ReplayOptions::new()).unwrap();
    assert_eq!(steps[3].captured, 1);
    assert_eq!((steps[4].added, steps[4].removed), (2, 1));
    assert_eq!(steps[4].played, None);
    assert_eq!(steps[4].to_move, Color::White, "setup keeps the turn");
    // AE[ab] is applied before W[ab], though written after it.
    assert_eq!(steps[5].played, Some((Color::White, Move::Play(pt("ab")))));
    let tree = sgf_stream::parse(sgf).unwrap();
    let game = Replay::new(tree.main_line()).run().unwrap();
    assert_board(
        game.board(),
        "
        . X . . .
        O X . . .
        . . X . .
        . . . X .
        . . . . .",
    );
}

#[test]
fn bad_values_are_errors_with_positions_or_warnings() {
    let sgf = "(;SZ[9]\n;B[ee]\n;W[zz];B[aa])";
    let tree = CompactTree::from_bytes(sgf).unwrap();
    let line = || tree.root().unwrap().main_line();
    let err = Replay::new(line()).find_map(Result::err).unwrap();
    assert_eq!(err.code(), "bad-value");
    assert_eq!(err.node, 2);
    let at = err.position.unwrap();
    assert_eq!((at.line, at.column, at.offset), (3, 1, 15));
    assert!(matches!(&err.kind, ReplayErrorKind::Value(e) if e.property == "W"));
    let game = ReplayOptions::new()
        .lenient(true)
        .check_turn(false)
        .replay(line())
        .run()
        .unwrap();
    assert_eq!(game.moves(), 2);
    assert_eq!(game.warnings()[0].position, Some(at));
    // An SgfTree does not know where its nodes are.
    let tree = sgf_stream::parse(sgf).unwrap();
    let err = Replay::new(tree.main_line()).run().unwrap_err();
    assert_eq!((err.node, err.position), (2, None));
}

#[test]
fn warnings_in_one_input_have_their_own_positions() {
    let sgf = "(;SZ[5];B[aa];B[bb]\n;W[aa];B[cc])\n(;SZ[5]\r\n;W[dd];W[ee])";
    let tree = CompactTree::from_bytes(sgf).unwrap();
    let options = ReplayOptions::new().lenient(true);
    let mut found = Vec::new();
    for game in tree.games() {
        let game = options.replay(game.main_line()).run().unwrap();
        for warning in game.warnings() {
            let at = warning.position.unwrap();
            found.push((warning.code(), at.line, at.column, at.offset));
        }
    }
    let expected = [
        ("wrong-turn", 1, 14, 13),
        ("illegal-occupied", 2, 1, 20),
        ("wrong-turn", 4, 7, 49),
    ];
    assert_eq!(found, expected);
    for (_, line, column, offset) in expected {
        let at = sgf_stream::Position::locate(sgf.as_bytes(), offset as usize);
        assert_eq!((at.line, at.column), (line, column));
    }
}

#[test]
fn a_game_that_is_not_go_is_an_error() {
    for options in [ReplayOptions::new(), ReplayOptions::new().lenient(true)] {
        let tree = sgf_stream::parse("(;GM[2]SZ[8];B[dd])").unwrap();
        let err = options.replay(tree.main_line()).run().unwrap_err();
        assert_eq!(err.kind, ReplayErrorKind::NotGo(2));
    }
}

#[test]
fn rectangles_and_the_largest_board() {
    let steps = steps(
        "(;SZ[13:9];B[ma];W[la];B[ib];W[mb];B[];W[ma])",
        ReplayOptions::new(),
    );
    let steps = steps.unwrap();
    assert_eq!(steps[6].captured, 0);
    let tree = sgf_stream::parse("(;SZ[13:9];B[ai])").unwrap();
    assert!(Replay::new(tree.main_line()).run().is_ok());
    let tree = sgf_stream::parse("(;SZ[13:9];B[aj])").unwrap();
    assert!(Replay::new(tree.main_line()).run().is_err(), "row 9 is off");
    let tree = sgf_stream::parse("(;SZ[52];W[ZZ];B[YZ];W[tt];B[ZY])").unwrap();
    let steps: Vec<Step> = Replay::new(tree.main_line())
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(steps[4].captured, 1);
    assert_eq!(steps[3].played, Some((Color::White, Move::Play(pt("tt")))));
}

#[test]
fn tree_and_compact_tree_replay_alike() {
    let sgf = "(;SZ[9]AB[cc:dd]AW[ee];B[ff];W[fe](;B[gg];W[dg])(;B[hh]C[x\\]y];W[gf]))";
    let tree = sgf_stream::parse(sgf).unwrap();
    let compact = CompactTree::from_bytes(sgf).unwrap();
    let ours: Vec<Step> = Replay::new(tree.main_line())
        .collect::<Result<_, _>>()
        .unwrap();
    let root = compact.root().unwrap();
    let theirs: Vec<Step> = Replay::new(root.main_line())
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(ours, theirs);
    // Any path: the second variation.
    let path: Vec<Node> = vec![
        tree.root(),
        tree.children()[0],
        tree.children()[0].children()[0],
        tree.children()[0].children()[0].children()[1],
        tree.children()[0].children()[0].children()[1].children()[0],
    ];
    let game = Replay::new(path).run().unwrap();
    assert_eq!(game.moves(), 4);
    assert_eq!(game.board().stone_count(Color::Black), 6);
}

#[test]
fn events_replay_like_trees() {
    use sgf_stream::event::PropIdent;
    use sgf_stream::{Event, Parser, RawValues};
    let sgf = "(;SZ[9];B[ee];W[ef];B[df];W[dg];B[eg];W[aa];B[ff])";
    let mut game = ReplayOptions::new().game();
    let mut node: Vec<(PropIdent, RawValues)> = Vec::new();
    let mut started = false;
    for event in Parser::new(sgf.as_bytes()) {
        match event.unwrap() {
            Event::Node | Event::EndGameTree if started => {
                game.play_node(&node[..]).unwrap();
                node.clear();
            }
            Event::Node => started = true,
            Event::Property(ident, values) => node.push((ident, values)),
            _ => {}
        }
    }
    let tree = sgf_stream::parse(sgf).unwrap();
    let replayed = Replay::new(tree.main_line()).run().unwrap();
    assert_eq!(game.board(), replayed.board());
    assert_eq!(game.board().captures(Color::Black), 1);
}

/// The games of the shared corpus, with their files, read once for the
/// tests that need them.
fn corpus_games() -> Option<&'static [(String, SgfTree)]> {
    static GAMES: OnceLock<Option<Vec<(String, SgfTree)>>> = OnceLock::new();
    let games = GAMES.get_or_init(|| {
        let mut games = Vec::new();
        for file in common::corpus_files()? {
            let data = std::fs::read(&file).unwrap();
            let options = ReaderBuilder::new().lenient(true);
            let parsed = options.read_collection(&data).unwrap();
            let name = file.display().to_string();
            games.extend(parsed.trees.into_iter().map(|tree| (name.clone(), tree)));
        }
        Some(games)
    });
    games.as_deref()
}

/// The one corrupt record of the corpus: from move 242 on, White plays
/// `gd` again and again on its own stone (read by hand: `;W[gd];B[ef];
/// W[db];B[ed];W[gd]` with no capture around `gd` between).
const CORRUPT: &str = "43772425";

/// Every game of the shared corpus replays (rules from `RU`) with no move
/// that the rules of Go forbid, but for the one corrupt record, whose
/// problems are all White's moves on `gd`; in every game the stones on
/// the board at the end are the stones placed and set up, less those
/// removed.
#[test]
fn every_corpus_game_replays_legally() {
    let Some(games) = corpus_games() else {
        return;
    };
    let mut moves = 0;
    for (file, tree) in games {
        let corrupt = file.contains(CORRUPT);
        let options = ReplayOptions::new()
            .rules_from_game(true)
            .check_turn(false)
            .lenient(corrupt);
        let mut replay = options.replay(tree.main_line());
        let mut stones: i64 = 0;
        for step in replay.by_ref() {
            let step = step.unwrap_or_else(|e| panic!("{file}: {e}"));
            let placed = matches!(step.played, Some((_, Move::Play(_))));
            stones += i64::from(placed) + i64::from(step.added)
                - i64::from(step.removed)
                - i64::from(step.captured);
            moves += u64::from(step.played.is_some());
        }
        let board = replay.board();
        let on_board = board.stone_count(Color::Black) + board.stone_count(Color::White);
        assert_eq!(i64::from(on_board), stones, "{file}");
        if corrupt {
            let warnings = replay.warnings();
            assert!(warnings.len() > 5, "{file}");
            for warning in warnings {
                let played = Some((Color::White, Move::Play(pt("gd"))));
                assert_eq!(warning.code(), "illegal-occupied");
                assert!(
                    matches!(warning.kind, ReplayErrorKind::Illegal { color, played: m, .. } if Some((color, m)) == played)
                );
            }
        }
    }
    assert!(
        games.len() > 3000 && moves > 500_000,
        "{} games, {moves} moves",
        games.len()
    );
}

/// The turn check flags exactly the moves of a corpus game played by the
/// colour that played the move before (the records have no `PL`; Black's
/// first `HA` moves may follow each other), counted here from the list
/// of moves.
#[test]
fn the_turn_check_flags_repeated_colours_in_the_corpus() {
    let Some(games) = corpus_games() else {
        return;
    };
    let mut flagged = 0;
    for (file, tree) in games {
        let handicap = tree
            .game_info_lenient()
            .0
            .handicap
            .map_or(0, |n| n.max(0) as usize);
        let colours: Vec<Color> = tree.moves_lenient().0.iter().map(|m| m.0).collect();
        let expected: Vec<usize> = (1..colours.len())
            .filter(|&i| colours[i] == colours[i - 1])
            .filter(|&i| !(colours[..=i].iter().all(|&c| c == Color::Black) && i < handicap))
            .collect();
        let game = ReplayOptions::new()
            .lenient(true)
            .rules_from_game(true)
            .replay(tree.main_line())
            .run()
            .unwrap();
        // Node numbers count the root; each node of these records holds
        // one move.
        let found: Vec<usize> = game
            .warnings()
            .iter()
            .filter(|w| w.code() == "wrong-turn")
            .map(|w| w.node - 1)
            .collect();
        assert_eq!(found, expected, "{file}");
        flagged += found.len();
    }
    assert!(flagged > 0, "the corpus has records with repeated colours");
}
