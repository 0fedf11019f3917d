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
use crate::compact::{CompactEvent, NodeRef};
use crate::value::find_close;

impl<W: io::Write> Writer<W> {
    /// Writes the game tree of `root` (the node and everything below it),
    /// `(` to `)`: a game at the top level, or a variation of the open
    /// game tree. Values are raw, as in the input, and pass through byte
    /// for byte (for UTF-8 output), so the output equals that of the same
    /// game's parser events through [`write_event`](Self::write_event).
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
    /// event calls (the root's `CA`), the rest copied as it is.
    fn walk_compact_plain(&mut self, root: NodeRef<'_>) -> Result<(), WriteError> {
        self.start_game_tree()?;
        self.node()?;
        for (ident, values) in root.properties() {
            self.raw_property(ident, values)?;
        }
        self.leave_root();
        let mut stack: Vec<Option<NodeRef<'_>>> = Vec::new();
        let mut node = root;
        let mut after_variation = false;
        loop {
            node = match node.first_child() {
                None => {
                    // A leaf: close variations until one has a sibling left.
                    let next = loop {
                        let Some(slot) = stack.last_mut() else {
                            self.state = if after_variation {
                                State::AfterVariation
                            } else {
                                State::InNode
                            };
                            return self.end_game_tree();
                        };
                        self.out.buf.push(b')');
                        self.depth -= 1;
                        match slot.take() {
                            Some(sibling) => {
                                *slot = sibling.next_sibling();
                                break sibling;
                            }
                            None => {
                                stack.pop();
                                after_variation = true;
                            }
                        }
                    };
                    self.out.buf.push(b'(');
                    self.depth += 1;
                    after_variation = false;
                    next
                }
                Some(first) => match first.next_sibling() {
                    None => first,
                    Some(second) => {
                        stack.push(Some(second));
                        self.out.buf.push(b'(');
                        self.depth += 1;
                        first
                    }
                },
            };
            self.out.buf.push(b';');
            copy_properties(node.rest(), &mut self.out.buf);
            if self.out.buf.len() >= CHUNK {
                self.write_buffer()?;
            }
        }
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
                        self.raw_property(ident, values)?;
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
    /// output charset.
    fn check_compact(&mut self, root: NodeRef<'_>) -> Result<(), WriteError> {
        let charset = self.options.charset;
        if charset == Charset::Utf8 {
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

/// Appends the properties at the start of `rest` (bytes the grammar
/// accepted, just after a node's `;`) without the whitespace between
/// them: identifiers and `[value]`s byte for byte, up to the `;`, `(` or
/// `)` that ends the node. The same bytes as
/// [`Out::raw_property`](super::layout::Out::raw_property) writes for
/// each property, in one pass.
fn copy_properties(rest: &[u8], out: &mut Vec<u8>) {
    let mut at = 0;
    while let Some(&byte) = rest.get(at) {
        match byte {
            b'[' => {
                let end = value_end(rest, at + 1);
                out.extend_from_slice(&rest[at..end]);
                at = end;
            }
            b'A'..=b'Z' => {
                out.push(byte);
                at += 1;
            }
            b' ' | b'\n' | b'\r' | b'\t' | 0x0b | 0x0c => at += 1,
            _ => return,
        }
    }
}

/// The end (just past the `]`) of the value whose body starts at `from`.
/// Most values are short points: a few bytes are looked at inline before
/// a vector search.
#[inline]
fn value_end(rest: &[u8], from: usize) -> usize {
    for (i, &byte) in rest[from..].iter().take(4).enumerate() {
        match byte {
            b']' => return from + i + 1,
            b'\\' => break,
            _ => {}
        }
    }
    match find_close(&rest[from..]) {
        Some(close) => from + close + 1,
        // Not reached for accepted input; copy the rest rather than panic.
        None => rest.len(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn copied(rest: &[u8]) -> Vec<u8> {
        let mut out = Vec::new();
        copy_properties(rest, &mut out);
        out
    }

    #[test]
    fn properties_are_copied_without_the_space_between() {
        assert_eq!(copied(b"B[pd];W[dp])"), b"B[pd]");
        assert_eq!(
            copied(b" AB [aa]\n [bb] C[a\\]; b](;"),
            b"AB[aa][bb]C[a\\]; b]"
        );
        assert_eq!(copied(b"C[\\\\]N[x y])"), b"C[\\\\]N[x y]");
        assert_eq!(copied(b""), b"");
        assert_eq!(copied(b"C[never closed"), b"C[never closed");
    }
}
