//! [`Symmetry`]: the eight ways to turn or mirror a board.

use sgf_stream::typed::{BoardSize, Point};

/// A rotation or reflection of the board. A square board has all eight; a
/// rectangular one only the four that keep its shape
/// ([`applies_to`](Self::applies_to)).
///
/// ```
/// use sgf_go::Symmetry;
/// use sgf_stream::typed::{BoardSize, Point};
/// let size = BoardSize::square(19);
/// let corner = Point::new(0, 0);
/// assert_eq!(Symmetry::Rotate90.apply(corner, size), Point::new(18, 0));
/// assert_eq!(Symmetry::FlipVertical.apply(corner, size), Point::new(0, 18));
/// assert_eq!(Symmetry::for_size(BoardSize { cols: 13, rows: 9 }).count(), 4);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Symmetry {
    /// No change.
    Identity,
    /// A quarter turn clockwise.
    Rotate90,
    /// A half turn.
    Rotate180,
    /// A quarter turn counter-clockwise.
    Rotate270,
    /// Left and right swapped.
    FlipHorizontal,
    /// Top and bottom swapped.
    FlipVertical,
    /// Mirrored in the diagonal from the top left: columns become rows.
    Transpose,
    /// Mirrored in the diagonal from the top right.
    AntiTranspose,
}

impl Symmetry {
    /// All eight, the identity first.
    ///
    /// ```
    /// use sgf_go::Symmetry;
    /// assert_eq!(Symmetry::ALL[0], Symmetry::Identity);
    /// assert_eq!(Symmetry::ALL.len(), 8);
    /// ```
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::Rotate90,
        Symmetry::Rotate180,
        Symmetry::Rotate270,
        Symmetry::FlipHorizontal,
        Symmetry::FlipVertical,
        Symmetry::Transpose,
        Symmetry::AntiTranspose,
    ];

    /// Whether this symmetry maps a board of `size` onto itself: all do
    /// on a square board; on a rectangle, those that do not swap columns
    /// and rows.
    ///
    /// ```
    /// use sgf_go::Symmetry;
    /// use sgf_stream::typed::BoardSize;
    /// let wide = BoardSize { cols: 13, rows: 9 };
    /// assert!(Symmetry::Rotate180.applies_to(wide));
    /// assert!(!Symmetry::Rotate90.applies_to(wide));
    /// ```
    pub fn applies_to(self, size: BoardSize) -> bool {
        size.cols == size.rows || !self.swaps_axes()
    }

    /// The symmetries of a board of `size`, the identity first.
    ///
    /// ```
    /// use sgf_go::Symmetry;
    /// use sgf_stream::typed::BoardSize;
    /// assert_eq!(Symmetry::for_size(BoardSize::square(19)).count(), 8);
    /// ```
    pub fn for_size(size: BoardSize) -> impl Iterator<Item = Symmetry> {
        Symmetry::ALL
            .into_iter()
            .filter(move |symmetry| symmetry.applies_to(size))
    }

    fn swaps_axes(self) -> bool {
        matches!(
            self,
            Symmetry::Rotate90
                | Symmetry::Rotate270
                | Symmetry::Transpose
                | Symmetry::AntiTranspose
        )
    }

    /// The size of a board of `size` after this symmetry (columns and rows
    /// swap for quarter turns and diagonal mirrors).
    ///
    /// ```
    /// use sgf_go::Symmetry;
    /// use sgf_stream::typed::BoardSize;
    /// let wide = BoardSize { cols: 13, rows: 9 };
    /// assert_eq!(Symmetry::Transpose.apply_size(wide), BoardSize { cols: 9, rows: 13 });
    /// ```
    pub fn apply_size(self, size: BoardSize) -> BoardSize {
        if self.swaps_axes() {
            BoardSize {
                cols: size.rows,
                rows: size.cols,
            }
        } else {
            size
        }
    }

    /// Where `point` of a board of `size` goes. A point off the board
    /// gives a meaningless point.
    ///
    /// ```
    /// use sgf_go::Symmetry;
    /// use sgf_stream::typed::{BoardSize, Point};
    /// let size = BoardSize::square(19);
    /// assert_eq!(Symmetry::Rotate180.apply(Point::new(3, 15), size), Point::new(15, 3));
    /// assert_eq!(Symmetry::Transpose.apply(Point::new(3, 15), size), Point::new(15, 3));
    /// ```
    pub fn apply(self, point: Point, size: BoardSize) -> Point {
        let (c, r) = (point.col, point.row);
        let far_col = size.cols.wrapping_sub(1).wrapping_sub(c);
        let far_row = size.rows.wrapping_sub(1).wrapping_sub(r);
        let (col, row) = match self {
            Symmetry::Identity => (c, r),
            Symmetry::Rotate90 => (far_row, c),
            Symmetry::Rotate180 => (far_col, far_row),
            Symmetry::Rotate270 => (r, far_col),
            Symmetry::FlipHorizontal => (far_col, r),
            Symmetry::FlipVertical => (c, far_row),
            Symmetry::Transpose => (r, c),
            Symmetry::AntiTranspose => (far_row, far_col),
        };
        Point { col, row }
    }

    /// The symmetry that undoes this one.
    ///
    /// ```
    /// use sgf_go::Symmetry;
    /// use sgf_stream::typed::{BoardSize, Point};
    /// let size = BoardSize::square(9);
    /// for s in Symmetry::ALL {
    ///     let p = Point::new(2, 7);
    ///     assert_eq!(s.inverse().apply(s.apply(p, size), s.apply_size(size)), p);
    /// }
    /// ```
    pub fn inverse(self) -> Symmetry {
        match self {
            Symmetry::Rotate90 => Symmetry::Rotate270,
            Symmetry::Rotate270 => Symmetry::Rotate90,
            other => other,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_symmetry_is_a_bijection_of_a_rectangle_or_square() {
        for size in [BoardSize::square(5), BoardSize { cols: 4, rows: 3 }] {
            for symmetry in Symmetry::for_size(size) {
                let target = symmetry.apply_size(size);
                let mut seen = std::collections::HashSet::new();
                for row in 0..size.rows {
                    for col in 0..size.cols {
                        let to = symmetry.apply(Point { col, row }, size);
                        assert!(target.contains(to), "{symmetry:?} {size}");
                        assert!(seen.insert(to));
                    }
                }
            }
        }
    }

    #[test]
    fn the_eight_are_different() {
        let size = BoardSize::square(5);
        let probe = Point::new(1, 0);
        let images: std::collections::HashSet<Point> =
            Symmetry::ALL.iter().map(|s| s.apply(probe, size)).collect();
        assert_eq!(images.len(), 8);
    }
}
