//! Legacy charsets (feature `encoding`): labels, detection, conversion
//! to UTF-8, and mapping offsets of the converted text back to the input.

use std::borrow::Cow;
use std::ops::Range;

use encoding_rs::{DecoderResult, Encoding};

use crate::charset::{
    find_ca, is_utf8_label, squash, CharsetReport, CharsetSource, OffsetMap, Prepared,
};
use crate::warning::{Locator, Warning, WarningKind};

/// A charset this library converts from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Charset {
    Utf8,
    /// Decoded by encoding_rs (multi-byte, UTF-16, WHATWG single-byte).
    Rs(&'static Encoding),
    /// True ISO-8859-1: byte `b` is U+00bb.
    Latin1,
    /// An ISO charset that encoding_rs maps to a Windows one: like `base`
    /// but 0x80–0x9F are the C1 controls.
    IsoC1(&'static str, &'static Encoding),
}

impl Charset {
    fn name(self) -> &'static str {
        match self {
            Charset::Utf8 => "UTF-8",
            Charset::Rs(encoding) if encoding == encoding_rs::GB18030 => "GB18030",
            Charset::Rs(encoding) => encoding.name(),
            Charset::Latin1 => "ISO-8859-1",
            Charset::IsoC1(name, _) => name,
        }
    }

    fn single_byte(self) -> bool {
        match self {
            Charset::Utf8 => false,
            Charset::Rs(encoding) => encoding.is_single_byte(),
            Charset::Latin1 | Charset::IsoC1(..) => true,
        }
    }

    fn utf16(self) -> bool {
        matches!(self, Charset::Rs(e) if e == encoding_rs::UTF_16LE || e == encoding_rs::UTF_16BE)
    }

    fn from_rs(encoding: &'static Encoding) -> Charset {
        if encoding == encoding_rs::UTF_8 {
            Charset::Utf8
        } else if encoding == encoding_rs::GBK {
            Charset::Rs(encoding_rs::GB18030)
        } else {
            Charset::Rs(encoding)
        }
    }
}

/// The charset a `CA` label names, if known.
pub(crate) fn lookup(label: &str) -> Option<Charset> {
    use encoding_rs::*;
    let charset = match squash(label).as_str() {
        "utf8" => Charset::Utf8,
        "iso88591" | "latin1" | "l1" | "cp819" | "ibm819" | "isoir100" | "usascii" | "ascii"
        | "iso646us" => Charset::Latin1,
        "iso88599" | "latin5" | "l5" => Charset::IsoC1("ISO-8859-9", WINDOWS_1254),
        "iso885911" => Charset::IsoC1("ISO-8859-11", WINDOWS_874),
        "gb2312" | "gbk" | "gb18030" | "cp936" | "ms936" | "windows936" | "euccn" | "xgbk"
        | "chinese" | "csgb2312" | "gb231280" => Charset::Rs(GB18030),
        "shiftjis" | "sjis" | "mskanji" | "cp932" | "ms932" | "windows31j" | "xsjis"
        | "csshiftjis" => Charset::Rs(SHIFT_JIS),
        "big5" | "cp950" | "ms950" | "big5hkscs" | "cnbig5" | "xxbig5" | "csbig5" => {
            Charset::Rs(BIG5)
        }
        "euckr" | "cp949" | "ms949" | "uhc" | "windows949" | "ksc56011987" | "ksc5601"
        | "korean" | "cseuckr" => Charset::Rs(EUC_KR),
        "utf16" | "utf16le" | "ucs2" => Charset::Rs(UTF_16LE),
        "utf16be" => Charset::Rs(UTF_16BE),
        _ => {
            let label = label.trim().to_ascii_lowercase();
            let found = Encoding::for_label_no_replacement(label.as_bytes())
                .or_else(|| windows_label(&label))?;
            if found == X_USER_DEFINED {
                return None;
            }
            Charset::from_rs(found)
        }
    };
    Some(charset)
}

/// `cp1251`, `windows1251`, `win1251` and such.
fn windows_label(label: &str) -> Option<&'static Encoding> {
    let squashed = squash(label);
    let digits = squashed
        .strip_prefix("cp")
        .or_else(|| squashed.strip_prefix("windows"))
        .or_else(|| squashed.strip_prefix("win"))?;
    Encoding::for_label(format!("windows-{digits}").as_bytes())
}

/// The charset and how it was chosen, with the offset where the text
/// starts (after a BOM).
struct Choice {
    charset: Charset,
    source: CharsetSource,
    start: usize,
    declared: Option<String>,
    warning: Option<WarningKind>,
}

fn choose(input: &[u8]) -> Choice {
    let choice = |charset, source, start| Choice {
        charset,
        source,
        start,
        declared: None,
        warning: None,
    };
    if input.starts_with(b"\xEF\xBB\xBF") {
        let mut chosen = choice(Charset::Utf8, CharsetSource::ByteOrderMark, 3);
        chosen.declared = find_ca(&input[3..]);
        return chosen;
    }
    if input.starts_with(b"\xFF\xFE") {
        let utf16 = Charset::Rs(encoding_rs::UTF_16LE);
        return choice(utf16, CharsetSource::ByteOrderMark, 2);
    }
    if input.starts_with(b"\xFE\xFF") {
        let utf16 = Charset::Rs(encoding_rs::UTF_16BE);
        return choice(utf16, CharsetSource::ByteOrderMark, 2);
    }
    if let Some(utf16) = sniff_utf16(input) {
        return choice(Charset::Rs(utf16), CharsetSource::Detected, 0);
    }
    let declared = find_ca(input);
    let mut chosen = choose_declared(input, declared.as_deref());
    chosen.declared = declared;
    chosen
}

fn choose_declared(input: &[u8], declared: Option<&str>) -> Choice {
    let choice = |charset, source, warning| Choice {
        charset,
        source,
        start: 0,
        declared: None,
        warning,
    };
    let Some(label) = declared else {
        return undeclared(input);
    };
    let Some(charset) = lookup(label) else {
        let mut chosen = undeclared(input);
        chosen.warning = Some(WarningKind::UnknownCharset(label.to_string()));
        return chosen;
    };
    match verify(charset, input) {
        None => choice(charset, CharsetSource::Declared, None),
        Some(used) => {
            let warning = WarningKind::CharsetMismatch {
                declared: label.to_string(),
                used: used.name(),
            };
            choice(used, CharsetSource::Detected, Some(warning))
        }
    }
}

/// No usable `CA`: UTF-8 if valid, else detected.
fn undeclared(input: &[u8]) -> Choice {
    let (charset, source) = if std::str::from_utf8(input).is_ok() {
        (Charset::Utf8, CharsetSource::Default)
    } else {
        (detect(input), CharsetSource::Detected)
    };
    Choice {
        charset,
        source,
        start: 0,
        declared: None,
        warning: None,
    }
}

/// `None` if the bytes agree with the declared charset, else the charset
/// to use instead.
fn verify(declared: Charset, input: &[u8]) -> Option<Charset> {
    if declared.utf16() {
        // No BOM and no zero bytes: the bytes are not UTF-16.
        return Some(undeclared(input).charset);
    }
    if declared == Charset::Utf8 {
        if mostly_utf8(input) {
            return None;
        }
        let detected = detect(input);
        return (detected != Charset::Utf8 && decodes_cleanly(detected, input)).then_some(detected);
    }
    let utf8_text = !input.is_ascii() && std::str::from_utf8(input).is_ok();
    if utf8_text {
        return Some(Charset::Utf8);
    }
    if declared.single_byte() {
        // Any bytes decode as a single-byte charset: only a clean
        // multi-byte detection overrides it.
        let detected = detect(input);
        let multi = !detected.single_byte() && detected != Charset::Utf8;
        return (multi && decodes_cleanly(detected, input)).then_some(detected);
    }
    let Charset::Rs(encoding) = declared else {
        return None;
    };
    let bad = decode_rs(encoding, input).1.len();
    if bad == 0 {
        return None;
    }
    // A few bad bytes in the declared charset stay; a single-byte guess
    // only wins over many.
    let detected = detect(input);
    let non_ascii = input.iter().filter(|b| !b.is_ascii()).count();
    let many = bad * 20 > non_ascii;
    let better = !detected.single_byte() || many;
    (detected != declared && better && decodes_cleanly(detected, input)).then_some(detected)
}

/// Whether `input`, declared UTF-8, is UTF-8 with a few bad bytes (cut
/// characters) rather than text in another charset.
fn mostly_utf8(input: &[u8]) -> bool {
    let (mut multi, mut invalid, mut all_cut) = (0usize, 0usize, true);
    let mut rest = input;
    loop {
        match std::str::from_utf8(rest) {
            Ok(valid) => {
                multi += valid.bytes().filter(|&b| b >= 0xC0).count();
                break;
            }
            Err(err) => {
                let good = err.valid_up_to();
                multi += rest[..good].iter().filter(|&&b| b >= 0xC0).count();
                invalid += 1;
                all_cut &= (0xC2..=0xF4).contains(&rest[good]);
                match err.error_len() {
                    Some(len) => rest = &rest[good + len..],
                    None => break,
                }
            }
        }
    }
    invalid == 0 || multi >= 4 * invalid || (invalid <= 3 && all_cut)
}

fn decodes_cleanly(charset: Charset, input: &[u8]) -> bool {
    match charset {
        Charset::Utf8 => std::str::from_utf8(input).is_ok(),
        Charset::Rs(encoding) => encoding
            .decode_without_bom_handling_and_without_replacement(input)
            .is_some(),
        Charset::Latin1 | Charset::IsoC1(..) => true,
    }
}

/// Guesses the charset of bytes that are not valid UTF-8.
fn detect(input: &[u8]) -> Charset {
    let mut detector = chardetng::EncodingDetector::new();
    let sample = &input[..input.len().min(1 << 20)];
    detector.feed(sample, sample.len() == input.len());
    Charset::from_rs(detector.guess(None, true))
}

/// The charsets whose second bytes can be `\` or `]`.
const TRICKY: [&Encoding; 3] = [
    encoding_rs::SHIFT_JIS,
    encoding_rs::GB18030,
    encoding_rs::BIG5,
];

/// A guess from little text can be wrong in the worst way: Shift_JIS read
/// as windows-1252 turns `表]` into `•\]`, a fake escape. So when the
/// guessed charset gives text that does not parse as SGF, and a byte of
/// 0x80 or more comes right before a `\` or `]`, the first of Shift_JIS,
/// GB18030 and Big5 that decodes cleanly and parses wins.
fn structural_check(guess: Charset, input: &[u8]) -> Charset {
    let suspect = input
        .windows(2)
        .any(|pair| pair[0] >= 0x80 && matches!(pair[1], b'\\' | b']'));
    if !suspect || parses(guess, input) {
        return guess;
    }
    TRICKY
        .into_iter()
        .map(Charset::Rs)
        .find(|&candidate| {
            candidate != guess && decodes_cleanly(candidate, input) && parses(candidate, input)
        })
        .unwrap_or(guess)
}

/// Whether `input` read in `charset` is SGF without a syntax error.
fn parses(charset: Charset, input: &[u8]) -> bool {
    let text = match charset {
        Charset::Utf8 => Cow::Borrowed(input),
        _ => Cow::Owned(transcode(charset, input).0.into_bytes()),
    };
    crate::Parser::new(&text).all(|event| event.is_ok())
}

/// UTF-16 without a BOM: many zero bytes at odd (LE) or even (BE) places
/// near the start.
fn sniff_utf16(input: &[u8]) -> Option<&'static Encoding> {
    let head = &input[..input.len().min(256) & !1];
    if head.len() < 4 {
        return None;
    }
    let pairs = head.len() / 2;
    let zeros = |parity: usize| {
        head.iter()
            .skip(parity)
            .step_by(2)
            .filter(|&&b| b == 0)
            .count()
    };
    let (even, odd) = (zeros(0), zeros(1));
    if odd * 2 >= pairs && even * 10 < pairs {
        Some(encoding_rs::UTF_16LE)
    } else if even * 2 >= pairs && odd * 10 < pairs {
        Some(encoding_rs::UTF_16BE)
    } else {
        None
    }
}

/// Finds the charset of `input` and converts it to UTF-8.
pub(crate) fn prepare(input: &[u8]) -> Prepared<'_> {
    let mut chosen = choose(input);
    if chosen.source == CharsetSource::Detected {
        chosen.charset = structural_check(chosen.charset, &input[chosen.start..]);
    }
    let body = &input[chosen.start..];
    let mut locator = Locator::default();
    let mut warnings: Vec<Warning> = chosen
        .warning
        .into_iter()
        .map(|kind| locator.warning(input, kind, 0, 0..0))
        .collect();
    let (buf, map, transcoded) = if chosen.charset == Charset::Utf8 {
        (Cow::Borrowed(body), OffsetMap::Shift(chosen.start), false)
    } else {
        let (text, bad) = transcode(chosen.charset, body);
        let name = chosen.charset.name();
        for range in bad {
            let range = range.start + chosen.start..range.end + chosen.start;
            let at = range.start;
            warnings.push(locator.warning(input, WarningKind::InvalidBytes(name), at, range));
        }
        let map = OffsetMap::Transcoded(chosen.charset, chosen.start);
        (Cow::Owned(text.into_bytes()), map, true)
    };
    let mut declared = chosen.declared;
    if chosen.charset.utf16() {
        declared = find_ca(&buf);
    }
    let source = match chosen.source {
        // UTF-8 without CA is the default; with `CA[UTF-8]` it is declared.
        CharsetSource::Default if declared.as_deref().is_some_and(is_utf8_label) => {
            CharsetSource::Declared
        }
        source => source,
    };
    let report = CharsetReport {
        charset: chosen.charset.name(),
        source,
        declared,
        transcoded,
    };
    Prepared {
        buf,
        report,
        warnings,
        map,
    }
}

/// At most this many invalid byte runs are reported one by one.
const MAX_BAD: usize = 1000;

/// Converts `input` to UTF-8, with the ranges of invalid bytes (each
/// replaced with U+FFFD).
fn transcode(charset: Charset, input: &[u8]) -> (String, Vec<Range<usize>>) {
    match charset {
        Charset::Utf8 => (String::from_utf8_lossy(input).into_owned(), Vec::new()),
        Charset::Latin1 | Charset::IsoC1(..) => (decode_single(charset, input), Vec::new()),
        Charset::Rs(encoding) => decode_rs(encoding, input),
    }
}

/// The character of byte `b` in a table charset.
fn table_char(charset: Charset, b: u8) -> char {
    match charset {
        Charset::IsoC1(_, base) if b >= 0xA0 => {
            let byte = [b];
            let (text, _) = base.decode_without_bom_handling(&byte);
            let decoded = text.chars().next();
            decoded.unwrap_or(char::REPLACEMENT_CHARACTER)
        }
        _ => char::from(b),
    }
}

fn decode_single(charset: Charset, input: &[u8]) -> String {
    let mut table = ['\0'; 128];
    for (i, slot) in table.iter_mut().enumerate() {
        *slot = table_char(charset, 0x80 + i as u8);
    }
    input
        .iter()
        .map(|&b| {
            if b < 0x80 {
                char::from(b)
            } else {
                table[usize::from(b - 0x80)]
            }
        })
        .collect()
}

fn decode_rs(encoding: &'static Encoding, input: &[u8]) -> (String, Vec<Range<usize>>) {
    let mut decoder = encoding.new_decoder_without_bom_handling();
    let capacity = decoder
        .max_utf8_buffer_length_without_replacement(input.len())
        .unwrap_or(input.len() * 3);
    let mut out = String::with_capacity(capacity);
    let mut bad = Vec::new();
    let mut read = 0;
    loop {
        let (result, n) =
            decoder.decode_to_string_without_replacement(&input[read..], &mut out, true);
        read += n;
        match result {
            DecoderResult::InputEmpty => return (out, bad),
            DecoderResult::OutputFull => out.reserve(input.len() - read + 16),
            DecoderResult::Malformed(len, after) => {
                let end = read - after as usize;
                if bad.len() < MAX_BAD {
                    bad.push(end - len as usize..end);
                }
                out.push(char::REPLACEMENT_CHARACTER);
            }
        }
    }
}

/// Maps offsets of the UTF-8 text converted from `input` back to offsets
/// of `input` (the start of the character each falls in).
pub(crate) fn map_offsets(charset: Charset, input: &[u8], offsets: &mut [usize]) {
    let mut order: Vec<usize> = (0..offsets.len()).collect();
    order.sort_by_key(|&i| offsets[i]);
    let mut next = order.into_iter().peekable();
    let mut emit = |src: usize, dst_end: usize, offsets: &mut [usize]| {
        while let Some(&i) = next.peek() {
            if offsets[i] >= dst_end {
                break;
            }
            offsets[i] = src;
            next.next();
        }
    };
    let mut dst = 0;
    match charset {
        Charset::Rs(encoding) => {
            let mut decoder = encoding.new_decoder_without_bom_handling();
            let mut buf = [0u8; 32];
            let mut char_start = 0;
            for at in 0..input.len() {
                let (_, _, written, _) =
                    decoder.decode_to_utf8(&input[at..at + 1], &mut buf, false);
                if written > 0 {
                    dst += written;
                    emit(char_start, dst, offsets);
                    char_start = at + 1;
                }
            }
        }
        _ => {
            for (at, &b) in input.iter().enumerate() {
                dst += table_char(charset, b).len_utf8();
                emit(at, dst, offsets);
            }
        }
    }
    emit(input.len(), usize::MAX, offsets);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_and_aliases() {
        let name = |label: &str| lookup(label).map(Charset::name);
        assert_eq!(name("MS_KANJI"), Some("Shift_JIS"));
        assert_eq!(name("cp932"), Some("Shift_JIS"));
        assert_eq!(name("GB2312"), Some("GB18030"));
        assert_eq!(name("iso-8859-1"), Some("ISO-8859-1"));
        assert_eq!(name("ISO_8859-9"), Some("ISO-8859-9"));
        assert_eq!(name("cp1251"), Some("windows-1251"));
        assert_eq!(name("UTF-16"), Some("UTF-16LE"));
        assert_eq!(name("klingon"), None);
    }

    #[test]
    fn offsets_map_back_through_shift_jis() {
        let (sjis, _, _) = encoding_rs::SHIFT_JIS.encode("a表b");
        assert_eq!(&sjis[..], b"a\x95\x5cb");
        // "a表b" in UTF-8: a=0, 表=1..4, b=4.
        let mut offsets = [0, 1, 2, 4, 5];
        map_offsets(Charset::Rs(encoding_rs::SHIFT_JIS), &sjis, &mut offsets);
        assert_eq!(offsets, [0, 1, 1, 3, 4]);
    }

    #[test]
    fn latin1_is_true_latin1() {
        assert_eq!(decode_single(Charset::Latin1, b"\x80\xe9"), "\u{80}é");
        let iso9 = Charset::IsoC1("ISO-8859-9", encoding_rs::WINDOWS_1254);
        assert_eq!(decode_single(iso9, b"\x80\xfd"), "\u{80}ı");
    }
}
