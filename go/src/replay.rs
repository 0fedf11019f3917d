//! [`Replay`]: the positions along a line of a game, as an iterator.

use super::error::ReplayError;
use super::game::Game;
use super::node::GoNode;
use super::options::ReplayOptions;
use super::step::Step;
use super::Board;
use sgf_stream::typed::Point;

/// The positions along a line of a game record: one [`Step`] per node,
/// each after the node's setup and move, from any iterator of nodes
/// (a main line, or any path from the root), with
/// [`board`](Self::board) the position after the last step.
///
/// A strict replay yields an error at the first problem and then stops;
/// a lenient one ([`ReplayOptions::lenient`]) plays on and keeps the
/// problems as [`warnings`](Self::warnings). See [`Game`] for the rules
/// of the replay.
///
/// ```
/// use sgf_go::Replay;
/// use sgf_stream::typed::{Color, Move, Point};
/// use sgf_stream::CompactTree;
///
/// let tree = CompactTree::from_bytes("(;SZ[5];B[ba];W[aa];B[ab];W[])")?;
/// let mut replay = Replay::new(tree.root().unwrap().main_line());
/// while let Some(step) = replay.next() {
///     let step = step?;
///     if step.captured > 0 {
///         assert_eq!(step.played, Some((Color::Black, Move::Play(Point::new(0, 1)))));
///         assert_eq!(replay.captured().collect::<Vec<_>>(), [Point::new(0, 0)]);
///     }
/// }
/// assert_eq!(replay.board().to_string(), ".X...\nX....\n.....\n.....\n.....\n");
/// assert_eq!(replay.board().to_move(), Color::Black);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct Replay<I> {
    nodes: I,
    game: Game,
    done: bool,
}

impl<I: Iterator> Replay<I>
where
    I::Item: GoNode,
{
    /// Replays `path` with the default [`ReplayOptions`]: strict, simple
    /// ko, no suicide.
    ///
    /// ```
    /// use sgf_go::Replay;
    /// let tree = sgf_stream::parse("(;SZ[9];B[aa];W[bb])")?;
    /// let steps: Vec<_> = Replay::new(tree.main_line()).collect::<Result<_, _>>()?;
    /// assert_eq!(steps.len(), 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new<P: IntoIterator<IntoIter = I>>(path: P) -> Self {
        ReplayOptions::default().replay(path)
    }

    /// Plays every node left; returns the game at the end.
    ///
    /// # Errors
    /// The first error, as the iterator yields it.
    ///
    /// ```
    /// use sgf_go::Replay;
    /// let tree = sgf_stream::parse("(;SZ[9];B[ee];W[ff])")?;
    /// let game = Replay::new(tree.main_line()).run()?;
    /// assert_eq!(game.moves(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn run(mut self) -> Result<Game, ReplayError> {
        for step in self.by_ref() {
            step?;
        }
        Ok(self.game)
    }
}

impl<I> Replay<I> {
    pub(super) fn with_game(nodes: I, game: Game) -> Self {
        Replay {
            nodes,
            game,
            done: false,
        }
    }

    /// The position after the last step.
    ///
    /// ```
    /// use sgf_go::Replay;
    /// use sgf_stream::typed::Color;
    /// let tree = sgf_stream::parse("(;SZ[9];B[aa])")?;
    /// let mut replay = Replay::new(tree.main_line());
    /// replay.by_ref().for_each(drop);
    /// assert_eq!(replay.board().stone_count(Color::Black), 1);
    /// # Ok::<(), sgf_stream::Error>(())
    /// ```
    pub fn board(&self) -> &Board {
        self.game.board()
    }

    /// The game: board, counts and warnings.
    ///
    /// ```
    /// use sgf_go::Replay;
    /// let tree = sgf_stream::parse("(;SZ[9];B[aa];W[bb])")?;
    /// let mut replay = Replay::new(tree.main_line());
    /// replay.next();
    /// assert_eq!(replay.game().nodes(), 1);
    /// # Ok::<(), sgf_stream::Error>(())
    /// ```
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The game, to go on by hand or clone at a branch.
    ///
    /// ```
    /// use sgf_go::Replay;
    /// let tree = sgf_stream::parse("(;SZ[9];B[aa];W[bb])")?;
    /// let mut replay = Replay::new(tree.main_line());
    /// replay.next();
    /// let mut game = replay.into_game();
    /// game.play_node(&tree.children()[0])?;
    /// assert_eq!(game.moves(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn into_game(self) -> Game {
        self.game
    }

    /// The stones the last step's move removed.
    ///
    /// ```
    /// use sgf_go::Replay;
    /// let tree = sgf_stream::parse("(;SZ[9]AW[aa]AB[ba];B[ab])")?;
    /// let mut replay = Replay::new(tree.main_line());
    /// replay.by_ref().for_each(drop);
    /// assert_eq!(replay.captured().len(), 1);
    /// # Ok::<(), sgf_stream::Error>(())
    /// ```
    pub fn captured(&self) -> impl ExactSizeIterator<Item = Point> + '_ {
        self.game.captured()
    }

    /// The problems a lenient replay went past, in order.
    ///
    /// ```
    /// use sgf_go::ReplayOptions;
    /// let tree = sgf_stream::parse("(;SZ[9];B[aa];W[aa])")?;
    /// let mut replay = ReplayOptions::new().lenient(true).replay(tree.main_line());
    /// replay.by_ref().for_each(drop);
    /// assert_eq!(replay.warnings()[0].code(), "illegal-occupied");
    /// # Ok::<(), sgf_stream::Error>(())
    /// ```
    pub fn warnings(&self) -> &[ReplayError] {
        self.game.warnings()
    }
}

impl<I: Iterator> Iterator for Replay<I>
where
    I::Item: GoNode,
{
    type Item = Result<Step, ReplayError>;

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let node = self.nodes.next()?;
        let step = self.game.play_node(&node);
        self.done = step.is_err();
        Some(step)
    }
}

impl<I: Iterator> std::iter::FusedIterator for Replay<I> where I::Item: GoNode {}

impl ReplayOptions {
    /// Replays `path`, a line of nodes from the root, with these options.
    ///
    /// ```
    /// use sgf_go::ReplayOptions;
    /// let tree = sgf_stream::parse("(;SZ[9];B[aa];W[bb])")?;
    /// assert_eq!(ReplayOptions::new().replay(tree.main_line()).count(), 3);
    /// # Ok::<(), sgf_stream::Error>(())
    /// ```
    pub fn replay<P: IntoIterator>(self, path: P) -> Replay<P::IntoIter> {
        Replay::with_game(path.into_iter(), self.game())
    }
}
