//! [`Seen`]: the identifiers of one node with many properties, to find a
//! repeated one in constant time.

use std::collections::HashMap;

use crate::ident::{static_slot, STATIC_SLOTS};

/// The identifiers of the node being built, once it has many properties:
/// one- and two-letter identifiers as bits, longer ones in a map to their
/// place. Empty and unused for the usual node of one or two properties,
/// which a linear search serves best.
#[derive(Debug, Default)]
pub(crate) struct Seen {
    bits: Vec<u64>,
    long: HashMap<Box<str>, usize>,
    active: bool,
}

impl Seen {
    /// Whether it holds the current node's identifiers.
    #[inline]
    pub(crate) fn is_active(&self) -> bool {
        self.active
    }

    /// Starts holding `idents`, the node's identifiers so far.
    pub(crate) fn fill<'a>(&mut self, idents: impl Iterator<Item = &'a str>) {
        if self.bits.is_empty() {
            self.bits = vec![0; STATIC_SLOTS.div_ceil(64)];
        }
        self.active = true;
        for (at, ident) in idents.enumerate() {
            self.insert(ident, at);
        }
    }

    /// Notes identifier `ident`, at place `at` in the node.
    #[inline]
    pub(crate) fn insert(&mut self, ident: &str, at: usize) {
        match static_slot(ident.as_bytes()) {
            Some(slot) => self.bits[slot / 64] |= 1 << (slot % 64),
            None => {
                self.long.entry(ident.into()).or_insert(at);
            }
        }
    }

    /// Whether the node may have `ident`: `false` is sure, `true` for a
    /// short identifier means it has (find where by a search), and for a
    /// long one `Some(place)` says where.
    #[inline]
    pub(crate) fn lookup(&self, ident: &str) -> Lookup {
        match static_slot(ident.as_bytes()) {
            Some(slot) if self.bits[slot / 64] & 1 << (slot % 64) == 0 => Lookup::Absent,
            Some(_) => Lookup::Present,
            None => match self.long.get(ident) {
                Some(&at) => Lookup::At(at),
                None => Lookup::Absent,
            },
        }
    }

    /// Forgets the node's identifiers.
    pub(crate) fn clear(&mut self) {
        if self.active {
            self.bits.fill(0);
            self.long.clear();
            self.active = false;
        }
    }
}

/// What [`Seen::lookup`] knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Lookup {
    /// The node does not have the identifier.
    Absent,
    /// The node has it, somewhere.
    Present,
    /// The node has it at this place.
    At(usize),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_short_and_long_identifiers_and_forgets_them() {
        let mut seen = Seen::default();
        assert!(!seen.is_active());
        seen.fill(["B", "AB", "MULTIGOGM"].into_iter());
        assert_eq!(seen.lookup("B"), Lookup::Present);
        assert_eq!(seen.lookup("AB"), Lookup::Present);
        assert_eq!(seen.lookup("MULTIGOGM"), Lookup::At(2));
        assert_eq!(seen.lookup("W"), Lookup::Absent);
        assert_eq!(seen.lookup("BA"), Lookup::Absent);
        assert_eq!(seen.lookup("Other"), Lookup::Absent);
        seen.insert("W", 3);
        assert_eq!(seen.lookup("W"), Lookup::Present);
        seen.clear();
        assert!(!seen.is_active());
        assert_eq!(seen.lookup("B"), Lookup::Absent);
        assert_eq!(seen.lookup("MULTIGOGM"), Lookup::Absent);
    }
}
