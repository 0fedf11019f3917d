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

use crate::lex::{self, Escape, Flavor};

/// A value's bytes are not valid UTF-8.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("value is not valid UTF-8 at byte {offset} of the value")]
pub struct Utf8Error {
    /// Where the first invalid byte is, counted in the raw value.
    pub offset: usize,
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
            let unescaped = lex::unescape(raw, Flavor::Text);
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
    lex::escape_str(text, Escape::VALUE)
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
    let mut out = Vec::with_capacity(left.len() + right.len() + 5);
    lex::escape_into(left.as_bytes(), Escape::COMPOSE_HALF, &mut out);
    out.push(b':');
    lex::escape_into(right.as_bytes(), Escape::COMPOSE_HALF, &mut out);
    // Only ASCII `\` and `:` were added around the halves' UTF-8.
    String::from_utf8(out).unwrap_or_default()
}

fn valid(bytes: &[u8]) -> Result<&str, Utf8Error> {
    std::str::from_utf8(bytes).map_err(|e| Utf8Error {
        offset: e.valid_up_to(),
    })
}

fn decode(raw: &[u8], flavor: Flavor) -> Result<Cow<'_, str>, Utf8Error> {
    // Validate the raw bytes first so the offset names the raw value; the
    // unescaped bytes are then valid too, as escapes only remove ASCII.
    let valid = valid(raw)?;
    match lex::unescape(raw, flavor) {
        Cow::Borrowed(_) => Ok(Cow::Borrowed(valid)),
        Cow::Owned(bytes) => Ok(Cow::Owned(
            String::from_utf8(bytes).expect("unescaping valid UTF-8 keeps it valid"),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
