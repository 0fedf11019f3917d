//! The byte rules of SGF, each written once: whitespace, where a value
//! ends (escapes), unescaping Text and SimpleText, escaping (`escape.rs`),
//! splitting Compose values, and where a game tree ends (`trees.rs`, with
//! the characters of double-byte charsets in `lead.rs`).
//! Every scanner and escaper of the crate calls these.
//!
//! All the rules act on ASCII bytes only, so they hold for any
//! ASCII-compatible charset (UTF-8, and legacy ones once converted).

use std::borrow::Cow;

use crate::work;

mod escape;
mod lead;
mod trees;

pub(crate) use escape::{escape_into, escape_str, Escape};
pub(crate) use lead::Lead;
pub(crate) use trees::{tree_open, TreeEnd, TreeScan};

/// SGF whitespace: space, LF, CR, tab, vertical tab, form feed.
#[inline]
pub(crate) fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\n' | b'\r' | b'\t' | 0x0b | 0x0c)
}

/// Skips whitespace from `from`; returns the first other byte's offset
/// (or the end).
#[inline]
pub(crate) fn skip_space(buf: &[u8], from: usize) -> usize {
    let mut at = from;
    while at < buf.len() && is_space(buf[at]) {
        at += 1;
    }
    work::count(at - from + 1);
    at
}

/// Where a value's scan stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ValueEnd {
    /// The offset of the closing `]`.
    Closed(usize),
    /// No `]` yet: resume scanning here (at a trailing `\`, or the end).
    Open(usize),
}

const ONES: u64 = 0x0101_0101_0101_0101;
const HIGHS: u64 = 0x8080_8080_8080_8080;

/// The index of the first `]` or `\` among the 8 bytes of `word` (read
/// little-endian), if any. `]` (0x5D) and `\` (0x5C) differ only in the
/// lowest bit, so setting it maps both to 0x5D; the classic zero-byte test
/// then marks them. Bits above the first zero byte may be false
/// positives; the lowest set bit never is.
#[inline(always)]
pub(crate) fn close_or_escape_in(word: u64) -> Option<usize> {
    let x = (word | ONES) ^ (ONES * 0x5D);
    let found = x.wrapping_sub(ONES) & !x & HIGHS;
    (found != 0).then(|| found.trailing_zeros() as usize / 8)
}

/// Finds the `]` that closes a value, scanning `body` from `from` (just
/// after the `[`, or where an earlier scan stopped): `\` escapes the
/// byte after it.
#[inline]
pub(crate) fn find_value_end(body: &[u8], from: usize) -> ValueEnd {
    let end = scan_value_end(body, from);
    let (ValueEnd::Closed(at) | ValueEnd::Open(at)) = end;
    work::count(at + 1 - from);
    end
}

#[inline]
fn scan_value_end(body: &[u8], from: usize) -> ValueEnd {
    // Most values are short points such as `pd`: one 8-byte word answers
    // them before memchr is needed.
    let mut at = from;
    if let Some(word) = body.get(from..from + 8) {
        let word = u64::from_le_bytes(word.try_into().unwrap_or([0; 8]));
        match close_or_escape_in(word) {
            Some(k) if body[from + k] == b']' => return ValueEnd::Closed(from + k),
            Some(k) => at = from + k,
            None => at = from + 8,
        }
    }
    loop {
        match memchr::memchr2(b']', b'\\', &body[at..]) {
            None => return ValueEnd::Open(body.len()),
            Some(found) => {
                at += found;
                if body[at] == b']' {
                    return ValueEnd::Closed(at);
                }
                if at + 1 >= body.len() {
                    return ValueEnd::Open(at);
                }
                at += 2;
            }
        }
    }
}

/// [`find_value_end`], or with `lead`'s characters taken whole (raw bytes
/// of a double-byte charset whose second bytes can be `\` or `]`).
#[inline]
pub(crate) fn find_value_end_in(body: &[u8], from: usize, lead: Option<Lead>) -> ValueEnd {
    match lead {
        None => find_value_end(body, from),
        Some(lead) => lead::find_value_end_lead(body, from, lead),
    }
}

/// The end (just past the `]`) of the value whose body starts at `from`,
/// or the end of `body` when it never closes.
#[inline]
pub(crate) fn value_end(body: &[u8], from: usize) -> usize {
    match find_value_end(body, from) {
        ValueEnd::Closed(close) => close + 1,
        ValueEnd::Open(_) => body.len(),
    }
}

/// The index of the first unescaped `]` in `body`, the bytes after a `[`.
#[inline]
pub(crate) fn find_close(body: &[u8]) -> Option<usize> {
    match find_value_end(body, 0) {
        ValueEnd::Closed(close) => Some(close),
        ValueEnd::Open(_) => None,
    }
}

/// The first unescaped `]` or the end: where an unescaped `]` would be
/// read as the end of a value. `None` when every `]` and `\` is escaped
/// and no `\` ends the bytes.
pub(crate) fn first_unescaped_close(raw: &[u8]) -> Option<usize> {
    match find_value_end(raw, 0) {
        ValueEnd::Closed(at) => Some(at),
        ValueEnd::Open(at) if at < raw.len() => Some(at),
        ValueEnd::Open(_) => None,
    }
}

/// The last value of a repaired run (see
/// [`RawValues::is_repaired`](crate::RawValues::is_repaired)): `body`,
/// everything after its `[`, less a final `]` that is not escaped.
pub(crate) fn repaired_value(body: &[u8]) -> &[u8] {
    let Some(head) = body.strip_suffix(b"]") else {
        return body;
    };
    match is_escaped(body, head.len()) {
        false => head,
        true => body,
    }
}

/// Whether the byte at `at` is escaped: an odd number of `\` comes right
/// before it.
pub(crate) fn is_escaped(bytes: &[u8], at: usize) -> bool {
    let run = bytes[..at]
        .iter()
        .rev()
        .take_while(|&&b| b == b'\\')
        .count();
    run % 2 == 1
}

/// `raw` as a value that reads back the same: a `\` before each
/// unescaped `]`, and a final lone `\` dropped (decoding ignores it).
/// For a repaired value, which may hold them.
pub(crate) fn escape_stray(raw: &[u8]) -> Cow<'_, [u8]> {
    if first_unescaped_close(raw).is_none() {
        return Cow::Borrowed(raw);
    }
    let mut out = Vec::with_capacity(raw.len() + 4);
    let mut at = 0;
    while at < raw.len() {
        match raw[at] {
            b'\\' if at + 1 < raw.len() => {
                out.extend_from_slice(&raw[at..at + 2]);
                at += 2;
                continue;
            }
            b'\\' => {}
            b']' => out.extend_from_slice(b"\\]"),
            byte => out.push(byte),
        }
        at += 1;
    }
    Cow::Owned(out)
}

/// Splits a raw Compose value at its first unescaped `:`. The halves
/// keep their escapes.
pub(crate) fn split_compose(raw: &[u8]) -> Option<(&[u8], &[u8])> {
    let mut at = 0;
    loop {
        at += memchr::memchr2(b':', b'\\', &raw[at..])?;
        if raw[at] == b':' {
            return Some((&raw[..at], &raw[at + 1..]));
        }
        at += 2;
        if at >= raw.len() {
            return None;
        }
    }
}

/// How line breaks decode: Text keeps hard line breaks, SimpleText turns
/// them into spaces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Flavor {
    Text,
    SimpleText,
}

/// Whether `byte` is changed by decoding: `\`, CR, tab, vertical tab,
/// form feed, and for SimpleText LF. Branch-free, so loops vectorise.
#[inline]
fn special(byte: u8, flavor: Flavor) -> bool {
    // 9..=13: tab, LF, VT, FF, CR; LF only matters for SimpleText.
    let space = (byte.wrapping_sub(9) < 5) & ((byte != b'\n') | (flavor == Flavor::SimpleText));
    (byte == b'\\') | space
}

/// Whether any byte needs [`unescape`]: a branch-free scan over blocks,
/// which the compiler vectorises (comments are long).
#[inline]
pub(crate) fn needs_unescape(raw: &[u8], flavor: Flavor) -> bool {
    raw.chunks(32).any(|block| {
        block
            .iter()
            .fold(false, |found, &byte| found | special(byte, flavor))
    })
}

/// Applies the escape and whitespace rules of Text or SimpleText to raw
/// value bytes, whatever their charset:
/// - `\` escapes the next byte: `\]` is `]`, `\\` is `\`, `\q` is `q`;
/// - `\` followed by a line break (LF, CR, CRLF or LFCR) is a soft line
///   break and is removed;
/// - any other ASCII whitespace but LF and CR (tab, vertical tab, form
///   feed), escaped or not, becomes a space;
/// - other line breaks (a CRLF or LFCR pair counts once) become `\n` in
///   Text and a space in SimpleText.
pub(crate) fn unescape(raw: &[u8], flavor: Flavor) -> Cow<'_, [u8]> {
    if !needs_unescape(raw, flavor) {
        return Cow::Borrowed(raw);
    }
    let mut out = Vec::with_capacity(raw.len());
    let mut i = 0;
    while i < raw.len() {
        // Copy the run of bytes that stay as they are in one go.
        let run = raw[i..]
            .iter()
            .position(|&b| special(b, Flavor::SimpleText))
            .unwrap_or(raw.len() - i);
        out.extend_from_slice(&raw[i..i + run]);
        i += run;
        if i == raw.len() {
            break;
        }
        let b = raw[i];
        i += 1;
        let escaped = b == b'\\';
        let b = if escaped {
            match raw.get(i) {
                Some(&next) => {
                    i += 1;
                    next
                }
                None => break,
            }
        } else {
            b
        };
        match b {
            b'\n' | b'\r' => {
                // A pair CRLF or LFCR counts as one line break.
                if let Some(&next) = raw.get(i) {
                    if (next == b'\n' || next == b'\r') && next != b {
                        i += 1;
                    }
                }
                if !escaped {
                    out.push(if flavor == Flavor::Text { b'\n' } else { b' ' });
                }
            }
            b'\t' | 0x0b | 0x0c => out.push(b' '),
            _ => out.push(b),
        }
    }
    Cow::Owned(out)
}

/// Removes escapes only: `\x` is `x`, and `\` with a line break (a CRLF
/// or LFCR pair counts once) is removed; whitespace stays as it is. For
/// values that are not text (numbers, points) before they are checked.
pub(crate) fn remove_escapes(raw: &[u8]) -> Cow<'_, [u8]> {
    if !raw.contains(&b'\\') {
        return Cow::Borrowed(raw);
    }
    let mut out = Vec::with_capacity(raw.len());
    let mut i = 0;
    while i < raw.len() {
        if raw[i] != b'\\' {
            out.push(raw[i]);
            i += 1;
            continue;
        }
        let Some(&next) = raw.get(i + 1) else { break };
        i += 2;
        if next == b'\n' || next == b'\r' {
            if matches!(raw.get(i), Some(&b) if (b == b'\n' || b == b'\r') && b != next) {
                i += 1;
            }
        } else {
            out.push(next);
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The value-end rule, one byte at a time.
    fn naive_value_end(body: &[u8], from: usize) -> ValueEnd {
        let mut at = from;
        while at < body.len() {
            match body[at] {
                b']' => return ValueEnd::Closed(at),
                b'\\' if at + 1 == body.len() => return ValueEnd::Open(at),
                b'\\' => at += 2,
                _ => at += 1,
            }
        }
        ValueEnd::Open(body.len())
    }

    /// The Compose rule, one byte at a time.
    fn naive_split(raw: &[u8]) -> Option<(&[u8], &[u8])> {
        let mut at = 0;
        while at < raw.len() {
            match raw[at] {
                b':' => return Some((&raw[..at], &raw[at + 1..])),
                b'\\' => at += 2,
                _ => at += 1,
            }
        }
        None
    }

    /// Unescaping as the rules say it, one byte at a time.
    fn naive_unescape(raw: &[u8], flavor: Flavor) -> Vec<u8> {
        let mut out = Vec::new();
        let mut i = 0;
        while i < raw.len() {
            let mut b = raw[i];
            i += 1;
            let escaped = b == b'\\';
            if escaped {
                if i == raw.len() {
                    break;
                }
                b = raw[i];
                i += 1;
            }
            if b == b'\n' || b == b'\r' {
                if i < raw.len() && (raw[i] == b'\n' || raw[i] == b'\r') && raw[i] != b {
                    i += 1;
                }
                if !escaped {
                    out.push(if flavor == Flavor::Text { b'\n' } else { b' ' });
                }
            } else if b == b'\t' || b == 0x0b || b == 0x0c {
                out.push(b' ');
            } else {
                out.push(b);
            }
        }
        out
    }

    pub(super) fn sgf_bytes() -> impl Strategy<Value = Vec<u8>> {
        proptest::collection::vec(
            prop_oneof![
                Just(b']'),
                Just(b'\\'),
                Just(b':'),
                Just(b'\n'),
                Just(b'\r'),
                Just(b'\t'),
                Just(b'['),
                b'a'..=b'c',
                any::<u8>()
            ],
            0..40,
        )
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        #[test]
        fn value_end_matches_the_naive_rule(body in sgf_bytes(), from in 0usize..40) {
            let from = from.min(body.len());
            prop_assert_eq!(find_value_end(&body, from), naive_value_end(&body, from));
        }

        #[test]
        fn compose_split_matches_the_naive_rule(raw in sgf_bytes()) {
            prop_assert_eq!(split_compose(&raw), naive_split(&raw));
        }

        #[test]
        fn unescape_matches_the_naive_rule(raw in sgf_bytes()) {
            for flavor in [Flavor::Text, Flavor::SimpleText] {
                prop_assert_eq!(&*unescape(&raw, flavor), &naive_unescape(&raw, flavor)[..]);
            }
        }

    }

    #[test]
    fn close_or_escape_in_finds_the_first_at_each_place() {
        for at in 0..8 {
            for (byte, other) in [(b']', b'\\'), (b'\\', b']')] {
                let mut word = *b"abcdefgh";
                word[at] = byte;
                if at < 7 {
                    word[7] = other;
                }
                let found = close_or_escape_in(u64::from_le_bytes(word));
                assert_eq!(found, Some(at), "{word:?}");
            }
        }
        assert_eq!(close_or_escape_in(u64::from_le_bytes(*b"[pd;B[AZ")), None);
        assert_eq!(close_or_escape_in(u64::from_le_bytes([0x5e; 8])), None);
        assert_eq!(close_or_escape_in(u64::from_le_bytes([0x5c; 8])), Some(0));
    }

    #[test]
    fn value_ends_at_every_place() {
        assert_eq!(find_value_end(b"[ab]", 1), ValueEnd::Closed(3));
        assert_eq!(find_value_end(b"[\\]]", 1), ValueEnd::Closed(3));
        assert_eq!(find_value_end(b"[a\\", 1), ValueEnd::Open(2));
        assert_eq!(find_value_end(b"[aaaaa", 1), ValueEnd::Open(6));
        assert_eq!(find_value_end(b"[aaaa\\\\]", 1), ValueEnd::Closed(7));
        assert_eq!(find_close(b"a\\]b]"), Some(4));
        assert_eq!(find_close(b"ab\\]"), None);
    }

    #[test]
    fn a_byte_is_escaped_after_an_odd_run_of_backslashes() {
        assert!(!is_escaped(b"a]", 1));
        assert!(is_escaped(b"a\\]", 2));
        assert!(!is_escaped(b"a\\\\]", 3));
        assert!(is_escaped(b"\\\\\\]", 3));
        assert!(!is_escaped(b"]", 0));
    }

    #[test]
    fn values_end_after_their_closing_bracket() {
        assert_eq!(value_end(b"[pd]B", 1), 4);
        assert_eq!(value_end(b"[a\\]b]", 1), 6);
        assert_eq!(value_end(b"[\\\\]", 1), 4);
        assert_eq!(value_end(b"[\\\\\\\\\\]]x", 1), 8);
        assert_eq!(value_end(b"[long value here]", 1), 17);
        assert_eq!(value_end(b"[never closed", 1), 13);
    }

    #[test]
    fn repaired_values() {
        assert_eq!(repaired_value(b"a [b])]"), b"a [b])");
        assert_eq!(repaired_value(b"open"), b"open");
        assert_eq!(repaired_value(b"ends \\]"), b"ends \\]");
        assert_eq!(repaired_value(b"ends \\\\]"), b"ends \\\\");
        assert_eq!(&*escape_stray(b"a [b])"), b"a [b\\])");
        assert_eq!(&*escape_stray(b"x\\"), b"x");
        assert_eq!(&*escape_stray(b"a\\]b"), b"a\\]b");
    }
}
