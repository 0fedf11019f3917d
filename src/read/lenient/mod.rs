//! Lenient reading: a stage of the [`Reader`](super::Reader) that repairs
//! what real-world files get wrong, and says what it did.
//!
//! The machine runs exactly as in strict mode. When it reports an error,
//! this stage looks at the bytes around it (at most [`LOOK_AHEAD`] bytes
//! ahead, so a stream is read in bounded memory), decides on a repair
//! (skip junk, supply a `;` or `(`, drop a redundant `(`, read a legacy
//! identifier, ...), reports it as a [`Warning`], and resumes the machine
//! in the right state at the right byte. Every repair is events plus a
//! warning: a stray `]` kept as text or a value that never closes is a
//! property whose last value is [repaired](crate::RawValues::is_repaired).
//! A game tree that cannot be repaired (it exceeds a limit, or a value
//! never closes before the next game starts) is closed where the problem
//! is found and skipped to its end, with a
//! [`WarningKind::SkippedGameTree`] naming its bytes. A game over a limit
//! is skipped by the byte rules alone ([`TreeScan`]: parentheses counted
//! outside values), in constant memory whatever its size.

mod ahead;
mod out;
mod repair;
mod scan;

use std::ops::Range;

pub(crate) use out::{Ident, Out, Prop};

use out::Queue;

use ahead::{shift, Stepped};

use super::source::Source;
use super::Core;
use crate::error::{Error, ErrorKind, Position};
use crate::lex::TreeScan;
use crate::machine::{Limits, Resume, Step, Token};
use crate::warning::{Warning, WarningKind};

/// How far past a repair the stage may look: the end of the bytes its
/// scanners see, whatever the source.
pub(crate) const LOOK_AHEAD: usize = 1 << 20;

/// Where the input stands, to resume the machine after a repair.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Ctx {
    Outside,
    TreeOpen,
    InNode,
    AfterVariation,
}

impl Ctx {
    fn resume(self) -> Resume {
        match self {
            Ctx::Outside => Resume::Outside,
            Ctx::TreeOpen => Resume::TreeOpen,
            Ctx::InNode => Resume::InNode,
            Ctx::AfterVariation => Resume::AfterVariation,
        }
    }

    fn after_close(depth: u32) -> Ctx {
        if depth == 0 {
            Ctx::Outside
        } else {
            Ctx::AfterVariation
        }
    }
}

/// A parenthesis repair that a later `)` completes, by machine depth.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Fix {
    /// A dropped `(`: the `)` seen at this depth is its own; swallow it.
    Redundant(u32),
    /// A supplied `(`: the `)` seen at this depth closes it and its parent.
    Supplied(u32),
}

/// A text property held back one step: a stray `]` found right after it
/// may extend its last value.
#[derive(Debug, Clone)]
struct Held {
    prop: Prop,
    /// Its identifier as written (letters of any case).
    written: Range<u64>,
}

/// A `(` kept for an event or a warning that may come after its bytes
/// are gone from a stream's buffer: its stream offset, its position in
/// the input, and the input offset just past it (a character may take
/// more than one byte of the input: two in UTF-16).
#[derive(Debug, Clone, Copy, Default)]
struct Mark {
    offset: u64,
    position: Position,
    end: u64,
}

impl Mark {
    /// Its bytes in the input.
    fn span(&self) -> Range<u64> {
        self.position.offset..self.end
    }
}

/// How far the scan for the current game's `)` got, by absolute offsets:
/// it goes on from where it stopped as later `(` ask.
#[derive(Debug, Clone, Copy)]
struct CloseScan {
    /// The game's `(`.
    game: u64,
    found: Found,
    /// The source's [`generation`](super::source::sealed::Buffer::generation)
    /// the scan read.
    generation: u64,
}

#[derive(Debug, Clone, Copy)]
enum Found {
    /// The scan stopped at `at` (more bytes would let it go on).
    Open {
        at: u64,
        scan: TreeScan,
    },
    Closed(u64),
    GaveUp,
}

/// The lenient state beside the reader's machine.
#[derive(Debug, Clone)]
pub(crate) struct Lenient {
    limits: Limits,
    ctx: Ctx,
    /// A `(` not yet reported (a node must prove it), and the context
    /// before it.
    pending: Option<(Mark, Ctx)>,
    fixes: Vec<Fix>,
    tree_start: Mark,
    /// Set while skipping a game tree that cannot be repaired.
    discard: Option<ErrorKind>,
    /// The scan for the end of a game tree over a limit, while it is
    /// skipped.
    skip: Option<TreeScan>,
    /// `StartGameTree` events reported minus `EndGameTree` events.
    open_events: u32,
    held: Option<Held>,
    seen_tree: bool,
    queue: Queue,
    close_scan: Option<CloseScan>,
    /// Where the last token (or skipped text) ended: a missing `)` goes
    /// there. Its bytes are kept up to the look-ahead.
    last_end: u64,
    /// Values opened at or after this buffer offset never close, and
    /// where their scan stops (set at the end of the input only).
    never_closes: Option<(usize, usize)>,
    /// A machine result whose repair waits for more input (a source fed
    /// by the caller), and the absolute offset its offsets count from.
    waiting: Option<(Step, u64)>,
    done: bool,
}

impl Lenient {
    pub(crate) fn new(limits: Limits) -> Self {
        Lenient {
            limits,
            ctx: Ctx::Outside,
            pending: None,
            fixes: Vec::new(),
            tree_start: Mark::default(),
            discard: None,
            skip: None,
            open_events: 0,
            held: None,
            seen_tree: false,
            queue: Queue::default(),
            close_scan: None,
            last_end: 0,
            never_closes: None,
            waiting: None,
            done: false,
        }
    }

    /// The earliest absolute offset whose bytes the stage still needs
    /// between calls, the reader standing at absolute offset `pos`: a held
    /// property's, a waiting repair's, the last token's end (up to the
    /// look-ahead back).
    pub(crate) fn keep_from(&self, pos: u64) -> u64 {
        let held = self.held.as_ref().map(|held| held.written.start);
        let waiting = self.waiting.as_ref().map(|(step, base)| {
            base + match *step {
                Step::Token(_, start, _) => start as u64,
                Step::Error(_, at) => at as u64,
                _ => 0,
            }
        });
        let last_end = self.last_end.max(pos.saturating_sub(LOOK_AHEAD as u64));
        held.into_iter()
            .chain(waiting)
            .fold(last_end.min(pos), u64::min)
    }

    /// Whether a game tree was abandoned since the last call: the event
    /// last handed out is the first of those that close it early (a tree
    /// builder drops it).
    pub(crate) fn take_abandoned(&mut self) -> bool {
        self.queue.take_abandoned()
    }
}

/// The lenient stage at work: its state, the reader's machine and the
/// source, for one call.
pub(crate) struct Stage<'r, S> {
    state: &'r mut Lenient,
    core: &'r mut Core,
    source: &'r mut S,
    warnings: &'r mut Vec<Warning>,
}

impl<'r, S: Source> Stage<'r, S> {
    pub(crate) fn new(
        state: &'r mut Lenient,
        core: &'r mut Core,
        source: &'r mut S,
        warnings: &'r mut Vec<Warning>,
    ) -> Self {
        Stage {
            state,
            core,
            source,
            warnings,
        }
    }

    /// The next event, by offsets; `None` at the end (or, for a source
    /// fed by the caller, until more bytes come).
    ///
    /// # Errors
    /// Only a failed read: the stage repairs everything else.
    pub(crate) fn next_out(&mut self) -> Result<Option<Out>, Error> {
        loop {
            if let Some(out) = self.state.queue.pop() {
                return Ok(Some(out));
            }
            if self.state.done {
                return Ok(None);
            }
            if self.state.skip.is_some() && !self.skip()? {
                return Ok(None);
            }
            let step = match self.state.waiting.take() {
                Some((step, base)) => shift(step, self.abs(0) - base),
                None => match self.step()? {
                    Stepped::Step(step) => step,
                    Stepped::Wait => return Ok(None),
                },
            };
            if let Some(out) = self.advance(step)? {
                return Ok(Some(out));
            }
            if self.state.waiting.is_some() {
                // The repair waits for bytes the caller has not fed yet.
                return Ok(self.state.queue.pop());
            }
        }
    }

    /// The next machine result, repaired: an event to hand out at once,
    /// or none (events and warnings may be queued).
    fn advance(&mut self, step: Step) -> Result<Option<Out>, Error> {
        let base = self.abs(0);
        let ready = self.read_ahead_for(&step)?;
        // Filling forgets bytes before what is kept: offsets move with
        // them.
        let step = shift(step, self.abs(0) - base);
        if !ready {
            self.state.waiting = Some((step, self.abs(0)));
            return Ok(None);
        }
        if self.held_extended(&step) {
            return Ok(None);
        }
        self.release_held();
        Ok(match step {
            Step::Token(token, start, end) => self.on_token(token, start, end),
            Step::Error(kind, at) => {
                self.on_error(kind, at);
                None
            }
            Step::End | Step::NeedMore => {
                self.finish();
                None
            }
        })
    }

    // ---- output ----

    /// `out` to hand out at once, unless discarding or events are queued
    /// before it.
    fn direct(&mut self, out: Out) -> Option<Out> {
        if self.state.discard.is_some() || !self.state.queue.is_empty() {
            self.emit(out);
            return self.state.queue.pop();
        }
        self.count(&out);
        Some(out)
    }

    fn count(&mut self, out: &Out) {
        match out {
            Out::Start(_) => self.state.open_events += 1,
            Out::End(_) => self.state.open_events -= 1,
            _ => {}
        }
    }

    fn emit(&mut self, out: Out) {
        if self.state.discard.is_some() {
            return;
        }
        self.count(&out);
        self.state.queue.push(out);
    }

    /// Closes every tree reported open, with empty spans at input offset
    /// `at`.
    fn close_all(&mut self, at: u64) {
        if self.state.discard.is_none() {
            self.state.queue.push_ends(at, self.state.open_events);
            self.state.open_events = 0;
        }
    }

    /// A warning of `kind` at buffer offset `at`, concerning the bytes
    /// `range`; skipped text right after skipped text extends it.
    fn warn(&mut self, kind: WarningKind, at: usize, range: Range<usize>) {
        if self.state.discard.is_some() {
            return;
        }
        let range = self.input(range.start)..self.input(range.end);
        if let Some(last) = self.warnings.last_mut() {
            let joins = kind == WarningKind::SkippedText
                && last.kind() == &WarningKind::SkippedText
                && last.range().end == range.start;
            if joins {
                let (position, start) = (last.position(), last.range().start);
                last.set_place(position, start..range.end);
                return;
            }
        }
        let position = self.source.position(at);
        self.warnings.push(Warning::new(kind, position, range));
    }

    /// A warning of `kind` at `mark`, concerning the absolute `range`.
    fn warn_mark(&mut self, kind: WarningKind, mark: Mark, range: Range<u64>) {
        if self.state.discard.is_none() {
            self.warnings.push(Warning::new(kind, mark.position, range));
        }
    }

    /// A [`Mark`] for the `(` at buffer offset `at`.
    fn mark(&mut self, at: usize) -> Mark {
        Mark {
            offset: self.abs(at),
            position: self.source.position(at),
            end: self.input(at + 1),
        }
    }

    fn resume_at(&mut self, pos: usize, ctx: Ctx, depth: u32) {
        self.core.pos = pos;
        self.state.last_end = self.abs(pos);
        self.state.ctx = ctx;
        self.core.machine.resume(ctx.resume(), depth);
        if let Some((from, stop)) = self.state.never_closes {
            self.core.machine.never_closes(from, stop);
        }
    }

    fn flush_pending(&mut self) {
        if let Some((open, _)) = self.state.pending.take() {
            self.emit(Out::Start(open.span()));
        }
    }

    /// Hands out the held text property.
    fn release_held(&mut self) {
        if let Some(held) = self.state.held.take() {
            self.emit(Out::Property(held.prop));
        }
    }

    // ---- tokens ----

    fn on_token(&mut self, token: Token, start: usize, end: usize) -> Option<Out> {
        let span = self.input(start)..self.input(end);
        let end_at = self.abs(end);
        let before = std::mem::replace(&mut self.state.last_end, end_at);
        match token {
            Token::StartGameTree => {
                if self.core.machine.depth() == 2 && self.next_game_inside(start, before) {
                    return None;
                }
                let open = self.mark(start);
                if self.core.machine.depth() == 1 {
                    self.state.tree_start = open;
                    self.state.seen_tree = true;
                }
                self.state.pending = Some((open, self.state.ctx));
                self.state.ctx = Ctx::TreeOpen;
                None
            }
            Token::Node => {
                self.flush_pending();
                self.state.ctx = Ctx::InNode;
                self.direct(Out::Node(span))
            }
            Token::Property {
                ident_end,
                values_start,
                count,
            } => self.on_property(start, ident_end, values_start, end, count),
            Token::EndGameTree => self.on_close(start, end),
        }
    }

    fn on_property(
        &mut self,
        start: usize,
        ident_end: usize,
        values_start: usize,
        end: usize,
        count: u32,
    ) -> Option<Out> {
        let bytes = self.source.bytes();
        if let Some(game) = scan::swallowed_game(bytes, values_start, end) {
            self.abandon_to(ErrorKind::UnclosedValue, game);
            return None;
        }
        let ident = self.ident(start, ident_end, end)?;
        let prop = Prop {
            span: self.input(start)..self.input(end),
            start: self.abs(start),
            ident,
            values: self.abs(values_start)..self.abs(end),
            count,
            repaired: false,
        };
        let written = self.abs(start)..self.abs(ident_end);
        let text_like = scan::text_like(&self.source.bytes()[start..ident_end]);
        if text_like && self.state.discard.is_none() {
            self.state.held = Some(Held { prop, written });
            return None;
        }
        self.direct(Out::Property(prop))
    }

    /// The identifier `start..ident_end` of the property `start..end`:
    /// as written, or repaired when it has lowercase letters (`None` when
    /// none is left: the property is dropped).
    fn ident(&mut self, start: usize, ident_end: usize, end: usize) -> Option<Ident> {
        let raw = &self.source.bytes()[start..ident_end];
        if !raw.iter().any(u8::is_ascii_lowercase) {
            return Some(Ident::At(self.abs(start)..self.abs(ident_end)));
        }
        let found = String::from_utf8_lossy(raw).into_owned();
        let used = uppercase(&found);
        if used.is_empty() {
            self.warn(WarningKind::DroppedProperty(found), start, start..end);
            return None;
        }
        let kind = WarningKind::LowercaseIdentifier {
            found,
            used: used.clone(),
        };
        self.warn(kind, start, start..ident_end);
        Some(Ident::Owned(used))
    }

    fn on_close(&mut self, start: usize, end: usize) -> Option<Out> {
        let before = self.core.machine.depth() + 1;
        let span = self.input(start)..self.input(end);
        match self.state.fixes.last() {
            Some(&Fix::Redundant(depth)) if depth == before => {
                self.state.fixes.pop();
                self.resume_at(end, Ctx::AfterVariation, before);
                return None;
            }
            Some(&Fix::Supplied(depth)) if depth == before => {
                self.state.fixes.pop();
                self.emit(Out::End(span.start..span.start));
                self.emit(Out::End(span));
                let after = before - 2;
                self.resume_at(end, Ctx::after_close(after), after);
                self.closed(after);
                return None;
            }
            _ => {}
        }
        let out = self.direct(Out::End(span));
        self.closed(before - 1);
        out
    }

    fn closed(&mut self, depth: u32) {
        self.state.ctx = Ctx::after_close(depth);
        if depth > 0 {
            return;
        }
        if self.state.discard.is_some() {
            self.end_discard(self.core.pos);
        } else {
            self.game_ended(self.core.pos);
        }
    }

    /// A game ended before `at`, where the next one may start: a charset
    /// stage decides that one's charset anew.
    pub(super) fn game_ended(&mut self, at: usize) {
        self.source.game_end(at);
    }
}

/// The uppercase letters of `ident`.
fn uppercase(ident: &str) -> String {
    ident.chars().filter(char::is_ascii_uppercase).collect()
}
