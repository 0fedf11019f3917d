//! [`GoNode`]: what a replay reads from a node, whatever tree holds it.

use crate::compact::{NodeRef, Properties};
use crate::error::Position;
use crate::event::{PropIdent, RawValues};
use crate::tree::repr::Property;
use crate::tree::SgfTree;
use crate::typed::{Decoder, PropertyError, Value};

/// The values of one property of a node: raw (escapes untouched, from
/// events or a [`CompactTree`](crate::CompactTree)) or decoded as SGF
/// Text (from an [`SgfTree`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NodeValues<'a> {
    /// Raw values, escapes untouched.
    Raw(RawValues<'a>),
    /// Values decoded as SGF Text.
    Text(&'a [String]),
}

impl<'a> NodeValues<'a> {
    /// How many values there are.
    ///
    /// ```
    /// use sgf_stream::go::NodeValues;
    /// let values = ["aa".to_string(), "bb".to_string()];
    /// assert_eq!(NodeValues::Text(&values).len(), 2);
    /// assert_eq!(NodeValues::Text(&values).first(), b"aa");
    /// ```
    #[allow(clippy::len_without_is_empty)]
    pub fn len(&self) -> usize {
        match self {
            NodeValues::Raw(values) => values.len(),
            NodeValues::Text(values) => values.len(),
        }
    }

    /// The bytes of the first value (empty when there is none).
    #[inline]
    pub fn first(&self) -> &'a [u8] {
        match self {
            NodeValues::Raw(values) => values.first().as_bytes(),
            NodeValues::Text(values) => values.first().map_or(&[], |v| v.as_bytes()),
        }
    }

    /// Decodes the values of property `ident` strictly, by the catalogue.
    ///
    /// # Errors
    /// The first value that does not fit its type.
    pub fn decode(&self, decoder: &Decoder, ident: &str) -> Result<Vec<Value<'a>>, PropertyError> {
        match *self {
            NodeValues::Raw(values) => decoder.decode(ident, values),
            NodeValues::Text(values) => decoder.decode_tree(ident, values),
        }
    }

    /// Decodes the values of property `ident` leniently: values, and
    /// warnings.
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
/// input when that is known.
///
/// [`SgfTree`] and the [`CompactTree`](crate::CompactTree)'s [`NodeRef`]
/// implement it, and so does a node gathered from events, as a slice of
/// `(PropIdent, RawValues)`; a path to replay is any iterator of them,
/// such as [`SgfTree::main_line`] or [`NodeRef::main_line`].
///
/// ```
/// use sgf_stream::go::GoNode;
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

    /// Where the node's `;` is in the input, if known (for messages; it
    /// may take a scan of the input, so it is asked only for problems).
    fn position(&self) -> Option<Position> {
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

    fn position(&self) -> Option<Position> {
        (**self).position()
    }
}

/// The properties of an [`SgfTree`] node, for [`GoNode`].
#[derive(Debug, Clone)]
pub struct TreeProperties<'s>(std::slice::Iter<'s, Property>);

impl<'s> Iterator for TreeProperties<'s> {
    type Item = (&'s str, NodeValues<'s>);

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        let prop = self.0.next()?;
        Some((&prop.ident, NodeValues::Text(prop.values.as_slice())))
    }
}

impl GoNode for SgfTree {
    type Properties<'s> = TreeProperties<'s>;

    #[inline]
    fn node_properties(&self) -> TreeProperties<'_> {
        TreeProperties(self.props().iter())
    }
}

/// The properties of a [`NodeRef`] or of an event node, for [`GoNode`].
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
            RawSource::Compact(props) => {
                let (ident, values) = props.next()?;
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

    fn position(&self) -> Option<Position> {
        Some(Position::locate(self.source(), self.offset()))
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
