//! Which format an input is in: by its name's extension, and by its
//! first bytes where the extension is missing or wrong.

use std::path::Path;

use super::Format;

impl Format {
    /// The format an extension names, in any letter case: `sgf`, `gib`,
    /// `ngf`, `ugf` and `ugi`.
    ///
    /// ```
    /// use sgf_stream::formats::Format;
    /// assert_eq!(Format::from_extension("NGF"), Some(Format::Ngf));
    /// assert_eq!(Format::from_extension("ugi"), Some(Format::Ugf));
    /// assert_eq!(Format::from_extension("txt"), None);
    /// ```
    pub fn from_extension(extension: &str) -> Option<Format> {
        let &[a, b, c] = extension.as_bytes() else {
            return None;
        };
        Some(match [a, b, c].map(|byte| byte.to_ascii_lowercase()) {
            [b's', b'g', b'f'] => Format::Sgf,
            [b'g', b'i', b'b'] => Format::Gib,
            [b'n', b'g', b'f'] => Format::Ngf,
            [b'u', b'g', b'f' | b'i'] => Format::Ugf,
            _ => return None,
        })
    }

    /// The format of an input that starts with `head`, if its first
    /// lines show it: a game tree `(;` first (SGF, told without looking
    /// further), a `\HS` line (GIB), a `[Header]` section (UGF), or
    /// NGF's header (a board size on line 2, a handicap on line 6) or its
    /// moves (`PMABBREER`).
    ///
    /// ```
    /// use sgf_stream::formats::Format;
    /// assert_eq!(Format::sniff(b"\\HS\r\n\\[GIBOKIND=Global\\]\r\n"), Some(Format::Gib));
    /// assert_eq!(Format::sniff(b"[Header]\nLang=SJIS\n"), Some(Format::Ugf));
    /// assert_eq!(Format::sniff(b" (;GM[1])"), Some(Format::Sgf));
    /// assert_eq!(Format::sniff(b"\xEF\xBB\xBF(\n;C[\\[GIBOKIND=Korea\\]])"), Some(Format::Sgf));
    /// assert_eq!(Format::sniff(b"Rated game\n19\nA 1D*\nB 2D*\nsite\n0\n0\n6\n"), Some(Format::Ngf));
    /// assert_eq!(Format::sniff(b"hello"), None);
    /// ```
    pub fn sniff(head: &[u8]) -> Option<Format> {
        let head = head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head);
        let text = trim_start(head);
        if text.starts_with(b"(") && trim_start(&text[1..]).starts_with(b";") {
            return Some(Format::Sgf);
        }
        let lines: Vec<&[u8]> = head
            .split(|&b| b == b'\n' || b == b'\r')
            .filter(|line| !line.iter().all(u8::is_ascii_whitespace))
            .take(40)
            .map(trim)
            .collect();
        let first = lines.first()?;
        if first.starts_with(b"\\HS") || memchr::memmem::find(head, b"\\[GIBOKIND=").is_some() {
            return Some(Format::Gib);
        }
        let section = lines.iter().find(|line| !line.starts_with(b"#"));
        if section.is_some_and(|line| line.eq_ignore_ascii_case(b"[Header]")) {
            return Some(Format::Ugf);
        }
        is_ngf(head).then_some(Format::Ngf)
    }
}

/// NGF: the new layout's numbers on lines 2 and 6 (board size and
/// handicap, counted with blank lines), the old layout's `GI` lines, or
/// a move line among the first lines.
fn is_ngf(head: &[u8]) -> bool {
    let lines: Vec<&[u8]> = head.split(|&b| b == b'\n').map(trim).take(40).collect();
    let number = |index: usize| {
        lines.get(index).is_some_and(|line| {
            !line.is_empty() && line.len() <= 3 && line.iter().all(u8::is_ascii_digit)
        })
    };
    let gi = lines
        .iter()
        .take(11)
        .filter(|line| line.starts_with(b"GI"))
        .count();
    (number(1) && number(5)) || gi >= 5 || lines.iter().any(|line| is_move(line))
}

/// `bytes` without the ASCII whitespace they start with.
fn trim_start(bytes: &[u8]) -> &[u8] {
    let start = bytes.iter().position(|b| !b.is_ascii_whitespace());
    &bytes[start.unwrap_or(bytes.len())..]
}

/// `bytes` without ASCII whitespace around them.
fn trim(bytes: &[u8]) -> &[u8] {
    let start = bytes.iter().position(|b| !b.is_ascii_whitespace());
    let end = bytes.iter().rposition(|b| !b.is_ascii_whitespace());
    match (start, end) {
        (Some(start), Some(end)) => &bytes[start..=end],
        _ => &[],
    }
}

/// `PM` + move number + `B`/`W` + four letters: an NGF move line.
pub(super) fn is_move(line: &[u8]) -> bool {
    line.len() == 9
        && line.starts_with(b"PM")
        && matches!(line[4], b'B' | b'W')
        && line.iter().all(u8::is_ascii_uppercase)
}

/// The format of an input named `name` (if it has a name) that starts
/// with `head` (its first few KiB): the content decides when it shows a
/// format, so that a wrong extension does not matter; else the
/// extension (`.gib`, `.ngf`, `.ugf`, `.ugi`, `.sgf`, in any letter case,
/// also before `.gz`); else SGF.
///
/// ```
/// use std::path::Path;
/// use sgf_stream::formats::{detect, Format};
/// assert_eq!(detect(Some(Path::new("game.GIB")), b""), Format::Gib);
/// assert_eq!(detect(Some(Path::new("game.gib.gz")), b""), Format::Gib);
/// // Content beats a wrong extension.
/// assert_eq!(detect(Some(Path::new("game.sgf")), b"\\HS\n"), Format::Gib);
/// assert_eq!(detect(None, b"[Header]\nSize=19\n"), Format::Ugf);
/// assert_eq!(detect(None, b"garbage"), Format::Sgf);
/// ```
pub fn detect(name: Option<&Path>, head: &[u8]) -> Format {
    Format::sniff(head)
        .or_else(|| name.and_then(by_extension))
        .unwrap_or(Format::Sgf)
}

/// The format `path`'s extension names (the one before `.gz`, for a
/// compressed file).
fn by_extension(path: &Path) -> Option<Format> {
    let extension = path.extension()?.to_str()?;
    if extension.eq_ignore_ascii_case("gz") {
        return by_extension(Path::new(path.file_stem()?));
    }
    Format::from_extension(extension)
}
