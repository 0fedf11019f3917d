//! The charset of a game from its `CA` and its bytes: a sample of them
//! (the game, as much as the decision prefix holds) checked against the
//! declared charset, detected (`chardetng`), and checked against the
//! structure of SGF.

use encoding_rs::DecoderResult;

use super::decision::{find_ca, Decision, Prefix};
use super::decode::{Out, Transcoder};
use super::offsets::Anchors;
use super::structure;
use super::{Charset, CharsetSource};
use crate::lex::Lead;
use crate::warning::WarningKind;

/// The charset of one game, from its `CA` and its bytes.
pub(super) fn game(given: Prefix<'_>) -> Decision {
    let Prefix {
        bytes: prefix,
        complete,
        previous,
        ..
    } = given;
    let found = find_ca(prefix);
    let label = found.as_ref().map(|found| found.label.as_str());
    let hint = label.and_then(Charset::for_label);
    let utf8_expected = match (&found, hint) {
        (None, _) => previous.map_or(true, |previous| previous == Charset::Utf8),
        (Some(_), hint) => hint == Some(Charset::Utf8),
    };
    if utf8_expected {
        // All the prefix is valid UTF-8: so is the game, whatever its
        // end, and it is UTF-8.
        let valid = valid_utf8(given);
        if valid.is_some_and(|(_, all)| all) {
            let source = match hint {
                Some(_) => CharsetSource::Declared,
                None => CharsetSource::Default,
            };
            let mut decision = Decision::new(Charset::Utf8, source).declaring(found);
            decision.utf8_valid = valid.map_or(0, |(len, _)| len);
            return decision;
        }
    }
    let end = structure::extent(prefix, hint.or(previous).and_then(lead));
    let sample = Sample {
        bytes: &prefix[..end.unwrap_or(prefix.len())],
        complete: complete || end.is_some(),
    };
    let mut decision = match (found.as_ref(), hint) {
        (None, _) => sample.undeclared(previous),
        (Some(found), None) => {
            let mut decision = sample.undeclared(previous);
            let kind = WarningKind::UnknownCharset(found.label.clone());
            decision.warning = Some((kind, found.range.clone()));
            decision
        }
        (Some(_), Some(declared)) => match sample.verify(declared) {
            None => Decision::new(declared, CharsetSource::Declared),
            Some(used) => Decision::new(used, CharsetSource::Detected),
        },
    };
    if decision.source == CharsetSource::Detected {
        decision.charset = sample.structural_check(decision.charset);
        if hint == Some(decision.charset) {
            decision.source = CharsetSource::Declared;
        }
    }
    if let (Some(found), Some(_), CharsetSource::Detected) = (&found, hint, decision.source) {
        let kind = WarningKind::CharsetMismatch {
            declared: found.label.clone(),
            used: decision.charset.name(),
        };
        decision.warning = Some((kind, found.range.clone()));
    }
    decision.extent = end;
    decision.declaring(found)
}

/// The charset of a record in another format (GIB, NGF, UGF: text, not
/// SGF) whose header names `declared`, if anything: the rules of a game
/// without the parts that read SGF (its `CA`, where it ends, the
/// structural check). The declared charset if the bytes agree with it;
/// else UTF-8 if the bytes are valid; else detected.
pub(super) fn record(given: Prefix<'_>, declared: Option<Charset>) -> Decision {
    let sample = Sample {
        bytes: given.bytes,
        complete: given.complete,
    };
    match declared {
        None => sample.undeclared(None),
        Some(declared) => match sample.verify(declared) {
            None => Decision::new(declared, CharsetSource::Declared),
            Some(used) => Decision::new(used, CharsetSource::Detected),
        },
    }
}

/// How many bytes from the start of the prefix are valid UTF-8
/// (checking only those an earlier decision did not), and whether
/// that is all of them (but for a character cut at the end of an
/// incomplete prefix).
fn valid_utf8(prefix: Prefix<'_>) -> Option<(usize, bool)> {
    let known = prefix.utf8_valid.min(prefix.bytes.len());
    let rest = &prefix.bytes[known..];
    crate::work::count(rest.len());
    match std::str::from_utf8(rest) {
        Ok(_) => Some((prefix.bytes.len(), true)),
        Err(err) => {
            let cut = err.error_len().is_none() && !prefix.complete;
            Some((known + err.valid_up_to(), cut))
        }
    }
}

/// The lead bytes of the double-byte charsets whose second byte can
/// be `\` or `]`.
pub(crate) fn lead(charset: Charset) -> Option<Lead> {
    match charset {
        Charset::ShiftJis => Some(Lead::ShiftJis),
        Charset::Gb18030 | Charset::Big5 => Some(Lead::Wide),
        _ => None,
    }
}

/// The charsets whose second bytes can be `\` or `]`, in the order
/// the structural check tries them.
const TRICKY: [Charset; 3] = [Charset::ShiftJis, Charset::Gb18030, Charset::Big5];

/// At least this many multi-byte characters of valid UTF-8 make
/// UTF-8 win over a legacy charset that reads the bytes as well.
const UTF8_EVIDENCE: usize = 8;

/// The bytes a decision looks at: the game (or as much of it as the
/// prefix holds), with whatever precedes it.
#[derive(Debug, Clone, Copy)]
struct Sample<'a> {
    bytes: &'a [u8],
    /// No byte of the input follows.
    complete: bool,
}

impl<'a> Sample<'a> {
    /// The bytes as text in `charset`, and how many invalid
    /// sequences it replaced.
    fn decode(self, charset: Charset) -> (Vec<u8>, usize) {
        let mut transcoder = Transcoder::new(charset, true);
        let (mut text, mut anchors, mut bad) = (Vec::new(), Anchors::default(), Vec::new());
        let mut out = Out {
            text: &mut text,
            text_base: 0,
            anchors: &mut anchors,
            bad: &mut bad,
        };
        transcoder.decode(self.bytes, 0, self.complete, &mut out);
        (text, bad.len())
    }

    /// How many invalid sequences the bytes have in `charset`, with
    /// nothing kept of the text.
    fn bad_count(self, charset: Charset) -> usize {
        if charset.is_c1_table() {
            return 0;
        }
        let mut decoder = charset.encoding().new_decoder_without_bom_handling();
        let mut scratch = [0u8; 4096];
        let (mut read, mut bad) = (0, 0);
        crate::work::count(self.bytes.len());
        loop {
            let (result, n, _) = decoder.decode_to_utf8_without_replacement(
                &self.bytes[read..],
                &mut scratch,
                self.complete,
            );
            read += n;
            match result {
                DecoderResult::InputEmpty => return bad,
                DecoderResult::OutputFull => {}
                DecoderResult::Malformed(..) => bad += 1,
            }
        }
    }

    fn decodes_cleanly(self, charset: Charset) -> bool {
        self.bad_count(charset) == 0
    }

    /// The bytes as UTF-8, if they are (but for a character cut at
    /// the end of an incomplete sample).
    fn utf8(self) -> Option<&'a str> {
        match std::str::from_utf8(self.bytes) {
            Ok(text) => Some(text),
            Err(err) if err.error_len().is_none() && !self.complete => {
                std::str::from_utf8(&self.bytes[..err.valid_up_to()]).ok()
            }
            Err(_) => None,
        }
    }

    /// No usable `CA`: the charset of the game before when it reads
    /// the bytes, else UTF-8 if valid, else detected.
    fn undeclared(self, previous: Option<Charset>) -> Decision {
        let detected = |charset| Decision::new(charset, CharsetSource::Detected);
        if let Some(previous) = previous.filter(|&c| c != Charset::Utf8) {
            let keeps = self.bytes.is_ascii()
                || (self.decodes_cleanly(previous)
                    && !(self.utf8().is_some() && self.utf8_beats(previous)));
            if keeps {
                return detected(previous);
            }
        }
        match self.utf8() {
            Some(_) => Decision::new(Charset::Utf8, CharsetSource::Default),
            None => detected(self.detect()),
        }
    }

    /// `None` if the bytes agree with the `declared` charset, else the
    /// charset to read them in instead.
    fn verify(self, declared: Charset) -> Option<Charset> {
        if declared.is_utf16() {
            // Not at the start of the input, or without zero bytes: the
            // bytes are not UTF-16.
            return Some(self.undeclared(None).charset);
        }
        if declared == Charset::Utf8 {
            if self.mostly_utf8() {
                return None;
            }
            let detected = self.detect();
            let better = detected != Charset::Utf8 && self.decodes_cleanly(detected);
            return better.then_some(detected);
        }
        if !self.bytes.is_ascii() && self.utf8().is_some() {
            return self.utf8_beats(declared).then_some(Charset::Utf8);
        }
        if declared.is_single_byte() {
            // Any bytes decode as a single-byte charset: only a clean
            // multi-byte detection overrides it.
            let detected = self.detect();
            let multi = !detected.is_single_byte() && detected != Charset::Utf8;
            return (multi && self.decodes_cleanly(detected)).then_some(detected);
        }
        let bad = self.bad_count(declared);
        if bad == 0 {
            return None;
        }
        // A few bad bytes in the declared charset stay; a single-byte
        // guess only wins over many.
        let detected = self.detect();
        let non_ascii = self.bytes.iter().filter(|b| !b.is_ascii()).count();
        let many = bad * 20 > non_ascii;
        let better = !detected.is_single_byte() || many;
        let wins = detected != declared && better && self.decodes_cleanly(detected);
        wins.then_some(detected)
    }

    /// Whether bytes that are valid UTF-8 (and not ASCII) are UTF-8
    /// rather than `legacy`, which the game declares or the game
    /// before used: `legacy` reads them with invalid sequences, or as
    /// less plausible text, or as equally plausible text when there
    /// is too much UTF-8 for chance.
    fn utf8_beats(self, legacy: Charset) -> bool {
        let Some(utf8) = self.utf8() else {
            return false;
        };
        let (text, bad) = self.decode(legacy);
        if bad > 0 {
            return true;
        }
        let text = String::from_utf8_lossy(&text);
        let (good, all) = plausible(utf8);
        let (legacy_good, legacy_all) = plausible(&text);
        let (ours, theirs) = (good * legacy_all, legacy_good * all);
        ours > theirs
            || (ours == theirs && utf8.chars().filter(|c| !c.is_ascii()).count() >= UTF8_EVIDENCE)
    }

    /// Whether the bytes, declared UTF-8, are UTF-8 with a few bad
    /// bytes (cut characters) rather than text in another charset.
    fn mostly_utf8(self) -> bool {
        let (mut multi, mut invalid, mut all_cut) = (0usize, 0usize, true);
        let mut rest = self.bytes;
        loop {
            match std::str::from_utf8(rest) {
                Ok(valid) => {
                    multi += valid.bytes().filter(|&b| b >= 0xC0).count();
                    break;
                }
                Err(err) => {
                    let good = err.valid_up_to();
                    multi += rest[..good].iter().filter(|&&b| b >= 0xC0).count();
                    let Some(len) = err.error_len() else {
                        invalid += usize::from(self.complete);
                        break;
                    };
                    invalid += 1;
                    all_cut &= (0xC2..=0xF4).contains(&rest[good]);
                    rest = &rest[good + len..];
                }
            }
        }
        invalid == 0 || multi >= 4 * invalid || (invalid <= 3 && all_cut)
    }

    /// Guesses the charset of bytes that are not valid UTF-8.
    fn detect(self) -> Charset {
        let mut detector = chardetng::EncodingDetector::new();
        detector.feed(self.bytes, self.complete);
        crate::work::count(self.bytes.len());
        Charset::from_encoding(detector.guess(None, true)).unwrap_or(Charset::Windows1252)
    }

    /// A guess from little text can be wrong in the worst way:
    /// Shift_JIS read as windows-1252 turns `表]` into `•\]`, a fake
    /// escape. So when the text in the guessed charset does not read
    /// as SGF, and a byte of 0x80 or more comes right before a `\` or
    /// `]`, the first of Shift_JIS, GB18030 and Big5 that decodes
    /// cleanly and reads wins.
    fn structural_check(self, guess: Charset) -> Charset {
        let suspect = self
            .bytes
            .windows(2)
            .any(|pair| pair[0] >= 0x80 && matches!(pair[1], b'\\' | b']'));
        if !suspect || self.reads(guess) {
            return guess;
        }
        let candidates = TRICKY.into_iter().filter(|&candidate| candidate != guess);
        candidates
            .filter(|&candidate| self.decodes_cleanly(candidate))
            .find(|&candidate| self.reads(candidate))
            .unwrap_or(guess)
    }

    /// Whether the bytes in `charset` read as SGF, by the structural
    /// scan (not a parse).
    fn reads(self, charset: Charset) -> bool {
        let (text, _) = self.decode(charset);
        structure::scan(&text, self.complete, None).reads
    }
}

/// How many characters of `text` are not ASCII, and how many of those
/// belong to the scripts and punctuation of real text (letters of
/// the Latin, Greek and Cyrillic alphabets, kana, Han, Hangul, CJK and
/// general punctuation, full-width forms), not to the symbols,
/// modifiers and controls that text misread in a wrong charset is
/// full of.
fn plausible(text: &str) -> (usize, usize) {
    let (mut good, mut all) = (0, 0);
    for c in text.chars().filter(|c| !c.is_ascii()) {
        all += 1;
        good += usize::from(matches!(
            u32::from(c),
            0xC0..=0xD6
                | 0xD8..=0xF6
                | 0xF8..=0x24F
                | 0x370..=0x3FF
                | 0x400..=0x4FF
                | 0x2010..=0x2027
                | 0x3000..=0x30FF
                | 0x3400..=0x4DBF
                | 0x4E00..=0x9FFF
                | 0xAC00..=0xD7AF
                | 0xFF01..=0xFF9F
        ));
    }
    (good, all)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plausible_text_is_letters_of_real_scripts() {
        assert_eq!(plausible("思谋"), (2, 2));
        assert_eq!(plausible("˼ı"), (1, 2));
        assert_eq!(plausible("Ã©tÃ©"), (2, 4));
        assert_eq!(plausible("été"), (2, 2));
    }

    #[test]
    fn a_right_legacy_ca_wins_over_bytes_that_happen_to_be_utf8() {
        let prefix = Prefix {
            bytes: b"(;CA[GB18030]PB[\xCB\xBC\xC4\xB1])",
            complete: true,
            first: false,
            previous: None,
            utf8_valid: 0,
        };
        let decision = game(prefix);
        assert_eq!(decision.charset, Charset::Gb18030);
        assert_eq!(decision.source, CharsetSource::Declared);
        assert_eq!(decision.warning, None);
    }
}
