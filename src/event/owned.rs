//! [`OwnedEvent`]: events that own their bytes as slices of one refcounted
//! [`Bytes`] buffer, `'static + Send`, so they (and what is built from
//! them) can move to another thread without copying.

use std::fmt;

use bytes::Bytes;

use super::{Event, PropIdent, RawValues};

/// An [`Event`] that owns its bytes (refcounted slices of the input).
///
/// ```
/// use sgf_stream::{read::Reader};
/// use sgf_stream::event::{OwnedEvent};
/// let input = bytes::Bytes::from_static(b"(;B[pd]C[hi\\]])");
/// let events: Vec<OwnedEvent> = Reader::from_bytes(input).collect::<Result<_, _>>()?;
/// // 'static + Send: hand them to another thread.
/// let comment = std::thread::spawn(move || match &events[3] {
///     OwnedEvent::Property(prop) => prop.values().first().text().unwrap().into_owned(),
///     _ => unreachable!(),
/// })
/// .join()
/// .unwrap();
/// assert_eq!(comment, "hi]");
/// # Ok::<(), sgf_stream::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OwnedEvent {
    /// `(`: a game tree or a variation opens.
    StartGameTree,
    /// `;`: a node starts.
    Node,
    /// A property of the current node.
    Property(OwnedProperty),
    /// `)`: the innermost open game tree or variation closes.
    EndGameTree,
}

impl OwnedEvent {
    /// `event`, whose bytes lie in `input`, as slices of `input`.
    pub(crate) fn new(input: &Bytes, event: &Event<'_>) -> Self {
        match event {
            Event::StartGameTree => OwnedEvent::StartGameTree,
            Event::Node => OwnedEvent::Node,
            Event::EndGameTree => OwnedEvent::EndGameTree,
            Event::Property(ident, values) => {
                OwnedEvent::Property(OwnedProperty::new(input, ident, *values))
            }
        }
    }

    /// The borrowed [`Event`] viewing the same bytes.
    pub fn as_event(&self) -> Event<'_> {
        match self {
            OwnedEvent::StartGameTree => Event::StartGameTree,
            OwnedEvent::Node => Event::Node,
            OwnedEvent::EndGameTree => Event::EndGameTree,
            OwnedEvent::Property(prop) => Event::Property(prop.ident_view(), prop.values()),
        }
    }
}

/// A property with its identifier and raw values, owning both as slices of
/// the input's [`Bytes`].
///
/// It holds what the borrowed [`Event`] held, a lenient reader's repair
/// included ([`RawValues::is_repaired`]): its values read the same.
///
/// ```
/// use sgf_stream::{event::OwnedEvent, ReaderBuilder};
/// let input = bytes::Bytes::from_static(b"(;C[a ]b] c];B[aa])");
/// let mut reader = ReaderBuilder::new().lenient(true).from_bytes(input);
/// let Some(OwnedEvent::Property(comment)) = reader.nth(2).transpose()? else { panic!() };
/// assert!(comment.values().is_repaired());
/// assert_eq!(comment.values().first().as_bytes(), b"a ]b] c");
/// assert_eq!(comment.values().first().text().unwrap(), "a ]b] c");
/// # Ok::<(), sgf_stream::Error>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct OwnedProperty {
    ident: Bytes,
    values: Bytes,
    count: u32,
    /// The last value was repaired by a lenient reader.
    repaired: bool,
}

impl OwnedProperty {
    /// The property `ident` with `values`, as slices of `input` where
    /// they lie in it (a repaired identifier is copied).
    pub(crate) fn new(input: &Bytes, ident: &PropIdent<'_>, values: RawValues<'_>) -> Self {
        let share = |bytes: &[u8]| {
            let range = input.as_ptr_range();
            let inside = range.contains(&bytes.as_ptr()) && bytes.as_ptr_range().end <= range.end;
            match inside {
                true => input.slice_ref(bytes),
                false => Bytes::copy_from_slice(bytes),
            }
        };
        OwnedProperty {
            ident: share(ident.as_str().as_bytes()),
            values: share(values.as_bytes()),
            count: values.len() as u32,
            repaired: values.is_repaired(),
        }
    }

    /// The identifier, such as `B` or `AB`.
    pub fn ident(&self) -> &str {
        // The machine accepts only ASCII capitals in identifiers.
        std::str::from_utf8(&self.ident).unwrap_or_default()
    }

    fn ident_view(&self) -> PropIdent<'_> {
        PropIdent::new(self.ident())
    }

    /// The raw values, viewed as in a borrowed [`Event`] (a repaired last
    /// value included).
    pub fn values(&self) -> RawValues<'_> {
        match self.repaired {
            true => RawValues::repaired(&self.values, self.count),
            false => RawValues::new(&self.values, self.count),
        }
    }

    /// The exact input bytes of the values, from the first `[` to the last
    /// `]`, sharing the input's buffer.
    pub fn values_bytes(&self) -> &Bytes {
        &self.values
    }

    /// Each raw value (escapes untouched) as its own shared slice.
    ///
    /// ```
    /// use sgf_stream::{read::Reader};
    /// use sgf_stream::event::{OwnedEvent};
    /// let mut parser = Reader::from_bytes(bytes::Bytes::from_static(b"(;AB[aa][bb])"));
    /// let Some(Ok(OwnedEvent::Property(prop))) = parser.nth(2) else { panic!() };
    /// let values: Vec<bytes::Bytes> = prop.value_bytes().collect();
    /// assert_eq!(values, ["aa", "bb"]);
    /// ```
    pub fn value_bytes(&self) -> impl ExactSizeIterator<Item = Bytes> + '_ {
        self.values()
            .iter()
            .map(|raw| self.values.slice_ref(raw.as_bytes()))
    }
}

impl fmt::Debug for OwnedProperty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{:?}", self.ident(), self.values())
    }
}
