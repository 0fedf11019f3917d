//! [`Node`]: one node of an [`SgfTree`] with everything below it, borrowed
//! from the tree, and the iterator of its properties. Its children are
//! in `children.rs`, its walk in `walk.rs`, its comparison and `Debug` in
//! `traits.rs`.

use std::fmt;

use super::arena::{Arena, PropData, NONE};
use super::values::Values;
use super::SgfTree;

/// One node of an [`SgfTree`] and its subtree, borrowed: what
/// [`SgfTree::children`], [`SgfTree::nodes`] and [`SgfTree::walk`] give.
/// It is `Copy`, and reads like the tree: [`get`](Self::get),
/// [`properties`](Self::properties), [`children`](Self::children).
///
/// Comparing two nodes compares their subtrees, as comparing trees does.
///
/// ```
/// let tree = sgf_stream::parse("(;GM[1];B[pd](;W[dp])(;W[dd]))")?;
/// let first_move = tree.children()[0];
/// assert_eq!(first_move.get("B").unwrap(), ["pd"]);
/// let answers: Vec<&str> = first_move
///     .children()
///     .iter()
///     .filter_map(|child| child.get("W")?.first())
///     .collect();
/// assert_eq!(answers, ["dp", "dd"]);
/// # Ok::<(), sgf_stream::Error>(())
/// ```
#[derive(Clone, Copy)]
pub struct Node<'t> {
    arena: &'t Arena,
    id: u32,
}

impl<'t> Node<'t> {
    #[inline]
    pub(crate) fn new(arena: &'t Arena, id: u32) -> Self {
        Node { arena, id }
    }

    #[inline]
    pub(crate) fn arena(&self) -> &'t Arena {
        self.arena
    }

    /// The node's index in its arena.
    #[inline]
    pub(crate) fn id(&self) -> u32 {
        self.id
    }

    /// The values of property `ident`, if this node has it (the first
    /// one, if it repeats).
    #[inline]
    pub fn get(&self, ident: &str) -> Option<Values<'t>> {
        let at = self.arena.find(self.id, ident)?;
        Some(self.arena.values(&self.arena.props[at]))
    }

    /// The properties in file order, as `(identifier, values)`.
    #[inline]
    pub fn properties(&self) -> NodeProperties<'t> {
        NodeProperties {
            arena: self.arena,
            props: self.arena.props_of(self.id).iter(),
        }
    }

    /// The first child: the next node of the main line.
    #[inline]
    pub fn first_child(&self) -> Option<Node<'t>> {
        match self.arena.first_child(self.id) {
            NONE => None,
            id => Some(Node::new(self.arena, id)),
        }
    }

    /// Every node of the subtree in pre-order (a node, then its children's
    /// subtrees in order), this one first.
    pub fn nodes(&self) -> impl Iterator<Item = Node<'t>> + 't {
        let arena = self.arena;
        arena.pre_order(self.id).map(|id| Node::new(arena, id))
    }

    /// The nodes of the main line: this node, its first child, that one's
    /// first child, and so on.
    pub fn main_line(&self) -> impl Iterator<Item = Node<'t>> + 't {
        std::iter::successors(Some(*self), Node::first_child)
    }

    /// A copy of this node's subtree as a tree of its own.
    ///
    /// ```
    /// let tree = sgf_stream::parse("(;GM[1];B[pd](;W[dp])(;W[dd]))")?;
    /// let variation = tree.main_line().nth(1).unwrap().children()[1];
    /// assert_eq!(variation.to_tree().to_string(), "(;W[dd])");
    /// # Ok::<(), sgf_stream::Error>(())
    /// ```
    pub fn to_tree(&self) -> SgfTree {
        let mut arena = Arena::default();
        let root = arena.copy_subtree(self.arena, self.id);
        SgfTree::from_arena(arena, root)
    }

    /// The properties as stored, for the fast paths that read them.
    #[inline]
    pub(crate) fn props(&self) -> &'t [PropData] {
        self.arena.props_of(self.id)
    }
}

/// The properties of a node in file order, as `(identifier, values)`;
/// see [`Node::properties`].
#[derive(Clone)]
pub struct NodeProperties<'t> {
    arena: &'t Arena,
    props: std::slice::Iter<'t, PropData>,
}

impl<'t> Iterator for NodeProperties<'t> {
    type Item = (&'t str, Values<'t>);

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        let prop = self.props.next()?;
        Some((self.arena.ident(prop), self.arena.values(prop)))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.props.size_hint()
    }
}

impl ExactSizeIterator for NodeProperties<'_> {}

impl std::iter::FusedIterator for NodeProperties<'_> {}

impl fmt::Debug for NodeProperties<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.clone()).finish()
    }
}
