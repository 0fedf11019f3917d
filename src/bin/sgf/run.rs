//! The job runner: inputs read and processed in parallel on a rayon pool,
//! results handed back in input order.
//!
//! Inputs arrive in order from [`sources::visit`]; they are gathered into
//! batches (a few hundred files, or some MiB of archive members), each
//! batch is processed in parallel, and its results are consumed in order
//! on the calling thread. Memory stays bounded by a batch; output order is
//! the order of the inputs, whatever the number of threads.

use std::io;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use rayon::prelude::*;

use crate::progress::Progress;
use crate::sources::{self, Source};
use crate::{Common, Status};

/// Most inputs in one batch.
const BATCH_FILES: usize = 256;
/// Most bytes of already-loaded inputs (archive members, stdin) in one
/// batch.
const BATCH_BYTES: usize = 32 << 20;

/// One input, read: what a subcommand's work function sees.
pub struct Input<'a> {
    /// The name for messages: a path, `<stdin>`, or `archive:member`.
    pub name: &'a str,
    /// The file's path when it is a plain file (so it can be rewritten in
    /// place).
    pub path: Option<&'a Path>,
    /// The file's bytes.
    pub data: &'a [u8],
}

/// What a whole run did, apart from the subcommand's own results.
#[derive(Debug, Default, Clone, Copy)]
pub struct Totals {
    /// Inputs read and processed.
    pub files: u64,
    /// Inputs that could not be read (each reported on standard error).
    pub unreadable: u64,
    /// Bytes read.
    pub bytes: u64,
    /// Wall-clock time of the run.
    pub elapsed: Duration,
    /// Whether the output could not be written and the run stopped early.
    pub aborted: bool,
}

impl Totals {
    /// Throughput in MB/s (10^6 bytes per second) over the whole run.
    pub fn mb_per_s(&self) -> f64 {
        self.bytes as f64 / 1e6 / self.elapsed.as_secs_f64().max(1e-9)
    }

    /// The exit status that I/O problems call for, if any.
    pub fn status(&self) -> Status {
        if self.unreadable > 0 || self.aborted {
            Status::Trouble
        } else {
            Status::Ok
        }
    }
}

/// Runs `work` on every input named by `paths`, in parallel, and hands its
/// results to `consume` in input order, with the progress bar (to print on
/// standard error through it). Unreadable inputs are reported on standard
/// error with their names and skipped. If `consume` fails (the output
/// cannot be written), the run stops.
pub fn run<R: Send>(
    paths: &[PathBuf],
    common: &Common,
    work: impl Fn(&Input) -> R + Sync,
    mut consume: impl FnMut(R, &Progress) -> io::Result<()>,
) -> Totals {
    let pool = match rayon::ThreadPoolBuilder::new()
        .num_threads(common.jobs.unwrap_or(0) as usize)
        .build()
    {
        Ok(pool) => pool,
        Err(err) => {
            eprintln!("sgf: cannot start worker threads: {err}");
            std::process::exit(Status::Trouble as i32);
        }
    };
    let progress = Progress::new(common.quiet);
    let started = Instant::now();
    let mut totals = Totals::default();
    let mut batch = Vec::new();
    let mut batch_bytes = 0;
    let mut flush = |batch: &mut Vec<Source>, totals: &mut Totals| {
        let results: Vec<_> = pool.install(|| {
            batch
                .par_iter()
                .map(|source| process(source, &work, &progress))
                .collect()
        });
        consume_batch(results, totals, &progress, &mut consume);
        batch.clear();
        if totals.aborted {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    };
    sources::visit(paths, &mut |source| {
        if let Source::Loaded { data, .. } = &source {
            batch_bytes += data.len();
        }
        batch.push(source);
        if batch.len() >= BATCH_FILES || batch_bytes >= BATCH_BYTES {
            batch_bytes = 0;
            return flush(&mut batch, &mut totals);
        }
        ControlFlow::Continue(())
    });
    if !batch.is_empty() {
        let _ = flush(&mut batch, &mut totals);
    }
    progress.finish();
    totals.elapsed = started.elapsed();
    totals
}

/// The outcome of one input: its size and the work's result, or why it
/// could not be read.
type Processed<R> = Result<(u64, R), (String, String)>;

fn process<R>(source: &Source, work: &impl Fn(&Input) -> R, progress: &Progress) -> Processed<R> {
    let result = match source {
        Source::File(path) => {
            let name = path.display().to_string();
            match std::fs::read(path) {
                Ok(data) => Ok((data.len() as u64, work(&input(&name, Some(path), &data)))),
                Err(err) => Err((name, err.to_string())),
            }
        }
        Source::Loaded { name, data } => Ok((data.len() as u64, work(&input(name, None, data)))),
        Source::Failed { name, error } => Err((name.clone(), error.clone())),
    };
    progress.advance(result.as_ref().map_or(0, |(bytes, _)| *bytes));
    result
}

fn input<'a>(name: &'a str, path: Option<&'a Path>, data: &'a [u8]) -> Input<'a> {
    Input { name, path, data }
}

fn consume_batch<R>(
    results: Vec<Processed<R>>,
    totals: &mut Totals,
    progress: &Progress,
    consume: &mut impl FnMut(R, &Progress) -> io::Result<()>,
) {
    for result in results {
        match result {
            Ok((bytes, result)) => {
                totals.files += 1;
                totals.bytes += bytes;
                if let Err(err) = consume(result, progress) {
                    if err.kind() != io::ErrorKind::BrokenPipe {
                        progress.eprintln(&format!("sgf: cannot write the output: {err}"));
                    }
                    totals.aborted = true;
                    return;
                }
            }
            Err((name, error)) => {
                totals.unreadable += 1;
                progress.eprintln(&format!("sgf: {name}: {error}"));
            }
        }
    }
}
