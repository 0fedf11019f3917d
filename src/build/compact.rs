//! [`CompactBuilder`]: tokens to [`CompactTree`]s, and conversions
//! between compact and owned trees.

use bytes::Bytes;

use super::{BuildError, TreeBuilder};
use crate::error::{Error, Position, TreeErrorKind};
use crate::event::{Event, PropIdent, RawValues};
use crate::machine::{Limits, Token};
use crate::read::{Found, Reader, ReaderBuilder, Source};
use crate::tree::compact::{Node, HAS_CHILD, MAX_INPUT, NONE};
use crate::tree::{CompactEvent, CompactTree, NodeRef, SgfTree};

/// Links the nodes of a [`CompactTree`] as tokens arrive, with a stack
/// of open game trees; properties are found again in a node's bytes when
/// asked for. Used through [`Games`](super::Games),
/// [`compact_games`](crate::compact_games) and
/// [`CompactTree::from_bytes`].
#[derive(Debug, Default)]
pub struct CompactBuilder {
    nodes: Vec<Node>,
    open: Vec<Frame>,
    /// The last node of the current sequence.
    last: Option<u32>,
    /// The first node of the game tree that just closed.
    closed: Option<u32>,
    /// The absolute offset of the current game's `(`, when games are
    /// built one at a time.
    game_start: u64,
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
    fn push(&mut self, token: Token, start: u32) {
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

    /// The tree of the tokens pushed so far, over `source`; the builder
    /// is left empty.
    fn finish(&mut self, source: Bytes) -> CompactTree {
        let mut nodes = std::mem::take(&mut self.nodes);
        if nodes.capacity() - nodes.len() > nodes.len() / 8 {
            nodes.shrink_to_fit();
        }
        *self = CompactBuilder::default();
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

impl CompactTree {
    /// Builds the tree of the collection in `input`, with the default
    /// [`Limits`].
    ///
    /// # Errors
    /// Malformed input, as [`Parser`](crate::Parser) reports it; an input
    /// of 2 GiB or more is [`TreeErrorKind::InputTooLarge`].
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
            let kind = TreeErrorKind::InputTooLarge(source.len() as u64);
            return Err(Error::new(kind.into(), Position::default()));
        }
        // Every node starts with a `;`: room for that many nodes means no
        // reallocation, and little slack (a `;` in a value is rare).
        let mut builder = CompactBuilder {
            nodes: Vec::with_capacity(memchr::memchr_iter(b';', &source).count()),
            ..CompactBuilder::default()
        };
        let mut reader = ReaderBuilder::new()
            .limits(limits)
            .from_bytes(source.clone());
        while let Some(found) = reader.next_found()? {
            // Properties are found again from the node when asked.
            let token = found.token();
            if !matches!(token, Token::Property { .. }) {
                builder.push(token, found.span().0 as u32);
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

impl NodeRef<'_> {
    /// This node's subtree as an [`SgfTree`], values decoded as SGF Text.
    ///
    /// # Errors
    /// A value that is not UTF-8 or a property repeated in a node, at its
    /// offset in the input.
    pub fn to_sgf_tree(&self) -> Result<SgfTree, Error> {
        let source = &self.tree.source[..];
        let mut builder = TreeBuilder::new();
        let mut tree = None;
        for step in self.walk() {
            // Only properties can be refused.
            let event = match step {
                CompactEvent::StartGameTree => Event::StartGameTree,
                CompactEvent::EndGameTree => Event::EndGameTree,
                CompactEvent::Node(node) => {
                    builder.push(&Event::Node).ok();
                    for (ident, values) in node.properties() {
                        let event = Event::Property(PropIdent::new(ident), values);
                        builder
                            .push(&event)
                            .map_err(|err| property_error(source, ident, values, err))?;
                    }
                    continue;
                }
            };
            tree = builder.push(&event).ok().flatten().or(tree);
        }
        Ok(tree.unwrap_or_default())
    }
}

/// A builder error for a property, at its place in `source`.
#[cold]
fn property_error(source: &[u8], ident: &str, values: RawValues<'_>, err: BuildError) -> Error {
    let base = source.as_ptr() as usize;
    let offset = match err.kind {
        TreeErrorKind::RepeatedProperty(_) => ident.as_ptr() as usize - base,
        _ => values.as_bytes().as_ptr() as usize - base + err.offset,
    };
    Error::new(err.kind.into(), Position::locate(source, offset))
}

impl TryFrom<&SgfTree> for CompactTree {
    type Error = Error;

    fn try_from(tree: &SgfTree) -> Result<Self, Error> {
        CompactTree::from_tree(tree)
    }
}

impl super::Build for CompactBuilder {}

impl super::sink::Sink for CompactBuilder {
    type Game = CompactTree;

    /// Links the nodes of one game, keeping its bytes meanwhile: each
    /// game becomes a tree over a copy of just its own bytes.
    #[inline]
    fn next_game<S: Source>(
        &mut self,
        reader: &mut Reader<S>,
    ) -> Result<Option<CompactTree>, Error> {
        while let Some(found) = reader.next_found()? {
            if let Some(game) = self.take(reader, found)? {
                return Ok(Some(game));
            }
        }
        Ok(None)
    }
}

impl CompactBuilder {
    /// Takes the next token the reader found; returns a game when one
    /// closes.
    #[inline]
    fn take<S: Source>(
        &mut self,
        reader: &mut Reader<S>,
        found: Found,
    ) -> Result<Option<CompactTree>, Error> {
        let token = found.token();
        let (start, end) = found.span();
        match token {
            Token::Property { .. } => return Ok(None),
            Token::StartGameTree if reader.depth() == 1 => {
                reader.source_mut().keep_from(start);
                self.game_start = reader.absolute(start);
            }
            _ => {}
        }
        let at = reader.absolute(start) - self.game_start;
        if at >= MAX_INPUT as u64 {
            return Err(reader.fail(TreeErrorKind::InputTooLarge(at).into(), start));
        }
        self.push(token, at as u32);
        if token == Token::EndGameTree && reader.depth() == 0 {
            let bytes = Bytes::copy_from_slice(reader.source_mut().take_kept(end));
            return Ok(Some(self.finish(bytes)));
        }
        Ok(None)
    }
}
