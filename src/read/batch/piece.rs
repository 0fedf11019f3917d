//! The pieces [`Batches`](super::Batches) cuts an input into: a
//! [`Batch`] of whole games in memory, or the [`Rest`] of the input as a
//! stream; and positions in a piece placed in the input.

use std::fmt;
use std::io::{self, Read};

use super::{first_report, plain_utf8, DecodedBatch};
use crate::charset::{CharsetMode, CharsetReport};
use crate::error::{LineCounter, Position};
use crate::read::ReaderBuilder;

/// Whole games of an input, with where they start in it, as
/// [`Batches`](super::Batches) cuts them.
#[derive(Clone, PartialEq, Eq)]
pub struct Batch {
    pub(super) bytes: Vec<u8>,
    pub(super) start: Position,
    pub(super) index: usize,
    pub(super) mode: CharsetMode,
    /// The bytes are their own UTF-8 text: every game is decided UTF-8,
    /// and the bytes are valid UTF-8 with no byte order mark.
    pub(super) utf8: bool,
    /// The charset of the first game, when known without decoding.
    pub(super) report: Option<CharsetReport>,
}

impl fmt::Debug for Batch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Batch")
            .field("len", &self.bytes.len())
            .field("start", &self.start)
            .field("index", &self.index)
            .field("utf8", &self.utf8)
            .finish()
    }
}

impl Batch {
    /// A whole input in memory as one batch: what [`Batches`](super::Batches) gives for
    /// an input shorter than its target, without scanning its games.
    ///
    /// ```
    /// use sgf_stream::read::Batch;
    /// let batch = Batch::whole(b"(;GM[1];B[pd])".to_vec());
    /// assert_eq!(batch.decode().text(), b"(;GM[1];B[pd])");
    /// assert_eq!((batch.start().line, batch.start().column), (1, 1));
    /// ```
    pub fn whole(bytes: Vec<u8>) -> Batch {
        let utf8 = plain_utf8(&bytes);
        let report = utf8.then(|| first_report(&bytes));
        Batch {
            bytes,
            start: LineCounter::default().position(),
            index: 0,
            mode: CharsetMode::Auto,
            utf8,
            report,
        }
    }

    /// The bytes, as in the input.
    pub fn bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// Where the batch starts in the input.
    pub fn start(&self) -> Position {
        self.start
    }

    /// The batch's index in its input, from 0.
    pub fn index(&self) -> usize {
        self.index
    }

    /// A position in the batch's bytes, moved to where it is in the
    /// input.
    ///
    /// ```
    /// use sgf_stream::{read::{Batches, Piece}, Position};
    /// let input = b"(;B[aa])\n(;B[bb]) (;W[cc])";
    /// let pieces: Vec<_> = Batches::new(&input[..]).target(1).collect::<Result<_, _>>()?;
    /// let Piece::Batch(last) = &pieces[2] else { panic!() };
    /// let here = last.place(Position::locate(last.bytes(), 2));
    /// assert_eq!(here, Position::locate(input, 20));
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn place(&self, local: Position) -> Position {
        local.counted_from(self.start)
    }

    /// The batch's UTF-8 text, decoded as the whole input would be: the
    /// bytes themselves when they are UTF-8, else through the charset
    /// stage.
    pub fn decode(&self) -> DecodedBatch<'_> {
        DecodedBatch::new(self)
    }
}

/// The rest of an input that [`Batches`](super::Batches) could not cut, to be read as a
/// stream: the bytes already read, then the input.
#[derive(Debug)]
pub struct Rest<R> {
    pub(super) head: Vec<u8>,
    pub(super) inner: R,
    pub(super) start: Position,
    pub(super) mode: CharsetMode,
}

impl<R: Read> Rest<R> {
    /// Where the rest starts in the input.
    pub fn start(&self) -> Position {
        self.start
    }

    /// A position in the rest (counted from its start) moved to where it
    /// is in the input.
    pub fn place(&self, local: Position) -> Position {
        local.counted_from(self.start)
    }

    /// `options`, with the charset mode the rest must be read in (UTF-8
    /// throughout when the input started with a UTF-8 byte order mark).
    pub fn options(&self, options: ReaderBuilder) -> ReaderBuilder {
        match self.mode {
            CharsetMode::Auto => options,
            mode => options.charset(mode),
        }
    }

    /// The bytes of the rest, as a reader.
    pub fn into_reader(self) -> io::Chain<io::Cursor<Vec<u8>>, R> {
        io::Cursor::new(self.head).chain(self.inner)
    }
}

impl Position {
    /// This position, counted from `start` (where a piece of the input
    /// starts, as [`Batch`] and [`Rest`] count), as a position of the
    /// input.
    ///
    /// ```
    /// use sgf_stream::Position;
    /// let input = b"(;B[aa])\n(;W[bb]\n;B[cc])";
    /// let start = Position::locate(input, 9);
    /// let piece = &input[9..];
    /// let local = Position::locate(piece, 9);
    /// assert_eq!(local.counted_from(start), Position::locate(input, 18));
    /// ```
    pub fn counted_from(self, start: Position) -> Position {
        let offset = start.offset + self.offset;
        if self.line <= 1 {
            Position {
                offset,
                line: start.line,
                column: start.column + self.column.max(1) - 1,
            }
        } else {
            Position {
                offset,
                line: start.line + self.line - 1,
                column: self.column,
            }
        }
    }
}
