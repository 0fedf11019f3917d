//! `sgf check --rules`: every game replayed on a Go board, every
//! variation, and each move the rules refuse reported as a diagnostic with
//! a stable code.
//!
//! Codes (errors unless said): `illegal-occupied` (a stone on a stone),
//! `illegal-ko` (a ko retaken at once), `illegal-suicide`,
//! `illegal-superko` (a position repeated, under Chinese, Ing or
//! Tromp-Taylor rules), `illegal-off-board`, `bad-value` (a move or setup
//! value that is not a point on the board), `wrong-turn` (a warning: a
//! move by the player not to move, often a missing pass or handicap
//! stones recorded as moves), `not-go` (a warning: the game is not Go,
//! `GM` is not 1; it is not replayed).

use std::ops::Range;

use sgf_stream::go::{Game, GoNode, NodeValues, ReplayError, ReplayOptions, Rules};
use sgf_stream::{read::DecodedInput, value, Event, Position};

use crate::diag::{self, Diagnostic, Mode, Severity};

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

/// A node gathered from events: its properties, values decoded as Text.
#[derive(Debug, Default)]
struct EventNode {
    props: Vec<Entry>,
}

type Entry = (String, Vec<sgf_stream::value::Text>);

fn view(entry: &Entry) -> (&str, NodeValues<'_>) {
    (&entry.0, NodeValues::Text(&entry.1))
}

impl GoNode for EventNode {
    type Properties<'s> =
        std::iter::Map<std::slice::Iter<'s, Entry>, fn(&Entry) -> (&str, NodeValues<'_>)>;

    fn node_properties(&self) -> Self::Properties<'_> {
        self.props
            .iter()
            .map(view as fn(&Entry) -> (&str, NodeValues<'_>))
    }
}

/// Replays the games of a stream of events: a game per open variation,
/// cloned where a variation starts, each node played when the next one
/// starts or its variation ends.
struct Walk {
    options: ReplayOptions,
    /// The game of each open variation; `None` once a game is not Go.
    games: Vec<Option<Game>>,
    node: EventNode,
    /// Where the node being gathered starts, in the text.
    node_at: Option<usize>,
    /// The problems found, with where their nodes start in the text.
    found: Vec<(usize, ReplayError)>,
}

impl Walk {
    fn event(&mut self, event: &Event<'_>, span: Range<usize>) {
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
                let decoded = values
                    .iter()
                    .map(|raw| {
                        value::text(raw.as_bytes())
                            .unwrap_or_else(|_| value::text_lossy(raw.as_bytes()))
                            .into()
                    })
                    .collect();
                self.node.props.push((ident.as_str().to_string(), decoded));
            }
            Event::EndGameTree => {
                self.flush();
                self.games.pop();
            }
        }
    }

    /// Plays the node gathered so far.
    fn flush(&mut self) {
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
        self.node.props.clear();
    }
}

/// The rule problems of every game of `data`, every variation, read
/// in `mode`, by `choice`; placed in the bytes of `data`.
pub fn diagnostics(data: &[u8], mode: Mode, choice: RulesChoice) -> Vec<Diagnostic> {
    let mut walk = Walk {
        options: choice.options(),
        games: Vec::new(),
        node: EventNode::default(),
        node_at: None,
        found: Vec::new(),
    };
    let decoded = DecodedInput::new(data);
    diag::parse_text(decoded.text(), mode, |event, span| walk.event(event, span));
    walk.flush();
    let mut located = Located::default();
    walk.found
        .into_iter()
        .map(|(at, err)| {
            let position = located.position(data, decoded.input_offset(at) as usize);
            let severity = match err.code() {
                "wrong-turn" | "not-go" => Severity::Warning,
                _ => Severity::Error,
            };
            let kind = err.kind;
            Diagnostic {
                severity,
                position,
                message: format!("{}: {kind}", kind.code()),
                warning: None,
            }
        })
        .collect()
}

/// Positions in one input, each found from the one before when they come
/// in order, so many problems in a large file cost one pass over it. The
/// offsets are of nodes' `;`, never between the CR and LF of a line end.
#[derive(Debug, Default)]
struct Located {
    last: Option<Position>,
}

impl Located {
    fn position(&mut self, data: &[u8], offset: usize) -> Position {
        let position = match self.last {
            Some(last) if last.offset as usize <= offset => {
                let from = last.offset as usize;
                let step = Position::locate(&data[from..], offset - from);
                Position {
                    offset: offset as u64,
                    line: last.line + step.line - 1,
                    column: if step.line == 1 {
                        last.column + step.column - 1
                    } else {
                        step.column
                    },
                }
            }
            _ => Position::locate(data, offset),
        };
        self.last = Some(position);
        position
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_variation_is_replayed_from_where_it_starts() {
        let input = b"(;SZ[5];B[aa](;W[aa])(;W[bb];B[bb])\n(;W[cc];B[dd]))";
        let found = diagnostics(input, Mode::Lenient, RulesChoice::Japanese);
        let lines: Vec<String> = found.iter().map(|d| d.render("x")).collect();
        assert_eq!(
            lines,
            [
                "x:1:15: error: illegal-occupied: illegal move W[aa]: the point is occupied",
                "x:1:29: error: illegal-occupied: illegal move B[bb]: the point is occupied",
            ]
        );
    }

    #[test]
    fn positions_found_in_order_match_positions_found_afresh() {
        let data = b"ab\r\ncd\nef\rgh";
        let mut located = Located::default();
        for offset in [0, 1, 4, 5, 7, 10, 11] {
            assert_eq!(
                located.position(data, offset),
                Position::locate(data, offset)
            );
        }
    }
}
