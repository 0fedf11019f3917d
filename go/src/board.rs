//! [`Board`]: stones on a Go board of any size SGF allows, with captures,
//! ko and suicide by [`Rules`], setup and handicap stones.

use super::groups::{bits, color_of, is_stone, Setup, BORDER, COLOR, EMPTY};
use super::rules::Rules;
use super::zobrist;
use sgf_stream::typed::{BoardSize, Color, Point};

/// A Go board: its stones, the side to move, the ko ban, the prisoners
/// each side took, and a hash of the position, all kept up to date move
/// by move.
///
/// Any size SGF allows works, 1×1 to 52×52, square or not. Groups and
/// their exact liberty counts are updated incrementally: a move looks at
/// its four neighbours, and only joining groups or capturing walks the
/// groups concerned. A 19×19 board takes under 1 KB
/// ([`memory_bytes`](Self::memory_bytes)), so cloning one at each
/// variation is cheap.
///
/// The board checks occupied points, simple ko and suicide by its
/// [`Rules`]; positional superko needs the game's history, which
/// [`Game`](super::Game) keeps.
///
/// ```
/// use sgf_go::{Board, Illegal};
/// use sgf_stream::typed::{BoardSize, Color, Point};
///
/// let mut board = Board::new(BoardSize::square(9));
/// // White's stone in the corner, with Black on both its liberties.
/// board.play(Color::White, Point::new(0, 0))?;
/// board.play(Color::Black, Point::new(1, 0))?;
/// assert_eq!(board.liberties(Point::new(0, 0)), Some(1));
/// let captured = board.play(Color::Black, Point::new(0, 1))?;
/// assert_eq!(captured, 1);
/// assert_eq!(board.get(Point::new(0, 0)), None);
/// assert_eq!(board.captures(Color::Black), 1);
/// assert_eq!(board.play(Color::Black, Point::new(1, 0)), Err(Illegal::Occupied));
/// # Ok::<(), Illegal>(())
/// ```
pub struct Board {
    /// The padded layout: rows of `cols + 1` cells (the first one a
    /// border), a border row above and below; see `groups.rs`.
    pub(super) cells: Box<[u16]>,
    pub(super) stride: u16,
    pub(super) size: BoardSize,
    pub(super) rules: Rules,
    pub(super) to_move: Color,
    /// The cell that the colour may not play on now, after a ko capture.
    pub(super) ko: Option<(u16, Color)>,
    /// Stones on the board, black and white.
    pub(super) stones: [u16; 2],
    /// Stones captured by black and by white.
    pub(super) prisoners: [u32; 2],
    /// The stones' keys and the size's key (not the side to move).
    pub(super) hash: u64,
}

impl Board {
    /// An empty board of `size`, with the default rules (simple ko, no
    /// suicide), Black to move.
    ///
    /// # Panics
    /// If a side of `size` is 0 or more than 52 (a [`BoardSize`] decoded
    /// from SGF never is).
    ///
    /// ```
    /// use sgf_go::Board;
    /// use sgf_stream::typed::{BoardSize, Color};
    /// let board = Board::new(BoardSize::square(19));
    /// assert_eq!(board.stone_count(Color::Black), 0);
    /// assert_eq!(board.to_move(), Color::Black);
    /// ```
    pub fn new(size: BoardSize) -> Board {
        Board::with_rules(size, Rules::default())
    }

    /// An empty board of `size` playing by `rules`.
    ///
    /// # Panics
    /// As [`new`](Self::new).
    ///
    /// ```
    /// use sgf_go::{Board, Rules};
    /// use sgf_stream::typed::BoardSize;
    /// let board = Board::with_rules(BoardSize { cols: 13, rows: 9 }, Rules::TROMP_TAYLOR);
    /// assert_eq!(board.rules(), Rules::TROMP_TAYLOR);
    /// assert_eq!(board.size().cols, 13);
    /// ```
    pub fn with_rules(size: BoardSize, rules: Rules) -> Board {
        assert!(
            (1..=52).contains(&size.cols) && (1..=52).contains(&size.rows),
            "board sides go from 1 to 52"
        );
        let stride = usize::from(size.cols) + 1;
        let mut cells = vec![BORDER; (usize::from(size.rows) + 2) * stride];
        for row in 0..size.rows {
            for col in 0..size.cols {
                cells[zobrist::cell_index(Point { col, row }, size)] = EMPTY;
            }
        }
        Board {
            cells: cells.into_boxed_slice(),
            stride: stride as u16,
            size,
            rules,
            to_move: Color::Black,
            ko: None,
            stones: [0; 2],
            prisoners: [0; 2],
            hash: zobrist::size(size),
        }
    }

    /// The board's size.
    ///
    /// ```
    /// use sgf_go::Board;
    /// use sgf_stream::typed::BoardSize;
    /// assert_eq!(Board::new(BoardSize { cols: 13, rows: 9 }).size().rows, 9);
    /// ```
    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// The rules the board plays by.
    ///
    /// ```
    /// use sgf_go::{Board, Rules};
    /// use sgf_stream::typed::BoardSize;
    /// assert_eq!(Board::new(BoardSize::square(9)).rules(), Rules::JAPANESE);
    /// ```
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// Changes the rules from the next move on.
    ///
    /// ```
    /// use sgf_go::{Board, Rules, Suicide};
    /// use sgf_stream::typed::{Color, Point};
    /// let mut board = Board::from_diagram(".X\nX.")?;
    /// board.set_rules(Rules::TROMP_TAYLOR);
    /// assert_eq!(board.rules().suicide, Suicide::Allowed);
    /// assert_eq!(board.play(Color::White, Point::new(0, 0))?, 1); // its own stone
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_rules(&mut self, rules: Rules) {
        self.rules = rules;
    }

    /// The side to move: the opponent of the last player, or what
    /// [`set_to_move`](Self::set_to_move) said.
    ///
    /// ```
    /// use sgf_go::Board;
    /// use sgf_stream::typed::{BoardSize, Color, Point};
    /// let mut board = Board::new(BoardSize::square(9));
    /// board.play(Color::Black, Point::new(4, 4))?;
    /// assert_eq!(board.to_move(), Color::White);
    /// # Ok::<(), sgf_go::Illegal>(())
    /// ```
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// Sets the side to move (`PL`, or after handicap stones).
    ///
    /// ```
    /// use sgf_go::Board;
    /// use sgf_stream::typed::{BoardSize, Color};
    /// let mut board = Board::new(BoardSize::square(9));
    /// board.set_to_move(Color::White);
    /// assert_eq!(board.to_move(), Color::White);
    /// ```
    pub fn set_to_move(&mut self, color: Color) {
        self.to_move = color;
    }

    /// The cell of `point`, or `None` off the board.
    #[inline]
    pub(super) fn cell(&self, point: Point) -> Option<usize> {
        self.size
            .contains(point)
            .then(|| zobrist::cell_index(point, self.size))
    }

    /// The point of an on-board cell.
    pub(super) fn point(&self, cell: usize) -> Point {
        let stride = usize::from(self.stride);
        Point {
            col: (cell % stride - 1) as u8,
            row: (cell / stride - 1) as u8,
        }
    }

    /// The stone on `point`, or `None` for an empty point or one off the
    /// board.
    ///
    /// ```
    /// use sgf_go::Board;
    /// use sgf_stream::typed::{Color, Point};
    /// let board = Board::from_diagram("X.\n.O")?;
    /// assert_eq!(board.get(Point::new(1, 1)), Some(Color::White));
    /// assert_eq!(board.get(Point::new(1, 0)), None);
    /// assert_eq!(board.get(Point::new(5, 5)), None);
    /// # Ok::<(), sgf_go::DiagramError>(())
    /// ```
    pub fn get(&self, point: Point) -> Option<Color> {
        let cell = self.cells[self.cell(point)?];
        is_stone(cell).then(|| color_of(cell & COLOR))
    }

    /// The liberties of the group of the stone on `point`, or `None` when
    /// there is no stone there.
    ///
    /// ```
    /// use sgf_go::Board;
    /// use sgf_stream::typed::Point;
    /// let board = Board::from_diagram("XO.\n...")?;
    /// assert_eq!(board.liberties(Point::new(0, 0)), Some(1));
    /// assert_eq!(board.liberties(Point::new(1, 0)), Some(2));
    /// assert_eq!(board.liberties(Point::new(2, 0)), None);
    /// # Ok::<(), sgf_go::DiagramError>(())
    /// ```
    pub fn liberties(&self, point: Point) -> Option<u32> {
        let p = self.cell(point)?;
        is_stone(self.cells[p]).then(|| u32::from(self.root_liberties(self.root(p))))
    }

    /// The stones of the group on `point`, in no set order (empty when
    /// there is no stone there).
    ///
    /// ```
    /// use sgf_go::Board;
    /// use sgf_stream::typed::Point;
    /// let board = Board::from_diagram("XX.\n.XO\nO..")?;
    /// assert_eq!(board.group(Point::new(0, 0)).len(), 3);
    /// assert_eq!(board.liberties(Point::new(0, 0)), Some(3));
    /// assert!(board.group(Point::new(2, 0)).is_empty());
    /// # Ok::<(), sgf_go::DiagramError>(())
    /// ```
    pub fn group(&self, point: Point) -> Vec<Point> {
        let Some(p) = self.cell(point).filter(|&p| is_stone(self.cells[p])) else {
            return Vec::new();
        };
        let root = self.root(p);
        let mut stones = Vec::new();
        let mut seen = super::scratch::Marks::new();
        let mut pending = vec![p];
        seen.mark(p);
        while let Some(q) = pending.pop() {
            stones.push(self.point(q));
            for n in self.neighbours(q) {
                if is_stone(self.cells[n]) && self.root(n) == root && !seen.mark(n) {
                    pending.push(n);
                }
            }
        }
        stones
    }

    /// How many stones of `color` are on the board.
    ///
    /// ```
    /// use sgf_go::Board;
    /// use sgf_stream::typed::Color;
    /// let board = Board::from_diagram("XX.\n.O.")?;
    /// assert_eq!((board.stone_count(Color::Black), board.stone_count(Color::White)), (2, 1));
    /// # Ok::<(), sgf_go::DiagramError>(())
    /// ```
    pub fn stone_count(&self, color: Color) -> u32 {
        u32::from(self.stones[zobrist::side(color)])
    }

    /// How many stones `color` has captured (its prisoners), including
    /// the opponent's suicides.
    ///
    /// ```
    /// use sgf_go::Board;
    /// use sgf_stream::typed::{Color, Point};
    /// let mut board = Board::from_diagram("OX\n..")?;
    /// board.play(Color::Black, Point::new(0, 1))?;
    /// assert_eq!((board.captures(Color::Black), board.captures(Color::White)), (1, 0));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn captures(&self, color: Color) -> u32 {
        self.prisoners[zobrist::side(color)]
    }

    /// The point that `color` may not play on now because of ko, if any.
    ///
    /// ```
    /// use sgf_go::Board;
    /// use sgf_stream::typed::{Color, Point};
    /// let mut board = Board::from_diagram(".XO.\nXO.O\n.XO.")?;
    /// board.play(Color::Black, Point::new(2, 1))?;
    /// assert_eq!(board.ko(), Some((Point::new(1, 1), Color::White)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn ko(&self) -> Option<(Point, Color)> {
        self.ko
            .map(|(cell, color)| (self.point(usize::from(cell)), color))
    }

    /// Sets up `point` (`AB`, `AW`, `AE`): puts a stone of a colour there,
    /// replacing any stone, or empties it. Captures nothing (a group may
    /// be left without liberties, as SGF setup allows), ends any ko ban
    /// (even when the point was already so), and leaves the side to move
    /// alone. Returns whether the point changed; a point off the board
    /// changes nothing.
    ///
    /// ```
    /// use sgf_go::Board;
    /// use sgf_stream::typed::{BoardSize, Color, Point};
    /// let mut board = Board::new(BoardSize::square(5));
    /// assert!(board.set(Point::new(2, 2), Some(Color::White)));
    /// assert!(!board.set(Point::new(2, 2), Some(Color::White)));
    /// assert!(board.set(Point::new(2, 2), None));
    /// assert_eq!(board.stone_count(Color::White), 0);
    /// ```
    pub fn set(&mut self, point: Point, stone: Option<Color>) -> bool {
        let Some(p) = self.cell(point) else {
            return false;
        };
        let mut setup = Setup::default();
        let changed = self.set_cell(p, stone.map_or(EMPTY, bits), &mut setup);
        self.settle(&mut setup);
        changed
    }

    /// Every stone on the board, row by row from the top left.
    ///
    /// ```
    /// use sgf_go::Board;
    /// use sgf_stream::typed::{Color, Point};
    /// let board = Board::from_diagram(".O\nX.")?;
    /// let stones: Vec<_> = board.stones().collect();
    /// assert_eq!(stones, [(Point::new(1, 0), Color::White), (Point::new(0, 1), Color::Black)]);
    /// # Ok::<(), sgf_go::DiagramError>(())
    /// ```
    pub fn stones(&self) -> impl Iterator<Item = (Point, Color)> + '_ {
        let size = self.size;
        (0..size.rows)
            .flat_map(move |row| (0..size.cols).map(move |col| Point { col, row }))
            .filter_map(|point| Some((point, self.get(point)?)))
    }

    /// Bytes of memory the board uses: itself and its cells. Under 1 KB
    /// for 19×19.
    ///
    /// ```
    /// use sgf_go::Board;
    /// use sgf_stream::typed::BoardSize;
    /// assert!(Board::new(BoardSize::square(19)).memory_bytes() <= 1024);
    /// ```
    pub fn memory_bytes(&self) -> usize {
        std::mem::size_of::<Board>() + std::mem::size_of_val(&*self.cells)
    }
}

impl Clone for Board {
    fn clone(&self) -> Self {
        Board {
            cells: self.cells.clone(),
            ..*self
        }
    }

    /// Copies `source` into this board, keeping its allocation when the
    /// sizes match.
    fn clone_from(&mut self, source: &Self) {
        if self.cells.len() == source.cells.len() {
            self.cells.copy_from_slice(&source.cells);
            let cells = std::mem::take(&mut self.cells);
            *self = Board { cells, ..*source };
        } else {
            *self = source.clone();
        }
    }
}

impl PartialEq for Board {
    /// Boards are equal when they have the same size, rules, stones, side
    /// to move, ko ban and prisoners (however their groups are stored).
    fn eq(&self, other: &Self) -> bool {
        self.size == other.size
            && self.rules == other.rules
            && self.to_move == other.to_move
            && self.ko == other.ko
            && self.prisoners == other.prisoners
            && self.hash == other.hash
            && self
                .cells
                .iter()
                .zip(other.cells.iter())
                .all(|(a, b)| a & COLOR == b & COLOR)
    }
}

impl Eq for Board {}
