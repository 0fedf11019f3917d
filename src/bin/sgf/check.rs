//! `sgf check`: validate, one line per problem, then a summary.

use std::io::{self, Write};

use crate::diag::{self, Counts, Diagnostic, Mode};
use crate::rules::RulesChoice;
use crate::run::{self, Input, Totals};
use crate::{Common, Inputs, Status};

/// Arguments of `sgf check`.
#[derive(Debug, clap::Args)]
pub struct CheckArgs {
    #[command(flatten)]
    inputs: Inputs,
    /// Treat the exercise's strict rules as errors (default: lenient, with
    /// warnings for what was repaired).
    #[arg(long)]
    strict: bool,
    /// Also replay every game, every variation, on a Go board and report
    /// the moves the rules refuse, by RULES (`--rules` alone: each game's
    /// `RU`, else Japanese). Codes: illegal-occupied, illegal-ko,
    /// illegal-suicide, illegal-superko, illegal-off-board, bad-value
    /// (errors); wrong-turn, not-go (warnings).
    #[arg(long, value_enum, value_name = "RULES", num_args = 0..=1, require_equals = true, default_missing_value = "auto")]
    rules: Option<RulesChoice>,
}

/// What checking one input found.
struct FileCheck {
    name: String,
    games: u64,
    diagnostics: Vec<Diagnostic>,
}

fn check_input(input: &Input, mode: Mode, rules: Option<RulesChoice>) -> FileCheck {
    let (parsed, mut diagnostics) = diag::parse_trees(input.data, mode);
    if let (Some(_), Some(rules)) = (&parsed, rules) {
        diagnostics.extend(crate::rules::diagnostics(input.data, mode, rules));
        diagnostics.sort_by_key(|d| d.position.offset);
    }
    FileCheck {
        name: input.name.to_string(),
        games: parsed.map_or(0, |parsed| parsed.trees.len() as u64),
        diagnostics,
    }
}

/// Runs `sgf check`.
pub fn main(args: &CheckArgs, common: &Common) -> Status {
    let mode = Mode::from_flag(args.strict);
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut games = 0;
    let mut counts = Counts::default();
    let mut failed_files = 0;
    let totals = run::run(
        &args.inputs.paths,
        common,
        |input| check_input(input, mode, args.rules),
        |file, _| {
            games += file.games;
            let file_counts = Counts::of(&file.diagnostics);
            failed_files += (file_counts.errors > 0) as u64;
            counts.add(file_counts);
            for diagnostic in &file.diagnostics {
                writeln!(out, "{}", diagnostic.render(&file.name))?;
            }
            Ok(())
        },
    );
    if !common.quiet && !totals.aborted {
        let _ = writeln!(out, "{}", summary(&totals, games, counts, failed_files));
    }
    if out.flush().is_err() {
        return Status::Trouble;
    }
    status(&totals, counts)
}

/// The exit status: I/O problems first, then errors.
pub fn status(totals: &Totals, counts: Counts) -> Status {
    let io = totals.status();
    if io != Status::Ok {
        io
    } else if counts.errors > 0 {
        Status::Errors
    } else {
        Status::Ok
    }
}

fn summary(totals: &Totals, games: u64, counts: Counts, failed_files: u64) -> String {
    let mut line = format!(
        "{} files ({} with errors), {} games, {} errors, {} warnings",
        totals.files, failed_files, games, counts.errors, counts.warnings
    );
    if totals.unreadable > 0 {
        line += &format!(", {} unreadable", totals.unreadable);
    }
    line += &format!(
        "; {:.1} MB in {:.2} s, {:.1} MB/s",
        totals.bytes as f64 / 1e6,
        totals.elapsed.as_secs_f64(),
        totals.mb_per_s()
    );
    line
}
