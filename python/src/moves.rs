//! The main line's moves as rows (colour, x, y), decoded by the
//! library's `Move::decode` as they come once the board size is known
//! (the root's `SZ`); the root's own moves wait for the end of the root.
//! Values that are not moves are warnings, as `SgfTree::moves_lenient`
//! gives them.

use sgf_stream::typed::{BoardSize, Decoder, Move, PropertyError};

use crate::data::{Problem, BLACK, WHITE};
use crate::info::{move_row_of, value_problem};
use crate::read::Values;

/// The moves of a main line.
#[derive(Debug, Default)]
pub struct Moves {
    /// The board size, once known.
    size: Option<BoardSize>,
    /// Moves before the size is known: colour and value as written, or
    /// the warning about several values.
    waiting: Vec<(i16, Result<Vec<u8>, PropertyError>)>,
    rows: Vec<[i16; 3]>,
    warnings: Vec<PropertyError>,
}

impl Moves {
    /// Ready for the next game.
    pub fn clear(&mut self) {
        self.size = None;
        self.waiting.clear();
        self.rows.clear();
        self.warnings.clear();
    }

    /// Whether the board size is known.
    pub fn knows_size(&self) -> bool {
        self.size.is_some()
    }

    /// The board size is known: `size`, with `warnings` about it (the
    /// first of the moves' warnings). Decodes the moves that waited.
    pub fn set_size(&mut self, size: BoardSize, warnings: Vec<PropertyError>) {
        self.size = Some(size);
        self.warnings.extend(warnings);
        for (color, value) in std::mem::take(&mut self.waiting) {
            match value {
                Ok(value) => self.play(color, &value, size),
                Err(err) => self.warnings.push(err),
            }
        }
    }

    /// A `B` (`white` false) or `W` property.
    #[inline(always)]
    pub fn push(&mut self, white: bool, values: Values<'_>) {
        let color = if white { WHITE } else { BLACK };
        // A move on a board of known size: nearly every one.
        if let (Some(value), Some(size)) = (values.single(), self.size) {
            if let Ok(played) = Move::decode(value, size) {
                self.rows.push(move_row_of(color, played));
                return;
            }
        }
        self.push_other(color, values);
    }

    #[cold]
    #[inline(never)]
    fn push_other(&mut self, color: i16, values: Values<'_>) {
        match (values.single(), self.size) {
            (Some(value), Some(size)) => self.play(color, value, size),
            (Some(value), None) => self.waiting.push((color, Ok(value.to_vec()))),
            (None, _) => self.several(color, values),
        }
    }

    /// A move property with several values: refused, with a warning.
    #[cold]
    fn several(&mut self, color: i16, values: Values<'_>) {
        let ident = if color == WHITE { "W" } else { "B" };
        // Any board size refuses several values of a move.
        if let Err(err) = Decoder::new().decode_raw(ident, values.iter()) {
            match self.size {
                Some(_) => self.warnings.push(err),
                None => self.waiting.push((color, Err(err))),
            }
        }
    }

    fn play(&mut self, color: i16, value: &[u8], size: BoardSize) {
        match Move::decode(value, size) {
            Ok(played) => self.rows.push(move_row_of(color, played)),
            Err(_) => self.refuse(color, value, size),
        }
    }

    /// The warning for a value that is not a move, as the tree's decoding
    /// gives it.
    #[cold]
    #[inline(never)]
    fn refuse(&mut self, color: i16, value: &[u8], size: BoardSize) {
        let ident = if color == WHITE { "W" } else { "B" };
        if let Err(err) = Decoder::with_size(size).decode_raw(ident, [value]) {
            self.warnings.push(err);
        }
    }

    /// The rows of a main line read to its end.
    pub fn rows(&self) -> &[[i16; 3]] {
        debug_assert!(self.waiting.is_empty());
        &self.rows
    }

    /// The warnings (the board size's, then the moves') of a main line
    /// read to its end, as the binding reports them.
    pub fn take_warnings(&mut self) -> Vec<Problem> {
        self.warnings
            .drain(..)
            .map(|err| value_problem(&err))
            .collect()
    }
}
