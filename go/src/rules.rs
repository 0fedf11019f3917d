//! [`Rules`]: the ko and suicide rules a board plays by, and [`Illegal`]:
//! why a move is refused.

/// What repetition a move may not cause.
///
/// ```
/// use sgf_go::{KoRule, Rules};
/// assert_eq!(Rules::default().ko, KoRule::Simple);
/// assert_eq!(Rules::CHINESE.ko, KoRule::PositionalSuperko);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum KoRule {
    /// Simple ko: a stone that just captured one stone, and could be
    /// captured back at once by retaking that stone, may not be retaken on
    /// the very next move. Longer cycles (triple ko) are allowed.
    #[default]
    Simple,
    /// Positional superko: no move may recreate an arrangement of stones
    /// seen before in the game (since the last setup), whoever is to move.
    /// Needs the game's history: [`Game`](super::Game) and
    /// [`Replay`](super::Replay) keep it; a bare [`Board`](super::Board)
    /// checks simple ko only.
    PositionalSuperko,
}

/// Whether a move may leave its own stones without liberties, removing
/// them.
///
/// ```
/// use sgf_go::{Rules, Suicide};
/// assert_eq!(Rules::ING.suicide, Suicide::MultiStone);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Suicide {
    /// No suicide (Japanese, Chinese, AGA rules).
    #[default]
    Forbidden,
    /// Suicide of two stones or more only: a lone stone may not kill
    /// itself (Ing rules).
    MultiStone,
    /// Any suicide (Tromp-Taylor, New Zealand rules).
    Allowed,
}

/// The rules a board plays by: ko and suicide. Scoring is not a concern
/// of the board.
///
/// ```
/// use sgf_go::{KoRule, Rules, Suicide};
/// assert_eq!(Rules::default(), Rules::JAPANESE);
/// assert_eq!(Rules::from_name("Chinese"), Some(Rules::CHINESE));
/// assert_eq!(Rules::from_name("NZ").unwrap().suicide, Suicide::Allowed);
/// assert_eq!(Rules::TROMP_TAYLOR.ko, KoRule::PositionalSuperko);
/// assert_eq!(Rules::from_name("house rules"), None);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Rules {
    /// The ko rule.
    pub ko: KoRule,
    /// The suicide rule.
    pub suicide: Suicide,
}

impl Rules {
    /// Simple ko, no suicide (also Korean rules): the default.
    ///
    /// ```
    /// use sgf_go::{Rules, Suicide};
    /// assert_eq!(Rules::from_name("Korean"), Some(Rules::JAPANESE));
    /// assert_eq!(Rules::JAPANESE.suicide, Suicide::Forbidden);
    /// ```
    pub const JAPANESE: Rules = Rules {
        ko: KoRule::Simple,
        suicide: Suicide::Forbidden,
    };
    /// Positional superko, no suicide (also AGA rules, whose situational
    /// superko differs only in rare cycles).
    ///
    /// ```
    /// use sgf_go::Rules;
    /// assert_eq!(Rules::from_name("AGA"), Some(Rules::CHINESE));
    /// ```
    pub const CHINESE: Rules = Rules {
        ko: KoRule::PositionalSuperko,
        suicide: Suicide::Forbidden,
    };
    /// Positional superko, suicide of several stones allowed.
    ///
    /// ```
    /// use sgf_go::Rules;
    /// assert_eq!(Rules::from_name("GOE"), Some(Rules::ING));
    /// ```
    pub const ING: Rules = Rules {
        ko: KoRule::PositionalSuperko,
        suicide: Suicide::MultiStone,
    };
    /// Positional superko, any suicide allowed (also New Zealand rules).
    ///
    /// ```
    /// use sgf_go::Rules;
    /// assert_eq!(Rules::from_name("New Zealand"), Some(Rules::TROMP_TAYLOR));
    /// ```
    pub const TROMP_TAYLOR: Rules = Rules {
        ko: KoRule::PositionalSuperko,
        suicide: Suicide::Allowed,
    };

    /// The rules named by an `RU` value (`Japanese`, `Korean`, `Chinese`,
    /// `AGA`, `Ing`, `GOE`, `NZ`, `New Zealand`, `Tromp-Taylor`, in any
    /// letter case), or `None` for a name it does not know.
    ///
    /// ```
    /// use sgf_go::Rules;
    /// assert_eq!(Rules::from_name(" japanese "), Some(Rules::JAPANESE));
    /// assert_eq!(Rules::from_name("Lasker"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Rules> {
        let name = name.trim().to_ascii_lowercase();
        let rules = match name.as_str() {
            "japanese" | "jp" | "korean" | "kr" => Rules::JAPANESE,
            "chinese" | "cn" | "aga" | "american" => Rules::CHINESE,
            "ing" | "goe" => Rules::ING,
            "nz" | "new zealand" | "tromp-taylor" | "tromp taylor" | "tt" => Rules::TROMP_TAYLOR,
            _ => return None,
        };
        Some(rules)
    }
}

/// Why a move is illegal.
///
/// [`code`](Self::code) gives a stable name for each, as the `sgf` tool
/// prints them.
///
/// ```
/// use sgf_go::Illegal;
/// assert_eq!(Illegal::Ko.code(), "illegal-ko");
/// assert_eq!(Illegal::Occupied.to_string(), "the point is occupied");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum Illegal {
    /// The point already holds a stone.
    #[error("the point is occupied")]
    Occupied,
    /// The point is not on the board.
    #[error("the point is off the board")]
    OffBoard,
    /// The move retakes a ko at once.
    #[error("the move retakes a ko at once")]
    Ko,
    /// The move would leave its own stones without liberties, and the
    /// rules forbid it.
    #[error("the move is suicide")]
    Suicide,
    /// The move recreates an earlier position (positional superko).
    #[error("the move repeats an earlier position")]
    Superko,
    /// The other player was to move (a record check, not a rule of Go:
    /// see [`ReplayOptions::check_turn`](super::ReplayOptions::check_turn)).
    #[error("it is the other player's turn")]
    WrongTurn,
}

impl Illegal {
    /// A stable name for the problem: `illegal-occupied`,
    /// `illegal-off-board`, `illegal-ko`, `illegal-suicide`,
    /// `illegal-superko` or `wrong-turn`.
    ///
    /// ```
    /// use sgf_go::Illegal;
    /// assert_eq!(Illegal::Superko.code(), "illegal-superko");
    /// assert_eq!(Illegal::WrongTurn.code(), "wrong-turn");
    /// ```
    pub fn code(self) -> &'static str {
        match self {
            Illegal::Occupied => "illegal-occupied",
            Illegal::OffBoard => "illegal-off-board",
            Illegal::Ko => "illegal-ko",
            Illegal::Suicide => "illegal-suicide",
            Illegal::Superko => "illegal-superko",
            Illegal::WrongTurn => "wrong-turn",
        }
    }
}
