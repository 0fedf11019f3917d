//! How an [`SgfTree`] writes itself ([`WriteTree`], and `Display`): the root node
//! through the writer's root `CA` rule, then every step of
//! [`SgfTree::walk`] through the writer's calls; or, for one-line UTF-8
//! output without wrapping (the default options), the nodes below the
//! root straight into the output buffer, with no per-event grammar checks
//! (a tree's shape is always valid) and no layout decisions.
//!
//! The fast walk is [`SgfTree::walk`]'s, inlined: first child / next
//! sibling in pre-order, with a stack holding, for each open variation,
//! the siblings still to visit (see the [writer's docs](crate::write)).

use std::fmt;
use std::io;

use super::check::check_shape;
use super::tree::{TreeSink, WriteTree};
use super::writer::CHUNK;
use super::{WriteError, WriteOptions, Writer};
use crate::lex::{escape_into, Escape};
use crate::tree::owned::arena::{Arena, PropData};
use crate::tree::owned::children::ChildNodes;
use crate::tree::owned::node::Node;
use crate::tree::owned::{SgfTree, WalkEvent};

impl WriteTree for SgfTree {
    fn write_into<W: io::Write>(&self, sink: &mut TreeSink<'_, W>) -> Result<(), WriteError> {
        self.root().write_into(sink)
    }
}

impl WriteTree for Node<'_> {
    fn write_into<W: io::Write>(&self, sink: &mut TreeSink<'_, W>) -> Result<(), WriteError> {
        if sink.one_line_plain() {
            self.write_plain(sink)
        } else {
            self.write_laid_out(sink)
        }
    }
}

impl Node<'_> {
    /// Every step of [`walk`](Self::walk) through the writer's calls.
    fn write_laid_out<W: io::Write>(&self, sink: &mut TreeSink<'_, W>) -> Result<(), WriteError> {
        let top_level = sink.at_top_level();
        let mut first = true;
        for event in self.walk() {
            match event {
                WalkEvent::StartGameTree => sink.start_game_tree()?,
                WalkEvent::EndGameTree => sink.end_game_tree()?,
                WalkEvent::Node(node) => {
                    sink.node()?;
                    node.write_properties(sink, first && top_level)?;
                    first = false;
                }
            }
            sink.hand_on_full(|sink| self.check(sink))?;
        }
        Ok(())
    }

    /// The game tree's `(` and root node through the writer's calls (the
    /// root's `CA` and property order), everything below it by the fast
    /// walk, then the `)`.
    fn write_plain<W: io::Write>(&self, sink: &mut TreeSink<'_, W>) -> Result<(), WriteError> {
        let top_level = sink.at_top_level();
        sink.start_game_tree()?;
        sink.node()?;
        self.write_properties(sink, top_level)?;
        self.write_below(sink)?;
        sink.end_game_tree()
    }

    /// This node's properties; a game's root goes through the root `CA`
    /// rule.
    fn write_properties<W: io::Write>(
        &self,
        sink: &mut TreeSink<'_, W>,
        root: bool,
    ) -> Result<(), WriteError> {
        if root {
            return sink.text_root(self.properties());
        }
        for (ident, values) in self.properties() {
            sink.text_values(ident, values)?;
        }
        Ok(())
    }

    /// Writes the subtrees below this node, whose `(` and `;` and
    /// properties are written already, into the buffer up to (not
    /// including) the `)` that closes its game tree. The whole tree is
    /// checked before a full chunk leaves the buffer.
    fn write_below<W: io::Write>(&self, sink: &mut TreeSink<'_, W>) -> Result<(), WriteError> {
        if sink.checks_shape() {
            self.write_below_checked::<W, true>(sink)
        } else {
            self.write_below_checked::<W, false>(sink)
        }
    }

    /// [`write_below`](Self::write_below), checking identifiers and empty
    /// properties if `CHECK`.
    fn write_below_checked<W: io::Write, const CHECK: bool>(
        &self,
        sink: &mut TreeSink<'_, W>,
    ) -> Result<(), WriteError> {
        let escape = sink.text_escape();
        let arena = self.arena();
        let mut stack: Vec<ChildNodes<'_>> = Vec::new();
        let mut node = *self;
        let mut after_variation = false;
        let mut buf = sink.buf();
        loop {
            let mut children = node.child_nodes();
            node = match (children.next(), children.is_done()) {
                (None, _) => {
                    // A leaf: close variations until one has a sibling left.
                    let next = loop {
                        let Some(siblings) = stack.last_mut() else {
                            sink.body_written(after_variation);
                            return Ok(());
                        };
                        buf.push(b')');
                        match siblings.next() {
                            Some(sibling) => break sibling,
                            None => {
                                stack.pop();
                                after_variation = true;
                            }
                        }
                    };
                    buf.push(b'(');
                    after_variation = false;
                    next
                }
                (Some(only), true) => only,
                (Some(first), false) => {
                    stack.push(children);
                    buf.push(b'(');
                    first
                }
            };
            match move_node(arena, node.props()) {
                Some(bytes) => buf.extend_from_slice(&bytes),
                None => write_props(buf, arena, node.props(), escape, CHECK)?,
            }
            if buf.len() >= CHUNK {
                sink.hand_on_full(|sink| self.check(sink))?;
                buf = sink.buf();
            }
        }
    }

    /// Checks every identifier and value of the tree.
    fn check<W: io::Write>(&self, sink: &mut TreeSink<'_, W>) -> Result<(), WriteError> {
        let mut scratch = Vec::new();
        for node in self.nodes() {
            for (ident, values) in node.properties() {
                sink.check_text(ident, values, &mut scratch)?;
            }
        }
        Ok(())
    }
}

/// The whole text `;B[pd]` of the commonest node, a move: one property
/// with a one-letter identifier and one two-byte value with nothing to
/// escape. `None` for any other node.
#[inline(always)]
fn move_node(arena: &Arena, props: &[PropData]) -> Option<[u8; 6]> {
    let [prop] = props else {
        return None;
    };
    if prop.ident_len() != 1 || prop.count() != 1 {
        return None;
    }
    // The block is the letter and the value.
    let start = prop.text as usize;
    let end = arena.ends[prop.ends as usize] as usize;
    let [letter, a, b] = *arena.text.as_bytes().get(start..end)? else {
        return None;
    };
    let plain = |byte: u8| !matches!(byte, b'\\' | b']' | b'\n');
    // `write_props` checks any other identifier.
    (letter.is_ascii_uppercase() && plain(a) && plain(b))
        .then_some([b';', letter, b'[', a, b, b']'])
}

/// Appends a node, `;` and its properties with values escaped; `check`
/// says whether to check identifiers and empty properties.
#[inline]
fn write_props(
    buf: &mut Vec<u8>,
    arena: &Arena,
    props: &[PropData],
    escape: Escape,
    check: bool,
) -> Result<(), WriteError> {
    buf.push(b';');
    for prop in props {
        let ident = arena.ident(prop);
        let values = arena.values(prop);
        let uppercase =
            || (1..=2).contains(&ident.len()) && ident.bytes().all(|b| b.is_ascii_uppercase());
        if check && (values.is_empty() || !uppercase()) {
            check_shape(ident, values.len())?;
        }
        put_short(buf, ident.as_bytes());
        for value in values {
            put_value(buf, value.as_bytes(), escape);
        }
    }
    Ok(())
}

/// Appends `[value]`, escaped.
#[inline]
fn put_value(buf: &mut Vec<u8>, value: &[u8], escape: Escape) {
    buf.push(b'[');
    if value.len() <= 4 && !value.iter().any(|&b| matches!(b, b'\\' | b']' | b'\n')) {
        // A point or a number: nothing to escape.
        put_short(buf, value);
    } else {
        escape_into(value, escape, buf);
    }
    buf.push(b']');
}

/// Appends a few bytes: a byte at a time, cheaper than a call to copy
/// memory for identifiers and points.
#[inline]
fn put_short(buf: &mut Vec<u8>, bytes: &[u8]) {
    if bytes.len() <= 4 {
        buf.extend(bytes.iter().copied());
    } else {
        buf.extend_from_slice(bytes);
    }
}

impl fmt::Display for SgfTree {
    /// The tree as [`Writer::write_tree`](super::Writer::write_tree)
    /// writes it with the default options, without the final line break:
    /// SGF on one line, `\` and `]` in values escaped, a root `CA` that
    /// names another charset than UTF-8 written `CA[UTF-8]`. The output
    /// parses back to an equal tree when every identifier is uppercase
    /// letters and every value is decoded Text (tabs and CRs are read back
    /// as spaces and line feeds). Where the writer refuses a tree, the
    /// output is not SGF: an identifier that is not uppercase letters is
    /// written as it is, and a property with no value as its identifier.
    ///
    /// ```
    /// let tree = sgf_stream::parse("(;CA[latin1]C[a\\]b];B[pd])")?;
    /// assert_eq!(tree.to_string(), "(;CA[UTF-8]C[a\\]b];B[pd])");
    /// # Ok::<(), sgf_stream::Error>(())
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let options = WriteOptions::new().final_newline(false);
        let mut writer = Writer::with_capacity(Formatted(f), options, DISPLAY_BUFFER);
        writer.write_tree_as_is(self).map_err(|_| fmt::Error)?;
        writer.into_inner().map_err(|_| fmt::Error)?;
        Ok(())
    }
}

/// The buffer a `Display` writer starts with: a game record's text.
const DISPLAY_BUFFER: usize = 4096;

/// A formatter as an [`io::Write`], for the writer. The writer hands it
/// whole events, which are UTF-8 for a tree of `String`s.
struct Formatted<'a, 'f>(&'a mut fmt::Formatter<'f>);

impl io::Write for Formatted<'_, '_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let text =
            std::str::from_utf8(buf).map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e))?;
        self.0.write_str(text).map_err(io::Error::other)?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::{Newline, SgfTree, WriteError, WriteOptions, Writer};

    /// A root with one line of children, each holding one property.
    fn line(props: &[(&str, &str)]) -> SgfTree {
        let mut tree = SgfTree::new();
        tree.set("GM", ["1"]);
        let mut at = tree.root_mut();
        for &(ident, value) in props {
            at.push_child(SgfTree::new().with(ident, [value]));
            at = at.into_child(0).expect("just pushed");
        }
        tree
    }

    fn written(tree: &SgfTree, options: WriteOptions) -> Result<String, WriteError> {
        let mut writer = Writer::with_options(Vec::new(), options);
        writer.write_tree(tree)?;
        Ok(String::from_utf8(writer.into_inner()?).expect("UTF-8 output"))
    }

    #[test]
    fn move_nodes_escape_and_check_like_every_node() {
        let tree = line(&[
            ("B", "pd"),
            ("W", "a]"),
            ("B", "\\x"),
            ("W", "a\n"),
            ("B", ""),
        ]);
        assert_eq!(
            written(&tree, WriteOptions::new()).unwrap(),
            "(;GM[1];B[pd];W[a\\]];B[\\\\x];W[a\n];B[])\n"
        );
        let crlf = WriteOptions::new().newline(Newline::CrLf);
        assert_eq!(
            written(&tree, crlf).unwrap(),
            "(;GM[1];B[pd];W[a\\]];B[\\\\x];W[a\r\n];B[])\r\n"
        );
        let lowercase = line(&[("B", "pd"), ("w", "dp")]);
        assert!(matches!(
            written(&lowercase, WriteOptions::new()),
            Err(WriteError::InvalidIdentifier(ident)) if ident == "w"
        ));
        assert_eq!(lowercase.to_string(), "(;GM[1];B[pd];w[dp])");
    }

    #[test]
    fn display_writes_what_the_writer_refuses_as_it_is() {
        let empty = line(&[("B", "pd")]).with("AB", Vec::<String>::new());
        assert!(matches!(
            written(&empty, WriteOptions::new()),
            Err(WriteError::NoValues(ident)) if ident == "AB"
        ));
        assert_eq!(empty.to_string(), "(;GM[1]AB;B[pd])");
        let mut below = line(&[("B", "pd"), ("W", "dp")]);
        let mut first = below.root_mut().into_child(0).unwrap();
        first.set("b", ["x"]);
        first.child(0).unwrap().set("LB", Vec::<String>::new());
        assert_eq!(below.to_string(), "(;GM[1];B[pd]b[x];W[dp]LB)");
    }
}
