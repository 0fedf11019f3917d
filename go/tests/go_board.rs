//! The Go board on hand-made positions: each test sets up a diagram,
//! plays, and compares the board with the diagram expected. After every
//! move, the liberties and hash are checked against a flood fill and a
//! hash from scratch.

#[path = "support/board.rs"]
mod board;
#[path = "../../tests/common/mod.rs"]
mod common;

use board::{assert_board, board, check_board, pt};
use sgf_go::{Board, Illegal, Rules, Suicide};
use sgf_stream::typed::{BoardSize, Color, Point};

use Color::{Black, White};

/// Plays `moves` (`"B ab"`, `"W cd"`, ...) on `board`, checking it after
/// each; returns what each move removed.
#[track_caller]
fn play(board: &mut Board, moves: &[&str]) -> Vec<u32> {
    moves
        .iter()
        .map(|m| {
            let (color, point) = m.split_once(' ').unwrap();
            let color = if color == "B" { Black } else { White };
            let captured = board
                .play(color, pt(point))
                .unwrap_or_else(|e| panic!("{m}: {e}"));
            check_board(board);
            captured
        })
        .collect()
}

#[test]
fn corner_stone_captured() {
    let mut b = board(
        "
        O X .
        . . .
        . . .",
    );
    assert_eq!(b.liberties(pt("aa")), Some(1));
    assert_eq!(play(&mut b, &["B ab"]), [1]);
    assert_board(
        &b,
        "
        . X .
        X . .
        . . .",
    );
    assert_eq!(b.captures(Black), 1);
    assert_eq!(b.to_move(), White);
}

#[test]
fn edge_group_captured() {
    let mut b = board(
        "
        . X O O . .
        . . X X . .
        . . . . . .",
    );
    assert_eq!(b.liberties(pt("ca")), Some(1));
    assert_eq!(play(&mut b, &["B ea"]), [2]);
    assert_board(
        &b,
        "
        . X . . X .
        . . X X . .
        . . . . . .",
    );
    assert_eq!(b.liberties(pt("ea")), Some(3));
    assert_eq!(b.liberties(pt("ba")), Some(3));
    assert_eq!(b.liberties(pt("cb")), Some(6));
}

#[test]
fn far_corner_of_a_rectangle() {
    let mut b = Board::new(BoardSize { cols: 7, rows: 3 });
    play(&mut b, &["B fc", "W gc", "B gb"]);
    assert_board(
        &b,
        "
        . . . . . . .
        . . . . . . X
        . . . . . X .",
    );
    assert_eq!(b.captures(Black), 1);
    assert_eq!(b.liberties(pt("gb")), Some(3));
}

#[test]
fn one_move_captures_two_groups() {
    let mut b = board(
        "
        X O . O X
        . X . X .
        . . . . .",
    );
    assert_eq!(play(&mut b, &["B ca"]), [2]);
    assert_board(
        &b,
        "
        X . X . X
        . X . X .
        . . . . .",
    );
    assert_eq!(b.captures(Black), 2);
    assert_eq!(b.liberties(pt("ca")), Some(3));
}

#[test]
fn a_move_without_liberties_that_captures_is_not_suicide() {
    let mut b = board(
        "
        . X O
        X O .
        O . .",
    );
    b.set_to_move(White);
    assert_eq!(play(&mut b, &["W aa"]), [2]);
    assert_board(
        &b,
        "
        O . O
        . O .
        O . .",
    );
    assert_eq!(b.liberties(pt("aa")), Some(2));
}

#[test]
fn snapback() {
    let mut b = board(
        "
        X O . . O X
        X O O O O X
        X X X X X X
        . . . . . .",
    );
    // Black throws in; White takes the stone, and is left in atari; Black
    // takes back seven at the point just captured: not a ko.
    assert_eq!(play(&mut b, &["B ca", "W da"]), [0, 1]);
    assert_eq!(b.ko(), None);
    assert_eq!(b.liberties(pt("da")), Some(1));
    assert_eq!(play(&mut b, &["B ca"]), [7]);
    assert_board(
        &b,
        "
        X . X . . X
        X . . . . X
        X X X X X X
        . . . . . .",
    );
    assert_eq!((b.captures(Black), b.captures(White)), (7, 1));
}

#[test]
fn ko_recapture_refused_then_allowed_after_an_exchange() {
    let mut b = board(
        "
        . X O . .
        X O . O .
        . X O . .
        . . . . .",
    );
    assert_eq!(play(&mut b, &["B cb"]), [1]);
    assert_board(
        &b,
        "
        . X O . .
        X . X O .
        . X O . .
        . . . . .",
    );
    assert_eq!(b.ko(), Some((pt("bb"), White)));
    assert_eq!(b.play(White, pt("bb")), Err(Illegal::Ko));
    assert_eq!(b.check(White, pt("bb")), Err(Illegal::Ko));
    // Black could fill the ko itself.
    assert_eq!(b.check(Black, pt("bb")), Ok(()));
    assert_eq!(play(&mut b, &["W ed", "B ad", "W bb"]), [0, 0, 1]);
    assert_board(
        &b,
        "
        . X O . .
        X O . O .
        . X O . .
        X . . . O",
    );
    assert_eq!(b.ko(), Some((pt("cb"), Black)));
    // A pass ends the ban too.
    b.pass(Black);
    assert_eq!(b.ko(), None);
}

#[test]
fn single_stone_suicide_by_rules() {
    let diagram = "
        . X .
        X . .
        . . .";
    for rules in [Rules::JAPANESE, Rules::ING] {
        let mut b = Board::with_rules(board(diagram).size(), rules);
        b.set(pt("ba"), Some(Black));
        b.set(pt("ab"), Some(Black));
        let before = b.clone();
        assert_eq!(b.play(White, pt("aa")), Err(Illegal::Suicide), "{rules:?}");
        assert_eq!(b, before);
    }
    let mut b = board(diagram);
    b.set_rules(Rules::TROMP_TAYLOR);
    assert_eq!(play(&mut b, &["W aa"]), [1]);
    assert_board(&b, diagram);
    assert_eq!(b.captures(Black), 1);
    assert_eq!(b.to_move(), Black);
}

#[test]
fn multi_stone_suicide_by_rules() {
    let diagram = "
        . O X .
        X X . .
        . . . .";
    let mut b = board(diagram);
    assert_eq!(b.play(White, pt("aa")), Err(Illegal::Suicide));
    assert_board(&b, diagram);
    for suicide in [Suicide::MultiStone, Suicide::Allowed] {
        let mut b = board(diagram);
        b.set_rules(Rules {
            suicide,
            ..Rules::default()
        });
        assert_eq!(play(&mut b, &["W aa"]), [2]);
        assert_board(
            &b,
            "
            . . X .
            X X . .
            . . . .",
        );
        assert_eq!(b.captures(Black), 2);
    }
}

#[test]
fn setup_that_removes_stones_splits_groups() {
    let mut b = board(
        "
        X X X X X
        . . O . .
        . . . . .",
    );
    assert_eq!(b.liberties(pt("aa")), Some(4));
    assert_eq!(b.liberties(pt("cb")), Some(3));
    assert!(b.set(pt("ca"), None));
    check_board(&b);
    assert_eq!(b.liberties(pt("aa")), Some(3));
    assert_eq!(b.liberties(pt("ea")), Some(3));
    assert_eq!(b.liberties(pt("cb")), Some(4));
    assert_eq!(b.group(pt("aa")).len(), 2);
    // Setting up a stone over one of the other colour replaces it.
    assert!(b.set(pt("cb"), Some(Black)));
    check_board(&b);
    assert_board(
        &b,
        "
        X X . X X
        . . X . .
        . . . . .",
    );
    assert_eq!(b.stone_count(White), 0);
    assert!(b.set(pt("ca"), Some(Black)));
    check_board(&b);
    assert_eq!(b.group(pt("aa")).len(), 6);
    assert_eq!(b.liberties(pt("aa")), Some(5));
}

#[test]
fn one_by_one() {
    let mut b = Board::new(BoardSize::square(1));
    assert_eq!(b.play(Black, pt("aa")), Err(Illegal::Suicide));
    assert_eq!(b.play(Black, pt("ba")), Err(Illegal::OffBoard));
    b.pass(Black);
    assert_eq!(b.to_move(), White);
    b.set_rules(Rules::TROMP_TAYLOR);
    assert_eq!(play(&mut b, &["W aa"]), [1]);
    assert_eq!(b.captures(Black), 1);
    assert_board(&b, ".");
    assert!(b.set(pt("aa"), Some(White)));
    assert_eq!(b.liberties(pt("aa")), Some(0));
    check_board(&b);
}

#[test]
fn fifty_two_by_fifty_two() {
    let mut b = Board::new(BoardSize::square(52));
    let (corner, left, up) = (Point::new(51, 51), Point::new(50, 51), Point::new(51, 50));
    b.play(White, corner).unwrap();
    b.play(Black, left).unwrap();
    assert_eq!(b.play(Black, up), Ok(1));
    assert_eq!(b.get(corner), None);
    for row in 0..52 {
        b.set(Point::new(25, row), Some(White));
    }
    assert_eq!(b.liberties(Point::new(25, 0)), Some(104));
    assert_eq!(b.group(Point::new(25, 51)).len(), 52);
    check_board(&b);
    assert!(b.memory_bytes() < 8 * 1024);
}

#[test]
fn a_nineteen_by_nineteen_board_takes_at_most_one_kilobyte() {
    let b = Board::new(BoardSize::square(19));
    assert!(b.memory_bytes() <= 1024, "{} bytes", b.memory_bytes());
    assert_eq!(b.clone(), b);
}

#[test]
fn a_stone_on_an_occupied_point_is_refused_or_replaces_it() {
    let mut b = board("X O .\n. . .");
    let before = b.clone();
    assert_eq!(b.play(White, pt("aa")), Err(Illegal::Occupied));
    assert_eq!(b, before);
    assert_eq!(b.play_anyway(White, pt("aa")), (0, Some(Illegal::Occupied)));
    check_board(&b);
    assert_board(&b, "O O .\n. . .");
    assert_eq!(b.play_anyway(Black, pt("za")), (0, Some(Illegal::OffBoard)));
}

#[test]
fn planes_and_diagrams() {
    let b = board("X . O\n. X .");
    let mut plane = [9i8; 6];
    b.write_plane(&mut plane).unwrap();
    assert_eq!(plane, [1, 0, -1, 0, 1, 0]);
    let err = b.write_plane(&mut [0; 5]).unwrap_err();
    assert_eq!((err.expected, err.found), (6, 5));
    assert!(Board::from_diagram("X?").is_err());
    assert!(Board::from_diagram("X.\nX").is_err());
    assert!(Board::from_diagram("").is_err());
}

#[test]
fn a_retake_that_captures_more_than_the_ko_stone_is_allowed() {
    let mut b = board(". X O");
    b.set_to_move(White);
    assert_eq!(play(&mut b, &["W aa"]), [1]);
    assert_eq!(b.ko(), Some((pt("ba"), Black)));
    // Black's retake at `ba` takes `aa` and `ca` together: no ko.
    assert_eq!(play(&mut b, &["B ba"]), [2]);
    assert_board(&b, ". X .");
}

#[test]
fn setup_in_one_node_replaces_clears_and_sets_again() {
    // A node's setup takes stones off, replaces others and sets some
    // again: the groups and liberties after it are those of its stones.
    let sgf = "(;SZ[5]AB[aa:ee];AE[cc][dd]AW[bc][cb][cc][ea]AB[bb])";
    let tree = sgf_stream::parse(sgf).unwrap();
    let options = sgf_go::ReplayOptions::new().lenient(true);
    let game = options.replay(tree.main_line()).run().unwrap();
    let board = game.board();
    assert_eq!(board.to_string(), "XXXXO\nXXOXX\nXOOXX\nXXX.X\nXXXXX\n");
    check_board(board);
    assert_eq!(board.stone_count(White), 4);
}
