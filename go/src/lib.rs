//! sgf-go: the rules of Go over the game records that `sgf-stream` reads.
//!
//! Go positions: a [`Board`] that plays moves with captures, ko and
//! suicide by [`Rules`]; [`Replay`], the positions along a line of a
//! game record; Zobrist hashes of positions, their canonical form under
//! the board's symmetries, and [`SequenceHash`] of the moves.
//!
//! Replay reads nodes through [`GoNode`], which [`SgfTree`](sgf_stream::SgfTree)
//! and the [`CompactTree`](sgf_stream::CompactTree)'s [`NodeRef`](sgf_stream::tree::NodeRef)
//! implement, and decodes their values with the [`typed`](sgf_stream::typed)
//! layer. [`Game`] replays node by node, for variations or events.
//!
//! ```
//! use sgf_go::{Replay, ReplayOptions, Rules};
//! use sgf_stream::typed::{Color, Point};
//!
//! let tree = sgf_stream::parse("(;SZ[9];B[ba];W[aa];B[ab])")?;
//! let mut replay = Replay::new(tree.main_line());
//! let last = replay.by_ref().last().unwrap()?;
//! assert_eq!(last.captured, 1);
//! assert_eq!(replay.board().get(Point::new(0, 0)), None);
//! assert_eq!(replay.board().to_move(), Color::White);
//!
//! // A record with a broken move: a lenient replay plays it and warns.
//! let broken = sgf_stream::parse("(;SZ[9];B[ee];W[ee])")?;
//! let game = ReplayOptions::new().lenient(true).replay(broken.main_line()).run()?;
//! assert_eq!(game.warnings()[0].code(), "illegal-occupied");
//! assert_eq!(game.board().get(Point::new(4, 4)), Some(Color::White));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod board;
mod diagram;
mod error;
mod game;
mod groups;
mod handicap;
mod hash;
mod history;
mod node;
mod options;
mod play;
mod problems;
pub mod render;
mod replay;
mod rules;
mod scratch;
pub mod search;
mod step;
mod symmetry;
#[cfg(test)]
mod testing;
mod turn;
mod work;
mod zobrist;

pub use board::Board;
pub use diagram::{DiagramError, PlaneSizeError};
pub use error::{ReplayError, ReplayErrorKind};
pub use game::Game;
pub use handicap::HandicapError;
pub use hash::SequenceHash;
pub use node::{GoNode, NodeValues, RawProperties, TreeProperties};
pub use options::ReplayOptions;
pub use replay::Replay;
pub use rules::{Illegal, KoRule, Rules, Suicide};
pub use step::Step;
pub use symmetry::Symmetry;

/// The README's examples, run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
