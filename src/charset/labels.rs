//! [`Charset`]: every charset this library reads or writes, by its name
//! for `CA`, and the one table of `CA` labels and aliases.

use std::fmt;

#[cfg(feature = "encoding")]
use encoding_rs::Encoding;

/// Declares [`Charset`] with one variant per legacy charset, its name for
/// `CA` and the `encoding_rs` encoding that decodes it (for the C1 table
/// charsets, the one that decodes bytes 0xA0–0xFF).
macro_rules! charsets {
    ($($(#[doc = $doc:literal])* $variant:ident = $name:literal, $encoding:ident;)*) => {
        /// A charset: the one of an input (see
        /// [`CharsetReport`](super::CharsetReport)) or of a
        /// [`Writer`](crate::Writer)'s output.
        ///
        /// UTF-8 is always available; the others need the `encoding`
        /// cargo feature (on by default). [`name`](Self::name) is the
        /// name written in `CA`; [`for_label`](Self::for_label) reads any
        /// label or alias of one. A `Charset` compares equal to its name.
        ///
        /// ```
        /// use sgf_stream::Charset;
        /// assert_eq!(Charset::default(), Charset::Utf8);
        /// assert_eq!(Charset::Utf8.name(), "UTF-8");
        /// assert_eq!(Charset::for_label(" utf8 "), Some(Charset::Utf8));
        /// assert_eq!(Charset::Utf8, "UTF-8");
        /// # #[cfg(feature = "encoding")]
        /// assert_eq!(Charset::for_label("MS_KANJI"), Some(Charset::ShiftJis));
        /// ```
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
        #[non_exhaustive]
        pub enum Charset {
            /// UTF-8, the default.
            #[default]
            Utf8,
            $(
                $(#[doc = $doc])*
                #[cfg(feature = "encoding")]
                $variant,
            )*
        }

        impl Charset {
            /// Every charset, UTF-8 first.
            #[cfg(feature = "encoding")]
            pub(crate) const ALL: &'static [Charset] = &[Charset::Utf8, $(Charset::$variant,)*];

            /// The name written in `CA`: `UTF-8`, `Shift_JIS`, `GB18030`,
            /// `EUC-KR`, `Big5`, `ISO-8859-1`, `windows-1251`, `UTF-16LE`...
            pub fn name(self) -> &'static str {
                match self {
                    Charset::Utf8 => "UTF-8",
                    $(
                        #[cfg(feature = "encoding")]
                        Charset::$variant => $name,
                    )*
                }
            }

            /// The `encoding_rs` encoding that decodes this charset (for a
            /// C1 table charset, its bytes 0xA0–0xFF).
            #[cfg(feature = "encoding")]
            pub(crate) fn encoding(self) -> &'static Encoding {
                match self {
                    Charset::Utf8 => encoding_rs::UTF_8,
                    $(Charset::$variant => encoding_rs::$encoding,)*
                }
            }
        }
    };
}

charsets! {
    /// UTF-16, little-endian (read only: a [`Writer`](crate::Writer)
    /// asked for it writes UTF-8).
    Utf16Le = "UTF-16LE", UTF_16LE;
    /// UTF-16, big-endian (read only, as [`Utf16Le`](Self::Utf16Le)).
    Utf16Be = "UTF-16BE", UTF_16BE;
    /// Shift_JIS (Japanese), as Windows writes it (code page 932).
    ShiftJis = "Shift_JIS", SHIFT_JIS;
    /// EUC-JP (Japanese).
    EucJp = "EUC-JP", EUC_JP;
    /// ISO-2022-JP (Japanese, 7-bit with escape sequences).
    Iso2022Jp = "ISO-2022-JP", ISO_2022_JP;
    /// GB18030 (Chinese), a superset of GB2312 and GBK that encodes all
    /// of Unicode; `GB2312` and `GBK` are read as it.
    Gb18030 = "GB18030", GB18030;
    /// Big5 (traditional Chinese).
    Big5 = "Big5", BIG5;
    /// EUC-KR (Korean), with the UHC extension (code page 949).
    EucKr = "EUC-KR", EUC_KR;
    /// ISO-8859-1 as written: byte `b` is U+00bb (0x80–0x9F are C1
    /// controls, not windows-1252's `€` and quotes).
    Iso8859_1 = "ISO-8859-1", WINDOWS_1252;
    /// ISO-8859-2 (Central European).
    Iso8859_2 = "ISO-8859-2", ISO_8859_2;
    /// ISO-8859-3 (South European).
    Iso8859_3 = "ISO-8859-3", ISO_8859_3;
    /// ISO-8859-4 (North European).
    Iso8859_4 = "ISO-8859-4", ISO_8859_4;
    /// ISO-8859-5 (Cyrillic).
    Iso8859_5 = "ISO-8859-5", ISO_8859_5;
    /// ISO-8859-6 (Arabic).
    Iso8859_6 = "ISO-8859-6", ISO_8859_6;
    /// ISO-8859-7 (Greek).
    Iso8859_7 = "ISO-8859-7", ISO_8859_7;
    /// ISO-8859-8 (Hebrew, visual order).
    Iso8859_8 = "ISO-8859-8", ISO_8859_8;
    /// ISO-8859-8-I (Hebrew, logical order).
    Iso8859_8I = "ISO-8859-8-I", ISO_8859_8_I;
    /// ISO-8859-9 (Turkish) as written: 0x80–0x9F are C1 controls.
    Iso8859_9 = "ISO-8859-9", WINDOWS_1254;
    /// ISO-8859-10 (Nordic).
    Iso8859_10 = "ISO-8859-10", ISO_8859_10;
    /// ISO-8859-11 (Thai) as written: 0x80–0x9F are C1 controls.
    Iso8859_11 = "ISO-8859-11", WINDOWS_874;
    /// ISO-8859-13 (Baltic).
    Iso8859_13 = "ISO-8859-13", ISO_8859_13;
    /// ISO-8859-14 (Celtic).
    Iso8859_14 = "ISO-8859-14", ISO_8859_14;
    /// ISO-8859-15 (Western European with `€`).
    Iso8859_15 = "ISO-8859-15", ISO_8859_15;
    /// ISO-8859-16 (South-Eastern European).
    Iso8859_16 = "ISO-8859-16", ISO_8859_16;
    /// KOI8-R (Russian).
    Koi8R = "KOI8-R", KOI8_R;
    /// KOI8-U (Ukrainian).
    Koi8U = "KOI8-U", KOI8_U;
    /// IBM866 (DOS Cyrillic).
    Ibm866 = "IBM866", IBM866;
    /// Mac OS Roman.
    Macintosh = "macintosh", MACINTOSH;
    /// Mac OS Cyrillic.
    MacCyrillic = "x-mac-cyrillic", X_MAC_CYRILLIC;
    /// windows-874 (Thai).
    Windows874 = "windows-874", WINDOWS_874;
    /// windows-1250 (Central European).
    Windows1250 = "windows-1250", WINDOWS_1250;
    /// windows-1251 (Cyrillic).
    Windows1251 = "windows-1251", WINDOWS_1251;
    /// windows-1252 (Western European).
    Windows1252 = "windows-1252", WINDOWS_1252;
    /// windows-1253 (Greek).
    Windows1253 = "windows-1253", WINDOWS_1253;
    /// windows-1254 (Turkish).
    Windows1254 = "windows-1254", WINDOWS_1254;
    /// windows-1255 (Hebrew).
    Windows1255 = "windows-1255", WINDOWS_1255;
    /// windows-1256 (Arabic).
    Windows1256 = "windows-1256", WINDOWS_1256;
    /// windows-1257 (Baltic).
    Windows1257 = "windows-1257", WINDOWS_1257;
    /// windows-1258 (Vietnamese).
    Windows1258 = "windows-1258", WINDOWS_1258;
}

/// How well a label names its charset.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Naming {
    /// The label names exactly this charset.
    Exact,
    /// The label names a charset read as this one: a subset (`GB2312`
    /// for GB18030, `US-ASCII` for ISO-8859-1), or UTF-16 of either byte
    /// order (`UTF-16`, `UCS-2`, read little-endian without a BOM).
    #[cfg_attr(not(feature = "encoding"), allow(dead_code))]
    Alias,
}

/// The labels and aliases `encoding_rs` does not know (or knows as
/// another charset), squashed (see [`squash`]). Every other label is
/// looked up in the WHATWG Encoding Standard's table.
#[cfg(feature = "encoding")]
const LABELS: &[(&str, Charset, Naming)] = {
    use Charset::*;
    use Naming::*;
    &[
        ("utf8", Utf8, Exact),
        ("unicode11utf8", Utf8, Exact),
        ("unicode20utf8", Utf8, Exact),
        ("xunicode20utf8", Utf8, Exact),
        ("iso88591", Iso8859_1, Exact),
        ("iso885911987", Iso8859_1, Exact),
        ("latin1", Iso8859_1, Exact),
        ("l1", Iso8859_1, Exact),
        ("cp819", Iso8859_1, Exact),
        ("ibm819", Iso8859_1, Exact),
        ("isoir100", Iso8859_1, Exact),
        ("csisolatin1", Iso8859_1, Exact),
        ("usascii", Iso8859_1, Alias),
        ("ascii", Iso8859_1, Alias),
        ("iso646us", Iso8859_1, Alias),
        ("ansix341968", Iso8859_1, Alias),
        ("iso88599", Iso8859_9, Exact),
        ("iso885991989", Iso8859_9, Exact),
        ("latin5", Iso8859_9, Exact),
        ("l5", Iso8859_9, Exact),
        ("isoir148", Iso8859_9, Exact),
        ("csisolatin5", Iso8859_9, Exact),
        ("iso885911", Iso8859_11, Exact),
        ("gb18030", Gb18030, Exact),
        ("gb2312", Gb18030, Alias),
        ("gbk", Gb18030, Alias),
        ("cp936", Gb18030, Alias),
        ("ms936", Gb18030, Alias),
        ("windows936", Gb18030, Alias),
        ("euccn", Gb18030, Alias),
        ("xgbk", Gb18030, Alias),
        ("chinese", Gb18030, Alias),
        ("csgb2312", Gb18030, Alias),
        ("gb231280", Gb18030, Alias),
        ("shiftjis", ShiftJis, Exact),
        ("sjis", ShiftJis, Exact),
        ("mskanji", ShiftJis, Exact),
        ("cp932", ShiftJis, Exact),
        ("ms932", ShiftJis, Exact),
        ("windows31j", ShiftJis, Exact),
        ("xsjis", ShiftJis, Exact),
        ("csshiftjis", ShiftJis, Exact),
        ("big5", Big5, Exact),
        ("cp950", Big5, Exact),
        ("ms950", Big5, Exact),
        ("big5hkscs", Big5, Exact),
        ("cnbig5", Big5, Exact),
        ("xxbig5", Big5, Exact),
        ("csbig5", Big5, Exact),
        ("euckr", EucKr, Exact),
        ("cp949", EucKr, Exact),
        ("ms949", EucKr, Exact),
        ("uhc", EucKr, Exact),
        ("windows949", EucKr, Exact),
        ("ksc56011987", EucKr, Exact),
        ("ksc5601", EucKr, Exact),
        ("korean", EucKr, Exact),
        ("cseuckr", EucKr, Exact),
        ("utf16", Utf16Le, Alias),
        ("ucs2", Utf16Le, Alias),
        ("unicode", Utf16Le, Alias),
        ("utf16le", Utf16Le, Exact),
        ("utf16be", Utf16Be, Exact),
    ]
};

/// Without the `encoding` feature only UTF-8 is known.
#[cfg(not(feature = "encoding"))]
const LABELS: &[(&str, Charset, Naming)] = &[
    ("utf8", Charset::Utf8, Naming::Exact),
    ("unicode11utf8", Charset::Utf8, Naming::Exact),
    ("unicode20utf8", Charset::Utf8, Naming::Exact),
    ("xunicode20utf8", Charset::Utf8, Naming::Exact),
];

impl Charset {
    /// The charset a `CA` label names: any label of the WHATWG Encoding
    /// Standard, and common aliases (`SJIS`, `MS_KANJI`, `cp932`, `GBK`,
    /// `cp949`, `win1251`...), ignoring case, punctuation and surrounding
    /// whitespace. `GB2312` and `GBK` give `Charset::Gb18030`, their
    /// superset; `UTF-16` gives `Charset::Utf16Le`. Without the
    /// `encoding` feature only UTF-8 labels are known.
    ///
    /// ```
    /// use sgf_stream::Charset;
    /// assert_eq!(Charset::for_label("UTF-8"), Some(Charset::Utf8));
    /// assert_eq!(Charset::for_label("no such charset"), None);
    /// # #[cfg(feature = "encoding")] {
    /// assert_eq!(Charset::for_label("SJIS"), Some(Charset::ShiftJis));
    /// assert_eq!(Charset::for_label("gb2312"), Some(Charset::Gb18030));
    /// assert_eq!(Charset::for_label("cp1251"), Some(Charset::Windows1251));
    /// assert_eq!(Charset::for_label("latin1").unwrap().name(), "ISO-8859-1");
    /// # }
    /// ```
    pub fn for_label(label: &str) -> Option<Charset> {
        lookup(label).map(|(charset, _)| charset)
    }

    /// Whether `label` (a `CA` value) names exactly this charset: any of
    /// its labels, but not a subset's (`GB2312` does not name GB18030).
    pub(crate) fn is_named_by(self, label: &[u8]) -> bool {
        let Ok(label) = std::str::from_utf8(label) else {
            return false;
        };
        lookup(label) == Some((self, Naming::Exact))
    }

    /// Whether a [`Writer`](crate::Writer) can write this charset: every
    /// one but UTF-16, whose structure bytes are not ASCII.
    pub fn can_write(self) -> bool {
        !self.is_utf16()
    }

    /// UTF-16 of either byte order.
    pub(crate) fn is_utf16(self) -> bool {
        #[cfg(feature = "encoding")]
        if matches!(self, Charset::Utf16Le | Charset::Utf16Be) {
            return true;
        }
        false
    }

    /// A charset with one byte per character.
    #[cfg(feature = "encoding")]
    pub(crate) fn is_single_byte(self) -> bool {
        self != Charset::Utf8 && self.encoding().is_single_byte()
    }

    /// An ISO-8859 charset that `encoding_rs` reads as a Windows one:
    /// 0x80–0x9F are the C1 controls, the rest as [`encoding`].
    #[cfg(feature = "encoding")]
    pub(crate) fn is_c1_table(self) -> bool {
        matches!(
            self,
            Charset::Iso8859_1 | Charset::Iso8859_9 | Charset::Iso8859_11
        )
    }

    /// The charset `encoding_rs` (or `chardetng`) calls `encoding`: GBK
    /// is GB18030, and ISO-8859-1 windows-1252, as they decode them.
    #[cfg(feature = "encoding")]
    pub(crate) fn from_encoding(encoding: &'static Encoding) -> Option<Charset> {
        if encoding == encoding_rs::GBK {
            return Some(Charset::Gb18030);
        }
        let charsets = Charset::ALL.iter().copied();
        charsets
            .filter(|charset| !charset.is_c1_table())
            .find(|charset| charset.encoding() == encoding)
    }
}

/// The charset `label` names, and how well.
pub(crate) fn lookup(label: &str) -> Option<(Charset, Naming)> {
    let listed = LABELS
        .iter()
        .find(|(known, _, _)| squashed(label).eq(known.bytes()));
    if let Some(&(_, charset, naming)) = listed {
        return Some((charset, naming));
    }
    #[cfg(feature = "encoding")]
    {
        let trimmed = label.trim().to_ascii_lowercase();
        let encoding = Encoding::for_label_no_replacement(trimmed.as_bytes())
            .or_else(|| windows_label(&squash(label)))?;
        let charset = Charset::from_encoding(encoding)?;
        let naming = if encoding == encoding_rs::GBK {
            Naming::Alias
        } else {
            Naming::Exact
        };
        Some((charset, naming))
    }
    #[cfg(not(feature = "encoding"))]
    None
}

/// `cp1251`, `windows1251`, `win1251` and such (squashed).
#[cfg(feature = "encoding")]
fn windows_label(squashed: &str) -> Option<&'static Encoding> {
    let digits = squashed
        .strip_prefix("cp")
        .or_else(|| squashed.strip_prefix("windows"))
        .or_else(|| squashed.strip_prefix("win"))?;
    Encoding::for_label(format!("windows-{digits}").as_bytes())
}

/// Whether `label` names UTF-8 (`UTF-8`, `utf8`, `unicode-1-1-utf-8`...).
pub(crate) fn is_utf8_label(label: &str) -> bool {
    matches!(lookup(label), Some((Charset::Utf8, _)))
}

/// A charset label in lower case without punctuation or spaces:
/// `Shift_JIS` → `shiftjis`.
#[cfg_attr(not(feature = "encoding"), allow(dead_code))]
pub(crate) fn squash(label: &str) -> String {
    squashed(label).map(char::from).collect()
}

/// The bytes of [`squash`]`(label)`, without building it.
fn squashed(label: &str) -> impl Iterator<Item = u8> + '_ {
    label
        .bytes()
        .filter(u8::is_ascii_alphanumeric)
        .map(|b| b.to_ascii_lowercase())
}

impl fmt::Display for Charset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl PartialEq<str> for Charset {
    fn eq(&self, name: &str) -> bool {
        self.name() == name
    }
}

impl PartialEq<&str> for Charset {
    fn eq(&self, name: &&str) -> bool {
        self.name() == *name
    }
}

impl PartialEq<Charset> for &str {
    fn eq(&self, charset: &Charset) -> bool {
        *self == charset.name()
    }
}

/// The character of byte `b` (0x80 or more) in a C1 table charset:
/// 0x80–0x9F are the C1 controls, the rest as its base decodes them.
#[cfg(feature = "encoding")]
pub(crate) fn c1_char(charset: Charset, b: u8) -> char {
    if b < 0xA0 {
        return char::from(b);
    }
    let byte = [b];
    let (text, _) = charset.encoding().decode_without_bom_handling(&byte);
    text.chars().next().unwrap_or(char::REPLACEMENT_CHARACTER)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf8_labels() {
        for label in ["UTF-8", "utf8", " Utf_8 ", "unicode-1-1-utf-8"] {
            assert!(is_utf8_label(label), "{label}");
            assert!(Charset::Utf8.is_named_by(label.as_bytes()), "{label}");
        }
        assert!(!is_utf8_label("UTF-16"));
        assert!(!is_utf8_label("utf"));
    }

    #[cfg(feature = "encoding")]
    #[test]
    fn labels_and_aliases() {
        let name = |label: &str| Charset::for_label(label).map(Charset::name);
        assert_eq!(name("MS_KANJI"), Some("Shift_JIS"));
        assert_eq!(name("cp932"), Some("Shift_JIS"));
        assert_eq!(name("GB2312"), Some("GB18030"));
        assert_eq!(name("iso-8859-1"), Some("ISO-8859-1"));
        assert_eq!(name("ISO_8859-9"), Some("ISO-8859-9"));
        assert_eq!(name("cp1251"), Some("windows-1251"));
        assert_eq!(name("win1250"), Some("windows-1250"));
        assert_eq!(name("windows-1252"), Some("windows-1252"));
        assert_eq!(name("UTF-16"), Some("UTF-16LE"));
        assert_eq!(name("koi8-r"), Some("KOI8-R"));
        assert_eq!(name("x-user-defined"), None);
        assert_eq!(name("replacement"), None);
        assert_eq!(name("klingon"), None);
    }

    #[cfg(feature = "encoding")]
    #[test]
    fn exact_names_exclude_subsets() {
        assert!(Charset::ShiftJis.is_named_by(b"shift_jis"));
        assert!(Charset::ShiftJis.is_named_by(b" SJIS"));
        assert!(Charset::Gb18030.is_named_by(b"GB18030"));
        assert!(!Charset::Gb18030.is_named_by(b"GB2312"));
        assert!(!Charset::Gb18030.is_named_by(b"gbk"));
        assert!(!Charset::Iso8859_1.is_named_by(b"US-ASCII"));
        assert!(!Charset::Windows1252.is_named_by(b"ISO-8859-1"));
        assert!(!Charset::Utf8.is_named_by(b"\xff"));
    }

    #[cfg(feature = "encoding")]
    #[test]
    fn every_name_is_a_label_of_its_charset() {
        for &charset in Charset::ALL {
            assert_eq!(Charset::for_label(charset.name()), Some(charset));
            assert!(charset.is_named_by(charset.name().as_bytes()), "{charset}");
        }
    }
}
