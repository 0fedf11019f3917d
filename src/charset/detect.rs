//! Deciding the charset of a game from a bounded prefix of the input
//! that starts with it: a byte order mark, the game's `CA`, or the bytes
//! themselves (`chardetng`, and a structural check for double-byte
//! charsets whose second bytes fake SGF's `\` and `]`).

use super::decision::find_ca;
pub(crate) use super::decision::{Decision, Prefix};
#[cfg(feature = "encoding")]
use super::labels::{lookup, Naming};
#[cfg(feature = "encoding")]
use super::{sample, utf16};
use super::{Charset, CharsetMode, CharsetSource};
#[cfg(feature = "encoding")]
use crate::warning::WarningKind;

const UTF8_BOM: &[u8] = b"\xEF\xBB\xBF";

/// Decides the charset of the game that starts `prefix`, as `mode` says.
pub(crate) fn decide(prefix: Prefix<'_>, mode: CharsetMode) -> Decision {
    match mode {
        CharsetMode::Fixed(charset) => fixed(prefix.bytes, charset, prefix.first),
        #[cfg(feature = "encoding")]
        CharsetMode::Auto => {
            let start = if prefix.first {
                stream_start(prefix.bytes)
            } else {
                None
            };
            start.unwrap_or_else(|| sample::game(prefix))
        }
        _ => utf8(prefix.bytes, prefix.first),
    }
}

/// Decides the charset of a record in another format (GIB, NGF, UGF/UGI:
/// see `sgf_stream::formats`) from its first bytes, as `mode` says;
/// `declared` is the charset its header names (read by the format's
/// reader), if any. [`CharsetMode::Auto`] follows the rules of a game at
/// the start of an input, without those that read SGF: a byte order mark
/// or UTF-16's zero bytes; the declared charset if the bytes agree with
/// it; else UTF-8 if valid; else detected.
pub(crate) fn decide_record(
    input: &[u8],
    declared: Option<Charset>,
    mode: CharsetMode,
) -> Decision {
    let bytes = &input[..input.len().min(super::DECISION_PREFIX)];
    let prefix = Prefix {
        bytes,
        complete: bytes.len() == input.len(),
        first: true,
        previous: None,
        utf8_valid: 0,
    };
    match mode {
        #[cfg(feature = "encoding")]
        CharsetMode::Auto => {
            // No `CA` to look for: a byte order mark, or UTF-16's zeros.
            let utf16 =
                || utf16::sniff(bytes).map(|c| Decision::new(c, CharsetSource::Detected).whole(0));
            let start = marked_start(bytes).or_else(utf16);
            start.unwrap_or_else(|| sample::record(prefix, declared))
        }
        _ => {
            let _ = declared;
            decide(prefix, mode)
        }
    }
}

/// UTF-8 only: a BOM is cut, `CA` reported.
fn utf8(prefix: &[u8], first: bool) -> Decision {
    if first && prefix.starts_with(UTF8_BOM) {
        let found = find_ca(&prefix[UTF8_BOM.len()..]);
        let decision = Decision::new(Charset::Utf8, CharsetSource::ByteOrderMark);
        return decision.whole(UTF8_BOM.len()).declaring(found);
    }
    let found = find_ca(prefix);
    let source = match &found {
        Some(found) if super::is_utf8_label(&found.label) => CharsetSource::Declared,
        _ => CharsetSource::Default,
    };
    Decision::new(Charset::Utf8, source).declaring(found)
}

/// A charset the caller chose, for all the input; its BOM is cut.
fn fixed(prefix: &[u8], charset: Charset, first: bool) -> Decision {
    let bom = byte_order_mark(charset);
    let skip = if first && prefix.starts_with(bom) {
        bom.len()
    } else {
        0
    };
    let body = &prefix[skip..];
    #[cfg(feature = "encoding")]
    let found = match charset.is_utf16() {
        true => utf16::find_ca(body, charset),
        false => find_ca(body),
    };
    #[cfg(not(feature = "encoding"))]
    let found = find_ca(body);
    Decision::new(charset, CharsetSource::Given)
        .whole(skip)
        .declaring(found)
}

/// The byte order mark of `charset` (empty if it has none).
#[allow(unreachable_patterns)]
fn byte_order_mark(charset: Charset) -> &'static [u8] {
    match charset {
        Charset::Utf8 => UTF8_BOM,
        #[cfg(feature = "encoding")]
        Charset::Utf16Le => b"\xFF\xFE",
        #[cfg(feature = "encoding")]
        Charset::Utf16Be => b"\xFE\xFF",
        _ => b"",
    }
}

/// Whether every game of `input` would be decided UTF-8 whatever its
/// bounds: the input is valid UTF-8 and every `CA` value in it (the games'
/// and any other) names UTF-8. A whole input in memory then needs no
/// reader to find where its games end.
pub(crate) fn names_only_utf8(input: &[u8]) -> bool {
    crate::work::count(input.len());
    if std::str::from_utf8(input).is_err() {
        return false;
    }
    memchr::memmem::find_iter(input, b"CA[").all(|at| {
        let value = &input[at + 3..];
        let letter_before = at > 0 && input[at - 1].is_ascii_alphabetic();
        let close = memchr::memchr(b']', &value[..value.len().min(100)]);
        let label = close.map(|close| String::from_utf8_lossy(&value[..close]));
        letter_before || label.map_or(true, |label| super::is_utf8_label(label.trim()))
    })
}

/// Whether `label` names a charset (any byte order, for UTF-16) that
/// `charset` is read as.
#[cfg(feature = "encoding")]
fn names(label: &str, charset: Charset) -> bool {
    match lookup(label) {
        Some((named, Naming::Alias)) if named.is_utf16() => charset.is_utf16(),
        Some((named, _)) => named == charset,
        None => false,
    }
}

/// What decides for the whole input at its start: a byte order mark,
/// a `CA` written in UTF-16, or UTF-16's zero bytes.
#[cfg(feature = "encoding")]
fn stream_start(prefix: &[u8]) -> Option<Decision> {
    if let Some(decision) = marked_start(prefix) {
        return Some(decision);
    }
    for charset in [Charset::Utf16Le, Charset::Utf16Be] {
        let Some(found) = utf16::find_ca(prefix, charset) else {
            continue;
        };
        if names(&found.label, charset) {
            return Some(
                Decision::new(charset, CharsetSource::Declared)
                    .whole(0)
                    .declaring(Some(found)),
            );
        }
        let kind = match lookup(&found.label) {
            Some(_) => WarningKind::CharsetMismatch {
                declared: found.label.clone(),
                used: charset.name(),
            },
            None => WarningKind::UnknownCharset(found.label.clone()),
        };
        let mut decision = Decision::new(charset, CharsetSource::Detected).whole(0);
        decision.warning = Some((kind, found.range.clone()));
        return Some(decision.declaring(Some(found)));
    }
    let charset = utf16::sniff(prefix)?;
    Some(Decision::new(charset, CharsetSource::Detected).whole(0))
}

/// A byte order mark at the start of the input, deciding for all of it.
#[cfg(feature = "encoding")]
fn marked_start(prefix: &[u8]) -> Option<Decision> {
    if let Some(body) = prefix.strip_prefix(UTF8_BOM) {
        let decision = Decision::new(Charset::Utf8, CharsetSource::ByteOrderMark);
        return Some(decision.whole(UTF8_BOM.len()).declaring(find_ca(body)));
    }
    for (bom, charset) in [
        (b"\xFF\xFE", Charset::Utf16Le),
        (b"\xFE\xFF", Charset::Utf16Be),
    ] {
        if let Some(body) = prefix.strip_prefix(bom) {
            let found = utf16::find_ca(body, charset);
            let decision = Decision::new(charset, CharsetSource::ByteOrderMark);
            return Some(decision.whole(2).declaring(found));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ca_is_found_in_its_own_game_only() {
        let label = |bytes: &[u8]| find_ca(bytes).map(|found| found.label);
        assert_eq!(label(b"(;FF[4]CA[ UTF-8 ]"), Some("UTF-8".into()));
        assert_eq!(label(b"(;XCA[x]CA[Big5]"), Some("Big5".into()));
        assert_eq!(label(b"(;FF[4])"), None);
        assert_eq!(label(b"(;FF[4])\n(;CA[Big5])"), None);
        assert_eq!(label(b"(;;CA[Big5])"), None);
        assert_eq!(label(b"(;GM[1] ; CA[Big5])"), None);
        assert_eq!(label(b"(;GM[1](;CA[Big5]))"), None);
        assert_eq!(label(b"(;C[a;b\\];(]CA[Big5];B[aa])"), Some("Big5".into()));
        assert_eq!(label(b"(;C[a\\\\];CA[Big5])"), None);
        assert_eq!(label(b"Subject: (3)\n(;CA[Big5])"), Some("Big5".into()));
        // A game that starts inside the root's extent (after a stray
        // byte) bounds it; a `(` with no `;` after it does not.
        assert_eq!(label(b"(;GM[1]x (;CA[Big5])"), None);
        assert_eq!(label(b"(;GM[1]x ( \n ;CA[Big5])"), None);
        assert_eq!(label(b"(;PB[a (b)]x (CA[Big5])"), Some("Big5".into()));
        let found = find_ca(b"(;CA[SJIS])").unwrap();
        assert_eq!(found.range, 5..9);
    }

    fn prefix(bytes: &[u8], first: bool) -> Prefix<'_> {
        Prefix {
            bytes,
            complete: true,
            first,
            previous: None,
            utf8_valid: 0,
        }
    }

    #[test]
    fn utf8_mode_reports_ca_and_cuts_a_bom() {
        let bom = prefix(b"\xEF\xBB\xBF(;CA[utf8])", true);
        let decision = decide(bom, CharsetMode::Utf8);
        assert_eq!(
            (decision.skip, decision.source),
            (3, CharsetSource::ByteOrderMark)
        );
        assert_eq!(decision.declared.as_deref(), Some("utf8"));
        let decision = decide(prefix(b"(;CA[SJIS])", false), CharsetMode::Utf8);
        assert_eq!(
            (decision.charset, decision.source),
            (Charset::Utf8, CharsetSource::Default)
        );
    }

    #[cfg(feature = "encoding")]
    #[test]
    fn records_follow_their_declaration_when_the_bytes_agree() {
        let (euc_kr, _, _) =
            encoding_rs::EUC_KR.encode("\\[GIBOKIND=Korea\\]\n김철수 이영희 박지은");
        let decide = |bytes: &[u8], declared| decide_record(bytes, declared, CharsetMode::Auto);
        let decision = decide(&euc_kr, Some(Charset::EucKr));
        assert_eq!(
            (decision.charset, decision.source),
            (Charset::EucKr, CharsetSource::Declared)
        );
        // Declared Korean, but UTF-8: UTF-8.
        let utf8 = "\\[GIBOKIND=Korea\\]\n김철수 이영희 박지은 최민호".as_bytes();
        assert_eq!(decide(utf8, Some(Charset::EucKr)).charset, Charset::Utf8);
        // Nothing declared: detected.
        assert_eq!(decide(&euc_kr, None).source, CharsetSource::Detected);
        // A byte order mark decides, and is skipped.
        let marked = decide(b"\xEF\xBB\xBFLang=SJIS", Some(Charset::ShiftJis));
        assert_eq!((marked.charset, marked.skip), (Charset::Utf8, 3));
        let fixed = decide_record(b"x", None, CharsetMode::Fixed(Charset::Big5));
        assert_eq!(
            (fixed.charset, fixed.source),
            (Charset::Big5, CharsetSource::Given)
        );
    }

    #[cfg(feature = "encoding")]
    #[test]
    fn utf8_found_valid_before_is_not_checked_again() {
        // The bytes an earlier decision found valid are taken as such.
        let mut bytes = prefix(b"(;C[\xff])", false);
        assert_eq!(
            decide(bytes, CharsetMode::Auto).source,
            CharsetSource::Detected
        );
        bytes.utf8_valid = 7;
        let decision = decide(bytes, CharsetMode::Auto);
        assert_eq!((decision.charset, decision.utf8_valid), (Charset::Utf8, 7));
    }
}
