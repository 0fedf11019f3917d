//! Cutting input into pieces between game trees, so that a collection is
//! read in bounded memory and its games are parsed on several threads.
//!
//! A cut goes before a `(` that starts a game tree right after another
//! one closed (only whitespace between them), found by tracking
//! parentheses outside values and `[...]` values with their escapes.
//! Input the tracking cannot follow is not cut, so a piece holds one game
//! tree, or several, or broken text the parser repairs as it would in one
//! file.

use std::io::{self, Read};

use crate::data::Place;
use crate::read::end_of;

/// The state of the scan for cuts, carried from one block to the next.
#[derive(Debug, Clone, Default)]
pub struct Splitter {
    depth: u64,
    in_value: bool,
    escape: bool,
    /// A game tree closed, and only whitespace came after it.
    closed: bool,
}

fn is_space(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\n' | b'\r' | b'\x0b' | b'\x0c')
}

impl Splitter {
    /// Scans `buf[from..]`, returning the first cut found (the index of
    /// the `(` that starts the next piece; scan again from there).
    pub fn scan(&mut self, buf: &[u8], from: usize) -> Option<usize> {
        let mut at = from;
        while at < buf.len() {
            if self.escape {
                self.escape = false;
                at += 1;
            } else if self.in_value {
                let found = memchr::memchr2(b']', b'\\', &buf[at..])?;
                at += found;
                if buf[at] == b']' {
                    self.in_value = false;
                } else {
                    self.escape = true;
                }
                at += 1;
            } else if self.depth == 0 {
                let byte = buf[at];
                if byte == b'(' {
                    if std::mem::take(&mut self.closed) {
                        return Some(at);
                    }
                    self.depth = 1;
                } else if !is_space(byte) {
                    self.closed = false;
                }
                at += 1;
            } else {
                at += memchr::memchr3(b'(', b')', b'[', &buf[at..])?;
                match buf[at] {
                    b'(' => self.depth += 1,
                    b')' => {
                        self.depth -= 1;
                        self.closed = self.depth == 0;
                    }
                    _ => self.in_value = true,
                }
                at += 1;
            }
        }
        None
    }
}

/// A stretch of input that ends between game trees: its bytes, where
/// it starts in its file, and where each of its parts starts (the first
/// at 0), each part to be parsed on its own.
#[derive(Debug, Clone, Default)]
pub struct Piece {
    pub bytes: Vec<u8>,
    pub base: Place,
    pub cuts: Vec<usize>,
}

impl Piece {
    /// An empty piece at the start of a file.
    pub fn default_at_start() -> Piece {
        Piece {
            bytes: Vec::new(),
            base: START,
            cuts: vec![0],
        }
    }

    /// The parts: where each starts in the file, and its bytes.
    pub fn parts(&self) -> Vec<(Place, &[u8])> {
        parts_of(&self.bytes, self.base, &self.cuts)
    }
}

/// `bytes` cut at `cuts` (the first is 0), each part with its place,
/// counted on from `base`.
fn parts_of<'a>(bytes: &'a [u8], mut base: Place, cuts: &[usize]) -> Vec<(Place, &'a [u8])> {
    let mut out = Vec::with_capacity(cuts.len());
    for (i, &start) in cuts.iter().enumerate() {
        let end = cuts.get(i + 1).copied().unwrap_or(bytes.len());
        let part = &bytes[start..end];
        out.push((base, part));
        base = end_of(part).shifted(base);
    }
    out
}

/// The place of the first byte.
const START: Place = Place {
    offset: 0,
    line: 1,
    column: 1,
};

/// The parts of input held in memory, each with where it starts.
pub fn split(input: &[u8]) -> Vec<(Place, &[u8])> {
    let mut splitter = Splitter::default();
    let mut cuts = vec![0];
    let mut from = 0;
    while let Some(cut) = splitter.scan(input, from) {
        cuts.push(cut);
        from = cut;
    }
    parts_of(input, START, &cuts)
}

/// How much is read from a file at a time.
const BLOCK: usize = 1 << 20;

/// Cuts what a reader gives into pieces of about `target` bytes (more
/// when one game tree is longer).
pub struct Chunker<R> {
    reader: R,
    buf: Vec<u8>,
    /// Where the next piece starts in `buf`.
    start: usize,
    /// How far `buf` has been scanned.
    scanned: usize,
    cuts: Vec<usize>,
    splitter: Splitter,
    base: Place,
    eof: bool,
    target: usize,
}

impl<R: Read> Chunker<R> {
    pub fn new(reader: R, target: usize) -> Self {
        Chunker {
            reader,
            buf: Vec::new(),
            start: 0,
            scanned: 0,
            cuts: vec![0],
            splitter: Splitter::default(),
            base: START,
            eof: false,
            target,
        }
    }

    /// The next piece, `None` at the end of the input.
    pub fn next_piece(&mut self) -> io::Result<Option<Piece>> {
        loop {
            while let Some(cut) = self.splitter.scan(&self.buf, self.scanned) {
                self.scanned = cut;
                if cut - self.start >= self.target {
                    return Ok(Some(self.take(cut)));
                }
                self.cuts.push(cut - self.start);
            }
            self.scanned = self.buf.len();
            if self.eof {
                if self.start == self.buf.len() {
                    return Ok(None);
                }
                return Ok(Some(self.take(self.buf.len())));
            }
            self.fill()?;
        }
    }

    /// The piece `buf[start..end]`.
    fn take(&mut self, end: usize) -> Piece {
        let bytes = self.buf[self.start..end].to_vec();
        let cuts = std::mem::replace(&mut self.cuts, vec![0]);
        let base = self.base;
        self.base = end_of(&bytes).shifted(base);
        self.start = end;
        Piece { bytes, base, cuts }
    }

    /// Reads one more block, first dropping what was taken.
    fn fill(&mut self) -> io::Result<()> {
        self.buf.drain(..self.start);
        self.scanned -= self.start;
        self.start = 0;
        let want = BLOCK as u64;
        let read = (&mut self.reader).take(want).read_to_end(&mut self.buf)?;
        self.eof = (read as u64) < want;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parts(input: &[u8]) -> Vec<&[u8]> {
        split(input).into_iter().map(|(_, part)| part).collect()
    }

    #[test]
    fn cuts_between_game_trees_only() {
        assert_eq!(
            parts(b"(;B[a)])\n(;W[\\]()])(;C[x])"),
            [&b"(;B[a)])\n"[..], b"(;W[\\]()])", b"(;C[x])"]
        );
        // Text between game trees: no cut; a stray `)` keeps depth 0.
        assert_eq!(parts(b"(;A[]) x (;B[])").len(), 1);
        assert_eq!(parts(b"junk (;A[])) (;B[])").len(), 1);
        assert_eq!(parts(b"(;A[])(;B[]").len(), 2);
    }

    #[test]
    fn places_continue_across_parts() {
        let all = split(b"(;A[])\r\n(;B[]\n)(;C[])");
        let places: Vec<_> = all
            .iter()
            .map(|(p, _)| (p.offset, p.line, p.column))
            .collect();
        assert_eq!(places, [(0, 1, 1), (8, 2, 1), (15, 3, 2)]);
    }

    #[test]
    fn chunker_gives_the_same_cuts_in_any_block() {
        let mut input = Vec::new();
        for i in 0..2000 {
            input.extend_from_slice(
                format!("(;GN[{i}]C[a\\]b];B[aa](;W[bb])(;W[cc]))\n").as_bytes(),
            );
        }
        let whole: Vec<usize> = split(&input)
            .iter()
            .map(|(p, _)| p.offset as usize)
            .collect();
        let mut chunker = Chunker::new(&input[..], 1000);
        let mut starts = Vec::new();
        let mut total = 0;
        while let Some(piece) = chunker.next_piece().unwrap() {
            for (place, part) in piece.parts() {
                assert_eq!(&input[place.offset as usize..][..part.len()], part);
                starts.push(place.offset as usize);
            }
            total += piece.bytes.len();
        }
        assert_eq!(total, input.len());
        assert_eq!(starts, whole);
    }
}
