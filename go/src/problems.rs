//! The problems of a replayed game: errors, or warnings in a lenient
//! game, placed at their node's line and column when the input is known.

use super::error::{ReplayError, ReplayErrorKind};
use super::game::Game;
use super::node::GoNode;
use super::rules::Illegal;
use sgf_stream::read::LineCounter;
use sgf_stream::typed::{Color, Move, PropertyError};
use sgf_stream::Position;

impl Game {
    /// An illegal move: an error, or a warning in a lenient game.
    pub(super) fn illegal<N: GoNode + ?Sized>(
        &mut self,
        illegal: Illegal,
        color: Color,
        played: Move,
        node: &N,
        index: usize,
    ) -> Result<(), ReplayError> {
        let kind = ReplayErrorKind::Illegal {
            color,
            played,
            illegal,
        };
        let err = self.error(kind, node, index);
        if self.options.is_lenient() {
            self.warnings.push(err);
            Ok(())
        } else {
            Err(err)
        }
    }

    #[cold]
    pub(super) fn value_error<N: GoNode + ?Sized>(
        &mut self,
        err: PropertyError,
        node: &N,
        index: usize,
    ) -> ReplayError {
        self.error(ReplayErrorKind::Value(Box::new(err)), node, index)
    }

    #[cold]
    pub(super) fn error<N: GoNode + ?Sized>(
        &mut self,
        kind: ReplayErrorKind,
        node: &N,
        index: usize,
    ) -> ReplayError {
        ReplayError {
            kind,
            node: index,
            position: self.locate(node),
        }
    }

    /// Where `node` is in its input, counting lines on from the last node
    /// located in the same input (the nodes of a line come in file
    /// order), so many problems in one large input cost one pass over it.
    fn locate<N: GoNode + ?Sized>(&mut self, node: &N) -> Option<Position> {
        let (offset, input) = (node.offset()?, node.input()?);
        let key = (input.as_ptr() as usize, input.len());
        let mut counter = match self.located {
            Some((at, counter)) if at == key && counter.position().offset <= offset as u64 => {
                counter
            }
            _ => LineCounter::default(),
        };
        let from = counter.position().offset as usize;
        counter.advance(input.get(from..offset)?);
        self.located = Some((key, counter));
        Some(counter.position())
    }
}
