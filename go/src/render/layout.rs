//! Where things go: the diagram's units, the part of the board shown,
//! the margins for coordinates and notes, star points and coordinate
//! names.
//!
//! Lengths are whole numbers of tenths of an SVG user unit; the grid's
//! spacing is 100 user units. So every number the SVG holds is exact and
//! printed the same way everywhere.

use std::fmt;

use sgf_stream::typed::{BoardSize, Point};

/// The grid's spacing, in tenths of a user unit.
pub const SPACING: i64 = 1000;
/// From the outermost lines shown to the edge of the board.
const PAD: i64 = 600;
/// The band that holds coordinates, on each side that has them.
const BAND: i64 = 650;
/// The height of a line of notes under the board, and of its text.
pub const NOTE_LINE: i64 = 520;
pub const NOTE_TEXT: i64 = 300;

/// Where the coordinates go: columns named by letters (`A` to `T`, no
/// `I`), rows by numbers counted from 1 at the bottom.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum Coordinates {
    /// None.
    None,
    /// Numbers on the left, letters at the bottom.
    #[default]
    Two,
    /// On every side.
    Four,
}

/// A number of tenths, printed as a decimal: `125` is `12.5`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Num(pub i64);

impl fmt::Display for Num {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let (whole, tenth) = (self.0.abs() / 10, self.0.abs() % 10);
        if tenth == 0 {
            write!(f, "{sign}{whole}")
        } else {
            write!(f, "{sign}{whole}.{tenth}")
        }
    }
}

/// `v * num / den`, rounded to the nearest whole number (halves away
/// from zero); `den` is positive.
pub fn scale(v: i64, num: i64, den: i64) -> i64 {
    let product = v * num;
    let half = den / 2;
    if product >= 0 {
        (product + half) / den
    } else {
        -((-product + half) / den)
    }
}

/// A rectangle of points, corners included: the part of a board a
/// diagram shows (SGF's `VW`).
///
/// ```
/// use sgf_go::render::Region;
/// use sgf_stream::typed::Point;
/// let corner = Region::spanning([Point::new(15, 3), Point::new(18, 0), Point::new(12, 6)]).unwrap();
/// assert_eq!(corner, Region { left: 12, top: 0, right: 18, bottom: 6 });
/// assert!(corner.contains(Point::new(13, 5)));
/// assert_eq!(Region::spanning([]), None);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Region {
    /// The leftmost column, from 0.
    pub left: u8,
    /// The top row, from 0.
    pub top: u8,
    /// The rightmost column.
    pub right: u8,
    /// The bottom row.
    pub bottom: u8,
}

impl Region {
    /// The whole of a board of `size`.
    ///
    /// ```
    /// use sgf_go::render::Region;
    /// use sgf_stream::typed::BoardSize;
    /// let whole = Region::whole(BoardSize { cols: 13, rows: 9 });
    /// assert_eq!((whole.right, whole.bottom), (12, 8));
    /// ```
    pub fn whole(size: BoardSize) -> Region {
        Region {
            left: 0,
            top: 0,
            right: size.cols.saturating_sub(1),
            bottom: size.rows.saturating_sub(1),
        }
    }

    /// The smallest region holding every point of `points`, or `None`
    /// when there are none.
    pub fn spanning<I: IntoIterator<Item = Point>>(points: I) -> Option<Region> {
        points.into_iter().fold(None, |found, p| {
            let r = found.unwrap_or(Region {
                left: p.col,
                top: p.row,
                right: p.col,
                bottom: p.row,
            });
            Some(Region {
                left: r.left.min(p.col),
                top: r.top.min(p.row),
                right: r.right.max(p.col),
                bottom: r.bottom.max(p.row),
            })
        })
    }

    /// Whether `point` is in the region.
    pub fn contains(&self, point: Point) -> bool {
        (self.left..=self.right).contains(&point.col)
            && (self.top..=self.bottom).contains(&point.row)
    }

    /// The part of this region on a board of `size`, or the whole board
    /// when none of it is.
    pub(super) fn clamped(self, size: BoardSize) -> Region {
        let whole = Region::whole(size);
        let clamped = Region {
            left: self.left.min(whole.right),
            top: self.top.min(whole.bottom),
            right: self.right.min(whole.right),
            bottom: self.bottom.min(whole.bottom),
        };
        if clamped.left > clamped.right || clamped.top > clamped.bottom {
            whole
        } else {
            clamped
        }
    }
}

/// The geometry of one diagram, in tenths of a user unit.
#[derive(Debug, Clone, Copy)]
pub struct Layout {
    pub size: BoardSize,
    pub region: Region,
    /// Where the region's top-left point is.
    origin: (i64, i64),
    /// The board's rectangle: left, top, right, bottom.
    pub board: (i64, i64, i64, i64),
    /// The whole picture's width and height.
    pub width: i64,
    pub height: i64,
    /// Where the notes' first line starts (its top).
    pub notes_top: i64,
    pub coordinates: Coordinates,
}

impl Layout {
    /// Lays out `region` of a board of `size`, with `coordinates` and
    /// `note_lines` lines of notes under the board.
    pub fn new(
        size: BoardSize,
        region: Region,
        coordinates: Coordinates,
        note_lines: usize,
    ) -> Layout {
        let (near, far) = match coordinates {
            Coordinates::None => (0, 0),
            Coordinates::Two => (BAND, 0),
            Coordinates::Four => (BAND, BAND),
        };
        let cols = i64::from(region.right - region.left);
        let rows = i64::from(region.bottom - region.top);
        // Two sides: numbers on the left, letters at the bottom.
        let origin = (near + PAD, far + PAD);
        let board = (
            near,
            far,
            origin.0 + cols * SPACING + PAD,
            origin.1 + rows * SPACING + PAD,
        );
        let notes_top = board.3 + near.max(far) + NOTE_LINE / 4;
        let notes = note_lines as i64 * NOTE_LINE;
        Layout {
            size,
            region,
            origin,
            board,
            width: board.2 + far,
            height: board.3 + near + notes + if notes > 0 { NOTE_LINE / 2 } else { 0 },
            notes_top,
            coordinates,
        }
    }

    /// The x of column `col`.
    pub fn x(&self, col: u8) -> i64 {
        self.origin.0 + (i64::from(col) - i64::from(self.region.left)) * SPACING
    }

    /// The y of row `row`.
    pub fn y(&self, row: u8) -> i64 {
        self.origin.1 + (i64::from(row) - i64::from(self.region.top)) * SPACING
    }

    /// The picture's size in pixels, its longer side `longest` pixels.
    pub fn pixels(&self, longest: u32) -> (u32, u32) {
        let longest = i64::from(longest);
        let side = self.width.max(self.height);
        let px = |v: i64| scale(v, longest, side).max(1) as u32;
        (px(self.width), px(self.height))
    }

    /// The centre of the band of coordinates beside each edge: left,
    /// right, top, bottom (right and top only with four sides).
    pub fn band_centres(&self) -> (i64, i64, i64, i64) {
        (
            self.board.0 / 2,
            self.board.2 + BAND / 2,
            self.board.1 / 2,
            self.board.3 + BAND / 2,
        )
    }
}

/// The columns of a board named by letters, `I` left out: `A` to `Z`,
/// then `AA`, `AB`, and so on for boards wider than 25.
const LETTERS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// The name of column `col`: `A` for the first, `J` for the ninth.
///
/// ```
/// use sgf_go::render::column_name;
/// assert_eq!(column_name(0), "A");
/// assert_eq!(column_name(8), "J");
/// assert_eq!(column_name(24), "Z");
/// assert_eq!(column_name(25), "AA");
/// assert_eq!(column_name(51), "BB");
/// ```
pub fn column_name(col: u8) -> String {
    let col = usize::from(col);
    let mut name = String::new();
    if col >= LETTERS.len() {
        name.push(char::from(LETTERS[col / LETTERS.len() - 1]));
    }
    name.push(char::from(LETTERS[col % LETTERS.len()]));
    name
}

/// The name of `point` on a board of `size`, as diagrams write it: the
/// column's letters, then the row counted from 1 at the bottom.
///
/// ```
/// use sgf_go::render::point_name;
/// use sgf_stream::typed::{BoardSize, Point};
/// assert_eq!(point_name(Point::new(15, 3), BoardSize::square(19)), "Q16");
/// assert_eq!(point_name(Point::new(0, 0), BoardSize { cols: 3, rows: 2 }), "A2");
/// ```
pub fn point_name(point: Point, size: BoardSize) -> String {
    format!(
        "{}{}",
        column_name(point.col),
        u32::from(size.rows) - u32::from(point.row)
    )
}

/// The lines of star points along a side of `n` points: the third line
/// from 7 up, the fourth from 13 up, and the middle too on odd sides from
/// 15 up.
fn star_lines(n: u8) -> Vec<u8> {
    let edge = match n {
        13.. => 3,
        7.. => 2,
        _ => return Vec::new(),
    };
    let mut lines = vec![edge, n - 1 - edge];
    if n % 2 == 1 && n >= 15 {
        lines.insert(1, n / 2);
    }
    lines
}

/// The star points of a board of `size`: 9 on 19×19, 5 on 13×13 and
/// 9×9, the centre of any board with odd sides from 5 up.
pub fn star_points(size: BoardSize) -> Vec<Point> {
    let cols = star_lines(size.cols);
    let rows = star_lines(size.rows);
    let mut points: Vec<Point> = rows
        .iter()
        .flat_map(|&row| cols.iter().map(move |&col| Point { col, row }))
        .collect();
    let centre = Point {
        col: size.cols / 2,
        row: size.rows / 2,
    };
    let odd = size.cols % 2 == 1 && size.rows % 2 == 1 && size.cols.min(size.rows) >= 5;
    if odd && !points.contains(&centre) {
        points.push(centre);
    }
    points.sort_by_key(|p| (p.row, p.col));
    points
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn star_points_of_the_usual_boards() {
        let names = |n: u8| -> Vec<String> {
            let size = BoardSize::square(n);
            star_points(size)
                .iter()
                .map(|&p| point_name(p, size))
                .collect()
        };
        assert_eq!(
            names(19),
            ["D16", "K16", "Q16", "D10", "K10", "Q10", "D4", "K4", "Q4"]
        );
        assert_eq!(names(13), ["D10", "K10", "G7", "D4", "K4"]);
        assert_eq!(names(9), ["C7", "G7", "E5", "C3", "G3"]);
        assert_eq!(names(5), ["C3"]);
        assert!(names(4).is_empty() && names(1).is_empty());
        // Three lines by two, and the centre of a board with odd sides.
        let wide = star_points(BoardSize { cols: 19, rows: 9 });
        assert_eq!(wide.len(), 7);
        assert!(wide.contains(&Point::new(9, 4)));
    }

    #[test]
    fn numbers_print_in_tenths_and_round_halves_away_from_zero() {
        let shown: Vec<String> = [0, 5, 10, 125, -3, -120]
            .iter()
            .map(|&v| Num(v).to_string())
            .collect();
        assert_eq!(shown, ["0", "0.5", "1", "12.5", "-0.3", "-12"]);
        assert_eq!(
            (scale(5, 1, 2), scale(-5, 1, 2), scale(7, 1, 3)),
            (3, -3, 2)
        );
    }

    #[test]
    fn pixels_keep_the_shape() {
        let size = BoardSize { cols: 19, rows: 9 };
        let layout = Layout::new(size, Region::whole(size), Coordinates::None, 0);
        let (w, h) = layout.pixels(1000);
        assert_eq!(w, 1000);
        // 18 by 8 spacings, plus the padding on each side.
        assert_eq!(h, scale(8 * 1000 + 1200, 1000, 18 * 1000 + 1200) as u32);
    }
}
