//! [`Batches`]: an input cut into batches of whole games, so that many
//! threads can read one large input, each batch as if the input were read
//! whole.
//!
//! Where no batch can end within [`Batches::max`] bytes (a game larger
//! than that, or an input that cannot be cut), the rest of the input is
//! handed over as a [`Rest`], to be read as a stream.
//!
//! ```
//! use sgf_stream::read::{Batches, Piece};
//! let input = "(;GN[one];B[pd])\n(;GN[two];B[dd])\n(;GN[three])\n".repeat(200);
//! let mut games = 0;
//! let mut starts = Vec::new();
//! for piece in Batches::new(input.as_bytes()).target(500) {
//!     let Piece::Batch(batch) = piece? else { panic!("no rest") };
//!     starts.push(batch.start().offset);
//!     // Each batch is read on its own: any thread could take it.
//!     let decoded = batch.decode();
//!     games += sgf_stream::parse_collection(decoded.text())?.len();
//! }
//! assert_eq!(games, 600);
//! assert!(starts.len() > 10);
//! assert!(starts.iter().all(|&at| input.as_bytes()[at as usize] == b'('));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod decoded;
mod piece;

use std::fmt;
use std::io::{self, Read};

pub use decoded::DecodedBatch;
pub use piece::{Batch, Rest};

use crate::charset::{decide, CharsetMode, CharsetReport, Decision, Prefix, DECISION_PREFIX};
use crate::charset::{tree_open, Charset};
use crate::error::LineCounter;
use crate::lex::{Lead, TreeEnd, TreeScan};

/// The default [`Batches::target`]: 1 MiB.
pub const DEFAULT_TARGET: usize = 1 << 20;

/// The default [`Batches::max`]: 16 MiB.
pub const DEFAULT_MAX: usize = 16 << 20;

/// How many bytes are read at a time.
const READ: usize = 256 << 10;

/// One piece of an input cut by [`Batches`].
#[derive(Debug)]
pub enum Piece<R> {
    /// Whole games, in memory.
    Batch(Batch),
    /// The rest of the input, to be read as a stream.
    Rest(Rest<R>),
}

/// Whether every game of a whole input in `bytes` is read as UTF-8, and
/// the bytes are their own text: valid UTF-8 whose `CA` values all name
/// UTF-8, with no byte order mark and no zero byte (UTF-16 is
/// recognised by its zero bytes).
fn plain_utf8(bytes: &[u8]) -> bool {
    !bytes.starts_with(b"\xEF\xBB\xBF")
        && memchr::memchr(0, bytes).is_none()
        && crate::charset::names_only_utf8(bytes)
}

/// The charset report of the first game of `bytes`, read as UTF-8.
fn first_report(bytes: &[u8]) -> CharsetReport {
    let prefix = &bytes[..bytes.len().min(DECISION_PREFIX)];
    let decision = decide(
        Prefix {
            bytes: prefix,
            complete: prefix.len() == bytes.len(),
            first: true,
            previous: None,
            utf8_valid: 0,
        },
        CharsetMode::Utf8,
    );
    report_of(&decision)
}

/// Whether a game so decided reads its bytes as they are: UTF-8, with
/// no byte order mark to skip and nothing to warn about.
fn plain(decision: &Decision) -> bool {
    decision.charset == Charset::Utf8 && decision.skip == 0 && decision.warning.is_none()
}

fn report_of(decision: &Decision) -> CharsetReport {
    CharsetReport::new(decision.charset, decision.source, decision.declared.clone())
}

/// What [`Batches::between`] did.
enum Between<R> {
    /// A batch ended before the next game.
    Cut(Piece<R>),
    /// The next game's scan started.
    Started,
    /// More bytes are needed.
    More,
}

/// Where the scan stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    /// Between games: the next game's charset and start are looked for
    /// from `game_end`.
    Between,
    /// Inside a game.
    InGame,
}

/// Cuts an input, read from any [`io::Read`], into [`Piece`]s: batches of
/// whole games of about [`target`](Self::target) bytes, and, where no
/// batch can end within [`max`](Self::max) bytes, the rest as a stream.
///
/// A batch ends just before a game's `(` (and the whitespace before it
/// stays with the game that ends there), only where reading the batch on
/// its own gives what reading the whole input gives:
/// - parentheses are counted outside values (with the lead bytes of a
///   double-byte charset, so a second byte never fakes `\` or `]`);
/// - each game's charset is decided as the charset stage decides it,
///   from the same prefix, and a batch starts only where the stage, fresh,
///   decides the first game as it does in the whole input (a game after
///   one in Shift_JIS with no `CA` of its own is not a batch's first);
/// - an input that starts with a byte order mark keeps its charset for
///   all batches, and UTF-16 is never cut.
///
/// Memory holds one batch and what is read ahead to decide charsets
/// ([`DECISION_PREFIX`] bytes) and to find the next cut.
pub struct Batches<R> {
    inner: Option<R>,
    /// Input bytes from the current batch's start on.
    buf: Vec<u8>,
    eof: bool,
    /// Lines counted up to `buf[0]`.
    lines: LineCounter,
    target: usize,
    max: usize,
    index: usize,
    state: State,
    /// The scan for the current game's end, and where it goes on.
    scan: TreeScan,
    scan_at: usize,
    /// Where the last game ended, in `buf` (the next decision's prefix
    /// starts there).
    game_end: usize,
    /// Whether a charset was decided for the input yet.
    started: bool,
    /// The charset of the current (or last) game.
    charset: Charset,
    lead: Option<Lead>,
    /// A byte order mark decided UTF-8 for all the input.
    whole_utf8: bool,
    /// UTF-16: the input cannot be cut.
    uncut: bool,
    /// The input up to this offset is valid UTF-8.
    utf8_valid_to: u64,
    /// Every game of the current batch is decided UTF-8, with no byte
    /// order mark to skip.
    batch_utf8: bool,
    /// The first game's charset in the current batch, as a reader of the
    /// batch alone decides it.
    report: Option<CharsetReport>,
    done: bool,
}

impl<R> fmt::Debug for Batches<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Batches")
            .field("buffered", &self.buf.len())
            .field("index", &self.index)
            .field("target", &self.target)
            .field("max", &self.max)
            .finish()
    }
}

impl<R: Read> Batches<R> {
    /// The pieces of the input `inner` reads.
    pub fn new(inner: R) -> Self {
        Batches {
            inner: Some(inner),
            buf: Vec::new(),
            eof: false,
            lines: LineCounter::default(),
            target: DEFAULT_TARGET,
            max: DEFAULT_MAX,
            index: 0,
            state: State::Between,
            scan: TreeScan::default(),
            scan_at: 0,
            game_end: 0,
            started: false,
            charset: Charset::Utf8,
            lead: None,
            whole_utf8: false,
            uncut: false,
            utf8_valid_to: 0,
            batch_utf8: true,
            report: None,
            done: false,
        }
    }

    /// The size a batch reaches before it ends at the next game that
    /// allows it (at least 1 byte). Default [`DEFAULT_TARGET`] (1 MiB).
    pub fn target(mut self, bytes: usize) -> Self {
        self.target = bytes.max(1);
        self
    }

    /// The most bytes a batch may hold before the rest of the input is
    /// handed over as a [`Rest`]; at least the target. Default
    /// [`DEFAULT_MAX`] (16 MiB).
    pub fn max(mut self, bytes: usize) -> Self {
        self.max = bytes;
        self
    }

    /// Reads more bytes; `false` at the end of the input.
    fn read_more(&mut self) -> io::Result<bool> {
        let Some(inner) = self.inner.as_mut() else {
            self.eof = true;
            return Ok(false);
        };
        let read = inner.take(READ as u64).read_to_end(&mut self.buf)?;
        self.eof = read == 0;
        Ok(!self.eof)
    }

    /// Whether `DECISION_PREFIX` bytes from `from` are in the buffer, or
    /// all the rest of the input.
    fn has_prefix(&self, from: usize) -> bool {
        self.eof || self.buf.len() >= from + DECISION_PREFIX
    }

    /// The decision prefix from buffer offset `from`.
    fn prefix(&self, from: usize, first: bool, previous: Option<Charset>) -> Prefix<'_> {
        let end = self.buf.len().min(from + DECISION_PREFIX);
        let from_abs = self.lines.position().offset + from as u64;
        Prefix {
            bytes: &self.buf[from..end],
            complete: self.eof && end == self.buf.len(),
            first,
            previous,
            utf8_valid: self.utf8_valid_to.saturating_sub(from_abs) as usize,
        }
    }

    /// Notes what a decision from buffer offset `from` found valid UTF-8.
    fn note_valid(&mut self, from: usize, decision: &Decision) {
        let from_abs = self.lines.position().offset + from as u64;
        self.utf8_valid_to = self
            .utf8_valid_to
            .max(from_abs + decision.utf8_valid as u64);
    }

    /// The next piece, or `None` at the end.
    fn next_piece(&mut self) -> io::Result<Option<Piece<R>>> {
        loop {
            if self.done {
                return Ok(None);
            }
            let progressed = match self.state {
                _ if self.uncut => false,
                State::Between => match self.between() {
                    Between::Cut(piece) => return Ok(Some(piece)),
                    Between::Started => true,
                    Between::More => false,
                },
                State::InGame => match self.scan.end(&self.buf, &mut self.scan_at) {
                    TreeEnd::Closed(end) => {
                        self.game_end = end;
                        self.state = State::Between;
                        true
                    }
                    TreeEnd::More | TreeEnd::TooDeep(_) => false,
                },
            };
            if progressed {
                continue;
            }
            if self.buf.len() >= self.max.max(self.target) && !self.eof {
                return Ok(self.rest());
            }
            if !self.read_more()? && self.state == State::InGame {
                // The input ends inside a game: it goes with the last
                // batch, for the reader to report.
                self.state = State::Between;
                self.game_end = self.buf.len();
            }
            if self.eof
                && (self.uncut || self.state == State::Between && self.next_open().is_none())
            {
                return Ok(self.last());
            }
        }
    }

    /// The first `(` of a game from `game_end` on, if in the buffer.
    fn next_open(&self) -> Option<usize> {
        tree_open(&self.buf, self.game_end)
    }

    /// Between games: the batch ends before the next game, or that
    /// game's charset is decided and its scan starts.
    fn between(&mut self) -> Between<R> {
        if !self.has_prefix(self.game_end) {
            return Between::More;
        }
        let Some(open) = self.next_open() else {
            return Between::More;
        };
        if !self.started {
            self.started = true;
            let decision = decide(self.prefix(0, true, None), CharsetMode::Auto);
            self.note_valid(0, &decision);
            if decision.whole {
                self.whole_utf8 = decision.charset == Charset::Utf8;
                self.uncut = !self.whole_utf8;
            }
            self.batch_utf8 = plain(&decision);
            self.report = Some(report_of(&decision));
            self.start_game(open, decision.charset);
            return Between::Started;
        }
        let decision = match self.whole_utf8 {
            true => None,
            false => self.decide_next(),
        };
        if self.game_end >= self.target {
            let gap = &self.buf[self.game_end..open];
            if gap.iter().all(|&b| crate::lex::is_space(b)) {
                if let Some(fresh) = self.fresh_decision(open, decision.as_ref()) {
                    return Between::Cut(self.cut(open, fresh));
                }
            }
        }
        let charset = match decision {
            Some(decision) => {
                self.batch_utf8 &= plain(&decision);
                decision.charset
            }
            None => self.charset,
        };
        self.start_game(open, charset);
        Between::Started
    }

    /// Starts the scan of the game at `open`, read in `charset`.
    fn start_game(&mut self, open: usize, charset: Charset) {
        self.charset = charset;
        #[cfg(feature = "encoding")]
        {
            self.lead = crate::charset::lead(charset);
        }
        self.scan = TreeScan::new(1).with_lead(self.lead);
        self.scan_at = open + 1;
        self.state = State::InGame;
    }

    /// The stage's decision for the game after `game_end`, as in the
    /// whole input; `None` when the stage decides nothing (no `(` in the
    /// prefix).
    fn decide_next(&mut self) -> Option<Decision> {
        let prefix = self.prefix(self.game_end, false, Some(self.charset));
        memchr::memchr(b'(', prefix.bytes)?;
        let decision = decide(prefix, CharsetMode::Auto);
        self.note_valid(self.game_end, &decision);
        Some(decision)
    }

    /// The decision a fresh stage makes for the game at `open`, if it is
    /// the one the stage makes reading the whole input (`whole`, or none
    /// for an input that started with a UTF-8 byte order mark).
    fn fresh_decision(&mut self, open: usize, whole: Option<&Decision>) -> Option<Decision> {
        if self.whole_utf8 {
            return Some(decide(self.prefix(open, true, None), CharsetMode::Utf8));
        }
        let whole = whole?;
        let fresh = decide(self.prefix(open, true, None), CharsetMode::Auto);
        let shift = open - self.game_end;
        let warning = |d: &Decision, shift: usize| {
            d.warning
                .as_ref()
                .map(|(kind, range)| (kind.clone(), range.start + shift..range.end + shift))
        };
        let same = whole.charset == fresh.charset
            && whole.source == fresh.source
            && whole.declared == fresh.declared
            && whole.whole == fresh.whole
            && whole.skip == fresh.skip
            && warning(whole, 0) == warning(&fresh, shift);
        same.then_some(fresh)
    }

    /// Ends the batch before `open`, the start of a game whose charset is
    /// `decision`.
    fn cut(&mut self, open: usize, decision: Decision) -> Piece<R> {
        // The next batch's buffer is made as large as this one was (up
        // to what a batch of the target size needs), so that reading
        // does not grow it again.
        let needs = self.target.min(self.max) + 2 * READ + DECISION_PREFIX;
        let room = self.buf.capacity().min(needs).max(self.buf.len() - open);
        let mut rest = Vec::with_capacity(room);
        rest.extend_from_slice(&self.buf[open..]);
        self.buf.truncate(open);
        let bytes = std::mem::replace(&mut self.buf, rest);
        let piece = self.batch(bytes);
        self.game_end = 0;
        self.batch_utf8 = plain(&decision);
        self.report = Some(report_of(&decision));
        self.start_game(0, decision.charset);
        piece
    }

    /// The batch of `bytes`, which start the buffer; counts their lines.
    fn batch(&mut self, bytes: Vec<u8>) -> Piece<R> {
        let start = self.lines.position();
        self.lines.advance(&bytes);
        let end = self.lines.position().offset;
        let valid = self.utf8_valid_to >= end || std::str::from_utf8(&bytes).is_ok();
        let utf8 = self.batch_utf8 && valid && !(self.index == 0 && self.has_zero(&bytes));
        let mode = match self.whole_utf8 && self.index > 0 {
            true => CharsetMode::Utf8,
            false => CharsetMode::Auto,
        };
        let report = self.report.take();
        let batch = Batch {
            bytes,
            start,
            index: self.index,
            mode,
            utf8,
            report: report.filter(|_| utf8),
        };
        self.index += 1;
        Piece::Batch(batch)
    }

    /// Whether the first batch holds a zero byte (which could make a
    /// stage take it for UTF-16).
    fn has_zero(&self, bytes: &[u8]) -> bool {
        memchr::memchr(0, bytes).is_some()
    }

    /// The last batch: all that is left, if anything (an empty input is
    /// one empty batch).
    fn last(&mut self) -> Option<Piece<R>> {
        self.done = true;
        if self.buf.is_empty() && self.index > 0 {
            return None;
        }
        if !self.started {
            // No game: decided as the stage decides an input with none.
            let decision = decide(self.prefix(0, true, None), CharsetMode::Auto);
            self.batch_utf8 = plain(&decision);
            self.report = Some(report_of(&decision));
        }
        let bytes = std::mem::take(&mut self.buf);
        Some(self.batch(bytes))
    }

    /// The rest of the input, as a stream.
    fn rest(&mut self) -> Option<Piece<R>> {
        self.done = true;
        let inner = self.inner.take()?;
        let mode = match self.whole_utf8 && self.index > 0 {
            true => CharsetMode::Utf8,
            false => CharsetMode::Auto,
        };
        Some(Piece::Rest(Rest {
            head: std::mem::take(&mut self.buf),
            inner,
            start: self.lines.position(),
            mode,
        }))
    }
}

impl<R: Read> Iterator for Batches<R> {
    type Item = io::Result<Piece<R>>;

    fn next(&mut self) -> Option<Self::Item> {
        match self.next_piece() {
            Ok(piece) => piece.map(Ok),
            Err(err) => {
                self.done = true;
                Some(Err(err))
            }
        }
    }
}

impl<R: Read> std::iter::FusedIterator for Batches<R> {}

#[cfg(test)]
mod tests;
