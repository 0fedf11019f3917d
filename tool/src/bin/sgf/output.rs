//! Where `fmt`, `convert` and `mainline` put each input's new text:
//! standard output, the file itself (`--in-place`), or a file under
//! `--out-dir` at the input's path below its PATH (a record in another
//! format as a `.sgf` file). Files are written beside their target and
//! renamed over it once complete; an input whose reading found errors is
//! not written to a file, and under `--out-dir` an existing file is not
//! replaced, unless `--force`.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use sgf_stream::formats::Format;

use crate::diag;
use crate::inplace::{NotReplaced, Staged};
use crate::progress::Progress;
use crate::run::Sources;
use crate::run::{self, Policied};
use crate::{Common, Inputs, Status};
use sgf_tool::collection::Delivery;
use sgf_tool::collection::Input;
use sgf_tool::collection::Policy;
use sgf_tool::collection::Visit;
use sgf_tool::diagnostics::Counts;

/// Where the new text goes, and when it may.
#[derive(Debug, Clone, clap::Args)]
pub struct OutputArgs {
    #[command(flatten)]
    pub inputs: Inputs,
    /// Rewrite each file in place (a temporary file beside it, fsync,
    /// rename) instead of printing to standard output.
    #[arg(short = 'i', long, conflicts_with = "out_dir")]
    pub in_place: bool,
    /// Write each input to a file under DIR, at its path below the PATH
    /// it was found in (an archive's members below the archive's name; a
    /// GIB, NGF or UGF record as NAME.sgf), instead of printing to
    /// standard output. Existing files are not replaced (see --force).
    #[arg(long, value_name = "DIR")]
    pub out_dir: Option<PathBuf>,
    /// Write files even for inputs whose reading found errors (what could
    /// be read, repaired), and replace existing files under --out-dir.
    /// Standard output always gets what was read.
    #[arg(long)]
    pub force: bool,
    #[command(flatten)]
    pub strictness: crate::diag::Strictness,
}

impl OutputArgs {
    /// How inputs are read.
    pub fn mode(&self) -> Policy {
        self.strictness.policy()
    }

    /// Where the new text of `input` goes (`None`: standard output).
    fn target(&self, input: &Input) -> Option<Result<PathBuf, String>> {
        if self.in_place {
            if input.format != Format::Sgf {
                let format = input.format;
                return Some(Err(format!(
                    "{format} record: not rewritten in place as SGF (--out-dir writes it as .sgf)"
                )));
            }
            return Some(
                input
                    .path
                    .clone()
                    .ok_or_else(|| "not a plain file: cannot rewrite it in place".to_string()),
            );
        }
        let dir = self.out_dir.as_ref()?;
        Some(Ok(match input.format {
            Format::Sgf => dir.join(&input.rel),
            _ => dir.join(input.rel.with_extension("sgf")),
        }))
    }

    /// Starts the file at `target`: replacing what is there only in place
    /// or with `--force`.
    fn stage(&self, target: &Path) -> std::io::Result<Staged> {
        match self.in_place || self.force {
            true => Staged::new(target),
            false => Staged::create(target),
        }
    }
}

/// New text for an input, in pieces: what a rewriting subcommand gives.
pub trait Text {
    /// The bytes to write.
    fn bytes(&self) -> &[u8];
}

impl Text for Vec<u8> {
    fn bytes(&self) -> &[u8] {
        self
    }
}

/// Where one input's text is going.
enum Dest {
    Stdout,
    File(Staged),
    /// It could not be opened: nothing is written.
    Failed,
}

/// Tallies of a run.
#[derive(Default)]
struct Tally {
    counts: Counts,
    written: u64,
    unchanged: u64,
    kept: u64,
    failed: u64,
}

/// Runs a rewriting subcommand: `job` turns each piece into new text.
pub fn main<J: Policied>(command: &str, args: &OutputArgs, common: &Common, job: &J) -> Status
where
    <J::Visitor as Visit>::Out: Text,
{
    let mut out = io::BufWriter::with_capacity(1 << 20, io::stdout().lock());
    let mut tally = Tally::default();
    let mut dest = Dest::Stdout;
    let mut errors = 0;
    let sources = Sources::Paths(&args.inputs.paths);
    let totals = run::run(sources, common, job, |delivery, progress| {
        match delivery {
            Delivery::Begin(input) => {
                errors = 0;
                dest = match args.target(&input) {
                    None => Dest::Stdout,
                    Some(target) => open(args, target, &input, progress, &mut tally),
                };
            }
            Delivery::Piece(input, done) => {
                let counts =
                    diag::print_on_stderr(&done.diagnostics, &input.name, common.quiet, progress);
                errors += counts.errors;
                tally.counts.add(counts);
                match &mut dest {
                    Dest::Stdout => out.write_all(done.out.bytes())?,
                    Dest::File(file) => {
                        if let Err(err) = file.write(done.out.bytes()) {
                            progress.eprintln(&format!("sgf: {}: {err}", input.name));
                            tally.failed += 1;
                            if let Dest::File(file) = std::mem::replace(&mut dest, Dest::Failed) {
                                file.discard();
                            }
                        }
                    }
                    Dest::Failed => {}
                }
            }
            Delivery::End(input, complete) => {
                let file = std::mem::replace(&mut dest, Dest::Stdout);
                if let Dest::File(file) = file {
                    finish(
                        file,
                        &input,
                        errors == 0 || args.force,
                        complete,
                        args,
                        progress,
                        &mut tally,
                    );
                }
            }
            Delivery::Failed { .. } => {}
        }
        Ok(())
    });
    let flushed = out.flush();
    if !common.quiet && (args.in_place || args.out_dir.is_some()) {
        eprintln!(
            "sgf {command}: {} files: {} written, {} unchanged, {} not written (errors), {} failed",
            totals.files, tally.written, tally.unchanged, tally.kept, tally.failed
        );
    }
    if totals.status() != Status::Ok || tally.failed > 0 || flushed.is_err() {
        Status::Trouble
    } else if tally.counts.errors > 0 {
        Status::Errors
    } else {
        Status::Ok
    }
}

/// The file the new text of `input` goes to.
fn open(
    args: &OutputArgs,
    target: Result<PathBuf, String>,
    input: &Input,
    progress: &Progress,
    tally: &mut Tally,
) -> Dest {
    let opened = target.and_then(|target| {
        if let Some(dir) = target.parent() {
            std::fs::create_dir_all(dir).map_err(|err| format!("{}: {err}", dir.display()))?;
        }
        args.stage(&target).map_err(|err| message(&err))
    });
    match opened {
        Ok(file) => Dest::File(file),
        Err(err) => {
            progress.eprintln(&format!("sgf: {}: {err}", input.name));
            tally.failed += 1;
            Dest::Failed
        }
    }
}

/// The input is read: its file is put in place, or dropped.
fn finish(
    mut file: Staged,
    input: &Input,
    clean: bool,
    complete: bool,
    args: &OutputArgs,
    progress: &Progress,
    tally: &mut Tally,
) {
    if !complete {
        file.discard();
        return;
    }
    if !clean {
        file.discard();
        tally.kept += 1;
        progress.eprintln(&format!(
            "sgf: {}: not written: it has errors (--force writes what could be read)",
            input.name
        ));
        return;
    }
    if args.in_place && file.unchanged().unwrap_or(false) {
        file.discard();
        tally.unchanged += 1;
        return;
    }
    match file.commit() {
        Ok(()) => tally.written += 1,
        Err(err) => {
            tally.failed += 1;
            progress.eprintln(&format!("sgf: {}: {}", input.name, message(&err)));
        }
    }
}

/// What a failure to write a file says; for a file that exists, how to
/// replace it.
fn message(err: &std::io::Error) -> String {
    match NotReplaced::is(err) {
        true => format!("{err} (--force replaces it)"),
        false => err.to_string(),
    }
}
