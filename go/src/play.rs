//! Playing on a [`Board`]: the legality of a move by the rules, the move
//! with its captures and ko, a move forced through a broken record, a
//! pass.

use super::groups::{bits, Around, Removed, Roots, EMPTY};
use super::rules::{Illegal, Suicide};
use super::zobrist;
use super::Board;
use sgf_stream::typed::{Color, Move, Point};

impl Board {
    /// Whether `color` may play on `point` now (positional superko
    /// aside).
    ///
    /// # Errors
    /// The rule the move breaks: [`Illegal::OffBoard`],
    /// [`Illegal::Occupied`], [`Illegal::Ko`] or [`Illegal::Suicide`].
    ///
    /// ```
    /// use sgf_go::{Board, Illegal};
    /// use sgf_stream::typed::{Color, Point};
    /// let board = Board::from_diagram(".X\nX.")?;
    /// assert_eq!(board.check(Color::White, Point::new(0, 0)), Err(Illegal::Suicide));
    /// assert_eq!(board.check(Color::Black, Point::new(0, 0)), Ok(()));
    /// assert_eq!(board.check(Color::Black, Point::new(1, 0)), Err(Illegal::Occupied));
    /// # Ok::<(), sgf_go::DiagramError>(())
    /// ```
    pub fn check(&self, color: Color, point: Point) -> Result<(), Illegal> {
        let p = self.cell(point).ok_or(Illegal::OffBoard)?;
        self.check_cell(color, p)
    }

    pub(super) fn check_cell(&self, color: Color, p: usize) -> Result<(), Illegal> {
        if self.cells[p] != EMPTY {
            return Err(Illegal::Occupied);
        }
        self.legality(color, p, &self.around(bits(color), p))
    }

    /// Whether a stone of `color` may go on the empty cell `p`, with
    /// `around` it.
    #[inline(always)]
    fn legality(&self, color: Color, p: usize, around: &Around) -> Result<(), Illegal> {
        let in_atari = |roots: &Roots| {
            roots
                .as_slice()
                .iter()
                .filter(|&&root| self.root_liberties(usize::from(root)) == 1)
                .count()
        };
        // A retake that would capture more than the ko stone is no ko.
        if self.ko == Some((p as u16, color)) && in_atari(&around.other) == 1 {
            return Err(Illegal::Ko);
        }
        if self.rules.suicide == Suicide::Allowed || around.empties > 0 {
            return Ok(());
        }
        let own = around.own.as_slice();
        let safe = own.len() > in_atari(&around.own) || in_atari(&around.other) > 0;
        match (safe, own.is_empty(), self.rules.suicide) {
            (true, _, _) | (false, false, Suicide::MultiStone) => Ok(()),
            _ => Err(Illegal::Suicide),
        }
    }

    /// Plays a stone of `color` on cell `p` if the rules allow it.
    pub(super) fn try_play_cell(
        &mut self,
        color: Color,
        p: usize,
        removed: &mut impl Removed,
    ) -> Result<u32, Illegal> {
        if self.cells[p] != EMPTY {
            return Err(Illegal::Occupied);
        }
        let around = self.around(bits(color), p);
        self.legality(color, p, &around)?;
        Ok(self.play_around(color, p, &around, removed))
    }

    /// Plays a stone of `color` on `point`: captures the groups it leaves
    /// without liberties, then (where the rules allow suicide) removes its
    /// own group if that has none. The opponent is to move next.
    ///
    /// Returns how many stones the move removed from the board: the
    /// opponent's captured stones, or its own in a suicide.
    ///
    /// # Errors
    /// As [`check`](Self::check); the board is then unchanged.
    ///
    /// ```
    /// use sgf_go::Board;
    /// use sgf_stream::typed::{Color, Point};
    /// let mut board = Board::from_diagram(".OX\nOX.\nX..")?;
    /// assert_eq!(board.play(Color::Black, Point::new(0, 0))?, 2); // two stones in atari
    /// assert_eq!(board.to_string(), "X.X\n.X.\nX..\n");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play(&mut self, color: Color, point: Point) -> Result<u32, Illegal> {
        let p = self.cell(point).ok_or(Illegal::OffBoard)?;
        self.try_play_cell(color, p, &mut ())
    }

    /// Plays a move: a stone, or a pass.
    ///
    /// # Errors
    /// As [`play`](Self::play).
    ///
    /// ```
    /// use sgf_go::Board;
    /// use sgf_stream::typed::{BoardSize, Color, Move, Point};
    /// let mut board = Board::new(BoardSize::square(9));
    /// board.play_move(Color::Black, Move::Pass)?;
    /// board.play_move(Color::White, Move::Play(Point::new(2, 2)))?;
    /// assert_eq!(board.to_move(), Color::Black);
    /// # Ok::<(), sgf_go::Illegal>(())
    /// ```
    pub fn play_move(&mut self, color: Color, played: Move) -> Result<u32, Illegal> {
        match played {
            Move::Pass => {
                self.pass(color);
                Ok(0)
            }
            Move::Play(point) => self.play(color, point),
        }
    }

    /// Plays a stone even where the rules forbid it, as most editors do
    /// with a broken record: a stone on an occupied point replaces the one
    /// there, a ko is retaken, and a suicide removes the group. Returns
    /// the stones removed and the rule broken, if any. A point off the
    /// board changes nothing and gives [`Illegal::OffBoard`].
    ///
    /// ```
    /// use sgf_go::{Board, Illegal};
    /// use sgf_stream::typed::{Color, Point};
    /// let mut board = Board::from_diagram("O.\n..")?;
    /// assert_eq!(board.play_anyway(Color::Black, Point::new(0, 0)), (0, Some(Illegal::Occupied)));
    /// assert_eq!(board.get(Point::new(0, 0)), Some(Color::Black));
    /// # Ok::<(), sgf_go::DiagramError>(())
    /// ```
    pub fn play_anyway(&mut self, color: Color, point: Point) -> (u32, Option<Illegal>) {
        match self.cell(point) {
            Some(p) => self.force_cell(color, p, &mut ()),
            None => (0, Some(Illegal::OffBoard)),
        }
    }

    pub(super) fn force_cell(
        &mut self,
        color: Color,
        p: usize,
        removed: &mut impl Removed,
    ) -> (u32, Option<Illegal>) {
        let broken = if self.cells[p] != EMPTY {
            self.lift(p);
            Some(Illegal::Occupied)
        } else {
            None
        };
        let around = self.around(bits(color), p);
        let broken = broken.or(self.legality(color, p, &around).err());
        (self.play_around(color, p, &around, removed), broken)
    }

    /// Plays on the empty cell `p` with `around` it, whatever the rules
    /// say: captures, then a suicide if the stone is left without
    /// liberties, then the ko ban and the turn.
    #[inline(always)]
    fn play_around(
        &mut self,
        color: Color,
        p: usize,
        around: &Around,
        removed: &mut impl Removed,
    ) -> u32 {
        self.put_around(bits(color), p, around);
        let (mut captured, mut last) = (0, 0);
        for &root in around.other.as_slice() {
            let root = usize::from(root);
            if self.root_liberties(root) == 0 {
                captured += self.remove_group(root, removed);
                last = root;
            }
        }
        self.prisoners[zobrist::side(color)] += captured;
        self.ko = None;
        let root = self.root(p);
        if captured == 0 && self.root_liberties(root) == 0 {
            captured = self.remove_group(p, removed);
            self.prisoners[zobrist::side(color.opponent())] += captured;
        } else if captured == 1 && root == p && self.root_liberties(p) == 1 {
            self.ko = Some((last as u16, color.opponent()));
        }
        self.to_move = color.opponent();
        captured
    }

    /// A pass by `color`: the opponent is to move, and any ko ban ends.
    ///
    /// ```
    /// use sgf_go::Board;
    /// use sgf_stream::typed::{BoardSize, Color};
    /// let mut board = Board::new(BoardSize::square(9));
    /// board.pass(Color::Black);
    /// assert_eq!(board.to_move(), Color::White);
    /// ```
    pub fn pass(&mut self, color: Color) {
        self.ko = None;
        self.to_move = color.opponent();
    }
}
