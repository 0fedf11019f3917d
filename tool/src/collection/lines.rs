//! [`Lines`]: a reader that remembers where the recent lines of what it
//! read start, to place the offsets of a stream.

use std::io::{self, Read};

use sgf_stream::read::LineIndex;
use sgf_stream::Position;

/// How many bytes of line starts a stream keeps, behind what was read:
/// notes are placed right after their event, well within it.
const LINES_KEPT: u64 = 4 << 20;

/// A reader that remembers where the recent lines of what it read start,
/// to place offsets of a stream.
pub(crate) struct Lines<R> {
    inner: R,
    /// The line starts of the last [`LINES_KEPT`] bytes read.
    index: LineIndex,
}

impl<R> Lines<R> {
    pub(crate) fn new(inner: R) -> Self {
        Lines {
            inner,
            index: LineIndex::default(),
        }
    }

    /// The position of offset `at` (counted from the stream's start).
    pub(crate) fn position(&self, at: u64) -> Position {
        self.index.position(at)
    }
}

impl<R: Read> Read for Lines<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let read = self.inner.read(buf)?;
        self.index.extend(&buf[..read]);
        self.index.keep_last(LINES_KEPT);
        Ok(read)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_of_a_stream_are_counted_as_the_library_counts_them() {
        let text = b"ab\r\ncd\ne\rf\r\r\ngh";
        let mut lines = Lines::new(&text[..]);
        let mut sink = Vec::new();
        lines.read_to_end(&mut sink).unwrap();
        for at in 0..=text.len() {
            assert_eq!(
                lines.position(at as u64),
                Position::locate(text, at),
                "{at}"
            );
        }
    }
}
