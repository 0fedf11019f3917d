//! Lenient parsing: a layer over the strict state machine that repairs
//! what real-world files get wrong, and says what it did.
//!
//! The machine runs exactly as in strict mode. When it reports an error,
//! this layer looks at the bytes around it, decides on a repair (skip
//! junk, supply a `;` or `(`, drop a redundant `(`, read a legacy
//! identifier, ...), reports it as a [`Warning`], and resumes the machine
//! in the right state at the right byte. A game tree that cannot be
//! repaired (it exceeds a [`Limits`] value, or a value never closes before
//! the next game starts) is skipped whole.

mod ends;
mod parser;

use std::borrow::Cow;
use std::collections::VecDeque;
use std::ops::Range;

use crate::error::ErrorKind;
use crate::event::{Event, PropIdent, RawValues};
use crate::machine::{Limits, Machine, Resume, Step, Token};
use crate::repair;
use crate::warning::{Locator, Warning, WarningKind};

pub use parser::LenientParser;

/// What the lenient core produces: events, warnings, and two repairs that
/// an event cannot carry (the tree builder applies them).
#[derive(Debug)]
pub(crate) enum Item<'a> {
    Event(Event<'a>, Range<usize>),
    Warning(Warning),
    /// The last value of the last property goes on with these bytes: an
    /// unescaped `]` and the text after it.
    Append(Range<usize>),
    /// A property whose last value never closes: its closed values (if
    /// any) and the bytes of the open one.
    OpenValue {
        ident: PropIdent<'a>,
        closed: Option<RawValues<'a>>,
        open: Range<usize>,
        span: Range<usize>,
    },
    /// The game tree being read cannot be repaired: forget it. Closing
    /// events and a [`WarningKind::SkippedGameTree`] follow.
    Abandon,
}

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

/// The last property read in the current node, for `]` repairs.
#[derive(Debug, Clone)]
struct LastProp {
    /// Its identifier, as written.
    ident: Range<usize>,
    end: usize,
}

/// The lenient state: the machine plus what is needed to repair.
#[derive(Debug)]
pub(crate) struct Core<'a> {
    input: &'a [u8],
    pos: usize,
    machine: Machine,
    limits: Limits,
    ctx: Ctx,
    /// A `(` not yet reported (a node must prove it), and the context
    /// before it.
    pending: Option<(usize, Ctx)>,
    fixes: Vec<Fix>,
    tree_start: usize,
    /// Set while skipping a game tree that cannot be repaired.
    discard: Option<ErrorKind>,
    /// `StartGameTree` events reported minus `EndGameTree` events.
    open_events: u32,
    last_prop: Option<LastProp>,
    seen_tree: bool,
    queue: VecDeque<Item<'a>>,
    locator: Locator,
    /// Which game trees never close, once a game's first node is seen
    /// inside another game.
    open_trees: Option<repair::OpenTrees>,
    /// Values opened at or after this offset never close (see
    /// [`Machine::never_closes`]), and where their scan stops.
    never_closes: Option<(usize, usize)>,
    done: bool,
}

impl<'a> Core<'a> {
    pub(crate) fn new(input: &'a [u8], limits: Limits) -> Self {
        Core {
            input,
            pos: 0,
            machine: Machine::new(limits),
            limits,
            ctx: Ctx::Outside,
            pending: None,
            fixes: Vec::new(),
            tree_start: 0,
            discard: None,
            open_events: 0,
            last_prop: None,
            seen_tree: false,
            queue: VecDeque::new(),
            locator: Locator::default(),
            open_trees: None,
            never_closes: None,
            done: false,
        }
    }

    pub(crate) fn input(&self) -> &'a [u8] {
        self.input
    }

    pub(crate) fn position(&self) -> usize {
        self.pos
    }

    /// The next item, or `None` at the end.
    pub(crate) fn next_item(&mut self) -> Option<Item<'a>> {
        loop {
            if let Some(item) = self.queue.pop_front() {
                return Some(item);
            }
            if self.done {
                return None;
            }
            if let Some(item) = self.advance() {
                return Some(item);
            }
        }
    }

    /// One machine step: an event straight away (the common case), or
    /// items queued by a repair.
    fn advance(&mut self) -> Option<Item<'a>> {
        match self.machine.step(self.input, &mut self.pos, true) {
            Step::Token(token, start, end) => return self.on_token(token, start, end),
            Step::Error(kind, at) => self.on_error(kind, at),
            Step::End | Step::NeedMore => self.finish(),
        }
        None
    }

    /// `event` to return at once, unless discarding or items are queued
    /// before it.
    fn direct(&mut self, event: Event<'a>, span: Range<usize>) -> Option<Item<'a>> {
        if self.discard.is_some() || !self.queue.is_empty() {
            self.event(event, span);
            return self.queue.pop_front();
        }
        match event {
            Event::StartGameTree => self.open_events += 1,
            Event::EndGameTree => self.open_events -= 1,
            _ => {}
        }
        Some(Item::Event(event, span))
    }

    // ---- output ----

    fn emit(&mut self, item: Item<'a>) {
        if self.discard.is_some() {
            return;
        }
        if let Item::Event(event, _) = &item {
            match event {
                Event::StartGameTree => self.open_events += 1,
                Event::EndGameTree => self.open_events -= 1,
                _ => {}
            }
        }
        self.queue.push_back(item);
    }

    fn event(&mut self, event: Event<'a>, span: Range<usize>) {
        self.emit(Item::Event(event, span));
    }

    fn warn(&mut self, kind: WarningKind, at: usize, range: Range<usize>) {
        if self.discard.is_none() {
            let warning = self.locator.warning(self.input, kind, at, range);
            self.queue.push_back(Item::Warning(warning));
        }
    }

    fn resume_at(&mut self, pos: usize, ctx: Ctx, depth: u32) {
        self.pos = pos;
        self.ctx = ctx;
        self.machine.resume(ctx.resume(), depth);
        if let Some((from, stop)) = self.never_closes {
            self.machine.never_closes(from, stop);
        }
    }

    fn flush_pending(&mut self) {
        if let Some((at, _)) = self.pending.take() {
            self.event(Event::StartGameTree, at..at + 1);
        }
    }

    // ---- tokens ----

    fn on_token(&mut self, token: Token, start: usize, end: usize) -> Option<Item<'a>> {
        match token {
            Token::StartGameTree => {
                if self.machine.depth() == 2 && self.next_game_inside(start) {
                    return None;
                }
                if self.machine.depth() == 1 {
                    self.tree_start = start;
                    self.seen_tree = true;
                }
                self.pending = Some((start, self.ctx));
                self.ctx = Ctx::TreeOpen;
                self.last_prop = None;
                None
            }
            Token::Node => {
                self.flush_pending();
                self.ctx = Ctx::InNode;
                self.last_prop = None;
                self.direct(Event::Node, start..end)
            }
            Token::Property {
                ident_end,
                values_start,
                count,
            } => {
                self.last_prop = None;
                if let Some(game) = repair::swallowed_game(self.input, values_start, end) {
                    self.abandon_to(ErrorKind::UnclosedValue, game);
                    return None;
                }
                let ident = self.ident(start, ident_end, end)?;
                self.last_prop = Some(LastProp {
                    ident: start..ident_end,
                    end,
                });
                let values = RawValues::new(&self.input[values_start..end], count);
                self.direct(Event::Property(ident, values), start..end)
            }
            Token::EndGameTree => self.on_close(start, end),
        }
    }

    /// The identifier `start..ident_end` of the property `start..end`:
    /// borrowed, or repaired when it has lowercase letters (`None` when
    /// none is left: the property is dropped).
    fn ident(&mut self, start: usize, ident_end: usize, end: usize) -> Option<PropIdent<'a>> {
        let raw = &self.input[start..ident_end];
        if !raw.iter().any(u8::is_ascii_lowercase) {
            let text = std::str::from_utf8(raw).unwrap_or_default();
            return Some(PropIdent::new(Cow::Borrowed(text)));
        }
        let found = String::from_utf8_lossy(raw).into_owned();
        let used: String = raw
            .iter()
            .filter(|b| b.is_ascii_uppercase())
            .map(|&b| b as char)
            .collect();
        if used.is_empty() {
            self.warn(WarningKind::DroppedProperty(found), start, start..end);
            return None;
        }
        let kind = WarningKind::LowercaseIdentifier {
            found,
            used: used.clone(),
        };
        self.warn(kind, start, start..ident_end);
        Some(PropIdent::new(Cow::Owned(used)))
    }

    fn on_close(&mut self, start: usize, end: usize) -> Option<Item<'a>> {
        let before = self.machine.depth() + 1;
        if self.bracket_before_close(start, before) {
            return None;
        }
        match self.fixes.last() {
            Some(&Fix::Redundant(depth)) if depth == before => {
                self.fixes.pop();
                self.resume_at(end, Ctx::AfterVariation, before);
                return None;
            }
            Some(&Fix::Supplied(depth)) if depth == before => {
                self.fixes.pop();
                self.event(Event::EndGameTree, start..start);
                self.event(Event::EndGameTree, start..end);
                let after = before - 2;
                self.resume_at(end, Ctx::after_close(after), after);
                self.closed(after);
                return None;
            }
            _ => {}
        }
        let item = self.direct(Event::EndGameTree, start..end);
        self.closed(before - 1);
        item
    }

    fn closed(&mut self, depth: u32) {
        self.ctx = Ctx::after_close(depth);
        self.last_prop = None;
        if depth == 0 && self.discard.is_some() {
            self.end_discard(self.pos);
        }
    }

    // ---- errors ----

    fn on_error(&mut self, kind: ErrorKind, at: usize) {
        match kind {
            ErrorKind::TreeMissing | ErrorKind::TrailingText(_) => self.outside(at),
            ErrorKind::TreeWithNoNodes => self.no_nodes(at),
            ErrorKind::MissingNode(_) => self.missing_node(at),
            ErrorKind::PropertyNotUppercase => self.lowercase(),
            ErrorKind::UnexpectedByte(_) => self.stray(at),
            ErrorKind::PropertiesWithoutDelimiter => self.no_value(at),
            ErrorKind::NodeAfterVariation => self.node_after_variation(at),
            ErrorKind::UnclosedValue | ErrorKind::EscapeAtEnd => self.open_value(kind, at),
            ErrorKind::UnclosedTree => self.finish(),
            other => self.abandon(other, at),
        }
    }

    /// Junk or a `)` outside all game trees.
    fn outside(&mut self, at: usize) {
        let input = self.input;
        if at >= input.len() {
            return self.finish();
        }
        if input[at] == b')' {
            if self.fixes.last() == Some(&Fix::Redundant(0)) {
                self.fixes.pop();
            } else {
                self.warn(WarningKind::UnmatchedClose, at, at..at + 1);
            }
            return self.resume_at(at + 1, Ctx::Outside, 0);
        }
        let to = repair::find_tree_start(input, at);
        self.warn(WarningKind::SkippedText, at, at..to);
        self.resume_at(to, Ctx::Outside, 0);
    }

    /// `()` or `((`.
    fn no_nodes(&mut self, at: usize) {
        let (open, before) = self.pending.take().unwrap_or((at, Ctx::Outside));
        let outer = self.machine.depth().saturating_sub(1);
        let back = if outer == 0 { Ctx::Outside } else { before };
        if self.input[at] == b')' {
            self.warn(WarningKind::EmptyGameTree, open, open..at + 1);
            self.resume_at(at + 1, back, outer);
        } else {
            self.warn(WarningKind::RedundantParenthesis, open, open..open + 1);
            self.fixes.push(Fix::Redundant(outer));
            self.resume_at(at, back, outer);
        }
    }

    fn missing_node(&mut self, at: usize) {
        self.warn(WarningKind::MissingNode, at, at..at);
        self.flush_pending();
        self.event(Event::Node, at..at);
        self.last_prop = None;
        self.resume_at(at, Ctx::InNode, self.machine.depth());
    }

    /// A lowercase letter in a node: a legacy identifier if a value
    /// follows, else junk.
    fn lowercase(&mut self) {
        let start = self.pos;
        let ident_end = repair::letters_end(self.input, start);
        let next = repair::skip_space(self.input, ident_end);
        if self.input.get(next) == Some(&b'[') {
            let ident_len = ident_end - start;
            self.machine
                .resume(Resume::Values { ident_len }, self.machine.depth());
            return;
        }
        self.stray(start);
    }

    /// Junk inside a game tree: the rest of a value cut by a stray `]`, or
    /// bytes to skip.
    fn stray(&mut self, at: usize) {
        if self.ctx == Ctx::InNode && self.unescaped_bracket(at) {
            return;
        }
        let to = repair::skip_junk(self.input, at);
        self.warn(WarningKind::SkippedText, at, at..to);
        self.resume_at(to, self.ctx, self.machine.depth());
    }

    /// An identifier with no value (`PL;`): drop it.
    fn no_value(&mut self, at: usize) {
        let start = self.pos;
        if self.unescaped_bracket(start) {
            return;
        }
        let ident_end = repair::letters_end(self.input, start);
        let ident = String::from_utf8_lossy(&self.input[start..ident_end]).into_owned();
        self.warn(WarningKind::DroppedProperty(ident), start, start..ident_end);
        self.resume_at(at, Ctx::InNode, self.machine.depth());
    }

    fn node_after_variation(&mut self, at: usize) {
        self.warn(WarningKind::NodeAfterVariation, at, at..at);
        self.event(Event::StartGameTree, at..at);
        let depth = self.machine.depth() + 1;
        self.fixes.push(Fix::Supplied(depth));
        self.resume_at(at, Ctx::TreeOpen, depth);
    }

    /// A value that never closes: close it at the end, unless another game
    /// starts inside it (then this game cannot be repaired).
    fn open_value(&mut self, kind: ErrorKind, at: usize) {
        let input = self.input;
        let start = self.pos;
        let never_closes = self.never_closes.map_or(usize::MAX, |(from, _)| from);
        let scan = repair::scan_open_property(input, start, never_closes);
        let end = if kind == ErrorKind::EscapeAtEnd {
            at
        } else {
            input.len()
        };
        if self.never_closes.is_none() {
            self.never_closes = Some((scan.open + 1, end));
        }
        if let Some(game) = repair::find_game_start(input, scan.open + 1) {
            return self.abandon_to(ErrorKind::UnclosedValue, game);
        }
        self.pos = input.len();
        let Some(ident) = self.ident(start, scan.ident_end, input.len()) else {
            return self.finish();
        };
        let range = scan.open + 1..input.len();
        self.warn(WarningKind::UnclosedValue, scan.open, range);
        let closed = (scan.count > 0)
            .then(|| RawValues::new(&input[scan.values_start..scan.closed_end], scan.count));
        self.emit(Item::OpenValue {
            ident,
            closed,
            open: scan.open + 1..end,
            span: start..input.len(),
        });
        self.finish();
    }

    /// Stops reporting the current game tree (it exceeds a limit): close
    /// what was reported, then skip to its end with a limitless machine.
    fn abandon(&mut self, kind: ErrorKind, at: usize) {
        if self.discard.is_some() {
            return self.end_discard(self.input.len());
        }
        self.start_discard(kind);
        if self.ctx == Ctx::Outside {
            self.tree_start = at;
        }
        let depth = self.machine.depth();
        self.machine = Machine::new(Limits::none());
        self.resume_at(self.pos, self.ctx, depth);
    }

    fn start_discard(&mut self, kind: ErrorKind) {
        self.emit(Item::Abandon);
        self.pending = None;
        while self.open_events > 0 {
            let at = self.pos;
            self.event(Event::EndGameTree, at..at);
        }
        self.discard = Some(kind);
    }

    /// Skips the current game tree up to `to`, where the next one starts.
    fn abandon_to(&mut self, kind: ErrorKind, to: usize) {
        if self.discard.is_none() {
            self.start_discard(kind);
        }
        self.end_discard(to);
    }

    fn end_discard(&mut self, to: usize) {
        let Some(kind) = self.discard.take() else {
            return;
        };
        let from = self.tree_start;
        self.warn(WarningKind::SkippedGameTree(kind), from, from..to);
        self.machine = Machine::new(self.limits);
        self.fixes.retain(|fix| *fix == Fix::Redundant(0));
        self.pending = None;
        self.last_prop = None;
        self.resume_at(to, Ctx::Outside, 0);
    }

    /// The end of the input: close what is open.
    fn finish(&mut self) {
        let len = self.input.len();
        if self.discard.is_some() {
            return self.end_discard(len);
        }
        self.pos = len;
        if let Some((at, _)) = self.pending.take() {
            self.warn(WarningKind::EmptyGameTree, at, at..at + 1);
        }
        if self.open_events > 0 {
            self.warn(WarningKind::MissingClose(self.open_events), len, len..len);
            while self.open_events > 0 {
                self.event(Event::EndGameTree, len..len);
            }
        }
        if !self.seen_tree {
            self.warn(WarningKind::NoGameTree, len, len..len);
        }
        self.done = true;
    }
}
