//! Gathering statistics from one input's events, and merging them.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use std::ops::Range;

use sgf_stream::charset::{Charset, CharsetSource};
use sgf_stream::game::{Date, Dates, GameCollector, GameInfo, NormalizeError, Normalized};
use sgf_stream::game::{Rank, Reason};
use sgf_stream::typed::{BoardSize, Color};
use sgf_stream::{Event, RawValues};

use sgf_tool::collection::{Ctx, Note, Visit};
use sgf_tool::diagnostics::Counts;

use super::idents::{Idents, Tally};

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
    /// Games per board size (`SZ`; 19 when absent, as the spec says;
    /// once [`settle`](Self::settle)d, as the three below).
    pub board_sizes: Counter,
    /// Games per kind of result (`B+R`, `W+points`, `Draw`, ...).
    pub results: Counter,
    /// Games per reason the game ended (`score`, `resign`, ...,
    /// `(none)` without `RE`).
    pub reasons: Counter,
    /// Players per rank (`5k`, `3d`, `9p`; `(none)` without `BR`/`WR`,
    /// `(not read)`): each game counts its two players (once
    /// [`settle`](Self::settle)d).
    pub ranks: Counter,
    /// Games per year of their first date (`(none)` without `DT`,
    /// `(not read)`; once [`settle`](Self::settle)d).
    pub years: Counter,
    /// Games per player name (`PB` and `PW`).
    pub players: Counter,
    /// Games per charset read, and how it was chosen: `UTF-8 (declared)`,
    /// `Shift_JIS (detected)`, ... (once [`settle`](Self::settle)d).
    pub charsets: Counter,
    /// Uses of each property identifier (once [`settle`](Self::settle)d).
    pub idents: Counter,
    /// Uses of each property identifier, by slot, not yet in `idents`.
    table: Idents,
    /// Games by board size, result, reason, year and charset, and players
    /// by rank, not yet in their counters.
    keys: Keyed,
    /// The earliest first date and the latest last date (`DT`).
    pub dates: Option<(Date, Date)>,
}

impl Stats {
    /// Moves the counts gathered by slot or by [`Key`] to the counters
    /// by name (`idents`, `board_sizes`, `results`, `reasons`,
    /// `charsets`, `ranks`, `years`): to do before reporting.
    pub fn settle(&mut self) {
        self.table.drain_into(&mut self.idents);
        for (key, count) in self.keys.0.drain() {
            let (counter, name) = match key {
                Key::Size(size) => (&mut self.board_sizes, size.to_string()),
                Key::Result(class) => (&mut self.results, class.to_string()),
                Key::Reason(reason) => (&mut self.reasons, reason.to_string()),
                Key::Charset(charset, source) => {
                    let name = format!("{charset} ({})", source_name(source));
                    (&mut self.charsets, name)
                }
                Key::Rank(ordinal) => {
                    let rank = |key| Rank::from_ordinal(key as i8).map(|rank| rank.to_string());
                    (&mut self.ranks, Key::name(ordinal, rank))
                }
                Key::Year(year) => (
                    &mut self.years,
                    Key::name(year, |year| Some(year.to_string())),
                ),
            };
            *counter.entry(name).or_default() += count;
        }
    }

    /// Adds `other` to these statistics.
    pub fn merge(&mut self, other: Stats) {
        self.table.merge(other.table);
        self.keys.merge(other.keys);
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
            (&mut self.reasons, other.reasons),
            (&mut self.ranks, other.ranks),
            (&mut self.years, other.years),
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

    fn add_date_range(&mut self, first: Date, last: Date) {
        self.dates = Some(match self.dates.take() {
            None => (first, last),
            Some((a, b)) => (a.min(first), b.max(last)),
        });
    }
}

pub(super) fn bump(counter: &mut Counter, key: &str) {
    match counter.get_mut(key) {
        Some(count) => *count += 1,
        None => {
            counter.insert(key.to_string(), 1);
        }
    }
}

/// What a game is counted under, besides its players: a key of one of
/// the counters, kept as a value until [`Stats::settle`] names it, so
/// that no text is made per game or per piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Key {
    /// `board_sizes`.
    Size(BoardSize),
    /// `results`, by [`result_class`].
    Result(&'static str),
    /// `reasons`.
    Reason(&'static str),
    /// `charsets`: the charset read and how it was chosen.
    Charset(Charset, CharsetSource),
    /// `ranks`, by a rank's ordinal, or [`Key::MISSING`] or [`Key::UNREAD`].
    Rank(i32),
    /// `years`, or [`Key::MISSING`] or [`Key::UNREAD`].
    Year(i32),
}

impl Key {
    /// The property is absent.
    const MISSING: i32 = i32::MIN;
    /// Its value is not read.
    const UNREAD: i32 = i32::MIN + 1;

    /// The number of a normalised value, or why there is none.
    fn number<T>(value: Result<T, NormalizeError>, number: impl Fn(T) -> i32) -> i32 {
        match value {
            Ok(value) => number(value),
            Err(NormalizeError::Missing) => Key::MISSING,
            Err(_) => Key::UNREAD,
        }
    }

    /// The name of a number that [`Key::number`] gave.
    fn name(number: i32, name: impl Fn(i32) -> Option<String>) -> String {
        match number {
            Key::MISSING => "(none)".to_string(),
            Key::UNREAD => "(not read)".to_string(),
            _ => name(number).unwrap_or_default(),
        }
    }
}

/// Counts by [`Key`].
#[derive(Debug, Clone, Default)]
struct Keyed(HashMap<Key, u64, BuildHasherDefault<Fnv>>);

impl Keyed {
    fn add(&mut self, key: Key) {
        *self.0.entry(key).or_default() += 1;
    }

    /// Takes one count of `key` back.
    fn remove(&mut self, key: Key) {
        if let Some(count) = self.0.get_mut(&key) {
            *count -= 1;
            if *count == 0 {
                self.0.remove(&key);
            }
        }
    }

    fn merge(&mut self, other: Keyed) {
        for (key, count) in other.0 {
            *self.0.entry(key).or_default() += count;
        }
    }
}

/// One game being counted: its information (from the library's
/// [`GameCollector`], once the game closes), the values it normalises
/// ([`Normalized::absorb`] over the main line's `BR`, `WR`, `RE`, `DT`)
/// and its leaves.
#[derive(Debug, Default)]
struct Game {
    info: Option<GameInfo>,
    normalized: Normalized,
    /// Before the game's first `)`.
    main: bool,
    leaves: u64,
}

impl Game {
    fn finish(self, stats: &mut Stats) {
        stats.games += 1;
        stats.variations += self.leaves.saturating_sub(1);
        let info = self.info.unwrap_or_default();
        stats.keys.add(Key::Size(info.size));
        let normalized = self.normalized;
        stats.keys.add(Key::Result(result_class(&normalized)));
        let reason = normalized.reason().map_or("(none)", Reason::as_str);
        stats.keys.add(Key::Reason(reason));
        let ordinal = |rank: Rank| i32::from(rank.ordinal());
        stats
            .keys
            .add(Key::Rank(Key::number(normalized.black_rank, ordinal)));
        stats
            .keys
            .add(Key::Rank(Key::number(normalized.white_rank, ordinal)));
        let year = |dates: Dates| i32::from(dates.first().year());
        stats
            .keys
            .add(Key::Year(Key::number(normalized.dates, year)));
        if let (Some(first), Some(last)) = (normalized.date(), normalized.date_last()) {
            stats.add_date_range(first, last);
        }
        for player in [info.black, info.white].into_iter().flatten() {
            let player = player.trim();
            if !player.is_empty() {
                bump(&mut stats.players, player);
            }
        }
    }
}

/// Gathers [`Stats`] from the events of a piece.
///
/// Moves, nodes and identifiers are counted on the way; a game's `SZ`,
/// `PB` and `PW` go to the library's [`GameCollector`] (with the game's
/// structure and its first two nodes: it reads `SZ` in the root alone),
/// its `RE`, `DT`, `BR` and `WR` to [`Normalized::absorb`].
#[derive(Debug)]
pub struct Collect {
    stats: Stats,
    idents: Tally,
    /// Game trees and variations open.
    depth: u32,
    /// Nodes of the current game handed to the collector, up to two.
    fed: u8,
    game: Option<Game>,
    /// The nodes and moves counted before the current game, and the key
    /// its charset was counted under: what a game the reader gives up
    /// takes back.
    before_game: (u64, u64),
    charset_key: Option<Key>,
    collector: GameCollector,
    after_end: bool,
}

impl Default for Collect {
    fn default() -> Self {
        Collect {
            stats: Stats::default(),
            idents: Tally::default(),
            depth: 0,
            fed: 0,
            game: None,
            before_game: (0, 0),
            charset_key: None,
            collector: GameCollector::lenient().without_moves(),
            after_end: false,
        }
    }
}

impl Visit for Collect {
    type Out = Stats;

    #[inline(always)]
    fn event(&mut self, event: &Event<'_>, span: Range<u64>, ctx: &Ctx<'_>, _: &mut Vec<Note>) {
        match event {
            Event::Node => {
                self.stats.nodes += 1;
                self.after_end = false;
                if self.fed < 2 {
                    self.fed += 1;
                    let _ = self.collector.push(event);
                }
            }
            Event::Property(ident, values) => {
                self.stats.properties += 1;
                let ident = ident.as_str();
                self.idents.add(ident);
                match ident {
                    "B" | "W" => self.stats.moves += 1,
                    _ => self.property(event, ident, values),
                }
            }
            _ => self.tree(event, span.start, ctx),
        }
    }

    fn take(&mut self, _: &Ctx<'_>, _: &mut Vec<Note>) -> Stats {
        if let Some(done) = self.game.take() {
            done.finish(&mut self.stats);
        }
        self.stats.table = self.idents.take();
        std::mem::take(&mut self.stats)
    }

    /// A game the reader gave up is no game: neither it, nor its nodes
    /// and moves, nor its charset are counted (its properties are, as
    /// read).
    fn abandoned(&mut self, _: &Ctx<'_>, _: &mut Vec<Note>) {
        if self.game.take().is_some() {
            (self.stats.nodes, self.stats.moves) = self.before_game;
            if let Some(key) = self.charset_key {
                self.stats.keys.remove(key);
            }
        }
    }
}

impl Collect {
    /// A property other than a move: the few the statistics read.
    #[inline(never)]
    fn property(&mut self, event: &Event<'_>, ident: &str, values: &RawValues<'_>) {
        if matches!(ident, "RE" | "DT" | "BR" | "WR") {
            if let Some(current) = self.game.as_mut().filter(|game| game.main) {
                if let Ok(text) = values.first().text() {
                    current.normalized.absorb(ident, &text);
                }
            }
            return;
        }
        // The collector decodes only what the statistics use.
        if matches!(ident, "SZ" | "PB" | "PW") {
            self.collect(event);
        }
    }

    /// A game tree opens or closes: at the top level, a game starts
    /// (the last one is counted) or ends.
    #[inline(never)]
    fn tree(&mut self, event: &Event<'_>, at: u64, ctx: &Ctx<'_>) {
        match event {
            Event::StartGameTree => {
                self.depth += 1;
                self.after_end = false;
                if self.depth == 1 {
                    self.start_game(at, ctx);
                }
            }
            _ => {
                self.depth = self.depth.saturating_sub(1);
                if let Some(current) = self.game.as_mut() {
                    current.leaves += !self.after_end as u64;
                    current.main = false;
                }
                self.after_end = true;
            }
        }
        self.collect(event);
    }

    fn start_game(&mut self, at: u64, ctx: &Ctx<'_>) {
        let game = Game {
            main: true,
            ..Game::default()
        };
        if let Some(done) = self.game.replace(game) {
            done.finish(&mut self.stats);
        }
        self.fed = 0;
        self.before_game = (self.stats.nodes, self.stats.moves);
        let report = ctx.charset(at);
        let key = Key::Charset(report.charset, report.source);
        self.charset_key = Some(key);
        self.stats.keys.add(key);
    }

    /// Hands `event` to the collector; a game's information when it closes.
    fn collect(&mut self, event: &Event<'_>) {
        if let (Ok(Some(record)), Some(current)) = (self.collector.push(event), self.game.as_mut())
        {
            current.info = Some(record.info);
        }
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

/// The kind of a result, by the library's rule ([`Normalized`]'s
/// outcome): `B+R`, `B+T`, `B+F`, `B+points`, `B+` (no reason), likewise
/// for `W`, `Draw`, `Void`, `Unknown` (no winner, no reason), `(none)`
/// without `RE`, or `other` (not read).
pub fn result_class(normalized: &Normalized) -> &'static str {
    let outcome = match normalized.outcome {
        Ok(outcome) => outcome,
        Err(NormalizeError::Missing) => return "(none)",
        Err(_) => return "other",
    };
    let Some(winner) = outcome.winner else {
        return match outcome.reason {
            Reason::Draw => "Draw",
            Reason::Void => "Void",
            _ => "Unknown",
        };
    };
    let black = winner == Color::Black;
    let pick = |b: &'static str, w: &'static str| if black { b } else { w };
    match outcome.reason {
        Reason::Resign => pick("B+R", "W+R"),
        Reason::Time => pick("B+T", "W+T"),
        Reason::Forfeit => pick("B+F", "W+F"),
        Reason::Score => pick("B+points", "W+points"),
        _ => pick("B+", "W+"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_are_classed_by_the_library_rule() {
        let class = |re: &str| {
            let mut normalized = Normalized::new();
            normalized.absorb("RE", re);
            result_class(&normalized)
        };
        assert_eq!(class("B+Resign"), "B+R");
        assert_eq!(class("w+r"), "W+R");
        assert_eq!(class("W+0.5"), "W+points");
        assert_eq!(class("B+T"), "B+T");
        assert_eq!(class("B+"), "B+");
        assert_eq!(class("W"), "W+");
        assert_eq!(class("0"), "Draw");
        assert_eq!(class("Void"), "Void");
        assert_eq!(class("?"), "Unknown");
        // Forms beyond FF[4] that the library reads.
        assert_eq!(class("黑中盘胜"), "B+R");
        assert_eq!(class("白 3目半勝ち"), "W+points");
        assert_eq!(class("W+lots"), "W+", "a winner, with no method read");
        assert_eq!(class("gave up"), "other");
        assert_eq!(result_class(&Normalized::new()), "(none)");
    }

    #[test]
    fn counts_one_collection() {
        let data = b"(;SZ[9]RE[B+R]PB[Ann]PW[Bob]DT[2001-02-03];B[aa](;W[bb])(;W[cc];B[dd]))\
                     (;PB[Ann]DT[1999]MULTIGOGM[1];B[])";
        let mut stats = piece(data);
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
        let date = |text| Date::parse(text).unwrap();
        assert_eq!(stats.dates, Some((date("1999"), date("2001-02-03"))));
        assert_eq!((stats.reasons["resign"], stats.reasons["(none)"]), (1, 1));
        assert_eq!((stats.years["2001"], stats.years["1999"]), (1, 1));
        assert_eq!(stats.ranks["(none)"], 4);
    }

    /// The statistics of one piece, `data`, read whole.
    fn piece(data: &[u8]) -> Stats {
        let batch = sgf_stream::read::Batch::whole(data.to_vec());
        let decoded = batch.decode();
        let mut collect = Collect::default();
        for item in sgf_stream::Parser::new(decoded.text()).into_spans() {
            let (event, span) = item.unwrap();
            collect.event(&event, span, &Ctx::Batch(&decoded), &mut Vec::new());
        }
        collect.take(&Ctx::Batch(&decoded), &mut Vec::new())
    }

    #[test]
    fn a_game_the_reader_gives_up_is_not_counted() {
        let data = b"(;CA[UTF-8]SZ[9]RE[B+R];B[aa])(;SZ[13]RE[W+R];W[bb])";
        let batch = sgf_stream::read::Batch::whole(data.to_vec());
        let decoded = batch.decode();
        let mut collect = Collect::default();
        let ctx = Ctx::Batch(&decoded);
        let events: Vec<_> = sgf_stream::Parser::new(decoded.text())
            .into_spans()
            .collect();
        let (last, events) = events.split_last().unwrap();
        for item in events {
            let (event, span) = item.clone().unwrap();
            collect.event(&event, span, &ctx, &mut Vec::new());
        }
        // As the runner does: just before the event that closes the game.
        collect.abandoned(&ctx, &mut Vec::new());
        let (event, span) = last.clone().unwrap();
        collect.event(&event, span, &ctx, &mut Vec::new());
        let mut stats = collect.take(&ctx, &mut Vec::new());
        stats.settle();
        assert_eq!((stats.games, stats.nodes, stats.moves), (1, 2, 1));
        let counts = |counter: &Counter| {
            let mut counts: Vec<(String, u64)> = counter
                .iter()
                .map(|(key, count)| (key.clone(), *count))
                .collect();
            counts.sort();
            counts
        };
        let one = |key: &str| vec![(key.to_string(), 1)];
        assert_eq!(counts(&stats.charsets).iter().map(|c| c.1).sum::<u64>(), 1);
        assert_eq!(counts(&stats.board_sizes), one("9"));
        assert_eq!(counts(&stats.results), one("B+R"));
    }

    #[test]
    fn merged_pieces_keep_every_identifier() {
        let mut stats = Stats::default();
        stats.merge(piece(b"(;MULTIGOGM[1])"));
        stats.merge(piece(b"(;GM[1]XYZ[2];B[aa])"));
        stats.merge(piece(b"(;XYZ[3])"));
        stats.settle();
        assert_eq!(stats.idents["MULTIGOGM"], 1);
        assert_eq!(stats.idents["XYZ"], 2);
        assert_eq!((stats.idents["GM"], stats.idents["B"]), (1, 1));
        assert_eq!(stats.properties, 5);
    }

    #[test]
    fn the_board_size_is_read_in_the_root_alone() {
        let mut stats = piece(b"(;PB[Ann];SZ[9];B[aa])(;SZ[13]PW[Bob](;SZ[9])(;))(;;;SZ[7])");
        stats.settle();
        assert_eq!(stats.board_sizes["19"], 2);
        assert_eq!(stats.board_sizes["13"], 1);
        assert_eq!((stats.players["Ann"], stats.players["Bob"]), (1, 1));
        assert_eq!((stats.nodes, stats.variations), (9, 1));
    }

    #[test]
    fn ranks_reasons_and_years() {
        let data = "(;BR[9段]WR[P8段]RE[黑中盘胜]DT[2017.06.21 21:45])\
                    (;BR[5k]WR[UR]RE[W+0.5]DT[1996-05-06,07,1997-01-01])\
                    (;BR[3d]RE[Jigo]DT[sometime];BR[1d]WR[2k])\
                    (;WR[5 kyu]RE[B+]DT[2017])";
        let batch = sgf_stream::read::Batch::whole(data.as_bytes().to_vec());
        let decoded = batch.decode();
        let mut collect = Collect::default();
        for item in sgf_stream::Parser::new(decoded.text()).into_spans() {
            let (event, span) = item.unwrap();
            collect.event(&event, span, &Ctx::Batch(&decoded), &mut Vec::new());
        }
        let mut stats = collect.take(&Ctx::Batch(&decoded), &mut Vec::new());
        stats.settle();
        let counts = |counter: &Counter| {
            let mut pairs: Vec<(String, u64)> =
                counter.iter().map(|(k, v)| (k.clone(), *v)).collect();
            pairs.sort();
            pairs
        };
        let pairs = |list: &[(&str, u64)]| {
            let mut list: Vec<(String, u64)> =
                list.iter().map(|(k, v)| (k.to_string(), *v)).collect();
            list.sort();
            list
        };
        // 9段 is 9d, P8段 8p; the third game's ranks are its root's 3d and
        // the 2k further down; UR is not read.
        assert_eq!(
            counts(&stats.ranks),
            pairs(&[
                ("9d", 1),
                ("8p", 1),
                ("5k", 2),
                ("(not read)", 1),
                ("3d", 1),
                ("2k", 1),
                ("(none)", 1)
            ])
        );
        assert_eq!(
            counts(&stats.reasons),
            pairs(&[("resign", 1), ("score", 1), ("draw", 1), ("unknown", 1)])
        );
        assert_eq!(
            counts(&stats.years),
            pairs(&[("2017", 2), ("1996", 1), ("(not read)", 1)])
        );
        assert_eq!(
            counts(&stats.results),
            pairs(&[("B+R", 1), ("W+points", 1), ("Draw", 1), ("B+", 1)])
        );
        let date = |text| Date::parse(text).unwrap();
        assert_eq!(stats.dates, Some((date("1996-05-06"), date("2017-06-21"))));
    }
}
