//! Byte scanners the lenient stage uses to find where to resume after an
//! error. None of them allocates; each looks at a linear part of the
//! bytes it is given, which the stage bounds by its look-ahead: their
//! end is the end of what may be looked at.

use crate::lex::{find_close, is_space, skip_space};
use crate::work;

/// How far past a stray `]` the lenient layer looks for the `]` that
/// really closes the value.
const BRACKET_WINDOW: usize = 64 * 1024;

/// The end of the run of ASCII letters (any case) starting at `at`.
pub(crate) fn letters_end(input: &[u8], from: usize) -> usize {
    let mut at = from;
    while at < input.len() && input[at].is_ascii_alphabetic() {
        at += 1;
    }
    work::count(at - from + 1);
    at
}

/// Whether a property starts at `at`: an uppercase letter, more letters
/// of any case, optional whitespace and `[`.
pub(crate) fn property_at(input: &[u8], at: usize) -> bool {
    if !input.get(at).is_some_and(u8::is_ascii_uppercase) {
        return false;
    }
    let next = skip_space(input, letters_end(input, at));
    input.get(next) == Some(&b'[')
}

/// Where the next game tree starts at or after `from`: a `(` followed by
/// whitespace and `;` or `(` (as sgfc and sgfmill look for it); failing
/// that, a `(` followed by a property; failing that, the end.
pub(crate) fn find_tree_start(input: &[u8], from: usize) -> usize {
    let mut fallback = None;
    let mut scanned = from;
    for found in memchr::memchr_iter(b'(', &input[from..]) {
        let at = from + found;
        work::count(at + 1 - scanned);
        scanned = at + 1;
        let next = skip_space(input, at + 1);
        match input.get(next) {
            Some(b';' | b'(') => return at,
            _ if fallback.is_none() && property_at(input, next) => fallback = Some(at),
            _ => {}
        }
    }
    work::count(input.len() - scanned);
    fallback.unwrap_or(input.len())
}

/// Root properties: only a game's first node holds them.
const ROOT: &[&[u8]] = &[b"AP", b"CA", b"FF", b"GM", b"ST", b"SZ"];

/// Whether a node with a root property starts at `at` (after
/// whitespace): the sign of a game's first node.
pub(crate) fn root_node_at(input: &[u8], at: usize) -> bool {
    let mut at = skip_space(input, at);
    if input.get(at) != Some(&b';') {
        return false;
    }
    at += 1;
    loop {
        let start = skip_space(input, at);
        let end = letters_end(input, start);
        at = skip_space(input, end);
        if end == start || input.get(at) != Some(&b'[') {
            return false;
        }
        if ROOT.contains(&&input[start..end]) {
            return true;
        }
        while input.get(at) == Some(&b'[') {
            let Some(close) = find_close(&input[at + 1..]) else {
                return false;
            };
            at = skip_space(input, at + 1 + close + 1);
        }
    }
}

/// Skips junk inside a game tree from `from` to the next `;`, `(`, `)`
/// or property (`ID[`); a `[...]` value inside the junk is skipped whole.
/// Always moves at least one byte.
pub(crate) fn skip_junk(input: &[u8], from: usize) -> usize {
    let mut at = from;
    while at < input.len() {
        work::count(1);
        match input[at] {
            b';' | b'(' | b')' if at > from => return at,
            b'[' => {
                at = match find_close(&input[at + 1..]) {
                    Some(close) => at + 1 + close + 1,
                    None => input.len(),
                };
                continue;
            }
            b'A'..=b'Z' if at > from && property_at(input, at) => return at,
            b'A'..=b'Z' | b'a'..=b'z' => at = letters_end(input, at),
            _ => at += 1,
        }
    }
    input.len()
}

/// Whether parsing can go on at `at` inside a node: after whitespace
/// comes the end, `;`, `(`, `)` or a property.
fn resyncs(input: &[u8], at: usize) -> bool {
    let at = skip_space(input, at);
    match input.get(at) {
        None | Some(b';' | b'(' | b')') => true,
        Some(_) => property_at(input, at),
    }
}

/// After a stray `]` (value text goes on at `from`), the offset of the
/// `]` that really closes the value: the first unescaped `]` after which
/// parsing resynchronises, within a window, with no `[` before it (a `[`
/// means properties follow, not text).
pub(crate) fn find_real_close(input: &[u8], from: usize) -> Option<usize> {
    let limit = from.saturating_add(BRACKET_WINDOW).min(input.len());
    let mut at = from;
    while at < limit {
        let found = memchr::memchr3(b'[', b']', b'\\', &input[at..limit]);
        work::count(found.map_or(limit - at, |found| found + 1));
        at += found?;
        match input[at] {
            b'[' => return None,
            b'\\' => at += 2,
            _ if resyncs(input, at + 1) => return Some(at),
            _ => at += 1,
        }
    }
    None
}

/// If a value of the property `values_start..end` swallowed the start of
/// the next game (a game cut off inside a value, then another appended:
/// `W[d(;GN[three]`), where that game starts. The sign: a value ends with
/// `(`, `;`, an identifier, `[` and text with no `]`.
pub(crate) fn swallowed_game(input: &[u8], values_start: usize, end: usize) -> Option<usize> {
    memchr::memchr(b'(', &input[values_start..end])?;
    let mut at = values_start;
    while at < end {
        work::count(1);
        let open = at + memchr::memchr(b'[', &input[at..end])?;
        let close = open + 1 + find_close(&input[open + 1..end])?;
        if let Some(game) = game_start_before_end(input, open + 1, close) {
            return Some(game);
        }
        at = close + 1;
    }
    None
}

/// Whether the value `start..close` ends with `(;ID[text` (text without
/// `]`), and where that `(` is.
fn game_start_before_end(input: &[u8], start: usize, close: usize) -> Option<usize> {
    work::count(close - start);
    let bracket = start + memchr::memrchr(b'[', &input[start..close])?;
    if memchr::memchr(b']', &input[bracket..close]).is_some() {
        return None;
    }
    let back_space = |mut at: usize| {
        while at > start && is_space(input[at - 1]) {
            at -= 1;
        }
        at
    };
    let ident_end = back_space(bracket);
    let mut ident_start = ident_end;
    while ident_start > start && input[ident_start - 1].is_ascii_alphabetic() {
        ident_start -= 1;
    }
    if ident_start == ident_end || !input[ident_start].is_ascii_uppercase() {
        return None;
    }
    let semicolon = back_space(ident_start).checked_sub(1)?;
    if semicolon < start || input[semicolon] != b';' {
        return None;
    }
    let paren = back_space(semicolon).checked_sub(1)?;
    (paren >= start && input[paren] == b'(').then_some(paren)
}

/// A property's values as far as they go: the run of closed values and
/// where the first unclosed one opens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct OpenProperty {
    /// End of the identifier (letters of any case).
    pub ident_end: usize,
    /// The first `[`.
    pub values_start: usize,
    /// Just after the last closed value.
    pub closed_end: usize,
    /// How many values are closed.
    pub count: u32,
    /// The `[` of the value that never closes.
    pub open: usize,
}

/// Scans the property at `start`, whose last value never closes; values
/// opened at or after `never_closes` are known not to close.
pub(crate) fn scan_open_property(input: &[u8], start: usize, never_closes: usize) -> OpenProperty {
    let ident_end = letters_end(input, start);
    let values_start = skip_space(input, ident_end);
    let mut scan = OpenProperty {
        ident_end,
        values_start,
        closed_end: values_start,
        count: 0,
        open: values_start,
    };
    let mut at = values_start;
    while input.get(at) == Some(&b'[') {
        work::count(1);
        scan.open = at;
        if at + 1 >= never_closes {
            break;
        }
        match find_close(&input[at + 1..]) {
            Some(close) => {
                scan.count += 1;
                scan.closed_end = at + 1 + close + 1;
                at = skip_space(input, scan.closed_end);
            }
            None => break,
        }
    }
    scan
}

/// Properties whose values are not text: a stray `]` after one of them is
/// junk, not part of a comment.
const NOT_TEXT: [&str; 43] = [
    "AB", "AE", "AR", "AW", "B", "BL", "BM", "CR", "DD", "DM", "DO", "FF", "FG", "GB", "GM", "GW",
    "HA", "HO", "IT", "KM", "KO", "LB", "LN", "MA", "MN", "OB", "OW", "PL", "PM", "SL", "SQ", "ST",
    "SZ", "TB", "TE", "TM", "TR", "TW", "UC", "V", "VW", "W", "WL",
];

/// An identifier of one or two letters as a number (`B` and `BB` apart).
const fn key(letters: &[u8]) -> u16 {
    match *letters {
        [a] => a as u16,
        [a, b] => (a as u16) << 8 | b as u16,
        _ => 0,
    }
}

/// [`NOT_TEXT`] as [`key`]s.
const NOT_TEXT_KEYS: [u16; NOT_TEXT.len()] = {
    let mut keys = [0; NOT_TEXT.len()];
    let mut i = 0;
    while i < keys.len() {
        keys[i] = key(NOT_TEXT[i].as_bytes());
        i += 1;
    }
    keys
};

/// Whether the values of the property whose identifier is written
/// `written` (letters of any case; its uppercase ones name it) are text
/// (or unknown, so maybe text).
pub(crate) fn text_like(written: &[u8]) -> bool {
    let mut letters = [0; 2];
    let mut len = 0;
    for &b in written.iter().filter(|b| b.is_ascii_uppercase()) {
        if len == letters.len() {
            // No identifier of three letters or more is known not to be
            // text.
            return true;
        }
        letters[len] = b;
        len += 1;
    }
    len == 0 || !NOT_TEXT_KEYS.contains(&key(&letters[..len]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tree_start_prefers_a_node() {
        assert_eq!(find_tree_start(b"see (c) 2004 ( ;B[aa])", 0), 13);
        assert_eq!(find_tree_start(b"x (B[aa])", 0), 2);
        assert_eq!(find_tree_start(b"x (y)", 0), 5);
        assert_eq!(find_tree_start(b"x ((;", 0), 2);
    }

    #[test]
    fn root_nodes_are_told_from_others() {
        assert!(root_node_at(b"(;GM[1];B[aa])", 1));
        assert!(root_node_at(b"( \n; PB[x] C[a\\]b] [c] SZ [19]", 1));
        assert!(!root_node_at(b"(;B[aa](;GM[1])", 1));
        assert!(!root_node_at(b"(;PB[x];GM[1])", 1));
        assert!(!root_node_at(b"(GM[1])", 1));
        assert!(!root_node_at(b"(;C[x", 1));
    }

    #[test]
    fn junk_ends_at_structure_or_property() {
        assert_eq!(skip_junk(b"hi there;B[aa]", 0), 8);
        assert_eq!(skip_junk(b"xy [a;b] B[aa]", 0), 9);
        assert_eq!(skip_junk(b"Hello world)", 0), 11);
        assert_eq!(skip_junk(b";", 0), 1);
    }

    #[test]
    fn real_close_needs_a_resync() {
        assert_eq!(find_real_close(b"hi] x] ;B[aa]", 0), Some(5));
        assert_eq!(find_real_close(b"hi]", 0), Some(2));
        assert_eq!(find_real_close(b"hi] x", 0), None);
        assert_eq!(find_real_close(b"yz;B[aa])", 0), None);
        assert_eq!(find_real_close(b"a\\]b] ;", 0), Some(4));
    }

    #[test]
    fn swallowed_games_are_found() {
        let input = b"W[d\n(;GN[three];";
        assert_eq!(swallowed_game(input, 1, 15), Some(4));
        assert_eq!(swallowed_game(b"C[see (;B[aa\\]) ok]", 1, 19), None);
        assert_eq!(swallowed_game(b"C[a (b) [c]", 1, 11), None);
    }

    #[test]
    fn text_properties_are_told_by_their_uppercase_letters() {
        for ident in ["C", "GC", "PB", "N", "XYZ", "Comment", "GameName"] {
            assert!(text_like(ident.as_bytes()), "{ident}");
        }
        for ident in NOT_TEXT
            .iter()
            .chain(&["AddBlack", "Black", "WhiteL", "bW"])
        {
            assert!(!text_like(ident.as_bytes()), "{ident}");
        }
    }

    #[test]
    fn open_property_scan() {
        let input = b"AB[aa] [bb][cc";
        let scan = scan_open_property(input, 0, usize::MAX);
        assert_eq!(
            scan,
            OpenProperty {
                ident_end: 2,
                values_start: 2,
                closed_end: 11,
                count: 2,
                open: 11
            }
        );
    }
}
