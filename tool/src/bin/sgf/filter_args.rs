//! The filters of `sgf select` and `sgf search`, as flags: one clap
//! struct that both flatten, turned into the library's
//! `sgf_stream::game::Filter`, which decides.

use sgf_stream::game::{Date, Filter, Rank, Reason};
use sgf_stream::typed::{BoardSize, Color};

/// The filters; a game must pass all those given. A game whose value is
/// unknown (absent, or not read) does not pass a filter on it.
#[derive(Debug, Clone, clap::Args)]
pub struct FilterArgs {
    /// Either player's name (PB or PW) contains NAME, ignoring letter case
    /// (--exact-names: is NAME).
    #[arg(long, value_name = "NAME")]
    player: Option<String>,
    /// Black's name (PB) contains NAME.
    #[arg(long, value_name = "NAME")]
    black: Option<String>,
    /// White's name (PW) contains NAME.
    #[arg(long, value_name = "NAME")]
    white: Option<String>,
    /// Names must match whole (ignoring letter case and surrounding space).
    #[arg(long)]
    exact_names: bool,
    /// Both players at least RANK (30k..1k, 1d..9d, 1p..9p; 9p is the top).
    #[arg(long, value_name = "RANK", value_parser = parse_rank)]
    min_rank: Option<Rank>,
    /// Both players at most RANK.
    #[arg(long, value_name = "RANK", value_parser = parse_rank)]
    max_rank: Option<Rank>,
    /// The winner: B or W.
    #[arg(long, value_name = "B|W", value_parser = parse_color)]
    winner: Option<Color>,
    /// Why the game ended: score, resign, time, forfeit, draw, void or
    /// unknown.
    #[arg(long, value_name = "WORD", value_parser = parse_reason)]
    reason: Option<Reason>,
    /// The game's first date is DATE (YYYY, YYYY-MM or YYYY-MM-DD) or
    /// later, compared on what both say: --from 1996-05 keeps a game dated
    /// 1996.
    #[arg(long, value_name = "DATE", value_parser = parse_date)]
    from: Option<Date>,
    /// The game's first date is DATE or earlier: --to 1996 keeps
    /// 1996-12-31.
    #[arg(long, value_name = "DATE", value_parser = parse_date)]
    to: Option<Date>,
    /// The board: N (N×N) or COLS:ROWS; no SZ is 19.
    #[arg(long, value_name = "N", value_parser = parse_size)]
    size: Option<BoardSize>,
    /// The handicap (no HA is 0).
    #[arg(long, value_name = "N")]
    handicap: Option<u32>,
    /// The komi, in points, as the library reads KM (Fox writes 750 for 7.5).
    #[arg(long, value_name = "K", allow_negative_numbers = true)]
    komi: Option<f64>,
    /// At least N moves (B and W) on the main line.
    #[arg(long, value_name = "N")]
    min_moves: Option<usize>,
    /// At most N moves on the main line.
    #[arg(long, value_name = "N")]
    max_moves: Option<usize>,
    /// The game uses property PROP in some node (repeat for several; not
    /// for sgf search, whose index does not store properties).
    #[arg(long, value_name = "PROP")]
    has: Vec<String>,
}

fn parse_rank(text: &str) -> Result<Rank, String> {
    Rank::parse(text).map_err(|err| format!("`{text}` is no rank: {err}"))
}

fn parse_color(text: &str) -> Result<Color, String> {
    match text {
        "B" | "b" => Ok(Color::Black),
        "W" | "w" => Ok(Color::White),
        _ => Err(format!("`{text}` is neither B nor W")),
    }
}

fn parse_reason(text: &str) -> Result<Reason, String> {
    text.parse().map_err(|_| {
        format!("`{text}` is not one of score, resign, time, forfeit, draw, void, unknown")
    })
}

fn parse_date(text: &str) -> Result<Date, String> {
    Date::parse(text).map_err(|err| format!("`{text}` is no YYYY[-MM[-DD]] date: {err}"))
}

fn parse_size(text: &str) -> Result<BoardSize, String> {
    BoardSize::decode_lenient(text.as_bytes()).map_err(|err| format!("`{text}`: {err}"))
}

impl FilterArgs {
    /// The library's filter.
    pub fn filter(&self) -> Filter {
        let mut filter = Filter::new().exact_names(self.exact_names);
        if let Some(name) = &self.player {
            filter = filter.player(name);
        }
        if let Some(name) = &self.black {
            filter = filter.black(name);
        }
        if let Some(name) = &self.white {
            filter = filter.white(name);
        }
        macro_rules! set {
            ($($field:ident => $method:ident),*) => {
                $(if let Some(value) = self.$field {
                    filter = filter.$method(value);
                })*
            };
        }
        set!(min_rank => min_rank, max_rank => max_rank, winner => winner, reason => reason,
             from => date_from, to => date_to, size => size, handicap => handicap, komi => komi,
             min_moves => min_moves, max_moves => max_moves);
        self.has
            .iter()
            .fold(filter, |filter, ident| filter.has(ident))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn filter_arguments_become_the_library_filter() {
        let args = FilterArgs {
            player: Some("Lee".into()),
            black: None,
            white: None,
            exact_names: false,
            min_rank: Some(parse_rank("1d").unwrap()),
            max_rank: None,
            winner: Some(parse_color("w").unwrap()),
            reason: Some(parse_reason("resign").unwrap()),
            from: Some(parse_date("2016").unwrap()),
            to: None,
            size: Some(parse_size("19").unwrap()),
            handicap: Some(0),
            komi: Some(7.5),
            min_moves: None,
            max_moves: Some(200),
            has: vec!["C".into()],
        };
        let expected = Filter::new()
            .player("Lee")
            .min_rank(Rank::parse("1d").unwrap())
            .winner(Color::White)
            .reason(Reason::Resign)
            .date_from(Date::parse("2016").unwrap())
            .size(BoardSize::square(19))
            .handicap(0)
            .komi(7.5)
            .max_moves(200)
            .has("C");
        assert_eq!(args.filter(), expected);
        assert!(parse_color("black").is_err());
        assert!(parse_reason("resigned").is_err());
        assert!(parse_date("2016/01").is_err());
        assert!(parse_rank("strong").is_err());
    }
}
