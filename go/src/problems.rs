//! The problems of a replayed game: errors, or warnings in a lenient
//! game, placed at their node's line and column when the input is known.

use std::sync::Arc;

use super::error::{ReplayError, ReplayErrorKind};
use super::game::Game;
use super::node::GoNode;
use super::rules::Illegal;
use sgf_stream::read::LineIndex;
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

    /// Where `node` is in its input: by the input's line index, made
    /// once per input and shared with the game's clones, so that many
    /// problems of one large input cost one pass over it, in whatever
    /// order the clones place them.
    fn locate<N: GoNode + ?Sized>(&self, node: &N) -> Option<Position> {
        let (offset, input) = (node.offset()?, node.input()?);
        let key = (input.as_ptr() as usize, input.len());
        let index = {
            let mut lines = self
                .lines
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            match &*lines {
                Some((at, index)) if *at == key => index.clone(),
                _ => {
                    let index = Arc::new(LineIndex::new(input));
                    *lines = Some((key, index.clone()));
                    index
                }
            }
        };
        (offset <= input.len()).then(|| index.position(offset as u64))
    }
}
