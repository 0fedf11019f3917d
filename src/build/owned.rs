//! [`TreeBuilder`]: events to [`SgfTree`]s.

use std::ops::Range;

use super::repairs::Repairs;
use super::seen::{Lookup, Seen};
use super::BuildError;
use crate::error::Error;
use crate::error::TreeErrorKind;
use crate::event::{Event, RawValues};
use crate::read::{Found, Reader, Source};
use crate::tree::repr::{self, Property, Props, Values};
use crate::tree::SgfTree;
use crate::value;
use crate::value::Text;
use crate::warning::WarningKind;

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
    /// The identifiers of the current node, once it has many properties.
    seen: Seen,
    /// A node has begun whose properties are still in `props`.
    node_open: bool,
    /// The lenient policy, when on.
    repairs: Option<Box<Repairs>>,
    /// The game being built is dropped when it closes.
    abandoned: bool,
}

/// Past this many properties in a node, repeats are found with a map.
const LINEAR_LOOKUP: usize = 16;

impl TreeBuilder {
    /// A builder with no open tree, strict: a property repeated in one
    /// node and a value that is not UTF-8 are errors.
    pub fn new() -> Self {
        TreeBuilder::default()
    }

    /// A builder that repairs instead of failing: a property repeated in
    /// one node is merged (list properties such as `AB` get the values
    /// they lack, `C` and `GC` are joined with a blank line, unknown
    /// properties get all values, any other known one keeps its first
    /// instance, as sgfc does), and bytes that are not UTF-8 become
    /// U+FFFD. Each repair is noted with the bytes it concerns
    /// ([`take_repairs`](Self::take_repairs)).
    ///
    /// ```
    /// use sgf_stream::{build::TreeBuilder, Parser, WarningKind};
    /// let mut builder = TreeBuilder::lenient();
    /// let mut trees = Vec::new();
    /// for item in Parser::new(b"(;C[a]AB[aa]C[b]AB[bb][aa])").into_spans() {
    ///     let (event, span) = item?;
    ///     trees.extend(builder.push_spanned(&event, span)?);
    /// }
    /// assert_eq!(trees[0].get("C").unwrap(), ["a\n\nb"]);
    /// assert_eq!(trees[0].get("AB").unwrap(), ["aa", "bb"]);
    /// let repairs = builder.take_repairs();
    /// assert_eq!(repairs[0], (WarningKind::MergedProperty("C".into()), 12..12));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn lenient() -> Self {
        TreeBuilder {
            repairs: Some(Box::default()),
            ..TreeBuilder::default()
        }
    }

    /// Drops the game tree being built when it closes: a lenient reader
    /// abandoned it.
    pub fn abandon(&mut self) {
        self.abandoned = !self.marks.is_empty();
    }

    /// Takes the repairs a lenient builder made since the last call: what
    /// it did, and the bytes of the input it concerns (from the spans
    /// given to [`push_spanned`](Self::push_spanned)).
    pub fn take_repairs(&mut self) -> Vec<(WarningKind, Range<u64>)> {
        match &mut self.repairs {
            Some(repairs) => std::mem::take(&mut repairs.notes),
            None => Vec::new(),
        }
    }

    /// [`push`](Self::push) with the byte range of the event in the input,
    /// for the repairs of a lenient builder.
    ///
    /// # Errors
    /// As [`push`](Self::push); a lenient builder never fails.
    pub fn push_spanned(
        &mut self,
        event: &Event<'_>,
        span: Range<u64>,
    ) -> Result<Option<SgfTree>, BuildError> {
        let Event::Property(ident, values) = event else {
            return self.push(event);
        };
        if let Some(mut repairs) = self.repairs.take() {
            let values = repairs.decode(*values, &span);
            let ident = ident.as_str();
            match self.find(ident) {
                Some(at) => repairs.merge(&mut self.props, at, values, span),
                None => self.add(ident, values),
            }
            self.repairs = Some(repairs);
            return Ok(None);
        }
        self.push(event)
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
            self.end_node();
        }
        match event {
            Event::StartGameTree => self.marks.push(self.open.len()),
            Event::Node => self.node_open = true,
            Event::Property(ident, values) => {
                let values = decode_values(*values)?;
                let ident = ident.as_str();
                if self.find(ident).is_some() {
                    let kind = TreeErrorKind::RepeatedProperty(ident.to_string());
                    return Err(BuildError { kind, offset: 0 });
                }
                self.add(ident, values);
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
                    let tree = self.open.pop();
                    return Ok(tree.filter(|_| !std::mem::take(&mut self.abandoned)));
                }
            }
        }
        Ok(None)
    }

    /// Where the current node has property `ident` already, if it has.
    #[inline]
    fn find(&mut self, ident: &str) -> Option<usize> {
        if self.props.len() >= LINEAR_LOOKUP {
            if !self.seen.is_active() {
                self.seen.fill(&self.props);
            }
            match self.seen.lookup(ident) {
                Lookup::Absent => return None,
                Lookup::At(at) => return Some(at),
                Lookup::Present => {}
            }
        }
        self.props.iter().position(|prop| prop.ident == ident)
    }

    /// Adds a property the current node does not have yet.
    #[inline]
    fn add(&mut self, ident: &str, values: Values) {
        if self.seen.is_active() {
            self.seen.insert(ident, self.props.len());
        }
        self.props.push(Property::new(repr::ident(ident), values));
    }

    /// Ends the node being read, if one is: it joins the open nodes with
    /// its properties (one stays inline, more take one exact allocation).
    #[inline]
    fn end_node(&mut self) {
        if !std::mem::take(&mut self.node_open) {
            return;
        }
        if let Some(repairs) = &mut self.repairs {
            repairs.end_node(&mut self.props);
        }
        self.seen.clear();
        let props = match self.props.len() {
            0 => Props::default(),
            1 => Props::One(self.props.pop().expect("one property")),
            _ => Props::Many(self.props.drain(..).collect()),
        };
        self.open.push(SgfTree {
            props,
            children: Vec::new(),
        });
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
fn decode_text(raw: &[u8]) -> Result<Text, usize> {
    if let Some(point) = Text::lowercase_pair(raw) {
        return Ok(point);
    }
    if let Some(plain) = short_plain(raw) {
        return Ok(Text::from(plain));
    }
    match value::text(raw) {
        Ok(text) => Ok(Text::from(text)),
        Err(err) => Err(err.offset),
    }
}

/// A value of up to 4 printable ASCII bytes without `\\` (a point, a
/// number: most values), which is its own text.
#[inline]
fn short_plain(raw: &[u8]) -> Option<&str> {
    let plain = |b: &u8| (b' '..=b'~').contains(b) && *b != b'\\';
    if raw.len() > 4 || !raw.iter().all(plain) {
        return None;
    }
    std::str::from_utf8(raw).ok()
}

impl super::Build for TreeBuilder {}

impl super::sink::Sink for TreeBuilder {
    type Game = SgfTree;

    #[inline]
    fn next_game<S: Source>(&mut self, reader: &mut Reader<S>) -> Result<Option<SgfTree>, Error> {
        if reader.is_lenient() {
            return self.next_repaired_game(reader);
        }
        while let Some(found) = reader.next_found()? {
            if let Some(game) = self.take(reader, found)? {
                return Ok(Some(game));
            }
        }
        Ok(None)
    }
}

impl TreeBuilder {
    /// [`next_game`](super::sink::Sink::next_game) from a lenient reader:
    /// an abandoned game is dropped, and the builder's repairs join the
    /// reader's warnings.
    fn next_repaired_game<S: Source>(
        &mut self,
        reader: &mut Reader<S>,
    ) -> Result<Option<SgfTree>, Error> {
        if self.repairs.is_none() {
            self.repairs = Some(Box::default());
        }
        while let Some(item) = reader.next_item()? {
            if reader.take_abandoned() {
                self.abandon();
            }
            let place = reader.item_place(&item);
            let (event, span) = reader.item_event(item);
            let tree = self.push_spanned(&event, span).ok().flatten();
            for (kind, range) in self.take_repairs() {
                reader.warn_in(kind, range, place);
            }
            if tree.is_some() {
                return Ok(tree);
            }
        }
        Ok(None)
    }

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
