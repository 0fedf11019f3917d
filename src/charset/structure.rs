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
pub(crate) type Lead = fn(u8) -> bool;

/// The first `(` from `from` on that opens a game tree or a variation:
/// followed by `;`, whitespace aside.
pub(crate) fn tree_open(bytes: &[u8], from: usize) -> Option<usize> {
    let rest = bytes.get(from..)?;
    memchr::memchr_iter(b'(', rest)
        .map(|at| from + at)
        .find(|&at| bytes.get(lex::skip_space(bytes, at + 1)) == Some(&b';'))
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

/// The `]` closing the value whose body starts at `from`, if in `bytes`.
#[cfg(feature = "encoding")]
fn value_end(bytes: &[u8], from: usize, lead: Option<Lead>) -> Option<usize> {
    let Some(lead) = lead else {
        return match lex::find_value_end(bytes, from) {
            ValueEnd::Closed(close) => Some(close),
            ValueEnd::Open(_) => None,
        };
    };
    let mut at = from;
    while let Some(&b) = bytes.get(at) {
        match b {
            b']' => {
                work::count(at + 1 - from);
                return Some(at);
            }
            b'\\' => at += 2,
            _ if lead(b) => at += 2,
            _ => at += 1,
        }
    }
    work::count(at - from);
    None
}

#[cfg(all(test, feature = "encoding"))]
mod tests {
    use super::*;

    fn sjis_lead(b: u8) -> bool {
        matches!(b, 0x81..=0x9F | 0xE0..=0xFC)
    }

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
    fn a_lead_byte_takes_its_trail_along() {
        // 表 in Shift_JIS is 95 5C: no escape when read in pairs.
        let bytes = b"(;C[\x95\x5c])(;C[x])";
        assert_eq!(scan(bytes, true, Some(sjis_lead)).end, Some(8));
        // Read byte by byte, `\]` is an escape: the first game swallows
        // the start of the second.
        assert_eq!(scan(bytes, true, None).end, Some(15));
    }
}
