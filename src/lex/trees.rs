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
        match self.lead {
            None => self.end_jumping(buf, at),
            Some(lead) => self.end_by_values(buf, at, lead),
        }
    }

    /// [`end`](Self::end) for single bytes: jumps from one `(`, `)` or
    /// `\` to the next, and tells whether each stands inside a value by
    /// the last `[` or `]` before it (see [`in_value_after`]).
    fn end_jumping(&mut self, buf: &[u8], at: &mut usize) -> TreeEnd {
        loop {
            let from = (*at).min(buf.len());
            let found = memchr::memchr3(b'(', b')', b'\\', &buf[from..]).map(|k| from + k);
            let stop = found.unwrap_or(buf.len());
            work::count(stop + 1 - from);
            self.in_value = in_value_after(&buf[from..stop], self.in_value);
            let Some(found) = found else {
                *at = buf.len();
                return TreeEnd::More;
            };
            *at = found + 1;
            match (self.in_value, buf[found]) {
                (true, b'\\') if found + 1 == buf.len() => {
                    *at = found;
                    return TreeEnd::More;
                }
                (true, b'\\') => *at = found + 2,
                (true, _) | (false, b'\\') => {}
                (false, open_or_close) => {
                    if let Some(end) = self.parenthesis(open_or_close, found) {
                        *at = found + usize::from(open_or_close == b')');
                        return end;
                    }
                }
            }
        }
    }

    /// Counts the `(` or `)` at `found`, outside values; what ends the
    /// scan there, if it does.
    #[inline]
    fn parenthesis(&mut self, byte: u8, found: usize) -> Option<TreeEnd> {
        if byte == b'(' {
            if self.depth >= self.max_depth {
                return Some(TreeEnd::TooDeep(found));
            }
            self.depth += 1;
            return None;
        }
        self.depth = self.depth.saturating_sub(1);
        (self.depth == 0).then_some(TreeEnd::Closed(found + 1))
    }

    /// [`end`](Self::end) value by value, the characters of `lead` taken
    /// whole inside them.
    fn end_by_values(&mut self, buf: &[u8], at: &mut usize, lead: Lead) -> TreeEnd {
        loop {
            if self.in_value {
                match find_value_end_in(buf, *at, Some(lead)) {
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
                open_or_close => {
                    if let Some(end) = self.parenthesis(open_or_close, found) {
                        *at = found + usize::from(open_or_close == b')');
                        return end;
                    }
                }
            }
        }
    }
}

/// Whether the scan stands inside a value after `bytes`, which hold no
/// `\`, `(` or `)`, when it stood there before them iff `in_value`. A
/// `[` leaves the scan inside a value (it opens one, or is a byte of
/// one), an unescaped `]` outside (it closes one, or is a stray byte
/// between values): the last of them decides.
#[inline]
fn in_value_after(bytes: &[u8], in_value: bool) -> bool {
    let last = memchr::memrchr2(b'[', b']', bytes);
    work::count(last.map_or(bytes.len(), |last| bytes.len() - last));
    last.map_or(in_value, |last| bytes[last] == b'[')
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{self, Stop, XorShift};
    use proptest::prelude::*;

    /// Where the byte-by-byte scan of `input` from `depth` open trees
    /// stands before byte `upto`: inside a value, just after an escaping
    /// `\`, and how many trees are open; or where the tree ends, if
    /// before.
    fn naive(input: &[u8], mut depth: u64, upto: usize) -> Result<usize, (bool, bool, u64)> {
        let (mut in_value, mut escaped) = (false, false);
        for (at, &byte) in input[..upto].iter().enumerate() {
            match (in_value, escaped, byte) {
                (true, true, _) => escaped = false,
                (true, false, b'\\') => escaped = true,
                (true, false, b']') => in_value = false,
                (false, _, b'[') => in_value = true,
                (false, _, b'(') => depth += 1,
                (false, _, b')') => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        return Ok(at + 1);
                    }
                }
                _ => {}
            }
        }
        Err((in_value, escaped, depth))
    }

    /// The end of the tree at the start of `input`, byte by byte.
    fn naive_end(input: &[u8], depth: u64) -> Option<usize> {
        naive(input, depth, input.len()).ok()
    }

    /// The end of the tree at the start of `input`, fed `step` bytes at
    /// a time into a buffer that forgets what the scan passed.
    fn end_in_steps(input: &[u8], step: usize, depth: u64) -> Option<usize> {
        end_with(TreeScan::new(depth), input, step)
    }

    /// [`end_in_steps`] with `scan`.
    fn end_with(scan: TreeScan, input: &[u8], step: usize) -> Option<usize> {
        testing::end_in_steps(scan, input, 0, step)
    }

    /// Pieces of SGF for the scan: moves, values holding parentheses,
    /// brackets and escapes, line breaks, stray bytes, and a long text
    /// with none of them.
    const PIECES: [&[u8]; 22] = [
        b"(;",
        b"(",
        b")",
        b";B[pd]",
        b"\r\n;W[dd]",
        b"C[a (b) ;c]",
        b"C[x\\]y]",
        b"C[\\\\]",
        b"C[[(]",
        b"AB[aa][bb]",
        b"\r\n",
        b"C[open",
        b"C[line\\\r\nbreak]",
        b"\\",
        b"\\]",
        b"\\\\]",
        b"[",
        b"]",
        b"x",
        b"\\(",
        b"C[a]B[\\)]",
        b"C[a comment of seventy bytes, longer than any word or vector the scan reads]",
    ];

    /// Feeds `input` to a scan from `depth` open trees, `step` bytes at
    /// a time into a buffer that forgets what the scan passed; wherever
    /// the scan asks for more, checks where it stands against the
    /// byte-by-byte scan. Where the tree ends.
    fn checked_steps(
        input: &[u8],
        step: usize,
        depth: u64,
    ) -> Result<Option<usize>, TestCaseError> {
        testing::scan_in_steps(TreeScan::new(depth), input, 0, step, |stop| {
            let Stop { scan, buf, at, .. } = stop;
            prop_assert!(stop.end == TreeEnd::More, "no limit was set");
            // The scan stops at the end, or on a `\` that ends the bytes.
            let trailing_escape = at + 1 == buf.len() && buf[at] == b'\\';
            prop_assert!(at == buf.len() || trailing_escape && scan.in_value());
            let stands = (scan.in_value(), false, scan.depth());
            prop_assert_eq!(naive(input, depth, stop.base + at), Err(stands));
            Ok(())
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        #[test]
        fn the_scan_stands_where_a_byte_by_byte_one_does_at_every_read_size(
            pieces in proptest::collection::vec(proptest::sample::select(PIECES.to_vec()), 0..40),
            step in 1usize..80,
            depth in 0u64..3,
        ) {
            let input = pieces.concat();
            let expected = naive_end(&input, depth);
            prop_assert_eq!(checked_steps(&input, input.len().max(1), depth)?, expected);
            prop_assert_eq!(checked_steps(&input, step, depth)?, expected);
        }
    }

    #[test]
    fn escapes_at_the_ends_of_reads_are_taken_whole() {
        // `\]` keeps the value open, `\\]` closes it, and a read that
        // ends just after the `\` leaves the scan on it.
        let game = b"(;C[a\\]b\\\\](;B[aa]))";
        for step in 1..=game.len() {
            let end =
                checked_steps(game, step, 0).unwrap_or_else(|err| panic!("step {step}: {err}"));
            assert_eq!(end, Some(game.len()), "step {step}");
        }
        let (mut scan, mut at) = (TreeScan::new(0), 0);
        assert_eq!(scan.end(b"(;C[a\\", &mut at), TreeEnd::More);
        assert_eq!((at, scan.in_value()), (5, true));
        // Outside values a `\` is a byte like any other.
        let (mut scan, mut at) = (TreeScan::new(0), 0);
        assert_eq!(scan.end(b"(;\\", &mut at), TreeEnd::More);
        assert_eq!((at, scan.in_value()), (3, false));
        assert_eq!(scan.end(b"(;\\)", &mut at), TreeEnd::Closed(4));
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
        let mut random = XorShift(0x2545_F491_4F6C_DD1D);
        for _ in 0..500 {
            let len = (random.0 >> 58) as usize + 1;
            let input = random.bytes(alphabet, len);
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
