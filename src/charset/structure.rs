//! A cheap look at the structure of SGF bytes by the rules of
//! [`lex`](crate::lex): where the first game tree closes, and whether
//! the bytes read as game trees at all. For choosing a charset from a
//! bounded prefix, never for parsing.

use crate::lex;
#[cfg(feature = "encoding")]
use crate::lex::ValueEnd;
#[cfg(feature = "encoding")]
use crate::work;

/// What [`scan`] found.
#[cfg(feature = "encoding")]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Shape {
    /// The bytes read as game trees (as far as they go, when they are a
    /// prefix).
    pub reads: bool,
    /// Just past the `)` that closes the first game tree, if in the
    /// bytes.
    pub end: Option<usize>,
}

/// The lead bytes of a double-byte charset whose second byte can be `\`
/// or `]`: a lead and the byte after it are one character.
#[cfg(feature = "encoding")]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Lead {
    /// Shift_JIS: 0x81–0x9F and 0xE0–0xFC (0xA1–0xDF are one-byte kana).
    ShiftJis,
    /// GB18030 and Big5: 0x81–0xFE.
    Wide,
}

#[cfg(feature = "encoding")]
impl Lead {
    #[inline(always)]
    fn leads(self, b: u8) -> bool {
        match self {
            Lead::ShiftJis => matches!(b, 0x81..=0x9F | 0xE0..=0xFC),
            Lead::Wide => matches!(b, 0x81..=0xFE),
        }
    }
}

/// The first `(` from `from` on that opens a game tree or a variation:
/// followed by `;`, whitespace aside.
pub(crate) fn tree_open(bytes: &[u8], from: usize) -> Option<usize> {
    let rest = bytes.get(from..)?;
    memchr::memchr_iter(b'(', rest)
        .map(|at| from + at)
        .find(|&at| bytes.get(lex::skip_space(bytes, at + 1)) == Some(&b';'))
}

/// Where the root node of the game tree opened at `open` (a `(` that
/// [`tree_open`] found) ends, within `bytes`: at the first `;`, `(` or
/// `)` that follows the root's own `;` or an unescaped `]`, whitespace
/// aside. A cheap bound for root properties, not a parse: a `]` escaped
/// by the trail byte of a double-byte character can carry the bound on
/// to a later node, never short of the root.
pub(crate) fn root_end(bytes: &[u8], open: usize) -> usize {
    let Some(semicolon) = memchr::memchr(b';', &bytes[open..]).map(|at| open + at) else {
        return bytes.len();
    };
    let after = semicolon + 1;
    memchr::memchr3_iter(b';', b'(', b')', &bytes[after..])
        .map(|at| after + at)
        .find(|&at| {
            let before = bytes[semicolon..at]
                .iter()
                .rposition(|b| !lex::is_space(*b))
                .map_or(semicolon, |back| semicolon + back);
            before == semicolon || (bytes[before] == b']' && !lex::is_escaped(bytes, before))
        })
        .unwrap_or(bytes.len())
}

/// Scans `bytes` from the first `(;` (anything before it is skipped) to
/// the end of that game tree. `complete` says the bytes are the whole
/// rest of the input, so that a game or value left open does not read.
/// With `lead`, a lead byte inside a value takes the byte after it along.
#[cfg(feature = "encoding")]
pub(crate) fn scan(bytes: &[u8], complete: bool, lead: Option<Lead>) -> Shape {
    let open = Shape {
        reads: !complete,
        end: None,
    };
    let broken = Shape {
        reads: false,
        end: None,
    };
    let Some(mut at) = tree_open(bytes, 0) else {
        return Shape {
            reads: true,
            end: None,
        };
    };
    work::count(at);
    let mut depth = 0u32;
    loop {
        at = lex::skip_space(bytes, at);
        let Some(&b) = bytes.get(at) else {
            return open;
        };
        match b {
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth == 0 {
                    return Shape {
                        reads: true,
                        end: Some(at + 1),
                    };
                }
            }
            b';' => {}
            b'A'..=b'Z' | b'a'..=b'z' => {
                while bytes.get(at + 1).is_some_and(u8::is_ascii_alphabetic) {
                    at += 1;
                }
                work::count(1);
                let value = lex::skip_space(bytes, at + 1);
                match bytes.get(value) {
                    Some(b'[') => at = value - 1,
                    Some(_) => return broken,
                    None => return open,
                }
            }
            b'[' => match value_end(bytes, at + 1, lead) {
                Some(close) => at = close,
                None => return open,
            },
            _ => return broken,
        }
        at += 1;
    }
}

/// Just past the `)` that closes the first game tree of `bytes` (from
/// its first `(;`), if in them: parentheses counted outside values, as
/// [`scan`] counts them but without checking the rest. With `lead`, a
/// lead byte inside a value takes the byte after it along.
#[cfg(feature = "encoding")]
pub(crate) fn extent(bytes: &[u8], lead: Option<Lead>) -> Option<usize> {
    let mut at = tree_open(bytes, 0)?;
    let from = at;
    let mut depth = 0u32;
    let end = loop {
        let Some(&b) = bytes.get(at) else {
            break None;
        };
        match b {
            b'[' => match value_end(bytes, at + 1, lead) {
                Some(close) => at = close,
                None => break None,
            },
            b'(' => depth += 1,
            b')' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    break Some(at + 1);
                }
            }
            _ => {}
        }
        at += 1;
    };
    work::count(end.unwrap_or(bytes.len()) - from);
    end
}

/// The first `]` or `\` from `at` on: one word of 8 bytes answers most
/// values, memchr the others.
#[cfg(feature = "encoding")]
#[inline]
fn close_or_escape(bytes: &[u8], at: usize) -> Option<usize> {
    if let Some(word) = bytes.get(at..at + 8) {
        let word = u64::from_le_bytes(word.try_into().unwrap_or([0; 8]));
        if let Some(k) = lex::close_or_escape_in(word) {
            work::count(k + 1);
            return Some(at + k);
        }
    }
    let found = memchr::memchr2(b']', b'\\', &bytes[at..]);
    work::count(found.map_or(bytes.len() - at, |found| found + 1));
    Some(at + found?)
}

/// The `]` closing the value whose body starts at `from`, if in `bytes`.
#[cfg(feature = "encoding")]
pub(crate) fn value_end(bytes: &[u8], from: usize, lead: Option<Lead>) -> Option<usize> {
    let Some(lead) = lead else {
        return match lex::find_value_end(bytes, from) {
            ValueEnd::Closed(close) => Some(close),
            ValueEnd::Open(_) => None,
        };
    };
    let mut at = from;
    loop {
        // `at` starts a character. A `]` or `\` found after it is one if
        // the characters from `at` (or from just after the last byte no
        // charset uses inside a character, below 0x30) lead up to it.
        let candidate = close_or_escape(bytes, at)?;
        let before = &bytes[at..candidate];
        let mut walk = match before.is_ascii() {
            true => candidate,
            false => before
                .iter()
                .rposition(|&b| b < 0x30)
                .map_or(at, |q| at + q + 1),
        };
        work::count(before.len() + candidate - walk);
        let width = |at: usize| match bytes.get(at) {
            Some(&b) if lead.leads(b) => 2,
            _ => 1,
        };
        while walk < candidate {
            walk += width(walk);
        }
        at = match (walk == candidate, bytes[candidate]) {
            (false, _) => candidate + 1,
            (true, b']') => return Some(candidate),
            // An escape: the character after it is text.
            (true, _) => candidate + 1 + width(candidate + 1),
        };
        if at >= bytes.len() {
            return None;
        }
    }
}

#[cfg(all(test, feature = "encoding"))]
mod tests {
    use super::*;

    #[test]
    fn finds_the_end_of_the_first_game() {
        let first = "junk (x) \n(;GM[1]C[a\\]b](;B[aa])(;W[bb]))";
        let shape = scan(format!("{first}(;C[c])").as_bytes(), true, None);
        assert_eq!(
            shape,
            Shape {
                reads: true,
                end: Some(first.len())
            }
        );
        assert_eq!(
            scan(b"(;C[open", false, None),
            Shape {
                reads: true,
                end: None
            }
        );
        assert_eq!(
            scan(b"(;C[open", true, None),
            Shape {
                reads: false,
                end: None
            }
        );
        assert!(!scan(b"(;C[a]x)", true, None).reads);
        assert_eq!(scan(b"(;AddBlack [aa]\n[bb])", true, None).end, Some(21));
        assert_eq!(
            scan(b"no game", true, None),
            Shape {
                reads: true,
                end: None
            }
        );
    }

    #[test]
    fn the_extent_is_where_the_scan_ends_the_game() {
        for bytes in [
            &b"x (3) (;GM[1]C[a\\]b(](;B[aa])(;W[bb]))(;C[c])"[..],
            b"(;C[open",
            b"(;AddBlack [aa]\n[bb]) (;",
            b"(;C[\x95\x5c])(;C[x])",
        ] {
            assert_eq!(
                extent(bytes, None),
                scan(bytes, false, None).end,
                "{bytes:?}"
            );
        }
        assert_eq!(
            extent(b"(;C[\x95\x5c])(;C[x])", Some(Lead::ShiftJis)),
            Some(8)
        );
    }

    #[test]
    fn an_escape_takes_a_whole_character() {
        // `\表]`: the escape covers 表 (95 5C), and `]` ends the value.
        let bytes = b"(;C[\\\x95\x5c])(;C[x])";
        assert_eq!(extent(bytes, Some(Lead::ShiftJis)), Some(9));
        // `a表]x]`: the first `]` ends the value, the game ends at `)`.
        let bytes = b"(;C[a\x95\x5c]x])";
        assert_eq!(extent(bytes, Some(Lead::ShiftJis)), Some(11));
    }

    #[test]
    fn a_lead_byte_takes_its_trail_along() {
        // 表 in Shift_JIS is 95 5C: no escape when read in pairs.
        let bytes = b"(;C[\x95\x5c])(;C[x])";
        assert_eq!(scan(bytes, true, Some(Lead::ShiftJis)).end, Some(8));
        // Read byte by byte, `\]` is an escape: the first game swallows
        // the start of the second.
        assert_eq!(scan(bytes, true, None).end, Some(15));
    }
}
