//! [`Warning`]: what lenient parsing repaired, skipped or guessed, and
//! where.

use std::fmt;
use std::ops::Range;

use crate::error::{position_accessors, ErrorKind, Position};

/// What a lenient parse repaired, skipped or guessed.
///
/// Every kind that removes bytes from the result says which ones in the
/// warning's [`range`](Warning::range); nothing is dropped silently.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum WarningKind {
    /// Bytes that are not SGF were skipped: text before the first game
    /// tree (mail headers), between or after game trees, or junk inside a
    /// node. The range names them.
    #[error("skipped text that is not SGF")]
    SkippedText,
    /// A `)` that closes no game tree was skipped.
    #[error("skipped `)` that closes no game tree")]
    UnmatchedClose,
    /// The input ended inside this many open game trees and variations;
    /// they were closed there.
    #[error("input ended inside {0} open game tree(s): closed them")]
    MissingClose(u32),
    /// A game tree was never closed and the next game follows inside it: a
    /// `(` at its top level opens a node with a root property (`GM`, `FF`,
    /// `SZ`, `CA`, `AP`, `ST`) and no later `)` closes the game. The game
    /// was closed at the warning's position, where its `)` is missing, and
    /// that `(` starts the next game.
    #[error("game tree not closed before the next game: closed it")]
    UnclosedGame,
    /// A `(` is not followed by `;`: a `;` was supplied before the byte at
    /// the warning's position.
    #[error("`(` not followed by `;`: supplied the missing `;`")]
    MissingNode,
    /// `()`: a game tree with no node was dropped.
    #[error("dropped an empty game tree `()`")]
    EmptyGameTree,
    /// `((`: a `(` directly followed by another `(` was dropped together
    /// with its matching `)`, so the inner trees take its place.
    #[error("dropped a redundant `(` that holds no node")]
    RedundantParenthesis,
    /// A `;` follows a variation's `)`: a `(` was supplied so those nodes
    /// form one more variation.
    #[error("node after a variation: supplied `(` to make it a variation")]
    NodeAfterVariation,
    /// A legacy (FF\[1\]–FF\[3\]) identifier with lowercase letters: they were
    /// dropped (`AddBlack` is read as `AB`).
    #[error("identifier `{found}` has lowercase letters: read as `{used}`")]
    LowercaseIdentifier {
        /// The identifier as written.
        found: String,
        /// The identifier used: its uppercase letters.
        used: String,
    },
    /// A property was dropped (range): its identifier has no uppercase
    /// letter, or it has no value (`PL;`).
    #[error("dropped property `{0}`: no uppercase letter or no value")]
    DroppedProperty(String),
    /// An unescaped `]` ended a value too early; the parser resynchronised
    /// at a later `]`. The range holds the rest of the value, from the
    /// stray `]`: the tree keeps it as text, events end the value at the
    /// stray `]`.
    #[error("unescaped `]` inside a value: kept it as text")]
    UnescapedBracket,
    /// A value was never closed: it runs to the end of the input (range).
    #[error("value never closed: closed it at the end of the input")]
    UnclosedValue,
    /// One node repeats a property; the values were merged (see
    /// the lenient tree builder, `build::TreeBuilder::lenient`).
    #[error("property `{0}` repeated in one node: merged the values")]
    MergedProperty(String),
    /// One node repeats a single-valued property; the repeat (range) was
    /// dropped and the first one kept.
    #[error("property `{0}` repeated in one node: kept the first")]
    DroppedRepeat(String),
    /// Bytes that are invalid in the file's charset were replaced with
    /// U+FFFD.
    #[error("invalid {0} bytes replaced with U+FFFD")]
    InvalidBytes(&'static str),
    /// A game tree could not be repaired (the error says why); all of it
    /// (range) was skipped and parsing went on with the next game tree.
    #[error("skipped a game tree that cannot be repaired: {0}")]
    SkippedGameTree(ErrorKind),
    /// The input holds no game tree at all.
    #[error("no game tree found")]
    NoGameTree,
    /// `CA` names a charset this library does not know; it was ignored.
    #[error("unknown charset `{0}` in CA: ignored it")]
    UnknownCharset(String),
    /// A line of a record in another format (see
    /// `sgf_stream::formats`) that its reader does not understand
    /// was skipped (range).
    #[error("skipped a line of the record that is not understood")]
    SkippedLine,
    /// A header value of a record in another format was not understood
    /// (range): the game goes without it.
    #[error("could not read {field} `{value}`: left it out")]
    UnreadValue {
        /// The field, as the format names it.
        field: &'static str,
        /// The value, as written.
        value: String,
    },
    /// A record in another format ends early: no end mark, a line cut
    /// short, or fewer moves than it announces. The moves it has were
    /// read.
    #[error("the record ends early: read the moves it has")]
    RecordCutShort,
    /// `CA` does not match the bytes; another charset was used.
    #[error("CA says `{declared}` but the bytes are {used}: read them as {used}")]
    CharsetMismatch {
        /// The `CA` value.
        declared: String,
        /// The charset used instead.
        used: &'static str,
    },
}

/// One repair, skip or guess of a lenient parse: its kind, where it
/// happened, and the bytes it concerns.
///
/// Offsets count bytes of the input as given (before any charset
/// conversion), from 0.
///
/// ```
/// use sgf_stream::{ReaderBuilder, WarningKind};
/// let parsed = ReaderBuilder::new()
///     .lenient(true)
///     .read_collection(b"From: a friend\n\n(;GM[1];B[pd])")?;
/// assert_eq!(parsed.trees.len(), 1);
/// let warning = &parsed.warnings[0];
/// assert_eq!(warning.kind(), &WarningKind::SkippedText);
/// assert_eq!(warning.range(), 0..16);
/// assert_eq!((warning.line(), warning.column()), (1, 1));
/// # Ok::<(), sgf_stream::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Warning {
    kind: WarningKind,
    position: Position,
    range: Range<u64>,
}

impl Warning {
    /// A warning of `kind` at `position`, concerning the bytes `range`.
    pub fn new(kind: WarningKind, position: Position, range: Range<u64>) -> Warning {
        Warning {
            kind,
            position,
            range,
        }
    }

    /// What was repaired, skipped or guessed.
    pub fn kind(&self) -> &WarningKind {
        &self.kind
    }

    /// Where: the start of [`range`](Self::range) for skipped bytes, the
    /// offending byte otherwise.
    pub fn position(&self) -> Position {
        self.position
    }

    /// The bytes concerned (skipped, dropped or replaced); empty when
    /// something was supplied.
    pub fn range(&self) -> Range<u64> {
        self.range.clone()
    }

    position_accessors!();

    pub(crate) fn set_place(&mut self, position: Position, range: Range<u64>) {
        self.position = position;
        self.range = range;
    }
}

impl fmt::Display for Warning {
    /// `skipped text that is not SGF at line 1, column 1 (byte 0), bytes 0..16`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at {}", self.kind, self.position)?;
        if !self.range.is_empty() {
            write!(f, ", bytes {}..{}", self.range.start, self.range.end)?;
        }
        Ok(())
    }
}
