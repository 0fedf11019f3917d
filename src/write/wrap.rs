//! Wrapping long values: the width of a value's lines, and soft line
//! breaks (`\` and a line break, which readers remove) inside Text.

/// Characters in `bytes`: bytes that do not continue a UTF-8 sequence.
fn chars(bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&b| (b as i8) >= -0x40).count()
}

/// The width of the first line of `value`, and of its last line if it
/// has more than one.
pub(super) fn line_widths(value: &[u8]) -> (usize, Option<usize>) {
    match memchr::memchr2(b'\n', b'\r', value) {
        None => (chars(value), None),
        Some(end) => {
            let last = memchr::memrchr2(b'\n', b'\r', value).unwrap_or(end);
            (chars(&value[..end]), Some(chars(&value[last + 1..])))
        }
    }
}

/// Copies the escaped value `value` to `out`, adding soft line breaks
/// (`\` + `newline`) so that no line passes `limit` columns, counting from
/// `column`. A break goes after the last space of the line if there is
/// one, never inside an escape and never before a line break (where a
/// reader would take `\` + the line break as a soft break of its own).
pub(super) fn soft_break(
    value: &[u8],
    mut column: usize,
    limit: usize,
    newline: &[u8],
    out: &mut Vec<u8>,
) {
    let mut line_start = out.len();
    // Where a break after the last space of this line would go.
    let mut after_space: Option<usize> = None;
    let mut at = 0;
    while at < value.len() {
        let byte = value[at];
        if byte == b'\n' || byte == b'\r' {
            out.push(byte);
            at += 1;
            column = 0;
            line_start = out.len();
            after_space = None;
            continue;
        }
        let unit = unit_len(value, at);
        let width = chars(&value[at..at + unit]);
        if column + width + 1 > limit && out.len() > line_start {
            match after_space {
                Some(split) if split > line_start => {
                    out.splice(split..split, soft_newline(newline));
                    line_start = split + 1 + newline.len();
                }
                _ => {
                    out.extend(soft_newline(newline));
                    line_start = out.len();
                }
            }
            column = chars(&out[line_start..]);
            after_space = None;
        }
        out.extend_from_slice(&value[at..at + unit]);
        column += width;
        if byte == b' ' {
            after_space = Some(out.len());
        }
        at += unit;
    }
}

fn soft_newline(newline: &[u8]) -> impl Iterator<Item = u8> + '_ {
    std::iter::once(b'\\').chain(newline.iter().copied())
}

/// Bytes of the unit at `at`: an escape pair, or one UTF-8 character.
fn unit_len(value: &[u8], at: usize) -> usize {
    let first = if value[at] == b'\\' && at + 1 < value.len() {
        1
    } else {
        0
    };
    let lead = at + first;
    let mut end = lead + 1;
    while end < value.len() && (value[end] as i8) < -0x40 {
        end += 1;
    }
    end - at
}

#[cfg(test)]
mod tests {
    use super::*;

    fn broken(value: &str, column: usize, limit: usize) -> String {
        let mut out = Vec::new();
        soft_break(value.as_bytes(), column, limit, b"\n", &mut out);
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn soft_breaks_prefer_spaces_and_keep_escapes_whole() {
        assert_eq!(broken("aaa bbb ccc", 0, 8), "aaa \\\nbbb ccc");
        assert_eq!(broken("abcdefghij", 0, 5), "abcd\\\nefgh\\\nij");
        assert_eq!(broken("ab\\]cd", 0, 4), "ab\\\n\\]c\\\nd");
        assert_eq!(broken("abc\ndefg", 0, 5), "abc\ndefg");
        assert_eq!(broken("表表表表表", 0, 4), "表表表\\\n表表");
        assert_eq!(broken("abc", 10, 12), "a\\\nbc");
    }

    #[test]
    fn widths() {
        assert_eq!(line_widths("表a".as_bytes()), (2, None));
        assert_eq!(line_widths(b"ab\r\ncde\nf"), (2, Some(1)));
    }
}
