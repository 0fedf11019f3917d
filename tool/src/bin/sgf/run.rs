//! Running a subcommand over its inputs: the library's [`Collection`]
//! with the tool's options, progress bar and messages.

use std::io;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::sync::Arc;

use sgf_tool::collection::{self, Collection, Delivery, Done, Input, Job, Policy, Source, Visit};

use crate::progress::Progress;
use crate::{Common, Status};

/// Where the inputs come from.
#[derive(Debug, Clone, Copy)]
pub enum Sources<'a> {
    /// The PATH arguments.
    Paths(&'a [PathBuf]),
    /// The sample games built into the tool.
    Samples,
}

/// The sample games built into the tool: the files of the source's
/// `tests/data`.
const SAMPLES: &[(&str, &[u8])] = &[
    (
        "collection.sgf",
        include_bytes!("../../../../tests/data/collection.sgf"),
    ),
    (
        "crlf.sgf",
        include_bytes!("../../../../tests/data/crlf.sgf"),
    ),
    (
        "game1.sgf",
        include_bytes!("../../../../tests/data/game1.sgf"),
    ),
    (
        "game2.sgf",
        include_bytes!("../../../../tests/data/game2.sgf"),
    ),
    (
        "variations.sgf",
        include_bytes!("../../../../tests/data/variations.sgf"),
    ),
];

impl Sources<'_> {
    /// The library's sources.
    fn to_sources(self) -> Vec<Source> {
        match self {
            Sources::Paths(paths) => Source::paths(paths.iter().cloned()),
            Sources::Samples => SAMPLES
                .iter()
                .map(|(name, bytes)| Source::Bytes {
                    name: format!("<samples>/{name}"),
                    bytes: bytes::Bytes::from_static(bytes),
                })
                .collect(),
        }
    }
}

/// What a whole run did, apart from the subcommand's own results.
#[derive(Debug, Default, Clone, Copy)]
pub struct Totals {
    /// The library's totals.
    pub run: collection::Totals,
    /// Whether the output could not be written and the run stopped early.
    pub aborted: bool,
}

impl std::ops::Deref for Totals {
    type Target = collection::Totals;

    fn deref(&self) -> &collection::Totals {
        &self.run
    }
}

impl Totals {
    /// The exit status that I/O problems call for, if any.
    pub fn status(&self) -> Status {
        if self.run.unreadable > 0 || self.aborted {
            Status::Trouble
        } else {
            Status::Ok
        }
    }
}

/// A subcommand's job and how strictly it reads.
pub trait Policied: Job {
    /// Strict, or strict then lenient.
    fn policy(&self) -> Policy;
}

/// Runs `job` on every input of `sources`, read by its policy, and hands
/// the results to `consume` in input order, with the progress bar (to
/// print on standard error through it). Unreadable inputs are reported
/// on standard error with their names and skipped. If `consume` fails
/// (the output cannot be written), the run stops.
pub fn run<J: Policied>(
    sources: Sources<'_>,
    common: &Common,
    job: &J,
    mut consume: impl FnMut(Delivery<<J::Visitor as Visit>::Out>, &Progress) -> io::Result<()>,
) -> Totals {
    let sources = sources.to_sources();
    let progress = Arc::new(Progress::new(common.quiet, || {
        collection::total_size(&sources)
    }));
    let mut collection = Collection::new().policy(job.policy());
    if let Some(jobs) = common.jobs {
        collection = collection.jobs(jobs as usize);
    }
    let counter = progress.clone();
    let collection = collection.on_read(move |bytes| counter.add(bytes));
    let mut aborted = false;
    let run = collection.run(&sources, job, |delivery| {
        if let Delivery::Failed { name, error } = &delivery {
            progress.eprintln(&format!("sgf: {name}: {error}"));
        }
        match consume(delivery, &progress) {
            Ok(()) => ControlFlow::Continue(()),
            Err(err) => {
                if err.kind() != io::ErrorKind::BrokenPipe {
                    progress.eprintln(&format!("sgf: cannot write the output: {err}"));
                }
                aborted = true;
                ControlFlow::Break(())
            }
        }
    });
    progress.finish();
    Totals { run, aborted }
}

/// The input and piece a delivery carries, for the subcommands that act
/// on pieces alone: `begin` sees each input as it starts; an input's end
/// and a failed input (reported by [`run`]) give `None`.
pub fn piece<O>(
    delivery: Delivery<O>,
    begin: impl FnOnce(&Arc<Input>),
) -> Option<(Arc<Input>, Done<O>)> {
    match delivery {
        Delivery::Begin(input) => {
            begin(&input);
            None
        }
        Delivery::End(..) | Delivery::Failed { .. } => None,
        Delivery::Piece(input, done) => Some((input, done)),
    }
}
