//! [`CompactTree`]: a whole collection in two allocations, for bulk jobs.
//!
//! The input stays as it is, in one shared [`Bytes`] buffer; the tree is
//! one `Vec` of 8-byte nodes in file order (which is pre-order), each with
//! the offset of its `;` and the index of its next sibling (the seed's
//! `cdr`). A node's first child (`car`) is always the node right after it,
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

use crate::error::{Error, ErrorKind};
use crate::event::{Event, PropIdent, RawValues};
use crate::machine::{Limits, Machine, Step, Token};
use crate::tree::{SgfTree, TreeBuilder};
use crate::value::find_close;

/// "No node": index 0 is always a first game's root, never a sibling.
const NONE: u32 = 0;
/// The flag bit of [`Node::start`]: the next node is this one's child.
const HAS_CHILD: u32 = 1 << 31;
/// The largest input a compact tree can index.
pub(crate) const MAX_INPUT: usize = (HAS_CHILD - 1) as usize;

/// One node: where its `;` is, and links.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Node {
    /// The offset of the node's `;`, with [`HAS_CHILD`] or'ed in.
    start: u32,
    /// The index of the next sibling, or [`NONE`].
    next_sibling: u32,
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
    source: Bytes,
    nodes: Vec<Node>,
}

impl CompactTree {
    /// Builds the tree of the collection in `input`, with the default
    /// [`Limits`].
    ///
    /// # Errors
    /// Malformed input, as [`Parser`](crate::Parser) reports it; an input
    /// of 2 GiB or more is [`ErrorKind::InputTooLarge`].
    pub fn from_bytes(input: impl Into<Bytes>) -> Result<CompactTree, Error> {
        CompactTree::with_limits(input, Limits::default())
    }

    /// [`from_bytes`](Self::from_bytes) with the given limits.
    ///
    /// # Errors
    /// As [`from_bytes`](Self::from_bytes).
    pub fn with_limits(input: impl Into<Bytes>, limits: Limits) -> Result<CompactTree, Error> {
        let source = input.into();
        if source.len() > MAX_INPUT {
            let kind = ErrorKind::InputTooLarge(source.len() as u64);
            return Err(Error::at(kind, &[], 0));
        }
        let mut machine = Machine::new(limits);
        // Every node starts with a `;`: room for that many nodes means no
        // reallocation, and little slack (a `;` in a value is rare).
        let mut builder = CompactBuilder {
            nodes: Vec::with_capacity(memchr::memchr_iter(b';', &source).count()),
            ..CompactBuilder::default()
        };
        let mut pos = 0;
        loop {
            match machine.step(&source, &mut pos, true) {
                // Properties are found again from the node when asked.
                Step::Token(Token::Property { .. }, ..) => {}
                Step::Token(token, start, _) => builder.push(token, start as u32),
                Step::Error(kind, at) => return Err(Error::at(kind, &source, at)),
                Step::End | Step::NeedMore => break,
            }
        }
        Ok(builder.finish(source))
    }

    /// The compact form of `tree`: its SGF text (see
    /// [`SgfTree`'s `Display`](SgfTree)), indexed.
    ///
    /// ```
    /// use sgf_stream::{CompactTree, SgfTree};
    /// let tree = SgfTree::new().with("C", ["a ] b"]).with_child(SgfTree::new().with("B", ["pd"]));
    /// let compact = CompactTree::from_tree(&tree)?;
    /// assert_eq!(compact.len(), 2);
    /// assert_eq!(compact.root().unwrap().to_sgf_tree()?, tree);
    /// # Ok::<(), sgf_stream::Error>(())
    /// ```
    ///
    /// # Errors
    /// When the tree's text does not parse back (an identifier that is not
    /// uppercase letters, say).
    pub fn from_tree(tree: &SgfTree) -> Result<CompactTree, Error> {
        CompactTree::from_bytes(tree.to_string())
    }

    /// The compact form of a whole collection of trees.
    ///
    /// # Errors
    /// As [`from_tree`](Self::from_tree).
    pub fn from_trees(trees: &[SgfTree]) -> Result<CompactTree, Error> {
        let text: String = trees.iter().map(SgfTree::to_string).collect();
        CompactTree::from_bytes(text)
    }

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

    /// Every game as an [`SgfTree`], values decoded as SGF Text: the same
    /// trees as [`parse_collection`](crate::parse_collection).
    ///
    /// # Errors
    /// A value that is not UTF-8 or a property repeated in a node, at its
    /// offset in [`source`](Self::source).
    pub fn to_sgf_trees(&self) -> Result<Vec<SgfTree>, Error> {
        self.games().map(|root| root.to_sgf_tree()).collect()
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

impl TryFrom<&SgfTree> for CompactTree {
    type Error = Error;

    fn try_from(tree: &SgfTree) -> Result<Self, Error> {
        CompactTree::from_tree(tree)
    }
}

/// Links nodes as tokens arrive, with a stack of open game trees.
#[derive(Debug, Default)]
pub(crate) struct CompactBuilder {
    nodes: Vec<Node>,
    open: Vec<Frame>,
    /// The last node of the current sequence.
    last: Option<u32>,
    /// The first node of the game tree that just closed.
    closed: Option<u32>,
}

#[derive(Debug, Clone, Copy)]
struct Frame {
    parent: Option<u32>,
    prev_sibling: Option<u32>,
    head: Option<u32>,
}

impl CompactBuilder {
    /// Takes a token of a well-formed input, starting at offset `start`.
    #[inline]
    pub(crate) fn push(&mut self, token: Token, start: u32) {
        match token {
            Token::Property { .. } => {}
            Token::StartGameTree => self.open.push(Frame {
                parent: self.last,
                prev_sibling: self.closed.take(),
                head: None,
            }),
            Token::Node => self.node(start),
            Token::EndGameTree => {
                let frame = self.open.pop().expect("the machine balances parentheses");
                self.closed = frame.head;
                self.last = frame.parent;
            }
        }
    }

    /// The tree of the tokens pushed so far, over `source`.
    pub(crate) fn finish(self, source: Bytes) -> CompactTree {
        let mut nodes = self.nodes;
        if nodes.capacity() - nodes.len() > nodes.len() / 8 {
            nodes.shrink_to_fit();
        }
        CompactTree { source, nodes }
    }

    #[inline]
    fn node(&mut self, start: u32) {
        let index = self.nodes.len() as u32;
        let frame = self.open.last_mut().expect("nodes are inside game trees");
        let parent = match frame.head {
            Some(_) => self.last,
            None => {
                frame.head = Some(index);
                if let Some(prev) = frame.prev_sibling {
                    self.nodes[prev as usize].next_sibling = index;
                }
                frame.parent
            }
        };
        if parent.is_some_and(|parent| parent + 1 == index) {
            self.nodes[index as usize - 1].start |= HAS_CHILD;
        }
        self.nodes.push(Node {
            start,
            next_sibling: NONE,
        });
        self.last = Some(index);
        self.closed = None;
    }
}

/// A node of a [`CompactTree`]: a `Copy` handle with its links and
/// properties.
#[derive(Clone, Copy)]
pub struct NodeRef<'t> {
    tree: &'t CompactTree,
    index: u32,
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

    /// The whole input of the tree.
    pub(crate) fn source(&self) -> &'t [u8] {
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
        CompactWalk {
            stack: Vec::new(),
            next: Some(WalkStep::Open(*self)),
        }
    }

    /// This node's subtree as an [`SgfTree`], values decoded as SGF Text.
    ///
    /// # Errors
    /// A value that is not UTF-8 or a property repeated in a node, at its
    /// offset in the input.
    pub fn to_sgf_tree(&self) -> Result<SgfTree, Error> {
        let source = &self.tree.source[..];
        let mut builder = TreeBuilder::default();
        for step in self.walk() {
            let event = match step {
                CompactEvent::StartGameTree => Event::StartGameTree,
                CompactEvent::EndGameTree => Event::EndGameTree,
                CompactEvent::Node(node) => {
                    builder
                        .push(&Event::Node)
                        .map_err(|_| unreachable_error())?;
                    for (ident, values) in node.properties() {
                        let event = Event::Property(PropIdent::new(ident), values);
                        builder.push(&event).map_err(|(kind, at)| {
                            property_error(source, ident, values, kind, at)
                        })?;
                    }
                    continue;
                }
            };
            if let Some(tree) = builder.push(&event).map_err(|_| unreachable_error())? {
                return Ok(tree);
            }
        }
        Err(unreachable_error())
    }
}

/// A builder error for a property, at its place in `source`.
#[cold]
fn property_error(
    source: &[u8],
    ident: &str,
    values: RawValues<'_>,
    kind: ErrorKind,
    at: usize,
) -> Error {
    let base = source.as_ptr() as usize;
    let offset = match kind {
        ErrorKind::RepeatedProperty(_) => ident.as_ptr() as usize - base,
        _ => values.as_bytes().as_ptr() as usize - base + at,
    };
    Error::at(kind, source, offset)
}

/// The builder only fails on properties, and a walk always closes.
#[cold]
fn unreachable_error() -> Error {
    Error::at(ErrorKind::UnclosedTree, &[], 0)
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

fn skip_space(bytes: &[u8]) -> &[u8] {
    let at = bytes
        .iter()
        .position(|b| !matches!(b, b' ' | b'\n' | b'\r' | b'\t' | 0x0b | 0x0c));
    &bytes[at.unwrap_or(bytes.len())..]
}

impl<'t> Iterator for Properties<'t> {
    type Item = (&'t str, RawValues<'t>);

    fn next(&mut self) -> Option<Self::Item> {
        let rest = skip_space(self.rest);
        let ident_len = rest.iter().take_while(|b| b.is_ascii_uppercase()).count();
        if ident_len == 0 {
            self.rest = rest;
            return None;
        }
        let ident = std::str::from_utf8(&rest[..ident_len]).unwrap_or_default();
        let values_start = rest.len() - skip_space(&rest[ident_len..]).len();
        let (mut at, mut end, mut count) = (values_start, values_start, 0);
        while rest.get(at) == Some(&b'[') {
            end = at + find_close(&rest[at + 1..])? + 2;
            count += 1;
            at = rest.len() - skip_space(&rest[end..]).len();
        }
        self.rest = &rest[end..];
        Some((ident, RawValues::new(&rest[values_start..end], count)))
    }
}

/// One step of [`NodeRef::walk`].
#[derive(Debug, Clone, Copy)]
pub enum CompactEvent<'t> {
    /// `(`
    StartGameTree,
    /// `;` and then this node's properties.
    Node(NodeRef<'t>),
    /// `)`
    EndGameTree,
}

#[derive(Debug, Clone, Copy)]
enum WalkStep<'t> {
    Open(NodeRef<'t>),
    Node(NodeRef<'t>),
    Close,
}

/// Iterator of [`CompactEvent`]s: a pre-order walk over first children and
/// next siblings that opens a variation where a node has siblings. The
/// stack holds, for each open variation, the next sibling to visit.
#[derive(Debug, Clone)]
pub struct CompactWalk<'t> {
    stack: Vec<Option<NodeRef<'t>>>,
    next: Option<WalkStep<'t>>,
}

impl<'t> Iterator for CompactWalk<'t> {
    type Item = CompactEvent<'t>;

    fn next(&mut self) -> Option<CompactEvent<'t>> {
        match self.next.take()? {
            WalkStep::Open(node) => {
                self.next = Some(WalkStep::Node(node));
                Some(CompactEvent::StartGameTree)
            }
            WalkStep::Node(node) => {
                self.next = Some(match node.first_child() {
                    None => WalkStep::Close,
                    Some(first) => match first.next_sibling() {
                        None => WalkStep::Node(first),
                        Some(second) => {
                            self.stack.push(Some(second));
                            WalkStep::Open(first)
                        }
                    },
                });
                Some(CompactEvent::Node(node))
            }
            WalkStep::Close => {
                self.next = match self.stack.last_mut() {
                    None => None,
                    Some(slot) => match slot.take() {
                        Some(sibling) => {
                            *slot = sibling.next_sibling();
                            Some(WalkStep::Open(sibling))
                        }
                        None => {
                            self.stack.pop();
                            Some(WalkStep::Close)
                        }
                    },
                };
                Some(CompactEvent::EndGameTree)
            }
        }
    }
}
