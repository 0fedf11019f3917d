//! Reading one piece of input through a caller's [`Visit`]: a batch in
//! memory, or the rest of an input as a stream; the problems found,
//! placed in the input.
//!
//! Under [`Policy::StrictThenLenient`] a batch is read strictly first, the
//! fastest way; leniently, only when that fails, from its start again. Where strict reading succeeds, the
//! lenient reader gives the same events and no repair on real records;
//! on odd but valid text (a value that swallows `)(;`) it may guess a
//! missing `]`, and then the strict reading, which is FF\[4\]'s, is the
//! one kept (tests/strict_then_lenient.rs).

use std::io::Read;
use std::ops::{ControlFlow, Range};

use sgf_stream::charset::CharsetReport;
use sgf_stream::formats::Converted;
use sgf_stream::read::{Batch, DecodedBatch, Rest};
use sgf_stream::{Error, Event, Position, ReaderBuilder, Warning};

use super::lines::Lines;
use super::visit::{Ctx, Depth, Job, Note, Visit};
use super::Policy;
use crate::diagnostics::Diagnostic;

/// A piece read: the visitor's result and what was found wrong.
#[derive(Debug)]
pub struct Done<O> {
    /// The visitor's result.
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
    /// The error strict reading stopped at (also among `diagnostics`).
    pub error: Option<Diagnostic>,
}

impl<O> Done<O> {
    /// The diagnostics placed in `span` of the input (from its start,
    /// short of its end): those of a game, given its span.
    ///
    /// ```
    /// use sgf_tool::collection::{Collection, Delivery, Source, Trees};
    /// let sources = [Source::Bytes { name: "a.sgf".into(), bytes: "(;C[a]C[b])x(;GN[x])".into() }];
    /// let mut found = Vec::new();
    /// Collection::new().run(&sources, &Trees::new(Default::default()), |delivery| {
    ///     if let Delivery::Piece(_, done) = delivery {
    ///         for game in &done.out {
    ///             found.push(done.diagnostics_in(&game.span).iter().map(|d| d.code).collect::<Vec<_>>());
    ///         }
    ///     }
    ///     std::ops::ControlFlow::Continue(())
    /// });
    /// // The stray `x` is between the games, in neither.
    /// assert_eq!(found, [vec!["merged_property"], vec![]]);
    /// ```
    pub fn diagnostics_in(&self, span: &Range<u64>) -> &[Diagnostic] {
        let offset = |d: &Diagnostic| d.position.offset;
        let from = self.diagnostics.partition_point(|d| offset(d) < span.start);
        let to = self.diagnostics.partition_point(|d| offset(d) < span.end);
        &self.diagnostics[from..to.max(from)]
    }
}

/// One reading pass over a piece's text: what the visitor gave back and
/// noted, and what the reader found, placed in the text.
pub(super) struct Pass<O> {
    pub(super) out: O,
    pub(super) notes: Vec<Note>,
    pub(super) warnings: Vec<Warning>,
    pub(super) error: Option<Error>,
    pub(super) games: u64,
}

/// Reads `text` through a visitor of `job` by `policy` (strictly first
/// under [`Policy::StrictThenLenient`], and leniently from the start
/// again when that fails), with the limits of `options`.
pub(super) fn read_text<J: Job>(
    job: &J,
    text: &[u8],
    policy: Policy,
    options: ReaderBuilder,
    ctx: &Ctx<'_>,
) -> Pass<<J::Visitor as Visit>::Out> {
    let first = pass(job, text, options.lenient(policy == Policy::Lenient), ctx);
    match (policy, &first.error) {
        (Policy::StrictThenLenient, Some(_)) => pass(job, text, options.lenient(true), ctx),
        _ => first,
    }
}

fn pass<J: Job>(
    job: &J,
    text: &[u8],
    options: ReaderBuilder,
    ctx: &Ctx<'_>,
) -> Pass<<J::Visitor as Visit>::Out> {
    let mut reader = options.from_slice(text);
    let mut visitor = job.visitor();
    let mut notes = Vec::new();
    let mut depth = Depth::default();
    let mut error = None;
    loop {
        match reader.next_spanned() {
            Ok(Some((event, span))) => {
                given_up(
                    reader.take_abandoned(),
                    &mut depth,
                    &mut visitor,
                    ctx,
                    &mut notes,
                );
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
    visitor.warnings(&warnings, ctx);
    Pass {
        out: visitor.take(ctx, &mut notes),
        notes,
        warnings,
        games: depth.games_read(error.is_some()),
        error,
    }
}

/// When the reader has `abandoned` the game open (before the event that
/// starts closing it): the game no longer counts, and `visitor` is told.
#[inline]
fn given_up<V: Visit>(
    abandoned: bool,
    depth: &mut Depth,
    visitor: &mut V,
    ctx: &Ctx<'_>,
    notes: &mut Vec<Note>,
) {
    if abandoned && depth.depth > 0 {
        depth.abandon();
        visitor.abandoned(ctx, notes);
    }
}

/// Reads `batch` through a visitor of `job`, by `policy`, with the
/// limits of `options`.
pub(crate) fn read_batch<J: Job>(
    job: &J,
    batch: &Batch,
    policy: Policy,
    options: ReaderBuilder,
) -> Done<<J::Visitor as Visit>::Out> {
    let mut decoded = batch.decode();
    let read = read_text(job, decoded.text(), policy, options, &Ctx::Batch(&decoded));
    let stage = decoded.warnings().iter().map(Diagnostic::warning).collect();
    read.placed(stage, &mut decoded, batch.bytes().len() as u64)
}

/// What places a read text's problems in the input it came from: the
/// charset stage of a batch, or the conversion of a record.
pub(super) trait Place {
    /// Moves `warnings` from the text to the input.
    fn warnings(&self, warnings: &mut [Warning]);
    /// `err`, moved from the text to the input.
    fn error(&self, err: &Error) -> Error;
    /// The position in the input of text offset `at`.
    fn position(&mut self, at: usize) -> Position;
}

impl Place for DecodedBatch<'_> {
    fn warnings(&self, warnings: &mut [Warning]) {
        self.place_warnings(warnings);
    }

    fn error(&self, err: &Error) -> Error {
        self.place_error(err)
    }

    fn position(&mut self, at: usize) -> Position {
        DecodedBatch::position(self, at)
    }
}

impl Place for Converted {
    fn warnings(&self, warnings: &mut [Warning]) {
        self.relocate(warnings);
    }

    fn error(&self, err: &Error) -> Error {
        self.relocate_error(err)
    }

    fn position(&mut self, at: usize) -> Position {
        Converted::position(self, at)
    }
}

impl<O> Pass<O> {
    /// The piece read, covering `bytes` of input: the problems of the
    /// stage that made the text (`stage`), then the read's warnings, its
    /// error and the visitor's notes, placed in the input by `place`, in
    /// input order.
    pub(super) fn placed(
        mut self,
        mut diagnostics: Vec<Diagnostic>,
        place: &mut impl Place,
        bytes: u64,
    ) -> Done<O> {
        place.warnings(&mut self.warnings);
        diagnostics.extend(self.warnings.iter().map(Diagnostic::warning));
        let error = self
            .error
            .as_ref()
            .map(|err| Diagnostic::error(&place.error(err)));
        diagnostics.extend(error.clone());
        self.notes.sort_by_key(|note| note.at);
        for note in self.notes {
            diagnostics.push(Diagnostic {
                code: note.code,
                severity: note.severity,
                position: place.position(note.at as usize),
                message: note.message,
            });
        }
        diagnostics.sort_by_key(|d| d.position.offset);
        Done {
            out: self.out,
            diagnostics,
            games: self.games,
            bytes,
            stopped: error.is_some(),
            error,
        }
    }
}

/// Input bytes read between two results of a stream.
const EMIT_EVERY: u64 = 1 << 20;

/// Reads the rest of an input as a stream, through one visitor of
/// `job` (leniently unless `policy` is strict: a stream cannot be read
/// twice); hands its results to `emit` in pieces of about a MiB of input,
/// each ending between games. `Err` for a failed read.
pub(crate) fn read_rest<J: Job, R: Read>(
    job: &J,
    rest: Rest<R>,
    policy: Policy,
    options: ReaderBuilder,
    emit: &mut dyn FnMut(Done<<J::Visitor as Visit>::Out>) -> ControlFlow<()>,
) -> Result<(), String> {
    let (start, options) = (rest.start(), rest.options(options));
    read_stream(job, rest.into_reader(), start, policy, options, emit)
}

/// Reads `input`, which starts at `start` of its input, as a stream
/// through the charset stage with `options`: as [`read_rest`].
pub(crate) fn read_stream<J: Job, R: Read>(
    job: &J,
    input: R,
    start: Position,
    policy: Policy,
    options: ReaderBuilder,
    emit: &mut dyn FnMut(Done<<J::Visitor as Visit>::Out>) -> ControlFlow<()>,
) -> Result<(), String> {
    let options = options.lenient(policy != Policy::Strict);
    let mut reader = options.from_reader_decoded(Lines::new(input));
    let mut visitor = job.visitor();
    let mut report = CharsetReport::default();
    let mut depth = Depth::default();
    let mut pending = Pending::default();
    let mut notes = Vec::new();
    let mut emitted_to = 0;
    loop {
        let closed = match reader.next_spanned() {
            // A game opens: its charset is decided, and its `(` carries
            // nothing borrowed, so the report is taken before the visitor
            // sees the event.
            Ok(Some((Event::StartGameTree, span))) if depth.depth == 0 => {
                depth.step(&Event::StartGameTree);
                report = reader.charset_report().clone();
                let ctx = Ctx::Stream(&report, start.offset);
                visitor.event(&Event::StartGameTree, span, &ctx, &mut notes);
                false
            }
            // The reader gives up a game with the `)` that closes what
            // it had given (nothing borrowed).
            Ok(Some((Event::EndGameTree, span))) => {
                let ctx = Ctx::Stream(&report, start.offset);
                given_up(
                    reader.take_abandoned(),
                    &mut depth,
                    &mut visitor,
                    &ctx,
                    &mut notes,
                );
                depth.step(&Event::EndGameTree);
                visitor.event(&Event::EndGameTree, span, &ctx, &mut notes);
                depth.depth == 0
            }
            Ok(Some((event, span))) => {
                let ctx = Ctx::Stream(&report, start.offset);
                depth.step(&event);
                visitor.event(&event, span, &ctx, &mut notes);
                depth.depth == 0 && matches!(event, Event::EndGameTree)
            }
            Ok(None) => break,
            Err(err) if err.io_error().is_some() => return Err(err.to_string()),
            Err(err) => {
                pending.error = Some(Diagnostic::error(&place_error(&err, start)));
                break;
            }
        };
        pending.place_notes(&mut notes, reader.get_ref(), start);
        let position = reader.position();
        if closed && position - emitted_to >= EMIT_EVERY {
            let ctx = Ctx::Stream(&report, start.offset);
            let warnings = reader.take_warnings();
            let out = pending.take(&mut visitor, warnings, &ctx, start, &mut notes);
            pending.place_notes(&mut notes, reader.get_ref(), start);
            let done = pending.done(out, &mut depth, position - emitted_to);
            emitted_to = position;
            if emit(done).is_break() {
                return Ok(());
            }
        }
    }
    let bytes = reader.position() - emitted_to;
    let ctx = Ctx::Stream(&report, start.offset);
    let warnings = reader.take_warnings();
    let out = pending.take(&mut visitor, warnings, &ctx, start, &mut notes);
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
                code: note.code,
                severity: note.severity,
                position: lines.position(note.at).counted_from(start),
                message: note.message,
            });
        }
    }

    /// What `visitor` gathered, in a stream that starts at `start` of
    /// its input: it is given the reader's `warnings` since the last take
    /// first, and they are kept, placed in the input.
    fn take<V: Visit>(
        &mut self,
        visitor: &mut V,
        warnings: Vec<Warning>,
        ctx: &Ctx<'_>,
        start: Position,
        notes: &mut Vec<Note>,
    ) -> V::Out {
        visitor.warnings(&warnings, ctx);
        for warning in warnings {
            let mut diagnostic = Diagnostic::warning(&warning);
            diagnostic.position = warning.position().counted_from(start);
            self.warnings.push(diagnostic);
        }
        visitor.take(ctx, notes)
    }

    fn done<O>(&mut self, out: O, depth: &mut Depth, bytes: u64) -> Done<O> {
        let mut diagnostics = std::mem::take(&mut self.warnings);
        diagnostics.append(&mut self.notes);
        let error = self.error.take();
        let stopped = error.is_some();
        diagnostics.extend(error.clone());
        diagnostics.sort_by_key(|d| d.position.offset);
        let games = depth.games_read(stopped);
        depth.games = 0;
        Done {
            out,
            diagnostics,
            games,
            bytes,
            stopped,
            error,
        }
    }
}

fn place_error(err: &Error, start: Position) -> Error {
    Error::new(err.kind().clone(), err.position().counted_from(start))
}
