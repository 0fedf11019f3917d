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

/// Setup changes made together (a node's `AE`, `AB` and `AW`): while no
/// stone has been taken off, each is an ordinary [`Board::put`]; from
/// the first stone taken off or replaced, the cells' colours change
/// alone, and [`Board::settle`] then walks each group around the
/// changed cells once. Taking stones off one by one walked what was
/// left of their group each time: a board's worth of `AE` cost the
/// square of its points.
#[derive(Debug, Clone, Default)]
pub(super) struct Setup {
    /// The cells changed since the first stone taken off.
    touched: Vec<u16>,
    deferred: bool,
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

    /// Sets the cell `p` to `wanted` (colour bits, or [`EMPTY`]) as part
    /// of `setup`, counting its stones and hash; returns whether it
    /// changed. The groups are right again after [`settle`](Self::settle).
    pub(super) fn set_cell(&mut self, p: usize, wanted: u16, setup: &mut Setup) -> bool {
        self.ko = None;
        let cell = self.cells[p];
        if cell & COLOR == wanted {
            return false;
        }
        setup.deferred |= cell != EMPTY;
        if !setup.deferred {
            self.put(wanted, p);
            return true;
        }
        if cell != EMPTY {
            self.toggle(cell & COLOR, p, false);
        }
        if wanted != EMPTY {
            self.toggle(wanted, p, true);
        }
        self.cells[p] = wanted;
        setup.touched.push(p as u16);
        true
    }

    /// Makes the groups right after the changes of `setup`: regroups each
    /// group on or around a changed cell, walking each stone once.
    pub(super) fn settle(&mut self, setup: &mut Setup) {
        if !setup.touched.is_empty() {
            let mut seen = Marks::new();
            for &p in &setup.touched {
                let p = usize::from(p);
                let [a, b, c, d] = self.neighbours(p);
                for q in [p, a, b, c, d] {
                    if is_stone(self.cells[q]) && !seen.contains(q) {
                        self.regroup(q, &mut seen);
                    }
                }
            }
        }
        setup.touched.clear();
        setup.deferred = false;
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

#[cfg(test)]
mod tests {
    use crate::scratch::walked;
    use crate::{Board, ReplayOptions};
    use sgf_stream::typed::{Color, Point};

    /// Replays `sgf` leniently; the board, and the cells the group walks
    /// took.
    fn replay(sgf: &str) -> (Board, u64) {
        let tree = sgf_stream::parse(sgf).unwrap();
        let before = walked::get();
        let game = ReplayOptions::new()
            .lenient(true)
            .replay(tree.main_line())
            .run();
        (game.unwrap().board().clone(), walked::get() - before)
    }

    #[test]
    fn clearing_a_full_board_walks_each_group_once_per_node() {
        // Each node fills the 52x52 board, then clears its top half a
        // point at a time: walking what is left of the group at each
        // point taken off cost about 2,704^2 / 2 cells a node.
        let cells = 52 * 52;
        let node = ";AB[aa:ZZ];AE[aa:Zz]";
        let (board, walks) = replay(&format!("(;SZ[52]{})", node.repeat(4)));
        assert!(walks <= 4 * 3 * cells, "{walks} cells walked");
        // The bottom half is one black group, its liberties the row above.
        assert_eq!(board.stone_count(Color::Black), 52 * 26);
        assert_eq!(board.get(Point::new(0, 25)), None);
        assert_eq!(board.liberties(Point::new(51, 51)), Some(52));
        assert_eq!(board.group(Point::new(0, 26)).len(), 52 * 26);
    }
}
