//! [`LineIndex`]: where every line of an input starts, for the
//! [`Position`] of any byte in any order.

use std::collections::VecDeque;

use crate::error::Position;

/// The line starts of an input, found in one pass, so that the
/// [`Position`] of any offset, asked for in any order, is a binary
/// search: for callers that place many problems of one input out of
/// order (variations explored from a fork, each with its own problems),
/// or that place the offsets of a stream as it is read ([`extend`],
/// keeping the lines of a bounded window with [`keep_last`]).
///
/// Lines end as [`LineCounter`] ends them: at every LF and every CR, an
/// LF right after a CR ending the same line; positions are those a
/// counter gives after the bytes before the offset.
///
/// ```
/// use sgf_stream::read::LineIndex;
/// let input = b"(;C[a\r\nb]\n;B[aa])";
/// let lines = LineIndex::new(input);
/// let at = lines.position(12);
/// assert_eq!((at.offset, at.line, at.column), (12, 3, 3));
/// assert_eq!(lines.position(6).line, 2);
/// // The same, given in pieces.
/// let mut pieces = LineIndex::default();
/// input.chunks(5).for_each(|piece| pieces.extend(piece));
/// assert_eq!(pieces.position(12), at);
/// ```
///
/// [`extend`]: Self::extend
/// [`keep_last`]: Self::keep_last
/// [`LineCounter`]: crate::read::LineCounter
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct LineIndex {
    /// For each line after the first still kept: the offset from which
    /// it counts (just past its CR or LF) and the offset its columns
    /// count from (past the LF of a CRLF pair).
    breaks: VecDeque<(u64, u64)>,
    /// Lines no longer kept ([`keep_last`](Self::keep_last)).
    forgotten: usize,
    /// The bytes seen.
    len: u64,
    /// The last byte seen is a CR.
    after_cr: bool,
}

impl LineIndex {
    /// Finds the line starts of `input`.
    pub fn new(input: &[u8]) -> LineIndex {
        let mut index = LineIndex::default();
        index.extend(input);
        index
    }

    /// Adds the line starts of `bytes`, the next piece of the input.
    pub fn extend(&mut self, bytes: &[u8]) {
        crate::work::count(bytes.len());
        for at in memchr::memchr2_iter(b'\n', b'\r', bytes) {
            let next = self.len + at as u64 + 1;
            let after_cr = match at {
                0 => self.after_cr,
                _ => bytes[at - 1] == b'\r',
            };
            match (bytes[at], self.breaks.back_mut()) {
                (b'\n', Some(last)) if after_cr => last.1 = next,
                _ => self.breaks.push_back((next, next)),
            }
        }
        if let Some(&last) = bytes.last() {
            self.after_cr = last == b'\r';
        }
        self.len += bytes.len() as u64;
    }

    /// Forgets the lines that end more than `window` bytes before the end
    /// of what was seen, for memory bounded on a stream: an offset in
    /// them is then placed at the start of the oldest line kept.
    pub fn keep_last(&mut self, window: u64) {
        let limit = self.len.saturating_sub(window);
        while self.breaks.get(1).is_some_and(|&(from, _)| from <= limit) {
            self.breaks.pop_front();
            self.forgotten += 1;
        }
    }

    /// The position of `offset` (clamped to what was seen): its line and
    /// column as a [`LineCounter`](crate::read::LineCounter) gives them
    /// after the bytes before it.
    pub fn position(&self, offset: u64) -> Position {
        let offset = offset.min(self.len);
        let kept = self.breaks.partition_point(|&(from, _)| from <= offset);
        let start = match kept {
            0 if self.forgotten > 0 => offset,
            0 => 0,
            n => self.breaks[n - 1].1.min(offset),
        };
        Position {
            offset,
            line: u32::try_from(self.forgotten + kept + 1).unwrap_or(u32::MAX),
            column: u32::try_from(offset - start + 1).unwrap_or(u32::MAX),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::LineCounter;
    use crate::testing::XorShift;

    #[test]
    fn every_offset_is_where_a_line_counter_puts_it() {
        let mut random = XorShift(0x5eed_1234);
        for len in [0, 1, 2, 3, 10, 100, 1000] {
            for _ in 0..20 {
                let input = random.bytes(b"ab\r\n\r\n;", len);
                let lines = LineIndex::new(&input);
                let mut pieces = LineIndex::default();
                input.chunks(3).for_each(|piece| pieces.extend(piece));
                assert_eq!(pieces, lines, "{input:?} in pieces of 3");
                let mut counter = LineCounter::default();
                for offset in 0..=input.len() {
                    let expected = counter.position();
                    assert_eq!(
                        lines.position(offset as u64),
                        expected,
                        "{input:?} at {offset}"
                    );
                    if let Some(&byte) = input.get(offset) {
                        counter.advance(&[byte]);
                    }
                }
                let end = lines.position(input.len() as u64 + 5);
                assert_eq!(end, counter.position(), "clamped to the end");
            }
        }
    }

    #[test]
    fn lines_kept_in_a_window_keep_their_numbers() {
        let input = b"a\nb\r\nc\rd\n\ne".repeat(50);
        let whole = LineIndex::new(&input);
        let mut window = LineIndex::default();
        for piece in input.chunks(7) {
            window.extend(piece);
            window.keep_last(20);
        }
        assert!(
            window.breaks.len() < 15,
            "{} lines kept",
            window.breaks.len()
        );
        let len = input.len() as u64;
        for offset in len - 20..=len {
            assert_eq!(window.position(offset), whole.position(offset), "{offset}");
        }
        // Before the window: the start of the oldest line kept.
        let early = window.position(0);
        assert_eq!((early.line, early.column), (window.forgotten as u32 + 1, 1));
    }
}
