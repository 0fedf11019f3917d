//! [`Position`]: the board after a node of a game, with the moves that
//! led to it and the node's markup, ready to draw.

use super::layout::Region;
use super::markup::{read_node, Markup};
use super::numbers::Played;
use super::options::Diagram;
use crate::error::ReplayError;
use crate::game::Game;
use crate::node::GoNode;
use crate::options::ReplayOptions;
use crate::step::Step;
use crate::Board;
use sgf_stream::typed::Move;

/// The position after a node of a game, replayed with captures: the
/// board, every move played on the way, the node's markup (`LB`, `TR`,
/// `SQ`, `CR`, `MA`) and the inherited `DD` and `VW`. Its
/// [`diagram`](Self::diagram) draws it.
///
/// ```
/// use sgf_go::render::Position;
/// use sgf_go::ReplayOptions;
/// use sgf_stream::typed::{Color, Point};
///
/// let tree = sgf_stream::parse("(;SZ[9]HA[2]AB[cc][gg];W[ba];B[ca]TR[ba]VW[aa:ee])")?;
/// let position = Position::replay(tree.main_line(), ReplayOptions::new())?;
/// assert_eq!(position.board().stone_count(Color::Black), 3);
/// assert_eq!(position.moves().len(), 2);
/// assert_eq!(position.last_move().unwrap().point, Some(Point::new(2, 0)));
/// assert_eq!(position.markup().marks.len(), 1);
/// assert_eq!(position.view().unwrap().right, 4);
/// assert!(position.diagram().to_svg().starts_with("<svg"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct Position {
    game: Game,
    moves: Vec<Played>,
    last: Option<Played>,
    markup: Markup,
    view: Option<Region>,
}

impl Position {
    /// The position before the first node, replayed with `options`.
    ///
    /// ```
    /// use sgf_go::render::Position;
    /// use sgf_go::ReplayOptions;
    /// let position = Position::new(ReplayOptions::new());
    /// assert!(position.moves().is_empty());
    /// ```
    pub fn new(options: ReplayOptions) -> Position {
        Position {
            game: Game::new(options),
            moves: Vec::new(),
            last: None,
            markup: Markup::default(),
            view: None,
        }
    }

    /// Plays the next node of a line: its setup and move, then reads its
    /// markup.
    ///
    /// # Errors
    /// As [`Game::play_node`]; the position is then as before the move.
    ///
    /// ```
    /// use sgf_go::render::Position;
    /// use sgf_go::ReplayOptions;
    /// let tree = sgf_stream::parse("(;SZ[9];B[ee];W[ff])")?;
    /// let mut position = Position::new(ReplayOptions::new());
    /// let mut svgs = Vec::new();
    /// for node in tree.main_line() {
    ///     position.play_node(&node)?;
    ///     svgs.push(position.diagram().to_svg());
    /// }
    /// assert_eq!(svgs.len(), 3);
    /// assert_ne!(svgs[1], svgs[2]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play_node<N: GoNode + ?Sized>(&mut self, node: &N) -> Result<Step, ReplayError> {
        let step = self.game.play_node(node)?;
        self.last = step.played.map(|(color, played)| Played {
            number: self.game.moves(),
            color,
            point: match played {
                Move::Play(point) => Some(point),
                Move::Pass => None,
            },
        });
        self.moves.extend(self.last);
        let read = read_node(node, self.game.board().size());
        let dimmed = std::mem::take(&mut self.markup.dimmed);
        self.markup = read.markup;
        if !read.sets_dimmed {
            self.markup.dimmed = dimmed;
        }
        if let Some(view) = read.view {
            self.view = view;
        }
        Ok(step)
    }

    /// Replays `path` (a line of nodes from the root) to its end.
    ///
    /// # Errors
    /// As [`play_node`](Self::play_node).
    ///
    /// ```
    /// use sgf_go::render::Position;
    /// use sgf_go::ReplayOptions;
    /// let tree = sgf_stream::parse("(;SZ[5];B[aa];W[ba];B[];W[ab])")?;
    /// let position = Position::replay(tree.main_line(), ReplayOptions::new())?;
    /// assert_eq!(position.board().to_string(), ".O...\nO....\n.....\n.....\n.....\n");
    /// assert_eq!(position.moves().len(), 4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn replay<P>(path: P, options: ReplayOptions) -> Result<Position, ReplayError>
    where
        P: IntoIterator,
        P::Item: GoNode,
    {
        Position::at_move(path, None, options)
    }

    /// Replays `path` up to move `number`: with `Some(0)` the start
    /// position (the setup of the nodes before the first move), with
    /// `Some(n)` the position after the node that plays the `n`th move
    /// (passes count), with `None` the end of the path. A path with
    /// fewer moves is played to its end: compare
    /// [`moves`](Self::moves)`.len()`.
    ///
    /// # Errors
    /// As [`play_node`](Self::play_node).
    ///
    /// ```
    /// use sgf_go::render::Position;
    /// use sgf_go::ReplayOptions;
    /// use sgf_stream::typed::Color;
    /// let tree = sgf_stream::parse("(;SZ[9]HA[2];AB[cc][gg];W[ee];B[ec];W[ce])")?;
    /// let start = Position::at_move(tree.main_line(), Some(0), ReplayOptions::new())?;
    /// assert_eq!(start.board().stone_count(Color::Black), 2);
    /// assert!(start.moves().is_empty());
    /// let second = Position::at_move(tree.main_line(), Some(2), ReplayOptions::new())?;
    /// assert_eq!(second.moves().len(), 2);
    /// let short = Position::at_move(tree.main_line(), Some(9), ReplayOptions::new())?;
    /// assert_eq!(short.moves().len(), 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn at_move<P>(
        path: P,
        number: Option<u32>,
        options: ReplayOptions,
    ) -> Result<Position, ReplayError>
    where
        P: IntoIterator,
        P::Item: GoNode,
    {
        let mut position = Position::new(options);
        for node in path {
            if number == Some(0) && has_move(&node) {
                if position.game.nodes() == 0 {
                    // The root plays: the start is its empty board.
                    position.play_node(&node)?;
                    return Ok(position.emptied(options));
                }
                break;
            }
            position.play_node(&node)?;
            if number.is_some_and(|n| n > 0 && position.game.moves() >= n) {
                break;
            }
        }
        Ok(position)
    }

    /// A fresh position on an empty board of this one's size.
    fn emptied(&self, options: ReplayOptions) -> Position {
        let mut fresh = Position::new(options);
        let board = Board::with_rules(self.board().size(), self.board().rules());
        *fresh.game.board_mut() = board;
        fresh
    }

    /// The board.
    pub fn board(&self) -> &Board {
        self.game.board()
    }

    /// The game being replayed: counts and warnings.
    ///
    /// ```
    /// use sgf_go::render::Position;
    /// use sgf_go::ReplayOptions;
    /// let tree = sgf_stream::parse("(;SZ[9];B[aa];B[bb])")?;
    /// let position = Position::replay(tree.main_line(), ReplayOptions::new().lenient(true))?;
    /// assert_eq!(position.game().warnings()[0].code(), "wrong-turn");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Every move played so far, in order.
    pub fn moves(&self) -> &[Played] {
        &self.moves
    }

    /// The move of the last node played, if it had one.
    pub fn last_move(&self) -> Option<Played> {
        self.last
    }

    /// The last node's markup, with the dimmed points (`DD`) in force.
    pub fn markup(&self) -> &Markup {
        &self.markup
    }

    /// The part of the board in view (`VW`), or `None` for all of it.
    pub fn view(&self) -> Option<Region> {
        self.view
    }

    /// A diagram of this position: the board, the last move marked, the
    /// markup, the view, and the moves for [`Diagram::numbers`].
    pub fn diagram(&self) -> Diagram<'_> {
        Diagram::new(self.board())
            .moves(&self.moves)
            .last_move(self.last.and_then(|played| played.point))
            .markup(&self.markup)
            .region(self.view)
    }
}

/// Whether `node` holds a move (`B` or `W`).
fn has_move<N: GoNode + ?Sized>(node: &N) -> bool {
    node.node_properties()
        .any(|(ident, _)| ident == "B" || ident == "W")
}
