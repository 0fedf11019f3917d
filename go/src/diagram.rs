//! Boards as text diagrams and as numeric planes.

use std::fmt;

use super::Board;
use sgf_stream::typed::{BoardSize, Color, Point};

/// Why a text diagram is not a board.
///
/// ```
/// use sgf_go::{Board, DiagramError};
/// let err = Board::from_diagram("X.\nX").unwrap_err();
/// assert_eq!(err, DiagramError::Ragged { row: 1, expected: 2, found: 1 });
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DiagramError {
    /// A character that is not a stone or an empty point.
    #[error("unexpected {found:?} on row {row}, column {col} of the diagram")]
    Character {
        /// The character.
        found: char,
        /// Its row, from 0.
        row: usize,
        /// Its column among the board's points, from 0.
        col: usize,
    },
    /// Rows of different lengths.
    #[error("row {row} has {found} points, the first row has {expected}")]
    Ragged {
        /// The row, from 0.
        row: usize,
        /// Points on the first row.
        expected: usize,
        /// Points on this row.
        found: usize,
    },
    /// No rows, or more than 52 rows or columns.
    #[error("a diagram has 1 to 52 rows and columns, this one is {cols}x{rows}")]
    Size {
        /// Columns.
        cols: usize,
        /// Rows.
        rows: usize,
    },
}

/// A plane buffer of the wrong length.
///
/// ```
/// use sgf_go::Board;
/// let board = Board::from_diagram("X.\n..")?;
/// let err = board.write_plane(&mut [0; 3]).unwrap_err();
/// assert_eq!((err.expected, err.found), (4, 3));
/// # Ok::<(), sgf_go::DiagramError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("a plane of this board takes {expected} values, the buffer holds {found}")]
pub struct PlaneSizeError {
    /// Columns times rows.
    pub expected: usize,
    /// The buffer's length.
    pub found: usize,
}

impl Board {
    /// A board from a diagram, one line per row from the top: `X` (or `x`,
    /// `B`, `#`, `@`) for a black stone, `O` (or `o`, `W`) for a white
    /// one, `.`, `+` or `,` for an empty point. Spaces within a line and
    /// blank lines are ignored. The stones are set up as with
    /// [`set`](Self::set), with the default rules and Black to move.
    ///
    /// # Errors
    /// Any other character, rows of different lengths, or a size outside
    /// 1×1 to 52×52.
    ///
    /// ```
    /// use sgf_go::Board;
    /// use sgf_stream::typed::{Color, Point};
    /// let board = Board::from_diagram("
    ///     . X O
    ///     X O .
    /// ")?;
    /// assert_eq!((board.size().cols, board.size().rows), (3, 2));
    /// assert_eq!(board.get(Point::new(2, 0)), Some(Color::White));
    /// assert_eq!(board.to_string(), ".XO\nXO.\n");
    /// # Ok::<(), sgf_go::DiagramError>(())
    /// ```
    pub fn from_diagram(diagram: &str) -> Result<Board, DiagramError> {
        let mut rows: Vec<Vec<Option<Color>>> = Vec::new();
        for line in diagram.lines() {
            let row = rows.len();
            let mut points = Vec::new();
            for found in line.chars().filter(|c| !c.is_whitespace()) {
                points.push(match found {
                    'X' | 'x' | 'B' | '#' | '@' => Some(Color::Black),
                    'O' | 'o' | 'W' => Some(Color::White),
                    '.' | '+' | ',' => None,
                    _ => {
                        let col = points.len();
                        return Err(DiagramError::Character { found, row, col });
                    }
                });
            }
            if points.is_empty() {
                continue;
            }
            if let Some(first) = rows.first().filter(|first| first.len() != points.len()) {
                let (expected, found) = (first.len(), points.len());
                return Err(DiagramError::Ragged {
                    row,
                    expected,
                    found,
                });
            }
            rows.push(points);
        }
        let (cols, count) = (rows.first().map_or(0, Vec::len), rows.len());
        if !(1..=52).contains(&cols) || !(1..=52).contains(&count) {
            return Err(DiagramError::Size { cols, rows: count });
        }
        let mut board = Board::new(BoardSize {
            cols: cols as u8,
            rows: count as u8,
        });
        for (row, points) in rows.iter().enumerate() {
            for (col, stone) in points.iter().enumerate() {
                board.set(Point::new(col as u8, row as u8), *stone);
            }
        }
        Ok(board)
    }

    /// Writes the board into `plane`, row by row from the top left: 1 for
    /// a black stone, -1 for a white one, 0 for an empty point (a
    /// caller's buffer, for training data or numpy arrays).
    ///
    /// # Errors
    /// When `plane` does not hold exactly columns × rows values.
    ///
    /// ```
    /// use sgf_go::Board;
    /// let board = Board::from_diagram("X.\n.O")?;
    /// let mut plane = [0i8; 4];
    /// board.write_plane(&mut plane)?;
    /// assert_eq!(plane, [1, 0, 0, -1]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn write_plane(&self, plane: &mut [i8]) -> Result<(), PlaneSizeError> {
        let cols = usize::from(self.size.cols);
        let expected = cols * usize::from(self.size.rows);
        if plane.len() != expected {
            return Err(PlaneSizeError {
                expected,
                found: plane.len(),
            });
        }
        for (i, value) in plane.iter_mut().enumerate() {
            let point = Point {
                col: (i % cols) as u8,
                row: (i / cols) as u8,
            };
            *value = match self.get(point) {
                Some(Color::Black) => 1,
                Some(Color::White) => -1,
                None => 0,
            };
        }
        Ok(())
    }
}

impl fmt::Display for Board {
    /// The diagram [`from_diagram`](Board::from_diagram) reads: `X`, `O`
    /// and `.`, one line per row, each ended by a line feed.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..self.size.rows {
            for col in 0..self.size.cols {
                f.write_str(match self.get(Point { col, row }) {
                    Some(Color::Black) => "X",
                    Some(Color::White) => "O",
                    None => ".",
                })?;
            }
            f.write_str("\n")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Board")
            .field("size", &self.size)
            .field("rules", &self.rules)
            .field("to_move", &self.to_move)
            .field("ko", &self.ko())
            .field("prisoners", &self.prisoners)
            .field("diagram", &format_args!("\n{self}"))
            .finish()
    }
}
