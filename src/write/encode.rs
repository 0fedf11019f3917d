//! Encoding text into the output [`Charset`].
//!
//! Everything the writer is given is UTF-8 text (decoded tree values, the
//! typed calls) or raw values, which are taken to be UTF-8 too (what
//! [`Parser`](crate::Parser) yields for UTF-8 input). With the default
//! UTF-8 output they are written byte for byte. A legacy charset encodes
//! each value after escaping, so a character whose second byte is `0x5C`
//! (`\`) or `0x5D` (`]`), like 表 (`95 5C` in Shift_JIS), is written just
//! as the charset encodes it: readers of such files decode before they
//! tokenize.

use super::error::WriteError;
use crate::charset::Charset;

impl Charset {
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
        if matches!(self, Charset::ShiftJis | Charset::EucJp) {
            if let Some(c) = text.chars().find(|c| matches!(c, '\u{a5}' | '\u{203e}')) {
                return Err(c);
            }
        }
        if self.is_c1_table() {
            return self.encode_c1_table(text, out);
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

    /// Encodes `text` in a C1 table charset (true ISO-8859-1, -9, -11):
    /// U+0080–U+009F as themselves, the rest as their base charset
    /// writes them in 0xA0–0xFF.
    #[cfg(feature = "encoding")]
    fn encode_c1_table(self, text: &str, out: &mut Vec<u8>) -> Result<(), char> {
        let mut encoder = self.encoding().new_encoder();
        for c in text.chars() {
            if let Ok(byte @ 0..=0x9F) = u8::try_from(u32::from(c)) {
                out.push(byte);
                continue;
            }
            let mut utf8 = [0; 4];
            let mut byte = [0; 8];
            let (result, _, written) = encoder.encode_from_utf8_without_replacement(
                c.encode_utf8(&mut utf8),
                &mut byte,
                false,
            );
            match (result, written, byte[0]) {
                (encoding_rs::EncoderResult::InputEmpty, 1, 0xA0..=0xFF) => out.push(byte[0]),
                _ => return Err(c),
            }
        }
        Ok(())
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
        assert_eq!(Charset::for_label("latin1"), Some(Charset::Iso8859_1));
    }

    #[test]
    fn single_byte_charsets_are_written_as_declared() {
        let mut out = Vec::new();
        Charset::Iso8859_1.encode_into("é\u{80}", &mut out).unwrap();
        assert_eq!(out, [0xE9, 0x80]);
        assert_eq!(Charset::Iso8859_1.encode_into("€", &mut out), Err('€'));
        out.clear();
        Charset::Windows1251.encode_into("Жук", &mut out).unwrap();
        assert_eq!(out, [0xC6, 0xF3, 0xEA]);
        assert_eq!(Charset::EucJp.encode_into("¥", &mut out), Err('¥'));
    }
}
