//! UGF and UGI (PandaNet, Japanese viewers): INI-like sections. The
//! `[Header]`'s `Key=Value` lines hold the game information; `[Data]`
//! holds one move a line, `<point>,<colour><player>,<number>,<seconds>`,
//! the point two capitals (column from `A` at the left, row from `A` at
//! the top, or at the bottom with `CoordinateType=IGS`; `Y` or `Z` for
//! the column: a pass), move number 0 a setup stone. The other sections
//! (`[ReviewNode]`, `[ReviewComment]`, `[Figure]`, `[Remote]`, ...) are
//! skipped.

use super::converted::{self, Converted};
use super::record::Record;
use super::text::{raw_field, Declared, Text};
use super::values::date;
use super::Format;
use crate::charset::CharsetMode;
use crate::error::{Error, FormatErrorKind};
use crate::game::{GameResult, WinBy};
use crate::typed::{Color, Point};
use crate::warning::{Warning, WarningKind};
use crate::Charset;

/// The charset `Lang` names (`SJIS`).
fn declared(input: &[u8]) -> Option<Declared> {
    let label = raw_field(input, b"Lang=", b"")?;
    let charset = Charset::for_label(&label);
    Some(Declared { label, charset })
}

/// Converts a UGF or UGI record.
pub(super) fn convert(input: &[u8], mode: CharsetMode) -> Result<Converted, Error> {
    converted::convert(input, Format::Ugf, declared(input), mode, |text| {
        let mut reader = Ugf {
            text,
            warnings: Vec::new(),
        };
        Ok((reader.read()?, reader.warnings))
    })
}

struct Ugf<'a, 't> {
    text: &'a Text<'t>,
    warnings: Vec<Warning>,
}

/// The header's `Key=Value` pairs, values trimmed.
type Header<'t> = Vec<(&'t str, &'t str)>;

fn get<'t>(header: &Header<'t>, key: &str) -> Option<&'t str> {
    header
        .iter()
        .find(|(name, _)| name.eq_ignore_ascii_case(key))
        .map(|&(_, value)| value)
}

/// Which section a line belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Section {
    /// Before the first section: comment lines (`#`).
    Before,
    Header,
    Data,
    /// A section this reader skips.
    Other,
}

impl<'a, 't> Ugf<'a, 't> {
    fn read(&mut self) -> Result<Record, Error> {
        let mut section = Section::Before;
        let mut header = Header::new();
        let mut record: Option<Record> = None;
        for index in 0..self.text.len() {
            let line = self.text.line(index).trim();
            if line.starts_with('[') && line.ends_with(']') {
                section = match &line[1..line.len() - 1] {
                    name if name.eq_ignore_ascii_case("Header") => Section::Header,
                    name if name.eq_ignore_ascii_case("Data") => Section::Data,
                    _ => Section::Other,
                };
                if section == Section::Data && record.is_none() {
                    record = Some(self.header(&header)?);
                }
                continue;
            }
            match section {
                _ if line.is_empty() => {}
                Section::Before if line.starts_with('#') => {}
                Section::Before => self
                    .warnings
                    .push(self.text.line_span(index).warning(WarningKind::SkippedLine)),
                Section::Header => match line.split_once('=') {
                    Some((key, value)) => header.push((key.trim(), value.trim())),
                    None => self
                        .warnings
                        .push(self.text.line_span(index).warning(WarningKind::SkippedLine)),
                },
                Section::Data => {
                    let Some(record) = record.as_mut() else {
                        continue;
                    };
                    if let Err(err) = self.play(line, index, &header, record) {
                        if self.text.is_unterminated(index) {
                            self.warnings.push(
                                self.text
                                    .line_span(index)
                                    .warning(WarningKind::RecordCutShort),
                            );
                            break;
                        }
                        return Err(err);
                    }
                }
                Section::Other => {}
            }
        }
        let mut record = match record {
            Some(record) => record,
            None if header.is_empty() => {
                let kind = FormatErrorKind::NotThisFormat {
                    format: "UGF",
                    missing: "a `[Header]` or `[Data]` section",
                };
                return Err(self.text.start_span().error(kind));
            }
            None => {
                return Err(self
                    .text
                    .end_span()
                    .error(FormatErrorKind::HeaderCutShort("UGF")))
            }
        };
        if !record.has_stones() {
            record.place_handicap(&mut self.warnings);
        }
        Ok(record)
    }

    /// The game information, read when `[Data]` starts.
    fn header(&mut self, header: &Header<'a>) -> Result<Record, Error> {
        let (size, size_span) = self.text.board_size("Size", get(header, "Size"))?;
        let mut record = Record::new(size, size_span);
        for (key, name_ident, rank_ident) in [("PlayerB", "PB", "BR"), ("PlayerW", "PW", "WR")] {
            let Some(player) = get(header, key) else {
                continue;
            };
            let mut fields = player.split(',');
            let name = fields.next().unwrap_or_default();
            record.set(name_ident, name, self.text.span_of(name));
            if let Some(rank) = fields.next() {
                record.set(rank_ident, rank, self.text.span_of(rank));
            }
        }
        if let Some(hdcp) = get(header, "Hdcp") {
            self.handicap(hdcp, &mut record)?;
        }
        if let Some(winner) = get(header, "Winner") {
            match winner_result(winner) {
                Ok(Some(result)) => record.set_result(result, self.text.span_of(winner)),
                Ok(None) => {}
                Err(()) => self.warnings.push(self.text.unread("Winner", winner)),
            }
        }
        if let Some(date_text) = get(header, "Date") {
            match date(date_text.split(',').next().unwrap_or_default()) {
                Some(date) => record.set("DT", &date, self.text.span_of(date_text)),
                None => self.warnings.push(self.text.unread("Date", date_text)),
            }
        }
        if let Some(place) = get(header, "Place") {
            record.set("PC", place, self.text.span_of(place));
        }
        if let Some(title) = get(header, "Title") {
            let parts: Vec<&str> = title
                .split(',')
                .map(str::trim)
                .filter(|part| !part.is_empty())
                .collect();
            record.set("EV", &parts.join(", "), self.text.span_of(title));
        }
        if let Some(rule) = get(header, "Rule") {
            let rules = match rule {
                "JPN" => "Japanese",
                "CHN" => "Chinese",
                other => other,
            };
            record.set("RU", rules, self.text.span_of(rule));
        }
        Ok(record)
    }

    /// `Hdcp=<handicap>,<komi>`.
    fn handicap(&mut self, hdcp: &'a str, record: &mut Record) -> Result<(), Error> {
        let (count, komi) = hdcp.split_once(',').unwrap_or((hdcp, ""));
        match count.trim().parse::<u8>() {
            Ok(count) if count <= 9 => {
                record.set_handicap(count, self.text.span_of(count_text(hdcp)))
            }
            _ => {
                let kind = FormatErrorKind::BadValue {
                    field: "Hdcp",
                    value: hdcp.to_string(),
                };
                return Err(self.text.span_of(hdcp).error(kind));
            }
        }
        let komi = komi.trim();
        match crate::typed::real(komi.as_bytes()) {
            Ok(value) => record.set_komi(value, self.text.span_of(komi)),
            Err(_) if komi.is_empty() => {}
            Err(_) => self.warnings.push(self.text.unread("Hdcp", hdcp)),
        }
        Ok(())
    }

    /// A `[Data]` line: `QP,B1,1,0`.
    fn play(
        &mut self,
        line: &str,
        index: usize,
        header: &Header<'a>,
        record: &mut Record,
    ) -> Result<(), Error> {
        let span = self.text.line_span(index);
        let malformed =
            || FormatErrorKind::Malformed("`<point>,<B or W><player>,<move number>,<seconds>`");
        let fields: Vec<&str> = line.split(',').map(str::trim).collect();
        let (point, colour, number) = match fields[..] {
            [point, colour, number, ..] => (point.as_bytes(), colour, number),
            _ => return Err(span.error(malformed())),
        };
        let color = match colour.as_bytes().first() {
            Some(b'B') => Color::Black,
            Some(b'W') => Color::White,
            _ => return Err(span.error(malformed())),
        };
        let Ok(number) = number.parse::<u32>() else {
            return Err(span.error(malformed()));
        };
        if point.len() != 2 || !point.iter().all(u8::is_ascii_uppercase) {
            return Err(span.error(malformed()));
        }
        let size = record.size();
        let col = i64::from(point[0] - b'A');
        let from_top = i64::from(point[1] - b'A');
        if matches!(point[0], b'Y' | b'Z') && size < 25 {
            if number == 0 {
                return Err(span.error(malformed()));
            }
            record.play(color, None, span);
            return Ok(());
        }
        let igs =
            get(header, "CoordinateType").is_some_and(|kind| kind.eq_ignore_ascii_case("IGS"));
        let row = if igs {
            i64::from(size) - 1 - from_top
        } else {
            from_top
        };
        let on = |v: i64| (0..i64::from(size)).contains(&v);
        if !(on(col) && on(row)) {
            return Err(span.error(FormatErrorKind::OffBoard { col, row, size }));
        }
        let point = Point::new(col as u8, row as u8);
        match number {
            0 => record.add_stone(color, point, span),
            _ => record.play(color, Some(point), span),
        }
        Ok(())
    }
}

/// The handicap part of `Hdcp`'s value.
fn count_text(hdcp: &str) -> &str {
    hdcp.split(',').next().unwrap_or(hdcp)
}

/// `Winner=<B|W>,<margin>`: a number of points, `C` resignation, `T`
/// time, `F` forfeit; `N` void, `D` a draw. `Ok(None)` for an unfinished
/// game (`A`, `P`), `Err` for what is not understood.
fn winner_result(winner: &str) -> Result<Option<GameResult>, ()> {
    let (who, margin) = winner.split_once(',').unwrap_or((winner, ""));
    let margin = margin.split(',').next().unwrap_or_default().trim();
    let winner = match who.trim() {
        "B" => Color::Black,
        "W" => Color::White,
        "N" => return Ok(Some(GameResult::Void)),
        "D" => return Ok(Some(GameResult::Draw)),
        "A" | "P" => return Ok(None),
        _ => return Err(()),
    };
    let by = match margin {
        "" => WinBy::Unspecified,
        "C" | "c" => WinBy::Resign,
        "T" => WinBy::Time,
        _ if margin.starts_with('F') => WinBy::Forfeit,
        _ => WinBy::Score(crate::typed::real(margin.as_bytes()).map_err(drop)?),
    };
    Ok(Some(GameResult::Win { winner, by }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn winners() {
        let win = |winner, by| Ok(Some(GameResult::Win { winner, by }));
        assert_eq!(
            winner_result("B,7.50"),
            win(Color::Black, WinBy::Score(7.5))
        );
        assert_eq!(winner_result("W,C"), win(Color::White, WinBy::Resign));
        assert_eq!(winner_result("N,"), Ok(Some(GameResult::Void)));
        assert_eq!(winner_result("D"), Ok(Some(GameResult::Draw)));
        assert_eq!(winner_result("X,1"), Err(()));
    }
}
