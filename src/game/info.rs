//! [`GameInfo`]: the root and game-info properties of a game as a struct.

use std::fmt;

use super::outcome::Reason;
use crate::typed::{BoardSize, Color, Value};

/// The information about a game: root properties and game-info
/// properties, decoded. Every field is `None` when the game does not say;
/// `size` is 19×19 by default.
#[derive(Debug, Clone, Default, PartialEq)]
#[non_exhaustive]
pub struct GameInfo {
    /// `SZ`: the board size.
    pub size: BoardSize,
    /// `FF`: the file format version (absent means FF\[1\]).
    pub file_format: Option<i64>,
    /// `GM`: the game (1 is Go).
    pub game: Option<i64>,
    /// `CA`: the charset the file names.
    pub charset: Option<String>,
    /// `AP`: the application that wrote the file, and its version.
    pub application: Option<(String, String)>,
    /// `PB`: Black's name.
    pub black: Option<String>,
    /// `PW`: White's name.
    pub white: Option<String>,
    /// `BR`: Black's rank.
    pub black_rank: Option<String>,
    /// `WR`: White's rank.
    pub white_rank: Option<String>,
    /// `BT`: Black's team.
    pub black_team: Option<String>,
    /// `WT`: White's team.
    pub white_team: Option<String>,
    /// `RE`: the result as written, e.g. `B+R`; see [`GameInfo::outcome`].
    pub result: Option<String>,
    /// `KM`: komi.
    pub komi: Option<f64>,
    /// `HA`: the number of handicap stones.
    pub handicap: Option<i64>,
    /// `DT`: the date(s), e.g. `2016-03-09`.
    pub date: Option<String>,
    /// `EV`: the event.
    pub event: Option<String>,
    /// `RO`: the round.
    pub round: Option<String>,
    /// `PC`: the place.
    pub place: Option<String>,
    /// `RU`: the rules.
    pub rules: Option<String>,
    /// `TM`: the time limit in seconds.
    pub time_limit: Option<f64>,
    /// `OT`: the overtime (byo-yomi) method.
    pub overtime: Option<String>,
    /// `GN`: the game's name.
    pub name: Option<String>,
    /// `GC`: a comment about the game.
    pub comment: Option<String>,
    /// `ON`: the opening.
    pub opening: Option<String>,
    /// `SO`: the source.
    pub source: Option<String>,
    /// `AN`: who annotated the game.
    pub annotator: Option<String>,
    /// `US`: who entered the game.
    pub user: Option<String>,
    /// `CP`: the copyright.
    pub copyright: Option<String>,
}

fn text(values: &[Value<'_>]) -> Option<String> {
    values.first()?.as_text().map(str::to_string)
}

impl GameInfo {
    /// Takes the decoded values of a root or game-info property; the
    /// first value seen for a field wins.
    pub(crate) fn absorb(&mut self, ident: &str, values: &[Value<'_>]) {
        let first = values.first();
        macro_rules! set {
            ($field:ident, $value:expr) => {
                if self.$field.is_none() {
                    self.$field = $value;
                }
            };
        }
        match ident {
            "SZ" => {
                if let Some(Value::Size(size)) = first {
                    self.size = *size;
                }
            }
            "FF" => set!(file_format, first.and_then(Value::as_number)),
            "GM" => set!(game, first.and_then(Value::as_number)),
            "CA" => set!(charset, text(values)),
            "AP" => set!(application, first.and_then(pair)),
            "PB" => set!(black, text(values)),
            "PW" => set!(white, text(values)),
            "BR" => set!(black_rank, text(values)),
            "WR" => set!(white_rank, text(values)),
            "BT" => set!(black_team, text(values)),
            "WT" => set!(white_team, text(values)),
            "RE" => set!(result, text(values)),
            "KM" => set!(komi, first.and_then(Value::as_real)),
            "HA" => set!(handicap, first.and_then(Value::as_number)),
            "DT" => set!(date, text(values)),
            "EV" => set!(event, text(values)),
            "RO" => set!(round, text(values)),
            "PC" => set!(place, text(values)),
            "RU" => set!(rules, text(values)),
            "TM" => set!(time_limit, first.and_then(Value::as_real)),
            "OT" => set!(overtime, text(values)),
            "GN" => set!(name, text(values)),
            "GC" => set!(comment, text(values)),
            "ON" => set!(opening, text(values)),
            "SO" => set!(source, text(values)),
            "AN" => set!(annotator, text(values)),
            "US" => set!(user, text(values)),
            "CP" => set!(copyright, text(values)),
            _ => {}
        }
    }

    /// The result (`RE`) decoded; `None` when there is none or it is not
    /// in the spec's form.
    pub fn outcome(&self) -> Option<GameResult> {
        GameResult::parse(self.result.as_deref()?)
    }
}

fn pair(value: &Value<'_>) -> Option<(String, String)> {
    let (a, b) = value.as_compose()?;
    Some((a.as_text()?.to_string(), b.as_text()?.to_string()))
}

/// How a game ended, from `RE`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum GameResult {
    /// One side won.
    Win {
        /// Who won.
        winner: Color,
        /// How.
        by: WinBy,
    },
    /// `0`, `Draw` (jigo).
    Draw,
    /// `Void`: no result, or suspended play.
    Void,
    /// `?`: unknown.
    Unknown,
}

/// How a game was won.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum WinBy {
    /// By this many points: `B+3.5`.
    Score(f64),
    /// By resignation: `B+R`, `B+Resign`.
    Resign,
    /// On time: `B+T`, `B+Time`.
    Time,
    /// By forfeit: `B+F`, `B+Forfeit`.
    Forfeit,
    /// The spec's `B+`: a win, no more said.
    Unspecified,
}

impl fmt::Display for GameResult {
    /// The result as FF\[4\] writes it in `RE`: `B+3.5`, `W+R`, `B+T`,
    /// `W+F`, `B+`, `0`, `Void`, `?`.
    ///
    /// ```
    /// use sgf_stream::game::{GameResult, WinBy};
    /// use sgf_stream::typed::Color;
    /// let win = GameResult::Win { winner: Color::White, by: WinBy::Score(24.5) };
    /// assert_eq!(win.to_string(), "W+24.5");
    /// assert_eq!(GameResult::parse(&win.to_string()), Some(win));
    /// assert_eq!(GameResult::Draw.to_string(), "0");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (winner, by) = match *self {
            GameResult::Draw => return f.write_str("0"),
            GameResult::Void => return f.write_str("Void"),
            GameResult::Unknown => return f.write_str("?"),
            GameResult::Win { winner, by } => (winner, by),
        };
        f.write_str(winner.ident())?;
        f.write_str("+")?;
        match by {
            WinBy::Score(points) => f.write_str(&crate::typed::real_to_sgf(points)),
            WinBy::Resign => f.write_str("R"),
            WinBy::Time => f.write_str("T"),
            WinBy::Forfeit => f.write_str("F"),
            WinBy::Unspecified => Ok(()),
        }
    }
}

impl GameResult {
    /// Decodes a result as the FF\[4\] spec writes it; words are matched
    /// without regard to letter case, and surrounding spaces are ignored.
    /// [`Outcome::parse`](super::Outcome::parse) reads the same forms
    /// and the many others real files write.
    ///
    /// ```
    /// use sgf_stream::game::{GameResult, WinBy};
    /// use sgf_stream::typed::Color;
    /// assert_eq!(GameResult::parse("W+Resign"), Some(GameResult::Win { winner: Color::White, by: WinBy::Resign }));
    /// assert_eq!(GameResult::parse("B+63.5"), Some(GameResult::Win { winner: Color::Black, by: WinBy::Score(63.5) }));
    /// assert_eq!(GameResult::parse("0"), Some(GameResult::Draw));
    /// assert_eq!(GameResult::parse("Black wins"), None);
    /// ```
    pub fn parse(re: &str) -> Option<GameResult> {
        let outcome = super::outcome::ff4(re)?;
        let by = match (outcome.winner, outcome.reason) {
            (None, Reason::Draw) => return Some(GameResult::Draw),
            (None, Reason::Void) => return Some(GameResult::Void),
            (None, _) => return Some(GameResult::Unknown),
            (Some(_), Reason::Score) => WinBy::Score(outcome.margin?),
            (Some(_), Reason::Resign) => WinBy::Resign,
            (Some(_), Reason::Time) => WinBy::Time,
            (Some(_), Reason::Forfeit) => WinBy::Forfeit,
            (Some(_), _) => WinBy::Unspecified,
        };
        Some(GameResult::Win {
            winner: outcome.winner?,
            by,
        })
    }
}
