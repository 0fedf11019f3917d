//! The loops of diagrams and search records counted in the format
//! crate's count of work ([`sgf_stream::work`], feature `work-count`), so
//! that tests check the work stays linear in the input. Without the
//! feature, [`count`] compiles to nothing.

#[cfg(feature = "work-count")]
pub(crate) use sgf_stream::work::count;

/// Adds `n` steps (nothing without the feature `work-count`).
#[cfg(not(feature = "work-count"))]
#[inline(always)]
pub(crate) fn count(n: usize) {
    let _ = n;
}
