//! Helpers shared by the crate's unit tests (built only for them): a
//! deterministic random generator, and the feed of a [`TreeScan`] in
//! pieces of any size.

use std::convert::Infallible;

use crate::lex::{TreeEnd, TreeScan};

/// A xorshift generator (shifts 13, 7, 17): the same numbers on every
/// run, with no dependency. The state is the last number drawn (the
/// seed before the first draw).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct XorShift(pub(crate) u64);

impl XorShift {
    /// Steps the generator; its new state.
    pub(crate) fn step(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    /// `len` bytes of `alphabet`, one step each (bits 40 and up of the
    /// state pick the byte).
    pub(crate) fn bytes(&mut self, alphabet: &[u8], len: usize) -> Vec<u8> {
        (0..len)
            .map(|_| alphabet[(self.step() >> 40) as usize % alphabet.len()])
            .collect()
    }
}

/// Where a fed [`TreeScan`] stopped short of the end of its tree.
#[derive(Debug)]
pub(crate) struct Stop<'a> {
    /// The scan as it stopped.
    pub scan: &'a TreeScan,
    /// What it said: [`TreeEnd::More`] or [`TreeEnd::TooDeep`].
    pub end: TreeEnd,
    /// The bytes it was given.
    pub buf: &'a [u8],
    /// The offset of `buf` in the input.
    pub base: usize,
    /// Where the scan stands in `buf`.
    pub at: usize,
}

/// Feeds `input[from..]` to `scan`, `step` bytes at a time, into a buffer
/// that forgets what the scan passed; where the tree ends (an offset into
/// `input`), or `None` when the input ends first. Each time the scan stops
/// short of the end, `stopped` looks at where it stands; its error ends
/// the feed.
pub(crate) fn scan_in_steps<E>(
    mut scan: TreeScan,
    input: &[u8],
    from: usize,
    step: usize,
    mut stopped: impl FnMut(Stop<'_>) -> Result<(), E>,
) -> Result<Option<usize>, E> {
    let (mut buf, mut base, mut fed, mut at) = (Vec::new(), from, from, 0);
    loop {
        match scan.end(&buf, &mut at) {
            TreeEnd::Closed(end) => return Ok(Some(base + end)),
            end => stopped(Stop {
                scan: &scan,
                end,
                buf: &buf,
                base,
                at,
            })?,
        }
        if fed == input.len() {
            return Ok(None);
        }
        buf.drain(..at);
        base += at;
        at = 0;
        let next = (fed + step).min(input.len());
        buf.extend_from_slice(&input[fed..next]);
        fed = next;
    }
}

/// [`scan_in_steps`] with nothing checked where the scan stops.
pub(crate) fn end_in_steps(
    scan: TreeScan,
    input: &[u8],
    from: usize,
    step: usize,
) -> Option<usize> {
    match scan_in_steps(scan, input, from, step, |_| Ok::<_, Infallible>(())) {
        Ok(end) => end,
        Err(never) => match never {},
    }
}
