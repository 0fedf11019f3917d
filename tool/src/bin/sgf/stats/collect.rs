//! Gathering statistics from one input's events, and merging them.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use std::ops::Range;

use sgf_stream::charset::CharsetSource;
use sgf_stream::game::{GameCollector, GameInfo, GameResult, WinBy};
use sgf_stream::typed::Color;
use sgf_stream::Event;

use sgf_tool::collection::{Ctx, Depth, Note, Visit};
use sgf_tool::diagnostics::Counts;

/// How many times each key was seen.
pub type Counter = HashMap<String, u64, BuildHasherDefault<Fnv>>;

/// FNV-1a: a fast hash for the short keys of a [`Counter`] (names,
/// sizes, results), which come from the inputs but only count things.
#[derive(Debug, Clone, Copy)]
pub struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Self {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = (self.0 ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
        }
    }
}

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
    /// Uses of each property identifier (once [`settle`](Self::settle)d).
    pub idents: Counter,
    /// Uses of each property identifier, by slot, not yet in `idents`.
    table: Idents,
    /// The earliest and the latest date (`DT`, as `YYYY[-MM[-DD]]`).
    pub dates: Option<(String, String)>,
}

impl Stats {
    /// Moves the counts of identifiers gathered by slot to `idents`,
    /// by name: to do before reporting.
    pub fn settle(&mut self) {
        self.table.drain_into(&mut self.idents);
    }

    /// Adds `other` to these statistics.
    pub fn merge(&mut self, mut other: Stats) {
        self.table.merge(&mut other.table);
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

/// How many times each property identifier was seen: those of one or
/// two capitals in a table (nearly all), the others by name.
#[derive(Debug, Clone, Default)]
struct Idents {
    /// By slot (see `add`); empty until the first identifier.
    short: Vec<u64>,
    long: Counter,
}

impl Idents {
    #[inline]
    fn add(&mut self, ident: &str) {
        let slot = match *ident.as_bytes() {
            [a @ b'A'..=b'Z'] => Some(usize::from(a - b'A') * 27),
            [a @ b'A'..=b'Z', b @ b'A'..=b'Z'] => {
                Some(usize::from(a - b'A') * 27 + usize::from(b - b'A') + 1)
            }
            _ => None,
        };
        match slot {
            Some(slot) => {
                if self.short.is_empty() {
                    self.short = vec![0; 27 * 27];
                }
                self.short[slot] += 1;
            }
            None => bump(&mut self.long, ident),
        }
    }

    /// Adds the counts of `other` to these, leaving it empty.
    fn merge(&mut self, other: &mut Idents) {
        if other.short.is_empty() {
            return;
        }
        if self.short.is_empty() {
            std::mem::swap(self, other);
            return;
        }
        for (mine, theirs) in self.short.iter_mut().zip(&mut other.short) {
            *mine += std::mem::take(theirs);
        }
        for (name, count) in other.long.drain() {
            *self.long.entry(name).or_default() += count;
        }
    }

    /// Adds the counts to `counter`, by name.
    fn drain_into(&mut self, counter: &mut Counter) {
        for (slot, count) in self.short.iter_mut().enumerate() {
            if *count == 0 {
                continue;
            }
            let mut name = String::from(char::from(b'A' + (slot / 27) as u8));
            if slot % 27 > 0 {
                name.push(char::from(b'A' + (slot % 27 - 1) as u8));
            }
            *counter.entry(name).or_default() += std::mem::take(count);
        }
        for (name, count) in self.long.drain() {
            *counter.entry(name).or_default() += count;
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

/// Gathers [`Stats`] from the events of a piece.
#[derive(Debug)]
pub struct Collect {
    stats: Stats,
    idents: Idents,
    depth: Depth,
    game: Option<Game>,
    collector: GameCollector,
    after_end: bool,
}

impl Default for Collect {
    fn default() -> Self {
        Collect {
            stats: Stats::default(),
            idents: Idents::default(),
            depth: Depth::default(),
            game: None,
            collector: GameCollector::lenient().without_moves(),
            after_end: false,
        }
    }
}

impl Visit for Collect {
    type Out = Stats;

    #[inline]
    fn event(&mut self, event: &Event<'_>, span: Range<u64>, ctx: &Ctx<'_>, _: &mut Vec<Note>) {
        if self.depth.step(event) {
            if let Some(done) = self.game.replace(Game::default()) {
                done.finish(&mut self.stats);
            }
            let report = ctx.charset(span.start);
            let key = format!("{} ({})", report.charset, source_name(report.source));
            bump(&mut self.stats.charsets, &key);
        }
        let Some(current) = self.game.as_mut() else {
            return;
        };
        match event {
            Event::Node => {
                self.after_end = false;
                self.stats.nodes += 1;
                let _ = self.collector.push(event);
                return;
            }
            Event::Property(ident, _) => {
                self.stats.properties += 1;
                let ident = ident.as_str();
                self.idents.add(ident);
                if ident == "B" || ident == "W" {
                    self.stats.moves += 1;
                    return;
                }
                // The collector decodes only what the statistics use.
                if !matches!(ident, "SZ" | "RE" | "PB" | "PW" | "DT") {
                    return;
                }
            }
            Event::StartGameTree => self.after_end = false,
            Event::EndGameTree => {
                current.leaves += !self.after_end as u64;
                self.after_end = true;
            }
        }
        if let Ok(Some(record)) = self.collector.push(event) {
            current.info = Some(record.info);
        }
    }

    fn take(&mut self, _: &Ctx<'_>, _: &mut Vec<Note>) -> Stats {
        if let Some(done) = self.game.take() {
            done.finish(&mut self.stats);
        }
        self.stats.table = std::mem::take(&mut self.idents);
        std::mem::take(&mut self.stats)
    }
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
                     (;PB[Ann]DT[1999]MULTIGOGM[1];B[])";
        let batch = sgf_stream::read::Batch::whole(data.to_vec());
        let decoded = batch.decode();
        let mut collect = Collect::default();
        for item in sgf_stream::Parser::new(decoded.text()).into_spans() {
            let (event, span) = item.unwrap();
            collect.event(&event, span, &Ctx::Batch(&decoded), &mut Vec::new());
        }
        let mut stats = collect.take(&Ctx::Batch(&decoded), &mut Vec::new());
        stats.settle();
        assert_eq!(stats.charsets["UTF-8 (default)"], 2);
        assert_eq!((stats.games, stats.nodes, stats.moves), (2, 7, 5));
        assert_eq!(stats.variations, 1);
        assert_eq!(stats.players["Ann"], 2);
        assert_eq!(stats.board_sizes["9"], 1);
        assert_eq!(stats.board_sizes["19"], 1);
        assert_eq!(stats.results["B+R"], 1);
        assert_eq!(stats.idents["B"], 3);
        assert_eq!(stats.idents["MULTIGOGM"], 1);
        assert_eq!(stats.idents["SZ"], 1);
        assert_eq!(stats.dates, Some(("1999".into(), "2001-02-03".into())));
    }
}
