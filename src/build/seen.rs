//! [`Seen`]: the identifiers of one node with many properties and their
//! places, to find a repeated one in constant time.

use std::collections::HashMap;

use crate::ident::{static_slot, STATIC_SLOTS};

/// The identifiers of the node being built, once it has many properties,
/// with their places: one- and two-letter identifiers in a table by
/// [`static_slot`], longer ones in a map. Empty and unused for the usual
/// node of one or two properties, which a linear search serves best.
#[derive(Debug, Default)]
pub(crate) struct Seen {
    /// For each static slot, the place of its identifier, or [`ABSENT`].
    short: Vec<u32>,
    /// The slots set in `short`, to clear them.
    filled: Vec<u16>,
    long: HashMap<Box<str>, usize>,
    active: bool,
}

/// No place in [`Seen::short`].
const ABSENT: u32 = u32::MAX;

impl Seen {
    /// Whether it holds the current node's identifiers.
    #[inline]
    pub(crate) fn is_active(&self) -> bool {
        self.active
    }

    /// Starts holding `idents`, the node's identifiers so far.
    pub(crate) fn fill<'a>(&mut self, idents: impl Iterator<Item = &'a str>) {
        if self.short.is_empty() {
            self.short = vec![ABSENT; STATIC_SLOTS];
        }
        self.active = true;
        for (at, ident) in idents.enumerate() {
            self.insert(ident, at);
        }
    }

    /// Notes identifier `ident`, at place `at` in the node, unless it is
    /// there already.
    #[inline]
    pub(crate) fn insert(&mut self, ident: &str, at: usize) {
        match static_slot(ident.as_bytes()) {
            Some(slot) if self.short[slot] == ABSENT => {
                self.short[slot] = at as u32;
                self.filled.push(slot as u16);
            }
            Some(_) => {}
            None => {
                self.long.entry(ident.into()).or_insert(at);
            }
        }
    }

    /// The place of `ident` in the node, if the node has it.
    #[inline]
    pub(crate) fn lookup(&self, ident: &str) -> Option<usize> {
        match static_slot(ident.as_bytes()) {
            Some(slot) => match self.short[slot] {
                ABSENT => None,
                at => Some(at as usize),
            },
            None => self.long.get(ident).copied(),
        }
    }

    /// Forgets the node's identifiers.
    pub(crate) fn clear(&mut self) {
        if self.active {
            for slot in self.filled.drain(..) {
                self.short[usize::from(slot)] = ABSENT;
            }
            self.long.clear();
            self.active = false;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_short_and_long_identifiers_and_forgets_them() {
        let mut seen = Seen::default();
        assert!(!seen.is_active());
        seen.fill(["B", "AB", "MULTIGOGM"].into_iter());
        assert_eq!(seen.lookup("B"), Some(0));
        assert_eq!(seen.lookup("AB"), Some(1));
        assert_eq!(seen.lookup("MULTIGOGM"), Some(2));
        assert_eq!(seen.lookup("W"), None);
        assert_eq!(seen.lookup("BA"), None);
        assert_eq!(seen.lookup("Other"), None);
        seen.insert("W", 3);
        seen.insert("B", 4);
        assert_eq!(seen.lookup("W"), Some(3));
        assert_eq!(seen.lookup("B"), Some(0), "the first place stays");
        seen.clear();
        assert!(!seen.is_active());
        assert_eq!(seen.lookup("B"), None);
        assert_eq!(seen.lookup("W"), None);
        assert_eq!(seen.lookup("MULTIGOGM"), None);
    }
}
