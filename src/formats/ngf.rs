//! NGF (WBaduk/CyberOro): twelve header lines (title, board size,
//! White, Black, site, handicap, an unknown number, komi, date, minutes,
//! result, move count), then one move a line: `PM`, two letters of move
//! number, `B` or `W`, and the point twice mirrored (`xyyx`), letters
//! counting from `B` = 0 (`AA` a pass). The older layout prefixes its
//! header lines with `GI`, in another order, and writes the result after
//! the moves on a line `IDB[<moves>] <text>`.

use super::converted::{self, Converted};
use super::detect::is_move;
use super::record::Record;
use super::text::Text;
use super::values::{self, date};
use super::Format;
use crate::charset::CharsetMode;
use crate::error::{Error, FormatErrorKind};
use crate::typed::{Color, Point};
use crate::warning::{Warning, WarningKind};

/// Where each header field is, by line (from 0), in a layout.
struct Layout {
    title: usize,
    size: usize,
    white: usize,
    black: usize,
    site: Option<usize>,
    handicap: usize,
    komi: usize,
    date: usize,
    result: Option<usize>,
    moves: usize,
    /// How many header lines.
    lines: usize,
}

/// The twelve lines of the layout WBaduk writes.
const CURRENT: Layout = Layout {
    title: 0,
    size: 1,
    white: 2,
    black: 3,
    site: Some(4),
    handicap: 5,
    komi: 7,
    date: 8,
    result: Some(10),
    moves: 11,
    lines: 12,
};

/// The older layout's eleven `GI` lines: title, White, Black, two
/// unknown, date, size, handicap, unknown, komi, move count.
const OLD: Layout = Layout {
    title: 0,
    white: 1,
    black: 2,
    date: 5,
    size: 6,
    handicap: 7,
    komi: 9,
    moves: 10,
    site: None,
    result: None,
    lines: 11,
};

/// Converts an NGF record.
pub(super) fn convert(input: &[u8], mode: CharsetMode) -> Result<Converted, Error> {
    converted::convert(input, Format::Ngf, None, mode, |text| {
        let mut reader = Ngf {
            text,
            warnings: Vec::new(),
        };
        Ok((reader.read()?, reader.warnings))
    })
}

struct Ngf<'a, 't> {
    text: &'a Text<'t>,
    warnings: Vec<Warning>,
}

impl<'a, 't> Ngf<'a, 't> {
    fn read(&mut self) -> Result<Record, Error> {
        let old = self.text.line(0).trim_start().starts_with("GI");
        let layout = if old { &OLD } else { &CURRENT };
        if self.text.len() < layout.lines {
            return Err(self
                .text
                .end_span()
                .error(FormatErrorKind::HeaderCutShort("NGF")));
        }
        let mut record = self.header(layout)?;
        self.moves(layout, &mut record)?;
        record.place_handicap(&mut self.warnings);
        Ok(record)
    }

    /// Header line `index` of `layout`, trimmed, without `GI`.
    fn field(&self, layout: &Layout, index: usize) -> &'a str {
        let line = self.text.line(index).trim();
        match layout.lines == OLD.lines {
            true => line.strip_prefix("GI").unwrap_or(line).trim(),
            false => line,
        }
    }

    fn header(&mut self, layout: &Layout) -> Result<Record, Error> {
        let size_text = self.field(layout, layout.size);
        let Some(size) = values::board_size(size_text) else {
            return Err(self.bad("board size", size_text, layout.size));
        };
        let mut record = Record::new(size, self.text.span_of(size_text));
        let title = self.field(layout, layout.title);
        record.set("GN", title, self.text.span_of(title));
        for (index, name_ident, rank_ident) in
            [(layout.white, "PW", "WR"), (layout.black, "PB", "BR")]
        {
            let player = self.field(layout, index);
            let (name, rank) = split_player(player);
            record.set(name_ident, name, self.text.span_of(name));
            if let Some(rank) = rank {
                record.set(rank_ident, &values::rank(rank), self.text.span_of(rank));
            }
        }
        if let Some(site) = layout.site.map(|index| self.field(layout, index)) {
            record.set("PC", site, self.text.span_of(site));
        }
        let handicap_text = self.field(layout, layout.handicap);
        let handicap = match handicap_text.parse::<u8>() {
            Ok(handicap) if handicap <= 9 => handicap,
            _ => return Err(self.bad("handicap", handicap_text, layout.handicap)),
        };
        record.set_handicap(handicap, self.text.span_of(handicap_text));
        self.komi(layout, handicap, &mut record);
        let date_text = self.field(layout, layout.date);
        match date(date_text) {
            Some(date) => record.set("DT", &date, self.text.span_of(date_text)),
            None if date_text.is_empty() => {}
            None => self.warnings.push(self.text.unread("date", date_text)),
        }
        if let Some(result) = layout.result.map(|index| self.field(layout, index)) {
            self.result(result, &mut record);
        }
        Ok(record)
    }

    /// `KM`: whole points; an even game (handicap 0) adds a half.
    fn komi(&mut self, layout: &Layout, handicap: u8, record: &mut Record) {
        let komi_text = self.field(layout, layout.komi);
        match crate::typed::real(komi_text.as_bytes()) {
            Ok(komi) => {
                let half = handicap == 0 && komi.fract() == 0.0;
                let komi = if half { komi + 0.5 } else { komi };
                record.set_komi(komi, self.text.span_of(komi_text));
            }
            Err(_) if komi_text.is_empty() => {}
            Err(_) => self.warnings.push(self.text.unread("komi", komi_text)),
        }
    }

    /// `RE` from the result's text, if it names the winner.
    fn result(&mut self, text: &'a str, record: &mut Record) {
        match values::result_text(text) {
            Some(result) => record.set_result(result, self.text.span_of(text)),
            None if text.is_empty() => {}
            None => self.warnings.push(self.text.unread("result", text)),
        }
    }

    /// The moves after the header (and, in the old layout, the result
    /// line `IDB[...] <text>`).
    fn moves(&mut self, layout: &Layout, record: &mut Record) -> Result<(), Error> {
        for index in layout.lines..self.text.len() {
            let line = self.text.line(index).trim();
            if line.is_empty() {
                continue;
            }
            if let Some(rest) = line.strip_prefix("IDB[") {
                let text = rest.split_once(']').map_or(rest, |(_, text)| text).trim();
                self.result(text, record);
                continue;
            }
            if !line.starts_with("PM") {
                self.warnings
                    .push(self.text.line_span(index).warning(WarningKind::SkippedLine));
                continue;
            }
            if let Err(err) = self.play(line, index, record) {
                if self.text.is_unterminated(index) {
                    self.warnings.push(
                        self.text
                            .line_span(index)
                            .warning(WarningKind::RecordCutShort),
                    );
                    return Ok(());
                }
                return Err(err);
            }
        }
        let announced = self.field(layout, layout.moves).parse::<usize>().ok();
        if announced.is_some_and(|count| record.moves().len() + 1 < count) {
            self.warnings
                .push(self.text.end_span().warning(WarningKind::RecordCutShort));
        }
        Ok(())
    }

    /// `PMABBREER`: a move.
    fn play(&mut self, line: &str, index: usize, record: &mut Record) -> Result<(), Error> {
        let span = self.text.line_span(index);
        let bytes = line.as_bytes();
        if !is_move(bytes) || bytes[5] != bytes[8] || bytes[6] != bytes[7] {
            return Err(span.error(FormatErrorKind::Malformed("`PM<number><B or W><xyyx>`")));
        }
        let color = if bytes[4] == b'B' {
            Color::Black
        } else {
            Color::White
        };
        // Letters count from `B` = 0; `A` in both is a pass.
        let (x, y) = (i64::from(bytes[5]) - 66, i64::from(bytes[6]) - 66);
        if (x, y) == (-1, -1) {
            record.play(color, None, span);
            return Ok(());
        }
        let size = record.size();
        let on = |v: i64| (0..i64::from(size)).contains(&v);
        if !(on(x) && on(y)) {
            return Err(span.error(FormatErrorKind::OffBoard {
                col: x,
                row: y,
                size,
            }));
        }
        record.play(color, Some(Point::new(x as u8, y as u8)), span);
        Ok(())
    }

    fn bad(&self, field: &'static str, value: &str, index: usize) -> Error {
        let kind = FormatErrorKind::BadValue {
            field,
            value: value.to_string(),
        };
        self.text.line_span(index).error(kind)
    }
}

/// `LQC         9DP`: the name, and the rank after the last space (if
/// the line has one).
fn split_player(player: &str) -> (&str, Option<&str>) {
    match player.trim().rsplit_once(char::is_whitespace) {
        Some((name, rank)) if !name.trim().is_empty() => (name.trim(), Some(rank)),
        _ => (player.trim(), None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn players_and_their_ranks() {
        assert_eq!(split_player("LQC         9DP"), ("LQC", Some("9DP")));
        assert_eq!(split_player("Lee Sedol 9DP"), ("Lee Sedol", Some("9DP")));
        assert_eq!(split_player("alone"), ("alone", None));
    }
}
