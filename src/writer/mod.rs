//! [`Writer`]: events or trees back to SGF text, streaming, without
//! recursion.
//!
//! A [`Writer`] takes the four events of the [`Parser`](crate::Parser)
//! ([`write_event`](Writer::write_event), or the calls
//! [`start_game_tree`](Writer::start_game_tree), [`node`](Writer::node),
//! [`property`](Writer::property), [`end_game_tree`](Writer::end_game_tree))
//! or whole trees ([`write_tree`](Writer::write_tree)), and writes SGF to
//! any [`io::Write`]. It keeps a depth counter and a small output buffer,
//! never a tree: memory stays flat however large or deep the input (but
//! for a game whose root `CA` the writer writes itself in UTF-8 output:
//! that game is held until its end, see below).
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
//! order with [`SgfTree::walk`](crate::SgfTree::walk), which replaces the recursion by an
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
//! a `CA` that names the output charset, by one rule for every call that
//! writes one (events, [`property`](Writer::property),
//! [`text_property`](Writer::text_property),
//! [`compose_property`](Writer::compose_property), trees):
//!
//! - a `CA` whose first value names it already (any label of that
//!   charset, e.g. `utf8`) is written as it is;
//! - any other `CA` (another charset, or text that names none, such as a
//!   Compose value) is written as `CA[<name>]` ([`Charset::name`]);
//! - a root with no `CA` gets `CA[<name>]` after its last property (or in
//!   its place with [`WriteOptions::root_properties_first`], for trees)
//!   when the charset is not UTF-8, or with
//!   [`WriteOptions::declare_charset`]. A UTF-8 root without `CA` is left
//!   without one.
//!
//! With events the writer learns that the root node is over at the next
//! `(`, `;` or `)`, and adds the `CA` then. A call that fails (a `CA`
//! with no value, say) writes nothing and counts for nothing: the `CA` is
//! still added.
//!
//! Raw values are never transcoded for UTF-8 output, so the writer only
//! writes `CA[UTF-8]` (replacing or adding it) over raw values that are
//! UTF-8: otherwise the call that meets the first other value fails with
//! [`WriteError::NotUtf8`] and nothing of that game is written. For this
//! the writer holds such a game in its buffer until the game's end. Read
//! legacy files through [`decode_to_utf8`](crate::read::decode_to_utf8) (or
//! [`ReaderBuilder::read_collection`](crate::ReaderBuilder::read_collection)) first to
//! rewrite them as UTF-8, or write them with the charset they declare
//! ([`WriteOptions::charset`]) after decoding; without a `CA` to write,
//! raw values pass through as they are.
//!
//! ```
//! use sgf_stream::{Parser, WriteError, Writer};
//! // Shift_JIS bytes, read without decoding.
//! let input = b"(;CA[Shift_JIS]C[\x88\xcd\x8c\xe9])";
//! let mut writer = Writer::new(Vec::new());
//! let result = Parser::new(input).try_for_each(|event| writer.write_event(&event.unwrap()));
//! assert!(matches!(result, Err(WriteError::NotUtf8 { offset: 0, .. })));
//! assert_eq!(writer.into_inner()?, b""); // nothing of the game
//!
//! // Decoded first (feature `encoding`), the game is rewritten as UTF-8.
//! # #[cfg(feature = "encoding")] {
//! let (text, _) = sgf_stream::read::decode_to_utf8(input);
//! let mut writer = Writer::new(Vec::new());
//! for event in Parser::new(&text) {
//!     writer.write_event(&event.unwrap())?;
//! }
//! assert_eq!(String::from_utf8(writer.into_inner()?).unwrap(), "(;CA[UTF-8]C[囲碁])\n");
//! # }
//! # Ok::<(), sgf_stream::WriteError>(())
//! ```
//!
//! ```
//! use sgf_stream::{WriteOptions, Writer};
//! let mut writer = Writer::with_options(Vec::new(), WriteOptions::new().declare_charset(true));
//! writer.start_game_tree()?;
//! writer.node()?;
//! assert!(writer.text_property("CA", Vec::<&str>::new()).is_err());
//! writer.compose_property("CA", [("a", "b")])?;
//! writer.end_game_tree()?;
//! assert_eq!(writer.into_inner()?, b"(;CA[UTF-8])\n");
//! # Ok::<(), sgf_stream::WriteError>(())
//! ```
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
mod root;
mod tree;

use std::io;

pub use crate::charset::Charset;
pub use error::WriteError;
pub use options::{Layout, Newline, WriteOptions, DEFAULT_WIDTH};

use crate::event::{Event, RawValue, RawValues};
use layout::{Mark, Out};
use root::{Game, Root};

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

/// Writes SGF from events or trees to an [`io::Write`], with no recursion
/// and a bounded buffer.
///
/// Output is buffered; [`into_inner`](Self::into_inner) (or
/// [`flush`](Self::flush)) writes the rest. Dropping the writer writes
/// what is buffered too, ignoring errors.
///
/// ```
/// use sgf_stream::{Writer};
/// use sgf_stream::event::{RawValue};
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
    /// Whether the current top-level game is held and its raw values
    /// checked (see `root.rs`).
    game: Game,
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
            game: Game::Free,
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
            Event::Property(ident, values) if values.is_repaired() => {
                // A lenient repair: the last value may hold a stray `]`.
                let escaped: Vec<_> = values
                    .iter()
                    .map(|value| crate::lex::escape_stray(value.as_bytes()))
                    .collect();
                self.property(ident.as_str(), escaped.iter().map(|v| RawValue::new(v)))
            }
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
        self.leave_root()?;
        if self.depth == 0 {
            self.start_game();
        }
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
        self.leave_root()?;
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
        self.leave_root()?;
        self.out.close();
        self.depth -= 1;
        if self.depth == 0 {
            self.end_game();
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
    /// use sgf_stream::{Writer, WriteError};
    /// use sgf_stream::event::{RawValue};
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
        let mut values = values.into_iter().peekable();
        let first = values.peek().map(|v| v.as_ref().as_bytes());
        if self.replaces_ca(ident, first) {
            self.name_charset()?;
            return self.text_property(ident, [self.options.charset.name()]);
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
        let mut values = values.into_iter().peekable();
        if self.root.open && ident == "CA" {
            let first = values
                .peek()
                .map(|(left, right)| format!("{}:{}", left.as_ref(), right.as_ref()));
            if self.replaces_ca(ident, first.as_ref().map(String::as_bytes)) {
                self.name_charset()?;
                return self.text_property(ident, [self.options.charset.name()]);
            }
        }
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

    /// Hands the buffer to the inner writer, but for a held game (see
    /// `root.rs`), which stays.
    fn write_buffer(&mut self) -> Result<(), WriteError> {
        let cut = self.game.held_from().unwrap_or(self.out.buf.len());
        if cut == 0 {
            return Ok(());
        }
        let inner = self.inner.as_mut().expect("present until into_inner");
        inner.write_all(&self.out.buf[..cut])?;
        self.out.buf.drain(..cut);
        self.game = self.game.rebased(cut);
        if self.out.buf.capacity() > 8 * CHUNK {
            // A huge value grew the buffer: give the memory back.
            self.out.buf.shrink_to(2 * CHUNK);
        }
        Ok(())
    }

    /// Hands the buffer to the inner writer once it holds a chunk.
    #[inline]
    fn flush_full(&mut self) -> Result<(), WriteError> {
        if self.out.buf.len() >= CHUNK && !self.holding && self.game.is_free() {
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

    /// A property's values are in the buffer: it needs one at least.
    fn end_property(&mut self, mark: Mark, ident: &str, count: usize) -> Result<(), WriteError> {
        if count == 0 {
            self.out.rollback(mark);
            return Err(WriteError::NoValues(ident.to_string()));
        }
        self.wrote_property(ident);
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
        if self.out.plain() && !(self.root.open && ident == "CA") && !self.game.is_checked() {
            self.out.raw_property(ident, run, count);
            return self.flush_full();
        }
        let values = RawValues::new(run, count);
        let values: Vec<&[u8]> = values.iter().map(|v| v.as_bytes()).collect();
        self.raw_values(ident, &values)
    }

    fn raw_values(&mut self, ident: &str, values: &[&[u8]]) -> Result<(), WriteError> {
        if self.replaces_ca(ident, values.first().copied()) {
            self.name_charset()?;
            return self.raw_values(ident, &[self.options.charset.name().as_bytes()]);
        }
        for value in values {
            self.check_game_value(ident, value)?;
        }
        let mark = self.out.mark();
        for (at, value) in values.iter().enumerate() {
            let result = self.out.value(ident, at == 0, value, false);
            self.undo_on_error(mark, result)?;
        }
        self.end_property(mark, ident, values.len())
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
