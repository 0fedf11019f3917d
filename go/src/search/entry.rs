//! [`Entry`]: one change of a game's main line, in two bytes: a move, a
//! stone it captured, or a point set up.
//!
//! The twelve low bits hold the point, `row * cols + col` (boards up to
//! 52×52 need 2,704 values), or [`PASS`]; bits 12 to 14 the kind; bit 15
//! says that the stone placed here stays on the board to the end of the
//! main line. The index stores entries as little-endian `u16`s.

use sgf_stream::typed::{BoardSize, Color, Point};

/// The point of a pass (and of a move off the board).
pub const PASS: u16 = 0x0FFF;
const POINT: u16 = 0x0FFF;
const KIND_SHIFT: u16 = 12;
const STAYS: u16 = 0x8000;

/// What an [`Entry`] does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A move of this colour: a stone on its point (or a pass).
    Move(Color),
    /// A stone taken off by the move before: a capture or a suicide.
    Removed,
    /// Setup (`AB`, `AW`) of a stone of this colour.
    Setup(Color),
    /// Setup (`AE`) of an empty point.
    Cleared,
}

/// One change of a main line: a move, a stone it captured, or a point
/// set up.
///
/// The twelve low bits hold the point, `row * cols + col` (boards up to
/// 52×52 need 2,704 values), or [`PASS`]; bits 12 to 14 the kind (0 a
/// black move, 1 a white move, 2 a stone removed by the move before, 3
/// and 4 a black or white stone set up, 5 a point cleared); bit 15 says
/// that the stone placed here stays on the board to the end of the main
/// line. The index stores entries as little-endian `u16`s.
///
/// ```
/// use sgf_go::search::{Entry, Kind};
/// use sgf_stream::typed::{BoardSize, Color, Point};
/// let size = BoardSize::square(19);
/// let entry = Entry::new(Kind::Move(Color::White), Some(Point::new(15, 3)), size);
/// assert_eq!(entry.kind(), Some(Kind::Move(Color::White)));
/// assert_eq!(entry.point(size), Some(Point::new(15, 3)));
/// assert_eq!(entry.index(), Some(3 * 19 + 15));
/// assert!(!entry.stays());
/// assert!(entry.with_stays().stays());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Entry(pub u16);

impl Entry {
    /// An entry of `kind` on `point` (`None` for a pass) of a board of
    /// `size`; a point off the board is taken as a pass.
    pub fn new(kind: Kind, point: Option<Point>, size: BoardSize) -> Entry {
        let index = point.filter(|&p| size.contains(p)).map_or(PASS, |p| {
            u16::from(p.row) * u16::from(size.cols) + u16::from(p.col)
        });
        let code = match kind {
            Kind::Move(Color::Black) => 0,
            Kind::Move(Color::White) => 1,
            Kind::Removed => 2,
            Kind::Setup(Color::Black) => 3,
            Kind::Setup(Color::White) => 4,
            Kind::Cleared => 5,
        };
        Entry(code << KIND_SHIFT | index)
    }

    /// What the entry does; `None` for a code no version of the format
    /// defines.
    #[inline]
    pub fn kind(self) -> Option<Kind> {
        Some(match (self.0 >> KIND_SHIFT) & 7 {
            0 => Kind::Move(Color::Black),
            1 => Kind::Move(Color::White),
            2 => Kind::Removed,
            3 => Kind::Setup(Color::Black),
            4 => Kind::Setup(Color::White),
            5 => Kind::Cleared,
            _ => return None,
        })
    }

    /// The point's index, `row * cols + col`, or `None` for a pass.
    #[inline]
    pub fn index(self) -> Option<usize> {
        let index = self.0 & POINT;
        (index != PASS).then_some(usize::from(index))
    }

    /// The point on a board of `size`, or `None` for a pass.
    pub fn point(self, size: BoardSize) -> Option<Point> {
        let index = self.index()?;
        let cols = usize::from(size.cols.max(1));
        Some(Point {
            col: (index % cols) as u8,
            row: (index / cols) as u8,
        })
    }

    /// Whether the stone this entry places stays on the board to the end
    /// of the main line.
    #[inline]
    pub fn stays(self) -> bool {
        self.0 & STAYS != 0
    }

    /// This entry, marked as placing a stone that stays.
    pub fn with_stays(self) -> Entry {
        Entry(self.0 | STAYS)
    }

    /// The content the entry leaves on its point: 0 empty, 1 black, 2
    /// white (what [`cell`] gives).
    #[inline]
    pub(crate) fn content(self) -> u8 {
        match (self.0 >> KIND_SHIFT) & 7 {
            0 | 3 => 1,
            1 | 4 => 2,
            _ => 0,
        }
    }

    /// Whether the entry is a move.
    #[inline]
    pub(crate) fn is_move(self) -> bool {
        (self.0 >> KIND_SHIFT) & 7 <= 1
    }

    /// Whether the entry removes a stone captured by the move before.
    #[inline]
    pub(crate) fn is_removal(self) -> bool {
        (self.0 >> KIND_SHIFT) & 7 == 2
    }
}

/// The content of a point as the search keeps it: 0 empty, 1 black, 2
/// white.
#[inline]
pub(crate) fn cell(stone: Option<Color>) -> u8 {
    match stone {
        None => 0,
        Some(Color::Black) => 1,
        Some(Color::White) => 2,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_and_point_round_trips() {
        let size = BoardSize::square(52);
        let kinds = [
            Kind::Move(Color::Black),
            Kind::Move(Color::White),
            Kind::Removed,
            Kind::Setup(Color::Black),
            Kind::Setup(Color::White),
            Kind::Cleared,
        ];
        for kind in kinds {
            for point in [Point::new(0, 0), Point::new(51, 51), Point::new(7, 30)] {
                let entry = Entry::new(kind, Some(point), size).with_stays();
                assert_eq!((entry.kind(), entry.point(size)), (Some(kind), Some(point)));
                assert!(entry.stays());
            }
            assert_eq!(Entry::new(kind, None, size).index(), None);
        }
        let off = Entry::new(
            Kind::Move(Color::Black),
            Some(Point::new(19, 0)),
            BoardSize::square(19),
        );
        assert_eq!(off.index(), None);
        assert_eq!(Entry(7 << 12).kind(), None);
    }
}
