//! [`Transcoder`]: a charset's bytes to UTF-8, a piece at a time, with
//! the anchors that map the text back to the input and the ranges of
//! bytes invalid in the charset (each one replaced with U+FFFD).
//!
//! Runs of ASCII bytes met while the decoder holds no partial character
//! are copied as they are, and anchored as such: the structure of SGF is
//! ASCII, so every token boundary maps back exactly and cheaply. The
//! other bytes go through `encoding_rs` (or a table), anchored where they
//! start.

use std::ops::Range;

#[cfg(feature = "encoding")]
use encoding_rs::{Decoder, DecoderResult, Encoding};

#[cfg(feature = "encoding")]
use super::labels::c1_char;
use super::offsets::{Anchor, Anchors, Piece};
use super::Charset;
use crate::work;

/// Bytes invalid in the charset: where their U+FFFD went in the text
/// (an absolute text offset), and the input bytes (absolute).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Bad {
    pub text: u64,
    pub raw: Range<u64>,
}

/// Where decoded text goes: the text (whose first byte is at absolute
/// text offset `text_base`), the anchors and the invalid bytes.
#[derive(Debug)]
pub(crate) struct Out<'a> {
    pub text: &'a mut Vec<u8>,
    pub text_base: u64,
    pub anchors: &'a mut Anchors,
    pub bad: &'a mut Vec<Bad>,
}

impl Out<'_> {
    /// The absolute text offset of the next byte written.
    fn end(&self) -> u64 {
        self.text_base + self.text.len() as u64
    }

    /// `bytes`, which start at input offset `raw`, copied as they are.
    fn same(&mut self, bytes: &[u8], raw: u64) {
        if bytes.is_empty() {
            return;
        }
        work::count(bytes.len());
        let text = self.end();
        self.anchors.push(Anchor::new(text, raw, Piece::Same));
        self.text.extend_from_slice(bytes);
    }

    /// A character boundary of text decoded in `charset` from input
    /// offset `raw` on.
    fn decoded_from(&mut self, raw: u64, charset: Charset) {
        let text = self.end();
        self.anchors
            .push(Anchor::new(text, raw, Piece::Decoded(charset)));
    }

    /// U+FFFD for the invalid input bytes `raw`.
    fn replace(&mut self, raw: Range<u64>) {
        self.replaced_at(self.text.len(), raw);
        self.text.extend_from_slice("\u{FFFD}".as_bytes());
    }

    /// Notes that the U+FFFD written at `text[at..]` stands for the
    /// invalid input bytes `raw`.
    fn replaced_at(&mut self, at: usize, raw: Range<u64>) {
        let text = self.text_base + at as u64;
        self.bad.push(Bad { text, raw });
    }
}

/// How a charset is decoded.
#[derive(Debug)]
enum How {
    /// UTF-8 handed on as it is, valid or not.
    Pass,
    /// UTF-8 with invalid sequences replaced.
    Utf8,
    /// One character per byte from a table (the C1 table charsets).
    #[cfg(feature = "encoding")]
    Table(Box<[char; 128]>),
    /// `encoding_rs`; ASCII runs are copied while it holds no partial
    /// character. `None` once it was told the input ended.
    #[cfg(feature = "encoding")]
    Ascii(Option<Decoder>),
    /// `encoding_rs` for UTF-16: everything goes through it, in pieces
    /// that end between characters.
    #[cfg(feature = "encoding")]
    Utf16(Option<Decoder>),
}

/// Decodes one charset to UTF-8, a piece at a time.
#[derive(Debug)]
pub(crate) struct Transcoder {
    charset: Charset,
    how: How,
}

impl Transcoder {
    /// A transcoder for `charset`. UTF-8 is handed on as it is unless
    /// `replace_utf8`, in which case invalid sequences become U+FFFD.
    pub(crate) fn new(charset: Charset, replace_utf8: bool) -> Self {
        let how = match charset {
            Charset::Utf8 if replace_utf8 => How::Utf8,
            Charset::Utf8 => How::Pass,
            #[cfg(feature = "encoding")]
            _ if charset.is_c1_table() => How::Table(Box::new(c1_table(charset))),
            #[cfg(feature = "encoding")]
            _ if charset.is_utf16() => How::Utf16(None),
            #[cfg(feature = "encoding")]
            _ => How::Ascii(None),
        };
        Transcoder { charset, how }
    }

    /// The charset decoded.
    pub(crate) fn charset(&self) -> Charset {
        self.charset
    }

    /// Whether UTF-8 is handed on unchecked.
    pub(crate) fn passes_utf8(&self) -> bool {
        matches!(self.how, How::Pass)
    }

    /// Decodes `raw`, whose first byte is at input offset `at`, onto
    /// `out`; `last` says no byte follows. Returns how many bytes it
    /// took: the others (the start of a character) must be given again
    /// with what follows them.
    pub(crate) fn decode(&mut self, raw: &[u8], at: u64, last: bool, out: &mut Out<'_>) -> usize {
        match &mut self.how {
            How::Pass => {
                out.same(raw, at);
                raw.len()
            }
            How::Utf8 => decode_utf8(raw, at, last, out),
            #[cfg(feature = "encoding")]
            How::Table(table) => decode_table(self.charset, table, raw, at, out),
            #[cfg(feature = "encoding")]
            How::Ascii(slot) => {
                let decoder = fresh(slot, self.charset);
                if decode_ascii_compatible(self.charset, decoder, raw, at, last, out) {
                    *slot = None;
                }
                raw.len()
            }
            #[cfg(feature = "encoding")]
            How::Utf16(slot) => {
                let decoder = fresh(slot, self.charset);
                let took = decode_utf16(self.charset, decoder, raw, at, last, out);
                if last {
                    *slot = None;
                }
                took
            }
        }
    }
}

/// UTF-8, checked: valid runs as they are, U+FFFD for each invalid
/// sequence (the longest start of a character, as `encoding_rs` and
/// `String::from_utf8_lossy` cut them).
fn decode_utf8(raw: &[u8], at: u64, last: bool, out: &mut Out<'_>) -> usize {
    let mut i = 0;
    while i < raw.len() {
        let rest = &raw[i..];
        let (good, bad) = match std::str::from_utf8(rest) {
            Ok(_) => (rest.len(), None),
            Err(err) => (err.valid_up_to(), Some(err.error_len())),
        };
        work::count(good + 1);
        out.same(&rest[..good], at + i as u64);
        i += good;
        let len = match bad {
            None => break,
            Some(Some(len)) => len,
            Some(None) if last => raw.len() - i,
            Some(None) => break,
        };
        let start = at + i as u64;
        out.decoded_from(start, Charset::Utf8);
        out.replace(start..start + len as u64);
        i += len;
    }
    i
}

/// The characters of bytes 0x80–0xFF in a C1 table charset.
#[cfg(feature = "encoding")]
fn c1_table(charset: Charset) -> [char; 128] {
    let mut table = ['\u{FFFD}'; 128];
    for (i, slot) in table.iter_mut().enumerate() {
        *slot = c1_char(charset, 0x80 + i as u8);
    }
    table
}

#[cfg(feature = "encoding")]
fn decode_table(
    charset: Charset,
    table: &[char; 128],
    raw: &[u8],
    at: u64,
    out: &mut Out<'_>,
) -> usize {
    let mut i = 0;
    while i < raw.len() {
        let ascii = Encoding::ascii_valid_up_to(&raw[i..]);
        out.same(&raw[i..i + ascii], at + i as u64);
        i += ascii;
        if i == raw.len() {
            break;
        }
        out.decoded_from(at + i as u64, charset);
        while i < raw.len() && raw[i] >= 0x80 {
            let mut utf8 = [0; 4];
            let c = table[usize::from(raw[i] - 0x80)];
            out.text
                .extend_from_slice(c.encode_utf8(&mut utf8).as_bytes());
            i += 1;
        }
        work::count(i);
    }
    raw.len()
}

/// The decoder in `slot`, made anew if there is none yet (or the last
/// one was told the input ended).
#[cfg(feature = "encoding")]
fn fresh(slot: &mut Option<Decoder>, charset: Charset) -> &mut Decoder {
    slot.get_or_insert_with(|| charset.encoding().new_decoder_without_bom_handling())
}

/// Whether `decoder` holds no partial character (nor escape state).
#[cfg(feature = "encoding")]
fn neutral(decoder: &Decoder) -> bool {
    decoder.latin1_byte_compatible_up_to(&[]).is_some()
}

/// How many bytes from the start of `bytes` decode to themselves when
/// the decoder is neutral: ASCII (for ISO-2022-JP, but for the escape
/// and shift bytes).
#[cfg(feature = "encoding")]
fn ascii_run(charset: Charset, bytes: &[u8]) -> usize {
    if charset == Charset::Iso2022Jp {
        Encoding::iso_2022_jp_ascii_valid_up_to(bytes)
    } else {
        Encoding::ascii_valid_up_to(bytes)
    }
}

/// Where the piece of `raw` starting at `i` that must go through the
/// decoder ends: before the next ASCII byte (for ISO-2022-JP, before the
/// next escape, or after the escape sequence that starts at `i`).
#[cfg(feature = "encoding")]
fn piece_end(charset: Charset, raw: &[u8], i: usize) -> usize {
    let rest = &raw[i + 1..];
    let len = if charset == Charset::Iso2022Jp {
        if raw[i] == 0x1B {
            2.min(rest.len())
        } else {
            memchr::memchr(0x1B, rest).unwrap_or(rest.len())
        }
    } else {
        rest.iter().position(u8::is_ascii).unwrap_or(rest.len())
    };
    i + 1 + len
}

/// Decodes an ASCII-compatible charset; whether `decoder` was told the
/// input ended.
#[cfg(feature = "encoding")]
fn decode_ascii_compatible(
    charset: Charset,
    decoder: &mut Decoder,
    raw: &[u8],
    at: u64,
    last: bool,
    out: &mut Out<'_>,
) -> bool {
    let mut i = 0;
    while i < raw.len() {
        if neutral(decoder) {
            let ascii = ascii_run(charset, &raw[i..]);
            if ascii > 0 {
                out.same(&raw[i..i + ascii], at + i as u64);
                i += ascii;
                continue;
            }
            out.decoded_from(at + i as u64, charset);
        }
        let end = piece_end(charset, raw, i);
        let ends = last && end == raw.len();
        feed(decoder, &raw[i..end], at + i as u64, ends, out);
        if ends {
            return true;
        }
        i = end;
    }
    if last && !neutral(decoder) {
        feed(decoder, &[], at + raw.len() as u64, true, out);
        return true;
    }
    false
}

/// UTF-16 in pieces that end between characters (an even number of
/// bytes, not after a high surrogate), so that each piece starts an
/// anchor. A piece ends after each line break and after
/// [`UTF16_PIECE`] bytes at most: a text offset is mapped back to the
/// input by decoding from the anchor before it, so each line starts at
/// an anchor and no offset is far from one.
#[cfg(feature = "encoding")]
fn decode_utf16(
    charset: Charset,
    decoder: &mut Decoder,
    raw: &[u8],
    at: u64,
    last: bool,
    out: &mut Out<'_>,
) -> usize {
    let mut take = raw.len() & !1;
    if take >= 2 && is_high_surrogate(utf16_unit(charset, raw, take - 2)) {
        take -= 2;
    }
    if last {
        take = raw.len();
    }
    let mut from = 0;
    loop {
        let end = utf16_piece_end(charset, &raw[..take], from);
        let ends = last && end == take;
        if end > from || ends {
            out.decoded_from(at + from as u64, charset);
            feed(decoder, &raw[from..end], at + from as u64, ends, out);
        }
        if end >= take {
            return take;
        }
        from = end;
    }
}

/// The most input bytes in one piece of UTF-16 text (an even number).
#[cfg(feature = "encoding")]
const UTF16_PIECE: usize = 4096;

/// The UTF-16 code unit at `raw[i..i + 2]`.
#[cfg(feature = "encoding")]
fn utf16_unit(charset: Charset, raw: &[u8], i: usize) -> u16 {
    let unit = [raw[i], raw[i + 1]];
    match charset {
        Charset::Utf16Be => u16::from_be_bytes(unit),
        _ => u16::from_le_bytes(unit),
    }
}

#[cfg(feature = "encoding")]
fn is_high_surrogate(unit: u16) -> bool {
    (0xD800..0xDC00).contains(&unit)
}

/// Where the piece of UTF-16 `raw` starting at `from` ends: after its
/// first line break (LF or CR), after [`UTF16_PIECE`] bytes, or at the
/// end of `raw`; never after a high surrogate but at the end.
#[cfg(feature = "encoding")]
fn utf16_piece_end(charset: Charset, raw: &[u8], from: usize) -> usize {
    let cap = raw.len().min(from + UTF16_PIECE);
    let mut i = from;
    while i + 2 <= cap {
        let unit = utf16_unit(charset, raw, i);
        i += 2;
        if unit == u16::from(b'\n') || unit == u16::from(b'\r') {
            break;
        }
    }
    work::count(i - from);
    if i + 2 > raw.len() {
        // What is left is less than a unit: it goes with this piece.
        return raw.len();
    }
    if i - from > 2 && is_high_surrogate(utf16_unit(charset, raw, i - 2)) {
        i -= 2;
    }
    i
}

/// Runs `decoder` over all of `bytes` (which start at input offset
/// `at`), writing U+FFFD for each malformed sequence.
///
/// The text is written in place into room made once: each byte gives at
/// most three bytes of UTF-8 (a replaced sequence at most three too),
/// plus what the decoder held. Input dense with malformed sequences
/// costs no more than valid input: no room is made again per sequence.
#[cfg(feature = "encoding")]
fn feed(decoder: &mut Decoder, bytes: &[u8], at: u64, last: bool, out: &mut Out<'_>) {
    const REPLACEMENT: &[u8] = "\u{FFFD}".as_bytes();
    work::count(bytes.len() + 1);
    let mut end = out.text.len();
    out.text.resize(end + bytes.len() * 3 + 16, 0);
    let mut read = 0;
    loop {
        let (result, n, written) =
            decoder.decode_to_utf8_without_replacement(&bytes[read..], &mut out.text[end..], last);
        end += written;
        read += n;
        match result {
            DecoderResult::InputEmpty => break,
            DecoderResult::OutputFull => {
                let room = (bytes.len() - read) * 3 + 16;
                work::count(room);
                out.text.resize(out.text.len() + room, 0);
            }
            DecoderResult::Malformed(bad, after) => {
                if out.text.len() < end + REPLACEMENT.len() {
                    out.text.resize(end + REPLACEMENT.len(), 0);
                }
                let raw_end = (at + read as u64).saturating_sub(u64::from(after));
                out.replaced_at(end, raw_end.saturating_sub(u64::from(bad))..raw_end);
                out.text[end..end + REPLACEMENT.len()].copy_from_slice(REPLACEMENT);
                end += REPLACEMENT.len();
            }
        }
    }
    out.text.truncate(end);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The text of `raw` decoded in pieces of `piece` bytes, and the
    /// invalid byte ranges.
    fn decode_in_pieces(
        charset: Charset,
        replace: bool,
        raw: &[u8],
        piece: usize,
    ) -> (Vec<u8>, Vec<Bad>, Anchors) {
        let mut t = Transcoder::new(charset, replace);
        let (mut text, mut anchors, mut bad) = (Vec::new(), Anchors::default(), Vec::new());
        let mut done = 0;
        let mut fed = 0;
        while done < raw.len() || fed < raw.len() {
            fed = (fed + piece).min(raw.len());
            let last = fed == raw.len();
            let mut out = Out {
                text: &mut text,
                text_base: 0,
                anchors: &mut anchors,
                bad: &mut bad,
            };
            done += t.decode(&raw[done..fed], done as u64, last, &mut out);
            if last && done < raw.len() {
                unreachable!("the last piece is taken whole");
            }
        }
        (text, bad, anchors)
    }

    #[test]
    fn utf8_replacements_match_the_standard_library() {
        let raw = b"a\xff\xfeb\xe6\x9d\xc3\xa9x\xf0\x9f\x98";
        let whole = String::from_utf8_lossy(raw);
        for piece in 1..raw.len() + 1 {
            let (text, bad, _) = decode_in_pieces(Charset::Utf8, true, raw, piece);
            assert_eq!(
                std::str::from_utf8(&text).unwrap(),
                whole,
                "pieces of {piece}"
            );
            let ranges: Vec<_> = bad.iter().map(|b| b.raw.clone()).collect();
            assert_eq!(ranges, [1..2, 2..3, 4..6, 9..12]);
        }
        let (text, bad, _) = decode_in_pieces(Charset::Utf8, false, raw, 3);
        assert_eq!((&text[..], bad), (&raw[..], vec![]));
    }

    #[cfg(feature = "encoding")]
    #[test]
    fn pieces_decode_as_the_whole() {
        use encoding_rs::*;
        let cases: [(Charset, &'static Encoding, &[u8]); 7] = [
            (
                Charset::ShiftJis,
                SHIFT_JIS,
                b"(;C[\x95\x5c\x83\x5c]\x81)x\x82\xa0\xff",
            ),
            (
                Charset::Gb18030,
                GB18030,
                b"(;C[\x81\x30\x81\x30\x81\x30A\xcb\xbc]\x81",
            ),
            (Charset::Big5, BIG5, b"C[\xa4\x5c\x88\x62]\xa4"),
            (Charset::EucKr, EUC_KR, b"C[\xb0\xa1\xff]"),
            (Charset::Iso2022Jp, ISO_2022_JP, b"C[\x1b$B0!\x1b(B]x\x1b$B"),
            (
                Charset::Utf16Le,
                UTF_16LE,
                b"(\0;\0\x3d\xd8\x00\xdeA\0\x00\xd8B\0x",
            ),
            (Charset::Windows1251, WINDOWS_1251, b"C[\xc0\xe1\x98]"),
        ];
        for (charset, encoding, raw) in cases {
            let (whole, _) = encoding.decode_without_bom_handling(raw);
            for piece in 1..raw.len() + 1 {
                let (text, _, _) = decode_in_pieces(charset, true, raw, piece);
                let text = std::str::from_utf8(&text).unwrap();
                assert_eq!(text, whole, "{charset} in pieces of {piece}");
            }
        }
    }

    #[cfg(feature = "encoding")]
    #[test]
    fn input_dense_with_malformed_sequences_has_each_one_replaced() {
        use encoding_rs::*;
        let cases: [(Charset, &'static Encoding, &[u8]); 3] = [
            (Charset::ShiftJis, SHIFT_JIS, b"\xa0\xff"),
            (Charset::EucKr, EUC_KR, b"\xff"),
            (Charset::Gb18030, GB18030, b"\xffa"),
        ];
        for (charset, encoding, unit) in cases {
            let raw = unit.repeat(3000);
            let (whole, _) = encoding.decode_without_bom_handling(&raw);
            for piece in [1, 7, raw.len()] {
                let (text, bad, _) = decode_in_pieces(charset, true, &raw, piece);
                assert_eq!(std::str::from_utf8(&text).unwrap(), whole, "{charset}");
                assert_eq!(bad.len(), whole.matches('\u{FFFD}').count(), "{charset}");
                for one in &bad {
                    let at = one.text as usize;
                    assert_eq!(&text[at..at + 3], "\u{FFFD}".as_bytes(), "{charset}");
                }
                let raw_ends: Vec<_> = bad.iter().map(|one| one.raw.end).collect();
                assert!(
                    raw_ends.windows(2).all(|pair| pair[0] < pair[1]),
                    "{charset}"
                );
            }
        }
    }

    #[cfg(feature = "encoding")]
    #[test]
    fn c1_tables_are_true_iso_8859() {
        let (text, _, _) = decode_in_pieces(Charset::Iso8859_1, true, b"\x80\xe9a", 1);
        assert_eq!(std::str::from_utf8(&text).unwrap(), "\u{80}éa");
        let (text, _, _) = decode_in_pieces(Charset::Iso8859_9, true, b"\x80\xfd", 2);
        assert_eq!(std::str::from_utf8(&text).unwrap(), "\u{80}ı");
    }

    #[cfg(feature = "encoding")]
    #[test]
    fn every_text_offset_maps_to_the_start_of_its_character() {
        // Shift_JIS "a表b" with a malformed lead before `)`: a=0, 表=1..3,
        // b=3, \x81=4 (U+FFFD), )=5.
        let raw = b"a\x95\x5cb\x81)";
        for piece in 1..raw.len() + 1 {
            let (text, bad, anchors) = decode_in_pieces(Charset::ShiftJis, true, raw, piece);
            assert_eq!(std::str::from_utf8(&text).unwrap(), "a表b\u{FFFD})");
            assert_eq!(bad, [Bad { text: 5, raw: 4..5 }]);
            let mapped: Vec<u64> = (0..=text.len() as u64)
                .map(|at| anchors.map(at, raw, 0))
                .collect();
            assert_eq!(mapped, [0, 1, 1, 1, 3, 4, 4, 4, 5, 6], "pieces of {piece}");
        }
    }
}
