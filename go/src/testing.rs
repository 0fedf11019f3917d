//! Helpers of the crate's unit tests.

/// Numbers below `n` from a linear congruential generator started at
/// `seed`: the same cases on every run.
pub(crate) fn numbers(seed: u64) -> impl FnMut(u64) -> u64 {
    let mut state = seed;
    move |n| {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (state >> 33) % n
    }
}
