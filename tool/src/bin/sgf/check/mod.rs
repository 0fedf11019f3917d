//! `sgf check`: validate, one line per problem, then a summary.

mod idents;
mod rules;
mod semantic;

use std::io::{self, Write};
use std::ops::Range;

use sgf_stream::charset::CharsetSource;
use sgf_stream::Event;

use crate::run::Policied;
use crate::run::{self, Totals};
use crate::{Common, Inputs, Status};
use rules::{RulesChoice, Walk};
use semantic::{Ignore, Semantic};
use sgf_tool::collection::Delivery;
use sgf_tool::collection::Policy;
use sgf_tool::collection::{Ctx, Depth, Job, Note, Visit};
use sgf_tool::diagnostics::{Counts, Severity};

/// The code of the note for a charset that was guessed.
const GUESSED: &str = "guessed-charset";

/// Arguments of `sgf check`.
#[derive(Debug, clap::Args)]
#[command(after_long_help = codes_help())]
pub struct CheckArgs {
    #[command(flatten)]
    inputs: Inputs,
    #[command(flatten)]
    strictness: crate::diag::Strictness,
    /// Also replay every game, every variation, on a Go board and report
    /// the moves the rules refuse, by RULES (`--rules` alone: each game's
    /// `RU`, else Japanese).
    #[arg(long, value_enum, value_name = "RULES", num_args = 0..=1, require_equals = true, default_missing_value = "auto")]
    rules: Option<RulesChoice>,
    /// Do not report problems with this code (see the list below); may
    /// be given several times, or as a comma-separated list.
    #[arg(long, value_name = "CODE", value_delimiter = ',', value_parser = parse_code)]
    ignore: Vec<&'static str>,
}

/// Every code `--ignore` takes.
fn all_codes() -> impl Iterator<Item = &'static (&'static str, Severity, &'static str)> {
    const NOTE: &[(&str, Severity, &str)] = &[(
        GUESSED,
        Severity::Note,
        "a game with no usable CA whose charset was guessed from its bytes",
    )];
    semantic::CODES.iter().chain(rules::CODES).chain(NOTE)
}

fn parse_code(code: &str) -> Result<&'static str, String> {
    all_codes()
        .map(|(known, _, _)| *known)
        .find(|known| *known == code)
        .ok_or_else(|| format!("unknown code `{code}` (see `sgf check --help`)"))
}

/// The list of codes and severities, for `--help`.
fn codes_help() -> String {
    let mut text = String::from(
        "Severity: an error is a problem that changed or lost data while reading \
         (skipped text, a value cut at the end of the file, a dropped game or \
         property, bytes invalid in the charset replaced) or that breaks a rule of \
         FF[4] readers cannot follow; a warning is a repair that kept every value \
         (lowercase FF[3] identifiers, a missing `)` at the end of the file, values \
         merged) or something that looks wrong; a note is worth knowing. `sgf check` \
         exits with status 1 when it found an error, 2 when a file could not be read.\n\n\
         Checks, each with the code that --ignore takes:\n",
    );
    for (code, severity, meaning) in all_codes() {
        text += &format!("  {code:<20} {severity:<8} {meaning}\n");
    }
    text
}

struct CheckJob {
    mode: Policy,
    rules: Option<RulesChoice>,
    ignore: Ignore,
}

/// What checking a piece does: the checks of values, the replay if
/// asked, and a note for each game whose charset was guessed.
struct CheckVisitor {
    semantic: Semantic,
    walk: Option<Walk>,
    ignore: Ignore,
    depth: Depth,
}

impl Job for CheckJob {
    type Visitor = CheckVisitor;

    fn visitor(&self) -> CheckVisitor {
        CheckVisitor {
            semantic: Semantic::new(self.mode, self.ignore.clone()),
            walk: self.rules.map(Walk::new),
            ignore: self.ignore.clone(),
            depth: Depth::default(),
        }
    }
}

impl Policied for CheckJob {
    fn policy(&self) -> Policy {
        self.mode
    }
}

impl CheckVisitor {
    /// A game tree opens or closes: a game whose charset was guessed is
    /// noted as it opens.
    #[inline(never)]
    fn tree(&mut self, event: &Event<'_>, at: u64, ctx: &Ctx<'_>, notes: &mut Vec<Note>) {
        if self.depth.step(event) && !self.ignore.contains(&GUESSED) {
            let report = ctx.charset(at);
            if report.source == CharsetSource::Detected && report.declared.is_none() {
                notes.push(Note {
                    at,
                    code: GUESSED,
                    severity: Severity::Note,
                    message: format!("{GUESSED}: no CA: read as {}", report.charset.name()),
                });
            }
        }
    }
}

impl Visit for CheckVisitor {
    type Out = ();

    #[inline(always)]
    fn event(&mut self, event: &Event<'_>, span: Range<u64>, ctx: &Ctx<'_>, notes: &mut Vec<Note>) {
        if let Event::StartGameTree | Event::EndGameTree = event {
            self.tree(event, span.start, ctx, notes);
        }
        self.semantic.event(event, span.clone(), notes);
        if let Some(walk) = &mut self.walk {
            walk.event(event, span);
            walk.take_notes(notes, &self.ignore);
        }
    }

    fn take(&mut self, _: &Ctx<'_>, notes: &mut Vec<Note>) {
        if let Some(walk) = &mut self.walk {
            walk.flush();
            walk.take_notes(notes, &self.ignore);
        }
    }
}

/// Runs `sgf check`.
pub fn main(args: &CheckArgs, common: &Common) -> Status {
    let job = CheckJob {
        mode: args.strictness.policy(),
        rules: args.rules,
        ignore: args.ignore.clone().into(),
    };
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut games = 0;
    let mut counts = Counts::default();
    let mut failed_files = 0;
    let mut file_errors = 0;
    // The charset last guessed in the input: a guess is noted once, and
    // again only when it changes.
    let mut guessed: Option<String> = None;
    let sources = crate::run::Sources::Paths(&args.inputs.paths);
    let totals = run::run(sources, common, &job, |delivery, _| {
        match delivery {
            Delivery::Begin(_) => {
                file_errors = 0;
                guessed = None;
            }
            Delivery::Piece(input, done) => {
                games += done.games;
                for diagnostic in &done.diagnostics {
                    if let Some(charset) = diagnostic.message.strip_prefix(GUESSED) {
                        if guessed.as_deref() == Some(charset) {
                            continue;
                        }
                        guessed = Some(charset.to_string());
                    }
                    counts.add(Counts::of(std::slice::from_ref(diagnostic)));
                    file_errors += (diagnostic.severity == Severity::Error) as u64;
                    writeln!(out, "{}", diagnostic.render(&input.name))?;
                }
            }
            Delivery::End(_, _) => failed_files += (file_errors > 0) as u64,
            Delivery::Failed { .. } => {}
        }
        Ok(())
    });
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
        "{} files ({} with errors), {} games, {} errors, {} warnings, {} notes",
        totals.files, failed_files, games, counts.errors, counts.warnings, counts.notes
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
