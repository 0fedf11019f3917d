//! [`Children`]: the children of a [`Node`], gathered as a slice; and
//! [`ChildNodes`], the same one at a time for the walks.

use std::fmt;

use super::arena::{Arena, ChildIds};
use super::node::Node;

impl<'t> Node<'t> {
    /// The children in order; the first one is the main line.
    #[inline]
    pub fn children(&self) -> Children<'t> {
        Children::of(self.arena(), self.id())
    }

    /// The children one at a time, for the walks.
    #[inline]
    pub(crate) fn child_nodes(&self) -> ChildNodes<'t> {
        ChildNodes {
            arena: self.arena(),
            ids: self.arena().children(self.id()),
        }
    }
}

/// The children of a node in order, borrowed: a slice of [`Node`]s (it
/// derefs to `[Node]`), so `children()[0]`, `.len()`, `.first()` and
/// `.iter()` read as they do on a vector. Up to four are held without an
/// allocation.
///
/// ```
/// let tree = sgf_stream::parse("(;GM[1](;B[pd])(;B[dd]))")?;
/// let children = tree.children();
/// assert_eq!(children.len(), 2);
/// assert_eq!(children[1].get("B").unwrap(), ["dd"]);
/// let moves: Vec<&str> = children.iter().filter_map(|c| c.get("B")?.first()).collect();
/// assert_eq!(moves, ["pd", "dd"]);
/// # Ok::<(), sgf_stream::Error>(())
/// ```
#[derive(Clone)]
pub struct Children<'t>(ChildSlots<'t>);

/// Where [`Children`] holds its nodes.
#[derive(Clone)]
enum ChildSlots<'t> {
    /// The first `len` slots are the children.
    Inline {
        slots: [Node<'t>; INLINE],
        len: usize,
    },
    Spilled(Vec<Node<'t>>),
}

/// How many children [`Children`] holds without an allocation.
const INLINE: usize = 4;

impl<'t> Children<'t> {
    /// The children of node `id` of `arena`.
    #[inline]
    fn of(arena: &'t Arena, id: u32) -> Self {
        let filler = Node::new(arena, id);
        let mut slots = [filler; INLINE];
        let mut ids = arena.children(id);
        let mut len = 0;
        for (slot, child) in slots.iter_mut().zip(ids.by_ref()) {
            *slot = Node::new(arena, child);
            len += 1;
        }
        if ids.is_done() {
            return Children(ChildSlots::Inline { slots, len });
        }
        let mut spilled = slots.to_vec();
        spilled.extend(ids.map(|child| Node::new(arena, child)));
        Children(ChildSlots::Spilled(spilled))
    }
}

impl<'t> std::ops::Deref for Children<'t> {
    type Target = [Node<'t>];

    #[inline]
    fn deref(&self) -> &[Node<'t>] {
        match &self.0 {
            ChildSlots::Inline { slots, len } => &slots[..*len],
            ChildSlots::Spilled(nodes) => nodes,
        }
    }
}

impl<'a, 't> IntoIterator for &'a Children<'t> {
    type Item = &'a Node<'t>;
    type IntoIter = std::slice::Iter<'a, Node<'t>>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<'t> IntoIterator for Children<'t> {
    type Item = Node<'t>;
    type IntoIter = ChildrenIter<'t>;

    fn into_iter(self) -> ChildrenIter<'t> {
        ChildrenIter {
            children: self,
            next: 0,
        }
    }
}

impl fmt::Debug for Children<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// The children of a node, by value; see [`Children`].
#[derive(Clone, Debug)]
pub struct ChildrenIter<'t> {
    children: Children<'t>,
    next: usize,
}

impl<'t> Iterator for ChildrenIter<'t> {
    type Item = Node<'t>;

    fn next(&mut self) -> Option<Node<'t>> {
        let node = *self.children.get(self.next)?;
        self.next += 1;
        Some(node)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.children.len() - self.next;
        (left, Some(left))
    }
}

impl ExactSizeIterator for ChildrenIter<'_> {}

/// The children of a node in order, one at a time, without gathering
/// them: for the walks.
#[derive(Clone, Debug)]
pub(crate) struct ChildNodes<'t> {
    arena: &'t Arena,
    ids: ChildIds<'t>,
}

impl ChildNodes<'_> {
    /// Whether no child is left.
    #[inline]
    pub(crate) fn is_done(&self) -> bool {
        self.ids.is_done()
    }
}

impl<'t> Iterator for ChildNodes<'t> {
    type Item = Node<'t>;

    #[inline]
    fn next(&mut self) -> Option<Node<'t>> {
        self.ids.next().map(|id| Node::new(self.arena, id))
    }
}
