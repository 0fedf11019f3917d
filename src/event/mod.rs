//! The events a reader yields: [`Event`] with borrowed views into the
//! input ([`PropIdent`], [`RawValues`], [`RawValue`]), and [`OwnedEvent`]
//! over a shared buffer.

use std::borrow::Cow;
use std::fmt;

use crate::value;

mod owned;

pub use owned::{OwnedEvent, OwnedProperty};

/// One step of an SGF document, in file order.
///
/// Identifiers and values borrow from the input; nothing is copied or
/// decoded until asked.
///
/// ```
/// use sgf_stream::{Event, Parser};
/// let events: Vec<Event> = Parser::new(b"(;B[pd])").collect::<Result<_, _>>().unwrap();
/// assert_eq!(events.len(), 4);
/// assert!(matches!(&events[2], Event::Property(id, _) if id.as_str() == "B"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event<'a> {
    /// `(`: a game tree or a variation opens.
    StartGameTree,
    /// `;`: a node starts.
    Node,
    /// A property of the current node: its identifier and raw values.
    Property(PropIdent<'a>, RawValues<'a>),
    /// `)`: the innermost open game tree or variation closes.
    EndGameTree,
}

/// A property identifier such as `B`, `AB` or `MULTIGOGM`.
///
/// It borrows from the input; only a repaired legacy identifier (lenient
/// parsing of `AddBlack` as `AB`) owns its text.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PropIdent<'a>(Cow<'a, str>);

impl<'a> PropIdent<'a> {
    /// An identifier from its text.
    pub fn new(ident: impl Into<Cow<'a, str>>) -> Self {
        PropIdent(ident.into())
    }

    /// The identifier's text.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The identifier, owning its text.
    pub fn into_owned(self) -> PropIdent<'static> {
        PropIdent(Cow::Owned(self.0.into_owned()))
    }
}

impl AsRef<str> for PropIdent<'_> {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl PartialEq<str> for PropIdent<'_> {
    fn eq(&self, other: &str) -> bool {
        self.0 == other
    }
}

impl PartialEq<&str> for PropIdent<'_> {
    fn eq(&self, other: &&str) -> bool {
        self.0 == *other
    }
}

impl fmt::Debug for PropIdent<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&*self.0, f)
    }
}

impl fmt::Display for PropIdent<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The values of one property: a `Copy` view of its `[..][..]` run.
///
/// Iterating yields each value's bytes between `[` and `]`, escapes
/// untouched. The run is the exact input bytes, whitespace between values
/// included.
///
/// ```
/// use sgf_stream::{Event, Parser};
/// let mut parser = Parser::new(b"(;AB[aa] [b\\]b])");
/// let Some(Ok(Event::Property(_, values))) = parser.nth(2) else { panic!() };
/// let raw: Vec<&[u8]> = values.iter().map(|v| v.as_bytes()).collect();
/// assert_eq!(raw, [&b"aa"[..], b"b\\]b"]);
/// assert_eq!(values.len(), 2);
/// ```
///
/// Two runs are equal when they hold the same values in the same order:
/// the whitespace between values does not count.
///
/// A lenient [`Reader`](crate::Reader) may hand out a run whose
/// last value was repaired ([`is_repaired`](Self::is_repaired)): it holds
/// an unescaped `]` (kept as text) or never closes. Such a value runs to
/// the end of the run (less a final closing `]`); decoding reads the
/// stray `]` as text, and a writer escapes it.
#[derive(Clone, Copy)]
pub struct RawValues<'a> {
    run: &'a [u8],
    count: u32,
    repaired: bool,
}

impl<'a> RawValues<'a> {
    /// A view of `run`, which must start with `[` and hold `count` complete
    /// values separated by nothing but whitespace.
    #[inline(always)]
    pub(crate) fn new(run: &'a [u8], count: u32) -> Self {
        RawValues {
            run,
            count,
            repaired: false,
        }
    }

    /// A view of `run` whose last value (the `count`th) runs from its `[`
    /// to the end of `run`, less a final `]` that closes it: a lenient
    /// repair of a stray `]` or of a value that never closes.
    pub(crate) fn repaired(run: &'a [u8], count: u32) -> Self {
        RawValues {
            run,
            count,
            repaired: true,
        }
    }

    /// Whether the last value was repaired by a lenient reader: it may
    /// hold an unescaped `]`, or lack its closing `]`.
    pub fn is_repaired(&self) -> bool {
        self.repaired
    }

    /// The exact input bytes of the values, from the first `[` to the last
    /// `]`.
    pub fn as_bytes(&self) -> &'a [u8] {
        self.run
    }

    /// The run and the count, as given to [`new`](Self::new).
    #[inline]
    pub(crate) fn parts(&self) -> (&'a [u8], u32) {
        (self.run, self.count)
    }

    /// How many values there are (at least one).
    #[allow(clippy::len_without_is_empty)]
    pub fn len(&self) -> usize {
        self.count as usize
    }

    /// The first value.
    pub fn first(&self) -> RawValue<'a> {
        self.iter().next().unwrap_or(RawValue(&[]))
    }

    /// Iterates the values in order.
    pub fn iter(&self) -> RawValueIter<'a> {
        RawValueIter {
            rest: self.run,
            left: self.count,
            repaired: self.repaired,
        }
    }
}

impl<'a> IntoIterator for RawValues<'a> {
    type Item = RawValue<'a>;
    type IntoIter = RawValueIter<'a>;
    fn into_iter(self) -> RawValueIter<'a> {
        self.iter()
    }
}

impl<'a> IntoIterator for &RawValues<'a> {
    type Item = RawValue<'a>;
    type IntoIter = RawValueIter<'a>;
    fn into_iter(self) -> RawValueIter<'a> {
        self.iter()
    }
}

impl PartialEq for RawValues<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.count == other.count && self.iter().eq(other.iter())
    }
}

impl Eq for RawValues<'_> {}

impl std::hash::Hash for RawValues<'_> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.count.hash(state);
        for value in self.iter() {
            value.hash(state);
        }
    }
}

impl fmt::Debug for RawValues<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// Iterator over the values of a [`RawValues`].
#[derive(Debug, Clone)]
pub struct RawValueIter<'a> {
    rest: &'a [u8],
    left: u32,
    repaired: bool,
}

impl<'a> Iterator for RawValueIter<'a> {
    type Item = RawValue<'a>;

    fn next(&mut self) -> Option<RawValue<'a>> {
        if self.left == 0 {
            return None;
        }
        let open = self.rest.iter().position(|&b| b == b'[')?;
        let body = &self.rest[open + 1..];
        self.left -= 1;
        if self.repaired && self.left == 0 {
            self.rest = &[];
            return Some(RawValue(crate::lex::repaired_value(body)));
        }
        let close = crate::lex::find_close(body)?;
        self.rest = &body[close + 1..];
        Some(RawValue(&body[..close]))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left as usize, Some(self.left as usize))
    }
}

impl ExactSizeIterator for RawValueIter<'_> {}

/// One raw value: the bytes between `[` and `]`, escapes untouched.
///
/// ```
/// use sgf_stream::event::RawValue;
/// let value = RawValue::new(b"a\\]b\\\nc");
/// assert_eq!(value.text().unwrap(), "a]bc");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RawValue<'a>(&'a [u8]);

impl<'a> RawValue<'a> {
    /// A value over raw (still escaped) bytes.
    pub fn new(raw: &'a [u8]) -> Self {
        RawValue(raw)
    }

    /// The raw bytes, escapes untouched.
    pub fn as_bytes(&self) -> &'a [u8] {
        self.0
    }

    /// Decodes the value as SGF Text; see [`value::text`].
    pub fn text(&self) -> Result<Cow<'a, str>, value::Utf8Error> {
        value::text(self.0)
    }

    /// Decodes the value as SGF SimpleText; see [`value::simple_text`].
    pub fn simple_text(&self) -> Result<Cow<'a, str>, value::Utf8Error> {
        value::simple_text(self.0)
    }
}

impl fmt::Debug for RawValue<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "\"{}\"", self.0.escape_ascii())
    }
}
