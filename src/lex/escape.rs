//! Escaping: text written as (part of) a value, the one escaper of the
//! crate (the writer, `Display`, `value::escape`, the typed encoders).

use std::borrow::Cow;

/// How [`escape_into`] writes text as (part of) a value: which bytes get
/// a `\` before them, and how line feeds are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Escape {
    /// `:` gets a `\` too: one half of a Compose value.
    colon: bool,
    /// A line feed not after a CR is written CRLF.
    crlf: bool,
}

impl Escape {
    /// `\` and `]`: a whole value.
    pub(crate) const VALUE: Escape = Escape {
        colon: false,
        crlf: false,
    };
    /// `\`, `]` and `:`: one half of a Compose value.
    pub(crate) const COMPOSE_HALF: Escape = Escape {
        colon: true,
        crlf: false,
    };

    /// The same escapes; with `crlf`, each line feed not after a CR is
    /// written as CRLF (the output line break of a writer).
    #[inline]
    pub(crate) const fn crlf(self, crlf: bool) -> Escape {
        Escape { crlf, ..self }
    }
}

/// Whether `text` has a byte that [`escape_into`] may change (with
/// `crlf`, any line feed).
#[inline]
pub(crate) fn needs_escape(text: &[u8], escape: Escape) -> bool {
    match (escape.colon, escape.crlf) {
        (false, false) => memchr::memchr2(b'\\', b']', text).is_some(),
        (true, false) => memchr::memchr3(b'\\', b']', b':', text).is_some(),
        (false, true) => memchr::memchr3(b'\\', b']', b'\n', text).is_some(),
        (true, true) => text
            .iter()
            .any(|&b| matches!(b, b'\\' | b']' | b':' | b'\n')),
    }
}

/// Appends `text` to `out` as `escape` says: a `\` before each `\` and
/// `]` (and `:` for a Compose half), and with `crlf` a line feed not
/// after a CR as CRLF.
pub(crate) fn escape_into(text: &[u8], escape: Escape, out: &mut Vec<u8>) {
    if text.len() < 16 {
        // Short values (moves, numbers): a plain loop beats setting up a
        // vector search.
        let special = |b: &u8| matches!(b, b'\\' | b']' | b'\n' | b':');
        if !text.iter().any(special) {
            out.extend_from_slice(text);
            return;
        }
        return escape_bytewise(text, escape, out);
    }
    let third = match (escape.colon, escape.crlf) {
        (true, true) => return escape_bytewise(text, escape, out),
        (true, false) => b':',
        (false, true) => b'\n',
        (false, false) => b']',
    };
    let mut last = 0;
    for at in memchr::memchr3_iter(b'\\', b']', third, text) {
        out.extend_from_slice(&text[last..at]);
        push_special(text, at, escape.crlf, out);
        last = at + 1;
    }
    out.extend_from_slice(&text[last..]);
}

fn escape_bytewise(text: &[u8], escape: Escape, out: &mut Vec<u8>) {
    for (at, &byte) in text.iter().enumerate() {
        match byte {
            b'\\' | b']' | b'\n' => push_special(text, at, escape.crlf, out),
            b':' if escape.colon => push_special(text, at, escape.crlf, out),
            _ => out.push(byte),
        }
    }
}

/// Appends the special byte at `text[at]`: escaped, or a line feed.
fn push_special(text: &[u8], at: usize, crlf: bool, out: &mut Vec<u8>) {
    match text[at] {
        b'\n' if crlf && (at == 0 || text[at - 1] != b'\r') => out.extend_from_slice(b"\r\n"),
        b'\n' => out.push(b'\n'),
        byte => out.extend_from_slice(&[b'\\', byte]),
    }
}

/// `text` escaped as `escape` says, borrowed when nothing needs it.
pub(crate) fn escape_str(text: &str, escape: Escape) -> Cow<'_, str> {
    if !needs_escape(text.as_bytes(), escape) {
        return Cow::Borrowed(text);
    }
    let mut out = Vec::with_capacity(text.len() + 4);
    escape_into(text.as_bytes(), escape, &mut out);
    // Only ASCII `\` bytes were added before ASCII bytes.
    Cow::Owned(String::from_utf8(out).unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lex::tests::sgf_bytes;
    use crate::lex::{first_unescaped_close, remove_escapes, split_compose};
    use proptest::prelude::*;

    const ESCAPES: [Escape; 4] = [
        Escape::VALUE,
        Escape::COMPOSE_HALF,
        Escape::VALUE.crlf(true),
        Escape::COMPOSE_HALF.crlf(true),
    ];

    /// Escaping as the rules say it, one byte at a time.
    fn naive_escape(text: &[u8], escape: Escape) -> Vec<u8> {
        let mut out = Vec::new();
        for (at, &b) in text.iter().enumerate() {
            if b == b'\\' || b == b']' || (escape.colon && b == b':') {
                out.push(b'\\');
            }
            if b == b'\n' && escape.crlf && (at == 0 || text[at - 1] != b'\r') {
                out.push(b'\r');
            }
            out.push(b);
        }
        out
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        #[test]
        fn escaping_matches_the_naive_rule(text in sgf_bytes(), long in any::<bool>()) {
            // Long texts take the vector search, short ones the loop.
            let text = if long { text.repeat(3) } else { text };
            for escape in ESCAPES {
                let mut fast = Vec::new();
                escape_into(&text, escape, &mut fast);
                prop_assert_eq!(fast, naive_escape(&text, escape));
                if !needs_escape(&text, escape) {
                    prop_assert_eq!(naive_escape(&text, escape), text.clone());
                }
            }
        }

        #[test]
        fn escaped_text_is_one_closed_value(text in sgf_bytes()) {
            for escape in [Escape::VALUE, Escape::COMPOSE_HALF] {
                let mut value = Vec::new();
                escape_into(&text, escape, &mut value);
                // It reads back as one value whose text is the original,
                // and a compose half holds no unescaped `:`.
                prop_assert_eq!(first_unescaped_close(&value), None);
                prop_assert_eq!(&*remove_escapes(&value), &text[..]);
                if escape == Escape::COMPOSE_HALF {
                    prop_assert_eq!(split_compose(&value), None);
                }
            }
        }
    }

    #[test]
    fn escaping() {
        let escaped = |text: &str, escape| {
            let mut out = Vec::new();
            escape_into(text.as_bytes(), escape, &mut out);
            String::from_utf8(out).unwrap()
        };
        assert_eq!(escaped("a]b\\c:d\ne", Escape::VALUE), "a\\]b\\\\c:d\ne");
        assert_eq!(
            escaped("a]b\\c:d\ne", Escape::COMPOSE_HALF),
            "a\\]b\\\\c\\:d\ne"
        );
        assert_eq!(
            escaped("a]:\n\r\n", Escape::VALUE.crlf(true)),
            "a\\]:\r\n\r\n"
        );
        assert_eq!(
            escaped("a]:\n\r\n", Escape::COMPOSE_HALF.crlf(true)),
            "a\\]\\:\r\n\r\n"
        );
        assert_eq!(escape_str("a]b\\c", Escape::VALUE), "a\\]b\\\\c");
        assert_eq!(escape_str("1:0 ]", Escape::COMPOSE_HALF), "1\\:0 \\]");
        assert!(matches!(
            escape_str("plain", Escape::VALUE),
            Cow::Borrowed(_)
        ));
    }
}
