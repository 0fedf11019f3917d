//! Parsing an input for the subcommands, and the problems found in it:
//! `file:line:column: error|warning: message`.

use std::fmt;
use std::ops::Range;

use sgf_stream::{Error, Event, Parser, Position};

/// How bad a problem is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Severity {
    /// The input (or part of it) could not be read as SGF.
    Error,
    /// Something was repaired or looks wrong, and the input was still read.
    #[allow(dead_code)] // until lenient parsing reports repairs
    Warning,
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        })
    }
}

/// One problem, with where it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// Where, in the input's bytes.
    pub position: Position,
    /// What, in lower case with no final period.
    pub message: String,
}

impl Diagnostic {
    /// The diagnostic for a parse error.
    pub fn error(err: &Error) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            position: err.position(),
            message: err.kind().to_string(),
        }
    }

    /// The line `name:line:column: severity: message`.
    pub fn render(&self, name: &str) -> String {
        format!(
            "{name}:{}:{}: {}: {}",
            self.position.line, self.position.column, self.severity, self.message
        )
    }
}

/// Counts of the problems in one input.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Counts {
    /// How many errors.
    pub errors: u64,
    /// How many warnings.
    pub warnings: u64,
}

impl Counts {
    /// The counts of `diagnostics`.
    pub fn of(diagnostics: &[Diagnostic]) -> Counts {
        let errors = diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .count() as u64;
        Counts {
            errors,
            warnings: diagnostics.len() as u64 - errors,
        }
    }

    /// Adds `other` to these counts.
    pub fn add(&mut self, other: Counts) {
        self.errors += other.errors;
        self.warnings += other.warnings;
    }
}

/// How strictly inputs are read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// The exercise's rules: every deviation is an error.
    Strict,
    /// Repair what can be repaired, with a warning for each repair.
    Lenient,
}

impl Mode {
    /// The mode for a `--strict` flag.
    pub fn from_flag(strict: bool) -> Mode {
        if strict {
            Mode::Strict
        } else {
            Mode::Lenient
        }
    }
}

/// Parses `data`, calling `on_event` with every event and its byte range,
/// in file order; returns the problems found.
pub fn parse_events<'a>(
    data: &'a [u8],
    _mode: Mode,
    mut on_event: impl FnMut(&Event<'a>, Range<usize>),
) -> Vec<Diagnostic> {
    let mut diagnostics = Vec::new();
    for item in Parser::new(data).into_spans() {
        match item {
            Ok((event, span)) => on_event(&event, span),
            Err(err) => diagnostics.push(Diagnostic::error(&err)),
        }
    }
    diagnostics
}

/// Tracks where a stream of events stands: which game, how deep.
#[derive(Debug, Default, Clone, Copy)]
pub struct Depth {
    /// Open game trees and variations.
    pub depth: u32,
    /// Games started so far.
    pub games: u64,
}

impl Depth {
    /// Moves past `event`; returns whether it starts a new game.
    pub fn step(&mut self, event: &Event) -> bool {
        match event {
            Event::StartGameTree => {
                self.depth += 1;
                if self.depth == 1 {
                    self.games += 1;
                    return true;
                }
            }
            Event::EndGameTree => self.depth = self.depth.saturating_sub(1),
            _ => {}
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_like_a_compiler() {
        let err = sgf_stream::parse("(;A[b]\n;C[d").unwrap_err();
        assert_eq!(
            Diagnostic::error(&err).render("x.sgf"),
            "x.sgf:2:3: error: value never closed: missing `]`"
        );
    }

    #[test]
    fn counts_games_at_the_top_level_only() {
        let mut depth = Depth::default();
        let mut starts = 0;
        parse_events(b"(;A[1](;B[2])(;C[3]))(;D[4])", Mode::Strict, |event, _| {
            starts += depth.step(event) as u32;
        });
        assert_eq!((starts, depth.games, depth.depth), (2, 2, 0));
    }
}
