//! Gathering statistics from one input's events, and merging them.

use std::collections::HashMap;

use sgf_stream::charset::CharsetSource;
use sgf_stream::game::{GameCollector, GameInfo, GameResult, WinBy};
use sgf_stream::typed::Color;
use sgf_stream::Event;

use crate::diag::{self, Counts, Depth, Mode};
use crate::run::Input;

/// How many times each key was seen.
pub type Counter = HashMap<String, u64>;

/// Statistics over some inputs; [`merge`](Stats::merge) adds two up.
#[derive(Debug, Default, Clone)]
pub struct Stats {
    /// Inputs with at least one error.
    pub files_with_errors: u64,
    /// Game trees at the top level.
    pub games: u64,
    /// Nodes, in all variations.
    pub nodes: u64,
    /// `B` and `W` properties, in all variations.
    pub moves: u64,
    /// Lines of play besides each game's main line (leaves minus one).
    pub variations: u64,
    /// Properties of all kinds.
    pub properties: u64,
    /// Errors and warnings.
    pub counts: Counts,
    /// Games per board size (`SZ`; 19 when absent, as the spec says).
    pub board_sizes: Counter,
    /// Games per kind of result (`B+R`, `W+points`, `Draw`, ...).
    pub results: Counter,
    /// Games per player name (`PB` and `PW`).
    pub players: Counter,
    /// Games per charset read, and how it was chosen: `UTF-8 (declared)`,
    /// `Shift_JIS (detected)`, ...
    pub charsets: Counter,
    /// Uses of each property identifier.
    pub idents: Counter,
    /// The earliest and the latest date (`DT`, as `YYYY[-MM[-DD]]`).
    pub dates: Option<(String, String)>,
}

impl Stats {
    /// Adds `other` to these statistics.
    pub fn merge(&mut self, other: Stats) {
        self.files_with_errors += other.files_with_errors;
        self.games += other.games;
        self.nodes += other.nodes;
        self.moves += other.moves;
        self.variations += other.variations;
        self.properties += other.properties;
        self.counts.add(other.counts);
        for (mine, theirs) in [
            (&mut self.board_sizes, other.board_sizes),
            (&mut self.results, other.results),
            (&mut self.players, other.players),
            (&mut self.charsets, other.charsets),
            (&mut self.idents, other.idents),
        ] {
            for (key, count) in theirs {
                *mine.entry(key).or_default() += count;
            }
        }
        if let Some((first, last)) = other.dates {
            self.add_date_range(first, last);
        }
    }

    fn add_date_range(&mut self, first: String, last: String) {
        self.dates = Some(match self.dates.take() {
            None => (first, last),
            Some((a, b)) => (a.min(first), b.max(last)),
        });
    }
}

fn bump(counter: &mut Counter, key: &str) {
    match counter.get_mut(key) {
        Some(count) => *count += 1,
        None => {
            counter.insert(key.to_string(), 1);
        }
    }
}

/// One game being counted: its information (from the library's
/// [`GameCollector`], once the game closes) and its leaves.
#[derive(Debug, Default)]
struct Game {
    info: Option<GameInfo>,
    leaves: u64,
}

impl Game {
    fn finish(self, stats: &mut Stats) {
        stats.games += 1;
        stats.variations += self.leaves.saturating_sub(1);
        let info = self.info.unwrap_or_default();
        bump(&mut stats.board_sizes, &info.size.to_string());
        bump(&mut stats.results, result_class(info.result.as_deref()));
        for player in [info.black, info.white].into_iter().flatten() {
            let player = player.trim();
            if !player.is_empty() {
                bump(&mut stats.players, player);
            }
        }
        if let Some(date) = info.date.as_deref().and_then(leading_date) {
            stats.add_date_range(date.to_string(), date.to_string());
        }
    }
}

/// Statistics of one input, and its problems.
pub fn collect(input: &Input, mode: Mode) -> (Stats, Vec<diag::Diagnostic>) {
    let mut stats = Stats::default();
    let mut depth = Depth::default();
    let mut game: Option<Game> = None;
    let mut collector = GameCollector::lenient().without_moves();
    let mut after_end = false;
    let (charset, diagnostics) = diag::parse_events(input.data, mode, |event, _| {
        if depth.step(event) {
            if let Some(done) = game.replace(Game::default()) {
                done.finish(&mut stats);
            }
        }
        let Some(current) = game.as_mut() else { return };
        if let Ok(Some(record)) = collector.push(event) {
            current.info = Some(record.info);
        }
        match event {
            Event::StartGameTree => after_end = false,
            Event::Node => {
                after_end = false;
                stats.nodes += 1;
            }
            Event::Property(ident, _) => {
                stats.properties += 1;
                stats.moves += (ident == "B" || ident == "W") as u64;
                bump(&mut stats.idents, ident.as_str());
            }
            Event::EndGameTree => {
                current.leaves += !after_end as u64;
                after_end = true;
            }
        }
    });
    if let Some(done) = game {
        done.finish(&mut stats);
    }
    if stats.games > 0 {
        let key = format!("{} ({})", charset.charset, source_name(charset.source));
        stats.charsets.insert(key, stats.games);
    }
    stats.counts = Counts::of(&diagnostics);
    stats.files_with_errors = (stats.counts.errors > 0) as u64;
    (stats, diagnostics)
}

/// How a charset was chosen, in a word.
fn source_name(source: CharsetSource) -> &'static str {
    match source {
        CharsetSource::Declared => "declared",
        CharsetSource::ByteOrderMark => "byte order mark",
        CharsetSource::Detected => "detected",
        CharsetSource::Default => "default",
        _ => "other",
    }
}

/// The kind of a result, from the library's [`GameResult::parse`]:
/// `B+R`, `B+T`, `B+F`, `B+points`, `B+` (no reason, also for a bare
/// `B`), likewise for `W`, `Draw`, `Void`, `Unknown` (`?`), `(none)` or
/// `other` (not in the spec's form).
pub fn result_class(result: Option<&str>) -> &'static str {
    let Some(result) = result.map(str::trim) else {
        return "(none)";
    };
    match GameResult::parse(result) {
        Some(GameResult::Win { winner, by }) => {
            let black = winner == Color::Black;
            let pick = |b: &'static str, w: &'static str| if black { b } else { w };
            match by {
                WinBy::Resign => pick("B+R", "W+R"),
                WinBy::Time => pick("B+T", "W+T"),
                WinBy::Forfeit => pick("B+F", "W+F"),
                WinBy::Score(_) => pick("B+points", "W+points"),
                _ => pick("B+", "W+"),
            }
        }
        Some(GameResult::Draw) => "Draw",
        Some(GameResult::Void) => "Void",
        Some(GameResult::Unknown) => "Unknown",
        // `RE[B]`: a winner with no `+`, as some servers write.
        None if result.eq_ignore_ascii_case("B") => "B+",
        None if result.eq_ignore_ascii_case("W") => "W+",
        None => "other",
    }
}

/// The date a `DT` value starts with, as `YYYY`, `YYYY-MM` or
/// `YYYY-MM-DD`; `None` when it does not start with a year.
pub fn leading_date(value: &str) -> Option<&str> {
    let value = value.trim();
    let bytes = value.as_bytes();
    let digits = |range: std::ops::Range<usize>| {
        bytes
            .get(range)
            .is_some_and(|b| b.iter().all(u8::is_ascii_digit))
    };
    if !digits(0..4) {
        return None;
    }
    let mut end = 4;
    for next in [7, 10] {
        if bytes.get(end) == Some(&b'-') && digits(end + 1..next) {
            end = next;
        } else {
            break;
        }
    }
    Some(&value[..end])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_are_classed() {
        let class = |re: &str| result_class(Some(re));
        assert_eq!(class("B+Resign"), "B+R");
        assert_eq!(class("w+r"), "W+R");
        assert_eq!(class("W+0.5"), "W+points");
        assert_eq!(class("B+T"), "B+T");
        assert_eq!(class("B+"), "B+");
        assert_eq!(class("W"), "W+");
        assert_eq!(class("0"), "Draw");
        assert_eq!(class("Void"), "Void");
        assert_eq!(class("?"), "Unknown");
        assert_eq!(class("W+lots"), "other");
        assert_eq!(class("resigned"), "other");
        assert_eq!(result_class(None), "(none)");
    }

    #[test]
    fn dates_keep_their_leading_part() {
        assert_eq!(leading_date("2024-02-11,12"), Some("2024-02-11"));
        assert_eq!(leading_date(" 1998-07 "), Some("1998-07"));
        assert_eq!(leading_date("1998-7-1"), Some("1998"));
        assert_eq!(leading_date("98-07-01"), None);
        assert_eq!(leading_date(""), None);
    }

    #[test]
    fn counts_one_collection() {
        let data = b"(;SZ[9]RE[B+R]PB[Ann]PW[Bob]DT[2001-02-03];B[aa](;W[bb])(;W[cc];B[dd]))\
                     (;PB[Ann]DT[1999];B[])";
        let input = Input {
            name: "x.sgf",
            path: None,
            data,
        };
        let (stats, diagnostics) = collect(&input, Mode::Strict);
        assert!(diagnostics.is_empty());
        assert_eq!(stats.charsets["UTF-8 (default)"], 2);
        assert_eq!((stats.games, stats.nodes, stats.moves), (2, 7, 5));
        assert_eq!(stats.variations, 1);
        assert_eq!(stats.players["Ann"], 2);
        assert_eq!(stats.board_sizes["9"], 1);
        assert_eq!(stats.board_sizes["19"], 1);
        assert_eq!(stats.results["B+R"], 1);
        assert_eq!(stats.idents["B"], 3);
        assert_eq!(stats.dates, Some(("1999".into(), "2001-02-03".into())));
    }
}
