//! [`TreeBuilder`]: events to [`SgfTree`]s.

use std::ops::Range;

use super::repairs::Repairs;
use super::seen::Seen;
use super::BuildError;
use crate::error::Error;
use crate::error::TreeErrorKind;
use crate::event::{Event, RawValues};
use crate::machine::{Quick, Token};
use crate::read::{Found, LineIndex, Reader, Source};
use crate::tree::arena::{BuildArena, NodeData, PropData, TextBuf, TooLarge, NONE};
use crate::tree::SgfTree;
use crate::value;
use crate::warning::{Warning, WarningKind};

/// Folds events into [`SgfTree`]s, with no recursion: the game being
/// built grows in the builder's storage (a node is linked to its parent
/// when it begins), and a stack holds, for each open game tree, the node
/// its first node hangs from. A finished game is copied out in exactly
/// sized vectors; the builder's storage is kept for the next one.
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
    /// The game being built.
    arena: BuildArena,
    /// The newest node of the open game tree's sequence: the parent of
    /// the next node; [`NONE`] before a game's first node.
    parent: u32,
    /// For each open game tree, `parent` where it began.
    marks: Vec<u32>,
    /// The identifiers of the current node, once it has many properties.
    seen: Seen,
    /// The newest node is being read.
    node_open: bool,
    /// The lenient policy, when on.
    repairs: Option<Box<Repairs>>,
    /// The game being built is dropped when it closes.
    abandoned: bool,
    /// The game that closed last, until it is handed on.
    finished: Option<SgfTree>,
}

/// Past this many properties in a node, repeats are found with a map.
const LINEAR_LOOKUP: usize = 16;

impl TreeBuilder {
    /// A builder with no open tree, strict: a property repeated in one
    /// node and a value that is not UTF-8 are errors.
    pub fn new() -> Self {
        TreeBuilder {
            parent: NONE,
            ..TreeBuilder::default()
        }
    }

    /// A builder that repairs instead of failing: a property repeated in
    /// one node is merged (list properties such as `AB` get the values
    /// they lack, `C` and `GC` are joined with a blank line, unknown
    /// properties get all values, any other known one keeps its first
    /// instance, as sgfc does), and bytes that are not UTF-8 become
    /// U+FFFD. Each repair is noted as a [`Warning`] on the bytes it
    /// concerns ([`take_warnings`](Self::take_warnings)).
    ///
    /// ```
    /// use sgf_stream::{build::TreeBuilder, read::LineIndex, Parser, WarningKind};
    /// let input = b"(;C[a]AB[aa]\nC[b]AB[bb][aa])";
    /// let mut builder = TreeBuilder::lenient();
    /// let mut trees = Vec::new();
    /// for item in Parser::new(input).into_spans() {
    ///     let (event, span) = item?;
    ///     trees.extend(builder.push_spanned(&event, span)?);
    /// }
    /// assert_eq!(trees[0].get("C").unwrap(), ["a\n\nb"]);
    /// assert_eq!(trees[0].get("AB").unwrap(), ["aa", "bb"]);
    /// let warnings = builder.take_warnings(&LineIndex::new(input));
    /// assert_eq!(warnings[0].kind(), &WarningKind::MergedProperty("C".into()));
    /// // The second `C`, at the start of line 2.
    /// assert_eq!((warnings[0].offset(), warnings[0].line(), warnings[0].column()), (13, 2, 1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn lenient() -> Self {
        TreeBuilder {
            repairs: Some(Box::default()),
            ..TreeBuilder::new()
        }
    }

    /// Drops the game tree being built when it closes: the reader gave it
    /// up ([`Reader::take_abandoned`](crate::Reader::take_abandoned)).
    /// The events that close it are still pushed; no tree comes of them.
    /// Nothing happens between games.
    ///
    /// ```
    /// use sgf_stream::{build::TreeBuilder, ReaderBuilder};
    ///
    /// let input = b"(;GM[1])(;C[a very long comment])(;GM[1]C[ok])";
    /// let mut reader = ReaderBuilder::new().max_value_len(8).lenient(true).from_slice(input);
    /// let mut builder = TreeBuilder::lenient();
    /// let mut trees = Vec::new();
    /// while let Some((event, span)) = reader.next_spanned()? {
    ///     if reader.take_abandoned() {
    ///         builder.abandon();
    ///     }
    ///     trees.extend(builder.push_spanned(&event, span)?);
    /// }
    /// assert_eq!(trees.len(), 2);
    /// assert_eq!(trees[1].get("C").unwrap(), ["ok"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn abandon(&mut self) {
        self.abandoned = !self.marks.is_empty();
    }

    /// Takes the repairs a lenient builder made since the last call, as
    /// warnings placed in the input by `lines`: each one's
    /// [`range`](Warning::range) holds the bytes it concerns, as the
    /// spans given to [`push_spanned`](Self::push_spanned) count them,
    /// and its position is where `lines` puts the range's start. A strict
    /// builder has none.
    ///
    /// ```
    /// use sgf_stream::{build::TreeBuilder, read::LineIndex, Parser, WarningKind};
    /// let input = b"(;GN[game]\nC[caf\xE9]\r\nC[x])";
    /// let mut builder = TreeBuilder::lenient();
    /// let mut trees = Vec::new();
    /// for item in Parser::new(input).into_spans() {
    ///     let (event, span) = item?;
    ///     trees.extend(builder.push_spanned(&event, span)?);
    /// }
    /// assert_eq!(trees[0].get("C").unwrap(), ["caf\u{FFFD}\n\nx"]);
    /// let warnings = builder.take_warnings(&LineIndex::new(input));
    /// assert_eq!(warnings.len(), 2);
    /// // The byte 0xE9, on line 2 after `C[caf`.
    /// assert_eq!(warnings[0].kind(), &WarningKind::InvalidBytes("UTF-8"));
    /// assert_eq!(warnings[0].range(), 16..17);
    /// assert_eq!((warnings[0].line(), warnings[0].column()), (2, 6));
    /// // The second `C`, at the start of line 3 (after a CRLF).
    /// assert_eq!(warnings[1].kind(), &WarningKind::MergedProperty("C".into()));
    /// assert_eq!((warnings[1].offset(), warnings[1].line(), warnings[1].column()), (20, 3, 1));
    /// assert!(builder.take_warnings(&LineIndex::new(input)).is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn take_warnings(&mut self, lines: &LineIndex) -> Vec<Warning> {
        let place = |(kind, range): (WarningKind, Range<u64>)| {
            Warning::new(kind, lines.position(range.start), range)
        };
        self.take_repairs().into_iter().map(place).collect()
    }

    /// The repairs a lenient builder made since the last call, each with
    /// the bytes it concerns, for a caller that places them itself.
    fn take_repairs(&mut self) -> Vec<(WarningKind, Range<u64>)> {
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
            let found = self.find(ident.as_str());
            let decoded = repairs.decode(&mut self.arena, ident.as_str(), *values, &span);
            let result = decoded.map(|prop| match found {
                Some(at) => repairs.merge(&mut self.arena, at, prop, span),
                None => self.add(prop),
            });
            self.repairs = Some(repairs);
            return match result {
                Ok(()) => Ok(None),
                Err(TooLarge) => Err(too_large()),
            };
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
        let closed = self.take_event(event)?;
        Ok(self.finished.take().filter(|_| closed))
    }

    /// [`push`](Self::push), returning whether a game closed, which is
    /// then in `finished` unless it was abandoned: a small result for
    /// the loop over every token.
    fn take_event(&mut self, event: &Event<'_>) -> Result<bool, BuildError> {
        if !matches!(event, Event::Property(..)) {
            self.end_node();
        }
        match event {
            Event::StartGameTree => {
                if self.marks.is_empty() {
                    self.arena.clear();
                    self.parent = NONE;
                }
                self.marks.push(self.parent);
            }
            Event::Node => self.start_node()?,
            Event::Property(ident, values) => self.property(ident.as_str(), *values)?,
            Event::EndGameTree => {
                self.parent = self.marks.pop().expect("the machine balances parentheses");
                if self.marks.is_empty() {
                    if !std::mem::take(&mut self.abandoned) {
                        let tree = SgfTree::from_arena(self.arena.to_tree_arena(), 0);
                        self.finished = Some(tree);
                    }
                    self.arena.clear();
                    return Ok(true);
                }
            }
        }
        Ok(false)
    }

    /// Adds property `ident` to the current node, values decoded.
    #[inline]
    fn property(&mut self, ident: &str, values: RawValues<'_>) -> Result<(), BuildError> {
        if self.find(ident).is_some() {
            let kind = TreeErrorKind::RepeatedProperty(ident.to_string());
            return Err(BuildError { kind, offset: 0 });
        }
        let prop = self.decode(ident, values)?;
        self.add(prop);
        Ok(())
    }

    /// [`property`](Self::property) for a property with one value, whose
    /// run is `[`, the value, `]`: the first of its node (a move) is
    /// written here with no search and no loop.
    #[inline(always)]
    fn quick_property(&mut self, ident: &'static str, run: &[u8]) -> Result<(), BuildError> {
        let arena = &mut self.arena;
        let (Some(node), [b'[', value @ .., b']']) = (arena.nodes.last_mut(), run) else {
            return self.property(ident, RawValues::new(run, 1));
        };
        if node.prop_count != 0
            || arena.text.len() + run.len() + ident.len() > MAX_OFFSET
            || arena.ends.len() >= MAX_OFFSET
        {
            return self.property(ident, RawValues::new(run, 1));
        }
        let (text, ends) = (arena.text.len() as u32, arena.ends.len() as u32);
        let Ok(prop) = PropData::new(text, ident.len(), ends, 1) else {
            return self.property(ident, RawValues::new(run, 1));
        };
        // A static identifier: one or two uppercase letters.
        arena.text.push_ascii(ident.as_bytes());
        if let Err(at) = decode_text(value, &mut arena.text) {
            arena.truncate_to(&prop);
            let kind = TreeErrorKind::InvalidUtf8;
            return Err(BuildError {
                kind,
                offset: 1 + at,
            });
        }
        arena.ends.push(arena.text.len() as u32);
        node.prop_count = 1;
        arena.props.push(prop);
        Ok(())
    }

    /// Begins a node: a child of the newest node of the sequence.
    #[inline]
    fn start_node(&mut self) -> Result<(), BuildError> {
        let arena = &mut self.arena;
        let id = offset(arena.nodes.len())?;
        arena.nodes.push(NodeData::new(offset(arena.props.len())?));
        if self.parent != NONE {
            arena.link_last_child(self.parent, id);
        }
        self.parent = id;
        self.node_open = true;
        Ok(())
    }

    /// Where the current node has property `ident` already, if it has.
    #[inline]
    fn find(&mut self, ident: &str) -> Option<usize> {
        let node = self.arena.nodes.last()?;
        if node.prop_count == 0 {
            return None;
        }
        let start = node.props as usize;
        let props = &self.arena.props[start..];
        if props.len() >= LINEAR_LOOKUP {
            if !self.seen.is_active() {
                self.seen
                    .fill(props.iter().map(|prop| self.arena.ident(prop)));
            }
            return self.seen.lookup(ident).map(|at| start + at);
        }
        let last = self.arena.nodes.len() - 1;
        self.arena.find(last as u32, ident)
    }

    /// Adds a property the current node does not have yet; its block is
    /// written.
    #[inline]
    fn add(&mut self, prop: PropData) {
        let arena = &mut self.arena;
        let node = arena.nodes.last_mut().expect("a property is inside a node");
        let at = node.prop_count as usize;
        node.prop_count += 1;
        if self.seen.is_active() {
            self.seen.insert(arena.ident(&prop), at);
        }
        arena.props.push(prop);
    }

    /// Ends the node being read, if one is: a lenient builder puts merged
    /// lists back.
    #[inline]
    fn end_node(&mut self) {
        if !std::mem::take(&mut self.node_open) {
            return;
        }
        if let Some(repairs) = &mut self.repairs {
            repairs.end_node(&mut self.arena);
        }
        self.seen.clear();
    }

    /// Writes property `ident` with its values decoded as Text; an error's
    /// offset counts from the start of the values run, and leaves the
    /// storage as it was.
    #[inline(always)]
    fn decode(&mut self, ident: &str, values: RawValues<'_>) -> Result<PropData, BuildError> {
        let arena = &mut self.arena;
        let run = values.as_bytes();
        // Decoded Text is never longer than its raw value, so one check
        // here covers every offset below.
        let text_end = arena.text.len() + ident.len() + run.len();
        if text_end > MAX_OFFSET || arena.ends.len() + values.len() > MAX_OFFSET {
            return Err(too_large());
        }
        let (text, ends) = (arena.text.len() as u32, arena.ends.len() as u32);
        let prop = PropData::new(text, ident.len(), ends, values.len()).map_err(|_| too_large())?;
        arena.push_text(ident);
        let mut decode = |raw: &[u8]| match decode_text(raw, &mut arena.text) {
            Ok(()) => {
                arena.ends.push(arena.text.len() as u32);
                Ok(())
            }
            Err(at) => Err(BuildError {
                kind: TreeErrorKind::InvalidUtf8,
                offset: raw.as_ptr() as usize - run.as_ptr() as usize + at,
            }),
        };
        let decoded = match (values.len(), run) {
            // The run of one value is `[`, the value, `]`: no search needed.
            (1, [b'[', body @ .., b']']) => decode(body),
            _ => values.iter().try_for_each(|raw| decode(raw.as_bytes())),
        };
        match decoded {
            Ok(()) => Ok(prop),
            Err(err) => {
                arena.truncate_to(&prop);
                Err(err)
            }
        }
    }
}

/// The largest offset into a game's storage.
const MAX_OFFSET: usize = u32::MAX as usize;

/// `len` as an offset into the game's storage, or the error of a game too
/// large for it.
#[inline]
fn offset(len: usize) -> Result<u32, BuildError> {
    crate::tree::arena::offset(len).map_err(|_| too_large())
}

/// The error of a game whose text passes what an [`SgfTree`] holds.
fn too_large() -> BuildError {
    BuildError {
        kind: TreeErrorKind::GameTooLarge,
        offset: 0,
    }
}

/// Appends one value decoded as Text to `text`, or gives the offset of
/// its first invalid byte.
#[inline(always)]
fn decode_text(raw: &[u8], text: &mut Vec<u8>) -> Result<(), usize> {
    // Printable ASCII but `\\` is its own text.
    let plain = |b: u8| (b' '..=b'~').contains(&b) && b != b'\\';
    match *raw {
        // A point: most values.
        [a, b] if plain(a) && plain(b) => {
            text.push_ascii(raw);
            return Ok(());
        }
        // A number, a short point list.
        _ if raw.len() <= 4 && raw.iter().all(|&b| plain(b)) => {
            text.push_ascii(raw);
            return Ok(());
        }
        _ => {}
    }
    match value::text(raw) {
        Ok(decoded) => {
            text.push_str(&decoded);
            Ok(())
        }
        Err(err) => Err(err.offset),
    }
}

impl super::Build for TreeBuilder {}

impl super::sink::Sink for TreeBuilder {
    type Game = SgfTree;

    #[inline]
    fn next_game<S: Source>(&mut self, reader: &mut Reader<S>) -> Result<Option<SgfTree>, Error> {
        if reader.is_lenient() {
            return self.next_repaired_game(reader);
        }
        loop {
            // The machine's hot-path finds, a node or a property with one
            // value, go straight in; an error is placed by offsets.
            match reader.next_quick() {
                Some((Quick::Node(at), _)) => {
                    self.end_node();
                    let started = self.start_node();
                    started.map_err(|err| fail(reader, err, at, None))?;
                }
                Some((Quick::Property(at, values, ident), end)) => {
                    let run = &reader.source_bytes()[values..end];
                    let added = self.quick_property(ident, run);
                    added.map_err(|err| fail(reader, err, at, Some(values)))?;
                }
                None => {
                    let Some((token, start, end)) = reader.next_slow_token()? else {
                        return Ok(None);
                    };
                    if self.take_token(reader, token, start, end)? {
                        return Ok(self.finished.take());
                    }
                }
            }
        }
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

    /// Takes a token past the machine's hot path, which spans
    /// `start..end` of the reader's bytes; returns whether a game closed
    /// (it is then in `finished`).
    #[inline(never)]
    fn take_token<S: Source>(
        &mut self,
        reader: &mut Reader<S>,
        token: Token,
        start: usize,
        end: usize,
    ) -> Result<bool, Error> {
        let found = Found::Token(token, start, end);
        let taken = self.take_event(&found.event(reader.source_bytes()));
        let values = match token {
            Token::Property { values_start, .. } => Some(values_start),
            _ => None,
        };
        taken.map_err(|err| fail(reader, err, start, values))
    }
}

/// The reader's error for `err`, which the builder made of a token at
/// `start` (a property's values at `values`): a value that is not UTF-8
/// is placed at its bad byte, anything else at the token's start.
#[cold]
fn fail<S: Source>(
    reader: &mut Reader<S>,
    err: BuildError,
    start: usize,
    values: Option<usize>,
) -> Error {
    let at = match (&err.kind, values) {
        (TreeErrorKind::InvalidUtf8, Some(values)) => values + err.offset,
        _ => start,
    };
    reader.fail(err.kind.into(), at)
}
