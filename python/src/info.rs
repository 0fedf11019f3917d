//! Game information and typed values, by the library's rules: its
//! `GameCollector` and `Normalized` over the events of a main line, the
//! root's setup points and board size, moves as rows, and values that do
//! not fit their property as the binding's problems.

use sgf_stream::event::PropIdent;
use sgf_stream::game::{Date, GameCollector, GameInfo, Normalized};
use sgf_stream::typed::{BoardSize, Color, Decoder, Move, PropertyError, Value};
use sgf_stream::Event;

use crate::data::{Info, Problem, BLACK, WHITE};
use crate::read::Values;

/// The library's `GameCollector` (lenient: bad values are warnings) over
/// the events of a game's main line, and its `Normalized` over their
/// text.
#[derive(Debug, Default)]
pub struct Collector {
    collector: GameCollector,
    record: Option<sgf_stream::game::GameRecord>,
    normalized: Normalized,
}

/// What a [`Collector`] sums up: information, and the values that did
/// not fit their property.
pub struct Summary {
    pub info: Info,
    pub warnings: Vec<PropertyError>,
}

impl Collector {
    /// A game starts (its first `(`).
    pub fn start(&mut self) {
        self.collector = GameCollector::lenient();
        self.record = None;
        self.normalized = Normalized::new();
        self.push(&Event::StartGameTree);
    }

    pub fn node(&mut self) {
        self.push(&Event::Node);
    }

    pub fn property(&mut self, ident: &str, values: Values<'_>) {
        if normalized_here(ident) {
            if let Ok(text) = values.raw().first().text() {
                self.normalized.absorb(ident, &text);
            }
        }
        self.push(&Event::Property(PropIdent::new(ident), values.raw()));
    }

    /// The main line ends (the game's first `)`).
    pub fn end_main_line(&mut self) {
        self.push(&Event::EndGameTree);
    }

    fn push(&mut self, event: &Event<'_>) {
        // A lenient collector never fails.
        if let Ok(Some(record)) = self.collector.push(event) {
            self.record = Some(record);
        }
    }

    /// The summary of the game.
    pub fn finish(&mut self) -> Summary {
        let record = self.record.take().unwrap_or_default();
        Summary {
            info: info_of(record.info, &self.normalized),
            warnings: record.warnings,
        }
    }
}

/// The properties whose normalised values [`Info`] holds: of those
/// `Normalized::absorb` reads, all but the main time and overtime (kept
/// as written).
fn normalized_here(ident: &str) -> bool {
    matches!(ident, "BR" | "WR" | "RE" | "KM" | "HA" | "DT")
}

/// The root's `AB`, `AW`, `AE` and `SZ` values as written, decoded once
/// the game's information is known.
#[derive(Debug, Default)]
pub struct Setup {
    values: [Vec<Vec<u8>>; 4],
}

impl Setup {
    /// A property of the root.
    pub fn property(&mut self, ident: &str, values: Values<'_>) {
        let at = match ident {
            "AB" => 0,
            "AW" => 1,
            "AE" => 2,
            "SZ" => 3,
            _ => return,
        };
        self.values[at] = values.iter().map(<[u8]>::to_vec).collect();
    }

    /// The board size moves are read on, as `SgfTree::moves_lenient`
    /// finds it: `SZ` read strictly, 19×19 when absent or refused (then
    /// a warning).
    pub fn board_size(&self, warnings: &mut Vec<PropertyError>) -> BoardSize {
        let values = &self.values[3];
        if values.is_empty() {
            return BoardSize::default();
        }
        match Decoder::new().decode_raw("SZ", values.iter().map(Vec::as_slice)) {
            Ok(decoded) => size_of(&decoded),
            Err(err) => {
                warnings.push(err);
                BoardSize::default()
            }
        }
    }

    /// The points, on the board the game information gives (`SZ` read
    /// leniently, as `GameCollector` reads it); the values are forgotten.
    pub fn take(&mut self) -> [Vec<[i16; 2]>; 3] {
        let mut out: [Vec<[i16; 2]>; 3] = Default::default();
        let sz = std::mem::take(&mut self.values[3]);
        if self.values[..3].iter().all(Vec::is_empty) {
            return out;
        }
        let mut size = BoardSize::default();
        if !sz.is_empty() {
            let (values, _) = Decoder::new().decode_raw_lenient("SZ", sz.iter().map(Vec::as_slice));
            size = size_of(&values);
        }
        let decoder = Decoder::with_size(size);
        for (at, ident) in ["AB", "AW", "AE"].iter().enumerate() {
            let values = std::mem::take(&mut self.values[at]);
            if values.is_empty() {
                continue;
            }
            let (points, _) = decoder.decode_raw_lenient(ident, values.iter().map(Vec::as_slice));
            out[at] = points_of(&points);
        }
        out
    }
}

/// The board size among decoded `SZ` values (19×19 when there is none).
fn size_of(values: &[Value<'_>]) -> BoardSize {
    match values.first() {
        Some(Value::Size(size)) => *size,
        _ => BoardSize::default(),
    }
}

/// The points among decoded values, as x, y.
pub fn points_of(values: &[Value<'_>]) -> Vec<[i16; 2]> {
    values
        .iter()
        .filter_map(|value| value.as_point())
        .map(|p| [i16::from(p.col), i16::from(p.row)])
        .collect()
}

/// The row of `played` by the library's `color`: see [`move_row_of`].
pub fn move_row(color: Color, played: Move) -> [i16; 3] {
    let color = match color {
        Color::Black => BLACK,
        Color::White => WHITE,
    };
    move_row_of(color, played)
}

/// The row of `played` by `color` (`BLACK` or `WHITE`): colour, x, y (a
/// pass is -1, -1).
pub fn move_row_of(color: i16, played: Move) -> [i16; 3] {
    match played.point() {
        Some(point) => [color, i16::from(point.col), i16::from(point.row)],
        None => [color, -1, -1],
    }
}

/// The binding's record of `info`, with the values of `normalized` where
/// the library normalises them.
pub fn info_of(info: GameInfo, normalized: &Normalized) -> Info {
    let n = normalized;
    let rank = |rank: &Result<sgf_stream::game::Rank, _>| rank.ok();
    let (black_rank, white_rank) = (rank(&n.black_rank), rank(&n.white_rank));
    let (date, date_last) = (n.date(), n.date_last());
    Info {
        cols: info.size.cols,
        rows: info.size.rows,
        black: info.black,
        white: info.white,
        black_rank: black_rank.map(|rank| rank.as_str().to_owned()),
        white_rank: white_rank.map(|rank| rank.as_str().to_owned()),
        black_rank_ordinal: black_rank.map(|rank| i16::from(rank.ordinal())),
        white_rank_ordinal: white_rank.map(|rank| i16::from(rank.ordinal())),
        result: info.result,
        winner: n.winner().map(|color| color.ident()),
        margin: n.margin(),
        reason: n.reason().map(|reason| reason.as_str()),
        komi: n.komi.ok(),
        handicap: n.handicap.ok().map(i64::from),
        date: date.map(|date| date.to_string()),
        date_last: date_last.map(|date| date.to_string()),
        date_day: date.and_then(days_since_epoch),
        date_last_day: date_last.and_then(days_since_epoch),
        rules: info.rules,
        event: info.event,
        round: info.round,
        place: info.place,
        name: info.name,
        source: info.source,
        time_limit: info.time_limit,
        overtime: info.overtime,
        application: info
            .application
            .map(|(name, version)| format!("{name}:{version}")),
        charset: info.charset,
        file_format: info.file_format,
        game: info.game,
    }
}

/// The days from 1970-01-01 to `date` (Arrow's `date32`), when its day
/// is known: the proleptic Gregorian calendar's count (the "days from
/// civil" algorithm, years of 400 years of 146,097 days).
fn days_since_epoch(date: Date) -> Option<i32> {
    let (month, day) = (i32::from(date.month()?), i32::from(date.day()?));
    let year = i32::from(date.year()) - i32::from(month <= 2);
    let era = year.div_euclid(400);
    let year_of_era = year - era * 400;
    let day_of_year = (153 * (month + if month > 2 { -3 } else { 9 }) + 2) / 5 + day - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    Some(era * 146_097 + day_of_era - 719_468)
}

/// A value that does not fit its property, as the binding reports it.
pub fn value_problem(err: &PropertyError) -> Problem {
    Problem {
        code: err.code().to_string(),
        message: err.to_string(),
        place: None,
        range: (0, 0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_since_epoch_count_the_proleptic_gregorian_calendar() {
        // The expected counts are Python's `(date(y, m, d) - date(1970, 1, 1)).days`.
        let cases = [
            ("1970-01-01", 0),
            ("1969-12-31", -1),
            ("2000-02-29", 11_016),
            ("2000-03-01", 11_017),
            ("2016-03-09", 16_869),
            ("1600-02-29", -135_081),
            ("0001-01-01", -719_162),
            ("9999-12-31", 2_932_896),
        ];
        for (text, days) in cases {
            let date = Date::parse(text).unwrap();
            assert_eq!(days_since_epoch(date), Some(days), "{text}");
        }
        assert_eq!(days_since_epoch(Date::parse("2016-03").unwrap()), None);
        assert_eq!(days_since_epoch(Date::parse("2016").unwrap()), None);
    }
}
