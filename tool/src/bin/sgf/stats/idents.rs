//! Counting property identifiers: those of one or two capitals (nearly
//! all) by slot, the others by name. A piece's counts are as small as
//! the identifiers it uses, so that many small files cost little to
//! count and to merge.

use super::collect::{bump, Counter};

/// Slots: an identifier of one or two capitals.
const SLOTS: usize = 27 * 27;

/// Room made for the identifiers of a piece, more than a game uses: the
/// list is made once, at its size, on the thread that counts, rather
/// than grown there and freed on the thread that merges (a pattern that
/// makes the threads wait on the allocator's lock).
const ROOM: usize = 64;

/// The slot of `ident`, if it is one or two capitals.
#[inline(always)]
fn slot_of(ident: &str) -> Option<usize> {
    match *ident.as_bytes() {
        [a @ b'A'..=b'Z'] => Some(usize::from(a - b'A') * 27),
        [a @ b'A'..=b'Z', b @ b'A'..=b'Z'] => {
            Some(usize::from(a - b'A') * 27 + usize::from(b - b'A') + 1)
        }
        _ => None,
    }
}

/// The identifier in `slot`.
fn name_of(slot: usize) -> String {
    let mut name = String::from(char::from(b'A' + (slot / 27) as u8));
    if slot % 27 > 0 {
        name.push(char::from(b'A' + (slot % 27 - 1) as u8));
    }
    name
}

/// How many times each property identifier was seen: the counts of some
/// pieces, merged.
#[derive(Debug, Clone, Default)]
pub(super) struct Idents {
    /// By slot: [`SLOTS`] counts, or none yet (merged counts).
    dense: Vec<u64>,
    /// Slots and their counts, of the slots one piece used.
    sparse: Vec<(u16, u64)>,
    /// Other identifiers, by name.
    long: Counter,
}

impl Idents {
    /// Adds the counts of `other` to these.
    pub(super) fn merge(&mut self, other: Idents) {
        if self.dense.is_empty() && other.sparse.is_empty() {
            self.dense = other.dense;
        } else {
            self.dense.resize(SLOTS, 0);
            for (mine, theirs) in self.dense.iter_mut().zip(&other.dense) {
                *mine += theirs;
            }
            for (slot, count) in other.sparse {
                self.dense[usize::from(slot)] += count;
            }
        }
        for (name, count) in other.long {
            *self.long.entry(name).or_default() += count;
        }
    }

    /// Moves the counts to `counter`, by name.
    pub(super) fn drain_into(&mut self, counter: &mut Counter) {
        let dense = self.dense.iter_mut().enumerate();
        let slots = dense.map(|(slot, count)| (slot, std::mem::take(count)));
        let sparse = self
            .sparse
            .drain(..)
            .map(|(slot, n)| (usize::from(slot), n));
        for (slot, count) in slots.chain(sparse).filter(|&(_, count)| count > 0) {
            *counter.entry(name_of(slot)).or_default() += count;
        }
        for (name, count) in self.long.drain() {
            *counter.entry(name).or_default() += count;
        }
    }
}

/// Counts identifiers as a piece is read, [`take`](Self::take)n as
/// [`Idents`] that hold only the slots seen.
#[derive(Debug, Clone)]
pub(super) struct Tally {
    /// For each slot, one more than its place in `seen`, or 0.
    places: Vec<u16>,
    /// Slots seen and their counts.
    seen: Vec<(u16, u64)>,
    long: Counter,
}

impl Default for Tally {
    fn default() -> Self {
        Tally {
            places: vec![0; SLOTS],
            seen: Vec::with_capacity(ROOM),
            long: Counter::default(),
        }
    }
}

impl Tally {
    /// Counts `ident`.
    #[inline(always)]
    pub(super) fn add(&mut self, ident: &str) {
        let Some(slot) = slot_of(ident) else {
            return bump(&mut self.long, ident);
        };
        match self.places[slot] {
            0 => {
                self.seen.push((slot as u16, 1));
                self.places[slot] = self.seen.len() as u16;
            }
            place => self.seen[usize::from(place) - 1].1 += 1,
        }
    }

    /// The counts since the last call; counting starts again from none.
    pub(super) fn take(&mut self) -> Idents {
        for &(slot, _) in &self.seen {
            self.places[usize::from(slot)] = 0;
        }
        Idents {
            dense: Vec::new(),
            sparse: std::mem::replace(&mut self.seen, Vec::with_capacity(ROOM)),
            long: std::mem::take(&mut self.long),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tally(idents: &[&str]) -> Idents {
        let mut tally = Tally::default();
        idents.iter().for_each(|ident| tally.add(ident));
        tally.take()
    }

    fn named(mut idents: Idents) -> Vec<(String, u64)> {
        let mut counter = Counter::default();
        idents.drain_into(&mut counter);
        let mut named: Vec<_> = counter.into_iter().collect();
        named.sort();
        named
    }

    #[test]
    fn counts_every_kind_of_identifier() {
        let counted = named(tally(&["B", "W", "B", "AB", "ZZ", "A", "MULTIGOGM", "b"]));
        let expected = [("A", 1), ("AB", 1), ("B", 2), ("MULTIGOGM", 1), ("W", 1)];
        let mut expected: Vec<_> = expected.map(|(n, c)| (n.to_string(), c)).into();
        expected.extend([("ZZ".to_string(), 1), ("b".to_string(), 1)]);
        expected.sort();
        assert_eq!(counted, expected);
    }

    #[test]
    fn a_take_starts_again_from_none() {
        let mut tally = Tally::default();
        ["B", "XY", "B"].iter().for_each(|ident| tally.add(ident));
        let first = tally.take();
        ["W", "B"].iter().for_each(|ident| tally.add(ident));
        let second = tally.take();
        let pair = |n: &str, c| (n.to_string(), c);
        assert_eq!(named(first), [pair("B", 2), pair("XY", 1)]);
        assert_eq!(named(second), [pair("B", 1), pair("W", 1)]);
    }

    #[test]
    fn merges_pieces_in_any_order_and_shape() {
        let pieces = || {
            [
                tally(&["B", "W", "LONGER"]),
                tally(&["B", "C"]),
                tally(&["C"]),
            ]
        };
        let mut forward = Idents::default();
        pieces().into_iter().for_each(|piece| forward.merge(piece));
        // Merged counts merged into more merged counts.
        let mut nested = Idents::default();
        let [a, b, c] = pieces();
        let mut ab = a;
        ab.merge(b);
        nested.merge(c);
        nested.merge(ab);
        let pair = |n: &str, c| (n.to_string(), c);
        let expected = [pair("B", 2), pair("C", 2), pair("LONGER", 1), pair("W", 1)];
        assert_eq!(named(forward), expected);
        assert_eq!(named(nested), expected);
    }
}
