//! Helpers for the Go board tests: diagrams, points, and a reference
//! check of a board's groups by flood fill.
#![allow(dead_code)]

use std::collections::HashSet;

use sgf_go::{Board, Symmetry};
use sgf_stream::typed::{Color, Point};

/// A board from a diagram (see `Board::from_diagram`).
pub fn board(diagram: &str) -> Board {
    Board::from_diagram(diagram).expect("a valid diagram")
}

/// A point from its SGF letters.
pub fn pt(letters: &str) -> Point {
    Point::parse(letters.as_bytes()).expect("two letters")
}

/// The diagram as `Board`'s `Display` writes it: no spaces, no blank
/// lines, a line feed after each row.
pub fn normalize(diagram: &str) -> String {
    diagram
        .lines()
        .map(|line| line.split_whitespace().collect::<String>())
        .filter(|line| !line.is_empty())
        .map(|line| line + "\n")
        .collect()
}

/// Asserts that `board` shows `expected`.
#[track_caller]
pub fn assert_board(board: &Board, expected: &str) {
    assert_eq!(board.to_string(), normalize(expected));
}

/// The liberties of the group on `start`, by flood fill over `get`.
pub fn flood_liberties(board: &Board, start: Point) -> u32 {
    let color = board.get(start).expect("a stone");
    let size = board.size();
    let mut seen = HashSet::from([start]);
    let mut liberties = HashSet::new();
    let mut pending = vec![start];
    while let Some(p) = pending.pop() {
        let (c, r) = (i32::from(p.col), i32::from(p.row));
        for (dc, dr) in [(0, -1), (-1, 0), (1, 0), (0, 1)] {
            let (nc, nr) = (c + dc, r + dr);
            if nc < 0 || nr < 0 || nc >= i32::from(size.cols) || nr >= i32::from(size.rows) {
                continue;
            }
            let n = Point::new(nc as u8, nr as u8);
            match board.get(n) {
                None => {
                    liberties.insert(n);
                }
                Some(other) if other == color && seen.insert(n) => pending.push(n),
                Some(_) => {}
            }
        }
    }
    liberties.len() as u32
}

/// Checks every group's liberties against a flood fill, the stone counts
/// against the stones, and the hash against one computed from scratch
/// and one of the same stones set up afresh.
#[track_caller]
pub fn check_board(board: &Board) {
    let mut counts = [0, 0];
    for (point, color) in board.stones() {
        counts[(color == Color::White) as usize] += 1;
        assert_eq!(
            board.liberties(point),
            Some(flood_liberties(board, point)),
            "liberties of {point}\n{board}"
        );
    }
    assert_eq!(board.stone_count(Color::Black), counts[0]);
    assert_eq!(board.stone_count(Color::White), counts[1]);
    assert_eq!(board.hash(), board.hash_under(Symmetry::Identity));
    let mut afresh = Board::new(board.size());
    for (point, color) in board.stones() {
        afresh.set(point, Some(color));
    }
    afresh.set_to_move(board.to_move());
    assert_eq!(board.hash(), afresh.hash());
}

/// The root properties that set up `diagram`: `SZ`, then `AB` and `AW`
/// with one value per stone.
pub fn setup_properties(diagram: &str) -> String {
    let board = board(diagram);
    let size = board.size();
    let mut out = format!("SZ[{size}]");
    for (ident, color) in [("AB", Color::Black), ("AW", Color::White)] {
        let points: Vec<String> = board
            .stones()
            .filter(|&(_, c)| c == color)
            .map(|(p, _)| format!("[{p}]"))
            .collect();
        if !points.is_empty() {
            out += ident;
            out += &points.concat();
        }
    }
    out
}
