//! Parsing an input for the subcommands, and the problems found in it:
//! `file:line:column: error|warning: message`.

use std::fmt;
use std::ops::Range;

use sgf_stream::charset::CharsetReport;
use sgf_stream::{
    build::Parsed, read::DecodedInput, Error, Event, Position, ReaderBuilder, Warning, WarningKind,
};

/// How bad a problem is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Severity {
    /// The input (or part of it) could not be read as SGF.
    Error,
    /// Something was repaired or looks wrong, and the input was still read.
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
    /// The lenient parser's warning, when it is one.
    pub warning: Option<WarningKind>,
}

impl Diagnostic {
    /// The diagnostic for a parse error.
    pub fn error(err: &Error) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            position: err.position(),
            message: err.kind().to_string(),
            warning: None,
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

    /// The library's options for this mode (charsets handled).
    pub fn options(self) -> ReaderBuilder {
        ReaderBuilder::new().lenient(self == Mode::Lenient)
    }
}

impl Diagnostic {
    /// The diagnostic for a lenient parse's warning. A game tree that had
    /// to be skipped, or a file with no game tree, is an error: some game
    /// did not parse.
    pub fn warning(warning: &Warning) -> Diagnostic {
        let severity = match warning.kind() {
            WarningKind::SkippedGameTree(_) | WarningKind::NoGameTree => Severity::Error,
            _ => Severity::Warning,
        };
        Diagnostic {
            severity,
            position: warning.position(),
            message: warning.kind().to_string(),
            warning: Some(warning.kind().clone()),
        }
    }
}

/// Reads a whole input into trees with the library's
/// [`ReaderBuilder::read_collection`]: charset found and converted, repairs in
/// lenient mode. Positions count bytes of the input as given. Returns the
/// result (`None` after a strict error) and every problem.
pub fn parse_trees(data: &[u8], mode: Mode) -> (Option<Parsed>, Vec<Diagnostic>) {
    match mode.options().read_collection(data) {
        Ok(parsed) => {
            let diagnostics = parsed.warnings.iter().map(Diagnostic::warning).collect();
            (Some(parsed), diagnostics)
        }
        Err(err) => (None, vec![Diagnostic::error(&err)]),
    }
}

/// Parses `data` as events, the fast way: the text is converted to UTF-8
/// first ([`DecodedInput`]), then read by [`parse_text`]. Returns the
/// charset and the problems found, placed in the bytes of `data`.
pub fn parse_events(
    data: &[u8],
    mode: Mode,
    on_event: impl FnMut(&Event<'_>, Range<usize>),
) -> (CharsetReport, Vec<Diagnostic>) {
    let decoded = DecodedInput::new(data);
    let found = parse_text(decoded.text(), mode, on_event);
    let diagnostics = found.place(&decoded);
    (decoded.report().clone(), diagnostics)
}

/// The problems of a parse of UTF-8 text, placed in that text.
#[derive(Debug, Default)]
pub struct Found {
    warnings: Vec<Warning>,
    error: Option<Error>,
}

impl Found {
    /// The diagnostics, moved from the UTF-8 text of `decoded` back to
    /// the bytes of its input.
    pub fn place(mut self, decoded: &DecodedInput<'_>) -> Vec<Diagnostic> {
        decoded.relocate(&mut self.warnings);
        let mut diagnostics: Vec<Diagnostic> =
            self.warnings.iter().map(Diagnostic::warning).collect();
        if let Some(err) = self.error {
            diagnostics.push(Diagnostic::error(&decoded.relocate_error(&err)));
        }
        diagnostics
    }
}

/// Parses UTF-8 `text` strictly (stopping at the first error) or
/// leniently; `on_event` gets every event and its byte range in `text`.
/// Returns the problems found.
pub fn parse_text(
    text: &[u8],
    mode: Mode,
    mut on_event: impl FnMut(&Event<'_>, Range<usize>),
) -> Found {
    let mut found = Found::default();
    let mut parser = ReaderBuilder::new()
        .lenient(mode == Mode::Lenient)
        .from_slice(text);
    loop {
        match parser.next_spanned() {
            Ok(Some((event, span))) => on_event(&event, span.start as usize..span.end as usize),
            Ok(None) => break,
            Err(err) => found.error = Some(err),
        }
    }
    found.warnings = parser.take_warnings();
    found
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
        let input = b"(;A[1](;B[2])(;C[3]))(;D[4])";
        for mode in [Mode::Strict, Mode::Lenient] {
            parse_events(input, mode, |event, _| {
                starts += depth.step(event) as u32;
            });
        }
        assert_eq!((starts, depth.games, depth.depth), (4, 4, 0));
    }
}

#[cfg(test)]
mod mode_tests {
    use super::*;

    #[test]
    fn lenient_repairs_are_warnings_and_skipped_games_errors() {
        let (parsed, diagnostics) = parse_trees(b"junk (;GM[1];B[pd]", Mode::Lenient);
        assert_eq!(parsed.unwrap().trees.len(), 1);
        assert!(diagnostics.iter().all(|d| d.severity == Severity::Warning));
        assert_eq!(diagnostics.len(), 2);
        let (_, diagnostics) = parse_trees(b"", Mode::Lenient);
        assert_eq!(Counts::of(&diagnostics).errors, 1);
    }

    #[test]
    fn positions_count_bytes_of_the_input_before_conversion() {
        let (sjis, _, _) = encoding_rs::SHIFT_JIS.encode("(;CA[Shift_JIS]C[表表]\n;C[x");
        for mode in [Mode::Strict, Mode::Lenient] {
            let (charset, diagnostics) = parse_events(&sjis, mode, |_, _| {});
            assert_eq!(charset.charset, "Shift_JIS");
            let offset = sjis.iter().rposition(|&b| b == b'[').unwrap();
            let first = &diagnostics[0];
            assert_eq!(first.position.offset, offset as u64, "{mode:?}");
            assert_eq!((first.position.line, first.position.column), (2, 3));
        }
    }

    #[test]
    fn strict_mode_stops_at_the_first_error() {
        let (parsed, diagnostics) = parse_trees(b"(;GM[1]AddBlack[aa])", Mode::Strict);
        assert!(parsed.is_none());
        assert_eq!(diagnostics[0].message, "property must be in uppercase");
        assert_eq!(Counts::of(&diagnostics).errors, 1);
    }
}
