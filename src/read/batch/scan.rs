//! Where a game ends in raw bytes: parentheses counted outside values,
//! scanned in pieces as bytes arrive, with the lead bytes of a
//! double-byte charset taken along so that a second byte never fakes a
//! `\` or a `]`.

use crate::lex::{self, ValueEnd};

#[cfg(feature = "encoding")]
pub(super) use crate::charset::Lead;

/// No charset hides `\` or `]` inside a character without the
/// `encoding` feature.
#[cfg(not(feature = "encoding"))]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Lead {}

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
        return Some(from + found);
    }
    memchr::memchr3(b'[', b'(', b')', buf.get(near..)?).map(|found| near + found)
}

/// Moves past the moves of the common form `;B[pd]` (an uppercase
/// identifier of one letter, a value of two lowercase letters) and the
/// line breaks between them, from `at` outside a value: they hold no
/// byte that matters to the scan.
#[inline]
fn skip_moves(buf: &[u8], mut at: usize) -> usize {
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
    at
}

/// What [`GameScan::end`] found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Found {
    /// The game ends just before this offset, past its `)`.
    End(usize),
    /// The bytes end first: scan on once more arrive.
    More,
}

/// The scan of one game, from its `(` to the `)` that closes it,
/// resumable: each call goes on from where the last one stopped.
#[derive(Debug, Clone, Default)]
pub(super) struct GameScan {
    /// Game trees and variations open.
    depth: u32,
    /// Inside a value whose body starts at this offset.
    value: Option<usize>,
    lead: Option<Lead>,
    /// Where the scan goes on.
    at: usize,
}

impl GameScan {
    /// Starts the scan of the game whose `(` is at `open`, in a charset
    /// with the lead bytes `lead`.
    pub(super) fn start(&mut self, open: usize, lead: Option<Lead>) {
        *self = GameScan {
            depth: 1,
            value: None,
            lead,
            at: open + 1,
        };
    }

    /// Scans `buf` on to the end of the game.
    pub(super) fn end(&mut self, buf: &[u8]) -> Found {
        loop {
            if let Some(body) = self.value {
                match self.value_close(buf, body) {
                    Some(close) => {
                        self.value = None;
                        self.at = close + 1;
                    }
                    None => return Found::More,
                }
            }
            self.at = skip_moves(buf, self.at);
            let Some(at) = next_structure(buf, self.at) else {
                self.at = buf.len();
                return Found::More;
            };
            self.at = at + 1;
            match buf[at] {
                b'[' => self.value = Some(at + 1),
                b'(' => self.depth += 1,
                _ => {
                    self.depth -= 1;
                    if self.depth == 0 {
                        return Found::End(at + 1);
                    }
                }
            }
        }
    }

    /// The `]` closing the value whose body starts at `body`, if in
    /// `buf`; else `self.at` says where to go on.
    fn value_close(&mut self, buf: &[u8], body: usize) -> Option<usize> {
        match self.lead {
            None => match lex::find_value_end(buf, self.at) {
                ValueEnd::Closed(close) => Some(close),
                ValueEnd::Open(resume) => {
                    self.at = resume;
                    None
                }
            },
            // Characters are found from the body's start: scanned again
            // from there when more bytes arrive.
            #[cfg(feature = "encoding")]
            Some(lead) => crate::charset::value_end(buf, body, Some(lead)),
            #[cfg(not(feature = "encoding"))]
            Some(lead) => {
                let _ = body;
                match lead {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The end of the game at the start of `input`, fed `step` bytes at
    /// a time.
    fn end_in_steps(input: &[u8], step: usize, lead: Option<Lead>) -> Option<usize> {
        let mut scan = GameScan::default();
        scan.start(0, lead);
        let mut fed = 0;
        while fed < input.len() {
            fed = (fed + step).min(input.len());
            if let Found::End(end) = scan.end(&input[..fed]) {
                return Some(end);
            }
        }
        None
    }

    #[test]
    fn parentheses_in_values_and_escapes_do_not_count() {
        let game = b"(;C[a ) ( \\] b](;B[aa])(;W[bb]C[\\\\]))(;B[cc])";
        let end = memchr::memmem::find(game, b"))").map(|at| at + 2);
        assert_eq!(
            &game[..end.unwrap()],
            b"(;C[a ) ( \\] b](;B[aa])(;W[bb]C[\\\\]))"
        );
        for step in 1..=game.len() {
            assert_eq!(end_in_steps(game, step, None), end, "step {step}");
        }
        assert_eq!(end_in_steps(b"(;C[never closed", 1, None), None);
    }

    /// The end of the game at the start of `input`, byte by byte.
    fn naive_end(input: &[u8]) -> Option<usize> {
        let (mut depth, mut in_value, mut at) = (0, false, 0);
        while at < input.len() {
            match (in_value, input[at]) {
                (true, b'\\') => at += 1,
                (true, b']') => in_value = false,
                (false, b'[') => in_value = true,
                (false, b'(') => depth += 1,
                (false, b')') => {
                    depth -= 1;
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

    #[test]
    fn runs_of_moves_are_skipped_as_a_whole_and_only_outside_values() {
        let game =
            b"(;GM[1]\n;B[pd];W[dd]\r\n;B[pp](;W[dp];B[A)])(;W[C];C[;B[pd])];W[cc]))(;B[aa])";
        let end = naive_end(game);
        assert!(end.is_some_and(|end| end < game.len()));
        for step in 1..=game.len() {
            assert_eq!(end_in_steps(game, step, None), end, "step {step}");
        }
        assert_eq!(skip_moves(b";B[pd];W[dd]\n;B[pd]", 0), 19);
        assert_eq!(skip_moves(b";B[pd];W[dd]\n;B[", 0), 12);
        assert_eq!(skip_moves(b";B[pD]", 0), 0);
        assert_eq!(skip_moves(b";b[pd]", 0), 0);
    }

    #[cfg(feature = "encoding")]
    #[test]
    fn a_second_byte_of_shift_jis_is_not_an_escape() {
        // 表 is 0x95 0x5C in Shift_JIS: its second byte is `\`.
        let (sjis, _, _) = encoding_rs::SHIFT_JIS.encode("(;C[表](;B[aa])(;B[bb]))");
        let end = Some(sjis.len());
        for step in 1..=sjis.len() {
            assert_eq!(end_in_steps(&sjis, step, Some(Lead::ShiftJis)), end);
        }
        // Read as UTF-8, the `\` escapes the `]`: the game seems to go on.
        assert_ne!(end_in_steps(&sjis, sjis.len(), None), end);
    }
}
