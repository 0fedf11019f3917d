//! [`Text`]: the decoded text of one property value of an
//! [`SgfTree`](crate::SgfTree), stored inline when it is short.

use std::borrow::Borrow;
use std::fmt;
use std::mem::ManuallyDrop;
use std::ops::Deref;

use compact_str::CompactString;

use crate::ident::{by_low_bits, cut, LOWERCASE_PAIRS};

/// The decoded text of one property value of an
/// [`SgfTree`](crate::SgfTree): a string that keeps up to 24 bytes (a
/// move, a number, a name, most comments' first words) inside itself
/// without a heap allocation, and longer text on the heap.
///
/// It dereferences to [`str`], compares equal to `str`, `&str` and
/// [`String`], and converts from and into `String`.
///
/// ```
/// use sgf_stream::value::Text;
/// let tree = sgf_stream::parse("(;B[pd]C[a \\] b])")?;
/// let moves: &[Text] = tree.get("B").unwrap();
/// assert_eq!(moves, ["pd"]);
/// assert_eq!(tree.get("C").unwrap()[0], "a ] b");
/// assert!(tree.get("C").unwrap()[0].starts_with('a'));
/// let owned: String = tree.get("B").unwrap()[0].clone().into();
/// assert_eq!(owned, "pd");
/// # Ok::<(), sgf_stream::Error>(())
/// ```
#[derive(Clone, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Text(CompactString);

impl Text {
    /// Empty text.
    pub const fn new() -> Self {
        Text(CompactString::const_new(""))
    }

    /// Text of a `'static` string, for tables.
    const fn from_static(text: &'static str) -> Self {
        Text(CompactString::const_new(text))
    }

    /// The text of two lowercase ASCII letters (a point on a board up to
    /// 26 lines, nearly every move) from a table: no UTF-8 check, no
    /// copy of bytes.
    #[inline]
    pub(crate) fn lowercase_pair(bytes: &[u8]) -> Option<Text> {
        match *bytes {
            [a, b] if a.is_ascii_lowercase() && b.is_ascii_lowercase() => Some(Text::clone(
                &POINTS[usize::from(a & 31) << 5 | usize::from(b & 31)],
            )),
            _ => None,
        }
    }

    /// The text as a string slice.
    pub fn as_str(&self) -> &str {
        self.0.as_str()
    }

    /// The text, for changing it in place.
    ///
    /// ```
    /// let mut tree = sgf_stream::parse("(;C[hello])")?;
    /// tree.values_mut("C").unwrap()[0].push_str(", world");
    /// assert_eq!(tree.get("C").unwrap(), ["hello, world"]);
    /// # Ok::<(), sgf_stream::Error>(())
    /// ```
    pub fn push_str(&mut self, text: &str) {
        self.0.push_str(text);
    }

    /// Whether the text lives on the heap (longer than fits inline).
    pub fn is_heap_allocated(&self) -> bool {
        self.0.is_heap_allocated()
    }
}

impl Deref for Text {
    type Target = str;

    fn deref(&self) -> &str {
        self.0.as_str()
    }
}

impl AsRef<str> for Text {
    fn as_ref(&self) -> &str {
        self.0.as_str()
    }
}

impl AsRef<[u8]> for Text {
    fn as_ref(&self) -> &[u8] {
        self.0.as_bytes()
    }
}

impl Borrow<str> for Text {
    fn borrow(&self) -> &str {
        self.0.as_str()
    }
}

impl fmt::Debug for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.0.as_str(), f)
    }
}

impl fmt::Display for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0.as_str())
    }
}

impl From<&str> for Text {
    fn from(text: &str) -> Self {
        Text(CompactString::new(text))
    }
}

impl From<&String> for Text {
    fn from(text: &String) -> Self {
        Text(CompactString::new(text))
    }
}

impl From<String> for Text {
    fn from(text: String) -> Self {
        Text(CompactString::from(text))
    }
}

impl From<std::borrow::Cow<'_, str>> for Text {
    fn from(text: std::borrow::Cow<'_, str>) -> Self {
        Text(CompactString::from(text))
    }
}

impl From<char> for Text {
    fn from(c: char) -> Self {
        Text(CompactString::new(c.encode_utf8(&mut [0; 4])))
    }
}

impl From<Text> for String {
    fn from(text: Text) -> Self {
        text.0.into_string()
    }
}

impl std::str::FromStr for Text {
    type Err = std::convert::Infallible;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Ok(Text::from(text))
    }
}

/// `aa`, `ab`, .. `zz` as texts, indexed by the low five bits of the
/// first letter, then those of the second (`32 * first + second`). Short
/// texts own no memory, so never dropping them loses nothing.
static POINTS: [ManuallyDrop<Text>; 32 * 32] =
    texts(by_low_bits::<676, 1024>(cut(LOWERCASE_PAIRS)));

/// `texts` as [`Text`]s.
const fn texts<const N: usize>(texts: [&'static str; N]) -> [ManuallyDrop<Text>; N] {
    const EMPTY: ManuallyDrop<Text> = ManuallyDrop::new(Text::new());
    let mut out = [EMPTY; N];
    let mut i = 0;
    while i < N {
        out[i] = ManuallyDrop::new(Text::from_static(texts[i]));
        i += 1;
    }
    out
}

/// `Text == other` and `other == Text` for the string types.
macro_rules! equal_to {
    ($($other:ty),*) => {$(
        impl PartialEq<$other> for Text {
            fn eq(&self, other: &$other) -> bool {
                self.0.as_str() == AsRef::<str>::as_ref(other)
            }
        }
        impl PartialEq<Text> for $other {
            fn eq(&self, other: &Text) -> bool {
                AsRef::<str>::as_ref(self) == other.0.as_str()
            }
        }
    )*};
}

equal_to!(str, &str, String);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_text_is_inline_and_long_text_on_the_heap() {
        assert!(!Text::from("pd").is_heap_allocated());
        assert!(!Text::from("x".repeat(24)).is_heap_allocated());
        assert!(Text::from("x".repeat(25)).is_heap_allocated());
        assert_eq!(std::mem::size_of::<Text>(), 24);
    }

    #[test]
    fn every_lowercase_pair_is_its_own_text() {
        for a in b'a'..=b'z' {
            for b in b'a'..=b'z' {
                let text = Text::lowercase_pair(&[a, b]).unwrap();
                assert_eq!(text.as_bytes(), [a, b]);
            }
        }
        assert_eq!(Text::lowercase_pair(b"aB"), None);
        assert_eq!(Text::lowercase_pair(b"abc"), None);
        assert_eq!(Text::lowercase_pair(b""), None);
    }

    #[test]
    fn compares_with_every_string_type_both_ways() {
        let text = Text::from("ko");
        assert_eq!(text, "ko");
        assert_eq!("ko", text);
        assert_eq!(text, *"ko");
        assert_eq!(text, String::from("ko"));
        assert_eq!(String::from("ko"), text);
        assert_ne!(text, "kO");
        assert_eq!(Text::lowercase_pair(b"ko").unwrap(), text);
        assert_eq!(String::from(text.clone()), "ko");
        assert_eq!(format!("{text} {text:?}"), "ko \"ko\"");
    }
}
