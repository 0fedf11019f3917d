//! Events that own their bytes: slices of one refcounted [`Bytes`] buffer,
//! `'static + Send`, so they (and what is built from them) can move to
//! another thread without copying.

use std::fmt;

use bytes::Bytes;

use crate::error::Error;
use crate::event::{Event, PropIdent, RawValues};
use crate::machine::{Limits, Machine, Step, Token};

/// An [`Event`] that owns its bytes (refcounted slices of the input).
///
/// ```
/// use sgf_stream::{BytesParser, OwnedEvent};
/// let input = bytes::Bytes::from_static(b"(;B[pd]C[hi\\]])");
/// let events: Vec<OwnedEvent> = BytesParser::new(input).collect::<Result<_, _>>()?;
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
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct OwnedProperty {
    ident: Bytes,
    values: Bytes,
    count: u32,
}

impl OwnedProperty {
    /// The property of a token spanning `start..end` of `input`.
    pub(crate) fn from_token(
        input: &Bytes,
        start: usize,
        ident_end: usize,
        values_start: usize,
        end: usize,
        count: u32,
    ) -> Self {
        OwnedProperty {
            ident: input.slice(start..ident_end),
            values: input.slice(values_start..end),
            count,
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

    /// The raw values, viewed as in a borrowed [`Event`].
    pub fn values(&self) -> RawValues<'_> {
        RawValues::new(&self.values, self.count)
    }

    /// The exact input bytes of the values, from the first `[` to the last
    /// `]`, sharing the input's buffer.
    pub fn values_bytes(&self) -> &Bytes {
        &self.values
    }

    /// Each raw value (escapes untouched) as its own shared slice.
    ///
    /// ```
    /// use sgf_stream::{BytesParser, OwnedEvent};
    /// let mut parser = BytesParser::new(bytes::Bytes::from_static(b"(;AB[aa][bb])"));
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

/// A pull parser over a [`Bytes`] buffer whose events own their bytes.
///
/// It yields exactly the events and errors of the slice
/// [`Parser`](crate::Parser) (one state machine), as [`OwnedEvent`]s.
/// Each property costs two refcount increments and no copy.
#[derive(Debug, Clone)]
pub struct BytesParser {
    input: Bytes,
    pos: usize,
    machine: Machine,
    done: bool,
}

impl BytesParser {
    /// A parser over `input` with the default [`Limits`]; see
    /// [`ParserBuilder`](crate::ParserBuilder) for others.
    pub fn new(input: Bytes) -> Self {
        BytesParser::with_limits(input, Limits::default())
    }

    pub(crate) fn with_limits(input: Bytes, limits: Limits) -> Self {
        BytesParser {
            input,
            pos: 0,
            machine: Machine::new(limits),
            done: false,
        }
    }

    /// The byte offset where the next event will be looked for.
    pub fn position(&self) -> usize {
        self.pos
    }

    /// How many game trees and variations are open.
    pub fn depth(&self) -> u32 {
        self.machine.depth()
    }

    /// The input buffer.
    pub fn get_ref(&self) -> &Bytes {
        &self.input
    }

    fn owned(&self, token: Token, start: usize, end: usize) -> OwnedEvent {
        match token {
            Token::StartGameTree => OwnedEvent::StartGameTree,
            Token::Node => OwnedEvent::Node,
            Token::EndGameTree => OwnedEvent::EndGameTree,
            Token::Property {
                ident_end,
                values_start,
                count,
            } => OwnedEvent::Property(OwnedProperty::from_token(
                &self.input,
                start,
                ident_end,
                values_start,
                end,
                count,
            )),
        }
    }
}

impl Iterator for BytesParser {
    type Item = Result<OwnedEvent, Error>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        match self.machine.step(&self.input, &mut self.pos, true) {
            Step::Token(token, start, end) => Some(Ok(self.owned(token, start, end))),
            Step::Error(kind, at) => {
                self.done = true;
                Some(Err(Error::at(kind, &self.input, at)))
            }
            Step::End | Step::NeedMore => {
                self.done = true;
                None
            }
        }
    }
}

impl std::iter::FusedIterator for BytesParser {}
