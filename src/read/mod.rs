//! Reading: one [`Reader`] over every [`Source`] of bytes, driving the one
//! state machine of the SGF grammar.
//!
//! - [`Reader::from_slice`] (also spelled [`Parser::new`](crate::Parser)):
//!   a whole input in memory; events borrow it.
//! - [`Reader::from_reader`]: any [`io::Read`], in memory
//!   bounded by the longest token; events borrow the reader's buffer.
//! - [`Reader::pushed`]: chunks handed over with
//!   [`feed`](Reader::feed), for input that arrives in callbacks.
//! - [`Reader::from_bytes`]: a shared [`Bytes`] buffer;
//!   events own their bytes ([`OwnedEvent`]), `'static + Send`.
//! - [`Reader::from_reader_decoded`]: any [`io::Read`]
//!   through the charset stage ([`Decoded`]), which decides each game's
//!   charset and decodes it to UTF-8 before the machine sees it;
//!   [`DecodedInput`] and [`decode_to_utf8`] do the same for a whole
//!   input in memory.
//!
//! Every source gives the same events and the same errors (kind, offset,
//! line, column), with `u64` offsets from the start of the input. Options
//! (limits, read size) are set with [`ReaderBuilder`], which also builds
//! trees and game iterators.
//!
//! ```
//! use sgf_stream::{read::Reader, Event};
//! let file = &b"(;GM[1];B[pd];W[dp](;B[pp])(;B[dd]))"[..]; // any io::Read
//! let mut reader = Reader::from_reader(file);
//! let mut moves = 0;
//! while let Some(event) = reader.next_event()? {
//!     if let Event::Property(ident, _) = event {
//!         moves += (ident == "B" || ident == "W") as usize;
//!     }
//! }
//! assert_eq!(moves, 4);
//! # Ok::<(), sgf_stream::Error>(())
//! ```

mod batch;
mod config;
mod decoded;
mod lenient;
pub(crate) mod source;
#[cfg(test)]
mod tests;
mod whole;
mod window;

use std::io;
use std::ops::Range;

use bytes::Bytes;

pub use batch::{Batch, Batches, DecodedBatch, Piece, Rest, DEFAULT_MAX, DEFAULT_TARGET};
pub use config::{ReaderBuilder, DEFAULT_CHUNK};
pub use decoded::Decoded;
pub use source::{Pushed, Shared, Slice, Source, Stream};
pub use whole::{decode_to_utf8, DecodedInput};

use crate::error::{Error, ErrorKind};
use crate::event::{Event, OwnedEvent, PropIdent, RawValues};
use crate::ident::static_ident;
use crate::machine::{Limits, Machine, Quick, Step, Token};
use crate::warning::{Warning, WarningKind};
use lenient::{Lenient, Out, Stage};
use source::sealed::Buffer;

/// A pull reader of SGF events from a [`Source`] of bytes.
///
/// It yields [`Event`]s in file order and stops for good after the first
/// error; no allocation happens per event. See the [module docs](self)
/// for the sources, and [`Parser`](crate::Parser) for the one over a
/// slice.
#[derive(Debug, Clone)]
pub struct Reader<S> {
    source: S,
    core: Core,
    /// The lenient stage, when repairs are on.
    lenient: Option<Box<Lenient>>,
    warnings: Vec<Warning>,
}

/// The machine and where it stands in the source's bytes: the reader's
/// state apart from its source, so that the slow path can take the two
/// separately.
#[derive(Debug, Clone)]
pub(crate) struct Core {
    machine: Machine,
    /// Where the next token is looked for, in the source's bytes.
    pos: usize,
    done: bool,
}

/// What the machine found: a token of its hot path, or any token, as
/// offsets into the source's bytes.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Found {
    /// [`Machine::quick_scan`]'s find, ending at this offset.
    Quick(Quick, usize),
    /// A token spanning `start..end`.
    Token(Token, usize, usize),
}

impl Found {
    /// Where the token starts and ends.
    #[inline]
    pub(crate) fn span(self) -> (usize, usize) {
        match self {
            Found::Quick(Quick::Node(at), end) | Found::Quick(Quick::Property(at, _, _), end) => {
                (at, end)
            }
            Found::Token(_, start, end) => (start, end),
        }
    }

    /// The token, as the machine would have given it.
    #[inline]
    pub(crate) fn token(self) -> Token {
        match self {
            Found::Quick(Quick::Node(_), _) => Token::Node,
            Found::Quick(Quick::Property(_, values, _), _) => Token::Property {
                ident_end: values,
                values_start: values,
                count: 1,
            },
            Found::Token(token, _, _) => token,
        }
    }

    /// The event of this find in `buf`, the bytes it was found in.
    #[inline(always)]
    pub(crate) fn event(self, buf: &[u8]) -> Event<'_> {
        match self {
            Found::Quick(quick, end) => quick_event(buf, quick, end),
            Found::Token(token, start, end) => token_event(buf, token, start, end),
        }
    }
}

/// The event of the machine's hot-path find `quick`, ending at `end` of
/// `buf`.
#[inline(always)]
fn quick_event(buf: &[u8], quick: Quick, end: usize) -> Event<'_> {
    match quick {
        Quick::Node(_) => Event::Node,
        Quick::Property(_, values, ident) => {
            Event::Property(PropIdent::new(ident), RawValues::new(&buf[values..end], 1))
        }
    }
}

/// What the reader found next: a token of the machine (strict reading),
/// or an event of the lenient stage.
#[derive(Debug, Clone)]
pub(crate) enum Item {
    Found(Found),
    Out(Out),
}

/// Where a property found by the reader stands, for placing a builder's
/// repairs: its start and its values' start in the source's bytes, and
/// its values' start in the input.
#[derive(Debug, Clone, Copy)]
pub(crate) struct ItemPlace {
    start: usize,
    values: usize,
    values_input: u64,
}

/// The event for `token`, which spans `start..end` of `buf`.
#[inline(always)]
fn token_event(buf: &[u8], token: Token, start: usize, end: usize) -> Event<'_> {
    match token {
        Token::StartGameTree => Event::StartGameTree,
        Token::Node => Event::Node,
        Token::EndGameTree => Event::EndGameTree,
        Token::Property {
            ident_end,
            values_start,
            count,
        } => {
            let ident = ascii_str(&buf[start..ident_end]);
            let values = RawValues::new(&buf[values_start..end], count);
            Event::Property(PropIdent::new(ident), values)
        }
    }
}

/// The machine only accepts ASCII letters in identifiers. The one- and
/// two-letter ones (nearly all) come from static tables, with no UTF-8
/// validation call.
#[inline]
fn ascii_str(bytes: &[u8]) -> &str {
    match static_ident(bytes) {
        Some(ident) => ident,
        None => std::str::from_utf8(bytes).unwrap_or_default(),
    }
}

impl Core {
    /// The machine's hot path alone: a node or a short property right at
    /// the position, and where it ends; `None` (having changed nothing)
    /// when [`next_token`](Self::next_token) must be called.
    #[inline(always)]
    fn quick(&mut self, bytes: &[u8]) -> Option<(Quick, usize)> {
        let mut pos = self.pos;
        let quick = self.machine.quick_scan(bytes, &mut pos)?;
        self.pos = pos;
        Some((quick, pos))
    }

    /// The one loop that drives the machine past its hot path: steps,
    /// refills `source` when the machine needs more bytes, and stops for
    /// good at the end or at an error.
    #[inline(never)]
    fn next_token<S: Source>(
        &mut self,
        source: &mut S,
    ) -> Result<Option<(Token, usize, usize)>, Error> {
        self.step_on(source)
    }

    /// [`next_token`](Self::next_token) over a slice, which takes the
    /// input by value: the caller's copy of it stays in registers.
    #[inline(never)]
    fn next_slice_token(&mut self, input: &[u8]) -> Result<Option<(Token, usize, usize)>, Error> {
        self.step_on(&mut Slice::new(input))
    }

    #[inline(always)]
    fn step_on<S: Source>(
        &mut self,
        source: &mut S,
    ) -> Result<Option<(Token, usize, usize)>, Error> {
        loop {
            if self.done {
                return Ok(None);
            }
            let eof = source.is_eof();
            match self.machine.step_slow(source.bytes(), &mut self.pos, eof) {
                Step::Token(Token::EndGameTree, start, end) if self.machine.depth() == 0 => {
                    source.game_end(end);
                    return Ok(Some((Token::EndGameTree, start, end)));
                }
                Step::Token(token, start, end) => return Ok(Some((token, start, end))),
                Step::NeedMore if !eof => match source.fill(&mut self.pos) {
                    Ok(true) => {}
                    Ok(false) => return Ok(None),
                    Err(err) => {
                        let position = source.position(source.bytes().len());
                        self.stop();
                        return Err(Error::io(err, position));
                    }
                },
                Step::NeedMore | Step::End => self.done = true,
                Step::Error(kind, at) => return Err(self.fail(source, kind, at)),
            }
        }
    }

    /// Stops reading with an error of `kind` at offset `at` of the
    /// source's bytes: the one place that positions errors.
    #[cold]
    #[inline(never)]
    fn fail<S: Source>(&mut self, source: &mut S, kind: ErrorKind, at: usize) -> Error {
        self.stop();
        Error::new(kind, source.position(at))
    }

    fn stop(&mut self) {
        self.done = true;
        self.machine.halt();
    }
}

impl<S: Source> Reader<S> {
    pub(crate) fn with_source(source: S, limits: Limits) -> Self {
        Reader {
            source,
            core: Core {
                machine: Machine::new(limits),
                pos: 0,
                done: false,
            },
            lenient: None,
            warnings: Vec::new(),
        }
    }

    /// This reader with repairs on: see [`ReaderBuilder::lenient`].
    pub(crate) fn with_repairs(mut self, limits: Limits) -> Self {
        self.lenient = Some(Box::new(Lenient::new(limits)));
        self
    }

    /// Whether the reader repairs malformed input instead of failing.
    pub fn is_lenient(&self) -> bool {
        self.lenient.is_some()
    }

    /// The lenient stage's next event, by offsets.
    #[inline(never)]
    fn next_out(&mut self) -> Result<Option<Out>, Error> {
        let Some(state) = self.lenient.as_deref_mut() else {
            return Ok(None);
        };
        let mut stage = Stage::new(state, &mut self.core, &mut self.source, &mut self.warnings);
        stage.next_out()
    }

    /// The next event as offsets, strict or lenient: what builders take.
    #[inline(always)]
    pub(crate) fn next_item(&mut self) -> Result<Option<Item>, Error> {
        if self.lenient.is_some() {
            return Ok(self.next_out()?.map(Item::Out));
        }
        Ok(self.next_found()?.map(Item::Found))
    }

    /// The event of `item`, found by [`next_item`](Self::next_item), over
    /// the source's bytes, with its span.
    #[inline(always)]
    pub(crate) fn item_event(&self, item: Item) -> (Event<'_>, Range<u64>) {
        let bytes = self.source.bytes();
        match item {
            Item::Found(found) => {
                let (start, end) = found.span();
                let span = self.source.absolute(start)..self.source.absolute(end);
                (found.event(bytes), span)
            }
            Item::Out(out) => out.event(bytes, self.source.stream_offset(0)),
        }
    }

    /// Where `item` (a property) and its values start in the source's
    /// bytes, and its values in the input.
    pub(crate) fn item_place(&self, item: &Item) -> ItemPlace {
        let base = self.source.stream_offset(0);
        let (start, values) = match item {
            Item::Found(found) => match found.token() {
                Token::Property { values_start, .. } => (found.span().0, values_start),
                _ => (found.span().0, found.span().0),
            },
            Item::Out(out) => match out.place() {
                Some((start, values)) => ((start - base) as usize, (values - base) as usize),
                None => (0, 0),
            },
        };
        ItemPlace {
            start,
            values,
            values_input: self.source.absolute(values),
        }
    }

    /// Whether the lenient stage abandoned a game tree since the last
    /// call: its events were closed early, and a builder drops it.
    pub(crate) fn take_abandoned(&mut self) -> bool {
        self.lenient
            .as_deref_mut()
            .is_some_and(Lenient::take_abandoned)
    }

    /// The next token: the machine's hot path inlined here, the rest out
    /// of line.
    #[inline(always)]
    pub(crate) fn next_found(&mut self) -> Result<Option<Found>, Error> {
        if let Some((quick, end)) = self.core.quick(self.source.bytes()) {
            return Ok(Some(Found::Quick(quick, end)));
        }
        let token = self.core.next_token(&mut self.source)?;
        Ok(token.map(|(token, start, end)| Found::Token(token, start, end)))
    }

    /// Stops reading with an error of `kind` at offset `at` of the
    /// source's bytes.
    #[cold]
    pub(crate) fn fail(&mut self, kind: ErrorKind, at: usize) -> Error {
        self.core.fail(&mut self.source, kind, at)
    }

    /// The next event borrowing the source's bytes (the input for a
    /// slice, the buffer for a stream), with its byte range.
    #[inline(always)]
    pub(crate) fn next_buffered(&mut self) -> Result<Option<(Event<'_>, Range<u64>)>, Error> {
        let item = self.next_item()?;
        Ok(item.map(|item| self.item_event(item)))
    }

    /// The absolute byte offset where the next event will be looked for.
    pub fn position(&self) -> u64 {
        self.source.absolute(self.core.pos)
    }

    /// How many game trees and variations are open.
    pub fn depth(&self) -> u32 {
        self.core.machine.depth()
    }

    /// Whether reading stopped for good, at the end or at an error.
    pub fn is_done(&self) -> bool {
        self.core.done
    }

    /// The source.
    pub fn source(&self) -> &S {
        &self.source
    }

    /// Takes the warnings found since the last call, up to where the
    /// reader stands: what the source found wrong or replaced (the
    /// charset stage: an unknown or wrong `CA`, invalid bytes), then what
    /// the lenient stage repaired. After an error, those past it are not
    /// taken.
    pub fn take_warnings(&mut self) -> Vec<Warning> {
        let mut warnings = Vec::new();
        self.source.drain_warnings(self.core.pos, &mut warnings);
        warnings.append(&mut self.warnings);
        warnings
    }

    /// Adds a warning of `kind` about the input bytes `range`, in the
    /// property `place` ([`item_place`](Self::item_place)) still
    /// buffered: a builder's repair. A range before the values is placed
    /// at the property's start.
    pub(crate) fn warn_in(&mut self, kind: WarningKind, range: Range<u64>, place: ItemPlace) {
        let at = match range.start.checked_sub(place.values_input) {
            Some(inside) => place.values + inside as usize,
            None => place.start,
        };
        let position = self.source.position(at);
        self.warnings.push(Warning::new(kind, position, range));
    }

    pub(crate) fn source_mut(&mut self) -> &mut S {
        &mut self.source
    }

    /// The source's bytes, which found tokens are offsets into.
    #[inline(always)]
    pub(crate) fn source_bytes(&self) -> &[u8] {
        self.source.bytes()
    }

    /// Offset `at` of the source's bytes as an offset in the stream of
    /// bytes the machine reads (the decoded text, under the charset
    /// stage): what a builder keeping a game's bytes counts in. Errors
    /// are placed in the input by [`fail`](Self::fail).
    pub(crate) fn absolute(&self, at: usize) -> u64 {
        self.source.stream_offset(at)
    }

    /// The source, given back.
    pub(crate) fn into_source(self) -> S {
        self.source
    }
}

impl<'a> Reader<Slice<'a>> {
    /// A reader over a whole input in memory, with the default
    /// [`Limits`]; its events borrow `input`.
    pub fn from_slice(input: &'a [u8]) -> Self {
        Reader::with_source(Slice::new(input), Limits::default())
    }

    /// [`from_slice`](Self::from_slice), under the name
    /// [`Parser`](crate::Parser) is known by: `Parser::new(input)`.
    pub fn new(input: &'a [u8]) -> Self {
        Reader::from_slice(input)
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

impl<R: io::Read> Reader<Stream<R>> {
    /// A reader over any [`io::Read`] with the default [`Limits`], reading
    /// [`DEFAULT_CHUNK`] bytes at a time. Reading errors are
    /// [`ErrorKind::Io`] at the offset of the first byte not read, with
    /// the [`io::Error`] as their [source](std::error::Error::source).
    pub fn from_reader(inner: R) -> Self {
        Reader::with_source(Stream::new(inner, DEFAULT_CHUNK), Limits::default())
    }

    /// The next event, or `None` at the end of the input. It borrows the
    /// reader's buffer, so it lives until the next call.
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

    /// The next event with its absolute byte range.
    ///
    /// # Errors
    /// As [`next_event`](Self::next_event).
    pub fn next_spanned(&mut self) -> Result<Option<(Event<'_>, Range<u64>)>, Error> {
        self.next_buffered()
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

    /// The next event the input fed so far completes; `Ok(None)` when
    /// more input is needed or, once [finished](Self::finish), at the end
    /// ([`is_done`](Self::is_done) tells which).
    ///
    /// # Errors
    /// Malformed input or a broken limit; after an error every call
    /// returns `Ok(None)`.
    #[inline(always)]
    pub fn next_event(&mut self) -> Result<Option<Event<'_>>, Error> {
        if self.lenient.is_some() {
            return Ok(self.next_buffered()?.map(|(event, _)| event));
        }
        let found = self.next_found()?;
        Ok(found.map(|found| found.event(self.source.bytes())))
    }

    /// The next event with its absolute byte range.
    ///
    /// # Errors
    /// As [`next_event`](Self::next_event).
    pub fn next_spanned(&mut self) -> Result<Option<(Event<'_>, Range<u64>)>, Error> {
        self.next_buffered()
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
