//! A cheap look at the structure of SGF bytes by the rules of
//! [`lex`](crate::lex): where the first game tree closes (the scan of
//! `lex` every part of the crate uses for that), and whether the bytes
//! read as game trees at all. For choosing a charset from a bounded
//! prefix, never for parsing.

use crate::lex;
pub(crate) use crate::lex::tree_open;
#[cfg(feature = "encoding")]
use crate::lex::Lead;
#[cfg(feature = "encoding")]
use crate::lex::{TreeEnd, TreeScan, ValueEnd};
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
    let end = memchr::memchr3_iter(b';', b'(', b')', &bytes[after..])
        .map(|at| after + at)
        .find(|&at| {
            let before = bytes[semicolon..at]
                .iter()
                .rposition(|b| !lex::is_space(*b))
                .map_or(semicolon, |back| semicolon + back);
            before == semicolon || (bytes[before] == b']' && !lex::is_escaped(bytes, before))
        })
        .unwrap_or(bytes.len());
    crate::work::count(end - open);
    end
}

/// Scans `bytes` from the first `(;` (anything before it is skipped) to
/// the end of that game tree ([`extent`]), checking that they read as
/// game trees on the way. `complete` says the bytes are the whole rest
/// of the input, so that a game or value left open does not read. With
/// `lead`, a lead byte inside a value takes the byte after it along.
#[cfg(feature = "encoding")]
pub(crate) fn scan(bytes: &[u8], complete: bool, lead: Option<Lead>) -> Shape {
    let Some(open) = tree_open(bytes, 0) else {
        return Shape {
            reads: true,
            end: None,
        };
    };
    let end = extent_from(bytes, open, lead);
    let stop = end.unwrap_or(bytes.len());
    Shape {
        reads: (end.is_some() || !complete) && reads_as_trees(&bytes[..stop], open, lead),
        end,
    }
}

/// Whether `bytes` from `at` on hold only what game trees hold between
/// values (parentheses, `;`, whitespace, identifiers each followed by a
/// value), as far as they go.
#[cfg(feature = "encoding")]
fn reads_as_trees(bytes: &[u8], mut at: usize, lead: Option<Lead>) -> bool {
    loop {
        at = lex::skip_space(bytes, at);
        let Some(&b) = bytes.get(at) else {
            return true;
        };
        match b {
            b'(' | b')' | b';' => at += 1,
            b'A'..=b'Z' | b'a'..=b'z' => {
                while bytes.get(at).is_some_and(u8::is_ascii_alphabetic) {
                    at += 1;
                }
                work::count(1);
                at = lex::skip_space(bytes, at);
                match bytes.get(at) {
                    Some(b'[') | None => {}
                    Some(_) => return false,
                }
            }
            b'[' => match lex::find_value_end_in(bytes, at + 1, lead) {
                ValueEnd::Closed(close) => at = close + 1,
                ValueEnd::Open(_) => return true,
            },
            _ => return false,
        }
    }
}

/// Just past the `)` that closes the first game tree of `bytes` (from
/// its first `(;`), if in them: parentheses counted outside values by
/// [`TreeScan`]. With `lead`, a lead byte inside a value takes the byte
/// after it along.
#[cfg(feature = "encoding")]
pub(crate) fn extent(bytes: &[u8], lead: Option<Lead>) -> Option<usize> {
    extent_from(bytes, tree_open(bytes, 0)?, lead)
}

/// [`extent`] of the game tree opened at `open`.
#[cfg(feature = "encoding")]
fn extent_from(bytes: &[u8], mut open: usize, lead: Option<Lead>) -> Option<usize> {
    match TreeScan::new(0).with_lead(lead).end(bytes, &mut open) {
        TreeEnd::Closed(end) => Some(end),
        TreeEnd::More | TreeEnd::TooDeep(_) => None,
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
