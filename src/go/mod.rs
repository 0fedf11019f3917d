//! Go positions: a [`Board`] that plays moves with captures, ko and
//! suicide by [`Rules`], with Zobrist hashes of its positions, their
//! canonical form under the board's symmetries, and [`SequenceHash`] of
//! the moves.
//!
//! ```
//! use sgf_stream::go::Board;
//! use sgf_stream::typed::{BoardSize, Color, Point};
//!
//! let mut board = Board::new(BoardSize::square(9));
//! board.play(Color::Black, Point::new(1, 0))?;
//! board.play(Color::White, Point::new(0, 0))?;
//! assert_eq!(board.play(Color::Black, Point::new(0, 1))?, 1);
//! assert_eq!(board.get(Point::new(0, 0)), None);
//! # Ok::<(), sgf_stream::go::Illegal>(())
//! ```

mod board;
mod diagram;
mod groups;
mod handicap;
mod hash;
mod rules;
mod scratch;
mod symmetry;
mod zobrist;

pub use board::Board;
pub use diagram::{DiagramError, PlaneSizeError};
pub use handicap::HandicapError;
pub use hash::SequenceHash;
pub use rules::{Illegal, KoRule, Rules, Suicide};
pub use symmetry::Symmetry;
