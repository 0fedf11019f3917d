//! [`Outcome`]: how a game ended (`RE`), read from the FF\[4\] forms and
//! from the Chinese, Japanese, Korean and English ways results are
//! written.

use std::fmt;
use std::str::FromStr;

use super::count::{Scan, Words};
use super::error::NormalizeError;
use crate::typed::Color;

/// Why a game ended, in the seven words of the JSON output: `score`,
/// `resign`, `time`, `forfeit`, `draw`, `void`, `unknown`.
///
/// ```
/// use sgf_stream::game::Reason;
/// assert_eq!(Reason::Resign.as_str(), "resign");
/// assert_eq!("forfeit".parse::<Reason>(), Ok(Reason::Forfeit));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Reason {
    /// Counted: the winner won by a margin of points.
    Score,
    /// The loser resigned.
    Resign,
    /// The loser ran out of time.
    Time,
    /// The loser forfeited (broke a rule, did not come, left).
    Forfeit,
    /// No winner: jigo.
    Draw,
    /// No result: annulled, suspended, both lost.
    Void,
    /// Not said: `?`, or a winner without a method (`B+`, `白胜`).
    Unknown,
}

const REASONS: [(&str, Reason); 7] = [
    ("score", Reason::Score),
    ("resign", Reason::Resign),
    ("time", Reason::Time),
    ("forfeit", Reason::Forfeit),
    ("draw", Reason::Draw),
    ("void", Reason::Void),
    ("unknown", Reason::Unknown),
];

impl Reason {
    /// The word for the reason, as `sgf json` writes it.
    pub fn as_str(self) -> &'static str {
        REASONS[self as usize].0
    }
}

impl fmt::Display for Reason {
    /// [`Reason::as_str`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Reason {
    type Err = NormalizeError;

    /// One of the seven words of [`Reason::as_str`], exactly.
    fn from_str(word: &str) -> Result<Reason, NormalizeError> {
        let found = REASONS.iter().find(|(name, _)| *name == word);
        found
            .map(|&(_, reason)| reason)
            .ok_or(NormalizeError::Unreadable)
    }
}

/// How a game ended: the winner (none for a draw, a void or an unknown
/// result), the [`Reason`], and for a [`Reason::Score`] the margin in
/// points.
///
/// `Display` writes the FF\[4\] form (`B+3.5`, `W+R`, `B+T`, `B+F`, `B+`,
/// `0`, `Void`, `?`), which [`parse`](Self::parse) reads back.
///
/// ```
/// use sgf_stream::game::{Outcome, Reason};
/// use sgf_stream::typed::Color;
/// let outcome = Outcome::parse("黑胜3又3/4子")?;
/// assert_eq!(outcome, Outcome { winner: Some(Color::Black), reason: Reason::Score, margin: Some(7.5) });
/// assert_eq!(outcome.to_string(), "B+7.5");
/// # Ok::<(), sgf_stream::game::NormalizeError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Outcome {
    /// Who won; `None` for a draw, a void or an unknown result.
    pub winner: Option<Color>,
    /// Why the game ended.
    pub reason: Reason,
    /// The margin in points, for a [`Reason::Score`] only.
    pub margin: Option<f64>,
}

/// What a word of a result means.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Word {
    Side(Color),
    Win,
    /// The side named lost (`负`, `負け`, `패`).
    Lose,
    /// The side named resigned (`resigns`).
    Resigned,
    Reason(Reason),
    /// Words that add nothing: `by`, `points`, `不计点`.
    Filler,
}

/// The words of results, longest first where one starts another.
const WORDS: Words<Word> = Words::new(&[
    ("black", Word::Side(Color::Black)),
    ("white", Word::Side(Color::White)),
    ("黑", Word::Side(Color::Black)),
    ("黒", Word::Side(Color::Black)),
    ("흑", Word::Side(Color::Black)),
    ("白", Word::Side(Color::White)),
    ("백", Word::Side(Color::White)),
    ("wins", Word::Win),
    ("won", Word::Win),
    ("win", Word::Win),
    ("胜", Word::Win),
    ("勝ち", Word::Win),
    ("勝", Word::Win),
    ("赢", Word::Win),
    ("贏", Word::Win),
    ("승", Word::Win),
    ("resignation", Word::Reason(Reason::Resign)),
    ("resigned", Word::Resigned),
    ("resigns", Word::Resigned),
    ("resign", Word::Reason(Reason::Resign)),
    ("中盘", Word::Reason(Reason::Resign)),
    ("中盤", Word::Reason(Reason::Resign)),
    ("中押し", Word::Reason(Reason::Resign)),
    ("中押", Word::Reason(Reason::Resign)),
    ("불계", Word::Reason(Reason::Resign)),
    ("timeout", Word::Reason(Reason::Time)),
    ("time", Word::Reason(Reason::Time)),
    ("超时", Word::Reason(Reason::Time)),
    ("超時", Word::Reason(Reason::Time)),
    ("時間切れ", Word::Reason(Reason::Time)),
    ("時間", Word::Reason(Reason::Time)),
    ("시간", Word::Reason(Reason::Time)),
    ("forfeit", Word::Reason(Reason::Forfeit)),
    ("default", Word::Reason(Reason::Forfeit)),
    ("犯规", Word::Reason(Reason::Forfeit)),
    ("犯規", Word::Reason(Reason::Forfeit)),
    ("反则", Word::Reason(Reason::Forfeit)),
    ("反則", Word::Reason(Reason::Forfeit)),
    ("不戦", Word::Reason(Reason::Forfeit)),
    ("기권", Word::Reason(Reason::Forfeit)),
    ("반칙", Word::Reason(Reason::Forfeit)),
    ("jigo", Word::Reason(Reason::Draw)),
    ("draw", Word::Reason(Reason::Draw)),
    ("和棋", Word::Reason(Reason::Draw)),
    ("和局", Word::Reason(Reason::Draw)),
    ("持碁", Word::Reason(Reason::Draw)),
    ("ジゴ", Word::Reason(Reason::Draw)),
    ("무승부", Word::Reason(Reason::Draw)),
    ("빅", Word::Reason(Reason::Draw)),
    ("void", Word::Reason(Reason::Void)),
    ("no result", Word::Reason(Reason::Void)),
    ("无胜负", Word::Reason(Reason::Void)),
    ("無勝負", Word::Reason(Reason::Void)),
    ("双负", Word::Reason(Reason::Void)),
    ("雙負", Word::Reason(Reason::Void)),
    ("両負け", Word::Reason(Reason::Void)),
    ("打ち掛け", Word::Reason(Reason::Void)),
    ("무효", Word::Reason(Reason::Void)),
    ("负", Word::Lose),
    ("負け", Word::Lose),
    ("負", Word::Lose),
    ("패", Word::Lose),
    ("points", Word::Filler),
    ("point", Word::Filler),
    ("pts", Word::Filler),
    ("by", Word::Filler),
    ("on", Word::Filler),
    ("不计点", Word::Filler),
    ("不計點", Word::Filler),
    ("b", Word::Side(Color::Black)),
    ("w", Word::Side(Color::White)),
]);

/// Methods after `B+` and `W+` beyond the FF\[4\] letters and words, as
/// servers write them.
const SERVER_METHODS: [(&str, Reason); 3] = [
    // Tygem: the loser left the game.
    ("offline", Reason::Forfeit),
    // The UEC Cup: "wins by violation".
    ("violation", Reason::Forfeit),
    ("v", Reason::Forfeit),
];

/// The FF\[4\] methods after `B+` and `W+`.
const METHODS: [(&str, Reason); 6] = [
    ("r", Reason::Resign),
    ("resign", Reason::Resign),
    ("t", Reason::Time),
    ("time", Reason::Time),
    ("f", Reason::Forfeit),
    ("forfeit", Reason::Forfeit),
];

impl Outcome {
    /// The result `?`: no winner, [`Reason::Unknown`].
    pub const UNKNOWN: Outcome = Outcome::ended(Reason::Unknown);

    const fn ended(reason: Reason) -> Outcome {
        Outcome {
            winner: None,
            reason,
            margin: None,
        }
    }

    const fn won(winner: Color, reason: Reason) -> Outcome {
        Outcome {
            winner: Some(winner),
            reason,
            margin: None,
        }
    }

    /// Reads a result as files write it (`RE`); words in any letter case,
    /// surrounding space ignored:
    /// - FF\[4\]: `B+3.5`, `W+R`, `B+Resign`, `W+T`, `W+Time`, `B+F`,
    ///   `B+Forfeit`, `0`, `Draw`, `Jigo`, `Void`, `?`; `B+` (a winner
    ///   without a method) is [`Reason::Unknown`], as is any other word
    ///   after `B+`/`W+` (`B+AW`, `W+J`), except Tygem's `Offline` and
    ///   the UEC Cup's `V` (violation), read as [`Reason::Forfeit`];
    ///   `B+0.0` is a score of 0, as written;
    /// - a side alone: `B`, `W`, `白胜`, `흑승` ([`Reason::Unknown`]);
    /// - Chinese: `黑中盘胜`, `白超时胜`, `黑犯规胜`, `黑胜2目半`,
    ///   `白胜半目`, `黑胜3点`, `和棋`, `双负` (void); counts in stones
    ///   `子` at two points a stone: `黑胜3又3/4子` is 7.5, `白胜1/4子`
    ///   0.5, `黑胜2子` 4;
    /// - Japanese: `黒中押し勝ち`, `白3目半勝ち`, `白 半目勝ち`,
    ///   `黒時間切れ勝ち`, `黒反則勝ち`, `黒不戦勝`, `持碁`, `無勝負`,
    ///   `打ち掛け` (void);
    /// - Korean: `흑 불계승`, `백 시간승`, `흑 3집반승`, `백 반집승`,
    ///   `흑 기권승`, `흑 반칙승`, `무승부`, `빅`;
    /// - English: `Black wins by 12 points`, `White wins by resignation`,
    ///   `Black wins on time`, `W wins by forfeit`, `Black resigns` (White
    ///   wins), `Draw`, `No result`;
    /// - the loser named: `黑负` and `백 불계패` are wins of the other side.
    ///
    /// # Errors
    /// [`NormalizeError::Empty`] for an empty value,
    /// [`NormalizeError::Unreadable`] for anything else not listed.
    ///
    /// ```
    /// use sgf_stream::game::{Outcome, Reason};
    /// use sgf_stream::typed::Color::{Black, White};
    /// let read = |text| Outcome::parse(text).map(|o| (o.winner, o.reason, o.margin));
    /// assert_eq!(read("w+resign"), Ok((Some(White), Reason::Resign, None)));
    /// assert_eq!(read("B+"), Ok((Some(Black), Reason::Unknown, None)));
    /// assert_eq!(read("白中盘胜"), Ok((Some(White), Reason::Resign, None)));
    /// assert_eq!(read("白 3目半勝ち"), Ok((Some(White), Reason::Score, Some(3.5))));
    /// assert_eq!(read("흑 반집승"), Ok((Some(Black), Reason::Score, Some(0.5))));
    /// assert_eq!(read("Black wins by resignation"), Ok((Some(Black), Reason::Resign, None)));
    /// assert_eq!(read("持碁"), Ok((None, Reason::Draw, None)));
    /// assert!(Outcome::parse("Black wins by a lot").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<Outcome, NormalizeError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(NormalizeError::Empty);
        }
        if let Some(outcome) = ff4(text) {
            return Ok(outcome);
        }
        if let Some(outcome) = sentence(text) {
            return Ok(outcome);
        }
        // `B+AW`, `W+J`, `B + R`: the FF[4] shape names the winner whatever
        // follows.
        let (side, method) = text.split_once('+').ok_or(NormalizeError::Unreadable)?;
        let winner = winner(side.trim()).ok_or(NormalizeError::Unreadable)?;
        let method = method.trim();
        let mut known = METHODS.iter().chain(&SERVER_METHODS);
        let reason = known.find(|(m, _)| method.eq_ignore_ascii_case(m));
        Ok(Outcome::won(
            winner,
            reason.map_or(Reason::Unknown, |&(_, r)| r),
        ))
    }
}

/// The side of `B` or `W`, in either letter case.
fn winner(side: &str) -> Option<Color> {
    match side {
        "B" | "b" => Some(Color::Black),
        "W" | "w" => Some(Color::White),
        _ => None,
    }
}

/// A result in the FF\[4\] form: `0`, `Draw`, `Jigo`, `Void`, `?`, or `B+`
/// / `W+` followed by nothing, `R`, `Resign`, `T`, `Time`, `F`,
/// `Forfeit` or a Real, words in any letter case.
pub(crate) fn ff4(text: &str) -> Option<Outcome> {
    let text = text.trim();
    let word = |w: &str| text.eq_ignore_ascii_case(w);
    if word("0") || word("draw") || word("jigo") {
        return Some(Outcome::ended(Reason::Draw));
    }
    if word("void") {
        return Some(Outcome::ended(Reason::Void));
    }
    if word("?") {
        return Some(Outcome::UNKNOWN);
    }
    let (side, method) = text.split_once('+')?;
    let (winner, method) = (winner(side)?, method.trim());
    if method.is_empty() {
        return Some(Outcome::won(winner, Reason::Unknown));
    }
    if let Some(&(_, reason)) = METHODS.iter().find(|(m, _)| method.eq_ignore_ascii_case(m)) {
        return Some(Outcome::won(winner, reason));
    }
    let margin = crate::typed::real(method.as_bytes()).ok()?;
    if !margin.is_finite() {
        return None;
    }
    Some(Outcome {
        margin: Some(margin),
        ..Outcome::won(winner, Reason::Score)
    })
}

/// A result in words (and counts), any of the languages of [`WORDS`].
fn sentence(text: &str) -> Option<Outcome> {
    let mut side = None;
    let mut reason = None;
    let mut margin = None;
    let mut lost = false;
    // A number without a unit is a margin only after a win (`wins by 3`,
    // `B+3 points`), not in `B-3`.
    let mut won = false;
    let mut scan = Scan::new(text);
    loop {
        won |= skip_separators(&mut scan);
        if scan.is_done() {
            break;
        }
        if let Some(word) = scan.eat_any(&WORDS) {
            match word {
                // The first side named is the one the result is about:
                // `白胜-黑超时` is a win of White on time.
                Word::Side(color) => side = side.or(Some(color)),
                Word::Win => won = true,
                Word::Filler => {}
                Word::Lose => lost = true,
                Word::Resigned => {
                    lost = true;
                    reason = reason.or(Some(Reason::Resign));
                }
                Word::Reason(found) => reason = reason.or(Some(found)),
            }
        } else {
            let amount = scan.amount().filter(|amount| won || !amount.bare)?;
            margin = Some(amount.points);
        }
    }
    let reason = reason.or(margin.map(|_| Reason::Score));
    match (side, reason) {
        (None, Some(reason @ (Reason::Draw | Reason::Void))) => Some(Outcome::ended(reason)),
        (None, _) | (Some(_), Some(Reason::Draw | Reason::Void)) => None,
        (Some(side), reason) => {
            let winner = if lost { side.opponent() } else { side };
            let reason = reason.unwrap_or(Reason::Unknown);
            Some(Outcome {
                margin: margin.filter(|_| reason == Reason::Score),
                ..Outcome::won(winner, reason)
            })
        }
    }
}

/// Skips space and punctuation between the words of a result (a `.`
/// before a digit starts a number); says whether a `+` was among them.
fn skip_separators(scan: &mut Scan<'_>) -> bool {
    let mut plus = false;
    loop {
        plus |= scan.rest().trim_start().starts_with('+');
        scan.skip_while(|c| c.is_whitespace() || "+-,:;!()（）：、。".contains(c));
        let mut after = *scan;
        let dot = after.eat_char(|c| c == '.').is_some();
        if !dot || after.peek().is_some_and(|c| c.is_ascii_digit()) {
            return plus;
        }
        *scan = after;
    }
}

impl fmt::Display for Outcome {
    /// The FF\[4\] form: `B+3.5`, `W+R`, `B+T`, `W+F`, `B+` (winner, no
    /// method), `0` (draw), `Void`, `?`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Some(winner) = self.winner else {
            return f.write_str(match self.reason {
                Reason::Draw => "0",
                Reason::Void => "Void",
                _ => "?",
            });
        };
        write!(f, "{winner}+")?;
        match (self.reason, self.margin) {
            (Reason::Score, Some(margin)) => write!(f, "{margin}"),
            (Reason::Resign, _) => f.write_str("R"),
            (Reason::Time, _) => f.write_str("T"),
            (Reason::Forfeit, _) => f.write_str("F"),
            _ => Ok(()),
        }
    }
}

impl FromStr for Outcome {
    type Err = NormalizeError;

    /// As [`Outcome::parse`].
    fn from_str(text: &str) -> Result<Outcome, NormalizeError> {
        Outcome::parse(text)
    }
}
