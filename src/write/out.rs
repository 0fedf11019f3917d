//! [`Out`]: the output buffer and the layout engine: where line breaks
//! go, escaping (through [`lex`](crate::lex)), soft line breaks (see
//! `wrap.rs`), and encoding into the output charset.

use super::error::WriteError;
use super::options::{Layout, WriteOptions};
use super::wrap::{line_widths, soft_break};
use crate::charset::Charset;
use crate::event::RawValues;
use crate::lex::{escape_into, Escape};

/// Structure bytes (`(`, `;`) waiting to be written with the unit after
/// them, so a wrapped line never ends in `(;`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Pending {
    bytes: [u8; 2],
    len: u8,
}

impl Pending {
    fn push(&mut self, byte: u8) {
        // At most `(;` waits: a `(` is always followed by a `;`, and a
        // waiting `;` is written before anything else is pushed.
        debug_assert!(self.len == 0 || self.bytes[..usize::from(self.len)] == *b"(");
        let at = usize::from(self.len).min(1);
        self.bytes[at] = byte;
        self.len = at as u8 + 1;
    }

    fn as_bytes(&self) -> &[u8] {
        &self.bytes[..usize::from(self.len)]
    }
}

/// Where the output stood, to undo a call that failed half way.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Mark {
    len: usize,
    column: usize,
    line_start: bool,
    after_open: bool,
    pending: Pending,
}

impl Mark {
    /// Where in the buffer the mark stands.
    pub(crate) fn offset(&self) -> usize {
        self.len
    }

    /// The same mark once the first `cut` bytes of the buffer are gone.
    pub(crate) fn rebased(self, cut: usize) -> Mark {
        Mark {
            len: self.len - cut,
            ..self
        }
    }
}

/// The buffered output and its layout state.
#[derive(Debug)]
pub(crate) struct Out {
    pub(crate) buf: Vec<u8>,
    newline: &'static [u8],
    crlf: bool,
    charset: Charset,
    node_per_line: bool,
    variations_on_new_lines: bool,
    /// The width to wrap at, when wrapping.
    wrap: Option<usize>,
    /// Columns (characters) on the current line; kept only when wrapping.
    column: usize,
    line_start: bool,
    after_open: bool,
    pending: Pending,
    scratch: Vec<u8>,
    broken: Vec<u8>,
}

impl Out {
    pub(crate) fn new(options: &WriteOptions, capacity: usize) -> Self {
        Out {
            buf: Vec::with_capacity(capacity),
            newline: options.newline.as_bytes(),
            crlf: options.newline.as_bytes().len() == 2,
            charset: options.charset,
            node_per_line: options.layout == Layout::NodePerLine,
            variations_on_new_lines: options.variations_on_new_lines,
            wrap: options.wrap.then_some(options.width),
            column: 0,
            line_start: true,
            after_open: false,
            pending: Pending::default(),
            scratch: Vec::new(),
            broken: Vec::new(),
        }
    }

    /// UTF-8 and no wrapping: values are copied as they are.
    #[inline]
    pub(crate) fn plain(&self) -> bool {
        self.wrap.is_none() && self.charset == Charset::Utf8
    }

    /// [`plain`](Self::plain) on one line: nothing but the bytes of the
    /// SGF between a game tree's `(` and its `)`.
    #[inline]
    pub(crate) fn one_line_plain(&self) -> bool {
        self.plain() && !self.node_per_line && !self.variations_on_new_lines
    }

    /// How decoded text is escaped as a value: with the output line
    /// break for its line feeds.
    #[inline]
    pub(crate) fn text_escape(&self) -> Escape {
        Escape::VALUE.crlf(self.crlf)
    }

    pub(crate) fn mark(&self) -> Mark {
        Mark {
            len: self.buf.len(),
            column: self.column,
            line_start: self.line_start,
            after_open: self.after_open,
            pending: self.pending,
        }
    }

    /// What was written since `mark`.
    pub(crate) fn since(&self, mark: Mark) -> &[u8] {
        &self.buf[mark.len..]
    }

    pub(crate) fn rollback(&mut self, mark: Mark) {
        self.buf.truncate(mark.len);
        self.column = mark.column;
        self.line_start = mark.line_start;
        self.after_open = mark.after_open;
        self.pending = mark.pending;
    }

    pub(crate) fn newline(&mut self) {
        self.buf.extend_from_slice(self.newline);
        self.column = 0;
        self.line_start = true;
    }

    /// A line break unless the current line is empty.
    fn break_line(&mut self) {
        self.flush_pending();
        if !self.line_start {
            self.newline();
        }
    }

    /// `(`; a top-level game tree starts on a new line.
    pub(crate) fn open(&mut self, top_level: bool) {
        if top_level || self.node_per_line || self.variations_on_new_lines {
            self.break_line();
        } else {
            self.flush_pending();
        }
        self.structure(b'(');
        self.after_open = true;
    }

    /// `;`
    #[inline]
    pub(crate) fn semicolon(&mut self) {
        if self.node_per_line && !self.after_open {
            self.break_line();
        }
        self.after_open = false;
        self.structure(b';');
    }

    /// `)`
    pub(crate) fn close(&mut self) {
        self.flush_pending();
        self.begin_unit(1);
        self.buf.push(b')');
        self.advance(1);
    }

    #[inline]
    fn structure(&mut self, byte: u8) {
        if self.wrap.is_some() {
            if self.pending.as_bytes().last() == Some(&b';') {
                // An empty node: its `;` goes alone.
                self.flush_pending();
            }
            self.pending.push(byte);
        } else {
            self.buf.push(byte);
            self.line_start = false;
        }
    }

    fn flush_pending(&mut self) {
        if self.pending.len > 0 {
            self.begin_unit(0);
        }
    }

    /// Before a unit `width` columns wide (its first line): breaks the line
    /// if the unit and the waiting structure bytes do not fit, then writes
    /// those bytes.
    fn begin_unit(&mut self, width: usize) {
        let Some(limit) = self.wrap else {
            return;
        };
        let pending = self.pending;
        let len = pending.as_bytes().len();
        if !self.line_start && self.column + len + width > limit {
            self.newline();
        }
        self.buf.extend_from_slice(pending.as_bytes());
        self.pending = Pending::default();
        self.column += len;
        if len > 0 {
            self.line_start = false;
        }
    }

    fn advance(&mut self, width: usize) {
        self.column += width;
        self.line_start = false;
    }

    /// A whole raw property, values copied as they are (for
    /// [`plain`](Self::plain) output).
    #[inline(always)]
    pub(crate) fn raw_property(&mut self, ident: &str, run: &[u8], count: u32) {
        match (ident.as_bytes(), run) {
            // A move, `B[pd]`: one copy of five bytes.
            (&[letter], &[open, a, b, close]) if count == 1 => {
                self.buf.extend_from_slice(&[letter, open, a, b, close]);
            }
            (ident, run) => {
                put_small(&mut self.buf, ident);
                if count == 1 {
                    put_small(&mut self.buf, run);
                } else {
                    self.raw_values(run, count);
                }
            }
        }
        self.line_start = false;
    }

    /// The `count` values of `run`, each in its brackets (the whitespace
    /// between them dropped).
    #[inline(never)]
    fn raw_values(&mut self, run: &[u8], count: u32) {
        for value in RawValues::new(run, count).iter() {
            self.buf.push(b'[');
            self.buf.extend_from_slice(value.as_bytes());
            self.buf.push(b']');
        }
    }

    /// `[value]`, with the identifier before it for a property's `first`
    /// value. `value` is escaped UTF-8 (or raw bytes, for UTF-8 output).
    pub(crate) fn value(
        &mut self,
        ident: &str,
        first: bool,
        value: &[u8],
        soft: bool,
    ) -> Result<(), WriteError> {
        let head = if first { ident } else { "" };
        if self.wrap.is_none() {
            self.buf.extend_from_slice(head.as_bytes());
            self.buf.push(b'[');
            self.encode(ident, value)?;
            self.buf.push(b']');
            self.line_start = false;
            return Ok(());
        }
        let (first_line, last_line) = line_widths(value);
        let closing = usize::from(last_line.is_none());
        self.begin_unit(head.len() + 1 + first_line + closing);
        self.buf.extend_from_slice(head.as_bytes());
        self.buf.push(b'[');
        self.advance(head.len() + 1);
        let mut broken = std::mem::take(&mut self.broken);
        let value = match (soft, self.wrap) {
            (true, Some(limit)) => {
                broken.clear();
                soft_break(value, self.column, limit, self.newline, &mut broken);
                &broken[..]
            }
            _ => value,
        };
        let result = self.encode(ident, value);
        match line_widths(value) {
            (width, None) => self.advance(width + 1),
            (_, Some(last)) => self.column = last + 1,
        }
        self.broken = broken;
        self.buf.push(b']');
        result
    }

    fn encode(&mut self, ident: &str, value: &[u8]) -> Result<(), WriteError> {
        if self.charset == Charset::Utf8 {
            self.buf.extend_from_slice(value);
            return Ok(());
        }
        let text = std::str::from_utf8(value).map_err(|e| WriteError::NotUtf8 {
            ident: ident.to_string(),
            offset: e.valid_up_to(),
            charset: self.charset,
        })?;
        self.charset.encode_value(ident, text, &mut self.buf)
    }

    /// A value written from decoded text: escaped,
    /// with the output line break for hard line breaks.
    pub(crate) fn text_value(
        &mut self,
        ident: &str,
        first: bool,
        text: &str,
        soft: bool,
    ) -> Result<(), WriteError> {
        if self.plain() {
            if first {
                self.buf.extend_from_slice(ident.as_bytes());
            }
            self.buf.push(b'[');
            escape_into(
                text.as_bytes(),
                Escape::VALUE.crlf(self.crlf),
                &mut self.buf,
            );
            self.buf.push(b']');
            self.line_start = false;
            return Ok(());
        }
        let mut scratch = std::mem::take(&mut self.scratch);
        scratch.clear();
        escape_into(text.as_bytes(), Escape::VALUE.crlf(self.crlf), &mut scratch);
        let result = self.value(ident, first, &scratch, soft);
        self.scratch = scratch;
        result
    }

    /// A Compose value `left:right` written from decoded text.
    pub(crate) fn compose_value(
        &mut self,
        ident: &str,
        first: bool,
        left: &str,
        right: &str,
    ) -> Result<(), WriteError> {
        let mut scratch = std::mem::take(&mut self.scratch);
        scratch.clear();
        escape_into(
            left.as_bytes(),
            Escape::COMPOSE_HALF.crlf(self.crlf),
            &mut scratch,
        );
        scratch.push(b':');
        escape_into(
            right.as_bytes(),
            Escape::COMPOSE_HALF.crlf(self.crlf),
            &mut scratch,
        );
        let result = self.value(ident, first, &scratch, false);
        self.scratch = scratch;
        result
    }
}

/// Appends `bytes`, copying the short runs nearly every property is made
/// of (a one- or two-letter identifier, a `[pd]` value) with fixed-size
/// copies instead of a call to `memmove`.
#[inline(always)]
fn put_small(buf: &mut Vec<u8>, bytes: &[u8]) {
    match *bytes {
        [a] => buf.push(a),
        [a, b] => buf.extend_from_slice(&[a, b]),
        [a, b, c, d] => buf.extend_from_slice(&[a, b, c, d]),
        _ => buf.extend_from_slice(bytes),
    }
}
