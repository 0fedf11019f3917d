//! Errors with their position in the input.

use std::fmt;
use std::io;
use std::sync::Arc;

/// Where something happened in the input: a byte offset from 0, and a line
/// and column from 1 (the column counts bytes).
///
/// LF, CRLF and a lone CR each end a line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Position {
    /// Bytes from the start of the input.
    pub offset: u64,
    /// Line number, from 1.
    pub line: u32,
    /// Column in bytes, from 1.
    pub column: u32,
}

/// The accessors `offset`, `line` and `column` of a diagnostic's
/// [`Position`], for an `impl` of a type with a field `position`.
macro_rules! position_accessors {
    () => {
        /// Bytes from the start of the input, from 0.
        pub fn offset(&self) -> u64 {
            self.position.offset
        }

        /// Line number, from 1.
        pub fn line(&self) -> u32 {
            self.position.line
        }

        /// Column in bytes, from 1.
        pub fn column(&self) -> u32 {
            self.position.column
        }
    };
}
pub(crate) use position_accessors;

impl Position {
    /// The position of byte `offset` within `input`.
    ///
    /// ```
    /// use sgf_stream::Position;
    /// let pos = Position::locate(b"(;\r\nB[aa])", 4);
    /// assert_eq!((pos.line, pos.column), (2, 1));
    /// ```
    pub fn locate(input: &[u8], offset: usize) -> Position {
        let mut counter = LineCounter::default();
        let offset = offset.min(input.len());
        counter.advance(&input[..offset]);
        counter.position()
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {} (byte {})",
            self.line, self.column, self.offset
        )
    }
}

/// Counts lines and columns over input that arrives in pieces, for the
/// [`Position`] of a byte.
///
/// A CR followed by LF counts once, even when the pair is split between
/// two pieces.
///
/// ```
/// use sgf_stream::read::LineCounter;
/// let mut counter = LineCounter::default();
/// counter.advance(b"(;C[a\r");
/// counter.advance(b"\nb]");
/// let at = counter.position();
/// assert_eq!((at.offset, at.line, at.column), (9, 2, 3));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LineCounter {
    offset: u64,
    line: u32,
    line_start: u64,
    after_cr: bool,
}

impl Default for LineCounter {
    fn default() -> Self {
        LineCounter {
            offset: 0,
            line: 1,
            line_start: 0,
            after_cr: false,
        }
    }
}

/// The bytes [`count_lf`] sums in one byte-wide count: fewer than 256,
/// and a whole number of 16-byte vectors.
const LF_RUN: usize = 240;

/// How many LF bytes `bytes` holds: in runs of [`LF_RUN`] bytes, each
/// counted in a byte-wide sum that the compiler vectorises whole (the
/// run's length is known to it).
fn count_lf(bytes: &[u8]) -> usize {
    fn run(run: &[u8]) -> u8 {
        run.iter().fold(0u8, |n, &b| n + u8::from(b == b'\n'))
    }
    let runs = bytes.chunks_exact(LF_RUN);
    let tail = usize::from(run(runs.remainder()));
    let whole = runs.map(|r| <&[u8; LF_RUN]>::try_from(r).map_or(0, |r| usize::from(run(r))));
    whole.sum::<usize>() + tail
}

impl LineCounter {
    /// Moves past `bytes`, the next piece of the input.
    ///
    /// Every LF and every CR ends a line, except an LF right after a CR
    /// (in this piece or at the end of the last one). The LFs are counted
    /// by a loop the compiler vectorises; CRs (rare) one by one.
    pub fn advance(&mut self, bytes: &[u8]) {
        crate::work::count(bytes.len());
        let mut lines = count_lf(bytes);
        if self.after_cr && bytes.first() == Some(&b'\n') {
            lines -= 1;
        }
        for at in memchr::memchr_iter(b'\r', bytes) {
            if bytes.get(at + 1) != Some(&b'\n') {
                lines += 1;
            }
        }
        if let Some(last) = memchr::memrchr2(b'\n', b'\r', bytes) {
            self.line_start = self.offset + last as u64 + 1;
        }
        let lines = u32::try_from(lines).unwrap_or(u32::MAX);
        self.line = self.line.saturating_add(lines);
        if let Some(&last) = bytes.last() {
            self.after_cr = last == b'\r';
        }
        self.offset += bytes.len() as u64;
    }

    /// The position just after everything seen so far.
    pub fn position(&self) -> Position {
        Position {
            offset: self.offset,
            line: self.line,
            column: (self.offset - self.line_start + 1).min(u32::MAX as u64) as u32,
        }
    }
}

/// Lines counted up to a few places of one input, so that positions asked
/// for near each other, in any order, cost a pass over the bytes between
/// them rather than from the start.
#[derive(Debug, Clone, Default)]
pub(crate) struct LineMarks {
    /// Counters at places asked for lately, by increasing offset.
    marks: Vec<LineCounter>,
}

/// How many places [`LineMarks`] keeps.
const MARKS: usize = 8;

impl LineMarks {
    /// The position of absolute offset `at`, in `bytes` whose first byte
    /// is where `start` (lines counted up to there) stands.
    pub(crate) fn locate(&mut self, bytes: &[u8], start: &LineCounter, at: u64) -> Position {
        let base = start.offset;
        let at = at.clamp(base, base + bytes.len() as u64);
        let from = self
            .marks
            .iter()
            .rev()
            .find(|mark| mark.offset <= at && mark.offset >= base)
            .copied()
            .unwrap_or(*start);
        let mut counter = from;
        counter.advance(&bytes[(from.offset - base) as usize..(at - base) as usize]);
        let place = self.marks.partition_point(|mark| mark.offset < at);
        if self.marks.get(place).map(|mark| mark.offset) != Some(at) {
            self.marks.insert(place, counter);
            if self.marks.len() > MARKS {
                // Forget the place furthest from this one.
                let far = if place < MARKS / 2 {
                    self.marks.len() - 1
                } else {
                    0
                };
                self.marks.remove(far);
            }
        }
        counter.position()
    }

    /// The counter at the best known place at or before absolute offset
    /// `at`, which must lie in `bytes` after `start`: for moving `start`.
    pub(crate) fn advance(&mut self, bytes: &[u8], start: &LineCounter, at: u64) -> LineCounter {
        self.locate(bytes, start, at);
        let counter = self
            .marks
            .iter()
            .rev()
            .find(|mark| mark.offset <= at)
            .copied();
        self.marks.retain(|mark| mark.offset >= at);
        counter.unwrap_or(*start)
    }
}

/// What went wrong.
///
/// The four kinds of the classic "SGF Parsing" exercise display exactly as
/// the exercise expects: `tree missing`, `tree with no nodes`,
/// `properties without delimiter`, `property must be in uppercase`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The input is empty or does not start with a game tree.
    #[error("tree missing")]
    TreeMissing,
    /// A game tree opened with `(` has no node before its end or its first
    /// variation.
    #[error("tree with no nodes")]
    TreeWithNoNodes,
    /// A property identifier is not followed by a `[value]`.
    #[error("properties without delimiter")]
    PropertiesWithoutDelimiter,
    /// A property identifier contains a lowercase letter.
    #[error("property must be in uppercase")]
    PropertyNotUppercase,
    /// A `[` was never matched by an unescaped `]`.
    #[error("value never closed: missing `]`")]
    UnclosedValue,
    /// The input ends right after an escape character `\`.
    #[error("input ends after an escape character `\\`")]
    EscapeAtEnd,
    /// A game tree was never closed with `)`.
    #[error("game tree never closed: missing `)`")]
    UnclosedTree,
    /// A `(` is not followed by `;`.
    #[error("expected `;` to start a node after `(`, found {}", describe_byte(*.0))]
    MissingNode(u8),
    /// A byte that cannot appear where it stands inside a game tree.
    #[error("unexpected {} in a node: expected a property, `;`, `(` or `)`", describe_byte(*.0))]
    UnexpectedByte(u8),
    /// A node (`;`) follows a variation; nodes must come before variations.
    #[error("node after a variation: `;` cannot follow `)` inside a game tree")]
    NodeAfterVariation,
    /// Something other than whitespace or a game tree follows a game tree.
    #[error("text after the last game tree: found {}", describe_byte(*.0))]
    TrailingText(u8),
    /// Game trees nest deeper than [`Limits::max_depth`](crate::Limits).
    #[error("game trees nested deeper than the limit of {0}")]
    TooDeep(u32),
    /// A value is longer than [`Limits::max_value_len`](crate::Limits).
    #[error("value longer than the limit of {0} bytes")]
    ValueTooLong(usize),
    /// A property identifier is longer than
    /// [`Limits::max_ident_len`](crate::Limits).
    #[error("property identifier longer than the limit of {0} letters")]
    IdentifierTooLong(usize),
    /// Whitespace inside a property (before its first value, between or
    /// after its values) runs longer than
    /// [`Limits::max_value_len`](crate::Limits).
    #[error("whitespace inside a property longer than the limit of {0} bytes")]
    SpaceTooLong(usize),
    /// A node has more properties than
    /// [`Limits::max_properties_per_node`](crate::Limits).
    #[error("node with more properties than the limit of {0}")]
    TooManyProperties(u32),
    /// A property has more values than
    /// [`Limits::max_values_per_property`](crate::Limits).
    #[error("property with more values than the limit of {0}")]
    TooManyValues(u32),
    /// Reading the input failed; the [`Error`]'s
    /// [source](std::error::Error::source) is the [`io::Error`].
    #[error("read failed: {0}")]
    Io(io::ErrorKind),
    /// Well-formed SGF that a tree cannot hold (a property repeated in
    /// a node, a value that is not UTF-8, ...): found by a tree builder,
    /// not by the reader.
    #[error(transparent)]
    Tree(#[from] TreeErrorKind),
    /// A record in another format (GIB, NGF, UGF/UGI) that cannot be
    /// read: found by its reader in `sgf_stream::formats`, and
    /// placed in the record's own lines.
    #[error(transparent)]
    Format(#[from] FormatErrorKind),
}

/// What makes a record in another format (GIB, NGF, UGF/UGI: see
/// `sgf_stream::formats`) unreadable.
///
/// ```
/// use sgf_stream::formats::{self, Format, FormatErrorKind};
/// use sgf_stream::ErrorKind;
/// let err = formats::to_sgf(Format::Gib, b"\\HS\n\\[GAMEBLACKNAME=a\\]\n").unwrap_err();
/// assert_eq!(err.kind(), &ErrorKind::Format(FormatErrorKind::HeaderCutShort("GIB")));
/// assert!(err.is_eof());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum FormatErrorKind {
    /// The input lacks what every record of the format has: not a record
    /// of this format.
    #[error("not a {format} record: {missing} not found")]
    NotThisFormat {
        /// The format: `GIB`, `NGF`, `UGF`.
        format: &'static str,
        /// What is missing, e.g. the `\HS` line.
        missing: &'static str,
    },
    /// The record ends inside its header, before its moves.
    #[error("{0} record ends inside its header")]
    HeaderCutShort(&'static str),
    /// A line that breaks the format's rules; what was expected there.
    #[error("malformed line: expected {0}")]
    Malformed(&'static str),
    /// A header value that the game cannot be read without (the board
    /// size, the handicap), not understood.
    #[error("cannot read {field} `{value}`")]
    BadValue {
        /// The field, as the format names it.
        field: &'static str,
        /// The value, as written.
        value: String,
    },
    /// A move or stone off the board.
    #[error("point ({col}, {row}) is off the board of {size} lines")]
    OffBoard {
        /// The column, from 0 at the left.
        col: i64,
        /// The row, from 0 at the top.
        row: i64,
        /// The board's side.
        size: u8,
    },
    /// The input is SGF: it needs no conversion.
    #[error("the input is SGF: read it as SGF")]
    AlreadySgf,
}

/// What a tree builder refuses in well-formed SGF.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TreeErrorKind {
    /// `parse` reads one game tree, and another one follows it.
    #[error("more than one game tree: use parse_collection to read them all")]
    ExtraGameTree,
    /// One node names the same property twice.
    #[error("property `{0}` repeated in one node")]
    RepeatedProperty(String),
    /// A value is not valid UTF-8 (the tree builder decodes values as UTF-8).
    #[error("value is not valid UTF-8")]
    InvalidUtf8,
    /// An input too large for a [`CompactTree`](crate::CompactTree),
    /// which indexes up to 2 GiB.
    #[error("input of {0} bytes is too large: a compact tree holds less than 2 GiB")]
    InputTooLarge(u64),
    /// A game larger than an [`SgfTree`](crate::SgfTree) holds: over
    /// 4 GiB of text, over 16 million values in one property, or an
    /// identifier over 255 bytes.
    #[error(
        "game tree too large for an SgfTree: over 4 GiB of text, 16 million values in a property or an identifier of 255 bytes"
    )]
    GameTooLarge,
}

fn describe_byte(byte: u8) -> String {
    if byte.is_ascii_graphic() {
        format!("`{}`", byte as char)
    } else {
        format!("byte 0x{byte:02x}")
    }
}

/// An error with the position where it was found.
///
/// ```
/// let err = sgf_stream::parse("(;A[b]\n;C[d").unwrap_err();
/// assert_eq!(err.kind().to_string(), "value never closed: missing `]`");
/// assert_eq!((err.line(), err.column(), err.offset()), (2, 3, 9));
/// assert_eq!(
///     err.to_string(),
///     "value never closed: missing `]` at line 2, column 3 (byte 9)"
/// );
/// ```
///
/// A failed read ([`ErrorKind::Io`]) keeps its [`io::Error`], which is
/// the error's [`source`](std::error::Error::source):
///
/// ```
/// use std::error::Error as _;
/// use std::io;
///
/// struct Broken;
/// impl io::Read for Broken {
///     fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
///         Err(io::Error::new(io::ErrorKind::ConnectionReset, "gone"))
///     }
/// }
/// let err = sgf_stream::games(Broken).next().unwrap().unwrap_err();
/// let source = err.source().unwrap().downcast_ref::<io::Error>().unwrap();
/// assert_eq!(source.kind(), io::ErrorKind::ConnectionReset);
/// assert_eq!(source.to_string(), "gone");
/// ```
#[derive(Debug, Clone)]
pub struct Error {
    kind: ErrorKind,
    position: Position,
    /// The error of a failed read, shared so that the error is `Clone`.
    io: Option<Arc<io::Error>>,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at {}", self.kind, self.position)
    }
}

impl std::error::Error for Error {
    /// The [`io::Error`] of a failed read, itself (not the `Arc` that
    /// shares it).
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        let io: &io::Error = self.io.as_deref()?;
        Some(io)
    }
}

impl PartialEq for Error {
    /// Errors are equal when their kinds and positions are.
    fn eq(&self, other: &Self) -> bool {
        self.kind == other.kind && self.position == other.position
    }
}

impl Eq for Error {}

impl Error {
    /// An error of `kind` at `position`.
    pub fn new(kind: ErrorKind, position: Position) -> Error {
        Error {
            kind,
            position,
            io: None,
        }
    }

    /// A failed read at `position`, keeping the [`io::Error`] as the
    /// source.
    #[cold]
    pub(crate) fn io(err: io::Error, position: Position) -> Error {
        Error {
            kind: ErrorKind::Io(err.kind()),
            position,
            io: Some(Arc::new(err)),
        }
    }

    /// The [`io::Error`] of a failed read ([`ErrorKind::Io`]).
    pub fn io_error(&self) -> Option<&io::Error> {
        self.io.as_deref()
    }

    /// What went wrong.
    pub fn kind(&self) -> &ErrorKind {
        &self.kind
    }

    /// Where it went wrong.
    pub fn position(&self) -> Position {
        self.position
    }

    position_accessors!();

    /// Whether the input ended too early (a truncated file or stream).
    pub fn is_eof(&self) -> bool {
        matches!(
            self.kind,
            ErrorKind::UnclosedValue
                | ErrorKind::EscapeAtEnd
                | ErrorKind::UnclosedTree
                | ErrorKind::Format(FormatErrorKind::HeaderCutShort(_))
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::XorShift;

    #[test]
    fn crlf_split_between_pieces_counts_once() {
        let mut whole = LineCounter::default();
        whole.advance(b"ab\r\ncd\re\nf");
        let mut split = LineCounter::default();
        for piece in [&b"ab\r"[..], b"\ncd\r", b"e\n", b"f"] {
            split.advance(piece);
        }
        assert_eq!(whole.position(), split.position());
        assert_eq!(
            whole.position(),
            Position {
                offset: 10,
                line: 4,
                column: 2
            }
        );
    }

    /// Line and column by the rule, one byte at a time.
    fn naive(input: &[u8]) -> Position {
        let (mut line, mut line_start) = (1u32, 0usize);
        for (at, &b) in input.iter().enumerate() {
            let joins = b == b'\n' && at > 0 && input[at - 1] == b'\r';
            if b == b'\r' || (b == b'\n' && !joins) {
                line += 1;
            }
            if b == b'\r' || b == b'\n' {
                line_start = at + 1;
            }
        }
        let column = (input.len() - line_start + 1) as u32;
        Position {
            offset: input.len() as u64,
            line,
            column,
        }
    }

    #[test]
    fn line_feeds_are_counted_in_runs_of_any_length() {
        for len in [0, 1, 239, 240, 241, 255, 256, 479, 480, 481, 5000] {
            for every in [1, 2, 7, 240, 1000] {
                let input: Vec<u8> = (0..len)
                    .map(|at| if at % every == 0 { b'\n' } else { b'x' })
                    .collect();
                let expected = input.iter().filter(|&&b| b == b'\n').count();
                assert_eq!(count_lf(&input), expected, "{len} bytes, every {every}");
            }
        }
    }

    #[test]
    fn pieces_of_any_size_count_as_the_rule_says() {
        let alphabet = [b'\r', b'\n', b'x'];
        let mut random = XorShift(0x9E37_79B9_7F4A_7C15);
        for _ in 0..3000 {
            let seed = random.step();
            let len = (seed % 40) as usize;
            let input: Vec<u8> = (0..len)
                .map(|i| alphabet[((seed >> (i % 60)) % 3) as usize])
                .collect();
            let chunk = 1 + (seed >> 50) as usize % 7;
            let mut counter = LineCounter::default();
            for piece in input.chunks(chunk) {
                counter.advance(piece);
            }
            assert_eq!(counter.position(), naive(&input), "{input:?} by {chunk}");
        }
    }
}
