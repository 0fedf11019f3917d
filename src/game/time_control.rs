//! The time control of a game: the main time (`TM`) and the overtime
//! after it (`OT`), read from what files write.

use super::count::{Scan, Words};
use super::error::NormalizeError;

/// Time units, in seconds, longest first where one starts another.
const UNITS: Words<f64> = Words::new(&[
    ("hours", 3600.0),
    ("hour", 3600.0),
    ("hrs", 3600.0),
    ("hr", 3600.0),
    ("h", 3600.0),
    ("小时", 3600.0),
    ("小時", 3600.0),
    ("時間", 3600.0),
    ("时间", 3600.0),
    ("시간", 3600.0),
    ("minutes", 60.0),
    ("minute", 60.0),
    ("mins", 60.0),
    ("min", 60.0),
    ("m", 60.0),
    ("分钟", 60.0),
    ("分鐘", 60.0),
    ("分", 60.0),
    ("분", 60.0),
    ("seconds", 1.0),
    ("second", 1.0),
    ("secs", 1.0),
    ("sec", 1.0),
    ("s", 1.0),
    ("秒", 1.0),
    ("초", 1.0),
]);

/// Words that change nothing in a time: `each`, `各`, `각`.
const EACH: Words<()> = Words::new(&[("each", ()), ("各", ()), ("각", ())]);

/// Reads a main time (`TM`) in seconds, as files write it:
/// - FF\[4\]: a Real, seconds (`3600`, `1800.5`);
/// - `M:SS` (CGoban 1) and `H:MM:SS`;
/// - numbers with units, summed: `1h`, `90 min`, `1h30m`, `2 hours
///   each`, `1時間30分`, `3小时`, `각 3시간`, `30秒`.
///
/// # Errors
/// [`NormalizeError::Empty`] for an empty value,
/// [`NormalizeError::OutOfRange`] for a negative one,
/// [`NormalizeError::Unreadable`] for anything else.
///
/// ```
/// use sgf_stream::game::parse_time_limit;
/// assert_eq!(parse_time_limit("300"), Ok(300.0));
/// assert_eq!(parse_time_limit("1h30m"), Ok(5400.0));
/// assert_eq!(parse_time_limit("1:30:00"), Ok(5400.0));
/// assert_eq!(parse_time_limit("각 3시간"), Ok(10800.0));
/// assert!(parse_time_limit("long").is_err());
/// ```
pub fn parse_time_limit(text: &str) -> Result<f64, NormalizeError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(NormalizeError::Empty);
    }
    if let Ok(seconds) = crate::typed::real(text.as_bytes()) {
        return time_limit_from_real(seconds);
    }
    clock(text)
        .or_else(|| with_units(text))
        .ok_or(NormalizeError::Unreadable)
}

/// A main time from the Real decoded (as
/// [`GameInfo::time_limit`](super::GameInfo::time_limit) holds it).
///
/// # Errors
/// [`NormalizeError::OutOfRange`] for a negative or infinite one.
pub fn time_limit_from_real(seconds: f64) -> Result<f64, NormalizeError> {
    match seconds >= 0.0 && seconds.is_finite() {
        true => Ok(seconds),
        false => Err(NormalizeError::OutOfRange),
    }
}

/// `M:SS` or `H:MM:SS`.
fn clock(text: &str) -> Option<f64> {
    let mut total = 0u64;
    let mut parts = 0;
    for (at, part) in text.split(':').enumerate() {
        let width_ok = at == 0 && (1..=2).contains(&part.len()) || part.len() == 2;
        if !width_ok || !part.bytes().all(|b| b.is_ascii_digit()) || at > 2 {
            return None;
        }
        let value: u64 = part.parse().ok()?;
        if at > 0 && value >= 60 {
            return None;
        }
        total = total * 60 + value;
        parts += 1;
    }
    // `M:SS` counts minutes and seconds, `H:MM:SS` hours too.
    (parts >= 2).then_some(total as f64)
}

/// Numbers with units, summed: `1h30m`, `90 min each`.
fn with_units(text: &str) -> Option<f64> {
    let mut scan = Scan::new(text);
    let mut total = 0.0;
    let mut terms = 0;
    loop {
        scan.skip_space();
        if scan.eat_any(&EACH).is_some() {
            continue;
        }
        if scan.is_done() {
            return (terms > 0).then_some(total);
        }
        let number = scan.decimal()?;
        scan.skip_space();
        total += number * scan.eat_any(&UNITS)?;
        terms += 1;
    }
}

/// The overtime after the main time (`OT`).
///
/// ```
/// use sgf_stream::game::Overtime;
/// assert_eq!(Overtime::parse("5x30 byo-yomi")?, Overtime::ByoYomi { periods: 5, seconds: 30.0 });
/// assert_eq!(Overtime::parse("25/600 Canadian")?, Overtime::Canadian { moves: 25, seconds: 600.0 });
/// assert_eq!(Overtime::parse("10 Fischer")?, Overtime::Fischer { increment: 10.0 });
/// assert_eq!(Overtime::parse("3次30秒")?, Overtime::ByoYomi { periods: 3, seconds: 30.0 });
/// # Ok::<(), sgf_stream::game::NormalizeError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Overtime {
    /// None: the main time is all (`None`, `absolute`, `sudden death`).
    Absolute,
    /// Japanese byo-yomi: `periods` periods of `seconds` each, a period
    /// used up when a move takes longer.
    ByoYomi {
        /// How many periods.
        periods: u32,
        /// The length of each, in seconds.
        seconds: f64,
    },
    /// Canadian: `moves` moves to play in each period of `seconds`.
    Canadian {
        /// Moves per period.
        moves: u32,
        /// The length of a period, in seconds.
        seconds: f64,
    },
    /// Fischer: `increment` seconds added after each move.
    Fischer {
        /// Seconds added per move.
        increment: f64,
    },
}

/// A word of an overtime.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Word {
    ByoYomi,
    Canadian,
    Fischer,
    Simple,
    /// Periods: `次`, `回`, `번`, `회`, `periods`.
    Times,
    /// Moves: `moves`, `stones`, `手`.
    Moves,
    /// `x`, `×`, `*` between periods and their length.
    By,
    /// `/` between moves and their time.
    Per,
}

const WORDS: Words<Word> = Words::new(&[
    ("byo-yomi", Word::ByoYomi),
    ("byoyomi", Word::ByoYomi),
    ("byo yomi", Word::ByoYomi),
    ("秒読み", Word::ByoYomi),
    ("读秒", Word::ByoYomi),
    ("讀秒", Word::ByoYomi),
    ("초읽기", Word::ByoYomi),
    ("canadian", Word::Canadian),
    ("fischer", Word::Fischer),
    ("increment", Word::Fischer),
    ("simple", Word::Simple),
    ("periods", Word::Times),
    ("period", Word::Times),
    ("times", Word::Times),
    ("次", Word::Times),
    ("回", Word::Times),
    ("번", Word::Times),
    ("회", Word::Times),
    ("moves", Word::Moves),
    ("stones", Word::Moves),
    ("手", Word::Moves),
    ("x", Word::By),
    ("×", Word::By),
    ("*", Word::By),
    ("/", Word::Per),
]);

/// Values meaning no overtime.
const ABSOLUTE: [&str; 7] = ["none", "no", "absolute", "sudden death", "无", "無", "없음"];

/// A number of an overtime and what was written after it.
#[derive(Debug, Clone, Copy, Default)]
struct Term {
    value: f64,
    /// Seconds per unit, when a unit of time follows.
    unit: Option<f64>,
    /// The word after it (`Times`, `Moves`, `By`, `Per`).
    word: Option<Word>,
}

impl Overtime {
    /// Reads an overtime as files write it (`OT`), words in any letter
    /// case:
    /// - byo-yomi: `5x30 byo-yomi` (KGS, OGS, Tygem), `3x30`, `5×1min`,
    ///   `30 sec byo-yomi` (one period), and periods and their length in
    ///   either order with CJK words: `3次30秒`, `读秒30秒3次`,
    ///   `秒読み1分5回`, `30초 3회`;
    /// - Canadian: `25/600 Canadian` (CGoban), `25 moves / 10 min`
    ///   (GoGui, SmartGo);
    /// - Fischer: `10 Fischer`, `Fischer 10`, `10 sec increment`;
    /// - OGS's `30 simple` (30 seconds a move) as one period of byo-yomi;
    /// - `None`, `absolute`, `sudden death`: [`Overtime::Absolute`].
    ///
    /// A number without a unit is seconds.
    ///
    /// # Errors
    /// [`NormalizeError::Empty`] for an empty value,
    /// [`NormalizeError::OutOfRange`] for zero periods or moves, or more
    /// than `u32`; [`NormalizeError::Unreadable`] for anything else.
    ///
    /// ```
    /// use sgf_stream::game::{NormalizeError, Overtime};
    /// assert_eq!(Overtime::parse("25 moves / 10 min")?, Overtime::Canadian { moves: 25, seconds: 600.0 });
    /// assert_eq!(Overtime::parse("秒読み1分5回")?, Overtime::ByoYomi { periods: 5, seconds: 60.0 });
    /// assert_eq!(Overtime::parse("None")?, Overtime::Absolute);
    /// assert_eq!(Overtime::parse("0x30 byo-yomi"), Err(NormalizeError::OutOfRange));
    /// # Ok::<(), NormalizeError>(())
    /// ```
    pub fn parse(text: &str) -> Result<Overtime, NormalizeError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(NormalizeError::Empty);
        }
        if ABSOLUTE.iter().any(|word| text.eq_ignore_ascii_case(word)) {
            return Ok(Overtime::Absolute);
        }
        let mut terms = [Term::default(); 2];
        let (count, system) = read_terms(text, &mut terms).ok_or(NormalizeError::Unreadable)?;
        overtime(&terms[..count], system)
    }
}

/// The numbers of an overtime (at most two), with their units and words,
/// and the system named (`byo-yomi`, `Canadian`, ...), if any.
fn read_terms(text: &str, terms: &mut [Term; 2]) -> Option<(usize, Option<Word>)> {
    let mut scan = Scan::new(text);
    let mut count = 0;
    let mut system = None;
    loop {
        scan.skip_while(|c| c.is_whitespace() || matches!(c, ',' | '(' | ')' | ':' | '+'));
        if scan.is_done() {
            return Some((count, system));
        }
        if let Some(word) = scan.eat_any(&WORDS) {
            match (word, count) {
                (Word::ByoYomi | Word::Canadian | Word::Fischer | Word::Simple, _) => {
                    system = Some(word);
                }
                (_, 1..) => {
                    let last = &mut terms[count - 1].word;
                    match (*last, word) {
                        (None, _) => *last = Some(word),
                        // `25 moves / 10 min`
                        (Some(Word::Moves), Word::Per) => {}
                        _ => return None,
                    }
                }
                _ => return None,
            }
            continue;
        }
        let value = scan.decimal()?;
        scan.skip_space();
        let unit = scan.eat_any(&UNITS);
        *terms.get_mut(count)? = Term {
            value,
            unit,
            word: None,
        };
        count += 1;
    }
}

/// The overtime the terms describe.
fn overtime(terms: &[Term], system: Option<Word>) -> Result<Overtime, NormalizeError> {
    let seconds = |term: &Term| term.value * term.unit.unwrap_or(1.0);
    let whole = |term: &Term| match term.value.fract() == 0.0 && term.unit.is_none() {
        true if term.value >= 1.0 && term.value <= f64::from(u32::MAX) => Ok(term.value as u32),
        true => Err(NormalizeError::OutOfRange),
        false => Err(NormalizeError::Unreadable),
    };
    let unreadable = Err(NormalizeError::Unreadable);
    match (terms, system) {
        ([one], Some(Word::Fischer)) => Ok(Overtime::Fischer {
            increment: seconds(one),
        }),
        ([one], Some(Word::ByoYomi | Word::Simple)) if one.word.is_none() => {
            Ok(Overtime::ByoYomi {
                periods: 1,
                seconds: seconds(one),
            })
        }
        ([moves, time], Some(Word::Canadian) | None)
            if moves.word == Some(Word::Per)
                || moves.word == Some(Word::Moves) && system.is_none() =>
        {
            let moves = whole(moves)?;
            Ok(Overtime::Canadian {
                moves,
                seconds: seconds(time),
            })
        }
        ([a, b], Some(Word::ByoYomi) | None) => {
            let (periods, time) = match (a.word, b.word) {
                (Some(Word::By | Word::Times), None) => (a, b),
                (None, Some(Word::Times)) if a.unit.is_some() => (b, a),
                _ => return unreadable,
            };
            Ok(Overtime::ByoYomi {
                periods: whole(periods)?,
                seconds: seconds(time),
            })
        }
        _ => unreadable,
    }
}
