//! [`Matcher`]: a [`Pattern`] compiled for the search, and the search of
//! one game's main line.

use super::entry::Entry;
use super::pattern::Pattern;
use super::record::{Bits, BIT_WORDS};
use crate::Symmetry;
use sgf_stream::typed::{BoardSize, Color, Move};

/// One way the pattern lies on a board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Variant {
    /// Its index in [`Symmetry::ALL`].
    symmetry: u8,
    swapped: bool,
}

/// The variants that lie on boards of one size.
#[derive(Debug, Clone)]
struct Table {
    size: BoardSize,
    variants: Vec<Variant>,
    /// For point `i`, `items[starts[i]..starts[i + 1]]`: variant `v` in
    /// the low four bits, the content it wants above them.
    starts: Vec<u32>,
    items: Vec<u8>,
    /// While the table is made: each point and its item.
    pairs: Vec<(u32, u8)>,
    /// Each variant's count of differing points on an empty board.
    initial: [i32; 16],
    /// The stones of each variant, black and white, when the board is
    /// small enough for [`Bits`].
    needs: Option<Vec<[Bits; 2]>>,
}

/// A pattern compiled for searching.
///
/// Each way the pattern can lie on a board (a symmetry, and with
/// `colors` the colours exchanged as well) is a variant, up to 16. For
/// each point of the board the matcher lists the variants whose region
/// covers it and what they want there; replaying a game's entries, it
/// keeps for each variant how many points of its region differ from
/// the pattern, so that a position matches when a count is zero, and
/// each change costs a few table steps. A variant is dropped for the
/// rest of the game when a stone that stays to the end lands where it
/// wants something else; the game is given up when none is left, which
/// in most games happens within a few dozen moves. Before any replay,
/// the points that ever held a stone of each colour rule out the
/// variants whose stones the game never had.
///
/// ```
/// use sgf_go::search::{GameRecord, Matcher, Pattern};
/// use sgf_stream::typed::{Color, Move, Point};
/// let pattern = Pattern::from_sgf(b"(;SZ[9]AB[cc]AW[dc]VW[aa:ee])")?;
/// let matcher = Matcher::new(&pattern, false);
/// // The same shape in the lower right corner, mirrored: Black's 7-7, White's 6-7.
/// let tree = sgf_stream::parse("(;SZ[9];B[gg];W[fg];B[ee])")?;
/// let found = matcher.find_record(&GameRecord::from_tree(&tree)?).unwrap();
/// assert_eq!(found.moves, 2);
/// assert_eq!(found.symmetry, 2); // Rotate180
/// assert!(!found.colors_swapped);
/// // The next move, e5 on the board, is the pattern's e5 turned back.
/// assert_eq!(found.next, Some((Color::Black, Move::Play(Point::new(4, 4)))));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct Matcher {
    size: BoardSize,
    tables: Vec<Table>,
}

/// Where a game first matched a pattern.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Found {
    /// Moves played before the matching position (0: the start).
    pub moves: u32,
    /// The symmetry that maps the pattern onto the game: an index in
    /// [`Symmetry::ALL`].
    pub symmetry: u8,
    /// Whether the game has the pattern's colours exchanged.
    pub colors_swapped: bool,
    /// The next move of the game, turned back to the pattern's
    /// orientation and colours; `None` at the end of the main line.
    pub next: Option<(Color, Move)>,
}

/// A matcher's working space, reused from game to game.
#[derive(Debug, Clone, Default)]
pub struct Scratch {
    board: Vec<u8>,
}

impl Matcher {
    /// Compiles `pattern`; with `colors`, positions with the colours
    /// exchanged match too.
    ///
    /// Of the variants that match at the same position, the first in
    /// this order is reported: the pattern's colours before exchanged
    /// ones, then symmetries in the order of [`Symmetry::ALL`]. A
    /// variant that lies exactly as an earlier one is left out.
    pub fn new(pattern: &Pattern, colors: bool) -> Matcher {
        let size = pattern.size();
        let mut tables: Vec<Table> = Vec::new();
        let mut seen: Vec<(BoardSize, Vec<(usize, u8)>)> = Vec::new();
        for swapped in [false, true].into_iter().take(1 + usize::from(colors)) {
            for (symmetry, s) in Symmetry::ALL.iter().enumerate() {
                let target = s.apply_size(size);
                let mut wants: Vec<(usize, u8)> = pattern
                    .region()
                    .map(|(point, stone)| {
                        let to = s.apply(point, size);
                        let index =
                            usize::from(to.row) * usize::from(target.cols) + usize::from(to.col);
                        let stone = if swapped {
                            stone.map(Color::opponent)
                        } else {
                            stone
                        };
                        (index, super::entry::cell(stone))
                    })
                    .collect();
                wants.sort_unstable();
                if seen.iter().any(|(t, w)| *t == target && *w == wants) {
                    continue;
                }
                let table = match tables.iter().position(|t| t.size == target) {
                    Some(at) => &mut tables[at],
                    None => {
                        tables.push(Table::new(target));
                        tables.last_mut().expect("just pushed")
                    }
                };
                let variant = Variant {
                    symmetry: symmetry as u8,
                    swapped,
                };
                table.add(variant, &wants);
                seen.push((target, wants));
            }
        }
        for table in &mut tables {
            table.finish();
        }
        Matcher { size, tables }
    }

    /// The size of the pattern's board.
    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// Where the game of `record` first matches.
    pub fn find_record(&self, record: &super::GameRecord) -> Option<Found> {
        let ever = [*record.ever(Color::Black), *record.ever(Color::White)];
        let entries = record.entries().iter().copied();
        self.find(record.size(), &ever, entries, &mut Scratch::default())
    }

    /// Where a game on a board of `size` first matches, from its entries
    /// and the points that ever held a stone of each colour (see
    /// [`GameRecord`](super::GameRecord)).
    pub fn find(
        &self,
        size: BoardSize,
        ever: &[Bits; 2],
        entries: impl Iterator<Item = Entry>,
        scratch: &mut Scratch,
    ) -> Option<Found> {
        let table = self.tables.iter().find(|t| t.size == size)?;
        let alive = table.possible(ever);
        if alive == 0 {
            return None;
        }
        let (moves, variant, next) = table.run(alive, entries, &mut scratch.board)?;
        let variant = table.variants[variant];
        let symmetry = Symmetry::ALL[usize::from(variant.symmetry)];
        let next = next.and_then(|entry| {
            let color = match entry.content() {
                1 => Color::Black,
                2 => Color::White,
                _ => return None,
            };
            let color = if variant.swapped {
                color.opponent()
            } else {
                color
            };
            let played = match entry.point(size) {
                Some(point) => Move::Play(symmetry.inverse().apply(point, size)),
                None => Move::Pass,
            };
            Some((color, played))
        });
        Some(Found {
            moves,
            symmetry: variant.symmetry,
            colors_swapped: variant.swapped,
            next,
        })
    }
}

impl Table {
    fn new(size: BoardSize) -> Table {
        let cells = usize::from(size.cols) * usize::from(size.rows);
        Table {
            size,
            variants: Vec::new(),
            starts: Vec::new(),
            items: Vec::new(),
            pairs: Vec::new(),
            initial: [0; 16],
            needs: (cells <= BIT_WORDS * 64).then(Vec::new),
        }
    }

    fn add(&mut self, variant: Variant, wants: &[(usize, u8)]) {
        let v = self.variants.len();
        self.variants.push(variant);
        let mut need = [[0u64; BIT_WORDS]; 2];
        for &(index, content) in wants {
            self.pairs.push((index as u32, (content << 4) | v as u8));
            if content != 0 {
                self.initial[v] += 1;
                need[usize::from(content - 1)][index / 64] |= 1 << (index % 64);
            }
        }
        if let Some(needs) = &mut self.needs {
            needs.push(need);
        }
    }

    /// Sorts the items by point, in variant order within a point.
    fn finish(&mut self) {
        let cells = usize::from(self.size.cols) * usize::from(self.size.rows);
        let mut pairs = std::mem::take(&mut self.pairs);
        pairs.sort_by_key(|&(index, _)| index);
        self.starts = vec![0; cells + 1];
        for &(index, _) in &pairs {
            self.starts[index as usize + 1] += 1;
        }
        for i in 0..cells {
            self.starts[i + 1] += self.starts[i];
        }
        self.items = pairs.into_iter().map(|(_, item)| item).collect();
    }

    /// The variants whose stones the game had at some time.
    fn possible(&self, ever: &[Bits; 2]) -> u16 {
        let all = (1u32 << self.variants.len()) as u16;
        let all = all.wrapping_sub(1);
        let Some(needs) = &self.needs else { return all };
        let mut alive = 0;
        for (v, need) in needs.iter().enumerate() {
            let missing = (0..BIT_WORDS)
                .any(|w| need[0][w] & !ever[0][w] != 0 || need[1][w] & !ever[1][w] != 0);
            if !missing {
                alive |= 1 << v;
            }
        }
        alive
    }

    /// Replays `entries`, checking each position: the start (before the
    /// first move) and the position after each move (after its
    /// captures). Returns the moves before the first matching position,
    /// the variant that matched, and the next move entry.
    fn run(
        &self,
        mut alive: u16,
        mut entries: impl Iterator<Item = Entry>,
        board: &mut Vec<u8>,
    ) -> Option<(u32, usize, Option<Entry>)> {
        let cells = self.starts.len() - 1;
        board.clear();
        board.resize(cells, 0);
        let mut differ = self.initial;
        let mut zeros: u16 = 0;
        for (v, &count) in differ.iter().enumerate().take(self.variants.len()) {
            if count == 0 {
                zeros |= 1 << v;
            }
        }
        let (mut moves, mut started, mut pending) = (0u32, false, false);
        while let Some(entry) = entries.next() {
            if !entry.is_removal() {
                let check = pending || (!started && entry.is_move());
                if check && zeros & alive != 0 {
                    let v = (zeros & alive).trailing_zeros() as usize;
                    let next = if entry.is_move() {
                        Some(entry)
                    } else {
                        entries.find(|e| e.is_move())
                    };
                    return Some((moves, v, next));
                }
                pending = false;
                if entry.is_move() {
                    started = true;
                    pending = true;
                    moves += 1;
                }
            }
            let Some(index) = entry.index().filter(|&i| i < cells) else {
                continue;
            };
            let content = entry.content();
            let old = std::mem::replace(&mut board[index], content);
            let items = &self.items[self.starts[index] as usize..self.starts[index + 1] as usize];
            if old != content {
                for &item in items {
                    let (v, want) = (item & 15, item >> 4);
                    if old == want {
                        differ[usize::from(v)] += 1;
                        zeros &= !(1 << v);
                    } else if content == want {
                        differ[usize::from(v)] -= 1;
                        if differ[usize::from(v)] == 0 {
                            zeros |= 1 << v;
                        }
                    }
                }
            }
            if entry.stays() && content != 0 {
                for &item in items {
                    if item >> 4 != content {
                        alive &= !(1 << (item & 15));
                    }
                }
                if alive == 0 {
                    return None;
                }
            }
        }
        let check = pending || !started;
        if check && zeros & alive != 0 {
            return Some((moves, (zeros & alive).trailing_zeros() as usize, None));
        }
        None
    }
}
