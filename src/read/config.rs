//! [`ReaderBuilder`]: the one set of reading options, with a method per
//! source and per result.

use std::io::Read;

use bytes::Bytes;

use super::{Pushed, Reader, Shared, Slice, Stream};
use crate::machine::Limits;

/// The default size of one read of a [`Stream`] source: 64 KiB.
pub const DEFAULT_CHUNK: usize = 64 << 10;

/// Options for reading SGF: resource [`Limits`] and, for streams, how
/// many bytes to read at a time. A method per source makes a
/// [`Reader`]; others build trees and game iterators with the same
/// options.
///
/// Every setter documents its default (those of [`Limits::default`]).
///
/// ```
/// use sgf_stream::{ErrorKind, ReaderBuilder};
/// let options = ReaderBuilder::new().max_depth(2).max_value_len(4);
///
/// let err = options.from_slice(b"(;(;(;)))").find_map(Result::err).unwrap();
/// assert_eq!(err.kind(), &ErrorKind::TooDeep(2));
///
/// let mut reader = options.from_reader(&b"(;C[hello])"[..]);
/// let err = loop {
///     match reader.next_event() {
///         Ok(Some(_)) => {}
///         Ok(None) => panic!("the value is too long"),
///         Err(err) => break err,
///     }
/// };
/// assert_eq!((err.kind(), err.offset()), (&ErrorKind::ValueTooLong(4), 3));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReaderBuilder {
    pub(crate) limits: Limits,
    pub(crate) chunk: usize,
}

impl Default for ReaderBuilder {
    fn default() -> Self {
        ReaderBuilder {
            limits: Limits::default(),
            chunk: DEFAULT_CHUNK,
        }
    }
}

impl ReaderBuilder {
    /// The default options.
    pub fn new() -> Self {
        ReaderBuilder::default()
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

    /// Longest raw value in bytes (and longest run of whitespace inside a
    /// property). Default 64 MiB. A streaming reader refuses a longer
    /// value while it is still arriving, so its buffer never holds much
    /// more than this.
    pub fn max_value_len(mut self, len: usize) -> Self {
        self.limits.max_value_len = len;
        self
    }

    /// Longest property identifier in letters. Default 64.
    pub fn max_ident_len(mut self, len: usize) -> Self {
        self.limits.max_ident_len = len;
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

    /// How many bytes a [`Stream`] source asks for at a time (at least
    /// 1). Default [`DEFAULT_CHUNK`] (64 KiB).
    pub fn chunk_size(mut self, bytes: usize) -> Self {
        self.chunk = bytes.max(1);
        self
    }

    /// The limits set so far.
    pub fn get_limits(&self) -> Limits {
        self.limits
    }

    /// A reader over a whole input in memory; its events borrow `input`.
    pub fn from_slice(self, input: &[u8]) -> Reader<Slice<'_>> {
        Reader::with_source(Slice::new(input), self.limits)
    }

    /// A reader over any [`io::Read`](std::io::Read).
    pub fn from_reader<R: Read>(self, reader: R) -> Reader<Stream<R>> {
        Reader::with_source(Stream::new(reader, self.chunk), self.limits)
    }

    /// A reader of chunks handed over with [`Reader::feed`].
    pub fn pushed(self) -> Reader<Pushed> {
        Reader::with_source(Pushed::default(), self.limits)
    }

    /// A reader over a shared buffer, whose events own their bytes.
    pub fn from_bytes(self, input: Bytes) -> Reader<Shared> {
        Reader::with_source(Shared::new(input), self.limits)
    }
}
