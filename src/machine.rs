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

use crate::error::ErrorKind;
use crate::ident::{LETTER_IDENTS, PAIR_IDENTS};
use crate::work;

/// Resource limits against hostile input. Each one, when exceeded, stops
/// parsing with a clear error.
///
/// ```
/// use sgf_stream::{Limits, Parser, ErrorKind};
/// let limits = Limits { max_depth: 2, ..Limits::default() };
/// let err = Parser::with_limits(b"(;(;(;)))", limits)
///     .find_map(Result::err)
///     .unwrap();
/// assert_eq!(err.kind(), &ErrorKind::TooDeep(2));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Deepest nesting of game trees and variations. Default 1,048,576.
    pub max_depth: u32,
    /// Longest raw value in bytes. Default 64 MiB.
    pub max_value_len: usize,
    /// Most properties in one node. Default 1,048,576.
    pub max_properties_per_node: u32,
    /// Most values of one property. Default 1,048,576.
    pub max_values_per_property: u32,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_depth: 1 << 20,
            max_value_len: 64 << 20,
            max_properties_per_node: 1 << 20,
            max_values_per_property: 1 << 20,
        }
    }
}

impl Limits {
    /// No limits at all (each one at its type's maximum).
    pub fn none() -> Self {
        Limits {
            max_depth: u32::MAX,
            max_value_len: usize::MAX,
            max_properties_per_node: u32::MAX,
            max_values_per_property: u32::MAX,
        }
    }
}

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

/// SGF whitespace: space, LF, CR, tab, vertical tab, form feed.
#[inline]
pub(crate) fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\n' | b'\r' | b'\t' | 0x0b | 0x0c)
}

/// Skips whitespace from `at`; returns the first other byte's offset.
#[inline]
fn skip_space(buf: &[u8], from: usize) -> usize {
    let mut at = from;
    while at < buf.len() && is_space(buf[at]) {
        at += 1;
    }
    work::count(at - from + 1);
    at
}

impl Machine {
    pub(crate) fn new(limits: Limits) -> Self {
        Machine {
            state: State::Outside,
            depth: 0,
            trees: 0,
            properties_in_node: 0,
            tiny_properties: match limits.max_value_len >= 8 && limits.max_values_per_property >= 1
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

    /// The hot path of [`step`](Self::step) alone, for callers that want
    /// to keep it apart from the rest: a `;`, or a short property such as
    /// `B[pd]` lying in `buf`, right at `*pos` inside a node's sequence.
    /// `None` (having changed nothing) when `step` must be called.
    #[inline(always)]
    pub(crate) fn quick(&mut self, buf: &[u8], pos: &mut usize) -> Option<(Token, usize, usize)> {
        match self.quick_scan(buf, pos)? {
            Quick::Node(at) => Some((Token::Node, at, at + 1)),
            Quick::Property(at, ident_end, _) => {
                let token = Token::Property {
                    ident_end,
                    values_start: ident_end,
                    count: 1,
                };
                Some((token, at, *pos))
            }
        }
    }

    /// [`quick`](Self::quick) as it found it: a node, or a property with
    /// one value whose identifier (from a static table) starts at the
    /// offset given; `*pos` is now the token's end.
    #[inline(always)]
    pub(crate) fn quick_scan(&mut self, buf: &[u8], pos: &mut usize) -> Option<Quick> {
        if self.state != State::InNode {
            return None;
        }
        let mut at = *pos;
        let mut byte = *buf.get(at)?;
        // A line break between moves.
        while byte <= b' ' {
            if !is_space(byte) {
                return None;
            }
            at += 1;
            byte = *buf.get(at)?;
        }
        if byte == b';' {
            work::count(at + 1 - *pos);
            self.properties_in_node = 0;
            *pos = at + 1;
            return Some(Quick::Node(at));
        }
        if byte.is_ascii_uppercase() && self.properties_in_node < self.tiny_properties {
            let (ident, values, end) = tiny_property(buf, at)?;
            work::count(end + 1 - *pos);
            self.properties_in_node += 1;
            *pos = end;
            return Some(Quick::Property(at, values, ident));
        }
        None
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
                Phase::InValue => match self.value_end(body, start, p.cursor, eof) {
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

    /// [`find_value_end`], unless the value is known never to close.
    fn value_end(&self, body: &[u8], start: usize, from: usize, eof: bool) -> ValueEnd {
        if eof && start + from >= self.never_closes_from {
            return ValueEnd::Open(self.never_closes_at - start);
        }
        find_value_end(body, from)
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

/// The hot path: a whole property `ID[..]..` that starts with an
/// uppercase letter at `at` and lies complete in `buf`, followed by a byte
/// that is neither whitespace nor `[`. Returns its token and end offset,
/// or `None` when the buffer ends inside it, a limit is reached or the
/// input is malformed: then [`Machine::scan_property`] reads it (and
/// reports the error) as if this had not been tried. It only reads.
#[inline(always)]
fn quick_property(buf: &[u8], at: usize, limits: &Limits) -> Option<(Token, usize)> {
    let mut i = at + 1;
    while buf.get(i)?.is_ascii_uppercase() {
        i += 1;
    }
    work::count(i - at);
    if buf[i] != b'[' {
        return None;
    }
    let (ident_end, values_start) = (i, i);
    let mut count = 0u32;
    loop {
        let ValueEnd::Closed(close) = find_value_end(buf, i + 1) else {
            return None;
        };
        if close - i - 1 > limits.max_value_len || count >= limits.max_values_per_property {
            return None;
        }
        count += 1;
        let end = close + 1;
        i = end;
        let mut next = *buf.get(i)?;
        if next <= b' ' {
            i = skip_space(buf, i);
            next = *buf.get(i)?;
        }
        if next != b'[' {
            let token = Token::Property {
                ident_end,
                values_start,
                count,
            };
            return Some((token, end));
        }
    }
}

/// The commonest property of all, `B[pd]`: an identifier of one or two
/// letters and one value, all within the 8 bytes at `at`, followed by at
/// most one whitespace byte and then a byte that is neither whitespace
/// nor `[`; read from one 8-byte word.
/// Its value is shorter than 8 bytes: the caller checks that the limits
/// allow that, and that the byte at `at` is an uppercase letter.
#[inline(always)]
fn tiny_property(buf: &[u8], at: usize) -> Option<(&'static str, usize, usize)> {
    let word = u64::from_le_bytes(buf.get(at..at + 8)?.try_into().ok()?);
    // The tables are indexed by the letters' low five bits: no index check.
    let first = usize::from(word as u8 & 31);
    let second = (word >> 8) as u8;
    let (ident, values) = if second == b'[' {
        (LETTER_IDENTS[first], at + 1)
    } else if second.is_ascii_uppercase() && (word >> 16) as u8 == b'[' {
        (PAIR_IDENTS[first << 5 | usize::from(second & 31)], at + 2)
    } else {
        return None;
    };
    // Letters and `[` are neither `]` nor `\`: the first of those is in
    // the value or closes it. `]` (0x5D) is odd, `\` (0x5C) even.
    let k = close_or_escape_in(word)?;
    if (word >> (8 * k)) & 1 == 0 {
        return None;
    }
    let end = at + k + 1;
    let mut next = *buf.get(end)?;
    if next <= b' ' {
        // One whitespace byte (a line break) may come before the next
        // token, which must not be another value.
        if !is_space(next) {
            return None;
        }
        next = *buf.get(end + 1)?;
        if next <= b' ' {
            return None;
        }
    }
    if next == b'[' {
        return None;
    }
    Some((ident, values, end))
}

enum ValueEnd {
    /// The offset of the closing `]`.
    Closed(usize),
    /// No `]` yet: resume scanning here (at a trailing `\`, or the end).
    Open(usize),
}

const ONES: u64 = 0x0101_0101_0101_0101;
const HIGHS: u64 = 0x8080_8080_8080_8080;

/// The index of the first `]` or `\` among the 8 bytes of `word` (read
/// little-endian), if any. `]` (0x5D) and `\` (0x5C) differ only in the
/// lowest bit, so setting it maps both to 0x5D; the classic zero-byte test
/// then marks them. Bits above the first zero byte may be false
/// positives; the lowest set bit never is.
#[inline(always)]
fn close_or_escape_in(word: u64) -> Option<usize> {
    let x = (word | ONES) ^ (ONES * 0x5D);
    let found = x.wrapping_sub(ONES) & !x & HIGHS;
    (found != 0).then(|| found.trailing_zeros() as usize / 8)
}

/// The end (just past the `]`) of the value whose body starts at `from`,
/// or the end of `body` when it never closes.
#[inline]
pub(crate) fn value_end(body: &[u8], from: usize) -> usize {
    match find_value_end(body, from) {
        ValueEnd::Closed(close) => close + 1,
        ValueEnd::Open(_) => body.len(),
    }
}

/// Finds the `]` closing a value, scanning `body` from `from`.
#[inline]
fn find_value_end(body: &[u8], from: usize) -> ValueEnd {
    let end = scan_value_end(body, from);
    let (ValueEnd::Closed(at) | ValueEnd::Open(at)) = end;
    work::count(at + 1 - from);
    end
}

#[inline]
fn scan_value_end(body: &[u8], from: usize) -> ValueEnd {
    // Most values are short points such as `pd`: one 8-byte word answers
    // them before memchr is needed.
    let mut at = from;
    if let Some(word) = body.get(from..from + 8) {
        let word = u64::from_le_bytes(word.try_into().unwrap_or([0; 8]));
        match close_or_escape_in(word) {
            Some(k) if body[from + k] == b']' => return ValueEnd::Closed(from + k),
            Some(k) => at = from + k,
            None => at = from + 8,
        }
    }
    loop {
        match memchr::memchr2(b']', b'\\', &body[at..]) {
            None => return ValueEnd::Open(body.len()),
            Some(found) => {
                at += found;
                if body[at] == b']' {
                    return ValueEnd::Closed(at);
                }
                if at + 1 >= body.len() {
                    return ValueEnd::Open(at);
                }
                at += 2;
            }
        }
    }
}

/// Pieces of input that the hot paths read or must refuse, for tests
/// that glue them together at random and compare the hot paths with the
/// plain machine.
#[cfg(test)]
pub(crate) const HOT_PATH_PIECES: [&[u8]; 26] = [
    b";",
    b"B[pd]",
    b"AB[aa]",
    b"W[]",
    b"BL[1057]",
    b"C[a\\]b]",
    b"[x]",
    b" ",
    b"\n",
    b"\r\n",
    b"(",
    b")",
    b"Ab[c]",
    b"XYZ[1234567]",
    b"\x01",
    b"]",
    b"\\",
    b"[",
    b"C[a long comment that runs well past a few words]",
    b"  \t\x0b\x0c  ",
    b"MULTIGOGM[1]",
    b"(;",
    b")(",
    b"\0",
    b"ZZ[tt]",
    b"W[ab]\n",
];

#[cfg(test)]
mod tests {
    use super::*;

    type Scanned = Result<(Token, usize, usize), (ErrorKind, usize)>;

    /// Runs the machine over `input` split into pieces of `chunk` bytes,
    /// keeping every byte (so offsets stay absolute).
    fn tokens(input: &[u8], chunk: usize) -> Vec<Scanned> {
        let mut machine = Machine::new(Limits::default());
        let mut out = Vec::new();
        let mut pos = 0;
        let mut len = chunk.min(input.len());
        loop {
            let eof = len == input.len();
            match machine.step(&input[..len], &mut pos, eof) {
                Step::Token(t, s, e) => out.push(Ok((t, s, e))),
                Step::NeedMore => len = (len + chunk).min(input.len()),
                Step::End => return out,
                Step::Error(k, at) => {
                    out.push(Err((k, at)));
                    return out;
                }
            }
        }
    }

    #[test]
    fn chunked_scanning_matches_whole() {
        let inputs: [&[u8]; 6] = [
            b"(;FF[4]C[a\\]b\\\\]AB[aa] [bb]\r\n(;B[]) (;W[tt]))",
            b"\xEF\xBB\xBF(;A[x])(;B[y])",
            b"(;A[unclosed",
            b"(;A[esc\\",
            b"(;A[b];B[c])x",
            b"(;A[b]C (;D[e]))",
        ];
        for input in inputs {
            let whole = tokens(input, input.len());
            for chunk in 1..8 {
                assert_eq!(tokens(input, chunk), whole, "chunk {chunk} of {input:?}");
            }
        }
    }

    /// A stepping function of the machine: `step` or `step_slow`.
    type StepFn = fn(&mut Machine, &[u8], &mut usize, bool) -> Step;

    /// Every token and error of `input` through `step`.
    fn tokens_by(input: &[u8], limits: Limits, step: StepFn) -> Vec<Scanned> {
        let mut machine = Machine::new(limits);
        let mut out = Vec::new();
        let mut pos = 0;
        loop {
            match step(&mut machine, input, &mut pos, true) {
                Step::Token(t, s, e) => out.push(Ok((t, s, e))),
                Step::Error(k, at) => {
                    out.push(Err((k, at)));
                    return out;
                }
                _ => return out,
            }
        }
    }

    /// Through `step_slow` alone (the machine without its hot path).
    fn slow_tokens(input: &[u8], limits: Limits) -> Vec<Scanned> {
        tokens_by(input, limits, Machine::step_slow)
    }

    fn fast_tokens(input: &[u8], limits: Limits) -> Vec<Scanned> {
        tokens_by(input, limits, Machine::step)
    }

    #[test]
    fn hot_path_matches_the_slow_path() {
        let tight = Limits {
            max_value_len: 2,
            max_properties_per_node: 2,
            ..Limits::default()
        };
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        for _ in 0..4000 {
            let mut input = b"(;".to_vec();
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let mut bits = seed;
            for _ in 0..(seed % 13) {
                let count = HOT_PATH_PIECES.len() as u64;
                input.extend_from_slice(HOT_PATH_PIECES[(bits % count) as usize]);
                bits /= count;
            }
            input.push(b')');
            for limits in [Limits::default(), tight] {
                let fast = fast_tokens(&input, limits);
                assert_eq!(fast, slow_tokens(&input, limits), "{input:?}");
            }
        }
    }

    #[test]
    fn close_or_escape_in_finds_the_first_at_each_place() {
        for at in 0..8 {
            for (byte, other) in [(b']', b'\\'), (b'\\', b']')] {
                let mut word = *b"abcdefgh";
                word[at] = byte;
                if at < 7 {
                    word[7] = other;
                }
                let found = close_or_escape_in(u64::from_le_bytes(word));
                assert_eq!(found, Some(at), "{word:?}");
            }
        }
        assert_eq!(close_or_escape_in(u64::from_le_bytes(*b"[pd;B[AZ")), None);
        assert_eq!(close_or_escape_in(u64::from_le_bytes([0x5e; 8])), None);
        assert_eq!(close_or_escape_in(u64::from_le_bytes([0x5c; 8])), Some(0));
    }

    #[test]
    fn value_end_handles_escapes_at_every_place() {
        assert!(matches!(find_value_end(b"[ab]", 1), ValueEnd::Closed(3)));
        assert!(matches!(find_value_end(b"[\\]]", 1), ValueEnd::Closed(3)));
        assert!(matches!(find_value_end(b"[a\\", 1), ValueEnd::Open(2)));
        assert!(matches!(find_value_end(b"[aaaaa", 1), ValueEnd::Open(6)));
        assert!(matches!(
            find_value_end(b"[aaaa\\\\]", 1),
            ValueEnd::Closed(7)
        ));
    }
}
