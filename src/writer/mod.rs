//! [`Writer`]: events or trees back to SGF text, streaming, without
//! recursion.
//!
//! A [`Writer`] takes the four events of the [`Parser`](crate::Parser)
//! ([`write_event`](Writer::write_event), or the calls
//! [`start_game_tree`](Writer::start_game_tree), [`node`](Writer::node),
//! [`property`](Writer::property), [`end_game_tree`](Writer::end_game_tree))
//! or whole trees ([`write_tree`](Writer::write_tree)), and writes SGF to
//! any [`io::Write`]. It keeps a depth counter and a small output buffer,
//! never a tree: memory stays flat however large or deep the input.
//! Events in the wrong place are errors before anything is written, so
//! the output is always valid SGF.
//!
//! ```
//! use sgf_stream::{Parser, Writer, WriteOptions};
//!
//! // Re-layout: every raw value passes through byte for byte.
//! let input = b"(;GM[1]C[a\\]b]\n;B[pd]\n(;W[dp])\n(;W[dd]))";
//! let mut writer = Writer::new(Vec::new());
//! for event in Parser::new(input) {
//!     writer.write_event(&event?)?;
//! }
//! assert_eq!(writer.into_inner()?, b"(;GM[1]C[a\\]b];B[pd](;W[dp])(;W[dd]))\n");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Trees: the seed's `SetLink` and `SaveTree`, without recursion
//!
//! The seed program stores each move in a cell whose `car` is its first
//! child (the next move of its line) and whose `cdr` is its next sibling
//! (the alternative to it). `SetLink` chains the cells through `next` in
//! pre-order by recursing into `car`, then into `cdr`; `SaveTree` walks
//! that chain and writes `(` and `)` from the level changes between
//! consecutive cells. [`write_tree`](Writer::write_tree) follows the same
//! order with [`SgfTree::walk`], which replaces the recursion by an
//! explicit stack holding, for each open variation, the siblings still to
//! visit (the `cdr`s that `SetLink`'s recursion would come back to):
//!
//! - a node's properties are written (`;` and then each property), then
//!   its `car`: with no sibling it continues the same sequence, with
//!   siblings it opens a variation `(` (the level goes up) and its
//!   siblings are pushed;
//! - at a leaf the variation closes `)`; if it has a `cdr` left on the
//!   stack, that sibling opens the next variation `(`, else the enclosing
//!   variation closes too (the level goes down by more than one, and
//!   `SaveTree` writes as many `)`).
//!
//! So the spec's example tree writes as
//! `(;r(;a;b(;c)(;d;e))(;f(;g;h;i)(;j)))`, and a tree of any depth writes
//! on a small stack. The events go through the same layout code as parser
//! events.
//!
//! # Values and escaping
//!
//! - Raw values ([`write_event`](Writer::write_event),
//!   [`property`](Writer::property)) are written as they are, escapes and
//!   all: a re-layout can never change a value. A raw value given to
//!   `property` must be escaped: an unescaped `]` or a final lone `\` is an
//!   error.
//! - Decoded text ([`write_tree`](Writer::write_tree),
//!   [`text_property`](Writer::text_property)) gets `\` before every `\`
//!   and `]`, and [`compose_property`](Writer::compose_property) escapes
//!   `:` in each half too (see also [`value::escape_compose`](crate::value::escape_compose)).
//!   Nothing else is escaped, so `parse(write(t)) == t` for every tree `t`
//!   whose values are in the normal form Text decoding gives (no tab, CR,
//!   vertical tab or form feed).
//!
//! # Charset and `CA`
//!
//! The output is UTF-8 unless [`WriteOptions::charset`] picks a legacy
//! charset (feature `encoding`): then every value, raw or decoded, is
//! taken as UTF-8, escaped, and encoded; a character the charset cannot
//! encode is an error naming it; raw values that are not UTF-8 are an
//! error. The root node of each top-level game tree (its first node) gets
//! a `CA` that names the output charset, for events and trees alike:
//!
//! - a `CA` that names it already (any label of that charset, e.g.
//!   `utf8`) is written as it is;
//! - a `CA` that names another charset has its value replaced by
//!   [`Charset::name`];
//! - a root with no `CA` gets `CA[<name>]` after its last property (or in
//!   its place with [`WriteOptions::root_properties_first`], for trees)
//!   when the charset is not UTF-8, or with
//!   [`WriteOptions::declare_charset`]. A UTF-8 root without `CA` is left
//!   without one.
//!
//! With events the writer learns that the root node is over at the next
//! `(`, `;` or `)`, and adds the `CA` then.
//!
//! # Layout
//!
//! See [`WriteOptions`]: compact (one line per game tree), one node per
//! line, wrapping at a column with optional soft line breaks inside Text,
//! variations on new lines, LF or CRLF, root properties first, final line
//! break.

mod charset;
mod compact;
mod error;
mod fast;
mod layout;
mod options;

use std::io;

pub use crate::charset::Charset;
pub use error::WriteError;
pub use options::{Layout, Newline, WriteOptions, DEFAULT_WIDTH};

use crate::event::{Event, RawValue, RawValues};
use crate::tree::{SgfTree, WalkEvent};
use layout::{Mark, Out};

/// Output is handed to the inner writer in pieces of about this size.
const CHUNK: usize = 64 * 1024;

/// Where the writer stands in the SGF grammar.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    /// Between top-level game trees.
    Outside,
    /// Right after `(`: a node must come.
    Opened,
    /// In a node: properties, a node, `(` or `)` may come.
    InNode,
    /// After a variation's `)`: only `(` or `)` may come.
    AfterVariation,
}

/// The root node of a top-level game tree, while it is being written.
#[derive(Debug, Clone, Copy, Default)]
struct Root {
    open: bool,
    has_ca: bool,
}

/// Writes SGF from events or trees to an [`io::Write`], with no recursion
/// and a bounded buffer.
///
/// Output is buffered; [`into_inner`](Self::into_inner) (or
/// [`flush`](Self::flush)) writes the rest. Dropping the writer writes
/// what is buffered too, ignoring errors.
///
/// ```
/// use sgf_stream::{RawValue, Writer};
/// let mut writer = Writer::new(Vec::new());
/// writer.start_game_tree()?;
/// writer.node()?;
/// writer.property("SZ", [RawValue::new(b"19")])?;
/// writer.text_property("C", ["a ] and a \\"])?;
/// writer.node()?;
/// writer.property("B", [RawValue::new(b"pd")])?;
/// writer.end_game_tree()?;
/// assert_eq!(writer.into_inner()?, b"(;SZ[19]C[a \\] and a \\\\];B[pd])\n");
/// # Ok::<(), sgf_stream::WriteError>(())
/// ```
#[derive(Debug)]
pub struct Writer<W: io::Write> {
    inner: Option<W>,
    out: Out,
    options: WriteOptions,
    depth: usize,
    state: State,
    root: Root,
    /// While writing a tree: keep the buffer until the tree is checked.
    holding: bool,
    /// Compact UTF-8 output with no wrapping: inside a node's sequence,
    /// past the root, events are copied with no layout decisions at all.
    plain_sequence: bool,
}

impl<W: io::Write> Writer<W> {
    /// A writer with the default [`WriteOptions`]: compact, UTF-8, LF.
    pub fn new(inner: W) -> Self {
        Writer::with_options(inner, WriteOptions::default())
    }

    /// A writer with the given options.
    pub fn with_options(inner: W, options: WriteOptions) -> Self {
        let out = Out::new(&options, CHUNK + CHUNK / 4);
        Writer {
            inner: Some(inner),
            plain_sequence: out.compact_plain(),
            out,
            options,
            depth: 0,
            state: State::Outside,
            root: Root::default(),
            holding: false,
        }
    }

    /// The options this writer uses.
    pub fn options(&self) -> &WriteOptions {
        &self.options
    }

    /// How many game trees and variations are open.
    pub fn depth(&self) -> usize {
        self.depth
    }

    /// The inner writer (without what is still buffered).
    pub fn get_ref(&self) -> &W {
        self.inner.as_ref().expect("present until into_inner")
    }

    /// Writes one event: raw values pass through byte for byte.
    ///
    /// # Errors
    /// As the call for the event ([`start_game_tree`](Self::start_game_tree),
    /// [`node`](Self::node), [`property`](Self::property),
    /// [`end_game_tree`](Self::end_game_tree)).
    ///
    /// # Examples
    /// ```
    /// use sgf_stream::{Layout, Parser, Writer, WriteOptions};
    /// let options = WriteOptions::new().layout(Layout::NodePerLine);
    /// let mut writer = Writer::with_options(Vec::new(), options);
    /// for event in Parser::new(b"(;GM[1];B[pd](;W[dp])(;W[dd]))") {
    ///     writer.write_event(&event?)?;
    /// }
    /// let text = String::from_utf8(writer.into_inner()?)?;
    /// assert_eq!(text, "(;GM[1]\n;B[pd]\n(;W[dp])\n(;W[dd]))\n");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn write_event(&mut self, event: &Event<'_>) -> Result<(), WriteError> {
        match event {
            Event::StartGameTree => self.start_game_tree(),
            Event::Node => self.node(),
            Event::Property(ident, values) => {
                let (run, count) = values.parts();
                self.raw_property(ident.as_str(), run, count)
            }
            Event::EndGameTree => self.end_game_tree(),
        }
    }

    /// Opens a game tree (`(`): a new game at the top level, a variation
    /// inside a game tree.
    ///
    /// # Errors
    /// [`WriteError::EmptyTree`] right after another `(`: a game tree
    /// needs a node first.
    pub fn start_game_tree(&mut self) -> Result<(), WriteError> {
        if self.state == State::Opened {
            return Err(WriteError::EmptyTree);
        }
        self.leave_root();
        self.out.open(self.depth == 0);
        self.depth += 1;
        self.state = State::Opened;
        self.flush_full()
    }

    /// Starts a node (`;`).
    ///
    /// # Errors
    /// [`WriteError::NodeOutsideTree`] with no game tree open;
    /// [`WriteError::NodeAfterVariation`] after a variation's `)`.
    #[inline]
    pub fn node(&mut self) -> Result<(), WriteError> {
        if self.in_plain_sequence() {
            // The next move of a line: nothing to lay out or check.
            self.out.buf.push(b';');
            return self.flush_full();
        }
        match self.state {
            State::Outside => return Err(WriteError::NodeOutsideTree),
            State::AfterVariation => return Err(WriteError::NodeAfterVariation),
            State::Opened | State::InNode => {}
        }
        self.leave_root();
        self.root = Root {
            open: self.state == State::Opened && self.depth == 1,
            has_ca: false,
        };
        self.out.semicolon();
        self.state = State::InNode;
        self.flush_full()
    }

    /// Closes the innermost open game tree or variation (`)`).
    ///
    /// # Errors
    /// [`WriteError::NothingToClose`] with none open;
    /// [`WriteError::EmptyTree`] right after `(`.
    pub fn end_game_tree(&mut self) -> Result<(), WriteError> {
        match self.state {
            State::Outside => return Err(WriteError::NothingToClose),
            State::Opened => return Err(WriteError::EmptyTree),
            State::InNode | State::AfterVariation => {}
        }
        self.leave_root();
        self.out.close();
        self.depth -= 1;
        if self.depth == 0 {
            self.state = State::Outside;
            if self.options.final_newline {
                self.out.newline();
            }
        } else {
            self.state = State::AfterVariation;
        }
        self.flush_full()
    }

    /// Writes a property of the current node from raw values, which are
    /// written byte for byte (for UTF-8 output) and so must be escaped
    /// already.
    ///
    /// # Errors
    /// [`WriteError::PropertyOutsideNode`] with no current node;
    /// [`WriteError::InvalidIdentifier`] unless `ident` is uppercase ASCII
    /// letters; [`WriteError::NoValues`] for no value;
    /// [`WriteError::UnescapedValue`] for a value with an unescaped `]`
    /// or a final lone `\`; for a legacy charset,
    /// [`WriteError::NotUtf8`] and [`WriteError::Unencodable`]. Nothing of
    /// the property is written then.
    ///
    /// # Examples
    /// ```
    /// use sgf_stream::{RawValue, Writer, WriteError};
    /// let mut writer = Writer::new(Vec::new());
    /// writer.start_game_tree()?;
    /// writer.node()?;
    /// writer.property("AB", [RawValue::new(b"aa"), RawValue::new(b"bb")])?;
    /// let err = writer.property("C", [RawValue::new(b"a]b")]).unwrap_err();
    /// assert!(matches!(err, WriteError::UnescapedValue { offset: 1, .. }));
    /// writer.end_game_tree()?;
    /// assert_eq!(writer.into_inner()?, b"(;AB[aa][bb])\n");
    /// # Ok::<(), WriteError>(())
    /// ```
    pub fn property<'v, I>(&mut self, ident: &str, values: I) -> Result<(), WriteError>
    where
        I: IntoIterator<Item = RawValue<'v>>,
    {
        self.check_property(ident)?;
        let values: Vec<&[u8]> = values.into_iter().map(|v| v.as_bytes()).collect();
        for value in &values {
            check_raw(ident, value)?;
        }
        self.raw_values(ident, &values)
    }

    /// Writes a property of the current node from decoded text: `\` and
    /// `]` are escaped, and hard line breaks use the output line break.
    ///
    /// # Errors
    /// As [`property`](Self::property), but values need no escaping.
    ///
    /// # Examples
    /// ```
    /// use sgf_stream::Writer;
    /// let mut writer = Writer::new(Vec::new());
    /// writer.start_game_tree()?;
    /// writer.node()?;
    /// writer.text_property("C", ["see [1] \\ done"])?;
    /// writer.end_game_tree()?;
    /// assert_eq!(writer.into_inner()?, b"(;C[see [1\\] \\\\ done])\n");
    /// # Ok::<(), sgf_stream::WriteError>(())
    /// ```
    pub fn text_property<I, S>(&mut self, ident: &str, values: I) -> Result<(), WriteError>
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        self.check_property(ident)?;
        let charset = self.options.charset;
        let mut values = values.into_iter().peekable();
        if self.root.open && ident == "CA" {
            self.root.has_ca = true;
            if values
                .peek()
                .is_some_and(|v| !charset.is_named_by(v.as_ref().as_bytes()))
            {
                return self.text_property(ident, [charset.name()]);
            }
        }
        let mark = self.out.mark();
        let soft = self.soft(ident);
        let mut count = 0;
        for value in values {
            let result = self.out.text_value(ident, count == 0, value.as_ref(), soft);
            self.undo_on_error(mark, result)?;
            count += 1;
        }
        self.end_property(mark, ident, count)
    }

    /// Writes a property of Compose values `left:right` from decoded
    /// text: `\`, `]` and `:` are escaped in each half.
    ///
    /// # Errors
    /// As [`text_property`](Self::text_property).
    ///
    /// # Examples
    /// ```
    /// use sgf_stream::Writer;
    /// let mut writer = Writer::new(Vec::new());
    /// writer.start_game_tree()?;
    /// writer.node()?;
    /// writer.compose_property("LB", [("pd", "A"), ("dp", "1:0 ]")])?;
    /// writer.end_game_tree()?;
    /// assert_eq!(writer.into_inner()?, b"(;LB[pd:A][dp:1\\:0 \\]])\n");
    /// # Ok::<(), sgf_stream::WriteError>(())
    /// ```
    pub fn compose_property<I, A, B>(&mut self, ident: &str, values: I) -> Result<(), WriteError>
    where
        I: IntoIterator<Item = (A, B)>,
        A: AsRef<str>,
        B: AsRef<str>,
    {
        self.check_property(ident)?;
        let mark = self.out.mark();
        let mut count = 0;
        for (left, right) in values {
            let result = self
                .out
                .compose_value(ident, count == 0, left.as_ref(), right.as_ref());
            self.undo_on_error(mark, result)?;
            count += 1;
        }
        self.end_property(mark, ident, count)
    }

    /// Writes a whole game tree, `(` to `)`: a game of the collection at
    /// the top level, or a variation of the open game tree. Values are
    /// decoded text, escaped as by [`text_property`](Self::text_property);
    /// the walk is [`SgfTree::walk`] (see the [module docs](self)).
    ///
    /// An error leaves nothing of the tree written: a tree is checked in
    /// full before the first chunk of its output goes to the inner writer.
    ///
    /// # Errors
    /// [`WriteError::EmptyTree`] right after `(`; an invalid identifier,
    /// a property with no value, or (for a legacy charset) a character the
    /// charset cannot encode, anywhere in the tree.
    ///
    /// # Examples
    /// ```
    /// use sgf_stream::{parse, Writer};
    /// let tree = parse("(;FF[4]C[root](;C[a];C[b](;C[c])(;C[d];C[e]))(;C[f](;C[g];C[h];C[i])(;C[j])))")?;
    /// let mut writer = Writer::new(Vec::new());
    /// writer.write_tree(&tree)?;
    /// let text = String::from_utf8(writer.into_inner()?)?;
    /// assert_eq!(parse(text.trim_end())?, tree);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn write_tree(&mut self, tree: &SgfTree) -> Result<(), WriteError> {
        self.held(|writer| writer.walk_tree(tree))
    }

    /// Runs `walk`, which writes one game tree, keeping its output in the
    /// buffer until it is known to be valid: on an error (other than I/O)
    /// nothing of it is written and the writer is as before.
    fn held(
        &mut self,
        walk: impl FnOnce(&mut Self) -> Result<(), WriteError>,
    ) -> Result<(), WriteError> {
        if self.state == State::Opened {
            return Err(WriteError::EmptyTree);
        }
        let saved = (self.out.mark(), self.depth, self.state, self.root);
        self.holding = true;
        let result = walk(self);
        self.holding = false;
        match result {
            Ok(()) => self.flush_full(),
            Err(WriteError::Io(err)) => Err(WriteError::Io(err)),
            Err(err) => {
                // Nothing of the tree reached the inner writer: the tree is
                // checked in full before the first chunk of it goes out.
                let (mark, depth, state, root) = saved;
                self.out.rollback(mark);
                (self.depth, self.state, self.root) = (depth, state, root);
                Err(err)
            }
        }
    }

    /// Writes the events of [`SgfTree::walk`]. The buffer is handed on
    /// only once the whole tree is known to be valid; trees that fit in a
    /// chunk are checked while they are written.
    fn walk_tree(&mut self, tree: &SgfTree) -> Result<(), WriteError> {
        if self.out.compact_plain() {
            return self.walk_tree_plain(tree);
        }
        let top_level = self.depth == 0;
        let mut first = true;
        let mut checked = false;
        for event in tree.walk() {
            match event {
                WalkEvent::StartGameTree => self.start_game_tree()?,
                WalkEvent::EndGameTree => self.end_game_tree()?,
                WalkEvent::Node(node) => {
                    self.node()?;
                    if first && top_level {
                        self.write_root(node)?;
                    } else {
                        for (ident, values) in node.properties() {
                            self.tree_property(ident, values)?;
                        }
                    }
                    first = false;
                }
            }
            if self.out.buf.len() >= CHUNK {
                if !checked {
                    self.check_tree(tree)?;
                    checked = true;
                }
                self.write_buffer()?;
            }
        }
        Ok(())
    }

    /// [`walk_tree`](Self::walk_tree) for compact plain output: the game
    /// tree's `(` and root node through the checked calls (the root's
    /// `CA` and property order), everything below it by the fast path.
    fn walk_tree_plain(&mut self, tree: &SgfTree) -> Result<(), WriteError> {
        let top_level = self.depth == 0;
        self.start_game_tree()?;
        self.node()?;
        if top_level {
            self.write_root(tree)?;
        } else {
            for (ident, values) in tree.properties() {
                self.tree_property(ident, values)?;
            }
        }
        let mut checked = false;
        self.walk_plain(tree, tree, &mut checked)?;
        self.end_game_tree()
    }

    /// Writes everything buffered to the inner writer and flushes it.
    ///
    /// # Errors
    /// [`WriteError::Io`] when writing fails.
    pub fn flush(&mut self) -> Result<(), WriteError> {
        self.write_buffer()?;
        self.inner_mut().flush()?;
        Ok(())
    }

    /// Writes everything buffered, flushes, and returns the inner writer.
    ///
    /// # Errors
    /// [`WriteError::Unclosed`] when game trees are still open (what was
    /// written is flushed, but the output is cut short);
    /// [`WriteError::Io`] when writing fails.
    pub fn into_inner(mut self) -> Result<W, WriteError> {
        self.flush()?;
        if self.depth > 0 {
            return Err(WriteError::Unclosed(self.depth));
        }
        Ok(self.inner.take().expect("present until into_inner"))
    }

    fn inner_mut(&mut self) -> &mut W {
        self.inner.as_mut().expect("present until into_inner")
    }

    fn write_buffer(&mut self) -> Result<(), WriteError> {
        let inner = self.inner.as_mut().expect("present until into_inner");
        inner.write_all(&self.out.buf)?;
        self.out.buf.clear();
        if self.out.buf.capacity() > 8 * CHUNK {
            // A huge value grew the buffer: give the memory back.
            self.out.buf.shrink_to(2 * CHUNK);
        }
        Ok(())
    }

    /// Hands the buffer to the inner writer once it holds a chunk.
    #[inline]
    fn flush_full(&mut self) -> Result<(), WriteError> {
        if self.out.buf.len() >= CHUNK && !self.holding {
            self.write_buffer()?;
        }
        Ok(())
    }

    fn undo_on_error(
        &mut self,
        mark: Mark,
        result: Result<(), WriteError>,
    ) -> Result<(), WriteError> {
        if result.is_err() {
            self.out.rollback(mark);
        }
        result
    }

    fn end_property(&mut self, mark: Mark, ident: &str, count: usize) -> Result<(), WriteError> {
        if count == 0 {
            self.out.rollback(mark);
            return Err(WriteError::NoValues(ident.to_string()));
        }
        self.flush_full()
    }

    fn check_property(&self, ident: &str) -> Result<(), WriteError> {
        if self.state != State::InNode {
            return Err(WriteError::PropertyOutsideNode(ident.to_string()));
        }
        check_ident(ident)
    }

    fn soft(&self, ident: &str) -> bool {
        self.options.soft_breaks && matches!(ident, "C" | "GC")
    }

    /// In a node's sequence past the root, with compact UTF-8 output and
    /// no wrapping: a node or a property is its bytes and nothing else.
    #[inline(always)]
    fn in_plain_sequence(&self) -> bool {
        self.plain_sequence && self.state == State::InNode && !self.root.open
    }

    /// A property from an event: its values come from a parser, so they
    /// are escaped already. They are the `count` values of `run`, as in
    /// [`RawValues`] (passed apart, so that the event can stay in
    /// registers in the caller's loop).
    #[inline(always)]
    fn raw_property(&mut self, ident: &str, run: &[u8], count: u32) -> Result<(), WriteError> {
        if self.in_plain_sequence() {
            check_ident(ident)?;
            self.out.raw_property(ident, run, count);
            return self.flush_full();
        }
        self.raw_property_laid_out(ident, run, count)
    }

    /// [`raw_property`](Self::raw_property) for the root, or for output
    /// that is laid out or encoded.
    #[inline(never)]
    fn raw_property_laid_out(
        &mut self,
        ident: &str,
        run: &[u8],
        count: u32,
    ) -> Result<(), WriteError> {
        self.check_property(ident)?;
        if self.out.plain() && !(self.root.open && ident == "CA") {
            self.out.raw_property(ident, run, count);
            return self.flush_full();
        }
        let values = RawValues::new(run, count);
        let values: Vec<&[u8]> = values.iter().map(|v| v.as_bytes()).collect();
        self.raw_values(ident, &values)
    }

    fn raw_values(&mut self, ident: &str, values: &[&[u8]]) -> Result<(), WriteError> {
        let charset = self.options.charset;
        if self.root.open && ident == "CA" {
            self.root.has_ca = true;
            if values.first().is_some_and(|v| !charset.is_named_by(v)) {
                return self.raw_values(ident, &[charset.name().as_bytes()]);
            }
        }
        let mark = self.out.mark();
        for (at, value) in values.iter().enumerate() {
            let result = self.out.value(ident, at == 0, value, false);
            self.undo_on_error(mark, result)?;
        }
        self.end_property(mark, ident, values.len())
    }

    /// Leaving a root node: adds the `CA` it must have.
    #[inline]
    fn leave_root(&mut self) {
        if !std::mem::take(&mut self.root.open) || self.root.has_ca {
            return;
        }
        self.declare_charset();
    }

    /// Adds the root's `CA` when the options ask for one.
    #[cold]
    fn declare_charset(&mut self) {
        if self.options.must_declare() {
            let name = self.options.charset.name();
            let result = self.out.value("CA", true, name.as_bytes(), false);
            debug_assert!(result.is_ok(), "charset names are ASCII");
        }
    }

    /// A tree's root node: `CA` made consistent, root properties first if
    /// asked.
    fn write_root(&mut self, node: &SgfTree) -> Result<(), WriteError> {
        let charset = self.options.charset;
        let ca_as_is = match node.get("CA") {
            Some(values) => values
                .first()
                .is_some_and(|v| charset.is_named_by(v.as_bytes())),
            None => !self.options.must_declare(),
        };
        if ca_as_is && !self.options.root_properties_first {
            // Nothing to add, replace or reorder (the usual root).
            self.root = Root::default();
            for (ident, values) in node.properties() {
                self.tree_property(ident, values)?;
            }
            return Ok(());
        }
        let name = [charset.name().to_string()];
        let mut props: Vec<(&str, &[String])> = node.properties().collect();
        match props.iter_mut().find(|(ident, _)| *ident == "CA") {
            Some((_, values)) => {
                let named = values
                    .first()
                    .is_some_and(|v| charset.is_named_by(v.as_bytes()));
                if !named {
                    *values = &name;
                }
            }
            None if self.options.must_declare() => props.push(("CA", &name)),
            None => {}
        }
        if self.options.root_properties_first {
            const ORDER: [&str; 6] = ["FF", "GM", "SZ", "CA", "AP", "ST"];
            props.sort_by_key(|(ident, _)| {
                ORDER.iter().position(|o| o == ident).unwrap_or(ORDER.len())
            });
        }
        self.root = Root::default();
        for (ident, values) in props {
            self.tree_property(ident, values)?;
        }
        Ok(())
    }

    /// A property of a tree: decoded text values.
    fn tree_property(&mut self, ident: &str, values: &[String]) -> Result<(), WriteError> {
        check_ident(ident)?;
        if values.is_empty() {
            return Err(WriteError::NoValues(ident.to_string()));
        }
        let soft = self.soft(ident);
        for (at, value) in values.iter().enumerate() {
            self.out.text_value(ident, at == 0, value, soft)?;
        }
        Ok(())
    }

    /// Checks every identifier and value of `tree`.
    fn check_tree(&mut self, tree: &SgfTree) -> Result<(), WriteError> {
        let charset = self.options.charset;
        let mut scratch = Vec::new();
        for node in tree.nodes() {
            for (ident, values) in node.properties() {
                check_ident(ident)?;
                if values.is_empty() {
                    return Err(WriteError::NoValues(ident.to_string()));
                }
                if charset != Charset::Utf8 {
                    for value in values {
                        scratch.clear();
                        charset.encode_value(ident, value, &mut scratch)?;
                    }
                }
            }
        }
        Ok(())
    }
}

impl<W: io::Write> Drop for Writer<W> {
    fn drop(&mut self) {
        if let Some(inner) = self.inner.as_mut() {
            let _ = inner.write_all(&self.out.buf);
        }
    }
}

/// An identifier must be one or more uppercase ASCII letters.
#[inline]
fn check_ident(ident: &str) -> Result<(), WriteError> {
    let valid = match *ident.as_bytes() {
        [a] => a.is_ascii_uppercase(),
        [a, b] => a.is_ascii_uppercase() && b.is_ascii_uppercase(),
        ref long => !long.is_empty() && long.iter().all(u8::is_ascii_uppercase),
    };
    if valid {
        Ok(())
    } else {
        Err(WriteError::InvalidIdentifier(ident.to_string()))
    }
}

/// A raw value must not end early: no unescaped `]`, no final lone `\`.
fn check_raw(ident: &str, value: &[u8]) -> Result<(), WriteError> {
    match crate::lex::first_unescaped_close(value) {
        None => Ok(()),
        Some(offset) => Err(WriteError::UnescapedValue {
            ident: ident.to_string(),
            offset,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn raw_values_must_be_escaped() {
        assert!(check_raw("C", b"a\\]b\\\\").is_ok());
        assert!(check_raw("C", b"").is_ok());
        assert!(check_raw("C", b"\\\\").is_ok());
        for (bad, at) in [(&b"a]"[..], 1), (b"a\\", 1), (b"\\\\\\", 2), (b"\\]]", 2)] {
            match check_raw("C", bad) {
                Err(WriteError::UnescapedValue { offset, .. }) => assert_eq!(offset, at),
                other => panic!("{bad:?}: {other:?}"),
            }
        }
    }
}
