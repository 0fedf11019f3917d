//! Memory stays bounded while the lenient reader skips a game over a
//! limit: three games of 24 MB each (made on the fly by a reader, never a
//! file), one with a value over `max_value_len`, one with more values
//! than `max_values_per_property`, one deeper than `max_depth` (its
//! million open trees closed when it is skipped), each
//! followed by a small game, read through a stream and through the
//! charset stage with a peak resident size under 16 MB. This file holds
//! a single test so that the process's peak (VmHWM, Linux) is its own.

mod common;

use std::io::{self, Read};

use sgf_stream::{ErrorKind, Event, ReaderBuilder, WarningKind};

/// Parts, each repeated a number of times, made as read.
struct Repeat {
    parts: Vec<(&'static [u8], u64)>,
    at: u64,
}

impl Repeat {
    fn new(parts: Vec<(&'static [u8], u64)>) -> Self {
        Repeat { parts, at: 0 }
    }
}

impl Read for Repeat {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let (mut n, mut start) = (0, 0);
        for &(bytes, times) in &self.parts {
            let end = start + bytes.len() as u64 * times;
            while n < buf.len() && self.at < end {
                let offset = ((self.at - start) % bytes.len() as u64) as usize;
                let take = (bytes.len() - offset).min(buf.len() - n);
                buf[n..n + take].copy_from_slice(&bytes[offset..offset + take]);
                n += take;
                self.at += take as u64;
            }
            start = end;
        }
        Ok(n)
    }
}

/// What a lenient read gave: the properties read and the warnings.
fn read(options: ReaderBuilder, input: Repeat, decoded: bool) -> (Vec<String>, Vec<WarningKind>) {
    let options = options.lenient(true).chunk_size(16 << 10);
    let mut props = Vec::new();
    let mut note = |event: Event<'_>| {
        if let Event::Property(ident, values) = event {
            props.push(format!(
                "{ident}{}",
                String::from_utf8_lossy(values.as_bytes())
            ));
        }
    };
    let warnings = if decoded {
        let mut reader = options.from_reader_decoded(input);
        while let Some(event) = reader.next_event().expect("lenient reading never fails") {
            note(event);
        }
        reader.take_warnings()
    } else {
        let mut reader = options.from_reader(input);
        while let Some(event) = reader.next_event().expect("lenient reading never fails") {
            note(event);
        }
        reader.take_warnings()
    };
    (props, warnings.iter().map(|w| w.kind().clone()).collect())
}

#[test]
fn skipping_games_over_limits_stays_under_16_mb() {
    let Some(before) = common::peak_bytes() else {
        eprintln!("note: no /proc/self/status here; skipping this test");
        return;
    };
    let n: u64 = 24 << 20;
    let small: (&[u8], u64) = (b"(;B[aa])", 1);
    let cases = [
        (
            ReaderBuilder::new().max_value_len(1000),
            vec![(&b"(;C["[..], 1), (b"x", n), (b"])", 1), small],
            ErrorKind::ValueTooLong(1000),
        ),
        (
            ReaderBuilder::new().max_values_per_property(100),
            vec![(&b"(;AB"[..], 1), (b"[aa]", n / 4), (b")", 1), small],
            ErrorKind::TooManyValues(100),
        ),
        (
            // The default depth limit: the game's million open trees are
            // closed when it is skipped.
            ReaderBuilder::new(),
            vec![(&b"(;"[..], n / 3), (b")", n / 3), small],
            ErrorKind::TooDeep(1 << 20),
        ),
    ];
    for (options, parts, kind) in cases {
        for decoded in [false, true] {
            let (props, warnings) = read(options, Repeat::new(parts.clone()), decoded);
            // The big game is skipped whole; the small one after it read.
            assert_eq!(props, ["B[aa]"], "{kind:?}, decoded: {decoded}");
            assert_eq!(warnings, [WarningKind::SkippedGameTree(kind.clone())]);
        }
    }
    let peak = common::peak_bytes().unwrap();
    assert!(
        peak < 16 << 20,
        "peak {} MiB (was {} MiB before reading)",
        peak >> 20,
        before >> 20
    );
}
