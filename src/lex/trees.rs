//! Where a game tree ends by the byte rules alone: parentheses counted
//! outside values, a value running to its unescaped `]`. The scan is
//! resumable (it goes on where it stopped when more bytes arrive) and
//! keeps no bytes of its own, so it runs in constant memory over any
//! length of input and any depth.

use super::{find_value_end, ValueEnd};
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

/// What [`TreeScan::end`] found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum TreeEnd {
    /// The tree ends just before this offset, past the `)` that leaves
    /// no tree open.
    Closed(usize),
    /// The bytes end first: scan on from where the scan stopped once
    /// more arrive.
    More,
}

/// The scan for the `)` that closes the outermost of the game trees open
/// where it starts, resumable: each call goes on from where the last one
/// stopped. The caller keeps the position, so that it can drop the bytes
/// before it and move it with the rest.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct TreeScan {
    /// Game trees and variations open.
    depth: u64,
    /// Inside a value.
    in_value: bool,
}

impl TreeScan {
    /// A scan from outside values where `depth` trees are open (none:
    /// the scan ends at the `)` that closes the first tree it opens).
    pub(crate) fn new(depth: u64) -> Self {
        TreeScan {
            depth,
            in_value: false,
        }
    }

    /// Scans `buf` from `*at` on to the end of the tree. `*at` is left
    /// where the scan goes on (the bytes before it are not needed again),
    /// or past the tree's end.
    pub(crate) fn end(&mut self, buf: &[u8], at: &mut usize) -> TreeEnd {
        loop {
            if self.in_value {
                match find_value_end(buf, *at) {
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
            let Some(found) = next_structure(buf, *at) else {
                *at = buf.len();
                return TreeEnd::More;
            };
            *at = found + 1;
            match buf[found] {
                b'[' => self.in_value = true,
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
        let mut scan = TreeScan::new(depth);
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
}
