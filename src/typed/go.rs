//! Go values: points, moves, stones and board sizes.

use std::fmt;

use super::error::{ValueError, ValueErrorKind};
use super::scalar::{number, unescaped};

/// A point on a Go board: column and row from the top-left corner,
/// counted from 0.
///
/// In SGF a point is two letters, column then row: `a`–`z` are 0–25 and
/// `A`–`Z` are 26–51, so boards go up to 52×52. `pd` is column 15, row 3
/// (the 16th column and the 4th row).
///
/// ```
/// use sgf_stream::typed::Point;
/// let p = Point::parse(b"pd")?;
/// assert_eq!((p.col, p.row), (15, 3));
/// assert_eq!(p.to_string(), "pd");
/// assert_eq!(Point::parse(b"AZ")?, Point::new(26, 51));
/// # Ok::<(), sgf_stream::typed::ValueError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    /// Column from the left, from 0.
    pub col: u8,
    /// Row from the top, from 0.
    pub row: u8,
}

/// The coordinate of one SGF letter, or `None`.
#[inline]
fn coordinate(letter: u8) -> Option<u8> {
    match letter {
        b'a'..=b'z' => Some(letter - b'a'),
        b'A'..=b'Z' => Some(letter - b'A' + 26),
        _ => None,
    }
}

/// The SGF letter of a coordinate from 0 to 51.
fn letter(coordinate: u8) -> u8 {
    if coordinate < 26 {
        b'a' + coordinate
    } else {
        b'A' + (coordinate - 26)
    }
}

impl Point {
    /// The point at `col`, `row` (from 0).
    ///
    /// # Panics
    /// If either is 52 or more: SGF cannot write such a point.
    pub fn new(col: u8, row: u8) -> Self {
        assert!(col < 52 && row < 52, "SGF points go up to 52x52");
        Point { col, row }
    }

    /// Decodes two letters, on a board of any size up to 52×52.
    ///
    /// # Errors
    /// [`ValueErrorKind::Point`] unless the value is exactly two letters.
    pub fn parse(raw: &[u8]) -> Result<Point, ValueError> {
        let raw = unescaped(raw);
        match *raw {
            [c, r] => match (coordinate(c), coordinate(r)) {
                (Some(col), Some(row)) => Ok(Point { col, row }),
                (None, _) => Err(ValueError::new(ValueErrorKind::Point, 0)),
                (_, None) => Err(ValueError::new(ValueErrorKind::Point, 1)),
            },
            _ => Err(ValueError::new(ValueErrorKind::Point, 0)),
        }
    }

    /// Decodes a point that must lie on a board of `size`.
    ///
    /// # Errors
    /// As [`parse`](Self::parse), and [`ValueErrorKind::OffBoard`].
    ///
    /// ```
    /// use sgf_stream::typed::{BoardSize, Point, ValueErrorKind};
    /// assert!(Point::decode(b"ss", BoardSize::default()).is_ok());
    /// let err = Point::decode(b"jt", BoardSize::square(19)).unwrap_err();
    /// assert_eq!(err.kind, ValueErrorKind::OffBoard(19, 19));
    /// ```
    pub fn decode(raw: &[u8], size: BoardSize) -> Result<Point, ValueError> {
        let point = Point::parse(raw)?;
        if size.contains(point) {
            Ok(point)
        } else {
            Err(ValueError::new(
                ValueErrorKind::OffBoard(size.cols, size.rows),
                0,
            ))
        }
    }

    /// The two SGF letters.
    pub fn to_sgf(self) -> [u8; 2] {
        [letter(self.col), letter(self.row)]
    }
}

impl fmt::Display for Point {
    /// The two SGF letters, e.g. `pd`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [c, r] = self.to_sgf();
        write!(f, "{}{}", c as char, r as char)
    }
}

/// A Go move: a stone played on a point, or a pass.
///
/// A pass is written `[]`; `tt` also means a pass in `B` and `W`, but only
/// on boards up to 19×19 (FF\[3\]). On larger boards `tt` is a real point.
///
/// ```
/// use sgf_stream::typed::{BoardSize, Move, Point};
/// let size = BoardSize::square(19);
/// assert_eq!(Move::decode(b"", size)?, Move::Pass);
/// assert_eq!(Move::decode(b"tt", size)?, Move::Pass);
/// assert_eq!(Move::decode(b"tt", BoardSize::square(21))?, Move::Play(Point::new(19, 19)));
/// assert_eq!(Move::decode(b"pd", size)?.to_string(), "pd");
/// assert_eq!(Move::Pass.to_string(), "");
/// # Ok::<(), sgf_stream::typed::ValueError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// No stone played.
    Pass,
    /// A stone played on the point.
    Play(Point),
}

impl Move {
    /// Decodes a move on a board of `size`.
    ///
    /// # Errors
    /// As [`Point::decode`].
    #[inline]
    pub fn decode(raw: &[u8], size: BoardSize) -> Result<Move, ValueError> {
        if raw.is_empty() {
            return Ok(Move::Pass);
        }
        if raw == b"tt" && size.tt_is_pass() {
            return Ok(Move::Pass);
        }
        // Two letters, nearly every move, need no unescaping.
        if let [c, r] = *raw {
            if let (Some(col), Some(row)) = (coordinate(c), coordinate(r)) {
                let point = Point { col, row };
                if size.contains(point) {
                    return Ok(Move::Play(point));
                }
            }
        }
        Point::decode(raw, size).map(Move::Play)
    }

    /// The point played, or `None` for a pass.
    pub fn point(self) -> Option<Point> {
        match self {
            Move::Pass => None,
            Move::Play(point) => Some(point),
        }
    }

    /// Whether this is a pass.
    pub fn is_pass(self) -> bool {
        self == Move::Pass
    }
}

impl fmt::Display for Move {
    /// The SGF value: two letters, or nothing for a pass.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Pass => Ok(()),
            Move::Play(point) => point.fmt(f),
        }
    }
}

/// The size of a Go board: `SZ[19]` or `SZ[cols:rows]`. Sides go from 1
/// to 52; the default (no `SZ`) is 19×19.
///
/// ```
/// use sgf_stream::typed::BoardSize;
/// assert_eq!(BoardSize::decode(b"19")?, BoardSize::square(19));
/// assert_eq!(BoardSize::decode(b"13:9")?, BoardSize { cols: 13, rows: 9 });
/// assert_eq!(BoardSize { cols: 13, rows: 9 }.to_string(), "13:9");
/// assert_eq!(BoardSize::default().to_string(), "19");
/// assert!(BoardSize::decode(b"53").is_err());
/// assert!(BoardSize::decode(b"19:19").is_err());
/// # Ok::<(), sgf_stream::typed::ValueError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BoardSize {
    /// Columns, 1 to 52.
    pub cols: u8,
    /// Rows, 1 to 52.
    pub rows: u8,
}

impl Default for BoardSize {
    fn default() -> Self {
        BoardSize::square(19)
    }
}

impl BoardSize {
    /// A square board of `side` lines.
    pub fn square(side: u8) -> Self {
        BoardSize {
            cols: side,
            rows: side,
        }
    }

    /// Whether `point` lies on the board.
    #[inline]
    pub fn contains(self, point: Point) -> bool {
        point.col < self.cols && point.row < self.rows
    }

    /// Whether `tt` in `B`/`W` means a pass: both sides at most 19.
    #[inline]
    pub fn tt_is_pass(self) -> bool {
        self.cols <= 19 && self.rows <= 19
    }

    /// Decodes `n` or `cols:rows`.
    ///
    /// # Errors
    /// [`ValueErrorKind::BoardSize`] for anything else or a side outside
    /// 1–52; [`ValueErrorKind::SquareAsCompose`] for `19:19`, which the
    /// spec forbids (use [`decode_lenient`](Self::decode_lenient) to
    /// accept it).
    pub fn decode(raw: &[u8]) -> Result<BoardSize, ValueError> {
        let size = BoardSize::decode_lenient(raw)?;
        if size.cols == size.rows && crate::lex::split_compose(raw).is_some() {
            return Err(ValueError::new(ValueErrorKind::SquareAsCompose, 0));
        }
        Ok(size)
    }

    /// Like [`decode`](Self::decode), but accepts `19:19`.
    ///
    /// # Errors
    /// [`ValueErrorKind::BoardSize`].
    pub fn decode_lenient(raw: &[u8]) -> Result<BoardSize, ValueError> {
        let side = |raw: &[u8], at: usize| {
            let n = number(raw)
                .map_err(|e| ValueError::new(ValueErrorKind::BoardSize, at + e.offset))?;
            match u8::try_from(n) {
                Ok(n @ 1..=52) => Ok(n),
                _ => Err(ValueError::new(ValueErrorKind::BoardSize, at)),
            }
        };
        match crate::lex::split_compose(raw) {
            Some((cols, rows)) => Ok(BoardSize {
                cols: side(cols, 0)?,
                rows: side(rows, cols.len() + 1)?,
            }),
            None => side(raw, 0).map(BoardSize::square),
        }
    }
}

impl fmt::Display for BoardSize {
    /// The SGF value: `19`, or `13:9` for a rectangle.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.cols == self.rows {
            write!(f, "{}", self.cols)
        } else {
            write!(f, "{}:{}", self.cols, self.rows)
        }
    }
}
