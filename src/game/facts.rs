//! [`GameFacts`]: what a [`Filter`](super::Filter) looks at in a game,
//! gathered from a tree or from property values as they stream by.

use super::error::NormalizeError;
use super::normalize::Normalized;
use crate::tree::SgfTree;
use crate::typed::BoardSize;

/// What a [`Filter`](super::Filter) looks at in a game: the
/// [`Normalized`] information, the players' names (`PB`, `PW`), the board
/// size (`SZ`), the number of moves on the main line, and property
/// identifiers it uses.
///
/// Build it with [`GameFacts::of`] from a tree, or from a stream: call
/// [`absorb`](Self::absorb) with the first value of each property of the
/// main line that [`reads`](Self::reads) names, count the main line's
/// moves in `moves`, and push the identifiers a filter asks about
/// ([`Filter::asks_about`](super::Filter::asks_about)) to `props`.
///
/// ```
/// use sgf_stream::game::GameFacts;
/// use sgf_stream::typed::BoardSize;
/// let tree = sgf_stream::parse("(;SZ[13]PB[Lee]BR[9p]C[hi];B[aa];W[bb](;B[cc]TR[dd])(;B[ee]))")?;
/// let facts = GameFacts::of(&tree);
/// assert_eq!(facts.black.as_deref(), Some("Lee"));
/// assert_eq!(facts.board_size(), Some(BoardSize::square(13)));
/// assert_eq!(facts.moves, 3);
/// assert_eq!(facts.normalized.black_rank.unwrap().to_string(), "9p");
/// assert_eq!(facts.props, ["B", "BR", "C", "PB", "SZ", "TR", "W"]);
/// # Ok::<(), sgf_stream::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct GameFacts {
    /// The normalised game information.
    pub normalized: Normalized,
    /// `PB`: Black's name, as written.
    pub black: Option<String>,
    /// `PW`: White's name, as written.
    pub white: Option<String>,
    /// `SZ`: the board size ([`NormalizeError::Missing`] without `SZ`,
    /// which is 19×19; [`NormalizeError::Unreadable`] for a value that is
    /// no size). [`board_size`](Self::board_size) reads it.
    pub size: Result<BoardSize, NormalizeError>,
    /// The `B` and `W` properties on the main line.
    pub moves: usize,
    /// Property identifiers the game uses, in any node: all of them
    /// ([`GameFacts::of`]), or those a filter asks about.
    pub props: Vec<String>,
}

impl Default for GameFacts {
    /// Nothing known: every value missing, no moves, no properties.
    fn default() -> Self {
        GameFacts {
            normalized: Normalized::default(),
            black: None,
            white: None,
            size: Err(NormalizeError::Missing),
            moves: 0,
            props: Vec::new(),
        }
    }
}

impl GameFacts {
    /// The facts of the game `tree`: its [`SgfTree::normalized`]
    /// information, the first `PB`, `PW` and `SZ` of its main line, the
    /// moves on the main line, and every identifier used, sorted.
    pub fn of(tree: &SgfTree) -> GameFacts {
        let mut facts = GameFacts {
            normalized: tree.normalized(),
            ..GameFacts::default()
        };
        for node in tree.main_line() {
            for (ident, values) in node.properties() {
                facts.moves += usize::from(ident == "B" || ident == "W");
                if let (true, Some(text)) = (GameFacts::reads(ident), values.first()) {
                    facts.absorb(ident, text);
                }
            }
        }
        for node in tree.nodes() {
            for (ident, _) in node.properties() {
                if let Err(at) = facts.props.binary_search_by(|p| p.as_str().cmp(ident)) {
                    facts.props.insert(at, ident.to_string());
                }
            }
        }
        facts
    }

    /// Reads the (first) value `text` of property `ident` of the main
    /// line: `PB`, `PW`, `SZ` (`n` or `cols:rows`, `19:19` allowed) and
    /// what [`Normalized::absorb`] reads. The first value of each stands;
    /// other properties are ignored.
    ///
    /// ```
    /// use sgf_stream::game::{GameFacts, NormalizeError};
    /// let mut facts = GameFacts::default();
    /// facts.absorb("SZ", "9");
    /// facts.absorb("SZ", "13");
    /// facts.absorb("PW", "Cho Chikun");
    /// facts.absorb("KM", "6.5");
    /// assert_eq!(facts.board_size().unwrap().cols, 9);
    /// assert_eq!(facts.white.as_deref(), Some("Cho Chikun"));
    /// assert_eq!(facts.normalized.komi, Ok(6.5));
    /// facts.size = Err(NormalizeError::Missing);
    /// facts.absorb("SZ", "big");
    /// assert_eq!(facts.board_size(), None);
    /// ```
    pub fn absorb(&mut self, ident: &str, text: &str) {
        match ident {
            "PB" => {
                self.black.get_or_insert_with(|| text.to_string());
            }
            "PW" => {
                self.white.get_or_insert_with(|| text.to_string());
            }
            "SZ" if self.size == Err(NormalizeError::Missing) => {
                self.size = BoardSize::decode_lenient(text.trim().as_bytes())
                    .map_err(|_| NormalizeError::Unreadable);
            }
            _ => self.normalized.absorb(ident, text),
        }
    }

    /// Whether [`absorb`](Self::absorb) reads property `ident`: `PB`,
    /// `PW`, `SZ`, and those of [`Normalized::reads`].
    pub fn reads(ident: &str) -> bool {
        matches!(ident, "PB" | "PW" | "SZ") || Normalized::reads(ident)
    }

    /// The board size: 19×19 without `SZ`, `None` when `SZ` is no size.
    pub fn board_size(&self) -> Option<BoardSize> {
        match self.size {
            Ok(size) => Some(size),
            Err(NormalizeError::Missing) => Some(BoardSize::default()),
            Err(_) => None,
        }
    }

    /// Whether the game uses property `ident` (as far as `props` says).
    pub fn has(&self, ident: &str) -> bool {
        self.props.iter().any(|p| p == ident)
    }
}
