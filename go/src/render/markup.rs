//! The markup of a node that a diagram draws: labels (`LB`), marks
//! (`TR`, `SQ`, `CR`, `MA`), dimmed points (`DD`) and the view (`VW`).

use super::layout::Region;
use crate::node::GoNode;
use sgf_stream::typed::{BoardSize, Decoder, Point, Value};

/// A mark on a point.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Mark {
    /// `TR`: a triangle.
    Triangle,
    /// `SQ`: a square.
    Square,
    /// `CR`: a circle.
    Circle,
    /// `MA`: a cross.
    Cross,
}

/// What a diagram draws over the stones: labels, marks and dimmed points.
///
/// [`Position`](super::Position) reads it from the last node of a path;
/// it can also be built by hand.
///
/// ```
/// use sgf_go::render::{Mark, Markup};
/// use sgf_stream::typed::{BoardSize, Point};
/// let tree = sgf_stream::parse("(;SZ[9]LB[cc:A][dd:b]TR[ee]MA[aa:ab]DD[ii])")?;
/// let markup = Markup::read(&tree, BoardSize::square(9));
/// assert_eq!(markup.labels, [(Point::new(2, 2), "A".to_string()), (Point::new(3, 3), "b".to_string())]);
/// assert_eq!(markup.marks.len(), 3);
/// assert_eq!(markup.marks[0], (Point::new(4, 4), Mark::Triangle));
/// assert_eq!(markup.dimmed, [Point::new(8, 8)]);
/// # Ok::<(), sgf_stream::Error>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Markup {
    /// `LB`: text on points.
    pub labels: Vec<(Point, String)>,
    /// `TR`, `SQ`, `CR`, `MA`: marks on points.
    pub marks: Vec<(Point, Mark)>,
    /// `DD`: points drawn faded.
    pub dimmed: Vec<Point>,
}

/// What one node says: its markup, and the inherited properties it sets.
#[derive(Debug, Clone, Default)]
pub(super) struct NodeMarkup {
    pub markup: Markup,
    /// `DD` was present (an empty `DD[]` clears the dimmed points).
    pub sets_dimmed: bool,
    /// `VW` was present: `None` inside for `VW[]`, the whole board.
    pub view: Option<Option<Region>>,
}

impl Markup {
    /// The markup of `node` on a board of `size`. Values that do not fit
    /// are left out; a repeated property adds to the first.
    pub fn read<N: GoNode + ?Sized>(node: &N, size: BoardSize) -> Markup {
        read_node(node, size).markup
    }

    /// Whether there is nothing to draw.
    ///
    /// ```
    /// assert!(sgf_go::render::Markup::default().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.labels.is_empty() && self.marks.is_empty() && self.dimmed.is_empty()
    }
}

/// Reads the markup and the view of `node`.
pub(super) fn read_node<N: GoNode + ?Sized>(node: &N, size: BoardSize) -> NodeMarkup {
    let decoder = Decoder::with_size(size);
    let mut found = NodeMarkup::default();
    for (ident, values) in node.node_properties() {
        let mark = match ident {
            "TR" => Some(Mark::Triangle),
            "SQ" => Some(Mark::Square),
            "CR" => Some(Mark::Circle),
            "MA" => Some(Mark::Cross),
            "LB" | "DD" | "VW" => None,
            _ => continue,
        };
        let (decoded, _problems) = values.decode_lenient(&decoder, ident);
        let points = decoded.iter().filter_map(Value::as_point);
        match (ident, mark) {
            (_, Some(mark)) => found.markup.marks.extend(points.map(|p| (p, mark))),
            ("DD", _) => {
                found.sets_dimmed = true;
                found.markup.dimmed.extend(points);
            }
            ("VW", _) => found.view = Some(Region::spanning(points)),
            _ => found.markup.labels.extend(decoded.iter().filter_map(label)),
        }
    }
    found
}

/// A label's point and text, from `LB`'s `point:text` (an empty text is
/// no label).
fn label(value: &Value<'_>) -> Option<(Point, String)> {
    let (point, text) = value.as_compose()?;
    let text = text.as_text().filter(|t| !t.is_empty())?;
    Some((point.as_point()?, text.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn views_span_their_points_and_an_empty_view_is_the_board() {
        let tree = sgf_stream::parse("(;SZ[9]VW[aa:cc][ee];VW[];VW[zz])").unwrap();
        let size = BoardSize::square(9);
        let nodes: Vec<_> = tree.main_line().collect();
        let first = read_node(&nodes[0], size);
        assert_eq!(
            first.view,
            Some(Some(Region {
                left: 0,
                top: 0,
                right: 4,
                bottom: 4
            }))
        );
        assert_eq!(read_node(&nodes[1], size).view, Some(None));
        // A point off the board is left out.
        assert_eq!(read_node(&nodes[2], size).view, Some(None));
        assert!(!first.sets_dimmed && first.markup.is_empty());
    }

    #[test]
    fn bad_values_are_left_out() {
        let tree = sgf_stream::parse("(;SZ[5]LB[aa:x][zz:y][bb]CR[cc][qq]DD[])").unwrap();
        let found = read_node(&tree, BoardSize::square(5));
        assert_eq!(found.markup.labels, [(Point::new(0, 0), "x".to_string())]);
        assert_eq!(found.markup.marks, [(Point::new(2, 2), Mark::Circle)]);
        assert!(found.sets_dimmed && found.markup.dimmed.is_empty());
    }
}
