//! Reading one piece of input through a subcommand's [`Visit`]: a batch
//! in memory, or the rest of an input as a stream; the problems found,
//! placed in the input.
//!
//! A batch is read strictly first, the fastest way; leniently, only when
//! that fails, from its start again. Where strict reading succeeds, the
//! lenient reader gives the same events and no repair on real records;
//! on odd but valid text (a value that swallows `)(;`) it may guess a
//! missing `]`, and then the strict reading, which is FF\[4\]'s, is the
//! one kept (tests/strict_then_lenient.rs).

use std::collections::VecDeque;
use std::io::{self, Read};
use std::ops::ControlFlow;

use sgf_stream::charset::CharsetReport;
use sgf_stream::read::{Batch, Rest};
use sgf_stream::{Error, Position, ReaderBuilder, Warning};

use crate::diag::{Diagnostic, Mode};
use crate::visit::{Ctx, Depth, Job, Note, Visit};

/// A piece read: the subcommand's result and what was found wrong.
#[derive(Debug)]
pub struct Done<O> {
    /// The subcommand's result.
    pub out: O,
    /// Problems, placed in the input, in input order.
    pub diagnostics: Vec<Diagnostic>,
    /// Games read in the piece (one that strict reading stopped inside
    /// does not count).
    pub games: u64,
    /// Input bytes the piece covers.
    pub bytes: u64,
    /// Strict reading stopped at an error: nothing after this counts.
    pub stopped: bool,
}

/// One reading pass over a batch's text.
struct Pass<O> {
    out: O,
    notes: Vec<Note>,
    warnings: Vec<Warning>,
    error: Option<Error>,
    games: u64,
}

fn pass<J: Job>(
    job: &J,
    text: &[u8],
    lenient: bool,
    ctx: &Ctx<'_>,
) -> Pass<<J::Visitor as Visit>::Out> {
    let mut reader = ReaderBuilder::new().lenient(lenient).from_slice(text);
    let mut visitor = job.visitor();
    let mut notes = Vec::new();
    let mut depth = Depth::default();
    let mut error = None;
    loop {
        match reader.next_spanned() {
            Ok(Some((event, span))) => {
                depth.step(&event);
                visitor.event(&event, span, ctx, &mut notes);
            }
            Ok(None) => break,
            Err(err) => {
                error = Some(err);
                break;
            }
        }
    }
    let warnings = reader.take_warnings();
    Pass {
        out: visitor.take(ctx, &mut notes),
        notes,
        warnings,
        games: depth.games_read(error.is_some()),
        error,
    }
}

/// Reads `batch` through a visitor of `job`.
pub fn read_batch<J: Job>(job: &J, batch: &Batch) -> Done<<J::Visitor as Visit>::Out> {
    let mut decoded = batch.decode();
    let mut read = {
        let ctx = Ctx::Batch(&decoded);
        let strict = pass(job, decoded.text(), false, &ctx);
        match (job.mode(), &strict.error) {
            (Mode::Lenient, Some(_)) => pass(job, decoded.text(), true, &ctx),
            _ => strict,
        }
    };
    let mut diagnostics: Vec<Diagnostic> =
        decoded.warnings().iter().map(Diagnostic::warning).collect();
    decoded.place_warnings(&mut read.warnings);
    diagnostics.extend(read.warnings.iter().map(Diagnostic::warning));
    if let Some(err) = &read.error {
        diagnostics.push(Diagnostic::error(&decoded.place_error(err)));
    }
    read.notes.sort_by_key(|note| note.at);
    for note in read.notes {
        diagnostics.push(Diagnostic {
            severity: note.severity,
            position: decoded.position(note.at as usize),
            message: note.message,
        });
    }
    diagnostics.sort_by_key(|d| d.position.offset);
    Done {
        out: read.out,
        diagnostics,
        games: read.games,
        bytes: batch.bytes().len() as u64,
        stopped: read.error.is_some(),
    }
}

/// Input bytes read between two results of a stream.
const EMIT_EVERY: u64 = 1 << 20;

/// Reads the rest of an input as a stream, through one visitor of
/// `job`; hands its results to `emit` in pieces of about a MiB of input,
/// each ending between games. `Err` for a failed read.
pub fn read_rest<J: Job, R: Read>(
    job: &J,
    rest: Rest<R>,
    emit: &mut dyn FnMut(Done<<J::Visitor as Visit>::Out>) -> ControlFlow<()>,
) -> Result<(), String> {
    let start = rest.start();
    let options = rest.options(job.mode().options());
    let mut reader = options.from_reader_decoded(Lines::new(rest.into_reader()));
    let mut visitor = job.visitor();
    let mut report = CharsetReport::default();
    let mut depth = Depth::default();
    let mut pending = Pending::default();
    let mut notes = Vec::new();
    let mut emitted_to = 0;
    loop {
        let (opened, closed) = match reader.next_spanned() {
            Ok(Some((event, span))) => {
                let opened = depth.step(&event);
                visitor.event(&event, span, &Ctx::Stream(&report), &mut notes);
                (
                    opened,
                    depth.depth == 0 && matches!(event, sgf_stream::Event::EndGameTree),
                )
            }
            Ok(None) => break,
            Err(err) if err.io_error().is_some() => return Err(err.to_string()),
            Err(err) => {
                pending.error = Some(Diagnostic::error(&place_error(&err, start)));
                break;
            }
        };
        if opened {
            report = reader.charset_report().clone();
        }
        pending.place_notes(&mut notes, reader.get_ref(), start);
        let position = reader.position();
        if closed && position - emitted_to >= EMIT_EVERY {
            pending.add_warnings(reader.take_warnings(), start);
            let out = visitor.take(&Ctx::Stream(&report), &mut notes);
            pending.place_notes(&mut notes, reader.get_ref(), start);
            let done = pending.done(out, &mut depth, position - emitted_to);
            emitted_to = position;
            if emit(done).is_break() {
                return Ok(());
            }
        }
    }
    pending.add_warnings(reader.take_warnings(), start);
    let bytes = reader.position() - emitted_to;
    let out = visitor.take(&Ctx::Stream(&report), &mut notes);
    pending.place_notes(&mut notes, reader.get_ref(), start);
    let _ = emit(pending.done(out, &mut depth, bytes));
    Ok(())
}

/// Problems of a stream not yet handed on.
#[derive(Default)]
struct Pending {
    warnings: Vec<Diagnostic>,
    notes: Vec<Diagnostic>,
    error: Option<Diagnostic>,
}

impl Pending {
    /// Places `notes`, found in a stream whose lines `lines` counted from
    /// `start`.
    fn place_notes<R>(&mut self, notes: &mut Vec<Note>, lines: &Lines<R>, start: Position) {
        for note in notes.drain(..) {
            self.notes.push(Diagnostic {
                severity: note.severity,
                position: lines.position(note.at).counted_from(start),
                message: note.message,
            });
        }
    }

    fn add_warnings(&mut self, warnings: Vec<Warning>, start: Position) {
        for warning in warnings {
            let mut diagnostic = Diagnostic::warning(&warning);
            diagnostic.position = warning.position().counted_from(start);
            self.warnings.push(diagnostic);
        }
    }

    fn done<O>(&mut self, out: O, depth: &mut Depth, bytes: u64) -> Done<O> {
        let mut diagnostics = std::mem::take(&mut self.warnings);
        diagnostics.append(&mut self.notes);
        let stopped = self.error.is_some();
        diagnostics.extend(self.error.take());
        diagnostics.sort_by_key(|d| d.position.offset);
        let games = depth.games_read(stopped);
        depth.games = 0;
        Done {
            out,
            diagnostics,
            games,
            bytes,
            stopped,
        }
    }
}

fn place_error(err: &Error, start: Position) -> Error {
    Error::new(err.kind().clone(), err.position().counted_from(start))
}

/// How many bytes of line starts a stream keeps, behind what was read:
/// notes are placed right after their event, well within it.
const LINES_KEPT: u64 = 4 << 20;

/// A reader that remembers where the recent lines of what it read start,
/// to place offsets of a stream.
struct Lines<R> {
    inner: R,
    /// Bytes read so far.
    offset: u64,
    /// The line being read.
    line: Line,
    after_cr: bool,
    /// Earlier lines still kept.
    starts: VecDeque<Line>,
}

/// A line of a stream: its number, where it starts, and whether its
/// first byte is the LF of a CR LF (which, as the library counts, stands
/// at column 1 with the byte after it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Line {
    number: u32,
    start: u64,
    crlf: bool,
}

impl Line {
    fn column(self, at: u64) -> u32 {
        let skip = u64::from(self.crlf && at > self.start);
        (at.saturating_sub(self.start + skip) + 1).min(u64::from(u32::MAX)) as u32
    }
}

impl<R> Lines<R> {
    fn new(inner: R) -> Self {
        Lines {
            inner,
            offset: 0,
            line: Line {
                number: 1,
                start: 0,
                crlf: false,
            },
            after_cr: false,
            starts: VecDeque::new(),
        }
    }

    fn new_line(&mut self, start: u64) {
        self.starts.push_back(self.line);
        self.line = Line {
            number: self.line.number + 1,
            start,
            crlf: false,
        };
        while self
            .starts
            .front()
            .is_some_and(|line| line.start + LINES_KEPT < start)
        {
            self.starts.pop_front();
        }
    }

    /// The position of offset `at` (counted from the stream's start).
    fn position(&self, at: u64) -> Position {
        let line = match at >= self.line.start {
            true => self.line,
            false => {
                let index = self.starts.partition_point(|line| line.start <= at);
                match index {
                    0 => self.starts.front().copied().unwrap_or(self.line),
                    _ => self.starts[index - 1],
                }
            }
        };
        Position {
            offset: at,
            line: line.number,
            column: line.column(at),
        }
    }
}

impl<R: Read> Read for Lines<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let read = self.inner.read(buf)?;
        for (i, &b) in buf[..read].iter().enumerate() {
            let at = self.offset + i as u64;
            match b {
                b'\n' if self.after_cr => self.line.crlf = true,
                b'\n' | b'\r' => self.new_line(at + 1),
                _ => {}
            }
            self.after_cr = b == b'\r';
        }
        self.offset += read as u64;
        Ok(read)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_of_a_stream_are_counted_as_the_library_counts_them() {
        let text = b"ab\r\ncd\ne\rf\r\r\ngh";
        let mut lines = Lines::new(&text[..]);
        let mut sink = Vec::new();
        lines.read_to_end(&mut sink).unwrap();
        for at in 0..=text.len() {
            assert_eq!(
                lines.position(at as u64),
                Position::locate(text, at),
                "{at}"
            );
        }
    }
}
