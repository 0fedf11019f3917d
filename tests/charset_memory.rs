//! Memory stays bounded through the charset stage: 66 MB of generated
//! Shift_JIS games (made on the fly by a reader, never a file; one game in
//! three without `CA`) decoded and read with a peak resident size under
//! 64 MB. This file holds a single test so that the process's peak
//! (VmHWM, Linux) is its own.
#![cfg(feature = "encoding")]

mod common;

use std::io::{self, Read};

use common::generate::{self, Rng};
use sgf_stream::{Charset, Event, ReaderBuilder};

/// Generated games in Shift_JIS, one at a time, until at least
/// `min_bytes` were read; every third one has no `CA`.
struct ShiftJisGames {
    rng: Rng,
    game: Vec<u8>,
    offset: usize,
    produced: u64,
    min_bytes: u64,
    games: u64,
}

impl ShiftJisGames {
    fn new(seed: u64, min_bytes: u64) -> Self {
        ShiftJisGames {
            rng: Rng::new(seed),
            game: Vec::new(),
            offset: 0,
            produced: 0,
            min_bytes,
            games: 0,
        }
    }

    fn next_game(&mut self) {
        let mut utf8 = Vec::new();
        generate::game(&mut self.rng, &mut utf8);
        let text = String::from_utf8(utf8).expect("the generator writes UTF-8");
        let ca = if self.games % 3 == 2 {
            ""
        } else {
            "CA[Shift_JIS]"
        };
        let text = text.replacen("CA[UTF-8]", ca, 1);
        // Korean cannot be written in Shift_JIS: encoding_rs writes it as
        // numeric character references.
        let (bytes, _, _) = encoding_rs::SHIFT_JIS.encode(&text);
        self.game = bytes.into_owned();
        self.offset = 0;
        self.games += 1;
    }
}

impl Read for ShiftJisGames {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.offset == self.game.len() {
            if self.produced >= self.min_bytes {
                return Ok(0);
            }
            self.next_game();
        }
        let n = buf.len().min(self.game.len() - self.offset);
        buf[..n].copy_from_slice(&self.game[self.offset..self.offset + n]);
        self.offset += n;
        self.produced += n as u64;
        Ok(n)
    }
}

#[test]
fn decoding_66_mb_of_shift_jis_stays_under_64_mb() {
    let Some(before) = common::peak_bytes() else {
        eprintln!("note: no /proc/self/status here; skipping this test");
        return;
    };
    let total: u64 = 66 << 20;
    let mut reader = ReaderBuilder::new()
        .chunk_size(16 << 10)
        .from_reader_decoded(ShiftJisGames::new(7, total));
    let (mut nodes, mut games, mut japanese, mut in_shift_jis) = (0u64, 0u64, 0u64, 0u64);
    let mut warnings = 0;
    let phrase = "白の手が厳しい。".as_bytes();
    loop {
        let closed = match reader.next_event().unwrap() {
            None => break,
            Some(Event::Node) => {
                nodes += 1;
                false
            }
            Some(Event::Property(ident, values)) => {
                let comment = values.as_bytes();
                let found = comment.windows(phrase.len()).any(|w| w == phrase);
                japanese += (found && (ident == "C" || ident == "GC")) as u64;
                false
            }
            Some(event) => event == Event::EndGameTree,
        };
        if closed && reader.depth() == 0 {
            games += 1;
            in_shift_jis += (reader.charset_report().charset == Charset::ShiftJis) as u64;
            warnings += reader.take_warnings().len();
        }
    }
    assert!(reader.position() >= total);
    assert!(nodes > 100_000, "{nodes} nodes");
    assert!(games > 10_000, "{games} games");
    assert_eq!(in_shift_jis, games, "every game read as Shift_JIS");
    assert!(
        japanese > 5_000,
        "{japanese} comments with the phrase decoded"
    );
    assert_eq!(warnings, 0);

    let peak = common::peak_bytes().unwrap();
    eprintln!(
        "peak {} MiB (was {} MiB before streaming)",
        peak >> 20,
        before >> 20
    );
    assert!(
        peak < 64 << 20,
        "peak {} MiB (was {} MiB before streaming)",
        peak >> 20,
        before >> 20
    );
}
