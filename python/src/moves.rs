//! The main line's moves, kept as written while a game is read and
//! decoded once its board size is known: two-byte values (nearly all)
//! through a table of `Move::decode`'s answers per board size and
//! thread, others as `SgfTree::moves_lenient` decodes them.

use std::cell::RefCell;

use sgf_stream::typed::{BoardSize, Decoder, Move, PropertyError};

use crate::data::{BLACK, WHITE};
use crate::read::Values;
use crate::tree::move_row_of;

/// One move as written.
#[derive(Debug, Clone, Copy)]
enum Played {
    /// A value of two bytes.
    Two([u8; 2]),
    /// Another value: `raw[start..end]`.
    Other(u32, u32),
    /// Several values, refused: `errors[index]`.
    Refused(u32),
}

/// The moves of a main line, as written.
#[derive(Debug, Default)]
pub struct Moves {
    played: Vec<(bool, Played)>,
    raw: Vec<u8>,
    errors: Vec<PropertyError>,
}

impl Moves {
    pub fn clear(&mut self) {
        self.played.clear();
        self.raw.clear();
        self.errors.clear();
    }

    /// A `B` (`white` false) or `W` property.
    pub fn push(&mut self, white: bool, values: Values<'_>) {
        let played = match values.single() {
            Some(&[a, b]) => Played::Two([a, b]),
            Some(value) => {
                let start = self.raw.len() as u32;
                self.raw.extend_from_slice(value);
                Played::Other(start, self.raw.len() as u32)
            }
            None => {
                let ident = if white { "W" } else { "B" };
                match Decoder::new().decode_raw(ident, values.iter()) {
                    Err(err) => {
                        self.errors.push(err);
                        Played::Refused(self.errors.len() as u32 - 1)
                    }
                    // Any board size refuses several values of a move.
                    Ok(_) => return,
                }
            }
        };
        self.played.push((white, played));
    }

    /// The moves as rows (colour, x, y) on a board of `size`, adding the
    /// values that are not moves to `warnings`.
    pub fn decode(&self, size: BoardSize, warnings: &mut Vec<PropertyError>) -> Vec<[i16; 3]> {
        TABLES.with(|tables| {
            let mut tables = tables.borrow_mut();
            let table = tables.table(size);
            let mut rows = Vec::with_capacity(self.played.len());
            for &(white, played) in &self.played {
                let color = if white { WHITE } else { BLACK };
                let point = match played {
                    Played::Two(two) => table.point(two),
                    Played::Other(start, end) => {
                        let raw = &self.raw[start as usize..end as usize];
                        Move::decode(raw, size).ok().map(point_of)
                    }
                    Played::Refused(at) => {
                        warnings.push(self.errors[at as usize].clone());
                        continue;
                    }
                };
                match point {
                    Some([x, y]) => rows.push([color, x, y]),
                    None => self.refuse(white, played, size, warnings),
                }
            }
            rows
        })
    }

    /// The warning for a value that is not a move, as the tree's decoding
    /// gives it.
    #[cold]
    fn refuse(
        &self,
        white: bool,
        played: Played,
        size: BoardSize,
        warnings: &mut Vec<PropertyError>,
    ) {
        let raw: &[u8] = match &played {
            Played::Two(two) => two,
            Played::Other(start, end) => &self.raw[*start as usize..*end as usize],
            Played::Refused(_) => return,
        };
        let ident = if white { "W" } else { "B" };
        if let Err(err) = Decoder::with_size(size).decode_raw(ident, [raw]) {
            warnings.push(err);
        }
    }
}

/// x, y of a move: a pass is -1, -1.
fn point_of(played: Move) -> [i16; 2] {
    let [_, x, y] = move_row_of(BLACK, played);
    [x, y]
}

thread_local! {
    static TABLES: RefCell<Tables> = RefCell::default();
}

/// The tables of a few board sizes.
#[derive(Default)]
struct Tables {
    tables: Vec<(BoardSize, Table)>,
}

impl Tables {
    fn table(&mut self, size: BoardSize) -> &mut Table {
        let at = match self.tables.iter().position(|(s, _)| *s == size) {
            Some(at) => at,
            None => {
                if self.tables.len() == 4 {
                    self.tables.remove(0);
                }
                self.tables.push((size, Table::new(size)));
                self.tables.len() - 1
            }
        };
        &mut self.tables[at].1
    }
}

/// Two-byte values to points for one board size: 0 not decoded yet,
/// 1 not a move, else 2 + (x + 1) * 256 + (y + 1).
struct Table {
    size: BoardSize,
    known: Vec<u32>,
}

impl Table {
    fn new(size: BoardSize) -> Self {
        Table {
            size,
            known: vec![0; 1 << 16],
        }
    }

    /// x, y of the move `two`, or `None` when it is not one.
    fn point(&mut self, [a, b]: [u8; 2]) -> Option<[i16; 2]> {
        let slot = &mut self.known[usize::from(a) << 8 | usize::from(b)];
        if *slot == 0 {
            *slot = match Move::decode(&[a, b], self.size) {
                Err(_) => 1,
                Ok(played) => {
                    let [x, y] = point_of(played);
                    2 + ((x + 1) as u32) * 256 + (y + 1) as u32
                }
            };
        }
        let code = slot.checked_sub(2)?;
        Some([(code / 256) as i16 - 1, (code % 256) as i16 - 1])
    }
}
