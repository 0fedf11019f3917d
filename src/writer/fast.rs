//! The fast path of [`Writer::write_tree`] for compact UTF-8 output
//! without wrapping (the default options): below the root node the walk
//! writes straight into the output buffer, with no per-event grammar
//! checks (a tree's shape is always valid) and no layout decisions.
//!
//! The walk is [`SgfTree::walk`]'s, inlined: first child / next sibling
//! in pre-order, with a stack holding, for each open variation, the
//! siblings still to visit (see the [module docs](super)).

use std::io;

use super::layout::escape_into;
use super::{check_ident, State, WriteError, Writer, CHUNK};
use crate::tree::repr::{self, Property};
use crate::tree::SgfTree;

impl<W: io::Write> Writer<W> {
    /// Writes the subtrees below `top`, whose `(` and `;` and properties
    /// are written already, up to (not including) the `)` that closes
    /// `top`'s game tree. `checked` says whether the whole tree is known
    /// to be valid; it is checked before a full chunk leaves the buffer.
    pub(super) fn walk_plain(
        &mut self,
        tree: &SgfTree,
        top: &SgfTree,
        checked: &mut bool,
    ) -> Result<(), WriteError> {
        let crlf = self.out.crlf();
        let mut stack: Vec<std::slice::Iter<'_, SgfTree>> = Vec::new();
        let mut node = top;
        let mut after_variation = false;
        loop {
            node = match node.children() {
                [] => {
                    // A leaf: close variations until one has a sibling left.
                    let next = loop {
                        let Some(siblings) = stack.last_mut() else {
                            self.state = if after_variation {
                                State::AfterVariation
                            } else {
                                State::InNode
                            };
                            return Ok(());
                        };
                        self.out.buf.push(b')');
                        self.depth -= 1;
                        match siblings.next() {
                            Some(sibling) => break sibling,
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
                [only] => only,
                [first, rest @ ..] => {
                    stack.push(rest.iter());
                    self.out.buf.push(b'(');
                    self.depth += 1;
                    first
                }
            };
            match move_node(node.props()) {
                Some(bytes) => self.out.buf.extend_from_slice(&bytes),
                None => {
                    self.out.buf.push(b';');
                    write_props(&mut self.out.buf, node.props(), crlf)?;
                }
            }
            if self.out.buf.len() >= CHUNK {
                if !*checked {
                    self.check_tree(tree)?;
                    *checked = true;
                }
                self.write_buffer()?;
            }
        }
    }
}

/// The whole text `;B[pd]` of the commonest node, a move: one property
/// with a one-letter identifier and one two-byte value with nothing to
/// escape. `None` for any other node.
#[inline(always)]
fn move_node(props: &[Property]) -> Option<[u8; 6]> {
    let [prop] = props else {
        return None;
    };
    let [letter] = *prop.ident.as_bytes() else {
        return None;
    };
    let [value] = prop.values.as_slice() else {
        return None;
    };
    let [a, b] = *value.as_bytes() else {
        return None;
    };
    let plain = |byte: u8| !matches!(byte, b'\\' | b']' | b'\n');
    // A static identifier is an uppercase letter; `write_props` checks
    // any other.
    (repr::is_static(&prop.ident) && plain(a) && plain(b))
        .then_some([b';', letter, b'[', a, b, b']'])
}

/// Appends a node's properties, values escaped, to `buf`.
#[inline]
fn write_props(buf: &mut Vec<u8>, props: &[Property], crlf: bool) -> Result<(), WriteError> {
    for prop in props {
        let ident = &*prop.ident;
        if !repr::is_static(&prop.ident) {
            check_ident(ident)?;
        }
        let values = prop.values.as_slice();
        if values.is_empty() {
            return Err(WriteError::NoValues(ident.to_string()));
        }
        put_short(buf, ident.as_bytes());
        for value in values {
            let value = value.as_bytes();
            buf.push(b'[');
            if value.len() <= 4 && !value.iter().any(|&b| matches!(b, b'\\' | b']' | b'\n')) {
                // A point or a number: nothing to escape.
                put_short(buf, value);
            } else {
                escape_into(value, false, crlf, buf);
            }
            buf.push(b']');
        }
    }
    Ok(())
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

#[cfg(test)]
mod tests {
    use crate::{Newline, SgfTree, WriteError, WriteOptions, Writer};

    /// A root with one line of children, each holding one property.
    fn line(props: &[(&str, &str)]) -> SgfTree {
        let mut root = SgfTree::new();
        root.set("GM", ["1"]);
        let mut at = &mut root;
        for &(ident, value) in props {
            let mut node = SgfTree::new();
            node.set(ident, [value]);
            at.children_mut().push(node);
            at = &mut at.children_mut()[0];
        }
        root
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
    }
}
