//! [`Game`]: a game replayed node by node, with the turn order, the
//! handicap and the history that positional superko needs.

use std::sync::{Arc, Mutex};

use super::error::{ReplayError, ReplayErrorKind};
use super::groups::{bits, Setup, EMPTY};
use super::history::Seen;
use super::node::{GoNode, NodeValues};
use super::options::ReplayOptions;
use super::rules::{KoRule, Rules};
use super::step::Step;
use super::Board;
use sgf_stream::read::LineIndex;
use sgf_stream::typed::{Color, Decoder, Move, Point, Value};

/// The line index of the input (address and length) last located in.
pub(super) type Lines = Arc<Mutex<Option<((usize, usize), Arc<LineIndex>)>>>;

/// A game being replayed: feed it the nodes of a line in order with
/// [`play_node`](Self::play_node); it keeps the [`Board`], the side to
/// move, and for positional superko the positions seen. Clone it at a
/// branch to replay each variation.
///
/// The first node is taken as the root: its `SZ` sets the board's size
/// (unless [`ReplayOptions::size`] did), a `GM` other than 1 is an
/// error, and its `RU` may set the rules
/// ([`ReplayOptions::rules_from_game`]). In each node, setup (`AE`,
/// `AB`, `AW`, then `PL`) comes before the move, whatever their order in
/// the file. An illegal move is an error that leaves the board as it
/// was; in a lenient game it is a warning and is played anyway, as most
/// editors do (see [`Board::play_anyway`]).
///
/// The turn: each move gives the move to the other side, and `PL` sets
/// it. When [`ReplayOptions::check_turn`] is on (the default), a move by
/// the side not to move is [`Illegal::WrongTurn`](super::Illegal::WrongTurn), except for the first
/// move of a game without `PL` (many records start with White, after
/// handicap stones or in problems) and, in a game with `HA[n]`, for
/// Black's first `n` moves (free handicap stones recorded as moves).
/// Before the first move, with `HA[2]` or more and black stones set up,
/// White is to move.
///
/// ```
/// use sgf_go::{Game, GoNode, ReplayOptions};
/// use sgf_stream::typed::Color;
/// let tree = sgf_stream::parse("(;SZ[9]HA[2]AB[cc][gg];W[ee];B[ef])")?;
/// let mut game = ReplayOptions::new().game();
/// for node in tree.main_line() {
///     game.play_node(&node)?;
///     if node.children().is_empty() {
///         assert_eq!(game.board().to_move(), Color::White);
///     }
/// }
/// assert_eq!(game.moves(), 2);
/// assert_eq!(game.board().stone_count(Color::Black), 3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct Game {
    pub(super) board: Board,
    pub(super) options: ReplayOptions,
    /// Position hashes since the last setup, under positional superko.
    pub(super) seen: Option<Seen>,
    /// Where a move is tried under positional superko.
    pub(super) spare: Option<Board>,
    pub(super) nodes: usize,
    pub(super) moves: u32,
    pub(super) handicap: u32,
    pub(super) turn_known: bool,
    pub(super) black_only: bool,
    /// Cells of the stones the last node's move removed.
    pub(super) captured: Vec<u16>,
    /// Cells the last node changed that its [`Step`] does not name: those
    /// its setup changed, and the first move's in a node with two.
    pub(super) unnamed: Vec<u16>,
    /// The node's setup, made right once the node's setup is read.
    pub(super) setup: Setup,
    pub(super) warnings: Vec<ReplayError>,
    /// The line starts of the input (address and length) whose nodes
    /// problems were last placed in: shared with the game's clones, so
    /// that each input is indexed once, whatever order they place
    /// problems in.
    pub(super) lines: Lines,
}

/// What a node holds, once read: its moves (two in a broken node with
/// `B` and `W`), what its setup changed, and the side it sets to move.
#[derive(Debug, Default, Clone, Copy)]
struct Contents {
    moves: [Option<(Color, Move)>; 2],
    changes: Changes,
    player: Option<Color>,
}

/// The stones a node's setup changed.
#[derive(Debug, Default, Clone, Copy)]
pub(super) struct Changes {
    pub(super) added: u32,
    pub(super) removed: u32,
}

impl Game {
    /// A game before its first node, with `options`.
    ///
    /// ```
    /// use sgf_go::{Game, ReplayOptions};
    /// let game = Game::new(ReplayOptions::new());
    /// assert_eq!((game.nodes(), game.moves()), (0, 0));
    /// ```
    pub fn new(options: ReplayOptions) -> Game {
        let size = options.size_override().unwrap_or_default();
        let mut game = Game {
            board: Board::with_rules(size, options.rules_given()),
            options,
            seen: None,
            spare: None,
            nodes: 0,
            moves: 0,
            handicap: 0,
            turn_known: false,
            black_only: true,
            captured: Vec::new(),
            unnamed: Vec::new(),
            setup: Setup::default(),
            warnings: Vec::new(),
            lines: Lines::default(),
        };
        game.set_rules(options.rules_given());
        game
    }

    /// The board after the last node.
    ///
    /// ```
    /// use sgf_go::Game;
    /// use sgf_stream::typed::{Color, Point};
    /// let tree = sgf_stream::parse("(;SZ[9];B[cc])")?;
    /// let mut game = Game::default();
    /// for node in tree.main_line() {
    ///     game.play_node(&node)?;
    /// }
    /// assert_eq!(game.board().get(Point::new(2, 2)), Some(Color::Black));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The board, to change it by hand.
    ///
    /// ```
    /// use sgf_go::Game;
    /// use sgf_stream::typed::{Color, Point};
    /// let mut game = Game::default();
    /// game.board_mut().set(Point::new(3, 3), Some(Color::White));
    /// assert_eq!(game.board().stone_count(Color::White), 1);
    /// ```
    pub fn board_mut(&mut self) -> &mut Board {
        &mut self.board
    }

    /// How many nodes were played.
    ///
    /// ```
    /// use sgf_go::Game;
    /// let tree = sgf_stream::parse("(;C[root];B[aa];C[comment])")?;
    /// let mut game = Game::default();
    /// for node in tree.main_line() {
    ///     game.play_node(&node)?;
    /// }
    /// assert_eq!((game.nodes(), game.moves()), (3, 1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn nodes(&self) -> usize {
        self.nodes
    }

    /// How many moves (passes included) were played.
    ///
    /// ```
    /// use sgf_go::Game;
    /// let tree = sgf_stream::parse("(;SZ[9];B[];W[aa])")?;
    /// let mut game = Game::default();
    /// for node in tree.main_line() {
    ///     game.play_node(&node)?;
    /// }
    /// assert_eq!(game.moves(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn moves(&self) -> u32 {
        self.moves
    }

    /// The stones the last node's move removed from the board.
    ///
    /// ```
    /// use sgf_go::Game;
    /// use sgf_stream::typed::Point;
    /// let tree = sgf_stream::parse("(;SZ[9]AW[aa]AB[ba];B[ab])")?;
    /// let mut game = Game::default();
    /// for node in tree.main_line() {
    ///     game.play_node(&node)?;
    /// }
    /// assert_eq!(game.captured().collect::<Vec<_>>(), [Point::new(0, 0)]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn captured(&self) -> impl ExactSizeIterator<Item = Point> + '_ {
        self.captured
            .iter()
            .map(|&cell| self.board.point(usize::from(cell)))
    }

    /// The points the last node changed that its [`Step`] does not name
    /// (neither its move nor [`captured`](Self::captured)): those its
    /// setup changed, and the first move's in a node with both `B` and
    /// `W`, in the order the node changed them (a point may come twice).
    pub(crate) fn unnamed_changes(&self) -> impl ExactSizeIterator<Item = Point> + '_ {
        self.unnamed
            .iter()
            .map(|&cell| self.board.point(usize::from(cell)))
    }

    /// The problems a lenient game went past, in order.
    ///
    /// ```
    /// use sgf_go::ReplayOptions;
    /// let tree = sgf_stream::parse("(;SZ[9];B[aa];B[bb])")?;
    /// let game = ReplayOptions::new().lenient(true).replay(tree.main_line()).run()?;
    /// assert_eq!(game.warnings()[0].code(), "wrong-turn");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn warnings(&self) -> &[ReplayError] {
        &self.warnings
    }

    /// Takes the warnings out, leaving none.
    ///
    /// ```
    /// use sgf_go::ReplayOptions;
    /// let tree = sgf_stream::parse("(;SZ[9];B[aa];W[aa])")?;
    /// let mut game = ReplayOptions::new().lenient(true).replay(tree.main_line()).run()?;
    /// assert_eq!(game.take_warnings().len(), 1);
    /// assert!(game.warnings().is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn take_warnings(&mut self) -> Vec<ReplayError> {
        std::mem::take(&mut self.warnings)
    }

    fn set_rules(&mut self, rules: Rules) {
        self.board.set_rules(rules);
        self.seen = match rules.ko {
            KoRule::Simple => None,
            KoRule::PositionalSuperko => Some(Seen::default()),
        };
    }

    /// Plays the next node of the line: its setup, then its move.
    ///
    /// # Errors
    /// A strict game stops at the first problem: an illegal move (the
    /// board is left as before the move), a value that does not fit its
    /// type, or a root that is not a game of Go. A lenient game only
    /// fails on the last; it keeps the others as
    /// [`warnings`](Self::warnings) and goes on.
    ///
    /// ```
    /// use sgf_go::{Game, ReplayOptions};
    /// use sgf_stream::typed::{Color, Move, Point};
    /// let tree = sgf_stream::parse("(;SZ[5];B[cc](;W[cd])(;W[dc]))")?;
    /// let mut game = Game::new(ReplayOptions::new());
    /// game.play_node(&tree)?;
    /// game.play_node(&tree.children()[0])?;
    /// // One game per variation, from where they part.
    /// for variation in tree.children()[0].children() {
    ///     let step = game.clone().play_node(&variation)?;
    ///     assert!(matches!(step.played, Some((Color::White, Move::Play(_)))));
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play_node<N: GoNode + ?Sized>(&mut self, node: &N) -> Result<Step, ReplayError> {
        let index = self.nodes;
        self.nodes += 1;
        self.captured.clear();
        self.unnamed.clear();
        if index == 0 {
            self.start(node, index)?;
        }
        let mut contents = Contents::default();
        let read = self.read(node, index, &mut contents);
        self.board.settle(&mut self.setup);
        read?;
        let Contents {
            moves,
            mut changes,
            player,
        } = contents;
        if changes.added + changes.removed > 0 {
            if let Some(seen) = &mut self.seen {
                seen.clear();
            }
        }
        self.set_turn(player);
        let mut captured = 0;
        for (color, played) in moves.iter().flatten() {
            captured += self.play(*color, *played, node, index, &mut changes)?;
        }
        if let [Some((_, Move::Play(first))), Some(_)] = moves {
            self.unnamed
                .extend(self.board.cell(first).map(|p| p as u16));
        }
        if let Some(seen) = &mut self.seen {
            seen.insert(self.board.position_hash());
        }
        Ok(Step {
            node: index,
            played: moves[1].or(moves[0]),
            added: changes.added,
            removed: changes.removed,
            captured,
            to_move: self.board.to_move(),
            hash: self.board.hash(),
        })
    }

    /// Reads a node's properties: applies its setup, and gives its moves
    /// and the side it says is to move.
    #[inline]
    fn read<N: GoNode + ?Sized>(
        &mut self,
        node: &N,
        index: usize,
        contents: &mut Contents,
    ) -> Result<(), ReplayError> {
        let decoder = Decoder::with_size(self.board.size());
        for (ident, values) in node.node_properties() {
            match ident {
                "B" | "W" => {
                    let color = if ident == "B" {
                        Color::Black
                    } else {
                        Color::White
                    };
                    if let Some(played) = self.decode_move(ident, values, node, index)? {
                        let slot = usize::from(contents.moves[0].is_some());
                        contents.moves[slot] = Some((color, played));
                    }
                }
                "AB" | "AW" | "AE" => {
                    let stone = match ident {
                        "AB" => Some(Color::Black),
                        "AW" => Some(Color::White),
                        _ => None,
                    };
                    let values = self.decode(&decoder, ident, values, node, index)?;
                    for point in values.iter().filter_map(Value::as_point) {
                        self.set_up(point, stone, &mut contents.changes);
                    }
                }
                "PL" => {
                    let values = self.decode(&decoder, ident, values, node, index)?;
                    if let Some(Value::Color(color)) = values.first() {
                        contents.player = Some(*color);
                    }
                }
                "HA" if self.moves == 0 => {
                    let values = self.decode(&decoder, ident, values, node, index)?;
                    let count = values.first().and_then(Value::as_number).unwrap_or(0);
                    self.handicap = u32::try_from(count.max(0)).unwrap_or(u32::MAX);
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// Sets the side to move from `PL`, or after handicap stones.
    #[inline]
    fn set_turn(&mut self, player: Option<Color>) {
        if let Some(color) = player {
            self.board.set_to_move(color);
            self.turn_known = true;
        } else if self.moves == 0 && self.handicap >= 2 && self.board.stone_count(Color::Black) > 0
        {
            self.board.set_to_move(Color::White);
        }
    }

    /// Reads the root: the size, `GM`, and the rules from `RU`.
    fn start<N: GoNode + ?Sized>(&mut self, node: &N, index: usize) -> Result<(), ReplayError> {
        let decoder = Decoder::new();
        let mut size = None;
        let mut rules = None;
        for (ident, values) in node.node_properties() {
            match ident {
                "SZ" if self.options.size_override().is_none() => {
                    let values = self.decode(&decoder, ident, values, node, index)?;
                    if let Some(Value::Size(found)) = values.first() {
                        size = Some(*found);
                    }
                }
                "GM" => {
                    let values = self.decode(&decoder, ident, values, node, index)?;
                    match values.first().and_then(Value::as_number) {
                        Some(1) | None => {}
                        Some(game) => {
                            let kind = ReplayErrorKind::NotGo(game);
                            return Err(self.error(kind, node, index));
                        }
                    }
                }
                "RU" if self.options.rules_from_game_set() => {
                    let values = self.decode(&decoder, ident, values, node, index)?;
                    rules = values
                        .first()
                        .and_then(Value::as_text)
                        .and_then(Rules::from_name);
                }
                _ => {}
            }
        }
        if let Some(size) = size.filter(|&size| size != self.board.size()) {
            self.board = Board::with_rules(size, self.board.rules());
        }
        if let Some(rules) = rules {
            self.set_rules(rules);
        }
        Ok(())
    }

    /// Sets up one point, counting what changed.
    fn set_up(&mut self, point: Point, stone: Option<Color>, changes: &mut Changes) {
        let Some(p) = self.board.cell(point) else {
            return;
        };
        let before = self.board.get(point);
        if self
            .board
            .set_cell(p, stone.map_or(EMPTY, bits), &mut self.setup)
        {
            changes.removed += u32::from(before.is_some());
            changes.added += u32::from(stone.is_some());
            self.unnamed.push(p as u16);
        }
    }

    /// Decodes a move; the hot path is one well-formed value.
    #[inline]
    fn decode_move<N: GoNode + ?Sized>(
        &mut self,
        ident: &str,
        values: NodeValues<'_>,
        node: &N,
        index: usize,
    ) -> Result<Option<Move>, ReplayError> {
        if values.len() == 1 {
            if let Ok(played) = Move::decode(values.first(), self.board.size()) {
                return Ok(Some(played));
            }
        }
        let decoder = Decoder::with_size(self.board.size());
        let values = self.decode(&decoder, ident, values, node, index)?;
        Ok(values.first().and_then(Value::as_move))
    }

    /// Decodes a property's values: strictly, or leniently with warnings.
    fn decode<'v, N: GoNode + ?Sized>(
        &mut self,
        decoder: &Decoder,
        ident: &str,
        values: NodeValues<'v>,
        node: &N,
        index: usize,
    ) -> Result<Vec<Value<'v>>, ReplayError> {
        if !self.options.is_lenient() {
            return values
                .decode(decoder, ident)
                .map_err(|err| self.value_error(err, node, index));
        }
        let (values, problems) = values.decode_lenient(decoder, ident);
        for err in problems {
            let warning = self.value_error(err, node, index);
            self.warnings.push(warning);
        }
        Ok(values)
    }
}

impl ReplayOptions {
    /// A game to feed nodes to, with these options.
    ///
    /// ```
    /// use sgf_go::ReplayOptions;
    /// let tree = sgf_stream::parse("(;SZ[9];B[aa])")?;
    /// let mut game = ReplayOptions::new().game();
    /// for node in tree.main_line() {
    ///     game.play_node(&node)?;
    /// }
    /// assert_eq!(game.moves(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn game(self) -> Game {
        Game::new(self)
    }
}

impl Default for Game {
    fn default() -> Self {
        Game::new(ReplayOptions::default())
    }
}
