//! [`NodeMut`]: one node of an [`SgfTree`], borrowed for changing it.

use std::fmt;

use super::arena::{Arena, PropData, TOO_LARGE};
use super::node::Node;
use super::SgfTree;

/// One node of an [`SgfTree`], borrowed mutably: set and remove its
/// properties, add and remove children, move down to a child.
///
/// A change that makes a property or a node's list of properties longer
/// stores the new one at the end of the tree's storage; the old one stays
/// there unused until the tree is copied ([`Node::to_tree`]).
///
/// # Panics
/// The calls that add a property panic where a tree cannot hold it: past
/// 4 GiB of text, 16 million values in one property, or an identifier of
/// 255 bytes.
///
/// ```
/// use sgf_stream::SgfTree;
/// let mut tree = sgf_stream::parse("(;GM[1];B[pd])")?;
/// let mut root = tree.root_mut();
/// root.push_child(SgfTree::new().with("B", ["dd"]));
/// root.child(0).unwrap().set("C", ["main line"]);
/// assert_eq!(tree.to_string(), "(;GM[1](;B[pd]C[main line])(;B[dd]))");
/// # Ok::<(), sgf_stream::Error>(())
/// ```
pub struct NodeMut<'t> {
    arena: &'t mut Arena,
    id: u32,
}

impl<'t> NodeMut<'t> {
    pub(crate) fn new(arena: &'t mut Arena, id: u32) -> Self {
        NodeMut { arena, id }
    }

    /// The node, for reading.
    pub fn as_node(&self) -> Node<'_> {
        Node::new(self.arena, self.id)
    }

    /// Sets property `ident` to `values`, replacing the old values in
    /// place or adding it at the end.
    pub fn set<I, V>(&mut self, ident: &str, values: I)
    where
        I: IntoIterator<Item = V>,
        V: AsRef<str>,
    {
        let prop = self.arena.write_prop(ident, values).expect(TOO_LARGE);
        match self.arena.find(self.id, ident) {
            Some(at) => self.arena.props[at] = prop,
            None => self.push(prop),
        }
    }

    /// Adds property `ident` at the end without looking for an existing
    /// one (which [`set`](Self::set) replaces): constant time, for code
    /// that builds nodes with many properties and knows they are new.
    /// [`get`](Node::get) finds the first of repeated identifiers.
    pub fn push_property<I, V>(&mut self, ident: &str, values: I)
    where
        I: IntoIterator<Item = V>,
        V: AsRef<str>,
    {
        let prop = self.arena.write_prop(ident, values).expect(TOO_LARGE);
        self.push(prop);
    }

    /// Adds `prop` at the end of the node's properties.
    fn push(&mut self, prop: PropData) {
        self.arena.make_room(self.id);
        self.arena.props.push(prop);
        self.arena.nodes[self.id as usize].prop_count += 1;
    }

    /// Removes property `ident` (its first instance), returning its
    /// values.
    pub fn remove(&mut self, ident: &str) -> Option<Vec<String>> {
        let at = self.arena.find(self.id, ident)?;
        let values = self.arena.values(&self.arena.props[at]).to_vec();
        let node = &mut self.arena.nodes[self.id as usize];
        let end = (node.props + node.prop_count) as usize;
        node.prop_count -= 1;
        self.arena.props.copy_within(at + 1..end, at);
        Some(values)
    }

    /// Removes every property and returns them in file order, as
    /// `(identifier, values)`.
    pub fn take_properties(&mut self) -> Vec<(String, Vec<String>)> {
        let arena = &*self.arena;
        let taken = arena
            .props_of(self.id)
            .iter()
            .map(|prop| (arena.ident(prop).to_owned(), arena.values(prop).to_vec()))
            .collect();
        self.arena.nodes[self.id as usize].prop_count = 0;
        taken
    }

    /// Adds a copy of `child` as the last child; returns it.
    pub fn push_child(&mut self, child: SgfTree) -> NodeMut<'_> {
        let (arena, root) = child.into_parts();
        let id = self.arena.copy_subtree(&arena, root);
        self.arena.link_last_child(self.id, id);
        NodeMut::new(self.arena, id)
    }

    /// Child `index`, for changing it.
    pub fn child(&mut self, index: usize) -> Option<NodeMut<'_>> {
        let id = self.arena.children(self.id).nth(index)?;
        Some(NodeMut::new(self.arena, id))
    }

    /// Child `index`, for changing it, giving up this borrow: for going
    /// down the tree in a loop.
    pub fn into_child(self, index: usize) -> Option<NodeMut<'t>> {
        let id = self.arena.children(self.id).nth(index)?;
        Some(NodeMut::new(self.arena, id))
    }

    /// Removes child `index` and returns its subtree.
    ///
    /// ```
    /// let mut tree = sgf_stream::parse("(;GM[1](;B[pd])(;B[dd]))")?;
    /// let gone = tree.root_mut().remove_child(0).unwrap();
    /// assert_eq!(gone.to_string(), "(;B[pd])");
    /// assert_eq!(tree.to_string(), "(;GM[1];B[dd])");
    /// # Ok::<(), sgf_stream::Error>(())
    /// ```
    pub fn remove_child(&mut self, index: usize) -> Option<SgfTree> {
        let id = self.arena.unlink_child(self.id, index)?;
        Some(Node::new(self.arena, id).to_tree())
    }

    /// Removes every child and returns their subtrees in order.
    pub fn take_children(&mut self) -> Vec<SgfTree> {
        let arena = &*self.arena;
        let children = arena
            .children(self.id)
            .map(|id| Node::new(arena, id).to_tree())
            .collect();
        self.arena.nodes[self.id as usize].last_child = super::arena::NONE;
        children
    }
}

impl fmt::Debug for NodeMut<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.as_node(), f)
    }
}
