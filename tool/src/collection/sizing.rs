//! When the files found in folders are sized before they are read.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::Relaxed};

/// How many files in a row must have been small before the next ones are
/// read unsized.
const SMALL_RUN: usize = 64;

/// A file counts in a run of small ones when at least this many of its
/// size fit in the batch target.
const SMALL_PER_TARGET: u64 = 4;

/// Whether each file found in a folder is sized before it is read, and
/// how many bytes one read unsized is taken to hold.
///
/// A size tells, before the file is opened, a small file (read whole by a
/// worker, many to a unit of work) from a large one (cut into batches
/// where it is found), at the cost of a look-up. [`Sizing::never`]: no
/// file is sized; each is a unit of its own, read whole if it ends within
/// the batch target, else given back and cut where it was found (with one
/// job, where nothing runs ahead). [`Sizing::until_small_run`]: files
/// are sized until a run of them were small (a folder of single games);
/// the next ones are read unsized, as many to a unit as the largest of
/// that run would make the batch target, and one that does not fit in
/// what its unit has left is given back, read where it was found, and
/// sizing starts again.
#[derive(Debug)]
pub(crate) struct Sizing {
    /// Whether files are ever sized.
    adaptive: bool,
    /// The largest size that counts as small.
    small: u64,
    /// How many files sized in a row were small.
    run: AtomicUsize,
    /// The largest of them.
    largest: AtomicU64,
    /// Whether a file read unsized did not fit.
    missed: AtomicBool,
    /// The batch target.
    target: u64,
}

impl Sizing {
    /// No file sized: each read whole within the batch `target`, or given
    /// back.
    pub(crate) fn never(target: u64) -> Sizing {
        Sizing {
            adaptive: false,
            small: 0,
            run: AtomicUsize::new(0),
            largest: AtomicU64::new(0),
            missed: AtomicBool::new(false),
            target,
        }
    }

    /// Files sized until a run of them were small for the batch `target`.
    pub(crate) fn until_small_run(target: u64) -> Sizing {
        Sizing {
            adaptive: true,
            small: target / SMALL_PER_TARGET,
            ..Sizing::never(target)
        }
    }

    /// Whether the next file found is to be sized (asked by the thread
    /// that finds the files).
    pub(crate) fn wanted(&self) -> bool {
        if !self.adaptive {
            return false;
        }
        if self.missed.load(Relaxed) && self.missed.swap(false, Relaxed) {
            self.restart();
        }
        self.run.load(Relaxed) < SMALL_RUN
    }

    /// Counts a file found to be `size` bytes in the run of small ones
    /// (or ends the run).
    pub(crate) fn sized(&self, size: u64) {
        if size <= self.small {
            self.run.store(self.run.load(Relaxed) + 1, Relaxed);
            self.largest.fetch_max(size, Relaxed);
        } else {
            self.restart();
        }
    }

    /// Ends the run of small files: the next ones are sized.
    fn restart(&self) {
        self.run.store(0, Relaxed);
        self.largest.store(0, Relaxed);
    }

    /// The bytes a file read unsized is taken to hold, for the unit it
    /// joins: the largest of the run of small files (at least one byte),
    /// or the batch target when files are never sized (a unit of its
    /// own).
    pub(crate) fn unsized_bytes(&self) -> u64 {
        match self.adaptive {
            true => self.largest.load(Relaxed).max(1),
            false => self.target,
        }
    }

    /// Says that a file read unsized did not fit in its unit: the next
    /// files are sized again (asked by the worker that read it).
    pub(crate) fn missed(&self) {
        self.missed.store(true, Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::{Sizing, SMALL_RUN};

    #[test]
    fn files_are_read_unsized_after_a_run_of_small_ones_until_one_misses() {
        let sizing = Sizing::until_small_run(400);
        // Small is up to a quarter of the target; a large file ends a run.
        for _ in 0..SMALL_RUN - 1 {
            assert!(sizing.wanted());
            sizing.sized(60);
        }
        sizing.sized(101);
        for size in (0..SMALL_RUN as u64).map(|n| 100 - n % 7) {
            assert!(sizing.wanted());
            sizing.sized(size);
        }
        assert!(!sizing.wanted());
        assert_eq!(sizing.unsized_bytes(), 100);
        sizing.missed();
        assert!(sizing.wanted());
        sizing.sized(0);
        assert_eq!(sizing.unsized_bytes(), 1);
    }

    #[test]
    fn never_sized_files_are_units_of_their_own() {
        let sizing = Sizing::never(400);
        assert!(!sizing.wanted());
        assert_eq!(sizing.unsized_bytes(), 400);
    }
}
