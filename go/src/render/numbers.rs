//! Move numbers on stones, as books print them: the moves played
//! ([`Played`]), which stones show which number, and the notes for moves
//! whose stones were captured.

use std::fmt::Write;
use std::ops::RangeInclusive;

use super::layout::point_name;
use crate::{work, Board};
use sgf_stream::typed::{Color, Point};

/// A move of the game, numbered as the game counts them (passes count).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Played {
    /// The move's number, from 1.
    pub number: u32,
    /// Who played it.
    pub color: Color,
    /// Where, or `None` for a pass.
    pub point: Option<Point>,
}

/// The numbers of a diagram.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Numbering {
    /// Each numbered stone's point and number.
    pub stones: Vec<(Point, u32)>,
    /// One note per point where numbered moves were played but no longer
    /// stand: `7 at 12`, or `7, 15 at D4`.
    pub notes: Vec<String>,
}

/// Numbers the moves of `moves` in `range` on `board`: a move's stone
/// shows its number when it is still on the board (the last move on its
/// point, and a stone of its colour there); the others are noted at the
/// number or the name of their point, one note per point in the order of
/// their first hidden move. The work is linear in the moves and the
/// board's points.
pub fn number(board: &Board, moves: &[Played], range: &RangeInclusive<u32>) -> Numbering {
    let size = board.size();
    let cols = usize::from(size.cols);
    let cells = cols * usize::from(size.rows);
    let cell = |p: Point| usize::from(p.row) * cols + usize::from(p.col);
    work::count(cells);
    // The last move on each point.
    let mut last: Vec<Option<usize>> = vec![None; cells];
    for (i, played) in moves.iter().enumerate() {
        work::count(1);
        if let Some(p) = played.point.filter(|&p| size.contains(p)) {
            last[cell(p)] = Some(i);
        }
    }
    let mut numbering = Numbering::default();
    let mut shown: Vec<Option<u32>> = vec![None; cells];
    let mut notes = Notes::new(cells);
    for (i, played) in moves.iter().enumerate() {
        work::count(1);
        let Some(p) = played.point.filter(|&p| size.contains(p)) else {
            continue;
        };
        if !range.contains(&played.number) {
            continue;
        }
        if last[cell(p)] == Some(i) && board.get(p) == Some(played.color) {
            shown[cell(p)] = Some(played.number);
            numbering.stones.push((p, played.number));
        } else {
            notes.add(cell(p), p, played.number);
        }
    }
    numbering.notes = notes
        .points
        .into_iter()
        .map(|(p, numbers)| {
            work::count(1);
            let at = shown[cell(p)].map_or_else(|| point_name(p, size), |n| n.to_string());
            format!("{numbers} at {at}")
        })
        .collect();
    numbering
}

/// The numbers of hidden moves, grouped by point in the order of each
/// point's first hidden move.
struct Notes {
    /// Each cell's place in `points`, once it has a hidden move.
    place: Vec<Option<usize>>,
    /// Each point with hidden moves, and their numbers (`7, 15`).
    points: Vec<(Point, String)>,
}

impl Notes {
    fn new(cells: usize) -> Notes {
        Notes {
            place: vec![None; cells],
            points: Vec::new(),
        }
    }

    /// Adds move `number`, hidden on `p` (at `cell`).
    fn add(&mut self, cell: usize, p: Point, number: u32) {
        let points = &mut self.points;
        let place = *self.place[cell].get_or_insert_with(|| {
            points.push((p, String::new()));
            points.len() - 1
        });
        let numbers = &mut points[place].1;
        if !numbers.is_empty() {
            numbers.push_str(", ");
        }
        let _ = write!(numbers, "{number}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::Position;
    use crate::ReplayOptions;

    fn numbering(sgf: &str, range: RangeInclusive<u32>) -> Numbering {
        let tree = sgf_stream::parse(sgf).unwrap();
        let position = Position::replay(tree.main_line(), ReplayOptions::new()).unwrap();
        number(position.board(), position.moves(), &range)
    }

    #[test]
    fn a_ko_retaken_is_noted_at_the_stone_now_there() {
        // Black 1 takes the ko at `bb`; White 4 takes back; Black 7 again.
        let sgf =
            "(;SZ[5]AB[ba][ab][bc]AW[ca][bb][db][cc];B[cb];W[ee];B[ed];W[bb];B[dd];W[de];B[cb])";
        let found = numbering(sgf, 1..=7);
        assert_eq!(found.notes, ["1 at 7", "4 at B4"]);
        let numbers: Vec<u32> = found.stones.iter().map(|&(_, n)| n).collect();
        assert_eq!(numbers, [2, 3, 5, 6, 7]);
    }

    /// The notes as a naive search finds them: the points in the order
    /// of their first hidden move, each with all its hidden numbers.
    fn naive(board: &Board, moves: &[Played], range: &RangeInclusive<u32>) -> Numbering {
        let size = board.size();
        let hidden: Vec<(Point, u32)> = moves
            .iter()
            .enumerate()
            .filter(|(_, m)| range.contains(&m.number))
            .filter_map(|(i, m)| Some((i, m, m.point.filter(|&p| size.contains(p))?)))
            .filter(|&(i, m, p)| {
                let later = moves[i + 1..].iter().any(|n| n.point == Some(p));
                later || board.get(p) != Some(m.color)
            })
            .map(|(_, m, p)| (p, m.number))
            .collect();
        let stones: Vec<(Point, u32)> = moves
            .iter()
            .filter(|m| range.contains(&m.number))
            .filter_map(|m| Some((m.point.filter(|&p| size.contains(p))?, m.number)))
            .filter(|s| !hidden.contains(s))
            .collect();
        let mut points: Vec<Point> = Vec::new();
        for &(p, _) in &hidden {
            if !points.contains(&p) {
                points.push(p);
            }
        }
        let notes = points
            .into_iter()
            .map(|p| {
                let numbers: Vec<String> = hidden
                    .iter()
                    .filter(|(q, _)| *q == p)
                    .map(|(_, n)| n.to_string())
                    .collect();
                let at = stones
                    .iter()
                    .find(|(q, _)| *q == p)
                    .map_or_else(|| point_name(p, size), |(_, n)| n.to_string());
                format!("{} at {at}", numbers.join(", "))
            })
            .collect();
        Numbering { stones, notes }
    }

    #[test]
    fn notes_are_those_a_naive_search_finds() {
        let mut next = crate::testing::numbers(7);
        let (mut several, mut at_numbers) = (0, 0);
        for _ in 0..300 {
            let size = sgf_stream::typed::BoardSize::square(5);
            let mut board = Board::new(size);
            for _ in 0..next(20) {
                let p = Point::new(next(5) as u8, next(5) as u8);
                let stone = [None, Some(Color::Black), Some(Color::White)][next(3) as usize];
                board.set(p, stone);
            }
            // Points off the 5×5 board and passes among the moves.
            let moves: Vec<Played> = (1..=next(40) as u32)
                .map(|number| Played {
                    number,
                    color: if next(2) == 0 {
                        Color::Black
                    } else {
                        Color::White
                    },
                    point: (next(8) > 0).then(|| Point::new(next(6) as u8, next(6) as u8)),
                })
                .collect();
            let from = next(10) as u32;
            let range = from..=from + next(40) as u32;
            let found = number(&board, &moves, &range);
            assert_eq!(
                found,
                naive(&board, &moves, &range),
                "{moves:?} in {range:?}"
            );
            several += found.notes.iter().filter(|n| n.contains(", ")).count();
            let at_number = |n: &&String| {
                n.ends_with(|c: char| c.is_ascii_digit())
                    && n.rsplit(' ')
                        .next()
                        .is_some_and(|at| at.parse::<u32>().is_ok())
            };
            at_numbers += found.notes.iter().filter(at_number).count();
        }
        // The cases hold notes of several moves, and notes at a number.
        assert!(several > 50 && at_numbers > 10, "{several}, {at_numbers}");
    }

    #[cfg(feature = "work-count")]
    /// `moves` moves in turn, the `k`th on point `at(k)`.
    fn played(moves: u32, at: impl Fn(u32) -> Point) -> Vec<Played> {
        (1..=moves)
            .map(|number| Played {
                number,
                color: if number % 2 == 1 {
                    Color::Black
                } else {
                    Color::White
                },
                point: Some(at(number)),
            })
            .collect()
    }

    #[cfg(feature = "work-count")]
    /// Steps of numbering `moves` moves on an empty 52×52 board, two on
    /// each of `moves / 2` points: every move is noted, none shown.
    fn hidden_work(moves: u32) -> u64 {
        let board = Board::new(sgf_stream::typed::BoardSize::square(52));
        let points = moves / 2;
        let moves = played(moves, |k| {
            let i = k % points;
            Point::new((i % 52) as u8, (i / 52) as u8)
        });
        let (found, work) = sgf_stream::work::measure(|| number(&board, &moves, &(1..=u32::MAX)));
        assert!(found.stones.is_empty());
        assert_eq!(found.notes.len(), points as usize);
        assert_eq!(found.notes[1], format!("2, {} at C52", points + 2));
        work
    }

    #[cfg(feature = "work-count")]
    #[test]
    fn notes_take_work_linear_in_the_moves_and_the_board() {
        let (small, large) = (hidden_work(1_200), hidden_work(2_400));
        let cells = 52 * 52;
        assert!(large <= 4 * (2_400 + cells), "{small} then {large} steps");
        assert!(large < small * 2, "{small} then {large} steps");
    }

    #[test]
    fn moves_out_of_the_range_and_passes_get_no_number() {
        let found = numbering("(;SZ[9];B[aa];W[];B[cc];W[dd])", 2..=3);
        assert_eq!(found.stones, [(Point::new(2, 2), 3)]);
        assert!(found.notes.is_empty());
    }
}
