//! [`Charset`]: the output charset, and encoding text into it.
//!
//! Everything the writer is given is UTF-8 text (decoded tree values, the
//! typed calls) or raw values, which are taken to be UTF-8 too (what
//! [`Parser`](crate::Parser) yields for UTF-8 input). With the default
//! UTF-8 output they are written byte for byte. A legacy charset encodes
//! each value after escaping, so a character whose second byte is `0x5C`
//! (`\`) or `0x5D` (`]`), like 表 (`95 5C` in Shift_JIS), is written just
//! as the charset encodes it: readers of such files decode before they
//! tokenize.

use std::fmt;

use super::WriteError;

/// The charset of the bytes a [`Writer`](super::Writer) produces.
///
/// UTF-8 is always available; the legacy charsets need the `encoding`
/// cargo feature (on by default), which brings in `encoding_rs`.
///
/// ```
/// use sgf_stream::Charset;
/// assert_eq!(Charset::default(), Charset::Utf8);
/// assert_eq!(Charset::Utf8.name(), "UTF-8");
/// assert_eq!(Charset::for_label(" utf8 "), Some(Charset::Utf8));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Charset {
    /// UTF-8, the default: values pass through unchanged.
    #[default]
    Utf8,
    /// Shift_JIS (Japanese), as the seed program writes.
    #[cfg(feature = "encoding")]
    ShiftJis,
    /// GB18030 (Chinese), a superset of GB2312 and GBK that encodes all of
    /// Unicode.
    #[cfg(feature = "encoding")]
    Gb18030,
    /// EUC-KR (Korean).
    #[cfg(feature = "encoding")]
    EucKr,
    /// Big5 (traditional Chinese).
    #[cfg(feature = "encoding")]
    Big5,
}

impl Charset {
    /// The name written in `CA`: `UTF-8`, `Shift_JIS`, `GB18030`, `EUC-KR`
    /// or `Big5`.
    pub fn name(self) -> &'static str {
        match self {
            Charset::Utf8 => "UTF-8",
            #[cfg(feature = "encoding")]
            Charset::ShiftJis => "Shift_JIS",
            #[cfg(feature = "encoding")]
            Charset::Gb18030 => "GB18030",
            #[cfg(feature = "encoding")]
            Charset::EucKr => "EUC-KR",
            #[cfg(feature = "encoding")]
            Charset::Big5 => "Big5",
        }
    }

    /// The charset a `CA` label asks for, if the writer can produce it.
    ///
    /// Labels are those of the WHATWG Encoding Standard, case-insensitive,
    /// surrounding whitespace ignored (`SJIS`, `shift_jis`, `x-sjis`...).
    /// `GB2312` and `GBK` give [`Charset::Gb18030`], their superset.
    /// Without the `encoding` feature only UTF-8 labels are known.
    ///
    /// ```
    /// use sgf_stream::Charset;
    /// assert_eq!(Charset::for_label("UTF-8"), Some(Charset::Utf8));
    /// assert_eq!(Charset::for_label("no such charset"), None);
    /// # #[cfg(feature = "encoding")]
    /// assert_eq!(Charset::for_label("SJIS"), Some(Charset::ShiftJis));
    /// ```
    pub fn for_label(label: &str) -> Option<Charset> {
        let label = label.trim();
        #[cfg(feature = "encoding")]
        {
            let encoding = encoding_rs::Encoding::for_label(label.as_bytes())?;
            let known = [
                Charset::Utf8,
                Charset::ShiftJis,
                Charset::Gb18030,
                Charset::EucKr,
                Charset::Big5,
            ];
            if encoding == encoding_rs::GBK {
                return Some(Charset::Gb18030);
            }
            known.into_iter().find(|c| c.encoding() == encoding)
        }
        #[cfg(not(feature = "encoding"))]
        {
            is_utf8_label(label).then_some(Charset::Utf8)
        }
    }

    /// Whether `label` (a `CA` value) names exactly this charset.
    pub(crate) fn is_named_by(self, label: &[u8]) -> bool {
        let Ok(label) = std::str::from_utf8(label) else {
            return false;
        };
        let label = label.trim();
        match self {
            Charset::Utf8 => is_utf8_label(label),
            #[cfg(feature = "encoding")]
            _ => encoding_rs::Encoding::for_label(label.as_bytes()) == Some(self.encoding()),
        }
    }

    #[cfg(feature = "encoding")]
    fn encoding(self) -> &'static encoding_rs::Encoding {
        match self {
            Charset::Utf8 => encoding_rs::UTF_8,
            Charset::ShiftJis => encoding_rs::SHIFT_JIS,
            Charset::Gb18030 => encoding_rs::GB18030,
            Charset::EucKr => encoding_rs::EUC_KR,
            Charset::Big5 => encoding_rs::BIG5,
        }
    }

    /// Appends `text` encoded in this charset to `out`.
    ///
    /// # Errors
    /// The first character the charset cannot encode. In Shift_JIS that
    /// includes `¥` (U+00A5) and `‾` (U+203E), which it would write as the
    /// ASCII bytes `\` and `~`: a `\` there would turn into an escape.
    pub(crate) fn encode_into(self, text: &str, out: &mut Vec<u8>) -> Result<(), char> {
        if self == Charset::Utf8 || text.is_ascii() {
            out.extend_from_slice(text.as_bytes());
            return Ok(());
        }
        #[cfg(feature = "encoding")]
        {
            self.encode_legacy(text, out)
        }
        #[cfg(not(feature = "encoding"))]
        {
            unreachable!("only UTF-8 exists without the encoding feature")
        }
    }

    #[cfg(feature = "encoding")]
    fn encode_legacy(self, text: &str, out: &mut Vec<u8>) -> Result<(), char> {
        use encoding_rs::EncoderResult;
        if self == Charset::ShiftJis {
            if let Some(c) = text.chars().find(|c| matches!(c, '\u{a5}' | '\u{203e}')) {
                return Err(c);
            }
        }
        let mut encoder = self.encoding().new_encoder();
        let mut rest = text;
        loop {
            let room = encoder
                .max_buffer_length_from_utf8_without_replacement(rest.len())
                .unwrap_or(rest.len() * 4)
                .max(16);
            let start = out.len();
            out.resize(start + room, 0);
            let (result, read, written) =
                encoder.encode_from_utf8_without_replacement(rest, &mut out[start..], true);
            out.truncate(start + written);
            rest = &rest[read..];
            match result {
                EncoderResult::InputEmpty => return Ok(()),
                EncoderResult::Unmappable(c) => return Err(c),
                EncoderResult::OutputFull => continue,
            }
        }
    }

    /// Encodes `value` for property `ident`, naming the failure.
    pub(crate) fn encode_value(
        self,
        ident: &str,
        value: &str,
        out: &mut Vec<u8>,
    ) -> Result<(), WriteError> {
        self.encode_into(value, out)
            .map_err(|character| WriteError::Unencodable {
                ident: ident.to_string(),
                character,
                charset: self,
            })
    }
}

fn is_utf8_label(label: &str) -> bool {
    ["utf-8", "utf8", "unicode-1-1-utf-8"]
        .iter()
        .any(|known| label.eq_ignore_ascii_case(known))
}

impl fmt::Display for Charset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(all(test, feature = "encoding"))]
mod tests {
    use super::*;

    #[test]
    fn second_byte_0x5c_is_written_as_encoded() {
        let mut out = Vec::new();
        Charset::ShiftJis.encode_into("表ソ能", &mut out).unwrap();
        assert_eq!(out, [0x95, 0x5c, 0x83, 0x5c, 0x94, 0x5c]);
    }

    #[test]
    fn unencodable_characters_are_named() {
        let mut out = Vec::new();
        assert_eq!(Charset::ShiftJis.encode_into("a😀", &mut out), Err('😀'));
        assert_eq!(Charset::ShiftJis.encode_into("¥1", &mut out), Err('¥'));
        assert_eq!(Charset::EucKr.encode_into("表", &mut out), Ok(()));
        assert!(Charset::Gb18030.encode_into("😀", &mut out).is_ok());
    }

    #[test]
    fn labels() {
        assert!(Charset::ShiftJis.is_named_by(b"shift_jis"));
        assert!(Charset::ShiftJis.is_named_by(b" SJIS"));
        assert!(!Charset::Gb18030.is_named_by(b"GB2312"));
        assert_eq!(Charset::for_label("gb2312"), Some(Charset::Gb18030));
        assert_eq!(Charset::for_label("big5"), Some(Charset::Big5));
        assert_eq!(Charset::for_label("euc-kr"), Some(Charset::EucKr));
        assert_eq!(Charset::for_label("latin1"), None);
    }
}
