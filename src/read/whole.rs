//! Whole inputs in memory through the charset stage: [`DecodedInput`]
//! and [`decode_to_utf8`].
//!
//! A slice is an [`io::Read`](std::io::Read): it goes through the same
//! [`Decoded`] stage as a stream, with a reader finding where its games
//! end (so that each is decoded in its own charset), and the stage
//! keeping all the text.

use std::borrow::Cow;

use super::decoded::KeptText;
use super::{Decoded, Reader, DEFAULT_CHUNK};
use crate::charset::{names_only_utf8, Anchors, CharsetMode, CharsetReport};
use crate::error::{Error, LineCounter, Position};
use crate::machine::Limits;
use crate::warning::Warning;

/// A whole input converted to UTF-8 by the charset stage, with the way
/// back from offsets of the text to offsets of the input.
///
/// Each game is decoded in its own charset (see
/// [`charset`](crate::charset)); bytes invalid in the charset (in UTF-8
/// too) become U+FFFD, so the text is always UTF-8. Valid UTF-8 input is
/// borrowed (without its byte order mark).
///
/// ```
/// use sgf_stream::{read::DecodedInput, ReaderBuilder};
/// let input = b"\xEF\xBB\xBF(;C[caf\xC3\xA9]))";
/// let decoded = DecodedInput::new(input);
/// assert_eq!(decoded.text(), "(;C[café]))".as_bytes());
/// let mut parser = ReaderBuilder::new().lenient(true).from_slice(decoded.text());
/// parser.by_ref().for_each(drop);
/// let mut warnings = parser.take_warnings();
/// assert_eq!(warnings[0].offset(), 11);
/// decoded.relocate(&mut warnings);
/// assert_eq!((warnings[0].offset(), warnings[0].column()), (14, 15));
/// ```
#[derive(Debug, Clone)]
pub struct DecodedInput<'a> {
    input: &'a [u8],
    text: Cow<'a, [u8]>,
    report: CharsetReport,
    /// Where each game's charset takes effect in the text (from the end
    /// of the game before) and its report.
    games: Vec<(u64, CharsetReport)>,
    warnings: Vec<Warning>,
    map: Relocation,
}

impl<'a> DecodedInput<'a> {
    /// Decodes `input` as [`CharsetMode::Auto`] says.
    pub fn new(input: &'a [u8]) -> Self {
        DecodedInput::with_mode(input, CharsetMode::Auto, true)
    }

    /// Decodes `input` as `mode` says; UTF-8 that is not valid is
    /// replaced only if `replace_utf8`.
    pub(crate) fn with_mode(input: &'a [u8], mode: CharsetMode, replace_utf8: bool) -> Self {
        let stage = || Decoded::new(input, DEFAULT_CHUNK, mode).keeping_all(replace_utf8);
        // Where every game would be UTF-8 anyway, the stage decodes on
        // alone; else a reader finds where games end, so that each is
        // decided anew.
        let mut stage = match mode == CharsetMode::Auto && !names_only_utf8(input) {
            true => read_through(stage),
            false => stage(),
        };
        // Reading a slice does not fail.
        let _ = stage.finish();
        let report = stage.first_report();
        let KeptText {
            text,
            anchors,
            warnings,
            decisions: games,
        } = stage.into_text();
        let map = Relocation::new(&text, anchors, input);
        let same = map.anchors.shift().map(|shift| shift as usize);
        let text = match same {
            Some(shift) if shift + text.len() == input.len() => Cow::Borrowed(&input[shift..]),
            _ => Cow::Owned(text),
        };
        DecodedInput {
            input,
            text,
            report,
            games,
            warnings,
            map,
        }
    }

    /// The UTF-8 text.
    pub fn text(&self) -> &[u8] {
        &self.text
    }

    /// The UTF-8 text, borrowed from the input when it is the input.
    pub fn into_text(self) -> Cow<'a, [u8]> {
        self.text
    }

    /// The charset of the first game (of the input, if it holds none),
    /// and how it was chosen.
    pub fn report(&self) -> &CharsetReport {
        &self.report
    }

    /// The charset byte `offset` of the text was decoded in, and how it
    /// was chosen: that of the game it belongs to (text between two
    /// games is decoded in the next one's charset). Each game's charset
    /// is decided where the game before it ends as a lenient reading of
    /// the input ends it, so a malformed game does not stop the games
    /// after it from being decided.
    ///
    /// ```
    /// # #[cfg(feature = "encoding")] {
    /// use sgf_stream::{read::DecodedInput, Charset};
    /// let (sjis, _, _) = encoding_rs::SHIFT_JIS.encode("(;CA[SJIS]C[表])(;CA[UTF-8]C[x])");
    /// let decoded = DecodedInput::new(&sjis);
    /// let second = decoded.text().iter().rposition(|&b| b == b'(').unwrap();
    /// assert_eq!(decoded.game_charset(0).charset, Charset::ShiftJis);
    /// assert_eq!(decoded.game_charset(second).charset, Charset::Utf8);
    /// # }
    /// ```
    pub fn game_charset(&self, offset: usize) -> &CharsetReport {
        let games = self
            .games
            .partition_point(|&(start, _)| start <= offset as u64);
        match games.checked_sub(1) {
            Some(game) => &self.games[game].1,
            None => &self.report,
        }
    }

    /// What decoding found: unknown or wrong `CA`s, bytes replaced with
    /// U+FFFD. Offsets count bytes of the input.
    pub fn warnings(&self) -> &[Warning] {
        &self.warnings
    }

    /// The input offset of byte `offset` of the text: the start of the
    /// character it falls in.
    ///
    /// ```
    /// # #[cfg(feature = "encoding")] {
    /// let (sjis, _, _) = encoding_rs::SHIFT_JIS.encode("(;CA[SJIS]C[表表])x");
    /// let decoded = sgf_stream::read::DecodedInput::new(&sjis);
    /// let x = decoded.text().iter().position(|&b| b == b'x').unwrap();
    /// assert_eq!((x, decoded.input_offset(x)), (20, 18));
    /// # }
    /// ```
    pub fn input_offset(&self, offset: usize) -> u64 {
        self.map.offset(offset as u64, self.input)
    }

    /// Moves warnings found in the text (by a lenient
    /// [`Reader`](crate::Reader), say) to where they are in the input:
    /// offsets, ranges, lines and columns.
    pub fn relocate(&self, warnings: &mut [Warning]) {
        relocate(&self.map, self.input, warnings);
    }

    /// An error found in the text, placed where it is in the input.
    pub fn relocate_error(&self, err: &Error) -> Error {
        relocate_error(&self.map, self.input, err)
    }
}

/// A charset stage made by `stage`, read through to the end by a lenient
/// reader: the games end (and the next one's charset is decided) where
/// they do when the input is read leniently through the stage, errors
/// or not. A strict reader goes first: where it reads the input to the
/// end, its games end at the same places, faster.
fn read_through<R: std::io::Read>(stage: impl Fn() -> Decoded<R>) -> Decoded<R> {
    let mut strict = Reader::with_source(stage(), Limits::none());
    loop {
        match strict.next_found() {
            Ok(Some(_)) => {}
            Ok(None) => return strict.into_source(),
            Err(_) => break,
        }
    }
    let mut lenient = Reader::with_source(stage(), Limits::none()).with_repairs(Limits::none());
    while let Ok(Some(_)) = lenient.next_item() {}
    lenient.into_source()
}

/// Converts a whole SGF input to UTF-8 by the rules of
/// [`charset`](crate::charset): byte order mark, each game's `CA`,
/// detection. The result is always UTF-8: valid UTF-8 input is borrowed
/// (without its byte order mark), and bytes invalid in the charset (a
/// character cut in the middle in a UTF-8 file, say) become U+FFFD. The
/// text's `CA` properties are not changed. The report is the first
/// game's; [`DecodedInput`] also maps offsets back.
///
/// ```
/// # #[cfg(feature = "encoding")] {
/// use sgf_stream::charset::{CharsetSource};
/// use sgf_stream::read::{decode_to_utf8};
/// let (sjis, _, _) = encoding_rs::SHIFT_JIS.encode("(;CA[Shift_JIS]C[表])");
/// let (text, report) = decode_to_utf8(&sjis);
/// assert_eq!(std::str::from_utf8(&text).unwrap(), "(;CA[Shift_JIS]C[表])");
/// assert_eq!((report.charset.name(), report.source), ("Shift_JIS", CharsetSource::Declared));
/// # }
/// let (text, _) = sgf_stream::read::decode_to_utf8(b"(;CA[UTF-8]PB[Lee \xEC\x84])");
/// assert_eq!(std::str::from_utf8(&text).unwrap(), "(;CA[UTF-8]PB[Lee \u{fffd}])");
/// ```
pub fn decode_to_utf8(input: &[u8]) -> (Cow<'_, [u8]>, CharsetReport) {
    let decoded = DecodedInput::new(input);
    (decoded.text, decoded.report)
}

/// The way back from offsets of decoded text to offsets, lines and
/// columns of the input.
#[derive(Debug, Clone)]
pub(crate) struct Relocation {
    anchors: Anchors,
    /// Where each line starts, in the text and in the input.
    lines: Vec<(u64, u64)>,
}

impl Relocation {
    fn new(text: &[u8], anchors: Anchors, input: &[u8]) -> Self {
        // The first line starts with the input (a byte order mark is on
        // it).
        let mut lines = vec![(0, 0)];
        let mut counter = LineCounter::default();
        let mut seen = 0;
        for at in memchr::memchr2_iter(b'\n', b'\r', text) {
            counter.advance(&text[seen..=at]);
            seen = at + 1;
            let here = counter.position();
            let start = here.offset + 1 - u64::from(here.column);
            let line = (start, anchors.map(start, input, 0));
            match lines.get_mut(here.line as usize - 1) {
                Some(last) => *last = line,
                None => lines.push(line),
            }
        }
        Relocation { anchors, lines }
    }

    fn offset(&self, text: u64, input: &[u8]) -> u64 {
        self.anchors.map(text, input, 0)
    }

    fn position(&self, text: u64, input: &[u8]) -> Position {
        let line = self
            .lines
            .partition_point(|&(start, _)| start <= text)
            .max(1);
        let offset = self.offset(text, input);
        let column = offset.saturating_sub(self.lines[line - 1].1) + 1;
        Position {
            offset,
            line: u32::try_from(line).unwrap_or(u32::MAX),
            column: u32::try_from(column).unwrap_or(u32::MAX),
        }
    }
}

/// Moves warnings from offsets of the text to offsets of `input`.
pub(crate) fn relocate(map: impl AsRef<Relocation>, input: &[u8], warnings: &mut [Warning]) {
    let map = map.as_ref();
    for warning in warnings {
        let range = warning.range();
        let position = map.position(warning.offset(), input);
        let range = map.offset(range.start, input)..map.offset(range.end, input);
        warning.set_place(position, range);
    }
}

/// An error at an offset of the text, moved to `input`.
pub(crate) fn relocate_error(map: impl AsRef<Relocation>, input: &[u8], err: &Error) -> Error {
    let position = map.as_ref().position(err.offset(), input);
    Error::new(err.kind().clone(), position)
}

impl AsRef<Relocation> for Relocation {
    fn as_ref(&self) -> &Relocation {
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf8_input_is_borrowed_without_its_bom() {
        let decoded = DecodedInput::new(b"\xEF\xBB\xBF(;C[a\r\nb]\n;B[aa])");
        assert!(matches!(
            decoded.text,
            Cow::Borrowed(b"(;C[a\r\nb]\n;B[aa])")
        ));
        assert_eq!(decoded.input_offset(0), 3);
        let semicolon = decoded.map.position(10, decoded.input);
        assert_eq!(
            (semicolon.offset, semicolon.line, semicolon.column),
            (13, 3, 1)
        );
        let empty = DecodedInput::new(b"");
        assert!(matches!(empty.text, Cow::Borrowed(b"")));
    }
}
