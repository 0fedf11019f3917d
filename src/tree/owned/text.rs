//! [`TextBuf`]: what an arena keeps its text in. A tree's arena holds a
//! `String`; a game being built holds bytes, which take ASCII a byte at
//! a time with no check, and become the tree's `String` with one check
//! of the whole text when the game is done.

use std::fmt;
use std::ops::Range;

/// What an arena keeps its text in; only whole `str`s and ASCII bytes
/// go in, so it is always UTF-8.
pub(crate) trait TextBuf: Default + Clone + fmt::Debug {
    fn len(&self) -> usize;
    fn as_bytes(&self) -> &[u8];
    /// The text at `range`, whose ends are where pieces put in end.
    fn str_at(&self, range: Range<usize>) -> &str;
    fn push_str(&mut self, text: &str);
    /// Appends bytes that are all ASCII.
    fn push_ascii(&mut self, ascii: &[u8]);
    fn truncate(&mut self, len: usize);
    fn clear(&mut self);
}

impl TextBuf for String {
    #[inline]
    fn len(&self) -> usize {
        self.len()
    }

    #[inline]
    fn as_bytes(&self) -> &[u8] {
        self.as_str().as_bytes()
    }

    #[inline]
    fn str_at(&self, range: Range<usize>) -> &str {
        &self[range]
    }

    #[inline]
    fn push_str(&mut self, text: &str) {
        self.push_str(text);
    }

    #[inline]
    fn push_ascii(&mut self, ascii: &[u8]) {
        self.extend(ascii.iter().map(|&b| char::from(b)));
    }

    fn truncate(&mut self, len: usize) {
        self.truncate(len);
    }

    fn clear(&mut self) {
        self.clear();
    }
}

impl TextBuf for Vec<u8> {
    #[inline]
    fn len(&self) -> usize {
        self.len()
    }

    #[inline]
    fn as_bytes(&self) -> &[u8] {
        self
    }

    /// # Panics
    /// Never: only whole `str`s and ASCII went in, and `range` ends
    /// where they end.
    fn str_at(&self, range: Range<usize>) -> &str {
        std::str::from_utf8(&self[range]).expect("an arena's pieces of text are UTF-8")
    }

    #[inline]
    fn push_str(&mut self, text: &str) {
        self.extend_from_slice(text.as_bytes());
    }

    /// Up to four bytes without a call to copy memory.
    #[inline(always)]
    fn push_ascii(&mut self, ascii: &[u8]) {
        debug_assert!(ascii.is_ascii());
        // Slices of a known length are copied without a call.
        match *ascii {
            [a] => self.push(a),
            [a, b] => self.extend_from_slice(&[a, b]),
            [a, b, c] => self.extend_from_slice(&[a, b, c]),
            [a, b, c, d] => self.extend_from_slice(&[a, b, c, d]),
            _ => self.extend_from_slice(ascii),
        }
    }

    fn truncate(&mut self, len: usize) {
        self.truncate(len);
    }

    fn clear(&mut self) {
        self.clear();
    }
}
