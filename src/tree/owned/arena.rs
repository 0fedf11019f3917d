//! How an [`SgfTree`](super::SgfTree) stores a game: four vectors, with
//! no allocation per node, property or value.
//!
//! - `nodes`: each node's properties (a run of `props`), its last child
//!   and its next sibling, as indices; [`NONE`] where there is none. The
//!   children form a ring: the last one's next sibling is the first, so
//!   both ends are one step away and adding a child takes constant time.
//! - `props`: each property's block of `text` (its identifier, then its
//!   values one after another) and its values' ends (a run of `ends`).
//! - `ends`: where each value ends in `text`; a value starts where the
//!   one before it ends, the first where the identifier ends.
//! - `text`: identifiers and decoded values, back to back.
//!
//! Editing appends: a property that grows gets a new block at the end
//! and a node that gains a property gets a new run of `props`; the old
//! ones stay unused until the tree is copied
//! ([`Node::to_tree`](super::Node::to_tree)). Offsets are `u32`, so one
//! game holds up to 4 GiB of text.

pub(crate) use super::text::TextBuf;
use super::values::Values;
use crate::work;

/// No node: the end of a list of children.
pub(crate) const NONE: u32 = u32::MAX;

/// One node: its run of properties and its links.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct NodeData {
    pub(crate) props: u32,
    pub(crate) prop_count: u32,
    /// The last child; its `next_sibling` is the first.
    pub(crate) last_child: u32,
    /// The next child of the same parent, the first one after the last.
    pub(crate) next_sibling: u32,
}

impl NodeData {
    /// A node with no properties at `props`, and no links.
    pub(crate) fn new(props: u32) -> Self {
        NodeData {
            props,
            prop_count: 0,
            last_child: NONE,
            next_sibling: NONE,
        }
    }
}

/// One property: where its block starts in `text`, its run of value
/// ends, how long its identifier is (up to [`MAX_IDENT`] bytes) and how
/// many values it has (up to [`MAX_VALUES`]), packed in twelve bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct PropData {
    pub(crate) text: u32,
    pub(crate) ends: u32,
    /// The identifier's length in the low 8 bits, the values above.
    shape: u32,
}

/// The longest identifier a property of an arena holds.
pub(crate) const MAX_IDENT: usize = 0xff;

/// The most values a property of an arena holds.
pub(crate) const MAX_VALUES: usize = 0xff_ffff;

impl PropData {
    /// A property whose block starts at `text`, with an identifier of
    /// `ident_len` bytes and `count` values whose ends start at `ends`.
    #[inline]
    pub(crate) fn new(
        text: u32,
        ident_len: usize,
        ends: u32,
        count: usize,
    ) -> Result<Self, TooLarge> {
        if ident_len > MAX_IDENT || count > MAX_VALUES {
            return Err(TooLarge);
        }
        let shape = (count as u32) << 8 | ident_len as u32;
        Ok(PropData { text, ends, shape })
    }

    /// How long the identifier is.
    #[inline]
    pub(crate) fn ident_len(&self) -> u32 {
        self.shape & 0xff
    }

    /// How many values there are.
    #[inline]
    pub(crate) fn count(&self) -> u32 {
        self.shape >> 8
    }

    /// Counts one more value.
    #[inline]
    fn add_value(&mut self) -> Result<(), TooLarge> {
        if self.count() as usize == MAX_VALUES {
            return Err(TooLarge);
        }
        self.shape += 1 << 8;
        Ok(())
    }
}

/// The storage of one game tree; see the module docs. A tree's text is a
/// `String`; a game being built keeps it in bytes ([`TextBuf`]).
#[derive(Debug, Clone, Default)]
pub(crate) struct Arena<T: TextBuf = String> {
    pub(crate) nodes: Vec<NodeData>,
    pub(crate) props: Vec<PropData>,
    pub(crate) ends: Vec<u32>,
    pub(crate) text: T,
}

/// The arena of a game being built.
pub(crate) type BuildArena = Arena<Vec<u8>>;

/// The game's text passed 4 GiB, which `u32` offsets cannot address.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct TooLarge;

/// `len` as an offset.
#[inline]
pub(crate) fn offset(len: usize) -> Result<u32, TooLarge> {
    u32::try_from(len).map_err(|_| TooLarge)
}

/// `len` as an offset, for the editing calls, which document the limit.
pub(crate) fn offset_or_panic(len: usize) -> u32 {
    offset(len).expect(TOO_LARGE)
}

/// The panic of an editing call past the limit.
pub(crate) const TOO_LARGE: &str =
    "an SgfTree holds up to 4 GiB of text, 16 million values in a property, identifiers of 255 bytes";

impl Arena {
    /// An arena holding one node with no properties: a new tree.
    pub(crate) fn single() -> Self {
        Arena {
            nodes: vec![NodeData::new(0)],
            ..Arena::default()
        }
    }

    /// The values of `prop`.
    #[inline]
    pub(crate) fn values(&self, prop: &PropData) -> Values<'_> {
        let start = prop.ends as usize;
        Values::new(
            &self.text,
            prop.text + prop.ident_len(),
            &self.ends[start..start + prop.count() as usize],
        )
    }
}

impl BuildArena {
    /// A copy of the finished game in exactly sized vectors, its text
    /// checked once as UTF-8 (which it is: only whole `str`s and ASCII
    /// went in).
    pub(crate) fn to_tree_arena(&self) -> Arena {
        let text = match String::from_utf8(self.text.to_vec()) {
            Ok(text) => text,
            Err(err) => String::from_utf8_lossy(err.as_bytes()).into_owned(),
        };
        Arena {
            nodes: self.nodes.to_vec(),
            props: self.props.to_vec(),
            ends: self.ends.to_vec(),
            text,
        }
    }
}

impl<T: TextBuf> Arena<T> {
    /// Empties the arena, keeping its memory.
    pub(crate) fn clear(&mut self) {
        self.nodes.clear();
        self.props.clear();
        self.ends.clear();
        self.text.clear();
    }

    #[inline]
    pub(crate) fn node(&self, id: u32) -> &NodeData {
        &self.nodes[id as usize]
    }

    /// The properties of node `id`.
    #[inline]
    pub(crate) fn props_of(&self, id: u32) -> &[PropData] {
        let node = self.node(id);
        let start = node.props as usize;
        &self.props[start..start + node.prop_count as usize]
    }

    /// The identifier of `prop`.
    #[inline]
    pub(crate) fn ident(&self, prop: &PropData) -> &str {
        let start = prop.text as usize;
        self.text.str_at(start..start + prop.ident_len() as usize)
    }

    /// The values of `prop`, as owned strings.
    pub(crate) fn value_strings(&self, prop: &PropData) -> Vec<String> {
        let ends = &self.ends[prop.ends as usize..(prop.ends + prop.count()) as usize];
        let mut start = (prop.text + prop.ident_len()) as usize;
        work::count(ends.len() + ends.last().map_or(0, |&end| end as usize - start));
        let mut out = Vec::with_capacity(ends.len());
        for &end in ends {
            out.push(self.text.str_at(start..end as usize).to_owned());
            start = end as usize;
        }
        out
    }

    /// Where property `ident` of node `id` is in `props`.
    #[inline]
    pub(crate) fn find(&self, id: u32, ident: &str) -> Option<usize> {
        let node = self.node(id);
        let start = node.props as usize;
        let found = self
            .props_of(id)
            .iter()
            .position(|prop| self.has_ident(prop, ident.as_bytes()));
        work::count(found.map_or(node.prop_count as usize, |at| at + 1));
        found.map(|at| start + at)
    }

    /// Whether `prop`'s identifier is `ident`: compared a byte at a time,
    /// cheaper than a call to compare memory for one or two letters.
    #[inline]
    pub(crate) fn has_ident(&self, prop: &PropData, ident: &[u8]) -> bool {
        let start = prop.text as usize;
        let own = &self.text.as_bytes()[start..start + prop.ident_len() as usize];
        own.len() == ident.len() && own.iter().zip(ident).all(|(a, b)| a == b)
    }

    /// Appends `text`: a byte at a time when it is a few ASCII bytes (an
    /// identifier, a point), cheaper than a call to copy memory.
    #[inline]
    pub(crate) fn push_text(&mut self, text: &str) {
        if text.len() <= 4 && text.is_ascii() {
            self.text.push_ascii(text.as_bytes());
        } else {
            self.text.push_str(text);
        }
    }

    /// Starts a property block: its identifier goes into `text`.
    #[inline]
    pub(crate) fn start_prop(&mut self, ident: &str) -> Result<PropData, TooLarge> {
        let text = offset(self.text.len())?;
        let ends = offset(self.ends.len())?;
        let prop = PropData::new(text, ident.len(), ends, 0)?;
        self.push_text(ident);
        Ok(prop)
    }

    /// Ends a value of the property being written: its text is in place.
    #[inline]
    pub(crate) fn end_value(&mut self, prop: &mut PropData) -> Result<(), TooLarge> {
        prop.add_value()?;
        self.ends.push(offset(self.text.len())?);
        Ok(())
    }

    /// Writes a whole property block.
    pub(crate) fn write_prop<I, V>(&mut self, ident: &str, values: I) -> Result<PropData, TooLarge>
    where
        I: IntoIterator<Item = V>,
        V: AsRef<str>,
    {
        let mut prop = self.start_prop(ident)?;
        for value in values {
            work::count(1 + value.as_ref().len());
            self.text.push_str(value.as_ref());
            self.end_value(&mut prop)?;
        }
        Ok(prop)
    }

    /// Removes `prop`'s block, the last one written.
    pub(crate) fn truncate_to(&mut self, prop: &PropData) {
        self.text.truncate(prop.text as usize);
        self.ends.truncate(prop.ends as usize);
    }

    /// Appends node `child`, which has no parent, as the last child of
    /// node `parent`.
    #[inline]
    pub(crate) fn link_last_child(&mut self, parent: u32, child: u32) {
        let last = self.nodes[parent as usize].last_child;
        self.nodes[child as usize].next_sibling = match last {
            NONE => child,
            last => std::mem::replace(&mut self.nodes[last as usize].next_sibling, child),
        };
        self.nodes[parent as usize].last_child = child;
    }

    /// The first child of node `id`, or [`NONE`].
    #[inline]
    pub(crate) fn first_child(&self, id: u32) -> u32 {
        children_of(&self.nodes, id).next
    }

    /// The ids of node `id`'s children.
    #[inline]
    pub(crate) fn children(&self, id: u32) -> ChildIds<'_> {
        children_of(&self.nodes, id)
    }

    /// The ids of node `id`'s subtree in pre-order (a node, then its
    /// children's subtrees in order), `id` first.
    pub(crate) fn pre_order(&self, id: u32) -> PreOrder<'_> {
        PreOrder {
            nodes: &self.nodes,
            next: id,
            branches: Vec::new(),
        }
    }

    /// Unlinks the `index`th child of node `parent`; returns its id.
    pub(crate) fn unlink_child(&mut self, parent: u32, index: usize) -> Option<u32> {
        let last = self.node(parent).last_child;
        if last == NONE {
            return None;
        }
        // The child before it in the ring: the last one for the first.
        let mut before = last;
        for _ in 0..index {
            before = self.node(before).next_sibling;
            if before == last {
                return None;
            }
        }
        let child = self.node(before).next_sibling;
        if child == before {
            self.nodes[parent as usize].last_child = NONE;
        } else {
            let after = self.node(child).next_sibling;
            self.nodes[before as usize].next_sibling = after;
            if child == last {
                self.nodes[parent as usize].last_child = before;
            }
        }
        self.nodes[child as usize].next_sibling = NONE;
        Some(child)
    }

    /// Gives node `id` room for one more property at the end of its run:
    /// moves the run to the end of `props` unless it is there.
    pub(crate) fn make_room(&mut self, id: u32) {
        let node = *self.node(id);
        let end = node.props as usize + node.prop_count as usize;
        if end == self.props.len() {
            return;
        }
        let start = offset_or_panic(self.props.len());
        self.props.extend_from_within(node.props as usize..end);
        self.nodes[id as usize].props = start;
    }

    /// Copies the subtree of `from`'s node `root` into this arena, with no
    /// links to the rest; returns its id here. Only what the subtree uses
    /// is copied.
    pub(crate) fn copy_subtree<F: TextBuf>(&mut self, from: &Arena<F>, root: u32) -> u32 {
        let new_root = offset_or_panic(self.nodes.len());
        // Pre-order with a stack of (id in `from`, parent id here), the
        // children pushed last first.
        let mut stack = vec![(root, NONE)];
        let mut children = Vec::new();
        while let Some((id, parent)) = stack.pop() {
            let here = offset_or_panic(self.nodes.len());
            let mut node = NodeData::new(offset_or_panic(self.props.len()));
            for prop in from.props_of(id) {
                let copied = self.copy_prop(from, prop);
                self.props.push(copied);
                node.prop_count += 1;
            }
            self.nodes.push(node);
            if parent != NONE {
                self.link_last_child(parent, here);
            }
            children.extend(from.children(id));
            stack.extend(children.drain(..).rev().map(|child| (child, here)));
        }
        new_root
    }

    /// Copies one property's block and ends from `from`.
    fn copy_prop<F: TextBuf>(&mut self, from: &Arena<F>, prop: &PropData) -> PropData {
        let ends = &from.ends[prop.ends as usize..(prop.ends + prop.count()) as usize];
        let block_end = ends.last().map_or(prop.text + prop.ident_len(), |&end| end);
        let start = offset_or_panic(self.text.len());
        offset_or_panic(self.text.len() + (block_end - prop.text) as usize);
        self.text
            .push_str(from.text.str_at(prop.text as usize..block_end as usize));
        let shift = |end: &u32| end - prop.text + start;
        let first_end = offset_or_panic(self.ends.len());
        self.ends.extend(ends.iter().map(shift));
        PropData {
            text: start,
            ends: first_end,
            shape: prop.shape,
        }
    }
}

/// The ids of a subtree in pre-order; see [`Arena::pre_order`].
#[derive(Debug, Clone)]
pub(crate) struct PreOrder<'t> {
    nodes: &'t [NodeData],
    next: u32,
    /// For each ancestor of `next` with more than one child: the children
    /// still to visit.
    branches: Vec<ChildIds<'t>>,
}

impl Iterator for PreOrder<'_> {
    type Item = u32;

    #[inline]
    fn next(&mut self) -> Option<u32> {
        let id = self.next;
        if id == NONE {
            return None;
        }
        let mut children = children_of(self.nodes, id);
        self.next = match children.next() {
            Some(first) => {
                if !children.is_done() {
                    self.branches.push(children);
                }
                first
            }
            // A leaf: on to the next child of the nearest branch that has
            // one left.
            None => loop {
                let Some(branch) = self.branches.last_mut() else {
                    break NONE;
                };
                match branch.next() {
                    Some(child) => break child,
                    None => {
                        self.branches.pop();
                    }
                }
            },
        };
        Some(id)
    }
}

/// The ids of the children of node `id` of `nodes`.
#[inline]
fn children_of(nodes: &[NodeData], id: u32) -> ChildIds<'_> {
    let last = nodes[id as usize].last_child;
    let next = match last {
        NONE => NONE,
        last => nodes[last as usize].next_sibling,
    };
    ChildIds { nodes, next, last }
}

/// The ids of a node's children, in order; see [`Arena::children`].
#[derive(Debug, Clone)]
pub(crate) struct ChildIds<'t> {
    nodes: &'t [NodeData],
    next: u32,
    last: u32,
}

impl ChildIds<'_> {
    /// Whether no child is left.
    #[inline]
    pub(crate) fn is_done(&self) -> bool {
        self.next == NONE
    }
}

impl Iterator for ChildIds<'_> {
    type Item = u32;

    #[inline]
    fn next(&mut self) -> Option<u32> {
        let child = self.next;
        if child == NONE {
            return None;
        }
        self.next = match child == self.last {
            true => NONE,
            false => self.nodes[child as usize].next_sibling,
        };
        Some(child)
    }
}
