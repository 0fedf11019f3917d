//! Fixed handicap stones, placed as GTP's `fixed_handicap` places them.

use super::Board;
use sgf_stream::typed::{BoardSize, Color, Point};

/// A handicap with no fixed placement on the board.
///
/// ```
/// use sgf_go::Board;
/// use sgf_stream::typed::BoardSize;
/// let err = Board::new(BoardSize::square(5)).place_handicap(2).unwrap_err();
/// assert_eq!(err.to_string(), "no fixed placement for 2 handicap stones on a 5 board");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("no fixed placement for {count} handicap stones on a {size} board")]
pub struct HandicapError {
    /// The stones asked for.
    pub count: u8,
    /// The board's size.
    pub size: BoardSize,
}

/// The points of a fixed handicap of `count` stones, in GTP's order, or
/// `None` where there is no such placement.
fn handicap_points(count: u8, size: BoardSize) -> Option<Vec<Point>> {
    let (cols, rows) = (size.cols, size.rows);
    if cols < 7 || rows < 7 || count < 2 {
        return None;
    }
    let max = if cols % 2 == 1 && rows % 2 == 1 && cols.min(rows) > 7 {
        9
    } else {
        4
    };
    if count > max {
        return None;
    }
    let edge = |side: u8| if side >= 13 { 3 } else { 2 };
    let (left, right, mid_col) = (edge(cols), cols - 1 - edge(cols), cols / 2);
    let (top, bottom, mid_row) = (edge(rows), rows - 1 - edge(rows), rows / 2);
    let at = |col, row| Point { col, row };
    let corners = [
        at(left, bottom),
        at(right, top),
        at(left, top),
        at(right, bottom),
    ];
    let sides = [at(left, mid_row), at(right, mid_row)];
    let ends = [at(mid_col, bottom), at(mid_col, top)];
    let center = at(mid_col, mid_row);
    let mut points: Vec<Point> = corners.iter().take(usize::from(count)).copied().collect();
    if count >= 6 {
        points.extend(sides);
    }
    if count >= 8 {
        points.extend(ends);
    }
    if count % 2 == 1 && count >= 5 {
        points.push(center);
    }
    Some(points)
}

impl Board {
    /// Puts `count` black handicap stones on their fixed points (the 4-4
    /// points from 13×13 up, the 3-3 points below; up to 9 stones on odd
    /// sides from 9, else up to 4) and gives White the move. Returns the
    /// points.
    ///
    /// # Errors
    /// Fewer than 2 stones, more than the board takes, or a side under 7.
    ///
    /// ```
    /// use sgf_go::Board;
    /// use sgf_stream::typed::{BoardSize, Color, Point};
    /// let mut board = Board::new(BoardSize::square(19));
    /// let points = board.place_handicap(2)?;
    /// assert_eq!(points, [Point::new(3, 15), Point::new(15, 3)]); // dp, pd
    /// assert_eq!(board.to_move(), Color::White);
    /// assert!(Board::new(BoardSize::square(9)).place_handicap(5).is_ok());
    /// assert!(Board::new(BoardSize::square(8)).place_handicap(5).is_err());
    /// # Ok::<(), sgf_go::HandicapError>(())
    /// ```
    pub fn place_handicap(&mut self, count: u8) -> Result<Vec<Point>, HandicapError> {
        let size = self.size;
        let points = handicap_points(count, size).ok_or(HandicapError { count, size })?;
        for &point in &points {
            self.set(point, Some(Color::Black));
        }
        self.set_to_move(Color::White);
        Ok(points)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sgf(points: &[Point]) -> Vec<String> {
        points.iter().map(Point::to_string).collect()
    }

    #[test]
    fn nineteen_by_nineteen_follows_gtp() {
        let size = BoardSize::square(19);
        let nine = handicap_points(9, size).unwrap();
        assert_eq!(
            sgf(&nine),
            ["dp", "pd", "dd", "pp", "dj", "pj", "jp", "jd", "jj"]
        );
        assert_eq!(
            sgf(&handicap_points(5, size).unwrap()).last().unwrap(),
            "jj"
        );
        assert_eq!(handicap_points(6, size).unwrap()[4..], nine[4..6]);
        assert!(handicap_points(10, size).is_none());
        assert!(handicap_points(1, size).is_none());
    }

    #[test]
    fn small_boards_use_the_third_line() {
        let nine = handicap_points(4, BoardSize::square(9)).unwrap();
        assert_eq!(sgf(&nine), ["cg", "gc", "cc", "gg"]);
        assert!(handicap_points(5, BoardSize::square(7)).is_none());
        assert!(handicap_points(4, BoardSize::square(6)).is_none());
    }
}
