//! [`SgfTree`]: an owned game tree with decoded values, and how it is
//! built from events, walked, compared, cloned and dropped without
//! recursion.
//!
//! A node stores one property with one value (a move: nearly every node
//! of a game record) without any heap allocation of its own beyond the
//! value's text; see `repr.rs`.

pub(crate) mod repr;
mod traits;
mod walk;
mod write;

pub use walk::{Walk, WalkEvent};

use repr::{Property, Props, Values};

use crate::value::Text;

/// One node of a game tree with everything below it: its properties in
/// file order, values decoded as SGF Text, and its children (the first
/// child is the main line).
///
/// Cloning, comparing, formatting and dropping never recurse, so a tree
/// of a million nested nodes is fine on a small stack.
///
/// ```
/// let tree = sgf_stream::parse("(;SZ[19]C[hi\\]];B[pd](;W[dp])(;W[dd]))")?;
/// assert_eq!(tree.get("C").unwrap(), ["hi]"]);
/// assert_eq!(tree.children()[0].children().len(), 2);
/// assert_eq!(tree.to_string(), "(;SZ[19]C[hi\\]];B[pd](;W[dp])(;W[dd]))");
/// # Ok::<(), sgf_stream::Error>(())
/// ```
#[derive(Default)]
pub struct SgfTree {
    pub(crate) props: Props,
    pub(crate) children: Vec<SgfTree>,
}

impl SgfTree {
    /// A node with no properties and no children.
    pub fn new() -> Self {
        SgfTree::default()
    }

    /// The values of property `ident`, if this node has it, as decoded
    /// [`Text`]s (which compare equal to `&str` and `String`).
    pub fn get(&self, ident: &str) -> Option<&[Text]> {
        self.props
            .as_slice()
            .iter()
            .find(|prop| prop.ident == ident)
            .map(|prop| prop.values.as_slice())
    }

    /// The properties in file order, as `(identifier, values)`.
    pub fn properties(&self) -> impl ExactSizeIterator<Item = (&str, &[Text])> + Clone + '_ {
        self.props
            .as_slice()
            .iter()
            .map(|prop| (&*prop.ident, prop.values.as_slice()))
    }

    /// The children; the first one is the main line.
    pub fn children(&self) -> &[SgfTree] {
        &self.children
    }

    /// The children, for changing the tree.
    pub fn children_mut(&mut self) -> &mut Vec<SgfTree> {
        &mut self.children
    }

    /// The values of property `ident`, for changing them in place.
    ///
    /// ```
    /// let mut tree = sgf_stream::parse("(;C[old])")?;
    /// tree.values_mut("C").unwrap()[0] = "new".into();
    /// assert_eq!(tree.to_string(), "(;C[new])");
    /// # Ok::<(), sgf_stream::Error>(())
    /// ```
    pub fn values_mut(&mut self, ident: &str) -> Option<&mut [Text]> {
        self.props
            .as_mut_slice()
            .iter_mut()
            .find(|prop| prop.ident == ident)
            .map(|prop| prop.values.as_mut_slice())
    }

    /// Sets property `ident` to `values`, replacing the old values in
    /// place or adding it at the end.
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
        V: Into<Text>,
    {
        let values = Values::from_vec(values.into_iter().map(Into::into).collect());
        match self
            .props
            .as_mut_slice()
            .iter_mut()
            .find(|prop| prop.ident == ident)
        {
            Some(prop) => prop.values = values,
            None => self.props.push(Property::new(repr::ident(ident), values)),
        }
    }

    /// Adds property `ident` at the end without looking for an existing
    /// one (which [`set`](Self::set) replaces): constant time, for code
    /// that builds nodes with many properties and knows they are new.
    /// [`get`](Self::get) finds the first of repeated identifiers.
    ///
    /// ```
    /// let mut node = sgf_stream::SgfTree::new();
    /// node.push_property("AB", vec!["aa".to_string(), "bb".to_string()]);
    /// assert_eq!(node.to_string(), "(;AB[aa][bb])");
    /// ```
    pub fn push_property<I, V>(&mut self, ident: &str, values: I)
    where
        I: IntoIterator<Item = V>,
        V: Into<Text>,
    {
        let values = values.into_iter().map(Into::into).collect();
        let prop = Property::new(repr::ident(ident), Values::from_vec(values));
        self.props.push(prop);
    }

    /// Removes every property and returns them in file order, as
    /// `(identifier, values)`.
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
    pub fn take_properties(&mut self) -> Vec<(String, Vec<Text>)> {
        let props = self.props.take();
        props
            .into_iter()
            .map(|prop| (prop.ident.into_owned(), prop.values.into_vec()))
            .collect()
    }

    /// [`set`](Self::set), returning the node: for building trees in code.
    pub fn with<I, V>(mut self, ident: &str, values: I) -> Self
    where
        I: IntoIterator<Item = V>,
        V: Into<Text>,
    {
        self.set(ident, values);
        self
    }

    /// Adds `child` as the last child, returning the node.
    pub fn with_child(mut self, child: SgfTree) -> Self {
        self.children.push(child);
        self
    }

    /// Removes property `ident`, returning its values.
    pub fn remove(&mut self, ident: &str) -> Option<Vec<Text>> {
        let slice = self.props.as_slice();
        let at = slice.iter().position(|prop| prop.ident == ident)?;
        let prop = self.props.make_vec().remove(at);
        Some(prop.values.into_vec())
    }

    /// Every node of the tree in pre-order (a node, then its children's
    /// subtrees in order), this one first.
    pub fn nodes(&self) -> impl Iterator<Item = &SgfTree> + '_ {
        let mut stack = vec![self];
        std::iter::from_fn(move || {
            let node = stack.pop()?;
            stack.extend(node.children.iter().rev());
            Some(node)
        })
    }

    /// The nodes of the main line: this node, its first child, that one's
    /// first child, and so on.
    pub fn main_line(&self) -> impl Iterator<Item = &SgfTree> + '_ {
        std::iter::successors(Some(self), |node| node.children.first())
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
        Walk::new(self)
    }

    /// The properties as stored, for the fast paths that read them.
    pub(crate) fn props(&self) -> &[Property] {
        self.props.as_slice()
    }
}
