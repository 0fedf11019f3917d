//! [`GoNode`]: what a replay reads from a node, whatever tree holds it.

use crate::event::{PropIdent, RawValues};
use crate::ident::static_ident;
use crate::lex::{find_close, is_space};
use crate::tree::{Node, NodeProperties, NodeRef, SgfTree, Values};
use crate::typed::{Decoder, PropertyError, Value};

/// The values of one property of a node: raw (escapes untouched, from
/// events or a [`CompactTree`](crate::CompactTree)) or decoded as SGF
/// Text (from an [`SgfTree`]).
///
/// ```
/// use sgf_stream::go::{GoNode, NodeValues};
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
    /// use sgf_stream::go::NodeValues;
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
    /// use sgf_stream::go::GoNode;
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
    /// use sgf_stream::go::GoNode;
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
    /// use sgf_stream::go::GoNode;
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
/// use sgf_stream::go::GoNode;
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
/// use sgf_stream::go::GoNode;
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
    /// The bytes after a compact node's `;`.
    Compact(&'s [u8]),
    Events(std::slice::Iter<'s, (PropIdent<'s>, RawValues<'s>)>),
}

impl<'s> Iterator for RawProperties<'s> {
    type Item = (&'s str, NodeValues<'s>);

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        match &mut self.0 {
            RawSource::Compact(rest) => {
                let bytes: &'s [u8] = rest;
                // A move of two plain letters, `B[pd]`, the most common
                // property; when a `;`, `(` or `)` follows, the node ends.
                if let [color @ (b'B' | b'W'), b'[', a, b, b']', ..] = *bytes {
                    if is_plain(a) && is_plain(b) {
                        let ends = matches!(bytes.get(5), Some(b';' | b'(' | b')') | None);
                        *rest = if ends { &[] } else { &bytes[5..] };
                        let ident = if color == b'B' { "B" } else { "W" };
                        let values = RawValues::new(&bytes[1..5], 1);
                        return Some((ident, NodeValues::Raw(values)));
                    }
                }
                if bytes.is_empty() {
                    return None;
                }
                next_property(rest)
            }
            RawSource::Events(props) => {
                let (ident, values) = props.next()?;
                Some((ident.as_str(), NodeValues::Raw(*values)))
            }
        }
    }
}

/// The next property in `rest`, bytes of a node that the parser accepted,
/// moving `rest` past it. Like [`NodeRef::properties`], but one- and
/// two-letter identifiers come from the static table, and a value of two
/// plain bytes is taken without a search.
fn next_property<'s>(rest: &mut &'s [u8]) -> Option<(&'s str, NodeValues<'s>)> {
    let bytes: &'s [u8] = rest;
    let start = skip_space(bytes, 0);
    let mut at = start;
    while bytes.get(at).is_some_and(u8::is_ascii_uppercase) {
        at += 1;
    }
    if at == start {
        return None;
    }
    let name = &bytes[start..at];
    let ident = match static_ident(name) {
        Some(ident) => ident,
        None => std::str::from_utf8(name).ok()?,
    };
    let values_start = skip_space(bytes, at);
    let (mut end, mut count, mut at) = (values_start, 0, values_start);
    while bytes.get(at) == Some(&b'[') {
        end = at + 1 + value_len(&bytes[at + 1..])? + 1;
        count += 1;
        at = skip_space(bytes, end);
    }
    *rest = &bytes[end..];
    let values = RawValues::new(&bytes[values_start..end], count);
    Some((ident, NodeValues::Raw(values)))
}

/// Where the value in `body` (the bytes after its `[`) ends.
#[inline]
fn value_len(body: &[u8]) -> Option<usize> {
    match *body {
        [b']', ..] => Some(0),
        [a, b, b']', ..] if is_plain(a) && is_plain(b) => Some(2),
        _ => find_close(body),
    }
}

/// Whether `b` in a value is neither its end nor an escape.
#[inline]
fn is_plain(b: u8) -> bool {
    b != b']' && b != b'\\'
}

#[inline]
fn skip_space(bytes: &[u8], mut at: usize) -> usize {
    while bytes.get(at).copied().is_some_and(is_space) {
        at += 1;
    }
    at
}

impl GoNode for NodeRef<'_> {
    type Properties<'s>
        = RawProperties<'s>
    where
        Self: 's;

    #[inline]
    fn node_properties(&self) -> RawProperties<'_> {
        RawProperties(RawSource::Compact(&self.source()[self.offset() + 1..]))
    }

    fn offset(&self) -> Option<usize> {
        Some(NodeRef::offset(self))
    }

    fn input(&self) -> Option<&[u8]> {
        Some(self.source())
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
        let tree = crate::CompactTree::from_bytes(sgf).unwrap();
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
        let tree = crate::CompactTree::from_bytes("(;B[pd];W[];C[a\\]]TR[aa] [bb])").unwrap();
        let mut firsts: Vec<Vec<u8>> = Vec::new();
        for node in tree.nodes() {
            firsts.extend(node.node_properties().map(|(_, v)| v.first().to_vec()));
        }
        assert_eq!(firsts, [&b"pd"[..], b"", b"a\\]", b"aa"]);
    }
}
