//! [`Values`]: the decoded values of one property of an
//! [`SgfTree`](super::SgfTree), borrowed from the tree.

use std::fmt;
use std::ops::Index;

/// The values of one property, decoded as SGF Text, borrowed from the
/// tree: indexed like a slice of `str`, iterated as `&str`, compared
/// with arrays, slices and vectors of `&str` or `String`.
///
/// ```
/// let tree = sgf_stream::parse("(;AB[aa][bb]C[hi\\]])")?;
/// let stones = tree.get("AB").unwrap();
/// assert_eq!(stones, ["aa", "bb"]);
/// assert_eq!(stones.len(), 2);
/// assert_eq!(&stones[1], "bb");
/// assert_eq!(stones.iter().collect::<Vec<_>>(), ["aa", "bb"]);
/// assert_eq!(tree.get("C").unwrap().first(), Some("hi]"));
/// # Ok::<(), sgf_stream::Error>(())
/// ```
#[derive(Clone, Copy)]
pub struct Values<'t> {
    text: &'t str,
    start: u32,
    ends: &'t [u32],
}

impl<'t> Values<'t> {
    /// The values whose text ends at each of `ends` in `text`, the first
    /// starting at `start`.
    #[inline]
    pub(crate) fn new(text: &'t str, start: u32, ends: &'t [u32]) -> Self {
        Values { text, start, ends }
    }

    /// How many values there are.
    #[inline]
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// Whether there is none (a property such as `AB[]` has one, empty).
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// Value `index`, if there are that many.
    #[inline]
    pub fn get(&self, index: usize) -> Option<&'t str> {
        let end = *self.ends.get(index)? as usize;
        let start = match index {
            0 => self.start,
            _ => self.ends[index - 1],
        } as usize;
        Some(&self.text[start..end])
    }

    /// The first value, if there is one.
    #[inline]
    pub fn first(&self) -> Option<&'t str> {
        self.get(0)
    }

    /// The values in order.
    #[inline]
    pub fn iter(&self) -> ValuesIter<'t> {
        ValuesIter {
            text: self.text,
            start: self.start,
            ends: self.ends.iter(),
        }
    }

    /// The values as owned strings.
    pub fn to_vec(&self) -> Vec<String> {
        self.iter().map(str::to_owned).collect()
    }
}

impl<'t> IntoIterator for Values<'t> {
    type Item = &'t str;
    type IntoIter = ValuesIter<'t>;

    fn into_iter(self) -> ValuesIter<'t> {
        self.iter()
    }
}

impl<'t> IntoIterator for &Values<'t> {
    type Item = &'t str;
    type IntoIter = ValuesIter<'t>;

    fn into_iter(self) -> ValuesIter<'t> {
        self.iter()
    }
}

impl Index<usize> for Values<'_> {
    type Output = str;

    /// Value `index`.
    ///
    /// # Panics
    /// If there are not that many values, as a slice does.
    fn index(&self, index: usize) -> &str {
        match self.get(index) {
            Some(value) => value,
            None => panic!("value index {index} out of range for {} values", self.len()),
        }
    }
}

impl fmt::Debug for Values<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl PartialEq for Values<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.iter().eq(other.iter())
    }
}

impl Eq for Values<'_> {}

impl<S: AsRef<str>> PartialEq<[S]> for Values<'_> {
    fn eq(&self, other: &[S]) -> bool {
        self.iter().eq(other.iter().map(AsRef::as_ref))
    }
}

impl<S: AsRef<str>, const N: usize> PartialEq<[S; N]> for Values<'_> {
    fn eq(&self, other: &[S; N]) -> bool {
        *self == other[..]
    }
}

impl<S: AsRef<str>> PartialEq<&[S]> for Values<'_> {
    fn eq(&self, other: &&[S]) -> bool {
        *self == **other
    }
}

impl<S: AsRef<str>> PartialEq<Vec<S>> for Values<'_> {
    fn eq(&self, other: &Vec<S>) -> bool {
        *self == other[..]
    }
}

impl<S: AsRef<str>> PartialEq<Values<'_>> for [S] {
    fn eq(&self, other: &Values<'_>) -> bool {
        other == self
    }
}

impl<S: AsRef<str>, const N: usize> PartialEq<Values<'_>> for [S; N] {
    fn eq(&self, other: &Values<'_>) -> bool {
        other == self
    }
}

impl<S: AsRef<str>> PartialEq<Values<'_>> for Vec<S> {
    fn eq(&self, other: &Values<'_>) -> bool {
        other == self
    }
}

/// The values of a property in order; see [`Values::iter`].
#[derive(Debug, Clone)]
pub struct ValuesIter<'t> {
    text: &'t str,
    start: u32,
    ends: std::slice::Iter<'t, u32>,
}

impl<'t> Iterator for ValuesIter<'t> {
    type Item = &'t str;

    #[inline]
    fn next(&mut self) -> Option<&'t str> {
        let end = *self.ends.next()?;
        let start = std::mem::replace(&mut self.start, end);
        Some(&self.text[start as usize..end as usize])
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.ends.size_hint()
    }
}

impl DoubleEndedIterator for ValuesIter<'_> {
    #[inline]
    fn next_back(&mut self) -> Option<Self::Item> {
        let end = *self.ends.next_back()?;
        let start = self.ends.as_slice().last().copied().unwrap_or(self.start);
        Some(&self.text[start as usize..end as usize])
    }
}

impl ExactSizeIterator for ValuesIter<'_> {}

impl std::iter::FusedIterator for ValuesIter<'_> {}
