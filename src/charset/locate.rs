//! Where a text offset falls in the input, when the text was decoded
//! from it: decoding a byte at a time from a known anchor.

#[cfg(feature = "encoding")]
use encoding_rs::Decoder;

#[cfg(feature = "encoding")]
use super::labels::c1_char;
use super::Charset;
use crate::work;

/// The input offset of text offset `target` in the text decoded in
/// `charset` from `raw`, which starts at input offset `raw_at` and text
/// offset `text_at` on a character boundary: the start of the character
/// `target` falls in. Decodes a byte at a time: for offsets away from
/// the ASCII anchors, which are rare.
#[cold]
pub(crate) fn locate(charset: Charset, raw: &[u8], raw_at: u64, text_at: u64, target: u64) -> u64 {
    work::count(raw.len());
    #[cfg(feature = "encoding")]
    if charset != Charset::Utf8 {
        let mut text = text_at;
        let mut step = Stepper::new(charset);
        for i in 0..raw.len() {
            if let Some(found) = step.byte(raw, i, &mut text, target) {
                return raw_at + found as u64;
            }
        }
        return raw_at + raw.len() as u64;
    }
    let _ = (charset, text_at, target);
    raw_at
}

/// Decodes one byte at a time, telling where each character came from.
#[cfg(feature = "encoding")]
struct Stepper {
    charset: Charset,
    decoder: Decoder,
    /// Where the character being decoded started.
    start: usize,
}

#[cfg(feature = "encoding")]
impl Stepper {
    fn new(charset: Charset) -> Self {
        let decoder = charset.encoding().new_decoder_without_bom_handling();
        Stepper {
            charset,
            decoder,
            start: 0,
        }
    }

    /// Decodes `raw[i]`, moving `text` past what it completes; the offset
    /// in `raw` of the character holding text offset `target`, if this
    /// byte completed it.
    ///
    /// A byte can complete several characters: one started at `start`,
    /// then bytes the decoder gave back after a malformed sequence (each
    /// ASCII, or a UTF-16 unit), which end at `i`.
    fn byte(&mut self, raw: &[u8], i: usize, text: &mut u64, target: u64) -> Option<usize> {
        let mut chars = [0u8; 32];
        let written = if self.charset.is_c1_table() {
            let b = raw[i];
            let c = if b < 0x80 {
                char::from(b)
            } else {
                c1_char(self.charset, b)
            };
            c.encode_utf8(&mut chars).len()
        } else {
            let one = &raw[i..i + 1];
            self.decoder.decode_to_utf8(one, &mut chars, false).2
        };
        if written == 0 {
            return None;
        }
        let decoded = std::str::from_utf8(&chars[..written]).unwrap_or_default();
        let unit = if self.charset.is_utf16() { 2 } else { 1 };
        let count = decoded.chars().count();
        let given_back = if self.charset.is_utf16() {
            count - 1
        } else {
            let tail = decoded.chars().rev().take_while(char::is_ascii).count();
            tail.min(count - 1)
        };
        for (k, c) in decoded.chars().enumerate() {
            let from = if k + given_back >= count {
                i + 1 - unit * (count - k)
            } else {
                self.start
            };
            let len = c.len_utf8() as u64;
            if target < *text + len {
                return Some(from);
            }
            *text += len;
        }
        self.start = i + 1;
        None
    }
}
