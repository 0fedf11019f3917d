//! [`NodeRef`]: a node of a [`CompactTree`], and [`Properties`], its
//! properties found in its bytes.

use std::fmt;

use bytes::Bytes;

use super::{CompactTree, CompactWalk, Node, HAS_CHILD, NONE};
use crate::event::RawValues;
use crate::lex::{find_close, skip_space};

/// A node of a [`CompactTree`]: a `Copy` handle with its links and
/// properties.
#[derive(Clone, Copy)]
pub struct NodeRef<'t> {
    pub(crate) tree: &'t CompactTree,
    pub(crate) index: u32,
}

impl<'t> NodeRef<'t> {
    fn node(&self) -> Node {
        self.tree.nodes[self.index as usize]
    }

    fn at(&self, index: u32) -> NodeRef<'t> {
        NodeRef {
            tree: self.tree,
            index,
        }
    }

    /// The node's place in file order, for [`CompactTree::get`].
    pub fn index(&self) -> usize {
        self.index as usize
    }

    /// The offset of the node's `;` in the input.
    pub fn offset(&self) -> usize {
        (self.node().start & !HAS_CHILD) as usize
    }

    /// The first child (the main line goes on there).
    pub fn first_child(&self) -> Option<NodeRef<'t>> {
        (self.node().start & HAS_CHILD != 0).then(|| self.at(self.index + 1))
    }

    /// The next sibling: the next variation, or for a game's root the next
    /// game's root.
    pub fn next_sibling(&self) -> Option<NodeRef<'t>> {
        let next = self.node().next_sibling;
        (next != NONE).then(|| self.at(next))
    }

    /// The children in order; the first one is the main line.
    pub fn children(&self) -> impl Iterator<Item = NodeRef<'t>> {
        std::iter::successors(self.first_child(), NodeRef::next_sibling)
    }

    /// This node, its first child, that one's first child, and so on.
    pub fn main_line(&self) -> impl Iterator<Item = NodeRef<'t>> {
        std::iter::successors(Some(*self), NodeRef::first_child)
    }

    /// The whole input of the tree, which [`offset`](Self::offset)
    /// counts in.
    ///
    /// ```
    /// let tree = sgf_stream::CompactTree::from_bytes("(;B[pd];W[dp])")?;
    /// let second = tree.get(1).unwrap();
    /// assert_eq!(&second.input()[second.offset()..], b";W[dp])");
    /// # Ok::<(), sgf_stream::Error>(())
    /// ```
    pub fn input(&self) -> &'t [u8] {
        &self.tree.source
    }

    /// The input from just after this node's `;` to the next node's `;`
    /// (or the end): its properties, then whitespace and parentheses.
    pub(crate) fn span(&self) -> &'t [u8] {
        let next = self.index as usize + 1;
        let end = match self.tree.nodes.get(next) {
            Some(node) => (node.start & !HAS_CHILD) as usize,
            None => self.tree.source.len(),
        };
        &self.tree.source[self.offset() + 1..end]
    }

    /// The properties in file order, as identifiers and raw values.
    pub fn properties(&self) -> Properties<'t> {
        Properties {
            rest: &self.tree.source[self.offset() + 1..],
        }
    }

    /// The raw values of property `ident`, if the node has it.
    pub fn get(&self, ident: &str) -> Option<RawValues<'t>> {
        self.properties()
            .find(|(id, _)| *id == ident)
            .map(|(_, values)| values)
    }

    /// The values run of property `ident` as a slice of the shared input
    /// buffer (no copy; `'static + Send`).
    pub fn get_bytes(&self, ident: &str) -> Option<Bytes> {
        let values = self.get(ident)?;
        Some(self.tree.source.slice_ref(values.as_bytes()))
    }

    /// Walks this node's subtree as the events that write it.
    pub fn walk(&self) -> CompactWalk<'t> {
        CompactWalk::new(*self)
    }
}

impl fmt::Debug for NodeRef<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.properties()).finish()
    }
}

/// Iterator of a node's properties; see [`NodeRef::properties`].
///
/// It walks bytes that the state machine already accepted, so it only
/// needs to find where each identifier and values run ends.
#[derive(Debug, Clone)]
pub struct Properties<'t> {
    rest: &'t [u8],
}

impl<'t> Iterator for Properties<'t> {
    type Item = (&'t str, RawValues<'t>);

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        let bytes: &'t [u8] = self.rest;
        // A move of two plain letters, `B[pd]`, the most common property,
        // followed by the next identifier or the end of the node.
        if let [b'B' | b'W', b'[', a, b, b']', ..] = *bytes {
            let next = bytes.get(5).copied();
            let ends = matches!(next, Some(b';' | b'(' | b')') | None);
            if is_plain(a) && is_plain(b) && (ends || next.is_some_and(|b| b.is_ascii_uppercase()))
            {
                self.rest = if ends { &[] } else { &bytes[5..] };
                // The identifier borrows the input, as every other does.
                let ident = std::str::from_utf8(&bytes[..1]).unwrap_or_default();
                return Some((ident, RawValues::new(&bytes[1..5], 1)));
            }
        }
        let start = skip_space(bytes, 0);
        let ident_len = bytes[start..]
            .iter()
            .take_while(|b| b.is_ascii_uppercase())
            .count();
        if ident_len == 0 {
            self.rest = &bytes[start..];
            return None;
        }
        let ident = std::str::from_utf8(&bytes[start..start + ident_len]).unwrap_or_default();
        let values_start = skip_space(bytes, start + ident_len);
        let (mut at, mut end, mut count) = (values_start, values_start, 0);
        while bytes.get(at) == Some(&b'[') {
            end = at + 1 + value_len(&bytes[at + 1..])? + 1;
            count += 1;
            at = skip_space(bytes, end);
        }
        self.rest = &bytes[end..];
        Some((ident, RawValues::new(&bytes[values_start..end], count)))
    }
}

/// Where the value in `body` (the bytes after its `[`) ends: a value of
/// two plain bytes is taken without a search.
#[inline]
fn value_len(body: &[u8]) -> Option<usize> {
    match *body {
        [b']', ..] => Some(0),
        [a, b, b']', ..] if is_plain(a) && is_plain(b) => Some(2),
        _ => find_close(body),
    }
}

/// Whether `b` in a value is neither its end nor an escape.
#[inline]
fn is_plain(b: u8) -> bool {
    b != b']' && b != b'\\'
}
