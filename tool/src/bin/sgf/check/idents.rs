//! [`Idents`]: the property identifiers of the node being checked, to
//! find a repeated one in constant time however many properties the
//! node has.

use std::collections::HashSet;

/// Past this many identifiers in a node, a set answers: below it, a
/// search of a few numbers is cheaper than hashing.
const LINEAR_LOOKUP: usize = 16;

/// The identifiers (as numbers) of one node: its first
/// [`LINEAR_LOOKUP`] in a list searched in order, all of them in a set
/// once there are more.
#[derive(Debug, Default)]
pub(super) struct Idents {
    first: Vec<u64>,
    all: HashSet<u64>,
}

impl Idents {
    /// Whether the node has no identifier yet.
    #[inline]
    pub(super) fn is_empty(&self) -> bool {
        self.first.is_empty()
    }

    /// Notes `key`; whether it is new in the node.
    #[inline]
    pub(super) fn insert(&mut self, key: u64) -> bool {
        if self.first.len() < LINEAR_LOOKUP {
            probed(self.first.len());
            if self.first.contains(&key) {
                return false;
            }
            self.first.push(key);
            if self.first.len() == LINEAR_LOOKUP {
                self.all.extend(&self.first);
            }
            return true;
        }
        probed(1);
        self.all.insert(key)
    }

    /// Forgets the node's identifiers. The set is cleared only when it
    /// was used: clearing costs its capacity, which a node of many
    /// properties left large.
    #[inline]
    pub(super) fn clear(&mut self) {
        self.first.clear();
        if !self.all.is_empty() {
            probed(self.all.capacity());
            self.all.clear();
        }
    }
}

#[cfg(test)]
thread_local! {
    /// Identifiers compared or hashed by [`Idents::insert`], and slots
    /// cleared, on this thread.
    static PROBES: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// Counts `n` identifiers looked at (in tests).
#[inline(always)]
fn probed(n: usize) {
    #[cfg(test)]
    PROBES.with(|probes| probes.set(probes.get() + n as u64));
    #[cfg(not(test))]
    let _ = n;
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Identifiers looked at while inserting `keys`, one node per
    /// element, then clearing.
    fn probes_over(nodes: &[Vec<u64>]) -> u64 {
        let before = PROBES.with(std::cell::Cell::get);
        let mut idents = Idents::default();
        for keys in nodes {
            for &key in keys {
                idents.insert(key);
            }
            idents.clear();
        }
        PROBES.with(std::cell::Cell::get) - before
    }

    #[test]
    fn finds_repeats_below_and_past_the_list() {
        let mut idents = Idents::default();
        assert!(idents.is_empty());
        for key in 0..40 {
            assert!(idents.insert(key), "{key} is new");
        }
        assert!(!idents.is_empty());
        for key in [0, 5, 15, 16, 39] {
            assert!(!idents.insert(key), "{key} is a repeat");
        }
        idents.clear();
        assert!(idents.is_empty());
        assert!(idents.insert(0) && idents.insert(39), "forgotten");
    }

    #[test]
    fn a_node_of_many_properties_costs_linear_work() {
        // A node of n distinct identifiers, then n repeats of one: a
        // search over all the earlier ones at each property was
        // quadratic (n²/2 comparisons).
        let node = |n: u64| {
            (0..n)
                .chain(std::iter::repeat(7).take(n as usize))
                .collect()
        };
        for n in [10_000, 40_000] {
            let per_property = probes_over(&[node(n)]) as f64 / (2 * n) as f64;
            assert!(per_property < 2.0, "{n}: {per_property:.1} per property");
        }
        // Many small nodes after a large one: clearing must not cost the
        // large node's set again at each.
        let mut nodes = vec![node(40_000)];
        nodes.extend(std::iter::repeat(vec![1, 2, 1]).take(40_000));
        assert!(probes_over(&nodes) < 16 * 160_000);
    }
}
