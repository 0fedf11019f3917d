//! Building trees from events: [`TreeBuilder`] for owned [`SgfTree`]s,
//! [`CompactBuilder`] for [`CompactTree`]s, and [`Games`], one game at a
//! time from any [`Reader`].
//!
//! Every way to get trees is a reader and a builder; which to call:
//!
//! | you have | you want | call |
//! |---|---|---|
//! | one game in memory | an [`SgfTree`] | [`parse`](crate::parse) |
//! | a collection in memory | `Vec<SgfTree>` | [`parse_collection`] (options: [`ReaderBuilder::parse_collection`](crate::ReaderBuilder::parse_collection)) |
//! | a file in memory, any charset, maybe broken | trees, warnings, charset | [`ReaderBuilder::read_collection`](crate::ReaderBuilder::read_collection) |
//! | a stream (`io::Read`) | one game at a time | [`games`] (options: [`ReaderBuilder::games`](crate::ReaderBuilder::games)) |
//! | a stream, in little memory | one [`CompactTree`] per game | [`compact_games`] |
//! | a collection in memory, in little memory | one [`CompactTree`] | [`CompactTree::from_bytes`] |
//! | any [`Reader`] | trees as it reads | [`Games::new`] with a builder |
//! | many files, in parallel | a visitor per batch | `sgf_tool::collection` (crate `sgf-tool`) |
//! | many files, in parallel | one [`SgfTree`] per game, in input order | `sgf_tool::collection::Trees` (crate `sgf-tool`) |
//!
//! ```
//! use sgf_stream::{build::{Games, TreeBuilder}, read::Reader};
//! let file = &b"(;GN[one];B[pd]) (;GN[two];B[dd];W[pp])"[..]; // any io::Read
//! let mut nodes = 0;
//! for game in Games::new(Reader::from_reader(file), TreeBuilder::new()) {
//!     nodes += game?.nodes().count();
//! }
//! assert_eq!(nodes, 5);
//! # Ok::<(), sgf_stream::Error>(())
//! ```
//!
//! [`SgfTree`]: crate::SgfTree
//! [`CompactTree`]: crate::CompactTree
//! [`CompactTree::from_bytes`]: crate::CompactTree::from_bytes
//! [`Reader`]: crate::read::Reader

mod collection;
mod compact;
mod games;
mod owned;
mod parse;
mod repairs;
mod seen;

pub use collection::Parsed;
pub use compact::CompactBuilder;
pub use games::{compact_games, games, Games};
pub use owned::TreeBuilder;
pub use parse::{parse, parse_collection};

use crate::error::TreeErrorKind;

/// What a builder refuses, and where in the event it was pushed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{kind} (byte {offset} of the values)")]
pub struct BuildError {
    /// What went wrong.
    pub kind: TreeErrorKind,
    /// For a value that is not UTF-8, the offset of its first bad byte in
    /// the property's values run ([`RawValues::as_bytes`]); else 0.
    ///
    /// [`RawValues::as_bytes`]: crate::RawValues::as_bytes
    pub offset: usize,
}

/// A builder that [`Games`] can drive: [`TreeBuilder`] or
/// [`CompactBuilder`]. It cannot be implemented outside this crate.
pub trait Build: sink::Sink {}

pub(crate) mod sink {
    use crate::error::Error;
    use crate::read::{Reader, Source};

    /// What [`Games`](super::Games) needs of a builder.
    pub trait Sink {
        /// What one game becomes.
        type Game;
        /// Reads until a game closes, and builds it; `None` at the end.
        /// Errors are positioned by the reader.
        fn next_game<S: Source>(
            &mut self,
            reader: &mut Reader<S>,
        ) -> Result<Option<Self::Game>, Error>;
    }
}
