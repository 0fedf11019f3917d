//! [`Filter`]: which games to keep, by players, ranks, result, date,
//! board, handicap, komi, length and properties, as `sgf select` and
//! searches select them.

use std::cmp::Ordering;

use super::date::Date;
use super::error::NormalizeError;
use super::facts::GameFacts;
use super::outcome::Reason;
use super::rank::Rank;
use crate::typed::{BoardSize, Color};

/// Which games to keep: each condition set must hold, and a game whose
/// value for a condition is not known (absent, unreadable) does not pass
/// it. A new filter keeps every game.
///
/// - Players ([`player`](Self::player), [`black`](Self::black),
///   [`white`](Self::white)): the name is found in `PB` (or `PW`, or
///   either) ignoring letter case, anywhere in it (`lee` finds `Lee
///   Sedol` and `Lee Changho`), or with [`exact_names`](Self::exact_names)
///   as the whole name, ignoring letter case and surrounding space.
/// - Ranks ([`min_rank`](Self::min_rank), [`max_rank`](Self::max_rank)):
///   both players' ranks, in [`Rank`] order (30k < 1k < 1d < 9d < 1p <
///   9p); a game with a rank that is not read does not pass.
/// - [`winner`](Self::winner), [`reason`](Self::reason): as
///   [`Normalized::winner`](super::Normalized::winner) and
///   [`Normalized::reason`](super::Normalized::reason) give them.
/// - Dates ([`date_from`](Self::date_from), [`date_to`](Self::date_to)):
///   the game's first date, compared with the bound on what both say: a
///   year with a year, a month with a month. So `--to 1996` keeps
///   `1996-05-06`, `--from 1996-05` keeps `1996-05-31` and a game dated
///   only `1996`; a game without a date that is read does not pass.
/// - [`size`](Self::size) (no `SZ` is 19×19), [`handicap`](Self::handicap)
///   (no `HA` is 0), [`komi`](Self::komi) (no `KM` does not pass).
/// - [`min_moves`](Self::min_moves), [`max_moves`](Self::max_moves): the
///   `B` and `W` properties on the main line.
/// - [`has`](Self::has): a property used anywhere in the game.
///
/// ```
/// use sgf_stream::game::{Date, Filter, GameFacts, Reason};
/// let tree = sgf_stream::parse("(;PB[Lee Sedol]BR[9p]PW[AlphaGo]WR[9p]RE[W+R]DT[2016-03-09];B[pd];W[dd])")?;
/// let facts = GameFacts::of(&tree);
/// let filter = Filter::new()
///     .player("lee sedol")
///     .min_rank("9p".parse()?)
///     .reason(Reason::Resign)
///     .date_from(Date::parse("2016")?)
///     .min_moves(2);
/// assert!(filter.matches(&facts));
/// assert!(!filter.clone().date_to(Date::parse("2015-12")?).matches(&facts));
/// assert!(!Filter::new().black("AlphaGo").matches(&facts));
/// assert!(!Filter::new().komi(6.5).matches(&facts)); // no KM
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Filter {
    player: Option<String>,
    black: Option<String>,
    white: Option<String>,
    exact_names: bool,
    min_rank: Option<Rank>,
    max_rank: Option<Rank>,
    winner: Option<Color>,
    reason: Option<Reason>,
    from: Option<Date>,
    to: Option<Date>,
    size: Option<BoardSize>,
    handicap: Option<u32>,
    komi: Option<f64>,
    min_moves: Option<usize>,
    max_moves: Option<usize>,
    has: Vec<String>,
}

impl Filter {
    /// A filter that keeps every game.
    pub fn new() -> Filter {
        Filter::default()
    }

    /// Keeps games where either player's name matches `name`.
    pub fn player(mut self, name: &str) -> Filter {
        self.player = Some(name.trim().to_lowercase());
        self
    }

    /// Keeps games where Black's name (`PB`) matches `name`.
    pub fn black(mut self, name: &str) -> Filter {
        self.black = Some(name.trim().to_lowercase());
        self
    }

    /// Keeps games where White's name (`PW`) matches `name`.
    pub fn white(mut self, name: &str) -> Filter {
        self.white = Some(name.trim().to_lowercase());
        self
    }

    /// Names match as a whole (ignoring letter case and surrounding
    /// space) rather than anywhere in the name.
    ///
    /// ```
    /// use sgf_stream::game::{Filter, GameFacts};
    /// let facts = GameFacts::of(&sgf_stream::parse("(;PB[Lee Sedol]PW[Lee Changho])")?);
    /// assert!(Filter::new().player("lee").matches(&facts));
    /// assert!(!Filter::new().player("lee").exact_names(true).matches(&facts));
    /// assert!(Filter::new().white(" LEE CHANGHO ").exact_names(true).matches(&facts));
    /// # Ok::<(), sgf_stream::Error>(())
    /// ```
    pub fn exact_names(mut self, exact: bool) -> Filter {
        self.exact_names = exact;
        self
    }

    /// Keeps games where both players are at least `rank`.
    pub fn min_rank(mut self, rank: Rank) -> Filter {
        self.min_rank = Some(rank);
        self
    }

    /// Keeps games where both players are at most `rank`.
    ///
    /// ```
    /// use sgf_stream::game::{Filter, GameFacts};
    /// let facts = |text: &str| GameFacts::of(&sgf_stream::parse(text).unwrap());
    /// let kyu = Filter::new().max_rank("1k".parse()?);
    /// assert!(kyu.matches(&facts("(;BR[5k]WR[1k])")));
    /// assert!(!kyu.matches(&facts("(;BR[5k]WR[1d])")));
    /// assert!(!kyu.matches(&facts("(;BR[5k])")), "White's rank is not known");
    /// # Ok::<(), sgf_stream::game::NormalizeError>(())
    /// ```
    pub fn max_rank(mut self, rank: Rank) -> Filter {
        self.max_rank = Some(rank);
        self
    }

    /// Keeps games that `color` won.
    pub fn winner(mut self, color: Color) -> Filter {
        self.winner = Some(color);
        self
    }

    /// Keeps games that ended for `reason`.
    pub fn reason(mut self, reason: Reason) -> Filter {
        self.reason = Some(reason);
        self
    }

    /// Keeps games whose first date is `date` or later.
    pub fn date_from(mut self, date: Date) -> Filter {
        self.from = Some(date);
        self
    }

    /// Keeps games whose first date is `date` or earlier.
    ///
    /// ```
    /// use sgf_stream::game::{Date, Filter, GameFacts};
    /// let facts = |text: &str| GameFacts::of(&sgf_stream::parse(text).unwrap());
    /// let may = Filter::new().date_from(Date::parse("1996-05")?).date_to(Date::parse("1996-05")?);
    /// assert!(may.matches(&facts("(;DT[1996-05-31])")));
    /// assert!(may.matches(&facts("(;DT[1996])")), "only the year is known");
    /// assert!(!may.matches(&facts("(;DT[1996-06-01])")));
    /// assert!(!may.matches(&facts("(;DT[sometime])")));
    /// # Ok::<(), sgf_stream::game::NormalizeError>(())
    /// ```
    pub fn date_to(mut self, date: Date) -> Filter {
        self.to = Some(date);
        self
    }

    /// Keeps games on a board of `size`.
    pub fn size(mut self, size: BoardSize) -> Filter {
        self.size = Some(size);
        self
    }

    /// Keeps games of `handicap` stones (no `HA` counts as 0).
    pub fn handicap(mut self, handicap: u32) -> Filter {
        self.handicap = Some(handicap);
        self
    }

    /// Keeps games with a komi of `komi` points.
    pub fn komi(mut self, komi: f64) -> Filter {
        self.komi = Some(komi);
        self
    }

    /// Keeps games with at least `moves` moves on the main line.
    pub fn min_moves(mut self, moves: usize) -> Filter {
        self.min_moves = Some(moves);
        self
    }

    /// Keeps games with at most `moves` moves on the main line.
    pub fn max_moves(mut self, moves: usize) -> Filter {
        self.max_moves = Some(moves);
        self
    }

    /// Keeps games that use property `ident` (in any node); each call
    /// adds one that must be there.
    pub fn has(mut self, ident: &str) -> Filter {
        self.has.push(ident.to_string());
        self
    }

    /// Whether the filter looks at property `ident` through
    /// [`has`](Self::has): a reader of events keeps these in
    /// [`GameFacts::props`], and needs no others.
    pub fn asks_about(&self, ident: &str) -> bool {
        self.has.iter().any(|want| want == ident)
    }

    /// Whether a condition of the filter looks at the value of property
    /// `ident`, among those [`GameFacts::absorb`] reads: `PB` and `PW`
    /// (names), `BR` and `WR` (ranks), `RE` (winner, reason), `DT`
    /// (dates), `SZ`, `HA`, `KM`. A reader that builds [`GameFacts`] for
    /// this filter alone may absorb only these: the filter decides the
    /// same.
    ///
    /// ```
    /// use sgf_stream::game::{Filter, GameFacts};
    /// use sgf_stream::typed::Color;
    /// let filter = Filter::new().black("lee").winner(Color::White);
    /// assert!(filter.reads("PB") && filter.reads("RE"));
    /// assert!(!filter.reads("PW") && !filter.reads("DT") && !filter.reads("C"));
    /// let mut facts = GameFacts::default();
    /// for (ident, text) in [("PB", "Lee Sedol"), ("PW", "AlphaGo"), ("RE", "W+R"), ("DT", "2016")] {
    ///     if filter.reads(ident) {
    ///         facts.absorb(ident, text);
    ///     }
    /// }
    /// assert!(filter.matches(&facts));
    /// ```
    pub fn reads(&self, ident: &str) -> bool {
        match ident {
            "PB" => self.player.is_some() || self.black.is_some(),
            "PW" => self.player.is_some() || self.white.is_some(),
            "BR" | "WR" => self.min_rank.is_some() || self.max_rank.is_some(),
            "RE" => self.winner.is_some() || self.reason.is_some(),
            "DT" => self.from.is_some() || self.to.is_some(),
            "SZ" => self.size.is_some(),
            "HA" => self.handicap.is_some(),
            "KM" => self.komi.is_some(),
            _ => false,
        }
    }

    /// The properties [`has`](Self::has) asks for, in the order given:
    /// a reader that does not keep which properties a game uses (the
    /// search index of `sgf-go`) refuses a filter with any.
    ///
    /// ```
    /// use sgf_stream::game::Filter;
    /// assert!(Filter::new().player("Lee").properties().is_empty());
    /// assert_eq!(Filter::new().has("C").has("TR").properties(), ["C", "TR"]);
    /// ```
    pub fn properties(&self) -> &[String] {
        &self.has
    }

    /// Whether the game of `facts` passes every condition.
    pub fn matches(&self, facts: &GameFacts) -> bool {
        self.names_match(facts)
            && self.ranks_match(facts)
            && self.result_matches(facts)
            && self.dates_match(facts)
            && self.board_matches(facts)
            && self.has.iter().all(|ident| facts.has(ident))
    }

    fn names_match(&self, facts: &GameFacts) -> bool {
        let (black, white) = (facts.black.as_deref(), facts.white.as_deref());
        let name = |want: &Option<String>, name: Option<&str>| {
            let (Some(want), Some(name)) = (want, name) else {
                return false;
            };
            let name = name.trim().to_lowercase();
            match self.exact_names {
                true => name == *want,
                false => name.contains(want.as_str()),
            }
        };
        let either = |want: &Option<String>| name(want, black) || name(want, white);
        (self.player.is_none() || either(&self.player))
            && (self.black.is_none() || name(&self.black, black))
            && (self.white.is_none() || name(&self.white, white))
    }

    fn ranks_match(&self, facts: &GameFacts) -> bool {
        if self.min_rank.is_none() && self.max_rank.is_none() {
            return true;
        }
        let n = &facts.normalized;
        [n.black_rank, n.white_rank].iter().all(|rank| match rank {
            Ok(rank) => {
                self.min_rank.map_or(true, |min| *rank >= min)
                    && self.max_rank.map_or(true, |max| *rank <= max)
            }
            Err(_) => false,
        })
    }

    fn result_matches(&self, facts: &GameFacts) -> bool {
        let n = &facts.normalized;
        self.winner.map_or(true, |want| n.winner() == Some(want))
            && self.reason.map_or(true, |want| n.reason() == Some(want))
    }

    fn dates_match(&self, facts: &GameFacts) -> bool {
        if self.from.is_none() && self.to.is_none() {
            return true;
        }
        let Some(date) = facts.normalized.date() else {
            return false;
        };
        self.from
            .map_or(true, |from| cmp_shared(date, from) != Ordering::Less)
            && self
                .to
                .map_or(true, |to| cmp_shared(date, to) != Ordering::Greater)
    }

    fn board_matches(&self, facts: &GameFacts) -> bool {
        let n = &facts.normalized;
        let handicap = match n.handicap {
            Err(NormalizeError::Missing) => Ok(0),
            other => other,
        };
        self.size
            .map_or(true, |want| facts.board_size() == Some(want))
            && self.handicap.map_or(true, |want| handicap == Ok(want))
            && self.komi.map_or(true, |want| {
                n.komi.is_ok_and(|komi| (komi - want).abs() < 1e-9)
            })
            && self.min_moves.map_or(true, |min| facts.moves >= min)
            && self.max_moves.map_or(true, |max| facts.moves <= max)
    }
}

/// `a` against `b` on what both say: the years, then the months if both
/// have one, then the days if both have one.
fn cmp_shared(a: Date, b: Date) -> Ordering {
    let parts = |d: Date| [d.month(), d.day()];
    let mut order = a.year().cmp(&b.year());
    for (x, y) in parts(a).into_iter().zip(parts(b)) {
        match (x, y) {
            (Some(x), Some(y)) if order == Ordering::Equal => order = x.cmp(&y),
            _ => break,
        }
    }
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    fn date(text: &str) -> Date {
        Date::parse(text).unwrap()
    }

    fn facts(text: &str) -> GameFacts {
        GameFacts::of(&crate::parse(text).unwrap())
    }

    #[test]
    fn partial_dates_compare_on_what_both_say() {
        use Ordering::{Equal, Greater, Less};
        let cases = [
            ("1996-05-06", "1996", Equal),
            ("1996", "1996-05-06", Equal),
            ("1996-05-06", "1996-05", Equal),
            ("1996-05-06", "1996-05-07", Less),
            ("1996-06-01", "1996-05", Greater),
            ("1995-12-31", "1996", Less),
            ("1997", "1996-12-31", Greater),
            ("1996-04", "1996-05-01", Less),
        ];
        for (a, b, expected) in cases {
            assert_eq!(cmp_shared(date(a), date(b)), expected, "{a} against {b}");
        }
    }

    #[test]
    fn a_new_filter_keeps_every_game() {
        for text in ["(;)", "(;SZ[big]HA[x]RE[?])", "(;BR[?]WR[UR]DT[?])"] {
            assert!(Filter::new().matches(&facts(text)), "{text}");
        }
    }

    #[test]
    fn players_by_part_or_whole_name_in_any_letter_case() {
        let game = facts("(;PB[Iyama Yuta]PW[Cho U])");
        assert!(Filter::new().player("YUTA").matches(&game));
        assert!(Filter::new().player("cho").matches(&game));
        assert!(Filter::new().black("iyama").white("cho u").matches(&game));
        assert!(!Filter::new().black("cho").matches(&game));
        assert!(!Filter::new().white("iyama").matches(&game));
        assert!(Filter::new()
            .player("cho u")
            .exact_names(true)
            .matches(&game));
        assert!(!Filter::new().player("cho").exact_names(true).matches(&game));
        assert!(!Filter::new().player("anyone").matches(&facts("(;)")));
        // Letters beyond ASCII are folded too.
        assert!(Filter::new().player("ÉRIC").matches(&facts("(;PW[éric])")));
    }

    #[test]
    fn ranks_bound_both_players_and_unknown_ranks_do_not_pass() {
        let rank = |text: &str| text.parse::<Rank>().unwrap();
        let dan = Filter::new().min_rank(rank("1d"));
        assert!(dan.matches(&facts("(;BR[3d]WR[9段])")));
        assert!(dan.matches(&facts("(;BR[P8段]WR[1d])")));
        assert!(!dan.matches(&facts("(;BR[3d]WR[1k])")));
        assert!(!dan.matches(&facts("(;BR[3d])")));
        assert!(!dan.matches(&facts("(;BR[3d]WR[?])")));
        let amateur = Filter::new().min_rank(rank("5k")).max_rank(rank("9d"));
        assert!(amateur.matches(&facts("(;BR[5k]WR[9d])")));
        assert!(!amateur.matches(&facts("(;BR[6k]WR[9d])")));
        assert!(!amateur.matches(&facts("(;BR[5k]WR[1p])")));
    }

    #[test]
    fn results_by_winner_and_reason() {
        let black = Filter::new().winner(Color::Black);
        assert!(black.matches(&facts("(;RE[B+R])")));
        assert!(black.matches(&facts("(;RE[黑中盘胜])")));
        assert!(!black.matches(&facts("(;RE[W+0.5])")));
        assert!(!black.matches(&facts("(;RE[0])")));
        assert!(!black.matches(&facts("(;)")));
        let score = Filter::new().reason(Reason::Score);
        assert!(score.matches(&facts("(;RE[W+0.5])")));
        assert!(!score.matches(&facts("(;RE[B+T])")));
        let unknown = Filter::new().reason(Reason::Unknown);
        assert!(unknown.matches(&facts("(;RE[gave up])")));
        assert!(unknown.matches(&facts("(;RE[B+])")));
        assert!(!unknown.matches(&facts("(;)")), "no RE has no reason");
    }

    #[test]
    fn dates_by_the_first_date_of_the_game() {
        let from = Filter::new().date_from(date("1996-05-07"));
        assert!(from.matches(&facts("(;DT[1996-05-07])")));
        assert!(
            !from.matches(&facts("(;DT[1996-05-06,07,08])")),
            "first date"
        );
        assert!(from.matches(&facts("(;DT[2017.06.21 21:45])")));
        assert!(!from.matches(&facts("(;)")));
        let to = Filter::new().date_to(date("1996"));
        assert!(to.matches(&facts("(;DT[1996-12-31])")));
        assert!(!to.matches(&facts("(;DT[1997-01-01])")));
    }

    #[test]
    fn board_handicap_komi_and_moves() {
        let nine = facts("(;SZ[9]HA[2]KM[0.5];B[aa];W[bb](;B[cc])(;B[dd];W[ee]))");
        assert!(Filter::new().size(BoardSize::square(9)).matches(&nine));
        assert!(!Filter::new().size(BoardSize::square(19)).matches(&nine));
        assert!(Filter::new()
            .size(BoardSize::square(19))
            .matches(&facts("(;)")));
        let bad_size = facts("(;SZ[big])");
        assert!(!Filter::new().size(BoardSize::square(19)).matches(&bad_size));
        assert!(Filter::new().handicap(2).matches(&nine));
        assert!(!Filter::new().handicap(0).matches(&nine));
        assert!(Filter::new().handicap(0).matches(&facts("(;)")));
        assert!(!Filter::new().handicap(0).matches(&facts("(;HA[x])")));
        assert!(Filter::new().komi(0.5).matches(&nine));
        assert!(Filter::new().komi(7.5).matches(&facts("(;KM[750])")));
        assert!(!Filter::new().komi(6.5).matches(&nine));
        // B[aa] W[bb] B[cc]: the main line.
        assert!(Filter::new().min_moves(3).max_moves(3).matches(&nine));
        assert!(!Filter::new().min_moves(4).matches(&nine));
        assert!(!Filter::new().max_moves(2).matches(&nine));
    }

    #[test]
    fn the_values_a_filter_reads_decide_as_all_of_them() {
        let games = [
            "(;PB[Lee Sedol]BR[9p]PW[AlphaGo]WR[9p]RE[W+R]DT[2016-03-09]KM[7.5];B[aa])",
            "(;SZ[9]PB[Ann]BR[3k]PW[Lee]WR[2d]RE[B+0.5]DT[1996]HA[2]KM[0.5];B[aa];W[bb])",
            "(;SZ[big]HA[x]KM[?]RE[?]DT[?]BR[?])",
            "(;)",
        ];
        let filters = [
            Filter::new().player("lee"),
            Filter::new().black("ann"),
            Filter::new().white("lee"),
            Filter::new().min_rank("1d".parse().unwrap()),
            Filter::new().max_rank("9d".parse().unwrap()),
            Filter::new().winner(Color::Black),
            Filter::new().reason(Reason::Resign),
            Filter::new().date_from(date("2000")),
            Filter::new().date_to(date("2000")),
            Filter::new().size(BoardSize::square(19)),
            Filter::new().handicap(0),
            Filter::new().komi(7.5),
            Filter::new().min_moves(2),
        ];
        for text in games {
            let all = facts(text);
            for filter in &filters {
                let mut read = GameFacts {
                    moves: all.moves,
                    ..GameFacts::default()
                };
                let tree = crate::parse(text).unwrap();
                for (ident, values) in tree.main_line().flat_map(|node| node.properties()) {
                    if let (true, Some(value)) = (filter.reads(ident), values.first()) {
                        read.absorb(ident, value);
                    }
                }
                assert_eq!(
                    filter.matches(&read),
                    filter.matches(&all),
                    "{filter:?} on {text}"
                );
            }
        }
        // Every property a condition reads, and none other.
        let every = Filter::new()
            .player("a")
            .min_rank("1d".parse().unwrap())
            .winner(Color::Black)
            .date_to(date("2000"))
            .size(BoardSize::square(19))
            .handicap(0)
            .komi(0.5);
        let idents = ["PB", "PW", "BR", "WR", "RE", "DT", "SZ", "HA", "KM"];
        assert!(idents.iter().all(|ident| every.reads(ident)));
        assert!(!every.reads("TM") && !every.reads("B"));
        assert!(idents.iter().all(|ident| !Filter::new().reads(ident)));
    }

    #[test]
    fn properties_anywhere_in_the_game() {
        let game = facts("(;C[x];B[aa](;W[bb])(;W[cc]TR[aa]))");
        assert!(Filter::new().has("TR").has("C").matches(&game));
        assert!(!Filter::new().has("TR").has("LB").matches(&game));
        let filter = Filter::new().has("TR");
        assert!(filter.asks_about("TR") && !filter.asks_about("C"));
    }
}
