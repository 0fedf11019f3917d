//! Reading: one [`Reader`] over every [`Source`] of bytes, driving the one
//! state machine of the SGF grammar.
//!
//! - [`Parser::new`](crate::Parser) (`Reader::<Slice>::new`):
//!   a whole input in memory; events borrow it.
//! - [`Reader::from_reader`]: any [`io::Read`](std::io::Read), in memory
//!   bounded by the longest token; events borrow the reader's buffer.
//! - [`Reader::pushed`]: chunks handed over with
//!   [`feed`](Reader::feed), for input that arrives in callbacks.
//! - [`Reader::from_bytes`]: a shared [`Bytes`](bytes::Bytes) buffer;
//!   events own their bytes ([`OwnedEvent`](crate::event::OwnedEvent)), `'static + Send`.
//! - [`Reader::from_reader_decoded`]: any [`io::Read`](std::io::Read)
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
mod events;
mod found;
mod lenient;
mod line_index;
pub(crate) mod source;
#[cfg(test)]
mod tests;
mod whole;
mod window;

use std::ops::Range;

pub use crate::error::LineCounter;
pub use batch::{Batch, Batches, DecodedBatch, Piece, Rest, DEFAULT_MAX, DEFAULT_TARGET};
pub use config::{ReaderBuilder, DEFAULT_CHUNK};
pub use decoded::Decoded;
pub use events::Spans;
pub use line_index::LineIndex;
pub use source::{Buffered, Pushed, Shared, Slice, Source, Stream, Whole};
pub use whole::{decode_to_utf8, DecodedInput};

pub(crate) use found::{Found, Item, ItemPlace};

use crate::error::{Error, ErrorKind};
use crate::event::Event;
use crate::machine::{Limits, Machine, Quick, Step, Token};
use crate::warning::{Warning, WarningKind};
use found::{quick_event, token_event};
use lenient::{Lenient, Out, Stage};

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

    /// Whether the lenient reader gave up a game tree since the last
    /// call (a game over a limit, or one it could not repair). The events
    /// it gave of that game before are all there will be: the event just
    /// returned is the first `EndGameTree` of those that close it where it
    /// stopped, up to the game's last. A [`WarningKind::SkippedGameTree`]
    /// warning names its bytes. The tree builders drop such a game; a
    /// caller counting games or writing them as it reads can do the same.
    /// Always `false` for a strict reader, which stops with an error
    /// instead.
    ///
    /// ```
    /// use sgf_stream::{Event, ReaderBuilder};
    ///
    /// let input = b"(;GM[1])(;C[a very long comment])(;GM[1])";
    /// let mut reader = ReaderBuilder::new().max_value_len(8).lenient(true).from_slice(input);
    /// let (mut games, mut depth) = (0, 0);
    /// while let Some(event) = reader.next_event().unwrap() {
    ///     if reader.take_abandoned() {
    ///         games -= 1;
    ///     }
    ///     match event {
    ///         Event::StartGameTree => {
    ///             depth += 1;
    ///             games += i32::from(depth == 1);
    ///         }
    ///         Event::EndGameTree => depth -= 1,
    ///         _ => {}
    ///     }
    /// }
    /// assert_eq!(games, 2);
    /// ```
    pub fn take_abandoned(&mut self) -> bool {
        self.lenient
            .as_deref_mut()
            .is_some_and(Lenient::take_abandoned)
    }

    /// The next token: the machine's hot path inlined here, the rest out
    /// of line.
    #[inline(always)]
    pub(crate) fn next_found(&mut self) -> Result<Option<Found>, Error> {
        if let Some((quick, end)) = self.next_quick() {
            return Ok(Some(Found::Quick(quick, end)));
        }
        let token = self.next_slow_token()?;
        Ok(token.map(|(token, start, end)| Found::Token(token, start, end)))
    }

    /// The machine's hot-path find and where it ends, if the next token
    /// is one; `None` (having changed nothing) when
    /// [`next_slow_token`](Self::next_slow_token) must be called. With
    /// it, a builder matches on the find where it is made.
    #[inline(always)]
    pub(crate) fn next_quick(&mut self) -> Option<(Quick, usize)> {
        self.core.quick(self.source.bytes())
    }

    /// The next token past the hot path, as offsets.
    #[inline(always)]
    pub(crate) fn next_slow_token(&mut self) -> Result<Option<(Token, usize, usize)>, Error> {
        self.core.next_token(&mut self.source)
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
