//! [`SgfTree`]: an owned game tree with decoded values, stored in a few
//! vectors per game (`arena.rs`), read through borrowed [`Node`]s and
//! [`Values`], changed through [`NodeMut`]; walked, compared, cloned and
//! dropped without recursion.

pub(crate) mod arena;
pub(crate) mod children;
mod edit;
pub(crate) mod node;
mod text;
pub(crate) mod traits;
mod values;
mod walk;

pub use children::{Children, ChildrenIter};
pub use edit::NodeMut;
pub use node::{Node, NodeProperties};
pub use values::{Values, ValuesIter};
pub use walk::{Walk, WalkEvent};

use arena::Arena;

/// A game tree, owned: its root node's properties in file order, values
/// decoded as SGF Text, and its children (the first child is the main
/// line), each a borrowed [`Node`] that reads the same way.
///
/// The whole tree lives in a few vectors, not one allocation per node or
/// value. Cloning, comparing, formatting and dropping never recurse, so a
/// tree of a million nested nodes is fine on a small stack.
///
/// ```
/// let tree = sgf_stream::parse("(;SZ[19]C[hi\\]];B[pd](;W[dp])(;W[dd]))")?;
/// assert_eq!(tree.get("C").unwrap(), ["hi]"]);
/// assert_eq!(tree.children()[0].children().len(), 2);
/// assert_eq!(tree.to_string(), "(;SZ[19]C[hi\\]];B[pd](;W[dp])(;W[dd]))");
/// # Ok::<(), sgf_stream::Error>(())
/// ```
#[derive(Clone)]
pub struct SgfTree {
    arena: Arena,
    root: u32,
}

impl Default for SgfTree {
    fn default() -> Self {
        SgfTree::from_arena(Arena::single(), 0)
    }
}

impl SgfTree {
    /// A node with no properties and no children.
    pub fn new() -> Self {
        SgfTree::default()
    }

    /// The tree of node `root` of `arena`.
    pub(crate) fn from_arena(arena: Arena, root: u32) -> Self {
        SgfTree { arena, root }
    }

    /// The storage and the root's id in it.
    pub(crate) fn into_parts(self) -> (Arena, u32) {
        (self.arena, self.root)
    }

    /// The root node, borrowed: what the other calls read.
    #[inline]
    pub fn root(&self) -> Node<'_> {
        Node::new(&self.arena, self.root)
    }

    /// The root node, for changing the tree.
    ///
    /// ```
    /// let mut tree = sgf_stream::parse("(;GM[1];B[pd];W[dp])")?;
    /// let mut node = tree.root_mut();
    /// while node.as_node().first_child().is_some() {
    ///     node = node.into_child(0).unwrap();
    /// }
    /// node.set("C", ["the last move"]);
    /// assert_eq!(tree.to_string(), "(;GM[1];B[pd];W[dp]C[the last move])");
    /// # Ok::<(), sgf_stream::Error>(())
    /// ```
    #[inline]
    pub fn root_mut(&mut self) -> NodeMut<'_> {
        NodeMut::new(&mut self.arena, self.root)
    }

    /// The values of property `ident`, if the root has it, decoded as
    /// Text: [`Values`] compare equal to arrays and vectors of `&str`.
    #[inline]
    pub fn get(&self, ident: &str) -> Option<Values<'_>> {
        self.root().get(ident)
    }

    /// The root's properties in file order, as `(identifier, values)`.
    #[inline]
    pub fn properties(&self) -> NodeProperties<'_> {
        self.root().properties()
    }

    /// The root's children; the first one is the main line.
    #[inline]
    pub fn children(&self) -> Children<'_> {
        self.root().children()
    }

    /// Sets property `ident` of the root to `values`, replacing the old
    /// values in place or adding it at the end.
    ///
    /// # Panics
    /// As [`NodeMut`]'s calls do, where a tree cannot hold the property.
    ///
    /// ```
    /// let mut root = sgf_stream::SgfTree::new();
    /// root.set("SZ", ["19"]);
    /// root.set("SZ", ["9"]);
    /// assert_eq!(root.to_string(), "(;SZ[9])");
    /// ```
    pub fn set<I, V>(&mut self, ident: &str, values: I)
    where
        I: IntoIterator<Item = V>,
        V: AsRef<str>,
    {
        self.root_mut().set(ident, values);
    }

    /// Adds property `ident` at the end of the root's properties without
    /// looking for an existing one; see [`NodeMut::push_property`].
    ///
    /// # Panics
    /// As [`NodeMut`]'s calls do, where a tree cannot hold the property.
    ///
    /// ```
    /// let mut node = sgf_stream::SgfTree::new();
    /// node.push_property("AB", ["aa", "bb"]);
    /// assert_eq!(node.to_string(), "(;AB[aa][bb])");
    /// ```
    pub fn push_property<I, V>(&mut self, ident: &str, values: I)
    where
        I: IntoIterator<Item = V>,
        V: AsRef<str>,
    {
        self.root_mut().push_property(ident, values);
    }

    /// Removes every property of the root and returns them in file
    /// order, as `(identifier, values)`.
    ///
    /// ```
    /// let mut node = sgf_stream::parse("(;SZ[9]FF[4])")?;
    /// let mut props = node.take_properties();
    /// props.sort();
    /// for (ident, values) in props {
    ///     node.push_property(&ident, values);
    /// }
    /// assert_eq!(node.to_string(), "(;FF[4]SZ[9])");
    /// # Ok::<(), sgf_stream::Error>(())
    /// ```
    pub fn take_properties(&mut self) -> Vec<(String, Vec<String>)> {
        self.root_mut().take_properties()
    }

    /// Removes property `ident` of the root, returning its values.
    pub fn remove(&mut self, ident: &str) -> Option<Vec<String>> {
        self.root_mut().remove(ident)
    }

    /// [`set`](Self::set), returning the tree: for building trees in code.
    ///
    /// # Panics
    /// As [`NodeMut`]'s calls do, where a tree cannot hold the property.
    pub fn with<I, V>(mut self, ident: &str, values: I) -> Self
    where
        I: IntoIterator<Item = V>,
        V: AsRef<str>,
    {
        self.set(ident, values);
        self
    }

    /// Adds `child` as the root's last child, returning the tree. The
    /// smaller of the two trees is copied into the other's storage, so
    /// building a tree bottom up this way takes time linear in its size
    /// times at most its depth of nesting.
    ///
    /// ```
    /// use sgf_stream::SgfTree;
    /// let tree = SgfTree::new()
    ///     .with("GM", ["1"])
    ///     .with_child(SgfTree::new().with("B", ["pd"]))
    ///     .with_child(SgfTree::new().with("B", ["dd"]));
    /// assert_eq!(tree.to_string(), "(;GM[1](;B[pd])(;B[dd]))");
    /// ```
    pub fn with_child(mut self, mut child: SgfTree) -> Self {
        if child.arena.nodes.len() > self.arena.nodes.len() {
            // Copy this tree into the child's storage, and root it there.
            let root = child.arena.copy_subtree(&self.arena, self.root);
            child.arena.link_last_child(root, child.root);
            child.root = root;
            return child;
        }
        self.root_mut().push_child(child);
        self
    }

    /// Every node of the tree in pre-order (a node, then its children's
    /// subtrees in order), the root first.
    pub fn nodes(&self) -> impl Iterator<Item = Node<'_>> + '_ {
        self.root().nodes()
    }

    /// The nodes of the main line: the root, its first child, that one's
    /// first child, and so on.
    pub fn main_line(&self) -> impl Iterator<Item = Node<'_>> + '_ {
        self.root().main_line()
    }

    /// Walks the tree as the events that write it: a pre-order walk over
    /// first children and next siblings that opens a variation where a
    /// node has siblings.
    ///
    /// ```
    /// use sgf_stream::{parse, tree::WalkEvent};
    /// let tree = parse("(;A[1](;B[2])(;C[3]))")?;
    /// let opens = tree.walk().filter(|e| matches!(e, WalkEvent::StartGameTree)).count();
    /// assert_eq!(opens, 3);
    /// # Ok::<(), sgf_stream::Error>(())
    /// ```
    pub fn walk(&self) -> Walk<'_> {
        self.root().walk()
    }
}

impl<'t> From<Node<'t>> for SgfTree {
    /// [`Node::to_tree`].
    fn from(node: Node<'t>) -> Self {
        node.to_tree()
    }
}
