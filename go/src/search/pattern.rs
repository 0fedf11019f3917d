//! [`Pattern`]: what a search looks for: a region of a board and what
//! each of its points must hold (black, white or empty).

use sgf_stream::typed::{BoardSize, Color, Decoder, Point, PropertyError, Value};
use sgf_stream::SgfTree;

/// Outside the region: any content.
const OUTSIDE: u8 = 3;

/// A pattern that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PatternError {
    /// The SGF text is not well-formed.
    #[error("pattern: {0}")]
    Syntax(#[from] sgf_stream::Error),
    /// A value of `SZ`, `AB`, `AW`, `AE` or `VW` that does not fit its
    /// type (a point off the board, say).
    #[error("pattern: bad value of {}: {}", .0.property, .0.kind)]
    Value(#[source] Box<PropertyError>),
    /// A grid whose length is not the board's number of points.
    #[error("pattern: {len} points given for a {size} board")]
    Shape {
        /// The points given.
        len: usize,
        /// The board's size.
        size: BoardSize,
    },
    /// A region without a single point.
    #[error("pattern: the region (VW) holds no point")]
    EmptyRegion,
}

/// A region of a board and what each of its points must hold: the root
/// of an SGF file with `SZ` (19 when absent), the pattern's stones in
/// `AB`/`AW`, and the region in `VW` (the whole board without it).
/// Points of the region without a stone must be empty; stones outside
/// the region are ignored.
///
/// ```
/// use sgf_go::search::Pattern;
/// use sgf_stream::typed::{Color, Point};
/// // The 3-4 point approached at the 5-3 point, in a 6×6 corner.
/// let pattern = Pattern::from_sgf(b"(;SZ[19]AB[qd]AW[oc]VW[nd:sa])")?;
/// assert_eq!(pattern.get(Point::new(16, 3)), Some(Some(Color::Black)));
/// assert_eq!(pattern.get(Point::new(17, 3)), Some(None)); // must be empty
/// assert_eq!(pattern.get(Point::new(3, 3)), None); // outside: anything
/// assert_eq!((pattern.region_len(), pattern.stones()), (24, 2));
/// # Ok::<(), sgf_go::search::PatternError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pattern {
    size: BoardSize,
    /// Each point's content, row by row: 0 empty, 1 black, 2 white,
    /// [`OUTSIDE`].
    cells: Vec<u8>,
}

impl Pattern {
    /// The pattern in the root of the first game of `sgf`.
    ///
    /// # Errors
    /// Text that is not SGF, a bad value, or an empty region.
    pub fn from_sgf(sgf: &[u8]) -> Result<Pattern, PatternError> {
        Pattern::from_tree(&sgf_stream::parse(sgf)?)
    }

    /// The pattern in the root of `tree`.
    ///
    /// # Errors
    /// A bad value, or an empty region.
    pub fn from_tree(tree: &SgfTree) -> Result<Pattern, PatternError> {
        let bad = |err| PatternError::Value(Box::new(err));
        let size = tree.board_size().map_err(bad)?;
        let decoder = Decoder::with_size(size);
        let points = |ident: &str| -> Result<Option<Vec<Point>>, PatternError> {
            let Some(values) = tree.get(ident) else {
                return Ok(None);
            };
            let values = decoder.decode_tree(ident, values).map_err(bad)?;
            Ok(Some(values.iter().filter_map(Value::as_point).collect()))
        };
        let cells = usize::from(size.cols) * usize::from(size.rows);
        let mut pattern = match points("VW")? {
            Some(region) if !region.is_empty() => {
                let mut pattern = Pattern {
                    size,
                    cells: vec![OUTSIDE; cells],
                };
                for point in region {
                    let index = pattern.index(point);
                    pattern.cells[index] = 0;
                }
                pattern
            }
            _ => Pattern {
                size,
                cells: vec![0; cells],
            },
        };
        for (ident, content) in [("AB", 1), ("AW", 2), ("AE", 0)] {
            for point in points(ident)?.unwrap_or_default() {
                let index = pattern.index(point);
                if pattern.cells[index] != OUTSIDE {
                    pattern.cells[index] = content;
                }
            }
        }
        Ok(pattern)
    }

    /// A pattern from a grid of `size`, row by row from the top left:
    /// `Some(stone)` for a point of the region (`Some(None)`: it must be
    /// empty), `None` outside it.
    ///
    /// # Errors
    /// A grid of the wrong length, or without a point of the region.
    ///
    /// ```
    /// use sgf_go::search::Pattern;
    /// use sgf_stream::typed::{BoardSize, Color};
    /// let b = Some(Some(Color::Black));
    /// let grid = [b, Some(None), None, None];
    /// let pattern = Pattern::from_grid(BoardSize::square(2), &grid)?;
    /// assert_eq!((pattern.region_len(), pattern.stones()), (2, 1));
    /// # Ok::<(), sgf_go::search::PatternError>(())
    /// ```
    pub fn from_grid(
        size: BoardSize,
        grid: &[Option<Option<Color>>],
    ) -> Result<Pattern, PatternError> {
        let cells = usize::from(size.cols) * usize::from(size.rows);
        if grid.len() != cells {
            return Err(PatternError::Shape {
                len: grid.len(),
                size,
            });
        }
        let cells = grid
            .iter()
            .map(|point| point.map_or(OUTSIDE, super::entry::cell))
            .collect();
        let pattern = Pattern { size, cells };
        if pattern.region_len() == 0 {
            return Err(PatternError::EmptyRegion);
        }
        Ok(pattern)
    }

    fn index(&self, point: Point) -> usize {
        usize::from(point.row) * usize::from(self.size.cols) + usize::from(point.col)
    }

    /// The board's size.
    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// What `point` must hold: `Some(stone)` in the region (`Some(None)`
    /// for an empty point), `None` outside it or off the board.
    pub fn get(&self, point: Point) -> Option<Option<Color>> {
        if !self.size.contains(point) {
            return None;
        }
        match self.cells[self.index(point)] {
            0 => Some(None),
            1 => Some(Some(Color::Black)),
            2 => Some(Some(Color::White)),
            _ => None,
        }
    }

    /// The points of the region, with what each must hold, row by row.
    pub fn region(&self) -> impl Iterator<Item = (Point, Option<Color>)> + '_ {
        let cols = usize::from(self.size.cols);
        self.cells
            .iter()
            .enumerate()
            .filter_map(move |(index, &content)| {
                let point = Point {
                    col: (index % cols) as u8,
                    row: (index / cols) as u8,
                };
                match content {
                    0 => Some((point, None)),
                    1 => Some((point, Some(Color::Black))),
                    2 => Some((point, Some(Color::White))),
                    _ => None,
                }
            })
    }

    /// How many points the region has.
    pub fn region_len(&self) -> usize {
        self.cells.iter().filter(|&&c| c != OUTSIDE).count()
    }

    /// How many stones the region holds.
    pub fn stones(&self) -> usize {
        self.cells.iter().filter(|&&c| c == 1 || c == 2).count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn without_vw_the_whole_board_must_match() {
        let pattern = Pattern::from_sgf(b"(;SZ[5]AB[aa]AW[bb])").unwrap();
        assert_eq!(pattern.region_len(), 25);
        assert_eq!(pattern.get(Point::new(4, 4)), Some(None));
        assert_eq!(pattern.get(Point::new(5, 0)), None);
        let cleared = Pattern::from_sgf(b"(;SZ[5]AB[aa]VW[])").unwrap();
        assert_eq!(cleared.region_len(), 25);
    }

    #[test]
    fn stones_outside_the_region_are_ignored() {
        let pattern = Pattern::from_sgf(b"(;SZ[9]AB[aa][ii]VW[aa:cc])").unwrap();
        assert_eq!((pattern.region_len(), pattern.stones()), (9, 1));
    }

    #[test]
    fn bad_patterns_are_errors() {
        assert!(matches!(
            Pattern::from_sgf(b"(;SZ[9]AB[zz])"),
            Err(PatternError::Value(_))
        ));
        assert!(matches!(
            Pattern::from_sgf(b"(;SZ[9]AB[aa"),
            Err(PatternError::Syntax(_))
        ));
        let grid = [None; 4];
        assert_eq!(
            Pattern::from_grid(BoardSize::square(2), &grid),
            Err(PatternError::EmptyRegion)
        );
        assert!(Pattern::from_grid(BoardSize::square(3), &grid).is_err());
    }
}
