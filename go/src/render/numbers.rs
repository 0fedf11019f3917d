//! Move numbers on stones, as books print them: the moves played
//! ([`Played`]), which stones show which number, and the notes for moves
//! whose stones were captured.

use std::ops::RangeInclusive;

use super::layout::point_name;
use crate::Board;
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
/// number or the name of their point.
pub fn number(board: &Board, moves: &[Played], range: &RangeInclusive<u32>) -> Numbering {
    let size = board.size();
    let cols = usize::from(size.cols);
    let cell = |p: Point| usize::from(p.row) * cols + usize::from(p.col);
    // The last move on each point.
    let mut last: Vec<Option<usize>> = vec![None; cols * usize::from(size.rows)];
    for (i, played) in moves.iter().enumerate() {
        if let Some(p) = played.point.filter(|&p| size.contains(p)) {
            last[cell(p)] = Some(i);
        }
    }
    let mut numbering = Numbering::default();
    let mut shown: Vec<Option<u32>> = vec![None; last.len()];
    let mut hidden: Vec<(Point, u32)> = Vec::new();
    for (i, played) in moves.iter().enumerate() {
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
            hidden.push((p, played.number));
        }
    }
    // One note per point, in the order of their first hidden move.
    let mut points: Vec<Point> = Vec::new();
    for &(p, _) in &hidden {
        if !points.contains(&p) {
            points.push(p);
        }
    }
    for p in points {
        let numbers: Vec<String> = hidden
            .iter()
            .filter(|(q, _)| *q == p)
            .map(|(_, n)| n.to_string())
            .collect();
        let at = shown[cell(p)].map_or_else(|| point_name(p, size), |n| n.to_string());
        numbering
            .notes
            .push(format!("{} at {at}", numbers.join(", ")));
    }
    numbering
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

    #[test]
    fn moves_out_of_the_range_and_passes_get_no_number() {
        let found = numbering("(;SZ[9];B[aa];W[];B[cc];W[dd])", 2..=3);
        assert_eq!(found.stones, [(Point::new(2, 2), 3)]);
        assert!(found.notes.is_empty());
    }
}
