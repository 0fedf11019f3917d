//! [`Writer`]: the writer's state (where it stands in the grammar, the
//! root node and game being written, the output buffer) and how the
//! buffer reaches the inner writer. The calls that write are in
//! `events.rs` (events and properties) and `tree.rs` (whole trees).

use std::io;

use super::error::WriteError;
use super::game::{Game, Root};
use super::options::WriteOptions;
use super::out::Out;

/// Output is handed to the inner writer in pieces of about this size.
pub(crate) const CHUNK: usize = 64 * 1024;

/// Where the writer stands in the SGF grammar.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum State {
    /// Between top-level game trees.
    Outside,
    /// Right after `(`: a node must come.
    Opened,
    /// In a node: properties, a node, `(` or `)` may come.
    InNode,
    /// After a variation's `)`: only `(` or `)` may come.
    AfterVariation,
}

/// Writes SGF from events or trees to an [`io::Write`], with no recursion
/// and a bounded buffer.
///
/// Output is buffered; [`into_inner`](Self::into_inner) (or
/// [`flush`](Self::flush)) writes the rest. Dropping the writer writes
/// what is buffered too, ignoring errors.
///
/// ```
/// use sgf_stream::event::RawValue;
/// use sgf_stream::Writer;
/// let mut writer = Writer::new(Vec::new());
/// writer.start_game_tree()?;
/// writer.node()?;
/// writer.property("SZ", [RawValue::new(b"19")])?;
/// writer.text_property("C", ["a ] and a \\"])?;
/// writer.node()?;
/// writer.property("B", [RawValue::new(b"pd")])?;
/// writer.end_game_tree()?;
/// assert_eq!(writer.into_inner()?, b"(;SZ[19]C[a \\] and a \\\\];B[pd])\n");
/// # Ok::<(), sgf_stream::WriteError>(())
/// ```
#[derive(Debug)]
pub struct Writer<W: io::Write> {
    inner: Option<W>,
    pub(super) out: Out,
    pub(super) options: WriteOptions,
    pub(super) depth: usize,
    pub(super) state: State,
    pub(super) root: Root,
    /// While writing a tree: keep the buffer until the tree is checked.
    pub(super) holding: bool,
    /// One-line UTF-8 output with no wrapping: inside a node's sequence,
    /// past the root, events are copied with no layout decisions at all.
    pub(super) plain_sequence: bool,
    /// Whether the current top-level game is held and its raw values
    /// checked (see `root.rs`).
    pub(super) game: Game,
}

impl<W: io::Write> Writer<W> {
    /// A writer with the default [`WriteOptions`]: one line per game
    /// tree, UTF-8, LF.
    pub fn new(inner: W) -> Self {
        Writer::with_options(inner, WriteOptions::default())
    }

    /// A writer with the given options.
    pub fn with_options(inner: W, options: WriteOptions) -> Self {
        Writer::with_capacity(inner, options, CHUNK + CHUNK / 4)
    }

    /// A writer whose buffer starts with room for `capacity` bytes: for
    /// output known to be small.
    pub(crate) fn with_capacity(inner: W, options: WriteOptions, capacity: usize) -> Self {
        let out = Out::new(&options, capacity);
        Writer {
            inner: Some(inner),
            plain_sequence: out.one_line_plain(),
            out,
            options,
            depth: 0,
            state: State::Outside,
            root: Root::default(),
            holding: false,
            game: Game::Free,
        }
    }

    /// The options this writer uses.
    pub fn options(&self) -> &WriteOptions {
        &self.options
    }

    /// How many game trees and variations are open (those of a refused
    /// game included, until its end).
    pub fn depth(&self) -> usize {
        self.depth
    }

    /// The inner writer (without what is still buffered).
    pub fn get_ref(&self) -> &W {
        self.inner.as_ref().expect("present until into_inner")
    }

    /// Writes everything buffered to the inner writer and flushes it.
    ///
    /// # Errors
    /// [`WriteError::Io`] when writing fails.
    pub fn flush(&mut self) -> Result<(), WriteError> {
        self.write_buffer()?;
        self.inner_mut().flush()?;
        Ok(())
    }

    /// Writes everything buffered, flushes, and returns the inner writer.
    ///
    /// # Errors
    /// [`WriteError::Unclosed`] when game trees are still open (what was
    /// written is flushed, but the output is cut short), unless they are
    /// those of a refused game, of which nothing was written;
    /// [`WriteError::Io`] when writing fails.
    pub fn into_inner(mut self) -> Result<W, WriteError> {
        self.flush()?;
        if self.depth > 0 && !self.game.is_refused() {
            return Err(WriteError::Unclosed(self.depth));
        }
        Ok(self.inner.take().expect("present until into_inner"))
    }

    fn inner_mut(&mut self) -> &mut W {
        self.inner.as_mut().expect("present until into_inner")
    }

    /// Hands the buffer to the inner writer, but for a held game (see
    /// `root.rs`), which stays.
    pub(super) fn write_buffer(&mut self) -> Result<(), WriteError> {
        let cut = self.game.held_from().unwrap_or(self.out.buf.len());
        if cut == 0 {
            return Ok(());
        }
        let inner = self.inner.as_mut().expect("present until into_inner");
        inner.write_all(&self.out.buf[..cut])?;
        self.out.buf.drain(..cut);
        self.game = self.game.rebased(cut);
        if self.out.buf.capacity() > 8 * CHUNK {
            // A huge value grew the buffer: give the memory back.
            self.out.buf.shrink_to(2 * CHUNK);
        }
        Ok(())
    }

    /// Hands the buffer to the inner writer once it holds a chunk.
    #[inline]
    pub(super) fn flush_full(&mut self) -> Result<(), WriteError> {
        if self.out.buf.len() >= CHUNK && !self.holding && !self.game.holds() {
            self.write_buffer()?;
        }
        Ok(())
    }
}

impl<W: io::Write> Drop for Writer<W> {
    fn drop(&mut self) {
        if let Some(inner) = self.inner.as_mut() {
            let _ = inner.write_all(&self.out.buf);
        }
    }
}
