//! [`Node`]: one node of an [`SgfTree`] with everything below it, borrowed
//! from the tree; and its iterators.

use std::fmt;

use super::arena::{Arena, ChildIds, PropData, NONE};
use super::values::Values;
use super::walk::Walk;
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

    /// The values of property `ident`, if this node has it (the first
    /// one, if it repeats).
    #[inline]
    pub fn get(&self, ident: &str) -> Option<Values<'t>> {
        let arena = self.arena;
        arena
            .props_of(self.id)
            .iter()
            .find(|prop| arena.ident(prop) == ident)
            .map(|prop| arena.values(prop))
    }

    /// The properties in file order, as `(identifier, values)`.
    #[inline]
    pub fn properties(&self) -> NodeProperties<'t> {
        NodeProperties {
            arena: self.arena,
            props: self.arena.props_of(self.id).iter(),
        }
    }

    /// The children in order; the first one is the main line.
    #[inline]
    pub fn children(&self) -> Children<'t> {
        Children::of(self.arena, self.id)
    }

    /// The children one at a time, for the walks.
    #[inline]
    pub(crate) fn child_nodes(&self) -> ChildNodes<'t> {
        ChildNodes {
            arena: self.arena,
            ids: self.arena.children(self.id),
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
        let mut stack = vec![self.id];
        let mut children = Vec::new();
        std::iter::from_fn(move || {
            let id = stack.pop()?;
            children.extend(arena.children(id));
            stack.extend(children.drain(..).rev());
            Some(Node::new(arena, id))
        })
    }

    /// The nodes of the main line: this node, its first child, that one's
    /// first child, and so on.
    pub fn main_line(&self) -> impl Iterator<Item = Node<'t>> + 't {
        std::iter::successors(Some(*self), Node::first_child)
    }

    /// Walks the subtree as the events that write it; see
    /// [`SgfTree::walk`].
    pub fn walk(&self) -> Walk<'t> {
        Walk::new(*self)
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
        super::traits::debug_subtree(*self, "Node", f)
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
