//! sgf-stream: a fast, zero-copy, streaming SGF (Smart Game Format)
//! parser, tree builder and writer.
//!
//! The three layers in a few lines:
//!
//! ```
//! use sgf_stream::{Event, Parser, Writer};
//!
//! let input = "(;GM[1]SZ[19];B[pd];W[dp](;B[pp])(;B[dd]))";
//!
//! // 1. Events: borrowed, zero-copy, in file order.
//! let moves = Parser::new(input.as_bytes())
//!     .filter(|e| matches!(e, Ok(Event::Property(id, _)) if id == "B" || id == "W"))
//!     .count();
//! assert_eq!(moves, 4);
//!
//! // 2. Tree: owned, values decoded as SGF Text.
//! let tree = sgf_stream::parse(input)?;
//! assert_eq!(tree.main_line().count(), 4);
//!
//! // 3. Writing: events or trees back to SGF, streaming.
//! let mut writer = Writer::new(Vec::new());
//! writer.write_tree(&tree)?;
//! assert_eq!(writer.into_inner()?, format!("{input}\n").as_bytes());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Real-world files (legacy charsets, FF\[1\]–FF\[3\] identifiers, junk,
//! broken parentheses) are read with [`ReaderBuilder::lenient`], which
//! repairs them and reports each repair as a [`Warning`]:
//! [`ReaderBuilder::read_collection`] for trees, a lenient [`Reader`] for
//! events.
//!
//! Records in the formats of Asian Go servers (GIB, NGF, UGF/UGI) are
//! read as SGF games by [`formats`].
//!
//! Input larger than memory, or arriving in pieces, is read in bounded
//! memory by the same state machine: [`Reader::from_reader`] over any
//! `io::Read` ([`Reader::from_reader_decoded`] decoding each game from its
//! charset on the way), [`Reader::pushed`] for chunks, [`games`] and
//! [`compact_games`] for one owned game at a time; [`Reader::from_bytes`]
//! yields `'static + Send` events over a shared `bytes::Bytes`, and
//! [`CompactTree`] holds a whole collection in one buffer and one `Vec` of
//! 8-byte nodes. Limits, the read size and the charset stage's mode are
//! set with [`ReaderBuilder`].
//!
//! Features:
//! - `encoding` (default): legacy charsets. The charset stage
//!   ([`ReaderBuilder::from_reader_decoded`], and [`ReaderBuilder::read_collection`]
//!   and [`read::decode_to_utf8`] for whole inputs) finds each game's charset
//!   (BOM, `CA`, detection with `chardetng`) and converts it to UTF-8 with
//!   `encoding_rs`, in bounded memory; the [`Writer`] writes legacy
//!   charsets. Without it, input is read as UTF-8.
//! - `work-count`: counts the work the parsers do (`sgf_stream::work`), so tests and
//!   fuzzing can check that it stays linear in the input. Slows parsing.
//!
//! Beside this crate, in the same workspace: `sgf-go` (Go rules: the
//! board, replay, hashes, symmetry), `sgf-tool` (collections: finding
//! inputs in folders and archives, reading them in parallel in input
//! order, diagnostics; and the `sgf` command-line tool) and the Python
//! package `sgf_stream`.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod build;
pub mod charset;
mod codes;
mod error;
pub mod event;
pub mod formats;
pub mod game;
mod ident;
mod lex;
mod machine;
pub mod props;
pub mod read;
#[cfg(test)]
mod testing;
pub mod tree;
pub mod typed;
pub mod validate;
pub mod value;
mod warning;
#[cfg(feature = "work-count")]
pub mod work;
#[cfg(not(feature = "work-count"))]
mod work;
pub mod write;

pub use build::{compact_games, games, parse, parse_collection};
pub use error::{Error, ErrorKind, Position, TreeErrorKind};
pub use event::{Event, RawValues};
pub use machine::Limits;
pub use read::{Reader, ReaderBuilder};
pub use tree::{CompactTree, SgfTree};
pub use write::{Layout, Newline, WriteError, WriteOptions, Writer};

pub use charset::Charset;
pub use warning::{Warning, WarningKind};

/// A reader over a whole input in memory: [`Reader`] over a
/// [`Slice`](read::Slice). Its events borrow the input.
///
/// ```
/// use sgf_stream::{Event, Parser};
/// let mut moves = 0;
/// for event in Parser::new(b"(;GM[1];B[pd];W[dp](;B[pp])(;B[dd]))") {
///     if let Event::Property(ident, _) = event? {
///         moves += (ident == "B" || ident == "W") as usize;
///     }
/// }
/// assert_eq!(moves, 4);
/// # Ok::<(), sgf_stream::Error>(())
/// ```
pub type Parser<'a> = Reader<read::Slice<'a>>;

/// The README's examples, run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
