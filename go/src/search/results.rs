//! What a search found: [`Hit`]s, one per matching game, and the
//! [`Continuation`]s played from the matching positions.

use std::collections::HashMap;

use super::matcher::Found;
use sgf_stream::typed::{Color, Move};

/// A game that matched, at its first matching position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hit {
    /// The game's place in the index (or in the inputs of a scan), from 0.
    pub game: u64,
    /// The game's file, as the index (or the scan) numbers them.
    pub file: u32,
    /// The game's place in its file, from 0.
    pub index: u32,
    /// Where and how it matched.
    pub found: Found,
    /// Who won the game, as recorded (not exchanged).
    pub winner: Option<Color>,
}

/// A move played from the matching positions, in the pattern's
/// orientation and colours, with how often and how those games ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Continuation {
    /// Who played it, in the pattern's colours.
    pub color: Color,
    /// Where, in the pattern's orientation.
    pub played: Move,
    /// In how many games.
    pub count: u64,
    /// How many of those the pattern's Black won (White, in a game with
    /// the colours exchanged).
    pub black_wins: u64,
    /// How many the pattern's White won.
    pub white_wins: u64,
}

impl Continuation {
    /// The share of the games won by the pattern's Black, from 0 to 1.
    pub fn black_share(&self) -> f64 {
        self.black_wins as f64 / self.count.max(1) as f64
    }

    /// The share won by the pattern's White.
    pub fn white_share(&self) -> f64 {
        self.white_wins as f64 / self.count.max(1) as f64
    }
}

/// The result of a search: the hits in the order of the games, and how
/// many games were searched.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SearchResults {
    /// One per matching game, in the order of the games.
    pub hits: Vec<Hit>,
    /// Games searched.
    pub games: u64,
}

impl SearchResults {
    /// The moves played from the matching positions, most played first
    /// (then Black's before White's, then by point, passes last).
    ///
    /// ```
    /// use sgf_go::search::{Hit, Found, SearchResults};
    /// use sgf_stream::typed::{Color, Move, Point};
    /// let next = Some((Color::White, Move::Play(Point::new(2, 3))));
    /// let found = Found { moves: 4, symmetry: 0, colors_swapped: false, next };
    /// let hit = |game, winner| Hit { game, file: 0, index: 0, found, winner };
    /// let results = SearchResults { hits: vec![hit(0, Some(Color::Black)), hit(1, None)], games: 2 };
    /// let continuations = results.continuations();
    /// assert_eq!(continuations.len(), 1);
    /// assert_eq!((continuations[0].count, continuations[0].black_wins), (2, 1));
    /// assert_eq!(continuations[0].black_share(), 0.5);
    /// ```
    pub fn continuations(&self) -> Vec<Continuation> {
        let mut by_move: HashMap<(Color, Move), Continuation> = HashMap::new();
        for hit in &self.hits {
            let Some((color, played)) = hit.found.next else {
                continue;
            };
            let winner = match hit.winner {
                Some(w) if hit.found.colors_swapped => Some(w.opponent()),
                other => other,
            };
            let entry = by_move.entry((color, played)).or_insert(Continuation {
                color,
                played,
                count: 0,
                black_wins: 0,
                white_wins: 0,
            });
            entry.count += 1;
            entry.black_wins += u64::from(winner == Some(Color::Black));
            entry.white_wins += u64::from(winner == Some(Color::White));
        }
        let mut all: Vec<Continuation> = by_move.into_values().collect();
        let key = |c: &Continuation| {
            let point = match c.played {
                Move::Play(p) => (0, p.row, p.col),
                Move::Pass => (1, 0, 0),
            };
            (std::cmp::Reverse(c.count), c.color == Color::White, point)
        };
        all.sort_by_key(key);
        all
    }
}
