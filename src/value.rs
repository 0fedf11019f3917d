//! Decoding raw values: SGF Text and SimpleText, and the escaping rules.
//!
//! The rules, exactly those of the FF\[4\] spec and the "SGF Parsing"
//! exercise:
//! - `\` escapes the next character: `\]` is `]`, `\\` is `\`, `\q` is `q`;
//! - `\` followed by a line break (LF, CR, CRLF or LFCR) is a soft line
//!   break and is removed;
//! - any other whitespace (tab, vertical tab, form feed), escaped or not,
//!   becomes a space; only ASCII whitespace counts, so an ideographic space
//!   (U+3000) in a Japanese comment is kept as it is;
//! - in Text, other line breaks are hard line breaks, each written `\n`;
//!   in SimpleText they become a space too.
//!
//! Both decoders borrow the input when it needs no change.

use std::borrow::Cow;

/// A value's bytes are not valid UTF-8.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("value is not valid UTF-8 at byte {offset} of the value")]
pub struct Utf8Error {
    /// Where the first invalid byte is, counted in the raw value.
    pub offset: usize,
}

/// The index of the first unescaped `]` in `body`, the bytes after a `[`.
pub(crate) fn find_close(body: &[u8]) -> Option<usize> {
    let mut at = 0;
    loop {
        let found = memchr::memchr2(b']', b'\\', &body[at..]);
        crate::work::count(found.map_or(body.len() - at, |found| found + 1));
        at += found?;
        if body[at] == b']' {
            return Some(at);
        }
        at += 2;
        if at > body.len() {
            return None;
        }
    }
}

/// Decodes a raw value as SGF Text.
///
/// # Errors
/// [`Utf8Error`] when the bytes are not valid UTF-8.
///
/// # Examples
/// ```
/// use sgf_stream::value::text;
/// assert_eq!(text(b"hello\t\\\nworld\\]").unwrap(), "hello world]");
/// assert_eq!(text(b"line one\r\nline two").unwrap(), "line one\nline two");
/// assert!(matches!(text(b"plain"), Ok(std::borrow::Cow::Borrowed("plain"))));
/// ```
pub fn text(raw: &[u8]) -> Result<Cow<'_, str>, Utf8Error> {
    decode(raw, Flavor::Text)
}

/// Decodes a raw value as SGF SimpleText: like [`text`], but hard line
/// breaks become spaces too.
///
/// # Errors
/// [`Utf8Error`] when the bytes are not valid UTF-8.
///
/// # Examples
/// ```
/// use sgf_stream::value::simple_text;
/// assert_eq!(simple_text(b"Lee\r\nSedol\\\n").unwrap(), "Lee Sedol");
/// ```
pub fn simple_text(raw: &[u8]) -> Result<Cow<'_, str>, Utf8Error> {
    decode(raw, Flavor::SimpleText)
}

/// Decodes a raw value as Text, replacing invalid UTF-8 with U+FFFD.
pub fn text_lossy(raw: &[u8]) -> Cow<'_, str> {
    match text(raw) {
        Ok(text) => text,
        Err(_) => {
            let unescaped = decode_bytes(raw, Flavor::Text);
            Cow::Owned(String::from_utf8_lossy(&unescaped).into_owned())
        }
    }
}

/// Escapes `text` for writing inside `[` and `]`: `\` and `]` get a `\`.
///
/// ```
/// assert_eq!(sgf_stream::value::escape("a]b\\c"), "a\\]b\\\\c");
/// ```
pub fn escape(text: &str) -> Cow<'_, str> {
    if !text.bytes().any(|b| b == b']' || b == b'\\') {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 4);
    for ch in text.chars() {
        if ch == ']' || ch == '\\' {
            out.push('\\');
        }
        out.push(ch);
    }
    Cow::Owned(out)
}

/// Escapes the two halves of a Compose value and joins them with `:`:
/// `\`, `]` and `:` in each half get a `\`, so the value splits back at
/// the right colon.
///
/// ```
/// use sgf_stream::value::escape_compose;
/// assert_eq!(escape_compose("dp", "1:0 ]"), "dp:1\\:0 \\]");
/// ```
pub fn escape_compose(left: &str, right: &str) -> String {
    let mut out = String::with_capacity(left.len() + right.len() + 5);
    for (at, half) in [left, right].into_iter().enumerate() {
        if at == 1 {
            out.push(':');
        }
        for ch in half.chars() {
            if matches!(ch, ']' | '\\' | ':') {
                out.push('\\');
            }
            out.push(ch);
        }
    }
    out
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Flavor {
    Text,
    SimpleText,
}

/// Whether `byte` is changed by decoding: `\\`, CR, tab, vertical tab,
/// form feed, and for SimpleText LF. Branch-free, so loops vectorise.
#[inline]
fn special(byte: u8, flavor: Flavor) -> bool {
    // 9..=13: tab, LF, VT, FF, CR; LF only matters for SimpleText.
    let space = (byte.wrapping_sub(9) < 5) & ((byte != b'\n') | (flavor == Flavor::SimpleText));
    (byte == b'\\') | space
}

/// Whether any byte needs [`decode_bytes`]: a branch-free scan over
/// blocks, which the compiler vectorises (comments are long).
fn needs_work(raw: &[u8], flavor: Flavor) -> bool {
    raw.chunks(32).any(|block| {
        block
            .iter()
            .fold(false, |found, &byte| found | special(byte, flavor))
    })
}

fn valid(bytes: &[u8]) -> Result<&str, Utf8Error> {
    std::str::from_utf8(bytes).map_err(|e| Utf8Error {
        offset: e.valid_up_to(),
    })
}

fn decode(raw: &[u8], flavor: Flavor) -> Result<Cow<'_, str>, Utf8Error> {
    if !needs_work(raw, flavor) {
        return valid(raw).map(Cow::Borrowed);
    }
    // Validate the raw bytes first so the offset names the raw value; the
    // unescaped bytes are then valid too, as escapes only remove ASCII.
    valid(raw)?;
    let bytes = decode_bytes(raw, flavor);
    Ok(Cow::Owned(
        String::from_utf8(bytes).expect("unescaping valid UTF-8 keeps it valid"),
    ))
}

/// Applies the escape and whitespace rules to bytes, whatever their
/// encoding (all the rules act on ASCII bytes only).
pub(crate) fn decode_bytes(raw: &[u8], flavor: Flavor) -> Vec<u8> {
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
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn find_close_skips_escapes() {
        assert_eq!(find_close(b"a\\]b]"), Some(4));
        assert_eq!(find_close(b"\\\\]"), Some(2));
        assert_eq!(find_close(b"abc"), None);
        assert_eq!(find_close(b"ab\\"), None);
        assert_eq!(find_close(b"ab\\]"), None);
    }

    #[test]
    fn line_break_pairs_count_once() {
        for raw in [&b"a\r\nb"[..], b"a\n\rb", b"a\nb", b"a\rb"] {
            assert_eq!(text(raw).unwrap(), "a\nb", "{raw:?}");
            assert_eq!(simple_text(raw).unwrap(), "a b", "{raw:?}");
        }
        assert_eq!(text(b"a\n\nb").unwrap(), "a\n\nb");
        assert_eq!(text(b"a\r\n\r\nb").unwrap(), "a\n\nb");
        for raw in [&b"a\\\r\nb"[..], b"a\\\n\rb", b"a\\\nb", b"a\\\rb"] {
            assert_eq!(text(raw).unwrap(), "ab", "{raw:?}");
        }
    }

    #[test]
    fn invalid_utf8_names_its_offset() {
        assert_eq!(text(b"ab\xffc"), Err(Utf8Error { offset: 2 }));
        assert_eq!(text(b"a\\]\xff"), Err(Utf8Error { offset: 3 }));
        assert_eq!(text_lossy(b"a\\]\xff"), "a]\u{fffd}");
    }

    #[test]
    fn unicode_whitespace_is_kept() {
        assert_eq!(
            text("a\u{3000}b\u{a0}".as_bytes()).unwrap(),
            "a\u{3000}b\u{a0}"
        );
    }
}
