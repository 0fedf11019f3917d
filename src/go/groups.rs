//! The board's groups, kept up to date stone by stone.
//!
//! Each cell is a `u16`: two colour bits ([`EMPTY`], [`BLACK`], [`WHITE`],
//! [`BORDER`]) and, for a stone, a [`ROOT`] bit and 13 bits of payload.
//! Every group has one root stone, whose payload is the group's exact
//! number of liberties; every other stone's payload is the cell of its
//! root. So finding a stone's group and its liberties takes two reads.
//!
//! Placing a stone takes its point from the liberties of the groups
//! around it and adds the new liberties it brings; joining two groups or
//! more walks the joined group once, pointing its stones at one root and
//! counting its liberties. Removing a group walks it, giving a liberty to
//! each group around each stone. Removing one stone (setup) may split its
//! group: each part is walked and gets a root of its own. Nothing ever
//! walks the whole board.

use super::scratch::{Marks, Pending};
use super::zobrist;
use super::Board;
use crate::typed::Color;

pub(super) const EMPTY: u16 = 0;
pub(super) const BLACK: u16 = 0x4000;
pub(super) const WHITE: u16 = 0x8000;
pub(super) const BORDER: u16 = 0xC000;
pub(super) const COLOR: u16 = 0xC000;
pub(super) const ROOT: u16 = 0x2000;
pub(super) const PAYLOAD: u16 = 0x1FFF;

/// The colour bits of a stone of `color`.
#[inline]
pub(super) fn bits(color: Color) -> u16 {
    match color {
        Color::Black => BLACK,
        Color::White => WHITE,
    }
}

/// The colour of a stone's colour bits.
#[inline]
pub(super) fn color_of(bits: u16) -> Color {
    if bits == BLACK {
        Color::Black
    } else {
        Color::White
    }
}

/// Whether a cell holds a stone.
#[inline]
pub(super) fn is_stone(cell: u16) -> bool {
    cell != EMPTY && cell & COLOR != BORDER
}

/// Where removed stones go: nowhere, or a list of their cells.
pub(super) trait Removed {
    fn removed(&mut self, cell: usize);
}

impl Removed for () {
    #[inline]
    fn removed(&mut self, _: usize) {}
}

impl Removed for Vec<u16> {
    fn removed(&mut self, cell: usize) {
        self.push(cell as u16);
    }
}

/// Up to four distinct roots.
#[derive(Default, Clone, Copy)]
pub(super) struct Roots {
    cells: [u16; 4],
    len: usize,
}

impl Roots {
    /// Adds `root`; returns false when it is there already.
    #[inline]
    pub(super) fn insert(&mut self, root: u16) -> bool {
        if self.cells[..self.len].contains(&root) {
            return false;
        }
        self.cells[self.len] = root;
        self.len += 1;
        true
    }

    pub(super) fn as_slice(&self) -> &[u16] {
        &self.cells[..self.len]
    }
}

impl Board {
    /// The four neighbours of cell `p` (border cells included).
    #[inline]
    pub(super) fn neighbours(&self, p: usize) -> [usize; 4] {
        let stride = usize::from(self.stride);
        [p - stride, p - 1, p + 1, p + stride]
    }

    /// The root cell of the stone on `p`.
    #[inline]
    pub(super) fn root(&self, p: usize) -> usize {
        let cell = self.cells[p];
        if cell & ROOT != 0 {
            p
        } else {
            usize::from(cell & PAYLOAD)
        }
    }

    /// The liberties of the group whose root is `root`.
    #[inline]
    pub(super) fn root_liberties(&self, root: usize) -> u16 {
        self.cells[root] & PAYLOAD
    }

    /// Changes the stone count and hash for a stone of `color` put on or
    /// taken from `p`.
    #[inline]
    fn toggle(&mut self, color: u16, p: usize, added: bool) {
        let color = color_of(color);
        self.hash ^= zobrist::stone(color, p);
        let count = &mut self.stones[zobrist::side(color)];
        if added {
            *count += 1;
        } else {
            *count -= 1;
        }
    }

    /// Puts a stone of `color` on the empty cell `p`, capturing nothing:
    /// `p` leaves the liberties of the groups around it, and the stone
    /// joins its friendly neighbours. Returns the roots of the enemy
    /// groups around it.
    pub(super) fn put(&mut self, color: u16, p: usize) -> Roots {
        let around = self.neighbours(p);
        let (mut friends, mut enemies) = (Roots::default(), Roots::default());
        let mut empties = 0;
        for q in around {
            let cell = self.cells[q];
            if cell == EMPTY {
                empties += 1;
            } else if cell & COLOR != BORDER {
                let root = self.root(q);
                let side = if cell & COLOR == color {
                    &mut friends
                } else {
                    &mut enemies
                };
                if side.insert(root as u16) {
                    self.cells[root] -= 1;
                }
            }
        }
        self.toggle(color, p, true);
        match friends.as_slice() {
            [] => self.cells[p] = color | ROOT | empties,
            &[root] => {
                self.cells[p] = color | root;
                let root = usize::from(root);
                let gained = around
                    .iter()
                    .filter(|&&q| self.cells[q] == EMPTY && !self.touches(q, root, p))
                    .count();
                self.cells[root] += gained as u16;
            }
            &[root, ..] => {
                self.cells[p] = color | root;
                self.regroup(usize::from(root), &mut Marks::new());
            }
        }
        enemies
    }

    /// Whether the empty cell `q` is next to a stone of the group rooted at
    /// `root`, other than the one on `except`.
    #[inline]
    fn touches(&self, q: usize, root: usize, except: usize) -> bool {
        self.neighbours(q)
            .iter()
            .any(|&n| n != except && is_stone(self.cells[n]) && self.root(n) == root)
    }

    /// Makes `start` the root of the stones connected to it, and counts
    /// their liberties. `seen` marks the stones walked (liberties are
    /// counted with marks of their own), so parts of a split group can
    /// share it.
    pub(super) fn regroup(&mut self, start: usize, seen: &mut Marks) {
        let color = self.cells[start] & COLOR;
        let mut liberties = Marks::new();
        let mut count = 0u16;
        let mut pending = Pending::new();
        seen.mark(start);
        pending.push(start);
        while let Some(q) = pending.pop() {
            if q != start {
                self.cells[q] = color | start as u16;
            }
            for n in self.neighbours(q) {
                let cell = self.cells[n];
                if cell == EMPTY {
                    count += !liberties.mark(n) as u16;
                } else if cell & COLOR == color && !seen.mark(n) {
                    pending.push(n);
                }
            }
        }
        self.cells[start] = color | ROOT | count;
    }

    /// Gives the empty cell `p` back as a liberty to each distinct group
    /// around it.
    fn free(&mut self, p: usize) {
        let mut roots = Roots::default();
        for q in self.neighbours(p) {
            if is_stone(self.cells[q]) {
                let root = self.root(q);
                if roots.insert(root as u16) {
                    self.cells[root] += 1;
                }
            }
        }
    }

    /// Removes the whole group of the stone on `p`; returns how many
    /// stones it had.
    pub(super) fn remove_group(&mut self, p: usize, removed: &mut impl Removed) -> u32 {
        let color = self.cells[p] & COLOR;
        let mut count = 0;
        let mut pending = Pending::new();
        self.cells[p] = EMPTY;
        pending.push(p);
        // A cell is emptied when it is found, so each is taken once; it
        // becomes a liberty of the other colour's groups when it is taken.
        while let Some(q) = pending.pop() {
            self.toggle(color, q, false);
            removed.removed(q);
            count += 1;
            for n in self.neighbours(q) {
                if self.cells[n] & COLOR == color {
                    self.cells[n] = EMPTY;
                    pending.push(n);
                }
            }
            self.free(q);
        }
        count
    }

    /// Takes the stone off `p` (setup): its group may fall apart, so each
    /// part around `p` is regrouped, and `p` becomes a liberty of the
    /// other colour's groups around it.
    pub(super) fn lift(&mut self, p: usize) {
        let color = self.cells[p] & COLOR;
        self.cells[p] = EMPTY;
        self.toggle(color, p, false);
        let mut seen = Marks::new();
        let mut enemies = Roots::default();
        for q in self.neighbours(p) {
            let cell = self.cells[q];
            if cell & COLOR == color {
                if !seen.contains(q) {
                    self.regroup(q, &mut seen);
                }
            } else if is_stone(cell) {
                let root = self.root(q);
                if enemies.insert(root as u16) {
                    self.cells[root] += 1;
                }
            }
        }
    }
}
