//! [`Date`] and [`Dates`]: when a game was played (`DT`), as precise as
//! the file writes it.

use std::fmt;
use std::str::FromStr;

use super::count::{Scan, Words};
use super::error::NormalizeError;

/// A date as precise as written: a year, a month of a year, or a day.
///
/// Written (`Display`) as `YYYY`, `YYYY-MM` or `YYYY-MM-DD`, which
/// [`parse`](Self::parse) (and `FromStr`) read back. Dates order by year,
/// month, then day, a less precise date before the more precise ones
/// within it (`1996` < `1996-05` < `1996-05-06`).
///
/// ```
/// use sgf_stream::game::Date;
/// let date = Date::new(2017, Some(6), Some(21))?;
/// assert_eq!(date.to_string(), "2017-06-21");
/// assert_eq!((date.year(), date.month(), date.day()), (2017, Some(6), Some(21)));
/// assert_eq!("1996-05".parse::<Date>()?.day(), None);
/// assert!("1996".parse::<Date>()? < date);
/// # Ok::<(), sgf_stream::game::NormalizeError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Date {
    year: u16,
    /// 1 to 12, or 0 when not written.
    month: u8,
    /// 1 to 31, or 0 when not written.
    day: u8,
}

impl Date {
    /// The date of `year` (1 to 9999), `month` (1 to 12) and `day` (a day
    /// of that month); a day needs a month.
    ///
    /// # Errors
    /// [`NormalizeError::OutOfRange`] for a date that does not exist
    /// (`2017-02-29`, year 0, a day without a month).
    ///
    /// ```
    /// use sgf_stream::game::{Date, NormalizeError};
    /// assert_eq!(Date::new(2016, Some(2), Some(29))?.to_string(), "2016-02-29");
    /// assert_eq!(Date::new(1996, None, None)?.to_string(), "1996");
    /// assert_eq!(Date::new(2017, Some(2), Some(29)), Err(NormalizeError::OutOfRange));
    /// # Ok::<(), NormalizeError>(())
    /// ```
    pub fn new(year: u16, month: Option<u8>, day: Option<u8>) -> Result<Date, NormalizeError> {
        let month_ok = month.map_or(day.is_none(), |m| (1..=12).contains(&m));
        let day_ok = match (month, day) {
            (Some(m), Some(d)) => d >= 1 && d <= days_in_month(year, m),
            _ => true,
        };
        if !(1..=9999).contains(&year) || !month_ok || !day_ok {
            return Err(NormalizeError::OutOfRange);
        }
        Ok(Date {
            year,
            month: month.unwrap_or(0),
            day: day.unwrap_or(0),
        })
    }

    /// The year.
    pub fn year(self) -> u16 {
        self.year
    }

    /// The month (1 to 12), if written.
    pub fn month(self) -> Option<u8> {
        (self.month > 0).then_some(self.month)
    }

    /// The day of the month, if written.
    pub fn day(self) -> Option<u8> {
        (self.day > 0).then_some(self.day)
    }

    /// Reads one date as [`Display`](fmt::Display) writes it: `YYYY`,
    /// `YYYY-MM` or `YYYY-MM-DD`, and nothing else ([`Dates::parse`]
    /// reads what `DT` holds).
    ///
    /// # Errors
    /// [`NormalizeError::OutOfRange`] for a date that does not exist,
    /// [`NormalizeError::Unreadable`] for any other form.
    ///
    /// ```
    /// use sgf_stream::game::{Date, NormalizeError};
    /// assert_eq!(Date::parse("1996-05")?.month(), Some(5));
    /// assert_eq!(Date::parse("1996-5"), Err(NormalizeError::Unreadable));
    /// # Ok::<(), NormalizeError>(())
    /// ```
    pub fn parse(text: &str) -> Result<Date, NormalizeError> {
        let bad = NormalizeError::Unreadable;
        let mut numbers = [None::<u16>; 3];
        let mut parts = text.split('-');
        for (slot, width) in numbers.iter_mut().zip([4, 2, 2]) {
            let Some(part) = parts.next() else { break };
            if part.len() != width || !part.bytes().all(|b| b.is_ascii_digit()) {
                return Err(bad);
            }
            *slot = part.parse().ok();
        }
        if parts.next().is_some() {
            return Err(bad);
        }
        let [year, month, day] = numbers;
        Date::new(
            year.ok_or(bad)?,
            month.map(|m| m as u8),
            day.map(|d| d as u8),
        )
    }
}

fn days_in_month(year: u16, month: u8) -> u8 {
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    match month {
        2 if leap => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

impl fmt::Display for Date {
    /// `YYYY`, `YYYY-MM` or `YYYY-MM-DD`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Put together on the stack and written at once: dates are
        // written for every game of a table or a JSON line.
        let mut text = [0u8; 10];
        let digit = |n: u16, place: u16| b'0' + (n / place % 10) as u8;
        for (at, place) in [1000, 100, 10, 1].into_iter().enumerate() {
            text[at] = digit(self.year, place);
        }
        let mut len = 4;
        for part in [self.month, self.day] {
            if part == 0 {
                break;
            }
            text[len] = b'-';
            text[len + 1] = digit(u16::from(part), 10);
            text[len + 2] = digit(u16::from(part), 1);
            len += 3;
        }
        f.write_str(std::str::from_utf8(&text[..len]).map_err(|_| fmt::Error)?)
    }
}

impl FromStr for Date {
    type Err = NormalizeError;

    /// As [`Date::parse`].
    fn from_str(text: &str) -> Result<Date, NormalizeError> {
        Date::parse(text)
    }
}

/// The first and the last date of a game (`DT`), in the order written;
/// the same date twice for a game of one date.
///
/// ```
/// use sgf_stream::game::Dates;
/// let dates = Dates::parse("1996-12-27,28,1997-01-03,04")?;
/// assert_eq!((dates.first().to_string(), dates.last().to_string()), ("1996-12-27".into(), "1997-01-04".into()));
/// # Ok::<(), sgf_stream::game::NormalizeError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Dates {
    first: Date,
    last: Date,
}

impl Dates {
    /// The first date written.
    pub fn first(self) -> Date {
        self.first
    }

    /// The last date written (the first, if there is one).
    pub fn last(self) -> Date {
        self.last
    }

    /// Reads the dates of `DT` as files write them:
    /// - FF\[4\]: `YYYY-MM-DD`, `YYYY-MM`, `YYYY`, in a list separated by
    ///   commas, where a date may leave out what it shares with the one
    ///   before: `1996-05-06,07,08` (days), `1996-05,06` (months),
    ///   `1996-12-27,28,1997-01-03,04`, `1996-05-06,06-01` (month and day);
    /// - a range with `~`: `1915-03-09~11`, `2001-12-30~2002-01-02`;
    /// - `.` or `/` for `-` and months and days of one digit
    ///   (`2017.06.21`, `2015/10/28`, `2008-6-23`), or `年`, `月`, `日`
    ///   (`2017年6月21日`, also `년`, `월`, `일`);
    /// - a time after the date, dropped: `2017.06.21 21:45`,
    ///   `2016-12-29 19:01:34`, ISO 8601 `2017-04-04T09:59:32.868+00:00`;
    /// - notes in parentheses, dropped: `1941-06-25 (昭和16年)`;
    /// - day first with dots: `21.06.2017` (`DD.MM.YYYY`). Other orders
    ///   (`06/21/2017`) are not read: they cannot be told apart.
    ///
    /// # Errors
    /// [`NormalizeError::Empty`] for an empty value,
    /// [`NormalizeError::Unknown`] for `?`,
    /// [`NormalizeError::OutOfRange`] for a date that does not exist
    /// (`2017-02-30`), [`NormalizeError::Unreadable`] for anything else,
    /// including a list with one date that is not read.
    ///
    /// ```
    /// use sgf_stream::game::Dates;
    /// let read = |text| Dates::parse(text).map(|d| (d.first().to_string(), d.last().to_string()));
    /// assert_eq!(read("1996-05,06"), Ok(("1996-05".into(), "1996-06".into())));
    /// assert_eq!(read("2017.06.21 21:45"), Ok(("2017-06-21".into(), "2017-06-21".into())));
    /// assert_eq!(read("1915-03-09~11"), Ok(("1915-03-09".into(), "1915-03-11".into())));
    /// assert_eq!(read("21.06.2017"), Ok(("2017-06-21".into(), "2017-06-21".into())));
    /// assert!(read("yesterday").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<Dates, NormalizeError> {
        let text = text.trim();
        match text {
            "" => return Err(NormalizeError::Empty),
            "?" => return Err(NormalizeError::Unknown),
            _ => {}
        }
        let mut found: Option<Dates> = None;
        for item in text.split([',', '，', '、', '~', '～']) {
            let mut scan = Scan::new(item);
            skip_notes(&mut scan);
            if scan.is_done() {
                continue;
            }
            let before = found.map(|dates| dates.last);
            let date = read_date(&mut scan, before)?;
            found = Some(Dates {
                first: found.map_or(date, |dates| dates.first),
                last: date,
            });
        }
        found.ok_or(NormalizeError::Unreadable)
    }
}

/// Skips space and notes in parentheses.
fn skip_notes(scan: &mut Scan<'_>) {
    loop {
        scan.skip_space();
        let Some(close) = (match scan.peek() {
            Some('(') => Some(')'),
            Some('（') => Some('）'),
            _ => None,
        }) else {
            return;
        };
        let rest = scan.rest();
        let end = rest
            .find(close)
            .map_or(rest.len(), |at| at + close.len_utf8());
        *scan = Scan::new(&rest[end..]);
    }
}

/// Numbers of a date and what separated them.
#[derive(Debug, Default)]
struct Parts {
    /// Each number and how many digits it had.
    numbers: [(u32, usize); 3],
    count: usize,
    /// The separator, or `年` for the CJK form.
    separator: char,
}

/// One date of a list; `before` is the date before it, for the
/// shortcuts.
fn read_date(scan: &mut Scan<'_>, before: Option<Date>) -> Result<Date, NormalizeError> {
    let parts = read_parts(scan).ok_or(NormalizeError::Unreadable)?;
    skip_time(scan);
    skip_notes(scan);
    if !scan.is_done() {
        return Err(NormalizeError::Unreadable);
    }
    let number = |at: usize| parts.numbers[at].0;
    let small = |n: u32| u8::try_from(n).map_err(|_| NormalizeError::OutOfRange);
    let [(_, first_width), _, (_, last_width)] = parts.numbers;
    match (parts.count, first_width) {
        (count, 4) => {
            let month = (count > 1).then(|| small(number(1))).transpose()?;
            let day = (count > 2).then(|| small(number(2))).transpose()?;
            Date::new(number(0) as u16, month, day)
        }
        (3, 1 | 2) if last_width == 4 && parts.separator == '.' => Date::new(
            number(2) as u16,
            Some(small(number(1))?),
            Some(small(number(0))?),
        ),
        (count @ (1 | 2), 1 | 2) if parts.separator != '年' => {
            shortcut(before, small(number(0))?, count == 2, small(number(1))?)
        }
        _ => Err(NormalizeError::Unreadable),
    }
}

/// A date that leaves out what it shares with `before`: a day (`07`
/// after `1996-05-06`), a month (`06` after `1996-05`), or a month and
/// a day (`06-01` after `1996-05-06`).
fn shortcut(
    before: Option<Date>,
    first: u8,
    two: bool,
    second: u8,
) -> Result<Date, NormalizeError> {
    let before = before.ok_or(NormalizeError::Unreadable)?;
    match (before.month(), before.day(), two) {
        (Some(month), Some(_), false) => Date::new(before.year, Some(month), Some(first)),
        (Some(_), Some(_), true) => Date::new(before.year, Some(first), Some(second)),
        (Some(_), None, false) => Date::new(before.year, Some(first), None),
        _ => Err(NormalizeError::Unreadable),
    }
}

/// Up to three numbers separated by one of `-`, `.`, `/`, or followed by
/// `年`, `月`, `日` (`년`, `월`, `일`).
fn read_parts(scan: &mut Scan<'_>) -> Option<Parts> {
    const UNITS: Words<usize> = Words::new(&[
        ("年", 1),
        ("년", 1),
        ("月", 2),
        ("월", 2),
        ("日", 3),
        ("일", 3),
    ]);
    let mut parts = Parts::default();
    loop {
        let (value, width) = scan.digits()?;
        parts.numbers[parts.count] = (u32::try_from(value).ok()?, width);
        parts.count += 1;
        if let Some(place) = scan.eat_any(&UNITS) {
            // 年 after the first number, 月 after the second, 日 last.
            let cjk = parts.count == 1 || parts.separator == '年';
            if place != parts.count || !cjk {
                return None;
            }
            parts.separator = '年';
            scan.skip_space();
            if parts.count == 3 || !scan.peek().is_some_and(|c| c.is_ascii_digit()) {
                return Some(parts);
            }
        } else if parts.separator == '年' {
            return None;
        } else if parts.count == 3 || !next_separator(scan, &mut parts) {
            return Some(parts);
        }
    }
}

/// Takes the separator after a number if a number follows it, keeping
/// one separator for the whole date.
fn next_separator(scan: &mut Scan<'_>, parts: &mut Parts) -> bool {
    let mut probe = *scan;
    let Some(separator) = probe.eat_char(|c| matches!(c, '-' | '.' | '/')) else {
        return false;
    };
    let same = parts.count == 1 || parts.separator == separator;
    if !same || !probe.peek().is_some_and(|c| c.is_ascii_digit()) {
        return false;
    }
    parts.separator = separator;
    *scan = probe;
    true
}

/// Skips a time of day after a date: `21:45`, `19:01:34`, ISO 8601's
/// `T09:59:32.868979037+00:00`, `Z`.
fn skip_time(scan: &mut Scan<'_>) {
    let mut probe = *scan;
    let spaced = probe.rest().starts_with(char::is_whitespace);
    probe.skip_space();
    let t = !spaced && probe.eat_char(|c| c == 'T').is_some();
    if !(spaced || t) || !probe.rest().contains(':') {
        return;
    }
    probe.skip_while(|c| c.is_ascii_digit() || matches!(c, ':' | '.' | '+' | '-' | 'Z'));
    *scan = probe;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_written_with_four_digit_years_and_two_digit_parts() {
        let cases = [
            ((1, None, None), "0001"),
            ((999, Some(1), None), "0999-01"),
            ((1996, Some(5), Some(6)), "1996-05-06"),
            ((9999, Some(12), Some(31)), "9999-12-31"),
            ((2016, Some(2), Some(29)), "2016-02-29"),
        ];
        for ((year, month, day), text) in cases {
            let date = Date::new(year, month, day).unwrap();
            assert_eq!(date.to_string(), text);
            assert_eq!(Date::parse(text), Ok(date));
        }
    }
}
