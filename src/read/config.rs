//! [`ReaderBuilder`]: the one set of reading options, with a method per
//! source and per result.

use std::io::Read;

use bytes::Bytes;

use super::{Decoded, Pushed, Reader, Shared, Slice, Source, Stream};
use crate::charset::CharsetMode;
use crate::machine::Limits;

/// The default size of one read of a [`Stream`] source: 64 KiB.
pub const DEFAULT_CHUNK: usize = 64 << 10;

/// Options for reading SGF: resource [`Limits`], for streams how many
/// bytes to read at a time, and for the charset stage how to choose the
/// charset. A method per source makes a
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
    pub(crate) lenient: bool,
    pub(crate) charset: CharsetMode,
}

impl Default for ReaderBuilder {
    fn default() -> Self {
        ReaderBuilder {
            limits: Limits::default(),
            chunk: DEFAULT_CHUNK,
            lenient: false,
            charset: CharsetMode::Auto,
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

    /// Repair malformed input instead of failing: skip junk, supply a
    /// missing `;`, `(` or `)`, read legacy identifiers, keep a stray `]`
    /// in text, skip a game tree that cannot be repaired, ... Each repair
    /// is events plus a [`Warning`](crate::Warning)
    /// ([`Reader::take_warnings`]); see
    /// [`WarningKind`](crate::WarningKind) for the list. The only errors
    /// left are failed reads. Default `false`.
    ///
    /// ```
    /// use sgf_stream::{Event, ReaderBuilder, WarningKind};
    /// let mut reader = ReaderBuilder::new().lenient(true).from_slice(b"junk (;GM[1];B[pd]");
    /// let events: Vec<Event> = reader.by_ref().collect::<Result<_, _>>()?;
    /// assert_eq!(events.len(), 6); // ( ; GM ; B )
    /// let kinds: Vec<_> = reader.take_warnings().into_iter().map(|w| w.kind().clone()).collect();
    /// assert_eq!(kinds, [WarningKind::SkippedText, WarningKind::MissingClose(1)]);
    /// # Ok::<(), sgf_stream::Error>(())
    /// ```
    pub fn lenient(mut self, lenient: bool) -> Self {
        self.lenient = lenient;
        self
    }

    /// How the charset stage
    /// ([`from_reader_decoded`](Self::from_reader_decoded), and
    /// [`read_collection`](Self::read_collection)) chooses each game's
    /// charset. Default [`CharsetMode::Auto`]. The other sources read
    /// UTF-8 and ignore it.
    pub fn charset(mut self, mode: CharsetMode) -> Self {
        self.charset = mode;
        self
    }

    /// The limits set so far.
    pub fn get_limits(&self) -> Limits {
        self.limits
    }

    /// The charset mode set so far (see [`charset`](Self::charset)).
    ///
    /// ```
    /// use sgf_stream::{charset::CharsetMode, ReaderBuilder};
    /// assert_eq!(ReaderBuilder::new().get_charset(), CharsetMode::Auto);
    /// let utf8 = ReaderBuilder::new().charset(CharsetMode::Utf8);
    /// assert_eq!(utf8.get_charset(), CharsetMode::Utf8);
    /// ```
    pub fn get_charset(&self) -> CharsetMode {
        self.charset
    }

    /// A reader over a whole input in memory; its events borrow `input`.
    pub fn from_slice(self, input: &[u8]) -> Reader<Slice<'_>> {
        self.reader(Slice::new(input))
    }

    /// A reader over any [`io::Read`](std::io::Read).
    pub fn from_reader<R: Read>(self, reader: R) -> Reader<Stream<R>> {
        self.reader(Stream::new(reader, self.chunk))
    }

    /// A reader over any [`io::Read`](std::io::Read) through the charset
    /// stage ([`Decoded`]): each game's charset is decided (as
    /// [`charset`](Self::charset) says) from at most
    /// [`DECISION_PREFIX`](crate::charset::DECISION_PREFIX) bytes read
    /// ahead from its start, and its bytes decoded to UTF-8 a read at a
    /// time before the machine reads them. Memory stays bounded by the
    /// read size, the decision prefix and the longest token. Spans,
    /// errors and warnings ([`Reader::take_warnings`]) count bytes of the
    /// input as given; [`Reader::charset_report`] tells the current
    /// game's charset.
    ///
    /// ```
    /// use sgf_stream::{Event, ReaderBuilder};
    /// # #[cfg(feature = "encoding")] {
    /// use sgf_stream::{Charset};
    /// use sgf_stream::charset::{CharsetSource};
    /// // Two games, in Shift_JIS and in GB18030, one after the other.
    /// let (sjis, _, _) = encoding_rs::SHIFT_JIS.encode("(;CA[SJIS]C[表])");
    /// let (gbk, _, _) = encoding_rs::GB18030.encode("(;CA[GB2312]C[思谋])");
    /// let file = [&sjis[..], &gbk[..]].concat();
    /// let mut reader = ReaderBuilder::new().from_reader_decoded(&file[..]);
    /// let mut comments = Vec::new();
    /// let mut charsets = Vec::new();
    /// while let Some(event) = reader.next_event()? {
    ///     if let Event::Property(ident, values) = event {
    ///         if ident == "C" {
    ///             comments.push(values.first().text()?.into_owned());
    ///             charsets.push(reader.charset_report().charset);
    ///         }
    ///     }
    /// }
    /// assert_eq!(comments, ["表", "思谋"]);
    /// assert_eq!(charsets, [Charset::ShiftJis, Charset::Gb18030]);
    /// assert_eq!(reader.charset_report().source, CharsetSource::Declared);
    /// assert!(reader.take_warnings().is_empty());
    /// # }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_reader_decoded<R: Read>(self, reader: R) -> Reader<Decoded<R>> {
        self.reader(Decoded::new(reader, self.chunk, self.charset))
    }

    /// A reader of chunks handed over with [`Reader::feed`].
    pub fn pushed(self) -> Reader<Pushed> {
        self.reader(Pushed::default())
    }

    /// A reader over a shared buffer, whose events own their bytes.
    pub fn from_bytes(self, input: Bytes) -> Reader<Shared> {
        self.reader(Shared::new(input))
    }

    /// A reader over `source` with these options.
    fn reader<S: Source>(self, source: S) -> Reader<S> {
        let reader = Reader::with_source(source, self.limits);
        match self.lenient {
            true => reader.with_repairs(self.limits),
            false => reader,
        }
    }
}
