//! Problems found in an input, and how bad each is:
//! `file:line:column: error|warning|note: message`.

use std::fmt;

use sgf_stream::{Error, Position, ReaderBuilder, Warning, WarningKind};

/// How bad a problem is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    /// Data was changed or lost reading the input, or a rule of the
    /// format is broken: the file needs fixing.
    Error,
    /// Something was repaired that keeps every value, or looks wrong.
    Warning,
    /// Worth knowing, nothing wrong: a charset that had to be guessed.
    Note,
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
        })
    }
}

/// One problem, with where it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// Error, warning or note.
    pub severity: Severity,
    /// Where, in the input's bytes.
    pub position: Position,
    /// What, in lower case with no final period; a check's code first.
    pub message: String,
}

impl Diagnostic {
    /// The diagnostic for a reading error (the first deviation, strictly).
    pub fn error(err: &Error) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            position: err.position(),
            message: err.kind().to_string(),
        }
    }

    /// The diagnostic for a repair of lenient reading (or a charset
    /// problem): an error when data was changed or dropped, else a
    /// warning.
    pub fn warning(warning: &Warning) -> Diagnostic {
        Diagnostic {
            severity: repair_severity(warning.kind()),
            position: warning.position(),
            message: warning.kind().to_string(),
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

/// Prints the problems of an input named `name` on standard error (only
/// errors when `quiet`), for the subcommands whose output goes to
/// standard output; returns their counts.
pub fn print_on_stderr(
    diagnostics: &[Diagnostic],
    name: &str,
    quiet: bool,
    progress: &crate::progress::Progress,
) -> Counts {
    for diagnostic in diagnostics {
        if diagnostic.severity == Severity::Error || !quiet {
            progress.eprintln(&diagnostic.render(name));
        }
    }
    Counts::of(diagnostics)
}

/// How bad a repair is: one that keeps every value is a warning; one
/// that changes or drops data is an error.
pub fn repair_severity(kind: &WarningKind) -> Severity {
    match kind {
        // Bytes or values dropped, a value cut at the end of the input,
        // invalid bytes replaced.
        WarningKind::SkippedText
        | WarningKind::DroppedProperty(_)
        | WarningKind::DroppedRepeat(_)
        | WarningKind::UnclosedValue
        | WarningKind::InvalidBytes(_)
        | WarningKind::SkippedGameTree(_)
        | WarningKind::NoGameTree => Severity::Error,
        // Structure supplied or dropped with no value lost, identifiers
        // read as their capitals, values merged, a CA that is wrong.
        _ => Severity::Warning,
    }
}

/// Counts of problems.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Counts {
    /// How many errors.
    pub errors: u64,
    /// How many warnings.
    pub warnings: u64,
    /// How many notes.
    pub notes: u64,
}

impl Counts {
    /// The counts of `diagnostics`.
    pub fn of(diagnostics: &[Diagnostic]) -> Counts {
        let mut counts = Counts::default();
        for diagnostic in diagnostics {
            match diagnostic.severity {
                Severity::Error => counts.errors += 1,
                Severity::Warning => counts.warnings += 1,
                Severity::Note => counts.notes += 1,
            }
        }
        counts
    }

    /// Adds `other` to these counts.
    pub fn add(&mut self, other: Counts) {
        self.errors += other.errors;
        self.warnings += other.warnings;
        self.notes += other.notes;
    }
}

/// What `--strict` says in `--help`.
const STRICT_HELP: &str = "Read by the letter of FF[4]: the first deviation from the format is \
    an error and the rest of that file is not read (default: repair what can be repaired, \
    report each repair, and go on)";

/// The `--strict` flag that every subcommand takes.
#[derive(Debug, Clone, Copy, clap::Args)]
pub struct Strictness {
    #[arg(long, help = STRICT_HELP)]
    strict: bool,
}

impl Strictness {
    /// How inputs are read.
    pub fn mode(self) -> Mode {
        Mode::from_flag(self.strict)
    }
}

/// How strictly inputs are read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// FF\[4\] to the letter: the first deviation is an error, and the
    /// rest of that input is not read.
    Strict,
    /// Repair what can be repaired, each repair a warning or an error.
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

    /// The library's reading options for this mode.
    pub fn options(self) -> ReaderBuilder {
        ReaderBuilder::new().lenient(self == Mode::Lenient)
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
    fn repairs_that_keep_every_value_are_warnings() {
        let lowercase = WarningKind::LowercaseIdentifier {
            found: "AddBlack".into(),
            used: "AB".into(),
        };
        for kind in [
            lowercase,
            WarningKind::MissingClose(1),
            WarningKind::UnmatchedClose,
            WarningKind::MissingNode,
            WarningKind::MergedProperty("AB".into()),
        ] {
            assert_eq!(repair_severity(&kind), Severity::Warning, "{kind}");
        }
        for kind in [
            WarningKind::SkippedText,
            WarningKind::UnclosedValue,
            WarningKind::InvalidBytes("UTF-8"),
            WarningKind::DroppedRepeat("B".into()),
            WarningKind::NoGameTree,
        ] {
            assert_eq!(repair_severity(&kind), Severity::Error, "{kind}");
        }
    }
}
