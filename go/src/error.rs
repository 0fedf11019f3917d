//! [`ReplayError`]: a move or value a replay could not take, with where.

use std::fmt;

use super::rules::Illegal;
use sgf_stream::typed::{Color, Move, PropertyError};
use sgf_stream::Position;

/// What went wrong in a node.
///
/// ```
/// use sgf_go::{Illegal, Replay, ReplayErrorKind};
/// let tree = sgf_stream::parse("(;SZ[9];B[aa];W[aa])")?;
/// let err = Replay::new(tree.main_line()).run().unwrap_err();
/// assert!(matches!(err.kind, ReplayErrorKind::Illegal { illegal: Illegal::Occupied, .. }));
/// # Ok::<(), sgf_stream::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ReplayErrorKind {
    /// A move the rules (or the turn order) do not allow.
    #[error("illegal move {color}[{played}]: {illegal}")]
    Illegal {
        /// Who played.
        color: Color,
        /// The move.
        played: Move,
        /// Why it is illegal.
        #[source]
        illegal: Illegal,
    },
    /// A value of `SZ`, `B`, `W`, `AB`, `AW`, `AE` or `PL` that does not
    /// fit its type (a point off the board, say). Boxed, so that a step
    /// and its error stay small.
    #[error("bad value of {}: {}", .0.property, .0.kind)]
    Value(#[source] Box<PropertyError>),
    /// The root's `GM` is not 1: the record is not of a game of Go.
    #[error("not a game of Go: GM[{0}]")]
    NotGo(i64),
}

impl ReplayErrorKind {
    /// A stable name for the problem: the [`Illegal::code`] of an illegal
    /// move, `bad-value`, or `not-go`.
    ///
    /// ```
    /// use sgf_go::ReplayErrorKind;
    /// assert_eq!(ReplayErrorKind::NotGo(2).code(), "not-go");
    /// ```
    pub fn code(&self) -> &'static str {
        match self {
            ReplayErrorKind::Illegal { illegal, .. } => illegal.code(),
            ReplayErrorKind::Value(_) => "bad-value",
            ReplayErrorKind::NotGo(_) => "not-go",
        }
    }
}

/// A problem in a node of a replay: what, which node of the path (the
/// first is 0), and where the node is in the input when the tree knows
/// it (a [`CompactTree`](sgf_stream::CompactTree) does, an
/// [`SgfTree`](sgf_stream::SgfTree) does not).
///
/// ```
/// use sgf_go::{Illegal, Replay, ReplayErrorKind};
/// use sgf_stream::CompactTree;
/// let tree = CompactTree::from_bytes("(;SZ[9]\n;B[ee];W[ee])")?;
/// let err = Replay::new(tree.root().unwrap().main_line()).find_map(Result::err).unwrap();
/// assert_eq!(err.node, 2);
/// assert!(matches!(err.kind, ReplayErrorKind::Illegal { illegal: Illegal::Occupied, .. }));
/// assert_eq!(err.code(), "illegal-occupied");
/// let at = err.position.unwrap();
/// assert_eq!((at.line, at.column), (2, 7));
/// assert_eq!(err.to_string(), "illegal move W[ee]: the point is occupied (node 2, line 2, column 7 (byte 14))");
/// # Ok::<(), sgf_stream::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct ReplayError {
    /// What went wrong.
    #[source]
    pub kind: ReplayErrorKind,
    /// The node's place in the path replayed, from 0.
    pub node: usize,
    /// Where the node's `;` is in the input, when known.
    pub position: Option<Position>,
}

impl ReplayError {
    /// The stable name of the problem: see [`ReplayErrorKind::code`].
    ///
    /// ```
    /// use sgf_go::Replay;
    /// let tree = sgf_stream::parse("(;GM[1]SZ[9];B[jj])")?;
    /// let err = Replay::new(tree.main_line()).run().unwrap_err();
    /// assert_eq!(err.code(), "bad-value");
    /// # Ok::<(), sgf_stream::Error>(())
    /// ```
    pub fn code(&self) -> &'static str {
        self.kind.code()
    }
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (node {}", self.kind, self.node)?;
        if let Some(position) = self.position {
            write!(f, ", {position}")?;
        }
        f.write_str(")")
    }
}
