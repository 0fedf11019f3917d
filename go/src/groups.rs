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
use sgf_stream::typed::Color;

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

/// The root cell of the stone `cell` on cell `p`.
#[inline(always)]
pub(super) fn root_of(p: usize, cell: u16) -> usize {
    let payload = usize::from(cell & PAYLOAD);
    if cell & ROOT != 0 {
        p
    } else {
        payload
    }
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

/// The distinct groups of each colour around an empty cell, and how many
/// of its neighbours are empty.
#[derive(Default, Clone, Copy)]
pub(super) struct Around {
    pub(super) own: Roots,
    pub(super) other: Roots,
    pub(super) empties: u16,
}

/// Up to four distinct roots.
#[derive(Default, Clone, Copy)]
pub(super) struct Roots {
    cells: [u16; 4],
    len: u8,
}

impl Roots {
    /// Adds `root`; returns false when it is there already. Holds four
    /// at most: a cell has four neighbours.
    #[inline(always)]
    pub(super) fn insert(&mut self, root: u16) -> bool {
        let len = usize::from(self.len) & 3;
        if self.cells[..len].contains(&root) {
            return false;
        }
        self.cells[len] = root;
        self.len += 1;
        true
    }

    #[inline(always)]
    pub(super) fn as_slice(&self) -> &[u16] {
        &self.cells[..usize::from(self.len).min(4)]
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
        root_of(p, self.cells[p])
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

    /// The groups and empty points around the empty cell `p`, for a
    /// stone of `color`.
    #[inline(always)]
    pub(super) fn around(&self, color: u16, p: usize) -> Around {
        let mut around = Around::default();
        for q in self.neighbours(p) {
            let cell = self.cells[q];
            let side = cell & COLOR;
            if cell == EMPTY {
                around.empties += 1;
            } else if side == color {
                around.own.insert(root_of(q, cell) as u16);
            } else if side != BORDER {
                around.other.insert(root_of(q, cell) as u16);
            }
        }
        around
    }

    /// Puts a stone of `color` on the empty cell `p`, capturing nothing:
    /// `p` leaves the liberties of the groups around it, and the stone
    /// joins its friendly neighbours. Returns the roots of the enemy
    /// groups around it.
    pub(super) fn put(&mut self, color: u16, p: usize) -> Roots {
        let around = self.around(color, p);
        self.put_around(color, p, &around);
        around.other
    }

    /// [`put`](Self::put), with what is around `p` already known.
    #[inline(always)]
    pub(super) fn put_around(&mut self, color: u16, p: usize, around: &Around) {
        for &root in around.own.as_slice().iter().chain(around.other.as_slice()) {
            self.cells[usize::from(root)] -= 1;
        }
        self.toggle(color, p, true);
        match around.own.as_slice() {
            [] => self.cells[p] = color | ROOT | around.empties,
            &[root] => {
                self.cells[p] = color | root;
                let root = usize::from(root);
                let gained = self
                    .neighbours(p)
                    .iter()
                    .filter(|&&q| self.cells[q] == EMPTY && !self.touches(q, root, p))
                    .count();
                self.cells[root] += gained as u16;
            }
            roots => self.join(color, p, roots),
        }
    }

    /// Joins the new stone on `p` and the groups `roots` (two or more)
    /// into the group with the most liberties, the largest as a rule:
    /// walks the stone and the other groups only, pointing them at its
    /// root and adding the liberties they bring that it lacks.
    fn join(&mut self, color: u16, p: usize, roots: &[u16]) {
        let keep = roots
            .iter()
            .map(|&root| usize::from(root))
            .max_by_key(|&root| self.root_liberties(root))
            .expect("two roots or more");
        let (mut walked, mut counted) = (Marks::new(), Marks::new());
        let mut gained = 0;
        let mut pending = Pending::new();
        walked.mark(p);
        pending.push(p);
        while let Some(q) = pending.pop() {
            self.cells[q] = color | keep as u16;
            for n in self.neighbours(q) {
                let cell = self.cells[n];
                if cell == EMPTY {
                    if !counted.mark(n) && !self.touches_unwalked(n, keep, &walked) {
                        gained += 1;
                    }
                } else if cell & COLOR == color && self.root(n) != keep && !walked.mark(n) {
                    pending.push(n);
                }
            }
        }
        self.cells[keep] += gained;
    }

    /// Whether the empty cell `q` is next to a stone of the group rooted
    /// at `root` that is not `walked` (a stone that belonged to it before
    /// the join).
    #[inline]
    fn touches_unwalked(&self, q: usize, root: usize, walked: &Marks) -> bool {
        self.neighbours(q)
            .iter()
            .any(|&n| is_stone(self.cells[n]) && self.root(n) == root && !walked.contains(n))
    }

    /// Whether the empty cell `q` is next to a stone of the group rooted at
    /// `root`, other than the one on `except`.
    #[inline]
    fn touches(&self, q: usize, root: usize, except: usize) -> bool {
        let color = self.cells[root] & COLOR;
        self.neighbours(q).iter().any(|&n| {
            let cell = self.cells[n];
            n != except && cell & COLOR == color && root_of(n, cell) == root
        })
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
