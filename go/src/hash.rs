//! Hashes: of a position (kept up to date by every move), of a position
//! under each symmetry with the canonical one their smallest, and of a
//! sequence of moves.

use super::groups::{color_of, is_stone, COLOR};
use super::symmetry::Symmetry;
use super::zobrist::{self, cell_index};
use super::Board;
use sgf_stream::typed::{BoardSize, Color, Move, Point};

impl Board {
    /// The Zobrist hash of the position and the side to move, kept up to
    /// date by every change. Equal positions on boards of the same size
    /// have equal hashes, whatever moves led there; the values are the
    /// same on every machine.
    ///
    /// ```
    /// use sgf_go::Board;
    /// use sgf_stream::typed::{BoardSize, Color, Point};
    /// let point = Point::new(2, 2);
    /// let mut played = Board::new(BoardSize::square(9));
    /// played.play(Color::Black, point)?;
    /// let mut set_up = Board::new(BoardSize::square(9));
    /// set_up.set(point, Some(Color::Black));
    /// assert_ne!(played.hash(), set_up.hash()); // White to move in one only
    /// set_up.set_to_move(Color::White);
    /// assert_eq!(played.hash(), set_up.hash());
    /// # Ok::<(), sgf_go::Illegal>(())
    /// ```
    pub fn hash(&self) -> u64 {
        self.position_hash() ^ to_move_key(self.to_move)
    }

    /// The hash of the stones alone (and the board's size), without the
    /// side to move: what positional superko compares.
    ///
    /// ```
    /// use sgf_go::Board;
    /// use sgf_stream::typed::Color;
    /// let mut board = Board::from_diagram("X.\n..")?;
    /// let before = board.position_hash();
    /// board.set_to_move(Color::White);
    /// assert_eq!(board.position_hash(), before);
    /// # Ok::<(), sgf_go::DiagramError>(())
    /// ```
    pub fn position_hash(&self) -> u64 {
        self.hash
    }

    /// The hash the board would have after `symmetry` (side to move
    /// included), computed from its stones: the identity gives
    /// [`hash`](Self::hash). A symmetry that swaps columns and rows gives
    /// the hash of the turned board, of the other shape, on a rectangle.
    ///
    /// ```
    /// use sgf_go::{Board, Symmetry};
    /// let board = Board::from_diagram("X..\n...\n..O")?;
    /// let turned = Board::from_diagram("..X\n...\nO..")?;
    /// assert_eq!(board.hash_under(Symmetry::Identity), board.hash());
    /// assert_eq!(board.hash_under(Symmetry::Rotate90), turned.hash());
    /// # Ok::<(), sgf_go::DiagramError>(())
    /// ```
    pub fn hash_under(&self, symmetry: Symmetry) -> u64 {
        let index = Symmetry::ALL.iter().position(|&s| s == symmetry);
        self.hashes_under()[index.unwrap_or(0)]
    }

    /// The smallest hash of the board under its symmetries (eight on a
    /// square board, four on a rectangle): equal for a position and every
    /// rotation or mirror image of it.
    ///
    /// ```
    /// use sgf_go::Board;
    /// let board = Board::from_diagram("X..\n...\n..O")?;
    /// let mirrored = Board::from_diagram("..X\n...\nO..")?;
    /// assert_ne!(board.hash(), mirrored.hash());
    /// assert_eq!(board.canonical_hash(), mirrored.canonical_hash());
    /// # Ok::<(), sgf_go::DiagramError>(())
    /// ```
    pub fn canonical_hash(&self) -> u64 {
        let hashes = self.hashes_under();
        canonical(&hashes, self.size)
    }

    /// The hash under each of [`Symmetry::ALL`], from the stones, in one
    /// pass over the board.
    fn hashes_under(&self) -> [u64; 8] {
        let size = self.size;
        let targets = Symmetry::ALL.map(|s| s.apply_size(size));
        let mut hashes = targets.map(|target| zobrist::size(target) ^ to_move_key(self.to_move));
        for row in 0..size.rows {
            for col in 0..size.cols {
                let point = Point { col, row };
                let cell = self.cells[cell_index(point, size)];
                if !is_stone(cell) {
                    continue;
                }
                let color = color_of(cell & COLOR);
                for (i, symmetry) in Symmetry::ALL.iter().enumerate() {
                    let image = symmetry.apply(point, size);
                    hashes[i] ^= zobrist::stone(color, cell_index(image, targets[i]));
                }
            }
        }
        hashes
    }
}

fn to_move_key(color: Color) -> u64 {
    match color {
        Color::Black => 0,
        Color::White => zobrist::WHITE_TO_MOVE,
    }
}

/// The smallest of `hashes` (one per [`Symmetry::ALL`]) over the
/// symmetries of `size`.
fn canonical(hashes: &[u64; 8], size: BoardSize) -> u64 {
    Symmetry::ALL
        .iter()
        .zip(hashes)
        .filter(|(symmetry, _)| symmetry.applies_to(size))
        .map(|(_, &hash)| hash)
        .min()
        .unwrap_or(hashes[0])
}

/// A hash of a sequence of moves, updated move by move, under every
/// symmetry at once: [`hash`](Self::hash) tells sequences apart,
/// [`canonical`](Self::canonical) is equal for a game and its rotations
/// and mirror images. The board's size is part of it; the position is
/// not, so the same moves from different setups hash alike.
///
/// ```
/// use sgf_go::SequenceHash;
/// use sgf_stream::typed::{BoardSize, Color, Move, Point};
/// let size = BoardSize::square(19);
/// let mut game = SequenceHash::new(size);
/// let mut mirrored = SequenceHash::new(size);
/// for (col, row) in [(15, 3), (3, 15), (16, 16)] {
///     game.push(Color::Black, Move::Play(Point::new(col, row)));
///     mirrored.push(Color::Black, Move::Play(Point::new(18 - col, row)));
/// }
/// assert_ne!(game.hash(), mirrored.hash());
/// assert_eq!(game.canonical(), mirrored.canonical());
/// assert_eq!(game.len(), 3);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SequenceHash {
    size: BoardSize,
    hashes: [u64; 8],
    moves: u32,
}

impl SequenceHash {
    /// The hash of no moves on a board of `size`.
    ///
    /// ```
    /// use sgf_go::SequenceHash;
    /// use sgf_stream::typed::BoardSize;
    /// assert_ne!(SequenceHash::new(BoardSize::square(9)).hash(), SequenceHash::new(BoardSize::square(19)).hash());
    /// ```
    pub fn new(size: BoardSize) -> Self {
        SequenceHash {
            size,
            hashes: Symmetry::ALL.map(|s| zobrist::size(s.apply_size(size))),
            moves: 0,
        }
    }

    /// Adds a move.
    ///
    /// ```
    /// use sgf_go::SequenceHash;
    /// use sgf_stream::typed::{BoardSize, Color, Move, Point};
    /// let (a, b) = (Move::Play(Point::new(2, 2)), Move::Play(Point::new(6, 6)));
    /// let mut one = SequenceHash::new(BoardSize::square(9));
    /// let mut two = one;
    /// one.push(Color::Black, a);
    /// one.push(Color::White, b);
    /// two.push(Color::Black, b);
    /// two.push(Color::White, a);
    /// assert_ne!(one.hash(), two.hash());
    /// ```
    pub fn push(&mut self, color: Color, played: Move) {
        let size = self.size;
        for (hash, symmetry) in self.hashes.iter_mut().zip(Symmetry::ALL) {
            let key = match played {
                Move::Pass => zobrist::PASS[zobrist::side(color)],
                Move::Play(point) if size.contains(point) => {
                    let target = symmetry.apply_size(size);
                    zobrist::stone(color, cell_index(symmetry.apply(point, size), target))
                }
                Move::Play(point) => zobrist::mix(u64::from(point.col) << 8 | u64::from(point.row)),
            };
            *hash = zobrist::mix(*hash ^ key);
        }
        self.moves += 1;
    }

    /// The hash of the moves as played.
    ///
    /// ```
    /// use sgf_go::SequenceHash;
    /// use sgf_stream::typed::{BoardSize, Color, Move};
    /// let mut moves = SequenceHash::new(BoardSize::square(9));
    /// let empty = moves.hash();
    /// moves.push(Color::Black, Move::Pass);
    /// assert_ne!(moves.hash(), empty);
    /// ```
    pub fn hash(&self) -> u64 {
        self.hashes[0]
    }

    /// The smallest hash of the moves under the board's symmetries.
    ///
    /// ```
    /// use sgf_go::SequenceHash;
    /// use sgf_stream::typed::{BoardSize, Color, Move, Point};
    /// let size = BoardSize::square(9);
    /// let (mut corner, mut other) = (SequenceHash::new(size), SequenceHash::new(size));
    /// corner.push(Color::Black, Move::Play(Point::new(0, 0)));
    /// other.push(Color::Black, Move::Play(Point::new(8, 8)));
    /// assert_eq!(corner.canonical(), other.canonical());
    /// ```
    pub fn canonical(&self) -> u64 {
        canonical(&self.hashes, self.size)
    }

    /// How many moves were added.
    ///
    /// ```
    /// use sgf_go::SequenceHash;
    /// use sgf_stream::typed::{BoardSize, Color, Move};
    /// let mut moves = SequenceHash::new(BoardSize::square(9));
    /// moves.push(Color::Black, Move::Pass);
    /// assert_eq!(moves.len(), 1);
    /// ```
    pub fn len(&self) -> u32 {
        self.moves
    }

    /// Whether no move was added.
    ///
    /// ```
    /// use sgf_go::SequenceHash;
    /// use sgf_stream::typed::BoardSize;
    /// assert!(SequenceHash::new(BoardSize::square(9)).is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.moves == 0
    }
}
