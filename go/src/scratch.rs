//! Scratch space for walking a group, on the stack: a bit set of cells
//! and a stack of cells that spills to the heap only for large groups.

use super::zobrist::MAX_CELLS;

/// One bit per cell of the largest board.
pub(super) struct Marks([u64; MAX_CELLS.div_ceil(64)]);

impl Marks {
    pub(super) fn new() -> Self {
        Marks([0; MAX_CELLS.div_ceil(64)])
    }

    /// Whether `cell` is marked.
    #[inline]
    pub(super) fn contains(&self, cell: usize) -> bool {
        self.0[cell / 64] & (1u64 << (cell % 64)) != 0
    }

    /// Marks `cell`; returns whether it was marked already.
    #[inline]
    pub(super) fn mark(&mut self, cell: usize) -> bool {
        let (word, bit) = (cell / 64, 1u64 << (cell % 64));
        let was = self.0[word] & bit != 0;
        self.0[word] |= bit;
        was
    }
}

/// Cells still to visit.
pub(super) struct Pending {
    inline: [u16; 64],
    len: usize,
    spill: Vec<u16>,
}

impl Pending {
    pub(super) fn new() -> Self {
        Pending {
            inline: [0; 64],
            len: 0,
            spill: Vec::new(),
        }
    }

    #[inline]
    pub(super) fn push(&mut self, cell: usize) {
        if self.len < self.inline.len() {
            self.inline[self.len] = cell as u16;
            self.len += 1;
        } else {
            self.spill.push(cell as u16);
        }
    }

    #[inline]
    pub(super) fn pop(&mut self) -> Option<usize> {
        #[cfg(test)]
        walked::add();
        if let Some(cell) = self.spill.pop() {
            return Some(usize::from(cell));
        }
        self.len = self.len.checked_sub(1)?;
        Some(usize::from(self.inline[self.len]))
    }
}

/// A count of the cells every walk of a group takes from its
/// [`Pending`], per thread: the work of group bookkeeping, for tests.
#[cfg(test)]
pub(super) mod walked {
    use std::cell::Cell;

    thread_local! {
        static WALKED: Cell<u64> = const { Cell::new(0) };
    }

    pub(in super::super) fn add() {
        WALKED.with(|walked| walked.set(walked.get() + 1));
    }

    /// The cells walked on this thread so far.
    pub(in super::super) fn get() -> u64 {
        WALKED.with(Cell::get)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pending_spills_and_comes_back_in_order() {
        let mut pending = Pending::new();
        for cell in 0..200 {
            pending.push(cell);
        }
        let popped: Vec<usize> = std::iter::from_fn(|| pending.pop()).collect();
        assert_eq!(popped, (0..200).rev().collect::<Vec<_>>());
    }

    #[test]
    fn marks_say_what_was_marked() {
        let mut marks = Marks::new();
        assert!(!marks.mark(MAX_CELLS - 1));
        assert!(marks.mark(MAX_CELLS - 1));
        assert!(!marks.mark(0));
    }
}
