//! [`Writer::write_tree`]: an [`SgfTree`]'s game tree, walked without
//! recursion, held in the buffer until it is known to be valid.

use std::io;

use super::{check_ident, Charset, State, WriteError, Writer, CHUNK};
use crate::tree::{SgfTree, WalkEvent};

impl<W: io::Write> Writer<W> {
    /// Writes a whole game tree, `(` to `)`: a game of the collection at
    /// the top level, or a variation of the open game tree. Values are
    /// decoded text, escaped as by [`text_property`](Self::text_property);
    /// the walk is [`SgfTree::walk`] (see the [module docs](crate::writer)).
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
    pub(super) fn held(
        &mut self,
        walk: impl FnOnce(&mut Self) -> Result<(), WriteError>,
    ) -> Result<(), WriteError> {
        if self.state == State::Opened {
            return Err(WriteError::EmptyTree);
        }
        let saved = (self.out.mark(), self.depth, self.state, self.root);
        let saved_game = (self.game, self.plain_sequence);
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
                (self.game, self.plain_sequence) = saved_game;
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

    /// A property of a tree: decoded text values.
    pub(super) fn tree_property(
        &mut self,
        ident: &str,
        values: &[String],
    ) -> Result<(), WriteError> {
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
    pub(super) fn check_tree(&mut self, tree: &SgfTree) -> Result<(), WriteError> {
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
