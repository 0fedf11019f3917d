//! What `fmt`, `convert` and `mainline` share: each input becomes new
//! SGF text, printed on standard output or written back in place, never
//! for an input whose parse had errors unless `--force`.

use std::io::{self, Write};

use crate::diag::{Counts, Diagnostic, Mode, Severity};
use crate::inplace;
use crate::progress::Progress;
use crate::run::{self, Input};
use crate::{Common, Inputs, Status};

/// Where the new text goes, and when it may.
#[derive(Debug, Clone, clap::Args)]
pub struct OutputArgs {
    #[command(flatten)]
    pub inputs: Inputs,
    /// Rewrite each file in place (a temporary file beside it, fsync,
    /// rename) instead of printing to standard output.
    #[arg(short = 'i', long)]
    pub in_place: bool,
    /// Write even inputs whose parse had errors (what could be read).
    #[arg(long)]
    pub force: bool,
    /// Read with the exercise's strict rules (default: lenient, repairing
    /// what it can with a warning).
    #[arg(long)]
    pub strict: bool,
}

impl OutputArgs {
    /// How inputs are parsed.
    pub fn mode(&self) -> Mode {
        Mode::from_flag(self.strict)
    }
}

/// The new text of one input, and the problems found reading it.
pub struct Converted {
    /// The new SGF text.
    pub text: Vec<u8>,
    /// Parse problems (and a write problem, as an error).
    pub diagnostics: Vec<Diagnostic>,
}

/// What became of one input.
enum Outcome {
    Printed(Vec<u8>),
    Rewritten,
    Unchanged,
    /// Not written: its parse had errors.
    Kept,
    /// The new content could not be written; the original is intact.
    Failed(String),
}

struct FileResult {
    name: String,
    diagnostics: Vec<Diagnostic>,
    outcome: Outcome,
}

fn deliver(input: &Input, converted: Converted, args: &OutputArgs) -> FileResult {
    let counts = Counts::of(&converted.diagnostics);
    let outcome = if counts.errors > 0 && !args.force {
        Outcome::Kept
    } else if !args.in_place {
        Outcome::Printed(converted.text)
    } else if let Some(path) = input.path {
        if converted.text == input.data {
            Outcome::Unchanged
        } else {
            match inplace::replace(path, &converted.text) {
                Ok(()) => Outcome::Rewritten,
                Err(err) => Outcome::Failed(err.to_string()),
            }
        }
    } else {
        Outcome::Failed("not a plain file: cannot rewrite it in place".into())
    };
    FileResult {
        name: input.name.to_string(),
        diagnostics: converted.diagnostics,
        outcome,
    }
}

/// Tallies of a run.
#[derive(Default)]
struct Tally {
    counts: Counts,
    rewritten: u64,
    unchanged: u64,
    kept: u64,
    failed: u64,
}

/// Runs a rewriting subcommand: `convert` turns each input into new text.
pub fn main(
    command: &str,
    args: &OutputArgs,
    common: &Common,
    convert: impl Fn(&Input) -> Converted + Sync,
) -> Status {
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut tally = Tally::default();
    let totals = run::run(
        &args.inputs.paths,
        common,
        |input| deliver(input, convert(input), args),
        |file, progress| consume(file, progress, common.quiet, &mut tally, &mut out),
    );
    let flushed = out.flush();
    if !common.quiet && args.in_place {
        eprintln!(
            "sgf {command}: {} files: {} rewritten, {} unchanged, {} not written (errors), {} failed",
            totals.files, tally.rewritten, tally.unchanged, tally.kept, tally.failed
        );
    }
    let io = totals.status();
    if io != Status::Ok || tally.failed > 0 || flushed.is_err() {
        Status::Trouble
    } else if tally.counts.errors > 0 {
        Status::Errors
    } else {
        Status::Ok
    }
}

fn consume(
    file: FileResult,
    progress: &Progress,
    quiet: bool,
    tally: &mut Tally,
    out: &mut impl Write,
) -> io::Result<()> {
    tally.counts.add(Counts::of(&file.diagnostics));
    for diagnostic in &file.diagnostics {
        if diagnostic.severity == Severity::Error || !quiet {
            progress.eprintln(&diagnostic.render(&file.name));
        }
    }
    match file.outcome {
        Outcome::Printed(text) => out.write_all(&text)?,
        Outcome::Rewritten => tally.rewritten += 1,
        Outcome::Unchanged => tally.unchanged += 1,
        Outcome::Kept => {
            tally.kept += 1;
            progress.eprintln(&format!(
                "sgf: {}: not written: it has errors (--force writes what could be read)",
                file.name
            ));
        }
        Outcome::Failed(error) => {
            tally.failed += 1;
            progress.eprintln(&format!("sgf: {}: {error}", file.name));
        }
    }
    Ok(())
}
