//! Memory stays bounded while reading leniently from a stream: 66 MB of
//! broken games (made on the fly by a reader, never a file) read into
//! trees one at a time, every game repaired, with a peak resident size
//! under 64 MB. This file holds a single test so that the process's peak
//! (VmHWM, Linux) is its own.

mod common;

use std::io::{self, Read};

use sgf_stream::{ReaderBuilder, WarningKind};

/// One broken game: a mail header before it, a legacy identifier, a
/// stray `]` in a comment, junk in a node, a repeated property, and a
/// long main line.
fn broken_game(index: usize) -> Vec<u8> {
    let mut game = format!(
        "From: a server, game {index}\n(;GM[1]FF[3]SZ[19]PlayerBlack[Lee]\
         C[he said ]hi] there];B[pd]C[one]C[two];W[dp] oops ;B[pp]"
    )
    .into_bytes();
    for i in 0..200 {
        let (a, b) = (b'a' + (i % 19) as u8, b'a' + (i / 19 % 19) as u8);
        let colour = if i % 2 == 0 { 'W' } else { 'B' };
        game.extend_from_slice(format!(";{colour}[{}{}]", a as char, b as char).as_bytes());
    }
    game.extend_from_slice(b")\n");
    game
}

/// A reader that gives broken games until `total` bytes.
struct BrokenGames {
    total: u64,
    produced: u64,
    games: usize,
    pending: Vec<u8>,
}

impl Read for BrokenGames {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.pending.is_empty() {
            if self.produced >= self.total {
                return Ok(0);
            }
            self.pending = broken_game(self.games);
            self.games += 1;
        }
        let n = buf.len().min(self.pending.len());
        buf[..n].copy_from_slice(&self.pending[..n]);
        self.pending.drain(..n);
        self.produced += n as u64;
        Ok(n)
    }
}

#[test]
fn lenient_streaming_66_mb_stays_under_64_mb() {
    let Some(before) = common::peak_bytes() else {
        eprintln!("note: no /proc/self/status here; skipping this test");
        return;
    };
    let total: u64 = 66 << 20;
    let source = BrokenGames {
        total,
        produced: 0,
        games: 0,
        pending: Vec::new(),
    };
    let mut games = ReaderBuilder::new()
        .lenient(true)
        .chunk_size(16 << 10)
        .games(source);
    let (mut trees, mut warnings, mut brackets) = (0u64, 0u64, 0u64);
    while let Some(tree) = games.next() {
        let tree = tree.expect("lenient reading never fails");
        assert_eq!(tree.main_line().count(), 204, "every move kept");
        assert_eq!(tree.get("C").unwrap(), ["he said ]hi] there"]);
        trees += 1;
        for warning in games.take_warnings() {
            warnings += 1;
            brackets += (warning.kind() == &WarningKind::UnescapedBracket) as u64;
        }
    }
    assert!(games.position() >= total);
    assert!(trees > 20_000, "{trees} games");
    assert_eq!(brackets, trees, "one stray `]` a game");
    // The header, `PlayerBlack`, the stray `]`, the second `C`, `oops`.
    assert_eq!(warnings, 5 * trees, "{warnings} warnings for {trees} games");
    let peak = common::peak_bytes().unwrap();
    assert!(
        peak < 64 << 20,
        "peak {} MiB (was {} MiB before streaming)",
        peak >> 20,
        before >> 20
    );
}
