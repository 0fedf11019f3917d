//! [`Out`]: the output buffer and the layout engine: where line breaks
//! go, escaping, soft line breaks, and encoding into the output charset.

use super::{Charset, Layout, WriteError, WriteOptions};

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

    /// [`plain`](Self::plain) and compact: nothing but the bytes of the
    /// SGF between a game tree's `(` and its `)`.
    #[inline]
    pub(crate) fn compact_plain(&self) -> bool {
        self.plain() && !self.node_per_line && !self.variations_on_new_lines
    }

    /// The line break style: true for CRLF.
    #[inline]
    pub(crate) fn crlf(&self) -> bool {
        self.crlf
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
        for value in crate::RawValues::new(run, count).iter() {
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

    /// A value written from decoded text: escaped (`:` too when `colon`),
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
            escape_into(text.as_bytes(), false, self.crlf, &mut self.buf);
            self.buf.push(b']');
            self.line_start = false;
            return Ok(());
        }
        let mut scratch = std::mem::take(&mut self.scratch);
        scratch.clear();
        escape_into(text.as_bytes(), false, self.crlf, &mut scratch);
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
        escape_into(left.as_bytes(), true, self.crlf, &mut scratch);
        scratch.push(b':');
        escape_into(right.as_bytes(), true, self.crlf, &mut scratch);
        let result = self.value(ident, first, &scratch, false);
        self.scratch = scratch;
        result
    }
}

/// Appends `text` escaped for a value: `\` and `]` (and `:` when `colon`)
/// get a `\`; with `crlf`, a line feed not after a CR becomes CRLF.
pub(crate) fn escape_into(text: &[u8], colon: bool, crlf: bool, out: &mut Vec<u8>) {
    if text.len() < 16 {
        // Short values (moves, numbers): a plain loop beats setting up a
        // vector search.
        let special = |b: &u8| matches!(b, b'\\' | b']' | b'\n' | b':');
        if !text.iter().any(special) {
            out.extend_from_slice(text);
            return;
        }
        return escape_bytewise(text, colon, crlf, out);
    }
    let third = match (colon, crlf) {
        (true, true) => return escape_bytewise(text, colon, crlf, out),
        (true, false) => b':',
        (false, true) => b'\n',
        (false, false) => b']',
    };
    let mut last = 0;
    for at in memchr::memchr3_iter(b'\\', b']', third, text) {
        out.extend_from_slice(&text[last..at]);
        push_special(text, at, crlf, out);
        last = at + 1;
    }
    out.extend_from_slice(&text[last..]);
}

fn escape_bytewise(text: &[u8], colon: bool, crlf: bool, out: &mut Vec<u8>) {
    for (at, &byte) in text.iter().enumerate() {
        match byte {
            b'\\' | b']' | b'\n' => push_special(text, at, crlf, out),
            b':' if colon => push_special(text, at, crlf, out),
            _ => out.push(byte),
        }
    }
}

fn push_special(text: &[u8], at: usize, crlf: bool, out: &mut Vec<u8>) {
    match text[at] {
        b'\n' if crlf && (at == 0 || text[at - 1] != b'\r') => out.extend_from_slice(b"\r\n"),
        b'\n' => out.push(b'\n'),
        byte => out.extend_from_slice(&[b'\\', byte]),
    }
}

/// Characters in `bytes`: bytes that do not continue a UTF-8 sequence.
fn chars(bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&b| (b as i8) >= -0x40).count()
}

/// The width of the first line of `value`, and of its last line if it
/// has more than one.
fn line_widths(value: &[u8]) -> (usize, Option<usize>) {
    match memchr::memchr2(b'\n', b'\r', value) {
        None => (chars(value), None),
        Some(end) => {
            let last = memchr::memrchr2(b'\n', b'\r', value).unwrap_or(end);
            (chars(&value[..end]), Some(chars(&value[last + 1..])))
        }
    }
}

/// Copies the escaped value `value` to `out`, adding soft line breaks
/// (`\` + `newline`) so that no line passes `limit` columns, counting from
/// `column`. A break goes after the last space of the line if there is
/// one, never inside an escape and never before a line break (where a
/// reader would take `\` + the line break as a soft break of its own).
fn soft_break(value: &[u8], mut column: usize, limit: usize, newline: &[u8], out: &mut Vec<u8>) {
    let mut line_start = out.len();
    // Where a break after the last space of this line would go.
    let mut after_space: Option<usize> = None;
    let mut at = 0;
    while at < value.len() {
        let byte = value[at];
        if byte == b'\n' || byte == b'\r' {
            out.push(byte);
            at += 1;
            column = 0;
            line_start = out.len();
            after_space = None;
            continue;
        }
        let unit = unit_len(value, at);
        let width = chars(&value[at..at + unit]);
        if column + width + 1 > limit && out.len() > line_start {
            match after_space {
                Some(split) if split > line_start => {
                    out.splice(split..split, soft_newline(newline));
                    line_start = split + 1 + newline.len();
                }
                _ => {
                    out.extend(soft_newline(newline));
                    line_start = out.len();
                }
            }
            column = chars(&out[line_start..]);
            after_space = None;
        }
        out.extend_from_slice(&value[at..at + unit]);
        column += width;
        if byte == b' ' {
            after_space = Some(out.len());
        }
        at += unit;
    }
}

fn soft_newline(newline: &[u8]) -> impl Iterator<Item = u8> + '_ {
    std::iter::once(b'\\').chain(newline.iter().copied())
}

/// Bytes of the unit at `at`: an escape pair, or one UTF-8 character.
fn unit_len(value: &[u8], at: usize) -> usize {
    let first = if value[at] == b'\\' && at + 1 < value.len() {
        1
    } else {
        0
    };
    let lead = at + first;
    let mut end = lead + 1;
    while end < value.len() && (value[end] as i8) < -0x40 {
        end += 1;
    }
    end - at
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

#[cfg(test)]
mod tests {
    use super::*;

    fn escaped(text: &str, colon: bool, crlf: bool) -> String {
        let mut out = Vec::new();
        escape_into(text.as_bytes(), colon, crlf, &mut out);
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn escapes() {
        assert_eq!(escaped("a]b\\c:d\ne", false, false), "a\\]b\\\\c:d\ne");
        assert_eq!(escaped("a]b\\c:d\ne", true, false), "a\\]b\\\\c\\:d\ne");
        assert_eq!(escaped("a]:\n\r\n", false, true), "a\\]:\r\n\r\n");
        assert_eq!(escaped("a]:\n\r\n", true, true), "a\\]\\:\r\n\r\n");
    }

    fn broken(value: &str, column: usize, limit: usize) -> String {
        let mut out = Vec::new();
        soft_break(value.as_bytes(), column, limit, b"\n", &mut out);
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn soft_breaks_prefer_spaces_and_keep_escapes_whole() {
        assert_eq!(broken("aaa bbb ccc", 0, 8), "aaa \\\nbbb ccc");
        assert_eq!(broken("abcdefghij", 0, 5), "abcd\\\nefgh\\\nij");
        assert_eq!(broken("ab\\]cd", 0, 4), "ab\\\n\\]c\\\nd");
        assert_eq!(broken("abc\ndefg", 0, 5), "abc\ndefg");
        assert_eq!(broken("表表表表表", 0, 4), "表表表\\\n表表");
        assert_eq!(broken("abc", 10, 12), "a\\\nbc");
    }

    #[test]
    fn widths() {
        assert_eq!(line_widths("表a".as_bytes()), (2, None));
        assert_eq!(line_widths(b"ab\r\ncde\nf"), (2, Some(1)));
    }
}
