//! [`CharsetReport`]: which charset a game was read in, and why.

use super::Charset;

/// How the charset of a game was chosen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum CharsetSource {
    /// The game's `CA` property names it, and the bytes agree.
    Declared,
    /// A byte order mark at the start of the input.
    ByteOrderMark,
    /// Guessed from the bytes: `CA` is absent, unknown or wrong.
    Detected,
    /// No usable `CA`, and the bytes are valid UTF-8: UTF-8.
    Default,
    /// Named by the caller ([`CharsetMode::Fixed`](super::CharsetMode::Fixed)).
    Given,
}

/// Which charset a game was read in, and why.
///
/// ```
/// use sgf_stream::charset::{CharsetSource};
/// use sgf_stream::read::{decode_to_utf8};
/// let (text, report) = decode_to_utf8(b"\xEF\xBB\xBF(;CA[UTF-8]C[ok])");
/// assert_eq!(&text[..], b"(;CA[UTF-8]C[ok])");
/// assert_eq!(report.charset, "UTF-8");
/// assert_eq!(report.source, CharsetSource::ByteOrderMark);
/// assert_eq!(report.declared.as_deref(), Some("UTF-8"));
/// assert!(!report.transcoded);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct CharsetReport {
    /// The charset used. It compares equal to its name: `UTF-8`,
    /// `Shift_JIS`, `GB18030`, `Big5`, `EUC-KR`, `ISO-8859-1`,
    /// `windows-1251`, `UTF-16LE`...
    pub charset: Charset,
    /// How it was chosen.
    pub source: CharsetSource,
    /// The game's `CA` value, as written, if any (for a record in another
    /// format (`sgf_stream::formats`), what its header names: GIB's
    /// `GIBOKIND`, UGF's `Lang`).
    pub declared: Option<String>,
    /// Whether the bytes were converted to UTF-8 before parsing (the
    /// charset is not UTF-8).
    pub transcoded: bool,
}

impl CharsetReport {
    /// A report for `charset`, chosen by `source`.
    pub(crate) fn new(charset: Charset, source: CharsetSource, declared: Option<String>) -> Self {
        CharsetReport {
            charset,
            source,
            declared,
            transcoded: charset != Charset::Utf8,
        }
    }
}

impl Default for CharsetReport {
    /// UTF-8 by default, with no `CA`: what is assumed before any byte
    /// is read.
    fn default() -> Self {
        CharsetReport::new(Charset::Utf8, CharsetSource::Default, None)
    }
}
