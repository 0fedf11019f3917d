//! [`TreeBuilder`] (events to [`SgfTree`]s), [`parse`] and
//! [`parse_collection`].

use super::repr::{self, Property, Props, Values};
use super::SgfTree;
use crate::error::{Error, ErrorKind};
use crate::event::{Event, RawValues};
use crate::parser::Parser;
use crate::value;

/// Folds events into [`SgfTree`]s, with no recursion: a stack of open
/// nodes, and for each open game tree the stack height where it began.
#[derive(Debug, Default)]
pub(crate) struct TreeBuilder {
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
    /// Takes the next event; returns a top-level tree when one closes.
    ///
    /// An error's offset counts from the start of the property's values
    /// run ([`RawValues::as_bytes`](crate::RawValues::as_bytes)).
    pub(crate) fn push(
        &mut self,
        event: &Event<'_>,
    ) -> Result<Option<SgfTree>, (ErrorKind, usize)> {
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
                    return Err((ErrorKind::RepeatedProperty(ident.to_string()), 0));
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
fn decode_values(values: RawValues<'_>) -> Result<Values, (ErrorKind, usize)> {
    let run = values.as_bytes();
    let decode = |raw: &[u8]| {
        decode_text(raw).map_err(|at| {
            let base = raw.as_ptr() as usize - run.as_ptr() as usize;
            (ErrorKind::InvalidUtf8, base + at)
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

/// Parses exactly one game tree, with the semantics of the "SGF Parsing"
/// exercise: values are decoded as SGF Text, a property may appear once
/// per node, identifiers are uppercase.
///
/// # Errors
/// Any malformation, with its position; see [`ErrorKind`]. A second game
/// tree after the first is [`ErrorKind::ExtraGameTree`].
///
/// # Examples
/// ```
/// let tree = sgf_stream::parse("(;FF[4]C[root];B[aa];W[ab])")?;
/// assert_eq!(tree.get("FF"), Some(&["4".to_string()][..]));
/// assert_eq!(tree.main_line().count(), 3);
///
/// let err = sgf_stream::parse("(;a[b])").unwrap_err();
/// assert_eq!(err.kind().to_string(), "property must be in uppercase");
/// # Ok::<(), sgf_stream::Error>(())
/// ```
pub fn parse(input: &str) -> Result<SgfTree, Error> {
    let bytes = input.as_bytes();
    let mut trees = Trees::new(bytes);
    let tree = trees
        .next()
        .expect("the parser yields a tree or an error")?;
    let rest = trees.parser.next_spanned();
    match rest {
        None => Ok(tree),
        Some(Err(err)) => Err(err),
        Some(Ok((_, span))) => Err(Error::at(ErrorKind::ExtraGameTree, bytes, span.start)),
    }
}

/// Parses a whole collection: every game tree of `input`, in order.
///
/// # Errors
/// As [`parse`]; an empty input is [`ErrorKind::TreeMissing`].
///
/// # Examples
/// ```
/// let games = sgf_stream::parse_collection(b"(;GN[one]) (;GN[two])")?;
/// assert_eq!(games.len(), 2);
/// assert_eq!(games[1].get("GN").unwrap()[0], "two");
/// # Ok::<(), sgf_stream::Error>(())
/// ```
pub fn parse_collection(input: &[u8]) -> Result<Vec<SgfTree>, Error> {
    Trees::new(input).collect()
}

/// [`parse_collection`] with resource limits.
pub(crate) fn parse_collection_limited(
    input: &[u8],
    limits: crate::Limits,
) -> Result<Vec<SgfTree>, Error> {
    let mut trees = Trees::new(input);
    trees.parser = Parser::with_limits(input, limits);
    trees.collect()
}

/// Iterator of the game trees of an in-memory collection.
struct Trees<'a> {
    input: &'a [u8],
    parser: Parser<'a>,
    builder: TreeBuilder,
}

impl<'a> Trees<'a> {
    fn new(input: &'a [u8]) -> Self {
        Trees {
            input,
            parser: Parser::new(input),
            builder: TreeBuilder::default(),
        }
    }
}

impl Iterator for Trees<'_> {
    type Item = Result<SgfTree, Error>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            let (event, span) = match self.parser.next_spanned()? {
                Ok(item) => item,
                Err(err) => return Some(Err(err)),
            };
            match self.builder.push(&event) {
                Ok(Some(tree)) => return Some(Ok(tree)),
                Ok(None) => {}
                Err((kind, at)) => {
                    let base = match &event {
                        Event::Property(_, values) => {
                            values.as_bytes().as_ptr() as usize - self.input.as_ptr() as usize
                        }
                        _ => span.start,
                    };
                    let offset = if matches!(kind, ErrorKind::RepeatedProperty(_)) {
                        span.start
                    } else {
                        base + at
                    };
                    return Some(Err(Error::at(kind, self.input, offset)));
                }
            }
        }
    }
}
