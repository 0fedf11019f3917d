//! The compensation a game was played with: komi (`KM`) and handicap
//! (`HA`), read from what files write.

use super::count::{Scan, Words};
use super::error::NormalizeError;

/// Words before a komi that say who gives it: `黑贴`, `黒貼`, `贴`.
const GIVES: Words<()> = Words::new(&[
    ("黑贴", ()),
    ("黑貼", ()),
    ("黒貼", ()),
    ("贴", ()),
    ("貼", ()),
    ("komi", ()),
]);

/// Reads a komi as files write it (`KM`), in points:
/// - a decimal, with `.` or `,` (`6.5`, `7.50`, `6,5`, `-5.5`), and then
///   [`komi_from_real`]'s two rules: Fox's komi ×100 (`750` is 7.5) and
///   counts in stones with a quarter left over (`375` and `3.75` are
///   7.5);
/// - a count: `6目半` (6.5), `半目`, `7目`, `3집반`, in stones at two points
///   each `3又3/4子` (7.5), `2子` (4), after an optional `黑贴`/`贴`
///   (Black gives); or a decimal and `目` (`6.5目`).
///
/// # Errors
/// [`NormalizeError::Empty`] for an empty value,
/// [`NormalizeError::Unreadable`] for anything else (`?`, `none`).
///
/// ```
/// use sgf_stream::game::parse_komi;
/// assert_eq!(parse_komi("6.5"), Ok(6.5));
/// assert_eq!(parse_komi("750"), Ok(7.5));
/// assert_eq!(parse_komi("375"), Ok(7.5));
/// assert_eq!(parse_komi("3又3/4子"), Ok(7.5));
/// assert_eq!(parse_komi("黑贴3又3/4子"), Ok(7.5));
/// assert_eq!(parse_komi("6目半"), Ok(6.5));
/// assert_eq!(parse_komi("0"), Ok(0.0));
/// assert!(parse_komi("six").is_err());
/// ```
pub fn parse_komi(text: &str) -> Result<f64, NormalizeError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(NormalizeError::Empty);
    }
    let mut scan = Scan::new(text);
    scan.eat_any(&GIVES);
    scan.skip_space();
    let negative = scan.eat("-");
    if !negative {
        scan.eat("+");
    }
    let amount = scan.amount().ok_or(NormalizeError::Unreadable)?;
    scan.skip_space();
    if !scan.is_done() {
        return Err(NormalizeError::Unreadable);
    }
    let points = if negative {
        -amount.points
    } else {
        amount.points
    };
    Ok(match amount.bare {
        true => komi_from_real(points),
        false => points,
    })
}

/// A komi from the number written (a Real, as
/// [`GameInfo::komi`](super::GameInfo::komi) holds it), by two rules:
/// - Fox writes komi ×100: an integer of 100 or more (in size) is divided
///   by 100 (`750` is 7.5, `650` 6.5);
/// - a komi with a quarter left over (`3.75`, `2.75`, or `375` after the
///   first rule) is a Chinese count in stones, two points each: 7.5 and
///   5.5 points. (No rules give a komi of a quarter point.)
///
/// Any other number is the komi as written.
///
/// ```
/// use sgf_stream::game::komi_from_real;
/// assert_eq!(komi_from_real(750.0), 7.5);
/// assert_eq!(komi_from_real(375.0), 7.5);
/// assert_eq!(komi_from_real(2.75), 5.5);
/// assert_eq!(komi_from_real(6.5), 6.5);
/// assert_eq!(komi_from_real(-650.0), -6.5);
/// assert_eq!(komi_from_real(100.5), 100.5);
/// ```
pub fn komi_from_real(komi: f64) -> f64 {
    let komi = match komi.abs() >= 100.0 && komi.fract() == 0.0 {
        true => komi / 100.0,
        false => komi,
    };
    let quarter = komi.abs().fract();
    match quarter == 0.25 || quarter == 0.75 {
        true => komi * 2.0,
        false => komi,
    }
}

/// Reads a handicap (`HA`): the integer written (`+` or `-` allowed, as
/// an FF\[4\] Number), surrounding space ignored; 0 and 1 are kept as
/// written (both mean no handicap stones).
///
/// # Errors
/// [`NormalizeError::Empty`] for an empty value,
/// [`NormalizeError::OutOfRange`] for a negative one,
/// [`NormalizeError::Unreadable`] for anything else (`7.5`, `two`).
///
/// ```
/// use sgf_stream::game::{parse_handicap, NormalizeError};
/// assert_eq!(parse_handicap("3"), Ok(3));
/// assert_eq!(parse_handicap(" 0 "), Ok(0));
/// assert_eq!(parse_handicap("7.5"), Err(NormalizeError::Unreadable));
/// assert_eq!(parse_handicap("-2"), Err(NormalizeError::OutOfRange));
/// ```
pub fn parse_handicap(text: &str) -> Result<u32, NormalizeError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(NormalizeError::Empty);
    }
    let number = crate::typed::number(text.as_bytes()).map_err(|_| NormalizeError::Unreadable)?;
    handicap_from_number(number)
}

/// A handicap from the Number decoded (as
/// [`GameInfo::handicap`](super::GameInfo::handicap) holds it).
///
/// # Errors
/// [`NormalizeError::OutOfRange`] below 0 or past `u32`.
pub fn handicap_from_number(handicap: i64) -> Result<u32, NormalizeError> {
    u32::try_from(handicap).map_err(|_| NormalizeError::OutOfRange)
}
