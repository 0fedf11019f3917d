//! Scalar values: None, Number, Real, Double and Color.

use std::borrow::Cow;
use std::fmt;

use super::error::{ValueError, ValueErrorKind};

/// The value with escapes and soft line breaks removed; borrows when it
/// has no `\`. Non-text values rarely hold one, but `\` + any character
/// means that character in every value type.
pub(crate) fn unescaped(raw: &[u8]) -> Cow<'_, [u8]> {
    crate::lex::remove_escapes(raw)
}

/// Checks a None value: it must be empty.
///
/// # Errors
/// [`ValueErrorKind::NotEmpty`].
///
/// ```
/// use sgf_stream::typed::none;
/// assert!(none(b"").is_ok());
/// assert!(none(b"x").is_err());
/// ```
pub fn none(raw: &[u8]) -> Result<(), ValueError> {
    if raw.is_empty() {
        Ok(())
    } else {
        Err(ValueError::new(ValueErrorKind::NotEmpty, 0))
    }
}

/// The length of `[+-]?digits` at the start of `raw`, and of its digits.
fn integer_len(raw: &[u8]) -> (usize, usize) {
    let sign = usize::from(matches!(raw.first(), Some(b'+' | b'-')));
    let digits = raw[sign..]
        .iter()
        .take_while(|b| b.is_ascii_digit())
        .count();
    (sign + digits, digits)
}

/// Decodes a Number: `[+-]?digits`, exactly (no spaces).
///
/// # Errors
/// [`ValueErrorKind::Number`] with the offset of the first bad byte;
/// [`ValueErrorKind::NumberRange`] past `i64`.
///
/// ```
/// use sgf_stream::typed::number;
/// assert_eq!(number(b"19")?, 19);
/// assert_eq!(number(b"+3")?, 3);
/// assert_eq!(number(b"-007")?, -7);
/// assert!(number(b"").is_err());
/// assert!(number(b"1.5").is_err());
/// assert!(number(b" 1").is_err());
/// # Ok::<(), sgf_stream::typed::ValueError>(())
/// ```
pub fn number(raw: &[u8]) -> Result<i64, ValueError> {
    let raw = unescaped(raw);
    let (len, digits) = integer_len(&raw);
    if digits == 0 || len != raw.len() {
        let at = if digits == 0 { len.min(raw.len()) } else { len };
        return Err(ValueError::new(ValueErrorKind::Number, at));
    }
    let text = std::str::from_utf8(&raw).expect("checked ASCII");
    text.parse()
        .map_err(|_| ValueError::new(ValueErrorKind::NumberRange, 0))
}

/// A Number, or (loosely) a Real rounded down: `HA[7.5]` is 7, as
/// mainstream editors read it.
pub(crate) fn number_with(raw: &[u8], loose: bool) -> Result<i64, ValueError> {
    match number(raw) {
        Err(err) if loose && err.kind == ValueErrorKind::Number => {
            let floored = real_with(raw, true).map_err(|_| err)?.floor();
            if floored.abs() < 9.0e18 {
                Ok(floored as i64)
            } else {
                Err(ValueError::new(ValueErrorKind::NumberRange, 0))
            }
        }
        decoded => decoded,
    }
}

/// Decodes a Real: a Number with an optional fraction, `[+-]?d+(.d+)?`.
///
/// As the spec says, `.5` and `5.` are not Reals (a lenient
/// [`Decoder`](super::Decoder) accepts them).
///
/// # Errors
/// [`ValueErrorKind::Real`] with the offset of the first bad byte.
///
/// ```
/// use sgf_stream::typed::real;
/// assert_eq!(real(b"-59.5")?, -59.5);
/// assert_eq!(real(b"+1.5")?, 1.5);
/// assert_eq!(real(b"120")?, 120.0);
/// assert!(real(b".5").is_err());
/// assert!(real(b"5.").is_err());
/// assert!(real(b"1e3").is_err());
/// # Ok::<(), sgf_stream::typed::ValueError>(())
/// ```
pub fn real(raw: &[u8]) -> Result<f64, ValueError> {
    real_with(raw, false)
}

/// A Real; `loose` also accepts a missing integer or fraction part
/// (`.5`, `5.`) and a comma as the decimal separator.
pub(crate) fn real_with(raw: &[u8], loose: bool) -> Result<f64, ValueError> {
    let raw = unescaped(raw);
    let bad = |at: usize| Err(ValueError::new(ValueErrorKind::Real, at));
    let (int_len, int_digits) = integer_len(&raw);
    let mut end = int_len;
    let mut frac_digits = 0;
    if matches!(raw.get(end), Some(b'.') | Some(b',') if loose || raw[end] == b'.') {
        frac_digits = raw[end + 1..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        if frac_digits == 0 && !loose {
            return bad(end + 1);
        }
        end += 1 + frac_digits;
    }
    if int_digits == 0 && (frac_digits == 0 || !loose) {
        return bad(int_len.min(raw.len()));
    }
    if end != raw.len() {
        return bad(end);
    }
    // Checked above: a sign, digits and at most one `.` or `,`, all ASCII.
    let Ok(text) = std::str::from_utf8(&raw) else {
        return bad(0);
    };
    let text = text.strip_suffix(['.', ',']).unwrap_or(text);
    let parsed = match text.contains(',') {
        false => text.parse(),
        true => text.replace(',', ".").parse(),
    };
    parsed.or_else(|_| bad(0))
}

/// A Double: `1` normal or `2` emphasized, as in `GB[2]` (very good for
/// Black).
///
/// ```
/// use sgf_stream::typed::Double;
/// assert_eq!(Double::decode(b"2")?, Double::Emphasized);
/// assert_eq!(Double::Normal.to_string(), "1");
/// assert!(Double::decode(b"3").is_err());
/// # Ok::<(), sgf_stream::typed::ValueError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Double {
    /// `1`.
    Normal,
    /// `2`.
    Emphasized,
}

impl Double {
    /// Decodes `1` or `2`.
    ///
    /// # Errors
    /// [`ValueErrorKind::Double`].
    pub fn decode(raw: &[u8]) -> Result<Double, ValueError> {
        match &*unescaped(raw) {
            b"1" => Ok(Double::Normal),
            b"2" => Ok(Double::Emphasized),
            _ => Err(ValueError::new(ValueErrorKind::Double, 0)),
        }
    }
}

impl fmt::Display for Double {
    /// `1` or `2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Double::Normal => "1",
            Double::Emphasized => "2",
        })
    }
}

/// A player's color: `B` or `W`.
///
/// ```
/// use sgf_stream::typed::Color;
/// assert_eq!(Color::decode(b"W")?, Color::White);
/// assert_eq!(Color::White.opponent(), Color::Black);
/// assert_eq!(Color::Black.to_string(), "B");
/// # Ok::<(), sgf_stream::typed::ValueError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// Black, `B`.
    Black,
    /// White, `W`.
    White,
}

impl Color {
    /// Decodes `B` or `W`.
    ///
    /// # Errors
    /// [`ValueErrorKind::Color`].
    pub fn decode(raw: &[u8]) -> Result<Color, ValueError> {
        match &*unescaped(raw) {
            b"B" => Ok(Color::Black),
            b"W" => Ok(Color::White),
            _ => Err(ValueError::new(ValueErrorKind::Color, 0)),
        }
    }

    /// The other color.
    pub fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// The move property of this color: `B` or `W`.
    pub fn ident(self) -> &'static str {
        match self {
            Color::Black => "B",
            Color::White => "W",
        }
    }
}

impl fmt::Display for Color {
    /// `B` or `W`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.ident())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unescaped_drops_backslashes_and_soft_breaks() {
        assert_eq!(&*unescaped(b"1\\9"), b"19");
        assert_eq!(&*unescaped(b"1\\\r\n9"), b"19");
        assert_eq!(&*unescaped(b"a\\\\"), b"a\\");
    }

    #[test]
    fn number_errors_point_at_the_bad_byte() {
        assert_eq!(number(b"12x").unwrap_err().offset, 2);
        assert_eq!(number(b"-").unwrap_err().offset, 1);
        assert_eq!(number(b"x").unwrap_err().offset, 0);
        assert_eq!(
            number(b"99999999999999999999").unwrap_err().kind,
            ValueErrorKind::NumberRange
        );
    }

    #[test]
    fn loose_reals() {
        assert_eq!(real_with(b".5", true).unwrap(), 0.5);
        assert_eq!(real_with(b"5.", true).unwrap(), 5.0);
        assert_eq!(real_with(b"6,5", true).unwrap(), 6.5);
        assert!(real_with(b".", true).is_err());
        assert!(real_with(b"6,5", false).is_err());
        assert_eq!(real(b"1.").unwrap_err().offset, 2);
    }
}
