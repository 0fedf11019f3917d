//! [`StreamReader`]: the pull parser over any [`io::Read`](std::io::Read),
//! in memory bounded by the longest token rather than the input.

use std::io::Read;

use crate::builder::DEFAULT_CHUNK;
use crate::error::Error;
use crate::event::Event;
use crate::machine::{Limits, Token};
use crate::window::{Next, Window};

/// A pull parser that reads its input from an [`io::Read`](std::io::Read)
/// (a file, a decompressor, a socket, or a [`BufRead`](std::io::BufRead)).
///
/// It yields the same events and the same errors (kind, offset, line,
/// column) as the slice [`Parser`](crate::Parser): both drive one state
/// machine. Each event borrows the reader's internal buffer, so it lives
/// until the next call. The buffer holds the bytes of the token being read
/// plus one read's worth, so memory grows only with the longest property
/// (bounded by [`Limits::max_value_len`]), never with the input.
///
/// ```
/// use sgf_stream::{Event, StreamReader};
/// let file = &b"(;GM[1];B[pd];W[dp](;B[pp])(;B[dd]))"[..]; // any io::Read
/// let mut reader = StreamReader::new(file);
/// let mut moves = 0;
/// while let Some(event) = reader.read_event()? {
///     if let Event::Property(ident, _) = event {
///         moves += (ident == "B" || ident == "W") as usize;
///     }
/// }
/// assert_eq!(moves, 4);
/// # Ok::<(), sgf_stream::Error>(())
/// ```
///
/// Reading errors become [`ErrorKind::Io`](crate::ErrorKind::Io) at the
/// offset of the first byte that could not be read.
#[derive(Debug)]
pub struct StreamReader<R> {
    inner: R,
    window: Window,
    chunk: usize,
}

impl<R: Read> StreamReader<R> {
    /// A reader with the default [`Limits`] that reads 64 KiB at a time.
    /// Options are set with [`ParserBuilder`](crate::ParserBuilder).
    pub fn new(inner: R) -> Self {
        StreamReader::from_builder(inner, Limits::default(), DEFAULT_CHUNK)
    }

    pub(crate) fn from_builder(inner: R, limits: Limits, chunk: usize) -> Self {
        StreamReader {
            inner,
            window: Window::new(limits),
            chunk: chunk.max(1),
        }
    }

    /// The next event, or `None` at the end of the input.
    ///
    /// # Errors
    /// Malformed input, a broken limit, or a failed read. After an error
    /// (or the end) every call returns `Ok(None)`.
    #[inline(always)]
    pub fn read_event(&mut self) -> Result<Option<Event<'_>>, Error> {
        if let Some(found) = self.window.quick_scan() {
            return Ok(Some(self.window.quick_event(found)));
        }
        self.read_event_slow()
    }

    /// [`read_event`](Self::read_event) past the machine's hot path.
    #[inline(never)]
    fn read_event_slow(&mut self) -> Result<Option<Event<'_>>, Error> {
        // The hot path just said no: straight to the rest of the step.
        let (token, start, end) = match self.window.step_slow() {
            Next::Token(token, start, end) => (token, start, end),
            next => match self.read_more(next)? {
                Some(spanned) => spanned,
                None => return Ok(None),
            },
        };
        Ok(Some(self.window.event(token, start, end)))
    }

    /// Runs the machine, refilling the buffer when it needs more bytes.
    /// Returns the token's buffer offsets.
    #[inline]
    pub(crate) fn read_token(&mut self) -> Result<Option<(usize, usize, Token)>, Error> {
        match self.window.step() {
            Next::Token(token, start, end) => Ok(Some((start, end, token))),
            next => Ok(self
                .read_more(next)?
                .map(|(token, start, end)| (start, end, token))),
        }
    }

    /// Goes on after a step that gave no token: refills the buffer until
    /// a token comes, the input ends or an error stops it.
    #[cold]
    #[inline(never)]
    fn read_more(&mut self, mut next: Next) -> Result<Option<(Token, usize, usize)>, Error> {
        loop {
            match next {
                Next::Token(token, start, end) => return Ok(Some((token, start, end))),
                Next::End => return Ok(None),
                Next::Error(err) => return Err(err),
                Next::NeedMore => {
                    if let Err(err) = self.window.fill_from(&mut self.inner, self.chunk) {
                        return Err(self.window.fail_io(&err));
                    }
                }
            }
            next = self.window.step();
        }
    }

    /// The absolute byte offset where the next event will be looked for.
    pub fn position(&self) -> u64 {
        self.window.position()
    }

    /// How many game trees and variations are open.
    pub fn depth(&self) -> u32 {
        self.window.depth()
    }

    /// The underlying reader.
    pub fn get_ref(&self) -> &R {
        &self.inner
    }

    /// The underlying reader, mutably. Reading from it directly skips
    /// those bytes.
    pub fn get_mut(&mut self) -> &mut R {
        &mut self.inner
    }

    /// Gives back the underlying reader; bytes already buffered are lost.
    pub fn into_inner(self) -> R {
        self.inner
    }

    pub(crate) fn window(&self) -> &Window {
        &self.window
    }

    pub(crate) fn window_mut(&mut self) -> &mut Window {
        &mut self.window
    }
}
