//! A count of the work the parsers do, to check that it stays linear in
//! the input's length (feature `work-count`, for tests and fuzzing).
//!
//! Every scan over input bytes (the grammar's, the lenient layer's
//! resynchronisation, line counting for positions, the stream window's
//! refills and moves) adds the number of bytes it looks at, and each
//! step of a state machine adds one. Without the feature the calls
//! compile to nothing; with it the count is kept per thread.
//!
//! ```
//! # #[cfg(feature = "work-count")] {
//! let input = b"(;B[pd];W[dp])";
//! let (events, work) = sgf_stream::work::measure(|| sgf_stream::Parser::new(input).count());
//! assert_eq!(events, 6);
//! assert!(work >= input.len() as u64 && work <= 8 * input.len() as u64);
//! # }
//! ```

/// Adds `n` units of work (bytes looked at, or one per step).
#[cfg(not(feature = "work-count"))]
#[inline(always)]
pub(crate) fn count(n: usize) {
    let _ = n;
}

#[cfg(feature = "work-count")]
thread_local! {
    static WORK: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// Adds `n` units of work (bytes looked at, or one per step): this
/// crate's loops, and those of crates built on it (`sgf-go` counts its
/// diagrams and search records here), so that one [`measure`] sees all.
#[cfg(feature = "work-count")]
#[inline]
pub fn count(n: usize) {
    WORK.with(|work| work.set(work.get().saturating_add(n as u64)));
}

/// The work counted on this thread since it started or since the last
/// [`reset`].
#[cfg(feature = "work-count")]
pub fn get() -> u64 {
    WORK.with(std::cell::Cell::get)
}

/// Sets this thread's count back to zero.
#[cfg(feature = "work-count")]
pub fn reset() {
    WORK.with(|work| work.set(0));
}

/// Runs `f` and returns its result with the work it did on this thread.
///
/// ```
/// let ((), work) = sgf_stream::work::measure(|| ());
/// assert_eq!(work, 0);
/// ```
#[cfg(feature = "work-count")]
pub fn measure<R>(f: impl FnOnce() -> R) -> (R, u64) {
    let before = get();
    let result = f();
    (result, get() - before)
}
