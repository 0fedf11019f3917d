//! [`WriteError`]: what the writer refuses to do, and failed writes.

use crate::charset::Charset;

/// Why a [`Writer`](crate::Writer) call failed.
///
/// A misuse (a call in the wrong place, an invalid identifier or value, a
/// character the output charset cannot encode) is found before anything of
/// that call is written: the output stays valid SGF and the writer can go
/// on. After an [`Io`](WriteError::Io) error the output is cut short.
///
/// ```
/// use sgf_stream::{Writer, WriteError};
/// let mut writer = Writer::new(Vec::new());
/// let err = writer.node().unwrap_err();
/// assert!(matches!(err, WriteError::NodeOutsideTree));
/// assert_eq!(err.to_string(), "node outside a game tree: start a game tree (`(`) first");
/// ```
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum WriteError {
    /// `node` with no game tree open.
    #[error("node outside a game tree: start a game tree (`(`) first")]
    NodeOutsideTree,
    /// `node` after a variation of the same game tree was closed: a game
    /// tree's nodes come before its variations.
    #[error("node after a variation: a game tree's nodes must come before its variations")]
    NodeAfterVariation,
    /// `property` with no current node: before any node, right after `(`,
    /// or after a variation was closed.
    #[error("property `{0}` outside a node: start a node (`;`) first")]
    PropertyOutsideNode(String),
    /// A game tree with no node: `()`, or `((`.
    #[error(
        "empty game tree: a game tree needs a node (`;`) before its end or its first variation"
    )]
    EmptyTree,
    /// `end_game_tree` with no game tree open.
    #[error("end of a game tree with none open: unbalanced `)`")]
    NothingToClose,
    /// An identifier that is not one or more uppercase ASCII letters.
    #[error("invalid property identifier {0:?}: expected one or more uppercase letters `A`-`Z`")]
    InvalidIdentifier(String),
    /// A property with no value.
    #[error("property `{0}` has no value: a property needs at least one `[value]`")]
    NoValues(String),
    /// A raw value that would end the value early: an unescaped `]`, or a
    /// lone `\` at its end.
    #[error(
        "raw value of `{ident}` is not escaped: unescaped `]` or final lone `\\` at byte \
         {offset} of the value"
    )]
    UnescapedValue {
        /// The property.
        ident: String,
        /// Where, counted in the raw value.
        offset: usize,
    },
    /// A raw value that is not UTF-8 where it must be: for a legacy output
    /// charset (which re-encodes raw values from UTF-8), and for UTF-8
    /// output in a game whose root `CA` the writer writes (replaced or
    /// added), which labels the game's bytes UTF-8. In the second case
    /// nothing of the game is written.
    #[error("raw value of `{ident}` is not valid UTF-8 at byte {offset}: {charset} output takes raw values as UTF-8 and says so in `CA`")]
    NotUtf8 {
        /// The property.
        ident: String,
        /// Where, counted in the raw value.
        offset: usize,
        /// The output charset.
        charset: Charset,
    },
    /// A character the output charset cannot encode.
    #[error(
        "character {character:?} (U+{:04X}) in `{ident}` cannot be encoded in {charset}",
        u32::from(*.character)
    )]
    Unencodable {
        /// The property.
        ident: String,
        /// The character.
        character: char,
        /// The output charset.
        charset: Charset,
    },
    /// [`into_inner`](crate::Writer::into_inner) with game trees still
    /// open: the output would be cut short.
    #[error("{0} game tree(s) still open: missing `)`")]
    Unclosed(usize),
    /// Writing to the underlying writer failed.
    #[error("write failed: {0}")]
    Io(#[from] std::io::Error),
}
