//! [`Lines`]: a reader that remembers where the recent lines of what it
//! read start, to place the offsets of a stream.

use std::collections::VecDeque;
use std::io::{self, Read};

use sgf_stream::Position;

/// How many bytes of line starts a stream keeps, behind what was read:
/// notes are placed right after their event, well within it.
const LINES_KEPT: u64 = 4 << 20;

/// A reader that remembers where the recent lines of what it read start,
/// to place offsets of a stream.
pub(crate) struct Lines<R> {
    inner: R,
    /// Bytes read so far.
    offset: u64,
    /// The line being read.
    line: Line,
    after_cr: bool,
    /// Earlier lines still kept.
    starts: VecDeque<Line>,
}

/// A line of a stream: its number, where it starts, and whether its
/// first byte is the LF of a CR LF (which, as the library counts, stands
/// at column 1 with the byte after it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Line {
    number: u32,
    start: u64,
    crlf: bool,
}

impl Line {
    fn column(self, at: u64) -> u32 {
        let skip = u64::from(self.crlf && at > self.start);
        (at.saturating_sub(self.start + skip) + 1).min(u64::from(u32::MAX)) as u32
    }
}

impl<R> Lines<R> {
    pub(crate) fn new(inner: R) -> Self {
        Lines {
            inner,
            offset: 0,
            line: Line {
                number: 1,
                start: 0,
                crlf: false,
            },
            after_cr: false,
            starts: VecDeque::new(),
        }
    }

    fn new_line(&mut self, start: u64) {
        self.starts.push_back(self.line);
        self.line = Line {
            number: self.line.number + 1,
            start,
            crlf: false,
        };
        while self
            .starts
            .front()
            .is_some_and(|line| line.start + LINES_KEPT < start)
        {
            self.starts.pop_front();
        }
    }

    /// The position of offset `at` (counted from the stream's start).
    pub(crate) fn position(&self, at: u64) -> Position {
        let line = match at >= self.line.start {
            true => self.line,
            false => {
                let index = self.starts.partition_point(|line| line.start <= at);
                match index {
                    0 => self.starts.front().copied().unwrap_or(self.line),
                    _ => self.starts[index - 1],
                }
            }
        };
        Position {
            offset: at,
            line: line.number,
            column: line.column(at),
        }
    }
}

impl<R: Read> Read for Lines<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let read = self.inner.read(buf)?;
        for (i, &b) in buf[..read].iter().enumerate() {
            let at = self.offset + i as u64;
            match b {
                b'\n' if self.after_cr => self.line.crlf = true,
                b'\n' | b'\r' => self.new_line(at + 1),
                _ => {}
            }
            self.after_cr = b == b'\r';
        }
        self.offset += read as u64;
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
