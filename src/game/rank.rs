//! [`Rank`]: a player's rank (`BR`, `WR`) read from what files write.

use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

use super::count::{Scan, Words};
use super::error::NormalizeError;

/// The three ladders of ranks, weakest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RankKind {
    /// Amateur kyu, 30k (weakest) to 1k.
    Kyu,
    /// Amateur (or server) dan, 1d to 9d.
    Dan,
    /// Professional dan, 1p to 9p.
    Pro,
}

/// A player's rank: amateur kyu (30k–1k), amateur dan (1d–9d) or
/// professional dan (1p–9p), ordered from 30k up to 9p.
///
/// It is written (`Display`) as `5k`, `3d` or `9p`, which
/// [`parse`](Self::parse) (and `FromStr`) read back;
/// [`ordinal`](Self::ordinal) gives it as one ordered integer.
///
/// ```
/// use sgf_stream::game::{Rank, RankKind};
/// let rank = Rank::parse("P8段")?;
/// assert_eq!((rank.kind(), rank.level()), (RankKind::Pro, 8));
/// assert_eq!(rank.to_string(), "8p");
/// assert!(Rank::parse("9段")? < rank); // an unmarked 9段 is an amateur 9d
/// assert!("1k".parse::<Rank>()? < "1d".parse()?);
/// # Ok::<(), sgf_stream::game::NormalizeError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rank {
    kind: RankKind,
    level: u8,
}

/// Units after the number, longest first where one starts another.
const UNITS: Words<RankKind> = Words::new(&[
    ("kyu", RankKind::Kyu),
    ("k", RankKind::Kyu),
    ("級", RankKind::Kyu),
    ("级", RankKind::Kyu),
    ("급", RankKind::Kyu),
    ("dan", RankKind::Dan),
    ("d", RankKind::Dan),
    ("段", RankKind::Dan),
    ("단", RankKind::Dan),
    ("p", RankKind::Pro),
]);

/// Words marking a professional rank, before or after it.
const PRO: Words<()> = Words::new(&[
    ("professional", ()),
    ("pro", ()),
    ("职业", ()),
    ("職業", ()),
    ("プロ", ()),
    ("프로", ()),
]);

/// Words marking an amateur rank, which change nothing.
const AMATEUR: Words<()> = Words::new(&[
    ("amateur", ()),
    ("业余", ()),
    ("業餘", ()),
    ("業余", ()),
    ("アマ", ()),
    ("아마", ()),
]);

/// Values that say the rank is not known.
const UNKNOWN: [&str; 6] = ["", "-", "--", "UR", "NR", "unranked"];

impl Rank {
    /// The rank `level` of `kind`: 1 to 30 for kyu, 1 to 9 for dan and
    /// professional ranks.
    ///
    /// # Errors
    /// [`NormalizeError::OutOfRange`] for any other level.
    ///
    /// ```
    /// use sgf_stream::game::{NormalizeError, Rank, RankKind};
    /// assert_eq!(Rank::new(RankKind::Kyu, 30)?.to_string(), "30k");
    /// assert_eq!(Rank::new(RankKind::Dan, 10), Err(NormalizeError::OutOfRange));
    /// # Ok::<(), NormalizeError>(())
    /// ```
    pub fn new(kind: RankKind, level: u8) -> Result<Rank, NormalizeError> {
        let top = match kind {
            RankKind::Kyu => 30,
            RankKind::Dan | RankKind::Pro => 9,
        };
        match level {
            1.. if level <= top => Ok(Rank { kind, level }),
            _ => Err(NormalizeError::OutOfRange),
        }
    }

    /// Kyu, dan or professional.
    pub fn kind(self) -> RankKind {
        self.kind
    }

    /// The number: 5 for `5k`, `5d` and `5p`.
    pub fn level(self) -> u8 {
        self.level
    }

    /// The rank as one ordered integer, one step per rank: 30k is −29,
    /// 1k is 0, 1d is 1, 9d is 9, 1p is 10 and 9p is 18. So for
    /// amateurs a difference is a number of handicap stones.
    ///
    /// ```
    /// use sgf_stream::game::Rank;
    /// let ordinal = |text: &str| text.parse::<Rank>().unwrap().ordinal();
    /// assert_eq!([ordinal("30k"), ordinal("1k"), ordinal("3d"), ordinal("9p")], [-29, 0, 3, 18]);
    /// assert_eq!(Rank::from_ordinal(-4).unwrap().to_string(), "5k");
    /// assert_eq!(Rank::from_ordinal(19), None);
    /// ```
    pub fn ordinal(self) -> i8 {
        let level = self.level as i8;
        match self.kind {
            RankKind::Kyu => 1 - level,
            RankKind::Dan => level,
            RankKind::Pro => 9 + level,
        }
    }

    /// The rank as written: `5k`, `3d` or `9p` (also its `Display`),
    /// without allocating.
    ///
    /// ```
    /// use sgf_stream::game::{Rank, RankKind};
    /// assert_eq!(Rank::new(RankKind::Kyu, 30)?.as_str(), "30k");
    /// assert_eq!(Rank::parse("P8段")?.as_str(), "8p");
    /// # Ok::<(), sgf_stream::game::NormalizeError>(())
    /// ```
    pub fn as_str(self) -> &'static str {
        NAMES[(self.ordinal() + 29) as usize]
    }

    /// The rank of an [`ordinal`](Self::ordinal), if it is one (−29 to
    /// 18).
    pub fn from_ordinal(ordinal: i8) -> Option<Rank> {
        let (kind, level) = match ordinal {
            -29..=0 => (RankKind::Kyu, 1 - ordinal),
            1..=9 => (RankKind::Dan, ordinal),
            10..=18 => (RankKind::Pro, ordinal - 9),
            _ => return None,
        };
        Some(Rank {
            kind,
            level: level as u8,
        })
    }

    /// Reads a rank as files write it (`BR`, `WR`):
    /// - a number, then a unit: `k`, `kyu`, `級`, `级`, `급` (kyu); `d`,
    ///   `dan`, `段`, `단` (dan); `p` (professional); any letter case, a
    ///   space or `-` between (`5k`, `9 Dan`, `1-kyu`, `5단`);
    /// - the number in Arabic (also full-width) or Chinese numerals, `初`
    ///   for 1 (`九段`, `初段`, `十五級`);
    /// - professional only when marked: the unit `p` (`9p`, `9P`), a `P`
    ///   before the number (`P9`, `P8段`, `P9p`), or `pro`,
    ///   `professional`, `职业`, `職業`, `プロ`, `프로` before or after
    ///   (`职业九段`, `프로 9단`, `9 dan pro`). An unmarked `9段` is the
    ///   amateur 9d (servers such as Fox write their dan ranks so);
    ///   amateur marks (`业余`, `アマ`, `아마`, `amateur`) change nothing;
    /// - marks after the rank keep it: `?` (uncertain), `*`, `+`, and
    ///   anything after a comma (`1d?`, `4d*, IGS`).
    ///
    /// # Errors
    /// [`NormalizeError::Empty`] for an empty value;
    /// [`NormalizeError::Unknown`] for `-`, `?`, `UR`, `NR`, `unranked`;
    /// [`NormalizeError::OutOfRange`] past 30k or 9d/9p, or 0;
    /// [`NormalizeError::Unreadable`] for the rest: ratings (`1500`), a
    /// number without a unit (`9`), fractional ranks (`2.7d`), a
    /// professional kyu (`P5k`).
    ///
    /// ```
    /// use sgf_stream::game::{NormalizeError, Rank};
    /// let read = |text: &str| Rank::parse(text).map(|rank| rank.to_string());
    /// assert_eq!(read("9段").as_deref(), Ok("9d"));
    /// assert_eq!(read("P9").as_deref(), Ok("9p"));
    /// assert_eq!(read("初段").as_deref(), Ok("1d"));
    /// assert_eq!(read("十五級").as_deref(), Ok("15k"));
    /// assert_eq!(read("프로 9단").as_deref(), Ok("9p"));
    /// assert_eq!(read("4d*, IGS").as_deref(), Ok("4d"));
    /// assert_eq!(read("1d?").as_deref(), Ok("1d"));
    /// assert_eq!(read("UR"), Err(NormalizeError::Unknown));
    /// assert_eq!(read("35k"), Err(NormalizeError::OutOfRange));
    /// ```
    pub fn parse(text: &str) -> Result<Rank, NormalizeError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(NormalizeError::Empty);
        }
        let head = before_comma(text);
        let head =
            head.trim_end_matches(|c: char| matches!(c, '?' | '*' | '+') || c.is_whitespace());
        let Some((level, unit, marked)) = read_rank(&mut Scan::new(head)) else {
            return Err(
                match UNKNOWN.iter().any(|word| head.eq_ignore_ascii_case(word)) {
                    true => NormalizeError::Unknown,
                    false => NormalizeError::Unreadable,
                },
            );
        };
        let kind = match (unit, marked) {
            (Some(RankKind::Kyu), true) | (None, false) => return Err(NormalizeError::Unreadable),
            (Some(RankKind::Dan), true) | (None, true) => RankKind::Pro,
            (Some(kind), _) => kind,
        };
        let level = u8::try_from(level).map_err(|_| NormalizeError::OutOfRange)?;
        Rank::new(kind, level)
    }
}

/// The number, the unit and whether a professional mark was seen; the
/// whole text must be read.
fn read_rank(scan: &mut Scan<'_>) -> Option<(u32, Option<RankKind>, bool)> {
    let mut marked = scan.eat_any(&PRO).is_some();
    scan.skip_space();
    if !marked && scan.eat_any(&AMATEUR).is_some() {
        scan.skip_space();
    }
    if !marked {
        let mut after_p = *scan;
        if after_p.eat_char(|c| c == 'P' || c == 'p').is_some() && starts_number(&after_p) {
            *scan = after_p;
            marked = true;
        }
    }
    let level = if scan.eat("初") { 1 } else { scan.numeral()? };
    scan.skip_space();
    scan.eat("-");
    scan.skip_space();
    let unit = scan.eat_any(&UNITS);
    scan.skip_space();
    marked |= scan.eat_any(&PRO).is_some();
    scan.is_done().then_some((level, unit, marked))
}

/// The text before its first comma (`,` or `，`).
fn before_comma(text: &str) -> &str {
    let bytes = text.as_bytes();
    let mut from = 0;
    // `，` is EF BC 8C in UTF-8.
    while let Some(at) = bytes[from..].iter().position(|&b| b == b',' || b == 0xEF) {
        let at = from + at;
        if bytes[at] == b',' || text[at..].starts_with('，') {
            return &text[..at];
        }
        from = at + 1;
    }
    text
}

fn starts_number(scan: &Scan<'_>) -> bool {
    let mut probe = *scan;
    probe.eat("初") || probe.numeral().is_some()
}

impl PartialOrd for Rank {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Rank {
    /// By strength: 30k < 1k < 1d < 9d < 1p < 9p.
    fn cmp(&self, other: &Self) -> Ordering {
        self.ordinal().cmp(&other.ordinal())
    }
}

/// Each rank as written, by [`Rank::ordinal`] from 30k (−29) up.
const NAMES: [&str; 48] = [
    "30k", "29k", "28k", "27k", "26k", "25k", "24k", "23k", "22k", "21k", "20k", "19k", "18k",
    "17k", "16k", "15k", "14k", "13k", "12k", "11k", "10k", "9k", "8k", "7k", "6k", "5k", "4k",
    "3k", "2k", "1k", "1d", "2d", "3d", "4d", "5d", "6d", "7d", "8d", "9d", "1p", "2p", "3p", "4p",
    "5p", "6p", "7p", "8p", "9p",
];

impl fmt::Display for Rank {
    /// `5k`, `3d` or `9p`: [`Rank::as_str`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Rank {
    type Err = NormalizeError;

    /// As [`Rank::parse`].
    fn from_str(text: &str) -> Result<Rank, NormalizeError> {
        Rank::parse(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rank_is_written_as_its_level_and_unit() {
        for (kind, top, unit) in [
            (RankKind::Kyu, 30, 'k'),
            (RankKind::Dan, 9, 'd'),
            (RankKind::Pro, 9, 'p'),
        ] {
            for level in 1..=top {
                let rank = Rank::new(kind, level).unwrap();
                assert_eq!(rank.as_str(), format!("{level}{unit}"));
                assert_eq!(Rank::parse(rank.as_str()), Ok(rank));
                assert_eq!(Rank::from_ordinal(rank.ordinal()), Some(rank));
            }
        }
    }
}
