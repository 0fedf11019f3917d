//! GIB (Tygem): a header of `\[KEY=VALUE\]` lines between `\HS` and
//! `\HE`, then the game between `\GS` and `\GE`: `INI` (the handicap),
//! `STO 0 <n> <colour> <x> <y>` (a stone, x from the left and y from the
//! top, from 0), `SKI 0 <n>` (a pass, by the player who did not move
//! last).

use super::converted::{self, Converted};
use super::record::Record;
use super::text::{raw_field, Declared, Span, Text};
use super::values::{self, date, level_rank};
use super::Format;
use crate::charset::CharsetMode;
use crate::error::{Error, FormatErrorKind};
use crate::game::{GameResult, WinBy};
use crate::typed::{Color, Point};
use crate::warning::{Warning, WarningKind};
use crate::Charset;

/// One header entry: its key, and its value (a slice of the text, which
/// may run over several lines).
#[derive(Debug, Clone, Copy)]
struct Entry<'t> {
    key: &'t str,
    value: &'t str,
}

/// The header's entries, in file order.
#[derive(Debug, Default)]
struct Header<'t> {
    entries: Vec<Entry<'t>>,
}

impl<'t> Header<'t> {
    /// The value of `key`.
    fn get(&self, key: &str) -> Option<&'t str> {
        self.entries
            .iter()
            .find(|entry| entry.key == key)
            .map(|entry| entry.value)
    }

    /// The value of `name` in the comma-separated `NAME:value` list of
    /// `key` (`GAMEINFOMAIN`, `GAMEINFOSUB`, `WUSERINFO`, `BUSERINFO`).
    fn item(&self, key: &str, name: &str) -> Option<&'t str> {
        self.get(key)?.split(',').find_map(|item| {
            let (item_name, value) = item.split_once(':')?;
            (item_name.trim() == name).then_some(value)
        })
    }

    /// The value of the one-letter `letter` in `GAMETAG` (`G65`,
    /// `W4`, `C2020:08:21:22:55`).
    fn tag(&self, letter: char) -> Option<&'t str> {
        self.get("GAMETAG")?.split(',').find_map(|item| {
            let item = item.trim_start();
            let rest = item.strip_prefix(letter)?;
            let value = rest.strip_prefix(':').unwrap_or(rest);
            (!value.is_empty()).then_some(value)
        })
    }
}

/// The charset `GIBOKIND` names: the server that wrote the file.
fn declared(input: &[u8]) -> Option<Declared> {
    let label = raw_field(input, b"\\[GIBOKIND=", b"\\]")?;
    let charset = match label.to_ascii_lowercase().as_str() {
        "korea" => Charset::for_label("EUC-KR"),
        "china" => Charset::for_label("GB18030"),
        "taiwan" => Charset::for_label("Big5"),
        "japan" => Charset::for_label("Shift_JIS"),
        "global" => Some(Charset::Utf8),
        _ => None,
    };
    Some(Declared { label, charset })
}

/// Converts a GIB record.
pub(super) fn convert(input: &[u8], mode: CharsetMode) -> Result<Converted, Error> {
    converted::convert(input, Format::Gib, declared(input), mode, |text| {
        let mut reader = Gib {
            text,
            line: 0,
            warnings: Vec::new(),
        };
        Ok((reader.read()?, reader.warnings))
    })
}

/// The reader: the text, the next line to read, the warnings.
struct Gib<'a, 't> {
    text: &'a Text<'t>,
    line: usize,
    warnings: Vec<Warning>,
}

/// A header or game line before its end mark, or the end of the text.
enum Next<'t> {
    Line(&'t str),
    End,
}

impl<'a, 't> Gib<'a, 't> {
    fn read(&mut self) -> Result<Record, Error> {
        self.expect_mark(
            "\\HS",
            FormatErrorKind::NotThisFormat {
                format: "GIB",
                missing: "the `\\HS` line that starts its header",
            },
        )?;
        let header = self.header()?;
        self.expect_mark("\\GS", FormatErrorKind::HeaderCutShort("GIB"))?;
        let mut record = self.record(&header)?;
        self.game(&mut record)?;
        record.place_handicap(&mut self.warnings);
        Ok(record)
    }

    fn next(&mut self) -> Next<'a> {
        if self.line >= self.text.len() {
            return Next::End;
        }
        self.line += 1;
        Next::Line(self.text.line(self.line - 1))
    }

    /// Skips to the line `mark` (blank lines and text before it are
    /// skipped, the text with a warning); `missing` if there is none.
    fn expect_mark(&mut self, mark: &str, missing: FormatErrorKind) -> Result<(), Error> {
        let from = self.line;
        while let Next::Line(line) = self.next() {
            if line.trim() == mark {
                if self
                    .text
                    .slice(self.text.line_start(from)..self.text.line_start(self.line - 1))
                    .trim()
                    .is_empty()
                {
                    return Ok(());
                }
                let skipped = self
                    .text
                    .span(self.text.line_start(from)..self.text.line_start(self.line - 1));
                self.warnings
                    .push(skipped.warning(WarningKind::SkippedLine));
                return Ok(());
            }
        }
        Err(self.text.end_span().error(missing))
    }

    /// The entries up to `\HE`; an entry's value may run over several
    /// lines, up to the one that ends with `\]`.
    fn header(&mut self) -> Result<Header<'a>, Error> {
        let mut header = Header::default();
        loop {
            let line = match self.next() {
                Next::End => return Err(self.cut_short()),
                Next::Line(line) => line,
            };
            let trimmed = line.trim();
            if trimmed == "\\HE" {
                return Ok(header);
            }
            if trimmed == "\\GS" {
                // No `\HE`: the game starts here.
                self.line -= 1;
                return Ok(header);
            }
            let Some(entry) = trimmed.strip_prefix("\\[") else {
                if !trimmed.is_empty() {
                    self.warnings.push(
                        self.text
                            .line_span(self.line - 1)
                            .warning(WarningKind::SkippedLine),
                    );
                }
                continue;
            };
            let start = self.text.offset_of(entry);
            let mut end = start + entry.len();
            while !self.text.slice(start..end).trim_end().ends_with("\\]") {
                match self.next() {
                    Next::Line(more) => end = self.text.offset_of(more) + more.len(),
                    Next::End => return Err(self.cut_short()),
                }
            }
            let whole = self.text.slice(start..end).trim_end();
            let whole = &whole[..whole.len() - 2];
            let (key, value) = whole.split_once('=').unwrap_or((whole, ""));
            header.entries.push(Entry {
                key: key.trim(),
                value,
            });
        }
    }

    /// The error of a header that the text ends in.
    fn cut_short(&self) -> Error {
        self.text
            .end_span()
            .error(FormatErrorKind::HeaderCutShort("GIB"))
    }

    /// The game information from the header.
    fn record(&mut self, header: &Header<'a>) -> Result<Record, Error> {
        let size = header.item("GAMEINFOMAIN", "LINE");
        let (size, size_span) = self.text.board_size("LINE", size)?;
        let mut record = Record::new(size, size_span);
        self.players(header, &mut record);
        self.result(header, &mut record);
        let komi = header
            .item("GAMEINFOMAIN", "GONGJE")
            .or_else(|| header.get("GAMEGONGJE"))
            .or_else(|| header.tag('G'));
        if let Some(komi) = komi {
            match komi.trim().parse::<i64>() {
                Ok(tenths) => record.set_komi(tenths as f64 / 10.0, self.text.span_of(komi)),
                Err(_) => self.warnings.push(self.text.unread("GONGJE", komi)),
            }
        }
        let dates = [
            header.item("GAMEINFOSUB", "GDATE"),
            header.get("GAMEDATE"),
            header.tag('C'),
        ];
        if let Some(found) = dates
            .iter()
            .flatten()
            .find_map(|raw| Some((date(raw)?, *raw)))
        {
            record.set("DT", &found.0, self.text.span_of(found.1));
        } else if let Some(raw) = dates.iter().flatten().next() {
            self.warnings.push(self.text.unread("GAMEDATE", raw));
        }
        for (ident, sub, key) in [
            ("PC", "GPLC", "GAMEPLACE"),
            ("GN", "GNAME", "GAMENAME"),
            ("GC", "GCMT", "GAMECOMMENT"),
        ] {
            if let Some(value) = header.item("GAMEINFOSUB", sub).or_else(|| header.get(key)) {
                record.set(ident, value, self.text.span_of(value));
            }
        }
        self.time(header, &mut record);
        Ok(record)
    }

    /// `PB`, `PW`, `BR`, `WR`: the name and rank of `GAMEBLACKNAME`
    /// (`id (rank)`), else `BID`; the rank from the level code (`BLV`,
    /// else `GAMEBLACKLEVEL`), else the one in the name.
    fn players(&mut self, header: &Header<'a>, record: &mut Record) {
        let sides = [
            (
                "PB",
                "BR",
                "GAMEBLACKNAME",
                "BUSERINFO",
                "BID",
                "BLV",
                "GAMEBLACKLEVEL",
            ),
            (
                "PW",
                "WR",
                "GAMEWHITENAME",
                "WUSERINFO",
                "WID",
                "WLV",
                "GAMEWHITELEVEL",
            ),
        ];
        for (name_ident, rank_ident, name_key, info, id, level, level_key) in sides {
            let full = header.get(name_key).filter(|name| !name.trim().is_empty());
            let (name, rank) = match full {
                Some(full) => split_rank(full),
                None => (header.item(info, id).unwrap_or_default(), None),
            };
            record.set(name_ident, name, self.text.span_of(name));
            let levels = [header.item(info, level), header.get(level_key)];
            let coded = levels
                .into_iter()
                .flatten()
                .find_map(|code| Some((level_rank(code)?, code)));
            match (coded, rank) {
                (Some((rank, code)), _) => record.set(rank_ident, &rank, self.text.span_of(code)),
                (None, Some(rank)) => {
                    record.set(rank_ident, &values::rank(rank), self.text.span_of(rank))
                }
                (None, None) => {}
            }
        }
    }

    /// `RE`: the result code `GRLT` with the margin `ZIPSU` (tenths of a
    /// point), else `GAMETAG`'s `W` and `Z`, else the text of
    /// `GAMERESULT`.
    fn result(&mut self, header: &Header<'a>, record: &mut Record) {
        let coded = match header.item("GAMEINFOMAIN", "GRLT") {
            Some(code) => Some((code, header.item("GAMEINFOMAIN", "ZIPSU"))),
            None => header.tag('W').map(|code| (code, header.tag('Z'))),
        };
        if let Some((code, margin)) = coded {
            let span = self.text.span_of(code);
            match result_code(code, margin) {
                Ok(Some(result)) => record.set_result(result, span),
                Ok(None) => {}
                Err(()) => self.warnings.push(self.text.unread("GRLT", code)),
            }
            return;
        }
        if let Some(text) = header
            .get("GAMERESULT")
            .filter(|text| !text.trim().is_empty())
        {
            match values::result_text(text) {
                Some(result) => record.set_result(result, self.text.span_of(text)),
                None => self.warnings.push(self.text.unread("GAMERESULT", text)),
            }
        }
    }

    /// `TM` and `OT` from `GTIME` (`600-30-3`: main time in seconds,
    /// then byo-yomi seconds and periods).
    fn time(&mut self, header: &Header<'a>, record: &mut Record) {
        let Some(gtime) = header.item("GAMEINFOMAIN", "GTIME") else {
            return;
        };
        let parts: Vec<u32> = gtime
            .split('-')
            .filter_map(|part| part.trim().parse().ok())
            .collect();
        if let [main, byoyomi, periods] = parts[..] {
            let span = self.text.span_of(gtime);
            record.set("TM", &main.to_string(), span);
            if periods > 0 {
                record.set("OT", &format!("{periods}x{byoyomi} byo-yomi"), span);
            }
        }
    }

    /// The game lines up to `\GE`.
    fn game(&mut self, record: &mut Record) -> Result<(), Error> {
        loop {
            let line = match self.next() {
                Next::Line(line) => line,
                Next::End => {
                    self.warnings
                        .push(self.text.end_span().warning(WarningKind::RecordCutShort));
                    return Ok(());
                }
            };
            let index = self.line - 1;
            let trimmed = line.trim();
            if trimmed == "\\GE" {
                return Ok(());
            }
            let (words, count) = words(trimmed);
            let fields = &words[..count];
            let step = match fields.first().copied() {
                None => Ok(()),
                Some(word) if word.starts_with(|c: char| c.is_ascii_digit()) => Ok(()),
                Some("INI") => self.ini(fields, index, record),
                Some("STO") => self.stone(fields, index, record),
                Some("SKI") => self.pass(fields, index, record),
                Some("REM" | "IDX") => Ok(()),
                Some(_) => {
                    self.warnings
                        .push(self.text.line_span(index).warning(WarningKind::SkippedLine));
                    Ok(())
                }
            };
            if let Err(err) = step {
                // A last line cut in the middle of a move: the record ends there.
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
    }

    /// `INI 0 1 <handicap> &4...`.
    fn ini(&mut self, fields: &[&str], index: usize, record: &mut Record) -> Result<(), Error> {
        let span = self.text.line_span(index);
        let count = fields.get(3).and_then(|count| count.parse::<u8>().ok());
        match count {
            Some(count) if count <= 9 => {
                record.set_handicap(count, span);
                Ok(())
            }
            Some(_) => {
                let kind = FormatErrorKind::BadValue {
                    field: "handicap",
                    value: fields[3].to_string(),
                };
                Err(span.error(kind))
            }
            None => Err(span.error(FormatErrorKind::Malformed("`INI 0 1 <handicap> &4`"))),
        }
    }

    /// `STO 0 <n> <colour> <x> <y>`.
    fn stone(&mut self, fields: &[&str], index: usize, record: &mut Record) -> Result<(), Error> {
        let span = self.text.line_span(index);
        let malformed = FormatErrorKind::Malformed("`STO 0 <number> <colour 1 or 2> <x> <y>`");
        let number = |at: usize| fields.get(at).and_then(|field| field.parse::<i64>().ok());
        let (Some(colour), Some(x), Some(y), 6) = (number(3), number(4), number(5), fields.len())
        else {
            return Err(span.error(malformed));
        };
        let color = match colour {
            1 => Color::Black,
            2 => Color::White,
            _ => return Err(span.error(malformed)),
        };
        let point = self.point(x, y, record.size(), span)?;
        record.play(color, Some(point), span);
        Ok(())
    }

    /// `SKI 0 <n>`: a pass by the player who did not move last (White
    /// first after handicap stones).
    fn pass(&mut self, fields: &[&str], index: usize, record: &mut Record) -> Result<(), Error> {
        let span = self.text.line_span(index);
        if fields.len() != 3 {
            return Err(span.error(FormatErrorKind::Malformed("`SKI 0 <number>`")));
        }
        let color = match record.moves().last() {
            Some(last) => last.color.opponent(),
            None if record.handicap().is_some() => Color::White,
            None => Color::Black,
        };
        record.play(color, None, span);
        Ok(())
    }

    /// The point at column `x` and row `y` (from 0, from the top left).
    fn point(&self, x: i64, y: i64, size: u8, span: Span) -> Result<Point, Error> {
        let on = |v: i64| (0..i64::from(size)).contains(&v);
        match on(x) && on(y) {
            true => Ok(Point::new(x as u8, y as u8)),
            false => Err(span.error(FormatErrorKind::OffBoard {
                col: x,
                row: y,
                size,
            })),
        }
    }
}

/// The first words of a game line (the longest a command has is 6; a
/// seventh says the line is longer), and how many there are.
fn words(line: &str) -> ([&str; 7], usize) {
    let mut words = [""; 7];
    let mut count = 0;
    for (slot, word) in words.iter_mut().zip(line.split_ascii_whitespace()) {
        *slot = word;
        count += 1;
    }
    (words, count)
}

/// A name with its rank in parentheses at the end (`Menskit (4D)`,
/// `石下之臣(2段)`): the name and the rank; else the whole as the name.
fn split_rank(full: &str) -> (&str, Option<&str>) {
    let trimmed = full.trim();
    let rank = trimmed
        .strip_suffix(')')
        .and_then(|rest| rest.rsplit_once('('))
        .filter(|(name, rank)| !name.trim().is_empty() && !rank.trim().is_empty());
    match rank {
        Some((name, rank)) => (name.trim(), Some(rank.trim())),
        None => (trimmed, None),
    }
}

/// A result from its code and margin (tenths of a point): 0 and 1 Black
/// and White by points, 3 and 4 by resignation, 5 and 6 by the
/// opponent's disconnection (a forfeit), 7 and 8 on time; 255 no result
/// (`Ok(None)`). `Err` for another code.
fn result_code(code: &str, margin: Option<&str>) -> Result<Option<GameResult>, ()> {
    let code: u32 = code.trim().parse().map_err(drop)?;
    if code == 255 {
        return Ok(None);
    }
    let winner = match code {
        0 | 3 | 5 | 7 => Color::Black,
        1 | 4 | 6 | 8 => Color::White,
        _ => return Err(()),
    };
    let by = match code {
        0 | 1 => {
            let tenths: Option<u32> = margin.and_then(|margin| margin.trim().parse().ok());
            match tenths {
                Some(tenths) if tenths > 0 => WinBy::Score(f64::from(tenths) / 10.0),
                _ => WinBy::Unspecified,
            }
        }
        3 | 4 => WinBy::Resign,
        5 | 6 => WinBy::Forfeit,
        _ => WinBy::Time,
    };
    Ok(Some(GameResult::Win { winner, by }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_lose_their_rank() {
        assert_eq!(split_rank("Menskit (4D)"), ("Menskit", Some("4D")));
        assert_eq!(split_rank("석(2段)"), ("석", Some("2段")));
        assert_eq!(split_rank("plain"), ("plain", None));
        assert_eq!(split_rank("(4D)"), ("(4D)", None));
    }

    #[test]
    fn result_codes() {
        let win = |winner, by| Ok(Some(GameResult::Win { winner, by }));
        assert_eq!(
            result_code("0", Some("35")),
            win(Color::Black, WinBy::Score(3.5))
        );
        assert_eq!(
            result_code("1", Some("245")),
            win(Color::White, WinBy::Score(24.5))
        );
        assert_eq!(result_code("3", None), win(Color::Black, WinBy::Resign));
        assert_eq!(result_code("6", None), win(Color::White, WinBy::Forfeit));
        assert_eq!(result_code("8", None), win(Color::White, WinBy::Time));
        assert_eq!(result_code("255", None), Ok(None));
        assert_eq!(result_code("2", None), Err(()));
    }
}
