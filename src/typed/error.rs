//! Errors for values that do not fit their type.

use std::fmt;

use crate::error::Position;

/// Why a value does not fit its type.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ValueErrorKind {
    /// A None value (`KO DO IT`) that is not empty.
    #[error("expected an empty value `[]`")]
    NotEmpty,
    /// Not `[+-]?digits`.
    #[error("not a number: expected an optional sign and digits")]
    Number,
    /// A Number too large for an `i64`.
    #[error("number out of range")]
    NumberRange,
    /// Not `[+-]?digits(.digits)?`.
    #[error("not a real number: expected digits with an optional sign and fraction")]
    Real,
    /// Not `1` or `2`.
    #[error("not a double: expected `1` or `2`")]
    Double,
    /// Not `B` or `W`.
    #[error("not a color: expected `B` or `W`")]
    Color,
    /// Not two letters `a`-`z` or `A`-`Z`.
    #[error("not a point: expected two letters `a`-`z` or `A`-`Z`")]
    Point,
    /// A point outside the board (columns, rows).
    #[error("point off the {0}x{1} board")]
    OffBoard(u8, u8),
    /// A compressed rectangle `aa:aa` of a single point.
    #[error("rectangle of one point: write it as a single point")]
    SinglePointRectangle,
    /// A Compose value without an unescaped `:`.
    #[error("expected two values separated by `:`")]
    MissingColon,
    /// `SZ` that is not `n` or `cols:rows` with sides from 1 to 52.
    #[error("not a board size: expected 1 to 52, or columns:rows")]
    BoardSize,
    /// `SZ[19:19]`: a square board written as `cols:rows`.
    #[error("square board written as columns:rows")]
    SquareAsCompose,
    /// A list property with no value (an `[]` where a list is required).
    #[error("empty list: expected at least one value")]
    EmptyList,
    /// An elist's empty value `[]` (the empty list) followed by more
    /// values: by FF\[4\] an elist is a list of points or a single `[]`.
    #[error("values after the empty list `[]`: an elist is points or a single `[]`")]
    ValuesAfterEmptyList,
    /// A property that takes one value has several.
    #[error("more than one value where one is expected")]
    TooManyValues,
    /// Text that is not valid UTF-8.
    #[error("value is not valid UTF-8")]
    Utf8,
}

/// A value that does not fit its type, with the byte in the raw value
/// where the trouble is (0 when it is the whole value).
///
/// ```
/// use sgf_stream::typed::{number, ValueErrorKind};
/// let err = number(b"12x").unwrap_err();
/// assert_eq!(err.kind, ValueErrorKind::Number);
/// assert_eq!(err.to_string(), "not a number: expected an optional sign and digits (byte 2 of the value)");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{kind} (byte {offset} of the value)")]
pub struct ValueError {
    /// What is wrong.
    pub kind: ValueErrorKind,
    /// Where, in bytes from the start of the raw value.
    pub offset: usize,
}

impl ValueError {
    pub(crate) fn new(kind: ValueErrorKind, offset: usize) -> Self {
        ValueError { kind, offset }
    }

    pub(crate) fn shifted(mut self, by: usize) -> Self {
        self.offset += by;
        self
    }
}

/// A value of a property that does not fit its type: which property,
/// which value (from 0), what is wrong, and where.
///
/// In strict decoding it is an error; in lenient decoding a warning, and
/// the value is kept raw. `position` is known when the decoder was given
/// the whole input ([`PropertyError::locate`]).
///
/// ```
/// use sgf_stream::typed::Decoder;
/// let err = Decoder::new().decode_raw("KM", [&b"six"[..]]).unwrap_err();
/// assert_eq!(err.property, "KM");
/// assert_eq!(err.index, 0);
/// assert_eq!(err.to_string(), "`KM` value 0: not a real number: expected digits with an optional sign and fraction (byte 0 of the value)");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct PropertyError {
    /// The property identifier.
    pub property: String,
    /// Which value, from 0.
    pub index: usize,
    /// What is wrong with it.
    pub kind: ValueErrorKind,
    /// Where in the raw value, in bytes.
    pub offset: usize,
    /// Where in the input, when known.
    pub position: Option<Position>,
}

impl PropertyError {
    pub(crate) fn new(property: &str, index: usize, err: ValueError) -> Self {
        PropertyError {
            property: property.to_string(),
            index,
            kind: err.kind,
            offset: err.offset,
            position: None,
        }
    }

    /// Sets [`position`](Self::position) from the whole `input` and the
    /// property's raw values, which must borrow from `input` (as the
    /// values of a [`Parser`](crate::Parser) event do). Values from
    /// elsewhere leave the position unknown.
    ///
    /// ```
    /// use sgf_stream::{Event, Parser, typed::Decoder};
    /// let input = b"(;GM[1]\nKM[6,5])";
    /// let Some(Ok(Event::Property(id, values))) = Parser::new(input).nth(3) else { panic!() };
    /// let err = Decoder::new().decode(id.as_str(), values).unwrap_err().locate(input, values);
    /// let pos = err.position.unwrap();
    /// assert_eq!((pos.line, pos.column, pos.offset), (2, 5, 12));
    /// ```
    pub fn locate(mut self, input: &[u8], values: crate::RawValues<'_>) -> Self {
        let Some(raw) = values.iter().nth(self.index) else {
            return self;
        };
        let start = input.as_ptr() as usize;
        let at = raw.as_bytes().as_ptr() as usize;
        if at >= start && at + raw.as_bytes().len() <= start + input.len() {
            let offset = at - start + self.offset;
            self.position = Some(Position::locate(input, offset));
        }
        self
    }
}

impl fmt::Display for PropertyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}` value {}: {}", self.property, self.index, self.kind)?;
        match self.position {
            Some(pos) => write!(f, " at {pos}"),
            None => write!(f, " (byte {} of the value)", self.offset),
        }
    }
}
