//! Charsets: which one a file uses (BOM, `CA`, detection) and converting
//! it to UTF-8 before parsing.
//!
//! The rules (those of sgfc's default and Sabaki, see the README):
//! - a byte order mark decides (UTF-8, UTF-16LE, UTF-16BE); UTF-16
//!   without a mark is recognised by its zero bytes;
//! - else the first `CA[...]` of the file, if its charset is known and the
//!   bytes agree with it (a `CA[UTF-8]` file with a few cut characters
//!   stays UTF-8; a `CA[UTF-8]` file that is really Shift_JIS does not);
//! - else valid UTF-8 is UTF-8;
//! - else the charset is detected (`chardetng`).
//!
//! UTF-8 input is parsed in place (only a BOM is cut off); every other
//! charset is converted to UTF-8 first, so multi-byte charsets whose
//! second bytes can be `\` or `]` (Shift_JIS, GBK, Big5) never fake an
//! escape or the end of a value. One charset covers the whole file.
//! Without the `encoding` feature, input is always read as UTF-8.

use std::borrow::Cow;

use crate::warning::{Locator, Warning};

/// How the charset of a file was chosen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum CharsetSource {
    /// The file's `CA` property names it, and the bytes agree.
    Declared,
    /// A byte order mark at the start of the file.
    ByteOrderMark,
    /// Guessed from the bytes: `CA` is absent, unknown or wrong.
    Detected,
    /// No `CA`, and the bytes are valid UTF-8: UTF-8.
    Default,
}

/// Which charset a file was read in, and why.
///
/// ```
/// use sgf_stream::{decode_to_utf8, CharsetSource};
/// let (text, report) = decode_to_utf8(b"\xEF\xBB\xBF(;CA[UTF-8]C[ok])");
/// assert_eq!(&text[..], b"(;CA[UTF-8]C[ok])");
/// assert_eq!(report.charset, "UTF-8");
/// assert_eq!(report.source, CharsetSource::ByteOrderMark);
/// assert_eq!(report.declared.as_deref(), Some("UTF-8"));
/// assert!(!report.transcoded);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct CharsetReport {
    /// The charset used, by its usual name: `UTF-8`, `Shift_JIS`,
    /// `GB18030`, `Big5`, `EUC-KR`, `ISO-8859-1`, `windows-1251`,
    /// `UTF-16LE`, ...
    pub charset: &'static str,
    /// How it was chosen.
    pub source: CharsetSource,
    /// The first `CA` value of the file, as written, if any.
    pub declared: Option<String>,
    /// Whether the bytes were converted to UTF-8 before parsing (so they
    /// are not borrowed from the input).
    pub transcoded: bool,
}

impl CharsetReport {
    pub(crate) fn utf8(source: CharsetSource, declared: Option<String>) -> Self {
        CharsetReport {
            charset: "UTF-8",
            source,
            declared,
            transcoded: false,
        }
    }

    /// The offset in `input` of byte `offset` of the UTF-8 text that
    /// [`decode_to_utf8`]`(input)` returned with this report (the start
    /// of the character it falls in).
    ///
    /// ```
    /// # #[cfg(feature = "encoding")] {
    /// let (sjis, _, _) = encoding_rs::SHIFT_JIS.encode("(;CA[SJIS]C[表表])x");
    /// let (text, report) = sgf_stream::decode_to_utf8(&sjis);
    /// let x = text.iter().position(|&b| b == b'x').unwrap();
    /// assert_eq!((x, report.input_offset(&sjis, x)), (20, 18));
    /// # }
    /// ```
    pub fn input_offset(&self, input: &[u8], offset: usize) -> usize {
        let mut offsets = [offset];
        self.offset_map(input).map_back(input, &mut offsets);
        offsets[0]
    }

    /// Moves warnings found in the UTF-8 text that [`decode_to_utf8`]
    /// returned (by a lenient [`Reader`](crate::Reader), say) to
    /// where they are in `input`: offsets, ranges, lines and columns.
    ///
    /// ```
    /// use sgf_stream::{decode_to_utf8, ReaderBuilder};
    /// let input = b"\xEF\xBB\xBF(;C[caf\xC3\xA9]))";
    /// let (text, report) = decode_to_utf8(input);
    /// let mut parser = ReaderBuilder::new().lenient(true).from_slice(&text);
    /// parser.by_ref().for_each(drop);
    /// let mut warnings = parser.take_warnings();
    /// assert_eq!(warnings[0].offset(), 11);
    /// report.relocate(input, &mut warnings);
    /// assert_eq!((warnings[0].offset(), warnings[0].column()), (14, 15));
    /// ```
    pub fn relocate(&self, input: &[u8], warnings: &mut [Warning]) {
        relocate(self.offset_map(input), input, warnings);
    }

    /// An error found in the UTF-8 text that [`decode_to_utf8`] returned,
    /// placed where it is in `input`.
    pub fn relocate_error(&self, input: &[u8], err: &crate::Error) -> crate::Error {
        relocate_error(self.offset_map(input), input, err)
    }

    /// How offsets of the text `decode_to_utf8` returned map to `input`.
    fn offset_map(&self, input: &[u8]) -> OffsetMap {
        let start = match (self.source, self.charset) {
            (CharsetSource::ByteOrderMark, "UTF-8") => UTF8_BOM.len(),
            (CharsetSource::ByteOrderMark, _) => 2,
            _ => 0,
        };
        let start = start.min(input.len());
        #[cfg(feature = "encoding")]
        if self.transcoded {
            if let Some(charset) = crate::legacy::lookup(self.charset) {
                return OffsetMap::Transcoded(charset, start);
            }
        }
        if std::str::from_utf8(&input[start..]).is_ok() {
            OffsetMap::Shift(start)
        } else {
            OffsetMap::Lossy(start)
        }
    }
}

/// Moves warnings from offsets of the parsed bytes to offsets of `input`.
pub(crate) fn relocate(map: OffsetMap, input: &[u8], warnings: &mut [Warning]) {
    if matches!(map, OffsetMap::Shift(0)) {
        return;
    }
    let mut offsets: Vec<usize> = Vec::with_capacity(warnings.len() * 3);
    for warning in warnings.iter() {
        let range = warning.range();
        offsets.extend([warning.offset(), range.start, range.end].map(|o| o as usize));
    }
    map.map_back(input, &mut offsets);
    let mut locator = Locator::default();
    for (warning, mapped) in warnings.iter_mut().zip(offsets.chunks(3)) {
        let position = locator.locate(input, mapped[0]);
        warning.set_place(position, mapped[1] as u64..mapped[2] as u64);
    }
}

/// An error at an offset of the parsed bytes, moved to `input`.
pub(crate) fn relocate_error(map: OffsetMap, input: &[u8], err: &crate::Error) -> crate::Error {
    let mut offsets = [err.offset() as usize];
    map.map_back(input, &mut offsets);
    let position = crate::Position::locate(input, offsets[0]);
    crate::Error::new(err.kind().clone(), position)
}

/// Maps offsets of `String::from_utf8_lossy(input)` back to `input`.
fn map_lossy(input: &[u8], offsets: &mut [usize]) {
    // Runs of (text offset, input offset, valid bytes); each run but the
    // last ends with one invalid sequence, written as U+FFFD.
    let mut runs = Vec::new();
    let (mut src, mut dst) = (0, 0);
    loop {
        match std::str::from_utf8(&input[src..]) {
            Ok(_) => {
                runs.push((dst, src, input.len() - src));
                break;
            }
            Err(err) => {
                let good = err.valid_up_to();
                let bad = err.error_len().unwrap_or(input.len() - src - good);
                runs.push((dst, src, good));
                src += good + bad;
                dst += good + char::REPLACEMENT_CHARACTER.len_utf8();
            }
        }
    }
    for offset in offsets {
        let at = runs
            .partition_point(|run| run.0 <= *offset)
            .saturating_sub(1);
        let (dst, src, good) = runs[at];
        *offset = src + (*offset - dst).min(good);
    }
}

/// Converts a whole SGF file to UTF-8 by the rules of the
/// [module docs](crate::charset): BOM, `CA`, detection. The result is
/// always valid UTF-8: valid UTF-8 input is borrowed (without its BOM),
/// and bytes invalid in the charset (a character cut in the middle in a
/// UTF-8 file, say) become U+FFFD. The text's `CA` property is not
/// changed.
///
/// ```
/// # #[cfg(feature = "encoding")] {
/// use sgf_stream::{decode_to_utf8, CharsetSource};
/// let (sjis, _, _) = encoding_rs::SHIFT_JIS.encode("(;CA[Shift_JIS]C[表])");
/// let (text, report) = decode_to_utf8(&sjis);
/// assert_eq!(std::str::from_utf8(&text).unwrap(), "(;CA[Shift_JIS]C[表])");
/// assert_eq!((report.charset, report.source), ("Shift_JIS", CharsetSource::Declared));
/// # }
/// let (text, _) = sgf_stream::decode_to_utf8(b"(;CA[UTF-8]PB[Lee \xEC\x84])");
/// assert_eq!(std::str::from_utf8(&text).unwrap(), "(;CA[UTF-8]PB[Lee \u{fffd}])");
/// ```
pub fn decode_to_utf8(input: &[u8]) -> (Cow<'_, [u8]>, CharsetReport) {
    let prepared = prepare(input, true);
    let text = match prepared.buf {
        Cow::Borrowed(bytes) if std::str::from_utf8(bytes).is_err() => {
            Cow::Owned(String::from_utf8_lossy(bytes).into_owned().into_bytes())
        }
        Cow::Owned(bytes) => match String::from_utf8(bytes) {
            Ok(text) => Cow::Owned(text.into_bytes()),
            Err(err) => Cow::Owned(
                String::from_utf8_lossy(err.as_bytes())
                    .into_owned()
                    .into_bytes(),
            ),
        },
        text => text,
    };
    (text, prepared.report)
}

/// Input made ready for the parser: UTF-8 bytes, the report, charset
/// warnings (at offsets of the original input) and how to map offsets of
/// `buf` back to the original.
#[derive(Debug)]
pub(crate) struct Prepared<'a> {
    pub buf: Cow<'a, [u8]>,
    pub report: CharsetReport,
    pub warnings: Vec<Warning>,
    pub map: OffsetMap,
}

/// How offsets of the parsed bytes relate to the original input.
#[derive(Debug, Clone, Copy)]
pub(crate) enum OffsetMap {
    /// The parsed bytes are the input from this offset on (after a BOM).
    Shift(usize),
    /// The parsed bytes are the input from this offset on, invalid UTF-8
    /// replaced with U+FFFD.
    Lossy(usize),
    /// The parsed bytes were converted from the input from this offset on.
    #[cfg(feature = "encoding")]
    Transcoded(crate::legacy::Charset, usize),
}

impl OffsetMap {
    /// Maps offsets of the parsed bytes (in any order) to offsets of
    /// `original`, in place.
    pub(crate) fn map_back(self, original: &[u8], offsets: &mut [usize]) {
        match self {
            OffsetMap::Shift(by) => offsets.iter_mut().for_each(|o| *o += by),
            OffsetMap::Lossy(start) => {
                map_lossy(&original[start..], offsets);
                offsets.iter_mut().for_each(|o| *o += start);
            }
            #[cfg(feature = "encoding")]
            OffsetMap::Transcoded(charset, start) => {
                crate::legacy::map_offsets(charset, &original[start..], offsets);
                offsets.iter_mut().for_each(|o| *o += start);
            }
        }
        let _ = original;
    }
}

const UTF8_BOM: &[u8] = b"\xEF\xBB\xBF";

/// Finds the charset of `input` and converts it (when `enabled`).
pub(crate) fn prepare(input: &[u8], enabled: bool) -> Prepared<'_> {
    // A fixed number of whole-input passes (validation, detection,
    // transcoding), each linear: counted once per byte.
    crate::work::count(input.len());
    #[cfg(feature = "encoding")]
    if enabled {
        return crate::legacy::prepare(input);
    }
    let _ = enabled;
    prepare_utf8(input)
}

/// UTF-8 only: cut a BOM, report `CA`.
pub(crate) fn prepare_utf8(input: &[u8]) -> Prepared<'_> {
    let (body, source, skip) = match input.strip_prefix(UTF8_BOM) {
        Some(body) => (body, CharsetSource::ByteOrderMark, UTF8_BOM.len()),
        None => (input, CharsetSource::Default, 0),
    };
    let declared = find_ca(body);
    let source = match (&declared, source) {
        (Some(ca), CharsetSource::Default) if is_utf8_label(ca) => CharsetSource::Declared,
        _ => source,
    };
    Prepared {
        buf: Cow::Borrowed(body),
        report: CharsetReport::utf8(source, declared),
        warnings: Vec::new(),
        map: OffsetMap::Shift(skip),
    }
}

/// Whether `label` names UTF-8 (`UTF-8`, `utf8`, ...).
pub(crate) fn is_utf8_label(label: &str) -> bool {
    squash(label) == "utf8"
}

/// A charset label in lower case without punctuation: `Shift_JIS` →
/// `shiftjis`.
pub(crate) fn squash(label: &str) -> String {
    label
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// The first `CA[...]` value of an ASCII-compatible file, trimmed.
pub(crate) fn find_ca(input: &[u8]) -> Option<String> {
    for at in memchr::memmem::find_iter(input, b"CA[") {
        if at > 0 && input[at - 1].is_ascii_alphabetic() {
            continue;
        }
        let value = &input[at + 3..];
        let end = memchr::memchr(b']', &value[..value.len().min(100)])?;
        let label = String::from_utf8_lossy(&value[..end]).trim().to_string();
        return Some(label);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ca_is_found_as_a_property_only() {
        assert_eq!(find_ca(b"(;FF[4]CA[ UTF-8 ]"), Some("UTF-8".into()));
        assert_eq!(find_ca(b"(;XCA[x]CA[Big5]"), Some("Big5".into()));
        assert_eq!(find_ca(b"(;FF[4])"), None);
    }

    #[test]
    fn lossy_offsets_map_back() {
        // "a\xff\xfeb" is "a" U+FFFD U+FFFD "b" = a(0) 1..4 4..7 b(7).
        let mut offsets = [0, 1, 3, 4, 7, 8];
        map_lossy(b"a\xff\xfeb", &mut offsets);
        assert_eq!(offsets, [0, 1, 1, 2, 3, 4]);
        let mut offsets = [0, 1, 4];
        map_lossy(b"a\xe6\x9d", &mut offsets);
        assert_eq!(offsets, [0, 1, 3]);
    }

    #[test]
    fn utf8_only_cuts_the_bom() {
        let prepared = prepare_utf8(b"\xEF\xBB\xBF(;)");
        assert_eq!(&prepared.buf[..], b"(;)");
        assert_eq!(prepared.report.source, CharsetSource::ByteOrderMark);
        let mut offsets = [0, 2];
        prepared.map.map_back(b"", &mut offsets);
        assert_eq!(offsets, [3, 5]);
    }
}
