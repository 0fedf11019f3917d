//! [`LineIndex`]: where every line of an input starts, for the
//! [`Position`] of any byte in any order.

use crate::error::Position;

/// The line starts of one input, found in one pass, so that the
/// [`Position`] of any offset, asked for in any order, is a binary
/// search: for callers that place many problems of one input out of
/// order (variations explored from a fork, each with its own problems).
///
/// Lines end as [`LineCounter`](crate::read::LineCounter) ends them: at every LF and every CR, an
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
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct LineIndex {
    /// For each line after the first: the offset from which it counts
    /// (just past its CR or LF) and the offset its columns count from
    /// (past the LF of a CRLF pair).
    breaks: Vec<(u64, u64)>,
    /// The input's length.
    len: u64,
}

impl LineIndex {
    /// Finds the line starts of `input`.
    pub fn new(input: &[u8]) -> LineIndex {
        crate::work::count(input.len());
        let mut breaks: Vec<(u64, u64)> = Vec::new();
        for at in memchr::memchr2_iter(b'\n', b'\r', input) {
            let next = at as u64 + 1;
            let after_cr = at > 0 && input[at - 1] == b'\r';
            match (input[at], breaks.last_mut()) {
                (b'\n', Some(last)) if after_cr => last.1 = next,
                _ => breaks.push((next, next)),
            }
        }
        LineIndex {
            breaks,
            len: input.len() as u64,
        }
    }

    /// The position of `offset` (clamped to the input's length): its line
    /// and column as a [`LineCounter`](crate::read::LineCounter) gives them after the bytes before
    /// it.
    pub fn position(&self, offset: u64) -> Position {
        let offset = offset.min(self.len);
        let lines = self.breaks.partition_point(|&(from, _)| from <= offset);
        let start = match lines {
            0 => 0,
            n => self.breaks[n - 1].1.min(offset),
        };
        Position {
            offset,
            line: u32::try_from(lines + 1).unwrap_or(u32::MAX),
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
}
