//! The one SGF grammar: a resumable state machine over a byte buffer.
//!
//! Every input path drives this machine: the slice [`Parser`](crate::Parser)
//! hands it the whole input at once; the streaming readers hand it a buffer
//! that they refill. [`Machine::step`] scans from `*pos` and either yields
//! the next token as offsets into the buffer, or says it needs more bytes.
//! While a property is being scanned `*pos` stays at its first byte and the
//! machine remembers how far it got, so a refill never rescans (a value of
//! a gigabyte arriving in 8 KiB pieces is still read in linear time).
//!
//! The caller may drop the bytes before `*pos` between calls (shifting the
//! rest down); offsets are relative to the buffer it passes.

mod fast;
mod limits;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tree_ends;

#[cfg(test)]
pub(crate) use fast::HOT_PATH_PIECES;
pub use limits::Limits;

use crate::error::ErrorKind;
use crate::lex::{self, skip_space, ValueEnd};
use crate::work;
use fast::quick_property;

/// What [`Machine::quick_scan`] found.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Quick {
    /// A `;` at this offset.
    Node(usize),
    /// A property with one value: where it starts, where its value
    /// starts (right after the identifier), and its identifier.
    Property(usize, usize, &'static str),
}

/// A token, as offsets into the buffer the machine was given.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Token {
    StartGameTree,
    Node,
    /// The identifier is `start..ident_end`; the values run is
    /// `values_start..end`.
    Property {
        ident_end: usize,
        values_start: usize,
        count: u32,
    },
    EndGameTree,
}

/// What one call of [`Machine::step`] found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Step {
    /// A token spanning `start..end`; `*pos` is now `end`.
    Token(Token, usize, usize),
    /// The buffer ends inside a token: call again with more bytes after it.
    NeedMore,
    /// The input ended cleanly (only with `eof`).
    End,
    /// Malformed input at this buffer offset; the machine stays failed.
    Error(ErrorKind, usize),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    /// Before, between or after top-level game trees.
    Outside,
    /// Right after `(`: a node must follow.
    TreeOpen,
    /// Inside a node's sequence: properties, `;`, `(` or `)` may follow.
    InNode,
    /// After a variation's `)`: only `(` or `)` may follow.
    AfterVariation,
    /// Scanning a property; `*pos` is at its first byte.
    Property(Phase),
    Failed,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    Ident,
    BeforeValue,
    InValue,
    AfterValue,
}

/// Progress inside a property, relative to its first byte.
#[derive(Debug, Clone, Copy, Default)]
struct PropScan {
    cursor: usize,
    ident_end: usize,
    values_start: usize,
    value_open: usize,
    values_end: usize,
    count: u32,
}

const UTF8_BOM: &[u8] = b"\xEF\xBB\xBF";

/// The resumable SGF state machine.
#[derive(Debug, Clone)]
pub(crate) struct Machine {
    state: State,
    depth: u32,
    trees: u64,
    properties_in_node: u32,
    /// `max_properties_per_node`, or 0 when the limits are so tight that
    /// [`tiny_property`] may not skip checking them, or when some values
    /// are known never to close (lenient parsing).
    tiny_properties: u32,
    at_start: bool,
    prop: PropScan,
    limits: Limits,
    /// Values opened at or after this buffer offset never close: a value
    /// scan already reached the end of the input from an earlier one
    /// (lenient parsing only; `usize::MAX` otherwise).
    never_closes_from: usize,
    /// Where such a scan stops: the end, or a `\` that ends the input.
    never_closes_at: usize,
}

impl Machine {
    pub(crate) fn new(limits: Limits) -> Self {
        Machine {
            state: State::Outside,
            depth: 0,
            trees: 0,
            properties_in_node: 0,
            tiny_properties: match limits.max_value_len >= 8
                && limits.max_values_per_property >= 1
                && limits.max_ident_len >= 2
            {
                true => limits.max_properties_per_node,
                false => 0,
            },
            at_start: true,
            prop: PropScan::default(),
            limits,
            never_closes_from: usize::MAX,
            never_closes_at: usize::MAX,
        }
    }

    /// How deep the innermost open game tree is (0 outside all trees).
    pub(crate) fn depth(&self) -> u32 {
        self.depth
    }

    #[cold]
    fn fail(&mut self, kind: ErrorKind, at: usize) -> Step {
        self.state = State::Failed;
        Step::Error(kind, at)
    }

    /// Scans the next token of `buf` from `*pos`. `eof` says that no bytes
    /// will follow `buf`.
    ///
    /// The hot path (a node, or a short property such as `B[pd]` lying in
    /// `buf`, right where the last token ended) is inlined into the caller;
    /// the rest is out of line.
    #[inline(always)]
    pub(crate) fn step(&mut self, buf: &[u8], pos: &mut usize, eof: bool) -> Step {
        match self.quick(buf, pos) {
            Some((token, start, end)) => Step::Token(token, start, end),
            None => self.step_slow(buf, pos, eof),
        }
    }

    /// Stops the machine for good: every later step gives [`Step::End`].
    /// For callers that stop on an error of their own.
    pub(crate) fn halt(&mut self) {
        self.state = State::Failed;
    }

    /// [`step`](Self::step) past its inlined first try: whitespace, every
    /// property, resuming a property, the byte order mark and the end.
    #[inline(never)]
    pub(crate) fn step_slow(&mut self, buf: &[u8], pos: &mut usize, eof: bool) -> Step {
        work::count(1);
        if let State::Property(phase) = self.state {
            return self.scan_property(buf, pos, eof, phase);
        }
        if self.at_start {
            if let Some(step) = self.skip_bom(buf, pos, eof) {
                return step;
            }
        }
        let mut at = *pos;
        if buf.get(at).map_or(true, |&b| b <= b' ') {
            at = skip_space(buf, at);
            *pos = at;
        }
        let Some(&byte) = buf.get(at) else {
            return self.at_end(at, eof);
        };
        if self.state == State::InNode {
            if byte.is_ascii_uppercase()
                && self.properties_in_node < self.limits.max_properties_per_node
                && at < self.never_closes_from
            {
                if let Some((token, end)) = quick_property(buf, at, &self.limits) {
                    self.properties_in_node += 1;
                    *pos = end;
                    return Step::Token(token, at, end);
                }
            } else if byte == b';' {
                return self.node(pos, at);
            }
        }
        self.step_token(buf, pos, eof, at, byte)
    }

    /// [`step`](Self::step) past the hot path: every state and byte.
    #[inline(never)]
    fn step_token(&mut self, buf: &[u8], pos: &mut usize, eof: bool, at: usize, byte: u8) -> Step {
        match self.state {
            State::Outside => match byte {
                b'(' => self.open_tree(pos, at),
                _ if self.trees == 0 => self.fail(ErrorKind::TreeMissing, at),
                _ => self.fail(ErrorKind::TrailingText(byte), at),
            },
            State::TreeOpen => match byte {
                b';' => self.node(pos, at),
                b'(' | b')' => self.fail(ErrorKind::TreeWithNoNodes, at),
                _ => self.fail(ErrorKind::MissingNode(byte), at),
            },
            State::InNode => match byte {
                b'A'..=b'Z' => {
                    self.properties_in_node += 1;
                    if self.properties_in_node > self.limits.max_properties_per_node {
                        let limit = self.limits.max_properties_per_node;
                        return self.fail(ErrorKind::TooManyProperties(limit), at);
                    }
                    self.prop = PropScan {
                        cursor: 1,
                        ..PropScan::default()
                    };
                    self.scan_property(buf, pos, eof, Phase::Ident)
                }
                b';' => self.node(pos, at),
                b'(' => self.open_tree(pos, at),
                b')' => self.close_tree(pos, at),
                b'a'..=b'z' => self.fail(ErrorKind::PropertyNotUppercase, at),
                _ => self.fail(ErrorKind::UnexpectedByte(byte), at),
            },
            State::AfterVariation => match byte {
                b'(' => self.open_tree(pos, at),
                b')' => self.close_tree(pos, at),
                b';' => self.fail(ErrorKind::NodeAfterVariation, at),
                _ => self.fail(ErrorKind::UnexpectedByte(byte), at),
            },
            State::Property(_) | State::Failed => Step::End,
        }
    }

    /// Skips a UTF-8 byte order mark at the very start of the input.
    #[cold]
    fn skip_bom(&mut self, buf: &[u8], pos: &mut usize, eof: bool) -> Option<Step> {
        let rest = &buf[*pos..];
        if rest.len() < UTF8_BOM.len() && !eof && UTF8_BOM.starts_with(rest) {
            return Some(Step::NeedMore);
        }
        self.at_start = false;
        if rest.starts_with(UTF8_BOM) {
            *pos += UTF8_BOM.len();
        }
        None
    }

    #[cold]
    fn at_end(&mut self, at: usize, eof: bool) -> Step {
        if !eof {
            return Step::NeedMore;
        }
        match self.state {
            State::Outside if self.trees == 0 => self.fail(ErrorKind::TreeMissing, at),
            State::Outside => Step::End,
            State::Failed => Step::End,
            _ => self.fail(ErrorKind::UnclosedTree, at),
        }
    }

    fn open_tree(&mut self, pos: &mut usize, at: usize) -> Step {
        if self.depth >= self.limits.max_depth {
            let limit = self.limits.max_depth;
            return self.fail(ErrorKind::TooDeep(limit), at);
        }
        self.depth += 1;
        self.state = State::TreeOpen;
        *pos = at + 1;
        Step::Token(Token::StartGameTree, at, at + 1)
    }

    fn close_tree(&mut self, pos: &mut usize, at: usize) -> Step {
        self.depth -= 1;
        self.state = if self.depth == 0 {
            self.trees += 1;
            State::Outside
        } else {
            State::AfterVariation
        };
        *pos = at + 1;
        Step::Token(Token::EndGameTree, at, at + 1)
    }

    #[inline]
    fn node(&mut self, pos: &mut usize, at: usize) -> Step {
        self.state = State::InNode;
        self.properties_in_node = 0;
        *pos = at + 1;
        Step::Token(Token::Node, at, at + 1)
    }

    /// Scans (or resumes scanning) the property starting at `*pos`.
    #[inline(never)]
    fn scan_property(&mut self, buf: &[u8], pos: &mut usize, eof: bool, phase: Phase) -> Step {
        let start = *pos;
        let body = &buf[start..];
        let mut phase = phase;
        let mut p = self.prop;
        loop {
            match phase {
                Phase::Ident => {
                    let from = p.cursor;
                    while p.cursor < body.len() && body[p.cursor].is_ascii_uppercase() {
                        p.cursor += 1;
                    }
                    work::count(p.cursor - from + 1);
                    if p.cursor > self.limits.max_ident_len {
                        let limit = self.limits.max_ident_len;
                        return self.fail(ErrorKind::IdentifierTooLong(limit), start + limit);
                    }
                    match body.get(p.cursor) {
                        None if !eof => break,
                        Some(b) if b.is_ascii_lowercase() => {
                            return self.fail(ErrorKind::PropertyNotUppercase, start + p.cursor)
                        }
                        _ => {
                            p.ident_end = p.cursor;
                            phase = Phase::BeforeValue;
                        }
                    }
                }
                Phase::BeforeValue => {
                    p.cursor = skip_space(body, p.cursor);
                    if p.cursor - p.ident_end > self.limits.max_value_len {
                        return self.space_too_long(start + p.ident_end);
                    }
                    match body.get(p.cursor) {
                        None if !eof => break,
                        Some(b'[') => {
                            p.values_start = p.cursor;
                            p.value_open = p.cursor;
                            p.cursor += 1;
                            phase = Phase::InValue;
                        }
                        _ => {
                            let at = start + p.cursor;
                            return self.fail(ErrorKind::PropertiesWithoutDelimiter, at);
                        }
                    }
                }
                Phase::InValue => match self.value_end(body, start, p, eof) {
                    ValueEnd::Closed(close) => {
                        if close - p.value_open - 1 > self.limits.max_value_len {
                            return self.value_too_long(start + p.value_open);
                        }
                        p.count += 1;
                        if p.count > self.limits.max_values_per_property {
                            let limit = self.limits.max_values_per_property;
                            return self
                                .fail(ErrorKind::TooManyValues(limit), start + p.value_open);
                        }
                        p.cursor = close + 1;
                        p.values_end = p.cursor;
                        phase = Phase::AfterValue;
                    }
                    ValueEnd::Open(resume) => {
                        if resume - p.value_open - 1 > self.limits.max_value_len {
                            return self.value_too_long(start + p.value_open);
                        }
                        if !eof {
                            p.cursor = resume;
                            break;
                        }
                        return if resume < body.len() {
                            self.fail(ErrorKind::EscapeAtEnd, start + resume)
                        } else {
                            self.fail(ErrorKind::UnclosedValue, start + p.value_open)
                        };
                    }
                },
                Phase::AfterValue => {
                    p.cursor = skip_space(body, p.cursor);
                    if p.cursor - p.values_end > self.limits.max_value_len {
                        return self.space_too_long(start + p.values_end);
                    }
                    match body.get(p.cursor) {
                        None if !eof => break,
                        Some(b'[') => {
                            p.value_open = p.cursor;
                            p.cursor += 1;
                            phase = Phase::InValue;
                        }
                        _ => {
                            self.state = State::InNode;
                            let token = Token::Property {
                                ident_end: start + p.ident_end,
                                values_start: start + p.values_start,
                                count: p.count,
                            };
                            let end = start + p.values_end;
                            *pos = end;
                            return Step::Token(token, start, end);
                        }
                    }
                }
            }
        }
        self.prop = p;
        self.state = State::Property(phase);
        Step::NeedMore
    }

    /// [`lex::find_value_end`] from the cursor of `p`, unless the value
    /// is known never to close; it looks no further than one byte past
    /// the longest value allowed (a value not closed by then is too long,
    /// whatever follows).
    fn value_end(&self, body: &[u8], start: usize, p: PropScan, eof: bool) -> ValueEnd {
        if eof && start + p.cursor >= self.never_closes_from {
            return ValueEnd::Open(self.never_closes_at - start);
        }
        let limit = (p.value_open + 2).saturating_add(self.limits.max_value_len);
        if limit < body.len() {
            return match lex::find_value_end(&body[..limit], p.cursor) {
                ValueEnd::Open(_) => ValueEnd::Open(limit),
                closed => closed,
            };
        }
        lex::find_value_end(body, p.cursor)
    }

    #[cold]
    fn space_too_long(&mut self, at: usize) -> Step {
        let limit = self.limits.max_value_len;
        self.fail(ErrorKind::SpaceTooLong(limit), at)
    }

    #[cold]
    fn value_too_long(&mut self, at: usize) -> Step {
        let limit = self.limits.max_value_len;
        self.fail(ErrorKind::ValueTooLong(limit), at)
    }
}

// ---- Recovery API (lenient parsing only; the strict path never calls it) ----

/// Where [`Machine::resume`] puts a machine after the lenient layer has
/// repaired an error.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Resume {
    /// Before, between or after top-level game trees.
    Outside,
    /// Right after a `(`: a node must follow.
    TreeOpen,
    /// Inside a node's sequence.
    InNode,
    /// After a variation's `)`.
    AfterVariation,
    /// Inside a property whose identifier (of `ident_len` bytes, checked by
    /// the caller) starts at the position passed to the next `step`; its
    /// values are scanned as usual.
    Values {
        /// Length of the identifier in bytes.
        ident_len: usize,
    },
}

impl Machine {
    /// Leaves a failed (or any) state: the next [`step`](Machine::step)
    /// scans from the position it is given as if the machine were `at`,
    /// with `depth` game trees open. The byte order mark check is over.
    #[cold]
    pub(crate) fn resume(&mut self, at: Resume, depth: u32) {
        self.depth = depth;
        self.at_start = false;
        if depth > 0 {
            self.trees = self.trees.max(1);
        }
        self.state = match at {
            Resume::Outside => State::Outside,
            Resume::TreeOpen => State::TreeOpen,
            Resume::InNode => State::InNode,
            Resume::AfterVariation => State::AfterVariation,
            Resume::Values { ident_len } => {
                self.prop = PropScan {
                    cursor: ident_len,
                    ident_end: ident_len,
                    ..PropScan::default()
                };
                State::Property(Phase::BeforeValue)
            }
        };
        if !matches!(at, Resume::InNode | Resume::Values { .. }) {
            self.properties_in_node = 0;
        }
    }

    /// Says that no value opened at buffer offset `from` or later closes,
    /// because a scan of an earlier value from `from - 1` or before ran to
    /// the end of the input and stopped at `stop` (the end, or a final
    /// `\`). Such a scan pairs escapes exactly as a scan starting right
    /// after any later `[` would, so later values are not scanned again:
    /// a lenient parse of many games each cut inside a value stays linear.
    #[cold]
    pub(crate) fn never_closes(&mut self, from: usize, stop: usize) {
        if from < self.never_closes_from {
            self.never_closes_from = from;
            self.never_closes_at = stop;
        }
        // The hot path does not look at this: the rest goes the slow way.
        self.tiny_properties = 0;
    }
}
