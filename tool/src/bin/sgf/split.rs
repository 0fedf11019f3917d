//! `sgf split`: one file per game, in UTF-8 with its root `CA` saying
//! so, the layout kept: `DIR/<path below PATH, without .sgf>-<index>.sgf`,
//! the index from 0 as `sgf json` counts games.

use std::io;
use std::path::{Path, PathBuf};

use sgf_stream::formats::Format;
use sgf_stream::Charset;

use crate::convert::Convert;
use crate::diag;
use crate::inplace::Staged;
use crate::run::Sources;
use crate::run::{self, Policied};
use crate::{Common, Inputs, Status};
use sgf_tool::collection::Input;
use sgf_tool::collection::Job;
use sgf_tool::collection::Policy;
use sgf_tool::diagnostics::Counts;

/// Arguments of `sgf split`.
#[derive(Debug, clap::Args)]
pub struct SplitArgs {
    #[command(flatten)]
    inputs: Inputs,
    /// The folder to write the games to.
    #[arg(long, value_name = "DIR", required = true)]
    out_dir: PathBuf,
    #[command(flatten)]
    strictness: crate::diag::Strictness,
}

struct SplitJob(Policy);

impl Job for SplitJob {
    type Visitor = Convert;

    fn visitor(&self) -> Convert {
        Convert::new(Charset::Utf8)
    }
}

impl Policied for SplitJob {
    fn policy(&self) -> Policy {
        self.0
    }
}

/// Where game `index` of `input` goes under `dir` (a record in another
/// format named as its `.sgf` would be).
pub(crate) fn game_path(dir: &Path, input: &Input, index: u64) -> PathBuf {
    let rel = match input.format {
        Format::Sgf => input.rel.to_string_lossy(),
        _ => input
            .rel
            .with_extension("sgf")
            .to_string_lossy()
            .into_owned()
            .into(),
    };
    let stem = match rel.len() >= 4 && rel[rel.len() - 4..].eq_ignore_ascii_case(".sgf") {
        true => &rel[..rel.len() - 4],
        false => &rel[..],
    };
    dir.join(format!("{stem}-{index:04}.sgf"))
}

/// Writes one game's file.
pub(crate) fn write_game(path: &Path, game: &[u8]) -> io::Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let mut file = Staged::new(path)?;
    file.write(game)?;
    file.write(b"\n")?;
    file.commit()
}

/// Runs `sgf split`.
pub fn main(args: &SplitArgs, common: &Common) -> Status {
    let job = SplitJob(args.strictness.policy());
    let mut counts = Counts::default();
    let mut index = 0;
    let mut written = 0;
    let mut failed = 0;
    let sources = Sources::Paths(&args.inputs.paths);
    let totals = run::run(sources, common, &job, |delivery, progress| {
        let Some((input, done)) = run::piece(delivery, |_| index = 0) else {
            return Ok(());
        };
        let found = diag::print_on_stderr(&done.diagnostics, &input.name, common.quiet, progress);
        counts.add(found);
        for game in &done.out.games {
            let path = game_path(&args.out_dir, &input, index);
            index += 1;
            match write_game(&path, &done.out.text[game.clone()]) {
                Ok(()) => written += 1,
                Err(err) => {
                    failed += 1;
                    progress.eprintln(&format!("sgf: {}: {err}", path.display()));
                }
            }
        }
        Ok(())
    });
    if !common.quiet {
        eprintln!(
            "sgf split: {} files, {written} games written, {failed} failed",
            totals.files
        );
    }
    if totals.status() != Status::Ok || failed > 0 {
        Status::Trouble
    } else if counts.errors > 0 {
        Status::Errors
    } else {
        Status::Ok
    }
}
