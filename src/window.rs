//! The buffer that both streaming parsers ([`StreamReader`] and
//! [`PushParser`]) fill: the bytes not yet consumed, where they sit in the
//! whole input, and the one [`Machine`] that scans them.
//!
//! The window only refills and forgets bytes; the grammar is the machine's.
//!
//! [`StreamReader`]: crate::StreamReader
//! [`PushParser`]: crate::PushParser

use crate::error::{Error, ErrorKind, LineCounter};
use crate::event::Event;
use crate::machine::{Limits, Machine, Quick, Step, Token};
use crate::parser::{event_from_token, property_event};

/// The unconsumed tail of a stream, and the machine scanning it.
#[derive(Debug, Clone)]
pub(crate) struct Window {
    /// Buffered bytes, `buf[..filled]`; `buf[pos..filled]` are not
    /// consumed yet. The rest is room for the next read, kept between
    /// reads so that it is zeroed once, not at every read.
    buf: Vec<u8>,
    filled: usize,
    pos: usize,
    /// The absolute offset of `buf[0]`.
    base: u64,
    /// Lines and columns counted up to `base`.
    lines: LineCounter,
    machine: Machine,
    eof: bool,
    /// The error that stopped parsing, if any.
    failed: Option<Error>,
    /// Bytes from this buffer offset on are kept (a game being captured).
    keep: Option<usize>,
    done: bool,
}

/// What [`Window::step`] found: a token (offsets into the buffer), a need
/// for more bytes, the end, or an error with its absolute position.
#[derive(Debug)]
pub(crate) enum Next {
    Token(Token, usize, usize),
    NeedMore,
    End,
    Error(Error),
}

impl Window {
    pub(crate) fn new(limits: Limits) -> Self {
        Window {
            buf: Vec::new(),
            filled: 0,
            pos: 0,
            base: 0,
            lines: LineCounter::default(),
            machine: Machine::new(limits),
            eof: false,
            failed: None,
            keep: None,
            done: false,
        }
    }

    /// Runs the machine once over the buffered bytes.
    #[inline(always)]
    pub(crate) fn step(&mut self) -> Next {
        if self.done {
            return Next::End;
        }
        match self
            .machine
            .step(&self.buf[..self.filled], &mut self.pos, self.eof)
        {
            Step::Token(token, start, end) => Next::Token(token, start, end),
            step => self.stopped(step),
        }
    }

    /// [`step`](Self::step) without the machine's hot path, for a caller
    /// that just tried [`quick`](Self::quick).
    #[inline]
    pub(crate) fn step_slow(&mut self) -> Next {
        if self.done {
            return Next::End;
        }
        let buf = &self.buf[..self.filled];
        match self.machine.step_slow(buf, &mut self.pos, self.eof) {
            Step::Token(token, start, end) => Next::Token(token, start, end),
            step => self.stopped(step),
        }
    }

    /// The machine's hot path alone (see [`Machine::quick_scan`]); the
    /// find becomes an event with [`quick_event`](Self::quick_event).
    #[inline(always)]
    pub(crate) fn quick_scan(&mut self) -> Option<Quick> {
        self.machine
            .quick_scan(&self.buf[..self.filled], &mut self.pos)
    }

    /// The event of what [`quick_scan`](Self::quick_scan) just found.
    #[inline(always)]
    pub(crate) fn quick_event(&self, found: Quick) -> Event<'_> {
        match found {
            Quick::Node(_) => Event::Node,
            Quick::Property(at, _, ident) => {
                property_event(&self.buf[..self.filled], ident, at + ident.len(), self.pos)
            }
        }
    }

    /// What a step that gave no token means for the caller.
    #[cold]
    #[inline(never)]
    fn stopped(&mut self, step: Step) -> Next {
        match step {
            Step::Token(token, start, end) => Next::Token(token, start, end),
            Step::NeedMore if !self.eof => Next::NeedMore,
            Step::NeedMore | Step::End => {
                self.done = true;
                Next::End
            }
            Step::Error(kind, at) => Next::Error(self.fail(kind, at)),
        }
    }

    #[inline]
    pub(crate) fn event(&self, token: Token, start: usize, end: usize) -> Event<'_> {
        event_from_token(&self.buf[..self.filled], token, start, end)
    }

    /// Stops parsing with an error of `kind` at buffer offset `at`.
    #[cold]
    pub(crate) fn fail(&mut self, kind: ErrorKind, at: usize) -> Error {
        let err = self.error_at(kind, at);
        self.done = true;
        self.machine.halt();
        self.failed = Some(err.clone());
        err
    }

    /// An error of `kind` at buffer offset `at`, with its line and column.
    #[cold]
    pub(crate) fn error_at(&self, kind: ErrorKind, at: usize) -> Error {
        let mut lines = self.lines;
        lines.advance(&self.buf[..at.min(self.filled)]);
        Error::new(kind, lines.position())
    }

    /// Stops parsing because reading failed after every buffered byte.
    #[cold]
    pub(crate) fn fail_io(&mut self, err: &std::io::Error) -> Error {
        self.fail(ErrorKind::Io(err.to_string()), self.filled)
    }

    /// The error that stopped parsing, if one did.
    pub(crate) fn failed(&self) -> Option<&Error> {
        self.failed.as_ref()
    }

    /// Forgets consumed bytes (those before a kept mark stay) once they
    /// are at least half of the buffer, so each byte moves a bounded number
    /// of times.
    pub(crate) fn compact(&mut self) {
        let drop = self.keep.map_or(self.pos, |keep| keep.min(self.pos));
        if drop == 0 || drop * 2 < self.filled {
            return;
        }
        self.lines.advance(&self.buf[..drop]);
        crate::work::count(self.filled - drop);
        self.base += drop as u64;
        self.buf.copy_within(drop..self.filled, 0);
        self.filled -= drop;
        self.pos -= drop;
        self.keep = self.keep.map(|keep| keep - drop);
    }

    /// Keeps the bytes from buffer offset `at` on, until
    /// [`take_kept`](Self::take_kept).
    pub(crate) fn keep_from(&mut self, at: usize) {
        self.keep = Some(at);
    }

    /// The kept bytes up to buffer offset `end`, and the absolute offset
    /// of the first one; stops keeping.
    pub(crate) fn take_kept(&mut self, end: usize) -> (&[u8], u64) {
        let keep = self.keep.take().unwrap_or(end);
        (&self.buf[keep..end], self.base + keep as u64)
    }

    /// The absolute offset of buffer offset `at`.
    pub(crate) fn absolute(&self, at: usize) -> u64 {
        self.base + at as u64
    }

    /// Appends `bytes` after the buffered ones.
    pub(crate) fn extend(&mut self, bytes: &[u8]) {
        self.compact();
        crate::work::count(bytes.len());
        self.buf.truncate(self.filled);
        self.buf.extend_from_slice(bytes);
        self.filled = self.buf.len();
    }

    /// Reads once from `reader` into room for `chunk` more bytes; `Ok(0)`
    /// means the end of the input.
    pub(crate) fn fill_from(
        &mut self,
        reader: &mut impl std::io::Read,
        chunk: usize,
    ) -> std::io::Result<usize> {
        self.compact();
        let (start, end) = (self.filled, self.filled + chunk.max(1));
        if self.buf.len() < end {
            crate::work::count(end - self.buf.len());
            self.buf.resize(end, 0);
        }
        loop {
            match reader.read(&mut self.buf[start..end]) {
                Ok(n) => {
                    crate::work::count(n + 1);
                    self.filled += n.min(end - start);
                    self.eof |= n == 0;
                    return Ok(n);
                }
                Err(err) if err.kind() == std::io::ErrorKind::Interrupted => {}
                Err(err) => return Err(err),
            }
        }
    }

    /// Says that no bytes will follow the buffered ones.
    pub(crate) fn set_eof(&mut self) {
        self.eof = true;
    }

    pub(crate) fn is_eof(&self) -> bool {
        self.eof
    }

    /// Whether parsing stopped (at the end or at an error).
    pub(crate) fn is_done(&self) -> bool {
        self.done
    }

    /// Checks what is buffered as if it were the rest of the input,
    /// without consuming anything: the error parsing would end with.
    pub(crate) fn check_rest(&self) -> Result<(), Error> {
        if let Some(err) = &self.failed {
            return Err(err.clone());
        }
        let mut machine = self.machine.clone();
        let mut pos = self.pos;
        loop {
            match machine.step(&self.buf[..self.filled], &mut pos, true) {
                Step::Token(..) => {}
                Step::NeedMore | Step::End => return Ok(()),
                Step::Error(kind, at) => return Err(self.error_at(kind, at)),
            }
        }
    }

    /// The absolute offset where the next event will be looked for.
    pub(crate) fn position(&self) -> u64 {
        self.base + self.pos as u64
    }

    /// The buffer offset of `bytes`, a slice of the buffer.
    pub(crate) fn offset_of(&self, bytes: &[u8]) -> usize {
        bytes.as_ptr() as usize - self.buf.as_ptr() as usize
    }

    /// How many bytes are buffered (consumed or not).
    pub(crate) fn buffered(&self) -> usize {
        self.filled
    }

    /// How many game trees and variations are open.
    pub(crate) fn depth(&self) -> u32 {
        self.machine.depth()
    }
}
