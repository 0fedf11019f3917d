//! Whole trees: [`WriteTree`], the trait a tree type implements to be
//! written by [`Writer::write_tree`], and [`TreeSink`], what it writes
//! through. The tree types implement it beside their representation
//! (`tree/owned/write.rs`, `tree/compact/write.rs`), each with a fast
//! path for one-line UTF-8 output; the root `CA` rule and the checks stay
//! here and in `root.rs`.

use std::fmt;
use std::io;

use super::check::check_shape;
use super::error::WriteError;
use super::game::Root;
use super::options::WriteOptions;
use super::writer::{State, Writer, CHUNK};
use crate::charset::Charset;
use crate::event::{RawValue, RawValues};
use crate::lex::Escape;
use crate::tree::Values;

/// A game tree that [`Writer::write_tree`] writes: [`SgfTree`]
/// (decoded text values, escaped as they are written) and a
/// [`CompactTree`]'s nodes, `NodeRef` (such as its [`games`]; raw
/// values, byte for byte) implement it, each with a fast path for the
/// default options.
///
/// Another tree type implements it with the calls of [`TreeSink`],
/// which are the [`Writer`]'s event calls; the writer then holds the
/// tree's output until the tree is written in full, so a tree that fails
/// leaves nothing written.
///
/// ```
/// use std::io;
/// use sgf_stream::write::{TreeSink, WriteTree};
/// use sgf_stream::event::RawValue;
/// use sgf_stream::{WriteError, Writer};
///
/// /// A game as a list of moves, black first.
/// struct Moves(Vec<&'static str>);
///
/// impl WriteTree for Moves {
///     fn write_into<W: io::Write>(&self, sink: &mut TreeSink<'_, W>) -> Result<(), WriteError> {
///         sink.start_game_tree()?;
///         sink.node()?;
///         sink.text_property("GM", ["1"])?;
///         for (at, point) in self.0.iter().enumerate() {
///             sink.node()?;
///             let color = if at % 2 == 0 { "B" } else { "W" };
///             sink.property(color, [RawValue::new(point.as_bytes())])?;
///         }
///         sink.end_game_tree()
///     }
/// }
///
/// let mut writer = Writer::new(Vec::new());
/// writer.write_tree(&Moves(vec!["pd", "dp"]))?;
/// assert_eq!(writer.into_inner()?, b"(;GM[1];B[pd];W[dp])\n");
/// # Ok::<(), WriteError>(())
/// ```
///
/// [`SgfTree`]: crate::SgfTree
/// [`CompactTree`]: crate::CompactTree
/// [`games`]: crate::CompactTree::games
pub trait WriteTree {
    /// Writes this game tree, `(` to `)`, through `sink`.
    ///
    /// # Errors
    /// The first error of a call to `sink`.
    fn write_into<W: io::Write>(&self, sink: &mut TreeSink<'_, W>) -> Result<(), WriteError>;
}

/// What a [`WriteTree`] writes through: the [`Writer`]'s event calls,
/// while the writer holds the tree's output back until the whole tree is
/// known to be valid.
pub struct TreeSink<'w, W: io::Write> {
    writer: &'w mut Writer<W>,
    /// Whether the whole tree was checked: it is before the first chunk
    /// of it goes to the inner writer.
    checked: bool,
    /// Identifiers and properties with no value are written as they are
    /// (for `Display`, which writes any tree).
    as_is: bool,
}

impl<W: io::Write> fmt::Debug for TreeSink<'_, W> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TreeSink")
            .field("depth", &self.writer.depth)
            .field("checked", &self.checked)
            .finish_non_exhaustive()
    }
}

impl<W: io::Write> Writer<W> {
    /// Writes a whole game tree, `(` to `)`: a game of the collection at
    /// the top level, or a variation of the open game tree. For an
    /// [`SgfTree`](crate::SgfTree), values are decoded text, escaped as by
    /// [`text_property`](Self::text_property); the walk is
    /// [`SgfTree::walk`](crate::SgfTree::walk) (see the
    /// [module docs](crate::write)). For a `NodeRef` of a
    /// [`CompactTree`](crate::CompactTree) (such as one of its
    /// [`games`](crate::CompactTree::games)), the node's game tree
    /// (the node and everything below it): values are raw, as in the
    /// input, and pass through byte for byte (for UTF-8 output), so the
    /// output equals that of the same game's parser events through
    /// [`write_event`](Self::write_event), but for one thing: a variation
    /// with no sibling, as in `(;a(;b))`, keeps its parentheses only in
    /// the default one-line UTF-8 output (which copies the input's
    /// structure); other layouts and charsets walk the arena, which keeps
    /// no parentheses, and write the same tree as `(;a;b)`.
    ///
    /// An error leaves nothing of the tree written: a tree is checked in
    /// full before the first chunk of its output goes to the inner writer.
    /// The writer is then as before, but for a raw value that is not
    /// UTF-8 in a variation of a game whose root `CA` the writer wrote:
    /// that refuses the game, as the value's event would (see the
    /// [module docs](crate::write#charset-and-ca)). In a refused game, a
    /// tree is taken as a variation of it and dropped.
    ///
    /// # Errors
    /// [`WriteError::EmptyTree`] right after `(`; an invalid identifier,
    /// a property with no value, or (for a legacy charset) a character the
    /// charset cannot encode or a raw value that is not UTF-8, anywhere in
    /// the tree.
    ///
    /// # Examples
    /// ```
    /// use sgf_stream::{parse, CompactTree, Writer};
    /// let tree = parse("(;FF[4]C[root](;C[a];C[b](;C[c])(;C[d];C[e]))(;C[f](;C[g];C[h];C[i])(;C[j])))")?;
    /// let mut writer = Writer::new(Vec::new());
    /// writer.write_tree(&tree)?;
    /// let text = String::from_utf8(writer.into_inner()?)?;
    /// assert_eq!(parse(text.trim_end())?, tree);
    ///
    /// let compact = CompactTree::from_bytes("(;GM[1]\n ;B[pd] (;W[dp]) (;W[dd]))\n(;GM[1])")?;
    /// let mut writer = Writer::new(Vec::new());
    /// for game in compact.games() {
    ///     writer.write_tree(&game)?;
    /// }
    /// assert_eq!(writer.into_inner()?, b"(;GM[1];B[pd](;W[dp])(;W[dd]))\n(;GM[1])\n");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn write_tree<T: WriteTree + ?Sized>(&mut self, tree: &T) -> Result<(), WriteError> {
        self.held(|writer| tree.write_into(&mut TreeSink::new(writer, false)))
    }

    /// [`write_tree`](Self::write_tree), but identifiers that are not
    /// uppercase letters and properties with no value are written as
    /// they are: the output may not be SGF. For `Display`.
    pub(crate) fn write_tree_as_is<T: WriteTree + ?Sized>(
        &mut self,
        tree: &T,
    ) -> Result<(), WriteError> {
        self.held(|writer| tree.write_into(&mut TreeSink::new(writer, true)))
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
        if self.game.is_refused() {
            // A variation of a refused game: dropped, as its events would be.
            self.state = State::AfterVariation;
            return Ok(());
        }
        let saved = (self.out.mark(), self.depth, self.state, self.root);
        let saved_game = (self.game, self.plain_sequence);
        self.holding = true;
        let result = walk(self);
        self.holding = false;
        match result {
            Ok(()) => self.flush_full(),
            Err(WriteError::Io(err)) => Err(WriteError::Io(err)),
            Err(err @ WriteError::NotUtf8 { .. }) if saved.1 > 0 && self.game.labels_utf8() => {
                // The tree, a variation, holds a raw value that is not
                // UTF-8 in a game the writer labels UTF-8: the game is
                // refused (gone from the buffer), and its events go on.
                self.refuse_checked_game();
                (self.depth, self.state) = (saved.1, State::AfterVariation);
                Err(err)
            }
            Err(err) => {
                // Nothing of the tree reached the inner writer: the tree is
                // checked in full before the first chunk of it goes out.
                let (mark, depth, state, root) = saved;
                self.out.rollback(mark);
                (self.depth, self.state, self.root) = (depth, state, root);
                (self.game, self.plain_sequence) = saved_game;
                Err(err)
            }
        }
    }
}

/// The calls any tree type writes with: the writer's event calls.
impl<'w, W: io::Write> TreeSink<'w, W> {
    fn new(writer: &'w mut Writer<W>, as_is: bool) -> Self {
        TreeSink {
            writer,
            checked: false,
            as_is,
        }
    }

    /// The options of the writer.
    pub fn options(&self) -> &WriteOptions {
        &self.writer.options
    }

    /// [`Writer::start_game_tree`].
    ///
    /// # Errors
    /// As [`Writer::start_game_tree`].
    pub fn start_game_tree(&mut self) -> Result<(), WriteError> {
        self.writer.start_game_tree()
    }

    /// [`Writer::node`].
    ///
    /// # Errors
    /// As [`Writer::node`].
    pub fn node(&mut self) -> Result<(), WriteError> {
        self.writer.node()
    }

    /// [`Writer::end_game_tree`].
    ///
    /// # Errors
    /// As [`Writer::end_game_tree`].
    pub fn end_game_tree(&mut self) -> Result<(), WriteError> {
        self.writer.end_game_tree()
    }

    /// [`Writer::property`]: raw values, escaped already.
    ///
    /// # Errors
    /// As [`Writer::property`].
    pub fn property<'v, I>(&mut self, ident: &str, values: I) -> Result<(), WriteError>
    where
        I: IntoIterator<Item = RawValue<'v>>,
    {
        self.writer.property(ident, values)
    }

    /// [`Writer::text_property`]: decoded text.
    ///
    /// # Errors
    /// As [`Writer::text_property`].
    pub fn text_property<I, S>(&mut self, ident: &str, values: I) -> Result<(), WriteError>
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        self.writer.text_property(ident, values)
    }
}

/// The calls of the tree types' own walks: properties without the event
/// checks (a tree's shape is always valid), the root `CA` rule for a
/// whole root node, and the output buffer itself for the fast paths.
impl<W: io::Write> TreeSink<'_, W> {
    /// One-line UTF-8 output with no wrapping (the default options):
    /// between a game tree's `(` and its `)`, the output is the bytes of
    /// the SGF and nothing else, so a fast path may write them into
    /// [`buf`](Self::buf).
    #[inline]
    pub(crate) fn one_line_plain(&self) -> bool {
        self.writer.out.one_line_plain()
    }

    /// How decoded text is escaped (with the output line break).
    #[inline]
    pub(crate) fn text_escape(&self) -> Escape {
        self.writer.out.text_escape()
    }

    /// The output buffer, for a fast path to append SGF to; a chunk is
    /// full at [`CHUNK`](crate::write::CHUNK) bytes, and should then be
    /// handed on ([`hand_on_full`](Self::hand_on_full)).
    #[inline(always)]
    pub(crate) fn buf(&mut self) -> &mut Vec<u8> {
        &mut self.writer.out.buf
    }

    /// Whether the tree about to be written is a game of its own (no game
    /// tree is open).
    #[inline]
    pub(crate) fn at_top_level(&self) -> bool {
        self.writer.depth == 0
    }

    /// Whether the node being written is a game's root.
    #[inline]
    pub(crate) fn in_root(&self) -> bool {
        self.writer.root.open
    }

    /// Whether the root needs its `CA` written by the writer whatever it
    /// holds: a root without one gets one.
    pub(crate) fn declares_charset(&self) -> bool {
        self.writer.options.must_declare()
    }

    /// Whether a root `CA` whose first value is `first` is written as
    /// `CA[<output charset>]`.
    pub(crate) fn replaces_root_ca(&self, first: &[u8]) -> bool {
        self.writer.ca_replaced_by_name(Some(first))
    }

    /// Leaves the root node: adds the `CA` the output needs.
    ///
    /// # Errors
    /// As for the event calls that leave a root.
    pub(crate) fn end_root(&mut self) -> Result<(), WriteError> {
        self.writer.leave_root()
    }

    /// A fast path wrote everything below a node into the buffer, up to
    /// the `)` of the node's game tree; `after_variation` says whether
    /// that ends with a variation's `)`.
    pub(crate) fn body_written(&mut self, after_variation: bool) {
        self.writer.state = if after_variation {
            State::AfterVariation
        } else {
            State::InNode
        };
    }

    /// Once a chunk is full, hands the buffer to the inner writer, after
    /// `check` (once per tree) finds the whole tree valid: nothing of a
    /// tree that fails reaches the inner writer.
    ///
    /// # Errors
    /// `check`'s, and [`WriteError::Io`].
    #[inline]
    pub(crate) fn hand_on_full(
        &mut self,
        check: impl FnOnce(&mut Self) -> Result<(), WriteError>,
    ) -> Result<(), WriteError> {
        if self.writer.out.buf.len() < CHUNK {
            return Ok(());
        }
        if !self.checked {
            check(self)?;
            self.checked = true;
        }
        self.writer.write_buffer()
    }

    /// A property of raw values from a parsed input (escaped, valid).
    ///
    /// # Errors
    /// As [`Writer::property`], for a root `CA` or an output charset.
    #[inline]
    pub(crate) fn raw_property(
        &mut self,
        ident: &str,
        values: RawValues<'_>,
    ) -> Result<(), WriteError> {
        let (run, count) = values.parts();
        self.writer.raw_property(ident, run, count)
    }

    /// Whether raw values must be checked (UTF-8, encodable) before they
    /// are copied: for a legacy charset, and in a game whose `CA` the
    /// writer writes.
    pub(crate) fn checks_raw_values(&self) -> bool {
        self.writer.options.charset != Charset::Utf8 || self.writer.game.is_checked()
    }

    /// Checks that a raw value can be written in the output charset.
    ///
    /// # Errors
    /// [`WriteError::NotUtf8`], [`WriteError::Unencodable`].
    pub(crate) fn check_raw_value(
        &mut self,
        ident: &str,
        value: &[u8],
        scratch: &mut Vec<u8>,
    ) -> Result<(), WriteError> {
        let charset = self.writer.options.charset;
        let text = std::str::from_utf8(value).map_err(|e| WriteError::NotUtf8 {
            ident: ident.to_string(),
            offset: e.valid_up_to(),
            charset,
        })?;
        scratch.clear();
        charset.encode_value(ident, text, scratch)
    }

    /// Whether properties are checked for their shape
    /// ([`check_shape`](crate::write::check_shape)): unless they are
    /// written as they are.
    #[inline]
    pub(crate) fn checks_shape(&self) -> bool {
        !self.as_is
    }

    /// Checks a property of decoded text: its shape, and that the output
    /// charset can encode it.
    ///
    /// # Errors
    /// As [`check_shape`], and [`WriteError::Unencodable`].
    pub(crate) fn check_text(
        &self,
        ident: &str,
        values: Values<'_>,
        scratch: &mut Vec<u8>,
    ) -> Result<(), WriteError> {
        if self.checks_shape() {
            check_shape(ident, values.len())?;
        }
        let charset = self.writer.options.charset;
        if charset != Charset::Utf8 {
            for value in values {
                scratch.clear();
                charset.encode_value(ident, value, scratch)?;
            }
        }
        Ok(())
    }

    /// A property of decoded text values, escaped as they are written.
    ///
    /// # Errors
    /// As [`check_shape`], and for a legacy charset
    /// [`WriteError::Unencodable`].
    pub(crate) fn text_values(
        &mut self,
        ident: &str,
        values: Values<'_>,
    ) -> Result<(), WriteError> {
        if self.checks_shape() {
            check_shape(ident, values.len())?;
        }
        let writer = &mut *self.writer;
        let soft = writer.soft(ident);
        if values.is_empty() {
            // Written as is: the identifier alone.
            writer.out.buf.extend_from_slice(ident.as_bytes());
        }
        for (at, value) in values.iter().enumerate() {
            writer.out.text_value(ident, at == 0, value, soft)?;
        }
        Ok(())
    }

    /// A top-level game's root node of decoded text, with the root `CA`
    /// rule (see `root.rs`): a `CA` that does not name the output charset
    /// is written as `CA[<output charset>]`, and one is added where the
    /// options ask for it, at the end or (with
    /// [`WriteOptions::root_properties_first`]) in its place.
    ///
    /// # Errors
    /// As [`text_values`](Self::text_values).
    pub(crate) fn text_root<'t, I>(&mut self, props: I) -> Result<(), WriteError>
    where
        I: Iterator<Item = (&'t str, Values<'t>)> + Clone,
    {
        self.writer.text_game();
        let first_ca = |props: I| {
            let mut cas = props.filter(|(ident, _)| *ident == "CA");
            cas.next()
                .map(|(_, values)| values.first().map(|value| value.as_bytes()))
        };
        let ca_as_is = match first_ca(props.clone()) {
            Some(first) => !self.writer.ca_replaced_by_name(first),
            None => !self.declares_charset(),
        };
        let sorted = self.writer.options.root_properties_first;
        // The properties are written with no root `CA` rule of their own.
        self.writer.root = Root::default();
        if ca_as_is && !sorted {
            // Nothing to add, replace or reorder (the usual root).
            for (ident, values) in props {
                self.text_values(ident, values)?;
            }
            return Ok(());
        }
        let name = self.writer.options.charset.name();
        let name_end = [name.len() as u32];
        let name = Values::new(name, 0, &name_end);
        let mut props: Vec<(&str, Values<'_>)> = props.collect();
        match props.iter_mut().find(|(ident, _)| *ident == "CA") {
            Some((_, values)) => {
                let first = values.first().map(|value| value.as_bytes());
                if self.writer.ca_replaced_by_name(first) {
                    *values = name;
                }
            }
            None if self.declares_charset() => props.push(("CA", name)),
            None => {}
        }
        if sorted {
            const ORDER: [&str; 6] = ["FF", "GM", "SZ", "CA", "AP", "ST"];
            props.sort_by_key(|(ident, _)| {
                ORDER.iter().position(|o| o == ident).unwrap_or(ORDER.len())
            });
        }
        for (ident, values) in props {
            self.text_values(ident, values)?;
        }
        Ok(())
    }
}
