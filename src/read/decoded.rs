//! [`Decoded`]: the charset stage. A source that reads an input's bytes
//! from any [`io::Read`], decides each game's charset and hands the
//! reader UTF-8, in memory bounded by the read size and the decision
//! prefix, never by the input.
//!
//! The stage keeps the input bytes of the text it holds (and those read
//! ahead to decide), so that a game's end, where the reader calls
//! [`game_end`](super::source::sealed::Buffer::game_end), can be mapped
//! back to the input and what follows decoded again in the next game's
//! charset. Offsets it reports count bytes of the input as given.

use std::collections::VecDeque;
use std::io;

use super::source::sealed::{self, Buffer};
use super::source::{Buffered, Source};
use super::window::Window;
use super::{Reader, ReaderBuilder};
use crate::charset::{
    decide, Anchors, Bad, Charset, CharsetMode, CharsetReport, Decision, Lines, Out, Prefix,
    Transcoder, DECISION_PREFIX,
};
use crate::error::{LineCounter, Position};
use crate::warning::{Warning, WarningKind};

/// At most this many runs of invalid bytes are reported per game.
const MAX_BAD: usize = 1000;

/// Where the stage stands in deciding charsets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    /// Nothing decided yet.
    Start,
    /// The current game's charset is decided; the next game decides anew.
    Game,
    /// A charset is decided for the rest of the input.
    Whole,
    /// A game ended where the reader's view ends: decide before going on.
    Ended,
}

/// Any [`io::Read`] whose bytes are decoded to UTF-8 before the reader
/// sees them: the charset stage. Made by
/// [`ReaderBuilder::from_reader_decoded`](super::ReaderBuilder::from_reader_decoded).
///
/// Each game's charset is decided (as its [`CharsetMode`] says) from at
/// most [`DECISION_PREFIX`] bytes read ahead from its start; text is
/// decoded a read at a time. Bytes invalid in the charset become U+FFFD
/// with a [`WarningKind::InvalidBytes`] warning; UTF-8 is handed on as it
/// is (the tree builders check it).
#[derive(Debug)]
pub struct Decoded<R> {
    pub(crate) inner: R,
    chunk: usize,
    mode: CharsetMode,
    /// Input bytes from the one of the first byte of `text` on, then
    /// those read ahead.
    raw: Window,
    /// The input offset of `text[0]`.
    raw_start: u64,
    /// `raw.bytes()[..raw_done]` is decoded.
    raw_done: usize,
    /// How many bytes from `raw_done` the transcoder needs at least (it
    /// took less than it was given: the start of a character); 0 if it
    /// took all.
    short: usize,
    /// The transcoder was told the input ended.
    flushed: bool,
    /// Where the current game seems to end in the input: decoding stops
    /// there until the reader finds the end (or reads on).
    game_limit: Option<u64>,
    /// The input up to this offset is known to be valid UTF-8.
    utf8_valid_to: u64,
    /// Decoded text from text offset `text_base` on; the reader sees
    /// `text[..visible]`.
    text: Vec<u8>,
    text_base: u64,
    visible: usize,
    anchors: Anchors,
    /// Lines counted up to `text_base`.
    lines: Lines,
    transcoder: Transcoder,
    replace_utf8: bool,
    state: State,
    report: CharsetReport,
    first_report: Option<CharsetReport>,
    /// Text from this offset on is kept (a game being captured).
    keep: Option<usize>,
    /// Nothing is ever forgotten (a whole input decoded in memory).
    keep_all: bool,
    /// Where each decision took effect in the text and what it decided,
    /// kept when keeping all.
    decisions: Vec<(u64, CharsetReport)>,
    bad: Vec<Bad>,
    bad_in_game: usize,
    /// Warnings not yet taken, with the text offset they belong to.
    warnings: VecDeque<(u64, Warning)>,
    /// Lines counted up to the last warning placed.
    warn_lines: Lines,
    /// Lines counted up to places asked for lately, by text offset.
    located: Vec<Lines>,
    /// How many times text past a game's end was dropped to decode it
    /// anew.
    generation: u64,
}

impl<R> Decoded<R> {
    pub(crate) fn new(inner: R, chunk: usize, mode: CharsetMode) -> Self {
        Decoded {
            inner,
            chunk: chunk.max(1),
            mode,
            raw: Window::default(),
            raw_start: 0,
            raw_done: 0,
            short: 0,
            flushed: false,
            game_limit: None,
            utf8_valid_to: 0,
            text: Vec::new(),
            text_base: 0,
            visible: 0,
            anchors: Anchors::default(),
            lines: Lines::default(),
            transcoder: Transcoder::new(Charset::Utf8, false),
            replace_utf8: false,
            state: State::Start,
            report: CharsetReport::default(),
            first_report: None,
            keep: None,
            keep_all: false,
            decisions: Vec::new(),
            bad: Vec::new(),
            bad_in_game: 0,
            warnings: VecDeque::new(),
            warn_lines: Lines::default(),
            located: Vec::new(),
            generation: 0,
        }
    }

    /// A stage that keeps all its text (a whole input in memory), with
    /// invalid UTF-8 replaced if `replace_utf8`.
    pub(crate) fn keeping_all(mut self, replace_utf8: bool) -> Self {
        self.keep_all = true;
        self.replace_utf8 = replace_utf8;
        self
    }

    /// The charset of the game being read, and how it was chosen. It
    /// changes when the next game's charset is decided, as the reader
    /// moves past the game's end; before any byte is read it is the
    /// default (UTF-8).
    pub fn report(&self) -> &CharsetReport {
        &self.report
    }

    /// The report of the first game.
    pub(crate) fn first_report(&self) -> CharsetReport {
        self.first_report.clone().unwrap_or_default()
    }

    /// All the text, its anchors, the stage's warnings, and where each
    /// game's charset took effect in the text with its report (for a
    /// stage that kept all).
    pub(crate) fn into_text(self) -> KeptText {
        KeptText {
            text: self.text,
            anchors: self.anchors,
            warnings: self.warnings.into_iter().map(|(_, w)| w).collect(),
            decisions: self.decisions,
        }
    }

    /// The input offset of absolute text offset `text`.
    fn map(&self, text: u64) -> u64 {
        let base = self.raw.absolute(0);
        self.anchors.map(text, self.raw.bytes(), base)
    }

    /// Where the raw window must keep its bytes from: the start of the
    /// held text (`raw_start`), or later where nothing reads them again:
    /// input bytes read as they are (UTF-8) map to their text without
    /// them, so only a decoded piece still held, and the next game's
    /// charset decision (from the end of the text handed out), need
    /// theirs. A long UTF-8 value is then held once, as text.
    fn raw_keep(&self) -> usize {
        let handed_out = self.text_base + self.visible as u64;
        let needed = match self.anchors.first_decoded() {
            // A decoded piece starts in what was handed out: it comes
            // first (and the end of the text is not located in it).
            Some((text, raw)) if text <= handed_out => raw,
            // The end of what was handed out is in a piece read as it is.
            _ => self.map(handed_out),
        };
        let keep = needed
            .max(self.raw_start)
            .min(self.raw.absolute(self.raw_done));
        (keep - self.raw.absolute(0)) as usize
    }
}

impl<R: io::Read> Decoded<R> {
    /// Reads once more into the raw window.
    fn read_raw(&mut self) -> io::Result<()> {
        let mut keep = self.raw_keep();
        let before = keep;
        self.raw.fill_from(&mut self.inner, self.chunk, &mut keep)?;
        self.raw_done -= before - keep;
        Ok(())
    }

    /// Decodes what was read (reading more when nothing is left), up to
    /// a read's worth.
    fn decode_some(&mut self) -> io::Result<()> {
        let available = self.raw.bytes().len();
        let needed = self.raw_done + self.short.max(1);
        if needed > available && !self.raw.is_eof() {
            return self.read_raw();
        }
        let mut end = (self.raw_done + self.chunk.max(self.short)).min(available);
        if let Some(limit) = self.game_limit {
            let limit = limit.saturating_sub(self.raw.absolute(0)) as usize;
            if needed <= limit {
                end = end.min(limit);
            } else {
                self.game_limit = None;
            }
        }
        let last = self.raw.is_eof() && end == available;
        let at = self.raw.absolute(self.raw_done);
        let mut out = Out {
            text: &mut self.text,
            text_base: self.text_base,
            anchors: &mut self.anchors,
            bad: &mut self.bad,
        };
        let offered = &self.raw.bytes()[self.raw_done..end];
        let took = self.transcoder.decode(offered, at, last, &mut out);
        let left = offered.len() - took;
        self.short = if left > 0 { left + 1 } else { 0 };
        self.raw_done += took;
        self.flushed |= last && left == 0;
        self.place_bad_bytes();
        Ok(())
    }

    /// Decides the charset of the game that starts where the reader's
    /// view ends (or of the input, at its start).
    fn decide(&mut self) -> io::Result<()> {
        let game_start = self.text_base + self.visible as u64;
        let from_abs = match self.state {
            State::Start => self.raw.absolute(0),
            _ => self.map(game_start),
        };
        self.restore_raw_from(from_abs, game_start);
        let mut from = (from_abs - self.raw.absolute(0)) as usize;
        while self.raw.bytes().len() - from < DECISION_PREFIX && !self.raw.is_eof() {
            let before = self.raw_keep();
            self.read_raw()?;
            from -= before - self.raw_keep();
        }
        let bytes = self.raw.bytes();
        let end = (from + DECISION_PREFIX).min(bytes.len());
        let prefix = &bytes[from..end];
        let complete = self.raw.is_eof() && end == bytes.len();
        let first = self.state == State::Start;
        if !first && memchr::memchr(b'(', prefix).is_none() {
            // No game follows: nothing to decide.
            self.state = State::Game;
            return Ok(());
        }
        let from_abs = self.raw.absolute(from);
        let prefix = Prefix {
            bytes: prefix,
            complete,
            first,
            previous: (!first).then(|| self.transcoder.charset()),
            utf8_valid: self.utf8_valid_to.saturating_sub(from_abs) as usize,
        };
        let decision = decide(prefix, self.mode);
        let valid_to = from_abs + decision.utf8_valid as u64;
        self.utf8_valid_to = self.utf8_valid_to.max(valid_to);
        self.apply(decision, from, game_start);
        Ok(())
    }

    /// Makes the raw window start at input offset `from_abs` (text offset
    /// `game_start`) again if it was forgotten: the reader declared a
    /// game's end before the end of the text handed out, after the input
    /// bytes behind it were dropped. Those were read as they are (only
    /// such bytes are dropped before a held text), so the text gives
    /// them back.
    fn restore_raw_from(&mut self, from_abs: u64, game_start: u64) {
        let raw_base = self.raw.absolute(0);
        if from_abs >= raw_base {
            return;
        }
        let start = (game_start - self.text_base) as usize;
        let gap = (raw_base - from_abs) as usize;
        self.raw.restore_front(&self.text[start..start + gap]);
        self.raw_done += gap;
    }

    /// Starts decoding as `decision` says, from raw window offset `from`
    /// (text offset `game_start`).
    fn apply(&mut self, decision: Decision, from: usize, game_start: u64) {
        let kept = self.state != State::Start
            && decision.charset == self.transcoder.charset()
            && self.transcoder.passes_utf8() != self.replace_utf8;
        if !kept {
            self.generation += 1;
            self.text.truncate(self.visible);
            self.anchors.truncate(game_start);
            while self
                .warnings
                .back()
                .is_some_and(|(at, _)| *at >= game_start)
            {
                self.warnings.pop_back();
            }
            if self.warn_lines.text_offset() > game_start {
                self.warn_lines = self.lines;
            }
            self.raw_done = from + decision.skip;
            self.short = 0;
            self.flushed = false;
            self.transcoder = Transcoder::new(decision.charset, self.replace_utf8);
        }
        let from_abs = self.raw.absolute(from);
        self.game_limit = decision.extent.map(|end| from_abs + end as u64);
        if let Some((kind, range)) = decision.warning {
            let mut lines = self.lines;
            let (anchors, raw, base) = (&self.anchors, self.raw.bytes(), self.raw.absolute(0));
            let text = &self.text[..(game_start - self.text_base) as usize];
            lines.advance(text, |t| anchors.map(t, raw, base));
            let position = place_after(&lines, from_abs, &raw[from..from + range.start]);
            let range = from_abs + range.start as u64..from_abs + range.end as u64;
            // Before the warnings of the game's text decoded already.
            let at = self.warnings.partition_point(|(at, _)| *at < game_start);
            let warning = Warning::new(kind, position, range);
            self.warnings.insert(at, (game_start, warning));
        }
        self.report = CharsetReport::new(decision.charset, decision.source, decision.declared);
        if self.first_report.is_none() {
            self.first_report = Some(self.report.clone());
        }
        if self.keep_all {
            self.decisions.push((game_start, self.report.clone()));
        }
        self.state = if decision.whole {
            State::Whole
        } else {
            State::Game
        };
        self.bad_in_game = 0;
    }

    /// Turns the invalid bytes the transcoder met into warnings.
    fn place_bad_bytes(&mut self) {
        let mut bad = std::mem::take(&mut self.bad);
        for Bad { text, raw } in bad.drain(..) {
            if self.bad_in_game >= MAX_BAD {
                continue;
            }
            self.bad_in_game += 1;
            self.warn_lines_to(text);
            let position = self.warn_lines.position(raw.start);
            let kind = WarningKind::InvalidBytes(self.transcoder.charset().name());
            self.warnings
                .push_back((text, Warning::new(kind, position, raw)));
        }
        self.bad = bad;
    }

    /// Moves the warnings' line count to text offset `text`.
    fn warn_lines_to(&mut self, text: u64) {
        let from = (self.warn_lines.text_offset() - self.text_base) as usize;
        let to = ((text - self.text_base) as usize).min(self.text.len());
        if to <= from {
            return;
        }
        let (anchors, raw, base) = (&self.anchors, self.raw.bytes(), self.raw.absolute(0));
        self.warn_lines
            .advance(&self.text[from..to], |t| anchors.map(t, raw, base));
    }

    /// Forgets the text before `*pos` (and before a kept mark) once that
    /// is at least half of it, at a point that maps to the input without
    /// decoding; `*pos` moves with the rest.
    fn compact(&mut self, pos: &mut usize) {
        if self.keep_all {
            return;
        }
        let limit = self.keep.map_or(*pos, |keep| keep.min(*pos));
        let cut_abs = self.anchors.exact_before(self.text_base + limit as u64);
        let cut = (cut_abs - self.text_base) as usize;
        if cut == 0 || cut * 2 < self.text.len() {
            return;
        }
        let cut_raw = self.map(cut_abs);
        let (anchors, raw, base) = (&self.anchors, self.raw.bytes(), self.raw.absolute(0));
        self.lines
            .advance(&self.text[..cut], |t| anchors.map(t, raw, base));
        if self.warn_lines.text_offset() < cut_abs {
            self.warn_lines = self.lines;
        }
        crate::work::count(self.text.len() - cut);
        self.text.drain(..cut);
        self.text_base = cut_abs;
        self.visible -= cut;
        *pos -= cut;
        self.keep = self.keep.map(|keep| keep - cut);
        self.anchors.forget_before(cut_abs, cut_raw);
        self.raw_start = cut_raw;
    }

    /// Whether every byte was decoded and handed out.
    fn at_end(&self) -> bool {
        self.raw.is_eof()
            && self.flushed
            && self.raw_done == self.raw.bytes().len()
            && self.state != State::Ended
            && self.visible == self.text.len()
    }

    /// Decodes all that is left (for a whole input after the reader
    /// stopped, at its end or at an error).
    pub(crate) fn finish(&mut self) -> io::Result<()> {
        let mut pos = self.visible;
        while !self.at_end() {
            Buffer::fill(self, &mut pos)?;
            pos = self.visible;
        }
        Ok(())
    }
}

/// What a stage that kept all its text hands over.
pub(crate) struct KeptText {
    pub(crate) text: Vec<u8>,
    pub(crate) anchors: Anchors,
    pub(crate) warnings: Vec<Warning>,
    /// Where each game's charset took effect in the text (from the end
    /// of the game before), and its report, in order.
    pub(crate) decisions: Vec<(u64, CharsetReport)>,
}

/// The position of the input bytes after `before`, which start at input
/// offset `from`, where `lines` stands (its line holds `from`).
fn place_after(lines: &Lines, from: u64, before: &[u8]) -> Position {
    let at = from + before.len() as u64;
    let mut counter = LineCounter::default();
    counter.advance(before);
    let within = counter.position();
    let start = lines.position(from);
    if within.line == 1 {
        return lines.position(at);
    }
    Position {
        offset: at,
        line: start.line + within.line - 1,
        column: within.column,
    }
}

impl<R: io::Read> Source for Decoded<R> {}

impl<R: io::Read> Buffered for Decoded<R> {}

impl<R: io::Read> sealed::Buffer for Decoded<R> {
    #[inline(always)]
    fn bytes(&self) -> &[u8] {
        &self.text[..self.visible]
    }

    #[inline(always)]
    fn is_eof(&self) -> bool {
        self.at_end()
    }

    fn fill(&mut self, pos: &mut usize) -> io::Result<bool> {
        self.compact(pos);
        loop {
            if matches!(self.state, State::Start | State::Ended) {
                self.decide()?;
            }
            if self.visible < self.text.len() {
                self.visible = self.text.len();
                return Ok(true);
            }
            if self.at_end() {
                return Ok(true);
            }
            self.decode_some()?;
        }
    }

    #[inline]
    fn absolute(&self, at: usize) -> u64 {
        self.map(self.text_base + at as u64)
    }

    fn stream_offset(&self, at: usize) -> u64 {
        self.text_base + at as u64
    }

    #[cold]
    fn position(&mut self, at: usize) -> Position {
        let at = at.min(self.text.len());
        let text = self.text_base + at as u64;
        // Count on from the nearest place asked for before (a few are
        // kept: positions come nearly in order).
        let base_text = self.text_base;
        self.located
            .retain(|lines| lines.text_offset() >= base_text);
        let mut lines = self
            .located
            .iter()
            .rev()
            .find(|lines| lines.text_offset() <= text)
            .copied()
            .unwrap_or(self.lines);
        let from = (lines.text_offset() - self.text_base) as usize;
        let (anchors, raw, base) = (&self.anchors, self.raw.bytes(), self.raw.absolute(0));
        lines.advance(&self.text[from..at], |t| anchors.map(t, raw, base));
        let place = self
            .located
            .partition_point(|kept| kept.text_offset() < text);
        self.located.insert(place, lines);
        if self.located.len() > 8 {
            let far = if place < 4 { self.located.len() - 1 } else { 0 };
            self.located.remove(far);
        }
        lines.position(self.map(text))
    }

    fn keep_from(&mut self, at: usize) {
        self.keep = Some(at);
    }

    fn take_kept(&mut self, end: usize) -> &[u8] {
        let keep = self.keep.take().unwrap_or(end);
        &self.text[keep..end]
    }

    fn generation(&self) -> u64 {
        self.generation
    }

    fn at_game_limit(&self) -> bool {
        self.visible == self.text.len() && self.game_limit == Some(self.raw.absolute(self.raw_done))
    }

    fn game_end(&mut self, at: usize) {
        if self.state == State::Game {
            self.state = State::Ended;
            self.visible = at;
        }
    }

    fn drain_warnings(&mut self, up_to: usize, into: &mut Vec<Warning>) {
        let limit = self.text_base.saturating_add(up_to as u64);
        while self.warnings.front().is_some_and(|(at, _)| *at < limit) {
            into.extend(self.warnings.pop_front().map(|(_, warning)| warning));
        }
    }
}

impl<R: io::Read> Reader<Decoded<R>> {
    /// A reader over any [`io::Read`] through the charset stage, with the
    /// default options ([`CharsetMode::Auto`], [`DEFAULT_CHUNK`](super::DEFAULT_CHUNK) bytes a
    /// read): each game is decoded to UTF-8 from its charset before the
    /// machine reads it. Offsets of spans, errors and warnings count
    /// bytes of the input as given. See
    /// [`ReaderBuilder::from_reader_decoded`] for an example.
    pub fn from_reader_decoded(inner: R) -> Self {
        ReaderBuilder::new().from_reader_decoded(inner)
    }

    /// The charset of the game being read, and how it was chosen: it
    /// changes once the reader moves past a game's end and the next
    /// game's charset is decided. Before the first event it is the
    /// default (UTF-8).
    pub fn charset_report(&self) -> &CharsetReport {
        self.source.report()
    }

    /// The underlying reader.
    pub fn get_ref(&self) -> &R {
        &self.source.inner
    }

    /// Gives back the underlying reader; bytes already read are lost.
    pub fn into_inner(self) -> R {
        self.source.inner
    }
}
