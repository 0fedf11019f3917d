//! The machine's hot path: a node, or a short property such as `B[pd]`,
//! read where the last token ended, from one 8-byte word where it fits.

use super::{Limits, Machine, Quick, State, Token};
use crate::ident::{LETTER_IDENTS, PAIR_IDENTS};
use crate::lex::{self, close_or_escape_in, is_space, skip_space, ValueEnd};
use crate::work;

impl Machine {
    /// The hot path of [`step`](Self::step) alone, for callers that want
    /// to keep it apart from the rest: a `;`, or a short property such as
    /// `B[pd]` lying in `buf`, right at `*pos` inside a node's sequence.
    /// `None` (having changed nothing) when `step` must be called.
    #[inline(always)]
    pub(crate) fn quick(&mut self, buf: &[u8], pos: &mut usize) -> Option<(Token, usize, usize)> {
        match self.quick_scan(buf, pos)? {
            Quick::Node(at) => Some((Token::Node, at, at + 1)),
            Quick::Property(at, ident_end, _) => {
                let token = Token::Property {
                    ident_end,
                    values_start: ident_end,
                    count: 1,
                };
                Some((token, at, *pos))
            }
        }
    }

    /// [`quick`](Self::quick) as it found it: a node, or a property with
    /// one value whose identifier (from a static table) starts at the
    /// offset given; `*pos` is now the token's end.
    #[inline(always)]
    pub(crate) fn quick_scan(&mut self, buf: &[u8], pos: &mut usize) -> Option<Quick> {
        if self.state != State::InNode {
            return None;
        }
        let mut at = *pos;
        let mut byte = *buf.get(at)?;
        // A line break between moves.
        while byte <= b' ' {
            if !is_space(byte) {
                return None;
            }
            at += 1;
            byte = *buf.get(at)?;
        }
        if byte == b';' {
            work::count(at + 1 - *pos);
            self.properties_in_node = 0;
            *pos = at + 1;
            return Some(Quick::Node(at));
        }
        if byte.is_ascii_uppercase() && self.properties_in_node < self.tiny_properties {
            let (ident, values, end) = tiny_property(buf, at)?;
            work::count(end + 1 - *pos);
            self.properties_in_node += 1;
            *pos = end;
            return Some(Quick::Property(at, values, ident));
        }
        None
    }
}

/// The hot path: a whole property `ID[..]..` that starts with an
/// uppercase letter at `at` and lies complete in `buf`, followed by a byte
/// that is neither whitespace nor `[`. Returns its token and end offset,
/// or `None` when the buffer ends inside it, a limit is reached or the
/// input is malformed: then [`Machine::scan_property`] reads it (and
/// reports the error) as if this had not been tried. It only reads.
#[inline(always)]
pub(super) fn quick_property(buf: &[u8], at: usize, limits: &Limits) -> Option<(Token, usize)> {
    let mut i = at + 1;
    while buf.get(i)?.is_ascii_uppercase() {
        i += 1;
    }
    work::count(i - at);
    if buf[i] != b'[' || i - at > limits.max_ident_len {
        return None;
    }
    let (ident_end, values_start) = (i, i);
    let mut count = 0u32;
    loop {
        // A value not closed one byte past the longest allowed is too
        // long: the slow path says so without this scan going further.
        let limit = (i + 2).saturating_add(limits.max_value_len).min(buf.len());
        let ValueEnd::Closed(close) = lex::find_value_end(&buf[..limit], i + 1) else {
            return None;
        };
        if close - i - 1 > limits.max_value_len || count >= limits.max_values_per_property {
            return None;
        }
        count += 1;
        let end = close + 1;
        i = end;
        let mut next = *buf.get(i)?;
        if next <= b' ' {
            i = skip_space(buf, i);
            if i - end > limits.max_value_len {
                return None;
            }
            next = *buf.get(i)?;
        }
        if next != b'[' {
            let token = Token::Property {
                ident_end,
                values_start,
                count,
            };
            return Some((token, end));
        }
    }
}

/// The commonest property of all, `B[pd]`: an identifier of one or two
/// letters and one value, all within the 8 bytes at `at`, followed by at
/// most one whitespace byte and then a byte that is neither whitespace
/// nor `[`; read from one 8-byte word.
/// Its value is shorter than 8 bytes: the caller checks that the limits
/// allow that, and that the byte at `at` is an uppercase letter.
#[inline(always)]
fn tiny_property(buf: &[u8], at: usize) -> Option<(&'static str, usize, usize)> {
    let word = u64::from_le_bytes(buf.get(at..at + 8)?.try_into().ok()?);
    // The tables are indexed by the letters' low five bits: no index check.
    let first = usize::from(word as u8 & 31);
    let second = (word >> 8) as u8;
    let (ident, values) = if second == b'[' {
        (LETTER_IDENTS[first], at + 1)
    } else if second.is_ascii_uppercase() && (word >> 16) as u8 == b'[' {
        (PAIR_IDENTS[first << 5 | usize::from(second & 31)], at + 2)
    } else {
        return None;
    };
    // Letters and `[` are neither `]` nor `\`: the first of those is in
    // the value or closes it. `]` (0x5D) is odd, `\` (0x5C) even.
    let k = close_or_escape_in(word)?;
    if (word >> (8 * k)) & 1 == 0 {
        return None;
    }
    let end = at + k + 1;
    let mut next = *buf.get(end)?;
    if next <= b' ' {
        // One whitespace byte (a line break) may come before the next
        // token, which must not be another value.
        if !is_space(next) {
            return None;
        }
        next = *buf.get(end + 1)?;
        if next <= b' ' {
            return None;
        }
    }
    if next == b'[' {
        return None;
    }
    Some((ident, values, end))
}

/// Pieces of input that the hot paths read or must refuse, for tests
/// that glue them together at random and compare the hot paths with the
/// plain machine.
#[cfg(test)]
pub(crate) const HOT_PATH_PIECES: [&[u8]; 26] = [
    b";",
    b"B[pd]",
    b"AB[aa]",
    b"W[]",
    b"BL[1057]",
    b"C[a\\]b]",
    b"[x]",
    b" ",
    b"\n",
    b"\r\n",
    b"(",
    b")",
    b"Ab[c]",
    b"XYZ[1234567]",
    b"\x01",
    b"]",
    b"\\",
    b"[",
    b"C[a long comment that runs well past a few words]",
    b"  \t\x0b\x0c  ",
    b"MULTIGOGM[1]",
    b"(;",
    b")(",
    b"\0",
    b"ZZ[tt]",
    b"W[ab]\n",
];
