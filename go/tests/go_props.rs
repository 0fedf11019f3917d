//! Property tests of the Go board on random games: moves, legality and
//! captures against a naive board that flood-fills everything; liberties
//! and hashes after every change against a flood fill and a hash from
//! scratch; canonical hashes under every symmetry; positional superko
//! against a set of the positions seen.

#[path = "support/board.rs"]
mod board;
#[path = "../../tests/common/mod.rs"]
mod common;

use std::collections::HashSet;

use board::check_board;
use proptest::prelude::*;
use sgf_go::{
    Board, Game, Illegal, ReplayErrorKind, ReplayOptions, Rules, SequenceHash, Suicide, Symmetry,
};
use sgf_stream::typed::{BoardSize, Color, Move, Point};
use sgf_stream::SgfTree;

/// A board that knows nothing but its points: every rule by flood fill.
#[derive(Clone, PartialEq)]
struct Naive {
    size: BoardSize,
    points: Vec<Option<Color>>,
}

impl Naive {
    fn new(size: BoardSize) -> Self {
        let count = usize::from(size.cols) * usize::from(size.rows);
        Naive {
            size,
            points: vec![None; count],
        }
    }

    fn at(&self, p: Point) -> usize {
        usize::from(p.row) * usize::from(self.size.cols) + usize::from(p.col)
    }

    fn neighbours(&self, p: Point) -> Vec<Point> {
        let (c, r) = (i32::from(p.col), i32::from(p.row));
        [(c, r - 1), (c - 1, r), (c + 1, r), (c, r + 1)]
            .into_iter()
            .filter(|&(c, r)| {
                c >= 0 && r >= 0 && c < i32::from(self.size.cols) && r < i32::from(self.size.rows)
            })
            .map(|(c, r)| Point::new(c as u8, r as u8))
            .collect()
    }

    /// The stones of the group on `p` and whether it has a liberty.
    fn group(&self, p: Point) -> (Vec<Point>, bool) {
        let color = self.points[self.at(p)];
        let mut seen = HashSet::from([p]);
        let (mut stones, mut free) = (Vec::new(), false);
        let mut pending = vec![p];
        while let Some(q) = pending.pop() {
            stones.push(q);
            for n in self.neighbours(q) {
                match self.points[self.at(n)] {
                    None => free = true,
                    c if c == color && seen.insert(n) => pending.push(n),
                    _ => {}
                }
            }
        }
        (stones, free)
    }

    /// Plays by the occupied and suicide rules (no ko); returns the
    /// opponent stones captured and own stones lost.
    fn play(&mut self, color: Color, p: Point, suicide: Suicide) -> Result<(u32, u32), Illegal> {
        if self.points[self.at(p)].is_some() {
            return Err(Illegal::Occupied);
        }
        let before = self.points.clone();
        let at = self.at(p);
        self.points[at] = Some(color);
        let mut captured = 0;
        for n in self.neighbours(p) {
            if self.points[self.at(n)] == Some(color.opponent()) {
                let (stones, free) = self.group(n);
                if !free {
                    for s in &stones {
                        let i = self.at(*s);
                        self.points[i] = None;
                    }
                    captured += stones.len() as u32;
                }
            }
        }
        let (own, free) = self.group(p);
        if free {
            return Ok((captured, 0));
        }
        let allowed = match suicide {
            Suicide::Forbidden => false,
            Suicide::MultiStone => own.len() > 1,
            Suicide::Allowed => true,
        };
        if !allowed {
            self.points = before;
            return Err(Illegal::Suicide);
        }
        for s in &own {
            let i = self.at(*s);
            self.points[i] = None;
        }
        Ok((0, own.len() as u32))
    }

    fn same_stones(&self, board: &Board) -> bool {
        (0..self.size.rows).all(|row| {
            (0..self.size.cols).all(|col| {
                let p = Point::new(col, row);
                board.get(p) == self.points[self.at(p)]
            })
        })
    }
}

/// One random change: a move by the side to move or by the other side,
/// a pass, or setup.
#[derive(Debug, Clone)]
enum Op {
    Play {
        col: u8,
        row: u8,
        same_side: bool,
    },
    Pass,
    Set {
        col: u8,
        row: u8,
        stone: Option<bool>,
    },
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        20 => (0..52u8, 0..52u8, proptest::bool::weighted(0.1))
            .prop_map(|(col, row, same_side)| Op::Play { col, row, same_side }),
        1 => Just(Op::Pass),
        2 => (0..52u8, 0..52u8, proptest::option::of(any::<bool>()))
            .prop_map(|(col, row, stone)| Op::Set { col, row, stone }),
    ]
}

fn size() -> impl Strategy<Value = BoardSize> {
    prop_oneof![
        4 => (1..=7u8, 1..=7u8).prop_map(|(cols, rows)| BoardSize { cols, rows }),
        1 => (1..=52u8).prop_map(BoardSize::square),
    ]
}

fn suicide() -> impl Strategy<Value = Suicide> {
    prop_oneof![
        Just(Suicide::Forbidden),
        Just(Suicide::MultiStone),
        Just(Suicide::Allowed)
    ]
}

fn point_on(size: BoardSize, col: u8, row: u8) -> Point {
    Point::new(col % size.cols, row % size.rows)
}

/// Plays `ops` on a board and the naive board side by side, checking the
/// board after each change.
fn play_both(size: BoardSize, suicide: Suicide, ops: &[Op]) -> Result<Board, TestCaseError> {
    let rules = Rules {
        suicide,
        ..Rules::default()
    };
    let mut board = Board::with_rules(size, rules);
    let mut naive = Naive::new(size);
    // The naive position before the last move, and who made it, for ko.
    let mut last: Option<(Color, Naive)> = None;
    for op in ops {
        match *op {
            Op::Play {
                col,
                row,
                same_side,
            } => {
                let p = point_on(size, col, row);
                let color = match same_side {
                    true => board.to_move().opponent(),
                    false => board.to_move(),
                };
                let mut after = naive.clone();
                let expected = after.play(color, p, suicide).and_then(|(captured, lost)| {
                    // A lone capture that brings back the position before
                    // the opponent's last move retakes a ko.
                    let retakes = matches!(&last, Some((c, before)) if *c == color.opponent() && *before == after);
                    if captured == 1 && retakes {
                        Err(Illegal::Ko)
                    } else {
                        Ok(captured + lost)
                    }
                });
                let before = board.clone();
                let got = board.play(color, p);
                prop_assert_eq!(got, expected, "{:?} {} on\n{}", color, p, before);
                if got.is_ok() {
                    last = Some((color, std::mem::replace(&mut naive, after)));
                } else {
                    prop_assert_eq!(&board, &before);
                }
            }
            Op::Pass => {
                board.pass(board.to_move());
                last = None;
            }
            Op::Set { col, row, stone } => {
                let p = point_on(size, col, row);
                let stone = stone.map(|black| if black { Color::Black } else { Color::White });
                board.set(p, stone);
                let at = naive.at(p);
                naive.points[at] = stone;
                last = None;
            }
        }
        prop_assert!(naive.same_stones(&board), "\n{}", board);
        check_board(&board);
    }
    Ok(board)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Legality, captures and the stones match the naive board; the
    /// liberties, counts and hash match a flood fill and a hash from
    /// scratch after every change.
    #[test]
    fn board_matches_a_naive_board(size in size(), suicide in suicide(), ops in proptest::collection::vec(op(), 0..250)) {
        play_both(size, suicide, &ops)?;
    }

    /// A game and each of its rotations and mirror images: the same moves
    /// are legal, each position hashes as the original under that
    /// symmetry, and the canonical hashes of the positions and of the
    /// move sequences are equal.
    #[test]
    fn canonical_hashes_agree_under_every_symmetry(size in size(), tries in proptest::collection::vec((0..52u8, 0..52u8), 0..200)) {
        let mut board = Board::new(size);
        let mut moves = Vec::new();
        let mut sequence = SequenceHash::new(size);
        for (col, row) in tries {
            let p = point_on(size, col, row);
            let color = board.to_move();
            if board.play(color, p).is_ok() {
                moves.push((color, p));
                sequence.push(color, Move::Play(p));
            }
        }
        for symmetry in Symmetry::for_size(size) {
            let mut turned = Board::new(symmetry.apply_size(size));
            let mut turned_sequence = SequenceHash::new(turned.size());
            for &(color, p) in &moves {
                let image = symmetry.apply(p, size);
                prop_assert!(turned.play(color, image).is_ok());
                turned_sequence.push(color, Move::Play(image));
            }
            prop_assert_eq!(turned.hash(), board.hash_under(symmetry));
            prop_assert_eq!(turned.canonical_hash(), board.canonical_hash());
            prop_assert_eq!(turned_sequence.canonical(), sequence.canonical());
            if symmetry == Symmetry::Identity {
                prop_assert_eq!(turned_sequence.hash(), sequence.hash());
            }
        }
    }

    /// Under positional superko a game refuses exactly the moves that are
    /// illegal on the board or that bring back stones seen since the
    /// start, and is unchanged by a refused move.
    #[test]
    fn superko_refuses_exactly_the_repeated_positions(
        side in 2..=4u8,
        tries in proptest::collection::vec((0..4u8, 0..4u8, proptest::bool::weighted(0.15)), 0..120),
    ) {
        let size = BoardSize::square(side);
        let options = ReplayOptions::new().rules(Rules::CHINESE).check_turn(false);
        let mut game: Game = options.game();
        game.play_node(&SgfTree::new().with("SZ", [side.to_string()])).unwrap();
        let mut seen = HashSet::from([game.board().to_string()]);
        for (col, row, pass) in tries {
            let color = game.board().to_move();
            let p = point_on(size, col, row);
            let value = if pass { String::new() } else { p.to_string() };
            let node = SgfTree::new().with(color.ident(), [value]);
            let mut trial = game.board().clone();
            let expected = match (pass, trial.play(color, p)) {
                (true, _) => None,
                (false, Err(illegal)) => Some(illegal),
                (false, Ok(_)) if seen.contains(&trial.to_string()) => Some(Illegal::Superko),
                (false, Ok(_)) => None,
            };
            let before = game.board().clone();
            match game.play_node(&node) {
                Ok(_) => {
                    prop_assert_eq!(expected, None);
                    seen.insert(game.board().to_string());
                }
                Err(err) => {
                    let ReplayErrorKind::Illegal { illegal, .. } = err.kind else {
                        return Err(TestCaseError::fail(format!("{err}")));
                    };
                    prop_assert_eq!(Some(illegal), expected);
                    prop_assert_eq!(game.board(), &before);
                }
            }
        }
    }
}
