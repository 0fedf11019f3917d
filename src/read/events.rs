//! The next-event methods of each source's [`Reader`]: events that
//! borrow a slice, a stream's buffer, or own their bytes.

use std::io;
use std::ops::Range;

use bytes::Bytes;

use super::source::Buffered;
use super::{quick_event, token_event, Item, Pushed, Reader, Shared, Slice, Stream, DEFAULT_CHUNK};
use crate::error::Error;
use crate::event::{Event, OwnedEvent};
use crate::machine::Limits;

impl<'a> Reader<Slice<'a>> {
    /// A reader over a whole input in memory, with the default
    /// [`Limits`]; its events borrow `input`. Known as `Parser::new`
    /// ([`Parser`](crate::Parser)); with other options,
    /// [`ReaderBuilder::from_slice`](crate::ReaderBuilder::from_slice).
    pub fn new(input: &'a [u8]) -> Self {
        Reader::with_source(Slice::new(input), Limits::default())
    }

    /// The next event, or `None` at the end.
    ///
    /// # Errors
    /// Malformed input or a broken limit; after an error (or the end)
    /// every call returns `Ok(None)`.
    #[inline(always)]
    pub fn next_event(&mut self) -> Result<Option<Event<'a>>, Error> {
        let input = self.source.input;
        if self.lenient.is_some() {
            return Ok(self.next_out()?.map(|out| out.event(input, 0).0));
        }
        if let Some((quick, end)) = self.core.quick(input) {
            return Ok(Some(quick_event(input, quick, end)));
        }
        let token = self.core.next_slice_token(input)?;
        Ok(token.map(|(token, start, end)| token_event(input, token, start, end)))
    }

    /// The next event with the byte range it covers in the input.
    ///
    /// # Errors
    /// As [`next_event`](Self::next_event).
    #[inline(always)]
    pub fn next_spanned(&mut self) -> Result<Option<(Event<'a>, Range<u64>)>, Error> {
        let input = self.source.input;
        Ok(match self.next_item()? {
            None => None,
            Some(Item::Out(out)) => Some(out.event(input, 0)),
            Some(Item::Found(found)) => {
                let (start, end) = found.span();
                Some((found.event(input), start as u64..end as u64))
            }
        })
    }

    /// The input this reader reads.
    pub fn get_ref(&self) -> &'a [u8] {
        self.source.input
    }

    /// Turns the reader into an iterator of events with the byte range
    /// each one covers in the input.
    ///
    /// ```
    /// use sgf_stream::Parser;
    /// let spans: Vec<_> = Parser::new(b"(;B[aa] )")
    ///     .into_spans()
    ///     .map(|item| item.map(|(_, span)| span))
    ///     .collect::<Result<_, _>>()?;
    /// assert_eq!(spans, [0..1, 1..2, 2..7, 8..9]);
    /// # Ok::<(), sgf_stream::Error>(())
    /// ```
    pub fn into_spans(self) -> Spans<'a> {
        Spans { reader: self }
    }
}

/// Iterator of events with their byte ranges; see
/// [`Reader::into_spans`].
#[derive(Debug, Clone)]
pub struct Spans<'a> {
    reader: Reader<Slice<'a>>,
}

impl<'a> Iterator for Spans<'a> {
    type Item = Result<(Event<'a>, Range<u64>), Error>;

    fn next(&mut self) -> Option<Self::Item> {
        self.reader.next_spanned().transpose()
    }
}

impl std::iter::FusedIterator for Spans<'_> {}

impl<'a> Iterator for Reader<Slice<'a>> {
    type Item = Result<Event<'a>, Error>;

    #[inline(always)]
    fn next(&mut self) -> Option<Self::Item> {
        let input = self.source.input;
        if self.lenient.is_some() {
            return self.next_event().transpose();
        }
        if let Some((quick, end)) = self.core.quick(input) {
            return Some(Ok(quick_event(input, quick, end)));
        }
        let token = self.core.next_slice_token(input).transpose()?;
        Some(token.map(|(token, start, end)| token_event(input, token, start, end)))
    }
}

impl std::iter::FusedIterator for Reader<Slice<'_>> {}

/// The readers whose events borrow the reader's buffer: over a stream, a
/// charset stage, pushed chunks.
impl<S: Buffered> Reader<S> {
    /// The next event, or `None` at the end of the input. It borrows the
    /// reader's buffer, so it lives until the next call. Over pushed
    /// chunks, `None` also when more input is needed
    /// ([`is_done`](Reader::is_done) tells which).
    ///
    /// # Errors
    /// Malformed input, a broken limit, or a failed read; after an error
    /// (or the end) every call returns `Ok(None)`.
    #[inline(always)]
    pub fn next_event(&mut self) -> Result<Option<Event<'_>>, Error> {
        if self.lenient.is_some() {
            return Ok(self.next_buffered()?.map(|(event, _)| event));
        }
        let found = self.next_found()?;
        Ok(found.map(|found| found.event(self.source.bytes())))
    }

    /// The next event with its byte range in the input.
    ///
    /// # Errors
    /// As [`next_event`](Self::next_event).
    pub fn next_spanned(&mut self) -> Result<Option<(Event<'_>, Range<u64>)>, Error> {
        self.next_buffered()
    }
}

impl<R: io::Read> Reader<Stream<R>> {
    /// A reader over any [`io::Read`] with the default [`Limits`], reading
    /// [`DEFAULT_CHUNK`] bytes at a time. Reading errors are
    /// [`ErrorKind::Io`](crate::ErrorKind::Io) at the offset of the first byte not read, with
    /// the [`io::Error`] as their [source](std::error::Error::source).
    pub fn from_reader(inner: R) -> Self {
        Reader::with_source(Stream::new(inner, DEFAULT_CHUNK), Limits::default())
    }

    /// The underlying reader.
    pub fn get_ref(&self) -> &R {
        &self.source.inner
    }

    /// The underlying reader, mutably. Reading from it directly skips
    /// those bytes.
    pub fn get_mut(&mut self) -> &mut R {
        &mut self.source.inner
    }

    /// Gives back the underlying reader; bytes already buffered are lost.
    pub fn into_inner(self) -> R {
        self.source.inner
    }
}

impl Reader<Pushed> {
    /// A reader of chunks handed over with [`feed`](Self::feed), with the
    /// default [`Limits`].
    ///
    /// A token, an escape or a CRLF pair may be split anywhere between
    /// chunks; only the bytes of an unfinished token are kept.
    ///
    /// ```
    /// use sgf_stream::{read::Reader, Event};
    /// let mut reader = Reader::pushed();
    /// let mut idents = Vec::new();
    /// for chunk in [&b"(;B[p"[..], b"d];W", b"[dp])"] {
    ///     reader.feed(chunk);
    ///     while let Some(event) = reader.next_event()? {
    ///         if let Event::Property(ident, _) = event {
    ///             idents.push(ident.to_string());
    ///         }
    ///     }
    /// }
    /// reader.finish();
    /// while reader.next_event()?.is_some() {}
    /// assert_eq!(idents, ["B", "W"]);
    ///
    /// // A truncated input is an error at its end, once finished.
    /// let mut reader = Reader::pushed();
    /// reader.feed(b"(;B[pd]");
    /// reader.finish();
    /// let err = loop {
    ///     if let Err(err) = reader.next_event() { break err; }
    /// };
    /// assert!(err.is_eof());
    /// # Ok::<(), sgf_stream::Error>(())
    /// ```
    pub fn pushed() -> Self {
        Reader::with_source(Pushed::default(), Limits::default())
    }

    /// Adds the next chunk of input.
    ///
    /// # Panics
    /// If called after [`finish`](Self::finish).
    pub fn feed(&mut self, chunk: &[u8]) {
        assert!(!self.source.window.is_eof(), "Reader::feed after finish");
        let mut keep = self.core.pos;
        if let Some(state) = &self.lenient {
            let base = self.source.window.absolute(0);
            let from = state.keep_from(base + keep as u64);
            keep = keep.min(from.saturating_sub(base) as usize);
        }
        let before = keep;
        self.source.window.extend(chunk, &mut keep);
        self.core.pos -= before - keep;
    }

    /// Says that the input is complete: the events and the error that
    /// only the end decides (a last `)`, a truncated input) come from
    /// [`next_event`](Self::next_event) afterwards.
    pub fn finish(&mut self) {
        self.source.window.set_eof();
    }

    /// Whether [`finish`](Self::finish) was called.
    pub fn is_finished(&self) -> bool {
        self.source.window.is_eof()
    }

    /// How many bytes are held (the unfinished token, and events not yet
    /// taken).
    pub fn buffered(&self) -> usize {
        self.source.window.buffered()
    }
}

impl Reader<Shared> {
    /// A reader over a shared buffer with the default [`Limits`]; its
    /// events own their bytes as slices of `input` (two refcount
    /// increments per property, no copy).
    pub fn from_bytes(input: Bytes) -> Self {
        Reader::with_source(Shared::new(input), Limits::default())
    }

    /// The next event, or `None` at the end.
    ///
    /// # Errors
    /// Malformed input or a broken limit; after an error (or the end)
    /// every call returns `Ok(None)`.
    pub fn next_event(&mut self) -> Result<Option<OwnedEvent>, Error> {
        let item = self.next_item()?;
        Ok(item.map(|item| {
            let (event, _) = self.item_event(item);
            OwnedEvent::new(&self.source.input, &event)
        }))
    }

    /// The input buffer.
    pub fn get_ref(&self) -> &Bytes {
        &self.source.input
    }
}

impl Iterator for Reader<Shared> {
    type Item = Result<OwnedEvent, Error>;

    fn next(&mut self) -> Option<Self::Item> {
        self.next_event().transpose()
    }
}

impl std::iter::FusedIterator for Reader<Shared> {}
