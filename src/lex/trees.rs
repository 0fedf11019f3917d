//! Where a game tree ends by the byte rules alone: parentheses counted
//! outside values, a value running to its unescaped `]` (in raw bytes of
//! a double-byte charset, with its characters taken whole). The scan is
//! resumable (it goes on where it stopped when more bytes arrive) and
//! keeps no bytes of its own, so it runs in constant memory over any
//! length of input and any depth.

use super::{find_value_end_in, skip_space, Lead, ValueEnd};
use crate::work;

/// The bytes that matter outside values: `[`, `(` and `)`.
static STRUCTURE: [bool; 256] = {
    let mut table = [false; 256];
    table[b'[' as usize] = true;
    table[b'(' as usize] = true;
    table[b')' as usize] = true;
    table
};

/// The first `[`, `(` or `)` from `from` on. Between values they are a
/// few bytes apart (`;B[`): a plain loop finds them before `memchr`
/// would have started.
#[inline]
fn next_structure(buf: &[u8], from: usize) -> Option<usize> {
    let near = buf.len().min(from + 16);
    if let Some(found) = buf[from.min(near)..near]
        .iter()
        .position(|&b| STRUCTURE[b as usize])
    {
        work::count(found + 1);
        return Some(from + found);
    }
    work::count(near.saturating_sub(from));
    let found = memchr::memchr3(b'[', b'(', b')', buf.get(near..)?);
    work::count(found.map_or(buf.len() - near, |found| found + 1));
    found.map(|found| near + found)
}

/// The first `(` from `from` on that opens a game tree or a variation:
/// followed by `;`, whitespace aside.
pub(crate) fn tree_open(bytes: &[u8], from: usize) -> Option<usize> {
    let rest = bytes.get(from..)?;
    let found = memchr::memchr_iter(b'(', rest)
        .map(|at| from + at)
        .find(|&at| bytes.get(skip_space(bytes, at + 1)) == Some(&b';'));
    work::count(found.unwrap_or(bytes.len()) - from);
    found
}

/// Moves past the moves of the common form `;B[pd]` (an uppercase
/// identifier of one letter, a value of two lowercase letters) and the
/// line breaks between them, from `at` outside a value: they hold no
/// byte that matters to the scan.
#[inline]
fn skip_moves(buf: &[u8], mut at: usize) -> usize {
    let from = at;
    while let Some(&[semi, ident, open, a, b, close]) = buf.get(at..at + 6) {
        if semi == b';'
            && open == b'['
            && close == b']'
            && ident.is_ascii_uppercase()
            && a.is_ascii_lowercase()
            && b.is_ascii_lowercase()
        {
            at += 6;
        } else if semi == b'\n' || semi == b'\r' {
            at += 1;
        } else {
            break;
        }
    }
    work::count(at - from);
    at
}

/// What [`TreeScan::end`] found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum TreeEnd {
    /// The tree ends just before this offset, past the `)` that leaves
    /// no tree open.
    Closed(usize),
    /// The bytes end first: scan on from where the scan stopped once
    /// more arrive.
    More,
    /// A `(` at this offset would open more trees than the scan's
    /// limit: it stops there.
    TooDeep(usize),
}

/// The scan for the `)` that closes the outermost of the game trees open
/// where it starts, resumable: each call goes on from where the last one
/// stopped. The caller keeps the position, so that it can drop the bytes
/// before it and move it with the rest.
///
/// This is the one rule for where a game ends short of parsing it: the
/// batch cutter, the charset stage's look at a game's extent and the
/// lenient stage's scans all call it (`machine/tree_ends.rs` holds it to
/// the machine).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct TreeScan {
    /// Game trees and variations open.
    depth: u64,
    /// Inside a value.
    in_value: bool,
    /// The lead bytes of the charset, if a second byte can be `\` or `]`.
    lead: Option<Lead>,
    /// The most trees the scan follows open.
    max_depth: u64,
}

impl Default for TreeScan {
    fn default() -> Self {
        TreeScan::new(0)
    }
}

impl TreeScan {
    /// A scan from outside values where `depth` trees are open (none:
    /// the scan ends at the `)` that closes the first tree it opens).
    pub(crate) fn new(depth: u64) -> Self {
        TreeScan {
            depth,
            in_value: false,
            lead: None,
            max_depth: u64::MAX,
        }
    }

    /// The scan with values read in a double-byte charset with the lead
    /// bytes `lead` (a second byte is never `\` or `]`).
    pub(crate) fn with_lead(mut self, lead: Option<Lead>) -> Self {
        self.lead = lead;
        self
    }

    /// The scan stopping at a `(` that would open more than `max` trees.
    pub(crate) fn with_max_depth(mut self, max: u64) -> Self {
        self.max_depth = max;
        self
    }

    /// How many trees are open where the scan stopped.
    pub(crate) fn depth(&self) -> u64 {
        self.depth
    }

    /// Whether the scan stopped inside a value.
    pub(crate) fn in_value(&self) -> bool {
        self.in_value
    }

    /// The scan one tree less deep (the outermost tree was closed
    /// elsewhere).
    pub(crate) fn outer(mut self) -> Self {
        self.depth = self.depth.saturating_sub(1);
        self
    }

    /// Scans `buf` from `*at` on to the end of the tree. `*at` is left
    /// where the scan goes on (the bytes before it are not needed again),
    /// or past the tree's end.
    pub(crate) fn end(&mut self, buf: &[u8], at: &mut usize) -> TreeEnd {
        loop {
            if self.in_value {
                match find_value_end_in(buf, *at, self.lead) {
                    ValueEnd::Closed(close) => {
                        self.in_value = false;
                        *at = close + 1;
                    }
                    ValueEnd::Open(resume) => {
                        *at = resume;
                        return TreeEnd::More;
                    }
                }
            }
            *at = skip_moves(buf, *at);
            let Some(found) = next_structure(buf, *at) else {
                *at = buf.len();
                return TreeEnd::More;
            };
            *at = found + 1;
            match buf[found] {
                b'[' => self.in_value = true,
                b'(' if self.depth >= self.max_depth => {
                    *at = found;
                    return TreeEnd::TooDeep(found);
                }
                b'(' => self.depth += 1,
                _ => {
                    self.depth = self.depth.saturating_sub(1);
                    if self.depth == 0 {
                        return TreeEnd::Closed(found + 1);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The end of the tree at the start of `input`, byte by byte.
    fn naive_end(input: &[u8], mut depth: u64) -> Option<usize> {
        let (mut in_value, mut at) = (false, 0);
        while at < input.len() {
            match (in_value, input[at]) {
                (true, b'\\') => at += 1,
                (true, b']') => in_value = false,
                (false, b'[') => in_value = true,
                (false, b'(') => depth += 1,
                (false, b')') => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        return Some(at + 1);
                    }
                }
                _ => {}
            }
            at += 1;
        }
        None
    }

    /// The end of the tree at the start of `input`, fed `step` bytes at
    /// a time into a buffer that forgets what the scan passed.
    fn end_in_steps(input: &[u8], step: usize, depth: u64) -> Option<usize> {
        end_with(TreeScan::new(depth), input, step)
    }

    /// [`end_in_steps`] with `scan`.
    fn end_with(mut scan: TreeScan, input: &[u8], step: usize) -> Option<usize> {
        let (mut buf, mut base, mut fed, mut at) = (Vec::new(), 0, 0, 0);
        loop {
            if let TreeEnd::Closed(end) = scan.end(&buf, &mut at) {
                return Some(base + end);
            }
            if fed == input.len() {
                return None;
            }
            buf.drain(..at);
            base += at;
            at = 0;
            let next = (fed + step).min(input.len());
            buf.extend_from_slice(&input[fed..next]);
            fed = next;
        }
    }

    #[test]
    fn parentheses_in_values_and_escapes_do_not_count() {
        let game = b"(;C[a ) ( \\] b](;B[aa])(;W[bb]C[\\\\]))(;B[cc])";
        let end = memchr::memmem::find(game, b"))").map(|at| at + 2);
        assert_eq!(naive_end(game, 0), end);
        for step in 1..=game.len() {
            assert_eq!(end_in_steps(game, step, 0), end, "step {step}");
        }
        assert_eq!(end_in_steps(b"(;C[never closed", 1, 0), None);
        assert_eq!(end_in_steps(b"(;C[ends in \\", 3, 0), None);
    }

    #[test]
    fn a_scan_may_start_inside_trees() {
        // From inside a property two trees deep.
        let rest = b"C[x)](;B[aa])))(;B[bb])";
        assert_eq!(end_in_steps(rest, 4, 2), Some(15));
        assert_eq!(naive_end(rest, 2), Some(15));
        assert_eq!(end_in_steps(rest, 4, 3), None);
    }

    #[test]
    fn the_scan_agrees_with_a_byte_by_byte_one() {
        // Deterministic random bytes over the structural alphabet.
        let alphabet = b"();[]\\AB \n";
        let mut state = 0x2545_F491_4F6C_DD1D_u64;
        for _ in 0..500 {
            let len = (state >> 58) as usize + 1;
            let input: Vec<u8> = (0..len)
                .map(|_| {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    alphabet[(state >> 40) as usize % alphabet.len()]
                })
                .collect();
            let expected = naive_end(&input, 1);
            for step in [1, 2, 3, 7, len] {
                assert_eq!(end_in_steps(&input, step, 1), expected, "{input:?}");
            }
        }
    }

    #[test]
    fn runs_of_moves_are_skipped_as_a_whole_and_only_outside_values() {
        let game =
            b"(;GM[1]\n;B[pd];W[dd]\r\n;B[pp](;W[dp];B[A)])(;W[C];C[;B[pd])];W[cc]))(;B[aa])";
        let end = naive_end(game, 0);
        assert!(end.is_some_and(|end| end < game.len()));
        for step in 1..=game.len() {
            assert_eq!(end_in_steps(game, step, 0), end, "step {step}");
        }
        assert_eq!(skip_moves(b";B[pd];W[dd]\n;B[pd]", 0), 19);
        assert_eq!(skip_moves(b";B[pd];W[dd]\n;B[", 0), 12);
        assert_eq!(skip_moves(b";B[pD]", 0), 0);
        assert_eq!(skip_moves(b";b[pd]", 0), 0);
    }

    #[test]
    fn a_scan_stops_past_its_depth_and_says_where_it_stands() {
        let mut scan = TreeScan::new(0).with_max_depth(3);
        let mut at = 0;
        assert_eq!(scan.end(b"(((((", &mut at), TreeEnd::TooDeep(3));
        let input = b"(;B[aa](;W[bb]) (;C[(";
        let (mut scan, mut at) = (TreeScan::new(0), 0);
        assert_eq!(scan.end(input, &mut at), TreeEnd::More);
        assert_eq!((scan.depth(), scan.in_value(), at), (2, true, input.len()));
        // One tree less deep, the rest of the value and a close end it.
        let mut scan = scan.outer();
        let mut at = 0;
        assert_eq!(scan.end(b"x])", &mut at), TreeEnd::Closed(3));
    }

    #[cfg(feature = "encoding")]
    #[test]
    fn a_second_byte_of_shift_jis_is_not_an_escape() {
        // 表 is 0x95 0x5C in Shift_JIS: its second byte is `\`.
        let (sjis, _, _) = encoding_rs::SHIFT_JIS.encode("(;C[表](;B[aa])(;B[bb]))");
        let in_shift_jis = TreeScan::new(0).with_lead(Some(Lead::ShiftJis));
        for step in 1..=sjis.len() {
            assert_eq!(end_with(in_shift_jis, &sjis, step), Some(sjis.len()));
        }
        // Read as UTF-8, the `\` escapes the `]`: the game seems to go on.
        assert_ne!(end_in_steps(&sjis, sjis.len(), 0), Some(sjis.len()));
    }
}
