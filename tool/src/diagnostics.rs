//! Problems found in a collection, with one stable code, one severity
//! rule and one place each: what the `sgf` tool prints
//! (`file:line:column: error|warning|note: message`), what the Python
//! package raises and warns with, and what JSON carries.
//!
//! ```
//! use sgf_tool::diagnostics::{Diagnostic, Severity};
//!
//! let err = sgf_stream::parse("(;A[b]\n;C[d").unwrap_err();
//! let diagnostic = Diagnostic::error(&err);
//! assert_eq!(diagnostic.code, "unclosed_value");
//! assert_eq!(diagnostic.severity, Severity::Error);
//! assert_eq!(
//!     diagnostic.render("x.sgf"),
//!     "x.sgf:2:3: error: value never closed: missing `]`"
//! );
//! ```

use std::fmt;

use sgf_stream::{Error, Position, Warning, WarningKind};

/// How bad a problem is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// Data was changed or lost reading the input, or a rule of the
    /// format is broken: the file needs fixing.
    Error,
    /// Something was repaired that keeps every value, or looks wrong.
    Warning,
    /// Worth knowing, nothing wrong: a charset that had to be guessed.
    Note,
}

impl Severity {
    /// The one rule for repairs of lenient reading: a repair that changes
    /// or drops data is an error, one that keeps every value a warning.
    ///
    /// ```
    /// use sgf_stream::WarningKind;
    /// use sgf_tool::diagnostics::Severity;
    /// assert_eq!(Severity::of_repair(&WarningKind::SkippedText), Severity::Error);
    /// assert_eq!(Severity::of_repair(&WarningKind::MissingClose(1)), Severity::Warning);
    /// ```
    pub fn of_repair(kind: &WarningKind) -> Severity {
        match kind.loses_data() {
            true => Severity::Error,
            false => Severity::Warning,
        }
    }

    /// The lower-case word: `error`, `warning` or `note`.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.as_str())
    }
}

/// One problem, with where it is in its input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// A stable code: [`ErrorKind::code`](sgf_stream::ErrorKind::code),
    /// [`WarningKind::code`](sgf_stream::WarningKind::code),
    /// [`PropertyError::code`](sgf_stream::typed::PropertyError::code)
    /// (`bad_value`: a value that does not fit its type), or the code of
    /// a check.
    pub code: &'static str,
    /// Error, warning or note.
    pub severity: Severity,
    /// Where, in the input's bytes.
    pub position: Position,
    /// What, in lower case with no final period (a check's message starts
    /// with its code).
    pub message: String,
}

impl Diagnostic {
    /// The diagnostic for a reading error (the first deviation, strictly).
    pub fn error(err: &Error) -> Diagnostic {
        Diagnostic {
            code: err.kind().code(),
            severity: Severity::Error,
            position: err.position(),
            message: err.kind().to_string(),
        }
    }

    /// The diagnostic for a repair of lenient reading (or a charset
    /// problem), with its severity by [`Severity::of_repair`].
    pub fn warning(warning: &Warning) -> Diagnostic {
        Diagnostic {
            code: warning.kind().code(),
            severity: Severity::of_repair(warning.kind()),
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

/// Counts of problems by severity.
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

#[cfg(test)]
mod tests {
    use super::*;

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
            assert_eq!(Severity::of_repair(&kind), Severity::Warning, "{kind}");
        }
        for kind in [
            WarningKind::SkippedText,
            WarningKind::UnclosedValue,
            WarningKind::InvalidBytes("UTF-8"),
            WarningKind::DroppedRepeat("B".into()),
            WarningKind::NoGameTree,
        ] {
            assert_eq!(Severity::of_repair(&kind), Severity::Error, "{kind}");
        }
    }

    #[test]
    fn counts_add_up_by_severity() {
        let at = Position::default();
        let make = |severity| Diagnostic {
            code: "x",
            severity,
            position: at,
            message: String::new(),
        };
        let list = [
            make(Severity::Error),
            make(Severity::Note),
            make(Severity::Error),
        ];
        let mut counts = Counts::of(&list);
        assert_eq!((counts.errors, counts.warnings, counts.notes), (2, 0, 1));
        counts.add(Counts::of(&[make(Severity::Warning)]));
        assert_eq!((counts.errors, counts.warnings, counts.notes), (2, 1, 1));
    }
}
