//! Where a [`Reader`](super::Reader) gets its bytes: a borrowed slice, a
//! shared [`Bytes`] buffer, any [`io::Read`] (as it is, or through the
//! charset stage, [`Decoded`](super::Decoded)), or chunks pushed by the
//! caller. A source only hands out bytes and refills; the reader drives
//! the one state machine over them.

use std::io;

use bytes::Bytes;

use super::window::Window;
use crate::error::{LineCounter, LineMarks, Position};
use crate::warning::Warning;

/// A source of bytes for a [`Reader`](super::Reader): [`Slice`],
/// [`Shared`], [`Stream`], [`Decoded`](super::Decoded) or [`Pushed`]. It cannot be implemented outside
/// this crate.
pub trait Source: sealed::Buffer {}

/// A [`Source`] whose events borrow the reader's buffer: [`Stream`],
/// [`Pushed`] and [`Decoded`](super::Decoded). It cannot be implemented
/// outside this crate.
pub trait Buffered: Source {}

pub(crate) mod sealed {
    use super::*;

    /// What the reader needs of a source.
    pub trait Buffer {
        /// The bytes available now; offsets are relative to them.
        fn bytes(&self) -> &[u8];
        /// Whether no bytes will follow [`bytes`](Self::bytes).
        fn is_eof(&self) -> bool;
        /// Makes more bytes available after the machine needed them. The
        /// bytes before `*pos` may be forgotten, and `*pos` moves with
        /// the rest. `Ok(false)` when none can come until the caller
        /// feeds some.
        fn fill(&mut self, pos: &mut usize) -> io::Result<bool>;
        /// The absolute offset of `at` in the input (before any
        /// decoding).
        fn absolute(&self, at: usize) -> u64;
        /// The absolute offset of `at` in the stream of bytes the
        /// machine reads: [`absolute`](Self::absolute), unless the source
        /// decodes (then an offset in the decoded text).
        fn stream_offset(&self, at: usize) -> u64 {
            self.absolute(at)
        }
        /// The offset, line and column of `at`. Positions asked for in
        /// increasing order cost one pass over the bytes between them.
        fn position(&mut self, at: usize) -> Position;
        /// Keeps the bytes from `at` on (a game being captured).
        fn keep_from(&mut self, at: usize);
        /// The bytes kept up to `end`; stops keeping.
        fn take_kept(&mut self, end: usize) -> &[u8];
        /// A top-level game tree closed just before `at`: what follows
        /// belongs to the next game (a charset stage decides its charset
        /// anew there).
        fn game_end(&mut self, at: usize) {
            let _ = at;
        }
        /// Whether the bytes handed out end where the current game seems
        /// to end, and more would be decoded past it in this game's
        /// charset (a charset stage, whose next game may be in another):
        /// a look-ahead stops there.
        fn at_game_limit(&self) -> bool {
            false
        }
        /// A count of the times the source dropped bytes it had handed
        /// out past a game's end, to hand out others in their place (a
        /// charset stage decoding the next game anew): what was learnt of
        /// those bytes holds while the count stays.
        fn generation(&self) -> u64 {
            0
        }
        /// Moves the warnings the source found (a wrong or unknown
        /// charset, invalid bytes) before offset `up_to` to `into`, in
        /// input order. Past the reader's position, bytes may still be
        /// decoded again in another charset.
        fn drain_warnings(&mut self, up_to: usize, into: &mut Vec<Warning>) {
            let _ = (up_to, into);
        }
    }

    /// A source whose bytes are a [`Window`]: all of [`Buffer`] but
    /// [`fill`](Buffer::fill) is the window's.
    pub(crate) trait Windowed {
        /// The window of bytes.
        fn window(&self) -> &Window;
        /// The window of bytes, to change it.
        fn window_mut(&mut self) -> &mut Window;
        /// As [`Buffer::fill`].
        fn fill(&mut self, pos: &mut usize) -> io::Result<bool>;
    }

    impl<W: Windowed> Buffer for W {
        #[inline(always)]
        fn bytes(&self) -> &[u8] {
            self.window().bytes()
        }
        #[inline(always)]
        fn is_eof(&self) -> bool {
            self.window().is_eof()
        }
        fn fill(&mut self, pos: &mut usize) -> io::Result<bool> {
            Windowed::fill(self, pos)
        }
        #[inline]
        fn absolute(&self, at: usize) -> u64 {
            self.window().absolute(at)
        }
        #[cold]
        fn position(&mut self, at: usize) -> Position {
            self.window_mut().position(at)
        }
        fn keep_from(&mut self, at: usize) {
            self.window_mut().keep_from(at);
        }
        fn take_kept(&mut self, end: usize) -> &[u8] {
            self.window_mut().take_kept(end)
        }
    }
}

/// Lines counted in a whole input, for positions.
#[derive(Debug, Clone, Default)]
struct Lines(LineMarks);

impl Lines {
    fn locate(&mut self, input: &[u8], at: usize) -> Position {
        self.0.locate(input, &LineCounter::default(), at as u64)
    }
}

/// A whole input in memory: a borrowed slice ([`Slice`], whose events
/// borrow it too) or a refcounted [`Bytes`] buffer ([`Shared`], whose
/// events own their bytes as slices of it, `'static + Send`, no copy).
#[derive(Debug, Clone)]
pub struct Whole<T> {
    pub(crate) input: T,
    kept: usize,
    lines: Lines,
}

/// A whole input in memory, borrowed: events borrow it too, and live as
/// long as it does.
pub type Slice<'a> = Whole<&'a [u8]>;

/// A whole input in a refcounted [`Bytes`] buffer: events own their
/// bytes as slices of it (`'static + Send`, no copy).
pub type Shared = Whole<Bytes>;

impl<T: AsRef<[u8]>> Whole<T> {
    pub(crate) fn new(input: T) -> Self {
        Whole {
            input,
            kept: 0,
            lines: Lines::default(),
        }
    }
}

impl<T: AsRef<[u8]>> Source for Whole<T> {}

impl<T: AsRef<[u8]>> sealed::Buffer for Whole<T> {
    #[inline(always)]
    fn bytes(&self) -> &[u8] {
        self.input.as_ref()
    }
    #[inline(always)]
    fn is_eof(&self) -> bool {
        true
    }
    fn fill(&mut self, _pos: &mut usize) -> io::Result<bool> {
        Ok(true)
    }
    #[inline]
    fn absolute(&self, at: usize) -> u64 {
        at as u64
    }
    #[cold]
    fn position(&mut self, at: usize) -> Position {
        self.lines.locate(self.input.as_ref(), at)
    }
    fn keep_from(&mut self, at: usize) {
        self.kept = at;
    }
    fn take_kept(&mut self, end: usize) -> &[u8] {
        &self.input.as_ref()[self.kept..end]
    }
}

/// Any [`io::Read`] (a file, a decompressor, a socket), read a chunk at a
/// time into a buffer that holds the token being read plus one read's
/// worth: memory grows with the longest token, never with the input.
#[derive(Debug)]
pub struct Stream<R> {
    pub(crate) inner: R,
    pub(crate) window: Window,
    chunk: usize,
}

impl<R> Stream<R> {
    pub(crate) fn new(inner: R, chunk: usize) -> Self {
        Stream {
            inner,
            window: Window::default(),
            chunk: chunk.max(1),
        }
    }
}

impl<R: io::Read> Source for Stream<R> {}

impl<R: io::Read> Buffered for Stream<R> {}

impl<R: io::Read> sealed::Windowed for Stream<R> {
    #[inline(always)]
    fn window(&self) -> &Window {
        &self.window
    }
    fn window_mut(&mut self) -> &mut Window {
        &mut self.window
    }
    fn fill(&mut self, pos: &mut usize) -> io::Result<bool> {
        self.window
            .fill_from(&mut self.inner, self.chunk, pos)
            .map(|()| true)
    }
}

/// Chunks handed over by the caller ([`Reader::feed`](super::Reader::feed)),
/// for input that arrives in callbacks. Only the bytes of an unfinished
/// token are kept between chunks.
#[derive(Debug, Clone, Default)]
pub struct Pushed {
    pub(crate) window: Window,
}

impl Source for Pushed {}

impl Buffered for Pushed {}

impl sealed::Windowed for Pushed {
    #[inline(always)]
    fn window(&self) -> &Window {
        &self.window
    }
    fn window_mut(&mut self) -> &mut Window {
        &mut self.window
    }
    fn fill(&mut self, _pos: &mut usize) -> io::Result<bool> {
        Ok(false)
    }
}
