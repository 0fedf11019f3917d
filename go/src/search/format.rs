//! The layout of an index file (see the [module docs](super)): the
//! header, the table of sections, the fixed-size game records, and the
//! errors of reading them.

/// The first eight bytes of every index.
pub const MAGIC: [u8; 8] = *b"SGFINDEX";
/// The version of the format this crate writes and reads.
pub const VERSION: u32 = 2;
/// Bytes of the header.
pub(super) const HEADER: usize = 64;
/// The sections, in the order of the section table.
pub(super) const SECTIONS: usize = 6;
pub(super) const GAMES: usize = 0;
pub(super) const BITS: usize = 1;
pub(super) const ENTRIES: usize = 2;
pub(super) const META: usize = 3;
pub(super) const FILES: usize = 4;
pub(super) const NAMES: usize = 5;
/// Bytes of one game's record in the games section.
pub(super) const GAME: usize = 40;
/// Bytes of one game's sets of points in the bits section.
pub(super) const GAME_BITS: usize = 2 * super::record::BIT_WORDS * 8;

/// An index that could not be read or written.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum IndexError {
    /// The bytes do not start with the index's magic.
    #[error("not an index of sgf-go (no SGFINDEX at byte 0)")]
    NotAnIndex,
    /// An index of a version this crate does not read.
    #[error(
        "index format version {found}, this build reads version {VERSION}: index the games again"
    )]
    Version {
        /// The version found.
        found: u32,
    },
    /// A search filter on what the index does not store of a game: the
    /// properties it uses ([`Filter::has`](sgf_stream::game::Filter::has)).
    #[error("a search cannot filter on `{filter}`: the index does not store it")]
    NotStored {
        /// The filter's name, as [`Filter`](sgf_stream::game::Filter)'s
        /// method.
        filter: &'static str,
    },
    /// A table, section or record that points outside the file, or
    /// holds values that cannot be.
    #[error("index damaged at byte {offset}: {what}")]
    Damaged {
        /// Where the bad value is.
        offset: u64,
        /// What is wrong.
        what: &'static str,
    },
    /// Reading or writing the file failed.
    #[error("index file: {0}")]
    Io(#[from] std::io::Error),
}

impl IndexError {
    pub(super) fn damaged(offset: usize, what: &'static str) -> IndexError {
        IndexError::Damaged {
            offset: offset as u64,
            what,
        }
    }
}

/// The little-endian `u16` at `at`.
#[inline]
pub(super) fn u16_at(bytes: &[u8], at: usize) -> u16 {
    u16::from_le_bytes([bytes[at], bytes[at + 1]])
}

/// The little-endian `u32` at `at`.
#[inline]
pub(super) fn u32_at(bytes: &[u8], at: usize) -> u32 {
    let mut word = [0; 4];
    word.copy_from_slice(&bytes[at..at + 4]);
    u32::from_le_bytes(word)
}

/// The little-endian `u64` at `at`.
#[inline]
pub(super) fn u64_at(bytes: &[u8], at: usize) -> u64 {
    let mut word = [0; 8];
    word.copy_from_slice(&bytes[at..at + 8]);
    u64::from_le_bytes(word)
}

/// One game's fixed-size record in the games section.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct GameSlot {
    /// The first of its entries, counted in entries.
    pub entries_start: u64,
    /// The first byte of its meta fields.
    pub meta_start: u64,
    pub file: u32,
    pub index: u32,
    pub entries_len: u32,
    pub meta_len: u16,
    pub cols: u8,
    pub rows: u8,
    pub moves: u32,
    /// 0 unknown, 1 Black won, 2 White won.
    pub winner: u8,
}

impl GameSlot {
    pub(super) fn write(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.entries_start.to_le_bytes());
        out.extend_from_slice(&self.meta_start.to_le_bytes());
        out.extend_from_slice(&self.file.to_le_bytes());
        out.extend_from_slice(&self.index.to_le_bytes());
        out.extend_from_slice(&self.entries_len.to_le_bytes());
        out.extend_from_slice(&self.meta_len.to_le_bytes());
        out.extend_from_slice(&[self.cols, self.rows]);
        out.extend_from_slice(&self.moves.to_le_bytes());
        out.extend_from_slice(&[self.winner, 0, 0, 0]);
    }

    /// The record in `bytes`, [`GAME`] bytes long.
    #[inline]
    pub(super) fn read(bytes: &[u8]) -> GameSlot {
        GameSlot {
            entries_start: u64_at(bytes, 0),
            meta_start: u64_at(bytes, 8),
            file: u32_at(bytes, 16),
            index: u32_at(bytes, 20),
            entries_len: u32_at(bytes, 24),
            meta_len: u16_at(bytes, 28),
            cols: bytes[30],
            rows: bytes[31],
            moves: u32_at(bytes, 32),
            winner: bytes[36],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slot_is_as_long_as_the_format_says() {
        let slot = GameSlot {
            entries_start: 1 << 40,
            meta_start: 7,
            file: 3,
            index: 9,
            entries_len: 250,
            meta_len: 61,
            cols: 19,
            rows: 13,
            moves: 240,
            winner: 2,
        };
        let mut out = Vec::new();
        slot.write(&mut out);
        assert_eq!(out.len(), GAME);
        assert_eq!(GameSlot::read(&out), slot);
    }
}
