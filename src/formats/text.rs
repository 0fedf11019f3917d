//! A record's text: its bytes decoded to UTF-8 by the charset rules
//! ([`decide_record`]), split into lines, with the way back from each
//! text offset to the byte, line and column of the input.

use std::ops::Range;

use super::values;
use crate::charset::{decide_record, Anchors, Bad, CharsetMode, CharsetReport, Out, Transcoder};
use crate::error::{Error, ErrorKind, FormatErrorKind, Position};
use crate::warning::{Warning, WarningKind};
use crate::Charset;

/// Where a piece of the SGF text comes from in the input: the position
/// of its first byte and the input offset just past it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Span {
    pub start: Position,
    pub end: u64,
}

impl Span {
    /// The input bytes it covers.
    pub(crate) fn range(self) -> Range<u64> {
        self.start.offset..self.end.max(self.start.offset)
    }

    /// A warning of `kind` about these bytes.
    pub(crate) fn warning(self, kind: WarningKind) -> Warning {
        Warning::new(kind, self.start, self.range())
    }

    /// The error `kind`, at the start of these bytes.
    pub(crate) fn error(self, kind: FormatErrorKind) -> Error {
        Error::new(ErrorKind::Format(kind), self.start)
    }
}

/// One line of the text, without its line break.
#[derive(Debug, Clone, Copy)]
struct Line {
    /// Text offsets of its first byte and just past its last.
    start: usize,
    end: usize,
    /// Input offsets of its first byte and just past its last.
    raw: u64,
    raw_end: u64,
}

/// What a record's header says of its charset, read from its raw bytes
/// by the format's reader: the value as written (a server's name such as
/// `Korea`, or a charset's such as `SJIS`) and the charset it names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Declared {
    pub label: String,
    pub charset: Option<Charset>,
}

/// The input decoded to UTF-8, in lines.
#[derive(Debug)]
pub(crate) struct Text<'a> {
    input: &'a [u8],
    text: String,
    anchors: Anchors,
    lines: Vec<Line>,
}

impl<'a> Text<'a> {
    /// Decodes `input` in the charset that `mode` and the header's
    /// declaration decide; bytes invalid in it become U+FFFD, each run
    /// with a warning.
    pub(crate) fn decode(
        input: &'a [u8],
        declared: Option<Declared>,
        mode: CharsetMode,
    ) -> (Text<'a>, CharsetReport, Vec<Warning>) {
        let charset = declared.as_ref().and_then(|declared| declared.charset);
        let decision = decide_record(input, charset, mode);
        let report = CharsetReport::new(
            decision.charset,
            decision.source,
            declared.map(|declared| declared.label),
        );
        let (mut bytes, mut anchors, mut bad) = (Vec::new(), Anchors::default(), Vec::new());
        let mut out = Out {
            text: &mut bytes,
            text_base: 0,
            anchors: &mut anchors,
            bad: &mut bad,
        };
        let skip = decision.skip.min(input.len());
        Transcoder::new(decision.charset, true).decode(&input[skip..], skip as u64, true, &mut out);
        // Invalid bytes were replaced: the text is UTF-8.
        let text = String::from_utf8(bytes)
            .unwrap_or_else(|err| String::from_utf8_lossy(err.as_bytes()).into_owned());
        let mut decoded = Text {
            input,
            text,
            anchors,
            lines: Vec::new(),
        };
        decoded.lines = decoded.split_lines();
        let warnings = bad
            .iter()
            .map(|bad| decoded.invalid(bad, report.charset))
            .collect();
        (decoded, report, warnings)
    }

    /// The lines: LF, CRLF and a lone CR each end one.
    fn split_lines(&self) -> Vec<Line> {
        let bytes = self.text.as_bytes();
        let mut lines = Vec::new();
        let mut start = 0;
        for at in memchr::memchr2_iter(b'\n', b'\r', bytes) {
            if bytes[at] == b'\n' && at > 0 && bytes[at - 1] == b'\r' {
                start = at + 1;
                continue;
            }
            lines.push(self.line_at(start, at));
            start = at + 1;
        }
        if start < bytes.len() || lines.is_empty() {
            lines.push(self.line_at(start, bytes.len()));
        }
        lines
    }

    /// A line; the first starts with the input (a byte order mark is on
    /// it).
    fn line_at(&self, start: usize, end: usize) -> Line {
        let raw = match start {
            0 => 0,
            _ => self.anchors.map(start as u64, self.input, 0),
        };
        let raw_end = self.anchors.map(end as u64, self.input, 0);
        Line {
            start,
            end,
            raw,
            raw_end,
        }
    }

    /// The warning for bytes invalid in the charset, placed at their first byte (known
    /// already: no need to map their text offset back).
    fn invalid(&self, bad: &Bad, charset: Charset) -> Warning {
        let index = self.line_of(bad.text as usize);
        let position = Position {
            offset: bad.raw.start,
            line: u32::try_from(index + 1).unwrap_or(u32::MAX),
            column: column(bad.raw.start, self.lines[index].raw),
        };
        Warning::new(
            WarningKind::InvalidBytes(charset.name()),
            position,
            bad.raw.clone(),
        )
    }

    /// How many lines.
    pub(crate) fn len(&self) -> usize {
        self.lines.len()
    }

    /// Line `index` (from 0), without its line break.
    pub(crate) fn line(&self, index: usize) -> &str {
        let line = self.lines[index];
        &self.text[line.start..line.end]
    }

    /// The text offset where line `index` starts.
    pub(crate) fn line_start(&self, index: usize) -> usize {
        self.lines[index].start
    }

    /// Whether line `index` is the last and no line break ends it: a
    /// line that may have been cut.
    pub(crate) fn is_unterminated(&self, index: usize) -> bool {
        index + 1 == self.lines.len() && self.lines[index].end == self.text.len()
    }

    /// The text from offset `start` to `end`.
    pub(crate) fn slice(&self, range: Range<usize>) -> &str {
        &self.text[range]
    }

    /// The text offset of `part`, a slice of this text.
    pub(crate) fn offset_of(&self, part: &str) -> usize {
        let base = self.text.as_ptr() as usize;
        (part.as_ptr() as usize)
            .saturating_sub(base)
            .min(self.text.len())
    }

    /// The index of the line that text offset `at` lies on.
    fn line_of(&self, at: usize) -> usize {
        self.lines
            .partition_point(|line| line.start <= at)
            .saturating_sub(1)
    }

    /// The position in the input of text offset `at`.
    pub(crate) fn position(&self, at: usize) -> Position {
        let index = self.line_of(at);
        let offset = self.anchors.map(at as u64, self.input, 0);
        Position {
            offset,
            line: u32::try_from(index + 1).unwrap_or(u32::MAX),
            column: column(offset, self.lines[index].raw),
        }
    }

    /// Where the text `range` lies in the input.
    pub(crate) fn span(&self, range: Range<usize>) -> Span {
        Span {
            start: self.position(range.start),
            end: self.anchors.map(range.end as u64, self.input, 0),
        }
    }

    /// The warning that `value`, a slice of this text, was not understood
    /// as `field` (the game goes without it).
    pub(crate) fn unread(&self, field: &'static str, value: &str) -> Warning {
        let kind = WarningKind::UnreadValue {
            field,
            value: value.trim().to_string(),
        };
        self.span_of(value).warning(kind)
    }

    /// The board size that `value`, a slice of this text, gives as the
    /// header's `field`, and where it lies; 19, at the start of the
    /// text, where the header gives none. A size no board has is an
    /// error.
    pub(crate) fn board_size(
        &self,
        field: &'static str,
        value: Option<&str>,
    ) -> Result<(u8, Span), Error> {
        let Some(value) = value else {
            return Ok((19, self.start_span()));
        };
        match values::board_size(value) {
            Some(size) => Ok((size, self.span_of(value))),
            None => Err(self.span_of(value).error(FormatErrorKind::BadValue {
                field,
                value: value.to_string(),
            })),
        }
    }

    /// Where `part`, a slice of this text, lies in the input.
    pub(crate) fn span_of(&self, part: &str) -> Span {
        let start = self.offset_of(part);
        self.span(start..start + part.len())
    }

    /// Where line `index` lies in the input.
    pub(crate) fn line_span(&self, index: usize) -> Span {
        let line = self.lines[index];
        let start = match (index, line.start) {
            // A byte order mark is on the first line.
            (0, _) | (_, 0) => self.position(line.start),
            _ => Position {
                offset: line.raw,
                line: u32::try_from(index + 1).unwrap_or(u32::MAX),
                column: 1,
            },
        };
        Span {
            start,
            end: line.raw_end,
        }
    }

    /// The end of the input, where a record cut short stops.
    pub(crate) fn end_span(&self) -> Span {
        let input_len = self.input.len() as u64;
        let start = match self.text.ends_with(['\n', '\r']) {
            // Past a final line break: the start of the line after.
            true => Position {
                offset: input_len,
                line: u32::try_from(self.lines.len() + 1).unwrap_or(u32::MAX),
                column: 1,
            },
            false => Position {
                offset: input_len,
                ..self.position(self.text.len())
            },
        };
        Span {
            start,
            end: input_len,
        }
    }

    /// The start of the input.
    pub(crate) fn start_span(&self) -> Span {
        self.span(0..0)
    }
}

/// The column (from 1, in bytes) of input offset `offset` on a line
/// that starts at input offset `line_start`.
fn column(offset: u64, line_start: u64) -> u32 {
    u32::try_from(offset.saturating_sub(line_start) + 1).unwrap_or(u32::MAX)
}

/// The value after `key` on the first line of `input` (its raw bytes,
/// before decoding) that starts with `key` (after spaces or a UTF-8 byte
/// order mark), up to `end` or the line's end, trimmed: how a reader
/// finds its charset declaration before the text is decoded.
pub(crate) fn raw_field(input: &[u8], key: &[u8], end: &[u8]) -> Option<String> {
    let head = &input[..input.len().min(crate::charset::DECISION_PREFIX)];
    let starts_line = |at: usize| {
        let before = head[..at].iter().rposition(|&b| !matches!(b, b' ' | b'\t'));
        match before {
            None => true,
            Some(i) => matches!(head[i], b'\n' | b'\r') || head[..=i] == b"\xEF\xBB\xBF"[..],
        }
    };
    let at = memchr::memmem::find_iter(head, key).find(|&at| starts_line(at))? + key.len();
    let rest = &head[at..];
    let line_end = memchr::memchr2(b'\n', b'\r', rest).unwrap_or(rest.len());
    let rest = &rest[..line_end];
    let stop = match end.is_empty() {
        true => rest.len(),
        false => memchr::memmem::find(rest, end).unwrap_or(rest.len()),
    };
    let value = std::str::from_utf8(&rest[..stop]).ok()?.trim();
    (!value.is_empty() && value.len() <= 40).then(|| value.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_end_at_lf_crlf_and_cr_and_positions_count_input_bytes() {
        let input = b"ab\r\ncd\ref\n\ngh";
        let (text, report, warnings) = Text::decode(input, None, CharsetMode::Auto);
        assert_eq!(report.charset, Charset::Utf8);
        assert!(warnings.is_empty());
        let lines: Vec<&str> = (0..text.len()).map(|i| text.line(i)).collect();
        assert_eq!(lines, ["ab", "cd", "ef", "", "gh"]);
        let at = text.offset_of(text.line(4));
        let position = text.position(at + 1);
        assert_eq!(
            (position.offset, position.line, position.column),
            (12, 5, 2)
        );
        assert!(text.is_unterminated(4));
    }

    #[test]
    fn a_byte_order_mark_is_cut_and_offsets_still_count_it() {
        let (text, report, _) = Text::decode(b"\xEF\xBB\xBFab\ncd", None, CharsetMode::Auto);
        assert_eq!(text.line(0), "ab");
        assert_eq!(report.source, crate::charset::CharsetSource::ByteOrderMark);
        let position = text.position(text.offset_of(text.line(1)));
        assert_eq!((position.offset, position.line, position.column), (6, 2, 1));
        assert_eq!(text.position(0).column, 4);
    }

    #[test]
    fn raw_fields_are_found_before_decoding() {
        let input = b"\\HS\n\\[GIBOKIND=Korea\\]\n";
        assert_eq!(
            raw_field(input, b"\\[GIBOKIND=", b"\\]").as_deref(),
            Some("Korea")
        );
        assert_eq!(
            raw_field(b"Lang=SJIS\r\n", b"Lang=", b"").as_deref(),
            Some("SJIS")
        );
        assert_eq!(raw_field(b"Size=19", b"Lang=", b""), None);
        assert_eq!(
            raw_field(b"Title=Lang=x\nLang=GBK", b"Lang=", b"").as_deref(),
            Some("GBK")
        );
        assert_eq!(
            raw_field(b"\xEF\xBB\xBF Lang=SJIS", b"Lang=", b"").as_deref(),
            Some("SJIS")
        );
    }
}
