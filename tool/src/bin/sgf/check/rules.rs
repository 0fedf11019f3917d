//! `sgf check --rules`: every game replayed on a Go board, every
//! variation, and each move the rules refuse reported as a diagnostic with
//! a stable code.
//!
//! Codes (errors unless said): `illegal-occupied` (a stone on a stone),
//! `illegal-ko` (a ko retaken at once), `illegal-suicide`,
//! `illegal-superko` (a position repeated, under Chinese, Ing or
//! Tromp-Taylor rules), `wrong-turn` (a warning: a
//! move by the player not to move, often a missing pass or handicap
//! stones recorded as moves), `not-go` (a warning: the game is not Go,
//! `GM` is not 1; it is not replayed). Values that are no points on the
//! board are left to the checks of values (`off-board`, `bad-point`).

use std::ops::Range;

use sgf_go::{Game, ReplayError, ReplayOptions, Rules};
use sgf_stream::{value, Event, SgfTree};

use sgf_tool::collection::Note;
use sgf_tool::diagnostics::Severity;

/// The rules `--rules` checks by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum RulesChoice {
    /// Each game's `RU` (Japanese, Chinese, AGA, Ing, NZ, Tromp-Taylor),
    /// Japanese when it names none of those.
    Auto,
    /// Simple ko, no suicide.
    Japanese,
    /// Positional superko, no suicide.
    Chinese,
    /// Positional superko, suicide of several stones allowed.
    Ing,
    /// Positional superko, any suicide allowed.
    TrompTaylor,
}

impl RulesChoice {
    fn options(self) -> ReplayOptions {
        let rules = match self {
            RulesChoice::Auto | RulesChoice::Japanese => Rules::JAPANESE,
            RulesChoice::Chinese => Rules::CHINESE,
            RulesChoice::Ing => Rules::ING,
            RulesChoice::TrompTaylor => Rules::TROMP_TAYLOR,
        };
        ReplayOptions::new()
            .rules(rules)
            .rules_from_game(self == RulesChoice::Auto)
            .lenient(true)
    }
}

/// Replays the games of a stream of events: a game per open variation,
/// cloned where a variation starts, each node played when the next one
/// starts or its variation ends.
#[derive(Debug)]
pub struct Walk {
    options: ReplayOptions,
    /// The game of each open variation; `None` once a game is not Go.
    games: Vec<Option<Game>>,
    /// The node being gathered, values decoded as Text.
    node: SgfTree,
    /// Where the node being gathered starts.
    node_at: Option<u64>,
    /// The problems found, with where their nodes start.
    found: Vec<(u64, ReplayError)>,
}

impl Walk {
    /// Takes the next event, which covers `span`.
    pub fn event(&mut self, event: &Event<'_>, span: Range<u64>) {
        match event {
            Event::StartGameTree => {
                self.flush();
                let game = match self.games.last() {
                    Some(open) => open.clone(),
                    None => Some(self.options.game()),
                };
                self.games.push(game);
            }
            Event::Node => {
                self.flush();
                self.node_at = Some(span.start);
            }
            Event::Property(ident, values) => {
                let decoded = values.iter().map(|raw| {
                    value::text(raw.as_bytes())
                        .unwrap_or_else(|_| value::text_lossy(raw.as_bytes()))
                });
                self.node.push_property(ident.as_str(), decoded);
            }
            Event::EndGameTree => {
                self.flush();
                self.games.pop();
            }
        }
    }

    /// Plays the node gathered so far.
    pub fn flush(&mut self) {
        let Some(at) = self.node_at.take() else {
            return;
        };
        if let Some(slot) = self.games.last_mut() {
            if let Some(game) = slot {
                if let Err(err) = game.play_node(&self.node) {
                    self.found.push((at, err));
                    *slot = None;
                } else {
                    self.found
                        .extend(game.take_warnings().into_iter().map(|w| (at, w)));
                }
            }
        }
        self.node = SgfTree::new();
    }
}

impl Walk {
    /// A walk replaying by `choice`.
    pub fn new(choice: RulesChoice) -> Walk {
        Walk {
            options: choice.options(),
            games: Vec::new(),
            node: SgfTree::new(),
            node_at: None,
            found: Vec::new(),
        }
    }

    /// Moves the problems found so far to `notes`, but those of the codes
    /// in `ignore` (and `bad-value` and `illegal-off-board`, which the
    /// checks of values report).
    pub fn take_notes(&mut self, notes: &mut Vec<Note>, ignore: &[&str]) {
        for (at, err) in self.found.drain(..) {
            let code = err.code();
            if matches!(code, "bad-value" | "illegal-off-board") || ignore.contains(&code) {
                continue;
            }
            let severity = match code {
                "wrong-turn" | "not-go" => Severity::Warning,
                _ => Severity::Error,
            };
            let kind = err.kind;
            notes.push(Note {
                at,
                code: kind.code(),
                severity,
                message: format!("{}: {kind}", kind.code()),
            });
        }
    }
}

/// The codes of `--rules`, with their severity and meaning.
pub const CODES: &[(&str, Severity, &str)] = &[
    (
        "illegal-occupied",
        Severity::Error,
        "a stone played on a stone",
    ),
    ("illegal-ko", Severity::Error, "a ko retaken at once"),
    (
        "illegal-suicide",
        Severity::Error,
        "a suicide the rules forbid",
    ),
    (
        "illegal-superko",
        Severity::Error,
        "a position repeated (Chinese, Ing, Tromp-Taylor rules)",
    ),
    (
        "wrong-turn",
        Severity::Warning,
        "a move by the player not to move (a missing pass, or handicap stones as moves)",
    ),
    (
        "not-go",
        Severity::Warning,
        "GM is not 1: the game is not replayed",
    ),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_variation_is_replayed_from_where_it_starts() {
        let input = b"(;SZ[5];B[aa](;W[aa])(;W[bb];B[bb])\n(;W[cc];B[dd]))";
        let mut walk = Walk::new(RulesChoice::Japanese);
        for item in sgf_stream::Parser::new(input).into_spans() {
            let (event, span) = item.unwrap();
            walk.event(&event, span);
        }
        walk.flush();
        let mut notes = Vec::new();
        walk.take_notes(&mut notes, &[]);
        let found: Vec<(u64, &str)> = notes.iter().map(|n| (n.at, n.message.as_str())).collect();
        assert_eq!(
            found,
            [
                (
                    14,
                    "illegal-occupied: illegal move W[aa]: the point is occupied"
                ),
                (
                    28,
                    "illegal-occupied: illegal move B[bb]: the point is occupied"
                ),
            ]
        );
    }
}
