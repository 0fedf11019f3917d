//! [`CompactTree`]: a whole collection in two allocations, for bulk jobs.
//!
//! The input stays as it is, in one shared [`Bytes`] buffer; the tree is
//! one `Vec` of 8-byte nodes in file order (which is pre-order), each with
//! the offset of its `;` and the index of its next sibling (the next
//! variation, or for a game's root the next game). A node's first child
//! (the node that continues its line) is always the node right after it,
//! so a flag bit says whether it has one. Properties and values are found
//! in the node's bytes and decoded only when asked.
//!
//! ```
//! use sgf_stream::CompactTree;
//! let tree = CompactTree::from_bytes("(;GM[1]C[root];B[pd](;W[dp])(;W[dd]))")?;
//! let root = tree.root().unwrap();
//! assert_eq!(root.get("C").unwrap().first().text().unwrap(), "root");
//! let b = root.first_child().unwrap();
//! let replies: Vec<_> = b.children().map(|n| n.get("W").unwrap().first().as_bytes()).collect();
//! assert_eq!(replies, [&b"dp"[..], b"dd"]);
//! assert_eq!(tree.to_sgf_trees()?, sgf_stream::parse_collection(tree.source())?);
//! # Ok::<(), sgf_stream::Error>(())
//! ```

use std::fmt;

use bytes::Bytes;

mod node;
mod walk;

pub use node::{NodeRef, Properties};
pub use walk::{CompactEvent, CompactWalk};

/// "No node": index 0 is always a first game's root, never a sibling.
pub(crate) const NONE: u32 = 0;
/// The flag bit of [`Node::start`]: the next node is this one's child.
pub(crate) const HAS_CHILD: u32 = 1 << 31;
/// The largest input a compact tree can index.
pub(crate) const MAX_INPUT: usize = (HAS_CHILD - 1) as usize;

/// One node: where its `;` is, and links.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Node {
    /// The offset of the node's `;`, with [`HAS_CHILD`] or'ed in.
    pub(crate) start: u32,
    /// The index of the next sibling, or [`NONE`].
    pub(crate) next_sibling: u32,
}

/// An SGF collection as an arena of nodes over the input's bytes.
///
/// The input stays as it is, in one shared [`Bytes`] buffer; the nodes
/// are one `Vec` in file order (pre-order), 8 bytes each: the offset of
/// the node's `;` and the index of its next sibling. A node's first child
/// is always the node right after it (a flag bit says whether it has one).
/// Properties are found in the node's bytes and decoded only when asked.
///
/// ```
/// use sgf_stream::CompactTree;
/// let tree = CompactTree::from_bytes("(;GM[1]C[root];B[pd](;W[dp])(;W[dd]))")?;
/// let root = tree.root().unwrap();
/// assert_eq!(root.get("C").unwrap().first().text().unwrap(), "root");
/// let b = root.first_child().unwrap();
/// let replies: Vec<_> = b.children().map(|n| n.get("W").unwrap().first().as_bytes()).collect();
/// assert_eq!(replies, [&b"dp"[..], b"dd"]);
/// assert_eq!(tree.to_sgf_trees()?, sgf_stream::parse_collection(tree.source())?);
/// # Ok::<(), sgf_stream::Error>(())
/// ```
///
/// Building it scans the input once and allocates one `Vec`; it uses
/// 8 bytes per node besides the input. Dropping, cloning and walking it
/// never recurse.
#[derive(Clone)]
pub struct CompactTree {
    pub(crate) source: Bytes,
    pub(crate) nodes: Vec<Node>,
}

impl CompactTree {
    /// The input buffer that the nodes point into.
    pub fn source(&self) -> &Bytes {
        &self.source
    }

    /// How many nodes the collection has.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether there are no nodes (never true for a parsed collection).
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// Bytes of memory used besides the input buffer.
    pub fn arena_bytes(&self) -> usize {
        self.nodes.capacity() * std::mem::size_of::<Node>()
    }

    /// The root of the first game tree.
    pub fn root(&self) -> Option<NodeRef<'_>> {
        self.get(0)
    }

    /// The root of each game tree, in order.
    pub fn games(&self) -> impl Iterator<Item = NodeRef<'_>> + '_ {
        std::iter::successors(self.root(), NodeRef::next_sibling)
    }

    /// The node at `index` (see [`NodeRef::index`]).
    pub fn get(&self, index: usize) -> Option<NodeRef<'_>> {
        (index < self.nodes.len()).then_some(NodeRef {
            tree: self,
            index: index as u32,
        })
    }

    /// Every node, in file order (each game in pre-order).
    pub fn nodes(&self) -> impl ExactSizeIterator<Item = NodeRef<'_>> + '_ {
        (0..self.nodes.len() as u32).map(|index| NodeRef { tree: self, index })
    }
}

impl fmt::Debug for CompactTree {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CompactTree")
            .field("nodes", &self.nodes.len())
            .field("bytes", &self.source.len())
            .finish()
    }
}
