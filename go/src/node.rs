//! [`GoNode`]: what a replay reads from a node, whatever tree holds it.

use sgf_stream::event::{PropIdent, RawValues};
use sgf_stream::tree::{Node, NodeProperties, NodeRef, Properties, SgfTree, Values};
use sgf_stream::typed::{Decoder, PropertyError, Value};

/// The values of one property of a node: raw (escapes untouched, from
/// events or a [`CompactTree`](sgf_stream::CompactTree)) or decoded as SGF
/// Text (from an [`SgfTree`]).
///
/// ```
/// use sgf_go::{GoNode, NodeValues};
/// use sgf_stream::CompactTree;
/// let tree = CompactTree::from_bytes("(;AB[aa][bb])")?;
/// let root = tree.root().unwrap();
/// let (ident, values) = root.node_properties().next().unwrap();
/// assert_eq!((ident, values.len()), ("AB", 2));
/// assert!(matches!(values, NodeValues::Raw(_)));
/// # Ok::<(), sgf_stream::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NodeValues<'a> {
    /// Raw values, escapes untouched.
    Raw(RawValues<'a>),
    /// Values decoded as SGF Text.
    Text(Values<'a>),
}

impl<'a> NodeValues<'a> {
    /// How many values there are.
    ///
    /// ```
    /// use sgf_go::NodeValues;
    /// let tree = sgf_stream::parse("(;AB[aa][bb])")?;
    /// let values = NodeValues::Text(tree.get("AB").unwrap());
    /// assert_eq!(values.len(), 2);
    /// assert_eq!(values.first(), b"aa");
    /// # Ok::<(), sgf_stream::Error>(())
    /// ```
    #[allow(clippy::len_without_is_empty)]
    pub fn len(&self) -> usize {
        match self {
            NodeValues::Raw(values) => values.len(),
            NodeValues::Text(values) => values.len(),
        }
    }

    /// The bytes of the first value (empty when there is none).
    ///
    /// ```
    /// use sgf_go::GoNode;
    /// let tree = sgf_stream::parse("(;B[pd])")?;
    /// let (_, values) = tree.node_properties().next().unwrap();
    /// assert_eq!(values.first(), b"pd");
    /// # Ok::<(), sgf_stream::Error>(())
    /// ```
    #[inline]
    pub fn first(&self) -> &'a [u8] {
        match self {
            // The run of a single value is `[`, the value, `]`.
            NodeValues::Raw(values) if values.len() == 1 => {
                let run = values.as_bytes();
                &run[1..run.len() - 1]
            }
            NodeValues::Raw(values) => values.first().as_bytes(),
            NodeValues::Text(values) => values.first().map_or(&[], |v| v.as_bytes()),
        }
    }

    /// Decodes the values of property `ident` strictly, by the catalogue.
    ///
    /// # Errors
    /// The first value that does not fit its type.
    ///
    /// ```
    /// use sgf_go::GoNode;
    /// use sgf_stream::typed::{Decoder, Value};
    /// let tree = sgf_stream::parse("(;AB[aa:bb])")?;
    /// let (ident, values) = tree.node_properties().next().unwrap();
    /// assert_eq!(values.decode(&Decoder::new(), ident).unwrap().len(), 4);
    /// # Ok::<(), sgf_stream::Error>(())
    /// ```
    pub fn decode(&self, decoder: &Decoder, ident: &str) -> Result<Vec<Value<'a>>, PropertyError> {
        match *self {
            NodeValues::Raw(values) => decoder.decode(ident, values),
            NodeValues::Text(values) => decoder.decode_tree(ident, values),
        }
    }

    /// Decodes the values of property `ident` leniently: values, and
    /// warnings.
    ///
    /// ```
    /// use sgf_go::GoNode;
    /// use sgf_stream::typed::Decoder;
    /// let tree = sgf_stream::parse("(;AB[aa][zz])")?;
    /// let (ident, values) = tree.node_properties().next().unwrap();
    /// let decoder = Decoder::with_size(sgf_stream::typed::BoardSize::square(9));
    /// let (points, problems) = values.decode_lenient(&decoder, ident);
    /// assert_eq!((points.len(), problems.len()), (2, 1)); // `zz` is kept raw
    /// # Ok::<(), sgf_stream::Error>(())
    /// ```
    pub fn decode_lenient(
        &self,
        decoder: &Decoder,
        ident: &str,
    ) -> (Vec<Value<'a>>, Vec<PropertyError>) {
        match *self {
            NodeValues::Raw(values) => decoder.decode_lenient(ident, values),
            NodeValues::Text(values) => decoder.decode_tree_lenient(ident, values),
        }
    }
}

/// A node that can be replayed: its properties, and where it is in the
/// input when that is known (for the positions of problems).
///
/// [`SgfTree`] and the [`CompactTree`](sgf_stream::CompactTree)'s [`NodeRef`]
/// implement it, and so does a node gathered from events, as a slice of
/// `(PropIdent, RawValues)`; a path to replay is any iterator of them,
/// such as [`SgfTree::main_line`] or [`NodeRef::main_line`].
///
/// ```
/// use sgf_go::GoNode;
/// let tree = sgf_stream::parse("(;SZ[9]C[x];B[ee])")?;
/// let idents: Vec<&str> = tree.node_properties().map(|(id, _)| id).collect();
/// assert_eq!(idents, ["SZ", "C"]);
/// # Ok::<(), sgf_stream::Error>(())
/// ```
pub trait GoNode {
    /// The iterator of [`node_properties`](Self::node_properties).
    type Properties<'s>: Iterator<Item = (&'s str, NodeValues<'s>)>
    where
        Self: 's;

    /// The properties in file order, as identifiers and values.
    fn node_properties(&self) -> Self::Properties<'_>;

    /// Where the node's `;` is in its input, in bytes, if known.
    fn offset(&self) -> Option<usize> {
        None
    }

    /// The whole input that [`offset`](Self::offset) counts in, if known:
    /// a replay finds the line and column of a problem there.
    fn input(&self) -> Option<&[u8]> {
        None
    }
}

impl<T: GoNode + ?Sized> GoNode for &T {
    type Properties<'s>
        = T::Properties<'s>
    where
        Self: 's;

    #[inline]
    fn node_properties(&self) -> Self::Properties<'_> {
        (**self).node_properties()
    }

    fn offset(&self) -> Option<usize> {
        (**self).offset()
    }

    fn input(&self) -> Option<&[u8]> {
        (**self).input()
    }
}

/// The properties of an [`SgfTree`]'s [`Node`], for [`GoNode`].
///
/// ```
/// use sgf_go::GoNode;
/// let tree = sgf_stream::parse("(;SZ[9]KM[6.5])")?;
/// assert_eq!(tree.node_properties().count(), 2);
/// # Ok::<(), sgf_stream::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct TreeProperties<'s>(NodeProperties<'s>);

impl<'s> Iterator for TreeProperties<'s> {
    type Item = (&'s str, NodeValues<'s>);

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        let (ident, values) = self.0.next()?;
        Some((ident, NodeValues::Text(values)))
    }
}

impl GoNode for SgfTree {
    type Properties<'s> = TreeProperties<'s>;

    #[inline]
    fn node_properties(&self) -> TreeProperties<'_> {
        TreeProperties(self.properties())
    }
}

impl GoNode for Node<'_> {
    type Properties<'s>
        = TreeProperties<'s>
    where
        Self: 's;

    #[inline]
    fn node_properties(&self) -> TreeProperties<'_> {
        TreeProperties(self.properties())
    }
}

/// The properties of a [`NodeRef`] or of an event node, for [`GoNode`].
///
/// ```
/// use sgf_go::GoNode;
/// use sgf_stream::CompactTree;
/// let tree = CompactTree::from_bytes("(;B[pd]C[hi])")?;
/// let root = tree.root().unwrap();
/// let idents: Vec<&str> = root.node_properties().map(|(ident, _)| ident).collect();
/// assert_eq!(idents, ["B", "C"]);
/// # Ok::<(), sgf_stream::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct RawProperties<'s>(RawSource<'s>);

#[derive(Debug, Clone)]
enum RawSource<'s> {
    Compact(Properties<'s>),
    Events(std::slice::Iter<'s, (PropIdent<'s>, RawValues<'s>)>),
}

impl<'s> Iterator for RawProperties<'s> {
    type Item = (&'s str, NodeValues<'s>);

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        match &mut self.0 {
            RawSource::Compact(properties) => {
                let (ident, values) = properties.next()?;
                Some((ident, NodeValues::Raw(values)))
            }
            RawSource::Events(props) => {
                let (ident, values) = props.next()?;
                Some((ident.as_str(), NodeValues::Raw(*values)))
            }
        }
    }
}

impl GoNode for NodeRef<'_> {
    type Properties<'s>
        = RawProperties<'s>
    where
        Self: 's;

    #[inline]
    fn node_properties(&self) -> RawProperties<'_> {
        RawProperties(RawSource::Compact(self.properties()))
    }

    fn offset(&self) -> Option<usize> {
        Some(NodeRef::offset(self))
    }

    fn input(&self) -> Option<&[u8]> {
        Some(NodeRef::input(self))
    }
}

impl<'a> GoNode for [(PropIdent<'a>, RawValues<'a>)] {
    type Properties<'s>
        = RawProperties<'s>
    where
        Self: 's;

    fn node_properties(&self) -> RawProperties<'_> {
        RawProperties(RawSource::Events(self.iter()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compact_properties_match_the_trees() {
        let sgf = concat!(
            "(;SZ[19]C[a\\]b] \n MULTIGOGM[1];B[pd]BL[12.5];W[]TR[aa][bb] \n;AB[a\\]]LB[cc:x])",
            "(;B[aa](;W[bb])(;W[cc] C[x];B[dd]\n;W[ee]PL[B]))",
        );
        let tree = sgf_stream::CompactTree::from_bytes(sgf).unwrap();
        for node in tree.nodes() {
            let ours: Vec<_> = node.node_properties().collect();
            let theirs: Vec<_> = node
                .properties()
                .map(|(ident, values)| (ident, NodeValues::Raw(values)))
                .collect();
            assert_eq!(ours, theirs);
        }
    }

    #[test]
    fn the_first_of_one_value_is_its_bytes() {
        let tree = sgf_stream::CompactTree::from_bytes("(;B[pd];W[];C[a\\]]TR[aa] [bb])").unwrap();
        let mut firsts: Vec<Vec<u8>> = Vec::new();
        for node in tree.nodes() {
            firsts.extend(node.node_properties().map(|(_, v)| v.first().to_vec()));
        }
        assert_eq!(firsts, [&b"pd"[..], b"", b"a\\]", b"aa"]);
    }
}
