//! Where a value ends in the bytes of a double-byte charset whose second
//! bytes can be `\` or `]` (Shift_JIS, GB18030, Big5): a lead byte and
//! the byte after it are one character, never an escape or a value's
//! end. Scanned before decoding, to find where a game ends in raw bytes.

use super::{close_or_escape_in, ValueEnd};
use crate::work;

/// The lead bytes of a double-byte charset whose second byte can be `\`
/// or `]`: a lead and the byte after it are one character.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(not(feature = "encoding"), allow(dead_code))]
pub(crate) enum Lead {
    /// Shift_JIS: 0x81–0x9F and 0xE0–0xFC (0xA1–0xDF are one-byte kana).
    ShiftJis,
    /// GB18030 and Big5: 0x81–0xFE.
    Wide,
}

impl Lead {
    #[inline(always)]
    fn leads(self, b: u8) -> bool {
        match self {
            Lead::ShiftJis => matches!(b, 0x81..=0x9F | 0xE0..=0xFC),
            Lead::Wide => matches!(b, 0x81..=0xFE),
        }
    }

    /// How many bytes the character at `at` takes (1 past the end).
    #[inline]
    fn width(self, bytes: &[u8], at: usize) -> usize {
        match bytes.get(at) {
            Some(&b) if self.leads(b) => 2,
            _ => 1,
        }
    }
}

/// No charset uses a byte below this inside a character: a character
/// starts right after one.
const BELOW_TRAILS: u8 = 0x30;

/// The first `]` or `\` from `at` on: one word of 8 bytes answers most
/// values, memchr the others.
#[inline]
fn close_or_escape(bytes: &[u8], at: usize) -> Option<usize> {
    if let Some(word) = bytes.get(at..at + 8) {
        let word = u64::from_le_bytes(word.try_into().unwrap_or([0; 8]));
        if let Some(k) = close_or_escape_in(word) {
            work::count(k + 1);
            return Some(at + k);
        }
    }
    let found = memchr::memchr2(b']', b'\\', &bytes[at..]);
    work::count(found.map_or(bytes.len() - at, |found| found + 1));
    Some(at + found?)
}

/// Where the characters from `at` (a character's start) lead to within
/// `to`: the start of the character that holds or follows byte `to - 1`.
fn walk(bytes: &[u8], at: usize, to: usize, lead: Lead) -> usize {
    work::count(to - at);
    if bytes[at..to].is_ascii() {
        return to;
    }
    // From just after the last byte below the trails, if any: a
    // character starts there.
    let from = bytes[at..to]
        .iter()
        .rposition(|&b| b < BELOW_TRAILS)
        .map_or(at, |back| at + back + 1);
    let mut walk = from;
    while walk < to {
        walk += lead.width(bytes, walk);
    }
    walk
}

/// Finds the `]` that closes a value in `bytes` from `from` (the body's
/// start, or where an earlier scan stopped: a character's start), with
/// `lead`'s characters taken whole: a `\` escapes the character after
/// it. [`ValueEnd::Open`] gives a character's start to go on from.
pub(crate) fn find_value_end_lead(bytes: &[u8], from: usize, lead: Lead) -> ValueEnd {
    let mut at = from;
    loop {
        // `at` starts a character. A `]` or `\` found after it is one if
        // the characters from `at` lead up to it.
        let Some(candidate) = close_or_escape(bytes, at) else {
            // The last character may be cut by the end: go on from its
            // start.
            let end = walk(bytes, at, bytes.len(), lead);
            let start = if end > bytes.len() { end - 2 } else { end };
            return ValueEnd::Open(start);
        };
        let reached = walk(bytes, at, candidate, lead);
        let next = match (reached == candidate, bytes[candidate]) {
            // The `]` or `\` is a second byte: the character after it
            // starts next.
            (false, _) => candidate + 1,
            (true, b']') => return ValueEnd::Closed(candidate),
            // An escape: the character after it is text.
            (true, _) => candidate + 1 + lead.width(bytes, candidate + 1),
        };
        if next > bytes.len() {
            // The escaped character is not all here yet.
            return ValueEnd::Open(candidate);
        }
        if next == bytes.len() {
            return ValueEnd::Open(next);
        }
        at = next;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::XorShift;

    /// The `]` closing the value at the start of `bytes`, character by
    /// character.
    fn naive(bytes: &[u8], lead: Lead) -> Option<usize> {
        let mut at = 0;
        while at < bytes.len() {
            match bytes[at] {
                b']' => return Some(at),
                b'\\' => at += 1 + lead.width(bytes, at + 1),
                _ => at += lead.width(bytes, at),
            }
        }
        None
    }

    /// [`find_value_end_lead`] fed `step` bytes at a time.
    fn in_steps(bytes: &[u8], step: usize, lead: Lead) -> Option<usize> {
        let mut at = 0;
        let mut fed = 0;
        loop {
            fed = (fed + step).min(bytes.len());
            match find_value_end_lead(&bytes[..fed], at, lead) {
                ValueEnd::Closed(close) => return Some(close),
                ValueEnd::Open(resume) if fed == bytes.len() => {
                    assert!(resume <= fed);
                    return None;
                }
                ValueEnd::Open(resume) => {
                    assert!(resume >= at && resume <= fed, "{resume} from {at}");
                    at = resume;
                }
            }
        }
    }

    #[test]
    fn second_bytes_are_neither_escapes_nor_ends() {
        // 表 is 95 5C in Shift_JIS, ソ 83 5C, 能 94 5C; `]` second bytes:
        // 83 5D.
        let cases: &[&[u8]] = &[
            b"\x95\x5c]x",
            b"\\\x95\x5c]x",
            b"a\x95\x5c]x]",
            b"\x83\x5d\x83\x5d] ",
            b"\\\\]",
            b"\\]]",
            b"abc",
            b"\x95",
            b"\\\x95",
            b"\xa1\x5c]",
            b"a b\x95\x5c c\x83\x5d]",
        ];
        for bytes in cases {
            let want = naive(bytes, Lead::ShiftJis);
            for step in 1..=bytes.len() {
                assert_eq!(
                    in_steps(bytes, step, Lead::ShiftJis),
                    want,
                    "{bytes:?}, {step}"
                );
            }
        }
        assert_eq!(naive(b"\x95\x5c]x", Lead::ShiftJis), Some(2));
        assert_eq!(naive(b"\xa1\x5c]", Lead::ShiftJis), None);
    }

    #[test]
    fn random_bytes_agree_with_a_walk_by_characters() {
        let alphabet = b"\x81\x95\xa1\xe0\x5c\x5d\x30 ab";
        let mut random = XorShift(0x9E37_79B9_7F4A_7C15);
        for _ in 0..2000 {
            let len = (random.0 >> 59) as usize + 1;
            let bytes = random.bytes(alphabet, len);
            for lead in [Lead::ShiftJis, Lead::Wide] {
                let want = naive(&bytes, lead);
                for step in [1, 2, 3, len] {
                    assert_eq!(in_steps(&bytes, step, lead), want, "{bytes:?} {lead:?}");
                }
            }
        }
    }
}
