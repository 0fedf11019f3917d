//! Charsets: the one [`Charset`] type for reading and writing, how the
//! charset of each game is decided, and the [`CharsetReport`] saying
//! what was decided.
//!
//! Reading decodes before tokenizing, a game at a time, in bounded
//! memory: the charset stage ([`read::Decoded`](crate::read::Decoded),
//! made by [`ReaderBuilder::from_reader_decoded`](crate::ReaderBuilder::from_reader_decoded))
//! reads the input's bytes, decides each game's charset from a prefix of
//! at most [`DECISION_PREFIX`] bytes, and hands the reader UTF-8. Whole
//! inputs in memory go through the same stage
//! ([`decode_to_utf8`](crate::read::decode_to_utf8),
//! [`DecodedInput`](crate::read::DecodedInput),
//! [`ReaderBuilder::read_collection`](crate::ReaderBuilder::read_collection)).
//!
//! The rules of [`CharsetMode::Auto`] (those of sgfc's default and
//! Sabaki, see the README):
//! - at the start of the input, a byte order mark decides for all of it
//!   (UTF-8, UTF-16LE, UTF-16BE), and so does UTF-16 without a mark,
//!   recognised by a `CA` written in UTF-16 or by its zero bytes;
//! - else each game's first `CA[...]`, if its charset is known and the
//!   bytes agree with it (a `CA[UTF-8]` game with a few cut characters
//!   stays UTF-8; a `CA[UTF-8]` game that is really Shift_JIS does not;
//!   a legacy `CA` stays right when its bytes happen to be valid UTF-8,
//!   unless UTF-8 reads them as clearly more plausible text);
//! - else the charset of the game before, if it reads the bytes cleanly;
//! - else valid UTF-8 is UTF-8;
//! - else the charset is detected (`chardetng`), and checked against the
//!   structure of SGF: double-byte charsets whose second bytes can be `\`
//!   or `]` (Shift_JIS, GBK, Big5) are tried when the guess does not
//!   read.
//!
//! Every other charset is converted to UTF-8 before the machine sees a
//! byte, so such second bytes never fake an escape or the end of a
//! value. Offsets in events, errors and warnings count bytes of the input
//! as given. Without the `encoding` feature input is read as UTF-8.

mod decision;
mod decode;
mod detect;
mod labels;
mod locate;
mod offsets;
mod report;
#[cfg(feature = "encoding")]
mod sample;
mod structure;
#[cfg(feature = "encoding")]
mod utf16;

pub use labels::Charset;
pub use report::{CharsetReport, CharsetSource};

pub(crate) use decode::{Bad, Out, Transcoder};
pub(crate) use detect::{decide, decide_record, names_only_utf8, Decision, Prefix};
pub(crate) use labels::is_utf8_label;
pub(crate) use offsets::{Anchors, Lines};
#[cfg(feature = "encoding")]
pub(crate) use sample::lead;
pub(crate) use structure::tree_open;

/// The most bytes from the start of a game that deciding its charset
/// looks at (and a charset stage reads ahead): 64 KiB.
pub const DECISION_PREFIX: usize = 64 << 10;

/// How a charset stage chooses the charset it decodes.
///
/// ```
/// use sgf_stream::{charset::CharsetMode, Charset, ReaderBuilder};
/// use sgf_stream::charset::{CharsetSource};
/// # #[cfg(feature = "encoding")] {
/// let (sjis, _, _) = encoding_rs::SHIFT_JIS.encode("(;C[表])");
/// let mut reader = ReaderBuilder::new()
///     .charset(CharsetMode::Fixed(Charset::ShiftJis))
///     .from_reader_decoded(&sjis[..]);
/// while reader.next_event()?.is_some() {}
/// assert_eq!(reader.charset_report().charset, Charset::ShiftJis);
/// assert_eq!(reader.charset_report().source, CharsetSource::Given);
/// # }
/// # Ok::<(), sgf_stream::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum CharsetMode {
    /// Each game's charset by the rules of the [module docs](self): a
    /// byte order mark, `CA`, detection. The default; without the
    /// `encoding` feature, the same as [`Utf8`](Self::Utf8).
    #[default]
    Auto,
    /// UTF-8: a UTF-8 byte order mark is cut, the bytes are handed on as
    /// they are, and `CA` is only reported.
    Utf8,
    /// All the input in this charset, whatever `CA` says (its byte order
    /// mark is cut).
    Fixed(Charset),
}
