//! [`Step`]: what one node of a replayed line did.

use sgf_stream::typed::{Color, Move};

/// What one node did: the step of a [`Replay`](super::Replay).
///
/// ```
/// use sgf_go::Replay;
/// use sgf_stream::typed::Color;
/// let tree = sgf_stream::parse("(;SZ[9]AB[aa][bb];W[ab])")?;
/// let steps: Vec<_> = Replay::new(tree.main_line()).collect::<Result<_, _>>()?;
/// assert_eq!((steps[0].node, steps[0].added, steps[0].played), (0, 2, None));
/// assert_eq!(steps[1].to_move, Color::Black);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Step {
    /// The node's place in the path, from 0 (the root).
    pub node: usize,
    /// The node's move, if it has one (the last, in a broken node with
    /// both `B` and `W`).
    pub played: Option<(Color, Move)>,
    /// Stones put on the board by setup (`AB`, `AW`).
    pub added: u32,
    /// Stones taken off by setup (`AE`, or replaced by `AB`/`AW`), or
    /// replaced by a move on an occupied point in a lenient replay.
    pub removed: u32,
    /// Stones the move captured (or its own, in a suicide).
    pub captured: u32,
    /// The side to move after the node.
    pub to_move: Color,
    /// [`Board::hash`](super::Board::hash) after the node: the position and
    /// the side to move.
    pub hash: u64,
}
