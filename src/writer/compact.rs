//! [`Writer::write_compact_tree`]: a [`CompactTree`](crate::CompactTree)'s
//! game trees back to SGF, raw values byte for byte.
//!
//! The walk is [`NodeRef::walk`]'s: the arena is in file order, so a
//! node's first child is the next node and its next sibling is a stored
//! index; the stack holds, for each open variation, the next sibling to
//! visit. For compact UTF-8 output without wrapping (the default options)
//! the nodes below the root are copied straight into the output buffer;
//! otherwise every step goes through the event calls, exactly as parser
//! events do in [`Writer::write_event`].

use std::io;

use super::{Charset, State, WriteError, Writer, CHUNK};
use crate::lex::{is_space, value_end};
use crate::tree::{CompactEvent, NodeRef};
use memchr::memmem;

impl<W: io::Write> Writer<W> {
    /// Writes the game tree of `root` (the node and everything below it),
    /// `(` to `)`: a game at the top level, or a variation of the open
    /// game tree. Values are raw, as in the input, and pass through byte
    /// for byte (for UTF-8 output), so the output equals that of the same
    /// game's parser events through [`write_event`](Self::write_event),
    /// but for one thing: a variation with no sibling, as in `(;a(;b))`,
    /// keeps its parentheses only in the default compact UTF-8 output
    /// (which copies the input's structure); other layouts and charsets
    /// walk the arena, which keeps no parentheses, and write the same
    /// tree as `(;a;b)`.
    ///
    /// An error leaves nothing of the tree written, as with
    /// [`write_tree`](Self::write_tree).
    ///
    /// # Errors
    /// [`WriteError::EmptyTree`] right after `(`; for a legacy charset,
    /// [`WriteError::NotUtf8`] and [`WriteError::Unencodable`] anywhere in
    /// the tree.
    ///
    /// # Examples
    /// ```
    /// use sgf_stream::{CompactTree, Writer};
    /// let tree = CompactTree::from_bytes("(;GM[1]\n ;B[pd] (;W[dp]) (;W[dd]))\n(;GM[1])")?;
    /// let mut writer = Writer::new(Vec::new());
    /// for game in tree.games() {
    ///     writer.write_compact_tree(game)?;
    /// }
    /// assert_eq!(writer.into_inner()?, b"(;GM[1];B[pd](;W[dp])(;W[dd]))\n(;GM[1])\n");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn write_compact_tree(&mut self, root: NodeRef<'_>) -> Result<(), WriteError> {
        self.held(|writer| {
            if writer.out.compact_plain() {
                writer.walk_compact_plain(root)
            } else {
                writer.walk_compact(root)
            }
        })
    }

    /// The plain walk: `(`, the root node and the final `)` through the
    /// event calls (a root's properties only when its `CA` may need
    /// adding or replacing); the rest is the input with the
    /// whitespace outside values left out, which is what the event calls
    /// write for compact output, copied in one pass over the input.
    fn walk_compact_plain(&mut self, root: NodeRef<'_>) -> Result<(), WriteError> {
        self.start_game_tree()?;
        self.node()?;
        let span = root.span();
        let props = &span[..properties_len(span)];
        let mut from = root.offset() + 1;
        if self.root.open && self.root_needs_ca(root, props) {
            // A root that may need its `CA` added or replaced.
            for (ident, values) in root.properties() {
                let (run, count) = values.parts();
                self.raw_property(ident, run, count)?;
            }
            from += props.len();
        }
        self.leave_root()?;
        if self.game.is_checked() {
            // The input is copied below without a look at its values.
            self.check_compact(root)?;
        }
        let after_variation = self.copy_subtrees(root.source(), from)?;
        self.state = if after_variation {
            State::AfterVariation
        } else {
            State::InNode
        };
        self.end_game_tree()
    }

    /// Whether writing `root` (its properties `props`) adds or replaces a
    /// `CA`: the property calls then see to it.
    fn root_needs_ca(&self, root: NodeRef<'_>, props: &[u8]) -> bool {
        if self.options.must_declare() {
            return true;
        }
        if memmem::find(props, b"CA").is_none() {
            return false;
        }
        // Every `CA` of the root, as the event calls see each one.
        root.properties().any(|(ident, values)| {
            ident == "CA" && self.ca_replaced_by_name(Some(values.first().as_bytes()))
        })
    }

    /// Copies `source` from `from` (just after a node's properties) to the
    /// `)` that closes the node's sequence, leaving out whitespace outside
    /// values; returns whether a variation closed last. The input was
    /// accepted by the grammar, so nothing can be wrong in it.
    fn copy_subtrees(&mut self, source: &[u8], from: usize) -> Result<bool, WriteError> {
        // Bytes from `run` to `at` are copied in one go at a space, at a
        // node once a chunk has built up, and at the end.
        let (mut run, mut at) = (from, from);
        let mut depth = 0usize;
        let mut after_variation = false;
        while let Some(&byte) = source.get(at) {
            match byte {
                b'[' => at = value_end(source, at + 1),
                b'(' => {
                    depth += 1;
                    at += 1;
                }
                b')' if depth == 0 => break,
                b')' => {
                    depth -= 1;
                    after_variation = true;
                    at += 1;
                }
                b';' => {
                    after_variation = false;
                    if at - run + self.out.buf.len() >= CHUNK {
                        self.out.buf.extend_from_slice(&source[run..at]);
                        run = at;
                        self.write_buffer()?;
                    }
                    at += 1;
                }
                _ if is_space(byte) => {
                    self.out.buf.extend_from_slice(&source[run..at]);
                    at += 1;
                    run = at;
                }
                _ => at += 1,
            }
        }
        self.out.buf.extend_from_slice(&source[run..at]);
        Ok(after_variation)
    }

    /// Any other layout or charset: every step through the event calls.
    fn walk_compact(&mut self, root: NodeRef<'_>) -> Result<(), WriteError> {
        let mut checked = false;
        for step in root.walk() {
            match step {
                CompactEvent::StartGameTree => self.start_game_tree()?,
                CompactEvent::EndGameTree => self.end_game_tree()?,
                CompactEvent::Node(node) => {
                    self.node()?;
                    for (ident, values) in node.properties() {
                        let (run, count) = values.parts();
                        self.raw_property(ident, run, count)?;
                    }
                }
            }
            if self.out.buf.len() >= CHUNK {
                if !checked {
                    self.check_compact(root)?;
                    checked = true;
                }
                self.write_buffer()?;
            }
        }
        Ok(())
    }

    /// Checks that every value of `root`'s tree can be written in the
    /// output charset (for UTF-8 output, only in a checked game: see
    /// `root.rs`).
    fn check_compact(&mut self, root: NodeRef<'_>) -> Result<(), WriteError> {
        let charset = self.options.charset;
        if charset == Charset::Utf8 && !self.game.is_checked() {
            return Ok(());
        }
        let mut scratch = Vec::new();
        for step in root.walk() {
            let CompactEvent::Node(node) = step else {
                continue;
            };
            for (ident, values) in node.properties() {
                for value in values.iter() {
                    let text =
                        std::str::from_utf8(value.as_bytes()).map_err(|e| WriteError::NotUtf8 {
                            ident: ident.to_string(),
                            offset: e.valid_up_to(),
                            charset,
                        })?;
                    scratch.clear();
                    charset.encode_value(ident, text, &mut scratch)?;
                }
            }
        }
        Ok(())
    }
}

/// How many bytes at the start of a node's `span` (from after its `;` to
/// the next node's `;`) are its properties: all but the whitespace and
/// parentheses at the end.
fn properties_len(span: &[u8]) -> usize {
    span.iter()
        .rposition(|&b| !matches!(b, b'(' | b')') && !is_space(b))
        .map_or(0, |last| last + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn properties_end_before_the_structure_after_them() {
        assert_eq!(properties_len(b"B[pd]"), 5);
        assert_eq!(properties_len(b"B[pd]\n)\n (("), 5);
        assert_eq!(properties_len(b"C[a )] N [b]  ) ("), 12);
        assert_eq!(properties_len(b" \n("), 0);
    }

    #[test]
    fn values_end_after_their_closing_bracket() {
        assert_eq!(value_end(b"[pd]B", 1), 4);
        assert_eq!(value_end(b"[a\\]b]", 1), 6);
        assert_eq!(value_end(b"[\\\\]", 1), 4);
        assert_eq!(value_end(b"[\\\\\\\\\\]]x", 1), 8);
        assert_eq!(value_end(b"[long value here]", 1), 17);
        assert_eq!(value_end(b"[never closed", 1), 13);
    }
}
