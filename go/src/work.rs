//! A count of the steps that loops over a diagram's or a record's input
//! take, per thread, so that unit tests can check the work stays linear
//! in the input. Outside `cfg(test)`, [`count`] compiles to nothing.

#[cfg(test)]
thread_local! {
    static STEPS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// Adds `n` steps.
#[cfg(test)]
#[inline]
pub(crate) fn count(n: usize) {
    STEPS.with(|steps| steps.set(steps.get().saturating_add(n as u64)));
}

/// Adds `n` steps (nothing outside tests).
#[cfg(not(test))]
#[inline(always)]
pub(crate) fn count(n: usize) {
    let _ = n;
}

/// Runs `f` and returns its result with the steps it took on this thread.
#[cfg(test)]
pub(crate) fn measure<R>(f: impl FnOnce() -> R) -> (R, u64) {
    let before = STEPS.with(std::cell::Cell::get);
    let result = f();
    (result, STEPS.with(std::cell::Cell::get) - before)
}
