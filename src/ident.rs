//! Static text for the one- and two-letter uppercase identifiers (nearly
//! every property in real files), so that neither events nor trees need a
//! UTF-8 check or an allocation for them.

/// `bytes` as a `'static` identifier when it is one or two uppercase
/// letters.
#[inline]
pub(crate) fn static_ident(bytes: &[u8]) -> Option<&'static str> {
    match *bytes {
        [a] if a.is_ascii_uppercase() => Some(LETTER_IDENTS[usize::from(a & 31)]),
        [a, b] if a.is_ascii_uppercase() && b.is_ascii_uppercase() => {
            Some(PAIR_IDENTS[usize::from(a & 31) << 5 | usize::from(b & 31)])
        }
        _ => None,
    }
}

/// How many slots [`static_slot`] numbers: one per two-letter
/// identifier (by the low five bits of each letter), then one per letter.
pub(crate) const STATIC_SLOTS: usize = 32 * 32 + 32;

/// A number below [`STATIC_SLOTS`] for each one- or two-letter uppercase
/// identifier, different for each: for sets of identifiers as bits.
#[inline]
pub(crate) fn static_slot(bytes: &[u8]) -> Option<usize> {
    match *bytes {
        [a] if a.is_ascii_uppercase() => Some(32 * 32 + usize::from(a & 31)),
        [a, b] if a.is_ascii_uppercase() && b.is_ascii_uppercase() => {
            Some(usize::from(a & 31) << 5 | usize::from(b & 31))
        }
        _ => None,
    }
}

const LETTERS: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// `A`, `B`, .. `Z`, indexed by the letter's low five bits (1 to 26), so
/// that no index check is needed: one load each.
pub(crate) static LETTER_IDENTS: [&str; 32] = by_low_bits::<26, 32>(cut(LETTERS));

/// `AA`, `AB`, .. `ZZ`, indexed by the low five bits of the first letter,
/// then those of the second (`32 * first + second`).
pub(crate) static PAIR_IDENTS: [&str; 32 * 32] = by_low_bits::<676, 1024>(cut(PAIRS));

/// The identifiers `idents` of one or two letters, each at the index of
/// its letters' low five bits.
pub(crate) const fn by_low_bits<const N: usize, const M: usize>(
    idents: [&'static str; N],
) -> [&'static str; M] {
    let mut out = [""; M];
    let mut i = 0;
    while i < N {
        let bytes = idents[i].as_bytes();
        let mut at = 0;
        let mut k = 0;
        while k < bytes.len() {
            at = at << 5 | (bytes[k] & 31) as usize;
            k += 1;
        }
        out[at] = idents[i];
        i += 1;
    }
    out
}

/// `text` cut into `N` pieces of equal length.
pub(crate) const fn cut<const N: usize>(text: &'static str) -> [&'static str; N] {
    let mut out = [""; N];
    let size = text.len() / N;
    let mut i = 0;
    while i < N {
        let (_, rest) = text.as_bytes().split_at(i * size);
        let (piece, _) = rest.split_at(size);
        out[i] = match std::str::from_utf8(piece) {
            Ok(piece) => piece,
            Err(_) => panic!("ASCII letters are UTF-8"),
        };
        i += 1;
    }
    out
}

/// Every two-letter identifier `AA`, `AB`, .. `ZZ`, one after another.
const PAIRS: &str = match std::str::from_utf8(&PAIR_BYTES) {
    Ok(pairs) => pairs,
    Err(_) => panic!("ASCII letters are UTF-8"),
};

const PAIR_BYTES: [u8; 26 * 26 * 2] = pair_bytes(b'A');

/// Every pair of the 26 letters from `first`, one after another.
const fn pair_bytes(first: u8) -> [u8; 26 * 26 * 2] {
    let mut out = [0; 26 * 26 * 2];
    let mut i = 0;
    while i < 26 * 26 {
        out[2 * i] = first + (i / 26) as u8;
        out[2 * i + 1] = first + (i % 26) as u8;
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn static_identifiers_equal_their_text() {
        for a in b'A'..=b'Z' {
            assert_eq!(static_ident(&[a]).unwrap().as_bytes(), [a]);
            for b in b'A'..=b'Z' {
                assert_eq!(static_ident(&[a, b]).unwrap().as_bytes(), [a, b]);
            }
        }
        for a in b'A'..=b'Z' {
            assert_eq!(LETTER_IDENTS[usize::from(a & 31)].as_bytes(), [a]);
            for b in b'A'..=b'Z' {
                let at = usize::from(a & 31) << 5 | usize::from(b & 31);
                assert_eq!(PAIR_IDENTS[at].as_bytes(), [a, b]);
            }
        }
        assert_eq!(LETTER_IDENTS.iter().filter(|i| !i.is_empty()).count(), 26);
        assert_eq!(PAIR_IDENTS.iter().filter(|i| !i.is_empty()).count(), 676);
        assert_eq!(static_ident(b"a"), None);
        assert_eq!(static_ident(b"Ab"), None);
        assert_eq!(static_ident(b"ABC"), None);
        assert_eq!(static_ident(b""), None);
    }

    #[test]
    fn static_slots_differ_for_each_identifier() {
        let mut seen = std::collections::HashSet::new();
        for a in b'A'..=b'Z' {
            assert!(seen.insert(static_slot(&[a]).unwrap()));
            for b in b'A'..=b'Z' {
                assert!(seen.insert(static_slot(&[a, b]).unwrap()));
            }
        }
        assert!(seen.iter().all(|&slot| slot < STATIC_SLOTS));
        assert_eq!(static_slot(b"Ab"), None);
        assert_eq!(static_slot(b"ABC"), None);
    }
}
