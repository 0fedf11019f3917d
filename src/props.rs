//! The FF\[4\] property catalogue: what each property identifier means.
//!
//! [`lookup`] gives, for every property of the FF\[4\] spec (the general
//! ones and the Go ones), its [`ValueType`], whether it takes one value, a
//! list or an elist ([`Arity`]), its [`Category`] and whether it is
//! inherited. [`legacy`] knows the FF\[1\]–FF\[3\] properties that FF\[4\]
//! dropped or renamed. An identifier in neither table is a private or
//! unknown property: decoders keep its values raw, so nothing is lost.
//!
//! ```
//! use sgf_stream::props::{self, Arity, Category, ValueType};
//!
//! let ab = props::lookup("AB").unwrap();
//! assert_eq!(ab.value, ValueType::Stone);
//! assert_eq!(ab.arity, Arity::List);
//! assert_eq!(ab.category, Category::Setup);
//!
//! let lb = props::lookup("LB").unwrap();
//! assert_eq!(lb.value, ValueType::Compose(&ValueType::Point, &ValueType::SimpleText));
//!
//! assert!(props::lookup("DD").unwrap().inherit);
//! assert!(props::lookup("MULTIGOGM").is_none());
//! assert_eq!(props::legacy("L").unwrap().replacement, Some("LB"));
//! ```

use std::fmt;

/// The type of one value, as the FF\[4\] spec names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ValueType {
    /// `[]`: no value at all.
    None,
    /// `[+-]?digits`.
    Number,
    /// A Number with an optional fraction: `-59.5`.
    Real,
    /// `1` (normal) or `2` (emphasized).
    Double,
    /// `B` or `W`.
    Color,
    /// Text on one line: line breaks become spaces.
    SimpleText,
    /// Text with hard line breaks.
    Text,
    /// A Go point: two letters, column then row.
    Point,
    /// A Go move: a point, or a pass (`[]`, or `tt` on boards up to 19×19).
    Move,
    /// A Go stone: a point.
    Stone,
    /// `SZ`: `number` for a square board or `number:number` for columns
    /// and rows.
    Size,
    /// Two values split at the first unescaped `:`.
    Compose(&'static ValueType, &'static ValueType),
    /// An empty value, or a value of the inner type (`FG`).
    OrNone(&'static ValueType),
}

/// How many values a property takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Arity {
    /// Exactly one value.
    One,
    /// One or more values; point lists may use compressed rectangles.
    List,
    /// A list, or a single empty value `[]` for an empty list.
    EList,
}

/// What a property is about, as the FF\[4\] spec groups them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Category {
    /// Only in the root node: `AP CA FF GM ST SZ`.
    Root,
    /// Facts about the game, at most once on a path from the root.
    GameInfo,
    /// A move and what goes with it: `B W KO MN`.
    Move,
    /// Stones set up on the board and the player to move.
    Setup,
    /// About the node: comment, name, value, position judgement.
    NodeAnnotation,
    /// About the move of the node: bad move, tesuji, doubtful, interesting.
    MoveAnnotation,
    /// Marks on the board: shapes, labels, arrows, lines, dimmed points.
    Markup,
    /// Time and stones left after a move.
    Timing,
    /// Figures, print modes and views.
    Misc,
}

impl fmt::Display for Category {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Category::Root => "root",
            Category::GameInfo => "game-info",
            Category::Move => "move",
            Category::Setup => "setup",
            Category::NodeAnnotation => "node annotation",
            Category::MoveAnnotation => "move annotation",
            Category::Markup => "markup",
            Category::Timing => "timing",
            Category::Misc => "misc",
        })
    }
}

/// One property of the FF\[4\] catalogue.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PropInfo {
    /// The identifier, e.g. `AB`.
    pub ident: &'static str,
    /// The type of each value.
    pub value: ValueType,
    /// One value, a list or an elist.
    pub arity: Arity,
    /// The spec's group.
    pub category: Category,
    /// Whether the setting holds in the node's whole subtree (`DD PM VW`).
    pub inherit: bool,
    /// Whether the property is specific to Go (GM\[1\]): `HA KM TB TW`.
    pub go_only: bool,
    /// The spec's name for it, e.g. `Add Black`.
    pub name: &'static str,
}

const PT_PT: ValueType = ValueType::Compose(&ValueType::Point, &ValueType::Point);
const PT_ST: ValueType = ValueType::Compose(&ValueType::Point, &ValueType::SimpleText);
const ST_ST: ValueType = ValueType::Compose(&ValueType::SimpleText, &ValueType::SimpleText);
const FIGURE: ValueType = ValueType::OrNone(&ValueType::Compose(
    &ValueType::Number,
    &ValueType::SimpleText,
));

const fn p(
    ident: &'static str,
    value: ValueType,
    arity: Arity,
    category: Category,
    name: &'static str,
) -> PropInfo {
    PropInfo {
        ident,
        value,
        arity,
        category,
        inherit: false,
        go_only: false,
        name,
    }
}

const fn inherited(info: PropInfo) -> PropInfo {
    PropInfo {
        inherit: true,
        ..info
    }
}

const fn go(info: PropInfo) -> PropInfo {
    PropInfo {
        go_only: true,
        ..info
    }
}

use Arity::{EList, List, One};
use Category::*;
use ValueType as T;

/// Every FF\[4\] property of the general catalogue and of Go, sorted by
/// identifier.
pub static CATALOGUE: &[PropInfo] = ENTRIES;

/// The catalogue, as a constant that [`SLOTS`] is computed from.
const ENTRIES: &[PropInfo] = &[
    p("AB", T::Stone, List, Setup, "Add Black"),
    p("AE", T::Point, List, Setup, "Add Empty"),
    p("AN", T::SimpleText, One, GameInfo, "Annotation"),
    p("AP", ST_ST, One, Root, "Application"),
    p("AR", PT_PT, List, Markup, "Arrow"),
    p("AW", T::Stone, List, Setup, "Add White"),
    p("B", T::Move, One, Move, "Black"),
    p("BL", T::Real, One, Timing, "Black time left"),
    p("BM", T::Double, One, MoveAnnotation, "Bad move"),
    p("BR", T::SimpleText, One, GameInfo, "Black rank"),
    p("BT", T::SimpleText, One, GameInfo, "Black team"),
    p("C", T::Text, One, NodeAnnotation, "Comment"),
    p("CA", T::SimpleText, One, Root, "Charset"),
    p("CP", T::SimpleText, One, GameInfo, "Copyright"),
    p("CR", T::Point, List, Markup, "Circle"),
    inherited(p("DD", T::Point, EList, Markup, "Dim points")),
    p("DM", T::Double, One, NodeAnnotation, "Even position"),
    p("DO", T::None, One, MoveAnnotation, "Doubtful"),
    p("DT", T::SimpleText, One, GameInfo, "Date"),
    p("EV", T::SimpleText, One, GameInfo, "Event"),
    p("FF", T::Number, One, Root, "Fileformat"),
    p("FG", FIGURE, One, Misc, "Figure"),
    p("GB", T::Double, One, NodeAnnotation, "Good for Black"),
    p("GC", T::Text, One, GameInfo, "Game comment"),
    p("GM", T::Number, One, Root, "Game"),
    p("GN", T::SimpleText, One, GameInfo, "Game name"),
    p("GW", T::Double, One, NodeAnnotation, "Good for White"),
    go(p("HA", T::Number, One, GameInfo, "Handicap")),
    p("HO", T::Double, One, NodeAnnotation, "Hotspot"),
    p("IT", T::None, One, MoveAnnotation, "Interesting"),
    go(p("KM", T::Real, One, GameInfo, "Komi")),
    p("KO", T::None, One, Move, "Ko"),
    p("LB", PT_ST, List, Markup, "Label"),
    p("LN", PT_PT, List, Markup, "Line"),
    p("MA", T::Point, List, Markup, "Mark"),
    p("MN", T::Number, One, Move, "Set move number"),
    p("N", T::SimpleText, One, NodeAnnotation, "Nodename"),
    p("OB", T::Number, One, Timing, "OtStones Black"),
    p("ON", T::SimpleText, One, GameInfo, "Opening"),
    p("OT", T::SimpleText, One, GameInfo, "Overtime"),
    p("OW", T::Number, One, Timing, "OtStones White"),
    p("PB", T::SimpleText, One, GameInfo, "Player Black"),
    p("PC", T::SimpleText, One, GameInfo, "Place"),
    p("PL", T::Color, One, Setup, "Player to play"),
    inherited(p("PM", T::Number, One, Misc, "Print move mode")),
    p("PW", T::SimpleText, One, GameInfo, "Player White"),
    p("RE", T::SimpleText, One, GameInfo, "Result"),
    p("RO", T::SimpleText, One, GameInfo, "Round"),
    p("RU", T::SimpleText, One, GameInfo, "Rules"),
    p("SL", T::Point, List, Markup, "Selected"),
    p("SO", T::SimpleText, One, GameInfo, "Source"),
    p("SQ", T::Point, List, Markup, "Square"),
    p("ST", T::Number, One, Root, "Style"),
    p("SZ", T::Size, One, Root, "Size"),
    go(p("TB", T::Point, EList, Misc, "Territory Black")),
    p("TE", T::Double, One, MoveAnnotation, "Tesuji"),
    p("TM", T::Real, One, GameInfo, "Timelimit"),
    p("TR", T::Point, List, Markup, "Triangle"),
    go(p("TW", T::Point, EList, Misc, "Territory White")),
    p("UC", T::Double, One, NodeAnnotation, "Unclear pos"),
    p("US", T::SimpleText, One, GameInfo, "User"),
    p("V", T::Real, One, NodeAnnotation, "Value"),
    inherited(p("VW", T::Point, EList, Misc, "View")),
    p("W", T::Move, One, Move, "White"),
    p("WL", T::Real, One, Timing, "White time left"),
    p("WR", T::SimpleText, One, GameInfo, "White rank"),
    p("WT", T::SimpleText, One, GameInfo, "White team"),
];

/// The catalogue entry of an FF\[4\] property, or `None` for an unknown,
/// private or obsolete identifier.
///
/// ```
/// use sgf_stream::props::{lookup, Category, ValueType};
/// assert_eq!(lookup("KM").unwrap().value, ValueType::Real);
/// assert_eq!(lookup("KM").unwrap().category, Category::GameInfo);
/// assert!(lookup("KI").is_none());
/// ```
pub fn lookup(ident: &str) -> Option<&'static PropInfo> {
    let at = SLOTS[slot(ident.as_bytes())?];
    CATALOGUE.get(usize::from(at))
}

/// No catalogue entry, in [`SLOTS`].
const EMPTY: u8 = u8::MAX;

/// The slot of an identifier of one or two uppercase letters (every
/// catalogue identifier is one), in a table of 27 × 27: each letter
/// counts from 1, a missing second letter is 0.
const fn slot(ident: &[u8]) -> Option<usize> {
    const fn letter(byte: u8) -> Option<usize> {
        match byte {
            b'A'..=b'Z' => Some((byte - b'A') as usize + 1),
            _ => None,
        }
    }
    match ident {
        [a] => match letter(*a) {
            Some(a) => Some(a * 27),
            None => None,
        },
        [a, b] => match (letter(*a), letter(*b)) {
            (Some(a), Some(b)) => Some(a * 27 + b),
            _ => None,
        },
        _ => None,
    }
}

/// The catalogue index of each identifier's slot ([`slot`]), or
/// [`EMPTY`]: [`lookup`] in one step.
static SLOTS: [u8; 27 * 27] = {
    let mut slots = [EMPTY; 27 * 27];
    let mut at = 0;
    while at < ENTRIES.len() {
        match slot(ENTRIES[at].ident.as_bytes()) {
            Some(found) => slots[found] = at as u8,
            None => panic!("catalogue identifiers are one or two uppercase letters"),
        }
        at += 1;
    }
    slots
};

/// A property of FF\[1\]–FF\[3\] that FF\[4\] dropped or renamed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Legacy {
    /// The old identifier.
    pub ident: &'static str,
    /// What it meant.
    pub name: &'static str,
    /// The FF\[4\] property that replaces it, when there is one.
    pub replacement: Option<&'static str>,
    /// How to convert it, when it is not simply dropped.
    pub conversion: &'static str,
}

const fn gone(ident: &'static str, name: &'static str) -> Legacy {
    Legacy {
        ident,
        name,
        replacement: None,
        conversion: "dropped in FF[4]",
    }
}

/// The FF\[1\]–FF\[3\] properties that FF\[4\] dropped or renamed, sorted by
/// identifier.
pub static LEGACY: &[Legacy] = &[
    gone("BS", "Black species"),
    gone("CH", "Check mark"),
    gone("CI", "Ciphered text"),
    gone("EL", "Evaluated list of moves"),
    gone("EX", "Expected next move"),
    gone("ID", "Game identifier"),
    Legacy {
        ident: "KI",
        name: "Integer komi (doubled)",
        replacement: Some("KM"),
        conversion: "KM = KI / 2",
    },
    Legacy {
        ident: "L",
        name: "Letters",
        replacement: Some("LB"),
        conversion: "L[fg][es] becomes LB[fg:A][es:B]",
    },
    gone("LT", "Lose on time"),
    Legacy {
        ident: "M",
        name: "Mark",
        replacement: Some("MA"),
        conversion: "MA on empty points, TR on stones",
    },
    gone("OM", "Moves per overtime"),
    gone("OP", "Overtime length"),
    gone("OV", "Operator overhead"),
    gone("RG", "Region"),
    gone("SC", "Secure stones"),
    gone("SE", "Self-test moves"),
    gone("SI", "Sigma"),
    gone("TC", "Territory count"),
    gone("WS", "White species"),
];

/// The entry of an identifier that FF\[4\] dropped or renamed.
///
/// ```
/// use sgf_stream::props::legacy;
/// assert_eq!(legacy("KI").unwrap().replacement, Some("KM"));
/// assert_eq!(legacy("BS").unwrap().replacement, None);
/// assert!(legacy("B").is_none());
/// ```
pub fn legacy(ident: &str) -> Option<&'static Legacy> {
    LEGACY
        .binary_search_by(|info| info.ident.cmp(ident))
        .ok()
        .map(|at| &LEGACY[at])
}

/// The FF\[4\] form of an old-style identifier: FF\[1\]–FF\[3\] allowed
/// lowercase letters, which are dropped (`AddBlack` is `AB`). Borrows when
/// there is nothing to drop.
///
/// ```
/// use sgf_stream::props::normalize_ident;
/// assert_eq!(normalize_ident("AddBlack"), "AB");
/// assert_eq!(normalize_ident("CoPyright"), "CP");
/// assert!(matches!(normalize_ident("KM"), std::borrow::Cow::Borrowed("KM")));
/// ```
pub fn normalize_ident(ident: &str) -> std::borrow::Cow<'_, str> {
    if ident.bytes().any(|b| b.is_ascii_lowercase()) {
        ident.chars().filter(|c| !c.is_ascii_lowercase()).collect()
    } else {
        std::borrow::Cow::Borrowed(ident)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_identifiers_are_found_as_a_search_finds_them() {
        assert!(CATALOGUE.len() < 255);
        let search = |ident: &str| {
            CATALOGUE
                .binary_search_by(|info| info.ident.cmp(ident))
                .ok()
                .map(|at| &CATALOGUE[at])
        };
        for a in b'A'..=b'Z' {
            for ident in std::iter::once(vec![a]).chain((b'A'..=b'Z').map(|b| vec![a, b])) {
                let ident = String::from_utf8(ident).unwrap();
                assert_eq!(lookup(&ident), search(&ident), "{ident}");
            }
        }
        assert!(CATALOGUE
            .iter()
            .all(|info| lookup(info.ident) == Some(info)));
    }

    #[test]
    fn tables_are_sorted_and_unique() {
        for pair in CATALOGUE.windows(2) {
            assert!(pair[0].ident < pair[1].ident, "{:?}", pair[1].ident);
        }
        for pair in LEGACY.windows(2) {
            assert!(pair[0].ident < pair[1].ident, "{:?}", pair[1].ident);
        }
        for old in LEGACY {
            assert!(lookup(old.ident).is_none(), "{} is both", old.ident);
        }
    }

    #[test]
    fn lookup_finds_every_entry_and_nothing_else() {
        assert!(CATALOGUE.len() < usize::from(EMPTY));
        for info in CATALOGUE {
            assert!(std::ptr::eq(lookup(info.ident).unwrap(), info));
        }
        let letters = || (b'A'..=b'Z').map(char::from);
        let mut idents: Vec<String> = letters().map(String::from).collect();
        for first in letters() {
            idents.extend(letters().map(|second| format!("{first}{second}")));
        }
        for ident in idents {
            let listed = CATALOGUE.iter().find(|info| info.ident == ident);
            assert_eq!(
                lookup(&ident).map(|info| info.ident),
                listed.map(|info| info.ident)
            );
        }
        for other in ["", "b", "Bb", "KMX", "ABC", "A1", "\u{e9}", "bB"] {
            assert!(lookup(other).is_none(), "{other:?}");
        }
    }
}
