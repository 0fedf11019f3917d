//! [`parse`] and [`parse_collection`]: a whole input in memory to trees.

use super::{Games, TreeBuilder};
use crate::error::{Error, TreeErrorKind};
use crate::read::ReaderBuilder;
use crate::tree::SgfTree;

/// Parses exactly one game tree, with the semantics of the "SGF Parsing"
/// exercise: values are decoded as SGF Text, a property may appear once
/// per node, identifiers are uppercase.
///
/// # Errors
/// Any malformation, with its position; see
/// [`ErrorKind`](crate::ErrorKind). A second game tree after the first is
/// [`TreeErrorKind::ExtraGameTree`].
///
/// # Examples
/// ```
/// let tree = sgf_stream::parse("(;FF[4]C[root];B[aa];W[ab])")?;
/// assert_eq!(tree.get("FF").unwrap(), ["4"]);
/// assert_eq!(tree.main_line().count(), 3);
///
/// let err = sgf_stream::parse("(;a[b])").unwrap_err();
/// assert_eq!(err.kind().to_string(), "property must be in uppercase");
/// # Ok::<(), sgf_stream::Error>(())
/// ```
pub fn parse(input: impl AsRef<[u8]>) -> Result<SgfTree, Error> {
    let reader = ReaderBuilder::new().from_slice(input.as_ref());
    let mut games = Games::new(reader, TreeBuilder::new());
    let tree = games.next().unwrap_or_else(|| Ok(SgfTree::new()))?;
    let mut reader = games.into_reader();
    let start = reader.position();
    match reader.next_spanned()? {
        None => Ok(tree),
        Some((_, span)) => {
            debug_assert!(span.start >= start);
            Err(reader.fail(TreeErrorKind::ExtraGameTree.into(), span.start as usize))
        }
    }
}

/// Parses a whole collection: every game tree of `input`, in order.
///
/// # Errors
/// As [`parse`]; an empty input is
/// [`ErrorKind::TreeMissing`](crate::ErrorKind::TreeMissing).
///
/// # Examples
/// ```
/// let games = sgf_stream::parse_collection(b"(;GN[one]) (;GN[two])")?;
/// assert_eq!(games.len(), 2);
/// assert_eq!(&games[1].get("GN").unwrap()[0], "two");
/// # Ok::<(), sgf_stream::Error>(())
/// ```
pub fn parse_collection(input: impl AsRef<[u8]>) -> Result<Vec<SgfTree>, Error> {
    ReaderBuilder::new().parse_collection(input.as_ref())
}

impl ReaderBuilder {
    /// Parses a whole collection in memory with these options; see
    /// [`parse_collection`].
    ///
    /// # Errors
    /// As [`parse_collection`].
    pub fn parse_collection(self, input: &[u8]) -> Result<Vec<SgfTree>, Error> {
        Games::new(self.from_slice(input), TreeBuilder::new()).collect()
    }
}
