//! [`Diagram`]: what to draw and how, as a builder.

use std::ops::RangeInclusive;

use super::layout::{Coordinates, Region};
use super::markup::Markup;
use super::numbers::Played;
use crate::Board;
use sgf_stream::typed::Point;

/// The look of the board.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum Style {
    /// A wooden board: yellow-brown, black lines.
    #[default]
    Wood,
    /// A printed book's diagram: white paper, black lines.
    Book,
}

/// The sizes a picture's longer side may have, in pixels.
pub const SIZE_PX: RangeInclusive<u32> = 16..=4096;

/// A diagram of a board: what to draw on it and how, set as a builder;
/// [`to_svg`](Self::to_svg) draws it (and `to_png`, with the `png`
/// feature).
///
/// Each point shows at most one sign, the first of: its label (`LB`),
/// its move number, its mark (`TR`, `SQ`, `CR`, `MA`), the last move's
/// circle. Numbers go on the stones of the moves in
/// [`numbers`](Self::numbers)' range that are still on the board; a move
/// in the range whose stone was captured is listed under the board, as
/// books do: `7 at 12` when move 7 was played where the stone numbered
/// 12 now stands, `7 at D4` when no number stands there.
///
/// ```
/// use sgf_go::render::{Coordinates, Diagram, Position, Style};
/// use sgf_go::ReplayOptions;
///
/// let tree = sgf_stream::parse("(;SZ[9];B[ee];W[ec];B[ce];W[cc])")?;
/// let position = Position::replay(tree.main_line(), ReplayOptions::new())?;
/// let svg = position
///     .diagram()
///     .style(Style::Book)
///     .coordinates(Coordinates::Four)
///     .numbers(1..=4)
///     .size_px(300)
///     .to_svg();
/// assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"300\" height=\"300\""));
/// assert_eq!(svg.matches("class=\"stone").count(), 4);
/// // The same options give the same bytes.
/// assert_eq!(svg, position.diagram().style(Style::Book).coordinates(Coordinates::Four)
///     .numbers(1..=4).size_px(300).to_svg());
///
/// // A bare board, with no moves or markup.
/// let board = sgf_go::Board::from_diagram("XO.\n.X.\n...")?;
/// assert_eq!(Diagram::new(&board).coordinates(Coordinates::None).to_svg().matches("<circle class=\"stone").count(), 3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct Diagram<'a> {
    pub(super) board: &'a Board,
    pub(super) moves: &'a [Played],
    pub(super) markup: Option<&'a Markup>,
    pub(super) last: Option<Point>,
    pub(super) region: Option<Region>,
    pub(super) style: Style,
    pub(super) coordinates: Coordinates,
    pub(super) numbers: Option<RangeInclusive<u32>>,
    pub(super) size_px: u32,
}

impl<'a> Diagram<'a> {
    /// A diagram of `board`: the whole board, wood, coordinates on two
    /// sides, 600 pixels on its longer side, no numbers.
    pub fn new(board: &'a Board) -> Diagram<'a> {
        Diagram {
            board,
            moves: &[],
            markup: None,
            last: None,
            region: None,
            style: Style::default(),
            coordinates: Coordinates::default(),
            numbers: None,
            size_px: 600,
        }
    }

    /// The look of the board (default [`Style::Wood`]).
    pub fn style(mut self, style: Style) -> Self {
        self.style = style;
        self
    }

    /// Where coordinates go (default [`Coordinates::Two`]).
    pub fn coordinates(mut self, coordinates: Coordinates) -> Self {
        self.coordinates = coordinates;
        self
    }

    /// Numbers on the stones of the moves numbered `range` (as counted by
    /// [`Played::number`]); default none.
    ///
    /// ```
    /// use sgf_go::render::Position;
    /// use sgf_go::ReplayOptions;
    /// // White 4 takes Black 1 at `aa`, and no stone stands there at the end.
    /// let tree = sgf_stream::parse("(;SZ[5];B[aa];W[ba];B[cb];W[ab];B[ac];W[bb];B[ca])")?;
    /// let position = Position::replay(tree.main_line(), ReplayOptions::new())?;
    /// assert_eq!(position.board().to_string(), ".OX..\nOOX..\nX....\n.....\n.....\n");
    /// let svg = position.diagram().numbers(1..=7).to_svg();
    /// assert!(svg.contains("aria-label=\"1 at A5\""));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn numbers(mut self, range: RangeInclusive<u32>) -> Self {
        self.numbers = Some(range);
        self
    }

    /// The picture's longer side in pixels (default 600; kept within
    /// [`SIZE_PX`]). The SVG scales to any size; this sets its `width`
    /// and `height` and the PNG's size.
    pub fn size_px(mut self, pixels: u32) -> Self {
        self.size_px = pixels.clamp(*SIZE_PX.start(), *SIZE_PX.end());
        self
    }

    /// The part of the board to draw, or `None` for all of it (default
    /// all, or the position's `VW`). A region partly off the board is cut
    /// to it.
    pub fn region(mut self, region: Option<Region>) -> Self {
        self.region = region;
        self
    }

    /// The moves played, in order, for [`numbers`](Self::numbers).
    pub fn moves(mut self, moves: &'a [Played]) -> Self {
        self.moves = moves;
        self
    }

    /// The point of the last move, marked with a circle (default none).
    pub fn last_move(mut self, point: Option<Point>) -> Self {
        self.last = point;
        self
    }

    /// Labels, marks and dimmed points to draw (default none).
    pub fn markup(mut self, markup: &'a Markup) -> Self {
        self.markup = Some(markup);
        self
    }
}
