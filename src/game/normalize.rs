//! [`Normalized`]: the game information people filter on, read into
//! typed values from a tree, a [`GameInfo`] or property values as they
//! stream by.

use super::date::{Date, Dates};
use super::error::NormalizeError;
use super::info::GameInfo;
use super::komi::{handicap_from_number, komi_from_real, parse_handicap, parse_komi};
use super::outcome::{Outcome, Reason};
use super::rank::Rank;
use super::time_control::{parse_time_limit, time_limit_from_real, Overtime};
use crate::tree::SgfTree;
use crate::typed::Color;

/// The normalised game information: each value read from its property by
/// its parser ([`Rank::parse`], [`Outcome::parse`], [`parse_komi`],
/// [`parse_handicap`], [`Dates::parse`], [`parse_time_limit`],
/// [`Overtime::parse`]), or the reason there is none
/// ([`NormalizeError::Missing`] when the game has no such property).
///
/// Build it with [`SgfTree::normalized`], [`GameInfo::normalized`], or
/// from property values as they stream by with [`absorb`](Self::absorb).
/// Nothing is allocated.
///
/// For output, the accessors give each value as `sgf json` writes it,
/// under these keys: `black_rank`, `white_rank` (`"5k"`, `"3d"`, `"9p"`
/// or null), [`winner`](Self::winner) (`"B"`, `"W"` or null),
/// [`reason`](Self::reason) (one of the seven words of [`Reason`], null
/// only without `RE`), [`margin`](Self::margin), `komi`, `handicap`,
/// [`date`](Self::date) and [`date_last`](Self::date_last) (`YYYY`,
/// `YYYY-MM` or `YYYY-MM-DD`, or null):
///
/// ```
/// use serde_json::json;
/// let tree = sgf_stream::parse("(;BR[P8段]WR[9段]RE[黑胜3又3/4子]KM[375]HA[0]DT[1996-05-06,07,08])")?;
/// let n = tree.normalized();
/// let out = json!({
///     "black_rank": n.black_rank.ok().map(|r| r.to_string()),
///     "white_rank": n.white_rank.ok().map(|r| r.to_string()),
///     "winner": n.winner().map(|c| c.to_string()),
///     "reason": n.reason().map(|r| r.as_str()),
///     "margin": n.margin(),
///     "komi": n.komi.ok(),
///     "handicap": n.handicap.ok(),
///     "date": n.date().map(|d| d.to_string()),
///     "date_last": n.date_last().map(|d| d.to_string()),
/// });
/// assert_eq!(out, json!({
///     "black_rank": "8p", "white_rank": "9d", "winner": "B", "reason": "score",
///     "margin": 7.5, "komi": 7.5, "handicap": 0,
///     "date": "1996-05-06", "date_last": "1996-05-08",
/// }));
/// # Ok::<(), sgf_stream::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
#[non_exhaustive]
pub struct Normalized {
    /// `BR`: Black's rank.
    pub black_rank: Result<Rank, NormalizeError>,
    /// `WR`: White's rank.
    pub white_rank: Result<Rank, NormalizeError>,
    /// `RE`: how the game ended.
    pub outcome: Result<Outcome, NormalizeError>,
    /// `KM`: the komi in points.
    pub komi: Result<f64, NormalizeError>,
    /// `HA`: the handicap.
    pub handicap: Result<u32, NormalizeError>,
    /// `DT`: the first and last date.
    pub dates: Result<Dates, NormalizeError>,
    /// `TM`: the main time, in seconds.
    pub time_limit: Result<f64, NormalizeError>,
    /// `OT`: the overtime.
    pub overtime: Result<Overtime, NormalizeError>,
}

impl Default for Normalized {
    /// Every value [`NormalizeError::Missing`].
    fn default() -> Self {
        use NormalizeError::Missing;
        Normalized {
            black_rank: Err(Missing),
            white_rank: Err(Missing),
            outcome: Err(Missing),
            komi: Err(Missing),
            handicap: Err(Missing),
            dates: Err(Missing),
            time_limit: Err(Missing),
            overtime: Err(Missing),
        }
    }
}

/// The properties normalised.
const IDENTS: [&str; 8] = ["BR", "WR", "RE", "KM", "HA", "DT", "TM", "OT"];

/// Sets `slot` from `text` unless it holds a value already.
fn first<T>(
    slot: &mut Result<T, NormalizeError>,
    text: &str,
    parse: fn(&str) -> Result<T, NormalizeError>,
) {
    if matches!(slot, Err(NormalizeError::Missing)) {
        *slot = parse(text);
    }
}

impl Normalized {
    /// Every value [`NormalizeError::Missing`]; fill it with
    /// [`absorb`](Self::absorb).
    pub fn new() -> Self {
        Normalized::default()
    }

    /// Reads the (first) value `text` of property `ident`, if it is one of
    /// `BR`, `WR`, `RE`, `KM`, `HA`, `DT`, `TM`, `OT` and that value is
    /// still [`NormalizeError::Missing`]: the first one seen stands, as in
    /// [`GameInfo`]. Other properties are ignored.
    ///
    /// ```
    /// use sgf_stream::{Event, Parser, game::Normalized};
    /// let mut n = Normalized::new();
    /// for event in Parser::new(b"(;KM[6.5]RE[W+R];B[pd];W[dd]KM[0.5])") {
    ///     match event? {
    ///         Event::Property(ident, values) if Normalized::reads(ident.as_str()) => {
    ///             if let Ok(text) = values.first().text() {
    ///                 n.absorb(ident.as_str(), &text);
    ///             }
    ///         }
    ///         _ => {}
    ///     }
    /// }
    /// assert_eq!(n.komi, Ok(6.5));
    /// assert_eq!(n.reason().unwrap().as_str(), "resign");
    /// # Ok::<(), sgf_stream::Error>(())
    /// ```
    pub fn absorb(&mut self, ident: &str, text: &str) {
        match ident {
            "BR" => first(&mut self.black_rank, text, Rank::parse),
            "WR" => first(&mut self.white_rank, text, Rank::parse),
            "RE" => first(&mut self.outcome, text, Outcome::parse),
            "KM" => first(&mut self.komi, text, parse_komi),
            "HA" => first(&mut self.handicap, text, parse_handicap),
            "DT" => first(&mut self.dates, text, Dates::parse),
            "TM" => first(&mut self.time_limit, text, parse_time_limit),
            "OT" => first(&mut self.overtime, text, Overtime::parse),
            _ => {}
        }
    }

    /// Whether [`absorb`](Self::absorb) reads property `ident`: one of
    /// `BR`, `WR`, `RE`, `KM`, `HA`, `DT`, `TM`, `OT`. A reader of events
    /// decodes the text of these alone.
    ///
    /// ```
    /// use sgf_stream::game::Normalized;
    /// assert!(Normalized::reads("KM"));
    /// assert!(!Normalized::reads("B"));
    /// ```
    pub fn reads(ident: &str) -> bool {
        ident.len() == 2 && IDENTS.contains(&ident)
    }

    /// The winner: `None` for a draw, a void or an unknown result, or
    /// when `RE` is not read.
    ///
    /// ```
    /// use sgf_stream::typed::Color;
    /// let n = sgf_stream::parse("(;RE[흑 3집반승]DT[1996-05-06,07])")?.normalized();
    /// assert_eq!((n.winner(), n.margin()), (Some(Color::Black), Some(3.5)));
    /// assert_eq!(n.date().unwrap().to_string(), "1996-05-06");
    /// assert_eq!(n.date_last().unwrap().to_string(), "1996-05-07");
    /// # Ok::<(), sgf_stream::Error>(())
    /// ```
    pub fn winner(&self) -> Option<Color> {
        self.outcome.ok()?.winner
    }

    /// Why the game ended; `None` only when there is no `RE`: a result
    /// that is not read is [`Reason::Unknown`].
    ///
    /// ```
    /// use sgf_stream::game::Reason;
    /// assert_eq!(sgf_stream::parse("(;RE[gave up])")?.normalized().reason(), Some(Reason::Unknown));
    /// assert_eq!(sgf_stream::parse("(;PB[Lee])")?.normalized().reason(), None);
    /// # Ok::<(), sgf_stream::Error>(())
    /// ```
    pub fn reason(&self) -> Option<Reason> {
        match self.outcome {
            Ok(outcome) => Some(outcome.reason),
            Err(NormalizeError::Missing) => None,
            Err(_) => Some(Reason::Unknown),
        }
    }

    /// The margin in points of a win by score.
    pub fn margin(&self) -> Option<f64> {
        self.outcome.ok()?.margin
    }

    /// The first date of `DT`.
    pub fn date(&self) -> Option<Date> {
        Some(self.dates.ok()?.first())
    }

    /// The last date of `DT` (the first, when there is one).
    pub fn date_last(&self) -> Option<Date> {
        Some(self.dates.ok()?.last())
    }
}

impl GameInfo {
    /// The normalised values of this information. The text properties
    /// (`BR`, `WR`, `RE`, `DT`, `OT`) are read as [`Normalized::absorb`]
    /// reads them; `KM`, `HA` and `TM` from the numbers decoded (the komi
    /// by [`komi_from_real`]), so the forms that are no numbers
    /// (`KM[6目半]`), which a lenient reading leaves out, are
    /// [`NormalizeError::Missing`] here: [`SgfTree::normalized`] reads
    /// them.
    ///
    /// ```
    /// let tree = sgf_stream::parse("(;PB[Ke Jie]BR[职业九段]KM[750]DT[2017.05.23])")?;
    /// let n = tree.game_info_lenient().0.normalized();
    /// assert_eq!(n.black_rank.unwrap().to_string(), "9p");
    /// assert_eq!(n.komi, Ok(7.5));
    /// assert_eq!(n.date().unwrap().to_string(), "2017-05-23");
    /// # Ok::<(), sgf_stream::Error>(())
    /// ```
    pub fn normalized(&self) -> Normalized {
        let mut normalized = Normalized::default();
        let texts = [
            ("BR", &self.black_rank),
            ("WR", &self.white_rank),
            ("RE", &self.result),
            ("DT", &self.date),
            ("OT", &self.overtime),
        ];
        for (ident, text) in texts {
            if let Some(text) = text {
                normalized.absorb(ident, text);
            }
        }
        let missing = NormalizeError::Missing;
        normalized.komi = self.komi.map(komi_from_real).ok_or(missing);
        normalized.handicap = self.handicap.map_or(Err(missing), handicap_from_number);
        normalized.time_limit = self.time_limit.map_or(Err(missing), time_limit_from_real);
        normalized
    }
}

impl SgfTree {
    /// The normalised game information of this game: the first value of
    /// each of `BR`, `WR`, `RE`, `KM`, `HA`, `DT`, `TM`, `OT` on the main
    /// line, read by [`Normalized::absorb`].
    ///
    /// ```
    /// use sgf_stream::game::{NormalizeError, Reason};
    /// let tree = sgf_stream::parse("(;BR[1d?]WR[UR]RE[白 3目半勝ち]KM[6目半]DT[2015/10/28])")?;
    /// let n = tree.normalized();
    /// assert_eq!(n.black_rank.unwrap().to_string(), "1d");
    /// assert_eq!(n.white_rank, Err(NormalizeError::Unknown));
    /// assert_eq!((n.winner().unwrap().to_string(), n.reason(), n.margin()), ("W".into(), Some(Reason::Score), Some(3.5)));
    /// assert_eq!(n.komi, Ok(6.5));
    /// assert_eq!(n.handicap, Err(NormalizeError::Missing));
    /// # Ok::<(), sgf_stream::Error>(())
    /// ```
    pub fn normalized(&self) -> Normalized {
        let mut normalized = Normalized::default();
        for node in self.main_line() {
            for (ident, values) in node.properties() {
                if let (true, Some(text)) = (Normalized::reads(ident), values.first()) {
                    normalized.absorb(ident, text);
                }
            }
        }
        normalized
    }
}
