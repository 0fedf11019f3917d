//! [`Window`]: the buffer of a stream source ([`Stream`](super::Stream)
//! and [`Pushed`](super::Pushed)): the bytes not yet consumed, where they
//! sit in the whole input, and lines counted up to them.
//!
//! The window only refills and forgets bytes; the grammar is the
//! machine's, the loop that drives it the [`Reader`](super::Reader)'s.

use std::io;

use crate::error::{LineCounter, LineMarks, Position};
use crate::work;

/// The unconsumed tail of a stream.
#[derive(Debug, Clone, Default)]
pub(crate) struct Window {
    /// Buffered bytes, `buf[..filled]`. The rest is room for the next
    /// read, kept between reads so that it is zeroed once, not at every
    /// read.
    buf: Vec<u8>,
    filled: usize,
    /// The absolute offset of `buf[0]`.
    base: u64,
    /// Lines and columns counted up to `base`.
    lines: LineCounter,
    /// Lines counted up to places asked for lately.
    marks: LineMarks,
    eof: bool,
    /// Bytes from this buffer offset on are kept (a game being captured).
    keep: Option<usize>,
}

impl Window {
    /// The buffered bytes.
    #[inline(always)]
    pub(crate) fn bytes(&self) -> &[u8] {
        &self.buf[..self.filled]
    }

    pub(crate) fn is_eof(&self) -> bool {
        self.eof
    }

    /// Says that no bytes will follow the buffered ones.
    pub(crate) fn set_eof(&mut self) {
        self.eof = true;
    }

    /// The absolute offset of buffer offset `at`.
    #[inline]
    pub(crate) fn absolute(&self, at: usize) -> u64 {
        self.base + at as u64
    }

    /// The position (offset, line, column) of buffer offset `at`; one
    /// pass from the last position asked for when `at` is after it.
    #[cold]
    pub(crate) fn position(&mut self, at: usize) -> Position {
        let at = self.base + at.min(self.filled) as u64;
        self.marks.locate(&self.buf[..self.filled], &self.lines, at)
    }

    /// Forgets the bytes before `*pos` (those from a kept mark on stay)
    /// once they are at least half of the buffer, so each byte moves a
    /// bounded number of times; `*pos` moves with the bytes.
    fn compact(&mut self, pos: &mut usize) {
        let drop = self.keep.map_or(*pos, |keep| keep.min(*pos));
        if drop == 0 || drop * 2 < self.filled {
            return;
        }
        let new_base = self.base + drop as u64;
        self.lines = self
            .marks
            .advance(&self.buf[..self.filled], &self.lines, new_base);
        work::count(self.filled - drop);
        self.base += drop as u64;
        self.buf.copy_within(drop..self.filled, 0);
        self.filled -= drop;
        *pos -= drop;
        self.keep = self.keep.map(|keep| keep - drop);
    }

    /// Appends `bytes` after the buffered ones.
    pub(crate) fn extend(&mut self, bytes: &[u8], pos: &mut usize) {
        self.compact(pos);
        work::count(bytes.len());
        self.buf.truncate(self.filled);
        self.buf.extend_from_slice(bytes);
        self.filled = self.buf.len();
    }

    /// Reads once from `reader` into room for `chunk` more bytes; reading
    /// nothing means the end of the input.
    pub(crate) fn fill_from(
        &mut self,
        reader: &mut impl io::Read,
        chunk: usize,
        pos: &mut usize,
    ) -> io::Result<()> {
        self.compact(pos);
        let (start, end) = (self.filled, self.filled + chunk.max(1));
        if self.buf.len() < end {
            work::count(end - self.buf.len());
            self.buf.resize(end, 0);
        }
        loop {
            match reader.read(&mut self.buf[start..end]) {
                Ok(n) => {
                    work::count(n + 1);
                    self.filled += n.min(end - start);
                    self.eof |= n == 0;
                    return Ok(());
                }
                Err(err) if err.kind() == io::ErrorKind::Interrupted => {}
                Err(err) => return Err(err),
            }
        }
    }

    /// Keeps the bytes from buffer offset `at` on, until
    /// [`take_kept`](Self::take_kept).
    pub(crate) fn keep_from(&mut self, at: usize) {
        self.keep = Some(at);
    }

    /// The kept bytes up to buffer offset `end`; stops keeping.
    pub(crate) fn take_kept(&mut self, end: usize) -> &[u8] {
        let keep = self.keep.take().unwrap_or(end);
        &self.buf[keep..end]
    }

    /// Puts back `bytes`, the input just before the buffered ones (read
    /// and forgotten before), in front of them. Lines are not counted
    /// back: only for a window whose positions are not asked for.
    pub(crate) fn restore_front(&mut self, bytes: &[u8]) {
        debug_assert!(bytes.len() as u64 <= self.base && self.keep.is_none());
        work::count(self.filled + bytes.len());
        self.buf.splice(0..0, bytes.iter().copied());
        self.filled += bytes.len();
        self.base -= bytes.len() as u64;
    }

    /// How many bytes are buffered (consumed or not).
    pub(crate) fn buffered(&self) -> usize {
        self.filled
    }
}
