//! UTF-16 without a byte order mark: a `CA` written in it, or its zero
//! bytes.

use super::decision::Found;
use super::Charset;

/// How many bytes from the start a `CA` in UTF-16 is looked for in.
const HEAD: usize = 4096;

/// The UTF-16 code units of `head`, as `charset` orders them.
fn units(head: &[u8], charset: Charset) -> Vec<u16> {
    head.chunks_exact(2)
        .map(|pair| match charset {
            Charset::Utf16Be => u16::from_be_bytes([pair[0], pair[1]]),
            _ => u16::from_le_bytes([pair[0], pair[1]]),
        })
        .collect()
}

/// The first `CA[...]` value written in UTF-16 near the start.
pub(super) fn find_ca(bytes: &[u8], charset: Charset) -> Option<Found> {
    let head = &bytes[..bytes.len().min(HEAD)];
    // `C`, `A` and `[` in UTF-16 each hold a zero byte.
    memchr::memchr(0, head)?;
    let units = units(head, charset);
    let ca = [u16::from(b'C'), u16::from(b'A'), u16::from(b'[')];
    let at = (0..units.len().saturating_sub(2)).find(|&at| {
        let letter_before =
            at > 0 && u8::try_from(units[at - 1]).is_ok_and(|b| b.is_ascii_alphabetic());
        units[at..at + 3] == ca && !letter_before
    })?;
    let value = &units[at + 3..];
    let close = value[..value.len().min(100)]
        .iter()
        .position(|&unit| unit == u16::from(b']'))?;
    let label = String::from_utf16_lossy(&value[..close]).trim().to_string();
    let start = 2 * (at + 3);
    Some(Found {
        label,
        range: start..start + 2 * close,
    })
}

/// Many zero bytes at odd (little-endian) or even (big-endian)
/// places near the start, and few at the others.
pub(super) fn sniff(bytes: &[u8]) -> Option<Charset> {
    let head = &bytes[..bytes.len().min(256) & !1];
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
        Some(Charset::Utf16Le)
    } else if even * 2 >= pairs && odd * 10 < pairs {
        Some(Charset::Utf16Be)
    } else {
        None
    }
}
