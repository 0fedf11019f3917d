//! The positions a game has seen, for positional superko: a set of
//! Zobrist hashes.

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};

/// Sets of Zobrist hashes, which are random already: hashed as they are.
#[derive(Debug, Default, Clone, Copy)]
pub(super) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(byte);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

pub(super) type Seen = HashSet<u64, BuildHasherDefault<KeyHasher>>;
