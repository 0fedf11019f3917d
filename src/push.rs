//! [`PushParser`]: for callers that receive the input in chunks (network
//! callbacks, decompressors) and cannot hand over an `io::Read`.

use crate::error::Error;
use crate::event::Event;
use crate::machine::Limits;
use crate::window::{Next, Window};

/// A parser that is fed chunks of input and yields the events they
/// complete.
///
/// A token, an escape or a CRLF pair may be split anywhere between chunks.
/// Events and errors are exactly those of the slice
/// [`Parser`](crate::Parser) (the same state machine), with absolute
/// offsets. Only the bytes of an unfinished token are kept between chunks.
///
/// ```
/// use sgf_stream::{Event, PushParser};
/// let mut parser = PushParser::new();
/// let mut idents = Vec::new();
/// for chunk in [&b"(;B[p"[..], b"d];W", b"[dp])"] {
///     parser.feed(chunk);
///     while let Some(event) = parser.next_event()? {
///         if let Event::Property(ident, _) = event {
///             idents.push(ident.to_string());
///         }
///     }
/// }
/// parser.finish()?; // Err if the input was cut short
/// assert!(parser.next_event()?.is_none());
/// assert_eq!(idents, ["B", "W"]);
///
/// // A truncated input is an error at its end.
/// let mut parser = PushParser::new();
/// parser.feed(b"(;B[pd]");
/// while parser.next_event()?.is_some() {}
/// let err = parser.finish().unwrap_err();
/// assert!(err.is_eof());
/// # Ok::<(), sgf_stream::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct PushParser {
    window: Window,
}

impl Default for PushParser {
    fn default() -> Self {
        PushParser::new()
    }
}

impl PushParser {
    /// A parser with the default [`Limits`]; see
    /// [`ParserBuilder`](crate::ParserBuilder) for others.
    pub fn new() -> Self {
        PushParser::with_limits(Limits::default())
    }

    pub(crate) fn with_limits(limits: Limits) -> Self {
        PushParser {
            window: Window::new(limits),
        }
    }

    /// Adds the next chunk of input.
    ///
    /// # Panics
    /// If called after [`finish`](Self::finish).
    pub fn feed(&mut self, chunk: &[u8]) {
        assert!(!self.window.is_eof(), "PushParser::feed after finish");
        self.window.extend(chunk);
    }

    /// The next event the input fed so far completes; `Ok(None)` when more
    /// input is needed or, after [`finish`](Self::finish), at the end.
    ///
    /// # Errors
    /// Malformed input or a broken limit; after an error every call
    /// returns `Ok(None)`.
    #[inline]
    pub fn next_event(&mut self) -> Result<Option<Event<'_>>, Error> {
        match self.window.step() {
            Next::Token(token, start, end) => Ok(Some(self.window.event(token, start, end))),
            Next::NeedMore | Next::End => Ok(None),
            Next::Error(err) => Err(err),
        }
    }

    /// Says that the input is complete, and checks its rest.
    ///
    /// Events that only the end completes (a last property, say) are still
    /// returned by [`next_event`](Self::next_event) afterwards.
    ///
    /// # Errors
    /// The error that parsing the rest of the input ends with, typically a
    /// truncated input ([`Error::is_eof`]); or the error parsing already
    /// stopped at.
    pub fn finish(&mut self) -> Result<(), Error> {
        self.window.set_eof();
        self.window.check_rest()
    }

    /// Whether [`finish`](Self::finish) was called.
    pub fn is_finished(&self) -> bool {
        self.window.is_eof()
    }

    /// Whether parsing stopped, at the end or at an error.
    pub fn is_done(&self) -> bool {
        self.window.is_done()
    }

    /// The error parsing stopped at, if any.
    pub fn error(&self) -> Option<&Error> {
        self.window.failed()
    }

    /// The absolute byte offset where the next event will be looked for.
    pub fn position(&self) -> u64 {
        self.window.position()
    }

    /// How many game trees and variations are open.
    pub fn depth(&self) -> u32 {
        self.window.depth()
    }

    /// How many bytes are held (the unfinished token, and events not yet
    /// taken).
    pub fn buffered(&self) -> usize {
        self.window.buffered()
    }
}
