//! The tool's side of diagnostics: the `--strict` flag, and printing
//! problems on standard error.

use sgf_tool::collection::Policy;
use sgf_tool::diagnostics::{Counts, Diagnostic, Severity};

use crate::progress::Progress;

/// Prints the problems of an input named `name` on standard error (only
/// errors when `quiet`), for the subcommands whose output goes to
/// standard output; returns their counts.
pub fn print_on_stderr(
    diagnostics: &[Diagnostic],
    name: &str,
    quiet: bool,
    progress: &Progress,
) -> Counts {
    for diagnostic in diagnostics {
        if diagnostic.severity == Severity::Error || !quiet {
            progress.eprintln(&diagnostic.render(name));
        }
    }
    Counts::of(diagnostics)
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
    pub fn policy(self) -> Policy {
        Policy::from_strict(self.strict)
    }
}
