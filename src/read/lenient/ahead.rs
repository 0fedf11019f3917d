//! How the lenient stage reads ahead: machine steps with refills, the
//! look-ahead its repairs scan, and offsets in the source's bytes.

use super::{Stage, LOOK_AHEAD};
use crate::error::Error;
use crate::machine::{Step, Token};
use crate::read::source::Source;

/// What one machine step gave.
pub(super) enum Stepped {
    Step(Step),
    /// A source fed by the caller has no more bytes yet.
    Wait,
}

impl<S: Source> Stage<'_, S> {
    /// One machine step, refilling the source as needed.
    pub(super) fn step(&mut self) -> Result<Stepped, Error> {
        loop {
            let eof = self.source.is_eof();
            let step = self
                .core
                .machine
                .step(self.source.bytes(), &mut self.core.pos, eof);
            if !matches!(step, Step::NeedMore) || eof {
                return Ok(Stepped::Step(step));
            }
            if !self.fill(None)? {
                return Ok(Stepped::Wait);
            }
        }
    }

    /// Reads more bytes, keeping those from the earliest byte the stage
    /// still needs (and from absolute offset `from`, when given); `false`
    /// when none can come yet.
    pub(super) fn fill(&mut self, from: Option<u64>) -> Result<bool, Error> {
        let mut keep = self.core.pos;
        if let Some(held) = &self.state.held {
            keep = keep.min(self.buffer(held.written.start));
        }
        if let Some(from) = from {
            keep = keep.min(self.buffer(from));
        }
        let last_end = self.buffer(self.state.last_end.max(self.abs(0)));
        keep = keep.min(last_end.max(self.core.pos.saturating_sub(LOOK_AHEAD)));
        let mut kept = keep;
        match self.source.fill(&mut kept) {
            Ok(more) => {
                self.core.pos -= keep - kept;
                Ok(more)
            }
            Err(err) => {
                let position = self.source.position(self.source.bytes().len());
                self.core.done = true;
                self.state.done = true;
                Err(Error::io(err, position))
            }
        }
    }

    /// Makes sure the bytes from absolute offset `from` on are buffered up
    /// to [`LOOK_AHEAD`], the end of the input, or where a charset stage
    /// sees the current game end (past it, it would decode the next
    /// game's bytes in this game's charset); `false` when a source fed by
    /// the caller has not got that far yet.
    pub(super) fn look_ahead(&mut self, from: u64) -> Result<bool, Error> {
        loop {
            let len = self.source.bytes().len();
            if self.source.is_eof()
                || len >= self.buffer(from) + LOOK_AHEAD
                || self.source.at_game_limit()
            {
                return Ok(true);
            }
            if !self.fill(Some(from))? {
                return Ok(false);
            }
        }
    }

    /// Reads ahead what the repair of `step` may look at: the look-ahead
    /// after an error or a variation's `(` at a game's top level; after a
    /// `)` that follows a held text property, the next byte that is not
    /// whitespace, and the look-ahead only when that byte shows the `)`
    /// may be a stray `]`'s. `false` when a source fed by the caller has
    /// not got that far yet.
    pub(super) fn read_ahead_for(&mut self, step: &Step) -> Result<bool, Error> {
        match *step {
            Step::Error(_, at) => self.look_ahead(self.abs(at.min(self.core.pos))),
            Step::Token(Token::EndGameTree, start, end) if self.state.held.is_some() => {
                let from = self.abs(start);
                let depth = self.core.machine.depth();
                if depth == 0 {
                    // The game ends here unless what follows shows a stray
                    // `]`: a charset stage decides the next game's charset
                    // before that is read.
                    self.source.game_end(end);
                }
                match self.next_non_space(from + 1)? {
                    None => Ok(false),
                    Some(next) if closes_cleanly(next, depth) => Ok(true),
                    Some(_) => self.look_ahead(from),
                }
            }
            Step::Token(Token::StartGameTree, start, _) if self.core.machine.depth() == 2 => {
                self.look_ahead(self.abs(start))
            }
            _ => Ok(true),
        }
    }

    /// The first byte at or after stream offset `from` that is not
    /// whitespace, within the look-ahead (`Some(None)`: none before its
    /// end or the input's); `None` when a source fed by the caller has not
    /// got that far yet.
    pub(super) fn next_non_space(&mut self, from: u64) -> Result<Option<Option<u8>>, Error> {
        loop {
            let bytes = self.source.bytes();
            let start = self.buffer(from);
            let limit = bytes.len().min(start.saturating_add(LOOK_AHEAD));
            let at = crate::lex::skip_space(&bytes[..limit], start.min(limit));
            if at < limit {
                return Ok(Some(Some(bytes[at])));
            }
            if self.source.is_eof() || limit == start.saturating_add(LOOK_AHEAD) {
                return Ok(Some(None));
            }
            if !self.fill(Some(from))? {
                return Ok(None);
            }
        }
    }

    /// The bytes the scanners may look at from buffer offset `from`.
    pub(super) fn view(&self, from: usize) -> &[u8] {
        let bytes = self.source.bytes();
        &bytes[..bytes.len().min(from.saturating_add(LOOK_AHEAD))]
    }

    /// The offset in the stream the machine reads of buffer offset `at`
    /// (the input's, unless the source decodes a charset): what the stage
    /// keeps between fills.
    pub(super) fn abs(&self, at: usize) -> u64 {
        self.source.stream_offset(at)
    }

    /// The buffer offset of stream offset `at`.
    pub(super) fn buffer(&self, at: u64) -> usize {
        (at - self.source.stream_offset(0)) as usize
    }

    /// The input offset of buffer offset `at`, for warnings.
    pub(super) fn input(&self, at: usize) -> u64 {
        self.source.absolute(at)
    }
}

/// `step` with its offsets moved `by` bytes back (the buffer forgot that
/// many bytes before it).
pub(super) fn shift(step: Step, by: u64) -> Step {
    let by = by as usize;
    match step {
        Step::Token(token, start, end) => {
            let token = match token {
                Token::Property {
                    ident_end,
                    values_start,
                    count,
                } => Token::Property {
                    ident_end: ident_end - by,
                    values_start: values_start - by,
                    count,
                },
                other => other,
            };
            Step::Token(token, start - by, end - by)
        }
        Step::Error(kind, at) => Step::Error(kind, at - by),
        other => other,
    }
}

/// Whether `next`, the first byte after a `)` that leaves `depth` game
/// trees open that is not whitespace (`None`: the end), may follow a game
/// tree: the end, `(`, or (inside a tree) `)`.
pub(super) fn closes_cleanly(next: Option<u8>, depth: u32) -> bool {
    match next {
        None | Some(b'(') => true,
        Some(b')') => depth > 0,
        Some(_) => false,
    }
}
