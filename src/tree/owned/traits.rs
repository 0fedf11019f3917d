//! `PartialEq`, `Debug` and `Display` of [`SgfTree`] and `PartialEq` and
//! `Debug` of [`Node`], each with an explicit stack instead of recursion.

use std::fmt;
use std::io;

use super::children::ChildNodes;
use super::{Node, SgfTree};
use crate::write::{WriteOptions, Writer};

impl PartialEq for Node<'_> {
    /// Whether the two subtrees have the same properties and shape.
    fn eq(&self, other: &Self) -> bool {
        let mut stack = vec![(*self, *other)];
        while let Some((a, b)) = stack.pop() {
            if !a.properties().eq(b.properties()) {
                return false;
            }
            let (mut left, mut right) = (a.child_nodes(), b.child_nodes());
            loop {
                match (left.next(), right.next()) {
                    (Some(l), Some(r)) => stack.push((l, r)),
                    (None, None) => break,
                    _ => return false,
                }
            }
        }
        true
    }
}

impl Eq for Node<'_> {}

impl fmt::Debug for Node<'_> {
    /// `Node { properties: {..}, children: [..] }`, nested like a derived
    /// `Debug` but written without recursion.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        debug_subtree(*self, "Node", f)
    }
}

impl PartialEq for SgfTree {
    /// Whether the two trees have the same properties and shape, however
    /// their storage is laid out.
    fn eq(&self, other: &Self) -> bool {
        self.root() == other.root()
    }
}

impl Eq for SgfTree {}

impl fmt::Debug for SgfTree {
    /// `SgfTree { properties: {..}, children: [..] }`, nested like a
    /// derived `Debug` but written without recursion.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        debug_subtree(self.root(), "SgfTree", f)
    }
}

/// Writes `node`'s subtree as `name { properties: {..}, children: [..] }`
/// at every level, with a stack instead of recursion.
pub(crate) fn debug_subtree(node: Node<'_>, name: &str, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let mut stack: Vec<(ChildNodes<'_>, bool)> = Vec::new();
    let mut node = node;
    loop {
        write!(
            f,
            "{name} {{ properties: {:?}, children: [",
            node.properties()
        )?;
        stack.push((node.child_nodes(), false));
        // Open the next child, closing the nodes whose children are done.
        loop {
            let Some((siblings, wrote_one)) = stack.last_mut() else {
                return Ok(());
            };
            match siblings.next() {
                Some(child) => {
                    if *wrote_one {
                        f.write_str(", ")?;
                    }
                    *wrote_one = true;
                    node = child;
                    break;
                }
                None => {
                    stack.pop();
                    f.write_str("] }")?;
                }
            }
        }
    }
}

impl fmt::Display for SgfTree {
    /// The tree as [`Writer::write_tree`](crate::Writer::write_tree)
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
