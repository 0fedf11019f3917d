//! [`NormalizeError`]: why a game-information value has no normalised
//! form.

/// Why a normalised value (a [`Rank`](super::Rank), an
/// [`Outcome`](super::Outcome), a komi, a handicap, [`Dates`](super::Dates),
/// a time limit or an [`Overtime`](super::Overtime)) could not be read from
/// what a file writes.
///
/// These errors are about one property value, not the file: the value is
/// all there is to point at, so they carry no position. The reader's
/// errors ([`Error`](crate::Error)) say where in the file a value is.
///
/// ```
/// use sgf_stream::game::{NormalizeError, Rank};
/// assert_eq!(Rank::parse(""), Err(NormalizeError::Empty));
/// assert_eq!(Rank::parse("?"), Err(NormalizeError::Unknown));
/// assert_eq!(Rank::parse("31k"), Err(NormalizeError::OutOfRange));
/// assert_eq!(Rank::parse("1500"), Err(NormalizeError::Unreadable));
/// assert_eq!(NormalizeError::OutOfRange.to_string(), "value out of range");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum NormalizeError {
    /// The game has no such property (or, read from a
    /// [`GameInfo`](super::GameInfo), a number property whose value did
    /// not decode).
    #[error("property absent")]
    Missing,
    /// The value is empty or only white space.
    #[error("empty value")]
    Empty,
    /// The value says it is not known: `?`, `-`, `UR` (unranked).
    #[error("value marked as unknown")]
    Unknown,
    /// A form that is read, with a number out of its range: `31k`, `10d`,
    /// `2017-13-01`, a negative handicap.
    #[error("value out of range")]
    OutOfRange,
    /// Not a form that is read.
    #[error("value in no form this library reads")]
    Unreadable,
}
