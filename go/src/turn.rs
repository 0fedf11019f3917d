//! A move of a replayed game: the turn order, the board's rules, and
//! positional superko against the positions seen; a broken move played
//! anyway in a lenient game.

use super::error::ReplayError;
use super::game::{Changes, Game};
use super::node::GoNode;
use super::rules::Illegal;
use sgf_stream::typed::{Color, Move, Point};

impl Game {
    /// Plays one move; returns the stones it removed.
    #[inline]
    pub(super) fn play<N: GoNode + ?Sized>(
        &mut self,
        color: Color,
        played: Move,
        node: &N,
        index: usize,
        changes: &mut Changes,
    ) -> Result<u32, ReplayError> {
        let handicap_stone = color == Color::Black && self.black_only && self.moves < self.handicap;
        if self.options.checks_turn()
            && self.turn_known
            && color != self.board.to_move()
            && !handicap_stone
        {
            self.illegal(Illegal::WrongTurn, color, played, node, index)?;
        }
        let removed = match played {
            Move::Pass => {
                self.board.pass(color);
                0
            }
            Move::Play(point) => self.place(color, point, node, index, changes)?,
        };
        self.moves += 1;
        self.turn_known = true;
        self.black_only &= color == Color::Black;
        Ok(removed)
    }

    /// Plays a stone by the rules, or (leniently) anyway.
    #[inline]
    fn place<N: GoNode + ?Sized>(
        &mut self,
        color: Color,
        point: Point,
        node: &N,
        index: usize,
        changes: &mut Changes,
    ) -> Result<u32, ReplayError> {
        let played = Move::Play(point);
        let Some(p) = self.board.cell(point) else {
            self.illegal(Illegal::OffBoard, color, played, node, index)?;
            return Ok(0);
        };
        let Some(seen) = &self.seen else {
            return match self.board.try_play_cell(color, p, &mut self.captured) {
                Ok(removed) => Ok(removed),
                Err(illegal) => self.force(illegal, color, (point, p), node, index, changes),
            };
        };
        let spare = self.spare.get_or_insert_with(|| self.board.clone());
        spare.clone_from(&self.board);
        let removed = match spare.try_play_cell(color, p, &mut self.captured) {
            Ok(removed) => removed,
            Err(illegal) => return self.force(illegal, color, (point, p), node, index, changes),
        };
        if seen.contains(&spare.position_hash()) {
            if let Err(err) = self.illegal(Illegal::Superko, color, played, node, index) {
                self.captured.clear();
                return Err(err);
            }
        }
        if let Some(spare) = &mut self.spare {
            std::mem::swap(&mut self.board, spare);
        }
        Ok(removed)
    }

    /// A move the board refused: an error, or played anyway.
    fn force<N: GoNode + ?Sized>(
        &mut self,
        illegal: Illegal,
        color: Color,
        (point, p): (Point, usize),
        node: &N,
        index: usize,
        changes: &mut Changes,
    ) -> Result<u32, ReplayError> {
        self.illegal(illegal, color, Move::Play(point), node, index)?;
        changes.removed += u32::from(self.board.get(point).is_some());
        Ok(self.board.force_cell(color, p, &mut self.captured).0)
    }
}
