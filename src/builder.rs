//! [`ParserBuilder`]: limits and buffer size, for every kind of parser.

use std::io::Read;

use bytes::Bytes;

use crate::games::{CompactGames, Games};
use crate::machine::Limits;
use crate::owned::BytesParser;
use crate::parser::Parser;
use crate::push::PushParser;
use crate::reader::StreamReader;

/// The default size of one read of a [`StreamReader`]: 64 KiB.
pub const DEFAULT_CHUNK: usize = 64 << 10;

/// Options shared by all parsers: resource [`Limits`] and, for readers,
/// how many bytes to read at a time.
///
/// Every setter documents its default (those of [`Limits::default`]).
///
/// ```
/// use sgf_stream::{ErrorKind, ParserBuilder};
/// let builder = ParserBuilder::new().max_depth(2).max_value_len(4);
///
/// let err = builder.build(b"(;(;(;)))").find_map(Result::err).unwrap();
/// assert_eq!(err.kind(), &ErrorKind::TooDeep(2));
///
/// let mut reader = builder.reader(&b"(;C[hello])"[..]);
/// let err = loop {
///     match reader.read_event() {
///         Ok(Some(_)) => {}
///         Ok(None) => panic!("the value is too long"),
///         Err(err) => break err,
///     }
/// };
/// assert_eq!((err.kind(), err.offset()), (&ErrorKind::ValueTooLong(4), 3));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ParserBuilder {
    limits: Limits,
    chunk: usize,
}

impl Default for ParserBuilder {
    fn default() -> Self {
        ParserBuilder {
            limits: Limits::default(),
            chunk: DEFAULT_CHUNK,
        }
    }
}

impl ParserBuilder {
    /// The default options.
    pub fn new() -> Self {
        ParserBuilder::default()
    }

    /// Replaces all limits at once.
    pub fn limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self
    }

    /// Deepest nesting of game trees and variations. Default 1,048,576.
    pub fn max_depth(mut self, depth: u32) -> Self {
        self.limits.max_depth = depth;
        self
    }

    /// Longest raw value in bytes. Default 64 MiB. A streaming parser
    /// refuses a longer value while it is still arriving, so its buffer
    /// never holds much more than this.
    pub fn max_value_len(mut self, len: usize) -> Self {
        self.limits.max_value_len = len;
        self
    }

    /// Most properties in one node. Default 1,048,576.
    pub fn max_properties_per_node(mut self, count: u32) -> Self {
        self.limits.max_properties_per_node = count;
        self
    }

    /// Most values of one property. Default 1,048,576.
    pub fn max_values_per_property(mut self, count: u32) -> Self {
        self.limits.max_values_per_property = count;
        self
    }

    /// How many bytes a [`StreamReader`] asks for at a time (at least 1).
    /// Default [`DEFAULT_CHUNK`] (64 KiB).
    pub fn chunk_size(mut self, bytes: usize) -> Self {
        self.chunk = bytes.max(1);
        self
    }

    /// The limits set so far.
    pub fn get_limits(&self) -> Limits {
        self.limits
    }

    /// A slice [`Parser`] over `input`.
    pub fn build(self, input: &[u8]) -> Parser<'_> {
        Parser::with_limits(input, self.limits)
    }

    /// A [`StreamReader`] reading from `reader`.
    pub fn reader<R: Read>(self, reader: R) -> StreamReader<R> {
        StreamReader::from_builder(reader, self.limits, self.chunk)
    }

    /// A [`PushParser`] waiting for its first chunk.
    pub fn push(self) -> PushParser {
        PushParser::with_limits(self.limits)
    }

    /// A [`BytesParser`] over `input`, whose events own their bytes.
    pub fn bytes(self, input: Bytes) -> BytesParser {
        BytesParser::with_limits(input, self.limits)
    }

    /// The game trees of a collection read from `reader`, one at a time.
    pub fn games<R: Read>(self, reader: R) -> Games<R> {
        Games::new(self.reader(reader))
    }

    /// The game trees of a collection read from `reader`, one at a time,
    /// as [`CompactTree`](crate::CompactTree)s.
    pub fn compact_games<R: Read>(self, reader: R) -> CompactGames<R> {
        CompactGames::new(self.reader(reader))
    }
}
