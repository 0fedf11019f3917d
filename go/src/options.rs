//! [`ReplayOptions`]: how a game is replayed.

use super::rules::Rules;
use sgf_stream::typed::BoardSize;

/// How to replay a game: the rules, strict or lenient, whether to check
/// the turn order, and the board size for a path that does not start at
/// the root.
///
/// ```
/// use sgf_go::{ReplayOptions, Rules};
/// let tree = sgf_stream::parse("(;RU[Chinese];B[aa];B[bb])")?;
/// let options = ReplayOptions::new().rules_from_game(true).lenient(true);
/// let game = options.replay(tree.main_line()).run()?;
/// assert_eq!(game.board().rules(), Rules::CHINESE);
/// assert_eq!(game.warnings()[0].code(), "wrong-turn");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReplayOptions {
    rules: Rules,
    rules_from_game: bool,
    lenient: bool,
    check_turn: bool,
    size: Option<BoardSize>,
}

impl Default for ReplayOptions {
    fn default() -> Self {
        ReplayOptions {
            rules: Rules::default(),
            rules_from_game: false,
            lenient: false,
            check_turn: true,
            size: None,
        }
    }
}

impl ReplayOptions {
    /// The defaults: [`Rules::default`] (simple ko, no suicide), strict,
    /// turn order checked, size from the root's `SZ`.
    ///
    /// ```
    /// use sgf_go::{ReplayOptions, Rules};
    /// assert_eq!(ReplayOptions::new().game().board().rules(), Rules::default());
    /// ```
    pub fn new() -> Self {
        ReplayOptions::default()
    }

    /// Plays by `rules`.
    ///
    /// ```
    /// use sgf_go::{ReplayOptions, Rules};
    /// let game = ReplayOptions::new().rules(Rules::ING).game();
    /// assert_eq!(game.board().rules(), Rules::ING);
    /// ```
    pub fn rules(mut self, rules: Rules) -> Self {
        self.rules = rules;
        self
    }

    /// Whether the root's `RU`, when it names rules that
    /// [`Rules::from_name`] knows, replaces [`rules`](Self::rules)
    /// (default: no).
    ///
    /// ```
    /// use sgf_go::{ReplayOptions, Rules};
    /// let tree = sgf_stream::parse("(;RU[NZ])")?;
    /// let game = ReplayOptions::new().rules_from_game(true).replay(tree.main_line()).run()?;
    /// assert_eq!(game.board().rules(), Rules::TROMP_TAYLOR);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn rules_from_game(mut self, yes: bool) -> Self {
        self.rules_from_game = yes;
        self
    }

    /// Whether to go past problems, keeping them as warnings (default:
    /// no, the first problem is an error).
    ///
    /// ```
    /// use sgf_go::ReplayOptions;
    /// let tree = sgf_stream::parse("(;SZ[9];B[aa];W[aa];B[bb])")?;
    /// assert!(ReplayOptions::new().replay(tree.main_line()).run().is_err());
    /// let game = ReplayOptions::new().lenient(true).replay(tree.main_line()).run()?;
    /// assert_eq!(game.moves(), 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn lenient(mut self, yes: bool) -> Self {
        self.lenient = yes;
        self
    }

    /// Whether a move by the side not to move is a problem,
    /// [`Illegal::WrongTurn`](super::Illegal::WrongTurn) (default: yes).
    /// See [`Game`](super::Game) for the exceptions.
    ///
    /// ```
    /// use sgf_go::ReplayOptions;
    /// let tree = sgf_stream::parse("(;SZ[9];B[aa];B[bb])")?;
    /// assert!(ReplayOptions::new().replay(tree.main_line()).run().is_err());
    /// assert!(ReplayOptions::new().check_turn(false).replay(tree.main_line()).run().is_ok());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn check_turn(mut self, yes: bool) -> Self {
        self.check_turn = yes;
        self
    }

    /// Sets the board's size, instead of reading the first node's `SZ`:
    /// for a path that starts below the root.
    ///
    /// ```
    /// use sgf_go::ReplayOptions;
    /// use sgf_stream::typed::BoardSize;
    /// let tree = sgf_stream::parse("(;SZ[9];B[aa](;W[bb])(;W[ih]))")?;
    /// // The second variation alone: no root to read the size from.
    /// let variation = &tree.children()[0].children()[1];
    /// let game = ReplayOptions::new().size(BoardSize::square(9)).replay([variation]).run()?;
    /// assert_eq!(game.board().size(), BoardSize::square(9));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn size(mut self, size: BoardSize) -> Self {
        self.size = Some(size);
        self
    }

    pub(super) fn rules_given(&self) -> Rules {
        self.rules
    }

    pub(super) fn rules_from_game_set(&self) -> bool {
        self.rules_from_game
    }

    pub(super) fn is_lenient(&self) -> bool {
        self.lenient
    }

    pub(super) fn checks_turn(&self) -> bool {
        self.check_turn
    }

    pub(super) fn size_override(&self) -> Option<BoardSize> {
        self.size
    }
}
