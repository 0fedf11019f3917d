//! Zobrist keys: one random 64-bit key per point and colour, fixed at
//! compile time, so every hash is the same on every machine and run.
//!
//! Keys are indexed by a point's cell in the board's padded layout (see
//! [`cell_index`]), so the same point on boards of different sizes has
//! different keys; a key for the board's size is mixed in as well.

use sgf_stream::typed::{BoardSize, Color, Point};

/// Cells of the largest padded board: 54 rows of 53 cells.
pub(super) const MAX_CELLS: usize = 54 * 53;

/// SplitMix64's output function: a bijection that mixes every bit.
pub(super) const fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The `n`th key of the SplitMix64 sequence from a fixed seed.
const fn nth_key(n: u64) -> u64 {
    mix(0x5EED_0F60_BA5E_0000u64.wrapping_add(n.wrapping_mul(0x9E37_79B9_7F4A_7C15)))
}

const fn stone_keys() -> [[u64; MAX_CELLS]; 2] {
    let mut keys = [[0; MAX_CELLS]; 2];
    let mut i = 0;
    while i < MAX_CELLS {
        keys[0][i] = nth_key(2 * i as u64 + 1);
        keys[1][i] = nth_key(2 * i as u64 + 2);
        i += 1;
    }
    keys
}

/// The key of a stone of each colour (black, white) on each cell.
static STONE_KEYS: [[u64; MAX_CELLS]; 2] = stone_keys();

/// Mixed in when White is to move.
pub(super) const WHITE_TO_MOVE: u64 = nth_key(0);

/// The key of a pass of each colour, for move sequences.
pub(super) const PASS: [u64; 2] = [nth_key(u64::MAX), nth_key(u64::MAX - 1)];

/// The index of a colour in key tables: black 0, white 1.
#[inline]
pub(super) fn side(color: Color) -> usize {
    match color {
        Color::Black => 0,
        Color::White => 1,
    }
}

/// The key of a stone of `color` on cell `index`.
#[inline]
pub(super) fn stone(color: Color, index: usize) -> u64 {
    STONE_KEYS[side(color)][index]
}

/// The key of the board's size: an empty board's hash.
pub(super) fn size(size: BoardSize) -> u64 {
    mix(nth_key(u64::from(size.cols) << 8 | u64::from(size.rows)))
}

/// The cell of `point` on a board of `size`: rows of `cols + 1` cells
/// (one border cell between rows), with a border row above and below.
#[inline]
pub(super) fn cell_index(point: Point, size: BoardSize) -> usize {
    let stride = usize::from(size.cols) + 1;
    (usize::from(point.row) + 1) * stride + usize::from(point.col) + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_distinct() {
        let mut all: Vec<u64> = STONE_KEYS.iter().flatten().copied().collect();
        all.extend([WHITE_TO_MOVE, PASS[0], PASS[1]]);
        let count = all.len();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), count);
    }

    #[test]
    fn the_largest_board_fits_the_tables() {
        let corner = Point::new(51, 51);
        assert!(cell_index(corner, BoardSize::square(52)) + 53 < MAX_CELLS);
    }
}
