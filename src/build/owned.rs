//! [`TreeBuilder`]: events to [`SgfTree`]s.

use super::BuildError;
use crate::error::Error;
use crate::error::TreeErrorKind;
use crate::event::{Event, RawValues};
use crate::read::{Found, Reader, Source};
use crate::tree::repr::{self, Property, Props, Values};
use crate::tree::SgfTree;
use crate::value;

/// Folds events into [`SgfTree`]s, with no recursion: a stack of open
/// nodes, and for each open game tree the stack height where it began.
///
/// Values are decoded as SGF Text; a property repeated in one node and a
/// value that is not UTF-8 are errors.
///
/// ```
/// use sgf_stream::{build::TreeBuilder, Parser};
/// let mut builder = TreeBuilder::new();
/// let mut trees = Vec::new();
/// for event in Parser::new(b"(;GN[one];B[pd]) (;GN[two])") {
///     trees.extend(builder.push(&event?)?);
/// }
/// assert_eq!(trees.len(), 2);
/// assert_eq!(trees[1].get("GN").unwrap(), ["two"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Default)]
pub struct TreeBuilder {
    open: Vec<SgfTree>,
    marks: Vec<usize>,
    /// The properties of the newest node, moved into it (in one exact
    /// allocation) when the next event that is not a property comes.
    props: Vec<Property>,
    /// Identifiers of the current node once it has many properties.
    many: std::collections::HashSet<String>,
}

/// Past this many properties in a node, repeats are found with a set.
const LINEAR_LOOKUP: usize = 16;

impl TreeBuilder {
    /// A builder with no open tree.
    pub fn new() -> Self {
        TreeBuilder::default()
    }

    /// Takes the next event; returns a top-level game tree when one
    /// closes.
    ///
    /// # Errors
    /// A property repeated in one node, or a value that is not UTF-8; the
    /// builder is then in an unspecified state.
    ///
    /// # Panics
    /// If the events are not balanced (an `EndGameTree` with no open game
    /// tree, a property outside a node): a [`Reader`](crate::read::Reader)
    /// never yields such events.
    pub fn push(&mut self, event: &Event<'_>) -> Result<Option<SgfTree>, BuildError> {
        if !matches!(event, Event::Property(..)) {
            self.flush_properties();
        }
        match event {
            Event::StartGameTree => self.marks.push(self.open.len()),
            Event::Node => {
                self.many.clear();
                self.open.push(SgfTree::new());
            }
            Event::Property(ident, values) => {
                let values = decode_values(*values)?;
                let ident = ident.as_str();
                if self.is_repeated(ident) {
                    let kind = TreeErrorKind::RepeatedProperty(ident.to_string());
                    return Err(BuildError { kind, offset: 0 });
                }
                self.props.push(Property::new(repr::ident(ident), values));
            }
            Event::EndGameTree => {
                let mark = self.marks.pop().expect("the machine balances parentheses");
                let first = mark.max(1);
                // Room for the closing nodes, parents first, so that a
                // line's nodes lie in memory in the order they are walked.
                // Most nodes have one child: no room for four.
                let last = self.open.len() - 1;
                for parent in &mut self.open[first - 1..last] {
                    if parent.children.capacity() == 0 {
                        parent.children.reserve_exact(1);
                    }
                }
                while self.open.len() > first {
                    let node = self.open.pop().expect("checked by the loop");
                    let parent = self.open.last_mut().expect("checked by the loop");
                    parent.children.push(node);
                }
                if mark == 0 {
                    return Ok(self.open.pop());
                }
            }
        }
        Ok(None)
    }

    /// Whether the current node has property `ident` already.
    #[inline]
    fn is_repeated(&mut self, ident: &str) -> bool {
        let props = &self.props;
        if props.len() < LINEAR_LOOKUP {
            return props.iter().any(|prop| prop.ident == ident);
        }
        if self.many.is_empty() {
            let known = props.iter().map(|prop| prop.ident.to_string());
            self.many.extend(known);
        }
        !self.many.insert(ident.to_string())
    }

    /// Moves the collected properties into the newest node: one property
    /// stays inline, more take one exact allocation.
    #[inline]
    fn flush_properties(&mut self) {
        let props = match self.props.len() {
            0 => return,
            1 => Props::One(self.props.pop().expect("one property")),
            _ => Props::Many(self.props.drain(..).collect()),
        };
        let node = self
            .open
            .last_mut()
            .expect("the machine puts properties in nodes");
        node.props = props;
    }
}

/// Decodes a property's raw values as Text; an error's offset counts from
/// the start of the values run.
#[inline]
fn decode_values(values: RawValues<'_>) -> Result<Values, BuildError> {
    let run = values.as_bytes();
    let decode = |raw: &[u8]| {
        decode_text(raw).map_err(|at| {
            let base = raw.as_ptr() as usize - run.as_ptr() as usize;
            BuildError {
                kind: TreeErrorKind::InvalidUtf8,
                offset: base + at,
            }
        })
    };
    if let (1, [b'[', body @ .., b']']) = (values.len(), run) {
        // The run of one value is `[`, the value, `]`: no search needed.
        return Ok(Values::One(decode(body)?));
    }
    let mut decoded = Vec::with_capacity(values.len());
    for raw in values.iter() {
        decoded.push(decode(raw.as_bytes())?);
    }
    Ok(Values::from_vec(decoded))
}

/// One value decoded as Text, or the offset of its first invalid byte.
#[inline]
fn decode_text(raw: &[u8]) -> Result<String, usize> {
    if let Some(text) = short_plain(raw) {
        return Ok(text);
    }
    match value::text(raw) {
        Ok(text) => Ok(text.into_owned()),
        Err(err) => Err(err.offset),
    }
}

/// A value of up to 4 printable ASCII bytes without `\\` (a point, a
/// number: most values) is its own text: copied without a UTF-8
/// validation call.
#[inline]
fn short_plain(raw: &[u8]) -> Option<String> {
    let plain = |b: &u8| (b' '..=b'~').contains(b) && *b != b'\\';
    if raw.len() > 4 || !raw.iter().all(plain) {
        return None;
    }
    let mut text = String::with_capacity(raw.len());
    text.extend(raw.iter().map(|&b| char::from(b)));
    Some(text)
}

impl super::Build for TreeBuilder {}

impl super::sink::Sink for TreeBuilder {
    type Game = SgfTree;

    #[inline]
    fn next_game<S: Source>(&mut self, reader: &mut Reader<S>) -> Result<Option<SgfTree>, Error> {
        while let Some(found) = reader.next_found()? {
            if let Some(game) = self.take(reader, found)? {
                return Ok(Some(game));
            }
        }
        Ok(None)
    }
}

impl TreeBuilder {
    /// Takes the next token the reader found; returns a game when one
    /// closes.
    #[inline]
    fn take<S: Source>(
        &mut self,
        reader: &mut Reader<S>,
        found: Found,
    ) -> Result<Option<SgfTree>, Error> {
        let event = found.event(reader.source_bytes());
        let err = match self.push(&event) {
            Ok(tree) => return Ok(tree),
            Err(err) => err,
        };
        // A property's values run ends where its token does.
        let (start, end) = found.span();
        let at = match (&err.kind, &event) {
            (TreeErrorKind::RepeatedProperty(_), _) => start,
            (_, Event::Property(_, values)) => end - values.as_bytes().len() + err.offset,
            _ => start,
        };
        Err(reader.fail(err.kind.into(), at))
    }
}
