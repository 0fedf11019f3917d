//! The writer's calls for events and properties: each checks that it
//! comes in its place in the grammar, then lays its bytes out in the
//! buffer. Raw values pass through byte for byte; decoded text is escaped
//! through [`lex`](crate::lex).

use std::io;

use super::check::{check_ident, check_raw};
use super::error::WriteError;
use super::game::Root;
use super::out::Mark;
use super::writer::{State, Writer};
use crate::event::{Event, RawValue, RawValues};
use crate::lex::escape_stray;

impl<W: io::Write> Writer<W> {
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
                    .map(|value| escape_stray(value.as_bytes()))
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
    /// needs a node first; [`WriteError::NotUtf8`] when leaving a root
    /// refuses the game (see the [module docs](super#charset-and-ca)).
    pub fn start_game_tree(&mut self) -> Result<(), WriteError> {
        if self.state == State::Opened {
            return Err(WriteError::EmptyTree);
        }
        let left = self.leave_root();
        if self.game.is_refused() {
            self.depth += 1;
            self.state = State::Opened;
            return left;
        }
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
    /// [`WriteError::NodeAfterVariation`] after a variation's `)`;
    /// [`WriteError::NotUtf8`] when leaving a root refuses the game.
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
        let left = self.leave_root();
        if self.game.is_refused() {
            self.state = State::InNode;
            return left;
        }
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
    /// [`WriteError::EmptyTree`] right after `(`;
    /// [`WriteError::NotUtf8`] when leaving a root refuses the game.
    pub fn end_game_tree(&mut self) -> Result<(), WriteError> {
        match self.state {
            State::Outside => return Err(WriteError::NothingToClose),
            State::Opened => return Err(WriteError::EmptyTree),
            State::InNode | State::AfterVariation => {}
        }
        let left = self.leave_root();
        if self.game.is_refused() {
            self.close_refused();
            return left;
        }
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
    /// use sgf_stream::event::RawValue;
    /// use sgf_stream::{Writer, WriteError};
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
        if !self.takes_property(ident)? {
            return Ok(());
        }
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
        if !self.takes_property(ident)? {
            return Ok(());
        }
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
        if !self.takes_property(ident)? {
            return Ok(());
        }
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

    pub(super) fn undo_on_error(
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
    pub(super) fn end_property(
        &mut self,
        mark: Mark,
        ident: &str,
        count: usize,
    ) -> Result<(), WriteError> {
        if count == 0 {
            self.out.rollback(mark);
            return Err(WriteError::NoValues(ident.to_string()));
        }
        self.wrote_property(ident);
        self.flush_full()
    }

    /// Checks that a property `ident` may come here; whether it is to be
    /// written (`false` in a refused game, which drops it).
    fn takes_property(&self, ident: &str) -> Result<bool, WriteError> {
        if self.state != State::InNode {
            return Err(WriteError::PropertyOutsideNode(ident.to_string()));
        }
        check_ident(ident)?;
        Ok(!self.game.is_refused())
    }

    /// A `)` of a refused game: it closes as it would have, with nothing
    /// written; the game's last one ends it.
    #[cold]
    fn close_refused(&mut self) {
        self.depth -= 1;
        if self.depth == 0 {
            self.end_game();
            self.state = State::Outside;
        } else {
            self.state = State::AfterVariation;
        }
    }

    pub(super) fn soft(&self, ident: &str) -> bool {
        self.options.soft_breaks && matches!(ident, "C" | "GC")
    }

    /// In a node's sequence past the root, with one-line UTF-8 output and
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
    pub(super) fn raw_property(
        &mut self,
        ident: &str,
        run: &[u8],
        count: u32,
    ) -> Result<(), WriteError> {
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
        if !self.takes_property(ident)? {
            return Ok(());
        }
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
